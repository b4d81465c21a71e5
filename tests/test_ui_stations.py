"""This station's name in the window (issue 19): the Administrator gives it in the receipt
settings, the drawer and the printed receipt then name it; on an unnamed station the others are
told to ask the Administrator, and its drawer is not opened."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import Qt
from sqlalchemy import select

from clerk_desk import stations
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.kinds import Role
from clerk_desk.models import Drawer
from ui.kit import printing
from ui.kit.operations import App
from ui.kit.widgets import station_id
from ui.receipts.dialogs import ReceiptSettingsDialog
from ui.receipts.drawers import OpenDrawerDialog
from ui.receipts.tab import ReceiptsTab

pytestmark = pytest.mark.gui


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    seen: list[bytes] = []
    monkeypatch.setattr(
        printing, "print_pdf", lambda _p, pdf, *, title, direct=False: seen.append(pdf) or True
    )
    return seen


def make_tab(qtbot: Any, desk: Desk, who: SignedIn) -> ReceiptsTab:
    tab = ReceiptsTab(App(desk, who))
    qtbot.add_widget(tab)
    tab.resize(1280, 800)
    tab.show()
    return tab


def test_the_administrator_names_the_station_and_the_receipt_prints_it(
    qtbot: Any, desk: Desk, admin: SignedIn, dialogs: list, messages: list[str], printed: list
) -> None:
    tab = make_tab(qtbot, desk, admin)
    assert stations.UNNAMED in tab.drawer_label.text()

    def name_it(dialog: ReceiptSettingsDialog) -> None:
        assert dialog.station.text() == "" and not dialog.station.isReadOnly()
        qtbot.keyClicks(dialog.station, "Front counter 1")
        qtbot.keyClick(dialog.station, Qt.Key.Key_Return)

    dialogs.append(name_it)
    tab.settings_button.click()
    assert tab.station == "Front counter 1"
    assert "Front counter 1" in tab.drawer_label.text()

    def open_with_cash(dialog: OpenDrawerDialog) -> None:
        qtbot.keyClicks(dialog.opening_cash, "100")
        qtbot.keyClick(dialog.opening_cash, Qt.Key.Key_Return)

    dialogs.append(open_with_cash)
    tab.open_drawer_button.click()
    assert tab.drawer is not None and tab.drawer.station == "Front counter 1"

    qtbot.keyClicks(tab.payer_search, "Walk In Vendor")
    tab.payer_search.flush()
    qtbot.keyClicks(tab.fee_field, "vend")
    tab.fee_completer.popup().hide()
    qtbot.keyClick(tab.fee_field, Qt.Key.Key_Return)
    qtbot.keyClicks(tab.tender_amount, "20")
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    assert messages == []
    assert len(printed) == 1
    text = papers.raw_text(printed[0])
    assert "Front counter 1" in text
    assert socket.gethostname() not in text


def test_on_an_unnamed_station_a_treasurer_is_told_to_ask_and_opens_no_drawer(
    qtbot: Any,
    desk: Desk,
    operator_with: Callable[[Role], SignedIn],
    dialogs: list,
    messages: list[str],
) -> None:
    tab = make_tab(qtbot, desk, operator_with(Role.TREASURER))
    assert "Unnamed station (ask the Administrator to name it)" in tab.drawer_label.text()
    tab.open_drawer_button.click()  # no dialog may open: none is answered
    assert messages == ["Unnamed station (ask the Administrator to name it)"]
    with desk.database.reading() as session:
        assert session.scalars(select(Drawer)).all() == []

    def look(dialog: ReceiptSettingsDialog) -> None:
        assert dialog.station.isReadOnly()
        assert dialog.station.toolTip() == (
            "To name the counter stations you need the role Administrator; "
            "you are signed in as Treasurer."
        )
        dialog.reject()

    dialogs.append(look)
    tab.settings_button.click()
    with desk.lookup(SYSTEM) as action:
        assert stations.this_station(action, station_id()) is None


def test_a_name_another_station_has_is_refused_in_words(
    qtbot: Any, desk: Desk, admin: SignedIn, dialogs: list, messages: list[str]
) -> None:
    with desk.action(admin) as action:
        stations.name_station(action, stations.new_station_id(), "Front counter 1")
    tab = make_tab(qtbot, desk, admin)

    def name_it(dialog: ReceiptSettingsDialog) -> None:
        qtbot.keyClicks(dialog.station, "front counter 1")
        qtbot.keyClick(dialog.station, Qt.Key.Key_Return)
        assert dialog.isVisible()
        dialog.reject()

    dialogs.append(name_it)
    tab.settings_button.click()
    assert messages[0] == "front counter 1 is already the name of another station."
    assert tab.station == stations.UNNAMED


# ---- Settings, Name this station…, and the status line ----------------------------------------


def _window(qtbot: Any, desk: Desk, who: SignedIn) -> Any:
    from ui.main_window import MainWindow

    window = MainWindow(App(desk, who))
    qtbot.add_widget(window)
    window.resize(1366, 768)
    window.show()
    # The City's and the station's names are read on a worker as the window shows.
    qtbot.waitUntil(lambda: window.station_label.text() != "")
    return window


def test_the_administrator_at_an_unnamed_station_is_asked_beside_the_status_line(
    qtbot: Any, desk: Desk, admin: SignedIn, dialogs: list, messages: list[str]
) -> None:
    window = _window(qtbot, desk, admin)  # no box in the way: the window is there to use
    assert messages == []
    assert "This station has no name yet" in window.station_label.text()
    assert window.name_station_button.isVisibleTo(window)

    def name_it(dialog: Any) -> None:
        assert dialog.station.text() == ""
        qtbot.keyClicks(dialog.station, "Front counter 1")
        qtbot.keyClick(dialog.station, Qt.Key.Key_Return)

    dialogs.append(name_it)
    window.name_station_button.click()
    assert window.station_label.text() == "Station: Front counter 1"
    assert not window.name_station_button.isVisibleTo(window)
    with desk.action(admin) as action:
        assert stations.this_station(action, station_id()) == "Front counter 1"


def test_the_settings_menu_renames_this_station(
    qtbot: Any, desk: Desk, admin: SignedIn, dialogs: list, messages: list[str]
) -> None:
    with desk.action(admin) as action:
        stations.name_station(action, station_id(), "Front counter 1")
    window = _window(qtbot, desk, admin)
    assert not window.name_station_button.isVisibleTo(window)
    assert window.action("station").text() == "Name this &station…"

    def rename(dialog: Any) -> None:
        assert dialog.station.text() == "Front counter 1"
        dialog.station.selectAll()
        qtbot.keyClicks(dialog.station, "Back office")
        qtbot.keyClick(dialog.station, Qt.Key.Key_Return)

    dialogs.append(rename)
    window.action("station").trigger()
    assert window.station_label.text() == "Station: Back office"


def test_a_clerk_at_an_unnamed_station_is_told_the_administrator_must_name_it(
    qtbot: Any, desk: Desk, operator_with: Callable[[Role], SignedIn], messages: list[str]
) -> None:
    window = _window(qtbot, desk, operator_with(Role.CLERK))
    assert window.station_label.text() == (
        "This station has no name: the Administrator must name it (Settings, Name this "
        "station…) before a drawer is opened here."
    )
    assert not window.name_station_button.isVisibleTo(window)
    assert not window.action("station").isEnabled()
