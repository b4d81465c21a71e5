"""The forms of the Sidewalks tab (the sidewalk article before § 506-6; Wis. Stat. § 66.0907):
the permit application (and work under contract with the City), its correction, issue, denial,
the appeal to the Common Council and its decision, completion and withdrawal; the repair order,
the service of its notice, the owner's repair, the City's repair charged to the parcel, its
cancellation; and the segments of the Sidewalk Master Plan.

Every rule is the core's (:mod:`clerk_desk.sidewalks.service`): a form shows what the core says
about what is typed before anything is saved — who pays for the work under the master plan as the
street, number and kind of work change, the first day work may start on a permit issued today,
the owner's last day after service — and a refusal is shown under the field it is about.

The rows shown in the tables are plain frozen values read inside one action, never live records.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date

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
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import (
    DueStatus,
    RepairOrderKind,
    SidewalkWork,
)
from clerk_desk.lengths import format_length, parse_length
from clerk_desk.money import Money
from clerk_desk.parties_views import ParcelRow
from clerk_desk.permissions import Permission, refusal
from clerk_desk.sidewalks import details as details_views
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.details import (
    DecisionRow,
    OrderRow,
    PermitRow,
    SegmentRow,
    street_choices,
)
from clerk_desk.sidewalks.service import (
    COST_CITE,
    MINOR_REPAIR_CITE,
    PERMIT_CITE,
    REPAIR_CITE,
    SERVICE_METHODS,
    SIDES,
    WHOLE_BLOCK_CITE,
    WIDTH_CITE,
    PermitData,
    RepairOrderData,
    SegmentData,
)
from clerk_desk.words import format_day, plural
from ui import dialog_parts, forms
from ui.dialog_parts import (
    MeetingPicker,
    RowActDialog,
    follow_cite,
    info_label,
    may_not,
    plain_text,
    reason_dialog,
    refit,
    widgets_row,
)
from ui.dialog_parts import ReasonDialog as ReasonDialog
from ui.findings_view import FindingsView
from ui.kit.fields import ChooseDateEdit, left_aligned, money_edit
from ui.kit.meetings import meeting_rows
from ui.kit.pickers import PartyPicker, party_row
from ui.kit.style import (
    BAD,
    GOOD_BACKGROUND,
    LATE,
    SECONDARY,
    marked,
    text_sheet,
)
from ui.operations import App, perform
from ui.street_number_dialogs import ParcelPicker
from ui.table_models import RIGHT, TableColumn

TAKE = Permission.TAKE_APPLICATIONS
DECIDE = Permission.APPROVE_WORK_PERMITS
BILL = Permission.BILL
PLAN = Permission.KEEP_MASTER_PLAN
NO_STREET = "— not in the street register —"
SIDE_LABELS = {"both": "Both sides", "odd": "Odd side", "even": "Even side"}


def cite_link(cite: str) -> str:
    """A citation as a link that does not break inside "Sidewalk article"."""
    return dialog_parts.cite_link(cite, unbroken_spaces=1)


def _day(day: date | None) -> str:
    return format_day(day) if day is not None else ""


# ---- plain rows ------------------------------------------------------------------------------


def decision_html(
    decision: DecisionRow | None,
    *,
    pending_note: str = "",
    fixed_note: str = "Fixed when the permit was issued.",
) -> str:
    """The cost decision in words: who pays in bold, who restores, why, and the section.
    ``pending_note`` is said under a decision the plan makes and that is not fixed yet,
    ``fixed_note`` under one fixed."""
    if decision is None:
        return f"<i>{html.escape(pending_note or 'Choose the work to see who pays.')}</i>"
    e = html.escape
    lines = [f"<b style='font-size:115%'>{e(decision.summary)}</b>"]
    if decision.restoration_payer is not None:
        lines.append(
            "Restoration of the area: "
            f"<b>{e(sidewalks.payer_phrase(decision.restoration_payer))}</b>"
        )
    lines.append(e(decision.reason))
    if decision.segment:
        lines.append(f"Master plan: {e(decision.segment)}")
    lines.append(f"<small>{cite_link(decision.cite)}</small>")
    if decision.fixed:
        lines.append(f"<small style='color:{SECONDARY}'>{e(fixed_note)}</small>")
    elif pending_note and decision.follows_plan:
        lines.append(f"<small style='color:{SECONDARY}'>{e(pending_note)}</small>")
    return "<br>".join(lines)


# ---- small pieces ----------------------------------------------------------------------------


def limited(edit: QLineEdit, length: int | None) -> QLineEdit:
    """``edit``, taking no more characters than the record's field holds (the core's figure)."""
    if length is not None:
        edit.setMaxLength(length)
    return edit


def digits_edit(name: str, placeholder: str = "", *, chars: int = 8) -> QLineEdit:
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setPlaceholderText(placeholder)
    edit.setMaximumWidth(edit.fontMetrics().horizontalAdvance("n" * chars) + 24)
    return edit


def whole_number(edit: QLineEdit, field: str, what: str) -> int | None:
    """A street number typed, or None for a blank; anything else refused under the field."""
    text = edit.text().strip().replace(",", "")
    if not text:
        return None
    if not text.isdigit():
        raise InvalidInput(f'{what} "{edit.text().strip()}" is not a whole number.', field=field)
    return int(text)


def street_box(
    app: App, parent: QWidget, name: str = "street", *, optional: bool = True
) -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    if optional:
        box.addItem(NO_STREET, None)
    for street_id, label in perform(parent, app, street_choices, writes=False) or []:
        box.addItem(label, street_id)
    return box


def choose_data(box: QComboBox, value: object) -> None:
    box.setCurrentIndex(max(0, box.findData(value)))


class ParcelChooser(ParcelPicker):
    """The parcel picker of the street numbers forms, which can also start on a parcel chosen
    before (a correction).

    Signals: ``parcel_changed(object)`` with the chosen :class:`ParcelRow` or None.
    """

    def choose(self, parcel: ParcelRow | None) -> None:
        self.parcel = parcel
        if parcel is not None and self.model.row_of(lambda r: r.id == parcel.id) < 0:
            self.model.set_rows([parcel, *self.model.rows])
        if parcel is not None:
            forms.select_row(self.table, self.model.row_of(lambda r: r.id == parcel.id))
        self._show_chosen()
        self.parcel_changed.emit(parcel)


# ---- the permit application ------------------------------------------------------------------


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
        today = app.desk.clock.today
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
        role = "contractor" if city_contract else "applicant"
        chosen = party_row(app, parent, row.applicant_id) if row is not None else None
        self.applicant = PartyPicker(app, role=role, chosen=chosen, name="applicant")
        self.parcel = ParcelChooser(app)
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
        self.show_cost()
        self.show_width()
        self.show_start()
        if not app.operator.may(TAKE):
            self.set_read_only(refusal(app.operator.role, TAKE))
        self.resize(1180, max(self.sizeHint().height(), 680))
        self.applicant.search_field.setFocus()

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
        if self.applicant.party is None:
            raise InvalidInput(
                "Choose the applicant from the register (or add them under People & Parcels).",
                field="applicant_id",
            )
        street_id = self.street.currentData()
        parcel = self.parcel.parcel
        order = self.repair_order.currentData()
        return PermitData(
            applicant_id=self.applicant.party.id,
            location=self.location.text(),
            work=self.chosen_work(),
            street_id=street_id if isinstance(street_id, int) else None,
            address_number=whole_number(self.number, "address_number", "The street number"),
            parcel_id=parcel.id if parcel is not None else None,
            bike_lane=self.bike_lane.isChecked(),
            commercial=self.commercial.isChecked(),
            new_subdivision=self.new_subdivision.isChecked(),
            length_ft=self.length.value() or None,
            width_in=parse_length(self.width_edit.text(), label="The width", field="width_in"),
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
                return sidewalks.correct_application(action, row.id, data).id
            if city_contract:
                return sidewalks.record_city_contract(action, data).id
            return sidewalks.receive_application(action, data).id

        return perform(self, self.app, work, errors=self.errors)


# ---- acts on a permit ------------------------------------------------------------------------


def permit_banner(row: PermitRow) -> QLabel:
    """The permit a form acts on, in one line at its top."""
    return forms.banner(
        f"{row.number} — {row.applicant}: {row.work.label}, {row.where}. {row.status.label}.",
        tone="info",
    )


class _PermitAct(RowActDialog):
    """A form acting on one permit: its line at the top, read-only for who may not act."""

    row: PermitRow

    def row_banner(self) -> QWidget:
        return permit_banner(self.row)


class IssueDialog(_PermitAct):
    """Issue the permit as the Director of Public Works (or designee).

    Every finding of the article is shown with its section; while one stops the permit, the
    form says which and Issue stays off. Who pays is fixed now, as the plan reads today. For a
    repair or a replacement (``sidewalks.WHOLE_BLOCK_WORK``) the Director may approve a partial
    replacement of the block here; it is stored and printed on the permit.
    """

    permission = DECIDE

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
        start = (
            format_day(row.work_starts_on) if row.work_starts_on else "not given on the application"
        )
        earliest = format_day(found.earliest_start) if found else ""
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


MeetingChoice = tuple[int, str, bool]
"""A meeting as a chooser offers it: its id, its label, whether it was held."""


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

    permission = DECIDE

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
        permission=DECIDE,
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
        permission=TAKE,
        work=lambda a, why: sidewalks.withdraw(a, row.id, reason=why),
        name="withdraw_dialog",
    )


# ---- repair orders ---------------------------------------------------------------------------


ORDER_NOTES = {
    RepairOrderKind.COUNCIL_ORDER: (
        "The Common Council orders the owner to repair or remove and replace a sidewalk that is "
        "unsafe, defective or insufficient, or damaged by the owner. If the owner has not done "
        "so within 20 days after service of the notice, the City does the work and the Treasurer "
        f"enters its cost on the tax roll as a special tax ({REPAIR_CITE})."
    ),
    RepairOrderKind.EMERGENCY: (
        "In an emergency the owner is directed to repair the sidewalk immediately; if not, the "
        f"City makes the repairs and the cost goes on the tax roll ({REPAIR_CITE})."
    ),
    RepairOrderKind.MINOR: (
        "A minor repair, whose cost does not exceed $500, is made at the direction of the "
        "Director of Public Works without notice, and charged to the abutting owner as a major "
        f"repair is ({MINOR_REPAIR_CITE})."
    ),
}


class OrderDialog(forms.TwoColumnForm):
    """Record an order to repair a sidewalk: a Council order (the meeting at which it was
    made), an emergency, or a minor repair up to $500 at the Director's direction.

    Only the kinds the operator may record are offered (``sidewalks.order_kinds_for``): the
    Clerk records the Council's orders, the Director of Public Works directs emergencies and
    minor repairs. A minor repair has no whole-block rule (nothing in the section applies to
    it), so the whole-block fields are hidden for it. Any order may carry an estimate.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "New sidewalk repair order", save_text="Record order", ratio=2)
        self.app = app
        self.setObjectName("order_dialog")
        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        kinds = sidewalks.order_kinds_for(app.operator.may)
        for kind in kinds:
            self.kind.addItem(kind.label, kind)
        withheld = [
            f"{kind.label}: {refusal(app.operator.role, sidewalks.order_permission(kind))}"
            for kind in RepairOrderKind
            if kind not in kinds
        ]
        if withheld:  # said where the clerk looks for the missing kinds
            self.kind.setToolTip("Not offered —\n" + "\n".join(withheld))
        if not kinds:  # shown read-only below: the first kind, for the form to read
            self.kind.addItem(RepairOrderKind.COUNCIL_ORDER.label, RepairOrderKind.COUNCIL_ORDER)
        self.kind_note = info_label("kind_note")
        self.kind_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.parcel = ParcelChooser(app)
        self.street = street_box(app, self)
        self.location = limited(QLineEdit(), details_views.ORDER_LENGTHS["location"])
        self.location.setObjectName("location")
        self.location.setPlaceholderText("e.g. in front of 215 Kinnickinnic St, 3 flags")
        self.defect = plain_text(
            "defect", 2, self, "e.g. heaved 2 inches at a joint; cracked and settled flags"
        )
        self.work_required = plain_text(
            "work_required", 2, self, "e.g. remove and replace three 5-ft flags"
        )
        self.caused = QCheckBox("Damaged by the &owner or the owner's agents")
        self.caused.setObjectName("caused_by_owner")
        self.meeting = MeetingChooser(app)
        self.ordered_on = forms.date_edit(app.desk.clock.today(), name="ordered_on")
        self.ordered_on.setToolTip("A Council order is dated the day of its meeting")
        self.whole_block = QCheckBox("The &whole block is repaired at one time")
        self.whole_block.setObjectName("whole_block")
        self.whole_block.setChecked(True)
        self.partial_by = limited(QLineEdit(), details_views.ORDER_LENGTHS["partial_approved_by"])
        self.partial_by.setObjectName("partial_approved_by")
        self.partial_by.setPlaceholderText("the Director of Public Works who approved it")
        self.estimate = money_edit("estimated_cost", "0.00")
        self.estimate.setToolTip(
            "What the repair is expected to cost; a minor repair is one of $500.00 or less "
            f"({MINOR_REPAIR_CITE})"
        )
        self.notes = limited(QLineEdit(), details_views.ORDER_LENGTHS["notes"])
        self.notes.setObjectName("notes")

        self.add_to(self.left, "&Kind", left_aligned(self.kind), "kind")
        self.left.addRow(self.kind_note)
        self.add_to(self.left, "&Parcel", self.parcel, "parcel_id")
        self.add_to(self.left, "Not&es", self.notes, "notes")
        self.add_to(self.right, "S&treet", self.street, "street_id")
        self.add_to(self.right, "&Location", self.location, "location")
        self.add_to(self.right, "&Defect", self.defect, "defect")
        self.add_to(self.right, "Work &required", self.work_required, "work_required")
        self.add_to(self.right, "", self.caused, "caused_by_owner")
        self.meeting_row = self.add_to(self.right, "Council &meeting", self.meeting, "meeting")
        self.add_to(self.right, "Ordered o&n", left_aligned(self.ordered_on), "ordered_on")
        self.add_to(self.right, "Estimated &cost", left_aligned(self.estimate), "estimated_cost")
        self.block = QWidget()
        self.block.setObjectName("whole_block_fields")
        block_lines = QVBoxLayout(self.block)
        block_lines.setContentsMargins(0, 0, 0, 0)
        block_lines.setSpacing(2)
        partial_line = widgets_row(QLabel("Partial &approved by"), self.partial_by, stretch=False)
        partial_caption = partial_line.findChild(QLabel)
        if partial_caption is not None:
            partial_caption.setBuddy(self.partial_by)
        self.block_note = QLabel(
            "<small>When repairing a sidewalk the entire block is repaired at one time unless the "
            "Director of Public Works approves a partial replacement "
            f"({cite_link(WHOLE_BLOCK_CITE)}).</small>"
        )
        self.block_note.setWordWrap(True)
        self.block_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        partial_error = forms.error_label()
        for widget in (self.whole_block, partial_line, partial_error, self.block_note):
            block_lines.addWidget(widget)
        self.add_to(self.right, "Whole block", self.block, "whole_block")
        self.errors.add("partial_approved_by", partial_error, self.partial_by)
        self.finish_layout()
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.whole_block.toggled.connect(lambda on: self.partial_by.setEnabled(not on))
        self.partial_by.setEnabled(False)
        self._kind_changed()
        if not kinds:
            self.set_read_only(may_not(app, TAKE) or may_not(app, DECIDE))
        self.resize(1120, max(self.sizeHint().height(), 640))
        self.kind.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> int | None:
        dialog = cls(parent, app)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def chosen_kind(self) -> RepairOrderKind:
        return RepairOrderKind(self.kind.currentData())

    def _kind_changed(self) -> None:
        kind = self.chosen_kind()
        self.kind_note.setText(html.escape(ORDER_NOTES[kind]))
        refit(self.kind_note)
        council = kind is RepairOrderKind.COUNCIL_ORDER
        self.meeting.setEnabled(council)
        self.ordered_on.setEnabled(not council)
        minor = kind is RepairOrderKind.MINOR
        self.block.setVisible(not minor)  # nothing in the section applies to minor repairs
        label = self.right.labelForField(self.block)
        if label is not None:
            label.setVisible(not minor)

    def data(self) -> RepairOrderData:
        kind, parcel = self.chosen_kind(), self.parcel.parcel
        if parcel is None:
            raise InvalidInput(
                "Choose the parcel whose owner is ordered (add it under People & Parcels).",
                field="parcel_id",
            )
        street_id = self.street.currentData()
        text = self.estimate.text().strip()
        council = kind is RepairOrderKind.COUNCIL_ORDER
        minor = kind is RepairOrderKind.MINOR
        return RepairOrderData(
            kind=kind,
            parcel_id=parcel.id,
            location=self.location.text(),
            defect=self.defect.toPlainText(),
            work_required=self.work_required.toPlainText(),
            street_id=street_id if isinstance(street_id, int) else None,
            caused_by_owner=self.caused.isChecked(),
            meeting_id=self.meeting.meeting_id() if council else None,
            ordered_on=None if council else forms.to_date(self.ordered_on),
            whole_block=minor or self.whole_block.isChecked(),
            partial_approved_by=""
            if minor or self.whole_block.isChecked()
            else self.partial_by.text(),
            estimated_cost=Money.parse(text, field="estimated_cost") if text else None,
            notes=self.notes.text(),
        )

    def commit(self) -> object:
        def work(action: Action) -> int:
            return sidewalks.order_repair(action, self.data()).id

        return perform(self, self.app, work, errors=self.errors)


def order_banner(row: OrderRow) -> QLabel:
    return forms.banner(
        f"{row.number} — {row.kind.label}: {row.owner}, {row.parcel_text}. {row.location}. "
        f"{row.status.label}.",
        tone="info",
    )


class _OrderAct(RowActDialog):
    """A form acting on one repair order."""

    form_width = 660
    row: OrderRow

    def row_banner(self) -> QWidget:
        return order_banner(self.row)


class ServiceDialog(_OrderAct):
    """Record service of the notice on the owner: the day, how, and by whom. The owner's last
    day (20 days after service, a Sunday or legal holiday moving it) shows as the day changes.
    Served by publication when the owner's address is known, the form asks for the copy mailed
    first class to it (``sidewalks.publication_mailing``; Wis. Stat. § 66.0907(3)(c))."""

    def __init__(self, parent: QWidget | None, app: App, row: OrderRow) -> None:
        super().__init__(
            parent, app, row, "Notice served", save_text="Record service", name="service_dialog"
        )
        order_id = row.id
        self.mailing = (
            perform(
                self,
                app,
                lambda a: details_views.publication_note(a, order_id),
                writes=False,
            )
            or ""
        )
        self.served_on = forms.date_edit(app.desk.clock.today(), name="served_on")
        self.how = QComboBox()
        self.how.setObjectName("how")
        self.how.setEditable(True)
        self.how.addItems(list(SERVICE_METHODS))
        self.by_name = QLineEdit(app.operator.full_name)
        self.by_name.setObjectName("by_name")
        self.due = QLabel()
        self.due.setObjectName("repair_due")
        self.due.setWordWrap(True)
        self.due.setTextFormat(Qt.TextFormat.RichText)
        self.mailing_note = QLabel(
            f"{html.escape(self.mailing)} ({cite_link(sidewalks.NOTICE_CITE)})"
        )
        self.mailing_note.setObjectName("mailing_note")
        self.mailing_note.setWordWrap(True)
        self.mailing_note.setStyleSheet(text_sheet(LATE))
        self.mailing_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.mailed = QCheckBox("A copy was &mailed first class to the owner's address")
        self.mailed.setObjectName("mailed_copy")
        mailing_box = QWidget()
        mailing_lines = QVBoxLayout(mailing_box)
        mailing_lines.setContentsMargins(0, 0, 0, 0)
        mailing_lines.addWidget(self.mailing_note)
        mailing_lines.addWidget(self.mailed)
        self.mailing_box = mailing_box
        self.add_field("&Served on", left_aligned(self.served_on), "served_on")
        self.add_field("&How", left_aligned(self.how), "how")
        self.form.addRow("", mailing_box)
        self.add_field("&By", self.by_name, "by_name")
        self.form.addRow(self.due)
        self.served_on.dateChanged.connect(lambda _d: self.show_due())
        self.how.currentTextChanged.connect(lambda _t: self.show_mailing())
        self.done_building(680)
        self.show_due()
        self.show_mailing()
        self.served_on.setFocus()

    def publication(self) -> bool:
        return self.how.currentText().strip().lower() == sidewalks.PUBLICATION

    def show_mailing(self) -> None:
        """By publication, with the owner's address known: ask for the first-class copy."""
        self.mailing_box.setVisible(bool(self.mailing) and self.publication())

    def show_due(self) -> None:
        day = forms.to_date(self.served_on)
        if self.row.kind is RepairOrderKind.EMERGENCY:
            self.due.setText(
                "An emergency: the owner is directed to repair the sidewalk <b>immediately</b>; "
                "the City may repair from the day of service."
            )
            return
        due = perform(self, self.app, lambda a: sidewalks.repair_due(day, a.calendar), writes=False)
        if due is None:
            return
        self.due.setText(
            f"The owner's last day: <b>{html.escape(format_day(due))}</b>, 20 days after "
            "service (a Sunday or legal holiday moves it). The City may do the work from the "
            "day after."
        )

    def commit(self) -> object:
        day, how, who, order_id = (
            forms.to_date(self.served_on),
            self.how.currentText(),
            self.by_name.text(),
            self.row.id,
        )
        mailed = bool(self.mailing) and self.publication() and self.mailed.isChecked()
        return self.act(
            lambda a: sidewalks.record_service(
                a, order_id, served_on=day, how=how, by_name=who, mailed_copy=mailed
            ),
            "served_on",
            keep=("how", "by_name"),
        )


class OwnerRepairDialog(_OrderAct):
    """Record that the owner made the repair."""

    def __init__(self, parent: QWidget | None, app: App, row: OrderRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "Repaired by the owner",
            save_text="Record",
            name="owner_repair_dialog",
        )
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.add_field("Repaired &on", left_aligned(self.on), "on")
        self.done_building(640)
        self.on.setFocus()

    def commit(self) -> object:
        day, order_id = forms.to_date(self.on), self.row.id
        return self.act(lambda a: sidewalks.record_owner_repair(a, order_id, on=day), "on")


class CityRepairDialog(_OrderAct):
    """The City did the work: its cost is charged to the owner as a special charge, which the
    Treasurer enters on the tax roll as a special tax against the parcel if unpaid. Before the
    owner's days have run the core refuses it, under the day."""

    permission = BILL

    def __init__(self, parent: QWidget | None, app: App, row: OrderRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "Repaired by the City",
            save_text="Record and charge",
            name="city_repair_dialog",
        )
        cite = REPAIR_CITE
        if row.kind is RepairOrderKind.MINOR:
            when = (
                "A minor repair is made without notice, and costs no more than $500.00: the "
                "City may make it now."
            )
            cite = MINOR_REPAIR_CITE
        elif row.city_may_repair_on is not None:
            when = (
                f"The owner's days ran through {_day(row.repair_due_on)}: the City may do the "
                f"work from <b>{html.escape(format_day(row.city_may_repair_on))}</b>."
            )
        elif row.kind is RepairOrderKind.EMERGENCY:
            when = "The direction has not been served: the City may repair from the day it is."
        else:
            when = "The notice has not been served: the owner's days have not begun."
        note = info_label("city_repair_note")
        note.setText(f"{when} ({cite_link(cite)})")
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.cost = money_edit("cost", "0.00")
        self.preview = QLabel()
        self.preview.setObjectName("charge_preview")
        self.preview.setWordWrap(True)
        self.add_field("Repaired &on", left_aligned(self.on), "on")
        self.add_field("&Cost", left_aligned(self.cost), "cost")
        self.form.addRow(self.preview)
        self.cost.textChanged.connect(lambda _t: self.show_preview())
        self.done_building(700)
        self.show_preview()
        self.on.setFocus()

    def show_preview(self) -> None:
        text = self.cost.text().strip()
        try:
            amount = Money.parse(text, field="cost") if text else None
        except InvalidInput as error:
            self.preview.setText(f"<span style='color:{BAD}'>{html.escape(error.message)}</span>")
            return
        owner = html.escape(self.row.owner)
        self.preview.setText(
            f"Charged to {owner}, owner of parcel {html.escape(self.row.parcel_number)}"
            + (f": <b>{amount}</b>" if amount is not None else "")
            + ". Unpaid, the Treasurer enters it on the tax roll as a special tax."
        )
        refit(self.preview)

    def commit(self) -> object:
        text = self.cost.text().strip()
        try:
            cost = Money.parse(text, field="cost") if text else None
        except InvalidInput as error:
            self.errors.clear()
            self.errors.show(error)
            return None
        if cost is None:
            self.errors.clear()
            self.errors.show(InvalidInput("Enter what the repair cost the City.", field="cost"))
            return None
        day, order_id = forms.to_date(self.on), self.row.id
        return self.act(
            lambda a: sidewalks.record_city_repair(a, order_id, on=day, cost=cost),
            "on",
            keep=("cost",),
        )


def cancel_order(parent: QWidget | None, app: App, row: OrderRow) -> bool:
    return reason_dialog(
        parent,
        app,
        title=f"Cancel order {row.number}",
        note=f"{row.owner}, {row.parcel_text}: {row.location}. It stays in the register, marked "
        "cancelled.",
        save_text="Cancel order",
        placeholder="why, e.g. rescinded by the Council on 12/14; repaired before service",
        permission=TAKE,
        work=lambda a, why: sidewalks.cancel_order(a, row.id, reason=why),
        name="cancel_order_dialog",
    )


# ---- the master plan -------------------------------------------------------------------------


class SegmentDialog(forms.FormDialog):
    """Add a segment to the Sidewalk Master Plan, or change one. Who pays for the permits not
    yet issued follows the plan; an issued permit keeps what it said.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: SegmentRow | None = None) -> None:
        super().__init__(
            parent,
            f"Change segment — {row.label}" if row else "New master-plan segment",
            save_text="Save" if row else "Add segment",
        )
        self.app = app
        self.row = row
        self.setObjectName("segment_dialog")
        self.add_top(
            forms.banner(
                "A sidewalk or bicycle lane shown on the current Sidewalk Master Plan is built "
                "or reconstructed at the City's cost; one not shown, at the adjacent owner's "
                f"({COST_CITE}). Permits not yet issued follow the plan as it stands.",
                tone="info",
            )
        )
        self.street = street_box(app, self, optional=False)
        self.side = QComboBox()
        self.side.setObjectName("side")
        for side in SIDES:
            self.side.addItem(SIDE_LABELS.get(side, side), side)
        self.low = digits_edit("low_number", "from the start", chars=10)
        self.high = digits_edit("high_number", "to the end", chars=10)
        self.facility = QComboBox()
        self.facility.setObjectName("facility")
        for facility in sidewalks.FACILITIES:
            self.facility.addItem(sidewalks.facility_label(facility), facility)
        self.description = limited(QLineEdit(), details_views.SEGMENT_LENGTHS["description"])
        self.description.setObjectName("description")
        self.description.setPlaceholderText("e.g. from Broad St N to Court St")
        self.reference = limited(QLineEdit(), details_views.SEGMENT_LENGTHS["plan_reference"])
        self.reference.setObjectName("plan_reference")
        self.reference.setPlaceholderText("e.g. 2024 plan, map sheet 3")
        self.add_field("S&treet", self.street, "street_id")
        self.add_field("&Side", left_aligned(self.side), "side")
        self.add_field(
            "&Numbers",
            widgets_row(self.low, "to", self.high, "(both included; blank is open)"),
            "low_number",
        )
        self.errors.add("high_number", self.errors_label_for("high_number"), self.high)
        self.add_field("Sho&ws", left_aligned(self.facility), "facility")
        self.add_field("&Description", self.description, "description")
        self.add_field("Plan &reference", self.reference, "plan_reference")
        if row is not None:
            choose_data(self.street, row.street_id)
            choose_data(self.side, row.side)
            self.low.setText("" if row.low_number is None else str(row.low_number))
            self.high.setText("" if row.high_number is None else str(row.high_number))
            choose_data(self.facility, row.facility)
            self.description.setText(row.description)
            self.reference.setText(row.plan_reference)
        self.finish_layout()
        why = may_not(app, PLAN)
        if why:
            self.set_read_only(why)
        self.resize(640, self.sizeHint().height())
        self.street.setFocus()

    def errors_label_for(self, field: str) -> QLabel:
        label = forms.error_label()
        self.form.addRow("", label)
        return label

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: SegmentRow | None = None) -> int | None:
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def data(self) -> SegmentData:
        street_id = self.street.currentData()
        if not isinstance(street_id, int):
            raise InvalidInput(
                "Choose the street (add it under Street Numbers).", field="street_id"
            )
        return SegmentData(
            street_id=street_id,
            side=str(self.side.currentData()),
            low_number=whole_number(self.low, "low_number", "The first number"),
            high_number=whole_number(self.high, "high_number", "The last number"),
            facility=str(self.facility.currentData()),
            description=self.description.text(),
            plan_reference=self.reference.text(),
        )

    def commit(self) -> object:
        """Save through the core. A refusal about the whole segment (it overlaps another, or
        permits were issued under it) is shown under the numbers, not in a box; one about a
        field under that field."""
        row = self.row

        def work(action: Action) -> int:
            data = self.data()
            if row is None:
                return sidewalks.add_segment(action, data).id
            return sidewalks.update_segment(action, row.id, data).id

        keep = ("street_id", "side", "high_number", "facility", "description", "plan_reference")
        return perform(
            self, self.app, forms.as_field_error(work, "low_number", keep=keep), errors=self.errors
        )


def retire_segment(parent: QWidget | None, app: App, row: SegmentRow) -> bool:
    return reason_dialog(
        parent,
        app,
        title="Retire a master-plan segment",
        note=f"{row.label}. It leaves the current plan: permits not yet issued there are "
        "decided without it; permits issued under it keep what they said.",
        save_text="Retire",
        placeholder="e.g. Council resolution 2027-04 amending the plan",
        permission=PLAN,
        work=lambda a, why: sidewalks.retire_segment(a, row.id, reason=why),
        name="retire_segment_dialog",
    )


# ---- tables ----------------------------------------------------------------------------------

CHARGE_COLUMNS = (
    TableColumn("Charge", lambda r: r.description, tooltip=lambda r: r.cite or None),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
    TableColumn("Paid", lambda r: r.paid.format(), align=RIGHT),
    TableColumn(
        "Status",
        lambda r: r.status.value.capitalize(),
        colour=lambda r: GOOD_BACKGROUND if r.status is DueStatus.PAID else None,
    ),
)
