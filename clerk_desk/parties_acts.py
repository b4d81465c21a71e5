"""The acts on the register of People & Parcels, and why each is refused now.

Each act the People & Parcels tab offers is a :class:`RegisterAct` (a new party, a new parcel),
a :class:`PartyAct` (change a party, make it inactive, reactivate it) or a :class:`ParcelAct`.
Its rule is written here once: the permission it needs and a guard of the record as saved. The
services of :mod:`clerk_desk.parties` call :func:`allow_new`, :func:`allow_party` or
:func:`allow_parcel` before they change anything, which raise the refusal; the window calls
:func:`register_acts`, :func:`party_acts` or :func:`parcel_acts`, which report the same
refusals' words, so that a button is enabled (or a form writable), or explains why not, by the
very rule the service enforces.

What the clerk types (a ZIP code, a duplicate parcel number, the public utility flag, which
only those who manage bonds may set) is checked by the service after the act is allowed, and
said under the field.

This module and :mod:`clerk_desk.parties` import each other as modules: the services call the
``allow_*`` functions, and the ``*_acts`` functions read the record with the service's getters;
neither reaches into the other while it is being imported.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from clerk_desk import parties
from clerk_desk.acting import as_words, permission_refusal, refuse
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict
from clerk_desk.models import Parcel, Party
from clerk_desk.permissions import Permission

KEEP = Permission.EDIT_PARTIES
"""Every act on the register needs this one permission; the records' state refuses the rest."""


class RegisterAct(enum.Enum):
    """An act on the register itself; the value is how the tab's button names it."""

    NEW_PARTY = "New party…"
    NEW_PARCEL = "New parcel…"


class PartyAct(enum.Enum):
    """An act on one party; the value is how its button names it."""

    EDIT = "Save changes"
    MAKE_INACTIVE = "Make inactive"
    REACTIVATE = "Reactivate"


class ParcelAct(enum.Enum):
    """An act on one parcel."""

    EDIT = "Save changes"


# -- one guard per act on a party ----------------------------------------------------------------


def _any(party: Party) -> ClerkDeskError | None:
    """A party's details may be changed whether it is active or not."""
    return None


def _active(party: Party) -> ClerkDeskError | None:
    """Only an active party is made inactive."""
    return None if party.active else Conflict(f"{party.name} is already inactive.")


def _inactive(party: Party) -> ClerkDeskError | None:
    """Only an inactive party is reactivated."""
    return Conflict(f"{party.name} is active.") if party.active else None


PARTY_GUARDS: dict[PartyAct, Callable[[Party], ClerkDeskError | None]] = {
    PartyAct.EDIT: _any,
    PartyAct.MAKE_INACTIVE: _active,
    PartyAct.REACTIVATE: _inactive,
}
"""Every party act's guard, once: :func:`allow_party` enforces it, :func:`party_acts` reports
it."""


def party_refusal(action: Action, act: PartyAct, party: Party) -> ClerkDeskError | None:
    """Why ``act`` on ``party`` is refused now (the permission first, then the party), or
    None."""
    return permission_refusal(action, KEEP) or PARTY_GUARDS[act](party)


def allow_new(action: Action, act: RegisterAct) -> None:
    """What :func:`~clerk_desk.parties.add_party` and ``add_parcel`` do first."""
    refuse(permission_refusal(action, KEEP))


def allow_party(action: Action, act: PartyAct, party: Party) -> None:
    """What a party's service does before it changes ``party``: raise the refusal, if any."""
    refuse(party_refusal(action, act, party))


def allow_parcel(action: Action, act: ParcelAct, parcel: Parcel) -> None:
    """What a parcel's service does before it changes ``parcel``: any parcel may be changed by
    those who keep the register."""
    refuse(permission_refusal(action, KEEP))


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    """For each act on the register, None when the operator may do it now, else the refusal
    in the clerk's words."""
    return as_words({act: permission_refusal(action, KEEP) for act in RegisterAct})


def party_acts(action: Action, party_id: int) -> dict[PartyAct, str | None]:
    """For each act on the party, None when the operator may do it now, else the refusal in
    the clerk's words: what the tab enables its buttons, and the form its fields, by."""
    party = parties.get_party(action.session, party_id)
    return as_words({act: party_refusal(action, act, party) for act in PartyAct})


def parcel_acts(action: Action, parcel_id: int) -> dict[ParcelAct, str | None]:
    """For each act on the parcel, None when the operator may do it now, else the refusal."""
    parties.get_parcel(action.session, parcel_id)  # a parcel that is not there is refused
    return as_words({act: permission_refusal(action, KEEP) for act in ParcelAct})
