"""The Qt binding itself must not corrupt Python: a guard against a known bad PySide6 build.

PySide6-Essentials 6.12.0 (abi3 wheel) on CPython 3.11 drops a reference to ``None`` on every Qt
call that returns nothing; after a few thousand calls, a few minutes at the counter, Python aborts
with "none_dealloc". pyproject.toml keeps that release out; this test fails if a resolver ever
brings such a build back.
"""

from __future__ import annotations

import sys

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

pytestmark = pytest.mark.gui


def test_qt_calls_keep_the_reference_count_of_none(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.add_widget(widget)
    before = sys.getrefcount(None)
    for _ in range(500):
        widget.setObjectName("probe")
    # Python 3.12 made None immortal, where the count is a constant; before, it must not fall.
    assert sys.getrefcount(None) >= before - 5
