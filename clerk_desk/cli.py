"""The ``clerk-desk`` command line: the core, headless.

``clerk-desk`` with no command starts the window (see :mod:`ui.main`, which owns the console
script so that this module never imports Qt); every command here works without a screen.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from clerk_desk.errors import ClerkDeskError
from clerk_desk.paths import DATABASE_ENV, data_dir

if TYPE_CHECKING:
    from clerk_desk.desk import SignedIn

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
    parser.add_argument("--database", metavar="PATH_OR_URL", help=database_help)
    # The same option after the command too ("clerk-desk backup X --database Y"); SUPPRESS keeps
    # a value given before the command when none is given after it.
    after = argparse.ArgumentParser(add_help=False)
    after.add_argument(
        "--database", metavar="PATH_OR_URL", default=argparse.SUPPRESS, help=database_help
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, help: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, help=help, parents=[after])

    demo = command("demo", "create a database filled with demo data")
    demo.add_argument(
        "--scale", type=int, default=1, metavar="N", help="years of a busy city hall (default 1)"
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


def _run(args: argparse.Namespace, out: TextIO) -> int:
    from clerk_desk import opening
    from clerk_desk.database import Database, database_url, describe
    from clerk_desk.desk import Desk

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
        from clerk_desk import demo

        target = demo_target(args.database)
        if args.open and not args.replace and demo.has_records(target):
            print(
                f"Opening the demo database already at {describe(database_url(target))}", file=out
            )
            return 0
        summary = demo.create(target, scale=args.scale, replace=args.replace, seed=args.seed)
        print(f"Demo database ready: {describe(database_url(target))}", file=out)
        for line in summary.lines():
            print(f"  {line}", file=out)
        return 0
    database = Database(args.database)
    try:
        if args.command in ("check", "backup") and not database.exists():
            # SQLite would create an empty file and "back it up": a mistyped path must say so.
            print(f"clerk-desk: there is no database at {database.path}.", file=sys.stderr)
            return 1
        if args.command == "check":
            report = database.check()
            print("\n".join(report.lines()), file=out)
            return 0 if report.ok else 1
        if args.command == "backup":
            path = opening.back_up(Desk(database), _command_line_operator(), args.path)
            print(f"Backed up {database.describe()} to {path}", file=out)
            return 0
        if args.command == "restore":
            if not args.yes and not _confirm(
                f"Replace everything in {database.describe()} with {args.path}? "
                "(a copy of the current contents is kept) [y/N] "
            ):
                print("Nothing was changed.", file=out)
                return 1
            restored = opening.restore_backup(Desk(database), _command_line_operator(), args.path)
            print(f"Restored {args.path} into {database.describe()}", file=out)
            for line in restored.lines():
                print(line, file=out)
            if restored.safety:
                print(f"The previous contents were kept in {restored.safety}", file=out)
            print("Every counter station must sign in again.", file=out)
            return 0
    finally:
        database.dispose()
    raise AssertionError(f"unhandled command {args.command!r}")


def _command_line_operator() -> SignedIn:
    """Whoever runs the command line has the machine's keys; the audit trail names them."""
    from clerk_desk.desk import SYSTEM, SignedIn
    from clerk_desk.models import Role

    user = getpass.getuser()
    return SignedIn(SYSTEM.id, f"command line ({user})"[:60], user, Role.ADMINISTRATOR)


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
