"""The Today tab shows what the core gathers, most urgent first, and leads to the ordinance and
to the workflow's tab."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from clerk_desk import ledger, parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import DueKind, PartyKind
from clerk_desk.ledger import RecordRef
from clerk_desk.money import Money
from clerk_desk.parties import PartyData
from clerk_desk.today import TodayItem
from ui.kit.operations import App
from ui.today.tab import TodayModel, TodayRow, TodayTab, summary_text

pytestmark = pytest.mark.gui


def _bill(desk: Desk, admin: SignedIn, *, name: str, amount: str, due_on: date) -> None:
    with desk.action(admin) as action:
        party = parties.add_party(action, PartyData(kind=PartyKind.PERSON, name=name))
        ledger.bill(
            action,
            party_id=party.id,
            record=RecordRef("street_opening", "2026-014"),
            kind=DueKind.CITY_EXPENSES,
            amount=Money(amount),
            description="Actual City expenses: traffic control",
            gl_account="100-46300-000",
            cite="§ 506-6 (Fee)",
            due_on=due_on,
        )


GATHERED_WITHIN_MS = 30_000


@pytest.fixture
def tab(qtbot: QtBot, desk: Desk, admin: SignedIn) -> TodayTab:
    # Monday, November 30, 2026: one bill ten days overdue, one due on Friday.
    _bill(desk, admin, name="Rosa Carlson", amount="521.62", due_on=date(2026, 11, 20))
    _bill(desk, admin, name="Ben Quist", amount="60.00", due_on=date(2026, 12, 4))
    widget = TodayTab(App(desk, admin))
    qtbot.add_widget(widget)
    widget.resize(1200, 500)
    # Showing the tab gathers the list, on a worker; a test process's first gathering loads
    # every workflow's module, which took over 5 s once on a machine running three suites.
    with qtbot.waitSignal(widget.gathered, timeout=GATHERED_WITHIN_MS):
        widget.show()
    qtbot.waitExposed(widget)
    return widget


def _texts(tab: TodayTab, row: int, heading: int | None = None) -> list[str]:
    model = tab.model
    parent = model.index(heading, 0) if heading is not None else QModelIndex()
    return [model.index(row, column, parent).data() for column in range(model.columnCount())]


def _heading(tab: TodayTab, title: str) -> int:
    return [g.group.title for g in tab.model.groups()].index(title)


def test_a_setting_that_stops_the_city_stands_first_then_the_amounts_owed(tab: TodayTab) -> None:
    """Placeholder fees are no due item among others: they head the list, open."""
    assert _texts(tab, 0)[3] == "Settings to fix before the City relies on them (1)"
    assert _texts(tab, 0, heading=0)[3] == "5 fee amounts are placeholders the City has not set"
    assert _texts(tab, 1) == [
        "Overdue",
        "Fri Nov 20, 2026",
        "Receipts",
        "Amounts owed (2)",
        "1 overdue, 1 due within a week",
        "",
    ]
    assert tab.table.isExpanded(tab.proxy.index(0, 0))
    assert tab.table.isExpanded(tab.proxy.index(1, 0))  # two items: small enough to stand open


def test_a_long_kind_is_one_line_with_its_counts_until_opened(
    qtbot: QtBot, desk: Desk, admin: SignedIn
) -> None:
    for number in range(4):
        _bill(desk, admin, name=f"Owner {number}", amount="10.00", due_on=date(2026, 11, 2))
    widget = TodayTab(App(desk, admin))
    qtbot.add_widget(widget)
    widget.resize(1200, 500)
    with qtbot.waitSignal(widget.gathered, timeout=GATHERED_WITHIN_MS):
        widget.show()
    qtbot.waitExposed(widget)
    heading = widget.heading_index("Amounts owed")
    assert heading.siblingAtColumn(TodayModel.WHAT).data() == "Amounts owed (4)"
    assert heading.siblingAtColumn(TodayModel.DETAIL).data() == "4 overdue"
    assert not widget.table.isExpanded(heading), "four is more than stands open"
    widget.table.setFocus()
    widget.table.setCurrentIndex(heading)
    qtbot.keyClick(widget.table, Qt.Key.Key_Return)  # Enter opens the heading
    assert widget.table.isExpanded(heading)
    assert widget.summary.text().startswith("4 overdue")


def test_an_overdue_amount_is_listed_first_with_its_urgency(tab: TodayTab) -> None:
    assert tab.date_label.text() == "Today, Mon Nov 30, 2026"
    amounts = _heading(tab, "Amounts owed")
    assert _texts(tab, 0, heading=amounts) == [
        "Overdue",
        "Fri Nov 20, 2026",
        "Receipts",
        "Rosa Carlson owes $521.62",
        "Actual City expenses: traffic control",
        "§ 506-6 (Fee)",
    ]
    overdue = tab.model.index(0, TodayModel.URGENCY, tab.model.index(amounts, 0))
    assert overdue.data(Qt.ItemDataRole.BackgroundRole) is not None  # coloured, and in words
    assert overdue.data(Qt.ItemDataRole.ToolTipRole) == "Was due Fri Nov 20, 2026 — 10 days overdue"
    urgencies = [row.urgency for row in tab.model.rows()]
    # the shipped fee schedule's placeholder amounts are due today (Settings → Fee schedule)
    assert urgencies == ["today", "overdue", "soon"]
    assert tab.summary.text() == "1 overdue, 1 due today, 1 due within a week"


def test_the_today_model_passes_qtmodeltester(tab: TodayTab, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(tab.model)


def test_double_click_opens_the_section_or_the_workflow(qtbot: QtBot, tab: TodayTab) -> None:
    opened: list[str | None] = []
    tab.app.show_ordinance = opened.append
    table = tab.table

    amounts = tab.heading_index("Amounts owed")

    def double_click(row: int, column: int) -> None:
        centre = table.visualRect(tab.proxy.index(row, column, amounts)).center()
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=centre)
        qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=centre)

    double_click(0, TodayModel.SECTION)
    assert opened == ["§ 506-6 (Fee)"]
    with qtbot.waitSignal(tab.workflow_requested) as requested:
        double_click(0, TodayModel.WHAT)
    item = requested.args[0]
    assert isinstance(item, TodayItem)
    assert item.workflow == "Receipts"
    assert item.record_type == "amount_due"

    table.setFocus()
    table.setCurrentIndex(tab.proxy.index(0, 0, tab.heading_index("Settings to fix")))
    with qtbot.waitSignal(tab.workflow_requested) as requested:
        qtbot.keyClick(table, Qt.Key.Key_Return)  # Enter does what a double-click does
    assert requested.args[0].workflow == "Settings"


def test_typing_filters_and_an_empty_list_says_so(qtbot: QtBot, tab: TodayTab) -> None:
    qtbot.keyClicks(tab.search_field, "quist")
    assert [item.title for item in tab.shown_items()] == ["Ben Quist owes $60.00"]
    assert tab.table.isExpanded(tab.heading_index("Amounts owed"))  # what matched is seen
    tab.search_field.clear()
    qtbot.keyClicks(tab.search_field, "amounts owed")  # a heading shows all of its items
    assert len(tab.shown_items()) == 2
    tab.search_field.clear()
    qtbot.keyClicks(tab.search_field, "nobody at all")
    assert tab.pages.currentWidget() is tab.empty
    assert "Nothing in the list matches" in tab.empty.text()


def test_the_summary_counts_in_words() -> None:
    def row(urgency: str) -> TodayRow:
        return TodayRow(TodayItem("Receipts", None, "x"), urgency, None)  # type: ignore[arg-type]

    assert summary_text([]) == "Nothing is due or overdue."
    rows = [row("overdue")] * 3 + [row("today")] * 2
    assert summary_text(rows) == "3 overdue, 2 due today"


def test_the_list_is_gathered_off_the_windows_thread(
    qtbot: QtBot, tab: TodayTab, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20: at twenty years the list took 60-120 ms to gather, on the window's thread.
    While it is gathered the window answers (the filter takes a key) and shows the list it
    has; a save meanwhile has it gathered once more, so the list shown is never older than
    the save."""
    import threading

    import ui.today.tab

    release = threading.Event()
    calls: list[str] = []
    real_gather = ui.today.tab.gather

    def slow_gather(action: Any) -> Any:
        calls.append(threading.current_thread().name)
        release.wait(10)
        return real_gather(action)

    monkeypatch.setattr(ui.today.tab, "gather", slow_gather)
    shown_before = tab.shown_items()
    tab.refresh()
    assert tab.gathering
    assert tab.updated.text() == "Gathering the list…"
    qtbot.keyClicks(tab.search_field, "Quist")  # the window answers while it gathers
    quist = [item.title for item in shown_before if "Quist" in item.title + item.detail]
    assert len(quist) == 1
    assert [item.title for item in tab.shown_items()] == quist
    tab.mark_changed()  # a save at this station while the list is being gathered
    release.set()
    qtbot.waitUntil(lambda: not tab.gathering)
    assert len(calls) == 2, "gathered once more after the save"
    assert threading.main_thread().name not in calls
    assert tab.updated.text().startswith("As of ")
