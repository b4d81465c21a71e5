"""Opening a database for work: migrate it (after a backup) and put the City's defaults in."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select

from clerk_desk import fees
from clerk_desk.clock import Clock, SystemClock
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Desk
from clerk_desk.models import FeeItem


@dataclass(frozen=True, slots=True)
class Opened:
    desk: Desk
    backup: Path | None  # the copy taken before a migration, if one ran


def open_desk(path_or_url: str | None = None, *, clock: Clock | None = None) -> Opened:
    """Open (creating if need be) the database and return the desk working on it."""
    database = Database(path_or_url)
    backup = database.migrate()
    desk = Desk(database, clock=clock or SystemClock())
    seed_defaults(desk)
    return Opened(desk, backup)


def seed_defaults(desk: Desk) -> None:
    """Load the shipped fee schedule into a database that has none (first start)."""
    with desk.action(SYSTEM) as action:
        if action.session.scalar(select(func.count()).select_from(FeeItem)):
            return
        fees.import_schedule(action, fees.default_schedule())
