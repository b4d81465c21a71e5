"""Records many test files make the same way, each through the service as the window makes it.

A file's own wrapper may fix the details its tests share (an address, a flag); the making itself
lives here once.
"""

from __future__ import annotations

from typing import Any

from clerk_desk import parties
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import PartyKind

IN_PRESCOTT: dict[str, str] = {"city": "Prescott", "state": "WI", "postal_code": "54021"}
"""A party's city, state and ZIP code in Prescott, beside its street."""


def party_in(action: Action, name: str, kind: PartyKind = PartyKind.BUSINESS, **fields: Any) -> int:
    """Add a party within ``action``; its id. ``fields`` are the rest of ``PartyData``."""
    return parties.add_party(action, parties.PartyData(kind=kind, name=name, **fields)).id


def party(
    desk: Desk, who: SignedIn, name: str, kind: PartyKind = PartyKind.BUSINESS, **fields: Any
) -> int:
    """Add a party as ``who``, in an action of its own; its id."""
    with desk.action(who) as action:
        return party_in(action, name, kind, **fields)
