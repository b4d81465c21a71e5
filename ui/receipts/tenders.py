"""3. Paid by, on the Receipts tab: cash, check, card or money order, several at once. A
tender is checked by the core (:func:`clerk_desk.receipts.service.tender_problem`); a full card
number typed anywhere is refused as it is typed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import card_numbers
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import TenderKind
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.rules import TenderEntry
from ui.kit import forms as forms
from ui.kit.table_models import RowsModel
from ui.receipts.sale_parts import (
    DELETE,
    ENTER,
    TENDER_COLUMNS,
    KeyFilter,
    TabParts,
    under_tender_row,
)


class TendersPart(TabParts):
    """The tenders' part of :class:`ui.receipts.tab.ReceiptsTab`."""

    def _connect_tenders(self) -> None:
        """The tender row and the tenders table."""
        self.tender_kind.currentIndexChanged.connect(self._kind_changed)
        for edit in (
            self.tender_amount,
            self.check_number,
            self.name_on_check,
            self.card_last4,
            self.card_authorization,
            self.money_order_number,
        ):
            edit.returnPressed.connect(self._tender_enter)
        for edit in (
            self.card_last4,
            self.card_authorization,
            self.check_number,
            self.name_on_check,
            self.money_order_number,
        ):
            edit.textEdited.connect(lambda _t, e=edit: self._refuse_card_number(e))
        KeyFilter(self.tender_kind, ENTER, self._tender_enter)
        KeyFilter(self.tender_table, DELETE, self.remove_tender)
        KeyFilter(self.tender_table, ENTER, self._enter_with_nothing_to_add)
        self.add_tender_button.clicked.connect(self.add_tender)

    def _build_tender_box(self) -> QGroupBox:
        """3. Paid by: cash, check, card or money order, several at once."""
        tender_box = QGroupBox("3. Paid by")
        self.tender_kind = QComboBox()
        self.tender_kind.setObjectName("tender_kind")
        for kind in TenderKind:
            if kind.in_drawer:  # a City check pays refunds; it is never taken at the counter
                self.tender_kind.addItem(kind.label, kind)
        self.tender_amount = QLineEdit()
        self.tender_amount.setObjectName("tender_amount")
        self.tender_amount.setMaximumWidth(120)
        self.check_number = QLineEdit()
        self.check_number.setObjectName("check_number")
        self.check_number.setPlaceholderText("Check no.")
        self.name_on_check = QLineEdit()
        self.name_on_check.setObjectName("name_on_check")
        self.name_on_check.setPlaceholderText("Name on check")
        self.card_last4 = QLineEdit()
        self.card_last4.setObjectName("card_last4")
        self.card_last4.setPlaceholderText("Last 4 digits")
        self.card_authorization = QLineEdit()
        self.card_authorization.setObjectName("card_authorization")
        self.card_authorization.setPlaceholderText("Authorization code")
        self.money_order_number = QLineEdit()
        self.money_order_number.setObjectName("money_order_number")
        self.money_order_number.setPlaceholderText("Money order no. (required)")
        self.detail_stack = QStackedWidget()
        self.detail_stack.setSizePolicy(
            self.detail_stack.sizePolicy().horizontalPolicy(),
            self.tender_amount.sizePolicy().verticalPolicy(),
        )
        for widgets in (
            (),
            (self.check_number, self.name_on_check),
            (self.card_last4, self.card_authorization),
            (self.money_order_number,),
        ):
            holder = QWidget()
            row = QHBoxLayout(holder)
            row.setContentsMargins(0, 0, 0, 0)
            for widget in widgets:
                row.addWidget(widget)
            if not widgets:
                row.addWidget(QLabel("Type the cash handed over; empty = exact"))
            self.detail_stack.addWidget(holder)
        self.add_tender_button = QPushButton("Add te&nder")
        tender_row = QHBoxLayout()
        kind_label = QLabel("&How")
        kind_label.setBuddy(self.tender_kind)
        tender_row.addWidget(kind_label)
        tender_row.addWidget(self.tender_kind)
        amount_label = QLabel("A&mount")
        amount_label.setBuddy(self.tender_amount)
        tender_row.addWidget(amount_label)
        tender_row.addWidget(self.tender_amount)
        tender_row.addWidget(self.detail_stack, 1)
        tender_row.addWidget(self.add_tender_button)
        self.card_error = self._error("card", self.card_last4)
        self.money_order_error = self._error("money_order_number", self.money_order_number)
        self.tender_model = RowsModel(TENDER_COLUMNS, self)
        self.tender_table = forms.make_table(self.tender_model, name="tender_table")
        forms.size_columns(self.tender_table, {0: 12, 1: 30})
        self.tender_table.setMaximumHeight(
            self.tender_table.verticalHeader().defaultSectionSize() * 4 + 30
        )
        tender_layout = QVBoxLayout(tender_box)
        tender_layout.addLayout(tender_row)
        tender_layout.addWidget(self.card_error)
        tender_layout.addWidget(self.money_order_error)
        tender_layout.addWidget(self._error("tender_amount", self.tender_amount))
        tender_layout.addWidget(self.tender_table)
        return tender_box

    def _kind_changed(self, index: int) -> None:
        self.detail_stack.setCurrentIndex(index)
        self.card_error.setVisible(False)
        self.money_order_error.setVisible(False)

    def _refuse_card_number(self, edit: QLineEdit) -> None:
        """A full card number typed anywhere in the tender is refused (by the core's check, as
        each key is typed) and wiped; other mistakes wait for Enter."""
        if card_numbers.find_card_number(edit.text()) is None:
            return
        edit.clear()
        self.errors.clear()
        self.errors.show(InvalidInput(card_numbers.REFUSAL, field="card"))
        edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def _tender_enter(self) -> None:
        totals = self.totals()
        detail_typed = any(
            e.text().strip()
            for e in (
                self.check_number,
                self.card_last4,
                self.card_authorization,
                self.money_order_number,
            )
        )
        if self.tender_amount.text().strip() or detail_typed or totals.short > Money.zero():
            if not self.tender_amount.text().strip() and self.sender() is self.tender_amount:
                kind = TenderKind(self.tender_kind.currentData())
                first = {
                    TenderKind.CHECK: self.check_number,
                    TenderKind.CARD: self.card_last4,
                    TenderKind.MONEY_ORDER: self.money_order_number,
                }
                if kind in first and not first[kind].text().strip():
                    first[kind].setFocus(Qt.FocusReason.OtherFocusReason)
                    return
            self.add_tender()
        else:
            self._enter_with_nothing_to_add()

    def tender_entry(self) -> TenderEntry:
        """The tender typed; an empty amount means what is still short."""
        kind = TenderKind(self.tender_kind.currentData())
        text = self.tender_amount.text()
        amount = (
            Money.parse(text, field="tender_amount", allow_zero=False)
            if text.strip()
            else self.totals().short
        )
        if amount == Money.zero():
            raise InvalidInput("Type the amount of this tender.", field="tender_amount")
        return TenderEntry(
            kind,
            amount,
            check_number=self.check_number.text() if kind is TenderKind.CHECK else "",
            name_on_check=self.name_on_check.text() if kind is TenderKind.CHECK else "",
            card_last4=self.card_last4.text() if kind is TenderKind.CARD else "",
            card_authorization=self.card_authorization.text() if kind is TenderKind.CARD else "",
            money_order_number=(
                self.money_order_number.text() if kind is TenderKind.MONEY_ORDER else ""
            ),
        )

    def _tender_part(self, part: str) -> QLineEdit | None:
        """The field of the tender row that holds ``part`` of a tender (None: its kind)."""
        fields = {
            "amount": self.tender_amount,
            "check_number": self.check_number,
            "name_on_check": self.name_on_check,
            "card_last4": self.card_last4,
            "card_authorization": self.card_authorization,
            "money_order_number": self.money_order_number,
        }
        return fields.get(part)

    def add_tender(self) -> None:
        self.errors.clear()
        try:
            entry = self.tender_entry()
        except InvalidInput as error:
            self.errors.show(error)
            return
        problem = receipts.tender_problem(entry)
        if problem is not None:
            self.errors.show(under_tender_row(problem))
            widget = self._tender_part(problem.part)
            if widget is not None:
                if card_numbers.find_card_number(widget.text()) is not None:
                    widget.clear()  # a card number is not left on the screen either
                widget.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self.tenders.append(entry)
        for edit in (
            self.tender_amount,
            self.check_number,
            self.name_on_check,
            self.card_last4,
            self.card_authorization,
            self.money_order_number,
        ):
            edit.clear()
        self.tender_model.set_rows(self.tenders)
        self._update_totals()
        self.tender_kind.setCurrentIndex(0)  # the rest is most often cash
        self.tender_amount.setFocus(Qt.FocusReason.OtherFocusReason)

    def remove_tender(self) -> None:
        number = self.tender_table.currentIndex().row()
        if 0 <= number < len(self.tenders):
            del self.tenders[number]
            self.tender_model.set_rows(self.tenders)
            self._update_totals()
