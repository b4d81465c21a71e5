"""Enforcement cases of Chapter 506 (issue 21): §§ 506-8, 506-11, 506-12, 506-20, 506-21 and
506-23, from the complaint to the special charge the tax-roll run certifies.

Plain CREATE TABLE and CREATE INDEX, never batch mode: SQLite's batch recreates tables, which
drops the triggers that keep the search index of migration 0011 up to date. The cases' search
text gets the same trigram index as every other register (0011's, written out again here: a
migration stays what it was when it shipped).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07 17:40:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLE = "enforcement_case"
INDEXED = ("kind", "status", "parcel_id", "party_id", "due_at", "due_on", "charge_id")


def _text(name: str) -> sa.Column[str]:
    return sa.Column(name, sa.Text(), nullable=False)


def _string(name: str, length: int) -> sa.Column[str]:
    return sa.Column(name, sa.String(length=length), nullable=False)


def upgrade() -> None:
    op.create_table(
        TABLE,
        sa.Column("id", sa.Integer(), nullable=False),
        _string("number", 20),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        _string("kind", 20),
        _string("status", 12),
        _string("place", 10),
        _string("obstruction_kind", 20),
        sa.Column("measures", sa.JSON(), nullable=False),
        sa.Column("parcel_id", sa.Integer(), nullable=True),
        sa.Column("party_id", sa.Integer(), nullable=True),
        _string("party_as", 20),
        _string("location", 200),
        _text("description"),
        _text("complaint"),
        sa.Column("reported_at", sa.DateTime(), nullable=False),
        _string("official", 40),
        _string("official_name", 120),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("started_on", sa.Date(), nullable=True),
        sa.Column("notice_at", sa.DateTime(), nullable=True),
        _string("notice_to", 200),
        _string("notice_how", 40),
        sa.Column("due_at", sa.DateTime(), nullable=True),
        sa.Column("due_on", sa.Date(), nullable=True),
        sa.Column("letter_on", sa.Date(), nullable=True),
        sa.Column("chief_on", sa.Date(), nullable=True),
        _string("chief_name", 120),
        sa.Column("public_works_on", sa.Date(), nullable=True),
        _string("public_works_name", 120),
        sa.Column("rescinded_on", sa.Date(), nullable=True),
        _string("rescinded_by", 120),
        sa.Column("resolved_on", sa.Date(), nullable=True),
        _text("resolution"),
        sa.Column("city_work_on", sa.Date(), nullable=True),
        sa.Column("charge_id", sa.Integer(), nullable=True),
        _text("notes"),
        _text("search_text"),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        _string("created_by_name", 120),
        sa.ForeignKeyConstraint(
            ["parcel_id"], ["parcel.id"], name=op.f("fk_enforcement_case_parcel_id_parcel")
        ),
        sa.ForeignKeyConstraint(
            ["party_id"], ["party.id"], name=op.f("fk_enforcement_case_party_id_party")
        ),
        sa.ForeignKeyConstraint(
            ["charge_id"],
            ["special_charge.id"],
            name=op.f("fk_enforcement_case_charge_id_special_charge"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_enforcement_case")),
        sa.UniqueConstraint("number", name=op.f("uq_enforcement_case_number")),
        sa.UniqueConstraint("year", "sequence", name=op.f("uq_enforcement_case_year_sequence")),
    )
    for column in INDEXED:
        op.create_index(op.f(f"ix_{TABLE}_{column}"), TABLE, [column], unique=False)
    _search_index()


def _search_index() -> None:
    """An FTS5 trigram table kept by triggers on SQLite; a pg_trgm GIN index on PostgreSQL,
    where migration 0011 could create the extension (else search reads every row, as there)."""
    bind = op.get_bind()
    index = f"{TABLE}_search"
    if bind.dialect.name == "sqlite":
        remove = (
            f"INSERT INTO {index} ({index}, rowid, search_text) "
            "VALUES ('delete', old.id, old.search_text);"
        )
        add = f"INSERT INTO {index} (rowid, search_text) VALUES (new.id, new.search_text);"
        op.execute(
            f"CREATE VIRTUAL TABLE {index} USING fts5(search_text, content='{TABLE}', "
            "content_rowid='id', tokenize='trigram')"
        )
        op.execute(f"CREATE TRIGGER {index}_insert AFTER INSERT ON {TABLE} BEGIN {add} END")
        op.execute(f"CREATE TRIGGER {index}_delete AFTER DELETE ON {TABLE} BEGIN {remove} END")
        op.execute(
            f"CREATE TRIGGER {index}_update AFTER UPDATE OF search_text ON {TABLE} "
            f"BEGIN {remove} {add} END"
        )
    elif bind.dialect.name == "postgresql":
        found = bind.execute(sa.text("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'"))
        if found.first() is not None:
            op.execute(
                f"CREATE INDEX ix_{TABLE}_search_trgm ON {TABLE} "
                "USING gin (search_text gin_trgm_ops)"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for trigger in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS {TABLE}_search_{trigger}")
        op.execute(f"DROP TABLE IF EXISTS {TABLE}_search")
    else:
        op.execute(f"DROP INDEX IF EXISTS ix_{TABLE}_search_trgm")
    for column in INDEXED:
        op.drop_index(op.f(f"ix_{TABLE}_{column}"), table_name=TABLE)
    op.drop_table(TABLE)
