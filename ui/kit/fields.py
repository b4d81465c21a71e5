"""Fields every form uses: the money field and its reading, a widget kept at its own width, the
date field that starts empty (ChooseDateEdit), a field the form fills in for the clerk
(:func:`prefill`)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, tzinfo

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)

from clerk_desk.money import Money
from ui.kit.dates import DayField, MomentField


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


class ChooseDateEdit(DayField):
    """A date field that starts empty — it reads "choose…" — so that a check is never run on a
    day nobody entered; its calendar and arrow keys start from ``default()``.

    Signals: those of :class:`DayField` (``dateChanged`` when a day is chosen).
    """

    def __init__(
        self, default: Callable[[], date], *, name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(None, name=name, optional=True, today=default, parent=parent)
        self.default = default


def plain_text_edit(name: str, lines: int, parent: QWidget) -> QPlainTextEdit:
    edit = QPlainTextEdit()
    edit.setObjectName(name)
    edit.setTabChangesFocus(True)
    edit.setFixedHeight(parent.fontMetrics().height() * lines + 12)
    return edit


def local_moment(edit: MomentField, zone: tzinfo) -> datetime:
    """The time in a date-time field, read on City Hall's clock."""
    value = edit.dateTime()
    day, clock = value.date(), value.time()
    return datetime(day.year(), day.month(), day.day(), clock.hour(), clock.minute(), tzinfo=zone)


def moment_edit(moment: datetime, *, name: str) -> MomentField:
    """A day and a time, each typed whole (:class:`ui.kit.dates.MomentField`)."""
    return MomentField(moment.replace(tzinfo=None), name=name)


_PREFILLED = "prefilled_text"


class _SelectsPrefilled(QObject):
    """Selects a prefilled line's whole text as the clerk comes into it, by Tab or by a click,
    so that typing replaces what the form guessed instead of adding to it."""

    def __init__(self, edit: QLineEdit) -> None:
        super().__init__(edit)
        self.edit = edit
        self._clicked_in = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self.edit.text() != self.edit.property(_PREFILLED) or not self.edit.text():
            return False  # the clerk has made it their own: a click places the caret
        if event.type() == QEvent.Type.FocusIn and isinstance(event, QFocusEvent):
            self._clicked_in = event.reason() == Qt.FocusReason.MouseFocusReason
            if not self._clicked_in:
                QTimer.singleShot(0, self.edit.selectAll)
        elif event.type() == QEvent.Type.MouseButtonRelease and self._clicked_in:
            # the press put the caret where the click was; select once it is done
            self._clicked_in = False
            QTimer.singleShot(0, self.edit.selectAll)
        return False


def prefill(edit: QLineEdit, value: str) -> None:
    """Fill ``edit`` for the clerk (the contact person from the applicant): what the form put
    there is selected whole when the clerk comes into it, so what they type replaces it."""
    edit.setText(value)
    edit.setProperty(_PREFILLED, value)
    if edit.findChild(_SelectsPrefilled) is None:
        edit.installEventFilter(_SelectsPrefilled(edit))
