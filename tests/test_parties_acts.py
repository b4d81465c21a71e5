"""The acts on People & Parcels say what the services do.

A party is walked from active to inactive and back, and a parcel beside it. At each step, for
every role, every act is asked of :func:`party_acts` (or ``register_acts``, ``parcel_acts``) and
then really done through its service and undone: where the service refuses, the acts give
exactly its refusal's words; where it acts, None. The People & Parcels tab shows these on its
buttons and forms (their tooltips and banners carry the refusal).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from clerk_desk import parties
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import ClerkDeskError
from clerk_desk.kinds import PartyKind, Role
from clerk_desk.parties import ParcelData, PartyData
from clerk_desk.parties_acts import (
    ParcelAct,
    PartyAct,
    RegisterAct,
    parcel_acts,
    party_acts,
    register_acts,
)

Attempt = Callable[[Action], object]
NILS = PartyData(PartyKind.PERSON, "Nils Weber", street="9 Lake St")


class _Undo(Exception):
    """Raised inside the action once the service has acted: nothing is kept."""


def _outcome(desk: Desk, who: SignedIn, attempt: Attempt) -> str | None:
    """Do the act through its service, then undo it: None when it acted, else its refusal."""
    try:
        with desk.action(who) as action:
            attempt(action)
            action.session.flush()
            raise _Undo
    except _Undo:
        return None
    except ClerkDeskError as error:
        return str(error)


@pytest.fixture
def everyone(operator_with: Callable[[Role], SignedIn]) -> list[SignedIn]:
    return [operator_with(role) for role in Role]


def _party_attempts(party_id: int) -> dict[PartyAct, Attempt]:
    return {
        PartyAct.EDIT: lambda a: parties.update_party(a, party_id, NILS),
        PartyAct.MAKE_INACTIVE: lambda a: parties.set_party_active(a, party_id, False),
        PartyAct.REACTIVATE: lambda a: parties.set_party_active(a, party_id, True),
    }


def _agree(desk: Desk, everyone: list[SignedIn], party_id: int) -> dict[PartyAct, str | None]:
    """Every party act, for every role: the acts say what the service does."""
    said: dict[PartyAct, str | None] = {}
    for who in everyone:
        with desk.lookup(who) as action:
            said = party_acts(action, party_id)
        assert set(said) == set(PartyAct)
        for act, attempt in _party_attempts(party_id).items():
            assert said[act] == _outcome(desk, who, attempt), (who.username, act)
    return said


def test_an_active_party_is_made_inactive_then_reactivated_and_never_twice(
    desk: Desk, admin: SignedIn, everyone: list[SignedIn]
) -> None:
    with desk.action(admin) as action:
        party_id = parties.add_party(action, NILS).id

    active = _agree(desk, everyone, party_id)
    assert active == {
        PartyAct.EDIT: None,
        PartyAct.MAKE_INACTIVE: None,
        PartyAct.REACTIVATE: "Nils Weber is active.",
    }

    with desk.action(admin) as action:
        parties.set_party_active(action, party_id, False)
    inactive = _agree(desk, everyone, party_id)
    assert inactive == {
        PartyAct.EDIT: None,  # an inactive party's address may still be put right
        PartyAct.MAKE_INACTIVE: "Nils Weber is already inactive.",
        PartyAct.REACTIVATE: None,
    }


def test_every_role_may_add_to_the_register_and_change_a_parcel(
    desk: Desk, admin: SignedIn, everyone: list[SignedIn]
) -> None:
    with desk.action(admin) as action:
        owner_id = parties.add_party(action, NILS).id
        parcel_id = parties.add_parcel(action, ParcelData("281-1", "9 Lake St", owner_id)).id
    for number, who in enumerate(everyone):
        with desk.lookup(who) as action:
            new, parcel = register_acts(action), parcel_acts(action, parcel_id)
        done = {
            RegisterAct.NEW_PARTY: _outcome(desk, who, lambda a: parties.add_party(a, NILS)),
            RegisterAct.NEW_PARCEL: _outcome(
                desk, who, lambda a, n=number: parties.add_parcel(a, ParcelData(f"281-9{n}"))
            ),
        }
        assert new == done == dict.fromkeys(RegisterAct)
        changed = _outcome(
            desk,
            who,
            lambda a: parties.update_parcel(a, parcel_id, ParcelData("281-1", "11 Lake St")),
        )
        assert parcel == {ParcelAct.EDIT: changed} == {ParcelAct.EDIT: None}
