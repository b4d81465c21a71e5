"""The one date field (ui.kit.dates.DayField) and its time field, driven as a clerk drives it: what
is typed is the day saved, an impossible day is refused beside the field and never turned into
another, the refusal goes when the day is fixed, and a form does not save while a day is wrong."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time
from typing import Any

import pytest
from PySide6.QtCore import QDate, Qt, QTime
from PySide6.QtWidgets import QLineEdit, QTableView, QToolTip

from clerk_desk import words
from ui.kit import forms as forms
from ui.kit.dates import DayField, DayLine, TimeField, TimeLine
from ui.kit.edit_rows import EditColumn, EditRowsModel, editable_table
from ui.kit.fields import ChooseDateEdit

TODAY = date(2026, 12, 1)


def _field(qtbot: Any, day: date | None = date(2026, 12, 1), **options: Any) -> DayField:
    field = DayField(day, name="received_on", today=lambda: TODAY, **options)
    qtbot.addWidget(field)
    field.show()
    return field


def _type(qtbot: Any, field: DayField, text: str) -> None:
    field.edit.selectAll()
    qtbot.keyClicks(field.edit, text)


@pytest.mark.parametrize(
    "typed",
    ["9/16/2026", "09/16/2026", "9/16/26", "9-16-2026", "2026-09-16", "9/16", "Sept 16, 2026"],
)
def test_a_day_typed_over_another_is_the_day_typed(qtbot: Any, typed: str) -> None:
    field = _field(qtbot)
    _type(qtbot, field, typed)
    assert field.value() == date(2026, 9, 16)
    assert forms.to_date(field) == date(2026, 9, 16)
    assert field.said.text() == "Wednesday, September 16, 2026"
    assert field.problem() == ""


def test_leaving_the_field_writes_the_day_as_the_city_writes_it(qtbot: Any) -> None:
    field = _field(qtbot)
    _type(qtbot, field, "9/16/26")
    field.edit.editingFinished.emit()
    assert field.edit.text() == "09/16/2026"


def test_an_impossible_day_is_refused_beside_the_field_and_kept_as_typed(qtbot: Any) -> None:
    field = _field(qtbot, date(2026, 1, 5))
    changes: list[QDate] = []
    field.dateChanged.connect(changes.append)
    _type(qtbot, field, "02/31/2026")
    assert field.edit.text() == "02/31/2026"  # what the clerk typed stays
    assert field.problem() == "“02/31/2026”: February has 28 days in 2026."
    assert field.said.text() == field.problem()
    assert field.value() is None  # no other day is made of it
    assert QDate(2026, 3, 3) not in changes  # as Qt's editor made 02/31 into March 3
    field.edit.editingFinished.emit()
    assert field.edit.text() == "02/31/2026"
    field.edit.setCursorPosition(5)  # after "02/31": the clerk corrects the day only
    qtbot.keyClick(field.edit, Qt.Key.Key_Backspace)
    qtbot.keyClick(field.edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(field.edit, "28")
    assert field.edit.text() == "02/28/2026"
    assert field.problem() == ""
    assert field.said.text() == "Saturday, February 28, 2026"
    assert changes[-1] == QDate(2026, 2, 28)


def test_a_required_day_left_empty_says_so_an_optional_one_reads_none(qtbot: Any) -> None:
    required = _field(qtbot)
    _type(qtbot, required, "")
    qtbot.keyClick(required.edit, Qt.Key.Key_Delete)
    assert required.problem() == "Type the day, as 9/16/2026."
    optional = ChooseDateEdit(lambda: TODAY, name="decided_on")
    qtbot.addWidget(optional)
    assert optional.value() is None
    assert optional.problem() == ""
    assert optional.edit.placeholderText() == "choose…"


@pytest.mark.parametrize(
    ("key", "day"),
    [
        (Qt.Key.Key_Up, date(2026, 3, 1)),
        (Qt.Key.Key_Down, date(2026, 2, 27)),
        (Qt.Key.Key_PageUp, date(2026, 3, 28)),
        (Qt.Key.Key_PageDown, date(2026, 1, 28)),
    ],
)
def test_the_arrow_keys_step_a_day_and_page_keys_a_month(
    qtbot: Any, key: Qt.Key, day: date
) -> None:
    field = _field(qtbot, date(2026, 2, 28))
    qtbot.keyClick(field.edit, key)
    assert field.value() == day
    assert field.edit.text() == day.strftime("%m/%d/%Y")


def test_an_empty_optional_field_steps_from_its_default_day(qtbot: Any) -> None:
    field = ChooseDateEdit(lambda: date(2026, 11, 30), name="decided_on")
    qtbot.addWidget(field)
    qtbot.keyClick(field, Qt.Key.Key_Up)  # the first step shows the default day
    assert field.value() == date(2026, 11, 30)
    qtbot.keyClick(field, Qt.Key.Key_Up)
    assert field.value() == date(2026, 12, 1)


def test_the_calendar_chooses_a_day(qtbot: Any) -> None:
    field = _field(qtbot, date(2026, 12, 1))
    qtbot.mouseClick(field.button, Qt.MouseButton.LeftButton)
    assert field._calendar is not None
    assert field._calendar.selectedDate() == QDate(2026, 12, 1)
    field._calendar.clicked.emit(QDate(2026, 12, 24))
    assert field.value() == date(2026, 12, 24)
    assert field._popup is not None and not field._popup.isVisible()


@pytest.mark.parametrize(
    ("typed", "refused"),
    [
        ("12/31/2027", ""),  # the last day allowed
        ("01/01/2028", "The day cannot be after Friday, December 31, 2027."),
    ],
)
def test_a_latest_day_is_refused_one_day_after(qtbot: Any, typed: str, refused: str) -> None:
    field = _field(qtbot)
    field.setMaximumDate(QDate(2027, 12, 31))
    _type(qtbot, field, typed)
    assert field.problem() == refused


class _Form(forms.FormDialog):
    def __init__(self) -> None:
        super().__init__(None, "A form")
        self.day = self.add_field("Received", forms.date_edit(TODAY, name="received_on"))
        self.saved: list[date] = []
        self.finish_layout()

    def commit(self) -> object:
        self.saved.append(forms.to_date(self.day))  # type: ignore[arg-type]
        return True


def test_a_form_does_not_save_while_a_day_is_no_day(qtbot: Any) -> None:
    form = _Form()
    qtbot.addWidget(form)
    form.show()
    field = form.day
    assert isinstance(field, DayField)
    _type(qtbot, field, "2/29/2026")
    form.save_button.click()
    assert form.saved == []
    assert form.isVisible()
    _type(qtbot, field, "2/28/2026")
    form.save_button.click()
    assert form.saved == [date(2026, 2, 28)]


def test_the_field_is_one_line_edit_with_its_calendar(qtbot: Any) -> None:
    field = _field(qtbot)
    assert field.findChildren(QLineEdit) == [field.edit]
    assert field.focusProxy() is field.edit


@dataclass(frozen=True)
class _Day:
    on: date


def _table(qtbot: Any) -> tuple[QTableView, EditRowsModel]:
    model = EditRowsModel(
        [
            EditColumn(
                "Day",
                lambda r: r.on.strftime("%m/%d/%Y"),
                lambda r: r.on,
                lambda r, v: _Day(v),
                kind="date",
            )
        ]
    )
    model.set_rows([_Day(date(2026, 12, 5))])
    view = editable_table(model, name="days")
    qtbot.addWidget(view)
    view.show()
    view.setCurrentIndex(model.index(0, 0))
    return view, model


def _cell_editor(view: QTableView) -> DayLine:
    view.edit(view.currentIndex())
    (editor,) = view.findChildren(DayLine)
    return editor


def test_a_day_typed_into_a_table_cell_is_the_days_value(qtbot: Any) -> None:
    view, model = _table(qtbot)
    editor = _cell_editor(view)
    assert editor.text() == "12/05/2026"
    editor.selectAll()
    qtbot.keyClicks(editor, "12/12/2026")
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the table saves the cell once the key is done
    qtbot.waitUntil(lambda: model.rows == [_Day(date(2026, 12, 12))])
    assert not view.findChildren(DayLine) or not view.findChildren(DayLine)[0].isVisible()


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Tab])
def test_an_impossible_day_in_a_cell_stays_typed_and_refused_until_fixed(
    qtbot: Any, key: Qt.Key
) -> None:
    view, model = _table(qtbot)
    editor = _cell_editor(view)
    editor.selectAll()
    qtbot.keyClicks(editor, "2/30/2026")
    assert editor.toolTip() == editor.problem()
    assert "February has 28 days in 2026" in editor.problem()
    qtbot.keyClick(editor, key)
    assert QToolTip.isVisible() and QToolTip.text() == editor.problem()
    qtbot.wait(50)  # time for the table to close an editor, as it did before
    assert view.findChildren(DayLine) == [editor] and editor.isVisible()
    assert editor.text() == "2/30/2026", "what the clerk typed is still there to correct"
    assert model.rows == [_Day(date(2026, 12, 5))], "the cell keeps its own day"
    editor.setCursorPosition(4)  # after "2/30": the clerk corrects the day only
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor, "28")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: model.rows == [_Day(date(2026, 2, 28))])


def test_escape_in_a_cell_puts_back_its_day(qtbot: Any) -> None:
    view, model = _table(qtbot)
    editor = _cell_editor(view)
    editor.selectAll()
    qtbot.keyClicks(editor, "1/2/2027")
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    assert model.rows == [_Day(date(2026, 12, 5))]


@pytest.mark.parametrize(
    ("typed", "read"),
    [("4:00 p.m.", time(16, 0)), ("16:00", time(16, 0)), ("4 pm", time(16, 0)), ("noon", time(12))],
)
def test_a_time_typed_is_the_time_read(qtbot: Any, typed: str, read: time) -> None:
    field = TimeField(time(9, 0), name="opens_at")
    qtbot.addWidget(field)
    changes: list[QTime] = []
    field.timeChanged.connect(changes.append)
    field.edit.selectAll()
    qtbot.keyClicks(field.edit, typed)
    assert field.value() == read
    assert field.time() == QTime(read.hour, read.minute)
    assert changes[-1] == QTime(read.hour, read.minute)
    field.edit.editingFinished.emit()
    assert field.edit.text() == words.clock_time(read, dotted=True)


def test_an_impossible_time_is_refused_and_not_read(qtbot: Any) -> None:
    field = TimeField(time(9, 0), name="opens_at")
    qtbot.addWidget(field)
    field.edit.selectAll()
    qtbot.keyClicks(field.edit, "13:00 pm")
    assert field.value() is None
    assert "with a.m. or p.m. the hour is 1 to 12" in field.problem()
    assert field.said.text() == field.problem()


@pytest.mark.parametrize(
    ("start", "key", "after"),
    [
        (time(23, 45), Qt.Key.Key_Up, time(0, 0)),
        (time(9, 0), Qt.Key.Key_Up, time(9, 15)),
        (time(9, 0), Qt.Key.Key_Down, time(8, 45)),
    ],
)
def test_the_arrow_keys_step_a_quarter_hour(
    qtbot: Any, start: time, key: Qt.Key, after: time
) -> None:
    field = TimeField(start, name="opens_at")
    qtbot.addWidget(field)
    qtbot.keyClick(field, key)
    assert field.value() == after


def test_an_empty_optional_time_starts_from_its_start(qtbot: Any) -> None:
    field = TimeField(None, name="closes_at", optional=True, start=time(21, 0))
    qtbot.addWidget(field)
    assert field.value() is None and field.problem() == ""
    qtbot.keyClick(field, Qt.Key.Key_Up)
    assert field.value() == time(21, 0)


def test_a_moment_is_a_day_and_a_time_each_typed_whole(qtbot: Any) -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from ui.kit.fields import local_moment, moment_edit

    field = moment_edit(datetime(2026, 12, 1, 9, 0), name="at")
    qtbot.addWidget(field)
    field.day.edit.selectAll()
    qtbot.keyClicks(field.day.edit, "2/28/2027")
    field.clock.edit.selectAll()
    qtbot.keyClicks(field.clock.edit, "7:30 pm")
    zone = ZoneInfo("America/Chicago")
    assert local_moment(field, zone) == datetime(2027, 2, 28, 19, 30, tzinfo=zone)
    assert field.said.text() == "Sunday, February 28, 2027, 7:30 p.m."
    field.clock.edit.selectAll()
    qtbot.keyClicks(field.clock.edit, "7:75 pm")
    assert field.problem() == "“7:75 pm”: an hour has 60 minutes (0 to 59)."
    assert field.said.text() == field.problem()


def test_a_time_typed_into_a_table_cell_is_the_rows_time(qtbot: Any) -> None:
    @dataclass(frozen=True)
    class _Hour:
        at: time

    model = EditRowsModel(
        [
            EditColumn(
                "Opens",
                lambda r: words.clock_time(r.at),
                lambda r: r.at,
                lambda r, v: _Hour(v),
                kind="time",
            )
        ]
    )
    model.set_rows([_Hour(time(9, 0))])
    view = editable_table(model, name="hours")
    qtbot.addWidget(view)
    view.show()
    view.setCurrentIndex(model.index(0, 0))
    view.edit(view.currentIndex())
    (editor,) = view.findChildren(TimeLine)
    assert editor.text() == "9:00 a.m."
    qtbot.keyClicks(editor, "4:30 pm")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: model.rows == [_Hour(time(16, 30))])
