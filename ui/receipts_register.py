"""The receipts register: receipts searched as you type over a range of days, each opened,
reprinted or voided from here, and the daily register and GL distribution printed or written
to Excel. The Receipts tab shows it beside the sale (its Register view)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.views import GlTotal, Period, ReceiptRow
from clerk_desk.settings import CityProfile
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App, perform, run_in_background
from ui.kit.style import BAD_BACKGROUND
from ui.kit.table_models import RIGHT, RowsModel, TableColumn
from ui.receipt_dialogs import ReceiptDialog, VoidDialog, print_receipt

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


class ReceiptsRegister(QWidget):
    """The Register view of the Receipts tab.

    Signals: ``status(str)`` — a line for the status bar; ``receipts_changed()`` — a receipt
    was voided or corrected here (the drawer's figures changed).
    """

    status = Signal(str)
    receipts_changed = Signal()

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("register_page")
        self.app = app
        today = self.app.desk.clock.today()
        self.register_search = forms.SearchField(
            "Search number, payer, amount or reference (Down arrow to the list)"
        )
        self.register_search.setObjectName("register_search")
        self.since_edit = forms.date_edit(today - timedelta(days=30), name="since")
        self.until_edit = forms.date_edit(today, name="until")
        self.today_button = QPushButton("To&day")
        top = QHBoxLayout()
        top.addWidget(self.register_search, 1)
        since_label = QLabel("&From")
        since_label.setBuddy(self.since_edit)
        top.addWidget(since_label)
        top.addWidget(self.since_edit)
        until_label = QLabel("&to")
        until_label.setBuddy(self.until_edit)
        top.addWidget(until_label)
        top.addWidget(self.until_edit)
        top.addWidget(self.today_button)
        self.register_model = RowsModel(REGISTER_COLUMNS, self)
        self.register_model.set_dimmed(lambda r: r.status == "void")
        self.register_table = forms.make_table(self.register_model, name="register_table")
        forms.size_columns(self.register_table, {0: 14, 1: 18, 2: 30, 3: 11, 4: 10, 5: 14, 6: 20})
        self.register_count = QLabel()
        self.register_count.setObjectName("register_count")
        self.open_receipt_button = QPushButton("&Open receipt…")
        self.open_receipt_button.setToolTip("Enter, or double-click the row")
        self.reprint_button = QPushButton("Re&print")
        self.void_button = QPushButton("&Void…")
        self.register_pdf_button = QPushButton("Register P&DF…")
        self.register_excel_button = QPushButton("Register Exce&l…")
        self.register_excel_button.setToolTip(
            "The register of the dates shown, one row per receipt"
        )
        self.gl_pdf_button = QPushButton("GL distribution PD&F…")
        self.gl_excel_button = QPushButton("GL distribution E&xcel…")
        self.export_button = QPushButton("Export to &Excel…")
        self.export_button.setToolTip(
            "Receipts of the dates shown with their lines, one row a line"
        )
        buttons = QHBoxLayout()
        for button in (self.open_receipt_button, self.reprint_button, self.void_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.register_count)
        buttons.addSpacing(12)
        for button in (
            self.register_pdf_button,
            self.register_excel_button,
            self.gl_pdf_button,
            self.gl_excel_button,
            self.export_button,
        ):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.register_table, 1)
        layout.addLayout(buttons)
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)

        self._connect()

    def _connect(self) -> None:
        self.register_search.search_requested.connect(lambda _t: self.refresh())
        self.register_search.move_down.connect(self._enter_register)
        self.since_edit.dateChanged.connect(lambda _d: self.refresh())
        self.until_edit.dateChanged.connect(lambda _d: self.refresh())
        self.today_button.clicked.connect(self._today_only)
        self.register_table.doubleClicked.connect(lambda _i: self.open_receipt())
        forms.on_enter(self.register_table, self.open_receipt)
        self.open_receipt_button.clicked.connect(self.open_receipt)
        self.reprint_button.clicked.connect(self.reprint_selected)
        self.void_button.clicked.connect(self.void_selected)
        self.register_pdf_button.clicked.connect(self.print_register)
        self.register_excel_button.clicked.connect(self.export_register_receipts)
        self.gl_pdf_button.clicked.connect(self.print_gl_distribution)
        self.gl_excel_button.clicked.connect(self.export_gl_distribution)
        self.export_button.clicked.connect(self.export_register)

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

    def refresh(self) -> None:
        text = self.register_search.text()
        period = self.period()
        selected = self.selected_receipt()

        def work(action: Action) -> list[ReceiptRow]:
            return receipt_views.search(action, text, period)

        try:
            rows = perform(self, self.app, work, writes=False)
        except InvalidInput:
            rows = None
        if rows is None:
            return
        self.register_model.set_rows(rows)
        count = len(rows)
        self.register_count.setText(
            "No receipts match"
            if not count
            else f"{count} receipt{'' if count == 1 else 's'}"
            + (" (newest shown — type more to narrow)" if count >= 200 else "")
        )
        number = self.register_model.row_of(lambda r: selected is not None and r.id == selected.id)
        forms.select_row(self.register_table, max(number, 0))

    def selected_receipt(self) -> ReceiptRow | None:
        row = forms.selected_row(self.register_table)
        return row if isinstance(row, ReceiptRow) else None

    def _enter_register(self) -> None:
        self.register_table.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.selected_receipt() is None:
            forms.select_row(self.register_table, 0)

    def open_receipt(self) -> None:
        row = self.selected_receipt()
        if row is None:
            return

        def written(number: str) -> None:
            self.status.emit(f"Receipt {number} written (correcting {row.number}).")

        if ReceiptDialog.ask(self, self.app, row.id, on_written=written):
            self.refresh()
            self.receipts_changed.emit()

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
            self.refresh()
            self.receipts_changed.emit()
            self.status.emit(f"Receipt {row.number} voided.")

    def print_register(self) -> None:
        from reports.receipts_reports import register_pdf

        period = self.period()

        def work(action: Action) -> tuple[list[ReceiptRow], CityProfile]:
            return receipt_views.register(action, period), receipt_views.printing(action)[1]

        loaded = perform(self, self.app, work, writes=False)
        if loaded is not None:
            rows, profile = loaded
            pdf = register_pdf(rows, profile=profile, period=period)
            printing.print_or_explain(self, pdf, title=f"Receipts register {period}")

    def print_gl_distribution(self) -> None:
        from reports.receipts_reports import gl_distribution_pdf

        period = self.period()

        def work(action: Action) -> tuple[list[GlTotal], CityProfile]:
            return receipt_views.gl_totals(action, period), receipt_views.printing(action)[1]

        loaded = perform(self, self.app, work, writes=False)
        if loaded is not None:
            totals, profile = loaded
            pdf = gl_distribution_pdf(totals, profile=profile, period=period)
            printing.print_or_explain(self, pdf, title=f"GL distribution {period}")

    def _ask_xlsx(self, title: str, suggested: str) -> str | None:
        path = forms.ask_save_path(self, title, suggested, EXCEL_FILTER)
        if path and not path.lower().endswith(".xlsx"):
            path += ".xlsx"
        return path

    def export_gl_distribution(self) -> None:
        from reports.receipts_reports import gl_distribution_excel

        period = self.period()
        path = self._ask_xlsx(
            "Save the GL distribution", f"gl-distribution-{period.since}-{period.until}.xlsx"
        )
        if not path:
            return

        def work(action: Action) -> list[GlTotal]:
            return receipt_views.gl_totals(action, period)

        totals = perform(self, self.app, work, writes=False)
        if totals is not None:
            count = gl_distribution_excel(path, totals, period=period)
            self.status.emit(f"GL distribution ({count} accounts) written to {Path(path).name}")

    def export_register_receipts(self) -> None:
        """The receipts register of the date range, one row per receipt, to Excel."""
        from reports.receipts_reports import register_excel

        period = self.period()
        path = self._ask_xlsx(
            "Save the receipts register", f"register-{period.since}-{period.until}.xlsx"
        )
        if not path:
            return
        app = self.app

        def work(progress: Callable[[int], bool]) -> int:
            with app.desk.lookup(app.operator) as action:
                rows = receipt_views.register(action, period)
            return register_excel(path, rows, period=period, progress=progress)

        def done(count: int) -> None:
            self.status.emit(f"Register of {count:,} receipts written to {Path(path).name}")

        run_in_background(self, work, title="Writing the receipts register…", on_done=done)

    def export_register(self) -> None:
        """Receipts with their lines for the date range, to Excel, in the background."""
        from reports.receipts_reports import register_lines_excel

        period = self.period()
        path = self._ask_xlsx(
            "Export the receipts register", f"receipts-{period.since}-{period.until}.xlsx"
        )
        if not path:
            return
        app = self.app

        def work(progress: Callable[[int], bool]) -> int:
            with app.desk.lookup(app.operator) as action:
                # Streamed from the cursor as the workbook is written (a year is 100,000 lines).
                rows = receipt_views.register_lines(action, period)
                return register_lines_excel(path, rows, period=period, progress=progress)

        def done(count: int) -> None:
            self.status.emit(f"{count:,} receipt lines written to {Path(path).name}")

        run_in_background(self, work, title="Exporting the receipts register…", on_done=done)
