"""The acts on a special event vending application (§ 506-24), and why each is refused now.

Each act the Vending tab offers on the application itself is a :class:`VendingAct`. Its rule is
written here once: the permission it needs and a guard, a small function of the application as
saved that returns the refusal or None. The service of the act calls :func:`allow` before it
changes anything, which raises the refusal; the window calls :func:`acts`, which reports the
same refusal's words for every act at once, so that a button is enabled, or explains why not,
by the very rule the service enforces.

The guards judge the record's state only. What the clerk types into the act's form (a day after
today, an empty reason, a requirement not met, which notice was delivered, the Council's
outcome) is checked by the service after :func:`allow`, and said under the field. The three
Print acts need no permission; their guards are the very rules the papers refuse by
(:func:`~clerk_desk.vending.rules.permit_refusal` and its neighbours).

The guards read only :mod:`clerk_desk.vending.lookup` and :mod:`clerk_desk.vending.rules`,
which sit below the services: the services import this module, and this module imports none of
them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from clerk_desk.acting import allow_by_permission, as_words, permission_acts, permission_refusal
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict
from clerk_desk.kinds import ApplicantKind, VendingStatus
from clerk_desk.models import VendingApplication
from clerk_desk.permissions import Permission
from clerk_desk.vending import lookup
from clerk_desk.vending.rules import (
    copies_refusal,
    letter_refusal,
    permit_refusal,
    police_review_open,
)


class VendingAct(enum.Enum):
    """An act on one application; the value is how the tab's button names it."""

    CORRECT = "Correct"
    POLICE = "Police review"
    DOUBT = "Matters in doubt"
    APPROVE = "Approve"
    DENY = "Deny"
    WITHDRAW = "Withdraw"
    APPEAL = "Appeal"
    DELIVER = "Record delivery"
    COUNCIL = "Council decision"
    PRINT_PERMIT = "Print permit"
    PRINT_COPIES = "Print participant copies"
    PRINT_LETTER = "Print letter"


Guard = Callable[[Action, VendingApplication], ClerkDeskError | None]


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may do an act and when the application allows it."""

    permission: Permission | None  # None: anyone signed in (printing what is on file)
    guard: Guard


def _status(application: VendingApplication) -> VendingStatus:
    return VendingStatus(application.status)


def _with_clerk(done: str) -> Guard:
    """Only an application still with the Clerk (received, in doubt): ``done`` ends the
    refusal's sentence ("; it can no longer be corrected.", or just ".")."""

    def guard(action: Action, application: VendingApplication) -> ClerkDeskError | None:
        status = _status(application)
        if status.undecided:
            return None
        return Conflict(f"Application {application.number} is {status.label.lower()}{done}")

    return guard


def _police(action: Action, application: VendingApplication) -> ClerkDeskError | None:
    """While it is with the Clerk or on appeal, or its permit stands."""
    status = _status(application)
    if police_review_open(status):
        return None
    return Conflict(
        f"Application {application.number} is {status.label.lower()}: there is no permit "
        "for the Chief of Police to review."
    )


def _withdraw(action: Action, application: VendingApplication) -> ClerkDeskError | None:
    """Not once withdrawn or denied by the Council; before a decision, withdrawing cancels the
    permit fee not yet paid, which takes the right to cancel an amount due."""
    status = _status(application)
    if status in (VendingStatus.WITHDRAWN, VendingStatus.DENIED_ON_APPEAL):
        return Conflict(f"Application {application.number} is {status.label.lower()}.")
    cancelling = permission_refusal(action, Permission.CANCEL_DUE)
    if cancelling and lookup.fees_cancelled_on_withdrawal(action.session, application):
        return cancelling
    return None


def _appeal(action: Action, application: VendingApplication) -> ClerkDeskError | None:
    if _status(application) is VendingStatus.DENIED:
        return None
    return Conflict("Only a denial by the Clerk can be appealed to the Council.")


def _deliver(action: Action, application: VendingApplication) -> ClerkDeskError | None:
    """While a doubt notice waits for delivery; once the last is delivered, the service's own
    refusal for that notice."""
    notices = application.notices
    if any(n.delivered_at is None for n in notices):
        return None
    if not notices:
        return Conflict(
            f"No doubt notice of {application.number} waits for delivery: state the matters in "
            "doubt first."
        )
    return lookup.delivery_refusal(action, notices[-1])


def _council(action: Action, application: VendingApplication) -> ClerkDeskError | None:
    """While an appeal waits for the Common Council's decision."""
    status = _status(application)
    if status is VendingStatus.APPEALED:
        return None
    if not application.appeals:
        return Conflict(f"No appeal of {application.number} is before the Common Council.")
    return lookup.decided_refusal(application.appeals[-1]) or lookup.not_before_council(application)


def _print_permit(action: Action, application: VendingApplication) -> ClerkDeskError | None:
    return permit_refusal(application.number, _status(application), application.permit_number)


def _print_copies(action: Action, application: VendingApplication) -> ClerkDeskError | None:
    return copies_refusal(
        application.number,
        _status(application),
        application.permit_number,
        sponsor=ApplicantKind(application.applicant_kind) is ApplicantKind.SPONSOR,
        participants=sum(1 for p in application.participants if p.role != "sponsor"),
    )


def _print_letter(action: Action, application: VendingApplication) -> ClerkDeskError | None:
    return letter_refusal(application.number, _status(application))


TAKE = Permission.TAKE_APPLICATIONS
ISSUE = Permission.ISSUE_PERMITS

RULES: dict[VendingAct, Rule] = {
    VendingAct.CORRECT: Rule(TAKE, _with_clerk("; it can no longer be corrected.")),
    VendingAct.POLICE: Rule(TAKE, _police),
    VendingAct.DOUBT: Rule(ISSUE, _with_clerk(".")),
    VendingAct.APPROVE: Rule(ISSUE, _with_clerk(".")),
    VendingAct.DENY: Rule(ISSUE, _with_clerk(".")),
    VendingAct.WITHDRAW: Rule(TAKE, _withdraw),
    VendingAct.APPEAL: Rule(TAKE, _appeal),
    VendingAct.DELIVER: Rule(ISSUE, _deliver),
    # Recording the Council's approval issues the permit, which also takes ISSUE: the form offers
    # the outcomes the operator may record, and the service checks the one chosen.
    VendingAct.COUNCIL: Rule(TAKE, _council),
    VendingAct.PRINT_PERMIT: Rule(None, _print_permit),
    VendingAct.PRINT_COPIES: Rule(None, _print_copies),
    VendingAct.PRINT_LETTER: Rule(None, _print_letter),
}
"""Every act's rule, once: :func:`allow` enforces it, :func:`acts` reports it."""


class RegisterAct(enum.Enum):
    """An act on the register, no application chosen; the value is how its button names it."""

    NEW_APPLICATION = "New application…"
    TAKE_PAYMENT = "Take payment in the Receipts tab"


REGISTER_RULES: dict[RegisterAct, Permission] = {
    RegisterAct.NEW_APPLICATION: TAKE,
    # The permit fee is paid at the counter's drawer, by whoever takes the City's money.
    RegisterAct.TAKE_PAYMENT: Permission.TAKE_PAYMENT,
}
"""Each act on the register needs only its permission: :func:`allow_new` enforces it,
:func:`register_acts` reports it."""


def allow_new(action: Action, act: RegisterAct) -> None:
    """What receiving an application does first."""
    allow_by_permission(action, act, REGISTER_RULES)


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    """For each act on the register, None when the operator may do it now, else the refusal."""
    return permission_acts(action, REGISTER_RULES)


def refusal_of(
    action: Action, act: VendingAct, application: VendingApplication
) -> ClerkDeskError | None:
    """Why ``act`` on ``application`` is refused now (the permission first, then the
    application), or None."""
    rule = RULES[act]
    if rule.permission is not None and (found := permission_refusal(action, rule.permission)):
        return found
    return rule.guard(action, application)


def allow(action: Action, act: VendingAct, application: VendingApplication) -> None:
    """What a service does before it acts on ``application``: raise the refusal of
    :func:`refusal_of`, if any."""
    found = refusal_of(action, act, application)
    if found is not None:
        raise found


def acts(action: Action, application_id: int) -> dict[VendingAct, str | None]:
    """For each act, None when the operator may do it now, else the refusal in the clerk's
    words: what the tab enables its buttons by."""
    application = lookup.get_application(action.session, application_id)
    found = {act: refusal_of(action, act, application) for act in VendingAct}
    return as_words(found)
