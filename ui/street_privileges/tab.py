"""Street Privileges: permits to use a street, alley or sidewalk to move a building or to keep
materials for its construction or demolition (§ 506-9, with the width limits of § 506-8), from
the application at the counter to the way vacated and cleaned.

The clerk finds a permit by typing part of its number, the applicant's name, a street or a
location, and narrows the register by status and year (an issued permit past its last day reads
"Ended …"). Beside the register are the chosen permit's details — the widths with what §§ 506-8
and 506-9 make of them, the terms the Director of Public Works set, the bond, insurance and fee
on file, the officials' advice — and its acts; under them its pages: the review of what § 506-9
asks before issuance (each item met or not, with its cited findings), the conditions of
occupancy and their checks, what is owed for it, and its history.

Applications are taken with :class:`~ui.street_privileges.application.PrivilegeDialog`; the Director
of Public Works sets the terms and issues, and the permit prints at once. Nothing is deleted: a
refused, withdrawn, revoked or closed permit stays in the register.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process, words
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.kinds import PrivilegeStatus
from clerk_desk.lengths import format_length
from clerk_desk.street_privileges import acts as sp_acts
from clerk_desk.street_privileges import details as street_privileges_details
from clerk_desk.street_privileges import rules as street_privileges_rules
from clerk_desk.street_privileges import views as street_privileges_views
from clerk_desk.street_privileges.acts import PrivilegeAct, RegisterAct
from clerk_desk.street_privileges.details import (
    ConditionRow,
    PrivilegeDetails,
    PrivilegeRow,
    privilege_details,
    search_privilege_rows,
)
from clerk_desk.street_privileges.rules import (
    BOND_CITE,
    CONDITIONS_CITE,
    FEE_CITE,
    RECORD_TYPE,
    REMOVAL_CITE,
    TERMINATION_CITE,
    WHEN_REQUIRED_CITE,
)
from clerk_desk.street_privileges.views import PermitPaper, PermitView
from clerk_desk.words import clock_time, day_or_blank, plural
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.application_page import ApplicationPage, details_column
from ui.kit.dialog_parts import cite_link
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, draw_paper, perform
from ui.kit.register_page import Progress, RegisterPage, act_button, show_acts
from ui.kit.style import BAD, BAD_BACKGROUND, GOOD, LATE, LATE_BACKGROUND, SECONDARY, text_sheet
from ui.kit.table_models import HISTORY_COLUMNS, RowsModel, TableColumn
from ui.street_privileges import jobs
from ui.street_privileges.application import PrivilegeDialog
from ui.street_privileges.decisions import (
    AdviceDialog,
    CityCostsDialog,
    IssueDialog,
    TermsDialog,
    refuse,
    withdraw,
)
from ui.street_privileges.enforcement import (
    CheckDialog,
    CityRemovalDialog,
    CloseDialog,
    RemovalNoticeDialog,
    RevokeDialog,
)
from ui.street_privileges.parts import (
    ReviewList,
    condition_columns,
    due_columns,
    minimums_text,
)


def privilege_columns() -> tuple[TableColumn, ...]:
    def status_colour(row: PrivilegeRow) -> str | None:
        """Amber: ended and not yet recorded vacated; red: revoked and not yet vacated."""
        if row.closed_on is not None or row.removed_by_city_on is not None:
            return None
        if row.status is PrivilegeStatus.REVOKED:
            return BAD_BACKGROUND
        return (
            LATE_BACKGROUND if row.status is PrivilegeStatus.ISSUED and not row.in_force else None
        )

    return (
        TableColumn("Permit", lambda r: r.number),
        TableColumn(
            "Applicant", lambda r: r.applicant, tooltip=lambda r: r.applicant_address or None
        ),
        TableColumn(
            "Location",
            lambda r: r.location,
            tooltip=lambda r: " — ".join(p for p in (r.location, r.street) if p) or None,
        ),
        TableColumn("Purpose", lambda r: r.purpose.label),
        TableColumn(
            "Status",
            lambda r: r.status_text,
            colour=status_colour,
            tooltip=lambda r: r.status_text,
        ),
        TableColumn("Issued", lambda r: words.us_date(r.issued_on)),
        TableColumn(
            "Ends",
            lambda r: words.us_date(r.ends_on),
            header_tooltip="The last day of the permit: three months from issuance, or an "
            f"earlier day set on it ({TERMINATION_CITE})",
        ),
    )


class StreetPrivilegesTab(ApplicationPage[PrivilegeRow]):
    """The Street Privileges tab.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after a permit was saved (the Today tab may refresh);
    ``workflow_requested(object)`` with a :class:`~clerk_desk.today.TodayItem` naming another
    tab — the fee to take in the Receipts tab, the bond or certificate to file in Bonds &
    Insurance.
    """

    register_changed = Signal()

    row_type = PrivilegeRow
    record_type = RECORD_TYPE
    search_limit = street_privileges_rules.SEARCH_LIMIT
    count_noun = "permit"
    empty_text = "No street privileges yet"
    export_file = "street-privileges"
    export_what = "street privilege register"
    export_noun = "street privilege permit"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("street_privileges_tab")
        self.details: PrivilegeDetails | None = None
        # The acts on no permit in particular, as the core's acts refuse them now.
        self._register = perform(parent, app, sp_acts.register_acts, writes=False) or {}
        self.on_file: PermitView | None = None
        self._build()
        self._connect()
        self._show_details()

    # ---- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        top = self._build_filters(
            "Search permit number, applicant, street or location (Down arrow to the list)",
            search_name="privileges_search",
            statuses=((status.label, status.value) for status in PrivilegeStatus),
            year_tip="The year the application was received",
        )

        self.model = RowsModel(privilege_columns(), self)
        self.model.set_dimmed(
            lambda r: (
                r.status
                in (PrivilegeStatus.CLOSED, PrivilegeStatus.REFUSED, PrivilegeStatus.WITHDRAWN)
            )
        )
        self.table = forms.make_table(self.model, name="privileges_table")
        # Status holds "Removed by the City Mar 10, 2027", whole; the location gives up its room
        # first, so that all seven fit the window at its first size (the whole text in its tip).
        forms.size_columns(self.table, {0: 12, 1: 20, 2: 20, 3: 20, 4: 31, 5: 11, 6: 11}, stretch=2)

        # -- the chosen permit: details at the left, its acts under them
        self.summary = forms.rich_label("privilege_details", self.app.open_link)

        grid = self._build_acts()

        left = details_column(self.summary, acts=grid, across=False)

        # -- the chosen permit's pages
        self._build_pages()

        self.new_button = QPushButton("&New application…")
        self.new_button.setObjectName("new_privilege_button")
        self.new_button.setToolTip("Take an application for a street privilege permit (Ctrl+N)")
        self._lay_out(
            top,
            left,
            self.new_button,
            new_refusal=self._register.get(RegisterAct.NEW_APPLICATION) or "",
            export_tip="The register of the year chosen (or every year), to a workbook",
            sizes=(260, 460),
            below_sizes=(540, 760),
        )

    def _build_acts(self) -> QGridLayout:
        """The acts under the chosen permit's details, one captioned line per group; each
        button is enabled and explained by the core's acts (:meth:`_show_details`)."""
        self._make_act_buttons()
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
        groups = (
            ("Application", (self.correct_button, self.advice_button, self.terms_button)),
            ("Decision", (self.issue_button, self.refuse_button, self.withdraw_button)),
            ("Permit", (self.print_button, self.check_button, self.close_button)),
            ("Enforce", (self.revoke_button, self.notice_button, self.removal_button)),
            ("Charges", (self.costs_button,)),
        )
        for line, (caption, buttons) in enumerate(groups):
            label = QLabel(caption)
            label.setStyleSheet(text_sheet(SECONDARY))
            grid.addWidget(label, line, 0)
            for column, made in enumerate(buttons, start=1):
                grid.addWidget(made, line, column)
        for column in (1, 2, 3):
            grid.setColumnStretch(column, 1)
        return grid

    def _make_act_buttons(self) -> None:
        """The thirteen acts' buttons, each with its own words, and the act each stands for."""
        self.correct_button = act_button(
            "C&orrect…", "correct_button", "Correct the application before the permit is issued"
        )
        self.advice_button = act_button(
            "Ad&vice…",
            "advice_button",
            "The advisory recommendation of the Chief of Police or the Building Inspector",
        )
        self.terms_button = act_button(
            "&Terms…",
            "terms_button",
            "The bond amount (at most $10,000), insurance and conditions the Director sets",
        )
        self.costs_button = act_button(
            "City c&osts…", "city_costs_button", "Bill actual City costs on top of the fee"
        )
        self.issue_button = act_button(
            "&Issue…", "issue_button", "Issue the permit and print it (it ends in three months)"
        )
        self.refuse_button = act_button("Re&fuse…", "refuse_button", "Refuse the application")
        self.withdraw_button = act_button(
            "&Withdraw…", "withdraw_button", "The applicant withdraws the application"
        )
        self.print_button = act_button(
            "&Print permit", "print_button", "Preview and print the permit"
        )
        self.check_button = act_button(
            "Record c&heck…", "check_button", "A check of a condition of occupancy on the site"
        )
        self.close_button = act_button(
            "C&lose…", "close_button", "The work is over: the way vacated, cleaned and safe"
        )
        self.revoke_button = act_button(
            "Re&voke…",
            "revoke_button",
            "Record a revocation without notice by the Building Inspector, the Chief of Police "
            "or the Director of Public Works",
        )
        self.notice_button = act_button(
            "Re&moval notice…",
            "removal_notice_button",
            "The Common Council's 24 hours' notice to remove the obstruction",
        )
        self.removal_button = act_button(
            "City re&moval…",
            "city_removal_button",
            "The City removed it: its cost goes on the tax roll against the abutting property",
        )
        self.act_buttons: dict[PrivilegeAct, QPushButton] = {
            PrivilegeAct.CORRECT: self.correct_button,
            PrivilegeAct.ADVICE: self.advice_button,
            PrivilegeAct.TERMS: self.terms_button,
            PrivilegeAct.CITY_COSTS: self.costs_button,
            PrivilegeAct.ISSUE: self.issue_button,
            PrivilegeAct.REFUSE: self.refuse_button,
            PrivilegeAct.WITHDRAW: self.withdraw_button,
            PrivilegeAct.PRINT_PERMIT: self.print_button,
            PrivilegeAct.CHECK: self.check_button,
            PrivilegeAct.CLOSE: self.close_button,
            PrivilegeAct.REVOKE: self.revoke_button,
            PrivilegeAct.REMOVAL_NOTICE: self.notice_button,
            PrivilegeAct.CITY_REMOVAL: self.removal_button,
        }

    def _build_pages(self) -> None:
        """The chosen permit's pages: the review, its conditions, amounts due and history."""
        self.review = ReviewList(self.app, buttons=True)
        self.widths_title = QLabel()
        self.widths_title.setObjectName("widths_title")
        self.widths_title.setTextFormat(Qt.TextFormat.RichText)
        self.widths = FindingsView(self.app, empty_text="No widths given yet.")
        self.widths.setObjectName("width_findings")
        review_page = QWidget()
        review_layout = QVBoxLayout(review_page)
        review_layout.addWidget(self.review)
        review_layout.addSpacing(8)
        review_layout.addWidget(self.widths_title)
        review_layout.addWidget(self.widths)
        review_layout.addStretch(1)
        review_scroller = forms.scrolled(review_page)
        review_scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        self.condition_model = RowsModel(condition_columns(), self)
        self.condition_table = forms.make_table(self.condition_model, name="conditions_table")
        self.condition_table.setWordWrap(True)
        forms.size_columns(self.condition_table, {0: 36, 1: 11, 2: 34})
        self.conditions_note = QLabel(
            "Printed on the permit and checked on the site; a violation may be met by "
            f"revocation without notice ({cite_link(CONDITIONS_CITE)}). Double-click a condition "
            "to record a check."
        )
        self.conditions_note.setObjectName("conditions_note")
        self.conditions_note.setWordWrap(True)
        self.conditions_note.setTextFormat(Qt.TextFormat.RichText)
        self.conditions_note.setStyleSheet(text_sheet(SECONDARY))
        self.conditions_note.linkActivated.connect(self.app.open_link)
        self.extra_conditions = QLabel()
        self.extra_conditions.setObjectName("extra_conditions")
        self.extra_conditions.setWordWrap(True)
        self.extra_conditions.setTextFormat(Qt.TextFormat.RichText)
        conditions_page = QWidget()
        conditions_layout = QVBoxLayout(conditions_page)
        conditions_layout.addWidget(self.condition_table, 1)
        conditions_layout.addWidget(self.extra_conditions)
        conditions_layout.addWidget(self.conditions_note)

        self.due_model = RowsModel(due_columns(), self)
        self.due_table = forms.make_table(self.due_model, name="dues_table")
        forms.size_columns(self.due_table, {0: 18, 1: 20, 2: 10, 3: 10, 4: 10})
        self.history_model = RowsModel(HISTORY_COLUMNS, self)
        self.history_table = forms.make_table(self.history_model, name="history_table")
        self.history_table.setWordWrap(True)
        forms.size_columns(self.history_table, {0: 18, 1: 16})
        self.pages = QTabWidget()
        self.pages.setObjectName("privilege_pages")
        self.pages.addTab(review_scroller, "Review")
        self.pages.addTab(conditions_page, "Conditions")
        self.pages.addTab(self.due_table, "Amounts due")
        self.pages.addTab(self.history_table, "History")

    def _connect(self) -> None:
        self._connect_register()
        self.table.doubleClicked.connect(lambda _i: self.correct_selected())
        self.condition_table.doubleClicked.connect(lambda _i: self.record_check())
        self.new_button.clicked.connect(self.new_application)
        self.correct_button.clicked.connect(self.correct_selected)
        self.advice_button.clicked.connect(lambda: self._act(AdviceDialog, "Advice recorded"))
        self.terms_button.clicked.connect(lambda: self._act(TermsDialog, "Terms set"))
        self.costs_button.clicked.connect(lambda: self._act(CityCostsDialog, "City costs billed"))
        self.issue_button.clicked.connect(self.issue_selected)
        self.refuse_button.clicked.connect(self.refuse_selected)
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        self.print_button.clicked.connect(self.print_selected)
        self.check_button.clicked.connect(self.record_check)
        self.close_button.clicked.connect(lambda: self._act(CloseDialog, "Permit closed"))
        self.revoke_button.clicked.connect(lambda: self._act(RevokeDialog, "Permit revoked"))
        self.notice_button.clicked.connect(
            lambda: self._act(RemovalNoticeDialog, "Removal notice recorded")
        )
        self.removal_button.clicked.connect(
            lambda: self._act(CityRemovalDialog, "Removal by the City charged")
        )
        self.review.pay_requested.connect(self.take_payment)
        self.review.file_requested.connect(self.file_papers)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_application)

    # ---- the register --------------------------------------------------------------------------

    def search_query(self) -> Callable[[Action], list[PrivilegeRow]]:
        return partial(
            search_privilege_rows,
            text=self.search_field.text(),
            status=self.chosen_status(),
            year=self.year_box.currentData(),
        )

    def register_years(self, action: Action) -> list[int]:
        return street_privileges_details.register_years(action)

    select_privilege = RegisterPage.select_id

    def chosen_status(self) -> PrivilegeStatus | None:
        """The status chosen in the filter (Qt hands a string enum back as its string)."""
        data = self.status_box.currentData()
        return PrivilegeStatus(data) if data else None

    def read_chosen(self, action: Action, row: PrivilegeRow) -> tuple[PrivilegeDetails, PermitView]:
        return (
            privilege_details(action, row.id),
            street_privileges_views.permit_of(action, row.id),
        )

    def _show_details(self) -> None:
        row = self.selected()
        details, on_file = None, None
        if row is not None:
            found = cast(tuple[PrivilegeDetails, PermitView] | None, self.chosen_details(row))
            if found is not None:
                details, on_file = found
                if details.row != row:  # changed at another counter since the search
                    self._replace_row(details.row)
        self.details, self.on_file = details, on_file
        if details is None:
            self.summary.setText("<i>No permit selected.</i>")
            self.review.set_items(None)
            self.widths_title.setText("")
            self.widths.set_findings([])
            for model in (self.condition_model, self.due_model, self.history_model):
                model.set_rows([])
            self.extra_conditions.setText("")
        else:
            shown = details.row
            self.summary.setText(privilege_html(shown, on_file))
            if shown.undecided:
                self.review.set_items(details.review)
            else:
                self.review.set_items(None, decided=decided_text(shown))
            self.widths_title.setText(
                "<b>Widths</b> (§§ 506-8 and 506-9): " + (widths_text(shown) or "none given")
            )
            self.widths.empty_text = (
                "Within the limits of §§ 506-8 and 506-9."
                if any(
                    w is not None
                    for w in (
                        shown.street_width_in,
                        shown.street_used_in,
                        shown.sidewalk_width_in,
                        shown.sidewalk_used_in,
                    )
                )
                else "No widths given yet."
            )
            self.widths.set_findings(details.widths)
            self.widths.setVisible(not shown.undecided)  # the review lists them meanwhile
            self.condition_model.set_rows(list(details.conditions))
            self.condition_table.resizeRowsToContents()
            extra = [line for line in shown.conditions.splitlines() if line.strip()]
            self.extra_conditions.setText(
                "<b>Conditions attached by City officials:</b><ol style='margin-top:2px'>"
                + "".join(f"<li>{html.escape(c)}</li>" for c in extra)
                + "</ol>"
                if extra
                else ""
            )
            self.extra_conditions.setVisible(bool(extra))
            self.due_model.set_rows(list(details.dues))
            self.history_model.set_rows(list(details.history))
            self.history_table.resizeRowsToContents()
        self._label_pages(details)
        show_acts(self.act_buttons, details.acts if details else None, "Choose a permit")

    def _label_pages(self, details: PrivilegeDetails | None) -> None:
        blocking = len(details.blocking) if details else 0
        self.pages.setTabText(0, f"Review ({blocking} not met)" if blocking else "Review")
        violated = (
            sum(1 for c in details.conditions if c.check is not None and not c.check.ok)
            if details
            else 0
        )
        self.pages.setTabText(1, f"Conditions ({violated} violated)" if violated else "Conditions")
        owed = sum(1 for d in details.dues if d.status.value == "open") if details else 0
        self.pages.setTabText(2, f"Amounts due ({owed} open)" if owed else "Amounts due")

    def _allowed(self, act: PrivilegeAct) -> bool:
        """Whether the core's acts, read with the chosen permit's details, allow ``act``."""
        return self.details is not None and self.details.acts[act] is None

    # ---- actions -------------------------------------------------------------------------------

    def _announce_change(self) -> None:
        self.register_changed.emit()

    def new_application(self) -> None:
        if self._register.get(RegisterAct.NEW_APPLICATION):
            return
        privilege_id = PrivilegeDialog.ask(self, self.app)
        if privilege_id is not None:
            self._after_save(privilege_id, self._taken_message(privilege_id))

    def _taken_message(self, privilege_id: int) -> str:
        """ "Street privilege SP-2026-003 taken. Fee billed: $50.00." — what the clerk tells
        the applicant at the counter."""

        def work(action: Action) -> str:
            view = street_privileges_views.permit_of(action, privilege_id)
            fee = f"Fee billed: {view.fee_owed}." if view.fee_owed.cents else "No fee billed."
            return f"Street privilege {view.number} taken. {fee}"

        return perform(self, self.app, work, writes=False) or "Street privilege saved."

    def correct_selected(self) -> None:
        row = self.selected()
        if row is None or not self._allowed(PrivilegeAct.CORRECT):
            return
        if PrivilegeDialog.ask(self, self.app, row) is not None:
            self._after_save(row.id, f"Application {row.number} corrected.")

    def issue_selected(self) -> None:
        row = self.selected()
        if row is None or not self._allowed(PrivilegeAct.ISSUE):
            return
        if not IssueDialog.ask(self, self.app, row):
            return
        self._after_save(row.id, f"Permit {row.number} issued.")
        self.print_selected()

    def refuse_selected(self) -> None:
        row = self.selected()
        if row is not None and self._allowed(PrivilegeAct.REFUSE) and refuse(self, self.app, row):
            self._after_save(row.id, f"Application {row.number} refused.")

    def withdraw_selected(self) -> None:
        row = self.selected()
        if (
            row is not None
            and self._allowed(PrivilegeAct.WITHDRAW)
            and withdraw(self, self.app, row)
        ):
            self._after_save(row.id, f"Application {row.number} withdrawn.")

    def record_check(self) -> None:
        row = self.selected()
        if row is None or not self._allowed(PrivilegeAct.CHECK):
            return
        chosen = forms.selected_row(self.condition_table)
        key = chosen.key if isinstance(chosen, ConditionRow) else None
        if CheckDialog.ask_for(self, self.app, row, key):
            self._after_save(row.id, f"Check recorded: {row.number}.")
            self.pages.setCurrentIndex(1)

    def take_payment(self) -> None:
        """The fee is taken in the Receipts tab: ask the window to go there with the applicant
        as the payer (the fee is among the amounts they owe)."""
        row = self.selected()
        if row is not None:
            owed = self.on_file.fee_owed if self.on_file is not None else None
            what = f"Permit fee for {row.number}"
            self._send_to_receipts(row, what, FEE_CITE, str(owed) if owed is not None else None)

    def file_papers(self) -> None:
        """The bond and the certificate of insurance are filed in the Bonds & Insurance tab."""
        row = self.selected()
        if row is not None:
            self._send_to_bonds(
                row,
                f"Bond and insurance for {row.number}",
                f"File {row.applicant}'s bond or certificate for {row.number} in the Bonds & "
                "Insurance tab.",
            )

    def permit_bytes(self, privilege_id: int) -> bytes | None:
        """The permit as a PDF, with the bond, insurance and fee receipts on file."""

        def read(action: Action) -> PermitPaper:
            return street_privileges_views.permit_paper(action, privilege_id)

        def draw(paper: PermitPaper) -> bytes:
            from reports.street_privileges import permit_pdf  # imported on the worker, as it draws

            return permit_pdf(paper.view, paper.profile, printed_on=paper.printed_on)

        return draw_paper(self, self.app, read, draw)

    def print_selected(self) -> None:
        row = self.selected()
        if row is None or not self._allowed(PrivilegeAct.PRINT_PERMIT):
            return
        title = f"Street privilege permit {row.number}"
        pdf = self.permit_bytes(row.id)
        if printing.print_permit(self, pdf, title=title, number=row.number):
            self.status.emit(f"{title} sent to the printer.")

    # ---- export --------------------------------------------------------------------------------

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """The register of the year chosen (every year when none is), in a process of its own
        (the writer would hold the window)."""
        station = Station.of(self.app.desk, self.app.operator)
        year = self.year_box.currentData()
        return lambda progress: child_process.run(
            jobs.register_workbook, station, path, year=year, progress=progress
        )


# ---- the details panel -----------------------------------------------------------------------


def widths_text(row: PrivilegeRow) -> str:
    """ "street: 12 ft of 36 ft; sidewalk: 3 ft of 6 ft; temporary walk 4 ft, fence 4 ft"."""
    parts = []
    for what, width, used in (
        ("street", row.street_width_in, row.street_used_in),
        ("sidewalk", row.sidewalk_width_in, row.sidewalk_used_in),
    ):
        if width is None and used is None:
            continue
        if width is not None and used is not None:
            parts.append(f"{what}: {format_length(used)} used of {format_length(width)}")
        elif width is not None:
            parts.append(f"{what} {format_length(width)} wide")
        else:
            parts.append(f"{what}: {format_length(used)} used")
    if row.temporary_sidewalk_width_in is not None:
        parts.append(f"temporary walk {format_length(row.temporary_sidewalk_width_in)}")
    if row.fence_height_in is not None:
        parts.append(f"fence {format_length(row.fence_height_in)} high")
    if parts and not row.gutter_clear:
        parts.append("<b>gutters not kept clear</b>")
    return "; ".join(html.escape(p) if not p.startswith("<b>") else p for p in parts)


def decided_text(row: PrivilegeRow) -> str:
    if row.status is PrivilegeStatus.REFUSED:
        return "Refused: nothing left to review."
    if row.status is PrivilegeStatus.WITHDRAWN:
        return "Withdrawn: nothing left to review."
    return f"Issued {day_or_blank(row.issued_on)}: the requirements were met then."


def on_file_html(view: PermitView | None, row: PrivilegeRow) -> str:
    """The bond, the insurance and the fee the City holds for the permit, a line each."""
    if view is None:
        return ""
    e = html.escape
    if view.bonds:
        bond = "; ".join(
            f"{e(b.surety)} No. {e(b.bond_number)}, {b.amount}"
            + ("" if b.for_this_permit else " (standing bond)")
            + (
                f" <b style='color:{LATE}'>also behind {e(', '.join(b.also_backs))}</b>"
                if b.also_backs
                else ""
            )
            + (f" <b style='color:{LATE}'>claim made</b>" if b.claim_made else "")
            for b in view.bonds
        )
    else:
        bond = f"<b style='color:{BAD}'>none on file</b>"
    lines = [f"<b>Bond on file:</b> {bond}"]
    if row.insurance_required:
        if view.insurance is None:
            insured = f"<b style='color:{BAD}'>no certificate on file</b>"
        else:
            insured = (
                f"{e(view.insurance.insurer)}, {words.us_date(view.insurance.effective_on)} to "
                f"{words.us_date(view.insurance.expires_on)}"
            )
        lines.append(f"<b>Insurance:</b> {insured}")
    if view.receipts:
        fee = "; ".join(f"receipt {e(r.receipt_number)}, {r.amount}" for r in view.receipts)
    else:
        fee = ""
    if view.fee_owed.cents:
        fee = (fee + "; " if fee else "") + f"<b style='color:{BAD}'>{view.fee_owed} owed</b>"
    if fee:
        lines.append(f"<b>Fee:</b> {fee}")
    return "<br>".join(lines)


def privilege_html(row: PrivilegeRow, view: PermitView | None = None) -> str:
    """The chosen permit in words: who, what, where, the terms, and the days that count."""
    e = html.escape
    colour = {
        PrivilegeStatus.ISSUED: GOOD if row.in_force and row.removed_by_city_on is None else LATE,
        PrivilegeStatus.REVOKED: BAD,
        PrivilegeStatus.REFUSED: BAD,
    }.get(row.status, SECONDARY)
    parts = [
        f"<h3>{e(row.number)} — <span style='color:{colour}'>{e(row.status_text)}</span></h3>",
        f"<p><b>{e(row.applicant)}</b>"
        + (
            f"<br><span style='color:{SECONDARY}'>{e(row.applicant_address)}</span>"
            if row.applicant_address
            else ""
        )
        + "</p>",
    ]
    parts.append(_where_html(row))

    terms = _terms_lines(row)
    if terms:
        parts.append("<p>" + "<br>".join(terms) + "</p>")
    on_file = on_file_html(view, row)
    if on_file:
        parts.append(f"<p>{on_file}</p>")

    advice = []
    for title, text, on in (
        ("Chief of Police", row.police_advice, row.police_advice_on),
        ("Building Inspector", row.inspector_advice, row.inspector_advice_on),
    ):
        if text:
            advice.append(f"<i>{title}</i> ({e(day_or_blank(on))}): {e(text)}")
    if advice:
        parts.append(
            f"<p>Advice ({cite_link(WHEN_REQUIRED_CITE)}):<br>" + "<br>".join(advice) + "</p>"
        )

    parts.append(_dates_html(row))
    if row.revoked_on:
        who = ", ".join(p for p in (row.revoked_by, row.revoked_by_title) if p)
        parts.append(
            f"<p><b style='color:{BAD}'>Revoked</b> {e(day_or_blank(row.revoked_on))} by {e(who)}, "
            f"without notice: {e(row.revoke_reason)}</p>"
        )
    if row.removal_notice_at:
        notice = (
            f"Removal notice given {e(day_or_blank(row.removal_notice_at.date()))}, "
            f"{e(clock_time(row.removal_notice_at))}"
            + (f", to {e(row.removal_notice_to)}" if row.removal_notice_to else "")
        )
        if row.removed_by_city_on:
            notice += f"<br>Removed by the City {e(day_or_blank(row.removed_by_city_on))}"
        parts.append(f"<p>{notice} ({cite_link(REMOVAL_CITE)})</p>")
    if row.status is PrivilegeStatus.REFUSED and row.refused_reason:
        parts.append(f"<p><b style='color:{BAD}'>Refused:</b> {e(row.refused_reason)}</p>")
    if row.notes:
        notes = "<br>".join(e(line) for line in row.notes.splitlines())
        parts.append(f"<p style='color:{SECONDARY}'><i>Notes:</i> {notes}</p>")
    return "".join(parts)


def _where_html(row: PrivilegeRow) -> str:
    """What the privilege is for and where: street, parcel, route, permit, days, widths."""
    e = html.escape
    where = [f"<i>{e(row.purpose.label)}</i> — {e(row.location)}"]
    if row.street:
        where.append(f"Street: {e(row.street)}")
    if row.parcel:
        owner = f", owner {e(row.parcel_owner)}" if row.parcel_owner else ""
        where.append(f"Abutting parcel: {e(row.parcel)}{owner}")
    if row.description:
        where.append(f"<i>What:</i> {e(row.description)}")
    if row.route:
        where.append(f"<i>Route:</i> {e(row.route)}")
    if row.building_permit_required:
        where.append(
            f"Building permit No. {e(row.building_permit_number)}"
            if row.building_permit_number
            else f"<b style='color:{BAD}'>Building permit required, not recorded</b>"
        )
    if row.planned_days:
        where.append(f"Planned: {e(row.planned_days)}")
    widths = widths_text(row)
    if widths:
        where.append(f"Widths: {widths}")
    return "<p>" + "<br>".join(where) + "</p>"


def _terms_lines(row: PrivilegeRow) -> list[str]:
    """The terms set: the bond, the insurance and the conditions attached."""
    e = html.escape
    terms = []
    if row.bond_amount is not None:
        terms.append(f"Bond set at <b>{row.bond_amount}</b> ({cite_link(BOND_CITE)})")
    elif row.undecided:
        terms.append(f"<span style='color:{LATE}'>Bond amount not set yet</span>")
    if row.insurance_required:
        minimums = minimums_text(row.minimums)
        terms.append("Proof of liability insurance" + (f": {e(minimums)}" if minimums else ""))
    extra = sum(1 for line in row.conditions.splitlines() if line.strip())
    if extra:
        terms.append(f"{plural(extra, 'condition')} attached (see Conditions)")
    return terms


def _dates_html(row: PrivilegeRow) -> str:
    """The days that count: applied, issued, ends (and why then), closed."""
    e = html.escape
    dates = [
        f"Applied {e(day_or_blank(row.applied_on))}, {e(clock_time(row.applied_at))}, "
        f"taken by {e(row.received_by)}"
    ]
    if row.issued_on:
        dates.append(f"Issued {e(day_or_blank(row.issued_on))} by {e(row.issued_by)}")
    if row.ends_on:
        how = (
            "an earlier day set by the Common Council"
            + (f": {e(row.earlier_end_note)}" if row.earlier_end_note else "")
            if row.earlier_end_on
            else "three months from issuance"
        )
        if row.revoked_on is not None:
            dates.append(f"Was to end at the end of {e(day_or_blank(row.ends_on))}, {how}")
        else:
            dates.append(
                f"<b>Ends at the end of {e(day_or_blank(row.ends_on))}</b>, {how} "
                f"({cite_link(TERMINATION_CITE)})"
            )
    if row.closed_on:
        dates.append(f"Vacated and cleaned {e(day_or_blank(row.closed_on))}: closed")
    return "<p>" + "<br>".join(dates) + "</p>"
