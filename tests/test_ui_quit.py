"""Quitting with this station's drawer open says so and lets the Treasurer close it out first
(issue 19, "Nothing typed is lost")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import builders  # type: ignore[import-not-found]
from PySide6.QtWidgets import QDialog, QMessageBox

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Role
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from ui.kit.operations import App
from ui.main_window import MainWindow

STATION = "Front counter 1"


def _window(qtbot: Any, desk: Desk, operator: SignedIn) -> MainWindow:
    window = MainWindow(App(desk, operator))
    qtbot.add_widget(window)
    window.show()
    return window


def _open_drawer(desk: Desk, treasurer: SignedIn) -> None:
    builders.name_this_station(desk, STATION)
    with desk.action(treasurer) as action:
        receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))


def test_quitting_with_no_drawer_open_asks_nothing(
    qtbot: Any, desk: Desk, operator_with: Callable[[Role], SignedIn], scripted_answers: Any
) -> None:
    shown = scripted_answers.shown
    builders.name_this_station(desk, STATION)
    window = _window(qtbot, desk, operator_with(Role.TREASURER))
    window.close()
    assert not window.isVisible()
    assert shown == []


def test_the_treasurer_may_close_out_first_and_the_window_stays(
    qtbot: Any,
    desk: Desk,
    operator_with: Callable[[Role], SignedIn],
    scripted_answers: Any,
    dialogs: list[Callable[[Any], None]],
) -> None:
    shown, presses = scripted_answers.shown, scripted_answers.presses
    treasurer = operator_with(Role.TREASURER)
    _open_drawer(desk, treasurer)
    window = _window(qtbot, desk, treasurer)
    opened: list[str] = []

    def close_out(dialog: QDialog) -> None:
        opened.append(type(dialog).__name__)

    dialogs.append(close_out)
    presses.append(QMessageBox.StandardButton.Yes)  # Close out first
    window.close()
    [box] = shown
    assert "The drawer of Front counter 1 is still open (expected cash $100.00)" in box.text()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Yes)
    assert box.button(QMessageBox.StandardButton.Yes).text() == "&Close out first"
    assert window.isVisible(), "the window stays for the close-out"
    assert window.tabs.currentWidget() is window.tab("receipts")
    assert opened == ["CloseOutDialog"]

    presses.append(QMessageBox.StandardButton.Cancel)  # changed their mind: Cancel stays
    window.close()
    assert window.isVisible()

    presses.append(QMessageBox.StandardButton.No)  # Quit, leave it open
    window.close()
    assert not window.isVisible()
    assert len(shown) == 3


def test_a_clerk_who_may_not_close_out_is_told_and_may_quit(
    qtbot: Any, desk: Desk, operator_with: Callable[[Role], SignedIn], scripted_answers: Any
) -> None:
    shown, presses = scripted_answers.shown, scripted_answers.presses
    _open_drawer(desk, operator_with(Role.TREASURER))
    window = _window(qtbot, desk, operator_with(Role.CLERK))
    presses.append(QMessageBox.StandardButton.No)
    window.close()
    [box] = shown
    assert "still open" in box.text()
    assert box.button(QMessageBox.StandardButton.Yes) is None, "no close-out offered"
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
    assert not window.isVisible()


def test_signing_out_leaves_the_drawer_open_without_a_question(
    qtbot: Any, desk: Desk, operator_with: Callable[[Role], SignedIn], scripted_answers: Any
) -> None:
    """A change of shift signs out: the next Treasurer counts the same drawer."""
    shown = scripted_answers.shown
    treasurer = operator_with(Role.TREASURER)
    _open_drawer(desk, treasurer)
    window = _window(qtbot, desk, treasurer)
    window.sign_out()
    assert not window.isVisible()
    assert shown == []
