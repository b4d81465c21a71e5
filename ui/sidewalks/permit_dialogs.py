"""The Sidewalks forms about a permit: the application (and work under contract with the City), its
correction, issue, denial, the appeal to the Common Council and its decision, completion and
withdrawal. Every rule is the core's (clerk_desk.sidewalks): a form shows what it says."""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput, Refusals
from clerk_desk.kinds import (
    SidewalkWork,
)
from clerk_desk.lengths import format_length, parse_length
from clerk_desk.sidewalks import acts as sidewalk_acts
from clerk_desk.sidewalks import details as details_views
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.acts import PermitAct, RegisterAct
from clerk_desk.sidewalks.details import (
    DecisionRow,
    PermitRow,
)
from clerk_desk.sidewalks.service import (
    PERMIT_CITE,
    WHOLE_BLOCK_CITE,
    WIDTH_CITE,
    PermitData,
)
from clerk_desk.words import format_day, plural
from ui.kit import forms as forms
from ui.kit.dialog_parts import (
    MeetingPicker,
    RowActDialog,
    follow_cite,
    info_label,
    plain_text,
    reason_dialog,
    refit,
    widgets_row,
)
from ui.kit.dialog_parts import ReasonDialog as ReasonDialog
from ui.kit.fields import ChooseDateEdit, left_aligned, limited
from ui.kit.findings_view import FindingsView
from ui.kit.meetings import meeting_rows
from ui.kit.operations import App, core_refusal, perform
from ui.kit.pickers import ParcelPicker, PartyPicker, party_row
from ui.kit.style import (
    BAD,
    SECONDARY,
    marked,
    text_sheet,
)
from ui.sidewalks.parts import (
    MeetingChoice,
    choose_data,
    cite_link,
    decision_html,
    digits_edit,
    street_box,
    whole_number,
)


def form_refusal(action: Action, act: RegisterAct, permit_id: int | None) -> str | None:
    """The core's refusal of taking an application or recording City contract work (``act``,
    ``permit_id`` None), or of correcting the permit ``permit_id``."""
    if permit_id is None:
        return sidewalk_acts.register_acts(action)[act]
    return details_views.permit_acts(action, permit_id)[PermitAct.CORRECT]


class PermitDialog(forms.TwoColumnForm):
    """Take an application for a sidewalk permit, record work under contract with the City (no
    permit required), or correct either.

    While the clerk types, the form shows who pays for the work under the article's Cost of
    sidewalks as the current Sidewalk Master Plan reads for the street and number, and the first
    day the work may start on a permit issued today (seven days after).

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        *,
        city_contract: bool = False,
        row: PermitRow | None = None,
    ) -> None:
        city_contract = city_contract or (row is not None and row.city_contract)
        if row is not None:
            title, save = f"Correct {row.number}", "Save correction"
        elif city_contract:
            title, save = "Record sidewalk work under City contract", "Record City contract"
        else:
            title, save = "New sidewalk permit application", "Take application"
        super().__init__(parent, title, save_text=save, ratio=2)
        self.app = app
        self.row = row
        self.city_contract = city_contract
        self.setObjectName(
            "correct_permit_dialog"
            if row
            else ("city_contract_dialog" if city_contract else "permit_dialog")
        )
        self._add_banner(city_contract)
        self._build_who_and_where(parent, row, city_contract)
        cost_box = self._build_size_and_cost()
        self._lay_out_fields(city_contract, cost_box)
        self.finish_layout()

        self.offer_orders(row.repair_order_id if row is not None else None)
        self.parcel.parcel_changed.connect(lambda _p: self.offer_orders())
        if row is not None:
            self._fill(row)
        for box in (self.work, self.street, self.repair_order):
            box.currentIndexChanged.connect(lambda _i: self.show_cost())
        for check in (self.bike_lane, self.new_subdivision):
            check.toggled.connect(lambda _on: self.show_cost())
        self.number.textChanged.connect(lambda _t: self.show_cost())
        self.width_edit.textChanged.connect(lambda _t: self.show_width())
        self.starts.dateChanged.connect(lambda _d: self.show_start())
        if row is not None:  # a new form's cost was shown with its repair orders, above
            self.show_cost()
        self.show_width()
        self.show_start()
        row_id = row.id if row is not None else None
        act = RegisterAct.CITY_CONTRACT if city_contract else RegisterAct.NEW_PERMIT
        if why := core_refusal(parent, app, lambda a: form_refusal(a, act, row_id)):
            self.set_read_only(why)
        self.resize(1180, max(self.sizeHint().height(), 680))
        self.applicant.search_field.setFocus()

    def _add_banner(self, city_contract: bool) -> None:
        """What the form is for: a permit (no fee, seven days ahead) or a City contract."""
        if city_contract:
            self.add_top(
                forms.banner(
                    "Work by a contractor under contract with the City needs no sidewalk permit "
                    f"({PERMIT_CITE}). It is recorded here so the sidewalk's history is whole.",
                    tone="info",
                )
            )
        else:
            self.add_top(
                forms.banner(
                    "No fee is charged for a sidewalk permit. It must be obtained from the "
                    "Director of Public Works at least seven days before the work "
                    f"({PERMIT_CITE}).",
                    tone="info",
                )
            )

    def _build_who_and_where(
        self, parent: QWidget | None, row: PermitRow | None, city_contract: bool
    ) -> None:
        """Who applies, for which parcel and repair order, and where the work is."""
        app = self.app
        role = "contractor" if city_contract else "applicant"
        chosen = party_row(app, parent, row.applicant_id) if row is not None else None
        self.applicant = PartyPicker(app, role=role, chosen=chosen, name="applicant")
        self.parcel = ParcelPicker(app)
        self.parcel.setToolTip("The adjacent property: its owner pays when the plan does not")
        self.repair_order = QComboBox()
        self.repair_order.setObjectName("repair_order")
        self.repair_order.setToolTip(
            "The repair order this work carries out (Wis. Stat. § 66.0907): the owner ordered "
            "to repair or replace the sidewalk pays for it, plan or no plan"
        )
        self.work = QComboBox()
        self.work.setObjectName("work")
        for work in SidewalkWork:
            self.work.addItem(work.label, work)
        self.street = street_box(app, self)
        self.number = digits_edit("address_number", "e.g. 118", chars=7)
        self.number.setToolTip(
            "The street number in front of which the work is: its side and place decide "
            "whether the Sidewalk Master Plan shows the sidewalk"
        )
        self.location = limited(QLineEdit(), details_views.PERMIT_LENGTHS["location"])
        self.location.setObjectName("location")
        self.location.setPlaceholderText("e.g. in front of 118 Orange St N, 60 ft from the corner")
        self.bike_lane = QCheckBox("&Bicycle lane (not a sidewalk)")
        self.bike_lane.setObjectName("bike_lane")
        self.commercial = QCheckBox("Co&mmercial or industrial frontage")
        self.commercial.setObjectName("commercial")
        self.commercial.setToolTip(
            "Commercial walks are five inches thick (seven at driveway approaches), their "
            f"width set by the Council ({WIDTH_CITE})"
        )
        self.new_subdivision = QCheckBox("In a new s&ubdivision or development")
        self.new_subdivision.setObjectName("new_subdivision")
        self.new_subdivision.setToolTip("Paid by the land divider under Chapter 510")

    def _build_size_and_cost(self) -> QGroupBox:
        """The walk's size, who does the work and when, and who pays, with its findings."""
        app = self.app
        today = app.desk.clock.today
        self.length = QSpinBox()
        self.length.setObjectName("length_ft")
        self.length.setRange(0, 10_000)
        self.length.setSpecialValueText("—")
        self.length.setSuffix(" ft")
        self.length.setToolTip("Whole feet along the street; leave — when not known")
        self.width_edit = digits_edit("width_in", "4 1/2", chars=9)
        self.width_edit.setToolTip('Feet ("4 1/2", "5 ft") or inches ("54 in")')
        self.width_read = QLabel()
        self.width_read.setObjectName("width_read")
        self.width_read.setStyleSheet(text_sheet(SECONDARY))
        self.contractor = limited(QLineEdit(), details_views.PERMIT_LENGTHS["contractor_name"])
        self.contractor.setObjectName("contractor_name")
        self.contractor.setPlaceholderText("who does the work, if not the applicant")
        self.starts = ChooseDateEdit(today, name="work_starts_on")
        self.start_note = QLabel()
        self.start_note.setObjectName("start_note")
        self.start_note.setWordWrap(True)
        self.start_note.setTextFormat(Qt.TextFormat.RichText)
        self.notes = limited(QLineEdit(), details_views.PERMIT_LENGTHS["notes"])
        self.notes.setObjectName("notes")
        self.cost = info_label("cost_decision")
        self.cost.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.cost_findings = FindingsView(app, empty_text="")
        self.cost_findings.setObjectName("cost_findings")
        cost_box = QGroupBox("Who pays (Cost of sidewalks)")
        cost_box.setObjectName("cost_box")
        cost_lines = QVBoxLayout(cost_box)
        cost_lines.addWidget(self.cost)
        cost_lines.addWidget(self.cost_findings)
        return cost_box

    def _lay_out_fields(self, city_contract: bool, cost_box: QGroupBox) -> None:
        """Who and which parcel on the left; the work, where, its size and start on the right."""
        self.add_to(
            self.left,
            "&Applicant" if not city_contract else "&Contractor",
            self.applicant,
            "applicant_id",
        )
        self.add_to(self.left, "Pa&rcel", self.parcel, "parcel_id")
        self.add_to(self.left, "Repair or&der", self.repair_order, "repair_order_id")
        self.add_to(self.left, "Not&es", self.notes, "notes")
        self.add_to(self.right, "&Work", left_aligned(self.work), "work")
        self.add_to(self.right, "S&treet", self.street, "street_id")
        self.add_to(self.right, "&Number", left_aligned(self.number), "address_number")
        self.add_to(self.right, "&Location", self.location, "location")
        facility = QWidget()
        facility_lines = QVBoxLayout(facility)
        facility_lines.setContentsMargins(0, 0, 0, 0)
        facility_lines.setSpacing(2)
        for check in (self.bike_lane, self.commercial, self.new_subdivision):
            facility_lines.addWidget(check)
        self.add_to(self.right, "", facility, "bike_lane")
        self.add_to(
            self.right,
            "Si&ze",
            widgets_row(self.length, "long,", self.width_edit, "wide", self.width_read),
            "width_in",
        )
        self.add_to(self.right, "C&ontractor", self.contractor, "contractor_name")
        start_box = QWidget()
        start_lines = QVBoxLayout(start_box)
        start_lines.setContentsMargins(0, 0, 0, 0)
        start_lines.setSpacing(2)
        start_lines.addWidget(left_aligned(self.starts))
        start_lines.addWidget(self.start_note)
        self.right.addRow("Work &starts", start_box)
        start_label = self.right.labelForField(start_box)
        if isinstance(start_label, QLabel):
            start_label.setBuddy(self.starts)
        start_error = forms.error_label()
        self.right.addRow("", start_error)
        self.errors.add("work_starts_on", start_error, self.starts)
        self.right.addRow(cost_box)

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        *,
        city_contract: bool = False,
        row: PermitRow | None = None,
    ) -> int | None:
        """Show the form; the id of the permit saved, or None if cancelled."""
        dialog = cls(parent, app, city_contract=city_contract, row=row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def offer_orders(self, keep: int | None = None) -> None:
        """The parcel's repair orders still to be carried out (``sidewalks.open_orders_for``),
        and the one the application names (``keep``) even if closed since."""
        parcel = self.parcel.parcel
        current = keep if keep is not None else self.repair_order.currentData()
        parcel_id = parcel.id if parcel is not None else None

        kept = current if isinstance(current, int) else None
        offered = (
            perform(
                self,
                self.app,
                lambda a: details_views.repair_order_choices(a, parcel_id, kept),
                writes=False,
            )
            or []
        )
        with forms.quietly(self.repair_order):
            self.repair_order.clear()
            self.repair_order.addItem(
                "— none —" if offered else "— no open repair order for this parcel —", None
            )
            for order_id, label in offered:
                self.repair_order.addItem(label, order_id)
            self.repair_order.setCurrentIndex(max(0, self.repair_order.findData(current)))
        self.repair_order.setEnabled(bool(offered))
        self.show_cost()

    def _fill(self, row: PermitRow) -> None:
        if row.parcel is not None:
            self.parcel.choose(row.parcel)
        choose_data(self.work, row.work)
        choose_data(self.street, row.street_id)
        self.number.setText(str(row.address_number) if row.address_number is not None else "")
        self.location.setText(row.location)
        self.bike_lane.setChecked(row.bike_lane)
        self.commercial.setChecked(row.commercial)
        self.new_subdivision.setChecked(row.new_subdivision)
        self.length.setValue(row.length_ft or 0)
        self.width_edit.setText(format_length(row.width_in))
        self.contractor.setText(row.contractor_name)
        self.starts.set_value(row.work_starts_on)
        self.notes.setText(row.notes)

    # -- what the core says, live

    def chosen_work(self) -> SidewalkWork:
        return SidewalkWork(self.work.currentData())

    def typed_number(self) -> int | None:
        text = self.number.text().strip()
        return int(text) if text.isdigit() else None

    def _cost_inputs(self) -> tuple[object, ...]:
        order = self.repair_order.currentData()
        return (
            self.chosen_work(),
            self.street.currentData(),
            self.typed_number(),
            self.bike_lane.isChecked(),
            self.new_subdivision.isChecked(),
            order if isinstance(order, int) else None,
        )

    def show_cost(self) -> None:
        """Who pays for the work as typed: the core's decision (``sidewalks.cost_for``) under
        the plan as it stands today. A City contract record being corrected keeps the payer it
        was recorded with until the work, street, number, facility, subdivision or repair order
        changes — as ``sidewalks.correct_application`` does."""
        if not hasattr(self, "cost"):
            return  # still being built
        inputs = self._cost_inputs()
        work, street_id, number, bike_lane, subdivision, order_id = inputs
        row = self.row
        kept = (
            row is not None
            and row.decision.fixed
            and inputs
            == (
                row.work,
                row.street_id,
                row.address_number,
                row.bike_lane,
                row.new_subdivision,
                row.repair_order_id,
            )
        )

        def decide(action: Action) -> DecisionRow:
            return details_views.cost_preview(
                action,
                work=SidewalkWork(work),  # type: ignore[arg-type]
                street_id=street_id if isinstance(street_id, int) else None,
                number=number,  # type: ignore[arg-type]
                bike_lane=bool(bike_lane),
                new_subdivision=bool(subdivision),
                repair_order_id=order_id,  # type: ignore[arg-type]
            )

        shown = (
            row.decision
            if kept and row is not None
            else perform(self, self.app, decide, writes=False)
        )
        located = isinstance(street_id, int) and number is not None
        if self.city_contract:
            note = "Fixed when the City contract work is recorded: no permit is issued."
        elif located:
            note = "As the current Sidewalk Master Plan reads; fixed when the permit is issued."
        else:
            note = (
                "Enter the street and number to check the Sidewalk Master Plan: until then "
                "the sidewalk is taken as not shown on it."
            )
        self.decision = shown
        self.cost.setText(
            decision_html(
                shown,
                pending_note=note,
                fixed_note="Fixed when the City contract work was recorded."
                if self.city_contract
                else "Fixed when the permit was issued.",
            )
        )
        self.cost_findings.set_findings(shown.findings if shown else [])
        self.cost_findings.setVisible(bool(shown and shown.findings))
        refit(self.cost)

    def show_width(self) -> None:
        try:
            inches = parse_length(self.width_edit.text(), label="The width", field="width_in")
        except InvalidInput:
            self.width_read.setText(marked("not a length", BAD, bold=False))
            return
        self.width_read.setText(f"= {format_length(inches)}" if inches else "")

    def show_start(self) -> None:
        """The first day work may start on a permit issued today, and the last day a permit
        may be issued for the start typed (the core's seven days, counted back, never moved)."""
        start = self.starts.value()

        def work(action: Action) -> tuple[date, date | None, date]:
            earliest = sidewalks.earliest_start(action.today(), action.calendar)
            latest = sidewalks.latest_issue_day(start, action.calendar) if start else None
            return earliest, latest, action.today()

        found = perform(self, self.app, work, writes=False)
        if found is None or self.city_contract:
            self.start_note.setText("")
            return
        earliest, latest, today = found
        text = (
            f"Issued today, the work may start <b>{html.escape(format_day(earliest))}</b> "
            f"or later ({cite_link(PERMIT_CITE)})."
        )
        if start is not None and latest is not None:
            late = latest < today  # the core's last day to issue, already gone
            colour = BAD if late else SECONDARY
            text += (
                f"<br><span style='color:{colour}'>To start {html.escape(format_day(start))}, "
                f"the permit must be issued by <b>{html.escape(format_day(latest))}</b>"
                + (": too soon — move the start." if late else ".")
                + "</span>"
            )
        self.start_note.setText(f"<small>{text}</small>")
        refit(self.start_note)

    # -- saving

    def data(self) -> PermitData:
        """The form as the core takes it; the applicant not chosen, the street number and the
        width that cannot be read are refused at once (issue 19)."""
        found = Refusals()
        if self.applicant.party is None:
            found.refuse(
                InvalidInput(
                    "Choose the applicant from the register (or add them under People & Parcels).",
                    field="applicant_id",
                )
            )
        number = found.check(
            partial(whole_number, self.number, "address_number", "The street number")
        )
        width = found.check(
            partial(parse_length, self.width_edit.text(), label="The width", field="width_in")
        )
        found.raise_any()
        assert self.applicant.party is not None  # refused above
        street_id = self.street.currentData()
        parcel = self.parcel.parcel
        order = self.repair_order.currentData()
        return PermitData(
            applicant_id=self.applicant.party.id,
            location=self.location.text(),
            work=self.chosen_work(),
            street_id=street_id if isinstance(street_id, int) else None,
            address_number=number,
            parcel_id=parcel.id if parcel is not None else None,
            bike_lane=self.bike_lane.isChecked(),
            commercial=self.commercial.isChecked(),
            new_subdivision=self.new_subdivision.isChecked(),
            length_ft=self.length.value() or None,
            width_in=width,
            contractor_name=self.contractor.text(),
            work_starts_on=self.starts.value(),
            notes=self.notes.text(),
            repair_order_id=order if isinstance(order, int) else None,
        )

    def commit(self) -> object:
        row, city_contract = self.row, self.city_contract

        def work(action: Action) -> int:
            data = self.data()
            if row is not None:
                return sidewalks.correct_application(action, row.id, data)
            if city_contract:
                return sidewalks.record_city_contract(action, data)
            return sidewalks.receive_application(action, data)

        return perform(self, self.app, work, errors=self.errors)


def permit_banner(row: PermitRow) -> QLabel:
    """The permit a form acts on, in one line at its top."""
    return forms.banner(
        f"{row.number} — {row.applicant}: {row.work.label}, {row.where}. {row.status.label}.",
        tone="info",
    )


class _PermitAct(RowActDialog):
    """A form acting on one permit: its line at the top, read-only when the core's acts refuse
    its ``core_act`` now (saying why)."""

    row: PermitRow
    core_act: PermitAct

    def row_banner(self) -> QWidget:
        return permit_banner(self.row)

    def refusal(self, action: Action) -> str | None:
        return details_views.permit_acts(action, self.row.id)[self.core_act]


class IssueDialog(_PermitAct):
    """Issue the permit as the Director of Public Works (or designee).

    Every finding of the article is shown with its section; while one stops the permit, the
    form says which and Issue stays off. Who pays is fixed now, as the plan reads today. For a
    repair or a replacement (``sidewalks.WHOLE_BLOCK_WORK``) the Director may approve a partial
    replacement of the block here; it is stored and printed on the permit.
    """

    core_act = PermitAct.ISSUE

    def __init__(self, parent: QWidget | None, app: App, row: PermitRow) -> None:
        super().__init__(
            parent, app, row, "Issue the permit", save_text="Issue permit", name="issue_dialog"
        )
        permit_id = row.id

        found = perform(self, app, lambda a: details_views.issue_review(a, permit_id), writes=False)
        self.findings = list(found.findings) if found else []
        self.decision = found.decision if found else None
        self.blocked = [f for f in self.findings if f.blocks]
        # The seven days are about the start: shown under it; the rest in the findings box.
        timing = [f for f in self.findings if f.cite == PERMIT_CITE]
        said = self.decision.cost_finding if self.decision else None  # in the cost box already
        self.view = FindingsView(app)
        self.view.setObjectName("issue_findings")
        self.view.set_findings([f for f in self.findings if f not in timing and f != said])
        self.start_view = FindingsView(app, empty_text="")
        self.start_view.setObjectName("start_findings")
        self.start_view.set_findings(timing)
        self.cost = info_label("issue_cost")
        self.cost.setText(
            decision_html(self.decision, pending_note="As the plan reads today: fixed on issue.")
        )
        self.cost.linkActivated.connect(lambda url: follow_cite(self, app, url))
        earliest = format_day(found.earliest_start) if found else ""
        start_box = self._build_start(row, earliest)
        self.conditions = plain_text(
            "conditions", 3, self, "Conditions printed on the permit, a line each (optional)"
        )
        cost_box = QGroupBox("Who pays (Cost of sidewalks)")
        QVBoxLayout(cost_box).addWidget(self.cost)
        findings_box = QGroupBox("What else the sidewalk article says about issuing it")
        findings_box.setObjectName("findings_box")
        QVBoxLayout(findings_box).addWidget(self.view)
        self.form.addRow(cost_box)
        self.add_field("Work starts", start_box, "work_starts_on")
        self.form.addRow(findings_box)
        self.add_field("&Conditions", self.conditions, "conditions")
        self._add_partial(row)
        self.issued_by = QLabel(
            f"Issued today by <b>{html.escape(app.operator.full_name)}</b> for the Director of "
            "Public Works; no fee is charged. The specifications sheet prints with the permit."
        )
        self.issued_by.setWordWrap(True)
        self.form.addRow(self.issued_by)
        message = forms.error_label()
        self.form.addRow(message)
        self.errors.add("decision", message, self.conditions)
        self.done_building(780)
        if self.blocked and self.save_button.isEnabled():
            self.add_top(
                forms.banner(
                    f"The permit cannot be issued yet: {plural(len(self.blocked), 'finding')} "
                    "marked Stops must be resolved first (correct the application)."
                )
            )
            self.save_button.setEnabled(False)
            self.save_button.setToolTip("Resolve the findings marked Stops first")
        self.conditions.setFocus()

    def _build_start(self, row: PermitRow, earliest: str) -> QWidget:
        """The day the work starts, against the earliest a permit issued today allows."""
        start = (
            format_day(row.work_starts_on) if row.work_starts_on else "not given on the application"
        )
        self.start = QLabel(
            f"<b>{html.escape(start)}</b> — issued today, the work may start "
            f"{html.escape(earliest)} at the earliest."
        )
        self.start.setObjectName("issue_start")
        self.start.setWordWrap(True)
        start_box = QWidget()
        start_lines = QVBoxLayout(start_box)
        start_lines.setContentsMargins(0, 0, 0, 0)
        start_lines.addWidget(self.start)
        start_lines.addWidget(self.start_view)
        return start_box

    def _add_partial(self, row: PermitRow) -> None:
        """The Director's approval of a partial replacement, where the whole-block rule applies."""
        self.partial: QCheckBox | None = None
        if row.work in sidewalks.WHOLE_BLOCK_WORK:  # the work the whole-block rule covers
            self.partial = QCheckBox(
                "&Partial replacement approved — the entire block need not be repaired at one time"
            )
            self.partial.setObjectName("partial_replacement")
            self.partial.setToolTip(
                "When repairing a sidewalk the entire block is repaired at one time unless the "
                f"Director of Public Works approves a partial replacement ({WHOLE_BLOCK_CITE})"
            )
            self.add_field("Whole block", self.partial, "partial_replacement")

    def commit(self) -> object:
        conditions, permit_id = self.conditions.toPlainText(), self.row.id
        partial = self.partial is not None and self.partial.isChecked()

        def work(action: Action) -> object:
            try:
                return sidewalks.issue(
                    action, permit_id, conditions=conditions, partial_replacement=partial
                )
            except InvalidInput as error:
                if error.cite != PERMIT_CITE:
                    raise
                # the seven days before the work: said next to the day the work starts
                raise InvalidInput(
                    error.message, field="work_starts_on", cite=error.cite
                ) from error

        return self.act(
            work, "decision", keep=("work_starts_on", "conditions", "partial_replacement")
        )


class AppealDialog(_PermitAct):
    """Record the applicant's appeal of the denial to the Common Council (the ordinance sets no
    time to file it: the day is recorded)."""

    core_act = PermitAct.APPEAL

    def __init__(self, parent: QWidget | None, app: App, row: PermitRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "Appeal to the Council",
            save_text="Record appeal",
            name="appeal_dialog",
        )
        denied = format_day(row.decided_on) if row.decided_on else "—"
        note = info_label("appeal_note")
        note.setText(
            f"Denied {html.escape(denied)}"
            + (f" by {html.escape(row.decided_by)}" if row.decided_by else "")
            + f": {html.escape(row.denial_reasons)}<br>A denial may be appealed to the Common "
            f"Council ({cite_link(PERMIT_CITE)}); the ordinance sets no time limit."
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        self.filed_on = forms.date_edit(app.desk.clock.today(), name="filed_on")
        self.add_field("&Filed on", left_aligned(self.filed_on), "filed_on")
        self.done_building(640)
        self.filed_on.setFocus()

    def commit(self) -> object:
        day, permit_id = forms.to_date(self.filed_on), self.row.id
        return self.act(lambda a: sidewalks.file_appeal(a, permit_id, filed_on=day), "filed_on")


def _all_meetings(action: Action) -> list[MeetingChoice]:
    return [(r.id, r.label, r.held) for r in meeting_rows(action)]


class MeetingChooser(MeetingPicker):
    """A Council meeting from the list, the latest first, with "New meeting…" beside it.
    ``offer`` lists the meetings to choose from, oldest first (by default every meeting);
    ``empty`` is what the list says when it offers none.

    Signals: none of its own.
    """

    def __init__(
        self,
        app: App,
        parent: QWidget | None = None,
        *,
        offer: Callable[[Action], list[MeetingChoice]] = _all_meetings,
        empty: str = "No meeting recorded — add it with New meeting…",
    ) -> None:
        super().__init__(app, parent)
        self.offer = offer
        self.empty = empty
        self.fill()

    def fill(self, current: int | None = None) -> None:
        rows = perform(self, self.app, self.offer, writes=False) or []
        self.box.clear()
        for meeting_id, label, held in reversed(rows):  # the latest first
            self.box.addItem(label + ("" if held else " (not held yet)"), meeting_id)
        if not rows:
            self.box.addItem(self.empty, None)
        index = self.box.findData(current) if current is not None else -1
        if index < 0:
            held_ids = [meeting_id for meeting_id, _label, held in reversed(rows) if held]
            index = self.box.findData(held_ids[0]) if held_ids else 0
        self.box.setCurrentIndex(max(index, 0))


class CouncilDecisionDialog(_PermitAct):
    """The Common Council's decision on the appeal, at a meeting it held: granted, the permit
    issues with who pays fixed as the plan reads then; refused, the denial stands."""

    core_act = PermitAct.COUNCIL_DECISION

    def __init__(self, parent: QWidget | None, app: App, row: PermitRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "Council decision",
            save_text="Record decision",
            name="council_decision_dialog",
        )
        filed = format_day(row.appeal_filed_on) if row.appeal_filed_on else "—"
        note = info_label("council_note")
        note.setText(
            f"Appeal filed {html.escape(filed)} of the denial: {html.escape(row.denial_reasons)}"
            f" ({cite_link(PERMIT_CITE)})."
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        permit_id = row.id

        def offer(action: Action) -> list[MeetingChoice]:
            """The meetings at which the Council may have decided it: held, not cancelled, not
            before the appeal was filed (``sidewalks_views.appeal_meetings``), oldest first."""
            return [
                (meeting_id, label, True)
                for meeting_id, label in details_views.appeal_meeting_choices(action, permit_id)
            ]

        self.meeting = MeetingChooser(
            app,
            offer=offer,
            empty="No meeting held since the appeal was filed — add it with New meeting…",
        )
        self.granted = QRadioButton("&Granted — the permit is issued")
        self.granted.setObjectName("granted")
        self.refused = QRadioButton("&Refused — the denial stands")
        self.refused.setObjectName("refused")
        group = QButtonGroup(self)
        group.addButton(self.granted)
        group.addButton(self.refused)
        self.granted.setChecked(True)
        outcome = QWidget()
        outcome_lines = QVBoxLayout(outcome)
        outcome_lines.setContentsMargins(0, 0, 0, 0)
        outcome_lines.addWidget(self.granted)
        outcome_lines.addWidget(self.refused)
        self.note = QLineEdit()
        self.note.setObjectName("note")
        self.note.setPlaceholderText("e.g. motion by Ald. Smith, carried 5-1")
        self.add_field("&Meeting held", self.meeting, "meeting")
        self.add_field("Outcome", outcome, "granted")
        self.add_field("N&ote", self.note, "note")
        self.done_building(700)
        self.meeting.box.setFocus()

    def commit(self) -> object:
        meeting_id = self.meeting.meeting_id()
        if meeting_id is None:
            self.errors.clear()
            self.errors.show(
                InvalidInput("Choose the meeting at which the Council decided.", field="meeting")
            )
            return None
        granted, note, permit_id = self.granted.isChecked(), self.note.text(), self.row.id
        return self.act(
            lambda a: sidewalks.record_appeal_decision(
                a, permit_id, meeting_id=meeting_id, granted=granted, note=note
            ),
            "meeting",
            keep=("note",),
        )


class CompleteDialog(_PermitAct):
    """Record the sidewalk work completed. A day before the seventh after the permit is recorded
    all the same, with the core's warning (``sidewalks.completion_findings``) shown as the day
    is chosen and kept in the history."""

    core_act = PermitAct.COMPLETE

    def __init__(self, parent: QWidget | None, app: App, row: PermitRow) -> None:
        super().__init__(
            parent, app, row, "Work completed", save_text="Record", name="complete_dialog"
        )
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.early = FindingsView(app, empty_text="")
        self.early.setObjectName("completion_findings")
        self.add_field("Completed &on", left_aligned(self.on), "on")
        self.form.addRow(self.early)
        self.on.dateChanged.connect(lambda _d: self.show_early())
        self.done_building(640)
        self.show_early()
        self.on.setFocus()

    def show_early(self) -> None:
        day, permit_id = forms.to_date(self.on), self.row.id

        found = (
            perform(
                self,
                self.app,
                lambda a: details_views.completion_warnings(a, permit_id, day),
                writes=False,
            )
            or []
        )
        self.early.set_findings(found)
        self.early.setVisible(bool(found))

    def commit(self) -> object:
        day, permit_id = forms.to_date(self.on), self.row.id
        return self.act(lambda a: sidewalks.complete(a, permit_id, on=day), "on")


def deny_permit(parent: QWidget | None, app: App, row: PermitRow) -> bool:
    return reason_dialog(
        parent,
        app,
        title=f"Deny the permit — {row.number}",
        note=f"{row.applicant}: {row.work.label}, {row.where}. The denial may be appealed to "
        f"the Common Council ({PERMIT_CITE}).",
        save_text="Deny",
        placeholder="why, as the applicant will read it, e.g. the walk would be 3 ft wide",
        refused=lambda a: details_views.permit_acts(a, row.id)[PermitAct.DENY],
        work=lambda a, why: sidewalks.deny(a, row.id, reasons=why),
        name="deny_dialog",
    )


def withdraw_permit(parent: QWidget | None, app: App, row: PermitRow) -> bool:
    return reason_dialog(
        parent,
        app,
        title=f"Withdraw {row.number}",
        note=f"{row.applicant}: {row.work.label}, {row.where}. It stays in the register, "
        "marked withdrawn.",
        save_text="Withdraw",
        placeholder="who withdrew it and how, e.g. phone call from the applicant on 12/4",
        refused=lambda a: details_views.permit_acts(a, row.id)[PermitAct.WITHDRAW],
        work=lambda a, why: sidewalks.withdraw(a, row.id, reason=why),
        name="withdraw_dialog",
    )
