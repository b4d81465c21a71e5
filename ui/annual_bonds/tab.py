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

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process
from clerk_desk.bonds import views as bond_views
from clerk_desk.bonds.acts import RegisterAct, register_acts
from clerk_desk.bonds.views import BondLine, annual_lines
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.kinds import BondKind
from clerk_desk.settings import CityProfile
from reports.bonds_registers import NO_PERMITS_YET, PERMITS_NOTE
from ui.annual_bonds import jobs
from ui.bonds.dialogs import BondDialog
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App, core_refusal, draw_paper
from ui.kit.register_page import Progress, RegisterPage, search_row
from ui.kit.style import SECONDARY, text_sheet
from ui.kit.table_models import CENTER, RIGHT, RowsModel, TableColumn

_ALL = 10**9

ANNUAL_COLUMNS = (
    TableColumn("Principal", lambda r: r.principal, tooltip=lambda r: r.principal),
    TableColumn("Bond no.", lambda r: r.bond_number),
    TableColumn("Surety", lambda r: r.surety, tooltip=lambda r: r.surety),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
    TableColumn("Year", lambda r: str(r.year or ""), align=CENTER),
    TableColumn("Status", lambda r: r.status.label, tooltip=lambda r: r.status_reason or None),
    TableColumn(
        "Permits covered",
        lambda r: ", ".join(r.permits_covered) or NO_PERMITS_YET,
        tooltip=lambda r: "\n".join(r.permits_covered) or PERMITS_NOTE,
        header_tooltip=PERMITS_NOTE,
    ),
)
ANNUAL_SHARES = {0: 3, 2: 2, 6: 3}
"""Principal, surety and permits share what the number, amount, year and status leave."""


class AnnualBondsTab(RegisterPage[BondLine]):
    """The Annual Bonds tab: a register of one year.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after an annual bond was filed.
    """

    register_changed = Signal()
    row_type = BondLine
    search_limit = _ALL  # a year's annual bonds are few: all of them are shown
    count_noun = "annual bond"
    empty_text = "No annual bonds yet"
    export_what = "annual bond register"
    export_noun = "annual bond"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("annual_bonds_tab")
        self.year_field = QSpinBox()
        self.year_field.setObjectName("year_filter")
        self.year_field.setRange(2000, 2100)
        self.year_field.setValue(app.desk.clock.today().year)
        self.year_field.setPrefix("Year ")
        self.search_field = forms.SearchField(
            "Search principal, surety or bond number (Down arrow to the list)"
        )
        self.search_field.setObjectName("annual_search")
        self.inactive_box = QCheckBox("Show &released")
        self.inactive_box.setToolTip("Also bonds released or forfeited")
        self.banner = forms.banner("")
        self.banner.setObjectName("renewal_banner")
        self.banner.setVisible(False)
        self.model = RowsModel(ANNUAL_COLUMNS, self)
        self.model.set_dimmed(lambda r: not r.active)
        self.table = forms.make_table(self.model, name="annual_table")
        forms.share_width(self.table, ANNUAL_SHARES)
        self.note = QLabel(PERMITS_NOTE)
        self.note.setObjectName("permits_note")
        self.note.setWordWrap(True)
        self.note.setStyleSheet(text_sheet(SECONDARY))
        self.new_button = QPushButton("&New annual bond…")
        self.new_button.setToolTip("Ctrl+N")
        self.print_button = QPushButton("&Print PDF…")
        self._lay_out()
        self._allow_filing()
        self.year_field.valueChanged.connect(lambda _y: self.refresh())
        self.new_button.clicked.connect(self.new_bond)
        self.print_button.clicked.connect(self.print_register)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_bond)

    def _lay_out(self) -> None:
        top = search_row(self.search_field, self.inactive_box)
        top.insertWidget(0, self.year_field)
        top.insertSpacing(1, 12)
        footer = self._build_footer(
            self.new_button, export_tip="The year's annual bonds, released ones too, to a workbook"
        )
        footer.addWidget(self.print_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)
        layout.addLayout(footer)
        self.setTabOrder(self.year_field, self.search_field)
        self._order_tabs()
        self._connect_register()

    def _allow_filing(self) -> None:
        """Filing an annual bond is the Clerk's or the Treasurer's: the core says."""
        if refused := core_refusal(
            self, self.app, lambda action: register_acts(action)[RegisterAct.FILE_BOND]
        ):
            self.new_button.setEnabled(False)
            self.new_button.setToolTip(refused)

    # ---- the register --------------------------------------------------------------------------

    def year(self) -> int:
        return self.year_field.value()

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return (self.inactive_box,)

    def search_query(self) -> Callable[[Action], list[BondLine]]:
        year, text, include = self.year(), self.search_field.text(), self.inactive_box.isChecked()
        return lambda action: annual_lines(action, year, text, include)

    def register_years(self, action: Action) -> list[int]:
        return []  # the year is typed or stepped, not chosen from a list

    def offer_years(self, years: list[int]) -> None:
        """The year box is a number, not a list."""

    def read_beside(self, action: Action) -> object:
        """In December: the principals bonded this year with no bond yet for next year."""
        today = action.today()
        if today.month != 12:
            return None
        names = bond_views.principals_lacking_next_years_bond(action, today.year)
        if not names:
            return None
        return "\n".join(names)

    def show_beside(self, figure: object) -> None:
        if not isinstance(figure, str):
            self.banner.setVisible(False)
            return
        names = figure.split("\n")
        following = self.app.desk.clock.today().year + 1
        self.banner.setText(
            f"No annual bond yet for {following} (it begins January 1): " + "; ".join(names)
        )
        self.banner.setToolTip(figure)
        self.banner.setVisible(True)

    def _show_count(self, count: int) -> None:
        if count == 0 and not self._filtered():
            self.count_label.setText(f"No annual bonds for {self.year()}")
        else:
            super()._show_count(count)

    def _show_details(self) -> None:
        """The register has no details pane: each row says all there is."""

    def _announce_change(self) -> None:
        self.register_changed.emit()

    def show_record(self, record_type: str, record_id: str) -> None:
        """The Today tab's December item names a party: show this year's register."""
        self.year_field.setValue(self.app.desk.clock.today().year)
        if record_type == "party" and record_id.isdigit():
            wanted = int(record_id)
            forms.select_row(self.table, self.model.row_of(lambda r: r.principal_id == wanted))

    def export_name(self, day: date) -> str:
        return f"annual-bonds-{self.year()}.xlsx"

    def exported_text(self, count: int) -> str:
        return f"{super().exported_text(count)} for {self.year()}"

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """The annual bonds of the year shown, released ones too, in a process of its own (the
        writer would hold the window)."""
        station, year = Station.of(self.app.desk, self.app.operator), self.year()
        return lambda progress: child_process.run(
            jobs.annual_bonds_workbook, station, path, year=year, progress=progress
        )

    def print_register(self) -> None:
        year = self.year()

        def work(action: Action) -> tuple[list[BondLine], CityProfile, date]:
            return (
                annual_lines(action, year, inactive=True),
                bond_views.city(action),
                action.today(),
            )

        def draw(loaded: tuple[list[BondLine], CityProfile, date]) -> bytes:
            from reports.bonds_registers import annual_bonds_pdf  # imported on the worker

            lines, profile, today = loaded
            return annual_bonds_pdf(lines, year=year, profile=profile, printed_on=today)

        pdf = draw_paper(self, self.app, work, draw)
        if pdf is not None:
            printing.print_or_explain(self, pdf, title=f"Annual bond register {year}")

    # ---- actions -------------------------------------------------------------------------------

    def new_bond(self) -> None:
        if not self.new_button.isEnabled():
            return
        bond_id = BondDialog.ask(
            self, self.app, kind=BondKind.ANNUAL_EXCAVATION, year=self.year(), fixed_kind=True
        )
        if bond_id is not None:
            self._after_save(bond_id, "Annual bond filed.")
