"""How the window reaches the core: one user action, one call, one place that shows errors.

Every widget does its work through :func:`perform` (quick actions, run at once),
:func:`read_in_background` (a read that may outlast a key press, without a progress window),
:func:`draw_paper` (a paper read and drawn while the window repaints) or
:func:`run_in_background` (exports and anything longer than a second, with a progress window
that does not block the window).
Both open one :class:`clerk_desk.desk.Action` (one transaction), and both present failures the
same way: a :class:`~clerk_desk.errors.InvalidInput` that names a field is shown next to that
field; other expected errors in a message box with their citation; anything else is a bug, said
plainly and logged. No widget is touched from a worker thread.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QUrl, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QProgressDialog,
    QTextEdit,
    QWidget,
)
from shiboken6 import isValid

from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import ClerkDeskError, EnvironmentProblem, InvalidInput, SignInFailed
from ui.kit.background import call_in_background, while_painting
from ui.kit.style import BAD, text_sheet

log = logging.getLogger(__name__)
T = TypeVar("T")
P = TypeVar("P")


@dataclass
class App:
    """What every widget is given: the running core and who is signed in."""

    desk: Desk
    operator: SignedIn
    show_ordinance: Callable[[str | None], object] | None = field(
        default=None, repr=False, compare=False
    )
    """Set by the main window: shows its one ordinance viewer at a citation (None: the top)."""
    sign_in_lost: Callable[[str], object] | None = field(default=None, repr=False, compare=False)
    """Set by the main window: the core refused the operator (a backup was restored since they
    signed in, or they were deactivated), so the window closes and the sign-in comes back."""

    def open_ordinance(self, cite: str | None = None) -> bool:
        """Show Chapter 506 at ``cite`` in the window's ordinance viewer.

        Widgets reach the viewer through the :class:`App` they were given rather than through
        a global window, so a tab tested alone works too (it just has no viewer: False).
        """
        if self.show_ordinance is None:
            return False
        self.show_ordinance(cite)
        return True

    def open_link(self, url: QUrl | str) -> bool:
        """Follow a ``cite:`` link: connect ``QLabel.linkActivated`` or
        ``QTextBrowser.anchorClicked`` to it. False for any other link."""
        from ui.ordinance_viewer import cite_from_url

        cite = cite_from_url(url)
        return cite is not None and self.open_ordinance(cite)


class FieldErrors:
    """The red messages under a form's fields, keyed by the core's field names.

    A form registers one :class:`QLabel` per field it shows; :func:`perform` fills the one the
    core's :class:`InvalidInput` names and clears the others.
    """

    def __init__(self) -> None:
        self._labels: dict[str, QLabel] = {}
        self._inputs: dict[str, QWidget] = {}

    def add(self, field: str, label: QLabel, widget: QWidget | None = None) -> None:
        label.setStyleSheet(text_sheet(BAD))
        label.setWordWrap(True)
        label.setVisible(False)
        label.setObjectName(f"error_{field}")
        self._labels[field] = label
        if widget is not None:
            self._inputs[field] = widget
            _on_change(widget, lambda: self._clear(field))

    def _clear(self, field: str) -> None:
        """The clerk changed the field: its refusal is of what was there before."""
        label = self._labels.get(field)
        if label is not None and label.isVisible():
            label.clear()
            label.setVisible(False)

    def clear(self) -> None:
        for label in self._labels.values():
            label.clear()
            label.setVisible(False)

    def show(self, error: InvalidInput) -> bool:
        """Show each refusal under its field, all at once (the first field gets the caret);
        False if one names no field of this form (it is then said in a message box)."""
        shown = [refusal for refusal in error.each() if refusal.field in self._labels]
        for refusal in shown:
            label = self._labels[refusal.field or ""]
            label.setText(refusal.message + (f"  ({refusal.cite})" if refusal.cite else ""))
            label.setVisible(True)
            _grow_to_show(label)
        first = self._inputs.get(shown[0].field or "") if shown else None
        if first is not None:
            first.setFocus(Qt.FocusReason.OtherFocusReason)
        return len(shown) == len(error.each())

    def message(self, field: str) -> str:
        label = self._labels.get(field)
        return label.text() if label is not None and label.isVisible() else ""


def _on_change(widget: QWidget, changed: Callable[[], None]) -> None:
    """Call ``changed`` whenever the clerk changes what ``widget`` (or a field inside it) holds.

    Only the clerk's own edits count (``textEdited``, ``activated``, ``pressed``): a form that
    empties a field as it refuses it (a card number) keeps the refusal showing, and a live check
    that shows a refusal as the value changes is not undone by it.
    """
    parts = [widget, *widget.findChildren(QWidget)]
    for part in parts:
        if isinstance(part, QLineEdit):
            part.textEdited.connect(lambda *_args: changed())
        elif isinstance(part, QPlainTextEdit | QTextEdit):
            part.textChanged.connect(lambda *_args: changed())
        elif isinstance(part, QComboBox):
            part.activated.connect(lambda *_args: changed())
        elif isinstance(part, QAbstractButton):  # pressed: before what the click does runs
            part.pressed.connect(lambda *_args: changed())


def _grow_to_show(label: QLabel) -> None:
    """A dialog grows to show a refusal whole rather than cut it mid-sentence."""
    window = label.window()
    if window is None or not window.isWindow() or not window.isVisible():
        return
    wanted = window.sizeHint()
    if wanted.height() > window.height() or wanted.width() > window.width():
        window.resize(max(window.width(), wanted.width()), max(window.height(), wanted.height()))


def show_error(parent: QWidget | None, error: BaseException, *, title: str = "") -> None:
    """Tell the person what went wrong, in their words; a bug is logged with its traceback."""
    box = QMessageBox(parent)
    box.setObjectName("error_box")
    if isinstance(error, ClerkDeskError):
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(
            title or ("Could not save" if isinstance(error, EnvironmentProblem) else "Clerk Desk")
        )
        box.setText(error.message)
        if error.cite:
            box.setInformativeText(error.cite)
    else:
        log.error("unexpected error", exc_info=error)
        box.setIcon(QMessageBox.Icon.Critical)
        box.setWindowTitle("Unexpected problem")
        box.setText(
            "Clerk Desk ran into a problem it did not expect. Nothing from this action was "
            "saved. Please tell your IT contact what you were doing; the details are below."
        )
        box.setDetailedText("".join(traceback.format_exception(error)))
    ask_message(box)


def ask_message(box: QMessageBox) -> int:
    """Show a message box modally. Tests replace this to read the message without a click."""
    return box.exec()


def attempt(
    parent: QWidget | None,
    work: Callable[[], T],
    *,
    errors: FieldErrors | None = None,
) -> T | None:
    """Call a core function that runs its own transaction (signing in, creating the first
    Administrator, opening a database) and present its failure as :func:`perform` does.

    :func:`perform` cannot be used there: it opens a write transaction of its own, and on
    SQLite a second writer inside it would wait for the first until the busy timeout.
    """
    if errors is not None:
        errors.clear()
    try:
        return work()
    except InvalidInput as error:
        if errors is None or not errors.show(error):
            show_error(parent, error)
    except Exception as error:  # every failure reaches the person; bugs are logged too
        show_error(parent, error)
    return None


def perform(
    parent: QWidget | None,
    app: App,
    work: Callable[[Action], T],
    *,
    writes: bool = True,
    errors: FieldErrors | None = None,
    painting: bool = False,
) -> T | None:
    """Run one quick user action now; return its result, or None after showing why it failed.

    ``painting``: on a thread of its own, the window repainting meanwhile but taking no click or
    key (:func:`ui.kit.background.while_painting`), for an act the clerk waits on that takes
    longer than a keystroke may (a sale written: 20-30 ms, more on a busy server)."""
    if errors is not None:
        errors.clear()

    def run() -> T:
        context = app.desk.action(app.operator) if writes else app.desk.lookup(app.operator)
        with context as action:
            return work(action)

    try:
        return while_painting(run) if painting else run()
    except Exception as error:  # every failure reaches the person; bugs are logged too
        _failed(parent, app, error, errors)
    return None


def draw_paper(
    parent: QWidget | None,
    app: App,
    read: Callable[[Action], P],
    draw: Callable[[P], T],
) -> T | None:
    """Read a paper from the core (``read(action)``, one read-only action), then draw it from
    what was read once that action has closed (``draw(paper)``: ReportLab or openpyxl); return
    the drawing, or None after showing why the read or the drawing failed, as :func:`perform`
    and :func:`attempt` show it.

    Both run on a thread of its own while the window repaints and holds the clerk's clicks and
    keys (:func:`ui.kit.background.while_painting`), so ``draw`` may touch no widget: it is
    given views and a city profile. The clerk waits for the paper anyway; on the window's
    thread a sidewalk permit with its specifications (read in 12 ms, drawn in 85-215 ms) froze
    the window for that long (issue 20)."""
    paper = perform(parent, app, read, writes=False, painting=True)
    if paper is None:
        return None
    return attempt(parent, lambda: while_painting(lambda: draw(paper)))


def _failed(
    parent: QWidget | None, app: App, error: Exception, errors: FieldErrors | None = None
) -> None:
    """Show why an action failed: next to its field if it names one, else in a message box; a
    refused sign-in also closes the window (``app.sign_in_lost``)."""
    if isinstance(error, InvalidInput) and errors is not None and errors.show(error):
        return
    show_error(parent, error)
    if isinstance(error, SignInFailed) and app.sign_in_lost is not None:
        app.sign_in_lost(error.message)


def read_in_background(
    parent: QWidget,
    app: App,
    work: Callable[[Action], T],
    on_done: Callable[[T], None],
    *,
    on_failed: Callable[[], None] | None = None,
) -> None:
    """Run the read-only ``work(action)`` on a worker thread, then ``on_done(result)`` on the
    window's thread (unless ``parent`` was deleted meanwhile); a failure is shown as
    :func:`perform` shows one, then ``on_failed()`` runs.

    For a read that may take longer than a key press (the Today list at twenty years): the
    window answers meanwhile. The work may touch no widget; SQLAlchemy's work is Python that
    gives the interpreter back to the window's thread every few milliseconds.
    """

    def read() -> T:
        with app.desk.lookup(app.operator) as action:
            return work(action)

    def failed(error: Exception) -> None:
        _failed(parent, app, error)
        if on_failed is not None:
            on_failed()

    call_in_background(parent, read, on_done, failed)


def core_refusal(parent: QWidget | None, app: App, ask: Callable[[Action], str | None]) -> str:
    """The core's refusal of one act now, in its words ("" when the operator may do it): what a
    disabled button's tooltip or a read-only form says. ``ask`` reads a workflow's acts (its
    ``acts``, ``register_acts`` …); the window restates no rule. A read that fails is shown, and
    leaves the act to its service, which refuses it if it must."""
    return perform(parent, app, ask, writes=False) or ""


class _Signals(QObject):
    progressed = Signal(int)
    finished = Signal(object)
    failed = Signal(object)


class _Job(QRunnable):
    def __init__(self, function: Callable[[Callable[[int], bool]], Any]) -> None:
        super().__init__()
        self.function = function
        self.signals = _Signals()
        self.cancelled = False

    def report(self, done: int) -> bool:
        self.signals.progressed.emit(done)
        return not self.cancelled

    def run(self) -> None:
        try:
            result = self.function(self.report)
        except BaseException as error:  # handed to the GUI thread, which shows it
            self.signals.failed.emit(error)
        else:
            self.signals.finished.emit(result)


_running: dict[str, tuple[_Job, QProgressDialog]] = {}
"""The background jobs running now, by key: the same job is never started twice."""

LONG_JOBS_AT_ONCE = 8
_long_jobs: QThreadPool | None = None


def long_jobs() -> QThreadPool:
    """The threads long jobs wait on (an export, the agenda packet, an address list's check:
    most wait for a process of their own). A pool of their own: in Qt's global pool, which has
    a thread a core, two of them held every thread for as long as they ran, and a register's
    search, a picker's first names and the login's password check waited behind them."""
    global _long_jobs
    if _long_jobs is None:
        _long_jobs = QThreadPool()
        _long_jobs.setMaxThreadCount(LONG_JOBS_AT_ONCE)
    return _long_jobs


def run_in_background(
    parent: QWidget,
    function: Callable[[Callable[[int], bool]], T],
    *,
    title: str,
    total: int = 0,
    on_done: Callable[[T], None] | None = None,
    key: str | None = None,
) -> _Job:
    """Run ``function(progress)`` on a worker thread behind a cancellable progress window.

    ``progress(done)`` returns False once the person pressed Cancel; the function should then
    stop (the Excel writer raises :class:`reports.excel.ExportCancelled`). The progress window
    is not modal: the clerk goes on working in the window while a packet is built or a register
    exported. ``on_done`` runs on the GUI thread with the result, unless ``parent`` was closed
    and deleted meanwhile.

    A job is known by ``key`` (by default its ``title``): asked to start while the same job
    runs, this starts nothing, brings that job's progress window forward and returns its job.
    """
    key = key or title
    if key in _running:
        running, shown = _running[key]
        if isValid(shown):
            shown.show()
            shown.raise_()
            shown.activateWindow()
        return running
    dialog = QProgressDialog(title, "Cancel", 0, total, parent)
    dialog.setObjectName("progress_dialog")
    dialog.setWindowModality(Qt.WindowModality.NonModal)
    dialog.setAutoClose(False)  # closed when the job ends, not when the bar reaches the end
    dialog.setAutoReset(False)
    dialog.setMinimumDuration(800)  # quick jobs finish before it would flash
    job = _Job(function)
    dialog.canceled.connect(lambda: setattr(job, "cancelled", True))
    job.signals.progressed.connect(dialog.setValue)
    _running[key] = (job, dialog)

    def end() -> bool:
        """The job is over: forget it and close its window; whether the parent is still there."""
        _running.pop(key, None)
        if not isValid(dialog):
            return False
        dialog.canceled.disconnect()
        dialog.reset()  # stops the timer that would show it
        dialog.close()
        dialog.deleteLater()
        return isValid(parent)

    def finished(result: object) -> None:
        if end() and on_done is not None:
            on_done(result)  # type: ignore[arg-type]

    def failed(error: object) -> None:
        if isinstance(error, BaseException):
            show_error(parent if end() else None, error)
        else:
            end()

    job.signals.finished.connect(finished)
    job.signals.failed.connect(failed)
    long_jobs().start(job)
    return job
