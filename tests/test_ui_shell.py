"""The application shell driven as a clerk drives it: first start, sign out, sign in, every tab,
the ordinance from a placeholder's citation, a refused menu item, backup and restore, and a
database that cannot be opened."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QLabel, QMessageBox, QStackedWidget, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

import ui.app
import ui.kit.operations
import ui.login
import ui.main_window
from clerk_desk import operators
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import Role
from clerk_desk.today import TodayItem
from clerk_desk.workflows import WORKFLOWS
from ui.app import Launcher
from ui.kit.operations import App
from ui.login import DatabaseProblemDialog, FirstAdministratorDialog, LoginDialog
from ui.main_window import MainWindow
from ui.placeholder_tab import PlaceholderTab

pytestmark = pytest.mark.gui

PASSWORD = "counter-password"  # the operators' password in tests/conftest.py


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> list[QMessageBox]:
    """Every message box the shell shows, answered "Cancel" unless a test says otherwise."""
    shown: list[QMessageBox] = []

    def answer(box: QMessageBox) -> int:
        shown.append(box)
        return int(QMessageBox.StandardButton.Cancel.value)

    monkeypatch.setattr(ui.kit.operations, "ask_message", answer)
    return shown


@pytest.fixture
def launchers() -> Iterator[list[Launcher]]:
    """Launchers made by a test; their windows are closed afterwards (they delete themselves
    on sign-out, so pytest-qt's add_widget cannot own them)."""
    made: list[Launcher] = []
    yield made
    for launcher in made:
        for widget in (launcher.window, launcher.login):
            if widget is not None and shiboken6.isValid(widget):
                widget.close()
                widget.deleteLater()


def _window(qtbot: QtBot, app: App) -> MainWindow:
    window = MainWindow(app)
    qtbot.add_widget(window)
    with qtbot.waitSignal(window.today_tab.gathered):  # on a worker thread
        window.show()
    qtbot.waitExposed(window)
    return window


# ---- first start, sign out, sign in, every tab -------------------------------------------------


def test_first_start_then_sign_out_sign_in_every_tab_and_the_ordinance(
    qtbot: QtBot,
    tmp_path: Path,
    clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
    launchers: list[Launcher],
    messages: list[QMessageBox],
) -> None:
    def create_through_the_dialog(
        parent: QWidget | None, create: ui.login.Creator, database: str
    ) -> SignedIn | None:
        dialog = FirstAdministratorDialog(create, database, parent)
        qtbot.add_widget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        qtbot.keyClicks(dialog.username, "mfolger")
        qtbot.keyClicks(dialog.full_name, "Mary Folger")
        qtbot.keyClicks(dialog.password, "short")
        qtbot.keyClicks(dialog.password_again, "short")
        dialog.create_button.click()
        assert "at least 8 characters" in dialog.errors.message("password")
        dialog.password.clear()
        dialog.password_again.clear()
        qtbot.keyClicks(dialog.password, "river-town-1851")
        qtbot.keyClicks(dialog.password_again, "river-town-1815")
        dialog.create_button.click()
        assert dialog.errors.message("password_again") == "The two passwords differ."
        dialog.password_again.clear()
        qtbot.keyClicks(dialog.password_again, "river-town-1851")
        dialog.create_button.click()
        assert dialog.result() == FirstAdministratorDialog.DialogCode.Accepted
        return dialog.operator

    monkeypatch.setattr(FirstAdministratorDialog, "ask", create_through_the_dialog)
    launcher = Launcher(str(tmp_path / "city.sqlite3"), clock=clock)
    launchers.append(launcher)
    launcher.start()
    qtbot.waitUntil(lambda: launcher.window is not None and launcher.window.isVisible())
    window = launcher.window
    assert window is not None
    qtbot.waitUntil(lambda: window.windowTitle() == "Clerk Desk — City of Prescott")
    assert window.operator_label.text() == "Mary Folger · Administrator"
    assert "city.sqlite3" in window.database_label.full_text()
    assert not launcher.login.isVisible()

    with qtbot.waitSignal(window.sign_out_requested):
        window.action("sign_out").trigger()
    login = launcher.login
    qtbot.waitUntil(login.isVisible)
    assert launcher.window is None
    assert login.username.text() == ""  # the next person at the counter may be someone else
    qtbot.keyClicks(login.username, "mfolger")
    qtbot.keyClicks(login.password, "river-town-1851")
    login.sign_in_button.click()
    qtbot.waitUntil(lambda: launcher.window is not None and launcher.window.isVisible())
    window = launcher.window
    assert window is not None

    assert window.tabs.count() == len(WORKFLOWS)
    for index, workflow in enumerate(WORKFLOWS):
        window.action(f"tab_{workflow.name}").trigger()
        widget = window.tabs.currentWidget()
        assert widget is window.tab(workflow.name)
        assert widget.isVisible()
        assert window.tab_title(index) == workflow.title
        if not workflow.built:
            assert isinstance(widget, PlaceholderTab)
            assert widget.notice is not None
            assert "Not built yet" in widget.notice.text()

    # Every workflow is built; a workflow still being written shows a placeholder whose
    # sections link out to the ordinance.
    charges = next(w for w in WORKFLOWS if w.name == "special_charges")
    receipts = PlaceholderTab(dataclasses.replace(charges, built=False), window.app, window)
    window.tabs.addTab(receipts, "Being written")
    window.tabs.setCurrentWidget(receipts)
    assert receipts.links is not None
    cite = receipts.cites()[1]
    assert cite == "§ 506-7"
    click_link(qtbot, receipts.links, 2)  # the second link in the list
    viewer = window.ordinance_viewer
    assert viewer is not None
    qtbot.waitUntil(viewer.isVisible)
    assert viewer.current_cite() == cite
    assert viewer.selected_text().startswith("§ 506-7 Regulations governing excavations")
    assert window.open_ordinance("§ 506-7 (Frozen ground)") is viewer  # one viewer, reused
    assert viewer.current_cite() == "§ 506-7 (Frozen ground)"
    assert not messages

    again = Launcher(str(tmp_path / "city.sqlite3"), clock=clock)  # the next morning
    launchers.append(again)
    again.start()
    qtbot.waitUntil(again.login.change_button.isEnabled)  # the database is open
    assert again.login.username.text() == "mfolger"  # this station remembers who signed in
    assert "city.sqlite3" in again.login.database_label.full_text()


def click_link(qtbot: QtBot, label: QLabel, number: int) -> None:
    """Activate the ``number``-th link of a label from the keyboard, as a clerk can: Tab moves
    from link to link inside the label, Enter follows the one that has focus."""
    window = label.window()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    label.setFocus()
    for _ in range(number):
        qtbot.keyClick(label, Qt.Key.Key_Tab)
    qtbot.keyClick(label, Qt.Key.Key_Return)


# ---- the login dialog ----------------------------------------------------------------------


def _ready_login(qtbot: QtBot, desk: Desk) -> LoginDialog:
    dialog = LoginDialog()
    qtbot.add_widget(dialog)
    dialog.set_ready(
        desk.database.describe(),
        lambda user, password: operators.sign_in(desk.database, desk.clock, user, password),
    )
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _sign_in(qtbot: QtBot, dialog: LoginDialog) -> None:
    """Press Sign in and wait for the answer (the password is checked on a worker thread)."""
    dialog.sign_in_button.click()
    qtbot.waitUntil(lambda: not dialog.checking)


def test_the_password_is_checked_off_the_windows_thread(
    qtbot: QtBot, desk: Desk, admin: SignedIn
) -> None:
    """Issue 20: the check takes a third of a second by design (scrypt at OWASP's cost); the
    dialog said nothing and took no key meanwhile. Now it says it is checking, takes no second
    press, and answers keys."""
    import threading

    release = threading.Event()
    threads: list[str] = []

    def slow_signer(user: str, password: str) -> SignedIn:
        threads.append(threading.current_thread().name)
        release.wait(10)
        return operators.sign_in(desk.database, desk.clock, user, password)

    dialog = _ready_login(qtbot, desk)
    dialog.set_ready(desk.database.describe(), slow_signer)
    qtbot.keyClicks(dialog.username, "admin")
    qtbot.keyClicks(dialog.password, PASSWORD)
    with qtbot.waitSignal(dialog.signed_in) as signal:
        dialog.sign_in_button.click()
        assert dialog.checking
        assert dialog.status.text() == "Checking the password…"
        assert not dialog.sign_in_button.isEnabled()
        qtbot.keyClick(dialog.password, Qt.Key.Key_Return)  # a second press starts nothing
        qtbot.keyClicks(dialog.username, "x")  # the dialog takes keys meanwhile
        assert dialog.username.text() == "adminx"
        release.set()
    assert signal.args == [admin]
    assert threads == [threads[0]] and threads[0] != threading.main_thread().name
    # Signed in: the dialog says so and takes no second sign-in while the window opens, until
    # it is made ready for the next operator (after a sign-out).
    assert dialog.status.text() == "Signed in. Opening the window…"
    assert not dialog.sign_in_button.isEnabled()
    dialog.reset()
    assert dialog.sign_in_button.isEnabled() and not dialog.status.isVisible()


def test_a_wrong_password_is_said_in_the_dialog(qtbot: QtBot, desk: Desk, admin: SignedIn) -> None:
    dialog = _ready_login(qtbot, desk)
    qtbot.keyClicks(dialog.username, "admin")
    qtbot.keyClicks(dialog.password, "not-the-password")
    with qtbot.assertNotEmitted(dialog.signed_in):
        _sign_in(qtbot, dialog)
    assert dialog.error_text() == "The user name or password is not right."
    assert dialog.isVisible()
    assert dialog.password.selectedText() == "not-the-password"  # ready to be typed again

    dialog.password.clear()
    qtbot.keyClicks(dialog.password, PASSWORD)
    with qtbot.waitSignal(dialog.signed_in) as signal:
        qtbot.keyClick(dialog.password, Qt.Key.Key_Return)  # Enter signs in
    assert signal.args == [admin]
    assert dialog.error_text() == ""


def test_the_login_says_when_a_delayed_user_name_may_try_again(
    qtbot: QtBot, desk: Desk, admin: SignedIn
) -> None:
    dialog = _ready_login(qtbot, desk)
    qtbot.keyClicks(dialog.username, "admin")
    for attempt in range(1, 7):  # five wrong, then the right one: still delayed
        dialog.password.clear()
        qtbot.keyClicks(dialog.password, PASSWORD if attempt == 6 else "not-the-password")
        with qtbot.assertNotEmitted(dialog.signed_in):
            _sign_in(qtbot, dialog)
    assert dialog.error_text() == (
        "Too many wrong passwords for this user name: try again at 10:01 a.m., "
        "or ask the Administrator."
    )


def test_escape_quits_and_the_database_in_use_is_shown(qtbot: QtBot, desk: Desk) -> None:
    dialog = _ready_login(qtbot, desk)
    assert desk.database.describe() in dialog.database_label.full_text()
    assert dialog.change_button.isEnabled()
    with qtbot.waitSignal(dialog.rejected):
        qtbot.keyClick(dialog.username, Qt.Key.Key_Escape)


def test_a_sign_in_asked_for_while_the_database_opens_happens_once_it_is_open(
    qtbot: QtBot, desk: Desk, admin: SignedIn
) -> None:
    dialog = LoginDialog()
    qtbot.add_widget(dialog)
    dialog.set_opening("somewhere")
    qtbot.keyClicks(dialog.username, "admin")
    qtbot.keyClicks(dialog.password, PASSWORD)
    dialog.sign_in_button.click()
    assert "as soon as it is open" in dialog.status.text()
    with qtbot.waitSignal(dialog.signed_in):
        dialog.set_ready("db", lambda u, p: operators.sign_in(desk.database, desk.clock, u, p))


# ---- a database that cannot be opened -----------------------------------------------------------


def test_a_file_that_is_not_a_database_is_explained_and_left_alone(
    qtbot: QtBot,
    tmp_path: Path,
    clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
    launchers: list[Launcher],
) -> None:
    notes = tmp_path / "minutes.sqlite3"
    notes.write_text("Minutes of the Common Council, November 23, 2026\n" * 50)
    before = notes.read_bytes()
    asked: list[tuple[str, str]] = []
    answers = iter(["retry", "choose"])

    def ask(parent: QWidget | None, message: str, database: str) -> ui.login.Choice:
        asked.append((message, database))
        return next(answers)

    fresh = tmp_path / "fresh.sqlite3"
    monkeypatch.setattr(DatabaseProblemDialog, "ask", ask)
    monkeypatch.setattr(ui.app, "choose_database_file", lambda parent, current: str(fresh))
    monkeypatch.setattr(FirstAdministratorDialog, "ask", lambda parent, create, database: None)
    launcher = Launcher(str(notes), clock=clock)
    launchers.append(launcher)
    with qtbot.waitSignal(launcher.quit_requested) as quit_signal:
        launcher.start()
    assert len(asked) == 2  # "Try again" asked a second time, then another database was chosen
    message, database = asked[0]
    assert "is not a Clerk Desk database, or it is damaged" in message
    assert database == str(notes)
    assert notes.read_bytes() == before  # nothing written into the clerk's file
    assert launcher.desk is not None and "fresh.sqlite3" in launcher.desk.database.describe()
    assert quit_signal.args == [0]  # the first-administrator dialog was quit


def test_quit_from_the_problem_dialog_ends_with_status_1(
    qtbot: QtBot,
    tmp_path: Path,
    clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
    launchers: list[Launcher],
) -> None:
    folder = tmp_path / "a-folder.sqlite3"
    folder.mkdir()
    monkeypatch.setattr(DatabaseProblemDialog, "ask", lambda parent, message, database: "quit")
    launcher = Launcher(str(folder), clock=clock)
    launchers.append(launcher)
    with qtbot.waitSignal(launcher.quit_requested) as quit_signal:
        launcher.start()
    assert quit_signal.args == [1]
    assert launcher.window is None


def test_the_problem_dialog_offers_another_database_or_quit(qtbot: QtBot) -> None:
    box = DatabaseProblemDialog("The database is read-only.", "SQLite /x.sqlite3")
    qtbot.add_widget(box)
    assert box.text() == "The database is read-only."
    assert "SQLite /x.sqlite3" in box.informativeText()
    texts = [button.text() for button in box.buttons()]
    assert "&Choose another database…" in texts and "&Quit" in texts
    box.choose_button.click()
    assert box.choice() == "choose"


# ---- roles and menus -----------------------------------------------------------------------


def test_a_deputy_clerk_sees_admin_items_disabled_and_the_core_refuses_them(
    qtbot: QtBot,
    desk: Desk,
    operator_with: Callable[[Role], SignedIn],
    messages: list[QMessageBox],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deputy = operator_with(Role.DEPUTY_CLERK)
    window = _window(qtbot, App(desk, deputy))
    assert window.operator_label.text() == "Test Deputy Clerk · Deputy Clerk"
    for key in ("backup", "restore", "fee_schedule", "operators", "audit", "city"):
        action = window.action(key)
        assert not action.isEnabled(), key
        assert "you need the role" in action.toolTip()
        assert "you are signed in as Deputy Clerk" in action.toolTip()
    assert "Administrator" in window.action("backup").toolTip()
    assert window.action("change_password").isEnabled()
    assert window.action("ordinance").isEnabled()

    chosen: list[Path] = []
    monkeypatch.setattr(
        ui.main_window, "choose_backup_target", lambda parent, default: chosen.append(default)
    )
    window.back_up_database()  # triggered anyway (a stale menu, a script): the core says no
    assert not chosen
    assert len(messages) == 1
    assert messages[0].text() == (
        "To back up or restore the database you need the role Administrator; "
        "you are signed in as Deputy Clerk."
    )


def test_the_administrator_backs_up_and_restores(
    qtbot: QtBot,
    desk: Desk,
    admin: SignedIn,
    tmp_path: Path,
    messages: list[QMessageBox],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if desk.database.path is None:
        pytest.skip("restore into a server database is covered by the core tests")
    window = _window(qtbot, App(desk, admin))
    target = tmp_path / "copy.sqlite3"
    defaults: list[Path] = []

    def choose(parent: QWidget, default: Path) -> str:
        defaults.append(default)
        return str(target)

    monkeypatch.setattr(ui.main_window, "choose_backup_target", choose)
    window.back_up_database()
    qtbot.waitUntil(lambda: any(box.objectName() == "backup_done" for box in messages))
    assert defaults[0].name == "clerk-desk-2026-11-30.sqlite3"
    assert defaults[0].parent.name == "backups"
    assert target.is_file()
    assert str(target) in messages[-1].text()

    with desk.action(admin) as action:
        operators.add_operator(
            action,
            username="late",
            full_name="Added After Backup",
            role=Role.CLERK,
            password=PASSWORD,
        )

    def confirm(box: QMessageBox) -> int:
        messages.append(box)
        if box.objectName() == "confirm_restore":
            return int(QMessageBox.StandardButton.Yes.value)
        return int(QMessageBox.StandardButton.Ok.value)

    monkeypatch.setattr(ui.kit.operations, "ask_message", confirm)
    monkeypatch.setattr(ui.main_window, "choose_backup_source", lambda parent, folder: str(target))
    with qtbot.waitSignal(window.restored) as restored:
        window.restore_from_backup()
    assert "The previous contents were kept in" in restored.args[0]
    assert not window.isVisible()
    again = operators.sign_in(desk.database, desk.clock, admin.username, PASSWORD)
    with desk.lookup(again) as action:  # the restoring station signs in again too
        names = [o.username for o in operators.list_operators(action)]
    assert "late" not in names  # the database is the backup again


def test_about_box_names_version_database_and_data_folder(
    qtbot: QtBot, desk: Desk, admin: SignedIn, messages: list[QMessageBox]
) -> None:
    window = _window(qtbot, App(desk, admin))
    window.action("about").trigger()
    box = messages[-1]
    assert box.objectName() == "about_box"
    assert "Clerk Desk" in box.text()
    assert desk.database.describe() in box.informativeText()
    assert "user-data" in box.informativeText()


def test_shortcuts_and_export_follow_the_current_tab(
    qtbot: QtBot, desk: Desk, admin: SignedIn
) -> None:
    window = _window(qtbot, App(desk, admin))
    assert window.action("tab_parties").shortcut().toString() == "Ctrl+2"
    assert window.action("search").shortcut().toString() == "Ctrl+F"
    assert window.action("quit").shortcut().toString() == "Ctrl+Q"
    assert window.action("export").shortcut().toString() == "Ctrl+E"
    assert window.action("guide").shortcut().toString() == "F1"
    assert window.action("ordinance").shortcut().toString() == "Shift+F1"
    assert window.action("refresh").shortcut().toString() == "F5"
    assert not window.action("export").isEnabled()  # Today is no register
    window.action("next_tab").trigger()
    assert window.tabs.currentWidget() is window.tab("parties")
    assert window.action("export").isEnabled() == callable(
        getattr(window.tab("parties"), "export_register", None)
    )
    window.action("previous_tab").trigger()
    window.action("search").trigger()
    qtbot.waitUntil(lambda: window.today_tab.search_field.hasFocus())
    charges = next(w for w in WORKFLOWS if w.name == "special_charges")
    placeholder = PlaceholderTab(dataclasses.replace(charges, built=False), window.app, window)
    window.tabs.addTab(placeholder, "Being written")
    window.tabs.setCurrentWidget(placeholder)  # a tab with no search field
    window.action("search").trigger()
    assert "nothing to search" in window.statusBar().currentMessage()


def test_settings_and_audit_items_open_the_dialogs_of_their_modules(
    qtbot: QtBot, desk: Desk, admin: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.audit_dialog
    import ui.settings.dialogs

    window = _window(qtbot, App(desk, admin))
    opened: list[str] = []
    for function in (
        "edit_city",
        "edit_closed_days",
        "edit_fee_schedule",
        "manage_operators",
        "change_password",
    ):
        monkeypatch.setattr(
            ui.settings.dialogs,
            function,
            lambda parent, app, name=function: opened.append(name) or True,
        )
    monkeypatch.setattr(
        ui.audit_dialog, "show_audit_trail", lambda parent, app: opened.append("audit")
    )
    for key in ("city", "closed_days", "fee_schedule", "operators", "change_password", "audit"):
        window.action(key).trigger()
    assert opened == [
        "edit_city",
        "edit_closed_days",
        "edit_fee_schedule",
        "manage_operators",
        "change_password",
        "audit",
    ]


def test_every_register_fits_the_window_at_its_first_size(
    qtbot: QtBot, desk: Desk, admin: SignedIn
) -> None:
    """At the size the window opens (1280 by 800) no register scrolls sideways: the status and
    the days at its right are in sight without the clerk reaching for the scroll bar."""
    from ui.kit.register_page import RegisterPage

    window = _window(qtbot, App(desk, admin))
    window.resize(1280, 800)
    pages: list[RegisterPage] = []
    for workflow in WORKFLOWS:
        tab = window.show_tab(workflow.name)
        found = [tab] if isinstance(tab, RegisterPage) else tab.findChildren(RegisterPage)
        for page in found:
            # a page under an inner tab, or one of a tab's views: open it
            for inner in (*tab.findChildren(QTabWidget), *tab.findChildren(QStackedWidget)):
                if inner.indexOf(page) >= 0:
                    inner.setCurrentWidget(page)
            qtbot.waitUntil(page.isVisible)
            pages.append(page)
    assert len(pages) >= 8
    scrolling = {
        page.objectName() or type(page).__name__: page.table.horizontalScrollBar().maximum()
        for page in pages
        if page.table.horizontalScrollBar().maximum() > 0
    }
    assert scrolling == {}


def test_today_gathers_again_only_after_a_change_or_once_its_list_is_old(
    qtbot: QtBot, desk: Desk, admin: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20: the Today tab ran every workflow's queries each time it was shown (118 ms at
    twenty years). It shows what it has when nothing changed, and gathers again when a tab
    says its register changed, or when the list is older than a minute (another station)."""
    import time

    import ui.today.tab

    window = _window(qtbot, App(desk, admin))
    today = window.today_tab
    gathered: list[int] = []
    real_gather = ui.today.tab.gather
    monkeypatch.setattr(
        ui.today.tab, "gather", lambda action: gathered.append(1) or real_gather(action)
    )
    parties_index = window.tabs.indexOf(window.tab("parties"))

    def away_and_back() -> None:
        window.tabs.setCurrentIndex(parties_index)
        window.tabs.setCurrentWidget(today)
        qtbot.waitUntil(lambda: today.isVisible() and not today.gathering)

    away_and_back()
    assert gathered == []  # nothing changed since the window opened
    window.tab("parties").register_changed.emit()  # a party saved on the People tab
    away_and_back()
    assert gathered == [1]
    away_and_back()
    assert gathered == [1]
    later = time.monotonic() + today.STALE_AFTER_SECONDS + 1
    monkeypatch.setattr(ui.today.tab.time, "monotonic", lambda: later)
    away_and_back()
    assert gathered == [1, 1]  # a minute old: another station may have saved something


def test_the_window_opens_on_the_today_list_gathered_while_the_clerk_signed_in(
    qtbot: QtBot,
    desk: Desk,
    admin: SignedIn,
    launchers: list[Launcher],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 20: the list was gathered while the password was typed, then again once the window
    opened (140 ms at twenty years after the clerk pressed Enter). The window now opens on the
    list already gathered, unless it is older than a list shown may be, and a window after a
    sign-out gathers its own."""
    import time

    import ui.today.tab

    gathered: list[int] = []  # each list gathered, once it is
    real_gather = ui.today.tab.gather

    def gather(action: Action) -> list[TodayItem]:
        items = real_gather(action)
        gathered.append(1)
        return items

    monkeypatch.setattr(ui.today.tab, "gather", gather)
    url = desk.database.url.render_as_string(hide_password=False)
    launcher = Launcher(url, clock=desk.clock)
    launchers.append(launcher)
    launcher.start()
    login = launcher.login
    qtbot.waitUntil(lambda: gathered == [1] and login.sign_in_button.isEnabled(), timeout=20_000)
    qtbot.keyClicks(login.username, "admin")
    qtbot.keyClicks(login.password, PASSWORD)
    login.sign_in_button.click()
    qtbot.waitUntil(lambda: launcher.window is not None and launcher.window.isVisible())
    window = launcher.window
    assert window is not None
    today = window.today_tab
    assert today.updated.text().startswith("As of ")  # shown, not "Gathering the list…"
    assert not today.gathering and gathered == [1]

    with qtbot.waitSignal(window.sign_out_requested):
        window.action("sign_out").trigger()
    qtbot.waitUntil(login.isVisible)
    later = time.monotonic() + ui.today.tab.TodayTab.STALE_AFTER_SECONDS + 1
    monkeypatch.setattr(ui.today.tab.time, "monotonic", lambda: later)
    qtbot.keyClicks(login.username, "admin")
    qtbot.keyClicks(login.password, PASSWORD)
    login.sign_in_button.click()
    qtbot.waitUntil(lambda: launcher.window is not None and launcher.window.isVisible())
    qtbot.waitUntil(lambda: gathered == [1, 1])  # the second window gathered its own


def test_a_sign_in_asked_for_at_start_is_checked_while_the_core_finishes_loading(
    qtbot: QtBot,
    desk: Desk,
    admin: SignedIn,
    launchers: list[Launcher],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 20: Enter pressed before the database is open. The password is checked as soon as
    the database is migrated, while the core configures its mappers and makes the desk (here
    held back until the check has answered); the window opens once both are done, and the
    sign-in is in the audit trail once."""
    import threading

    checked = threading.Event()
    real_open = ui.app._open

    def held_open(reached: ui.app._Reached) -> ui.app._Ready:
        assert checked.wait(timeout=30), "the password was not checked before the desk was made"
        return real_open(reached)

    monkeypatch.setattr(ui.app, "_open", held_open)
    signed_in_before = _sign_ins(desk)
    url = desk.database.url.render_as_string(hide_password=False)
    launcher = Launcher(url, clock=desk.clock)
    launchers.append(launcher)
    launcher.start()
    login = launcher.login
    qtbot.keyClicks(login.username, "admin")
    qtbot.keyClicks(login.password, PASSWORD)
    login.sign_in_button.click()  # before the database is open: it waits for it
    try:
        with qtbot.waitSignal(login.signed_in, timeout=20_000):
            pass
        assert launcher.window is None and launcher.desk is None  # the core is not ready yet
        # Found in review: the dialog then looked as if nothing had happened, and Enter
        # pressed again checked an empty password, a refusal in the audit trail.
        assert login.status.text() == "Signed in. Opening the window…"
        assert not login.sign_in_button.isEnabled()
        qtbot.keyClick(login.password, Qt.Key.Key_Return)
    finally:
        checked.set()
    qtbot.waitUntil(lambda: launcher.window is not None and launcher.window.isVisible())
    assert launcher.window is not None
    assert launcher.window.app.operator.username == "admin"
    QThreadPool.globalInstance().waitForDone(30_000)  # a second check, had one started
    assert _sign_ins(desk) == signed_in_before + 1
    assert _sign_ins(desk, "operator.sign_in_refused") == 0


def _sign_ins(desk: Desk, action: str = "operator.sign_in") -> int:
    from sqlalchemy import func, select

    from clerk_desk.models import AuditEvent

    with desk.database.reading() as session:
        query = select(func.count()).where(AuditEvent.action == action)
        return session.scalar(query) or 0


def test_a_window_opened_while_its_today_list_is_gathered_waits_for_that_list(
    qtbot: QtBot,
    desk: Desk,
    admin: SignedIn,
    launchers: list[Launcher],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 20: signed in before the Today list gathered at start-up was ready (the password
    now checked beside the core's loading), the window gathered the list again. It shows the
    list being gathered instead: gathered once."""
    import threading

    import ui.today.tab

    release = threading.Event()
    gathered: list[int] = []
    real_gather = ui.today.tab.gather

    def gather(action: Action) -> list[TodayItem]:
        if not gathered:  # the launcher's, at start-up: held until the window is open
            release.wait(timeout=30)
        items = real_gather(action)
        gathered.append(1)
        return items

    monkeypatch.setattr(ui.today.tab, "gather", gather)
    url = desk.database.url.render_as_string(hide_password=False)
    launcher = Launcher(url, clock=desk.clock)
    launchers.append(launcher)
    launcher.start()
    login = launcher.login
    try:
        qtbot.waitUntil(lambda: launcher.desk is not None, timeout=20_000)
        qtbot.keyClicks(login.username, "admin")
        qtbot.keyClicks(login.password, PASSWORD)
        login.sign_in_button.click()
        qtbot.waitUntil(lambda: launcher.window is not None and launcher.window.isVisible())
        window = launcher.window
        assert window is not None
        today = window.today_tab
        assert today.gathering and today.updated.text() == "Gathering the list…"
    finally:
        release.set()
    qtbot.waitUntil(lambda: today.updated.text().startswith("As of "))
    assert not today.gathering and gathered == [1]


def test_the_receipts_paper_is_made_ready_with_the_tabs_modules() -> None:
    """Issue 20: the day's first receipt imported ReportLab, read the fonts and encoded the
    seal on the window's thread (240 ms after Save). They are made ready with the tabs'
    modules, ahead of it. In a process of its own, where nothing drew a paper before."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from ui.tab_modules import PAPER_MODULES, import_tab_modules\n"
        "from reports import fonts, letterhead\n"
        "from reports.seal import seal_path\n"
        "assert not fonts._registered and 'reportlab.platypus' not in sys.modules\n"
        "import_tab_modules()\n"
        "print(all(name in sys.modules for name in PAPER_MODULES), fonts._registered,\n"
        "      str(seal_path()) in letterhead._logo_cache)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "True"]
