"""The fee schedule in Settings: its items and each amount's changes over time."""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process, fees, words
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.desk_acts import DeskAct
from clerk_desk.money import Money
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.background import while_painting
from ui.kit.operations import App, perform, run_in_background
from ui.kit.table_models import RIGHT, RowsModel, TableColumn
from ui.settings import jobs
from ui.settings.common import (
    EXCEL_FILTER,
    PLACEHOLDER_COLOUR,
    TABLE_FILTER,
    information,
    refused,
)

FEE_COLUMNS = (
    TableColumn("Code", lambda r: r.code),
    TableColumn("Description", lambda r: r.description, tooltip=lambda r: r.description),
    TableColumn(
        "Amount",
        lambda r: r.amount.format(),
        align=RIGHT,
        colour=lambda r: PLACEHOLDER_COLOUR if r.placeholder else None,
        tooltip=lambda r: (
            "A placeholder shipped with Clerk Desk: the Council sets the amount by resolution."
            if r.placeholder
            else None
        ),
    ),
    TableColumn("GL account", lambda r: r.gl_account),
    TableColumn("Section", lambda r: r.section),
    TableColumn("From", lambda r: words.us_date(r.effective_from)),
    TableColumn("To", lambda r: words.us_date(r.effective_to)),
    TableColumn(
        "Status",
        lambda r: r.status,
        colour=lambda r: PLACEHOLDER_COLOUR if r.placeholder and r.in_force else None,
    ),
)


class FeeScheduleDialog(QDialog):
    """The City's fee schedule: effective-dated amounts, their GL accounts and sections.

    A Council resolution changing a fee is entered with "New amount from date…": the item in
    force ends the day before and a new item starts, so receipts already written keep their
    amount. Import and export use Excel (or CSV) with :data:`clerk_desk.fees.COLUMNS` headers.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("fee_schedule_dialog")
        self.setWindowTitle("Fee schedule")
        self.model = RowsModel(FEE_COLUMNS, self)
        self.model.set_dimmed(lambda r: r.status == "Ended")
        self.table = forms.make_table(self.model, name="fee_table")
        forms.size_columns(self.table, {0: 9, 1: 44, 2: 11, 3: 15, 4: 22, 5: 10, 6: 10})
        self.placeholder_note = forms.banner(
            "Amounts marked in orange are placeholders shipped with Clerk Desk: Chapter 506 "
            "leaves fees to the City's fee schedule, set by Council resolution. Enter the "
            "Council's amounts with “New amount from date…”.",
            tone="info",
        )
        self.placeholder_note.setObjectName("placeholder_note")
        self.add_button = QPushButton("&Add…")
        self.edit_button = QPushButton("&Edit…")
        self.change_button = QPushButton("&New amount from date…")
        self.import_button = QPushButton("&Import…")
        self.export_button = QPushButton("E&xport to Excel…")
        self.close_button = QPushButton("Close")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.change_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        for button in (self.import_button, self.export_button, self.close_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        self.refusal = refused(app, DeskAct.FEE_SCHEDULE)
        if self.refusal:
            self.refusal_banner = forms.banner(self.refusal)
            self.refusal_banner.setObjectName("refusal_banner")
            layout.addWidget(self.refusal_banner)
            for button in (
                self.add_button,
                self.edit_button,
                self.change_button,
                self.import_button,
            ):
                button.setEnabled(False)
                button.setToolTip(self.refusal)
        layout.addWidget(self.placeholder_note)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.resize(1240, 520)

        self.add_button.clicked.connect(self.add_item)
        self.edit_button.clicked.connect(self.edit_item)
        self.change_button.clicked.connect(self.change_amount)
        self.import_button.clicked.connect(self.import_file)
        self.export_button.clicked.connect(self.export_file)
        self.close_button.clicked.connect(self.accept)
        self.table.doubleClicked.connect(lambda _i: self.edit_item())
        forms.on_enter(self.table, self.edit_item)
        self.refresh()
        self.table.setFocus()

    def refresh(self, select_id: int | None = None) -> None:
        rows = perform(self, self.app, fees.fee_rows, writes=False) or []
        self.model.set_rows(rows)
        self.placeholder_note.setVisible(any(r.placeholder and r.in_force for r in rows))
        number = self.model.row_of(lambda r: r.id == select_id) if select_id else 0
        forms.select_row(self.table, max(number, 0))

    def selected(self) -> fees.FeeRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, fees.FeeRow) else None

    def add_item(self) -> None:
        if self.refusal:
            return
        fee_id = FeeItemDialog.ask(self, self.app)
        if fee_id is not None:
            self.refresh(fee_id)

    def edit_item(self) -> None:
        row = self.selected()
        if row is None or self.refusal:
            return
        if FeeItemDialog.ask(self, self.app, row) is not None:
            self.refresh(row.id)

    def change_amount(self) -> None:
        row = self.selected()
        if row is None or self.refusal:
            return
        fee_id = ChangeAmountDialog.ask(self, self.app, row)
        if fee_id is not None:
            self.refresh(fee_id)

    def import_file(self) -> None:
        """Add the items of an Excel or CSV file; one bad row refuses the whole file."""
        path = forms.ask_open_path(self, "Import a fee schedule", TABLE_FILTER)
        if not path:
            return

        def read() -> list[tuple[int, fees.FeeData]]:
            from reports.excel import read_table

            rows = [{**row, "__row__": row.row_number} for row in read_table(path)]
            return fees.numbered_rows_to_fees(rows)

        # Read and check the file before the write action opens: on SQLite a write action holds
        # the database (BEGIN IMMEDIATE), and the other counter stations would wait on the parse.
        # Off the window's thread, which repaints meanwhile (openpyxl's import alone is 90 ms).
        items = operations.attempt(self, lambda: while_painting(read))
        if items is None:
            return
        result = perform(
            self, self.app, lambda action: (fees.import_schedule(action, items), len(items))
        )
        if result is not None:
            added, total = result
            self.refresh()
            same = total - added
            information(
                self,
                "Fee schedule imported",
                f"{added} fee item{'s' if added != 1 else ''} added from "
                f"{Path(path).name}."
                + (f" {same} already in the schedule were left as they were." if same else ""),
            )

    def export_file(self) -> None:
        """Write the whole schedule to Excel, in the layout the import reads back, in a process
        of its own (the writer would hold the window)."""
        today = self.app.desk.clock.today()
        path = forms.ask_save_path(
            self, "Export the fee schedule", f"fee-schedule-{today.isoformat()}.xlsx", EXCEL_FILTER
        )
        if not path:
            return
        if not path.lower().endswith(".xlsx"):
            path += ".xlsx"
        station = Station.of(self.app.desk, self.app.operator)

        def work(progress: Callable[[int], bool]) -> int:
            return child_process.run(jobs.fee_schedule_workbook, station, path, progress=progress)

        run_in_background(
            self,
            work,
            title="Exporting the fee schedule…",
            on_done=lambda count: setattr(self, "last_export", (path, count)),
        )


class FeeItemDialog(forms.FormDialog):
    """Add or correct one fee item. The amount is read by ``Money.parse``; errors show under it.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: fees.FeeRow | None = None) -> None:
        super().__init__(parent, f"Edit fee {row.code}" if row else "New fee item")
        self.app = app
        self.row = row
        self.setObjectName("fee_item_dialog")
        today = app.desk.clock.today()
        self.code = QLineEdit(row.code if row else "")
        self.code.setObjectName("code")
        forms.limit_to(self.code, "FeeItem.code")
        self.description = QLineEdit(row.description if row else "")
        self.description.setObjectName("description")
        forms.limit_to(self.description, "FeeItem.description")
        self.amount = QLineEdit(row.amount.format(symbol=False) if row else "")
        self.amount.setObjectName("amount")
        self.amount.setPlaceholderText("e.g. 125.00")
        self.gl_account = QLineEdit(row.gl_account if row else "")
        self.gl_account.setObjectName("gl_account")
        forms.limit_to(self.gl_account, "FeeItem.gl_account")
        self.section = QLineEdit(row.section if row else "")
        self.section.setObjectName("section")
        forms.limit_to(self.section, "FeeItem.section")
        self.section.setPlaceholderText("e.g. § 506-6 (Fee)")
        self.effective_from = forms.date_edit(
            row.effective_from if row else today, name="effective_from"
        )
        self.has_end = QCheckBox("Ends on")
        self.has_end.setObjectName("has_end")
        self.effective_to = forms.date_edit(
            row.effective_to if row and row.effective_to else today, name="effective_to"
        )
        self.has_end.setChecked(bool(row and row.effective_to))
        self.effective_to.setEnabled(self.has_end.isChecked())
        self.has_end.toggled.connect(self.effective_to.setEnabled)
        end = QWidget()
        end_line = QHBoxLayout(end)
        end_line.setContentsMargins(0, 0, 0, 0)
        end_line.addWidget(self.has_end)
        end_line.addWidget(self.effective_to)
        end_line.addStretch(1)
        self.placeholder = QCheckBox("Placeholder: the Council has not set this amount yet")
        self.placeholder.setObjectName("placeholder")
        self.placeholder.setChecked(bool(row and row.placeholder))
        self.add_field("&Code", self.code, "code")
        self.add_field("&Description", self.description, "description")
        self.add_field("&Amount", self.amount, "amount")
        self.add_field("&GL account", self.gl_account, "gl_account")
        self.add_field("&Section", self.section, "section")
        self.add_field("In force &from", self.effective_from, "effective_from")
        self.add_field("", end, "effective_to")
        self.form.addRow("", self.placeholder)
        self.finish_layout()
        self.resize(520, self.sizeHint().height())
        (self.amount if row else self.code).setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: fees.FeeRow | None = None) -> int | None:
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        text = self.amount.text()
        row = self.row

        def work(action: Action) -> int:
            data = fees.FeeData(
                code=self.code.text(),
                description=self.description.text(),
                amount=Money.parse(text, field="amount"),
                gl_account=self.gl_account.text(),
                section=self.section.text(),
                effective_from=forms.to_date(self.effective_from),
                effective_to=forms.to_date(self.effective_to) if self.has_end.isChecked() else None,
                placeholder=self.placeholder.isChecked(),
            )
            if row is None:
                return fees.add_fee(action, data).id
            return fees.update_fee(action, row.id, data).id

        return perform(self, self.app, work, errors=self.errors)


class ChangeAmountDialog(forms.FormDialog):
    """A new amount for a fee from a date on, as a Council resolution sets it.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: fees.FeeRow) -> None:
        super().__init__(parent, f"New amount for {row.code}", save_text="Save new amount")
        self.app = app
        self.row = row
        self.setObjectName("change_amount_dialog")
        today = app.desk.clock.today()
        self.add_top(
            QLabel(
                f"<b>{html.escape(row.code)}</b> — {html.escape(row.description)}<br>"
                f"Now {row.amount.format()} from {words.us_date(row.effective_from)}"
                f"{' (placeholder)' if row.placeholder else ''}. The current amount ends the day "
                "before the new one starts; receipts already written keep their amount."
            )
        )
        self.amount = QLineEdit()
        self.amount.setObjectName("amount")
        self.amount.setPlaceholderText("e.g. 125.00")
        self.starting = forms.date_edit(
            max(today, row.effective_from + timedelta(days=1)), name="starting"
        )
        self.add_field("New &amount", self.amount, "amount")
        self.add_field("&Starting on", self.starting, "starting")
        self.finish_layout()
        self.resize(480, self.sizeHint().height())
        self.amount.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: fees.FeeRow) -> int | None:
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        text = self.amount.text()
        starting = forms.to_date(self.starting)
        code = self.row.code
        return perform(
            self,
            self.app,
            lambda a: (
                fees.change_amount(
                    a, code, Money.parse(text, field="amount", allow_zero=True), starting=starting
                ).id
            ),
            errors=self.errors,
        )


def edit_fee_schedule(parent: QWidget | None, app: App) -> None:
    """Show the fee schedule (read-only, with the reason, for roles that may not change it)."""
    forms.run_modal(FeeScheduleDialog(parent, app))
