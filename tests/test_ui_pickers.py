"""The pickers of the kit, driven with the mouse and keys as a clerk drives them (issue 19): a
click on a match chooses it, even the only match of a search; Enter on an empty search chooses
nobody; Enter on a search with matches moves into them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt, QThreadPool
from PySide6.QtWidgets import QTableView

from clerk_desk import parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Role
from ui.kit.operations import App
from ui.kit.pickers import ParcelPicker, PartyPicker


def _click_row(qtbot: Any, table: QTableView, number: int) -> None:
    centre: QPoint = table.visualRect(table.model().index(number, 0)).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=centre)


def _party_picker(qtbot: Any, desk: Desk, clerk: SignedIn) -> PartyPicker:
    for name in ("Anna A. Gunderson", "Badger Paving", "Riverland Telephone"):
        builders.party(desk, clerk, name, contractor=True)
    picker = PartyPicker(App(desk, clerk), role="insured")
    qtbot.add_widget(picker)
    picker.show()
    return picker


def test_a_click_on_the_only_match_chooses_it(qtbot: Any, desk: Desk, clerk: SignedIn) -> None:
    picker = _party_picker(qtbot, desk, clerk)
    picker.search_field.setFocus()
    qtbot.keyClicks(picker.search_field, "Riverland")
    picker.search_field.flush()
    assert picker.model.rowCount() == 1
    chosen: list[Any] = []
    picker.party_changed.connect(chosen.append)
    _click_row(qtbot, picker.table, 0)
    assert picker.party is not None and picker.party.name == "Riverland Telephone"
    assert [row.name for row in chosen] == ["Riverland Telephone"]
    assert "Riverland Telephone" in picker.chosen.text()


def test_a_click_on_a_second_match_chooses_it(qtbot: Any, desk: Desk, clerk: SignedIn) -> None:
    picker = _party_picker(qtbot, desk, clerk)
    qtbot.waitUntil(lambda: picker.model.rowCount() == 3)  # the first names, read on a worker
    _click_row(qtbot, picker.table, 1)
    assert picker.party is not None and picker.party.name == "Badger Paving"


def test_enter_on_an_empty_search_chooses_nobody(qtbot: Any, desk: Desk, clerk: SignedIn) -> None:
    picker = _party_picker(qtbot, desk, clerk)
    picker.search_field.setFocus()
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Return)
    assert picker.party is None
    assert "none chosen" in picker.chosen.text()


def test_enter_on_a_search_with_matches_moves_into_them(
    qtbot: Any, desk: Desk, clerk: SignedIn
) -> None:
    picker = _party_picker(qtbot, desk, clerk)
    picker.search_field.setFocus()
    qtbot.keyClicks(picker.search_field, "Badger")
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Return)
    assert picker.party is not None and picker.party.name == "Badger Paving"


def test_a_click_on_the_only_parcel_chooses_it(qtbot: Any, desk: Desk, clerk: SignedIn) -> None:
    with desk.action(clerk) as action:
        for number, address in (("281-01004-0000", "104 Broad St N"), ("281-01005-0000", "")):
            parties.add_parcel(action, parties.ParcelData(number, address))
    picker = ParcelPicker(App(desk, clerk))
    qtbot.add_widget(picker)
    picker.show()
    picker.search_field.setFocus()
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Return)
    assert picker.parcel is None, "Enter on an empty search chooses nothing"
    qtbot.keyClicks(picker.search_field, "Broad")
    picker.search_field.flush()
    assert picker.model.rowCount() == 1
    _click_row(qtbot, picker.table, 0)
    assert picker.parcel is not None and picker.parcel.parcel_number == "281-01004-0000"


def test_enter_on_an_empty_payer_search_chooses_nobody(
    qtbot: Any, desk: Desk, operator_with: Callable[[Role], SignedIn], dialogs: list[Any]
) -> None:
    from ui.receipts.tab import ReceiptsTab

    treasurer = operator_with(Role.TREASURER)
    builders.party(desk, treasurer, "Anna A. Gunderson")
    tab = ReceiptsTab(App(desk, treasurer))
    qtbot.add_widget(tab)
    tab.show()
    tab.payer_search.setFocus()
    tab.payer_search.flush()
    qtbot.keyClick(tab.payer_search, Qt.Key.Key_Return)
    assert tab.party is None, "Enter on an empty search named the first person as the payer"
    qtbot.keyClicks(tab.payer_search, "gunder")
    tab.payer_search.flush()
    qtbot.keyClick(tab.payer_search, Qt.Key.Key_Return)
    assert tab.party is not None and tab.party.name == "Anna A. Gunderson"


def test_the_first_names_come_from_a_worker_and_leave_a_search_typed_meanwhile(
    qtbot: Any, desk: Desk, clerk: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A form shows its pickers at once; their lists of first names follow, read on a worker,
    unless the clerk has typed a search by then."""
    import threading

    from clerk_desk import parties_views

    let_go, read_on = threading.Event(), []
    choices = parties_views.party_choices

    def held_first(action: Any, text: str) -> Any:
        read_on.append((text, threading.current_thread() is threading.main_thread()))
        if text == "":
            assert let_go.wait(10)
        return choices(action, text)

    monkeypatch.setattr(parties_views, "party_choices", held_first)
    picker = _party_picker(qtbot, desk, clerk)
    assert picker.model.rowCount() == 0  # shown before its list is read
    qtbot.keyClicks(picker.search_field, "Badger")
    picker.search_field.flush()
    assert [row.name for row in picker.model.rows] == ["Badger Paving"]
    let_go.set()
    # The first names read and handed back to the window's thread, however long that takes
    # (a fixed wait passed with the guard removed on a slow machine): they are left unshown.
    QThreadPool.globalInstance().waitForDone(10_000)
    QCoreApplication.sendPostedEvents()
    assert [row.name for row in picker.model.rows] == ["Badger Paving"]
    # The first names on a worker; the search typed, at once.
    assert sorted(read_on) == [("", False), ("Badger", True)]

    fresh = PartyPicker(App(desk, clerk), role="insured")
    qtbot.add_widget(fresh)
    qtbot.waitUntil(lambda: fresh.model.rowCount() == 3)
