"""A form saved while another counter station holds the database: the clerk is told to try again
in a moment, the form stays open with everything typed, and the next Save goes through."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from sqlalchemy import func, select
from station_lock import other_station_saving  # type: ignore[import-not-found]

from clerk_desk.database import Database, Timeouts
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Role
from clerk_desk.models import Party
from ui.kit.operations import App
from ui.parties.dialogs import PartyDialog
from ui.parties.tab import PartiesTab

pytestmark = pytest.mark.gui


@pytest.fixture
def station(desk: Desk) -> Iterator[Desk]:
    """The same database, with saves that wait 1 s for another station's lock."""
    database = Database(desk.database.url, timeouts=Timeouts(lock=1))
    yield Desk(database, clock=desk.clock)
    database.dispose()


def _parties(desk: Desk) -> list[str]:
    with desk.database.reading() as session:
        return list(session.scalars(select(Party.name).order_by(Party.id)))


def test_a_form_saved_behind_another_stations_lock_stays_open_with_what_was_typed(
    qtbot,
    station: Desk,
    operator_with: Callable[[Role], SignedIn],
    dialogs,
    messages: list[str],
) -> None:
    tab = PartiesTab(App(station, operator_with(Role.CLERK)))
    qtbot.add_widget(tab)
    tab.show()
    seen: dict[str, object] = {}

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, PartyDialog)
        qtbot.keyClicks(dialog.name, "Ben Berg")
        qtbot.keyClicks(dialog.street, "212 Orange St")
        with other_station_saving(station.database):
            qtbot.keyClick(dialog.name, Qt.Key.Key_Return)  # Enter saves
        seen["open after the refusal"] = dialog.isVisible()
        seen["typed"] = (dialog.name.text(), dialog.street.text())
        seen["saved meanwhile"] = _parties(station)
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)  # the other station is done: again
        seen["open after saving"] = dialog.isVisible()

    dialogs.append(fill)
    tab.new_party_button.click()
    assert messages == [
        "Another counter station is saving right now and the database stayed busy for "
        "1 second. Nothing was saved; try again in a moment."
    ]
    assert seen == {
        "open after the refusal": True,
        "typed": ("Ben Berg", "212 Orange St"),
        "saved meanwhile": [],
        "open after saving": False,
    }
    assert _parties(station) == ["Ben Berg"]
    with station.database.reading() as session:
        assert session.scalar(select(func.count()).select_from(Party)) == 1
