"""The "certify to tax roll" runs of special charges: what is eligible on a day, a run prepared
to review, certified once (the charges locked and stamped with it, collected with the property
taxes from then on) or set aside.

A run lists every charge past its tax-roll day and still owed as of the day chosen
(:func:`eligible`); a run as of a day still to come is a preview, never certified. Before a run
is certified its list is checked again (:func:`~clerk_desk.special_charges.acts.certify_refusal`):
what is certified is exactly what was reviewed."""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import ledger
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput, NotFound
from clerk_desk.kinds import ChargeStatus, DueStatus, RunStatus
from clerk_desk.models import (
    AmountDue,
    Parcel,
    SpecialCharge,
    TaxRollEntry,
    TaxRollRun,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.permissions import Permission
from clerk_desk.special_charges import acts, service
from clerk_desk.special_charges.rules import (
    clock_for,
)
from clerk_desk.validation import fits
from clerk_desk.words import format_day, plural

PREVIEW_DAYS = 366  # how far ahead a run may be previewed
OWNER_NOT_ON_FILE = "Owner not on file"


def eligible(session: Session, as_of: date) -> list[SpecialCharge]:
    """Every charge that may be certified on ``as_of``: past its first tax-roll day, not
    certified or cancelled, with a balance still owed. Parcel order, as the roll reads."""
    query = (
        service.loaded()
        .join(AmountDue, SpecialCharge.amount_due_id == AmountDue.id)
        .join(Parcel, SpecialCharge.parcel_id == Parcel.id)
        .where(
            SpecialCharge.status == ChargeStatus.BILLED,
            SpecialCharge.tax_roll_on.is_not(None),
            SpecialCharge.tax_roll_on <= as_of,
            AmountDue.status == DueStatus.OPEN,
            AmountDue.paid < AmountDue.amount,
        )
        .order_by(Parcel.parcel_number, SpecialCharge.year, SpecialCharge.sequence)
    )
    return list(session.scalars(query))


def _entry(charge: SpecialCharge) -> TaxRollEntry:
    """The row of the roll: the parcel's owner of record, never the party billed (the special
    tax is against the parcel); a parcel with no owner on file is listed without one, and the
    run is not certified until the owner is recorded."""
    parcel = charge.parcel
    assert parcel is not None
    owner = parcel.owner
    clock = clock_for(charge.kind)
    description = fits(
        TaxRollEntry.description, f"{charge.number} {clock.title}: {charge.work}", "The entry"
    )
    return TaxRollEntry(
        charge_id=charge.id,
        parcel_number=parcel.parcel_number,
        owner_name=owner.name if owner is not None else "",
        owner_address=owner.mailing_address if owner is not None else "",
        site_address=parcel.site_address,
        description=description,
        section=clock.cite,
        amount=service.balance(charge),
    )


def prepare_run(action: Action, as_of: date) -> int:
    """List every charge that may be certified on ``as_of``, for the Treasurer to review.

    A run as of today or earlier is a draft to certify; preparing another sets earlier drafts
    aside, so only the list the Treasurer last reviewed can be certified. A run as of a day
    still to come (up to a year ahead) is a preview, numbered apart, never certified: the
    charges still payable until then may yet be paid. A day with nothing to list is refused:
    no run is saved and no number is used. Runs are numbered by the year they are prepared.
    """
    acts.allow_new(action, acts.RegisterAct.PREPARE_RUN)
    session = action.session
    today = action.today()
    if as_of > today + timedelta(days=PREVIEW_DAYS):
        raise InvalidInput("Choose a tax-roll date within the next year.", field="as_of")
    preview = as_of > today
    charges = eligible(session, as_of)
    if not charges:
        raise InvalidInput(
            f"No charge is past its tax-roll day and unpaid on {format_day(as_of)}: there is "
            "nothing to list, and no run was saved.",
            field="as_of",
        )
    status = RunStatus.PREVIEW if preview else RunStatus.DRAFT
    # Locked: a draft being certified at this moment at another station is certified, not set
    # aside (PostgreSQL checks the status again once that certification commits).
    for earlier in session.scalars(
        select(TaxRollRun)
        .where(TaxRollRun.status == status)
        .order_by(TaxRollRun.id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ):
        earlier.status = RunStatus.DISCARDED
        earlier.note = (earlier.note + "\n" if earlier.note else "") + "Set aside by a later run."
    series, prefix = ("tax_roll_preview", "PV") if preview else ("tax_roll_run", "TR")
    sequence = take_number(action, series, year=today.year)
    run = TaxRollRun(
        number=f"{prefix}-{today.year}-{sequence:02d}",
        as_of=as_of,
        status=status,
        total=Money.zero(),
        prepared_at=action.now(),
        prepared_by_name=action.operator.full_name,
        note=(
            f"A preview as of {format_day(as_of)}, a day still to come: charges still payable "
            "until then may yet be paid. It is never certified."
            if preview
            else ""
        ),
    )
    run.entries = [_entry(charge) for charge in charges]
    run.total = sum((entry.amount for entry in run.entries), Money.zero())
    session.add(run)
    session.flush()
    action.audit(
        "tax_roll.previewed" if preview else "tax_roll.prepared",
        run,
        f"Tax roll {'preview' if preview else 'run'} {run.number} as of {format_day(as_of)}: "
        f"{plural(len(run.entries), 'charge')}, {run.total}",
    )
    return run.id


def get_run(session: Session, run_id: int) -> TaxRollRun:
    run = session.get(TaxRollRun, run_id)
    if run is None:
        raise NotFound(f"There is no tax roll run number {run_id}.")
    return run


def runs(session: Session) -> list[TaxRollRun]:
    query = select(TaxRollRun).options(selectinload(TaxRollRun.entries))
    return list(
        session.scalars(query.order_by(TaxRollRun.prepared_at.desc(), TaxRollRun.id.desc()))
    )


def _changes(run: TaxRollRun, now_eligible: list[SpecialCharge]) -> list[str]:
    listed = {entry.charge_id: entry for entry in run.entries}
    current = {charge.id: charge for charge in now_eligible}
    changes = []
    for charge_id, entry in listed.items():
        charge = current.get(charge_id)
        if charge is None:
            changes.append(f"{entry.charge.number} is no longer owed or eligible")
            continue
        if service.balance(charge) != entry.amount:
            changes.append(
                f"{charge.number} now owes {service.balance(charge)}, not the {entry.amount} listed"
            )
        owner = charge.parcel.owner if charge.parcel is not None else None
        if owner is not None and owner.name != entry.owner_name:
            was = f"not {entry.owner_name}" if entry.owner_name else "not on file when listed"
            changes.append(f"the owner of parcel {entry.parcel_number} is {owner.name}, {was}")
    for charge_id, charge in current.items():
        if charge_id not in listed:
            changes.append(f"{charge.number} has become eligible")
    return changes


def certify_problem(run: TaxRollRun, today: date) -> str:
    """Why ``run`` cannot be certified on ``today`` ("" when it can): the refusal of
    :func:`~clerk_desk.special_charges.acts.certify_refusal` in words."""
    refused = acts.certify_refusal(run, today)
    return "" if refused is None else str(refused)


def changed_since_prepared(session: Session, run: TaxRollRun) -> str:
    """How the list the run would hold now differs from the one it holds ("" when it does
    not)."""
    changes = _changes(run, eligible(session, run.as_of))
    if not changes:
        return ""
    return (
        f"The list changed since run {run.number} was prepared: {'; '.join(changes)}. "
        "Prepare the run again and review it."
    )


def certify_run(action: Action, run_id: int) -> int:
    """Certify the reviewed run: its charges are locked, stamped with the run and the amount
    certified, and their amounts due marked certified (collected with the property taxes from
    now on).

    The run is judged first (:func:`~clerk_desk.special_charges.acts.allow_run`), then the
    list is checked again (:func:`certify_problem`): if a payment, a cancellation, a
    new charge or an owner changed it since it was prepared, nothing is certified and the
    Treasurer prepares it again — what is certified is exactly what was reviewed. A run is
    certified once; a preview, or a run as of a day still to come, never.
    """
    session = action.session
    run = session.scalars(
        select(TaxRollRun)
        .where(TaxRollRun.id == run_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).one_or_none()
    if run is None:
        raise NotFound(f"There is no tax roll run number {run_id}.")
    action.require(Permission.CERTIFY_TAX_ROLL)  # before any charge is locked
    charge_ids = [entry.charge_id for entry in run.entries]
    # Lock the charges and their amounts due, so that no receipt lands between check and stamp;
    # in the order of their numbers, as every other writer takes them (no deadlock).
    session.scalars(
        select(SpecialCharge)
        .where(SpecialCharge.id.in_(charge_ids))
        .order_by(SpecialCharge.id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).all()
    ledger.lock_dues(
        session,
        session.scalars(
            select(SpecialCharge.amount_due_id).where(SpecialCharge.id.in_(charge_ids))
        ),
    )
    acts.allow_run(action, acts.RunAct.CERTIFY, run)
    now = action.now()
    for entry in run.entries:
        charge = entry.charge
        charge.status = ChargeStatus.CERTIFIED
        charge.run = run
        charge.certified_amount = entry.amount
        due = charge.amount_due
        assert due is not None
        due.status = DueStatus.CERTIFIED
        action.audit(
            "special_charge.certified",
            charge,
            f"{charge.number} certified to the tax roll, {entry.amount} (run {run.number})",
        )
    run.status = RunStatus.CERTIFIED
    run.certified_at = now
    run.certified_by_name = action.operator.full_name
    action.audit(
        "tax_roll.certified",
        run,
        f"Tax roll run {run.number} certified: {plural(len(run.entries), 'charge')}, {run.total}",
    )
    return run.id


def discard_run(action: Action, run_id: int, *, reason: str) -> int:
    run = get_run(action.session, run_id)
    acts.allow_run(action, acts.RunAct.DISCARD, run)
    if not reason.strip():
        raise InvalidInput("Give the reason for setting the run aside.", field="reason")
    run.status = RunStatus.DISCARDED
    run.note = (run.note + "\n" if run.note else "") + reason.strip()
    action.audit(
        "tax_roll.discarded", run, f"Tax roll run {run.number} set aside: {reason.strip()}"
    )
    return run.id
