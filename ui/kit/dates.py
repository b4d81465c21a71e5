"""The date and time fields of every form: they take what the clerk types, and never change it.

Qt's date editor reads what is typed section by section, so "09/16/2026" typed over a date
became 09/01/2026 and "02/31/2026" became another day. :class:`DayField` is a line the clerk
types the whole day into, read by the core (:func:`clerk_desk.typed.read_day`: 9/16/2026,
9/16/26, 2026-09-16, "Sept 16, 2026", 9/16 for this year). Beside it the day is said in words
("Wednesday, September 16, 2026"), or why what is typed is no day ("February has 28 days in
2026"); the form will not save until it is one (:meth:`ui.kit.forms.FormDialog.save`). The arrow
keys step a day (Page Up and Page Down a month), and the button opens a calendar.

:class:`TimeField` does the same for a time of day (4:00 p.m., 4 pm, 16:00, noon;
:func:`clerk_desk.typed.read_time`), the arrow keys stepping a quarter hour.

Each field is a typed line (:class:`DayLine`, :class:`TimeLine`: the reading, the refusal in
its tooltip, the arrow keys) with its words beside it; a table's cell edits with the bare line,
so the delegate's own keys (Enter saves the cell, Esc puts it back, leaving it saves) apply.

The fields keep Qt's editors' names for what the forms use (``date``, ``setDate``,
``dateChanged``, ``setMinimumDate``, ``setMaximumDate``; ``time``, ``setTime``, ``timeChanged``),
so a form reads them as it read the editors.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any

from PySide6.QtCore import QDate, QDateTime, QEvent, QObject, Qt, QTime, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCalendarWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.errors import InvalidInput
from clerk_desk.typed import EXAMPLE_DAY, EXAMPLE_TIME, read_day, read_time
from clerk_desk.words import clock_time, long_day, us_date
from ui.kit.style import BAD, QUIET, text_sheet


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def _pydate(day: QDate) -> date:
    return date(day.year(), day.month(), day.day())


class _TypedLine(QLineEdit):
    """A line typed whole and read by the core; what it read, or why not, is its tooltip.

    Signals: ``valueChanged(object)`` with the value or None whenever what it reads changes;
    ``read()`` after every reading (a keystroke, a value set), for the words beside it.
    """

    valueChanged = Signal(object)
    read = Signal()
    NOUN = ""
    EXAMPLE = ""
    WIDEST = ""

    def __init__(self, value: Any, *, name: str, optional: bool, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.optional = optional
        self._value = value
        self._problem = ""
        self.setPlaceholderText("choose…" if optional else self.EXAMPLE)
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance(self.WIDEST) + 16)
        self.setMaximumWidth(self.fontMetrics().horizontalAdvance(self.WIDEST) + 24)
        self.textEdited.connect(self._typed)
        self.editingFinished.connect(self._tidy)

    def _start_reading(self) -> None:
        """Read what the line holds once the subclass has what it reads with."""
        self.setText(self._written(self._value) if self._value is not None else "")
        self._typed(self.text())

    # ---- what each kind of line says -----------------------------------------------------------

    def _read(self, text: str) -> Any:
        """The value ``text`` names (None for nothing), or :class:`InvalidInput`."""
        raise NotImplementedError

    def _written(self, value: Any) -> str:
        raise NotImplementedError

    def spoken(self, value: Any) -> str:
        raise NotImplementedError

    def _stepped(self, value: Any, key: Qt.Key) -> Any:
        """The value after an arrow or page key, or None when the key is not a step."""
        raise NotImplementedError

    def _start(self) -> Any:
        """The value an empty line's first step shows."""
        raise NotImplementedError

    def _emit(self, value: Any) -> None:
        """Qt's editor's signal for a new value (dateChanged, timeChanged)."""

    # ---- reading --------------------------------------------------------------------------------

    def value(self) -> Any:
        """What is typed; None while an optional line is empty or what is typed is refused."""
        return None if self._problem else self._value

    def set_value(self, value: Any) -> None:
        self.setText(self._written(value) if value is not None else "")
        self._typed(self.text())

    def problem(self) -> str:
        """Why what is typed is refused, or "" when it is taken."""
        return self._problem

    def reread(self) -> None:
        """Read again what is typed (a limit of the field changed)."""
        self._typed(self.text())

    def _typed(self, text: str) -> None:
        before = self.value()
        try:
            value = self._read(text)
            if value is None and not self.optional:
                end = "" if self.EXAMPLE.endswith(".") else "."
                raise InvalidInput(f"Type the {self.NOUN}, as {self.EXAMPLE}{end}")
        except InvalidInput as refused:
            self._problem = refused.message
        else:
            self._problem = ""
            self._value = value
        shown = self._value is not None and not self._problem
        self.setToolTip(self._problem or (self.spoken(self._value) if shown else ""))
        self.read.emit()
        now = self.value()
        if now != before:
            if now is not None:
                self._emit(now)
            self.valueChanged.emit(now)

    def _tidy(self) -> None:
        """Once the clerk leaves the line, a value read is written as the City writes it."""
        if not self._problem and self._value is not None:
            self.setText(self._written(self._value))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        if not self.isReadOnly() and self._stepped(self._start(), key) is not None:
            current = self.value()
            # an empty line: showing the default is the first step
            self.set_value(self._start() if current is None else self._stepped(current, key))
            event.accept()
            return
        super().keyPressEvent(event)


class DayLine(_TypedLine):
    """A day typed whole (:func:`clerk_desk.typed.read_day`); the arrow keys step a day, the
    page keys a month.

    Signals: ``dateChanged(QDate)`` when it comes to hold another day; those of
    :class:`_TypedLine`.
    """

    dateChanged = Signal(QDate)
    NOUN = "day"
    EXAMPLE = EXAMPLE_DAY
    WIDEST = "Sept 30, 2026"

    def __init__(
        self,
        day: date | None,
        *,
        name: str,
        optional: bool = False,
        today: Callable[[], date] = date.today,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(day, name=name, optional=optional, parent=parent)
        self._today = today
        self.minimum: date | None = None
        self.maximum: date | None = None
        self._start_reading()

    def _read(self, text: str) -> dt.date | None:
        day = read_day(text, today=self._today(), field=self.objectName())
        if day is not None and self.minimum and day < self.minimum:
            raise InvalidInput(f"The day cannot be before {long_day(self.minimum)}.")
        if day is not None and self.maximum and day > self.maximum:
            raise InvalidInput(f"The day cannot be after {long_day(self.maximum)}.")
        return day

    def _written(self, value: dt.date) -> str:
        return us_date(value)

    def spoken(self, value: dt.date) -> str:
        return long_day(value)

    def _stepped(self, value: dt.date, key: Qt.Key) -> dt.date | None:
        day = _qdate(value)
        moved = {
            Qt.Key.Key_Up: day.addDays(1),
            Qt.Key.Key_Down: day.addDays(-1),
            Qt.Key.Key_PageUp: day.addMonths(1),
            Qt.Key.Key_PageDown: day.addMonths(-1),
        }.get(key)
        return None if moved is None else _pydate(moved)

    def _start(self) -> dt.date:
        return self._today()

    def _emit(self, value: dt.date) -> None:
        self.dateChanged.emit(_qdate(value))

    def date(self) -> QDate:
        """The last day the line read (today's when an optional one is empty): read
        :meth:`value` and :meth:`problem` where it matters whether a day is typed now."""
        return _qdate(self._value or self._today())

    def setDate(self, day: QDate | dt.date) -> None:
        self.set_value(_pydate(day) if isinstance(day, QDate) else day)


class TimeLine(_TypedLine):
    """A time of day typed whole (:func:`clerk_desk.typed.read_time`: 4:00 p.m., 16:00, noon);
    Up and Down step a quarter hour.

    Signals: ``timeChanged(QTime)``; those of :class:`_TypedLine`.
    """

    timeChanged = Signal(QTime)
    NOUN = "time"
    EXAMPLE = EXAMPLE_TIME
    WIDEST = "12:45 p.m."
    STEP = timedelta(minutes=15)

    def __init__(
        self,
        moment: time | None,
        *,
        name: str,
        optional: bool = False,
        start: time = time(9, 0),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(moment, name=name, optional=optional, parent=parent)
        self._first = start
        self._start_reading()

    def _read(self, text: str) -> time | None:
        return read_time(text, field=self.objectName())

    def _written(self, value: time) -> str:
        return clock_time(value, dotted=True)

    def spoken(self, value: time) -> str:
        return clock_time(value, dotted=True)

    def _stepped(self, value: time, key: Qt.Key) -> time | None:
        step = {Qt.Key.Key_Up: self.STEP, Qt.Key.Key_Down: -self.STEP}.get(key)
        if step is None:
            return None
        return (datetime.combine(date(2000, 1, 1), value) + step).time()

    def _start(self) -> time:
        return self._first

    def _emit(self, value: time) -> None:
        self.timeChanged.emit(QTime(value.hour, value.minute))

    def time(self) -> QTime:
        """The last time the line read (its start while an optional one is empty)."""
        moment = self._value or self._first
        return QTime(moment.hour, moment.minute)

    def setTime(self, moment: QTime | dt.time) -> None:
        self.set_value(
            time(moment.hour(), moment.minute()) if isinstance(moment, QTime) else moment
        )


class _Said(QWidget):
    """A typed line with what it read said beside it, in words, or why it is refused in red.

    A field without words (a compact row of hours) still says why it refuses what is typed,
    under the line, unless ``refusals_below`` is False because the field it is part of says it
    (:class:`MomentField`): a refusal is never only a tooltip.

    Signals: ``valueChanged(object)``, passed on from the line.
    """

    valueChanged = Signal(object)

    def __init__(
        self,
        line: _TypedLine,
        *,
        words: bool,
        button: QToolButton | None,
        parent: QWidget | None,
        refusals_below: bool = True,
    ) -> None:
        super().__init__(parent)
        name = line.objectName()
        self.setObjectName(name)
        line.setObjectName(f"{name}_typed")
        line.setAccessibleName(name.replace("_", " "))
        self.edit = line
        self.said = QLabel()
        self.said.setObjectName(f"{name}_said")
        self.said.setWordWrap(True)
        self.said.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        row.addWidget(line)
        if button is not None:
            row.addWidget(button)
        lines = QVBoxLayout(self)
        lines.setContentsMargins(0, 0, 0, 0)
        lines.setSpacing(0)
        lines.addLayout(row)
        self._words = words
        self._refusals_below = refusals_below and not words
        if words:
            row.addSpacing(6)
            row.addWidget(self.said, 1)
        elif self._refusals_below:
            lines.addWidget(self.said)
        self.said.setVisible(words)
        self.setFocusProxy(line)
        line.read.connect(self._say)
        line.valueChanged.connect(self.valueChanged)
        self._say()

    def _say(self) -> None:
        problem = self.edit.problem()
        self.said.setStyleSheet(text_sheet(BAD if problem else QUIET))
        self.said.setText(self.edit.toolTip())
        if self._refusals_below:
            self.said.setVisible(bool(problem))

    def value(self) -> Any:
        """What is typed; None while an optional field is empty or what is typed is refused."""
        return self.edit.value()

    def set_value(self, value: Any) -> None:
        self.edit.set_value(value)

    def problem(self) -> str:
        """Why what is typed is refused, or "" when it is taken."""
        return self.edit.problem()

    def text(self) -> str:
        """What the field shows: the value as typed, or "choose…" while an optional one is
        empty."""
        return self.edit.text() or self.edit.placeholderText()

    def setReadOnly(self, read_only: bool) -> None:
        self.edit.setReadOnly(read_only)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """A step key sent to the field itself is its line's; any other key reaching the field
        (Enter, Esc, passed up by the line) is the dialog's."""
        if self.edit._stepped(self.edit._start(), Qt.Key(event.key())) is not None:
            self.edit.keyPressEvent(event)
            return
        event.ignore()


class DayField(_Said):
    """A day typed whole, said in words beside it; empty only when ``optional``; the button
    (or F4) opens a calendar.

    Signals: ``dateChanged(QDate)`` when the field comes to hold another day (typed, stepped or
    chosen); ``valueChanged(object)`` with the day or None whenever what it reads changes.
    """

    dateChanged = Signal(QDate)

    def __init__(
        self,
        day: date | None,
        *,
        name: str,
        optional: bool = False,
        today: Callable[[], date] = date.today,
        words: bool = True,
        refusals_below: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        line = DayLine(day, name=name, optional=optional, today=today)
        button = QToolButton()
        button.setObjectName(f"{name}_calendar")
        button.setText("▾")
        button.setToolTip("Choose the day on a calendar (F4)")
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        super().__init__(
            line, words=words, button=button, parent=parent, refusals_below=refusals_below
        )
        self.line, self.button = line, button
        self.button.clicked.connect(self.open_calendar)
        self.line.dateChanged.connect(self.dateChanged)
        self._calendar: QCalendarWidget | None = None
        self._popup: QWidget | None = None
        self.line.installEventFilter(self)

    def date(self) -> QDate:
        """The last day the field read (today's when an optional field is empty): read
        :meth:`value` and :meth:`problem` where it matters whether a day is typed now."""
        return self.line.date()

    def setDate(self, day: QDate | dt.date) -> None:
        self.line.setDate(day)

    def setMinimumDate(self, day: QDate | dt.date) -> None:
        self.line.minimum = _pydate(day) if isinstance(day, QDate) else day
        self.line.reread()

    def setMaximumDate(self, day: QDate | dt.date) -> None:
        self.line.maximum = _pydate(day) if isinstance(day, QDate) else day
        self.line.reread()

    def setReadOnly(self, read_only: bool) -> None:
        super().setReadOnly(read_only)
        self.button.setEnabled(not read_only)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.line and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_F4 or (
                event.key() == Qt.Key.Key_Down
                and event.modifiers() & Qt.KeyboardModifier.AltModifier
            ):
                self.open_calendar()
                return True
        return super().eventFilter(watched, event)

    def open_calendar(self) -> None:
        """The month of the day held (or today's) as a calendar; a click chooses the day."""
        if self._calendar is None or self._popup is None:
            popup = QWidget(self, Qt.WindowType.Popup)
            popup.setObjectName(f"{self.objectName()}_popup")
            calendar = QCalendarWidget(popup)
            calendar.setObjectName(f"{self.objectName()}_month")
            calendar.setGridVisible(True)
            frame = QVBoxLayout(popup)
            frame.setContentsMargins(0, 0, 0, 0)
            frame.addWidget(calendar)
            calendar.clicked.connect(self._chosen)
            calendar.activated.connect(self._chosen)
            self._calendar, self._popup = calendar, popup
        calendar, popup = self._calendar, self._popup
        assert calendar is not None and popup is not None
        calendar.setSelectedDate(self.line.date())
        popup.move(self.line.mapToGlobal(self.line.rect().bottomLeft()))
        popup.show()
        calendar.setFocus()

    def _chosen(self, day: QDate) -> None:
        if self._popup is not None:
            self._popup.hide()
        self.line.setDate(day)
        self.line.setFocus()


class TimeField(_Said):
    """A time of day typed whole ("4:00 p.m.", "16:00"), read back beside it in the City's
    words; Up and Down step a quarter hour.

    Signals: ``timeChanged(QTime)``; ``valueChanged(object)`` with the time or None.
    """

    timeChanged = Signal(QTime)

    def __init__(
        self,
        moment: time | None,
        *,
        name: str,
        optional: bool = False,
        start: time = time(9, 0),
        words: bool = True,
        refusals_below: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        line = TimeLine(moment, name=name, optional=optional, start=start)
        super().__init__(
            line, words=words, button=None, parent=parent, refusals_below=refusals_below
        )
        self.line = line
        self.line.timeChanged.connect(self.timeChanged)

    def time(self) -> QTime:
        """The last time the field read (its start while an optional one is empty)."""
        return self.line.time()

    def setTime(self, moment: QTime | dt.time) -> None:
        self.line.setTime(moment)


class MomentField(QWidget):
    """A day and a time of day, each typed whole (:class:`DayField`, :class:`TimeField`).

    Signals: ``dateTimeChanged(QDateTime)`` when either part comes to hold another value.
    """

    dateTimeChanged = Signal(QDateTime)

    def __init__(self, moment: datetime, *, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.day = DayField(
            moment.date(), name=f"{name}_day", today=moment.date, words=False, refusals_below=False
        )
        self.clock = TimeField(
            moment.time(), name=f"{name}_time", words=False, refusals_below=False
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.day)
        row.addWidget(self.clock)
        self.said = QLabel()
        self.said.setObjectName(f"{name}_said")
        self.said.setWordWrap(True)
        row.addSpacing(6)
        row.addWidget(self.said, 1)
        self.setFocusProxy(self.day)
        self._emitted: tuple[dt.date, dt.time] | None = None
        for part in (self.day, self.clock):
            part.valueChanged.connect(lambda _value: self._changed())
            part.edit.textChanged.connect(lambda _text: self._changed())
        self._changed()

    def problem(self) -> str:
        return self.day.problem() or self.clock.problem()

    def dateTime(self) -> QDateTime:
        return QDateTime(self.day.date(), self.clock.time())

    def setDateTime(self, moment: QDateTime) -> None:
        self.day.setDate(moment.date())
        self.clock.setTime(moment.time())

    def _changed(self) -> None:
        day, clock = self.day.value(), self.clock.value()
        if self.problem():
            self.said.setStyleSheet(text_sheet(BAD))
            self.said.setText(self.problem())
        else:
            self.said.setStyleSheet(text_sheet(QUIET))
            self.said.setText(
                f"{long_day(day)}, {clock_time(clock, dotted=True)}" if day and clock else ""
            )
        moment = (day, clock) if day is not None and clock is not None else None
        if moment is not None and moment != self._emitted:
            self._emitted = moment
            self.dateTimeChanged.emit(self.dateTime())
