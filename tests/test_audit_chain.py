"""The audit trail's hash chain: real actions verify; migration 0010 chains older events; and
``clerk-desk check`` names the first event changed, removed or cut off, on SQLite and PostgreSQL."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from clerk_desk import audit_chain, backup_checks, migrations, parties, restoring
from clerk_desk.database import Database
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import PartyKind


def _add(desk: Desk, who: SignedIn, name: str) -> None:
    with desk.action(who) as action:
        parties.add_party(action, parties.PartyData(kind=PartyKind.PERSON, name=name))


def test_a_chain_over_real_actions_verifies(desk: Desk, admin: SignedIn) -> None:
    for name in ("Anna Berg", "Ben Dahl", "Zoë Nguyễn"):
        _add(desk, admin, name)
    with desk.database.engine.connect() as conn:
        report = audit_chain.verify(conn)
    assert report.ok and report.events >= 4 and report.head_id == report.events
    assert desk.database.check().ok


def _database_at_0009(path: Path) -> Database:
    """A database as version 0009 left it: three audit events and no chain."""
    database = Database(str(path))
    with database.engine.begin() as conn:
        migrations.upgrade(conn, "0009")
    raw = sqlite3.connect(path)
    for n in range(1, 4):
        raw.execute(
            "INSERT INTO audit_event (id, at, operator_name, action, record_type, record_id, "
            "summary) VALUES (?, ?, 'admin', 'party.add', 'party', ?, ?)",
            (n, datetime(2026, 11, n, 9, tzinfo=UTC).replace(tzinfo=None), str(n), f"Party {n}"),
        )
    raw.commit()
    raw.close()
    return database


def test_migration_0010_chains_the_events_written_at_0009(tmp_path: Path) -> None:
    database = _database_at_0009(tmp_path / "old.sqlite3")
    database.migrate(backup=False)
    with database.engine.connect() as conn:
        report = audit_chain.verify(conn)
    database.dispose()
    assert report.ok and (report.events, report.head_id) == (3, 3)


def test_the_backup_before_migrating_an_unchained_database_restores(tmp_path: Path) -> None:
    """The copy taken before 0010 has no chain to label; restoring it chains it and agrees."""
    database = _database_at_0009(tmp_path / "old.sqlite3")
    taken = database.migrate()
    assert taken is not None and taken.exists()
    label = backup_checks.read_label(taken)
    assert label is not None and (label.head_id, label.head_hash) == (None, None)
    restored = restoring.restore(
        database, taken, by="admin", at=datetime(2026, 12, 2, 9, tzinfo=UTC)
    )
    with database.engine.connect() as conn:
        report = audit_chain.verify(conn)
    database.dispose()
    assert "agrees with this database's trail" in restored.trail
    assert report.ok and report.events == 4  # the three, and the restore


def _tamper_sqlite(database: Database, *statements: str) -> None:
    database.dispose()
    assert database.path is not None
    raw = sqlite3.connect(database.path)
    raw.execute("DROP TRIGGER audit_event_no_update")
    raw.execute("DROP TRIGGER audit_event_no_delete")
    for statement in statements:
        raw.execute(statement)
    raw.commit()
    raw.close()


def _tamper_server(database: Database, *statements: str) -> None:
    engine = create_engine(database.url)
    with engine.begin() as conn:
        conn.execute(text("ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only"))
        for statement in statements:
            conn.execute(text(statement))
    engine.dispose()


@pytest.mark.parametrize(
    ("statements", "named"),
    [
        (["UPDATE audit_event SET summary = 'nothing happened' WHERE id = 3"], "broken at event 3"),
        (
            ["UPDATE audit_event SET responsible = 'Common Council, § 506-14' WHERE id = 3"],
            "broken at event 3",
        ),
        (["DELETE FROM audit_event WHERE id = 2"], "broken before event 3.*event 2 is missing"),
        (["DELETE FROM audit_event WHERE id >= 4"], "ends at event 3, but event .* was written"),
    ],
    ids=["summary-changed", "official-changed", "event-deleted", "last-events-deleted"],
)
def test_check_names_the_event_tampered_with(
    desk: Desk, admin: SignedIn, statements: list[str], named: str
) -> None:
    for name in ("Anna Berg", "Ben Dahl", "Carla Ortiz"):
        _add(desk, admin, name)
    assert desk.database.check().ok
    tamper = _tamper_sqlite if desk.database.is_sqlite else _tamper_server
    tamper(desk.database, *statements)
    report = desk.database.check()
    assert not report.ok
    text_ = "\n".join(report.lines())
    assert "the audit trail is not protected" in text_
    assert any(__import__("re").search(named, p) for p in report.problems), report.problems
