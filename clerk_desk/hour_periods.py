"""Periods in hours, counted as Wis. Stat. § 990.001(4)(a) counts them.

"When any such time is expressed in hours the whole of Sunday and of any legal holiday, from
midnight to midnight, shall be excluded." A wall clock counts 47 hours from 9:00 a.m. Saturday to
8:00 a.m. Monday; the statute counts 23 (Saturday's 15 and Monday's 8), so a notice given then
for work at that hour is one hour short of § 506-7's 24.

Every period in hours in Chapter 506 is counted here, through the City's one calendar
(:meth:`clerk_desk.deadlines.CityCalendar.add_hours` and its twins):

* § 506-7: the notice 24 hours before work begins, 4 hours before backfilling, and 12 hours
  before a loss of utility service;
* § 506-8: the 24 hours to remove an obstruction after the written notice;
* § 506-9: the City's removal 24 hours after the Council's notice;
* § 506-11: the 24 hours after a snowfall to clear a sidewalk, and the one hour to remove snow
  put on a street.

How it is read, for the City Attorney:

* A day is excluded from midnight to midnight in the City's time zone (America/Chicago), the
  time the clerk and the person notified read on their clocks. Daylight saving time changes on a
  Sunday in the United States, so an excluded day absorbs the 23- or 25-hour day and a counted
  day is always 24 hours: the period lands on the same clock time either side of a change.
* "Legal holiday" is a § 995.20 holiday, as for calendar-day periods; when the Clerk's settings
  say legal holidays do not extend deadlines (``legal_holidays_extend_deadlines``), only Sundays
  are excluded. A day City Hall closes that is neither (a Saturday, December 24) is counted: the
  statute excludes only Sundays and legal holidays.
* A period that runs out exactly at midnight before an excluded day ends at that midnight: the
  hours the statute requires have all been counted. (The person is not short of any hour.)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import TYPE_CHECKING, Final

from clerk_desk.clock import city_zone
from clerk_desk.words import clock_time, format_day, plural

if TYPE_CHECKING:
    from clerk_desk.deadlines import CityCalendar

__all__ = ["HOURS_CITE", "HourPeriod", "add_hours", "counted_hours", "explain_add_hours"]

HOURS_CITE: Final = "Wis. Stat. § 990.001(4)(a)"

# No run of Sundays and legal holidays is longer than a few days; a calendar in which every day
# were excluded would loop forever.
_SEARCH_LIMIT_DAYS: Final = 3653


@dataclass(frozen=True, slots=True)
class HourPeriod:
    """A period of ``hours`` from ``start`` that ends at ``end`` (both aware, in the City's
    zone), with the whole days not counted and plain-English lines of how it was reached."""

    start: datetime
    hours: int
    end: datetime
    skipped: tuple[tuple[date, str], ...]
    explanation: tuple[str, ...]
    cite: str = HOURS_CITE

    @property
    def elapsed(self) -> timedelta:
        """The time that passes from start to end (more than ``hours`` when a Sunday or legal
        holiday fell between; an hour more or less across a change of the clocks)."""
        # In UTC: Python subtracts two times of one zone as the wall clock reads them.
        return self.end.astimezone(UTC) - self.start.astimezone(UTC)

    def __str__(self) -> str:
        return " ".join(self.explanation)


def _midnight(day: date, zone: tzinfo) -> datetime:
    return datetime.combine(day, time(0), tzinfo=zone)


def _walk(
    calendar: CityCalendar, start: datetime, hours: int, zone: tzinfo
) -> tuple[datetime, list[tuple[date, str]]]:
    if isinstance(hours, bool) or not isinstance(hours, int) or hours < 0:
        raise ValueError(f"a period in hours must be a whole number of hours, not {hours!r}")
    if start.tzinfo is None:
        raise ValueError("a period in hours starts at an instant with its time zone")
    remaining = timedelta(hours=hours)
    cursor = start.astimezone(zone)
    if not remaining:
        return cursor, []
    day = cursor.date()
    skipped: list[tuple[date, str]] = []
    for _ in range(_SEARCH_LIMIT_DAYS):
        next_midnight = _midnight(day + timedelta(days=1), zone)
        reason = calendar.statute_excludes(day)
        if reason is not None:
            skipped.append((day, reason))
        else:
            # Aware arithmetic in UTC: the real time left in the day, whatever its length.
            left = next_midnight.astimezone(UTC) - cursor.astimezone(UTC)
            if remaining <= left:
                return (cursor.astimezone(UTC) + remaining).astimezone(zone), skipped
            remaining -= left
        cursor, day = next_midnight, day + timedelta(days=1)
    raise ValueError(f"no day within ten years of {start.date()} counts toward a period in hours")


def add_hours(
    calendar: CityCalendar, start: datetime, hours: int, *, zone: tzinfo | None = None
) -> datetime:
    """The instant ``hours`` counted hours after ``start``: Sundays and legal holidays, midnight
    to midnight in the City's zone, are not counted. The result is in the City's zone."""
    return _walk(calendar, start, hours, zone or city_zone())[0]


def counted_hours(
    calendar: CityCalendar, start: datetime, end: datetime, *, zone: tzinfo | None = None
) -> timedelta:
    """The time from ``start`` to ``end`` that counts toward a period in hours (negative when
    ``end`` comes first): what a notice "at least 24 hours before" is measured by."""
    zone = zone or city_zone()
    if end < start:
        return -counted_hours(calendar, end, start, zone=zone)
    total = timedelta()
    cursor = start.astimezone(zone)
    day = cursor.date()
    last = end.astimezone(zone)
    while cursor.astimezone(UTC) < last.astimezone(UTC):
        next_midnight = _midnight(day + timedelta(days=1), zone)
        stop = min(next_midnight.astimezone(UTC), last.astimezone(UTC))
        if calendar.statute_excludes(day) is None:
            total += stop - cursor.astimezone(UTC)
        cursor, day = next_midnight, day + timedelta(days=1)
    return total


def _moment(instant: datetime) -> str:
    if instant.time() == time(0):
        return f"midnight at the start of {format_day(instant.date())}"
    return f"{clock_time(instant, dotted=True)} on {format_day(instant.date())}"


def explain_add_hours(
    calendar: CityCalendar, start: datetime, hours: int, *, zone: tzinfo | None = None
) -> HourPeriod:
    """:func:`add_hours` with its working, for a screen or a letter."""
    zone = zone or city_zone()
    local = start.astimezone(zone)
    end, skipped = _walk(calendar, local, hours, zone)
    lines = [f"{plural(hours, 'hour')} from {_moment(local)}."]
    if skipped:
        days = "; ".join(f"{format_day(day)} ({reason})" for day, reason in skipped)
        lines.append(
            f"Not counted, as {HOURS_CITE} requires for a period in hours: the whole of {days}."
        )
    lines.append(f"The {plural(hours, 'hour')} run out at {_moment(end)}.")
    return HourPeriod(local, hours, end, tuple(skipped), tuple(lines))
