"""The acts on an enforcement case, and why each is refused now.

Each act the Enforcement tab offers on a case is a :class:`CaseAct`. Its rule is written here
once: the permission it needs and a guard, a function of the case as saved and the moment (the
clocks of §§ 506-8 and 506-11 run in hours). The service calls :func:`allow` before it changes
anything; the window reads :func:`acts`, the same refusals in words, to enable and explain its
buttons.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from clerk_desk.acting import allow_by_permission, as_words, permission_acts, permission_refusal
from clerk_desk.desk import Action
from clerk_desk.enforcement import rules
from clerk_desk.enforcement.records import get_case
from clerk_desk.errors import ClerkDeskError, Conflict
from clerk_desk.kinds import CaseKind, CaseStatus
from clerk_desk.models import EnforcementCase
from clerk_desk.permissions import Permission
from clerk_desk.words import clock_time, format_day


class CaseAct(enum.Enum):
    """An act on one case; the value is how the tab's button names it."""

    NOTICE = "Record notice…"
    RESOLVED = "Removed or corrected…"
    CITY_WORK = "City's work and charge…"
    CLERK_LETTER = "Clerk's letter"
    AUTHORIZE = "Record authorization…"
    RESCIND = "Rescind…"
    CLOSE = "Close case…"
    PRINT_LETTER = "Print letter"


@dataclass(frozen=True, slots=True)
class Moment:
    """When the act is judged: the instant, City Hall's day, and its zone."""

    now: datetime
    today: date
    zone: tzinfo


Guard = Callable[[EnforcementCase, Moment], ClerkDeskError | None]


@dataclass(frozen=True, slots=True)
class Rule:
    permission: Permission
    guard: Guard


def _kind(case: EnforcementCase) -> CaseKind:
    return CaseKind(case.kind)


def _finished(case: EnforcementCase) -> ClerkDeskError | None:
    status = CaseStatus(case.status)
    if status.finished:
        return Conflict(f"{case.number} is {status.label.lower()}; it no longer changes.")
    return None


def _notice(case: EnforcementCase, at: Moment) -> ClerkDeskError | None:
    kind = _kind(case)
    if kind not in (CaseKind.OBSTRUCTION, CaseKind.STREET_DAMAGE, CaseKind.DIRT_DEBRIS):
        rule = rules.case_rule(kind)
        return Conflict(
            f"{rule.cite} calls for no written notice in this case: "
            + {
                CaseKind.SNOW_ICE: "the 24 hours run from the end of the snowfall.",
                CaseKind.DEPOSITED_SNOW: "the hour runs from the deposit.",
                CaseKind.RECEPTACLE: "the publisher's 10 days run from the instruction.",
                CaseKind.TERRACE_STALL: "a stall is authorized or rescinded.",
            }[kind],
            cite=rule.cite,
        )
    finished = _finished(case)
    if finished is not None:
        return finished
    if case.notice_at is not None:
        return Conflict(f"The notice of {case.number} is recorded already.")
    if kind is CaseKind.OBSTRUCTION and case.measures.get("excepted"):
        return Conflict(
            "An exception of § 506-8 covers what was found: there is nothing to notice. Close "
            "the case, or record the official's new determination in a new case.",
            cite=rules.EXCEPTIONS_CITE,
        )
    if kind is CaseKind.OBSTRUCTION and case.measures.get("missing"):
        return Conflict(
            "Measure first: " + ", ".join(case.measures["missing"]) + " (the exception of "
            "§ 506-8 for this kind turns on it).",
            cite=rules.EXCEPTIONS_CITE,
        )
    return None


def _resolved(case: EnforcementCase, at: Moment) -> ClerkDeskError | None:
    if _kind(case) is CaseKind.TERRACE_STALL:
        return Conflict("A stall is authorized or rescinded, not removed by its owner here.")
    return _finished(case)


def _clock_refusal(case: EnforcementCase, at: Moment) -> ClerkDeskError | None:
    rule = rules.case_rule(case.kind)
    if rule.clock is rules.Clock.FROM_REQUEST and case.notice_at is None:
        return Conflict(
            "Record the request to remove the materials first: § 506-20 has them removed "
            "immediately, and the City removes them when they are not.",
            cite=rule.cite,
        )
    if rule.clock is rules.Clock.HOURS_FROM_NOTICE and case.notice_at is None:
        return Conflict(
            f"Record the written notice first: the {rule.hours} hours to remove run from it.",
            cite=rules.removal_cite(rules.Place(case.place or "street")),
        )
    start = rules.city_may_act_from(clock=rule.clock, due_at=case.due_at, due_on=case.due_on)
    if isinstance(start, datetime) and at.now < start:
        local = start.astimezone(at.zone)
        return Conflict(
            f"The {rule.hours} hour{'s' if rule.hours != 1 else ''} run until "
            f"{format_day(local.date())} {clock_time(local)} (Sundays and legal holidays are not "
            "counted, Wis. Stat. § 990.001(4)(a)): the person responsible may still act.",
            cite=rule.cite,
        )
    if isinstance(start, date) and not isinstance(start, datetime) and at.today < start:
        assert case.due_on is not None
        return Conflict(
            f"The {rule.days} days run through {format_day(case.due_on)}: the City may act from "
            f"{format_day(start)}.",
            cite=rule.cite,
        )
    return None


def _city_work(case: EnforcementCase, at: Moment) -> ClerkDeskError | None:
    rule = rules.case_rule(case.kind)
    if not rule.charge:
        return Conflict(f"{rule.cite} gives the City no work to charge in this case.")
    finished = _finished(case)
    if finished is not None:
        return finished
    return _clock_refusal(case, at)


def _letter(case: EnforcementCase, at: Moment) -> ClerkDeskError | None:
    if _kind(case) is not CaseKind.RECEPTACLE:
        return Conflict("The Clerk's letter is to a publisher (§ 506-23 (Removal)).")
    finished = _finished(case)
    if finished is not None:
        return finished
    if case.letter_on is not None:
        return Conflict(f"The Clerk's letter went {format_day(case.letter_on)}.")
    return _clock_refusal(case, at)


def _authorize(case: EnforcementCase, at: Moment) -> ClerkDeskError | None:
    if _kind(case) is not CaseKind.TERRACE_STALL:
        return Conflict("Only a gravel parking stall on a terrace is authorized (§ 506-12).")
    if case.status != CaseStatus.REQUESTED:
        return Conflict(f"{case.number} is {CaseStatus(case.status).label.lower()}.")
    return None


def _rescind(case: EnforcementCase, at: Moment) -> ClerkDeskError | None:
    if _kind(case) is not CaseKind.TERRACE_STALL:
        return Conflict("Only a stall's authorization is rescinded (§ 506-12).")
    if case.status != CaseStatus.AUTHORIZED:
        return Conflict(
            f"{case.number} is {CaseStatus(case.status).label.lower()}: only an authorization "
            "given by both officials is rescinded."
        )
    return None


def _close(case: EnforcementCase, at: Moment) -> ClerkDeskError | None:
    if case.status == CaseStatus.AUTHORIZED:
        return Conflict("An authorized stall ends by its rescission.")
    return _finished(case)


def _print_letter(case: EnforcementCase, at: Moment) -> ClerkDeskError | None:
    kind, status = _kind(case), CaseStatus(case.status)
    if kind in (CaseKind.OBSTRUCTION, CaseKind.STREET_DAMAGE) and case.notice_at is not None:
        return None
    if kind is CaseKind.RECEPTACLE and case.letter_on is not None:
        return None
    if kind is CaseKind.TERRACE_STALL and status in (CaseStatus.AUTHORIZED, CaseStatus.RESCINDED):
        return None
    if kind in (CaseKind.SNOW_ICE, CaseKind.DEPOSITED_SNOW, CaseKind.DIRT_DEBRIS):
        return Conflict(
            f"{rules.case_rule(kind).cite} calls for no letter before the City acts: the bill of "
            "the special charge is printed in Special Charges."
        )
    return Conflict("Record the notice, the letter or the decision first: the letter says it.")


TAKE = Permission.TAKE_APPLICATIONS

RULES: dict[CaseAct, Rule] = {
    CaseAct.NOTICE: Rule(TAKE, _notice),
    CaseAct.RESOLVED: Rule(TAKE, _resolved),
    CaseAct.CITY_WORK: Rule(Permission.BILL, _city_work),
    CaseAct.CLERK_LETTER: Rule(TAKE, _letter),
    CaseAct.AUTHORIZE: Rule(TAKE, _authorize),
    CaseAct.RESCIND: Rule(TAKE, _rescind),
    CaseAct.CLOSE: Rule(TAKE, _close),
    CaseAct.PRINT_LETTER: Rule(TAKE, _print_letter),
}
"""Every act's rule, once: :func:`allow` enforces it, :func:`acts` reports it."""


def moment(action: Action) -> Moment:
    return Moment(action.now(), action.today(), action.zone)


def refusal_of(action: Action, act: CaseAct, case: EnforcementCase) -> ClerkDeskError | None:
    rule = RULES[act]
    refused = permission_refusal(action, rule.permission)
    if refused is not None:
        return refused
    return rule.guard(case, moment(action))


def allow(action: Action, act: CaseAct, case: EnforcementCase) -> None:
    found = refusal_of(action, act, case)
    if found is not None:
        raise found


def acts(action: Action, case_id: int) -> dict[CaseAct, str | None]:
    """For each act on the case, None when the operator may do it now, else the refusal."""
    case = get_case(action.session, case_id)
    return as_words({act: refusal_of(action, act, case) for act in CaseAct})


class RegisterAct(enum.Enum):
    NEW_CASE = "New case…"


REGISTER_RULES: dict[RegisterAct, Permission] = {RegisterAct.NEW_CASE: TAKE}


def allow_new(action: Action, act: RegisterAct) -> None:
    allow_by_permission(action, act, REGISTER_RULES)


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    return permission_acts(action, REGISTER_RULES)
