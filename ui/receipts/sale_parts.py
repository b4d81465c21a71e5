"""What the parts of the Receipts tab share: the tables' columns, the payer field, the key
filter, and :class:`TabParts`, the state and the steps one part of the tab reads from another.

:class:`ui.receipts.tab.ReceiptsTab` is built from its parts (the drawer bar, the payer, the
lines, the tenders), each a class in its own module that the tab inherits; a sale is one state
(its payer, lines and tenders, checked together by the core), so the parts share the tab's
``self`` rather than passing the sale between widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QWidget

from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import TenderKind
from clerk_desk.receipts.rules import LineEntry, SaleTotals, TenderEntry, TenderProblem
from clerk_desk.receipts.views import DrawerView, PayerRow
from ui.kit import forms as forms
from ui.kit.operations import App, FieldErrors
from ui.kit.table_models import RIGHT, RowsModel, TableColumn

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance


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


class KeyFilter(QObject):
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


if TYPE_CHECKING:

    class TabParts(QWidget):
        """For the type checker only: what a part of the tab uses that another part (or the tab
        itself, :class:`ui.receipts.tab.ReceiptsTab`) sets up. At run time the parts derive
        from ``object`` and the tab is the one widget."""

        app: App
        status: SignalInstance
        station: str
        drawer: DrawerView | None
        party: PayerRow | None
        lines: list[LineEntry]
        tenders: list[TenderEntry]
        errors: FieldErrors
        payer_search: PayerField
        due_model: RowsModel
        fee_field: QLineEdit
        tender_amount: QLineEdit
        save_button: QPushButton

        def _error(self, field: str, widget: QWidget | None = None) -> QLabel:
            raise NotImplementedError

        def _lines_changed(self) -> None:
            raise NotImplementedError

        def _update_totals(self) -> None:
            raise NotImplementedError

        def _enter_with_nothing_to_add(self) -> None:
            raise NotImplementedError

        def totals(self) -> SaleTotals:
            raise NotImplementedError

        def save_sale(self) -> str | None:
            raise NotImplementedError

else:
    TabParts = object
