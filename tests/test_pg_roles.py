"""Several stations on one PostgreSQL database, set up as the README says: an owner role that
migrates, and a stations' role that takes receipts but cannot alter, empty or switch off the
audit trail. Real roles and a real database on the test server, made for each test and dropped
after it (their names are unique, so two workers never share one)."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL

from clerk_desk import migrations, operators, pg_roles
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Desk
from clerk_desk.errors import DatabaseUnavailable
from clerk_desk.kinds import TenderKind
from clerk_desk.money import Money
from clerk_desk.opening import seed_defaults
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import LineEntry, TenderEntry

POSTGRES_ENV = "CLERK_DESK_TEST_DATABASE_URL"
INSUFFICIENT_PRIVILEGE = "42501"
APPEND_ONLY_TRIGGER = "P0001"  # raise_exception from the trail's trigger
ADMIN = {"CLERK_DESK_USER": "admin", "CLERK_DESK_PASSWORD": "counter-password"}

pytestmark = pytest.mark.postgresql


@dataclass(frozen=True)
class Server:
    owner: str
    station: str
    owner_url: URL
    station_url: URL


@pytest.fixture
def server() -> Iterator[Server]:
    """Two login roles and a database owned by the first, as ``createuser`` twice and
    ``createdb --owner`` make them."""
    named = os.environ.get(POSTGRES_ENV)
    if not named:
        pytest.skip(f"{POSTGRES_ENV} is not set; .ci/run starts a PostgreSQL server for this")
    admin_url = make_url(named)
    tag = uuid.uuid4().hex[:10]
    owner, station, name = f"cd_owner_{tag}", f"cd_station_{tag}", f"cd_roles_{tag}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE ROLE "{owner}" LOGIN'))
        conn.execute(text(f'CREATE ROLE "{station}" LOGIN'))
        conn.execute(text(f'CREATE DATABASE "{name}" OWNER "{owner}"'))
    try:
        yield Server(
            owner,
            station,
            admin_url.set(username=owner, password=None, database=name),
            admin_url.set(username=station, password=None, database=name),
        )
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            conn.execute(text(f'DROP ROLE IF EXISTS "{station}"'))
            conn.execute(text(f'DROP ROLE IF EXISTS "{owner}"'))
        admin.dispose()


def _cli(data: Path, url: URL, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CLERK_DESK_DATA_DIR": str(data), **ADMIN}  # the owner signs in
    env.pop("CLERK_DESK_DATABASE", None)
    return subprocess.run(
        [sys.executable, "-m", "clerk_desk", "--database", url.render_as_string(False), *args],
        env=env,
        text=True,
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


def _set_up(url: URL) -> None:
    """The owner migrates the new database and starts Clerk Desk once (the first Administrator),
    as the README's set-up does before the stations' role is granted: the fee schedule seeded."""
    owner_db = Database(url)
    try:
        owner_db.migrate(backup=False)
        seed_defaults(Desk(owner_db, clock=FixedClock(datetime(2026, 11, 30, 9, 0))))
        operators.create_first_administrator(
            owner_db,
            FixedClock(datetime(2026, 11, 30, 9, 0)),
            username=ADMIN["CLERK_DESK_USER"],
            full_name="Alex Administrator",
            password=ADMIN["CLERK_DESK_PASSWORD"],
        )
    finally:
        owner_db.dispose()


def _take_receipt(url: URL, station: str = "Front counter") -> str:
    database = Database(url)
    try:
        assert database.migrate() is None  # up to date: the station changes nothing
        desk = Desk(database, clock=FixedClock(datetime(2026, 11, 30, 10, 0)))
        with desk.action(SYSTEM) as action:
            receipts.open_drawer(action, station=station, opening_cash=Money("100.00"))
        with desk.action(SYSTEM) as action:
            return receipts.take_payment(
                action,
                station=station,
                payer_id=None,
                payer_name="Ann Olson",
                lines=[LineEntry("Street opening permit", Money("75.00"), "100-44300-000")],
                tenders=[TenderEntry(TenderKind.CASH, Money("75.00"))],
            ).number
    finally:
        database.dispose()


def _refusal(url: URL, statement: str) -> str | None:
    """The SQLSTATE with which the server refuses ``statement``, or None if it ran."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn, conn.begin():
            conn.execute(text(statement))
            conn.rollback()
    except sa_exc.DBAPIError as error:
        return getattr(error.orig, "sqlstate", None)
    finally:
        engine.dispose()
    return None


TAMPERING = [
    "TRUNCATE audit_event",
    "UPDATE audit_event SET summary = 'nothing happened'",
    "DELETE FROM audit_event",
    "ALTER TABLE audit_event DISABLE TRIGGER ALL",
    "ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only",
    "UPDATE alembic_version SET version_num = '0001'",
    "TRUNCATE receipt CASCADE",
    "DROP TABLE receipt CASCADE",
]


def test_the_stations_role_takes_receipts_but_cannot_touch_the_trail(
    server: Server, tmp_path: Path
) -> None:
    _set_up(server.owner_url)
    granted = _cli(tmp_path, server.owner_url, "grant-station-role", server.station)
    assert granted.returncode == 0, granted.stderr
    assert f"{server.station} may now work at the counter" in granted.stdout

    assert _take_receipt(server.station_url) == "2026-000001"
    for statement in TAMPERING:
        assert _refusal(server.station_url, statement) == INSUFFICIENT_PRIVILEGE, statement
    # The refusals are the role's, not the trigger's: the owner's UPDATE reaches the trigger.
    assert _refusal(server.owner_url, TAMPERING[1]) == APPEND_ONLY_TRIGGER
    assert _refusal(server.owner_url, TAMPERING[4]) is None  # the owner could (rolled back)


def test_granting_a_second_time_changes_nothing_and_takes_back_extras(server: Server) -> None:
    from clerk_desk import pg_roles

    owner_db = Database(server.owner_url)
    owner_db.migrate(backup=False)
    try:
        with owner_db.engine.begin() as conn:
            pg_roles.grant_station_role(conn, server.station)
            conn.execute(text(f'GRANT ALL ON audit_event TO "{server.station}"'))  # by hand
            pg_roles.grant_station_role(conn, server.station)
            held = set(
                conn.scalars(
                    text(
                        "SELECT privilege_type FROM information_schema.role_table_grants "
                        "WHERE table_name = 'audit_event' AND grantee = :role"
                    ),
                    {"role": server.station},
                )
            )
            assert pg_roles.station_roles(conn) == [server.station]
    finally:
        owner_db.dispose()
    assert held == {"SELECT", "INSERT"}


def test_a_station_on_a_database_behind_is_told_to_have_the_owner_migrate(
    server: Server, tmp_path: Path
) -> None:
    owner_engine = create_engine(server.owner_url)
    with owner_engine.begin() as conn:
        migrations.upgrade(conn, "0009")  # the database as the previous version left it
        pg_roles.grant_station_role(conn, server.station)  # and its stations' role granted
    owner_engine.dispose()

    station_db = Database(server.station_url)
    try:
        with pytest.raises(DatabaseUnavailable) as caught:
            station_db.migrate()
        assert station_db.current_revision() == "0009"  # nothing was changed
    finally:
        station_db.dispose()
    message = caught.value.message
    assert "must be brought up to date by the owner" in message
    assert f"({server.station})" in message and "migrate" in message
    assert server.owner_url.host in message and "OWNER" in message

    upgraded = _cli(tmp_path, server.owner_url, "migrate")
    assert upgraded.returncode == 0, upgraded.stderr
    assert f"schema 0009 -> {migrations.head_revision()}" in upgraded.stdout
    owner_db = Database(server.owner_url)
    seed_defaults(Desk(owner_db, clock=FixedClock(datetime(2026, 11, 30, 9, 0))))
    owner_db.dispose()
    # The table 0010 added (the audit chain's head) was granted to the station by the migration.
    assert _take_receipt(server.station_url) == "2026-000001"
    assert _refusal(server.station_url, "TRUNCATE audit_chain") == INSUFFICIENT_PRIVILEGE


def test_a_superuser_or_the_owner_is_not_accepted_as_the_stations_role(
    server: Server, tmp_path: Path
) -> None:
    _set_up(server.owner_url)
    refused = _cli(tmp_path, server.owner_url, "grant-station-role", server.owner)
    assert refused.returncode == 1
    assert "owns the tables" in refused.stderr
    missing = _cli(tmp_path, server.owner_url, "grant-station-role", "cd_nobody_at_all")
    assert missing.returncode == 1 and "There is no role 'cd_nobody_at_all'" in missing.stderr
