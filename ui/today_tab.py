"""The Today tab: what is due or overdue across every workflow, most urgent first.

The list comes from :func:`clerk_desk.today.gather` (each workflow registers what it knows is
due); this tab only shows it. Urgency is said in words and, as a second cue, in a faint colour,
so it reads the same on a monochrome screen or to a colour-blind clerk. The citation column is
a link: double-click (or Enter) on it opens the ordinance at that paragraph; anywhere else on a
row it goes to the workflow's tab.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.today import TodayItem, Urgency, gather
from clerk_desk.words import format_day, plural
from ui.kit.operations import App, perform
from ui.kit.style import BAD_BACKGROUND, LATE_BACKGROUND, LINK, SOON_BACKGROUND
from ui.kit.widgets import heading, note

ModelIndex = QModelIndex | QPersistentModelIndex

URGENCY_WORDS: dict[Urgency, str] = {
    "overdue": "Overdue",
    "today": "Today",
    "soon": "Soon",
    "later": "Later",
}
# Faint enough to read black text on, distinct enough to scan a column: red, amber, blue.
URGENCY_COLOURS: dict[Urgency, str | None] = {
    "overdue": BAD_BACKGROUND,
    "today": LATE_BACKGROUND,
    "soon": SOON_BACKGROUND,
    "later": None,
}
LINK_COLOUR = LINK


@dataclass(frozen=True, slots=True)
class TodayRow:
    """One line of the tab: the core's item and its urgency on the day it was gathered."""

    item: TodayItem
    urgency: Urgency
    days: int | None  # due date minus today (negative: overdue), None without a due date


class TodayModel(QAbstractTableModel):
    """The Today list as a table; rows are read-only.

    Signals: those of :class:`QAbstractTableModel`.
    """

    URGENCY, DUE, WORKFLOW, WHAT, DETAIL, SECTION = range(6)
    HEADERS = ("Urgency", "Due", "Workflow", "What", "Detail", "Section")
    ItemRole = Qt.ItemDataRole.UserRole

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[TodayRow] = []

    def set_items(self, items: list[TodayItem], today: date) -> None:
        """Replace the rows with ``items`` (already in the core's order) as of ``today``."""
        self.beginResetModel()
        self._rows = [
            TodayRow(
                item,
                item.urgency(today),
                (item.due - today).days if item.due is not None else None,
            )
            for item in items
        ]
        self.endResetModel()

    def row(self, number: int) -> TodayRow:
        return self._rows[number]

    def rows(self) -> list[TodayRow]:
        return list(self._rows)

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's idiom)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.HEADERS):
            if role == Qt.ItemDataRole.DisplayRole:
                return self.HEADERS[section]
            if role == Qt.ItemDataRole.ToolTipRole and section == self.SECTION:
                return "The ordinance paragraph behind the item: double-click to read it"
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        if role == Qt.ItemDataRole.BackgroundRole and column == self.URGENCY:
            colour = URGENCY_COLOURS[row.urgency]
            return QBrush(QColor(colour)) if colour else None
        if role == Qt.ItemDataRole.ForegroundRole and column == self.SECTION and row.item.cite:
            return QBrush(QColor(LINK_COLOUR))
        if role == Qt.ItemDataRole.FontRole:
            if column == self.SECTION and row.item.cite:
                font = QFont()
                font.setUnderline(True)
                return font
            if column == self.URGENCY and row.urgency == "overdue":
                font = QFont()
                font.setBold(True)
                return font
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._text(row, column)
        if role == self.ItemRole:
            return row.item
        return None

    def _text(self, row: TodayRow, column: int) -> str:
        item = row.item
        if column == self.URGENCY:
            return URGENCY_WORDS[row.urgency]
        if column == self.DUE:
            return format_day(item.due) if item.due is not None else "—"
        if column == self.WORKFLOW:
            return item.workflow
        if column == self.WHAT:
            return item.title
        if column == self.DETAIL:
            return item.detail
        if column == self.SECTION:
            return item.cite
        return ""

    def _tooltip(self, row: TodayRow, column: int) -> str | None:
        item = row.item
        if column in (self.URGENCY, self.DUE):
            return _how_far(row)
        if column == self.SECTION and item.cite:
            return f"Read {item.cite} in the ordinance (double-click or Enter)"
        if column in (self.WHAT, self.DETAIL):
            return "\n".join(part for part in (item.title, item.detail) if part) or None
        if column == self.WORKFLOW:
            return f"Double-click to go to the {item.workflow} tab"
        return None


def _how_far(row: TodayRow) -> str:
    """ "Due Mon Nov 23, 2026 — 7 days overdue", for the tooltip of the date and urgency."""
    if row.item.due is None or row.days is None:
        return "No due date"
    day = format_day(row.item.due)
    if row.days < 0:
        return f"Was due {day} — {plural(-row.days, 'day')} overdue"
    if row.days == 0:
        return f"Due today, {day}"
    return f"Due {day} — in {plural(row.days, 'day')}"


def summary_text(rows: list[TodayRow]) -> str:
    """The line above the table: "3 overdue, 2 due today, 1 due soon"."""
    counts = {urgency: 0 for urgency in URGENCY_WORDS}
    for row in rows:
        counts[row.urgency] += 1
    parts = []
    if counts["overdue"]:
        parts.append(f"{counts['overdue']} overdue")
    if counts["today"]:
        parts.append(f"{counts['today']} due today")
    if counts["soon"]:
        parts.append(f"{counts['soon']} due within a week")
    if counts["later"]:
        parts.append(f"{counts['later']} later")
    return ", ".join(parts) if parts else "Nothing is due or overdue."


class TodayTab(QWidget):
    """The first tab: the day's list, a filter, and Refresh (F5, also from the View menu).

    It refreshes whenever it is shown, so coming back from another tab shows what was just
    done there.

    Signals:
        workflow_requested(object): the :class:`~clerk_desk.today.TodayItem` whose workflow
            tab the clerk asked for (double-click or Enter on a row outside the Section column).
    """

    workflow_requested = Signal(object)

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("today_tab")
        self.app = app
        self.model = TodayModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

        self.date_label = heading("Today", self, scale=1.3)
        self.summary = QLabel("", self)
        self.summary.setObjectName("today_summary")
        summary_font = QFont(self.summary.font())
        summary_font.setPointSizeF(summary_font.pointSizeF() * 1.1)
        self.summary.setFont(summary_font)
        self.updated = note("", self)

        self.search_field = QLineEdit(self)
        self.search_field.setObjectName("today_filter")
        self.search_field.setPlaceholderText("Filter the list (Ctrl+F)")
        self.search_field.setClearButtonEnabled(True)
        self.search_field.setMinimumWidth(260)
        self.refresh_button = QPushButton("&Refresh", self)
        self.refresh_button.setToolTip("Gather the list again (F5)")

        self.table = QTableView(self)
        self.table.setObjectName("today_table")
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 12)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table, as in every form
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        # Columns fit a screenful of rows, not all of them: a busy year lists hundreds of items.
        header.setResizeContentsPrecision(60)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        fit = QHeaderView.ResizeMode.ResizeToContents
        for column in (TodayModel.URGENCY, TodayModel.DUE, TodayModel.WORKFLOW):
            header.setSectionResizeMode(column, fit)
        header.setSectionResizeMode(TodayModel.WHAT, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(TodayModel.DETAIL, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(TodayModel.SECTION, QHeaderView.ResizeMode.Interactive)

        self.empty = QLabel("", self)
        self.empty.setObjectName("today_empty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("color: palette(placeholder-text); font-size: 13pt;")
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.table)
        self.pages.addWidget(self.empty)

        top = QHBoxLayout()
        titles = QVBoxLayout()
        titles.setSpacing(2)
        titles.addWidget(self.date_label)
        titles.addWidget(self.summary)
        top.addLayout(titles, 1)
        top.addWidget(self.search_field, 0, Qt.AlignmentFlag.AlignBottom)
        top.addWidget(self.refresh_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 10)
        layout.setSpacing(10)
        layout.addLayout(top)
        layout.addWidget(self.pages, 1)
        layout.addWidget(self.updated)

        self.setTabOrder(self.search_field, self.refresh_button)
        self.setTabOrder(self.refresh_button, self.table)
        self.setFocusProxy(self.table)

        self.search_field.textChanged.connect(self._filter)
        self.refresh_button.clicked.connect(self.refresh)
        # Double-click and Enter, not "activated": where the desktop activates on a single
        # click, a click meant to select a row would jump to another tab.
        self.table.doubleClicked.connect(self._activate)
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            shortcut = QShortcut(QKeySequence(key), self.table)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(lambda: self._activate(self.table.currentIndex()))

    # ---- what the main window calls -------------------------------------------------------

    def refresh(self) -> None:
        """Gather the list again from every workflow (one read-only action)."""

        def load(action: Action) -> tuple[list[TodayItem], date, str]:
            now = action.clock.local_now()
            return gather(action), action.today(), now.strftime("%H:%M")

        loaded = perform(self, self.app, load, writes=False)
        if loaded is None:
            return
        items, today, at = loaded
        self.model.set_items(items, today)
        self.date_label.setText(f"Today, {format_day(today)}")
        self.summary.setText(summary_text(self.model.rows()))
        self.updated.setText(
            f"As of {at}. Double-click a row to open its workflow; double-click a section to "
            "read it in the ordinance. F5 refreshes."
        )
        self._size_columns()
        self._update_empty()

    def focus_search(self) -> None:
        """Ctrl+F: put the caret in the filter, its text selected so typing replaces it."""
        self.search_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_field.selectAll()

    def item_at(self, proxy_row: int) -> TodayItem:
        """The item shown on row ``proxy_row`` of the table (after filtering)."""
        source = self.proxy.mapToSource(self.proxy.index(proxy_row, 0))
        return self.model.row(source.row()).item

    # ---- behaviour ------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()

    def _activate(self, index: QModelIndex) -> None:
        if not index.isValid():
            return
        item = self.item_at(index.row())
        if index.column() == TodayModel.SECTION and item.cite:
            self.app.open_ordinance(item.cite)
        else:
            self.workflow_requested.emit(item)

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        self._update_empty()

    def _update_empty(self) -> None:
        if self.proxy.rowCount() > 0:
            self.pages.setCurrentWidget(self.table)
            return
        if self.model.rowCount() > 0:
            self.empty.setText(f"Nothing in the list matches “{self.search_field.text().strip()}”.")
        else:
            self.empty.setText(
                "Nothing is due or overdue.\n\nWhen a workflow records a due date — a fee to "
                "pay, a notice period, a permit that expires — it appears here."
            )
        self.pages.setCurrentWidget(self.empty)

    def _size_columns(self) -> None:
        """Give "What" and "Section" room for their text, up to a share of the table's width."""
        header = self.table.horizontalHeader()
        width = max(self.table.viewport().width(), 900)
        for column, share in ((TodayModel.WHAT, 0.32), (TodayModel.SECTION, 0.22)):
            wanted = self.table.sizeHintForColumn(column) + 16
            header.resizeSection(column, max(120, min(wanted, int(width * share))))
