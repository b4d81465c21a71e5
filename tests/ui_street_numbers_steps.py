"""Set-ups the Street Numbers window's test modules share: the tab as the Building Inspector
opens it, and a street with its first numbers assigned."""

from __future__ import annotations

from typing import Any

import pytest
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import func, select

from clerk_desk import parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Compass, PartyKind
from clerk_desk.models import Address
from clerk_desk.parties import ParcelData, PartyData
from clerk_desk.street_numbers import assignment
from clerk_desk.street_numbers import streets as street_streets
from clerk_desk.street_numbers.assignment import AssignmentData
from clerk_desk.street_numbers.streets import StreetData
from ui.kit.operations import App
from ui.street_numbers.tab import StreetNumbersTab


def _tab(qtbot: Any, desk: Desk, who: SignedIn) -> StreetNumbersTab:
    widget = StreetNumbersTab(App(desk, who))
    qtbot.add_widget(widget)
    widget.resize(1200, 800)
    widget.show()
    searched(qtbot, widget)
    return widget


@pytest.fixture
def tab(qtbot: Any, desk: Desk, inspector: SignedIn) -> StreetNumbersTab:
    return _tab(qtbot, desk, inspector)


def _parcel(desk: Desk, who: SignedIn, number: str, owner: str | None = None) -> int:
    with desk.action(who) as action:
        owner_id = None
        if owner:
            owner_id = parties.add_party(action, PartyData(PartyKind.PERSON, owner)).id
            action.session.flush()
        parcel = parties.add_parcel(action, ParcelData(number, owner_id=owner_id))
        action.session.flush()
        return parcel.id


def _broad(desk: Desk, who: SignedIn) -> int:
    """Broad St N: numbers 100 to 999 rising northward, odd numbers on the east side."""
    with desk.action(who) as action:
        street = street_streets.add_street(
            action,
            StreetData("Broad", Compass.EAST, Compass.NORTH, 100, 999, suffix="St", direction="N"),
        )
        action.session.flush()
        return street


def _assign(
    desk: Desk, who: SignedIn, street_id: int, number: int, parcel_id: int, position: int
) -> int:
    with desk.action(who) as action:
        side = street_streets.side_for(street_streets.get_street(action.session, street_id), number)
        address = assignment.assign_number(
            action, AssignmentData(street_id, number, parcel_id, side, position_ft=position)
        )
        action.session.flush()
        return address


def _neighbours(desk: Desk, who: SignedIn) -> int:
    """Broad St N with 101 at 10 ft and 111 at 150 ft on its east side."""
    street_id = _broad(desk, who)
    _assign(desk, who, street_id, 101, _parcel(desk, who, "281-01001-0000", "Ann North"), 10)
    _assign(desk, who, street_id, 111, _parcel(desk, who, "281-01011-0000", "Bo South"), 150)
    return street_id


def _count_addresses(desk: Desk) -> int:
    with desk.database.reading() as session:
        return int(session.scalar(select(func.count(Address.id))) or 0)
