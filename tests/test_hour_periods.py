"""Periods in hours (Wis. Stat. § 990.001(4)(a)): Sundays and legal holidays are not counted.

Issue 21's vectors, and each boundary the hour before, at and after, across a Sunday, a legal
holiday, a day City Hall closes that is neither, and both changes of daylight saving time.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clerk_desk.deadlines import CityCalendar, default_calendar
from clerk_desk.hour_periods import HOURS_CITE
from clerk_desk.words import format_day

CITY = default_calendar()
CENTRAL = ZoneInfo("America/Chicago")


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    """A moment on City Hall's clock."""
    return datetime(year, month, day, hour, minute, tzinfo=CENTRAL)


def hours(n: float) -> timedelta:
    return timedelta(hours=n)


def test_the_dates_below_fall_on_the_weekdays_their_comments_say() -> None:
    assert format_day(at(2026, 12, 5).date()) == "Sat Dec 5, 2026"
    assert format_day(at(2026, 11, 26).date()) == "Thu Nov 26, 2026"  # Thanksgiving
    assert format_day(at(2026, 11, 1).date()) == "Sun Nov 1, 2026"  # clocks go back
    assert format_day(at(2026, 3, 8).date()) == "Sun Mar 8, 2026"  # clocks go forward
    assert format_day(at(2026, 12, 24).date()) == "Thu Dec 24, 2026"  # City Hall closed


# ---- issue 21's vectors ------------------------------------------------------------------------


def test_a_saturday_morning_notice_for_monday_8_am_counts_23_hours_not_47() -> None:
    """§ 506-7: a notice at 9:00 a.m. Saturday for work at 8:00 a.m. Monday is late."""
    counted = CITY.counted_hours(at(2026, 12, 5, 9), at(2026, 12, 7, 8))
    assert counted == hours(23)
    assert counted < hours(24)
    assert CITY.explain_add_hours(at(2026, 12, 5, 9), 24).elapsed == hours(48)


def test_saturday_10_pm_to_sunday_3_am_counts_2_hours_not_5() -> None:
    """§ 506-7: the 4-hour notice before backfilling."""
    assert CITY.counted_hours(at(2026, 12, 5, 22), at(2026, 12, 6, 3)) == hours(2)


def test_a_saturday_council_notice_allows_removal_monday_not_sunday() -> None:
    """§ 506-9: the City removes 24 hours after the Council's notice."""
    assert CITY.add_hours(at(2026, 12, 5, 10), 24) == at(2026, 12, 7, 10)


def test_the_wednesday_before_thanksgiving_runs_to_friday_not_thursday() -> None:
    period = CITY.explain_add_hours(at(2026, 11, 25, 10), 24)
    assert period.end == at(2026, 11, 27, 10)
    assert period.skipped == ((at(2026, 11, 26).date(), "Thanksgiving Day (Wis. Stat. § 995.20)"),)
    assert period.cite == HOURS_CITE
    assert str(period) == (
        "24 hours from 10:00 a.m. on Wed Nov 25, 2026. Not counted, as Wis. Stat. § 990.001(4)(a) "
        "requires for a period in hours: the whole of Thu Nov 26, 2026 (Thanksgiving Day "
        "(Wis. Stat. § 995.20)). The 24 hours run out at 10:00 a.m. on Fri Nov 27, 2026."
    )
    assert period.elapsed == hours(48)


# ---- boundaries: the hour before, at and after ---------------------------------------------------


@pytest.mark.parametrize(
    ("notice", "in_time"),
    [
        (at(2026, 12, 5, 7), True),  # Saturday 7:00: 17 + 8 = 25 counted hours
        (at(2026, 12, 5, 8), True),  # Saturday 8:00: 16 + 8 = 24, just in time
        (at(2026, 12, 5, 9), False),  # Saturday 9:00: 23
    ],
)
def test_the_last_moment_for_a_notice_of_monday_work_is_saturday_at_the_same_hour(
    notice: datetime, in_time: bool
) -> None:
    """Saturday counts (City Hall is closed, but it is neither a Sunday nor a legal holiday):
    work at 8:00 a.m. Monday needs its notice by 8:00 a.m. Saturday."""
    assert (CITY.counted_hours(notice, at(2026, 12, 7, 8)) >= hours(24)) is in_time


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (at(2026, 12, 5, 21), at(2026, 12, 7, 2)),  # Saturday 9 p.m. + 5: 3 Saturday, 2 Monday
        (at(2026, 12, 5, 22), at(2026, 12, 7, 3)),
        (at(2026, 12, 5, 23), at(2026, 12, 7, 4)),
    ],
)
def test_five_hours_from_late_saturday_skip_the_whole_sunday(
    start: datetime, end: datetime
) -> None:
    assert CITY.add_hours(start, 5) == end


def test_a_period_that_runs_out_at_midnight_before_a_sunday_ends_at_that_midnight() -> None:
    period = CITY.explain_add_hours(at(2026, 12, 5, 22), 2)
    assert period.end == at(2026, 12, 6, 0)
    assert (
        period.explanation[-1] == "The 2 hours run out at midnight at the start of Sun Dec 6, 2026."
    )
    assert CITY.add_hours(at(2026, 12, 5, 21), 2) == at(2026, 12, 5, 23)  # the hour before
    assert CITY.add_hours(at(2026, 12, 5, 23), 2) == at(2026, 12, 7, 1)  # the hour after


def test_a_period_starting_on_a_sunday_starts_counting_at_monday_midnight() -> None:
    assert CITY.add_hours(at(2026, 12, 6, 14), 1) == at(2026, 12, 7, 1)
    assert CITY.counted_hours(at(2026, 12, 6, 14), at(2026, 12, 7, 0)) == hours(0)


def test_a_day_city_hall_closes_that_is_no_legal_holiday_is_counted() -> None:
    """December 24 (closed by the City) is neither a Sunday nor a § 995.20 holiday."""
    assert CITY.add_hours(at(2026, 12, 23, 10), 24) == at(2026, 12, 24, 10)
    # December 25 is a legal holiday: from Thursday the 24th at 10:00, Friday is not counted.
    assert CITY.add_hours(at(2026, 12, 24, 10), 24) == at(2026, 12, 26, 10)


def test_a_city_whose_attorney_reads_legal_holidays_otherwise_skips_only_sundays() -> None:
    plain = CityCalendar(legal_holidays_extend_deadlines=False)
    assert plain.add_hours(at(2026, 11, 25, 10), 24) == at(2026, 11, 26, 10)
    assert plain.add_hours(at(2026, 12, 5, 10), 24) == at(2026, 12, 7, 10)  # Sunday still


@pytest.mark.parametrize("extend", [True, False])
def test_hours_and_days_leave_out_the_same_days(extend: bool) -> None:
    """§ 990.001(4)(a) and (b) name the same days: a day none of whose hours count is a day a
    period in days cannot end on, whichever way the legal-holiday setting reads."""
    calendar = CityCalendar(legal_holidays_extend_deadlines=extend)
    left_out = []
    for offset in range(120):  # November to February: Sundays, Thanksgiving, Christmas
        day = date(2026, 11, 1) + timedelta(days=offset)
        midnight = datetime.combine(day, time(0), tzinfo=CENTRAL)
        next_midnight = datetime.combine(day + timedelta(days=1), time(0), tzinfo=CENTRAL)
        none_counted = calendar.counted_hours(midnight, next_midnight) == hours(0)
        assert none_counted == (not calendar.can_end_period(day, at_city_hall=False)), day
        left_out += [day] if none_counted else []
    assert (date(2026, 11, 26) in left_out) == extend  # Thanksgiving, a Thursday
    assert date(2026, 11, 29) in left_out  # a Sunday either way


# ---- daylight saving time ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "end"),
    [
        # Clocks go back at 2 a.m. Sunday November 1, 2026: Sunday is not counted anyway, so
        # 24 hours from Saturday land on Monday at the same clock time (49 hours pass).
        (at(2026, 10, 31, 9), at(2026, 11, 2, 9)),
        (at(2026, 10, 31, 10), at(2026, 11, 2, 10)),
        (at(2026, 10, 31, 11), at(2026, 11, 2, 11)),
        # Clocks go forward at 2 a.m. Sunday March 8, 2026 (47 hours pass).
        (at(2026, 3, 7, 9), at(2026, 3, 9, 9)),
        (at(2026, 3, 7, 10), at(2026, 3, 9, 10)),
        (at(2026, 3, 7, 11), at(2026, 3, 9, 11)),
    ],
)
def test_24_hours_across_a_change_of_clocks_land_on_the_same_clock_time(
    start: datetime, end: datetime
) -> None:
    assert CITY.add_hours(start, 24) == end
    assert CITY.counted_hours(start, end) == hours(24)


def test_the_time_that_passes_across_the_changes_differs_by_the_hour_moved() -> None:
    back = CITY.explain_add_hours(at(2026, 10, 31, 10), 24)
    forward = CITY.explain_add_hours(at(2026, 3, 7, 10), 24)
    assert back.elapsed == hours(49)
    assert forward.elapsed == hours(47)


def test_an_instant_in_utc_is_counted_on_the_citys_clock() -> None:
    """11 p.m. Saturday in Prescott is 5 a.m. Sunday UTC: it is still Saturday that counts."""
    saturday_night = at(2026, 12, 5, 23).astimezone(ZoneInfo("UTC"))
    assert CITY.add_hours(saturday_night, 1) == at(2026, 12, 6, 0)


def test_a_naive_moment_or_a_fraction_of_an_hour_is_refused() -> None:
    with pytest.raises(ValueError, match="time zone"):
        CITY.add_hours(datetime(2026, 12, 5, 9), 24)
    with pytest.raises(ValueError, match="whole number"):
        CITY.add_hours(at(2026, 12, 5, 9), 1.5)  # type: ignore[arg-type]


# ---- properties ----------------------------------------------------------------------------------

moments = st.datetimes(
    min_value=datetime(2025, 1, 1),
    max_value=datetime(2028, 12, 31),
    timezones=st.just(CENTRAL),
    allow_imaginary=False,
)


@settings(max_examples=300, deadline=None)
@given(start=moments, n=st.integers(min_value=0, max_value=200))
def test_adding_hours_then_counting_them_gives_the_hours_back(start: datetime, n: int) -> None:
    end = CITY.add_hours(start, n)
    assert CITY.counted_hours(start, end) == hours(n)
    assert end >= start
    if n:
        # Not a moment sooner: an hour earlier counts an hour less.
        assert CITY.counted_hours(start, end - hours(1)) < hours(n)
