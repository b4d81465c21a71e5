"""People & Parcels: the one register of parties (people, businesses, organizations, public
utilities, government bodies) and of tax parcels, which every other workflow names from.

The tab shows one of its two registers (:mod:`ui.parties.registers`) at a time. The clerk finds
someone by typing any part of a name, street, phone or e-mail (accents ignored: "zoe" finds
"Zoë"); the search runs once they pause (:data:`ui.kit.forms.SEARCH_DELAY_MS`). Parties are never
deleted: one who is gone is made inactive and drops out of searches, but stays on the permits
and receipts that name them. All checks (a ZIP code, a duplicate parcel number) are the core's
(:mod:`clerk_desk.parties`); the forms only show its messages under the field.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ui.kit import forms as forms
from ui.kit.operations import App
from ui.kit.table_models import RowsModel
from ui.parties.registers import ParcelRegister, PartyRegister, PeoplePage


class PartiesTab(QWidget):
    """The People & Parcels tab: the party register or the parcel register.

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
        self.party_page = PartyRegister(app)
        self.parcel_page = ParcelRegister(app)
        self.party_view_button = QPushButton("&People && businesses")
        self.parcel_view_button = QPushButton("Pa&rcels")
        self._views = QButtonGroup(self)
        top = QHBoxLayout()
        for number, button in enumerate((self.party_view_button, self.parcel_view_button)):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setStyleSheet("QPushButton:checked { font-weight: bold; }")
            self._views.addButton(button, number)
            top.addWidget(button)
        top.addStretch(1)
        self.party_view_button.setChecked(True)
        self.tables = QStackedWidget()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.tables, 1)
        for page in (self.party_page, self.parcel_page):
            self.tables.addWidget(page)
            page.status.connect(self.status.emit)
            page.changed.connect(self.register_changed.emit)
            page.new_party_button.clicked.connect(self.new_party)
            page.new_parcel_button.clicked.connect(self.new_parcel)
        self._views.idToggled.connect(self._view_toggled)
        window_shortcuts: tuple[tuple[str, Callable[[], object]], ...] = (
            ("Ctrl+N", self.new_party),
            ("Ctrl+Shift+N", self.new_parcel),
        )
        for sequence, slot in window_shortcuts:
            shortcut = QShortcut(QKeySequence(sequence), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    # ---- the register shown ----------------------------------------------------------------

    def page(self) -> PeoplePage:
        return self.parcel_page if self.parcel_view_active() else self.party_page

    def parcel_view_active(self) -> bool:
        return self.tables.currentIndex() == self.PARCELS

    def show_parcels(self, on: bool = True) -> None:
        """Switch between the party register and the parcel register."""
        (self.parcel_view_button if on else self.party_view_button).setChecked(True)

    def _view_toggled(self, number: int, checked: bool) -> None:
        if checked:
            self.tables.setCurrentIndex(number)
            self.refresh()

    @property
    def search_field(self) -> forms.SearchField:
        return self.page().search_field

    @property
    def details(self) -> QLabel:
        return self.page().details

    @property
    def new_party_button(self) -> QPushButton:
        return self.page().new_party_button

    @property
    def new_parcel_button(self) -> QPushButton:
        return self.page().new_parcel_button

    @property
    def party_model(self) -> RowsModel:
        return self.party_page.model

    @property
    def party_table(self) -> QWidget:
        return self.party_page.table

    @property
    def parcel_model(self) -> RowsModel:
        return self.parcel_page.model

    @property
    def owned_model(self) -> RowsModel:
        return self.party_page.owned_model

    @property
    def active_button(self) -> QPushButton:
        return self.party_page.active_button

    @property
    def inactive_box(self) -> QCheckBox:
        return self.party_page.inactive_box

    # ---- what the main window calls ------------------------------------------------------------

    def focus_search(self) -> None:
        """Put the caret in the search field, its text selected so typing replaces it."""
        self.page().focus_search()

    def refresh(self) -> None:
        """Run the search again (after typing, a filter change, a save, or the tab shown)."""
        self.page().refresh()

    def export_register(self) -> None:
        """Write the register shown, whole, to Excel (on a worker thread, with Cancel)."""
        self.page().export_register()

    def new_party(self) -> None:
        """A new party, named as far as the party search typed it (a name not found)."""
        name = "" if self.parcel_view_active() else self.search_field.text().strip()
        self.party_page.new_party(name)

    def new_parcel(self) -> None:
        """A new parcel, owned by the party chosen in the party register."""
        self.page().new_parcel()  # type: ignore[attr-defined]

    def edit_selected(self) -> None:
        self.page().edit_selected()
