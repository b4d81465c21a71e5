"""Sidewalks: the sidewalk article before § 506-6 — permits to lay, remove, replace or repair a
public sidewalk, the Sidewalk Master Plan that decides who pays, and orders to repair defective
sidewalks under Wis. Stat. § 66.0907.

Three pages, one register each:

- **Permits** — the clerk finds a permit by typing part of its number, the applicant, a street,
  a location, a contractor or a parcel, and narrows by status and year. Beside the register are
  the chosen permit's details with who pays for the work (as the current plan reads, until the
  permit is issued and it is fixed), the findings of the article that stand in the way of
  issuing it, and its history. No fee is charged; the permit prints with the standard
  specifications sheet.
- **Repair orders** — the Council's orders (20 days after service of the notice), emergencies
  and minor repairs up to $500: the notice to print and serve, the owner's last day, and the
  City's repair whose cost becomes a special charge against the parcel.
- **Master plan** — the segments of the current Sidewalk Master Plan. Who pays for a permit not
  yet issued follows it; an address can be looked up to see whether the plan shows it.

Nothing is deleted: a denied or withdrawn permit, a cancelled order and a retired segment stay.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.kinds import RepairOrderKind, RepairOrderStatus, SidewalkPermitStatus, SidewalkWork
from clerk_desk.sidewalks import details as details_views
from clerk_desk.sidewalks import papers
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.acts import OrderAct, PermitAct, SegmentAct
from clerk_desk.sidewalks.details import (
    DecisionRow,
    OrderDetails,
    OrderRow,
    PermitDetails,
    PermitRow,
    SegmentRow,
    order_details,
    permit_details,
    search_order_rows,
    search_permit_rows,
    segment_rows,
    street_choices,
)
from clerk_desk.sidewalks.service import (
    MINOR_REPAIR_CITE,
    ORDER_RECORD_TYPE,
    PERMIT_CITE,
    RECORD_TYPE,
    REPAIR_CITE,
    SEARCH_LIMIT,
    WHOLE_BLOCK_CITE,
)
from clerk_desk.words import day_or_blank, format_day, plural
from ui import forms, printing
from ui.dialog_parts import info_label, may_not, refit
from ui.findings_view import FindingsView
from ui.kit.style import BAD, BAD_BACKGROUND, LATE_BACKGROUND, SECONDARY, marked, panel_sheet
from ui.operations import App, attempt, perform
from ui.register_page import (
    MUTED,
    Progress,
    RegisterPage,
    act_button,
    button_grid,
    export_workbook,
    register_splitter,
    show_acts,
)
from ui.sidewalk_dialogs import (
    CHARGE_COLUMNS,
    DECIDE,
    PLAN,
    SIDE_LABELS,
    TAKE,
    AppealDialog,
    CityRepairDialog,
    CompleteDialog,
    CouncilDecisionDialog,
    IssueDialog,
    OrderDialog,
    OwnerRepairDialog,
    PermitDialog,
    SegmentDialog,
    ServiceDialog,
    cancel_order,
    cite_link,
    decision_html,
    deny_permit,
    digits_edit,
    retire_segment,
    street_box,
    withdraw_permit,
)
from ui.table_models import HISTORY_COLUMNS, RowsModel, TableColumn

_EXPORT_ALL = 10**9


def fit_columns(
    table: QTableView, widest: dict[int, tuple[str, ...]], stretched: tuple[int, ...]
) -> None:
    """Size a register inside the main window's tab (about 1,215 pixels at a 1400-pixel
    window): each column of ``widest`` fixed just wide enough for its header and the longest of
    its texts (so a status or a payer always shows whole), the ``stretched`` ones sharing what
    is left (a name, a place: elided, the whole text in the tooltip). No sideways scrolling."""
    header = table.horizontalHeader()
    header.setStretchLastSection(False)
    cell, head = table.fontMetrics(), header.fontMetrics()
    model = table.model()
    for column, texts in widest.items():
        title = str(model.headerData(column, Qt.Orientation.Horizontal))
        width = max([head.horizontalAdvance(title)] + [cell.horizontalAdvance(t) for t in texts])
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(column, width + 20)
    for column in stretched:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)


DAY_TEXT = "12/31/2026"
KIND_SHORT = {
    RepairOrderKind.COUNCIL_ORDER: "Council order",
    RepairOrderKind.EMERGENCY: "Emergency",
    RepairOrderKind.MINOR: "Minor repair",
}
"""The register's short word for an order's kind (the full label is its tooltip)."""


# ---- the permits ------------------------------------------------------------------------------


def permit_columns() -> tuple[TableColumn, ...]:
    def payer_tip(row: PermitRow) -> str | None:
        return f"{row.decision.reason} ({row.decision.cite})"

    return (
        TableColumn("Permit", lambda r: r.number),
        TableColumn("Applicant", lambda r: r.applicant, tooltip=lambda r: r.applicant_address),
        TableColumn("Where", lambda r: r.where, tooltip=lambda r: r.where or None),
        TableColumn(
            "Work",
            lambda r: r.work.label + (" (bicycle lane)" if r.bike_lane else ""),
            tooltip=lambda r: r.work.label + (" of a bicycle lane" if r.bike_lane else ""),
        ),
        TableColumn(
            "Work starts",
            lambda r: words.us_date(r.work_starts_on),
            header_tooltip=f"The permit is obtained at least seven days before ({PERMIT_CITE})",
        ),
        TableColumn(
            "Paid by",
            lambda r: r.decision.payer_text,
            tooltip=payer_tip,
            header_tooltip="Who pays under the Cost of sidewalks: as the current Sidewalk "
            "Master Plan reads until the permit is issued, then fixed",
        ),
        TableColumn(
            "Status",
            lambda r: r.status.label,
            colour=lambda r: LATE_BACKGROUND if r.status is SidewalkPermitStatus.APPEALED else None,
        ),
    )


def permit_html(row: PermitRow) -> str:
    """The chosen permit in words: who, what, where, and every day the article counts from."""
    e = html.escape
    parts = [
        f"<h3>{e(row.number)} — {e(row.status.label)}</h3>",
        f"<p><b>{e(row.applicant)}</b>"
        + (
            f"<br><span style='color:{SECONDARY}'>{e(row.applicant_address)}</span>"
            if row.applicant_address
            else ""
        )
        + "</p>",
    ]
    what = [f"<i>Work:</i> {e(row.work.label)} of a {e(row.facility.lower())}"]
    if row.address:
        what.append(f"<i>In front of:</i> {e(row.address)}")
    what.append(f"<i>Location:</i> {e(row.location)}")
    area = "Commercial or industrial" if row.commercial else "Residential"
    size = f" · {e(row.size)}" if row.size else ""
    what.append(f"<i>Area:</i> {area}{size}")
    if row.new_subdivision:
        what.append("<i>In a new subdivision or development</i>")
    if row.decision.repair_order:
        what.append(
            f"<i>Carries out repair order</i> {e(row.decision.repair_order)} "
            f"({cite_link(REPAIR_CITE)})"
        )
    if row.contractor_name:
        what.append(f"<i>Contractor:</i> {e(row.contractor_name)}")
    if row.parcel is not None:
        owner = f" ({e(row.parcel.owner_name)})" if row.parcel.owner_name else ""
        what.append(
            f"<i>Parcel:</i> {e(row.parcel.parcel_number)} {e(row.parcel.site_address)}{owner}"
        )
    parts.append("<p>" + "<br>".join(what) + "</p>")
    days = [
        f"Applied {e(day_or_blank(row.applied_on))}, taken by {e(row.received_by)}"
        + ("" if row.city_contract else f"; no fee ({cite_link(PERMIT_CITE)})")
    ]
    if row.city_contract:
        days.append(
            f"Work under contract with the City: no permit required ({cite_link(PERMIT_CITE)})"
        )
    if row.work_starts_on:
        days.append(f"Work starts <b>{e(day_or_blank(row.work_starts_on))}</b>")
    elif not row.city_contract:
        days.append(marked("Start of the work not given", BAD))
    if row.decided_on and not row.denial_reasons and not row.city_contract:
        days.append(f"Issued {e(day_or_blank(row.decided_on))} by {e(row.decided_by)}")
    if row.denial_reasons:
        days.append(
            f"{marked('Denied', BAD)} {e(day_or_blank(row.decided_on))} by "
            f"{e(row.decided_by)}: {e(row.denial_reasons)}"
        )
    if row.appeal_filed_on:
        days.append(f"Appeal to the Common Council filed {e(day_or_blank(row.appeal_filed_on))}")
    if row.appeal_decided_on:
        outcome = (
            "granted"
            if row.status in (SidewalkPermitStatus.ISSUED_ON_APPEAL, SidewalkPermitStatus.COMPLETED)
            else "refused"
        )
        days.append(
            f"Common Council, meeting of {e(row.appeal_meeting)}: appeal <b>{outcome}</b>"
            + (f" — {e(row.appeal_note)}" if row.appeal_note else "")
        )
    if row.completed_on:
        days.append(f"Work completed {e(day_or_blank(row.completed_on))}")
    parts.append("<p>" + "<br>".join(days) + "</p>")
    if row.partial_replacement_approved:
        parts.append(
            "<p>Partial replacement approved by the Director of Public Works "
            f"({cite_link(WHOLE_BLOCK_CITE)})</p>"
        )
    if row.conditions:
        parts.append(
            "<p><i>Conditions:</i><br>"
            + "<br>".join(e(line) for line in row.conditions.splitlines())
            + "</p>"
        )
    if row.withdrawn_reason:
        parts.append(f"<p>Withdrawn: {e(row.withdrawn_reason)}</p>")
    if row.notes:
        parts.append(f"<p style='color:{SECONDARY}'><i>Notes:</i> {e(row.notes)}</p>")
    return "".join(parts)


class PermitsPage(RegisterPage[PermitRow]):
    """The permit register, the chosen permit and its acts.

    Signals: ``status(str)`` for the status bar; ``changed()`` after a permit was saved.
    """

    changed = Signal()

    row_type = PermitRow
    record_type = RECORD_TYPE
    search_limit = SEARCH_LIMIT
    count_noun = "permit"
    empty_text = "No sidewalk permits yet"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("permits_page")
        self.details: PermitDetails | None = None
        self._build()
        self._connect()
        self._show_details()

    def _build(self) -> None:
        top = self._build_filters(
            "Search permit number, applicant, street, location, contractor or parcel "
            "(Down arrow to the list)",
            search_name="permits_search",
            statuses=((status.label, status) for status in SidewalkPermitStatus),
            status_name="permit_status_filter",
            year_name="permit_year_filter",
            year_tip="The year the application was taken",
        )

        self.model = RowsModel(permit_columns(), self)
        self.model.set_dimmed(lambda r: r.finished)
        self.table = forms.make_table(self.model, name="permits_table")
        fit_columns(
            self.table,
            {
                0: ("SWC-2026-000",),
                3: tuple(w.label for w in SidewalkWork),
                4: (DAY_TEXT,),
                5: ("Land divider (plan today)", "Owner (plan today)"),
                6: tuple(s.label for s in SidewalkPermitStatus),
            },
            (1, 2),
        )

        self.cost = info_label("permit_cost")
        self.cost.linkActivated.connect(self.app.open_link)
        self.summary = forms.rich_label("permit_details", self.app.open_link)

        self.correct_button = act_button(
            "C&orrect…", "correct_button", "Correct the application (or the City contract record)"
        )
        self.withdraw_button = act_button(
            "&Withdraw…", "withdraw_button", "The applicant withdraws the application"
        )
        self.issue_button = act_button(
            "&Issue…", "issue_button", "Issue the permit and print it with the specifications"
        )
        self.deny_button = act_button("&Deny…", "deny_button", "Deny the permit, with the reasons")
        self.appeal_button = act_button(
            "&Appeal filed…", "appeal_button", "Record an appeal of the denial to the Council"
        )
        self.council_button = act_button(
            "Co&uncil decision…",
            "council_button",
            "Record the Common Council's decision on the appeal",
        )
        self.complete_button = act_button(
            "Comp&leted…", "complete_button", "Record the work completed"
        )
        self.print_button = act_button(
            "Prin&t permit", "print_button", "The permit with the specifications sheet attached"
        )
        self.specs_button = act_button(
            "Print &specifications",
            "specs_button",
            "The standard specifications for sidewalk alone, to hand to a contractor",
        )
        self.act_buttons: dict[PermitAct, QPushButton] = {
            PermitAct.CORRECT: self.correct_button,
            PermitAct.WITHDRAW: self.withdraw_button,
            PermitAct.ISSUE: self.issue_button,
            PermitAct.DENY: self.deny_button,
            PermitAct.APPEAL: self.appeal_button,
            PermitAct.COUNCIL_DECISION: self.council_button,
            PermitAct.COMPLETE: self.complete_button,
            PermitAct.PRINT: self.print_button,
        }
        grid = button_grid(
            (
                ("Application", (self.correct_button, self.withdraw_button)),
                ("Decision", (self.issue_button, self.deny_button)),
                ("Appeal", (self.appeal_button, self.council_button)),
                ("Permit", (self.complete_button, self.print_button, self.specs_button)),
            )
        )
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 8, 0)
        side_layout.addWidget(self.cost)
        side_layout.addWidget(self.summary)
        side_layout.addStretch(1)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(forms.scrolled(side), 1)
        left_layout.addLayout(grid)

        self.findings = FindingsView(self.app)
        self.findings.setObjectName("permit_findings")
        findings_page = QWidget()
        findings_layout = QVBoxLayout(findings_page)
        findings_layout.addWidget(self.findings)
        findings_layout.addStretch(1)
        self.history_model = RowsModel(HISTORY_COLUMNS, self)
        self.history_table = forms.make_table(self.history_model, name="permit_history_table")
        self.history_table.setWordWrap(True)
        forms.size_columns(self.history_table, {0: 17, 1: 16})
        self.pages = QTabWidget()
        self.pages.setObjectName("permit_pages")
        self.pages.addTab(forms.scrolled(findings_page), "Review")
        self.pages.addTab(self.history_table, "History")

        splitter = register_splitter(
            self.table,
            left,
            self.pages,
            sizes=(260, 440),
            below_sizes=(640, 640),
            stretch=(2, 3),
            below_stretch=(1, 1),
        )

        self.new_button = QPushButton("&New application…")
        self.new_button.setObjectName("new_permit_button")
        self.new_button.setToolTip("Take an application for a sidewalk permit (Ctrl+N)")
        self.contract_button = QPushButton("City &contract work…")
        self.contract_button.setObjectName("city_contract_button")
        self.contract_button.setToolTip(
            "Record work by a contractor under contract with the City (no permit required)"
        )
        bottom = self._build_footer(
            self.new_button, self.contract_button, count_name="permit_count"
        )
        refused = may_not(self.app, TAKE)
        for made in (self.new_button, self.contract_button):
            if refused:
                made.setEnabled(False)
                made.setToolTip(refused)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        self._order_tabs()

    def _connect(self) -> None:
        self._connect_register()
        self.table.doubleClicked.connect(lambda _i: self.correct_selected())
        self.new_button.clicked.connect(self.new_application)
        self.contract_button.clicked.connect(self.new_city_contract)
        self.correct_button.clicked.connect(self.correct_selected)
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        self.issue_button.clicked.connect(self.issue_selected)
        self.deny_button.clicked.connect(self.deny_selected)
        self.appeal_button.clicked.connect(
            lambda: self._act(AppealDialog, "Appeal to the Council recorded")
        )
        self.council_button.clicked.connect(self.council_decision)
        self.complete_button.clicked.connect(
            lambda: self._act(CompleteDialog, "Work completed recorded")
        )
        self.print_button.clicked.connect(self.print_selected)
        self.specs_button.clicked.connect(self.print_specifications)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_application)

    # ---- the register --------------------------------------------------------------------------

    def status_filter(self) -> SidewalkPermitStatus | None:
        data = self.status_box.currentData()
        return SidewalkPermitStatus(data) if data else None

    def search_rows(self, action: Action) -> list[PermitRow]:
        text, year = self.search_field.text(), self.year_box.currentData()
        return search_permit_rows(action, text, status=self.status_filter(), year=year)

    def register_years(self, action: Action) -> list[int]:
        return details_views.permit_years(action)

    select_permit = RegisterPage.select_id

    def _show_details(self) -> None:
        row = self.selected()
        details = None
        if row is not None:
            permit_id = row.id
            details = perform(self, self.app, lambda a: permit_details(a, permit_id), writes=False)
        self.details = details
        if details is None:
            self.summary.setText("<i>No permit selected.</i>")
            self.cost.setVisible(False)
            self.findings.set_findings([])
            self.history_model.set_rows([])
            self.pages.setTabText(0, "Review")
        else:
            shown = details.row
            self.summary.setText(permit_html(shown))
            self.cost.setVisible(True)
            self.cost.setText(
                decision_html(
                    shown.decision,
                    pending_note="As the current Sidewalk Master Plan reads today: fixed "
                    "when the permit is issued.",
                )
                + (
                    "<br><b>Work under contract with the City:</b> no permit is required "
                    f"({cite_link(PERMIT_CITE)})."
                    if shown.city_contract
                    else ""
                )
            )
            self.findings.empty_text = (
                "Reviewed before it is issued: nothing to review now."
                if shown.status is not SidewalkPermitStatus.APPLIED
                else "Nothing in the article stands in the way."
            )
            self.findings.set_findings(details.findings)
            stops = sum(1 for f in details.findings if f.blocks)
            self.pages.setTabText(0, f"Review ({plural(stops, 'stop')})" if stops else "Review")
            self.history_model.set_rows(list(details.history))
            self.history_table.resizeRowsToContents()
        refit(self.summary)
        self._update_buttons(details)

    def _update_buttons(self, details: PermitDetails | None) -> None:
        """Each act as the core's acts say (``details_views.permit_acts``): no rule here."""
        show_acts(self.act_buttons, details.acts if details else None, "Choose a permit")
        self.specs_button.setEnabled(True)

    # ---- acts ----------------------------------------------------------------------------------

    def _announce_change(self) -> None:
        self.changed.emit()

    def _taken_message(self, permit_id: int, what: str) -> str:
        """ "Sidewalk permit SW-2026-001 taken: no fee. Paid 100% by the City of Prescott." """

        found = perform(
            self, self.app, lambda a: details_views.permit_taken(a, permit_id, what), writes=False
        )
        return found or "Sidewalk permit saved."

    def new_application(self) -> None:
        if may_not(self.app, TAKE):
            return
        permit_id = PermitDialog.ask(self, self.app)
        if permit_id is not None:
            self._after_save(permit_id, self._taken_message(permit_id, "taken"))

    def new_city_contract(self) -> None:
        if may_not(self.app, TAKE):
            return
        permit_id = PermitDialog.ask(self, self.app, city_contract=True)
        if permit_id is not None:
            self._after_save(permit_id, "City contract work recorded: no permit required.")

    def correct_selected(self) -> None:
        row = self.selected()
        if row is None or not self.correct_button.isEnabled():
            return
        if PermitDialog.ask(self, self.app, row=row) is not None:
            self._after_save(row.id, f"{row.number} corrected.")

    def withdraw_selected(self) -> None:
        row = self.selected()
        if (
            row is not None
            and self.withdraw_button.isEnabled()
            and withdraw_permit(self, self.app, row)
        ):
            self._after_save(row.id, f"{row.number} withdrawn.")

    def deny_selected(self) -> None:
        row = self.selected()
        if row is not None and self.deny_button.isEnabled() and deny_permit(self, self.app, row):
            self._after_save(
                row.id, f"Permit {row.number} denied: it may be appealed to the Council."
            )

    def issue_selected(self) -> None:
        row = self.selected()
        if row is None or row.status is not SidewalkPermitStatus.APPLIED:
            return
        if not IssueDialog.ask(self, self.app, row):
            return
        self._after_save(row.id, self._taken_message(row.id, "issued"))
        self.print_selected()

    def council_decision(self) -> None:
        row = self.selected()
        if row is None or row.status is not SidewalkPermitStatus.APPEALED:
            return
        if not CouncilDecisionDialog.ask(self, self.app, row):
            return
        self._after_save(row.id, f"The Council's decision on {row.number} recorded.")
        fresh = self.selected()
        if fresh is not None and fresh.issued:
            self.print_selected()

    # ---- paper ---------------------------------------------------------------------------------

    def permit_bytes(self, permit_id: int) -> bytes | None:
        """The permit as a PDF, the specifications sheet attached as its following pages."""

        paper = perform(self, self.app, lambda a: papers.permit_paper(a, permit_id), writes=False)
        if paper is None:
            return None
        from reports.sidewalks import permit_pdf

        return attempt(
            self,
            lambda: permit_pdf(
                paper.view, paper.profile, sections=paper.sections, printed_on=paper.printed_on
            ),
        )

    def print_selected(self) -> None:
        row = self.selected()
        if row is None or not row.issued:
            return
        pdf = self.permit_bytes(row.id)
        if pdf is None:
            return
        title = f"Sidewalk permit {row.number}"
        if printing.print_or_explain(
            self, pdf, title=title, saved=f"Permit {row.number} is issued: print it again here."
        ):
            self.status.emit(f"{title} sent to the printer.")

    def print_specifications(self) -> None:
        from reports.sidewalks import specifications_pdf

        paper = perform(self, self.app, papers.specifications_paper, writes=False)
        pdf = (
            None
            if paper is None
            else attempt(
                self,
                lambda: specifications_pdf(
                    paper.sections, paper.profile, printed_on=paper.printed_on
                ),
            )
        )
        if pdf is not None and printing.print_or_explain(
            self, pdf, title="Standard specifications for sidewalk"
        ):
            self.status.emit("Standard specifications for sidewalk sent to the printer.")


# ---- the repair orders ------------------------------------------------------------------------


def order_columns() -> tuple[TableColumn, ...]:
    def due_colour(row: OrderRow) -> str | None:
        return BAD_BACKGROUND if row.overdue else None

    def due_text(row: OrderRow) -> str:
        if row.kind is RepairOrderKind.MINOR:
            return "no notice"
        return words.us_date(row.repair_due_on)

    return (
        TableColumn("Order", lambda r: r.number),
        TableColumn("Kind", lambda r: KIND_SHORT[r.kind], tooltip=lambda r: r.kind.label),
        TableColumn("Owner", lambda r: r.owner, tooltip=lambda r: r.owner_address or None),
        TableColumn("Parcel", lambda r: r.parcel_number, tooltip=lambda r: r.site_address or None),
        TableColumn("Location", lambda r: r.location, tooltip=lambda r: r.defect or None),
        TableColumn("Ordered", lambda r: words.us_date(r.ordered_on)),
        TableColumn("Served", lambda r: words.us_date(r.served_on)),
        TableColumn(
            "Owner's last day",
            due_text,
            colour=due_colour,
            header_tooltip="20 days after service of the notice; a Sunday or legal holiday "
            f"moves it ({REPAIR_CITE})",
        ),
        TableColumn("Status", lambda r: r.status.label),
    )


def order_html(row: OrderRow) -> str:
    e = html.escape
    parts = [
        f"<h3>{e(row.number)} — {e(row.status.label)}</h3>",
        f"<p><b>{e(row.owner)}</b>, owner"
        + (
            f"<br><span style='color:{SECONDARY}'>{e(row.owner_address)}</span>"
            if row.owner_address
            else ""
        )
        + f"<br>Parcel {e(row.parcel_text)}</p>",
    ]
    what = [f"<i>{e(row.kind.label)}</i>"]
    where = " — ".join(p for p in (row.street, row.location) if p)
    what.append(f"<i>Where:</i> {e(where)}")
    what.append(f"<i>Defect:</i> {e(row.defect)}")
    if row.work_required:
        what.append(f"<i>Work required:</i> {e(row.work_required)}")
    if row.caused_by_owner:
        what.append("Damaged by the owner or the owner's agents")
    if row.kind is RepairOrderKind.MINOR:
        what.append(f"Whole block: does not apply ({cite_link(MINOR_REPAIR_CITE)})")
    elif row.whole_block:
        what.append(f"Whole block at one time ({cite_link(WHOLE_BLOCK_CITE)})")
    else:
        what.append(
            f"Partial replacement approved by {e(row.partial_approved_by)} "
            f"({cite_link(WHOLE_BLOCK_CITE)})"
        )
    if row.estimated_cost is not None:
        limit = (
            f" (not more than $500.00: {cite_link(MINOR_REPAIR_CITE)})"
            if row.kind is RepairOrderKind.MINOR
            else ""
        )
        what.append(f"<i>Estimated cost:</i> {row.estimated_cost}{limit}")
    parts.append("<p>" + "<br>".join(what) + "</p>")
    days = []
    if row.meeting:
        days.append(f"Ordered by the Common Council, meeting of {e(row.meeting)}")
    else:
        days.append(f"Ordered {e(day_or_blank(row.ordered_on))} by {e(row.ordered_by)}")
    if row.served_on:
        days.append(
            f"Notice served {e(day_or_blank(row.served_on))} ({e(row.served_how)}) "
            f"by {e(row.served_by)}"
        )
    if row.repair_due_on and row.kind is RepairOrderKind.COUNCIL_ORDER:
        days.append(f"Owner's last day: <b>{e(day_or_blank(row.repair_due_on))}</b>")
    if row.city_may_repair_on and row.open:
        days.append(f"The City may repair from <b>{e(day_or_blank(row.city_may_repair_on))}</b>")
    if row.repaired_by_owner_on:
        days.append(f"Repaired by the owner {e(day_or_blank(row.repaired_by_owner_on))}")
    if row.city_repaired_on:
        days.append(
            f"Repaired by the City {e(day_or_blank(row.city_repaired_on))}: "
            f"{row.city_cost} charged to the owner"
        )
    if row.cancel_reason:
        days.append(f"Cancelled: {e(row.cancel_reason)}")
    parts.append("<p>" + "<br>".join(days) + "</p>")
    if row.notes:
        parts.append(f"<p style='color:{SECONDARY}'><i>Notes:</i> {e(row.notes)}</p>")
    return "".join(parts)


class OrdersPage(RegisterPage[OrderRow]):
    """The repair-order register (Wis. Stat. § 66.0907), the chosen order and its acts.

    Signals: ``status(str)``; ``changed()`` after an order was saved.
    """

    changed = Signal()

    row_type = OrderRow
    record_type = ORDER_RECORD_TYPE
    search_limit = SEARCH_LIMIT
    count_noun = "order"
    empty_text = "No repair orders yet"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("orders_page")
        self.details: OrderDetails | None = None
        self._build()
        self._connect()
        self._show_details()

    def _build(self) -> None:
        top = self._build_filters(
            "Search order number, owner, parcel, address, location or defect (Down arrow to "
            "the list)",
            search_name="orders_search",
            statuses=((status.label, status) for status in RepairOrderStatus),
            status_name="order_status_filter",
            year_name="order_year_filter",
        )

        self.model = RowsModel(order_columns(), self)
        self.model.set_dimmed(lambda r: not r.open)
        self.table = forms.make_table(self.model, name="orders_table")
        fit_columns(
            self.table,
            {
                0: ("SR-2026-000",),
                1: tuple(KIND_SHORT.values()),
                3: ("281-00000-0000",),
                5: (DAY_TEXT,),
                6: (DAY_TEXT,),
                7: (DAY_TEXT, "no notice"),
                8: tuple(s.label for s in RepairOrderStatus),
            },
            (2, 4),
        )

        self.summary = forms.rich_label("order_details", self.app.open_link)
        self.service_button = act_button(
            "Notice &served…", "service_button", "Record service of the notice on the owner"
        )
        self.notice_button = act_button(
            "Print no&tice", "notice_button", "The notice to the owner, to serve"
        )
        self.owner_button = act_button(
            "&Owner repaired…", "owner_repair_button", "The owner made the repair"
        )
        self.city_button = act_button(
            "&City repaired…",
            "city_repair_button",
            "The City did the work: its cost is charged to the owner as a special charge",
        )
        self.cancel_button = act_button("Cance&l order…", "cancel_order_button", "Cancel the order")
        self.act_buttons: dict[OrderAct, QPushButton] = {
            OrderAct.PRINT_NOTICE: self.notice_button,
            OrderAct.SERVE: self.service_button,
            OrderAct.OWNER_REPAIR: self.owner_button,
            OrderAct.CITY_REPAIR: self.city_button,
            OrderAct.CANCEL: self.cancel_button,
        }
        grid = button_grid(
            (
                ("Notice", (self.notice_button, self.service_button)),
                ("Repair", (self.owner_button, self.city_button, self.cancel_button)),
            )
        )
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 8, 0)
        side_layout.addWidget(self.summary)
        side_layout.addStretch(1)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(forms.scrolled(side), 1)
        left_layout.addLayout(grid)

        self.findings = FindingsView(self.app, empty_text="Nothing waits on this order.")
        self.findings.setObjectName("order_findings")
        findings_page = QWidget()
        findings_layout = QVBoxLayout(findings_page)
        findings_layout.addWidget(self.findings)
        findings_layout.addStretch(1)
        self.charge_model = RowsModel(CHARGE_COLUMNS, self)
        self.charge_table = forms.make_table(self.charge_model, name="charges_table")
        forms.size_columns(self.charge_table, {0: 40, 1: 11, 2: 11})
        self.history_model = RowsModel(HISTORY_COLUMNS, self)
        self.history_table = forms.make_table(self.history_model, name="order_history_table")
        self.history_table.setWordWrap(True)
        forms.size_columns(self.history_table, {0: 17, 1: 16})
        self.pages = QTabWidget()
        self.pages.setObjectName("order_pages")
        self.pages.addTab(forms.scrolled(findings_page), "Where it stands")
        self.pages.addTab(self.charge_table, "Special charge")
        self.pages.addTab(self.history_table, "History")

        splitter = register_splitter(
            self.table,
            left,
            self.pages,
            sizes=(260, 440),
            below_sizes=(640, 640),
        )

        self.new_button = QPushButton("&New repair order…")
        self.new_button.setObjectName("new_order_button")
        self.new_button.setToolTip(
            "A Council order, an emergency direction, or a minor repair up to $500 (Ctrl+N)"
        )
        if may_not(self.app, TAKE) and may_not(self.app, DECIDE):
            self.new_button.setEnabled(False)
            self.new_button.setToolTip(may_not(self.app, TAKE))
        bottom = self._build_footer(self.new_button, count_name="order_count")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)

    def _connect(self) -> None:
        self._connect_register()
        self.new_button.clicked.connect(self.new_order)
        self.service_button.clicked.connect(self.record_service)
        self.notice_button.clicked.connect(self.print_notice)
        self.owner_button.clicked.connect(
            lambda: self._act(OwnerRepairDialog, "Owner's repair recorded")
        )
        self.city_button.clicked.connect(self.city_repair)
        self.cancel_button.clicked.connect(self.cancel_selected)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_order)

    def status_filter(self) -> RepairOrderStatus | None:
        data = self.status_box.currentData()
        return RepairOrderStatus(data) if data else None

    def search_rows(self, action: Action) -> list[OrderRow]:
        text, year = self.search_field.text(), self.year_box.currentData()
        return search_order_rows(action, text, status=self.status_filter(), year=year)

    def register_years(self, action: Action) -> list[int]:
        return details_views.order_years(action)

    select_order = RegisterPage.select_id

    def _show_details(self) -> None:
        row = self.selected()
        details = None
        if row is not None:
            order_id = row.id
            details = perform(self, self.app, lambda a: order_details(a, order_id), writes=False)
        self.details = details
        if details is None:
            self.summary.setText("<i>No order selected.</i>")
            self.findings.set_findings([])
            self.charge_model.set_rows([])
            self.history_model.set_rows([])
        else:
            self.summary.setText(order_html(details.row))
            self.findings.set_findings(details.findings)
            self.charge_model.set_rows(list(details.charges))
            self.history_model.set_rows(list(details.history))
            self.history_table.resizeRowsToContents()
            self.pages.setTabText(
                1,
                f"Special charge ({len(details.charges)})" if details.charges else "Special charge",
            )
        refit(self.summary)
        self._update_buttons(details)

    def _update_buttons(self, details: OrderDetails | None) -> None:
        """Each act as the core's acts say (``details_views.order_acts``): no rule here."""
        show_acts(self.act_buttons, details.acts if details else None, "Choose an order")

    def _announce_change(self) -> None:
        self.changed.emit()

    def new_order(self) -> None:
        if not self.new_button.isEnabled():
            return
        order_id = OrderDialog.ask(self, self.app)
        if order_id is None:
            return

        found = perform(
            self, self.app, lambda a: details_views.order_taken(a, order_id), writes=False
        )
        text = f"Repair order {found.number} recorded" if found else "Repair order recorded"
        notice = found is not None and found.needs_notice
        self._after_save(order_id, text + (": print the notice and serve it." if notice else "."))
        if notice:
            self.print_notice()

    def record_service(self) -> None:
        row = self.selected()
        if row is None or not ServiceDialog.ask(self, self.app, row):
            return
        fresh = perform(self, self.app, lambda a: order_details(a, row.id).row, writes=False)
        due = fresh.repair_due_on if fresh else None
        self._after_save(
            row.id,
            f"Notice of {row.number} served"
            + (f": the owner's last day is {format_day(due)}." if due else "."),
        )

    def city_repair(self) -> None:
        row = self.selected()
        if row is None or not CityRepairDialog.ask(self, self.app, row):
            return
        self._after_save(
            row.id, f"City repair of {row.number} recorded and charged to {row.owner}."
        )
        self.pages.setCurrentIndex(1)

    def cancel_selected(self) -> None:
        row = self.selected()
        if row is not None and cancel_order(self, self.app, row):
            self._after_save(row.id, f"Repair order {row.number} cancelled.")

    def print_notice(self) -> None:
        row = self.selected()
        if row is None or not row.needs_notice:
            return
        order_id = row.id

        from reports.sidewalks import repair_notice_pdf

        paper = perform(self, self.app, lambda a: papers.notice_paper(a, order_id), writes=False)
        pdf = (
            None
            if paper is None
            else attempt(
                self,
                lambda: repair_notice_pdf(
                    paper.view, paper.profile, printed_on=paper.printed_on, sections=paper.sections
                ),
            )
        )
        title = f"Notice to repair sidewalk {row.number}"
        if pdf is not None and printing.print_or_explain(
            self, pdf, title=title, saved="The order is recorded: print the notice again here."
        ):
            self.status.emit(f"{title} sent to the printer.")


# ---- the master plan --------------------------------------------------------------------------


def segment_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Street", lambda r: r.street),
        TableColumn("Side", lambda r: SIDE_LABELS.get(r.side, r.side)),
        TableColumn("Numbers", lambda r: r.numbers),
        TableColumn("Shows", lambda r: sidewalks.facility_label(r.facility)),
        TableColumn("Status", lambda r: "Current" if r.active else "Retired"),
        TableColumn(
            "Plan reference", lambda r: r.plan_reference, tooltip=lambda r: r.plan_reference or None
        ),
        TableColumn(
            "Description", lambda r: r.description, tooltip=lambda r: r.description or None
        ),
    )


class PlanPage(QWidget):
    """The segments of the current Sidewalk Master Plan, and an address looked up against it.

    Signals: ``status(str)``; ``changed()`` after the plan changed (who pays for the permits not
    yet issued follows it).
    """

    status = Signal(str)
    changed = Signal()

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("plan_page")
        self.loaded = False
        self._all: list[SegmentRow] = []
        self._build()
        self._connect()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.loaded:
            self.refresh()

    def _build(self) -> None:
        note = QLabel(
            "A sidewalk or bicycle lane shown on the current Sidewalk Master Plan is constructed "
            "or reconstructed at the City's cost; one not shown, at the adjacent owner's "
            f"({cite_link(sidewalks.COST_CITE)}). A permit not yet issued follows the plan as it "
            "stands; an issued permit keeps the payer fixed when it was issued."
        )
        note.setObjectName("plan_note")
        note.setWordWrap(True)
        note.setTextFormat(Qt.TextFormat.RichText)
        note.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        note.linkActivated.connect(self.app.open_link)
        note.setStyleSheet(panel_sheet("info"))
        self.search_field = forms.SearchField("Search street, description or plan reference")
        self.search_field.setObjectName("plan_search")
        self.retired_box = QCheckBox("Show retire&d segments")
        self.retired_box.setObjectName("show_retired")
        top = QHBoxLayout()
        top.addWidget(self.search_field, 1)
        top.addWidget(self.retired_box)

        self.model = RowsModel(segment_columns(), self)
        self.model.set_dimmed(lambda r: not r.active)
        self.table = forms.make_table(self.model, name="segments_table")
        fit_columns(
            self.table,
            {
                1: tuple(SIDE_LABELS.values()),
                2: ("whole length", "from 9999", "up to 9999", "9999-9999"),
                3: tuple(sidewalks.facility_label(f) for f in sidewalks.FACILITIES),
                4: ("Current", "Retired"),
            },
            (0, 5, 6),
        )

        self.add_button = act_button(
            "&Add segment…", "add_segment_button", "Add a segment to the plan"
        )
        self.edit_button = act_button("&Edit…", "edit_segment_button", "Change the chosen segment")
        self.retire_button = act_button(
            "Ret&ire…", "retire_segment_button", "Take the chosen segment off the current plan"
        )
        self.act_buttons: dict[SegmentAct, QPushButton] = {
            SegmentAct.CHANGE: self.edit_button,
            SegmentAct.RETIRE: self.retire_button,
        }
        self.count_label = QLabel()
        self.count_label.setObjectName("segment_count")
        self.count_label.setStyleSheet(MUTED)
        buttons = QHBoxLayout()
        for made in (self.add_button, self.edit_button, self.retire_button):
            buttons.addWidget(made)
        buttons.addStretch(1)
        buttons.addWidget(self.count_label)
        refused = may_not(self.app, PLAN)
        if refused:
            self.add_button.setEnabled(False)
            self.add_button.setToolTip(refused)

        # -- an address looked up against the plan, as the permit form would read it
        lookup = QGroupBox("Look up an address")
        lookup.setObjectName("plan_lookup")
        self.lookup_street = street_box(self.app, self, "lookup_street", optional=False)
        self.lookup_number = digits_edit("lookup_number", "e.g. 118", chars=7)
        self.lookup_bike = QCheckBox("Bicycle lane")
        self.lookup_bike.setObjectName("lookup_bike_lane")
        self.lookup_result = forms.rich_label("lookup_result", self.app.open_link)
        self.lookup_result.setText(
            "<i>Choose a street and type a number: the plan says whether it shows the sidewalk "
            "there, and who would pay to construct or reconstruct it.</i>"
        )
        fields = QGridLayout()
        street_label = QLabel("S&treet")
        street_label.setBuddy(self.lookup_street)
        number_label = QLabel("N&umber")
        number_label.setBuddy(self.lookup_number)
        fields.addWidget(street_label, 0, 0)
        fields.addWidget(self.lookup_street, 0, 1)
        fields.addWidget(number_label, 1, 0)
        number_row = QHBoxLayout()
        number_row.addWidget(self.lookup_number)
        number_row.addWidget(self.lookup_bike)
        number_row.addStretch(1)
        fields.addLayout(number_row, 1, 1)
        fields.setColumnStretch(1, 1)
        lookup_lines = QVBoxLayout(lookup)
        lookup_lines.addLayout(fields)
        lookup_lines.addWidget(self.lookup_result)

        self.detail = forms.rich_label("segment_details", self.app.open_link)
        right = QWidget()
        right_lines = QVBoxLayout(right)
        right_lines.setContentsMargins(8, 0, 0, 0)
        right_lines.addWidget(lookup)
        right_lines.addWidget(self.detail)
        right_lines.addStretch(1)

        body = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_lines = QVBoxLayout(left)
        left_lines.setContentsMargins(0, 0, 0, 0)
        left_lines.addWidget(self.table, 1)
        left_lines.addLayout(buttons)
        body.addWidget(left)
        body.addWidget(right)
        body.setStretchFactor(0, 3)
        body.setStretchFactor(1, 1)
        body.setSizes([950, 380])
        body.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(note)
        layout.addLayout(top)
        layout.addWidget(body, 1)

    def _connect(self) -> None:
        self.search_field.search_requested.connect(lambda _text: self._show_rows())
        self.search_field.move_down.connect(self._enter_table)
        self.retired_box.toggled.connect(lambda _on: self.refresh())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update())
        self.table.doubleClicked.connect(lambda _i: self.edit_selected())
        self.add_button.clicked.connect(self.add_segment)
        self.edit_button.clicked.connect(self.edit_selected)
        self.retire_button.clicked.connect(self.retire_selected)
        self.lookup_street.currentIndexChanged.connect(lambda _i: self.look_up())
        self.lookup_number.textChanged.connect(lambda _t: self.look_up())
        self.lookup_bike.toggled.connect(lambda _on: self.look_up())

    def selected(self) -> SegmentRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, SegmentRow) else None

    def refresh(self) -> None:
        retired = self.retired_box.isChecked()

        def work(action: Action) -> tuple[list[SegmentRow], list[tuple[int, str]]]:
            return segment_rows(action, include_retired=retired), street_choices(action)

        found = perform(self, self.app, work, writes=False)
        if found is None:
            return
        self.loaded = True
        rows, streets = found
        self._offer_streets(streets)
        self._all = rows
        self._show_rows()
        self.look_up()

    def _offer_streets(self, streets: list[tuple[int, str]]) -> None:
        """The street register as it is now (streets are added in the Street Numbers tab)."""
        box = self.lookup_street
        offered = [(box.itemData(i), box.itemText(i)) for i in range(box.count())]
        if offered == streets:
            return
        current = box.currentData()
        with forms.quietly(box):
            box.clear()
            for street_id, name in streets:
                box.addItem(name, street_id)
            box.setCurrentIndex(max(0, box.findData(current)))

    def _show_rows(self, select_id: int | None = None) -> None:
        """The segments holding every word typed (the plan is short: filtered here)."""
        words = self.search_field.text().lower().split()
        selected = self.selected()
        wanted = select_id if select_id is not None else (selected.id if selected else None)
        rows = [
            r
            for r in self._all
            if all(
                w in f"{r.street} {r.description} {r.plan_reference} {r.numbers}".lower()
                for w in words
            )
        ]
        self.model.set_rows(rows)
        current = sum(1 for r in self._all if r.active)
        self.count_label.setText(
            f"{plural(current, 'segment')} on the current plan" if current else "No segments yet"
        )
        number = self.model.row_of(lambda r: r.id == wanted) if wanted is not None else -1
        forms.select_row(self.table, max(number, 0))
        self._update()

    def _enter_table(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.selected() is None:
            forms.select_row(self.table, 0)

    def _update(self) -> None:
        row = self.selected()
        segment_id = row.id if row is not None else None
        said = (
            None
            if segment_id is None
            else perform(
                self, self.app, lambda a: details_views.segment_acts(a, segment_id), writes=False
            )
        )
        show_acts(self.act_buttons, said, "Choose a segment")
        if row is None:
            self.detail.setText("")
            return
        e = html.escape
        self.detail.setText(
            f"<p><b>{e(row.label)}</b>"
            + (f"<br>{e(row.description)}" if row.description else "")
            + (
                f"<br><span style='color:{SECONDARY}'>{e(row.plan_reference)}</span>"
                if row.plan_reference
                else ""
            )
            + ("" if row.active else "<br><i>Retired: no longer on the current plan.</i>")
            + "</p>"
        )

    def look_up(self) -> None:
        """Whether the plan shows the sidewalk at the address typed, and who would pay to
        construct or reconstruct it (the core's decision, as the permit form reads it)."""
        street_id, text = self.lookup_street.currentData(), self.lookup_number.text().strip()
        if not isinstance(street_id, int) or not text.isdigit():
            return
        number, bike_lane = int(text), self.lookup_bike.isChecked()

        def work(action: Action) -> DecisionRow:
            return details_views.cost_preview(
                action,
                work=SidewalkWork.RECONSTRUCT,
                street_id=street_id,
                number=number,
                bike_lane=bike_lane,
                new_subdivision=False,
            )

        decision = perform(self, self.app, work, writes=False)
        if decision is None:
            return
        street = self.lookup_street.currentText()
        e = html.escape
        shown = (
            f"<b>Shown on the plan</b>: {e(decision.segment)}"
            if decision.segment
            else "<b>Not shown on the current plan.</b>"
        )
        self.lookup_result.setText(
            f"{e(str(number))} {e(street)}: {shown}<br>Constructed or reconstructed: "
            f"<b>{e(decision.summary)}</b> ({cite_link(decision.cite)})."
        )
        refit(self.lookup_result)

    def add_segment(self) -> None:
        segment_id = SegmentDialog.ask(self, self.app)
        if segment_id is not None:
            self._saved(segment_id, "Segment added to the Sidewalk Master Plan.")

    def edit_selected(self) -> None:
        row = self.selected()
        if row is None or not self.edit_button.isEnabled():
            return
        if SegmentDialog.ask(self, self.app, row) is not None:
            self._saved(row.id, f"Segment {row.label} changed.")

    def retire_selected(self) -> None:
        row = self.selected()
        if (
            row is not None
            and self.retire_button.isEnabled()
            and retire_segment(self, self.app, row)
        ):
            self._saved(row.id, f"Segment {row.label} retired from the plan.")

    def _saved(self, segment_id: int, message: str) -> None:
        self.refresh()
        self._show_rows(segment_id)
        self.changed.emit()
        self.status.emit(message + " Permits not yet issued follow the plan.")


# ---- the tab ----------------------------------------------------------------------------------


class SidewalksTab(QWidget):
    """The Sidewalks tab: Permits, Repair orders and Master plan.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after a permit, an order or the plan was saved (the Today tab may
    refresh).
    """

    status = Signal(str)
    register_changed = Signal()

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("sidewalks_tab")
        self.permits = PermitsPage(app)
        self.orders = OrdersPage(app)
        self.plan = PlanPage(app)
        self.inner = QTabWidget()
        self.inner.setObjectName("sidewalk_pages")
        self.inner.addTab(self.permits, "&Permits")
        self.inner.addTab(self.orders, "&Repair orders")
        self.inner.addTab(self.plan, "&Master plan")
        self.inner.setTabToolTip(
            0, f"Sidewalk permits: free, seven days before work ({PERMIT_CITE})"
        )
        self.inner.setTabToolTip(1, f"Orders to repair defective sidewalks ({REPAIR_CITE})")
        self.inner.setTabToolTip(2, "The current Sidewalk Master Plan: who pays follows it")
        self.export_button = QPushButton("E&xport to Excel…")
        self.export_button.setObjectName("export_button")
        self.export_button.setToolTip(
            "Permits, repair orders and the master plan as they are searched, one sheet each"
        )
        self.inner.setCornerWidget(self.export_button, Qt.Corner.TopRightCorner)
        layout = QVBoxLayout(self)
        layout.addWidget(self.inner)
        for page in (self.permits, self.orders, self.plan):
            page.status.connect(self.status)
            page.changed.connect(self.register_changed)
        self.plan.changed.connect(self._plan_changed)
        self.export_button.clicked.connect(self.export_register)

    def _plan_changed(self) -> None:
        """Who pays for a permit not yet issued follows the plan: read the permits again."""
        if self.permits.loaded:
            self.permits.refresh()

    def _pages(self) -> tuple[PermitsPage | OrdersPage | PlanPage, ...]:
        return (self.permits, self.orders, self.plan)

    # ---- what the main window calls ------------------------------------------------------------

    def focus_search(self) -> None:
        page = self.inner.currentWidget()
        field = getattr(page, "search_field", None)
        if field is not None:
            field.setFocus(Qt.FocusReason.ShortcutFocusReason)
            field.selectAll()

    def refresh(self) -> None:
        """Read the page shown again (and the others already read)."""
        current = self.inner.currentWidget()
        for page in self._pages():
            if page is current or page.loaded:
                page.refresh()

    def show_record(self, record_type: str, record_id: str) -> None:
        """Show one permit or repair order (the Today tab asks)."""
        if not record_id.isdigit():
            return
        if record_type == RECORD_TYPE:
            self.inner.setCurrentWidget(self.permits)
            self.permits.select_permit(int(record_id))
        elif record_type == ORDER_RECORD_TYPE:
            self.inner.setCurrentWidget(self.orders)
            self.orders.select_order(int(record_id))
        elif record_type == sidewalks.SEGMENT_RECORD_TYPE:
            self.inner.setCurrentWidget(self.plan)
            self.plan.refresh()
            self.plan._show_rows(int(record_id))

    def export_register(self) -> None:
        """The permits and orders the searches show, and the master plan, to one workbook (a
        sheet each, ``reports.excel.write_workbook``), on a worker thread behind a progress
        dialog whose Cancel leaves no file."""
        export_workbook(
            self,
            ask="Export the sidewalk registers",
            suggested=f"sidewalks-{self.app.desk.clock.today().isoformat()}.xlsx",
            busy="Exporting the sidewalk registers…",
            write=self._export_work,
            written=lambda counts: (
                f"{plural(counts[0], 'permit')}, {plural(counts[1], 'repair order')} and "
                f"{plural(counts[2], 'plan segment')}"
            ),
            tell=self.status.emit,
        )

    def _export_work(self, path: str) -> Callable[[Progress], tuple[int, int, int]]:
        app = self.app
        permits, orders = self.permits, self.orders
        search = papers.RegisterSearch(
            permits.search_field.text(),
            permits.status_filter(),
            permits.year_box.currentData(),
            orders.search_field.text(),
            orders.status_filter(),
            orders.year_box.currentData(),
            self.plan.retired_box.isChecked(),
            _EXPORT_ALL,
        )

        def work(progress: Progress) -> tuple[int, int, int]:
            from reports.sidewalks import register_xlsx

            with app.desk.lookup(app.operator) as action:
                sheets = papers.register_sheets(action, search)
            register_xlsx(
                sheets.permits,
                sheets.orders,
                sheets.segments,
                path,
                city=sheets.city,
                printed_on=sheets.printed_on,
                author=app.operator.full_name,
                progress=progress,
            )
            return len(sheets.permits), len(sheets.orders), len(sheets.segments)

        return work


__all__ = [
    "OrdersPage",
    "PermitsPage",
    "PlanPage",
    "SidewalksTab",
    "order_columns",
    "permit_columns",
    "segment_columns",
]
