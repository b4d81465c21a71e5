"""§ 506-16's rules without a database (clerk_desk/street_numbers/rules.py): the heights of the
numbers a building displays, the parity of a side, the owner's 20 days before a notice and the
10 days after it, and the next step of a case."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from clerk_desk.deadlines import default_calendar
from clerk_desk.kinds import BuildingKind, Compass, NumberingCaseStatus
from clerk_desk.street_numbers import rules

CALENDAR = default_calendar()
DAY = timedelta(days=1)


# -- the heights of the numbers (§ 506-16 (Building numbering required)) ---------------------


def test_a_multiple_dwelling_shows_a_five_inch_number_and_three_inch_unit_numbers() -> None:
    heights = rules.number_heights(BuildingKind.MULTIPLE_DWELLING)
    assert (heights.building_in, heights.unit_in) == (5, 3)


@pytest.mark.parametrize(
    "kind", [k for k in BuildingKind if k is not BuildingKind.MULTIPLE_DWELLING]
)
def test_every_other_building_shows_three_inch_numbers(kind: BuildingKind) -> None:
    heights = rules.number_heights(kind)
    assert (heights.building_in, heights.unit_in) == (3, 3)


# -- sides -------------------------------------------------------------------------------------


@pytest.mark.parametrize("odd_side", list(Compass))
def test_the_odd_side_carries_odd_numbers_and_the_other_side_even(odd_side: Compass) -> None:
    assert rules.parity(odd_side, odd_side) == "odd"
    assert rules.parity(odd_side, odd_side.opposite) == "even"
    assert rules.side_for(odd_side, 101) == odd_side
    assert rules.side_for(odd_side, 100) == odd_side.opposite


@pytest.mark.parametrize(
    ("side", "number", "wrong"),
    [
        (Compass.EAST, 100, True),  # an even number on the odd side
        (Compass.EAST, 101, False),
        (Compass.WEST, 101, True),  # an odd number on the even side
        (Compass.WEST, 102, False),
    ],
)
def test_a_number_of_the_other_parity_is_on_the_wrong_side(
    side: Compass, number: int, wrong: bool
) -> None:
    assert rules.wrong_side(Compass.EAST, side, number) is wrong


# -- the owner's 20 days, then 10 days after the notice (§ 506-16 (Noncompliance)) -------------


@pytest.mark.parametrize(
    ("observed", "first_day"),
    [
        # Tue Dec 1 + 20 days is Mon Dec 21: a notice from Tue Dec 22
        (date(2026, 12, 1), date(2026, 12, 22)),
        # Sun Nov 8 + 20 days is Sat Nov 28, which City Hall is closed on but which ends the
        # period: posting numbers is not an act at City Hall
        (date(2026, 11, 8), date(2026, 11, 29)),
        # the 20th day, election day (Tue Nov 3), moves to Wed Nov 4
        (date(2026, 10, 14), date(2026, 11, 5)),
    ],
)
def test_a_notice_may_be_served_from_the_day_after_the_20_days(
    observed: date, first_day: date
) -> None:
    assert rules.NEGLECT_DAYS == 20
    assert CALENDAR.add_days(observed, 20, at_city_hall=False) + DAY == first_day
    assert rules.notice_from(CALENDAR, observed) == first_day


@pytest.mark.parametrize(
    ("served", "first_day"),
    [
        (date(2026, 12, 1), date(2026, 12, 12)),
        # the 10th day, Thanksgiving, moves to Fri Nov 27
        (date(2026, 11, 16), date(2026, 11, 28)),
        # the 10th day, Sun Nov 29, moves to Mon Nov 30
        (date(2026, 11, 19), date(2026, 12, 1)),
    ],
)
def test_a_case_may_be_referred_from_the_day_after_the_10_days(
    served: date, first_day: date
) -> None:
    assert rules.NOTICE_DAYS == 10
    assert rules.referral_from(CALENDAR, served) == first_day


def test_one_day_less_of_neglect_gives_a_first_day_one_day_earlier() -> None:
    # Tue Dec 1 and Wed Dec 2: no closed day near either end, so the boundary is the count.
    assert (
        rules.notice_from(CALENDAR, date(2026, 12, 2))
        - rules.notice_from(CALENDAR, date(2026, 12, 1))
        == DAY
    )


# -- the next step of a case -------------------------------------------------------------------


def test_an_open_case_is_served_next_and_a_noticed_one_referred() -> None:
    notice, referral = date(2026, 12, 22), date(2027, 1, 5)
    assert rules.next_step(NumberingCaseStatus.OPEN, notice, None) == ("Serve the notice", notice)
    assert rules.next_step(NumberingCaseStatus.NOTICED, notice, referral) == (
        "Refer for a forfeiture",
        referral,
    )


@pytest.mark.parametrize(
    "status",
    [NumberingCaseStatus.REFERRED, NumberingCaseStatus.COMPLIED, NumberingCaseStatus.WITHDRAWN],
)
def test_a_referred_or_closed_case_has_no_next_step(status: NumberingCaseStatus) -> None:
    assert rules.next_step(status, date(2026, 12, 22), date(2027, 1, 5)) == ("", None)


@pytest.mark.parametrize(
    ("kind", "unit", "text"),
    [
        (
            BuildingKind.MULTIPLE_DWELLING,
            "",
            "A multiple dwelling displays its number at least 5 inches high, and each "
            "apartment's number at least 3 inches high.",
        ),
        (BuildingKind.PRINCIPAL, "", "The number is displayed at least 3 inches high."),
        (
            BuildingKind.PRINCIPAL,
            "Unit B",
            "The building's number and the unit's (Unit B) are each displayed at least 3 "
            "inches high.",
        ),
    ],
)
def test_the_check_says_how_high_the_number_is_displayed(
    kind: BuildingKind, unit: str, text: str
) -> None:
    """Issue 21: § 506-16's 3 and 5 inches, a finding of the numbering check as on the letter."""
    found = rules.heights_finding(kind, unit)
    assert (found.level, found.cite) == ("info", rules.DISPLAY_CITE)
    assert found.text.startswith(text)
    assert "never written in words" in found.text
