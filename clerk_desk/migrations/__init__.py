"""Alembic migrations, run from code: at start, by ``clerk-desk check`` and by the tests.

The Alembic environment is built here rather than from an ``alembic.ini`` so that the installed
program (and the frozen one) needs no file outside the package.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from sqlalchemy import Connection, LargeBinary, MetaData, Table, insert, select, text

HERE = Path(__file__).parent
_SHIPPED = HERE
BATCH = 5000
BINARY_BATCH = 8  # rows holding scans (up to 25 MB each): a few at a time


def config(connection: Connection | None = None):  # type: ignore[no-untyped-def]
    """An Alembic ``Config`` for the package's migrations, bound to ``connection`` if given."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


@cache
def _script():  # type: ignore[no-untyped-def]
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(config())


HEAD = "0015"
"""The newest revision, written here so that opening an up-to-date database at start loads no
migration scripts (about 0.1 s); ``tests/test_migrations.py`` checks it against the scripts."""


def scripts_head() -> str:
    """The newest revision as the migration scripts say."""
    head = _script().get_current_head()
    assert head is not None
    return str(head)


def head_revision() -> str:
    # Another scripts folder (a test of a later release) speaks for itself.
    return HEAD if HERE == _SHIPPED else scripts_head()


def known_revisions() -> set[str]:
    return {rev.revision for rev in _script().walk_revisions()}


def upgrade(connection: Connection, revision: str = "head") -> None:
    from alembic import command

    command.upgrade(config(connection), revision)


def _tables() -> MetaData:
    from clerk_desk.models import Base

    return Base.metadata


#: One-row tables that the migrations themselves fill (the audit chain's head, the database's
#: generation): a freshly migrated copy already has its own row, which the copied one replaces.
SEEDED_TABLES = ("audit_chain", "database_generation")


def copy_rows(source: Connection, dest: Connection) -> None:
    """Copy every table's rows between two databases at the same schema, parents first."""
    for table in _tables().sorted_tables:
        if table.name in SEEDED_TABLES:
            dest.execute(table.delete())
        # In key order, so a row that points at an earlier row of its own table (a refund at
        # the receipt it corrects) finds it; in batches, so ten years of receipts fit in memory.
        # The option on the statement: on the connection it would stay for its later queries.
        result = source.execute(
            select(table)
            .order_by(*table.primary_key.columns)
            .execution_options(yield_per=_batch_size(table))
        )
        for batch in result.partitions():
            dest.execute(insert(table), [_plain(dict(row._mapping)) for row in batch])


def _batch_size(table: Table) -> int:
    binary = any(isinstance(column.type, LargeBinary) for column in table.columns)
    return BINARY_BATCH if binary else BATCH


def _plain(row: dict[str, object]) -> dict[str, object]:
    """Binary values as ``bytes`` whichever driver read them (a driver may hand back a
    ``memoryview`` or ``bytearray``, which the other database's driver need not take)."""
    return {
        key: bytes(value) if isinstance(value, memoryview | bytearray) else value
        for key, value in row.items()
    }


def clear_rows(dest: Connection) -> None:
    """Empty every table, children first (restore into a server database)."""
    if dest.dialect.name == "postgresql":
        names = ", ".join(f'"{t.name}"' for t in _tables().sorted_tables)
        # The audit trail refuses DELETE by trigger; a restore replaces it whole, so TRUNCATE.
        dest.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        return
    for table in reversed(_tables().sorted_tables):
        dest.execute(table.delete())


def reset_sequences(dest: Connection) -> None:
    """After copying rows with their ids, move PostgreSQL's id sequences past them.

    Never back: ``setval`` is not undone by a rollback, so a failed restore must leave every
    sequence where a later insert still finds a free id.
    """
    if dest.dialect.name != "postgresql":
        return
    for table in _tables().sorted_tables:
        pk = list(table.primary_key.columns)
        if len(pk) == 1 and pk[0].autoincrement in (True, "auto") and pk[0].type.python_type is int:
            dest.execute(
                text(
                    "SELECT setval(seq, GREATEST(COALESCE((SELECT MAX("
                    f'{pk[0].name}) FROM "{table.name}"), 0) + 1, nextval(seq)), false) '
                    f"FROM pg_get_serial_sequence('{table.name}', '{pk[0].name}') AS seq"
                )
            )
