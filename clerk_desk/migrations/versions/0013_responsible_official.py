"""The official an act's section makes responsible, kept in the audit trail (issue 21):
"issued by the City Administrator" (§ 506-10), whoever recorded it at the counter.

An event written before this version names none (""), and its hash is unchanged: the chain's
content adds the official only when there is one (clerk_desk.audit_chain).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07 17:55:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ADD COLUMN: the trail is append-only (its triggers refuse UPDATE), and a batch
    # recreate would copy it row by row.
    op.add_column(
        "audit_event",
        sa.Column("responsible", sa.String(length=120), server_default="", nullable=False),
    )


def downgrade() -> None:
    op.drop_column("audit_event", "responsible")
