"""§ 506-16's rules as plain values: its citations and figures, the height of the numbers a
building must display, the parity of a side, the owner's 20 days and the 10 days after the
notice, and the next step of a noncompliance case. No session, no record: functions of what they
are given, tested without a database (``tests/test_street_number_rules.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from clerk_desk.deadlines import CityCalendar
from clerk_desk.findings import Finding
from clerk_desk.kinds import BuildingKind, Compass, NumberingCaseStatus
from clerk_desk.words import month_day

ASSIGN_CITE = "§ 506-16 (Buildings to have street numbers)"
DISPLAY_CITE = "§ 506-16 (Building numbering required)"
CONTINUITY_CITE = "§ 506-16 (New houses and buildings)"
ALTER_CITE = "§ 506-16 (Altering numbers)"
NONCOMPLIANCE_CITE = "§ 506-16 (Noncompliance)"
NEGLECT_DAYS = 20  # days of neglect before the City serves a notice
NOTICE_DAYS = 10  # days after service before a forfeiture under § 1-4
MAX_NUMBER = 999_999  # the highest street number or range the register takes (an INTEGER holds it)
MAX_POSITION_FT = 200_000
SERVICE_MANNERS = ("personal service", "certified mail", "first-class mail", "posting")

# -- displaying the number (§ 506-16 (Building numbering required)) ----------------------------

NUMBER_HEIGHT_IN = 3
"""The least height of a building's number, and of each apartment or unit number."""
MULTIPLE_DWELLING_HEIGHT_IN = 5
"""The least height of a multiple dwelling's building number."""


@dataclass(frozen=True, slots=True)
class NumberHeights:
    """The least heights, in inches, § 506-16 requires of the numbers a building displays."""

    building_in: int
    unit_in: int


def number_heights(kind: BuildingKind) -> NumberHeights:
    """Five inches for a multiple dwelling's building number, three for any other number."""
    if kind is BuildingKind.MULTIPLE_DWELLING:
        return NumberHeights(MULTIPLE_DWELLING_HEIGHT_IN, NUMBER_HEIGHT_IN)
    return NumberHeights(NUMBER_HEIGHT_IN, NUMBER_HEIGHT_IN)


def heights_finding(kind: BuildingKind, unit: str = "") -> Finding:
    """How the number assigned must be displayed, as a finding of the numbering check (the
    owner's letter says the same): block style, contrasting, never in words, at least 3 inches
    high; a multiple dwelling's number at least 5 inches, each apartment's at least 3."""
    heights = number_heights(kind)
    if kind is BuildingKind.MULTIPLE_DWELLING:
        text = (
            f"A multiple dwelling displays its number at least {heights.building_in} inches "
            f"high, and each apartment's number at least {heights.unit_in} inches high."
        )
    elif unit.strip():
        text = (
            f"The building's number and the unit's ({unit.strip()}) are each displayed at least "
            f"{heights.unit_in} inches high."
        )
    else:
        text = f"The number is displayed at least {heights.building_in} inches high."
    return Finding(
        "info",
        DISPLAY_CITE,
        text + " Block style, in a colour that contrasts with the wall, never written in "
        "words, near the main entry and not on a garage door.",
    )


# -- sides ----------------------------------------------------------------------------------


def parity(odd_side: Compass, side: Compass) -> str:
    """ "odd" or "even": the numbers ``side`` carries on a street whose odd side is ``odd_side``."""
    return "odd" if Compass(side) == Compass(odd_side) else "even"


def side_for(odd_side: Compass, number: int) -> Compass:
    """The side that carries ``number``: the odd side for an odd number, else the other."""
    return Compass(odd_side) if number % 2 else Compass(odd_side).opposite


def wrong_side(odd_side: Compass, side: Compass, number: int) -> bool:
    """The number's parity is not the one its side carries (a warning the Inspector may
    accept)."""
    return bool(number % 2) != (Compass(side) == Compass(odd_side))


# -- noncompliance (§ 506-16 (Noncompliance)) ---------------------------------------------------


def notice_from(calendar: CityCalendar, observed_on: date) -> date:
    """The first day a notice may be served: after the owner has neglected for 20 days.

    The 20 days are counted as any period (§ 990.001(4)); posting numbers is not an act at City
    Hall, so only a Sunday or a legal holiday moves their last day."""
    return _day_after(calendar.add_days(observed_on, NEGLECT_DAYS, at_city_hall=False))


def referral_from(calendar: CityCalendar, served_on: date) -> date:
    """The first day the case may be referred: after 10 days from service without compliance."""
    return _day_after(calendar.add_days(served_on, NOTICE_DAYS, at_city_hall=False))


def _day_after(day: date) -> date:
    return date.fromordinal(day.toordinal() + 1)


def next_step(
    status: NumberingCaseStatus, notice_from: date, referral_from: date | None
) -> tuple[str, date | None]:
    """What the City does next on a case, and from which day."""
    if status is NumberingCaseStatus.OPEN:
        return "Serve the notice", notice_from
    if status is NumberingCaseStatus.NOTICED:
        return "Refer for a forfeiture", referral_from
    return "", None


def notice_too_early(observed_on: date, notice_from: date, day: date) -> str | None:
    """Why the notice may not be printed on ``day``: it says the owner has neglected for 20
    days, which is not so before ``notice_from``. None from that day on."""
    if day >= notice_from:
        return None
    return (
        f"The owner has 20 days from {month_day(observed_on)} to post the numbers: "
        f"the notice may be printed from {month_day(notice_from)}."
    )
