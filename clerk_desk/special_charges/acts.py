"""The acts on a special charge and on a tax-roll run, and why each is refused now.

Each act the Special Charges tab offers on a charge is a :class:`ChargeAct`, each it offers on a
run a :class:`RunAct`. Its rule is written here once: the permission it needs and a guard, a
small function of the record as saved (and today) that returns the refusal or None. The service
of the act calls :func:`allow` (or :func:`allow_run`) before it changes anything, which raises
the refusal; the window calls :func:`acts` (or :func:`run_acts`), which reports the same
refusal's words for every act at once, so that a button is enabled, or explains why not, by the
very rule the service enforces.

The guards judge the record as saved. What the clerk types into the act's form (a bill dated
after today, an empty reason) is checked by the service after :func:`allow`, and said under the
field. A run's certification is judged against the charges as they stand
(:func:`certify_refusal`): :func:`~clerk_desk.special_charges.tax_roll.certify_run` locks them
before it asks, and the tab asks again when the button is pressed, in case a payment landed
since the run was shown, and then offers to prepare the run again.

Taking a payment is done in the Receipts tab, on the charge's amount due; its guard here says
when the charge still owes money taken at the counter. Printing the bill or the reminder reads
the paper through :func:`clerk_desk.special_charges.details.charge_paper`, which calls
:func:`allow` first.

This module and :mod:`clerk_desk.special_charges.service` import each other as modules: the
services call :func:`allow`, and :func:`acts` reads the charge with the service's
``get_charge``; neither reaches into the other while it is being imported.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from sqlalchemy.orm import object_session

from clerk_desk import ledger
from clerk_desk.acting import allow_by_permission, as_words, permission_acts, permission_refusal
from clerk_desk.clock import city_zone
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict
from clerk_desk.kinds import ChargeStatus, RunStatus
from clerk_desk.models import SpecialCharge, TaxRollRun
from clerk_desk.money import Money
from clerk_desk.permissions import Permission
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.words import format_day


class ChargeAct(enum.Enum):
    """An act on one charge; the value is how the tab's button names it."""

    RECORD_BILL = "Record bill"
    PRINT_BILL = "Print bill"
    REMINDER = "Print reminder"
    TAKE_PAYMENT = "Take payment"
    CANCEL = "Cancel charge"


class RunAct(enum.Enum):
    """An act on one tax-roll run; the value is how the tab's button names it."""

    CERTIFY = "Certify"
    DISCARD = "Set aside"
    PRINT = "Print"
    EXPORT = "Export"


Guard = Callable[[SpecialCharge, date], ClerkDeskError | None]
RunGuard = Callable[[TaxRollRun, date], ClerkDeskError | None]


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may do an act (None: anyone signed in) and when the charge allows it."""

    permission: Permission | None
    guard: Guard


@dataclass(frozen=True, slots=True)
class RunRule:
    """Who may do an act (None: anyone signed in) and when the run allows it."""

    permission: Permission | None
    guard: RunGuard


# -- one guard per act on a charge --------------------------------------------------------------


def _open(charge: SpecialCharge, today: date) -> ClerkDeskError | None:
    """Certified or cancelled, a charge no longer changes."""
    if charge.status == ChargeStatus.CERTIFIED:
        run = charge.run.number if charge.run is not None else ""
        return Conflict(
            f"{charge.number} was certified to the tax roll (run {run}); it can no longer change."
        )
    if sc.cancelled(charge):
        return Conflict(f"{charge.number} was cancelled; it can no longer change.")
    return None


def _billed(charge: SpecialCharge, today: date) -> ClerkDeskError | None:
    """A bill prints once it is recorded, and never for a cancelled charge."""
    if sc.cancelled(charge):
        return Conflict(f"{charge.number} was cancelled: it has no bill.")
    if charge.bill_on is None:
        return Conflict("Record the bill first: the last day to pay is counted from it.")
    return None


def _owing(charge: SpecialCharge, today: date) -> ClerkDeskError | None:
    """A balance still taken at the counter: not once certified (the property taxes collect
    it), cancelled, or paid."""
    if charge.status == ChargeStatus.CERTIFIED:
        return Conflict(
            f"{charge.number} was certified to the tax roll: certified charges are paid with the "
            "property taxes."
        )
    locked = _open(charge, today)
    if locked is not None:
        return locked
    if sc.balance(charge) <= Money.zero():
        return Conflict(f"Nothing remains to be paid on {charge.number}.")
    return None


def _reminder(charge: SpecialCharge, today: date) -> ClerkDeskError | None:
    """A reminder of a bill recorded, while a balance is still owed at the counter."""
    if charge.bill_on is None and not sc.cancelled(charge):
        return Conflict("Record the bill first: the reminder gives the bill's last day to pay.")
    return _owing(charge, today)


def _cancel(charge: SpecialCharge, today: date) -> ClerkDeskError | None:
    """An open charge whose amount due may be cancelled: nothing paid on it (its receipts are
    voided first, :func:`clerk_desk.ledger.cancel_refusal`)."""
    locked = _open(charge, today)
    if locked is not None or charge.amount_due is None:
        return locked
    return ledger.cancel_refusal(charge.amount_due)


RULES: dict[ChargeAct, Rule] = {
    ChargeAct.RECORD_BILL: Rule(Permission.BILL, _open),
    ChargeAct.PRINT_BILL: Rule(None, _billed),
    ChargeAct.REMINDER: Rule(None, _reminder),
    ChargeAct.TAKE_PAYMENT: Rule(Permission.TAKE_PAYMENT, _owing),
    ChargeAct.CANCEL: Rule(Permission.CANCEL_DUE, _cancel),
}
"""Every act's rule on a charge, once: :func:`allow` enforces it, :func:`acts` reports it."""


# -- one guard per act on a run -----------------------------------------------------------------


def certify_refusal(run: TaxRollRun, today: date) -> Conflict | None:
    """Why ``run`` cannot be certified on ``today``: certified once already, set aside, a
    preview or as of a day still to come, empty, a list that changed since it was prepared (a
    payment, a cancellation, a new charge or an owner: the Treasurer prepares it again), or a
    parcel listed with no owner."""
    status = RunStatus(run.status)
    if status is RunStatus.CERTIFIED:
        assert run.certified_at is not None
        on = format_day(run.certified_at.astimezone(city_zone()).date())
        return Conflict(
            f"Tax roll run {run.number} was certified on {on} by {run.certified_by_name}; a run "
            "is certified once."
        )
    if status is RunStatus.DISCARDED:
        return Conflict(f"Tax roll run {run.number} was set aside; prepare a new run.")
    if status is RunStatus.PREVIEW or run.as_of > today:
        what = "a preview" if status is RunStatus.PREVIEW else "a run"
        return Conflict(
            f"{run.number} is {what} as of {format_day(run.as_of)}, a day still to come: "
            "charges still payable until then may yet be paid. Prepare the run on or after "
            "that day to certify it."
        )
    if not run.entries:
        return Conflict(f"Run {run.number} lists no charges: there is nothing to certify.")
    session = object_session(run)
    assert session is not None
    changed = tax_roll.changed_since_prepared(session, run)
    if changed:
        return Conflict(changed)
    missing = sorted({e.parcel_number for e in run.entries if not e.owner_name})
    if missing:
        parcels = f"parcel{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
        return Conflict(
            f"{tax_roll.OWNER_NOT_ON_FILE} for {parcels}: the "
            "roll names the owner the special tax is against; record the owner under People & "
            "Parcels, then prepare the run again."
        )
    return None


def _discard(run: TaxRollRun, today: date) -> ClerkDeskError | None:
    if run.status in (RunStatus.DRAFT, RunStatus.PREVIEW):
        return None
    return Conflict(
        f"Run {run.number} is {RunStatus(run.status).value}; only a draft or a preview is set "
        "aside."
    )


def _any_run(run: TaxRollRun, today: date) -> ClerkDeskError | None:
    return None


def _entries(run: TaxRollRun, today: date) -> ClerkDeskError | None:
    return None if run.entries else Conflict(f"Run {run.number} is empty: it lists no charges.")


RUN_RULES: dict[RunAct, RunRule] = {
    RunAct.CERTIFY: RunRule(Permission.CERTIFY_TAX_ROLL, certify_refusal),
    RunAct.DISCARD: RunRule(Permission.CERTIFY_TAX_ROLL, _discard),
    RunAct.PRINT: RunRule(None, _any_run),
    RunAct.EXPORT: RunRule(None, _entries),
}
"""Every act's rule on a run, once: :func:`allow_run` enforces it, :func:`run_acts` reports
it."""


def _refusal(
    action: Action, permission: Permission | None, found: Callable[[], ClerkDeskError | None]
) -> ClerkDeskError | None:
    """The permission first, then the record."""
    if permission is not None:
        refused = permission_refusal(action, permission)
        if refused is not None:
            return refused
    return found()


def refusal_of(action: Action, act: ChargeAct, charge: SpecialCharge) -> ClerkDeskError | None:
    """Why ``act`` on ``charge`` is refused now, or None."""
    rule = RULES[act]
    return _refusal(action, rule.permission, lambda: rule.guard(charge, action.today()))


def run_refusal_of(action: Action, act: RunAct, run: TaxRollRun) -> ClerkDeskError | None:
    """Why ``act`` on ``run`` is refused now, or None."""
    rule = RUN_RULES[act]
    return _refusal(action, rule.permission, lambda: rule.guard(run, action.today()))


def allow(action: Action, act: ChargeAct, charge: SpecialCharge) -> None:
    """What a service does before it acts on ``charge``: raise the refusal, if any."""
    found = refusal_of(action, act, charge)
    if found is not None:
        raise found


def allow_run(action: Action, act: RunAct, run: TaxRollRun) -> None:
    """What a service does before it acts on ``run``: raise the refusal, if any."""
    found = run_refusal_of(action, act, run)
    if found is not None:
        raise found


def acts(action: Action, charge_id: int) -> dict[ChargeAct, str | None]:
    """For each act on the charge, None when the operator may do it now, else the refusal in
    the clerk's words: what the tab enables its buttons by."""
    charge = sc.get_charge(action.session, charge_id)
    return as_words({act: refusal_of(action, act, charge) for act in ChargeAct})


def run_acts(action: Action, run_id: int) -> dict[RunAct, str | None]:
    """For each act on the run, None when the operator may do it now, else the refusal in the
    clerk's words: what the tax-roll page enables its buttons by."""
    run = tax_roll.get_run(action.session, run_id)
    return as_words({act: run_refusal_of(action, act, run) for act in RunAct})


# -- the acts on the registers, no charge or run chosen ------------------------------------------


class RegisterAct(enum.Enum):
    """An act on the register of charges or on the tax roll itself; the value is how its
    button names it."""

    NEW_CHARGE = "New charge…"
    PREPARE_RUN = "Prepare…"


REGISTER_RULES: dict[RegisterAct, Permission] = {
    RegisterAct.NEW_CHARGE: Permission.BILL,
    # The City Treasurer enters unpaid charges on the tax roll, and reviews the list first.
    RegisterAct.PREPARE_RUN: Permission.CERTIFY_TAX_ROLL,
}
"""Each act's permission, once: :func:`allow_new` enforces it, :func:`register_acts` reports
it."""


def allow_new(action: Action, act: RegisterAct) -> None:
    """What recording a charge or preparing a run does first."""
    allow_by_permission(action, act, REGISTER_RULES)


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    """For each act on the registers, None when the operator may do it now, else the refusal."""
    return permission_acts(action, REGISTER_RULES)
