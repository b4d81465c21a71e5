"""Sidewalk Cafes: the register of applications for sidewalk cafe permits (§ 506-10), from the
application at the counter to the permit on the restaurant's wall, and its suspension or
revocation.

"Use of public sidewalks for the purpose of operating a sidewalk cafe in the City of Prescott is
prohibited unless a permit is obtained as provided in this article."

The clerk finds an application by typing part of its number, the establishment, the applicant
or the address, and narrows the register by status and year. The "Comments due" column turns
amber on the last day of the 15 days for comments, and "Expires" amber within 30 days of the
permit's last day. Beside the register are the chosen application's details and the acts on it,
and its pages: the checklist of § 506-10 (each requirement met, waiting, or not met, with its
cited findings), what the rules say of the eligibility, the layout and the hours, the owners
within 100 feet to whom the notice goes (with the letters, labels and list), the comments, the
suspensions, and the history. Each act is a dialog of the package (``*_dialogs``; the
application form is :mod:`ui.sidewalk_cafes.application`); the papers it calls for print when it
is saved (:mod:`ui.sidewalk_cafes.papers`), the application packet for the Council whenever the
clerk asks, and the mailing labels from the first free label of a partly used sheet. The Excel
register is written in the background.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import partial
from typing import cast

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from clerk_desk import child_process, words
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.kinds import CafeStatus
from clerk_desk.sidewalk_cafes import acts as cafe_acts
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import views as cafe_views
from clerk_desk.sidewalk_cafes.acts import CafeAct
from clerk_desk.sidewalk_cafes.rules import (
    EXPIRY_WARNING_DAYS,
    RECORD_TYPE,
    TERM_CITE,
)
from clerk_desk.sidewalk_cafes.views import (
    CafeDetails,
    CafeRow,
    SuspensionRow,
    cafe_details,
    search_cafe_rows,
)
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.application_page import ApplicationPage, details_column
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, perform
from ui.kit.register_page import (
    Progress,
    RegisterPage,
    act_button,
    button_grid,
    show_acts,
)
from ui.kit.style import LATE_BACKGROUND, QUIET, text_sheet
from ui.kit.table_models import CENTER, HISTORY_COLUMNS, RowsModel, TableColumn
from ui.sidewalk_cafes import jobs
from ui.sidewalk_cafes.application import ApplicationDialog
from ui.sidewalk_cafes.council_dialogs import (
    BeforeCouncilDialog,
    CouncilDecisionDialog,
    DenyDialog,
    IssueDialog,
    withdraw,
)
from ui.sidewalk_cafes.details import cafe_html, dimensions_html, neighbor_count_text
from ui.sidewalk_cafes.notice_dialogs import (
    CommentDialog,
    NeighborsDialog,
    NoticeMailedDialog,
    neighbor_view_columns,
)
from ui.sidewalk_cafes.papers import print_papers, print_written, save_paper
from ui.sidewalk_cafes.review_dialogs import (
    AttachPapersDialog,
    DpwInspectionDialog,
    PoliceReviewDialog,
)
from ui.sidewalk_cafes.suspension_dialogs import (
    LiftSuspensionDialog,
    RevocationNoticeDialog,
    RevokeDialog,
    SuspendDialog,
)
from ui.sidewalk_cafes.widgets import ChecklistView, findings_box, label_start_box

_PAPER_ACTS = {
    "letters": CafeAct.PRINT_LETTERS,
    "labels": CafeAct.PRINT_OWNERS,
    "list": CafeAct.PRINT_OWNERS,
}


def comments_colour(row: CafeRow, today: date) -> str | None:
    """Amber on the last day of the comment period, while the application waits for it."""
    due = row.comments_due_on
    return LATE_BACKGROUND if due == today and row.before_decision else None


def expiry_colour(row: CafeRow, today: date) -> str | None:
    """Amber within 30 days of a standing permit's last day."""
    if row.expires_on is None or not row.standing:
        return None
    return LATE_BACKGROUND if 0 <= (row.expires_on - today).days <= EXPIRY_WARNING_DAYS else None


def cafe_columns(today: Callable[[], date]) -> tuple[TableColumn, ...]:
    return (
        TableColumn("Number", lambda r: r.number),
        TableColumn(
            "Establishment",
            lambda r: r.establishment,
            tooltip=lambda r: r.configuration or None,
        ),
        TableColumn("Applicant", lambda r: r.applicant),
        TableColumn("Address", lambda r: r.address, tooltip=lambda r: r.location or None),
        TableColumn(
            "Alcohol",
            lambda r: "Yes" if r.serves_alcohol else "",
            align=CENTER,
            header_tooltip="Alcoholic beverages to be served in the cafe: the Chief of Police "
            "reviews the application",
        ),
        TableColumn(
            "Comments due",
            lambda r: words.us_date(r.comments_due_on),
            align=CENTER,
            colour=lambda r: comments_colour(r, today()),
            header_tooltip="The last day comments are received by the City Clerk: 15 calendar "
            "days from mailing the notice to owners within 100 feet",
        ),
        TableColumn(
            "Expires",
            lambda r: words.us_date(r.expires_on),
            align=CENTER,
            colour=lambda r: expiry_colour(r, today()),
            header_tooltip=f"At most one year from issuance ({TERM_CITE})",
        ),
        TableColumn("Status", lambda r: r.status_text, tooltip=lambda r: r.status_text),
    )


COMMENT_COLUMNS = (
    TableColumn("Received", lambda r: words.us_date(r.received_on)),
    TableColumn("From", lambda r: r.commenter),
    TableColumn("Source", lambda r: r.source_label),
    TableColumn(
        "In time",
        lambda r: "Yes" if r.timely else "Late",
        align=CENTER,
        colour=lambda r: None if r.timely else LATE_BACKGROUND,
        tooltip=lambda r: " ".join(f.text for f in r.findings) or None,
    ),
    TableColumn(
        "Comment",
        lambda r: r.text,
        tooltip=lambda r: " ".join([r.text, *(f.text for f in r.findings)]).strip() or None,
    ),
)


SUSPENSION_COLUMNS = (
    TableColumn("Notice", lambda r: r.notice_text),
    TableColumn("From", lambda r: words.us_date(r.starts_on)),
    TableColumn("Through", lambda r: words.us_date(r.ends_on)),
    TableColumn(
        "Now",
        lambda r: r.state,
        tooltip=lambda r: r.lift_reason or None,
        colour=lambda r: LATE_BACKGROUND if r.state == "In effect" else None,
    ),
    TableColumn("Reason", lambda r: r.reason, tooltip=lambda r: r.reason or None),
)


class SidewalkCafesTab(ApplicationPage[CafeRow]):
    """The Sidewalk Cafes tab.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after an application was saved (the Today tab may refresh);
    ``workflow_requested(object)`` with a :class:`~clerk_desk.today.TodayItem` naming another
    tab and record — the fee to take in the Receipts tab, the certificate to file in the Bonds &
    Insurance tab.
    """

    register_changed = Signal()

    row_type = CafeRow
    record_type = RECORD_TYPE
    search_limit = cafe_rules.SEARCH_LIMIT
    count_noun = "application"
    empty_text = "No sidewalk cafe applications yet"
    export_file = "sidewalk-cafes"
    export_what = "sidewalk cafe register"
    export_noun = "application"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("sidewalk_cafes_tab")
        self.details: CafeDetails | None = None
        # The acts on no application in particular, as the core's acts refuse them now.
        self._register = perform(parent, app, cafe_acts.register_acts, writes=False) or {}
        self._build()
        self._connect()
        self._show_details()

    # ---- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        top = self._build_filters(
            "Search number, establishment, applicant or address (Down arrow to the list)",
            search_name="cafes_search",
            statuses=((status.label, status) for status in CafeStatus),
            year_tip="The year the application was received",
        )

        today = self.app.desk.clock.today
        self.model = RowsModel(cafe_columns(today), self)
        self.model.set_dimmed(lambda r: r.closed)
        self.table = forms.make_table(self.model, name="cafes_table")
        # The status whole ("Before the Council Mon Dec 14, 2026"): the names and the address
        # give up their room first (issue 19).
        forms.size_columns(
            self.table, {0: 12, 1: 18, 2: 14, 3: 14, 4: 7, 5: 12, 6: 11, 7: 32}, stretch=3
        )

        # -- the chosen application: details and acts at the left, its pages at the right
        self.summary = forms.rich_label("cafe_details", self.app.open_link)

        grid = self._build_act_buttons()

        left = details_column(self.summary, acts=grid, across=False)

        # -- the pages
        self.checklist = ChecklistView(self.app)
        self.checklist.setContentsMargins(6, 6, 6, 6)
        checklist_page = self._scrolling(self.checklist, "checklist_page")
        # Always there: a scroll bar that came and went would change the width the notes wrap
        # to after their height was given, and squeeze their lines together.
        checklist_page.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)

        rules_page = self._build_rules_page()

        neighbor_page = self._build_neighbor_page()

        self.comment_model = RowsModel(COMMENT_COLUMNS, self)
        self.comment_table = forms.make_table(self.comment_model, name="comment_table")
        forms.size_columns(self.comment_table, {0: 11, 1: 22, 2: 13, 3: 7})

        suspension_page = self._build_suspension_page()

        self.history_model = RowsModel(HISTORY_COLUMNS, self)
        self.history_table = forms.make_table(self.history_model, name="history_table")
        self.history_table.setWordWrap(True)
        forms.size_columns(self.history_table, {0: 17, 1: 14})

        self.pages = QTabWidget()
        self.pages.setObjectName("cafe_pages")
        self.pages.addTab(checklist_page, "Checklist")
        self.pages.addTab(rules_page, "Layout && hours")
        self.pages.addTab(neighbor_page, "Owners 100 ft")
        self.pages.addTab(self.comment_table, "Comments")
        self.pages.addTab(suspension_page, "Suspensions")
        self.pages.addTab(self.history_table, "History")
        self.pages.currentChanged.connect(lambda _page: self._refit_pages())

        self.new_button = QPushButton("&New application…")
        self.new_button.setObjectName("new_application_button")
        self.new_button.setToolTip("Take a sidewalk cafe application at the counter (Ctrl+N)")
        self._lay_out(
            top,
            left,
            self.new_button,
            new_refusal=self._register.get(cafe_acts.RegisterAct.NEW_APPLICATION) or "",
            export_tip="The applications the search and filters show, to a workbook",
            sizes=(260, 460),
            below_sizes=(470, 830),
        )

    def _build_act_buttons(self) -> QGridLayout:
        """The acts on the chosen application, one button each, in captioned lines."""
        self._make_application_buttons()
        self._make_permit_buttons()
        self.act_buttons: dict[CafeAct, QPushButton] = {
            CafeAct.CORRECT: self.correct_button,
            CafeAct.NEIGHBOURS: self.neighbors_button,
            CafeAct.MAIL_NOTICE: self.mailed_button,
            CafeAct.COMMENT: self.comment_button,
            CafeAct.POLICE_REVIEW: self.police_button,
            CafeAct.DPW_INSPECTION: self.dpw_button,
            CafeAct.AGENDA: self.agenda_button,
            CafeAct.COUNCIL_DECISION: self.council_button,
            CafeAct.PRINT_PACKET: self.packet_button,
            CafeAct.ISSUE: self.issue_button,
            CafeAct.PRINT_PERMIT: self.print_button,
            CafeAct.RENEW: self.renew_button,
            CafeAct.SUSPEND: self.suspend_button,
            CafeAct.REVOCATION_NOTICE: self.revocation_button,
            CafeAct.REVOKE: self.revoke_button,
            CafeAct.DENY: self.deny_button,
            CafeAct.WITHDRAW: self.withdraw_button,
        }
        return button_grid(
            (
                (
                    "Application",
                    (self.correct_button, self.neighbors_button, self.mailed_button),
                ),
                ("Reviews", (self.comment_button, self.police_button, self.dpw_button)),
                ("Council", (self.agenda_button, self.council_button, self.packet_button)),
                ("Permit", (self.issue_button, self.print_button, self.renew_button)),
                ("Afterwards", (self.suspend_button, self.revocation_button, self.revoke_button)),
                ("Ending", (self.deny_button, self.withdraw_button)),
            )
        )

    def _make_application_buttons(self) -> None:
        """The buttons of the application, its reviews and the Council, each with its tip."""
        self.correct_button = act_button(
            "C&orrect…", "correct_button", "Correct the application (it is reviewed again)"
        )
        self.neighbors_button = act_button(
            "Owners &100 ft…",
            "neighbors_button",
            "The owners and occupants within 100 feet, to whom the notice is mailed",
        )
        self.mailed_button = act_button(
            "Notice &mailed…",
            "mailed_button",
            "Record the mailing (15 days for comments) and print the letters, labels and list",
        )
        self.comment_button = act_button(
            "Co&mment…", "comment_button", "A comment received by the City Clerk"
        )
        self.police_button = act_button(
            "&Police review…",
            "police_button",
            "The application sent to the Chief of Police, and the Chief's answer",
        )
        self.dpw_button = act_button(
            "&DPW inspection…", "dpw_button", "The Director of Public Works' inspection"
        )
        self.agenda_button = act_button(
            "To the Co&uncil…", "agenda_button", "Place the packet on a Council meeting's agenda"
        )
        self.council_button = act_button(
            "Council decisio&n…", "council_button", "What the Common Council decided"
        )
        self.packet_button = act_button(
            "Print pac&ket",
            "print_packet_button",
            "The application packet for the Council: summary, checklist, comments, reviews, "
            "the owners notified and the site plan",
        )

    def _make_permit_buttons(self) -> None:
        """The buttons of the permit, what may follow it, and the ending, each with its tip."""
        self.issue_button = act_button(
            "&Issue…", "issue_button", "Issue the permit (at most one year) and print it"
        )
        self.print_button = act_button("Print p&ermit", "print_permit_button", "Print the permit")
        self.renew_button = act_button(
            "Rene&w…", "renew_button", "A new application renewing this permit"
        )
        self.suspend_button = act_button(
            "&Suspend…", "suspend_button", "Suspend the cafe on seven days' written notice"
        )
        self.revocation_button = act_button(
            "Re&vocation notice…",
            "revocation_button",
            "Ten days' written notice of the Council meeting that may revoke the permit",
        )
        self.revoke_button = act_button(
            "Revo&ke…", "revoke_button", "The Council revoked the permit at the meeting noticed"
        )
        self.deny_button = act_button("Den&y…", "deny_button", "Deny the application")
        self.withdraw_button = act_button(
            "Withdra&w…", "withdraw_button", "The applicant withdraws the application"
        )

    def _build_rules_page(self) -> QScrollArea:
        """What the rules say of the eligibility, the layout, the hours and alcohol."""
        self.eligibility_view = FindingsView(self.app, empty_text="Eligible, as entered.")
        self.eligibility_view.setObjectName("eligibility_findings")
        self.layout_view = FindingsView(self.app, empty_text="The layout meets § 506-10.")
        self.layout_view.setObjectName("layout_findings")
        self.hours_view = FindingsView(self.app, empty_text="The hours meet § 506-10.")
        self.hours_view.setObjectName("hours_findings")
        self.alcohol_view = FindingsView(self.app, empty_text="No alcohol to be served.")
        self.alcohol_view.setObjectName("alcohol_findings")
        self.dimensions = QLabel()
        self.dimensions.setObjectName("dimensions")
        self.dimensions.setWordWrap(True)
        self.dimensions.setTextFormat(Qt.TextFormat.RichText)
        self.dimensions.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.dimensions.linkActivated.connect(self.app.open_link)
        rules = QWidget()
        rules_lines = QVBoxLayout(rules)
        rules_lines.addWidget(self.dimensions)
        rules_lines.addWidget(findings_box("Eligibility", self.eligibility_view, "eligibility_box"))
        rules_lines.addWidget(findings_box("Layout", self.layout_view, "layout_box"))
        rules_lines.addWidget(findings_box("Hours", self.hours_view, "hours_box"))
        rules_lines.addWidget(findings_box("Alcohol", self.alcohol_view, "alcohol_box"))
        rules_lines.addStretch(1)
        rules_page = self._scrolling(rules, "rules_page")
        rules_page.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        return rules_page

    def _build_neighbor_page(self) -> QWidget:
        """The owners and occupants within 100 feet, and their letters, labels and list."""
        self.neighbor_model = RowsModel(neighbor_view_columns(), self)
        self.neighbor_table = forms.make_table(self.neighbor_model, name="neighbor_table")
        forms.size_columns(self.neighbor_table, {0: 22, 1: 34, 2: 9, 3: 9})
        self.neighbor_count = QLabel()
        self.neighbor_count.setObjectName("neighbor_count")
        self.neighbor_count.setStyleSheet(text_sheet(QUIET))
        self.neighbor_count.setWordWrap(True)
        self.letters_button = act_button(
            "Print &letters",
            "print_letters_button",
            "One notice letter to each owner and occupant listed",
        )
        self.labels_button = act_button(
            "Print l&abels",
            "print_labels_button",
            "Mailing labels on Avery 5160 sheets (3 by 10), from the label chosen beside",
        )
        self.first_label = label_start_box(self)
        self.first_label_caption = QLabel("from label")
        self.first_label_caption.setBuddy(self.first_label)
        self.list_button = act_button(
            "Print lis&t", "print_list_button", "The list attached to the application packet"
        )
        self.save_menu = QMenu(self)
        self.save_letters = self.save_menu.addAction("Notice letters…")
        self.save_labels = self.save_menu.addAction("Mailing labels…")
        self.save_list = self.save_menu.addAction("List for the packet…")
        self.save_button = act_button(
            "Save as PDF", "save_papers_button", "Save the letters, labels or list as a PDF file"
        )
        self.save_button.setMenu(self.save_menu)
        neighbor_page = QWidget()
        neighbor_lines = QVBoxLayout(neighbor_page)
        neighbor_lines.addWidget(self.neighbor_count)
        neighbor_lines.addWidget(self.neighbor_table, 1)
        neighbor_buttons = QHBoxLayout()
        placed: tuple[QWidget, ...] = (
            self.letters_button,
            self.labels_button,
            self.first_label_caption,
            self.first_label,
            self.list_button,
        )
        for widget in placed:
            neighbor_buttons.addWidget(widget)
        neighbor_buttons.addStretch(1)
        neighbor_buttons.addWidget(self.save_button)
        neighbor_lines.addLayout(neighbor_buttons)

        # The owners' papers: the save menu's entries follow the button of the same paper.
        self.paper_buttons: tuple[tuple[CafeAct, QPushButton], ...] = (
            (CafeAct.PRINT_LETTERS, self.letters_button),
            (CafeAct.PRINT_OWNERS, self.labels_button),
            (CafeAct.PRINT_OWNERS, self.list_button),
            (CafeAct.PRINT_OWNERS, self.save_button),
        )
        return neighbor_page

    def _build_suspension_page(self) -> QWidget:
        """The suspensions, with Lift… and the letter again."""
        self.suspension_model = RowsModel(SUSPENSION_COLUMNS, self)
        self.suspension_table = forms.make_table(self.suspension_model, name="suspension_table")
        forms.size_columns(self.suspension_table, {0: 14, 1: 11, 2: 11, 3: 9})
        self.letter_button = QPushButton("Print &letter again")
        self.letter_button.setObjectName("suspension_letter_button")
        self.lift_button = act_button("&Lift…", "lift_button", "End the suspension early")
        suspension_page = QWidget()
        suspension_lines = QVBoxLayout(suspension_page)
        suspension_lines.addWidget(self.suspension_table, 1)
        suspension_buttons = QHBoxLayout()
        suspension_buttons.addStretch(1)
        suspension_buttons.addWidget(self.lift_button)
        suspension_buttons.addWidget(self.letter_button)
        suspension_lines.addLayout(suspension_buttons)
        return suspension_page

    def _scrolling(self, page: QWidget, name: str) -> QScrollArea:
        scroller = forms.scrolled(page)
        scroller.setObjectName(name)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return scroller

    def _connect(self) -> None:
        self._connect_register()
        self.table.doubleClicked.connect(lambda _i: self.correct_selected())
        self.suspension_table.selectionModel().selectionChanged.connect(
            lambda *_: self._suspension_buttons()
        )
        self.new_button.clicked.connect(self.new_application)
        self.correct_button.clicked.connect(self.correct_selected)
        self.neighbors_button.clicked.connect(self.edit_neighbors)
        self.mailed_button.clicked.connect(self.notice_mailed)
        self.comment_button.clicked.connect(
            lambda: self._act(CommentDialog, "Comment recorded", page=3)
        )
        self.police_button.clicked.connect(
            lambda: self._act(PoliceReviewDialog, "Police review recorded")
        )
        self.dpw_button.clicked.connect(
            lambda: self._act(DpwInspectionDialog, "DPW inspection recorded")
        )
        self.agenda_button.clicked.connect(
            lambda: self._act(BeforeCouncilDialog, "Placed before the Council")
        )
        self.council_button.clicked.connect(self.council_decision)
        self.packet_button.clicked.connect(self.print_packet)
        self.issue_button.clicked.connect(self.issue_selected)
        self.print_button.clicked.connect(self.print_permit)
        self.renew_button.clicked.connect(self.renew_selected)
        self.suspend_button.clicked.connect(self.suspend_selected)
        self.revocation_button.clicked.connect(self.revocation_notice)
        self.revoke_button.clicked.connect(lambda: self._act(RevokeDialog, "Revocation recorded"))
        self.deny_button.clicked.connect(lambda: self._act(DenyDialog, "Application denied"))
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        self.letters_button.clicked.connect(lambda: self._print(["letters"]))
        self.labels_button.clicked.connect(
            lambda: self._print(["labels"], skip=self.first_label.value() - 1)
        )
        self.list_button.clicked.connect(lambda: self._print(["list"]))
        self.save_letters.triggered.connect(lambda: self._save("letters"))
        self.save_labels.triggered.connect(
            lambda: self._save("labels", skip=self.first_label.value() - 1)
        )
        self.save_list.triggered.connect(lambda: self._save("list"))
        self.letter_button.clicked.connect(self.print_suspension_letter)
        self.lift_button.clicked.connect(self.lift_suspension)
        self.checklist.pay_requested.connect(self.take_payment)
        self.checklist.insurance_requested.connect(self.file_certificate)
        self.checklist.papers_requested.connect(self.attach_papers)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_application)

    # ---- the register --------------------------------------------------------------------------

    def chosen_status(self) -> CafeStatus | None:
        """The status chosen in the filter (Qt hands a string enum back as its string)."""
        data = self.status_box.currentData()
        return CafeStatus(data) if data else None

    def search_query(self) -> Callable[[Action], list[CafeRow]]:
        return partial(
            search_cafe_rows,
            text=self.search_field.text(),
            status=self.chosen_status(),
            year=self.year_box.currentData(),
        )

    def register_years(self, action: Action) -> list[int]:
        return cafe_views.cafe_years(action)

    select_cafe = RegisterPage.select_id

    def read_chosen(self, action: Action, row: CafeRow) -> CafeDetails:
        return cafe_details(action, row.id)

    def _show_details(self) -> None:
        row = self.selected()
        details = None
        if row is not None:
            details = cast(CafeDetails | None, self.chosen_details(row))
            if details is not None and details.row != row:  # changed at another counter
                self._replace_row(details.row)
        self.details = details
        today = self.app.desk.clock.today()
        pay_refusal = self._register.get(cafe_acts.RegisterAct.TAKE_PAYMENT) or ""
        self.checklist.set_details(details, pay_refusal=pay_refusal)
        if details is None:
            self.summary.setText("<i>No application selected.</i>")
            self.dimensions.setText("")
            for view in (
                self.eligibility_view,
                self.layout_view,
                self.hours_view,
                self.alcohol_view,
            ):
                view.set_findings([])
            for model in (
                self.neighbor_model,
                self.comment_model,
                self.suspension_model,
                self.history_model,
            ):
                model.set_rows([])
            self.neighbor_count.setText("")
        else:
            shown = details.row
            self.summary.setText(cafe_html(shown, today))
            self.dimensions.setText(dimensions_html(shown))
            self.eligibility_view.set_findings(details.eligibility)
            self.layout_view.set_findings(details.layout)
            self.hours_view.set_findings(details.hours)
            self.alcohol_view.set_findings(details.alcohol)
            self.neighbor_model.set_rows(list(shown.neighbors))
            self.neighbor_count.setText(neighbor_count_text(shown))
            self.comment_model.set_rows(list(shown.comments))
            self.suspension_model.set_rows(list(shown.suspensions))
            if shown.suspensions:
                forms.select_row(self.suspension_table, len(shown.suspensions) - 1)
            self.history_model.set_rows(list(details.history))
            self.history_table.resizeRowsToContents()
        self._refit_pages()
        QTimer.singleShot(0, self._refit_pages)  # again once the new lines are laid out
        self._label_pages(details)
        self._update_buttons(details)

    def _refit_pages(self) -> None:
        """Have each scroll area fit its page to the height the page's wrapped lines now take
        at its width. A scroll area otherwise keeps the height it gave before the text changed
        until its next resize, and squeezes the lines of the notes together."""
        if not isValid(self):
            return
        for scroller in self.findChildren(QScrollArea):
            # Each fit lays the page out again (2-3 ms): a hidden page is fitted when shown.
            if scroller.isVisible():
                scroller.setWidgetResizable(True)

    def _label_pages(self, details: CafeDetails | None) -> None:
        row = details.row if details else None
        self.pages.setTabText(
            2, f"Owners 100 ft ({len(row.neighbors)})" if row else "Owners 100 ft"
        )
        self.pages.setTabText(3, f"Comments ({len(row.comments)})" if row else "Comments")
        self.pages.setTabText(
            4, f"Suspensions ({len(row.suspensions)})" if row and row.suspensions else "Suspensions"
        )

    def _update_buttons(self, details: CafeDetails | None) -> None:
        """Each act as the core's :func:`~clerk_desk.sidewalk_cafes.acts.acts`, read with the
        details, says; the label box and the save menu's letters follow their buttons."""
        found = details.acts if details else None
        show_acts(self.act_buttons, found, "Choose an application")
        for act, made in self.paper_buttons:
            show_acts({act: made}, found, "Choose an application")
        self.first_label.setEnabled(self.labels_button.isEnabled())
        self.save_letters.setEnabled(self.letters_button.isEnabled())
        self._suspension_buttons()

    def _suspension_buttons(self) -> None:
        """The letter prints for any suspension chosen; Lift… is as the core's
        :func:`~clerk_desk.sidewalk_cafes.acts.lift_acts`, read with the details, says."""
        chosen = forms.selected_row(self.suspension_table)
        self.letter_button.setEnabled(isinstance(chosen, SuspensionRow))
        lifts = self.details.lifts if self.details is not None else {}
        if isinstance(chosen, SuspensionRow):
            show_acts({chosen.id: self.lift_button}, lifts, "Choose a suspension")
        else:
            show_acts({0: self.lift_button}, None, "Choose a suspension")

    # ---- actions -------------------------------------------------------------------------------

    def _announce_change(self) -> None:
        self.register_changed.emit()

    def _act(self, dialog: Callable[..., object], message: str, *, page: int | None = None) -> bool:
        """As on every register; then ``page`` of the application's pages is shown, so that
        the clerk sees what was just recorded there (a comment)."""
        saved = super()._act(dialog, message)
        if saved and page is not None:
            self.pages.setCurrentIndex(page)
        return saved

    def new_application(self) -> None:
        if self._register.get(cafe_acts.RegisterAct.NEW_APPLICATION):
            return
        cafe_id = ApplicationDialog.ask(self, self.app)
        if cafe_id is None:
            return
        self._after_save(cafe_id, "Application received.")
        row = self.selected()
        if row is not None:
            owed = self.details.fee_owed if self.details else None
            fee = f" Fee billed: {owed.format()}." if owed else ""
            self.status.emit(
                f"Application {row.number} received: list the owners within 100 feet and mail "
                f"the notice.{fee}"
            )

    def _may(self, act: CafeAct) -> CafeRow | None:
        """The application chosen, if the core allows ``act`` on it now (a double-click or a
        shortcut reaches an act whose button is off)."""
        details = self.details
        if details is None or details.acts[act] is not None:
            return None
        return details.row

    def correct_selected(self) -> None:
        row = self._may(CafeAct.CORRECT)
        if row is None:
            return
        if ApplicationDialog.ask(self, self.app, row) is not None:
            self._after_save(row.id, f"Application {row.number} corrected; review it again.")

    def edit_neighbors(self) -> None:
        if self._act(NeighborsDialog, "Owners within 100 feet saved"):
            self.pages.setCurrentIndex(2)

    def notice_mailed(self) -> None:
        row = self._may(CafeAct.MAIL_NOTICE)
        if row is None:
            return
        written = NoticeMailedDialog.ask(self, self.app, row)
        if written is None:
            return
        fresh = perform(
            self,
            self.app,
            lambda a: cafe_views.comments_due_on(a, row.id),
            writes=False,
        )
        due = f" Comments due by {format_day(fresh)}." if fresh else ""
        self._after_save(row.id, f"Notice for {row.number} mailed.{due}")
        self.pages.setCurrentIndex(2)
        if written:
            print_written(self, written)

    def council_decision(self) -> None:
        row = self._may(CafeAct.COUNCIL_DECISION)
        if row is None:
            return
        approved = CouncilDecisionDialog.ask(self, self.app, row)
        if approved is None:
            return
        outcome = "approved" if approved else "denied"
        self._after_save(row.id, f"The Council's decision on {row.number} recorded: {outcome}.")

    def issue_selected(self) -> None:
        row, details = self._may(CafeAct.ISSUE), self.details
        if row is None or details is None:
            return
        if not IssueDialog.ask(self, self.app, row, details):
            return
        self._after_save(row.id, f"Permit {row.number} issued.")
        print_papers(self, self.app, row.id, ["permit"])

    def print_packet(self) -> None:
        """The application packet for the Council, as it stands today."""
        row = self.selected()
        if row is not None:
            print_papers(self, self.app, row.id, ["packet"])

    def attach_papers(self) -> None:
        """An approved application missing its site plan or records: supply them."""
        if self._act(AttachPapersDialog, "Papers attached"):
            self.pages.setCurrentIndex(0)

    def print_permit(self) -> None:
        row = self._may(CafeAct.PRINT_PERMIT)
        if row is not None:
            print_papers(self, self.app, row.id, ["permit"])

    def renew_selected(self) -> None:
        row = self._may(CafeAct.RENEW)
        if row is None:
            return
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Renew the permit",
            f"Take an application renewing permit {row.number} ({row.establishment})? It copies "
            "the establishment, the layout, the hours, the site plan and the owners within 100 "
            "feet; the sales of the last six months are entered again, the notice, the reviews "
            "and the Council's approval run again, and the fee is billed again.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setObjectName("renew_box")
        if operations.ask_message(box) != int(QMessageBox.StandardButton.Yes.value):
            return

        def work(action: Action) -> tuple[int, str]:
            renewal = cafe_council.renew(action, row.id)
            return renewal, cafe_views.cafe_row(action, renewal).number

        found = perform(self, self.app, work)
        if found is not None:
            self._after_save(found[0], f"Application {found[1]} renews permit {row.number}.")

    def suspend_selected(self) -> None:
        row = self._may(CafeAct.SUSPEND)
        if row is None:
            return
        suspension_id = SuspendDialog.ask(self, self.app, row)
        if suspension_id is None:
            return
        self._after_save(row.id, f"Permit {row.number} suspended; the letter prints.")
        self.pages.setCurrentIndex(4)
        print_papers(self, self.app, row.id, ["suspension"], suspension_id=suspension_id)

    def lift_suspension(self) -> None:
        row, chosen = self.selected(), forms.selected_row(self.suspension_table)
        if row is None or not isinstance(chosen, SuspensionRow):
            return
        if LiftSuspensionDialog.ask(self, self.app, row, chosen):
            self._after_save(row.id, f"Suspension of {row.number} lifted.")
            self.pages.setCurrentIndex(4)

    def print_suspension_letter(self) -> None:
        row, chosen = self.selected(), forms.selected_row(self.suspension_table)
        if row is not None and isinstance(chosen, SuspensionRow):
            print_papers(self, self.app, row.id, ["suspension"], suspension_id=chosen.id)

    def revocation_notice(self) -> None:
        row = self._may(CafeAct.REVOCATION_NOTICE)
        if row is None:
            return
        if RevocationNoticeDialog.ask(self, self.app, row):
            self._after_save(row.id, f"Notice of the revocation meeting for {row.number} given.")
            print_papers(self, self.app, row.id, ["revocation"])

    def withdraw_selected(self) -> None:
        row = self._may(CafeAct.WITHDRAW)
        if row is not None and withdraw(self, self.app, row):
            self._after_save(row.id, f"Application {row.number} withdrawn.")

    def _print(self, papers: list[str], *, skip: int = 0) -> None:
        row = self._may(_PAPER_ACTS[papers[0]])
        if row is not None:
            print_papers(self, self.app, row.id, papers, skip=skip)

    def _save(self, paper: str, *, skip: int = 0) -> None:
        row = self._may(_PAPER_ACTS[paper])
        if row is None:
            return
        saved = save_paper(self, self.app, row.id, paper, skip=skip)
        if saved is not None:
            self.status.emit(f"Saved {saved.name}.")

    def take_payment(self) -> None:
        """The fee is taken in the Receipts tab: go there with the applicant as the payer."""
        row = self.selected()
        if row is not None:
            owed = self.details.fee_owed.format() if self.details else None
            what = f"Sidewalk cafe fee for {row.number}"
            self._send_to_receipts(row, what, cafe_rules.APPLICATION_CITE, owed)

    # ---- export --------------------------------------------------------------------------------

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """The applications the search and filters show, all of them, past the screen's limit,
        in a process of its own (the writer would hold the window)."""
        station = Station.of(self.app.desk, self.app.operator)
        text, year = self.search_field.text(), self.year_box.currentData()
        status = self.chosen_status()
        return lambda progress: child_process.run(
            jobs.register_workbook,
            station,
            path,
            text=text,
            status=status,
            year=year,
            progress=progress,
        )


# ---- the details panel -----------------------------------------------------------------------
