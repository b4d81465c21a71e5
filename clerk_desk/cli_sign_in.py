"""Who runs a command line command: an operator signs in, as at the window.

A person types the user name and password at the terminal (the password unseen, through
:func:`getpass.getpass`). A scheduled task names the user with ``--user`` or ``$CLERK_DESK_USER``
and gives the password in ``$CLERK_DESK_PASSWORD`` or in a file only its account can read
(``--password-file``). The sign-in is the window's own (:func:`clerk_desk.operators.sign_in`):
the same refusals, the same limit on wrong passwords, the same audit trail.
"""

from __future__ import annotations

import getpass
import os
import stat
import sys
from pathlib import Path

from clerk_desk import operators
from clerk_desk.cli import PASSWORD_ENV, USER_ENV
from clerk_desk.clock import Clock
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, SignedIn
from clerk_desk.errors import ClerkDeskError, DatabaseUnavailable, PermissionDenied, SignInFailed
from clerk_desk.kinds import Role
from clerk_desk.models import Operator
from clerk_desk.permissions import Permission, allows, refusal


class NoCredentials(ClerkDeskError):
    """Nobody at a terminal, and no user name or password given for a scheduled task."""


def at_a_terminal() -> bool:
    """True when a person can answer a question (tests say otherwise)."""
    return sys.stdin.isatty()


def user_name(given: str | None) -> str:
    name = given or os.environ.get(USER_ENV, "")
    if name:
        return name
    if not at_a_terminal():
        raise NoCredentials(
            f"Sign in to run this command: give --user NAME (or set {USER_ENV}) and the password."
        )
    return input("User name: ")


def password(password_file: Path | None) -> str:
    if password_file is not None:
        return read_password_file(password_file)
    from_env = os.environ.get(PASSWORD_ENV)
    if from_env:
        return from_env
    if not at_a_terminal():
        raise NoCredentials(
            "Sign in to run this command: no one is at a terminal to type the password; give "
            f"--password-file PATH (a file only this account can read) or set {PASSWORD_ENV}."
        )
    return getpass.getpass("Password: ")


def read_password_file(path: Path) -> str:
    """The password on the file's first line; refused when other accounts may read the file."""
    try:
        if os.name == "posix":
            # On Windows the mode bits do not say who may read a file (its access list does,
            # which Python cannot check simply): the check is skipped there.
            mode = path.stat().st_mode
            if mode & (stat.S_IRWXG | stat.S_IRWXO):
                raise NoCredentials(
                    f"The password file {path} can be read by other accounts "
                    f"(mode {stat.filemode(mode)}); make it private with: chmod 600 {path}"
                )
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise NoCredentials(f"Cannot read the password file {path}: {error.strerror}.") from error
    return text.splitlines()[0] if text else ""


def sign_in(
    database: Database,
    clock: Clock,
    permission: Permission,
    *,
    user: str | None,
    password_file: Path | None,
) -> SignedIn:
    """Sign an operator in on ``database`` and make sure they may do ``permission``."""
    _require_current_schema(database)
    name = user_name(user)
    operator = operators.sign_in(database, clock, name, password(password_file))
    _require(operator.role, permission)
    return operator


def sign_in_from_backup(
    backup: Path, permission: Permission, *, user: str | None, password_file: Path | None
) -> SignedIn:
    """Restoring into a database nobody has signed up in yet (a new computer after a loss): the
    operator is an Administrator of the backup. The backup is only read, never written."""
    name = user_name(user)
    secret = password(password_file)
    source = Database(f"sqlite+pysqlite:///file:{backup.expanduser().resolve()}?mode=ro&uri=true")
    from sqlalchemy import select

    try:
        with source.reading() as session:
            row = session.scalar(select(Operator).where(Operator.username == name.strip().lower()))
    finally:
        source.dispose()
    if row is None or not operators.verify_password(secret, row.password_hash) or not row.active:
        raise SignInFailed("The user name or password is not right (for the backup's operators).")
    _require(Role(row.role), permission)
    # Not an operator number of the database restored into: the audit event names them.
    return SignedIn(SYSTEM.id, row.username, row.full_name, Role(row.role))


def _require(role: Role, permission: Permission) -> None:
    if not allows(role, permission):
        raise PermissionDenied(refusal(role, permission))


def _require_current_schema(database: Database) -> None:
    from clerk_desk import migrations

    current = database.current_revision()
    if current == migrations.head_revision():
        return
    if current in migrations.known_revisions():
        raise DatabaseUnavailable(
            f"{database.describe()} is at an older schema ({current}): start Clerk Desk on it "
            "once (it brings the schema up to date after a backup), then run this again."
        )
    raise DatabaseUnavailable(
        f"{database.describe()} is not a Clerk Desk database of this version: nobody can "
        "sign in to it here."
    )


def has_operators(database: Database) -> bool:
    """True when someone has signed up in the database (it holds the City's records)."""
    if not database.exists() or database.current_revision() is None:
        return False
    return not operators.needs_first_administrator(database)
