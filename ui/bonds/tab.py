"""Bonds & Insurance: the registers of certificates of insurance and bonds, and the check of a
certificate against the requirement of the permit it is for.

The clerk finds a certificate by typing part of the insured's name, the insurer or a policy
number; beside it the "Check against…" panel runs the core's rule
(:func:`clerk_desk.coverage.check_certificate`) for the permit type and the days the permit or
event runs, and says in one line whether the permit may issue — or how many problems stand, each
with its section, so the certificate can be handed back across the counter with the exact
shortfall. A certificate is never edited: a corrected one replaces it and the old one stays in
the register, superseded. Bonds are released, claimed or forfeited by a recorded act.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QItemSelection, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.bonds import acts as bond_acts_core
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds import views as bond_views
from clerk_desk.bonds.acts import BondAct, CertificateAct, bond_acts, certificate_acts
from clerk_desk.bonds.views import (
    BondLine,
    CertificateLine,
    search_bond_lines,
    search_certificate_lines,
)
from clerk_desk.coverage import (
    CoverageKind,
)
from clerk_desk.desk import Action
from clerk_desk.kinds import BondKind, FileStatus
from clerk_desk.money import Money
from ui.bonds.check_panel import CheckPanel
from ui.bonds.dialogs import (
    BondDialog,
    BondStatusDialog,
    CertificateDialog,
    DefectNoticeDialog,
    ReasonDialog,
    open_scan,
    releasable_words,
)
from ui.bonds.revocations import RevocationsDialog
from ui.kit import forms as forms
from ui.kit.operations import App, perform, run_in_background
from ui.kit.pickers import party_row
from ui.kit.register_page import EXPORT_FILTER, show_acts
from ui.kit.style import BAD, BAD_BACKGROUND, LATE, LATE_BACKGROUND, SECONDARY, text_sheet
from ui.kit.table_models import RIGHT, RowsModel, TableColumn, yes

_EXPORT_ALL = 10**9
ActT = TypeVar("ActT")
SOON_DAYS = bonds.EXPIRY_WARNING_DAYS
EXPIRED_COLOUR, SOON_COLOUR = BAD_BACKGROUND, LATE_BACKGROUND


def expiry_colour(expires_on: date | None, today: date, active: bool) -> str | None:
    if expires_on is None or not active:
        return None
    if expires_on < today:
        return EXPIRED_COLOUR
    if expires_on <= today + timedelta(days=SOON_DAYS):
        return SOON_COLOUR
    return None


def _money(amount: Money | None) -> str:
    return "" if amount is None else amount.format()


def certificate_columns(today: Callable[[], date]) -> tuple[TableColumn, ...]:
    return (
        TableColumn("Insured", lambda r: r.insured, tooltip=lambda r: r.note or None),
        TableColumn("Insurer", lambda r: r.insurer),
        TableColumn("Policy numbers", lambda r: r.policy_numbers),
        TableColumn(
            "Expires",
            lambda r: words.us_date(r.expires_on),
            colour=lambda r: expiry_colour(r.expires_on, today(), r.active),
            tooltip=lambda r: (
                "Expired"
                if r.active and r.expires_on < today()
                else (
                    "Expires within 30 days"
                    if expiry_colour(r.expires_on, today(), r.active)
                    else None
                )
            ),
        ),
        TableColumn(
            "City insured",
            lambda r: yes(r.city_additional_insured),
            header_tooltip="City named as additional insured",
        ),
        TableColumn("Protects", lambda r: r.protects),
        TableColumn(
            "Status",
            lambda r: "Short" if r.standing else r.status.label,
            colour=lambda r: BAD_BACKGROUND if r.standing else None,
            tooltip=lambda r: r.standing or r.status_reason or None,
        ),
    )


def bond_columns(today: Callable[[], date]) -> tuple[TableColumn, ...]:
    return (
        TableColumn("Kind", lambda r: r.kind.label),
        TableColumn("Principal", lambda r: r.principal),
        TableColumn("Bond no.", lambda r: r.bond_number),
        TableColumn("Surety", lambda r: r.surety),
        TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
        TableColumn(
            "Ends",
            lambda r: str(r.year) if r.year else words.us_date(r.expires_on),
            colour=lambda r: expiry_colour(r.expires_on, today(), r.active),
        ),
        TableColumn("Protects", lambda r: r.protects),
        TableColumn("Status", lambda r: r.status.label, tooltip=lambda r: r.status_reason or None),
    )


class BondsTab(QWidget):
    """The Bonds & Insurance tab.

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
        self._build()
        self._connect()
        self.refresh()

    # ---- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        today = self.app.desk.clock.today
        self.certificate_view_button = QPushButton("&Certificates")
        self.bond_view_button = QPushButton("&Bonds")
        self._views = QButtonGroup(self)
        for number, button in enumerate((self.certificate_view_button, self.bond_view_button)):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setStyleSheet("QPushButton:checked { font-weight: bold; }")
            self._views.addButton(button, number)
        self.certificate_view_button.setChecked(True)
        self.search_field = forms.SearchField("")
        self.search_field.setObjectName("bonds_search")
        self.kind_box = QComboBox()
        self.kind_box.setObjectName("bond_kind_filter")
        self.kind_box.addItem("All kinds", None)
        for kind in BondKind:
            self.kind_box.addItem(kind.label, kind)
        self.kind_box.setVisible(False)
        self.inactive_box = QCheckBox("Show &inactive")
        self.inactive_box.setToolTip("Also superseded certificates and released or forfeited bonds")
        top = QHBoxLayout()
        top.addWidget(self.certificate_view_button)
        top.addWidget(self.bond_view_button)
        top.addSpacing(12)
        top.addWidget(self.search_field, 1)
        top.addWidget(self.kind_box)
        top.addWidget(self.inactive_box)

        self.certificate_model = RowsModel(certificate_columns(today), self)
        self.certificate_model.set_dimmed(lambda r: not r.active)
        self.certificate_table = forms.make_table(self.certificate_model, name="certificate_table")
        forms.size_columns(self.certificate_table, {0: 22, 1: 16, 2: 12, 3: 10, 4: 9, 5: 14})
        self.bond_model = RowsModel(bond_columns(today), self)
        self.bond_model.set_dimmed(lambda r: not r.active)
        self.bond_table = forms.make_table(self.bond_model, name="bond_table")
        forms.size_columns(self.bond_table, {0: 17, 1: 20, 2: 9, 3: 14, 4: 10, 5: 9, 6: 13})
        self.tables = QStackedWidget()
        self.tables.addWidget(self.certificate_table)
        self.tables.addWidget(self.bond_table)

        # -- the side: a certificate's details and its check, or a bond's details
        self.certificate_details = QLabel()
        self.certificate_details.setObjectName("certificate_details")
        self.bond_details = QLabel()
        self.bond_details.setObjectName("bond_details")
        for label in (self.certificate_details, self.bond_details):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
            label.linkActivated.connect(self.app.open_link)
        self.check_panel = CheckPanel(self.app)
        self.replace_button = QPushButton("Re&place with corrected…")
        self.replace_button.setToolTip(
            "File the corrected or renewed certificate; this one is kept, marked superseded"
        )
        self.set_aside_button = QPushButton("Set aside…")
        self.certificate_scan_button = QPushButton("Open scan")
        cert_buttons = QHBoxLayout()
        for button in (self.replace_button, self.set_aside_button, self.certificate_scan_button):
            cert_buttons.addWidget(button)
        cert_buttons.addStretch(1)
        cert_side = QWidget()
        cert_layout = QVBoxLayout(cert_side)
        cert_layout.setContentsMargins(8, 0, 0, 0)
        cert_layout.addWidget(self.certificate_details)
        cert_layout.addLayout(cert_buttons)
        cert_layout.addWidget(self.check_panel)
        cert_layout.addStretch(1)

        self.release_button = QPushButton("&Release…")
        self.claim_button = QPushButton("Clai&m…")
        self.forfeit_button = QPushButton("&Forfeit…")
        self.defect_button = QPushButton("&Defect notice…")
        self.bond_scan_button = QPushButton("Open scan")
        bond_buttons = QHBoxLayout()
        for button in (
            self.release_button,
            self.claim_button,
            self.forfeit_button,
            self.defect_button,
            self.bond_scan_button,
        ):
            bond_buttons.addWidget(button)
        bond_buttons.addStretch(1)
        bond_side = QWidget()
        bond_layout = QVBoxLayout(bond_side)
        bond_layout.setContentsMargins(8, 0, 0, 0)
        bond_layout.addWidget(self.bond_details)
        bond_layout.addLayout(bond_buttons)
        bond_layout.addStretch(1)

        self.sides = QStackedWidget()
        self.sides.addWidget(cert_side)
        self.sides.addWidget(bond_side)
        scroller = forms.scrolled(self.sides)
        scroller.setMinimumWidth(0)  # as wide as its content needs (forms.scrolled)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.tables)
        splitter.addWidget(scroller)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([820, 480])

        self.new_certificate_button = QPushButton("&New certificate…")
        self.new_certificate_button.setToolTip("Ctrl+N")
        self.new_bond_button = QPushButton("New b&ond…")
        self.new_bond_button.setToolTip("Ctrl+Shift+N")
        self.revocations_button = QPushButton("Re&vocations…")
        self.revocations_button.setToolTip(
            "Contractors whose right to street opening permits is revoked (§ 506-6)"
        )
        self.count_label = QLabel()
        self.count_label.setObjectName("count_label")
        self.count_label.setStyleSheet(text_sheet(SECONDARY))
        self.export_button = QPushButton("E&xport to Excel…")
        buttons = QHBoxLayout()
        for button in (
            self.new_certificate_button,
            self.new_bond_button,
            self.revocations_button,
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

        register = perform(self, self.app, bond_acts_core.register_acts, writes=False) or {}
        if reason := register.get(bond_acts_core.RegisterAct.FILE_BOND) or "":
            self._manage_buttons_off = reason
            for button in self._manage_buttons():
                button.setEnabled(False)
                button.setToolTip(reason)
        else:
            self._manage_buttons_off = ""
        self._set_placeholder()
        self.setTabOrder(self.search_field, self.kind_box)
        self.setTabOrder(self.kind_box, self.inactive_box)
        self.setTabOrder(self.inactive_box, self.certificate_table)
        self.setTabOrder(self.certificate_table, self.bond_table)

    def _manage_buttons(self) -> tuple[QPushButton, ...]:
        return (
            self.new_certificate_button,
            self.new_bond_button,
            self.replace_button,
            self.set_aside_button,
            self.release_button,
            self.claim_button,
            self.forfeit_button,
            self.defect_button,
        )

    def _connect(self) -> None:
        self.search_field.search_requested.connect(lambda _text: self.refresh())
        self.search_field.move_down.connect(self._enter_table)
        self.kind_box.currentIndexChanged.connect(lambda _i: self.refresh())
        self.inactive_box.toggled.connect(lambda _on: self.refresh())
        self._views.idToggled.connect(self._view_toggled)
        self.certificate_table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.bond_table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.new_certificate_button.clicked.connect(self.new_certificate)
        self.new_bond_button.clicked.connect(self.new_bond)
        self.revocations_button.clicked.connect(self.show_revocations)
        self.export_button.clicked.connect(self.export_register)
        self.replace_button.clicked.connect(self.replace_selected)
        self.set_aside_button.clicked.connect(self.set_aside_selected)
        self.certificate_scan_button.clicked.connect(self.open_selected_scan)
        self.bond_scan_button.clicked.connect(self.open_selected_scan)
        self.release_button.clicked.connect(lambda: self.change_status(FileStatus.RELEASED))
        self.claim_button.clicked.connect(lambda: self.change_status(FileStatus.CLAIM_MADE))
        self.forfeit_button.clicked.connect(lambda: self.change_status(FileStatus.FORFEITED))
        self.defect_button.clicked.connect(self.record_defect)
        self.certificate_table.doubleClicked.connect(lambda _i: self.check_panel.setFocus())
        shortcuts: tuple[tuple[str, Callable[[], object]], ...] = (
            ("Ctrl+N", self.new_certificate),
            ("Ctrl+Shift+N", self.new_bond),
        )
        for sequence, slot in shortcuts:
            shortcut = QShortcut(QKeySequence(sequence), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    # ---- what the main window calls ------------------------------------------------------------

    def focus_search(self) -> None:
        self.search_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_field.selectAll()

    def refresh(self) -> None:
        """Run the search again (after typing, a filter change, a save, or the tab shown)."""
        if self.bond_view_active():
            self._refresh_bonds()
        else:
            self._refresh_certificates()

    def bond_view_active(self) -> bool:
        return self.tables.currentIndex() == self.BONDS

    def show_bonds(self, on: bool = True) -> None:
        (self.bond_view_button if on else self.certificate_view_button).setChecked(True)

    def show_record(self, record_type: str, record_id: str) -> None:
        """Show one certificate or bond (the Today tab asks)."""
        if record_type not in ("insurance_certificate", "bond") or not record_id.isdigit():
            return
        wanted = int(record_id)
        bond_view = record_type == "bond"
        self.show_bonds(bond_view)
        self.search_field.blockSignals(True)
        self.search_field.clear()
        self.search_field.blockSignals(False)
        self.refresh()
        model, table = (
            (self.bond_model, self.bond_table)
            if bond_view
            else (self.certificate_model, self.certificate_table)
        )
        number = model.row_of(lambda r: r.id == wanted)
        if number < 0 and not self.inactive_box.isChecked():
            self.inactive_box.setChecked(True)  # refreshes
            number = model.row_of(lambda r: r.id == wanted)
        forms.select_row(table, number)

    def export_register(self) -> None:
        """The register of the view shown (certificates or bonds, all of them) to Excel, on a
        worker thread behind a progress dialog."""
        from reports.bonds_registers import bonds_excel, certificates_excel

        bond_view = self.bond_view_active()
        what = "bond register" if bond_view else "certificate register"
        day = self.app.desk.clock.today()
        suggested = f"{'bonds' if bond_view else 'insurance-certificates'}-{day.isoformat()}.xlsx"
        path = forms.ask_save_path(self, f"Export the {what}", suggested, EXPORT_FILTER)
        if not path:
            return
        if not path.lower().endswith(".xlsx"):
            path += ".xlsx"
        app = self.app

        def work(progress: Callable[[int], bool]) -> int:
            with app.desk.lookup(app.operator) as action:
                city = bond_views.city(action).city_name
                if bond_view:
                    bond_lines = search_bond_lines(action, "", True, limit=_EXPORT_ALL)
                else:
                    cert_lines = search_certificate_lines(action, "", True, limit=_EXPORT_ALL)
            author = app.operator.full_name
            if bond_view:
                return bonds_excel(
                    path, bond_lines, as_of=day, progress=progress, author=author, city=city
                )
            return certificates_excel(
                path, cert_lines, as_of=day, progress=progress, author=author, city=city
            )

        def done(count: int) -> None:
            self.status.emit(f"{count:,} rows written to {Path(path).name}")

        run_in_background(self, work, title=f"Exporting the {what}…", on_done=done)

    # ---- actions -------------------------------------------------------------------------------

    def selected_certificate(self) -> CertificateLine | None:
        row = forms.selected_row(self.certificate_table)
        return row if isinstance(row, CertificateLine) else None

    def selected_bond(self) -> BondLine | None:
        row = forms.selected_row(self.bond_table)
        return row if isinstance(row, BondLine) else None

    def new_certificate(self) -> None:
        certificate_id = CertificateDialog.ask(self, self.app)
        if certificate_id is not None:
            self._after_save(certificate_id=certificate_id)
            self.status.emit("Certificate filed.")

    def replace_selected(self) -> None:
        line = self.selected_certificate()
        if line is None or not line.active:
            return
        certificate_id = CertificateDialog.ask(self, self.app, replacing=line)
        if certificate_id is not None:
            self._after_save(certificate_id=certificate_id)
            self.status.emit(f"Certificate of {line.insured} replaced; the old one is superseded.")

    def set_aside_selected(self) -> None:
        line = self.selected_certificate()
        if line is not None and line.active and ReasonDialog.ask(self, self.app, line):
            self._after_save()
            self.status.emit(f"Certificate of {line.insured} set aside.")

    def new_bond(self) -> None:
        bond_id = BondDialog.ask(self, self.app)
        if bond_id is not None:
            self._after_save(bond_id=bond_id)
            self.status.emit("Bond filed.")

    def change_status(self, status: FileStatus) -> None:
        line = self.selected_bond()
        if line is not None and BondStatusDialog.ask(self, self.app, line, status):
            self._after_save(bond_id=line.id)
            self.status.emit(f"Bond {line.bond_number}: {status.label.lower()}.")

    def record_defect(self) -> None:
        line = self.selected_bond()
        if line is not None and line.guarantee and DefectNoticeDialog.ask(self, self.app, line):
            self._after_save(bond_id=line.id)
            self.status.emit(f"Defect notice recorded on guarantee {line.bond_number}.")

    def show_revocations(self) -> None:
        party = None
        if self.bond_view_active() and (bond := self.selected_bond()) is not None:
            party = party_row(self.app, self, bond.principal_id)
        elif (certificate := self.selected_certificate()) is not None:
            party = party_row(self.app, self, certificate.insured_id)
        RevocationsDialog.ask(self, self.app, party=party)

    def open_selected_scan(self) -> None:
        line: CertificateLine | BondLine | None = (
            self.selected_bond() if self.bond_view_active() else self.selected_certificate()
        )
        if line is not None and line.scan_sha256:
            open_scan(self, self.app, line.scan_sha256, line.scan_name)

    def _after_save(self, *, certificate_id: int | None = None, bond_id: int | None = None) -> None:
        self.register_changed.emit()
        if certificate_id is not None and self.bond_view_active():
            self.show_bonds(False)
        if bond_id is not None and not self.bond_view_active():
            self.show_bonds(True)
        self.refresh()
        wanted = certificate_id if certificate_id is not None else bond_id
        if wanted is None:
            return
        model, table = (
            (self.bond_model, self.bond_table)
            if bond_id is not None
            else (self.certificate_model, self.certificate_table)
        )
        number = model.row_of(lambda r: r.id == wanted)
        if number < 0:  # not among the matches: show the whole register
            self.search_field.blockSignals(True)
            self.search_field.clear()
            self.search_field.blockSignals(False)
            self.refresh()
            number = model.row_of(lambda r: r.id == wanted)
        forms.select_row(table, number)

    # ---- searching and showing -----------------------------------------------------------------

    def _refresh_certificates(self) -> None:
        text, inactive = self.search_field.text(), self.inactive_box.isChecked()
        selected = self.selected_certificate()
        rows = perform(
            self, self.app, lambda a: search_certificate_lines(a, text, inactive), writes=False
        )
        if rows is None:
            return
        self.certificate_model.set_rows(rows)
        self._show_count(len(rows), "certificate", "certificates")
        number = self.certificate_model.row_of(lambda r: r.id == selected.id) if selected else -1
        forms.select_row(self.certificate_table, max(number, 0))
        self._show_details()

    def _refresh_bonds(self) -> None:
        text, inactive = self.search_field.text(), self.inactive_box.isChecked()
        kind = self.kind_box.currentData()
        selected = self.selected_bond()
        rows = perform(
            self, self.app, lambda a: search_bond_lines(a, text, inactive, kind), writes=False
        )
        if rows is None:
            return
        self.bond_model.set_rows(rows)
        self._show_count(len(rows), "bond", "bonds")
        number = self.bond_model.row_of(lambda r: r.id == selected.id) if selected else -1
        forms.select_row(self.bond_table, max(number, 0))
        self._show_details()

    def _show_count(self, count: int, one: str, many: str) -> None:
        if count >= 200:
            text = f"First {count} {many} shown — type more to narrow the search"
        elif count == 0:
            text = f"No {many} match" if self.search_field.text().strip() else f"No {many} yet"
        else:
            text = f"{count} {one if count == 1 else many}"
        self.count_label.setText(text)

    def _set_placeholder(self) -> None:
        self.search_field.setPlaceholderText(
            "Search principal, surety or bond number (Down arrow to the list)"
            if self.bond_view_active()
            else "Search insured, insurer or policy number (Down arrow to the list)"
        )

    def _view_toggled(self, number: int, checked: bool) -> None:
        if not checked:
            return
        self.tables.setCurrentIndex(number)
        self.sides.setCurrentIndex(number)
        self.kind_box.setVisible(number == self.BONDS)
        self._set_placeholder()
        self.refresh()

    def _enter_table(self) -> None:
        table = self.bond_table if self.bond_view_active() else self.certificate_table
        table.setFocus(Qt.FocusReason.OtherFocusReason)
        if forms.selected_row(table) is None:
            forms.select_row(table, 0)

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._show_details()

    def _show_details(self) -> None:
        today = self.app.desk.clock.today()
        if self.bond_view_active():
            bond = self.selected_bond()
            self.bond_details.setText(
                bond_html(bond, today) if bond else "<i>No bond selected.</i>"
            )
            bond_id = bond.id if bond is not None else None
            show_acts(
                {
                    BondAct.RELEASE: self.release_button,
                    BondAct.CLAIM: self.claim_button,
                    BondAct.FORFEIT: self.forfeit_button,
                    BondAct.DEFECT_NOTICE: self.defect_button,
                },
                self._acts(lambda action: bond_acts(action, bond_id)) if bond_id else None,
                "Choose a bond first.",
            )
            self.defect_button.setVisible(bond is not None and bond.guarantee)
            self.bond_scan_button.setEnabled(bond is not None and bool(bond.scan_sha256))
            return
        certificate = self.selected_certificate()
        self.certificate_details.setText(
            certificate_html(certificate, today)
            if certificate
            else "<i>No certificate selected.</i>"
        )
        certificate_id = certificate.id if certificate is not None else None
        show_acts(
            {
                CertificateAct.REPLACE: self.replace_button,
                CertificateAct.SET_ASIDE: self.set_aside_button,
            },
            self._acts(lambda action: certificate_acts(action, certificate_id))
            if certificate_id
            else None,
            "Choose a certificate first.",
        )
        self.certificate_scan_button.setEnabled(
            certificate is not None and bool(certificate.scan_sha256)
        )
        self.check_panel.set_certificate(certificate)

    def _acts(
        self, read: Callable[[Action], dict[ActT, str | None]]
    ) -> dict[ActT, str | None] | None:
        """The chosen record's acts as the core says (None if it could not be read)."""
        return perform(self, self.app, read, writes=False)


# ---- the details panels ----------------------------------------------------------------------


def _status_html(status: FileStatus, on: date | None, reason: str) -> str:
    e = html.escape
    if status is FileStatus.ON_FILE:
        return "On file"
    when = f" {words.us_date(on)}" if on else ""
    why = f" — {e(reason)}" if reason else ""
    return f"<span style='color:{BAD}'>{e(status.label)}{when}</span>{why}"


def _expiry_html(expires_on: date, today: date) -> str:
    if expires_on < today:
        return f"<b style='color:{BAD}'>expired {words.us_date(expires_on)}</b>"
    if expires_on <= today + timedelta(days=SOON_DAYS):
        days = (expires_on - today).days
        return (
            f"<b style='color:{LATE}'>expires {words.us_date(expires_on)} "
            f"(in {days} day{'s' if days != 1 else ''})</b>"
        )
    return f"expires {words.us_date(expires_on)}"


def certificate_html(line: CertificateLine, today: date) -> str:
    e = html.escape
    limits = "".join(
        f"<tr><td>{e(kind.label.capitalize())}</td>"
        f"<td align='right'>&nbsp;&nbsp;{e(_money(line.limit(kind)))}</td></tr>"
        for kind in CoverageKind
        if line.limit(kind) is not None
    )
    flags = [
        ("General liability", line.general_liability),
        ("Contractual liability", line.contractual_liability),
        ("City additional insured", line.city_additional_insured),
        ("Separate endorsement", line.additional_insured_endorsement),
    ]
    flag_text = " · ".join(f"{name}: {'yes' if on else '<b>no</b>'}" for name, on in flags)
    notice = "not stated" if line.notice_days is None else f"{line.notice_days} days"
    expiry = (
        _expiry_html(line.expires_on, today)
        if line.active
        else f"expires {words.us_date(line.expires_on)}"
    )
    parts = [
        f"<h3>{e(line.insured)}</h3>",
        f"<p>{e(line.insurer)}"
        + (f", policies {e(line.policy_numbers)}" if line.policy_numbers else "")
        + "</p>",
        f"<p>In force {words.us_date(line.effective_on)}, {expiry}; "
        f"received {words.us_date(line.received_on)}</p>",
        f"<table>{limits}</table>" if limits else "<p><i>No limits entered.</i></p>",
        f"<p>{flag_text}<br>Notice of cancellation to the City: {notice}</p>",
        f"<p>Status: {_status_html(line.status, line.status_on, line.status_reason)}"
        + (f" · protects {e(line.protects)}" if line.protects else "")
        + "</p>",
    ]
    if line.standing:  # filed knowing it falls short (clerk_desk.bonds.standing)
        parts.append(f"<p style='color:{BAD}'><b>{e(line.standing)}</b></p>")
    if line.scan_sha256:
        parts.append(
            f"<p style='color:{SECONDARY}'>Scan: {e(line.scan_name)} "
            f"<small>(SHA-256 {e(line.scan_sha256[:12])}…)</small></p>"
        )
    return "".join(parts)


def bond_html(line: BondLine, today: date) -> str:
    e = html.escape
    if line.year:
        term = f"Annual bond for {line.year} (January 1 through December 31)"
    elif line.expires_on is not None:
        term = f"From {words.us_date(line.effective_on)}; " + (
            _expiry_html(line.expires_on, today)
            if line.active
            else f"ends {words.us_date(line.expires_on)}"
        )
    else:
        term = f"From {words.us_date(line.effective_on)}, no end date"
    parts = [
        f"<h3>{e(line.kind.label)} No. {e(line.bond_number)}</h3>",
        f"<p><b>{e(line.principal)}</b><br>Surety: {e(line.surety)}<br>"
        f"Amount: <b>{e(line.amount.format())}</b></p>",
        f"<p>{term}</p>",
    ]
    if line.guarantee:
        parts.append(
            f"<p>Work completed {words.us_date(line.work_completed_on)}"
            + (
                f"; defect notice given {words.us_date(line.defect_notice_on)}"
                if line.defect_notice_on
                else ""
            )
            + f"<br>Releasable: {e(releasable_words(line))}</p>"
        )
    parts.append(
        f"<p>Status: {_status_html(line.status, line.status_on, line.status_reason)}"
        + (f" · protects {e(line.protects)}" if line.protects else "")
        + "</p>"
    )
    if line.note:
        parts.append(f"<p style='color:{SECONDARY}'>{e(line.note)}</p>")
    if line.scan_sha256:
        parts.append(
            f"<p style='color:{SECONDARY}'>Scan: {e(line.scan_name)} "
            f"<small>(SHA-256 {e(line.scan_sha256[:12])}…)</small></p>"
        )
    return "".join(parts)
