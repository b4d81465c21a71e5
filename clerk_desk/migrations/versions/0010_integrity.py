"""Integrity on a shared database: the audit trail's hash chain and its head, the database's
generation (a restore changes it), failed sign-ins per user name, one open drawer per station.

Events already in the trail are chained here, in the order they were written, so that the
chain covers the whole history from the first event on.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 21:40:00

"""

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from clerk_desk import audit_chain
from clerk_desk.models import UtcDateTime

# revision identifiers, used by Alembic.
revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PROTECTED = {
    "sqlite": (
        "DROP TRIGGER IF EXISTS audit_event_no_update",
        "CREATE TRIGGER audit_event_no_update BEFORE UPDATE ON audit_event "
        "BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END",
    ),
    "postgresql": (
        "ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only",
        "ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only",
    ),
}


def upgrade() -> None:
    op.create_table(
        "audit_chain",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("last_id", sa.Integer(), nullable=False),
        sa.Column("last_hash", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_chain")),
    )
    op.create_table(
        "database_generation",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("generation", sa.String(length=36), nullable=False),
        sa.Column("changed_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_database_generation")),
    )
    op.create_table(
        "sign_in_throttle",
        sa.Column("username", sa.String(length=60), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("first_failed_at", sa.DateTime(), nullable=False),
        sa.Column("last_failed_at", sa.DateTime(), nullable=False),
        sa.Column("blocked_until", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("username", name=op.f("pk_sign_in_throttle")),
    )
    op.create_index(
        "uq_drawer_open_station",
        "drawer",
        ["station"],
        unique=True,
        sqlite_where=sa.text("status = 'open'"),
        postgresql_where=sa.text("status = 'open'"),
    )
    op.add_column(
        "audit_event",
        sa.Column("chain_hash", sa.String(length=64), server_default="", nullable=False),
    )
    _chain_existing_events()
    now = datetime.now(UTC).replace(tzinfo=None)
    op.execute(
        sa.text(
            "INSERT INTO database_generation (id, generation, changed_at) VALUES (1, :g, :at)"
        ).bindparams(g=str(uuid.uuid4()), at=now)
    )


def _chain_existing_events() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    events = sa.table(
        "audit_event",
        sa.column("id", sa.Integer()),
        sa.column("at", UtcDateTime()),
        sa.column("operator_id", sa.Integer()),
        sa.column("operator_name", sa.String()),
        sa.column("action", sa.String()),
        sa.column("record_type", sa.String()),
        sa.column("record_id", sa.String()),
        sa.column("summary", sa.Text()),
        sa.column("before", sa.JSON()),
        sa.column("after", sa.JSON()),
        sa.column("chain_hash", sa.String()),
    )
    previous, last_id, hashes = audit_chain.GENESIS, 0, []
    for row in bind.execute(sa.select(events).order_by(events.c.id)):
        body = audit_chain.event_content(row)
        previous, last_id = audit_chain.link(previous, body), row.id
        hashes.append({"event_id": row.id, "hash": previous})
    if hashes:
        unprotect, protect = _PROTECTED.get(dialect, ("", ""))
        if unprotect:
            op.execute(unprotect)
        update = (
            events.update()
            .where(events.c.id == sa.bindparam("event_id"))
            .values(chain_hash=sa.bindparam("hash"))
        )
        for start in range(0, len(hashes), 5000):
            bind.execute(update, hashes[start : start + 5000])
        if protect:
            op.execute(protect)
    op.execute(
        sa.text(
            "INSERT INTO audit_chain (id, last_id, last_hash) VALUES (1, :last_id, :last_hash)"
        ).bindparams(last_id=last_id, last_hash=previous)
    )


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite 3.35 and newer): batch mode would rebuild the table and lose
    # the triggers that keep it append-only.
    op.execute("ALTER TABLE audit_event DROP COLUMN chain_hash")
    op.drop_index("uq_drawer_open_station", table_name="drawer")
    op.drop_table("sign_in_throttle")
    op.drop_table("database_generation")
    op.drop_table("audit_chain")
