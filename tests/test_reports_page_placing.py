"""Pages of a scan set into a City document (reports.page_placing): read, placed, drawn under.

A scan is read into sheets (a PDF page by page, a picture whole, a notice for what cannot be
read); a placed PDF page lands exactly in its frame whatever its /Rotate; and drawn under a
page of the document it keeps its own text, so the result reads back with pypdf.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen.canvas import Canvas

from reports import packet
from reports.page_placing import (
    Sheet,
    draw_under,
    form_xobject,
    placing_matrix,
    read_sheets,
)

pytestmark = pytest.mark.usefixtures("papers_checked")


def _pdf(pages: int = 2, size: tuple[float, float] = (612.0, 396.0), rotate: int = 0) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size)
    for n in range(1, pages + 1):
        canvas.setFont("Helvetica", 20)
        canvas.drawString(40, 40, f"SCANNED SHEET {n}")
        canvas.showPage()
    canvas.save()
    if not rotate:
        return buffer.getvalue()
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(buffer.getvalue())))
    for page in writer.pages:
        page.rotate(rotate)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _png(size: tuple[int, int] = (300, 200)) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", size, "white").save(buffer, "PNG")
    return buffer.getvalue()


def _scan_form(page: Any) -> int:
    """The object number of the scan drawn under ``page``."""
    xobjects = page["/Resources"]["/XObject"]
    return int(xobjects.raw_get("/ClerkScan").idnum)


def _apply(matrix: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return (round(a * x + c * y + e, 6), round(b * x + d * y + f, 6))


def test_a_pdf_is_read_page_by_page_with_its_captions_and_share_key() -> None:
    sheets = read_sheets(_pdf(2), caption="Site plan", name="plan.pdf", share="ab12", missing="")
    assert [(s.kind, s.caption, s.share) for s in sheets] == [
        ("pdf", "Site plan, page 1 of 2", ("ab12", 1)),
        ("pdf", "Site plan, page 2 of 2", ("ab12", 2)),
    ]
    assert (sheets[0].width, sheets[0].height, sheets[0].box) == (612.0, 396.0, (0, 0, 612, 396))
    [one] = read_sheets(_pdf(1), caption="Plan", name="plan.pdf", share=None, missing="")
    assert (one.caption, one.share) == ("Plan", None)


def test_a_turned_page_is_seen_as_it_is_shown() -> None:
    [turned] = read_sheets(_pdf(1, rotate=90), caption="", name="p", share=None, missing="")
    assert (turned.rotation, turned.width, turned.height) == (90, 396.0, 612.0)


def test_a_picture_is_one_sheet_and_what_cannot_be_read_a_notice() -> None:
    [picture] = read_sheets(_png(), caption="Photo", name="p.png", share=None, missing="")
    assert (picture.kind, picture.width, picture.height) == ("image", 300.0, 200.0)
    [missing] = read_sheets(None, caption="Plan", name="p", share=None, missing="No plan.")
    assert (missing.kind, missing.notice) == ("notice", "No plan.")
    [text] = read_sheets(b"hello", caption="Plan", name="plan.txt", share=None, missing="")
    assert text.kind == "notice"
    assert text.notice.startswith("The scan plan.txt is attached, but it is not a PDF, PNG")
    [broken] = read_sheets(b"%PDF-1.4 broken", caption="", name="b.pdf", share=None, missing="")
    assert broken.kind == "notice" and "cannot be read" in broken.notice


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_a_placed_page_fills_its_frame_whatever_its_turn(rotation: int) -> None:
    """The crop box's corners land on the frame's corners: the frame at (100, 50), the page
    shown at half its size (as turned, 612 x 396 or 396 x 612)."""
    box = (10.0, 20.0, 622.0, 416.0)  # a crop box not at the origin
    turned = rotation in (90, 270)
    sheet = Sheet(
        "",
        "pdf",
        width=396.0 if turned else 612.0,
        height=612.0 if turned else 396.0,
        box=box,
        rotation=rotation,
    )
    matrix = placing_matrix(sheet, 100.0, 50.0, 0.5)
    corners = {_apply(matrix, x, y) for x in (box[0], box[2]) for y in (box[1], box[3])}
    w, h = sheet.width * 0.5, sheet.height * 0.5
    assert corners == {(100.0, 50.0), (100.0 + w, 50.0), (100.0, 50.0 + h), (100.0 + w, 50.0 + h)}


def test_a_page_drawn_under_keeps_its_text_and_is_embedded_once() -> None:
    [sheet] = read_sheets(_pdf(1), caption="", name="p.pdf", share=None, missing="")
    writer = PdfWriter()
    for _ in range(2):
        writer.add_blank_page(612, 792)
    form = form_xobject(writer, sheet)
    for page in writer.pages:
        draw_under(writer, page, form, placing_matrix(sheet, 0.0, 396.0, 1.0))
    out = io.BytesIO()
    writer.write(out)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert [page.extract_text().strip() for page in reader.pages] == ["SCANNED SHEET 1"] * 2
    forms = {_scan_form(page) for page in reader.pages}
    assert len(forms) == 1  # the same form on both pages
    content = reader.pages[0].get_contents()
    assert content is not None
    assert content.get_data().startswith(b"q 1.0000 0.0000 0.0000 1.0000 0.0000 396.0000 cm")


def test_the_agenda_packet_uses_the_same_helpers() -> None:
    assert packet._sheets is read_sheets and packet._placing_matrix is placing_matrix
    assert packet._Sheet is Sheet
