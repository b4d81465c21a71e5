"""The one calendar for every deadline of the application.

Every due date a screen, letter or the Today tab shows is computed here, from one
:class:`CityCalendar` built from the Clerk's settings. Three kinds of period occur in Chapter 506
and the statutes it relies on:

* **Calendar days after an event** ("within 20 days after service of the notice", "payable within
  10 calendar days"): :meth:`CityCalendar.add_days`, counted per Wis. Stat. § 990.001(4).
* **Business days** ("within two regular business days of the excavation"):
  :meth:`CityCalendar.add_business_days`, counting only days City Hall is open.
* **Hours** ("within 24 hours", "at least 24 hours before"): :meth:`CityCalendar.add_hours` and
  :meth:`CityCalendar.counted_hours`, Sundays and legal holidays not counted per
  § 990.001(4)(a) (:mod:`clerk_desk.hour_periods`).
* **Days before an event** ("at least seven days before work is proposed to be undertaken",
  "at least one business day before such work is to commence"):
  :meth:`CityCalendar.latest_day_before` and :meth:`CityCalendar.latest_business_day_before`.

Each has an ``explain_...`` twin returning a :class:`Deadline`, whose ``explanation`` lines tell
the clerk (and the person at the counter) how the date was reached.

**Wis. Stat. § 990.001(4), as applied here.** (a) The first day is excluded and the last included;
(b) a last day that is a Sunday or a legal holiday moves to the next secular day (a day that is
neither); (c) for a filing with or a payment to City Hall, a last day on which City Hall is closed
(a Saturday, the City's own closed days such as December 24 or the day after Thanksgiving, a snow
day) also moves, to the next day City Hall is open. The period functions therefore take a keyword
``at_city_hall``: ``True`` (the default, for filings and payments at the counter) moves a last day
off every day City Hall is closed and off every Sunday and legal holiday, to the next day City Hall
is open and that is neither; ``False`` (any other act: an owner's repair, work on a street, a notice
period running against someone who deals with no office) moves it only off a Sunday or a legal
holiday, to the next day that is neither, so a period may end on a Saturday or a day City Hall is
closed. Paragraph (b) also moves a last day that is a § 995.20 legal holiday on which City Hall
stays open (the second Monday in October, election days): the statute lets the act be done on the
next secular day whether or not the office is open, so refusing a filing made then would be wrong.
``legal_holidays_extend_deadlines=False`` in the settings turns the legal-holiday part of (b) off,
should the City Attorney advise otherwise: then a legal holiday moves a City Hall deadline only if
City Hall is closed on it, and moves no other deadline. The Sunday part of (b) is never turned
off: a last day on a Sunday always moves, even a Sunday the Clerk opened City Hall on (absentee
voting).

Counting back ("at least N days before") never moves the day, in either mode, so it takes no
``at_city_hall``: see :meth:`CityCalendar.latest_day_before`. Business-day periods count the days
City Hall is open by definition, so the distinction does not arise for them either.
The rule of § 801.15(1)(b) that periods under 11 days skip weekends and holidays governs court
procedure (chs. 801-847), not City permits, and is not applied.

**Holidays** are rules that compute their date for any year (:data:`HOLIDAY_RULES`), never a list
of dates that runs out. Each has a stable ``key`` (stored in the settings), a name, whether it is a
legal holiday of Wis. Stat. § 995.20, and whether City Hall closes on it by default. Notes on the
statute, whose current wording I could not check here (the Clerk or City Attorney should confirm):

* § 995.20 names January 1, the third Monday in January, the third Monday in February, the last
  Monday in May, June 19 (Juneteenth, as the text I know reads), July 4, the first Monday in
  September, the second Monday in October, November 11, the fourth Thursday in November,
  December 25, "the day of holding the September primary election" and the general election day
  in November, and says a holiday falling on a Sunday is observed on the following Monday.
* The partisan primary moved from September to the second Tuesday in August (Wis. Stat. § 5.02,
  2011); the rule here follows the primary to August, even years only.
* As far as I know § 995.20 does not make the spring primary (third Tuesday in February) or the
  spring election (first Tuesday in April) legal holidays outside first-class cities (Milwaukee),
  so they are listed (the Clerk runs them and may close on them) but are not legal holidays here.
* Nothing moves a holiday that falls on a Saturday: the statute provides no Friday observance,
  and City Hall is closed on Saturdays anyway. If the City closes the Friday before, the Clerk adds
  that date as an extra closed day.

**City Hall's closed days** are the City's own list: by default every § 995.20 holiday except the
second Monday in October and the election days (the Clerk's office runs elections, so it is open),
plus two days the City closes although they are not legal holidays: the day after Thanksgiving and
December 24. The Clerk edits the list in Settings (:class:`CalendarSettings`): which holiday rules
close City Hall, extra closed dates (a snow day) and extra open dates (exceptions, which win over
everything, e.g. a Saturday opened for absentee voting).

Computations are cached per calendar and year, so the Today tab can compute hundreds of due dates
without recomputing the holidays.
"""

from __future__ import annotations

import calendar as _calendar
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any, Final, Literal

from clerk_desk import hour_periods
from clerk_desk.errors import InvalidInput
from clerk_desk.words import WEEKDAY_NAMES, format_day, plural

__all__ = [
    "BUSINESS_DAYS_CITE",
    "DEFAULT_CLOSED_HOLIDAYS",
    "HOLIDAY_RULES",
    "PERIOD_CITE",
    "CalendarSettings",
    "CityCalendar",
    "Deadline",
    "DeadlineKind",
    "HolidayRule",
    "days_overdue",
    "days_remaining",
    "default_calendar",
    "holiday_rule",
    "holidays_in",
    "last_day_of_year_from",
    "months_after",
]

#: The statute every calendar-day period is counted by.
PERIOD_CITE: Final = "Wis. Stat. § 990.001(4)"
#: What a business-day period counts: days City Hall is open, as set in Settings.
BUSINESS_DAYS_CITE: Final = "business days: days City Hall is open (Settings, City Hall calendar)"

_HOLIDAY_CITE: Final = "Wis. Stat. § 995.20"
_ELECTION_DATE_CITE: Final = "Wis. Stat. § 5.02"

# A calendar with every day closed would loop forever looking for an open day; no real closure
# lasts ten years, so finding none that far out is a settings mistake.
_SEARCH_LIMIT_DAYS: Final = 3653

_MONDAY, _TUESDAY, _THURSDAY, _SATURDAY, _SUNDAY = 0, 1, 3, 5, 6

SUNDAY = "Sunday"
"""What :meth:`CityCalendar.statute_excludes` says of a Sunday that is no legal holiday."""


def months_after(day: date, months: int) -> date:
    """The same day ``months`` later: the last day of a term "of three months from the date of
    issuance" or "one year from issuance". A day the month lacks becomes its last (Aug 31 + 6
    months is the last day of February); a day it has stays (Jan 31 + 6 months is July 31,
    Oct 31 + 3 months is January 31, Feb 29 + 12 months is February 28). ``months`` may be
    negative. Every "N months" and "one year" counted from a day in Chapter 506 is this."""
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    for last in (31, 30, 29, 28):
        try:
            return date(year, month, min(day.day, last))
        except ValueError:
            continue
    raise AssertionError("unreachable")


def last_day_of_year_from(first_day: date) -> date:
    """The last day of a year whose first day is ``first_day``, such as § 506-6's "one-year
    revocation of the right to obtain a street opening permit".

    Two readings give a year's last day: the day before the first day's anniversary, and the
    anniversary of the day before the first day (§ 990.001(4)'s way, counting from the eve).
    They differ only across a February 29, and the earlier is taken, the reading that protects
    the person (a revocation no longer than the ordinance says): from March 1, 2027 a year runs
    through February 28, 2028, so February 29, 2028 is not in it; from February 29, 2028
    through February 27, 2029; from January 1 through December 31, in a leap year too."""
    return min(
        months_after(first_day, 12) - timedelta(days=1),
        months_after(first_day - timedelta(days=1), 12),
    )


# -- holiday rules ---------------------------------------------------------------------------------


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The ``n``-th (1-based) ``weekday`` (0 = Monday) of the month."""
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


def _last_weekday(year: int, month: int, weekday: int) -> date:
    """The last ``weekday`` (0 = Monday) of the month."""
    last = date(year, month, _calendar.monthrange(year, month)[1])
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _fixed(month: int, day: int) -> Callable[[int], date | None]:
    return lambda year: date(year, month, day)


def _nth(month: int, weekday: int, n: int) -> Callable[[int], date | None]:
    return lambda year: _nth_weekday(year, month, weekday, n)


def _general_election(year: int) -> date | None:
    """The Tuesday after the first Monday in November, in even-numbered years."""
    if year % 2:
        return None
    return _nth_weekday(year, 11, _MONDAY, 1) + timedelta(days=1)


def _partisan_primary(year: int) -> date | None:
    """The second Tuesday in August, in even-numbered years."""
    return None if year % 2 else _nth_weekday(year, 8, _TUESDAY, 2)


def _day_after_thanksgiving(year: int) -> date | None:
    return _nth_weekday(year, 11, _THURSDAY, 4) + timedelta(days=1)


@dataclass(frozen=True, slots=True)
class HolidayRule:
    """A holiday as a rule that finds its date in any year.

    ``key`` is stable: the settings store it, so it is never renamed. ``legal_holiday`` says
    whether Wis. Stat. § 995.20 makes it a legal holiday (which moves the last day of a period even
    when City Hall is open); ``closed_by_default`` whether City Hall closes on it unless the Clerk
    changes that; ``sunday_to_monday`` whether a Sunday date is observed on the Monday after.
    """

    key: str
    name: str
    legal_holiday: bool
    closed_by_default: bool
    cite: str
    compute: Callable[[int], date | None] = field(repr=False, compare=False)
    sunday_to_monday: bool = True
    note: str = ""

    def date_in(self, year: int) -> date | None:
        """The holiday's own date in ``year`` (``None`` when it does not occur that year)."""
        return self.compute(year)

    def observed_in(self, year: int) -> date | None:
        """The day it is observed in ``year``: the Monday after when it falls on a Sunday."""
        day = self.compute(year)
        if day is not None and self.sunday_to_monday and day.weekday() == _SUNDAY:
            return day + timedelta(days=1)
        return day

    @property
    def city_day(self) -> bool:
        """A day the City closes on its own account, not a legal holiday."""
        return not self.legal_holiday and self.closed_by_default

    def label(self, *, observed: bool = False) -> str:
        """How a closed day is named to the clerk, e.g. "Thanksgiving Day (Wis. Stat. § 995.20)"."""
        name = f"{self.name}, observed" if observed else self.name
        if self.legal_holiday:
            return f"{name} ({self.cite})"
        if self.city_day:
            return f"{name} (closed by the City)"
        return f"{name} (closed by the City, set in Settings)"


#: Every holiday the calendar knows, in calendar order. Keys are stored in the settings.
HOLIDAY_RULES: Final[tuple[HolidayRule, ...]] = (
    HolidayRule("new_years_day", "New Year's Day", True, True, _HOLIDAY_CITE, _fixed(1, 1)),
    HolidayRule(
        "martin_luther_king_jr_day", "Martin Luther King, Jr. Day", True, True, _HOLIDAY_CITE,
        _nth(1, _MONDAY, 3), note="Third Monday in January.",
    ),
    HolidayRule(
        "spring_primary", "Spring primary", False, False, _ELECTION_DATE_CITE,
        _nth(2, _TUESDAY, 3),
        note="Third Tuesday in February. An election day the Clerk's office runs; as far as "
        "known not a § 995.20 legal holiday outside first-class cities.",
    ),
    HolidayRule(
        "washington_lincoln_day", "Presidents' Day", True, True, _HOLIDAY_CITE,
        _nth(2, _MONDAY, 3),
        note="Third Monday in February; § 995.20's day of celebration for February 12 and 22.",
    ),
    HolidayRule(
        "spring_election", "Spring election", False, False, _ELECTION_DATE_CITE,
        _nth(4, _TUESDAY, 1),
        note="First Tuesday in April. An election day the Clerk's office runs; as far as known "
        "not a § 995.20 legal holiday outside first-class cities.",
    ),
    HolidayRule(
        "memorial_day", "Memorial Day", True, True, _HOLIDAY_CITE,
        lambda year: _last_weekday(year, 5, _MONDAY), note="Last Monday in May.",
    ),
    HolidayRule("juneteenth", "Juneteenth Day", True, True, _HOLIDAY_CITE, _fixed(6, 19)),
    HolidayRule("independence_day", "Independence Day", True, True, _HOLIDAY_CITE, _fixed(7, 4)),
    HolidayRule(
        "partisan_primary", "Partisan primary", True, False, _HOLIDAY_CITE, _partisan_primary,
        note="Second Tuesday in August, even years. § 995.20 still says 'September primary'; "
        "the primary moved to August in 2011. City Hall is open: the Clerk runs the election.",
    ),
    HolidayRule(
        "labor_day", "Labor Day", True, True, _HOLIDAY_CITE, _nth(9, _MONDAY, 1),
        note="First Monday in September.",
    ),
    HolidayRule(
        "second_monday_october", "Columbus Day", True, False, _HOLIDAY_CITE,
        _nth(10, _MONDAY, 2),
        note="Second Monday in October (§ 995.20 names only the date). City Hall is open by "
        "default.",
    ),
    HolidayRule(
        "general_election", "General election", True, False, _HOLIDAY_CITE, _general_election,
        note="Tuesday after the first Monday in November, even years. City Hall is open: the "
        "Clerk runs the election.",
    ),
    HolidayRule("veterans_day", "Veterans Day", True, True, _HOLIDAY_CITE, _fixed(11, 11)),
    HolidayRule(
        "thanksgiving", "Thanksgiving Day", True, True, _HOLIDAY_CITE, _nth(11, _THURSDAY, 4),
        note="Fourth Thursday in November.",
    ),
    HolidayRule(
        "day_after_thanksgiving", "Day after Thanksgiving", False, True, "City of Prescott",
        _day_after_thanksgiving, sunday_to_monday=False,
        note="The City's own closed day, not a legal holiday.",
    ),
    HolidayRule(
        "christmas_eve", "Christmas Eve", False, True, "City of Prescott", _fixed(12, 24),
        sunday_to_monday=False, note="The City's own closed day, not a legal holiday.",
    ),
    HolidayRule("christmas_day", "Christmas Day", True, True, _HOLIDAY_CITE, _fixed(12, 25)),
)  # fmt: skip

_RULES_BY_KEY: Final[dict[str, HolidayRule]] = {rule.key: rule for rule in HOLIDAY_RULES}
assert len(_RULES_BY_KEY) == len(HOLIDAY_RULES), "holiday rule keys must be unique"

#: The rules City Hall closes on unless the Clerk changes the list.
DEFAULT_CLOSED_HOLIDAYS: Final[frozenset[str]] = frozenset(
    rule.key for rule in HOLIDAY_RULES if rule.closed_by_default
)


def holiday_rule(key: str) -> HolidayRule:
    """The rule with this key; ``KeyError`` if there is none."""
    return _RULES_BY_KEY[key]


@lru_cache(maxsize=256)
def _occurrences(year: int) -> tuple[tuple[date, HolidayRule, bool], ...]:
    """(day, rule, observed) for every rule in ``year``: its own date, and the Monday it is
    observed on when that differs. Cached: the dates of a year never change."""
    found: list[tuple[date, HolidayRule, bool]] = []
    for rule in HOLIDAY_RULES:
        own = rule.date_in(year)
        if own is None:
            continue
        found.append((own, rule, False))
        observed = rule.observed_in(year)
        if observed is not None and observed != own:
            found.append((observed, rule, True))
    found.sort(key=lambda item: item[0])
    return tuple(found)


def holidays_in(year: int) -> list[tuple[date, HolidayRule]]:
    """Every holiday rule's observed date in ``year``, in date order, for the Settings screen.

    Rules that do not occur that year (a general election in an odd year) are left out. A rule's
    own date, when it differs (a Sunday), is ``rule.date_in(year)``.
    """
    days = [(rule.observed_in(year), rule) for rule in HOLIDAY_RULES]
    return sorted(((d, rule) for d, rule in days if d is not None), key=lambda item: item[0])


# -- settings --------------------------------------------------------------------------------------


def _iso_dates(value: object, name: str) -> frozenset[date]:
    if not isinstance(value, list | tuple | set | frozenset):
        raise InvalidInput(f"The calendar setting {name} must be a list of dates.", field=name)
    days: set[date] = set()
    for item in value:
        try:
            days.add(date.fromisoformat(item) if isinstance(item, str) else _as_date(item, name))
        except ValueError:
            raise InvalidInput(
                f"The calendar setting {name} holds {item!r}, which is not a date (YYYY-MM-DD).",
                field=name,
            ) from None
    return frozenset(days)


def _as_date(value: object, name: str) -> date:
    # datetime is a subclass of date; a closed "day" with a time of day is a mistake.
    if not isinstance(value, date) or type(value) is not date:
        raise ValueError(name)
    return value


@dataclass(frozen=True, slots=True)
class CalendarSettings:
    """City Hall's calendar as the Clerk sets it, plain enough to store as JSON.

    * ``closed_holidays`` — keys of :data:`HOLIDAY_RULES` on which City Hall closes;
    * ``extra_closed`` — other dates City Hall is closed (a snow day, a funeral);
    * ``extra_open`` — dates City Hall is open although the rules say closed; these win;
    * ``closed_weekdays`` — 0 = Monday ... 6 = Sunday; City Hall is closed Saturday and Sunday;
    * ``legal_holidays_extend_deadlines`` — whether a § 995.20 legal holiday on which City Hall
      is open still moves the last day of a period (§ 990.001(4)(b); see the module's notes).

    Invalid settings raise :class:`InvalidInput` naming the setting.
    """

    closed_holidays: frozenset[str] = DEFAULT_CLOSED_HOLIDAYS
    extra_closed: frozenset[date] = frozenset()
    extra_open: frozenset[date] = frozenset()
    closed_weekdays: frozenset[int] = frozenset({_SATURDAY, _SUNDAY})
    legal_holidays_extend_deadlines: bool = True

    def __post_init__(self) -> None:
        for name in ("closed_holidays", "extra_closed", "extra_open", "closed_weekdays"):
            object.__setattr__(self, name, frozenset(getattr(self, name)))
        unknown = sorted(k for k in self.closed_holidays if k not in _RULES_BY_KEY)
        if unknown:
            raise InvalidInput(
                f"The calendar settings name a holiday this version does not know: "
                f"{', '.join(unknown)}.",
                field="closed_holidays",
            )
        for name in ("extra_closed", "extra_open"):
            for day in getattr(self, name):
                try:
                    _as_date(day, name)
                except ValueError:
                    raise InvalidInput(
                        f"The calendar setting {name} holds {day!r}, which is not a date.",
                        field=name,
                    ) from None
        both = sorted(self.extra_closed & self.extra_open)
        if both:
            raise InvalidInput(
                f"{format_day(both[0])} cannot be both an extra closed day and an extra open day.",
                field="extra_open",
            )
        if any(isinstance(d, bool) or d not in range(7) for d in self.closed_weekdays):
            raise InvalidInput(
                "Closed weekdays are numbered 0 (Monday) to 6 (Sunday).", field="closed_weekdays"
            )
        if len(self.closed_weekdays) == 7:
            raise InvalidInput(
                "City Hall cannot be closed on every day of the week.", field="closed_weekdays"
            )

    def close_day(self, day: date) -> CalendarSettings:
        """These settings with City Hall closed on ``day`` (a snow day)."""
        return _replace(
            self, extra_closed=self.extra_closed | {day}, extra_open=self.extra_open - {day}
        )

    def open_day(self, day: date) -> CalendarSettings:
        """These settings with City Hall open on ``day`` whatever the rules say."""
        return _replace(
            self, extra_open=self.extra_open | {day}, extra_closed=self.extra_closed - {day}
        )

    def reset_day(self, day: date) -> CalendarSettings:
        """These settings with ``day`` back to what the rules say."""
        return _replace(
            self, extra_open=self.extra_open - {day}, extra_closed=self.extra_closed - {day}
        )

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready values: sorted lists, ISO dates, weekday names."""
        return {
            "version": 1,
            "closed_holidays": sorted(self.closed_holidays),
            "extra_closed": [d.isoformat() for d in sorted(self.extra_closed)],
            "extra_open": [d.isoformat() for d in sorted(self.extra_open)],
            "closed_weekdays": [WEEKDAY_NAMES[d] for d in sorted(self.closed_weekdays)],
            "legal_holidays_extend_deadlines": self.legal_holidays_extend_deadlines,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CalendarSettings:
        """Settings read back from :meth:`to_dict`; a missing entry takes its default.

        An unknown entry or a malformed value raises :class:`InvalidInput` rather than being
        dropped: silently losing a closed day would move every deadline computed from it.
        """
        known = {
            "version", "closed_holidays", "extra_closed", "extra_open", "closed_weekdays",
            "legal_holidays_extend_deadlines",
        }  # fmt: skip
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidInput(
                f"The calendar settings hold entries this version does not know: "
                f"{', '.join(unknown)}.",
                field=unknown[0],
            )
        if data.get("version", 1) != 1:
            raise InvalidInput(
                "The calendar settings were saved by a newer version of Clerk Desk.",
                field="version",
            )
        defaults = cls()
        values: dict[str, Any] = {}
        if "closed_holidays" in data:
            holidays = data["closed_holidays"]
            if not isinstance(holidays, list | tuple) or not all(
                isinstance(k, str) for k in holidays
            ):
                raise InvalidInput(
                    "The calendar setting closed_holidays must be a list of holiday keys.",
                    field="closed_holidays",
                )
            values["closed_holidays"] = frozenset(holidays)
        for name in ("extra_closed", "extra_open"):
            if name in data:
                values[name] = _iso_dates(data[name], name)
        if "closed_weekdays" in data:
            values["closed_weekdays"] = _weekdays(data["closed_weekdays"])
        if "legal_holidays_extend_deadlines" in data:
            flag = data["legal_holidays_extend_deadlines"]
            if not isinstance(flag, bool):
                raise InvalidInput(
                    "The calendar setting legal_holidays_extend_deadlines must be true or false.",
                    field="legal_holidays_extend_deadlines",
                )
            values["legal_holidays_extend_deadlines"] = flag
        return _replace(defaults, **values)


def _replace(settings: CalendarSettings, **changes: Any) -> CalendarSettings:
    values: dict[str, Any] = {
        "closed_holidays": settings.closed_holidays,
        "extra_closed": settings.extra_closed,
        "extra_open": settings.extra_open,
        "closed_weekdays": settings.closed_weekdays,
        "legal_holidays_extend_deadlines": settings.legal_holidays_extend_deadlines,
    }
    values.update(changes)
    return CalendarSettings(**values)


def _weekdays(value: object) -> frozenset[int]:
    if not isinstance(value, list | tuple):
        raise InvalidInput(
            "The calendar setting closed_weekdays must be a list of weekday names.",
            field="closed_weekdays",
        )
    days: set[int] = set()
    for item in value:
        if isinstance(item, str) and item.capitalize() in WEEKDAY_NAMES:
            days.add(WEEKDAY_NAMES.index(item.capitalize()))
        else:
            raise InvalidInput(
                f"The calendar setting closed_weekdays holds {item!r}, which is not a weekday "
                "name such as Saturday.",
                field="closed_weekdays",
            )
    return frozenset(days)


# -- deadlines -------------------------------------------------------------------------------------

DeadlineKind = Literal["calendar days", "business days", "days before", "business days before"]


@dataclass(frozen=True, slots=True)
class Deadline:
    """A due date with how it was computed, for screens and letters that show their working.

    ``start`` is the event counted from (or, for "before" kinds, the event counted back from);
    ``days`` the length of the period; ``nominal`` the day the count itself lands on; ``due`` the
    deadline after any move for closed days; ``skipped`` the days passed over with the reason;
    ``last_open_day`` the last day City Hall is open on or before ``due`` (the same as ``due``
    except for "days before" deadlines, and calendar-day periods not done at City Hall, that land
    on a closed day); ``explanation`` plain English
    lines; ``cite`` the rule the count follows.
    """

    kind: DeadlineKind
    start: date
    days: int
    nominal: date
    due: date
    last_open_day: date
    cite: str
    explanation: tuple[str, ...]
    skipped: tuple[tuple[date, str], ...] = ()

    @property
    def moved(self) -> bool:
        """Whether the due date was moved off the day the count landed on."""
        return self.due != self.nominal

    def __str__(self) -> str:
        return " ".join(self.explanation)


def days_overdue(due: date, today: date) -> int:
    """Whole days ``today`` is past ``due``; 0 on the due date itself and before it."""
    return max(0, (today - due).days)


def days_remaining(due: date, today: date) -> int:
    """Whole days from ``today`` to ``due``: 0 on the due date, negative once it has passed."""
    return (due - today).days


def _require_days(n: int, what: str) -> None:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{what} must be an int, not {type(n).__name__}")
    if n < 0:
        raise ValueError(f"{what} must not be negative (use a 'before' function to count back)")


class CityCalendar:
    """City Hall's calendar: which days it is open, and every due date counted over them.

    Build it with :meth:`from_settings` (what the application does, from the Clerk's settings) or
    :func:`default_calendar`; the keyword arguments are those of :class:`CalendarSettings`. A
    calendar is immutable once built; after the Clerk changes the settings, build a new one.
    """

    def __init__(
        self,
        *,
        closed_holidays: Iterable[str] = DEFAULT_CLOSED_HOLIDAYS,
        extra_closed: Iterable[date] = (),
        extra_open: Iterable[date] = (),
        closed_weekdays: Iterable[int] = (_SATURDAY, _SUNDAY),
        legal_holidays_extend_deadlines: bool = True,
    ) -> None:
        self.settings: Final = CalendarSettings(
            closed_holidays=frozenset(closed_holidays),
            extra_closed=frozenset(extra_closed),
            extra_open=frozenset(extra_open),
            closed_weekdays=frozenset(closed_weekdays),
            legal_holidays_extend_deadlines=legal_holidays_extend_deadlines,
        )
        # Per-year maps, filled on first use: day -> how the clerk sees it named.
        self._closed_by_rule: dict[int, dict[date, str]] = {}
        self._legal: dict[int, dict[date, str]] = {}

    @classmethod
    def from_settings(cls, settings: CalendarSettings) -> CityCalendar:
        """The calendar the Clerk's settings describe."""
        return cls(
            closed_holidays=settings.closed_holidays,
            extra_closed=settings.extra_closed,
            extra_open=settings.extra_open,
            closed_weekdays=settings.closed_weekdays,
            legal_holidays_extend_deadlines=settings.legal_holidays_extend_deadlines,
        )

    def __repr__(self) -> str:
        return f"CityCalendar.from_settings({self.settings!r})"

    # -- which days -----------------------------------------------------------------------------

    def _year_maps(self, year: int) -> tuple[dict[date, str], dict[date, str]]:
        closed = self._closed_by_rule.get(year)
        legal = self._legal.get(year)
        if closed is None or legal is None:
            closed, legal = {}, {}
            for day, rule, observed in _occurrences(year):
                if rule.key in self.settings.closed_holidays:
                    closed.setdefault(day, rule.label(observed=observed))
                if rule.legal_holiday:
                    legal.setdefault(day, rule.label(observed=observed))
            self._closed_by_rule[year], self._legal[year] = closed, legal
        return closed, legal

    def closed_reason(self, day: date) -> str | None:
        """Why City Hall is closed on ``day``, in words for the clerk; ``None`` when it is open.

        E.g. "Saturday", "Thanksgiving Day (Wis. Stat. § 995.20)", "Day after Thanksgiving
        (closed by the City)", "Closed by the City (set in Settings)". A holiday is named in
        preference to the weekday it falls on.
        """
        if day in self.settings.extra_open:
            return None
        if day in self.settings.extra_closed:
            return "Closed by the City (set in Settings)"
        reason = self._year_maps(day.year)[0].get(day)
        if reason is not None:
            return reason
        if day.weekday() in self.settings.closed_weekdays:
            return WEEKDAY_NAMES[day.weekday()]
        return None

    def is_open(self, day: date) -> bool:
        """Whether City Hall is open for business on ``day``."""
        return self.closed_reason(day) is None

    def legal_holiday(self, day: date) -> str | None:
        """The § 995.20 legal holiday ``day`` is (observed), named with its cite; else ``None``."""
        return self._year_maps(day.year)[1].get(day)

    def _period_cannot_end(self, day: date, *, at_city_hall: bool = True) -> str | None:
        """Why the last day of a calendar-day period cannot be ``day``, or ``None`` if it can.

        The Sunday rule is checked whatever the settings say: § 990.001(4)(b) never lets a
        period end on a Sunday, even one the Clerk opened City Hall on. Only ``at_city_hall``
        periods (filings and payments) are moved by City Hall being closed.
        """
        if at_city_hall:
            reason = self.closed_reason(day)
            if reason is not None:
                return f"City Hall is closed on {format_day(day)} ({reason})."
        excluded = self.statute_excludes(day)
        if excluded is None:
            return None
        opened = "City Hall is open, but " if at_city_hall else ""
        if excluded == SUNDAY:
            return f"{format_day(day)} is a Sunday; {opened}a period does not end on a Sunday."
        return (
            f"{format_day(day)} is a legal holiday, {excluded}; {opened}a period does not "
            "end on a legal holiday."
        )

    def statute_excludes(self, day: date) -> str | None:
        """Why § 990.001(4) leaves ``day`` out of a period, or None: the legal holiday it is,
        named with its cite, when the setting lets legal holidays extend periods, else
        :data:`SUNDAY` on a Sunday. One predicate for both of the statute's rules: a period in
        days does not end on such a day (4)(b), and none of its hours count in a period in
        hours (4)(a), :mod:`clerk_desk.hour_periods`."""
        holiday = self.legal_holiday(day)
        if holiday is not None and self.settings.legal_holidays_extend_deadlines:
            return holiday
        if day.weekday() == _SUNDAY:
            return SUNDAY
        return None

    def can_end_period(self, day: date, *, at_city_hall: bool = True) -> bool:
        """Whether a calendar-day period may end on ``day`` (§ 990.001(4)(b) and (c)).

        ``at_city_hall=False`` (an act not done at City Hall) lets it end on a day City Hall is
        closed, unless that day is a Sunday or a legal holiday.
        """
        return self._period_cannot_end(day, at_city_hall=at_city_hall) is None

    def next_open_day(self, day: date, *, inclusive: bool = False) -> date:
        """The first day after ``day`` (or from ``day`` on, if ``inclusive``) City Hall is open."""
        return self._search(day, 1, inclusive, self.is_open)

    def previous_open_day(self, day: date, *, inclusive: bool = False) -> date:
        """The last day before ``day`` (or on it, if ``inclusive``) City Hall is open."""
        return self._search(day, -1, inclusive, self.is_open)

    def _search(self, day: date, step: int, inclusive: bool, ok: Callable[[date], bool]) -> date:
        candidate = day if inclusive else day + timedelta(days=step)
        for _ in range(_SEARCH_LIMIT_DAYS):
            if ok(candidate):
                return candidate
            candidate += timedelta(days=step)
        raise ValueError(f"City Hall is not open on any day within ten years of {day}")

    def closed_days_in(self, year: int) -> list[tuple[date, str]]:
        """Every day City Hall is closed in ``year`` with the reason, for the Settings screen.

        Days closed only because of their weekday (every Saturday and Sunday) are left out.
        """
        closed: list[tuple[date, str]] = []
        day = date(year, 1, 1)
        while day.year == year:
            reason = self.closed_reason(day)
            if reason is not None and reason not in WEEKDAY_NAMES:
                closed.append((day, reason))
            day += timedelta(days=1)
        return closed

    # -- counting forward -----------------------------------------------------------------------

    def add_days(self, start: date, n: int, *, at_city_hall: bool = True) -> date:
        """The last day of a period of ``n`` calendar days after ``start`` (§ 990.001(4)).

        The first day is excluded and the last included, so ``add_days(d, 1)`` is the next day.
        A last day that is a Sunday, or a legal holiday (unless ``legal_holidays_extend_deadlines``
        is off), always moves. With ``at_city_hall=True`` (the default: a filing with or payment
        to City Hall) a last day City Hall is closed on (a Saturday, a closed holiday, a day
        closed in Settings) moves as well, to the next day City Hall is open that is not a Sunday
        or legal holiday. With ``at_city_hall=False`` (any other act, e.g. an owner's repair)
        only Sundays and legal holidays move it, to the next day that is neither, which may be a
        Saturday or a day City Hall is closed. ``n = 0`` means "on ``start``": ``start`` itself,
        moved the same way.
        """
        return self.explain_add_days(start, n, at_city_hall=at_city_hall).due

    def explain_add_days(self, start: date, n: int, *, at_city_hall: bool = True) -> Deadline:
        """:meth:`add_days` with the working shown, naming the rule that applied."""
        _require_days(n, "the number of days")
        nominal = start + timedelta(days=n)
        skipped: list[tuple[date, str]] = []
        due = nominal
        for _ in range(_SEARCH_LIMIT_DAYS):
            why = self._period_cannot_end(due, at_city_hall=at_city_hall)
            if why is None:
                break
            skipped.append((due, why))
            due += timedelta(days=1)
        else:
            raise ValueError(f"No day within ten years of {nominal} can end a period")
        if n:
            counted = f"{plural(n, 'day')} after {format_day(start)} is {format_day(nominal)}"
        else:
            counted = f"The period ends on {format_day(start)}"
        lines: list[str]
        if not skipped:
            lines = [f"{counted} — {PERIOD_CITE} (the first day is not counted, the last is)."]
        else:
            lines = [f"{counted} (the first day is not counted, the last is)."]
            lines += [why for _, why in skipped]
            if at_city_hall:
                open_skipped = any(self.is_open(day) for day, _ in skipped)
                which = (
                    "City Hall is open and not a Sunday or legal holiday"
                    if open_skipped
                    else "City Hall is open"
                )
            elif self.settings.legal_holidays_extend_deadlines:
                which = "that is not a Sunday or legal holiday"
            else:
                which = "that is not a Sunday"
            lines.append(f"Moved to {format_day(due)}, the next day {which} — {PERIOD_CITE}.")
        last_open = due
        if not at_city_hall:
            closed = self.closed_reason(due)
            if closed is not None:
                last_open = self.previous_open_day(due, inclusive=True)
                lines.append(
                    f"City Hall is closed on {format_day(due)} ({closed}), but that moves only "
                    f"a filing with or payment to City Hall; this period still ends then — "
                    f"{PERIOD_CITE}."
                )
            lines.append(
                "Not a filing with or payment to City Hall: only a Sunday or a legal holiday "
                f"moves the last day — {PERIOD_CITE}."
            )
        return Deadline(
            kind="calendar days", start=start, days=n, nominal=nominal, due=due,
            last_open_day=last_open, cite=PERIOD_CITE, explanation=tuple(lines),
            skipped=tuple(skipped),
        )  # fmt: skip

    def add_business_days(self, start: date, n: int) -> date:
        """The ``n``-th day City Hall is open after ``start``.

        ``start`` itself never counts (it is the day of the event). ``n = 0`` gives ``start``
        when City Hall is open that day and otherwise the next day it is open: "on the same
        business day" of an event on a closed day can only mean the next business day. A day
        City Hall is open counts even if it is a legal holiday (it is a business day of the
        office), and the last day is open by construction, so nothing moves it.
        """
        return self.explain_add_business_days(start, n).due

    def explain_add_business_days(self, start: date, n: int) -> Deadline:
        """:meth:`add_business_days` with the working shown."""
        _require_days(n, "the number of business days")
        skipped: list[tuple[date, str]] = []
        if n == 0:
            due = self.next_open_day(start, inclusive=True)
            if due != start:
                skipped.append((start, self.closed_reason(start) or ""))
        else:
            due, remaining = start, n
            while remaining:
                due += timedelta(days=1)
                reason = self.closed_reason(due)
                if reason is None:
                    remaining -= 1
                else:
                    skipped.append((due, reason))
        lines = [
            f"{plural(n, 'business day')} after {format_day(start)} is {format_day(due)} "
            "(counting only days City Hall is open)."
            if n
            else f"The first day City Hall is open on or after {format_day(start)} is "
            f"{format_day(due)}."
        ]
        lines += _not_counted(skipped)
        return Deadline(
            kind="business days", start=start, days=n, nominal=due, due=due, last_open_day=due,
            cite=BUSINESS_DAYS_CITE, explanation=tuple(lines), skipped=tuple(skipped),
        )  # fmt: skip

    # -- counting back --------------------------------------------------------------------------

    # -- periods in hours (§ 990.001(4)(a)): clerk_desk.hour_periods ----------------------------

    def add_hours(self, start: datetime, hours: int) -> datetime:
        """``hours`` counted hours after the instant ``start``, Sundays and legal holidays not
        counted (:func:`clerk_desk.hour_periods.add_hours`); in the City's zone."""
        return hour_periods.add_hours(self, start, hours)

    def explain_add_hours(self, start: datetime, hours: int) -> hour_periods.HourPeriod:
        """:meth:`add_hours` with its working, for a screen or a letter."""
        return hour_periods.explain_add_hours(self, start, hours)

    def counted_hours(self, start: datetime, end: datetime) -> timedelta:
        """The time from ``start`` to ``end`` that counts toward a period in hours."""
        return hour_periods.counted_hours(self, start, end)

    def latest_day_before(self, event: date, n: int) -> date:
        """The last day that is still "at least ``n`` days before" ``event``.

        Counted as § 990.001(4) counts forward: the event day is excluded and the ``n``-th day
        before it included, so it is ``event - n`` days. It is *not* moved when City Hall is
        closed on it: moving it later would leave fewer than ``n`` days, which the ordinance
        forbids, and moving it earlier would shorten a time the law gives. The
        :class:`Deadline` from :meth:`explain_latest_day_before` names the last day City Hall is
        open on or before it, for someone who must hand the paper in at the counter.

        There is no ``at_city_hall`` keyword: the rule that moves a last day to a later one
        (§ 990.001(4)(b) and (c)) only serves to lengthen a period counted forward; a day counted
        back is the same for a filing at City Hall and any other act, and only
        ``last_open_day`` (meaningful for the counter) depends on City Hall being open.
        """
        return self.explain_latest_day_before(event, n).due

    def explain_latest_day_before(self, event: date, n: int) -> Deadline:
        """:meth:`latest_day_before` with the working shown."""
        _require_days(n, "the number of days")
        due = event - timedelta(days=n)
        lines = [
            f"At least {plural(n, 'day')} before {format_day(event)} means on or before "
            f"{format_day(due)} (the event day is not counted) — {PERIOD_CITE}."
        ]
        last_open = self.previous_open_day(due, inclusive=True)
        skipped: tuple[tuple[date, str], ...] = ()
        reason = self.closed_reason(due)
        if reason is not None:
            skipped = ((due, reason),)
            lines.append(
                f"City Hall is closed on {format_day(due)} ({reason}); to hand it in at the "
                f"counter, come by {format_day(last_open)}."
            )
        return Deadline(
            kind="days before", start=event, days=n, nominal=due, due=due,
            last_open_day=last_open, cite=PERIOD_CITE, explanation=tuple(lines), skipped=skipped,
        )  # fmt: skip

    def latest_business_day_before(self, event: date, n: int) -> date:
        """The last day that is still "at least ``n`` business days before" ``event``.

        Counting back over days City Hall is open, the event day excluded: with ``n = 1`` it is
        the last open day before the event. ``n = 0`` is the last open day on or before it.
        """
        return self.explain_latest_business_day_before(event, n).due

    def explain_latest_business_day_before(self, event: date, n: int) -> Deadline:
        """:meth:`latest_business_day_before` with the working shown."""
        _require_days(n, "the number of business days")
        skipped: list[tuple[date, str]] = []
        if n == 0:
            due = self.previous_open_day(event, inclusive=True)
            if due != event:
                skipped.append((event, self.closed_reason(event) or ""))
        else:
            due, remaining = event, n
            while remaining:
                due -= timedelta(days=1)
                reason = self.closed_reason(due)
                if reason is None:
                    remaining -= 1
                else:
                    skipped.append((due, reason))
        lines = [
            f"At least {plural(n, 'business day')} before {format_day(event)} means on or "
            f"before {format_day(due)} (counting only days City Hall is open)."
        ]
        lines += _not_counted(sorted(skipped))
        return Deadline(
            kind="business days before", start=event, days=n, nominal=due, due=due,
            last_open_day=due, cite=BUSINESS_DAYS_CITE, explanation=tuple(lines),
            skipped=tuple(skipped),
        )  # fmt: skip


def _not_counted(skipped: list[tuple[date, str]]) -> list[str]:
    """One line naming the closed days passed over, weekends summarised rather than listed."""
    named = [f"{format_day(d)} ({reason})" for d, reason in skipped if reason not in WEEKDAY_NAMES]
    weekends = any(reason in WEEKDAY_NAMES for _, reason in skipped)
    if not named:
        return ["Weekends are not counted."] if weekends else []
    tail = "; weekends are not counted either." if weekends else "."
    return ["Not counted, City Hall closed: " + "; ".join(named) + tail]


def default_calendar() -> CityCalendar:
    """City Hall's calendar before the Clerk changes anything."""
    return CityCalendar.from_settings(CalendarSettings())
