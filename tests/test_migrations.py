"""Schema changes only through Alembic: an empty database is built by the migrations, the
migrations agree with the models, and a database that is behind is backed up before it moves."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, MetaData, String, inspect, select

from clerk_desk import migrations, operators, text_search
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.errors import DatabaseUnavailable
from clerk_desk.models import Base, Operator
from clerk_desk.paths import backups_dir

TABLES = {
    "document",
    "enforcement_case",
    "special_charge",
    "special_charge_line",
    "tax_roll_run",
    "tax_roll_entry",
    "street_privilege",
    "master_plan_segment",
    "sidewalk_permit",
    "sidewalk_repair_order",
    "sidewalk_cafe",
    "sidewalk_cafe_neighbor",
    "sidewalk_cafe_comment",
    "sidewalk_cafe_suspension",
    "street_opening",
    "street_opening_site",
    "street_opening_renewal",
    "street_improvement",
    "vending_application",
    "vending_slot",
    "vending_participant",
    "vending_doubt_notice",
    "vending_appeal",
    "council_meeting",
    "petition",
    "petition_signer",
    "petition_scan",
    "petition_event",
    "street",
    "address",
    "address_change",
    "numbering_case",
    "operator",
    "audit_chain",
    "database_generation",
    "sign_in_throttle",
    "audit_event",
    "party",
    "parcel",
    "fee_item",
    "amount_due",
    "setting",
    "number_sequence",
    "drawer",
    "receipt",
    "receipt_line",
    "tender",
    "insurance_certificate",
    "bond",
    "revocation",
    "alembic_version",
}


def _differences(db: Database, metadata: MetaData) -> list[object]:
    with db.engine.connect() as conn:
        context = MigrationContext.configure(
            conn,
            opts={
                "compare_type": True,
                "target_metadata": metadata,
                "include_object": text_search.include_object,
            },
        )
        return list(compare_metadata(context, metadata))


def test_an_empty_database_is_built_by_the_migrations(database_url: str) -> None:
    db = Database(database_url)
    try:
        assert db.current_revision() is None
        assert db.migrate() is None  # nothing to back up in an empty database
        assert db.current_revision() == migrations.head_revision()
        with db.engine.connect() as conn:
            names = set(inspect(conn).get_table_names())
        assert {n for n in names if not text_search.is_index_object(n)} == TABLES
        if db.is_sqlite:  # the trigram index's tables: checked in tests/test_text_search.py
            assert "receipt_search" in names
        assert db.check().ok
        assert db.migrate() is None  # at head: nothing happens
    finally:
        db.dispose()


def test_models_and_migrations_agree(database: Database) -> None:
    """What ``alembic check`` does: autogenerate finds nothing to write."""
    assert _differences(database, Base.metadata) == []


def test_a_column_added_to_a_model_without_a_migration_is_noticed(database: Database) -> None:
    changed = MetaData(naming_convention=Base.metadata.naming_convention)
    for table in Base.metadata.sorted_tables:
        table.to_metadata(changed)
    changed.tables["party"].append_column(Column("fax", String(40), nullable=True))
    diffs = _differences(database, changed)
    assert [(d[0], d[2], d[3].name) for d in diffs if isinstance(d, tuple)] == [
        ("add_column", "party", "fax")
    ]


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _sqlite_with_admin(path: Path) -> Database:
    db = Database(str(path))
    db.migrate(backup=False)
    operators.create_first_administrator(
        db,
        FixedClock(date(2026, 11, 30)),
        username="admin",
        full_name="Alex Administrator",
        password="counter-password",
    )
    db.dispose()
    return db


def test_a_database_from_a_newer_version_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "city.sqlite3"
    _sqlite_with_admin(path)
    raw = sqlite3.connect(path)
    raw.execute("UPDATE alembic_version SET version_num = '0099_future'")
    raw.commit()
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    before = _file_digest(path)
    db = Database(str(path))
    try:
        with pytest.raises(DatabaseUnavailable, match="newer version of Clerk Desk"):
            db.migrate()
        report = db.check()
        assert not report.ok
        assert "the schema is from a newer version of Clerk Desk" in report.problems
    finally:
        db.dispose()
    assert _file_digest(path) == before
    assert list(backups_dir().glob("*")) == []


def test_a_database_with_foreign_tables_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "accounts.sqlite3"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT)")
    raw.execute("INSERT INTO customer (name) VALUES ('Kinnickinnic Coffee Co.')")
    raw.commit()
    raw.close()
    db = Database(str(path))
    try:
        with pytest.raises(DatabaseUnavailable, match="tables that Clerk Desk did not create"):
            db.migrate()
        assert db.current_revision() is None
    finally:
        db.dispose()
    raw = sqlite3.connect(path)
    try:
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert tables == {"customer"}
    finally:
        raw.close()


def test_a_database_downgraded_to_base_is_built_again(tmp_path: Path) -> None:
    """Alembic leaves an empty ``alembic_version`` table at base: that is still ours."""
    from alembic import command

    db = Database(str(tmp_path / "city.sqlite3"))
    try:
        db.migrate(backup=False)
        with db.engine.begin() as conn:
            command.downgrade(migrations.config(conn), "base")
        assert db.current_revision() is None
        db.migrate()
        assert db.current_revision() == migrations.head_revision()
    finally:
        db.dispose()


# -- a database that is behind: this program ships a second revision ----------------------------

NEXT_REVISION = '''
"""A later release adds a table of counter stations."""
import sqlalchemy as sa
from alembic import op

revision = "9001"
down_revision = "{head}"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table("station", sa.Column("id", sa.Integer(), primary_key=True),
                    sa.Column("name", sa.String(40), nullable=False))
    op.execute("INSERT INTO station (name) VALUES ('Front counter')")
    {failure}


def downgrade():
    op.drop_table("station")
'''


def _newer_program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, failing: bool) -> None:
    scripts = tmp_path / "newer-migrations"
    shutil.copytree(migrations.HERE, scripts, ignore=shutil.ignore_patterns("__pycache__"))
    failure = "raise RuntimeError('migration 9001 broke')" if failing else "pass"
    (scripts / "versions" / "9001_station.py").write_text(
        NEXT_REVISION.format(failure=failure, head=migrations.head_revision())
    )
    monkeypatch.setattr(migrations, "HERE", scripts)
    migrations._script.cache_clear()


@pytest.fixture
def restore_script_cache() -> Iterator[None]:
    yield
    migrations._script.cache_clear()


def _operators_in(path: Path) -> list[str]:
    raw = sqlite3.connect(path)
    try:
        return [r[0] for r in raw.execute("SELECT username FROM operator")]
    finally:
        raw.close()


def _revision_in(path: Path) -> str:
    raw = sqlite3.connect(path)
    try:
        return str(raw.execute("SELECT version_num FROM alembic_version").fetchone()[0])
    finally:
        raw.close()


def test_a_database_that_is_behind_is_backed_up_then_migrated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restore_script_cache: None
) -> None:
    path = tmp_path / "city.sqlite3"
    _sqlite_with_admin(path)
    shipped = migrations.head_revision()
    _newer_program(tmp_path, monkeypatch, failing=False)
    assert migrations.head_revision() == "9001"
    db = Database(str(path))
    try:
        backup = db.migrate()
        assert db.current_revision() == "9001"
        with db.reading() as session:
            assert session.scalars(select(Operator.username)).all() == ["admin"]
    finally:
        db.dispose()
    assert backup is not None and backup.parent == backups_dir()
    assert "before-9001" in backup.name
    assert _revision_in(backup) == shipped
    assert _operators_in(backup) == ["admin"]


def test_a_failed_migration_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restore_script_cache: None
) -> None:
    path = tmp_path / "city.sqlite3"
    _sqlite_with_admin(path)
    shipped = migrations.head_revision()
    _newer_program(tmp_path, monkeypatch, failing=True)
    db = Database(str(path))
    try:
        with pytest.raises(RuntimeError, match="migration 9001 broke"):
            db.migrate()
        assert db.current_revision() == shipped
        with db.engine.connect() as conn:
            assert "station" not in inspect(conn).get_table_names()
    finally:
        db.dispose()
    assert _operators_in(path) == ["admin"]
    (backup,) = backups_dir().glob("*.sqlite3")
    assert _operators_in(backup) == ["admin"]


def test_the_head_written_in_the_package_is_the_scripts_head() -> None:
    """Start-up trusts ``migrations.HEAD``; a new migration must move it too."""
    assert migrations.scripts_head() == migrations.HEAD


def test_the_first_start_after_an_upgrade_backs_up_then_migrates(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    restore_script_cache: None,
    _private_data_dir: Path,
) -> None:
    """What installing a new version over the old one leads to: the new program's first start
    opens the database as the window's launcher does (``open_desk``), which copies it into the
    backups folder of the user's data folder before it migrates it."""
    from clerk_desk.opening import open_desk

    path = tmp_path / "city.sqlite3"
    _sqlite_with_admin(path)
    shipped = migrations.head_revision()
    _newer_program(tmp_path, monkeypatch, failing=False)
    opened = open_desk(str(path))
    try:
        assert opened.desk.database.current_revision() == "9001"
        with opened.desk.database.reading() as session:
            assert session.scalars(select(Operator.username)).all() == ["admin"]
    finally:
        opened.desk.database.dispose()
    assert opened.backup is not None
    assert opened.backup.parent == backups_dir() == _private_data_dir / "backups"
    assert _revision_in(opened.backup) == shipped
    assert _operators_in(opened.backup) == ["admin"]
