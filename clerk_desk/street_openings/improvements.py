"""The street improvement register (§ 506-7 (Excavation in new streets limited)): a permanent
improvement or repaving, determined 30 days before its work begins, starts five years in which
the street is not opened."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk.acting import allow_by_permission, permission_acts
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput, NotFound
from clerk_desk.findings import Finding
from clerk_desk.models import (
    Street,
    StreetImprovement,
)
from clerk_desk.permissions import Permission
from clerk_desk.street_openings import rules
from clerk_desk.validation import fits
from clerk_desk.words import format_day


def improvements_on(session: Session, street_id: int) -> list[StreetImprovement]:
    return list(
        session.scalars(
            select(StreetImprovement)
            .where(StreetImprovement.street_id == street_id)
            .order_by(StreetImprovement.completed_on.desc())
        )
    )


@dataclass(frozen=True, slots=True)
class ImprovementData:
    street_id: int
    determined_on: date
    limits: str = ""
    description: str = ""
    utility_notice_on: date | None = None
    work_begins_on: date | None = None
    completed_on: date | None = None


class ImprovementAct(enum.Enum):
    """An act on the register of permanent improvements; the value is how its button names it."""

    RECORD = "Add improvement…"
    COMPLETE = "Record completion…"


IMPROVEMENT_RULES: dict[ImprovementAct, Permission] = {
    ImprovementAct.RECORD: Permission.APPROVE_WORK_PERMITS,
    ImprovementAct.COMPLETE: Permission.APPROVE_WORK_PERMITS,
}
"""Each act's permission, once: :func:`allow_improvement` enforces it,
:func:`improvement_acts` reports it (the dates are the form's, checked by the service)."""


def allow_improvement(action: Action, act: ImprovementAct) -> None:
    """What :func:`record_improvement` and :func:`complete_improvement` do first."""
    allow_by_permission(action, act, IMPROVEMENT_RULES)


def improvement_acts(action: Action) -> dict[ImprovementAct, str | None]:
    """For each act on the register of improvements, None when the operator may do it now,
    else the refusal in the clerk's words."""
    return permission_acts(action, IMPROVEMENT_RULES)


def record_improvement(action: Action, data: ImprovementData) -> int:
    """Add a permanent improvement or repaving to the register (it starts the five years); its
    id."""
    allow_improvement(action, ImprovementAct.RECORD)
    if action.session.get(Street, data.street_id) is None:
        raise NotFound(f"There is no street number {data.street_id}.")
    if data.determined_on > action.today():
        raise InvalidInput("The determination cannot be later than today.", field="determined_on")
    if data.completed_on and data.completed_on < data.determined_on:
        raise InvalidInput(
            "The work cannot be completed before it was determined.", field="completed_on"
        )
    if data.completed_on and data.completed_on > action.today():
        raise InvalidInput(
            "The work cannot be completed after today: record the completion when it is.",
            field="completed_on",
        )
    if data.utility_notice_on and data.utility_notice_on < data.determined_on:
        raise InvalidInput("The notice follows the determination.", field="utility_notice_on")
    if data.utility_notice_on and data.utility_notice_on > action.today():
        raise InvalidInput("The notice cannot be dated after today.", field="utility_notice_on")
    improvement = StreetImprovement(
        street_id=data.street_id,
        determined_on=data.determined_on,
        limits=fits(StreetImprovement.limits, data.limits.strip(), "The limits"),
        description=data.description.strip(),
        utility_notice_on=data.utility_notice_on,
        work_begins_on=data.work_begins_on,
        completed_on=data.completed_on,
        created_at=action.now(),
    )
    action.session.add(improvement)
    action.session.flush()
    action.audit(
        "improvement.create",
        improvement,
        "Street improvement recorded",
        after=snapshot(improvement),
    )
    return improvement.id


def complete_improvement(
    action: Action,
    improvement_id: int,
    *,
    completed_on: date,
    utility_notice_on: date | None = None,
) -> int:
    """Record that an improvement in the register was completed (the five years start), and
    the notice to utilities if it was not recorded before."""
    allow_improvement(action, ImprovementAct.COMPLETE)
    improvement = action.session.get(StreetImprovement, improvement_id)
    if improvement is None:
        raise NotFound(f"There is no street improvement number {improvement_id}.")
    if completed_on > action.today():
        raise InvalidInput("The work cannot be completed after today.", field="completed_on")
    if completed_on < improvement.determined_on:
        raise InvalidInput(
            "The work cannot be completed before it was determined.", field="completed_on"
        )
    if utility_notice_on is not None and not (
        improvement.determined_on <= utility_notice_on <= action.today()
    ):
        raise InvalidInput(
            "The notice follows the determination and is not dated after today.",
            field="utility_notice_on",
        )
    before = snapshot(improvement)
    improvement.completed_on = completed_on
    if utility_notice_on is not None:
        improvement.utility_notice_on = utility_notice_on
    action.audit(
        "improvement.complete",
        improvement,
        f"Street improvement completed {format_day(completed_on)}",
        before=before,
        after=snapshot(improvement),
    )
    return improvement.id


def improvement_findings(improvement: StreetImprovement) -> list[Finding]:
    """:func:`~clerk_desk.street_openings.rules.improvement_findings` of a recorded improvement."""
    return rules.improvement_findings(
        determined_on=improvement.determined_on,
        work_begins_on=improvement.work_begins_on,
        utility_notice_on=improvement.utility_notice_on,
    )
