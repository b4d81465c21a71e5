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
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from clerk_desk import cli
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

log = logging.getLogger(__name__)

BENCHMARK_ENV = "CLERK_DESK_BENCHMARK"
USER_ENV, PASSWORD_ENV = cli.USER_ENV, cli.PASSWORD_ENV  # the command line's, for one sign-in
LAST_USER_KEY = "login/last_user"


def report_ready() -> None:
    """The benchmark's mark: ``READY <seconds since the epoch>`` on a line of its own."""
    print(f"READY {time.time():.6f}", flush=True)


class Launcher(QObject):
    """Runs the start of a session: open the database, sign in (or create the Administrator),
    show the main window; and again after Sign out or a restore.

    ``benchmark`` is "" for a normal start, "login" to report and quit once the login dialog is
    on screen, "main" to sign in with ``credentials`` and report once the main window is ready.

    Signals:
        quit_requested(int): the program should end with this exit status (0: the clerk quit).
        main_window_ready(object): the :class:`~ui.main_window.MainWindow`, shown and filled.
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
        self.login = LoginDialog()
        self.login.exposed.connect(self._exposed)
        self.login.signed_in.connect(self.enter)
        self.login.rejected.connect(lambda: self.quit_requested.emit(0))
        self.login.change_database_requested.connect(self.change_database)

    def start(self) -> None:
        """Show the login dialog; the database opens once it has been painted."""
        last_user = station_settings().value(LAST_USER_KEY, "")
        self.login.set_opening(self._target_text())
        if isinstance(last_user, str) and last_user:
            self.login.username.setText(last_user)
            self.login.password.setFocus()
        self.login.show()

    def _target_text(self) -> str:
        return self.target or os.environ.get("CLERK_DESK_DATABASE", "")

    def _exposed(self) -> None:
        if self.benchmark == "login":
            report_ready()
            self.quit_requested.emit(0)
            return
        QTimer.singleShot(0, self.open_database)

    # ---- opening ----------------------------------------------------------------------------

    def open_database(self) -> None:
        """Open and migrate the database (backup first); on failure, ask what to do."""
        from clerk_desk.errors import ClerkDeskError
        from clerk_desk.opening import open_desk

        while True:
            try:
                opened = open_desk(self.target, clock=self.clock)
                break
            except ClerkDeskError as error:
                message = error.message
            except Exception as error:  # a bad URL, a folder we may not create: say it
                log.exception("could not open %s", self.target)
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
        self.desk = opened.desk
        self._migration_backup = opened.backup
        self.database_opened.emit(self.desk)
        self._ask_who()

    def _ask_who(self) -> None:
        """First start: create the Administrator. Otherwise: the login dialog, ready."""
        from clerk_desk import operators, settings_store
        from clerk_desk.desk import SYSTEM
        from ui.main_window import app_icon

        desk = self.desk
        assert desk is not None
        self.login.setWindowIcon(app_icon())
        described = desk.database.describe()

        def signer(username: str, password: str) -> SignedIn:
            return operators.sign_in(desk.database, desk.clock, username, password)

        if self.benchmark == "main" and self.credentials is not None:
            try:
                operator = signer(*self.credentials)
            except Exception as error:
                print(f"clerk-desk: benchmark sign-in refused: {error}", file=sys.stderr)
                self.quit_requested.emit(1)
                return
            self.enter(operator)
            return

        city = ""
        try:
            with desk.lookup(SYSTEM) as action:
                city = settings_store.city_name(action)
        except Exception:  # the name is a courtesy; signing in must not depend on it
            log.exception("could not read the City's name")
        self.login.set_ready(described, signer, city=city, seal=seal_pixmap())
        if not operators.needs_first_administrator(desk.database):
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
        administrator = FirstAdministratorDialog.ask(None, create, described)
        if administrator is None:
            self.quit_requested.emit(0)
        else:
            self.enter(administrator)

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
        window = MainWindow(App(self.desk, operator), migration_backup=self._migration_backup)
        self._migration_backup = None  # said once, in the first window's status bar
        window.sign_out_requested.connect(self._signed_out)
        window.restored.connect(self._restored)
        window.closed.connect(lambda: self.quit_requested.emit(0))
        self.window = window
        window.show()
        self.login.hide()
        self.main_window_ready.emit(window)
        if self.benchmark == "main":
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
        self._ask_who()
        if self.window is None:  # not signed in straight away (first start of an empty backup)
            self.login.reset(message=message)
