"""Receipts: printing a PDF on a QPrinter (no QtPdf), the print preview hook, a refund
written from a closed-out receipt's details window, the Drawers dialog with its reports, and
the register and deposit slip written to Excel and read back."""

from __future__ import annotations

import io
import re
from typing import Any

import builders  # type: ignore[import-not-found]
import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from sqlalchemy import select

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import ReceiptKind, TenderKind
from clerk_desk.models import Receipt
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import DrawerCount, TenderEntry
from clerk_desk.receipts.views import CheckEntry
from clerk_desk.settings import CityProfile
from reports.excel import MONEY_FORMAT
from reports.receipt import receipt_pdf
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.receipts.dialogs import CorrectionDialog, ReceiptDialog
from ui.receipts.drawers import DrawersDialog
from ui.receipts.tab import ReceiptsTab

pytestmark = pytest.mark.gui

STATION = "Front counter"


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
    builders.name_this_station(desk, STATION)
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
    qtbot.keyClicks(tab.register.search_field, "vera")
    tab.register.search_field.flush()
    assert tab.register.model.rowCount() == 1

    def details(dialog: ReceiptDialog) -> None:
        assert "Vera Vendor" in dialog.browser.toPlainText()
        assert not dialog.void_button.isEnabled()  # its drawer is closed, and it says so
        assert "in a drawer that was closed out" in dialog.void_button.toolTip()
        assert "§ 506-6 (Fee)" in dialog.void_button.toolTip()
        assert dialog.correct_button.isEnabled()

        def refund(form: CorrectionDialog) -> None:
            qtbot.keyClicks(form.reason, "Event cancelled by the sponsor")
            qtbot.keyClick(form.line_boxes[0][1], Qt.Key.Key_Return)

        dialogs.append(refund)
        dialog.correct_button.click()
        assert "written" in dialog.browser.toPlainText()

    dialogs.append(details)
    qtbot.keyClick(tab.register.table, Qt.Key.Key_Return)
    assert messages == []
    with desk.database.reading() as session:
        refund_receipt = session.scalars(
            select(Receipt).where(Receipt.kind == ReceiptKind.REFUND)
        ).one()
        assert refund_receipt.total == Money("-20.00")
        assert refund_receipt.corrects_id == receipt_id
    assert tab.register.model.rowCount() == 2


# ---- the Drawers dialog and the Excel exports ------------------------------------------------


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """Every PDF sent to the printer, with its title; printing always succeeds."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


def _closed_drawer(desk: Desk, who: SignedIn) -> int:
    """A drawer that took a $20.00 vending fee by a $15.00 check and $5.00 cash, closed out
    balanced; then the station's next drawer is opened. The closed drawer's id."""
    with desk.action(who) as action:
        drawer = receipts.open_drawer(action, station=STATION, opening_cash=Money("50"))
    with desk.action(who) as action:
        line = receipts.fee_line(action.session, "VEND", on=action.today())
        receipts.take_payment(
            action,
            station=STATION,
            payer_id=None,
            payer_name="Vera Vendor",
            lines=[line],
            tenders=[
                TenderEntry(
                    TenderKind.CHECK, Money("15.00"), check_number="1042", name_on_check="V. Vendor"
                ),
                TenderEntry(TenderKind.CASH, Money("5.00")),
            ],
        )
    with desk.action(who) as action:
        receipts.close_drawer(
            action,
            drawer.id,
            DrawerCount(
                {"50": 1, "5": 1},
                (CheckEntry("1042", "V. Vendor", Money("15.00")),),
                Money.zero(),
                Money.zero(),
            ),
        )
        receipts.open_drawer(action, station=STATION, opening_cash=Money("50"))
    return drawer.id


def test_drawers_dialog_prints_and_exports_the_deposit_slip(
    qtbot, qtmodeltester, tmp_path, desk, treasurer, dialogs, messages, printed, monkeypatch
) -> None:
    builders.name_this_station(desk, STATION)
    closed_id = _closed_drawer(desk, treasurer)
    tab = ReceiptsTab(App(desk, treasurer))
    qtbot.add_widget(tab)
    tab.show()
    target = tmp_path / "deposit.xlsx"
    asked: list[str] = []

    def save_path(_parent: Any, title: str, suggested: str, _filter: str) -> str:
        asked.append(suggested)
        return str(target.with_suffix(""))  # the dialog adds .xlsx

    monkeypatch.setattr(forms, "ask_save_path", save_path)

    def drawers(dialog: DrawersDialog) -> None:
        qtmodeltester.check(dialog.model)
        assert dialog.model.rowCount() == 2
        open_row, closed_row = dialog.model.rows
        assert open_row.status == "open" and closed_row.id == closed_id
        assert dialog.model.column_texts(1)[0] == STATION
        assert dialog.model.column_texts(1)[3:] == ["Closed", "1", "Balanced"]
        # This station's open drawer is selected first: no deposit slip until it is counted.
        assert dialog.selected() == open_row
        assert dialog.focusWidget() is dialog.table  # the list takes the keys at once
        assert not dialog.slip_pdf_button.isEnabled()
        assert not dialog.slip_excel_button.isEnabled()
        for button in (dialog.slip_pdf_button, dialog.slip_excel_button):  # the core's words
            assert button.toolTip() == (
                f"The drawer of {STATION} is still open. Close out the drawer first: the deposit "
                "is what was counted."
            )
        assert dialog.closeout_button.isEnabled() and dialog.gl_button.isEnabled()
        assert dialog.closeout_button.toolTip() == "Enter on the list"
        qtbot.keyClick(dialog.table, Qt.Key.Key_Down)
        assert dialog.selected() == closed_row
        assert dialog.slip_pdf_button.isEnabled() and dialog.slip_excel_button.isEnabled()
        assert dialog.slip_pdf_button.toolTip() == ""

        qtbot.keyClick(dialog.table, Qt.Key.Key_Return)  # Enter: the close-out report
        dialog.slip_pdf_button.click()
        dialog.gl_button.click()
        dialog.slip_excel_button.click()

    dialogs.append(drawers)
    tab.drawers_button.click()
    assert messages == []

    titles = [title for title, _pdf in printed]
    assert titles == [
        f"Close-out, {STATION}",
        f"Deposit slip, {STATION}",
        f"GL distribution, {STATION}",
    ]
    closeout, slip, gl = (papers.raw_text(pdf, between=" ") for _title, pdf in printed)
    assert "Cash Drawer Close-out" in closeout and "Balanced" in closeout
    assert "Total deposit $20.00" in re.sub(r"\s+", " ", slip)
    assert f"Drawer {closed_id}" in gl and "$20.00" in gl

    assert asked and asked[0].startswith("deposit-front-counter-") and asked[0].endswith(".xlsx")
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    by_label = {row[0].value: row for row in ws.iter_rows() if isinstance(row[0].value, str)}
    assert by_label["Station"][1].value == f"{STATION} (drawer {closed_id})"
    assert by_label["$5 bills"][1].value == 1 and by_label["$5 bills"][2].value == 5
    assert by_label["Cash to deposit"][2].value == 5
    assert by_label["1042"][1].value == "V. Vendor" and by_label["1042"][2].value == 15
    assert by_label["Total deposit"][2].value == 20
    assert by_label["Total deposit"][2].number_format == MONEY_FORMAT


def test_register_excel_writes_one_row_per_receipt(
    qtbot, tmp_path, desk, treasurer, dialogs, messages, printed, monkeypatch
) -> None:
    builders.name_this_station(desk, STATION)
    _closed_drawer(desk, treasurer)
    tab = ReceiptsTab(App(desk, treasurer))
    qtbot.add_widget(tab)
    tab.show()
    tab.register_view_button.click()
    target = tmp_path / "register.xlsx"
    monkeypatch.setattr(forms, "ask_save_path", lambda *_args: str(target))
    statuses: list[str] = []
    tab.status.connect(statuses.append)
    tab.register.register_excel_button.click()
    qtbot.waitUntil(lambda: bool(statuses), timeout=10_000)
    assert messages == []
    assert statuses == ["Register of 1 receipts written to register.xlsx"]
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    header = [c.value for c in ws[2]]
    assert header[:3] == ["Receipt", "Date", "Payer"] and header[-1] == "Total"
    assert ws.max_row == 3
    row = [c.value for c in ws[3]]
    assert row[2] == "Vera Vendor"
    assert row[header.index("Tenders")] == "Check, Cash"
    assert row[-1] == 20 and ws.cell(3, len(header)).number_format == MONEY_FORMAT


# ---- refunds and adjustments are printed; a refund by City check ------------------------------


def test_refund_by_city_check_needs_its_number_and_refunds_and_adjustments_print(
    qtbot, desk, treasurer, dialogs, messages, printed
) -> None:
    """Findings 4 and 6: the refund is paid back in cash or by City check (its number
    required; stored as CITY_CHECK, never a drawer check); each correction receipt is printed
    as the original, and its number shown."""
    builders.name_this_station(desk, STATION)
    with desk.action(treasurer) as action:
        drawer = receipts.open_drawer(action, station=STATION, opening_cash=Money("50"))
    receipt_id = _sale(desk, treasurer)
    with desk.action(treasurer) as action:
        receipts.close_drawer(
            action, drawer.id, DrawerCount({"50": 1, "20": 1}, (), Money.zero(), Money.zero())
        )
        receipts.open_drawer(action, station=STATION, opening_cash=Money("50"))
    tab = ReceiptsTab(App(desk, treasurer))
    qtbot.add_widget(tab)
    tab.show()
    statuses: list[str] = []
    tab.status.connect(statuses.append)
    tab.register_view_button.click()
    qtbot.keyClicks(tab.register.search_field, "vera")
    tab.register.search_field.flush()

    def details(dialog: ReceiptDialog) -> None:
        def refund(form: CorrectionDialog) -> None:
            kinds = [form.refund_by.itemData(i) for i in range(form.refund_by.count())]
            assert kinds == [TenderKind.CASH, TenderKind.CITY_CHECK]
            assert form.refund_by.itemText(1) == "City check"
            assert not form.check_number.isEnabled()  # cash: no number
            form.refund_by.setCurrentIndex(1)
            assert form.check_number.isEnabled()
            form.line_boxes[0][1].selectAll()
            qtbot.keyClicks(form.line_boxes[0][1], "5.00")  # a part of it
            qtbot.keyClicks(form.reason, "Event cancelled by the sponsor")
            qtbot.keyClick(form.line_boxes[0][1], Qt.Key.Key_Return)
            assert form.isVisible() and "number" in form.errors.message("tenders")
            qtbot.keyClicks(form.check_number, "C-88012")
            qtbot.keyClick(form.line_boxes[0][1], Qt.Key.Key_Return)
            assert not form.isVisible()

        dialogs.append(refund)
        dialog.correct_button.click()
        assert len(printed) == 1
        assert re.search(r"Receipt \S+ written and printed", dialog.browser.toPlainText())

        def adjustment(form: CorrectionDialog) -> None:
            form.kind.setCurrentIndex(1)
            form.line_boxes[0][1].selectAll()
            qtbot.keyClicks(form.line_boxes[0][1], "10.00")
            qtbot.keyClicks(form.new_gl, "100-46300-000")
            qtbot.keyClicks(form.reason, "Posted to the wrong account")
            qtbot.keyClick(form.new_gl, Qt.Key.Key_Return)
            assert not form.isVisible(), [
                form.errors.message(f) for f in ("lines", "tenders", "reason")
            ] + messages

        dialogs.append(adjustment)
        dialog.correct_button.click()

    dialogs.append(details)
    qtbot.keyClick(tab.register.table, Qt.Key.Key_Return)
    assert messages == []
    with desk.database.reading() as session:
        refund_receipt = session.scalars(
            select(Receipt).where(Receipt.kind == ReceiptKind.REFUND)
        ).one()
        adjustment = session.scalars(
            select(Receipt).where(Receipt.kind == ReceiptKind.ADJUSTMENT)
        ).one()
        assert [(t.kind, t.check_number) for t in refund_receipt.tenders] == [
            (TenderKind.CITY_CHECK, "C-88012")
        ]
        assert refund_receipt.corrects_id == receipt_id and refund_receipt.prints == 1
        assert adjustment.prints == 1
        numbers = refund_receipt.number, adjustment.number
    titles = [title for title, _pdf in printed]
    assert titles == [f"Refund receipt {numbers[0]}", f"Adjustment receipt {numbers[1]}"]
    refund_text = papers.raw_text(printed[0][1], between=" ")
    assert numbers[0] in refund_text and "DUPLICATE" not in refund_text
    assert numbers[1] in papers.raw_text(printed[1][1], between=" ")
    assert any(numbers[0] in s for s in statuses) and any(numbers[1] in s for s in statuses)
