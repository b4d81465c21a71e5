"""PostgreSQL's planner weighs the trigram index against reading in order from better statistics
(issue 20).

With the default statistics target (100), PostgreSQL guessed from a sample of 100 search texts
how many receipts hold a word: "125" in 40 of 400,000, when 4,566 do (and 1,063 more are of
$125.00). It then read all 5,615 receipts through the trigram index and sorted them, 2,587 pages
of the table at random: 20 to 30 ms from memory, 320 ms from disk, where reading newest first
finds the 200 shown within 17,000 receipts. At 1,000 its guess is 4,275 and it reads in order;
"so-2025-0" (1,098) it still reads through the index, which there is right. SQLite plans from
the FTS5 index itself (clerk_desk.text_search): nothing changes there.

ANALYZE gathers the new statistics now rather than when autovacuum next counts enough changes
(5 s at 400,000 receipts, once).

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-07 20:40:00

"""

from collections.abc import Sequence

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
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
    "enforcement_case",
)

TARGET = 1000
"""Search texts PostgreSQL keeps in its histogram of each table (its default is 100)."""


def upgrade() -> None:
    _set_target(TARGET)


def downgrade() -> None:
    _set_target(-1)  # back to the server's default_statistics_target


def _set_target(target: int) -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"ALTER TABLE {table} ALTER COLUMN search_text SET STATISTICS {target}")
        op.execute(f"ANALYZE {table}")
