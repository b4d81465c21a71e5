"""A trigram index under every search as you type (issue 20).

On SQLite, an FTS5 table ``<table>_search`` with the trigram tokenizer over each searchable
table's ``search_text``, its content read from the table itself (nothing stored twice) and kept
by three triggers; on PostgreSQL, a GIN index with ``pg_trgm``'s operator class on the same
column, which answers ``LIKE '%word%'`` itself. ``clerk_desk.text_search`` writes the queries.

``pg_trgm`` ships with PostgreSQL and is a trusted extension: the database's owner may create it.
Where the account cannot, the indexes are left out with a warning and search reads every row,
as before: slower, never wrong.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-07 13:00:00

"""

import logging
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from clerk_desk.text_search import fold

# revision identifiers, used by Alembic.
revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out, not imported: a migration stays what it was when it shipped.
TABLES = (
    "party",
    "parcel",
    "receipt",
    "address",
    "bond",
    "insurance_certificate",
    "petition",
    "vending_application",
    "street_opening",
    "street_privilege",
    "sidewalk_permit",
    "sidewalk_repair_order",
    "sidewalk_cafe",
    "special_charge",
)

log = logging.getLogger(__name__)


def upgrade() -> None:
    _fold_special_charges()
    # The receipts register reads newest first; a word too short or too common for the trigram
    # index is matched by LIKE while reading in that order. With the search text in the index,
    # that read is of the index alone (about a fifth of the table at 400,000 receipts).
    op.create_index("ix_receipt_issued_at_search", "receipt", ["issued_at", "id", "search_text"])
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for table in TABLES:
            for statement in _fts5(table):
                op.execute(statement)
    elif dialect == "postgresql":
        _trigram_indexes()


def _fold_special_charges() -> None:
    """A special charge's search text was only lower-cased, so "zoe" did not find "Zoë" (every
    other record's is folded: lower case, no accents); fold it as a search folds what is typed."""
    bind = op.get_bind()
    charges = sa.table("special_charge", sa.column("id"), sa.column("search_text"))
    rows = bind.execute(sa.select(charges.c.id, charges.c.search_text)).all()
    changed = [{"key": id_, "text": fold(text)} for id_, text in rows if fold(text) != text]
    if changed:
        update = (
            charges.update()
            .where(charges.c.id == sa.bindparam("key"))
            .values(search_text=sa.bindparam("text"))
        )
        bind.execute(update, changed)


def _fts5(table: str) -> list[str]:
    index = f"{table}_search"
    remove = (
        f"INSERT INTO {index} ({index}, rowid, search_text) "
        "VALUES ('delete', old.id, old.search_text);"
    )
    add = f"INSERT INTO {index} (rowid, search_text) VALUES (new.id, new.search_text);"
    return [
        f"CREATE VIRTUAL TABLE {index} USING fts5(search_text, content='{table}', "
        "content_rowid='id', tokenize='trigram')",
        f"CREATE TRIGGER {index}_insert AFTER INSERT ON {table} BEGIN {add} END",
        f"CREATE TRIGGER {index}_delete AFTER DELETE ON {table} BEGIN {remove} END",
        f"CREATE TRIGGER {index}_update AFTER UPDATE OF search_text ON {table} "
        f"BEGIN {remove} {add} END",
        f"INSERT INTO {index} ({index}) VALUES ('rebuild')",  # the rows already there
    ]


def _trigram_indexes() -> None:
    bind = op.get_bind()
    try:
        with bind.begin_nested():
            bind.execute(sa.text("CREATE EXTENSION IF NOT EXISTS pg_trgm"))
    except sa.exc.DBAPIError as error:
        log.warning(
            "pg_trgm could not be created (%s): search reads every row. A superuser can run "
            "CREATE EXTENSION pg_trgm in this database, then 'clerk-desk check'.",
            error.orig,
        )
        return
    for table in TABLES:
        op.execute(
            f"CREATE INDEX ix_{table}_search_trgm ON {table} USING gin (search_text gin_trgm_ops)"
        )


def downgrade() -> None:
    op.drop_index("ix_receipt_issued_at_search", table_name="receipt")
    dialect = op.get_bind().dialect.name
    for table in TABLES:
        if dialect == "sqlite":
            for trigger in ("insert", "delete", "update"):
                op.execute(f"DROP TRIGGER IF EXISTS {table}_search_{trigger}")
            op.execute(f"DROP TABLE IF EXISTS {table}_search")
        elif dialect == "postgresql":
            op.execute(f"DROP INDEX IF EXISTS ix_{table}_search_trgm")
