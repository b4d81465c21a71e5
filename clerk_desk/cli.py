"""The ``clerk-desk`` command line: the core, headless.

``clerk-desk`` with no command starts the window (see :mod:`ui.main`, which owns the console
script so that this module never imports Qt); every command here works without a screen.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from clerk_desk.errors import ClerkDeskError
from clerk_desk.paths import DATABASE_ENV, data_dir

# The operator of a scheduled task (clerk_desk.cli_sign_in); the window's benchmark reads them too.
USER_ENV = "CLERK_DESK_USER"
PASSWORD_ENV = "CLERK_DESK_PASSWORD"

if TYPE_CHECKING:
    from clerk_desk.database import Database
    from clerk_desk.desk import Desk, SignedIn
    from clerk_desk.permissions import Permission

# Parsing stays light (no SQLAlchemy): the window parses the same arguments before its login
# dialog shows, so the database modules are imported only when a command runs.

DEMO_DATABASE = "demo.sqlite3"
SELF_TEST = "self-test"
"""The command that checks a copy of the program (ui.self_test); ui.main runs it."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clerk-desk",
        description="Clerk Desk, the City Hall counter application. With no command, the "
        "window starts.",
    )
    database_help = (
        f"a SQLite file or a SQLAlchemy URL (default: ${DATABASE_ENV}, else the file in the "
        "user's data folder)"
    )
    user_help = f"the operator who signs in (default: ${USER_ENV}, else asked)"
    password_help = (
        f"read the password from this file, which only this account may read (chmod 600); "
        f"else ${PASSWORD_ENV}, else asked at the terminal"
    )
    parser.add_argument("--database", metavar="PATH_OR_URL", help=database_help)
    parser.add_argument("--user", metavar="NAME", help=user_help)
    parser.add_argument("--password-file", metavar="PATH", type=Path, help=password_help)
    # The same options after the command too ("clerk-desk backup X --database Y"); SUPPRESS
    # keeps a value given before the command when none is given after it.
    after = argparse.ArgumentParser(add_help=False)
    after.add_argument(
        "--database", metavar="PATH_OR_URL", default=argparse.SUPPRESS, help=database_help
    )
    after.add_argument("--user", metavar="NAME", default=argparse.SUPPRESS, help=user_help)
    after.add_argument(
        "--password-file",
        metavar="PATH",
        type=Path,
        default=argparse.SUPPRESS,
        help=password_help,
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, help: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, help=help, parents=[after])

    demo = command("demo", "create a database filled with demo data")
    demo.add_argument(
        "--scale",
        type=int,
        default=1,
        metavar="N",
        help="years of a busy city hall, in a city grown to match (default 1)",
    )
    demo.add_argument(
        "--replace",
        action="store_true",
        help="rebuild a demo database that already holds records (only a demo database)",
    )
    demo.add_argument("--open", action="store_true", help="then start the window on it")
    demo.add_argument("--seed", type=int, default=506, help=argparse.SUPPRESS)

    backup = command("backup", "copy the database into a backup file")
    backup.add_argument("path", type=Path)

    restore = command("restore", "replace the database with a backup")
    restore.add_argument("path", type=Path)
    restore.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    command("check", "check integrity and migration state")
    command(
        "migrate",
        "bring the database up to this version (backed up first); on PostgreSQL, as the owner",
    )
    grant = command(
        "grant-station-role",
        "PostgreSQL: give the stations' role what counter work needs and no more (as the owner)",
    )
    grant.add_argument("role", help="the role the stations connect as")
    command("version", "print the version")
    self_test = command(
        SELF_TEST,
        "check that this copy of Clerk Desk has all it needs: database, receipt, PDF, Excel, "
        "window (in a temporary folder, never on the City's database)",
    )
    self_test.add_argument(
        "--keep", action="store_true", help="keep the temporary folder and the files written"
    )
    return parser


def demo_target(database: str | None) -> str:
    """The demo never fills the City's own database by accident: it has a file of its own."""
    return database or str(data_dir() / DEMO_DATABASE)


def run(args: argparse.Namespace, *, out: TextIO | None = None) -> int:
    """Run one command; return the exit status. Errors meant for a person print plainly."""
    try:
        return _run(args, out or sys.stdout)
    except ClerkDeskError as error:
        print(f"clerk-desk: {error}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, EOFError):  # the question asked at the terminal was not answered
        print("clerk-desk: cancelled; nothing was changed.", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "version":
        from clerk_desk import __version__

        print(f"Clerk Desk {__version__}", file=out)
        return 0
    if args.command == SELF_TEST:
        # It opens the window and writes documents, which the core does not import: the
        # ``clerk-desk`` program (ui.main) runs it.
        print("clerk-desk: run the self-test with the clerk-desk program.", file=sys.stderr)
        return 2
    if args.command == "demo":
        return _demo(args, out)
    from clerk_desk.database import Database

    database = Database(args.database)
    try:
        return _on_database(args, database, out)
    finally:
        database.dispose()


def _signed_in(args: argparse.Namespace, database: Database, permission: Permission) -> SignedIn:
    """The operator the command runs as, asked at the terminal or read from the task's file."""
    from clerk_desk import cli_sign_in
    from clerk_desk.clock import SystemClock

    return cli_sign_in.sign_in(
        database, SystemClock(), permission, user=args.user, password_file=args.password_file
    )


def _demo(args: argparse.Namespace, out: TextIO) -> int:
    """Build the demo database (its own file unless one is named), or open the one there."""
    from clerk_desk import cli_sign_in, demo
    from clerk_desk.database import Database, database_url, describe
    from clerk_desk.permissions import Permission

    target = demo_target(args.database)
    if args.open and not args.replace and demo.has_records(target):
        print(f"Opening the demo database already at {describe(database_url(target))}", file=out)
        return 0
    if args.replace:
        existing = Database(target)
        try:
            if cli_sign_in.has_operators(existing):  # its records are about to go
                _signed_in(args, existing, Permission.BACKUP_RESTORE)
        finally:
            existing.dispose()
    summary = demo.create(target, scale=args.scale, replace=args.replace, seed=args.seed)
    print(f"Demo database ready: {describe(database_url(target))}", file=out)
    for line in summary.lines():
        print(f"  {line}", file=out)
    return 0


def _on_database(args: argparse.Namespace, database: Database, out: TextIO) -> int:
    """The commands that work on the City's database: check, migrate, grant, back up, restore."""
    from clerk_desk import opening
    from clerk_desk.clock import SystemClock
    from clerk_desk.desk import Desk
    from clerk_desk.permissions import Permission

    if args.command in ("check", "backup", "migrate") and not database.exists():
        # SQLite would create an empty file and "back it up": a mistyped path must say so.
        print(f"clerk-desk: there is no database at {database.path}.", file=sys.stderr)
        return 1
    if args.command == "check":
        _signed_in(args, database, Permission.CHECK_DATABASE)
        report = database.check()
        print("\n".join(report.lines()), file=out)
        return 0 if report.ok else 1
    if args.command == "migrate":
        # As at the window's start, which migrates before anyone signs in: the schema is
        # changed only by this program's own migrations, and on PostgreSQL only the owner
        # role's credentials may run them (clerk_desk.pg_roles).
        return _migrate(database, out)
    if args.command == "grant-station-role":
        _signed_in(args, database, Permission.MANAGE_OPERATORS)
        return _grant_station_role(database, args.role, out)
    desk = Desk(database, clock=SystemClock())
    if args.command == "backup":
        path = opening.back_up(
            desk, _signed_in(args, database, Permission.BACKUP_RESTORE), args.path
        )
        print(f"Backed up {database.describe()} to {path}", file=out)
        return 0
    if args.command == "restore":
        return _restore(args, desk, out)
    raise AssertionError(f"unhandled command {args.command!r}")


def _restore(args: argparse.Namespace, desk: Desk, out: TextIO) -> int:
    """Replace the database's contents with a backup, once an Administrator has said so."""
    from clerk_desk import cli_sign_in, opening
    from clerk_desk.permissions import Permission

    database = desk.database
    if cli_sign_in.has_operators(database):
        operator = _signed_in(args, database, Permission.BACKUP_RESTORE)
    else:  # nobody to sign in as here yet: an Administrator of the backup restores it
        operator = cli_sign_in.sign_in_from_backup(
            args.path,
            Permission.BACKUP_RESTORE,
            user=args.user,
            password_file=args.password_file,
        )
    if not args.yes and not _confirm(
        f"Replace everything in {database.describe()} with {args.path}? "
        "(a copy of the current contents is kept) [y/N] "
    ):
        print("Nothing was changed.", file=out)
        return 1
    restored = opening.restore_backup(desk, operator, args.path)
    print(f"Restored {args.path} into {database.describe()}", file=out)
    for line in restored.lines():
        print(line, file=out)
    if restored.safety:
        print(f"The previous contents were kept in {restored.safety}", file=out)
    print("Every counter station must sign in again.", file=out)
    return 0


def _migrate(database: Database, out: TextIO) -> int:
    """Bring the schema up to date (the IT contact's upgrade of a shared database)."""
    before = database.current_revision()
    taken = database.migrate()
    after = database.current_revision()
    if before == after:
        print(f"{database.describe()} is up to date (schema {after}).", file=out)
    else:
        print(f"{database.describe()}: schema {before or 'none'} -> {after}.", file=out)
    if taken:
        print(f"The previous contents were kept in {taken}", file=out)
    return 0


def _grant_station_role(database: Database, role: str, out: TextIO) -> int:
    """Grant the stations' PostgreSQL role its counter work, run by the owner after set-up."""
    from clerk_desk import pg_roles
    from clerk_desk.database import translate_errors

    if not database.is_postgresql:
        print("clerk-desk: roles are for a PostgreSQL database.", file=sys.stderr)
        return 2
    with translate_errors(database), database.engine.begin() as conn:
        tables = pg_roles.grant_station_role(conn, role)
    print(
        f"{role} may now work at the counter on {len(tables)} tables of "
        f"{database.describe()}; the audit trail only to read and add to.",
        file=out,
    )
    return 0


def _confirm(question: str) -> bool:
    if not sys.stdin.isatty():
        print("Refusing to restore without --yes when no one can answer.", file=sys.stderr)
        return False
    return input(question).strip().lower() in {"y", "yes"}


def main(argv: Sequence[str] | None = None) -> int:
    """Headless entry point (``python -m clerk_desk``): every command but the window."""
    args = build_parser().parse_args(argv)
    if args.command is None:
        build_parser().print_help()
        return 2
    return run(args)
