"""Demo receipts: a year of a busy counter, every receipt whole and every drawer balanced.

The module's demo is built once per database (SQLite, and PostgreSQL when
``CLERK_DESK_TEST_DATABASE_URL`` is set) with the real defaults: one year, about 80 receipts a day.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from datetime import date, datetime, timedelta

import pytest
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.orm import selectinload

from clerk_desk import demo, demo_receipts, receipts, settings_store
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.models import (
    AuditEvent,
    Drawer,
    NumberSequence,
    Operator,
    Party,
    Receipt,
    ReceiptLine,
    Tender,
    TenderKind,
)
from clerk_desk.money import Money
from clerk_desk.parties import fold

POSTGRES_ENV = "CLERK_DESK_TEST_DATABASE_URL"
TODAY = date(2026, 11, 30)
ZERO = Money.zero()


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]
)
def demo_db(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Database]:
    if request.param == "sqlite":
        url = f"sqlite+pysqlite:///{tmp_path_factory.mktemp('demo-receipts') / 'demo.sqlite3'}"
    else:
        url = os.environ.get(POSTGRES_ENV, "")
        if not url:
            pytest.skip(f"{POSTGRES_ENV} is not set; .ci/run starts a PostgreSQL server for this")
        engine = create_engine(url)
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
        engine.dispose()
    # How long the demo takes to build is measured in benchmarks/startup.py, not asserted here.
    demo.create(url, clock=FixedClock(datetime(2026, 11, 30, 10, 0)))
    db = Database(url)
    yield db
    db.dispose()


def _local_day(moment: datetime) -> date:
    return moment.astimezone(FixedClock(TODAY).tz).date()


def test_a_year_of_receipts_at_about_eighty_a_day(demo_db: Database) -> None:
    with demo_db.reading() as session:
        issued = list(session.scalars(select(Receipt.issued_at)))
        calendar = settings_store.calendar(session)
    days = Counter(_local_day(moment) for moment in issued)
    assert 18_000 <= len(issued) <= 22_000
    assert min(days) >= date(2025, 11, 30) and max(days) <= TODAY - timedelta(days=1)
    per_year: dict[int, list[int]] = defaultdict(list)
    for day, count in days.items():
        per_year[day.year].append(count)
    assert set(per_year) == {2025, 2026}
    for counts in per_year.values():
        assert 55 <= sum(counts) / len(counts) <= 105
    # Every day City Hall was open in the year has receipts; no day it was closed has any.
    open_days = {
        date(2025, 11, 30) + timedelta(days=n)
        for n in range(365)
        if calendar.is_open(date(2025, 11, 30) + timedelta(days=n))
    }
    assert set(days) == open_days


def test_numbers_are_consecutive_per_year_in_the_order_issued(demo_db: Database) -> None:
    with demo_db.reading() as session:
        rows = session.execute(
            select(Receipt.year, Receipt.sequence, Receipt.number, Receipt.issued_at).order_by(
                Receipt.issued_at, Receipt.id
            )
        ).all()
        sequences = {
            row.year: row.next_value
            for row in session.scalars(
                select(NumberSequence).where(NumberSequence.name == receipts.SERIES)
            )
        }
    by_year: dict[int, list[int]] = defaultdict(list)
    for year, sequence, number, issued_at in rows:
        assert number == f"{year}-{sequence:06d}"
        assert _local_day(issued_at).year == year
        by_year[year].append(sequence)
    for year, numbers in by_year.items():
        assert numbers == list(range(1, len(numbers) + 1)), f"gap or disorder in {year}"
        assert sequences[year] == len(numbers) + 1


def test_every_receipt_is_whole(demo_db: Database) -> None:
    with demo_db.reading() as session:
        line_sums = {
            receipt_id: total
            for receipt_id, total in session.execute(
                select(ReceiptLine.receipt_id, func.sum(ReceiptLine.amount)).group_by(
                    ReceiptLine.receipt_id
                )
            )
        }
        tenders: dict[int, list[Tender]] = defaultdict(list)
        for tender in session.scalars(select(Tender)):
            tenders[tender.receipt_id].append(tender)
        all_receipts = list(session.scalars(select(Receipt)))
        parties = {id: name for id, name in session.execute(select(Party.id, Party.name))}
        sample = list(
            session.scalars(
                select(Receipt)
                .options(selectinload(Receipt.lines), selectinload(Receipt.tenders))
                .order_by(Receipt.id)
                .limit(300)
            )
        )
    walk_ins = 0
    for receipt in all_receipts:
        assert isinstance(receipt.total, Money) and receipt.total > ZERO
        assert line_sums[receipt.id] == receipt.total, receipt.number
        paid = tenders[receipt.id]
        assert sum((t.amount for t in paid), ZERO) == receipt.total, receipt.number
        assert all(t.amount > ZERO for t in paid)
        cash_change = sum((t.tendered - t.amount for t in paid if t.kind == "cash"), ZERO)
        assert receipt.change == cash_change, receipt.number
        assert all(t.tendered == t.amount for t in paid if t.kind != "cash"), receipt.number
        assert all(t.tendered >= t.amount for t in paid)
        for tender in paid:
            if tender.kind == TenderKind.CHECK:
                assert tender.check_number.isdigit() and tender.name_on_check
            elif tender.kind == TenderKind.CARD:
                assert re.fullmatch(r"\d{4}", tender.card_last4)
                assert re.fullmatch(r"[A-Z0-9]{6}", tender.card_authorization)
            elif tender.kind == TenderKind.MONEY_ORDER:
                assert tender.money_order_number.isdigit()
        assert fold(receipt.payer_name) in receipt.search_text
        if receipt.payer_id is None:
            walk_ins += 1
        else:
            assert parties[receipt.payer_id] == receipt.payer_name
    assert 0.03 < walk_ins / len(all_receipts) < 0.2
    kinds = Counter(t.kind for paid in tenders.values() for t in paid)
    # Every kind a payment is made in (a City check only pays a refund back).
    assert set(kinds) == {kind for kind in TenderKind if kind is not TenderKind.CITY_CHECK}
    assert sum(len(paid) > 1 for paid in tenders.values()) > 100  # some split tenders
    # Read back through the ORM, a receipt is what the service would have written.
    for receipt in sample:
        assert [line.position for line in receipt.lines] == list(range(1, len(receipt.lines) + 1))
        assert sum((line.amount for line in receipt.lines), ZERO) == receipt.total
        assert all(line.gl_account and line.description for line in receipt.lines)
    lines = [line for receipt in sample for line in receipt.lines]
    assert any(re.fullmatch(r"SO-\d{4}-\d{4}", line.reference) for line in lines)
    assert any(re.fullmatch(r"281-\d{5}-0000", line.reference) for line in lines)
    assert any(line.description == "Actual City expenses" for line in lines)
    assert all(
        line.gl_account == "100-46300-000"
        for line in lines
        if line.description == "Actual City expenses"
    )


def test_drawers_are_closed_and_balance_or_have_a_noted_over_short(demo_db: Database) -> None:
    with demo_db.reading() as session:
        drawers = list(session.scalars(select(Drawer).order_by(Drawer.id)))
        expected: dict[tuple[int, str], Money] = defaultdict(Money.zero)
        rows = session.execute(
            select(Receipt.drawer_id, Tender.kind, func.sum(Tender.amount))
            .join(Tender, Tender.receipt_id == Receipt.id)
            .where(Receipt.status == "issued")
            .group_by(Receipt.drawer_id, Tender.kind)
        )
        for drawer_id, kind, total in rows:
            expected[drawer_id, kind] = total
        spans = {
            drawer_id: (first, last)
            for drawer_id, first, last in session.execute(
                select(
                    Receipt.drawer_id, func.min(Receipt.issued_at), func.max(Receipt.issued_at)
                ).group_by(Receipt.drawer_id)
            )
        }
        views = [receipts.drawer_view(session, d.id) for d in drawers[::40]]
    values = {key: value for key, _, value in receipts.DENOMINATIONS}
    stations_by_day: Counter[tuple[date, str]] = Counter()
    over_short = 0
    for drawer in drawers:
        assert drawer.status == "closed" and drawer.closed_at and drawer.closed_by_id
        assert drawer.station in demo_receipts.STATIONS
        stations_by_day[_local_day(drawer.opened_at), drawer.station] += 1
        assert _local_day(drawer.closed_at) == _local_day(drawer.opened_at)
        first, last = spans[drawer.id]
        assert drawer.opened_at < first <= last < drawer.closed_at
        assert drawer.opening_cash == Money("150.00")
        assert drawer.expected_cash == drawer.opening_cash + expected[drawer.id, "cash"]
        assert drawer.expected_checks == expected[drawer.id, "check"]
        assert drawer.expected_cards == expected[drawer.id, "card"]
        assert drawer.expected_money_orders == expected[drawer.id, "money_order"]
        assert drawer.counted_checks == drawer.expected_checks
        assert drawer.counted_cards == drawer.expected_cards
        assert drawer.counted_money_orders == drawer.expected_money_orders
        assert drawer.counted_cash is not None and drawer.over_short is not None
        assert drawer.counted_cash == drawer.expected_cash + drawer.over_short
        counted = sum(
            (values[key] * pieces for key, pieces in (drawer.cash_count or {}).items()), ZERO
        )
        assert counted == drawer.counted_cash
        checks = (drawer.check_list or {})["checks"]
        assert sum((Money(c["amount"]) for c in checks), ZERO) == drawer.counted_checks
        if drawer.over_short != ZERO:
            over_short += 1
            word = "Over" if drawer.over_short > ZERO else "Short"
            assert drawer.close_note.startswith(f"{word} {abs(drawer.over_short)}")
        else:
            assert drawer.close_note == ""
    assert max(stations_by_day.values()) == 1  # one drawer a station a day
    assert {station for _, station in stations_by_day} == set(demo_receipts.STATIONS)
    assert 0 < over_short < len(drawers) * 0.1
    for view in views:  # the close-out would have expected the same
        drawer = next(d for d in drawers if d.id == view.id)
        assert (view.expected_cash, view.expected_checks) == (
            drawer.expected_cash,
            drawer.expected_checks,
        )
        assert (view.expected_cards, view.expected_money_orders) == (
            drawer.expected_cards,
            drawer.expected_money_orders,
        )


def test_void_receipts_say_who_when_and_why(demo_db: Database) -> None:
    with demo_db.reading() as session:
        voids = session.execute(
            select(Receipt, Drawer.closed_at)
            .join(Drawer, Drawer.id == Receipt.drawer_id)
            .where(Receipt.status == "void")
        ).all()
        total = session.scalar(select(func.count()).select_from(Receipt)) or 0
        treasurer = session.scalars(select(Operator.id).where(Operator.username == "treasurer"))
        treasurer_id = treasurer.one()
    assert 0.001 * total < len(voids) < 0.012 * total
    for receipt, closed_at in voids:
        assert receipt.voided_by_id == treasurer_id
        assert receipt.void_reason.strip()
        assert receipt.voided_at is not None and closed_at is not None
        assert receipt.issued_at < receipt.voided_at < closed_at
        assert _local_day(receipt.voided_at) == _local_day(receipt.issued_at)


def test_one_audit_event_a_year_and_payers_found_by_search(demo_db: Database) -> None:
    with demo_db.reading() as session:
        events = list(
            session.scalars(
                select(AuditEvent).where(AuditEvent.action == demo_receipts.AUDIT_ACTION)
            )
        )
        found = receipts.search_receipts(session, "nguyen", limit=50)
    assert sorted(e.record_id for e in events) == ["2025", "2026"]
    assert found and all("Nguyễn" in row.payer_name for row in found)


# -- the generator's own parameters, on the test desk ---------------------------------------------


def test_a_small_run_with_no_parties_continues_the_numbers_and_the_counter_goes_on(
    desk: Desk, admin: SignedIn
) -> None:
    with desk.action(admin) as action:  # two numbers of 2026 were taken before
        action.session.add(NumberSequence(name=receipts.SERIES, year=2026, next_value=3))
    made = demo_receipts.generate(desk, admin, scale=2, rng=random.Random(1), per_day=3)
    assert made.receipts == sum(made.by_year.values()) and set(made.by_year) == {2024, 2025, 2026}
    assert 2 * 200 < made.receipts < 2 * 260 * 3 * 1.4
    with desk.database.reading() as session:
        rows = session.execute(
            select(Receipt.sequence, Receipt.payer_id, Receipt.operator_name).where(
                Receipt.year == 2026
            )
        ).all()
        last = max(sequence for sequence, _, _ in rows)
    assert sorted(sequence for sequence, _, _ in rows) == list(range(3, last + 1))
    assert {payer for _, payer, _ in rows} == {None}  # walk-ins only: no parties yet
    assert {name for _, _, name in rows} == {"Alex Administrator"}
    # The live counter continues the series where the demo left it.
    with desk.action(admin) as action:
        receipts.open_drawer(action, station="Front counter", opening_cash=Money("150.00"))
    with desk.action(admin) as action:
        receipt = receipts.take_payment(
            action,
            station="Front counter",
            payer_id=None,
            payer_name="Walk-in Payer",
            lines=[receipts.fee_line(action.session, "VEND", on=TODAY)],
            tenders=[receipts.TenderEntry(TenderKind.CASH, Money("20.00"))],
        )
        assert receipt.number == f"2026-{last + 1:06d}"


def test_the_generator_refuses_nonsense(desk: Desk, admin: SignedIn) -> None:
    with pytest.raises(ValueError, match="scale"):
        demo_receipts.generate(desk, admin, scale=0)
    with pytest.raises(ValueError, match="per_day"):
        demo_receipts.generate(desk, admin, per_day=0)
