"""The receipts register: receipts searched as you type over a range of days, each opened,
reprinted or voided from here, and the daily register and GL distribution printed or written
to Excel. The Receipts tab shows it beside the sale (its Register view)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from functools import partial
from pathlib import Path
from typing import cast

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from clerk_desk import child_process, words
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.acts import ReceiptAct, receipt_acts
from clerk_desk.receipts.views import GlTotal, Period, ReceiptRow
from clerk_desk.settings import CityProfile
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App, draw_paper, run_in_background
from ui.kit.register_page import Progress, RegisterPage, act_button, show_acts
from ui.kit.style import BAD_BACKGROUND
from ui.kit.table_models import RIGHT, RowsModel, TableColumn
from ui.receipts import jobs
from ui.receipts.dialogs import ReceiptDialog, VoidDialog, print_receipt

EXCEL_FILTER = "Excel workbook (*.xlsx)"

REGISTER_COLUMNS = (
    TableColumn("Receipt", lambda r: r.number),
    TableColumn(
        "Date and time",
        lambda r: words.local_time(r.issued_at, None),
    ),
    TableColumn("Payer", lambda r: r.payer_name),
    TableColumn("Total", lambda r: r.total.format(), align=RIGHT),
    TableColumn(
        "Status",
        lambda r: "VOID" if r.status == "void" else r.kind.capitalize(),
        colour=lambda r: BAD_BACKGROUND if r.status == "void" else None,
    ),
    TableColumn("Tenders", lambda r: r.tender_kinds),
    TableColumn("References", lambda r: r.references),
    TableColumn("Operator", lambda r: r.operator_name),
    TableColumn("Station", lambda r: r.station),
)


class ReceiptsRegister(RegisterPage[ReceiptRow]):
    """The Register view of the Receipts tab: the receipts of a range of days (not a year).

    Signals: ``status(str)`` — a line for the status bar; ``receipts_changed()`` — a receipt
    was voided or corrected here (the drawer's figures changed).
    """

    receipts_changed = Signal()

    row_type = ReceiptRow
    search_limit = receipt_views.SEARCH_LIMIT
    count_noun = "receipt"
    empty_text = "No receipts match"
    export_what = "receipts register"
    export_noun = "receipt line"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("register_page")
        self.acts: dict[ReceiptAct, str | None] | None = None
        top = self._build_filters_of_days()
        self.model = RowsModel(REGISTER_COLUMNS, self)
        self.model.set_dimmed(lambda r: r.status == "void")
        self.table = forms.make_table(self.model, name="register_table")
        forms.size_columns(
            self.table, {0: 14, 1: 18, 2: 24, 3: 11, 4: 10, 5: 12, 7: 11, 8: 10}, stretch=6
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(self._build_buttons())
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
        self._order_tabs()
        self._connect()

    def _build_filters_of_days(self) -> QHBoxLayout:
        """The search, and the first and last day of the receipts shown (a month back)."""
        today = self.app.desk.clock.today()
        self.search_field = forms.SearchField(
            "Search number, payer, amount or reference (Down arrow to the list)"
        )
        self.search_field.setObjectName("register_search")
        self.search_field.setToolTip(receipt_views.SEARCH_TIP)
        self.since_edit = forms.date_edit(today - timedelta(days=30), name="since")
        self.until_edit = forms.date_edit(today, name="until")
        self.today_button = QPushButton("To&day")
        top = QHBoxLayout()
        top.addWidget(self.search_field, 1)
        for text, edit in (("&From", self.since_edit), ("&to", self.until_edit)):
            label = QLabel(text)
            label.setBuddy(edit)
            top.addWidget(label)
            top.addWidget(edit)
        top.addWidget(self.today_button)
        return top

    def _build_buttons(self) -> QHBoxLayout:
        """The acts on the chosen receipt at the left; the count; the papers of the days."""
        self.open_receipt_button = act_button(
            "&Open receipt…", "open_receipt_button", "Enter, or double-click the row"
        )
        self.reprint_button = act_button("Re&print", "reprint_button")
        self.void_button = act_button("&Void…", "void_button")
        self.register_pdf_button = QPushButton("Register P&DF…")
        self.register_excel_button = QPushButton("Register Exce&l…")
        self.register_excel_button.setToolTip(
            "The register of the dates shown, one row per receipt"
        )
        self.gl_pdf_button = QPushButton("GL distribution PD&F…")
        self.gl_excel_button = QPushButton("GL distribution E&xcel…")
        buttons = self._build_footer(
            self.open_receipt_button,
            self.reprint_button,
            self.void_button,
            count_name="register_count",
            export_tip="Receipts of the dates shown with their lines, one row a line",
        )
        self.export_button.setText("Export to &Excel…")
        for button in (
            self.register_pdf_button,
            self.register_excel_button,
            self.gl_pdf_button,
            self.gl_excel_button,
        ):
            buttons.insertWidget(buttons.count() - 1, button)
        return buttons

    def _connect(self) -> None:
        self._connect_register()
        self.since_edit.dateChanged.connect(lambda _d: self.refresh())
        self.until_edit.dateChanged.connect(lambda _d: self.refresh())
        self.today_button.clicked.connect(self._today_only)
        self.table.doubleClicked.connect(lambda _i: self.open_receipt())
        forms.on_enter(self.table, self.open_receipt)
        self.open_receipt_button.clicked.connect(self.open_receipt)
        self.reprint_button.clicked.connect(self.reprint_selected)
        self.void_button.clicked.connect(self.void_selected)
        self.register_pdf_button.clicked.connect(self.print_register)
        self.register_excel_button.clicked.connect(self.export_register_receipts)
        self.gl_pdf_button.clicked.connect(self.print_gl_distribution)
        self.gl_excel_button.clicked.connect(self.export_gl_distribution)

    # ---- the register page's hooks -------------------------------------------------------------

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return (self.since_edit, self.until_edit, self.today_button)

    def search_query(self) -> Callable[[Action], list[ReceiptRow]]:
        """Raises InvalidInput while a day is typed half-way (the rows shown stay)."""
        return partial(receipt_views.search, text=self.search_field.text(), period=self.period())

    def register_years(self, action: Action) -> list[int]:
        return []  # the register is chosen by days

    def offer_years(self, years: list[int]) -> None:
        """No year filter: the days are."""

    def read_chosen(self, action: Action, row: ReceiptRow) -> dict[ReceiptAct, str | None]:
        return receipt_acts(action, row.id)

    def _show_details(self) -> None:
        """The chosen receipt's acts as the core says (it is opened for its details)."""
        row = self.selected()
        self.acts = (
            None
            if row is None
            else cast(dict[ReceiptAct, str | None] | None, self.chosen_details(row))
        )
        self.open_receipt_button.setEnabled(row is not None)
        show_acts(
            {ReceiptAct.REPRINT: self.reprint_button, ReceiptAct.VOID: self.void_button},
            self.acts,
            "Choose a receipt in the register.",
        )

    def _announce_change(self) -> None:
        self.receipts_changed.emit()

    def export_name(self, day: date) -> str:
        period = self.period()
        return f"receipts-{period.since}-{period.until}.xlsx"

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """Receipts with their lines for the date range, written in a process of its own."""
        station, period = self.station(), self.period()
        return lambda progress: child_process.run(
            jobs.lines_workbook, station, path, period, progress=progress
        )

    def station(self) -> Station:
        return Station.of(self.app.desk, self.app.operator)

    # ---- the days ------------------------------------------------------------------------------

    def period(self) -> Period:
        since, until = forms.to_date(self.since_edit), forms.to_date(self.until_edit)
        return Period(min(since, until), max(since, until))

    def _today_only(self) -> None:
        today = self.app.desk.clock.today()
        for edit in (self.since_edit, self.until_edit):
            edit.blockSignals(True)
            edit.setDate(forms.date_edit(today, name="x").date())
            edit.blockSignals(False)
        self.refresh()

    def selected_receipt(self) -> ReceiptRow | None:
        return self.selected()

    def open_receipt(self) -> None:
        row = self.selected_receipt()
        if row is None:
            return

        def written(number: str) -> None:
            self.status.emit(f"Receipt {number} written (correcting {row.number}).")

        if ReceiptDialog.ask(self, self.app, row.id, on_written=written):
            self._announce_change()
            self.refresh()

    def reprint_selected(self) -> None:
        row = self.selected_receipt()
        if row is not None:
            printed, duplicate = print_receipt(self, self.app, row.id)
            if printed:
                self.status.emit(
                    f"Receipt {row.number} printed" + (" (DUPLICATE)" if duplicate else "")
                )

    def void_selected(self) -> None:
        row = self.selected_receipt()
        if row is None:
            return
        summary = f"Receipt {row.number}: {row.total.format()} from {row.payer_name}"
        if VoidDialog.ask(self, self.app, row.id, summary):
            self._after_save(row.id, f"Receipt {row.number} voided.")

    def print_register(self) -> None:
        """Lay the register out in a process of its own (a year is 450 pages), then print."""
        station, period = self.station(), self.period()

        def done(pdf: bytes) -> None:
            printing.print_or_explain(self, pdf, title=f"Receipts register {period}")

        run_in_background(
            self,
            lambda progress: child_process.run(
                jobs.register_paper, station, period, progress=progress
            ),
            title="Laying out the receipts register…",
            on_done=done,
        )

    def print_gl_distribution(self) -> None:
        period = self.period()

        def work(action: Action) -> tuple[list[GlTotal], CityProfile]:
            return receipt_views.gl_totals(action, period), receipt_views.printing(action)[1]

        def draw(loaded: tuple[list[GlTotal], CityProfile]) -> bytes:
            from reports.receipts.gl_distribution import gl_distribution_pdf  # on the worker

            totals, profile = loaded
            return gl_distribution_pdf(totals, profile=profile, period=period)

        pdf = draw_paper(self, self.app, work, draw)
        if pdf is not None:
            printing.print_or_explain(self, pdf, title=f"GL distribution {period}")

    def _ask_xlsx(self, title: str, suggested: str) -> str | None:
        path = forms.ask_save_path(self, title, suggested, EXCEL_FILTER)
        if path and not path.lower().endswith(".xlsx"):
            path += ".xlsx"
        return path

    def export_gl_distribution(self) -> None:
        period = self.period()
        path = self._ask_xlsx(
            "Save the GL distribution", f"gl-distribution-{period.since}-{period.until}.xlsx"
        )
        if not path:
            return

        def work(action: Action) -> list[GlTotal]:
            return receipt_views.gl_totals(action, period)

        def write(totals: list[GlTotal]) -> int:
            from reports.receipts.gl_distribution import gl_distribution_excel  # on the worker

            return gl_distribution_excel(path, totals, period=period)

        count = draw_paper(self, self.app, work, write)
        if count is not None:
            self.status.emit(f"GL distribution ({count} accounts) written to {Path(path).name}")

    def export_register_receipts(self) -> None:
        """The receipts register of the date range, one row per receipt, to Excel."""
        period = self.period()
        path = self._ask_xlsx(
            "Save the receipts register", f"register-{period.since}-{period.until}.xlsx"
        )
        if not path:
            return
        station = self.station()

        def work(progress: Callable[[int], bool]) -> int:
            return child_process.run(
                jobs.register_workbook, station, path, period, progress=progress
            )

        def done(count: int) -> None:
            self.status.emit(f"Register of {count:,} receipts written to {Path(path).name}")

        run_in_background(self, work, title="Writing the receipts register…", on_done=done)
