"""Operators: who may sign in, with which role. Passwords are kept only as salted scrypt hashes."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Final

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerk_desk import desk_acts, sign_in_limits
from clerk_desk.clock import Clock
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Action, Desk, SignedIn, snapshot
from clerk_desk.desk_acts import DeskAct
from clerk_desk.errors import Conflict, InvalidInput, NotFound, SignInFailed
from clerk_desk.kinds import Role
from clerk_desk.models import AuditEvent, Operator
from clerk_desk.validation import clip, fits

MIN_PASSWORD_LENGTH = 8


@dataclass(frozen=True, slots=True)
class ScryptCost:
    """The work factor of a password hash: memory and time grow with ``n`` and ``r``."""

    n: int
    r: int
    p: int

    @property
    def maxmem(self) -> int:
        """The memory scrypt may take: OpenSSL needs 128·r·(n + p + 2) bytes, and refuses by
        default anything above 32 MiB (2**17 with r = 8 needs 128 MiB)."""
        return 128 * self.r * (self.n + self.p + 2) + 2**20

    def weaker_than(self, other: ScryptCost) -> bool:
        return self.n < other.n or self.r < other.r or self.p < other.p


PASSWORD_COST: Final = ScryptCost(2**17, 8, 1)
"""Today's recommended cost (OWASP: n = 2**17, r = 8, p = 1): 128 MiB and about half a second,
once per sign-in. A hash kept at a lower cost is re-made at this cost at the next sign-in."""
_MOST = ScryptCost(2**20, 32, 16)  # a stored hash asking for more is refused, not computed
_cost = PASSWORD_COST
"""The cost new hashes are made at. Only the test suite lowers it (tests/conftest.py), by
assigning this private name: nothing in the program, no setting and no environment variable
can; tests/test_operators.py proves a fresh program hashes at :data:`PASSWORD_COST`."""
_USERNAME = re.compile(r"^[a-z0-9][a-z0-9._-]{1,59}$")
# Checked when the user name is unknown, so that a refusal costs one scrypt at the cost a real
# check costs, and the time taken does not tell which user names exist. No password verifies
# against it by chance that matters: the user is refused whatever the result.
_DUMMY_HASH = (
    "scrypt$131072$8$1$JeO667pzUbfhV6NKer7flA==$4GrckbSbkF88rxaTgorWLy4cvf0P8BXeZ21HIuHPSMI="
)


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    cost = _cost
    digest = hashlib.scrypt(
        password.encode(),
        salt=salt,
        n=cost.n,
        r=cost.r,
        p=cost.p,
        maxmem=cost.maxmem,
        dklen=32,
    )
    encode = base64.b64encode
    return f"scrypt${cost.n}${cost.r}${cost.p}${encode(salt).decode()}${encode(digest).decode()}"


def stored_cost(stored: str) -> ScryptCost | None:
    """The cost a stored hash was made at, or None for one this program does not read."""
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != "scrypt":
        return None
    try:
        return ScryptCost(int(parts[1]), int(parts[2]), int(parts[3]))
    except ValueError:
        return None


def verify_password(password: str, stored: str) -> bool:
    cost = stored_cost(stored)
    if cost is None or _MOST.weaker_than(cost):
        return False
    _, _, _, _, salt, digest = stored.split("$")
    expected = base64.b64decode(digest)
    actual = hashlib.scrypt(
        password.encode(),
        salt=base64.b64decode(salt),
        n=cost.n,
        r=cost.r,
        p=cost.p,
        maxmem=cost.maxmem,
        dklen=len(expected),
    )
    return hmac.compare_digest(actual, expected)


def needs_new_hash(stored: str) -> bool:
    """True for a hash made at a lower cost than new ones (re-made at the next sign-in)."""
    cost = stored_cost(stored)
    return cost is not None and cost.weaker_than(_cost)


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise InvalidInput(
            f"The password must be at least {MIN_PASSWORD_LENGTH} characters long.",
            field="password",
        )


def _clean_username(username: str) -> str:
    name = username.strip().lower()
    if not _USERNAME.match(name):
        raise InvalidInput(
            "A user name is 2 to 60 letters, digits, dots, dashes or underscores, "
            "starting with a letter or digit.",
            field="username",
        )
    return fits(Operator.username, name, "The user name")


def _clean_full_name(full_name: str) -> str:
    name = " ".join(full_name.split())
    if not name:
        raise InvalidInput("Enter the person's full name.", field="full_name")
    return fits(Operator.full_name, name, "The full name")


def signed_in(operator: Operator) -> SignedIn:
    return SignedIn(operator.id, operator.username, operator.full_name, Role(operator.role))


def count(session: Session) -> int:
    return session.scalar(select(func.count()).select_from(Operator)) or 0


def needs_first_administrator(database: Database) -> bool:
    """True on the very first start, before anyone can sign in."""
    with database.reading() as session:
        return count(session) == 0


def create_first_administrator(
    database: Database, clock: Clock, *, username: str, full_name: str, password: str
) -> SignedIn:
    """Create the Administrator on first start; refused once any operator exists."""
    name, full = _clean_username(username), _clean_full_name(full_name)
    _check_password(password)
    desk = Desk(database, clock=clock)
    with desk.action(SYSTEM) as action:
        if count(action.session) > 0:
            raise Conflict("The Administrator was already created; sign in instead.")
        operator = _add(action, name, full, Role.ADMINISTRATOR, password)
        return replace(signed_in(operator), generation=action.generation)


def _add(action: Action, username: str, full_name: str, role: Role, password: str) -> Operator:
    exists = action.session.scalar(select(Operator.id).where(Operator.username == username))
    if exists is not None:
        raise Conflict(f"The user name {username!r} is taken.")
    operator = Operator(
        username=username,
        full_name=full_name,
        role=role,
        password_hash=hash_password(password),
        active=True,
        created_at=action.now(),
    )
    action.session.add(operator)
    action.audit(
        "operator.create",
        operator,
        f"Operator {username} ({Role(role).label}) created",
        after=snapshot(operator, exclude=("password_hash",)),
    )
    return operator


def sign_in(database: Database, clock: Clock, username: str, password: str) -> SignedIn:
    """Check a user name and password; every attempt is in the audit trail, once.

    Wrong passwords are counted per user name, known or not (:mod:`clerk_desk.sign_in_limits`);
    a name made to wait is refused unchecked. The password is checked outside any write
    transaction: scrypt takes half a second, and a write would hold every station that long.

    Everything up to the password's check reads with SQLAlchemy Core on the tables, not through
    the mapped classes: at start-up the window lets the check's half second (which lets go of
    the interpreter) run beside the configuration of the mappers (:mod:`ui.app`).
    """
    desk = Desk(database, clock=clock)
    name = sign_in_limits.throttle_key(username)
    table = Operator.__table__
    with database.reading() as session:
        waiting = sign_in_limits.delayed_until(session, name, clock.now())
        found = session.execute(
            select(table.c.id, table.c.password_hash).where(table.c.username == name)
        ).first()
    if waiting is not None:
        _refused(desk, name, f"delayed until {waiting.isoformat(timespec='seconds')}")
        raise SignInFailed(sign_in_limits.delay_message(waiting, clock))
    stored = found.password_hash if found is not None else _DUMMY_HASH
    # An unknown user name is checked against a dummy hash: the same scrypt work either way.
    good = verify_password(password, stored) and found is not None
    renewed = hash_password(password) if good and needs_new_hash(stored) else None
    refusal: str | None = None
    who: SignedIn | None = None
    with desk.action(SYSTEM) as action:
        now = action.now()
        row = action.session.get(Operator, found.id) if good and found else None
        waiting = sign_in_limits.delayed_until(action.session, name, now, lock=True)
        if waiting is not None:  # another station's wrong passwords, a moment ago
            refusal = sign_in_limits.delay_message(waiting, clock)
            _audit_refusal(action, name, "delayed meanwhile")
        elif row is None:
            failures = sign_in_limits.record_failure(action.session, name, now)
            refusal = "The user name or password is not right."
            if failures.blocked_until is not None:
                refusal += " " + sign_in_limits.delay_message(failures.blocked_until, clock)
            _audit_refusal(action, name, f"wrong password or user name ({failures.failures})")
        elif not row.active:
            refusal = "This operator has been deactivated. Ask the Administrator."
            _audit_refusal(action, name, "deactivated")
        else:
            sign_in_limits.record_success(action.session, name)
            row.last_sign_in_at = now
            if renewed is not None and row.password_hash == stored:
                row.password_hash = renewed  # at today's cost, now that the password is known
            action.operator = signed_in(row)
            action.audit("operator.sign_in", row, f"{name} signed in")
            # Under this generation of the database: a restore asks for a new sign-in.
            who = replace(signed_in(row), generation=action.generation)
    if who is None:
        raise SignInFailed(refusal or "The user name or password is not right.")
    return who


def _refused(desk: Desk, name: str, why: str) -> None:
    with desk.action(SYSTEM) as action:
        _audit_refusal(action, name, why)


def _audit_refusal(action: Action, name: str, why: str) -> None:
    action.audit(
        "operator.sign_in_refused",
        ("operator", clip(AuditEvent.record_id, name) or "?"),
        f"Sign-in refused for {name!r}: {why}",
    )


def add_operator(
    action: Action, *, username: str, full_name: str, role: Role, password: str
) -> SignedIn:
    desk_acts.allow(action, DeskAct.OPERATORS)
    name, full = _clean_username(username), _clean_full_name(full_name)
    _check_password(password)
    return signed_in(_add(action, name, full, Role(role), password))


@dataclass(frozen=True, slots=True)
class OperatorInfo:
    """An operator as the Administrator's list shows them: plain data, never the password hash."""

    id: int
    username: str
    full_name: str
    role: Role
    active: bool
    created_at: datetime
    last_sign_in_at: datetime | None


def list_operators(action: Action) -> list[OperatorInfo]:
    """Every operator, by user name (the Administrator only)."""
    desk_acts.allow(action, DeskAct.OPERATORS)
    return [
        OperatorInfo(
            o.id,
            o.username,
            o.full_name,
            Role(o.role),
            o.active,
            o.created_at,
            o.last_sign_in_at,
        )
        for o in action.session.scalars(select(Operator).order_by(Operator.username))
    ]


def _get(action: Action, operator_id: int) -> Operator:
    operator = action.session.get(Operator, operator_id)
    if operator is None:
        raise NotFound(f"There is no operator number {operator_id}.")
    return operator


def update_operator(
    action: Action, operator_id: int, *, full_name: str, role: Role, active: bool
) -> None:
    """Change an operator's name, role or whether they may sign in (operators are never deleted)."""
    desk_acts.allow(action, DeskAct.OPERATORS)
    operator = _get(action, operator_id)
    before = snapshot(operator, exclude=("password_hash",))
    if operator.id == action.operator.id and (role != Role.ADMINISTRATOR or not active):
        raise Conflict("You cannot take away your own Administrator role or deactivate yourself.")
    if operator.role == Role.ADMINISTRATOR and (role != Role.ADMINISTRATOR or not active):
        admins = action.session.scalar(
            select(func.count())
            .select_from(Operator)
            .where(Operator.role == Role.ADMINISTRATOR, Operator.active.is_(True))
        )
        if (admins or 0) <= 1:
            raise Conflict("At least one active Administrator must remain.")
    operator.full_name = _clean_full_name(full_name)
    operator.role = Role(role)
    operator.active = active
    action.audit(
        "operator.update",
        operator,
        f"Operator {operator.username} changed",
        before=before,
        after=snapshot(operator, exclude=("password_hash",)),
    )


def set_password(
    action: Action, operator_id: int, new_password: str, *, current_password: str | None = None
) -> None:
    """An operator changes their own password (giving the current one); the Administrator resets."""
    operator = _get(action, operator_id)
    if operator.id == action.operator.id and current_password is not None:
        if not verify_password(current_password, operator.password_hash):
            raise InvalidInput("The current password is not right.", field="current_password")
    else:
        desk_acts.allow(action, DeskAct.OPERATORS)
    _check_password(new_password)
    operator.password_hash = hash_password(new_password)
    action.audit("operator.password", operator, f"Password of {operator.username} changed")
