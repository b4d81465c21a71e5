"""What the Today tab lists for Sidewalks: applications near their last day to issue, appeals
waiting for the Council, repair orders whose owner's days end this week or have ended."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from clerk_desk.desk import Action
from clerk_desk.kinds import (
    RepairOrderKind,
    RepairOrderStatus,
    SidewalkPermitStatus,
)
from clerk_desk.models import (
    SidewalkPermit,
    SidewalkRepairOrder,
)
from clerk_desk.sidewalks.rules import (
    MINOR_REPAIR_CITE,
    OPEN_ORDERS,
    ORDER_RECORD_TYPE,
    PERMIT_CITE,
    PERMIT_LEAD_DAYS,
    RECORD_TYPE,
    REPAIR_CITE,
    TODAY_ISSUE_BUSINESS_DAYS,
    TODAY_WINDOW_DAYS,
    latest_issue_day,
)
from clerk_desk.today import TodayItem, provider
from clerk_desk.words import format_day

WORKFLOW = "Sidewalks"


@provider("sidewalks")
def _due(action: Action) -> list[TodayItem]:
    """Applications whose last day to issue comes within three business days (or has passed)
    and are not issued — early enough for the Director to act; appeals waiting for the Common
    Council's decision; repair orders whose owner's 20 days end this week or have ended without
    a repair (the City may act); notices not yet served."""
    return _applications(action) + _appeals(action) + _repair_orders(action)


def _applications(action: Action) -> list[TodayItem]:
    """Applications whose last day to issue comes within three business days, not issued."""
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
    return items


def _appeals(action: Action) -> list[TodayItem]:
    """Appeals waiting for the Common Council's decision."""
    items: list[TodayItem] = []
    appealed = action.session.scalars(
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
    return items


def _repair_orders(action: Action) -> list[TodayItem]:
    """Notices not yet served, minor repairs not made, and owners' days ending this week."""
    today = action.today()
    items: list[TodayItem] = []
    week = date.fromordinal(today.toordinal() + TODAY_WINDOW_DAYS)
    orders = action.session.scalars(
        select(SidewalkRepairOrder)
        .where(SidewalkRepairOrder.status.in_(OPEN_ORDERS))
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
