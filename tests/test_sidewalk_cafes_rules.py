"""The rules of § 506-10 at their boundaries, without a database: the eligibility, the layout, the
hours, alcohol, the clocks of the notice and the comments (clerk_desk.sidewalk_cafes.rules and
terms).
"""

from __future__ import annotations

import dataclasses
from datetime import date, time, timedelta
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sidewalk_cafes_steps import (
    APPLICATION,
    CLEARANCE,
    CONFIGURATION,
    ELIGIBILITY,
    HOURS,
    PDF,
    PNG,
    _blocks,
    _data,
)

from clerk_desk.deadlines import CityCalendar
from clerk_desk.findings import Finding
from clerk_desk.money import Money
from clerk_desk.ordinance import load_chapter
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes.rules import CafeData


def _eligible(data: CafeData, **kwargs: Any) -> list[Finding]:
    kwargs.setdefault("applied_on", date(2026, 11, 30))
    kwargs.setdefault("has_site_plan", True)
    kwargs.setdefault("has_sales_records", True)
    return cafe_rules.eligibility_findings(data, **kwargs)


def test_every_cite_resolves_to_its_paragraph_of_section_506_10() -> None:
    chapter = load_chapter()
    for cite in cafe_rules.CITES:
        found = chapter.resolve(cite)
        assert found is not None and found.section.number == "506-10", cite
        assert found.paragraph is not None, cite
        assert cite.endswith(f"({found.paragraph.heading})"), cite


@pytest.mark.parametrize(
    ("food", "shown", "level"),
    [("4996.00", "49.96%", "block"), ("5000.00", "50.0%", "block"), ("5004.00", "50.04%", "info")],
)
def test_the_food_share_is_never_rounded_onto_the_line_of_more_than_half(
    food: str, shown: str, level: str
) -> None:
    """49.96% printed as "50.0%" beside "more than 50% is required" reads as a wrong refusal."""
    found = _eligible(_data(food_and_soft_drink_sales=Money(food)))
    assert found[0].level == level and f"gross sales ({shown})" in found[0].text


def test_food_exactly_half_of_gross_sales_is_not_eligible_and_a_cent_more_is() -> None:
    half = _eligible(_data(food_and_soft_drink_sales=Money("5000.00")))
    assert half[0] == Finding(
        "block",
        ELIGIBILITY,
        "Food and non-alcoholic beverages were $5,000.00 of $10,000.00 gross sales (50.0%); "
        "more than 50% is required to be eligible to apply.",
    )
    more = _eligible(_data(food_and_soft_drink_sales=Money("5000.01")))
    assert _blocks(more) == []
    assert more[0].level == "info" and "more than 50%" in more[0].text
    # an odd total: $5,000.00 of $9,999.99 is more than half
    assert (
        _blocks(
            _eligible(
                _data(gross_sales=Money("9999.99"), food_and_soft_drink_sales=Money("5000.00"))
            )
        )
        == []
    )
    assert _blocks(_eligible(_data(food_and_soft_drink_sales=Money("4999.99"))))
    assert cafe_rules.food_share(_data(food_and_soft_drink_sales=Money("6250.00"))) == Decimal(
        "0.625"
    )
    assert cafe_rules.food_share(_data(gross_sales=None)) is None


def test_the_sales_figures_are_those_of_the_six_months_before_the_application() -> None:
    assert _eligible(_data())[1:] == []  # May 1 to Oct 31, applied Nov 30
    short = _eligible(_data(sales_from=date(2026, 5, 2)))
    assert [f.level for f in short[1:]] == ["warn"]
    assert "less than the six months" in short[1].text
    # ends within a month before the application (Oct 30 for Nov 30): Oct 30 passes, Oct 29 not
    assert _eligible(_data(sales_from=date(2026, 4, 30), sales_to=date(2026, 10, 30)))[1:] == []
    stale = _eligible(_data(sales_from=date(2026, 4, 29), sales_to=date(2026, 10, 29)))
    assert [f.level for f in stale[1:]] == ["warn"]
    assert "more than a month before the application" in stale[1].text
    missing = _eligible(_data(sales_from=None))
    assert missing[1].blocks and "Enter the period" in missing[1].text


def test_records_zoning_and_a_site_plan_with_its_scale_are_required() -> None:
    found = _eligible(
        _data(commercially_zoned=False, zoning_district="R-2"),
        has_sales_records=False,
        has_site_plan=False,
    )
    assert [(f.cite, f.text[:40]) for f in found if f.blocks] == [
        (ELIGIBILITY, "Attach a copy of the business records sh"),
        ("§ 506-10 (Permissible locations)", "The property is zoned R-2, not recorded "),
        (APPLICATION, "Attach the site plan drawn to scale, sho"),
    ]
    unscaled = _eligible(_data(site_plan_scale=" "))
    assert _blocks(unscaled) == [
        "The site plan's scale is not noted: it must be drawn to scale with the scale noted on "
        "the drawing."
    ]


@pytest.mark.parametrize(
    ("abuts", "inches", "message"),
    [
        (True, 72, None),
        (
            True,
            71,
            "The clear pedestrian passage is 5 ft 11 in; at least 6 ft must be kept clear where "
            "the passage abuts the face of curb.",
        ),
        (False, 60, None),
        (
            False,
            59,
            "The clear pedestrian passage is 4 ft 11 in; at least 5 ft must be kept clear where "
            "the passage does not abut the curb.",
        ),
    ],
)
def test_six_feet_clear_at_the_curb_five_elsewhere_to_the_inch(
    abuts: bool, inches: int, message: str | None
) -> None:
    data = _data(passage_abuts_curb=abuts, clear_passage_in=inches, cafe_depth_in=60)
    found = cafe_rules.layout_findings(data)
    assert _blocks(found) == ([message] if message else [])
    assert all(f.cite == CLEARANCE for f in found if f.blocks)


def test_tables_three_feet_from_the_curb_and_aisles_of_44_inches() -> None:
    curbside = _data(
        at_storefront=False,
        at_curbside=True,
        passage_abuts_curb=False,
        clear_passage_in=60,
        sidewalk_width_in=168,
    )
    assert (
        _blocks(cafe_rules.layout_findings(dataclasses.replace(curbside, curb_setback_in=36))) == []
    )
    short = cafe_rules.layout_findings(dataclasses.replace(curbside, curb_setback_in=35))
    assert short == [
        Finding(
            "block",
            CONFIGURATION,
            "Tables and chairs are 35 in from the curb face; they must be set back at least 3 ft.",
        )
    ]
    unset = cafe_rules.layout_findings(dataclasses.replace(curbside, curb_setback_in=None))
    assert _blocks(unset) == [
        "Enter the distance from the curb face to the nearest table or chair."
    ]
    assert _blocks(cafe_rules.layout_findings(_data(aisle_in=44))) == []
    assert _blocks(cafe_rules.layout_findings(_data(aisle_in=43))) == [
        "The aisles are 43 in; at least 44 in are required."
    ]
    # "Aisle clearances of a minimum of 44 inches shall be provided": not entered, it stops
    assert cafe_rules.layout_findings(_data(aisle_in=None)) == [
        Finding(
            "block",
            CLEARANCE,
            "Enter the aisle width from the site plan: aisles of at least 44 inches are required.",
        )
    ]


def test_along_the_frontage_only_and_the_side_only_on_a_corner_parcel() -> None:
    assert _blocks(cafe_rules.layout_findings(_data(cafe_length_in=360))) == []
    assert _blocks(cafe_rules.layout_findings(_data(cafe_length_in=361))) == [
        "The cafe extends 30 ft 1 in along the sidewalk, farther than the establishment's "
        "frontage (30 ft)."
    ]
    side = _data(side_cafe_length_in=120, side_frontage_in=120)
    assert _blocks(cafe_rules.layout_findings(side)) == [
        "The cafe uses the sidewalk along the side of the building, which is allowed only on a "
        "corner parcel."
    ]
    corner = dataclasses.replace(side, corner_parcel=True, side_clear_passage_in=72)
    assert _blocks(cafe_rules.layout_findings(corner)) == []
    assert _blocks(
        cafe_rules.layout_findings(dataclasses.replace(corner, side_cafe_length_in=121))
    ) == [
        "Along the side street the cafe extends 10 ft 1 in, farther than the establishment's "
        "side frontage (10 ft)."
    ]
    neither = cafe_rules.layout_findings(_data(at_storefront=False))
    assert neither[0].text.startswith("Choose the configuration")


def test_a_passage_wider_than_the_sidewalk_leaves_is_a_warning() -> None:
    assert cafe_rules.layout_findings(_data(clear_passage_in=72)) == []  # 12 ft less 6 ft deep
    wide = cafe_rules.layout_findings(_data(clear_passage_in=73))
    assert wide == [
        Finding(
            "warn",
            CLEARANCE,
            "The sidewalk is 12 ft wide and the cafe takes 6 ft of it, which leaves 6 ft, not "
            "the 6 ft 1 in of clear passage entered: check the dimensions on the site plan.",
        )
    ]


@pytest.mark.parametrize(
    ("changes", "blocks"),
    [
        ({"opens_at": time(6, 0), "indoor_opens_at": time(5, 0)}, []),
        (
            {"opens_at": time(5, 59), "indoor_opens_at": time(5, 0)},
            ["The cafe would open at 5:59 a.m.; sidewalk cafes shall not open before 6:00 a.m."],
        ),
        ({"closes_at": time(23, 0), "indoor_closes_at": time(23, 30)}, []),
        (
            {"closes_at": time(23, 1), "indoor_closes_at": time(23, 30)},
            [
                "The cafe would stay open until 11:01 p.m.; sidewalk cafes shall not remain open "
                "past 11:00 p.m."
            ],
        ),
        (
            {"opens_at": time(7, 0), "indoor_opens_at": time(7, 30)},
            ["The cafe would open at 7:00 a.m., before the indoor establishment (7:30 a.m.)."],
        ),
        (
            {"closes_at": time(21, 0), "indoor_closes_at": time(20, 59)},
            [
                "The cafe would stay open until 9:00 p.m., after the indoor establishment "
                "closes (8:59 p.m.)."
            ],
        ),
        # the indoor establishment open past midnight: the 11:00 p.m. limit is the one
        (
            {
                "closes_at": time(23, 0),
                "indoor_opens_at": time(11, 0),
                "opens_at": time(11, 0),
                "indoor_closes_at": time(2, 0),
            },
            [],
        ),
        (
            {"closes_at": time(7, 0)},
            ["The cafe closes (7:00 a.m.) before it opens (7:00 a.m.)."],
        ),
        (
            {"indoor_closes_at": None},
            [
                "Enter the approved hours of the indoor establishment: the cafe's hours may not "
                "extend beyond them."
            ],
        ),
    ],
)
def test_the_hours_from_six_to_eleven_within_the_indoor_hours(
    changes: dict[str, Any], blocks: list[str]
) -> None:
    found = cafe_rules.hours_findings(_data(**changes))
    assert _blocks(found) == blocks
    assert all(f.cite == HOURS for f in found)


def test_police_review_only_with_alcohol_or_a_liquor_license() -> None:
    assert not cafe_rules.needs_police_review(_data())
    assert cafe_rules.needs_police_review(_data(serves_alcohol=True))
    assert cafe_rules.needs_police_review(_data(liquor_license="Class B 2026-3"))


@pytest.mark.parametrize(
    ("mailed", "due", "moved"),
    [
        (date(2026, 11, 30), date(2026, 12, 15), False),
        (date(2026, 12, 4), date(2026, 12, 21), True),  # Sat Dec 19: City Hall closed
        (date(2026, 12, 10), date(2026, 12, 28), True),  # Christmas Day, then a weekend
        (date(2026, 12, 16), date(2026, 12, 31), False),  # New Year's Eve: City Hall is open
        (date(2026, 12, 17), date(2027, 1, 4), True),  # New Year's Day, then a weekend
    ],
)
def test_fifteen_calendar_days_for_comments_a_closed_last_day_moves(
    mailed: date, due: date, moved: bool
) -> None:
    deadline = cafe_terms.comment_deadline(mailed, CityCalendar())
    assert (deadline.due, deadline.moved) == (due, moved)
    snow_day = CityCalendar(extra_closed={date(2026, 12, 15)})
    assert cafe_terms.comment_deadline(date(2026, 11, 30), snow_day).due == date(2026, 12, 16)


@settings(max_examples=300, deadline=None)
@given(
    st.dates(min_value=date(2020, 1, 1), max_value=date(2040, 12, 31)),
    st.sets(st.dates(min_value=date(2020, 1, 1), max_value=date(2041, 2, 28)), max_size=30),
)
def test_comments_are_due_on_the_first_day_after_fifteen_that_city_hall_is_open(
    mailed: date, closed: set[date]
) -> None:
    calendar = CityCalendar(extra_closed=closed)
    due = cafe_terms.comment_deadline(mailed, calendar).due
    nominal = mailed + timedelta(days=cafe_rules.COMMENT_DAYS)
    assert due >= nominal and calendar.is_open(due) and calendar.can_end_period(due)
    skipped = (nominal + timedelta(days=n) for n in range((due - nominal).days))
    assert not any(calendar.can_end_period(day) for day in skipped)


def test_notice_days_are_counted_back_and_never_moved() -> None:
    calendar = CityCalendar()
    # seven days before Mon Jan 11 is Mon Jan 4; ten days before is Fri Jan 1, a holiday
    assert cafe_terms.latest_suspension_notice(date(2027, 1, 11), calendar).due == date(2027, 1, 4)
    assert cafe_terms.latest_revocation_notice(date(2027, 1, 11), calendar).due == date(2027, 1, 1)
    assert cafe_terms.longest_term(date(2026, 12, 28)) == date(2027, 12, 28)
    assert cafe_terms.longest_term(date(2028, 2, 29)) == date(2029, 2, 28)


def test_alcohol_needs_a_liquor_license_covering_the_cafe_area() -> None:
    alcohol = "§ 506-10 (Service of food and beverages; alcoholic beverages)"
    unlicensed = _data(serves_alcohol=True, liquor_license=" ")
    assert cafe_rules.alcohol_findings(unlicensed) == [
        Finding(
            "block",
            alcohol,
            "Alcohol is to be served, but no liquor license is entered: the permit may authorize "
            "alcohol only where the applicant holds the alcoholic beverage licenses that include "
            "the sidewalk cafe area.",
        )
    ]
    licensed = dataclasses.replace(unlicensed, liquor_license="Class B 2026-14")
    assert [(f.level, f.text) for f in cafe_rules.alcohol_findings(licensed)] == [
        ("info", "Liquor license Class B 2026-14: it must include the sidewalk cafe area.")
    ]
    assert cafe_rules.alcohol_findings(_data()) == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({}, None),
        (
            {"side_clear_passage_in": 71},
            "Along the side street the clear pedestrian passage is 5 ft 11 in; at least 6 ft "
            "must be kept clear there (the passage abutting the face of curb).",
        ),
        (
            {"side_passage_abuts_curb": False, "side_clear_passage_in": 60,
             "side_curb_setback_in": 36},
            None,
        ),
        (
            {"side_passage_abuts_curb": False, "side_clear_passage_in": 59,
             "side_curb_setback_in": 36},
            "Along the side street the clear pedestrian passage is 4 ft 11 in; at least 5 ft "
            "must be kept clear there (the passage not abutting the face of curb).",
        ),
        ({"side_curb_setback_in": 36}, None),
        (
            {"side_curb_setback_in": 35},
            "Along the side street tables and chairs are 35 in from the curb face; they must be "
            "set back at least 3 ft.",
        ),
        (
            {"side_clear_passage_in": None},
            "Enter the clear pedestrian passage along the side street from the site plan.",
        ),
        (
            {"at_curbside": True, "curb_setback_in": 36, "side_curb_setback_in": None},
            "Enter the distance from the side street's curb face to the nearest table or chair.",
        ),
    ],
)  # fmt: skip
def test_a_corner_cafe_keeps_the_side_streets_sidewalk_clear_too(
    changes: dict[str, Any], message: str | None
) -> None:
    corner = _data(
        corner_parcel=True, side_frontage_in=240, side_cafe_length_in=120, side_clear_passage_in=72
    )
    found = cafe_rules.layout_findings(dataclasses.replace(corner, **changes))
    assert _blocks(found) == ([message] if message else [])
    assert all(f.cite == CLEARANCE for f in found if f.blocks)
    # a cafe along the front only is not asked about the side street
    assert (
        _blocks(cafe_rules.layout_findings(_data(corner_parcel=True, side_clear_passage_in=None)))
        == []
    )


def test_a_file_that_cannot_be_kept_is_said_in_words() -> None:
    assert (
        cafe_rules.scan_problem("plan.pdf", PDF) is None
        and cafe_rules.scan_problem("plan.png", PNG) is None
    )
    assert cafe_rules.scan_problem("sales.pdf", b"") == "sales.pdf is empty."
    assert cafe_rules.scan_problem("sales.csv", b"date,gross\n") == (
        "sales.csv is not a PDF, PNG or JPEG file: scan the papers, or save them as a PDF, and "
        "attach that."
    )
    big = b"%PDF" + b"0" * (25 * 1024 * 1024)
    assert cafe_rules.scan_problem("scan.pdf", big) == (
        "scan.pdf is larger than 25 MB; scan it at a lower resolution."
    )
    assert [cafe_rules.scan_kind(c) for c in (PDF, PNG, b"\xff\xd8\xff\xe0", b"PK", None)] == [
        "pdf",
        "png",
        "jpeg",
        "",
        "",
    ]
