"""``clerk-desk self-test``: the program proves, on the machine it is installed on, that it has
everything it loads at run time.

A frozen program (PyInstaller) carries only what its spec names; a data file or a module loaded
by name that was left out shows up as a clerk's error on the first morning, not as a build
error. The self-test does the day's work once, in a temporary folder and never on the City's
database: it creates a database through the migrations (as an upgrade does: backup first),
writes a receipt, renders it as a PDF and reads it back, renders the page as the printer would,
writes an Excel register and reopens it, loads the PostgreSQL driver, and opens the main window
offscreen, signs in and builds every tab. Each check prints one line as it passes; the first
failure prints what failed and the self-test ends with status 1.

It lives in ``ui`` because it uses every layer (``ui -> reports -> clerk_desk``); the command is
declared with the others in :mod:`clerk_desk.cli` and run by :func:`ui.main.main`.
``packaging/ClerkDesk.spec`` reads :func:`modules_loaded_by_name` to list the hidden imports,
so the spec and the self-test cannot disagree about them.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import io
import os
import secrets
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from clerk_desk.desk import Action, Desk, SignedIn
    from clerk_desk.receipts.service import LineEntry
    from ui.app import Launcher
    from ui.main_window import MainWindow

DATA_DIR_ENV = "CLERK_DESK_DATA_DIR"
USERNAME = "selftest"
PAYER = "Zoë Nguyễn (self-test)"  # letters outside Latin-1: the embedded font must print them
STATION = "Self-test"
WINDOW_SECONDS = 120.0
"""How long the window may take to open and sign in before the self-test says what it shows."""


class SelfTestFailure(Exception):
    """A check found something missing or wrong; the message says what, for a person."""


# ---- what the frozen program must carry ---------------------------------------------------------


def required_resources() -> list[tuple[str, ...]]:
    """The shipped files the program reads, as parts of a path under ``resources/``."""
    from clerk_desk import fees, guide, ordinance
    from reports import fonts, seal

    return [
        *fonts.FONT_FILES,
        (fees.DEFAULT_SCHEDULE,),
        (ordinance.ORDINANCE_FILE,),
        seal.SEAL_FILE,
        ("clerk-desk.png",),  # the window's icon (ui.main_window.app_icon)
        *((guide.GUIDE_FOLDER, name) for name in guide.GUIDE_FILES),
    ]


def modules_loaded_by_name() -> list[str]:
    """Every module of Clerk Desk that is imported by its name at run time, not by an import
    statement a freezer can follow: the workflows' Today providers, the workflows' tabs (built
    when first shown) and the dialogs loaded on first use."""
    from clerk_desk.workflows import WORKFLOWS, provider_modules
    from ui.main_window import AUDIT_DIALOG_MODULE, SETTINGS_DIALOGS_MODULE
    from ui.tab_modules import tab_module_name

    tabs = [tab_module_name(workflow) for workflow in WORKFLOWS if workflow.built]
    return [*provider_modules(), *tabs, SETTINGS_DIALOGS_MODULE, AUDIT_DIALOG_MODULE]


# ---- running the checks -------------------------------------------------------------------------


@dataclass
class Context:
    """What one check leaves for the next."""

    folder: Path
    database_path: Path
    desk: Desk | None = None
    operator: SignedIn | None = None
    password: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    receipt_id: int = 0
    receipt_number: str = ""
    pdf: bytes = b""
    cleanups: list[Callable[[], object]] = field(default_factory=list)


Check = Callable[[Context], str]


def run(*, out: TextIO | None = None, keep: bool = False) -> int:
    """Run every check in a temporary folder; return 0 if all passed, else 1."""
    from clerk_desk import __version__

    started = time.perf_counter()
    writer = _Writer(out)
    folder = Path(tempfile.mkdtemp(prefix="clerk-desk-self-test-"))
    context = Context(folder=folder, database_path=folder / "data" / "self-test.sqlite3")
    writer.line(f"Clerk Desk {__version__} self-test in {folder}")
    passed = 0
    try:
        with _private_data_folder(folder / "data"), _quiet_offscreen_platform():
            for title, check in CHECKS:
                began = time.perf_counter()
                try:
                    detail = check(context)
                except Exception as error:
                    writer.line(f"FAILED  {title}: {_explain(error)}")
                    writer.line(f"Self-test failed after {passed} of {len(CHECKS)} checks.")
                    if not isinstance(error, SelfTestFailure) and sys.stderr is not None:
                        traceback.print_exc(file=sys.stderr)  # for whoever fixes the build
                    return 1
                passed += 1
                writer.line(f"ok      {title} ({time.perf_counter() - began:.1f} s): {detail}")
    finally:
        for cleanup in reversed(context.cleanups):
            with contextlib.suppress(Exception):  # cleaning up must not hide the result
                cleanup()
        if keep:
            writer.line(f"The files it wrote are kept in {folder}")
        else:
            _remove(folder)
    writer.line(f"Self-test passed: {passed} checks in {time.perf_counter() - started:.1f} s.")
    return 0


class _Writer:
    """Prints a line at once (a check may take seconds); says nothing where there is no console
    (the windowed program on Windows has ``sys.stdout = None``)."""

    def __init__(self, out: TextIO | None) -> None:
        self.out = out

    def line(self, text: str) -> None:
        stream = self.out if self.out is not None else sys.stdout
        if stream is None:
            return
        try:
            print(text, file=stream, flush=True)
        except UnicodeEncodeError:  # a Windows console or pipe in a code page without "ễ"
            encoding = getattr(stream, "encoding", None) or "ascii"
            print(text.encode(encoding, "replace").decode(encoding), file=stream, flush=True)


def _explain(error: BaseException) -> str:
    if isinstance(error, SelfTestFailure):
        return str(error)
    message = getattr(error, "message", None) or str(error)  # ClerkDeskError says it plainly
    return f"{type(error).__name__}: {message}"


@contextmanager
def _private_data_folder(folder: Path) -> Iterator[None]:
    """Backups, logs and this station's settings go to ``folder``, not the user's own."""
    previous = os.environ.get(DATA_DIR_ENV)
    os.environ[DATA_DIR_ENV] = str(folder)
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(DATA_DIR_ENV, None)
        else:
            os.environ[DATA_DIR_ENV] = previous


@contextmanager
def _quiet_offscreen_platform() -> Iterator[None]:
    """The offscreen platform warns that it cannot raise or resize a real window; that is not
    news to anyone reading the self-test. Every other Qt message goes on to stderr."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def handler(kind: QtMsgType, context: object, message: str) -> None:
        if message.startswith("This plugin does not support") or sys.stderr is None:
            return
        print(message, file=sys.stderr)

    previous = qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)


def _remove(folder: Path) -> None:
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise SelfTestFailure(message)


# ---- the checks, in order -----------------------------------------------------------------------


def check_resources(context: Context) -> str:
    from clerk_desk.paths import resource_path

    folder = resource_path()
    missing = [
        "/".join(parts) for parts in required_resources() if not resource_path(*parts).is_file()
    ]
    _require(not missing, f"missing from {folder}: {', '.join(missing)}")
    return f"{len(required_resources())} files in {folder}"


def check_modules(context: Context) -> str:
    names = modules_loaded_by_name()
    missing = [name for name in names if importlib.util.find_spec(name) is None]
    _require(not missing, f"this copy lacks the modules {', '.join(missing)}")
    for name in names:
        importlib.import_module(name)
    return f"{len(names)} modules loaded by name (workflows, tabs, dialogs) import"


def check_time_zone(context: Context) -> str:
    from clerk_desk.clock import CITY_TIMEZONE, city_zone

    try:
        zone = city_zone()
    except Exception as error:
        raise SelfTestFailure(
            f"the time zone {CITY_TIMEZONE} cannot be read ({error}); on Windows the program "
            "needs the tzdata package beside it"
        ) from error
    winter = datetime(2026, 1, 15, 12, tzinfo=zone).utcoffset()
    summer = datetime(2026, 7, 15, 12, tzinfo=zone).utcoffset()
    _require(
        (winter, summer) == (timedelta(hours=-6), timedelta(hours=-5)),
        f"{CITY_TIMEZONE} gives UTC offsets {winter} and {summer}, not -6 h and -5 h",
    )
    return f"{CITY_TIMEZONE} is UTC-6 in January and UTC-5 in July"


def check_database(context: Context) -> str:
    """The migrations create the database as at a first start after an upgrade: the scripts
    are read from their files, every step but the last runs, then opening the program takes a
    backup and runs the last one."""
    from alembic.script import ScriptDirectory

    from clerk_desk import migrations
    from clerk_desk.database import Database
    from clerk_desk.opening import open_desk
    from clerk_desk.paths import backups_dir

    scripts = sorted(p.name for p in (migrations.HERE / "versions").glob("[!_]*.py"))
    head = ScriptDirectory.from_config(migrations.config()).get_current_head()
    _require(
        head == migrations.HEAD,
        f"the migration scripts in {migrations.HERE / 'versions'} end at {head}, not at "
        f"{migrations.HEAD} (found {len(scripts)} scripts)",
    )
    assert head is not None
    revision = ScriptDirectory.from_config(migrations.config()).get_revision(head)
    previous = revision.down_revision if revision is not None else None
    context.database_path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(previous, str):
        older = Database(str(context.database_path))
        try:
            with older.engine.begin() as connection:
                migrations.upgrade(connection, previous)
        finally:
            older.dispose()
    opened = open_desk(str(context.database_path))
    context.desk = opened.desk
    context.cleanups.append(opened.desk.database.dispose)
    database = opened.desk.database
    _require(
        database.current_revision() == migrations.HEAD,
        f"the database is at {database.current_revision()}, not {migrations.HEAD}",
    )
    report = database.check()
    _require(report.ok, "the new database fails its check: " + "; ".join(report.lines()))
    if not isinstance(previous, str):
        return f"created by the migrations at revision {head}"
    backup = opened.backup
    _require(
        backup is not None and backup.is_file() and backup.parent == backups_dir(),
        f"opening a database at {previous} took no backup before migrating it",
    )
    assert backup is not None
    return (
        f"{len(scripts)} migration scripts; a database at {previous} was backed up "
        f"({backup.name}) and migrated to {head}"
    )


def check_receipt(context: Context) -> str:
    from clerk_desk import operators
    from clerk_desk.kinds import TenderKind
    from clerk_desk.money import Money
    from clerk_desk.receipts import service as receipts
    from clerk_desk.receipts.service import TenderEntry

    desk = _desk(context)
    context.operator = operators.create_first_administrator(
        desk.database,
        desk.clock,
        username=USERNAME,
        full_name="Self-test Administrator",
        password=context.password,
    )
    with desk.action(context.operator) as action:
        receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
    with desk.action(context.operator) as action:
        fee = _first_fee_line(action)
        receipt = receipts.take_payment(
            action,
            station=STATION,
            payer_id=None,
            payer_name=PAYER,
            lines=[fee],
            tenders=[TenderEntry(TenderKind.CASH, fee.amount)],
        )
        context.receipt_id, context.receipt_number = receipt.id, receipt.number
    return f"receipt {context.receipt_number} for {fee.amount} ({fee.description})"


def _first_fee_line(action: Action) -> LineEntry:
    from clerk_desk import fees
    from clerk_desk.receipts import service as receipts

    today = action.today()
    in_force = fees.schedule(action.session, on=today)
    _require(bool(in_force), "the default fee schedule was not loaded into the new database")
    return receipts.fee_line(action.session, in_force[0].code, on=today, reference="SELF-TEST")


def check_receipt_pdf(context: Context) -> str:
    from pypdf import PdfReader

    from clerk_desk import settings_store
    from clerk_desk.receipts import service as receipts
    from reports.receipt import receipt_pdf

    desk = _desk(context)
    assert context.operator is not None
    with desk.lookup(context.operator) as action:
        view = receipts.receipt_view(action.session, context.receipt_id)
        profile = settings_store.city_profile(action.session)
    context.pdf = receipt_pdf(view, profile=profile, paper="letter", duplicate=False)
    path = context.folder / f"receipt-{context.receipt_number}.pdf"
    path.write_bytes(context.pdf)
    roll = receipt_pdf(view, profile=profile, paper="roll", duplicate=True)
    pages = PdfReader(io.BytesIO(context.pdf)).pages
    text = "\n".join(page.extract_text() or "" for page in pages)
    roll_text = "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(roll)).pages)
    for wanted in (context.receipt_number, PAYER):
        _require(wanted in text, f"the receipt PDF does not read back {wanted!r}")
    _require("DUPLICATE" in roll_text, "the 80 mm receipt does not read back DUPLICATE")
    return (
        f"{len(pages)} page(s), {len(context.pdf):,} bytes; number and payer read back with "
        "pypdf; the 80 mm roll too"
    )


def check_printing(context: Context) -> str:
    from PySide6.QtPrintSupport import QPrinter

    from ui.kit.printing import page_images, paint_pdf

    _application()
    image, _size = page_images(context.pdf, dpi=50)[0]
    _require(not image.isNull() and image.width() > 0, "pdfium rendered an empty page")
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printed = context.folder / "printed.pdf"
    printer.setOutputFileName(str(printed))
    pages = paint_pdf(printer, context.pdf)
    _require(
        pages >= 1 and printed.is_file() and printed.stat().st_size > 0,
        "printing through Qt's print support wrote nothing",
    )
    return (
        f"page rendered by pdfium ({image.width()}x{image.height()} px at 50 dpi) and "
        f"painted on a QPrinter ({pages} page)"
    )


def check_excel(context: Context) -> str:
    from openpyxl import load_workbook

    from clerk_desk.receipts import service as receipts
    from clerk_desk.receipts.views import Period
    from reports.receipts.register import register_excel

    desk = _desk(context)
    assert context.operator is not None
    today = desk.clock.today()
    period = Period(today, today)
    with desk.lookup(context.operator) as action:
        rows = receipts.register_rows(action.session, period)
    path = context.folder / "receipts-register.xlsx"
    written = register_excel(path, rows, period=period)
    workbook = load_workbook(path, read_only=True)
    try:
        values = [c for row in workbook.active.iter_rows(values_only=True) for c in row]
    finally:
        workbook.close()
    _require(
        written == 1 and context.receipt_number in values,
        f"the register reopened with openpyxl does not hold receipt {context.receipt_number}",
    )
    return f"{written} receipt written and reopened with openpyxl ({path.name})"


def check_postgresql_driver(context: Context) -> str:
    """Several counter stations share a PostgreSQL database: its driver is loaded by the URL's
    name, so a freezer cannot see it. The engine is made without connecting anywhere."""
    from clerk_desk.database import postgresql_driver

    try:
        return postgresql_driver(frozen=getattr(sys, "frozen", False))
    except RuntimeError as error:
        raise SelfTestFailure(str(error)) from error


def check_window(context: Context) -> str:
    """Start as a clerk does: the login dialog, the database opened behind it, sign in; then
    show every tab once and open the ordinance viewer."""
    from clerk_desk.workflows import WORKFLOWS
    from ui.app import Launcher
    from ui.placeholder_tab import PlaceholderTab
    from ui.tab_modules import tab_module_name

    application = _application()
    desk = _desk(context)
    desk.database.dispose()  # the launcher opens the file itself, as at a start
    launcher = Launcher(str(context.database_path))
    context.cleanups.append(lambda: _close_launcher(launcher))
    window = _sign_in(launcher, context)
    context.cleanups.append(lambda: _close_window(window))
    for workflow in WORKFLOWS:
        widget = window.show_tab(workflow.name)
        application.processEvents()
        _require(
            not (workflow.built and isinstance(widget, PlaceholderTab)),
            f"the {workflow.title} tab is missing from this copy ({tab_module_name(workflow)})",
        )
    viewer = window.open_ordinance("§ 506-7")
    application.processEvents()
    _require(
        viewer.current_cite() == "§ 506-7" and "506-7" in viewer.selected_text(),
        "the ordinance viewer did not open at § 506-7",
    )
    built = sum(1 for w in WORKFLOWS if w.built)
    return (
        f"signed in offscreen; {window.tabs.count()} tabs shown ({built} built workflows); "
        "the ordinance opened at § 506-7"
    )


def _sign_in(launcher: Launcher, context: Context) -> MainWindow:
    """Type the user name and password into the login dialog and wait for the main window."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    windows: list[MainWindow] = []
    errors: list[str] = []

    def ready(window: MainWindow) -> None:
        windows.append(window)
        loop.quit()

    def quitting(status: int) -> None:
        errors.append(f"the program was told to quit with status {status}")
        loop.quit()

    def too_late() -> None:
        errors.append(f"nothing after {WINDOW_SECONDS:.0f} s")
        _dismiss_dialogs(errors)
        loop.quit()

    def caught(kind: type[BaseException], error: BaseException, trace: object) -> None:
        errors.append(f"{kind.__name__}: {error}")
        loop.quit()

    launcher.main_window_ready.connect(ready)
    launcher.quit_requested.connect(quitting)
    deadline = QTimer()
    deadline.setSingleShot(True)
    deadline.timeout.connect(too_late)
    hook = sys.excepthook

    sys.excepthook = caught  # an exception in a Qt slot is reported here, not raised
    try:
        launcher.start()
        launcher.login.username.setText(USERNAME)
        launcher.login.password.setText(context.password)
        launcher.login.sign_in_button.click()  # waits for the database if it is not open yet
        if not windows and not errors:
            deadline.start(int(WINDOW_SECONDS * 1000))
            loop.exec()
    finally:
        deadline.stop()
        sys.excepthook = hook
        launcher.main_window_ready.disconnect(ready)
        launcher.quit_requested.disconnect(quitting)
    if windows:
        return windows[0]
    refused = launcher.login.error_text()
    raise SelfTestFailure(
        "the main window did not open after signing in"
        + (f": the login said {refused!r}" if refused else "")
        + (f" ({'; '.join(errors)})" if errors else "")
    )


def _dismiss_dialogs(errors: list[str]) -> None:
    """A dialog waiting for an answer nobody will give offscreen: say what it says, close it."""
    from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QDialog) and widget.isVisible():
            text = widget.text() if isinstance(widget, QMessageBox) else ""
            errors.append(f"{widget.windowTitle()!r} was showing {text!r}".strip())
            if widget.objectName() != "login_dialog":
                getattr(widget, "discard", widget.reject)()


def _close_window(window: MainWindow) -> None:
    window.close()
    window.deleteLater()


def _close_launcher(launcher: Launcher) -> None:
    from PySide6.QtCore import QThreadPool

    QThreadPool.globalInstance().waitForDone(30_000)  # a tab's search still running
    launcher.login.close()
    if launcher.desk is not None:
        launcher.desk.database.dispose()
    _application().processEvents()


CHECKS: tuple[tuple[str, Check], ...] = (
    ("resources", check_resources),
    ("modules", check_modules),
    ("time zone", check_time_zone),
    ("database", check_database),
    ("receipt", check_receipt),
    ("receipt PDF", check_receipt_pdf),
    ("printing", check_printing),
    ("Excel register", check_excel),
    ("PostgreSQL driver", check_postgresql_driver),
    ("main window", check_window),
)


# ---- helpers ------------------------------------------------------------------------------------


def _desk(context: Context) -> Desk:
    if context.desk is None:
        raise SelfTestFailure("the database check did not run")
    return context.desk


def _application() -> QApplication:
    """The running QApplication, or a new one on the offscreen platform: the self-test shows
    nothing on the screen, and needs none (a server, CI, an IT contractor's remote shell)."""
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    application = QApplication(sys.argv[:1])
    application.setOrganizationName("ClerkDesk")
    application.setApplicationName("Clerk Desk")
    application.setQuitOnLastWindowClosed(False)
    return application


def main(*, keep: bool = False, out: TextIO | None = None) -> int:
    """The command: run the self-test and return the exit status."""
    return run(out=out, keep=keep)
