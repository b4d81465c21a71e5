"""Street opening permits (§§ 506-6, 506-7) at their boundaries.

The closed season's two named days, five years to the day after a repaving, two business days
across a weekend and across Thanksgiving, six months from August 31, the doubled fee, bonds on
December 31 and January 1, insurance a dollar short, the notices to the minute, 60 days for
pavement, July 1 for a winter patch, the one-year guarantee, the City's 90 days and the 20% for
administration; the fee is paid through the real receipt service. "Today" is Monday, November
30, 2026 in Prescott unless a test travels.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date, datetime, timedelta
from decimal import Decimal
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

import builders  # type: ignore[import-not-found]
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from clerk_desk import ledger, parties, today
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.kinds import (
    BondKind,
    ChargeKind,
    Compass,
    DueKind,
    DueStatus,
    OpeningStatus,
    PartyKind,
    Role,
    TenderKind,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    AmountDue,
    AuditEvent,
    OpeningRenewal,
    SpecialCharge,
    StreetImprovement,
    StreetOpening,
)
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_numbers import streets
from clerk_desk.street_numbers.streets import StreetData
from clerk_desk.street_openings import charges, improvements, previews, rules, views
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings import work as opening_work
from clerk_desk.street_openings.service import OpeningData, SiteData
from clerk_desk.street_openings.work import WorkRecord
from clerk_desk.today import TodayItem
from clerk_desk.words import format_day

TODAY = date(2026, 11, 30)  # a Monday; Thanksgiving 2026 is Thursday, November 26
ZONE = ZoneInfo("America/Chicago")
FEE = Money("50.00")  # the shipped placeholder for STOPEN
DIRECTOR = "Pat Kowalski, Director of Public Works"
SPRING = date(2027, 5, 10)  # a Monday after the frozen-ground season


def at(day: date, hour: int, minute: int = 0) -> datetime:
    """A moment in Prescott."""
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZONE)


# -- fixtures and helpers -------------------------------------------------------------------------


def _insure(
    desk: Desk,
    who: SignedIn,
    party_id: int,
    *,
    bi_person: str = "500000",
    effective_on: date = date(2026, 1, 1),
    expires_on: date = date(2028, 12, 31),
) -> int:
    with desk.action(who) as action:
        return bonds.file_certificate(
            action,
            bonds.CertificateData(
                insured_id=party_id,
                insurer="Badger Mutual",
                effective_on=effective_on,
                expires_on=expires_on,
                received_on=date(2026, 1, 2),
                coverages={
                    CoverageKind.BODILY_INJURY_PER_PERSON: Money(bi_person),
                    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("500000"),
                    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("500000"),
                },
                general_liability=True,
            ),
        )


def _annual_bond(desk: Desk, who: SignedIn, party_id: int, year: int) -> None:
    with desk.action(who) as action:
        bonds.file_bond(
            action,
            bonds.BondData(
                kind=BondKind.ANNUAL_EXCAVATION,
                principal_id=party_id,
                surety="Western Surety",
                bond_number=f"AX-{year}",
                amount=Money("25000"),
                effective_on=date(year, 1, 1),
                year=year,
            ),
        )


@pytest.fixture
def inspector(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.INSPECTOR)


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


def _street(desk: Desk, who: SignedIn, name: str) -> int:
    with desk.action(who) as action:
        return streets.add_street(
            action,
            StreetData(
                name=name,
                suffix="St",
                odd_side=Compass.WEST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=999,
            ),
        )


@pytest.fixture
def orange(desk: Desk, admin: SignedIn) -> int:
    return _street(desk, admin, "Orange")


@pytest.fixture
def utility(desk: Desk, admin: SignedIn) -> int:
    """A public utility, insured, with no bond (none is required of it)."""
    party_id = builders.party(
        desk, admin, "Valley Natural Gas Company", kind=PartyKind.UTILITY, public_utility=True
    )
    _insure(desk, admin, party_id)
    return party_id


@pytest.fixture
def contractor(desk: Desk, admin: SignedIn) -> int:
    """A contractor, insured, with no bond on file yet."""
    party_id = builders.party(desk, admin, "Hanson Excavating LLC", contractor=True)
    _insure(desk, admin, party_id)
    return party_id


def _data(
    applicant: int, street_id: int | None, start: date = SPRING, **changes: Any
) -> OpeningData:
    data = OpeningData(
        applicant_id=applicant,
        sites=(SiteData("in front of 125 Orange St", street_id, "asphalt", 12, 4),),
        nature_of_work="Replace the gas service to 125 Orange St",
        method="Open cut, saw-cut asphalt, backfill in 12-inch lifts",
        planned_start=start,
        planned_end=start + timedelta(days=4),
    )
    return dataclasses.replace(data, **changes)


def _apply(desk: Desk, who: SignedIn, data: OpeningData) -> int:
    with desk.action(who) as action:
        return so.apply(action, data)


def _opening(desk: Desk, opening_id: int) -> StreetOpening:
    with desk.database.reading() as session:
        return session.scalars(
            select(StreetOpening)
            .where(StreetOpening.id == opening_id)
            .options(
                selectinload(StreetOpening.sites),
                selectinload(StreetOpening.renewals),
                selectinload(StreetOpening.applicant),
            )
        ).one()


def _review(desk: Desk, opening_id: int) -> list[Finding]:
    with desk.lookup(SYSTEM) as action:
        return so.review(action, opening_id)


def _cited(findings: list[Finding], cite: str) -> list[Finding]:
    return [f for f in findings if f.cite == cite]


def _dues(desk: Desk, opening_id: int) -> list[AmountDue]:
    with desk.database.reading() as session:
        return [
            d
            for d in ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(opening_id)))
            if d.status != DueStatus.CANCELLED
        ]


def _pay(desk: Desk, who: SignedIn, opening_id: int) -> str:
    """Pay everything open on the application at the counter: a real receipt, in cash."""
    with desk.action(who) as action:
        station = f"Counter {action.today().isoformat()}"
        if receipts.current_drawer(action.session, station) is None:
            receipts.open_drawer(action, station=station, opening_cash=Money("100"))
        opening = so.get_opening(action.session, opening_id)
        dues = [
            d
            for d in ledger.dues_for(action.session, RecordRef(rules.RECORD_TYPE, str(opening_id)))
            if d.status == DueStatus.OPEN
        ]
        assert dues, "nothing to pay"
        lines = [receipts.due_line(action.session, d.id) for d in dues]
        total = sum((line.amount for line in lines), Money.zero())
        receipt = receipts.take_payment(
            action,
            station=station,
            payer_id=opening.applicant_id,
            lines=lines,
            tenders=[receipts.TenderEntry(TenderKind.CASH, total)],
        )
        return receipt.number


def _approve(
    desk: Desk, who: SignedIn, opening_id: int, title: str = "Director of Public Works"
) -> StreetOpening:
    with desk.action(who) as action:
        return action.session.get_one(StreetOpening, so.approve(action, opening_id, title=title))


def _issued(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    data: OpeningData,
    *,
    on: date = TODAY,
) -> int:
    """Applied for, paid and approved on ``on``."""
    clock.set(on)
    opening_id = _apply(desk, clerk, data)
    if any(d.status == DueStatus.OPEN for d in _dues(desk, opening_id)):
        _pay(desk, clerk, opening_id)
    _approve(desk, inspector, opening_id)
    return opening_id


def _refused(
    desk: Desk, who: SignedIn, step: Callable[[Any], object], error: type[Exception] = InvalidInput
) -> Any:
    with pytest.raises(error) as refused, desk.action(who) as action:
        step(action)
    return refused.value


def _items(desk: Desk) -> list[TodayItem]:
    with desk.lookup(SYSTEM) as action:
        return [i for i in today.gather(action) if i.workflow == "Street Openings"]


def _record_work(desk: Desk, who: SignedIn, opening_id: int, **work: Any) -> StreetOpening:
    with desk.action(who) as action:
        worked = opening_work.record_work(action, opening_id, WorkRecord(**work))
        return action.session.get_one(StreetOpening, worked)


def _checklist(desk: Desk, opening_id: int, on: date) -> dict[str, opening_work.ChecklistLine]:
    opening = _opening(desk, opening_id)
    lines = opening_work.work_checklist(opening, calendar=desk.calendar(), today=on)
    return {line.title: line for line in lines}


# -- the calendar rules, alone --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("approved", "last_day"),
    [
        (date(2026, 8, 31), date(2027, 2, 28)),
        (date(2027, 8, 31), date(2028, 2, 29)),  # a leap year's February has its 29th
        (date(2026, 8, 30), date(2027, 2, 28)),
        (date(2026, 8, 29), date(2027, 2, 28)),  # Feb 28, 2027 is the same day of the month
        (date(2027, 8, 29), date(2028, 2, 29)),
        (date(2026, 3, 31), date(2026, 9, 30)),
        (date(2026, 11, 30), date(2027, 5, 30)),
        (date(2026, 1, 15), date(2026, 7, 15)),
        (date(2026, 7, 1), date(2027, 1, 1)),
        (date(2026, 12, 31), date(2027, 6, 30)),
    ],
)
def test_a_permit_is_valid_six_months_from_approval(approved: date, last_day: date) -> None:
    assert rules.valid_until(approved) == last_day


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2099, 12, 31)))
def test_six_months_is_the_same_day_or_the_months_last_day(day: date) -> None:
    end = rules.valid_until(day)
    assert (end.year * 12 + end.month) - (day.year * 12 + day.month) == 6
    assert end.day == day.day or (end.day < day.day and (end + timedelta(days=1)).day == 1)


@pytest.mark.parametrize(
    ("day", "closed"),
    [
        (date(2026, 11, 14), False),
        (date(2026, 11, 15), True),  # "between November 15 and May 1": both named days inside
        (date(2026, 12, 31), True),
        (date(2027, 1, 1), True),
        (date(2027, 5, 1), True),
        (date(2027, 5, 2), False),
        (date(2027, 7, 4), False),
    ],
)
def test_the_frozen_ground_season_includes_november_15_and_may_1(day: date, closed: bool) -> None:
    assert rules.in_frozen_ground(day) is closed


def test_the_frozen_ground_rule_says_both_days_are_included() -> None:
    assert "between November 15 and May 1, both days included" in rules.FROZEN_RULE
    assert "Director of Public Works or the Building Inspector" in rules.FROZEN_RULE
    assert rules.frozen_days(date(2026, 11, 12), date(2026, 11, 16)) == [
        date(2026, 11, 15),
        date(2026, 11, 16),
    ]
    assert rules.frozen_days(date(2027, 4, 30), date(2027, 5, 3)) == [
        date(2027, 4, 30),
        date(2027, 5, 1),
    ]
    assert rules.frozen_days(date(2027, 5, 2), date(2027, 11, 14)) == []


@pytest.mark.parametrize(
    ("opened", "application_due", "waived_through"),
    [
        # Friday: Monday and Tuesday are the two business days, the weekend does not count.
        (date(2026, 11, 20), date(2026, 11, 23), date(2026, 11, 24)),
        # A Saturday excavation: Monday is the next business day.
        (date(2026, 11, 21), date(2026, 11, 23), date(2026, 11, 24)),
        # The day before Thanksgiving: City Hall is closed Thursday and Friday.
        (date(2026, 11, 25), date(2026, 11, 30), date(2026, 12, 1)),
        (date(2026, 11, 24), date(2026, 11, 25), date(2026, 11, 30)),
        (date(2026, 12, 1), date(2026, 12, 2), date(2026, 12, 3)),
    ],
)
def test_the_emergency_clocks_count_business_days(
    opened: date, application_due: date, waived_through: date
) -> None:
    calendar = CityCalendar()
    assert rules.emergency_application_due(opened, calendar) == application_due
    assert rules.emergency_fee_waiver_until(opened, calendar) == waived_through


def test_permanent_pavement_is_due_60_days_after_the_permit() -> None:
    calendar = CityCalendar()
    assert rules.restoration_due(date(2026, 8, 3), calendar) == date(2026, 10, 2)  # a Friday
    # The work is the permittee's: a Saturday last day stands, a Sunday one moves to Monday.
    assert rules.restoration_due(date(2026, 8, 4), calendar) == date(2026, 10, 3)
    assert rules.restoration_due(date(2026, 8, 5), calendar) == date(2026, 10, 5)


@pytest.mark.parametrize(
    ("patched", "replace_by"),
    [
        (date(2026, 12, 15), date(2027, 7, 1)),
        (date(2027, 6, 30), date(2027, 7, 1)),
        (date(2027, 7, 1), date(2028, 7, 1)),  # "the following July 1"
        (date(2027, 7, 2), date(2028, 7, 1)),
    ],
)
def test_a_cold_mix_patch_is_replaced_by_the_following_july_1(
    patched: date, replace_by: date
) -> None:
    assert rules.patch_replacement_due(patched) == replace_by


def test_five_years_after_a_repaving_end_on_its_anniversary() -> None:
    assert rules.moratorium_ends(date(2021, 11, 30)) == date(2026, 11, 30)
    assert rules.moratorium_ends(date(2024, 2, 29)) == date(2029, 2, 28)


# -- the application ------------------------------------------------------------------------------


def test_an_application_lists_every_opening_and_bills_the_fee(
    desk: Desk, clerk: SignedIn, utility: int, orange: int
) -> None:
    sites = (
        SiteData("in front of 125 Orange St", orange, "Asphalt", 12, 4),
        SiteData("  alley   behind 131 Orange St ", None, "gravel"),
    )
    opening_id = _apply(desk, clerk, _data(utility, orange, sites=sites))
    opening = _opening(desk, opening_id)
    assert opening.number == "SO-2026-001"
    assert opening.status == OpeningStatus.APPLIED
    assert (opening.applied_on, opening.received_by_name) == (TODAY, "Test Clerk")
    assert [(s.position, s.location, s.surface) for s in opening.sites] == [
        (1, "in front of 125 Orange St", "asphalt"),
        (2, "alley behind 131 Orange St", "gravel"),
    ]
    [fee] = _dues(desk, opening_id)
    assert (fee.kind, fee.amount, fee.cite) == (DueKind.FEE, FEE, rules.FEE_CITE)
    assert fee.description == "Street opening SO-2026-001: application and review fee"
    assert _apply(desk, clerk, _data(utility, orange)) != opening_id
    assert _opening(desk, opening_id + 1).number == "SO-2026-002"
    with desk.database.reading() as session:
        [event] = session.scalars(
            select(AuditEvent).where(
                AuditEvent.action == "opening.apply", AuditEvent.record_id == str(opening_id)
            )
        )
        assert event.after is not None and event.after["sites"] == [
            s.location for s in opening.sites
        ]


@pytest.mark.parametrize(
    ("changes", "field", "cite"),
    [
        ({"sites": ()}, "sites", rules.FEE_CITE),
        ({"sites": (SiteData("   "),)}, "sites", None),
        ({"sites": (SiteData("x" * 201),)}, "sites", None),
        ({"sites": (SiteData("Orange St", surface="lava"),)}, "sites", None),
        ({"sites": (SiteData("Orange St", length_ft=0),)}, "sites", None),
        ({"planned_end": SPRING - timedelta(days=1)}, "planned_end", None),
        ({"opened_on": TODAY + timedelta(days=1)}, "opened_on", None),
        ({"emergency": True}, "opened_on", rules.EMERGENCY_CITE),
        ({"city_notified_at": datetime(2026, 11, 30, 9, 0)}, "city_notified_at", None),
        ({"city_notified_at": at(TODAY, 10, 1)}, "city_notified_at", None),
    ],
)
def test_an_application_form_is_refused_at_the_field(
    desk: Desk,
    clerk: SignedIn,
    utility: int,
    orange: int,
    changes: dict[str, Any],
    field: str,
    cite: str | None,
) -> None:
    error = _refused(
        desk, clerk, lambda action: so.apply(action, _data(utility, orange, **changes))
    )
    assert error.field == field
    if cite is not None:
        assert error.cite == cite
    with desk.database.reading() as session:
        assert session.scalars(select(StreetOpening)).first() is None


def test_an_opening_names_a_real_street(desk: Desk, clerk: SignedIn, utility: int) -> None:
    _refused(desk, clerk, lambda action: so.apply(action, _data(utility, 999)), NotFound)


def test_city_work_is_exempt_no_permit_and_no_fee(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, admin: SignedIn, orange: int
) -> None:
    public_works = builders.party(
        desk, admin, "City of Prescott Public Works", kind=PartyKind.GOVERNMENT
    )
    with desk.action(clerk) as action:
        opening_id = so.record_city_work(
            action, _data(public_works, orange, nature_of_work="Water main valve replacement")
        )
    opening = _opening(desk, opening_id)
    assert opening.status == OpeningStatus.EXEMPT
    assert so.display_status(opening, TODAY) == "City work (exempt)"
    assert _dues(desk, opening_id) == []
    assert _items(desk) == []
    [exempt] = _review(desk, opening_id)
    assert (exempt.level, exempt.cite) == ("info", rules.CITY_WORK_CITE)
    stopped = _refused(desk, inspector, lambda a: so.approve(a, opening_id, title="DPW"), Conflict)
    assert "exempt" in stopped.message
    _refused(desk, clerk, lambda a: so.record_opened(a, opening_id, opened_on=TODAY), Conflict)


# -- the fee: doubled, or waived for an emergency -------------------------------------------------


def _kinds(desk: Desk, opening_id: int) -> list[tuple[DueKind, Money]]:
    return [(DueKind(d.kind), d.amount) for d in _dues(desk, opening_id)]


def test_an_opening_made_before_the_application_doubles_the_fee(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    clock.set(date(2026, 8, 12))
    data = _data(utility, orange, start=date(2026, 8, 10), opened_on=date(2026, 8, 10))
    opening_id = _apply(desk, clerk, data)
    assert _kinds(desk, opening_id) == [(DueKind.FEE, FEE), (DueKind.DOUBLED_FEE, FEE)]
    [doubled] = _cited(_review(desk, opening_id), rules.FEE_CITE)
    assert doubled.level == "block" and "($100.00 owed)" in doubled.text
    # A later correction of the day does not double it again.
    with desk.action(clerk) as action:
        so.record_opened(action, opening_id, opened_on=date(2026, 8, 11))
    assert len(_kinds(desk, opening_id)) == 2
    _pay(desk, clerk, opening_id)
    with desk.database.reading() as session:
        assert ledger.is_paid(session, RecordRef(rules.RECORD_TYPE, str(opening_id)))
    approved = _approve(desk, inspector, opening_id)
    assert approved.status == OpeningStatus.IN_PROGRESS  # the opening is already made


def test_an_opening_made_after_applying_but_before_approval_doubles_the_fee_once(
    desk: Desk, clerk: SignedIn, utility: int, orange: int
) -> None:
    opening_id = _apply(desk, clerk, _data(utility, orange))
    assert _kinds(desk, opening_id) == [(DueKind.FEE, FEE)]
    with desk.action(clerk) as action:
        so.record_opened(action, opening_id, opened_on=TODAY)
    assert _kinds(desk, opening_id) == [(DueKind.FEE, FEE), (DueKind.DOUBLED_FEE, FEE)]
    [doubled] = [d for d in _dues(desk, opening_id) if d.kind == DueKind.DOUBLED_FEE]
    assert doubled.cite == rules.FEE_CITE and "before an approved permit" in doubled.description
    for day in (TODAY, date(2026, 11, 29)):  # recorded again, or corrected
        with desk.action(clerk) as action:
            so.record_opened(action, opening_id, opened_on=day)
    assert len(_dues(desk, opening_id)) == 2
    with desk.database.reading() as session:
        summaries = [
            e.summary
            for e in session.scalars(
                select(AuditEvent)
                .where(AuditEvent.action == "opening.opened")
                .order_by(AuditEvent.id)
            )
        ]
    assert summaries[0].endswith("; fee doubled")
    assert not any(s.endswith("fee doubled") for s in summaries[1:])


def test_an_opening_made_after_approval_is_not_doubled(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    clock.set(TODAY + timedelta(days=1))
    with desk.action(clerk) as action:
        so.record_opened(action, opening_id, opened_on=TODAY)  # the day it was approved
    assert _kinds(desk, opening_id) == [(DueKind.FEE, FEE)]
    assert _opening(desk, opening_id).status == OpeningStatus.IN_PROGRESS
    too_early = _refused(
        desk, clerk, lambda a: so.record_opened(a, opening_id, opened_on=TODAY + timedelta(days=2))
    )
    assert too_early.field == "opened_on"


def test_work_recorded_as_started_before_approval_doubles_the_fee(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    clock.set(TODAY + timedelta(days=3))
    opening = _record_work(desk, clerk, opening_id, started_at=at(TODAY - timedelta(days=1), 7))
    assert opening.opened_on == TODAY - timedelta(days=1)
    assert opening.status == OpeningStatus.IN_PROGRESS
    assert _kinds(desk, opening_id) == [(DueKind.FEE, FEE), (DueKind.DOUBLED_FEE, FEE)]


@pytest.mark.parametrize(
    ("opened", "applied", "late", "fee"),
    [
        # Across a weekend: Friday's excavation, applied for Monday, Tuesday, Wednesday.
        (date(2026, 11, 20), date(2026, 11, 23), False, None),
        (date(2026, 11, 20), date(2026, 11, 24), True, None),  # last day of the waiver
        (date(2026, 11, 20), date(2026, 11, 25), True, FEE),
        # Across Thanksgiving: Wednesday's excavation; City Hall is closed Thursday and Friday.
        (date(2026, 11, 25), date(2026, 11, 30), False, None),
        (date(2026, 11, 25), date(2026, 12, 1), True, None),
        (date(2026, 11, 25), date(2026, 12, 2), True, FEE),
    ],
)
def test_an_emergency_is_applied_for_the_next_business_day_and_free_within_two(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    utility: int,
    orange: int,
    opened: date,
    applied: date,
    late: bool,
    fee: Money | None,
) -> None:
    clock.set(at(applied, 9))
    data = _data(
        utility, orange, emergency=True, opened_on=opened, city_notified_at=at(opened, 6, 15)
    )
    opening_id = _apply(desk, clerk, data)
    dues = _dues(desk, opening_id)
    if fee is None:
        assert dues == []
    else:
        [due] = dues  # the normal fee, never doubled for an emergency
        assert (due.kind, due.amount, due.cite) == (
            DueKind.FEE,
            fee,
            rules.EMERGENCY_FEE_CITE,
        )
    findings = _review(desk, opening_id)
    flags = [f for f in _cited(findings, rules.EMERGENCY_CITE) if f.level == "warn"]
    assert bool(flags) is late
    if late:
        assert "the application was due the next business day" in flags[0].text
    [waiver] = _cited(findings, rules.EMERGENCY_FEE_CITE)
    assert ("no permit fee" in waiver.text) is (fee is None)
    # Recording the day again never doubles an emergency's fee.
    with desk.action(clerk) as action:
        so.record_opened(action, opening_id, opened_on=opened)
    assert len(_dues(desk, opening_id)) == len(dues)


def test_an_emergency_without_the_citys_notification_is_flagged(
    desk: Desk, clerk: SignedIn, utility: int, orange: int
) -> None:
    opening_id = _apply(desk, clerk, _data(utility, orange, emergency=True, opened_on=TODAY))
    [flag] = [
        f for f in _cited(_review(desk, opening_id), rules.EMERGENCY_CITE) if "notified" in f.text
    ]
    assert flag.level == "warn"
    [item] = _items(desk)
    assert item.title.endswith("City officials' notification not recorded")
    assert (item.due, item.cite, item.record_id) == (
        TODAY,
        rules.EMERGENCY_CITE,
        str(opening_id),
    )
    notified = _apply(
        desk,
        clerk,
        _data(utility, orange, emergency=True, opened_on=TODAY, city_notified_at=at(TODAY, 6)),
    )
    assert [i.record_id for i in _items(desk)] == [str(opening_id)]
    assert not [
        f for f in _cited(_review(desk, notified), rules.EMERGENCY_CITE) if f.level == "warn"
    ]


# -- frozen ground --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "blocked"),
    [
        (date(2027, 11, 14), False),
        (date(2027, 11, 15), True),
        (date(2027, 5, 1), True),
        (date(2027, 5, 2), False),
    ],
)
def test_frozen_ground_blocks_november_15_through_may_1(
    desk: Desk, clerk: SignedIn, utility: int, orange: int, start: date, blocked: bool
) -> None:
    data = _data(utility, orange, start=start, planned_end=start)
    found = _cited(_review(desk, _apply(desk, clerk, data)), rules.FROZEN_CITE)
    if blocked:
        [block] = found
        assert block.level == "block"
        assert block.text.startswith(f"The work falls on {format_day(start)},")
        assert "both days included" in block.text  # the reading is said on screen
    else:
        assert found == []


def test_work_running_into_the_season_is_blocked_on_its_first_frozen_day(
    desk: Desk, clerk: SignedIn, utility: int, orange: int
) -> None:
    data = _data(utility, orange, start=date(2027, 11, 8), planned_end=date(2027, 11, 19))
    [block] = _cited(_review(desk, _apply(desk, clerk, data)), rules.FROZEN_CITE)
    assert block.level == "block" and format_day(date(2027, 11, 15)) in block.text
    undated = _data(utility, orange, planned_start=None, planned_end=None)
    [warn] = _cited(_review(desk, _apply(desk, clerk, undated)), rules.FROZEN_CITE)
    assert warn.level == "warn"


def test_the_emergency_determination_names_who_and_lifts_the_block(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    data = _data(utility, orange, start=TODAY, planned_end=TODAY + timedelta(days=2))
    opening_id = _apply(desk, clerk, data)
    _pay(desk, clerk, opening_id)
    stopped = _refused(desk, inspector, lambda a: so.approve(a, opening_id, title="DPW"))
    assert (stopped.field, stopped.cite) == ("decision", rules.FROZEN_CITE)
    # Only the Inspector or the Director determines it, and names who did.
    _refused(
        desk,
        clerk,
        lambda a: so.determine_frozen_emergency(a, opening_id, determined_by=DIRECTOR),
        PermissionDenied,
    )
    blank = _refused(
        desk, inspector, lambda a: so.determine_frozen_emergency(a, opening_id, determined_by=" ")
    )
    assert (blank.field, blank.cite) == ("determined_by", rules.FROZEN_CITE)
    with desk.action(inspector) as action:
        so.determine_frozen_emergency(action, opening_id, determined_by=f"  {DIRECTOR} ")
    opening = _opening(desk, opening_id)
    assert (opening.frozen_emergency_by, opening.frozen_emergency_on) == (DIRECTOR, TODAY)
    [info] = _cited(_review(desk, opening_id), rules.FROZEN_CITE)
    assert info.level == "info" and DIRECTOR in info.text
    assert _approve(desk, inspector, opening_id).status == OpeningStatus.APPROVED


# -- five years after a repaving ------------------------------------------------------------------


def _improve(desk: Desk, who: SignedIn, street_id: int, completed_on: date) -> int:
    with desk.action(who) as action:
        return improvements.record_improvement(
            action,
            improvements.ImprovementData(
                street_id=street_id,
                determined_on=completed_on - timedelta(days=120),
                limits="Broad St to Lake St",
                description="Reconstruction and repaving",
                utility_notice_on=completed_on - timedelta(days=118),
                work_begins_on=completed_on - timedelta(days=60),
                completed_on=completed_on,
            ),
        )


@pytest.mark.parametrize(
    ("completed", "blocked"),
    [
        (date(2021, 11, 30), True),  # today is the fifth anniversary: still inside
        (date(2021, 11, 29), False),  # today is the day after it
        (date(2024, 11, 30), True),
    ],
)
def test_no_permit_to_open_a_street_within_five_years_of_its_repaving(
    desk: Desk,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    completed: date,
    blocked: bool,
) -> None:
    _improve(desk, inspector, orange, completed)
    other = _street(desk, inspector, "Pearl")
    two_sites = (
        SiteData("in front of 125 Orange St", orange),
        SiteData("in front of 131 Orange St", orange),
        SiteData("in front of 210 Pearl St", other),
    )
    opening_id = _apply(desk, clerk, _data(utility, orange, sites=two_sites))
    found = _cited(_review(desk, opening_id), rules.NEW_STREETS_CITE)
    if blocked:
        [block] = found  # one finding for the street, however many openings are in it
        assert block.level == "block"
        assert block.text.startswith(f"Orange St was improved or repaved {format_day(completed)}:")
        assert "absolutely essential" in block.text
    else:
        assert found == []


def test_the_councils_absolutely_essential_finding_lifts_the_five_years(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    _improve(desk, inspector, orange, date(2024, 6, 14))
    opening_id = _apply(desk, clerk, _data(utility, orange))
    _pay(desk, clerk, opening_id)
    stopped = _refused(desk, inspector, lambda a: so.approve(a, opening_id, title="DPW"))
    assert (stopped.field, stopped.cite) == ("decision", rules.NEW_STREETS_CITE)
    no_note = _refused(
        desk, clerk, lambda a: so.record_council_essential(a, opening_id, on=TODAY, note=" ")
    )
    assert (no_note.field, no_note.cite) == ("note", rules.NEW_STREETS_CITE)
    later = _refused(
        desk,
        clerk,
        lambda a: so.record_council_essential(a, opening_id, on=TODAY + timedelta(1), note="x"),
    )
    assert later.field == "on"
    with desk.action(clerk) as action:
        so.record_council_essential(
            action, opening_id, on=date(2026, 11, 23), note="Council motion, item 7, carried 6-0"
        )
    [info] = _cited(_review(desk, opening_id), rules.NEW_STREETS_CITE)
    assert info.level == "info" and format_day(date(2026, 11, 23)) in info.text
    assert _approve(desk, inspector, opening_id).status == OpeningStatus.APPROVED


def test_the_improvement_register_checks_its_dates_and_its_30_days(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, orange: int
) -> None:
    def data(**changes: Any) -> improvements.ImprovementData:
        base = improvements.ImprovementData(street_id=orange, determined_on=date(2026, 9, 1))
        return dataclasses.replace(base, **changes)

    _refused(desk, clerk, lambda a: improvements.record_improvement(a, data()), PermissionDenied)
    _refused(
        desk, inspector, lambda a: improvements.record_improvement(a, data(street_id=999)), NotFound
    )
    for changes, field in (
        ({"completed_on": date(2026, 8, 31)}, "completed_on"),
        ({"completed_on": TODAY + timedelta(days=1)}, "completed_on"),
        ({"utility_notice_on": date(2026, 8, 31)}, "utility_notice_on"),
        ({"determined_on": TODAY + timedelta(days=1)}, "determined_on"),
    ):
        error = _refused(
            desk, inspector, partial(improvements.record_improvement, data=data(**changes))
        )
        assert error.field == field
    with desk.action(inspector) as action:
        planned = action.session.get(
            StreetImprovement,
            improvements.record_improvement(action, data(work_begins_on=date(2026, 9, 30))),
        )
        assert planned is not None
        warnings = improvements.improvement_findings(planned)  # 29 days, and no notice recorded
        assert [f.level for f in warnings] == ["warn", "warn"]
        assert {f.cite for f in warnings} == {rules.NEW_STREETS_CITE}
        planned.work_begins_on = date(2026, 10, 1)  # 30 days: enough
        planned.utility_notice_on = date(2026, 9, 2)
        assert improvements.improvement_findings(planned) == []
        improvement_id = planned.id
    with desk.action(inspector) as action:
        done = action.session.get_one(
            StreetImprovement,
            improvements.complete_improvement(
                action, improvement_id, completed_on=date(2026, 11, 2)
            ),
        )
        assert done.completed_on == date(2026, 11, 2)
        assert improvements.improvements_on(action.session, orange) == [done]
    early = _refused(
        desk,
        inspector,
        lambda a: improvements.complete_improvement(
            a, improvement_id, completed_on=date(2026, 8, 1)
        ),
    )
    assert early.field == "completed_on"


# -- bonds, insurance, revocation -----------------------------------------------------------------


def test_a_public_utility_needs_no_bond(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    opening_id = _apply(desk, clerk, _data(utility, orange))
    [bond] = _cited(_review(desk, opening_id), "§ 506-6 (Public utilities)")
    assert bond.level == "info" and "no indemnity bond is required" in bond.text
    assert not _cited(_review(desk, opening_id), rules.DEFICIENCY_CITE)
    _pay(desk, clerk, opening_id)
    assert _approve(desk, inspector, opening_id).status == OpeningStatus.APPROVED


def test_a_contractor_without_a_bond_is_blocked(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, contractor: int, orange: int
) -> None:
    opening_id = _apply(desk, clerk, _data(contractor, orange))
    _pay(desk, clerk, opening_id)
    [block] = _cited(_review(desk, opening_id), "§ 506-6 (Bond)")
    assert block.level == "block" and "$10,000.00 bond" in block.text and "2027" in block.text
    stopped = _refused(desk, inspector, lambda a: so.approve(a, opening_id, title="DPW"))
    assert (stopped.field, stopped.cite, stopped.message) == (
        "decision",
        "§ 506-6 (Bond)",
        block.text,
    )
    # A $10,000 bond deposited for this permit covers it.
    with desk.action(clerk) as action:
        bonds.file_bond(
            action,
            bonds.BondData(
                kind=BondKind.STREET_OPENING,
                principal_id=contractor,
                surety="Western Surety",
                bond_number="58-112",
                amount=Money("10000"),
                effective_on=TODAY,
                record_type=rules.RECORD_TYPE,
                record_id=str(opening_id),
            ),
        )
    [covered] = _cited(_review(desk, opening_id), "§ 506-6 (Bond)")
    assert covered.level == "info" and "58-112" in covered.text
    assert _approve(desk, inspector, opening_id).status == OpeningStatus.APPROVED


@pytest.mark.parametrize(
    ("start", "end", "years", "covered"),
    [
        (date(2026, 12, 31), date(2026, 12, 31), (2026,), True),
        (date(2027, 1, 1), date(2027, 1, 1), (2026,), False),
        (date(2027, 1, 1), date(2027, 1, 1), (2027,), True),
        (date(2026, 12, 31), date(2027, 1, 1), (2026,), False),  # spans the new year
        (date(2026, 12, 31), date(2027, 1, 1), (2027,), False),
        (date(2026, 12, 31), date(2027, 1, 1), (2026, 2027), True),
    ],
)
def test_an_annual_bond_covers_the_work_of_its_calendar_year(
    desk: Desk,
    clerk: SignedIn,
    admin: SignedIn,
    contractor: int,
    orange: int,
    start: date,
    end: date,
    years: tuple[int, ...],
    covered: bool,
) -> None:
    for year in years:
        _annual_bond(desk, admin, contractor, year)
    opening_id = _apply(desk, clerk, _data(contractor, orange, start=start, planned_end=end))
    [bond] = _cited(_review(desk, opening_id), "§ 506-6 (Bond)")
    assert (bond.level == "info") is covered
    if not covered:
        missing = [str(y) for y in range(start.year, end.year + 1) if y not in years]
        assert bond.text.endswith(f"an annual bond for {' and '.join(missing)}.")


def test_a_revoked_contractor_cannot_get_a_permit(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, admin: SignedIn, contractor: int, orange: int
) -> None:
    _annual_bond(desk, admin, contractor, 2027)
    with desk.action(inspector) as action:
        revocation_id = bonds.revoke(
            action, contractor, starts_on=date(2026, 6, 1), reason="Sunken patch on Lake St"
        )
    opening_id = _apply(desk, clerk, _data(contractor, orange))
    _pay(desk, clerk, opening_id)
    stopped = _refused(desk, inspector, lambda a: so.approve(a, opening_id, title="DPW"))
    assert (
        stopped.field == "decision"
        and f"revoked through {format_day(date(2027, 5, 31))}:" in stopped.message
    )
    with desk.action(inspector) as action:
        bonds.lift_revocation(action, revocation_id, reason="Entered for the wrong contractor")
    assert _approve(desk, inspector, opening_id).status == OpeningStatus.APPROVED


def test_insurance_one_dollar_short_blocks_the_permit(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, admin: SignedIn, orange: int
) -> None:
    short = builders.party(
        desk, admin, "Pierce-St. Croix Electric", kind=PartyKind.UTILITY, public_utility=True
    )
    opening_id = _apply(desk, clerk, _data(short, orange))
    _pay(desk, clerk, opening_id)
    [none] = _cited(_review(desk, opening_id), so.bonds.INSURANCE_CITE)
    assert none.level == "block" and "No certificate of insurance" in none.text
    first = _insure(desk, admin, short, bi_person="499999")
    [block] = _cited(_review(desk, opening_id), "§ 506-6 (Insurance required)")
    assert block.level == "block" and "($1.00 short)" in block.text
    stopped = _refused(desk, inspector, lambda a: so.approve(a, opening_id, title="DPW"))
    assert (stopped.field, stopped.cite) == ("decision", "§ 506-6 (Insurance required)")
    with desk.action(admin) as action:  # the agent sends a corrected certificate
        bonds.supersede_certificate(action, first, reason="Corrected by the agent")
    second = _insure(desk, admin, short, bi_person="500000", expires_on=date(2027, 5, 29))
    [ends] = _cited(_review(desk, opening_id), "§ 506-6 (Insurance required)")
    assert f"1 day before the permit or event ends ({format_day(date(2027, 5, 30))})" in ends.text
    with desk.action(admin) as action:
        bonds.supersede_certificate(action, second, reason="Renewed")
    _insure(desk, admin, short, bi_person="500000", expires_on=date(2027, 5, 30))
    assert _cited(_review(desk, opening_id), "§ 506-6 (Insurance required)") == []
    assert _approve(desk, inspector, opening_id).status == OpeningStatus.APPROVED


# -- approval, refusal, validity ------------------------------------------------------------------


def test_approval_is_refused_while_anything_blocks_and_given_when_all_is_met(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    bare = _apply(desk, clerk, _data(utility, orange, nature_of_work="", method=" "))
    [missing] = _cited(_review(desk, bare), rules.APPLICATION_CITE)
    assert missing.text == "The application does not give the nature of the work or the method."
    opening_id = _apply(desk, clerk, _data(utility, orange))
    unpaid = _refused(desk, inspector, lambda a: so.approve(a, opening_id, title="DPW"))
    assert (unpaid.field, unpaid.cite) == ("decision", rules.FEE_CITE)
    assert "$50.00 owed" in unpaid.message
    assert _opening(desk, opening_id).status == OpeningStatus.APPLIED
    number = _pay(desk, clerk, opening_id)
    assert number.startswith("2026-")
    with desk.database.reading() as session:
        assert ledger.is_paid(session, RecordRef(rules.RECORD_TYPE, str(opening_id)))
    assert so.blocking(_review(desk, opening_id)) == []
    _refused(desk, clerk, lambda a: so.approve(a, opening_id, title="DPW"), PermissionDenied)
    untitled = _refused(desk, inspector, lambda a: so.approve(a, opening_id, title=" "))
    assert untitled.field == "title"
    # § 506-6: "a permit therefor from the Building Inspector or Director of Public Works"
    chief = _refused(desk, inspector, lambda a: so.approve(a, opening_id, title="Chief of Police"))
    assert (chief.field, chief.cite) == ("title", rules.PERMIT_CITE)
    assert "not the Chief of Police" in chief.message
    approved = _approve(desk, inspector, opening_id, title=" Director of Public Works ")
    assert approved.status == OpeningStatus.APPROVED
    assert (approved.approved_on, approved.valid_until) == (TODAY, date(2027, 5, 30))
    assert (approved.approved_by_name, approved.approved_by_title) == (
        "Test Building Inspector / Public Works",
        "Director of Public Works",
    )
    assert so.display_status(approved, TODAY) == "Approved"
    again = _refused(desk, inspector, lambda a: so.approve(a, opening_id, title="DPW"), Conflict)
    assert "approved" in again.message
    with desk.database.reading() as session:
        [event] = session.scalars(select(AuditEvent).where(AuditEvent.action == "opening.approve"))
        assert event.summary.endswith(f"valid through {format_day(date(2027, 5, 30))}")
        assert event.operator_name != "" and event.responsible == (
            "Building Inspector or Director of Public Works, § 506-6 (Permit to be obtained)"
        )


def test_a_permit_approved_on_august_31_is_valid_through_the_end_of_february(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    for approved, last_day in (
        (date(2026, 8, 31), date(2027, 2, 28)),
        (date(2027, 8, 31), date(2028, 2, 29)),
    ):
        start = approved + timedelta(days=7)
        opening_id = _issued(
            desk, clock, clerk, inspector, _data(utility, orange, start=start), on=approved
        )
        opening = _opening(desk, opening_id)
        assert (opening.approved_on, opening.valid_until) == (approved, last_day)
        assert so.display_status(opening, last_day) == "Approved"
        assert so.display_status(opening, last_day + timedelta(days=1)) == "Expired"


def test_work_planned_past_the_permits_last_day_is_pointed_out(
    desk: Desk, clerk: SignedIn, utility: int, orange: int
) -> None:
    data = _data(utility, orange, start=date(2027, 5, 24), planned_end=date(2027, 6, 4))
    [warn] = _cited(_review(desk, _apply(desk, clerk, data)), rules.VALIDITY_CITE)
    assert warn.level == "warn" and format_day(date(2027, 5, 30)) in warn.text
    in_time = _data(utility, orange, start=date(2027, 5, 24), planned_end=date(2027, 5, 30))
    assert _cited(_review(desk, _apply(desk, clerk, in_time)), rules.VALIDITY_CITE) == []


def test_a_refused_application_says_why_and_takes_no_more_steps(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    opening_id = _apply(desk, clerk, _data(utility, orange))
    blank = _refused(desk, inspector, lambda a: so.refuse(a, opening_id, reason=" "))
    assert blank.field == "reason"
    with desk.action(inspector) as action:
        so.refuse(action, opening_id, reason="Frozen ground; no emergency")
    opening = _opening(desk, opening_id)
    assert (opening.status, opening.refused_reason) == (
        OpeningStatus.REFUSED,
        "Frozen ground; no emergency",
    )
    assert so.display_status(opening, TODAY) == "Refused"
    for step in (
        lambda a: so.approve(a, opening_id, title="DPW"),
        lambda a: so.refuse(a, opening_id, reason="again"),
        lambda a: so.determine_frozen_emergency(a, opening_id, determined_by=DIRECTOR),
        lambda a: so.record_opened(a, opening_id, opened_on=TODAY),
    ):
        _refused(desk, inspector, step, Conflict)


# -- renewals -------------------------------------------------------------------------------------


def test_a_renewal_adds_thirty_days_and_names_who_granted_it(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    not_begun = _refused(
        desk,
        inspector,
        lambda a: so.renew(a, opening_id, requested_on=TODAY, granted_by=DIRECTOR),
        Conflict,
    )
    assert not_begun.cite == rules.RENEWAL_CITE
    clock.set(date(2027, 5, 12))
    with desk.action(clerk) as action:
        so.record_opened(action, opening_id, opened_on=date(2027, 5, 10))
    _refused(
        desk,
        clerk,
        lambda a: so.renew(a, opening_id, requested_on=date(2027, 5, 11), granted_by=DIRECTOR),
        PermissionDenied,
    )
    nobody = _refused(
        desk,
        inspector,
        lambda a: so.renew(a, opening_id, requested_on=date(2027, 5, 11), granted_by="  "),
    )
    assert (nobody.field, nobody.cite) == ("granted_by", rules.RENEWAL_CITE)
    with desk.action(inspector) as action:
        first_id = so.renew(action, opening_id, requested_on=date(2027, 5, 11), granted_by=DIRECTOR)
        first = action.session.get_one(OpeningRenewal, first_id)
        assert (first.valid_until, first.granted_on, first.granted_by) == (
            date(2027, 6, 29),
            date(2027, 5, 12),
            DIRECTOR,
        )
    clock.set(date(2027, 6, 29))  # requested on the last day of the renewal: still in time
    with desk.action(inspector) as action:
        second = action.session.get_one(
            OpeningRenewal,
            so.renew(action, opening_id, requested_on=date(2027, 6, 29), granted_by="Ivan Olsen"),
        )
        assert second.valid_until == date(2027, 7, 29)
    opening = _opening(desk, opening_id)
    assert opening.valid_until == date(2027, 7, 29)
    assert [(r.valid_until, r.granted_by) for r in opening.renewals] == [
        (date(2027, 6, 29), DIRECTOR),
        (date(2027, 7, 29), "Ivan Olsen"),
    ]
    clock.set(date(2027, 7, 31))
    expired = _refused(
        desk,
        inspector,
        lambda a: so.renew(a, opening_id, requested_on=date(2027, 7, 30), granted_by=DIRECTOR),
    )
    assert (expired.field, expired.cite) == ("requested_on", rules.RENEWAL_CITE)


def test_a_renewal_needs_insurance_for_its_thirty_days(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    admin: SignedIn,
    orange: int,
) -> None:
    gas = builders.party(desk, admin, "Northstar Gas", kind=PartyKind.UTILITY, public_utility=True)
    _insure(desk, admin, gas, expires_on=date(2027, 6, 1))
    opening_id = _issued(desk, clock, clerk, inspector, _data(gas, orange))
    clock.set(date(2027, 5, 12))
    with desk.action(clerk) as action:
        so.record_opened(action, opening_id, opened_on=date(2027, 5, 10))
    stopped = _refused(
        desk,
        inspector,
        lambda a: so.renew(a, opening_id, requested_on=date(2027, 5, 11), granted_by=DIRECTOR),
    )
    assert (stopped.field, stopped.cite) == ("decision", "§ 506-6 (Insurance required)")
    assert _opening(desk, opening_id).valid_until == date(2027, 5, 30)


# -- the work: notices, restoration, guarantee ----------------------------------------------------


@pytest.mark.parametrize(("minute", "late"), [(59, True), (0, False)])
def test_the_notice_24_hours_before_the_work_is_checked_to_the_minute(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    minute: int,
    late: bool,
) -> None:
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 8, 7))
    hour = 9 if late else 10
    _record_work(
        desk,
        clerk,
        opening_id,
        commencement_notice_at=at(date(2026, 8, 4), 10),
        started_at=at(date(2026, 8, 5), hour, minute),
    )
    line = _checklist(desk, opening_id, date(2026, 8, 7))["Notice 24 hours before the work"]
    assert line.done is not late
    assert line.when == f"{format_day(date(2026, 8, 4))} 10:00 AM"
    if late:
        assert line.finding is not None and line.finding.cite == rules.COMMENCEMENT_CITE
    else:
        assert line.finding is None


@pytest.mark.parametrize(("hour", "minute", "late"), [(11, 59, True), (12, 0, False)])
def test_the_notice_4_hours_before_backfilling_is_checked_to_the_minute(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    hour: int,
    minute: int,
    late: bool,
) -> None:
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 8, 7))
    day = date(2026, 8, 5)
    _record_work(desk, clerk, opening_id, started_at=at(day, 7))
    line = _checklist(desk, opening_id, day)["Notice 4 hours before backfilling"]
    assert (line.done, line.when, line.finding) == (False, "Not recorded", None)
    _record_work(
        desk, clerk, opening_id, backfill_notice_at=at(day, 8), backfilled_at=at(day, hour, minute)
    )
    line = _checklist(desk, opening_id, day)["Notice 4 hours before backfilling"]
    assert line.done is not late
    assert (line.finding is not None) is late
    if late:
        assert line.finding is not None and line.finding.cite == rules.NOTICE_CITE


@pytest.mark.parametrize(
    ("notice", "hours_short", "day_late"),
    [
        # Issue 21: 9:00 a.m. Saturday for 8:00 a.m. Monday is 23 counted hours, and Saturday
        # is after Friday, the business day before Monday: late both ways.
        (at(date(2026, 12, 5), 9), True, True),
        (at(date(2026, 12, 5), 8), False, True),  # 24 counted hours, but still a Saturday
        (at(date(2026, 12, 4), 17), False, False),  # Friday 5 p.m.: 7 + 24 + 8 = 39 hours
        (at(date(2026, 12, 4), 8), False, False),  # Friday morning
    ],
)
def test_the_notice_before_monday_work_counts_the_statutes_hours_and_the_business_day(
    notice: datetime, hours_short: bool, day_late: bool
) -> None:
    started = at(date(2026, 12, 7), 8)  # Monday
    findings = rules.commencement_notice_findings(notice, started, CityCalendar(), ZONE)
    cites = {finding.cite for finding in findings}
    assert (rules.COMMENCEMENT_CITE in cites) is hours_short
    assert (rules.NOTICE_CITE in cites) is day_late
    if hours_short:
        assert findings[0].text == (
            "The notice came 23 hours before the work started, counted as Wis. Stat. "
            "§ 990.001(4)(a) counts hours (Sundays and legal holidays not counted); § 506-7 "
            "requires 24 hours."
        )
    if day_late:
        assert findings[-1].text == (
            "The notice was given Sat Dec 5, 2026; for work that began Mon Dec 7, 2026 it was "
            "due by Fri Dec 4, 2026, at least one business day before."
        )


def test_the_business_day_before_work_after_thanksgiving_is_the_wednesday() -> None:
    """City Hall closes Thursday (a legal holiday) and Friday (the City's own day): work on
    Monday November 30 needs its notice by Wednesday November 25; Wednesday 8:00 a.m. gives
    16 + 24 (Friday counts: not a legal holiday) + 24 (Saturday) + 8 = 72 hours."""
    calendar = CityCalendar()
    started = at(date(2026, 11, 30), 8)
    wednesday = rules.commencement_notice_findings(
        at(date(2026, 11, 25), 8), started, calendar, ZONE
    )
    friday = rules.commencement_notice_findings(at(date(2026, 11, 27), 8), started, calendar, ZONE)
    assert wednesday == []
    assert [finding.cite for finding in friday] == [rules.NOTICE_CITE]


@pytest.mark.parametrize(
    ("backfilled", "late"),
    [
        (at(date(2026, 12, 7), 1, 59), True),  # 2 Saturday hours + 1:59 Monday
        (at(date(2026, 12, 7), 2), False),  # 2 + 2: four hours, the whole Sunday not counted
        (at(date(2026, 12, 7), 2, 1), False),
        (at(date(2026, 12, 6), 3), True),  # Sunday 3 a.m.: the wall clock's 5 hours count 2
    ],
)
def test_the_backfill_notice_over_a_sunday_counts_only_saturday_and_monday(
    backfilled: datetime, late: bool
) -> None:
    finding = rules.backfill_notice_finding(at(date(2026, 12, 5), 22), backfilled, CityCalendar())
    assert (finding is not None) is late


@pytest.mark.parametrize(("hour", "late"), [(19, False), (20, False), (21, True)])
def test_the_notice_12_hours_before_a_loss_of_service_around_a_holiday(
    hour: int, late: bool
) -> None:
    """Service cut at 8:00 a.m. Friday November 27: Thanksgiving is not counted, so a notice at
    8:00 p.m. Wednesday (4 hours + 8 on Friday) is the latest in time; 9:00 p.m. is late."""
    finding = rules.service_loss_notice_finding(
        at(date(2026, 11, 25), hour), at(date(2026, 11, 27), 8), CityCalendar()
    )
    assert (finding is not None) is late


@pytest.mark.parametrize(("hour", "late"), [(20, False), (21, True)])
def test_the_work_checklist_counts_the_12_hours_before_a_loss_of_service(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    hour: int,
    late: bool,
) -> None:
    """§ 506-7: private properties told in writing or in person 12 hours before their service
    is cut at 8:00 a.m. Tuesday after Labor Day: Sunday and Labor Day are not counted, so
    8:00 p.m. Saturday (4 hours + 8) is the latest in time."""
    approved = date(2026, 8, 31)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 9, 10))
    title = "Notice 12 hours before a loss of service"
    assert title not in _checklist(desk, opening_id, date(2026, 9, 10))  # none recorded
    _record_work(
        desk,
        clerk,
        opening_id,
        started_at=at(date(2026, 9, 8), 7),
        service_loss_notice_at=at(date(2026, 9, 5), hour),
        service_lost_at=at(date(2026, 9, 8), 8),
    )
    line = _checklist(desk, opening_id, date(2026, 9, 10))[title]
    assert line.done is not late
    assert line.when == f"{format_day(date(2026, 9, 5))} {hour - 12}:00 PM"
    if late:
        assert line.finding is not None and line.finding.text.startswith(
            "The notice came 11 hours before the utility service was lost"
        )


def test_notices_not_recorded_are_flagged_and_an_emergency_needs_no_24_hours(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 8, 7))
    _record_work(
        desk,
        clerk,
        opening_id,
        started_at=at(date(2026, 8, 5), 7),
        backfilled_at=at(date(2026, 8, 5), 15),
    )
    lines = _checklist(desk, opening_id, date(2026, 8, 7))
    for title in ("Notice 24 hours before the work", "Notice 4 hours before backfilling"):
        assert lines[title].done is False
        finding = lines[title].finding
        assert finding is not None and finding.level == "warn"
    emergency = _issued(
        desk,
        clock,
        clerk,
        inspector,
        _data(
            utility,
            orange,
            start=date(2026, 8, 6),
            emergency=True,
            opened_on=date(2026, 8, 6),
            city_notified_at=at(date(2026, 8, 6), 5),
        ),
        on=date(2026, 8, 7),
    )
    line = _checklist(desk, emergency, date(2026, 8, 7))["Notice 24 hours before the work"]
    assert (line.done, line.when) == (True, "Not required for an emergency excavation")


def test_work_records_are_refused_when_they_cannot_be(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    applied = _apply(desk, clerk, _data(utility, orange))
    _refused(desk, clerk, lambda a: opening_work.record_work(a, applied, WorkRecord()), Conflict)
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(at(date(2026, 8, 7), 12))
    day = date(2026, 8, 5)
    for work, field in (
        ({"started_at": datetime(2026, 8, 5, 7, 0)}, "started_at"),  # no time zone
        ({"started_at": at(date(2026, 8, 7), 12, 1)}, "started_at"),  # after now
        ({"completed_on": date(2026, 8, 8)}, "completed_on"),
        ({"started_at": at(day, 9), "backfilled_at": at(day, 8)}, "backfilled_at"),
        ({"started_at": at(day, 9), "completed_on": date(2026, 8, 4)}, "completed_on"),
        ({"started_at": at(day, 9), "temporary_patch_on": date(2026, 8, 4)}, "temporary_patch_on"),
    ):
        error = _refused(
            desk,
            clerk,
            partial(opening_work.record_work, opening_id=opening_id, work=WorkRecord(**work)),
        )
        assert error.field == field
    assert _opening(desk, opening_id).started_at is None


def test_permanent_pavement_is_due_on_day_60_and_overdue_on_day_61(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 8, 10))
    _record_work(desk, clerk, opening_id, started_at=at(date(2026, 8, 10), 7))
    title = "Permanent pavement within 60 days"
    on_day_60 = _checklist(desk, opening_id, date(2026, 10, 2))[title]
    assert (on_day_60.done, on_day_60.when, on_day_60.finding) == (
        False,
        f"Due by {format_day(date(2026, 10, 2))}",
        None,
    )
    day_61 = _checklist(desk, opening_id, date(2026, 10, 3))[title].finding
    assert day_61 is not None and (day_61.level, day_61.cite) == (
        "block",
        rules.RESTORATION_CITE,
    )
    # On the Today tab: a week ahead, then overdue.
    clock.set(date(2026, 9, 24))
    assert not [i for i in _items(desk) if i.title.startswith("Restoration")]
    clock.set(date(2026, 9, 25))
    [soon] = [i for i in _items(desk) if i.title.startswith("Restoration")]
    assert soon.urgency(date(2026, 9, 25)) == "soon"
    clock.set(date(2026, 10, 3))
    [overdue] = [i for i in _items(desk) if i.title.startswith("Restoration")]
    assert overdue.title == f"Restoration of SO-2026-001 due {format_day(date(2026, 10, 2))}"
    assert overdue.urgency(date(2026, 10, 3)) == "overdue"
    assert overdue.cite == rules.RESTORATION_CITE
    # Restored on day 60: done; a day later would have been late.
    _record_work(desk, clerk, opening_id, completed_on=date(2026, 10, 2))
    line = _checklist(desk, opening_id, date(2026, 10, 3))[title]
    assert (line.done, line.finding) == (True, None)
    assert not [i for i in _items(desk) if i.title.startswith("Restoration")]
    _record_work(desk, clerk, opening_id, completed_on=date(2026, 10, 3))
    late = _checklist(desk, opening_id, date(2026, 10, 3))[title]
    assert late.done is False and late.finding is not None and late.finding.level == "warn"


def test_a_winter_patch_is_replaced_by_the_following_july_1(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    clock.set(date(2026, 12, 14))
    opening_id = _apply(
        desk,
        clerk,
        _data(
            utility,
            orange,
            start=date(2026, 12, 14),
            emergency=True,
            opened_on=date(2026, 12, 14),
            city_notified_at=at(date(2026, 12, 14), 4),
        ),
    )
    with desk.action(inspector) as action:
        so.determine_frozen_emergency(action, opening_id, determined_by=DIRECTOR)
        so.approve(action, opening_id, title="Director of Public Works")
    clock.set(date(2026, 12, 15))
    _record_work(desk, clerk, opening_id, temporary_patch_on=date(2026, 12, 15))
    title = "Cold-mix patch replaced by July 1"
    line = _checklist(desk, opening_id, date(2027, 7, 1))[title]
    assert (line.when, line.finding) == (
        f"Patched {format_day(date(2026, 12, 15))}; replace by {format_day(date(2027, 7, 1))}",
        None,
    )
    july_2 = _checklist(desk, opening_id, date(2027, 7, 2))[title].finding
    assert july_2 is not None and july_2.level == "block"
    clock.set(date(2027, 7, 2))
    [item] = [i for i in _items(desk) if i.title.startswith("Restoration")]
    assert item.due == date(2027, 7, 1) and item.urgency(date(2027, 7, 2)) == "overdue"
    _record_work(desk, clerk, opening_id, completed_on=date(2027, 7, 2))
    late = _checklist(desk, opening_id, date(2027, 7, 2))[title]
    assert late.done is False and late.finding is not None  # replaced a day after July 1
    _record_work(desk, clerk, opening_id, completed_on=date(2027, 7, 1))
    assert _checklist(desk, opening_id, date(2027, 7, 2))[title].done is True


def test_the_guarantee_runs_a_year_from_completion_and_only_then_the_permit_closes(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 10, 1))
    opening = _record_work(
        desk, clerk, opening_id, started_at=at(date(2026, 8, 10), 7), completed_on=date(2026, 10, 1)
    )
    assert opening.status == OpeningStatus.RESTORED
    assert opening_work.guarantee_ends(opening) == date(2027, 10, 1)
    assert so.display_status(opening, date(2027, 10, 1)) == "Guarantee period"
    assert so.display_status(opening, date(2027, 10, 2)) == "Guarantee ended"
    line = _checklist(desk, opening_id, date(2027, 10, 1))["One-year restoration guarantee"]
    assert (line.done, line.when) == (False, f"Runs through {format_day(date(2027, 10, 1))}")
    assert _checklist(desk, opening_id, date(2027, 10, 2))["One-year restoration guarantee"].done
    # Today: from 30 days before the end.
    clock.set(date(2027, 8, 31))
    assert not [i for i in _items(desk) if "guarantee" in i.title]
    clock.set(date(2027, 9, 1))
    [item] = [i for i in _items(desk) if "guarantee" in i.title]
    assert (
        item.title == f"Restoration guarantee of SO-2026-001 ends {format_day(date(2027, 10, 1))}"
    )
    clock.set(date(2027, 10, 1))
    early = _refused(desk, inspector, lambda a: opening_work.close(a, opening_id))
    assert early.field == "decision" and format_day(date(2027, 10, 1)) in early.message
    clock.set(date(2027, 10, 2))
    [ended] = [i for i in _items(desk) if "guarantee" in i.title]
    assert ended.title.endswith(f"ended {format_day(date(2027, 10, 1))}: close the permit")
    _refused(desk, clerk, lambda a: opening_work.close(a, opening_id), PermissionDenied)
    with desk.action(inspector) as action:
        closed = action.session.get_one(StreetOpening, opening_work.close(action, opening_id))
    assert closed.status == OpeningStatus.CLOSED
    assert so.display_status(closed, date(2027, 10, 2)) == "Closed"
    assert _items(desk) == []


# -- charges: special charges on the City's clocks (clerk_desk.special_charges.service)
# ------------------


@pytest.fixture
def premises(desk: Desk, admin: SignedIn) -> int:
    """The parcel for which the permit was issued: 125 Orange St, owned by someone else than
    the permittee (the repair becomes a lien against the premises, whoever owns them)."""
    owner = builders.party(desk, admin, "Rosa Lindgren", kind=PartyKind.PERSON)
    with desk.action(admin) as action:
        return parties.add_parcel(
            action, parties.ParcelData("281-03007-0000", "125 Orange St", owner_id=owner)
        ).id


def _charge(desk: Desk, charge_id: int) -> SpecialCharge:
    with desk.database.reading() as session:
        found = sc.get_charge(session, charge_id)
        found.amount_due  # noqa: B018 - loaded before the session ends
        found.lines  # noqa: B018
        return found


def _standing(desk: Desk, charge_id: int, on: date) -> charge_rules.Standing:
    with desk.database.reading() as session:
        return sc.standing(sc.get_charge(session, charge_id), on)


def _eligible(desk: Desk, on: date) -> list[int]:
    with desk.database.reading() as session:
        return [c.id for c in tax_roll.eligible(session, on)]


def test_a_city_repair_is_due_90_days_after_notice_and_on_the_tax_roll_from_day_91(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    operator_with: Callable[[Role], SignedIn],
    utility: int,
    orange: int,
    premises: int,
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    with desk.action(clerk) as action:
        charge_id = charges.charge_city_repair(
            action,
            opening_id,
            repair=Money("1200.00"),
            maintenance=Money("300.00"),
            notice_on=date(2026, 11, 25),
            parcel_id=premises,
        )
        # Day 90 on a Sunday: City Hall takes payment the Monday; no maintenance, no line.
        later_id = charges.charge_city_repair(
            action,
            opening_id,
            repair=Money("10"),
            maintenance=Money("0"),
            notice_on=TODAY,
            parcel_id=premises,
        )
    charge = _charge(desk, charge_id)
    assert (charge.kind, charge.billed_party_id, charge.billed_as, charge.parcel_id) == (
        ChargeKind.OPENING_REPAIR,
        utility,
        "permittee",
        premises,
    )
    assert (charge.record_type, charge.record_id) == (
        rules.RECORD_TYPE,
        str(opening_id),
    )
    assert [(line.category, line.description, line.amount) for line in charge.lines] == [
        ("other", "Pavement repair made by the City", Money("1200.00")),
        ("other", "One year's maintenance of the repair", Money("300.00")),
    ]
    assert (charge.total, charge.administration) == (Money("1500.00"), Money.zero())
    assert (charge.bill_on, charge.received_on, charge.delivered_how) == (
        date(2026, 11, 25),
        date(2026, 11, 25),
        "mailed",
    )
    assert (charge.due_on, charge.tax_roll_on) == (date(2027, 2, 23), date(2027, 2, 24))
    assert (
        charge.work == "Pavement repair over street opening SO-2026-001 (in front of 125 Orange St)"
    )
    due = charge.amount_due
    assert due is not None
    assert (due.kind, due.amount, due.cite, due.due_on, due.party_id) == (
        DueKind.SPECIAL_CHARGE,
        Money("1500.00"),
        rules.REPAIR_CITE,
        date(2027, 2, 23),  # a Tuesday, 90 days after the notice
        utility,
    )
    later = _charge(desk, later_id)
    assert [line.description for line in later.lines] == ["Pavement repair made by the City"]
    assert (later.due_on, later.tax_roll_on) == (date(2027, 3, 1), date(2027, 3, 2))
    # The permit still counts both among what it billed.
    assert {d.id for d in _dues(desk, opening_id) if d.kind == DueKind.SPECIAL_CHARGE} == {
        charge.amount_due_id,
        later.amount_due_id,
    }
    # What the form shows before saving is what was billed.
    with desk.lookup(SYSTEM) as action:
        shown = previews.city_repair_preview(
            Money("1200.00"), Money("300.00"), date(2026, 11, 25), action.calendar
        )
    assert shown == previews.ChargePreview(
        Money("1500.00"), Money.zero(), Money("1500.00"), date(2027, 2, 23), date(2027, 2, 24)
    )

    # Day 90: still payable at the counter; day 91: a lien, ready for the tax roll.
    assert _standing(desk, charge_id, date(2027, 2, 23)) is charge_rules.Standing.BILLED
    assert _standing(desk, charge_id, date(2027, 2, 24)) is charge_rules.Standing.READY_FOR_ROLL
    assert charge_id not in _eligible(desk, date(2027, 2, 23))
    assert _eligible(desk, date(2027, 2, 24)) == [charge_id]

    def charge_items(on: date) -> list[TodayItem]:
        clock.set(on)
        with desk.lookup(SYSTEM) as action:
            return [
                i
                for i in today.gather(action)
                if i.workflow == sc.WORKFLOW and i.record_id == str(charge_id)
            ]

    [on_day_90] = charge_items(date(2027, 2, 23))
    assert on_day_90.title == f"{charge.number} is due {format_day(date(2027, 2, 23))}"
    assert (on_day_90.cite, on_day_90.urgency(date(2027, 2, 23))) == (
        rules.REPAIR_CITE,
        "today",
    )
    [on_day_91] = charge_items(date(2027, 2, 24))
    assert on_day_91.title == (
        f"{charge.number} may go on the tax roll from {format_day(date(2027, 2, 24))}"
    )
    assert on_day_91.detail == "Valley Natural Gas Company: $1,500.00 unpaid"
    with desk.database.reading() as session:
        [overdue] = [
            d
            for d in views.dues(session, opening_id, today=date(2027, 2, 24))
            if d.id == charge.amount_due_id
        ]
    assert overdue.overdue and "a lien against the premises" in overdue.note

    # The Treasurer certifies it: the permit's dues say where the money is collected now.
    treasurer = operator_with(Role.TREASURER)
    with desk.action(treasurer) as action:
        run = tax_roll.get_run(action.session, tax_roll.prepare_run(action, date(2027, 2, 24)))
        assert [entry.charge_id for entry in run.entries] == [charge_id]
        assert run.entries[0].owner_name == "Rosa Lindgren"  # the premises' owner
        tax_roll.certify_run(action, run.id)
        number = run.number
    with desk.database.reading() as session:
        [certified] = [
            d
            for d in views.dues(session, opening_id, today=date(2027, 2, 24))
            if d.id == charge.amount_due_id
        ]
    assert (certified.status, certified.overdue) == (DueStatus.CERTIFIED, False)
    assert certified.note == (
        f"{charge.number} certified to the tax roll (run {number}): collected with the property "
        "taxes."
    )


def test_the_permits_history_holds_its_repair_charges_events(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    premises: int,
) -> None:
    """The charge is filed against the permit: the one history reader finds it (and its
    amount due) from the permit alone, as the details pane shows it."""
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    with desk.database.reading() as session:
        before = [e.action for e in views.history(session, opening_id)]
    assert "special_charge.created" not in before
    with desk.action(clerk) as action:
        charge_id = charges.charge_city_repair(
            action,
            opening_id,
            repair=Money("1200.00"),
            maintenance=Money("300.00"),
            notice_on=TODAY,
            parcel_id=premises,
        )
    with desk.database.reading() as session:
        after = views.history(session, opening_id)
    assert [e.action for e in after][: len(before)] == before
    added = [(e.record_type, e.action) for e in after[len(before) :]]
    assert added == [
        ("amount_due", "due.create"),
        ("special_charge", "special_charge.created"),
        ("special_charge", "special_charge.billed"),
    ]
    assert all(e.at >= after[0].at for e in after)
    with desk.database.reading() as session:
        assert sc.get_charge(session, charge_id).record_id == str(opening_id)


def test_a_city_repair_is_refused_when_it_cannot_be_charged(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    premises: int,
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    for changes, field in (
        ({"notice_on": TODAY + timedelta(days=1)}, "notice_on"),
        ({"repair": Money("0"), "maintenance": Money("0")}, "repair"),
        ({"repair": Money("-1"), "maintenance": Money("5")}, "repair"),
        ({"maintenance": Money("-0.01")}, "maintenance"),
        ({"parcel_id": None}, "parcel"),  # the lien needs the premises
    ):
        kwargs: dict[str, Any] = {
            "repair": Money("1"),
            "maintenance": Money("1"),
            "notice_on": TODAY,
            "parcel_id": premises,
        }
        kwargs.update(changes)
        error = _refused(
            desk, clerk, partial(charges.charge_city_repair, opening_id=opening_id, **kwargs)
        )
        assert error.field == field
    error = _refused(
        desk,
        clerk,
        partial(
            charges.charge_city_repair,
            opening_id=opening_id,
            repair=Money("1"),
            maintenance=Money("0"),
            notice_on=TODAY,
            parcel_id=premises + 999,
        ),
        NotFound,
    )
    assert "parcel" in str(error)
    with desk.database.reading() as session:
        assert sc.charges_for(session, rules.RECORD_TYPE, str(opening_id)) == []


@pytest.mark.parametrize(
    ("labor", "materials", "equipment", "total"),
    [
        ("100.00", "50.00", "50.00", "240.00"),
        ("10.03", "0", "0", "12.04"),  # $2.006 for administration: $2.01
        ("0.01", "0.01", "0", "0.02"),  # $0.004: nothing to add
        ("1234.56", "0", "0", "1481.47"),  # $246.912: $246.91
        ("0.03", "0", "0", "0.04"),  # $0.006: $0.01
        ("0.02", "0", "0.01", "0.04"),  # $0.006 again, from two lines
        ("0.12", "0", "0", "0.14"),  # $0.024: $0.02
        ("0.13", "0", "0", "0.16"),  # $0.026: $0.03
    ],
)
def test_a_deficiency_repair_is_billed_with_20_percent_for_administration(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    labor: str,
    materials: str,
    equipment: str,
    total: str,
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    with desk.action(inspector) as action:
        charge_id = charges.charge_deficiency_repair(
            action,
            opening_id,
            labor=Money(labor),
            materials=Money(materials),
            equipment=Money(equipment),
            notice_on=TODAY,
        )
    charge = _charge(desk, charge_id)
    cost = Money(labor) + Money(materials) + Money(equipment)
    assert (charge.kind, charge.billed_as, charge.parcel_id) == (
        ChargeKind.DEFICIENCY_REPAIR,
        "permittee",
        None,
    )
    assert (charge.total, charge.administration) == (Money(total), Money(total) - cost)
    assert [(line.category, line.amount) for line in charge.lines] == [
        (category, Money(amount))
        for category, amount in (
            ("labor", labor),
            ("materials", materials),
            ("equipment", equipment),
        )
        if Money(amount) > Money.zero()  # zero lines are left out
    ]
    assert (charge.bill_on, charge.due_on, charge.tax_roll_on) == (TODAY, date(2026, 12, 30), None)
    [due] = [d for d in _dues(desk, opening_id) if d.kind == DueKind.SPECIAL_CHARGE]
    assert (due.id, due.amount, due.cite, due.due_on) == (
        charge.amount_due_id,
        Money(total),
        rules.DEFICIENCY_CITE,
        date(2026, 12, 30),
    )
    # § 506-6 puts no lien on a property: never on the tax roll, however long unpaid.
    assert _eligible(desk, date(2027, 12, 31)) == []
    assert _standing(desk, charge_id, date(2026, 12, 30)) is charge_rules.Standing.BILLED
    assert _standing(desk, charge_id, date(2026, 12, 31)) is charge_rules.Standing.OVERDUE
    with desk.lookup(SYSTEM) as action:
        shown = previews.deficiency_preview(
            Money(labor), Money(materials), Money(equipment), TODAY, action.calendar
        )
    assert shown == previews.ChargePreview(
        cost, Money(total) - cost, Money(total), date(2026, 12, 30), None
    )


@given(st.integers(min_value=1, max_value=10_000_000))
def test_twenty_percent_is_added_to_the_cent(cents: int) -> None:
    cost = Money.from_cents(cents)
    extra = charge_rules.administration_for(ChargeKind.DEFICIENCY_REPAIR, cost)
    assert abs(Decimal(extra.cents) - Decimal(cents) / 5) <= Decimal("0.5")
    shown = previews.deficiency_preview(cost, Money.zero(), Money.zero(), TODAY, CityCalendar())
    assert (shown.administration, shown.total) == (extra, cost + extra)


def test_a_deficiency_bill_is_refused_when_it_cannot_be(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    zero = Money.zero()
    for labor, materials, notice_on, field in (
        (zero, zero, TODAY, "labor"),
        (Money("-5"), Money("10"), TODAY, "labor"),
        (Money("5"), Money("-0.01"), TODAY, "materials"),
        (Money("5"), zero, TODAY + timedelta(days=1), "notice_on"),
    ):
        step = partial(
            charges.charge_deficiency_repair,
            opening_id=opening_id,
            labor=labor,
            materials=materials,
            equipment=zero,
            notice_on=notice_on,
        )
        error = _refused(desk, inspector, step)
        assert error.field == field
    with desk.database.reading() as session:
        assert sc.charges_for(session, rules.RECORD_TYPE, str(opening_id)) == []


# -- the Today tab and the register ---------------------------------------------------------------


def test_permits_expiring_within_14_days_are_on_the_today_tab(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    unused = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    used = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    clock.set(date(2027, 5, 15))  # 15 days before May 30
    with desk.action(clerk) as action:
        so.record_opened(action, used, opened_on=date(2027, 5, 10))
    assert not [i for i in _items(desk) if "expire" in i.title]
    clock.set(date(2027, 5, 16))  # 14 days before
    expiring = [i for i in _items(desk) if "expire" in i.title]
    assert sorted(i.record_id for i in expiring) == sorted([str(unused), str(used)])
    assert {(i.due, i.cite) for i in expiring} == {(date(2027, 5, 30), rules.VALIDITY_CITE)}
    assert {i.title for i in expiring} == {
        f"Permit SO-2026-001 expires {format_day(date(2027, 5, 30))}",
        f"Permit SO-2026-002 expires {format_day(date(2027, 5, 30))}",
    }
    # After the last day an unused permit leaves the list (the register shows it expired);
    # one whose opening is made and not restored stays.
    clock.set(date(2027, 5, 31))
    [stays] = [i for i in _items(desk) if "expire" in i.title]
    assert (
        stays.record_id == str(used)
        and stays.title == f"Permit SO-2026-002 expired {format_day(date(2027, 5, 30))}"
    )
    assert so.display_status(_opening(desk, unused), date(2027, 5, 31)) == "Expired"


def test_search_finds_openings_by_number_applicant_place_and_street(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, utility: int, contractor: int, orange: int
) -> None:
    gas = _apply(desk, clerk, _data(utility, orange))
    dig = _apply(
        desk,
        clerk,
        _data(
            contractor,
            None,
            sites=(SiteData("Terrace at 40 Kinnickinnic St", surface="terrace"),),
            nature_of_work="Lay fiber conduit",
        ),
    )
    with desk.action(inspector) as action:
        so.refuse(action, dig, reason="Incomplete")
    with desk.database.reading() as session:

        def ids(text: str = "", **kw: Any) -> list[int]:
            return [o.id for o in so.search_openings(session, text, **kw)]

        assert ids() == [dig, gas]  # latest first
        assert ids("SO-2026-001") == [gas]
        assert ids("valley gas") == [gas]
        assert ids("hanson") == [dig]
        assert ids("kinnickinnic terrace") == [dig]
        assert ids("orange st") == [gas]
        assert ids("100%") == []
        assert ids(status=OpeningStatus.REFUSED) == [dig]
        assert ids(year=2025) == []
        assert ids(limit=1) == [dig]
