"""Scanned pages set into a finished PDF by an incremental update (reports.pdf_update).

The document ReportLab wrote stays as it is, at the start of the file; each scanned page is
appended as a form XObject whose picture is the scanner's bytes, byte for byte; each scan is
read once, when its pages are set in; one that cannot be read then leaves its frame empty and
the others are set in. Read back with pypdf and rendered with pdfium.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pypdfium2
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from reports.page_placing import Sheet, placing_matrix, read_sheets
from reports.pdf_update import Setting, set_in

pytestmark = pytest.mark.usefixtures("papers_checked")


def _jpeg(seed: int) -> bytes:
    """A small grey scan of paper grain, as a scanner's JPEG."""
    grain = random.Random(seed).randbytes(200 * 260)
    buffer = io.BytesIO()
    Image.frombytes("L", (200, 260), grain).save(buffer, "JPEG", quality=80)
    return buffer.getvalue()


def _scan(seed: int, pages: int = 1) -> bytes:
    """A scanned PDF: each page one JPEG, as a scanner's PDF keeps it."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612, 792))
    for page in range(pages):
        canvas.drawImage(ImageReader(io.BytesIO(_jpeg(seed * 10 + page))), 0, 0, 612, 792)
        canvas.drawString(72, 72, f"SCAN {seed} PAGE {page + 1}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _document(pages: int) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612, 792))
    for n in range(1, pages + 1):
        canvas.drawString(72, 740, f"PLACEHOLDER {n}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _counted(content: bytes | None, reads: list[int]) -> Callable[[], bytes | None]:
    def source() -> bytes | None:
        reads.append(1)
        return content

    return source


def _sheets(content: bytes, reads: list[int], share: str | None = None) -> list[Sheet]:
    return read_sheets(
        content,
        caption="Scan",
        name="scan.pdf",
        share=share,
        missing="",
        source=_counted(content, reads),
    )


def _setting(index: int, sheet: Sheet) -> Setting:
    return Setting(index, sheet, placing_matrix(sheet, 36.0, 36.0, 0.5))


def _pictures(reader: PdfReader, page: Any) -> list[Any]:
    """The picture streams of the scanned page drawn under ``page``."""
    form = page["/Resources"]["/XObject"]["/ClerkScan"].get_object()
    return [x.get_object() for x in form["/Resources"]["/XObject"].values()]


def test_a_scanned_page_is_copied_byte_for_byte_after_the_document() -> None:
    document, scan = _document(3), _scan(1)
    reads: list[int] = []
    [sheet] = _sheets(scan, reads)
    assert sheet.content == b"" and sheet.resources is None  # nothing held until set in
    out = io.BytesIO()
    set_in(document, [_setting(1, sheet)], out)
    packet = out.getvalue()

    assert packet.startswith(document)  # an update appended: ReportLab's bytes untouched
    reader = PdfReader(io.BytesIO(packet))
    assert len(reader.pages) == 3
    [picture] = _pictures(reader, reader.pages[1])
    [original] = [
        x.get_object()
        for x in PdfReader(io.BytesIO(scan)).pages[0]["/Resources"]["/XObject"].values()
    ]
    assert picture.get("/Filter") == original.get("/Filter")
    assert picture._data == original._data  # the scanner's JPEG, never decoded nor encoded
    assert "SCAN 1 PAGE 1" in reader.pages[1].extract_text()
    assert "PLACEHOLDER 2" in reader.pages[1].extract_text()  # drawn over the scan
    assert "/ClerkScan" not in reader.pages[0]["/Resources"].get("/XObject", {})
    assert reads == [1]


def test_pdfium_shows_the_scan_in_its_frame_and_the_pages_around_it_as_they_were() -> None:
    out = io.BytesIO()
    [sheet] = _sheets(_scan(2), [])
    set_in(_document(2), [_setting(0, sheet)], out)
    document = pypdfium2.PdfDocument(out.getvalue())
    try:
        assert len(document) == 2
        grey = [document[i].render(scale=0.25, grayscale=True).to_pil() for i in range(2)]
    finally:
        document.close()
    inside = (int(36 * 0.25) + 20, grey[0].height - int(36 * 0.25) - 20)  # within the frame
    assert grey[0].getpixel(inside) < 200  # the grain of the scan
    assert grey[1].getpixel(inside) == 255  # the page without a scan stays white


def test_each_scan_is_read_once_and_a_page_set_twice_is_embedded_once() -> None:
    reads: list[int] = []
    two_pages = _sheets(_scan(3, pages=2), reads, share="aa")
    again = _sheets(_scan(3, pages=2), reads, share="aa")  # the same scan attached twice
    settings = [_setting(0, two_pages[0]), _setting(1, two_pages[1]), _setting(2, again[0])]
    out = io.BytesIO()
    set_in(_document(3), settings, out)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    forms = [
        int(page["/Resources"]["/XObject"].raw_get("/ClerkScan").idnum) for page in reader.pages
    ]
    assert forms[0] != forms[1] and forms[2] == forms[0]
    assert len(reads) == 1  # both pages from one read; the second attachment from the first


def test_a_scan_gone_when_set_in_leaves_its_frame_empty_and_the_others_are_set() -> None:
    [gone] = read_sheets(
        _scan(4), caption="", name="gone.pdf", share=None, missing="", source=lambda: None
    )
    [damaged] = read_sheets(
        _scan(5), caption="", name="bad.pdf", share=None, missing="", source=lambda: b"%PDF-1.4"
    )
    [kept] = _sheets(_scan(6), [])
    out = io.BytesIO()
    set_in(_document(3), [_setting(0, gone), _setting(1, damaged), _setting(2, kept)], out)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    drawn = ["/ClerkScan" in p["/Resources"].get("/XObject", {}) for p in reader.pages]
    assert drawn == [False, False, True]
    assert [p.extract_text().strip().splitlines()[0] for p in reader.pages[:2]] == [
        "PLACEHOLDER 1",
        "PLACEHOLDER 2",
    ]


def test_without_settings_the_document_is_written_as_it_is() -> None:
    document = _document(1)
    out = io.BytesIO()
    set_in(document, [], out)
    assert out.getvalue() == document
