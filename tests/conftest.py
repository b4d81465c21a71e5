"""Shared fixtures.

Qt runs offscreen so that the suite needs no display. Every test gets a database of its own: a
real SQLite file, and, when ``CLERK_DESK_TEST_DATABASE_URL`` names a PostgreSQL server, the same
test again on a database there (``.ci/run`` starts one). Both are copies of a database migrated
(and, for ``desk`` and ``admin``, seeded) once per process: tests/database_templates.py. "Today"
is a fixed day in Prescott.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

# Two screens, the counter's laptops (issue 19): tests/test_ui_fit.py opens every tab and dialog
# on each. Qt's offscreen platform reads them from this file.
os.environ.setdefault(
    "QT_QPA_PLATFORM", f"offscreen:configfile={Path(__file__).with_name('screens.json')}"
)

import pytest
from database_templates import (  # type: ignore[import-not-found]
    ADMIN_FULL_NAME,
    ADMIN_USERNAME,
    Level,
    Template,
    Templates,
    clock_key,
)
from sqlalchemy import create_engine, event, make_url, text

from clerk_desk import operators
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Role
from clerk_desk.opening import seed_defaults

POSTGRES_ENV = "CLERK_DESK_TEST_DATABASE_URL"
PASSWORD = "counter-password"

# The helpers several test modules share (builders, each workflow's steps) assert too: pytest
# rewrites their asserts as it does a test module's, so that a failing one shows what it
# compared. It must be told before they are first imported, by the test modules after this.
pytest.register_assert_rewrite(
    *sorted(
        path.stem
        for path in Path(__file__).parent.glob("*.py")
        if not path.stem.startswith(("test_", "conftest", "database_templates"))
    )
)

# Operators are made in most tests, and a hash at the cost that ships (2**17) takes half a
# second: this process hashes at 2**10 instead. Only this assignment of a private name lowers
# it; processes the tests start (the command line, the workers) hash at the shipped cost, and
# tests/test_operators.py proves that cost. ``shipped_password_cost`` restores it for a test.
_SHIPPED_PASSWORD_COST = (operators._cost, operators._DUMMY_HASH)
operators._cost = operators.ScryptCost(2**10, 8, 1)
operators._DUMMY_HASH = operators.hash_password("nobody's password")


@pytest.fixture
def shipped_password_cost(monkeypatch: pytest.MonkeyPatch) -> operators.ScryptCost:
    """New hashes, and the dummy an unknown user name is checked against, at the shipped cost."""
    cost, dummy = _SHIPPED_PASSWORD_COST
    monkeypatch.setattr(operators, "_cost", cost)
    monkeypatch.setattr(operators, "_DUMMY_HASH", dummy)
    return cost


def pytest_configure(config: pytest.Config) -> None:
    """Each pytest-xdist worker gets its own PostgreSQL database beside the one named, since every
    test replaces the database it uses (and its templates are named after it)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get(POSTGRES_ENV)
    if worker and url:
        os.environ[POSTGRES_ENV] = _worker_database(url, worker)


def _worker_database(url: str, worker: str) -> str:
    base = make_url(url)
    name = f"{base.database}_{worker}"
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        known = conn.scalar(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name})
        if not known:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Backups, the default database and documents go to the test's own folder."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv("CLERK_DESK_DATA_DIR", str(folder))
    monkeypatch.delenv("CLERK_DESK_DATABASE", raising=False)
    return folder


@pytest.fixture
def clock() -> FixedClock:
    """Monday, November 30, 2026, 10:00 a.m. in Prescott."""
    return FixedClock(datetime(2026, 11, 30, 10, 0))


def _fresh_postgres_schema(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(scope="session")
def _templates(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Templates]]:
    """The databases this process copies for its tests, per backend (tests/database_templates)."""
    folder = tmp_path_factory.mktemp("database-templates")
    url = os.environ.get(POSTGRES_ENV)
    made = {
        "sqlite": Templates("sqlite", folder, password=PASSWORD),
        "postgresql": Templates(
            "postgresql", folder, server_url=make_url(url) if url else None, password=PASSWORD
        ),
    }
    yield made
    for templates in made.values():
        templates.drop_all()


def _level(request: pytest.FixtureRequest) -> Level:
    """How far the test's database may be made from a template before its fixtures run: as far
    as the fixtures below will take it anyway. ``desk`` seeds the defaults, ``admin`` creates
    the Administrator (fresh when the test hashes at the shipped cost: its hash must be too).
    No fixture writes to the database between ``database`` and ``desk``, or ``desk`` and
    ``admin``; on SQLite ``desk`` and ``admin`` check that (``Templates.unchanged``)."""
    names = request.fixturenames
    if "desk" not in names or clock_key(request.getfixturevalue("clock")) is None:
        return Level.MIGRATED
    if "admin" in names and "shipped_password_cost" not in names:
        return Level.ADMINISTRATOR
    return Level.DEFAULTS


@dataclass
class _Made:
    """What the ``database`` fixture copied, for ``desk`` and ``admin`` to build on."""

    templates: Templates
    level: Level
    template: Template


_made: dict[int, _Made] = {}


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database: a SQLite file, or a clean schema on the PostgreSQL server
    (the ``database`` fixture replaces it whole, so it is left as it is for that)."""
    if request.param == "sqlite":
        return f"sqlite+pysqlite:///{tmp_path / 'clerk-desk.sqlite3'}"
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"{POSTGRES_ENV} is not set; .ci/run starts a PostgreSQL server for this")
    if "database" not in request.fixturenames:
        _fresh_postgres_schema(url)
    return url


@pytest.fixture
def database(
    request: pytest.FixtureRequest, database_url: str, _templates: dict[str, Templates]
) -> Iterator[Database]:
    """A database in exactly the state ``migrate()`` leaves an empty one in: a copy of one
    migrated once in this process (the migrations' own tests run them from scratch, on
    ``database_url``). When the test's ``desk`` or ``admin`` fixture will seed it, the copy is of
    one seeded once with the test's clock."""
    templates = _templates["sqlite" if database_url.startswith("sqlite") else "postgresql"]
    level = _level(request)
    clock = request.getfixturevalue("clock") if level > Level.MIGRATED else None
    template = templates.copy_into(database_url, level, clock)
    db = Database(database_url)
    _made[id(db)] = _Made(templates, level, template)
    yield db
    _made.pop(id(db), None)
    _delete_closed_widgets()
    db.dispose()


def _delete_closed_widgets() -> None:
    """Delete now the widgets pytest-qt has closed: it only calls ``deleteLater``, which its
    ``processEvents`` leaves pending. Kept alive, a form's timer or a focus change went on using
    the database in a later test, on a fresh pool of the engine disposed here; the PostgreSQL
    connection that opened was never closed, and its garbage collection failed another test."""
    if "PySide6.QtCore" not in sys.modules:
        return  # no Qt in this process: no widgets
    from PySide6.QtCore import QCoreApplication, QEvent, QThreadPool

    # A read a window started on a worker thread (the Today list) ends before its database is
    # disposed, or it would open a connection on the next test's pool.
    QThreadPool.globalInstance().waitForDone(60_000)
    if "ui.kit.operations" in sys.modules:  # and a long job (an export, the packet)
        sys.modules["ui.kit.operations"].long_jobs().waitForDone(60_000)
    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    # A main window puts what is alive out of the cycle collector's sight (ui/kit/collector.py),
    # as a program does once; a test process makes hundreds, so hand it all back.
    gc.unfreeze()


@pytest.fixture
def desk(database: Database, clock: FixedClock) -> Desk:
    """The core on a fresh database with the City's default fee schedule, as after first start."""
    the_desk = Desk(database, clock=clock)
    made = _made.get(id(database))
    if made is None or made.level < Level.DEFAULTS:
        seed_defaults(the_desk)
    else:
        _require_unchanged(made, database, "desk")
    return the_desk


@pytest.fixture
def admin(desk: Desk) -> SignedIn:
    """The Administrator created at first start."""
    made = _made.get(id(desk.database))
    if made is not None and made.level == Level.ADMINISTRATOR:
        _require_unchanged(made, desk.database, "admin")
        assert made.template.admin is not None
        return made.template.admin
    return operators.create_first_administrator(
        desk.database,
        desk.clock,
        username=ADMIN_USERNAME,
        full_name=ADMIN_FULL_NAME,
        password=PASSWORD,
    )


def _require_unchanged(made: _Made, database: Database, fixture: str) -> None:
    """The copy must still be the template when the fixture that would have made it runs:
    a fixture that wrote before it would have written before the seeding, not after."""
    if not made.templates.unchanged(str(database.url.render_as_string(False)), made.template):
        raise AssertionError(
            f"a fixture of this test wrote to the database before the {fixture!r} fixture "
            "ran, which the copied template had already done (tests/conftest.py _level)"
        )


@pytest.fixture
def operator_with(desk: Desk, admin: SignedIn) -> Callable[[Role], SignedIn]:
    """Make (once) and return a signed-in operator with the given role."""
    made: dict[Role, SignedIn] = {Role.ADMINISTRATOR: admin}

    def make(role: Role) -> SignedIn:
        if role not in made:
            with desk.action(admin) as action:
                made[role] = operators.add_operator(
                    action,
                    username=role.value.replace("_", "-"),
                    full_name=f"Test {role.label}",
                    role=role,
                    password=PASSWORD,
                )
        return made[role]

    return make


Handler = Callable[[Any], None]


@pytest.fixture
def treasurer(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    """An active operator with the Treasurer's role (receipts, drawers, refunds)."""
    return operator_with(Role.TREASURER)


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    """An active operator with the Clerk's role (the counter, permits, bonds, settings)."""
    return operator_with(Role.CLERK)


@pytest.fixture
def deputy(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    """An active operator with the Deputy Clerk's role (the counter, receipts, permits)."""
    return operator_with(Role.DEPUTY_CLERK)


@pytest.fixture
def inspector(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    """An active operator with the Building Inspector's role, the Director of Public Works'
    too (approves work permits, assigns street numbers; takes no money)."""
    return operator_with(Role.INSPECTOR)


@pytest.fixture
def director(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    """The Director of Public Works, who signs in with the Building Inspector's role
    (Chapter 506 gives the Director sidewalk and street opening permits, and an annual bond's
    amount)."""
    return operator_with(Role.INSPECTOR)


@pytest.fixture
def dialogs(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> list[Handler]:
    """Modal dialogs are shown without a modal loop and handed to the next queued handler."""
    from ui.kit import forms as forms

    queue: list[Handler] = []

    def run(dialog: Any) -> int:
        qtbot.add_widget(dialog)
        dialog.show()
        queue.pop(0)(dialog)
        if dialog.isVisible():  # the handler left it open: closed unsaved, without a question
            getattr(dialog, "discard", dialog.reject)()
        return int(dialog.result())

    monkeypatch.setattr(forms, "run_modal", run)
    return queue


@pytest.fixture(autouse=True)
def _no_unanswered_question(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """A message box that no test answers fails the test at once, instead of waiting offscreen
    for a click that never comes (the ``messages`` fixture answers them). A form a test leaves
    open (``qtbot.add_widget``) is closed unsaved at its end, without the question Esc asks."""
    if "qtbot" not in request.fixturenames:
        yield
        return
    qtbot = request.getfixturevalue("qtbot")
    from PySide6.QtWidgets import QMessageBox, QWidget

    from ui.kit import forms as forms
    from ui.kit import operations as operations

    def unanswered(box: QMessageBox) -> int:
        raise AssertionError(f"a message box nobody answers: {box.text()!r}")

    monkeypatch.setattr(operations, "ask_message", unanswered)
    add_widget = qtbot.add_widget

    def closed_unsaved(
        widget: QWidget, *, before_close_func: Callable[[QWidget], None] | None = None
    ) -> None:
        if before_close_func is None and isinstance(widget, forms.FormDialog):
            before_close_func = forms.FormDialog.discard
        add_widget(widget, before_close_func=before_close_func)

    monkeypatch.setattr(qtbot, "add_widget", closed_unsaved)
    monkeypatch.setattr(qtbot, "addWidget", closed_unsaved)
    yield


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Message boxes are read, not shown; a question is answered Yes."""
    from PySide6.QtWidgets import QMessageBox
    from shown_text import markup_shown  # type: ignore[import-not-found]

    from ui.kit import operations as operations

    seen: list[str] = []

    def answer(box: QMessageBox) -> int:
        seen.append(box.text())
        assert markup_shown(box) == [], "a message box shows markup as text"
        return int(QMessageBox.StandardButton.Yes.value)

    monkeypatch.setattr(operations, "ask_message", answer)
    return seen


@pytest.fixture
def child_jobs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The functions handed to a process of their own (``clerk_desk.child_process.run``) during
    the test, as ``module.name``: an export the writer would stall the window on is seen to
    leave the window's process (issue 20)."""
    from clerk_desk import child_process

    ran: list[str] = []
    real = child_process.run

    def run(function: Callable[..., Any], *args: Any, progress: Any, **kwargs: Any) -> Any:
        ran.append(f"{function.__module__}.{function.__qualname__}")
        return real(function, *args, progress=progress, **kwargs)

    monkeypatch.setattr(child_process, "run", run)
    return ran


@dataclass
class ScriptedAnswers:
    """The questions the window asked, and the buttons a test presses on them, in turn.

    A test appends the button to press before the act that asks; a question with no press
    scripted fails the test (an IndexError), as an unexpected box would stop a clerk."""

    shown: list[Any]  # the QMessageBox of each question, in turn
    texts: list[str]  # each question's text, read as it was asked
    defaults: list[Any]  # the button each question would press on Enter
    presses: list[Any]  # the QMessageBox.StandardButton to press on each, in turn


@pytest.fixture
def scripted_answers(monkeypatch: pytest.MonkeyPatch) -> ScriptedAnswers:
    """Questions are answered by the buttons the test scripts, one per question."""
    from PySide6.QtWidgets import QMessageBox

    from ui.kit import operations as operations

    script = ScriptedAnswers([], [], [], [])

    def press(box: QMessageBox) -> int:
        script.shown.append(box)
        script.texts.append(box.text())
        script.defaults.append(box.standardButton(box.defaultButton()))
        return int(script.presses.pop(0).value)

    monkeypatch.setattr(operations, "ask_message", press)
    return script


@pytest.fixture
def count_statements(desk: Desk) -> Iterator[Callable[[Callable[[], object]], int]]:
    """How many SQL statements a reading runs, counted on the engine itself: to show a reading
    bounded (the same count for one row and for many), never timed (issue 20)."""
    statements = [0]

    def count(*_args: object) -> None:
        statements[0] += 1

    def run(read: Callable[[], object]) -> int:
        statements[0] = 0
        read()
        return statements[0]

    event.listen(desk.database.engine, "before_cursor_execute", count)
    yield run
    event.remove(desk.database.engine, "before_cursor_execute", count)
