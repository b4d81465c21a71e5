"""Street numbers (§ 506-16): the numbering map's streets, and the number suggested at both
ends of a street, between neighbours and on an empty street's grid."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from sqlalchemy import select
from street_numbers_steps import (  # type: ignore[import-not-found]
    CONTINUITY_CITE,
    DISPLAY_CITE,
    E,
    N,
    S,
    W,
    _add_street,
    _address_id,
    _assign,
    _check,
    _get_street,
    _parcel,
    _searched,
)
from street_numbers_steps import block as block
from street_numbers_steps import broad as broad
from street_numbers_steps import numbered as numbered
from street_numbers_steps import orange as orange

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import Compass
from clerk_desk.models import AuditEvent, Street
from clerk_desk.street_numbers import assignment, checking, streets
from clerk_desk.street_numbers.checking import Proposal
from clerk_desk.street_numbers.streets import StreetData


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
