"""An editable table of plain rows (vending's booths and days, a cafe's neighbours): the columns,
the model holding the rows as typed, and the delegate that edits a cell."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, time
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QDate,
    QEvent,
    QModelIndex,
    Qt,
    QTime,
    Signal,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolTip,
    QWidget,
)

from ui.kit import forms as forms
from ui.kit.dates import DayLine, TimeLine
from ui.kit.table_models import AnyIndex


@dataclass(frozen=True, slots=True)
class EditColumn:
    """How one editable column shows, edits and changes a row.

    ``kind`` picks the editor: ``"date"``, ``"time"``, ``"text"`` (with ``limit`` characters
    at most) or ``"choice"`` (from ``choices``, pairs of value and label).
    """

    header: str
    show: Callable[[Any], str]
    get: Callable[[Any], Any]
    put: Callable[[Any, Any], Any]
    kind: str = "text"
    limit: int | None = None
    choices: tuple[tuple[str, str], ...] = ()


class EditRowsModel(QAbstractTableModel):
    """A table of plain frozen rows the clerk types into, cell by cell.

    Signals: those of :class:`QAbstractTableModel`; ``rows_changed()`` after any change.
    """

    rows_changed = Signal()

    def __init__(self, columns: Sequence[EditColumn], parent: Any = None) -> None:
        super().__init__(parent)
        self.columns = tuple(columns)
        self._rows: list[Any] = []

    @property
    def rows(self) -> list[Any]:
        return list(self._rows)

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()
        self.rows_changed.emit()

    def insert(self, row: Any, at: int | None = None) -> int:
        at = len(self._rows) if at is None else max(0, min(at, len(self._rows)))
        self.beginInsertRows(QModelIndex(), at, at)
        self._rows.insert(at, row)
        self.endInsertRows()
        self.rows_changed.emit()
        return at

    def remove(self, number: int) -> None:
        if 0 <= number < len(self._rows):
            self.beginRemoveRows(QModelIndex(), number, number)
            del self._rows[number]
            self.endRemoveRows()
            self.rows_changed.emit()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, column = self._rows[index.row()], self.columns[index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            text = column.show(row)
            return text if role == Qt.ItemDataRole.DisplayRole or len(text) > 30 else None
        if role == Qt.ItemDataRole.EditRole:
            value = column.get(row)
            if column.kind == "date":
                return QDate(value.year, value.month, value.day)
            if column.kind == "time":
                return QTime(value.hour, value.minute)
            return value
        return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        column = self.columns[index.column()]
        if column.kind == "date" and isinstance(value, QDate):
            value = date(value.year(), value.month(), value.day())
        elif column.kind == "time" and isinstance(value, QTime):
            value = time(value.hour(), value.minute())
        elif isinstance(value, str):
            value = " ".join(value.split()) if column.kind == "text" else value
        self._rows[index.row()] = column.put(self._rows[index.row()], value)
        self.dataChanged.emit(index, index)
        self.rows_changed.emit()
        return True

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(self.columns)
        ):
            return self.columns[section].header
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1 if 0 <= section < len(self._rows) else None
        return None


class CellDelegate(QStyledItemDelegate):
    """The editor each column wants: a date with its calendar, a time, a choice, or text held
    to what the database stores."""

    def __init__(self, columns: Sequence[EditColumn], parent: Any = None) -> None:
        super().__init__(parent)
        self.columns = tuple(columns)

    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: AnyIndex
    ) -> QWidget:
        column = self.columns[index.column()]
        if column.kind == "date":
            return DayLine(None, name="cell_day", parent=parent)
        if column.kind == "time":
            return TimeLine(None, name="cell_time", parent=parent)
        if column.kind == "choice":
            box = QComboBox(parent)
            for value, label in column.choices:
                box.addItem(label, value)
            return box
        edit = QLineEdit(parent)
        if column.limit is not None:
            edit.setMaxLength(column.limit)
        return edit

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        if isinstance(editor, DayLine | TimeLine):
            value = index.data(Qt.ItemDataRole.EditRole)
            if isinstance(editor, DayLine):
                editor.setDate(value)
            else:
                editor.setTime(value)
            editor.selectAll()
            return
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(index.data(Qt.ItemDataRole.EditRole))))
            return
        super().setEditorData(editor, index)

    def eventFilter(self, watched: Any, event: QEvent) -> bool:
        """Enter or Tab on a refused day or time keeps the editor open with what was typed,
        and shows why, so the clerk corrects the text instead of typing it again."""
        if (
            isinstance(watched, DayLine | TimeLine)
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in _LEAVING_KEYS
            and watched.problem()
        ):
            _say_refusal(watched)
            return True
        return super().eventFilter(watched, event)

    def setModelData(self, editor: QWidget, model: Any, index: AnyIndex) -> None:
        if isinstance(editor, DayLine | TimeLine):
            if editor.problem():  # never another value: the cell keeps its own and says why
                _say_refusal(editor)
                return
            read = editor.date() if isinstance(editor, DayLine) else editor.time()
            model.setData(index, read, Qt.ItemDataRole.EditRole)
            return
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)


_LEAVING_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab, Qt.Key.Key_Backtab)


def _say_refusal(editor: DayLine | TimeLine) -> None:
    """Why the cell refuses what is typed, shown under the cell."""
    QToolTip.showText(editor.mapToGlobal(editor.rect().bottomLeft()), editor.problem(), editor)


def editable_table(model: EditRowsModel, *, name: str) -> QTableView:
    """A table the clerk types into: typing or F2 edits the cell, Enter edits the current one
    (never saves the form), arrows move."""
    view = QTableView()
    view.setObjectName(name)
    view.setModel(model)
    view.setItemDelegate(CellDelegate(model.columns, view))
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(
        QAbstractItemView.EditTrigger.DoubleClicked
        | QAbstractItemView.EditTrigger.EditKeyPressed
        | QAbstractItemView.EditTrigger.AnyKeyPressed
    )
    view.setWordWrap(False)
    view.setTabKeyNavigation(False)  # Tab leaves the table, as in every other field
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 10)
    view.horizontalHeader().setStretchLastSection(True)
    view.horizontalHeader().setHighlightSections(False)
    forms.on_enter(view, lambda: _edit_current(view))
    return view


def _edit_current(view: QTableView) -> None:
    """Enter on a cell opens its editor; Enter that closes an editor (a date cell's passes on
    to the table) opens nothing again, which Qt would refuse with "edit: editing failed"."""
    index = view.currentIndex()
    if index.isValid() and view.state() != QAbstractItemView.State.EditingState:
        view.edit(index)
