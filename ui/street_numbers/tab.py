"""Street Numbers: the official numbering register, number assignment and the noncompliance
notices of § 506-16.

At the top, the building permit check: the clerk types a parcel number or an address and reads
in words whether a building permit may issue as far as the street number goes (no permit until
the owner has procured the official number, § 506-16 (Noncompliance)). Under it the register,
(:mod:`.addresses_page`), searched as the clerk types, filtered by street; the address chosen
shows its details, its history (every change, with who, when and why) and its noncompliance
cases. The Cases view (:mod:`.cases_page`) lists the open cases with what the City does next and
from which day.

The Building Inspector assigns numbers (Assign number…, with the program's suggestion and the
live check of the number); the Clerk keeps the map (Streets…, Import addresses…) and follows the
owners who do not post their number. No rule lives here: every check and refusal is the core's
(:mod:`clerk_desk.street_numbers`), shown next to the field it is about with its section.

The tab reads nothing from the database until it is first shown, so the window starts as fast
with it as without it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.street_numbers import views as street_views
from clerk_desk.street_numbers.rules import NONCOMPLIANCE_CITE
from ui.kit.operations import App, read_in_background
from ui.street_numbers.addresses_page import AddressesPage
from ui.street_numbers.cases_page import CasesPage
from ui.street_numbers.permit_check import PermitCheckPanel


class StreetNumbersTab(QWidget):
    """The Street Numbers tab: the building permit check over two registers, the addresses
    and the open noncompliance cases, one shown at a time.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after an address, a street or a case was recorded.
    """

    status = Signal(str)
    register_changed = Signal()

    REGISTER, CASES = 0, 1

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("street_numbers_tab")
        self._counted = False
        self.permit = PermitCheckPanel(app)
        self.addresses = AddressesPage(app)
        self.cases = CasesPage(app)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.addresses)
        self.pages.addWidget(self.cases)
        layout = QVBoxLayout(self)
        layout.addWidget(self.permit)
        layout.addSpacing(4)
        layout.addLayout(self._build_views())
        layout.addWidget(self.pages, 1)
        self.setTabOrder(self.permit.field, self.permit.button)
        self.setTabOrder(self.permit.button, self.register_view_button)
        self.setTabOrder(self.cases_view_button, self.addresses.search_field)
        for page in (self.addresses, self.cases):
            page.status.connect(self.status)
            page.changed.connect(self._changed)

    def _build_views(self) -> QHBoxLayout:
        """The two buttons that choose the register shown, the cases' one with their count."""
        self.register_view_button = QPushButton("&Register")
        self.cases_view_button = QPushButton("Open &cases")
        self.cases_view_button.setToolTip(
            "Buildings whose numbers are missing or improper: notices and referrals "
            f"({NONCOMPLIANCE_CITE})"
        )
        self._views = QButtonGroup(self)
        for number, button in enumerate((self.register_view_button, self.cases_view_button)):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setStyleSheet("QPushButton:checked { font-weight: bold; }")
            self._views.addButton(button, number)
        self.register_view_button.setChecked(True)
        self._views.idToggled.connect(self._view_toggled)
        row = QHBoxLayout()
        row.addWidget(self.register_view_button)
        row.addWidget(self.cases_view_button)
        row.addStretch(1)
        return row

    # ---- what the main window calls ------------------------------------------------------------

    def showEvent(self, event: object) -> None:
        super().showEvent(event)  # type: ignore[arg-type]
        if not self._counted:
            self._count_open_cases()

    _counted = False

    def page(self) -> AddressesPage | CasesPage:
        """The register shown."""
        return self.cases if self.cases_view_active() else self.addresses

    def focus_search(self) -> None:
        self.page().focus_search()

    def refresh(self) -> None:
        """Read the register shown again (F5, after a save), and the count of open cases."""
        self.page().refresh()
        self._count_open_cases()

    def export_register(self) -> None:
        """The register of addresses (the street chosen, or all) to Excel."""
        self.addresses.export_register()

    def cases_view_active(self) -> bool:
        return self.pages.currentIndex() == self.CASES

    def show_cases(self, on: bool = True) -> None:
        (self.cases_view_button if on else self.register_view_button).setChecked(True)

    def show_record(self, record_type: str, record_id: str) -> None:
        """Show one address or one noncompliance case (the Today tab asks)."""
        if not record_id.isdigit():
            return
        if record_type == self.addresses.record_type:
            self.show_cases(False)
            self.addresses.show_record(record_type, record_id)
        elif record_type == self.cases.record_type:
            with_signals = self._views.blockSignals(True)
            try:
                self.show_cases(True)
            finally:
                self._views.blockSignals(with_signals)
            self.pages.setCurrentIndex(self.CASES)
            self.cases.show_case(int(record_id))

    # ---- behaviour -----------------------------------------------------------------------------

    def _view_toggled(self, number: int, checked: bool) -> None:
        if not checked:
            return
        page = self.cases if number == self.CASES else self.addresses
        was_read = page.loaded  # else showing it reads it
        self.pages.setCurrentIndex(number)
        if was_read:
            page.refresh()
        self._count_open_cases()

    def _changed(self) -> None:
        self.register_changed.emit()
        self._count_open_cases()

    def _count_open_cases(self) -> None:
        """Count the open cases on a worker thread (the tab opens meanwhile)."""
        self._counted = True
        read_in_background(
            self,
            self.app,
            lambda a: len(street_views.case_rows(a, "", open_only=True)),
            self._show_open_cases,
        )

    def _show_open_cases(self, count: int) -> None:
        self.cases_view_button.setText(f"Open &cases ({count})" if count else "Open &cases")
