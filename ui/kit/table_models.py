"""One table model for every register shown in a table: rows of plain data, columns as functions.

Each screen loads its rows inside one :func:`ui.kit.operations.perform` call and hands the model
plain, frozen row objects (never live ORM objects: the session is closed by the time the view
paints, and a row must not reach the database when Qt asks for its text). A column says how to show
a row; the model does the Qt bookkeeping once, so every register sorts, aligns and colours the same
way and is checked by pytest-qt's ``qtmodeltester`` in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from ui.kit.style import DIMMED

AnyIndex = QModelIndex | QPersistentModelIndex

ROW_ROLE = Qt.ItemDataRole.UserRole
"""The role under which :meth:`RowsModel.data` returns the row object itself."""

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTER = Qt.AlignmentFlag.AlignCenter


@dataclass(frozen=True, slots=True)
class TableColumn:
    """How one column shows a row.

    ``text`` gives the shown text; ``tooltip`` an optional longer text; ``colour`` an optional
    background (a placeholder fee, an inactive party); ``checked``/``set_checked`` make the column
    a check box the person ticks (the closed-days list), ``set_checked`` returning the new row.
    """

    header: str
    text: Callable[[Any], str]
    align: Qt.AlignmentFlag = LEFT
    tooltip: Callable[[Any], str | None] | None = None
    colour: Callable[[Any], str | None] | None = None
    checked: Callable[[Any], bool] | None = None
    set_checked: Callable[[Any, bool], Any] | None = None
    header_tooltip: str = ""


class RowsModel(QAbstractTableModel):
    """A read-only (or check-box-only) table over a list of plain row objects.

    Signals: only those of :class:`QAbstractTableModel`; ``dataChanged`` is emitted when a
    check box column is ticked, so a dialog can refresh its preview.
    """

    def __init__(self, columns: Sequence[TableColumn], parent: Any = None) -> None:
        super().__init__(parent)
        self._columns = tuple(columns)
        self._rows: list[Any] = []
        self._dimmed: Callable[[Any], bool] | None = None

    # ---- what screens call -----------------------------------------------------------------

    def set_rows(self, rows: Sequence[Any]) -> None:
        """Replace every row (a new search result): views keep their columns and scroll."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def set_dimmed(self, dimmed: Callable[[Any], bool] | None) -> None:
        """Grey out rows for which ``dimmed(row)`` holds (inactive parties, ended fees)."""
        self._dimmed = dimmed

    @property
    def rows(self) -> list[Any]:
        return list(self._rows)

    def row(self, number: int) -> Any:
        return self._rows[number]

    def row_of(self, predicate: Callable[[Any], bool]) -> int:
        """The number of the first row for which ``predicate`` holds, or -1."""
        return next((i for i, row in enumerate(self._rows) if predicate(row)), -1)

    def column_texts(self, number: int) -> list[str]:
        """The texts of one row as shown, e.g. for a test or a copy to the clipboard."""
        row = self._rows[number]
        return [column.text(row) for column in self._columns]

    # ---- QAbstractTableModel ---------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        if not (0 <= index.column() < len(self._columns)):
            return None
        row = self._rows[index.row()]
        column = self._columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            # Without a tooltip of its own a cell's is its text, whole where a narrow column
            # cuts it short (ui.kit.forms.make_table).
            return column.tooltip(row) if column.tooltip is not None else column.text(row) or None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(column.align.value)
        if role == Qt.ItemDataRole.CheckStateRole and column.checked is not None:
            return Qt.CheckState.Checked if column.checked(row) else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.BackgroundRole and column.colour is not None:
            colour = column.colour(row)
            return QBrush(QColor(colour)) if colour else None
        if role == Qt.ItemDataRole.ForegroundRole and self._dimmed is not None:
            return QBrush(QColor(DIMMED)) if self._dimmed(row) else None
        if role == Qt.ItemDataRole.FontRole and self._dimmed is not None and self._dimmed(row):
            font = QFont()
            font.setItalic(True)
            return font
        if role == ROW_ROLE:
            return row
        return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.CheckStateRole:
            return False
        column = self._columns[index.column()]
        if column.set_checked is None:
            return False
        state = value if isinstance(value, Qt.CheckState) else Qt.CheckState(value)
        self._rows[index.row()] = column.set_checked(
            self._rows[index.row()], state == Qt.CheckState.Checked
        )
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        return True

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self._columns[index.column()].set_checked is not None:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._columns):
            if role == Qt.ItemDataRole.DisplayRole:
                return self._columns[section].header
            if role == Qt.ItemDataRole.ToolTipRole:
                return self._columns[section].header_tooltip or None
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(self._columns[section].align.value)
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1 if 0 <= section < len(self._rows) else None
        return None


#: A record's history (:class:`clerk_desk.history.HistoryEntry`), the same on every tab.
HISTORY_COLUMNS = (
    TableColumn("When", lambda r: r.when),
    TableColumn("Who", lambda r: r.who),
    TableColumn("What", lambda r: r.summary, tooltip=lambda r: r.summary or None),
)


def yes(flag: bool) -> str:
    """How a yes/no column reads: "Yes" or nothing, so the yeses stand out."""
    return "Yes" if flag else ""
