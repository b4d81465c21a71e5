"""Another counter station holding the database in the middle of a save, for the tests of lock
waits: on SQLite a plain ``sqlite3`` connection in ``BEGIN IMMEDIATE``; on PostgreSQL a plain
connection holding row locks (``SELECT ... FOR UPDATE``) on the rows a save needs."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator

from sqlalchemy import create_engine, text

from clerk_desk.database import Database

ROWS_A_SAVE_NEEDS = {
    "number_sequence": "SELECT * FROM number_sequence FOR UPDATE",
    "audit_chain": "SELECT * FROM audit_chain FOR UPDATE",
}


@contextlib.contextmanager
def other_station_saving(database: Database, *, rows: str = "audit_chain") -> Iterator[None]:
    """While the block runs, another station holds what ``database``'s next save needs."""
    if database.is_sqlite:
        assert database.path is not None
        other = sqlite3.connect(database.path, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
        return
    engine = create_engine(database.url)  # no timeouts of Clerk Desk: it waits for nobody
    try:
        with engine.connect() as other, other.begin():
            held = other.execute(text(ROWS_A_SAVE_NEEDS[rows])).all()
            assert held, f"no {rows} row to hold"
            yield
    finally:
        engine.dispose()
