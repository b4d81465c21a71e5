"""Typed errors of the core.

The window shows every :class:`ClerkDeskError` in words a clerk understands (next to the field when
the error names one); anything else is a bug and is reported as such. Environment problems (a
locked database, a full disk, a file that is not a database) are told apart from bad input, because
the clerk's remedy differs: wait and retry, free space, pick another file.
"""

from __future__ import annotations


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
