"""A walk over the demo as the Administrator sees it, opening every dialog the window can show.

Each tab (and each page inside it) is opened in the real main window; on each, every row of its
tables is chosen in turn, and every button that is enabled there is clicked once; the Settings
and Administration menus are opened too. A dialog that is a list (drawers, meetings,
improvements, the fee schedule) is walked the same way, one level down, by its buttons that
open a form ("…"). Every dialog is handed to the test's ``look`` and then closed unsaved; every
question is answered No, every file dialog cancelled, so the walk saves nothing a clerk did not
type. What it opened, and every message box it was shown, are returned for the test to check
(issue 19: the date walk, the errors walk, Enter in every dialog, no markup in a confirmation).
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QWidget,
)
from registers import settled  # type: ignore[import-not-found]
from shown_text import markup_shown  # type: ignore[import-not-found]

from clerk_desk import demo, operators
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import Desk
from ui.kit import forms, operations
from ui.kit.operations import App

DEMO_TODAY = date(2026, 11, 30)

ROWS_CHOSEN = 12  # per table: enough for every demo register to show each state of its records
TRIES = 4  # rows a button that opens nothing is tried on before the walk gives it up
LISTS_WALKED = 2  # how deep a list dialog's own forms are walked (a list in a list: once more)
MENU_ACTIONS = ("city", "closed_days", "fee_schedule", "operators", "change_password", "audit")


@dataclass
class Walked:
    """What a walk opened and was told."""

    opened: dict[str, int] = field(default_factory=dict)  # dialog class -> times opened
    questions: list[QMessageBox] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # each message box's text, in turn
    failures: list[str] = field(default_factory=list)  # what ``look`` raised, with where
    markup: list[str] = field(default_factory=list)  # a message box's markup shown as text


def _buttons(root: QWidget) -> Iterator[QPushButton]:
    """Each enabled, visible button of ``root`` (a dialog's own Save, Cancel and OK are never
    among them)."""
    boxes = root.findChildren(QDialogButtonBox)
    for button in root.findChildren(QPushButton):
        if not (button.isVisibleTo(root) and button.isEnabled()) or button.isDefault():
            continue
        if not any(box.isAncestorOf(button) for box in boxes):
            yield button


def pages(root: QWidget, qtbot: Any = None) -> Iterator[None]:
    """Each page of ``root``'s inner tabs shown in turn (with ``qtbot``, its registers read)."""
    yield None
    for inner in root.findChildren(QTabWidget):
        for index in range(inner.count()):
            if inner.isVisibleTo(root):
                inner.setCurrentIndex(index)
                if qtbot is not None:
                    settled(qtbot, root)
                yield None


def _rows(qtbot: Any, root: QWidget) -> Iterator[None]:
    yield None
    for view in root.findChildren(QAbstractItemView):
        model = view.model()
        if model is None or not view.isVisibleTo(root):
            continue
        for row in range(min(model.rowCount(), ROWS_CHOSEN)):
            if not view.isVisibleTo(root):
                break
            view.setCurrentIndex(model.index(row, 0))
            qtbot.wait(0)
            yield None


@pytest.fixture(scope="module")
def demo_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("walk") / "demo.sqlite3"
    demo.create(str(path), clock=FixedClock(DEMO_TODAY))
    return path


@pytest.fixture
def demo_desk(demo_path: Path, tmp_path: Path) -> Iterator[Desk]:
    """A copy of the demo for one walk (a button that acts without a question changes it)."""
    copy = tmp_path / "demo.sqlite3"
    shutil.copy(demo_path, copy)
    database = Database(str(copy))
    yield Desk(database, clock=FixedClock(DEMO_TODAY))
    database.dispose()


def demo_window(qtbot: Any, desk: Desk) -> Any:
    """The main window on the demo, as the Administrator signs in to it, at 1,366 x 768."""
    from ui.main_window import MainWindow

    who = operators.sign_in(desk.database, desk.clock, "admin", demo.DEMO_PASSWORD)
    window = MainWindow(App(desk, who))
    qtbot.add_widget(window)
    window.resize(1366, 768)
    window.show()
    return window


class _Walker:
    def __init__(self, qtbot: Any, look: Callable[[QDialog], None], walked: Walked) -> None:
        self.qtbot, self.look, self.walked = qtbot, look, walked
        self.depth = 0
        self.where = ""

    def run_modal(self, dialog: QDialog) -> int:
        name = type(dialog).__name__
        self.walked.opened[name] = self.walked.opened.get(name, 0) + 1
        self.qtbot.add_widget(dialog)
        dialog.show()
        try:
            self.look(dialog)
        except Exception as failure:  # every dialog's failure is reported
            self.walked.failures.append(f"{name} (from {self.where}): {failure}")
        is_list = not isinstance(dialog, forms.FormDialog)
        if dialog.isVisible() and is_list and self.depth < LISTS_WALKED:
            self.depth += 1
            self.walk(dialog, name, forms_only=True)
            self.depth -= 1
        if dialog.isVisible():
            getattr(dialog, "discard", dialog.reject)()
        return int(QDialog.DialogCode.Rejected.value)

    def ask(self, box: QMessageBox) -> int:
        self.walked.questions.append(box)
        self.walked.texts.append(box.text())
        self.walked.markup += [f"{self.where}: {text}" for text in markup_shown(box)]
        for answer in (QMessageBox.StandardButton.No, QMessageBox.StandardButton.Cancel):
            if box.button(answer) is not None:
                return int(answer.value)
        return int(QMessageBox.StandardButton.Ok.value)

    def walk(
        self,
        root: QWidget,
        title: str,
        *,
        forms_only: bool = False,
        back: Callable[[], None] = lambda: None,
    ) -> None:
        """Click each button of ``root`` on each page and row, until it has opened a dialog
        (or been tried on :data:`TRIES` rows: a button that opens nothing there)."""
        tried: dict[str, int] = {}
        for _ in pages(root, self.qtbot):
            for _ in _rows(self.qtbot, root):
                for button in list(_buttons(root)):
                    key = button.objectName() or button.text()
                    if tried.get(key, 0) >= TRIES or (forms_only and "…" not in button.text()):
                        continue
                    if not (button.isVisibleTo(root) and button.isEnabled()):
                        continue
                    before = sum(self.walked.opened.values())
                    self.where = f"{title}: {button.text().replace('&', '')}"
                    button.click()
                    self.qtbot.wait(0)
                    back()
                    settled(self.qtbot, root)  # a button that showed a register: its rows
                    opened = sum(self.walked.opened.values()) > before
                    tried[key] = TRIES if opened else tried.get(key, 0) + 1


def walk_window(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, window: Any, look: Callable[[QDialog], None]
) -> Walked:
    """Walk ``window`` (a shown :class:`ui.main_window.MainWindow`), handing each dialog to
    ``look``."""
    walked = Walked()
    walker = _Walker(qtbot, look, walked)
    monkeypatch.setattr(forms, "run_modal", walker.run_modal)
    monkeypatch.setattr(operations, "ask_message", walker.ask)
    monkeypatch.setattr(forms, "ask_save_path", lambda *_args, **_kw: None)
    monkeypatch.setattr(forms, "ask_open_path", lambda *_args, **_kw: None)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(0)
        tab = window.tabs.widget(index)
        settled(qtbot, tab)

        def back(index: int = index) -> None:  # a button that shows another tab: come back
            if window.tabs.currentIndex() != index:
                window.tabs.setCurrentIndex(index)

        walker.walk(tab, window.tab_title(index), back=back)
    for key in MENU_ACTIONS:
        action = window.action(key)
        walker.where = f"menu {action.text().replace('&', '')}"
        with contextlib.suppress(KeyError):
            action.trigger()
        qtbot.wait(0)
    return walked
