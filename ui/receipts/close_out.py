"""The close-out of a drawer: count the cash by denomination, list the checks, type the card
and money-order totals; expected against counted follows every keystroke, and the core closes
the batch (:func:`clerk_desk.receipts.service.close_drawer`)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QObject, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFocusEvent, QFont, QKeyEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.errors import Conflict, InvalidInput
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.acts import DrawerAct, drawer_acts
from clerk_desk.receipts.rules import DENOMINATIONS
from clerk_desk.receipts.service import DrawerCount
from clerk_desk.receipts.views import CheckEntry, DrawerView
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App, perform
from ui.kit.style import BAD, BAD_BACKGROUND, GOOD
from ui.kit.table_models import AnyIndex


class CountBox(QSpinBox):
    """A count of bills or coins: the number is selected on entering, so typing replaces it."""

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        QTimer.singleShot(0, self.selectAll)


@dataclass(frozen=True, slots=True)
class CheckRow:
    number: str
    name: str
    amount_text: str

    def amount(self) -> Money | None:
        try:
            return Money.parse(self.amount_text) if self.amount_text.strip() else None
        except InvalidInput:
            return None


class ChecksModel(QAbstractTableModel):
    """The checks in the drawer, as the Treasurer lists them: number, name, amount (editable).

    Signals: those of :class:`QAbstractTableModel`; ``dataChanged`` after an edit, so the
    dialog's totals follow.
    """

    HEADERS = ("Check number", "Name on check", "Amount")

    def __init__(self, checks: Sequence[CheckEntry] = (), parent: Any = None) -> None:
        super().__init__(parent)
        self._rows = [CheckRow(c.number, c.name, c.amount.format(symbol=False)) for c in checks]

    @property
    def rows(self) -> list[CheckRow]:
        return list(self._rows)

    def entries(self) -> tuple[CheckEntry, ...]:
        """The checks listed, for the core; an unreadable amount is refused by field."""
        out = []
        for row in self._rows:
            if not (row.number.strip() or row.name.strip() or row.amount_text.strip()):
                continue
            amount = Money.parse(row.amount_text, field="checks")
            out.append(CheckEntry(row.number.strip(), row.name.strip(), amount))
        return tuple(out)

    def total(self) -> Money:
        return sum((row.amount() or Money.zero() for row in self._rows), Money.zero())

    def add_row(self) -> int:
        number = len(self._rows)
        self.beginInsertRows(QModelIndex(), number, number)
        self._rows.append(CheckRow("", "", ""))
        self.endInsertRows()
        return number

    def remove_row(self, number: int) -> None:
        if 0 <= number < len(self._rows):
            self.beginRemoveRows(QModelIndex(), number, number)
            del self._rows[number]
            self.endRemoveRows()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        row = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return (row.number, row.name, row.amount_text)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 2:
            return int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
        if (
            role == Qt.ItemDataRole.BackgroundRole
            and index.column() == 2
            and row.amount_text.strip()
            and row.amount() is None
        ):
            return QBrush(QColor(BAD_BACKGROUND))
        return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        row = self._rows[index.row()]
        text = str(value)
        fields = ("number", "name", "amount_text")
        self._rows[index.row()] = replace(row, **{fields[index.column()]: text})
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole])
        return True

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.HEADERS):
            return self.HEADERS[section]
        if orientation == Qt.Orientation.Vertical and 0 <= section < len(self._rows):
            return section + 1
        return None


class _EnterMovesOn(QObject):
    """Enter in a count or amount field moves to the next field, as Tab does.

    A close-out locks the drawer for good, so the Enter that ends a number must never be the
    one that closes it: only the "Close out and lock" button does, after a confirmation.
    """

    def __init__(self, watched: QWidget, dialog: QDialog) -> None:
        super().__init__(watched)
        self._dialog = dialog
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
                event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            ):
                if isinstance(watched, QAbstractSpinBox):
                    watched.interpretText()
                self._dialog.focusNextChild()
                return True
        return super().eventFilter(watched, event)


KINDS: tuple[tuple[str, str], ...] = (
    ("cash", "Cash (with starting cash)"),
    ("checks", "Checks"),
    ("cards", "Cards"),
    ("money_orders", "Money orders"),
)


KIND_WORDS = {"cash": "cash", "checks": "checks", "cards": "cards", "money_orders": "money orders"}


def _core_field(field: str | None) -> str | None:
    """The close-out's error line for a field the core names (``checks_0_number`` → checks)."""
    if field is None:
        return None
    for prefix in ("checks", "check_", "cash", "note", "cards_total", "money_orders_total"):
        if field.startswith(prefix):
            return "checks" if prefix == "check_" else prefix
    return field


class CloseOutDialog(forms.FormDialog):
    """Count the drawer: cash by denomination, the checks, the card and money-order totals.

    Expected against counted, and the over/short of each kind of tender, follow every
    keystroke; a note is required when any kind does not balance (the core refuses without
    one). Enter moves from field to field; only "Close out and lock" (Alt+L) closes, after a
    confirmation that shows the figures, because a closed batch is locked. The expected total
    the dialog showed goes to the core with the count, so a receipt written or voided meanwhile
    is caught (the figures are read again, the counts typed kept). Esc asks before throwing a
    count away.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, view: DrawerView) -> None:
        super().__init__(
            parent, f"Close out the drawer of {view.station}", save_text="Close out and &lock"
        )
        self.setObjectName("close_out_dialog")
        self.app = app
        self.view = view
        # No default button, and no Ctrl+Enter: the lock is a deliberate click (or Alt+L).
        self.save_button.setDefault(False)
        self.save_button.setAutoDefault(False)
        self.save_button.setToolTip(
            "Closes the batch for good (asks first): Alt+L. Enter only moves to the next field."
        )
        for shortcut in self.findChildren(QShortcut):
            shortcut.setEnabled(False)
        self.save_button.setStyleSheet("font-weight: bold;")
        self.header = QLabel()
        self.header.setObjectName("close_out_header")
        self.add_top(self.header)
        self.changed_banner = forms.banner("")
        self.changed_banner.setObjectName("figures_changed")
        self.changed_banner.setVisible(False)
        self._layout.insertWidget(1, self.changed_banner)
        columns = QHBoxLayout()
        # cash by denomination
        cash_widget = self._build_cash()
        columns.addWidget(cash_widget)

        right = self._build_checks(view)
        self._build_other_totals(right)
        self._build_summary(right)
        columns.addLayout(right, 1)
        self._layout.insertLayout(2, columns)

        self.note = QPlainTextEdit()
        self.note.setObjectName("note")
        self.note.setTabChangesFocus(True)
        self.note.setFixedHeight(self.fontMetrics().height() * 3 + 12)
        self.add_field("&Note", self.note, "note")
        self.note_needed = QLabel()
        self.note_needed.setObjectName("note_needed")
        self.note_needed.setWordWrap(True)
        self.form.insertRow(0, "", self.note_needed)
        self.finish_layout()

        self._connect_fields()
        station = view.station
        if why := operations.core_refusal(
            parent, app, lambda a: drawer_acts(a, station)[DrawerAct.CLOSE_OUT]
        ):
            self.set_read_only(why)
        self._show_view()
        self.resize(940, self.sizeHint().height())
        self.pieces[DENOMINATIONS[0][0]].setFocus()
        self.pieces[DENOMINATIONS[0][0]].selectAll()

    def _build_cash(self) -> QWidget:
        """The cash counted, piece by piece, each with its subtotal, and the cash total."""
        cash_box = QGridLayout()
        cash_box.addWidget(QLabel("<b>Cash counted</b>"), 0, 0, 1, 3)
        self.pieces: dict[str, CountBox] = {}
        self.piece_totals: dict[str, QLabel] = {}
        for number, (key, label, _value) in enumerate(DENOMINATIONS, start=1):
            spin = CountBox()
            spin.setObjectName(f"cash_{key}")
            spin.setRange(0, 99999)
            spin.setAccelerated(True)
            spin.setButtonSymbols(QSpinBox.ButtonSymbols.NoButtons)
            spin.setAlignment(Qt.AlignmentFlag.AlignRight)
            spin.setMinimumWidth(70)
            name = QLabel(label)
            name.setBuddy(spin)
            subtotal = QLabel(Money.zero().format())
            subtotal.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            subtotal.setMinimumWidth(90)
            cash_box.addWidget(name, number, 0)
            cash_box.addWidget(spin, number, 1)
            cash_box.addWidget(subtotal, number, 2)
            self.pieces[key] = spin
            self.piece_totals[key] = subtotal
            spin.valueChanged.connect(lambda _v: self._update())
        self.cash_total = QLabel()
        self.cash_total.setObjectName("cash_total")
        self.cash_total.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bold = QFont(self.cash_total.font())
        bold.setBold(True)
        self.cash_total.setFont(bold)
        total_caption = QLabel("<b>Cash total</b>")
        cash_box.addWidget(total_caption, len(DENOMINATIONS) + 1, 0, 1, 2)
        cash_box.addWidget(self.cash_total, len(DENOMINATIONS) + 1, 2)
        cash_error = forms.error_label()
        cash_box.addWidget(cash_error, len(DENOMINATIONS) + 2, 0, 1, 3)
        self.errors.add("cash", cash_error)
        cash_widget = QWidget()
        cash_widget.setLayout(cash_box)
        return cash_widget

    def _build_checks(self, view: DrawerView) -> QVBoxLayout:
        """The checks received, as a table the clerk corrects, with its buttons."""
        right = QVBoxLayout()
        self.checks_caption = QLabel()
        right.addWidget(self.checks_caption)
        self.checks_model = ChecksModel(view.checks, self)
        self._checks_as_received = self.checks_model.rows
        self.checks_table = QTableView()
        self.checks_table.setObjectName("checks_table")
        self.checks_table.setModel(self.checks_model)
        self.checks_table.verticalHeader().setVisible(False)
        self.checks_table.horizontalHeader().setStretchLastSection(True)
        self.checks_table.setColumnWidth(0, 110)
        self.checks_table.setColumnWidth(1, 190)
        self.checks_table.setMinimumWidth(420)
        right.addWidget(self.checks_table, 1)
        # The checks' error line sits right under the table (a card number typed in a check's
        # number or name is refused there), before the buttons.
        checks_error = forms.error_label()
        right.addWidget(checks_error)
        self.errors.add("checks", checks_error, self.checks_table)
        check_buttons = QHBoxLayout()
        self.add_check_button = QPushButton("&Add check")
        self.remove_check_button = QPushButton("Remo&ve check")
        check_buttons.addWidget(self.add_check_button)
        check_buttons.addWidget(self.remove_check_button)
        check_buttons.addStretch(1)
        right.addLayout(check_buttons)
        return right

    def _build_other_totals(self, right: QVBoxLayout) -> None:
        """The card terminal's batch total and the money orders."""
        others = QGridLayout()
        self.cards_total = QLineEdit()
        self.cards_total.setObjectName("cards_total")
        self.cards_total.setPlaceholderText("from the card terminal's batch total")
        self.money_orders_total = QLineEdit()
        self.money_orders_total.setObjectName("money_orders_total")
        cards_label = QLabel("Ca&rd total")
        cards_label.setBuddy(self.cards_total)
        mo_label = QLabel("&Money orders")
        mo_label.setBuddy(self.money_orders_total)
        others.addWidget(cards_label, 0, 0)
        others.addWidget(self.cards_total, 0, 1)
        others.addWidget(mo_label, 1, 0)
        others.addWidget(self.money_orders_total, 1, 1)
        for row, field in ((2, "cards_total"), (3, "money_orders_total")):
            message = forms.error_label()
            others.addWidget(message, row, 0, 1, 2)
            self.errors.add(
                field, message, self.cards_total if row == 2 else self.money_orders_total
            )
        right.addLayout(others)

    def _build_summary(self, right: QVBoxLayout) -> None:
        """Expected against counted, kind by kind, and the verdict over or short."""
        self.summary = QGridLayout()
        self.summary.addWidget(QLabel("<b></b>"), 0, 0)
        for column, caption in enumerate(("Expected", "Counted", "Over / short"), start=1):
            head = QLabel(f"<b>{caption}</b>")
            head.setAlignment(Qt.AlignmentFlag.AlignRight)
            self.summary.addWidget(head, 0, column)
        self.summary_cells: dict[str, tuple[QLabel, QLabel, QLabel]] = {}
        for row, (key, caption) in enumerate((*KINDS, ("total", "Total")), start=1):
            self.summary.addWidget(QLabel(caption if key != "total" else "<b>Total</b>"), row, 0)
            cells = []
            for column in (1, 2, 3):
                cell = QLabel()
                cell.setObjectName(f"{key}_{('expected', 'counted', 'difference')[column - 1]}")
                cell.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                cell.setMinimumWidth(95)
                self.summary.addWidget(cell, row, column)
                cells.append(cell)
            self.summary_cells[key] = (cells[0], cells[1], cells[2])
        right.addLayout(self.summary)
        self.verdict = QLabel()
        self.verdict.setObjectName("verdict")
        big = QFont(self.verdict.font())
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.verdict.setFont(big)
        right.addWidget(self.verdict)
        self.kinds_label = QLabel()
        self.kinds_label.setObjectName("kinds_off")
        self.kinds_label.setWordWrap(True)
        right.addWidget(self.kinds_label)

    def _connect_fields(self) -> None:
        """Enter moves on from a count; every change of a count, check or note updates the sums."""
        for spin in self.pieces.values():
            _EnterMovesOn(spin, self)
            _EnterMovesOn(spin.lineEdit(), self)
        for edit in (self.cards_total, self.money_orders_total):
            _EnterMovesOn(edit, self)
        self.checks_model.dataChanged.connect(lambda *_: self._update())
        self.checks_model.rowsInserted.connect(lambda *_: self._update())
        self.checks_model.rowsRemoved.connect(lambda *_: self._update())
        self.cards_total.textChanged.connect(lambda _t: self._update())
        self.money_orders_total.textChanged.connect(lambda _t: self._update())
        self.note.textChanged.connect(self._update)
        self.add_check_button.clicked.connect(self._add_check)
        self.remove_check_button.clicked.connect(self._remove_check)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # QDialogButtonBox makes its first accept button the default when shown: undo that.
        self.save_button.setDefault(False)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter that no field took (a check's cell, the list) moves on too: never closes."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
            event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            self.focusNextChild()
            event.accept()
            return
        super().keyPressEvent(event)

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, view: DrawerView) -> int | None:
        """Show the count; the drawer's id once closed, or None."""
        dialog = cls(parent, app, view)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def _show_view(self) -> None:
        view = self.view
        opened = words.local_time(view.opened_at, None)
        self.header.setText(
            f"Opened {opened} by {html.escape(view.opened_by or 'unknown')} with "
            f"{view.opening_cash.format()} starting cash · {view.receipts} receipts"
            + (f", {view.voided} void" if view.voided else "")
        )
        self.checks_caption.setText(
            f"<b>Checks</b> ({len(view.checks)} received; correct as counted)"
        )
        self._update()

    def _add_check(self) -> None:
        number = self.checks_model.add_row()
        index = self.checks_model.index(number, 0)
        self.checks_table.setCurrentIndex(index)
        self.checks_table.edit(index)

    def _remove_check(self) -> None:
        self.checks_model.remove_row(self.checks_table.currentIndex().row())

    def counted_cash(self) -> Money:
        values = {key: value for key, _, value in DENOMINATIONS}
        return sum((values[key] * spin.value() for key, spin in self.pieces.items()), Money.zero())

    def _typed(self, edit: QLineEdit) -> Money | None:
        try:
            return parse_optional(edit.text(), "")
        except InvalidInput:
            return None

    def figures(self) -> dict[str, tuple[Money, Money]]:
        """Expected and counted of each kind of tender in the drawer, and the total."""
        v = self.view
        rows = {
            "cash": (v.expected_cash, self.counted_cash()),
            "checks": (v.expected_checks, self.checks_model.total()),
            "cards": (v.expected_cards, self._typed(self.cards_total) or Money.zero()),
            "money_orders": (
                v.expected_money_orders,
                self._typed(self.money_orders_total) or Money.zero(),
            ),
        }
        rows["total"] = (
            sum((e for e, _ in rows.values()), Money.zero()),
            sum((c for _, c in rows.values()), Money.zero()),
        )
        return rows

    def over_short(self) -> Money:
        expected, counted = self.figures()["total"]
        return counted - expected

    def kinds_off(self) -> list[str]:
        """The kinds that do not balance, in words: ["cash short $5.00", "checks over $5.00"]."""
        return [
            f"{KIND_WORDS[key]} {over_short_text(counted - expected).lower()}"
            for key, (expected, counted) in self.figures().items()
            if key != "total" and counted != expected
        ]

    def _expected_total(self) -> Money:
        return self.figures()["total"][0]

    def anything_counted(self) -> bool:
        """Whether Esc would throw away something the Treasurer typed."""
        return (
            any(spin.value() for spin in self.pieces.values())
            or bool(self.cards_total.text().strip() or self.money_orders_total.text().strip())
            or bool(self.note.toPlainText().strip())
            or self.checks_model.rows != self._checks_as_received
        )

    def _update(self) -> None:
        values = {key: value for key, _, value in DENOMINATIONS}
        for key, spin in self.pieces.items():
            self.piece_totals[key].setText((values[key] * spin.value()).format())
        self.cash_total.setText(self.counted_cash().format())
        for key, (expected, counted) in self.figures().items():
            cells = self.summary_cells[key]
            difference = counted - expected
            cells[0].setText(expected.format())
            cells[1].setText(counted.format())
            cells[2].setText(
                "balanced" if difference == Money.zero() else over_short_text(difference).lower()
            )
            colour = GOOD if difference == Money.zero() else BAD
            cells[2].setStyleSheet(f"color: {colour};")
        over_short = self.over_short()
        off = self.kinds_off()
        self.verdict.setText(
            over_short_text(over_short)
            if over_short != Money.zero() or not off
            else "Balanced in total only"
        )
        self.verdict.setStyleSheet(f"color: {BAD if off else GOOD};")
        self.kinds_label.setText(("Not balanced: " + ", ".join(off) + ".") if off else "")
        self.kinds_label.setStyleSheet(f"color: {BAD};")
        self.kinds_label.setVisible(bool(self.kinds_label.text()))
        written = bool(self.note.toPlainText().strip())
        if off:
            self.note_needed.setText(
                ("✓ " if written else "")
                + "A note is required: "
                + "; ".join(off)
                + ". Say what is known of the difference."
            )
            self.note_needed.setStyleSheet(f"color: {GOOD if written else BAD};")
        self.note_needed.setVisible(bool(off))
        self.note.setPlaceholderText(
            "Optional: every kind balances"
            if not off
            else "Required: what is known of the difference"
        )

    def count(self) -> DrawerCount:
        """The count as typed, with the expected total this dialog showed."""
        return DrawerCount(
            cash_pieces={key: spin.value() for key, spin in self.pieces.items() if spin.value()},
            checks=self.checks_model.entries(),
            cards_total=parse_optional(self.cards_total.text(), "cards_total"),
            money_orders_total=parse_optional(self.money_orders_total.text(), "money_orders_total"),
            note=self.note.toPlainText(),
            expected_total=self._expected_total(),
        )

    def confirm_text(self) -> str:
        """The figures the confirmation shows: expected, counted, over/short of each kind."""
        rows = "".join(
            f"<tr><td>{'<b>Total</b>' if key == 'total' else html.escape(caption)}</td>"
            f"<td align='right'>{expected.format()}</td>"
            f"<td align='right'>{counted.format()}</td>"
            f"<td align='right' style='color:{GOOD if counted == expected else BAD}'>"
            f"{over_short_text(counted - expected)}</td></tr>"
            for (key, (expected, counted)), caption in zip(
                self.figures().items(),
                ["Cash", "Checks", "Cards", "Money orders", "Total"],
                strict=True,
            )
        )
        return (
            f"<p>Drawer of <b>{html.escape(self.view.station)}</b></p>"
            "<table cellspacing='0' cellpadding='3'>"
            "<tr><th></th><th align='right'>Expected</th><th align='right'>Counted</th>"
            f"<th align='right'>Over / short</th></tr>{rows}</table>"
        )

    def _confirmed(self) -> bool:
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Close out and lock",
            "Close out and lock the drawer? It cannot be changed afterwards.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setObjectName("confirm_close_out")
        box.setTextFormat(Qt.TextFormat.RichText)  # the figures are a table, not its markup
        box.setInformativeText(self.confirm_text())
        box.button(QMessageBox.StandardButton.Yes).setText("Close out and &lock")
        box.button(QMessageBox.StandardButton.No).setText("&Keep counting")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        return operations.ask_message(box) == QMessageBox.StandardButton.Yes

    def save(self) -> None:
        """Check the count, ask, then close and lock: the one way this dialog closes a drawer."""
        if not self.save_button.isEnabled():
            return
        self.errors.clear()
        try:
            count = self.count()
        except InvalidInput as error:
            if not self.errors.show(InvalidInput(error.message, field=_core_field(error.field))):
                operations.show_error(self, error)
            return
        off = self.kinds_off()
        if off and not count.note.strip():
            self.errors.show(
                InvalidInput(
                    "The drawer does not balance ("
                    + ", ".join(off)
                    + "): write a note saying what is known of it.",
                    field="note",
                )
            )
            return
        if not self._confirmed():
            return
        result = self.commit_count(count)
        if result is not None:
            self.result_value = result
            self.accept()

    def commit(self) -> object:
        return self.commit_count(self.count())

    def commit_count(self, count: DrawerCount) -> int | None:
        drawer_id = self.view.id
        conflicts: list[Conflict] = []

        def work(action: Action) -> int:
            try:
                return receipts.close_drawer(action, drawer_id, count).id
            except InvalidInput as error:
                raise InvalidInput(
                    error.message, field=_core_field(error.field), cite=error.cite
                ) from None
            except Conflict as error:
                conflicts.append(error)
                raise

        closed = perform(self, self.app, work, errors=self.errors)
        if closed is None and conflicts:
            self.reload()
        return closed

    def reload(self) -> None:
        """Read the expected figures again (a receipt was written or voided meanwhile); the
        counts typed stay. A drawer closed by someone else ends the dialog."""

        def read(action: Action) -> DrawerView:
            return receipt_views.drawer(action, self.view.id)

        view = perform(self, self.app, read, writes=False)
        if view is None:
            return
        if view.status != "open":
            self.discard()
            return
        before = self._expected_total()
        self.view = view
        self._show_view()
        self.changed_banner.setText(
            f"The expected figures were read again: {before.format()} expected before, "
            f"{self._expected_total().format()} now (a receipt was written or voided at this "
            "drawer meanwhile). Your counts are kept — check them against the new figures, "
            "then close out again."
        )
        self.changed_banner.setVisible(True)

    def reject(self) -> None:
        """Esc or Cancel: asks first when anything was counted (the count is not kept)."""
        if self.anything_counted():
            box = QMessageBox(
                QMessageBox.Icon.Question,
                "Discard the count",
                "Discard this count? The drawer stays open and nothing counted is kept.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                self,
            )
            box.setObjectName("discard_count")
            box.button(QMessageBox.StandardButton.Yes).setText("&Discard")
            box.button(QMessageBox.StandardButton.No).setText("&Keep counting")
            box.setDefaultButton(QMessageBox.StandardButton.No)
            if operations.ask_message(box) != QMessageBox.StandardButton.Yes:
                return
        self.discard()


def money_text(amount: Money | None) -> str:
    return "" if amount is None else amount.format()


def over_short_text(amount: Money) -> str:
    if amount == Money.zero():
        return "Balanced"
    return f"Over {amount.format()}" if amount > Money.zero() else f"Short {abs(amount).format()}"


def parse_optional(text: str, field: str) -> Money:
    """An amount typed in a close-out field; empty means $0.00."""
    return Money.parse(text, field=field) if text.strip() else Money.zero()
