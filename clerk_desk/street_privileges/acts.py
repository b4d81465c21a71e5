"""The acts on a street privilege permit (§§ 506-9, 506-11), and why each is refused now.

Each act the Street Privileges tab offers is a :class:`PrivilegeAct`. Its rule is written here
once: the permission it needs and a guard, a small function of the permit as saved that returns
the refusal or None. The service of the act calls :func:`allow` before it changes anything,
which raises the refusal; the window calls :func:`acts`, which reports the same refusal's words
for every act at once, so that a button is enabled, or explains why not, by the very rule the
service enforces.

The guards judge the record's state only. What the clerk types into the act's form (a day after
today, an empty reason, the review's requirements not met, the 24 hours after the Council's
notice not yet run at the moment typed) is checked by the service after :func:`allow`, and said
under the field.

The services import this module, and it reads :mod:`~clerk_desk.street_privileges.removal` as a
module: neither reaches into the other while it is being imported.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from datetime import tzinfo

from clerk_desk.acting import allow_by_permission, as_words, permission_acts, permission_refusal
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict
from clerk_desk.kinds import PrivilegeStatus
from clerk_desk.models import StreetPrivilege
from clerk_desk.permissions import Permission
from clerk_desk.street_privileges import removal as sp_removal
from clerk_desk.street_privileges.records import get_privilege, issued_refusal, status_of
from clerk_desk.street_privileges.rules import FEE_CITE, REMOVAL_CITE
from clerk_desk.words import format_day


class PrivilegeAct(enum.Enum):
    """An act on one permit; the value is how the tab's button names it."""

    CORRECT = "Correct"
    ADVICE = "Advice"
    TERMS = "Terms"
    CITY_COSTS = "City costs"
    ISSUE = "Issue"
    REFUSE = "Refuse"
    WITHDRAW = "Withdraw"
    PRINT_PERMIT = "Print permit"
    CHECK = "Check condition"
    CLOSE = "Way vacated"
    REVOKE = "Revoke"
    REMOVAL_NOTICE = "Removal notice"
    CITY_REMOVAL = "City removal"


Guard = Callable[[StreetPrivilege, tzinfo], ClerkDeskError | None]
"""A permit's state judged for an act (``tzinfo``: City Hall's, whose day a moment falls on)."""


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may do an act (None: anyone signed in) and when the permit allows it."""

    permission: Permission | None
    guard: Guard


# -- one guard per act --------------------------------------------------------------------------


def undecided(what: str) -> Guard:
    """An application not yet issued, refused or withdrawn: ``what`` ("it can be refused")
    only before the permit is issued."""

    def guard(privilege: StreetPrivilege, zone: tzinfo) -> ClerkDeskError | None:
        status = status_of(privilege)
        if status is PrivilegeStatus.APPLIED:
            return None
        return Conflict(
            f"Street privilege {privilege.number} is {status.label.lower()}: {what} only "
            "before the permit is issued."
        )

    return guard


def issued(what: str) -> Guard:
    """A permit issued at some time (in force, ended, closed or revoked since)."""
    return lambda privilege, zone: issued_refusal(privilege, what)


def _city_costs(privilege: StreetPrivilege, zone: tzinfo) -> ClerkDeskError | None:
    """A refused or withdrawn application is not charged: there is no permit to add costs to."""
    status = status_of(privilege)
    if status not in (PrivilegeStatus.REFUSED, PrivilegeStatus.WITHDRAWN):
        return None
    return Conflict(
        f"Street privilege {privilege.number} was {status.label.lower()}: a refused or "
        "withdrawn application is not charged City costs.",
        cite=FEE_CITE,
    )


def _close(privilege: StreetPrivilege, zone: tzinfo) -> ClerkDeskError | None:
    """An issued or revoked permit whose way is not yet recorded vacated."""
    status = status_of(privilege)
    if status not in (PrivilegeStatus.ISSUED, PrivilegeStatus.REVOKED):
        return Conflict(
            f"Street privilege {privilege.number} is {status.label.lower()}: only an issued or "
            "revoked permit is closed."
        )
    if privilege.closed_on is not None:
        return Conflict(
            f"The way under {privilege.number} was recorded vacated "
            f"{format_day(privilege.closed_on)}."
        )
    return issued_refusal(privilege, "it is closed")


def _revoke(privilege: StreetPrivilege, zone: tzinfo) -> ClerkDeskError | None:
    """An issued permit, neither revoked nor closed. One that has ended may still be revoked
    the morning after, dated its last day: the service judges the day typed."""
    status = status_of(privilege)
    if status is PrivilegeStatus.ISSUED and privilege.issued_on is not None:
        return None
    return Conflict(
        f"Street privilege {privilege.number} is {status.label.lower()}: only an issued "
        "permit can be revoked."
    )


def _removal_notice(privilege: StreetPrivilege, zone: tzinfo) -> ClerkDeskError | None:
    """An issued permit whose way is not clear yet, and that § 506-9 (Removal by City)
    reaches: one that obstructs a sidewalk, whose notice (if one is recorded) was lawful."""
    found = issued_refusal(privilege, "a notice to remove is recorded")
    if found is not None:
        return found
    if privilege.closed_on is not None or privilege.removed_by_city_on is not None:
        return Conflict(f"The way under {privilege.number} is already clear.")
    return sp_removal.removal_barred(privilege, zone)


def _city_removal(privilege: StreetPrivilege, zone: tzinfo) -> ClerkDeskError | None:
    """Once, after a lawful notice of the Council, for a permit that obstructs a sidewalk."""
    found = issued_refusal(privilege, "the City's removal is recorded")
    if found is not None:
        return found
    if privilege.removed_by_city_on is not None:
        return Conflict(
            f"The City's removal under {privilege.number} was recorded "
            f"{format_day(privilege.removed_by_city_on)}; bill further costs as City costs."
        )
    barred = sp_removal.removal_barred(privilege, zone)
    if barred is not None:
        return barred
    if privilege.removal_notice_at is None:
        return Conflict(
            "No notice from the Common Council to remove the obstruction is recorded: the City "
            "removes it 24 hours after that notice.",
            cite=REMOVAL_CITE,
        )
    return None


TAKE = Permission.TAKE_APPLICATIONS
DECIDE = Permission.APPROVE_WORK_PERMITS
BILL = Permission.BILL

RULES: dict[PrivilegeAct, Rule] = {
    PrivilegeAct.CORRECT: Rule(TAKE, undecided("the application can be corrected")),
    PrivilegeAct.ADVICE: Rule(TAKE, undecided("advice is recorded")),
    PrivilegeAct.TERMS: Rule(DECIDE, undecided("its terms are set")),
    PrivilegeAct.CITY_COSTS: Rule(BILL, _city_costs),
    PrivilegeAct.ISSUE: Rule(DECIDE, undecided("it can be issued")),
    PrivilegeAct.REFUSE: Rule(DECIDE, undecided("it can be refused")),
    PrivilegeAct.WITHDRAW: Rule(TAKE, undecided("it can be withdrawn")),
    PrivilegeAct.PRINT_PERMIT: Rule(None, issued("its permit prints")),
    # The officials' acts after issuance are recorded at the counter, naming them.
    PrivilegeAct.CHECK: Rule(TAKE, issued("its conditions are checked")),
    PrivilegeAct.CLOSE: Rule(TAKE, _close),
    PrivilegeAct.REVOKE: Rule(TAKE, _revoke),
    PrivilegeAct.REMOVAL_NOTICE: Rule(TAKE, _removal_notice),
    PrivilegeAct.CITY_REMOVAL: Rule(BILL, _city_removal),
}
"""Every act's rule, once: :func:`allow` enforces it, :func:`acts` reports it."""


def refusal_of(
    action: Action, act: PrivilegeAct, privilege: StreetPrivilege
) -> ClerkDeskError | None:
    """Why ``act`` on ``privilege`` is refused now (the permission first, then the permit), or
    None."""
    rule = RULES[act]
    if rule.permission is not None:
        found = permission_refusal(action, rule.permission)
        if found is not None:
            return found
    return rule.guard(privilege, action.zone)


def allow(action: Action, act: PrivilegeAct, privilege: StreetPrivilege) -> None:
    """What a service does before it acts on ``privilege``: raise the refusal of
    :func:`refusal_of`, if any."""
    found = refusal_of(action, act, privilege)
    if found is not None:
        raise found


def acts(action: Action, privilege_id: int) -> dict[PrivilegeAct, str | None]:
    """For each act, None when the operator may do it now, else the refusal in the clerk's
    words (with its citation, where one applies): what the tab enables its buttons by."""
    privilege = get_privilege(action.session, privilege_id)
    found = {act: refusal_of(action, act, privilege) for act in PrivilegeAct}
    return as_words(found)


# ---- the acts whose rule is their permission alone ---------------------------------------------


class RegisterAct(enum.Enum):
    """An act on the register, no permit chosen, or paying the permit's fee in the Receipts
    tab; the value is how its button names it."""

    NEW_APPLICATION = "New application…"
    TAKE_PAYMENT = "Take payment in the Receipts tab"


REGISTER_RULES: dict[RegisterAct, Permission] = {
    RegisterAct.NEW_APPLICATION: Permission.TAKE_APPLICATIONS,
    RegisterAct.TAKE_PAYMENT: Permission.TAKE_PAYMENT,
}
"""Each act's permission, once: :func:`allow_new` enforces it, :func:`register_acts` reports
it."""


def allow_new(action: Action, act: RegisterAct) -> None:
    """What taking an application does first."""
    allow_by_permission(action, act, REGISTER_RULES)


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    """For each of these acts, None when the operator may do it now, else the refusal."""
    return permission_acts(action, REGISTER_RULES)
