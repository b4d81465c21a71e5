"""Reading a day or a time as a clerk types it, or saying plainly why it is not one.

What the clerk types is the record: a day is read whole, never section by section, and an
impossible one ("02/31/2026") is refused in words ("February has 28 days in 2026"), never turned
into another day. The forms of a day City Hall writes are all taken — 9/16/2026, 09/16/2026,
9/16/26, 9-16-2026, 9.16.2026, 2026-09-16, "Sept 16, 2026" and "16 September 2026" — and a day
without its year ("9/16") is this year's. Times: 4:00 p.m., 4 pm, 4:00PM, 16:00, 1600, noon,
midnight. The window's date and time fields show what these functions read, and the core never
sees a value they refused.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, time

from clerk_desk.errors import InvalidInput

MONTHS = tuple(calendar.month_name)[1:]
_MONTH_OF = {name.lower(): n for n, name in enumerate(MONTHS, start=1)}
_MONTH_OF |= {name[:3].lower(): n for n, name in enumerate(MONTHS, start=1)}
_MONTH_OF["sept"] = 9

_NUMERIC = re.compile(r"^(\d{1,2})\s*([/.-])\s*(\d{1,2})(?:\s*\2\s*(\d{2}|\d{4}))?$")
_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_WORDS_MONTH_FIRST = re.compile(r"^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?$")
_WORDS_DAY_FIRST = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?(?:\s+(\d{4}))?$")
_WEEKDAY = re.compile(r"^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+")
_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")

EXAMPLE_DAY = "9/16/2026"
EXAMPLE_TIME = "4:00 p.m."


def read_day(text: str, *, today: date, field: str | None = None) -> date | None:
    """The day ``text`` names, None when nothing is typed; refused (:class:`InvalidInput` for
    ``field``) when it names no day or an impossible one. ``today`` gives the year of a day
    typed without one, and the century of a two-digit year (always 20xx)."""
    typed = " ".join(text.split())
    if not typed:
        return None
    words = typed.lower()
    weekday = _WEEKDAY.match(words)  # "Wednesday, September 16, 2026", as the field shows it
    if weekday:
        words = words[weekday.end() :]
    day = _read(words, typed, today, field)
    if weekday and _WEEKDAYS.index(weekday.group(1)) != day.weekday():
        raise InvalidInput(
            f"“{typed}”: {MONTHS[day.month - 1]} {day.day}, {day.year} is a "
            f"{calendar.day_name[day.weekday()]}.",
            field=field,
        )
    return day


def _read(words: str, typed: str, today: date, field: str | None) -> date:
    if match := _ISO.match(words):
        year, month, day = (int(part) for part in match.groups())
        return _day(year, month, day, typed, field)
    if match := _NUMERIC.match(words):
        month, day = int(match.group(1)), int(match.group(3))
        year = _year(match.group(4), today)
        return _day(year, month, day, typed, field)
    for pattern, month_at, day_at in ((_WORDS_MONTH_FIRST, 1, 2), (_WORDS_DAY_FIRST, 2, 1)):
        if match := pattern.match(words):
            name = match.group(month_at)
            if name not in _MONTH_OF:
                raise InvalidInput(
                    f"“{name}” is not a month. Type a day as {EXAMPLE_DAY}.", field=field
                )
            year = _year(match.group(3), today)
            return _day(year, _MONTH_OF[name], int(match.group(day_at)), typed, field)
    raise InvalidInput(
        f"“{typed}” is not a day. Type it as {EXAMPLE_DAY} (month/day/year).", field=field
    )


def _year(typed: str | None, today: date) -> int:
    if typed is None:
        return today.year
    year = int(typed)
    return 2000 + year if len(typed) == 2 else year


def _day(year: int, month: int, day: int, typed: str, field: str | None) -> date:
    if not 1 <= month <= 12:
        raise InvalidInput(
            f"“{typed}”: there is no month {month}. Type the month first, as {EXAMPLE_DAY}.",
            field=field,
        )
    if not 1900 <= year <= 2199:
        raise InvalidInput(f"“{typed}”: {year} is not a year the City's records hold.", field=field)
    last = calendar.monthrange(year, month)[1]
    if not 1 <= day <= last:
        raise InvalidInput(
            f"“{typed}”: {MONTHS[month - 1]} has {last} days in {year}.", field=field
        )
    return date(year, month, day)


_CLOCK = re.compile(r"^(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?|a|p)?$", re.IGNORECASE)
_MILITARY = re.compile(r"^(\d{2})(\d{2})$")


def read_time(text: str, *, field: str | None = None) -> time | None:
    """The time of day ``text`` names, None when nothing is typed; refused when it names none.
    Without a.m. or p.m. an hour is read on the 24-hour clock (9:00 is morning, 16:00 is 4 p.m.)."""
    typed = " ".join(text.split())
    if not typed:
        return None
    words = typed.lower()
    if words == "noon":
        return time(12, 0)
    if words == "midnight":
        return time(0, 0)
    if match := _MILITARY.match(words):
        hour, minute, half = int(match.group(1)), int(match.group(2)), None
    elif match := _CLOCK.match(words):
        hour, minute = int(match.group(1)), int(match.group(2) or 0)
        half = match.group(3)[0].lower() if match.group(3) else None
    else:
        raise InvalidInput(f"“{typed}” is not a time. Type it as {EXAMPLE_TIME}", field=field)
    if minute > 59:
        raise InvalidInput(f"“{typed}”: an hour has 60 minutes (0 to 59).", field=field)
    if half is None:
        if hour > 23:
            raise InvalidInput(f"“{typed}”: a day has 24 hours (0 to 23).", field=field)
        return time(hour, minute)
    if not 1 <= hour <= 12:
        raise InvalidInput(
            f"“{typed}”: with a.m. or p.m. the hour is 1 to 12 (type {EXAMPLE_TIME}).",
            field=field,
        )
    return time(hour % 12 + (12 if half == "p" else 0), minute)
