"""Street numbers (§ 506-16) assigned: the checks that refuse a number or warn, who assigns and
records, two stations at once, and altering and retiring a number with its history."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from sqlalchemy import select
from street_numbers_steps import (  # type: ignore[import-not-found]
    CONTINUITY_CITE,
    DISPLAY_CITE,
    NONCOMPLIANCE_CITE,
    E,
    N,
    _address_id,
    _assign,
    _assignment,
    _check,
    _observe,
    _parcel,
    _refer,
    _searched,
    _serve,
)
from street_numbers_steps import block as block
from street_numbers_steps import broad as broad
from street_numbers_steps import numbered as numbered

from clerk_desk import parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.kinds import AddressStatus, BuildingKind, PartyKind, Role
from clerk_desk.models import Address, AuditEvent
from clerk_desk.parties import ParcelData, PartyData
from clerk_desk.street_numbers import addresses, assignment, cases
from clerk_desk.street_numbers.assignment import AddressEdit, AssignmentData
from clerk_desk.street_numbers.checking import Proposal

ASSIGN_CITE = "§ 506-16 (Buildings to have street numbers)"


ALTER_CITE = "§ 506-16 (Altering numbers)"


INSPECTOR_NAME = "Test Building Inspector / Public Works"


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
