"""The current Sidewalk Master Plan (Sidewalk article (Cost of sidewalks)): its segments, kept
by the Director of Public Works, and the look-up of the segment in front of a street number."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, selectinload

from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.models import (
    MasterPlanSegment,
    SidewalkPermit,
    Street,
)
from clerk_desk.sidewalks.acts import RegisterAct, SegmentAct, allow, allow_new
from clerk_desk.sidewalks.rules import (
    FACILITIES,
    MAX_STREET_NUMBER,
    SIDES,
    facilities_meet,
    facility_label,
    range_text,
    ranges_meet,
    side_of,
    sides_meet,
)
from clerk_desk.validation import fits


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
        if bound is not None and not 0 < bound <= MAX_STREET_NUMBER:
            raise InvalidInput(
                f"Street numbers are whole numbers from 1 to {MAX_STREET_NUMBER:,}; leave the "
                "bound empty for an open end.",
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


def _refuse_overlap(session: Session, data: SegmentData, own_id: int | None) -> None:
    """Two current segments may not both show the same facility in front of the same number:
    the plan would say the same thing twice, and a change to one would not change it."""
    for other in segments(session, street_id=data.street_id):
        if other.id == own_id:
            continue
        if (
            sides_meet(data.side, other.side)
            and facilities_meet(data.facility, other.facility)
            and ranges_meet(data.low_number, data.high_number, other.low_number, other.high_number)
        ):
            raise Conflict(
                f"That stretch overlaps the plan's segment {segment_label(other)}: change or "
                "retire that segment instead."
            )


def add_segment(action: Action, data: SegmentData) -> int:
    """Add a segment to the plan (KEEP_MASTER_PLAN). Permits not yet issued follow it."""
    allow_new(action, RegisterAct.NEW_SEGMENT)
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
    return segment.id


def _issued_under(session: Session, segment_id: int) -> int:
    """How many permits (or City contract records) fixed their cost under the segment."""
    return len(
        session.scalars(
            select(SidewalkPermit.id).where(SidewalkPermit.master_plan_segment_id == segment_id)
        ).all()
    )


def update_segment(action: Action, segment_id: int, data: SegmentData) -> int:
    """Change a segment. Its street, side, range and facility cannot change once a permit was
    issued under it (the permit must keep reading true): retire it and add a new one."""
    session = action.session
    segment = get_segment(session, segment_id, for_update=True)
    allow(action, SegmentAct.CHANGE, segment)
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
    return segment.id


def retire_segment(action: Action, segment_id: int, *, reason: str) -> int:
    """Take a segment off the current plan; it is kept for the permits issued under it."""
    segment = get_segment(action.session, segment_id, for_update=True)
    allow(action, SegmentAct.RETIRE, segment)
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
    return segment.id


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


def covers(segment: MasterPlanSegment, number: int, bike_lane: bool) -> bool:
    """:func:`segment_for`'s test, for a plan already read."""
    wanted = ("bike_lane", "both") if bike_lane else ("sidewalk", "both")
    return (
        segment.side in (side_of(number), "both")
        and segment.facility in wanted
        and (segment.low_number is None or segment.low_number <= number)
        and (segment.high_number is None or segment.high_number >= number)
    )
