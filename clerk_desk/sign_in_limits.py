"""Failed sign-ins are limited per user name, so that nobody can guess a password at leisure.

Five wrong passwords within fifteen minutes are forgiven as typing; the fifth starts a delay of
one minute during which that user name is refused unchecked, even with the right password. Each
further failure doubles the delay, up to an hour. A success, or the Administrator, lifts it.
Unknown user names are counted the same way, so that a refusal never tells which names exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from clerk_desk.clock import Clock
from clerk_desk.desk import Action
from clerk_desk.errors import NotFound
from clerk_desk.models import SignInThrottle
from clerk_desk.permissions import Permission
from clerk_desk.validation import clip
from clerk_desk.words import clock_time, month_day

FREE_FAILURES = 5
"""Wrong passwords forgiven within :data:`WINDOW`; the last of them starts the delay."""
WINDOW = timedelta(minutes=15)
FIRST_DELAY = timedelta(minutes=1)
MAX_DELAY = timedelta(hours=1)


def throttle_key(username: str) -> str:
    """The user name as the throttle and the audit trail keep it: cleaned and cut to the column
    (a 5 MB "user name" is 60 characters there, never megabytes)."""
    return clip(SignInThrottle.username, username.strip().lower())


def delay_after(failures: int) -> timedelta | None:
    """How long a user name waits after ``failures`` wrong passwords in a row (None: no wait)."""
    if failures < FREE_FAILURES:
        return None
    doublings = min(failures - FREE_FAILURES, 16)  # 2**16 minutes is far past the cap
    return min(FIRST_DELAY * (1 << doublings), MAX_DELAY)


def delayed_until(
    session: Session, key: str, now: datetime, *, lock: bool = False
) -> datetime | None:
    """When ``key`` may try again, if it must still wait at ``now``.

    Read with SQLAlchemy Core on the table, not through the mapped class, so that a sign-in
    can be checked while the program is still configuring its mappers (see
    :func:`clerk_desk.operators.sign_in`)."""
    throttle = SignInThrottle.__table__
    query = select(throttle.c.blocked_until).where(throttle.c.username == key)
    blocked_until: datetime | None = session.scalar(query.with_for_update() if lock else query)
    if blocked_until is None or now >= blocked_until:
        return None
    return blocked_until


def record_failure(session: Session, key: str, now: datetime) -> SignInThrottle:
    """Count one wrong password for ``key`` (under a row lock: stations failing at once each
    count) and set the delay it earns."""
    values = {"username": key, "failures": 0, "first_failed_at": now, "last_failed_at": now}
    dialect = session.get_bind().dialect.name
    # Insert-if-absent first, so that two stations failing for a new name both find the row.
    if dialect == "postgresql":
        session.execute(postgresql.insert(SignInThrottle).values(values).on_conflict_do_nothing())
    else:
        session.execute(sqlite.insert(SignInThrottle).values(values).on_conflict_do_nothing())
    row = session.get(SignInThrottle, key, with_for_update=True, populate_existing=True)
    assert row is not None
    if row.failures < FREE_FAILURES and now - row.first_failed_at > WINDOW:
        row.failures, row.first_failed_at = 0, now  # the earlier slips are forgiven: start over
    row.failures += 1
    row.last_failed_at = now
    delay = delay_after(row.failures)
    row.blocked_until = now + delay if delay else None
    return row


def record_success(session: Session, key: str) -> None:
    session.execute(delete(SignInThrottle).where(SignInThrottle.username == key))


def delay_message(until: datetime, clock: Clock) -> str:
    """The sentence a delayed person reads: when to try again, in City time, to the minute."""
    local = until.astimezone(clock.local_now().tzinfo)
    if local.second or local.microsecond:  # "2:41 p.m." must not be said at 2:40:30
        local = local.replace(second=0, microsecond=0) + timedelta(minutes=1)
    when = clock_time(local, dotted=True)
    if local.date() != clock.local_now().date():
        when += f" on {month_day(local.date())}"
    return (
        f"Too many wrong passwords for this user name: try again at {when}, "
        "or ask the Administrator."
    )


@dataclass(frozen=True, slots=True)
class SignInDelay:
    """A user name that must wait, as the Administrator's list shows it."""

    username: str
    failures: int
    blocked_until: datetime


def sign_in_delays(action: Action) -> list[SignInDelay]:
    """The user names waiting now (the Administrator only)."""
    action.require(Permission.MANAGE_OPERATORS)
    rows = action.session.scalars(
        select(SignInThrottle)
        .where(SignInThrottle.blocked_until > action.now())
        .order_by(SignInThrottle.username)
    )
    return [SignInDelay(r.username, r.failures, r.blocked_until) for r in rows if r.blocked_until]


def lift_sign_in_delay(action: Action, username: str) -> None:
    """The Administrator lets ``username`` try again now; the count starts over."""
    action.require(Permission.MANAGE_OPERATORS)
    key = throttle_key(username)
    row = action.session.get(SignInThrottle, key, with_for_update=True)
    if row is None:
        raise NotFound(f"No wrong passwords are counted for {key!r}.")
    action.audit(
        "operator.sign_in_delay_lifted",
        ("operator", clip_record(key)),
        f"Sign-in delay lifted for {key!r} after {row.failures} wrong passwords",
    )
    action.session.delete(row)


def clip_record(key: str) -> str:
    from clerk_desk.models import AuditEvent

    return clip(AuditEvent.record_id, key) or "?"
