"""The Clerk records a street number the Building Inspector assigned, naming the official
(issue 19; § 506-16): as the counter records an official's decision in the other workflows.

At each role's boundary — the Inspector, who assigns; the Clerk and the Deputy Clerk, who keep
the register and record; the Treasurer, who does neither — the register's act says exactly what
the service does, the service is really run, and what it writes names both the official who
assigned the number and the operator who recorded it, in the address's history and in the
audit trail.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from sqlalchemy import select
from street_numbers_steps import _add_street, _assignment, _parcel

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import ClerkDeskError, InvalidInput, PermissionDenied
from clerk_desk.kinds import Role
from clerk_desk.models import AuditEvent
from clerk_desk.street_numbers import acts, addresses, assignment
from clerk_desk.street_numbers.acts import RegisterAct, register_acts

OFFICIAL = "Pat Kowalski, Building Inspector"


@pytest.fixture
def lot(desk: Desk, admin: SignedIn) -> tuple[int, int]:
    """Broad St N and the lot of 111: (street id, parcel id)."""
    return _add_street(desk, admin), _parcel(desk, admin, "281-00111-0000", owner="Anna Berg")


def _record(desk: Desk, who: SignedIn, lot: tuple[int, int], official: str) -> int:
    data = dataclasses.replace(
        _assignment(desk, lot[0], 111, lot[1], position_ft=100), assigned_by=official
    )
    with desk.action(who) as action:
        return assignment.assign_number(action, data)


def _refused(desk: Desk, who: SignedIn, lot: tuple[int, int], official: str) -> ClerkDeskError:
    with pytest.raises(ClerkDeskError) as refused:
        _record(desk, who, lot, official)
    return refused.value


def _register_act(desk: Desk, who: SignedIn) -> str | None:
    with desk.lookup(who) as action:
        return register_acts(action)[RegisterAct.ASSIGN]


def test_the_clerk_records_the_inspectors_number_naming_the_official(
    desk: Desk, operator_with: Callable[[Role], SignedIn], lot: tuple[int, int]
) -> None:
    clerk = operator_with(Role.CLERK)
    assert _register_act(desk, clerk) is None  # the button is on
    refused = _refused(desk, clerk, lot, "  ")  # one under: no official named
    assert isinstance(refused, InvalidInput) and refused.field == "assigned_by"
    assert "Name the Building Inspector who assigned the number" in str(refused)
    assert "§ 506-16" in str(refused)

    address_id = _record(desk, clerk, lot, f"  {OFFICIAL} ")  # at: the official named
    with desk.database.reading() as session:
        address = addresses.get_address(session, address_id)
        assert address.assigned_by_name == OFFICIAL
        assert address.assigned_by_id is None  # not an operator's own assignment
        [change] = addresses.history(session, address_id)
        assert change.operator_name == clerk.full_name
        assert change.reason == f"Assigned by {OFFICIAL}; recorded by {clerk.full_name}."
        [event] = session.scalars(select(AuditEvent).where(AuditEvent.action == "address.assign"))
        assert event.operator_name == clerk.username  # the audit trail names the operator
        assert event.summary == (
            f"111 Broad St N assigned to parcel 281-00111-0000 by {OFFICIAL}, recorded for the "
            "Building Inspector"
        )


def test_the_deputy_clerk_records_too_and_the_treasurer_does_not(
    desk: Desk, operator_with: Callable[[Role], SignedIn], lot: tuple[int, int]
) -> None:
    deputy = operator_with(Role.DEPUTY_CLERK)
    assert _register_act(desk, deputy) is None
    assert isinstance(_refused(desk, deputy, lot, ""), InvalidInput)

    treasurer = operator_with(Role.TREASURER)  # over: keeps no street register
    refusal = _register_act(desk, treasurer)
    assert refusal is not None and "you are signed in as Treasurer" in refusal
    refused = _refused(desk, treasurer, lot, OFFICIAL)
    assert isinstance(refused, PermissionDenied) and str(refused) == refusal

    address_id = _record(desk, deputy, lot, OFFICIAL)
    with desk.database.reading() as session:
        assert addresses.get_address(session, address_id).assigned_by_name == OFFICIAL


def test_the_inspector_assigns_in_their_own_name_or_names_another(
    desk: Desk, operator_with: Callable[[Role], SignedIn], lot: tuple[int, int], admin: SignedIn
) -> None:
    inspector = operator_with(Role.INSPECTOR)
    assert _register_act(desk, inspector) is None
    with desk.lookup(inspector) as action:
        assert not acts.names_the_official(action)
        assert acts.assignment_refusal(action, "") is None
    own = _record(desk, inspector, lot, "")
    with desk.database.reading() as session:
        address = addresses.get_address(session, own)
        assert address.assigned_by_name == inspector.full_name
        assert address.assigned_by_id == inspector.id
        [change] = addresses.history(session, own)
        assert change.reason == ""  # nobody else to name
    with desk.action(inspector) as action:
        assignment.retire_address(action, own, reason="Assigned on the wrong lot")
    again = _record(desk, inspector, lot, inspector.full_name.upper())  # themself, named
    with desk.database.reading() as session:
        assert addresses.get_address(session, again).assigned_by_id == inspector.id


def test_the_register_act_is_the_services_refusal_for_every_role(
    desk: Desk, operator_with: Callable[[Role], SignedIn], lot: tuple[int, int]
) -> None:
    """For each role the button's refusal (or none) is the service's, with the official named;
    and the form names the official exactly for those who record rather than assign."""
    for role in Role:
        who = operator_with(role)
        with desk.lookup(who) as action:
            refusal = register_acts(action)[RegisterAct.ASSIGN]
            names = acts.names_the_official(action)
            found = acts.assignment_refusal(action, OFFICIAL)
        assert refusal == (None if found is None else str(found)), role
        assert names == (role in (Role.CLERK, Role.DEPUTY_CLERK, Role.TREASURER)), role
