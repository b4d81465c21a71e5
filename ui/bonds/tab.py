"""Bonds & Insurance: the registers of certificates of insurance and bonds, and the check of a
certificate against the requirement of the permit it is for.

The clerk finds a certificate by typing part of the insured's name, the insurer or a policy
number; beside it the "Check against…" panel runs the core's rule
(:func:`clerk_desk.coverage.check_certificate`) for the permit type and the days the permit or
event runs, and says in one line whether the permit may issue — or how many problems stand, each
with its section, so the certificate can be handed back across the counter with the exact
shortfall. A certificate is never edited: a corrected one replaces it and the old one stays in
the register, superseded. Bonds are released, claimed or forfeited by a recorded act.

The tab shows one of its two registers (:mod:`ui.bonds.registers`) at a time.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.bonds.acts import RegisterAct, register_acts
from clerk_desk.bonds.views import BondLine, CertificateLine
from ui.bonds.dialogs import BondDialog, CertificateDialog
from ui.bonds.registers import BondRegister, CertificateRegister, FileRegister
from ui.bonds.revocations import RevocationsDialog
from ui.kit import forms as forms
from ui.kit.operations import App, perform
from ui.kit.pickers import party_row


class BondsTab(QWidget):
    """The Bonds & Insurance tab: the certificate register or the bond register.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after a certificate or bond was filed or changed.
    """

    status = Signal(str)
    register_changed = Signal()

    CERTIFICATES, BONDS = 0, 1

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("bonds_tab")
        self.certificates = CertificateRegister(app)
        self.bonds = BondRegister(app)
        self.certificate_view_button = QPushButton("&Certificates")
        self.bond_view_button = QPushButton("&Bonds")
        self._views = QButtonGroup(self)
        top = QHBoxLayout()
        for number, button in enumerate((self.certificate_view_button, self.bond_view_button)):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setStyleSheet("QPushButton:checked { font-weight: bold; }")
            self._views.addButton(button, number)
            top.addWidget(button)
        top.addStretch(1)
        self.certificate_view_button.setChecked(True)
        self.tables = QStackedWidget()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.tables, 1)
        for page in (self.certificates, self.bonds):
            self.tables.addWidget(page)
            page.status.connect(self.status.emit)
            page.changed.connect(self.register_changed.emit)
            page.new_certificate_button.clicked.connect(self.new_certificate)
            page.new_bond_button.clicked.connect(self.new_bond)
            page.revocations_button.clicked.connect(self.show_revocations)
        self._views.idToggled.connect(self._view_toggled)
        self._allow_filing()
        shortcuts: tuple[tuple[str, Callable[[], object]], ...] = (
            ("Ctrl+N", self.new_certificate),
            ("Ctrl+Shift+N", self.new_bond),
        )
        for sequence, slot in shortcuts:
            shortcut = QShortcut(QKeySequence(sequence), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    def _allow_filing(self) -> None:
        """Filing a certificate or a bond is the Clerk's or the Treasurer's: the core says."""
        acts = perform(self, self.app, register_acts, writes=False) or {}
        for page in (self.certificates, self.bonds):
            for act, button in (
                (RegisterAct.FILE_CERTIFICATE, page.new_certificate_button),
                (RegisterAct.FILE_BOND, page.new_bond_button),
            ):
                if refused := acts.get(act):
                    button.setEnabled(False)
                    button.setToolTip(refused)

    # ---- the register shown --------------------------------------------------------------------

    def page(self) -> FileRegister[CertificateLine] | FileRegister[BondLine]:
        return self.bonds if self.bond_view_active() else self.certificates

    def bond_view_active(self) -> bool:
        return self.tables.currentIndex() == self.BONDS

    def show_bonds(self, on: bool = True) -> None:
        """Switch between the certificate register and the bond register."""
        (self.bond_view_button if on else self.certificate_view_button).setChecked(True)

    def _view_toggled(self, number: int, checked: bool) -> None:
        if checked:
            self.tables.setCurrentIndex(number)  # the register is read as it is shown

    @property
    def search_field(self) -> forms.SearchField:
        return self.page().search_field

    @property
    def new_certificate_button(self) -> QPushButton:
        return self.page().new_certificate_button

    @property
    def new_bond_button(self) -> QPushButton:
        return self.page().new_bond_button

    # ---- what the main window calls ------------------------------------------------------------

    def focus_search(self) -> None:
        self.page().focus_search()

    def refresh(self) -> None:
        """Run the search again (after typing, a filter change, a save, or F5)."""
        self.page().refresh()

    def export_register(self) -> None:
        """The register shown (certificates or bonds, all of them) to Excel, on a worker thread
        behind a progress dialog."""
        self.page().export_register()

    def show_record(self, record_type: str, record_id: str) -> None:
        """Show one certificate or bond (the Today tab asks)."""
        for page in (self.certificates, self.bonds):
            if record_type == page.record_type:
                self.show_bonds(page is self.bonds)
                page.show_record(record_type, record_id)

    # ---- filing --------------------------------------------------------------------------------

    def new_certificate(self) -> None:
        if not self.certificates.new_certificate_button.isEnabled():
            return
        certificate_id = CertificateDialog.ask(self, self.app)
        if certificate_id is not None:
            self.show_bonds(False)
            self.certificates.saved(certificate_id, "Certificate filed.")

    def new_bond(self) -> None:
        if not self.bonds.new_bond_button.isEnabled():
            return
        bond_id = BondDialog.ask(self, self.app)
        if bond_id is not None:
            self.show_bonds(True)
            self.bonds.saved(bond_id, "Bond filed.")

    def show_revocations(self) -> None:
        chosen = self.page().selected()
        party = None
        if isinstance(chosen, BondLine):
            party = party_row(self.app, self, chosen.principal_id)
        elif isinstance(chosen, CertificateLine):
            party = party_row(self.app, self, chosen.insured_id)
        RevocationsDialog.ask(self, self.app, party=party)
