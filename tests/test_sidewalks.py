"""Sidewalks (the sidewalk article before § 506-6; Wis. Stat. § 66.0907) at their boundaries.

Seven days before the work (a start on today + 7 issues today, today + 6 does not, and the
refusal names the earliest start), the master plan's ranges (inclusive bounds, the side by the
number's parity, open ends, retired segments ignored), who pays for every kind of work on and off
the plan and in a new subdivision, the 4 1/2-foot residential walk, the appeal decided at a
meeting held (never one to come), the 20 days after service (the 20th day refused to the City,
the 21st allowed; a Sunday or a legal holiday last day moves, a Saturday does not), $500.00
against $500.01 for a minor repair, the Director's approval of a partial block, and who may do
what. "Today" is Monday, November 30, 2026 in Prescott unless a test travels.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import builders  # type: ignore[import-not-found]
import pytest
from sqlalchemy import select

from clerk_desk import ledger, parties, today
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CityCalendar, default_calendar
from clerk_desk.demo import sidewalks as demo_sidewalks
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.kinds import (
    Compass,
    CostPayer,
    DueKind,
    DueStatus,
    PartyKind,
    RepairOrderKind,
    RepairOrderStatus,
    Role,
    SidewalkPermitStatus,
    SidewalkWork,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    AmountDue,
    AuditEvent,
    MasterPlanSegment,
    SidewalkPermit,
    SidewalkRepairOrder,
    SpecialCharge,
)
from clerk_desk.money import Money
from clerk_desk.ordinance import SIDEWALK_ARTICLE_CITE, load_chapter, normalize_cite
from clerk_desk.permissions import Permission
from clerk_desk.petitions import service as petitions
from clerk_desk.sidewalks import master_plan, permits, repair_orders
from clerk_desk.sidewalks import service as sw
from clerk_desk.sidewalks import views as views
from clerk_desk.sidewalks.service import PermitData, RepairOrderData, SegmentData
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_numbers import streets
from clerk_desk.street_numbers.streets import StreetData

#: City Hall's calendar as first installed, before the Clerk changes any day.
CALENDAR = default_calendar()

TODAY = date(2026, 11, 30)  # a Monday; Thanksgiving 2026 is Thursday, November 26
ZONE = ZoneInfo("America/Chicago")
CHAMBERS = "Council Chambers"
DIRECTOR = "Pat Kowalski, Director of Public Works"


def at(day: date, hour: int, minute: int = 0) -> datetime:
    """A moment in Prescott."""
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZONE)


def days(n: int) -> date:
    return TODAY + timedelta(days=n)


# -- fixtures and helpers -------------------------------------------------------------------------


@dataclass(frozen=True)
class City:
    orange: int  # Orange St: numbers 100-999
    broad: int  # Broad St N
    henry: int
    owner: int  # owns 214 Orange St
    parcel: int
    orphan_parcel: int  # no owner on record
    contractor: int


@pytest.fixture
def city(desk: Desk, admin: SignedIn) -> City:
    with desk.action(admin) as action:
        ids = {}
        for name, direction in (("Orange", ""), ("Broad", "N"), ("Henry", "")):
            street = streets.add_street(
                action,
                StreetData(
                    name=name,
                    suffix="St",
                    direction=direction,
                    odd_side=Compass.WEST,
                    increases_toward=Compass.NORTH,
                    range_low=100,
                    range_high=999,
                ),
            )
            action.session.flush()
            ids[name] = street
        owner = parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.PERSON,
                name="Ruth Halvorsen",
                street="214 Orange St",
                city="Prescott",
                state="WI",
                postal_code="54021",
            ),
        )
        action.session.flush()
        parcel = parties.add_parcel(
            action,
            parties.ParcelData("281-01050-0000", site_address="214 Orange St", owner_id=owner.id),
        )
        orphan = parties.add_parcel(action, parties.ParcelData("281-01051-0000", "216 Orange St"))
        contractor = parties.add_party(
            action,
            parties.PartyData(kind=PartyKind.BUSINESS, name="Bluff Country Concrete"),
        )
        action.session.flush()
        return City(
            ids["Orange"],
            ids["Broad"],
            ids["Henry"],
            owner.id,
            parcel.id,
            orphan.id,
            contractor.id,
        )


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


@pytest.fixture
def inspector(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.INSPECTOR)


def _do(desk: Desk, who: SignedIn, service: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    with desk.action(who) as action:
        result = service(action, *args, **kwargs)
        action.session.flush()
        return result


def _charge(desk: Desk, charge_id: int) -> tuple[SpecialCharge, AmountDue]:
    """A special charge and its amount due, as stored."""
    with desk.database.reading() as session:
        charge = sc.get_charge(session, charge_id)
        assert charge.amount_due is not None
        return charge, charge.amount_due


def _refused(
    desk: Desk,
    who: SignedIn,
    service: Callable[..., object],
    *args: Any,
    error: type[Exception] = InvalidInput,
    **kwargs: Any,
) -> Any:
    with pytest.raises(error) as refused, desk.action(who) as action:
        service(action, *args, **kwargs)
    return refused.value


def _permit_data(city: City, **changes: Any) -> PermitData:
    data = PermitData(
        applicant_id=city.owner,
        location="In front of 214 Orange St",
        work=SidewalkWork.RECONSTRUCT,
        street_id=city.orange,
        address_number=214,
        parcel_id=city.parcel,
        length_ft=40,
        width_in=54,
        contractor_name="Bluff Country Concrete",
        work_starts_on=days(7),
    )
    return dataclasses.replace(data, **changes)


def _apply(desk: Desk, who: SignedIn, city: City, **changes: Any) -> SidewalkPermit:
    permit: SidewalkPermit = builders.read_back(
        desk, who, SidewalkPermit, sw.receive_application, _permit_data(city, **changes)
    )
    return permit


def _segment(desk: Desk, who: SignedIn, street_id: int, **fields: Any) -> int:
    segment_id: int = _do(desk, who, sw.add_segment, SegmentData(street_id, **fields))
    return segment_id


def _segment_for(desk: Desk, street_id: int, number: int, *, bike_lane: bool = False) -> int | None:
    with desk.database.reading() as session:
        found = sw.segment_for(session, street_id=street_id, number=number, bike_lane=bike_lane)
        return None if found is None else found.id


def _meeting(desk: Desk, who: SignedIn, moment: datetime) -> int:
    return int(builders.meeting(desk, who, moment, CHAMBERS))


def _review(desk: Desk, who: SignedIn, permit_id: int) -> list[Finding]:
    with desk.lookup(who) as action:
        return sw.review(action, permit_id)


def _blocks(findings: list[Finding]) -> list[str]:
    return [f.text for f in findings if f.level == "block"]


def _get_permit(desk: Desk, permit_id: int) -> SidewalkPermit:
    with desk.database.reading() as session:
        return sw.get_permit(session, permit_id)


def _get_order(desk: Desk, order_id: int) -> SidewalkRepairOrder:
    with desk.database.reading() as session:
        return sw.get_order(session, order_id)


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


def _denied(desk: Desk, who: SignedIn, city: City) -> SidewalkPermit:
    permit = _apply(desk, who, city, work=SidewalkWork.CONSTRUCT, width_in=48)
    assert _refused(desk, who, sw.deny, permit.id, reasons=" \n ").field == "reasons"
    denied: SidewalkPermit = builders.read_back(
        desk, who, SidewalkPermit, sw.deny, permit.id, reasons="A new walk is 4 ft 6 in wide."
    )
    return denied


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


# -- repair orders --------------------------------------------------------------------------------


def _order_data(city: City, **changes: Any) -> RepairOrderData:
    data = RepairOrderData(
        kind=RepairOrderKind.COUNCIL_ORDER,
        parcel_id=city.parcel,
        location="In front of 214 Orange St",
        defect="Two squares heaved 2 inches: a tripping hazard.",
        work_required="Remove and replace two squares.",
        street_id=city.orange,
    )
    return dataclasses.replace(data, **changes)


@pytest.fixture
def council(desk: Desk, clerk: SignedIn) -> int:
    """The Council's meeting of Monday, November 23, 2026, held."""
    return _meeting(desk, clerk, at(date(2026, 11, 23), 18))


def _order(desk: Desk, who: SignedIn, city: City, **changes: Any) -> SidewalkRepairOrder:
    order: SidewalkRepairOrder = builders.read_back(
        desk, who, SidewalkRepairOrder, sw.order_repair, _order_data(city, **changes)
    )
    return order


def test_a_council_order_is_made_at_a_meeting_held(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    assert _refused(desk, clerk, sw.order_repair, _order_data(city)).field == "meeting"
    future = _meeting(desk, clerk, at(date(2026, 12, 14), 18))
    refused = _refused(desk, clerk, sw.order_repair, _order_data(city, meeting_id=future))
    assert "has not taken place yet" in str(refused)
    wrong_day = _order_data(city, meeting_id=council, ordered_on=date(2026, 11, 24))
    assert _refused(desk, clerk, sw.order_repair, wrong_day).field == "ordered_on"
    order = _order(desk, clerk, city, meeting_id=council)
    assert (order.number, order.status, order.ordered_on, order.ordered_by_name) == (
        "SR-2026-001",
        RepairOrderStatus.ORDERED,
        date(2026, 11, 23),
        "Common Council",
    )
    assert (order.owner_id, order.whole_block) == (city.owner, True)


def test_an_order_needs_an_owner_on_record(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    orphan = _order_data(city, parcel_id=city.orphan_parcel, meeting_id=council)
    assert _refused(desk, clerk, sw.order_repair, orphan).field == "parcel_id"
    assert (
        _refused(
            desk, clerk, sw.order_repair, _order_data(city, meeting_id=council, defect=" ")
        ).field
        == "defect"
    )
    _refused(desk, clerk, sw.order_repair, _order_data(city, parcel_id=999), error=NotFound)


def test_a_minor_repair_is_five_hundred_dollars_or_less(
    desk: Desk, inspector: SignedIn, city: City
) -> None:
    minor = RepairOrderKind.MINOR
    missing = _refused(desk, inspector, sw.order_repair, _order_data(city, kind=minor))
    assert (missing.field, missing.cite) == ("estimated_cost", sw.MINOR_REPAIR_CITE)
    over = _refused(
        desk,
        inspector,
        sw.order_repair,
        _order_data(city, kind=minor, estimated_cost=Money("500.01")),
    )
    assert (over.field, over.cite) == ("estimated_cost", sw.MINOR_REPAIR_CITE)
    assert "needs a Council order and notice" in str(over)
    order = _order(desk, inspector, city, kind=minor, estimated_cost=Money("500.00"))
    assert (order.ordered_on, order.ordered_by_name, order.meeting_id) == (
        TODAY,
        "Test Building Inspector / Public Works",
        None,
    )
    # no notice: nothing to serve, and the City may repair at once, up to $500.00
    _refused(
        desk,
        inspector,
        sw.record_service,
        order.id,
        served_on=TODAY,
        how="personal",
        by_name="x",
        error=Conflict,
    )
    assert sw.city_may_repair_on(_get_order(desk, order.id)) == TODAY
    too_much = _refused(
        desk, inspector, sw.record_city_repair, order.id, on=TODAY, cost=Money("500.01")
    )
    assert (too_much.field, too_much.cite) == ("cost", sw.MINOR_REPAIR_CITE)
    charge = builders.read_back(
        desk,
        inspector,
        SpecialCharge,
        sw.record_city_repair,
        order.id,
        on=TODAY,
        cost=Money("500.00"),
    )
    charge, due = _charge(desk, charge.id)
    assert (charge.kind, charge.total, charge.billed_party_id, charge.parcel_id) == (
        sc.ChargeKind.SIDEWALK_MINOR_REPAIR,
        Money("500.00"),
        city.owner,
        city.parcel,
    )
    assert (charge.record_type, charge.record_id) == (sw.ORDER_RECORD_TYPE, str(order.id))
    # "In the same manner" as a major repair: billed the day of the work, for the tax roll.
    assert (charge.bill_on, charge.due_on, charge.tax_roll_on) == (TODAY, None, TODAY)
    assert (due.kind, due.amount, due.party_id, due.cite, due.due_on) == (
        DueKind.SPECIAL_CHARGE,
        Money("500.00"),
        city.owner,
        sw.MINOR_REPAIR_CITE,
        None,
    )


def test_a_partial_block_needs_the_directors_approval(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    partial = _order_data(city, meeting_id=council, whole_block=False)
    refused = _refused(desk, clerk, sw.order_repair, partial)
    assert (refused.field, refused.cite) == ("partial_approved_by", sw.WHOLE_BLOCK_CITE)
    approved = dataclasses.replace(partial, partial_approved_by=f"  {DIRECTOR} ")
    order = builders.read_back(desk, clerk, SidewalkRepairOrder, sw.order_repair, approved)
    assert (order.whole_block, order.partial_approved_by) == (False, DIRECTOR)
    whole_but_named = _order_data(city, meeting_id=council, partial_approved_by=DIRECTOR)
    assert _refused(desk, clerk, sw.order_repair, whole_but_named).field == "partial_approved_by"
    findings = sw.order_findings(_get_order(desk, order.id), today=TODAY)
    assert any(f.cite == sw.WHOLE_BLOCK_CITE and DIRECTOR in f.text for f in findings)


@pytest.mark.parametrize(
    ("served_on", "last_day"),
    [
        (date(2026, 12, 1), date(2026, 12, 21)),  # day 20 a Monday
        (date(2026, 11, 30), date(2026, 12, 21)),  # day 20 a Sunday: moves to Monday
        (date(2026, 12, 5), date(2026, 12, 26)),  # Christmas: to Saturday, City Hall or not
        (date(2026, 11, 6), date(2026, 11, 27)),  # Thanksgiving: to the Friday City Hall closes
    ],
)
def test_the_owner_has_twenty_days_after_service(served_on: date, last_day: date) -> None:
    assert sw.repair_due(served_on, CityCalendar()) == last_day


def test_the_city_repairs_on_the_twenty_first_day_not_the_twentieth(
    desk: Desk,
    clerk: SignedIn,
    inspector: SignedIn,
    city: City,
    council: int,
    clock: FixedClock,
) -> None:
    order = _order(desk, clerk, city, meeting_id=council)
    refused = _refused(
        desk, inspector, sw.record_city_repair, order.id, on=TODAY, cost=Money("800")
    )
    assert "not served" in str(refused) and refused.cite == sw.REPAIR_CITE
    clock.set(datetime(2026, 12, 1, 15, 0))
    served = builders.read_back(
        desk,
        clerk,
        SidewalkRepairOrder,
        sw.record_service,
        order.id,
        served_on=date(2026, 12, 1),
        how="Certified  Mail",
        by_name="Carla Jensen",
    )
    assert (served.status, served.served_how, served.repair_due_on) == (
        RepairOrderStatus.SERVED,
        "certified mail",
        date(2026, 12, 21),
    )
    clock.set(datetime(2026, 12, 22, 10, 0))
    day_20 = _refused(
        desk, inspector, sw.record_city_repair, order.id, on=date(2026, 12, 21), cost=Money("800")
    )
    assert (day_20.field, day_20.cite) == ("on", sw.REPAIR_CITE)
    assert "through Mon Dec 21, 2026" in str(day_20) and "from Tue Dec 22, 2026" in str(day_20)
    assert _get_order(desk, order.id).status == RepairOrderStatus.SERVED
    made = builders.read_back(
        desk,
        inspector,
        SpecialCharge,
        sw.record_city_repair,
        order.id,
        on=date(2026, 12, 22),
        cost=Money.parse("$1,240.50"),
    )
    charge, due = _charge(desk, made.id)
    assert (charge.kind, charge.billed_party_id, charge.billed_as, charge.parcel_id) == (
        sc.ChargeKind.SIDEWALK_REPAIR,
        city.owner,
        "owner",
        city.parcel,
    )
    assert charge.work.startswith("Sidewalk repair SR-2026-001 made by the City, ")
    assert (charge.work_done_on, charge.bill_on, charge.delivered_how) == (
        date(2026, 12, 22),
        date(2026, 12, 22),
        "mailed",
    )
    # No time to pay: the Treasurer enters the total cost on the roll.
    assert (charge.due_on, charge.tax_roll_on) == (None, date(2026, 12, 22))
    assert (due.kind, due.amount, due.status, due.due_on) == (
        DueKind.SPECIAL_CHARGE,
        Money("1240.50"),
        DueStatus.OPEN,
        None,
    )
    assert due.cite == sw.REPAIR_ORDER_CITE
    with desk.database.reading() as session:
        assert [c.id for c in tax_roll.eligible(session, date(2026, 12, 21))] == []
        assert [c.id for c in tax_roll.eligible(session, date(2026, 12, 22))] == [charge.id]
        billed = ledger.dues_for(session, RecordRef(sw.ORDER_RECORD_TYPE, str(order.id)))
        assert [d.id for d in billed] == [due.id]  # the order still counts it
    repaired = _get_order(desk, order.id)
    assert (repaired.status, repaired.city_repaired_on, repaired.city_cost) == (
        RepairOrderStatus.CITY_REPAIRED,
        date(2026, 12, 22),
        Money("1240.50"),
    )
    _refused(
        desk, inspector, sw.record_owner_repair, order.id, on=date(2026, 12, 22), error=Conflict
    )
    _refused(desk, clerk, sw.cancel_order, order.id, reason="x", error=Conflict)
    with desk.database.reading() as session:
        actions = [e.action for e in sw.order_history(session, order.id)]
    assert actions == [
        "sidewalk_order.create",
        "sidewalk_order.serve",
        "due.create",
        "special_charge.created",
        "special_charge.billed",
        "sidewalk_order.city_repair",
    ]


def test_service_is_recorded_once_and_checked(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    order = _order(desk, clerk, city, meeting_id=council)

    def field(**kw: Any) -> str | None:
        values: dict[str, Any] = {
            "served_on": TODAY,
            "how": "personal",
            "by_name": "Officer Roth",
        } | kw
        error = _refused(desk, clerk, sw.record_service, order.id, **values)
        name: str | None = error.field
        return name

    assert field(served_on=days(1)) == "served_on"
    assert field(served_on=date(2026, 11, 22)) == "served_on"  # before the order
    assert field(how="e-mail") == "how"
    assert field(by_name="  ") == "by_name"
    _do(desk, clerk, sw.record_service, order.id, served_on=TODAY, how="personal", by_name="Roth")
    _refused(
        desk,
        clerk,
        sw.record_service,
        order.id,
        served_on=TODAY,
        how="personal",
        by_name="Roth",
        error=Conflict,
    )


def test_an_emergency_is_to_be_repaired_immediately(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, city: City
) -> None:
    order = _order(desk, inspector, city, kind=RepairOrderKind.EMERGENCY)
    assert order.meeting_id is None  # the Council's designee directs it
    _do(desk, clerk, sw.record_service, order.id, served_on=TODAY, how="personal", by_name="Roth")
    served = _get_order(desk, order.id)
    assert served.repair_due_on == TODAY
    assert sw.city_may_repair_on(served) == TODAY
    findings = sw.order_findings(served, today=TODAY)
    assert any("immediately" in f.text for f in findings)
    made = builders.read_back(
        desk, inspector, SpecialCharge, sw.record_city_repair, order.id, on=TODAY, cost=Money("650")
    )
    charge, due = _charge(desk, made.id)
    assert due.amount == Money("650.00")  # an emergency is no minor repair: no $500 cap
    assert charge.kind == sc.ChargeKind.SIDEWALK_REPAIR


def test_the_owner_repairs_or_the_order_is_cancelled(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, city: City, council: int
) -> None:
    order = _order(desk, clerk, city, meeting_id=council)
    assert _refused(desk, inspector, sw.record_owner_repair, order.id, on=days(1)).field == "on"
    repaired = builders.read_back(
        desk, inspector, SidewalkRepairOrder, sw.record_owner_repair, order.id, on=TODAY
    )
    assert (repaired.status, repaired.repaired_by_owner_on) == (
        RepairOrderStatus.REPAIRED_BY_OWNER,
        TODAY,
    )
    other = _order(desk, clerk, city, meeting_id=council)
    assert _refused(desk, clerk, sw.cancel_order, other.id, reason="  ").field == "reason"
    cancelled = builders.read_back(
        desk,
        clerk,
        SidewalkRepairOrder,
        sw.cancel_order,
        other.id,
        reason="Council rescinded the order",
    )
    assert cancelled.status == RepairOrderStatus.CANCELLED
    _refused(desk, clerk, sw.cancel_order, other.id, reason="again", error=Conflict)
    with desk.database.reading() as session:
        assert [o.id for o in sw.search_orders(session, status=RepairOrderStatus.CANCELLED)] == [
            other.id
        ]
        assert [o.id for o in sw.search_orders(session, "halvorsen")] == [other.id, order.id]
        assert sw.search_orders(session, kind=RepairOrderKind.MINOR) == []
        assert sw.order_years(session) == [2026]


def test_who_orders_and_who_repairs(
    desk: Desk, operator_with: Callable[[Role], SignedIn], city: City, council: int
) -> None:
    clerk, inspector = operator_with(Role.CLERK), operator_with(Role.INSPECTOR)
    treasurer = operator_with(Role.TREASURER)
    minor = _order_data(city, kind=RepairOrderKind.MINOR, estimated_cost=Money("200"))
    _refused(desk, clerk, sw.order_repair, minor, error=PermissionDenied)  # the Director's
    order = builders.read_back(desk, inspector, SidewalkRepairOrder, sw.order_repair, minor)
    _refused(
        desk,
        clerk,
        sw.record_city_repair,
        order.id,
        on=TODAY,
        cost=Money("200"),
        error=PermissionDenied,
    )
    _refused(desk, clerk, sw.cancel_order, order.id, reason="x", error=PermissionDenied)
    # a Council order is the Clerk's record of the Council's act; any counter may record it
    assert _order(desk, treasurer, city, meeting_id=council).status == RepairOrderStatus.ORDERED


# -- the Today tab --------------------------------------------------------------------------------


def _sidewalk_items(desk: Desk, who: SignedIn) -> list[today.TodayItem]:
    with desk.lookup(who) as action:
        return [item for item in today.gather(action) if item.workflow == "Sidewalks"]


def test_today_lists_permits_to_issue_and_orders_that_run_out(
    desk: Desk, admin: SignedIn, city: City, council: int, clock: FixedClock
) -> None:
    in_seven = _apply(desk, admin, city, work_starts_on=days(7))
    in_three = _apply(desk, admin, city, work_starts_on=days(3))
    issued = _apply(desk, admin, city, work_starts_on=days(7))
    _do(desk, admin, sw.issue, issued.id)
    unserved = _order(desk, admin, city, meeting_id=council)
    running = _order(desk, admin, city, meeting_id=council)
    _do(desk, admin, sw.record_service, running.id, served_on=TODAY, how="personal", by_name="R")
    ending = _order(desk, admin, city, meeting_id=council)
    _do(
        desk,
        admin,
        sw.record_service,
        ending.id,
        served_on=date(2026, 11, 24),  # 20 days: Mon Dec 14, two weeks out
        how="personal",
        by_name="R",
    )
    items = {(i.record_type, i.record_id): i for i in _sidewalk_items(desk, admin)}
    assert set(items) == {
        (sw.RECORD_TYPE, str(in_seven.id)),
        (sw.RECORD_TYPE, str(in_three.id)),
        (sw.ORDER_RECORD_TYPE, str(unserved.id)),
    }
    assert items[(sw.RECORD_TYPE, str(in_seven.id))].detail.endswith(
        "today is the last day to issue it"
    )
    assert items[(sw.RECORD_TYPE, str(in_seven.id))].urgency(TODAY) == "today"
    late = items[(sw.RECORD_TYPE, str(in_three.id))]
    assert (late.due, late.urgency(TODAY), late.cite) == (days(-4), "overdue", sw.PERMIT_CITE)
    assert "not yet served" in items[(sw.ORDER_RECORD_TYPE, str(unserved.id))].title
    clock.set(datetime(2026, 12, 8, 9, 0))  # the owner's last day within the week
    titles = {
        i.record_id: i.title
        for i in _sidewalk_items(desk, admin)
        if i.record_type == sw.ORDER_RECORD_TYPE
    }
    assert "end Mon Dec 14, 2026" in titles[str(ending.id)]
    assert str(running.id) not in titles  # Dec 21: later
    assert "not yet served" in titles[str(unserved.id)]
    clock.set(datetime(2026, 12, 15, 9, 0))
    ended = next(
        i
        for i in _sidewalk_items(desk, admin)
        if (i.record_type, i.record_id) == (sw.ORDER_RECORD_TYPE, str(ending.id))
    )
    assert ended.urgency(date(2026, 12, 15)) == "overdue" and "City may repair" in ended.title


def test_today_warns_three_business_days_before_the_last_day_to_issue(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    """Today is Mon Nov 30: the third business day after it is Thu Dec 3. Work starting Thu
    Dec 10 must be issued by Thu Dec 3 (listed, "soon"); work starting Fri Dec 11, by Fri Dec 4
    (not yet); work starting Tue Dec 8, by Tue Dec 1 (listed)."""
    on_third = _apply(desk, admin, city, work_starts_on=days(10))
    day_after = _apply(desk, admin, city, work_starts_on=days(11))
    tomorrow = _apply(desk, admin, city, work_starts_on=days(8))
    items = {
        int(i.record_id): i for i in _sidewalk_items(desk, admin) if i.record_type == sw.RECORD_TYPE
    }
    assert set(items) == {on_third.id, tomorrow.id}
    third = items[on_third.id]
    assert (third.due, third.urgency(TODAY)) == (date(2026, 12, 3), "soon")
    assert third.title == (
        f"Sidewalk permit {on_third.number}: work starts Thu Dec 10, 2026, not issued"
    )
    assert third.detail == "Ruth Halvorsen, In front of 214 Orange St: issue it by Thu Dec 3, 2026"
    assert items[tomorrow.id].due == date(2026, 12, 1)
    assert day_after.id not in items


def test_today_lists_an_appeal_waiting_for_the_council(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    permit = _apply(desk, admin, city, work_starts_on=days(40))
    _do(desk, admin, sw.deny, permit.id, reasons="Too narrow")
    assert [i for i in _sidewalk_items(desk, admin) if i.record_id == str(permit.id)] == []
    _do(desk, admin, sw.file_appeal, permit.id, filed_on=TODAY)
    [item] = [i for i in _sidewalk_items(desk, admin) if i.record_id == str(permit.id)]
    assert item.title == (
        f"Sidewalk permit {permit.number}: appeal to the Common Council not decided"
    )
    assert "appeal of the denial filed Mon Nov 30, 2026" in item.detail
    assert (item.record_type, item.cite) == (sw.RECORD_TYPE, sw.PERMIT_CITE)


# -- what the papers show -------------------------------------------------------------------------


def test_the_permit_view_carries_the_cost_box_and_the_seven_days(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    _segment(
        desk, admin, city.orange, low_number=200, high_number=298, plan_reference="2019 plan, map 2"
    )
    permit = _apply(desk, admin, city)
    _do(desk, admin, sw.issue, permit.id, conditions="Forms approved before the pour.")
    with desk.database.reading() as session:
        view = views.permit_view(session, permit.id)
    assert (view.number, view.status, view.applicant_name) == (
        "SW-2026-001",
        "Issued",
        "Ruth Halvorsen",
    )
    assert view.applicant_address == ("214 Orange St", "Prescott, WI 54021")
    assert (view.street, view.address_number, view.parcel_owner) == (
        "Orange St",
        214,
        "Ruth Halvorsen",
    )
    assert (view.work, view.facility, view.area, view.width, view.length) == (
        "Reconstruction",
        "Sidewalk",
        "Residential",
        "4 ft 6 in",
        "40 ft",
    )
    assert view.cost.summary == "Paid 100% by the City of Prescott"
    assert (view.cost.cite, view.cost.payer_label) == (sw.RECONSTRUCTION_CITE, "City of Prescott")
    assert view.segment == "Orange St, both sides, 200-298: Sidewalk"
    assert view.plan_reference == "2019 plan, map 2"
    assert view.no_fee == "No fee is charged for sidewalk permits."
    assert "may not start before Mon Dec 7, 2026" in view.seven_day_rule
    assert (view.issued_on, view.conditions) == (TODAY, ("Forms approved before the pour.",))
    assert view.latest_issue_day == TODAY
    assert view.issued_by == "Alex Administrator"


def test_the_specifications_are_the_ordinances_own_words() -> None:
    sections = views.specification_sections()
    headings = [heading for heading, _ in sections]
    assert headings[0] == "General" and headings[-1] == "Whole block repair"
    assert "Width and thickness" in headings and "Minor repairs" in headings
    assert "Repair or replacement of defective or damaged sidewalks" not in headings
    article = load_chapter().section(None)
    assert article is not None
    flat = " ".join(article.text.split())
    for heading, text in sections:
        assert text and f"{heading}. {text}" in flat  # quoted exactly as the code reads
    width = dict(sections)["Width and thickness"]
    assert width.startswith("Residential walks shall be 4 1/2 feet in width")


def test_the_repair_notice_view(desk: Desk, clerk: SignedIn, city: City, council: int) -> None:
    order = _order(desk, clerk, city, meeting_id=council, estimated_cost=Money("900"))
    with desk.database.reading() as session:
        before = views.repair_notice_view(session, order.id)
    assert (before.owner_name, before.parcel_number, before.repair_days) == (
        "Ruth Halvorsen",
        "281-01050-0000",
        20,
    )
    assert before.ordered_by == "Common Council, meeting of Mon Nov 23, 2026"
    assert before.repair_due_explained == "Within 20 days after service of this notice."
    assert (before.cite, before.statute) == (sw.REPAIR_CITE, "Wis. Stat. § 66.0907")
    _do(desk, clerk, sw.record_service, order.id, served_on=TODAY, how="personal", by_name="R")
    with desk.database.reading() as session:
        after = views.repair_notice_view(session, order.id)
    assert (after.repair_due_on, after.city_may_repair_on) == (
        date(2026, 12, 21),
        date(2026, 12, 22),
    )
    assert "Sun Dec 20, 2026 is a Sunday" in after.repair_due_explained


def test_the_register_rows(desk: Desk, admin: SignedIn, city: City, council: int) -> None:
    _segment(desk, admin, city.orange, side="even")
    retired = _segment(desk, admin, city.broad)
    _do(desk, admin, sw.retire_segment, retired, reason="amended")
    permit = _apply(desk, admin, city)
    _do(desk, admin, sw.issue, permit.id)
    _apply(desk, admin, city, applicant_id=city.contractor)
    _apply(desk, admin, city, work=SidewalkWork.REPAIR, address_number=215)  # the odd side
    order = _order(
        desk, admin, city, meeting_id=council, whole_block=False, partial_approved_by=DIRECTOR
    )
    minor = _order(desk, admin, city, kind=RepairOrderKind.MINOR, estimated_cost=Money("365"))
    with desk.database.reading() as session:
        permits = views.permit_rows(session)
        orders = views.order_rows(session)
        segments = views.segment_rows(session)
    # A pending application shows who pays as the plan reads today, marked so where the plan
    # decides it; a repair is the owner's whatever the plan says.
    assert [(r.number, r.status, r.cost_payer, r.on_master_plan) for r in permits] == [
        ("SW-2026-003", "Applied", "Owner", "No"),
        ("SW-2026-002", "Applied", "City (plan today)", "Yes"),
        ("SW-2026-001", "Issued", "City", "Yes"),
    ]
    assert len(dataclasses.fields(views.PermitRow)) == len(views.PERMIT_COLUMNS)
    assert len(dataclasses.fields(views.OrderRow)) == len(views.ORDER_COLUMNS)
    assert len(dataclasses.fields(views.SegmentRow)) == len(views.SEGMENT_COLUMNS)
    minor_row, row = orders
    assert (row.number, row.owner, row.whole_block) == (
        order.number,
        "Ruth Halvorsen",
        f"Partial (approved by {DIRECTOR})",
    )
    # "Nothing in this section shall apply to minor repairs": no whole-block rule
    assert (minor_row.number, minor_row.whole_block) == (
        minor.number,
        "Does not apply (minor repair)",
    )
    assert [(s.street, s.side, s.active) for s in segments] == [
        ("Broad St N", "Both", "Retired"),
        ("Orange St", "Even", "Current"),
    ]


# -- the demo -------------------------------------------------------------------------------------


def test_the_demo_on_a_fresh_desk(desk: Desk, admin: SignedIn) -> None:
    counts = demo_sidewalks.generate(desk)
    assert counts == {
        "master_plan_segment": 5,
        "sidewalk_permit": 6,
        "sidewalk_repair_order": 4,
        "council_meeting": 3,  # none held before: one added for each Council order
    }
    with desk.lookup(admin) as action:
        session = action.session
        assert len(ledger.outstanding(session)) == demo_sidewalks.AMOUNTS_DUE
        permits = {p.location: p for p in sw.search_permits(session)}
        orders = {o.location: o for o in sw.search_orders(session)}
        assert len(sw.segments(session)) == 4
        assert len(sw.segments(session, include_retired=True)) == 5
        items = [i for i in today.gather(action) if i.workflow == "Sidewalks"]
        taken = session.scalars(
            select(AuditEvent.action).where(
                AuditEvent.record_type == sw.RECORD_TYPE,
                AuditEvent.action.in_(("sidewalk.apply", "sidewalk.city_contract")),
            )
        ).all()
    S = SidewalkPermitStatus
    assert {p.location: (p.status, p.cost_payer) for p in permits.values()} == {
        "In front of 113 Orange St": (S.COMPLETED, CostPayer.CITY),
        "In front of 132 Orange St": (S.CITY_CONTRACT, CostPayer.CITY),
        "In front of 124 Kinnickinnic St": (S.ISSUED, CostPayer.OWNER),
        "In front of 108 Dexter St": (S.ISSUED, CostPayer.CITY),  # a removal off the plan
        "In front of 121 Broad St N": (S.APPEALED, None),
        "In front of 137 Walter St": (S.APPLIED, None),
    }
    R = RepairOrderStatus
    assert sorted((o.kind, o.status) for o in orders.values()) == sorted(
        [
            (RepairOrderKind.COUNCIL_ORDER, R.SERVED),
            (RepairOrderKind.COUNCIL_ORDER, R.SERVED),
            (RepairOrderKind.COUNCIL_ORDER, R.CITY_REPAIRED),
            (RepairOrderKind.MINOR, R.CITY_REPAIRED),
        ]
    )
    days_left = orders["In front of 129 Lake St"]
    past_due = orders["In front of 116 Albert St"]
    assert days_left.repair_due_on is not None and days_left.repair_due_on > TODAY
    assert not days_left.whole_block
    assert past_due.repair_due_on is not None and past_due.repair_due_on < TODAY
    titles = [i.title for i in items]
    assert any("work starts Thu Dec 3, 2026, not issued" in t for t in titles)
    assert any("the City may repair" in t for t in titles)
    assert sorted(taken) == ["sidewalk.apply"] * 5 + ["sidewalk.city_contract"]


def test_the_meetings_the_forms_offer(
    desk: Desk, admin: SignedIn, clerk: SignedIn, city: City, clock: FixedClock
) -> None:
    early = _meeting(desk, clerk, at(date(2026, 11, 23), 18))
    cancelled = _meeting(desk, clerk, at(date(2026, 12, 1), 18))
    later = _meeting(desk, clerk, at(date(2026, 12, 14), 18))
    _do(desk, clerk, petitions.cancel_meeting, cancelled, reason="No quorum")
    denied = _denied(desk, admin, city)
    _do(desk, admin, sw.file_appeal, denied.id, filed_on=TODAY)
    with desk.database.reading() as session:
        assert [m.id for m in views.held_meetings(session, now=clock.now())] == [early]
        assert views.appeal_meetings(session, denied.id, now=clock.now(), zone=ZONE) == []
    clock.set(datetime(2026, 12, 15, 9, 0))
    with desk.database.reading() as session:
        assert [m.id for m in views.held_meetings(session, now=clock.now())] == [later, early]
        offered = views.appeal_meetings(session, denied.id, now=clock.now(), zone=ZONE)
        assert [m.id for m in offered] == [later]


# -- the second review: a test for each fix -------------------------------------------------------


def test_two_stations_recording_the_same_city_repair_charge_it_once(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, city: City, council: int, clock: FixedClock
) -> None:
    """Finding 1. Both stations open the order (served, the owner's 20 days over) and press
    Record: the first writes its charge and holds its transaction open; the second waits for
    the order's row, then finds it repaired and is refused. One $900.00 charge, not two."""
    if desk.database.is_sqlite:
        pytest.skip("SQLite writes one transaction at a time: the race needs PostgreSQL")
    order = _order(desk, clerk, city, meeting_id=council)
    _do(desk, clerk, sw.record_service, order.id, served_on=TODAY, how="personal", by_name="R")
    clock.set(datetime(2026, 12, 22, 10, 0))  # the owner's last day was Mon Dec 21
    both_read = threading.Barrier(2, timeout=20)
    a_written, a_may_commit = threading.Event(), threading.Event()
    outcomes: dict[str, BaseException | None] = {}

    def station(name: str) -> None:
        try:
            with desk.action(inspector) as action:
                assert sw.get_order(action.session, order.id).status == RepairOrderStatus.SERVED
                both_read.wait()  # both screens show the order open
                if name == "B":
                    assert a_written.wait(20)
                sw.record_city_repair(action, order.id, on=date(2026, 12, 22), cost=Money("900"))
                action.session.flush()
                if name == "A":
                    a_written.set()
                    assert a_may_commit.wait(20)
            outcomes[name] = None
        except BaseException as error:
            outcomes[name] = error
        finally:
            a_written.set()

    a = threading.Thread(target=station, args=("A",))
    b = threading.Thread(target=station, args=("B",))
    a.start()
    b.start()
    assert a_written.wait(20)
    b.join(0.5)
    assert b.is_alive(), "station B should wait for station A's transaction"
    a_may_commit.set()
    a.join(20)
    b.join(20)
    assert outcomes["A"] is None
    refused = outcomes["B"]
    assert isinstance(refused, Conflict)
    assert str(refused) == f"Repair order {order.number} is repaired by city (charged)."
    with desk.database.reading() as session:
        dues = ledger.dues_for(session, RecordRef(sw.ORDER_RECORD_TYPE, str(order.id)))
        assert [(d.amount, d.kind) for d in dues] == [(Money("900"), DueKind.SPECIAL_CHARGE)]


def test_every_write_reads_its_record_locked(
    desk: Desk, admin: SignedIn, city: City, council: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 1: every service that changes a permit, an order or a segment reads it with
    ``for_update`` (the row locked, read afresh)."""
    locked: list[str] = []
    real_permit, real_order, real_segment = sw.get_permit, sw.get_order, sw.get_segment

    def watch(kind: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def read(session: Any, record_id: int, *, for_update: bool = False) -> Any:
            if for_update:
                locked.append(kind)
            return real(session, record_id, for_update=for_update)

        return read

    # Each service reads its record through the reader of its own module.
    monkeypatch.setattr(permits, "get_permit", watch("permit", real_permit))
    monkeypatch.setattr(repair_orders, "get_order", watch("order", real_order))
    monkeypatch.setattr(master_plan, "get_segment", watch("segment", real_segment))
    segment = _segment(desk, admin, city.broad)
    _do(desk, admin, sw.update_segment, segment, SegmentData(city.broad, description="x"))
    _do(desk, admin, sw.retire_segment, segment, reason="amended")
    permit = _apply(desk, admin, city)
    _do(desk, admin, sw.correct_application, permit.id, _permit_data(city, notes="n"))
    _do(desk, admin, sw.issue, permit.id)
    _do(desk, admin, sw.complete, permit.id, on=TODAY)
    denied = _denied(desk, admin, city)
    _do(desk, admin, sw.file_appeal, denied.id, filed_on=TODAY)
    _do(desk, admin, sw.withdraw, denied.id, reason="moved away")
    order = _order(desk, admin, city, meeting_id=council)
    _do(desk, admin, sw.record_service, order.id, served_on=TODAY, how="personal", by_name="R")
    _do(desk, admin, sw.record_owner_repair, order.id, on=TODAY)
    other = _order(desk, admin, city, meeting_id=council)
    _do(desk, admin, sw.cancel_order, other.id, reason="rescinded")
    minor = _order(desk, admin, city, kind=RepairOrderKind.MINOR, estimated_cost=Money("90"))
    _do(desk, admin, sw.record_city_repair, minor.id, on=TODAY, cost=Money("90"))
    assert locked == [
        *("segment", "segment"),  # update, retire
        *("permit", "permit", "permit"),  # correct, issue, complete
        *("permit", "permit", "permit", "permit"),  # deny (refused, then done), appeal, withdraw
        *("order", "order", "order", "order"),  # serve, owner's repair, cancel, City's repair
    ], locked


def test_work_the_council_ordered_is_the_owners_even_on_the_plan(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, city: City, council: int
) -> None:
    """Finding 2. The Council ordered Ruth Halvorsen to remove and replace her walk, on a plan
    segment: her application for a Replacement is the owner's cost once it names the order,
    cited to the repair-order paragraph and the statute. Until it does, the review warns of the
    open order; a Repair on a plan segment warns that a reconstruction would be the City's."""
    _segment(desk, clerk, city.orange, low_number=200, high_number=298)
    order = _order(desk, clerk, city, meeting_id=council)
    plain = _apply(desk, clerk, city, work=SidewalkWork.REPLACE)
    findings = _review(desk, inspector, plain.id)
    assert next(f for f in findings if f.text.startswith("Paid 100%")).text.startswith(
        "Paid 100% by the City of Prescott."
    )
    [open_order] = [f for f in findings if order.number in f.text]
    assert (open_order.level, open_order.cite) == ("warn", sw.REPAIR_CITE)
    assert open_order.text == (
        f"Repair order {order.number} against this parcel (Council order (20 days), In front of "
        "214 Orange St) is open: if this work carries it out, name the order on the application "
        "— the owner pays for work the Council ordered, whatever the plan shows."
    )
    repair = _apply(desk, clerk, city, work=SidewalkWork.REPAIR)
    [planned] = [
        f
        for f in _review(desk, inspector, repair.id)
        if (f.cite, f.level) == (sw.COST_CITE, "warn")
    ]
    assert "would be the City's" in planned.text

    ordered = _apply(desk, clerk, city, work=SidewalkWork.REPLACE, repair_order_id=order.id)
    with desk.database.reading() as session:
        decision = sw.decide_cost(session, sw.get_permit(session, ordered.id))
    assert (decision.payer, decision.cite, decision.repair_order) == (
        CostPayer.OWNER,
        sw.REPAIR_CITE,
        order.number,
    )
    assert decision.summary == "Paid 100% by the adjacent property owner"
    assert f"carries out repair order {order.number}" in decision.reason
    assert not decision.follows_plan  # no "(plan today)": the plan does not decide it
    assert not [f for f in _review(desk, inspector, ordered.id) if "is open" in f.text]
    issued = builders.read_back(desk, inspector, SidewalkPermit, sw.issue, ordered.id)
    assert (issued.cost_payer, issued.master_plan_segment_id) == (CostPayer.OWNER, None)
    with desk.database.reading() as session:
        view = views.permit_view(session, ordered.id)
        [row] = [r for r in views.permit_rows(session) if r.number == ordered.number]
    assert (view.cost.summary, view.cost.cite, view.repair_order) == (
        "Paid 100% by the adjacent property owner",
        sw.REPAIR_CITE,
        order.number,
    )
    assert (row.cost_payer, row.repair_order) == ("Owner", order.number)
    with desk.database.reading() as session:
        assert [p.number for p in sw.search_permits(session, order.number)] == [ordered.number]


def test_a_permit_names_an_open_order_of_its_parcel_for_the_ordered_work(
    desk: Desk, admin: SignedIn, city: City, council: int
) -> None:
    order = _order(desk, admin, city, meeting_id=council)
    with desk.action(admin) as action:
        other = parties.add_parcel(action, parties.ParcelData("281-09999-0000", "400 Broad St N"))
        action.session.flush()
        other_parcel = other.id
    refused = _refused(
        desk,
        admin,
        sw.receive_application,
        _permit_data(city, parcel_id=other_parcel, repair_order_id=order.id),
    )
    assert refused.field == "repair_order_id" and "is for another parcel" in str(refused)
    refused = _refused(
        desk,
        admin,
        sw.receive_application,
        _permit_data(city, work=SidewalkWork.CONSTRUCT, repair_order_id=order.id),
    )
    assert str(refused).startswith(f"Repair order {order.number} is carried out by repairing")
    # without a parcel, the order names it
    named = _apply(desk, admin, city, parcel_id=None, repair_order_id=order.id)
    assert named.parcel_id == city.parcel
    _do(desk, admin, sw.cancel_order, order.id, reason="rescinded")
    closed = _refused(
        desk,
        admin,
        sw.receive_application,
        _permit_data(city, repair_order_id=order.id),
        error=Conflict,
    )
    assert str(closed) == (
        f"Repair order {order.number} is cancelled: a permit names an order still to be "
        "carried out."
    )
    [warned] = [
        f for f in _review(desk, admin, named.id) if f.cite == sw.REPAIR_CITE and f.level == "warn"
    ]
    assert warned.text.startswith(f"Repair order {order.number} is cancelled: check")
    with desk.database.reading() as session:
        assert sw.open_orders_for(session, city.parcel) == []


def test_the_emergency_refusal_does_not_speak_of_twenty_days(
    desk: Desk, inspector: SignedIn, city: City
) -> None:
    """Finding 3: an emergency not yet served is refused with the emergency's rule."""
    order = _order(desk, inspector, city, kind=RepairOrderKind.EMERGENCY)
    refused = _refused(
        desk, inspector, sw.record_city_repair, order.id, on=TODAY, cost=Money("300")
    )
    assert str(refused) == (
        f"The direction of {order.number} is not served: the owner is to repair immediately "
        "once it is, and the City may repair from the day of service. (Sidewalk article "
        "(Repair or replacement of defective or damaged sidewalks); Wis. Stat. § 66.0907)"
    )
    assert "20 days" not in str(refused)
    with desk.database.reading() as session:
        texts = [f.text for f in sw.order_findings(sw.get_order(session, order.id), today=TODAY)]
    assert texts == [
        "The direction is not served yet: once it is, the owner is to repair immediately, and "
        "the City may repair from the day of service."
    ]


def test_a_minor_repair_has_no_whole_block_rule(
    desk: Desk, inspector: SignedIn, city: City
) -> None:
    """Finding 4: "Nothing in this section shall apply to minor repairs". A minor repair needs
    no approval of a partial replacement, names none, and prints "does not apply"."""
    minor = _order(
        desk, inspector, city, kind=RepairOrderKind.MINOR, estimated_cost=Money("365"),
        whole_block=False,
    )  # fmt: skip
    assert (minor.whole_block, minor.partial_approved_by) == (True, "")
    refused = _refused(
        desk, inspector, sw.order_repair, _order_data(
            city, kind=RepairOrderKind.MINOR, estimated_cost=Money("365"), whole_block=False,
            partial_approved_by=DIRECTOR,
        )
    )  # fmt: skip
    assert (refused.field, refused.cite) == ("partial_approved_by", sw.MINOR_REPAIR_CITE)
    with desk.database.reading() as session:
        findings = sw.order_findings(sw.get_order(session, minor.id), today=TODAY)
        notice = views.repair_notice_view(session, minor.id)
        [row] = views.order_rows(session)
    assert sw.WHOLE_BLOCK_CITE not in [f.cite for f in findings]
    assert notice.whole_block_applies is False
    assert row.whole_block == "Does not apply (minor repair)"
    # a Council order still needs the Director's approval of a partial replacement
    council_kind = _refused(
        desk, inspector, sw.order_repair, _order_data(
            city, kind=RepairOrderKind.EMERGENCY, whole_block=False
        )
    )  # fmt: skip
    assert council_kind.field == "partial_approved_by"


def test_the_director_approves_a_partial_replacement_when_issuing(
    desk: Desk, inspector: SignedIn, city: City
) -> None:
    """Finding 5: the whole-block rule covers a repair and a replacement, in the review and on
    the permit alike; the Director's approval of a partial replacement is recorded on issue."""
    assert sw.WHOLE_BLOCK_WORK == (SidewalkWork.REPAIR, SidewalkWork.REPLACE)
    for work in (SidewalkWork.REPAIR, SidewalkWork.REPLACE, SidewalkWork.RECONSTRUCT):
        permit = _apply(desk, inspector, city, work=work)
        block = [f for f in _review(desk, inspector, permit.id) if f.cite == sw.WHOLE_BLOCK_CITE]
        assert len(block) == (1 if work in sw.WHOLE_BLOCK_WORK else 0), work
    rebuilt = permit  # the reconstruction
    refused = _refused(desk, inspector, sw.issue, rebuilt.id, partial_replacement=True)
    assert (refused.field, refused.cite) == ("partial_replacement", sw.WHOLE_BLOCK_CITE)
    replaced = _apply(desk, inspector, city, work=SidewalkWork.REPLACE)
    issued = builders.read_back(
        desk, inspector, SidewalkPermit, sw.issue, replaced.id, partial_replacement=True
    )
    assert issued.partial_replacement_approved is True
    with desk.database.reading() as session:
        view = views.permit_view(session, replaced.id)
        events = [e.summary for e in sw.history(session, replaced.id)]
    assert (view.whole_block_applies, view.partial_replacement_approved) == (True, True)
    assert events[-1].endswith("; partial replacement approved")


def test_only_a_construction_in_a_new_subdivision_is_the_land_dividers(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    """Finding 6, in the review: a reconstruction in a new subdivision is read from the plan
    (so it needs the street number) and warned about; a construction there is the divider's."""
    built = _apply(
        desk, admin, city, work=SidewalkWork.CONSTRUCT, new_subdivision=True,
        street_id=None, address_number=None,
    )  # fmt: skip
    assert _blocks(_review(desk, admin, built.id)) == []
    rebuilt = _apply(
        desk, admin, city, work=SidewalkWork.RECONSTRUCT, new_subdivision=True,
        street_id=None, address_number=None,
    )  # fmt: skip
    found = _review(desk, admin, rebuilt.id)
    assert _blocks(found) == [
        "Give the street and the street number the sidewalk is in front of: who pays depends "
        "on whether the current Sidewalk Master Plan shows it there."
    ]
    assert [f.level for f in found if f.cite == sw.NEW_SUBDIVISION_CITE] == ["warn"]


@pytest.mark.parametrize(
    ("work", "warned"),
    [
        (SidewalkWork.CONSTRUCT, True),
        (SidewalkWork.RECONSTRUCT, False),
        (SidewalkWork.REPLACE, False),
        (SidewalkWork.REPAIR, False),
    ],
)
def test_only_a_new_walk_wider_than_the_standard_is_warned(
    desk: Desk, admin: SignedIn, city: City, work: SidewalkWork, warned: bool
) -> None:
    """Finding 7: a repair or replacement may keep the existing width ("not less than the
    existing"); only a new walk wider than 4 1/2 feet departs from the specifications."""
    permit = _apply(desk, admin, city, work=work, width_in=55)  # one inch wider
    wide = [f for f in _review(desk, admin, permit.id) if "this one is 4 ft 7 in" in f.text]
    assert [f.level for f in wide] == (["warn"] if warned else [])
    at_standard = _apply(desk, admin, city, work=work, width_in=54)
    assert not [f for f in _review(desk, admin, at_standard.id) if "4 ft 6 in wide;" in f.text]


def test_a_completion_before_the_seventh_day_is_recorded_with_a_warning(
    desk: Desk, inspector: SignedIn, city: City, clock: FixedClock
) -> None:
    permit = _apply(desk, inspector, city)
    _do(desk, inspector, sw.issue, permit.id)  # Mon Nov 30: work may start Mon Dec 7
    clock.set(datetime(2026, 12, 8, 9, 0))
    with desk.database.reading() as session:
        issued = sw.get_permit(session, permit.id)
        early = sw.completion_findings(issued, date(2026, 12, 6), CALENDAR)
        on_time = sw.completion_findings(issued, date(2026, 12, 7), CALENDAR)
    assert on_time == []
    assert [(f.level, f.cite) for f in early] == [("warn", sw.PERMIT_CITE)]
    assert early[0].text == (
        "Completed Sun Dec 6, 2026, before Mon Dec 7, 2026: the work began fewer than seven "
        "days after the permit (Mon Nov 30, 2026). It is recorded as done; the Director of "
        "Public Works may follow it up."
    )
    done = builders.read_back(
        desk, inspector, SidewalkPermit, sw.complete, permit.id, on=date(2026, 12, 6)
    )
    assert (done.status, done.completed_on) == (SidewalkPermitStatus.COMPLETED, date(2026, 12, 6))
    with desk.database.reading() as session:
        [*_, last] = sw.history(session, permit.id)
    assert (
        last.summary == f"Sidewalk work {permit.number} completed Sun Dec 6, 2026. {early[0].text}"
    )


def test_city_contract_records_have_their_own_numbers_and_keep_their_payer(
    desk: Desk, clerk: SignedIn, city: City
) -> None:
    """Nit and finding 12: City contract work is numbered SWC-…, apart from the permits; a
    correction of its contractor keeps the payer it was recorded with, a correction of the
    number reads the plan again."""
    segment = _segment(desk, clerk, city.orange, low_number=200, high_number=298)
    contract = builders.read_back(
        desk, clerk, SidewalkPermit, sw.record_city_contract, _permit_data(city)
    )
    permit = _apply(desk, clerk, city)
    assert (contract.number, permit.number) == ("SWC-2026-001", "SW-2026-001")
    assert contract.cost_payer == CostPayer.CITY
    _do(desk, clerk, sw.retire_segment, segment, reason="amended")
    kept = builders.read_back(
        desk, clerk, SidewalkPermit, sw.correct_application, contract.id,
        _permit_data(city, contractor_name="Ellsworth Paving Inc."),
    )  # fmt: skip
    assert (kept.cost_payer, kept.master_plan_segment_id) == (CostPayer.CITY, segment)
    moved = builders.read_back(
        desk,
        clerk,
        SidewalkPermit,
        sw.correct_application,
        contract.id,
        _permit_data(city, address_number=216),
    )
    assert (moved.cost_payer, moved.master_plan_segment_id) == (CostPayer.OWNER, None)


def test_service_by_publication_asks_for_the_mailed_copy(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    """Nit: served by publication while the owner's address is known, a copy is mailed first
    class to it (Wis. Stat. § 66.0907(3)(c)); recorded, or reminded of."""
    order = _order(desk, clerk, city, meeting_id=council)
    with desk.database.reading() as session:
        mailing = sw.publication_mailing(sw.get_order(session, order.id))
    assert mailing == (
        "The owner's address is known (214 Orange St, Prescott, WI 54021): with service by "
        "publication, a copy of the notice is also mailed to it by first-class mail."
    )
    served = builders.read_back(
        desk, clerk, SidewalkRepairOrder, sw.record_service, order.id, served_on=TODAY,
        how="publication", by_name="Carla Jensen", mailed_copy=True,
    )  # fmt: skip
    assert served.served_how == "publication and first-class mail"
    other = _order(desk, clerk, city, meeting_id=council)
    _do(
        desk, clerk, sw.record_service, other.id, served_on=TODAY, how="publication",
        by_name="Carla Jensen",
    )  # fmt: skip
    with desk.database.reading() as session:
        reminded = sw.order_findings(sw.get_order(session, other.id), today=TODAY)
        quiet = sw.order_findings(sw.get_order(session, order.id), today=TODAY)
    assert [f.text for f in reminded if f.cite == sw.NOTICE_CITE] == [
        f"{mailing} No mailing is recorded."
    ]
    assert [f for f in quiet if f.cite == sw.NOTICE_CITE] == []


def test_the_order_form_offers_the_kinds_the_operator_may_order(
    operator_with: Callable[[Role], SignedIn],
) -> None:
    K = RepairOrderKind
    clerk, inspector = operator_with(Role.CLERK), operator_with(Role.INSPECTOR)
    assert sw.order_kinds_for(clerk.may) == [K.COUNCIL_ORDER]
    assert sw.order_kinds_for(inspector.may) == [K.COUNCIL_ORDER, K.EMERGENCY, K.MINOR]
    assert sw.order_permission(K.MINOR) is Permission.APPROVE_WORK_PERMITS


def test_the_register_reads_who_pays_with_a_fixed_number_of_queries(
    desk: Desk, admin: SignedIn, city: City, council: int
) -> None:
    """Finding 13: the register's cost decisions read the plan once, not once a permit."""
    _segment(desk, admin, city.orange, low_number=200, high_number=298)
    order = _order(desk, admin, city, meeting_id=council)

    def statements(count: int) -> int:
        for n in range(count):
            _apply(desk, admin, city, address_number=200 + n)
        _apply(desk, admin, city, repair_order_id=order.id)
        with desk.database.reading() as session:
            found = sw.search_permits(session)
            seen: list[str] = []
            listen = event_listen(session, seen)
            decided = sw.costs_for(session, found)
            views.permit_rows(session, found)
            listen()
            for permit in found:  # the same answers as one at a time
                assert decided[permit.id] == sw.decide_cost(session, permit)
        return len(seen)

    few = statements(2)
    many = statements(8)
    assert few == many <= 4


def event_listen(session: Any, seen: list[str]) -> Callable[[], None]:
    """Count the statements the session's connection runs until the returned call."""
    from sqlalchemy import event

    connection = session.connection()

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(statement)

    event.listen(connection, "before_cursor_execute", before)
    return lambda: event.remove(connection, "before_cursor_execute", before)


def test_the_seven_days_are_counted_back_and_forward_alike() -> None:
    """The production assert is gone: the earliest start is the inverse of the last day to
    issue on any calendar, holidays and closings included."""
    calendar = CityCalendar()
    for offset in range(0, 60):
        issue_day = date(2026, 11, 20) + timedelta(days=offset)
        start = sw.earliest_start(issue_day, calendar)
        assert sw.latest_issue_day(start, calendar) == issue_day
        assert start == issue_day + timedelta(days=7)
