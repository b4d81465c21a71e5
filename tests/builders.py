"""Records many test files make the same way, each through the service as the window makes it.

A file's own wrapper may fix the details its tests share (an address, a flag); the making itself
lives here once.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from clerk_desk import parties, stations
from clerk_desk.desk import SYSTEM, Action, Desk, SignedIn
from clerk_desk.kinds import MeetingKind, PartyKind, PetitionKind
from clerk_desk.petitions import schedule
from clerk_desk.petitions import service as petitions

IN_PRESCOTT: dict[str, str] = {"city": "Prescott", "state": "WI", "postal_code": "54021"}
"""A party's city, state and ZIP code in Prescott, beside its street."""

Record = TypeVar("Record")


def read_back(
    desk: Desk,
    who: SignedIn,
    model: type[Record],
    service: Callable[..., int],
    *args: Any,
    **kwargs: Any,
) -> Record:
    """Run ``service`` as ``who`` in an action of its own and read back, in that action, the
    record whose id it returned: the record as the service saved it."""
    with desk.action(who) as action:
        record_id = service(action, *args, **kwargs)
        action.session.flush()
        return action.session.get_one(model, record_id)


def party_in(action: Action, name: str, kind: PartyKind = PartyKind.BUSINESS, **fields: Any) -> int:
    """Add a party within ``action``; its id. ``fields`` are the rest of ``PartyData``."""
    return parties.add_party(action, parties.PartyData(kind=kind, name=name, **fields)).id


def party(
    desk: Desk, who: SignedIn, name: str, kind: PartyKind = PartyKind.BUSINESS, **fields: Any
) -> int:
    """Add a party as ``who``, in an action of its own; its id."""
    with desk.action(who) as action:
        return party_in(action, name, kind, **fields)


def meeting(
    desk: Desk,
    who: SignedIn,
    starts_at: datetime,
    place: str = "Council Chambers, Prescott Municipal Building",
    kind: MeetingKind = MeetingKind.REGULAR,
) -> int:
    """Add a Common Council meeting at ``starts_at`` (aware) as ``who``, in an action of its
    own; its id."""
    with desk.action(who) as action:
        return schedule.add_meeting(action, schedule.MeetingData(kind, starts_at, place))


def name_this_station(desk: Desk, name: str) -> None:
    """Name this computer's counter station, as the Administrator does once (issue 19): its
    drawers and receipts then print ``name``."""
    from ui.kit.widgets import station_id

    with desk.action(SYSTEM) as action:
        stations.name_station(action, station_id(), name)


def owner_with_parcel(
    desk: Desk, who: SignedIn, name: str, site: str, parcel: str
) -> tuple[int, int]:
    """A person who owns the parcel ``parcel`` at ``site``: the person's id and the parcel's."""
    with desk.action(who) as action:
        owner = parties.add_party(action, parties.PartyData(PartyKind.PERSON, name, street=site))
        action.session.flush()
        lot = parties.add_parcel(action, parties.ParcelData(parcel, site, owner.id))
        action.session.flush()
        return owner.id, lot.id


def signed_page(text: str) -> bytes:
    """A one-page PDF, as a scanner writes a signed petition."""
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out)
    canvas.drawString(72, 720, text)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def petition(
    desk: Desk,
    who: SignedIn,
    signers: list[tuple[int, int]],
    *,
    street: str = "Orange St",
    kind: PetitionKind = PetitionKind.CURB_AND_GUTTER,
    scans: list[tuple[str, bytes]] | None = None,
) -> int:
    """A petition for ``kind`` on ``street`` from Broad St N to Court St, signed by the owners
    (owner id, parcel id) of ``signers``, received as ``who``; its id."""
    with desk.action(who) as action:
        return petitions.receive_petition(
            action,
            petitions.PetitionData(
                kind,
                street,
                "Broad St N",
                "Court St",
                signers=[petitions.SignerData(*signer) for signer in signers],
            ),
            scans=scans or [],
        )
