"""A counter station that saves receipts as fast as it can, for the reliability tests.

``python tests/receipts_worker.py URL STATION [COUNT]`` saves COUNT receipts (forever when 0)
into STATION's open drawer and prints each receipt's number once it is committed. The tests run
several at once, or kill one (SIGKILL) in the middle of a save.

:func:`act` is one station's move in a race (tests/test_money_races.py): it waits for the
moment both stations were given, then pays, voids, cancels or opens a drawer, and holds its
transaction open a random moment before committing, so that the other station's move falls
inside it.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import event

from clerk_desk import ledger, stations
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Action, Desk
from clerk_desk.errors import ClerkDeskError
from clerk_desk.kinds import BondKind, TenderKind
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import LineEntry, TenderEntry

GL = ("100-44300-000", "100-44310-000", "100-44320-000", "100-46300-000")


def one_sale(rng: random.Random) -> tuple[list[LineEntry], list[TenderEntry]]:
    """Two to four lines; paid by check (part) and cash (the rest, with change) or by card."""
    lines = [
        LineEntry(f"Fee {n}", Money.from_cents(rng.randint(1, 50_000)), rng.choice(GL))
        for n in range(rng.randint(2, 4))
    ]
    total = sum((line.amount for line in lines), Money.zero())
    if rng.random() < 0.3:
        return lines, [
            TenderEntry(TenderKind.CARD, total, card_last4="4242", card_authorization="AB12")
        ]
    by_check = Money.from_cents(rng.randint(0, total.cents - 1))
    tenders = []
    if by_check > Money.zero():
        tenders.append(
            TenderEntry(TenderKind.CHECK, by_check, check_number=str(rng.randint(1, 9999)))
        )
    cash = total - by_check + Money.from_cents(rng.randint(0, 2_000))  # change from cash only
    tenders.append(TenderEntry(TenderKind.CASH, cash))
    return lines, tenders


DAY = datetime(2026, 11, 30, 10, 0)  # the tests' clock (conftest.clock)


def run(
    url: str,
    station: str,
    count: int,
    *,
    announce: bool = False,
    seconds: float | None = None,
) -> list[str]:
    """Save ``count`` receipts (0: no limit), or as many as fit in ``seconds`` if given."""
    database = Database(url)
    desk = Desk(database, clock=FixedClock(DAY))
    rng = random.Random()
    numbers: list[str] = []
    until = None if seconds is None else time.monotonic() + seconds
    try:
        while (count == 0 or len(numbers) < count) and (until is None or time.monotonic() < until):
            lines, tenders = one_sale(rng)
            with desk.action(SYSTEM) as action:
                receipt = receipts.take_payment(
                    action,
                    station=station,
                    payer_id=None,
                    payer_name=f"Payer at {station}",
                    lines=lines,
                    tenders=tenders,
                )
                number = receipt.number
            numbers.append(number)
            if announce:
                print(number, flush=True)
    finally:
        database.dispose()
    return numbers


_desks: dict[str, Desk] = {}


def _desk(key: str) -> Desk:
    """The desk of a pool process, kept from move to move (connecting costs more than a move).

    ``key`` is the URL and, after ``#``, the test's own token: a new test (on a schema dropped
    and made again) gets a new desk and the last one lets its connections go."""
    if key not in _desks:
        for old in _desks.values():
            old.database.dispose()
        _desks.clear()
        database = Database(key.partition("#")[0])
        event.listen(database.engine, "after_cursor_execute", _jitter)
        _desks[key] = Desk(database, clock=FixedClock(DAY))
    return _desks[key]


def _jitter(_conn: object, _cursor: object, statement: str, *_: object) -> None:
    """A random pause after every read, so that what a service reads and what it writes are
    moments apart, as on a busy server: a station that writes back what it read a moment ago
    loses what the other station saved in that moment."""
    if statement.lstrip().upper().startswith("SELECT"):
        time.sleep(random.uniform(0, 0.003))


def _pay(action: Action, station: str, due_id: int, amount: str) -> None:
    line = receipts.due_line(action.session, due_id, Money(amount))
    receipts.take_payment(
        action,
        station=station,
        payer_id=None,
        payer_name=f"Payer at {station}",
        lines=[line],
        tenders=[TenderEntry(TenderKind.CASH, Money(amount))],
    )


def _file_annual_bond(action: Action, principal_id: int, year: int) -> None:
    bonds.file_bond(
        action,
        bonds.BondData(
            kind=BondKind.ANNUAL_EXCAVATION,
            principal_id=principal_id,
            surety="Western Surety Company",
            bond_number=f"WS-{year}-{random.randint(1000, 9999)}",
            amount=Money("10000.00"),
            effective_on=datetime(year, 1, 1).date(),
            year=year,
        ),
    )


MOVES: dict[str, Callable[..., object]] = {
    "annual_bond": _file_annual_bond,
    "pay": _pay,
    "void": lambda action, receipt_id: receipts.void_receipt(
        action, receipt_id, reason="Keyed twice"
    ),
    "cancel": lambda action, due_id: ledger.cancel(action, due_id, reason="Billed in error"),
    "name_station": stations.name_station,
    "open": lambda action, station: receipts.open_drawer(
        action, station=station, opening_cash=Money("100.00")
    ),
}


def act(url: str, start_at: float, move: str, *args: object) -> str:
    """Make ``move`` at ``start_at`` (a ``time.time()``) or up to 40 ms later (a move
    takes 5 to 40 ms), holding the
    transaction open up to 5 ms after it; return "done", or the refusal the clerk would see."""
    desk = _desk(url)
    rng = random.Random()
    time.sleep(max(0.0, start_at - time.time()) + rng.uniform(0, 0.04))
    try:
        with desk.action(SYSTEM) as action:
            MOVES[move](action, *args)
            time.sleep(rng.uniform(0, 0.005))
    except ClerkDeskError as refused:
        return f"refused: {refused}"
    return "done"


def busy_station(url: str, station: str, due_ids: list[int], count: int, seed: int) -> list[str]:
    """Save ``count`` receipts each paying $1.00 on one of ``due_ids`` (shared with the other
    stations), voiding now and then one of its own; return the numbers saved."""
    desk = _desk(url)
    rng = random.Random(seed)
    numbers: list[str] = []
    mine: list[int] = []
    while len(numbers) < count:
        if mine and rng.random() < 0.25:
            with desk.action(SYSTEM) as action:
                receipts.void_receipt(action, mine.pop(rng.randrange(len(mine))), reason="Redo")
        with desk.action(SYSTEM) as action:
            line = receipts.due_line(action.session, rng.choice(due_ids), Money("1.00"))
            receipt = receipts.take_payment(
                action,
                station=station,
                payer_id=None,
                payer_name=f"Payer at {station}",
                lines=[line],
                tenders=[TenderEntry(TenderKind.CASH, Money("1.00"))],
            )
            time.sleep(rng.uniform(0, 0.003))
            number, receipt_id = receipt.number, receipt.id
        numbers.append(number)
        mine.append(receipt_id)
    return numbers


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0, announce=True)
