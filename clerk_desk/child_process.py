"""Long work in another process, so that the window's interpreter stays free.

A worker *thread* does not keep the window answering: while openpyxl serialises a sheet or
ReportLab lays out a register, the thread holds the interpreter lock for hundreds of
milliseconds at a time, and the window's thread waits (the Excel export's longest stall was
350 to 480 ms, the agenda packet's up to 0.98 s: issue 20). :func:`run` runs a function in a
process of its own and waits for it, so that the thread calling it (the window's worker thread,
see ``ui.kit.operations.run_in_background``) only waits on a pipe, which lets the lock go.

The function is named, not sent: it must be a module-level function, and its arguments and
result must pickle. It reads the database itself through a :class:`Station` (a new connection
in the child, acting as the window's operator), so that what it reads never crosses the pipe.
It reports progress as the thread's own function would (``progress(done)`` returns False once
the person pressed Cancel): each report waits for the window's answer to it, so a cancel stops
the work at its next report, with the error it raises then (the Excel writer's
:class:`~reports.excel.ExportCancelled`), and a process that does not stop within
:data:`GRACE_SECONDS` of a cancel is ended.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import pickle
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from clerk_desk.errors import ClerkDeskError

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from clerk_desk.clock import Clock
    from clerk_desk.desk import Action, Desk, SignedIn

T = TypeVar("T")
Progress = Callable[[int], bool]

GRACE_SECONDS = 10.0
"""How long a cancelled child has to stop at its next progress report before it is ended."""

_POLL_SECONDS = 0.05


@dataclass(frozen=True)
class Station:
    """What a child process needs to act at this counter: the database (its URL, password
    included) and who is signed in, with the program's clock."""

    database_url: str
    operator: SignedIn
    clock: Clock

    @classmethod
    def of(cls, desk: Desk, operator: SignedIn) -> Station:
        url = desk.database.url.render_as_string(hide_password=False)
        return cls(url, operator, desk.clock)

    @contextmanager
    def lookup(self) -> Iterator[Action]:
        """A reading action as the operator, on a connection of this process's own."""
        with self._desk() as desk, desk.lookup(self.operator) as action:
            yield action

    @contextmanager
    def action(self) -> Iterator[Action]:
        """A writing action as the operator, on a connection of this process's own: committed
        when the block ends, rolled back if it raises (a cancel, a refusal)."""
        with self._desk() as desk, desk.action(self.operator) as action:
            yield action

    @contextmanager
    def _desk(self) -> Iterator[Desk]:
        from clerk_desk.database import Database
        from clerk_desk.desk import Desk

        database = Database(self.database_url)
        try:
            yield Desk(database, clock=self.clock)
        finally:
            database.dispose()


class ChildFailed(ClerkDeskError):
    """The child process ended without a result (killed, out of memory, a crash)."""


class ChildEnded(ChildFailed):
    """The person cancelled, and the child, not stopping at a report within
    :data:`GRACE_SECONDS`, was ended: a cancel, as far as the person is concerned."""


def run(function: Callable[..., T], *args: Any, progress: Progress, **kwargs: Any) -> T:
    """``function(*args, progress=..., **kwargs)`` in a new process; its result or its error.

    Waits, reporting each progress the child makes to ``progress`` and passing a cancel back.
    """
    context = multiprocessing.get_context("spawn")  # no fork: the window has threads
    ours, theirs = context.Pipe()
    child = context.Process(
        target=_child_main,
        args=(theirs, function, args, kwargs),
        name=f"clerk-desk {getattr(function, '__name__', 'work')}",
        daemon=True,
    )
    child.start()
    theirs.close()
    try:
        return _wait(child, ours, progress)  # type: ignore[return-value]
    finally:
        ours.close()
        if child.is_alive():
            child.kill()
        child.join()


def _wait(child: Any, pipe: Connection, progress: Progress) -> object:
    cancelled = False
    waited_after_cancel = 0.0
    while True:
        if pipe.poll(_POLL_SECONDS):
            try:
                kind, value = pipe.recv()
            except EOFError:
                raise _ended(child, cancelled) from None
            if kind == "progress":
                going = bool(progress(value))
                cancelled = cancelled or not going
                with contextlib.suppress(OSError):  # a child that died is found below
                    pipe.send(going)
                continue
            if kind == "done":
                return value
            raise value  # "failed": the child's own error
        if not child.is_alive() and not pipe.poll():
            raise _ended(child, cancelled)
        if cancelled:
            waited_after_cancel += _POLL_SECONDS
            if waited_after_cancel > GRACE_SECONDS:
                child.kill()


def _ended(child: Any, cancelled: bool) -> ChildFailed:
    child.join(timeout=1)
    if cancelled:
        return ChildEnded(
            f"The work was cancelled; it did not stop within {GRACE_SECONDS:g} seconds, so "
            "its process was ended."
        )
    return ChildFailed(
        f"The work stopped before it was done (its process ended with code {child.exitcode})."
    )


def _child_main(
    pipe: Connection,
    function: Callable[..., object],
    args: tuple[object, ...],
    kwargs: dict[str, object],
) -> None:
    def progress(done: int) -> bool:
        pipe.send(("progress", done))
        # The answer to this report, not to an earlier one: a cancel is heard at the report
        # after it, however fast the work runs ahead of the window.
        return bool(pipe.recv())

    try:
        result = function(*args, progress=progress, **kwargs)
    except BaseException as error:
        pipe.send(("failed", _sendable(error)))
    else:
        pipe.send(("done", result))
    finally:
        pipe.close()


def _sendable(error: BaseException) -> BaseException:
    """``error`` if it crosses the pipe whole, else a :class:`ChildFailed` saying what it was."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return ChildFailed(f"{type(error).__name__}: {error}")
    return error
