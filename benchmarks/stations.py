"""Several counter stations saving receipts at once, on SQLite and on PostgreSQL.

    python benchmarks/stations.py [--seconds 10] [--stations 1,2,4,8]
                                  [--databases sqlite,postgresql]

The PostgreSQL server is named by ``CLERK_DESK_BENCH_DATABASE_URL`` (default: the local test
server, ``postgresql+psycopg://clerk@127.0.0.1:55432/clerk_desk_bench``, created if missing; its
schema is dropped and made anew for every run, so never point it at the City's database).

For each database and each number of stations, that many separate processes (each a station
with its own open drawer, as ``tests/receipts_worker.py`` saves receipts headless) save receipts
as fast as they can for ``--seconds``, starting together. Then it prints, for each:
- receipts per second (all stations together);
- duplicates (a number saved twice), gaps (a number of 1..N missing), lost receipts (a number a
  station saw committed that is not in the database);
- ledger inconsistencies: receipts whose lines or tenders do not add up to their total, and what
  ``clerk-desk check`` finds in the ledger (amounts due whose ``paid`` or status differs from
  the live receipt lines paying them, open drawers, receipt numbers).

Half of each station's receipts also pay, by check, one of the amounts owed by that station's
payer (billed before the round), so that locking and settling amounts due is in the figures.

The floor, measured in the same run just before each round with the same processes: each station
commits bare numbered rows as fast as it can (take the next number of one counter row, insert a
row with it, commit: the least a numbered save can be, through Clerk Desk's own write sessions,
with their ``BEGIN IMMEDIATE``, ``synchronous = FULL`` and timeouts). The receipts' rate is
printed as a share of it, so that a slow machine shows as a slow floor and not as slow receipts.

Targets: nothing lost, duplicated or inconsistent at any station count, and at least 50 receipts
a second with 4 stations on either database. Exits non-zero when a target is not met.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests"))  # receipts_worker: the stations of the tests

BENCH_ENV = "CLERK_DESK_BENCH_DATABASE_URL"
DEFAULT_SERVER = "postgresql+psycopg://clerk@127.0.0.1:55432/clerk_desk_bench"
FLOOR_PER_SECOND = 50
FLOOR_STATIONS = 4


@dataclass
class Figures:
    database: str
    stations: int
    saved: int
    seconds: float
    duplicates: int
    gaps: int
    lost: int
    inconsistent: int
    floor: float  # bare numbered commits a second, all stations together

    @property
    def per_second(self) -> float:
        return self.saved / self.seconds

    @property
    def whole(self) -> bool:
        return not (self.duplicates or self.gaps or self.lost or self.inconsistent)


def _station(url: str, station: str, seconds: float, start: Any, out: Any, dues: list[int]) -> None:
    """One station: the tests' sales (tests/receipts_worker.py), and on every other receipt
    one of ``dues`` (billed to this station's payer) paid in full by check, while any are left."""
    import random

    from receipts_worker import DAY, one_sale  # type: ignore[import-not-found]

    from clerk_desk.clock import FixedClock
    from clerk_desk.database import Database
    from clerk_desk.desk import SYSTEM, Desk
    from clerk_desk.kinds import TenderKind
    from clerk_desk.receipts import service as receipts
    from clerk_desk.receipts.service import TenderEntry

    database = Database(url)
    desk = Desk(database, clock=FixedClock(DAY))
    rng = random.Random()
    waiting = list(dues)
    numbers: list[str] = []
    start.wait()
    began = time.monotonic()
    try:
        while time.monotonic() - began < seconds:
            lines, tenders = one_sale(rng)
            with desk.action(SYSTEM) as action:
                if waiting and len(numbers) % 2 == 0:
                    owed = receipts.due_line(action.session, waiting.pop())
                    lines = [*lines, owed]
                    tenders = [*tenders, TenderEntry(TenderKind.CHECK, owed.amount, "1001")]
                receipt = receipts.take_payment(
                    action,
                    station=station,
                    payer_id=None,
                    payer_name=f"Payer at {station}",
                    lines=lines,
                    tenders=tenders,
                )
                numbers.append(receipt.number)
    finally:
        database.dispose()
    out.put((numbers, time.monotonic() - began))


BARE_TABLES = (
    "CREATE TABLE bench_counter (id INTEGER PRIMARY KEY, next_value INTEGER NOT NULL)",
    "INSERT INTO bench_counter (id, next_value) VALUES (1, 1)",
    "CREATE TABLE bench_row (number INTEGER PRIMARY KEY, station VARCHAR(40) NOT NULL)",
)


def _bare_station(url: str, station: str, seconds: float, start: Any, out: Any) -> None:
    """The floor: numbered rows committed one by one, as fast as they go."""
    from sqlalchemy import text

    from clerk_desk.database import Database

    database = Database(url)
    take = text("UPDATE bench_counter SET next_value = next_value + 1 RETURNING next_value")
    put = text("INSERT INTO bench_row (number, station) VALUES (:n, :s)")
    start.wait()
    began = time.monotonic()
    done = 0
    try:
        while time.monotonic() - began < seconds:
            with database.writing() as session:
                number = session.execute(take).scalar_one() - 1
                session.execute(put, {"n": number, "s": station})
            done += 1
    finally:
        database.dispose()
    out.put((done, time.monotonic() - began))


def _race(target: Any, url: str, names: list[str], seconds: float, *extra: list[Any]) -> list[Any]:
    """Run ``target`` in one process per station, all starting together; their results.
    Each of ``extra`` gives one more argument per station."""
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(len(names) + 1)
    out = context.Queue()
    workers = [
        context.Process(
            target=target,
            args=(url, name, seconds, start, out, *(each[n] for each in extra)),
        )
        for n, name in enumerate(names)
    ]
    for worker in workers:
        worker.start()
    start.wait()  # every station has started and connected nothing yet: go
    results = [out.get(timeout=seconds + 120) for _ in workers]
    for worker in workers:
        worker.join(30)
    return results


def _floor(url: str, names: list[str], seconds: float) -> float:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        for statement in BARE_TABLES:
            conn.execute(text(statement))
    engine.dispose()
    results = _race(_bare_station, url, names, seconds)
    return sum(done for done, _ in results) / max(took for _, took in results)


def _fresh(kind: str, folder: Path, round_no: int) -> str:
    from sqlalchemy import create_engine, make_url, text

    if kind == "sqlite":
        return f"sqlite+pysqlite:///{folder / f'stations-{round_no}.sqlite3'}"
    url = make_url(os.environ.get(BENCH_ENV, DEFAULT_SERVER))
    server = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with server.connect() as conn:
        if not conn.scalar(
            text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": url.database}
        ):
            conn.execute(text(f'CREATE DATABASE "{url.database}"'))
    server.dispose()
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    return url.render_as_string(hide_password=False)


def _ledger_problems(session: Any) -> int:
    """What ``clerk-desk check`` finds in the ledger (amounts due against their live receipts,
    open drawers, receipt numbers), and receipts whose lines or tenders miss their total."""
    from sqlalchemy import text

    from clerk_desk.ledger_check import ledger_problems

    unbalanced = session.scalar(
        text(
            "SELECT COUNT(*) FROM receipt r WHERE r.total <> "
            "(SELECT COALESCE(SUM(l.amount), 0) FROM receipt_line l WHERE l.receipt_id = r.id)"
            " OR r.total <> "
            "(SELECT COALESCE(SUM(t.amount), 0) FROM tender t WHERE t.receipt_id = r.id)"
        )
    )
    return int(unbalanced or 0) + len(ledger_problems(session))


def _one_round(
    kind: str, stations: int, seconds: float, floor_seconds: float, folder: Path, round_no: int
) -> Figures:
    from sqlalchemy import select

    from clerk_desk.database import Database
    from clerk_desk.desk import SYSTEM, Desk
    from clerk_desk.models import Receipt
    from clerk_desk.money import Money
    from clerk_desk.opening import seed_defaults
    from clerk_desk.receipts import service as receipts

    url = _fresh(kind, folder, round_no)
    database = Database(url)
    database.migrate(backup=False)
    seed_defaults(Desk(database))  # the fee schedule: its GL accounts are the lines' accounts
    names = [f"Station {n + 1}" for n in range(stations)]
    floor = _floor(url, names, floor_seconds)
    dues = []
    with Desk(database).action(SYSTEM) as action:
        for name in names:
            receipts.open_drawer(action, station=name, opening_cash=Money("100.00"))
            dues.append(_bill_dues(action, name))
    results = _race(_station, url, names, seconds, dues)
    committed = [number for numbers, _ in results for number in numbers]
    elapsed = max(took for _, took in results)
    try:
        with database.reading() as session:
            saved = list(session.scalars(select(Receipt.sequence)))
            numbers = list(session.scalars(select(Receipt.number)))
            inconsistent = _ledger_problems(session)
    finally:
        database.dispose()
    duplicates = (len(numbers) - len(set(numbers))) + (len(committed) - len(set(committed)))
    gaps = len(set(range(1, max(saved, default=0) + 1)) - set(saved))
    lost = len(set(committed) - set(numbers))
    return Figures(
        kind, stations, len(committed), elapsed, duplicates, gaps, lost, inconsistent, floor
    )


DUES_PER_STATION = 400


def _bill_dues(action: Any, station: str) -> list[int]:
    """Amounts owed by one payer per station, for its receipts to pay (half of them pay one)."""
    from clerk_desk import ledger, parties
    from clerk_desk.kinds import DueKind, PartyKind
    from clerk_desk.ledger import RecordRef
    from clerk_desk.money import Money

    payer = parties.add_party(
        action, parties.PartyData(kind=PartyKind.BUSINESS, name=f"Contractor of {station}")
    ).id
    return [
        ledger.bill(
            action,
            party_id=payer,
            record=RecordRef("permit", f"{station}-{n}"),
            kind=DueKind.FEE,
            amount=Money("25.00"),
            description="Permit fee",
            gl_account="100-46300-000",
        ).id
        for n in range(DUES_PER_STATION)
    ]


def _load() -> str:
    try:
        return ", ".join(f"{n:.2f}" for n in os.getloadavg()) + " (1, 5, 15 minutes)"
    except OSError:
        return "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each round saves")
    parser.add_argument(
        "--floor-seconds", type=float, default=3.0, help="how long each floor round commits"
    )
    parser.add_argument("--stations", default="1,2,4,8", help="station counts, comma-separated")
    parser.add_argument("--databases", default="sqlite,postgresql")
    args = parser.parse_args()
    counts = [int(n) for n in args.stations.split(",")]
    kinds = args.databases.split(",")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLERK_DESK_DATA_DIR"] = folder  # backups, logs: nowhere near the user's
        print(
            f"Clerk Desk stations benchmark ({os.cpu_count()} cores; {args.seconds:g} s a round; "
            "a shared machine: other work may slow it)"
        )
        print(f"  load average at the start: {_load()}")
        figures: list[Figures] = []
        for kind in kinds:
            for stations in counts:
                f = _one_round(
                    kind, stations, args.seconds, args.floor_seconds, Path(folder), len(figures)
                )
                figures.append(f)
                print(
                    f"  {kind:10} {stations} station{'s' if stations > 1 else ' '}: "
                    f"{f.saved:6,} receipts in {f.seconds:5.1f} s = {f.per_second:6.1f}/s; "
                    f"duplicates {f.duplicates}, gaps {f.gaps}, lost {f.lost}, "
                    f"ledger inconsistencies {f.inconsistent}; floor {f.floor:6.1f} bare "
                    f"numbered commits/s (receipts at {f.per_second / f.floor:4.0%} of it)",
                    flush=True,
                )
        print(f"  load average at the end: {_load()}")
    whole = all(f.whole for f in figures)
    print(f"  nothing lost, duplicated or inconsistent: {'met' if whole else 'NOT MET'}")
    fast = True
    for kind in kinds:
        at_floor = [f.per_second for f in figures if f.database == kind and f.stations == 4]
        if at_floor:
            rate = statistics.median(at_floor)
            ok = rate >= FLOOR_PER_SECOND
            fast = fast and ok
            print(
                f"  {kind} with {FLOOR_STATIONS} stations: {rate:.1f} receipts/s "
                f"(target at least {FLOOR_PER_SECOND}/s): {'met' if ok else 'NOT MET'}"
            )
    return 0 if whole and fast else 1


if __name__ == "__main__":
    sys.exit(main())
