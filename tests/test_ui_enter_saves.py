"""Enter saves a dialog from whichever one-line field the caret is in, a typed day or time
included (issue 19: it did not in *Correct date received*)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from builders import petition as _petition  # type: ignore[import-not-found]
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QWidget
from ui_petitions_steps import _owners, _stored  # type: ignore[import-not-found]
from window_walk import demo_desk, demo_path, demo_window, walk_window  # type: ignore[import-not-found]

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Role
from ui.kit.operations import App
from ui.petitions.dialogs import CorrectReceivedDialog
from ui.petitions.tab import PetitionsTab

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("where", ["day", "time", "reason"])
def test_enter_in_any_field_of_correct_date_received_saves(
    qtbot: Any,
    desk: Desk,
    operator_with: Callable[[Role], SignedIn],
    dialogs: list[Callable[[Any], None]],
    messages: list[str],
    where: str,
) -> None:
    clerk = operator_with(Role.CLERK)
    owners = _owners(desk, clerk)
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    tab = PetitionsTab(App(desk, clerk))
    qtbot.add_widget(tab)
    tab.show()
    tab.select_petition(petition_id)
    closed: list[bool] = []

    def correct(dialog: QDialog) -> None:
        assert isinstance(dialog, CorrectReceivedDialog)
        qtbot.keyClicks(dialog.reason, "Left in the drop box, stamped the next morning")
        dialog.day.edit.setFocus()
        dialog.day.edit.selectAll()
        qtbot.keyClicks(dialog.day.edit, "9/15/2026")
        field = {"day": dialog.day.edit, "time": dialog.time.edit, "reason": dialog.reason}[where]
        field.setFocus()
        qtbot.keyClick(field, Qt.Key.Key_Return)
        closed.append(not dialog.isVisible())

    dialogs.append(correct)
    tab.correct_button.click()
    assert closed == [True], f"Enter in the {where} field did not save"
    assert messages == []
    assert _stored(desk, petition_id).received_on == date(2026, 9, 15)


# ---- every form of the window ---------------------------------------------------------------


# Fields where Enter does not save, each for its reason.
ENTER_DOES_NOT_SAVE = {
    ("OpeningDialog", "site_location"): "Enter adds the place typed to the list of sites",
}


def _enter_fields(dialog: QDialog) -> list[tuple[str, QWidget, bool]]:
    """One field of each kind a clerk types into: a line (not a search box, whose Enter
    chooses), a typed day, and a multi-line note (where Ctrl+Enter saves)."""
    from PySide6.QtWidgets import QLineEdit, QPlainTextEdit

    from ui.kit.dates import DayLine
    from ui.kit.forms import SearchField

    def live(widget: QWidget) -> bool:
        return widget.isVisibleTo(dialog) and widget.isEnabled() and not widget.isReadOnly()

    lines = [
        e
        for e in dialog.findChildren(QLineEdit)
        if live(e) and not isinstance(e, SearchField | DayLine) and type(e) is QLineEdit
    ]
    days = [e for e in dialog.findChildren(DayLine) if live(e) and not e.problem()]
    notes = [e for e in dialog.findChildren(QPlainTextEdit) if live(e)]
    found: list[tuple[str, QWidget, bool]] = []
    for kind, fields, ctrl in (("line", lines, False), ("day", days, False), ("note", notes, True)):
        if fields:
            found.append((kind, fields[0], ctrl))
    return found


def test_enter_saves_every_form_of_the_window(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, demo_desk: Desk
) -> None:
    """Every form the demo window opens (tests/window_walk.py): Enter in a line or a typed
    day, Ctrl+Enter in a note, asks the core to save it (the form's ``commit``)."""
    from ui.kit import forms

    window = demo_window(qtbot, demo_desk)
    missed: list[str] = []
    tried: set[str] = set()

    def press_enter(dialog: QDialog) -> None:
        if not isinstance(dialog, forms.FormDialog) or not dialog.save_button.isEnabled():
            return
        name = type(dialog).__name__
        for kind, field, ctrl in _enter_fields(dialog):
            committed: list[bool] = []
            dialog.commit = lambda committed=committed: committed.append(True)  # type: ignore[method-assign]
            dialog.activateWindow()  # a shortcut (Ctrl+Enter) answers in the active window
            field.setFocus()
            modifier = (
                Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier
            )
            qtbot.keyClick(field, Qt.Key.Key_Return, modifier)
            del dialog.commit
            tried.add(name)
            if not committed and (name, field.objectName()) not in ENTER_DOES_NOT_SAVE:
                missed.append(
                    f"{name}: {'Ctrl+' if ctrl else ''}Enter in its {kind} {field.objectName()!r}"
                )

    walked = walk_window(qtbot, monkeypatch, window, press_enter)
    assert walked.failures == []
    assert len(tried) > 30, "the walk opened the window's forms"
    assert missed == [], "\n".join(missed)


__all__ = ["demo_desk", "demo_path"]  # the walk's fixtures, used by the test above
