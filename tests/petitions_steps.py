"""Steps the petitions tests share (tests/test_petitions_*.py): three owners on Orange St,
a petition's data, received, refused, placed on an agenda and acted on, a Council meeting, what
the database holds and the history and audit trail say.

The Council meets on the second and fourth Mondays around the fixed "today", Monday, November 30,
2026 at 10:00 a.m. (the ``clock`` fixture)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import builders  # type: ignore[import-not-found]
import pytest
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from clerk_desk import parties
from clerk_desk.deadlines import default_calendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import MeetingKind, PartyKind, PetitionKind
from clerk_desk.models import AuditEvent, Petition, PetitionSigner
from clerk_desk.petitions import schedule
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.service import CouncilAction, PetitionData, SignerData

#: City Hall's calendar as first installed, before the Clerk changes any day.
CALENDAR = default_calendar()

CITE = "§ 506-14"
CHICAGO = ZoneInfo("America/Chicago")
CHAMBERS = "Council Chambers, Prescott Municipal Building"

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def _in_chicago(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=CHICAGO)


@pytest.fixture
def owners(desk: Desk, admin: SignedIn) -> list[SignerData]:
    """Three owners on Orange St, each with a parcel; names a clerk must find without accents."""
    signers = []
    with desk.action(admin) as action:
        for lot, (name, house) in enumerate(
            (("Anna Berg", 412), ("Zoë Nguyễn", 416), ("Lars Olson", 420)), start=1
        ):
            party = parties.add_party(
                action,
                parties.PartyData(kind=PartyKind.PERSON, name=name, street=f"{house} Orange St"),
            )
            parcel = parties.add_parcel(
                action,
                parties.ParcelData(
                    parcel_number=f"281-03{lot:03d}-0000",
                    site_address=f"{house} Orange St",
                    owner_id=party.id,
                ),
            )
            signers.append(SignerData(party_id=party.id, parcel_id=parcel.id))
    return signers


def _data(owners: list[SignerData], **changes: Any) -> PetitionData:
    data = PetitionData(
        kind=PetitionKind.RESURFACING,
        street="Orange St",
        limits_from="Broad St N",
        limits_to="Court St",
        description="Mill and overlay; the pavement is broken up.",
        signers=tuple(owners),
    )
    return dataclasses.replace(data, **changes)


def _receive(
    desk: Desk, who: SignedIn, data: PetitionData, scans: tuple[tuple[str, bytes], ...] = ()
) -> Petition:
    return _get(desk, _do(desk, who, petitions.receive_petition, data, scans=scans))


def _refused(
    desk: Desk,
    who: SignedIn,
    service: Callable[..., object],
    *args: Any,
    error: type[Exception] = InvalidInput,
    **kwargs: Any,
) -> Any:
    """Run a service in an action that must fail; return the error."""
    with pytest.raises(error) as refused, desk.action(who) as action:
        service(action, *args, **kwargs)
    return refused.value


def _do(desk: Desk, who: SignedIn, service: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    with desk.action(who) as action:
        return service(action, *args, **kwargs)


def _get(desk: Desk, petition_id: int) -> Petition:
    with desk.database.reading() as session:
        petition = session.scalars(
            select(Petition)
            .where(Petition.id == petition_id)
            .options(
                selectinload(Petition.signers).selectinload(PetitionSigner.party),
                selectinload(Petition.signers).selectinload(PetitionSigner.parcel),
                selectinload(Petition.scans),
                selectinload(Petition.meeting),
            )
        ).one()
        session.expunge_all()
        return petition


def _history(desk: Desk, petition_id: int) -> list[tuple[str, str, str]]:
    with desk.database.reading() as session:
        return [(e.what, e.detail, e.reason) for e in petitions.history(session, petition_id)]


def _audit(desk: Desk, action: str) -> list[AuditEvent]:
    with desk.database.reading() as session:
        events = list(
            session.scalars(
                select(AuditEvent).where(AuditEvent.action == action).order_by(AuditEvent.id)
            )
        )
        session.expunge_all()
        return events


def _meeting(
    desk: Desk, who: SignedIn, at: datetime, kind: MeetingKind = MeetingKind.REGULAR
) -> int:
    """A meeting at ``at``, naive times being Prescott's."""
    starts = at if at.tzinfo is not None else at.replace(tzinfo=CHICAGO)
    return int(builders.meeting(desk, who, starts, CHAMBERS, kind))


def _place(desk: Desk, who: SignedIn, petition_id: int, meeting_id: int) -> Petition:
    return _get(desk, _do(desk, who, petitions.place_on_agenda, petition_id, meeting_id))


def _act(
    desk: Desk, who: SignedIn, petition_id: int, outcome: CouncilAction, meeting_id: int, **kw: Any
) -> Petition:
    acted = _do(
        desk,
        who,
        petitions.record_council_action,
        petition_id,
        outcome=outcome,
        meeting_id=meeting_id,
        **kw,
    )
    return _get(desk, acted)


def _act_refused(
    desk: Desk, who: SignedIn, petition_id: int, outcome: CouncilAction, meeting_id: int, **kw: Any
) -> Any:
    return _refused(
        desk,
        who,
        petitions.record_council_action,
        petition_id,
        outcome=outcome,
        meeting_id=meeting_id,
        **kw,
    )


def _packet_built(desk: Desk, who: SignedIn, meeting_id: int) -> None:
    _do(desk, who, schedule.record_packet_built, meeting_id, pages=12, as_of=desk.clock.now())


DEC_14 = datetime(2026, 12, 14, 18, 0)
DEC_28 = datetime(2026, 12, 28, 18, 0)
AFTER_DEC_14 = datetime(2026, 12, 15, 9, 0)
