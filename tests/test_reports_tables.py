"""Long tables print a page at a time and look as a one-piece ReportLab table would.

A register of thousands of rows is laid out by :class:`reports.table_flowables.PagedTable`
(pages cut one by one) with plain text set by :class:`~reports.table_flowables.TextCell` or
drawn as strings. These tests read the pages back: every row once and in order, the header on
every page, the total with the last row, and text set pixel for pixel as a Paragraph sets it.
"""

from __future__ import annotations

import io
from typing import Any

import papers  # type: ignore[import-not-found]
import pypdfium2
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from clerk_desk.settings import CityProfile
from reports.document import (
    LETTER_LANDSCAPE,
    PAGE_CHUNK,
    build_pdf,
    data_table,
    dense_styles,
    para,
)
from reports.fonts import FONT_REGULAR
from reports.table_flowables import PagedTable, TextCell

pytestmark = pytest.mark.usefixtures("papers_checked")

PAYERS = ["Zoë Šimková", "Prescott Hardware & Lumber, LLC <main>", "J. Smith"]


def _register(count: int, *, align: Any = ("left", "left", "right"), **options: Any) -> bytes:
    rows = [
        (f"R-{n:05d}", PAYERS[n % 3] + (" and the long trustee name" * (n % 4)), f"${n}.00")
        for n in range(1, count + 1)
    ]
    total = ["", f"Total of {count}", "$1.00"]
    if options.get("total_spans"):
        total = [f"Total of {count} receipts, $1.00", "", ""]
    table = data_table(
        ["Receipt", "Payer", "Amount"],
        rows,
        col_widths=[70, "*", 70],
        align=list(align),
        total_row=total,
        **options,
    )
    return build_pdf([table], profile=CityProfile(), title="Long", pagesize=LETTER_LANDSCAPE)


def test_a_long_table_lists_every_row_once_in_order_with_the_header_on_every_page() -> None:
    count = PAGE_CHUNK * 6 + 7
    pages = papers.raw_page_texts(_register(count, dense=True))
    assert len(pages) > 4
    numbers = [
        line.split()[0] for page in pages for line in page.splitlines() if line.startswith("R-")
    ]
    assert numbers == [f"R-{n:05d}" for n in range(1, count + 1)]
    for page in pages:
        assert "Receipt" in page and "Payer" in page and "Amount" in page
    assert f"Total of {count}" in pages[-1]
    assert f"R-{count:05d}" in pages[-1]  # the total stays with the last row
    assert "Prescott Hardware & Lumber, LLC <main>" in papers.raw_text(_register(count))


def test_a_long_table_is_a_paged_table_and_a_short_one_a_plain_table() -> None:
    rows = [("1", "x")] * (PAGE_CHUNK + 1)
    assert isinstance(data_table(["A", "B"], rows), PagedTable)
    assert not isinstance(data_table(["A", "B"], rows[:PAGE_CHUNK]), PagedTable)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"dense": True},
        {"compact": True},
        {"zebra": False, "align": ("center", "right", "left")},
        {"total_spans": True, "dense": True},
    ],
    ids=["letter", "dense", "compact", "unstriped-aligned", "spanning-total"],
)
def test_a_long_table_looks_as_the_same_rows_in_one_reportlab_table(
    options: dict[str, Any],
) -> None:
    """The same 200 rows as one ReportLab table (the chunk size raised) and drawn page by
    page by PagedTable, in each of data_table's looks."""
    import reports.document as document

    paged = _register(200, **options)
    original = document.PAGE_CHUNK
    document.PAGE_CHUNK = 10_000
    try:
        whole = _register(200, **options)
    finally:
        document.PAGE_CHUNK = original
    assert papers.page_count(paged) == papers.page_count(whole)
    for number, (a, b) in enumerate(zip(_pixels(paged), _pixels(whole), strict=True)):
        differing = _differing_rows(a, b, threshold=4)
        # ReportLab's own split draws a later page's header rule in the grid's grey; ours keeps
        # the navy rule of the first page: at most that one line of pixels may differ.
        assert len(differing) <= (2 if number else 0), (number, differing)


STYLE = dense_styles().cell


@pytest.mark.parametrize(
    ("text", "width", "alignment"),
    [
        ("Prescott Hardware & Lumber, LLC", 60, TA_LEFT),
        ("Prescott Hardware & Lumber, LLC", 60, TA_RIGHT),
        ("Prescott Hardware & Lumber, LLC", 60, TA_CENTER),
        ("Zoë Šimková  Nguyễn   Văn An", 300, TA_LEFT),
        ("one two three four five six seven", 112.2, TA_LEFT),  # spaces shrunk to fit
        ("Supercalifragilisticexpialidocious street", 50, TA_LEFT),  # a word wider than the cell
        ("", 80, TA_LEFT),
    ],
)
def test_a_text_cell_is_set_exactly_as_a_paragraph(text: str, width: float, alignment: int) -> None:
    style = ParagraphStyle("t", parent=STYLE, alignment=alignment)
    cell, paragraph = TextCell(text, style), para(text, style)
    assert cell.wrap(width, 500) == paragraph.wrap(width, 500)
    assert _differing_rows(_drawn(cell, width), _drawn(paragraph, width)) == []
    assert _drawn_text(cell, width) == _drawn_text(paragraph, width)


def _drawn(flowable: Any, width: float) -> Any:
    return _pixels(_drawn_pdf(flowable, width))[0]


def _drawn_text(flowable: Any, width: float) -> str:
    return papers.raw_text(_drawn_pdf(flowable, width))


def _drawn_pdf(flowable: Any, width: float) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width + 20, 200))
    canvas.setFont(FONT_REGULAR, 10)
    flowable.wrapOn(canvas, width, 180)
    flowable.drawOn(canvas, 10, 200 - 10 - flowable.height)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _pixels(pdf: bytes) -> list[Any]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [document[n].render(scale=2).to_pil().convert("L") for n in range(len(document))]
    finally:
        document.close()


def _differing_rows(a: Any, b: Any, *, threshold: int = 40) -> list[int]:
    """Rows of pixels where ``a`` and ``b`` differ by more than ``threshold`` (of 255); the
    zebra's fill is 8 from white, so a check of the fills asks for less than that."""
    from PIL import ImageChops

    assert a.size == b.size
    difference = ImageChops.difference(a, b).point(lambda v: 255 if v > threshold else 0)
    box = difference.getbbox()
    if box is None:
        return []
    return [y for y in range(box[1], box[3]) if difference.crop((0, y, a.size[0], y + 1)).getbbox()]
