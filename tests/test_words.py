"""One way to write days, times, counts and shares (clerk_desk.words), the same on every station
whatever its locale, on the screens, the papers and in the core's messages."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time
from decimal import Decimal
from pathlib import Path

import pytest

from clerk_desk import words
from clerk_desk.clock import city_zone

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("moment", "screen", "letter"),
    [
        (time(0, 0), "12:00 AM", "12:00 a.m."),
        (time(0, 5), "12:05 AM", "12:05 a.m."),
        (time(9, 0), "9:00 AM", "9:00 a.m."),
        (time(11, 59), "11:59 AM", "11:59 a.m."),
        (time(12, 0), "12:00 PM", "12:00 p.m."),
        (time(14, 5), "2:05 PM", "2:05 p.m."),
        (time(23, 59), "11:59 PM", "11:59 p.m."),
    ],
)
def test_a_time_is_twelve_hour_without_a_leading_zero(
    moment: time, screen: str, letter: str
) -> None:
    assert words.clock_time(moment) == screen
    assert words.clock_time(moment, dotted=True) == letter
    assert words.clock_time(datetime.combine(date(2026, 3, 13), moment)) == screen


def test_days_are_written_in_english_in_three_lengths() -> None:
    day = date(2026, 12, 14)
    assert words.long_day(day) == "Monday, December 14, 2026"
    assert words.format_day(day) == "Mon Dec 14, 2026"
    assert words.month_day(day) == "December 14, 2026"
    assert words.us_date(day) == "12/14/2026"
    assert words.weekday_date(date(2026, 12, 19)) == "Sat 12/19/2026"
    assert (words.us_date(None), words.day_or_blank(None)) == ("", "")


def test_an_instant_is_shown_on_city_halls_clock_across_daylight_saving() -> None:
    zone = city_zone()
    assert words.local_time(datetime(2026, 1, 15, 16, 4, tzinfo=UTC), zone) == "01/15/2026 10:04 AM"
    assert words.local_time(datetime(2026, 7, 15, 16, 4, tzinfo=UTC), zone) == "07/15/2026 11:04 AM"
    assert words.local_time(None, zone) == ""
    local = datetime(2026, 11, 27, 14, 5, tzinfo=zone)
    assert words.day_and_time(local) == "Fri Nov 27, 2026, 2:05 PM"


def test_counts_agree_with_their_word() -> None:
    assert (words.plural(0, "day"), words.plural(1, "day"), words.plural(2, "day")) == (
        "0 days",
        "1 day",
        "2 days",
    )
    assert words.plural(2, "address", "addresses") == "2 addresses"
    assert words.plural(1204, "receipt") == "1,204 receipts"
    assert words.capitalized("north (odd) side") == "North (odd) side"


@pytest.mark.parametrize(
    ("day", "said"),
    [
        (date(2026, 11, 29), "yesterday"),
        (date(2026, 11, 28), "Saturday"),
        (date(2026, 11, 24), "Tuesday"),  # six days before
        (date(2026, 11, 23), "Nov 23"),  # a week before: the weekday would be today's
    ],
)
def test_an_earlier_day_is_said_as_the_clerk_says_it(day: date, said: str) -> None:
    assert words.earlier_day(day, date(2026, 11, 30)) == said


@pytest.mark.parametrize(
    ("share", "shown"),
    [
        ("0.4996", "49.96%"),  # would round to 50.0%, onto the line it is below
        ("0.49995", "49.995%"),
        ("0.4999999999", "49.99999999%"),  # past six places: written exactly
        ("0.5", "50.0%"),  # on the line: not "more than 50%"
        ("0.5004", "50.04%"),  # would round to 50.0%, onto the line it is above
        ("0.5006", "50.1%"),
        ("0.625", "62.5%"),
        ("0.4994", "49.9%"),
    ],
)
def test_a_share_is_never_rounded_onto_or_across_its_legal_line(share: str, shown: str) -> None:
    assert words.percent(Decimal(share), line=Decimal("0.5")) == shown


def test_a_share_with_no_line_is_rounded_half_up() -> None:
    assert words.percent(Decimal("0.4996")) == "50.0%"
    assert words.percent(Decimal("0.62549")) == "62.5%"
    assert words.percent(Decimal("0.62550")) == "62.6%"


def test_no_module_formats_with_the_locales_words() -> None:
    """strftime's %p, %a, %A, %b, %B follow the computer's locale, and %I pads the hour."""
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("clerk_desk", "reports", "ui")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"%[pIaAbB]\b", line)
        and not line.lstrip().startswith("#")
        and path.name != "words.py"  # the one home, whose notes name them
    ]
    assert found == []
