"""The database's generation: which contents it holds. A restore gives it a new one.

A station remembers the generation it signed in under (``SignedIn.generation``); once a backup has
been restored, the operators, their numbers and their roles may all be different, so every
station is asked to sign in again.

Every writing action reads the generation row ``FOR SHARE`` first (on PostgreSQL; SQLite's
``BEGIN IMMEDIATE`` already serialises writers) and a restore takes it ``FOR UPDATE``: a restore
waits for the actions already saving, and the actions that start meanwhile wait for the restore,
then see the new generation. No save falls between the restore's copy of the old contents and
its replacing them.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.orm import Session

from clerk_desk.models import DatabaseGeneration

ROW_ID = 1


def hold(session: Session, *, writing: bool) -> str | None:
    """The generation now; a writing action holds it (``FOR SHARE``) until it commits."""
    query = select(DatabaseGeneration.generation).where(DatabaseGeneration.id == ROW_ID)
    if writing:
        query = query.with_for_update(read=True)
    return session.scalar(query)


def lock(connection: Connection) -> str | None:
    """Take the generation ``FOR UPDATE``: no action can start writing until the commit."""
    return connection.scalar(
        select(DatabaseGeneration.generation)
        .where(DatabaseGeneration.id == ROW_ID)
        .with_for_update()
    )


def renew(connection: Connection, now: datetime) -> str:
    """Give the database a new generation (the row a restored backup brought is replaced)."""
    fresh = str(uuid.uuid4())
    done = connection.execute(
        update(DatabaseGeneration)
        .where(DatabaseGeneration.id == ROW_ID)
        .values(generation=fresh, changed_at=now)
    )
    if done.rowcount == 0:
        connection.execute(
            insert(DatabaseGeneration).values(id=ROW_ID, generation=fresh, changed_at=now)
        )
    return fresh
