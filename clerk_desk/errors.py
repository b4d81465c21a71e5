"""Typed errors of the core.

The window shows every :class:`ClerkDeskError` in words a clerk understands (next to the field when
the error names one); anything else is a bug and is reported as such. Environment problems (a
locked database, a full disk, a file that is not a database) are told apart from bad input, because
the clerk's remedy differs: wait and retry, free space, pick another file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar


class ClerkDeskError(Exception):
    """An expected failure whose message is meant for the person at the counter."""

    def __init__(self, message: str, *, cite: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.cite = cite

    def __str__(self) -> str:
        return f"{self.message} ({self.cite})" if self.cite else self.message


class InvalidInput(ClerkDeskError):
    """A value typed by a person was refused; ``field`` names the form field it belongs to."""

    def __init__(self, message: str, *, field: str | None = None, cite: str | None = None) -> None:
        super().__init__(message, cite=cite)
        self.field = field

    def each(self) -> tuple[InvalidInput, ...]:
        """Every refusal this one stands for: itself, or the several of :class:`InvalidInputs`."""
        return (self,)


class InvalidInputs(InvalidInput):
    """Several values of one form refused at once, so that the clerk sees every refusal beside
    its field in one go rather than one per try (issue 19). It reads as its first refusal
    (``field``, ``cite``) to code that expects one; its ``message`` is all of them, a line each,
    for a message box that has no fields to put them beside."""

    def __init__(self, refusals: list[InvalidInput]) -> None:
        if not refusals:
            raise ValueError("InvalidInputs needs at least one refusal")
        first = refusals[0]
        super().__init__(
            "\n".join(str(refusal) for refusal in refusals), field=first.field, cite=None
        )
        self.refusals = tuple(refusals)

    def each(self) -> tuple[InvalidInput, ...]:
        return self.refusals

    def __reduce__(self) -> tuple[type[InvalidInputs], tuple[list[InvalidInput]]]:
        # Rebuilt from its refusals: it crosses a child process's pipe (clerk_desk.child_process)
        # whole, each refusal beside its field, not as a ChildFailed naming it.
        return (type(self), (list(self.refusals),))

    def __str__(self) -> str:
        return self.message


_Value = TypeVar("_Value")


class Refusals:
    """The refusals of one form's checks, gathered so that all of them are said at once.

    Each check runs whatever the others found (``check``); :meth:`raise_any` then raises them
    together as one :class:`~clerk_desk.errors.InvalidInputs`, in the order checked. A check
    that depends on another (a day after a day that was refused) is written after it and runs
    only if its own inputs were read: ``check`` returns None for a refused one.
    """

    def __init__(self) -> None:
        self.found: list[InvalidInput] = []

    def check(self, check: Callable[[], _Value]) -> _Value | None:
        """Run ``check``; its value, or None when it refused (the refusal kept)."""
        try:
            return check()
        except InvalidInput as refused:
            self.found.extend(refused.each())
            return None

    def refuse(self, refusal: InvalidInput) -> None:
        """Keep a refusal found without a check function."""
        self.found.extend(refusal.each())

    def raise_any(self) -> None:
        if len(self.found) == 1:
            raise self.found[0]
        if self.found:
            raise InvalidInputs(self.found)


class NotFound(ClerkDeskError):
    """A record asked for by number or id does not exist."""


class Conflict(ClerkDeskError):
    """The action contradicts a record already saved (a duplicate, a wrong state)."""


class PermissionDenied(ClerkDeskError):
    """The operator's role does not allow the action; the message names the roles that do."""


class SignInFailed(ClerkDeskError):
    """Wrong user name or password, or a deactivated operator."""


class EnvironmentProblem(ClerkDeskError):
    """The machine, not the input, stopped the action: nothing was saved, and retrying may work."""


class DatabaseLocked(EnvironmentProblem):
    """Another station holds the database longer than the busy timeout."""


class DatabaseUnavailable(EnvironmentProblem):
    """The database cannot be opened: not a database, unreachable, read-only or too new."""


class DiskFull(EnvironmentProblem):
    """The disk is full: the action was undone and nothing already saved was touched."""


class BackupRefused(DatabaseUnavailable):
    """A backup that cannot be trusted (damaged, incomplete, its audit trail changed) was
    refused before anything of the City's database was touched."""
