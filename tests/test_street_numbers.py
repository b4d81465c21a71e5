"""Street numbers (§ 506-16) at their boundaries: the numbering map's streets, the suggested
number at both ends of a street and between neighbours, the checks that refuse a number or warn,
altering and retiring with their history, the building-permit gate, and the 20-day and 10-day
clocks of a noncompliance case with what the Today tab says about them."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from clerk_desk import parties, today
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.kinds import (
    AddressStatus,
    BuildingKind,
    Compass,
    NumberingCaseStatus,
    PartyKind,
    Role,
)
from clerk_desk.models import Address, AuditEvent, NumberingCase, Street
from clerk_desk.parties import ParcelData, PartyData
from clerk_desk.street_numbers import (
    addresses,
    assignment,
    cases,
    checking,
    permit_check,
    rules,
    streets,
)
from clerk_desk.street_numbers.assignment import AddressEdit, AssignmentData
from clerk_desk.street_numbers.checking import Proposal
from clerk_desk.street_numbers.streets import StreetData
from clerk_desk.today import TodayItem
from clerk_desk.words import format_day

ASSIGN_CITE = "§ 506-16 (Buildings to have street numbers)"
DISPLAY_CITE = "§ 506-16 (Building numbering required)"
CONTINUITY_CITE = "§ 506-16 (New houses and buildings)"
ALTER_CITE = "§ 506-16 (Altering numbers)"
NONCOMPLIANCE_CITE = "§ 506-16 (Noncompliance)"
E, W, N, S = Compass.EAST, Compass.WEST, Compass.NORTH, Compass.SOUTH
INSPECTOR_NAME = "Test Building Inspector / Public Works"
DAY = timedelta(days=1)


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


def _update_street(desk: Desk, who: SignedIn, street_id: int, **changes: Any) -> Street:
    with desk.action(who) as action:
        street = streets.get_street(action.session, street_id)
        data = StreetData(
            name=street.name,
            suffix=street.suffix,
            direction=street.direction,
            odd_side=street.odd_side,
            increases_toward=street.increases_toward,
            range_low=street.range_low,
            range_high=street.range_high,
            grid_base=street.grid_base,
            notes=street.notes,
        )
        streets.update_street(action, street_id, dataclasses.replace(data, **changes))
    return _get_street(desk, street_id)


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


def _refused_assignment(
    desk: Desk, who: SignedIn, street_id: int, number: int, parcel_id: int, **changes: Any
) -> InvalidInput:
    data = _assignment(desk, street_id, number, parcel_id, **changes)
    with pytest.raises(InvalidInput) as refused, desk.action(who) as action:
        assignment.assign_number(action, data)
    return refused.value


def _address(desk: Desk, address_id: int) -> Address:
    with desk.database.reading() as session:
        return addresses.get_address(session, address_id)


def _edit(desk: Desk, address_id: int, **changes: Any) -> AddressEdit:
    address = _address(desk, address_id)
    data = AddressEdit(
        number=address.number,
        unit=address.unit,
        building_kind=address.building_kind,
        side=address.side,
        position_ft=address.position_ft,
        owner_id=address.owner_id,
        notes=address.notes,
    )
    return dataclasses.replace(data, **changes)


def _change(
    desk: Desk, who: SignedIn, address_id: int, reason: str = "Re-platted", **changes: Any
) -> None:
    data = _edit(desk, address_id, **changes)
    with desk.action(who) as action:
        assignment.change_address(action, address_id, data, reason=reason)


def _history(desk: Desk, address_id: int) -> list[tuple[str, str, str, str]]:
    with desk.database.reading() as session:
        return [
            (c.what, c.old_value, c.new_value, c.reason)
            for c in addresses.history(session, address_id)
        ]


def _suggest(
    desk: Desk,
    street_id: int,
    side: Compass,
    position: int,
    parcel_id: int | None = None,
    unit: str = "",
) -> checking.Suggestion:
    with desk.database.reading() as session:
        return checking.suggest_number(
            session, street_id, side=side, position_ft=position, parcel_id=parcel_id, unit=unit
        )


def _check(desk: Desk, proposal: Proposal) -> list[Finding]:
    with desk.database.reading() as session:
        return checking.check_number(session, proposal)


def _searched(desk: Desk, text: str, **options: Any) -> list[str]:
    with desk.database.reading() as session:
        return [
            addresses.address_text(a) for a in addresses.search_addresses(session, text, **options)
        ]


@pytest.fixture
def inspector(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.INSPECTOR)


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


# -- streets ------------------------------------------------------------------------------------


def test_a_street_is_added_to_the_numbering_map(desk: Desk, admin: SignedIn) -> None:
    street_id = _add_street(desk, admin, name=" Broad ", suffix="St.", direction="n")
    street = _get_street(desk, street_id)
    assert (street.full_name, street.name_key, street.odd_side, street.increases_toward) == (
        "Broad St N",
        "broad st n",
        E,
        N,
    )
    assert (street.range_low, street.range_high, street.grid_base, street.active) == (
        100,
        199,
        100,
        True,
    )
    with desk.database.reading() as session:
        [event] = session.scalars(select(AuditEvent).where(AuditEvent.action == "street.create"))
        assert (event.record_id, event.summary) == (str(street_id), "Broad St N added")
        assert streets.find_street(session, "N. Broad Street") is not None


@pytest.mark.parametrize(
    "changes",
    [
        {"name": "Broad Street North", "suffix": "", "direction": ""},
        {"name": "Broad", "suffix": "Street", "direction": "N"},
        {"name": "N. Broad Street", "suffix": "", "direction": ""},
        {"name": "BROAD", "suffix": "st", "direction": "n"},
    ],
)
def test_another_spelling_of_a_street_in_the_register_is_refused(
    desk: Desk, admin: SignedIn, broad: int, changes: dict[str, str]
) -> None:
    with pytest.raises(Conflict) as refused:
        _add_street(desk, admin, **changes)
    assert refused.value.message == "Broad St N is already in the register."
    assert len(_streets(desk)) == 1


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        ("North Acres Rd", "Acres Rd N", False),  # "North" is part of the name
        ("North Acres Rd", "North Acres Road", True),
        ("N Acres Rd", "Acres Rd N", True),  # "N" is the direction, wherever it stands
        ("N. Acres Rd", "Acres Road North", True),
        ("SW Cedar Ave", "Cedar Ave SW", True),
        ("Southwest Cedar Ave", "Cedar Ave SW", False),
        ("East Orange St", "Orange St E", False),
    ],
)
def test_a_leading_direction_moves_only_when_written_short(
    one: str, other: str, same: bool
) -> None:
    assert (streets.street_key(one) == streets.street_key(other)) is same


def test_north_acres_rd_and_acres_rd_n_are_two_streets(desk: Desk, admin: SignedIn) -> None:
    _add_street(desk, admin, name="North Acres", suffix="Rd", direction="", grid_base=None)
    _add_street(desk, admin, name="Acres", suffix="Rd", direction="N", grid_base=None)
    assert _streets(desk) == ["Acres Rd N", "North Acres Rd"]
    with desk.database.reading() as session:
        assert [
            street.full_name
            for street in (
                streets.find_street(session, "North Acres Road"),
                streets.find_street(session, "N. Acres Rd"),
                streets.find_street(session, "Acres Road North"),
            )
            if street is not None
        ] == ["North Acres Rd", "Acres Rd N", "Acres Rd N"]


def _streets(desk: Desk) -> list[str]:
    with desk.database.reading() as session:
        return [s.full_name for s in streets.streets(session)]


def test_broad_st_s_is_another_street(desk: Desk, admin: SignedIn, broad: int) -> None:
    _add_street(desk, admin, direction="S", odd_side=W, increases_toward=S)
    assert _streets(desk) == ["Broad St N", "Broad St S"]


@pytest.mark.parametrize(
    ("increases", "odd_side", "allowed"),
    [
        (N, E, True),
        (N, W, True),
        (N, N, False),
        (N, S, False),
        (S, S, False),
        (E, N, True),
        (E, S, True),
        (E, E, False),
        (W, E, False),
    ],
)
def test_the_odd_side_is_perpendicular_to_the_numbering_direction(
    desk: Desk, admin: SignedIn, increases: Compass, odd_side: Compass, allowed: bool
) -> None:
    if allowed:
        _add_street(desk, admin, odd_side=odd_side, increases_toward=increases)
        return
    with pytest.raises(InvalidInput) as refused:
        _add_street(desk, admin, odd_side=odd_side, increases_toward=increases)
    assert refused.value.field == "odd_side"
    sides = "east or west" if increases in (N, S) else "north or south"
    assert refused.value.message == (
        f"Numbers that run {increases.label} have odd numbers on an {sides} side."
    )
    assert _streets(desk) == []


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"range_low": 0, "grid_base": None}, "range_low"),
        ({"range_low": 200, "range_high": 199, "grid_base": None}, "range_high"),
        ({"grid_base": 101}, "grid_base"),
        ({"grid_base": -1}, "grid_base"),
        ({"name": "  "}, "name"),
        ({"direction": "X"}, "direction"),
        ({"name": "B" * 81}, "name"),
        ({"range_high": 1_000_000}, "range_high"),
    ],
)
def test_a_street_form_is_refused_at_the_field(
    desk: Desk, admin: SignedIn, changes: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        _add_street(desk, admin, **changes)
    assert refused.value.field == field
    assert _streets(desk) == []


@pytest.mark.parametrize(
    "changes",
    [
        {"range_low": 1, "grid_base": None},  # the lowest number allowed
        {"range_low": 150, "range_high": 150, "grid_base": None},  # one number
        {"grid_base": 100},  # the grid base at the lowest number
        {"grid_base": 0},
    ],
)
def test_a_street_at_the_edges_of_its_range_is_accepted(
    desk: Desk, admin: SignedIn, changes: dict[str, Any]
) -> None:
    _add_street(desk, admin, **changes)
    assert _streets(desk) == ["Broad St N"]


def test_a_street_update_keeps_its_assigned_numbers_in_range(
    desk: Desk, admin: SignedIn, inspector: SignedIn, broad: int
) -> None:
    _assign(desk, inspector, broad, 101, _parcel(desk, admin, "281-1"))
    high = _assign(desk, inspector, broad, 151, _parcel(desk, admin, "281-2"))
    with pytest.raises(InvalidInput) as low_refused:
        _update_street(desk, admin, broad, range_low=102, grid_base=None)
    assert low_refused.value.field == "range_low"
    assert low_refused.value.message == (
        "Numbers 101 to 151 are assigned on Broad St N; the range must include them."
    )
    with pytest.raises(InvalidInput) as high_refused:
        _update_street(desk, admin, broad, range_high=150)
    assert high_refused.value.field == "range_high"
    street = _update_street(desk, admin, broad, range_low=101, range_high=151, grid_base=None)
    assert (street.range_low, street.range_high) == (101, 151)
    # A retired number no longer holds the range.
    with desk.action(inspector) as action:
        assignment.retire_address(action, high, reason="House demolished")
    assert _update_street(desk, admin, broad, range_high=120).range_high == 120


def test_sides_and_direction_change_only_while_no_number_is_assigned(
    desk: Desk, admin: SignedIn, inspector: SignedIn, broad: int
) -> None:
    assert _update_street(desk, admin, broad, odd_side=W).odd_side == W
    _update_street(desk, admin, broad, odd_side=E)
    _assign(desk, inspector, broad, 101, _parcel(desk, admin, "281-1"))
    for changes in (
        {"odd_side": W},
        {"increases_toward": S},
        {"odd_side": W, "increases_toward": S},
    ):
        with pytest.raises(InvalidInput) as refused:
            _update_street(desk, admin, broad, **changes)
        assert refused.value.field == "odd_side"
    street = _get_street(desk, broad)
    assert (street.odd_side, street.increases_toward) == (E, N)


def test_a_renamed_street_is_found_by_its_new_name_and_may_not_take_another_streets(
    desk: Desk, admin: SignedIn, inspector: SignedIn, broad: int
) -> None:
    _assign(desk, inspector, broad, 101, _parcel(desk, admin, "281-1"))
    orange = _add_street(desk, admin, name="Orange", direction="", odd_side=N, increases_toward=E)
    with pytest.raises(Conflict):
        _update_street(desk, admin, orange, name="Broad", direction="N")
    _update_street(desk, admin, broad, name="Borner")
    assert _searched(desk, "101 borner") == ["101 Borner St N"]
    assert _searched(desk, "101 broad") == []
    with desk.database.reading() as session:
        [event] = session.scalars(select(AuditEvent).where(AuditEvent.action == "street.update"))
        assert event.before == {
            "name": "Broad",
            "full_name": "Broad St N",
            "name_key": "broad st n",
        }


# -- suggesting a number ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("side", "position", "number"),
    [
        (E, 0, 101),  # at the start line: the first odd number
        (E, 40, 105),  # 40% of the way from the grid base 100 to 111
        (W, 0, 100),
        (W, 40, 104),  # 40% of the way from 100 to 110
    ],
)
def test_a_lot_before_the_first_neighbour_takes_a_lower_number_of_its_sides_parity(
    desk: Desk, block: dict[int, int], broad: int, side: Compass, position: int, number: int
) -> None:
    suggestion = _suggest(desk, broad, side, position)
    assert suggestion.number == number
    assert suggestion.parity == ("odd" if side == E else "even")
    assert suggestion.before is None
    assert suggestion.after is not None
    assert suggestion.after.number == (111 if side == E else 110)
    assert suggestion.findings == ()


@pytest.mark.parametrize(
    ("side", "position", "number"),
    [
        # 131 at 300 ft; the street runs 21 numbers in 200 ft: 131 + 5.25 -> 137
        (E, 350, 137),
        # 130 at 300 ft: 130 + 10.5 -> 140
        (W, 400, 140),
    ],
)
def test_a_lot_after_the_last_neighbour_follows_the_streets_spacing(
    desk: Desk, block: dict[int, int], broad: int, side: Compass, position: int, number: int
) -> None:
    suggestion = _suggest(desk, broad, side, position)
    assert suggestion.number == number
    assert suggestion.before is not None and suggestion.after is None
    assert suggestion.before.number == (131 if side == E else 130)
    assert "the street's spacing of about 10 numbers per 100 ft" in suggestion.explanation


@pytest.mark.parametrize(
    ("side", "position", "number"),
    [(E, 120, 113), (E, 160, 117), (E, 190, 119), (W, 200, 120), (W, 110, 112)],
)
def test_a_lot_between_neighbours_takes_a_number_in_proportion_to_its_position(
    desk: Desk, block: dict[int, int], broad: int, side: Compass, position: int, number: int
) -> None:
    assert _suggest(desk, broad, side, position).number == number


def test_the_suggestion_explains_itself(desk: Desk, block: dict[int, int], broad: int) -> None:
    suggestion = _suggest(desk, broad, E, 160)
    assert suggestion.before == checking.Neighbour(111, 100, "111 Broad St N")
    assert suggestion.after == checking.Neighbour(121, 200, "121 Broad St N")
    assert suggestion.explanation == (
        "117 is between 111 (at 100 ft) and 121 (at 200 ft) on the east (odd) side of "
        "Broad St N, at 60% of the way from 111 to 121; it leaves room for lots still to come "
        "on either side."
    )


@pytest.fixture
def orange(desk: Desk, admin: SignedIn) -> int:
    """Orange St: numbers rise going east, odd numbers on the north side, 100 to 199."""
    return _add_street(
        desk, admin, name="Orange", direction="", odd_side=N, increases_toward=E, grid_base=None
    )


def test_no_whole_number_between_113_and_115_the_building_inspector_decides(
    desk: Desk, inspector: SignedIn, orange: int
) -> None:
    _assign(desk, inspector, orange, 113, _parcel(desk, inspector, "281-113"), position_ft=100)
    _assign(desk, inspector, orange, 115, _parcel(desk, inspector, "281-115"), position_ft=150)
    suggestion = _suggest(desk, orange, N, 120)
    assert suggestion.number is None
    assert suggestion.parity == "odd"
    [finding] = suggestion.findings
    assert finding == Finding(
        "block",
        DISPLAY_CITE,
        "No whole odd number fits between 113 (at 100 ft) and 115 (at 150 ft) on the north (odd) "
        "side of Orange St; the Building Inspector decides the number (in the event of conflict "
        "the Building Inspector determines compliance).",
    )
    # The even side across the street still has room.
    assert _suggest(desk, orange, S, 120).number is not None


@pytest.mark.parametrize(
    ("position", "odd", "even"),
    [
        # The grid's 1,000 numbers a mile from 100 at the starting line (Orange St has no grid
        # base: its lowest number): 100 + 0.1894 a foot.
        (0, 101, 100),
        (10, 101, 102),  # 101.89: 101 and 102
        (11, 103, 102),  # 102.08: 103 is nearer than 101
        (50, 109, 110),  # 109.47
        (500, 195, 194),  # 194.70
        (5000, 199, 198),  # 1,047: past the range, the highest free number
    ],
)
def test_an_empty_street_numbers_a_lot_by_its_position_on_the_grid(
    desk: Desk, orange: int, position: int, odd: int, even: int
) -> None:
    north, south = _suggest(desk, orange, N, position), _suggest(desk, orange, S, position)
    assert (north.number, south.number) == (odd, even)
    assert (north.before, north.after) == (None, None)
    assert "at the grid's spacing of 1,000 numbers a mile (about 19 per 100 ft)" in (
        north.explanation
    )


def test_an_empty_streets_suggestion_explains_the_grid_and_the_room_left(
    desk: Desk, orange: int
) -> None:
    start = _suggest(desk, orange, N, 0)
    assert start.explanation == (
        "101 is from 100 to 199 on the north (odd) side of Orange St, at the grid's spacing of "
        "1,000 numbers a mile (about 19 per 100 ft), as the street has no spacing of its own "
        "yet, counted from 100 at the starting line; no odd number is left below it in the "
        "street's range (from 100)."
    )
    assert start.findings == ()
    middle = _suggest(desk, orange, N, 50)
    assert middle.explanation.endswith(
        "counted from 100 at the starting line; it leaves room for lots still to come on "
        "either side."
    )
    past = _suggest(desk, orange, N, 5000)
    assert past.explanation.endswith(
        "no odd number is left above it in the street's range (to 199)."
    )
    assert past.findings == (
        Finding(
            "info",
            CONTINUITY_CITE,
            "At that spacing the lot would be numbered about 1,047, past Orange St's highest "
            "number, 199: the nearest free number is suggested. If lots go on past it, widen "
            "the street's range.",
        ),
    )


def test_the_grid_starts_from_the_grid_base_when_the_street_has_one(
    desk: Desk, admin: SignedIn
) -> None:
    street = _add_street(desk, admin, range_low=101, range_high=999, grid_base=0)
    assert _suggest(desk, street, E, 600).number == 113  # 0 + 113.6: the grid, not 101
    assert _suggest(desk, street, W, 600).number == 114


def test_after_a_lone_neighbour_the_grid_spacing_counts_the_feet(
    desk: Desk, inspector: SignedIn, orange: int
) -> None:
    _assign(desk, inspector, orange, 111, _parcel(desk, inspector, "281-111"), position_ft=100)
    suggestion = _suggest(desk, orange, N, 400)
    assert suggestion.number == 167  # 111 + 300 ft x 0.1894 = 167.8; not the next number, 113
    assert suggestion.before == checking.Neighbour(111, 100, "111 Orange St")
    assert suggestion.explanation == (
        "167 is after 111 (at 100 ft), up to 199, on the north (odd) side of Orange St, at the "
        "grid's spacing of 1,000 numbers a mile (about 19 per 100 ft), as the street has no "
        "spacing of its own yet; it leaves room for lots still to come on either side."
    )
    assert _suggest(desk, orange, N, 110).number == 113  # 112.9


@pytest.mark.parametrize(
    ("position", "number", "room"),
    [
        (120, 115, "no odd number is left between 113 and it."),  # 114.2
        (150, 115, "no odd number is left between 113 and it."),  # 116: 115 and 117, the lower
        (180, 117, "no odd number is left between it and 119."),  # 118.2
    ],
)
def test_the_suggestion_says_room_is_left_only_when_it_is(
    desk: Desk, inspector: SignedIn, orange: int, position: int, number: int, room: str
) -> None:
    _assign(desk, inspector, orange, 113, _parcel(desk, inspector, "281-113"), position_ft=100)
    _assign(desk, inspector, orange, 119, _parcel(desk, inspector, "281-119"), position_ft=200)
    suggestion = _suggest(desk, orange, N, position)
    assert suggestion.number == number
    assert suggestion.explanation.endswith(room)
    assert "leaves room" not in suggestion.explanation


def test_the_last_number_between_two_neighbours_leaves_no_room_on_either_side(
    desk: Desk, inspector: SignedIn, orange: int
) -> None:
    _assign(desk, inspector, orange, 113, _parcel(desk, inspector, "281-113"), position_ft=100)
    _assign(desk, inspector, orange, 117, _parcel(desk, inspector, "281-117"), position_ft=200)
    suggestion = _suggest(desk, orange, N, 150)
    assert suggestion.number == 115
    assert suggestion.explanation.endswith(
        "; no odd number is left between 113 and it or between it and 117."
    )


def test_a_number_taken_without_a_position_is_skipped(
    desk: Desk, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    assert _suggest(desk, broad, E, 160).number == 117
    _assign(desk, inspector, broad, 117, _parcel(desk, inspector, "281-117"))  # no position
    assert _suggest(desk, broad, E, 160).number == 115  # 115 and 119 are as near; the lower
    _assign(desk, inspector, broad, 115, _parcel(desk, inspector, "281-115"))
    assert _suggest(desk, broad, E, 160).number == 119


def test_a_unit_of_a_numbered_building_is_suggested_the_buildings_number(
    desk: Desk, block: dict[int, int], broad: int
) -> None:
    suggestion = _suggest(desk, broad, E, 200, parcel_id=block[121], unit=" Apt  2 ")
    assert suggestion.number == 121
    assert suggestion.explanation == (
        "The building on this lot is numbered 121 Broad St N; Apt 2 takes the same number with "
        "its own unit identifier."
    )
    assert suggestion.findings == ()


def test_a_lot_already_numbered_is_suggested_a_number_of_its_own_without_a_unit(
    desk: Desk, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    # Across the street, the side chosen decides: 120 between 110 and 130, not the lot's 121.
    across = _suggest(desk, broad, W, 200, parcel_id=block[121])
    assert across.number == 120
    assert across.parity == "even"
    # A second principal building on the lot, beyond its first: a number of its own, after 121.
    second = _suggest(desk, broad, E, 250, parcel_id=block[121])
    assert second.number == 125  # 126: 125 and 127 as near, the lower
    assert second.before == checking.Neighbour(121, 200, "121 Broad St N")
    proposal = Proposal(broad, 125, block[121], E, position_ft=250)
    assert _check(desk, proposal) == []
    _assign(desk, inspector, broad, 125, block[121], position_ft=250)
    # A unit names the building it belongs to; a lot not numbered yet is suggested as any.
    assert _suggest(desk, broad, E, 250, parcel_id=block[121], unit="Apt 1").number == 121
    lot = _parcel(desk, inspector, "281-NEW")
    assert _suggest(desk, broad, E, 160, parcel_id=lot, unit="Apt 1").number == 117


def test_a_suggestion_is_for_a_side_of_the_street_and_a_place_along_it(
    desk: Desk, broad: int, orange: int
) -> None:
    with pytest.raises(InvalidInput) as refused:
        _suggest(desk, broad, N, 10)
    assert refused.value.field == "side"
    assert refused.value.message == "Broad St N has an east and a west side."
    with pytest.raises(InvalidInput) as across:
        _suggest(desk, orange, E, 10)
    assert across.value.message == "Orange St has a north and a south side."
    for position in (-1, 200_001):
        with pytest.raises(InvalidInput) as nowhere:
            _suggest(desk, broad, E, position)
        assert nowhere.value.field == "position_ft"


def test_a_suggestion_leaves_out_numbers_of_other_streets_and_retired_ones(
    desk: Desk, admin: SignedIn, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    other = _add_street(desk, admin, direction="S", odd_side=E, increases_toward=S)
    _assign(desk, inspector, other, 117, _parcel(desk, inspector, "281-S117"))
    assert _suggest(desk, broad, E, 160).number == 117
    with desk.action(inspector) as action:
        assignment.retire_address(action, _address_id(desk, broad, 121), reason="Lots combined")
    # 121 is gone: the lot at 160 ft is now before 131 at 300 ft (30% of 111 -> 131).
    assert _suggest(desk, broad, E, 160).number == 117


# -- checking a number --------------------------------------------------------------------------


def test_a_number_in_order_on_its_side_and_in_range_has_no_findings(
    desk: Desk, admin: SignedIn, block: dict[int, int], broad: int
) -> None:
    lot = _parcel(desk, admin, "281-LOT")
    assert _check(desk, Proposal(broad, 115, lot, E, position_ft=150)) == []


def test_a_number_of_another_parcel_is_refused(
    desk: Desk, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    lot = _parcel(desk, inspector, "281-NEW")
    refused = _refused_assignment(desk, inspector, broad, 121, lot, position_ft=210)
    assert refused.field == "number"
    assert refused.cite == ASSIGN_CITE
    assert refused.message == (
        "121 Broad St N is already the number of parcel 281-00121-0000; only the units of one "
        "building share a number."
    )
    # Accepting warnings does not help: it blocks.
    again = _refused_assignment(desk, inspector, broad, 121, lot, accept_warnings=True)
    assert again.cite == ASSIGN_CITE


def test_units_of_one_building_share_its_number_each_once(
    desk: Desk, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    flats = _parcel(desk, inspector, "281-141")
    kind = BuildingKind.MULTIPLE_DWELLING
    for unit in ("Apt 1", "Apt 2", ""):
        _assign(desk, inspector, broad, 141, flats, unit=unit, building_kind=kind, position_ft=400)
    same_unit = _refused_assignment(
        desk, inspector, broad, 141, flats, unit=" apt  1 ", building_kind=kind
    )
    assert same_unit.message == "141 Broad St N, Apt 1 is already assigned to this parcel."
    assert same_unit.cite == ASSIGN_CITE and same_unit.field == "number"
    whole = _refused_assignment(desk, inspector, broad, 141, flats, building_kind=kind)
    assert whole.message == (
        "141 Broad St N is already assigned to this parcel. Give each unit its own identifier."
    )
    neighbour = _parcel(desk, inspector, "281-141B")
    other = _refused_assignment(desk, inspector, broad, 141, neighbour, unit="Apt 3")
    assert "is already the number of parcel 281-141" in other.message
    assert _searched(desk, "141") == [
        "141 Broad St N",
        "141 Broad St N, Apt 1",
        "141 Broad St N, Apt 2",
    ]


def test_a_secondary_building_on_a_numbered_lot_needs_no_number(
    desk: Desk, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    refused = _refused_assignment(
        desk,
        inspector,
        broad,
        113,
        block[111],
        building_kind=BuildingKind.SECONDARY,
        position_ft=120,
        accept_warnings=True,
    )
    assert refused.field == "number"
    assert refused.cite == DISPLAY_CITE
    assert refused.message == (
        "The lot's principal building is numbered 111 Broad St N; a secondary building on the "
        "same lot needs no number."
    )
    # A secondary building on a lot with no numbered principal building may be numbered.
    barn = _parcel(desk, inspector, "281-BARN")
    _assign(desk, inspector, broad, 115, barn, building_kind=BuildingKind.SECONDARY)


def test_a_number_on_the_wrong_side_warns_and_needs_the_inspectors_acceptance(
    desk: Desk, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    lot = _parcel(desk, inspector, "281-116")
    warning = "116 is even, but the east side of Broad St N carries odd numbers."
    assert _check(desk, Proposal(broad, 116, lot, E, position_ft=150)) == [
        Finding("warn", CONTINUITY_CITE, warning)
    ]
    refused = _refused_assignment(desk, inspector, broad, 116, lot, side=E, position_ft=150)
    assert refused.field == "number"
    assert refused.cite == CONTINUITY_CITE
    assert refused.message == (
        f"{warning} The Building Inspector may accept this and assign it anyway."
    )
    assert _searched(desk, "116") == []
    accepted = _assign(
        desk, inspector, broad, 116, lot, side=E, position_ft=150, accept_warnings=True
    )
    assert _address(desk, accepted).side == E
    assert _history(desk, accepted) == [
        ("assigned", "", "116 Broad St N", f"Warnings accepted: {warning}")
    ]


@pytest.mark.parametrize(
    ("number", "position", "text"),
    [
        (
            125,
            150,
            "125 breaks the order along Broad St N: 121 is at 200 ft, after this lot at 150 ft.",
        ),
        (
            115,
            250,
            "115 breaks the order along Broad St N: 121 is at 200 ft, before this lot at 250 ft.",
        ),
        (
            109,
            350,
            "109 breaks the order along Broad St N: 131 is at 300 ft, before this lot at 350 ft.",
        ),
    ],
)
def test_a_number_out_of_order_along_the_street_warns(
    desk: Desk,
    inspector: SignedIn,
    block: dict[int, int],
    broad: int,
    number: int,
    position: int,
    text: str,
) -> None:
    lot = _parcel(desk, inspector, "281-LOT")
    assert _check(desk, Proposal(broad, number, lot, E, position_ft=position)) == [
        Finding("warn", CONTINUITY_CITE, text)
    ]
    refused = _refused_assignment(desk, inspector, broad, number, lot, position_ft=position)
    assert (refused.field, refused.cite) == ("number", CONTINUITY_CITE)
    _assign(desk, inspector, broad, number, lot, position_ft=position, accept_warnings=True)


@pytest.mark.parametrize(("number", "warns"), [(99, True), (101, False), (199, False), (201, True)])
def test_a_number_outside_the_streets_range_warns(
    desk: Desk, inspector: SignedIn, broad: int, number: int, warns: bool
) -> None:
    lot = _parcel(desk, inspector, "281-LOT")
    found = _check(desk, Proposal(broad, number, lot, E))
    text = f"{number} is outside Broad St N's numbers, 100 to 199."
    assert found == ([Finding("warn", CONTINUITY_CITE, text)] if warns else [])


def test_a_number_is_a_whole_number_from_1_up(desk: Desk, inspector: SignedIn, broad: int) -> None:
    lot = _parcel(desk, inspector, "281-LOT")
    for number in (0, -1, 1_000_000):
        refused = _refused_assignment(
            desk, inspector, broad, number, lot, side=E, accept_warnings=True
        )
        assert refused.field == "number"
        assert refused.message == "A street number is a whole number from 1 to 999,999."
    refused = _refused_assignment(desk, inspector, broad, 101, lot, position_ft=-1)
    assert refused.field == "position_ft"
    refused = _refused_assignment(desk, inspector, broad, 101, lot, side=N)
    assert refused.field == "side"


def test_only_the_building_inspector_or_administrator_assigns_numbers(
    desk: Desk, operator_with: Callable[[Role], SignedIn], broad: int
) -> None:
    """The Clerk records an assigned number only naming the official (issue 19: see
    test_street_number_recording.py); the Treasurer not at all; neither changes or retires."""
    clerk = operator_with(Role.CLERK)
    lot = _parcel(desk, clerk, "281-LOT")
    data = _assignment(desk, broad, 101, lot)
    with pytest.raises(InvalidInput) as unnamed, desk.action(clerk) as action:
        assignment.assign_number(action, data)
    assert unnamed.value.field == "assigned_by"
    with (
        pytest.raises(PermissionDenied) as refused,
        desk.action(operator_with(Role.TREASURER)) as action,
    ):
        assignment.assign_number(action, data)
    assert refused.value.message == (
        "To assign street numbers you need the role Building Inspector / Public Works or "
        "Administrator; you are signed in as Treasurer."
    )
    assert _searched(desk, "101") == []
    address_id = _assign(desk, operator_with(Role.INSPECTOR), broad, 101, lot)
    edit = _edit(desk, address_id, number=103)
    for attempt in (
        lambda action: assignment.change_address(action, address_id, edit, reason="Renumbered"),
        lambda action: assignment.retire_address(action, address_id, reason="Demolished"),
    ):
        with pytest.raises(PermissionDenied), desk.action(clerk) as action:
            attempt(action)
    assert _address(desk, address_id).status == AddressStatus.ASSIGNED


def test_the_clerk_who_mails_the_letter_records_it_and_the_flag_clears(
    desk: Desk, operator_with: Callable[[Role], SignedIn], broad: int
) -> None:
    """The Inspector assigns the number; the Clerk, who keeps the register, mails the letter."""
    inspector, clerk = operator_with(Role.INSPECTOR), operator_with(Role.CLERK)
    address_id = _assign(desk, inspector, broad, 101, _parcel(desk, clerk, "281-LOT"))
    with desk.database.reading() as session:
        assert addresses.letter_due(session, addresses.get_address(session, address_id))
    with (
        pytest.raises(PermissionDenied) as refused,
        desk.action(operator_with(Role.TREASURER)) as action,
    ):
        assignment.record_letter_printed(action, address_id)
    assert "keep the street numbering map" in refused.value.message
    with desk.action(clerk) as action:
        assignment.record_letter_printed(action, address_id)
    assert _address(desk, address_id).letter_printed_on == date(2026, 11, 30)
    with desk.database.reading() as session:
        assert not addresses.letter_due(session, addresses.get_address(session, address_id))
    _change(desk, inspector, address_id, reason="Renumbered", number=103)
    with desk.database.reading() as session:
        assert addresses.letter_due(
            session, addresses.get_address(session, address_id)
        )  # a new number


def test_an_assignment_is_recorded_with_who_when_and_the_parcels_site_address(
    desk: Desk, admin: SignedIn, inspector: SignedIn, broad: int, clock: FixedClock
) -> None:
    lot = _parcel(desk, admin, "281-LOT", owner="Anna Berg")
    address_id = _assign(desk, inspector, broad, 101, lot, position_ft=10, notes=" New house ")
    address = _address(desk, address_id)
    assert (address.assigned_on, address.assigned_by_name, address.notes) == (
        date(2026, 11, 30),
        INSPECTOR_NAME,
        "New house",
    )
    assert address.owner_id is not None  # the parcel's owner
    with desk.database.reading() as session:
        [change] = addresses.history(session, address_id)
        assert (change.at, change.operator_name, change.operator_id) == (
            clock.now(),
            INSPECTOR_NAME,
            inspector.id,
        )
        parcel = parties.get_parcel(session, lot)
        assert parcel.site_address == "101 Broad St N"
        # The parcel register finds the parcel by its new address.
        assert [p.id for p in parties.search_parcels(session, "101 broad")] == [lot]
        [event] = session.scalars(select(AuditEvent).where(AuditEvent.action == "address.assign"))
        assert event.summary == "101 Broad St N assigned to parcel 281-LOT"
        assert event.operator_name == "inspector"


def test_an_assigned_number_is_refused_to_the_next_station_in_another_transaction(
    desk: Desk, inspector: SignedIn, broad: int
) -> None:
    first, second = _parcel(desk, inspector, "281-A"), _parcel(desk, inspector, "281-B")
    _assign(desk, inspector, broad, 101, first)
    refused = _refused_assignment(desk, inspector, broad, 101, second)
    assert refused.message.startswith("101 Broad St N is already the number of parcel 281-A")


@pytest.mark.parametrize("unit", ["", "Apt 1"])
def test_two_stations_assigning_one_number_at_once_the_second_is_refused(
    desk: Desk, inspector: SignedIn, broad: int, unit: str
) -> None:
    """Station A has checked and written 101 and not yet committed when station B asks for it.
    B waits for A (the street is locked while a number is assigned on it) and is then refused:
    the unique index alone would not stop it for another unit of another parcel."""
    first, second = _parcel(desk, inspector, "281-A"), _parcel(desk, inspector, "281-B")
    a_data = _assignment(desk, broad, 101, first)
    b_data = _assignment(desk, broad, 101, second, unit=unit)
    a_written, a_may_commit = threading.Event(), threading.Event()
    outcomes: dict[str, BaseException | None] = {}

    def station(name: str, data: AssignmentData) -> None:
        try:
            with desk.action(inspector) as action:
                assignment.assign_number(action, data)
                action.session.flush()
                if name == "A":
                    a_written.set()
                    assert a_may_commit.wait(20)
            outcomes[name] = None
        except BaseException as error:
            outcomes[name] = error
        finally:
            a_written.set()

    a = threading.Thread(target=station, args=("A", a_data))
    a.start()
    assert a_written.wait(20)
    b = threading.Thread(target=station, args=("B", b_data))
    b.start()
    b.join(0.5)
    assert b.is_alive(), "station B should wait for station A's transaction"
    a_may_commit.set()
    a.join(20)
    b.join(20)
    assert outcomes["A"] is None
    refused = outcomes["B"]
    assert isinstance(refused, InvalidInput), refused
    assert refused.field == "number"
    assert "101 Broad St N is already the number of parcel 281-A" in refused.message
    assert _searched(desk, "101") == ["101 Broad St N"]


def test_the_database_refuses_a_second_address_in_use_with_the_same_number_and_unit(
    desk: Desk, inspector: SignedIn, broad: int
) -> None:
    lot = _parcel(desk, inspector, "281-A")
    first = _address(desk, _assign(desk, inspector, broad, 101, lot))

    def insert(**changes: Any) -> None:
        values: dict[str, Any] = {
            "street_id": broad,
            "number": 101,
            "unit": "",
            "parcel_id": lot,
            "building_kind": BuildingKind.PRINCIPAL,
            "status": AddressStatus.ASSIGNED,
            "side": E,
            "assigned_on": first.assigned_on,
            "assigned_by_name": "x",
        }
        values.update(changes)
        with desk.database.writing() as session:
            session.add(Address(**values))

    with pytest.raises(Conflict):
        insert()
    insert(status=AddressStatus.RETIRED)  # a retired one may stand beside it
    insert(unit="Apt 1")


# -- altering and retiring ----------------------------------------------------------------------


@pytest.fixture
def lot_115(
    desk: Desk, admin: SignedIn, inspector: SignedIn, block: dict[int, int], broad: int
) -> int:
    """115 Broad St N at 150 ft, owned by Anna Berg: the address id."""
    lot = _parcel(desk, admin, "281-00115-0000", owner="Anna Berg")
    return _assign(desk, inspector, broad, 115, lot, position_ft=150)


def test_an_address_is_changed_only_with_a_reason(
    desk: Desk, inspector: SignedIn, lot_115: int
) -> None:
    for reason in ("", "   "):
        with pytest.raises(InvalidInput) as refused:
            _change(desk, inspector, lot_115, reason=reason, number=117)
        assert refused.value.field == "reason"
        assert refused.value.cite == ALTER_CITE
    assert _address(desk, lot_115).number == 115


def test_a_changed_number_keeps_the_old_the_new_who_when_and_why(
    desk: Desk, inspector: SignedIn, lot_115: int, clock: FixedClock
) -> None:
    clock.advance(hours=2)
    _change(desk, inspector, lot_115, reason=" Lot re-platted ", number=117, position_ft=160)
    assert _address(desk, lot_115).number == 117
    assert _history(desk, lot_115) == [
        ("assigned", "", "115 Broad St N", ""),
        ("number", "115 Broad St N", "117 Broad St N", "Lot re-platted"),
        ("position", "150", "160", "Lot re-platted"),
    ]
    with desk.database.reading() as session:
        changes = addresses.history(session, lot_115)
        assert {(c.at, c.operator_name) for c in changes[1:]} == {(clock.now(), INSPECTOR_NAME)}
        [event] = session.scalars(select(AuditEvent).where(AuditEvent.action == "address.change"))
        assert event.summary == "115 Broad St N changed: Lot re-platted"
        assert event.before == {"number": 115, "position_ft": 150}
        assert event.after == {"number": 117, "position_ft": 160}
        # The parcel's site address follows its official number.
        parcel = parties.get_parcel(session, _address(desk, lot_115).parcel_id)
        assert parcel.site_address == "117 Broad St N"
        assert [p.id for p in parties.search_parcels(session, "117 broad")] == [parcel.id]


def test_a_changed_number_is_checked_again(desk: Desk, inspector: SignedIn, lot_115: int) -> None:
    with pytest.raises(InvalidInput) as taken:
        _change(desk, inspector, lot_115, number=121)
    assert taken.value.field == "number"
    assert taken.value.cite == ASSIGN_CITE
    with pytest.raises(InvalidInput) as parity:
        _change(desk, inspector, lot_115, number=116)
    assert parity.value.cite == CONTINUITY_CITE
    assert parity.value.message.startswith("116 is even, but the east side")
    assert _address(desk, lot_115).number == 115
    # Its own number does not count against it when only its position changes.
    _change(desk, inspector, lot_115, reason="Surveyed", position_ft=155)
    _change(desk, inspector, lot_115, number=116, accept_warnings=True)
    assert _address(desk, lot_115).number == 116


def test_a_new_number_needs_a_new_letter_another_owner_does_not(
    desk: Desk, admin: SignedIn, inspector: SignedIn, lot_115: int
) -> None:
    with desk.action(inspector) as action:
        assignment.record_letter_printed(action, lot_115)
    assert _address(desk, lot_115).letter_printed_on == date(2026, 11, 30)
    with desk.action(admin) as action:
        buyer = parties.add_party(action, PartyData(kind=PartyKind.PERSON, name="Ole Hansen")).id
    _change(desk, inspector, lot_115, reason="Sold", owner_id=buyer)
    assert _address(desk, lot_115).letter_printed_on == date(2026, 11, 30)
    assert _history(desk, lot_115)[-1] == ("owner", "Anna Berg", "Ole Hansen", "Sold")
    assert _searched(desk, "hansen") == ["115 Broad St N"]
    assert _searched(desk, "berg") == []
    _change(desk, inspector, lot_115, reason="Renumbered", number=117)
    assert _address(desk, lot_115).letter_printed_on is None


def test_long_notes_are_kept_whole_in_the_history(
    desk: Desk, inspector: SignedIn, lot_115: int
) -> None:
    """The history's old and new columns hold 200 characters; notes are unlimited and are
    never cut: a change too long for them is kept whole with its reason."""
    first = "Corner lot; the entry faces Orange St. " * 7  # 273 characters
    second = first.replace("Orange", "Elm") + "Numbers posted on the porch post."
    _change(desk, inspector, lot_115, reason="Inspector's note", notes="Short note")
    _change(desk, inspector, lot_115, reason="Inspector's visit", notes=first)
    _change(desk, inspector, lot_115, reason="Second visit.", notes=second)
    assert _history(desk, lot_115)[1:] == [
        ("notes", "", "Short note", "Inspector's note"),
        (
            "notes",
            "",
            "",
            f"Inspector's visit. Notes before: \u201cShort note\u201d; after: "
            f"\u201c{first.strip()}\u201d.",
        ),
        (
            "notes",
            "",
            "",
            f"Second visit. Notes before: \u201c{first.strip()}\u201d; after: "
            f"\u201c{second.strip()}\u201d.",
        ),
    ]
    assert _address(desk, lot_115).notes == second.strip()


def test_a_position_of_zero_feet_is_recorded_in_the_history(
    desk: Desk, inspector: SignedIn, broad: int
) -> None:
    address_id = _assign(desk, inspector, broad, 101, _parcel(desk, inspector, "281-1"))
    _change(desk, inspector, address_id, reason="Surveyed", position_ft=0)
    _change(desk, inspector, address_id, reason="Survey withdrawn", position_ft=None)
    assert _history(desk, address_id)[1:] == [
        ("position", "", "0", "Surveyed"),
        ("position", "0", "", "Survey withdrawn"),
    ]


def test_a_retired_number_stays_in_the_register_and_may_be_assigned_again(
    desk: Desk, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    old = _address_id(desk, broad, 121)
    for reason in ("", " "):
        with pytest.raises(InvalidInput) as no_reason, desk.action(inspector) as action:
            assignment.retire_address(action, old, reason=reason)
        assert (no_reason.value.field, no_reason.value.cite) == ("reason", ALTER_CITE)
    with desk.action(inspector) as action:
        assignment.retire_address(action, old, reason=" House demolished ")
    retired = _address(desk, old)
    assert (retired.status, retired.retired_on, retired.number) == (
        AddressStatus.RETIRED,
        date(2026, 11, 30),
        121,
    )
    assert _history(desk, old)[-1] == ("retired", "121 Broad St N", "", "House demolished")
    with pytest.raises(Conflict), desk.action(inspector) as action:
        assignment.retire_address(action, old, reason="Again")
    with pytest.raises(Conflict), desk.action(inspector) as action:
        assignment.change_address(action, old, _edit(desk, old, number=123), reason="Too late")
    new_lot = _parcel(desk, inspector, "281-NEW")
    _assign(desk, inspector, broad, 121, new_lot, position_ft=200)
    assert _searched(desk, "121") == ["121 Broad St N"]
    assert _searched(desk, "121", include_retired=True) == ["121 Broad St N", "121 Broad St N"]
    with desk.database.reading() as session:
        assert addresses.official_number(session, block[121]) is None
        assert addresses.official_number(session, new_lot) == "121 Broad St N"
        in_use = addresses.register(session, street_id=broad)
        assert [a.parcel_id for a in in_use if a.number == 121] == [new_lot]
        every = addresses.register(session, street_id=broad, include_retired=True)
        assert [a.parcel_id for a in every if a.number == 121] == [block[121], new_lot]


def test_a_lot_rebuilt_under_a_new_number_takes_it_as_its_site_address(
    desk: Desk, admin: SignedIn, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    with desk.action(inspector) as action:
        assignment.retire_address(action, _address_id(desk, broad, 121), reason="House demolished")
    _assign(desk, inspector, broad, 123, block[121], position_ft=210)
    with desk.action(admin) as action:
        typed = parties.add_parcel(
            action, ParcelData(parcel_number="281-LOT4", site_address="Lot 4, Eagle Ridge")
        ).id
    _assign(desk, inspector, broad, 125, typed, position_ft=220)
    with desk.database.reading() as session:
        assert parties.get_parcel(session, block[121]).site_address == "123 Broad St N"
        assert parties.get_parcel(session, typed).site_address == "Lot 4, Eagle Ridge"


def test_a_number_with_an_open_case_is_not_retired(
    desk: Desk, admin: SignedIn, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    address_id = _address_id(desk, broad, 111)
    case_id = _observe(desk, admin, address_id, date(2026, 10, 19))
    with pytest.raises(Conflict) as refused, desk.action(inspector) as action:
        assignment.retire_address(action, address_id, reason="Demolished")
    assert refused.value.cite == NONCOMPLIANCE_CITE
    assert refused.value.message == (
        "A noncompliance case is open for 111 Broad St N; close it first."
    )
    _serve(desk, admin, case_id, date(2026, 11, 10))
    _refer(desk, admin, case_id, date(2026, 11, 23))  # referred: still open until compliance
    with pytest.raises(Conflict), desk.action(inspector) as action:
        assignment.retire_address(action, address_id, reason="Demolished")
    with desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 11, 30), note="Numbers posted")
    with desk.action(inspector) as action:
        assignment.retire_address(action, address_id, reason="Demolished")


# -- the building-permit gate ------------------------------------------------------------------


def test_the_official_number_of_a_parcel_by_parcel_id_or_parcel_number(
    desk: Desk, admin: SignedIn, inspector: SignedIn, broad: int
) -> None:
    lot = _parcel(desk, admin, "281-00101-0000")
    with desk.database.reading() as session:
        parcel = parties.get_parcel(session, lot)
    for key in (parcel, lot, "281-00101-0000", " 281-00101-0000 "):
        with desk.database.reading() as session:
            assert addresses.official_number(session, key) is None
    _assign(desk, inspector, broad, 101, lot, position_ft=10)
    for key in (parcel, lot, "281-00101-0000", "281-00101-0000".lower()):
        with desk.database.reading() as session:
            assert addresses.official_number(session, key) == "101 Broad St N"
    with desk.database.reading() as session:
        assert addresses.official_number(session, "999-NONE") is None
        assert addresses.official_number(session, 99_999) is None


def test_the_official_number_is_the_principal_buildings_not_a_units_or_a_sheds(
    desk: Desk, inspector: SignedIn, broad: int
) -> None:
    flats = _parcel(desk, inspector, "281-FLATS")
    kind = BuildingKind.MULTIPLE_DWELLING
    _assign(desk, inspector, broad, 141, flats, unit="Apt 2", building_kind=kind)
    with desk.database.reading() as session:
        assert addresses.official_number(session, flats) == "141 Broad St N"
    farm = _parcel(desk, inspector, "281-FARM")
    _assign(desk, inspector, broad, 103, farm, building_kind=BuildingKind.SECONDARY)
    _assign(desk, inspector, broad, 105, farm)
    with desk.database.reading() as session:
        assert addresses.official_number(session, farm) == "105 Broad St N"
        assert [addresses.address_text(a) for a in addresses.official_addresses(session, farm)] == [
            "105 Broad St N",
            "103 Broad St N",
        ]


def _permit(desk: Desk, text: str) -> permit_check.PermitCheck:
    with desk.database.reading() as session:
        return permit_check.building_permit_check(session, text)


def test_no_building_permit_until_the_owner_has_the_official_number(
    desk: Desk, admin: SignedIn, inspector: SignedIn, broad: int
) -> None:
    lot = _parcel(desk, admin, "281-00101-0000")
    before = _permit(desk, "281-00101-0000")
    assert not before.may_issue
    assert (before.parcel_number, before.official) == ("281-00101-0000", None)
    assert before.finding == Finding(
        "block",
        NONCOMPLIANCE_CITE,
        "Parcel 281-00101-0000 has no official street number. No building permit may issue "
        "until the owner has procured it from the Building Inspector.",
    )
    _assign(desk, inspector, broad, 101, lot)
    after = _permit(desk, " 281-00101-0000 ")
    assert after.may_issue
    assert after.official == "101 Broad St N"
    assert after.finding == Finding(
        "info",
        NONCOMPLIANCE_CITE,
        "Parcel 281-00101-0000 is officially 101 Broad St N. As to its street number, a "
        "building permit may issue.",
    )


def test_the_permit_check_by_a_typed_address(desk: Desk, inspector: SignedIn, broad: int) -> None:
    lot = _parcel(desk, inspector, "281-A")
    _assign(desk, inspector, broad, 111, lot)
    _assign(desk, inspector, broad, 1111, _parcel(desk, inspector, "281-B"), accept_warnings=True)
    for typed in ("111 Broad St N", "111 broad street north", "111 N. Broad Street"):
        found = _permit(desk, typed)
        assert (found.may_issue, found.parcel_number, found.official) == (
            True,
            "281-A",
            "111 Broad St N",
        ), typed
    vague = _permit(desk, "11 broad")
    assert vague.finding.level == "warn"
    assert vague.finding.text == (
        "\u201c11 broad\u201d is not a parcel number or a whole address; it matches "
        "111 Broad St N (parcel 281-A) and 1111 Broad St N (parcel 281-B). Type the parcel "
        "number, or the number and the full street name."
    )
    assert vague.candidates == ("111 Broad St N (parcel 281-A)", "1111 Broad St N (parcel 281-B)")
    assert not vague.may_issue  # a warning, but no official number was named
    unknown = _permit(desk, "115 Broad St N")
    assert not unknown.may_issue
    assert unknown.finding.cite == NONCOMPLIANCE_CITE
    assert unknown.finding.text.startswith("No parcel or official address matches")
    with pytest.raises(InvalidInput) as blank:
        _permit(desk, "   ")
    assert blank.value.field == "query"


def test_the_permit_check_of_a_building_with_units_names_its_one_parcel(
    desk: Desk, inspector: SignedIn, broad: int
) -> None:
    flats = _parcel(desk, inspector, "281-FLATS")
    kind = BuildingKind.MULTIPLE_DWELLING
    for unit in ("Apt 1", "Apt 2", "Apt 3"):
        _assign(desk, inspector, broad, 141, flats, unit=unit, building_kind=kind)
    for typed in ("141 Broad St N", "141 broad street north, apt 2"):
        found = _permit(desk, typed)
        assert (found.may_issue, found.parcel_number, found.official) == (
            True,
            "281-FLATS",
            "141 Broad St N",
        ), typed
    assert not _permit(desk, "141 Broad St N, Apt 4").may_issue
    # Typed in part, the building is named once, not once a unit.
    partial = _permit(desk, "141 broad")
    assert not partial.may_issue
    assert partial.candidates == ("141 Broad St N (parcel 281-FLATS)",)


@pytest.mark.parametrize(
    ("typed", "level", "candidates"),
    [
        ("121 Broad St N", "info", ()),  # the address
        ("281-00121-0000", "info", ()),  # its parcel
        ("12 Broad St N", "block", ()),  # a number and a street: exactly that, or nothing
        ("1 Broad St N", "block", ()),
        ("122 Broad St N", "block", ()),
        ("121 Broad St S", "warn", ("121 Broad St N (parcel 281-00121-0000)",)),  # no such street
        ("121 broad", "warn", ("121 Broad St N (parcel 281-00121-0000)",)),
        ("12", "warn", ("121 Broad St N (parcel 281-00121-0000)",)),
        ("berg", "warn", ("121 Broad St N (parcel 281-00121-0000)",)),  # the owner's name
        ("Orange St", "block", ()),
    ],
)
def test_the_permit_check_answers_yes_only_to_the_address_or_parcel_itself(
    desk: Desk,
    admin: SignedIn,
    inspector: SignedIn,
    broad: int,
    typed: str,
    level: str,
    candidates: tuple[str, ...],
) -> None:
    """With only 121 Broad St N in the register, nothing else typed lets a permit through."""
    _assign(desk, inspector, broad, 121, _parcel(desk, admin, "281-00121-0000", "Anna Berg"))
    check = _permit(desk, typed)
    assert (check.finding.level, check.may_issue, check.candidates) == (
        level,
        level == "info",
        candidates,
    )
    if level == "block":
        assert check.finding.text == (
            f"No parcel or official address matches \u201c{typed}\u201d. No building permit "
            "may issue until the owner has procured the official number."
        )
    if level == "warn":
        assert check.official is None and check.parcel_number is None
        assert check.finding.text.startswith(
            f"\u201c{typed}\u201d is not a parcel number or a whole address; it matches "
            "121 Broad St N (parcel 281-00121-0000). Type the parcel number"
        )


def test_a_vague_permit_check_names_three_properties_and_counts_the_rest(
    desk: Desk, admin: SignedIn, inspector: SignedIn, broad: int
) -> None:
    for number in (101, 103, 105, 107, 109):
        _assign(desk, inspector, broad, number, _parcel(desk, admin, f"281-{number}"))
    check = _permit(desk, "broad")
    assert check.candidates == (
        "101 Broad St N (parcel 281-101)",
        "103 Broad St N (parcel 281-103)",
        "105 Broad St N (parcel 281-105)",
    )
    assert "281-105) and 2 more. Type the parcel number" in check.finding.text


# -- search -------------------------------------------------------------------------------------


def test_search_as_you_type_matches_numbers_from_their_start(
    desk: Desk, admin: SignedIn, inspector: SignedIn
) -> None:
    broad = _add_street(desk, admin, range_low=1, range_high=999, grid_base=None)
    for number in (12, 121, 312):
        _assign(desk, inspector, broad, number, _parcel(desk, admin, f"281-00{number}-0000"))
    assert _searched(desk, "12 broad street") == ["12 Broad St N", "121 Broad St N"]
    assert _searched(desk, "12 Broad St. N.") == ["12 Broad St N", "121 Broad St N"]
    assert _searched(desk, "312") == ["312 Broad St N"]
    assert _searched(desk, "12 orange") == []


def test_search_by_owner_parcel_and_street_and_retired_ones_on_request(
    desk: Desk, admin: SignedIn, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    berg = _parcel(desk, admin, "281-BERG", owner="Anna Bérg")
    _assign(desk, inspector, broad, 115, berg, position_ft=150)
    assert _searched(desk, "berg") == ["115 Broad St N"]
    assert _searched(desk, "ANNA") == ["115 Broad St N"]
    assert _searched(desk, "281-00121") == ["121 Broad St N"]
    assert _searched(desk, "") == [
        "110 Broad St N",
        "111 Broad St N",
        "115 Broad St N",
        "121 Broad St N",
        "130 Broad St N",
        "131 Broad St N",
    ]
    assert len(_searched(desk, "", limit=2)) == 2
    orange = _add_street(desk, admin, name="Orange", direction="", odd_side=N, increases_toward=E)
    _assign(desk, inspector, orange, 115, _parcel(desk, admin, "281-OR"))
    assert _searched(desk, "115") == ["115 Broad St N", "115 Orange St"]
    assert _searched(desk, "115", street_id=orange) == ["115 Orange St"]
    with desk.action(inspector) as action:
        assignment.retire_address(action, _address_id(desk, broad, 115), reason="Demolished")
    assert _searched(desk, "berg") == []
    assert _searched(desk, "berg", include_retired=True) == ["115 Broad St N"]
    assert _searched(desk, "100%_") == []  # wildcards are plain characters


# -- noncompliance: the 20-day and 10-day clocks ----------------------------------------------


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


def _case(desk: Desk, case_id: int) -> NumberingCase:
    with desk.database.reading() as session:
        return cases.get_case(session, case_id)


@pytest.fixture
def numbered(desk: Desk, inspector: SignedIn, broad: int) -> int:
    """111 Broad St N, owned by Anna Berg: the address id."""
    lot = _parcel(desk, inspector, "281-00111-0000", owner="Anna Berg")
    return _assign(desk, inspector, broad, 111, lot, position_ft=100)


@pytest.mark.parametrize(
    ("observed", "first_day"),
    [
        # 20 days from Tue Nov 10 end Mon Nov 30: a notice from Tue Dec 1
        (date(2026, 11, 10), date(2026, 12, 1)),
        # the 20th day, Sun Nov 8, moves to Mon Nov 9
        (date(2026, 10, 19), date(2026, 11, 10)),
        # the 20th day, Thanksgiving (Thu Nov 26), moves to Fri Nov 27
        (date(2026, 11, 6), date(2026, 11, 28)),
        # the 20th day, Christmas (Fri Dec 25), moves to Sat Dec 26: a Saturday stays, as
        # posting numbers is not an act at City Hall
        (date(2026, 12, 5), date(2026, 12, 27)),
        # election day (Tue Nov 3) moves to Wed Nov 4
        (date(2026, 10, 14), date(2026, 11, 5)),
    ],
)
def test_a_notice_may_be_served_from_the_day_after_20_days_of_neglect(
    desk: Desk,
    admin: SignedIn,
    numbered: int,
    clock: FixedClock,
    observed: date,
    first_day: date,
) -> None:
    calendar = desk.calendar()
    assert calendar.add_days(observed, 20, at_city_hall=False) + DAY == first_day
    assert rules.notice_from(calendar, observed) == first_day
    clock.set(first_day)
    case_id = _observe(desk, admin, numbered, observed)
    assert _case(desk, case_id).notice_from == first_day
    with pytest.raises(InvalidInput) as early:
        _serve(desk, admin, case_id, first_day - DAY)
    assert early.value.field == "served_on"
    assert early.value.cite == NONCOMPLIANCE_CITE
    assert early.value.message == (
        f"The owner has 20 days from {format_day(observed)}: a notice may be served from "
        f"{format_day(first_day)}."
    )
    assert _case(desk, case_id).status == NumberingCaseStatus.OPEN
    _serve(desk, admin, case_id, first_day, manner=" personal   service ")
    case = _case(desk, case_id)
    assert (case.status, case.served_on, case.served_manner, case.served_by_name) == (
        NumberingCaseStatus.NOTICED,
        first_day,
        "personal service",
        "Alex Administrator",
    )


@pytest.mark.parametrize(
    ("served", "first_day"),
    [
        # 10 days from Tue Dec 1 end Fri Dec 11: a referral from Sat Dec 12
        (date(2026, 12, 1), date(2026, 12, 12)),
        # the 10th day, Thanksgiving, moves to Fri Nov 27
        (date(2026, 11, 16), date(2026, 11, 28)),
        # the 10th day, Sun Nov 29, moves to Mon Nov 30
        (date(2026, 11, 19), date(2026, 12, 1)),
    ],
)
def test_a_case_may_be_referred_from_the_day_after_10_days_from_service(
    desk: Desk,
    admin: SignedIn,
    numbered: int,
    clock: FixedClock,
    served: date,
    first_day: date,
) -> None:
    calendar = desk.calendar()
    assert calendar.add_days(served, 10, at_city_hall=False) + DAY == first_day
    assert rules.referral_from(calendar, served) == first_day
    clock.set(first_day)
    case_id = _observe(desk, admin, numbered, date(2026, 10, 19))
    _serve(desk, admin, case_id, served)
    assert _case(desk, case_id).referral_from == first_day
    with pytest.raises(InvalidInput) as early:
        _refer(desk, admin, case_id, first_day - DAY)
    assert early.value.field == "referred_on"
    assert early.value.cite == NONCOMPLIANCE_CITE
    assert early.value.message == (
        f"The owner has 10 days after service on {format_day(served)}: the case may be "
        f"referred from {format_day(first_day)}."
    )
    _refer(desk, admin, case_id, first_day)
    case = _case(desk, case_id)
    assert (case.status, case.referred_on) == (NumberingCaseStatus.REFERRED, first_day)
    with desk.database.reading() as session:
        actions = session.scalars(
            select(AuditEvent.action)
            .where(AuditEvent.record_type == "numbering_case")
            .order_by(AuditEvent.id)
        ).all()
    assert actions == ["numbering_case.open", "numbering_case.notice", "numbering_case.refer"]


def test_no_date_of_a_case_is_later_than_today(desk: Desk, admin: SignedIn, numbered: int) -> None:
    tomorrow = date(2026, 12, 1)
    with pytest.raises(InvalidInput) as observed:
        _observe(desk, admin, numbered, tomorrow)
    assert observed.value.field == "observed_on"
    case_id = _observe(desk, admin, numbered, date(2026, 10, 19))
    with pytest.raises(InvalidInput) as served:
        _serve(desk, admin, case_id, tomorrow)
    assert served.value.field == "served_on"
    _serve(desk, admin, case_id, date(2026, 11, 10))
    with pytest.raises(InvalidInput) as referred:
        _refer(desk, admin, case_id, tomorrow)
    assert referred.value.field == "referred_on"
    with pytest.raises(InvalidInput) as closed, desk.action(admin) as action:
        cases.close_case(action, case_id, on=tomorrow)
    assert closed.value.field == "closed_on"
    assert _case(desk, case_id).status == NumberingCaseStatus.NOTICED


def test_a_case_needs_an_observation_a_manner_of_service_and_one_case_at_a_time(
    desk: Desk, operator_with: Callable[[Role], SignedIn], numbered: int
) -> None:
    clerk = operator_with(Role.CLERK)  # the Clerk keeps the cases
    with pytest.raises(InvalidInput) as blank:
        _observe(desk, clerk, numbered, date(2026, 11, 2), observation="  ")
    assert blank.value.field == "observation"
    case_id = _observe(desk, clerk, numbered, date(2026, 11, 2), observation=" Numbers on door ")
    case = _case(desk, case_id)
    assert (case.observation, case.observed_by_name, case.status) == (
        "Numbers on door",
        "Test Clerk",
        NumberingCaseStatus.OPEN,
    )
    with pytest.raises(Conflict) as twice:
        _observe(desk, clerk, numbered, date(2026, 11, 3))
    assert twice.value.message == (
        "A case for 111 Broad St N is already open (observed Mon Nov 2, 2026)."
    )
    with pytest.raises(Conflict) as unserved:
        _refer(desk, clerk, case_id, date(2026, 11, 30))
    assert unserved.value.message == "Only a case whose notice has been served can be referred."
    with pytest.raises(InvalidInput) as no_manner:
        _serve(desk, clerk, case_id, date(2026, 11, 30), manner=" ")
    assert no_manner.value.field == "manner"
    with pytest.raises(NotFound):
        _serve(desk, clerk, 99_999, date(2026, 11, 30))


def test_compliance_closes_the_case_and_a_withdrawal_needs_a_reason(
    desk: Desk, admin: SignedIn, numbered: int
) -> None:
    case_id = _observe(desk, admin, numbered, date(2026, 11, 2))
    with pytest.raises(InvalidInput) as before_observed, desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 11, 1))
    assert before_observed.value.field == "closed_on"
    with pytest.raises(InvalidInput) as no_reason, desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 11, 30), withdrawn=True, note=" ")
    assert no_reason.value.field == "close_note"
    with desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 11, 2), note="Numbers posted the same day")
    case = _case(desk, case_id)
    assert (case.status, case.closed_on, case.close_note) == (
        NumberingCaseStatus.COMPLIED,
        date(2026, 11, 2),
        "Numbers posted the same day",
    )
    with pytest.raises(Conflict), desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 11, 30))
    with pytest.raises(Conflict), desk.action(admin) as action:
        cases.serve_notice(action, case_id, served_on=date(2026, 11, 30), manner="posting")
    # A new case may be opened once the last is closed; this one was recorded in error.
    again = _observe(desk, admin, numbered, date(2026, 11, 20))
    with desk.action(admin) as action:
        cases.close_case(action, again, on=date(2026, 11, 30), withdrawn=True, note="Wrong house")
    assert _case(desk, again).status == NumberingCaseStatus.WITHDRAWN
    with desk.database.reading() as session:
        assert cases.cases(session) == []
        assert [c.id for c in cases.cases(session, active_only=False)] == [case_id, again]
        assert [c.id for c in cases.cases_of(session, numbered)] == [case_id, again]


def test_a_retired_address_gets_no_case(desk: Desk, inspector: SignedIn, numbered: int) -> None:
    with desk.action(inspector) as action:
        assignment.retire_address(action, numbered, reason="Demolished")
    with pytest.raises(Conflict):
        _observe(desk, inspector, numbered, date(2026, 11, 30))


# -- the Today tab ------------------------------------------------------------------------------


def _today(desk: Desk, who: SignedIn) -> list[TodayItem]:
    with desk.lookup(who) as action:
        return [i for i in today.gather(action) if i.workflow == "Street Numbers"]


def test_today_lists_a_notice_then_a_referral_each_from_its_first_day(
    desk: Desk, admin: SignedIn, numbered: int, clock: FixedClock
) -> None:
    case_id = _observe(desk, admin, numbered, date(2026, 11, 10))  # notice from Tue Dec 1
    assert _today(desk, admin) == []  # Mon Nov 30: the owner's 20 days are not over
    clock.set(date(2026, 12, 1))
    [notice] = _today(desk, admin)
    assert notice == TodayItem(
        workflow="Street Numbers",
        due=date(2026, 12, 1),
        title="Notice to number 111 Broad St N may be served",
        detail="Numbers missing or improper since Tue Nov 10, 2026; Anna Berg",
        cite=NONCOMPLIANCE_CITE,
        record_type="numbering_case",
        record_id=str(case_id),
    )
    clock.set(date(2026, 12, 3))
    assert [i.urgency(clock.today()) for i in _today(desk, admin)] == ["overdue"]
    _serve(desk, admin, case_id, date(2026, 12, 2))  # referral from Sun Dec 13 (12th + 1)
    assert _today(desk, admin) == []
    clock.set(date(2026, 12, 12))
    assert _today(desk, admin) == []
    clock.set(date(2026, 12, 13))
    [referral] = _today(desk, admin)
    assert (referral.due, referral.title, referral.detail, referral.cite) == (
        date(2026, 12, 13),
        "Refer 111 Broad St N for a forfeiture (§ 1-4)",
        "Notice served Wed Dec 2, 2026 by certified mail; Anna Berg",
        NONCOMPLIANCE_CITE,
    )
    with desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 12, 13), note="Numbers posted")
    assert _today(desk, admin) == []


def test_a_referred_case_leaves_the_today_tab(desk: Desk, admin: SignedIn, numbered: int) -> None:
    case_id = _observe(desk, admin, numbered, date(2026, 10, 19))
    _serve(desk, admin, case_id, date(2026, 11, 10))
    assert [i.title for i in _today(desk, admin)] == [
        "Refer 111 Broad St N for a forfeiture (§ 1-4)"
    ]
    _refer(desk, admin, case_id, date(2026, 11, 30))
    assert _today(desk, admin) == []


# -- the register --------------------------------------------------------------------------------


def test_the_register_is_in_street_order_then_number_and_unit(
    desk: Desk, admin: SignedIn, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    orange = _add_street(desk, admin, name="Orange", direction="", odd_side=N, increases_toward=E)
    _assign(desk, inspector, orange, 101, _parcel(desk, admin, "281-OR"))
    kind = BuildingKind.MULTIPLE_DWELLING
    flats = _parcel(desk, admin, "281-FLATS")
    for unit in ("B", "A"):
        _assign(desk, inspector, broad, 141, flats, unit=unit, building_kind=kind)
    with desk.database.reading() as session:
        assert [addresses.address_text(a) for a in addresses.register(session)] == [
            "110 Broad St N",
            "111 Broad St N",
            "121 Broad St N",
            "130 Broad St N",
            "131 Broad St N",
            "141 Broad St N, A",
            "141 Broad St N, B",
            "101 Orange St",
        ]
        assert [a.number for a in addresses.register(session, street_id=orange)] == [101]
