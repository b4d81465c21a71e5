"""Databases built once per test session (per pytest-xdist worker) and copied for each test.

Migrating an empty database takes about 0.3 s on SQLite and more on PostgreSQL, seeding the fee
schedule and creating the first Administrator another 0.1 to 0.3 s; a copy takes a millisecond
(a SQLite file) or about a tenth of a second (``CREATE DATABASE ... TEMPLATE`` on PostgreSQL).
So each state a test starts from is made once, by the same code the fixtures ran for every test:

- ``MIGRATED``: what ``Database.migrate()`` leaves in an empty database;
- ``DEFAULTS``: that, then ``seed_defaults`` (the ``desk`` fixture);
- ``ADMINISTRATOR``: that, then ``create_first_administrator`` (the ``admin`` fixture).

The seeded states depend on the test's clock (the audit events' times), so they are kept per
instant the clock stands at. Every copy shares the template's database generation and its
audit trail's head; no test compares them across tests (each test has one database).
"""

from __future__ import annotations

import enum
import shutil
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from pathlib import Path

from sqlalchemy import URL, Engine, create_engine, make_url, text

from clerk_desk import operators
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.opening import seed_defaults


class Level(enum.IntEnum):
    """How far a test's database is made before the test's own fixtures use it."""

    MIGRATED = 0
    DEFAULTS = 1
    ADMINISTRATOR = 2


ADMIN_USERNAME = "admin"
ADMIN_FULL_NAME = "Alex Administrator"
ClockKey = tuple[datetime, tzinfo | None]


def clock_key(clock: object) -> ClockKey | None:
    """What a seeded template depends on in the clock; None for a clock a template cannot
    stand for (only a FixedClock stands still while the template is made)."""
    if type(clock) is not FixedClock:
        return None
    return (clock.now(), clock.tz)


@dataclass
class Template:
    """One built state: where it is, and the Administrator it holds (if it holds one)."""

    source: str  # a SQLite file's path, or a PostgreSQL database's name
    admin: SignedIn | None = None


@dataclass
class Templates:
    """The templates of one backend in this process, built when first asked for."""

    backend: str  # "sqlite" or "postgresql"
    folder: Path  # SQLite: where the template files are kept
    server_url: URL | None = None  # PostgreSQL: the worker's own database, beside the templates
    password: str = ""
    built: dict[tuple[Level, ClockKey | None], Template] = field(default_factory=dict)
    _maintenance: Engine | None = None

    # -- building -------------------------------------------------------------------------------

    def get(self, level: Level, clock: FixedClock | None) -> Template:
        key = (level, clock_key(clock) if level > Level.MIGRATED else None)
        if key not in self.built:
            self.built[key] = self._build(level, clock)
        return self.built[key]

    def _build(self, level: Level, clock: FixedClock | None) -> Template:
        name = f"{level.name.lower()}_{len(self.built)}"
        if level == Level.MIGRATED:
            url = self._empty(name)
        else:
            url = self._url(name)
            self._copy(self.get(Level(level - 1), clock).source, url)
        database = Database(url)
        admin = None
        try:
            if level == Level.MIGRATED:
                database.migrate(backup=False)
            elif level == Level.DEFAULTS:
                seed_defaults(Desk(database, clock=clock))
            else:
                assert clock is not None
                admin = operators.create_first_administrator(
                    database,
                    clock,
                    username=ADMIN_USERNAME,
                    full_name=ADMIN_FULL_NAME,
                    password=self.password,
                )
        finally:
            database.dispose()
        source = url.database
        assert source is not None
        if self.backend == "sqlite":
            _require_single_file(Path(source))
        return Template(source, admin)

    def _url(self, name: str) -> URL:
        """Where the template ``name`` is kept: a file, or a database beside the worker's."""
        if self.backend == "sqlite":
            return URL.create("sqlite+pysqlite", database=str(self.folder / f"{name}.sqlite3"))
        assert self.server_url is not None
        return self.server_url.set(database=f"{self.server_url.database}_{name}")

    def _empty(self, name: str) -> URL:
        """A new, empty database for a template, named ``name``."""
        url = self._url(name)
        if self.backend == "sqlite":
            return url
        self._server(f'DROP DATABASE IF EXISTS "{url.database}" WITH (FORCE)')
        self._server(f'CREATE DATABASE "{url.database}"')
        # As the fixture always made an empty database: the public schema dropped and made anew
        # by the test's own role (so it owns the schema, as on the CI server).
        engine = create_engine(url)
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
        engine.dispose()
        return url

    # -- copying --------------------------------------------------------------------------------

    def _copy(self, source: str, target: URL) -> None:
        if self.backend == "sqlite":
            assert target.database is not None
            path = Path(target.database)
            for suffix in ("-wal", "-shm", "-journal"):
                path.with_name(path.name + suffix).unlink(missing_ok=True)
            shutil.copyfile(source, path)
            return
        assert self.server_url is not None
        # WITH (FORCE): a connection the last test left open (a worker process's pool) is ended.
        self._server(f'DROP DATABASE IF EXISTS "{target.database}" WITH (FORCE)')
        self._server(f'CREATE DATABASE "{target.database}" TEMPLATE "{source}"')

    def copy_into(self, url: str, level: Level, clock: FixedClock | None) -> Template:
        """Make the database at ``url`` a copy of the template of ``level``."""
        template = self.get(level, clock)
        self._copy(template.source, make_url(url))
        return template

    def unchanged(self, url: str, template: Template) -> bool:
        """Whether the database at ``url`` still holds exactly its template (SQLite only: a
        byte comparison; a server database is taken as unchanged)."""
        if self.backend != "sqlite":
            return True
        path = Path(str(make_url(url).database))
        if path.with_name(path.name + "-wal").exists():
            return False
        return path.read_bytes() == Path(template.source).read_bytes()

    def drop_all(self) -> None:
        """Remove the templates (the server's; SQLite's go with the session's temporary files)."""
        if self.backend == "postgresql":
            for template in self.built.values():
                self._server(f'DROP DATABASE IF EXISTS "{template.source}" WITH (FORCE)')
        if self._maintenance is not None:
            self._maintenance.dispose()
        self.built.clear()

    def _server(self, statement: str) -> None:
        """Run one statement outside a transaction (CREATE and DROP DATABASE need that), on
        the server's maintenance database: a database cannot be dropped from inside itself."""
        if self._maintenance is None:
            assert self.server_url is not None
            self._maintenance = create_engine(
                self.server_url.set(database="postgres"), isolation_level="AUTOCOMMIT"
            )
        with self._maintenance.connect() as conn:
            conn.execute(text(statement))


def _require_single_file(path: Path) -> None:
    """A template is copied as one file: every connection to it is closed, its log checkpointed."""
    leftover = [p for p in (path.with_name(path.name + "-wal"),) if p.exists()]
    if leftover:
        raise AssertionError(f"the template {path} still has {leftover[0].name} beside it")
