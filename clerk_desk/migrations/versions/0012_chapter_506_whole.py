"""Chapter 506 whole (issue 21): the notice before a loss of utility service (§ 506-7), why a
cafe was suspended without seven days' written notice (§ 506-10), § 506-8's tax-roll day, and
a petitioned project's estimated cost and how it would be done (§ 506-19).

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
    # Plain ADD COLUMN, never batch mode: SQLite's batch recreates the table, which drops the
    # triggers that keep its search index (migration 0011) up to date.
    op.add_column("street_opening", sa.Column("service_loss_notice_at", sa.DateTime()))
    op.add_column("street_opening", sa.Column("service_lost_at", sa.DateTime()))
    op.add_column(
        "sidewalk_cafe_suspension",
        sa.Column("short_notice_reason", sa.Text(), server_default="", nullable=False),
    )
    op.add_column("petition", sa.Column("estimated_cost", sa.BigInteger()))
    op.add_column(
        "petition", sa.Column("by_contract", sa.Boolean(), server_default=sa.true(), nullable=False)
    )
    for column in ("materials_donated", "volunteer_labour"):
        op.add_column(
            "petition", sa.Column(column, sa.Boolean(), server_default=sa.false(), nullable=False)
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
    # DROP COLUMN in place (SQLite 3.35 and later), for the same reason as above.
    for table, column in (
        ("petition", "volunteer_labour"),
        ("petition", "materials_donated"),
        ("petition", "by_contract"),
        ("petition", "estimated_cost"),
        ("sidewalk_cafe_suspension", "short_notice_reason"),
        ("street_opening", "service_lost_at"),
        ("street_opening", "service_loss_notice_at"),
    ):
        op.drop_column(table, column)
