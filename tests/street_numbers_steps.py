"""Steps the street numbers tests share (tests/test_street_number*.py): the citations of § 506-16, a
street added to the numbering map, a parcel, a number assigned or refused, an address edited or
changed, a number suggested, checked and searched, a noncompliance case observed, served and
referred, and Broad St with its block of lots."""

from __future__ import annotations

import dataclasses
from datetime import date
from typing import Any

import pytest
from sqlalchemy import select

from clerk_desk import parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.findings import Finding
from clerk_desk.kinds import Compass, PartyKind
from clerk_desk.models import Address, Street
from clerk_desk.parties import ParcelData, PartyData
from clerk_desk.street_numbers import addresses, assignment, cases, checking, streets
from clerk_desk.street_numbers.assignment import AssignmentData
from clerk_desk.street_numbers.checking import Proposal
from clerk_desk.street_numbers.streets import StreetData

DISPLAY_CITE = "§ 506-16 (Building numbering required)"
CONTINUITY_CITE = "§ 506-16 (New houses and buildings)"


NONCOMPLIANCE_CITE = "§ 506-16 (Noncompliance)"
E, W, N, S = Compass.EAST, Compass.WEST, Compass.NORTH, Compass.SOUTH


# -- helpers ------------------------------------------------------------------------------------


def _street_data(**changes: Any) -> StreetData:
    """Broad St N: numbers rise going north, odd numbers on the east side, 100 to 199."""
    data = StreetData(
        name="Broad",
        suffix="St",
        direction="N",
        odd_side=E,
        increases_toward=N,
        range_low=100,
        range_high=199,
        grid_base=100,
    )
    return dataclasses.replace(data, **changes)


def _add_street(desk: Desk, who: SignedIn, **changes: Any) -> int:
    with desk.action(who) as action:
        return streets.add_street(action, _street_data(**changes))


def _get_street(desk: Desk, street_id: int) -> Street:
    with desk.database.reading() as session:
        return streets.get_street(session, street_id)


def _parcel(desk: Desk, who: SignedIn, number: str, owner: str = "") -> int:
    with desk.action(who) as action:
        owner_id = None
        if owner:
            party = parties.add_party(action, PartyData(kind=PartyKind.PERSON, name=owner))
            owner_id = party.id
        return parties.add_parcel(action, ParcelData(parcel_number=number, owner_id=owner_id)).id


def _assignment(
    desk: Desk, street_id: int, number: int, parcel_id: int, **changes: Any
) -> AssignmentData:
    street = _get_street(desk, street_id)
    data = AssignmentData(
        street_id=street_id,
        number=number,
        parcel_id=parcel_id,
        side=streets.side_for(street, number),
    )
    return dataclasses.replace(data, **changes)


def _assign(
    desk: Desk, who: SignedIn, street_id: int, number: int, parcel_id: int, **changes: Any
) -> int:
    data = _assignment(desk, street_id, number, parcel_id, **changes)
    with desk.action(who) as action:
        return assignment.assign_number(action, data)


def _check(desk: Desk, proposal: Proposal) -> list[Finding]:
    with desk.database.reading() as session:
        return checking.check_number(session, proposal)


def _searched(desk: Desk, text: str, **options: Any) -> list[str]:
    with desk.database.reading() as session:
        return [
            addresses.address_text(a) for a in addresses.search_addresses(session, text, **options)
        ]


@pytest.fixture
def broad(desk: Desk, admin: SignedIn) -> int:
    return _add_street(desk, admin)


@pytest.fixture
def block(desk: Desk, inspector: SignedIn, broad: int) -> dict[int, int]:
    """One block of Broad St N: on the east (odd) side 111 at 100 ft, 121 at 200 ft and 131 at
    300 ft; on the west (even) side 110 at 100 ft and 130 at 300 ft. Number -> parcel id."""
    lots: dict[int, int] = {}
    for number, position in ((111, 100), (121, 200), (131, 300), (110, 100), (130, 300)):
        lots[number] = _parcel(desk, inspector, f"281-00{number}-0000")
        _assign(desk, inspector, broad, number, lots[number], position_ft=position)
    return lots


def _address_id(desk: Desk, street_id: int, number: int) -> int:
    with desk.database.reading() as session:
        return session.scalars(
            select(Address.id).where(Address.street_id == street_id, Address.number == number)
        ).one()


@pytest.fixture
def orange(desk: Desk, admin: SignedIn) -> int:
    """Orange St: numbers rise going east, odd numbers on the north side, 100 to 199."""
    return _add_street(
        desk, admin, name="Orange", direction="", odd_side=N, increases_toward=E, grid_base=None
    )


def _observe(
    desk: Desk, who: SignedIn, address_id: int, on: date, observation: str = "No numbers"
) -> int:
    with desk.action(who) as action:
        return cases.observe_noncompliance(
            action, address_id, observed_on=on, observation=observation
        )


def _serve(
    desk: Desk, who: SignedIn, case_id: int, on: date, manner: str = "certified mail"
) -> None:
    with desk.action(who) as action:
        cases.serve_notice(action, case_id, served_on=on, manner=manner)


def _refer(desk: Desk, who: SignedIn, case_id: int, on: date) -> None:
    with desk.action(who) as action:
        cases.refer_case(action, case_id, referred_on=on)


@pytest.fixture
def numbered(desk: Desk, inspector: SignedIn, broad: int) -> int:
    """111 Broad St N, owned by Anna Berg: the address id."""
    lot = _parcel(desk, inspector, "281-00111-0000", owner="Anna Berg")
    return _assign(desk, inspector, broad, 111, lot, position_ft=100)
