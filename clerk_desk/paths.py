"""Where Clerk Desk finds its shipped resources and keeps the user's data."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

import platformdirs

APP_NAME = "ClerkDesk"
APP_AUTHOR = "ClerkDesk"
DATABASE_ENV = "CLERK_DESK_DATABASE"
"""Names the database (path or URL) when ``--database`` is not given."""


def resource_path(*parts: str) -> Path:
    """Path of a file shipped in ``resources/`` (installed as ``clerk_desk.resources``)."""
    base = Path(str(files("clerk_desk.resources")))
    return base.joinpath(*parts)


def data_dir() -> Path:
    """The user's data folder: database, backups, documents. Never the program folder.

    ``CLERK_DESK_DATA_DIR`` overrides it (tests, portable installs).
    """
    override = os.environ.get("CLERK_DESK_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, APP_AUTHOR))
    path.mkdir(parents=True, exist_ok=True)
    return path


def default_database_path() -> Path:
    return data_dir() / "clerk-desk.sqlite3"


def backups_dir() -> Path:
    path = data_dir() / "backups"
    path.mkdir(parents=True, exist_ok=True)
    return path
