"""People & Parcels: the one register of parties (people, businesses, organizations, public
utilities, government bodies) and of tax parcels, which every other workflow names from.

The clerk finds someone by typing any part of a name, street, phone or e-mail (accents ignored:
"zoe" finds "Zoë"); the search runs once they pause (:data:`ui.kit.forms.SEARCH_DELAY_MS`). Parties
are never deleted: one who is gone is made inactive and drops out of searches, but stays on the
permits and receipts that name them. All checks (a ZIP code, a duplicate parcel number) are the
core's (:mod:`clerk_desk.parties`); the forms only show its messages under the field.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QItemSelection, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import parties, parties_views, words
from clerk_desk.desk import Action
from clerk_desk.errors import Conflict, InvalidInput
from clerk_desk.kinds import PartyKind
from clerk_desk.parties import ParcelData, PartyData
from clerk_desk.parties_acts import (
    ParcelAct,
    PartyAct,
    RegisterAct,
    parcel_acts,
    party_acts,
    register_acts,
)
from clerk_desk.parties_views import ParcelRow, PartyRow
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App, perform, run_in_background
from ui.kit.pickers import PartyPicker
from ui.kit.register_page import EXPORT_FILTER, show_acts
from ui.kit.style import BAD, SECONDARY, text_sheet
from ui.kit.table_models import CENTER, RowsModel, TableColumn, yes
from ui.ordinance_viewer import cite_html

PUBLIC_UTILITY_CITE = "§ 506-6 (Public utilities)"
PUBLIC_UTILITY_NOTE = (
    "Public utilities (Wis. Stat. §§ 66.0801 and 196.01) are bound by the excavation rules but "
    "are not required to post the indemnity bond"
)
_EXPORT_ALL = 10**9  # search limit meaning "the whole register"


# ---- plain rows --------------------------------------------------------------------------------


PARTY_COLUMNS = (
    TableColumn("Name", lambda r: r.name, tooltip=lambda r: r.contact_name or None),
    TableColumn("Kind", lambda r: r.kind.label),
    TableColumn(
        "Utility",
        lambda r: yes(r.public_utility),
        align=CENTER,
        header_tooltip=f"Public utility, exempt from the excavation bond: {PUBLIC_UTILITY_CITE}",
    ),
    TableColumn("Contractor", lambda r: yes(r.contractor), align=CENTER),
    TableColumn("Address", lambda r: r.address),
    TableColumn("Phone", lambda r: r.phone),
    TableColumn("E-mail", lambda r: r.email),
)
PARCEL_COLUMNS = (
    TableColumn("Parcel number", lambda r: r.parcel_number),
    TableColumn("Site address", lambda r: r.site_address),
    TableColumn("Owner", lambda r: r.owner_name),
    TableColumn("Description", lambda r: " ".join(r.description.split())),
)
OWNED_COLUMNS = (
    TableColumn("Parcel number", lambda r: r.parcel_number),
    TableColumn("Site address", lambda r: r.site_address),
)
KIND_CHOICES = [(None, "All kinds"), *[(kind, kind.label) for kind in PartyKind]]


# ---- the tab -----------------------------------------------------------------------------------


def _limit(edit: QLineEdit, name: str) -> None:
    """Let ``edit`` take no more characters than the record's field ``name`` stores."""
    limit = parties_views.text_limits()[name]
    if limit is not None:
        edit.setMaxLength(limit)


class PartiesTab(QWidget):
    """The People & Parcels tab.

    Signals: ``register_changed()`` after a party or parcel was saved (other tabs that show
    names may refresh); ``status(str)`` with a one-line message for the main window's status bar.
    """

    register_changed = Signal()
    status = Signal(str)

    PARTIES, PARCELS = 0, 1

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("parties_tab")
        self._build()
        self._connect()
        self.refresh()

    # ---- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        self.party_view_button = QPushButton("&People && businesses")
        self.parcel_view_button = QPushButton("Pa&rcels")
        self._views = QButtonGroup(self)
        for number, button in enumerate((self.party_view_button, self.parcel_view_button)):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            self._views.addButton(button, number)
        self.party_view_button.setChecked(True)
        for button in (self.party_view_button, self.parcel_view_button):
            button.setStyleSheet("QPushButton:checked { font-weight: bold; }")

        self.search_field = forms.SearchField(
            "Search name, contact, street, phone or e-mail (Down arrow to the list)"
        )
        self.search_field.setObjectName("party_search")
        self.kind_box = QComboBox()
        self.kind_box.setObjectName("kind_filter")
        for kind, label in KIND_CHOICES:
            self.kind_box.addItem(label, kind)
        self.inactive_box = QCheckBox("Show &inactive")
        self.count_label = QLabel()
        self.count_label.setObjectName("count_label")
        self.count_label.setStyleSheet(text_sheet(SECONDARY))

        top = QHBoxLayout()
        top.addWidget(self.party_view_button)
        top.addWidget(self.parcel_view_button)
        top.addSpacing(12)
        top.addWidget(self.search_field, 1)
        top.addWidget(self.kind_box)
        top.addWidget(self.inactive_box)

        self.party_model = RowsModel(PARTY_COLUMNS, self)
        self.party_model.set_dimmed(lambda r: not r.active)
        self.party_table = forms.make_table(self.party_model, name="party_table")
        forms.size_columns(self.party_table, {0: 26, 1: 11, 2: 6, 3: 9, 4: 32, 5: 14})
        self.parcel_model = RowsModel(PARCEL_COLUMNS, self)
        self.parcel_table = forms.make_table(self.parcel_model, name="parcel_table")
        forms.size_columns(self.parcel_table, {0: 18, 1: 28, 2: 30})
        self.tables = QStackedWidget()
        self.tables.addWidget(self.party_table)
        self.tables.addWidget(self.parcel_table)

        self.details = forms.rich_label("details")
        self.details.setOpenExternalLinks(False)
        self.details.linkActivated.connect(self._open_link)
        self.owned_label = QLabel("<b>Parcels owned</b>")
        self.owned_model = RowsModel(OWNED_COLUMNS, self)
        self.owned_table = forms.make_table(self.owned_model, name="owned_table")
        forms.size_columns(self.owned_table, {0: 16})
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(8, 0, 0, 0)
        side_layout.addWidget(self.details)
        side_layout.addWidget(self.owned_label)
        side_layout.addWidget(self.owned_table, 1)
        side.setMinimumWidth(300)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.tables)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([960, 300])

        self.new_party_button = QPushButton("&New party…")
        self.new_party_button.setToolTip("Ctrl+N")
        self.edit_button = QPushButton("&Edit…")
        self.edit_button.setToolTip("Enter, or double-click the row")
        self.active_button = QPushButton("Make inac&tive")
        self.new_parcel_button = QPushButton("New &parcel…")
        self.new_parcel_button.setToolTip("Ctrl+Shift+N")
        self.export_button = QPushButton("E&xport to Excel…")
        buttons = QHBoxLayout()
        for button in (
            self.new_party_button,
            self.edit_button,
            self.active_button,
            self.new_parcel_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.count_label)
        buttons.addSpacing(12)
        buttons.addWidget(self.export_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)

        self.new_party_button.setProperty("tip", "Ctrl+N")
        self.new_parcel_button.setProperty("tip", "Ctrl+Shift+N")
        show_acts(
            {
                RegisterAct.NEW_PARTY: self.new_party_button,
                RegisterAct.NEW_PARCEL: self.new_parcel_button,
            },
            perform(self, self.app, register_acts, writes=False),
            "The register could not be read.",
        )

        self.setTabOrder(self.search_field, self.kind_box)
        self.setTabOrder(self.kind_box, self.inactive_box)
        self.setTabOrder(self.inactive_box, self.party_table)
        self.setTabOrder(self.party_table, self.parcel_table)

    def _connect(self) -> None:
        self.search_field.search_requested.connect(lambda _text: self.refresh())
        self.search_field.move_down.connect(self._enter_table)
        self.kind_box.currentIndexChanged.connect(lambda _i: self.refresh())
        self.inactive_box.toggled.connect(lambda _on: self.refresh())
        self._views.idToggled.connect(self._view_toggled)
        self.party_table.doubleClicked.connect(lambda _index: self.edit_selected())
        self.parcel_table.doubleClicked.connect(lambda _index: self.edit_selected())
        self.owned_table.doubleClicked.connect(lambda _index: self._edit_owned_parcel())
        self.party_table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.parcel_table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.new_party_button.clicked.connect(self.new_party)
        self.edit_button.clicked.connect(self.edit_selected)
        self.active_button.clicked.connect(self.toggle_active)
        self.new_parcel_button.clicked.connect(self.new_parcel)
        self.export_button.clicked.connect(self.export_register)
        for table in (self.party_table, self.parcel_table):
            forms.on_enter(table, self.edit_selected)
        forms.on_enter(self.owned_table, self._edit_owned_parcel)
        window_shortcuts: tuple[tuple[str, Callable[[], object]], ...] = (
            ("Ctrl+N", self.new_party),
            ("Ctrl+Shift+N", self.new_parcel),
        )
        for sequence, slot in window_shortcuts:
            shortcut = QShortcut(QKeySequence(sequence), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    # ---- what the main window calls ------------------------------------------------------------

    def focus_search(self) -> None:
        """Put the caret in the search field, its text selected so typing replaces it."""
        self.search_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_field.selectAll()

    def refresh(self) -> None:
        """Run the search again (after typing, a filter change, a save, or the tab shown)."""
        if self.parcel_view_active():
            self._refresh_parcels()
        else:
            self._refresh_parties()

    def parcel_view_active(self) -> bool:
        return self.tables.currentIndex() == self.PARCELS

    def show_parcels(self, on: bool = True) -> None:
        """Switch between the party register and the parcel register."""
        (self.parcel_view_button if on else self.party_view_button).setChecked(True)

    def export_register(self) -> None:
        """Write the whole party register (or the parcel register, in that view) to Excel.

        Runs on a worker thread behind a progress dialog with Cancel; the window stays usable.
        """
        from reports.excel import Column

        parcels_view = self.parcel_view_active()
        what = "parcel register" if parcels_view else "party register"
        day = self.app.desk.clock.today().isoformat()
        suggested = f"{'parcels' if parcels_view else 'parties'}-{day}.xlsx"
        path = forms.ask_save_path(self, f"Export the {what}", suggested, EXPORT_FILTER)
        if not path:
            return
        if not path.lower().endswith(".xlsx"):
            path += ".xlsx"
        app = self.app
        if parcels_view:
            title, columns = (
                "Parcels",
                [
                    Column("Parcel number"),
                    Column("Site address"),
                    Column("Owner"),
                    Column("Owner's mailing address"),
                    Column("Description"),
                ],
            )

            load = parties_views.parcel_export_rows
        else:
            title, columns = (
                "Parties",
                [
                    Column("Name"),
                    Column("Kind"),
                    Column("Contact"),
                    Column("Street"),
                    Column("City"),
                    Column("State", width=6),
                    Column("ZIP", width=11),
                    Column("Phone"),
                    Column("E-mail"),
                    Column("Public utility", width=14),
                    Column("Contractor", width=12),
                    Column("Active", width=8),
                    Column("Notes"),
                ],
            )

            load = parties_views.party_export_rows

        def work(progress: Callable[[int], bool]) -> int:
            from reports.excel import write_register

            with app.desk.lookup(app.operator) as action:
                rows = load(action)
                city = parties_views.city_name(action)
            return write_register(
                path,
                title=title,
                columns=columns,
                rows=rows,
                progress=progress,
                subtitle=f"{city} — {what}, {words.us_date(app.desk.clock.today())}",
                author=app.operator.full_name,
            )

        def done(count: int) -> None:
            self.status.emit(f"{count:,} rows written to {Path(path).name}")

        run_in_background(self, work, title=f"Exporting the {what}…", on_done=done)

    # ---- actions -------------------------------------------------------------------------------

    def selected_party(self) -> PartyRow | None:
        row = forms.selected_row(self.party_table)
        return row if isinstance(row, PartyRow) else None

    def selected_parcel(self) -> ParcelRow | None:
        row = forms.selected_row(self.parcel_table)
        return row if isinstance(row, ParcelRow) else None

    def new_party(self) -> None:
        party_id = PartyDialog.ask(self, self.app, name=self._typed_name())
        if party_id is not None:
            self._after_save(party_id=party_id)

    def edit_selected(self) -> None:
        if self.parcel_view_active():
            parcel = self.selected_parcel()
            if parcel is not None and ParcelDialog.ask(self, self.app, parcel) is not None:
                self._after_save(parcel_id=parcel.id)
            return
        party = self.selected_party()
        if party is not None and PartyDialog.ask(self, self.app, party=party) is not None:
            self._after_save(party_id=party.id)

    def toggle_active(self) -> None:
        """Make the selected party inactive (asking first) or active again."""
        party = self.selected_party()
        if party is None:
            return
        if party.active:
            box = QMessageBox(
                QMessageBox.Icon.Question,
                "Make inactive",
                f"Make {party.name} inactive?\n\nThey drop out of searches but stay "
                "on every permit, bond and receipt that names them. You can "
                "reactivate them with “Show inactive”.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                self,
            )
            box.setDefaultButton(QMessageBox.StandardButton.Yes)
            if operations.ask_message(box) != QMessageBox.StandardButton.Yes:
                return

        def work(action: Action) -> bool:
            parties.set_party_active(action, party.id, not party.active)
            return True

        if perform(self, self.app, work):
            if not party.active or self.inactive_box.isChecked():
                self._after_save(party_id=party.id)
            else:  # the party just made inactive leaves the list: say where it went
                self._after_save()
                self.status.emit(f"{party.name} is inactive; tick “Show inactive” to see them.")

    def new_parcel(self) -> None:
        owner = self.selected_party() if not self.parcel_view_active() else None
        if ParcelDialog.ask(self, self.app, owner=owner) is not None:
            self._after_save()

    def _edit_owned_parcel(self) -> None:
        row = forms.selected_row(self.owned_table)
        if isinstance(row, ParcelRow) and ParcelDialog.ask(self, self.app, row) is not None:
            self._after_save(party_id=row.owner_id)

    def _after_save(self, *, party_id: int | None = None, parcel_id: int | None = None) -> None:
        self.register_changed.emit()
        self.refresh()
        if party_id is not None and not self.parcel_view_active():
            number = self.party_model.row_of(lambda r: r.id == party_id)
            if number < 0:  # the new party is not among the matches: show it alone
                self.search_field.blockSignals(True)
                self.search_field.clear()
                self.search_field.blockSignals(False)
                self.refresh()
                number = self.party_model.row_of(lambda r: r.id == party_id)
            forms.select_row(self.party_table, number)
        elif parcel_id is not None and self.parcel_view_active():
            forms.select_row(
                self.parcel_table, self.parcel_model.row_of(lambda r: r.id == parcel_id)
            )

    def _typed_name(self) -> str:
        """What was typed in the search (a name not found), to start the new party with."""
        return "" if self.parcel_view_active() else self.search_field.text().strip()

    # ---- searching and showing -----------------------------------------------------------------

    def _refresh_parties(self) -> None:
        text = self.search_field.text()
        kind = self.kind_box.currentData()
        inactive = self.inactive_box.isChecked()
        selected = self.selected_party()
        rows = perform(
            self,
            self.app,
            lambda a: parties_views.parties_matching(a, text, kind, inactive),
            writes=False,
        )
        if rows is None:
            return
        self.party_model.set_rows(rows)
        self._show_count(len(rows), "party", "parties")
        number = self.party_model.row_of(lambda r: r.id == selected.id) if selected else -1
        forms.select_row(self.party_table, max(number, 0))
        self._show_details()

    def _refresh_parcels(self) -> None:
        text = self.search_field.text()
        selected = self.selected_parcel()
        rows = perform(
            self,
            self.app,
            lambda a: parties_views.parcels_matching(a, text),
            writes=False,
        )
        if rows is None:
            return
        self.parcel_model.set_rows(rows)
        self._show_count(len(rows), "parcel", "parcels")
        number = self.parcel_model.row_of(lambda r: r.id == selected.id) if selected else -1
        forms.select_row(self.parcel_table, max(number, 0))
        self._show_details()

    def _show_count(self, count: int, one: str, many: str) -> None:
        if count >= parties.SEARCH_LIMIT:
            text = f"First {count} {many} shown — type more to narrow the search"
        elif count == 0:
            text = f"No {many} match" if self.search_field.text().strip() else f"No {many} yet"
        else:
            text = f"{count} {one if count == 1 else many}"
        self.count_label.setText(text)

    def _view_toggled(self, number: int, checked: bool) -> None:
        if not checked:
            return
        self.tables.setCurrentIndex(number)
        parcels_view = number == self.PARCELS
        self.kind_box.setEnabled(not parcels_view)
        self.inactive_box.setEnabled(not parcels_view)
        self.active_button.setVisible(not parcels_view)
        self.search_field.setPlaceholderText(
            "Search parcel number, site address or owner (Down arrow to the list)"
            if parcels_view
            else "Search name, contact, street, phone or e-mail (Down arrow to the list)"
        )
        self.refresh()

    def _enter_table(self) -> None:
        table = self.parcel_table if self.parcel_view_active() else self.party_table
        table.setFocus(Qt.FocusReason.OtherFocusReason)
        if forms.selected_row(table) is None:
            forms.select_row(table, 0)

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._show_details()

    def _show_details(self) -> None:
        if self.parcel_view_active():
            self._show_parcel_details(self.selected_parcel())
        else:
            self._show_party_details(self.selected_party())

    def _show_party_details(self, party: PartyRow | None) -> None:
        self.owned_label.setVisible(True)
        self.owned_table.setVisible(True)
        self.edit_button.setEnabled(party is not None)  # the form shows; saving is the act
        if party is None:
            self.details.setText("<i>No party selected.</i>")
            self.owned_model.set_rows([])
            show_acts({PartyAct.MAKE_INACTIVE: self.active_button}, None, "Choose a party.")
            return
        self.active_button.setText("Reac&tivate" if not party.active else "Make inac&tive")
        loaded = perform(
            self,
            self.app,
            lambda a: (parties_views.parcels_owned(a, party.id), party_acts(a, party.id)),
            writes=False,
        )
        owned, acts = loaded if loaded is not None else (None, None)
        toggle = PartyAct.MAKE_INACTIVE if party.active else PartyAct.REACTIVATE
        show_acts({toggle: self.active_button}, acts, "The party could not be read.")
        self.owned_model.set_rows(owned or [])
        self.owned_label.setText(f"<b>Parcels owned</b> ({len(owned or [])})")
        self.details.setText(party_html(party))

    def _show_parcel_details(self, parcel: ParcelRow | None) -> None:
        self.owned_label.setVisible(False)
        self.owned_table.setVisible(False)
        self.edit_button.setEnabled(parcel is not None)
        if parcel is None:
            self.details.setText("<i>No parcel selected.</i>")
            return
        owner = None
        if parcel.owner_id is not None:
            owner_id = parcel.owner_id
            owner = perform(
                self,
                self.app,
                lambda a: parties_views.party(a, owner_id),
                writes=False,
            )
        lines = [
            f"<h3>Parcel {html.escape(parcel.parcel_number)}</h3>",
            f"<p>{html.escape(parcel.site_address) or '<i>no site address</i>'}</p>",
        ]
        if parcel.description:
            lines.append(f"<p>{html.escape(parcel.description)}</p>")
        lines.append("<p><b>Owner</b></p>")
        lines.append(
            party_html(owner, heading=False) if owner else "<p><i>Owner not recorded.</i></p>"
        )
        self.details.setText("".join(lines))

    def _open_link(self, url: str) -> None:
        from ui.ordinance_viewer import cite_from_url

        cite = cite_from_url(url)
        if cite:
            forms.open_cite(self, cite)


def party_html(party: PartyRow, *, heading: bool = True) -> str:
    """The details panel: everything the counter needs about a party at a glance."""
    e = html.escape
    parts: list[str] = []
    parts.append(f"<h3>{e(party.name)}</h3>" if heading else f"<p><b>{e(party.name)}</b></p>")
    tags = [party.kind.label]
    if party.contractor:
        tags.append("Contractor")
    if not party.active:
        tags.append(f"<span style='color:{BAD}'>Inactive</span>")
    parts.append(f"<p>{' · '.join(tags)}</p>")
    if party.contact_name:
        parts.append(f"<p>Contact: {e(party.contact_name)}</p>")
    locality = " ".join(
        p for p in (f"{party.city}," if party.city else "", party.state, party.postal_code) if p
    )
    address = "<br>".join(e(p) for p in (party.street, locality) if p)
    parts.append(f"<p>{address or '<i>no mailing address</i>'}</p>")
    contact = "<br>".join(e(p) for p in (party.phone, party.email) if p)
    if contact:
        parts.append(f"<p>{contact}</p>")
    if party.public_utility:
        parts.append(
            f"<p><b>Public utility</b>: no excavation bond required — "
            f"{cite_html(PUBLIC_UTILITY_CITE)}</p>"
        )
    if party.notes:
        parts.append(f"<p style='color:{SECONDARY}'>{e(party.notes)}</p>")
    return "".join(parts)


# ---- dialogs -----------------------------------------------------------------------------------


class PartyDialog(forms.FormDialog):
    """Add or change a party. Enter saves, Esc cancels; the core's refusals show under the field.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, party: PartyRow | None = None, *, name: str = ""
    ) -> None:
        super().__init__(parent, f"Edit {party.name}" if party else "New party")
        self.app = app
        self.party = party
        self.setObjectName("party_dialog")
        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        for kind in PartyKind:
            self.kind.addItem(kind.label, kind)
        self.name = QLineEdit(name)
        self.name.setObjectName("name")
        _limit(self.name, "name")
        self.contact_name = QLineEdit()
        self.contact_name.setObjectName("contact_name")
        _limit(self.contact_name, "contact_name")
        self.street = QLineEdit()
        self.street.setObjectName("street")
        _limit(self.street, "street")
        self.city = QLineEdit()
        self.city.setObjectName("city")
        _limit(self.city, "city")
        self.state = QLineEdit()
        self.state.setObjectName("state")
        self.state.setMaxLength(2)
        self.state.setMaximumWidth(self.fontMetrics().horizontalAdvance("WWW") + 16)
        self.postal_code = QLineEdit()
        self.postal_code.setObjectName("postal_code")
        self.postal_code.setMaximumWidth(self.fontMetrics().horizontalAdvance("54021-12345") + 16)
        self.phone = QLineEdit()
        self.phone.setObjectName("phone")
        _limit(self.phone, "phone")
        self.email = QLineEdit()
        self.email.setObjectName("email")
        _limit(self.email, "email")
        self.public_utility = QCheckBox("Public utility")
        self.public_utility.setObjectName("public_utility")
        self.utility_note = QLabel(
            f"{html.escape(PUBLIC_UTILITY_NOTE)} — {cite_html(PUBLIC_UTILITY_CITE)}."
        )
        self.utility_note.setObjectName("utility_note")
        self.utility_note.setWordWrap(True)
        self.utility_note.setTextFormat(Qt.TextFormat.RichText)
        self.utility_note.setOpenExternalLinks(False)
        self.utility_note.setStyleSheet(text_sheet(SECONDARY))
        self.utility_note.linkActivated.connect(self._open_cite)
        self.contractor = QCheckBox("Contractor (does work in the streets for others)")
        self.contractor.setObjectName("contractor")
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("notes")
        self.notes.setTabChangesFocus(True)
        self.notes.setFixedHeight(self.fontMetrics().height() * 4 + 12)

        self.add_field("&Kind", self.kind)
        self.add_field("&Name", self.name, "name")
        self.add_field("C&ontact person", self.contact_name)
        self.add_field("&Street", self.street)
        self.add_field("&City", self.city)
        locality = QWidget()
        row = QHBoxLayout(locality)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.state)
        zip_label = QLabel("&ZIP code")
        zip_label.setBuddy(self.postal_code)
        row.addWidget(zip_label)
        row.addWidget(self.postal_code)
        row.addStretch(1)
        self.form.addRow("S&tate", locality)
        for field, widget in (("state", self.state), ("postal_code", self.postal_code)):
            message = forms.error_label()
            self.form.addRow("", message)
            self.errors.add(field, message, widget)
        self.add_field("&Phone", self.phone)
        self.add_field("&E-mail", self.email, "email")
        self.form.addRow("", self.public_utility)
        self.form.addRow("", self.utility_note)
        self.form.addRow("", self.contractor)
        self.add_field("No&tes", self.notes)
        self.finish_layout()
        self.resize(520, self.sizeHint().height())

        self.kind.currentIndexChanged.connect(self._kind_changed)
        if party is not None:
            self._fill(party)
        party_id = party.id if party is not None else None
        refused = perform(
            parent,
            app,
            lambda a: (
                register_acts(a)[RegisterAct.NEW_PARTY]
                if party_id is None
                else party_acts(a, party_id)[PartyAct.EDIT]
            ),
            writes=False,
        )
        if refused:
            self.set_read_only(refused)
        self.name.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, party: PartyRow | None = None, *, name: str = ""
    ) -> int | None:
        """Show the form; the id of the party saved, or None if cancelled."""
        dialog = cls(parent, app, party, name=name)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def _fill(self, party: PartyRow) -> None:
        self.kind.setCurrentIndex(self.kind.findData(party.kind))
        for name in (
            "name",
            "contact_name",
            "street",
            "city",
            "state",
            "postal_code",
            "phone",
            "email",
        ):
            widget = getattr(self, name)
            assert isinstance(widget, QLineEdit)
            widget.setText(getattr(party, name))
        self.public_utility.setChecked(party.public_utility)
        self.contractor.setChecked(party.contractor)
        self.notes.setPlainText(party.notes)

    def _kind_changed(self, _index: int) -> None:
        # A public utility is always one, whatever else it is: the core keeps the flag set.
        utility = self.kind.currentData() is PartyKind.UTILITY
        if utility:
            self.public_utility.setChecked(True)
        self.public_utility.setEnabled(not utility)

    def _open_cite(self, url: str) -> None:
        from ui.ordinance_viewer import cite_from_url

        cite = cite_from_url(url)
        if cite:
            forms.open_cite(self, cite)

    def data(self) -> PartyData:
        return PartyData(
            kind=self.kind.currentData(),
            name=self.name.text(),
            contact_name=self.contact_name.text(),
            street=self.street.text(),
            city=self.city.text(),
            state=self.state.text(),
            postal_code=self.postal_code.text(),
            phone=self.phone.text(),
            email=self.email.text(),
            public_utility=self.public_utility.isChecked(),
            contractor=self.contractor.isChecked(),
            notes=self.notes.toPlainText(),
        )

    def commit(self) -> object:
        data = self.data()
        party = self.party
        if party is None:
            return perform(
                self, self.app, lambda a: parties.add_party(a, data).id, errors=self.errors
            )
        return perform(
            self, self.app, lambda a: parties.update_party(a, party.id, data).id, errors=self.errors
        )


class ParcelDialog(forms.FormDialog):
    """Add or change a parcel; the owner is chosen with a :class:`PartyPicker`.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        parcel: ParcelRow | None = None,
        *,
        owner: PartyRow | None = None,
    ) -> None:
        super().__init__(parent, f"Edit parcel {parcel.parcel_number}" if parcel else "New parcel")
        self.app = app
        self.parcel = parcel
        self.setObjectName("parcel_dialog")
        if parcel is not None and parcel.owner_id is not None:
            owner_id = parcel.owner_id
            owner = perform(
                parent,
                app,
                lambda a: parties_views.party(a, owner_id),
                writes=False,
            )
        self.parcel_number = QLineEdit(parcel.parcel_number if parcel else "")
        self.parcel_number.setObjectName("parcel_number")
        _limit(self.parcel_number, "parcel_number")
        self.parcel_number.setPlaceholderText("e.g. 281-1005-12-000")
        self.site_address = QLineEdit(parcel.site_address if parcel else "")
        self.site_address.setObjectName("site_address")
        _limit(self.site_address, "site_address")
        self.owner_picker = PartyPicker(
            app, role="owner", chosen=owner, name="owner", none_text="No owner"
        )
        self.description = QPlainTextEdit(parcel.description if parcel else "")
        self.description.setObjectName("description")
        self.description.setTabChangesFocus(True)
        self.description.setFixedHeight(self.fontMetrics().height() * 3 + 12)
        self.add_field("Parcel &number", self.parcel_number, "parcel_number")
        self.add_field("&Site address", self.site_address, "site_address")
        self.add_field("&Owner", self.owner_picker, "owner_id")
        self.add_field("&Description", self.description, "description")
        self.finish_layout()
        self.resize(560, self.sizeHint().height())
        parcel_id = parcel.id if parcel is not None else None
        refused = perform(
            parent,
            app,
            lambda a: (
                register_acts(a)[RegisterAct.NEW_PARCEL]
                if parcel_id is None
                else parcel_acts(a, parcel_id)[ParcelAct.EDIT]
            ),
            writes=False,
        )
        if refused:
            self.set_read_only(refused)
        self.parcel_number.setFocus()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        parcel: ParcelRow | None = None,
        *,
        owner: PartyRow | None = None,
    ) -> int | None:
        """Show the form; the id of the parcel saved, or None if cancelled."""
        dialog = cls(parent, app, parcel, owner=owner)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def data(self) -> ParcelData:
        owner = self.owner_picker.party
        return ParcelData(
            self.parcel_number.text(),
            self.site_address.text(),
            owner.id if owner else None,
            self.description.toPlainText(),
        )

    def commit(self) -> object:
        data = self.data()
        parcel = self.parcel

        def work(action: Action) -> int:
            try:
                if parcel is None:
                    return parties.add_parcel(action, data).id
                return parties.update_parcel(action, parcel.id, data).id
            except Conflict as error:  # a parcel number already in the register
                raise InvalidInput(error.message, field="parcel_number") from None

        return perform(self, self.app, work, errors=self.errors)
