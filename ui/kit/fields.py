"""Fields every form uses: the money field and its reading, a widget kept at its own width, the
date field that starts empty (ChooseDateEdit)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, tzinfo

from PySide6.QtCore import QDate, QDateTime, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QDateEdit,
    QDateTimeEdit,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)

from clerk_desk.money import Money
from ui import forms


def limited(edit: QLineEdit, length: int | None) -> QLineEdit:
    """``edit``, taking no more characters than the record's field holds: ``length`` is the
    core's figure (:func:`clerk_desk.validation.max_length`, as the services check it), read
    by the workflow's views so that the window imports no model."""
    if length is not None:
        edit.setMaxLength(length)
    return edit


def money_edit(name: str, placeholder: str = "") -> QLineEdit:
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setPlaceholderText(placeholder or "e.g. 100,000.00")
    edit.setAlignment(Qt.AlignmentFlag.AlignRight)
    edit.setMaximumWidth(edit.fontMetrics().horizontalAdvance("$99,999,999.99") + 24)
    return edit


def optional_money(edit: QLineEdit, field: str) -> Money | None:
    """An amount typed in an optional field: empty means "the certificate does not show it"."""
    text = edit.text().strip()
    return Money.parse(text, field=field) if text else None


def money_text(amount: Money | None) -> str:
    return "" if amount is None else amount.format()


def left_aligned(widget: QWidget) -> QWidget:
    """``widget`` at its own width in a form row (a date need not span the dialog)."""
    box = QWidget()
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(widget)
    row.addStretch(1)
    return box


class ChooseDateEdit(QDateEdit):
    """A date field that starts empty — it reads "choose…" — so that a check is never run on a
    day nobody entered. The first key or click puts ``default()`` in it to start from.

    Signals: those of :class:`QDateEdit` (``dateChanged`` when a day is chosen).
    """

    UNSET = QDate(1900, 1, 1)
    _PASS_KEYS = (
        Qt.Key.Key_Tab,
        Qt.Key.Key_Backtab,
        Qt.Key.Key_Escape,
        Qt.Key.Key_Return,
        Qt.Key.Key_Enter,
    )
    _STEP_KEYS = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown)

    def __init__(
        self, default: Callable[[], date], *, name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.default = default
        self.setObjectName(name)
        self.setCalendarPopup(True)
        self.setDisplayFormat("MM/dd/yyyy")
        self.setMinimumDate(self.UNSET)
        self.setSpecialValueText("choose…")
        self.setDate(self.UNSET)

    def value(self) -> date | None:
        """The day chosen, or None while the field reads "choose…"."""
        if self.date() == self.UNSET:
            return None
        return forms.to_date(self)

    def set_value(self, day: date | None) -> None:
        self.setDate(self.UNSET if day is None else QDate(day.year, day.month, day.day))

    def _start(self) -> None:
        if self.value() is None:
            self.set_value(self.default())
            self.setSelectedSection(QDateEdit.Section.MonthSection)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._start()  # the calendar opens on the default day, not in 1900
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.value() is None and Qt.Key(event.key()) not in self._PASS_KEYS:
            self._start()
            if Qt.Key(event.key()) in self._STEP_KEYS:
                event.accept()  # showing the default day is the first step
                return
        super().keyPressEvent(event)


def plain_text_edit(name: str, lines: int, parent: QWidget) -> QPlainTextEdit:
    edit = QPlainTextEdit()
    edit.setObjectName(name)
    edit.setTabChangesFocus(True)
    edit.setFixedHeight(parent.fontMetrics().height() * lines + 12)
    return edit


def local_moment(edit: QDateTimeEdit, zone: tzinfo) -> datetime:
    """The time in a date-time field, read on City Hall's clock."""
    value = edit.dateTime()
    day, clock = value.date(), value.time()
    return datetime(day.year(), day.month(), day.day(), clock.hour(), clock.minute(), tzinfo=zone)


def moment_edit(moment: datetime, *, name: str) -> QDateTimeEdit:
    edit = QDateTimeEdit(
        QDateTime.fromString(moment.strftime("%Y-%m-%d %H:%M"), "yyyy-MM-dd HH:mm")
    )
    edit.setObjectName(name)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("MM/dd/yyyy h:mm AP")
    return edit
