"""One call on a worker thread, its result or error handed back to the window's thread.

The least the window needs to keep answering while something short but not instant runs: a
password's check (scrypt, about a third of a second), opening the database, a register's read.
It needs only Qt, so the login dialog can use it before the core is loaded; work that needs
a progress window and Cancel uses :func:`ui.kit.operations.run_in_background`, and work that
holds the interpreter (writing a workbook) a process of its own (:mod:`clerk_desk.child_process`).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QEventLoop, QObject, QRunnable, QThreadPool, Signal
from shiboken6 import isValid

T = TypeVar("T")


class _Signals(QObject):
    finished = Signal(object)
    failed = Signal(object)


class _Call(QRunnable):
    def __init__(self, function: Callable[[], Any]) -> None:
        super().__init__()
        self.function = function
        self.signals = _Signals()  # made on the window's thread: its signals arrive there

    def run(self) -> None:
        try:
            result = self.function()
        except Exception as error:  # handed to the window's thread, which shows it
            self._send(self.signals.failed, error)
        else:
            self._send(self.signals.finished, result)

    @staticmethod
    def _send(signal: Any, value: object) -> None:
        # RuntimeError: the program is ending, and Qt deleted the signals' object already.
        with contextlib.suppress(RuntimeError):
            signal.emit(value)


_calls: set[_Call] = set()  # each kept until its signal arrives: collected, it never would


def call_in_background(
    owner: QObject,
    function: Callable[[], T],
    on_done: Callable[[T], None],
    on_failed: Callable[[Exception], None],
) -> None:
    """Run ``function()`` on a worker thread; then, on the window's thread and unless ``owner``
    was deleted meanwhile, ``on_done(result)`` or ``on_failed(error)``.

    ``function`` may touch no widget. Python work on the worker gives the interpreter back to
    the window's thread every few milliseconds, and a password's check or a database's reply
    lets go of it altogether, so the window answers a key at once meanwhile.
    """
    call = _Call(function)
    _calls.add(call)

    def finished(result: object) -> None:
        _calls.discard(call)
        if isValid(owner):
            on_done(result)  # type: ignore[arg-type]

    def failed(error: object) -> None:
        _calls.discard(call)
        if isValid(owner) and isinstance(error, Exception):
            on_failed(error)

    call.signals.finished.connect(finished)
    call.signals.failed.connect(failed)
    QThreadPool.globalInstance().start(call)


class _Ended(QObject):
    ended = Signal()


def while_painting(work: Callable[[], T]) -> T:
    """``work()`` on a thread of its own, while the window's thread waits in an event loop that
    repaints and runs timers but holds the clerk's clicks and keys until it ends; its result,
    or its error raised here, on the window's thread.

    For work the clerk waits for anyway and nothing may change under (a sale being written, its
    receipt being drawn, a page sent to the printer): done on the window's thread it froze the
    window, which a 5 ms timer sees as a stall (saving a sale and printing its receipt: 74 ms).
    """
    if threading.current_thread() is not threading.main_thread():
        return work()  # already off the window's thread: nothing to keep painting
    outcome: list[Any] = []
    ended = _Ended()
    waiting = QEventLoop()
    ended.ended.connect(waiting.quit)  # queued: emitted on the worker, run in the loop below

    def run() -> None:
        try:
            outcome.append(work())
        except BaseException as error:  # raised again on the window's thread
            outcome.append(error)
        finally:
            ended.ended.emit()

    worker = threading.Thread(target=run, name="while painting", daemon=True)
    worker.start()
    waiting.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
    worker.join()
    result = outcome[0]
    if isinstance(result, BaseException):
        raise result
    return result  # type: ignore[no-any-return]
