"""Operators: who may sign in, with which role. Passwords are kept only as salted scrypt hashes."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerk_desk.clock import Clock
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Action, SignedIn, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound, SignInFailed
from clerk_desk.models import AuditEvent, Operator, Role
from clerk_desk.permissions import Permission
from clerk_desk.validation import clip, fits

MIN_PASSWORD_LENGTH = 8
# scrypt at n=2**14, r=8 costs about 16 MiB and 40 ms: slow for a guesser, quick at the counter.
_SCRYPT_N, _SCRYPT_R, _SCRYPT_P = 2**14, 8, 1
_USERNAME = re.compile(r"^[a-z0-9][a-z0-9._-]{1,59}$")
# Checked when the user name is unknown, so that a refusal costs one scrypt either way and the
# time taken does not tell which user names exist. No password verifies against it by chance
# that matters: the user is refused whatever the result.
_DUMMY_HASH = (
    "scrypt$16384$8$1$1gK48uFLmvahPaxPXWa6hg==$nqewSMG9e0DfEe09OR3XDNx/a+b1AGY/8JvV8NwEOck="
)


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode(), salt=salt, n=_SCRYPT_N, r=_SCRYPT_R, p=_SCRYPT_P, dklen=32
    )
    encode = base64.b64encode
    return (
        f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}$"
        f"{encode(salt).decode()}${encode(digest).decode()}"
    )


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
    except ValueError:
        return False
    if scheme != "scrypt":
        return False
    expected = base64.b64decode(digest)
    actual = hashlib.scrypt(
        password.encode(),
        salt=base64.b64decode(salt),
        n=int(n),
        r=int(r),
        p=int(p),
        dklen=len(expected),
    )
    return hmac.compare_digest(actual, expected)


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
    from clerk_desk.desk import Desk

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
    """Check a user name and password; every attempt is in the audit trail."""
    from clerk_desk.desk import Desk

    name = username.strip().lower()
    with Desk(database, clock=clock).action(SYSTEM) as action:
        operator = action.session.scalar(select(Operator).where(Operator.username == name))
        # An unknown user name is checked against a dummy hash: the same scrypt work either way.
        good = verify_password(password, operator.password_hash if operator else _DUMMY_HASH)
        good = good and operator is not None
        if operator is None or not good or not operator.active:
            action.audit(
                "operator.sign_in_refused",
                ("operator", clip(AuditEvent.record_id, name) or "?"),
                f"Sign-in refused for {name!r}",
            )
            refused = True
        else:
            operator.last_sign_in_at = action.now()
            action.operator = signed_in(operator)
            action.audit("operator.sign_in", operator, f"{name} signed in")
            refused = False
        generation = action.generation
    if refused or operator is None:
        if operator is not None and good and not operator.active:
            raise SignInFailed("This operator has been deactivated. Ask the Administrator.")
        raise SignInFailed("The user name or password is not right.")
    # Under this generation of the database: a restore asks for a new sign-in.
    return replace(signed_in(operator), generation=generation)


def add_operator(
    action: Action, *, username: str, full_name: str, role: Role, password: str
) -> SignedIn:
    action.require(Permission.MANAGE_OPERATORS)
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
    action.require(Permission.MANAGE_OPERATORS)
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
    action.require(Permission.MANAGE_OPERATORS)
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
        action.require(Permission.MANAGE_OPERATORS)
    _check_password(new_password)
    operator.password_hash = hash_password(new_password)
    action.audit("operator.password", operator, f"Password of {operator.username} changed")
