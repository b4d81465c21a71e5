"""How Clerk Desk writes days, times, counts and shares: one home for the window, the papers and
the core's own messages.

Everything is written out by hand rather than with ``strftime("%a")``, ``"%B"`` or ``"%p"``, whose
words follow the computer's locale: a letter, a permit and a screen must read the same on every
counter station. Times have no leading zero ("9:05 AM"); the City's letters and agendas write
"9:05 a.m." (``dotted=True``).

A share is never rounded across the legal line it is measured against
(:func:`percent`): 49.96% of food sales is not "50.0%" on a finding that says more than 50% is
required.
"""

from __future__ import annotations

from datetime import date, datetime, time, tzinfo
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

__all__ = [
    "MONTH_NAMES",
    "WEEKDAY_NAMES",
    "capitalized",
    "clock_time",
    "day_and_time",
    "day_or_blank",
    "earlier_day",
    "format_day",
    "local_time",
    "long_day",
    "month_day",
    "percent",
    "plural",
    "us_date",
    "weekday_date",
]

#: The days of the week, Monday first (``date.weekday()``), in English whatever the locale.
WEEKDAY_NAMES: Final = (
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
)  # fmt: skip
#: The months, January at 1 (``date.month``); index 0 is empty.
MONTH_NAMES: Final = (
    "", "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
_WEEKDAY_ABBR: Final = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTH_ABBR: Final = (
    "", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
)  # fmt: skip
# Past this many decimals a share that still rounds onto its line is written exactly.
_MOST_DECIMALS: Final = 6


def format_day(day: date) -> str:
    """ "Fri Nov 27, 2026": a day as the explanations and the details panes write it."""
    return f"{_WEEKDAY_ABBR[day.weekday()]} {_MONTH_ABBR[day.month]} {day.day}, {day.year}"


def long_day(day: date) -> str:
    """ "Monday, December 14, 2026": a day written out, as on a cover page or a letter."""
    return f"{WEEKDAY_NAMES[day.weekday()]}, {MONTH_NAMES[day.month]} {day.day}, {day.year}"


def month_day(day: date) -> str:
    """ "September 15, 2026"."""
    return f"{MONTH_NAMES[day.month]} {day.day}, {day.year}"


def us_date(day: date | None) -> str:
    """ "11/30/2026": a day in a table cell or a form; nothing for no day."""
    return "" if day is None else f"{day.month:02d}/{day.day:02d}/{day.year}"


def weekday_date(day: date) -> str:
    """ "Sat 12/19/2026": a day in a table cell with its weekday (festivals are weekends)."""
    return f"{_WEEKDAY_ABBR[day.weekday()]} {us_date(day)}"


def earlier_day(day: date, today: date) -> str:
    """An earlier day as the clerk says it: "yesterday", "Friday" (within the week), "Nov 3"."""
    days = (today - day).days
    if days == 1:
        return "yesterday"
    if 1 < days < 7:
        return WEEKDAY_NAMES[day.weekday()]
    return f"{_MONTH_ABBR[day.month]} {day.day}"


def clock_time(moment: datetime | time, *, dotted: bool = False) -> str:
    """ "6:00 PM", as the screens show a time; with ``dotted``, "6:00 p.m.", as the City writes
    one on an agenda or a letter. Noon is "12:00 PM", midnight "12:00 AM"."""
    hour = moment.hour % 12 or 12
    if dotted:
        return f"{hour}:{moment.minute:02d} {'a.m.' if moment.hour < 12 else 'p.m.'}"
    return f"{hour}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"


def local_time(instant: datetime | None, zone: tzinfo | None) -> str:
    """ "11/30/2026 10:04 AM": an instant as City Hall's clock (``zone``) showed it; nothing for
    none. ``zone`` None: the instant is already City Hall's time (never the computer's zone)."""
    if instant is None:
        return ""
    local = instant if zone is None else instant.astimezone(zone)
    return f"{us_date(local.date())} {clock_time(local)}"


def day_and_time(moment: datetime, *, dotted: bool = False) -> str:
    """ "Fri Nov 27, 2026, 2:05 PM": a local moment with its weekday; with ``dotted``,
    "2:05 p.m.", as the City writes a time on paper."""
    return f"{format_day(moment.date())}, {clock_time(moment, dotted=dotted)}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """ "1 day", "3 days", "1,204 receipts"; ``words`` for a plural not made with "s" ("2
    addresses")."""
    return f"{n:,} {word if n == 1 else (words or word + 's')}"


def capitalized(text: str) -> str:
    """The first letter made a capital, the rest left as it is ("north (odd) side" → "North
    (odd) side"), unlike :meth:`str.capitalize`, which lowers the rest."""
    return text[:1].upper() + text[1:]


def percent(share: Decimal, *, line: Decimal | None = None, decimals: int = 1) -> str:
    """ "62.5%": ``share`` (0.625) as a percentage to ``decimals`` places, half up.

    Where the share is measured against a legal ``line`` (0.5 for "more than 50%"), it is written
    with as many more decimals as it takes for the figure to fall on the same side of the line as
    the share does: 0.4996 is "49.96%", not "50.0%"; 0.5004 is "50.04%"; 0.5 is "50.0%".
    """
    places = decimals
    while True:
        shown = (share * 100).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
        if line is None or _side(shown, line * 100) == _side(share * 100, line * 100):
            return f"{shown}%"
        if places >= _MOST_DECIMALS:
            return f"{(share * 100).normalize():f}%"
        places += 1


def _side(value: Decimal, line: Decimal) -> int:
    return (value > line) - (value < line)


def day_or_blank(day: date | None) -> str:
    """ "Fri Nov 27, 2026" (:func:`format_day`), or nothing for a day not set."""
    return "" if day is None else format_day(day)
