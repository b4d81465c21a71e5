"""The skeleton every searchable register shares: a search field and filters over a table, a
count under it, and an export to Excel.

Street privileges, street openings, vending, sidewalk cafes, petitions, sidewalk permits, repair
orders, special charges, people and parcels, certificates and bonds, and annual bonds each
subclass :class:`RegisterPage` and fill in its hooks — what a
search reads, which years the register holds, the row type, the words of the count and how the
register is written to a workbook. What the clerks rely on being the same everywhere lives here
once, so that the registers cannot drift apart: the register is read when first shown, not
while the window starts, and read on a worker thread as the clerk types or filters, so that the
window answers every key at once; the chosen record stays chosen through a new search; a record
the Today tab asks for is shown even when the filters hid it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from itertools import pairwise
from pathlib import Path
from typing import ClassVar, Generic, Protocol, TypeVar

from PySide6.QtCore import QItemSelection, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.words import plural
from ui.kit import forms as forms
from ui.kit.operations import App, perform, read_in_background, run_in_background
from ui.kit.style import SECONDARY, text_sheet
from ui.kit.table_models import RowsModel

EXPORT_FILTER = "Excel workbook (*.xlsx)"
MUTED = text_sheet(SECONDARY)
"""The grey of the count under a register: read at a glance, never mistaken for a warning."""

Progress = Callable[[int], bool]
"""What a background export reports its progress to; False means the clerk cancelled."""

Written = TypeVar("Written")
ActT = TypeVar("ActT")  # a workflow's enum of acts (CafeAct …)


class RegisterRow(Protocol):
    """A row of a register: its record's id (a row usually has the ``number`` the clerk knows it
    by, "SO-2026-004": see :meth:`RegisterPage.row_name`)."""

    @property
    def id(self) -> int: ...


RowT = TypeVar("RowT", bound=RegisterRow)

Found = tuple[list[RowT], list[int], object, "Chosen | None"]
"""What one read of a register brings back: its rows, its years, the figure beside them and
the details of the record it will choose (None when the page reads none)."""


@dataclass(frozen=True, slots=True)
class Chosen:
    """The details of the record a read will leave chosen, read with the rows: the record's id,
    and what :meth:`RegisterPage.read_chosen` read (``failed`` when the read raised: the
    window then reads them again itself, and says why in the clerk's words)."""

    record_id: int
    details: object
    failed: bool = False


# ---- pieces a register screen is built from -------------------------------------------------


def filter_box(
    name: str, everything: str, choices: Iterable[tuple[str, object]] = (), *, tip: str = ""
) -> QComboBox:
    """A filter over a register; its first item (``everything``, e.g. "Any status") holds None,
    which is what "not filtered" means to every search."""
    box = QComboBox()
    box.setObjectName(name)
    box.addItem(everything, None)
    for label, value in choices:
        box.addItem(label, value)
    if tip:
        box.setToolTip(tip)
    return box


def search_row(field: forms.SearchField, *filters: QWidget) -> QHBoxLayout:
    """The search field taking the room left, its filters at its right."""
    row = QHBoxLayout()
    row.addWidget(field, 1)
    for widget in filters:
        row.addWidget(widget)
    return row


def count_label(name: str = "count_label") -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setStyleSheet(MUTED)
    return label


def export_button(tip: str) -> QPushButton:
    button = QPushButton("E&xport to Excel…")
    button.setObjectName("export_button")
    button.setToolTip(tip)
    return button


def act_button(text: str, name: str, tip: str = "") -> QPushButton:
    """A button for an act on the chosen record. Its ``tip`` is also kept as a property, so that
    :func:`set_act_states` can put it back once a tooltip saying why not is no longer needed."""
    made = QPushButton(text)
    made.setObjectName(name)
    made.setProperty("tip", tip)
    made.setToolTip(tip)
    return made


def set_act_states(
    row: object | None, states: tuple[tuple[QPushButton, bool, str, str], ...], choose: str
) -> None:
    """Enable each act when it applies and the operator may; its tooltip says why not.

    Each state is (button, applies, why it does not apply, why the operator may not — "" when
    they may); with no ``row`` chosen the tooltip asks to ``choose`` one."""
    for made, usable, why, refused in states:
        made.setEnabled(usable and not refused)
        tip = str(made.property("tip") or "")
        made.setToolTip(refused or (tip if usable else (why if row is not None else choose)))


def show_acts(
    buttons: Mapping[ActT, QPushButton], acts: Mapping[ActT, str | None] | None, choose: str
) -> None:
    """Enable each act's button as the core's ``acts`` say (None: allowed now; else the
    refusal, shown as the tooltip), and nothing else: the window restates no rule. With no
    record chosen (``acts`` None) every button is off and its tooltip asks to ``choose`` one."""
    for act, made in buttons.items():
        why = choose if acts is None else acts[act]
        made.setEnabled(why is None)
        made.setToolTip(str(made.property("tip") or "") if why is None else why)


def button_grid(groups: tuple[tuple[str, tuple[QPushButton, ...]], ...]) -> QGridLayout:
    """The acts under a record's details, one captioned line per group ("Decision", "Permit"),
    the room left over at the right so that the buttons keep their width."""
    grid = QGridLayout()
    grid.setHorizontalSpacing(6)
    grid.setVerticalSpacing(4)
    widest = max(len(buttons) for _caption, buttons in groups)
    for line, (caption, buttons) in enumerate(groups):
        label = QLabel(caption)
        label.setStyleSheet(MUTED)
        grid.addWidget(label, line, 0)
        for column, made in enumerate(buttons, start=1):
            grid.addWidget(made, line, column)
    grid.setColumnStretch(widest + 1, 1)
    return grid


def register_splitter(
    table: QWidget,
    details: QWidget,
    pages: QWidget,
    *,
    sizes: tuple[int, int],
    below_sizes: tuple[int, int],
    stretch: tuple[int, int] | None = None,
    below_stretch: tuple[int, int] | None = None,
    below_collapsible: bool = False,
) -> QSplitter:
    """The register above, the chosen record below: its details at the left, its pages at the
    right. The register and the record cannot be dragged shut; the details and the pages
    neither, unless ``below_collapsible``."""
    below = QSplitter(Qt.Orientation.Horizontal)
    below.addWidget(details)
    below.addWidget(pages)
    splitter = QSplitter(Qt.Orientation.Vertical)
    splitter.addWidget(table)
    splitter.addWidget(below)
    for made, factors, shown in ((below, below_stretch, below_sizes), (splitter, stretch, sizes)):
        if factors is not None:
            made.setStretchFactor(0, factors[0])
            made.setStretchFactor(1, factors[1])
        made.setSizes(list(shown))
    below.setChildrenCollapsible(below_collapsible)
    splitter.setChildrenCollapsible(False)
    return splitter


def beside_register(
    table: QWidget, side: QWidget, *, sizes: tuple[int, int], stretch: tuple[int, int]
) -> QSplitter:
    """The register at the left, the chosen record at the right; neither dragged shut."""
    splitter = QSplitter(Qt.Orientation.Horizontal)
    for number, made in enumerate((table, side)):
        splitter.addWidget(made)
        splitter.setStretchFactor(number, stretch[number])
    splitter.setSizes(list(sizes))
    splitter.setChildrenCollapsible(False)
    return splitter


def export_workbook(
    parent: QWidget,
    *,
    ask: str,
    suggested: str,
    busy: str,
    write: Callable[[str], Callable[[Progress], Written]],
    written: Callable[[Written], str],
    tell: Callable[[str], None],
) -> None:
    """Ask where to save a workbook, write it on a worker thread behind a progress window and
    ``tell`` the clerk what was written ("3 permits written to permits.xlsx").

    ``write(path)`` is called at once, on the GUI thread, so that it reads the search and the
    filters as they are when the clerk asked; the job it returns runs on the worker thread.
    """
    path = forms.ask_save_path(parent, ask, suggested, EXPORT_FILTER)
    if not path:
        return
    if not path.lower().endswith(".xlsx"):
        path += ".xlsx"
    name = Path(path).name
    run_in_background(
        parent,
        write(path),
        title=busy,
        on_done=lambda result: tell(f"{written(result)} written to {name}"),
    )


# ---- the register page ------------------------------------------------------------------------


class RegisterPage(QWidget, Generic[RowT]):
    """A register to search, a tab of its own or a page of one.

    A subclass builds its widgets — :attr:`search_field`, its filters, :attr:`table` over
    :attr:`model`, :attr:`count_label` — with the helpers here, then calls
    :meth:`_connect_register`; it fills in :meth:`search_query`, :meth:`register_years`,
    :meth:`_show_details`, :meth:`_announce_change` and the class attributes, and, when it
    exports, :meth:`export_work` and :meth:`export_name`.

    Two ways to read: :meth:`start_search` on a worker thread, when the register is first shown
    and as the clerk types or filters (the rows appear when read; ``searched`` says so), and
    :meth:`refresh` at once, after a save or F5, when the record just saved is to be chosen.

    Signals: ``status(str)`` with a one-line message for the status bar; ``searched()`` once
    rows read on a worker thread are shown.
    """

    status = Signal(str)
    searched = Signal()

    row_type: ClassVar[type]
    """The rows of :attr:`model`; a row of another type is never taken for the chosen one."""
    record_type: ClassVar[str] = ""
    """The record type of :meth:`show_record` (as the Today tab names records)."""
    search_limit: ClassVar[int]
    """How many rows a search returns at most (the core's ``SEARCH_LIMIT``)."""
    count_noun: ClassVar[str]
    """One row in the count under the register: "permit" ("3 permits", "No permits match")."""
    count_nouns: ClassVar[str] = ""
    """Rows, where not made with "s" ("addresses"); else :attr:`count_noun` and an "s"."""
    empty_text: ClassVar[str]
    """The count when the register holds nothing yet: "No street privileges yet"."""
    export_what: ClassVar[str] = ""
    """The register in the export's titles: "street privilege register"."""
    export_noun: ClassVar[str] = ""
    """One row in the export's message: "street privilege permit"."""

    search_field: forms.SearchField
    status_box: QComboBox
    year_box: QComboBox
    model: RowsModel
    table: QTableView
    count_label: QLabel
    export_button: QPushButton

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.loaded = False  # the register is read when it is first shown
        self.searching = False
        """A search is under way on a worker thread."""
        self._again = False  # the clerk typed while it ran: search once more when it ends
        self._shown = 0  # reads shown so far: a search overtaken by a newer read is not shown
        self._picked = 0  # selection changes so far: the details are read once for each
        self._chosen: Chosen | None = None  # details read with the rows, until shown

    def showEvent(self, event: QShowEvent) -> None:
        """Read the register the first time it is shown, not while the window starts, and not
        on the window's thread: the tab opens at once and its rows follow."""
        super().showEvent(event)
        if not self.loaded:
            if not self.searching:
                self.start_search()
        elif not event.spontaneous():
            self.shown_again()

    def shown_again(self) -> None:
        """The clerk came back to the register. A register whose records change in other tabs
        (a fee paid in Receipts, a bond filed) reads the chosen one again here."""

    # ---- hooks ---------------------------------------------------------------------------------

    def filter_widgets(self) -> tuple[QWidget, ...]:
        """The filters beside the search field, in the order Tab reaches them."""
        return (self.status_box, self.year_box)

    def search_query(self) -> Callable[[Action], list[RowT]]:
        """The search the field and the filters ask for now: their values are read here, on the
        window's thread, and the read returned runs on a worker thread, so it touches no widget
        (a ``functools.partial`` of the core's search does both)."""
        raise NotImplementedError

    def register_years(self, action: Action) -> list[int]:
        """The years the register holds, for the year filter. Runs on a worker thread: it
        reads the database only, no widget."""
        raise NotImplementedError

    def read_beside(self, action: Action) -> object:
        """A figure read with the rows and shown beside them (the charges' outstanding total);
        read in the same lookup, so it agrees with the rows. Runs on a worker thread: it reads
        the database only, no widget."""
        return None

    def show_beside(self, figure: object) -> None:
        """Show what :meth:`read_beside` read."""

    def read_chosen(self, action: Action, row: RowT) -> object:
        """The details of ``row``'s record shown beside the register. A page that reads them
        overrides this and asks :meth:`chosen_details` in :meth:`_show_details`: the record a
        search leaves chosen then has its details read with the rows, on the worker thread,
        and only a row the clerk clicks is read on the window's thread. Runs on either: it
        reads the database only, no widget."""
        raise NotImplementedError

    def chosen_details(self, row: RowT) -> object | None:
        """``row``'s details (:meth:`read_chosen`): those read with the rows if they are its,
        else read now; None if the read failed (the clerk was told why)."""
        chosen, self._chosen = self._chosen, None
        if chosen is not None and chosen.record_id == row.id and not chosen.failed:
            return chosen.details
        return perform(self, self.app, lambda action: self.read_chosen(action, row), writes=False)

    def offer_years(self, years: list[int]) -> None:
        forms.offer_years(self.year_box, years)

    def _show_details(self) -> None:
        """Show the chosen record (or that none is chosen) beside the register."""
        raise NotImplementedError

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """The job writing the register, as searched and filtered now, to ``path``; it returns
        how many rows it wrote."""
        raise NotImplementedError

    def export_name(self, day: date) -> str:
        """The file name offered for an export on ``day``."""
        raise NotImplementedError

    def exported_text(self, count: int) -> str:
        """ "3 street privilege permits" — what an export wrote."""
        return plural(count, self.export_noun)

    # ---- building ------------------------------------------------------------------------------

    def _build_filters(
        self,
        placeholder: str,
        *,
        search_name: str,
        statuses: Iterable[tuple[str, object]],
        status_name: str = "status_filter",
        year_name: str = "year_filter",
        year_tip: str = "",
    ) -> QHBoxLayout:
        """The search field, the status filter and the year filter, in a row."""
        self.search_field = forms.SearchField(placeholder)
        self.search_field.setObjectName(search_name)
        self.status_box = filter_box(status_name, "Any status", statuses)
        self.year_box = filter_box(year_name, "All years", tip=year_tip)
        return search_row(self.search_field, self.status_box, self.year_box)

    def _build_footer(
        self, *buttons: QWidget, count_name: str = "count_label", export_tip: str = ""
    ) -> QHBoxLayout:
        """The row under the register: its buttons, the count, and Export when it exports."""
        self.count_label = count_label(count_name)
        footer = QHBoxLayout()
        for button in buttons:
            footer.addWidget(button)
        footer.addStretch(1)
        footer.addWidget(self.count_label)
        if export_tip:
            self.export_button = export_button(export_tip)
            self.export_button.clicked.connect(self.export_register)
            footer.addSpacing(12)
            footer.addWidget(self.export_button)
        return footer

    def _order_tabs(self) -> None:
        """Tab goes from the search field through the filters to the register."""
        chain = (self.search_field, *self.filter_widgets(), self.table)
        for before, after in pairwise(chain):
            self.setTabOrder(before, after)

    def _connect_register(self) -> None:
        self.search_field.search_requested.connect(lambda _text: self.start_search())
        self.search_field.move_down.connect(self._enter_table)
        for widget in self.filter_widgets():
            if isinstance(widget, QComboBox):
                widget.currentIndexChanged.connect(lambda _i: self.start_search())
            elif isinstance(widget, QAbstractButton):
                widget.toggled.connect(lambda _on: self.start_search())
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)

    # ---- what the main window calls ------------------------------------------------------------

    def focus_search(self) -> None:
        self.search_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_field.selectAll()

    def refresh(self, keep: int | None = None) -> None:
        """Run the search again at once (after a save, or F5), so that the record just saved
        can be chosen in it: the record ``keep`` (else the one chosen now) stays chosen, its
        details read with the rows. The read runs on a thread while the window repaints: at
        twenty years a register's read and a record's details are 20-60 ms."""
        reading = self._reading(keep)
        if reading is None:
            return
        found = perform(self, self.app, reading, writes=False, painting=True)
        if found is not None:
            self._show_found(found, keep)

    def start_search(self) -> None:
        """Run the search again on a worker thread (the register first shown, a key typed, a
        filter chosen): the window answers meanwhile, and the rows are shown when read. Typed
        while a search runs, it searches once more when that one ends."""
        if self.searching:
            self._again = True
            return
        reading = self._reading()
        if reading is None:
            return
        self.searching, self._again = True, False
        if not self.loaded:
            self.count_label.setText("Reading the register…")
        shown = self._shown
        read_in_background(
            self,
            self.app,
            reading,
            lambda found: self._searched(found, shown),
            on_failed=self._search_failed,
        )

    def _reading(self, keep: int | None = None) -> Callable[[Action], Found[RowT]] | None:
        """The read of the search as the field and filters are now (None while a filter is
        typed half-way, a day being typed: the rows shown stay), with the details of the row
        that will be chosen: ``keep``'s, else the chosen row's, else the first's."""
        try:
            query = self.search_query()
        except InvalidInput:
            return None
        years, beside = self.register_years, self.read_beside
        keep = self._kept(keep)
        reads_chosen = type(self).read_chosen is not RegisterPage.read_chosen
        read_chosen = self.read_chosen

        def read(action: Action) -> Found[RowT]:
            rows = query(action)
            found_years, figure = years(action), beside(action)
            chosen = None
            if reads_chosen and rows:
                row = next((r for r in rows if r.id == keep), rows[0])  # as _show_found picks
                try:
                    chosen = Chosen(row.id, read_chosen(action, row))
                except Exception:  # read again on the window's thread, which tells the clerk
                    chosen = Chosen(row.id, None, failed=True)
            return rows, found_years, figure, chosen

        return read

    def _searched(self, found: Found[RowT], shown: int) -> None:
        self.searching = False
        if self._again:
            self.start_search()  # the clerk typed meanwhile: these rows are already stale
        elif shown == self._shown:  # else a read since (a save) showed newer rows
            self._show_found(found)
            self.searched.emit()

    def _search_failed(self) -> None:
        self.searching = False
        if not self.loaded:
            self._show_count(0)

    def _kept(self, keep: int | None) -> int | None:
        """The record to keep chosen: ``keep``, else the one chosen now (None: none)."""
        if keep is not None:
            return keep
        selected = self.selected()
        return selected.id if selected is not None else None

    def _show_found(self, found: Found[RowT], keep: int | None = None) -> None:
        """Show the rows read, the record ``keep`` (else the chosen record) chosen if it is
        among them."""
        keep = self._kept(keep)
        self._shown += 1
        self.loaded = True
        rows, years, beside, self._chosen = found
        self.offer_years(years)
        self.model.set_rows(rows)
        self.show_beside(beside)
        self._show_count(len(rows))
        number = self.model.row_of(lambda r: r.id == keep) if keep is not None else -1
        picked = self._picked
        forms.select_row(self.table, max(number, 0))
        if self._picked == picked:  # the selection did not change: show its details again
            self._show_details()
        self._chosen = None  # read for the row chosen now; any later choice reads afresh

    def show_record(self, record_type: str, record_id: str) -> None:
        """Show one record (the Today tab asks)."""
        if record_type == self.record_type and record_id.isdigit():
            self.select_id(int(record_id))

    def select_id(self, record_id: int) -> None:
        """Make one record the selected row, clearing the search and filters if need be."""
        if self.searching:
            self.refresh()  # the rows the search under way will bring, read now to choose from
        number = self.model.row_of(lambda r: r.id == record_id)
        if number < 0:
            self._clear_filters()
            self.refresh()
            number = self.model.row_of(lambda r: r.id == record_id)
        forms.select_row(self.table, number)
        self._show_details()

    def _announce_change(self) -> None:
        """Tell the window a record was saved (the Today tab may read its list again): a tab
        emits its ``register_changed``, a page of a tab its ``changed``, which the tab forwards."""
        raise NotImplementedError

    def _after_save(self, record_id: int | None, message: str) -> None:
        """A record was saved: announce it, read the register again with ``record_id`` chosen
        and put ``message`` in the status bar."""
        self._announce_change()
        self.refresh(record_id)  # the record chosen, its details read with the rows
        chosen = self.selected()
        if record_id is not None and (chosen is None or chosen.id != record_id):
            self.select_id(record_id)  # the search's filters hide it: they are cleared
        self.status.emit(message)

    def _act(self, dialog: Callable[..., object], message: str) -> bool:
        """Act on the chosen record through ``dialog``'s ``ask(parent, app, row)``; once the act
        is saved, the status bar reads "``message``: the record's number.". True if saved."""
        row = self.selected()
        ask = getattr(dialog, "ask", None)
        if row is None or not callable(ask) or not ask(self, self.app, row):
            return False
        self._after_save(row.id, f"{message}: {self.row_name(row)}.")
        return True

    def row_name(self, row: RowT) -> str:
        """How the status bar names a row: the number the clerk knows it by ("SO-2026-004");
        a register whose rows are named otherwise (an address) says so here."""
        return str(getattr(row, "number", row.id))

    def export_register(self) -> None:
        """The register as the search and filters show it (all of it, past the screen's limit)
        to Excel, on a worker thread behind a progress dialog."""
        export_workbook(
            self,
            ask=f"Export the {self.export_what}",
            suggested=self.export_name(self.app.desk.clock.today()),
            busy=f"Exporting the {self.export_what}…",
            write=self.export_work,
            written=self.exported_text,
            tell=self.status.emit,
        )

    # ---- the register --------------------------------------------------------------------------

    def selected(self) -> RowT | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, self.row_type) else None  # type: ignore[return-value]

    def _filtered(self) -> bool:
        """Whether the search or a filter narrows the register (else an empty list means an
        empty register)."""
        return bool(self.search_field.text().strip()) or any(
            widget.isChecked() if isinstance(widget, QAbstractButton) else widget.currentIndex()
            for widget in self.filter_widgets()
            if isinstance(widget, QComboBox | QAbstractButton)
        )

    def _clear_filters(self) -> None:
        filters = self.filter_widgets()
        with forms.quietly(self.search_field, *filters):
            self.search_field.clear()
            for widget in filters:
                if isinstance(widget, QComboBox):
                    widget.setCurrentIndex(0)
                elif isinstance(widget, QAbstractButton):
                    widget.setChecked(False)

    def _show_count(self, count: int) -> None:
        nouns = self.count_nouns or f"{self.count_noun}s"
        if count >= self.search_limit:
            text = f"First {count} {nouns} shown — type more to narrow the search"
        elif count == 0:
            text = f"No {nouns} match" if self._filtered() else self.empty_text
        else:
            text = plural(count, self.count_noun, nouns)
        self.count_label.setText(text)

    def _enter_table(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.selected() is None:
            forms.select_row(self.table, 0)

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._picked += 1
        self._show_details()

    def _replace_row(self, fresh: RowT) -> None:
        """Put a row read again (changed at another counter since the search) in place of the
        old one, without the selection change that would read it a third time."""
        number = self.model.row_of(lambda r: r.id == fresh.id)
        if number < 0:
            return
        rows = self.model.rows
        rows[number] = fresh
        selection = self.table.selectionModel()
        blocked = selection.blockSignals(True)
        try:
            self.model.set_rows(rows)
            forms.select_row(self.table, number)
        finally:
            selection.blockSignals(blocked)


class YearlessRegister(RegisterPage[RowT]):
    """A register of records that have no year (people, parcels, certificates, bonds): no
    year filter, and a page of a tab, telling the tab of a change by ``changed()``."""

    changed = Signal()

    def _lay_out_beside(
        self,
        filters: tuple[QWidget, ...],
        splitter: QSplitter,
        buttons: tuple[QWidget, ...],
        export_tip: str,
    ) -> None:
        """The search and its ``filters`` above, the register and the chosen record side by
        side, the ``buttons``, the count and Export below; Tab in that order."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(search_row(self.search_field, *filters))
        layout.addWidget(splitter, 1)
        layout.addLayout(self._build_footer(*buttons, export_tip=export_tip))
        self._order_tabs()
        self._connect_register()

    def register_years(self, action: Action) -> list[int]:
        return []

    def offer_years(self, years: list[int]) -> None:
        """No year filter."""

    def _announce_change(self) -> None:
        self.changed.emit()

    def saved(self, record_id: int | None, message: str = "") -> None:
        """A record was saved: announce it, show the register with it chosen and, when given,
        put ``message`` in the status bar."""
        self._announce_change()
        self.refresh()
        if record_id is not None:
            self.select_id(record_id)
        if message:
            self.status.emit(message)
