"""The receipts that paid what was billed for a record: shared by every workflow's views.

A permit's fee, a special charge: each view that prints "paid on receipt …" reads it here, so no
workflow's views reach into another's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk.clock import city_zone
from clerk_desk.kinds import DueKind, DueStatus, ReceiptKind, ReceiptStatus
from clerk_desk.ledger import RecordRef, dues_for
from clerk_desk.models import Receipt, ReceiptLine
from clerk_desk.money import Money

FEE_KINDS = (DueKind.FEE, DueKind.DOUBLED_FEE)


@dataclass(frozen=True, slots=True)
class FeeReceipt:
    """A receipt line that paid (part of) an amount billed: a permit's fee, a charge."""

    description: str
    amount: Money
    receipt_number: str
    paid_on: date  # City Hall's date of the receipt


def fee_receipts(
    session: Session,
    record: RecordRef,
    *,
    kinds: Iterable[DueKind] = FEE_KINDS,
    tz: tzinfo | None = None,
    refunds: bool = False,
) -> list[FeeReceipt]:
    """The receipts (not voided) whose lines paid the amounts of ``kinds`` billed for
    ``record``, in the order they were issued; with ``refunds``, the refund receipts too (their
    amounts negative), so that the lines add up to what is paid."""
    wanted = tuple(kinds)
    due_ids = [
        due.id
        for due in dues_for(session, record)
        if due.kind in wanted and due.status != DueStatus.CANCELLED
    ]
    if not due_ids:
        return []
    rows = session.execute(
        select(ReceiptLine, Receipt.number, Receipt.issued_at)
        .join(Receipt, ReceiptLine.receipt_id == Receipt.id)
        .where(
            ReceiptLine.amount_due_id.in_(due_ids),
            Receipt.kind.in_(
                (ReceiptKind.PAYMENT, ReceiptKind.REFUND) if refunds else (ReceiptKind.PAYMENT,)
            ),
            Receipt.status == ReceiptStatus.ISSUED,
        )
        .order_by(Receipt.issued_at, Receipt.id, ReceiptLine.position)
    ).all()
    zone = tz or city_zone()
    return [
        FeeReceipt(line.description, line.amount, number, issued_at.astimezone(zone).date())
        for line, number, issued_at in rows
    ]
