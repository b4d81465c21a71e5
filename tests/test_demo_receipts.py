"""Demo receipts: a year of a busy counter, every receipt whole and every drawer balanced, and
every fee the workflows' demos took paid by a receipt among its day's, so that ``clerk-desk
check`` finds the demo's books agree.

The module's demo is built once per database (SQLite, and PostgreSQL when
``CLERK_DESK_TEST_DATABASE_URL`` is set) with the real defaults: one year, about 80 receipts a day.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from datetime import date, datetime, time, timedelta

import pytest
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.orm import Session, selectinload

from clerk_desk import demo, ledger, parties, settings_store
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.demo import counter as demo_counter
from clerk_desk.demo import receipts as demo_receipts
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import DueKind, PartyKind, Role, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.ledger_check import ledger_problems
from clerk_desk.models import (
    AmountDue,
    AuditEvent,
    Drawer,
    NumberSequence,
    Operator,
    Party,
    Receipt,
    ReceiptLine,
    Tender,
)
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.text_search import fold

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


# Last year's street damage was paid in full on October 9, 2025, before the tax roll run of
# November 15 left it off: the counter's receipts reach back to that day (further than a year).
FIRST_FEE_DAY = date(2025, 10, 9)


def test_a_year_of_receipts_at_about_eighty_a_day(demo_db: Database) -> None:
    with demo_db.reading() as session:
        issued = list(session.scalars(select(Receipt.issued_at)))
        calendar = settings_store.calendar(session)
    days = Counter(_local_day(moment) for moment in issued)
    a_year = sum(count for day, count in days.items() if day >= date(2025, 11, 30))
    assert 18_000 <= a_year <= 22_000
    assert min(days) == FIRST_FEE_DAY
    assert max(days) == calendar.previous_open_day(TODAY - timedelta(days=1), inclusive=True)
    per_year: dict[int, list[int]] = defaultdict(list)
    for day, count in days.items():
        per_year[day.year].append(count)
    assert set(per_year) == {2025, 2026}
    for counts in per_year.values():
        assert 55 <= sum(counts) / len(counts) <= 105
    # Every day City Hall was open from then on has receipts; no day it was closed has any.
    open_days = {
        FIRST_FEE_DAY + timedelta(days=n)
        for n in range((TODAY - FIRST_FEE_DAY).days)
        if calendar.is_open(FIRST_FEE_DAY + timedelta(days=n))
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


# -- the workflows' fees, paid by receipts -------------------------------------------------------

# The fees the workflows' demos take: three vending permits, four street openings, seven street
# privileges, five sidewalk cafes, and three special charges (one last year).
WORKFLOW_FEES = 22


def test_a_fresh_demo_passes_the_check_with_no_problem(demo_db: Database) -> None:
    report = demo_db.check()
    assert report.problems == [] and report.ok
    assert "Result:     OK" in report.lines()
    with demo_db.reading() as session:
        assert ledger_problems(session) == []
        assert demo_counter.waiting(session) == []  # no payment left without its receipt


def test_each_fee_a_workflow_took_is_paid_by_a_receipt_among_its_days(demo_db: Database) -> None:
    with demo_db.reading() as session:
        paid = list(
            session.scalars(select(AmountDue).where(AmountDue.paid > ZERO).order_by(AmountDue.id))
        )
        payments = {
            int(e.record_id): e
            for e in session.scalars(
                select(AuditEvent).where(
                    AuditEvent.action == "due.payment", AuditEvent.record_type == "amount_due"
                )
            )
        }
        receipted = {
            int(e.record_id): e
            for e in session.scalars(
                select(AuditEvent).where(AuditEvent.action == demo_counter.RECEIPTED)
            )
        }
        paying = list(
            session.scalars(select(ReceiptLine).where(ReceiptLine.amount_due_id.is_not(None)))
        )
        lines = {line.amount_due_id: line for line in paying}
        receipts_of = {
            line.receipt_id: session.get(Receipt, line.receipt_id) for line in lines.values()
        }
        days: dict[date, list[tuple[datetime, int, int]]] = {}
        for receipt in receipts_of.values():
            assert receipt is not None
            day = _local_day(receipt.issued_at)
            if day not in days:
                start = datetime.combine(day, datetime.min.time(), FixedClock(TODAY).tz)
                days[day] = list(
                    session.execute(
                        select(Receipt.issued_at, Receipt.sequence, Receipt.id)
                        .where(
                            Receipt.issued_at >= start,
                            Receipt.issued_at < start + timedelta(days=1),
                        )
                        .order_by(Receipt.sequence)
                    )
                )
        drawers = {d.id: d for d in session.scalars(select(Drawer))}
        treasurer = session.scalars(select(Operator).where(Operator.username == "treasurer")).one()
    # Every amount recorded paid is a workflow's fee the Treasurer took (the 40 expenses billed
    # are open), each paid by one line of one live receipt.
    assert len(paid) == WORKFLOW_FEES == len(paying) == len(lines) == len(receipted)
    assert {due.id for due in paid} == set(lines) == set(receipted) == set(payments)
    for due in paid:
        line = lines[due.id]
        receipt = receipts_of[line.receipt_id]
        assert receipt is not None and receipt.status == "issued" and receipt.kind == "payment"
        assert line.amount == due.paid and line.description == due.description
        assert receipt.payer_id == due.party_id and receipt.operator_id == treasurer.id
        # Issued when the Treasurer took the payment, into that day's drawer of her window.
        payment = payments[due.id]
        assert receipt.issued_at == payment.at == receipted[due.id].at
        drawer = drawers[receipt.drawer_id]
        assert drawer.station == demo_receipts.STATIONS[1]
        assert drawer.closed_at is not None and drawer.status == "closed"
        assert drawer.opened_at < receipt.issued_at < drawer.closed_at
        # Its number falls in its place among the day's receipts: those issued before it have
        # the numbers before it, those after the numbers after it.
        day = days[_local_day(receipt.issued_at)]
        assert [seq for _, seq, _ in day] == list(range(day[0][1], day[0][1] + len(day)))
        for issued_at, sequence, _ in day:
            if issued_at < receipt.issued_at:
                assert sequence < receipt.sequence
            elif issued_at > receipt.issued_at:
                assert sequence > receipt.sequence
        assert receipt.number == f"{receipt.year}-{receipt.sequence:06d}"
        # The trail: the payment said its receipt follows; the next event names it.
        assert payment.summary.endswith(f"({demo_counter.RECEIPT_FOLLOWS})")
        assert receipted[due.id].after == {
            "receipt": receipt.number,
            "amount": str(due.paid.amount),
            "payment_event": payment.id,
        }
        assert receipted[due.id].summary.startswith(f"Receipt {receipt.number}: {due.paid}")
    assert min(_local_day(r.issued_at) for r in receipts_of.values() if r) == FIRST_FEE_DAY


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


def _fee_taken(desk: Desk, admin: SignedIn, treasurer: SignedIn, at: datetime) -> int:
    """A $75.00 fee billed and taken by the Treasurer at ``at`` (Prescott time) as a workflow's
    demo step takes it (:func:`clerk_desk.demo.counter.take`); the amount due's number."""
    then = Desk(desk.database, clock=FixedClock(at))
    with then.action(admin) as action:
        cafe = parties.add_party(
            action, parties.PartyData(kind=PartyKind.BUSINESS, name="Harbor Lights Cafe")
        )
        due = ledger.bill(
            action,
            party_id=cafe.id,
            record=RecordRef("sidewalk_cafe", "1"),
            kind=DueKind.FEE,
            amount=Money("75.00"),
            description="Sidewalk cafe permit SC-2026-001",
            gl_account="100-46300-000",
        )
    with then.action(treasurer) as action:
        demo_counter.take(action, [(due.id, None)])
    return due.id


def _receipts_of_the_day(session: Session, day: date) -> list[Receipt]:
    start = datetime.combine(day, datetime.min.time(), FixedClock(TODAY).tz)
    return list(
        session.scalars(
            select(Receipt)
            .where(Receipt.issued_at >= start, Receipt.issued_at < start + timedelta(days=1))
            .order_by(Receipt.sequence)
        )
    )


def test_a_fee_taken_on_the_last_day_open_is_receipted_in_that_days_sequence(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    treasurer = operator_with(Role.TREASURER)
    day = desk.calendar().previous_open_day(TODAY - timedelta(days=1), inclusive=True)
    taken_at = datetime.combine(day, time(14, 0), FixedClock(TODAY).tz)
    due_id = _fee_taken(desk, admin, treasurer, taken_at)
    with desk.database.reading() as session:
        assert [p.due_id for p in demo_counter.waiting(session)] == [due_id]
        assert ledger.get_due(session, due_id).status == "paid"  # the workflow goes on
        [problem] = ledger_problems(session)  # until its receipt is written
        assert "live receipts paid $0.00" in problem.text
    made = demo_receipts.generate(desk, admin, rng=random.Random(1), per_day=3)
    assert made.workflow_receipts == 1
    with desk.database.reading() as session:
        assert ledger_problems(session) == [] and demo_counter.waiting(session) == []
        [line] = session.scalars(select(ReceiptLine).where(ReceiptLine.amount_due_id == due_id))
        receipt = session.get(Receipt, line.receipt_id)
        assert receipt is not None and receipt.issued_at == taken_at
        assert (receipt.payer_name, receipt.operator_name, receipt.total) == (
            "Harbor Lights Cafe",
            "Test Treasurer",
            Money("75.00"),
        )
        assert line.reference == "Sidewalk cafe permit 1" and line.gl_account == "100-46300-000"
        drawer = session.get(Drawer, receipt.drawer_id)
        assert drawer is not None and drawer.station == demo_receipts.STATIONS[1]
        assert drawer.opened_at < taken_at < (drawer.closed_at or taken_at)
        cash = sum((t.amount for t in receipt.tenders if t.kind == "cash"), ZERO)
        assert drawer.expected_cash - drawer.opening_cash >= cash  # counted in its drawer
        day_receipts = _receipts_of_the_day(session, day)
        numbers = [r.sequence for r in day_receipts]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
        assert [r.issued_at for r in day_receipts] == sorted(r.issued_at for r in day_receipts)
        assert receipt in day_receipts
        [event] = session.scalars(
            select(AuditEvent).where(AuditEvent.action == demo_counter.RECEIPTED)
        )
        assert (event.record_id, event.at, event.operator_name) == (
            str(due_id),
            taken_at,
            treasurer.username,
        )
        assert event.summary == f"Receipt {receipt.number}: $75.00 paid on {line.description}"


@pytest.mark.parametrize(
    "taken_at",
    [
        datetime(2026, 11, 30, 9, 30),  # today, before now: today's drawers are not written
        datetime(2026, 11, 29, 14, 0),  # Sunday: City Hall is closed
    ],
    ids=["today", "sunday"],
)
def test_a_fee_taken_on_a_day_with_no_drawer_is_refused_before_anything_is_written(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], taken_at: datetime
) -> None:
    _fee_taken(desk, admin, operator_with(Role.TREASURER), taken_at)
    with pytest.raises(ValueError, match="a day City Hall's counter has no drawer"):
        demo_receipts.generate(desk, admin, rng=random.Random(1), per_day=3)
    with desk.database.reading() as session:
        assert session.scalar(select(func.count()).select_from(Receipt)) == 0


@pytest.mark.parametrize(
    ("taken_on", "first_day"),
    [
        (date(2025, 12, 1), date(2025, 12, 1)),  # a day before the year: the receipts begin then
        (date(2025, 12, 2), date(2025, 12, 2)),  # the year's first day: as without it
        (date(2025, 12, 3), date(2025, 12, 2)),  # within the year
    ],
)
def test_the_receipts_reach_back_to_a_fee_taken_before_the_years_asked_for(
    desk: Desk,
    admin: SignedIn,
    clock: FixedClock,
    operator_with: Callable[[Role], SignedIn],
    taken_on: date,
    first_day: date,
) -> None:
    clock.set(datetime(2026, 12, 2, 10, 0))  # a Wednesday; a year before, a Tuesday
    taken_at = datetime.combine(taken_on, time(11, 0), clock.tz)
    due_id = _fee_taken(desk, admin, operator_with(Role.TREASURER), taken_at)
    made = demo_receipts.generate(desk, admin, rng=random.Random(1), per_day=3)
    assert made.first_day == first_day
    with desk.database.reading() as session:
        first = session.scalar(select(func.min(Receipt.issued_at)))
        assert first is not None and _local_day(first) == first_day
        assert ledger_problems(session) == []
        line = session.scalars(select(ReceiptLine).where(ReceiptLine.amount_due_id == due_id)).one()
        receipt = session.get(Receipt, line.receipt_id)
        assert receipt is not None and receipt.issued_at == taken_at
        # The series of 2025 begins on the first day, whichever it is.
        assert _receipts_of_the_day(session, first_day)[0].number == "2025-000001"


def test_the_generator_refuses_nonsense(desk: Desk, admin: SignedIn) -> None:
    with pytest.raises(ValueError, match="scale"):
        demo_receipts.generate(desk, admin, scale=0)
    with pytest.raises(ValueError, match="per_day"):
        demo_receipts.generate(desk, admin, per_day=0)
