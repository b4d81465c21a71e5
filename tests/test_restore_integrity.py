"""A restore refuses what it cannot trust and never issues a number twice.

Every refused backup leaves the City's database as it was (the SQLite file byte for byte, the
server's rows); a station saving receipts while the restore runs never gets a number that was
already printed, and the trail lists the numbers the backup lacks with the copy that holds them.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from clerk_desk import audit_chain, cli, opening
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import BackupRefused
from clerk_desk.models import AuditEvent, Receipt
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import LineEntry, TenderEntry
from tests.conftest import PASSWORD

WORKER = Path(__file__).with_name("receipts_worker.py")


def _receipt(desk: Desk) -> str:
    with desk.action(SYSTEM) as action:
        return receipts.take_payment(
            action,
            station="Front counter",
            payer_id=None,
            payer_name="Anna Berg",
            lines=[LineEntry("Permit fee", Money("25.00"), "100-44300-000")],
            tenders=[TenderEntry(receipts.TenderKind.CASH, Money("25.00"))],
        ).number


def _open_drawer(desk: Desk) -> None:
    with desk.action(SYSTEM) as action:
        receipts.open_drawer(action, station="Front counter", opening_cash=Money("100.00"))


def _records(database: Database) -> object:
    """The receipts and the trail, less the command line's own sign-in (which it records)."""
    with database.reading() as session:
        return (
            list(session.scalars(select(Receipt.number).order_by(Receipt.id))),
            list(
                session.scalars(
                    select(AuditEvent.chain_hash)
                    .where(AuditEvent.action != "operator.sign_in")
                    .order_by(AuditEvent.id)
                )
            ),
        )


def _state(database: Database) -> object:
    """What a refused restore must leave alone: the file's bytes, or the server's rows."""
    if database.path is not None:
        return database.path.read_bytes()
    with database.reading() as session:
        return (
            list(session.scalars(select(Receipt.number).order_by(Receipt.id))),
            list(session.scalars(select(AuditEvent.chain_hash).order_by(AuditEvent.id))),
        )


def _edit(path: Path, *statements: str) -> None:
    raw = sqlite3.connect(path)
    for statement in statements:
        raw.execute(statement)
    raw.commit()
    raw.close()


def _refused(desk: Desk, admin: SignedIn, backup: Path, match: str) -> None:
    desk.database.dispose()
    before = _state(desk.database)
    with pytest.raises(BackupRefused, match=match) as caught:
        opening.restore_backup(desk, admin, backup)
    assert "Nothing of the City's database was changed" in caught.value.message
    desk.database.dispose()
    assert _state(desk.database) == before


@pytest.fixture
def with_receipts(desk: Desk) -> list[str]:
    _open_drawer(desk)
    return [_receipt(desk) for _ in range(3)]


def test_a_backup_with_the_receipt_table_dropped_is_refused(
    desk: Desk, admin: SignedIn, with_receipts: list[str], tmp_path: Path
) -> None:
    backup = opening.back_up(desk, admin, tmp_path / "dropped.sqlite3")
    _edit(backup, "PRAGMA foreign_keys = OFF", "DROP TABLE receipt")
    _refused(desk, admin, backup, "the table receipt is missing")


def test_a_two_table_fake_is_refused(desk: Desk, admin: SignedIn, tmp_path: Path) -> None:
    fake = tmp_path / "fake.sqlite3"
    _edit(
        fake,
        "CREATE TABLE alembic_version (version_num TEXT)",
        "INSERT INTO alembic_version VALUES ('0010')",
        "CREATE TABLE operator (id INTEGER PRIMARY KEY)",
    )
    _refused(desk, admin, fake, "incomplete or was altered: the table")


def test_a_backup_without_its_audit_triggers_or_a_column_is_refused(
    desk: Desk, admin: SignedIn, tmp_path: Path
) -> None:
    backup = opening.back_up(desk, admin, tmp_path / "b.sqlite3")
    _edit(backup, "DROP TRIGGER audit_event_no_delete")
    _refused(desk, admin, backup, "trigger audit_event_no_delete .*is missing")
    backup = opening.back_up(desk, admin, tmp_path / "c.sqlite3")
    _edit(backup, "ALTER TABLE party DROP COLUMN notes")
    _refused(desk, admin, backup, "party lacks the column.*notes")


def test_a_backup_whose_trail_was_rewritten_is_refused(
    desk: Desk, admin: SignedIn, with_receipts: list[str], tmp_path: Path
) -> None:
    """The issue's attack: made Administrator, events deleted, the chain recomputed from scratch
    (and the label's head with it); the live trail recorded the head the backup had."""
    backup = opening.back_up(desk, admin, tmp_path / "edited.sqlite3")
    raw = sqlite3.connect(backup)
    raw.execute("DROP TRIGGER audit_event_no_delete")
    raw.execute("DROP TRIGGER audit_event_no_update")
    raw.execute("DELETE FROM audit_event WHERE id > 3")
    raw.execute("UPDATE audit_event SET summary = summary || ' (edited)' WHERE id = 2")
    previous, last = audit_chain.GENESIS, 0
    for row in raw.execute(
        "SELECT id, at, operator_id, operator_name, action, record_type, record_id, summary, "
        "before, after FROM audit_event ORDER BY id"
    ).fetchall():
        body = audit_chain.content(
            id=row[0],
            at=datetime.fromisoformat(row[1]),
            operator_id=row[2],
            operator_name=row[3],
            action=row[4],
            record_type=row[5],
            record_id=row[6],
            summary=row[7],
            before=json.loads(row[8]) if row[8] else None,
            after=json.loads(row[9]) if row[9] else None,
        )
        previous, last = audit_chain.link(previous, body), row[0]
        raw.execute("UPDATE audit_event SET chain_hash = ? WHERE id = ?", (previous, row[0]))
    raw.execute("UPDATE audit_chain SET last_id = ?, last_hash = ?", (last, previous))
    raw.execute("UPDATE backup_label SET head_id = ?, head_hash = ?", (last, previous))
    raw.execute(
        "CREATE TRIGGER audit_event_no_update BEFORE UPDATE ON audit_event "
        "BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END"
    )
    raw.execute(
        "CREATE TRIGGER audit_event_no_delete BEFORE DELETE ON audit_event "
        "BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END"
    )
    raw.commit()
    raw.close()
    _refused(desk, admin, backup, "recorded the backup when it was written.*changed after")
    # without its label, the trail itself differs from the live one at the edited event
    _edit(backup, "DROP TABLE backup_label")
    _refused(desk, admin, backup, "its event 2 .*is not event 2 of this database's trail")


def test_the_command_line_refuses_with_a_non_zero_status(
    desk: Desk,
    admin: SignedIn,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CLERK_DESK_USER", admin.username)  # the Administrator signs in
    monkeypatch.setenv("CLERK_DESK_PASSWORD", PASSWORD)
    fake = tmp_path / "fake.sqlite3"
    _edit(
        fake,
        "CREATE TABLE alembic_version (version_num TEXT)",
        "INSERT INTO alembic_version VALUES ('0010')",
        "CREATE TABLE operator (id INTEGER)",
    )
    url = desk.database.url.render_as_string(hide_password=False)
    desk.database.dispose()
    before = _records(desk.database)
    status = cli.main(["--database", url, "restore", str(fake), "--yes"])
    assert status == 1
    assert "Nothing of the City's database was changed" in capsys.readouterr().err
    desk.database.dispose()
    assert _records(desk.database) == before


def test_a_station_saving_during_a_restore_never_gets_a_number_twice(
    database: Database, desk: Desk, admin: SignedIn, tmp_path: Path
) -> None:
    _open_drawer(desk)
    backup = opening.back_up(desk, admin, tmp_path / "morning.sqlite3")
    url = database.url.render_as_string(hide_password=False)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    printed: list[str] = []
    with subprocess.Popen(
        [sys.executable, str(WORKER), url, "Front counter"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    ) as station:
        assert station.stdout is not None and station.stderr is not None
        try:
            for _ in range(40):
                number = station.stdout.readline().strip()
                assert number, station.stderr.read()
                printed.append(number)
            restored = opening.restore_backup(desk, admin, backup)  # the station goes on saving
            for _ in range(40):
                number = station.stdout.readline().strip()
                assert number, station.stderr.read()
                printed.append(number)
        finally:
            station.terminate()
            station.wait(20)
        printed += station.stdout.read().split()
    assert len(printed) == len(set(printed)), "a printed receipt number was issued again"
    with database.reading() as session:
        saved = list(session.scalars(select(Receipt.number)))
        lost = session.scalars(
            select(AuditEvent).where(AuditEvent.action == "database.numbers_not_in_backup")
        ).all()
        assert audit_chain.verify(session.connection()).ok
    assert len(saved) == len(set(saved))
    assert len(lost) == 1 and lost[0].after is not None
    listed = set(lost[0].after["numbers"])
    # every number printed before the restore is either in the live database or listed as lost
    assert listed and listed.isdisjoint(saved)
    assert set(printed) <= set(saved) | listed
    assert str(restored.safety) in lost[0].summary
    with sqlite3.connect(f"file:{restored.safety}?mode=ro", uri=True) as kept:
        in_kept = {r[0] for r in kept.execute("SELECT number FROM receipt")}
    assert listed <= in_kept
