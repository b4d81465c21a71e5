"""Certificates of insurance against the ordinance's requirements, each at its boundary."""

from __future__ import annotations

import dataclasses
from datetime import date

import pytest

from clerk_desk.coverage import (
    SPECIAL_EVENT_VENDING,
    STREET_OPENING,
    Certificate,
    CoverageKind,
    Covers,
    check_certificate,
    sidewalk_cafe,
    street_privilege,
)
from clerk_desk.deadlines import default_calendar
from clerk_desk.money import Money

K = CoverageKind
PRESCOTT_DAZE = Covers(date(2026, 9, 18), date(2026, 9, 20))  # Fri-Sun


def vendor_certificate(**changes: object) -> Certificate:
    """A certificate that meets § 506-24 exactly, received the last day allowed."""
    good = Certificate(
        insured="Magee Park Ice Cream",
        insurer="Badger Mutual",
        coverages={
            K.BODILY_INJURY_PER_OCCURRENCE: Money("100000"),
            K.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("50000"),
        },
        effective=date(2026, 1, 1),
        expires=date(2026, 9, 20),
        received=date(2026, 9, 11),
        contractual_liability=True,
        city_additional_insured=True,
        notice_days=30,
    )
    return dataclasses.replace(good, **changes)  # type: ignore[arg-type]


def findings(cert: Certificate, requirement=SPECIAL_EVENT_VENDING, covers=PRESCOTT_DAZE):  # type: ignore[no-untyped-def]
    return check_certificate(cert, requirement, covers=covers, calendar=default_calendar())


def test_a_certificate_meeting_every_condition_exactly_has_no_findings() -> None:
    assert findings(vendor_certificate()) == []


def test_one_cent_under_a_minimum_is_refused_with_the_shortfall() -> None:
    short = vendor_certificate(
        coverages={
            K.BODILY_INJURY_PER_OCCURRENCE: Money("99999.99"),
            K.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("50000"),
        }
    )
    [finding] = findings(short)
    assert finding.level == "block"
    assert finding.cite == "§ 506-24 (Conditions of permit: Liability insurance)"
    assert finding.text == (
        "The certificate shows $99,999.99 for bodily injury per accident or occurrence; at least "
        "$100,000.00 is required ($0.01 short)."
    )


def test_coverage_ending_one_day_before_the_event_ends_is_refused() -> None:
    [finding] = findings(vendor_certificate(expires=date(2026, 9, 19)))
    assert "ends Sat Sep 19, 2026, 1 day before the permit or event ends" in finding.text
    assert findings(vendor_certificate(expires=date(2026, 9, 20))) == []
    [late_start] = findings(vendor_certificate(effective=date(2026, 9, 19)))
    assert "starts Sat Sep 19, 2026, after the permit or event starts" in late_start.text


def test_proof_is_due_seven_days_before_the_event_starts() -> None:
    assert findings(vendor_certificate(received=date(2026, 9, 10))) == []
    assert findings(vendor_certificate(received=date(2026, 9, 11))) == []  # the last day
    [late] = findings(vendor_certificate(received=date(2026, 9, 12)))
    assert "due by Fri Sep 11, 2026, 7 days before the event starts" in late.text


def test_clauses_the_vending_permit_requires() -> None:
    texts = [
        f.text
        for f in findings(
            vendor_certificate(
                contractual_liability=False,
                city_additional_insured=False,
                notice_days=29,
                general_liability=False,
            )
        )
    ]
    assert texts == [
        "The certificate does not show comprehensive general liability.",
        "The certificate does not include contractual liability.",
        "The City is not named as an additional insured.",
        "The certificate gives only 29 days' written notice to the City of cancellation, "
        "nonrenewal or material change; 30 days' is required.",
    ]
    [none] = findings(vendor_certificate(notice_days=None))
    assert none.text.startswith("The certificate gives no written notice")


def street_opening_certificate(**limits: str) -> Certificate:
    return Certificate(
        insured="Hanson Excavating LLC",
        insurer="Northern Casualty",
        coverages={K(kind): Money(amount) for kind, amount in limits.items()},
        effective=date(2026, 4, 1),
        expires=date(2027, 4, 1),
        received=date(2026, 3, 20),
    )


OPENING = Covers(date(2026, 5, 4), date(2026, 11, 3))


def test_street_opening_needs_500000_split_limits_or_a_1000000_combined_single_limit() -> None:
    split = street_opening_certificate(
        bi_person="500000", bi_occurrence="500000", pd_occurrence="500000"
    )
    assert findings(split, STREET_OPENING, OPENING) == []
    # One pot per occurrence: $500,000 combined cannot pay $500,000 of injuries AND $500,000 of
    # property damage from the same accident.
    half = street_opening_certificate(combined_single="500000")
    [block] = findings(half, STREET_OPENING, OPENING)
    assert block.level == "block" and block.cite == "§ 506-6 (Insurance required)"
    assert block.text == (
        "The certificate shows $500,000.00 for the combined single limit, which must cover "
        "bodily injury per accident or occurrence and property damage per occurrence together; "
        "at least $1,000,000.00 is required ($500,000.00 short)."
    )
    combined = street_opening_certificate(combined_single="1000000")
    assert findings(combined, STREET_OPENING, OPENING) == []
    low = street_opening_certificate(combined_single="999999.99")
    [short] = [f.text for f in findings(low, STREET_OPENING, OPENING)]
    assert "$999,999.99" in short and "$1,000,000.00" in short and "($0.01 short)" in short


def test_vending_needs_a_150000_combined_single_limit() -> None:
    at = vendor_certificate(coverages={K.COMBINED_SINGLE_LIMIT: Money("150000")})
    assert findings(at) == []
    under = vendor_certificate(coverages={K.COMBINED_SINGLE_LIMIT: Money("149999.99")})
    [block] = findings(under)
    assert "at least $150,000.00 is required ($0.01 short)" in block.text
    # A split limit that meets its own minimum leaves the pot only what is still unmet.
    mixed = vendor_certificate(
        coverages={
            K.BODILY_INJURY_PER_OCCURRENCE: Money("100000"),
            K.COMBINED_SINGLE_LIMIT: Money("50000"),
        }
    )
    assert findings(mixed) == []


def test_a_per_person_minimum_is_met_by_a_combined_single_limit_of_that_amount() -> None:
    requirement = street_privilege({K.BODILY_INJURY_PER_PERSON: Money("300000")})
    assert (
        findings(street_opening_certificate(combined_single="300000"), requirement, OPENING) == []
    )
    [short] = findings(
        street_opening_certificate(combined_single="299999.99"), requirement, OPENING
    )
    assert short.text == (
        "The certificate shows $299,999.99 for bodily injury per person; at least $300,000.00 "
        "is required ($0.01 short)."
    )
    # Only one of the two per-occurrence kinds required: the pot need only hold that one.
    one = street_privilege({K.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("100000")})
    assert findings(street_opening_certificate(combined_single="100000"), one, OPENING) == []


@pytest.mark.parametrize("serves_alcohol", [False, True])
def test_sidewalk_cafe_single_limit_endorsement_and_liquor(serves_alcohol: bool) -> None:
    cert = Certificate(
        insured="Confluence Bakery",
        insurer="Badger Mutual",
        coverages={
            K.COMBINED_SINGLE_LIMIT: Money("1000000"),
            K.PRODUCTS_COMPLETED_OPERATIONS: Money("1000000"),
            K.MEDICAL_PAYMENTS: Money("10000"),
        },
        effective=date(2026, 4, 1),
        expires=date(2027, 4, 1),
        received=date(2026, 3, 1),
        city_additional_insured=True,
        additional_insured_endorsement=True,
        notice_days=30,
    )
    term = Covers(date(2026, 5, 1), date(2027, 3, 31), application=date(2026, 4, 1))
    texts = [f.text for f in findings(cert, sidewalk_cafe(serves_alcohol=serves_alcohol), term)]
    assert texts == (
        ["Alcohol will be served, and the certificate shows no liquor liability coverage."]
        if serves_alcohol
        else []
    )
    split = dataclasses.replace(
        cert,
        coverages={
            K.BODILY_INJURY_PER_OCCURRENCE: Money("1000000"),
            K.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("999999.99"),
            K.PRODUCTS_COMPLETED_OPERATIONS: Money("1000000"),
            K.MEDICAL_PAYMENTS: Money("9999.99"),
            K.LIQUOR_LIABILITY: Money("1000000"),
        },
        additional_insured_endorsement=False,
    )
    texts = [f.text for f in findings(split, sidewalk_cafe(serves_alcohol=True), term)]
    assert texts == [
        "The certificate shows $9,999.99 for medical payments; at least $10,000.00 is required "
        "($0.01 short).",
        "The certificate shows $999,999.99 for the single limit; at least $1,000,000.00 is "
        "required ($0.01 short).",
        "No separate endorsement naming the City as additional insured is on file.",
    ]


def test_street_privilege_insurance_is_what_the_officials_set() -> None:
    requirement = street_privilege({K.BODILY_INJURY_PER_OCCURRENCE: Money("250000")})
    cert = street_opening_certificate(bi_occurrence="250000")
    assert findings(cert, requirement, OPENING) == []
    assert street_privilege({}).minimums == {}


SIDEWALK_CAFE_CITE = "§ 506-10 (Liability; indemnification of the City of Prescott; insurance)"


def cafe_certificate(effective: date) -> Certificate:
    return Certificate(
        insured="Confluence Bakery",
        insurer="Badger Mutual",
        coverages={
            K.COMBINED_SINGLE_LIMIT: Money("1000000"),
            K.PRODUCTS_COMPLETED_OPERATIONS: Money("1000000"),
            K.MEDICAL_PAYMENTS: Money("10000"),
        },
        effective=effective,
        expires=date(2027, 4, 1),
        received=date(2026, 3, 1),
        city_additional_insured=True,
        additional_insured_endorsement=True,
        notice_days=30,
    )


def test_sidewalk_cafe_insurance_is_in_force_from_the_application() -> None:
    requirement = sidewalk_cafe(serves_alcohol=False)
    assert requirement.from_application and not STREET_OPENING.from_application
    term = Covers(date(2026, 5, 1), date(2027, 3, 31), application=date(2026, 3, 16))
    assert findings(cafe_certificate(date(2026, 3, 16)), requirement, term) == []
    [late] = findings(cafe_certificate(date(2026, 3, 17)), requirement, term)
    assert (late.level, late.cite) == ("block", SIDEWALK_CAFE_CITE)
    assert late.text == (
        "The coverage starts Tue Mar 17, 2026, after the application was made "
        "(Mon Mar 16, 2026); it must be in force from the application through the permit's term."
    )
    # Other permits look at the term only, whatever the application date.
    assert not [
        f
        for f in findings(
            street_opening_certificate(combined_single="1000000"),
            STREET_OPENING,
            Covers(OPENING.start, OPENING.end, application=date(2026, 1, 2)),
        )
    ]


def test_without_the_application_date_the_cafe_check_says_it_is_needed() -> None:
    term = Covers(date(2026, 5, 1), date(2027, 3, 31))
    [info] = findings(cafe_certificate(date(2026, 4, 1)), sidewalk_cafe(serves_alcohol=False), term)
    assert (info.level, info.cite) == ("info", SIDEWALK_CAFE_CITE)
    assert "application date is needed" in info.text
    # The term itself is still checked.
    after_start = findings(
        cafe_certificate(date(2026, 5, 2)), sidewalk_cafe(serves_alcohol=False), term
    )
    assert [f.level for f in after_start] == ["info", "block"]


def test_street_privilege_insurance_cites_when_required() -> None:
    assert street_privilege({}).cite == "§ 506-9 (When required)"
