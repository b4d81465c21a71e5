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

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, tzinfo

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, selectinload

from clerk_desk.clock import city_zone
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.findings import Finding, blocking
from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import (
    ChargeKind,
    CostPayer,
    RepairOrderKind,
    RepairOrderStatus,
    SidewalkPermitStatus,
    SidewalkWork,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_length
from clerk_desk.models import (
    CouncilMeeting,
    MasterPlanSegment,
    Parcel,
    SidewalkPermit,
    SidewalkRepairOrder,
    SpecialCharge,
    Street,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import fold, get_party
from clerk_desk.permissions import Permission
from clerk_desk.special_charges import service as sc
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import format_day

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
    "WHOLE_BLOCK_WORK",
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
    "completion_findings",
    "correct_application",
    "cost_finding",
    "cost_for",
    "cost_responsibility",
    "costs_for",
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
    "open_orders_for",
    "order_findings",
    "order_history",
    "order_kinds_for",
    "order_permission",
    "order_repair",
    "order_years",
    "owner_days_over",
    "payer_phrase",
    "payer_short",
    "permit_findings",
    "permit_years",
    "publication_mailing",
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
    "segment_labels",
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
CONTRACT_SERIES = "sidewalk_city_contract"  # City contract records: SWC-2026-001, their own series
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
TODAY_ISSUE_BUSINESS_DAYS = 3  # an application shows once its last day to issue is this near

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
PUBLICATION = "publication"
PUBLISHED_AND_MAILED = "publication and first-class mail"
"""How a notice served by publication is recorded when a copy was also mailed first class to the
owner's known address (Wis. Stat. § 66.0907(3)(c))."""
NOTICE_CITE = f"{STATUTE}(3)(c)"


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
    segment = get_segment(session, segment_id, for_update=True)
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
    segment = get_segment(action.session, segment_id, for_update=True)
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


def get_segment(
    session: Session, segment_id: int, *, for_update: bool = False
) -> MasterPlanSegment:
    """A segment of the plan; ``for_update`` (the services that change it) locks its row and
    reads it afresh."""
    segment = (
        session.get(MasterPlanSegment, segment_id, with_for_update=True, populate_existing=True)
        if for_update
        else session.get(MasterPlanSegment, segment_id)
    )
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


def segment_labels(session: Session) -> dict[int, str]:
    """Every segment's :func:`segment_label` (retired ones too), by id, read in one query: what a
    register naming the segment of each permit looks up (a plan has a few dozen segments)."""
    return {s.id: segment_label(s) for s in segments(session, include_retired=True)}


# == who pays ===================================================================================

_PAYER_PHRASES = {
    CostPayer.CITY: "the City of Prescott",
    CostPayer.OWNER: "the adjacent property owner",
    CostPayer.LAND_DIVIDER: "the land divider",
}
_PAYER_SHORT = {
    CostPayer.CITY: "City",
    CostPayer.OWNER: "Owner",
    CostPayer.LAND_DIVIDER: "Land divider",
}


def payer_phrase(payer: CostPayer) -> str:
    """ "the City of Prescott", "the adjacent property owner", "the land divider": who pays, as
    a sentence says it (the permit's "Paid 100% by …", the forms' cost box)."""
    return _PAYER_PHRASES[CostPayer(payer)]


def payer_short(payer: CostPayer) -> str:
    """ "City", "Owner", "Land divider": who pays, as a register column says it."""
    return _PAYER_SHORT[CostPayer(payer)]


@dataclass(frozen=True, slots=True)
class CostDecision:
    """Who pays for the work under the article's Cost of sidewalks, and why.

    ``payer`` pays the work; ``restoration_payer`` (a removal only) restores the area after it;
    ``segment_id`` is the master-plan segment that shows the sidewalk, if one does.
    ``follows_plan`` says whether the Sidewalk Master Plan decides the payer (a construction,
    reconstruction, replacement or removal not in a new subdivision nor under a repair order):
    until the permit is issued, such a decision moves with the plan. ``repair_order`` is the
    number of the repair order the work carries out, if any. ``findings`` are what the official
    should read with it (the reading of a silent case)."""

    payer: CostPayer
    restoration_payer: CostPayer | None
    cite: str
    reason: str
    segment_id: int | None
    findings: tuple[Finding, ...] = field(default=())
    follows_plan: bool = False
    repair_order: str = ""

    @property
    def summary(self) -> str:
        """ "Paid 100% by the City of Prescott" — the line the permit prints."""
        return f"Paid 100% by {payer_phrase(self.payer)}"

    @property
    def restoration(self) -> str:
        """ "Restoration of the area by the adjacent property owner", or ""."""
        if self.restoration_payer is None:
            return ""
        return f"Restoration of the area by {payer_phrase(self.restoration_payer)}"


_BUILT = (SidewalkWork.CONSTRUCT, SidewalkWork.RECONSTRUCT, SidewalkWork.REPLACE)
WHOLE_BLOCK_WORK = (SidewalkWork.REPAIR, SidewalkWork.REPLACE)
"""The work the whole-block rule is read to cover ("When repairing a sidewalk the entire block
will be repaired at one time unless approved … for partial replacement"): a repair, and the
replacement of squares it names. The review, the Issue form and the permit use this one list."""
_ORDER_WORK = (SidewalkWork.REPAIR, SidewalkWork.REPLACE, SidewalkWork.RECONSTRUCT)
"""The work that carries out a repair order: to "repair or remove and replace" the sidewalk."""


def cost_responsibility(
    work: SidewalkWork,
    *,
    on_master_plan: bool,
    new_subdivision: bool,
    segment_id: int | None = None,
    repair_order: str = "",
) -> CostDecision:
    """Who pays, as the article's Cost of sidewalks reads.

    * Work that carries out a repair order (``repair_order``, its number): the owner's. The
      Common Council ordered the owner to repair or remove and replace the sidewalk (Repair or
      replacement of defective or damaged sidewalks; Wis. Stat. § 66.0907), so the plan does not
      make it the City's.
    * A sidewalk or bicycle lane constructed in a new subdivision or development: the land
      divider, under Chapter 510 (New sidewalks and/or bicycle lanes: "required in new
      subdivisions" is about building them). A reconstruction or replacement there follows the
      plan as anywhere else, with a warning to check the development agreement.
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
      so the program reads every repair as the owner's, on the plan or not — and warns when the
      plan shows the sidewalk, since a reconstruction there would be the City's.
    """
    work = SidewalkWork(work)
    segment = segment_id if on_master_plan else None
    shown = "is shown" if on_master_plan else "is not shown"
    if repair_order:
        return CostDecision(
            CostPayer.OWNER,
            None,
            REPAIR_CITE,
            f"The work carries out repair order {repair_order}: the Common Council ordered the "
            "owner to repair or remove and replace the sidewalk at the owner's cost, whether or "
            "not the Sidewalk Master Plan shows it.",
            None,
            repair_order=repair_order,
        )
    if new_subdivision and work is SidewalkWork.CONSTRUCT:
        return CostDecision(
            CostPayer.LAND_DIVIDER,
            None,
            NEW_SUBDIVISION_CITE,
            "Sidewalks and bicycle lanes required in new subdivisions and developments are "
            "paid for by the land divider, under Chapter 510 of the Code.",
            segment,
        )
    subdivision_note: tuple[Finding, ...] = ()
    if new_subdivision and work in (SidewalkWork.RECONSTRUCT, SidewalkWork.REPLACE):
        subdivision_note = (
            Finding(
                "warn",
                NEW_SUBDIVISION_CITE,
                "The land divider pays for the sidewalks a new subdivision requires when they "
                "are constructed (Chapter 510). A reconstruction or replacement follows the "
                "Sidewalk Master Plan: check the development agreement before the permit issues.",
            ),
        )
    if work is SidewalkWork.CONSTRUCT:
        payer = CostPayer.CITY if on_master_plan else CostPayer.OWNER
        return CostDecision(
            payer,
            None,
            CONSTRUCTION_CITE,
            f"A sidewalk or bicycle lane constructed is paid for 100% by "
            f"{payer_phrase(payer)}: it {shown} on the current Sidewalk Master Plan.",
            segment,
            follows_plan=True,
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
            f"An existing sidewalk {what} is paid for 100% by {payer_phrase(payer)}: it "
            f"{shown} on the current Sidewalk Master Plan.",
            segment,
            subdivision_note,
            follows_plan=True,
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
                follows_plan=True,
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
            follows_plan=True,
        )
    planned: tuple[Finding, ...] = ()
    if on_master_plan:
        planned = (
            Finding(
                "warn",
                COST_CITE,
                "The current Sidewalk Master Plan shows this sidewalk: a repair is the owner's, "
                "but a reconstruction or replacement here would be the City's. Confirm the kind "
                "of work with the Director of Public Works.",
            ),
        )
    return CostDecision(  # SidewalkWork.REPAIR
        CostPayer.OWNER,
        None,
        COST_CITE,
        "Repairs are the abutting property owner's: the Cost of sidewalks paragraph does not "
        "name them, and the article charges every repair to the owner (minor repairs as major "
        "ones; a Council order's cost as a special tax on the parcel), whether or not the "
        "Sidewalk Master Plan shows the sidewalk.",
        segment,
        planned,
    )


def _order_number(session: Session, order_id: int | None) -> str:
    if order_id is None:
        return ""
    order = session.get(SidewalkRepairOrder, order_id)
    return order.number if order is not None else f"number {order_id}"


def cost_for(
    session: Session,
    *,
    work: SidewalkWork,
    street_id: int | None,
    number: int | None,
    bike_lane: bool,
    new_subdivision: bool,
    repair_order_id: int | None = None,
) -> CostDecision:
    """Who pays for ``work`` at a street number as the current plan reads today: the one rule
    the application form, the master-plan look-up, the review and the register share."""
    segment = None
    if street_id is not None and number is not None:
        segment = segment_for(session, street_id=street_id, number=number, bike_lane=bike_lane)
    return cost_responsibility(
        work,
        on_master_plan=segment is not None,
        new_subdivision=new_subdivision,
        segment_id=segment.id if segment is not None else None,
        repair_order=_order_number(session, repair_order_id),
    )


def _fixed_decision(permit: SidewalkPermit, order_number: str) -> CostDecision:
    return cost_responsibility(
        SidewalkWork(permit.work),
        on_master_plan=permit.master_plan_segment_id is not None,
        new_subdivision=permit.new_subdivision,
        segment_id=permit.master_plan_segment_id,
        repair_order=order_number,
    )


def decide_cost(session: Session, permit: SidewalkPermit) -> CostDecision:
    """The cost decision of a permit: as fixed when it was issued, or as the current plan reads
    (:func:`cost_for` on its street, number and facility) until then."""
    if permit.cost_payer is not None:  # fixed at issuance (or when City work was recorded)
        return _fixed_decision(permit, _order_number(session, permit.repair_order_id))
    return cost_for(
        session,
        work=SidewalkWork(permit.work),
        street_id=permit.street_id,
        number=permit.address_number,
        bike_lane=permit.bike_lane,
        new_subdivision=permit.new_subdivision,
        repair_order_id=permit.repair_order_id,
    )


def _covers(segment: MasterPlanSegment, number: int, bike_lane: bool) -> bool:
    """:func:`segment_for`'s test, for a plan already read."""
    wanted = ("bike_lane", "both") if bike_lane else ("sidewalk", "both")
    return (
        segment.side in (side_of(number), "both")
        and segment.facility in wanted
        and (segment.low_number is None or segment.low_number <= number)
        and (segment.high_number is None or segment.high_number >= number)
    )


def costs_for(session: Session, permits: Sequence[SidewalkPermit]) -> dict[int, CostDecision]:
    """:func:`decide_cost` of many permits (a register), by permit id: the current plan and the
    repair orders named are read once, not once a permit."""
    order_ids = {p.repair_order_id for p in permits if p.repair_order_id is not None}
    numbers = (
        {
            order_id: number
            for order_id, number in session.execute(
                select(SidewalkRepairOrder.id, SidewalkRepairOrder.number).where(
                    SidewalkRepairOrder.id.in_(order_ids)
                )
            )
        }
        if order_ids
        else {}
    )
    plan: dict[int, list[MasterPlanSegment]] | None = None
    decided: dict[int, CostDecision] = {}
    for permit in permits:
        order = numbers.get(permit.repair_order_id, "") if permit.repair_order_id else ""
        if permit.cost_payer is not None:
            decided[permit.id] = _fixed_decision(permit, order)
            continue
        segment = None
        if permit.street_id is not None and permit.address_number is not None:
            if plan is None:
                plan = {}
                for row in session.scalars(
                    select(MasterPlanSegment)
                    .where(MasterPlanSegment.active.is_(True))
                    .order_by(MasterPlanSegment.id)
                ):
                    plan.setdefault(row.street_id, []).append(row)
            segment = next(
                (
                    s
                    for s in plan.get(permit.street_id, [])
                    if _covers(s, permit.address_number, permit.bike_lane)
                ),
                None,
            )
        decided[permit.id] = cost_responsibility(
            SidewalkWork(permit.work),
            on_master_plan=segment is not None,
            new_subdivision=permit.new_subdivision,
            segment_id=segment.id if segment is not None else None,
            repair_order=order,
        )
    return decided


def cost_finding(decision: CostDecision) -> Finding:
    """The review's line on who pays ("Paid 100% by …", the reason, who restores), cited to the
    paragraph that decides it. The forms that show the decision in a box of their own leave
    this one out of their list of findings."""
    text = f"{decision.summary}. {decision.reason}"
    if decision.restoration:
        text += f" {decision.restoration}."
    return Finding("info", decision.cite, text)


# == permits ====================================================================================


@dataclass(frozen=True, slots=True)
class PermitData:
    """What the sidewalk permit application form holds. Widths in whole inches (lengths.py).

    ``repair_order_id`` names the repair order (Wis. Stat. § 66.0907) the work carries out: the
    owner ordered to repair or remove and replace the sidewalk pays for it, plan or no plan."""

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
    repair_order_id: int | None = None


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
    parcel_id = data.parcel_id
    if data.repair_order_id is not None:
        order = session.get(SidewalkRepairOrder, data.repair_order_id)
        if order is None:
            raise NotFound(f"There is no sidewalk repair order number {data.repair_order_id}.")
        if parcel_id is None:
            parcel_id = order.parcel_id  # the order names the parcel whose owner does the work
        elif parcel_id != order.parcel_id:
            raise InvalidInput(
                f"Repair order {order.number} is for another parcel: choose its parcel, or "
                "no repair order.",
                field="repair_order_id",
            )
        if work not in _ORDER_WORK:
            raise InvalidInput(
                f"Repair order {order.number} is carried out by repairing, or removing and "
                f"replacing, the sidewalk: not by a {work.label.lower()}.",
                field="repair_order_id",
                cite=REPAIR_ORDER_CITE,
            )
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
        "parcel_id": parcel_id,
        "repair_order_id": data.repair_order_id,
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
        _order_number(session, permit.repair_order_id),
    ]
    return fold(" ".join(w for w in words if w))


def _refuse_closed_order(session: Session, order_id: int | None) -> None:
    """A permit names a repair order still to be carried out (ordered or served)."""
    order = session.get(SidewalkRepairOrder, order_id) if order_id is not None else None
    if order is not None and RepairOrderStatus(order.status) not in _OPEN_ORDERS:
        raise Conflict(
            f"Repair order {order.number} is {_order_state(order).lower()}: a permit names an "
            "order still to be carried out."
        )


def _save_permit(action: Action, data: PermitData, status: SidewalkPermitStatus) -> SidewalkPermit:
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    values = _clean_permit(session, data)
    _refuse_closed_order(session, data.repair_order_id)
    year = action.today().year
    contract = status is SidewalkPermitStatus.CITY_CONTRACT
    sequence = take_number(action, CONTRACT_SERIES if contract else PERMIT_SERIES, year=year)
    permit = SidewalkPermit(
        **values,
        number=f"{'SWC' if contract else 'SW'}-{year}-{sequence:03d}",
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
    ordered = _order_number(action.session, permit.repair_order_id)
    action.audit(
        "sidewalk.apply",
        permit,
        f"Sidewalk permit {permit.number} applied for by {applicant.name} "
        f"({SidewalkWork(permit.work).label.lower()}, {permit.location}"
        + (f", carrying out repair order {ordered}" if ordered else "")
        + "); no fee is charged",
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
    history is whole, numbered in its own series (SWC-2026-001: it is no permit); who pays is
    fixed now, as the plan reads today (:func:`cost_for`, as the form shows it)."""
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


_COST_FIELDS = (
    "work",
    "street_id",
    "address_number",
    "bike_lane",
    "new_subdivision",
    "repair_order_id",
)
"""What a City contract record's payer was fixed from: only a correction of one of these reads
the plan again (a correction of the contractor's name leaves who pays as it was)."""


def correct_application(action: Action, permit_id: int, data: PermitData) -> SidewalkPermit:
    """Correct an application not yet decided (or a City contract record not completed). A City
    contract record's payer is read again from today's plan only when the work, the street, the
    number, the facility, the subdivision or the repair order changes."""
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    permit = get_permit(session, permit_id, for_update=True)
    status = SidewalkPermitStatus(permit.status)
    if status not in (SidewalkPermitStatus.APPLIED, SidewalkPermitStatus.CITY_CONTRACT) or (
        permit.completed_on is not None
    ):
        raise Conflict(
            f"Sidewalk permit {permit.number} is {_state(permit).lower()}: only an application "
            "not yet decided can be corrected."
        )
    values = _clean_permit(session, data)
    if values["repair_order_id"] != permit.repair_order_id:
        _refuse_closed_order(session, data.repair_order_id)
    recost = any(values[key] != getattr(permit, key) for key in _COST_FIELDS)
    before = snapshot(permit)
    for key, value in values.items():
        setattr(permit, key, value)
    if status is SidewalkPermitStatus.CITY_CONTRACT and recost:
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


def earliest_start(issue_day: date, calendar: CityCalendar) -> date:
    """The first day work may start under a permit issued on ``issue_day``: seven days later.

    It is the inverse of :func:`latest_issue_day`: the seven days are counted back from the
    start and never moved (``CityCalendar.latest_day_before`` is the start less seven days on
    every calendar), so the first start whose latest issue day is not before ``issue_day`` is
    seven days after it. ``calendar`` is accepted so callers pass the City's, as they do to
    :func:`latest_issue_day`."""
    del calendar  # the count back is never moved: no calendar changes it
    return date.fromordinal(issue_day.toordinal() + PERMIT_LEAD_DAYS)


def latest_issue_day(work_starts_on: date, calendar: CityCalendar) -> date:
    """The last day a permit may be issued for work starting ``work_starts_on``: "at least seven
    days before work is proposed to be undertaken", counted back (the start day not counted)
    and never moved (``CityCalendar.latest_day_before``): moving it later would leave fewer than
    seven days."""
    return calendar.latest_day_before(work_starts_on, PERMIT_LEAD_DAYS)


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
    if permit.width_in > RESIDENTIAL_WIDTH_IN and work is SidewalkWork.CONSTRUCT:
        # a repair or replacement may keep the existing width ("not less than the existing")
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


def open_orders_for(session: Session, parcel_id: int) -> list[SidewalkRepairOrder]:
    """The repair orders against a parcel still to be carried out (ordered or served), oldest
    first: the ones a permit for work on its sidewalk may carry out."""
    return list(
        session.scalars(
            select(SidewalkRepairOrder)
            .where(
                SidewalkRepairOrder.parcel_id == parcel_id,
                SidewalkRepairOrder.status.in_(_OPEN_ORDERS),
            )
            .order_by(SidewalkRepairOrder.ordered_on, SidewalkRepairOrder.id)
        )
    )


def _order_findings_of_permit(session: Session, permit: SidewalkPermit) -> list[Finding]:
    """What the parcel's repair orders say about the permit: an open order the application does
    not name (is this the ordered work? then the owner pays), or the order it names closed."""
    found: list[Finding] = []
    if permit.repair_order_id is not None:
        order = session.get(SidewalkRepairOrder, permit.repair_order_id)
        if order is not None and RepairOrderStatus(order.status) not in _OPEN_ORDERS:
            found.append(
                Finding(
                    "warn",
                    REPAIR_CITE,
                    f"Repair order {order.number} is {_order_state(order).lower()}: check that "
                    "this work still carries it out.",
                )
            )
        return found
    if permit.parcel_id is None:
        return found
    for order in open_orders_for(session, permit.parcel_id):
        found.append(
            Finding(
                "warn",
                REPAIR_CITE,
                f"Repair order {order.number} against this parcel "
                f"({RepairOrderKind(order.kind).label}, {order.location}) is open: if this "
                "work carries it out, name the order on the application — the owner pays for "
                "work the Council ordered, whatever the plan shows.",
            )
        )
    return found


def permit_findings(
    session: Session,
    permit: SidewalkPermit,
    *,
    today: date,
    calendar: CityCalendar,
    decision: CostDecision | None = None,
) -> list[Finding]:
    """Everything the article says about issuing ``permit`` today, each cited: the seven days,
    the address the plan is read at, the width, who pays (:func:`cost_finding`), the parcel's
    repair orders, whole-block repairs. ``decision`` is :func:`decide_cost`'s, when read
    already."""
    status = SidewalkPermitStatus(permit.status)
    work = SidewalkWork(permit.work)
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
    plan_free = (
        permit.new_subdivision and work is SidewalkWork.CONSTRUCT
    ) or permit.repair_order_id is not None
    if not located and not plan_free:
        found.append(
            Finding(
                "block" if status is SidewalkPermitStatus.APPLIED else "warn",
                COST_CITE,
                "Give the street and the street number the sidewalk is in front of: who pays "
                "depends on whether the current Sidewalk Master Plan shows it there.",
            )
        )
    street = session.get(Street, permit.street_id) if permit.street_id is not None else None
    number = permit.address_number
    if (
        street is not None
        and number is not None
        and not street.range_low <= number <= street.range_high
    ):
        found.append(
            Finding(
                "warn",
                COST_CITE,
                f"{number} is outside {street.full_name}'s numbers "
                f"({street.range_low}-{street.range_high}): check the address.",
            )
        )
    found += _width_findings(permit)
    decision = decision or decide_cost(session, permit)
    found.append(cost_finding(decision))
    found += decision.findings
    found += _order_findings_of_permit(session, permit)
    owner_pays = CostPayer.OWNER in (decision.payer, decision.restoration_payer)
    if owner_pays and permit.parcel_id is None:
        found.append(
            Finding(
                "warn",
                COST_CITE,
                "The adjacent property owner pays, and no parcel is named: choose the parcel.",
            )
        )
    if work in WHOLE_BLOCK_WORK:
        found.append(
            Finding(
                "info",
                WHOLE_BLOCK_CITE,
                "Partial replacement approved by the Director of Public Works."
                if permit.partial_replacement_approved
                else "When a sidewalk is repaired the entire block is repaired at one time, "
                "unless the Director of Public Works approves a partial replacement (tick it "
                "when issuing the permit).",
            )
        )
    if permit.new_subdivision and work is SidewalkWork.CONSTRUCT:
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


def issue(
    action: Action,
    permit_id: int,
    *,
    conditions: str = "",
    partial_replacement: bool = False,
) -> SidewalkPermit:
    """Issue the permit (the Director of Public Works or his designee): who pays and the plan
    segment are fixed now, so a later change of the plan leaves the permit as it was.
    ``partial_replacement`` is the Director's approval of a partial replacement of the block
    (Whole block repair), for the work that rule covers (:data:`WHOLE_BLOCK_WORK`)."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    session = action.session
    permit = get_permit(session, permit_id, for_update=True)
    _refuse_unless(permit, SidewalkPermitStatus.APPLIED, doing="only an application can be issued.")
    work = SidewalkWork(permit.work)
    if partial_replacement and work not in WHOLE_BLOCK_WORK:
        raise InvalidInput(
            f"A partial replacement is approved for a repair or a replacement of the block, "
            f"not a {work.label.lower()}.",
            field="partial_replacement",
            cite=WHOLE_BLOCK_CITE,
        )
    stop = blocking(review(action, permit_id))
    if stop:
        raise InvalidInput(stop[0].text, field="decision", cite=stop[0].cite)
    before = snapshot(permit)
    decision = _fix_cost(session, permit)
    permit.status = SidewalkPermitStatus.ISSUED
    permit.decided_on, permit.decided_by_name = action.today(), action.operator.full_name
    permit.conditions = _lines(conditions)
    permit.partial_replacement_approved = bool(partial_replacement)
    partial = "; partial replacement approved" if partial_replacement else ""
    action.audit(
        "sidewalk.issue",
        permit,
        f"Sidewalk permit {permit.number} issued (no fee); {decision.summary.lower()}{partial}",
        before=before,
        after=snapshot(permit),
    )
    return permit


def deny(action: Action, permit_id: int, *, reasons: str) -> SidewalkPermit:
    """Deny the permit, with reasons; the applicant may appeal to the Common Council."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    permit = get_permit(action.session, permit_id, for_update=True)
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
    permit = get_permit(action.session, permit_id, for_update=True)
    _refuse_unless(
        permit, SidewalkPermitStatus.DENIED, doing="only a denial can be appealed to the Council."
    )
    denied_on = permit.decided_on or permit.applied_on
    if filed_on > action.today():
        raise InvalidInput("The appeal cannot be filed later than today.", field="filed_on")
    if filed_on < denied_on:
        raise InvalidInput(
            f"The appeal cannot come before the denial ({format_day(denied_on)}).",
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
    permit = get_permit(session, permit_id, for_update=True)
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


def _issued_on(permit: SidewalkPermit) -> date | None:
    """The day the permit was obtained: the Director's issue, or the Council's grant on appeal."""
    status = SidewalkPermitStatus(permit.status)
    if status is SidewalkPermitStatus.ISSUED_ON_APPEAL or (
        status is SidewalkPermitStatus.COMPLETED and permit.appeal_decided_on is not None
    ):
        return permit.appeal_decided_on
    if status in (SidewalkPermitStatus.ISSUED, SidewalkPermitStatus.COMPLETED):
        return permit.decided_on
    return None


def completion_findings(permit: SidewalkPermit, on: date, calendar: CityCalendar) -> list[Finding]:
    """What recording the work completed on ``on`` calls for: completed before the seventh day
    after the permit, the work was started sooner than the article allows (the permit is
    obtained at least seven days before the work). It is recorded all the same — the work is
    done — with this warning for the Director to follow up."""
    issued = _issued_on(permit)
    if issued is None:
        return []
    earliest = earliest_start(issued, calendar)
    if on >= earliest:
        return []
    return [
        Finding(
            "warn",
            PERMIT_CITE,
            f"Completed {format_day(on)}, before {format_day(earliest)}: the work began fewer "
            f"than seven days after the permit ({format_day(issued)}). It is recorded as done; "
            "the Director of Public Works may follow it up.",
        )
    ]


def complete(action: Action, permit_id: int, *, on: date) -> SidewalkPermit:
    """Record the work completed (an issued permit, or City contract work, which keeps its
    status and gains the day). Completed before the seventh day after the permit, it is recorded
    with the warning of :func:`completion_findings` in the history."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    permit = get_permit(action.session, permit_id, for_update=True)
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
    early = completion_findings(permit, on, action.calendar)
    before = snapshot(permit)
    permit.completed_on = on
    if SidewalkPermitStatus(permit.status) is not SidewalkPermitStatus.CITY_CONTRACT:
        permit.status = SidewalkPermitStatus.COMPLETED
    action.audit(
        "sidewalk.complete",
        permit,
        f"Sidewalk work {permit.number} completed {format_day(on)}"
        + (f". {early[0].text}" if early else ""),
        before=before,
        after=snapshot(permit),
    )
    return permit


def withdraw(action: Action, permit_id: int, *, reason: str) -> SidewalkPermit:
    """The applicant withdraws an application not yet decided, a denial, or an appeal."""
    action.require(Permission.TAKE_APPLICATIONS)
    permit = get_permit(action.session, permit_id, for_update=True)
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


def get_permit(session: Session, permit_id: int, *, for_update: bool = False) -> SidewalkPermit:
    """The permit (or application, or City contract record) ``permit_id``. Every service that
    writes it reads it with ``for_update``: its row is locked until the transaction ends and read
    afresh, so two stations acting on one permit take turns (on PostgreSQL the second waits,
    then sees what the first did and is refused) instead of both passing the same check."""
    permit = (
        session.get(SidewalkPermit, permit_id, with_for_update=True, populate_existing=True)
        if for_update
        else session.get(SidewalkPermit, permit_id)
    )
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
        selectinload(SidewalkPermit.parcel).selectinload(Parcel.owner),
        selectinload(SidewalkPermit.segment).selectinload(MasterPlanSegment.street),
        selectinload(SidewalkPermit.appeal_meeting),
    ).order_by(SidewalkPermit.applied_at.desc(), SidewalkPermit.id.desc())
    return list(session.scalars(query.limit(limit)))


def permit_years(session: Session) -> list[int]:
    """The years the permit register has records for, newest first."""
    return sorted(set(session.scalars(select(SidewalkPermit.year))), reverse=True)


def history(session: Session, permit_id: int, *, zone: tzinfo | None = None) -> list[HistoryEntry]:
    """Every step of the permit, oldest first: its audit entries and those of its fees."""
    return records_history(session, RecordRef(RECORD_TYPE, str(permit_id)), zone=zone)


# == repair orders (Wis. Stat. § 66.0907) ========================================================


@dataclass(frozen=True, slots=True)
class RepairOrderData:
    """An order to repair or replace a sidewalk, as the repair-order form holds it.

    A Council order names the meeting (held) at which it was ordered, and is dated that day; a
    minor repair names its estimated cost (at most $500), any order may; ``whole_block`` False
    needs the Director of Public Works' approval of a partial replacement
    (``partial_approved_by``) — except for a minor repair, to which nothing in the section
    applies (Minor repairs): it has no whole-block rule, and names no approval.
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


def order_permission(kind: RepairOrderKind) -> Permission:
    """Who records an order of ``kind``: a Council order is the Clerk's record of the Council's
    act (TAKE_APPLICATIONS); an emergency direction or a minor repair is the Director of Public
    Works' (APPROVE_WORK_PERMITS)."""
    if RepairOrderKind(kind) is RepairOrderKind.COUNCIL_ORDER:
        return Permission.TAKE_APPLICATIONS
    return Permission.APPROVE_WORK_PERMITS


def order_kinds_for(may: Callable[[Permission], bool]) -> list[RepairOrderKind]:
    """The kinds of order someone may record, given ``may(permission)`` (the operator's
    ``may``): the order form offers only these."""
    return [kind for kind in RepairOrderKind if may(order_permission(kind))]


def order_repair(action: Action, data: RepairOrderData) -> SidewalkRepairOrder:
    """Record an order to repair a sidewalk against the parcel's owner.

    A Council order (the Common Council "may order at any time property owners to repair or
    remove and replace" an unsafe, defective or insufficient sidewalk) is recorded by the Clerk
    against the meeting, held, that made it. A minor repair (up to $500) and an emergency
    direction are the Director of Public Works' (or the Council's designee's)."""
    kind = RepairOrderKind(data.kind)
    action.require(order_permission(kind))
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
    whole_block = bool(data.whole_block)
    if kind is RepairOrderKind.MINOR:
        if approver:
            raise InvalidInput(
                "Nothing in the section applies to minor repairs: the whole-block rule does "
                "not, so no partial replacement is approved. Clear the name.",
                field="partial_approved_by",
                cite=MINOR_REPAIR_CITE,
            )
        whole_block = True  # stored as the rule's default; shown as "does not apply"
    elif not whole_block and not approver:
        raise InvalidInput(
            "The entire block is repaired at one time unless the Director of Public Works "
            "approves a partial replacement: name who approved it.",
            field="partial_approved_by",
            cite=WHOLE_BLOCK_CITE,
        )
    if whole_block and approver:
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
        whole_block=whole_block,
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


def get_order(session: Session, order_id: int, *, for_update: bool = False) -> SidewalkRepairOrder:
    """The repair order ``order_id``. Every service that changes an order reads it with
    ``for_update`` (the row locked until the transaction ends, read afresh): two stations
    recording the same City repair take turns, and the second is refused — one special charge,
    not two."""
    order = (
        session.get(SidewalkRepairOrder, order_id, with_for_update=True, populate_existing=True)
        if for_update
        else session.get(SidewalkRepairOrder, order_id)
    )
    if order is None:
        raise NotFound(f"There is no sidewalk repair order number {order_id}.")
    return order


def _order_state(order: SidewalkRepairOrder) -> str:
    return RepairOrderStatus(order.status).label


def _owner_address(order: SidewalkRepairOrder) -> str:
    owner = order.owner
    town = " ".join(p for p in (f"{owner.city}," if owner.city else "", owner.state) if p)
    last = " ".join(p for p in (town, owner.postal_code) if p).strip(", ")
    return ", ".join(p for p in (owner.street.strip(), last) if p)


def publication_mailing(order: SidewalkRepairOrder) -> str:
    """What service by publication calls for when the owner's post-office address is known: a
    copy of the notice mailed to it by first-class mail (Wis. Stat. § 66.0907(3)(c)); "" when
    no address is on record. The service form asks for it; the City Attorney answers for the
    statute's reading."""
    address = _owner_address(order)
    if not address:
        return ""
    return (
        f"The owner's address is known ({address}): with service by publication, a copy of "
        "the notice is also mailed to it by first-class mail."
    )


def record_service(
    action: Action,
    order_id: int,
    *,
    served_on: date,
    how: str,
    by_name: str,
    mailed_copy: bool = False,
) -> SidewalkRepairOrder:
    """Record service of the notice on the owner (§ 66.0907(3)(c)): a Council order's 20 days
    run from it (:func:`repair_due`); an emergency's owner is to repair immediately, so its last
    day is the day of service. A minor repair is made without notice: nothing is served.
    ``mailed_copy``: served by publication, a copy was also mailed first class to the owner's
    known address (:func:`publication_mailing`); recorded as "publication and first-class
    mail". Without it, a publication is recorded and :func:`order_findings` reminds of it."""
    action.require(Permission.TAKE_APPLICATIONS)
    order = get_order(action.session, order_id, for_update=True)
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
    if mailed_copy and method == PUBLICATION:
        method = PUBLISHED_AND_MAILED
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


def owner_days_over(order: SidewalkRepairOrder, today: date) -> bool:
    """Whether the owner's time under a served notice has run without a repair recorded: the
    City may now make the repair itself (the register marks the order)."""
    first = city_may_repair_on(order)
    return (
        RepairOrderStatus(order.status) is RepairOrderStatus.SERVED
        and first is not None
        and today >= first
    )


def record_owner_repair(action: Action, order_id: int, *, on: date) -> SidewalkRepairOrder:
    """Record that the owner made the repair (the Director's inspection found it done)."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    order = get_order(action.session, order_id, for_update=True)
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
    charged "in the same manner" — :data:`clerk_desk.special_charges.service.CLOCKS`).

    A Council order: only after the notice is served and the owner's 20 days have passed (the
    20th day refused, the 21st allowed). An emergency: from the day of service. A minor repair:
    no notice, and no more than $500.00.

    The order is read locked (:func:`get_order` ``for_update``): a second station recording the
    same repair waits for the first, then finds the order repaired and is refused, so the cost is
    charged once."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    action.require(Permission.BILL)
    session = action.session
    order = get_order(session, order_id, for_update=True)
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
            f"The direction of {order.number} is not served: the owner is to repair "
            "immediately once it is, and the City may repair from the day of service."
            if kind is RepairOrderKind.EMERGENCY
            else f"The notice of {order.number} is not served: the owner has 20 days after "
            "service before the City may repair.",
            field="on",
            cite=REPAIR_CITE,
        )
    if on < first:
        if kind is RepairOrderKind.COUNCIL_ORDER and order.repair_due_on is not None:
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
    action.require(order_permission(RepairOrderKind(order.kind)))
    order = get_order(action.session, order_id, for_update=True)
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
    if status is RepairOrderStatus.ORDERED and kind is RepairOrderKind.COUNCIL_ORDER:
        found.append(
            Finding(
                "warn",
                REPAIR_CITE,
                "The notice is not served yet: the owner's 20 days run from service, and the "
                "City may not repair before.",
            )
        )
    if status is RepairOrderStatus.ORDERED and kind is RepairOrderKind.EMERGENCY:
        found.append(
            Finding(
                "warn",
                REPAIR_CITE,
                "The direction is not served yet: once it is, the owner is to repair "
                "immediately, and the City may repair from the day of service.",
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
    if order.served_how == PUBLICATION:
        mailing = publication_mailing(order)
        if mailing:
            found.append(Finding("warn", NOTICE_CITE, f"{mailing} No mailing is recorded."))
    if not order.whole_block and kind is not RepairOrderKind.MINOR:
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


def order_history(
    session: Session, order_id: int, *, zone: tzinfo | None = None
) -> list[HistoryEntry]:
    """Every step of the order, oldest first, with its amounts due's and its special charge's
    (billed, certified), whether or not the order billed an amount due itself."""
    charges = sc.charges_for(session, ORDER_RECORD_TYPE, str(order_id))
    return records_history(
        session,
        RecordRef(ORDER_RECORD_TYPE, str(order_id)),
        zone=zone,
        related=[RecordRef(sc.RECORD_TYPE, str(charge.id)) for charge in charges],
    )


# == the Today tab ==============================================================================

WORKFLOW = "Sidewalks"


@provider("sidewalks")
def _due(action: Action) -> list[TodayItem]:
    """Applications whose last day to issue comes within three business days (or has passed)
    and are not issued — early enough for the Director to act; appeals waiting for the Common
    Council's decision; repair orders whose owner's 20 days end this week or have ended without
    a repair (the City may act); notices not yet served."""
    session, today, calendar = action.session, action.today(), action.calendar
    soon = calendar.add_business_days(today, TODAY_ISSUE_BUSINESS_DAYS)
    horizon = date.fromordinal(soon.toordinal() + PERMIT_LEAD_DAYS)  # the starts that need it
    items: list[TodayItem] = []
    applied = session.scalars(
        select(SidewalkPermit)
        .where(
            SidewalkPermit.status == SidewalkPermitStatus.APPLIED,
            SidewalkPermit.work_starts_on.is_not(None),
            SidewalkPermit.work_starts_on <= horizon,
        )
        .options(selectinload(SidewalkPermit.applicant))
        .order_by(SidewalkPermit.work_starts_on, SidewalkPermit.id)
    ).all()
    for permit in applied:
        start = permit.work_starts_on or today  # never None: the query asks for a start
        last = latest_issue_day(start, calendar)
        if last > soon:
            continue
        if last > today:
            when = f"issue it by {format_day(last)}"
        elif last == today:
            when = "today is the last day to issue it"
        else:
            when = f"it had to be issued by {format_day(last)}"
        items.append(
            TodayItem(
                WORKFLOW,
                last,
                f"Sidewalk permit {permit.number}: work starts {format_day(start)}, not issued",
                f"{permit.applicant.name}, {permit.location}: {when}",
                PERMIT_CITE,
                RECORD_TYPE,
                str(permit.id),
            )
        )
    appealed = session.scalars(
        select(SidewalkPermit)
        .where(SidewalkPermit.status == SidewalkPermitStatus.APPEALED)
        .options(selectinload(SidewalkPermit.applicant))
        .order_by(SidewalkPermit.appeal_filed_on, SidewalkPermit.id)
    ).all()
    for permit in appealed:
        filed = f"filed {format_day(permit.appeal_filed_on)}" if permit.appeal_filed_on else "filed"
        items.append(
            TodayItem(
                WORKFLOW,
                None,
                f"Sidewalk permit {permit.number}: appeal to the Common Council not decided",
                f"{permit.applicant.name}, {permit.location}: appeal of the denial {filed}; "
                "record the Council's decision once it has met",
                PERMIT_CITE,
                RECORD_TYPE,
                str(permit.id),
            )
        )
    week = date.fromordinal(today.toordinal() + TODAY_WINDOW_DAYS)
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
        if due is None or due > week:
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
