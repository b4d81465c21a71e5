"""Waiting for a register's rows as the clerk does.

A register is read on a worker thread when it is first shown and as the clerk types or filters
(``RegisterPage.start_search`` in ui/kit/register_page.py): the window answers meanwhile and
the rows appear when read. A test that typed, filtered or opened a tab waits for them here.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from ui.kit.register_page import RegisterPage


def searched(qtbot: Any, *widgets: QWidget) -> None:
    """Wait until each register given, or each register shown in a tab given, has read its
    search and shows its rows."""
    for widget in widgets:
        assert settled(qtbot, widget), f"{type(widget).__name__} shows no register"


def settled(qtbot: Any, root: QWidget) -> int:
    """Wait until every register ``root`` is or shows has read its search; how many."""
    pages = (
        [root]
        if isinstance(root, RegisterPage)
        else [page for page in root.findChildren(RegisterPage) if page.isVisible()]
    )
    for page in pages:
        qtbot.waitUntil(lambda page=page: page.loaded and not page.searching, timeout=10_000)
    return len(pages)
