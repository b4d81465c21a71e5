"""``clerk-desk`` (ui.main): headless commands run without Qt's widgets; the window's arguments
are read quickly; the benchmark hook reports and quits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from clerk_desk import __version__
from clerk_desk.database import Database
from clerk_desk.workflows import WORKFLOWS
from ui.kit.operations import App
from ui.main import main

ROOT = Path(__file__).resolve().parent.parent


def test_version_runs_headless(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["version"]) == 0
    assert capsys.readouterr().out.strip() == f"Clerk Desk {__version__}"


def test_check_runs_headless(
    database: Database, admin, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CLERK_DESK_USER", admin.username)  # check signs its operator in
    monkeypatch.setenv("CLERK_DESK_PASSWORD", "counter-password")
    url = database.url.render_as_string(hide_password=False)
    assert main(["--database", url, "check"]) == 0
    out = capsys.readouterr().out
    assert "Integrity:  ok" in out
    assert "Result:     OK" in out


def test_a_headless_command_never_loads_qt_widgets() -> None:
    script = (
        "import sys; from ui.main import main; status = main(['version']); "
        "assert 'PySide6.QtWidgets' not in sys.modules, 'Qt widgets were imported'; "
        "sys.exit(status)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Clerk Desk ")


def test_reading_the_window_arguments_loads_no_database_library() -> None:
    """The login dialog must appear fast: parsing ``--database X`` may not import SQLAlchemy."""
    script = (
        "import sys; from clerk_desk.cli import build_parser; "
        "args = build_parser().parse_args(['--database', 'city.sqlite3']); "
        "assert args.command is None and args.database == 'city.sqlite3'; "
        "assert 'sqlalchemy' not in sys.modules, 'SQLAlchemy was imported'"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_the_login_dialogs_modules_load_no_database_library() -> None:
    """The login dialog is shown before the core loads (0.5 s, on a worker thread): nothing it
    imports may import SQLAlchemy. A station-id helper that imported the core put the dialog
    on screen at 700 ms instead of 180."""
    script = (
        "import sys; import ui.main, ui.app, ui.login; "
        "assert 'sqlalchemy' not in sys.modules, 'SQLAlchemy was imported'"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


LATER_MODULES = (
    "ui.guide",
    "ui.ordinance_viewer",
    "ui.placeholder_tab",
    "clerk_desk.ordinance",
    "reports",
    "email.parser",
)


def test_the_main_windows_modules_leave_the_help_and_the_papers_for_later() -> None:
    """The window shows before anyone can open its Help menu or print: importing it loads
    neither the ordinance viewer nor the guide, no paper (``reports``), no placeholder tab (every
    workflow is built), and does not read the installed version (``importlib.metadata`` parses
    it with ``email.parser``). They load once the window is up (``ui.tab_modules``) or on
    first use."""
    script = (
        "import sys; import ui.main_window; "
        f"loaded = [name for name in {LATER_MODULES!r} if name in sys.modules]; "
        "assert not loaded, loaded"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.gui
def test_the_benchmark_hook_reports_the_login_dialog(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        CLERK_DESK_DATA_DIR=str(tmp_path),
        CLERK_DESK_BENCHMARK="login",
    )
    script = "import sys; from ui.main import main; sys.exit(main(sys.argv[1:]))"
    result = subprocess.run(
        [sys.executable, "-c", script, "--database", str(tmp_path / "city.sqlite3")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    ready = [line for line in result.stdout.splitlines() if line.startswith("READY ")]
    assert len(ready) == 1
    float(ready[0].split()[1])
    assert not (tmp_path / "city.sqlite3").exists()  # the login came before the database


@pytest.mark.gui
def test_an_unexpected_error_is_logged_and_shown(
    qtbot: object, monkeypatch: pytest.MonkeyPatch, _private_data_dir: Path
) -> None:
    import logging

    from ui import main as ui_main
    from ui.kit import operations as operations

    shown: list[str] = []
    monkeypatch.setattr(operations, "ask_message", lambda box: shown.append(box.text()) or 0)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # put back after the test
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        ui_main.keep_a_log()
        try:
            raise RuntimeError("a bug in a slot")
        except RuntimeError as error:
            sys.excepthook(type(error), error, error.__traceback__)
    finally:
        for handler in root.handlers:
            if handler not in handlers:
                handler.close()
                root.removeHandler(handler)
        root.setLevel(level)
    assert shown and "did not expect" in shown[0]
    log = (_private_data_dir / "logs" / ui_main.LOG_FILE).read_text(encoding="utf-8")
    assert "RuntimeError: a bug in a slot" in log


def test_a_workflow_tab_is_built_when_first_opened(qtbot, desk, admin) -> None:
    """The window opens in the time the Today tab takes: the other tabs wait to be shown."""
    from ui.main_window import MainWindow
    from ui.receipts.tab import ReceiptsTab

    window = MainWindow(App(desk, admin))
    qtbot.add_widget(window)
    index = [w.name for w in WORKFLOWS].index("receipts")
    assert not isinstance(window.tabs.widget(index), ReceiptsTab)
    window.action("tab_receipts").trigger()
    assert isinstance(window.tabs.currentWidget(), ReceiptsTab)
    assert window.tabs.currentIndex() == index
    assert window.tab_title(index) == "Receipts"
    assert window.tab("receipts") is window.tabs.currentWidget()
    assert window.action("export").isEnabled()  # the built tab's register can be exported


def test_a_station_goes_back_to_the_sign_in_once_a_backup_was_restored_elsewhere(
    qtbot, desk, admin, operator_with, messages, tmp_path
) -> None:
    """Another station restored a backup: this one's next action is refused, the clerk reads
    why, and the window closes for the sign-in only once the open form is closed."""
    from PySide6.QtWidgets import QDialog

    from clerk_desk import opening, operators
    from clerk_desk.kinds import Role
    from ui.kit.operations import perform
    from ui.main_window import MainWindow

    operator_with(Role.CLERK)
    clerk = operators.sign_in(desk.database, desk.clock, "clerk", "counter-password")
    window = MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    window.show()
    assert perform(window, window.app, lambda action: action.operator.username) == "clerk"
    backup = opening.back_up(desk, admin, tmp_path / "elsewhere.sqlite3")
    opening.restore_backup(desk, admin, backup)  # at the other station

    form = QDialog(window)  # a form the clerk is typing into
    form.setModal(True)
    form.show()
    left: list[str] = []
    window.restored.connect(left.append)
    assert perform(window, window.app, lambda action: action.operator.username) is None
    assert any("A backup was restored" in text for text in messages)
    qtbot.wait(400)
    assert left == [] and window.isVisible()  # the form stays until the clerk closes it
    form.close()
    qtbot.waitUntil(lambda: bool(left), timeout=3000)
    assert "sign in again" in left[0]
    assert not window.isVisible()
