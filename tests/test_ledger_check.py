"""The books judged from their records (clerk_desk.ledger_check): what an amount due records as
paid against what its live receipts paid, its status against its balance, one open drawer per
station, receipt numbers with no gap — each found when it is wrong by one cent or one number,
and nothing found in books kept by the services."""

from __future__ import annotations

import pytest
from sqlalchemy import text, update

from clerk_desk import ledger, parties
from clerk_desk.desk import SYSTEM, Desk
from clerk_desk.kinds import DueKind, DueStatus, PartyKind, TenderKind
from clerk_desk.ledger_check import ledger_problems
from clerk_desk.models import AmountDue
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry

STATION = "Front counter"


@pytest.fixture
def due(desk: Desk) -> int:
    """$50.00 owed for permit SO-2026-0007, of which $20.00 and $30.00 were paid on two
    receipts, the first since voided and paid again: $50.00 paid, nothing owed."""
    with desk.action(SYSTEM) as action:
        receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
        party = parties.add_party(
            action, parties.PartyData(kind=PartyKind.BUSINESS, name="Hanson Excavating LLC")
        ).id
        due_id = ledger.bill(
            action,
            party_id=party,
            record=ledger.RecordRef("street_opening", "2026-0007"),
            kind=DueKind.FEE,
            amount=Money("50.00"),
            description="Street opening fee, permit SO-2026-0007",
            gl_account="100-44300-000",
        ).id
    for amount in ("20.00", "30.00", "20.00"):
        with desk.action(SYSTEM) as action:
            receipt = receipts.take_payment(
                action,
                station=STATION,
                payer_id=party,
                lines=[receipts.due_line(action.session, due_id, Money(amount))],
                tenders=[TenderEntry(TenderKind.CASH, Money(amount))],
            )
            if receipts.get_receipt(action.session, receipt.id).sequence == 1:
                receipts.void_receipt(action, receipt.id, reason="Keyed on the wrong permit")
    return due_id


def problems(desk: Desk) -> list[str]:
    with desk.database.reading() as session:
        return [str(p) for p in ledger_problems(session)]


def tamper(desk: Desk, statement: str, **values: object) -> None:
    """Change the records behind the services' back, as a bug or a lost update would."""
    with desk.database.writing() as session:
        session.execute(text(statement), values)


def test_books_kept_by_the_services_agree(desk: Desk, due: int) -> None:
    with desk.database.reading() as session:
        row = ledger.get_due(session, due)
        assert (row.paid, row.status) == (Money("50.00"), DueStatus.PAID)
    assert problems(desk) == []


@pytest.mark.parametrize(
    ("recorded", "found"),
    [
        ("49.99", ["$49.99 recorded as paid, but its live receipts paid $50.00."]),
        ("50.00", []),
    ],
)
def test_paid_must_be_what_the_live_receipts_paid(
    desk: Desk, due: int, recorded: str, found: list[str]
) -> None:
    with desk.database.writing() as session:
        session.execute(update(AmountDue).where(AmountDue.id == due).values(paid=Money(recorded)))
    named = f"Amount due {due} (Street opening fee, permit SO-2026-0007): "
    assert [p for p in problems(desk) if "recorded as paid" in p] == [named + f for f in found]


def test_a_void_receipt_pays_nothing(desk: Desk, due: int) -> None:
    tamper(desk, "UPDATE receipt SET status = 'void' WHERE sequence = 3")
    assert problems(desk) == [
        f"Amount due {due} (Street opening fee, permit SO-2026-0007): $50.00 recorded as paid, "
        "but its live receipts paid $30.00."
    ]


@pytest.mark.parametrize(
    ("paid", "status", "found"),
    [
        ("50.00", "paid", None),
        ("50.00", "open", "marked open, but all of its $50.00 is recorded as paid."),
        ("49.99", "open", None),
        ("49.99", "paid", "marked paid, but $0.01 of $50.00 is still owed."),
        ("0.00", "cancelled", None),
        ("0.01", "cancelled", "cancelled, but $0.01 is recorded as paid on it."),
        ("49.99", "certified", None),
    ],
)
def test_the_status_must_follow_the_balance(
    desk: Desk, due: int, paid: str, status: str, found: str | None
) -> None:
    with desk.database.writing() as session:
        session.execute(
            update(AmountDue)
            .where(AmountDue.id == due)
            .values(paid=Money(paid), status=DueStatus(status))
        )
    status_problems = [p for p in problems(desk) if "recorded as paid, but" not in p]
    assert status_problems == (
        [f"Amount due {due} (Street opening fee, permit SO-2026-0007): {found}"] if found else []
    )


def test_one_open_drawer_per_station(desk: Desk, due: int) -> None:
    tamper(desk, "DROP INDEX uq_drawer_open_station")
    tamper(
        desk,
        "INSERT INTO drawer (station, status, opened_at, opening_cash, close_note) "
        "SELECT station, status, opened_at, opening_cash, close_note FROM drawer",
    )
    assert problems(desk) == [
        "Front counter has 2 open drawers (numbers 1, 2); a station has one open drawer at a time."
    ]


def test_receipt_numbers_run_on_with_no_gap(desk: Desk, due: int) -> None:
    tamper(desk, "UPDATE receipt SET sequence = 4 WHERE sequence = 3")
    assert problems(desk) == [
        "Receipts of 2026: 1 number missing between 1 and 4 (3).",
        "Receipts of 2026: the last receipt is number 4, but the next number to give is 4 (it "
        "should be 5).",
    ]
