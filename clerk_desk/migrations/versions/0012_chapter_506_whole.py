"""Chapter 506 whole (issue 21): the notice before a loss of utility service (§ 506-7), and why
a cafe was suspended without seven days' written notice (§ 506-10).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07 15:20:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("street_opening") as batch:
        batch.add_column(sa.Column("service_loss_notice_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("service_lost_at", sa.DateTime(), nullable=True))
    with op.batch_alter_table("sidewalk_cafe_suspension") as batch:
        batch.add_column(
            sa.Column("short_notice_reason", sa.Text(), server_default="", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("sidewalk_cafe_suspension") as batch:
        batch.drop_column("short_notice_reason")
    with op.batch_alter_table("street_opening") as batch:
        batch.drop_column("service_lost_at")
        batch.drop_column("service_loss_notice_at")
