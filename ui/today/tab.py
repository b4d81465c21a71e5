"""The Today tab: what is due or overdue across every workflow, most urgent first.

The list comes from :func:`clerk_desk.today.gather` (each workflow registers what it knows is
due); this tab only shows it. Urgency is said in words and, as a second cue, in a faint colour,
so it reads the same on a monochrome screen or to a colour-blind clerk. The citation column is
a link: double-click (or Enter) on it opens the ordinance at that paragraph; anywhere else on a
row it goes to the workflow's tab.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import date
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QStyle,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.today import TodayGroup, TodayItem, Urgency, gather, grouped
from clerk_desk.words import format_day, plural
from ui.kit.operations import App, read_in_background
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
SMALL_GROUP = 3
"""A kind with no more items than this is shown open; a longer one as its heading."""


DISPLAY_ROLE = Qt.ItemDataRole.DisplayRole


@dataclass(frozen=True, slots=True)
class TodayRow:
    """One line of the tab: the core's item and its urgency on the day it was gathered."""

    item: TodayItem
    urgency: Urgency
    days: int | None  # due date minus today (negative: overdue), None without a due date


@dataclass(frozen=True, slots=True)
class GroupRow:
    """A heading line: one kind of item, its counts, and its rows beneath."""

    group: TodayGroup
    rows: tuple[TodayRow, ...]


_TOP = 0  # the internal id of a heading; an item's is its heading's row plus one


class TodayModel(QAbstractItemModel):
    """The Today list as a tree: a heading a kind of item (with its counts), its items below.

    Rows are read-only. Signals: those of :class:`QAbstractItemModel`.
    """

    URGENCY, DUE, WORKFLOW, WHAT, DETAIL, SECTION = range(6)
    HEADERS = ("Urgency", "Due", "Workflow", "What", "Detail", "Section")
    ItemRole = Qt.ItemDataRole.UserRole

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._groups: list[GroupRow] = []

    def set_items(self, items: list[TodayItem], today: date) -> None:
        """Replace the rows with ``items`` (already in the core's order) as of ``today``."""
        self.beginResetModel()
        self._groups = [
            GroupRow(
                group,
                tuple(
                    TodayRow(
                        item,
                        item.urgency(today),
                        (item.due - today).days if item.due is not None else None,
                    )
                    for item in group.items
                ),
            )
            for group in grouped(items, today)
        ]
        self.endResetModel()

    def widest(self, column: int, plain: QFontMetrics, bold: QFontMetrics) -> int:
        """The widest text of ``column``, headings in bold, in pixels.

        Each text is measured once: at twenty years the 580 rows have a few hundred due dates
        and a dozen workflows, and measuring every row's was 20 ms of the window's thread."""
        headings = {
            str(self._group_data(line, column, DISPLAY_ROLE) or "") for line in self._groups
        }
        texts = {self._text(row, column) for row in self.rows()}
        widths = [bold.horizontalAdvance(text) for text in headings]
        widths += [plain.horizontalAdvance(text) for text in texts]
        return max(widths, default=0)

    def groups(self) -> list[GroupRow]:
        return list(self._groups)

    def rows(self) -> list[TodayRow]:
        """Every item's line, heading by heading."""
        return [row for group in self._groups for row in group.rows]

    def line(self, index: ModelIndex) -> GroupRow | TodayRow | None:
        """What ``index`` shows: a heading, an item's line, or nothing."""
        if not index.isValid():
            return None
        if index.internalId() == _TOP:
            return self._groups[index.row()] if index.row() < len(self._groups) else None
        group = self._groups[index.internalId() - 1]
        return group.rows[index.row()] if index.row() < len(group.rows) else None

    # ---- the tree -------------------------------------------------------------------------

    def index(self, row: int, column: int, parent: ModelIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _TOP)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: ModelIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == _TOP:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _TOP)

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's idiom)
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() == _TOP and parent.column() == 0:
            return len(self._groups[parent.row()].rows)
        return 0

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return len(self.HEADERS)

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
        line = self.line(index)
        if line is None:
            return None
        if isinstance(line, GroupRow):
            return self._group_data(line, index.column(), role)
        return self._row_data(line, index.column(), role)

    def _group_data(self, line: GroupRow, column: int, role: int) -> Any:
        group = line.group
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            if column == self.URGENCY:
                return URGENCY_WORDS[group.most_urgent]
            if column == self.DUE:
                days = [row.item.due for row in line.rows if row.item.due is not None]
                return format_day(min(days)) if days else "—"
            if column == self.WORKFLOW:
                return group.workflow
            if column == self.WHAT:
                return f"{group.title} ({len(line.rows)})"
            if column == self.DETAIL:
                return counts_text(group.counts)
            return ""
        if role == Qt.ItemDataRole.BackgroundRole and column == self.URGENCY:
            colour = URGENCY_COLOURS[group.most_urgent]
            return QBrush(QColor(colour)) if colour else None
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{group.title}: {counts_text(group.counts)}. Open the line to see each."
        return None

    def _row_data(self, row: TodayRow, column: int, role: int) -> Any:
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


Gathered = tuple[list[TodayItem], date, str]
"""The list as :func:`gather_list` read it: its items, the day and the time (HH:MM) it was
gathered."""


def gather_list(action: Action) -> Gathered:
    """The Today list, read now (on a worker thread: it reads the database only)."""
    now = action.clock.local_now()
    return gather(action), action.today(), now.strftime("%H:%M")


def counts_text(counts: dict[Urgency, int]) -> str:
    """ "3 overdue, 2 due today, 1 due within a week", most urgent first."""
    words = {
        "overdue": "overdue",
        "today": "due today",
        "soon": "due within a week",
        "later": "later",
    }
    return ", ".join(
        f"{counts[urgency]} {words[urgency]}" for urgency in URGENCY_WORDS if counts.get(urgency)
    )


def summary_text(rows: list[TodayRow]) -> str:
    """The line above the table: "3 overdue, 2 due today, 1 due soon"."""
    counts: dict[Urgency, int] = {}
    for row in rows:
        counts[row.urgency] = counts.get(row.urgency, 0) + 1
    return counts_text(counts) or "Nothing is due or overdue."


class _TodayTree(QTreeView):
    """The list, telling when Enter is pressed on it (Return does what a double-click does).

    Signals: ``entered_on()`` on Return or Enter.
    """

    entered_on = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.entered_on.emit()
            return
        super().keyPressEvent(event)


class TodayTab(QWidget):
    """The first tab: the day's list, a filter, and Refresh (F5, also from the View menu).

    Shown, it gathers again when something changed since (a tab's ``register_changed``, which
    the main window connects to :meth:`mark_changed`) or when its list is older than
    :attr:`STALE_AFTER_SECONDS` (another station's work, or the day turning); otherwise it shows
    what it has at once, rather than run every workflow's queries on each visit.

    Signals:
        workflow_requested(object): the :class:`~clerk_desk.today.TodayItem` whose workflow
            tab the clerk asked for (double-click or Enter on a row outside the Section column).
        gathered(): the list was gathered (on a worker thread) and is shown.
    """

    workflow_requested = Signal(object)
    gathered = Signal()
    """The list was gathered and is shown (gathering runs on a worker thread)."""

    STALE_AFTER_SECONDS = 60.0
    """How long a list gathered stays good for when nothing changed at this station."""

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("today_tab")
        self.app = app
        self._gathered_at: float | None = None
        """When the list was last gathered (``time.monotonic``); None: gather when shown."""
        self.gathering = False
        """A gathering is under way on a worker thread."""
        self._again = False
        self.model = TodayModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        # A heading is shown when one of its items matches; a matching heading shows them all.
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setAutoAcceptChildRows(True)

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

        self._build_table()

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
        self.table.entered_on.connect(self._enter)

    def _build_table(self) -> None:
        """The tree of the day's items under their headings, its columns fitted to a screenful."""
        self.table = _TodayTree(self)
        self.table.setObjectName("today_table")
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setUniformRowHeights(True)
        self.table.setAllColumnsShowFocus(True)
        # Double-click on a heading opens it (the tree's own), on an item goes to its tab.
        self.table.setExpandsOnDoubleClick(True)
        header = self.table.header()
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        # A double-click on a column's edge fits a screenful of rows, not all of them: a busy
        # year lists hundreds of items.
        header.setResizeContentsPrecision(60)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        # Sized from the texts when the list is gathered (_size_columns), not to contents:
        # the view measured every row through the model at each layout, 40 ms at twenty years.
        for column in (TodayModel.URGENCY, TodayModel.DUE, TodayModel.WORKFLOW):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(TodayModel.WHAT, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(TodayModel.DETAIL, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(TodayModel.SECTION, QHeaderView.ResizeMode.Interactive)

    # ---- what the main window calls -------------------------------------------------------

    def refresh(self) -> None:
        """Gather the list again from every workflow (one read-only action), on a worker
        thread: at twenty years of records it takes longer than a key press, and the window
        answers meanwhile, showing the list it has. :attr:`gathered` says when it is shown."""
        if self.gathering:
            self._again = True  # something changed while gathering: gather once more after
            return
        self.gathering = True
        self._again = False
        self.updated.setText("Gathering the list…")
        read_in_background(
            self, self.app, gather_list, self._show_gathered, on_failed=self._not_gathered
        )

    def show_earlier(self, loaded: Gathered, gathered_at: float) -> None:
        """Show a list gathered before the window was made (while the clerk typed the
        password), unless it is older than a list shown may be: the window opens on it."""
        if time.monotonic() - gathered_at <= self.STALE_AFTER_SECONDS:
            self._show_gathered(loaded)
            self._gathered_at = gathered_at

    def expect_gathered(self) -> None:
        """The list is being gathered for this window elsewhere (begun while the clerk signed
        in): wait for it (:meth:`take_gathered`) rather than gather another when shown. A save
        meanwhile gathers once more after it, as during the tab's own gathering."""
        self.gathering = True
        self._again = False
        self.updated.setText("Gathering the list…")

    def take_gathered(self, loaded: Gathered | None) -> None:
        """The list :meth:`expect_gathered` waited for; None if it could not be gathered, and
        the tab gathers its own."""
        if loaded is not None:
            self._show_gathered(loaded)
            return
        self.gathering = False
        self.refresh()

    def _not_gathered(self) -> None:
        """The read failed (and was shown): the list stays as it was, and F5 may try again."""
        self.gathering = False
        self.updated.setText("The list could not be gathered. F5 tries again.")

    def _show_gathered(self, loaded: Gathered) -> None:
        self.gathering = False
        if self._again:
            self.refresh()
            return
        self._gathered_at = time.monotonic()
        items, today, at = loaded
        self.model.set_items(items, today)
        self._open_small_groups()
        self.date_label.setText(f"Today, {format_day(today)}")
        self.summary.setText(summary_text(self.model.rows()))
        self.updated.setText(
            f"As of {at}. Double-click a row to open its workflow; double-click a section to "
            "read it in the ordinance. F5 refreshes."
        )
        self._size_columns()
        self._update_empty()
        self.gathered.emit()

    def mark_changed(self) -> None:
        """Something was saved at this station: gather again now if shown, else when shown
        (a gathering under way may have read before the save: it is gathered once more)."""
        self._gathered_at = None
        if self.gathering:
            self._again = True
        elif self.isVisible():
            self.refresh()

    def is_stale(self) -> bool:
        """Whether showing the tab now gathers the list again."""
        gathered = self._gathered_at
        return gathered is None or time.monotonic() - gathered > self.STALE_AFTER_SECONDS

    def focus_search(self) -> None:
        """Ctrl+F: put the caret in the filter, its text selected so typing replaces it."""
        self.search_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_field.selectAll()

    def shown_items(self) -> list[TodayItem]:
        """The items the list shows after filtering, heading by heading (open or not)."""
        found = []
        for group_row in range(self.proxy.rowCount()):
            heading = self.proxy.index(group_row, 0)
            for row in range(self.proxy.rowCount(heading)):
                item = self.proxy.index(row, 0, heading).data(TodayModel.ItemRole)
                if isinstance(item, TodayItem):
                    found.append(item)
        return found

    def heading_index(self, title: str) -> QModelIndex:
        """The (filtered) index of the heading whose title starts with ``title``."""
        for group_row in range(self.proxy.rowCount()):
            index = self.proxy.index(group_row, TodayModel.WHAT)
            if str(index.data()).startswith(title):
                return index.siblingAtColumn(0)
        return QModelIndex()

    # ---- behaviour ------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.is_stale() and not self.gathering:  # shown twice while gathering: once
            self.refresh()

    def _activate(self, index: QModelIndex) -> None:
        if not index.isValid():
            return
        item = index.siblingAtColumn(0).data(TodayModel.ItemRole)
        if not isinstance(item, TodayItem):  # a heading: the tree opens or closes it
            return
        if index.column() == TodayModel.SECTION and item.cite:
            self.app.open_ordinance(item.cite)
        else:
            self.workflow_requested.emit(item)

    def _enter(self) -> None:
        """Enter does what a double-click does: opens or closes a heading, acts on an item."""
        index = self.table.currentIndex()
        heading = index.siblingAtColumn(0)
        if index.isValid() and not isinstance(heading.data(TodayModel.ItemRole), TodayItem):
            self.table.setExpanded(heading, not self.table.isExpanded(heading))
        else:
            self._activate(index)

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        if text.strip():
            self.table.expandAll()  # what matched is seen, not hidden in a closed heading
        else:
            self._open_small_groups()
        self._update_empty()

    def _open_small_groups(self) -> None:
        """Settings to fix and kinds of three items or fewer stand open; a long kind (the
        amounts owed) is one line with its counts until the clerk opens it."""
        for group_row in range(self.proxy.rowCount()):
            heading = self.proxy.index(group_row, 0)
            line = self.model.line(self.proxy.mapToSource(heading))
            if isinstance(line, GroupRow):
                small = line.group.setting or len(line.rows) <= SMALL_GROUP
                self.table.setExpanded(heading, small)

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
        """Give the short columns room for their widest text, and "What" and "Section" for
        theirs up to a share of the table's width.

        Measured from the model's own texts: asking the view (``sizeHintForColumn``) had it
        lay out the rows through the model, 65 ms of the window's thread at twenty years."""
        header = self.table.header()
        width = max(self.table.viewport().width(), 900)
        plain = QFontMetrics(self.table.font())
        heading = QFont(self.table.font())
        heading.setBold(True)
        bold = QFontMetrics(heading)
        margin = 2 * (self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
        # The first column holds the tree: a heading's arrow and an item's indent beside it.
        nesting = 2 * self.table.indentation()
        for column in (TodayModel.URGENCY, TodayModel.DUE, TodayModel.WORKFLOW):
            title = str(self.model.headerData(column, Qt.Orientation.Horizontal) or "")
            wanted = max(self.model.widest(column, plain, bold), bold.horizontalAdvance(title))
            indent = nesting if column == TodayModel.URGENCY else 0
            header.resizeSection(column, wanted + margin + 8 + indent)
        for column, share in ((TodayModel.WHAT, 0.32), (TodayModel.SECTION, 0.22)):
            wanted = self.model.widest(column, plain, bold) + margin + 16
            header.resizeSection(column, max(120, min(wanted, int(width * share))))
