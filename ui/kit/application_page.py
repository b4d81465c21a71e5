"""The register of a workflow's permit applications, as the Special Event Vending, Sidewalk Cafes
and Street Privileges tabs lay it out: the register above; below it, the chosen application's
details over the buttons of the acts on it at the left, and its pages at the right; the New
button, the count and Export under it all. The fee is taken in the Receipts tab and the
insurance filed in the Bonds & Insurance tab: the page asks the window to go there.
"""

from __future__ import annotations

from datetime import date
from typing import ClassVar, Protocol, TypeVar, runtime_checkable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLayout, QPushButton, QTabWidget, QVBoxLayout, QWidget

from clerk_desk.today import TodayItem
from ui.kit import forms as forms
from ui.kit.register_page import RegisterPage, RegisterRow, register_splitter


@runtime_checkable
class Applied(Protocol):
    """What the page reads of the chosen application to send the clerk to another tab."""

    @property
    def number(self) -> str: ...

    @property
    def applicant(self) -> str: ...

    @property
    def applicant_id(self) -> int: ...


RowT = TypeVar("RowT", bound=RegisterRow)


def details_column(*details: QWidget, acts: QLayout, across: bool = True) -> QWidget:
    """The chosen record's details (one widget or several, top to bottom), scrolled, above the
    buttons of the acts on it. Without ``across`` the details never scroll sideways: they wrap
    to the column's width."""
    side = QWidget()
    side_layout = QVBoxLayout(side)
    side_layout.setContentsMargins(0, 0, 8, 0)
    for part in details:
        side_layout.addWidget(part)
    side_layout.addStretch(1)
    scroller = forms.scrolled(side)
    if not across:
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    column = QWidget()
    column_layout = QVBoxLayout(column)
    column_layout.setContentsMargins(0, 0, 0, 0)
    column_layout.addWidget(scroller, 1)
    column_layout.addLayout(acts)
    return column


class ApplicationPage(RegisterPage[RowT]):
    """A register of applications for a permit (see the module's note).

    Signals: those of :class:`RegisterPage`; ``workflow_requested(object)`` with a
    :class:`~clerk_desk.today.TodayItem` naming another tab and record — the fee to take in the
    Receipts tab, the papers to file in the Bonds & Insurance tab.
    """

    workflow_requested = Signal(object)

    export_file: ClassVar[str]
    """How the exported workbook's name begins: "vending" ("vending-2026-2026-12-02.xlsx")."""

    pages: QTabWidget

    def shown_again(self) -> None:
        """The fee may have been paid in the Receipts tab, the papers filed in Bonds &
        Insurance, since the application was read: read it again."""
        self._show_details()

    def export_name(self, day: date) -> str:
        return f"{self.export_file}-{self.year_box.currentData() or 'all'}-{day.isoformat()}.xlsx"

    def _lay_out(
        self,
        top: QHBoxLayout,
        details: QWidget,
        new_button: QPushButton,
        *,
        new_refusal: str,
        export_tip: str,
        sizes: tuple[int, int],
        below_sizes: tuple[int, int],
    ) -> None:
        """The filters on top, the register over the details and :attr:`pages`, the footer
        with ``new_button`` (disabled, and explained, by ``new_refusal``)."""
        splitter = register_splitter(
            self.table,
            details,
            self.pages,
            sizes=sizes,
            below_sizes=below_sizes,
            stretch=(2, 3),
            below_stretch=(2, 3),
        )
        bottom = self._build_footer(new_button, export_tip=export_tip)
        if new_refusal:
            new_button.setEnabled(False)
            new_button.setToolTip(new_refusal)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        self._order_tabs()

    def _send_to_receipts(self, row: Applied, what: str, cite: str, owed: str | None) -> None:
        """Ask the window to go to the Receipts tab with the applicant as the payer: the fee
        (``what``, ``owed`` when known) is among the amounts they owe."""
        self.status.emit(
            f"Take payment in the Receipts tab: {row.applicant} owes "
            + (f"{owed} " if owed else "")
            + f"for {row.number}."
        )
        self.workflow_requested.emit(
            TodayItem(
                "receipts",
                None,
                what,
                row.applicant,
                cite,
                record_type="party",
                record_id=str(row.applicant_id),
            )
        )

    def file_certificate(self) -> None:
        """The applicant's certificate of insurance is filed in the Bonds & Insurance tab."""
        row = self.selected()
        if row is not None and isinstance(row, Applied):
            self._send_to_bonds(
                row,
                f"Insurance for {row.number}",
                f"File {row.applicant}'s certificate of insurance in the Bonds & Insurance tab.",
            )

    def _send_to_bonds(self, row: Applied, what: str, message: str) -> None:
        """Ask the window to go to the Bonds & Insurance tab to file ``what`` for the
        applicant; ``message`` says so in the status bar."""
        self.status.emit(message)
        self.workflow_requested.emit(TodayItem("bonds", None, what, row.applicant))
