"""The Common Council's meetings (§ 506-14: petitions go on its agenda; cafes, vending appeals
and sidewalk appeals are decided at its meetings): adding one, changing it, listing them, and
noting its agenda packet built.

Cancelling a meeting sends the petitions on its agenda back to waiting, so it is a step of the
petitions and lives in :mod:`clerk_desk.petitions.service`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.kinds import MeetingKind, PetitionStatus
from clerk_desk.models import AuditEvent, CouncilMeeting, Petition, PetitionEvent
from clerk_desk.petitions import acts
from clerk_desk.validation import fits
from clerk_desk.words import format_day


@dataclass(frozen=True, slots=True)
class MeetingData:
    kind: MeetingKind
    starts_at: datetime  # aware; the window gives it in the City's time
    place: str
    notes: str = ""


def _clean_meeting(data: MeetingData) -> dict[str, object]:
    if data.starts_at.tzinfo is None:
        raise ValueError("a meeting's time must be timezone-aware")
    place = " ".join(data.place.split())
    if not place:
        raise InvalidInput("Enter where the Council meets.", field="place")
    return {
        "kind": MeetingKind(data.kind),
        "starts_at": data.starts_at.astimezone(UTC),
        "place": fits(CouncilMeeting.place, place, "The place"),
        "notes": data.notes.strip(),
    }


def add_meeting(action: Action, data: MeetingData) -> int:
    """Add a Common Council meeting to the list; its id."""
    acts.allow_new(action, acts.RegisterAct.NEW_MEETING)
    meeting = CouncilMeeting(**_clean_meeting(data), created_at=action.now())
    action.session.add(meeting)
    action.audit(
        "meeting.create",
        meeting,
        f"{MeetingKind(meeting.kind).label} of {meeting_day(action, meeting)} added",
        after=snapshot(meeting),
    )
    return meeting.id


def update_meeting(action: Action, meeting_id: int, data: MeetingData) -> int:
    """Change a meeting's day, time or place (not once it is cancelled); its id."""
    meeting = get_meeting(action.session, meeting_id, lock=True)
    acts.allow_meeting(action, acts.MeetingAct.EDIT, meeting)
    before, old_start = snapshot(meeting), meeting.starts_at
    for key, value in _clean_meeting(data).items():
        setattr(meeting, key, value)
    if meeting.starts_at != old_start:
        meeting.packet_built_at = None  # a packet with the old date must be built again
    action.audit(
        "meeting.update",
        meeting,
        f"Meeting of {meeting_day(action, meeting)} changed",
        before=before,
        after=snapshot(meeting),
    )
    return meeting.id


def get_meeting(session: Session, meeting_id: int, *, lock: bool = False) -> CouncilMeeting:
    """The meeting; with ``lock``, read afresh under a row lock held until the action ends.

    What changes an agenda locks its meeting first, then the petitions (by number): a petition
    placed on a meeting while another station cancels it waits, and sees it cancelled."""
    meeting = session.get(CouncilMeeting, meeting_id, with_for_update=lock, populate_existing=lock)
    if meeting is None:
        raise NotFound(f"There is no meeting number {meeting_id}.")
    return meeting


def meeting_day(action: Action, meeting: CouncilMeeting) -> str:
    return format_day(local_time(action, meeting.starts_at).date())


def local_time(action: Action, instant: datetime) -> datetime:
    """An instant in the City's time zone."""
    return instant.astimezone(action.clock.local_now().tzinfo)


def meetings(
    session: Session, *, since: datetime | None = None, include_cancelled: bool = False
) -> list[CouncilMeeting]:
    """Meetings in date order, from ``since`` if given."""
    query = select(CouncilMeeting).order_by(CouncilMeeting.starts_at)
    if since is not None:
        query = query.where(CouncilMeeting.starts_at >= since)
    if not include_cancelled:
        query = query.where(CouncilMeeting.cancelled_on.is_(None))
    return list(session.scalars(query))


def record_packet_built(action: Action, meeting_id: int, *, pages: int, as_of: datetime) -> None:
    """Note that the agenda packet for the meeting was built (the Today tab shows it).

    ``as_of`` is the moment the build read the agenda. A packet is built in the background
    while the counter goes on working: if since then a petition on that agenda changed, was
    placed on it or left it (moved, withdrawn, decided, the meeting cancelled), or the meeting's
    date, time or place changed, the packet no longer matches and is not marked built
    (:class:`~clerk_desk.errors.Conflict`): build it again.
    """
    if as_of.tzinfo is None:
        raise ValueError("as_of must be timezone-aware")
    meeting = get_meeting(action.session, meeting_id, lock=True)
    acts.allow_meeting(action, acts.MeetingAct.BUILD_PACKET, meeting)
    if agenda_changed_since(action.session, meeting.id, as_of):
        raise Conflict(
            f"The agenda of the meeting of {meeting_day(action, meeting)} changed while its "
            "packet was built, so that packet is out of date and was not marked built. Build "
            "the packet again."
        )
    meeting.packet_built_at, meeting.packet_pages = action.now(), pages
    action.audit(
        "meeting.packet",
        meeting,
        f"Agenda packet of {pages} pages built for {meeting_day(action, meeting)}",
    )


def agenda_changed_since(session: Session, meeting_id: int, as_of: datetime) -> bool:
    """Whether, after ``as_of``, a petition on the meeting's agenda changed, one was placed on
    it or left it, or the meeting itself changed.

    Every step of a petition is a :class:`PetitionEvent`; a step that takes a petition off an
    agenda (moved, withdrawn, decided, the meeting cancelled) names that meeting, so it is found
    even though the petition is no longer there.
    """
    on_agenda = select(Petition.id).where(
        Petition.meeting_id == meeting_id, Petition.status == PetitionStatus.ON_AGENDA
    )
    step = session.scalar(
        select(PetitionEvent.id)
        .where(
            PetitionEvent.at > as_of,
            or_(
                PetitionEvent.meeting_id == meeting_id,
                PetitionEvent.petition_id.in_(on_agenda),
            ),
        )
        .limit(1)
    )
    if step is not None:
        return True
    changed = session.scalar(
        select(AuditEvent.id)
        .where(
            AuditEvent.at > as_of,
            AuditEvent.record_type == CouncilMeeting.__tablename__,
            AuditEvent.record_id == str(meeting_id),
            AuditEvent.action.in_(("meeting.update", "meeting.cancel")),
        )
        .limit(1)
    )
    return changed is not None
