"""The form every act of the Sidewalk Cafes tab opens (§ 506-10): the application named at its top,
a refusal of the core shown under the field the clerk can change, and the Council meeting
chooser of the acts that need one.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.sidewalk_cafes import acts as cafe_acts
from clerk_desk.sidewalk_cafes import views as cafe_views
from clerk_desk.sidewalk_cafes.acts import CafeAct
from clerk_desk.sidewalk_cafes.views import (
    CafeRow,
)
from ui.kit import forms as forms
from ui.kit.dialog_parts import MeetingPicker
from ui.kit.meetings import MeetingRow, meeting_rows
from ui.kit.operations import App, core_refusal, perform
from ui.sidewalk_cafes.widgets import (
    cafe_banner,
    fit_height,
)


class ActDialog(forms.FormDialog):
    """A form acting on one application: its line at the top, read-only when the core's acts
    refuse its ``core_act`` now (saying why)."""

    core_act: CafeAct

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        cafe: CafeRow,
        title: str,
        *,
        save_text: str,
        name: str,
    ) -> None:
        super().__init__(parent, f"{title} — {cafe.number}", save_text=save_text)
        self.app = app
        self.cafe = cafe
        self.setObjectName(name)

    def done_building(self, width: int = 660) -> None:
        self.add_top(cafe_banner(self.cafe))  # the application first, then what the form is about
        self.finish_layout()
        why = core_refusal(self, self.app, self.refusal)
        if why:
            self.set_read_only(why)
        fit_height(self, width)

    def refusal(self, action: Action) -> str | None:
        """The core's refusal of this form's act on the application now (None: allowed)."""
        return cafe_acts.acts(action, self.cafe.id)[self.core_act]

    def act(
        self, work: Callable[[Action], object], field: str, keep: tuple[str, ...] = ()
    ) -> object:
        def done(action: Action) -> object:
            result = work(action)
            return result if result is not None else True

        return perform(
            self, self.app, forms.as_field_error(done, field, keep=keep), errors=self.errors
        )


class MeetingChooser(MeetingPicker):
    """A Council meeting from the list, or a new one added on the spot.

    ``held``: the meetings that have taken place, the latest first, then the next two not held
    yet (marked, so that the core says so if one is chosen); otherwise the meetings to come.
    With ``cafe_id``, the meetings at which the Council may act on that application come first
    (:func:`clerk_desk.sidewalk_cafes.council.council_meetings`: after the comment period), the
    others marked.

    Signals: ``changed()`` when another meeting is chosen.
    """

    changed = Signal()

    def __init__(
        self, app: App, *, held: bool, cafe_id: int | None = None, name: str = "meeting"
    ) -> None:
        super().__init__(
            app, name=name, new_tip="Add the Council meeting to the list and choose it"
        )
        self.held = held
        self.cafe_id = cafe_id
        self.rows: dict[int, MeetingRow] = {}
        self.box.currentIndexChanged.connect(lambda _i: self.changed.emit())

    def fill(self, current: int | None = None) -> None:
        cafe_id, held = self.cafe_id, self.held

        def work(action: Action) -> tuple[list[MeetingRow], set[int] | None]:
            rows = [r for r in meeting_rows(action) if not r.cancelled]
            if cafe_id is None:
                return rows, None
            return rows, cafe_views.fitting_meetings(action, cafe_id, held=held)

        found = perform(self, self.app, work, writes=False)
        rows, fit = found if found is not None else ([], None)
        self.rows = {r.id: r for r in rows}
        done = sorted((r for r in rows if r.held), key=lambda r: r.starts_at, reverse=True)
        to_come = [r for r in rows if not r.held]
        mark = " — within the comment period"
        with forms.quietly(self.box):
            self.box.clear()
            if held:
                usable = [r for r in done if fit is None or r.id in fit]
                for row in usable:
                    self.box.addItem(row.label, row.id)
                for row in (r for r in done if r not in usable):
                    self.box.addItem(row.label + mark, row.id)
                for row in to_come[:2]:
                    self.box.addItem(f"{row.label} (not held yet)", row.id)
            else:
                for row in (r for r in to_come if fit is None or r.id in fit):
                    self.box.addItem(row.label, row.id)
                for row in (r for r in to_come if fit is not None and r.id not in fit):
                    self.box.addItem(row.label + mark, row.id)
            if not self.box.count():
                missing = "No meeting in the list" if held else "No meeting to come"
                self.box.addItem(f"{missing} — add it with New meeting…", None)
            index = self.box.findData(current) if current is not None else -1
            self.box.setCurrentIndex(max(index, 0))
        self.changed.emit()

    def meeting(self) -> MeetingRow | None:
        chosen = self.meeting_id()
        return self.rows.get(chosen) if chosen is not None else None


def require_meeting(dialog: forms.FormDialog, chooser: MeetingChooser, field: str) -> int | None:
    meeting_id = chooser.meeting_id()
    if meeting_id is None:
        dialog.errors.clear()
        dialog.errors.show(InvalidInput("Choose the Council meeting.", field=field))
    return meeting_id
