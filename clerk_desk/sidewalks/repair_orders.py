"""Orders to repair a defective sidewalk (Sidewalk article (Repair or replacement of defective
or damaged sidewalks); Wis. Stat. § 66.0907): the Council's order, the emergency direction, the
minor repair, the service of the notice, the owner's repair or the City's, charged to the
parcel as a special charge."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk.acting import refuse
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput, NotFound
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import (
    ChargeKind,
    RepairOrderKind,
    RepairOrderStatus,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    CouncilMeeting,
    Parcel,
    SidewalkRepairOrder,
    Street,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import get_party
from clerk_desk.sidewalks.acts import OrderAct, allow, city_repair_wait, order_kind_refusal
from clerk_desk.sidewalks.rules import (
    COUNCIL,
    MINOR_REPAIR_CITE,
    MINOR_REPAIR_LIMIT,
    NOTICE_CITE,
    ORDER_RECORD_TYPE,
    ORDER_SERIES,
    PUBLICATION,
    PUBLISHED_AND_MAILED,
    REPAIR_CITE,
    REPAIR_ORDER_CITE,
    SEARCH_LIMIT,
    SERVICE_METHODS,
    WHOLE_BLOCK_CITE,
    city_may_repair_from,
    minor_refusal,
    repair_due,
)
from clerk_desk.special_charges import service as sc
from clerk_desk.text_search import fold, words_match
from clerk_desk.validation import fits
from clerk_desk.words import format_day


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


def _checked_cost(kind: RepairOrderKind, cost: Money | None) -> Money | None:
    """The estimate: more than $0.00, and for a minor repair given and no more than $500.00."""
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
            raise InvalidInput(minor_refusal(cost), field="estimated_cost", cite=MINOR_REPAIR_CITE)
    return cost


def _checked_block(kind: RepairOrderKind, data: RepairOrderData) -> tuple[bool, str]:
    """The whole block, or a partial replacement and who approved it (Whole block repair);
    a minor repair is outside the rule."""
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
    return whole_block, approver


def _when_ordered(
    action: Action, kind: RepairOrderKind, data: RepairOrderData
) -> tuple[date, int | None, str]:
    """The day of the order, the Council meeting that made it (if one did) and who ordered it."""
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
    return ordered_on, meeting_id, ordered_by


def order_repair(action: Action, data: RepairOrderData) -> int:
    """Record an order to repair a sidewalk against the parcel's owner.

    A Council order (the Common Council "may order at any time property owners to repair or
    remove and replace" an unsafe, defective or insufficient sidewalk) is recorded by the Clerk
    against the meeting, held, that made it. A minor repair (up to $500) and an emergency
    direction are the Director of Public Works' (or the Council's designee's)."""
    kind = RepairOrderKind(data.kind)
    refuse(order_kind_refusal(action, kind))
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
    cost = _checked_cost(kind, data.estimated_cost)
    whole_block, approver = _checked_block(kind, data)
    ordered_on, meeting_id, ordered_by = _when_ordered(action, kind, data)
    today = action.today()
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
    return order.id


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
) -> int:
    """Record service of the notice on the owner (§ 66.0907(3)(c)): a Council order's 20 days
    run from it (:func:`repair_due`); an emergency's owner is to repair immediately, so its last
    day is the day of service. A minor repair is made without notice: nothing is served.
    ``mailed_copy``: served by publication, a copy was also mailed first class to the owner's
    known address (:func:`publication_mailing`); recorded as "publication and first-class
    mail". Without it, a publication is recorded and :func:`order_findings` reminds of it."""
    order = get_order(action.session, order_id, for_update=True)
    allow(action, OrderAct.SERVE, order)
    kind = RepairOrderKind(order.kind)
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
    return order.id


def city_may_repair_on(order: SidewalkRepairOrder) -> date | None:
    """:func:`~clerk_desk.sidewalks.rules.city_may_repair_from` of the order as recorded."""
    return city_may_repair_from(RepairOrderKind(order.kind), order.ordered_on, order.repair_due_on)


def owner_days_over(order: SidewalkRepairOrder, today: date) -> bool:
    """Whether the owner's time under a served notice has run without a repair recorded: the
    City may now make the repair itself (the register marks the order)."""
    first = city_may_repair_on(order)
    return (
        RepairOrderStatus(order.status) is RepairOrderStatus.SERVED
        and first is not None
        and today >= first
    )


def record_owner_repair(action: Action, order_id: int, *, on: date) -> int:
    """Record that the owner made the repair (the Director's inspection found it done)."""
    order = get_order(action.session, order_id, for_update=True)
    allow(action, OrderAct.OWNER_REPAIR, order)
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
    return order.id


def record_city_repair(
    action: Action, order_id: int, *, on: date, cost: Money, delivered_how: str = "mailed"
) -> int:
    """Record the City's repair and charge its cost to the owner as a special charge against
    the parcel, billed the day of the repair (``delivered_how``): "the City Treasurer shall
    enter the total cost thereof upon the tax roll as a special tax against said lot or parcel"
    (the charge has no due day: the Treasurer puts what is unpaid on the roll; a minor repair is
    charged "in the same manner" — :data:`clerk_desk.special_charges.rules.CLOCKS`).

    A Council order: only after the notice is served and the owner's 20 days have passed (the
    20th day refused, the 21st allowed). An emergency: from the day of service. A minor repair:
    no notice, and no more than $500.00.

    The order is read locked (:func:`get_order` ``for_update``): a second station recording the
    same repair waits for the first, then finds the order repaired and is refused, so the cost is
    charged once."""
    session = action.session
    order = get_order(session, order_id, for_update=True)
    allow(action, OrderAct.CITY_REPAIR, order)
    kind = RepairOrderKind(order.kind)
    if on > action.today():
        raise InvalidInput("The repair cannot be recorded for a day after today.", field="on")
    if cost <= Money.zero():
        raise InvalidInput("Enter the total cost of the City's repair.", field="cost")
    if kind is RepairOrderKind.MINOR and cost > MINOR_REPAIR_LIMIT:
        raise InvalidInput(minor_refusal(cost), field="cost", cite=MINOR_REPAIR_CITE)
    refuse(city_repair_wait(order, on))  # the day typed: the guard asked it of today
    before = snapshot(order)
    order.city_repaired_on, order.city_cost = on, cost
    order.status = RepairOrderStatus.CITY_REPAIRED
    minor = kind is RepairOrderKind.MINOR
    what = " ".join((order.work_required or order.defect).split())
    charge_id = sc.create_charge(
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
        f"the owner as special charge {sc.get_charge(action.session, charge_id).number}",
        before=before,
        after=snapshot(order),
    )
    return charge_id


def cancel_order(action: Action, order_id: int, *, reason: str) -> int:
    """Cancel an order not yet carried out (the Council rescinded it, the sidewalk was found
    sound). A Council order is cancelled by the Clerk recording the Council's act; a minor or
    emergency one by the Director."""
    order = get_order(action.session, order_id, for_update=True)
    allow(action, OrderAct.CANCEL, order)
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
    return order.id


def order_findings(order: SidewalkRepairOrder, *, today: date) -> list[Finding]:
    """Where the order stands, each cited: the notice to serve, the owner's days, the City's."""
    # One step per stage of the order, in the order they happen.
    kind = RepairOrderKind(order.kind)
    status = RepairOrderStatus(order.status)
    found: list[Finding] = []
    if status is RepairOrderStatus.ORDERED:
        found += _notice_to_serve(kind)
    if status is RepairOrderStatus.SERVED and order.repair_due_on is not None:
        found.append(_owners_days(kind, order.repair_due_on, today))
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


def _notice_to_serve(kind: RepairOrderKind) -> list[Finding]:
    """An order not yet served: a Council order's notice, an emergency's direction; a minor
    repair needs none."""
    if kind is RepairOrderKind.COUNCIL_ORDER:
        return [
            Finding(
                "warn",
                REPAIR_CITE,
                "The notice is not served yet: the owner's 20 days run from service, and the "
                "City may not repair before.",
            )
        ]
    if kind is RepairOrderKind.EMERGENCY:
        return [
            Finding(
                "warn",
                REPAIR_CITE,
                "The direction is not served yet: once it is, the owner is to repair "
                "immediately, and the City may repair from the day of service.",
            )
        ]
    if kind is RepairOrderKind.MINOR:
        return [
            Finding(
                "info",
                MINOR_REPAIR_CITE,
                "A minor repair (not more than $500.00) at the direction of the Director of "
                "Public Works, without notice; its cost may be charged to the abutting owner.",
            )
        ]
    return []


def _owners_days(kind: RepairOrderKind, due: date, today: date) -> Finding:
    """A served order: the owner's time to repair, and when the City may."""
    if kind is RepairOrderKind.EMERGENCY:
        return Finding(
            "warn",
            REPAIR_CITE,
            f"Emergency: the owner was directed {format_day(due)} to repair "
            "immediately; if not repaired, the City makes the repair.",
        )
    if today <= due:
        left = (due - today).days
        return Finding(
            "info",
            REPAIR_CITE,
            f"The owner has through {format_day(due)} to repair ({left} "
            f"day{'s' if left != 1 else ''} left); the City may repair from "
            f"{format_day(date.fromordinal(due.toordinal() + 1))}.",
        )
    return Finding(
        "warn",
        REPAIR_CITE,
        f"The owner's 20 days ended {format_day(due)} without a repair recorded: "
        "the City may repair the sidewalk and charge its cost to the parcel.",
    )


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
    query = query.where(*words_match(session, SidewalkRepairOrder.search_text, text))
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
