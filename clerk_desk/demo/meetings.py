"""The Common Council's meetings as the demo makes them: on which days its regular meetings
fall, and a regular meeting on one of them, at 6:00 p.m. in the City's meeting place. The
petitions, the sidewalk cafes and the sidewalk repair orders all put their Council steps on
these meetings, so that the demo's Council meets on one set of days."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, tzinfo

from sqlalchemy.orm import Session

from clerk_desk import settings_store
from clerk_desk.deadlines import CityCalendar
from clerk_desk.kinds import MeetingKind
from clerk_desk.petitions.schedule import MeetingData

MEETING_TIME = time(18, 0)
"""The Council meets at 6:00 p.m."""


def meeting_days(first: date, last: date, calendar: CityCalendar) -> list[date]:
    """The Council's regular meeting days from ``first`` to ``last``: the second and fourth
    Mondays, or the Tuesday after when the Monday is a holiday."""
    days: list[date] = []
    month = date(first.year, first.month, 1)
    while month <= last:
        monday = month + timedelta(days=(0 - month.weekday()) % 7)
        for week in (1, 3):  # the second and fourth Mondays
            day = monday + timedelta(weeks=week)
            if calendar.legal_holiday(day) or not calendar.is_open(day):
                day += timedelta(days=1)
            if first <= day <= last:
                days.append(day)
        month = date(month.year + month.month // 12, month.month % 12 + 1, 1)
    return days


def meeting_place(session: Session) -> str:
    """Where the Council meets, as the City's settings say."""
    return settings_store.city_profile(session).council_meeting_place


def regular_meeting(day: date, zone: tzinfo | None, place: str) -> MeetingData:
    """A regular meeting on ``day`` at 6:00 p.m., City time, at ``place``."""
    return MeetingData(MeetingKind.REGULAR, datetime.combine(day, MEETING_TIME, zone), place)
