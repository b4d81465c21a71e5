"""The Receipts tab's dialogs: open the drawer, close it out, the recent drawers and their
reports, void, refund or adjust, settings, and one receipt's details — plus the two print
helpers they share.

Every rule is the core's (:mod:`clerk_desk.receipts.service`): a void needs a reason and an open
drawer, a close-out that does not balance needs a note, only the Treasurer or Administrator voids
and closes out. The dialogs show the core's refusals under the field that caused them and stay open
with everything typed. Each dialog has an ``ask()`` classmethod that goes through
:func:`ui.forms.run_modal`, so tests drive the real dialog without a modal loop.
"""

from __future__ import annotations

import html
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QObject, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFocusEvent, QFont, QKeyEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.errors import Conflict, InvalidInput
from clerk_desk.kinds import TenderKind
from clerk_desk.money import Money
from clerk_desk.permissions import Permission, refusal
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.acts import ReceiptAct, receipt_acts, refuse_act
from clerk_desk.receipts.rules import DENOMINATIONS, LineEntry, TenderEntry, TenderProblem
from clerk_desk.receipts.service import DrawerCount
from clerk_desk.receipts.settings import ReceiptSettings
from clerk_desk.receipts.views import CheckEntry, DrawerView, GlTotal, Period, ReceiptView
from clerk_desk.settings import CityProfile
from ui import forms, operations, printing
from ui.kit.style import BAD, BAD_BACKGROUND, CAUTION_BACKGROUND, GOOD
from ui.operations import App, perform
from ui.register_page import show_acts
from ui.table_models import RIGHT, AnyIndex, RowsModel, TableColumn
from ui.widgets import station_settings

STATION_KEY = "station/name"


def station_name() -> str:
    """This counter station's name (kept on the computer, not in the shared database)."""
    value = station_settings().value(STATION_KEY, "")
    name = str(value or "").strip()
    return name or socket.gethostname() or "Counter"


def set_station_name(name: str) -> None:
    settings = station_settings()
    settings.setValue(STATION_KEY, " ".join(name.split()))
    settings.sync()


def money_text(amount: Money | None) -> str:
    return "" if amount is None else amount.format()


def over_short_text(amount: Money) -> str:
    if amount == Money.zero():
        return "Balanced"
    return f"Over {amount.format()}" if amount > Money.zero() else f"Short {abs(amount).format()}"


def parse_optional(text: str, field: str) -> Money:
    """An amount typed in a close-out field; empty means $0.00."""
    return Money.parse(text, field=field) if text.strip() else Money.zero()


# ---- printing -------------------------------------------------------------------------------


def print_receipt(parent: QWidget | None, app: App, receipt_id: int) -> tuple[bool, bool]:
    """Print a receipt as the settings say (paper, directly or with a preview).

    The first print is the original; every later one is marked DUPLICATE. A print is counted
    (:func:`clerk_desk.receipts.service.mark_printed`) only once it was sent to the printer, so a
    cancelled preview does not turn the next print into a duplicate. Returns (printed, duplicate).
    """
    from reports.receipt import receipt_pdf

    def load(action: Action) -> tuple[ReceiptView, ReceiptSettings, CityProfile]:
        # Refused before the duplicate is printed, not after (mark_printed refuses it too).
        refuse_act(action, receipt_id, ReceiptAct.REPRINT)
        return receipt_views.receipt(action, receipt_id), *receipt_views.printing(action)

    loaded = perform(parent, app, load, writes=False)
    if loaded is None:
        return False, False
    view, settings, profile = loaded
    duplicate = view.prints > 0
    word = {"refund": "Refund receipt", "adjustment": "Adjustment receipt"}.get(
        view.kind, "Receipt"
    )
    title = f"{word} {view.number}" + (" (duplicate)" if duplicate else "")
    saved = (
        f"The receipt IS saved, under number {view.number}: reprint it from the Register "
        "(Take payment → Register, Reprint) once the printer is ready."
    )
    try:
        pdf = receipt_pdf(view, profile=profile, paper=settings.paper, duplicate=duplicate)
    except Exception as error:  # the receipt is saved whatever the renderer thinks of it
        printing.explain_print_failure(parent, title, error, saved)
        return False, duplicate
    if not printing.print_or_explain(
        parent, pdf, title=title, direct=settings.print_directly, saved=saved
    ):
        return False, duplicate
    perform(parent, app, lambda a: receipts.mark_printed(a, receipt_id))
    return True, duplicate


def print_drawer_reports(parent: QWidget | None, app: App, drawer_id: int) -> bool:
    """Print a closed drawer's close-out report, then its deposit slip."""
    from reports.receipts_reports import closeout_pdf, deposit_slip_pdf

    def load(action: Action) -> tuple[DrawerView, CityProfile]:
        return receipt_views.drawer(action, drawer_id), receipt_views.printing(action)[1]

    loaded = perform(parent, app, load, writes=False)
    if loaded is None:
        return False
    view, profile = loaded
    saved = (
        f"The drawer of {view.station} IS closed out and saved: print the close-out report and "
        "the deposit slip again from Drawers… once the printer is ready."
    )
    try:
        closeout, slip = (
            closeout_pdf(view, profile=profile),
            deposit_slip_pdf(view, profile=profile),
        )
    except Exception as error:  # the close-out is committed; only the paper is missing
        printing.explain_print_failure(parent, f"The close-out of {view.station}", error, saved)
        return False
    for pdf, title in (
        (closeout, f"Close-out, {view.station}"),
        (slip, f"Deposit slip, {view.station}"),
    ):
        if not printing.print_or_explain(parent, pdf, title=title, saved=saved):
            return False
    return True


# ---- open the drawer ------------------------------------------------------------------------


class OpenDrawerDialog(forms.FormDialog):
    """Open this station's drawer with the starting cash counted into it.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, station: str) -> None:
        super().__init__(parent, f"Open the drawer of {station}", save_text="Open drawer")
        self.setObjectName("open_drawer_dialog")
        self.app = app
        self.station = station
        self.add_top(QLabel(f"Counter station: <b>{html.escape(station)}</b>"))
        self.opening_cash = QLineEdit()
        self.opening_cash.setObjectName("opening_cash")
        self.opening_cash.setPlaceholderText("e.g. 150.00")
        self.add_field("&Starting cash", self.opening_cash, "opening_cash")
        station_error = forms.error_label()
        self.form.addRow("", station_error)
        self.errors.add("station", station_error)
        self.finish_layout()
        self.opening_cash.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, station: str) -> int | None:
        dialog = cls(parent, app, station)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        text = self.opening_cash.text()

        def work(action: Action) -> int:
            amount = Money.parse(text, field="opening_cash")
            return receipts.open_drawer(action, station=self.station, opening_cash=amount).id

        return perform(self, self.app, work, errors=self.errors)


# ---- close out ------------------------------------------------------------------------------


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
        self._discarding = False
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
        columns.addWidget(cash_widget)

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

        # expected against counted, kind by kind
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
        if not app.operator.may(Permission.CLOSE_DRAWER):
            self.set_read_only(refusal(app.operator.role, Permission.CLOSE_DRAWER))
        self._show_view()
        self.resize(940, self.sizeHint().height())
        self.pieces[DENOMINATIONS[0][0]].setFocus()
        self.pieces[DENOMINATIONS[0][0]].selectAll()

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
        box.setTextFormat(Qt.TextFormat.PlainText)
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
            self._discarding = True
            self.reject()
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
        if not self._discarding and self.anything_counted():
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
        self._discarding = True
        super().reject()


# ---- void -------------------------------------------------------------------------------------


class VoidDialog(forms.FormDialog):
    """Void a receipt (its drawer still open), saying why; what it paid becomes due again.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, receipt_id: int, summary: str) -> None:
        super().__init__(parent, "Void receipt", save_text="Void receipt")
        self.setObjectName("void_dialog")
        self.app = app
        self.receipt_id = receipt_id
        self.add_top(
            forms.banner(
                f"{summary}\n\nThe receipt stays in the register marked VOID with who, when and "
                "why; any amount it paid becomes due again."
            )
        )
        self.reason = QPlainTextEdit()
        self.reason.setObjectName("reason")
        self.reason.setTabChangesFocus(True)
        self.reason.setFixedHeight(self.fontMetrics().height() * 3 + 12)
        self.add_field("&Reason", self.reason, "reason")
        self.finish_layout()
        if not app.operator.may(Permission.VOID_RECEIPT):
            self.set_read_only(refusal(app.operator.role, Permission.VOID_RECEIPT))
        self.resize(480, self.sizeHint().height())
        self.reason.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, receipt_id: int, summary: str) -> bool:
        dialog = cls(parent, app, receipt_id, summary)
        return bool(forms.run_modal(dialog)) and dialog.result_value is not None

    def commit(self) -> object:
        reason = self.reason.toPlainText()
        return perform(
            self,
            self.app,
            lambda a: receipts.void_receipt(a, self.receipt_id, reason=reason).number,
            errors=self.errors,
        )


# ---- refund or adjust ------------------------------------------------------------------------


class CorrectionDialog(forms.FormDialog):
    """After close-out: refund (money back) or adjust (move a posting) — a new receipt that
    names the original.

    A refund pays back the lines ticked, at the amounts typed, in cash or by check. An adjustment
    moves one line's amount from its GL account to another (two lines summing to $0.00).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, receipt_id: int, number: str) -> None:
        super().__init__(parent, f"Refund or adjust receipt {number}", save_text="Write receipt")
        self.setObjectName("correction_dialog")
        self.app = app
        self.receipt_id = receipt_id
        self.station = station_name()
        self.lines: list[LineEntry] = (
            perform(
                parent, app, lambda a: receipt_views.original_lines(a, receipt_id), writes=False
            )
            or []
        )
        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        self.kind.addItem("Refund: pay money back", "refund")
        self.kind.addItem("Adjustment: move a line to another GL account", "adjustment")
        self.add_field("&Kind", self.kind)
        self.line_boxes: list[tuple[QCheckBox, QLineEdit]] = []
        lines_widget = QWidget()
        grid = QGridLayout(lines_widget)
        grid.setContentsMargins(0, 0, 0, 0)
        for row, line in enumerate(self.lines):
            box = QCheckBox(f"{line.description} ({line.gl_account}) {line.amount.format()}")
            amount = QLineEdit(line.amount.format(symbol=False))
            amount.setObjectName(f"line_amount_{row}")
            amount.setMaximumWidth(110)
            grid.addWidget(box, row, 0)
            grid.addWidget(amount, row, 1)
            self.line_boxes.append((box, amount))
        if self.line_boxes:
            self.line_boxes[0][0].setChecked(True)
        self.add_field("&Lines", lines_widget, "lines")
        self.refund_by = QComboBox()
        self.refund_by.setObjectName("refund_by")
        # Money goes back in cash from the drawer, or by the City's own check (written by
        # the finance office, never in the drawer): a payer's check is not a refund tender.
        for kind in (TenderKind.CASH, TenderKind.CITY_CHECK):
            self.refund_by.addItem(kind.label, kind)
        self.check_number = QLineEdit()
        self.check_number.setObjectName("check_number")
        self.check_number.setPlaceholderText("City check number (required)")
        paid = QWidget()
        paid_row = QHBoxLayout(paid)
        paid_row.setContentsMargins(0, 0, 0, 0)
        paid_row.addWidget(self.refund_by)
        paid_row.addWidget(self.check_number, 1)
        self.add_field("Paid &back by", paid, "tenders")
        self.new_gl = QLineEdit()
        self.new_gl.setObjectName("new_gl")
        self.new_gl.setPlaceholderText("the GL account the line belongs to")
        self.add_field("&New GL account", self.new_gl)
        self.reason = QPlainTextEdit()
        self.reason.setObjectName("reason")
        self.reason.setTabChangesFocus(True)
        self.reason.setFixedHeight(self.fontMetrics().height() * 3 + 12)
        self.add_field("&Reason", self.reason, "reason")
        self.finish_layout()
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.refund_by.currentIndexChanged.connect(lambda _i: self._kind_changed())
        if not app.operator.may(Permission.VOID_RECEIPT):
            self.set_read_only(refusal(app.operator.role, Permission.VOID_RECEIPT))
        self._kind_changed()
        self.resize(560, self.sizeHint().height())

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, receipt_id: int, number: str
    ) -> tuple[int, str] | None:
        """The new receipt's id and number, or None."""
        dialog = cls(parent, app, receipt_id, number)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, tuple):
            written_id, written_number = dialog.result_value
            return int(written_id), str(written_number)
        return None

    def _kind_changed(self) -> None:
        refund = self.kind.currentData() == "refund"
        self.refund_by.setEnabled(refund)
        self.check_number.setEnabled(
            refund and self.refund_by.currentData() == TenderKind.CITY_CHECK
        )
        self.new_gl.setEnabled(not refund)

    def commit(self) -> object:
        chosen = [
            (line, amount.text())
            for line, (box, amount) in zip(self.lines, self.line_boxes, strict=True)
            if box.isChecked()
        ]
        reason = self.reason.toPlainText()
        refund = self.kind.currentData() == "refund"
        kind = TenderKind(self.refund_by.currentData())
        check_number = self.check_number.text()
        new_gl = self.new_gl.text().strip()

        def work(action: Action) -> tuple[int, str]:
            if not chosen:
                raise InvalidInput("Tick the line to correct.", field="lines")
            picked = [
                replace(line, amount=Money.parse(text, field="lines", allow_zero=False))
                for line, text in chosen
            ]
            if refund:
                if kind is TenderKind.CITY_CHECK and not check_number.strip():
                    raise InvalidInput("Type the number of the City's check.", field="tenders")
                total = sum((line.amount for line in picked), Money.zero())
                tender = TenderEntry(
                    kind,
                    total,
                    check_number=check_number if kind is TenderKind.CITY_CHECK else "",
                )
                try:
                    made = receipts.refund(
                        action,
                        self.receipt_id,
                        station=self.station,
                        lines=picked,
                        tenders=[tender],
                        reason=reason,
                    )
                except TenderProblem as problem:  # the City check's number: by "Paid back by"
                    raise InvalidInput(
                        problem.message, field="tenders", cite=problem.cite
                    ) from None
            else:
                if not new_gl:
                    raise InvalidInput("Type the GL account the line belongs to.", field="lines")
                moved: list[LineEntry] = []
                for line in picked:
                    moved.append(replace(line, amount=-line.amount, amount_due_id=None))
                    moved.append(replace(line, gl_account=new_gl, amount_due_id=None))
                made = receipts.adjust(
                    action, self.receipt_id, station=self.station, lines=moved, reason=reason
                )
            return made.id, made.number

        return perform(self, self.app, work, errors=self.errors)


# ---- drawers ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawerRow:
    """One drawer in the Drawers list (plain data: the session is closed when it is shown)."""

    id: int
    station: str
    status: str  # "open", "closed"
    opened_at: datetime  # local
    closed_at: datetime | None  # local
    receipts: int
    voided: int
    over_short: Money | None

    @classmethod
    def of(cls, view: DrawerView) -> DrawerRow:
        return cls(
            view.id,
            view.station,
            view.status,
            view.opened_at,
            view.closed_at,
            view.receipts,
            view.voided,
            view.over_short,
        )

    @property
    def closed(self) -> bool:
        return self.status == "closed"


def _when(moment: datetime | None) -> str:
    if moment is None:
        return ""
    return words.local_time(moment, None)


DRAWER_COLUMNS = (
    TableColumn("Station", lambda r: r.station),
    TableColumn("Opened", lambda r: _when(r.opened_at)),
    TableColumn("Closed", lambda r: _when(r.closed_at)),
    TableColumn(
        "Status",
        lambda r: "Closed" if r.closed else "Open",
        colour=lambda r: None if r.closed else CAUTION_BACKGROUND,
    ),
    TableColumn(
        "Receipts",
        lambda r: f"{r.receipts:,}" + (f" ({r.voided:,} void)" if r.voided else ""),
        align=RIGHT,
    ),
    TableColumn(
        "Over / short",
        lambda r: "" if r.over_short is None else over_short_text(r.over_short),
        align=RIGHT,
        colour=lambda r: BAD_BACKGROUND if r.over_short else None,
    ),
)

RECENT_DRAWERS = 100
"""How many drawers the Drawers list shows, newest first (about a month of two stations)."""


class DrawersDialog(QDialog):
    """Recent drawers of every station, and the reports of the one selected: the close-out
    report, the deposit slip (PDF or Excel, closed drawers only) and its GL distribution.

    Keyboard: the list has the focus; Enter prints the close-out report; the buttons have
    mnemonics; Esc closes. Reading and printing need no permission.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent)
        self.setObjectName("drawers_dialog")
        self.setWindowTitle("Drawers")
        self.app = app
        self.last_export: str | None = None  # the deposit slip workbook last written
        self.model = RowsModel(DRAWER_COLUMNS, self)
        self.model.set_dimmed(lambda r: not r.closed)
        self.table = forms.make_table(self.model, name="drawers_table")
        forms.size_columns(self.table, {0: 16, 1: 18, 2: 18, 3: 8, 4: 12})
        self.count_label = QLabel()
        self.count_label.setObjectName("drawers_count")
        self.closeout_button = QPushButton("Close-&out report…")
        self.closeout_button.setToolTip("Enter on the list")
        self.slip_pdf_button = QPushButton("Deposit slip &PDF…")
        self.slip_excel_button = QPushButton("Deposit slip &Excel…")
        self.gl_button = QPushButton("&GL distribution…")
        self.gl_button.setToolTip("Receipts of this drawer by GL account (PDF)")
        actions = QHBoxLayout()
        for button in (
            self.closeout_button,
            self.slip_pdf_button,
            self.slip_excel_button,
            self.gl_button,
        ):
            button.setAutoDefault(False)
            actions.addWidget(button)
        actions.addStretch(1)
        actions.addWidget(self.count_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(actions)
        layout.addWidget(buttons)
        self.closeout_button.clicked.connect(self.print_closeout)
        self.slip_pdf_button.clicked.connect(self.print_deposit_slip)
        self.slip_excel_button.clicked.connect(self.export_deposit_slip)
        self.gl_button.clicked.connect(self.print_gl_distribution)
        forms.on_enter(self.table, self.print_closeout)
        self.table.doubleClicked.connect(lambda _i: self.print_closeout())
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self._update_buttons())
        self.resize(820, 460)
        self.load()
        self.table.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, drawer_id: int | None = None) -> None:
        dialog = cls(parent, app)
        if drawer_id is not None:
            dialog.select(drawer_id)
        forms.run_modal(dialog)

    def load(self) -> None:
        def read(action: Action) -> list[DrawerRow]:
            found = receipt_views.recent_drawers(action, limit=RECENT_DRAWERS)
            # Newest first; of two opened at the same moment, the later one (higher id) first.
            found.sort(key=lambda d: (d.opened_at, d.id), reverse=True)
            return [DrawerRow.of(view) for view in found]

        selected = self.selected()
        rows = perform(self, self.app, read, writes=False) or []
        self.model.set_rows(rows)
        self.count_label.setText(
            "No drawer has been opened yet"
            if not rows
            else f"{len(rows)} drawer{'' if len(rows) == 1 else 's'}"
            + (", newest first" if len(rows) > 1 else "")
        )
        number = self.model.row_of(lambda r: selected is not None and r.id == selected.id)
        forms.select_row(self.table, max(number, 0))
        self._update_buttons()

    def select(self, drawer_id: int) -> bool:
        number = self.model.row_of(lambda r: r.id == drawer_id)
        forms.select_row(self.table, number)
        return number >= 0

    def selected(self) -> DrawerRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, DrawerRow) else None

    def _update_buttons(self) -> None:
        row = self.selected()
        for button in (self.closeout_button, self.gl_button):
            button.setEnabled(row is not None)
        for button in (self.slip_pdf_button, self.slip_excel_button):
            button.setEnabled(row is not None and row.closed)
            button.setToolTip(
                "Close out the drawer first: the deposit is what was counted."
                if row is not None and not row.closed
                else ""
            )

    def _load(self, drawer_id: int) -> tuple[DrawerView, CityProfile] | None:
        def read(action: Action) -> tuple[DrawerView, CityProfile]:
            return receipt_views.drawer(action, drawer_id), receipt_views.printing(action)[1]

        return perform(self, self.app, read, writes=False)

    def print_closeout(self) -> None:
        from reports.receipts_reports import closeout_pdf

        row = self.selected()
        loaded = self._load(row.id) if row is not None else None
        if loaded is not None:
            view, profile = loaded
            printing.print_or_explain(
                self, closeout_pdf(view, profile=profile), title=f"Close-out, {view.station}"
            )

    def _closed_selected(self) -> DrawerRow | None:
        row = self.selected()
        return row if row is not None and row.closed else None

    def print_deposit_slip(self) -> None:
        from reports.receipts_reports import deposit_slip_pdf

        row = self._closed_selected()
        loaded = self._load(row.id) if row is not None else None
        if loaded is not None:
            view, profile = loaded
            printing.print_or_explain(
                self, deposit_slip_pdf(view, profile=profile), title=f"Deposit slip, {view.station}"
            )

    def export_deposit_slip(self) -> None:
        """Write the selected closed drawer's deposit slip to a workbook the person names."""
        from reports.receipts_reports import deposit_slip_excel

        row = self._closed_selected()
        if row is None:
            return
        day = (row.closed_at or row.opened_at).date()
        station = "-".join(row.station.split()).lower()
        path = forms.ask_save_path(
            self,
            "Save the deposit slip",
            f"deposit-{station}-{day.isoformat()}.xlsx",
            "Excel workbook (*.xlsx)",
        )
        if not path:
            return
        if not path.lower().endswith(".xlsx"):
            path += ".xlsx"

        loaded = self._load(row.id)
        if loaded is not None:
            view, profile = loaded
            deposit_slip_excel(path, view, profile=profile)
            self.last_export = path

    def print_gl_distribution(self) -> None:
        from reports.receipts_reports import gl_distribution_pdf

        row = self.selected()
        if row is None:
            return
        drawer_id = row.id

        def work(action: Action) -> tuple[DrawerView, list[GlTotal], CityProfile, date]:
            return (
                receipt_views.drawer(action, drawer_id),
                receipt_views.gl_totals(action, drawer_id=drawer_id),
                receipt_views.printing(action)[1],
                action.clock.local_now().date(),
            )

        loaded = perform(self, self.app, work, writes=False)
        if loaded is None:
            return
        view, totals, profile, today = loaded
        until = view.closed_at.date() if view.closed_at else today
        period = Period(view.opened_at.date(), max(view.opened_at.date(), until))
        scope = f"Drawer {view.id} \u00b7 {view.station}" + (
            "" if view.status == "closed" else " \u00b7 still open \u2014 not final"
        )
        pdf = gl_distribution_pdf(totals, profile=profile, period=period, scope=scope)
        printing.print_or_explain(self, pdf, title=f"GL distribution, {row.station}")


# ---- settings -------------------------------------------------------------------------------


class ReceiptSettingsDialog(forms.FormDialog):
    """Receipt numbering and printing (shared by every station) and this station's name.

    The station's name is kept on this computer; the rest in the database, which only the
    Clerk or Administrator may change (the core says so; the Treasurer sees them read-only).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "Receipt settings")
        self.setObjectName("receipt_settings_dialog")
        self.app = app
        current = (
            perform(parent, app, lambda a: receipt_views.printing(a)[0], writes=False)
            or ReceiptSettings()
        )
        self.shared_allowed = app.operator.may(Permission.TREASURY_SETTINGS)
        self.station = QLineEdit(station_name())
        self.station.setObjectName("station")
        limit = receipt_views.station_name_limit()
        if limit is not None:
            self.station.setMaxLength(limit)
        self.add_field("This &station's name", self.station, "station")
        self.number_format = QLineEdit(current.number_format)
        self.number_format.setObjectName("number_format")
        self.sample = QLabel()
        self.sample.setObjectName("sample")
        self.add_field("Receipt &number format", self.number_format, "number_format")
        self.form.addRow("", self.sample)
        self.paper = QComboBox()
        self.paper.setObjectName("paper")
        self.paper.addItem("Letter paper (with letterhead)", "letter")
        self.paper.addItem("80 mm receipt roll", "roll")
        self.paper.setCurrentIndex(self.paper.findData(current.paper))
        self.add_field("&Paper", self.paper, "paper")
        self.print_directly = QCheckBox("Print &directly to the default printer (no preview)")
        self.print_directly.setObjectName("print_directly")
        self.print_directly.setChecked(current.print_directly)
        self.form.addRow("", self.print_directly)
        self.expenses_gl = QLineEdit(current.expenses_gl)
        self.expenses_gl.setObjectName("expenses_gl")
        self.add_field("&GL account for City expenses", self.expenses_gl, "expenses_gl")
        self.current = current
        if not self.shared_allowed:
            note = refusal(app.operator.role, Permission.TREASURY_SETTINGS)
            for widget in (self.number_format, self.paper, self.print_directly, self.expenses_gl):
                widget.setEnabled(False)
                widget.setToolTip(note)
            self.add_top(forms.banner(f"{note} You may rename this station."))
        self.finish_layout()
        self.number_format.textChanged.connect(lambda _t: self._show_sample())
        self._show_sample()
        self.resize(520, self.sizeHint().height())
        self.station.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> bool:
        dialog = cls(parent, app)
        return bool(forms.run_modal(dialog)) and dialog.result_value is not None

    def _show_sample(self) -> None:
        try:
            sample = self.number_format.text().format(year=2026, number=123)
        except (KeyError, ValueError, IndexError):
            sample = "—"
        self.sample.setText(f"e.g. {sample}")

    def settings(self) -> ReceiptSettings:
        return ReceiptSettings(
            number_format=self.number_format.text().strip(),
            paper=self.paper.currentData(),
            print_directly=self.print_directly.isChecked(),
            expenses_gl=self.expenses_gl.text(),
        )

    def commit(self) -> object:
        name = " ".join(self.station.text().split())
        self.errors.clear()
        if not name:
            self.errors.show(InvalidInput("Name this counter station.", field="station"))
            return None
        settings = self.settings()
        if self.shared_allowed and settings != self.current:

            def work(action: Action) -> bool:
                receipts.save_receipt_settings(action, settings)
                return True

            done = perform(self, self.app, work, errors=self.errors)
            if done is None:
                return None
        set_station_name(name)
        return True


# ---- one receipt --------------------------------------------------------------------------


def receipt_html(view: ReceiptView) -> str:
    """The receipt as the details window shows it: what the paper says."""
    e = html.escape
    title = {"payment": "Receipt", "refund": "Refund", "adjustment": "Adjustment"}.get(
        view.kind, "Receipt"
    )
    parts = [f"<h2>{title} {e(view.number)}</h2>"]
    if view.is_void:
        when = words.local_time(view.voided_at, None)
        parts.append(
            f"<p style='color:{BAD}'><b>VOID</b> {e(when)} by {e(view.voided_by)}: "
            f"{e(view.void_reason)}</p>"
        )
    parts.append(
        f"<p>{words.local_time(view.issued_at, None)} · {e(view.operator_name)} · {e(view.station)}"
        f"<br>Received from <b>{e(view.payer_name)}</b>"
        + (f"<br>{e(view.payer_address)}" if view.payer_address else "")
        + "</p>"
    )
    if view.corrects_number:
        parts.append(f"<p>Corrects receipt {e(view.corrects_number)}</p>")
    rows = "".join(
        f"<tr><td>{e(line.description)}"
        + (f"<br><small>{e(line.note)}</small>" if line.note else "")
        + f"</td><td>{e(line.reference)}</td><td>{e(line.gl_account)}</td>"
        f"<td align='right'>{line.amount.format()}</td></tr>"
        for line in view.lines
    )
    parts.append(
        "<table width='100%' cellspacing='0' cellpadding='3' border='0'>"
        "<tr><th align='left'>Description</th><th align='left'>Reference</th>"
        "<th align='left'>GL account</th><th align='right'>Amount</th></tr>"
        f"{rows}<tr><td colspan='3'><b>Total</b></td>"
        f"<td align='right'><b>{view.total.format()}</b></td></tr></table>"
    )
    tenders = "".join(
        f"<tr><td>{e(t.label)}</td><td align='right'>{t.tendered.format()}</td></tr>"
        for t in view.tenders
    )
    if tenders:
        parts.append(
            f"<p><b>Paid by</b></p><table cellpadding='2'>{tenders}"
            + (
                f"<tr><td>Change</td><td align='right'>{view.change.format()}</td></tr>"
                if view.change
                else ""
            )
            + "</table>"
        )
    if view.records_paid:
        parts.append("<p><b>Records paid</b><br>" + "<br>".join(e(r) for r in view.records_paid))
    if view.note:
        parts.append(f"<p>Note: {e(view.note)}</p>")
    parts.append(f"<p><small>Printed {view.prints} time(s).</small></p>")
    return "".join(parts)


class ReceiptDialog(QDialog):
    """One receipt: what it says, and Reprint (DUPLICATE), Void…, Refund/Adjust….

    Signals: those of :class:`QDialog`. ``changed`` tells the tab to search again.
    """

    def __init__(self, parent: QWidget | None, app: App, receipt_id: int) -> None:
        super().__init__(parent)
        self.setObjectName("receipt_dialog")
        self.app = app
        self.receipt_id = receipt_id
        self.changed = False
        self.written: list[str] = []  # the numbers of refunds and adjustments written here
        self.browser = QTextBrowser()
        self.browser.setObjectName("receipt_text")
        self.reprint_button = QPushButton("&Reprint (duplicate)")
        self.void_button = QPushButton("&Void…")
        self.correct_button = QPushButton("Refund / &adjust…")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        for button in (self.reprint_button, self.void_button, self.correct_button):
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
            button.setAutoDefault(False)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self.reprint_button.clicked.connect(self.reprint)
        self.void_button.clicked.connect(self.void)
        self.correct_button.clicked.connect(self.correct)
        self.resize(640, 620)
        self.load()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        receipt_id: int,
        on_written: Callable[[str], object] | None = None,
    ) -> bool:
        """Show the receipt; True if it changed (voided, corrected). ``on_written`` is told the
        number of each refund or adjustment receipt written from it."""
        dialog = cls(parent, app, receipt_id)
        forms.run_modal(dialog)
        if on_written is not None:
            for number in dialog.written:
                on_written(number)
        return dialog.changed

    def load(self) -> None:
        receipt_id = self.receipt_id

        def read(action: Action) -> tuple[ReceiptView, dict[ReceiptAct, str | None]]:
            return receipt_views.receipt(action, receipt_id), receipt_acts(action, receipt_id)

        loaded = perform(self, self.app, read, writes=False)
        if loaded is None:
            return
        self.view, acts = loaded
        self.setWindowTitle(f"Receipt {self.view.number}")
        self.browser.setHtml(receipt_html(self.view))
        show_acts(
            {
                ReceiptAct.REPRINT: self.reprint_button,
                ReceiptAct.VOID: self.void_button,
                ReceiptAct.CORRECT: self.correct_button,
            },
            acts,
            "",
        )

    def reprint(self) -> None:
        print_receipt(self, self.app, self.receipt_id)
        self.load()

    def void(self) -> None:
        summary = (
            f"Receipt {self.view.number}: {self.view.total.format()} from {self.view.payer_name}"
        )
        if VoidDialog.ask(self, self.app, self.receipt_id, summary):
            self.changed = True
            self.load()

    def correct(self) -> None:
        """Write a refund or adjustment, then print it as a sale is printed (the original)."""
        written = CorrectionDialog.ask(self, self.app, self.receipt_id, self.view.number)
        if written is None:
            return
        written_id, number = written
        self.changed = True
        self.written.append(number)
        self.load()
        printed, _duplicate = print_receipt(self, self.app, written_id)
        self.browser.append(
            f"<p><b>Receipt {html.escape(number)} written"
            + (" and printed." if printed else "; not printed: reprint it from the Register.")
            + "</b></p>"
        )
