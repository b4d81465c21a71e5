"""What a backup file must show before a restore may use it, and the label a backup carries.

A restore replaces every record of the City: it trusts nothing in the file it was handed until
the file has passed every check here, and touches nothing of the live database before then.

- :func:`check_file`: SQLite's full ``integrity_check``, a Clerk Desk schema revision this program
  knows, every table, column and trigger that the migrations of that revision create (compared
  with an empty database migrated to the same revision, built once per revision), no trigger or
  view of anyone else's, and no row pointing at a missing record.
- :func:`write_label` / :func:`read_label`: a backup carries a small table naming it (an id) and
  the head of its audit trail when it was taken; the live database records the same in its
  ``database.backup`` event. :mod:`clerk_desk.restoring` compares the two.
"""

from __future__ import annotations

import contextlib
import sqlite3
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path

from clerk_desk.errors import BackupRefused

LABEL_TABLE = "backup_label"
"""A table only backups have (never restored, never migrated): what the backup is."""

NOT_CHANGED = "Nothing of the City's database was changed."


@dataclass(frozen=True, slots=True)
class BackupLabel:
    """A backup's name and the head of its audit trail as it was written.

    The head is None in a backup taken before the trail was chained (schema 0010): the backup
    a migration takes of an older database first.
    """

    backup_id: str
    taken_at: str
    source: str
    head_id: int | None
    head_hash: str | None


@dataclass(frozen=True, slots=True)
class Schema:
    """The tables with their columns, and the triggers and views of a SQLite database."""

    tables: dict[str, frozenset[str]]
    triggers: dict[str, str]
    views: frozenset[str]


def refused(path: Path, why: str) -> BackupRefused:
    return BackupRefused(f"The backup {path.name} was not restored: {why}. {NOT_CHANGED}")


@contextlib.contextmanager
def _read_only(path: Path) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        yield conn
    finally:
        conn.close()


def _normal_sql(sql: str | None) -> str:
    return " ".join((sql or "").split()).lower()


def schema_of(conn: sqlite3.Connection) -> Schema:
    rows = conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
    ).fetchall()
    tables = {
        name: frozenset(column[1] for column in conn.execute(f'PRAGMA table_info("{name}")'))
        for kind, name, _sql in rows
        if kind == "table" and name != LABEL_TABLE
    }
    triggers = {name: _normal_sql(sql) for kind, name, sql in rows if kind == "trigger"}
    views = frozenset(name for kind, name, _sql in rows if kind == "view")
    return Schema(tables, triggers, views)


@cache
def reference_schema(revision: str) -> Schema:
    """The schema the migrations create at ``revision``, from an empty database built in a
    temporary folder (once per revision in a process: about a second at head)."""
    from clerk_desk import migrations
    from clerk_desk.database import Database

    with tempfile.TemporaryDirectory(prefix="clerk-desk-schema-") as folder:
        path = Path(folder) / f"reference-{revision}.sqlite3"
        database = Database(str(path))
        try:
            with database.engine.begin() as conn:
                migrations.upgrade(conn, revision)
        finally:
            database.dispose()
        with _read_only(path) as conn:
            return schema_of(conn)


def _schema_problems(found: Schema, expected: Schema) -> list[str]:
    problems: list[str] = []
    for table, columns in expected.tables.items():
        if table not in found.tables:
            problems.append(f"the table {table} is missing")
            continue
        missing = sorted(columns - found.tables[table])
        if missing:
            problems.append(f"the table {table} lacks the column(s) {', '.join(missing)}")
    problems += [
        f"it holds a table Clerk Desk does not make ({t})"
        for t in sorted(set(found.tables) - set(expected.tables))
    ]
    for trigger, sql in expected.triggers.items():
        if trigger not in found.triggers:
            problems.append(f"the trigger {trigger} that keeps the audit trail is missing")
        elif found.triggers[trigger] != sql:
            problems.append(f"the trigger {trigger} was changed")
    problems += [
        f"it holds a trigger Clerk Desk does not make ({t})"
        for t in sorted(set(found.triggers) - set(expected.triggers))
    ]
    problems += [
        f"it holds a view Clerk Desk does not make ({v})"
        for v in sorted(found.views - expected.views)
    ]
    return problems


def check_file(path: Path) -> str:
    """Check the backup file ``path`` whole; return its schema revision, or refuse it."""
    from clerk_desk import migrations

    if not path.is_file():
        raise BackupRefused(f"There is no backup file at {path}. {NOT_CHANGED}")
    try:
        with _read_only(path) as conn:
            damage = [row[0] for row in conn.execute("PRAGMA integrity_check")]
            if damage != ["ok"]:
                raise refused(path, f"the file is damaged ({'; '.join(damage[:3])})")
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
            if "alembic_version" not in names or "operator" not in names:
                raise refused(path, "it is not a Clerk Desk backup")
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
            revision = str(row[0]) if row else ""
            if revision not in migrations.known_revisions():
                raise refused(
                    path,
                    f"it was written by a newer version of Clerk Desk (schema {revision or '?'});"
                    " restore it with that version",
                )
            problems = _schema_problems(schema_of(conn), reference_schema(revision))
            if problems:
                raise refused(path, "it is incomplete or was altered: " + "; ".join(problems))
            orphans = conn.execute("PRAGMA foreign_key_check").fetchall()
            if orphans:
                raise refused(
                    path,
                    f"{len(orphans)} of its records point at records that are not in it "
                    f"(the first in the table {orphans[0][0]})",
                )
    except sqlite3.DatabaseError as error:
        raise BackupRefused(
            f"{path.name} is not a database file Clerk Desk can read ({error}). {NOT_CHANGED}"
        ) from error
    return revision


def write_label(path: Path, *, source: str, taken_at: datetime) -> BackupLabel:
    """Name the backup just written at ``path`` and record the head of its audit trail."""
    conn = sqlite3.connect(str(path))
    try:
        chained = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_chain'"
        ).fetchone()
        head = (
            conn.execute("SELECT last_id, last_hash FROM audit_chain WHERE id = 1").fetchone()
            if chained
            else None
        )
        label = BackupLabel(
            str(uuid.uuid4()),
            taken_at.isoformat(timespec="seconds"),
            source,
            (int(head[0]) if head else 0) if chained else None,
            (str(head[1]) if head else "0" * 64) if chained else None,
        )
        conn.execute(
            f"CREATE TABLE {LABEL_TABLE} (backup_id TEXT NOT NULL, taken_at TEXT NOT NULL, "
            "source TEXT NOT NULL, head_id INTEGER, head_hash TEXT)"
        )
        conn.execute(
            f"INSERT INTO {LABEL_TABLE} VALUES (?, ?, ?, ?, ?)",
            (label.backup_id, label.taken_at, label.source, label.head_id, label.head_hash),
        )
        conn.commit()
    finally:
        conn.close()
    return label


def read_label(path: Path) -> BackupLabel | None:
    """The label of a backup written by this program; None for an older or unlabelled one."""
    with _read_only(path) as conn:
        try:
            row = conn.execute(
                f"SELECT backup_id, taken_at, source, head_id, head_hash FROM {LABEL_TABLE}"
            ).fetchone()
        except sqlite3.OperationalError:
            return None
    if row is None:
        return None
    head_id = None if row[3] is None else int(row[3])
    head_hash = None if row[4] is None else str(row[4])
    return BackupLabel(str(row[0]), str(row[1]), str(row[2]), head_id, head_hash)
