"""1. Payer, on the Receipts tab: a party found as the name is typed (or a walk-in's name),
the amounts the party owes, ticked to pay in full or paid in part."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.money import Money
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.views import DueRow, PayerRow
from ui.kit import forms as forms
from ui.kit.operations import perform
from ui.kit.table_models import CENTER, RIGHT, RowsModel, TableColumn
from ui.receipts.sale_parts import ENTER, PAYER_COLUMNS, KeyFilter, PayerField, TabParts


class PayerPart(TabParts):
    """The payer's and the amounts due's part of :class:`ui.receipts.tab.ReceiptsTab`."""

    def _connect_payer(self) -> None:
        """The payer search, its matches and the amounts due."""
        self.payer_search.search_requested.connect(self._search_payers)
        self.payer_search.picked.connect(self._pick_payer)
        self.payer_search.move_down.connect(self._enter_payer_table)
        self.payer_search.textEdited.connect(lambda _t: self._payer_edited())
        forms.on_enter(self.payer_table, self._pick_payer)
        self.payer_table.doubleClicked.connect(lambda _i: self._pick_payer())
        self.due_table.doubleClicked.connect(lambda _i: self._toggle_due())
        KeyFilter(self.due_table, (*ENTER, Qt.Key.Key_Space), self._due_key)
        self.due_table.selectionModel().currentRowChanged.connect(lambda *_: self._due_chosen())
        self.due_amount.returnPressed.connect(self.add_due_part)
        self.due_amount_button.clicked.connect(self.add_due_part)

    def _build_payer_box(self) -> QGroupBox:
        """1. Payer: a party found as the name is typed (or a walk-in's name), what they owe."""
        payer_box = QGroupBox("1. Payer")
        self.payer_search = PayerField(
            "Type the payer's name (Enter picks), or a walk-in's full name"
        )
        self.payer_search.setObjectName("payer_search")
        self.payer_model = RowsModel(PAYER_COLUMNS, self)
        self.payer_table = forms.make_table(self.payer_model, name="payer_table")
        self.payer_table.horizontalHeader().setVisible(False)
        forms.size_columns(self.payer_table, {0: 26})
        self.payer_table.setMaximumHeight(
            self.payer_table.verticalHeader().defaultSectionSize() * 4 + 6
        )
        self.payer_label = QLabel()
        self.payer_label.setObjectName("payer_label")
        self.payer_label.setTextFormat(Qt.TextFormat.RichText)
        self.payer_label.setWordWrap(True)
        self.due_model = RowsModel(
            (
                TableColumn(
                    "Pay",
                    lambda _r: "",
                    align=CENTER,
                    checked=lambda r: self._due_line_index(r.id) >= 0,
                    set_checked=self._due_ticked,
                ),
                TableColumn("Amount owed for", lambda r: r.description),
                TableColumn("Record", lambda r: r.record),
                TableColumn("Due", lambda r: words.us_date(r.due_on)),
                TableColumn("Balance", lambda r: r.balance.format(), align=RIGHT),
            ),
            self,
        )
        self.due_table = forms.make_table(self.due_model, name="due_table")
        forms.size_columns(self.due_table, {0: 4, 1: 26, 2: 16, 3: 10})
        self.due_table.setMaximumHeight(
            self.due_table.verticalHeader().defaultSectionSize() * 4 + 8
        )
        self.due_label = QLabel("Owes nothing")
        self.due_label.setObjectName("due_label")
        self.due_amount = QLineEdit()
        self.due_amount.setObjectName("due_amount")
        self.due_amount.setPlaceholderText("part payment")
        self.due_amount.setMaximumWidth(120)
        self.due_amount_button = QPushButton("Pay this &much")
        due_row = QHBoxLayout()
        due_row.addWidget(self.due_label, 1)
        due_row.addWidget(self.due_amount)
        due_row.addWidget(self.due_amount_button)
        payer_layout = QVBoxLayout(payer_box)
        payer_layout.addWidget(self.payer_search)
        payer_layout.addWidget(self._error("payer", self.payer_search))
        payer_layout.addWidget(self.payer_table)
        payer_layout.addWidget(self.payer_label)
        payer_layout.addWidget(self.due_table)
        payer_layout.addLayout(due_row)
        payer_layout.addWidget(self._error("due_amount", self.due_amount))
        payer_box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        return payer_box

    def _search_payers(self, text: str) -> None:
        if self.party is not None or not text.strip():
            self.payer_model.set_rows([])
            self.payer_table.setVisible(False)
            return

        def work(action: Action) -> list[PayerRow]:
            return receipt_views.payers(action, text)

        rows = perform(self, self.app, work, writes=False) or []
        self.payer_model.set_rows(rows)
        self.payer_table.setVisible(bool(rows))
        if rows:
            forms.select_row(self.payer_table, 0)
        self._show_payer()

    def _payer_edited(self) -> None:
        if self.party is not None:  # typing again: a different payer
            self.party = None
            self._drop_due_lines()
            self.due_model.set_rows([])
            self._show_payer()

    def _enter_payer_table(self) -> None:
        if self.payer_model.rowCount():
            self.payer_table.setFocus(Qt.FocusReason.OtherFocusReason)
            forms.select_row(self.payer_table, max(0, self.payer_table.currentIndex().row()))

    def _pick_payer(self) -> None:
        """Enter on the payer: the selected match, else the name typed as a walk-in, else save."""
        if self.party is None and self.payer_model.rowCount():
            row = forms.selected_row(self.payer_table) or self.payer_model.row(0)
            assert isinstance(row, PayerRow)
            self.choose_party(row)
            return
        if self.lines and (not self.payer_search.text().strip() or self.party is not None):
            self.save_sale()
            return
        self._show_payer()
        self.fee_field.setFocus(Qt.FocusReason.OtherFocusReason)

    def choose_party(self, party: PayerRow) -> None:
        self.party = party
        self.payer_search.blockSignals(True)
        self.payer_search.setText(party.name)
        self.payer_search.blockSignals(False)
        self.payer_model.set_rows([])
        self.payer_table.setVisible(False)
        self._load_dues()
        self._show_payer()
        target = self.due_table if self.due_model.rowCount() else self.fee_field
        target.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.due_model.rowCount():
            forms.select_row(self.due_table, 0)

    def _load_dues(self) -> None:
        if self.party is None:
            self.due_model.set_rows([])
            return
        party_id = self.party.id

        def work(action: Action) -> list[DueRow]:
            return receipt_views.dues_of(action, party_id)

        self.due_model.set_rows(perform(self, self.app, work, writes=False) or [])

    def _show_payer(self) -> None:
        e = forms.escape
        typed = " ".join(self.payer_search.text().split())
        if self.party is not None:
            text = f"Payer: <b>{e(self.party.name)}</b>"
            if self.party.address:
                text += f" · {e(self.party.address)}"
        elif typed and not self.payer_model.rowCount():
            text = f"Walk-in payer: <b>{e(typed)}</b> (not in People &amp; Parcels)"
        elif typed:
            text = "Enter picks the highlighted name; keep typing for a walk-in."
        else:
            text = "<i>No payer yet.</i>"
        self.payer_label.setText(text)
        dues = self.due_model.rows
        has_party = self.party is not None
        self.due_table.setVisible(has_party and bool(dues))
        self.due_amount.setVisible(has_party and bool(dues))
        self.due_amount_button.setVisible(has_party and bool(dues))
        self.due_label.setVisible(has_party)
        if has_party:
            owed = sum((d.balance for d in dues), Money.zero())
            self.due_label.setText(
                f"Owes <b>{owed.format()}</b> on {len(dues)} item{'' if len(dues) == 1 else 's'}"
                " — Space or double-click to pay in full"
                if dues
                else "Owes nothing on record."
            )

    def _due_line_index(self, due_id: int) -> int:
        return next((i for i, line in enumerate(self.lines) if line.amount_due_id == due_id), -1)

    def _due_ticked(self, row: DueRow, on: bool) -> DueRow:
        index = self._due_line_index(row.id)
        if on and index < 0:
            self._add_due(row.id, None)
        elif not on and index >= 0:
            del self.lines[index]
            self._lines_changed()
        return row

    def _toggle_due(self) -> None:
        row = forms.selected_row(self.due_table)
        if isinstance(row, DueRow):
            self._due_ticked(row, self._due_line_index(row.id) < 0)
            self.due_model.dataChanged.emit(
                self.due_model.index(0, 0), self.due_model.index(self.due_model.rowCount() - 1, 0)
            )

    def _due_key(self) -> None:
        row = forms.selected_row(self.due_table)
        if isinstance(row, DueRow) and self._due_line_index(row.id) < 0:
            self._toggle_due()
        elif self.lines:
            # Enter on an amount already added: go on to the tenders
            self.tender_amount.setFocus(Qt.FocusReason.OtherFocusReason)

    def _due_chosen(self) -> None:
        row = forms.selected_row(self.due_table)
        if isinstance(row, DueRow):
            self.due_amount.setText(row.balance.format(symbol=False))

    def add_due_part(self) -> None:
        row = forms.selected_row(self.due_table)
        if not isinstance(row, DueRow):
            return
        self.errors.clear()
        try:
            amount = Money.parse(self.due_amount.text(), field="due_amount", allow_zero=False)
        except InvalidInput as error:
            self.errors.show(error)
            return
        if amount > row.balance:
            self.errors.show(
                InvalidInput(f"Only {row.balance.format()} is owed.", field="due_amount")
            )
            return
        index = self._due_line_index(row.id)
        if index >= 0:
            del self.lines[index]
        self._add_due(row.id, amount)
        self.tender_amount.setFocus(Qt.FocusReason.OtherFocusReason)

    def _add_due(self, due_id: int, amount: Money | None) -> None:
        line = perform(
            self, self.app, lambda a: receipt_views.due_line_for(a, due_id, amount), writes=False
        )
        if line is not None:
            self.lines.append(line)
            self._lines_changed()

    def _drop_due_lines(self) -> None:
        kept = [line for line in self.lines if line.amount_due_id is None]
        if len(kept) != len(self.lines):
            self.lines = kept
            self._lines_changed()
