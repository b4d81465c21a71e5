"""Sequential numbers (receipts, permits) taken inside the transaction that saves the record.

Because the number is taken and the record written in one transaction, two counter stations can
never get the same number, and a save that fails gives its number back: no gaps. On SQLite the
write transaction starts with ``BEGIN IMMEDIATE``; on PostgreSQL the sequence row is locked.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite

from clerk_desk.desk import Action
from clerk_desk.models import NumberSequence


def take_number(action: Action, series: str, *, year: int) -> int:
    """The next number of ``series`` in ``year`` (1, 2, 3, …), reserved for this action."""
    session = action.session
    dialect = session.get_bind().dialect.name
    values = {"name": series, "year": year, "next_value": 1}
    if dialect == "postgresql":
        session.execute(postgresql.insert(NumberSequence).values(values).on_conflict_do_nothing())
    elif dialect == "sqlite":
        session.execute(sqlite.insert(NumberSequence).values(values).on_conflict_do_nothing())
    elif session.get(NumberSequence, (series, year)) is None:
        session.add(NumberSequence(**values))
        session.flush()
    row = session.scalars(
        select(NumberSequence)
        .where(NumberSequence.name == series, NumberSequence.year == year)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).one()
    number = row.next_value
    row.next_value = number + 1
    session.flush()
    return number
