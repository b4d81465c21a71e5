"""Pickers every workflow uses: a party or a parcel found by typing part of its name or number,
and a scanned document attached from a file."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import parties_views
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError
from clerk_desk.parties_views import ParcelRow, PartyRow
from ui.kit import forms as forms
from ui.kit import unsaved
from ui.kit.operations import App, perform, read_in_background, show_error
from ui.kit.table_models import RowsModel, TableColumn

R = TypeVar("R")

SCAN_FILTER = "Scanned documents (*.pdf *.png *.jpg *.jpeg);;All files (*)"


def read_chosen_scan(parent: QWidget, title: str) -> tuple[str, bytes] | None:
    """Ask for a scanned document and read it at once (a file moved later is not lost): its
    name and content, or None when none was chosen or it cannot be read (the clerk is told)."""
    path = forms.ask_open_path(parent, title, SCAN_FILTER)
    if not path:
        return None
    try:
        return Path(path).name, Path(path).read_bytes()
    except OSError as error:
        show_error(parent, ClerkDeskError(f"Could not read {Path(path).name}: {error.strerror}"))
        return None


def first_matches(
    picker: QWidget,
    app: App,
    read: Callable[[Action], list[R]],
    show: Callable[[list[R]], None],
    searches: Callable[[], int],
) -> None:
    """Fill ``picker``'s list with what an empty search finds (``read``), read on a worker: a
    form opens without waiting for its pickers' lists (a lookup each, 10-15 ms at twenty
    years). Unless the clerk has searched by then (``searches()`` counts them): their search
    is left as it is."""
    asked = searches()

    def arrived(rows: list[R]) -> None:
        if searches() == asked:
            show(rows)

    read_in_background(picker, app, read, arrived)


def with_chosen(rows: list[R], chosen: R | None) -> list[R]:
    """``rows``, the one chosen before they came first among them (chosen before they were
    read: a correction's parcel, or a party just added)."""
    if chosen is None:
        return rows
    return [chosen, *(row for row in rows if row.id != chosen.id)]  # type: ignore[attr-defined]


def choose_on_select(table: QTableView, take: Callable[[], None]) -> None:
    """A match is chosen once its row is selected, by a click or an arrow key. (Qt moves the
    current row before it selects it, so a click seen as a move of the current row alone found
    nothing selected yet, and chose nothing.)"""
    table.selectionModel().selectionChanged.connect(lambda *_: take())


class PartyPicker(QWidget):
    """Choose a party by typing part of the name; the matches list under the field.

    Moving in the list chooses, so Enter then saves the form. With ``none_text`` ("No owner") a
    button clears the choice, for a party that may be left unnamed (a parcel's owner).

    Signals: ``party_changed(object)`` with the chosen :class:`PartyRow` or None.
    """

    party_changed = Signal(object)

    def __init__(
        self,
        app: App,
        *,
        role: str,
        chosen: PartyRow | None = None,
        name: str = "party",
        none_text: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.app = app
        self.role = role
        self.party: PartyRow | None = chosen
        self.search_field = forms.SearchField(f"Type part of the {role}'s name")
        self.search_field.setObjectName(f"{name}_search")
        self.model = RowsModel(
            (
                TableColumn("Name", lambda r: r.name),
                TableColumn("Address", lambda r: r.address),
            ),
            self,
        )
        self.table: QTableView = forms.make_table(self.model, name=f"{name}_table")
        unsaved.mark_choices(self.table)
        self.table.horizontalHeader().setVisible(False)
        forms.size_columns(self.table, {0: 26})
        self.table.setFixedHeight(self.table.verticalHeader().defaultSectionSize() * 4 + 4)
        self.chosen = QLabel()
        self.chosen.setObjectName(f"{name}_chosen")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search_field)
        layout.addWidget(self.table)
        if none_text:
            self.clear_button = QPushButton(none_text)
            self.clear_button.setObjectName(f"{name}_none")
            line = QHBoxLayout()
            line.addWidget(self.chosen, 1)
            line.addWidget(self.clear_button)
            layout.addLayout(line)
            self.clear_button.clicked.connect(lambda: self.choose(None))
        else:
            layout.addWidget(self.chosen)
        self.search_field.search_requested.connect(self.search)
        self.search_field.move_down.connect(self._enter_list)
        choose_on_select(self.table, self._take_current)
        self._searches = 0
        if chosen:
            self.model.set_rows([chosen])
            forms.select_row(self.table, 0)
        else:  # the first names, so a short list needs no typing
            first_matches(
                self,
                app,
                lambda a: parties_views.party_choices(a, ""),
                self._show_first,
                lambda: self._searches,
            )
        self._show_chosen()

    def search(self, text: str) -> None:
        self._searches += 1
        rows = perform(self, self.app, lambda a: parties_views.party_choices(a, text), writes=False)
        self._show_rows(rows or [])

    def _show_rows(self, rows: list[PartyRow]) -> None:
        self.model.set_rows(rows)
        if rows:
            number = self.model.row_of(lambda r: self.party is not None and r.id == self.party.id)
            if number >= 0:
                forms.select_row(self.table, number)

    def _show_first(self, rows: list[PartyRow]) -> None:
        self._show_rows(with_chosen(rows, self.party))

    def choose(self, party: PartyRow | None) -> None:
        self.party = party
        if party is None:
            self.table.clearSelection()
        if party is not None and self.model.row_of(lambda r: r.id == party.id) < 0:
            self.model.set_rows([party, *self.model.rows])
        self._show_chosen()
        self.party_changed.emit(party)

    def _enter_list(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.model.rowCount():
            forms.select_row(self.table, max(0, self.table.currentIndex().row()))
            self._take_current()

    def _take_current(self) -> None:
        row = forms.selected_row(self.table)
        if isinstance(row, PartyRow):
            self.party = row
            self._show_chosen()
            self.party_changed.emit(row)

    def _show_chosen(self) -> None:
        if self.party is None:
            self.chosen.setText(f"{self.role.capitalize()}: <i>none chosen</i>")
            return
        extra = " · public utility" if self.party.public_utility else ""
        self.chosen.setText(
            f"{self.role.capitalize()}: <b>{html.escape(self.party.name)}</b>{extra}"
        )


def party_row(app: App, parent: QWidget | None, party_id: int) -> PartyRow | None:
    return perform(
        parent, app, lambda a: parties_views.party_row(a.session, party_id), writes=False
    )


class ScanChooser(QWidget):
    """ "Attach scan…": the file is read when chosen, so a file moved later is not lost.

    Signals: none of its own.
    """

    def __init__(self, name: str = "scan", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.file_name = ""
        self.content: bytes | None = None
        self.button = QPushButton("Attach &scan…")
        self.button.setObjectName(f"{name}_button")
        self.clear_button = QPushButton("Remove")
        self.label = QLabel("<i>no scan attached</i>")
        self.label.setObjectName(f"{name}_label")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.button)
        row.addWidget(self.label, 1)
        row.addWidget(self.clear_button)
        self.clear_button.setVisible(False)
        self.button.clicked.connect(self.choose)
        self.clear_button.clicked.connect(self.clear)

    def choose(self) -> None:
        chosen = read_chosen_scan(self, "Attach the scanned document")
        if chosen is None:
            return
        self.file_name, content = chosen
        self.content = content
        size = f"{len(content) / 1024:,.0f} KB"
        self.label.setText(f"{html.escape(self.file_name)} ({size})")
        self.clear_button.setVisible(True)

    def clear(self) -> None:
        self.file_name, self.content = "", None
        self.label.setText("<i>no scan attached</i>")
        self.clear_button.setVisible(False)

    def scan(self) -> tuple[str, bytes] | None:
        return (self.file_name, self.content) if self.content is not None else None


PICKER_ROWS = 7
"""Matches a picker shows at once: enough to choose among neighbours without scrolling."""


def give_room(table: QTableView, *, fixed: Sequence[int] = (), rows: int = PICKER_ROWS) -> None:
    """A picker's list of matches, ``rows`` high, its columns sharing the width it
    has (never a sideways scroll bar): the columns in ``fixed`` as wide as what they hold
    (a parcel number), the others stretched, their text cut with an ellipsis if need be."""
    height = table.verticalHeader().defaultSectionSize() * rows
    table.setFixedHeight(height + 2 * table.frameWidth())
    columns = table.horizontalHeader().count()
    forms.share_width(table, {column: 1 for column in range(columns) if column not in fixed})


class ParcelPicker(QWidget):
    """Choose a parcel by typing part of its number, its site address or its owner's name.

    ``chosen`` is the parcel chosen before (a correction), shown chosen even when the first
    search does not find it; ``rows`` how many matches the list shows at once; ``caption``
    names the parcel in the line under the list ("Abutting parcel"); ``no_parcel``, when
    given, is the tooltip of a *No parcel* button that clears the choice (a parcel the form
    may go without).

    Signals: ``parcel_changed(object)`` with the chosen :class:`ParcelRow` or None.
    """

    parcel_changed = Signal(object)

    def __init__(
        self,
        app: App,
        parent: QWidget | None = None,
        *,
        chosen: ParcelRow | None = None,
        rows: int = PICKER_ROWS,
        caption: str = "Parcel",
        no_parcel: str = "",
    ) -> None:
        super().__init__(parent)
        self.app = app
        self.caption = caption
        self.parcel: ParcelRow | None = None
        self.search_field = forms.SearchField("Parcel number, site address or owner")
        self.search_field.setObjectName("parcel_search")
        self.model = RowsModel(
            (
                TableColumn("Parcel", lambda r: r.parcel_number),
                TableColumn(
                    "Site address", lambda r: r.site_address, tooltip=lambda r: r.site_address
                ),
                TableColumn("Owner", lambda r: r.owner_name, tooltip=lambda r: r.owner_name),
            ),
            self,
        )
        self.table: QTableView = forms.make_table(self.model, name="parcel_table")
        unsaved.mark_choices(self.table)
        self.table.horizontalHeader().setVisible(False)
        give_room(self.table, fixed=(0,), rows=rows)
        self.chosen = QLabel()
        self.chosen.setObjectName("parcel_chosen")
        self.chosen.setWordWrap(True)
        below = QHBoxLayout()
        below.setContentsMargins(0, 0, 0, 0)
        below.addWidget(self.chosen, 1)
        if no_parcel:
            self.none_button = QPushButton("No parcel")
            self.none_button.setObjectName("no_parcel_button")
            self.none_button.setToolTip(no_parcel)
            self.none_button.clicked.connect(lambda: self.choose(None))
            below.addWidget(self.none_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search_field)
        layout.addWidget(self.table)
        layout.addLayout(below)
        self.search_field.search_requested.connect(self.search)
        self.search_field.move_down.connect(self._enter_list)
        choose_on_select(self.table, self._take_current)
        self._searches = 0
        first_matches(
            self,
            app,
            lambda a: parties_views.parcel_choices(a, ""),
            self._show_first,
            lambda: self._searches,
        )
        if chosen is not None:
            self.choose(chosen)
        self._show_chosen()

    def search(self, text: str) -> None:
        self._searches += 1
        rows = perform(
            self, self.app, lambda a: parties_views.parcel_choices(a, text), writes=False
        )
        self._show_rows(rows or [])

    def _show_rows(self, rows: list[ParcelRow]) -> None:
        self.model.set_rows(rows)
        if self.parcel is not None:
            chosen = self.parcel
            forms.select_row(self.table, self.model.row_of(lambda r: r.id == chosen.id))

    def _show_first(self, rows: list[ParcelRow]) -> None:
        self._show_rows(with_chosen(rows, self.parcel))

    def choose(self, parcel: ParcelRow | None) -> None:
        """Make ``parcel`` the chosen one (None: none), in the list even if the search had not
        found it."""
        self.parcel = parcel
        if parcel is not None and self.model.row_of(lambda r: r.id == parcel.id) < 0:
            self.model.set_rows([parcel, *self.model.rows])
        if parcel is not None:
            forms.select_row(self.table, self.model.row_of(lambda r: r.id == parcel.id))
        else:
            self.table.clearSelection()
        self._show_chosen()
        self.parcel_changed.emit(parcel)

    def _enter_list(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.model.rowCount():
            forms.select_row(self.table, max(0, self.table.currentIndex().row()))
            self._take_current()

    def _take_current(self) -> None:
        row = forms.selected_row(self.table)
        if isinstance(row, ParcelRow) and row != self.parcel:
            self.parcel = row
            self._show_chosen()
            self.parcel_changed.emit(row)

    def _show_chosen(self) -> None:
        caption = html.escape(self.caption)
        if self.parcel is None:
            self.chosen.setText(
                f"{caption}: <i>none chosen</i> — not listed? Add it under People &amp; Parcels."
            )
            return
        where = f" · {html.escape(self.parcel.site_address)}" if self.parcel.site_address else ""
        owner = (
            f", owner {html.escape(self.parcel.owner_name)}"
            if self.parcel.owner_name
            else ", no owner recorded"
        )
        self.chosen.setText(
            f"{caption}: <b>{html.escape(self.parcel.parcel_number)}</b>{where}{owner}"
        )
