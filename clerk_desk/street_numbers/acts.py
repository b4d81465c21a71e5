"""The acts on the numbering register, on an official address and on a noncompliance case
(§ 506-16), and why each is refused now.

Each act the Street Numbers tab offers on the register is a :class:`RegisterAct`, on an address
an :class:`AddressAct`, on a case a :class:`CaseAct`. Its rule is written here
once: the permission it needs and a guard, a small function of the case as saved (and today)
that returns the refusal or None. The service of the act calls :func:`allow` before it changes
anything, which raises the refusal; the window calls :func:`acts`, which reports the same
refusal's words for every act at once, so a button is enabled, or explains why not, by the very
rule the service enforces. What the clerk types into the act's form (a day before the first day,
an empty manner) is checked by the service after :func:`allow`, and said under the field.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk.acting import as_words, permission_refusal, refuse
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict, InvalidInput
from clerk_desk.kinds import AddressStatus, NumberingCaseStatus
from clerk_desk.models import Address, NumberingCase
from clerk_desk.permissions import Permission
from clerk_desk.street_numbers import rules
from clerk_desk.words import format_day


class CaseAct(enum.Enum):
    """An act on one case; the value is how the tab's button names it."""

    SERVE = "Serve notice"
    PRINT_NOTICE = "Print notice"
    REFER = "Refer"
    COMPLIED = "Complied"
    WITHDRAW = "Withdraw"


Guard = Callable[[NumberingCase, date], ClerkDeskError | None]


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may do an act (None: anyone signed in) and when the case allows it."""

    permission: Permission | None
    guard: Guard


CLOSED = frozenset({NumberingCaseStatus.COMPLIED, NumberingCaseStatus.WITHDRAWN})


def _serve(case: NumberingCase, today: date) -> ClerkDeskError | None:
    status = NumberingCaseStatus(case.status)
    if status is NumberingCaseStatus.OPEN:
        return None
    return Conflict(f"The case is {status.label.lower()}.")


def _print_notice(case: NumberingCase, today: date) -> ClerkDeskError | None:
    """Observed or noticed (to serve, or to serve again), and not before the first day of
    notice: the notice says the owner has neglected for 20 days."""
    status = NumberingCaseStatus(case.status)
    if status not in (NumberingCaseStatus.OPEN, NumberingCaseStatus.NOTICED):
        return Conflict(f"The case is {status.label.lower()}: it has no notice to print.")
    too_early = rules.notice_too_early(case.observed_on, case.notice_from, today)
    return None if too_early is None else Conflict(too_early, cite=rules.NONCOMPLIANCE_CITE)


def _refer(case: NumberingCase, today: date) -> ClerkDeskError | None:
    if (
        NumberingCaseStatus(case.status) is NumberingCaseStatus.NOTICED
        and case.served_on is not None
        and case.referral_from is not None
    ):
        return None
    return Conflict("Only a case whose notice has been served can be referred.")


def _close(case: NumberingCase, today: date) -> ClerkDeskError | None:
    if NumberingCaseStatus(case.status) in CLOSED:
        return Conflict("The case is already closed.")
    return None


KEEP = Permission.KEEP_STREET_REGISTER

RULES: dict[CaseAct, Rule] = {
    CaseAct.SERVE: Rule(KEEP, _serve),
    CaseAct.PRINT_NOTICE: Rule(None, _print_notice),
    CaseAct.REFER: Rule(KEEP, _refer),
    CaseAct.COMPLIED: Rule(KEEP, _close),
    CaseAct.WITHDRAW: Rule(KEEP, _close),
}
"""Every act's rule, once: :func:`allow` enforces it, :func:`acts` reports it."""


def refusal_of(action: Action, act: CaseAct, case: NumberingCase) -> ClerkDeskError | None:
    """Why ``act`` on ``case`` is refused now (the permission first, then the case), or None."""
    rule = RULES[act]
    if rule.permission is not None and (found := permission_refusal(action, rule.permission)):
        return found
    return rule.guard(case, action.today())


def allow(action: Action, act: CaseAct, case: NumberingCase) -> None:
    """Raise the refusal of ``act`` on ``case``, if any: what the service calls first."""
    found = refusal_of(action, act, case)
    if found is not None:
        raise found


def acts(action: Action, case_id: int) -> dict[CaseAct, str | None]:
    """Every act on the case, with the refusal's words (None: allowed now)."""
    from clerk_desk.street_numbers import cases

    case = cases.get_case(action.session, case_id)
    found = {act: refusal_of(action, act, case) for act in CaseAct}
    return as_words(found)


# ---- the acts on an address ---------------------------------------------------------------------


class AddressAct(enum.Enum):
    """An act on one official address; the value is how the tab's button names it."""

    CHANGE = "Change"
    RETIRE = "Retire"
    PRINT_LETTER = "Print letter"
    NUMBERS_MISSING = "Numbers missing"


OPEN_CASES = (NumberingCaseStatus.OPEN, NumberingCaseStatus.NOTICED, NumberingCaseStatus.REFERRED)
"""A case not yet closed: a referred case waits for the forfeiture or for compliance."""


def open_case(session: Session, address_id: int) -> NumberingCase | None:
    """The address's noncompliance case not yet closed, if it has one (it has one at most)."""
    return session.scalar(
        select(NumberingCase).where(
            NumberingCase.address_id == address_id, NumberingCase.status.in_(OPEN_CASES)
        )
    )


AddressGuard = Callable[[Session, Address], ClerkDeskError | None]


def _retired(address: Address) -> ClerkDeskError | None:
    if AddressStatus(address.status) is AddressStatus.ASSIGNED:
        return None
    return Conflict(f"{address_name(address)} is retired.")


def _change(session: Session, address: Address) -> ClerkDeskError | None:
    if AddressStatus(address.status) is AddressStatus.ASSIGNED:
        return None
    return Conflict(f"{address_name(address)} is retired; assign a new number instead.")


def _retire(session: Session, address: Address) -> ClerkDeskError | None:
    if AddressStatus(address.status) is not AddressStatus.ASSIGNED:
        return Conflict(f"{address_name(address)} is already retired.")
    if open_case(session, address.id) is not None:
        return Conflict(
            f"A noncompliance case is open for {address_name(address)}; close it first.",
            cite=rules.NONCOMPLIANCE_CITE,
        )
    return None


def _numbers_missing(session: Session, address: Address) -> ClerkDeskError | None:
    if (found := _retired(address)) is not None:
        return found
    active = open_case(session, address.id)
    if active is None:
        return None
    return Conflict(
        f"A case for {address_name(address)} is already open (observed "
        f"{format_day(active.observed_on)})."
    )


ASSIGN = Permission.ASSIGN_STREET_NUMBERS

ADDRESS_RULES: dict[AddressAct, tuple[Permission | None, AddressGuard]] = {
    AddressAct.CHANGE: (ASSIGN, _change),
    AddressAct.RETIRE: (ASSIGN, _retire),
    # Anyone may print a copy of the letter; only who keeps the register records it mailed.
    AddressAct.PRINT_LETTER: (None, lambda _session, address: _retired(address)),
    AddressAct.NUMBERS_MISSING: (KEEP, _numbers_missing),
}
"""Every address act's rule, once: :func:`allow_on_address` enforces it, :func:`address_acts`
reports it."""


def address_name(address: Address) -> str:
    from clerk_desk.street_numbers.addresses import address_text

    return address_text(address)


def address_refusal(action: Action, act: AddressAct, address: Address) -> ClerkDeskError | None:
    """Why ``act`` on ``address`` is refused now (the permission first), or None."""
    permission, guard = ADDRESS_RULES[act]
    if permission is not None and (found := permission_refusal(action, permission)):
        return found
    return guard(action.session, address)


def allow_on_address(action: Action, act: AddressAct, address: Address) -> None:
    """Raise the refusal of ``act`` on ``address``, if any: what the service calls first."""
    refuse(address_refusal(action, act, address))


def address_acts(action: Action, address_id: int) -> dict[AddressAct, str | None]:
    """Every act on the address, with the refusal's words (None: allowed now)."""
    from clerk_desk.street_numbers import addresses

    address = addresses.get_address(action.session, address_id)
    return as_words({act: address_refusal(action, act, address) for act in AddressAct})


# ---- the acts on the register -------------------------------------------------------------------


class RegisterAct(enum.Enum):
    """An act on the register itself, no address chosen; the value is how its button names it."""

    ASSIGN = "Assign number"
    IMPORT = "Import addresses"
    STREETS = "Streets…"
    RECORD_LETTER = "Record the letter sent"


def _may_record_assignment(action: Action) -> ClerkDeskError | None:
    """The Building Inspector assigns numbers; whoever keeps the register (the Clerk, the
    Deputy Clerk) records a number the Inspector assigned, as the counter records an official's
    decision in the other workflows. Anyone else is refused in the words of the Inspector's
    permission."""
    if action.operator.may(ASSIGN) or action.operator.may(KEEP):
        return None
    return permission_refusal(action, ASSIGN)


def names_the_official(action: Action) -> bool:
    """Whether the assignment form must name the official who assigned the number: the
    operator records it, not having assigned it."""
    return not action.operator.may(ASSIGN)


def assignment_refusal(action: Action, official: str) -> ClerkDeskError | None:
    """Why recording an assignment is refused now, ``official`` the name the form gives (blank:
    the operator assigned the number): the permission, then the official named."""
    if (found := _may_record_assignment(action)) is not None:
        return found
    if names_the_official(action) and not " ".join(official.split()):
        return InvalidInput(
            "Name the Building Inspector who assigned the number (e.g. Pat Kowalski, Building "
            "Inspector): you record it for the Inspector.",
            field="assigned_by",
            cite=rules.ASSIGN_CITE,
        )
    return None


def register_refusal(action: Action, act: RegisterAct) -> ClerkDeskError | None:
    """Why ``act`` on the register is refused now, or None: recording an assignment as
    :func:`_may_record_assignment` says; importing, adding or changing a street and recording a
    letter sent are theirs who keep the register."""
    if act is RegisterAct.ASSIGN:
        return _may_record_assignment(action)
    return permission_refusal(action, KEEP)


def allow_on_register(action: Action, act: RegisterAct) -> None:
    """Raise the refusal of ``act`` on the register, if any: what the service calls first."""
    refuse(register_refusal(action, act))


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    """The acts on the register, with the refusal's words (None: allowed now)."""
    return as_words({act: register_refusal(action, act) for act in RegisterAct})
