"""Receipts survive what a counter does to them: several stations saving at once, and a station
killed (SIGKILL, as a pulled plug) in the middle of a save. Afterwards every receipt is whole
and the numbers run 1..N with no gap and no duplicate — on SQLite and on PostgreSQL."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Desk
from clerk_desk.kinds import TenderKind
from clerk_desk.models import AuditEvent, NumberSequence, Receipt, ReceiptLine, Tender
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts

WORKER = Path(__file__).with_name("receipts_worker.py")
STATIONS, EACH = 4, 50


def _open_drawers(desk: Desk, stations: list[str]) -> None:
    with desk.action(SYSTEM) as action:
        for station in stations:
            receipts.open_drawer(action, station=station, opening_cash=Money("100.00"))


def _url(database: Database) -> str:
    return database.url.render_as_string(hide_password=False)


def assert_books_whole(database: Database) -> int:
    """Check what ``clerk-desk check`` checks, and that every receipt is whole; return N."""
    report = database.check()
    assert report.ok, report.lines()
    assert report.integrity.startswith("ok")
    with database.reading() as session:
        found = list(
            session.scalars(
                select(Receipt)
                .options(selectinload(Receipt.lines), selectinload(Receipt.tenders))
                .order_by(Receipt.sequence)
            )
        )
        n = len(found)
        assert [r.sequence for r in found] == list(range(1, n + 1))
        assert [r.number for r in found] == [f"2026-{s:06d}" for s in range(1, n + 1)]
        assert len({r.number for r in found}) == n
        for r in found:
            assert r.lines and r.tenders, r.number
            assert sum((line.amount for line in r.lines), Money.zero()) == r.total, r.number
            assert sum((t.amount for t in r.tenders), Money.zero()) == r.total, r.number
            change = sum((t.tendered - t.amount for t in r.tenders), Money.zero())
            assert change == r.change, r.number
            assert all(t.tendered == t.amount for t in r.tenders if t.kind != TenderKind.CASH), (
                r.number
            )
            assert [ln.position for ln in r.lines] == list(range(1, len(r.lines) + 1))
        ids = {r.id for r in found}
        orphan_lines = session.scalar(
            select(func.count()).select_from(ReceiptLine).where(ReceiptLine.receipt_id.not_in(ids))
        )
        orphan_tenders = session.scalar(
            select(func.count()).select_from(Tender).where(Tender.receipt_id.not_in(ids))
        )
        assert (orphan_lines, orphan_tenders) == (0, 0)
        audited = session.scalars(
            select(AuditEvent.record_id).where(AuditEvent.action == "receipt.payment")
        ).all()
        assert sorted(int(a) for a in audited) == sorted(ids)
        sequence = session.get(NumberSequence, ("receipt", 2026))
        assert sequence is not None and sequence.next_value == n + 1
    return n


def test_stations_saving_at_once_share_no_number_and_skip_none(
    database: Database, desk: Desk
) -> None:
    from receipts_worker import run  # type: ignore[import-not-found]

    stations = [f"Station {n}" for n in range(STATIONS)]
    _open_drawers(desk, stations)
    with multiprocessing.get_context("spawn").Pool(STATIONS) as pool:
        results = pool.starmap(run, [(_url(database), s, EACH) for s in stations], chunksize=1)
    numbers = [n for taken in results for n in taken]
    assert len(numbers) == STATIONS * EACH
    assert sorted(numbers) == [f"2026-{s:06d}" for s in range(1, STATIONS * EACH + 1)]
    assert all(taken == sorted(taken) for taken in results)  # each station's own go up
    assert assert_books_whole(database) == STATIONS * EACH
    with database.reading() as session:
        by_drawer = session.execute(
            select(Receipt.drawer_id, func.count()).group_by(Receipt.drawer_id)
        ).all()
    assert sorted(count for _, count in by_drawer) == [EACH] * STATIONS


ROUNDS = 4


def test_a_station_killed_while_saving_leaves_no_half_receipt_and_no_gap(
    database: Database, desk: Desk
) -> None:
    _open_drawers(desk, ["Front counter"])
    rng = random.Random()
    committed: list[str] = []
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for _ in range(ROUNDS):
        with subprocess.Popen(
            [sys.executable, str(WORKER), _url(database), "Front counter"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        ) as station:
            assert station.stdout is not None and station.stderr is not None
            try:
                for _ in range(rng.randint(3, 12)):
                    number = station.stdout.readline().strip()
                    assert number, station.stderr.read() or "the station stopped"
                    committed.append(number)
                time.sleep(rng.uniform(0, 0.03))  # somewhere inside the next save
            finally:
                station.send_signal(signal.SIGKILL)
                station.wait(10)
            # What it printed after the last read was committed too.
            committed += station.stdout.read().split()
        assert station.returncode == -signal.SIGKILL
        n = assert_books_whole(database)
        assert n >= len(committed)
    with database.reading() as session:
        saved = set(session.scalars(select(Receipt.number)))
    assert set(committed) <= saved  # nothing a station saw committed was lost
    # The station starts again: the next number follows with no gap.
    from receipts_worker import run  # type: ignore[import-not-found]

    assert run(_url(database), "Front counter", 1) == [f"2026-{len(saved) + 1:06d}"]
    assert_books_whole(database)
