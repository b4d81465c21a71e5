"""The desk: what every service needs, handed to it for one user action.

A user action (a button press at the counter, a command on the command line) opens one
:class:`Action` with :meth:`Desk.action`. The action owns one database session in one transaction,
knows the signed-in operator, the clock and the City's calendar, checks permissions and writes the
audit trail. Services are plain functions taking the action first; they never open sessions or
commit. If anything raises, the whole action is rolled back: no half receipt, no stray audit row.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from decimal import Decimal
from typing import Any

from sqlalchemy import inspect as sa_inspect
from sqlalchemy.orm import Session

from clerk_desk import audit_chain, generation, officials
from clerk_desk.clock import Clock, SystemClock
from clerk_desk.database import Database
from clerk_desk.deadlines import CityCalendar
from clerk_desk.errors import PermissionDenied, SignInFailed
from clerk_desk.kinds import Role
from clerk_desk.models import AuditEvent, Base, Operator
from clerk_desk.money import Money
from clerk_desk.permissions import Permission, allows, refusal


@dataclass(frozen=True, slots=True)
class SignedIn:
    """The operator at the keyboard, as remembered between actions (not a live database row)."""

    id: int
    username: str
    full_name: str
    role: Role
    generation: str | None = field(default=None, compare=False)
    """The database's generation at sign-in (:mod:`clerk_desk.generation`): a restore since
    then asks for a new sign-in. None for the program's own work and for demo data. Not part
    of who the operator is: two sign-ins of one operator are the same operator."""

    def may(self, permission: Permission) -> bool:
        return allows(self.role, permission)


SYSTEM = SignedIn(id=0, username="system", full_name="Clerk Desk", role=Role.ADMINISTRATOR)
"""The program itself, for work no person asked for (first start, migrations, demo data)."""


class Desk:
    """The running core: a database, a clock, and the calendar read from the City's settings."""

    def __init__(self, database: Database, *, clock: Clock | None = None) -> None:
        self.database = database
        self.clock: Clock = clock or SystemClock()
        self._calendar: tuple[object, CityCalendar] | None = None

    def calendar(self) -> CityCalendar:
        """The City's calendar as saved now (for code outside an action)."""
        with self.database.reading() as session:
            return self.calendar_in(session)

    def calendar_in(self, session: Session) -> CityCalendar:
        """The City's calendar as ``session`` sees it.

        Built once and kept while the stored closed days stay the same: one small look-up per
        action tells whether this or another counter station has changed them since.
        """
        from clerk_desk import settings_store

        version = settings_store.calendar_version(session)
        if self._calendar is None or self._calendar[0] != version:
            self._calendar = (version, settings_store.calendar(session))
        return self._calendar[1]

    @contextlib.contextmanager
    def action(self, operator: SignedIn) -> Iterator[Action]:
        """One user action that may write: one transaction, committed only if nothing raises."""
        with self.database.writing() as session:
            # First of all: a restore waits for this action, or this action for the restore.
            now = generation.hold(session, writing=True)
            action = Action(self, session, _current(operator, session, now), now)
            yield action
            # Last of all, so that the lock on the chain's head is the last lock taken and is
            # held only for the moment of writing the events (clerk_desk.audit_chain).
            audit_chain.append(session, action.events)

    @contextlib.contextmanager
    def lookup(self, operator: SignedIn) -> Iterator[Action]:
        """One user action that only reads (a search, a report)."""
        with self.database.reading() as session:
            now = generation.hold(session, writing=False)
            yield Action(self, session, _current(operator, session, now), now)


def _current(operator: SignedIn, session: Session, database_generation: str | None) -> SignedIn:
    """The operator as the database has them now, so that a role taken away or a deactivation
    by the Administrator applies at the other counter station's very next action."""
    if operator.id == SYSTEM.id:
        return operator
    if operator.generation is not None and operator.generation != database_generation:
        raise SignInFailed(
            "A backup was restored on this database since you signed in: the operators and "
            "records may all have changed. Nothing was saved; sign in again."
        )
    row = session.get(Operator, operator.id)
    if row is None or row.username != operator.username:
        # After a restore, the same number may belong to someone else in the restored records.
        raise SignInFailed("The operators have changed (a backup was restored). Sign in again.")
    if not row.active:
        raise SignInFailed("This operator has been deactivated. Ask the Administrator.")
    return SignedIn(row.id, row.username, row.full_name, Role(row.role), operator.generation)


class Action:
    """One user action in progress. Services take it as their first argument."""

    def __init__(
        self, desk: Desk, session: Session, operator: SignedIn, generation: str | None = None
    ) -> None:
        self.desk = desk
        self.session = session
        self.operator = operator
        self.generation = generation
        """The database's generation as this action found it (a sign-in records it)."""
        self.events: list[AuditEvent] = []
        """The audit events of this action, written to the trail when it commits."""
        self._calendar: CityCalendar | None = None

    @property
    def clock(self) -> Clock:
        return self.desk.clock

    def now(self) -> datetime:
        return self.desk.clock.now()

    def today(self) -> date:
        return self.desk.clock.today()

    @property
    def zone(self) -> tzinfo:
        """City Hall's time zone, in which its clock shows every instant."""
        zone = self.desk.clock.local_now().tzinfo
        assert zone is not None  # a Clock's local_now is aware
        return zone

    @property
    def calendar(self) -> CityCalendar:
        """The City's calendar as this action found it: looked up once, not at every due date
        a register or the Today list works out (a look-up each, issue 20)."""
        if self._calendar is None:
            self._calendar = self.desk.calendar_in(self.session)
        return self._calendar

    def calendar_changed(self) -> None:
        """This action saved the closed days: its calendar is read again when next asked."""
        self._calendar = None

    def require(self, permission: Permission) -> None:
        """Refuse the action, naming the roles that may do it, unless the operator may."""
        if not self.operator.may(permission):
            raise PermissionDenied(refusal(self.operator.role, permission))

    def audit(
        self,
        action: str,
        record: Base | tuple[str, object],
        summary: str,
        *,
        before: dict[str, Any] | None = None,
        after: dict[str, Any] | None = None,
    ) -> AuditEvent:
        """Append one event to the audit trail, in this action's transaction.

        The event is numbered, chained and written as the action commits: what it says is
        fixed now, and nothing is in the trail if the action fails. It names the official the
        act's section makes responsible (:mod:`clerk_desk.officials`) beside the operator who
        recorded it."""
        kind = None
        if isinstance(record, Base):
            self.session.flush()
            kind = getattr(record, "kind", None)  # a sidewalk order's, a charge's: its official
            record_type = record.__tablename__
            identity = sa_inspect(record).identity
            record_id = ",".join(str(part) for part in identity) if identity else ""
        else:
            record_type, record_id = record[0], str(record[1])
        if before is not None and after is not None:
            before, after = changed_fields(before, after)
        event = AuditEvent(
            at=self.now(),
            operator_id=self.operator.id or None,
            operator_name=self.operator.username,
            action=action,
            record_type=record_type,
            record_id=record_id,
            summary=summary,
            before=before,
            after=after,
            responsible=str(officials.responsible_for(action, kind) or ""),
        )
        self.events.append(event)
        return event


def snapshot(record: Base, *, exclude: tuple[str, ...] = ()) -> dict[str, Any]:
    """The record's column values as JSON-ready data, for the audit trail's before/after."""
    mapper = sa_inspect(type(record))
    return {
        column.key: jsonable(getattr(record, column.key))
        for column in mapper.column_attrs
        if column.key not in exclude and column.key != "search_text"
    }


def changed_fields(
    before: dict[str, Any], after: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Keep only what changed, so an audit row reads as "old -> new"."""
    keys = [k for k in after if before.get(k) != after.get(k)]
    keys += [k for k in before if k not in after]
    return {k: before.get(k) for k in keys}, {k: after.get(k) for k in keys}


def jsonable(value: Any) -> Any:
    """A value as JSON keeps it: money and decimals as exact strings, dates in ISO form."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Money):
        return str(value.amount)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, date | datetime):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return json.loads(json.dumps(value, default=str))
