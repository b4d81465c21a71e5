"""The demo's workflow fees taken at the Treasurer's window, and the receipts owed for them.

The workflows' demos (vending, street openings and privileges, sidewalk cafes, special charges)
run their steps at the moments they happened, and need their fees paid to go on (a permit is
issued only once its fee is paid). The demo's counter receipts are written afterwards, in bulk,
a year at a time (:mod:`clerk_desk.demo.receipts`), numbered consecutively in the order issued.
A workflow's receipt cannot be written at the moment of its payment: its number depends on the
receipts of the same day and of every earlier day of that year, which do not exist yet.

So a workflow takes its fee with :func:`take`: the amount due is paid through the ledger at the
moment of payment, by the Treasurer, and its ``due.payment`` event says that the receipt is
written with the day's counter receipts. :func:`waiting` reads those payments back from the
trail; the receipts generator writes, in each day's sequence, one receipt for each of them (its
line tied to the amount due, its tender, in that day's drawer of the Treasurer's window) and an
event on the amount due naming the receipt (:data:`RECEIPTED`), stamped at the moment of the
payment. Afterwards every amount due's ``paid`` is what its live receipts paid, as
``clerk-desk check`` verifies.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk import ledger
from clerk_desk.desk import Action
from clerk_desk.kinds import DueStatus
from clerk_desk.models import AmountDue, AuditEvent
from clerk_desk.money import Money

RECEIPT_FOLLOWS = "at the Treasurer's window; receipted with the day's demo counter receipts"
"""The reference a payment taken by :func:`take` gives the trail instead of a receipt number."""
PAYMENT = "due.payment"  # what clerk_desk.ledger.apply_payment writes
RECEIPTED = "demo payment receipted"
"""The event on the amount due that names the receipt written for a payment :func:`take` took."""


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment taken by :func:`take` that is still to be receipted."""

    event_id: int  # its ``due.payment`` event
    taken_at: datetime  # aware, as the trail has it
    operator_id: int | None
    due_id: int
    amount: Money


def take(action: Action, dues: Iterable[tuple[int, Money | None]]) -> None:
    """Pay each ``(amount due, amount)`` (``None``: all that is still owed) now, the receipt to
    follow with the day's counter receipts. Nothing is taken for an amount with nothing owed."""
    for due_id, amount in dues:
        due = ledger.lock_due(action.session, due_id)
        paying = due.balance if amount is None else amount
        if paying > Money.zero():
            ledger.apply_payment(action, due_id, paying, reference=RECEIPT_FOLLOWS)


def take_open(action: Action, dues: Iterable[AmountDue]) -> None:
    """Pay off every open one of ``dues`` (a record's fees, :func:`clerk_desk.ledger.dues_for`)."""
    take(action, [(due.id, None) for due in dues if due.status == DueStatus.OPEN])


def waiting(session: Session) -> list[Payment]:
    """Every payment :func:`take` took that has no receipt yet, in the order taken."""
    receipted = {
        (event.after or {}).get("payment_event")
        for event in session.scalars(select(AuditEvent).where(AuditEvent.action == RECEIPTED))
    }
    events = session.scalars(
        select(AuditEvent)
        .where(
            AuditEvent.action == PAYMENT,
            AuditEvent.record_type == AmountDue.__tablename__,
            AuditEvent.summary.endswith(f"({RECEIPT_FOLLOWS})", autoescape=True),
        )
        .order_by(AuditEvent.at, AuditEvent.id)
    )
    return [
        Payment(
            event_id=event.id,
            taken_at=event.at,
            operator_id=event.operator_id,
            due_id=int(event.record_id),
            amount=Money((event.after or {})["paid"]) - Money((event.before or {})["paid"]),
        )
        for event in events
        if event.id not in receipted
    ]
