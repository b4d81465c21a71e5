"""Counter stations racing each other over the same money, as real separate processes: two voids
of receipts that paid one amount owed, a void while another station pays it, a cancel while
another pays it, two operators opening one station's drawer, and three busy stations paying
and voiding on shared amounts. Each race is run for many rounds, each station holding its
transaction open a random moment (tests/receipts_worker.py: act), and afterwards the books must
agree with themselves (clerk_desk.ledger_check) — on SQLite and on PostgreSQL. Two stations
filing one principal's annual bond for a year race the same way.

Before every change to an amount owed locked its row, PostgreSQL lost a void, a payment or a
cancel in 5 to 14 rounds of 25, a losing drawer or bond was refused in a database error's words
instead of its own, and the busy stations deadlocked (the figures are in the commit history)."""

from __future__ import annotations

import multiprocessing
import time
import uuid
from collections.abc import Iterator
from multiprocessing.pool import Pool

import pytest
from sqlalchemy import select

from clerk_desk import ledger, parties
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Desk
from clerk_desk.kinds import DrawerStatus, DueKind, DueStatus, PartyKind, TenderKind
from clerk_desk.ledger_check import ledger_problems
from clerk_desk.models import Bond, Drawer
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry

#: Rounds per race. SQLite's write transactions take turns over the whole file, so a few rounds
#: show the races end right there; PostgreSQL runs them side by side, where the unsafe code
#: failed 5 to 14 rounds in 25.
ROUNDS = {"sqlite": 8, "postgresql": 25}
COUNTER, OTHER = "Front counter", "Back office"


@pytest.fixture(scope="module")
def stations() -> Iterator[Pool]:
    """Three counter stations, each its own process, kept for the whole file (starting one
    costs more than many rounds)."""
    with multiprocessing.get_context("spawn").Pool(3) as pool:
        yield pool


@pytest.fixture
def url(database: Database) -> str:
    # A fresh key per test: the stations' desks of the last test (on a schema dropped since)
    # are let go (receipts_worker._desk).
    return database.url.render_as_string(hide_password=False) + f"#{uuid.uuid4().hex}"


@pytest.fixture
def rounds(database: Database) -> int:
    return ROUNDS["sqlite" if database.is_sqlite else "postgresql"]


@pytest.fixture
def party(desk: Desk) -> int:
    with desk.action(SYSTEM) as action:
        for station in (COUNTER, OTHER):
            receipts.open_drawer(action, station=station, opening_cash=Money("100.00"))
        return parties.add_party(
            action, parties.PartyData(kind=PartyKind.BUSINESS, name="Hanson Excavating LLC")
        ).id


def bill(desk: Desk, party: int, amount: str, n: int) -> int:
    with desk.action(SYSTEM) as action:
        return ledger.bill(
            action,
            party_id=party,
            record=ledger.RecordRef("street_opening", f"2026-{n:04d}"),
            kind=DueKind.FEE,
            amount=Money(amount),
            description=f"Street opening permit fee, permit SO-2026-{n:04d}",
            gl_account="100-44300-000",
        ).id


def pay(desk: Desk, due_id: int, amount: str, station: str = COUNTER) -> int:
    with desk.action(SYSTEM) as action:
        line = receipts.due_line(action.session, due_id, Money(amount))
        return receipts.take_payment(
            action,
            station=station,
            payer_id=None,
            payer_name="Hanson Excavating LLC",
            lines=[line],
            tenders=[TenderEntry(TenderKind.CASH, Money(amount))],
        ).id


def race(pool: Pool, url: str, *moves: tuple[object, ...]) -> list[str]:
    """Make the ``moves`` at one moment, each at its own station; return how each ended."""
    from receipts_worker import act  # type: ignore[import-not-found]

    start_at = time.time() + 0.03
    return pool.starmap(act, [(url, start_at, *move) for move in moves], chunksize=1)


def assert_books_agree(database: Database, rounds_wrong: int, rounds: int, what: str) -> None:
    with database.reading() as session:
        problems = [str(p) for p in ledger_problems(session)]
    assert (rounds_wrong, problems) == (0, []), (
        f"{what}: {rounds_wrong} of {rounds} rounds wrong, {len(problems)} problems in the books"
    )


def test_two_voids_on_one_amount_owed(
    stations: Pool, url: str, database: Database, desk: Desk, rounds: int, party: int
) -> None:
    wrong = 0
    for n in range(rounds):
        due = bill(desk, party, "50.00", n)
        # Taken at two stations: a void locks its own drawer, which must not be what keeps
        # the two voids apart.
        first, second = pay(desk, due, "20.00"), pay(desk, due, "30.00", OTHER)
        outcomes = race(stations, url, ("void", first), ("void", second))
        assert outcomes == ["done", "done"]
        with database.reading() as session:
            after = ledger.get_due(session, due)
            wrong += (after.paid, after.status) != (Money.zero(), DueStatus.OPEN)
    assert_books_agree(database, wrong, rounds, "two voids")


def test_a_void_while_another_station_pays(
    stations: Pool, url: str, database: Database, desk: Desk, rounds: int, party: int
) -> None:
    wrong = 0
    for n in range(rounds):
        due = bill(desk, party, "100.00", n)
        first = pay(desk, due, "50.00")
        outcomes = race(stations, url, ("void", first), ("pay", OTHER, due, "50.00"))
        assert outcomes == ["done", "done"]
        with database.reading() as session:
            after = ledger.get_due(session, due)
            wrong += (after.paid, after.status) != (Money("50.00"), DueStatus.OPEN)
    assert_books_agree(database, wrong, rounds, "void against payment")


def test_a_cancel_while_another_station_pays(
    stations: Pool, url: str, database: Database, desk: Desk, rounds: int, party: int
) -> None:
    wrong = 0
    for n in range(rounds):
        due = bill(desk, party, "100.00", n)
        cancelled, paid = race(stations, url, ("cancel", due), ("pay", OTHER, due, "100.00"))
        with database.reading() as session:
            after = ledger.get_due(session, due)
        # One of the two stations is told what the other did; never both done.
        if cancelled == "done":
            wrong += paid == "done" or (after.paid, after.status) != (
                Money.zero(),
                DueStatus.CANCELLED,
            )
        else:
            assert cancelled.startswith("refused: "), cancelled
            wrong += paid != "done" or (after.paid, after.status) != (
                Money("100.00"),
                DueStatus.PAID,
            )
    assert_books_agree(database, wrong, rounds, "cancel against payment")


def test_two_operators_open_one_stations_drawer(
    stations: Pool, url: str, database: Database, desk: Desk, rounds: int
) -> None:
    wrong = 0
    for n in range(rounds):
        station = f"Station {n}"
        outcomes = race(stations, url, ("open", station), ("open", station))
        # One opens it; the other is told so in words, not by a database error.
        told = f"refused: The drawer of {station} is already open"
        wrong += sorted(o == "done" or o.startswith(told) for o in outcomes) != [True, True]
        wrong += outcomes.count("done") != 1
    with database.reading() as session:
        open_stations = session.scalars(
            select(Drawer.station).where(Drawer.status == DrawerStatus.OPEN)
        ).all()
    assert sorted(open_stations) == sorted(f"Station {n}" for n in range(rounds))
    assert_books_agree(database, wrong, rounds, "two drawers")


def test_two_stations_file_one_principals_annual_bond(
    stations: Pool, url: str, database: Database, desk: Desk, rounds: int, party: int
) -> None:
    """One annual excavation bond per principal per year (§ 506-6 (Bond)): the second station
    is told so in words."""
    wrong = 0
    for n in range(rounds):
        year = 2027 + n
        outcomes = race(stations, url, ("annual_bond", party, year), ("annual_bond", party, year))
        told = f"refused: Hanson Excavating LLC already has an annual bond for {year}"
        wrong += sorted(o == "done" or o.startswith(told) for o in outcomes) != [True, True]
        wrong += outcomes.count("done") != 1
    with database.reading() as session:
        years = session.scalars(select(Bond.year).where(Bond.principal_id == party)).all()
    assert sorted(years) == [2027 + n for n in range(rounds)]
    assert_books_agree(database, wrong, rounds, "two annual bonds")


def test_three_busy_stations_paying_and_voiding_on_shared_amounts(
    stations: Pool, url: str, database: Database, desk: Desk, party: int
) -> None:
    from receipts_worker import busy_station  # type: ignore[import-not-found]

    dues = [bill(desk, party, "1000.00", n) for n in range(3)]
    with desk.action(SYSTEM) as action:
        receipts.open_drawer(action, station="Station 3", opening_cash=Money("100.00"))
    each = 30
    saved = stations.starmap(
        busy_station,
        [
            (url, station, dues, each, seed)
            for seed, station in enumerate([COUNTER, OTHER, "Station 3"])
        ],
        chunksize=1,
    )
    numbers = [number for station in saved for number in station]
    assert sorted(numbers) == [f"2026-{s:06d}" for s in range(1, 3 * each + 1)]
    assert_books_agree(database, 0, 3 * each, "busy stations")
