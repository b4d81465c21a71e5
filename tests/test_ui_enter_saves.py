"""Enter saves a dialog from whichever one-line field the caret is in, a typed day or time
included (issue 19: it did not in *Correct date received*)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from test_ui_petitions import _owners, _petition, _stored  # type: ignore[import-not-found]

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
