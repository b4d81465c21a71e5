"""Special Event Vending: the register of applications for special event vending permits
(§ 506-24), from intake to the permit, with the three-day doubt notice and the appeal.

"No person shall display, sell or offer to sell on any street, sidewalk, alley or other public
place within the City ... unless such person shall have first applied for and obtained a special
event vending permit from the City Clerk."

The clerk finds an application by typing part of its number, the permit, the applicant, the
event, a place or a participant, and narrows the register by status and year. The "Doubt notice
due" column turns red when the written statement of the matters in doubt is overdue. Beside the
register are the chosen application's details and the acts on it, and its pages: the checklist
of § 506-24 (each requirement met, not yet due or not met, with its cited findings), the exact
days and places, the sponsors and participants, the doubt notices, the appeal and the history.
Each act is a dialog of :mod:`ui.vending.application`; the papers it calls for (the notice, the
permit, the letters) print when it is saved, and a sponsoring organization's permit prints one
signed copy for each participant on its list. The Excel register is written in the background.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from datetime import date
from functools import partial
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process, words
from clerk_desk.child_process import Station
from clerk_desk.deadlines import days_overdue
from clerk_desk.desk import Action
from clerk_desk.history import HistoryEntry
from clerk_desk.kinds import VendingStatus
from clerk_desk.vending import acts as vending_acts
from clerk_desk.vending import service as vending
from clerk_desk.vending import views as vending_views
from clerk_desk.vending.acts import VendingAct
from clerk_desk.vending.rules import PERMIT_CITE, PROCEDURE_CITE
from clerk_desk.vending.views import (
    AppealRow,
    ApplicationRow,
    NoticeRow,
    ReviewView,
    application_row,
    day_text,
    history_rows,
    review_view,
    search_application_rows,
)
from clerk_desk.words import format_day, plural
from ui.kit import forms as forms
from ui.kit.application_page import ApplicationPage, details_column
from ui.kit.dialog_parts import cite_link
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, perform
from ui.kit.register_page import Progress, RegisterPage, act_button, show_acts
from ui.kit.style import BAD, BAD_BACKGROUND, GOOD, LATE, LATE_BACKGROUND, SECONDARY, text_sheet
from ui.kit.table_models import CENTER, HISTORY_COLUMNS, RowsModel, TableColumn
from ui.vending import jobs
from ui.vending.appeal_dialogs import AppealDialog, CouncilDecisionDialog
from ui.vending.application import ApplicationDialog
from ui.vending.checklist import ChecklistView
from ui.vending.decision_dialogs import ApproveDialog, DenyDialog, withdraw
from ui.vending.papers import print_papers
from ui.vending.review_dialogs import DeliveryDialog, DoubtNoticeDialog, PoliceReviewDialog

Details = tuple[ApplicationRow, ReviewView, list[HistoryEntry], dict[VendingAct, str | None]]
"""What the details pane reads of one application in one action."""
OVERDUE_COLOUR, TODAY_COLOUR = BAD_BACKGROUND, LATE_BACKGROUND


def doubt_colour(row: ApplicationRow, today: date) -> str | None:
    """Red while the written statement of the matters in doubt is owed and overdue; amber on
    its last day."""
    if row.notice_due_on is None:
        return None
    if row.notice_due_on < today:
        return OVERDUE_COLOUR
    return TODAY_COLOUR if row.notice_due_on == today else None


def doubt_day(row: ApplicationRow) -> date:
    """The last day the column shows: that of the statement still owed (a second notice's, on a
    corrected application), else the three-day clock fixed at intake."""
    return row.notice_due_on or row.doubt_due_on


def doubt_tooltip(row: ApplicationRow, today: date) -> str | None:
    due = format_day(doubt_day(row))
    if row.notice_due_on is not None and row.notice_due_on < today:
        late = days_overdue(row.notice_due_on, today)
        return f"Overdue by {plural(late, 'day')}: the matters in doubt were due by {due}"
    if row.notice_owed:
        return f"Approve, or state the matters in doubt in writing by {due}"
    delivered = [n for n in row.notices if n.delivered_at is not None]
    if delivered:
        return f"Stated in the notice delivered {delivered[-1].delivered_text}"
    return None


def application_columns(today: Callable[[], date]) -> tuple[TableColumn, ...]:
    return (
        TableColumn("Application", lambda r: r.number),
        TableColumn("Permit", lambda r: r.permit_number),
        TableColumn("Applicant", lambda r: r.applicant, tooltip=lambda r: r.applicant_kind.label),
        TableColumn("Event", lambda r: r.event, tooltip=lambda r: r.places or None),
        TableColumn("First day", lambda r: words.us_date(r.first_day)),
        TableColumn(
            "Doubt notice due",
            lambda r: words.us_date(doubt_day(r)) + ("" if r.notice_owed else " ✓"),
            align=CENTER,
            colour=lambda r: doubt_colour(r, today()),
            tooltip=lambda r: doubt_tooltip(r, today()),
            header_tooltip="The last day to state the matters in doubt in writing: three days "
            f"from the time of application ({PROCEDURE_CITE}); ✓ once stated or decided",
        ),
        TableColumn("Status", lambda r: r.status.label),
    )


SLOT_COLUMNS = (
    TableColumn("Day", lambda r: day_text(r.day)),
    TableColumn("Hours", lambda r: r.hours),
    TableColumn("Exact location", lambda r: r.location, tooltip=lambda r: r.location or None),
)
PARTICIPANT_COLUMNS = (
    TableColumn("Name", lambda r: r.name),
    TableColumn("Role", lambda r: r.role.capitalize()),
    TableColumn("Goods or services", lambda r: r.goods, tooltip=lambda r: r.goods or None),
    TableColumn("Contact", lambda r: r.contact),
)
NOTICE_COLUMNS = (
    TableColumn("Prepared", lambda r: r.prepared_text),
    TableColumn("By", lambda r: r.prepared_by),
    TableColumn(
        "Matters",
        lambda r: str(len(r.matters)),
        align=CENTER,
        tooltip=lambda r: "\n".join(r.matters),
    ),
    TableColumn("Due by", lambda r: words.us_date(r.due_on)),
    TableColumn(
        "Delivered",
        lambda r: r.delivered_text + (" (late)" if r.late else ""),
        colour=lambda r: OVERDUE_COLOUR if r.late else None,
        tooltip=lambda r: " ".join(f.text for f in r.findings) or None,
    ),
    TableColumn("How", lambda r: r.manner),
)


class AppealsView(QWidget):
    """The appeals of an application: filed when, timely or not (the cited warning), and the
    Common Council's decision.

    Signals: none of its own — citation links go to :meth:`App.open_link`.
    """

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(4, 4, 4, 4)
        self._parts: list[QWidget] = []
        self.label = QLabel()
        self.label.setObjectName("appeals_text")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.label.linkActivated.connect(app.open_link)
        self._layout.addWidget(self.label)
        self._layout.addStretch(1)
        self.warnings: list[FindingsView] = []

    def set_application(self, row: ApplicationRow | None) -> None:
        for part in self._parts:
            self._layout.removeWidget(part)
            part.hide()
            part.deleteLater()
        self._parts, self.warnings = [], []
        if row is None:
            self.label.setText("")
            return
        if not row.appeals:
            if row.status is VendingStatus.DENIED and row.appeal_due_on is not None:
                self.label.setText(
                    "No appeal filed. Appeals are filed with the City Clerk within seven days "
                    f"of the Clerk's decision: by <b>{html.escape(format_day(row.appeal_due_on))}"
                    f"</b> ({cite_link(PROCEDURE_CITE)})."
                )
            else:
                self.label.setText("<i>Only a denial by the Clerk can be appealed.</i>")
            return
        self.label.setText(f"<b>{plural(len(row.appeals), 'appeal')}</b> to the Common Council")
        at = 1
        for appeal in row.appeals:
            box = QWidget(self)
            lines = QVBoxLayout(box)
            lines.setContentsMargins(0, 4, 0, 0)
            text = QLabel(appeal_html(appeal), box)
            text.setObjectName(f"appeal_{appeal.id}")
            text.setWordWrap(True)
            text.setTextFormat(Qt.TextFormat.RichText)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
            text.linkActivated.connect(self.app.open_link)
            lines.addWidget(text)
            if appeal.findings:
                warning = FindingsView(self.app, box)
                warning.setObjectName("untimely_warning")
                warning.set_findings(appeal.findings)
                lines.addWidget(warning)
                self.warnings.append(warning)
            self._layout.insertWidget(at, box)
            self._parts.append(box)
            at += 1

    def texts(self) -> list[str]:
        return [
            self.label.text(),
            *(c.text() for p in self._parts for c in p.findChildren(QLabel)),
        ]


def appeal_html(appeal: AppealRow) -> str:
    e = html.escape
    timing = (
        f"<b style='color:{GOOD}'>timely</b>"
        if appeal.timely
        else f"<b style='color:{BAD}'>untimely</b>"
    )
    parts = [
        f"Filed <b>{e(format_day(appeal.filed_on))}</b> — {timing}; the last day was "
        f"{e(format_day(appeal.due_on))}."
    ]
    if appeal.outcome is None:
        parts.append("<br>Waiting for the Common Council's decision.")
    else:
        parts.append(
            f"<br>Common Council, meeting of {e(appeal.meeting)}: <b>{e(appeal.outcome.label)}</b>"
        )
        if appeal.conditions:
            parts.append(f"<br>Conditions: {e(appeal.conditions)}")
        if appeal.note:
            parts.append(f"<br><span style='color:{SECONDARY}'>{e(appeal.note)}</span>")
    return "".join(parts)


def application_html(row: ApplicationRow, today: date) -> str:
    """The chosen application in a few short paragraphs."""
    e = html.escape
    contact = " · ".join(
        e(part) for part in (row.contact_name, row.contact_phone, row.contact_email) if part
    )
    parts = [
        f"<h3>{e(row.number)} — {e(row.event)}</h3>",
        f"<p><b>{e(row.applicant)}</b><br>{e(row.applicant_kind.label)}"
        + (", as agent for its participating members" if row.sponsor else "")
        + "</p>",
        "<p>"
        + (f"Goods or services: {e(row.goods)}<br>" if row.goods else "<i>No goods given.</i><br>")
        + f"Vending integral to the event: {'yes' if row.integral else 'no'}"
        + (f"<br>Contact: {contact}" if contact else "<br><i>No contact given.</i>")
        + "</p>",
        f"<p>Received {e(row.received_text)}, by {e(row.received_by)}<br>"
        + doubt_html(row, today)
        + f"<br>Status: <b>{e(row.status.label)}</b></p>",
    ]
    if row.denied_on is not None:
        # The Clerk's denial, as it was: the Council's act on an appeal is a paragraph of its own.
        appeal = f"<br>Appeal by {e(format_day(row.appeal_due_on))}" if row.appeal_due_on else ""
        parts.append(
            f"<p>Denied by the City Clerk {e(format_day(row.denied_on))}"
            + (f" ({e(row.denied_by)})" if row.denied_by else "")
            + f": {e(row.reasons)}{appeal}</p>"
        )
    for appeal_row in row.appeals:
        timing = "timely" if appeal_row.timely else "untimely"
        council = (
            f"<br>Common Council, meeting of {e(appeal_row.meeting)}: "
            f"<b>{e(appeal_row.outcome.label)}</b>"
            if appeal_row.outcome is not None
            else "<br>Waiting for the Common Council."
        )
        parts.append(
            f"<p>Appeal filed {e(format_day(appeal_row.filed_on))} ({timing}){council}</p>"
        )
    if row.permit_number:
        issued = format_day(row.permit_issued_on) if row.permit_issued_on else ""
        by = "the Common Council" if row.decided_appeal is not None else row.decided_by
        parts.append(
            f"<p>Permit <b>{e(row.permit_number)}</b>, issued {e(issued)}"
            + (f", approved by {e(by)}" if by else "")
            + f" ({cite_link(PERMIT_CITE)})"
            + (
                f"<br>Conditions: {'<br>'.join(e(c) for c in row.conditions.splitlines())}"
                if row.conditions
                else ""
            )
            + "</p>"
        )
    police = []
    if row.police_submitted_on:
        police.append(f"submitted {words.us_date(row.police_submitted_on)}")
    if row.police_approved_on:
        police.append(
            f"approved {words.us_date(row.police_approved_on)} by {e(row.police_approved_by)}"
        )
    if police or row.police_note:
        parts.append(
            "<p>Chief of Police: "
            + (", ".join(police) or "not submitted")
            + (
                f"<br><span style='color:{SECONDARY}'>{e(row.police_note)}</span>"
                if row.police_note
                else ""
            )
            + "</p>"
        )
    if row.withdrawn_reason:
        parts.append(f"<p>Withdrawn: {e(row.withdrawn_reason)}</p>")
    if row.notes:
        parts.append(f"<p style='color:{SECONDARY}'><i>Notes:</i> {e(row.notes)}</p>")
    return "".join(parts)


def doubt_html(row: ApplicationRow, today: date) -> str:
    e = html.escape
    due = e(format_day(doubt_day(row)))
    link = cite_link(PROCEDURE_CITE)
    if row.notice_due_on is not None and row.notice_due_on < today:
        late = plural(days_overdue(row.notice_due_on, today), "day")
        return (
            f"<b style='color:{BAD}'>Matters in doubt were due by {due} — overdue by {late}</b> "
            f"({link})"
        )
    if row.notice_due_on is not None and row.notice_due_on == today:
        return f"<b style='color:{LATE}'>Matters in doubt due today, {due}</b> ({link})"
    if row.notice_owed:
        return f"Matters in doubt due by <b>{due}</b> ({link})"
    delivered = [n for n in row.notices if n.delivered_at is not None]
    if delivered:
        notice = delivered[-1]
        late = " — after the last day" if notice.late else ""
        return (
            f"Matters in doubt stated: notice delivered {e(notice.delivered_text)} "
            f"({e(notice.manner)}){late}; due by {due}"
        )
    return f"Matters in doubt due by {due}: decided without a notice"


class VendingTab(ApplicationPage[ApplicationRow]):
    """The Special Event Vending tab.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after an application was saved (the Today tab may refresh);
    ``workflow_requested(object)`` with a :class:`~clerk_desk.today.TodayItem` naming another
    tab and record — the permit fee to take in the Receipts tab, the certificate to file in the
    Bonds & Insurance tab.
    """

    register_changed = Signal()

    row_type = ApplicationRow
    record_type = vending.RECORD_TYPE
    search_limit = vending.SEARCH_LIMIT
    count_noun = "application"
    empty_text = "No applications yet"
    export_file = "vending"
    export_what = "special event vending register"
    export_noun = "application"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("vending_tab")
        register = perform(parent, app, vending_acts.register_acts, writes=False) or {}
        self._may_not_take = register.get(vending_acts.RegisterAct.NEW_APPLICATION) or ""
        self._may_not_pay = register.get(vending_acts.RegisterAct.TAKE_PAYMENT) or ""
        self.review: ReviewView | None = None
        self._acts: dict[VendingAct, str | None] = {}
        self._build()
        self._connect()
        self._show_details()

    # ---- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        top = self._build_filters(
            "Search number, permit, applicant, event, place or participant "
            "(Down arrow to the list)",
            search_name="vending_search",
            statuses=((status.label, status) for status in VendingStatus),
            year_tip="The year the application was received",
        )

        today = self.app.desk.clock.today
        self.model = RowsModel(application_columns(today), self)
        self.model.set_dimmed(
            lambda r: r.status in (VendingStatus.WITHDRAWN, VendingStatus.DENIED_ON_APPEAL)
        )
        self.table = forms.make_table(self.model, name="application_table")
        forms.size_columns(self.table, {0: 13, 1: 13, 2: 30, 3: 30, 4: 11, 5: 16, 6: 18}, stretch=3)

        # -- the chosen application: details and acts at the left, its pages at the right
        self.details = forms.rich_label("application_details", self.app.open_link)

        grid = self._build_acts()
        self._build_pages()

        self.new_button = QPushButton("&New application…")
        self.new_button.setObjectName("new_application_button")
        self.new_button.setToolTip("Take an application at the counter (Ctrl+N)")
        self._lay_out(
            top,
            details_column(self.details, acts=grid),
            self.new_button,
            new_refusal=self._may_not_take,
            export_tip="The applications the search and filters show, to a workbook",
            sizes=(280, 420),
            below_sizes=(500, 700),
        )

    def _build_acts(self) -> QGridLayout:
        """The acts on the chosen application, three to a line under its details. (Long only
        because it names twelve buttons, each with its shortcut and tip, in one place.)"""
        self.police_button = act_button(
            "&Police review…", "police_button", "Record the papers sent to the Chief of Police"
        )
        self.doubt_button = act_button(
            "State &matters in doubt…",
            "doubt_button",
            "Write the doubt notice listing what is not met, and print it",
        )
        self.delivery_button = act_button(
            "Record deli&very…", "delivery_button", "When and how the doubt notice was delivered"
        )
        self.approve_button = act_button(
            "&Approve…", "approve_button", "Approve, or approve conditionally, and print the permit"
        )
        self.deny_button = act_button(
            "&Deny…", "deny_button", "Deny with reasons, and print the letter with the appeal day"
        )
        self.withdraw_button = act_button(
            "&Withdraw…", "withdraw_button", "The applicant withdraws the application"
        )
        self.appeal_button = act_button(
            "Appeal &filed…", "appeal_button", "Record an appeal of the denial to the Council"
        )
        self.council_button = act_button(
            "Council de&cision…",
            "council_button",
            "Record what the Common Council decided on the appeal",
        )
        self.correct_button = act_button(
            "C&orrect…", "correct_button", "Correct the application (it is reviewed again)"
        )
        self.print_button = act_button("Print &permit", "print_permit_button", "Print the permit")
        self.copies_button = act_button(
            "Print participant cop&ies",
            "print_copies_button",
            "One signed copy of the permit for each participant on the sponsor's list",
        )
        self.letter_button = act_button(
            "Print &letter", "print_letter_button", "Print the decision or denial letter again"
        )
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
        for number, act in enumerate(
            (
                self.police_button,
                self.doubt_button,
                self.delivery_button,
                self.approve_button,
                self.deny_button,
                self.withdraw_button,
                self.appeal_button,
                self.council_button,
                self.correct_button,
                self.print_button,
                self.copies_button,
                self.letter_button,
            )
        ):
            grid.addWidget(act, number // 3, number % 3)
        return grid

    def _build_pages(self) -> None:
        """The chosen application's pages: checklist, days and places, participants, doubt
        notices, appeal, history."""
        self.checklist = ChecklistView(self.app)
        checklist_page = QScrollArea()
        checklist_page.setObjectName("checklist_page")
        checklist_page.setWidget(self.checklist)
        checklist_page.setWidgetResizable(True)
        checklist_page.setFrameShape(QScrollArea.Shape.NoFrame)
        self.checklist.setContentsMargins(6, 6, 6, 6)

        self.slot_model = RowsModel(SLOT_COLUMNS, self)
        self.slot_table = forms.make_table(self.slot_model, name="slot_table")
        forms.size_columns(self.slot_table, {0: 16, 1: 20})
        self.participant_model = RowsModel(PARTICIPANT_COLUMNS, self)
        self.participant_table = forms.make_table(self.participant_model, name="participant_table")
        forms.size_columns(self.participant_table, {0: 26, 1: 11, 2: 24})
        self.participant_count = QLabel()
        self.participant_count.setObjectName("participant_count")
        self.participant_count.setStyleSheet(text_sheet(SECONDARY))
        participant_page = QWidget()
        participant_lines = QVBoxLayout(participant_page)
        participant_lines.addWidget(self.participant_count)
        participant_lines.addWidget(self.participant_table, 1)

        self.notice_model = RowsModel(NOTICE_COLUMNS, self)
        self.notice_table = forms.make_table(self.notice_model, name="notice_table")
        forms.size_columns(self.notice_table, {0: 17, 1: 14, 2: 8, 3: 11, 4: 20})
        self.notice_matters = QLabel()
        self.notice_matters.setObjectName("notice_matters")
        self.notice_matters.setWordWrap(True)
        self.notice_matters.setTextFormat(Qt.TextFormat.RichText)
        self.notice_findings = FindingsView(self.app, empty_text="Delivered in time.")
        self.notice_findings.setObjectName("notice_findings")
        self.notice_print_button = QPushButton("Print notice &again")
        self.notice_print_button.setObjectName("notice_print_button")
        notice_page = QWidget()
        notice_lines = QVBoxLayout(notice_page)
        notice_lines.addWidget(self.notice_table, 1)
        notice_lines.addWidget(self.notice_matters)
        notice_lines.addWidget(self.notice_findings)
        notice_row = QHBoxLayout()
        notice_row.addStretch(1)
        notice_row.addWidget(self.notice_print_button)
        notice_lines.addLayout(notice_row)

        self.appeals = AppealsView(self.app)
        appeal_page = forms.scrolled(self.appeals)

        self.history_model = RowsModel(HISTORY_COLUMNS, self)
        self.history_table = forms.make_table(self.history_model, name="history_table")
        self.history_table.setWordWrap(True)
        forms.size_columns(self.history_table, {0: 17, 1: 14})

        self.pages = QTabWidget()
        self.pages.setObjectName("application_pages")
        self.pages.addTab(checklist_page, "Checklist")
        self.pages.addTab(self.slot_table, "Days and places")
        self.pages.addTab(participant_page, "Participants")
        self.pages.addTab(notice_page, "Doubt notices")
        self.pages.addTab(appeal_page, "Appeal")
        self.pages.addTab(self.history_table, "History")

    def _connect(self) -> None:
        self._connect_register()
        self.table.doubleClicked.connect(lambda _i: self.correct_selected())
        self.notice_table.selectionModel().selectionChanged.connect(lambda *_: self._show_notice())
        self.new_button.clicked.connect(self.new_application)
        self.correct_button.clicked.connect(self.correct_selected)
        self.police_button.clicked.connect(self.police_review)
        self.doubt_button.clicked.connect(self.state_matters_in_doubt)
        self.delivery_button.clicked.connect(self.record_delivery)
        self.approve_button.clicked.connect(self.approve_selected)
        self.deny_button.clicked.connect(self.deny_selected)
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        self.appeal_button.clicked.connect(self.appeal_filed)
        self.council_button.clicked.connect(self.council_decision)
        self.print_button.clicked.connect(self.print_permit)
        self.copies_button.clicked.connect(self.print_copies)
        self.letter_button.clicked.connect(self.print_letter)
        self.notice_print_button.clicked.connect(self.print_notice)
        self.checklist.pay_requested.connect(self.take_payment)
        self.checklist.insurance_requested.connect(self.file_certificate)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_application)

    # ---- the register --------------------------------------------------------------------------

    def search_query(self) -> Callable[[Action], list[ApplicationRow]]:
        return partial(
            search_application_rows,
            text=self.search_field.text(),
            status=self.status_box.currentData(),
            year=self.year_box.currentData(),
        )

    def register_years(self, action: Action) -> list[int]:
        return vending_views.years(action)

    select_application = RegisterPage.select_id

    def read_chosen(self, action: Action, row: ApplicationRow) -> Details:
        return (
            application_row(action, row.id),
            review_view(action, row.id),
            history_rows(action, row.id),
            vending_acts.acts(action, row.id),
        )

    def _show_details(self) -> None:
        row = self.selected()
        today = self.app.desk.clock.today()
        self.review = None
        history: list[HistoryEntry] = []
        allowed: dict[VendingAct, str | None] | None = None
        if row is not None:
            found = cast(Details | None, self.chosen_details(row))
            if found is not None:
                fresh, self.review, history, allowed = found
                if fresh != row:  # changed at another counter since the search
                    self._replace_row(fresh)
                row = fresh
        if row is None:
            self.details.setText("<i>No application selected.</i>")
        else:
            self.details.setText(application_html(row, today))
        self.checklist.set_review(self.review, row=row, pay_refusal=self._may_not_pay)
        self.slot_model.set_rows(list(row.slots) if row else [])
        people = list(row.participants) if row else []
        self.participant_model.set_rows(people)
        sponsors = sum(1 for p in people if p.role == "sponsor")
        self.participant_count.setText(
            f"{plural(len(people), 'name')}: {plural(sponsors, 'sponsor')}, "
            f"{plural(len(people) - sponsors, 'participant')}"
            if people
            else (
                "No list given."
                if row is not None and row.sponsor
                else "An individual vendor gives no list."
            )
        )
        self.notice_model.set_rows(list(row.notices) if row else [])
        if row is not None and row.notices:
            forms.select_row(self.notice_table, len(row.notices) - 1)
        self._show_notice()
        self.appeals.set_application(row)
        self.history_model.set_rows(history)
        self.history_table.resizeRowsToContents()
        self.pages.setTabText(
            1, f"Days and places ({len(row.slots)})" if row else "Days and places"
        )
        self.pages.setTabText(2, f"Participants ({len(people)})" if row else "Participants")
        self.pages.setTabText(
            3, f"Doubt notices ({len(row.notices)})" if row and row.notices else "Doubt notices"
        )
        self._update_buttons(row, allowed)

    def _show_notice(self) -> None:
        notice = forms.selected_row(self.notice_table)
        if isinstance(notice, NoticeRow):
            self.notice_matters.setText(
                f"<b>Matters listed in the notice of {html.escape(notice.prepared_text)}:</b>"
                + "<ol style='margin-top:2px'>"
                + "".join(f"<li>{html.escape(m)}</li>" for m in notice.matters)
                + "</ol>"
            )
            self.notice_findings.empty_text = (
                "Delivered in time." if notice.delivered_at else "Not delivered yet."
            )
            self.notice_findings.set_findings(notice.findings)
        else:
            self.notice_matters.setText("<i>No doubt notice.</i>")
        self.notice_findings.setVisible(isinstance(notice, NoticeRow))
        self.notice_print_button.setEnabled(isinstance(notice, NoticeRow))

    def _update_buttons(
        self, row: ApplicationRow | None, allowed: Mapping[VendingAct, str | None] | None
    ) -> None:
        """Every act on the application, printing included, is enabled, or explained, by the
        core's own guards (:func:`clerk_desk.vending.acts.acts`)."""
        self._acts = dict(allowed) if row is not None and allowed is not None else {}
        show_acts(
            {
                VendingAct.CORRECT: self.correct_button,
                VendingAct.POLICE: self.police_button,
                VendingAct.DOUBT: self.doubt_button,
                VendingAct.DELIVER: self.delivery_button,
                VendingAct.APPROVE: self.approve_button,
                VendingAct.DENY: self.deny_button,
                VendingAct.WITHDRAW: self.withdraw_button,
                VendingAct.APPEAL: self.appeal_button,
                VendingAct.COUNCIL: self.council_button,
                VendingAct.PRINT_PERMIT: self.print_button,
                VendingAct.PRINT_COPIES: self.copies_button,
                VendingAct.PRINT_LETTER: self.letter_button,
            },
            self._acts if row is not None and allowed is not None else None,
            "Choose an application",
        )

    def _allows(self, act: VendingAct) -> bool:
        """Whether the core's acts, read with the chosen application's details, allow ``act``."""
        return self._acts.get(act, "") is None

    # ---- actions -------------------------------------------------------------------------------

    def _announce_change(self) -> None:
        self.register_changed.emit()

    def new_application(self) -> None:
        if self._may_not_take:
            return
        application_id = ApplicationDialog.ask(self, self.app)
        if application_id is None:
            return
        row = perform(self, self.app, lambda a: application_row(a, application_id), writes=False)
        message = "Application received."
        if row is not None:
            message = (
                f"Application {row.number} received {row.received_text}: matters in doubt due by "
                f"{format_day(row.doubt_due_on)}."
            )
        self._after_save(application_id, message)

    def correct_selected(self) -> None:
        row = self.selected()
        if row is None or not self._allows(VendingAct.CORRECT):
            return
        if ApplicationDialog.ask(self, self.app, row) is not None:
            self._after_save(row.id, f"Application {row.number} corrected; review it again.")

    def police_review(self) -> None:
        row = self.selected()
        if row is None or not self._allows(VendingAct.POLICE):
            return
        item = self.review.item("police") if self.review else None
        if PoliceReviewDialog.ask(self, self.app, row, item.due if item else None):
            self._after_save(row.id, f"Police review of {row.number} recorded.")

    def state_matters_in_doubt(self) -> None:
        row, review = self.selected(), self.review
        if row is None or review is None or not self._allows(VendingAct.DOUBT):
            return
        notice_id = DoubtNoticeDialog.ask(self, self.app, row, review)
        if notice_id is None:
            return
        self._after_save(row.id, f"Doubt notice for {row.number} prepared: deliver it.")
        self.pages.setCurrentIndex(3)
        print_papers(self, self.app, row.id, ["notice"], notice_id=notice_id)

    def record_delivery(self) -> None:
        row = self.selected()
        if row is None or not self._allows(VendingAct.DELIVER):
            return
        if DeliveryDialog.ask(self, self.app, row):
            self._after_save(row.id, f"Delivery of the doubt notice for {row.number} recorded.")
            self.pages.setCurrentIndex(3)

    def approve_selected(self) -> None:
        row, review = self.selected(), self.review
        if row is None or review is None or not self._allows(VendingAct.APPROVE):
            return
        if not ApproveDialog.ask(self, self.app, row, review):
            return
        fresh = perform(self, self.app, lambda a: application_row(a, row.id), writes=False)
        permit = fresh.permit_number if fresh else ""
        self._after_save(row.id, f"Permit {permit} issued on application {row.number}.")
        print_papers(self, self.app, row.id, ["permit", "decision"])

    def deny_selected(self) -> None:
        row, review = self.selected(), self.review
        if row is None or review is None or not self._allows(VendingAct.DENY):
            return
        appeal_by = perform(
            self, self.app, lambda a: vending.appeal_due(a.today(), a.calendar), writes=False
        )
        if appeal_by is None or not DenyDialog.ask(self, self.app, row, review, appeal_by):
            return
        self._after_save(
            row.id, f"Application {row.number} denied; appeal by {format_day(appeal_by)}."
        )
        print_papers(self, self.app, row.id, ["denial"])

    def withdraw_selected(self) -> None:
        row = self.selected()
        if row is not None and self._allows(VendingAct.WITHDRAW) and withdraw(self, self.app, row):
            self._after_save(row.id, f"Application {row.number} withdrawn.")

    def appeal_filed(self) -> None:
        row = self.selected()
        if row is None or not self._allows(VendingAct.APPEAL):
            return
        if AppealDialog.ask(self, self.app, row):
            self._after_save(row.id, f"Appeal of the denial of {row.number} recorded.")
            self.pages.setCurrentIndex(4)

    def council_decision(self) -> None:
        row = self.selected()
        appeal = row.open_appeal if row is not None else None
        if row is None or appeal is None or not self._allows(VendingAct.COUNCIL):
            return
        outcome = CouncilDecisionDialog.ask(self, self.app, row, appeal)
        if outcome is None:
            return
        self._after_save(
            row.id, f"The Council's decision on {row.number} recorded: {outcome.label.lower()}."
        )
        self.pages.setCurrentIndex(4)
        papers = ["decision"] if outcome is vending.AppealOutcome.DENIED else ["permit", "decision"]
        print_papers(self, self.app, row.id, papers)

    def print_permit(self) -> None:
        row = self.selected()
        if row is not None and self._allows(VendingAct.PRINT_PERMIT):
            print_papers(self, self.app, row.id, ["permit"])

    def print_copies(self) -> None:
        row = self.selected()
        if row is not None and self._allows(VendingAct.PRINT_COPIES):
            print_papers(self, self.app, row.id, ["copies"])

    def print_letter(self) -> None:
        row = self.selected()
        if row is None or not self._allows(VendingAct.PRINT_LETTER):
            return
        # On appeal, the Clerk's denial is the decision that stands until the Council acts.
        appealed = row.status is VendingStatus.APPEALED
        print_papers(self, self.app, row.id, ["denial" if appealed else "decision"])

    def print_notice(self) -> None:
        row, notice = self.selected(), forms.selected_row(self.notice_table)
        if row is not None and isinstance(notice, NoticeRow):
            print_papers(self, self.app, row.id, ["notice"], notice_id=notice.id)

    def take_payment(self) -> None:
        """The permit fee is taken in the Receipts tab: ask the window to go there with the
        applicant as the payer (the fee is among the amounts they owe)."""
        row = self.selected()
        if row is not None:
            owed = self.review.fee_owed.format() if self.review else None
            self._send_to_receipts(row, f"Permit fee for {row.number}", PERMIT_CITE, owed)

    # ---- export --------------------------------------------------------------------------------

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """The applications the search and filters show, all of them, past the screen's limit,
        in a process of its own (the writer would hold the window)."""
        station = Station.of(self.app.desk, self.app.operator)
        text, year = self.search_field.text(), self.year_box.currentData()
        status = self.status_box.currentData()
        return lambda progress: child_process.run(
            jobs.register_workbook,
            station,
            path,
            text=text,
            status=status,
            year=year,
            progress=progress,
        )
