"""Sequential numbers (receipts, permits) taken inside the transaction that saves the record.

Because the number is taken and the record written in one transaction, two counter stations can
never get the same number, and a save that fails gives its number back: no gaps. On SQLite the
write transaction starts with ``BEGIN IMMEDIATE``; on PostgreSQL the ``UPDATE`` of the series'
row locks it until the commit, and reads the value the last committed save left there.

That lock makes every save of the series wait for the one before it to commit, so a service
takes its number as late as it can: a receipt takes it as its last write before the audit
trail (:func:`clerk_desk.receipts.service._write`). The locks a save takes, always in this order so
that two saves never each hold one the other waits for: the station's drawer, the amounts due
(in the order of their numbers), the series' number, the audit trail's head.
"""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.dialects import postgresql, sqlite

from clerk_desk.desk import Action
from clerk_desk.models import NumberSequence


def take_number(action: Action, series: str, *, year: int) -> int:
    """The next number of ``series`` in ``year`` (1, 2, 3, …), reserved for this action.

    One statement in the usual case (the series' row is there): the row is locked, counted on
    and read back at once, so the lock is held from the very statement that takes the number."""
    session = action.session
    bump = (
        update(NumberSequence)
        .where(NumberSequence.name == series, NumberSequence.year == year)
        .values(next_value=NumberSequence.next_value + 1)
        .returning(NumberSequence.next_value)
        .execution_options(synchronize_session="fetch")
    )
    taken = session.execute(bump).scalar_one_or_none()
    if taken is None:  # the first number of the series this year
        dialect = sqlite if session.get_bind().dialect.name == "sqlite" else postgresql
        values = {"name": series, "year": year, "next_value": 1}
        # Another station may be creating the same row: whoever is second waits, then counts on.
        session.execute(dialect.insert(NumberSequence).values(values).on_conflict_do_nothing())
        taken = session.execute(bump).scalar_one()
    return int(taken) - 1
