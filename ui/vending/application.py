"""The application form of the Special Event Vending tab (§ 506-24): intake and correction.

An application is taken at the counter with :class:`ApplicationDialog`, which shows — before
anything is saved, and kept current while the form is open — the last day to state the matters
in doubt if the application is taken now: the time of application is stamped by the core when
the form is saved, and it starts the three-day clock. The exact days, hours and places and the
sponsors' and participants' list are typed into tables (or the list imported from Excel or CSV).
Every check is the core's (:mod:`clerk_desk.vending.service`); its refusals show under the field.

The rows shown are plain frozen values read inside one action (:class:`ApplicationRow` and
friends), never live records. The other acts' forms are in :mod:`ui.vending.review_dialogs`,
:mod:`ui.vending.decision_dialogs` and :mod:`ui.vending.appeal_dialogs`.
"""

from __future__ import annotations

import html
from dataclasses import replace
from datetime import time, timedelta

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
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
from clerk_desk.parties_views import PartyRow
from clerk_desk.vending import acts as vending_acts
from clerk_desk.vending import service as vending
from clerk_desk.vending import views as vending_views
from clerk_desk.vending.application import ApplicationData
from clerk_desk.vending.rules import PROCEDURE_CITE
from clerk_desk.vending.views import ApplicationRow, ParticipantRow, SlotRow, day_text
from clerk_desk.words import clock_time, format_day, plural
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.dialog_parts import add_row, cite_link, follow_cite, info_label, plain_text
from ui.kit.edit_rows import EditColumn, EditRowsModel, editable_table
from ui.kit.fields import prefill
from ui.kit.list_editor import ListEditor, ListNames
from ui.kit.operations import App, perform
from ui.kit.pickers import PartyPicker
from ui.kit.style import SECONDARY, text_sheet
from ui.parties.dialogs import PartyDialog
from ui.vending.common import limited

DEFAULT_HOURS = (time(9, 0), time(17, 0))


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


def form_refusal(action: Action, application: ApplicationRow | None) -> str | None:
    """The core's refusal of taking an application (``application`` None) or of correcting it."""
    if application is None:
        return vending_acts.register_acts(action)[vending_acts.RegisterAct.NEW_APPLICATION]
    return vending_acts.acts(action, application.id)[vending_acts.VendingAct.CORRECT]


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
        applicant_box = self._build_applicant(parent)
        kind_box = self._build_kind()
        contact_box = self._build_event()
        days = self._build_days()
        self._build_people()
        self._lay_out(applicant_box, kind_box, contact_box, days)
        self._connect()
        self._start()

    def _build_applicant(self, parent: QWidget | None) -> QWidget:
        """The applicant, chosen from People & Parcels (fixed on a correction)."""
        chosen, row = None, self.application
        if row is not None:
            chosen = perform(
                parent, self.app, lambda a: vending_views.applicant(a, row.id), writes=False
            )
        self.applicant = PartyPicker(self.app, role="applicant", chosen=chosen, name="applicant")
        self.new_party_button = QPushButton("New person or &business…")
        self.new_party_button.setObjectName("new_party_button")
        self.new_party_button.setToolTip("Add the applicant to People & Parcels and choose it here")
        applicant_box = QWidget()
        applicant_lines = QVBoxLayout(applicant_box)
        applicant_lines.setContentsMargins(0, 0, 0, 0)
        applicant_lines.addWidget(self.applicant)
        applicant_lines.addWidget(self.new_party_button, 0, Qt.AlignmentFlag.AlignLeft)
        if self.application is not None:  # the applicant cannot change: a new application then
            self.applicant.setVisible(False)
            self.new_party_button.setVisible(False)
            fixed = QLabel(
                f"<b>{html.escape(self.application.applicant)}</b><br><small>The applicant cannot "
                "change; for another applicant, take a new application.</small>"
            )
            fixed.setObjectName("applicant_fixed")
            fixed.setWordWrap(True)
            applicant_lines.addWidget(fixed)
        return applicant_box

    def _build_kind(self) -> QWidget:
        """Whether a sponsoring organization or an individual vendor applies."""
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
        self._kind_touched = self.application is not None
        return kind_box

    def _build_event(self) -> QWidget:
        """The event, the goods, the contact and the notes; returns the phone and e-mail row."""
        self.event_name = limited(QLineEdit(), "event_name")
        self.event_name.setObjectName("event_name")
        self.event_name.setPlaceholderText("e.g. Prescott Daze")
        self.goods = plain_text(
            "goods", 2, self, "e.g. food, crafts, festival T-shirts — as the application says"
        )
        self.integral = QCheckBox("Vending is an &integral part of the special event")
        self.integral.setObjectName("integral_to_event")
        self.contact_name = limited(QLineEdit(), "contact_name")
        self.contact_name.setObjectName("contact_name")
        self.contact_phone = limited(QLineEdit(), "contact_phone")
        self.contact_phone.setObjectName("contact_phone")
        self.contact_email = limited(QLineEdit(), "contact_email")
        self.contact_email.setObjectName("contact_email")
        contact_box = QWidget()
        contact_row = QHBoxLayout(contact_box)
        contact_row.setContentsMargins(0, 0, 0, 0)
        contact_row.addWidget(self.contact_phone, 2)
        contact_row.addWidget(self.contact_email, 3)
        self.contact_phone.setPlaceholderText("phone")
        self.contact_email.setPlaceholderText("e-mail")
        self.notes = plain_text("notes", 2, self, "Anything else the application says")
        return contact_box

    def _build_days(self) -> QGroupBox:
        """The exact days, hours and places, with the short-notice warning."""
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
        self.short_notice.linkActivated.connect(lambda url: follow_cite(self, self.app, url))
        self.short_notice.setVisible(False)
        days_lines.addWidget(self.short_notice)

        return days

    def _build_people(self) -> None:
        """The sponsors' and participants' list, typed or imported."""
        self.people = ListEditor(
            self,
            participant_columns(),
            blank=lambda: ParticipantRow(""),
            names=ListNames(
                "participants_table",
                "add_person_button",
                "remove_person_button",
                "import_button",
                "participants_count",
            ),
            import_tip="A sheet with a header row: Name, and Role (sponsor or participant), "
            "Goods, Contact",
            count_colour=SECONDARY,
        )
        self.people_model, self.people_table = self.people.model, self.people.table
        forms.size_columns(self.people_table, {0: 22, 1: 10, 2: 18})
        self.add_person_button = self.people.add_button
        self.remove_person_button = self.people.remove_button
        self.import_button = self.people.import_button
        self.people_count = self.people.count
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
        self.people_note.linkActivated.connect(lambda url: follow_cite(self, self.app, url))
        people_lines.addWidget(self.people_note)
        people_lines.addWidget(self.people_table, 1)
        people_lines.addLayout(self.people.buttons)
        message = forms.error_label()
        people_lines.addWidget(message)
        self.errors.add("participants", message, self.people_table)

    def _lay_out(
        self, applicant_box: QWidget, kind_box: QWidget, contact_box: QWidget, days: QGroupBox
    ) -> None:
        """The clock on top; the form at the left, the two tables at the right."""
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

    def _connect(self) -> None:
        """The form's own signals."""
        self.applicant.party_changed.connect(self._applicant_changed)
        self.new_party_button.clicked.connect(self.new_party)
        self.sponsor_radio.toggled.connect(lambda _on: self._kind_changed())
        self.sponsor_radio.clicked.connect(lambda: setattr(self, "_kind_touched", True))
        self.vendor_radio.clicked.connect(lambda: setattr(self, "_kind_touched", True))
        self.add_day_button.clicked.connect(self.add_day)
        self.add_place_button.clicked.connect(self.add_place)
        self.remove_slot_button.clicked.connect(self.remove_slot)
        self.import_button.clicked.connect(self.import_list)
        self.people_model.rows_changed.connect(self._count_people)
        self.slot_model.rows_changed.connect(self._slot_buttons)
        self.slot_model.rows_changed.connect(self.show_short_notice)
        self.slot_table.selectionModel().currentChanged.connect(lambda *_: self._slot_buttons())

    def _start(self) -> None:
        """Fill the form; show the clock, kept current while a new application is open."""
        self.sponsor_radio.setChecked(True)
        if self.application is not None:
            self._fill(self.application)
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
        if self.application is None:
            self._timer.start()  # the due date moves at midnight while the form is open
        # A closed form stays alive as its parent's child; it must not read the database every
        # half minute for the rest of the session (nor, in the tests, after its engine is gone).
        self.finished.connect(self._timer.stop)
        application = self.application
        if why := operations.core_refusal(self, self.app, lambda a: form_refusal(a, application)):
            self.set_read_only(why)
        self.resize(1220, 720)
        (self.event_name if self.application else self.applicant.search_field).setFocus()

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
        return self.people.rows()

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
                prefill(edit, value)

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

        def read(path: str) -> list[ParticipantRow]:
            from reports.excel import read_table

            try:
                table = read_table(path)
            except InvalidInput as error:
                raise InvalidInput(error.message, field="participants") from error
            return [
                ParticipantRow(p.name, p.role, p.goods, p.contact)
                for p in vending.participants_from_rows(table)
            ]

        self.people.import_list(
            self,
            title="Import the sponsors and participants",
            read=read,
            errors=self.errors,
            held_in="the form",
        )

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
                return vending.receive_application(action, data)
            return vending.correct_application(action, row.id, data)

        return perform(self, self.app, work, errors=self.errors)


# ---- the police review -----------------------------------------------------------------------


# ---- the matters in doubt --------------------------------------------------------------------


# ---- the decision ----------------------------------------------------------------------------


# ---- the appeal ------------------------------------------------------------------------------


# ---- the papers ------------------------------------------------------------------------------
