"""Where a save or open dialog starts: the folder last used at this station, else Documents.

A file dialog given a bare file name ("receipts-2026-11.xlsx") starts in the program's working
folder, which on a counter PC is where Clerk Desk is installed: a clerk who clicks Save then
cannot find the file. The folder is the station's (kept with its window geometry), not the
City's: each counter PC remembers its own.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths

from ui.kit.widgets import station_settings

LAST_FOLDER_KEY = "files/last_folder"


def documents_folder() -> Path:
    """The user's Documents folder, or their home folder where there is none."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    folder = Path(found) if found else Path.home()
    return folder if folder.is_dir() else Path.home()


def last_folder() -> Path:
    """The folder a file was last saved to or opened from here, while it still exists."""
    value = station_settings().value(LAST_FOLDER_KEY, "")
    folder = Path(str(value)) if value else None
    return folder if folder is not None and folder.is_dir() else documents_folder()


def starting_path(suggested: str) -> str:
    """``suggested`` (a file name, or a path already chosen) placed in :func:`last_folder`."""
    path = Path(suggested) if suggested else Path()
    if path.is_absolute():
        return str(path)
    return str(last_folder() / path) if suggested else str(last_folder())


def remember(chosen: str) -> None:
    """The folder of a file just chosen is where the next dialog starts."""
    settings = station_settings()
    settings.setValue(LAST_FOLDER_KEY, str(Path(chosen).parent))
    settings.sync()
