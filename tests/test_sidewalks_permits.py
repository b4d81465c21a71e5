"""Sidewalk permits (the sidewalk article before § 506-6; Wis. Stat. § 66.0907) at their
boundaries.

Seven days before the work (a start on today + 7 issues today, today + 6 does not, and the
refusal names the earliest start), the master plan's ranges (inclusive bounds, the side by the
number's parity, open ends, retired segments ignored), who pays for every kind of work on and off
the plan and in a new subdivision, the 4 1/2-foot residential walk, the appeal decided at a
meeting held (never one to come), and who may do what with a permit. "Today" is Monday,
November 30, 2026 in Prescott unless a test travels.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from sidewalks_steps import (  # type: ignore[import-not-found]
    CALENDAR,
    TODAY,
    City,
    _apply,
    _blocks,
    _denied,
    _do,
    _meeting,
    _permit_data,
    _refused,
    _review,
    _segment,
    at,
    days,
)
from sidewalks_steps import city as city

from clerk_desk import ledger
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, NotFound, PermissionDenied
from clerk_desk.kinds import CostPayer, Role, SidewalkPermitStatus, SidewalkWork
from clerk_desk.ledger import RecordRef
from clerk_desk.models import MasterPlanSegment, SidewalkPermit
from clerk_desk.ordinance import SIDEWALK_ARTICLE_CITE, normalize_cite
from clerk_desk.petitions import service as petitions
from clerk_desk.sidewalks import service as sw
from clerk_desk.sidewalks import views as views
from clerk_desk.sidewalks.service import SegmentData
from clerk_desk.special_charges import tax_roll as tax_roll


def _segment_for(desk: Desk, street_id: int, number: int, *, bike_lane: bool = False) -> int | None:
    with desk.database.reading() as session:
        found = sw.segment_for(session, street_id=street_id, number=number, bike_lane=bike_lane)
        return None if found is None else found.id


def _get_permit(desk: Desk, permit_id: int) -> SidewalkPermit:
    with desk.database.reading() as session:
        return sw.get_permit(session, permit_id)


# -- citations ------------------------------------------------------------------------------------


def test_every_citation_names_a_paragraph_of_the_sidewalk_article() -> None:
    cites = [
        sw.REGULATED_CITE,
        sw.STANDARDS_CITE,
        sw.COST_CITE,
        sw.NEW_SUBDIVISION_CITE,
        sw.RECONSTRUCTION_CITE,
        sw.CONSTRUCTION_CITE,
        sw.REMOVAL_CITE,
        sw.PERMIT_CITE,
        sw.SPECIFICATIONS_CITE,
        sw.WIDTH_CITE,
        sw.MINOR_REPAIR_CITE,
        sw.WHOLE_BLOCK_CITE,
        sw.REPAIR_ORDER_CITE,
    ]
    for cite in cites:
        assert cite.startswith(f"{SIDEWALK_ARTICLE_CITE} ("), cite
        assert normalize_cite(cite) == cite
    # the repair orders cite the paragraph and the statute it acts under
    assert f"{sw.REPAIR_ORDER_CITE}; Wis. Stat. § 66.0907" == sw.REPAIR_CITE


# -- the master plan ------------------------------------------------------------------------------


def test_a_range_includes_both_bounds(desk: Desk, admin: SignedIn, city: City) -> None:
    segment = _segment(desk, admin, city.orange, side="both", low_number=100, high_number=198)
    assert _segment_for(desk, city.orange, 99) is None
    assert _segment_for(desk, city.orange, 100) == segment
    assert _segment_for(desk, city.orange, 101) == segment
    assert _segment_for(desk, city.orange, 198) == segment
    assert _segment_for(desk, city.orange, 199) is None
    assert _segment_for(desk, city.orange, 200) is None
    assert _segment_for(desk, city.broad, 150) is None  # another street


def test_the_side_is_the_numbers_parity(desk: Desk, admin: SignedIn, city: City) -> None:
    odd = _segment(desk, admin, city.orange, side="odd", low_number=101, high_number=299)
    assert _segment_for(desk, city.orange, 101) == odd
    assert _segment_for(desk, city.orange, 299) == odd
    assert _segment_for(desk, city.orange, 102) is None
    assert _segment_for(desk, city.orange, 298) is None
    even = _segment(desk, admin, city.orange, side="even", low_number=100, high_number=298)
    assert _segment_for(desk, city.orange, 298) == even
    assert _segment_for(desk, city.orange, 299) == odd
    assert (sw.side_of(7), sw.side_of(8)) == ("odd", "even")


def test_an_open_end_runs_to_the_streets_end(desk: Desk, admin: SignedIn, city: City) -> None:
    start = _segment(desk, admin, city.orange, high_number=199)
    end = _segment(desk, admin, city.orange, low_number=400)
    assert _segment_for(desk, city.orange, 1) == start
    assert _segment_for(desk, city.orange, 199) == start
    assert _segment_for(desk, city.orange, 200) is None
    assert _segment_for(desk, city.orange, 399) is None
    assert _segment_for(desk, city.orange, 400) == end
    assert _segment_for(desk, city.orange, 99_999) == end
    whole = _segment(desk, admin, city.henry)
    assert _segment_for(desk, city.henry, 1) == whole
    with desk.database.reading() as session:
        labels = [sw.segment_label(s) for s in sw.segments(session)]
    assert labels == [
        "Henry St, both sides, whole length: Sidewalk",
        "Orange St, both sides, up to 199: Sidewalk",
        "Orange St, both sides, from 400: Sidewalk",
    ]


def test_a_segment_shows_a_sidewalk_a_bicycle_lane_or_both(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    lane = _segment(desk, admin, city.henry, facility="bike_lane")
    walk = _segment(desk, admin, city.orange, facility="sidewalk")
    both = _segment(desk, admin, city.broad, facility="both")
    assert _segment_for(desk, city.henry, 150) is None
    assert _segment_for(desk, city.henry, 150, bike_lane=True) == lane
    assert _segment_for(desk, city.orange, 150) == walk
    assert _segment_for(desk, city.orange, 150, bike_lane=True) is None
    assert _segment_for(desk, city.broad, 150) == both
    assert _segment_for(desk, city.broad, 150, bike_lane=True) == both


def test_a_retired_segment_is_ignored_but_kept(desk: Desk, admin: SignedIn, city: City) -> None:
    segment = _segment(desk, admin, city.orange, low_number=100, high_number=299)
    refused = _refused(desk, admin, sw.retire_segment, segment, reason="  ")
    assert refused.field == "reason"
    _do(desk, admin, sw.retire_segment, segment, reason="Council amendment of March 9")
    assert _segment_for(desk, city.orange, 214) is None
    with desk.database.reading() as session:
        assert sw.segments(session) == []
        kept = sw.segments(session, include_retired=True)
        assert [(s.id, s.active) for s in kept] == [(segment, False)]
    _refused(desk, admin, sw.retire_segment, segment, reason="again", error=Conflict)
    # a retired stretch no longer blocks a new one over the same numbers
    again = _segment(desk, admin, city.orange, low_number=200, high_number=250)
    assert _segment_for(desk, city.orange, 214) == again


def test_a_segment_is_checked(desk: Desk, admin: SignedIn, city: City) -> None:
    assert _refused(desk, admin, sw.add_segment, SegmentData(city.orange, side="north")).field == (
        "side"
    )
    assert (
        _refused(desk, admin, sw.add_segment, SegmentData(city.orange, facility="road")).field
        == "facility"
    )
    reversed_range = SegmentData(city.orange, low_number=300, high_number=200)
    assert _refused(desk, admin, sw.add_segment, reversed_range).field == "high_number"
    assert _refused(desk, admin, sw.add_segment, SegmentData(city.orange, low_number=0)).field == (
        "low_number"
    )
    _refused(desk, admin, sw.add_segment, SegmentData(9999), error=NotFound)
    _segment(desk, admin, city.orange, side="odd", low_number=101, high_number=199)
    # the same facility in front of the same numbers twice: refused
    overlap = SegmentData(city.orange, side="both", low_number=199, high_number=299)
    assert "overlaps" in str(_refused(desk, admin, sw.add_segment, overlap, error=Conflict))
    # touching is not overlapping; the other side or another facility is not either
    _segment(desk, admin, city.orange, side="odd", low_number=200, high_number=299)
    _segment(desk, admin, city.orange, side="even", low_number=100, high_number=299)
    _segment(desk, admin, city.orange, side="odd", low_number=101, facility="bike_lane")


def test_a_segment_a_permit_was_issued_under_keeps_its_shape(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    segment = _segment(desk, admin, city.orange, low_number=100, high_number=299)
    permit = _apply(desk, admin, city)
    _do(desk, admin, sw.issue, permit.id)
    moved = SegmentData(city.orange, low_number=100, high_number=250)
    refused = _refused(desk, admin, sw.update_segment, segment, moved, error=Conflict)
    assert "Retire it" in str(refused)
    renamed = SegmentData(
        city.orange, low_number=100, high_number=299, description="Orange St, school route"
    )
    assert builders.read_back(
        desk, admin, MasterPlanSegment, sw.update_segment, segment, renamed
    ).description == ("Orange St, school route")
    # a segment no permit relies on may be reshaped
    other = _segment(desk, admin, city.broad, low_number=100, high_number=199)
    reshaped = builders.read_back(
        desk,
        admin,
        MasterPlanSegment,
        sw.update_segment,
        other,
        SegmentData(city.broad, side="odd"),
    )
    assert (reshaped.side, reshaped.low_number) == ("odd", None)


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        (Role.CLERK, True),
        (Role.INSPECTOR, True),
        (Role.DEPUTY_CLERK, False),
        (Role.TREASURER, False),
    ],
)
def test_who_keeps_the_master_plan(
    desk: Desk,
    operator_with: Callable[[Role], SignedIn],
    city: City,
    role: Role,
    allowed: bool,
) -> None:
    who = operator_with(role)
    if allowed:
        assert _segment(desk, who, city.orange) > 0
    else:
        _refused(desk, who, sw.add_segment, SegmentData(city.orange), error=PermissionDenied)


# -- who pays -------------------------------------------------------------------------------------

CITY_, OWNER, DIVIDER = CostPayer.CITY, CostPayer.OWNER, CostPayer.LAND_DIVIDER
W = SidewalkWork
MINOR_REPAIRS = "Minor repairs"


@pytest.mark.parametrize(
    ("work", "on_plan", "subdivision", "payer", "restoration", "cite"),
    [
        (W.CONSTRUCT, True, False, CITY_, None, sw.CONSTRUCTION_CITE),
        (W.CONSTRUCT, False, False, OWNER, None, sw.CONSTRUCTION_CITE),
        (W.RECONSTRUCT, True, False, CITY_, None, sw.RECONSTRUCTION_CITE),
        (W.RECONSTRUCT, False, False, OWNER, None, sw.RECONSTRUCTION_CITE),
        (W.REPLACE, True, False, CITY_, None, sw.RECONSTRUCTION_CITE),
        (W.REPLACE, False, False, OWNER, None, sw.RECONSTRUCTION_CITE),
        (W.REMOVE, False, False, CITY_, OWNER, sw.REMOVAL_CITE),
        (W.REMOVE, True, False, OWNER, OWNER, sw.REMOVAL_CITE),
        # a repair is the owner's: cited to Cost of sidewalks (not Minor repairs: a permit's
        # repair is not a minor repair at the Director's direction)
        (W.REPAIR, True, False, OWNER, None, sw.COST_CITE),
        (W.REPAIR, False, False, OWNER, None, sw.COST_CITE),
        (W.CONSTRUCT, True, True, DIVIDER, None, sw.NEW_SUBDIVISION_CITE),
        (W.CONSTRUCT, False, True, DIVIDER, None, sw.NEW_SUBDIVISION_CITE),
        # the land divider's rule is about constructing the walks a subdivision requires: a
        # reconstruction or replacement there follows the plan (with a warning)
        (W.RECONSTRUCT, False, True, OWNER, None, sw.RECONSTRUCTION_CITE),
        (W.REPLACE, True, True, CITY_, None, sw.RECONSTRUCTION_CITE),
        (W.REMOVE, False, True, CITY_, OWNER, sw.REMOVAL_CITE),
        (W.REPAIR, True, True, OWNER, None, sw.COST_CITE),
    ],
)
def test_who_pays_for_every_kind_of_work(
    work: SidewalkWork,
    on_plan: bool,
    subdivision: bool,
    payer: CostPayer,
    restoration: CostPayer | None,
    cite: str,
) -> None:
    decision = sw.cost_responsibility(
        work, on_master_plan=on_plan, new_subdivision=subdivision, segment_id=7
    )
    assert (decision.payer, decision.restoration_payer, decision.cite) == (
        payer,
        restoration,
        cite,
    )
    assert decision.segment_id == (7 if on_plan else None)
    assert (
        decision.summary
        == {
            CITY_: "Paid 100% by the City of Prescott",
            OWNER: "Paid 100% by the adjacent property owner",
            DIVIDER: "Paid 100% by the land divider",
        }[payer]
    )
    silent = work is W.REMOVE and on_plan
    planned_repair = work is W.REPAIR and on_plan
    rebuilt_in_subdivision = subdivision and work in (W.RECONSTRUCT, W.REPLACE)
    warned = silent or planned_repair or rebuilt_in_subdivision
    assert [f.level for f in decision.findings] == (["warn"] if warned else [])
    if silent:
        assert "Common Council" in decision.findings[0].text
    if planned_repair:
        assert decision.findings[0].text == (
            "The current Sidewalk Master Plan shows this sidewalk: a repair is the owner's, but a "
            "reconstruction or replacement here would be the City's. Confirm the kind of work "
            "with the Director of Public Works."
        )
    if rebuilt_in_subdivision:
        assert decision.findings[0].cite == sw.NEW_SUBDIVISION_CITE
        assert "check the development agreement" in decision.findings[0].text
    # the plan decides it (and a pending permit's register says "(plan today)") only where the
    # article reads the plan
    assert decision.follows_plan is (
        work is not W.REPAIR and not (subdivision and work is W.CONSTRUCT)
    )
    assert (MINOR_REPAIRS in decision.cite) is False
    if restoration is not None:
        assert decision.restoration == "Restoration of the area by the adjacent property owner"


def test_the_plan_decides_until_the_permit_issues_and_then_stays(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    segment = _segment(desk, admin, city.orange, low_number=200, high_number=298)
    issued = _apply(desk, admin, city)
    pending = _apply(desk, admin, city)
    with desk.database.reading() as session:
        decision = sw.decide_cost(session, _get_permit(desk, issued.id))
    assert (decision.payer, decision.segment_id) == (CostPayer.CITY, segment)
    permit = builders.read_back(desk, admin, SidewalkPermit, sw.issue, issued.id)
    assert (permit.cost_payer, permit.master_plan_segment_id) == (CostPayer.CITY, segment)
    _do(desk, admin, sw.retire_segment, segment, reason="Plan amended")
    with desk.database.reading() as session:
        fixed = sw.decide_cost(session, sw.get_permit(session, issued.id))
        now = sw.decide_cost(session, sw.get_permit(session, pending.id))
    assert (fixed.payer, fixed.segment_id) == (CostPayer.CITY, segment)
    assert (now.payer, now.segment_id) == (CostPayer.OWNER, None)
    # off the plan on the odd side of the same block
    odd = _apply(desk, admin, city, address_number=215)
    with desk.database.reading() as session:
        assert sw.decide_cost(session, sw.get_permit(session, odd.id)).payer == CostPayer.OWNER


def test_the_review_reads_the_silent_case_and_asks_for_the_parcel(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    _segment(desk, admin, city.orange)
    removal = _apply(desk, admin, city, work=SidewalkWork.REMOVE, parcel_id=None)
    findings = _review(desk, admin, removal.id)
    assert not _blocks(findings)
    warned = [(f.cite, f.text) for f in findings if f.level == "warn"]
    assert any(cite == sw.REMOVAL_CITE and "IS on the" in text for cite, text in warned)
    assert any(cite == sw.COST_CITE and "choose the parcel" in text for cite, text in warned)
    permit = builders.read_back(
        desk, admin, SidewalkPermit, sw.issue, removal.id
    )  # a warning does not stop the Director
    assert permit.cost_payer == CostPayer.OWNER


# -- seven days before the work --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "last_issue"),
    [
        (date(2026, 12, 7), date(2026, 11, 30)),
        (date(2026, 12, 6), date(2026, 11, 29)),  # a Sunday: counted back, never moved
        (date(2026, 12, 3), date(2026, 11, 26)),  # Thanksgiving, City Hall closed: not moved
    ],
)
def test_the_last_day_to_issue_is_seven_days_before_and_never_moved(
    start: date, last_issue: date
) -> None:
    assert sw.latest_issue_day(start, CALENDAR) == last_issue
    assert sw.latest_issue_day(start, CityCalendar()) == last_issue
    assert sw.earliest_start(last_issue, CALENDAR) == start


def test_a_start_seven_days_away_issues_today(
    desk: Desk, admin: SignedIn, inspector: SignedIn, city: City
) -> None:
    permit = _apply(desk, admin, city, work_starts_on=days(7))
    findings = _review(desk, admin, permit.id)
    assert not _blocks(findings)
    assert any(f.cite == sw.PERMIT_CITE and "Mon Nov 30, 2026" in f.text for f in findings)
    issued = builders.read_back(
        desk,
        inspector,
        SidewalkPermit,
        sw.issue,
        permit.id,
        conditions="  Call 24 hours ahead.\n\n",
    )
    assert issued.status == SidewalkPermitStatus.ISSUED
    assert (issued.decided_on, issued.decided_by_name) == (
        TODAY,
        "Test Building Inspector / Public Works",
    )
    assert issued.conditions == "Call 24 hours ahead."
    _refused(desk, inspector, sw.issue, permit.id, error=Conflict)  # issued once


def test_a_start_six_days_away_is_refused_naming_the_earliest_start(
    desk: Desk, admin: SignedIn, inspector: SignedIn, city: City
) -> None:
    permit = _apply(desk, admin, city, work_starts_on=days(6))
    [block] = _blocks(_review(desk, admin, permit.id))
    assert "Sun Dec 6, 2026" in block  # the start asked for
    assert "had to be issued by Sun Nov 29, 2026" in block
    assert "Mon Dec 7, 2026 at the earliest" in block  # the earliest start
    refused = _refused(desk, inspector, sw.issue, permit.id)
    assert (refused.message, refused.cite, refused.field) == (block, sw.PERMIT_CITE, "decision")
    assert _get_permit(desk, permit.id).status == SidewalkPermitStatus.APPLIED
    # moved to the earliest start, it issues
    data = _permit_data(city, work_starts_on=days(7))
    _do(desk, admin, sw.correct_application, permit.id, data)
    assert (
        builders.read_back(desk, inspector, SidewalkPermit, sw.issue, permit.id).status
        == SidewalkPermitStatus.ISSUED
    )


def test_a_start_in_the_past_or_missing_is_refused(desk: Desk, admin: SignedIn, city: City) -> None:
    past = _apply(desk, admin, city, work_starts_on=days(-1))
    assert any("Mon Dec 7, 2026" in text for text in _blocks(_review(desk, admin, past.id)))
    missing = _apply(desk, admin, city, work_starts_on=None)
    [block] = _blocks(_review(desk, admin, missing.id))
    assert "Enter the day the work is proposed to start" in block


def test_the_day_to_issue_follows_a_clock_that_travels(
    desk: Desk, admin: SignedIn, city: City, clock: FixedClock
) -> None:
    permit = _apply(desk, admin, city, work_starts_on=date(2026, 12, 10))
    clock.set(datetime(2026, 12, 3, 16, 59))  # the last day to issue, late in the day
    assert not _blocks(_review(desk, admin, permit.id))
    clock.set(datetime(2026, 12, 4, 8, 0))
    assert _blocks(_review(desk, admin, permit.id))


# -- the application and its review ---------------------------------------------------------------


def test_an_application_is_numbered_and_charges_no_fee(
    desk: Desk, clerk: SignedIn, city: City
) -> None:
    first = _apply(desk, clerk, city)
    second = _apply(desk, clerk, city, applicant_id=city.contractor)
    assert (first.number, second.number) == ("SW-2026-001", "SW-2026-002")
    assert (first.status, first.side, first.received_by_name) == (
        SidewalkPermitStatus.APPLIED,
        "even",
        "Test Clerk",
    )
    with desk.database.reading() as session:
        assert ledger.dues_for(session, RecordRef(sw.RECORD_TYPE, str(first.id))) == []
        [event] = sw.history(session, first.id)
    assert event.action == "sidewalk.apply" and "no fee is charged" in event.summary


def test_an_application_is_checked(desk: Desk, clerk: SignedIn, city: City) -> None:
    def refused(**changes: Any) -> str | None:
        error = _refused(desk, clerk, sw.receive_application, _permit_data(city, **changes))
        field: str | None = error.field
        return field

    assert refused(location="   ") == "location"
    assert refused(street_id=None) == "street_id"  # a number without its street
    assert refused(address_number=0) == "address_number"
    assert refused(length_ft=0) == "length_ft"
    assert refused(width_in=601) == "width_in"
    assert refused(contractor_name="x" * 201) == "contractor_name"
    _refused(desk, clerk, sw.receive_application, _permit_data(city, parcel_id=999), error=NotFound)
    _refused(
        desk, clerk, sw.receive_application, _permit_data(city, applicant_id=999), error=NotFound
    )


@pytest.mark.parametrize(
    ("work", "width", "commercial", "level"),
    [
        (SidewalkWork.CONSTRUCT, 53, False, "block"),  # an inch under 4 1/2 feet
        (SidewalkWork.CONSTRUCT, 54, False, None),
        (SidewalkWork.CONSTRUCT, 55, False, "warn"),  # wider than the specification
        (SidewalkWork.RECONSTRUCT, 48, False, "warn"),  # may keep the existing width
        (SidewalkWork.REPLACE, 48, False, "warn"),
        (SidewalkWork.REPAIR, 53, False, "warn"),
        (SidewalkWork.REPAIR, 54, False, None),
        (SidewalkWork.CONSTRUCT, None, False, "warn"),
        (SidewalkWork.CONSTRUCT, 48, True, "info"),  # the Council sets commercial widths
        (SidewalkWork.REMOVE, 30, False, None),
    ],
)
def test_the_residential_walk_is_four_and_a_half_feet(
    desk: Desk,
    admin: SignedIn,
    city: City,
    work: SidewalkWork,
    width: int | None,
    commercial: bool,
    level: str | None,
) -> None:
    permit = _apply(desk, admin, city, work=work, width_in=width, commercial=commercial)
    widths = [
        f for f in _review(desk, admin, permit.id) if f.cite in (sw.WIDTH_CITE, sw.REGULATED_CITE)
    ]
    assert [f.level for f in widths] == ([] if level is None else [level])


def test_the_plan_is_read_at_a_street_number(desk: Desk, admin: SignedIn, city: City) -> None:
    nowhere = _apply(desk, admin, city, street_id=None, address_number=None)
    [block] = _blocks(_review(desk, admin, nowhere.id))
    assert "street number" in block
    # a walk a new subdivision requires is the land divider's wherever it is
    subdivision = _apply(
        desk,
        admin,
        city,
        work=SidewalkWork.CONSTRUCT,
        street_id=None,
        address_number=None,
        new_subdivision=True,
    )
    findings = _review(desk, admin, subdivision.id)
    assert not _blocks(findings)
    assert any(f.cite == sw.NEW_SUBDIVISION_CITE and "land divider" in f.text for f in findings)
    outside = _apply(desk, admin, city, address_number=1001)
    assert any("outside Orange St's numbers" in f.text for f in _review(desk, admin, outside.id))


def test_a_repair_is_of_the_whole_block(desk: Desk, admin: SignedIn, city: City) -> None:
    repair = _apply(desk, admin, city, work=SidewalkWork.REPAIR)
    build = _apply(desk, admin, city, work=SidewalkWork.CONSTRUCT)
    assert any(f.cite == sw.WHOLE_BLOCK_CITE for f in _review(desk, admin, repair.id))
    assert not any(f.cite == sw.WHOLE_BLOCK_CITE for f in _review(desk, admin, build.id))


def test_a_correction_is_for_an_undecided_application(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    permit = _apply(desk, admin, city)
    corrected = builders.read_back(
        desk,
        admin,
        SidewalkPermit,
        sw.correct_application,
        permit.id,
        _permit_data(city, address_number=215, contractor_name="Ellsworth Paving Inc."),
    )
    assert (corrected.side, corrected.number) == ("odd", "SW-2026-001")
    with desk.database.reading() as session:
        assert [p.id for p in sw.search_permits(session, "ellsworth")] == [permit.id]
    _do(desk, admin, sw.issue, permit.id)
    _refused(desk, admin, sw.correct_application, permit.id, _permit_data(city), error=Conflict)


def test_city_contract_work_needs_no_permit(desk: Desk, clerk: SignedIn, city: City) -> None:
    _segment(desk, clerk, city.orange)
    record = builders.read_back(
        desk,
        clerk,
        SidewalkPermit,
        sw.record_city_contract,
        _permit_data(city, work_starts_on=days(1)),
    )
    assert record.status == SidewalkPermitStatus.CITY_CONTRACT
    assert record.cost_payer == CostPayer.CITY  # fixed when recorded
    findings = _review(desk, clerk, record.id)
    assert not _blocks(findings)  # no seven days: no permit at all
    assert any("no permit is required" in f.text for f in findings)
    _refused(desk, clerk, sw.issue, record.id, error=PermissionDenied)
    inspector_done = _refused(desk, clerk, sw.complete, record.id, on=TODAY, error=PermissionDenied)
    assert "Building Inspector" in str(inspector_done)


def test_completion_and_withdrawal(
    desk: Desk, admin: SignedIn, city: City, clock: FixedClock
) -> None:
    permit = _apply(desk, admin, city)
    _refused(desk, admin, sw.complete, permit.id, on=TODAY, error=Conflict)  # not issued
    _do(desk, admin, sw.issue, permit.id)
    clock.set(datetime(2026, 12, 11, 10, 0))
    assert _refused(desk, admin, sw.complete, permit.id, on=date(2026, 12, 12)).field == "on"
    assert _refused(desk, admin, sw.complete, permit.id, on=date(2026, 11, 29)).field == "on"
    done = builders.read_back(
        desk, admin, SidewalkPermit, sw.complete, permit.id, on=date(2026, 12, 10)
    )
    assert (done.status, done.completed_on) == (SidewalkPermitStatus.COMPLETED, date(2026, 12, 10))
    _refused(desk, admin, sw.withdraw, permit.id, reason="late", error=Conflict)
    other = _apply(desk, admin, city)
    assert _refused(desk, admin, sw.withdraw, other.id, reason=" ").field == "reason"
    gone = builders.read_back(
        desk, admin, SidewalkPermit, sw.withdraw, other.id, reason="Owner sold the house"
    )
    assert (gone.status, gone.withdrawn_reason) == (
        SidewalkPermitStatus.WITHDRAWN,
        "Owner sold the house",
    )
    city_work = builders.read_back(
        desk, admin, SidewalkPermit, sw.record_city_contract, _permit_data(city)
    )
    kept = builders.read_back(
        desk, admin, SidewalkPermit, sw.complete, city_work.id, on=date(2026, 12, 11)
    )
    assert (kept.status, kept.completed_on) == (
        SidewalkPermitStatus.CITY_CONTRACT,
        date(2026, 12, 11),
    )


def test_the_register_is_searched(desk: Desk, admin: SignedIn, city: City) -> None:
    first = _apply(desk, admin, city)
    second = _apply(desk, admin, city, applicant_id=city.contractor, location="Broad at Orange")
    with desk.database.reading() as session:
        assert [p.id for p in sw.search_permits(session)] == [second.id, first.id]
        assert [p.id for p in sw.search_permits(session, "halvorsen")] == [first.id]
        assert [p.id for p in sw.search_permits(session, "bluff broad")] == [second.id]
        assert [p.id for p in sw.search_permits(session, "SW-2026-002")] == [second.id]
        assert [p.id for p in sw.search_permits(session, "281-01050")] == [second.id, first.id]
        assert sw.search_permits(session, status=SidewalkPermitStatus.ISSUED) == []
        assert sw.search_permits(session, year=2025) == []
        assert sw.permit_years(session) == [2026]


# -- denial and the appeal to the Council ----------------------------------------------------------


def test_a_denial_is_appealed_to_the_council_without_a_time_limit(
    desk: Desk, admin: SignedIn, city: City, clock: FixedClock
) -> None:
    denied = _denied(desk, admin, city)
    assert (denied.status, denied.decided_on) == (SidewalkPermitStatus.DENIED, TODAY)
    _refused(desk, admin, sw.issue, denied.id, error=Conflict)
    assert _refused(desk, admin, sw.file_appeal, denied.id, filed_on=days(1)).field == "filed_on"
    assert _refused(desk, admin, sw.file_appeal, denied.id, filed_on=days(-1)).field == ("filed_on")
    clock.set(datetime(2027, 3, 1, 9, 0))  # three months later: still accepted
    appealed = builders.read_back(
        desk, admin, SidewalkPermit, sw.file_appeal, denied.id, filed_on=date(2027, 3, 1)
    )
    assert (appealed.status, appealed.appeal_filed_on) == (
        SidewalkPermitStatus.APPEALED,
        date(2027, 3, 1),
    )
    _refused(desk, admin, sw.file_appeal, denied.id, filed_on=date(2027, 3, 1), error=Conflict)


def test_the_appeal_is_decided_at_a_meeting_held_not_one_to_come(
    desk: Desk, admin: SignedIn, clerk: SignedIn, city: City, clock: FixedClock
) -> None:
    segment = _segment(desk, admin, city.orange)
    before_appeal = _meeting(desk, clerk, at(date(2026, 11, 23), 18))
    cancelled = _meeting(desk, clerk, at(date(2026, 12, 1), 18))
    held = _meeting(desk, clerk, at(date(2026, 12, 14), 18))
    _do(desk, clerk, petitions.cancel_meeting, cancelled, reason="No quorum")
    denied = _denied(desk, admin, city)
    _do(desk, clerk, sw.file_appeal, denied.id, filed_on=TODAY)
    clock.set(datetime(2026, 12, 14, 17, 59))  # a minute before the meeting

    def refusal(meeting: int) -> str:
        error = _refused(
            desk, clerk, sw.record_appeal_decision, denied.id, meeting_id=meeting, granted=True
        )
        assert error.field == "meeting"
        return str(error)

    assert "has not taken place yet" in refusal(held)
    assert "was cancelled" in refusal(cancelled)
    assert "before the appeal was filed" in refusal(before_appeal)
    assert "held" in refusal(9999)
    clock.set(datetime(2026, 12, 15, 9, 0))
    granted = builders.read_back(
        desk,
        clerk,
        SidewalkPermit,
        sw.record_appeal_decision,
        denied.id,
        meeting_id=held,
        granted=True,
        note="Motion 2026-88: a 4-foot walk matches the block.",
    )
    assert granted.status == SidewalkPermitStatus.ISSUED_ON_APPEAL
    assert (granted.appeal_meeting_id, granted.appeal_decided_on) == (held, date(2026, 12, 14))
    assert (granted.cost_payer, granted.master_plan_segment_id) == (CostPayer.CITY, segment)
    # the work was to start Dec 7: seven days after the Council's permit at the earliest
    assert (
        granted.conditions
        == "Work may start Mon Dec 21, 2026 at the earliest, seven days after this permit."
    )
    _refused(
        desk,
        clerk,
        sw.record_appeal_decision,
        denied.id,
        meeting_id=held,
        granted=False,
        error=Conflict,
    )
    with desk.database.reading() as session:
        actions = [e.action for e in sw.history(session, denied.id)]
    assert actions == [
        "sidewalk.apply",
        "sidewalk.deny",
        "sidewalk.appeal",
        "sidewalk.appeal_decision",
    ]


def test_a_refused_appeal_stands(
    desk: Desk, admin: SignedIn, city: City, clock: FixedClock
) -> None:
    held = _meeting(desk, admin, at(date(2026, 12, 14), 18))
    denied = _denied(desk, admin, city)
    _do(desk, admin, sw.file_appeal, denied.id, filed_on=TODAY)
    clock.set(datetime(2026, 12, 14, 18, 0))  # the meeting has begun
    refused = builders.read_back(
        desk,
        admin,
        SidewalkPermit,
        sw.record_appeal_decision,
        denied.id,
        meeting_id=held,
        granted=False,
    )
    assert (refused.status, refused.cost_payer) == (SidewalkPermitStatus.DENIED_ON_APPEAL, None)
    _refused(desk, admin, sw.withdraw, denied.id, reason="x", error=Conflict)


# -- permissions ----------------------------------------------------------------------------------


def test_who_does_what_with_a_permit(
    desk: Desk, operator_with: Callable[[Role], SignedIn], city: City
) -> None:
    clerk, treasurer = operator_with(Role.CLERK), operator_with(Role.TREASURER)
    inspector = operator_with(Role.INSPECTOR)
    permit = _apply(desk, treasurer, city)  # any counter takes an application
    for who in (clerk, treasurer):
        denied = _refused(desk, who, sw.issue, permit.id, error=PermissionDenied)
        assert "Building Inspector / Public Works" in str(denied)
        _refused(desk, who, sw.deny, permit.id, reasons="no", error=PermissionDenied)
    assert (
        builders.read_back(desk, inspector, SidewalkPermit, sw.issue, permit.id).status
        == SidewalkPermitStatus.ISSUED
    )
