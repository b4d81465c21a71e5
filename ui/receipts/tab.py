"""Receipts: the Treasurer's counter — take payment, print the receipt, balance the drawer.

A sale is built top to bottom with the keyboard while the payer waits: the payer (a party found
as you type, or a walk-in's name) and what they owe; the lines (a fee code or word, an amount
owed, actual City expenses); the tenders (cash with change shown big, check, card, money order,
several at once). Enter in a field adds what that field holds; Enter with nothing left to add
saves the receipt through :func:`clerk_desk.receipts.service.take_payment` and prints it; Esc
clears the sale (asking first). Every total, change and problem comes from
:func:`clerk_desk.receipts.service.check_sale`, the same check saving makes.

The strip at the top shows this station's name and its drawer (:meth:`refresh_drawer`);
the Register view searches receipts as you type and prints the daily register and the GL
distribution (PDF or Excel); Drawers… lists the recent drawers with their close-out report,
deposit slip and GL distribution. No rule lives here: the core refuses, the tab shows why
next to the field.

The tab is built from its parts, one module each, which it inherits: the drawer bar
(:mod:`ui.receipts.drawer_bar`), the payer and amounts due (:mod:`ui.receipts.payer`), the lines
(:mod:`ui.receipts.sale_lines`) and the tenders (:mod:`ui.receipts.tenders`); here are the
totals, saving and clearing the sale, and what the main window calls.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import stations
from clerk_desk.desk import Action
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.rules import LineEntry, SaleTotals, TenderEntry, TenderProblem
from clerk_desk.receipts.views import DrawerView, FeeChoice, PayerRow
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App, FieldErrors, perform
from ui.kit.style import BAD, GOOD, INFO, NOTE_BACKGROUND
from ui.receipts.dialogs import print_receipt
from ui.receipts.drawer_bar import DrawerBar
from ui.receipts.payer import PayerPart
from ui.receipts.register import ReceiptsRegister
from ui.receipts.sale_lines import LinesPart
from ui.receipts.sale_parts import big_font, under_tender_row
from ui.receipts.tenders import TendersPart


class ReceiptsTab(DrawerBar, PayerPart, LinesPart, TendersPart, QWidget):
    """The Receipts tab: take payment, this station's drawer, and the receipts register.

    Signals: ``status(str)`` — a one-line message for the main window's status bar (the new
    receipt's number after a sale); ``receipt_saved(str)`` — the number of a receipt written;
    ``register_changed()`` — a receipt was written or voided (what is owed changed: the Today
    tab gathers again when next shown).
    """

    status = Signal(str)
    receipt_saved = Signal(str)
    register_changed = Signal()

    SALE, REGISTER = 0, 1

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("receipts_tab")
        self.station = stations.UNNAMED  # until refresh() reads it, with the drawer
        self.drawer: DrawerView | None = None
        self.party: PayerRow | None = None
        self.lines: list[LineEntry] = []
        self.tenders: list[TenderEntry] = []
        self.fees: list[FeeChoice] = []
        self.errors = FieldErrors()
        self._build()
        self._connect()
        self.refresh()
        self.payer_table.setVisible(False)
        self._show_payer()
        self._update_totals()

    def _build(self) -> None:
        self._build_strip()
        self.pages = QStackedWidget()
        self.pages.addWidget(self._build_sale())
        self.register = ReceiptsRegister(self.app, self)
        self.pages.addWidget(self.register)
        layout = QVBoxLayout(self)
        layout.addWidget(self.strip)
        layout.addWidget(self.pages, 1)

    def _error(self, field: str, widget: QWidget | None = None) -> QLabel:
        label = forms.error_label()
        self.errors.add(field, label, widget)
        return label

    def _build_sale(self) -> QWidget:
        """The sale, top to bottom at the left (payer, lines, tenders), the totals at the
        right."""
        page = QWidget()
        page.setObjectName("sale_page")
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self._build_payer_box())
        left_layout.addWidget(self._build_lines_box(), 1)
        left_layout.addWidget(self._build_tender_box())
        row = QHBoxLayout(page)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(left, 1)
        row.addWidget(self._build_totals())
        for button in page.findChildren(QPushButton):
            button.setAutoDefault(False)
        self.sale_page = page
        return page

    def _build_totals(self) -> QWidget:
        """The totals, the change shown big, Save and Clear, and the last receipt written."""
        totals_box = QGroupBox("Totals")
        grid = QGridLayout(totals_box)
        self.total_value = QLabel()
        self.total_value.setObjectName("total_value")
        self.tendered_value = QLabel()
        self.tendered_value.setObjectName("tendered_value")
        self.short_value = QLabel()
        self.short_value.setObjectName("short_value")
        self.change_value = QLabel()
        self.change_value.setObjectName("change_value")
        for number, (caption, label, scale) in enumerate(
            (
                ("Total", self.total_value, 1.5),
                ("Tendered", self.tendered_value, 1.5),
                ("Still short", self.short_value, 1.5),
                ("CHANGE", self.change_value, 2.6),
            )
        ):
            head = QLabel(caption)
            head.setFont(big_font(head, 1.1 if scale < 2 else 1.4))
            label.setFont(big_font(label, scale))
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(head, number, 0)
            grid.addWidget(label, number, 1)
        self.problems_label = QLabel()
        self.problems_label.setObjectName("problems_label")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(f"color: {BAD};")
        grid.addWidget(self.problems_label, 4, 0, 1, 2)
        tenders_error = self._error("tenders")
        grid.addWidget(tenders_error, 5, 0, 1, 2)
        grid.setRowStretch(6, 1)
        self.save_button = QPushButton("&Save and print  (Enter)")
        self.save_button.setObjectName("save_sale")
        self.save_button.setFont(big_font(self.save_button, 1.2))
        self.save_button.setMinimumHeight(44)
        self.clear_button = QPushButton("Clear sale  (Esc)")
        self.last_label = QLabel()
        self.last_label.setObjectName("last_receipt")
        self.last_label.setWordWrap(True)
        self.last_label.setTextFormat(Qt.TextFormat.RichText)
        self.last_label.setStyleSheet(
            f"background: {NOTE_BACKGROUND}; color: {INFO}; padding: 6px; border-radius: 3px;"
        )
        self.last_label.setVisible(False)
        station_error = self._error("station")
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(totals_box, 1)
        right_layout.addWidget(station_error)
        right_layout.addWidget(self.save_button)
        right_layout.addWidget(self.clear_button)
        right_layout.addWidget(self.last_label)
        right.setMinimumWidth(300)
        right.setMaximumWidth(380)
        return right

    def _connect(self) -> None:
        self._views.idToggled.connect(self._view_toggled)
        self.register.status.connect(self.status.emit)
        self.register.receipts_changed.connect(self.refresh_drawer)
        self.register.receipts_changed.connect(self.register_changed.emit)
        self.receipt_saved.connect(lambda _number: self.register_changed.emit())
        self._connect_drawer()
        self._connect_payer()
        self._connect_lines()
        self._connect_tenders()
        self.save_button.clicked.connect(self.save_sale)
        self.clear_button.clicked.connect(lambda: self.clear_sale(ask=True))
        for sequence in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(sequence), self.sale_page)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(self.save_sale)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.sale_page)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(lambda: self.clear_sale(ask=True))

    def focus_search(self) -> None:
        field = self.register.search_field if self.register_view_active() else self.payer_search
        field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        field.selectAll()

    def refresh(self) -> None:
        """The drawer, the fee schedule and (in the register view) the search, read again."""
        self.refresh_drawer()
        self._load_fees()
        if self.register_view_active():
            self.register.refresh()

    def export_register(self) -> None:
        """File → Export current register: the receipts of the Register's days with their
        lines, to Excel."""
        self.register.export_register()

    def show_record(self, record_type: str, record_id: str) -> None:
        """From the Today tab: a drawer left open is closed out here. From another tab: a
        party whose amounts due are to be paid (a permit's fee) becomes the payer."""
        if record_type == "drawer" and record_id.isdigit():
            self._close_out(int(record_id))
        elif record_type == "party" and record_id.isdigit():
            self.take_payment_from(int(record_id))

    def take_payment_from(self, party_id: int) -> None:
        """Start a sale with the party as the payer and their amounts due listed (asking
        first if another sale is half entered)."""

        def work(action: Action) -> PayerRow:
            return receipt_views.payer(action, party_id)

        payer = perform(self, self.app, work, writes=False)
        if payer is None:
            return
        self.show_register(False)
        if self.party is not None and self.party.id == payer.id:
            return
        if self.clear_sale():
            self.choose_party(payer)

    def register_view_active(self) -> bool:
        return self.pages.currentIndex() == self.REGISTER

    def show_register(self, on: bool = True) -> None:
        (self.register_view_button if on else self.sale_view_button).setChecked(True)

    def totals(self) -> SaleTotals:
        return receipts.check_sale(self.lines, self.tenders)

    def _update_totals(self) -> None:
        totals = self.totals()
        self.total_label.setText(f"Total {totals.total.format()}")
        self.total_value.setText(totals.total.format())
        self.tendered_value.setText(totals.tendered.format())
        self.short_value.setText(totals.short.format())
        self.short_value.setStyleSheet(
            f"color: {BAD};" if totals.short > Money.zero() else "color: palette(text);"
        )
        self.change_value.setText(totals.change.format())
        self.change_value.setStyleSheet(
            f"color: {GOOD};" if totals.change > Money.zero() else "color: palette(text);"
        )
        self.tender_amount.setPlaceholderText(
            totals.short.format() if totals.short > Money.zero() else "amount"
        )
        shown = [p.message for p in totals.problems if self.lines or self.tenders]
        if self.lines and not self.tenders:
            shown = [
                f"Take {totals.total.format()}: type the cash handed over, or pick check, "
                "card or money order."
            ]
        self.problems_label.setText("\n".join(shown))
        self.problems_label.setStyleSheet(
            f"color: {BAD};" if self.tenders else "color: palette(placeholder-text);"
        )

    def _enter_with_nothing_to_add(self) -> None:
        if self.lines:
            self.save_sale()
        else:
            self.status.emit("Add a fee, an amount owed or City expenses first.")

    def payer(self) -> tuple[int | None, str]:
        if self.party is not None:
            return self.party.id, self.party.name
        return None, self.payer_search.text()

    def save_sale(self) -> str | None:
        """Write the receipt, print it, and clear for the next payer; the number, or None."""
        if not self.save_button.isEnabled():
            self.status.emit(self.save_button.toolTip() or "Taking payment is not possible here.")
            return None
        self.errors.clear()
        totals = self.totals()
        if self.lines and totals.problems:
            self._update_totals()
            self.tender_amount.setFocus(Qt.FocusReason.OtherFocusReason)
            return None
        payer_id, payer_name = self.payer()
        lines, tenders, station = list(self.lines), list(self.tenders), self.station

        def work(action: Action) -> tuple[int, str, Money, Money]:
            try:
                receipt = receipts.take_payment(
                    action,
                    station=station,
                    payer_id=payer_id,
                    payer_name=payer_name,
                    lines=lines,
                    tenders=tenders,
                )
            except TenderProblem as problem:  # the second tender's number: under the tender row
                raise under_tender_row(problem) from None
            return receipt.id, receipt.number, receipt.total, receipt.change

        # Written on a thread of its own while the window repaints (the clerk waits for it).
        saved = perform(self, self.app, work, errors=self.errors, painting=True)
        if saved is None:
            return None
        receipt_id, number, total, change = saved
        self.clear_sale(ask=False)
        e = forms.escape
        self.last_label.setText(
            f"Receipt <b>{e(number)}</b> · {e(payer_name)} · {total.format()}"
            + (
                f"<br><span style='font-size:16pt; color:{GOOD}'><b>Change due "
                f"{change.format()}</b></span>"
                if change
                else ""
            )
        )
        self.last_label.setVisible(True)
        self.refresh_drawer()
        self.receipt_saved.emit(number)
        printed, _duplicate = print_receipt(self, self.app, receipt_id)
        self.status.emit(
            f"Receipt {number} saved"
            + (" and printed" if printed else " (not printed: reprint it from the Register)")
            + (f" — change due {change.format()}" if change else "")
        )
        self.payer_search.setFocus(Qt.FocusReason.OtherFocusReason)
        return number

    def _typed_fields(self) -> tuple[QLineEdit, ...]:
        return (
            self.payer_search,
            self.fee_field,
            self.reference_field,
            self.expense_amount,
            self.expense_note,
            self.tender_amount,
            self.check_number,
            self.name_on_check,
            self.card_last4,
            self.card_authorization,
            self.money_order_number,
            self.due_amount,
        )

    def sale_entered(self) -> str:
        """What Esc would throw away, in words ("" when nothing was entered)."""
        parts = []
        if self.party is not None or self.payer_search.text().strip():
            name = self.party.name if self.party is not None else self.payer_search.text().strip()
            parts.append(f"the payer {name}")
        if self.lines:
            parts.append(
                f"{len(self.lines)} line{'' if len(self.lines) == 1 else 's'} "
                f"({self.totals().total.format()})"
            )
        if self.tenders:
            parts.append(f"{len(self.tenders)} tender{'' if len(self.tenders) == 1 else 's'}")
        if any(e.text().strip() for e in self._typed_fields()[1:]):
            parts.append("what is typed in the fields")
        return ", ".join(parts)

    def clear_sale(self, *, ask: bool = True) -> bool:
        """Start over for the next payer; asks first when anything was entered."""
        entered = self.sale_entered()
        if ask and entered:
            box = QMessageBox(
                QMessageBox.Icon.Question,
                "Clear the sale",
                f"Clear this sale ({entered})? Nothing has been saved.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                self,
            )
            box.setDefaultButton(QMessageBox.StandardButton.No)
            if operations.ask_message(box) != QMessageBox.StandardButton.Yes:
                return False
        self.party = None
        self.lines = []
        self.tenders = []
        for edit in self._typed_fields():
            edit.blockSignals(True)
            edit.clear()
            edit.blockSignals(False)
        self.payer_model.set_rows([])
        self.payer_table.setVisible(False)
        self.due_model.set_rows([])
        self.line_model.set_rows([])
        self.tender_model.set_rows([])
        self.tender_kind.setCurrentIndex(0)
        self.errors.clear()
        self._show_payer()
        self._update_totals()
        self.payer_search.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def _view_toggled(self, number: int, checked: bool) -> None:
        if not checked:
            return
        self.pages.setCurrentIndex(number)
        if number == self.REGISTER:
            self.register.refresh()
            self.register.search_field.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.payer_search.setFocus(Qt.FocusReason.OtherFocusReason)
