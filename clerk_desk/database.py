"""Opening, migrating, checking, backing up and restoring the Clerk Desk database.

SQLite is the embedded default (one file in the user's data folder); any SQLAlchemy URL works, and
PostgreSQL serves several counter stations. On SQLite every connection runs in WAL mode with foreign
keys on and a busy timeout, and write transactions start with ``BEGIN IMMEDIATE``: Python's default
deferred transactions let two stations read the same "next number" and both write it, with no error.
Commits are ``synchronous = FULL``: a receipt handed over the counter is on the disk, even if the
power fails the next moment.

On PostgreSQL every session has a lock timeout (as SQLite's busy timeout), a statement timeout and
an idle-in-transaction timeout, so a save behind another station's lock ends with a message instead
of waiting for ever, and a station that vanishes in the middle of a save frees the others. Upkeep
(migrations, backups, restores) lifts the statement and idle limits for its own transaction only.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect, make_url, text
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL
from sqlalchemy.orm import Session, sessionmaker

from clerk_desk import stored_values
from clerk_desk.clock import SystemClock
from clerk_desk.errors import (
    BackupRefused,
    ClerkDeskError,
    Conflict,
    DatabaseLocked,
    DatabaseUnavailable,
    DiskFull,
)
from clerk_desk.paths import DATABASE_ENV, backups_dir, default_database_path

if TYPE_CHECKING:
    from clerk_desk.restoring import Restored

BUSY_TIMEOUT_SECONDS = 10
"""How long a save waits for another station's lock: SQLite's busy timeout, PostgreSQL's
``lock_timeout``."""
STATEMENT_TIMEOUT_SECONDS = 30
"""PostgreSQL's ``statement_timeout``: longer than the lock timeout, so that a wait for a lock is
told as such, and long enough for a year's register to be read for an export."""
IDLE_IN_TRANSACTION_SECONDS = 60
"""PostgreSQL's ``idle_in_transaction_session_timeout``. A station holds a transaction only while
it runs one user action (no dialog waits inside one), so a transaction idle this long belongs to
a station that froze or lost its network in the middle of a save; ending it frees its locks."""
_WRITE = "clerk_desk_write"
_UPKEEP = "clerk_desk_upkeep"


@dataclass(frozen=True, slots=True)
class Timeouts:
    """How long a station's session waits, in seconds (tests shorten them)."""

    lock: float = BUSY_TIMEOUT_SECONDS
    statement: float = STATEMENT_TIMEOUT_SECONDS
    idle_in_transaction: float = IDLE_IN_TRANSACTION_SECONDS

    def server_options(self) -> str:
        """libpq's ``options``: the timeouts every PostgreSQL session starts with."""
        limits = {
            "lock_timeout": self.lock,
            "statement_timeout": self.statement,
            "idle_in_transaction_session_timeout": self.idle_in_transaction,
        }
        return " ".join(f"-c {name}={round(seconds * 1000)}" for name, seconds in limits.items())


def database_url(path_or_url: str | os.PathLike[str] | None = None) -> URL:
    """The SQLAlchemy URL for ``--database``: a URL, a file path, or the environment's default.

    A bare path means a SQLite file, so a clerk can type ``D:\\records\\city.sqlite3``.
    """
    value = str(path_or_url) if path_or_url else os.environ.get(DATABASE_ENV, "")
    if not value:
        return URL.create("sqlite+pysqlite", database=str(default_database_path()))
    if "://" in value:
        return make_url(value)
    return URL.create("sqlite+pysqlite", database=str(Path(value).expanduser().resolve()))


def describe(url: URL) -> str:
    """A short name of the database for the status bar, without any password."""
    if url.get_backend_name() == "sqlite":
        return f"SQLite {url.database}"
    return url.render_as_string(hide_password=True)


def _sqlite_file(url: URL) -> Path | None:
    """The file a SQLite URL names; a ``file:`` URI (``?uri=true``, e.g. ``mode=ro``) included."""
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    name = str(url.database)
    if name.startswith("file:") and str(url.query.get("uri", "")).lower() in ("true", "1"):
        name = name.removeprefix("file:").split("?", 1)[0]
        if name in ("", ":memory:"):
            return None
    return Path(name)


def _configure_sqlite(engine: Engine, busy_timeout: float) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        # Take transaction control from the sqlite3 module so that "begin" below decides.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {round(busy_timeout * 1000)}")
        cursor.execute("PRAGMA foreign_keys = ON")
        with contextlib.suppress(sqlite3.OperationalError):
            # A read-only file cannot switch journal mode; opening it must still work.
            cursor.execute("PRAGMA journal_mode = WAL")
        # FULL syncs the write-ahead log at every commit; NORMAL could lose the last receipts
        # committed before a power cut (benchmarks/receipts.py measures what FULL costs).
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        mode = "IMMEDIATE" if conn.get_execution_options().get(_WRITE) else "DEFERRED"
        conn.exec_driver_sql(f"BEGIN {mode}")


def _configure_server(engine: Engine) -> None:
    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        if conn.get_execution_options().get(_UPKEEP):
            # A migration, backup or restore of a big database may rightly take minutes; it
            # still waits no longer than a save for a lock a station holds.
            conn.exec_driver_sql("SET LOCAL statement_timeout = 0")
            conn.exec_driver_sql("SET LOCAL idle_in_transaction_session_timeout = 0")


@dataclass
class CheckReport:
    """What ``clerk-desk check`` found: integrity, migration state and counts."""

    database: str
    integrity: str = "not checked"
    revision: str | None = None
    head: str | None = None
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        out = [f"Database:   {self.database}", f"Integrity:  {self.integrity}"]
        out.append(f"Migration:  {self.revision or 'none'} (this program expects {self.head})")
        out += [f"Records:    {name} {count}" for name, count in self.counts.items()]
        out += [f"PROBLEM:    {p}" for p in self.problems]
        out.append("Result:     OK" if self.ok else "Result:     NOT OK")
        return out


class Database:
    """One database: its engine, sessions, migrations, backups.

    Sessions come from :meth:`writing` (a write transaction, ``BEGIN IMMEDIATE`` on SQLite) and
    :meth:`reading`; both translate the database's errors into :mod:`clerk_desk.errors`.
    """

    def __init__(
        self,
        url: URL | str | None = None,
        *,
        echo: bool = False,
        timeouts: Timeouts | None = None,
    ) -> None:
        try:
            self.url = url if isinstance(url, URL) else database_url(url)
        except (sa_exc.ArgumentError, ValueError) as error:
            raise DatabaseUnavailable(
                f"{url} is neither a file nor a database address Clerk Desk understands ({error})."
            ) from error
        self.is_sqlite = self.url.get_backend_name() == "sqlite"
        self.is_postgresql = self.url.get_backend_name() == "postgresql"
        self.timeouts = timeouts or Timeouts()
        kwargs: dict[str, Any] = {"echo": echo}
        if self.is_sqlite:
            kwargs["connect_args"] = {"timeout": self.timeouts.lock}
            # Connections are kept (SQLAlchemy's pool for a file). Closing the last connection
            # checkpoints the write-ahead log into the file, and a new one reads the schema
            # again: on a busy machine a lookup took 4.8 ms, 1.4 kept, and a saved receipt 6 ms
            # more (issue 20; on an idle one, the same).
            # A kept connection holds no lock between transactions in WAL mode, and a restore
            # replaces rows, never the file.
            if self.path is not None:
                _require_folder(self.path)  # the data folder itself exists (paths.data_dir)
        else:
            kwargs["pool_pre_ping"] = True
            if self.is_postgresql:
                kwargs["connect_args"] = {"options": self.timeouts.server_options()}
        try:
            self.engine = create_engine(self.url, **kwargs)
        except (sa_exc.NoSuchModuleError, ImportError) as error:
            raise DatabaseUnavailable(
                f"Clerk Desk cannot open {describe(self.url)}: the database driver "
                f"{self.url.drivername!r} is not installed with this copy of Clerk Desk."
            ) from error
        if self.is_sqlite:
            _configure_sqlite(self.engine, self.timeouts.lock)
        elif self.is_postgresql:
            _configure_server(self.engine)
        self._write_engine = self.engine.execution_options(**{_WRITE: True})
        self._upkeep_engine = self._write_engine.execution_options(**{_UPKEEP: True})
        self._reader = sessionmaker(self.engine, expire_on_commit=False)
        self._writer = sessionmaker(self._write_engine, expire_on_commit=False)
        # The net under every service's own checks: no text or amount is stored unchecked.
        event.listen(self._writer, "before_flush", stored_values.before_flush)

    @property
    def path(self) -> Path | None:
        """The SQLite file, or None for a server database."""
        return _sqlite_file(self.url)

    def describe(self) -> str:
        return describe(self.url)

    def dispose(self) -> None:
        self.engine.dispose()

    # -- sessions -------------------------------------------------------------------------------

    @contextlib.contextmanager
    def writing(self) -> Iterator[Session]:
        """A session in one write transaction: committed on success, rolled back on any error."""
        with translate_errors(self), self._writer() as session, session.begin():
            yield session

    @contextlib.contextmanager
    def write_transaction(self) -> Iterator[Connection]:
        """A connection in one write transaction (a restore's, replacing every row).

        On SQLite foreign keys are checked once, over the whole database, before the commit
        rather than row by row: deleting every receipt would otherwise search the receipts for
        corrections pointing at each one (an unindexed column), minutes on a year's records.
        """
        with translate_errors(self), self._upkeep_engine.connect() as connection:
            if self.is_sqlite:
                # Before the transaction begins: inside one, SQLite ignores this pragma. The
                # connection is then closed, never kept: no other action may run without them.
                raw = connection.connection.dbapi_connection
                assert raw is not None
                raw.execute("PRAGMA foreign_keys = OFF")
            try:
                with connection.begin():
                    yield connection
                    if self.is_sqlite:
                        broken = list(connection.exec_driver_sql("PRAGMA foreign_key_check"))
                        if broken:
                            raise DatabaseUnavailable(
                                f"{len(broken)} restored records point at records that are "
                                f"not there (the first in {broken[0][0]})."
                            )
            finally:
                if self.is_sqlite:
                    connection.invalidate()

    @contextlib.contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for looking things up; nothing it does is committed.

        What was read stays readable after the block (as ``expire_on_commit=False`` intends for
        writing): the objects are detached first, since a rollback would expire them.
        """
        with translate_errors(self), self._reader() as session, session.begin():
            yield session
            session.expunge_all()
            session.rollback()

    # -- migrations -----------------------------------------------------------------------------

    def current_revision(self) -> str | None:
        """The schema revision stamped in the database, or None for one never migrated.

        Read with one query rather than through Alembic, which start-up then need not import.
        """
        with translate_errors(self), self.engine.connect() as conn:
            if not inspect(conn).has_table("alembic_version"):
                return None
            rows = conn.execute(text("SELECT version_num FROM alembic_version")).all()
            return str(rows[0][0]) if rows else None

    def has_tables(self) -> bool:
        """True when the database holds any table but Alembic's own (empty after a downgrade)."""
        with translate_errors(self), self.engine.connect() as conn:
            return bool(set(inspect(conn).get_table_names()) - {"alembic_version"})

    def migrate(self, *, backup: bool = True) -> Path | None:
        """Bring the schema to this program's head; return the backup taken first, if any.

        An empty database is created by the same migrations. A SQLite file that holds data and is
        behind is copied to the backups folder first, so a failed migration loses nothing. On
        PostgreSQL only the tables' owner may migrate (a station's role is told so), and the
        stations' roles are granted the tables anew afterwards (:mod:`clerk_desk.pg_roles`).
        """
        from clerk_desk import migrations

        head = migrations.head_revision()
        current = self.current_revision()
        if current == head:
            return None
        if current is not None and current not in migrations.known_revisions():
            raise DatabaseUnavailable(
                f"This database was written by a newer version of Clerk Desk (schema {current}). "
                "Install the newer version, or open another database."
            )
        if current is None and self.has_tables():
            raise DatabaseUnavailable(
                "This database already holds tables that Clerk Desk did not create. "
                "Open a Clerk Desk database, or an empty file."
            )
        if self.is_postgresql:
            from clerk_desk import pg_roles

            with translate_errors(self), self.engine.connect() as conn:
                pg_roles.require_owner(conn, self.url)
        taken = None
        # A server database behind cannot be copied by this version's tables (they are not
        # its tables yet); its migrations run in one transaction, which a failure undoes whole,
        # and its IT contact takes the server's own dump before an upgrade (README).
        if backup and current is not None and self.is_sqlite:
            taken = self.backup(backups_dir() / f"{self._backup_stem()}-before-{head}.sqlite3")
        with translate_errors(self), self._upkeep_engine.begin() as conn:
            migrations.upgrade(conn)
            if self.is_postgresql:
                from clerk_desk import pg_roles

                pg_roles.regrant_station_roles(conn)  # the tables a migration added
        return taken

    # -- check ----------------------------------------------------------------------------------

    def check(self) -> CheckReport:
        """Integrity, migration state and record counts, as ``clerk-desk check`` prints them."""
        from clerk_desk import migrations

        report = CheckReport(database=self.describe(), head=migrations.head_revision())
        try:
            report.revision = self.current_revision()
            with translate_errors(self), self.engine.connect() as conn:
                if self.is_sqlite:
                    rows = [r[0] for r in conn.exec_driver_sql("PRAGMA integrity_check")]
                    report.integrity = "ok" if rows == ["ok"] else "; ".join(rows[:5])
                    fk = list(conn.exec_driver_sql("PRAGMA foreign_key_check"))
                    if fk:
                        report.problems.append(f"{len(fk)} rows point at missing records")
                else:
                    conn.execute(text("SELECT 1"))
                    report.integrity = "ok (server checks its own pages)"
                if report.revision == report.head:
                    for table in (
                        "operator",
                        "party",
                        "parcel",
                        "fee_item",
                        "amount_due",
                        "audit_event",
                        "drawer",
                        "receipt",
                    ):
                        count = conn.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one()
                        report.counts[table] = int(count)
                    report.problems += _trail_problems(conn)
                    with Session(bind=conn) as session:
                        report.problems += ledger_problems(session)
                    orphans = _special_charge_dues_without_charge(conn)
                    if orphans:
                        report.problems.append(
                            f"{orphans} amount{'s' if orphans > 1 else ''} due of the kind "
                            f"special charge belong{'' if orphans > 1 else 's'} to no special "
                            "charge: the Special Charges register and the tax roll do not see "
                            f"{'them' if orphans > 1 else 'it'} (record each as a special "
                            "charge, or cancel it)"
                        )
        except ClerkDeskError as error:
            report.problems.append(error.message)
            return report
        if report.integrity != "ok" and not report.integrity.startswith("ok "):
            report.problems.append(f"integrity check failed: {report.integrity}")
        if report.revision != report.head:
            report.problems.append(
                "the schema is not at this program's version; starting the program migrates it"
                if report.revision in migrations.known_revisions() or report.revision is None
                else "the schema is from a newer version of Clerk Desk"
            )
        return report

    # -- backup and restore ---------------------------------------------------------------------

    def backup(self, target: str | os.PathLike[str], *, within: Connection | None = None) -> Path:
        """Copy the whole database into the SQLite file ``target``; return its path.

        The copy is written beside the target under a temporary name, labelled with the head of
        its audit trail (:func:`clerk_desk.backup_checks.write_label`), verified, then renamed,
        so a full disk or a crash leaves either the old file or a complete new one, never half.
        ``within``: copy what this open transaction sees (a restore's safety copy, under its
        lock) rather than a snapshot of its own.
        """
        from clerk_desk import backup_checks

        target_path = Path(target).expanduser().resolve()
        if self.path is not None and target_path == self.path.resolve():
            raise DatabaseUnavailable("A backup cannot overwrite the database it copies.")
        _require_folder(target_path)
        partial = target_path.with_name(target_path.name + ".partial")
        try:
            if within is not None:
                self._copy_rows_into(partial, within)
            elif self.is_sqlite:
                self._backup_sqlite(partial)
            else:
                self._backup_server(partial)
            _make_self_contained(partial)
            backup_checks.write_label(partial, source=self.describe(), taken_at=SystemClock().now())
            _verify_sqlite_file(partial)
            os.replace(partial, target_path)
        except OSError as error:
            _remove_sqlite_file(partial)
            raise _os_error(error, target_path) from error
        except BaseException:
            _remove_sqlite_file(partial)
            raise
        return target_path

    def _backup_sqlite(self, partial: Path) -> None:
        try:
            dest = sqlite3.connect(str(partial))
        except sqlite3.Error as error:  # a folder this account may not write in
            raise DatabaseUnavailable(
                f"The backup cannot be written in {partial.parent}: this account may not "
                "write there. Nothing was written; choose another folder."
            ) from error
        source = sqlite3.connect(str(self.path), timeout=BUSY_TIMEOUT_SECONDS)
        try:
            source.backup(dest)
        except sqlite3.OperationalError as error:
            raise _backup_write_error(error, partial) from error
        except sqlite3.DatabaseError as error:  # the source is damaged or not a database
            raise _sqlite_error(error, self.path) from error
        finally:
            dest.close()
            source.close()

    def _backup_server(self, partial: Path) -> None:
        # One snapshot for every table: stations saving meanwhile cannot leave an amount due
        # in the copy whose party is not.
        snapshot = self._upkeep_engine.execution_options(isolation_level="REPEATABLE READ")
        with translate_errors(self), snapshot.connect() as source, source.begin():
            self._copy_rows_into(partial, source)

    def _copy_rows_into(self, partial: Path, source: Connection) -> None:
        from clerk_desk import migrations

        copy = Database(URL.create("sqlite+pysqlite", database=str(partial)))
        try:
            copy.migrate(backup=False)
            with translate_errors(self), copy._write_engine.begin() as dest:
                # The migrations put a chain head and a generation in: the source's replace them.
                migrations.clear_rows(dest)
                migrations.copy_rows(source, dest)
        finally:
            copy.dispose()

    def restore(self, source: str | os.PathLike[str], *, by: str = "system") -> Restored:
        """Replace this database's contents with the backup ``source``.

        The backup is checked whole first and never altered; nothing of this database is touched
        until it has passed. The current contents are copied to the backups folder in the same
        transaction that replaces them; if anything fails, the database is left as it was and
        the message says so. ``by`` names who restored it in the restored audit trail.
        """
        from clerk_desk import restoring

        source_path = Path(source).expanduser().resolve()
        try:
            return restoring.restore(self, source_path, by=by, at=SystemClock().now())
        except BackupRefused:
            raise
        except ClerkDeskError as error:
            raise type(error)(
                f"{error.message} The backup was not restored; the database was left as it was."
            ) from error

    def _backup_stem(self) -> str:
        """``<file or database name>-<local time>`` for a backup taken by the program."""
        name = self.path.stem if self.path else f"server-{self.url.database or 'database'}"
        return f"{name}-{_file_stamp()}"

    def exists(self) -> bool:
        """False for a SQLite file that is not there (yet); a server database is assumed."""
        return self.path is None or self.path.is_file()


def _require_folder(path: Path) -> None:
    """A file goes only into a folder that exists: a mistyped folder is said, never created."""
    if not path.parent.is_dir():
        raise DatabaseUnavailable(
            f"There is no folder {path.parent}. Check the path, or create the folder first."
        )


def _trail_problems(conn: Connection) -> list[str]:
    """The audit trail as an auditor checks it: protected against change, and every event as it
    was written (the hash chain names the first broken link)."""
    from clerk_desk import audit_chain

    problems = []
    if conn.dialect.name == "sqlite":
        protected = {
            row[0]
            for row in conn.exec_driver_sql(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_event'"
            )
        }
        missing = {"audit_event_no_update", "audit_event_no_delete"} - protected
    else:
        enabled = conn.execute(
            text(
                "SELECT tgname FROM pg_trigger WHERE tgrelid = 'audit_event'::regclass "
                "AND tgenabled <> 'D'"
            )
        ).scalars()
        missing = {"audit_event_append_only"} - set(enabled)
    if missing:
        problems.append(
            "the audit trail is not protected against changes and deletions (its trigger "
            f"{', '.join(sorted(missing))} was removed or disabled)"
        )
    chain = audit_chain.verify(conn)
    if not chain.ok:
        problems.append(str(chain.problem))
    return problems


def ledger_problems(session: Session) -> list[str]:
    """What the ledger check finds (amounts due against their live receipts, open drawers,
    receipt numbers), in the Treasurer's words, each naming its record."""
    from clerk_desk import ledger_check

    return [str(problem) for problem in ledger_check.ledger_problems(session)]


def _special_charge_dues_without_charge(conn: Any) -> int:
    """Amounts due billed as special charges (before the register existed, or by hand) that no
    special charge pays through, not cancelled: they escape the register and the tax roll."""
    found = conn.execute(
        text(
            "SELECT COUNT(*) FROM amount_due AS due WHERE due.kind = 'special_charge' "
            "AND due.status <> 'cancelled' AND NOT EXISTS (SELECT 1 FROM special_charge AS sc "
            "WHERE sc.amount_due_id = due.id)"
        )
    ).scalar_one()
    return int(found)


def _copy_sqlite(source: Path, dest: Path) -> None:
    """Copy a whole SQLite database with SQLite's backup API (one step, under its locks)."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    out = sqlite3.connect(str(dest), timeout=BUSY_TIMEOUT_SECONDS)
    try:
        src.backup(out)
    except sqlite3.OperationalError as error:
        raise _backup_write_error(error, dest) from error
    except sqlite3.DatabaseError as error:
        raise _sqlite_error(error, source) from error
    finally:
        out.close()
        src.close()


def _file_stamp() -> str:
    """Local time for a backup's file name, so the Clerk can find "this morning's" copy."""
    return SystemClock().local_now().strftime("%Y%m%d-%H%M%S")


def _make_self_contained(path: Path) -> None:
    """Leave a backup as one file: out of WAL mode, so no ``-wal``/``-shm`` files go beside it."""
    conn = sqlite3.connect(str(path))
    try:
        conn.execute("PRAGMA journal_mode = DELETE")
    except sqlite3.OperationalError as error:
        raise _backup_write_error(error, path) from error
    finally:
        conn.close()


def _remove_sqlite_file(path: Path) -> None:
    for suffix in ("", "-journal", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def _backup_write_error(error: sqlite3.Error, path: Path) -> ClerkDeskError:
    """SQLite reports a write refused for size (EFBIG, e.g. a FAT32 stick) as a plain I/O error."""
    if "disk i/o error" in str(error).lower():
        return DiskFull(
            f"The backup could not be written to {path.parent}: the disk is full, the file is "
            "larger than that disk accepts, or the disk was removed. Nothing was written; free "
            "some space or choose another disk."
        )
    return _sqlite_error(error, path)


def _verify_sqlite_file(path: Path) -> None:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            result = conn.execute("PRAGMA quick_check").fetchone()
            if not result or result[0] != "ok":
                raise DatabaseUnavailable(f"{path.name} is damaged: {result[0] if result else ''}")
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise DatabaseUnavailable(
            f"{path.name} is not a database file Clerk Desk can read ({error})."
        ) from error


def _sqlite_error(
    error: sqlite3.Error, path: Path | None, busy_timeout: float = BUSY_TIMEOUT_SECONDS
) -> ClerkDeskError:
    message = str(error).lower()
    where = f" ({path})" if path else ""
    if "full" in message:
        return DiskFull(
            f"The disk is full{where}. Nothing was saved; free some space and try again."
        )
    if "locked" in message or "busy" in message:
        return _locked(busy_timeout)
    if "readonly" in message or "read-only" in message:
        return DatabaseUnavailable(
            f"The database{where} is read-only: Clerk Desk can show records but not save. "
            "Ask your IT contact to give this account write access to the file and its folder."
        )
    if "not a database" in message or "malformed" in message or "encrypted" in message:
        return DatabaseUnavailable(
            f"The file{where} is not a Clerk Desk database, or it is damaged. "
            "Choose another file, or restore a backup."
        )
    if "unable to open" in message:
        return DatabaseUnavailable(
            f"The database{where} cannot be opened: check that the folder exists and is writable."
        )
    return DatabaseUnavailable(f"The database{where} reported a problem: {error}")


def _seconds(value: float) -> str:
    return f"{value:g} second{'' if value == 1 else 's'}"


def _locked(waited: float) -> DatabaseLocked:
    """The words for a save that waited for another station as long as it may."""
    return DatabaseLocked(
        "Another counter station is saving right now and the database stayed busy for "
        f"{_seconds(waited)}. Nothing was saved; try again in a moment."
    )


_SERVER_BUSY = {
    "55P03": "lock_not_available",  # lock_timeout: another station holds the row
    "40001": "serialization_failure",
    "40P01": "deadlock_detected",
}
_SERVER_SLOW = "57014"  # query_canceled: statement_timeout, or cancelled by the server's keeper
_SERVER_IDLE = "25P03"  # idle_in_transaction_session_timeout ended this station's session
_SERVER_REFUSED = "42501"  # insufficient_privilege


def _server_error(sqlstate: str | None, database: Database) -> ClerkDeskError | None:
    """The clerk's words for PostgreSQL's errors about waiting, timing out and privileges."""
    if sqlstate in _SERVER_BUSY:
        return _locked(database.timeouts.lock)
    if sqlstate == _SERVER_SLOW:
        return DatabaseLocked(
            "The database server did not finish within "
            f"{_seconds(database.timeouts.statement)}: another counter station may be saving, "
            "or the server is very busy. Nothing was saved; try again in a moment."
        )
    if sqlstate == _SERVER_IDLE:
        return DatabaseUnavailable(
            "The database server ended this station's unfinished save after "
            f"{_seconds(database.timeouts.idle_in_transaction)} without a word from it (the "
            "network may have dropped). Nothing was saved; try again."
        )
    if sqlstate == _SERVER_REFUSED:
        return DatabaseUnavailable(
            f"The database server refused this station's account ({database.url.username}) "
            "a change to the records. Nothing was saved. Ask your IT contact to run "
            "clerk-desk grant-station-role for this account, as the database's owner."
        )
    return None


def _os_error(error: OSError, path: Path) -> ClerkDeskError:
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return DiskFull(f"The disk holding {path} is full. Nothing was written; free some space.")
    if error.errno == errno.EFBIG:
        return DiskFull(
            f"{path} would be larger than its disk accepts. Nothing was written; "
            "choose another disk."
        )
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return DatabaseUnavailable(f"Clerk Desk may not write to {path}: {error.strerror}.")
    return DatabaseUnavailable(f"Could not write {path}: {error.strerror or error}.")


def _is_unique_violation(original: BaseException | None) -> bool:
    if isinstance(original, sqlite3.IntegrityError):
        return str(original).startswith("UNIQUE constraint failed")
    return getattr(original, "sqlstate", None) == "23505"  # PostgreSQL unique_violation


@contextlib.contextmanager
def translate_errors(database: Database) -> Iterator[None]:
    """Turn driver errors into the core's typed errors; programming errors pass through."""
    try:
        yield
    except sa_exc.DBAPIError as error:
        original = error.orig
        if isinstance(error, sa_exc.IntegrityError) and _is_unique_violation(original):
            # The service looked for a duplicate first; another station saved the same
            # number or name between that look and this save.
            raise Conflict(
                "Another counter station saved the same record a moment ago, and it may exist "
                "only once. Nothing was saved; look it up and try again."
            ) from error
        if isinstance(original, sqlite3.IntegrityError):
            # A broken constraint or the audit trail's trigger is a bug, not the machine: it
            # passes through as on PostgreSQL, and nothing was saved.
            raise
        if isinstance(original, sqlite3.Error):
            raise _sqlite_error(original, database.path, database.timeouts.lock) from error
        told = _server_error(getattr(original, "sqlstate", None), database)
        if told is not None:
            raise told from error
        if isinstance(error, sa_exc.OperationalError | sa_exc.InterfaceError):
            raise DatabaseUnavailable(
                f"The database server {database.describe()} cannot be reached or refused the "
                f"connection: {str(original).strip().splitlines()[0] if original else error}"
            ) from error
        raise
    except OSError as error:
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            raise DiskFull("The disk is full. Nothing was saved; free some space.") from error
        raise


def postgresql_driver(*, frozen: bool) -> str:
    """The PostgreSQL driver's version, loaded as SQLAlchemy loads it (by the URL's name, which a
    freezer cannot see), without connecting anywhere. A frozen copy without it is refused; an
    installation from source may leave it out (``pip install '.[postgresql]'``)."""
    try:
        import psycopg
    except ImportError as error:
        if frozen:
            raise RuntimeError(
                f"the PostgreSQL driver psycopg is missing from this copy ({error})"
            ) from error
        return "skipped: psycopg is not installed (pip install '.[postgresql]')"
    engine = create_engine("postgresql+psycopg://self-test@127.0.0.1:1/none")
    try:
        if engine.dialect.driver != "psycopg":
            raise RuntimeError("SQLAlchemy did not load the psycopg dialect")
    finally:
        engine.dispose()
    return f"psycopg {psycopg.__version__} ({psycopg.pq.__impl__} libpq {psycopg.pq.version()})"
