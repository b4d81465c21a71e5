"""Annual Bonds: the register of annual excavation bonds, one per principal per calendar year.

§ 506-6 (Bond): "An annual bond may be given … covering all excavation work done by the principal
for one year beginning January 1", in the amount the Director of Public Works sets. The clerk
picks the year (this year by default) and sees each principal's bond; in December a banner names
the principals bonded this year who have no bond yet for next year, so they can be reminded
before January 1. The register is exported to Excel and printed as a PDF.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.bonds import views as bond_views
from clerk_desk.bonds.acts import RegisterAct, register_acts
from clerk_desk.bonds.views import BondLine, annual_lines
from clerk_desk.desk import Action
from clerk_desk.kinds import BondKind
from clerk_desk.settings import CityProfile
from reports.bonds_registers import NO_PERMITS_YET, PERMITS_NOTE
from ui.bonds.dialogs import BondDialog
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App, core_refusal, perform, run_in_background
from ui.kit.register_page import EXPORT_FILTER
from ui.kit.style import SECONDARY, text_sheet
from ui.kit.table_models import CENTER, RIGHT, RowsModel, TableColumn

_ALL = 10**9

ANNUAL_COLUMNS = (
    TableColumn("Principal", lambda r: r.principal),
    TableColumn("Bond no.", lambda r: r.bond_number),
    TableColumn("Surety", lambda r: r.surety),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
    TableColumn("Year", lambda r: str(r.year or ""), align=CENTER),
    TableColumn("Status", lambda r: r.status.label, tooltip=lambda r: r.status_reason or None),
    TableColumn(
        "Permits covered",
        lambda r: ", ".join(r.permits_covered) or NO_PERMITS_YET,
        tooltip=lambda _r: PERMITS_NOTE,
        header_tooltip=PERMITS_NOTE,
    ),
)


class AnnualBondsTab(QWidget):
    """The Annual Bonds tab.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after an annual bond was filed.
    """

    status = Signal(str)
    register_changed = Signal()

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("annual_bonds_tab")
        today = app.desk.clock.today()

        self.year_box = QSpinBox()
        self.year_box.setObjectName("year_filter")
        self.year_box.setRange(2000, 2100)
        self.year_box.setValue(today.year)
        self.year_box.setPrefix("Year ")
        self.search_field = forms.SearchField(
            "Search principal, surety or bond number (Down arrow to the list)"
        )
        self.search_field.setObjectName("annual_search")
        self.inactive_box = QCheckBox("Show &released")
        self.inactive_box.setToolTip("Also bonds released or forfeited")
        top = QHBoxLayout()
        top.addWidget(self.year_box)
        top.addSpacing(12)
        top.addWidget(self.search_field, 1)
        top.addWidget(self.inactive_box)

        self.banner = forms.banner("")
        self.banner.setObjectName("renewal_banner")
        self.banner.setVisible(False)
        self.model = RowsModel(ANNUAL_COLUMNS, self)
        self.model.set_dimmed(lambda r: not r.active)
        self.table = forms.make_table(self.model, name="annual_table")
        forms.size_columns(self.table, {0: 30, 1: 14, 2: 24, 3: 13, 4: 6, 5: 10})
        self.note = QLabel(PERMITS_NOTE)
        self.note.setObjectName("permits_note")
        self.note.setWordWrap(True)
        self.note.setStyleSheet(text_sheet(SECONDARY))

        self.new_button = QPushButton("&New annual bond…")
        self.new_button.setToolTip("Ctrl+N")
        self.count_label = QLabel()
        self.count_label.setObjectName("count_label")
        self.count_label.setStyleSheet(text_sheet(SECONDARY))
        self.export_button = QPushButton("E&xport to Excel…")
        self.print_button = QPushButton("&Print PDF…")
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addStretch(1)
        buttons.addWidget(self.count_label)
        buttons.addSpacing(12)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.print_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)
        layout.addLayout(buttons)
        if why := core_refusal(parent, app, lambda a: register_acts(a)[RegisterAct.FILE_BOND]):
            self.new_button.setEnabled(False)
            self.new_button.setToolTip(why)

        self.year_box.valueChanged.connect(lambda _y: self.refresh())
        self.search_field.search_requested.connect(lambda _t: self.refresh())
        self.search_field.move_down.connect(self._enter_table)
        self.inactive_box.toggled.connect(lambda _on: self.refresh())
        self.new_button.clicked.connect(self.new_bond)
        self.export_button.clicked.connect(self.export_register)
        self.print_button.clicked.connect(self.print_register)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_bond)
        self.refresh()

    # ---- what the main window calls ------------------------------------------------------------

    def year(self) -> int:
        return self.year_box.value()

    def focus_search(self) -> None:
        self.search_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_field.selectAll()

    def refresh(self) -> None:
        year, text, inactive = self.year(), self.search_field.text(), self.inactive_box.isChecked()
        rows = perform(
            self, self.app, lambda a: annual_lines(a, year, text, inactive), writes=False
        )
        if rows is None:
            return
        self.model.set_rows(rows)
        if rows:
            self.count_label.setText(f"{len(rows)} annual bond{'s' if len(rows) != 1 else ''}")
        else:
            self.count_label.setText(f"No annual bonds for {year}")
        forms.select_row(self.table, 0)
        self._show_banner()

    def show_record(self, record_type: str, record_id: str) -> None:
        """The Today tab's December item names a party: show this year's register."""
        self.year_box.setValue(self.app.desk.clock.today().year)
        if record_type == "party" and record_id.isdigit():
            wanted = int(record_id)
            forms.select_row(self.table, self.model.row_of(lambda r: r.principal_id == wanted))

    def export_register(self) -> None:
        """The annual bonds of the year shown (released ones too) to Excel, in the background."""
        from reports.bonds_registers import annual_bonds_excel

        year = self.year()
        path = forms.ask_save_path(
            self,
            f"Export the annual bond register {year}",
            f"annual-bonds-{year}.xlsx",
            EXPORT_FILTER,
        )
        if not path:
            return
        if not path.lower().endswith(".xlsx"):
            path += ".xlsx"
        app = self.app

        def work(progress: Callable[[int], bool]) -> int:
            with app.desk.lookup(app.operator) as action:
                lines = annual_lines(action, year, inactive=True)
                city = bond_views.city(action).city_name
            return annual_bonds_excel(
                path, lines, year=year, progress=progress, author=app.operator.full_name, city=city
            )

        def done(count: int) -> None:
            self.status.emit(f"{count:,} annual bonds for {year} written to {Path(path).name}")

        run_in_background(self, work, title="Exporting the annual bond register…", on_done=done)

    def print_register(self) -> None:
        from reports.bonds_registers import annual_bonds_pdf

        year = self.year()

        def work(action: Action) -> tuple[list[BondLine], CityProfile, date]:
            return (
                annual_lines(action, year, inactive=True),
                bond_views.city(action),
                action.today(),
            )

        loaded = perform(self, self.app, work, writes=False)
        if loaded is not None:
            lines, profile, today = loaded
            pdf = annual_bonds_pdf(lines, year=year, profile=profile, printed_on=today)
            printing.print_or_explain(self, pdf, title=f"Annual bond register {year}")

    # ---- actions -------------------------------------------------------------------------------

    def new_bond(self) -> None:
        bond_id = BondDialog.ask(
            self, self.app, kind=BondKind.ANNUAL_EXCAVATION, year=self.year(), fixed_kind=True
        )
        if bond_id is None:
            return
        self.register_changed.emit()
        self.refresh()
        forms.select_row(self.table, self.model.row_of(lambda r: r.id == bond_id))
        self.status.emit("Annual bond filed.")

    def _enter_table(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if forms.selected_row(self.table) is None:
            forms.select_row(self.table, 0)

    def _show_banner(self) -> None:
        """In December: the principals bonded this year with no bond yet for next year."""
        today = self.app.desk.clock.today()
        if today.month != 12:
            self.banner.setVisible(False)
            return
        names = perform(
            self,
            self.app,
            lambda a: bond_views.principals_lacking_next_years_bond(a, today.year),
            writes=False,
        )
        if not names:
            self.banner.setVisible(False)
            return
        self.banner.setText(
            f"No annual bond yet for {today.year + 1} (it begins January 1): " + "; ".join(names)
        )
        self.banner.setToolTip("\n".join(names))
        self.banner.setVisible(True)
