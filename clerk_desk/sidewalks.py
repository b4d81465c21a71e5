"""Sidewalks (the sidewalk article before § 506-6; Wis. Stat. § 66.0907): permits, the Sidewalk
Master Plan that decides who pays, and orders to repair defective sidewalks.

The article (it has no section number: it is cited "Sidewalk article (heading)") says:

* no one lays, removes, replaces or repairs a public sidewalk without a permit from the Director
  of Public Works obtained at least seven days before the work, unless under contract with the
  City; the permit is free; a denial may be appealed to the Common Council (Sidewalk permit
  required);
* who pays follows the current Sidewalk Master Plan (Cost of sidewalks): sidewalks and bicycle
  lanes in new subdivisions are the land divider's (Chapter 510); a construction or
  reconstruction is 100% the City's when the plan shows it and 100% the adjacent owner's when it
  does not; a sidewalk removed without replacement that the plan does not show is removed at
  the City's cost, the owner restoring the area;
* the standard specifications: a residential walk is 4 1/2 feet wide (a repair or replacement
  may keep an existing width not less than it); minor repairs up to $500 are made at the
  Director's direction without notice and charged to the owner as major repairs are; a repair
  is of the whole block unless the Director approves a partial replacement;
* the Council may order an owner to repair or replace an unsafe, defective or insufficient
  sidewalk (Wis. Stat. § 66.0907): if the owner has not done so within 20 days after service of
  the notice, the City does the work and the Treasurer enters its cost on the tax roll as a
  special tax against the parcel; in an emergency the owner is told to repair immediately.

Every rule is checked here and cited; the screens and papers only show what this module says.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date, datetime, tzinfo

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import ledger
from clerk_desk import special_charges as sc
from clerk_desk.clock import city_zone
from clerk_desk.deadlines import CityCalendar, default_calendar, format_day
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.findings import Finding, blocking
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_length
from clerk_desk.models import (
    AmountDue,
    AuditEvent,
    ChargeKind,
    CostPayer,
    CouncilMeeting,
    MasterPlanSegment,
    Parcel,
    RepairOrderKind,
    RepairOrderStatus,
    SidewalkPermit,
    SidewalkPermitStatus,
    SidewalkRepairOrder,
    SidewalkWork,
    SpecialCharge,
    Street,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import fold, get_party
from clerk_desk.permissions import Permission
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits

__all__ = [
    "COMMERCIAL_DRIVEWAY_THICKNESS_IN",
    "COMMERCIAL_THICKNESS_IN",
    "CONSTRUCTION_CITE",
    "COST_CITE",
    "COUNCIL",
    "FACILITIES",
    "FACILITY_LABELS",
    "MINOR_REPAIR_CITE",
    "MINOR_REPAIR_LIMIT",
    "NEW_SUBDIVISION_CITE",
    "ORDER_RECORD_TYPE",
    "PERMIT_CITE",
    "PERMIT_LEAD_DAYS",
    "RECONSTRUCTION_CITE",
    "RECORD_TYPE",
    "REGULATED_CITE",
    "REMOVAL_CITE",
    "REPAIR_CITE",
    "REPAIR_DAYS",
    "REPAIR_ORDER_CITE",
    "RESIDENTIAL_DRIVEWAY_THICKNESS_IN",
    "RESIDENTIAL_THICKNESS_IN",
    "RESIDENTIAL_WIDTH_IN",
    "SEGMENT_RECORD_TYPE",
    "SERVICE_METHODS",
    "SIDES",
    "SPECIFICATIONS_CITE",
    "STANDARDS_CITE",
    "STATUTE",
    "WHOLE_BLOCK_CITE",
    "WIDTH_CITE",
    "CostDecision",
    "PermitData",
    "RepairOrderData",
    "SegmentData",
    "add_segment",
    "appeal_meeting_refusal",
    "cancel_order",
    "city_may_repair_on",
    "complete",
    "correct_application",
    "cost_responsibility",
    "decide_cost",
    "deny",
    "earliest_start",
    "facility_label",
    "file_appeal",
    "get_order",
    "get_permit",
    "get_segment",
    "history",
    "issue",
    "latest_issue_day",
    "order_findings",
    "order_history",
    "order_repair",
    "order_years",
    "permit_findings",
    "permit_years",
    "range_text",
    "receive_application",
    "record_appeal_decision",
    "record_city_contract",
    "record_city_repair",
    "record_owner_repair",
    "record_service",
    "repair_due",
    "retire_segment",
    "review",
    "search_orders",
    "search_permits",
    "segment_for",
    "segment_label",
    "segments",
    "side_of",
    "update_segment",
    "withdraw",
]

# -- citations ---------------------------------------------------------------------------------
# The article has no section number and its paragraphs no letters: each is cited by its own
# heading, as clerk_desk.ordinance resolves it (tests/test_ordinance.py checks every one).

REGULATED_CITE = "Sidewalk article (Construction and repair regulated)"
STANDARDS_CITE = "Sidewalk article (Standards)"
COST_CITE = "Sidewalk article (Cost of sidewalks)"
NEW_SUBDIVISION_CITE = "Sidewalk article (New sidewalks and/or bicycle lanes)"
RECONSTRUCTION_CITE = "Sidewalk article (Sidewalk reconstruction)"
CONSTRUCTION_CITE = "Sidewalk article (Sidewalk and/or bicycle lane construction)"
REMOVAL_CITE = "Sidewalk article (Sidewalk removal)"
PERMIT_CITE = "Sidewalk article (Sidewalk permit required)"
SPECIFICATIONS_CITE = "Sidewalk article (Standard specifications for sidewalk)"
WIDTH_CITE = "Sidewalk article (Width and thickness)"
MINOR_REPAIR_CITE = "Sidewalk article (Minor repairs)"
WHOLE_BLOCK_CITE = "Sidewalk article (Whole block repair)"
REPAIR_ORDER_CITE = "Sidewalk article (Repair or replacement of defective or damaged sidewalks)"
STATUTE = "Wis. Stat. § 66.0907"
REPAIR_CITE = f"{REPAIR_ORDER_CITE}; {STATUTE}"
"""Repair orders cite the article's paragraph and the statute it acts under."""

# -- record types, numbers, the ordinance's figures --------------------------------------------

RECORD_TYPE = "sidewalk_permit"
ORDER_RECORD_TYPE = "sidewalk_repair_order"
SEGMENT_RECORD_TYPE = "master_plan_segment"
PERMIT_SERIES = "sidewalk_permit"
ORDER_SERIES = "sidewalk_repair_order"

PERMIT_LEAD_DAYS = 7  # the permit obtained at least seven days before the work
REPAIR_DAYS = 20  # the owner's days after service of the notice (Wis. Stat. § 66.0907)
MINOR_REPAIR_LIMIT = Money("500")  # "minor repairs, the cost of which does not exceed $500"
RESIDENTIAL_WIDTH_IN = 54  # residential walks 4 1/2 feet wide
RESIDENTIAL_THICKNESS_IN = 4  # not less than four inches thick
RESIDENTIAL_DRIVEWAY_THICKNESS_IN = 6  # within driveway approaches
COMMERCIAL_THICKNESS_IN = 5  # commercial or industrial: width set by the Council
COMMERCIAL_DRIVEWAY_THICKNESS_IN = 7
COUNCIL = "Common Council"
SEARCH_LIMIT = 500
TODAY_WINDOW_DAYS = 7  # the Today tab looks a week ahead

SIDES = ("both", "odd", "even")
FACILITIES = ("sidewalk", "bike_lane", "both")
FACILITY_LABELS = {
    "sidewalk": "Sidewalk",
    "bike_lane": "Bicycle lane",
    "both": "Sidewalk and bicycle lane",
}
SERVICE_METHODS = ("personal", "certified mail", "registered mail", "publication")
"""The ways the Clerk records the notice to repair as served; which is proper for an owner is
the statute's question (Wis. Stat. § 66.0907(3)(c)), answered by the City Attorney, not here."""


def facility_label(facility: str) -> str:
    """ "Sidewalk", "Bicycle lane" or "Sidewalk and bicycle lane"."""
    return FACILITY_LABELS.get(facility, facility)


def side_of(number: int) -> str:
    """ "odd" or "even": the side of the street a number is on, by its parity."""
    return "odd" if number % 2 else "even"


# == the Sidewalk Master Plan ==================================================================


@dataclass(frozen=True, slots=True)
class SegmentData:
    """A stretch of the current Sidewalk Master Plan, as the master-plan form holds it.

    ``side`` is "odd", "even" or "both"; a range bound left None is open (from the street's
    start, to its end); both bounds are included. ``facility`` is "sidewalk", "bike_lane" or
    "both" (the plan may show a sidewalk, a bicycle lane, or both).
    """

    street_id: int
    side: str = "both"
    low_number: int | None = None
    high_number: int | None = None
    facility: str = "sidewalk"
    description: str = ""
    plan_reference: str = ""


_MAX_NUMBER = 99_999


def _clean_segment(session: Session, data: SegmentData) -> SegmentData:
    """The segment as checked and stored: side and facility in their stored spelling."""
    if session.get(Street, data.street_id) is None:
        raise NotFound(f"There is no street number {data.street_id}.")
    side = data.side.strip().lower()
    if side not in SIDES:
        raise InvalidInput("The side is odd, even or both.", field="side")
    facility = data.facility.strip().lower()
    if facility not in FACILITIES:
        raise InvalidInput("The plan shows a sidewalk, a bicycle lane, or both.", field="facility")
    for name, bound in (("low_number", data.low_number), ("high_number", data.high_number)):
        if bound is not None and not 0 < bound <= _MAX_NUMBER:
            raise InvalidInput(
                f"Street numbers are whole numbers from 1 to {_MAX_NUMBER:,}; leave the bound "
                "empty for an open end.",
                field=name,
            )
    if (
        data.low_number is not None
        and data.high_number is not None
        and data.high_number < data.low_number
    ):
        raise InvalidInput(
            "The range ends before it starts: the high number is below the low number.",
            field="high_number",
        )
    return SegmentData(
        street_id=data.street_id,
        side=side,
        low_number=data.low_number,
        high_number=data.high_number,
        facility=facility,
        description=fits(
            MasterPlanSegment.description, " ".join(data.description.split()), "The description"
        ),
        plan_reference=fits(
            MasterPlanSegment.plan_reference,
            " ".join(data.plan_reference.split()),
            "The plan reference",
        ),
    )


def _sides_meet(a: str, b: str) -> bool:
    return a == b or "both" in (a, b)


def _facilities_meet(a: str, b: str) -> bool:
    return a == b or "both" in (a, b)


def _ranges_meet(
    low_a: int | None, high_a: int | None, low_b: int | None, high_b: int | None
) -> bool:
    lo_a, hi_a = low_a or 0, _MAX_NUMBER + 1 if high_a is None else high_a
    lo_b, hi_b = low_b or 0, _MAX_NUMBER + 1 if high_b is None else high_b
    return lo_a <= hi_b and lo_b <= hi_a


def _refuse_overlap(session: Session, data: SegmentData, own_id: int | None) -> None:
    """Two current segments may not both show the same facility in front of the same number:
    the plan would say the same thing twice, and a change to one would not change it."""
    for other in segments(session, street_id=data.street_id):
        if other.id == own_id:
            continue
        if (
            _sides_meet(data.side, other.side)
            and _facilities_meet(data.facility, other.facility)
            and _ranges_meet(data.low_number, data.high_number, other.low_number, other.high_number)
        ):
            raise Conflict(
                f"That stretch overlaps the plan's segment {segment_label(other)}: change or "
                "retire that segment instead."
            )


def add_segment(action: Action, data: SegmentData) -> MasterPlanSegment:
    """Add a segment to the plan (KEEP_MASTER_PLAN). Permits not yet issued follow it."""
    action.require(Permission.KEEP_MASTER_PLAN)
    values = _clean_segment(action.session, data)
    _refuse_overlap(action.session, values, None)
    segment = MasterPlanSegment(**asdict(values), active=True, created_at=action.now())
    action.session.add(segment)
    action.session.flush()
    action.session.refresh(segment, ["street"])
    action.audit(
        "master_plan.add",
        segment,
        f"Sidewalk Master Plan: {segment_label(segment)} added",
        after=snapshot(segment),
    )
    return segment


def _issued_under(session: Session, segment_id: int) -> int:
    """How many permits (or City contract records) fixed their cost under the segment."""
    return len(
        session.scalars(
            select(SidewalkPermit.id).where(SidewalkPermit.master_plan_segment_id == segment_id)
        ).all()
    )


def update_segment(action: Action, segment_id: int, data: SegmentData) -> MasterPlanSegment:
    """Change a segment. Its street, side, range and facility cannot change once a permit was
    issued under it (the permit must keep reading true): retire it and add a new one."""
    action.require(Permission.KEEP_MASTER_PLAN)
    session = action.session
    segment = get_segment(session, segment_id)
    if not segment.active:
        raise Conflict("That segment is retired: add a new segment to the plan instead.")
    values = _clean_segment(session, data)
    shape = ("street_id", "side", "low_number", "high_number", "facility")
    reshaped = [key for key in shape if getattr(segment, key) != getattr(values, key)]
    if reshaped and _issued_under(session, segment.id):
        raise Conflict(
            f"Permits were issued under {segment_label(segment)}: its street, side, range and "
            "facility stay as they were so those permits read true. Retire it and add the new "
            "segment."
        )
    _refuse_overlap(session, values, segment.id)
    before = snapshot(segment)
    for key, value in asdict(values).items():
        setattr(segment, key, value)
    session.flush()
    session.refresh(segment, ["street"])
    action.audit(
        "master_plan.update",
        segment,
        f"Sidewalk Master Plan: {segment_label(segment)} changed",
        before=before,
        after=snapshot(segment),
    )
    return segment


def retire_segment(action: Action, segment_id: int, *, reason: str) -> MasterPlanSegment:
    """Take a segment off the current plan; it is kept for the permits issued under it."""
    action.require(Permission.KEEP_MASTER_PLAN)
    segment = get_segment(action.session, segment_id)
    if not segment.active:
        raise Conflict("That segment is already retired.")
    why = " ".join(reason.split())
    if not why:
        raise InvalidInput(
            "Say why the segment leaves the plan (e.g. the Council's amendment).", field="reason"
        )
    before = snapshot(segment)
    segment.active = False
    action.audit(
        "master_plan.retire",
        segment,
        f"Sidewalk Master Plan: {segment_label(segment)} retired: {why}",
        before=before,
        after=snapshot(segment),
    )
    return segment


def get_segment(session: Session, segment_id: int) -> MasterPlanSegment:
    segment = session.get(MasterPlanSegment, segment_id)
    if segment is None:
        raise NotFound(f"There is no master plan segment number {segment_id}.")
    return segment


def segments(
    session: Session, *, include_retired: bool = False, street_id: int | None = None
) -> list[MasterPlanSegment]:
    """The plan's segments by street and range (retired ones only when asked)."""
    query = (
        select(MasterPlanSegment)
        .join(Street, MasterPlanSegment.street_id == Street.id)
        .options(selectinload(MasterPlanSegment.street))
    )
    if not include_retired:
        query = query.where(MasterPlanSegment.active.is_(True))
    if street_id is not None:
        query = query.where(MasterPlanSegment.street_id == street_id)
    query = query.order_by(
        Street.name_key,
        MasterPlanSegment.low_number.is_not(None),  # an open start first
        MasterPlanSegment.low_number,
        MasterPlanSegment.side,
        MasterPlanSegment.id,
    )
    return list(session.scalars(query))


def segment_for(
    session: Session, *, street_id: int, number: int, bike_lane: bool
) -> MasterPlanSegment | None:
    """The active segment of the plan that shows the sidewalk (or, with ``bike_lane``, the
    bicycle lane) in front of ``number`` on the street, or None when the plan does not show it.

    The side is the number's parity; a segment on "both" sides covers either; a bound left None
    is open; both bounds are included (a segment 100-198 covers 100 and 198)."""
    wanted = ("bike_lane", "both") if bike_lane else ("sidewalk", "both")
    return session.scalars(
        select(MasterPlanSegment)
        .where(
            MasterPlanSegment.active.is_(True),
            MasterPlanSegment.street_id == street_id,
            MasterPlanSegment.side.in_((side_of(number), "both")),
            MasterPlanSegment.facility.in_(wanted),
            or_(MasterPlanSegment.low_number.is_(None), MasterPlanSegment.low_number <= number),
            or_(MasterPlanSegment.high_number.is_(None), MasterPlanSegment.high_number >= number),
        )
        .order_by(MasterPlanSegment.id)
        .limit(1)
    ).first()


def range_text(low: int | None, high: int | None) -> str:
    """ "101-299", "from 400", "up to 198", or "whole length"."""
    if low is None and high is None:
        return "whole length"
    if low is None:
        return f"up to {high}"
    if high is None:
        return f"from {low}"
    return f"{low}-{high}"


def segment_label(segment: MasterPlanSegment) -> str:
    """ "Broad St N, odd side, 101-299: Sidewalk" — how a segment is named on screen and paper."""
    side = "both sides" if segment.side == "both" else f"{segment.side} side"
    street = segment.street.full_name if segment.street is not None else "?"
    return (
        f"{street}, {side}, {range_text(segment.low_number, segment.high_number)}: "
        f"{facility_label(segment.facility)}"
    )


# == who pays ===================================================================================


def _payer_phrase(payer: CostPayer) -> str:
    return {
        CostPayer.CITY: "the City of Prescott",
        CostPayer.OWNER: "the adjacent property owner",
        CostPayer.LAND_DIVIDER: "the land divider",
    }[CostPayer(payer)]


@dataclass(frozen=True, slots=True)
class CostDecision:
    """Who pays for the work under the article's Cost of sidewalks, and why.

    ``payer`` pays the work; ``restoration_payer`` (a removal only) restores the area after it;
    ``segment_id`` is the master-plan segment that showed the sidewalk, if one did.
    ``findings`` are what the official should read with it (the reading of a silent case)."""

    payer: CostPayer
    restoration_payer: CostPayer | None
    cite: str
    reason: str
    segment_id: int | None
    findings: tuple[Finding, ...] = field(default=())

    @property
    def summary(self) -> str:
        """ "Paid 100% by the City of Prescott" — the line the permit prints."""
        return f"Paid 100% by {_payer_phrase(self.payer)}"

    @property
    def restoration(self) -> str:
        """ "Restoration of the area by the adjacent property owner", or ""."""
        if self.restoration_payer is None:
            return ""
        return f"Restoration of the area by {_payer_phrase(self.restoration_payer)}"


_BUILT = (SidewalkWork.CONSTRUCT, SidewalkWork.RECONSTRUCT, SidewalkWork.REPLACE)


def cost_responsibility(
    work: SidewalkWork,
    *,
    on_master_plan: bool,
    new_subdivision: bool,
    segment_id: int | None = None,
) -> CostDecision:
    """Who pays, as the article's Cost of sidewalks reads.

    * Built in a new subdivision or development (construction, reconstruction, replacement):
      the land divider, under Chapter 510 (New sidewalks and/or bicycle lanes).
    * Construction: 100% the City's if the current Sidewalk Master Plan shows the sidewalk or
      bicycle lane, 100% the adjacent owner's if not (Sidewalk and/or bicycle lane
      construction).
    * Reconstruction, and replacement, read as a reconstruction of an existing sidewalk: the
      same split (Sidewalk reconstruction).
    * Removal without replacement of a sidewalk the plan does not show: the City pays the
      removal, the adjacent owner restores the area (Sidewalk removal). Of a sidewalk the plan
      DOES show, the ordinance is silent; the program reads it as the owner's cost (the City
      pays only to remove what its plan does not keep) and warns that the Council should be
      asked, since taking out a planned sidewalk goes against the plan.
    * Repair: the owner's. The Cost of sidewalks paragraph does not name repairs; the article
      charges them to the abutting owner everywhere it does (Minor repairs: "charged to the
      abutting property owner in the same manner as ... for major repairs"; Repair or
      replacement of defective or damaged sidewalks: the cost is a special tax on the parcel),
      so the program reads every repair as the owner's, on the plan or not.
    """
    work = SidewalkWork(work)
    segment = segment_id if on_master_plan else None
    shown = "is shown" if on_master_plan else "is not shown"
    if new_subdivision and work in _BUILT:
        return CostDecision(
            CostPayer.LAND_DIVIDER,
            None,
            NEW_SUBDIVISION_CITE,
            "Sidewalks and bicycle lanes required in new subdivisions and developments are "
            "paid for by the land divider, under Chapter 510 of the Code.",
            segment,
        )
    if work is SidewalkWork.CONSTRUCT:
        payer = CostPayer.CITY if on_master_plan else CostPayer.OWNER
        return CostDecision(
            payer,
            None,
            CONSTRUCTION_CITE,
            f"A sidewalk or bicycle lane constructed is paid for 100% by "
            f"{_payer_phrase(payer)}: it {shown} on the current Sidewalk Master Plan.",
            segment,
        )
    if work in (SidewalkWork.RECONSTRUCT, SidewalkWork.REPLACE):
        payer = CostPayer.CITY if on_master_plan else CostPayer.OWNER
        what = (
            "reconstructed"
            if work is SidewalkWork.RECONSTRUCT
            else "replaced (read as reconstructed)"
        )
        return CostDecision(
            payer,
            None,
            RECONSTRUCTION_CITE,
            f"An existing sidewalk {what} is paid for 100% by {_payer_phrase(payer)}: it "
            f"{shown} on the current Sidewalk Master Plan.",
            segment,
        )
    if work is SidewalkWork.REMOVE:
        if not on_master_plan:
            return CostDecision(
                CostPayer.CITY,
                CostPayer.OWNER,
                REMOVAL_CITE,
                "A sidewalk removed without replacement that is not shown on the current "
                "Sidewalk Master Plan is removed at the City's cost; restoration of the area is "
                "the sole responsibility of the adjacent property owner.",
                None,
            )
        return CostDecision(
            CostPayer.OWNER,
            CostPayer.OWNER,
            REMOVAL_CITE,
            "The sidewalk is shown on the current Sidewalk Master Plan. The ordinance has the "
            "City pay only to remove a sidewalk the plan does not show; this removal is read as "
            "the adjacent property owner's cost, and restoring the area is the owner's too.",
            segment,
            (
                Finding(
                    "warn",
                    REMOVAL_CITE,
                    "The ordinance does not say who pays to remove a sidewalk that IS on the "
                    "Sidewalk Master Plan: the program reads it as the owner's cost. Removing a "
                    "planned sidewalk goes against the plan: ask the Common Council before the "
                    "permit issues.",
                ),
            ),
        )
    return CostDecision(  # SidewalkWork.REPAIR
        CostPayer.OWNER,
        None,
        MINOR_REPAIR_CITE,
        "Repairs are the abutting property owner's: the article charges every repair to the "
        "owner (minor repairs as major ones; a Council order's cost as a special tax on the "
        "parcel), whether or not the Sidewalk Master Plan shows the sidewalk.",
        segment,
    )


def decide_cost(session: Session, permit: SidewalkPermit) -> CostDecision:
    """The cost decision of a permit: as fixed when it was issued, or as the current plan reads
    (``segment_for`` on its street, number and facility) until then."""
    work = SidewalkWork(permit.work)
    if permit.cost_payer is not None:  # fixed at issuance (or when City work was recorded)
        return cost_responsibility(
            work,
            on_master_plan=permit.master_plan_segment_id is not None,
            new_subdivision=permit.new_subdivision,
            segment_id=permit.master_plan_segment_id,
        )
    segment = None
    if permit.street_id is not None and permit.address_number is not None:
        segment = segment_for(
            session,
            street_id=permit.street_id,
            number=permit.address_number,
            bike_lane=permit.bike_lane,
        )
    return cost_responsibility(
        work,
        on_master_plan=segment is not None,
        new_subdivision=permit.new_subdivision,
        segment_id=segment.id if segment is not None else None,
    )


# == permits ====================================================================================


@dataclass(frozen=True, slots=True)
class PermitData:
    """What the sidewalk permit application form holds. Widths in whole inches (lengths.py)."""

    applicant_id: int
    location: str
    work: SidewalkWork
    street_id: int | None = None
    address_number: int | None = None
    parcel_id: int | None = None
    bike_lane: bool = False
    commercial: bool = False
    new_subdivision: bool = False
    length_ft: int | None = None
    width_in: int | None = None
    contractor_name: str = ""
    work_starts_on: date | None = None
    notes: str = ""


_MAX_LENGTH_FT = 10_000
_MAX_WIDTH_IN = 600  # 50 feet: anything wider is a typing slip


def _clean_permit(session: Session, data: PermitData) -> dict[str, object]:
    get_party(session, data.applicant_id)
    location = " ".join(data.location.split())
    if not location:
        raise InvalidInput(
            "Enter where the work is (e.g. in front of 214 Orange St).", field="location"
        )
    try:
        work = SidewalkWork(data.work)
    except ValueError:
        raise InvalidInput("Choose the kind of work.", field="work") from None
    if data.street_id is not None and session.get(Street, data.street_id) is None:
        raise NotFound(f"There is no street number {data.street_id}.")
    if data.address_number is not None:
        if data.street_id is None:
            raise InvalidInput("Choose the street the number is on.", field="street_id")
        if not 0 < data.address_number <= _MAX_NUMBER:
            raise InvalidInput(
                f"A street number is a whole number from 1 to {_MAX_NUMBER:,}.",
                field="address_number",
            )
    if data.parcel_id is not None and session.get(Parcel, data.parcel_id) is None:
        raise NotFound(f"There is no parcel number {data.parcel_id}.")
    if data.length_ft is not None and not 0 < data.length_ft <= _MAX_LENGTH_FT:
        raise InvalidInput(
            f"The length is whole feet from 1 to {_MAX_LENGTH_FT:,}.", field="length_ft"
        )
    if data.width_in is not None and not 0 < data.width_in <= _MAX_WIDTH_IN:
        raise InvalidInput(
            f"The width is from 1 inch to {format_length(_MAX_WIDTH_IN)}.", field="width_in"
        )
    return {
        "applicant_id": data.applicant_id,
        "location": fits(SidewalkPermit.location, location, "The location"),
        "work": work,
        "street_id": data.street_id,
        "address_number": data.address_number,
        "side": side_of(data.address_number) if data.address_number is not None else "",
        "parcel_id": data.parcel_id,
        "bike_lane": bool(data.bike_lane),
        "commercial": bool(data.commercial),
        "new_subdivision": bool(data.new_subdivision),
        "length_ft": data.length_ft,
        "width_in": data.width_in,
        "contractor_name": fits(
            SidewalkPermit.contractor_name,
            " ".join(data.contractor_name.split()),
            "The contractor's name",
        ),
        "work_starts_on": data.work_starts_on,
        "notes": data.notes.strip(),
    }


def _permit_search_text(session: Session, permit: SidewalkPermit) -> str:
    street = session.get(Street, permit.street_id) if permit.street_id else None
    parcel = session.get(Parcel, permit.parcel_id) if permit.parcel_id else None
    words = [
        permit.number,
        get_party(session, permit.applicant_id).name,
        permit.location,
        street.full_name if street else "",
        str(permit.address_number or ""),
        permit.contractor_name,
        parcel.parcel_number if parcel else "",
        parcel.site_address if parcel else "",
    ]
    return fold(" ".join(w for w in words if w))


def _save_permit(action: Action, data: PermitData, status: SidewalkPermitStatus) -> SidewalkPermit:
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    values = _clean_permit(session, data)
    year = action.today().year
    sequence = take_number(action, PERMIT_SERIES, year=year)
    permit = SidewalkPermit(
        **values,
        number=f"SW-{year}-{sequence:03d}",
        year=year,
        sequence=sequence,
        status=status,
        applied_at=action.now(),
        applied_on=action.today(),
        received_by_name=action.operator.full_name,
        created_at=action.now(),
    )
    session.add(permit)
    session.flush()
    permit.search_text = _permit_search_text(session, permit)
    return permit


def receive_application(action: Action, data: PermitData) -> SidewalkPermit:
    """Take an application for a sidewalk permit. No fee is charged for sidewalk permits
    (Sidewalk permit required): nothing is billed."""
    permit = _save_permit(action, data, SidewalkPermitStatus.APPLIED)
    applicant = get_party(action.session, permit.applicant_id)
    action.audit(
        "sidewalk.apply",
        permit,
        f"Sidewalk permit {permit.number} applied for by {applicant.name} "
        f"({SidewalkWork(permit.work).label.lower()}, {permit.location}); no fee is charged",
        after=snapshot(permit),
    )
    return permit


def _fix_cost(session: Session, permit: SidewalkPermit) -> CostDecision:
    """Fix who pays as the plan reads now, so a later change of the plan leaves it as it was."""
    permit.cost_payer = None  # read the current plan, not a decision fixed before
    permit.master_plan_segment_id = None
    decision = decide_cost(session, permit)
    permit.cost_payer = decision.payer
    permit.master_plan_segment_id = decision.segment_id
    return decision


def record_city_contract(action: Action, data: PermitData) -> SidewalkPermit:
    """Record sidewalk work done under contract with the City: no permit is required (Sidewalk
    permit required), and the Council bids and awards it (Standards). Kept so the sidewalk's
    history is whole; who pays is fixed now, as the plan reads today."""
    permit = _save_permit(action, data, SidewalkPermitStatus.CITY_CONTRACT)
    decision = _fix_cost(action.session, permit)
    action.audit(
        "sidewalk.city_contract",
        permit,
        f"City contract work {permit.number} recorded (no permit required); "
        f"{decision.summary.lower()}",
        after=snapshot(permit),
    )
    return permit


def correct_application(action: Action, permit_id: int, data: PermitData) -> SidewalkPermit:
    """Correct an application not yet decided (or a City contract record not completed)."""
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    permit = get_permit(session, permit_id)
    status = SidewalkPermitStatus(permit.status)
    if status not in (SidewalkPermitStatus.APPLIED, SidewalkPermitStatus.CITY_CONTRACT) or (
        permit.completed_on is not None
    ):
        raise Conflict(
            f"Sidewalk permit {permit.number} is {_state(permit).lower()}: only an application "
            "not yet decided can be corrected."
        )
    values = _clean_permit(session, data)
    before = snapshot(permit)
    for key, value in values.items():
        setattr(permit, key, value)
    if status is SidewalkPermitStatus.CITY_CONTRACT:
        _fix_cost(session, permit)
    session.flush()
    permit.search_text = _permit_search_text(session, permit)
    action.audit(
        "sidewalk.correct",
        permit,
        f"Sidewalk permit {permit.number} corrected",
        before=before,
        after=snapshot(permit),
    )
    return permit


def _state(permit: SidewalkPermit) -> str:
    return SidewalkPermitStatus(permit.status).label


def earliest_start(issue_day: date, calendar: CityCalendar | None = None) -> date:
    """The first day work may start under a permit issued on ``issue_day``: seven days later.

    It is the inverse of :func:`latest_issue_day`: the first start whose latest issue day is
    not before ``issue_day`` (counted back, seven days, never moved)."""
    calendar = calendar or default_calendar()
    start = date.fromordinal(issue_day.toordinal() + PERMIT_LEAD_DAYS)
    assert calendar.latest_day_before(start, PERMIT_LEAD_DAYS) == issue_day
    return start


def latest_issue_day(work_starts_on: date, calendar: CityCalendar | None = None) -> date:
    """The last day a permit may be issued for work starting ``work_starts_on``: "at least seven
    days before work is proposed to be undertaken", counted back (the start day not counted)
    and never moved (``CityCalendar.latest_day_before``): moving it later would leave fewer than
    seven days."""
    return (calendar or default_calendar()).latest_day_before(work_starts_on, PERMIT_LEAD_DAYS)


def _lead_findings(permit: SidewalkPermit, today: date, calendar: CityCalendar) -> list[Finding]:
    start = permit.work_starts_on
    earliest = earliest_start(today, calendar)
    if start is None:
        return [
            Finding(
                "block",
                PERMIT_CITE,
                "Enter the day the work is proposed to start: the permit must be obtained at "
                f"least seven days before it (issued today, work may start {format_day(earliest)} "
                "at the earliest).",
            )
        ]
    last = latest_issue_day(start, calendar)
    if today > last:
        return [
            Finding(
                "block",
                PERMIT_CITE,
                f"The work is proposed to start {format_day(start)}, fewer than seven days from "
                f"today: the permit had to be issued by {format_day(last)}. Issued today, work "
                f"may start {format_day(earliest)} at the earliest: move the start to that day "
                "or later.",
            )
        ]
    return [
        Finding(
            "info",
            PERMIT_CITE,
            f"Work proposed to start {format_day(start)}: the permit is issued at least seven "
            f"days before it if issued by {format_day(last)}.",
        )
    ]


def _width_findings(permit: SidewalkPermit) -> list[Finding]:
    work = SidewalkWork(permit.work)
    if work is SidewalkWork.REMOVE or permit.bike_lane:
        return []
    if permit.commercial:
        return [
            Finding(
                "info",
                WIDTH_CITE,
                "In front of a commercial or industrial establishment the walk has the width "
                "the Common Council determines and is five inches thick (seven within driveway "
                "approaches).",
            )
        ]
    standard = format_length(RESIDENTIAL_WIDTH_IN)
    if permit.width_in is None:
        return [
            Finding(
                "warn",
                WIDTH_CITE,
                f"The width is not given: residential walks are {standard} wide.",
            )
        ]
    width = format_length(permit.width_in)
    if permit.width_in < RESIDENTIAL_WIDTH_IN:
        if work is SidewalkWork.CONSTRUCT:
            return [
                Finding(
                    "block",
                    WIDTH_CITE,
                    f"A new residential walk is {standard} wide; this one is {width}.",
                )
            ]
        return [
            Finding(
                "warn",
                WIDTH_CITE,
                f"{width} is narrower than the standard {standard}: a residential walk may be "
                "repaired or replaced to a width not less than the existing width. Confirm the "
                f"existing walk is no wider than {width}.",
            )
        ]
    if permit.width_in > RESIDENTIAL_WIDTH_IN:
        return [
            Finding(
                "warn",
                REGULATED_CITE,
                f"Residential walks are {standard} wide; this one is {width}. A change in the "
                "specifications needs the Common Council's permission unless it is in the "
                "City's best interests.",
            )
        ]
    return []


def permit_findings(
    session: Session, permit: SidewalkPermit, *, today: date, calendar: CityCalendar
) -> list[Finding]:
    """Everything the article says about issuing ``permit`` today, each cited: the seven days,
    the address the plan is read at, the width, who pays, whole-block repairs."""
    status = SidewalkPermitStatus(permit.status)
    found: list[Finding] = []
    if status is SidewalkPermitStatus.CITY_CONTRACT:
        found.append(
            Finding(
                "info",
                PERMIT_CITE,
                "Work under contract with the City: no permit is required.",
            )
        )
    elif status is SidewalkPermitStatus.APPLIED:
        found += _lead_findings(permit, today, calendar)
    located = permit.street_id is not None and permit.address_number is not None
    if not located and not (permit.new_subdivision and SidewalkWork(permit.work) in _BUILT):
        found.append(
            Finding(
                "block" if status is SidewalkPermitStatus.APPLIED else "warn",
                COST_CITE,
                "Give the street and the street number the sidewalk is in front of: who pays "
                "depends on whether the current Sidewalk Master Plan shows it there.",
            )
        )
    if located:
        street = session.get(Street, permit.street_id)
        number = permit.address_number
        assert street is not None and number is not None
        if not street.range_low <= number <= street.range_high:
            found.append(
                Finding(
                    "warn",
                    COST_CITE,
                    f"{number} is outside {street.full_name}'s numbers "
                    f"({street.range_low}-{street.range_high}): check the address.",
                )
            )
    found += _width_findings(permit)
    decision = decide_cost(session, permit)
    text = f"{decision.summary}. {decision.reason}"
    if decision.restoration:
        text += f" {decision.restoration}."
    found.append(Finding("info", decision.cite, text))
    found += decision.findings
    owner_pays = CostPayer.OWNER in (decision.payer, decision.restoration_payer)
    if owner_pays and permit.parcel_id is None:
        found.append(
            Finding(
                "warn",
                COST_CITE,
                "The adjacent property owner pays, and no parcel is named: choose the parcel.",
            )
        )
    if SidewalkWork(permit.work) in (SidewalkWork.REPAIR, SidewalkWork.REPLACE):
        found.append(
            Finding(
                "info",
                WHOLE_BLOCK_CITE,
                "When a sidewalk is repaired the entire block is repaired at one time, unless "
                "the Director of Public Works approves a partial replacement (say so in the "
                "conditions).",
            )
        )
    if permit.new_subdivision and SidewalkWork(permit.work) in _BUILT:
        found.append(
            Finding(
                "info",
                NEW_SUBDIVISION_CITE,
                "The land divider's sidewalks are set by the subdivision approval under "
                "Chapter 510; check the development agreement.",
            )
        )
    return found


def review(action: Action, permit_id: int) -> list[Finding]:
    """:func:`permit_findings` for today: a "block" stops :func:`issue`."""
    permit = get_permit(action.session, permit_id)
    return permit_findings(action.session, permit, today=action.today(), calendar=action.calendar)


def _lines(text: str) -> str:
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def _refuse_unless(permit: SidewalkPermit, *allowed: SidewalkPermitStatus, doing: str) -> None:
    if SidewalkPermitStatus(permit.status) not in allowed:
        raise Conflict(f"Sidewalk permit {permit.number} is {_state(permit).lower()}: {doing}")


def issue(action: Action, permit_id: int, *, conditions: str = "") -> SidewalkPermit:
    """Issue the permit (the Director of Public Works or his designee): who pays and the plan
    segment are fixed now, so a later change of the plan leaves the permit as it was."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    session = action.session
    permit = get_permit(session, permit_id)
    _refuse_unless(permit, SidewalkPermitStatus.APPLIED, doing="only an application can be issued.")
    stop = blocking(review(action, permit_id))
    if stop:
        raise InvalidInput(stop[0].text, field="decision", cite=stop[0].cite)
    before = snapshot(permit)
    decision = _fix_cost(session, permit)
    permit.status = SidewalkPermitStatus.ISSUED
    permit.decided_on, permit.decided_by_name = action.today(), action.operator.full_name
    permit.conditions = _lines(conditions)
    action.audit(
        "sidewalk.issue",
        permit,
        f"Sidewalk permit {permit.number} issued (no fee); {decision.summary.lower()}",
        before=before,
        after=snapshot(permit),
    )
    return permit


def deny(action: Action, permit_id: int, *, reasons: str) -> SidewalkPermit:
    """Deny the permit, with reasons; the applicant may appeal to the Common Council."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    permit = get_permit(action.session, permit_id)
    _refuse_unless(permit, SidewalkPermitStatus.APPLIED, doing="only an application can be denied.")
    why = _lines(reasons)
    if not why:
        raise InvalidInput("State why the permit is denied.", field="reasons", cite=PERMIT_CITE)
    before = snapshot(permit)
    permit.status = SidewalkPermitStatus.DENIED
    permit.decided_on, permit.decided_by_name = action.today(), action.operator.full_name
    permit.denial_reasons = why
    action.audit(
        "sidewalk.deny",
        permit,
        f"Sidewalk permit {permit.number} denied; it may be appealed to the Common Council",
        before=before,
        after=snapshot(permit),
    )
    return permit


def file_appeal(action: Action, permit_id: int, *, filed_on: date) -> SidewalkPermit:
    """Record an appeal of a denial to the Common Council. The ordinance sets no time limit for
    it ("Denial of such permits may be appealed to the Common Council"): any day after the
    denial is accepted, and the day is recorded."""
    action.require(Permission.TAKE_APPLICATIONS)
    permit = get_permit(action.session, permit_id)
    _refuse_unless(
        permit, SidewalkPermitStatus.DENIED, doing="only a denial can be appealed to the Council."
    )
    assert permit.decided_on is not None
    if filed_on > action.today():
        raise InvalidInput("The appeal cannot be filed later than today.", field="filed_on")
    if filed_on < permit.decided_on:
        raise InvalidInput(
            f"The appeal cannot come before the denial ({format_day(permit.decided_on)}).",
            field="filed_on",
        )
    before = snapshot(permit)
    permit.status = SidewalkPermitStatus.APPEALED
    permit.appeal_filed_on = filed_on
    action.audit(
        "sidewalk.appeal",
        permit,
        f"Appeal of the denial of {permit.number} to the Common Council filed "
        f"{format_day(filed_on)} (the ordinance sets no time limit)",
        before=before,
        after=snapshot(permit),
    )
    return permit


def appeal_meeting_refusal(
    meeting: CouncilMeeting, permit: SidewalkPermit, *, now: datetime, zone: tzinfo | None = None
) -> str | None:
    """Why the Council cannot have decided the appeal at ``meeting`` (cancelled, not held yet,
    held before the appeal was filed), or None when it can."""
    held_on = meeting.starts_at.astimezone(zone or city_zone()).date()
    if meeting.cancelled_on is not None:
        return f"The meeting of {format_day(held_on)} was cancelled."
    if meeting.starts_at > now:
        return f"The meeting of {format_day(held_on)} has not taken place yet."
    if permit.appeal_filed_on is not None and held_on < permit.appeal_filed_on:
        return (
            f"The meeting of {format_day(held_on)} was before the appeal was filed "
            f"({format_day(permit.appeal_filed_on)})."
        )
    return None


def record_appeal_decision(
    action: Action, permit_id: int, *, meeting_id: int, granted: bool, note: str = ""
) -> SidewalkPermit:
    """Record the Council's decision on the appeal at a meeting it held: granted, the permit
    issues (ISSUED_ON_APPEAL) with who pays fixed as the plan reads that day; refused,
    DENIED_ON_APPEAL. The Council's grant is the permit, obtained the day of the meeting: one
    granted for work that would start fewer than seven days after it carries the condition that
    the work starts no earlier than the seventh day."""
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    permit = get_permit(session, permit_id)
    _refuse_unless(
        permit, SidewalkPermitStatus.APPEALED, doing="no appeal of it is before the Council."
    )
    meeting = session.get(CouncilMeeting, meeting_id)
    if meeting is None:
        raise InvalidInput("Choose a meeting of the Council that was held.", field="meeting")
    zone = action.clock.local_now().tzinfo
    refused = appeal_meeting_refusal(meeting, permit, now=action.now(), zone=zone)
    if refused is not None:
        raise InvalidInput(refused, field="meeting")
    held_on = meeting.starts_at.astimezone(zone).date()
    before = snapshot(permit)
    permit.appeal_meeting_id, permit.appeal_decided_on = meeting.id, held_on
    permit.appeal_note = note.strip()
    if granted:
        decision = _fix_cost(session, permit)
        permit.status = SidewalkPermitStatus.ISSUED_ON_APPEAL
        earliest = earliest_start(held_on, action.calendar)
        if permit.work_starts_on is None or permit.work_starts_on < earliest:
            permit.conditions = (
                f"Work may start {format_day(earliest)} at the earliest, seven days after this "
                "permit."
            )
        outcome = f"granted; {decision.summary.lower()}"
    else:
        permit.status = SidewalkPermitStatus.DENIED_ON_APPEAL
        outcome = "refused"
    action.audit(
        "sidewalk.appeal_decision",
        permit,
        f"Common Council {outcome} the appeal of {permit.number} on {format_day(held_on)}",
        before=before,
        after=snapshot(permit),
    )
    return permit


def complete(action: Action, permit_id: int, *, on: date) -> SidewalkPermit:
    """Record the work completed (an issued permit, or City contract work, which keeps its
    status and gains the day)."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    permit = get_permit(action.session, permit_id)
    _refuse_unless(
        permit,
        SidewalkPermitStatus.ISSUED,
        SidewalkPermitStatus.ISSUED_ON_APPEAL,
        SidewalkPermitStatus.CITY_CONTRACT,
        doing="only work under an issued permit or a City contract can be completed.",
    )
    if permit.completed_on is not None:
        raise Conflict(f"{permit.number} was completed {format_day(permit.completed_on)}.")
    if on > action.today():
        raise InvalidInput("The work cannot be completed after today.", field="on")
    since = permit.appeal_decided_on or permit.decided_on or permit.applied_on
    if on < since:
        raise InvalidInput(
            f"The work cannot be completed before the permit ({format_day(since)}).", field="on"
        )
    before = snapshot(permit)
    permit.completed_on = on
    if SidewalkPermitStatus(permit.status) is not SidewalkPermitStatus.CITY_CONTRACT:
        permit.status = SidewalkPermitStatus.COMPLETED
    action.audit(
        "sidewalk.complete",
        permit,
        f"Sidewalk work {permit.number} completed {format_day(on)}",
        before=before,
        after=snapshot(permit),
    )
    return permit


def withdraw(action: Action, permit_id: int, *, reason: str) -> SidewalkPermit:
    """The applicant withdraws an application not yet decided, a denial, or an appeal."""
    action.require(Permission.TAKE_APPLICATIONS)
    permit = get_permit(action.session, permit_id)
    _refuse_unless(
        permit,
        SidewalkPermitStatus.APPLIED,
        SidewalkPermitStatus.DENIED,
        SidewalkPermitStatus.APPEALED,
        doing="it can no longer be withdrawn.",
    )
    why = " ".join(reason.split())
    if not why:
        raise InvalidInput("Say why the application is withdrawn.", field="reason")
    before = snapshot(permit)
    permit.status = SidewalkPermitStatus.WITHDRAWN
    permit.withdrawn_reason = why
    action.audit(
        "sidewalk.withdraw",
        permit,
        f"Sidewalk permit {permit.number} withdrawn: {why}",
        before=before,
        after=snapshot(permit),
    )
    return permit


def get_permit(session: Session, permit_id: int) -> SidewalkPermit:
    permit = session.get(SidewalkPermit, permit_id)
    if permit is None:
        raise NotFound(f"There is no sidewalk permit number {permit_id}.")
    return permit


def search_permits(
    session: Session,
    text: str = "",
    status: SidewalkPermitStatus | None = None,
    year: int | None = None,
    *,
    limit: int = SEARCH_LIMIT,
) -> list[SidewalkPermit]:
    """Permits whose number, applicant, location, street, number, contractor or parcel hold
    every word typed, newest first."""
    query = select(SidewalkPermit)
    for word in fold(text).split():
        query = query.where(SidewalkPermit.search_text.contains(word, autoescape=True))
    if status is not None:
        query = query.where(SidewalkPermit.status == SidewalkPermitStatus(status))
    if year is not None:
        query = query.where(SidewalkPermit.year == year)
    query = query.options(
        selectinload(SidewalkPermit.applicant),
        selectinload(SidewalkPermit.street),
        selectinload(SidewalkPermit.parcel),
        selectinload(SidewalkPermit.segment).selectinload(MasterPlanSegment.street),
    ).order_by(SidewalkPermit.applied_at.desc(), SidewalkPermit.id.desc())
    return list(session.scalars(query.limit(limit)))


def permit_years(session: Session) -> list[int]:
    """The years the permit register has records for, newest first."""
    return sorted(set(session.scalars(select(SidewalkPermit.year))), reverse=True)


def _events(session: Session, record_type: str, record_id: int) -> list[AuditEvent]:
    return list(
        session.scalars(
            select(AuditEvent)
            .where(
                and_(AuditEvent.record_type == record_type, AuditEvent.record_id == str(record_id))
            )
            .order_by(AuditEvent.at, AuditEvent.id)
        )
    )


def history(session: Session, permit_id: int) -> list[AuditEvent]:
    """Every step of the permit, oldest first (its entries in the audit trail)."""
    return _events(session, RECORD_TYPE, permit_id)


# == repair orders (Wis. Stat. § 66.0907) ========================================================


@dataclass(frozen=True, slots=True)
class RepairOrderData:
    """An order to repair or replace a sidewalk, as the repair-order form holds it.

    A Council order names the meeting (held) at which it was ordered, and is dated that day; a
    minor repair names its estimated cost (at most $500); ``whole_block`` False needs the
    Director of Public Works' approval of a partial replacement (``partial_approved_by``).
    ``ordered_on`` None is today (or, for a Council order, the meeting's day).
    """

    kind: RepairOrderKind
    parcel_id: int
    location: str
    defect: str
    work_required: str = ""
    street_id: int | None = None
    caused_by_owner: bool = False
    meeting_id: int | None = None
    ordered_on: date | None = None
    whole_block: bool = True
    partial_approved_by: str = ""
    estimated_cost: Money | None = None
    notes: str = ""


def _held_meeting(action: Action, meeting_id: int) -> tuple[CouncilMeeting, date]:
    meeting = action.session.get(CouncilMeeting, meeting_id)
    if meeting is None:
        raise InvalidInput("Choose the meeting of the Council that ordered it.", field="meeting")
    zone = action.clock.local_now().tzinfo
    held_on = meeting.starts_at.astimezone(zone).date()
    if meeting.cancelled_on is not None:
        raise InvalidInput(f"The meeting of {format_day(held_on)} was cancelled.", field="meeting")
    if meeting.starts_at > action.now():
        raise InvalidInput(
            f"The meeting of {format_day(held_on)} has not taken place yet: record the order "
            "once the Council has made it.",
            field="meeting",
        )
    return meeting, held_on


def _minor_refusal(amount: Money) -> str:
    return (
        f"{amount} is more than $500.00: that is not a minor repair. It needs a Council order "
        f"and notice to the owner ({STATUTE})."
    )


def order_repair(action: Action, data: RepairOrderData) -> SidewalkRepairOrder:
    """Record an order to repair a sidewalk against the parcel's owner.

    A Council order (the Common Council "may order at any time property owners to repair or
    remove and replace" an unsafe, defective or insufficient sidewalk) is recorded by the Clerk
    against the meeting, held, that made it. A minor repair (up to $500) and an emergency
    direction are the Director of Public Works' (or the Council's designee's)."""
    kind = RepairOrderKind(data.kind)
    if kind is RepairOrderKind.COUNCIL_ORDER:
        action.require(Permission.TAKE_APPLICATIONS)
    else:
        action.require(Permission.APPROVE_WORK_PERMITS)
    session = action.session
    parcel = session.get(Parcel, data.parcel_id)
    if parcel is None:
        raise NotFound(f"There is no parcel number {data.parcel_id}.")
    if parcel.owner_id is None:
        raise InvalidInput(
            f"Parcel {parcel.parcel_number} has no owner on record: enter the owner on the "
            "parcel first (the order and its cost are the owner's).",
            field="parcel_id",
        )
    location = " ".join(data.location.split())
    if not location:
        raise InvalidInput("Enter where the sidewalk is.", field="location")
    defect = data.defect.strip()
    if not defect:
        raise InvalidInput(
            "Describe what is wrong: unsafe, defective or insufficient, or damaged by the "
            "owner or the owner's agents.",
            field="defect",
            cite=REPAIR_ORDER_CITE,
        )
    if data.street_id is not None and session.get(Street, data.street_id) is None:
        raise NotFound(f"There is no street number {data.street_id}.")
    cost = data.estimated_cost
    if cost is not None and cost <= Money.zero():
        raise InvalidInput("The estimated cost must be more than $0.00.", field="estimated_cost")
    if kind is RepairOrderKind.MINOR:
        if cost is None:
            raise InvalidInput(
                "Enter the estimated cost: a minor repair is one that costs $500.00 or less.",
                field="estimated_cost",
                cite=MINOR_REPAIR_CITE,
            )
        if cost > MINOR_REPAIR_LIMIT:
            raise InvalidInput(_minor_refusal(cost), field="estimated_cost", cite=MINOR_REPAIR_CITE)
    approver = " ".join(data.partial_approved_by.split())
    if not data.whole_block and not approver:
        raise InvalidInput(
            "The entire block is repaired at one time unless the Director of Public Works "
            "approves a partial replacement: name who approved it.",
            field="partial_approved_by",
            cite=WHOLE_BLOCK_CITE,
        )
    if data.whole_block and approver:
        raise InvalidInput(
            "An approval of a partial replacement goes with a partial repair: clear it, or "
            "uncheck the whole block.",
            field="partial_approved_by",
        )
    today = action.today()
    ordered_by = action.operator.full_name
    meeting_id: int | None = None
    if kind is RepairOrderKind.MINOR and data.meeting_id is not None:
        raise InvalidInput(
            "A minor repair is made at the Director's direction: it names no Council meeting.",
            field="meeting",
        )
    if data.meeting_id is not None:
        meeting, held_on = _held_meeting(action, data.meeting_id)
        meeting_id, ordered_by = meeting.id, COUNCIL
        if data.ordered_on is not None and data.ordered_on != held_on:
            raise InvalidInput(
                f"The Council ordered it at its meeting of {format_day(held_on)}: that is the "
                "day of the order.",
                field="ordered_on",
            )
        ordered_on = held_on
    elif kind is RepairOrderKind.COUNCIL_ORDER:
        raise InvalidInput(
            "Choose the meeting at which the Common Council ordered the repair.",
            field="meeting",
            cite=REPAIR_ORDER_CITE,
        )
    else:
        ordered_on = data.ordered_on or today
    if ordered_on > today:
        raise InvalidInput("The order cannot be dated after today.", field="ordered_on")
    year = today.year
    sequence = take_number(action, ORDER_SERIES, year=year)
    order = SidewalkRepairOrder(
        number=f"SR-{year}-{sequence:03d}",
        year=year,
        sequence=sequence,
        kind=kind,
        parcel_id=parcel.id,
        owner_id=parcel.owner_id,
        street_id=data.street_id,
        location=fits(SidewalkRepairOrder.location, location, "The location"),
        defect=defect,
        work_required=data.work_required.strip(),
        caused_by_owner=bool(data.caused_by_owner),
        meeting_id=meeting_id,
        ordered_on=ordered_on,
        ordered_by_name=ordered_by,
        whole_block=bool(data.whole_block),
        partial_approved_by=fits(
            SidewalkRepairOrder.partial_approved_by, approver, "The approving official"
        ),
        estimated_cost=cost,
        status=RepairOrderStatus.ORDERED,
        notes=data.notes.strip(),
        created_at=action.now(),
    )
    session.add(order)
    session.flush()
    order.search_text = _order_search_text(session, order)
    action.audit(
        "sidewalk_order.create",
        order,
        f"Sidewalk repair order {order.number} ({kind.label}) against "
        f"{get_party(session, order.owner_id).name}, parcel {parcel.parcel_number}",
        after=snapshot(order),
    )
    return order


def _order_search_text(session: Session, order: SidewalkRepairOrder) -> str:
    parcel = session.get(Parcel, order.parcel_id)
    street = session.get(Street, order.street_id) if order.street_id else None
    words = [
        order.number,
        get_party(session, order.owner_id).name,
        parcel.parcel_number if parcel else "",
        parcel.site_address if parcel else "",
        order.location,
        street.full_name if street else "",
        order.defect,
    ]
    return fold(" ".join(w for w in words if w))


def repair_due(served_on: date, calendar: CityCalendar) -> date:
    """The owner's last day: 20 days after service (§ 990.001(4): the day of service not
    counted). The repair is not an act at City Hall, so only a Sunday or a legal holiday moves
    the last day (to the next day that is neither) — the same reading as the 20 days of the
    street numbers' notices (§ 506-16)."""
    return calendar.add_days(served_on, REPAIR_DAYS, at_city_hall=False)


def get_order(session: Session, order_id: int) -> SidewalkRepairOrder:
    order = session.get(SidewalkRepairOrder, order_id)
    if order is None:
        raise NotFound(f"There is no sidewalk repair order number {order_id}.")
    return order


def _order_state(order: SidewalkRepairOrder) -> str:
    return RepairOrderStatus(order.status).label


def record_service(
    action: Action, order_id: int, *, served_on: date, how: str, by_name: str
) -> SidewalkRepairOrder:
    """Record service of the notice on the owner (§ 66.0907(3)(c)): a Council order's 20 days
    run from it (:func:`repair_due`); an emergency's owner is to repair immediately, so its last
    day is the day of service. A minor repair is made without notice: nothing is served."""
    action.require(Permission.TAKE_APPLICATIONS)
    order = get_order(action.session, order_id)
    kind = RepairOrderKind(order.kind)
    if kind is RepairOrderKind.MINOR:
        raise Conflict(
            f"{order.number} is a minor repair: it is made without notice, so there is nothing "
            "to serve."
        )
    if RepairOrderStatus(order.status) is not RepairOrderStatus.ORDERED:
        raise Conflict(f"Repair order {order.number} is {_order_state(order).lower()}.")
    if served_on > action.today():
        raise InvalidInput("Service cannot be recorded for a day after today.", field="served_on")
    if served_on < order.ordered_on:
        raise InvalidInput(
            f"The notice cannot be served before the order ({format_day(order.ordered_on)}).",
            field="served_on",
        )
    method = " ".join(how.split()).lower()
    if method not in SERVICE_METHODS:
        raise InvalidInput(
            "Service is " + ", ".join(SERVICE_METHODS[:-1]) + f" or {SERVICE_METHODS[-1]}.",
            field="how",
        )
    server = " ".join(by_name.split())
    if not server:
        raise InvalidInput("Name who served the notice.", field="by_name")
    before = snapshot(order)
    order.served_on, order.served_how = served_on, method
    order.served_by_name = fits(SidewalkRepairOrder.served_by_name, server, "The name")
    order.repair_due_on = (
        served_on if kind is RepairOrderKind.EMERGENCY else repair_due(served_on, action.calendar)
    )
    order.status = RepairOrderStatus.SERVED
    action.audit(
        "sidewalk_order.serve",
        order,
        f"Notice of {order.number} served {format_day(served_on)} ({method}); the owner's "
        f"last day is {format_day(order.repair_due_on)}",
        before=before,
        after=snapshot(order),
    )
    return order


def city_may_repair_on(order: SidewalkRepairOrder) -> date | None:
    """The first day the City may do the work itself: a Council order, the day after the
    owner's 20 days; an emergency, the day of service (the owner was to repair immediately); a
    minor repair, the day it was directed (no notice). None while a notice is not served."""
    kind = RepairOrderKind(order.kind)
    if kind is RepairOrderKind.MINOR:
        return order.ordered_on
    if order.repair_due_on is None:
        return None
    if kind is RepairOrderKind.EMERGENCY:
        return order.repair_due_on
    return date.fromordinal(order.repair_due_on.toordinal() + 1)


_OPEN_ORDERS = (RepairOrderStatus.ORDERED, RepairOrderStatus.SERVED)


def record_owner_repair(action: Action, order_id: int, *, on: date) -> SidewalkRepairOrder:
    """Record that the owner made the repair (the Director's inspection found it done)."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    order = get_order(action.session, order_id)
    if RepairOrderStatus(order.status) not in _OPEN_ORDERS:
        raise Conflict(f"Repair order {order.number} is {_order_state(order).lower()}.")
    if on > action.today():
        raise InvalidInput("The repair cannot be recorded for a day after today.", field="on")
    if on < order.ordered_on:
        raise InvalidInput(
            f"The repair cannot come before the order ({format_day(order.ordered_on)}).",
            field="on",
        )
    before = snapshot(order)
    order.repaired_by_owner_on = on
    order.status = RepairOrderStatus.REPAIRED_BY_OWNER
    late = (
        f", after the last day ({format_day(order.repair_due_on)})"
        if order.repair_due_on is not None and on > order.repair_due_on
        else ""
    )
    action.audit(
        "sidewalk_order.owner_repair",
        order,
        f"Owner repaired the sidewalk of {order.number} on {format_day(on)}{late}",
        before=before,
        after=snapshot(order),
    )
    return order


def record_city_repair(
    action: Action, order_id: int, *, on: date, cost: Money, delivered_how: str = "mailed"
) -> SpecialCharge:
    """Record the City's repair and charge its cost to the owner as a special charge against
    the parcel, billed the day of the repair (``delivered_how``): "the City Treasurer shall
    enter the total cost thereof upon the tax roll as a special tax against said lot or parcel"
    (the charge has no due day: the Treasurer puts what is unpaid on the roll; a minor repair is
    charged "in the same manner" — :data:`clerk_desk.special_charges.CLOCKS`).

    A Council order: only after the notice is served and the owner's 20 days have passed (the
    20th day refused, the 21st allowed). An emergency: from the day of service. A minor repair:
    no notice, and no more than $500.00."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    action.require(Permission.BILL)
    session = action.session
    order = get_order(session, order_id)
    kind = RepairOrderKind(order.kind)
    if RepairOrderStatus(order.status) not in _OPEN_ORDERS:
        raise Conflict(f"Repair order {order.number} is {_order_state(order).lower()}.")
    if on > action.today():
        raise InvalidInput("The repair cannot be recorded for a day after today.", field="on")
    if cost <= Money.zero():
        raise InvalidInput("Enter the total cost of the City's repair.", field="cost")
    if kind is RepairOrderKind.MINOR and cost > MINOR_REPAIR_LIMIT:
        raise InvalidInput(_minor_refusal(cost), field="cost", cite=MINOR_REPAIR_CITE)
    first = city_may_repair_on(order)
    if first is None:
        raise InvalidInput(
            f"The notice of {order.number} is not served: the owner has 20 days after service "
            "before the City may repair.",
            field="on",
            cite=REPAIR_CITE,
        )
    if on < first:
        if kind is RepairOrderKind.COUNCIL_ORDER:
            assert order.repair_due_on is not None
            text = (
                f"The owner has through {format_day(order.repair_due_on)} (20 days after "
                f"service on {format_day(order.served_on or first)}): the City may repair from "
                f"{format_day(first)}."
            )
        else:
            text = f"The City may repair from {format_day(first)}."
        raise InvalidInput(text, field="on", cite=REPAIR_CITE)
    before = snapshot(order)
    order.city_repaired_on, order.city_cost = on, cost
    order.status = RepairOrderStatus.CITY_REPAIRED
    minor = kind is RepairOrderKind.MINOR
    what = " ".join((order.work_required or order.defect).split())
    charge = sc.create_charge(
        action,
        sc.ChargeData(
            kind=ChargeKind.SIDEWALK_MINOR_REPAIR if minor else ChargeKind.SIDEWALK_REPAIR,
            billed_party_id=order.owner_id,
            work=f"Sidewalk {'minor repair' if minor else 'repair'} {order.number} made by the "
            f"City, {order.location}" + (f": {what}" if what else ""),
            work_done_on=on,
            lines=[sc.LineData("other", "Total cost of the City's repair", cost)],
            parcel_id=order.parcel_id,
            billed_as="owner",
            record_type=ORDER_RECORD_TYPE,
            record_id=str(order.id),
        ),
        sc.BillData(bill_on=on, delivered_how=delivered_how),
    )
    action.audit(
        "sidewalk_order.city_repair",
        order,
        f"City repaired the sidewalk of {order.number} on {format_day(on)}; {cost} charged to "
        f"the owner as special charge {charge.number}",
        before=before,
        after=snapshot(order),
    )
    return charge


def cancel_order(action: Action, order_id: int, *, reason: str) -> SidewalkRepairOrder:
    """Cancel an order not yet carried out (the Council rescinded it, the sidewalk was found
    sound). A Council order is cancelled by the Clerk recording the Council's act; a minor or
    emergency one by the Director."""
    order = get_order(action.session, order_id)
    if RepairOrderKind(order.kind) is RepairOrderKind.COUNCIL_ORDER:
        action.require(Permission.TAKE_APPLICATIONS)
    else:
        action.require(Permission.APPROVE_WORK_PERMITS)
    if RepairOrderStatus(order.status) not in _OPEN_ORDERS:
        raise Conflict(
            f"Repair order {order.number} is {_order_state(order).lower()}: it cannot be cancelled."
        )
    why = " ".join(reason.split())
    if not why:
        raise InvalidInput("Say why the order is cancelled.", field="reason")
    before = snapshot(order)
    order.status, order.cancel_reason = RepairOrderStatus.CANCELLED, why
    action.audit(
        "sidewalk_order.cancel",
        order,
        f"Repair order {order.number} cancelled: {why}",
        before=before,
        after=snapshot(order),
    )
    return order


def order_findings(order: SidewalkRepairOrder, *, today: date) -> list[Finding]:
    """Where the order stands, each cited: the notice to serve, the owner's days, the City's."""
    kind = RepairOrderKind(order.kind)
    status = RepairOrderStatus(order.status)
    found: list[Finding] = []
    if status is RepairOrderStatus.ORDERED and kind is not RepairOrderKind.MINOR:
        found.append(
            Finding(
                "warn",
                REPAIR_CITE,
                "The notice is not served yet: the owner's "
                + ("20 days run" if kind is RepairOrderKind.COUNCIL_ORDER else "time runs")
                + " from service, and the City may not repair before.",
            )
        )
    if status is RepairOrderStatus.ORDERED and kind is RepairOrderKind.MINOR:
        found.append(
            Finding(
                "info",
                MINOR_REPAIR_CITE,
                "A minor repair (not more than $500.00) at the direction of the Director of "
                "Public Works, without notice; its cost may be charged to the abutting owner.",
            )
        )
    if status is RepairOrderStatus.SERVED and order.repair_due_on is not None:
        due = order.repair_due_on
        if kind is RepairOrderKind.EMERGENCY:
            found.append(
                Finding(
                    "warn",
                    REPAIR_CITE,
                    f"Emergency: the owner was directed {format_day(due)} to repair "
                    "immediately; if not repaired, the City makes the repair.",
                )
            )
        elif today <= due:
            left = (due - today).days
            found.append(
                Finding(
                    "info",
                    REPAIR_CITE,
                    f"The owner has through {format_day(due)} to repair ({left} "
                    f"day{'s' if left != 1 else ''} left); the City may repair from "
                    f"{format_day(date.fromordinal(due.toordinal() + 1))}.",
                )
            )
        else:
            found.append(
                Finding(
                    "warn",
                    REPAIR_CITE,
                    f"The owner's 20 days ended {format_day(due)} without a repair recorded: "
                    "the City may repair the sidewalk and charge its cost to the parcel.",
                )
            )
    if not order.whole_block:
        found.append(
            Finding(
                "info",
                WHOLE_BLOCK_CITE,
                f"Partial replacement approved by {order.partial_approved_by}.",
            )
        )
    if status is RepairOrderStatus.CITY_REPAIRED and order.city_repaired_on is not None:
        found.append(
            Finding(
                "info",
                REPAIR_CITE,
                f"Repaired by the City {format_day(order.city_repaired_on)}; {order.city_cost} "
                "charged to the owner. The City Treasurer enters what is unpaid on the tax roll "
                "as a special tax against the parcel.",
            )
        )
    return found


def search_orders(
    session: Session,
    text: str = "",
    status: RepairOrderStatus | None = None,
    year: int | None = None,
    *,
    kind: RepairOrderKind | None = None,
    limit: int = SEARCH_LIMIT,
) -> list[SidewalkRepairOrder]:
    """Orders whose number, owner, parcel, address, location, street or defect hold every word
    typed, newest first."""
    query = select(SidewalkRepairOrder)
    for word in fold(text).split():
        query = query.where(SidewalkRepairOrder.search_text.contains(word, autoescape=True))
    if status is not None:
        query = query.where(SidewalkRepairOrder.status == RepairOrderStatus(status))
    if year is not None:
        query = query.where(SidewalkRepairOrder.year == year)
    if kind is not None:
        query = query.where(SidewalkRepairOrder.kind == RepairOrderKind(kind))
    query = query.options(
        selectinload(SidewalkRepairOrder.owner),
        selectinload(SidewalkRepairOrder.parcel),
        selectinload(SidewalkRepairOrder.street),
        selectinload(SidewalkRepairOrder.meeting),
    ).order_by(SidewalkRepairOrder.created_at.desc(), SidewalkRepairOrder.id.desc())
    return list(session.scalars(query.limit(limit)))


def order_years(session: Session) -> list[int]:
    return sorted(set(session.scalars(select(SidewalkRepairOrder.year))), reverse=True)


def order_history(session: Session, order_id: int) -> list[AuditEvent]:
    """Every step of the order, oldest first, with its special charge's."""
    mine = and_(AuditEvent.record_type == ORDER_RECORD_TYPE, AuditEvent.record_id == str(order_id))
    dues = [
        str(d.id) for d in ledger.dues_for(session, RecordRef(ORDER_RECORD_TYPE, str(order_id)))
    ]
    charges = [str(c.id) for c in sc.charges_for(session, ORDER_RECORD_TYPE, str(order_id))]
    billed = and_(AuditEvent.record_type == AmountDue.__tablename__, AuditEvent.record_id.in_(dues))
    charged = and_(AuditEvent.record_type == sc.RECORD_TYPE, AuditEvent.record_id.in_(charges))
    return list(
        session.scalars(
            select(AuditEvent)
            .where(or_(mine, billed, charged) if dues else mine)
            .order_by(AuditEvent.at, AuditEvent.id)
        )
    )


# == the Today tab ==============================================================================

WORKFLOW = "Sidewalks"


@provider("sidewalks")
def _due(action: Action) -> list[TodayItem]:
    """Applications whose work starts within seven days and are not issued (the day to issue
    has come or passed); repair orders whose owner's 20 days end this week or have ended without
    a repair (the City may act); notices not yet served."""
    session, today = action.session, action.today()
    horizon = date.fromordinal(today.toordinal() + TODAY_WINDOW_DAYS)
    items: list[TodayItem] = []
    applied = session.scalars(
        select(SidewalkPermit)
        .where(
            SidewalkPermit.status == SidewalkPermitStatus.APPLIED,
            SidewalkPermit.work_starts_on.is_not(None),
            SidewalkPermit.work_starts_on <= horizon,
        )
        .options(selectinload(SidewalkPermit.applicant))
        .order_by(SidewalkPermit.work_starts_on)
    ).all()
    for permit in applied:
        assert permit.work_starts_on is not None
        last = latest_issue_day(permit.work_starts_on, action.calendar)
        when = (
            "is the last day to issue it"
            if last == today
            else f"had to be issued by {format_day(last)}"
        )
        items.append(
            TodayItem(
                WORKFLOW,
                last,
                f"Sidewalk permit {permit.number}: work starts "
                f"{format_day(permit.work_starts_on)}, not issued",
                f"{permit.applicant.name}, {permit.location}: today {when}"
                if last == today
                else f"{permit.applicant.name}, {permit.location}: it {when}",
                PERMIT_CITE,
                RECORD_TYPE,
                str(permit.id),
            )
        )
    orders = session.scalars(
        select(SidewalkRepairOrder)
        .where(SidewalkRepairOrder.status.in_(_OPEN_ORDERS))
        .options(selectinload(SidewalkRepairOrder.owner))
        .order_by(SidewalkRepairOrder.id)
    ).all()
    for order in orders:
        kind = RepairOrderKind(order.kind)
        who = f"{order.owner.name}, {order.location}"
        ref = (ORDER_RECORD_TYPE, str(order.id))
        if RepairOrderStatus(order.status) is RepairOrderStatus.ORDERED:
            if kind is RepairOrderKind.MINOR:
                items.append(
                    TodayItem(
                        WORKFLOW,
                        None,
                        f"Minor sidewalk repair {order.number} directed, not yet made",
                        who,
                        MINOR_REPAIR_CITE,
                        *ref,
                    )
                )
            else:
                items.append(
                    TodayItem(
                        WORKFLOW,
                        order.ordered_on,
                        f"Repair order {order.number}: notice not yet served",
                        who,
                        REPAIR_CITE,
                        *ref,
                    )
                )
            continue
        due = order.repair_due_on
        if due is None or due > horizon:
            continue
        if kind is RepairOrderKind.EMERGENCY:
            title = f"Emergency repair {order.number}: not repaired, the City may repair"
        elif due >= today:
            title = f"Repair order {order.number}: the owner's 20 days end {format_day(due)}"
        else:
            title = (
                f"Repair order {order.number}: the owner's 20 days ended {format_day(due)}, "
                "the City may repair"
            )
        items.append(TodayItem(WORKFLOW, due, title, who, REPAIR_CITE, *ref))
    return items
