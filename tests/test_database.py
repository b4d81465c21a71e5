"""The database as the counter meets it: settings of every connection, an append-only audit
trail, and errors that say what went wrong (not a database, read-only, locked, disk full) with
nothing already saved lost."""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import event, func, select, text
from sqlalchemy import exc as sa_exc

from clerk_desk import database as database_module
from clerk_desk import parties
from clerk_desk.database import Database, Timeouts
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import DatabaseLocked, DatabaseUnavailable, DiskFull
from clerk_desk.kinds import PartyKind
from clerk_desk.models import AuditEvent, Party


def _party_count(db: Database) -> int:
    with db.reading() as session:
        return session.scalar(select(func.count()).select_from(Party)) or 0


def _audit_count(db: Database) -> int:
    with db.reading() as session:
        return session.scalar(select(func.count()).select_from(AuditEvent)) or 0


def _add(desk: Desk, who: SignedIn, name: str, notes: str = "") -> int:
    with desk.action(who) as action:
        return parties.add_party(
            action, parties.PartyData(kind=PartyKind.PERSON, name=name, notes=notes)
        ).id


# -- every SQLite connection ---------------------------------------------------------------------


def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(tmp_path: Path) -> None:
    db = Database(str(tmp_path / "city.sqlite3"))
    db.migrate(backup=False)
    try:
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            timeout = conn.exec_driver_sql("PRAGMA busy_timeout").scalar()
            assert timeout == database_module.BUSY_TIMEOUT_SECONDS * 1000
    finally:
        db.dispose()


def test_foreign_keys_are_enforced(database: Database) -> None:
    with (
        pytest.raises(sa_exc.IntegrityError),
        database.engine.begin() as conn,
    ):
        conn.execute(
            text(
                "INSERT INTO parcel (parcel_number, site_address, owner_id, "
                "description, active, search_text) "
                "VALUES ('281-1', '', 9999, '', true, '')"
            )
        )


ORPHAN_PARCEL = text(
    "INSERT INTO parcel (parcel_number, site_address, owner_id, description, active, "
    "search_text) VALUES ('281-2', '', 9999, '', true, '')"
)


@pytest.mark.parametrize("ends", ["committed", "rolled back"])
def test_foreign_keys_are_enforced_again_after_a_restore_s_transaction(
    database: Database, ends: str
) -> None:
    """A restore checks foreign keys once at its end (``write_transaction``); the next save, on
    whatever connection it gets, checks them row by row again."""
    with contextlib.suppress(RuntimeError), database.write_transaction() as conn:
        conn.execute(text("SELECT 1"))
        if ends == "rolled back":
            raise RuntimeError("the restore failed")
    for _ in range(3):
        with pytest.raises(sa_exc.IntegrityError), database.engine.begin() as conn:
            conn.execute(ORPHAN_PARCEL)


def test_sqlite_lookups_reuse_their_connections(tmp_path: Path) -> None:
    """Opening a SQLite connection reads the whole schema again (2-4 ms a lookup, issue 20): a
    station keeps its connections between actions, from any thread."""
    db = Database(str(tmp_path / "city.sqlite3"))
    db.migrate(backup=False)
    db.dispose()  # the connections the migration opened are closed
    opened: list[object] = []
    event.listen(db.engine, "connect", lambda raw, _record: opened.append(raw))

    def count_parcels() -> None:
        with db.reading() as session:
            session.execute(text("SELECT count(*) FROM parcel")).scalar()

    try:
        for _ in range(5):
            count_parcels()
        worker = threading.Thread(target=count_parcels)
        worker.start()
        worker.join()
        with db.writing() as session:
            session.execute(text("SELECT count(*) FROM parcel")).scalar()
        assert len(opened) == 1
    finally:
        db.dispose()


# -- the audit trail is append-only in the database itself ---------------------------------------


def test_audit_trail_refuses_update_and_delete_through_the_orm(desk: Desk, admin: SignedIn) -> None:
    _add(desk, admin, "Anna Berg")
    before = _audit_count(desk.database)
    with pytest.raises(sa_exc.DBAPIError, match="append-only"), desk.action(admin) as action:
        event = action.session.scalars(select(AuditEvent)).first()
        assert event is not None
        event.summary = "nothing happened here"
        action.session.flush()
    with pytest.raises(sa_exc.DBAPIError, match="append-only"), desk.action(admin) as action:
        event = action.session.scalars(select(AuditEvent)).first()
        action.session.delete(event)
        action.session.flush()
    with desk.database.reading() as session:
        summaries = list(session.scalars(select(AuditEvent.summary)))
    assert len(summaries) == before
    assert "nothing happened here" not in summaries


@pytest.mark.parametrize(
    "statement",
    ["UPDATE audit_event SET summary = 'rewritten'", "DELETE FROM audit_event"],
)
def test_audit_trail_refuses_raw_sql(desk: Desk, admin: SignedIn, statement: str) -> None:
    _add(desk, admin, "Anna Berg")
    before = _audit_count(desk.database)
    assert before > 0
    with (
        pytest.raises(sa_exc.DBAPIError, match="append-only"),
        desk.database.engine.begin() as conn,
    ):
        conn.execute(text(statement))
    assert _audit_count(desk.database) == before


def test_audit_trail_refuses_a_plain_sqlite3_connection(tmp_path: Path) -> None:
    """Even a tool outside Clerk Desk (the sqlite3 shell) cannot rewrite history."""
    path = tmp_path / "city.sqlite3"
    db = Database(str(path))
    db.migrate(backup=False)
    with db.writing() as session:
        session.add(
            AuditEvent(
                at=datetime(2026, 11, 30, 16, tzinfo=UTC),
                operator_name="x",
                action="a",
                record_type="r",
                record_id="1",
                summary="s",
            )
        )
    db.dispose()
    raw = sqlite3.connect(path)
    try:
        for statement in ("UPDATE audit_event SET summary = 'gone'", "DELETE FROM audit_event"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                raw.execute(statement)
        assert raw.execute("SELECT summary FROM audit_event").fetchall() == [("s",)]
    finally:
        raw.close()


# -- a failing action leaves nothing behind ------------------------------------------------------


def test_a_failing_action_is_rolled_back_whole(desk: Desk, admin: SignedIn) -> None:
    parties_before, audit_before = _party_count(desk.database), _audit_count(desk.database)
    with pytest.raises(RuntimeError, match="printer on fire"), desk.action(admin) as action:
        parties.add_party(action, parties.PartyData(kind=PartyKind.PERSON, name="Half Saved"))
        action.session.flush()
        raise RuntimeError("printer on fire")
    assert _party_count(desk.database) == parties_before
    assert _audit_count(desk.database) == audit_before
    with desk.database.reading() as session:
        assert parties.search_parties(session, "half saved") == []


# -- errors a clerk can act on -------------------------------------------------------------------


def test_a_text_file_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "minutes.txt"
    path.write_text("Minutes of the Common Council, November 23, 2026\n" * 50)
    original = path.read_bytes()
    db = Database(str(path))
    try:
        with pytest.raises(DatabaseUnavailable, match="not a Clerk Desk database") as caught:
            db.migrate()
        assert str(path) in caught.value.message
        with (
            pytest.raises(DatabaseUnavailable, match="not a Clerk Desk database"),
            db.reading() as session,
        ):
            session.execute(select(Party))
    finally:
        db.dispose()
    assert path.read_bytes() == original


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_read_only_database_says_so_and_loses_nothing(
    tmp_path: Path, desk: Desk, admin: SignedIn
) -> None:
    _add(desk, admin, "Anna Berg")
    path = desk.database.path
    assert path is not None
    desk.database.dispose()
    read_only = Database(f"sqlite+pysqlite:///file:{path}?mode=ro&uri=true")
    try:
        assert _party_count(read_only) == 1  # showing records still works
        with pytest.raises(DatabaseUnavailable, match="read-only") as caught:
            _add(Desk(read_only, clock=desk.clock), admin, "Ben Dahl")
        assert "write access" in caught.value.message
        assert _party_count(read_only) == 1
    finally:
        read_only.dispose()
    assert not (Path.cwd() / "file:").exists(), "a URI file name made a folder named 'file:'"
    assert _party_count(desk.database) == 1


def test_a_locked_database_is_told_apart_and_changes_nothing(tmp_path: Path, clock: object) -> None:
    path = tmp_path / "city.sqlite3"
    db = Database(str(path), timeouts=Timeouts(lock=1))
    db.migrate(backup=False)
    desk = Desk(db, clock=clock)  # type: ignore[arg-type]
    from clerk_desk import operators

    admin = operators.create_first_administrator(
        db, desk.clock, username="admin", full_name="Alex Administrator", password="x" * 10
    )
    _add(desk, admin, "Anna Berg")
    other_station = sqlite3.connect(path, isolation_level=None)
    try:
        other_station.execute("BEGIN IMMEDIATE")
        with pytest.raises(DatabaseLocked, match="Another counter station") as caught:
            _add(desk, admin, "Ben Dahl")
        assert "Nothing was saved" in caught.value.message
    finally:
        other_station.execute("ROLLBACK")
        other_station.close()
    assert _party_count(db) == 1
    _add(desk, admin, "Ben Dahl")  # once the other station is done, saving works again
    assert _party_count(db) == 2
    db.dispose()


def _mount_tmpfs(folder: Path, size: str) -> Iterator[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs to fill up ({done.stderr.strip()})")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real, tiny file system (tests run as root in the CI container)."""
    yield from _mount_tmpfs(tmp_path / "small-disk", "4096k")  # the schema takes ~1.1 MB


def test_a_full_disk_while_saving_keeps_what_was_saved(small_disk: Path, clock: object) -> None:
    db = Database(str(small_disk / "city.sqlite3"))
    db.migrate(backup=False)
    desk = Desk(db, clock=clock)  # type: ignore[arg-type]
    from clerk_desk import operators

    admin = operators.create_first_administrator(
        db, desk.clock, username="admin", full_name="Alex Administrator", password="x" * 10
    )
    saved = 0
    with pytest.raises(DiskFull, match="disk is full") as caught:
        for number in range(200):
            _add(desk, admin, f"Party {number}", notes="minutes " * 2000)
            saved += 1
    assert "Nothing was saved" in caught.value.message
    assert saved > 0
    db.dispose()
    reopened = Database(str(small_disk / "city.sqlite3"))
    try:
        assert _party_count(reopened) == saved
    finally:
        reopened.dispose()


def test_records_looked_up_stay_readable_after_the_lookup(desk: Desk, admin: SignedIn) -> None:
    """The window fills a table from a lookup after its session is closed."""
    _add(desk, admin, "Anna Berg")
    with desk.lookup(admin) as action:
        found = parties.search_parties(action.session, "anna")
    assert [(p.name, p.kind, p.active) for p in found] == [("Anna Berg", "person", True)]


def test_the_check_reports_special_charge_amounts_due_that_belong_to_no_charge(
    desk: Desk, admin: SignedIn
) -> None:
    """An amount billed as a special charge with no charge in the register escapes the
    Treasurer's register and the tax roll: ``clerk-desk check`` says so."""
    from clerk_desk import ledger
    from clerk_desk.kinds import DueKind
    from clerk_desk.ledger import RecordRef
    from clerk_desk.money import Money

    assert desk.database.check().ok
    party = _add(desk, admin, "Anna Berg")
    with desk.action(admin) as action:
        due = ledger.bill(
            action,
            party_id=party,
            record=RecordRef("street_privilege", "7"),
            kind=DueKind.SPECIAL_CHARGE,
            amount=Money("80.00"),
            description="Obstruction removed by the City (billed before the register)",
            gl_account="100-48100-000",
        )
        action.session.flush()
        due_id = due.id
    report = desk.database.check()
    assert not report.ok
    assert report.problems == [
        "1 amount due of the kind special charge belongs to no special charge: the Special "
        "Charges register and the tax roll do not see it (record each as a special charge, or "
        "cancel it)"
    ]
    assert "PROBLEM:    1 amount due of the kind special charge" in "\n".join(report.lines())
    with desk.action(admin) as action:
        ledger.cancel(action, due_id, reason="Entered as special charge CHG-2026-001")
    assert desk.database.check().ok  # cancelled, it is owed by no one
