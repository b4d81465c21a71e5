"""The Clerk's decision on an application: approval (or conditional approval), denial with the
appeal day, withdrawal."""

from __future__ import annotations

import html
from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from clerk_desk.desk import Action
from clerk_desk.vending import acts as vending_acts
from clerk_desk.vending import service as vending
from clerk_desk.vending.acts import VendingAct
from clerk_desk.vending.rules import PROCEDURE_CITE
from clerk_desk.vending.views import ApplicationRow, ReviewView
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit.dialog_parts import add_row, cite_link, follow_cite, info_label, plain_text
from ui.kit.fields import left_aligned
from ui.kit.meetings import ReasonForm
from ui.kit.operations import App, perform
from ui.kit.style import BAD
from ui.vending.checklist import ChecklistView, bullet_list
from ui.vending.common import act_refusal


class ApproveDialog(forms.FormDialog):
    """Approve the permit, or approve it conditionally; shows which requirements not yet due
    become conditions. The tab then prints the permit and the decision letter.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, application: ApplicationRow, review: ReviewView
    ) -> None:
        super().__init__(
            parent, f"Approve — {application.number}", save_text="Approve and issue permit"
        )
        self.app = app
        self.application = application
        self.setObjectName("approve_dialog")
        note = info_label("approve_note")
        note.setText(
            "Approve when every applicable requirement is clearly and unambiguously met in your "
            f"opinion, or approve conditionally ({cite_link(PROCEDURE_CITE)}). Conditions print on "
            "the permit."
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        self.blocked = bool(review.not_met)
        if review.not_met:
            blocked = info_label("not_met_warning", tone="warning")
            names = ", ".join(item.title for item in review.not_met)
            blocked.setText(
                f"<b style='color:{BAD}'>Not met: {html.escape(names)}.</b> The permit cannot "
                "be issued while a requirement is not met: meet it first, or state the matters "
                "in doubt, or deny."
            )
            self.add_top(blocked)
        self.checklist = ChecklistView(app, self, buttons=False)
        self.checklist.set_review(review, row=application)
        self.checklist.summary.setVisible(False)  # the notes above say what it means here
        self.checklist.setObjectName("approve_checklist")
        self.form.addRow(self.checklist)
        self.pending = QLabel()
        self.pending.setObjectName("pending_conditions")
        self.pending.setWordWrap(True)
        self.pending.setTextFormat(Qt.TextFormat.RichText)
        if review.conditions:
            self.pending.setText(
                "<b>These become conditions of the permit:</b>" + bullet_list(review.conditions)
            )
        else:
            self.pending.setVisible(False)
        self.form.addRow(self.pending)
        self.conditions = plain_text(
            "conditions",
            3,
            self,
            "Your own conditions, if any, e.g. No vending within 10 feet of a fire hydrant.",
        )
        add_row(self, "&Conditions", self.conditions, "conditions")
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("decision", message, self.conditions)
        self.finish_layout()
        if why := act_refusal(parent, app, application.id, VendingAct.APPROVE):
            self.set_read_only(why)
        elif self.blocked:
            self.save_button.setEnabled(False)
            self.save_button.setToolTip(
                "A requirement is not met: meet it, state the matters in doubt, or deny"
            )
        self.resize(780, self.sizeHint().height())
        self.conditions.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, application: ApplicationRow, review: ReviewView
    ) -> bool:
        return bool(forms.run_modal(cls(parent, app, application, review)))

    def commit(self) -> object:
        application_id, conditions = self.application.id, self.conditions.toPlainText()

        def work(action: Action) -> bool:
            vending.approve(action, application_id, conditions=conditions)
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "decision", keep=("conditions",)),
            errors=self.errors,
        )


class DenyDialog(forms.FormDialog):
    """Deny the application with reasons; the letter states the appeal right and its last day.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        application: ApplicationRow,
        review: ReviewView,
        appeal_by: date,
    ) -> None:
        super().__init__(parent, f"Deny — {application.number}", save_text="Deny")
        self.app = app
        self.application = application
        self.review = review
        self.setObjectName("deny_dialog")
        note = info_label("appeal_note")
        note.setText(
            "The applicant may appeal the denial to the Common Council. Appeals are filed with "
            "the City Clerk within seven days of your decision: denied today, the last day is "
            f"<b>{html.escape(format_day(appeal_by))}</b> ({cite_link(PROCEDURE_CITE)}). The "
            "denial letter says so."
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        self.reasons = plain_text("reasons", 5, self, "Why the permit is denied, for the letter")
        self.use_matters = QPushButton("Use the requirements &not met")
        self.use_matters.setObjectName("use_matters_button")
        self.use_matters.setToolTip("Write the checklist's unmet requirements into the reasons")
        self.use_matters.setEnabled(bool(review.matters))
        add_row(self, "&Reasons", self.reasons, "reasons")
        self.form.addRow("", left_aligned(self.use_matters))
        self.finish_layout()
        self.use_matters.clicked.connect(self.fill_reasons)
        if why := act_refusal(parent, app, application.id, VendingAct.DENY):
            self.set_read_only(why)
        self.resize(720, self.sizeHint().height())
        self.reasons.setFocus()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        application: ApplicationRow,
        review: ReviewView,
        appeal_by: date,
    ) -> bool:
        return bool(forms.run_modal(cls(parent, app, application, review, appeal_by)))

    def fill_reasons(self) -> None:
        typed = self.reasons.toPlainText().strip()
        lines = "\n".join(self.review.matters)
        self.reasons.setPlainText(f"{typed}\n{lines}" if typed else lines)

    def commit(self) -> object:
        application_id, reasons = self.application.id, self.reasons.toPlainText()

        def work(action: Action) -> bool:
            vending.deny(action, application_id, reasons=reasons)
            return True

        return perform(self, self.app, forms.as_field_error(work, "reasons"), errors=self.errors)


def withdraw(parent: QWidget | None, app: App, application: ApplicationRow) -> bool:
    return ReasonForm.ask(
        parent,
        app,
        title=f"Withdraw application {application.number}",
        note=f"{application.applicant}, {application.event}. The applicant withdraws it: it stays "
        "in the register, marked withdrawn"
        + (", and its permit no longer stands." if application.permitted else ".")
        + (
            " Nothing was decided on it: a permit fee not yet paid is cancelled."
            if application.undecided
            else ""
        ),
        save_text="Withdraw",
        placeholder="who withdrew it and how, e.g. phone call from the contact on 12/4",
        work=lambda a, why: vending.withdraw(a, application.id, reason=why),
        name="withdraw_dialog",
        refused=lambda a: vending_acts.acts(a, application.id)[VendingAct.WITHDRAW],
    )
