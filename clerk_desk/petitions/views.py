"""Read-only views of the petitions register for the Petitions tab (§ 506-14).

They sit beside :mod:`clerk_desk.petitions.service` so that the screens ask the core one question
each (how many items each meeting's agenda holds, which owners and parcels match what the clerk
typed, which program years the register has, when the Council next meets) instead of running
queries of their own. Nothing here writes.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, tzinfo

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerk_desk.deadlines import CityCalendar
from clerk_desk.kinds import PetitionStatus
from clerk_desk.models import CouncilMeeting, Parcel, Party, Petition
from clerk_desk.parties import search_parcels, search_parties

OWNER_CHOICES_LIMIT = 100
REGULAR_MEETING_TIME = time(18, 0)
"""The Common Council meets on the second and fourth Mondays at 6:00 p.m."""
_SECOND_AND_FOURTH = (2, 4)


def agenda_counts(session: Session) -> dict[int, int]:
    """How many petitions each meeting's agenda holds now, by meeting id (absent: none)."""
    rows = session.execute(
        select(Petition.meeting_id, func.count(Petition.id))
        .where(Petition.status == PetitionStatus.ON_AGENDA, Petition.meeting_id.is_not(None))
        .group_by(Petition.meeting_id)
    ).all()
    return {int(meeting_id or 0): int(count) for meeting_id, count in rows}


def program_years(session: Session) -> list[int]:
    """The program years the register holds, latest first (the tab's filter offers them)."""
    return list(
        session.scalars(
            select(Petition.program_year).distinct().order_by(Petition.program_year.desc())
        )
    )


def owner_choices(
    session: Session, text: str, *, limit: int = OWNER_CHOICES_LIMIT
) -> list[tuple[Party, Parcel | None]]:
    """Who may be named as a petitioner for what the clerk typed: each parcel whose number,
    site address or owner's name matches, with its owner, then each matching party that owns
    none of those parcels, without a parcel. Parcels with no owner are left out: a petition is
    signed by property owners (§ 506-14)."""
    choices: list[tuple[Party, Parcel | None]] = []
    with_parcel: set[int] = set()
    for parcel in search_parcels(session, text, limit=limit):
        if parcel.owner is not None and parcel.owner.active:
            choices.append((parcel.owner, parcel))
            with_parcel.add(parcel.owner.id)
    for party in search_parties(session, text, limit=limit):
        if party.id not in with_parcel:
            choices.append((party, None))
    choices.sort(key=lambda pair: (pair[0].name.casefold(), pair[1] is None, _number(pair[1])))
    return choices[:limit]


def _number(parcel: Parcel | None) -> str:
    return parcel.parcel_number if parcel is not None else ""


def regular_meeting_days(year: int, month: int, calendar: CityCalendar) -> list[date]:
    """The Council's regular meeting days of a month: the second and fourth Mondays, or the
    Tuesday after when City Hall is closed that Monday (a Monday holiday)."""
    first = date(year, month, 1)
    first_monday = first + timedelta(days=(7 - first.weekday()) % 7)
    days = []
    for nth in _SECOND_AND_FOURTH:
        monday = first_monday + timedelta(weeks=nth - 1)
        days.append(monday if calendar.is_open(monday) else monday + timedelta(days=1))
    return days


def next_regular_meeting(
    session: Session, on_or_after: date, calendar: CityCalendar, zone: tzinfo
) -> datetime:
    """When the next regular meeting not yet in the list takes place, on or after the day given:
    the form for a new meeting starts from it. ``zone`` is the City's time zone."""
    since = datetime.combine(on_or_after, time(0), tzinfo=zone).astimezone(UTC)
    taken = {
        starts_at.astimezone(zone).date()
        for starts_at in session.scalars(
            select(CouncilMeeting.starts_at).where(
                CouncilMeeting.cancelled_on.is_(None), CouncilMeeting.starts_at >= since
            )
        )
    }
    year, month = on_or_after.year, on_or_after.month
    for _ in range(24):
        for day in regular_meeting_days(year, month, calendar):
            if day >= on_or_after and day not in taken:
                return datetime.combine(day, REGULAR_MEETING_TIME, tzinfo=zone)
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return datetime.combine(on_or_after, REGULAR_MEETING_TIME, tzinfo=zone)
