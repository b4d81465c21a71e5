"""Chapter 506 whole (issue 21): the notice before a loss of utility service (§ 506-7), why a
cafe was suspended without seven days' written notice (§ 506-10), and § 506-8's tax-roll day.

§ 506-8 has the Treasurer enter an unpaid obstruction charge on the roll "within 60 days after
such costs and expenses are incurred"; the program made day 61 the first day it could. An
obstruction charge not yet certified may now go on the roll the day after its 10 days to pay
(``due_on`` + 1), or, never billed, on the sixtieth day after the work (here not moved off a
closed day: the next bill or edit counts it again with the City's calendar).

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

    _obstruction_roll_days()


def _obstruction_roll_days() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        after_due, sixtieth = "date(due_on, '+1 day')", "date(work_done_on, '+60 days')"
    else:
        after_due, sixtieth = "due_on + 1", "work_done_on + 60"
    op.execute(
        f"UPDATE special_charge SET tax_roll_on = CASE WHEN due_on IS NOT NULL "
        f"THEN {after_due} ELSE {sixtieth} END "
        "WHERE kind = 'obstruction' AND status = 'billed'"
    )


def downgrade() -> None:
    with op.batch_alter_table("sidewalk_cafe_suspension") as batch:
        batch.drop_column("short_notice_reason")
    with op.batch_alter_table("street_opening") as batch:
        batch.drop_column("service_lost_at")
        batch.drop_column("service_loss_notice_at")
