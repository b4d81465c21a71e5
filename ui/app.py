"""Starting Clerk Desk: the login dialog first, then the database, then the main window.

The order is chosen for the clerk who double-clicks the icon: the login dialog is on screen
within a moment (it needs only Qt), and the core — SQLAlchemy, the migrations, the automatic
backup before a migration — loads while they type their user name. Every way the database can
fail to open ends in a dialog that says why in the core's words and offers another database or
Quit; nothing is changed on the way. The :class:`Launcher` also brings the login back after
Sign out and after a restore, and says when the program should end.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QIcon

from clerk_desk import cli
from ui.kit.background import call_in_background
from ui.kit.widgets import station_settings
from ui.login import (
    DatabaseProblemDialog,
    FirstAdministratorDialog,
    LoginDialog,
    choose_database_file,
    seal_pixmap,
)

if TYPE_CHECKING:
    from clerk_desk.clock import Clock
    from clerk_desk.desk import Desk, SignedIn
    from ui.main_window import MainWindow
    from ui.today.tab import Gathered

log = logging.getLogger(__name__)

BENCHMARK_ENV = "CLERK_DESK_BENCHMARK"
USER_ENV, PASSWORD_ENV = cli.USER_ENV, cli.PASSWORD_ENV  # the command line's, for one sign-in
LAST_USER_KEY = "login/last_user"


@dataclass(frozen=True, slots=True)
class _Ready:
    """An open database, and what the login dialog shows of it."""

    desk: Desk
    backup: Path | None
    described: str
    city: str
    needs_administrator: bool


def _open(target: str | None, clock: Clock | None) -> _Ready:
    """Open ``target`` (on a worker thread: this loads the core, and may migrate).

    The core is loaded and its mappers configured with the cycle collector paused: a full
    collection falling due among the objects they make ran on this thread holding the
    interpreter, and the login dialog missed the clerk's keys for 70-120 ms."""
    from ui.kit.collector import loading

    with loading():
        from clerk_desk.opening import configure_models, open_desk

        configure_models()
    opened = open_desk(target, clock=clock)
    return _ready(opened.desk, opened.backup)


def _ready(desk: Desk, backup: Path | None) -> _Ready:
    from clerk_desk import operators, settings_store
    from clerk_desk.desk import SYSTEM

    city = ""
    try:
        with desk.lookup(SYSTEM) as action:
            city = settings_store.city_name(action)
    except Exception:  # the name is a courtesy; signing in must not depend on it
        log.exception("could not read the City's name")
    return _Ready(
        desk,
        backup,
        desk.database.describe(),
        city,
        operators.needs_first_administrator(desk.database),
    )


def _warm(desk: Desk) -> tuple[Gathered, float]:
    """What the main window will need, loaded while the clerk types the password: its modules
    (classes only; widgets are made on the window's thread) and the Today list, with the
    moment it was gathered (the window opens on it while it is fresh)."""
    from ui.kit.collector import loading

    with loading():
        import ui.main_window  # noqa: F401
    from clerk_desk.desk import SYSTEM
    from ui.today.tab import gather_list

    with desk.lookup(SYSTEM) as action:
        return gather_list(action), time.monotonic()


def _warm_failed(error: Exception) -> None:
    log.warning("could not gather the Today list ahead of signing in", exc_info=error)


def report_ready() -> None:
    """The benchmark's mark: ``READY <seconds since the epoch>`` on a line of its own."""
    print(f"READY {time.time():.6f}", flush=True)


class Launcher(QObject):
    """Runs the start of a session: open the database, sign in (or create the Administrator),
    show the main window; and again after Sign out or a restore.

    ``benchmark`` is "" for a normal start, "login" to report and quit once the login dialog is
    on screen, "main" to sign in with ``credentials`` as soon as the database is open and report
    once the main window is ready, "enter" to sign in only once the Today list was warmed (a
    clerk typing meanwhile), marking the moment with ``ENTER <epoch>``.

    Signals:
        quit_requested(int): the program should end with this exit status (0: the clerk quit).
        main_window_ready(object): the :class:`~ui.main_window.MainWindow`, shown (its Today
            list is gathered on a worker thread: its ``gathered`` signal says when).
        database_opened(object): the :class:`~clerk_desk.desk.Desk` on the database just opened.
    """

    quit_requested = Signal(int)
    main_window_ready = Signal(object)
    database_opened = Signal(object)

    def __init__(
        self,
        target: str | None = None,
        *,
        clock: Clock | None = None,
        benchmark: str = "",
        credentials: tuple[str, str] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.target = target  # None: $CLERK_DESK_DATABASE, else the file in the data folder
        self.clock = clock
        self.benchmark = benchmark
        self.credentials = credentials
        self.desk: Desk | None = None
        self.window: MainWindow | None = None
        self._migration_backup: Path | None = None
        self._warmed: tuple[Gathered, float] | None = None  # the Today list, for the window
        self._entered = False  # a window was opened on this database
        self.login = LoginDialog()
        self.login.exposed.connect(self._exposed)
        self.login.signed_in.connect(self.enter)
        self.login.rejected.connect(lambda: self.quit_requested.emit(0))
        self.login.change_database_requested.connect(self.change_database)

    def start(self) -> None:
        """Show the login dialog, and open the database on a worker thread meanwhile."""
        last_user = station_settings().value(LAST_USER_KEY, "")
        self.login.set_opening(self._target_text())
        if isinstance(last_user, str) and last_user:
            self.login.username.setText(last_user)
            self.login.password.setFocus()
        if self.benchmark != "login":
            # Loading the core is Python; showing the dialog is mostly Qt's own drawing, which
            # lets go of the interpreter: the two overlap on a machine of two cores.
            self.open_database()
        self.login.show()

    def _target_text(self) -> str:
        return self.target or os.environ.get("CLERK_DESK_DATABASE", "")

    def _exposed(self) -> None:
        if self.benchmark == "login":
            report_ready()
            self.quit_requested.emit(0)

    # ---- opening ----------------------------------------------------------------------------

    def open_database(self) -> None:
        """Open and migrate the database (backup first) on a worker thread, while the login
        dialog takes the clerk's typing; on failure, ask what to do."""
        target, clock = self.target, self.clock
        call_in_background(
            self, lambda: _open(target, clock), self._database_ready, self._database_failed
        )

    def _database_failed(self, error: Exception) -> None:
        from clerk_desk.errors import ClerkDeskError

        if isinstance(error, ClerkDeskError):
            message = error.message
        else:  # a bad URL, a folder we may not create: say it
            log.error("could not open %s", self.target, exc_info=error)
            message = f"Clerk Desk could not open this database: {error}"
        choice = DatabaseProblemDialog.ask(
            self.login, message, self._target_text() or "the database in your data folder"
        )
        if choice == "quit":
            self.quit_requested.emit(1)
            return
        if choice == "choose":
            path = choose_database_file(self.login, self._target_text())
            if path:
                self.target = path
        self.open_database()

    def _database_ready(self, ready: _Ready) -> None:
        self.desk = ready.desk
        self._warmed = None  # any list gathered was another database's
        self._entered = False
        self._migration_backup = ready.backup
        self.database_opened.emit(self.desk)
        desk = ready.desk
        # While the clerk types the password: the first gathering of the Today list compiles
        # some hundred statements (0.3 s at twenty years); done now, the window opens on a
        # list gathered in the time its queries take.

        def warmed(today_list: tuple[Gathered, float]) -> None:
            # Kept for the first window only: not if the clerk signed in before it was
            # gathered (a window since may have saved), nor for another database.
            if self.desk is desk and self.window is None and not self._entered:
                self._warmed = today_list
            if self.benchmark == "enter":  # the clerk pressed Enter once the list was warmed
                self._benchmark_sign_in(ready)

        call_in_background(self, lambda: _warm(desk), warmed, _warm_failed)
        if self.benchmark != "enter":
            self._ask_who(ready)

    def _ask_who(self, ready: _Ready) -> None:
        """First start: create the Administrator. Otherwise: the login dialog, ready."""
        from clerk_desk import operators
        from clerk_desk.paths import resource_path

        desk = ready.desk

        def signer(username: str, password: str) -> SignedIn:
            return operators.sign_in(desk.database, desk.clock, username, password)

        if self.benchmark == "main":
            self._benchmark_sign_in(ready)
            return

        self.login.setWindowIcon(QIcon(str(resource_path("clerk-desk.png"))))
        self.login.set_ready(ready.described, signer, city=ready.city, seal=seal_pixmap())
        if not ready.needs_administrator:
            return

        def create(username: str, full_name: str, password: str) -> SignedIn:
            return operators.create_first_administrator(
                desk.database,
                desk.clock,
                username=username,
                full_name=full_name,
                password=password,
            )

        self.login.hide()
        administrator = FirstAdministratorDialog.ask(None, create, ready.described)
        if administrator is None:
            self.quit_requested.emit(0)
        else:
            self.enter(administrator)

    def _benchmark_sign_in(self, ready: _Ready) -> None:
        """Sign in with the benchmark's credentials (``ENTER <epoch>`` marks the moment)."""
        from clerk_desk import operators

        assert self.credentials is not None
        username, password = self.credentials
        desk = ready.desk

        def refused(error: Exception) -> None:
            print(f"clerk-desk: benchmark sign-in refused: {error}", file=sys.stderr)
            self.quit_requested.emit(1)

        if self.benchmark == "enter":
            print(f"ENTER {time.time():.6f}", flush=True)
        call_in_background(
            self,
            lambda: operators.sign_in(desk.database, desk.clock, username, password),
            self.enter,
            refused,
        )

    def change_database(self) -> None:
        """The login's "Change…": open another database file."""
        path = choose_database_file(self.login, self._target_text())
        if not path:
            return
        if self.desk is not None:
            self.desk.database.dispose()
            self.desk = None
        self.target = path
        self.login.set_opening(path)
        QTimer.singleShot(0, self.open_database)

    # ---- the session --------------------------------------------------------------------------

    def enter(self, operator: SignedIn) -> None:
        """Signed in: show the main window for ``operator``."""
        from ui.kit.operations import App
        from ui.main_window import MainWindow

        assert self.desk is not None
        station_settings().setValue(LAST_USER_KEY, operator.username)
        window = MainWindow(
            App(self.desk, operator),
            migration_backup=self._migration_backup,
            today_list=self._warmed,
        )
        self._migration_backup = None  # said once, in the first window's status bar
        self._warmed, self._entered = None, True  # a window after a sign-out gathers its own
        window.sign_out_requested.connect(self._signed_out)
        window.restored.connect(self._restored)
        window.closed.connect(lambda: self.quit_requested.emit(0))
        self.window = window
        window.show()
        self.login.hide()
        self.main_window_ready.emit(window)
        if self.benchmark in ("main", "enter"):
            if window.today_tab.is_stale():
                window.today_tab.gathered.connect(self._report_main)  # the list filled
            else:  # it opened on the list gathered while signing in
                QTimer.singleShot(0, self._report_main)

    def _report_main(self) -> None:
        report_ready()
        self.quit_requested.emit(0)

    def _forget_window(self) -> None:
        if self.window is not None:
            self.window.deleteLater()
            self.window = None

    def _signed_out(self) -> None:
        self._forget_window()
        self.login.username.clear()  # the next person at the counter may be someone else
        self.login.reset()
        self.login.show()
        self.login.activateWindow()

    def _restored(self, message: str) -> None:
        """After a restore the operators are those of the backup: ask who is there again."""
        self._forget_window()
        self.login.show()
        assert self.desk is not None
        self._ask_who(_ready(self.desk, None))
        if self.window is None:  # not signed in straight away (first start of an empty backup)
            self.login.reset(message=message)
