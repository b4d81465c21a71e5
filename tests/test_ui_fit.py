"""The window fits the screen (issue 19): every tab, in its heaviest state (a drawer open, the
longest demo row chosen so its details are at their fullest), fits a 1,280 x 800 and a
1,366 x 768 screen, and no dialog opens larger than the screen or past its edge.

The two screens are real Qt screens (tests/screens.json, given to the offscreen platform by the
conftest). On each, the demo's main window fills the screen; every page of every tab is walked,
and the test fails on a horizontal scrollbar, a window or minimum size larger than the screen, a
tab strip that cuts its tabs without scroll arrows, or a status cut short with no tooltip. Then
every "…" button of the tab is pressed and the dialog it opens is measured as it opens."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QDialog,
    QMessageBox,
    QPushButton,
    QTabBar,
    QTableView,
    QWidget,
)
from registers import settled  # type: ignore[import-not-found]
from test_ui_words import TODAY, _pages, demo_path  # type: ignore[import-not-found]

from clerk_desk import demo, operators
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipt_service
from clerk_desk.workflows import WORKFLOWS
from ui.kit import forms, operations
from ui.kit.operations import App

__all__ = ["demo_path"]  # the demo, built once for this module (tests/test_ui_words.py)

SCREENS = ("1280 x 800", "1366 x 768")  # the names tests/screens.json gives them
STATION = "Front counter 1"
# Time for the views' delayed layouts (their scrollbars are shown or hidden after them).
SETTLE_MS = 30


@pytest.fixture(scope="module")
def fit_desk(demo_path: Path) -> Iterator[Desk]:
    """The demo with this station's drawer open: the status line at its longest."""
    database = Database(str(demo_path))
    desk = Desk(database, clock=FixedClock(TODAY))
    builders.name_this_station(desk, STATION)
    treasurer = operators.sign_in(database, desk.clock, "admin", demo.DEMO_PASSWORD)
    with desk.action(treasurer) as action:
        receipt_service.open_drawer(action, station=STATION, opening_cash=Money("100"))
    yield desk
    database.dispose()


def screen(name: str) -> QScreen:
    found = {s.name(): s for s in QGuiApplication.screens()}
    assert name in found, f"no screen {name!r}: run with the conftest's QT_QPA_PLATFORM"
    return found[name]


def where(widget: QWidget) -> str:
    """A widget named as a person finds it: its name, or its kind, under its named parents."""
    names = []
    while widget is not None and len(names) < 3:
        if widget.objectName():
            names.append(widget.objectName())
        widget = widget.parentWidget()
    return " in ".join(names) or type(widget).__name__


def too_large(frame: QRect, room: QRect) -> bool:
    return frame.width() > room.width() or frame.height() > room.height()


def window_problems(window: QWidget, name: str) -> list[str]:
    found = (
        [] if window.screen().name() == name else [f"the window left for {window.screen().name()}"]
    )
    room = screen(name).availableGeometry()
    if too_large(window.frameGeometry(), room):
        found.append(f"the window is {window.width()} x {window.height()}")
    hint = window.minimumSizeHint()
    if hint.width() > room.width() or hint.height() > room.height():
        found.append(f"the window cannot shrink below {hint.width()} x {hint.height()}")
    return found


def page_problems(root: QWidget) -> list[str]:
    """What does not fit on the page shown in ``root``."""
    found = []
    for area in root.findChildren(QAbstractScrollArea):
        if area.isVisible() and area.horizontalScrollBar().isVisible():
            overflow = area.horizontalScrollBar().maximum()
            found.append(f"{where(area)} scrolls sideways ({overflow} pixels more than it has)")
    for bar in root.findChildren(QTabBar):
        if bar.isVisible() and not bar.usesScrollButtons() and _tabs_overflow(bar):
            found.append(f"the tab strip {where(bar)} cuts its tabs and has no scroll arrows")
    for view in root.findChildren(QTableView):
        if view.isVisible():
            found += _cut_statuses(view)
    return found


def _tabs_overflow(bar: QTabBar) -> bool:
    hints = [bar.tabSizeHint(i) for i in range(bar.count())]
    if bar.shape() in (QTabBar.Shape.RoundedWest, QTabBar.Shape.RoundedEast):
        return sum(h.height() for h in hints) > bar.height()
    return sum(h.width() for h in hints) > bar.width()


def _cut_statuses(view: QTableView) -> list[str]:
    """A status cut short where no tooltip gives it whole."""
    model = view.model()
    found = []
    for column in range(model.columnCount()):
        header = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
        if "status" not in header.lower() or view.isColumnHidden(column):
            continue
        room = view.columnWidth(column) - 8  # the cell's margins
        for row in range(model.rowCount()):
            index = model.index(row, column)
            text = str(index.data() or "")
            tip = str(index.data(Qt.ItemDataRole.ToolTipRole) or "")
            if view.fontMetrics().horizontalAdvance(text) > room and text not in tip:
                found.append(f"{where(view)}: the status {text!r} is cut, with no tooltip")
    return found


def choose_longest_rows(qtbot: Any, root: QWidget) -> None:
    """In each register shown, the row with the most to say; a register first, so the tables
    of its details (filled when it is chosen) get their own longest row after."""
    for _ in range(2):
        for view in root.findChildren(QTableView):
            model, selection = view.model(), view.selectionModel()
            if model is None or not view.isVisible() or model.rowCount() == 0:
                continue
            if selection is None or selection.hasSelection():
                continue
            view.selectRow(max(range(model.rowCount()), key=lambda r: _row_length(model, r)))
            qtbot.wait(0)


def _row_length(model: Any, row: int) -> int:
    return sum(len(str(model.index(row, c).data() or "")) for c in range(model.columnCount()))


class DialogsMeasured:
    """Every dialog the window opens is measured on the screen it opens on, then closed unsaved;
    a question is answered No, a file dialog cancelled."""

    def __init__(self, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        self.qtbot = qtbot
        self.opened: list[str] = []
        self.problems: list[str] = []
        self.on = SCREENS[0]  # the screen the main window fills, set by the test
        monkeypatch.setattr(forms, "run_modal", self.run)
        monkeypatch.setattr(forms, "ask_save_path", lambda *_a: None)
        monkeypatch.setattr(forms, "ask_open_path", lambda *_a: None)
        monkeypatch.setattr(
            operations, "ask_message", lambda _box: int(QMessageBox.StandardButton.No.value)
        )

    def run(self, dialog: QDialog) -> int:
        self.qtbot.add_widget(dialog)
        dialog.show()
        self.qtbot.wait(0)
        self.measure(dialog, dialog.windowTitle() or dialog.objectName())
        getattr(dialog, "discard", dialog.reject)()
        return int(QDialog.DialogCode.Rejected.value)

    def measure(self, window: QWidget, title: str) -> None:
        self.opened.append(title)
        room = screen(self.on).availableGeometry()
        frame = window.frameGeometry()
        if too_large(frame, room) or not room.contains(frame):
            self.problems.append(
                f"{title!r} opens at {frame.width()} x {frame.height()} "
                f"({frame.x()}, {frame.y()}), past the screen {self.on}"
            )


def open_window(qtbot: Any, desk: Desk, who: SignedIn, on: QScreen) -> Any:
    """The main window filling ``on``, as a clerk maximises it."""
    from ui.main_window import MainWindow

    window = MainWindow(App(desk, who))
    qtbot.add_widget(window, before_close_func=lambda w: setattr(w, "_leaving", True))
    room = on.availableGeometry()
    window.setScreen(on)
    window.move(room.topLeft())
    window.resize(room.size())
    window.show()
    qtbot.wait(0)
    return window


def press_each_dialog_button(qtbot: Any, root: QWidget, pressed: set[int]) -> None:
    for button in root.findChildren(QPushButton):
        text = button.text().rstrip()
        if not text.endswith(("…", "...")) or id(button) in pressed or button.menu():
            continue
        if button.isVisible() and button.isEnabled():
            pressed.add(id(button))
            button.click()
            qtbot.wait(0)


@pytest.mark.parametrize("tab_name", [workflow.name for workflow in WORKFLOWS])
def test_each_tab_and_its_dialogs_fit_both_screens(
    qtbot: Any, fit_desk: Desk, monkeypatch: pytest.MonkeyPatch, tab_name: str
) -> None:
    who = operators.sign_in(fit_desk.database, fit_desk.clock, "admin", demo.DEMO_PASSWORD)
    dialogs = DialogsMeasured(qtbot, monkeypatch)
    problems: list[str] = []
    for name in SCREENS:
        dialogs.on = name
        window = open_window(qtbot, fit_desk, who, screen(name))
        tab = window.show_tab(tab_name)
        qtbot.wait(0)
        pressed: set[int] = set()
        for _ in _pages(tab):
            settled(qtbot, tab)
            choose_longest_rows(qtbot, tab)
            qtbot.wait(SETTLE_MS)
            found = window_problems(window, name) + page_problems(window)
            problems += [f"{name}: {problem}" for problem in found]
            press_each_dialog_button(qtbot, tab, pressed)
        window._leaving = True
        window.close()
    assert not problems + dialogs.problems, "\n".join(problems + dialogs.problems)
    assert dialogs.opened or tab_name == "today", "no dialog was opened from the tab"


def test_the_settings_the_guide_and_the_ordinance_open_within_both_screens(
    qtbot: Any, fit_desk: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    who = operators.sign_in(fit_desk.database, fit_desk.clock, "admin", demo.DEMO_PASSWORD)
    dialogs = DialogsMeasured(qtbot, monkeypatch)
    menus = ("city", "closed_days", "fee_schedule", "operators", "change_password", "audit")
    for name in SCREENS:
        dialogs.on = name
        window = open_window(qtbot, fit_desk, who, screen(name))
        for key in menus:
            window.action(key).trigger()
        for opened in (window.open_guide(), window.open_ordinance("§ 506-6")):
            qtbot.wait(0)
            dialogs.measure(opened, opened.windowTitle())
            opened.close()
        window._leaving = True
        window.close()
    assert len(dialogs.opened) == 2 * (len(menus) + 2), dialogs.opened
    assert not dialogs.problems, "\n".join(dialogs.problems)
