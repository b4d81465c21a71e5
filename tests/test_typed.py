"""Days and times read as a clerk types them (clerk_desk.typed): every form City Hall writes is
taken, and an impossible one is refused in words, never turned into another."""

from __future__ import annotations

from datetime import date, time

import pytest

from clerk_desk.errors import InvalidInput
from clerk_desk.typed import read_day, read_time

TODAY = date(2026, 12, 1)


@pytest.mark.parametrize(
    "typed",
    [
        "9/16/2026",
        "09/16/2026",
        "9/16/26",
        "9-16-2026",
        "9.16.2026",
        "2026-09-16",
        "2026-9-16",
        " 9 / 16 / 2026 ",
        "September 16, 2026",
        "september 16 2026",
        "Sept 16, 2026",
        "Sep. 16, 2026",
        "16 September 2026",
        "Sept 16th, 2026",
        "Wednesday, September 16, 2026",
        "Wed 9/16/2026",
    ],
)
def test_every_way_city_hall_writes_a_day_reads_as_that_day(typed: str) -> None:
    assert read_day(typed, today=TODAY) == date(2026, 9, 16)


def test_a_day_without_its_year_is_this_years() -> None:
    assert read_day("9/16", today=TODAY) == date(2026, 9, 16)
    assert read_day("Jan 4", today=TODAY) == date(2026, 1, 4)
    assert read_day("12/31", today=date(2027, 1, 1)) == date(2027, 12, 31)


def test_nothing_typed_is_no_day() -> None:
    assert read_day("", today=TODAY) is None
    assert read_day("   ", today=TODAY) is None


@pytest.mark.parametrize(
    ("typed", "day"),
    [
        ("2/28/2026", date(2026, 2, 28)),
        ("2/29/2028", date(2028, 2, 29)),
        ("1/31/2026", date(2026, 1, 31)),
        ("4/30/2026", date(2026, 4, 30)),
        ("12/31/2026", date(2026, 12, 31)),
        ("1/1/2017", date(2017, 1, 1)),
        ("12/12/2026", date(2026, 12, 12)),
    ],
)
def test_the_last_day_of_a_month_is_taken(typed: str, day: date) -> None:
    assert read_day(typed, today=TODAY) == day


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("2/29/2026", "February has 28 days in 2026"),
        ("02/31/2026", "February has 28 days in 2026"),
        ("2/30/2028", "February has 29 days in 2028"),
        ("4/31/2026", "April has 30 days in 2026"),
        ("1/32/2026", "January has 31 days in 2026"),
        ("9/0/2026", "September has 30 days in 2026"),
        ("13/1/2026", "there is no month 13"),
        ("0/1/2026", "there is no month 0"),
        ("16/9/2026", "there is no month 16"),
        ("Tuesday, September 16, 2026", "September 16, 2026 is a Wednesday"),
        ("Smarch 3, 2026", "“smarch” is not a month"),
        ("abc", "“abc” is not a day"),
        ("9/16/202", "“9/16/202” is not a day"),
        ("9/16-2026", "“9/16-2026” is not a day"),
        ("1/1/1899", "1899 is not a year"),
    ],
)
def test_an_impossible_day_is_refused_in_words_not_changed(typed: str, says: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        read_day(typed, today=TODAY, field="received_on")
    assert says in refused.value.message
    assert refused.value.field == "received_on"


@pytest.mark.parametrize(
    ("typed", "moment"),
    [
        ("4:00 p.m.", time(16, 0)),
        ("4:00 P.M.", time(16, 0)),
        ("4 pm", time(16, 0)),
        ("4pm", time(16, 0)),
        ("4:30p", time(16, 30)),
        ("16:00", time(16, 0)),
        ("1600", time(16, 0)),
        ("0930", time(9, 30)),
        ("9", time(9, 0)),
        ("9.30 am", time(9, 30)),
        ("12:00 a.m.", time(0, 0)),
        ("12:00 p.m.", time(12, 0)),
        ("11:59 p.m.", time(23, 59)),
        ("12:59 a.m.", time(0, 59)),
        ("1:00 a.m.", time(1, 0)),
        ("23:59", time(23, 59)),
        ("0:00", time(0, 0)),
        ("noon", time(12, 0)),
        ("Midnight", time(0, 0)),
    ],
)
def test_a_time_reads_as_city_hall_writes_it(typed: str, moment: time) -> None:
    assert read_time(typed) == moment


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("13:00 pm", "the hour is 1 to 12"),
        ("0:30 am", "the hour is 1 to 12"),
        ("24:00", "a day has 24 hours"),
        ("4:60", "an hour has 60 minutes"),
        ("4:5", "is not a time"),
        ("four", "is not a time"),
    ],
)
def test_an_impossible_time_is_refused_in_words(typed: str, says: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        read_time(typed, field="starts_at")
    assert says in refused.value.message
    assert refused.value.field == "starts_at"


def test_nothing_typed_is_no_time() -> None:
    assert read_time(" ") is None
