"""Steps the receipts tests share: tenders, lines, a payment, a bill, a drawer closed or a
new day, what the database holds (tests/test_receipts*.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

import pytest
from sqlalchemy import func, select

from clerk_desk import ledger, parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import DueKind, PartyKind, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AmountDue, AuditEvent, Receipt, ReceiptLine, Tender
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import (
    DrawerCount,
    LineEntry,
    TenderEntry,
)
from clerk_desk.receipts.views import CheckEntry

STATION = "Front counter"
PERMIT = RecordRef("street_opening", "2026-0007")
CARD = "4111 1111 1111 1111"  # a test card number that passes the Luhn check
CARD_DIGITS = CARD.replace(" ", "")

# -- helpers ------------------------------------------------------------------------------------


def cash(amount: str) -> TenderEntry:
    return TenderEntry(TenderKind.CASH, Money(amount))


def check(amount: str, number: str = "1042", name: str = "Hanson Excavating") -> TenderEntry:
    return TenderEntry(TenderKind.CHECK, Money(amount), check_number=number, name_on_check=name)


def card(amount: str, last4: str = "4242", auth: str = "0A12B3") -> TenderEntry:
    return TenderEntry(TenderKind.CARD, Money(amount), card_last4=last4, card_authorization=auth)


def line(amount: str, gl: str = "100-44300-000", reference: str = "", note: str = "") -> LineEntry:
    return LineEntry("Street opening permit", Money(amount), gl, reference=reference, note=note)


def pay(
    desk: Desk,
    who: SignedIn,
    lines: Sequence[LineEntry],
    tenders: Sequence[TenderEntry],
    *,
    payer_name: str = "Zoë Lindqvist",
    payer_id: int | None = None,
    note: str = "",
    station: str = STATION,
) -> Receipt:
    with desk.action(who) as action:
        saved = receipts.take_payment(
            action,
            station=station,
            payer_id=payer_id,
            payer_name=payer_name,
            lines=lines,
            tenders=tenders,
            note=note,
        )
        return receipts.get_receipt(action.session, saved.id)


def bill(desk: Desk, who: SignedIn, payer: int, amount: str, record: RecordRef = PERMIT) -> int:
    with desk.action(who) as action:
        return ledger.bill(
            action,
            party_id=payer,
            record=record,
            kind=DueKind.FEE,
            amount=Money(amount),
            description="Street opening permit fee",
            gl_account="100-44300-000",
            cite="§ 506-6 (Fee)",
        ).id


def due_of(desk: Desk, due_id: int) -> AmountDue:
    with desk.database.reading() as session:
        return ledger.get_due(session, due_id)


def due_line(desk: Desk, due_id: int, amount: str | None = None) -> LineEntry:
    with desk.database.reading() as session:
        return receipts.due_line(session, due_id, Money(amount) if amount else None)


def counts(desk: Desk) -> tuple[int, int, int, int]:
    """Receipts, lines, tenders and receipt audit events in the database."""
    with desk.database.reading() as session:
        return (
            session.scalar(select(func.count()).select_from(Receipt)) or 0,
            session.scalar(select(func.count()).select_from(ReceiptLine)) or 0,
            session.scalar(select(func.count()).select_from(Tender)) or 0,
            session.scalar(
                select(func.count())
                .select_from(AuditEvent)
                .where(AuditEvent.action.like("receipt.%"))
            )
            or 0,
        )


def view(desk: Desk, receipt_id: int) -> receipts.ReceiptView:
    with desk.database.reading() as session:
        return receipts.receipt_view(session, receipt_id)


def close(
    desk: Desk,
    who: SignedIn,
    drawer_id: int,
    cash_pieces: dict[str, int] | None = None,
    *,
    checks: tuple[CheckEntry, ...] = (),
    cards: str = "0",
    note: str = "",
) -> receipts.Drawer:
    with desk.action(who) as action:
        return receipts.close_drawer(
            action,
            drawer_id,
            DrawerCount(cash_pieces or {"100": 1}, checks, Money(cards), Money("0"), note),
        )


def new_day(desk: Desk, who: SignedIn, clock: FixedClock, when: datetime) -> int:
    """Move to ``when``, close out the drawer left open (with a note) and open today's."""
    clock.set(when)
    with desk.action(who) as action:
        old = receipts.current_drawer(action.session, STATION)
        if old is not None:
            receipts.close_drawer(
                action, old.id, DrawerCount({}, (), Money("0"), Money("0"), "Counted by the test")
            )
    with desk.action(who) as action:
        return receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00")).id


def open_drawer(desk: Desk, who: SignedIn) -> int:
    """The station's drawer opened with $100.00, as each morning; its id."""
    with desk.action(who) as action:
        return receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00")).id


def business_payer(desk: Desk, who: SignedIn) -> int:
    """A business in People & Parcels that pays at the counter; its id."""
    with desk.action(who) as action:
        return parties.add_party(
            action, parties.PartyData(kind=PartyKind.BUSINESS, name="Hanson Excavating LLC")
        ).id


def refuse(exc: type[Exception], match: str, do: Callable[[], object]) -> Exception:
    with pytest.raises(exc, match=match) as caught:
        do()
    return caught.value
