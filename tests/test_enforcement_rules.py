"""The enforcement rules of Chapter 506 at their boundaries (issue 21): § 506-8's exceptions one
inch and one minute either side, the 24 hours and the one hour in the statute's hours, § 506-21's
and § 506-23's 10 days, § 506-12's two authorizations."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from clerk_desk.deadlines import default_calendar
from clerk_desk.enforcement import rules
from clerk_desk.enforcement.rules import Obstruction, ObstructionKind, Place
from clerk_desk.ordinance import load_chapter

CITY = default_calendar()
CENTRAL = ZoneInfo("America/Chicago")
NOW = datetime(2026, 12, 8, 10, 0, tzinfo=CENTRAL)  # a Tuesday


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=CENTRAL)


def judged(obstruction: Obstruction, when: datetime = NOW) -> tuple[str, str, str]:
    (finding,) = rules.exception_findings(obstruction, at=when, calendar=CITY)
    return finding.level, finding.cite, finding.text


# ---- § 506-8: who, whom, when ------------------------------------------------------------------


def test_each_place_has_its_officials_its_notice_and_its_paragraph() -> None:
    assert rules.determining_officials(Place.SIDEWALK) == ("City enforcement official",)
    assert rules.determining_officials(Place.STREET) == (
        "Chief of Police",
        "Director of Public Works",
        "Building Inspector",
    )
    assert rules.notified(Place.SIDEWALK).startswith("the owner or occupant")
    assert rules.notified(Place.STREET).startswith("the property owner")
    assert rules.removal_cite(Place.SIDEWALK) == rules.SIDEWALK_REMOVAL_CITE
    assert rules.removal_cite(Place.STREET) == rules.STREET_REMOVAL_CITE


def test_every_cite_here_names_a_paragraph_of_the_chapter() -> None:
    chapter = load_chapter()
    cites = [value for name, value in vars(rules).items() if name.endswith("_CITE")]
    assert len(cites) >= 12
    assert [cite for cite in cites if chapter.resolve(cite) is None] == []


@pytest.mark.parametrize(
    ("notice", "allowed"),
    [
        (at(2026, 12, 5, 9), at(2026, 12, 7, 9)),  # Saturday: Monday, not Sunday
        (at(2026, 12, 8, 9), at(2026, 12, 9, 9)),  # a weekday: the next day
        (at(2026, 11, 25, 10), at(2026, 11, 27, 10)),  # Thanksgiving not counted
    ],
)
def test_the_city_removes_24_statute_hours_after_the_notice(
    notice: datetime, allowed: datetime
) -> None:
    assert rules.removal_allowed_from(notice, CITY) == allowed


# ---- § 506-8 exceptions --------------------------------------------------------------------------


def test_a_permit_in_force_excepts_whatever_it_authorizes() -> None:
    level, cite, text = judged(
        Obstruction(Place.SIDEWALK, ObstructionKind.OTHER, permit="SP-2026-004")
    )
    assert (level, cite) == ("info", rules.EXCEPTIONS_CITE)
    assert text.startswith("Authorized by permit SP-2026-004")


def test_anything_else_may_be_noticed() -> None:
    level, cite, _ = judged(Obstruction(Place.STREET, ObstructionKind.OTHER))
    assert (level, cite) == ("warn", rules.PROHIBITED_CITE)


@pytest.mark.parametrize(
    ("place", "used", "width", "excepted"),
    [
        (Place.SIDEWALK, 47, 96, True),
        (Place.SIDEWALK, 48, 96, True),  # exactly one half
        (Place.SIDEWALK, 49, 96, False),
        (Place.STREET, 143, 432, True),
        (Place.STREET, 144, 432, True),  # exactly one third of 36 feet
        (Place.STREET, 145, 432, False),
    ],
)
def test_building_materials_take_at_most_half_the_sidewalk_or_a_third_of_the_street(
    place: Place, used: int, width: int, excepted: bool
) -> None:
    found = Obstruction(
        place,
        ObstructionKind.BUILDING_MATERIALS,
        width_used_in=used,
        width_in=width,
        council_authorized_until=date(2026, 12, 31),
    )
    level, _, text = judged(found)
    assert (level == "info") is excepted, text


@pytest.mark.parametrize(
    ("until", "excepted"),
    [(date(2026, 12, 7), False), (date(2026, 12, 8), True), (date(2026, 12, 9), True)],
)
def test_building_materials_only_for_the_period_the_council_authorized(
    until: date, excepted: bool
) -> None:
    found = Obstruction(
        Place.SIDEWALK,
        ObstructionKind.BUILDING_MATERIALS,
        width_used_in=24,
        width_in=96,
        council_authorized_until=until,
    )
    level, _, text = judged(found)
    assert (level == "info") is excepted
    if not excepted:
        assert "the period authorized ended Mon Dec 7, 2026" in text


def test_building_materials_in_the_gutter_or_unmeasured_are_not_excepted() -> None:
    level, _, text = judged(
        Obstruction(Place.STREET, ObstructionKind.BUILDING_MATERIALS, in_the_gutter=True)
    )
    assert level == "warn"
    assert "no period authorized by the Common Council" in text
    assert "the width they take of the traveled portion of the street is not measured" in text
    assert "they interfere with the flow in the gutters" in text


@pytest.mark.parametrize(("clearance", "excepted"), [(83, False), (84, True), (85, True)])
def test_an_awning_clears_seven_feet(clearance: int, excepted: bool) -> None:
    level, _, _ = judged(
        Obstruction(Place.SIDEWALK, ObstructionKind.AWNING, clearance_in=clearance)
    )
    assert (level == "info") is excepted


@pytest.mark.parametrize(
    ("reach", "clearance", "excepted"),
    [(36, 120, True), (37, 120, False), (36, 119, False), (35, 121, True)],
)
def test_a_sign_projects_at_most_three_feet_and_clears_ten(
    reach: int, clearance: int, excepted: bool
) -> None:
    found = Obstruction(
        Place.SIDEWALK, ObstructionKind.SIGN_OR_CLOCK, reach_in=reach, clearance_in=clearance
    )
    assert (judged(found)[0] == "info") is excepted


@pytest.mark.parametrize(
    ("reach", "since", "excepted"),
    [
        (36, at(2026, 12, 8, 8, 0), True),  # exactly two hours
        (36, at(2026, 12, 8, 7, 59), False),  # two hours and a minute
        (37, at(2026, 12, 8, 9, 0), False),  # an inch too far
        (36, at(2026, 12, 5, 23, 0), True),  # Saturday 11 p.m. to Monday 1 a.m.: 2 hours
    ],
)
def test_goods_being_loaded_reach_three_feet_for_two_hours(
    reach: int, since: datetime, excepted: bool
) -> None:
    when = at(2026, 12, 7, 1, 0) if since.day == 5 else NOW
    found = Obstruction(Place.SIDEWALK, ObstructionKind.GOODS, reach_in=reach, out_since=since)
    assert (judged(found, when)[0] == "info") is excepted


def test_goods_in_the_street_are_no_sidewalk_exception() -> None:
    found = Obstruction(
        Place.STREET, ObstructionKind.GOODS, reach_in=12, out_since=at(2026, 12, 8, 9)
    )
    level, _, text = judged(found)
    assert level == "warn" and "the exception is for goods on the sidewalk" in text


# ---- § 506-11, § 506-21, § 506-23, § 506-12 --------------------------------------------------


@pytest.mark.parametrize(
    ("ended", "due"),
    [
        (at(2026, 12, 4, 22), at(2026, 12, 5, 22)),  # Friday night: Saturday night
        (at(2026, 12, 5, 22), at(2026, 12, 7, 22)),  # Saturday night: Monday night
        (at(2026, 12, 6, 5), at(2026, 12, 8, 0)),  # Sunday: Monday counts whole
        (at(2026, 12, 24, 18), at(2026, 12, 26, 18)),  # Christmas Day not counted
    ],
)
def test_owners_have_24_statute_hours_after_the_snowfall(ended: datetime, due: datetime) -> None:
    assert rules.snow_removal_due(ended, CITY) == due


@pytest.mark.parametrize(
    ("deposited", "due"),
    [
        (at(2026, 12, 8, 7, 30), at(2026, 12, 8, 8, 30)),
        (at(2026, 12, 5, 23, 30), at(2026, 12, 7, 0, 30)),
    ],
)
def test_snow_put_on_a_street_is_taken_away_within_one_hour(
    deposited: datetime, due: datetime
) -> None:
    assert rules.deposited_snow_due(deposited, CITY) == due


def test_ten_days_to_correct_damage_or_remove_a_receptacle_may_end_on_a_saturday() -> None:
    # Wednesday November 25 + 10 days is Saturday December 5: an act on the street, not at
    # City Hall, so the Saturday stands; Thursday the 26th + 10 is Sunday the 6th: Monday.
    assert rules.damage_correction_due(date(2026, 11, 25), CITY) == date(2026, 12, 5)
    assert rules.damage_correction_due(date(2026, 11, 26), CITY) == date(2026, 12, 7)
    assert rules.receptacle_removal_due(date(2026, 11, 25), CITY) == date(2026, 12, 5)


@pytest.mark.parametrize(
    ("chief", "works", "rescinded", "day", "level"),
    [
        (date(2026, 5, 1), date(2026, 5, 3), None, date(2026, 5, 2), "warn"),  # one of two
        (date(2026, 5, 1), date(2026, 5, 3), None, date(2026, 5, 3), "info"),  # both
        (date(2026, 5, 1), None, None, date(2026, 6, 1), "warn"),
        (date(2026, 5, 1), date(2026, 5, 3), date(2026, 9, 1), date(2026, 8, 31), "info"),
        (date(2026, 5, 1), date(2026, 5, 3), date(2026, 9, 1), date(2026, 9, 1), "warn"),
    ],
)
def test_a_gravel_stall_needs_both_authorizations_until_rescinded(
    chief: date | None, works: date | None, rescinded: date | None, day: date, level: str
) -> None:
    found = rules.stall_standing(
        chief_on=chief, public_works_on=works, rescinded_on=rescinded, day=day
    )
    assert (found.level, found.cite) == (level, rules.TERRACE_CITE)
