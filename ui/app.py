"""Starting Clerk Desk: the login dialog first, then the database, then the main window.

The order is chosen for the clerk who double-clicks the icon: the login dialog is on screen
within a moment (it needs only Qt), and the core — SQLAlchemy, the migrations, the automatic
backup before a migration — loads while they type their user name. Sign-ins are taken as soon
as the database is migrated: a password typed that fast is checked (scrypt, half a second that
lets go of the interpreter) while the core configures its mappers and makes the desk. Every way
the database can fail to open ends in a dialog that says why in the core's words and offers
another database or Quit; nothing is changed on the way. The :class:`Launcher` also brings the
login back after Sign out and after a restore, and says when the program should end.
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
    Signer,
    choose_database_file,
    seal_pixmap,
)

if TYPE_CHECKING:
    from clerk_desk.clock import Clock
    from clerk_desk.database import Database
    from clerk_desk.desk import Desk, SignedIn
    from ui.main_window import MainWindow
    from ui.today.tab import Gathered

log = logging.getLogger(__name__)

BENCHMARK_ENV = "CLERK_DESK_BENCHMARK"
USER_ENV, PASSWORD_ENV = cli.USER_ENV, cli.PASSWORD_ENV  # the command line's, for one sign-in
LAST_USER_KEY = "login/last_user"


@dataclass(frozen=True, slots=True)
class _Reached:
    """A database open and migrated, its mappers not configured yet: a sign-in can be checked."""

    database: Database
    backup: Path | None
    described: str
    clock: Clock


@dataclass(frozen=True, slots=True)
class _Ready:
    """An open database, and what the login dialog shows of it."""

    desk: Desk
    backup: Path | None
    described: str
    city: str
    needs_administrator: bool


def _reach(target: str | None, clock: Clock | None) -> _Reached:
    """Open and migrate ``target`` (on a worker thread: this loads the core and its models).

    The core is loaded, and later its mappers configured (:func:`_open`), with the cycle
    collector paused: a full collection falling due among the objects they make ran on this
    thread holding the interpreter, and the login dialog missed the clerk's keys for 70-120 ms.
    """
    from ui.kit.collector import loading

    with loading():
        from clerk_desk.clock import SystemClock
        from clerk_desk.opening import open_database

    database, backup = open_database(target)
    return _Reached(database, backup, database.describe(), clock or SystemClock())


def _open(reached: _Reached) -> _Ready:
    """Configure the core's mappers and make the desk (on a worker thread), while a sign-in
    asked for already is checked beside it: scrypt lets go of the interpreter."""
    from ui.kit.collector import loading

    with loading():
        from clerk_desk.opening import configure_models, desk_on

        configure_models()
    opened = desk_on(reached.database, reached.backup, clock=reached.clock)
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


def _signer(database: Database, clock: Clock) -> Signer:
    """Sign-ins on ``database``, the login dialog's and the benchmark's alike."""
    from clerk_desk import operators

    def signer(username: str, password: str) -> SignedIn:
        return operators.sign_in(database, clock, username, password)

    return signer


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
        self._reached: _Reached | None = None  # the database being opened, once migrated
        self._early: SignedIn | None = None  # signed in before the core finished loading
        self._warmed: tuple[Gathered, float] | None = None  # the Today list, for the window
        self._warming = False  # the Today list is being gathered for the first window
        self._adopting: MainWindow | None = None  # the window waiting for that list
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
            self, lambda: _reach(target, clock), self._database_reached, self._database_failed
        )

    def _database_reached(self, reached: _Reached) -> None:
        """Open and migrated: sign-ins go to the core from now on (one asked for already is
        checked now, its scrypt beside the configuration of the mappers), while the opening
        finishes on a worker thread."""
        self._reached = reached
        self._offer_sign_in(reached.database, reached.clock, reached.described)

        def opened(ready: _Ready) -> None:
            if self._reached is reached:
                self._database_ready(ready)
            else:  # another database was chosen meanwhile
                ready.desk.database.dispose()

        def failed(error: Exception) -> None:
            if self._reached is reached:
                self._database_failed(error)

        call_in_background(self, lambda: _open(reached), opened, failed)

    def _offer_sign_in(self, database: Database, clock: Clock, described: str) -> None:
        """Sign-ins go to the core on ``database``: the login dialog's, or the benchmark's."""
        signer = _signer(database, clock)
        if self.benchmark == "main":
            self._benchmark_sign_in(signer)
        elif self.benchmark != "enter":  # "enter" signs in once the Today list is warmed
            self.login.set_ready(described, signer)

    def _database_failed(self, error: Exception) -> None:
        from clerk_desk.errors import ClerkDeskError

        self._reached, self._early = None, None
        self.login.set_opening(self._target_text())  # no sign-in until it opens

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
        self._warmed, self._warming, self._adopting = None, False, None  # another database's
        self._entered = False
        self._migration_backup = ready.backup
        self.database_opened.emit(self.desk)
        early, self._early = self._early, None
        if early is None:
            self._warm_today(ready.desk)
        if self.benchmark != "enter":
            self._ask_who(ready)
        if early is not None:  # signed in while the core finished loading: the window now
            self.enter(early)

    def _warm_today(self, desk: Desk) -> None:
        # While the clerk types the password: the first gathering of the Today list compiles
        # some hundred statements (0.3 s at twenty years); done now, the window opens on a
        # list gathered in the time its queries take.

        def warmed(today_list: tuple[Gathered, float]) -> None:
            if self.desk is desk:
                self._warming = False
                adopting, self._adopting = self._adopting, None
                if adopting is not None and adopting is self.window:  # it waited for this list
                    adopting.today_tab.take_gathered(today_list[0])
                elif self.window is None and not self._entered:  # for the first window only
                    self._warmed = today_list
            if self.benchmark == "enter":  # the clerk pressed Enter once the list was warmed
                self._benchmark_sign_in(_signer(desk.database, desk.clock))

        def not_warmed(error: Exception) -> None:
            _warm_failed(error)
            if self.desk is desk:
                self._warming = False
                adopting, self._adopting = self._adopting, None
                if adopting is not None and adopting is self.window:
                    adopting.today_tab.take_gathered(None)  # it gathers its own

        self._warming = True
        call_in_background(self, lambda: _warm(desk), warmed, not_warmed)

    def _ask_who(self, ready: _Ready) -> None:
        """The login dialog shows the City's name and seal; on a first start, create the
        Administrator instead."""
        from clerk_desk import operators
        from clerk_desk.paths import resource_path

        desk = ready.desk
        if self.benchmark == "main":
            return

        self.login.setWindowIcon(QIcon(str(resource_path("clerk-desk.png"))))
        self.login.show_city(ready.city, seal_pixmap())
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

    def _benchmark_sign_in(self, signer: Signer) -> None:
        """Sign in with the benchmark's credentials (``ENTER <epoch>`` marks the moment), as
        the login dialog signs in with the clerk's."""
        assert self.credentials is not None
        username, password = self.credentials

        def refused(error: Exception) -> None:
            print(f"clerk-desk: benchmark sign-in refused: {error}", file=sys.stderr)
            self.quit_requested.emit(1)

        if self.benchmark == "enter":
            print(f"ENTER {time.time():.6f}", flush=True)
        call_in_background(self, lambda: signer(username, password), self.enter, refused)

    def change_database(self) -> None:
        """The login's "Change…": open another database file."""
        path = choose_database_file(self.login, self._target_text())
        if not path:
            return
        if self.desk is not None:
            self.desk.database.dispose()
            self.desk = None
        elif self._reached is not None:  # still opening: its end is dropped (_database_reached)
            self._reached.database.dispose()
        self._reached, self._early = None, None
        self.target = path
        self.login.set_opening(path)
        QTimer.singleShot(0, self.open_database)

    # ---- the session --------------------------------------------------------------------------

    def enter(self, operator: SignedIn) -> None:
        """Signed in: show the main window for ``operator``."""
        from ui.kit.operations import App
        from ui.main_window import MainWindow

        if self.desk is None:  # signed in while the core finishes loading (_database_ready)
            if self._reached is not None:
                self._early = operator
            return
        station_settings().setValue(LAST_USER_KEY, operator.username)
        window = MainWindow(
            App(self.desk, operator),
            migration_backup=self._migration_backup,
            today_list=self._warmed,
        )
        # The first window opens on the Today list gathered while the clerk signed in, or
        # waits for it if it is being gathered still (sooner than gathering another).
        if self._warmed is None and self._warming and not self._entered:
            window.today_tab.expect_gathered()
            self._adopting = window
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
        desk = self.desk
        self._offer_sign_in(desk.database, desk.clock, desk.database.describe())
        self._ask_who(_ready(desk, None))
        if self.window is None:  # not signed in straight away (first start of an empty backup)
            self.login.reset(message=message)
