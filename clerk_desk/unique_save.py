"""A save that a unique index keeps to one, told in the clerk's words when it is not.

A service looks for the duplicate first (one open drawer per station, one annual bond per
principal and year) and refuses it with a message of its own; but another station may save the
same record between that look and this save, and then only the database's index stops it. The
index's error would reach the counter as a generic "saved a moment ago" refusal
(:func:`clerk_desk.database.translate_errors`); here it is the service's own refusal.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from clerk_desk.errors import Conflict


@contextlib.contextmanager
def save_unique(session: Session, refusal: str, *, cite: str | None = None) -> Iterator[None]:
    """Write what is added inside the block at once, in a savepoint; a unique index broken by
    it raises :class:`~clerk_desk.errors.Conflict` ``refusal`` (the action then rolls back)."""
    session.flush()  # what the action added before is not judged with this record
    try:
        with session.begin_nested():
            yield
    except IntegrityError as error:
        raise Conflict(refusal, cite=cite) from error
