"""The acts on a sidewalk cafe application (§ 506-10), and why each is refused now.

Each act the Sidewalk Cafes tab offers is a :class:`CafeAct`. Its rule is written here once: the
permission it needs and a guard, a small function of the record as saved that returns the
refusal (a :class:`~clerk_desk.errors.ClerkDeskError`) or None. The service of the act calls
:func:`allow` right after it has locked the application, which raises the refusal; the window
calls :func:`acts`, which reports the same refusal's words for every act at once, so that a
button is enabled, or explains why not, by the very rule the service enforces.

What the guards judge is the record's state only. What the clerk types into the act's form (a
day later than today, a meeting within the comment period, the reasons left empty) is checked
by the service after :func:`allow`, and said under the field.

The guards read the pure rules (:mod:`~clerk_desk.sidewalk_cafes.rules`,
:mod:`~clerk_desk.sidewalk_cafes.terms`) and two facts the service reads from the database (the
application itself, whether its site plan can be read). The services (in ``service``,
``notice``, ``council``, ``suspensions``) call :func:`allow`, so this module and ``service``
import each other as modules; neither reaches into the other while it is being imported.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select

from clerk_desk.acting import (
    allow_by_permission,
    as_words,
    permission_acts,
    permission_refusal,
    refuse,
)
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict, InvalidInput, NotFound
from clerk_desk.kinds import CafeStatus
from clerk_desk.models import CafeSuspension, SidewalkCafe
from clerk_desk.permissions import Permission
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as cafes
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.words import format_day


class CafeAct(enum.Enum):
    """An act on one application or permit; the value is how the tab's button names it."""

    CORRECT = "Correct"
    NEIGHBOURS = "Owners 100 ft"
    MAIL_NOTICE = "Notice mailed"
    COMMENT = "Comment"
    POLICE_REVIEW = "Police review"
    DPW_INSPECTION = "DPW inspection"
    AGENDA = "To the Council"
    COUNCIL_DECISION = "Council decision"
    PRINT_PACKET = "Print packet"
    PRINT_LETTERS = "Print letters"
    PRINT_OWNERS = "Print labels or list"
    ISSUE = "Issue"
    PRINT_PERMIT = "Print permit"
    RENEW = "Renew"
    SUSPEND = "Suspend"
    REVOCATION_NOTICE = "Revocation notice"
    REVOKE = "Revoke"
    DENY = "Deny"
    WITHDRAW = "Withdraw"


Guard = Callable[[Action, SidewalkCafe], ClerkDeskError | None]


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may do an act (None: anyone signed in) and when the record allows it."""

    permission: Permission | None
    guard: Guard


# -- the guards' parts ------------------------------------------------------------------------


def status_refusal(
    cafe: SidewalkCafe, allowed: Collection[CafeStatus], what: str
) -> Conflict | None:
    """ "Application SC-2026-001 is approved: it can no longer be corrected …", unless the status
    recorded is one of ``allowed``."""
    status = CafeStatus(cafe.status)
    if status in allowed:
        return None
    return Conflict(f"Application {cafe.number} is {status.label.lower()}: {what}")


def standing_refusal(cafe: SidewalkCafe, today: date, what: str) -> Conflict | None:
    """Refused unless the permit stands today (:func:`~clerk_desk.sidewalk_cafes.terms.standing`):
    issued (suspended or not, or again after a temporary revocation's last day) and not
    expired."""
    now = cafe_terms.standing(cafe, today)
    if now not in cafe_rules.STANDING:
        shown = cafe_terms.display_status(cafe, today) if now is CafeStatus.REVOKED else now.label
        return Conflict(f"{cafe.number} is {shown[:1].lower() + shown[1:]}: {what}")
    if cafe.expires_on is not None and cafe.expires_on < today:
        return Conflict(f"{cafe.number} expired {format_day(cafe.expires_on)}: {what}")
    return None


def standards_refusal(cafe: SidewalkCafe, what: str) -> InvalidInput | None:
    """Refused, naming the first finding, while the application itself does not meet the
    standards of § 506-10 (:func:`~clerk_desk.sidewalk_cafes.rules.standards_block`)."""
    first = cafe_rules.standards_block(cafe)
    if first is None:
        return None
    return InvalidInput(
        f"Application {cafe.number} cannot be {what} while it does not meet the standards "
        f"of § 506-10: {first.text}",
        field="standards",
        cite=first.cite,
    )


# -- one guard per act --------------------------------------------------------------------------


def _correct(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    return status_refusal(
        cafe,
        cafe_rules.UNDECIDED,
        "it can no longer be corrected (a permit is not changed; apply again or renew).",
    )


def _neighbours(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """The list is the one the notice was mailed to, once it is mailed."""
    status = CafeStatus(cafe.status)
    if status is CafeStatus.APPLIED:
        return None
    if cafe.notice_mailed_on is not None:
        return Conflict(
            f"The notice on {cafe.number} was mailed on {format_day(cafe.notice_mailed_on)}: "
            "the list attached to the packet is the one it was mailed to."
        )
    return Conflict(f"Application {cafe.number} is {status.label.lower()}.")


def _mail_notice(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """The notice "shall contain a copy of the diagram submitted by the applicant" and goes to
    the owners listed: a readable site plan and a list first."""
    found = status_refusal(
        cafe, {CafeStatus.APPLIED}, "its notice was already mailed or it is decided."
    )
    if found is not None:
        return found
    if not cafe.site_plan_sha256:
        return InvalidInput(
            "Attach the applicant's site plan first: the notice must contain a copy of the "
            "diagram submitted by the applicant.",
            field="site_plan",
            cite=cafe_rules.APPLICATION_CITE,
        )
    if not cafes.readable_site_plan(action.session, cafe):
        return InvalidInput(
            f"The site plan on file ({cafe.site_plan_name or 'no name'}) cannot be read as a "
            "PDF, PNG or JPEG file: attach a readable copy of the applicant's diagram before "
            "the notice is mailed.",
            field="site_plan",
            cite=cafe_rules.APPLICATION_CITE,
        )
    if not cafe.neighbors:
        return InvalidInput(
            f"List the owners of property within {cafe_rules.NOTICE_RADIUS_FT} feet first: the "
            "notice is mailed to them.",
            field="neighbors",
            cite=cafe_rules.APPLICATION_CITE,
        )
    return None


def _undecided(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    return status_refusal(cafe, cafe_rules.UNDECIDED, "the Council has decided.")


def _police_review(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """Only a business that holds a liquor license or means to serve alcohol goes to the Chief
    of Police (§ 506-10 (Application for permit))."""
    found = _undecided(action, cafe)
    if found is None and not cafe_rules.needs_police_review(cafe):
        return InvalidInput(
            "This application does not go to the Chief of Police: no alcohol will be served "
            "and no liquor license is held. Record any comment of the Chief as a staff comment.",
            field="police",
            cite=cafe_rules.APPLICATION_CITE,
        )
    return found


def _dpw_inspection(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    return status_refusal(
        cafe, cafe_rules.PRE_ISSUE, "the permit is no longer waiting for its inspection."
    )


_BEFORE_COUNCIL = frozenset({CafeStatus.NOTICE_MAILED, CafeStatus.BEFORE_COUNCIL})


def _agenda(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """The "fully completed application packet" only: after the notice, and meeting the
    standards."""
    unmailed = CafeStatus(cafe.status) is CafeStatus.APPLIED
    found = status_refusal(
        cafe,
        _BEFORE_COUNCIL,
        "it cannot be placed before the Council"
        + (" until the notice is mailed." if unmailed else "."),
    )
    return found or standards_refusal(cafe, "placed before the Council")


def _council_decision(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    unmailed = CafeStatus(cafe.status) is CafeStatus.APPLIED
    return status_refusal(
        cafe,
        _BEFORE_COUNCIL,
        "the notice to owners within 100 feet has not been mailed."
        if unmailed
        else "there is no application before the Council.",
    )


def _anytime(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """The packet prints as the application stands, whatever its state."""
    return None


def _print_owners(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """The labels and the list of the owners within 100 feet, once they are listed."""
    if cafe.neighbors:
        return None
    return Conflict(
        f"No owners within {cafe_rules.NOTICE_RADIUS_FT} feet are listed for {cafe.number}."
    )


def _print_letters(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """A letter to each owner listed, dated the day the notice was mailed."""
    found = _print_owners(action, cafe)
    if found is None and cafe.notice_mailed_on is None:
        return Conflict("The letters are dated the day of mailing: record the mailing first.")
    return found


def _issue(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """After the Council's approval. The checklist is judged with the term the clerk chooses,
    so :func:`~clerk_desk.sidewalk_cafes.council.issue` checks it with the form, not here."""
    status = CafeStatus(cafe.status)
    if status is CafeStatus.APPROVED:
        return None
    return Conflict(
        f"Application {cafe.number} is {status.label.lower()}: a permit is issued only after "
        "the Council's approval.",
        cite=cafe_rules.ISSUANCE_CITE,
    )


def _print_permit(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """Printing changes no record: the permit prints while it stands, by the rule the
    suspension and the revocation notice ask."""
    return standing_refusal(cafe, action.today(), "there is no permit in force to print.")


def _renew(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """An issued permit (expired or not: the permittee applies again), renewed once: a second
    renewal of one permit would bill the fee twice."""
    now_standing = cafe_terms.standing(cafe, action.today())
    if now_standing not in cafe_rules.STANDING:
        return Conflict(
            f"{cafe.number} is {now_standing.label.lower()}: only an issued permit is renewed; "
            "take a new application."
        )
    pending = action.session.scalar(
        select(SidewalkCafe.number).where(
            SidewalkCafe.renews_id == cafe.id,
            SidewalkCafe.status.not_in([CafeStatus.WITHDRAWN, CafeStatus.DENIED]),
        )
    )
    if pending is not None:
        return Conflict(f"{cafe.number} is already renewed by {pending}.")
    return None


def _suspend(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    return standing_refusal(cafe, action.today(), "there is no permit to suspend.")


def _revocation_notice(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    return standing_refusal(cafe, action.today(), "there is no permit to revoke.")


def _revoke(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """At the meeting noticed: 10 days' written notice, given since any earlier revocation."""
    found = standing_refusal(cafe, action.today(), "there is no permit in force to revoke.")
    if found is not None:
        return found
    stale = (
        cafe.revoked_on is not None
        and cafe.revocation_notice_on is not None
        and cafe.revocation_notice_on <= cafe.revoked_on
    )
    if cafe.revocation_notice_on is None or cafe.revocation_meeting is None or stale:
        since = (
            f" since its revocation of {format_day(cafe.revoked_on)}"
            if stale and cafe.revoked_on is not None
            else ""
        )
        return Conflict(
            f"No written notice of a revocation meeting is on record for {cafe.number}{since}: "
            "10 days' written notice comes first.",
            cite=cafe_rules.REVOCATION_CITE,
        )
    return None


def administrator_denial(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """Without a meeting, the City Administrator refuses to take forward, while it waits for a
    decision, only an application the standards forbid; one that meets them is denied by the
    Council alone (§ 506-10 (Sidewalk cafe permit issuance))."""
    found = permission_refusal(action, ISSUE) or status_refusal(
        cafe, cafe_rules.UNDECIDED, "it is not waiting for a decision."
    )
    if found is not None or cafe_rules.standards_block(cafe) is not None:
        return found
    return InvalidInput(
        "The application meets the standards of § 506-10: only the Common Council denies "
        "it. Record the Council's decision at its meeting.",
        field="meeting_id",
        cite=cafe_rules.ISSUANCE_CITE,
    )


def _deny(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """Denied one way or the other: by the Administrator (:func:`administrator_denial`), or
    by the Council at its meeting (the Council's decision, denied); refused as the
    Administrator's way is when neither is open."""
    by_administrator = administrator_denial(action, cafe)
    if by_administrator is None or refusal_of(action, CafeAct.COUNCIL_DECISION, cafe) is None:
        return None
    return by_administrator


def _withdraw(action: Action, cafe: SidewalkCafe) -> ClerkDeskError | None:
    return status_refusal(cafe, cafe_rules.PRE_ISSUE, "it can no longer be withdrawn.")


TAKE = Permission.TAKE_APPLICATIONS
ISSUE = Permission.ISSUE_PERMITS

RULES: dict[CafeAct, Rule] = {
    CafeAct.CORRECT: Rule(TAKE, _correct),
    CafeAct.NEIGHBOURS: Rule(TAKE, _neighbours),
    CafeAct.MAIL_NOTICE: Rule(ISSUE, _mail_notice),
    CafeAct.COMMENT: Rule(TAKE, _undecided),
    CafeAct.POLICE_REVIEW: Rule(TAKE, _police_review),
    CafeAct.DPW_INSPECTION: Rule(Permission.APPROVE_WORK_PERMITS, _dpw_inspection),
    CafeAct.AGENDA: Rule(TAKE, _agenda),
    CafeAct.COUNCIL_DECISION: Rule(TAKE, _council_decision),
    CafeAct.PRINT_PACKET: Rule(None, _anytime),
    CafeAct.PRINT_LETTERS: Rule(None, _print_letters),
    CafeAct.PRINT_OWNERS: Rule(None, _print_owners),
    CafeAct.ISSUE: Rule(ISSUE, _issue),
    CafeAct.PRINT_PERMIT: Rule(None, _print_permit),
    CafeAct.RENEW: Rule(TAKE, _renew),
    CafeAct.SUSPEND: Rule(ISSUE, _suspend),
    CafeAct.REVOCATION_NOTICE: Rule(ISSUE, _revocation_notice),
    CafeAct.REVOKE: Rule(ISSUE, _revoke),
    # Each way of denying needs its own permission: the guard asks them.
    CafeAct.DENY: Rule(None, _deny),
    CafeAct.WITHDRAW: Rule(TAKE, _withdraw),
}
"""Every act's rule, once: :func:`allow` enforces it, :func:`acts` reports it."""


def refusal_of(action: Action, act: CafeAct, cafe: SidewalkCafe) -> ClerkDeskError | None:
    """Why ``act`` on ``cafe`` is refused now (the permission first, then the record), or
    None."""
    rule = RULES[act]
    if rule.permission is not None:
        found = permission_refusal(action, rule.permission)
        if found is not None:
            return found
    return rule.guard(action, cafe)


def allow(action: Action, act: CafeAct, cafe: SidewalkCafe) -> None:
    """What a service does before it acts on ``cafe`` (read with ``for_update``): raise the
    refusal of :func:`refusal_of`, if any."""
    refuse(refusal_of(action, act, cafe))


def acts(action: Action, cafe_id: int) -> dict[CafeAct, str | None]:
    """For each act, None when the operator may do it now, else the refusal in the clerk's
    words (with its citation, where one applies): what the tab enables its buttons by."""
    cafe = cafes.get_cafe(action.session, cafe_id)
    found = {act: refusal_of(action, act, cafe) for act in CafeAct}
    return as_words(found)


# -- the acts whose rule is their permission alone -----------------------------------------------


class RegisterAct(enum.Enum):
    """An act the tab offers whose rule is its permission alone: a new application, the fee
    paid in the Receipts tab, papers supplied (which paper a state allows is checked by the
    service with the file chosen); the value is how its button names it."""

    NEW_APPLICATION = "New application…"
    TAKE_PAYMENT = "Take payment in the Receipts tab"
    ATTACH_PAPERS = "Attach papers…"


REGISTER_RULES: dict[RegisterAct, Permission] = {
    RegisterAct.NEW_APPLICATION: TAKE,
    RegisterAct.TAKE_PAYMENT: Permission.TAKE_PAYMENT,
    RegisterAct.ATTACH_PAPERS: TAKE,
}
"""Each act's permission, once: :func:`allow_new` enforces it, :func:`register_acts` reports
it."""


def allow_new(action: Action, act: RegisterAct) -> None:
    """What taking an application or attaching its papers does first."""
    allow_by_permission(action, act, REGISTER_RULES)


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    """For each of these acts, None when the operator may do it now, else the refusal."""
    return permission_acts(action, REGISTER_RULES)


# -- the acts on one suspension ------------------------------------------------------------------


def lift_refusal(action: Action, suspension: CafeSuspension) -> ClerkDeskError | None:
    """Why the suspension cannot be lifted now, or None: the permission, then a suspension
    already lifted or already over (the day it may be lifted from is the form's, checked by
    :func:`~clerk_desk.sidewalk_cafes.suspensions.lift_suspension`)."""
    found = permission_refusal(action, Permission.ISSUE_PERMITS)
    if found is not None:
        return found
    if suspension.lifted_on is not None:
        return Conflict(
            f"This suspension was already lifted from {format_day(suspension.lifted_on)}."
        )
    if suspension.ends_on < action.today():
        return Conflict(
            f"This suspension ended {format_day(suspension.ends_on)}: there is nothing to lift."
        )
    return None


def lift_acts(action: Action, cafe: SidewalkCafe) -> dict[int, str | None]:
    """For each suspension of ``cafe``, by id: None when it may be lifted now, else why not
    (what the tab's Lift button says)."""
    return {
        s.id: None if (error := lift_refusal(action, s)) is None else str(error)
        for s in cafe.suspensions
    }


def lift_refusal_of(action: Action, suspension_id: int) -> str | None:
    """Why the suspension ``suspension_id`` cannot be lifted now (None: it can): what the form
    that lifts it says."""
    suspension = action.session.get(CafeSuspension, suspension_id)
    if suspension is None:
        raise NotFound(f"There is no suspension number {suspension_id}.")
    found = lift_refusal(action, suspension)
    return None if found is None else str(found)
