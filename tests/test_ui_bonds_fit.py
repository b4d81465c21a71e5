"""Bonds & Insurance and Annual Bonds fit a 1,280 by 800 window (issue 19): with a drawer open
and the demo's longest names, no register and no details pane scrolls sideways (the
certificate table was 760 pixels wide in a 651-pixel pane). The window-wide check of every tab
is tests/test_ui_fit*.py's; this one walks every row of these two tabs."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QAbstractScrollArea, QMessageBox, QScrollArea, QWidget
from registers import settled  # type: ignore[import-not-found]

from clerk_desk import demo, operators, stations
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import Desk
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App
from ui.kit.widgets import station_id

pytestmark = pytest.mark.gui

TODAY = date(2026, 11, 30)


@pytest.fixture
def demo_desk(tmp_path: Path) -> Iterator[Desk]:
    path = tmp_path / "demo.sqlite3"
    demo.create(str(path), clock=FixedClock(TODAY))
    database = Database(str(path))
    yield Desk(database, clock=FixedClock(TODAY))
    database.dispose()


def sideways(tab: QWidget) -> dict[str, int]:
    """Each visible scrolled area of ``tab`` that holds more than its width, by how much: a
    table's columns past its edge, a pane's content wider than the pane."""
    found: dict[str, int] = {}
    for area in tab.findChildren(QAbstractScrollArea):
        if not area.isVisible():
            continue
        name = area.objectName() or type(area).__name__
        if area.horizontalScrollBar().maximum() > 0:
            found[name] = area.horizontalScrollBar().maximum()
        inner = area.widget() if isinstance(area, QScrollArea) else None
        if inner is not None and inner.width() > area.viewport().width():
            found[f"{name} pane"] = inner.width() - area.viewport().width()
    return found


def test_bonds_and_annual_bonds_fit_1280_by_800_with_a_drawer_open(
    qtbot: Any, demo_desk: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.main_window import MainWindow

    who = operators.sign_in(demo_desk.database, demo_desk.clock, "admin", demo.DEMO_PASSWORD)
    with demo_desk.action(who) as action:
        stations.name_station(action, station_id(), "Front counter 1")
        receipts.open_drawer(action, station="Front counter 1", opening_cash=Money("150.00"))
    window = MainWindow(App(demo_desk, who))
    # The window closes at the test's end; asked about the open drawer, the clerk leaves it open.
    monkeypatch.setattr(
        operations, "ask_message", lambda _box: int(QMessageBox.StandardButton.No.value)
    )
    qtbot.add_widget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    bonds = window.show_tab("bonds")
    annual = window.show_tab("annual_bonds")
    views = (
        (bonds, lambda: bonds.show_bonds(False), bonds.certificates.table),
        (bonds, lambda: bonds.show_bonds(True), bonds.bonds.table),
        (annual, lambda: None, annual.table),
    )
    seen: dict[str, dict[str, int]] = {}
    rows = 0
    for tab, show, table in views:
        window.tabs.setCurrentWidget(tab)
        show()
        qtbot.waitUntil(table.isVisible)
        settled(qtbot, tab)
        assert table.model().rowCount() >= 4, "the demo's register is shown"
        for row in range(table.model().rowCount()):
            forms.select_row(table, row)
            qtbot.wait(1)  # the columns share the width once Qt has laid them out
            rows += 1
            for name, by in sideways(tab).items():
                seen.setdefault(f"{tab.objectName()} row {row}", {})[name] = by
    assert rows >= 30
    assert seen == {}
    assert window.width() <= 1280
