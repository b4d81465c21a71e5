"""The acts on a sidewalk permit, a repair order and a segment of the master plan, and why each
is refused now (the sidewalk article before § 506-6; Wis. Stat. § 66.0907).

Each act the Sidewalks tab offers is a member of :class:`PermitAct`, :class:`OrderAct` or
:class:`SegmentAct`. Its rule is written here once: the permissions it needs and a guard, a
small function of the record as saved that returns the refusal (a
:class:`~clerk_desk.errors.ClerkDeskError`) or None. The service of the act calls :func:`allow`
right after it has read its record locked, which raises the refusal; the window reads
:func:`~clerk_desk.sidewalks.details.permit_acts` (and the order's, the segment's), which report
the same refusal's words for every act at once, so that a button is enabled, or explains why
not, by the very rule the service enforces.

What the guards judge is the record's state only. What the clerk types into the act's form (a
day after today, a meeting before the appeal, the reasons left empty) is checked by the service
after :func:`allow`, and said under the field.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import date
from typing import Generic, TypeVar

from clerk_desk.acting import (
    allow_by_permission,
    as_words,
    permission_acts,
    permission_refusal,
    refuse,
)
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict, InvalidInput
from clerk_desk.kinds import RepairOrderKind, RepairOrderStatus, SidewalkPermitStatus
from clerk_desk.models import MasterPlanSegment, SidewalkPermit, SidewalkRepairOrder
from clerk_desk.permissions import Permission
from clerk_desk.sidewalks.rules import (
    OPEN_ORDERS,
    PERMIT_CITE,
    REPAIR_CITE,
    city_may_repair_from,
    order_permission,
)
from clerk_desk.words import format_day

TAKE = Permission.TAKE_APPLICATIONS
DECIDE = Permission.APPROVE_WORK_PERMITS
BILL = Permission.BILL
PLAN = Permission.KEEP_MASTER_PLAN


class PermitAct(enum.Enum):
    """An act on one permit (or application, or City contract record)."""

    CORRECT = "Correct"
    WITHDRAW = "Withdraw"
    ISSUE = "Issue"
    DENY = "Deny"
    APPEAL = "Appeal"
    COUNCIL_DECISION = "Council decision"
    COMPLETE = "Complete"
    PRINT = "Print permit"


class OrderAct(enum.Enum):
    """An act on one repair order."""

    PRINT_NOTICE = "Print notice"
    SERVE = "Record service"
    OWNER_REPAIR = "Owner repaired"
    CITY_REPAIR = "City repaired"
    CANCEL = "Cancel"


class SegmentAct(enum.Enum):
    """An act on one segment of the Sidewalk Master Plan."""

    CHANGE = "Change"
    RETIRE = "Retire"


Record = TypeVar("Record")
Act = TypeVar("Act", bound=enum.Enum)


@dataclass(frozen=True, slots=True)
class Rule(Generic[Record]):
    """Who may do an act (every permission listed; none: anyone signed in, or the guard asks)
    and when the record allows it."""

    permissions: tuple[Permission, ...]
    guard: Callable[[Action, Record], ClerkDeskError | None]


# -- permits ----------------------------------------------------------------------------------


def _permit_state(permit: SidewalkPermit) -> str:
    return SidewalkPermitStatus(permit.status).label.lower()


def permit_status_refusal(
    permit: SidewalkPermit, allowed: Collection[SidewalkPermitStatus], doing: str
) -> Conflict | None:
    """ "Sidewalk permit SW-2026-001 is denied: only an application can be issued.", unless the
    status recorded is one of ``allowed``."""
    if SidewalkPermitStatus(permit.status) in allowed:
        return None
    return Conflict(f"Sidewalk permit {permit.number} is {_permit_state(permit)}: {doing}")


def _correct(action: Action, permit: SidewalkPermit) -> ClerkDeskError | None:
    """An application not yet decided, or a City contract record not completed (it keeps its
    status and gains the day)."""
    open_to_correct = (SidewalkPermitStatus.APPLIED, SidewalkPermitStatus.CITY_CONTRACT)
    return permit_status_refusal(
        permit,
        open_to_correct if permit.completed_on is None else (),
        "only an application not yet decided can be corrected.",
    )


def _withdraw(action: Action, permit: SidewalkPermit) -> ClerkDeskError | None:
    return permit_status_refusal(
        permit,
        (SidewalkPermitStatus.APPLIED, SidewalkPermitStatus.DENIED, SidewalkPermitStatus.APPEALED),
        "it can no longer be withdrawn.",
    )


def _issue(action: Action, permit: SidewalkPermit) -> ClerkDeskError | None:
    return permit_status_refusal(
        permit, (SidewalkPermitStatus.APPLIED,), "only an application can be issued."
    )


def _deny(action: Action, permit: SidewalkPermit) -> ClerkDeskError | None:
    return permit_status_refusal(
        permit, (SidewalkPermitStatus.APPLIED,), "only an application can be denied."
    )


def _appeal(action: Action, permit: SidewalkPermit) -> ClerkDeskError | None:
    return permit_status_refusal(
        permit, (SidewalkPermitStatus.DENIED,), "only a denial can be appealed to the Council."
    )


def _council_decision(action: Action, permit: SidewalkPermit) -> ClerkDeskError | None:
    return permit_status_refusal(
        permit, (SidewalkPermitStatus.APPEALED,), "no appeal of it is before the Council."
    )


def _complete(action: Action, permit: SidewalkPermit) -> ClerkDeskError | None:
    found = permit_status_refusal(
        permit,
        (
            SidewalkPermitStatus.ISSUED,
            SidewalkPermitStatus.ISSUED_ON_APPEAL,
            SidewalkPermitStatus.CITY_CONTRACT,
        ),
        "only work under an issued permit or a City contract can be completed.",
    )
    if found is None and permit.completed_on is not None:
        return Conflict(f"{permit.number} was completed {format_day(permit.completed_on)}.")
    return found


_PRINTABLE = (
    SidewalkPermitStatus.ISSUED,
    SidewalkPermitStatus.ISSUED_ON_APPEAL,
    SidewalkPermitStatus.COMPLETED,
)


def _print(action: Action, permit: SidewalkPermit) -> ClerkDeskError | None:
    """A permit is printed only when one was issued (by the Director, or on appeal). The
    paper itself refuses the same (``reports.sidewalks``), for a caller that skips this."""
    status = SidewalkPermitStatus(permit.status)
    if status is SidewalkPermitStatus.CITY_CONTRACT:
        return Conflict(
            f"{permit.number} is work under contract with the City: no sidewalk permit is "
            "required, so there is none to print.",
            cite=PERMIT_CITE,
        )
    if status not in _PRINTABLE or (permit.appeal_decided_on or permit.decided_on) is None:
        return Conflict(
            f"Sidewalk permit {permit.number} is not issued ({status.label.lower()}): a permit "
            "is printed only after the Director of Public Works issues it, or the Common "
            "Council grants it on appeal.",
            cite=PERMIT_CITE,
        )
    return None


PERMIT_RULES: dict[PermitAct, Rule[SidewalkPermit]] = {
    PermitAct.CORRECT: Rule((TAKE,), _correct),
    PermitAct.WITHDRAW: Rule((TAKE,), _withdraw),
    PermitAct.ISSUE: Rule((DECIDE,), _issue),
    PermitAct.DENY: Rule((DECIDE,), _deny),
    PermitAct.APPEAL: Rule((TAKE,), _appeal),
    PermitAct.COUNCIL_DECISION: Rule((TAKE,), _council_decision),
    PermitAct.COMPLETE: Rule((DECIDE,), _complete),
    PermitAct.PRINT: Rule((), _print),
}


# -- repair orders ----------------------------------------------------------------------------


def order_state_refusal(
    order: SidewalkRepairOrder, allowed: Collection[RepairOrderStatus], doing: str = ""
) -> Conflict | None:
    """ "Repair order SWR-2026-001 is cancelled." (with ``doing`` after a colon), unless the
    status recorded is one of ``allowed``."""
    status = RepairOrderStatus(order.status)
    if status in allowed:
        return None
    said = f": {doing}" if doing else "."
    return Conflict(f"Repair order {order.number} is {status.label.lower()}{said}")


def _without_notice(order: SidewalkRepairOrder) -> Conflict | None:
    if RepairOrderKind(order.kind) is RepairOrderKind.MINOR:
        return Conflict(
            f"{order.number} is a minor repair: it is made without notice, so there is nothing "
            "to serve."
        )
    return None


def _print_notice(action: Action, order: SidewalkRepairOrder) -> ClerkDeskError | None:
    """The notice to repair prints while the order is open, unless it is a minor repair."""
    return _without_notice(order) or order_state_refusal(order, OPEN_ORDERS)


def _serve(action: Action, order: SidewalkRepairOrder) -> ClerkDeskError | None:
    return _without_notice(order) or order_state_refusal(order, (RepairOrderStatus.ORDERED,))


def _open(action: Action, order: SidewalkRepairOrder) -> ClerkDeskError | None:
    return order_state_refusal(order, OPEN_ORDERS)


def city_repair_wait(order: SidewalkRepairOrder, day: date) -> InvalidInput | None:
    """Why the City may not record its repair of ``order`` on ``day``: the notice not served, or
    the owner's time not run (:func:`~clerk_desk.sidewalks.rules.city_may_repair_from`: a
    Council order's 20th day refused, the 21st allowed). The guard asks it of today; the
    service, of the day the clerk typed."""
    kind = RepairOrderKind(order.kind)
    first = city_may_repair_from(kind, order.ordered_on, order.repair_due_on)
    if first is None:
        return InvalidInput(
            f"The direction of {order.number} is not served: the owner is to repair "
            "immediately once it is, and the City may repair from the day of service."
            if kind is RepairOrderKind.EMERGENCY
            else f"The notice of {order.number} is not served: the owner has 20 days after "
            "service before the City may repair.",
            field="on",
            cite=REPAIR_CITE,
        )
    if day >= first:
        return None
    if kind is RepairOrderKind.COUNCIL_ORDER and order.repair_due_on is not None:
        text = (
            f"The owner has through {format_day(order.repair_due_on)} (20 days after "
            f"service on {format_day(order.served_on or first)}): the City may repair from "
            f"{format_day(first)}."
        )
    else:
        text = f"The City may repair from {format_day(first)}."
    return InvalidInput(text, field="on", cite=REPAIR_CITE)


def _city_repair(action: Action, order: SidewalkRepairOrder) -> ClerkDeskError | None:
    """While the order is open, once the City may act (today: no later day can be typed)."""
    return order_state_refusal(order, OPEN_ORDERS) or city_repair_wait(order, action.today())


def _cancel(action: Action, order: SidewalkRepairOrder) -> ClerkDeskError | None:
    """A Council order is cancelled by the Clerk recording the Council's act; a minor or
    emergency one by the Director (:func:`~clerk_desk.sidewalks.rules.order_permission`)."""
    return permission_refusal(
        action, order_permission(RepairOrderKind(order.kind))
    ) or order_state_refusal(order, OPEN_ORDERS, "it cannot be cancelled.")


ORDER_RULES: dict[OrderAct, Rule[SidewalkRepairOrder]] = {
    OrderAct.PRINT_NOTICE: Rule((), _print_notice),
    OrderAct.SERVE: Rule((TAKE,), _serve),
    OrderAct.OWNER_REPAIR: Rule((DECIDE,), _open),
    # The Director records the work done; the cost becomes a special charge: both are needed.
    OrderAct.CITY_REPAIR: Rule((DECIDE, BILL), _city_repair),
    OrderAct.CANCEL: Rule((), _cancel),
}


# -- segments of the master plan ---------------------------------------------------------------


def _change(action: Action, segment: MasterPlanSegment) -> ClerkDeskError | None:
    if segment.active:
        return None
    return Conflict("That segment is retired: add a new segment to the plan instead.")


def _retire(action: Action, segment: MasterPlanSegment) -> ClerkDeskError | None:
    return None if segment.active else Conflict("That segment is already retired.")


SEGMENT_RULES: dict[SegmentAct, Rule[MasterPlanSegment]] = {
    SegmentAct.CHANGE: Rule((PLAN,), _change),
    SegmentAct.RETIRE: Rule((PLAN,), _retire),
}


# -- one way to ask, one way to enforce ----------------------------------------------------------


def refusal_of(
    action: Action, rules: dict[Act, Rule[Record]], act: Act, record: Record
) -> ClerkDeskError | None:
    """Why ``act`` on ``record`` is refused now (the permissions first, then the record), or
    None."""
    rule = rules[act]
    for permission in rule.permissions:
        found = permission_refusal(action, permission)
        if found is not None:
            return found
    return rule.guard(action, record)


def allow(action: Action, act: PermitAct | OrderAct | SegmentAct, record: object) -> None:
    """What a service does before it acts on ``record`` (read ``for_update``): raise the
    refusal of :func:`refusal_of`, if any."""
    found: ClerkDeskError | None
    if isinstance(act, PermitAct):
        assert isinstance(record, SidewalkPermit)
        found = refusal_of(action, PERMIT_RULES, act, record)
    elif isinstance(act, OrderAct):
        assert isinstance(record, SidewalkRepairOrder)
        found = refusal_of(action, ORDER_RULES, act, record)
    else:
        assert isinstance(record, MasterPlanSegment)
        found = refusal_of(action, SEGMENT_RULES, act, record)
    refuse(found)


def said(action: Action, rules: dict[Act, Rule[Record]], record: Record) -> dict[Act, str | None]:
    """For each act of ``rules``, None when the operator may do it now, else the refusal in the
    clerk's words (with its citation, where one applies): what the tab enables its buttons by."""
    found = {act: refusal_of(action, rules, act, record) for act in rules}
    return as_words(found)


# -- the acts on the registers, no record chosen ---------------------------------------------------


class RegisterAct(enum.Enum):
    """An act on a register itself; the value is how its button names it. (A new repair order
    is asked by its kind: :func:`order_kind_acts`.)"""

    NEW_PERMIT = "New application…"
    CITY_CONTRACT = "City contract work…"
    NEW_SEGMENT = "Add segment…"


REGISTER_RULES: dict[RegisterAct, Permission] = {
    RegisterAct.NEW_PERMIT: TAKE,
    RegisterAct.CITY_CONTRACT: TAKE,
    RegisterAct.NEW_SEGMENT: PLAN,
}
"""Each act's permission, once: :func:`allow_new` enforces it, :func:`register_acts` reports
it."""


def allow_new(action: Action, act: RegisterAct) -> None:
    """What the service of a register's act does first."""
    allow_by_permission(action, act, REGISTER_RULES)


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    """For each act on the registers, None when the operator may do it now, else the refusal."""
    return permission_acts(action, REGISTER_RULES)


def order_kind_refusal(action: Action, kind: RepairOrderKind) -> ClerkDeskError | None:
    """Why the operator may not record a new order of ``kind`` (None: they may): a Council
    order is the Clerk's record of the Council's act, the others the Director's
    (:func:`~clerk_desk.sidewalks.rules.order_permission`)."""
    return permission_refusal(action, order_permission(RepairOrderKind(kind)))


def order_kind_acts(action: Action) -> dict[RepairOrderKind, str | None]:
    """For each kind of repair order, None when the operator may record one now, else why not:
    the kinds the order form offers."""
    return as_words({kind: order_kind_refusal(action, kind) for kind in RepairOrderKind})
