"""Restoring a backup: checked whole first, then swapped in by rows in one write transaction.

1. The file is checked (:func:`clerk_desk.backup_checks.check_file`), copied to a private folder,
   brought to this program's schema there, and its audit chain verified. A backup from before
   revision 0010 has no chain: the migration chains it on the staged copy, so its hashes are
   those the live trail got when it was migrated from the same events, and step 2 compares
   them; what such a file held before any chain existed cannot be proved, only compared.
2. One write transaction on the live database: the generation row ``FOR UPDATE`` (PostgreSQL;
   on SQLite ``BEGIN IMMEDIATE`` holds every writer off), so no station saves from here to the
   commit. The backup's trail is compared with the live one (:func:`_provenance`). A safety copy
   of the live contents is taken through the same transaction, then every row is replaced, the
   number series are raised above every number issued before, the numbers the backup lacks are
   written into the trail with the safety copy that holds their records, the database gets a
   new generation (every station signs in again), and all commits at once, or nothing does.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from itertools import zip_longest
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, String, Table, insert, select, text, update
from sqlalchemy.orm import Session

from clerk_desk import audit_chain, backup_checks, generation
from clerk_desk.backup_checks import BackupLabel, refused
from clerk_desk.models import AuditChain, AuditEvent, NumberSequence

if TYPE_CHECKING:
    from clerk_desk.database import Database

RESTORE = "database.restore"
BACKUP = "database.backup"
LOST = "database.numbers_not_in_backup"
_NUMBER_COLUMNS = ("number", "permit_number")


@dataclass(frozen=True, slots=True)
class Restored:
    """What a restore did, as the clerk is told."""

    safety: Path | None
    trail: str
    lost: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [self.trail, *self.lost]


@dataclass(frozen=True, slots=True)
class _Staged:
    path: Path
    revision: str
    label: BackupLabel | None
    sha256: str
    head_id: int
    head_hash: str


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def restore(database: Database, source: Path, *, by: str, at: datetime) -> Restored:
    """Replace the contents of ``database`` with the backup ``source`` (see the module)."""
    from clerk_desk.database import Database, _copy_sqlite
    from clerk_desk.paths import backups_dir

    revision = backup_checks.check_file(source)
    label = backup_checks.read_label(source)
    sha256 = file_sha256(source)
    with tempfile.TemporaryDirectory(dir=backups_dir()) as folder:
        staged_path = Path(folder) / "restoring.sqlite3"
        _copy_sqlite(source, staged_path)
        staged_db = Database(str(staged_path))
        try:
            staged_db.migrate(backup=False)
            with staged_db.engine.connect() as staged:
                chain = audit_chain.verify(staged)
                if not chain.ok:
                    raise refused(source, f"its audit trail does not hold: {chain.problem}")
                written = None if label is None or label.head_id is None else label
                if written and (written.head_id, written.head_hash) != (
                    chain.head_id,
                    chain.head_hash,
                ):
                    raise refused(
                        source,
                        f"its audit trail was changed after it was taken: it was written ending "
                        f"at event {written.head_id} ({_short(str(written.head_hash))}), and now "
                        f"ends at event {chain.head_id} ({_short(chain.head_hash)})",
                    )
                found = _Staged(source, revision, label, sha256, chain.head_id, chain.head_hash)
                database.migrate()  # a live database behind this program (never at start)
                with database.write_transaction() as live:
                    return _swap(database, live, staged, found, by=by, at=at)
        finally:
            staged_db.dispose()


def _swap(
    database: Database,
    live: Connection,
    staged: Connection,
    found: _Staged,
    *,
    by: str,
    at: datetime,
) -> Restored:
    generation.lock(live)
    trail = _provenance(live, staged, found)
    replaced = live.execute(select(AuditChain.last_id, AuditChain.last_hash)).one_or_none()
    series_before = _series(live)
    numbers_before = _numbers(live)
    from clerk_desk.paths import backups_dir

    safety = database.backup(
        backups_dir() / f"{database._backup_stem()}-before-restore.sqlite3", within=live
    )
    kept = backup_checks.read_label(safety)
    _replace_rows(live, staged)
    raised = _raise_series(live, series_before)
    generation.renew(live, at)
    lost = _lost_numbers(numbers_before, _numbers(live))
    session = Session(bind=live)
    try:
        after: dict[str, Any] = {
            "backup": _record(found),
            "replaced_trail": {"head_id": replaced[0], "head_hash": replaced[1]}
            if replaced
            else None,
            "kept_copy": _label_record(kept, safety),
            "series_raised": raised,
        }
        events = [
            AuditEvent(
                at=at,
                operator_id=None,
                operator_name=by[:60],
                action=RESTORE,
                record_type="database",
                record_id="*",
                summary=f"Restored from {found.path}; {trail} The previous contents were kept "
                f"in {safety}.",
                before=None,
                after=after,
            )
        ]
        lines = []
        for table, numbers in lost.items():
            line = (
                f"{len(numbers)} {_words(table)} number{'s' if len(numbers) > 1 else ''} "
                f"issued before the restore {'are' if len(numbers) > 1 else 'is'} not in the "
                f"backup ({_ranges(numbers)}): they will not be issued again, and their "
                f"records are in the kept copy {safety}."
            )
            lines.append(line)
            events.append(
                AuditEvent(
                    at=at,
                    operator_id=None,
                    operator_name=by[:60],
                    action=LOST,
                    record_type=table,
                    record_id="*",
                    summary=line,
                    before=None,
                    after={"numbers": numbers, "kept_copy": str(safety)},
                )
            )
        audit_chain.append(session, events)
    finally:
        session.close()
    return Restored(safety, trail, lines)


# -- where the backup comes from ----------------------------------------------------------------


def _short(value: str) -> str:
    return f"hash {value[:12]}…"


def _record(found: _Staged) -> dict[str, Any]:
    return {
        "backup_id": found.label.backup_id if found.label else None,
        "file": str(found.path),
        "sha256": found.sha256,
        "head_id": found.head_id,
        "head_hash": found.head_hash,
    }


def _label_record(label: BackupLabel | None, path: Path) -> dict[str, Any]:
    """What the trail keeps of a backup written: enough to know the file again, and its head."""
    return {
        "backup_id": label.backup_id if label else None,
        "file": str(path),
        "sha256": file_sha256(path),
        "head_id": label.head_id if label else None,
        "head_hash": label.head_hash if label else None,
    }


def backup_record(path: Path) -> dict[str, Any]:
    """The ``after`` of the ``database.backup`` event that records a backup just written."""
    return _label_record(backup_checks.read_label(path), path)


def _recorded_backups(live: Connection) -> Iterator[dict[str, Any]]:
    """Every backup the live trail recorded: written, kept before a restore, or restored."""
    rows = live.execute(
        select(AuditEvent.action, AuditEvent.after).where(AuditEvent.action.in_((BACKUP, RESTORE)))
    )
    for action, after in rows:
        if not isinstance(after, dict):
            continue
        if action == BACKUP:
            yield after
        else:
            kept = (after.get(key) for key in ("backup", "kept_copy"))
            yield from (record for record in kept if isinstance(record, dict))


def _provenance(live: Connection, staged: Connection, found: _Staged) -> str:
    """Say what the backup's trail is, or refuse a backup whose trail was rewritten.

    - A backup the live trail recorded (by its label's id, or the very same file) must end where
      it ended when it was written: a trail rewritten from scratch shows here.
    - Otherwise its trail must agree with the live one event for event, up to where either ends
      or the live trail records a restore (after which it went on from another backup).
    - A trail sharing no event with the live one is another database's; it is refused where the
      live database has issued numbers (receipts, permits), and taken into a new database.
    """
    head = f"This backup's audit trail ends at event {found.head_id} ({_short(found.head_hash)})."
    backup_id = found.label.backup_id if found.label else None
    for record in _recorded_backups(live):
        same_file = record.get("sha256") == found.sha256
        if not same_file and (backup_id is None or record.get("backup_id") != backup_id):
            continue
        if (record.get("head_id"), record.get("head_hash")) != (found.head_id, found.head_hash):
            raise refused(
                found.path,
                f"this database recorded the backup when it was written, its audit trail ending "
                f"at event {record.get('head_id')} ({_short(str(record.get('head_hash')))}); "
                f"the file's trail now ends at event {found.head_id} "
                f"({_short(found.head_hash)}): it was changed after it was taken",
            )
        return f"{head} It is the backup this database recorded when it was written."
    agreed = _agreeing_events(live, staged, found)
    if agreed is None:
        return f"{head} Its trail agrees with this database's trail."
    return f"{head} Its first {agreed} events are those of this database's trail."


def _agreeing_events(live: Connection, staged: Connection, found: _Staged) -> int | None:
    """How many events the two trails share before the live one records a restore; None when
    one trail is the beginning of the other. Refuses a trail that differs anywhere else."""
    ours = live.execute(
        select(AuditEvent.id, AuditEvent.chain_hash, AuditEvent.action)
        .order_by(AuditEvent.id)
        .execution_options(yield_per=5000)
    )
    theirs = staged.execute(
        select(
            AuditEvent.id,
            AuditEvent.chain_hash,
            AuditEvent.at,
            AuditEvent.action,
            AuditEvent.operator_name,
        )
        .order_by(AuditEvent.id)
        .execution_options(yield_per=5000)
    )
    with ours, theirs:
        for position, (mine, other) in enumerate(zip_longest(ours, theirs), start=1):
            if mine is None or other is None:
                return None
            if mine.chain_hash != other.chain_hash:
                return _diverging(live, found, position, mine, other)
    return None


def _diverging(live: Connection, found: _Staged, position: int, mine: Any, other: Any) -> int:
    """The trails differ first at ``position``: legitimately only after a restore here."""
    if mine.action == RESTORE:
        return position - 1
    if position == 1:
        if live.execute(select(NumberSequence.name).limit(1)).first() is not None:
            raise refused(
                found.path,
                "its audit trail shares no event with this database's trail: it is the backup "
                "of another database, or its trail was rewritten, and this database has issued "
                "receipt or permit numbers. Restore it into a new, empty database",
            )
        return 0
    raise refused(
        found.path,
        f"its event {other.id} ({other.at:%Y-%m-%d %H:%M} UTC, {other.action}, by "
        f"{other.operator_name}) is not event {other.id} of this database's trail, which "
        "records no restore there: the backup's trail was changed after it was taken",
    )


# -- rows, numbers --------------------------------------------------------------------------


def _tables() -> list[Table]:
    from clerk_desk.models import Base

    return list(Base.metadata.sorted_tables)


def _replace_rows(live: Connection, staged: Connection) -> None:
    """Every row of the live database replaced by the backup's, audit trail included: its
    protection is lifted for this transaction only (a failure rolls that back too)."""
    from clerk_desk import migrations

    if live.dialect.name == "postgresql":
        live.execute(text("ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only"))
        protect = ["ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only"]
    else:
        triggers = live.execute(
            text(
                "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' "
                "AND tbl_name = 'audit_event'"
            )
        ).all()
        for name, _sql in triggers:
            live.execute(text(f'DROP TRIGGER "{name}"'))
        protect = [sql for _name, sql in triggers]
    # DELETE rather than TRUNCATE: TRUNCATE's exclusive table locks, taken one table after
    # another, would deadlock with a station reading two tables at once.
    for table in reversed(_tables()):
        live.execute(table.delete())
    migrations.copy_rows(staged, live)
    for statement in protect:
        live.execute(text(statement))
    migrations.reset_sequences(live)


def _series(live: Connection) -> dict[tuple[str, int], int]:
    return {
        (name, year): next_value
        for name, year, next_value in live.execute(
            select(NumberSequence.name, NumberSequence.year, NumberSequence.next_value)
        )
    }


def _raise_series(live: Connection, before: dict[tuple[str, int], int]) -> list[dict[str, Any]]:
    """Every series continues above the highest number it had issued before the restore."""
    restored = _series(live)
    raised = []
    for (name, year), next_value in sorted(before.items()):
        now = restored.get((name, year))
        if now is not None and now >= next_value:
            continue
        if now is None:
            live.execute(insert(NumberSequence).values(name=name, year=year, next_value=next_value))
        else:
            live.execute(
                update(NumberSequence)
                .where(NumberSequence.name == name, NumberSequence.year == year)
                .values(next_value=next_value)
            )
        raised.append({"series": name, "year": year, "from": now or 1, "to": next_value})
    return raised


def _numbered_columns() -> Iterator[tuple[Table, str]]:
    for table in _tables():
        for name in _NUMBER_COLUMNS:
            column = table.columns.get(name)
            if column is not None and isinstance(column.type, String) and column.unique:
                yield table, name


def _numbers(conn: Connection) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for table, name in _numbered_columns():
        column = table.columns[name]
        values = conn.execute(select(column).where(column.is_not(None))).scalars()
        found.setdefault(table.name, set()).update(str(v) for v in values)
    return found


def _lost_numbers(before: dict[str, set[str]], after: dict[str, set[str]]) -> dict[str, list[str]]:
    lost = {table: sorted(numbers - after.get(table, set())) for table, numbers in before.items()}
    return {table: numbers for table, numbers in lost.items() if numbers}


def _words(table: str) -> str:
    return table.replace("_", " ")


def _ranges(numbers: Iterable[str]) -> str:
    items = list(numbers)
    if len(items) <= 6:
        return ", ".join(items)
    return f"{', '.join(items[:3])} … {', '.join(items[-2:])}"
