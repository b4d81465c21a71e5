"""Street Openings: excavation permits for streets, alleys, sidewalks, ditches and City
easements (§§ 506-6, 506-7), from the application at the counter to the end of the guarantee.

The clerk finds a permit by typing part of its number, the applicant's name, a street or a
location, and narrows the register by status (as the register shows it: an approved permit past
its last day reads "Expired", a restored one is in its guarantee period) and by year. Beside the
register are the chosen permit's details: the applicant (a public utility posts no bond), every
opening listed, the approval findings with their sections, the work checklist with its times,
renewals, what is owed for it and which receipts paid it, and its history.

Applications are taken with :class:`~ui.street_openings.dialogs.OpeningDialog`; the Building
Inspector or the Director of Public Works approves, and the permit prints at once. Nothing is
deleted: a refused application and a closed permit stay in the register.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date
from functools import partial
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process, words
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.kinds import OpeningStatus
from clerk_desk.street_openings import acts as opening_acts
from clerk_desk.street_openings import rules as street_openings_rules
from clerk_desk.street_openings import views as street_openings_views
from clerk_desk.street_openings import work as street_openings_work
from clerk_desk.street_openings.acts import OpeningAct, RegisterAct
from clerk_desk.street_openings.rules import (
    CITY_WORK_CITE,
    EMERGENCY_CITE,
    FROZEN_CITE,
    FROZEN_RULE,
    RECORD_TYPE,
    VALIDITY_CITE,
)
from clerk_desk.street_openings.views import (
    OpeningDetails,
    OpeningRow,
    Shown,
    opening_details,
    register_rows,
)
from clerk_desk.words import clock_time, day_or_blank
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit import printing as printing
from ui.kit.dialog_parts import NBSP
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, draw_paper, perform
from ui.kit.register_page import (
    Progress,
    RegisterPage,
    act_button,
    button_grid,
    register_splitter,
    show_acts,
)
from ui.kit.style import BAD, BAD_BACKGROUND, LATE, LATE_BACKGROUND, QUIET, marked
from ui.kit.table_models import HISTORY_COLUMNS, RowsModel, TableColumn, yes
from ui.ordinance_viewer import cite_html
from ui.street_openings import jobs
from ui.street_openings.charges import CityRepairDialog, DeficiencyDialog
from ui.street_openings.dialogs import (
    RENEWAL_COLUMNS,
    ApproveDialog,
    CouncilFindingDialog,
    FrozenEmergencyDialog,
    OpenedDialog,
    OpeningDialog,
    RefuseDialog,
    RenewDialog,
    WorkDialog,
    checklist_columns,
    due_columns,
    site_columns,
)
from ui.street_openings.improvements import ImprovementsDialog


def opening_columns() -> tuple[TableColumn, ...]:
    def status_colour(row: OpeningRow) -> str | None:
        return LATE_BACKGROUND if row.status_text == "Expired" else None

    def due_colour(row: OpeningRow) -> str | None:
        return BAD_BACKGROUND if row.restoration_overdue else None

    return (
        TableColumn("Permit", lambda r: r.number),
        TableColumn(
            "Applicant",
            lambda r: r.applicant + (" (utility)" if r.public_utility else ""),
            tooltip=lambda r: r.applicant_address or None,
        ),
        TableColumn("Locations", lambda r: r.locations, tooltip=lambda r: r.locations or None),
        TableColumn(
            "Emergency",
            lambda r: yes(r.emergency),
            header_tooltip=f"Emergency excavation, made before applying ({EMERGENCY_CITE})",
        ),
        TableColumn("Applied", lambda r: words.us_date(r.applied_on)),
        TableColumn(
            "Valid through",
            lambda r: words.us_date(r.valid_until),
            header_tooltip=f"Six months from approval, and any renewals ({VALIDITY_CITE})",
        ),
        TableColumn("Status", lambda r: r.status_text, colour=status_colour),
        TableColumn(
            "Restoration due",
            lambda r: words.us_date(r.restoration_due),
            colour=due_colour,
            header_tooltip="Permanent pavement within 60 days of the permit; a winter cold-mix "
            "patch replaced by the following July 1 (§ 506-7G)",
        ),
    )


class StreetOpeningsTab(RegisterPage[OpeningRow]):
    """The Street Openings tab.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after a permit was saved (the Today tab may refresh).
    """

    register_changed = Signal()

    row_type = OpeningRow
    record_type = RECORD_TYPE
    search_limit = street_openings_rules.SEARCH_LIMIT
    count_noun = "permit"
    empty_text = "No street openings yet"
    export_what = "street opening register"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("street_openings_tab")
        self.details: OpeningDetails | None = None
        self._build()
        self._connect()
        self._show_details()

    # ---- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        top = self._build_filters(
            "Search permit number, applicant, street or location (Down arrow to the list)",
            search_name="openings_search",
            statuses=((shown.label, shown) for shown in Shown),
        )

        self.model = RowsModel(opening_columns(), self)
        self.model.set_dimmed(lambda r: r.finished)
        self.table = forms.make_table(self.model, name="openings_table")
        forms.size_columns(
            self.table, {0: 12, 1: 24, 2: 30, 3: 10, 4: 11, 5: 12, 6: 17, 7: 12}, stretch=2
        )

        left = self._build_details()
        self._build_pages()

        splitter = register_splitter(
            self.table,
            left,
            self.pages,
            sizes=(320, 400),
            below_sizes=(520, 760),
            stretch=(1, 1),
            below_stretch=(2, 3),
            below_collapsible=True,
        )

        self.new_button = QPushButton("&New application…")
        self.new_button.setObjectName("new_opening_button")
        self.new_button.setToolTip("Take an application for a street opening permit (Ctrl+N)")
        self.city_work_button = QPushButton("&City work…")
        self.city_work_button.setObjectName("city_work_button")
        self.city_work_button.setToolTip(
            f"Record an opening by a City department or City contractor: exempt ({CITY_WORK_CITE})"
        )
        self.improvements_button = QPushButton("&Improvements…")
        self.improvements_button.setObjectName("improvements_button")
        self.improvements_button.setToolTip(
            "The register of street improvements and repavings (no openings for five years)"
        )
        bottom = self._build_footer(
            self.new_button,
            self.city_work_button,
            self.improvements_button,
            export_tip="The permits the search and filters show, to a workbook",
        )
        self._register = perform(self, self.app, opening_acts.register_acts, writes=False) or {}
        for made, act in (
            (self.new_button, RegisterAct.NEW_APPLICATION),
            (self.city_work_button, RegisterAct.CITY_WORK),
        ):
            why = self._register.get(act)
            made.setEnabled(not why)
            if why:
                made.setToolTip(why)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        self._order_tabs()

    def _build_details(self) -> QWidget:
        """The chosen permit's details at the left, its acts under them."""
        self.summary = forms.rich_label("opening_details", self.app.open_link)
        grid = self._build_act_buttons()

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 8, 0)
        side_layout.addWidget(self.summary)
        side_layout.addStretch(1)
        scroller = forms.scrolled(side)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(scroller, 1)
        left_layout.addLayout(grid)
        return left

    def _build_act_buttons(self) -> QGridLayout:
        """The acts on the chosen permit, each with its tip, in captioned lines."""
        self.opened_button = act_button(
            "Opening &made…",
            "opened_button",
            "Record the day the opening was made (before approval, the fee doubles)",
        )
        self.council_button = act_button(
            "Co&uncil finding…",
            "council_button",
            "The Council's finding that opening a street improved within five years is "
            "absolutely essential",
        )
        self.work_button = act_button(
            "Record &work…",
            "work_button",
            "The 24-hour and 4-hour notices, the start, backfill, patch and completion",
        )
        self.frozen_button = act_button(
            "&Frozen-ground emergency…",
            "frozen_button",
            "The official's determination that the work is an emergency excavation",
        )
        self.approve_button = act_button(
            "&Approve…", "approve_button", "Approve the permit and print it (valid six months)"
        )
        self.refuse_button = act_button("Re&fuse…", "refuse_button", "Refuse the application")
        self.renew_button = act_button(
            "Re&new 30 days…", "renew_button", "A thirty-day renewal on written request"
        )
        self.close_button = act_button(
            "C&lose", "close_button", "Close a restored permit once its one-year guarantee ran"
        )
        self.repair_button = act_button(
            "City re&pair charge…",
            "city_repair_button",
            "The City made the repair: its cost and a year's maintenance",
        )
        self.deficiency_button = act_button(
            "&Deficiency repair…",
            "deficiency_button",
            "Deficiencies repaired by Public Works: labor, materials, equipment plus 20%",
        )
        self.print_button = act_button(
            "&Print permit", "print_button", "Preview and print the permit"
        )
        self.act_buttons: dict[OpeningAct, QPushButton] = {
            OpeningAct.OPENED: self.opened_button,
            OpeningAct.COUNCIL_FINDING: self.council_button,
            OpeningAct.WORK: self.work_button,
            OpeningAct.FROZEN_EMERGENCY: self.frozen_button,
            OpeningAct.APPROVE: self.approve_button,
            OpeningAct.REFUSE: self.refuse_button,
            OpeningAct.RENEW: self.renew_button,
            OpeningAct.CLOSE: self.close_button,
            OpeningAct.CITY_REPAIR: self.repair_button,
            OpeningAct.DEFICIENCY_REPAIR: self.deficiency_button,
            OpeningAct.PRINT_PERMIT: self.print_button,
        }
        grid = button_grid(
            (
                ("Application", (self.opened_button, self.council_button, self.work_button)),
                ("Decision", (self.frozen_button, self.approve_button, self.refuse_button)),
                ("Permit", (self.renew_button, self.close_button, self.print_button)),
                ("Charges", (self.repair_button, self.deficiency_button)),
            )
        )
        return grid

    def _build_pages(self) -> None:
        """The chosen permit's pages: its openings, findings, checklist, renewals, dues and
        history."""
        self.site_model = RowsModel(site_columns(), self)
        self.site_table = forms.make_table(self.site_model, name="sites_table")
        forms.size_columns(self.site_table, {0: 16, 1: 36, 2: 12})
        self.findings = FindingsView(self.app)
        self.findings.setObjectName("approval_findings")
        self.frozen_rule = QLabel(
            f"<small style='color:{QUIET}'><b>Frozen ground:</b> {html.escape(FROZEN_RULE)} "
            f"({cite_html(FROZEN_CITE)})</small>"
        )
        self.frozen_rule.setObjectName("frozen_rule")
        self.frozen_rule.setWordWrap(True)
        self.frozen_rule.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.frozen_rule.linkActivated.connect(self.app.open_link)
        findings_page = QWidget()
        findings_layout = QVBoxLayout(findings_page)
        findings_layout.addWidget(self.findings)
        findings_layout.addWidget(self.frozen_rule)
        findings_layout.addStretch(1)
        findings_scroller = forms.scrolled(findings_page)
        self.checklist_model = RowsModel(checklist_columns(), self)
        self.checklist_table = forms.make_table(self.checklist_model, name="checklist_table")
        forms.size_columns(self.checklist_table, {0: 30, 1: 7, 2: 30})
        self.renewal_model = RowsModel(RENEWAL_COLUMNS, self)
        self.renewal_table = forms.make_table(self.renewal_model, name="renewals_table")
        forms.size_columns(self.renewal_table, {0: 11, 1: 11, 2: 34})
        self.due_model = RowsModel(due_columns(), self)
        self.due_table = forms.make_table(self.due_model, name="dues_table")
        forms.size_columns(self.due_table, {0: 18, 1: 9, 2: 9, 3: 9, 4: 10, 5: 12})
        self.history_model = RowsModel(HISTORY_COLUMNS, self)
        self.history_table = forms.make_table(self.history_model, name="history_table")
        self.history_table.setWordWrap(True)
        forms.size_columns(self.history_table, {0: 18, 1: 16})
        self.pages = QTabWidget()
        self.pages.setObjectName("opening_pages")
        self.pages.addTab(self.site_table, "Openings")
        self.pages.addTab(findings_scroller, "Approval findings")
        self.pages.addTab(self.checklist_table, "Work checklist")
        self.pages.addTab(self.renewal_table, "Renewals")
        self.pages.addTab(self.due_table, "Amounts due")
        self.pages.addTab(self.history_table, "History")

    def _connect(self) -> None:
        self._connect_register()
        self.new_button.clicked.connect(self.new_application)
        self.city_work_button.clicked.connect(self.new_city_work)
        self.improvements_button.clicked.connect(self.show_improvements)
        self.opened_button.clicked.connect(lambda: self._act(OpenedDialog, "Opening recorded"))
        self.council_button.clicked.connect(
            lambda: self._act(CouncilFindingDialog, "Council finding recorded")
        )
        self.work_button.clicked.connect(lambda: self._act(WorkDialog, "Work recorded"))
        self.frozen_button.clicked.connect(
            lambda: self._act(FrozenEmergencyDialog, "Frozen-ground emergency recorded")
        )
        self.approve_button.clicked.connect(self.approve_selected)
        self.refuse_button.clicked.connect(lambda: self._act(RefuseDialog, "Permit refused"))
        self.renew_button.clicked.connect(lambda: self._act(RenewDialog, "Permit renewed"))
        self.close_button.clicked.connect(self.close_selected)
        self.repair_button.clicked.connect(
            lambda: self._act(CityRepairDialog, "City repair billed")
        )
        self.deficiency_button.clicked.connect(
            lambda: self._act(DeficiencyDialog, "Deficiency repair billed")
        )
        self.print_button.clicked.connect(self.print_selected)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_application)

    # ---- the register --------------------------------------------------------------------------

    def search_query(self) -> Callable[[Action], list[OpeningRow]]:
        return partial(
            register_rows,
            text=self.search_field.text(),
            shown=self.shown(),
            year=self.year_box.currentData(),
        )

    def register_years(self, action: Action) -> list[int]:
        return street_openings_views.years(action)

    select_opening = RegisterPage.select_id

    def shown(self) -> Shown | None:
        """The status chosen in the filter (Qt hands a string enum back as its string)."""
        data = self.status_box.currentData()
        return Shown(data) if data else None

    def read_chosen(self, action: Action, row: OpeningRow) -> OpeningDetails:
        return opening_details(action, row.id)

    def _show_details(self) -> None:
        row = self.selected()
        details = None
        if row is not None:
            details = cast(OpeningDetails | None, self.chosen_details(row))
        self.details = details
        if details is None:
            self.summary.setText("<i>No permit selected.</i>")
            for model in (
                self.site_model,
                self.checklist_model,
                self.renewal_model,
                self.due_model,
                self.history_model,
            ):
                model.set_rows([])
            self.findings.set_findings([])
        else:
            shown = details.row
            self.summary.setText(opening_html(shown))
            self.site_model.set_rows(list(shown.sites))
            self.findings.empty_text = (
                f"City work: no permit or fee ({CITY_WORK_CITE})."
                if shown.exempt
                else "Nothing in the ordinance stands in the way."
            )
            self.findings.set_findings(details.findings)
            self.checklist_model.set_rows(list(details.checklist))
            self.renewal_model.set_rows(list(shown.renewals))
            self.due_model.set_rows(list(details.dues))
            self.history_model.set_rows(list(details.history))
            self.history_table.resizeRowsToContents()
            self._label_pages(details)
        self._update_buttons(details)

    def _label_pages(self, details: OpeningDetails) -> None:
        stops = sum(1 for f in details.findings if f.blocks)
        self.pages.setTabText(
            1,
            f"Approval findings ({stops} stop{'s' if stops != 1 else ''})"
            if stops
            else "Approval findings",
        )
        open_dues = sum(1 for d in details.dues if d.status.value == "open")
        self.pages.setTabText(4, f"Amounts due ({open_dues} open)" if open_dues else "Amounts due")
        self.pages.setTabText(0, f"Openings ({len(details.row.sites)})")

    def _allowed(self, act: OpeningAct) -> bool:
        """Whether the core's acts, read with the chosen permit's details, allow ``act``."""
        return self.details is not None and self.details.acts[act] is None

    def _update_buttons(self, details: OpeningDetails | None) -> None:
        """Each act's button as the core's acts say, its refusal as the tooltip."""
        show_acts(self.act_buttons, details.acts if details else None, "Choose a permit")

    # ---- actions -------------------------------------------------------------------------------

    def _announce_change(self) -> None:
        self.register_changed.emit()

    def new_application(self) -> None:
        if self._register.get(RegisterAct.NEW_APPLICATION):
            return
        opening_id = OpeningDialog.ask(self, self.app)
        if opening_id is not None:
            self._after_save(opening_id, self._taken_message(opening_id, "taken"))

    def new_city_work(self) -> None:
        if self._register.get(RegisterAct.CITY_WORK):
            return
        opening_id = OpeningDialog.ask(self, self.app, city_work=True)
        if opening_id is not None:
            self._after_save(opening_id, self._taken_message(opening_id, "recorded (exempt)"))

    def _taken_message(self, opening_id: int, what: str) -> str:
        """ "Street opening SO-2026-014 taken. Fee billed: $50.00." — what the clerk tells the
        applicant at the counter."""

        def work(action: Action) -> str:
            return street_openings_views.taken_message(action, opening_id, what)

        return perform(self, self.app, work, writes=False) or "Street opening saved."

    def approve_selected(self) -> None:
        row = self.selected()
        if row is None or not self._allowed(OpeningAct.APPROVE):
            return
        if not ApproveDialog.ask(self, self.app, row):
            return
        self._after_save(row.id, f"Permit {row.number} approved.")
        self.print_selected()

    def close_selected(self) -> None:
        row = self.selected()
        if row is None or not self._allowed(OpeningAct.CLOSE):
            return
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Close the permit",
            f"Close permit {row.number}? Its one-year guarantee has run; it stays in the "
            "register, closed.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setObjectName("close_box")
        if operations.ask_message(box) != int(QMessageBox.StandardButton.Yes.value):
            return
        opening_id = row.id
        done = perform(
            self, self.app, lambda a: street_openings_work.close(a, opening_id) is not None
        )
        if done:
            self._after_save(opening_id, f"Permit {row.number} closed.")

    def show_improvements(self) -> None:
        if ImprovementsDialog.ask(self, self.app):
            self.register_changed.emit()
            self.refresh()

    def permit_bytes(self, opening_id: int) -> bytes | None:
        """The permit as a PDF, with the bond, insurance and fee receipts on file."""

        def draw(paper: street_openings_views.PermitPaper) -> bytes:
            from reports.street_openings import permit_pdf  # imported on the worker, as it draws

            return permit_pdf(
                paper.row,
                profile=paper.profile,
                printed_on=paper.printed_on,
                protection=paper.protection,
            )

        return draw_paper(
            self, self.app, lambda a: street_openings_views.permit_paper(a, opening_id), draw
        )

    def print_selected(self) -> None:
        row = self.selected()
        if row is None or not self._allowed(OpeningAct.PRINT_PERMIT):
            return
        title = f"Street opening permit {row.number}"
        pdf = self.permit_bytes(row.id)
        if printing.print_permit(self, pdf, title=title, number=row.number):
            self.status.emit(f"{title} sent to the printer.")

    # ---- export --------------------------------------------------------------------------------

    def export_name(self, day: date) -> str:
        return f"street-openings-{day.isoformat()}.xlsx"

    def exported_text(self, count: int) -> str:
        return f"{count:,} street opening permit{'s' if count != 1 else ''}"

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """The permits the search and filters show, all of them, past the screen's limit, in a
        process of its own (the writer would hold the window)."""
        station = Station.of(self.app.desk, self.app.operator)
        text, shown, year = self.search_field.text(), self.shown(), self.year_box.currentData()
        return lambda progress: child_process.run(
            jobs.register_workbook,
            station,
            path,
            text=text,
            shown=shown,
            year=year,
            progress=progress,
        )


# ---- the details panel -----------------------------------------------------------------------


def opening_html(row: OpeningRow) -> str:
    """The chosen permit in words: who, what, where, and every date the ordinance counts from."""
    e = html.escape

    def cite(text: str) -> str:
        return cite_html(text, text.replace(" ", NBSP))

    utility = (
        f" · <b>public utility</b>: no indemnity bond ({cite('§ 506-6 (Public utilities)')})"
        if row.public_utility
        else ""
    )
    parts = [
        f"<h3>{e(row.number)} — {e(row.status_text)}</h3>",
        f"<p><b>{e(row.applicant)}</b>{utility}"
        + (
            f"<br>{marked(row.applicant_address, QUIET, bold=False)}"
            if row.applicant_address
            else ""
        )
        + "</p>",
    ]
    work = _work_lines(row)
    if work:
        parts.append("<p>" + "<br>".join(work) + "</p>")
    if row.emergency:
        notified = (
            f"City officials notified {e(words.us_date(row.city_notified_at.date()))} "
            f"{e(clock_time(row.city_notified_at))}"
            if row.city_notified_at
            else marked("City officials' notification not recorded", LATE)
        )
        made = f"made {e(day_or_blank(row.opened_on))}; " if row.opened_on else ""
        parts.append(
            f"<p>{marked('Emergency excavation', LATE)}: {made}{notified} "
            f"({cite(EMERGENCY_CITE)})</p>"
        )
    elif row.opened_on:
        parts.append(f"<p>Opening made {e(day_or_blank(row.opened_on))}.</p>")
    if row.frozen_emergency_by:
        parts.append(
            f"<p>Frozen ground: determined an emergency by {e(row.frozen_emergency_by)}, "
            f"{e(day_or_blank(row.frozen_emergency_on))} ({cite(FROZEN_CITE)}).</p>"
        )
    if row.council_essential_on:
        parts.append(
            "<p>Common Council found it absolutely essential "
            f"{e(day_or_blank(row.council_essential_on))}: {e(row.council_essential_note)}</p>"
        )
    dates = [
        f"Applied {e(day_or_blank(row.applied_on))}, {e(clock_time(row.applied_at))}, "
        f"taken by {e(row.received_by)}"
    ]
    if row.approved_on:
        who = ", ".join(p for p in (row.approved_by, row.approved_by_title) if p)
        dates.append(f"Approved {e(day_or_blank(row.approved_on))} by {e(who)}")
    if row.valid_until:
        dates.append(
            f"<b>Valid through {e(day_or_blank(row.valid_until))}</b> ({cite(VALIDITY_CITE)})"
        )
    if row.restoration_due:
        dates.append(f"Restoration due {e(day_or_blank(row.restoration_due))}")
    if row.completed_on:
        dates.append(f"Restored {e(day_or_blank(row.completed_on))}")
    if row.guarantee_ends:
        dates.append(f"Guarantee through {e(day_or_blank(row.guarantee_ends))}")
    parts.append("<p>" + "<br>".join(dates) + "</p>")
    if row.status is OpeningStatus.REFUSED and row.refused_reason:
        parts.append(f"<p>{marked('Refused:', BAD)} {e(row.refused_reason)}</p>")
    if row.exempt:
        parts.append(f"<p>City work: no permit or fee ({cite(CITY_WORK_CITE)}).</p>")
    if row.notes:
        parts.append(f"<p style='color:{QUIET}'><i>Notes:</i> {e(row.notes)}</p>")
    return "".join(parts)


def _work_lines(row: OpeningRow) -> list[str]:
    """The work as the application describes it: nature, method, patches nearby, days."""
    e = html.escape
    work = []
    if row.nature_of_work:
        work.append(f"<i>Work:</i> {e(row.nature_of_work)}")
    if row.method:
        work.append(f"<i>Method:</i> {e(row.method)}")
    if row.existing_patches:
        work.append(f"<i>Patches or openings nearby:</i> {e(row.existing_patches)}")
    if row.work_days:
        work.append(f"<i>Days of the work:</i> {e(row.work_days)}")
    return work
