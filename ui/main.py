"""``clerk-desk``: the window, or any command of the headless command line.

    clerk-desk [--database PATH_OR_URL]        the window (login first)
    clerk-desk demo --open                     build the demo database, then the window on it
    clerk-desk COMMAND ...                     backup, restore, check, version, demo: headless
    clerk-desk self-test                       check this copy of the program (ui.self_test)

The arguments are those of :func:`clerk_desk.cli.build_parser`. Any command but ``demo --open``
runs through :func:`clerk_desk.cli.run` without loading Qt's widgets. With no command the window
starts on ``--database``, else ``$CLERK_DESK_DATABASE``, else ``clerk-desk.sqlite3`` in the
user's data folder.

Start-up is kept fast on purpose: the login dialog is shown with Qt alone, and the database
(SQLAlchemy, Alembic, the migration and its automatic backup) is opened right after the dialog is
painted; ReportLab and openpyxl load only when a document is first written. Parsing the
arguments with :func:`clerk_desk.cli.build_parser` loads no SQLAlchemy.

Benchmark hook (used by ``benchmarks/startup.py``), from the environment:

``CLERK_DESK_BENCHMARK=login``
    print ``READY <seconds since the epoch>`` on its own line once the login dialog has been
    painted, then quit (the database is not opened).
``CLERK_DESK_BENCHMARK=main``
    open the database, sign in as ``$CLERK_DESK_USER`` with ``$CLERK_DESK_PASSWORD`` (for
    the demo database: ``clerk`` / ``prescott-demo``), and print ``READY <epoch seconds>`` once
    the main window is shown with its first tab (Today) filled, then quit. A refused sign-in
    prints the reason on stderr and exits with status 1.
``CLERK_DESK_BENCHMARK=enter``
    the same, but sign in only once the Today list was warmed, as when a clerk types the
    password meanwhile, printing ``ENTER <epoch seconds>`` at that moment.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clerk_desk.clock import Clock


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: parse, then run a headless command or start the window."""
    import multiprocessing

    # In the frozen program, a child process (clerk_desk.child_process) starts this same
    # executable: this runs its work and exits before any window is made.
    multiprocessing.freeze_support()
    from clerk_desk import cli

    args = cli.build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    database = args.database
    if args.command == "demo" and args.open:
        status = cli.run(args)
        if status != 0:
            return status
        database = cli.demo_target(args.database)
    elif args.command == cli.SELF_TEST:
        from ui import self_test

        return self_test.main(keep=args.keep)
    elif args.command is not None:
        return cli.run(args)
    return run_window(database)


def run_window(database: str | None, *, clock: Clock | None = None) -> int:
    """Start the window on ``database`` and run until the clerk quits; the exit status."""
    from PySide6.QtWidgets import QApplication

    from ui.app import BENCHMARK_ENV, PASSWORD_ENV, USER_ENV, Launcher

    existing = QApplication.instance()
    application = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    application.setOrganizationName("ClerkDesk")
    application.setApplicationName("Clerk Desk")
    application.setQuitOnLastWindowClosed(False)  # the launcher says when (sign-out hides all)

    benchmark = os.environ.get(BENCHMARK_ENV, "")
    credentials = None
    if benchmark in ("main", "enter"):
        credentials = (os.environ.get(USER_ENV, ""), os.environ.get(PASSWORD_ENV, ""))
    keep_a_log()
    launcher = Launcher(database, clock=clock, benchmark=benchmark, credentials=credentials)
    launcher.quit_requested.connect(application.exit)
    launcher.start()
    return application.exec()


LOG_FILE = "clerk-desk.log"


def keep_a_log() -> None:
    """Write warnings and errors to ``logs/clerk-desk.log`` in the user's data folder, and send
    any exception that escapes a Qt slot there and to the person, instead of only to a console
    the clerk never sees."""
    import logging
    from logging.handlers import RotatingFileHandler

    from clerk_desk.paths import data_dir

    folder = data_dir() / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(
        folder / LOG_FILE, maxBytes=1_000_000, backupCount=5, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)

    def report(kind: type[BaseException], error: BaseException, trace: object) -> None:
        from ui.kit.operations import show_error

        if not isinstance(error, KeyboardInterrupt):
            show_error(None, error)  # logs a bug with its traceback, and tells the clerk

    sys.excepthook = report


if __name__ == "__main__":
    sys.exit(main())
