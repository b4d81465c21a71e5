"""Opening a database for work: migrate it (after a backup) and put the City's defaults in."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import func, select
from sqlalchemy.orm import configure_mappers

from clerk_desk import desk_acts, fees
from clerk_desk.clock import Clock, SystemClock
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.desk_acts import DeskAct
from clerk_desk.models import FeeItem

if TYPE_CHECKING:
    from clerk_desk import restoring


@dataclass(frozen=True, slots=True)
class Opened:
    desk: Desk
    backup: Path | None  # the copy taken before a migration, if one ran


def configure_models() -> None:
    """Configure every mapped class now (SQLAlchemy does it at the first query otherwise): a
    program that loads the core ahead of time does this with it."""
    configure_mappers()


def open_desk(path_or_url: str | None = None, *, clock: Clock | None = None) -> Opened:
    """Open (creating if need be) the database and return the desk working on it."""
    database, backup = open_database(path_or_url)
    return desk_on(database, backup, clock=clock)


def open_database(path_or_url: str | None = None) -> tuple[Database, Path | None]:
    """Open (creating if need be) and migrate the database, with the backup taken first if a
    migration ran: a sign-in can be checked on it (its first read needs no configured mapper),
    while :func:`configure_models` and :func:`desk_on` finish the opening."""
    database = Database(path_or_url)
    return database, database.migrate()


def desk_on(database: Database, backup: Path | None, *, clock: Clock | None = None) -> Opened:
    """The desk working on a database :func:`open_database` opened (the fee schedule put in on
    a first start)."""
    desk = Desk(database, clock=clock or SystemClock())
    seed_defaults(desk)
    return Opened(desk, backup)


def seed_defaults(desk: Desk) -> None:
    """Load the shipped fee schedule into a database that has none (first start)."""
    with desk.action(SYSTEM) as action:
        if action.session.scalar(select(func.count()).select_from(FeeItem)):
            return
        fees.import_schedule(action, fees.default_schedule())


def back_up(desk: Desk, operator: SignedIn, target: str | os.PathLike[str]) -> Path:
    """Copy the database into ``target`` for ``operator``, and say so in the audit trail.

    The event records the backup's label, file hash and the head of its trail, so that a
    restore knows this backup again and refuses it if its trail was rewritten since.
    """
    # Imported here, not with this module: a program opening its database at start-up
    # needs the backups' records only when the clerk backs up or restores.
    from clerk_desk import restoring

    with desk.lookup(operator) as action:
        desk_acts.allow(action, DeskAct.BACK_UP)
    path = desk.database.backup(target)
    record = restoring.backup_record(path)
    with desk.action(operator) as action:
        action.audit(
            "database.backup",
            ("database", "*"),
            f"Database backed up to {path}; its audit trail ends at event {record['head_id']}",
            after=record,
        )
    return path


def restore_backup(
    desk: Desk, operator: SignedIn, source: str | os.PathLike[str]
) -> restoring.Restored:
    """Replace the database with the backup ``source`` (see :meth:`Database.restore`).

    The restored audit trail then records who restored what (the operator may not exist in the
    backup, so the event carries their name without an operator number), the numbers issued
    before that the backup lacks, and the copy kept of the contents replaced.
    """
    from clerk_desk import backup_checks

    # The file first: a refused file must not even create or migrate the City's database.
    backup_checks.check_file(Path(source).expanduser().resolve())
    desk.database.migrate()
    with desk.lookup(operator) as action:
        desk_acts.allow(action, DeskAct.RESTORE)
    return desk.database.restore(source, by=operator.username)
