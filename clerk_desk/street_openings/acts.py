"""The acts on a street opening permit (§§ 506-6, 506-7), and why each is refused now.

Each act the Street Openings tab offers is an :class:`OpeningAct`. Its rule is written here once:
the permission it needs and a guard, a small function of the permit as saved (and today) that
returns the refusal or None. The service of the act calls :func:`allow` before it changes
anything, which raises the refusal; the window calls :func:`acts`, which reports the same
refusal's words for every act at once, so that a button is enabled, or explains why not, by the
very rule the service enforces.

The guards judge the record's state only. What the clerk types into the act's form (a day after
today, an empty reason, the findings that stop an approval) is checked by the service after
:func:`allow`, and said under the field.

This module and :mod:`clerk_desk.street_openings.service` import each other as modules: the
services call :func:`allow`, and :func:`acts` reads the permit with the service's
``get_opening``; neither reaches into the other while it is being imported.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import date, timedelta

from clerk_desk.acting import allow_by_permission, as_words, permission_acts, permission_refusal
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict, InvalidInput
from clerk_desk.kinds import OpeningStatus
from clerk_desk.models import StreetOpening
from clerk_desk.permissions import Permission
from clerk_desk.street_openings import rules
from clerk_desk.street_openings import service as so
from clerk_desk.words import format_day


class OpeningAct(enum.Enum):
    """An act on one permit; the value is how the tab's button names it."""

    OPENED = "Opening made"
    COUNCIL_FINDING = "Council finding"
    WORK = "Record work"
    FROZEN_EMERGENCY = "Frozen-ground emergency"
    APPROVE = "Approve"
    REFUSE = "Refuse"
    RENEW = "Renew 30 days"
    CLOSE = "Close"
    CITY_REPAIR = "City repair charge"
    DEFICIENCY_REPAIR = "Deficiency repair"
    PRINT_PERMIT = "Print permit"


Guard = Callable[[StreetOpening, date], ClerkDeskError | None]


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may do an act (None: anyone signed in) and when the permit allows it."""

    permission: Permission | None
    guard: Guard


DONE = frozenset({OpeningStatus.REFUSED, OpeningStatus.CLOSED, OpeningStatus.EXEMPT})
"""Refused, closed and exempt records take no more steps of the permit."""
OPEN_PERMIT = frozenset({OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS})


def status_refusal(
    opening: StreetOpening, allowed: Collection[OpeningStatus], why: str = ""
) -> Conflict | None:
    """ "Street opening SO-2026-001 is refused." (and ``why``), unless its status is one of
    ``allowed``."""
    status = OpeningStatus(opening.status)
    if status in allowed:
        return None
    return Conflict(f"Street opening {opening.number} is {status.label.lower()}.{why}")


# -- one guard per act --------------------------------------------------------------------------

_STEPS = frozenset(OpeningStatus) - DONE


def _step(opening: StreetOpening, today: date) -> ClerkDeskError | None:
    """A step of an application or a permit (the Council's finding): not once it is done."""
    return status_refusal(opening, _STEPS)


def _before_restoration(opening: StreetOpening, today: date) -> ClerkDeskError | None:
    """The opening made and the frozen-ground determination come before the restoration."""
    return _step(opening, today) or status_refusal(
        opening, _STEPS - {OpeningStatus.RESTORED}, " Its work is done and restored."
    )


def _work(opening: StreetOpening, today: date) -> ClerkDeskError | None:
    return status_refusal(
        opening,
        OPEN_PERMIT | {OpeningStatus.RESTORED},
        " The work is recorded once the permit is approved."
        if OpeningStatus(opening.status) is OpeningStatus.APPLIED
        else "",
    )


def _undecided(opening: StreetOpening, today: date) -> ClerkDeskError | None:
    return status_refusal(opening, {OpeningStatus.APPLIED})


def _renew(opening: StreetOpening, today: date) -> ClerkDeskError | None:
    """Operations begun that will continue beyond the permit (§ 506-6 (Renewal of permit)),
    within thirty days of its last day: an expired permit is not renewed."""
    status = OpeningStatus(opening.status)
    if opening.valid_until is None or status not in OPEN_PERMIT:
        return Conflict(
            "Only an approved permit still open can be renewed.", cite=rules.RENEWAL_CITE
        )
    if status is OpeningStatus.APPROVED:
        return Conflict(
            f"Operations have not begun under permit {opening.number}: a renewal is for work "
            "begun that will continue beyond the permit's last day. Record the day the opening "
            "was made first.",
            cite=rules.RENEWAL_CITE,
        )
    until = opening.valid_until + timedelta(days=rules.RENEWAL_DAYS)
    if until < today:
        return InvalidInput(
            f"Thirty days from the permit's last day ended {format_day(until)}: apply for a "
            "new permit.",
            field="decision",
            cite=rules.RENEWAL_CITE,
        )
    return None


def _close(opening: StreetOpening, today: date) -> ClerkDeskError | None:
    """A restored permit, once its one-year guarantee has run (§ 506-6 (Bond))."""
    if OpeningStatus(opening.status) is not OpeningStatus.RESTORED or opening.completed_on is None:
        return Conflict("Only a restored opening can be closed.")
    ends = rules.guarantee_ends(opening.completed_on)
    if today <= ends:
        return InvalidInput(
            f"The one-year guarantee runs through {format_day(ends)}: the permit is closed "
            "after it.",
            field="decision",
            cite=rules.DEFICIENCY_CITE,
        )
    return None


def _a_permit(opening: StreetOpening, today: date) -> ClerkDeskError | None:
    """A permit was approved (City work has none): it is charged, and it prints."""
    if opening.approved_on is not None and OpeningStatus(opening.status) is not (
        OpeningStatus.EXEMPT
    ):
        return None
    if OpeningStatus(opening.status) is OpeningStatus.EXEMPT:
        return Conflict(
            f"{opening.number} is City work: no permit is issued ({rules.CITY_WORK_CITE})."
        )
    return Conflict(f"Street opening {opening.number} has no approved permit.")


TAKE = Permission.TAKE_APPLICATIONS
DECIDE = Permission.APPROVE_WORK_PERMITS
BILL = Permission.BILL

RULES: dict[OpeningAct, Rule] = {
    OpeningAct.OPENED: Rule(TAKE, _before_restoration),
    OpeningAct.COUNCIL_FINDING: Rule(TAKE, _step),
    OpeningAct.WORK: Rule(TAKE, _work),
    OpeningAct.FROZEN_EMERGENCY: Rule(DECIDE, _before_restoration),
    OpeningAct.APPROVE: Rule(DECIDE, _undecided),
    OpeningAct.REFUSE: Rule(DECIDE, _undecided),
    OpeningAct.RENEW: Rule(DECIDE, _renew),
    OpeningAct.CLOSE: Rule(DECIDE, _close),
    OpeningAct.CITY_REPAIR: Rule(BILL, _a_permit),
    OpeningAct.DEFICIENCY_REPAIR: Rule(BILL, _a_permit),
    OpeningAct.PRINT_PERMIT: Rule(None, _a_permit),
}
"""Every act's rule, once: :func:`allow` enforces it, :func:`acts` reports it."""


def refusal_of(action: Action, act: OpeningAct, opening: StreetOpening) -> ClerkDeskError | None:
    """Why ``act`` on ``opening`` is refused now (the permission first, then the permit), or
    None."""
    rule = RULES[act]
    if rule.permission is not None:
        found = permission_refusal(action, rule.permission)
        if found is not None:
            return found
    return rule.guard(opening, action.today())


def allow(action: Action, act: OpeningAct, opening: StreetOpening) -> None:
    """What a service does before it acts on ``opening``: raise the refusal of
    :func:`refusal_of`, if any."""
    found = refusal_of(action, act, opening)
    if found is not None:
        raise found


def acts(action: Action, opening_id: int) -> dict[OpeningAct, str | None]:
    """For each act, None when the operator may do it now, else the refusal in the clerk's
    words (with its citation, where one applies): what the tab enables its buttons by."""
    opening = so.get_opening(action.session, opening_id)
    found = {act: refusal_of(action, act, opening) for act in OpeningAct}
    return as_words(found)


# ---- the acts whose rule is their permission alone ---------------------------------------------


class RegisterAct(enum.Enum):
    """An act on the register, no permit chosen; the value is how its button names it. (The
    acts on the register of permanent improvements are
    :class:`~clerk_desk.street_openings.improvements.ImprovementAct`.)"""

    NEW_APPLICATION = "New application…"
    CITY_WORK = "Record City work…"


REGISTER_RULES: dict[RegisterAct, Permission] = {
    RegisterAct.NEW_APPLICATION: TAKE,
    RegisterAct.CITY_WORK: TAKE,
}
"""Each act's permission, once: :func:`allow_new` enforces it, :func:`register_acts` reports
it."""


def allow_new(action: Action, act: RegisterAct) -> None:
    """What the service of a register's act does first."""
    allow_by_permission(action, act, REGISTER_RULES)


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    """For each act on the register, None when the operator may do it now, else the refusal."""
    return permission_acts(action, REGISTER_RULES)
