"""Street opening permits (§§ 506-6, 506-7) from application to approval, at their
boundaries: the application and its fee, doubled or waived for an emergency two business days
across a weekend, the closed season's two named days, five years to the day after a repaving,
bonds on December 31 and January 1, insurance a dollar short, and six months from August 31;
the fee is paid through the real receipt service. "Today" is Monday, November 30, 2026 in
Prescott unless a test travels.
"""

from __future__ import annotations

import dataclasses
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from sqlalchemy import select
from street_openings_steps import (  # type: ignore[import-not-found]
    DIRECTOR,
    SPRING,
    TODAY,
    _apply,
    _approve,
    _data,
    _dues,
    _insure,
    _issued,
    _items,
    _opening,
    _pay,
    _record_work,
    _refused,
    _street,
    at,
)
from street_openings_steps import contractor as contractor
from street_openings_steps import orange as orange
from street_openings_steps import utility as utility

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import Conflict, NotFound, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.kinds import BondKind, DueKind, OpeningStatus, PartyKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AuditEvent, StreetImprovement, StreetOpening
from clerk_desk.money import Money
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_openings import improvements, rules
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings.service import SiteData
from clerk_desk.words import format_day

FEE = Money("50.00")  # the shipped placeholder for STOPEN


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


def _review(desk: Desk, opening_id: int) -> list[Finding]:
    with desk.lookup(SYSTEM) as action:
        return so.review(action, opening_id)


def _cited(findings: list[Finding], cite: str) -> list[Finding]:
    return [f for f in findings if f.cite == cite]


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
