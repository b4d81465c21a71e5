"""Steps and fixtures the Petitions tab's tests share (tests/test_ui_petitions_*.py and
test_ui_enter_saves.py): the tab, the owners of the parcels on the street, a Council meeting, a
petition as stored, an owner chosen in the petitioners' editor."""

from __future__ import annotations

from datetime import date, datetime

import builders  # type: ignore[import-not-found]
import pytest
from builders import owner_with_parcel as _owner  # type: ignore[import-not-found]
from PySide6.QtGui import Qt
from registers import searched  # type: ignore[import-not-found]

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.models import Petition
from ui.kit import forms as forms
from ui.kit.operations import App
from ui.petitions.petition_form import PetitionersEditor
from ui.petitions.tab import PetitionsTab

PLACE = "Council Chambers, Prescott Municipal Building"


@pytest.fixture
def tab(qtbot, desk: Desk, clerk: SignedIn) -> PetitionsTab:
    widget = PetitionsTab(App(desk, clerk))
    qtbot.add_widget(widget)
    widget.resize(1300, 800)
    widget.show()
    searched(qtbot, widget)
    return widget


def _owners(desk: Desk, who: SignedIn) -> dict[str, tuple[int, int]]:
    return {
        "Ann Lee": _owner(desk, who, "Ann Lee", "118 Orange St", "281-1005-12-000"),
        "Bo Ng": _owner(desk, who, "Bo Ng", "124 Orange St", "281-1005-13-000"),
        "Dale Erickson": _owner(
            desk, who, "Dale Erickson", "410 Kinnickinnic St", "281-2001-01-000"
        ),
    }


def _meeting(desk: Desk, who: SignedIn, day: date, hour: int = 18) -> int:
    zone = desk.clock.local_now().tzinfo
    starts_at = datetime(day.year, day.month, day.day, hour, tzinfo=zone)
    return int(builders.meeting(desk, who, starts_at, PLACE))


def _stored(desk: Desk, petition_id: int) -> Petition:
    with desk.database.reading() as session:
        petition = session.get(Petition, petition_id)
        assert petition is not None
        session.expunge(petition)
        return petition


def _choose_owner(qtbot, editor: PetitionersEditor, text: str, row: int = 0) -> None:
    editor.search_field.clear()
    qtbot.keyClicks(editor.search_field, text)
    editor.search_field.flush()
    qtbot.keyClick(editor.search_field, Qt.Key.Key_Down)  # into the matches
    forms.select_row(editor.choice_table, row)
    qtbot.keyClick(editor.choice_table, Qt.Key.Key_Return)  # Enter adds the one chosen
