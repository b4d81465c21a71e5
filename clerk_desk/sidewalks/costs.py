"""Who pays for a permit's work, as the current Sidewalk Master Plan reads it (until the permit
is issued) or as fixed when it was: :func:`~clerk_desk.sidewalks.rules.cost_responsibility`
applied to the records."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk.kinds import (
    SidewalkWork,
)
from clerk_desk.models import (
    MasterPlanSegment,
    SidewalkPermit,
    SidewalkRepairOrder,
)
from clerk_desk.sidewalks.master_plan import covers, segment_for
from clerk_desk.sidewalks.rules import CostDecision, cost_responsibility


def order_number_of(session: Session, order_id: int | None) -> str:
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
        repair_order=order_number_of(session, repair_order_id),
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
        return _fixed_decision(permit, order_number_of(session, permit.repair_order_id))
    return cost_for(
        session,
        work=SidewalkWork(permit.work),
        street_id=permit.street_id,
        number=permit.address_number,
        bike_lane=permit.bike_lane,
        new_subdivision=permit.new_subdivision,
        repair_order_id=permit.repair_order_id,
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
                    if covers(s, permit.address_number, permit.bike_lane)
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
