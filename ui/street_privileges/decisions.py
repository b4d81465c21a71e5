"""The dialogs of the acts before and at the decision (§ 506-9): the officials' advice, the terms,
City costs, issuance, refusal and withdrawal."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.money import Money
from clerk_desk.street_privileges import details as street_privileges_details
from clerk_desk.street_privileges import rules as street_privileges_rules
from clerk_desk.street_privileges import service as street_privileges
from clerk_desk.street_privileges.acts import PrivilegeAct
from clerk_desk.street_privileges.details import PrivilegeRow
from clerk_desk.street_privileges.review import ChecklistItem, ItemState
from clerk_desk.street_privileges.rules import (
    ADVISER_TITLES,
    BOND_CITE,
    BOND_LIMIT,
    FEE_CITE,
    TERMINATION_CITE,
    WHEN_REQUIRED_CITE,
)
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit.dialog_parts import cite_link, plain_text
from ui.kit.fields import ChooseDateEdit, left_aligned, money_edit
from ui.kit.operations import App, perform
from ui.kit.style import BAD, SECONDARY, text_sheet
from ui.street_privileges.parts import (
    COVERAGES,
    ActDialog,
    ReviewList,
    fit,
    form_row,
    preview_label,
    refit,
    room_of,
)


class AdviceDialog(ActDialog):
    """The advisory recommendation of the Chief of Police or the Building Inspector, which the
    Director of Public Works may ask for before issuing the permit."""

    core_act = PrivilegeAct.ADVICE

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(parent, app, row, "Advice", save_text="Record", name="advice_dialog")
        self.info(
            "The Director of Public Works may ask the Chief of Police and the Building "
            "Inspector for advisory recommendations before issuing the permit "
            f"({cite_link(WHEN_REQUIRED_CITE)})."
        )
        self.who = QComboBox()
        self.who.setObjectName("who")
        for key, title in ADVISER_TITLES.items():
            self.who.addItem(title, key)
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.advice = plain_text(
            "advice", 4, self, "e.g. No objection; keep the north lane open during school hours"
        )
        self.add_field("&From", left_aligned(self.who), "who")
        self.add_field("&Given on", left_aligned(self.on), "on")
        self.add_field("&Advice", self.advice, "advice")
        self._shown = ""
        self.who.currentIndexChanged.connect(lambda _i: self._show_earlier())
        self.done_building(660)
        self._show_earlier()
        self.advice.setFocus()

    def _show_earlier(self) -> None:
        """A second advice from the same official replaces the first: start from the first
        (unless the clerk has typed something of their own)."""
        earlier = (
            self.row.police_advice
            if self.who.currentData() == "police"
            else self.row.inspector_advice
        )
        if self.advice.toPlainText() in ("", self._shown):
            self.advice.setPlainText(earlier)
            self._shown = earlier

    def commit(self) -> object:
        who, advice, on = self.who.currentData(), self.advice.toPlainText(), forms.to_date(self.on)
        privilege_id = self.row.id
        return self.act(
            lambda a: street_privileges.record_advice(
                a, privilege_id, who=who, advice=advice, on=on
            ),
            "advice",
            keep=("on", "who"),
        )


class TermsDialog(ActDialog):
    """The terms the Director of Public Works sets before issuing: the amount of the bond (not
    more than $10,000), whether proof of liability insurance is a condition and in what amounts,
    and any other conditions, one a line."""

    core_act = PrivilegeAct.TERMS

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(parent, app, row, "Terms", save_text="Set terms", name="terms_dialog")
        self.info(
            "No permit is issued until the applicant files with the City Treasurer a bond not "
            f"exceeding <b>{BOND_LIMIT}</b> ({cite_link(BOND_CITE)}). City officials may attach "
            f"conditions, including proof of liability insurance ({cite_link(WHEN_REQUIRED_CITE)})."
        )
        self.bond = money_edit("bond_amount", "e.g. 5,000.00")
        if row.bond_amount is not None:
            self.bond.setText(row.bond_amount.format(symbol=False))
        self.bond_note = QLabel(f"at most {BOND_LIMIT}")
        self.bond_note.setStyleSheet(text_sheet(SECONDARY))
        self.insurance = QCheckBox("Proof of liability &insurance is a condition of the permit")
        self.insurance.setObjectName("insurance_required")
        self.insurance.setChecked(row.insurance_required)
        self.minimums: dict[CoverageKind, QLineEdit] = {}
        limits = QWidget()
        grid = QGridLayout(limits)
        grid.setContentsMargins(18, 0, 0, 0)
        grid.setVerticalSpacing(2)
        have = row.minimums
        for line, kind in enumerate(COVERAGES):
            edit = money_edit(f"minimum_{kind.value}", "none")
            if kind in have:
                edit.setText(have[kind].format(symbol=False))
            self.minimums[kind] = edit
            caption = QLabel(kind.label.capitalize())
            caption.setBuddy(edit)
            grid.addWidget(caption, line, 0)
            grid.addWidget(edit, line, 1)
        grid.setColumnStretch(2, 1)
        self.limits = limits
        self.conditions = plain_text(
            "conditions",
            4,
            self,
            "Other conditions, one a line, e.g. Barricades with flashing lights at both ends",
        )
        self.conditions.setPlainText(row.conditions)
        self.add_field("&Bond amount", form_row(self.bond, self.bond_note), "bond_amount")
        self.add_field("", self.insurance, "insurance_required")
        self.add_field("Minimum limits", limits, "insurance_minimums")
        self.add_field("Other &conditions", self.conditions, "conditions")
        self.insurance.toggled.connect(self.limits.setEnabled)
        self.limits.setEnabled(self.insurance.isChecked())
        self.done_building(700)
        self.bond.setFocus()

    def amounts(self) -> tuple[Money | None, dict[CoverageKind, Money]]:
        text = self.bond.text().strip()
        bond = Money.parse(text, field="bond_amount") if text else None
        minimums: dict[CoverageKind, Money] = {}
        if self.insurance.isChecked():
            for kind, edit in self.minimums.items():
                typed = edit.text().strip()
                if typed:
                    minimums[kind] = Money.parse(
                        typed, field="insurance_minimums", allow_zero=False
                    )
        return bond, minimums

    def commit(self) -> object:
        try:
            bond, minimums = self.amounts()
        except InvalidInput as error:
            self.errors.clear()
            self.errors.show(error)
            return None
        required, conditions, privilege_id = (
            self.insurance.isChecked(),
            self.conditions.toPlainText(),
            self.row.id,
        )
        return self.act(
            lambda a: street_privileges.set_terms(
                a,
                privilege_id,
                bond_amount=bond,
                insurance_required=required,
                insurance_minimums=minimums,
                conditions=conditions,
            ),
            "bond_amount",
            keep=("insurance_required", "insurance_minimums", "conditions"),
        )


class CityCostsDialog(ActDialog):
    """Actual City costs, billed to the applicant on top of the fee."""

    core_act = PrivilegeAct.CITY_COSTS

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(parent, app, row, "City costs", save_text="Bill", name="city_costs_dialog")
        self.info(
            "The fee is as prescribed in the City's fee schedule, plus any actual City costs "
            f"({cite_link(FEE_CITE)})."
        )
        self.amount = money_edit("amount", "e.g. 240.00")
        self.description = QLineEdit()
        self.description.setObjectName("description")
        self.description.setPlaceholderText("e.g. barricades and signs, 3 days; staff time")
        self.preview = preview_label("costs_preview")
        self.add_field("&Amount", left_aligned(self.amount), "amount")
        self.add_field("&For", self.description, "description")
        self.form.addRow(self.preview)
        self.amount.textChanged.connect(lambda _t: self.show_preview())
        self.done_building(640)
        self.show_preview()
        self.amount.setFocus()

    def show_preview(self) -> None:
        text = self.amount.text().strip()
        try:
            amount = Money.parse(text, field="amount") if text else None
        except InvalidInput as error:
            self.preview.setText(f"<span style='color:{BAD}'>{html.escape(error.message)}</span>")
            return
        if amount is None:
            self.preview.setText(f"Billed to <b>{html.escape(self.row.applicant)}</b>.")
            return
        self.preview.setText(
            f"<b>{amount}</b> billed to <b>{html.escape(self.row.applicant)}</b> as actual City "
            f"costs for {html.escape(self.row.number)}; it is paid at the Receipts counter."
        )

    def commit(self) -> object:
        text = self.amount.text().strip()
        try:
            amount = Money.parse(text, field="amount", allow_zero=False)
        except InvalidInput as error:
            self.errors.clear()
            self.errors.show(error)
            return None
        description, privilege_id = self.description.text(), self.row.id
        return self.act(
            lambda a: street_privileges.bill_city_costs(
                a, privilege_id, amount=amount, description=description
            ),
            "description",
            keep=("amount",),
        )


class IssueDialog(ActDialog):
    """Issue the permit as the Director of Public Works.

    Every requirement of § 506-9 is listed with what the core found; while one is not met the
    form says which and Issue stays off. The permit ends three months from today, or on an
    earlier day set on it at the discretion of the Common Council.
    """

    core_act = PrivilegeAct.ISSUE

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(
            parent, app, row, "Issue the permit", save_text="Issue permit", name="issue_dialog"
        )
        self.items: list[ChecklistItem] = []
        self.blocked: list[ChecklistItem] = []
        self.blocking = forms.banner("", tone="warning")
        self.blocking.setObjectName("blocking_banner")
        self.blocking.setVisible(False)
        self.review = ReviewList(app)
        self.review.setObjectName("issue_review")
        # The list scrolls rather than squeeze its lines when the screen is short; it is given
        # the height its lines need at its width once the form is shown (:meth:`size_review`).
        self.review_scroller = QScrollArea()
        self.review_scroller.setObjectName("review_scroller")
        self.review_scroller.setWidget(self.review)
        self.review.setAutoFillBackground(False)  # the group box's own background shows
        self.review_scroller.viewport().setAutoFillBackground(False)
        self.review_scroller.setWidgetResizable(True)
        self.review_scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        self.review_scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        box = QGroupBox("What § 506-9 asks before the permit is issued")
        box.setObjectName("review_box")
        inside = QVBoxLayout(box)
        inside.addWidget(self.review_scroller)
        self.form.addRow(box)
        self.today = app.desk.clock.today()
        self.earlier = ChooseDateEdit(lambda: self.today, name="earlier_end_on")
        self.earlier.setToolTip(
            "Only when the Common Council set an earlier termination date; leave it at choose… "
            "for the three months"
        )
        self.note = QLineEdit()
        self.note.setObjectName("note")
        self.note.setPlaceholderText("the Council's action, e.g. motion of Dec 14, 2026, item 9")
        self.term = QLabel()
        self.term.setObjectName("term")
        self.term.setWordWrap(True)
        self.term.setTextFormat(Qt.TextFormat.RichText)
        self.term.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.term.linkActivated.connect(app.open_link)
        self.add_field("Earlier &end", left_aligned(self.earlier), "earlier_end_on")
        self.add_field("Council &action", self.note, "note")
        self.form.addRow(self.term)
        message = forms.error_label()
        self.form.addRow(message)
        self.errors.add("decision", message, self.earlier)
        self.earlier.dateChanged.connect(lambda _d: self.show_review())
        self.done_building(800)
        self._layout.insertWidget(1, self.blocking)  # under the permit's line
        self._may_issue = self.save_button.isEnabled()  # False: read-only for this operator
        self.show_review()
        fit(self, 800)  # the review's items are in: size the form to them
        self.earlier.setFocus()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.size_review()

    def size_review(self) -> None:
        """Give the review the height its lines need at the width it has (at most about half
        the screen: beyond that it scrolls), and grow the form to hold it."""
        width = self.review_scroller.viewport().width()
        if not self.isVisible() or width <= 0:
            return
        needed = self.review.heightForWidth(width) if self.review.hasHeightForWidth() else 0
        needed = max(needed, self.review.minimumSizeHint().height())
        self.review_scroller.setMinimumHeight(min(needed, max(160, room_of(self) // 2)))
        refit(self)

    def show_review(self) -> None:
        """The requirements as they stand if the permit is issued now (the bond and the
        insurance judged over its term, to the earlier end when one is set), and the last day
        of the permit, both as the core counts them."""
        earlier, privilege_id = self.earlier.value(), self.row.id
        try:
            last = street_privileges_rules.ends_on(self.today, earlier)
        except InvalidInput as error:
            self.term.setText(f"<span style='color:{BAD}'>{html.escape(error.message)}</span>")
            earlier = None
        else:
            who = html.escape(self.app.operator.full_name)
            how = (
                "the earlier day set at the Common Council's discretion"
                if earlier
                else "three months from today"
            )
            self.term.setText(
                f"Issued today, recorded by <b>{who}</b> (the permit prints a blank line for "
                "the Director of Public Works or designee to sign): it ends automatically at the "
                "end of "
                f"<b>{html.escape(format_day(last))}</b>, {how} "
                f"({cite_link(TERMINATION_CITE)})."
            )

        def work(action: Action) -> list[ChecklistItem]:
            return street_privileges_details.issue_checklist(
                action, privilege_id, earlier_end_on=earlier
            )

        self.items = perform(self, self.app, work, writes=False) or []
        self.blocked = [i for i in self.items if i.state is ItemState.NOT_MET]
        self.review.set_items(self.items)
        self.size_review()
        if self.blocked:
            names = "; ".join(i.title for i in self.blocked)
            self.blocking.setText(f"The permit cannot be issued yet. Not met: {names}.")
        self.blocking.setVisible(bool(self.blocked))
        if self._may_issue:
            self.save_button.setEnabled(not self.blocked)
            self.save_button.setToolTip(
                "Meet the requirements marked Not met first" if self.blocked else ""
            )

    def commit(self) -> object:
        earlier, note, privilege_id = self.earlier.value(), self.note.text(), self.row.id

        def work(action: Action) -> int:
            street_privileges.issue(action, privilege_id, earlier_end_on=earlier, note=note)
            return privilege_id

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "decision", keep=("earlier_end_on", "note")),
            errors=self.errors,
        )


class ReasonDialog(ActDialog):
    """An act that needs only a reason: refuse the application, or record its withdrawal."""

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        row: PrivilegeRow,
        *,
        title: str,
        note: str,
        save_text: str,
        placeholder: str,
        core_act: PrivilegeAct,
        work: Callable[[Action, str], object],
        name: str,
    ) -> None:
        super().__init__(parent, app, row, title, save_text=save_text, name=name)
        self.core_act = core_act
        self.work = work
        self.add_top(forms.banner(note, tone="info"))
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText(placeholder)
        self.add_field("&Why", self.reason, "reason")
        self.done_building(680)
        self.reason.setFocus()

    def commit(self) -> object:
        reason = self.reason.text()
        return self.act(lambda a: self.work(a, reason), "reason")


def refuse(parent: QWidget | None, app: App, row: PrivilegeRow) -> bool:
    dialog = ReasonDialog(
        parent,
        app,
        row,
        title="Refuse the permit",
        note="The application stays in the register, marked refused, with the reason.",
        save_text="Refuse",
        placeholder="e.g. no building permit; the street is too narrow for a third to be used",
        core_act=PrivilegeAct.REFUSE,
        work=lambda a, why: street_privileges.refuse(a, row.id, reason=why),
        name="refuse_dialog",
    )
    return bool(forms.run_modal(dialog))


def withdraw(parent: QWidget | None, app: App, row: PrivilegeRow) -> bool:
    dialog = ReasonDialog(
        parent,
        app,
        row,
        title="Withdraw the application",
        note="The applicant withdraws the application: it stays in the register, marked withdrawn.",
        save_text="Withdraw",
        placeholder="who withdrew it and how, e.g. phone call from the contractor on 12/4",
        core_act=PrivilegeAct.WITHDRAW,
        work=lambda a, why: street_privileges.withdraw(a, row.id, reason=why),
        name="withdraw_dialog",
    )
    return bool(forms.run_modal(dialog))
