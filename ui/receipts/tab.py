"""Receipts: the Treasurer's counter — take payment, print the receipt, balance the drawer.

A sale is built top to bottom with the keyboard while the payer waits: the payer (a party found
as you type, or a walk-in's name) and what they owe; the lines (a fee code or word, an amount
owed, actual City expenses); the tenders (cash with change shown big, check, card, money order,
several at once). Enter in a field adds what that field holds; Enter with nothing left to add
saves the receipt through :func:`clerk_desk.receipts.service.take_payment` and prints it; Esc
clears the sale (asking first). Every total, change and problem comes from
:func:`clerk_desk.receipts.service.check_sale`, the same check saving makes.

The strip at the top shows this station's drawer (:func:`ui.receipts.dialogs.station_name`);
the Register view searches receipts as you type and prints the daily register and the GL
distribution (PDF or Excel); Drawers… lists the recent drawers with their close-out report,
deposit slip and GL distribution. No rule lives here: the core refuses, the tab shows why
next to the field.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QStringListModel, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QCompleter,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import card_numbers, words
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import TenderKind
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.acts import DrawerAct, drawer_acts
from clerk_desk.receipts.rules import LineEntry, SaleTotals, TenderEntry, TenderProblem
from clerk_desk.receipts.views import (
    DrawerView,
    DueRow,
    FeeChoice,
    PayerRow,
)
from clerk_desk.stations import drawer_station
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App, FieldErrors, perform
from ui.kit.register_page import show_acts
from ui.kit.style import (
    BAD,
    CAUTION_BACKGROUND,
    DISABLED_BORDER,
    DISABLED_TEXT,
    GOOD,
    INFO,
    LATE,
    NOTE_BACKGROUND,
)
from ui.kit.table_models import CENTER, RIGHT, RowsModel, TableColumn
from ui.receipts.close_out import CloseOutDialog
from ui.receipts.dialogs import (
    ReceiptSettingsDialog,
    print_receipt,
    station_id,
    station_name,
)
from ui.receipts.drawers import DrawersDialog, OpenDrawerDialog, print_drawer_reports
from ui.receipts.register import ReceiptsRegister

EXCEL_FILTER = "Excel workbook (*.xlsx)"


def tender_detail(tender: TenderEntry) -> str:
    kind = TenderKind(tender.kind)
    if kind is TenderKind.CHECK:
        name = f" ({tender.name_on_check})" if tender.name_on_check.strip() else ""
        return f"No. {tender.check_number}{name}"
    if kind is TenderKind.CARD:
        return f"Ending {tender.card_last4}, auth {tender.card_authorization.upper()}"
    if kind is TenderKind.MONEY_ORDER:
        return f"No. {tender.money_order_number}" if tender.money_order_number else ""
    return ""


def under_tender_row(problem: TenderProblem) -> InvalidInput:
    """The tender refused, for the tab's error line of its part: the amount's, the money
    order number's, or the line under the tender row (a check, a card, a card number typed)."""
    field = {"amount": "tender_amount", "money_order_number": "money_order_number"}.get(
        problem.part, "card"
    )
    return InvalidInput(problem.message, field=field, cite=problem.cite)


PAYER_COLUMNS = (
    TableColumn("Name", lambda r: r.name),
    TableColumn("Address", lambda r: r.address),
)
LINE_COLUMNS = (
    TableColumn("Description", lambda r: r.description, tooltip=lambda r: r.note or None),
    TableColumn("Reference", lambda r: r.reference),
    TableColumn("GL account", lambda r: r.gl_account),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
)
TENDER_COLUMNS = (
    TableColumn("Tender", lambda r: TenderKind(r.kind).label),
    TableColumn("Detail", tender_detail),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
)


def big_font(widget: QWidget, scale: float) -> QFont:
    font = QFont(widget.font())
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(True)
    return font


class PayerField(forms.SearchField):
    """The payer search: Enter picks (``picked``), Down goes to the matches (``move_down``)."""

    picked = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
            event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            if self.pending():
                self.flush()
            self.picked.emit()
            return
        super().keyPressEvent(event)


class _KeyFilter(QObject):
    """Calls ``action`` when one of ``keys`` is pressed on the watched widget."""

    def __init__(self, watched: QWidget, keys: tuple[Qt.Key, ...], action: Callable[[], None]):
        super().__init__(watched)
        self._keys = keys
        self._action = action
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in self._keys and not (
                event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            ):
                self._action()
                return True
        return super().eventFilter(watched, event)


ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
DELETE = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


# ---- the tab ------------------------------------------------------------------------------------


class ReceiptsTab(QWidget):
    """The Receipts tab: take payment, this station's drawer, and the receipts register.

    Signals: ``status(str)`` — a one-line message for the main window's status bar (the new
    receipt's number after a sale); ``receipt_saved(str)`` — the number of a receipt written.
    """

    status = Signal(str)
    receipt_saved = Signal(str)

    SALE, REGISTER = 0, 1

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("receipts_tab")
        self.station = station_name(self.app)
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

    # ---- building --------------------------------------------------------------------------------

    def _build(self) -> None:
        self._build_strip()
        self.pages = QStackedWidget()
        self.pages.addWidget(self._build_sale())
        self.register = ReceiptsRegister(self.app, self)
        self.pages.addWidget(self.register)
        layout = QVBoxLayout(self)
        layout.addWidget(self.strip)
        layout.addWidget(self.pages, 1)

    def _build_strip(self) -> None:
        self.strip = QFrame()
        self.strip.setObjectName("drawer_strip")
        self.strip.setFrameShape(QFrame.Shape.StyledPanel)
        self.sale_view_button = QPushButton("Take &payment")
        self.register_view_button = QPushButton("Re&gister")
        self._views = QButtonGroup(self)
        for number, button in enumerate((self.sale_view_button, self.register_view_button)):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setStyleSheet("QPushButton:checked { font-weight: bold; }")
            self._views.addButton(button, number)
        self.sale_view_button.setChecked(True)
        self.drawer_label = QLabel()
        self.drawer_label.setObjectName("drawer_label")
        self.drawer_label.setTextFormat(Qt.TextFormat.RichText)
        self.drawer_label.setWordWrap(True)  # a long station name must not widen the window
        self.open_drawer_button = QPushButton("&Open drawer…")
        self.close_out_button = QPushButton("&Close out…")
        self.drawers_button = QPushButton("Dra&wers…")
        self.drawers_button.setToolTip(
            "Recent drawers: close-out report, deposit slip (PDF or Excel), GL distribution"
        )
        self.settings_button = QPushButton("Se&ttings…")
        # Shown only when this station's open drawer is from an earlier day: the core takes no
        # payment into it, and closing it out is the way on.
        self.stale_close_button = QPushButton()
        self.stale_close_button.setObjectName("close_out_earlier_day")
        self.stale_close_button.setStyleSheet(
            f"QPushButton {{ background: {CAUTION_BACKGROUND}; color: {LATE}; font-weight: bold;"
            f" border: 2px solid {BAD}; border-radius: 4px; padding: 4px 10px; }}"
            f"QPushButton:disabled {{ color: {DISABLED_TEXT}; border-color: {DISABLED_BORDER}; }}"
        )
        self.stale_close_button.setProperty(
            "tip",
            "Count it and close it out (the close-out report and deposit slip print), "
            "then open today's drawer.",
        )
        self.stale_close_button.setVisible(False)
        for button in (
            self.open_drawer_button,
            self.close_out_button,
            self.drawers_button,
            self.settings_button,
        ):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        row = QHBoxLayout(self.strip)
        row.setContentsMargins(6, 4, 6, 4)
        row.addWidget(self.sale_view_button)
        row.addWidget(self.register_view_button)
        row.addSpacing(12)
        row.addWidget(self.drawer_label, 1)
        row.addWidget(self.stale_close_button)
        row.addWidget(self.open_drawer_button)
        row.addWidget(self.close_out_button)
        row.addWidget(self.drawers_button)
        row.addWidget(self.settings_button)

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
        self.open_drawer_button.clicked.connect(self.open_drawer)
        self.close_out_button.clicked.connect(self.close_out)
        self.stale_close_button.clicked.connect(self.close_out)
        self.drawers_button.clicked.connect(self.show_drawers)
        self.settings_button.clicked.connect(self.edit_settings)
        # payer
        self.payer_search.search_requested.connect(self._search_payers)
        self.payer_search.picked.connect(self._pick_payer)
        self.payer_search.move_down.connect(self._enter_payer_table)
        self.payer_search.textEdited.connect(lambda _t: self._payer_edited())
        forms.on_enter(self.payer_table, self._pick_payer)
        self.payer_table.doubleClicked.connect(lambda _i: self._pick_payer())
        self.due_table.doubleClicked.connect(lambda _i: self._toggle_due())
        _KeyFilter(self.due_table, (*ENTER, Qt.Key.Key_Space), self._due_key)
        self.due_table.selectionModel().currentRowChanged.connect(lambda *_: self._due_chosen())
        self.due_amount.returnPressed.connect(self.add_due_part)
        self.due_amount_button.clicked.connect(self.add_due_part)
        # lines
        self.fee_field.returnPressed.connect(self._fee_enter)
        self.reference_field.returnPressed.connect(self._fee_enter)
        self.add_fee_button.clicked.connect(self.add_fee)
        self.expense_amount.returnPressed.connect(self._expense_enter)
        self.expense_note.returnPressed.connect(self._expense_enter)
        self.add_expense_button.clicked.connect(self.add_expense)
        _KeyFilter(self.line_table, DELETE, self.remove_line)
        _KeyFilter(self.line_table, ENTER, self._enter_with_nothing_to_add)
        self.remove_line_button.clicked.connect(self.remove_line)
        # tenders
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
        _KeyFilter(self.tender_kind, ENTER, self._tender_enter)
        _KeyFilter(self.tender_table, DELETE, self.remove_tender)
        _KeyFilter(self.tender_table, ENTER, self._enter_with_nothing_to_add)
        self.add_tender_button.clicked.connect(self.add_tender)
        self.save_button.clicked.connect(self.save_sale)
        self.clear_button.clicked.connect(lambda: self.clear_sale(ask=True))
        for sequence in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(sequence), self.sale_page)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(self.save_sale)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.sale_page)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(lambda: self.clear_sale(ask=True))

    # ---- what the main window calls --------------------------------------------------------------

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

    # ---- the drawer ------------------------------------------------------------------------------

    def refresh_drawer(self) -> None:
        self.station = station_name(self.app)

        station = self.station

        def read(action: Action) -> tuple[DrawerView | None, dict[DrawerAct, str | None]]:
            return receipt_views.station_drawer(action, station), drawer_acts(action, station)

        loaded = perform(self, self.app, read, writes=False)
        self.drawer, acts = loaded if loaded is not None else (None, None)
        e = forms.escape
        today = self.app.desk.clock.today()
        stale_day = (
            self.drawer.opened_at.date()
            if self.drawer is not None and self.drawer.opened_at.date() < today
            else None
        )
        if self.drawer is None:
            self.drawer_label.setText(
                f"<b>{e(self.station)}</b>: <span style='color:{BAD}'>no drawer open</span> — "
                "open it with the starting cash before taking payment"
            )
        else:
            v = self.drawer
            when = words.clock_time(v.opened_at)
            if v.opened_at.date() != today:
                when = f"{words.us_date(v.opened_at.date())} {when}"
                when = f"<span style='color:{BAD}'>{when} (an earlier day: close it out)</span>"
            self.drawer_label.setText(
                f"<b>{e(self.station)}</b> drawer open since {when} · starting "
                f"{v.opening_cash.format()} · expected cash <b>{v.expected_cash.format()}</b>"
                f" · checks {v.expected_checks.format()} · {v.receipts} receipt"
                f"{'' if v.receipts == 1 else 's'}"
            )
        show_acts(
            {
                DrawerAct.OPEN: self.open_drawer_button,
                DrawerAct.TAKE_PAYMENT: self.save_button,
                DrawerAct.CLOSE_OUT: self.close_out_button,
            },
            acts,
            "The drawer could not be read.",
        )
        self.stale_close_button.setVisible(stale_day is not None)
        if stale_day is not None:
            self.stale_close_button.setText(
                f"Close out {words.earlier_day(stale_day, today)}'s drawer…"
            )
            show_acts({DrawerAct.CLOSE_OUT: self.stale_close_button}, acts, "")

    def open_drawer(self) -> None:
        # An unnamed station's drawer is refused by the core, in its words, before any is typed.
        if perform(self, self.app, lambda a: drawer_station(a, station_id()), writes=False) is None:
            return
        if OpenDrawerDialog.ask(self, self.app, self.station) is not None:
            self.refresh_drawer()
            self.status.emit(f"Drawer of {self.station} opened.")
            self.payer_search.setFocus()

    def close_out(self) -> None:
        if self.drawer is not None:
            self._close_out(self.drawer.id)

    def _close_out(self, drawer_id: int) -> None:
        def read(action: Action) -> DrawerView:
            return receipt_views.drawer(action, drawer_id)

        view = perform(self, self.app, read, writes=False)
        if view is None:
            return
        if view.status != "open":
            self.status.emit(f"The drawer of {view.station} is already closed.")
            return
        if CloseOutDialog.ask(self, self.app, view) is None:
            return
        self.refresh_drawer()
        print_drawer_reports(self, self.app, drawer_id)
        self.status.emit(f"Drawer of {view.station} closed out; close-out and deposit slip sent.")

    def show_drawers(self) -> None:
        """Recent drawers and their reports; this station's open drawer selected if any."""
        DrawersDialog.ask(self, self.app, self.drawer.id if self.drawer is not None else None)

    def edit_settings(self) -> None:
        if ReceiptSettingsDialog.ask(self, self.app):
            self.refresh_drawer()
            self.status.emit("Receipt settings saved.")

    # ---- payer -----------------------------------------------------------------------------------

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

    # ---- amounts due -----------------------------------------------------------------------------

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

    # ---- lines -----------------------------------------------------------------------------------

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

    # ---- tenders ---------------------------------------------------------------------------------

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

    # ---- totals, save, clear ---------------------------------------------------------------------

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

        saved = perform(self, self.app, work, errors=self.errors)
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

    # ---- register --------------------------------------------------------------------------------

    def _view_toggled(self, number: int, checked: bool) -> None:
        if not checked:
            return
        self.pages.setCurrentIndex(number)
        if number == self.REGISTER:
            self.register.refresh()
            self.register.search_field.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.payer_search.setFocus(Qt.FocusReason.OtherFocusReason)
