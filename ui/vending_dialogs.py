"""The forms of the Special Event Vending tab (§ 506-24): intake and correction, the police
review, the written statement of the matters in doubt and its delivery, approval, denial, the
appeal and the Common Council's decision.

An application is taken at the counter with :class:`ApplicationDialog`, which shows — before
anything is saved, and kept current while the form is open — the last day to state the matters
in doubt if the application is taken now: the time of application is stamped by the core when
the form is saved, and it starts the three-day clock. The exact days, hours and places and the
sponsors' and participants' list are typed into tables (or the list imported from Excel or CSV).
Every check is the core's (:mod:`clerk_desk.vending.service`); its refusals show under the field.

The rows shown are plain frozen values read inside one action (:class:`ApplicationRow` and
friends), never live records. The papers (notice, permit, letters) are written by
:mod:`reports.vending` after the act is saved, and printed through :mod:`ui.kit.printing`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from pathlib import Path

from PySide6.QtCore import (
    Qt,
    QTimer,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import parties_views
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import ApplicantKind, PartyKind
from clerk_desk.money import Money
from clerk_desk.parties_views import PartyRow
from clerk_desk.permissions import Permission, refusal
from clerk_desk.settings import CityProfile
from clerk_desk.vending import papers as vending_papers
from clerk_desk.vending import service as vending
from clerk_desk.vending import views as vending_views
from clerk_desk.vending.papers import ApplicationPaper, NoticePaper
from clerk_desk.vending.service import (
    DELIVERY_MANNERS,
    POLICE_CITE,
    PROCEDURE_CITE,
    AppealOutcome,
    ApplicationData,
    ChecklistItem,
    ItemState,
)
from clerk_desk.vending.views import (
    AppealRow,
    ApplicationRow,
    ParticipantRow,
    ReviewView,
    SlotRow,
    day_text,
)
from clerk_desk.words import clock_time, format_day, plural
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit import printing as printing
from ui.kit.dates import TimeField
from ui.kit.dialog_parts import (
    ChecklistPanel,
    add_row,
    cite_link,
    follow_cite,
    info_label,
    plain_text,
    state_badge,
)
from ui.kit.edit_rows import EditColumn, EditRowsModel, editable_table
from ui.kit.fields import ChooseDateEdit, left_aligned
from ui.kit.findings_view import FindingsView
from ui.kit.meetings import MeetingDialog, MeetingRow, ReasonForm, meeting_rows
from ui.kit.operations import App, attempt, perform
from ui.kit.pickers import PartyPicker
from ui.kit.style import BAD, GOOD, LATE, SECONDARY, text_sheet
from ui.parties.dialogs import PartyDialog

TAKE = Permission.TAKE_APPLICATIONS
ISSUE = Permission.ISSUE_PERMITS
LIST_FILTER = "Spreadsheets (*.xlsx *.xlsm *.csv);;All files (*)"
DEFAULT_HOURS = (time(9, 0), time(17, 0))


# ---- plain rows ------------------------------------------------------------------------------


# ---- small pieces ----------------------------------------------------------------------------


def bullet_list(lines: Sequence[str]) -> str:
    return (
        "<ol style='margin-top:2px'>"
        + "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        + "</ol>"
    )


# ---- the checklist ---------------------------------------------------------------------------


def _limited(edit: QLineEdit, name: str) -> QLineEdit:
    """``edit`` taking no more characters than the application's field ``name`` stores."""
    limit = vending_views.text_limits()[name]
    if limit is not None:
        edit.setMaxLength(limit)
    return edit


class ChecklistView(ChecklistPanel):
    """Each requirement of § 506-24 for one application: met, not yet due, or not met, with
    the cited findings that say why, the day it is due, and — for the fee and the insurance —
    a button that takes the clerk to the tab where it is done.

    Signals: ``pay_requested()`` (Take payment in the Receipts tab), ``insurance_requested()``
    (file the certificate in the Bonds & Insurance tab).
    """

    def __init__(self, app: App, parent: QWidget | None = None, *, buttons: bool = True) -> None:
        super().__init__(app, parent, buttons=buttons)
        self.set_review(None)

    def set_review(
        self, review: ReviewView | None, *, row: ApplicationRow | None = None, pay_refusal: str = ""
    ) -> None:
        self.clear_items()
        if review is None:
            self.summary.setText("<i>No application selected.</i>")
            return
        self.summary.setText(summary_html(review, row))
        self.show_items(
            review.items,
            lambda item: item_html(item, review),
            shown_findings,
            pay_refusal,
            top_margin=4,
        )


def shown_findings(item: ChecklistItem) -> tuple[Finding, ...]:
    """An item's findings as the checklist shows them. A requirement not yet due stops nothing
    today (it may be made a condition of the permit), so its findings read "Check" beside the
    amber "Not yet due", not "Stops"."""
    if item.state is not ItemState.PENDING:
        return item.findings
    return tuple(replace(f, level="warn") if f.blocks else f for f in item.findings)


def item_html(item: ChecklistItem, review: ReviewView) -> str:
    parts = [f"{state_badge(item.state)}&nbsp; <b>{html.escape(item.title)}</b>"]
    if item.due is not None and not item.met:
        parts.append(f" — due by {html.escape(format_day(item.due))}")
    if item.key == "fee" and not item.met and review.fee_owed > Money.zero():
        parts.append(f" — {html.escape(review.fee_owed.format())} owed")
    if item.cite:
        parts.append(f"&nbsp; <small>{cite_link(item.cite)}</small>")
    return "".join(parts)


def summary_html(review: ReviewView, row: ApplicationRow | None) -> str:
    """One sentence on what the checklist means for the Clerk's next step."""
    not_met, pending = review.not_met, review.pending
    decided = row is not None and not row.undecided
    if decided and row is not None:
        return (
            f"<b>{html.escape(row.status.label)}.</b> The checklist as it stands today, for the "
            "permit's conditions and the Today tab."
        )
    if not not_met and not pending:
        return (
            f"<b style='color:{GOOD}'>Every requirement is met.</b> If it is clearly and "
            "unambiguously met in your opinion, approve the permit."
        )
    if not not_met:
        return (
            f"<b style='color:{LATE}'>{plural(len(pending), 'requirement')} not yet due.</b> "
            "Approve with "
            + ("it" if len(pending) == 1 else "them")
            + " as conditions of the permit, or state the matters in doubt."
        )
    due = ""
    if row is not None and row.notice_due_on is not None:
        due = f" by <b>{html.escape(format_day(row.notice_due_on))}</b>"
    names = html.escape(", ".join(item.title for item in not_met))
    return (
        f"<b style='color:{BAD}'>Not met: {names}.</b> Have it met, or state the matters in "
        f"doubt in writing{due} ({cite_link(PROCEDURE_CITE)}), or deny."
    )


# ---- editable tables (days and places; sponsors and participants) ---------------------------


def slot_columns() -> tuple[EditColumn, ...]:
    return (
        EditColumn(
            "Day",
            lambda r: day_text(r.day),
            lambda r: r.day,
            lambda r, v: replace(r, day=v),
            "date",
        ),
        EditColumn(
            "From",
            lambda r: clock_time(r.starts),
            lambda r: r.starts,
            lambda r, v: replace(r, starts=v),
            "time",
        ),
        EditColumn(
            "To",
            lambda r: clock_time(r.ends),
            lambda r: r.ends,
            lambda r, v: replace(r, ends=v),
            "time",
        ),
        EditColumn(
            "Exact location",
            lambda r: r.location,
            lambda r: r.location,
            lambda r, v: replace(r, location=v),
            limit=vending_views.text_limits()["location"],
        ),
    )


ROLE_CHOICES = (("participant", "Participant"), ("sponsor", "Sponsor"))


def participant_columns() -> tuple[EditColumn, ...]:
    return (
        EditColumn(
            "Name",
            lambda r: r.name,
            lambda r: r.name,
            lambda r, v: replace(r, name=v),
            limit=vending_views.text_limits()["participant_name"],
        ),
        EditColumn(
            "Role",
            lambda r: dict(ROLE_CHOICES).get(r.role, r.role),
            lambda r: r.role,
            lambda r, v: replace(r, role=v),
            "choice",
            choices=ROLE_CHOICES,
        ),
        EditColumn(
            "Goods or services",
            lambda r: r.goods,
            lambda r: r.goods,
            lambda r, v: replace(r, goods=v),
            limit=vending_views.text_limits()["goods"],
        ),
        EditColumn(
            "Contact",
            lambda r: r.contact,
            lambda r: r.contact,
            lambda r, v: replace(r, contact=v),
            limit=vending_views.text_limits()["participant_contact"],
        ),
    )


# ---- intake and correction -------------------------------------------------------------------


class ApplicationDialog(forms.FormDialog):
    """Take a special event vending application at the counter, or correct one still with the
    Clerk (the same form).

    For a new application the form shows, and keeps current, the last day to state the matters
    in doubt if it is taken now; the time of application is stamped by the core on Save. A
    correction keeps the time of application, and so the clock.

    Signals: those of :class:`QDialog`.
    """

    CLOCK_MS = 30_000

    def __init__(
        self, parent: QWidget | None, app: App, application: ApplicationRow | None = None
    ) -> None:
        title = (
            f"Correct application {application.number}"
            if application
            else "New special event vending application"
        )
        super().__init__(
            parent, title, save_text="Save correction" if application else "Receive application"
        )
        self.app = app
        self.application = application
        self.setObjectName("vending_application_dialog")
        self.clock_note = info_label("doubt_clock")
        self.clock_note.linkActivated.connect(lambda url: follow_cite(self, app, url))

        # -- the applicant and the event (left)
        chosen = None
        if application is not None:
            chosen = perform(
                parent,
                app,
                lambda a: vending_views.applicant(a, application.id),
                writes=False,
            )
        self.applicant = PartyPicker(app, role="applicant", chosen=chosen, name="applicant")
        self.new_party_button = QPushButton("New person or &business…")
        self.new_party_button.setObjectName("new_party_button")
        self.new_party_button.setToolTip("Add the applicant to People & Parcels and choose it here")
        applicant_box = QWidget()
        applicant_lines = QVBoxLayout(applicant_box)
        applicant_lines.setContentsMargins(0, 0, 0, 0)
        applicant_lines.addWidget(self.applicant)
        applicant_lines.addWidget(self.new_party_button, 0, Qt.AlignmentFlag.AlignLeft)
        if application is not None:  # the applicant cannot change: a new application then
            self.applicant.setVisible(False)
            self.new_party_button.setVisible(False)
            fixed = QLabel(
                f"<b>{html.escape(application.applicant)}</b><br><small>The applicant cannot "
                "change; for another applicant, take a new application.</small>"
            )
            fixed.setObjectName("applicant_fixed")
            fixed.setWordWrap(True)
            applicant_lines.addWidget(fixed)

        self.sponsor_radio = QRadioButton(
            "&Sponsoring organization, as agent for its participating members"
        )
        self.sponsor_radio.setObjectName("kind_sponsor")
        self.vendor_radio = QRadioButton("Individual &vendor, a participant in the event")
        self.vendor_radio.setObjectName("kind_vendor")
        self.kinds = QButtonGroup(self)
        self.kinds.addButton(self.sponsor_radio)
        self.kinds.addButton(self.vendor_radio)
        kind_box = QWidget()
        kind_lines = QVBoxLayout(kind_box)
        kind_lines.setContentsMargins(0, 0, 0, 0)
        kind_lines.setSpacing(2)
        kind_lines.addWidget(self.sponsor_radio)
        kind_lines.addWidget(self.vendor_radio)
        self._kind_touched = application is not None

        self.event_name = _limited(QLineEdit(), "event_name")
        self.event_name.setObjectName("event_name")
        self.event_name.setPlaceholderText("e.g. Prescott Daze")
        self.goods = plain_text(
            "goods", 2, self, "e.g. food, crafts, festival T-shirts — as the application says"
        )
        self.integral = QCheckBox("Vending is an &integral part of the special event")
        self.integral.setObjectName("integral_to_event")
        self.contact_name = _limited(QLineEdit(), "contact_name")
        self.contact_name.setObjectName("contact_name")
        self.contact_phone = _limited(QLineEdit(), "contact_phone")
        self.contact_phone.setObjectName("contact_phone")
        self.contact_email = _limited(QLineEdit(), "contact_email")
        self.contact_email.setObjectName("contact_email")
        contact_box = QWidget()
        contact_row = QHBoxLayout(contact_box)
        contact_row.setContentsMargins(0, 0, 0, 0)
        contact_row.addWidget(self.contact_phone, 2)
        contact_row.addWidget(self.contact_email, 3)
        self.contact_phone.setPlaceholderText("phone")
        self.contact_email.setPlaceholderText("e-mail")
        self.notes = plain_text("notes", 2, self, "Anything else the application says")

        # -- the days and places, and the list (right)
        self.slot_model = EditRowsModel(slot_columns(), self)
        self.slot_table = editable_table(self.slot_model, name="slots_table")
        forms.size_columns(self.slot_table, {0: 15, 1: 10, 2: 10})
        self.add_day_button = QPushButton("Add &day")
        self.add_day_button.setObjectName("add_day_button")
        self.add_day_button.setToolTip("The day after the last one, same hours and place")
        self.add_place_button = QPushButton("Add &place on this day")
        self.add_place_button.setObjectName("add_place_button")
        self.add_place_button.setToolTip("Another exact location on the selected day")
        self.remove_slot_button = QPushButton("Remove")
        self.remove_slot_button.setObjectName("remove_slot_button")
        slot_buttons = QHBoxLayout()
        for button in (self.add_day_button, self.add_place_button, self.remove_slot_button):
            slot_buttons.addWidget(button)
        slot_buttons.addStretch(1)
        days = QGroupBox("Days, hours and exact places — the permit is valid only then and there")
        days_lines = QVBoxLayout(days)
        days_lines.addWidget(self.slot_table, 1)
        days_lines.addLayout(slot_buttons)
        message = forms.error_label()
        days_lines.addWidget(message)
        self.errors.add("slots", message, self.slot_table)
        self.short_notice = info_label("short_notice_warning", tone="warning")
        self.short_notice.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.short_notice.setVisible(False)
        days_lines.addWidget(self.short_notice)

        self.people_model = EditRowsModel(participant_columns(), self)
        self.people_table = editable_table(self.people_model, name="participants_table")
        forms.size_columns(self.people_table, {0: 22, 1: 10, 2: 18})
        self.add_person_button = QPushButton("Add &name")
        self.add_person_button.setObjectName("add_person_button")
        self.remove_person_button = QPushButton("Remove")
        self.remove_person_button.setObjectName("remove_person_button")
        self.import_button = QPushButton("Import from E&xcel or CSV…")
        self.import_button.setObjectName("import_button")
        self.import_button.setToolTip(
            "A sheet with a header row: Name, and Role (sponsor or participant), Goods, Contact"
        )
        self.people_count = QLabel()
        self.people_count.setObjectName("participants_count")
        self.people_count.setStyleSheet(text_sheet(SECONDARY))
        people_buttons = QHBoxLayout()
        for button in (self.add_person_button, self.remove_person_button, self.import_button):
            people_buttons.addWidget(button)
        people_buttons.addStretch(1)
        people_buttons.addWidget(self.people_count)
        self.people_box = QGroupBox("Sponsors and participants")
        people_lines = QVBoxLayout(self.people_box)
        self.people_note = QLabel(
            "A sponsoring organization gives the complete list of sponsors and participants at "
            f"the time of making application ({cite_link(PROCEDURE_CITE)}); it prints with the "
            "permit."
        )
        self.people_note.setWordWrap(True)
        self.people_note.setTextFormat(Qt.TextFormat.RichText)
        self.people_note.setStyleSheet(text_sheet(SECONDARY))
        self.people_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        people_lines.addWidget(self.people_note)
        people_lines.addWidget(self.people_table, 1)
        people_lines.addLayout(people_buttons)
        message = forms.error_label()
        people_lines.addWidget(message)
        self.errors.add("participants", message, self.people_table)

        # -- the layout: the clock on top, two columns
        self.add_top(self.clock_note)
        self._layout.removeItem(self.form)
        left = QVBoxLayout()
        left.addLayout(self.form)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(days, 2)
        right.addWidget(self.people_box, 3)
        columns = QHBoxLayout()
        columns.addLayout(left, 5)
        columns.addSpacing(12)
        columns.addLayout(right, 6)
        self._layout.addLayout(columns, 1)

        add_row(self, "&Applicant", applicant_box, "applicant", focus=self.applicant.search_field)
        add_row(self, "Applying as", kind_box, "applicant_kind", focus=self.sponsor_radio)
        add_row(self, "&Event", self.event_name, "event_name")
        add_row(self, "&Goods or services", self.goods, "goods")
        add_row(self, "", self.integral, "integral_to_event")
        add_row(self, "&Contact person", self.contact_name, "contact_name")
        self.contact_name.setPlaceholderText("the person to call about the application")
        add_row(self, "P&hone, e-mail", contact_box, "contact_phone", focus=self.contact_phone)
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("contact_email", message, self.contact_email)
        add_row(self, "N&otes", self.notes, "notes")
        self.finish_layout()
        # The tables take the height; the form's stretch below them gives none away.
        self._layout.setStretch(self._layout.count() - 2, 0)

        self.applicant.party_changed.connect(self._applicant_changed)
        self.new_party_button.clicked.connect(self.new_party)
        self.sponsor_radio.toggled.connect(lambda _on: self._kind_changed())
        self.sponsor_radio.clicked.connect(lambda: setattr(self, "_kind_touched", True))
        self.vendor_radio.clicked.connect(lambda: setattr(self, "_kind_touched", True))
        self.add_day_button.clicked.connect(self.add_day)
        self.add_place_button.clicked.connect(self.add_place)
        self.remove_slot_button.clicked.connect(self.remove_slot)
        self.add_person_button.clicked.connect(self.add_person)
        self.remove_person_button.clicked.connect(self.remove_person)
        self.import_button.clicked.connect(self.import_list)
        self.people_model.rows_changed.connect(self._count_people)
        self.slot_model.rows_changed.connect(self._slot_buttons)
        self.slot_model.rows_changed.connect(self.show_short_notice)
        self.slot_table.selectionModel().currentChanged.connect(lambda *_: self._slot_buttons())

        self.sponsor_radio.setChecked(True)
        if application is not None:
            self._fill(application)
        elif self.applicant.party is not None:
            self._applicant_changed(self.applicant.party)
        self._kind_changed()
        self._count_people()
        self._slot_buttons()
        self.show_short_notice()
        self.show_clock()
        self._timer = QTimer(self)
        self._timer.setInterval(self.CLOCK_MS)
        self._timer.timeout.connect(self.show_clock)
        if application is None:
            self._timer.start()  # the due date moves at midnight while the form is open
        # A closed form stays alive as its parent's child; it must not read the database every
        # half minute for the rest of the session (nor, in the tests, after its engine is gone).
        self.finished.connect(self._timer.stop)
        if not app.operator.may(TAKE):
            self.set_read_only(refusal(app.operator.role, TAKE))
        self.resize(1220, 720)
        (self.event_name if application else self.applicant.search_field).setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, application: ApplicationRow | None = None
    ) -> int | None:
        """Show the form; the id of the application saved, or None if cancelled."""
        dialog = cls(parent, app, application)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    # ---- filling and reading -------------------------------------------------------------

    def _fill(self, row: ApplicationRow) -> None:
        (self.sponsor_radio if row.sponsor else self.vendor_radio).setChecked(True)
        self.event_name.setText(row.event)
        self.goods.setPlainText(row.goods)
        self.integral.setChecked(row.integral)
        self.contact_name.setText(row.contact_name)
        self.contact_phone.setText(row.contact_phone)
        self.contact_email.setText(row.contact_email)
        self.notes.setPlainText(row.notes)
        self.slot_model.set_rows(list(row.slots))
        self.people_model.set_rows(list(row.participants))
        self._select(self.slot_table, 0 if row.slots else -1, 0)
        self._select(self.people_table, 0 if row.participants else -1, 0)

    def kind(self) -> ApplicantKind:
        return ApplicantKind.SPONSOR if self.sponsor_radio.isChecked() else ApplicantKind.VENDOR

    def slots(self) -> list[SlotRow]:
        return self.slot_model.rows

    def participants(self) -> list[ParticipantRow]:
        """The names typed or imported; lines left wholly empty are not part of the list."""
        return [p for p in self.people_model.rows if not p.blank]

    def data(self, applicant_id: int) -> ApplicationData:
        return ApplicationData(
            applicant_id=applicant_id,
            applicant_kind=self.kind(),
            event_name=self.event_name.text(),
            goods=self.goods.toPlainText(),
            integral_to_event=self.integral.isChecked(),
            contact_name=self.contact_name.text(),
            contact_phone=self.contact_phone.text(),
            contact_email=self.contact_email.text(),
            slots=tuple(s.data() for s in self.slots()),
            participants=tuple(p.data() for p in self.participants()),
            notes=self.notes.toPlainText(),
        )

    # ---- the clock -----------------------------------------------------------------------

    def show_clock(self) -> None:
        """When the matters in doubt must be stated: from now, or as fixed at intake."""
        row = self.application
        operator = self.app.operator.full_name
        link = cite_link(PROCEDURE_CITE)

        def work(action: Action) -> str:
            if row is not None:
                return (
                    f"Application <b>{html.escape(row.number)}</b>, received "
                    f"{html.escape(row.received_text)}, by {html.escape(row.received_by)}. "
                    f"Matters in doubt due by <b>{html.escape(format_day(row.doubt_due_on))}</b> "
                    f"— a correction does not restart the three-day clock ({link}); the corrected "
                    "application is reviewed again, and after a notice, a further notice on it "
                    "is due three days from the correction (the program's reading)."
                )
            now = action.clock.local_now()
            due = vending.doubt_notice_due(action.now(), action.calendar)
            return (
                f"Received now — {html.escape(format_day(now.date()))}, {clock_time(now)}, by "
                f"{html.escape(operator)} (stamped when you save).<br>"
                f"<b style='font-size:large'>Matters in doubt must be stated by "
                f"{html.escape(format_day(due))}</b> — in writing, to the applicant, within three "
                f"days of the time of making application ({link})."
            )

        text = perform(self, self.app, work, writes=False)
        if text is not None:
            self.clock_note.setText(text)

    def show_short_notice(self) -> None:
        """Warn, before saving, when the first day of vending is fewer than seven days after the
        day of application (today, for a new one): the core's finding, which the checklist
        keeps from intake on."""
        first = min((s.day for s in self.slots()), default=None)
        row = self.application
        if first is None:
            self.short_notice.setVisible(False)
            return

        def work(action: Action) -> Finding | None:
            applied_on = row.applied_at.date() if row is not None else action.today()
            return vending.short_notice(applied_on, first, action.calendar)

        found = perform(self, self.app, work, writes=False)
        self.short_notice.setVisible(found is not None)
        if found is not None:
            self.short_notice.setText(
                f"<b>Fewer than seven days before the event.</b> {html.escape(found.text)} "
                f"({cite_link(found.cite)})"
            )

    # ---- the applicant -------------------------------------------------------------------

    def _applicant_changed(self, party: PartyRow | None) -> None:
        if party is None:
            return
        if not self._kind_touched:
            organization = PartyKind(party.kind) is PartyKind.ORGANIZATION
            (self.sponsor_radio if organization else self.vendor_radio).setChecked(True)
        for edit, value in (
            (self.contact_name, party.contact_name or party.name),
            (self.contact_phone, party.phone),
            (self.contact_email, party.email),
        ):
            if not edit.text().strip() and value:
                edit.setText(value)

    def new_party(self) -> None:
        party_id = PartyDialog.ask(self, self.app, name=self.applicant.search_field.text().strip())
        if party_id is None:
            return
        row = perform(
            self,
            self.app,
            lambda a: parties_views.party(a, party_id),
            writes=False,
        )
        if row is not None:
            self.applicant.choose(row)

    def _kind_changed(self) -> None:
        sponsor = self.kind() is ApplicantKind.SPONSOR
        self.people_box.setEnabled(sponsor or bool(self.participants()))
        self.people_box.setTitle(
            "Sponsors and participants"
            if sponsor
            else "Sponsors and participants (given only by a sponsoring organization)"
        )
        self.integral.setToolTip(
            "An individual vendor's permit is for a participant in a special event whose vending "
            "is an integral part of it"
            if not sponsor
            else ""
        )

    # ---- days and places -----------------------------------------------------------------

    def _current_slot(self) -> int:
        index = self.slot_table.currentIndex()
        return index.row() if index.isValid() else -1

    def _slot_buttons(self) -> None:
        has = self._current_slot() >= 0
        self.add_place_button.setEnabled(has)
        self.remove_slot_button.setEnabled(has)

    def add_day(self) -> None:
        """A new day after the last one, with the same hours and place to change."""
        rows = self.slot_model.rows
        if rows:
            last = max(rows, key=lambda r: (r.day, r.starts))
            new = replace(last, day=last.day + timedelta(days=1))
        else:
            new = SlotRow(self.app.desk.clock.today(), *DEFAULT_HOURS, "")
        at = self.slot_model.insert(new)
        self._start_editing(self.slot_table, at, 0)

    def add_place(self) -> None:
        """Another place on the selected day, at the same hours."""
        number = self._current_slot()
        if number < 0:
            return
        row = self.slot_model.rows[number]
        at = self.slot_model.insert(replace(row, location=""), number + 1)
        self._start_editing(self.slot_table, at, 3)

    def remove_slot(self) -> None:
        number = self._current_slot()
        self.slot_model.remove(number)
        self._select(self.slot_table, min(number, self.slot_model.rowCount() - 1), 0)

    def add_person(self) -> None:
        at = self.people_model.insert(ParticipantRow(""))
        self._start_editing(self.people_table, at, 0)

    def remove_person(self) -> None:
        index = self.people_table.currentIndex()
        if index.isValid():
            self.people_model.remove(index.row())
            self._select(self.people_table, min(index.row(), self.people_model.rowCount() - 1), 0)

    def _select(self, view: QTableView, row: int, column: int) -> None:
        if row >= 0:
            view.setCurrentIndex(view.model().index(row, column))

    def _start_editing(self, view: QTableView, row: int, column: int) -> None:
        self._select(view, row, column)
        view.setFocus(Qt.FocusReason.OtherFocusReason)
        view.edit(view.model().index(row, column))

    def _count_people(self) -> None:
        people = self.participants()
        sponsors = sum(1 for p in people if p.role == "sponsor")
        self.people_count.setText(
            f"{plural(len(people), 'name')}: {plural(sponsors, 'sponsor')}, "
            f"{plural(len(people) - sponsors, 'participant')}"
            if people
            else "No names yet"
        )
        self.people_box.setEnabled(self.kind() is ApplicantKind.SPONSOR or bool(people))

    # ---- the imported list -----------------------------------------------------------------

    def import_list(self) -> None:
        """Read the list from a spreadsheet; the core names the line of the first problem."""
        path = forms.ask_open_path(self, "Import the sponsors and participants", LIST_FILTER)
        if not path:
            return

        def read() -> list[ParticipantRow]:
            from reports.excel import read_table

            try:
                table = read_table(path)
            except InvalidInput as error:
                raise InvalidInput(error.message, field="participants") from error
            return [
                ParticipantRow(p.name, p.role, p.goods, p.contact)
                for p in vending.participants_from_rows(table)
            ]

        people = attempt(self, read, errors=self.errors)
        if people is None:
            return
        typed = self.participants()
        if typed:
            box = QMessageBox(
                QMessageBox.Icon.Question,
                "Import the list",
                f"{Path(path).name} names {plural(len(people), 'name')}. Replace the "
                f"{plural(len(typed), 'name')} in the form with them, or add them?",
                QMessageBox.StandardButton.Yes
                | QMessageBox.StandardButton.No
                | QMessageBox.StandardButton.Cancel,
                self,
            )
            box.setObjectName("import_question")
            box.button(QMessageBox.StandardButton.Yes).setText("Replace")
            box.button(QMessageBox.StandardButton.No).setText("Add to them")
            answer = operations.ask_message(box)
            if answer == QMessageBox.StandardButton.Cancel:
                return
            if answer == QMessageBox.StandardButton.No:
                people = typed + people
        self.people_model.set_rows(people)
        self.people_count.setText(self.people_count.text() + f" — read from {Path(path).name}")

    # ---- saving --------------------------------------------------------------------------

    def commit(self) -> object:
        party = self.applicant.party
        if party is None:
            self.errors.clear()
            self.errors.show(
                InvalidInput(
                    "Choose the applicant, or add a new person or business.", field="applicant"
                )
            )
            return None
        data = self.data(party.id)
        row = self.application

        def work(action: Action) -> int:
            if row is None:
                saved = vending.receive_application(action, data)
            else:
                saved = vending.correct_application(action, row.id, data)
            return saved.id

        return perform(self, self.app, work, errors=self.errors)


# ---- the police review -----------------------------------------------------------------------


class PoliceReviewDialog(forms.FormDialog):
    """When the encroachments, booth locations and special parking went to the Chief of Police,
    and the Chief's approval.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, application: ApplicationRow, due: date | None
    ) -> None:
        super().__init__(parent, f"Police review — {application.number}", save_text="Record")
        self.app = app
        self.application = application
        self.setObjectName("police_review_dialog")
        note = info_label("police_note_banner")
        when = (
            f" by <b>{html.escape(format_day(due))}</b>, seven days before the event starts"
            if due
            else " at least seven days before the event starts"
        )
        note.setText(
            f"{html.escape(application.event)}: the street and sidewalk encroachments, booth "
            f"locations and special parking go to the Chief of Police for review and approval"
            f"{when} ({cite_link(POLICE_CITE)})."
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        today = app.desk.clock.today
        self.submitted = ChooseDateEdit(today, name="police_submitted_on")
        self.submitted.set_value(application.police_submitted_on)
        self.approved = ChooseDateEdit(
            lambda: self.submitted.value() or today(), name="police_approved_on"
        )
        self.approved.set_value(application.police_approved_on)
        self.approved_by = _limited(QLineEdit(), "police_approved_by")
        self.approved_by.setObjectName("police_approved_by")
        self.approved_by.setPlaceholderText("e.g. Chief of Police, or the officer who signed")
        self.approved_by.setText(application.police_approved_by)
        self.note = QLineEdit(application.police_note)
        self.note.setObjectName("police_note")
        self.note.setPlaceholderText("e.g. booths 3 and 4 moved off the Orange St crosswalk")
        add_row(
            self,
            "&Submitted to the Chief on",
            left_aligned(self.submitted),
            "police_submitted_on",
            focus=self.submitted,
        )
        add_row(
            self,
            "&Approved on",
            left_aligned(self.approved),
            "police_approved_on",
            focus=self.approved,
        )
        add_row(self, "Approved &by", self.approved_by, "police_approved_by")
        add_row(self, "&Note", self.note, "police_note")
        self.finish_layout()
        if not app.operator.may(TAKE):
            self.set_read_only(refusal(app.operator.role, TAKE))
        self.resize(620, self.sizeHint().height())
        self.submitted.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, application: ApplicationRow, due: date | None
    ) -> bool:
        return bool(forms.run_modal(cls(parent, app, application, due)))

    def commit(self) -> object:
        application_id = self.application.id
        submitted, approved = self.submitted.value(), self.approved.value()
        by, note = self.approved_by.text(), self.note.text()

        def work(action: Action) -> bool:
            vending.record_police_review(
                action,
                application_id,
                submitted_on=submitted,
                approved_on=approved,
                approved_by=by,
                note=note,
            )
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(
                work, "police_submitted_on", keep=("police_approved_on", "police_approved_by")
            ),
            errors=self.errors,
        )


# ---- the matters in doubt --------------------------------------------------------------------


class DoubtNoticeDialog(forms.FormDialog):
    """State the matters in doubt: the requirements not met (listed as the checklist shows
    them), and the Clerk's own words. Saving records the notice; the tab then prints it.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, application: ApplicationRow, review: ReviewView
    ) -> None:
        super().__init__(
            parent, f"State the matters in doubt — {application.number}", save_text="Prepare notice"
        )
        self.app = app
        self.application = application
        self.setObjectName("doubt_notice_dialog")
        today = app.desk.clock.today()
        due = application.next_notice_due_on
        overdue = due < today
        note = info_label("doubt_due_banner", tone="warning" if overdue else "info")
        late = (
            f"<br><b style='color:{BAD}'>That day has passed: state them now, and deliver the "
            "notice today.</b>"
            if overdue
            else ""
        )
        clock = (
            "within three days of the time of making application"
            if due == application.doubt_due_on
            else "within three days of the time of making application — here, of its "
            "correction after the last notice (the program's reading)"
        )
        note.setText(
            f"Application {html.escape(application.number)} of "
            f"{html.escape(application.applicant)} was received "
            f"{html.escape(application.received_text)}. Matters in doubt are stated to the "
            f"applicant in writing {clock}: by <b>{html.escape(format_day(due))}</b> "
            f"({cite_link(PROCEDURE_CITE)}).{late}"
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        self.matters = QLabel()
        self.matters.setObjectName("matters_listed")
        self.matters.setWordWrap(True)
        self.matters.setTextFormat(Qt.TextFormat.RichText)
        self.matters.setText(
            "The notice lists these requirements, not met as the checklist stands today:"
            + bullet_list(review.matters)
            if review.matters
            else "<i>Every requirement is met today: the notice lists only what you write "
            "below.</i>"
        )
        self.clerk_text = plain_text(
            "clerk_text",
            4,
            self,
            "Your own matters in doubt, e.g. The site map does not show where the food trucks "
            "will park.",
        )
        self.form.addRow(self.matters)
        add_row(self, "Your &own matters", self.clerk_text, "clerk_text")
        self.finish_layout()
        if not app.operator.may(ISSUE):
            self.set_read_only(refusal(app.operator.role, ISSUE))
        self.resize(760, self.sizeHint().height())
        self.clerk_text.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, application: ApplicationRow, review: ReviewView
    ) -> int | None:
        """The id of the notice prepared, or None."""
        dialog = cls(parent, app, application, review)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        application_id, text = self.application.id, self.clerk_text.toPlainText()

        def work(action: Action) -> int:
            notice = vending.prepare_doubt_notice(action, application_id, clerk_text=text)
            return notice.id

        return perform(self, self.app, forms.as_field_error(work, "clerk_text"), errors=self.errors)


class DeliveryDialog(forms.FormDialog):
    """When and how the doubt notice reached the applicant.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, application: ApplicationRow) -> None:
        super().__init__(
            parent, f"Record delivery of the notice — {application.number}", save_text="Record"
        )
        self.app = app
        self.application = application
        self.setObjectName("delivery_dialog")
        notices = application.undelivered or application.notices
        self.notice = QComboBox()
        self.notice.setObjectName("notice")
        for notice in reversed(notices):
            self.notice.addItem(f"{notice.label}, due by {format_day(notice.due_on)}", notice.id)
        now = app.desk.clock.local_now()
        self.day = forms.date_edit(now.date(), name="delivered_day")
        self.time = TimeField(now.time().replace(second=0, microsecond=0), name="delivered_time")
        when = QWidget()
        when_row = QHBoxLayout(when)
        when_row.setContentsMargins(0, 0, 0, 0)
        when_row.addWidget(self.day)
        when_row.addWidget(QLabel("at"))
        when_row.addWidget(self.time)
        when_row.addStretch(1)
        self.manner = QComboBox()
        self.manner.setObjectName("manner")
        self.manner.setEditable(True)
        self.manner.addItems(list(DELIVERY_MANNERS))
        typed = self.manner.lineEdit()
        if typed is not None:
            typed.setMaxLength(vending_views.text_limits()["delivered_manner"] or 40)
        self.add_top(
            forms.banner(
                f"{application.number}, {application.applicant}: the written statement of the "
                f"matters in doubt was due to the applicant by "
                f"{format_day(notices[-1].due_on if notices else application.doubt_due_on)}.",
                tone="info",
            )
        )
        add_row(self, "&Notice", self.notice, "notice")
        add_row(self, "&Delivered", when, "delivered_at", focus=self.day)
        add_row(self, "&How", self.manner, "manner")
        self.finish_layout()
        if not app.operator.may(ISSUE):
            self.set_read_only(refusal(app.operator.role, ISSUE))
        self.resize(620, self.sizeHint().height())
        self.manner.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, application: ApplicationRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, application)))

    def commit(self) -> object:
        notice_id = self.notice.currentData()
        day, value, manner = forms.to_date(self.day), self.time.time(), self.manner.currentText()
        if not isinstance(notice_id, int):
            return None

        def work(action: Action) -> bool:
            at = datetime.combine(day, time(value.hour(), value.minute()), tzinfo=action.zone)
            vending.record_notice_delivery(action, notice_id, delivered_at=at, manner=manner)
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "delivered_at", keep=("manner",)),
            errors=self.errors,
        )


# ---- the decision ----------------------------------------------------------------------------


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
        if not app.operator.may(ISSUE):
            self.set_read_only(refusal(app.operator.role, ISSUE))
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
        if not app.operator.may(ISSUE):
            self.set_read_only(refusal(app.operator.role, ISSUE))
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


# ---- the appeal ------------------------------------------------------------------------------


class AppealDialog(forms.FormDialog):
    """Record an appeal of the Clerk's denial; one filed after the seventh day is recorded and
    flagged untimely, with the citation, before it is saved.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, application: ApplicationRow) -> None:
        super().__init__(parent, f"Appeal filed — {application.number}", save_text="Record appeal")
        self.app = app
        self.application = application
        self.setObjectName("appeal_dialog")
        note = info_label("appeal_due_note")
        denied = format_day(application.denied_on) if application.denied_on else "—"
        due = format_day(application.appeal_due_on) if application.appeal_due_on else "—"
        note.setText(
            f"Denied {html.escape(denied)} by {html.escape(application.denied_by)}. Appeals are "
            "filed with the City Clerk within seven days of the Clerk's decision: by "
            f"<b>{html.escape(due)}</b> ({cite_link(PROCEDURE_CITE)}). One filed later is "
            "recorded all the same, marked untimely, for the Council."
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        self.filed_on = forms.date_edit(app.desk.clock.today(), name="filed_on")
        self.timing = FindingsView(app, self, empty_text="Filed in time.")
        self.timing.setObjectName("appeal_timing")
        add_row(self, "&Filed on", left_aligned(self.filed_on), "filed_on", focus=self.filed_on)
        self.form.addRow("", self.timing)
        self.finish_layout()
        self.filed_on.dateChanged.connect(lambda _d: self.show_timing())
        if not app.operator.may(TAKE):
            self.set_read_only(refusal(app.operator.role, TAKE))
        self.show_timing()
        self.resize(660, self.sizeHint().height())
        self.filed_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, application: ApplicationRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, application)))

    def show_timing(self) -> None:
        day, application_id = forms.to_date(self.filed_on), self.application.id
        found = perform(
            self,
            self.app,
            lambda a: vending_views.appeal_preview_of(a, application_id, day),
            writes=False,
        )
        self.timing.set_findings(found or [])

    def commit(self) -> object:
        application_id, day = self.application.id, forms.to_date(self.filed_on)

        def work(action: Action) -> int:
            appeal = vending.file_appeal(action, application_id, filed_on=day)
            return appeal.id

        return perform(self, self.app, forms.as_field_error(work, "filed_on"), errors=self.errors)


class CouncilDecisionDialog(forms.FormDialog):
    """What the Common Council decided on the appeal, at a meeting held: deny, approve, or
    approve conditionally. An approval issues the permit; the tab prints it and the letter.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, application: ApplicationRow, appeal: AppealRow
    ) -> None:
        super().__init__(
            parent, f"Council decision — {application.number}", save_text="Record decision"
        )
        self.app = app
        self.application = application
        self.appeal = appeal
        self.setObjectName("council_decision_dialog")
        timing = "filed in time" if appeal.timely else "filed late, after the seventh day"
        note = info_label("council_note")
        note.setText(
            f"Appeal of the denial of {html.escape(application.number)} "
            f"({html.escape(application.applicant)}, {html.escape(application.event)}), "
            f"filed {html.escape(format_day(appeal.filed_on))}: {timing}. The Common Council "
            "may deny the permit, approve it, or approve it conditionally "
            f"({cite_link(PROCEDURE_CITE)})."
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        if appeal.findings:
            late = FindingsView(app, self)
            late.setObjectName("untimely_warning")
            late.set_findings(appeal.findings)
            self.form.addRow(late)
        self.meeting = QComboBox()
        self.meeting.setObjectName("meeting")
        self.new_meeting_button = QPushButton("New meeting…")
        self.new_meeting_button.setObjectName("new_meeting_button")
        meeting_box = QWidget()
        meeting_row = QHBoxLayout(meeting_box)
        meeting_row.setContentsMargins(0, 0, 0, 0)
        meeting_row.addWidget(self.meeting, 1)
        meeting_row.addWidget(self.new_meeting_button)
        self.outcomes = QButtonGroup(self)
        self.radio: dict[AppealOutcome, QRadioButton] = {}
        outcome_box = QWidget()
        outcome_lines = QVBoxLayout(outcome_box)
        outcome_lines.setContentsMargins(0, 0, 0, 0)
        outcome_lines.setSpacing(2)
        for outcome, text in (
            (AppealOutcome.APPROVED, "&Approved — the permit is issued"),
            (AppealOutcome.APPROVED_CONDITIONALLY, "Approved &conditionally, with the conditions"),
            (AppealOutcome.DENIED, "&Denied"),
        ):
            button = QRadioButton(text)
            button.setObjectName(f"outcome_{outcome.value}")
            self.outcomes.addButton(button)
            self.radio[outcome] = button
            outcome_lines.addWidget(button)
        self.conditions = plain_text(
            "council_conditions", 3, self, "The Council's conditions, as the motion states them"
        )
        self.note = QLineEdit()
        self.note.setObjectName("council_note_text")
        self.note.setPlaceholderText("e.g. motion by Ald. Smith, carried 5-1")
        add_row(self, "&Meeting held", meeting_box, "meeting", focus=self.meeting)
        add_row(self, "Outcome", outcome_box, "outcome", focus=self.radio[AppealOutcome.APPROVED])
        add_row(self, "C&onditions", self.conditions, "conditions")
        add_row(self, "N&ote", self.note, "note")
        self.finish_layout()
        self.radio[AppealOutcome.APPROVED].setChecked(True)
        self.outcomes.buttonToggled.connect(self._outcome_changed)
        self.new_meeting_button.clicked.connect(self.new_meeting)
        self.fill_meetings()
        if not app.operator.may(ISSUE):  # recording the Council's permit issues it
            why = refusal(app.operator.role, ISSUE)
            for outcome in (AppealOutcome.APPROVED, AppealOutcome.APPROVED_CONDITIONALLY):
                self.radio[outcome].setEnabled(False)
                self.radio[outcome].setToolTip(why)
            self.radio[AppealOutcome.DENIED].setChecked(True)
        self._outcome_changed()
        if not app.operator.may(TAKE):
            self.set_read_only(refusal(app.operator.role, TAKE))
            self.new_meeting_button.setEnabled(False)
        self.resize(700, self.sizeHint().height())
        self.meeting.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, application: ApplicationRow, appeal: AppealRow
    ) -> AppealOutcome | None:
        """The outcome recorded, or None."""
        dialog = cls(parent, app, application, appeal)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, AppealOutcome):
            return dialog.result_value
        return None

    def fill_meetings(self, current: int | None = None) -> None:
        """The meetings at which the Council can have decided the appeal, the latest first,
        and the next ones not held yet (so the core can say so): the core's rule
        (:func:`clerk_desk.vending.views.appeal_meetings`)."""
        appeal_id = self.appeal.id

        def work(action: Action) -> tuple[list[MeetingRow], list[int], list[int]]:
            held, later = vending_views.meetings_for_appeal(action, appeal_id)
            return meeting_rows(action), held, later

        found = perform(self, self.app, work, writes=False)
        rows, held_ids, later_ids = found if found is not None else ([], [], [])
        by_id = {r.id: r for r in rows}
        self.meeting.clear()
        held = [by_id[i] for i in held_ids if i in by_id]
        later = [by_id[i] for i in later_ids if i in by_id]
        for row in held:
            self.meeting.addItem(row.label, row.id)
        for row in later:
            self.meeting.addItem(f"{row.label} (not held yet)", row.id)
        if not held and not later:
            self.meeting.addItem("No meeting since the appeal — add it with New meeting…", None)
        index = self.meeting.findData(current) if current is not None else -1
        self.meeting.setCurrentIndex(max(index, 0))

    def new_meeting(self) -> None:
        meeting_id = MeetingDialog.ask(self, self.app)
        if meeting_id is not None:
            self.fill_meetings(meeting_id)

    def outcome(self) -> AppealOutcome:
        return next(o for o, b in self.radio.items() if b.isChecked())

    def choose(self, outcome: AppealOutcome) -> None:
        self.radio[outcome].setChecked(True)

    def choose_meeting(self, meeting_id: int) -> None:
        self.meeting.setCurrentIndex(max(0, self.meeting.findData(meeting_id)))

    def _outcome_changed(self, *_args: QAbstractButton | bool) -> None:
        self.conditions.setEnabled(self.outcome() is AppealOutcome.APPROVED_CONDITIONALLY)

    def commit(self) -> object:
        meeting_id = self.meeting.currentData()
        if not isinstance(meeting_id, int):
            self.errors.clear()
            self.errors.show(
                InvalidInput("Choose the meeting at which the Council decided.", field="meeting")
            )
            return None
        appeal_id, outcome = self.appeal.id, self.outcome()
        conditions = (
            self.conditions.toPlainText() if outcome is AppealOutcome.APPROVED_CONDITIONALLY else ""
        )
        note = self.note.text()

        def work(action: Action) -> AppealOutcome:
            vending.record_appeal_decision(
                action,
                appeal_id,
                meeting_id=meeting_id,
                outcome=outcome,
                conditions=conditions,
                note=note,
            )
            return outcome

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "outcome", keep=("meeting", "conditions")),
            errors=self.errors,
        )


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
    )


# ---- the papers ------------------------------------------------------------------------------

PAPERS = ("permit", "copies", "decision", "denial", "notice")


def print_papers(
    parent: QWidget | None,
    app: App,
    application_id: int,
    papers: Sequence[str],
    *,
    notice_id: int | None = None,
) -> list[str]:
    """Write the papers of an application (:mod:`reports.vending`), then print each; the act
    they follow is saved already. Returns the titles sent to a printer."""

    def read(action: Action) -> tuple[ApplicationPaper, NoticePaper | None, CityProfile, date]:
        application = vending_papers.application_paper(action, application_id)
        notice = None
        if "notice" in papers and notice_id is not None:
            notice = vending_papers.notice_paper(action, notice_id)
        return application, notice, vending_papers.city_profile(action), action.today()

    read_back = perform(parent, app, read, writes=False)
    if read_back is None:
        return []
    # The papers are drawn after the read has closed, from the views alone.
    application, notice, profile, today = read_back

    def write() -> list[tuple[str, bytes]]:
        from reports import vending as documents

        written: list[tuple[str, bytes]] = []
        for paper in papers:
            if paper == "permit":
                title = f"Permit {application.permit_number}"
                pdf = documents.permit_pdf(application, profile=profile, printed_on=today)
            elif paper == "copies":
                title = f"Participant copies — permit {application.permit_number}"
                pdf = documents.participant_copies_pdf(
                    application, profile=profile, printed_on=today
                )
            elif paper == "decision":
                title = f"Decision letter — {application.number}"
                pdf = documents.decision_letter_pdf(application, profile=profile, printed_on=today)
            elif paper == "denial":
                title = f"Denial letter — {application.number}"
                pdf = documents.denial_letter_pdf(application, profile=profile, printed_on=today)
            elif paper == "notice" and notice is not None:
                title = f"Doubt notice — {application.number}"
                pdf = documents.doubt_notice_pdf(notice, profile=profile, printed_on=today)
            else:
                raise ValueError(f"unknown paper {paper!r}")
            written.append((title, pdf))
        return written

    written = attempt(parent, write)
    printed = []
    for title, pdf in written or []:
        if printing.print_or_explain(
            parent, pdf, title=title, saved="It is recorded: print it again from the tab."
        ):
            printed.append(title)
    return printed
