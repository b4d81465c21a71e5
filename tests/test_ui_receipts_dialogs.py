"""Receipts: printing a PDF on a QPrinter (no QtPdf), the print preview hook, and a refund
written from a closed-out receipt's details window."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from sqlalchemy import select

from clerk_desk import receipts
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.models import Receipt, ReceiptKind, Role, TenderKind
from clerk_desk.money import Money
from clerk_desk.receipts import DrawerCount, TenderEntry
from clerk_desk.settings import CityProfile
from reports.receipt import receipt_pdf
from ui import printing
from ui.operations import App
from ui.receipt_dialogs import CorrectionDialog, ReceiptDialog, set_station_name
from ui.receipts_tab import ReceiptsTab

pytestmark = pytest.mark.gui

STATION = "Front counter"


@pytest.fixture
def treasurer(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.TREASURER)


def _sale(desk: Desk, who: SignedIn) -> int:
    """A $20.00 vending fee paid in cash by a walk-in; the receipt's id."""
    with desk.action(who) as action:
        line = receipts.fee_line(action.session, "VEND", on=action.today())
        return receipts.take_payment(
            action,
            station=STATION,
            payer_id=None,
            payer_name="Vera Vendor",
            lines=[line],
            tenders=[TenderEntry(TenderKind.CASH, Money("20.00"))],
        ).id


def _sample_pdf(desk: Desk, who: SignedIn, paper: str) -> bytes:
    with desk.action(who) as action:
        receipts.open_drawer(action, station=STATION, opening_cash=Money("50"))
    receipt_id = _sale(desk, who)
    with desk.database.reading() as session:
        view = receipts.receipt_view(session, receipt_id)
    return receipt_pdf(view, profile=CityProfile(), paper=paper, duplicate=False)  # type: ignore[arg-type]


@pytest.mark.parametrize("paper", ["letter", "roll"])
def test_paint_pdf_prints_each_page_on_its_own_paper_size(
    qtbot, tmp_path, desk, treasurer, paper
) -> None:
    pdf = _sample_pdf(desk, treasurer, paper)
    source = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    target = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(target))
    assert printing.paint_pdf(printer, pdf) == 1
    out = PdfReader(str(target))
    assert len(out.pages) == 1
    box = out.pages[0].mediabox
    assert abs(float(box.width) - float(source.width)) < 2
    assert abs(float(box.height) - float(source.height)) < 2


def test_print_pdf_shows_the_preview_through_the_modal_hook(
    qtbot, desk, treasurer, dialogs, monkeypatch
) -> None:
    pdf = _sample_pdf(desk, treasurer, "letter")
    seen: list[Any] = []
    dialogs.append(seen.append)
    monkeypatch.setattr(printing, "default_printer_name", lambda: "")
    assert printing.print_pdf(None, pdf, title="Receipt", direct=True) is False  # no printer
    assert len(seen) == 1 and isinstance(seen[0], QPrintPreviewDialog)


def test_refund_after_close_out_from_the_receipt_window(
    qtbot, desk, treasurer, dialogs, messages, monkeypatch
) -> None:
    printed: list[bytes] = []
    monkeypatch.setattr(
        printing, "print_pdf", lambda _p, pdf, *, title, direct=False: printed.append(pdf) or True
    )
    set_station_name(STATION)
    with desk.action(treasurer) as action:
        drawer = receipts.open_drawer(action, station=STATION, opening_cash=Money("50"))
    receipt_id = _sale(desk, treasurer)
    with desk.action(treasurer) as action:
        receipts.close_drawer(
            action,
            drawer.id,
            DrawerCount({"50": 1, "20": 1}, (), Money.zero(), Money.zero()),
        )
        receipts.open_drawer(action, station=STATION, opening_cash=Money("50"))
    tab = ReceiptsTab(App(desk, treasurer))
    qtbot.add_widget(tab)
    tab.show()
    tab.register_view_button.click()
    qtbot.keyClicks(tab.register_search, "vera")
    tab.register_search.flush()
    assert tab.register_model.rowCount() == 1

    def details(dialog: ReceiptDialog) -> None:
        assert "Vera Vendor" in dialog.browser.toPlainText()
        assert not dialog.void_button.isEnabled()  # its drawer is closed
        assert dialog.correct_button.isEnabled()

        def refund(form: CorrectionDialog) -> None:
            qtbot.keyClicks(form.reason, "Event cancelled by the sponsor")
            qtbot.keyClick(form.line_boxes[0][1], Qt.Key.Key_Return)

        dialogs.append(refund)
        dialog.correct_button.click()
        assert "written" in dialog.browser.toPlainText()

    dialogs.append(details)
    qtbot.keyClick(tab.register_table, Qt.Key.Key_Return)
    assert messages == []
    with desk.database.reading() as session:
        refund_receipt = session.scalars(
            select(Receipt).where(Receipt.kind == ReceiptKind.REFUND)
        ).one()
        assert refund_receipt.total == Money("-20.00")
        assert refund_receipt.corrects_id == receipt_id
    assert tab.register_model.rowCount() == 2
