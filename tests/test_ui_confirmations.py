"""No confirmation shows markup as text (issue 19: the close-out's question read
"&lt;p&gt;Drawer of &lt;b&gt;…").

The demo window is walked (tests/window_walk.py): every button of every tab and page is clicked
on the rows of its registers, every dialog opened and closed unsaved, and every message box the
window shows on the way (each question, each refusal) is read with tests/shown_text.py as the
clerk would read it. And no window module shows a box that would escape that reading: every
message box goes through ``ui.kit.operations.ask_message``, never Qt's static helpers.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox
from shown_text import markup_shown  # type: ignore[import-not-found]
from window_walk import demo_desk, demo_path, demo_window, walk_window  # type: ignore[import-not-found]

from clerk_desk.desk import Desk

pytestmark = pytest.mark.gui

UI = Path(__file__).resolve().parent.parent / "ui"
STATIC_BOX = re.compile(r"QMessageBox\.(question|information|warning|critical|about)\(")


def test_the_reading_finds_markup_shown_as_text(qtbot: Any) -> None:
    escaped = QMessageBox(QMessageBox.Icon.Question, "Close out", "&lt;p&gt;Drawer of &lt;b&gt;")
    plain = QMessageBox(QMessageBox.Icon.Question, "Close out", "<p>Drawer of <b>Front</b></p>")
    plain.setTextFormat(QMessageBox().textFormat().PlainText)
    rich = QMessageBox(QMessageBox.Icon.Question, "Close out", "<p>Drawer of <b>Front</b></p>")
    words = QMessageBox(QMessageBox.Icon.Question, "Void", "Void receipt 2026-000123?")
    for box in (escaped, plain, rich, words):
        qtbot.add_widget(box)
    assert markup_shown(escaped) and markup_shown(plain)
    assert markup_shown(rich) == [] and markup_shown(words) == []


def test_every_message_box_is_read_through_the_kit() -> None:
    found = [
        f"{path.relative_to(UI.parent)}: {match.group(0)}"
        for path in UI.rglob("*.py")
        for match in STATIC_BOX.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_no_box_the_window_shows_writes_markup_as_text(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, demo_desk: Desk
) -> None:
    window = demo_window(qtbot, demo_desk)
    walked = walk_window(qtbot, monkeypatch, window, lambda _dialog: None)
    assert walked.failures == []
    assert len(walked.texts) >= 3, "the walk was asked the window's questions"
    assert walked.markup == [], "\n".join(walked.markup)


__all__ = ["demo_desk", "demo_path"]  # the walk's fixtures, used by the test above
