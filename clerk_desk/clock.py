"""Where "now" and "today" come from: an injectable clock.

Every deadline, overdue list and receipt time depends on the date, so the core never asks the
operating system for it directly: it is handed a :class:`Clock`. The application passes a
:class:`SystemClock` (the only code in the core that reads the wall clock); tests pass a
:class:`FixedClock` and travel in time with :meth:`FixedClock.advance` and :meth:`FixedClock.set`.

Two notions of time are kept apart on purpose:

* an *instant* (:meth:`Clock.now`) is timezone-aware UTC: it is what the database stores for
  "when was this receipt written", and it compares correctly between counter stations;
* the *City's date* (:meth:`Clock.today`) is the calendar date in Prescott (America/Chicago):
  it is what deadlines count from. At 11:30 p.m. on November 30 in Prescott it is already
  December 1 in UTC, yet a permit applied for then was applied for on November 30.

The time zone database comes from the operating system, or on Windows (which has none that Python
can read) from the ``tzdata`` package, which must then be installed beside the application.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Final, Protocol, runtime_checkable
from zoneinfo import ZoneInfo

__all__ = ["CITY_TIMEZONE", "Clock", "FixedClock", "SystemClock", "city_zone"]

#: Prescott, Wisconsin keeps Central time.
CITY_TIMEZONE: Final = "America/Chicago"

#: A :class:`FixedClock` given only a date stands at noon, City time, on it: far from midnight, so
#: the date cannot slip when a test converts to UTC, and clear of every daylight-saving change.
_NOON: Final = time(12, 0)


def city_zone(tz: str | tzinfo = CITY_TIMEZONE) -> tzinfo:
    """The zone named ``tz`` (an IANA name such as "America/Chicago"), or ``tz`` itself."""
    return ZoneInfo(tz) if isinstance(tz, str) else tz


@runtime_checkable
class Clock(Protocol):
    """A source of the current time. Everything in the core that needs "now" takes one."""

    def now(self) -> datetime:
        """The current instant, timezone-aware, in UTC."""
        ...

    def local_now(self) -> datetime:
        """The current instant in the City's time zone (aware)."""
        ...

    def today(self) -> date:
        """The City's date: the calendar date in Prescott now, from which deadlines count."""
        ...


class _ZonedClock(ABC):
    """What every clock derives from :meth:`now`: the City's local time and date."""

    def __init__(self, tz: str | tzinfo = CITY_TIMEZONE) -> None:
        self.tz: tzinfo = city_zone(tz)

    @abstractmethod
    def now(self) -> datetime:
        """The current instant, aware, in UTC."""

    def local_now(self) -> datetime:
        """The current instant in the City's time zone (aware)."""
        return self.now().astimezone(self.tz)

    def today(self) -> date:
        """The City's date now, not the UTC date (they differ every evening)."""
        return self.local_now().date()


class SystemClock(_ZonedClock):
    """The computer's clock: the only place in the core that reads the wall clock."""

    def now(self) -> datetime:
        """The current instant in UTC, as the operating system reports it."""
        return datetime.now(UTC)

    def __repr__(self) -> str:
        return f"SystemClock(tz={self.tz!s})"


class FixedClock(_ZonedClock):
    """A clock that stands still until told to move: tests travel in time with it.

    ``at`` may be:

    * an aware ``datetime`` — that instant;
    * a naive ``datetime`` — that wall-clock time in the City's zone (tests are written in
      Prescott time: ``datetime(2026, 11, 30, 23, 30)`` is 11:30 p.m. in Prescott);
    * a ``date`` — noon in the City's zone on that day.
    """

    def __init__(self, at: datetime | date, tz: str | tzinfo = CITY_TIMEZONE) -> None:
        super().__init__(tz)
        self._now = self._instant(at)

    def now(self) -> datetime:
        """The instant the clock stands at, in UTC."""
        return self._now

    def set(self, at: datetime | date) -> None:
        """Move the clock to ``at`` (read as for the constructor), forwards or backwards."""
        self._now = self._instant(at)

    def advance(self, *, days: int = 0, hours: int = 0, minutes: int = 0, seconds: int = 0) -> None:
        """Move the clock forward (or back, with negative values).

        ``days`` are calendar days in the City: the local time of day is kept across a
        daylight-saving change, so ``advance(days=1)`` from 11:30 p.m. is 11:30 p.m. the next
        day, never 12:30 a.m. the day after. ``hours``, ``minutes`` and ``seconds`` are elapsed
        time, as a stopwatch counts it.
        """
        local = self._now.astimezone(self.tz)
        if days:
            wall = local.replace(tzinfo=None) + timedelta(days=days)
            local = wall.replace(tzinfo=self.tz)
        moved = local.astimezone(UTC) + timedelta(hours=hours, minutes=minutes, seconds=seconds)
        self._now = moved

    def _instant(self, at: datetime | date) -> datetime:
        if isinstance(at, datetime):
            local = at if at.tzinfo is not None else at.replace(tzinfo=self.tz)
        elif isinstance(at, date):
            local = datetime.combine(at, _NOON, tzinfo=self.tz)
        else:
            raise TypeError(f"FixedClock needs a datetime or a date, not {type(at).__name__}")
        return local.astimezone(UTC)

    def __repr__(self) -> str:
        return f"FixedClock({self.local_now().isoformat()!r}, tz={self.tz!s})"
