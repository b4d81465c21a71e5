"""A save behind another station's lock ends, in words, after the lock timeout, and nothing of it
is saved; a station that vanishes in the middle of a save frees the others; commits are on the
disk. The same lock test runs on a SQLite file and on the PostgreSQL server."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import func, select, text
from station_lock import other_station_saving  # type: ignore[import-not-found]

from clerk_desk import database as database_module
from clerk_desk.database import Database, Timeouts
from clerk_desk.desk import SYSTEM, Desk
from clerk_desk.errors import DatabaseLocked, DatabaseUnavailable
from clerk_desk.kinds import TenderKind
from clerk_desk.models import Receipt
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import LineEntry, TenderEntry

STATION = "Front counter"
SHORT = Timeouts(lock=1, statement=5, idle_in_transaction=5)
LOCKED_WORDS = (
    "Another counter station is saving right now and the database stayed busy for 1 second. "
    "Nothing was saved; try again in a moment."
)


def _take_receipt(desk: Desk) -> str:
    with desk.action(SYSTEM) as action:
        receipt = receipts.take_payment(
            action,
            station=STATION,
            payer_id=None,
            payer_name="Ann Olson",
            lines=[LineEntry("Street opening permit", Money("75.00"), "100-44300-000")],
            tenders=[TenderEntry(TenderKind.CASH, Money("80.00"))],
        )
        return receipt.number


def _receipts(database: Database) -> int:
    with database.reading() as session:
        return session.scalar(select(func.count()).select_from(Receipt)) or 0


@pytest.fixture
def station(desk: Desk) -> Desk:
    """A station on the test's database whose saves wait 1 s for a lock; its drawer is open
    and it has taken one receipt (so the receipt numbers' row exists to be locked)."""
    database = Database(desk.database.url, timeouts=SHORT)
    quick = Desk(database, clock=desk.clock)
    with quick.action(SYSTEM) as action:
        receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
    _take_receipt(quick)
    yield quick
    database.dispose()


def test_a_save_behind_a_held_lock_fails_after_the_lock_timeout_with_nothing_saved(
    station: Desk,
) -> None:
    with other_station_saving(station.database, rows="number_sequence"):
        started = time.monotonic()
        with pytest.raises(DatabaseLocked) as caught:
            _take_receipt(station)
        waited = time.monotonic() - started
    assert caught.value.message == LOCKED_WORDS  # the same words on SQLite and PostgreSQL
    assert 0.9 <= waited < 4, f"waited {waited:.2f} s for a 1 s lock timeout"
    assert _receipts(station.database) == 1
    assert _take_receipt(station) == "2026-000002"  # once the other is done: no gap


def test_a_lock_released_within_the_timeout_lets_the_save_through(station: Desk) -> None:
    held = threading.Event()
    release = threading.Event()

    def other() -> None:
        with other_station_saving(station.database, rows="number_sequence"):
            held.set()
            release.wait(0.5)  # a save of its own that takes half the timeout

    thread = threading.Thread(target=other)
    thread.start()
    assert held.wait(10)
    try:
        started = time.monotonic()
        number = _take_receipt(station)
        waited = time.monotonic() - started
    finally:
        release.set()
        thread.join()
    assert number == "2026-000002"
    assert 0.3 <= waited < 1, f"the save waited {waited:.2f} s for the other station"


def test_the_shipped_lock_timeout_is_the_busy_timeout_of_ten_seconds(database: Database) -> None:
    assert database.timeouts == Timeouts(lock=10, statement=30, idle_in_transaction=60)
    assert database_module.BUSY_TIMEOUT_SECONDS == 10
    with database.engine.connect() as conn:
        if database.is_sqlite:
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
        else:
            shown = {
                name: conn.exec_driver_sql(f"SHOW {name}").scalar()
                for name in (
                    "lock_timeout",
                    "statement_timeout",
                    "idle_in_transaction_session_timeout",
                )
            }
            assert shown == {
                "lock_timeout": "10s",
                "statement_timeout": "30s",
                "idle_in_transaction_session_timeout": "1min",
            }


def test_sqlite_commits_are_synced_to_the_disk(database: Database) -> None:
    if not database.is_sqlite:
        pytest.skip("a SQLite setting")
    with database.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL (NORMAL is 1)
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


# -- PostgreSQL only -----------------------------------------------------------------------------


def _server_only(database: Database) -> None:
    if database.is_sqlite:
        pytest.skip("a PostgreSQL server setting")


def test_a_station_idle_in_the_middle_of_a_save_is_ended_and_frees_the_others(
    station: Desk,
) -> None:
    _server_only(station.database)
    vanishing = Database(
        station.database.url, timeouts=Timeouts(lock=1, statement=5, idle_in_transaction=1)
    )
    try:
        with (
            pytest.raises(DatabaseUnavailable, match="ended this station's unfinished save"),
            vanishing.writing() as session,
        ):
            session.execute(text("SELECT * FROM number_sequence FOR UPDATE")).all()
            session.execute(text("UPDATE number_sequence SET next_value = next_value + 1"))
            time.sleep(1.2)  # then it froze: no word for longer than its idle timeout
            # Meanwhile another station saves: the frozen one's lock is gone.
            assert _take_receipt(station) == "2026-000002"
            session.execute(text("SELECT 1"))
    finally:
        vanishing.dispose()
    assert _receipts(station.database) == 2
    assert _take_receipt(station) == "2026-000003"  # its half-done number change was undone


def test_a_statement_longer_than_the_statement_timeout_is_stopped_in_words(
    station: Desk,
) -> None:
    _server_only(station.database)
    slow = Database(station.database.url, timeouts=Timeouts(lock=1, statement=1))
    try:
        with (
            pytest.raises(DatabaseLocked, match="did not finish within 1 second:"),
            slow.reading() as session,
        ):
            session.execute(text("SELECT pg_sleep(1.5)"))
        with slow.reading() as session:  # just under it
            session.execute(text("SELECT pg_sleep(0.7)"))
    finally:
        slow.dispose()


def test_migrations_backups_and_restores_are_not_cut_off_by_the_statement_timeout(
    station: Desk, tmp_path
) -> None:
    _server_only(station.database)
    slow = Database(station.database.url, timeouts=Timeouts(lock=1, statement=1))
    try:
        upkeep = slow._upkeep_engine  # what migrate, _backup_server and _restore_server use
        with upkeep.begin() as conn:
            assert conn.exec_driver_sql("SHOW statement_timeout").scalar() == "0"
            assert conn.exec_driver_sql("SHOW idle_in_transaction_session_timeout").scalar() == "0"
            assert conn.exec_driver_sql("SHOW lock_timeout").scalar() == "1s"
            conn.execute(text("SELECT pg_sleep(1.3)"))
        with slow.engine.connect() as conn:  # only for upkeep's own transaction
            assert conn.exec_driver_sql("SHOW statement_timeout").scalar() == "1s"
        copy = slow.backup(tmp_path / "server.sqlite3")
        assert copy.is_file()
    finally:
        slow.dispose()


def test_a_deadlock_between_two_stations_is_told_as_a_busy_database(station: Desk) -> None:
    _server_only(station.database)
    with station.action(SYSTEM) as action:
        receipts.open_drawer(action, station="Back office", opening_cash=Money("50.00"))
    first, second = (Database(station.database.url, timeouts=Timeouts(lock=5)) for _ in "ab")
    both_hold = threading.Barrier(2, timeout=10)
    failures: list[BaseException] = []

    def save(db: Database, rows: tuple[str, str]) -> None:
        try:
            with db.writing() as session:
                for n, table in enumerate(rows):
                    session.execute(text(f"SELECT * FROM {table} FOR UPDATE")).all()
                    if n == 0:
                        both_hold.wait()
        except DatabaseLocked as error:
            failures.append(error)

    threads = [
        threading.Thread(target=save, args=(first, ("drawer", "number_sequence"))),
        threading.Thread(target=save, args=(second, ("number_sequence", "drawer"))),
    ]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(20)
    finally:
        first.dispose()
        second.dispose()
    assert len(failures) == 1  # the server chose one; the other saved
    assert "Another counter station is saving right now" in failures[0].message
    assert type(failures[0].__cause__.orig).__name__ == "DeadlockDetected"  # type: ignore[union-attr]
