"""Amounts due: what a party owes the City, for which record, and whether it is paid.

Workflows bill (a permit's fee, the doubled fee, actual City expenses; work the City did in
someone's place is charged through :mod:`clerk_desk.special_charges.service`); the receipts workflow
applies payments; any workflow asks :func:`is_paid` about its own record.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import desk_acts, gl_accounts
from clerk_desk.desk import Action, snapshot
from clerk_desk.desk_acts import DeskAct
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.kinds import DueKind, DueStatus, ReceiptStatus
from clerk_desk.models import AmountDue, FeeItem, Party, Receipt, ReceiptLine, SpecialCharge
from clerk_desk.money import Money
from clerk_desk.permissions import Permission
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits


@dataclass(frozen=True, slots=True)
class RecordRef:
    """The record an amount is owed for, named the same way in every workflow."""

    record_type: str
    record_id: str

    def __str__(self) -> str:
        return f"{self.record_type} {self.record_id}"


def bill(
    action: Action,
    *,
    party_id: int,
    record: RecordRef,
    kind: DueKind,
    amount: Money,
    description: str,
    gl_account: str = "",
    fee_item: FeeItem | None = None,
    cite: str = "",
    due_on: date | None = None,
) -> AmountDue:
    """Record that ``party_id`` owes ``amount`` for ``record``."""
    action.require(Permission.BILL)
    if amount <= Money.zero():
        raise InvalidInput("An amount due must be more than $0.00.", field="amount")
    if action.session.get(Party, party_id) is None:
        raise NotFound(f"There is no party number {party_id}.")
    if not description.strip():
        raise InvalidInput("Describe what the amount is for.", field="description")
    if not (gl_account.strip() or (fee_item is not None and fee_item.gl_account)):
        # The Treasurer cannot receipt an amount that posts nowhere: refuse it when billed.
        raise InvalidInput("Name the GL account the amount is posted to.", field="gl_account")
    description = fits(AmountDue.description, " ".join(description.split()), "The description")
    gl_account = fits(
        AmountDue.gl_account,
        gl_account.strip() or (fee_item.gl_account if fee_item else ""),
        "The GL account",
    )
    gl_accounts.refuse_unknown(
        gl_accounts.chart(action.session), gl_account, "This amount due", field="gl_account"
    )
    due = AmountDue(
        party_id=party_id,
        kind=DueKind(kind),
        description=description,
        amount=amount,
        paid=Money.zero(),
        fee_item_id=fee_item.id if fee_item else None,
        gl_account=gl_account,
        record_type=record.record_type,
        record_id=record.record_id,
        cite=cite or (fee_item.section if fee_item else ""),
        due_on=due_on,
        status=DueStatus.OPEN,
        created_at=action.now(),
        created_by_id=action.operator.id or None,
    )
    action.session.add(due)
    action.audit("due.create", due, f"{due.description}: {amount} owed", after=snapshot(due))
    return due


SPECIAL_CHARGES_SETTINGS = "special_charges"
#: The revenue account special charges post to until the Treasurer sets the City's own (like the
#: shipped fee schedule, a placeholder to confirm before going live).
DEFAULT_SPECIAL_CHARGE_ACCOUNT = "100-48100-000"


def special_charge_account(session: Session) -> str:
    """The GL account a special charge (work the City did in an owner's place) posts to."""
    from clerk_desk import settings_store

    group = settings_store.get_group(session, SPECIAL_CHARGES_SETTINGS) or {}
    return str(group.get("gl_account") or DEFAULT_SPECIAL_CHARGE_ACCOUNT)


def set_special_charge_account(action: Action, gl_account: str) -> None:
    """Set the GL account special charges post to (the Treasurer's or the Clerk's setting,
    :attr:`~clerk_desk.permissions.Permission.TREASURY_SETTINGS`)."""
    from clerk_desk import settings_store

    desk_acts.allow(action, DeskAct.SPECIAL_CHARGE_ACCOUNT)
    account = gl_account.strip()
    if not account:
        raise InvalidInput("Enter the GL account special charges post to.", field="gl_account")
    account = fits(AmountDue.gl_account, account, "The GL account", field="gl_account")
    settings_store.put_group(
        action,
        SPECIAL_CHARGES_SETTINGS,
        {"gl_account": account},
        f"Special charges post to GL account {account}",
        act=DeskAct.SPECIAL_CHARGE_ACCOUNT,
    )


def not_payable(due: AmountDue) -> str:
    """Why ``due`` cannot be paid at the counter, in the clerk's words."""
    if due.status == DueStatus.CERTIFIED:
        return (
            f"{due.description} has been certified to the tax roll: it is paid with the property "
            "taxes, not at the counter."
        )
    return f"{due.description} is already {DueStatus(due.status).value}; it cannot be paid."


def receipted(session: Session, due_ids: Iterable[int] | None = None) -> dict[int, Money]:
    """What the issued (not void) receipts paid on each amount due, refund lines counting
    negative: what an amount due records as ``paid``. The one reckoning of it: every payment,
    void, refund and cancel writes what this finds (:func:`settle`), and ``clerk-desk check``
    compares what is recorded with it (:mod:`clerk_desk.ledger_check`). Every amount due when
    ``due_ids`` is None; one with no receipt is left out (it has $0.00 paid)."""
    query = (
        select(ReceiptLine.amount_due_id, func.sum(ReceiptLine.amount))
        .join(Receipt, ReceiptLine.receipt_id == Receipt.id)
        .where(ReceiptLine.amount_due_id.is_not(None), Receipt.status == ReceiptStatus.ISSUED)
        .group_by(ReceiptLine.amount_due_id)
    )
    if due_ids is not None:
        query = query.where(ReceiptLine.amount_due_id.in_(list(due_ids)))
    return {due_id: total for due_id, total in session.execute(query) if due_id is not None}


def settled_status(status: DueStatus, amount: Money, paid: Money) -> DueStatus:
    """How an amount due stands once ``paid`` is paid on it: paid when nothing is left owing,
    open while something is. A cancel and a certification to the tax roll are events of their
    own, recorded as such, and stand whatever is paid."""
    if status in (DueStatus.OPEN, DueStatus.PAID):
        return DueStatus.PAID if paid >= amount else DueStatus.OPEN
    return status


def settle(session: Session, due: AmountDue) -> AmountDue:
    """Write on ``due`` (locked: :func:`lock_due`) what its receipts say: ``paid`` from the live
    receipt lines, read now in this transaction (this save's own lines included), and the
    status that follows. Never a sum carried over from an earlier read: an amount left wrong by
    anything else (a hand edit, a station of an older version) is put right by its next change,
    and its audit event shows the figure before and after."""
    paid = receipted(session, [due.id]).get(due.id, Money.zero())
    if not Money.zero() <= paid <= due.amount:
        raise Conflict(
            f"{due.description}: its receipts pay {paid} on the {due.amount} billed. Nothing was "
            "saved; ask the Treasurer to run the ledger check."
        )
    due.paid = paid
    due.status = settled_status(DueStatus(due.status), due.amount, paid)
    return due


def _moved_by(receipt: Receipt, due: AmountDue) -> Money:
    """What saving or voiding ``receipt`` moves onto what ``due`` has paid: its lines on it
    while it stands issued, as much taken away once it is void."""
    lines = sum(
        (line.amount for line in receipt.lines if line.amount_due_id == due.id), Money.zero()
    )
    return lines if receipt.status == ReceiptStatus.ISSUED else Money.zero() - lines


def _refuse_unreceipted(receipt: Receipt, due: AmountDue, moved: Money) -> None:
    """A payment is made by a receipt and put back by voiding or refunding one: ``receipt``
    must move exactly ``moved`` onto ``due``."""
    if _moved_by(receipt, due) != moved:
        raise Conflict(
            f"Receipt {receipt.number} does not pay {moved} on {due.description}: a payment is "
            "recorded only by the receipt that takes it. Nothing was saved."
        )


def get_due(session: Session, due_id: int) -> AmountDue:
    """The amount due, for reading; a service that changes it takes :func:`lock_due`."""
    due = session.get(AmountDue, due_id)
    if due is None:
        raise NotFound(f"There is no amount due number {due_id}.")
    return due


def lock_due(session: Session, due_id: int) -> AmountDue:
    """The amount due read afresh under a row lock held until the action ends.

    Every change to an amount owed goes through here. Two stations that read the same row and
    each wrote back what they had read lost one another's payment or void (on PostgreSQL, in 31
    of 40 rounds); a station that waits here for the other's commit reads what it wrote. On
    SQLite the write transaction (``BEGIN IMMEDIATE``) already holds the whole database.

    A row this transaction has locked already is handed back as it stands: no other station
    can have changed it since, so it is not read again."""
    locked = _locked_dues(session)
    if due_id in locked:
        return locked[due_id]
    # Pending changes go to the database first: the fresh read below replaces what the session
    # holds, and must not drop what this action itself has not written yet.
    session.flush()
    due = session.get(AmountDue, due_id, with_for_update=True, populate_existing=True)
    if due is None:
        raise NotFound(f"There is no amount due number {due_id}.")
    locked[due_id] = due
    return due


_LOCKED = "clerk_desk.ledger.locked_dues"


def _locked_dues(session: Session) -> dict[int, AmountDue]:
    """The amounts due locked in the session's transaction now (a new transaction, none)."""
    transaction = session.get_transaction()
    held = session.info.get(_LOCKED)
    if held is None or held[0] is not transaction:
        held = (transaction, {})
        session.info[_LOCKED] = held
    locked: dict[int, AmountDue] = held[1]
    return locked


def lock_dues(session: Session, due_ids: Iterable[int | None]) -> dict[int, AmountDue]:
    """Lock several amounts due, always in the order of their numbers, so that two actions
    touching the same ones never each hold one and wait for the other (a deadlock)."""
    wanted = sorted({due_id for due_id in due_ids if due_id is not None})
    return {due_id: lock_due(session, due_id) for due_id in wanted}


@dataclass(frozen=True, slots=True)
class DueChange:
    """A payment made on an amount due whose audit event is still to be written
    (:func:`record`): a receipt changes its amounts due before it takes its number, and their
    events name that number."""

    due: AmountDue
    amount: Money
    before: dict[str, Any]


def pay(action: Action, due_id: int, amount: Money, *, receipt: Receipt | None) -> DueChange:
    """Take ``amount`` off what is owed, as ``receipt`` (written, its lines flushed) pays it, or
    as voiding it (a refund) gives it back; what is recorded paid is then read from the
    receipts (:func:`settle`). :func:`record` writes the event. Paying more than the balance is
    refused, and so is a receipt that does not pay ``amount`` on it. With no receipt (the demo
    alone), the payment is added to what is recorded paid, its receipt to follow."""
    action.require(Permission.TAKE_PAYMENT)
    due = lock_due(action.session, due_id)
    if due.status != DueStatus.OPEN:
        raise Conflict(not_payable(due))
    if amount <= Money.zero():
        raise InvalidInput("A payment must be more than $0.00.", field="amount")
    if amount > due.balance:
        raise InvalidInput(
            f"{amount} is more than the {due.balance} still owed for {due.description}.",
            field="amount",
        )
    before = snapshot(due)
    if receipt is None:
        # Only the demo takes a payment whose receipt it writes afterwards, with the day's
        # counter receipts (clerk_desk.demo.counter); ``clerk-desk check`` finds one left
        # without its receipt.
        due.paid = due.paid + amount
        due.status = settled_status(DueStatus(due.status), due.amount, due.paid)
    else:
        _refuse_unreceipted(receipt, due, amount)
        settle(action.session, due)
    return DueChange(due, amount, before)


def record(action: Action, change: DueChange, *, reference: str) -> AmountDue:
    """The audit event of a payment :func:`pay` made; ``reference`` names the receipt."""
    due = change.due
    action.audit(
        "due.payment",
        due,
        f"{change.amount} paid on {due.description} ({reference})",
        before=change.before,
        after=snapshot(due),
    )
    return due


def apply_payment(
    action: Action,
    due_id: int,
    amount: Money,
    *,
    reference: str,
    receipt: Receipt | None = None,
) -> AmountDue:
    """Take ``amount`` off what is owed, as a receipt written in this transaction pays it (the
    receipts workflow calls this). ``reference`` names the receipt, for the audit trail. Paying
    more than the balance is refused, and so is a payment ``receipt`` does not make.
    """
    return record(action, pay(action, due_id, amount, receipt=receipt), reference=reference)


def reverse_payment(
    action: Action, due_id: int, amount: Money, *, receipt: Receipt, reference: str
) -> AmountDue:
    """Put back what ``receipt``, voided (or, for a special charge, refunded), had paid: the void
    or the refund receipt is written first, and what stays paid is read from the receipts."""
    action.require(Permission.VOID_RECEIPT)
    due = lock_due(action.session, due_id)
    if amount <= Money.zero() or amount > due.paid:
        raise InvalidInput(f"{amount} was not paid on {due.description}.", field="amount")
    _refuse_unreceipted(receipt, due, Money.zero() - amount)
    if due.status == DueStatus.CERTIFIED:
        # The roll went to the county with the balance as it stood: what comes back now is owed
        # on a supplemental special charge against the parcel, for the next run.
        from clerk_desk.special_charges import service as special_charges

        special_charges.reverse_certified(action, due, amount, reference=reference)
        return due
    before = snapshot(due)
    settle(action.session, due)
    action.audit(
        "due.payment_reversed",
        due,
        f"{amount} put back on {due.description} ({reference})",
        before=before,
        after=snapshot(due),
    )
    return due


def cancel_refusal(due: AmountDue) -> Conflict | None:
    """Why ``due`` is not cancelled now (None: it may be): it is no longer open, or something
    was paid on it, whose receipt is voided first."""
    if due.status != DueStatus.OPEN:
        return Conflict(f"{due.description} is already {DueStatus(due.status).value}.")
    if due.paid > Money.zero():
        return Conflict(
            f"{due.paid} was already paid on {due.description}; void that receipt first."
        )
    return None


def cancel(action: Action, due_id: int, *, reason: str) -> AmountDue:
    """Cancel an amount billed in error; it stays in the ledger with the reason."""
    action.require(Permission.CANCEL_DUE)
    if not reason.strip():
        raise InvalidInput("Say why the amount is cancelled.", field="reason")
    due = lock_due(action.session, due_id)
    before = snapshot(due)
    settle(action.session, due)  # what is paid on it is what its receipts paid
    refused = cancel_refusal(due)
    if refused is not None:
        raise refused
    due.status = DueStatus.CANCELLED
    due.cancel_reason = reason.strip()
    action.audit(
        "due.cancel",
        due,
        f"{due.description} cancelled: {reason.strip()}",
        before=before,
        after=snapshot(due),
    )
    return due


def dues_for(session: Session, record: RecordRef) -> list[AmountDue]:
    """Everything owed for ``record``, oldest first: the amounts billed for it, and those of the
    special charges for work the City did under it (a permit's obstruction removed, an order's
    sidewalk repaired, the pavement over an opening). A special charge owes its money under its
    own record (``special_charge``), so that the Treasurer's register holds every one of them;
    the permit or order it came from still counts it among its dues."""
    charged = select(SpecialCharge.amount_due_id).where(
        SpecialCharge.record_type == record.record_type,
        SpecialCharge.record_id == record.record_id,
        SpecialCharge.amount_due_id.is_not(None),
    )
    own = and_(AmountDue.record_type == record.record_type, AmountDue.record_id == record.record_id)
    return list(
        session.scalars(
            select(AmountDue).where(or_(own, AmountDue.id.in_(charged))).order_by(AmountDue.id)
        )
    )


def is_paid(session: Session, record: RecordRef) -> bool:
    """True when something was billed for the record and nothing of it is still open.

    Special charges for work the City did under the record are left out: they are not the
    record's fees, and one certified to the tax roll is collected with the property taxes
    (:func:`clerk_desk.special_charges.service.standing` says how each stands)."""
    dues = [
        d
        for d in dues_for(session, record)
        if d.status != DueStatus.CANCELLED and d.kind != DueKind.SPECIAL_CHARGE
    ]
    return bool(dues) and all(d.status == DueStatus.PAID for d in dues)


def outstanding(session: Session, *, party_id: int | None = None) -> list[AmountDue]:
    """Open amounts, oldest first; for one party when ``party_id`` is given."""
    query = select(AmountDue).where(AmountDue.status == DueStatus.OPEN)
    if party_id is not None:
        query = query.where(AmountDue.party_id == party_id)
    return list(session.scalars(query.order_by(AmountDue.due_on, AmountDue.id)))


def balance_of(session: Session, party_id: int) -> Money:
    return sum((d.balance for d in outstanding(session, party_id=party_id)), Money.zero())


@provider("amounts_due")
def _due_soon(action: Action) -> list[TodayItem]:
    """Amounts falling due within a week; special charges are the Special Charges tab's own
    Today items (with their tax-roll days), not listed twice.

    One query with the payers loaded beside it: the Today tab asks this at every refresh, and
    reading each payer on its own was one statement per amount (455 of 588 at 20 years)."""
    horizon = action.today() + timedelta(days=7)
    query = (
        select(AmountDue)
        .where(
            AmountDue.status == DueStatus.OPEN,
            AmountDue.due_on.is_not(None),
            AmountDue.due_on <= horizon,
            AmountDue.kind != DueKind.SPECIAL_CHARGE,
        )
        .options(selectinload(AmountDue.party))
        .order_by(AmountDue.due_on, AmountDue.id)
    )
    return [
        TodayItem(
            workflow="Receipts",
            due=due.due_on,
            title=f"{due.party.name} owes {due.balance}",
            detail=due.description,
            cite=due.cite,
            record_type="amount_due",
            record_id=str(due.id),
            group="Amounts owed",
        )
        for due in action.session.scalars(query)
    ]
