"""The Common Council's side: the list of meetings and the acts on one, choosing a meeting (to
place a petition on its agenda, to build its packet), and recording what the Council did with a
petition."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import PetitionStatus
from clerk_desk.petitions import details as petition_details
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.acts import (
    MeetingAct,
    PetitionAct,
    RegisterAct,
    acts,
    meeting_acts,
    register_acts,
)
from clerk_desk.petitions.details import PetitionRow
from clerk_desk.petitions.service import CITE, CouncilAction
from clerk_desk.words import clock_time, format_day, plural
from ui.kit import forms as forms
from ui.kit.fields import left_aligned, limited
from ui.kit.meetings import MeetingDialog, MeetingRow, ReasonForm, meeting_rows
from ui.kit.operations import App, core_refusal, perform
from ui.kit.register_page import show_acts
from ui.kit.table_models import RIGHT, RowsModel, TableColumn


def meeting_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Kind", lambda r: r.kind.label),
        TableColumn("Date", lambda r: format_day(r.day)),
        TableColumn("Time", lambda r: clock_time(r.starts_at), align=RIGHT),
        TableColumn("Place", lambda r: r.place, tooltip=lambda r: r.notes or None),
        TableColumn(
            "On agenda",
            lambda r: str(r.items),
            align=RIGHT,
            header_tooltip="Petitions on the meeting's agenda now",
        ),
        TableColumn(
            "Packet built",
            lambda r: r.packet_built or ("" if r.cancelled or r.held else "not yet"),
        ),
        TableColumn(
            "Status",
            lambda r: r.status_text,
            tooltip=lambda r: r.cancel_reason or None,
        ),
    )


class MeetingsDialog(QDialog):
    """The Common Council's meetings: add, change, cancel; build the agenda packet of one.

    "Build agenda packet" closes the list and hands the meeting to the tab, which builds the
    packet in the background (:meth:`ask` returns its id).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, *, select_id: int | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setWindowTitle("Common Council meetings")
        self.setObjectName("meetings_dialog")
        self.build_id: int | None = None
        self.changed = False
        note = forms.banner(
            "The Common Council meets on the second and fourth Mondays at 6:00 p.m. (the Tuesday "
            "after a Monday City Hall is closed), and in special meetings. Petitions are placed "
            "on a meeting's agenda from the Petitions tab; a cancelled meeting's petitions go "
            "back to waiting for one.",
            tone="info",
        )
        self.all_box = QCheckBox("Show &past and cancelled meetings")
        self.all_box.setObjectName("all_meetings")
        self.count_label = QLabel()
        self.count_label.setObjectName("meetings_count")
        self.model = RowsModel(meeting_columns(), self)
        self.model.set_dimmed(lambda r: r.cancelled or r.held)
        self.table = forms.make_table(self.model, name="meetings_table")
        forms.size_columns(self.table, {0: 15, 1: 15, 2: 8, 3: 31, 4: 9, 5: 20})
        self.table.setMinimumHeight(self.table.verticalHeader().defaultSectionSize() * 8 + 30)
        self.add_button = QPushButton("&New meeting…")
        self.add_button.setObjectName("add_meeting_button")
        self.edit_button = QPushButton("&Change…")
        self.edit_button.setObjectName("edit_meeting_button")
        self.cancel_button = QPushButton("Cancel &meeting…")
        self.cancel_button.setObjectName("cancel_meeting_button")
        self.build_button = QPushButton("&Build agenda packet")
        self.build_button.setObjectName("build_packet_button")
        self.build_button.setProperty(
            "tip", "Close this list and build the packet of the meeting chosen, in the background"
        )
        self.act_buttons = {
            MeetingAct.EDIT: self.edit_button,
            MeetingAct.CANCEL: self.cancel_button,
            MeetingAct.BUILD_PACKET: self.build_button,
        }
        self.acts: dict[MeetingAct, str | None] | None = None  # the chosen meeting's
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.cancel_button, self.build_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(self.all_box)
        top.addStretch(1)
        top.addWidget(self.count_label)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(close)

        self._may_not = core_refusal(
            parent, app, lambda a: register_acts(a)[RegisterAct.NEW_MEETING]
        )
        if self._may_not:
            self.add_button.setEnabled(False)
            self.add_button.setToolTip(self._may_not)
        self.all_box.toggled.connect(lambda _on: self.refresh())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._show_acts())
        self.table.doubleClicked.connect(lambda _i: self.edit_selected())
        self.add_button.clicked.connect(self.add_meeting)
        self.edit_button.clicked.connect(self.edit_selected)
        self.cancel_button.clicked.connect(self.cancel_selected)
        self.build_button.clicked.connect(self.build_selected)
        self.resize(1040, 460)
        self.refresh(select_id)
        self.table.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, *, select_id: int | None = None) -> int | None:
        """Show the list; the id of the meeting whose packet is to be built, or None."""
        dialog = cls(parent, app, select_id=select_id)
        forms.run_modal(dialog)
        return dialog.build_id

    def selected(self) -> MeetingRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, MeetingRow) else None

    def refresh(self, select_id: int | None = None) -> None:
        chosen = self.selected()
        wanted = select_id if select_id is not None else (chosen.id if chosen else None)
        everything = self.all_box.isChecked()
        rows = perform(
            self,
            self.app,
            lambda a: meeting_rows(a, upcoming=not everything, include_cancelled=everything),
            writes=False,
        )
        missing = rows is not None and wanted is not None and all(r.id != wanted for r in rows)
        if missing and not everything and select_id is not None:  # a meeting asked for
            self.all_box.setChecked(True)  # refreshes, showing the meeting asked for
            self.refresh(wanted)
            return
        self.model.set_rows(rows or [])
        count = len(rows or [])
        what = "meeting" if count == 1 else "meetings"
        self.count_label.setText(
            f"{count} {what}" + ("" if everything else " to come")
            if count
            else ("No meetings recorded" if everything else "No meetings to come — add the next")
        )
        number = self.model.row_of(lambda r: r.id == wanted) if wanted is not None else -1
        forms.select_row(self.table, number if number >= 0 else 0)
        self._show_acts()

    def _show_acts(self) -> None:
        """The chosen meeting's acts, as the core allows them now."""
        row = self.selected()
        self.acts = None
        if row is not None:
            chosen = row.id
            self.acts = perform(self, self.app, lambda a: meeting_acts(a, chosen), writes=False)
        show_acts(self.act_buttons, self.acts, "Choose a meeting")

    def _allowed(self, act: MeetingAct) -> MeetingRow | None:
        """The meeting chosen, when the core allows ``act`` on it now (its button is on)."""
        row = self.selected()
        return row if row is not None and self.acts is not None and self.acts[act] is None else None

    def add_meeting(self) -> None:
        meeting_id = MeetingDialog.ask(self, self.app)
        if meeting_id is not None:
            self.changed = True
            self.refresh(meeting_id)

    def edit_selected(self) -> None:
        row = self._allowed(MeetingAct.EDIT)
        if row is None:
            return
        if MeetingDialog.ask(self, self.app, row) is not None:
            self.changed = True
            self.refresh(row.id)

    def cancel_selected(self) -> None:
        row = self._allowed(MeetingAct.CANCEL)
        if row is None:
            return
        items = (
            f" The {plural(row.items, 'petition')} on its agenda "
            f"{'go' if row.items != 1 else 'goes'} back to waiting for a meeting."
            if row.items
            else ""
        )
        if ReasonForm.ask(
            self,
            self.app,
            title="Cancel the meeting",
            note=f"{row.label}, {row.place}: it stays in the list, marked cancelled.{items}",
            save_text="Cancel meeting",
            placeholder="e.g. no quorum; moved to a special meeting",
            work=lambda a, why: petitions.cancel_meeting(a, row.id, reason=why),
            name="cancel_meeting_dialog",
            refused=lambda a: meeting_acts(a, row.id)[MeetingAct.CANCEL],
        ):
            self.changed = True
            self.refresh()  # a cancelled meeting leaves the list of those to come

    def build_selected(self) -> None:
        row = self._allowed(MeetingAct.BUILD_PACKET)
        if row is not None:
            self.build_id = row.id
            self.accept()


class ChooseMeetingDialog(forms.FormDialog):
    """Choose one of the meetings to come (placing a petition on its agenda, building its
    packet); "New meeting…" adds one without leaving the form.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        *,
        title: str,
        note: str,
        save_text: str,
        refused: Callable[[Action], str | None],
        current: int | None = None,
        work: Callable[[Action, int], object] | None = None,
    ) -> None:
        super().__init__(parent, title, save_text=save_text)
        self.app = app
        self.work = work
        self.setObjectName("choose_meeting_dialog")
        self.add_top(forms.banner(note, tone="info"))
        self.meeting = QComboBox()
        self.meeting.setObjectName("meeting")
        self.new_button = QPushButton("New meeting…")
        self.new_button.setObjectName("new_meeting_button")
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.meeting, 1)
        line.addWidget(self.new_button)
        self.form.addRow("&Meeting", row)
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("meeting", message, self.meeting)
        self.finish_layout()
        self.new_button.clicked.connect(self.new_meeting)
        why = core_refusal(parent, app, refused)
        if why:
            self.set_read_only(why)
            self.new_button.setEnabled(False)
        self.fill(current)
        self.resize(620, self.sizeHint().height())
        self.meeting.setFocus()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        *,
        title: str,
        note: str,
        save_text: str,
        refused: Callable[[Action], str | None],
        current: int | None = None,
        work: Callable[[Action, int], object] | None = None,
    ) -> int | None:
        """The id of the meeting chosen (after ``work`` was done with it), or None. ``refused``
        asks the core's acts whether the operator may do it now (read-only, saying why, if
        not)."""
        dialog = cls(
            parent,
            app,
            title=title,
            note=note,
            save_text=save_text,
            refused=refused,
            current=current,
            work=work,
        )
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def fill(self, current: int | None = None) -> None:
        rows = perform(self, self.app, lambda a: meeting_rows(a, upcoming=True), writes=False)
        self.meeting.clear()
        for row in rows or []:
            self.meeting.addItem(row.choice(), row.id)
        if not rows:
            self.meeting.addItem("No meetings to come — add one with New meeting…", None)
        index = self.meeting.findData(current) if current is not None else -1
        self.meeting.setCurrentIndex(max(index, 0))

    def new_meeting(self) -> None:
        meeting_id = MeetingDialog.ask(self, self.app)
        if meeting_id is not None:
            self.fill(meeting_id)

    def choose(self, meeting_id: int) -> None:
        self.meeting.setCurrentIndex(max(0, self.meeting.findData(meeting_id)))

    def commit(self) -> object:
        meeting_id = self.meeting.currentData()
        if not isinstance(meeting_id, int):
            self.errors.clear()
            self.errors.show(InvalidInput("Choose a meeting to come, or add one.", field="meeting"))
            return None
        work = self.work
        if work is None:
            return meeting_id

        def act(action: Action) -> int:
            work(action, meeting_id)
            return meeting_id

        return perform(self, self.app, forms.as_field_error(act, "meeting"), errors=self.errors)


def place_on_agenda(parent: QWidget | None, app: App, petition: PetitionRow) -> int | None:
    moving = petition.status is PetitionStatus.ON_AGENDA and petition.meeting
    note = (
        f"Petition {petition.number}: {petition.kind.label}, {petition.location}; program year "
        f"{petition.program_year} ({petition.timely_text.lower()})."
    )
    if moving:
        note += f" It is on the agenda of {petition.meeting}; choosing another meeting moves it."
    return ChooseMeetingDialog.ask(
        parent,
        app,
        title=f"Place petition {petition.number} on an agenda",
        note=note,
        save_text="Place on agenda",
        refused=lambda a: acts(a, petition.id)[PetitionAct.PLACE],
        current=petition.meeting_id,
        work=lambda a, meeting_id: petitions.place_on_agenda(a, petition.id, meeting_id),
    )


class CouncilActionDialog(forms.FormDialog):
    """What the Council did with a petition at a meeting held: referred (to whom), approved (for
    a program year, the petition's by default), denied, or deferred to a later meeting.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, petition: PetitionRow) -> None:
        super().__init__(parent, f"Council action — petition {petition.number}", save_text="Record")
        self.app = app
        self.petition = petition
        self.setObjectName("council_action_dialog")
        self.add_top(
            forms.banner(
                f"Petition {petition.number}: {petition.kind.label}, {petition.location}. "
                f"Received {format_day(petition.received_on)}: considered for installation in "
                f"{petition.program_year} ({CITE}).",
                tone="info",
            )
        )
        self._build_meeting(parent, app, petition)
        grid_box = self._build_outcomes(petition)
        self.add_field("&Meeting held", self.meeting, "meeting")
        self.add_field("Outcome", grid_box, "outcome")
        self.add_field("N&ote", self.note, "note")
        self.finish_layout()

        self.radio[CouncilAction.APPROVED].setChecked(True)
        self.outcomes.buttonToggled.connect(self._outcome_changed)
        self.meeting.currentIndexChanged.connect(lambda _i: self._fill_later())
        self._fill_later()
        self._outcome_changed()
        petition_id = petition.id
        why = core_refusal(parent, app, lambda a: acts(a, petition_id)[PetitionAct.COUNCIL_ACTION])
        if why:
            self.set_read_only(why)
        self.resize(640, self.sizeHint().height())
        self.meeting.setFocus()

    def _build_meeting(self, parent: QWidget | None, app: App, petition: PetitionRow) -> None:
        """The meetings the Council may have acted at."""
        everything = perform(parent, app, lambda a: meeting_rows(a), writes=False) or []
        self._meetings = everything
        self.meeting = QComboBox()
        self.meeting.setObjectName("held_meeting")
        # The meetings held, the latest first; and the one whose agenda holds the petition even
        # before it is held, so the core can say it has not taken place yet.
        held = [m for m in everything if m.held or m.id == petition.meeting_id]
        for row in reversed(held):
            self.meeting.addItem(row.label + ("" if row.held else " (not held yet)"), row.id)
        if not held:
            self.meeting.addItem("No meeting has taken place yet", None)
        at = self.meeting.findData(petition.meeting_id) if petition.meeting_id else -1
        self.meeting.setCurrentIndex(max(at, 0))

    def _build_outcomes(self, petition: PetitionRow) -> QWidget:
        """The four outcomes, each with what it needs beside it and its message under it."""
        self.outcomes = QButtonGroup(self)
        self.radio: dict[CouncilAction, QRadioButton] = {}
        for outcome, text in (
            (CouncilAction.APPROVED, "&Approved for installation in"),
            (CouncilAction.REFERRED, "&Referred to"),
            (CouncilAction.DENIED, "De&nied"),
            (CouncilAction.DEFERRED, "Deferred &to"),
        ):
            button = QRadioButton(text)
            button.setObjectName(f"outcome_{outcome.value}")
            self.outcomes.addButton(button)
            self.radio[outcome] = button
        self.approved_year = QSpinBox()
        self.approved_year.setObjectName("approved_year")
        self.approved_year.setRange(
            petition.program_year - 5, petition.program_year + petitions.APPROVED_YEARS_AHEAD
        )
        self.approved_year.setValue(petition.program_year)
        self.referred_to = limited(QLineEdit(), petition_details.PETITION_LENGTHS["referred_to"])
        self.referred_to.setObjectName("referred_to")
        self.referred_to.setPlaceholderText("e.g. Public Works Committee; the City Engineer")
        self.deferred_to = QComboBox()
        self.deferred_to.setObjectName("deferred_to")
        self.note = QLineEdit()
        self.note.setObjectName("note")
        self.note.setPlaceholderText("e.g. motion by Ald. Smith, carried 5-1")

        grid_box = QWidget()
        grid = QGridLayout(grid_box)
        grid.setContentsMargins(0, 0, 0, 0)
        details: list[tuple[CouncilAction, QWidget | None, str]] = [
            (CouncilAction.APPROVED, left_aligned(self.approved_year), "approved_year"),
            (CouncilAction.REFERRED, self.referred_to, "referred_to"),
            (CouncilAction.DENIED, None, ""),
            (CouncilAction.DEFERRED, self.deferred_to, "deferred_to"),
        ]
        line = 0
        for outcome, widget, field in details:
            grid.addWidget(self.radio[outcome], line, 0)
            if widget is not None:
                grid.addWidget(widget, line, 1)
            line += 1
            if field:
                message = forms.error_label()
                grid.addWidget(message, line, 1)
                self.errors.add(field, message, widget)
                line += 1
        grid.setColumnStretch(1, 1)
        return grid_box

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, petition: PetitionRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, petition)))

    def outcome(self) -> CouncilAction:
        return next(o for o, b in self.radio.items() if b.isChecked())

    def choose(self, outcome: CouncilAction) -> None:
        self.radio[outcome].setChecked(True)

    def _outcome_changed(self, *_args: QAbstractButton | bool) -> None:
        outcome = self.outcome()
        self.approved_year.setEnabled(outcome is CouncilAction.APPROVED)
        self.referred_to.setEnabled(outcome is CouncilAction.REFERRED)
        self.deferred_to.setEnabled(outcome is CouncilAction.DEFERRED)

    def _fill_later(self) -> None:
        """The meetings after the one held, for a deferral."""
        held = next((m for m in self._meetings if m.id == self.meeting.currentData()), None)
        self.deferred_to.clear()
        for row in self._meetings:
            if held is None or row.starts_at > held.starts_at:
                self.deferred_to.addItem(row.choice(), row.id)
        if not self.deferred_to.count():
            self.deferred_to.addItem("No later meeting yet — add it under Meetings…", None)

    def commit(self) -> object:
        petition_id = self.petition.id
        meeting_id = self.meeting.currentData()
        outcome = self.outcome()
        if not isinstance(meeting_id, int):
            self.errors.clear()
            self.errors.show(
                InvalidInput("Choose the meeting at which the Council acted.", field="meeting")
            )
            return None
        year = self.approved_year.value()
        referred_to, note = self.referred_to.text(), self.note.text()
        deferred_to = self.deferred_to.currentData()

        def work(action: Action) -> bool:
            petitions.record_council_action(
                action,
                petition_id,
                outcome=outcome,
                meeting_id=meeting_id,
                approved_year=year if outcome is CouncilAction.APPROVED else None,
                referred_to=referred_to,
                deferred_to=deferred_to if isinstance(deferred_to, int) else None,
                note=note,
            )
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(
                work, "outcome", keep=("meeting", "approved_year", "referred_to", "deferred_to")
            ),
            errors=self.errors,
        )
