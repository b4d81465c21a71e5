"""Printing and previewing PDFs (ui/kit/printing.py, page_pictures.py, print_preview.py): one
page at a time, one bit a pixel unless the page has colour, never on the window's thread, and
the document itself saved from the preview.

An agenda packet runs to hundreds of pages. Rendering them all at the printer's resolution
before painting the first took 4 GB for 128 pages and froze the window (finding 1); these tests
hold the preview and the printout to one page's picture at a time, the preview's to the screen.
Painted in 24-bit colour, a month's register went to the print queue as 342 times its PDF, and
printing it froze the window for 13 s (issue 20); these hold black-and-white pages to one bit a
pixel and the rendering to a thread of its own. How fast is benchmarks/print_jobs.py's to say.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import subprocess
import sys
import threading
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QImage, QPainter
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget

from ui.kit import forms as forms
from ui.kit import page_pictures as pictures
from ui.kit import print_preview as print_preview
from ui.kit import printing as printing

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parent.parent
LETTER = (612.0, 792.0)
ROLL = (226.77, 400.0)  # the 80 mm receipt roll


def _pdf(pages: int, *, landscape_every: int = 0) -> bytes:
    """A document of ``pages`` letter pages (every ``landscape_every``-th one landscape)."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612, 792))
    for n in range(1, pages + 1):
        wide = bool(landscape_every) and n % landscape_every == 0
        canvas.setPageSize((792, 612) if wide else (612, 792))
        canvas.drawString(72, 500, f"Packet page {n} of {pages}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _inked_pdf(
    count: int = 1, *, red_on: tuple[int, ...] = (), sizes: tuple[tuple[float, float], ...] = ()
) -> bytes:
    """Pages in the house's inks, as the papers print them: a navy title and rule, grey and
    near-black text, a light hairline rule, a pale panel and a light watermark; those in
    ``red_on`` (0-based) also say CANCELLED in the papers' red. ``count`` letter pages, unless
    ``sizes`` gives each page's."""
    from reportlab.pdfgen.canvas import Canvas

    from reports import letterhead as lh
    from reports import palette

    sizes = sizes or (LETTER,) * count
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=sizes[0])
    for index, (width, height) in enumerate(sizes):
        canvas.setPageSize((width, height))
        canvas.setFillColor(lh.color(palette.PANEL_HEX))
        canvas.rect(18, height - 140, width - 36, 60, stroke=0, fill=1)
        canvas.setFillColor(lh.color("#C8CED6"))  # the watermark's (reports/letterhead.py)
        canvas.setFont("Helvetica-Bold", 40)
        canvas.drawString(20, height / 2, "DUPLICATE")
        canvas.setFillColor(lh.color(lh.NAVY_HEX))
        canvas.setFont("Helvetica-Bold", 14)
        canvas.drawString(20, height - 40, f"Receipt, page {index + 1}")
        canvas.setStrokeColor(lh.color(lh.NAVY_HEX))
        canvas.line(18, height - 48, width - 18, height - 48)
        canvas.setFillColor(lh.color(lh.GREY_HEX))
        canvas.setFont("Helvetica", 9)
        canvas.drawString(20, height - 64, "Received from Maren Solberg")
        canvas.setFillColor(lh.color(palette.INK_HEX))
        canvas.drawString(20, height - 100, "Street privilege permit fee   $25.00")
        canvas.setStrokeColor(lh.color(lh.RULE_GREY_HEX))
        canvas.setLineWidth(0.25)
        canvas.line(18, height - 106, width - 18, height - 106)
        if index in red_on:
            canvas.setFillColor(lh.color(palette.CANCELLED_HEX))
            canvas.setFont("Helvetica-Bold", 9)
            canvas.drawString(20, height - 80, "CANCELLED")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _month_of_receipts() -> list[Any]:
    """A month's register rows: 1,100 receipts, as benchmarks/register_pdf.py makes them."""
    from datetime import datetime, timedelta

    from clerk_desk.money import Money
    from clerk_desk.receipts.views import ReceiptRow

    payers = ("Prescott Hardware & Lumber, LLC", "Zoë Šimková", "J. Smith")
    return [
        ReceiptRow(
            id=n,
            number=f"R-2026-{n:06d}",
            issued_at=datetime(2026, 1, 2, 8) + timedelta(minutes=37 * n),
            payer_name=payers[n % 3],
            total=Money.from_cents(2550 + (n * 3737) % 90000),
            kind="refund" if n % 97 == 0 else "payment",
            status="void" if n % 20 == 0 else "issued",
            tender_kinds="Cash, Check" if n % 3 == 0 else "Card",
            references=f"Street opening SO-2026-{n % 400:04d}",
            operator_name="Treasurer Ann Lindqvist",
            station="COUNTER-1",
        )
        for n in range(1, 1101)
    ]


def _pdf_printer(target: Path) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(target))
    return printer


def _picture_printer(target: Path, monkeypatch: pytest.MonkeyPatch) -> QPrinter:
    """A printer that takes pictures, as a Windows printer does: the window paints each page
    on it, and Qt's PDF engine keeps here what it would hand the printer's driver."""
    from ui.kit import print_queue

    monkeypatch.setattr(print_queue, "file_target", lambda _printer: None)
    return _pdf_printer(target)


def _pages_of(path: Path) -> list[tuple[int, int]]:
    return [
        (round(float(p.mediabox.width)), round(float(p.mediabox.height)))
        for p in PdfReader(str(path)).pages
    ]


def _pictures_of(path: Path) -> list[list[tuple[int, str]]]:
    """Each printed page's pictures: (bits a component, colour space) of each."""
    found = []
    for page in PdfReader(str(path)).pages:
        objects = page["/Resources"].get("/XObject", {})
        found.append(
            [
                (int(o["/BitsPerComponent"]), str(o.get("/ColorSpace", "")))
                for o in (ref.get_object() for ref in objects.values())
            ]
        )
    return found


class _Spy:
    """Records what is rendered and drawn, in order, the widths drawn and on which threads."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.steps: list[str] = []
        self.widths: list[int] = []
        self.formats: list[QImage.Format] = []
        self.threads: set[int] = set()
        spy = self

        def spying(real: Any) -> Any:
            def render(pages: Any, index: int, dpi: float) -> Any:
                spy.steps.append(f"render {index}")
                spy.threads.add(threading.get_ident())
                return real(pages, index, dpi)

            return render

        class Painter(QPainter):
            def drawImage(self, target: Any, image: QImage, *args: Any) -> None:
                spy.steps.append("draw")
                spy.widths.append(image.width())
                spy.formats.append(image.format())
                super().drawImage(target, image, *args)

            def drawPixmap(self, target: Any, pixmap: Any, *args: Any) -> None:
                spy.steps.append("draw")
                spy.widths.append(pixmap.width())
                super().drawPixmap(target, pixmap, *args)

        monkeypatch.setattr(pictures, "for_screen", spying(pictures.for_screen))
        monkeypatch.setattr(pictures, "for_paper", spying(pictures.for_paper))
        monkeypatch.setattr(printing, "QPainter", Painter)
        monkeypatch.setattr(print_preview, "QPainter", Painter)


def test_the_preview_renders_each_page_once_at_the_screens_resolution(
    qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = _Spy(monkeypatch)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)  # 1200 dpi: what the preview gets
    preview = QPrintPreviewWidget(printer)
    qtbot.add_widget(preview)
    preview.paintRequested.connect(lambda target: printing.paint_pdf(target, _pdf(5)))
    preview.updatePreview()
    assert preview.pageCount() == 5
    # Page by page: each rendered, painted, and let go before the next is rendered.
    assert spy.steps == [step for n in range(5) for step in (f"render {n}", "draw")]
    # At the screen's resolution (96 dpi here: 816 pixels across a letter page), not the
    # printer's (300 dpi: 2550), which took 34 MB a page.
    screen = print_preview.screen_dpi()
    assert spy.widths == [round(8.5 * screen)] * 5
    assert max(spy.widths) < 8.5 * printing.MAX_DPI / 2


def test_a_long_document_is_previewed_at_a_lower_resolution_within_the_budget() -> None:
    from PySide6.QtCore import QSizeF

    letter = QSizeF(*LETTER)
    dpi = print_preview.preview_dpi([letter] * 700, 96)
    square_inches = 8.5 * 11
    assert dpi < 96
    budget = print_preview.PREVIEW_BUDGET_BYTES * 1.001
    assert 700 * square_inches * dpi * dpi * print_preview.BYTES_PER_PIXEL <= budget
    assert print_preview.preview_dpi([letter] * 3, 96) == 96


def test_printing_renders_one_page_at_a_time_at_the_printers_resolution(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtlog
) -> None:
    spy = _Spy(monkeypatch)
    printer = _pdf_printer(tmp_path / "printed.pdf")
    assert printing.paint_pdf(printer, _pdf(4, landscape_every=2)) == 4
    assert spy.steps == [step for n in range(4) for step in (f"render {n}", "draw")]
    assert [round(w, -1) for w in spy.widths] == [2550, 3300, 2550, 3300]  # 300 dpi
    assert _pages_of(tmp_path / "printed.pdf") == [(612, 792), (792, 612), (612, 792), (792, 612)]
    assert not [r for r in qtlog.records if "setPageLayout" in r.message]


def test_a_black_and_white_page_prints_in_one_bit_and_a_coloured_page_in_colour(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The house's navy, greys and pale fills are black and white on paper; a page with the
    papers' red on it keeps its colour (a voided receipt's VOID, a cancelled meeting)."""
    spy = _Spy(monkeypatch)
    printed = tmp_path / "printed.pdf"
    assert printing.paint_pdf(_pdf_printer(printed), _inked_pdf(3, red_on=(1,))) == 3
    formats = dict.fromkeys(spy.formats)
    assert list(formats) == [QImage.Format.Format_Mono, QImage.Format.Format_BGR888]
    assert spy.formats[0] == spy.formats[-1] == QImage.Format.Format_Mono
    # What the print queue receives: one bit a pixel on pages 1 and 3, colour on page 2 (in
    # strips, so that the window's thread is never kept waiting on one whole picture).
    pages = _pictures_of(printed)
    assert pages[0] == [(1, "/DeviceGray")] and pages[2] == [(1, "/DeviceGray")]
    assert pages[1] and {space for _bits, space in pages[1]} == {"/DeviceRGB"}


def test_one_bit_keeps_the_ink_the_rules_and_the_watermark(qtbot) -> None:
    """Looked at as a person would: the navy title, the grey text and the light hairline rule
    print black; the light watermark prints as a halftone, not as nothing; the pale panel is
    paper."""
    with pictures.opened(_inked_pdf()) as pages:
        page = pictures.for_paper(pages, 0, 300)

    def black(x: float, y: float) -> bool:
        """Whether the pixel at (x, y) points from the top left is black."""
        return page.pixelIndex(round(x * 300 / 72), round(y * 300 / 72)) == 0

    def inked(x0: int, y0: int, x1: int, y1: int) -> float:
        """The share of black pixels in a box, in points from the top left."""
        box = [(x / 10, y / 10) for x in range(x0 * 10, x1 * 10) for y in range(y0 * 10, y1 * 10)]
        return sum(black(x, y) for x, y in box) / len(box)

    assert page.format() == QImage.Format.Format_Mono
    assert inked(20, 28, 60, 40) > 0.2  # the navy title
    assert inked(20, 57, 120, 64) > 0.1  # the grey line of text
    rule = [any(black(x / 4, 105 + y / 8) for y in range(17)) for x in range(400, 1600)]
    assert all(rule)  # the light hairline rule, whole and not dotted
    assert 0.05 < inked(24, 372, 27, 392) < 0.5  # the watermark's D, halftoned
    assert inked(300, 115, 500, 135) == 0  # the pale panel: paper


def test_the_pages_keep_their_number_and_sizes(qtbot, tmp_path: Path) -> None:
    """Letter, landscape letter and the 80 mm roll, each on paper of its own size."""
    printed = tmp_path / "printed.pdf"
    pdf = _inked_pdf(sizes=(LETTER, (792.0, 612.0), ROLL), red_on=(2,))
    assert printing.paint_pdf(_pdf_printer(printed), pdf) == 3
    assert _pages_of(printed) == [(612, 792), (792, 612), (227, 400)]


def test_a_pdf_in_its_file_prints_one_page_at_a_time_and_is_saved_whole(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agenda packet stays in its file (600 MB with real-sized scans): printed page by
    page from it, and saved as a copy of it, never read whole by the window."""
    from PySide6.QtWidgets import QWidget

    packet = tmp_path / "built.pdf"
    packet.write_bytes(_pdf(3, landscape_every=2))
    spy = _Spy(monkeypatch)
    printed = tmp_path / "printed.pdf"
    assert printing.paint_pdf(_pdf_printer(printed), packet) == 3
    assert spy.steps == [step for n in range(3) for step in (f"render {n}", "draw")]
    assert _pages_of(printed) == [(612, 792), (792, 612), (612, 792)]
    parent = QWidget()
    qtbot.add_widget(parent)
    target = tmp_path / "sent.pdf"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    assert printing.save_pdf(parent, packet, "packet.pdf") == target
    assert target.read_bytes() == packet.read_bytes()


def test_a_months_register_goes_to_the_queue_at_a_twentieth_of_its_old_size(
    qtbot, tmp_path: Path
) -> None:
    """Painted in 24-bit colour a month's register (1,100 receipts, 56 pages) went to the
    queue as 342 times its PDF. One bit a pixel at 300 dpi it is under 20 times: the text of a
    dense table, as pictures, costs about 75 KB a page however it is compressed. The receipt
    and the permit, a page or two of them, are well within ten times (print_jobs.py)."""
    from clerk_desk.receipts.views import Period
    from clerk_desk.settings import CityProfile
    from reports.receipts.register import register_pdf

    month = Period(date(2026, 1, 1), date(2026, 1, 31))
    pdf = register_pdf(_month_of_receipts(), profile=CityProfile(), period=month)
    printed = tmp_path / "register.pdf"
    pages = printing.paint_pdf(_pdf_printer(printed), pdf)
    assert pages == len(PdfReader(io.BytesIO(pdf)).pages) > 40
    assert printed.stat().st_size < 20 * len(pdf)


def test_the_window_keeps_working_while_a_long_document_prints(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pages are rendered and painted on a thread of their own; halfway through, the
    printing waits for the window's thread to run a timer, which it could not if it were the one
    printing (it would wait the full ten seconds, and say False)."""
    spy = _Spy(monkeypatch)
    ticked = threading.Event()
    waited: list[bool] = []
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(ticked.set)
    real = pictures.for_paper

    def halfway(pages: Any, index: int, dpi: float) -> Any:
        if index == 15:
            ticked.clear()
            waited.append(ticked.wait(10))
        return real(pages, index, dpi)

    monkeypatch.setattr(pictures, "for_paper", halfway)
    timer.start()
    try:
        printed = tmp_path / "printed.pdf"
        printer = _picture_printer(printed, monkeypatch)
        assert printing.print_on_paper(None, printer, _pdf(30), title="Packet") == 30
    finally:
        timer.stop()
    assert waited == [True]  # the window's thread ran its timer while page 16 was printing
    assert threading.get_ident() not in spy.threads and len(spy.threads) == 1
    assert len(_pages_of(printed)) == 30


def test_a_printer_failure_on_the_printing_thread_is_raised_on_the_windows(
    qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from clerk_desk.errors import EnvironmentProblem

    def broken(_printer: Any, _pdf: bytes) -> int:
        raise EnvironmentProblem("The printer could not be started. Check that it is on.")

    monkeypatch.setattr(printing, "paint_pdf", broken)
    with pytest.raises(EnvironmentProblem, match="could not be started"):
        printing.print_on_paper(None, QPrinter(), _pdf(1), title="Receipt")


_FAKE_LP = """#!{python}
import json, shutil, sys
from pathlib import Path

folder = Path({folder!r})
(folder / "arguments.json").write_text(json.dumps(sys.argv[1:]))
if {refuse!r}:
    print("lp: The printer or class does not exist.", file=sys.stderr)
    sys.exit(1)
shutil.copy(sys.argv[-1], folder / "received.pdf")
print("request id is FrontCounter-7 (1 file(s))")
"""


def _fake_lp(folder: Path, monkeypatch: pytest.MonkeyPatch, *, refuse: bool = False) -> Path:
    """An ``lp`` first on PATH that keeps its arguments and the file it was given, as CUPS's
    would queue it (or refuses it, as lp does for a printer that is gone)."""
    bin_folder = folder / "bin"
    bin_folder.mkdir()
    lp = bin_folder / "lp"
    lp.write_text(_FAKE_LP.format(python=sys.executable, folder=str(folder), refuse=refuse))
    lp.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}")
    return folder


def _a_queue(monkeypatch: pytest.MonkeyPatch) -> None:
    """The printer chosen is the CUPS queue "FrontCounter" (this machine has no CUPS, so Qt
    can name no printer); everything after, lp included, runs for real."""
    from ui.kit import print_queue

    monkeypatch.setattr(print_queue, "printer_queue", lambda _printer: "FrontCounter")


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no lp: pictures are printed")
def test_to_a_cups_queue_the_pdf_itself_goes_with_the_copies_and_pages_chosen(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dense register as pictures is 19 times its PDF (the test above); to a CUPS queue the
    PDF itself is handed to lp, off the window's thread, and nothing is painted."""
    from PySide6.QtGui import QPageRanges

    from ui.kit import print_queue

    spool = _fake_lp(tmp_path, monkeypatch)
    _a_queue(monkeypatch)
    spy = _Spy(monkeypatch)
    lp_threads: list[int] = []
    real_run = print_queue.subprocess.run

    def run(*args: Any, **kwargs: Any) -> Any:
        lp_threads.append(threading.get_ident())
        return real_run(*args, **kwargs)

    monkeypatch.setattr(print_queue.subprocess, "run", run)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setCopyCount(2)
    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    ranges = QPageRanges()
    ranges.addRange(2, 3)
    ranges.addPage(5)
    printer.setPageRanges(ranges)
    pdf = _pdf(6)

    assert printing.print_on_paper(None, printer, pdf, title="Receipts register") == 6

    arguments = json.loads((spool / "arguments.json").read_text())
    assert arguments[:-1] == [
        "-d", "FrontCounter", "-n", "2", "-t", "Receipts register", "-P", "2-3,5",
        "-o", "collate=true", "-o", "sides=one-sided", "-o", "media=letter",
    ]  # fmt: skip
    assert arguments[-1].endswith(".pdf") and not Path(arguments[-1]).exists()  # cleaned up
    received = PdfReader(str(spool / "received.pdf"))
    assert [page.extract_text().strip() for page in received.pages] == [
        f"Packet page {n} of 6" for n in range(1, 7)
    ]
    assert (spool / "received.pdf").read_bytes() == pdf  # the job is the PDF: 1 x its size
    assert spy.steps == []  # no page rendered, none painted
    assert lp_threads and threading.get_ident() not in lp_threads


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no lp: pictures are printed")
def test_a_queue_that_refuses_the_job_says_what_lp_said(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from clerk_desk.errors import EnvironmentProblem

    _fake_lp(tmp_path, monkeypatch, refuse=True)
    _a_queue(monkeypatch)
    with pytest.raises(EnvironmentProblem, match="FrontCounter did not take the job: lp: The"):
        printing.print_on_paper(None, QPrinter(), _pdf(1), title="Receipt")


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no lp: pictures are printed")
def test_a_receipt_for_a_roll_goes_to_a_queue_as_pictures_on_its_own_page(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The queue's own paper (Letter) would shrink or cut a receipt laid out for an 80 mm roll:
    a page that is not Letter or Legal is painted, on the page Qt sets up for it."""
    from reportlab.pdfgen.canvas import Canvas

    _fake_lp(tmp_path, monkeypatch)
    _a_queue(monkeypatch)
    buffer = io.BytesIO()
    roll = Canvas(buffer, pagesize=(227, 600))  # 80 mm wide
    roll.drawString(10, 500, "Receipt 2026-000123")
    roll.showPage()
    roll.save()
    spy = _Spy(monkeypatch)
    printer = _picture_printer(tmp_path / "printed.pdf", monkeypatch)  # what Qt hands CUPS

    assert printing.print_on_paper(None, printer, buffer.getvalue(), title="Receipt") == 1

    assert not (tmp_path / "arguments.json").exists()  # lp never ran
    assert spy.steps  # painted
    assert len(_pages_of(tmp_path / "printed.pdf")) == 1


def test_the_two_sided_choice_and_the_paper_reach_lp() -> None:
    from ui.kit import print_queue

    job = print_queue.QueueJob("FrontCounter", "Permit", sides="two-sided-long-edge")
    legal = print_queue.paper_of([(612, 1008), (1008, 612)])  # either way up
    assert legal == "legal"
    arguments = dataclasses.replace(job, media=legal).arguments(Path("permit.pdf"))
    assert arguments[-5:] == [
        "-o", "sides=two-sided-long-edge", "-o", "media=legal", "permit.pdf"
    ]  # fmt: skip
    assert print_queue.paper_of([(612, 792), (612, 1008)]) is None  # pages differ
    assert print_queue.paper_of([(595, 842)]) is None  # A4: the queue's paper may not be it


def test_printing_to_a_file_writes_the_document_itself_with_the_pages_chosen(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The print dialog's "Print to File" is no queue, even beside lp: the file is the
    document's own pages, their text still text, not pictures of them (a dense register as
    pictures is 19 times its PDF); a page range reads as CUPS writes one, and the pages of it
    beyond the document's end are not there to print."""
    from ui.kit import print_queue

    _fake_lp(tmp_path, monkeypatch)
    spy = _Spy(monkeypatch)
    printed = tmp_path / "printed.pdf"
    printer = _pdf_printer(printed)
    assert print_queue.printer_queue(printer) is None
    assert print_queue.queue_job(printer, "Receipt") is None
    assert print_queue.page_list(printer) == ""
    pdf = _pdf(5)
    assert printing.print_on_paper(None, printer, pdf, title="Register") == 5
    assert printed.read_bytes() == pdf

    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    printer.setFromTo(4, 6)
    assert print_queue.page_list(printer) == "4-6"
    assert printing.print_on_paper(None, printer, pdf, title="Register") == 2
    assert [page.extract_text().strip() for page in PdfReader(str(printed)).pages] == [
        "Packet page 4 of 5",
        "Packet page 5 of 5",
    ]
    assert _pictures_of(printed) == [[], []]
    assert spy.steps == []  # nothing rendered, nothing painted
    assert not (tmp_path / "arguments.json").exists()  # lp never ran


def test_pages_chosen_in_the_print_dialog_are_the_pages_printed_as_pictures(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a printer that takes pictures (Windows) the window prints only the pages the print
    dialog chose, as Qt leaves it to do: pages 2 to 3 and 5 of a six-page register are three
    sheets, not six. A range wholly past the document's end prints nothing, and says so."""
    from PySide6.QtGui import QPageRanges

    from clerk_desk.errors import EnvironmentProblem

    spy = _Spy(monkeypatch)
    printed = tmp_path / "printed.pdf"
    printer = _picture_printer(printed, monkeypatch)
    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    ranges = QPageRanges()
    ranges.addRange(2, 3)
    ranges.addPage(5)
    printer.setPageRanges(ranges)
    assert printing.print_on_paper(None, printer, _pdf(6), title="Register") == 3
    assert [step for step in spy.steps if step.startswith("render")] == [
        "render 1",
        "render 2",
        "render 4",
    ]
    assert len(_pages_of(printed)) == 3

    ranges = QPageRanges()
    ranges.addRange(9, 12)
    printer.setPageRanges(ranges)
    with pytest.raises(
        EnvironmentProblem, match=r"pages chosen \(9-12\) are not in this document of 6"
    ):
        printing.print_on_paper(None, printer, _pdf(6), title="Register")


def test_the_preview_shows_its_first_page_before_the_others_are_rendered(
    qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A packet's preview answers at once with the pages it has, renders the others on a
    thread of its own, the page looked at first, and shows them as they come."""
    spy = _Spy(monkeypatch)
    go_on = threading.Event()
    real = pictures.for_screen

    def held(pages: Any, index: int, dpi: float) -> Any:
        if index:
            go_on.wait(10)
        return real(pages, index, dpi)

    monkeypatch.setattr(pictures, "for_screen", held)
    on_paper: list[QPrinter] = []
    pages = print_preview.PreviewPages(_pdf(12), printing.page_layout, on_paper.append)
    previewed = QPrinter(QPrinter.PrinterMode.HighResolution)  # the preview does not own it
    preview = QPrintPreviewWidget(previewed)
    qtbot.add_widget(preview)
    pages.show_in(preview)
    try:
        preview.show()
        qtbot.waitUntil(lambda: bool(pages.pixmaps) and pages.pixmaps[0] is not None)
        qtbot.waitUntil(lambda: "draw" in spy.steps)  # the preview, asked again, drew it
        assert preview.pageCount() == 12
        assert [p is None for p in pages.pixmaps] == [False] + [True] * 11
        preview.setCurrentPage(8)  # the clerk went to page 8: it comes next
        assert pages.wanted == 7
        go_on.set()
        qtbot.waitUntil(lambda: pages.complete)
    finally:
        go_on.set()
        pages.stop()
    rendered = [int(step.split()[1]) for step in spy.steps if step.startswith("render")]
    assert sorted(rendered) == list(range(12))  # each page once
    assert rendered[:3] in ([0, 1, 7], [0, 7, 8])  # page 8 as soon as it was asked for
    assert threading.get_ident() not in spy.threads
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    pages.paint(printer)  # the preview's Print button: paper, printed by on_paper
    assert on_paper == [printer]


def test_a_long_preview_holds_the_pages_near_the_one_looked_at_and_renders_again(
    qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 629-page packet's preview held a picture of every page (1.2 GB): now those near the
    page looked at, a page let go rendered again when the clerk comes back to it."""
    spy = _Spy(monkeypatch)
    monkeypatch.setattr(print_preview, "PREVIEW_KEEP_BYTES", 1)  # the fewest: 16 pages
    pages = print_preview.PreviewPages(_pdf(40), printing.page_layout, lambda _printer: None)
    previewed = QPrinter(QPrinter.PrinterMode.HighResolution)  # the preview does not own it
    preview = QPrintPreviewWidget(previewed)
    qtbot.add_widget(preview)
    pages.show_in(preview)
    try:
        preview.show()
        qtbot.waitUntil(lambda: pages.complete)
        held = [i for i, p in enumerate(pages.pixmaps) if p is not None]
        assert held == list(range(16))
        preview.setCurrentPage(31)  # the clerk went to page 31
        qtbot.waitUntil(lambda: pages.complete and pages.pixmaps[30] is not None)
        held = [i for i, p in enumerate(pages.pixmaps) if p is not None]
        assert held == list(range(24, 40))  # a quarter before, the rest after, to the end
        preview.setCurrentPage(2)  # and back to page 2
        qtbot.waitUntil(lambda: pages.complete and pages.pixmaps[1] is not None)
        assert [i for i, p in enumerate(pages.pixmaps) if p is not None] == list(range(16))
    finally:
        pages.stop()
    rendered = [int(step.split()[1]) for step in spy.steps if step.startswith("render")]
    assert rendered.count(1) == 2 and rendered.count(30) == 1  # page 2 again; 31 once


def test_a_landscape_page_in_the_preview_is_fitted_without_a_warning(qtbot, qtlog) -> None:
    """The preview keeps the first page's paper (Qt allows no change mid-preview): another size
    is fitted on it, where the old code asked for a new size on every page and Qt refused."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    preview = QPrintPreviewWidget(printer)
    qtbot.add_widget(preview)
    preview.paintRequested.connect(
        lambda target: printing.paint_pdf(target, _pdf(4, landscape_every=2))
    )
    preview.updatePreview()
    assert preview.pageCount() == 4
    assert not [r for r in qtlog.records if "setPageLayout" in r.message]


def test_previewing_100_pages_takes_a_few_hundred_megabytes_not_gigabytes() -> None:
    """Measured in a process of its own (its peak memory is its own): 100 pages took 3.3 GB
    and 29 s before; the preview now holds screen-resolution pictures only."""
    script = """
import io, os, resource, sys, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from reportlab.pdfgen.canvas import Canvas
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import QApplication
from ui.kit import printing
buffer = io.BytesIO()
canvas = Canvas(buffer, pagesize=(612, 792))
for n in range(100):
    canvas.drawString(72, 720, f"Packet page {n + 1} of 100")
    canvas.showPage()
canvas.save()
app = QApplication([])
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
printer = QPrinter(QPrinter.PrinterMode.HighResolution)  # kept: the preview does not own it
preview = QPrintPreviewWidget(printer)
preview.paintRequested.connect(lambda target: printing.paint_pdf(target, buffer.getvalue()))
preview.updatePreview()
assert preview.pageCount() == 100
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024, flush=True)
os._exit(0)  # no teardown of Qt at exit: the number is all this process is for
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr
    grown_mb = int(result.stdout.split()[-1])
    assert grown_mb < 600, grown_mb  # 100 pages at 96 dpi are about 260 MB of pictures


def test_the_previews_print_button_prints_every_page_on_paper(
    qtbot, dialogs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Print in the preview: Qt asks for the pages on the chosen printer, and every page is
    printed there at the printer's resolution, not the preview's pictures."""
    printed = tmp_path / "printed.pdf"
    _picture_printer(printed, monkeypatch)  # the preview's own printer, as Windows has it

    def print_it(dialog: Any) -> None:
        assert isinstance(dialog, QPrintPreviewDialog)
        dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        dialog.printer().setOutputFileName(str(printed))
        dialog.findChild(QPrintPreviewWidget).print()  # as the print dialog does when accepted

    dialogs.append(print_it)
    printing.preview_pdf(None, _inked_pdf(3), title="Receipts register")
    assert _pages_of(printed) == [(612, 792)] * 3
    assert _pictures_of(printed) == [[(1, "/DeviceGray")]] * 3


def test_the_preview_saves_the_document_itself(
    qtbot, dialogs, messages, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Finding 2: any document previewed can be kept as the PDF it is (links, bookmarks, text)."""
    pdf = _pdf(2)
    asked: list[str] = []

    def where(_parent: Any, _title: str, suggested: str, _filter: str) -> str:
        asked.append(suggested)
        return str(tmp_path / "kept")

    monkeypatch.setattr(forms, "ask_save_path", where)

    def save(dialog: Any) -> None:
        assert isinstance(dialog, QPrintPreviewDialog)
        [action] = [a for a in dialog.findChildren(QAction) if a.objectName() == "save_pdf_action"]
        assert action.text() == "Save PDF…"
        action.trigger()

    dialogs.append(save)
    printing.preview_pdf(None, pdf, title="Receipt 2026-000123: duplicate")
    assert asked == ["Receipt 2026-000123. duplicate.pdf"]
    assert (tmp_path / "kept.pdf").read_bytes() == pdf
    assert messages == []


def test_a_pdf_is_written_whole_or_not_at_all(
    qtbot, messages, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QWidget

    parent = QWidget()
    qtbot.add_widget(parent)
    target = tmp_path / "packet.pdf"
    target.write_bytes(b"the packet saved yesterday")
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    real_fsync = os.fsync

    def full_disk(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    assert printing.save_pdf(parent, b"%PDF-1.4 new", "packet.pdf") is None
    assert target.read_bytes() == b"the packet saved yesterday"  # untouched
    assert [p.name for p in tmp_path.iterdir()] == ["packet.pdf"]  # no partial file left
    assert messages == [
        "packet.pdf could not be saved: No space left on device. Nothing was written; choose "
        "another folder, or free some space, and save again."
    ]
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert printing.save_pdf(parent, b"%PDF-1.4 new", "packet.pdf") == target
    assert target.read_bytes() == b"%PDF-1.4 new"
    assert printing.save_pdf(parent, b"x", "packet.pdf") == target  # replaced, not appended
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: None)
    assert printing.save_pdf(parent, b"y", "packet.pdf") is None  # cancelled
    assert target.read_bytes() == b"x"


# ---- a paper read and drawn off the window's thread (ui.kit.operations.draw_paper) -----------


def _city_letter(profile: Any) -> bytes:
    """A real paper: one page bearing the City's name, drawn by ReportLab."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=LETTER)
    canvas.drawString(72, 700, profile.city_name)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_paper_is_read_and_drawn_while_the_window_runs_its_timers(
    qtbot, desk, admin, messages
) -> None:
    """Issue 20: a permit was read and drawn on the window's thread, frozen meanwhile (up to
    215 ms for a sidewalk permit). Both now run on a thread of their own, the window's thread
    running its timers (and repainting) until the paper comes back to it."""
    from PySide6.QtWidgets import QWidget

    from clerk_desk.settings_store import city_profile
    from ui.kit.operations import App, draw_paper

    parent = QWidget()
    qtbot.add_widget(parent)
    ran_on: dict[str, str] = {}
    ticked = threading.Event()
    timer = QTimer(parent)
    timer.setInterval(5)
    timer.timeout.connect(ticked.set)  # runs only on the window's thread, in its event loop

    def read(action: Any) -> Any:
        ran_on["read"] = threading.current_thread().name
        return city_profile(action.session)

    def draw(profile: Any) -> tuple[bool, bytes]:
        ran_on["draw"] = threading.current_thread().name
        ticked.clear()
        # Drawn on the window's thread, this would wait the 5 s out: no timer could fire.
        return ticked.wait(5), _city_letter(profile)

    timer.start()
    drawn = draw_paper(parent, App(desk, admin), read, draw)
    timer.stop()
    assert ran_on == {"read": "while painting", "draw": "while painting"}
    assert drawn is not None
    ticked_meanwhile, pdf = drawn
    assert ticked_meanwhile
    assert "City of Prescott" in (PdfReader(io.BytesIO(pdf)).pages[0].extract_text() or "")
    assert messages == []


def test_a_paper_refused_in_its_read_or_its_drawing_is_explained_and_not_printed(
    qtbot, desk, admin, messages
) -> None:
    from PySide6.QtWidgets import QWidget

    from clerk_desk.errors import ClerkDeskError, PermissionDenied
    from clerk_desk.settings_store import city_profile
    from ui.kit.operations import App, draw_paper

    parent = QWidget()
    qtbot.add_widget(parent)
    app = App(desk, admin)
    drawn: list[object] = []

    def refused(action: Any) -> Any:
        raise PermissionDenied("Only an issued permit is printed.", cite="§ 506-9")

    def unreadable(profile: Any) -> bytes:
        raise ClerkDeskError("The permit's site plan is not a picture Clerk Desk can read.")

    assert draw_paper(parent, app, refused, drawn.append) is None
    assert drawn == []  # nothing drawn from a read that failed
    assert draw_paper(parent, app, lambda a: city_profile(a.session), unreadable) is None
    assert messages == [
        "Only an issued permit is printed.",
        "The permit's site plan is not a picture Clerk Desk can read.",
    ]
