"""2. What is paid, on the Receipts tab: a fee code or word, actual City expenses, the lines
of the sale. Each line is the core's (:mod:`clerk_desk.receipts.views`), never built here."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtWidgets import (
    QCompleter,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.money import Money
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.rules import LineEntry
from ui.kit import forms as forms
from ui.kit.operations import perform
from ui.kit.table_models import RowsModel
from ui.receipts.sale_parts import DELETE, ENTER, LINE_COLUMNS, KeyFilter, TabParts, big_font


class LinesPart(TabParts):
    """The lines' part of :class:`ui.receipts.tab.ReceiptsTab`."""

    def _connect_lines(self) -> None:
        """The fee and expense fields and the lines table."""
        self.fee_field.returnPressed.connect(self._fee_enter)
        self.reference_field.returnPressed.connect(self._fee_enter)
        self.add_fee_button.clicked.connect(self.add_fee)
        self.expense_amount.returnPressed.connect(self._expense_enter)
        self.expense_note.returnPressed.connect(self._expense_enter)
        self.add_expense_button.clicked.connect(self.add_expense)
        KeyFilter(self.line_table, DELETE, self.remove_line)
        KeyFilter(self.line_table, ENTER, self._enter_with_nothing_to_add)
        self.remove_line_button.clicked.connect(self.remove_line)

    def _build_lines_box(self) -> QGroupBox:
        """2. What is paid: a fee code or word, an amount owed, actual City expenses."""
        lines_box = QGroupBox("2. What is paid")
        self.fee_field = QLineEdit()
        self.fee_field.setObjectName("fee_field")
        self.fee_field.setPlaceholderText("Fee code or word, e.g. OPEN or vending (Enter adds)")
        self.fee_completer = QCompleter(QStringListModel(self), self)
        self.fee_completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.fee_completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.fee_completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.fee_field.setCompleter(self.fee_completer)
        self.reference_field = QLineEdit()
        self.reference_field.setObjectName("reference_field")
        self.reference_field.setPlaceholderText("Reference")
        self.reference_field.setToolTip("The permit or record this line pays for")
        self.reference_field.setMaximumWidth(210)
        self.add_fee_button = QPushButton("&Add fee")
        fee_row = QHBoxLayout()
        fee_label = QLabel("&Fee")
        fee_label.setBuddy(self.fee_field)
        fee_row.addWidget(fee_label)
        fee_row.addWidget(self.fee_field, 1)
        fee_row.addWidget(self.reference_field)
        fee_row.addWidget(self.add_fee_button)
        self.expense_amount = QLineEdit()
        self.expense_amount.setObjectName("expense_amount")
        self.expense_amount.setPlaceholderText("Amount")
        self.expense_amount.setMaximumWidth(110)
        self.expense_note = QLineEdit()
        self.expense_note.setObjectName("expense_note")
        self.expense_note.setPlaceholderText("What the City's expenses were for (Enter adds)")
        self.add_expense_button = QPushButton("Add e&xpenses")
        expense_row = QHBoxLayout()
        expense_label = QLabel("Actual City &expenses")
        expense_label.setBuddy(self.expense_amount)
        expense_row.addWidget(expense_label)
        expense_row.addWidget(self.expense_amount)
        expense_row.addWidget(self.expense_note, 1)
        expense_row.addWidget(self.add_expense_button)
        self.line_model = RowsModel(LINE_COLUMNS, self)
        self.line_table = forms.make_table(self.line_model, name="line_table")
        forms.size_columns(self.line_table, {0: 34, 1: 16, 2: 15})
        self.remove_line_button = QPushButton("Remove line (&Del)")
        self.total_label = QLabel()
        self.total_label.setObjectName("total_label")
        self.total_label.setFont(big_font(self.total_label, 1.4))
        total_row = QHBoxLayout()
        total_row.addWidget(self.remove_line_button)
        total_row.addStretch(1)
        total_row.addWidget(self.total_label)
        lines_layout = QVBoxLayout(lines_box)
        lines_layout.addLayout(fee_row)
        lines_layout.addWidget(self._error("fee", self.fee_field))
        lines_layout.addLayout(expense_row)
        lines_layout.addWidget(self._error("expense", self.expense_amount))
        lines_layout.addWidget(self.line_table, 1)
        lines_layout.addWidget(self._error("lines", self.line_table))
        lines_layout.addLayout(total_row)
        return lines_box

    def _load_fees(self) -> None:
        self.fees = perform(self, self.app, receipt_views.fee_choices, writes=False) or []
        model = self.fee_completer.model()
        assert isinstance(model, QStringListModel)
        model.setStringList([fee.label for fee in self.fees])

    def _fee_enter(self) -> None:
        if self.fee_field.text().strip():
            self.add_fee()
        else:
            self._enter_with_nothing_to_add()

    def add_fee(self) -> None:
        """The fee typed (a code, a word, or a completer choice) as a line."""
        text = self.fee_field.text().strip()
        reference = self.reference_field.text()
        self.errors.clear()
        if not text:
            self.errors.show(InvalidInput("Type a fee code or a word.", field="fee"))
            return
        code = next(
            (f.code for f in self.fees if text in (f.label, f.code) or text.upper() == f.code), None
        )

        def work(action: Action) -> LineEntry | list[str]:
            return receipt_views.fee_line_for(action, code or text, reference=reference)

        result = perform(self, self.app, work, writes=False)
        if result is None:
            return
        if isinstance(result, list):
            message = (
                f"No fee in force today matches “{text}”."
                if not result
                else f"{len(result)} fees match ({', '.join(result[:6])}): pick one from the list."
            )
            self.errors.show(InvalidInput(message, field="fee"))
            if result:
                self.fee_completer.setCompletionPrefix(text)
                self.fee_completer.complete()
            return
        self.lines.append(result)
        self.fee_field.clear()
        self.reference_field.clear()
        self._lines_changed()
        self.fee_field.setFocus(Qt.FocusReason.OtherFocusReason)

    def _expense_enter(self) -> None:
        if self.expense_amount.text().strip() or self.expense_note.text().strip():
            if not self.expense_note.text().strip() and self.sender() is self.expense_amount:
                self.expense_note.setFocus(Qt.FocusReason.OtherFocusReason)
                return
            self.add_expense()
        else:
            self._enter_with_nothing_to_add()

    def add_expense(self) -> None:
        amount_text = self.expense_amount.text()
        note = self.expense_note.text()
        reference = self.reference_field.text()
        self.errors.clear()

        def work(action: Action) -> LineEntry:
            try:
                amount = Money.parse(amount_text, field="expense", allow_zero=False)
                return receipt_views.city_expenses_line(action, amount, note, reference=reference)
            except InvalidInput as error:
                raise InvalidInput(error.message, field="expense") from None

        line = perform(self, self.app, work, writes=False, errors=self.errors)
        if line is None:
            return
        self.lines.append(line)
        self.expense_amount.clear()
        self.expense_note.clear()
        self.reference_field.clear()
        self._lines_changed()
        self.expense_amount.setFocus(Qt.FocusReason.OtherFocusReason)

    def remove_line(self) -> None:
        number = self.line_table.currentIndex().row()
        if 0 <= number < len(self.lines):
            del self.lines[number]
            self._lines_changed()
            forms.select_row(self.line_table, min(number, len(self.lines) - 1))

    def _lines_changed(self) -> None:
        self.line_model.set_rows(self.lines)
        if self.due_model.rowCount():
            self.due_model.dataChanged.emit(
                self.due_model.index(0, 0), self.due_model.index(self.due_model.rowCount() - 1, 0)
            )
        self._update_totals()
