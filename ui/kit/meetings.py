"""The Common Council's meetings as every workflow picks them (the rows are the core's,
:mod:`clerk_desk.petitions.meetings`) (petitions, cafes, vending appeals
go on its agenda), the dialog that adds or changes one, and the one-reason form."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, time

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.kinds import MeetingKind
from clerk_desk.petitions import schedule
from clerk_desk.petitions.acts import MeetingAct, RegisterAct, meeting_acts, register_acts
from clerk_desk.petitions.meetings import PLACE_LENGTH, MeetingRow, meeting_defaults, meeting_rows
from ui.kit import forms as forms
from ui.kit.dates import TimeField
from ui.kit.fields import limited, plain_text_edit
from ui.kit.operations import App, core_refusal, perform

__all__ = [
    "MeetingDialog",
    "MeetingRow",
    "ReasonForm",
    "meeting_refusal",
    "meeting_rows",
]


def meeting_refusal(action: Action, meeting: MeetingRow | None) -> str | None:
    """The core's refusal of adding a meeting (``meeting`` None) or of changing ``meeting``."""
    if meeting is None:
        return register_acts(action)[RegisterAct.NEW_MEETING]
    return meeting_acts(action, meeting.id)[MeetingAct.EDIT]


class ReasonForm(forms.FormDialog):
    """One act that needs only a reason: withdraw a petition, set a scan aside, cancel a meeting.
    ``refused`` asks the core's acts whether the operator may do it now; when they may not, the
    form is read-only and says why in the core's words.

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
        placeholder: str,
        work: Callable[[Action, str], object],
        name: str,
        refused: Callable[[Action], str | None],
    ) -> None:
        super().__init__(parent, title, save_text=save_text)
        self.app = app
        self.work = work
        self.setObjectName(name)
        self.add_top(forms.banner(note, tone="info"))
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText(placeholder)
        self.add_field("&Why", self.reason, "reason")
        self.finish_layout()
        why = core_refusal(parent, app, refused)
        if why:
            self.set_read_only(why)
        self.resize(560, self.sizeHint().height())
        self.reason.setFocus()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        *,
        title: str,
        note: str,
        save_text: str,
        placeholder: str,
        work: Callable[[Action, str], object],
        name: str,
        refused: Callable[[Action], str | None],
    ) -> bool:
        dialog = cls(
            parent,
            app,
            title=title,
            note=note,
            save_text=save_text,
            placeholder=placeholder,
            work=work,
            name=name,
            refused=refused,
        )
        return bool(forms.run_modal(dialog))

    def commit(self) -> object:
        reason = self.reason.text()

        def act(action: Action) -> bool:
            self.work(action, reason)
            return True

        return perform(self, self.app, forms.as_field_error(act, "reason"), errors=self.errors)


class MeetingDialog(forms.FormDialog):
    """Add a Common Council meeting (regular or special), or change one's date, time or place.

    A new meeting starts on the next regular meeting day not yet in the list (second and fourth
    Mondays at 6:00 p.m., the Tuesday after a Monday City Hall is closed).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, meeting: MeetingRow | None = None) -> None:
        super().__init__(parent, "Change the meeting" if meeting else "New Council meeting")
        self.app = app
        self.meeting = meeting
        self.setObjectName("meeting_dialog")

        found = None if meeting else perform(parent, app, meeting_defaults, writes=False)
        starts_at = meeting.starts_at if meeting else (found[0] if found else None)
        place = meeting.place if meeting else (found[1] if found else "")
        day = starts_at.date() if starts_at else app.desk.clock.today()
        self.kind = QComboBox()
        self.kind.setObjectName("meeting_kind")
        for kind in MeetingKind:
            self.kind.addItem(kind.label, kind)
        self.day = forms.date_edit(day, name="meeting_day")
        self.time = TimeField(
            time(starts_at.hour, starts_at.minute) if starts_at else time(18, 0),
            name="meeting_time",
            start=time(18, 0),
        )
        when = QWidget()
        when_row = QHBoxLayout(when)
        when_row.setContentsMargins(0, 0, 0, 0)
        when_row.addWidget(self.day)
        when_row.addWidget(QLabel("at"))
        when_row.addWidget(self.time)
        when_row.addStretch(1)
        self.place = limited(QLineEdit(place), PLACE_LENGTH)
        self.place.setObjectName("place")
        self.notes = plain_text_edit("meeting_notes", 2, self)
        self.add_field("&Kind", self.kind)
        self.add_field("&Date", when, "starts_at")
        self.add_field("&Place", self.place, "place")
        self.add_field("&Notes", self.notes, "notes")
        if meeting is not None:
            self.kind.setCurrentIndex(self.kind.findData(meeting.kind))
            self.notes.setPlainText(meeting.notes)
            if meeting.packet_built:
                self.add_top(
                    forms.banner(
                        "A packet was built for this meeting; a new date or time means building "
                        "it again.",
                        tone="info",
                    )
                )
        self.finish_layout()
        why = core_refusal(parent, app, lambda a: meeting_refusal(a, meeting))
        if why:
            self.set_read_only(why)
        self.resize(560, self.sizeHint().height())
        self.day.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, meeting: MeetingRow | None = None) -> int | None:
        dialog = cls(parent, app, meeting)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        meeting = self.meeting
        kind = MeetingKind(self.kind.currentData())
        day, value = forms.to_date(self.day), self.time.time()
        place, notes = self.place.text(), self.notes.toPlainText()

        def work(action: Action) -> int:
            starts_at = datetime.combine(
                day, time(value.hour(), value.minute()), tzinfo=action.zone
            )
            data = schedule.MeetingData(kind, starts_at, place, notes)
            if meeting is None:
                return schedule.add_meeting(action, data)
            return schedule.update_meeting(action, meeting.id, data)

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "starts_at", keep=("place",)),
            errors=self.errors,
        )
