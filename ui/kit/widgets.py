"""Small widgets the shell shares: headings, muted notes, and a label that elides long paths.

They exist so that every window speaks with one typography (a clerk reads the same size for
the same kind of text everywhere) and so that a long database path never widens the status bar.
This module imports only Qt, so the login dialog can use it before the core is loaded.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from ui.kit.style import BAD, text_sheet


def station_settings() -> QSettings:
    """This counter station's preferences: window geometry, last user name, last database.

    They belong to the station, not to the City, so they are kept by Qt (organization
    "ClerkDesk") rather than in the shared database. With ``CLERK_DESK_DATA_DIR`` set (tests,
    portable installs) they live in that folder, beside the data, so nothing leaks between them.
    """
    folder = os.environ.get("CLERK_DESK_DATA_DIR")
    if folder:
        return QSettings(str(Path(folder) / "clerk-desk-station.ini"), QSettings.Format.IniFormat)
    return QSettings("ClerkDesk", "Clerk Desk")


STATION_ID_KEY = "station/id"


def station_id() -> str:
    """This computer's station id, made on first use and kept on the computer: the core keeps
    the name the Administrator gave it (clerk_desk/stations.py)."""
    # Imported here: this module is loaded with the login dialog, before the core (0.5 s).
    from clerk_desk import stations

    settings = station_settings()
    value = str(settings.value(STATION_ID_KEY, "") or "")
    if not value:
        value = stations.new_station_id()
        settings.setValue(STATION_ID_KEY, value)
        settings.sync()
    return value


def heading(text: str, parent: QWidget | None = None, *, scale: float = 1.5) -> QLabel:
    """A bold title ``scale`` times the body font: what the window or the section is."""
    label = QLabel(text, parent)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(True)
    label.setFont(font)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
    return label


def note(text: str = "", parent: QWidget | None = None, *, small: bool = True) -> QLabel:
    """Secondary text (the database in use, a hint): muted and, by default, one step smaller."""
    label = QLabel(text, parent)
    label.setWordWrap(True)
    return muted(label, small=small)


def muted(label: QLabel, *, small: bool = True) -> QLabel:
    """Give ``label`` the look of secondary text (see :func:`note`); returns it."""
    label.setStyleSheet("color: palette(placeholder-text);")
    if small:
        font = QFont(label.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() - 1))
        label.setFont(font)
    return label


def error_label(parent: QWidget | None = None) -> QLabel:
    """A red message under a form; hidden while empty so it takes no room."""
    label = QLabel("", parent)
    label.setObjectName("error")
    label.setWordWrap(True)
    label.setStyleSheet(text_sheet(BAD))
    label.setVisible(False)
    return label


def set_error(label: QLabel, text: str) -> None:
    """Show ``text`` in an :func:`error_label`, or hide it when ``text`` is empty."""
    label.setText(text)
    label.setVisible(bool(text))


class ElidedLabel(QLabel):
    """A one-line label that shortens its text in the middle ("SQLite /home/…/city.sqlite3").

    The full text stays in :meth:`full_text` and in the tooltip. A path elided in the middle keeps
    both the kind of database and the file name, the two parts a clerk recognises.

    Signals: those of :class:`QLabel`.
    """

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(80)
        self.set_full_text(text)

    def full_text(self) -> str:
        return self._full

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self.updateGeometry()
        self._elide()

    def sizeHint(self) -> QSize:
        """As wide as the whole text, up to a limit: the status bar shares its width."""
        hint = super().sizeHint()
        margins = self.contentsMargins()
        wanted = self.fontMetrics().horizontalAdvance(self._full) + 4
        return QSize(min(wanted, 520) + margins.left() + margins.right(), hint.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.minimumWidth(), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = self.contentsRect().width() if self.width() > 0 else self.minimumWidth()
        metrics = self.fontMetrics()
        super().setText(metrics.elidedText(self._full, Qt.TextElideMode.ElideMiddle, width))


# Room left around a window placed by :func:`place_on_screen`: its title bar and frame, which
# the window's own size does not count.
FRAME_ROOM = QSize(16, 48)


def place_on_screen(window: QWidget, wanted: QSize, *, over: QWidget | None = None) -> None:
    """Give a window of its own (the ordinance, the guide) ``wanted`` size, or less where the
    screen of ``over`` (else its own) is smaller, and put it whole on that screen, centred
    over ``over``: at 1,366 x 768 the ordinance viewer opened past the bottom (issue 19)."""
    screen = (over or window).screen()
    if screen is None:
        window.resize(wanted)
        return
    room = screen.availableGeometry()
    size = wanted.boundedTo(room.size() - FRAME_ROOM)
    window.resize(size)
    frame = size + FRAME_ROOM
    centre = (over.frameGeometry() if over is not None else room).center()
    left = centre.x() - frame.width() // 2
    top = centre.y() - frame.height() // 2
    window.move(
        max(room.left(), min(left, room.left() + room.width() - frame.width())),
        max(room.top(), min(top, room.top() + room.height() - frame.height())),
    )
