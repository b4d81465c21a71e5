"""The Sidewalks tab's page of permits: the register, the chosen permit's details, review and
history, and its acts, enabled by the core's acts."""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.kinds import RepairOrderKind, SidewalkPermitStatus, SidewalkWork
from clerk_desk.sidewalks import acts as sidewalk_acts
from clerk_desk.sidewalks import details as details_views
from clerk_desk.sidewalks import papers
from clerk_desk.sidewalks.acts import PermitAct, RegisterAct
from clerk_desk.sidewalks.details import (
    PermitDetails,
    PermitRow,
    permit_details,
    search_permit_rows,
)
from clerk_desk.sidewalks.service import (
    PERMIT_CITE,
    RECORD_TYPE,
    REPAIR_CITE,
    SEARCH_LIMIT,
    WHOLE_BLOCK_CITE,
)
from clerk_desk.words import day_or_blank, plural
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.application_page import details_column
from ui.kit.dialog_parts import info_label, refit
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, draw_paper, perform
from ui.kit.register_page import (
    RegisterPage,
    act_button,
    button_grid,
    register_splitter,
    show_acts,
)
from ui.kit.style import BAD, LATE_BACKGROUND, SECONDARY, marked
from ui.kit.table_models import HISTORY_COLUMNS, RowsModel, TableColumn
from ui.sidewalks.parts import (
    cite_link,
    decision_html,
    fit_columns,
)
from ui.sidewalks.permit_dialogs import (
    AppealDialog,
    CompleteDialog,
    CouncilDecisionDialog,
    IssueDialog,
    PermitDialog,
    deny_permit,
    withdraw_permit,
)

DAY_TEXT = "12/31/2026"
NEW_PERMIT_TIP = "Take an application for a sidewalk permit (Ctrl+N)"
CONTRACT_TIP = "Record work by a contractor under contract with the City (no permit required)"


KIND_SHORT = {
    RepairOrderKind.COUNCIL_ORDER: "Council order",
    RepairOrderKind.EMERGENCY: "Emergency",
    RepairOrderKind.MINOR: "Minor repair",
}
"""The register's short word for an order's kind (the full label is its tooltip)."""


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
    parts.append(_work_html(row))
    parts.append(_days_html(row))
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


def _work_html(row: PermitRow) -> str:
    """The work: what, where, the area and size, the repair order, contractor and parcel."""
    e = html.escape
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
    return "<p>" + "<br>".join(what) + "</p>"


def _days_html(row: PermitRow) -> str:
    """Every day the article counts from: applied, start, decision, appeal, completion."""
    e = html.escape
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
    return "<p>" + "<br>".join(days) + "</p>"


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

        self._build_register()

        self.cost = info_label("permit_cost")
        self.cost.linkActivated.connect(self.app.open_link)
        self.summary = forms.rich_label("permit_details", self.app.open_link)

        left = details_column(self.cost, self.summary, acts=self._build_act_buttons())

        self._build_pages()

        splitter = register_splitter(
            self.table,
            left,
            self.pages,
            # The details, not the register, take the height: at 800 pixels they sat in a
            # small scrolling box under a half-empty register (issue 19).
            sizes=(190, 510),
            below_sizes=(640, 640),
            stretch=(1, 3),
            below_stretch=(1, 1),
        )

        bottom = self._build_register_buttons()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        self._order_tabs()

    def _build_register(self) -> None:
        """The register of permits, its columns sized to what they hold."""
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

    def _build_act_buttons(self) -> QGridLayout:
        """The acts on the chosen permit, grouped as the permit goes: application to work."""
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
        return grid

    def _build_pages(self) -> None:
        """The review (what the rules find) and the history, as tabs."""
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

    def _build_register_buttons(self) -> QHBoxLayout:
        """New application and City contract work, enabled by the core's acts."""
        self.new_button = QPushButton("&New application…")
        self.new_button.setObjectName("new_permit_button")
        self.new_button.setToolTip(NEW_PERMIT_TIP)
        self.contract_button = QPushButton("City &contract work…")
        self.contract_button.setObjectName("city_contract_button")
        self.contract_button.setToolTip(CONTRACT_TIP)
        bottom = self._build_footer(
            self.new_button, self.contract_button, count_name="permit_count"
        )
        # Enabled by the core's acts, read with the register on the worker (read_beside); until
        # then the form's own check and the service refuse an operator who may not.
        self._register: dict[RegisterAct, str | None] = {}
        return bottom

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

    def search_query(self) -> Callable[[Action], list[PermitRow]]:
        return partial(
            search_permit_rows,
            text=self.search_field.text(),
            status=self.status_filter(),
            year=self.year_box.currentData(),
        )

    def register_years(self, action: Action) -> list[int]:
        return details_views.permit_years(action)

    def read_beside(self, action: Action) -> dict[RegisterAct, str | None]:
        """What the operator may do on the register itself (new application, City contract
        work), read with the rows on the worker rather than as the page is built."""
        return sidewalk_acts.register_acts(action)

    def show_beside(self, figure: object) -> None:
        self._register = cast(dict[RegisterAct, str | None], figure)
        for made, act, tip in (
            (self.new_button, RegisterAct.NEW_PERMIT, NEW_PERMIT_TIP),
            (self.contract_button, RegisterAct.CITY_CONTRACT, CONTRACT_TIP),
        ):
            refused = self._register.get(act)
            made.setEnabled(not refused)
            made.setToolTip(refused or tip)

    select_permit = RegisterPage.select_id

    def read_chosen(self, action: Action, row: PermitRow) -> PermitDetails:
        return permit_details(action, row.id)

    def _show_details(self) -> None:
        row = self.selected()
        details = None
        if row is not None:
            details = cast(PermitDetails | None, self.chosen_details(row))
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
        if self._register.get(RegisterAct.NEW_PERMIT):
            return
        permit_id = PermitDialog.ask(self, self.app)
        if permit_id is not None:
            self._after_save(permit_id, self._taken_message(permit_id, "taken"))

    def new_city_contract(self) -> None:
        if self._register.get(RegisterAct.CITY_CONTRACT):
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

        def draw(paper: papers.PermitPaper) -> bytes:
            from reports.sidewalks import permit_pdf  # imported on the worker, as it draws

            return permit_pdf(
                paper.view, paper.profile, sections=paper.sections, printed_on=paper.printed_on
            )

        return draw_paper(self, self.app, lambda a: papers.permit_paper(a, permit_id), draw)

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
        def draw(paper: papers.SpecificationsPaper) -> bytes:
            from reports.sidewalks import specifications_pdf  # imported on the worker

            return specifications_pdf(paper.sections, paper.profile, printed_on=paper.printed_on)

        pdf = draw_paper(self, self.app, papers.specifications_paper, draw)
        if pdf is not None and printing.print_or_explain(
            self, pdf, title="Standard specifications for sidewalk"
        ):
            self.status.emit("Standard specifications for sidewalk sent to the printer.")
