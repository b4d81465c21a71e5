"""The City Hall calendar: Wis. Stat. § 990.001(4) periods, business days, holidays, settings.

Dates are written with their weekday in a comment so the situation reads at a glance.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clerk_desk import deadlines
from clerk_desk.deadlines import (
    DEFAULT_CLOSED_HOLIDAYS,
    HOLIDAY_RULES,
    PERIOD_CITE,
    CalendarSettings,
    CityCalendar,
    days_overdue,
    days_remaining,
    default_calendar,
    holiday_rule,
    holidays_in,
)
from clerk_desk.errors import InvalidInput
from clerk_desk.words import format_day

CITY = default_calendar()
d = date


def test_dates_in_comments_are_right() -> None:
    """The weekdays the comments below rely on."""
    assert format_day(d(2026, 3, 2)) == "Mon Mar 2, 2026"
    assert format_day(d(2026, 11, 26)) == "Thu Nov 26, 2026"
    assert format_day(d(2026, 7, 4)) == "Sat Jul 4, 2026"
    assert format_day(d(2027, 7, 4)) == "Sun Jul 4, 2027"
    assert format_day(d(2022, 1, 1)) == "Sat Jan 1, 2022"
    assert format_day(d(2023, 1, 1)) == "Sun Jan 1, 2023"


# -- § 990.001(4): calendar-day periods ------------------------------------------------------------


def test_first_day_is_excluded_and_last_included() -> None:
    assert CITY.add_days(d(2026, 3, 2), 1) == d(2026, 3, 3)  # Mon + 1 = Tue
    assert CITY.add_days(d(2026, 3, 2), 4) == d(2026, 3, 6)  # Mon + 4 = Fri


def test_period_ending_on_saturday_or_sunday_moves_to_monday() -> None:
    assert CITY.add_days(d(2026, 3, 2), 4) == d(2026, 3, 6)  # ends Fri: stays
    assert CITY.add_days(d(2026, 3, 2), 5) == d(2026, 3, 9)  # ends Sat -> Mon
    assert CITY.add_days(d(2026, 3, 2), 6) == d(2026, 3, 9)  # ends Sun -> Mon
    assert CITY.add_days(d(2026, 3, 2), 7) == d(2026, 3, 9)  # ends Mon: stays


def test_zero_days_is_the_day_itself_moved_if_city_hall_is_closed() -> None:
    assert CITY.add_days(d(2026, 3, 4), 0) == d(2026, 3, 4)  # Wed
    assert CITY.add_days(d(2026, 3, 7), 0) == d(2026, 3, 9)  # Sat -> Mon


def test_thanksgiving_moves_to_monday_because_the_city_closes_the_friday_after() -> None:
    assert CITY.add_days(d(2026, 11, 16), 9) == d(2026, 11, 25)  # ends Wed: stays
    assert CITY.add_days(d(2026, 11, 16), 10) == d(2026, 11, 30)  # ends Thu -> Mon
    assert CITY.add_days(d(2026, 11, 16), 11) == d(2026, 11, 30)  # ends Fri -> Mon


def test_thanksgiving_moves_to_friday_when_the_city_stays_open_that_friday() -> None:
    open_friday = CityCalendar(closed_holidays=DEFAULT_CLOSED_HOLIDAYS - {"day_after_thanksgiving"})
    assert open_friday.add_days(d(2026, 11, 16), 10) == d(2026, 11, 27)  # ends Thu -> Fri


def test_new_year() -> None:
    assert CITY.add_days(d(2025, 12, 31), 1) == d(2026, 1, 2)  # Thu Jan 1 -> Fri Jan 2
    assert CITY.add_days(d(2026, 12, 31), 1) == d(2027, 1, 4)  # Fri Jan 1 -> Mon Jan 4


def test_new_year_on_a_saturday_is_not_observed_on_friday() -> None:
    assert CITY.is_open(d(2021, 12, 31))  # Fri
    assert CITY.add_days(d(2021, 12, 30), 1) == d(2021, 12, 31)  # ends Fri: stays
    assert CITY.add_days(d(2021, 12, 31), 1) == d(2022, 1, 3)  # Sat Jan 1 -> Mon Jan 3


def test_new_year_on_a_sunday_is_observed_on_monday() -> None:
    assert CITY.closed_reason(d(2023, 1, 1)) == "New Year's Day (Wis. Stat. § 995.20)"
    assert CITY.closed_reason(d(2023, 1, 2)) == "New Year's Day, observed (Wis. Stat. § 995.20)"
    assert CITY.add_days(d(2022, 12, 30), 2) == d(2023, 1, 3)  # Sun -> observed Mon -> Tue


def test_christmas_eve_christmas_and_the_weekend_run_together() -> None:
    # 2026: Thu Dec 24 (City), Fri Dec 25, Sat, Sun: a period ending Dec 24 is due Mon Dec 28.
    assert CITY.add_days(d(2026, 12, 23), 1) == d(2026, 12, 28)
    # 2022: Sat Dec 24, Sun Dec 25, Mon Dec 26 (Christmas observed): due Tue Dec 27.
    assert CITY.add_days(d(2022, 12, 23), 1) == d(2022, 12, 27)


def test_july_fourth_on_a_saturday_leaves_friday_open() -> None:
    assert CITY.add_days(d(2026, 7, 2), 1) == d(2026, 7, 3)  # Fri Jul 3: open
    assert CITY.add_days(d(2026, 7, 3), 1) == d(2026, 7, 6)  # Sat Jul 4 -> Mon Jul 6


def test_july_fourth_on_a_sunday_closes_monday() -> None:
    assert CITY.closed_reason(d(2027, 7, 5)) == "Independence Day, observed (Wis. Stat. § 995.20)"
    assert CITY.add_days(d(2027, 7, 2), 2) == d(2027, 7, 6)  # Sun Jul 4 -> Mon closed -> Tue


def test_a_legal_holiday_city_hall_stays_open_on_still_ends_no_period() -> None:
    """§ 990.001(4)(b): a last day on a legal holiday moves to the next secular day."""
    assert CITY.is_open(d(2026, 10, 12))  # Mon: Columbus Day, City Hall open
    assert CITY.add_days(d(2026, 9, 12), 30) == d(2026, 10, 13)  # ends on it -> Tue
    assert CITY.is_open(d(2026, 11, 3))  # Tue: general election, City Hall open
    assert CITY.add_days(d(2026, 10, 4), 30) == d(2026, 11, 4)  # ends on it -> Wed
    assert CITY.is_open(d(2026, 4, 7))  # spring election: not a legal holiday
    assert CITY.add_days(d(2026, 3, 31), 7) == d(2026, 4, 7)


def test_with_the_legal_holiday_extension_off_only_closed_days_move() -> None:
    strict = CityCalendar.from_settings(CalendarSettings(legal_holidays_extend_deadlines=False))
    assert strict.add_days(d(2026, 9, 12), 30) == d(2026, 10, 12)  # Columbus Day: stays


def test_an_open_sunday_still_ends_no_period() -> None:
    calendar = CityCalendar(extra_open={d(2026, 3, 8)})  # Sun opened by the Clerk
    assert calendar.is_open(d(2026, 3, 8))
    assert calendar.add_days(d(2026, 3, 2), 6) == d(2026, 3, 9)


def test_negative_or_non_integer_day_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        CITY.add_days(d(2026, 1, 5), -1)
    with pytest.raises(ValueError):
        CITY.add_business_days(d(2026, 1, 5), -1)
    with pytest.raises(TypeError):
        CITY.add_days(d(2026, 1, 5), 1.0)  # type: ignore[arg-type]


def test_explanation_shows_how_the_due_date_was_reached() -> None:
    deadline = CITY.explain_add_days(d(2026, 11, 27), 30)
    assert (deadline.start, deadline.days, deadline.kind) == (d(2026, 11, 27), 30, "calendar days")
    assert deadline.nominal == d(2026, 12, 27)
    assert deadline.due == d(2026, 12, 28)
    assert deadline.moved
    assert deadline.cite == PERIOD_CITE
    assert deadline.explanation == (
        "30 days after Fri Nov 27, 2026 is Sun Dec 27, 2026 "
        "(the first day is not counted, the last is).",
        "City Hall is closed on Sun Dec 27, 2026 (Sunday).",
        "Moved to Mon Dec 28, 2026, the next day City Hall is open — Wis. Stat. § 990.001(4).",
    )
    assert deadline.skipped == ((d(2026, 12, 27), deadline.explanation[1]),)


def test_explanation_of_a_date_that_did_not_move_is_one_line() -> None:
    deadline = CITY.explain_add_days(d(2026, 3, 2), 1)
    assert not deadline.moved
    assert str(deadline) == (
        "1 day after Mon Mar 2, 2026 is Tue Mar 3, 2026 — Wis. Stat. § 990.001(4) "
        "(the first day is not counted, the last is)."
    )


def test_explanation_across_thanksgiving_names_each_closed_day() -> None:
    lines = CITY.explain_add_days(d(2026, 11, 16), 10).explanation
    assert lines[1:] == (
        "City Hall is closed on Thu Nov 26, 2026 (Thanksgiving Day (Wis. Stat. § 995.20)).",
        "City Hall is closed on Fri Nov 27, 2026 (Day after Thanksgiving (closed by the City)).",
        "City Hall is closed on Sat Nov 28, 2026 (Saturday).",
        "City Hall is closed on Sun Nov 29, 2026 (Sunday).",
        "Moved to Mon Nov 30, 2026, the next day City Hall is open — Wis. Stat. § 990.001(4).",
    )


def test_explanation_of_an_open_legal_holiday() -> None:
    lines = CITY.explain_add_days(d(2026, 9, 12), 30).explanation
    assert lines[1] == (
        "Mon Oct 12, 2026 is a legal holiday, Columbus Day (Wis. Stat. § 995.20); City Hall is "
        "open, but a period does not end on a legal holiday."
    )
    assert lines[2].startswith("Moved to Tue Oct 13, 2026, the next day City Hall is open and not")


# -- § 990.001(4): filings at City Hall versus every other act -------------------------------------

STRICT = CityCalendar(legal_holidays_extend_deadlines=False)

# (start, n, due for a filing with or payment to City Hall, due for any other act)
BOTH_MODES = [
    # a plain week: the day before, on and after a Saturday, then the Sunday and the Monday
    (d(2026, 3, 2), 4, d(2026, 3, 6), d(2026, 3, 6)),  # ends Fri: stays
    (d(2026, 3, 2), 5, d(2026, 3, 9), d(2026, 3, 7)),  # ends Sat: only City Hall moves
    (d(2026, 3, 2), 6, d(2026, 3, 9), d(2026, 3, 9)),  # ends Sun: both move to Mon
    (d(2026, 3, 2), 7, d(2026, 3, 9), d(2026, 3, 9)),  # ends Mon: stays
    # the review's case: a 20-day repair notice ending Sat Nov 14, 2026
    (d(2026, 10, 24), 20, d(2026, 11, 13), d(2026, 11, 13)),  # ends Fri: stays
    (d(2026, 10, 25), 20, d(2026, 11, 16), d(2026, 11, 14)),  # ends Sat
    (d(2026, 10, 26), 20, d(2026, 11, 16), d(2026, 11, 16)),  # ends Sun -> Mon
    # Labor Day, a legal holiday on a Monday (City Hall closed)
    (d(2026, 9, 1), 3, d(2026, 9, 4), d(2026, 9, 4)),  # ends Fri: stays
    (d(2026, 9, 1), 4, d(2026, 9, 8), d(2026, 9, 5)),  # ends Sat
    (d(2026, 9, 1), 5, d(2026, 9, 8), d(2026, 9, 8)),  # ends Sun -> past Labor Day -> Tue
    (d(2026, 9, 1), 6, d(2026, 9, 8), d(2026, 9, 8)),  # ends on Labor Day -> Tue
    (d(2026, 9, 1), 7, d(2026, 9, 8), d(2026, 9, 8)),  # ends Tue: stays
    # Columbus Day, a legal holiday on a Monday City Hall is open on
    (d(2026, 10, 1), 10, d(2026, 10, 13), d(2026, 10, 13)),  # ends Sun -> past it -> Tue
    (d(2026, 10, 1), 11, d(2026, 10, 13), d(2026, 10, 13)),  # ends on it -> Tue
    (d(2026, 10, 1), 12, d(2026, 10, 13), d(2026, 10, 13)),  # ends Tue: stays
    # Thanksgiving and the day after (the City's own closed day)
    (d(2026, 11, 16), 9, d(2026, 11, 25), d(2026, 11, 25)),  # ends Wed: stays
    (d(2026, 11, 16), 10, d(2026, 11, 30), d(2026, 11, 27)),  # ends Thanksgiving -> Fri
    (d(2026, 11, 16), 11, d(2026, 11, 30), d(2026, 11, 27)),  # ends on the day after
    (d(2026, 11, 16), 12, d(2026, 11, 30), d(2026, 11, 28)),  # ends Sat
    (d(2026, 11, 16), 13, d(2026, 11, 30), d(2026, 11, 30)),  # ends Sun -> Mon
    # Christmas Eve (the City's own closed day) and Christmas
    (d(2026, 12, 13), 10, d(2026, 12, 23), d(2026, 12, 23)),  # ends Wed: stays
    (d(2026, 12, 13), 11, d(2026, 12, 28), d(2026, 12, 24)),  # ends on Dec 24
    (d(2026, 12, 13), 12, d(2026, 12, 28), d(2026, 12, 26)),  # ends Christmas -> Sat
    (d(2026, 12, 13), 13, d(2026, 12, 28), d(2026, 12, 26)),  # ends Sat
    (d(2026, 12, 13), 14, d(2026, 12, 28), d(2026, 12, 28)),  # ends Sun -> Mon
    # Christmas Eve on a Sunday (2023): both move; Christmas on Monday moves both again
    (d(2023, 12, 14), 10, d(2023, 12, 26), d(2023, 12, 26)),
]


@pytest.mark.parametrize(("start", "n", "at_city_hall", "other"), BOTH_MODES)
def test_only_a_filing_or_payment_at_city_hall_moves_off_a_closed_day(
    start: date, n: int, at_city_hall: date, other: date
) -> None:
    assert CITY.add_days(start, n) == at_city_hall  # the default is a City Hall filing
    assert CITY.add_days(start, n, at_city_hall=True) == at_city_hall
    assert CITY.add_days(start, n, at_city_hall=False) == other
    assert CITY.explain_add_days(start, n, at_city_hall=False).due == other


def test_a_repair_deadline_on_a_saturday_stays_on_the_saturday() -> None:
    deadline = CITY.explain_add_days(d(2026, 10, 25), 20, at_city_hall=False)
    assert deadline.due == d(2026, 11, 14)  # Sat
    assert not deadline.moved
    assert deadline.last_open_day == d(2026, 11, 13)  # Fri: the last day at the counter
    assert deadline.cite == PERIOD_CITE
    assert deadline.explanation == (
        "20 days after Sun Oct 25, 2026 is Sat Nov 14, 2026 — Wis. Stat. § 990.001(4) "
        "(the first day is not counted, the last is).",
        "City Hall is closed on Sat Nov 14, 2026 (Saturday), but that moves only a filing with "
        "or payment to City Hall; this period still ends then — Wis. Stat. § 990.001(4).",
        "Not a filing with or payment to City Hall: only a Sunday or a legal holiday moves the "
        "last day — Wis. Stat. § 990.001(4).",
    )
    filing = CITY.explain_add_days(d(2026, 10, 25), 20)
    assert (filing.due, filing.last_open_day) == (d(2026, 11, 16), d(2026, 11, 16))


def test_explanation_of_a_period_not_at_city_hall_ending_on_thanksgiving() -> None:
    deadline = CITY.explain_add_days(d(2026, 11, 16), 10, at_city_hall=False)
    assert deadline.due == d(2026, 11, 27)
    assert deadline.last_open_day == d(2026, 11, 25)  # Wed
    assert deadline.explanation == (
        "10 days after Mon Nov 16, 2026 is Thu Nov 26, 2026 "
        "(the first day is not counted, the last is).",
        "Thu Nov 26, 2026 is a legal holiday, Thanksgiving Day (Wis. Stat. § 995.20); a period "
        "does not end on a legal holiday.",
        "Moved to Fri Nov 27, 2026, the next day that is not a Sunday or legal holiday — "
        "Wis. Stat. § 990.001(4).",
        "City Hall is closed on Fri Nov 27, 2026 (Day after Thanksgiving (closed by the City)), "
        "but that moves only a filing with or payment to City Hall; this period still ends "
        "then — Wis. Stat. § 990.001(4).",
        "Not a filing with or payment to City Hall: only a Sunday or a legal holiday moves the "
        "last day — Wis. Stat. § 990.001(4).",
    )
    assert [day for day, _ in deadline.skipped] == [d(2026, 11, 26)]


def test_explanation_of_a_period_not_at_city_hall_on_an_open_weekday() -> None:
    deadline = CITY.explain_add_days(d(2026, 3, 2), 1, at_city_hall=False)
    assert deadline.due == deadline.last_open_day == d(2026, 3, 3)
    assert deadline.explanation[1:] == (
        "Not a filing with or payment to City Hall: only a Sunday or a legal holiday moves the "
        "last day — Wis. Stat. § 990.001(4).",
    )


def test_a_snow_day_does_not_move_a_period_not_at_city_hall() -> None:
    snow_day = d(2027, 1, 12)  # Tue
    calendar = CityCalendar.from_settings(CalendarSettings().close_day(snow_day))
    assert calendar.add_days(d(2027, 1, 5), 6, at_city_hall=False) == d(2027, 1, 11)  # before
    assert calendar.add_days(d(2027, 1, 5), 7, at_city_hall=False) == snow_day  # on it
    assert calendar.add_days(d(2027, 1, 5), 8, at_city_hall=False) == d(2027, 1, 13)  # after
    assert calendar.add_days(d(2027, 1, 5), 7) == d(2027, 1, 13)  # a filing moves


def test_can_end_period_in_both_modes() -> None:
    saturday, sunday, labor_day = d(2026, 3, 7), d(2026, 3, 8), d(2026, 9, 7)
    assert not CITY.can_end_period(saturday)
    assert CITY.can_end_period(saturday, at_city_hall=False)
    assert not CITY.can_end_period(sunday, at_city_hall=False)
    assert not CITY.can_end_period(labor_day, at_city_hall=False)
    assert CITY.can_end_period(d(2026, 11, 27), at_city_hall=False)  # day after Thanksgiving
    assert CITY.can_end_period(d(2026, 12, 24), at_city_hall=False)  # Christmas Eve


# The legal-holiday setting off: legal holidays move a City Hall filing only when City Hall is
# closed, and no other act at all; Sundays still move every period.


@pytest.mark.parametrize(
    ("start", "n", "at_city_hall", "other"),
    [
        (d(2026, 9, 1), 5, d(2026, 9, 8), d(2026, 9, 7)),  # ends Sun -> Mon, Labor Day
        (d(2026, 9, 1), 6, d(2026, 9, 8), d(2026, 9, 7)),  # ends on Labor Day (closed)
        (d(2026, 9, 1), 7, d(2026, 9, 8), d(2026, 9, 8)),  # ends Tue
        (d(2026, 10, 1), 10, d(2026, 10, 12), d(2026, 10, 12)),  # ends Sun -> Columbus Day
        (d(2026, 10, 1), 11, d(2026, 10, 12), d(2026, 10, 12)),  # ends on it: open, stays
        (d(2026, 11, 16), 10, d(2026, 11, 30), d(2026, 11, 26)),  # ends Thanksgiving
        (d(2026, 11, 16), 13, d(2026, 11, 30), d(2026, 11, 30)),  # ends Sun -> Mon
    ],
)
def test_with_the_legal_holiday_extension_off_in_both_modes(
    start: date, n: int, at_city_hall: date, other: date
) -> None:
    assert STRICT.add_days(start, n) == at_city_hall
    assert STRICT.add_days(start, n, at_city_hall=False) == other


@pytest.mark.parametrize("at_city_hall", [True, False])
def test_an_open_sunday_ends_no_period_even_with_the_legal_holiday_extension_off(
    at_city_hall: bool,
) -> None:
    """The review's case: a Sunday opened for absentee voting, the setting off."""
    calendar = CityCalendar.from_settings(
        CalendarSettings(legal_holidays_extend_deadlines=False).open_day(d(2026, 11, 1))
    )
    assert calendar.is_open(d(2026, 11, 1))
    mode = {"at_city_hall": at_city_hall}
    saturday = d(2026, 11, 2) if at_city_hall else d(2026, 10, 31)
    assert calendar.add_days(d(2026, 10, 21), 10, **mode) == saturday  # ends Sat Oct 31
    assert calendar.add_days(d(2026, 10, 22), 10, **mode) == d(2026, 11, 2)  # Sun Nov 1 -> Mon
    assert calendar.add_days(d(2026, 10, 23), 10, **mode) == d(2026, 11, 2)  # ends Mon
    assert calendar.add_days(d(2026, 11, 1), 0, **mode) == d(2026, 11, 2)
    assert not calendar.can_end_period(d(2026, 11, 1), **mode)
    deadline = calendar.explain_add_days(d(2026, 10, 22), 10, **mode)
    opened = "City Hall is open, but " if at_city_hall else ""
    assert deadline.explanation[1] == (
        f"Sun Nov 1, 2026 is a Sunday; {opened}a period does not end on a Sunday."
    )


def test_an_open_saturday_ends_a_period_in_both_modes() -> None:
    calendar = CityCalendar.from_settings(CalendarSettings().open_day(d(2026, 3, 7)))
    assert calendar.add_days(d(2026, 3, 2), 5) == d(2026, 3, 7)
    assert calendar.add_days(d(2026, 3, 2), 5, at_city_hall=False) == d(2026, 3, 7)


# -- business days ---------------------------------------------------------------------------------


def test_business_days_across_thanksgiving_week() -> None:
    assert CITY.add_business_days(d(2026, 11, 23), 2) == d(2026, 11, 25)  # Mon + 2 = Wed
    assert CITY.add_business_days(d(2026, 11, 23), 3) == d(2026, 11, 30)  # Thu-Sun closed
    assert CITY.add_business_days(d(2026, 11, 20), 10) == d(2026, 12, 8)


def test_business_days_n_zero_is_the_day_if_open_else_the_next_open_day() -> None:
    assert CITY.add_business_days(d(2026, 11, 25), 0) == d(2026, 11, 25)  # Wed
    assert CITY.add_business_days(d(2026, 11, 26), 0) == d(2026, 11, 30)  # Thanksgiving -> Mon


def test_two_regular_business_days_after_a_weekend_emergency() -> None:
    assert CITY.add_business_days(d(2026, 3, 7), 1) == d(2026, 3, 9)  # Sat -> Mon
    assert CITY.add_business_days(d(2026, 3, 7), 2) == d(2026, 3, 10)  # Tue


def test_an_open_legal_holiday_is_a_business_day() -> None:
    assert CITY.add_business_days(d(2026, 10, 9), 1) == d(2026, 10, 12)  # Fri + 1 = Columbus Day


def test_business_day_explanation_names_holidays_and_summarises_weekends() -> None:
    deadline = CITY.explain_add_business_days(d(2026, 11, 20), 10)
    assert deadline.explanation == (
        "10 business days after Fri Nov 20, 2026 is Tue Dec 8, 2026 "
        "(counting only days City Hall is open).",
        "Not counted, City Hall closed: Thu Nov 26, 2026 (Thanksgiving Day (Wis. Stat. § 995.20)); "
        "Fri Nov 27, 2026 (Day after Thanksgiving (closed by the City)); "
        "weekends are not counted either.",
    )
    assert deadline.due == deadline.last_open_day == d(2026, 12, 8)


# -- counting back: "at least N days before" ------------------------------------------------------


def test_latest_day_before_counts_back_without_moving() -> None:
    event = d(2026, 6, 20)  # Sat: a street festival
    assert CITY.latest_day_before(event, 7) == d(2026, 6, 13)  # Sat: the law's last day
    deadline = CITY.explain_latest_day_before(event, 7)
    assert deadline.last_open_day == d(2026, 6, 12)  # Fri: last day at the counter
    assert deadline.explanation == (
        "At least 7 days before Sat Jun 20, 2026 means on or before Sat Jun 13, 2026 "
        "(the event day is not counted) — Wis. Stat. § 990.001(4).",
        "City Hall is closed on Sat Jun 13, 2026 (Saturday); to hand it in at the counter, "
        "come by Fri Jun 12, 2026.",
    )


def test_latest_day_before_on_an_open_day() -> None:
    deadline = CITY.explain_latest_day_before(d(2026, 6, 24), 7)  # Wed event
    assert deadline.due == deadline.last_open_day == d(2026, 6, 17)  # Wed
    assert len(deadline.explanation) == 1


def test_latest_business_day_before() -> None:
    work = d(2026, 11, 30)  # Mon after Thanksgiving
    assert CITY.latest_business_day_before(work, 1) == d(2026, 11, 25)  # Wed
    assert CITY.latest_business_day_before(d(2026, 3, 4), 1) == d(2026, 3, 3)  # Wed -> Tue
    assert CITY.latest_business_day_before(d(2026, 3, 7), 0) == d(2026, 3, 6)  # Sat -> Fri
    assert CITY.latest_business_day_before(d(2026, 3, 6), 0) == d(2026, 3, 6)


# -- helpers ---------------------------------------------------------------------------------------


def test_days_overdue_and_remaining_at_the_boundaries() -> None:
    due = d(2026, 3, 9)
    assert days_overdue(due, d(2026, 3, 8)) == 0  # the day before
    assert days_overdue(due, d(2026, 3, 9)) == 0  # on the due date
    assert days_overdue(due, d(2026, 3, 10)) == 1  # the day after
    assert days_remaining(due, d(2026, 3, 8)) == 1
    assert days_remaining(due, d(2026, 3, 9)) == 0
    assert days_remaining(due, d(2026, 3, 10)) == -1


def test_next_and_previous_open_day() -> None:
    assert CITY.next_open_day(d(2026, 11, 25)) == d(2026, 11, 30)  # Wed -> Mon
    assert CITY.next_open_day(d(2026, 11, 25), inclusive=True) == d(2026, 11, 25)
    assert CITY.previous_open_day(d(2026, 11, 30)) == d(2026, 11, 25)
    assert CITY.previous_open_day(d(2026, 11, 28), inclusive=True) == d(2026, 11, 25)


def test_closed_reasons() -> None:
    assert CITY.closed_reason(d(2026, 3, 7)) == "Saturday"
    assert CITY.closed_reason(d(2026, 3, 8)) == "Sunday"
    assert CITY.closed_reason(d(2026, 3, 9)) is None
    assert CITY.closed_reason(d(2026, 11, 26)) == "Thanksgiving Day (Wis. Stat. § 995.20)"
    assert CITY.closed_reason(d(2026, 11, 27)) == "Day after Thanksgiving (closed by the City)"
    assert CITY.closed_reason(d(2026, 12, 24)) == "Christmas Eve (closed by the City)"
    assert CITY.closed_reason(d(2026, 7, 4)) == "Independence Day (Wis. Stat. § 995.20)"  # Sat
    assert CITY.legal_holiday(d(2026, 10, 12)) == "Columbus Day (Wis. Stat. § 995.20)"
    assert CITY.legal_holiday(d(2026, 11, 27)) is None


def test_closed_days_in_a_year_for_the_settings_screen() -> None:
    closed = dict(CITY.closed_days_in(2026))
    assert len(closed) == 12
    assert d(2026, 10, 12) not in closed  # Columbus Day: open
    assert d(2026, 11, 3) not in closed  # general election: open
    assert closed[d(2026, 12, 24)] == "Christmas Eve (closed by the City)"


# -- holiday rules ---------------------------------------------------------------------------------

KNOWN_DATES = [
    ("new_years_day", 2026, d(2026, 1, 1)),
    ("martin_luther_king_jr_day", 2026, d(2026, 1, 19)),
    ("martin_luther_king_jr_day", 2027, d(2027, 1, 18)),
    ("spring_primary", 2026, d(2026, 2, 17)),
    ("spring_primary", 2027, d(2027, 2, 16)),
    ("washington_lincoln_day", 2026, d(2026, 2, 16)),
    ("washington_lincoln_day", 2027, d(2027, 2, 15)),
    ("spring_election", 2026, d(2026, 4, 7)),
    ("spring_election", 2027, d(2027, 4, 6)),
    ("memorial_day", 2026, d(2026, 5, 25)),
    ("memorial_day", 2027, d(2027, 5, 31)),
    ("juneteenth", 2026, d(2026, 6, 19)),
    ("independence_day", 2026, d(2026, 7, 4)),
    ("partisan_primary", 2024, d(2024, 8, 13)),
    ("partisan_primary", 2026, d(2026, 8, 11)),
    ("partisan_primary", 2027, None),
    ("labor_day", 2026, d(2026, 9, 7)),
    ("labor_day", 2027, d(2027, 9, 6)),
    ("second_monday_october", 2026, d(2026, 10, 12)),
    ("second_monday_october", 2027, d(2027, 10, 11)),
    ("general_election", 2022, d(2022, 11, 8)),  # Nov 1 was a Tuesday: not the election
    ("general_election", 2024, d(2024, 11, 5)),
    ("general_election", 2026, d(2026, 11, 3)),
    ("general_election", 2027, None),
    ("veterans_day", 2026, d(2026, 11, 11)),
    ("thanksgiving", 2025, d(2025, 11, 27)),
    ("thanksgiving", 2026, d(2026, 11, 26)),
    ("thanksgiving", 2027, d(2027, 11, 25)),
    ("day_after_thanksgiving", 2026, d(2026, 11, 27)),
    ("christmas_eve", 2026, d(2026, 12, 24)),
    ("christmas_day", 2026, d(2026, 12, 25)),
]


@pytest.mark.parametrize(("key", "year", "expected"), KNOWN_DATES)
def test_every_holiday_rule_in_known_years(key: str, year: int, expected: date | None) -> None:
    assert holiday_rule(key).date_in(year) == expected


def test_every_rule_is_checked_above() -> None:
    assert {key for key, _, _ in KNOWN_DATES} == {rule.key for rule in HOLIDAY_RULES}


@pytest.mark.parametrize(
    ("key", "year", "sunday", "monday"),
    [
        ("juneteenth", 2022, d(2022, 6, 19), d(2022, 6, 20)),
        ("christmas_day", 2022, d(2022, 12, 25), d(2022, 12, 26)),
        ("new_years_day", 2023, d(2023, 1, 1), d(2023, 1, 2)),
        ("independence_day", 2027, d(2027, 7, 4), d(2027, 7, 5)),
        ("veterans_day", 2029, d(2029, 11, 11), d(2029, 11, 12)),
    ],
)
def test_a_sunday_holiday_is_observed_on_monday(
    key: str, year: int, sunday: date, monday: date
) -> None:
    rule = holiday_rule(key)
    assert rule.date_in(year) == sunday
    assert rule.observed_in(year) == monday
    assert not CITY.is_open(monday)


def test_the_citys_own_days_are_not_moved_off_a_sunday() -> None:
    assert holiday_rule("christmas_eve").observed_in(2023) == d(2023, 12, 24)  # Sun
    assert CITY.is_open(d(2023, 12, 22))  # Fri before: open


def test_the_rule_keys_are_stable() -> None:
    """The keys are stored in the database: renaming one silently reopens City Hall."""
    assert [rule.key for rule in HOLIDAY_RULES] == [
        "new_years_day", "martin_luther_king_jr_day", "spring_primary", "washington_lincoln_day",
        "spring_election", "memorial_day", "juneteenth", "independence_day", "partisan_primary",
        "labor_day", "second_monday_october", "general_election", "veterans_day", "thanksgiving",
        "day_after_thanksgiving", "christmas_eve", "christmas_day",
    ]  # fmt: skip


def test_default_closed_days() -> None:
    closed_by_default = {
        "new_years_day", "martin_luther_king_jr_day", "washington_lincoln_day", "memorial_day",
        "juneteenth", "independence_day", "labor_day", "veterans_day", "thanksgiving",
        "day_after_thanksgiving", "christmas_eve", "christmas_day",
    }  # fmt: skip
    assert closed_by_default == DEFAULT_CLOSED_HOLIDAYS
    city_days = {rule.key for rule in HOLIDAY_RULES if rule.city_day}
    assert city_days == {"day_after_thanksgiving", "christmas_eve"}
    not_legal = {rule.key for rule in HOLIDAY_RULES if not rule.legal_holiday}
    assert not_legal == city_days | {"spring_primary", "spring_election"}


def test_holidays_in_lists_observed_dates_in_order() -> None:
    listed = holidays_in(2027)
    assert [day for day, _ in listed] == sorted(day for day, _ in listed)
    keys = [rule.key for _, rule in listed]
    assert "general_election" not in keys and "partisan_primary" not in keys
    assert (d(2027, 7, 5), holiday_rule("independence_day")) in listed
    assert len(holidays_in(2026)) == len(HOLIDAY_RULES)


def test_holiday_dates_are_cached_per_year() -> None:
    deadlines._occurrences.cache_clear()
    calendar = default_calendar()
    for offset in range(500):  # the Today tab: hundreds of due dates
        calendar.add_days(d(2026, 1, 1) + timedelta(days=offset % 300), 30)
    info = deadlines._occurrences.cache_info()
    assert info.misses <= 3  # 2026 and 2027, computed once each


# -- settings --------------------------------------------------------------------------------------


def test_settings_round_trip_through_a_dict() -> None:
    original = CalendarSettings(
        closed_holidays=frozenset({"thanksgiving", "christmas_day", "spring_election"}),
        extra_closed=frozenset({d(2027, 1, 12), d(2026, 12, 31)}),
        extra_open=frozenset({d(2026, 11, 27)}),
        legal_holidays_extend_deadlines=False,
    )
    stored = original.to_dict()
    assert stored == {
        "version": 1,
        "closed_holidays": ["christmas_day", "spring_election", "thanksgiving"],
        "extra_closed": ["2026-12-31", "2027-01-12"],
        "extra_open": ["2026-11-27"],
        "closed_weekdays": ["Saturday", "Sunday"],
        "legal_holidays_extend_deadlines": False,
    }
    assert CalendarSettings.from_dict(stored) == original
    assert CalendarSettings.from_dict(CalendarSettings().to_dict()) == CalendarSettings()
    assert CalendarSettings.from_dict({}) == CalendarSettings()


EVERY_WEEKDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


@pytest.mark.parametrize(
    ("stored", "field"),
    [
        ({"closed_holidays": ["thanksgiving", "arbor_day"]}, "closed_holidays"),
        ({"closed_holidays": "thanksgiving"}, "closed_holidays"),
        ({"extra_closed": ["2026-13-01"]}, "extra_closed"),
        ({"extra_open": "2026-01-01"}, "extra_open"),
        ({"extra_closed": ["2026-01-05"], "extra_open": ["2026-01-05"]}, "extra_open"),
        ({"closed_weekdays": ["Caturday"]}, "closed_weekdays"),
        ({"closed_weekdays": EVERY_WEEKDAY}, "closed_weekdays"),
        ({"legal_holidays_extend_deadlines": "yes"}, "legal_holidays_extend_deadlines"),
        ({"snow_days": []}, "snow_days"),
        ({"version": 2}, "version"),
    ],
)
def test_malformed_settings_are_refused_not_dropped(stored: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        CalendarSettings.from_dict(stored)
    assert refused.value.field == field


def test_a_datetime_is_not_a_closed_day() -> None:
    with pytest.raises(InvalidInput):
        CalendarSettings(extra_closed=frozenset({datetime(2026, 1, 5, 8, 0)}))


def test_the_clerk_adds_a_snow_day() -> None:
    snow_day = d(2027, 1, 12)  # Tue
    calendar = CityCalendar.from_settings(CalendarSettings().close_day(snow_day))
    assert calendar.closed_reason(snow_day) == "Closed by the City (set in Settings)"
    assert calendar.add_days(d(2027, 1, 5), 7) == d(2027, 1, 13)  # ends on it -> Wed
    assert calendar.add_business_days(d(2027, 1, 11), 1) == d(2027, 1, 13)
    assert CITY.add_days(d(2027, 1, 5), 7) == snow_day  # the default calendar is untouched


def test_the_clerk_opens_city_hall_on_a_closed_day() -> None:
    settings = CalendarSettings().open_day(d(2026, 11, 27))  # Fri after Thanksgiving
    calendar = CityCalendar.from_settings(settings)
    assert calendar.is_open(d(2026, 11, 27))
    assert calendar.add_days(d(2026, 11, 16), 10) == d(2026, 11, 27)  # Thu -> Fri
    saturday = CityCalendar.from_settings(CalendarSettings().open_day(d(2026, 3, 7)))
    assert saturday.add_days(d(2026, 3, 2), 5) == d(2026, 3, 7)  # an open Saturday ends it


def test_closing_and_opening_the_same_day_replace_each_other() -> None:
    day = d(2026, 3, 4)
    settings = CalendarSettings().close_day(day).open_day(day)
    assert day in settings.extra_open and day not in settings.extra_closed
    assert settings.reset_day(day) == CalendarSettings()


def test_the_clerk_closes_an_election_day() -> None:
    calendar = CityCalendar(closed_holidays=DEFAULT_CLOSED_HOLIDAYS | {"spring_election"})
    assert calendar.closed_reason(d(2026, 4, 7)) == (
        "Spring election (closed by the City, set in Settings)"
    )


# -- properties ------------------------------------------------------------------------------------

days = st.dates(min_value=d(2020, 1, 1), max_value=d(2040, 12, 31))
periods = st.integers(min_value=0, max_value=400)


@st.composite
def _calendars(draw: st.DrawFn) -> CityCalendar:
    closed = draw(st.sets(days, max_size=20))
    opened = draw(st.sets(days, max_size=20)) - closed  # Saturdays, Sundays, holidays opened
    return CityCalendar(
        closed_holidays=draw(st.sets(st.sampled_from([rule.key for rule in HOLIDAY_RULES]))),
        extra_closed=closed,
        extra_open=opened,
        legal_holidays_extend_deadlines=draw(st.booleans()),
    )


calendars = _calendars() | st.just(CITY) | st.just(STRICT)


def _moves_every_act(calendar: CityCalendar, day: date) -> bool:
    """§ 990.001(4)(b): a Sunday, or a legal holiday when the setting says they move periods."""
    legal = calendar.settings.legal_holidays_extend_deadlines and calendar.legal_holiday(day)
    return day.weekday() == 6 or bool(legal)


@settings(max_examples=300)
@given(calendars, days, periods)
def test_a_period_ends_on_the_first_day_it_can_on_or_after_start_plus_n(
    calendar: CityCalendar, start: date, n: int
) -> None:
    """A filing with or payment to City Hall (the default)."""
    due = calendar.add_days(start, n)
    nominal = start + timedelta(days=n)
    assert calendar.is_open(due)
    assert not _moves_every_act(calendar, due)  # never a Sunday, even an open one
    assert due >= nominal
    assert calendar.can_end_period(due)
    day = nominal
    while day < due:  # nothing skipped on which the period could have ended
        assert not calendar.can_end_period(day)
        assert not calendar.is_open(day) or _moves_every_act(calendar, day)
        day += timedelta(days=1)


@settings(max_examples=300)
@given(calendars, days, periods)
def test_a_period_not_at_city_hall_moves_only_off_sundays_and_legal_holidays(
    calendar: CityCalendar, start: date, n: int
) -> None:
    deadline = calendar.explain_add_days(start, n, at_city_hall=False)
    due, nominal = deadline.due, start + timedelta(days=n)
    assert due >= nominal
    assert not _moves_every_act(calendar, due)
    assert calendar.can_end_period(due, at_city_hall=False)
    day = nominal
    while day < due:  # only Sundays and legal holidays were passed over
        assert _moves_every_act(calendar, day)
        assert not calendar.can_end_period(day, at_city_hall=False)
        day += timedelta(days=1)
    assert due <= calendar.add_days(start, n)  # never later than a filing at City Hall
    assert deadline.last_open_day <= due
    assert calendar.is_open(deadline.last_open_day)
    assert deadline.last_open_day == calendar.previous_open_day(due, inclusive=True)


@settings(max_examples=300)
@given(calendars, days, st.integers(min_value=0, max_value=60))
def test_business_days_count_exactly_n_open_days(
    calendar: CityCalendar, start: date, n: int
) -> None:
    due = calendar.add_business_days(start, n)
    assert calendar.is_open(due)
    if n == 0:
        assert due == calendar.next_open_day(start, inclusive=True)
        return
    opened = sum(
        calendar.is_open(start + timedelta(days=i)) for i in range(1, (due - start).days + 1)
    )
    assert opened == n


@given(calendars, days, st.integers(min_value=0, max_value=60))
def test_latest_business_day_before_counts_back_exactly_n_open_days(
    calendar: CityCalendar, event: date, n: int
) -> None:
    latest = calendar.latest_business_day_before(event, n)
    assert calendar.is_open(latest)
    assert latest <= event
    gap = (event - latest).days
    between = sum(calendar.is_open(latest + timedelta(days=i)) for i in range(1, gap))
    if n:
        assert latest < event
        assert between == n - 1


@given(days, periods)
def test_latest_day_before_is_exactly_n_days_back(event: date, n: int) -> None:
    deadline = CITY.explain_latest_day_before(event, n)
    assert deadline.due == event - timedelta(days=n)
    assert deadline.last_open_day <= deadline.due
    assert CITY.is_open(deadline.last_open_day)


@given(st.integers(min_value=1900, max_value=2200))
def test_every_rule_gives_a_date_in_its_year(year: int) -> None:
    for rule in HOLIDAY_RULES:
        own = rule.date_in(year)
        if own is None:
            assert rule.key in {"general_election", "partisan_primary"} and year % 2
            continue
        assert own.year == year
        observed = rule.observed_in(year)
        assert observed is not None
        assert observed.weekday() != 6 or not rule.sunday_to_monday  # the City's own days


# -- months and years (one rule for every "N months" and "one year" in Chapter 506) -----------


@pytest.mark.parametrize(
    ("day", "months", "expected"),
    [
        (d(2027, 1, 31), 6, d(2027, 7, 31)),  # July has a 31st: it stays
        (d(2026, 10, 31), 3, d(2027, 1, 31)),  # across the year, January has a 31st
        (d(2026, 8, 31), 6, d(2027, 2, 28)),  # February lacks it: its last day
        (d(2027, 8, 31), 6, d(2028, 2, 29)),  # ... in a leap year, the 29th
        (d(2027, 1, 30), 1, d(2027, 2, 28)),
        (d(2028, 2, 29), 12, d(2029, 2, 28)),  # a leap day's anniversary
        (d(2028, 2, 28), 12, d(2029, 2, 28)),
        (d(2027, 3, 1), 12, d(2028, 3, 1)),
        (d(2027, 7, 31), -1, d(2027, 6, 30)),  # counting back
        (d(2027, 3, 31), -1, d(2027, 2, 28)),
        (d(2026, 12, 15), 0, d(2026, 12, 15)),
    ],
)
def test_months_after_keeps_the_day_or_takes_the_months_last(
    day: date, months: int, expected: date
) -> None:
    assert deadlines.months_after(day, months) == expected


@pytest.mark.parametrize(
    ("first", "last"),
    [
        # Issue 21: a one-year revocation from March 1, 2027 ends February 28, 2028.
        (d(2027, 2, 28), d(2028, 2, 27)),
        (d(2027, 3, 1), d(2028, 2, 28)),
        (d(2027, 3, 2), d(2028, 3, 1)),
        (d(2028, 2, 28), d(2029, 2, 27)),
        (d(2028, 2, 29), d(2029, 2, 27)),  # 365 days, not the 366 to February 28
        (d(2028, 3, 1), d(2029, 2, 28)),
        (d(2027, 1, 1), d(2027, 12, 31)),
        (d(2028, 1, 1), d(2028, 12, 31)),  # a leap year is still the calendar year
        (d(2026, 12, 31), d(2027, 12, 30)),
    ],
)
def test_a_year_from_a_first_day_ends_before_its_anniversary_and_no_later(
    first: date, last: date
) -> None:
    assert deadlines.last_day_of_year_from(first) == last


@given(st.dates(min_value=d(2000, 1, 1), max_value=d(2099, 12, 31)))
def test_a_year_from_a_first_day_is_365_or_366_days_never_past_the_anniversary(
    first: date,
) -> None:
    last = deadlines.last_day_of_year_from(first)
    assert (last - first).days + 1 in (365, 366)
    assert last < deadlines.months_after(first, 12)


@given(st.dates(min_value=d(2000, 1, 1), max_value=d(2099, 12, 31)), st.integers(0, 120))
def test_months_after_lands_in_the_right_month_on_the_right_day(day: date, months: int) -> None:
    later = deadlines.months_after(day, months)
    assert (later.year * 12 + later.month) - (day.year * 12 + day.month) == months
    assert later.day == day.day or (later.day < day.day and (later + timedelta(days=1)).day == 1)
