"""Flowables that let :func:`reports.document.data_table` print 20,000 rows in linear time.

ReportLab lays out a :class:`~reportlab.platypus.Table` whole: after each page it builds a new
table of the rows left and measures them all again, and it sizes a ``"*"`` column of paragraphs
by measuring every row. A year's receipts register (20,000 rows, 450 pages) took 219 s and
815 MB so. Two flowables make the cost one page's worth per page:

* :class:`PagedTable` holds the rows and cuts one page at a time from a chunk a little longer
  than the page before, with ReportLab's own table split (so a page looks as it did).
* :class:`TextCell` is a cell of plain text set exactly as a Paragraph of the same text and
  style would be (the same line breaks, baseline and colour) without parsing markup, which was
  most of a register's time. Anything a Paragraph does beyond that (a word wider than the
  cell, a line break, indents, justification) it leaves to a real Paragraph.

This module imports ReportLab at the top: it is loaded only when a document is printed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from reportlab import rl_config
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Table
from reportlab.platypus.tables import _calc_pc

MakeTable = Callable[[Sequence[list[Any]], int, bool, list[Any]], Table]
"""``make(rows, first, last, widths)``: a Table of the header and ``rows`` (data rows from
number ``first``), with the total row when ``last``, in columns of ``widths``."""

SPARE_ROWS = 4
"""Rows measured beyond what the page before held, for a page whose rows are a little shorter."""


class PagedTable(Flowable):
    """The rows of a long table from ``start`` on, laid out a page at a time.

    Each split measures a chunk of ``size`` rows (doubling it while the chunk fits), cuts a page
    from it with ReportLab's table split (the header repeated) and leaves the rest to a new
    PagedTable for the next page, measuring as many rows as this page held and a few more.
    """

    def __init__(
        self,
        make: MakeTable,
        widths: list[Any],
        body: Sequence[list[Any]],
        start: int,
        size: int,
    ) -> None:
        super().__init__()
        self.hAlign = "LEFT"
        self._make, self._widths, self._body, self._start = make, widths, body, start
        self._size = size
        self._final: Table | None = None
        self._chunks: dict[int, Table] = {}

    def _chunk(self, end: int) -> Table:
        end = min(end, len(self._body))
        if end not in self._chunks:  # wrap, then split, measure the same chunk
            rows = self._body[self._start : end]
            self._chunks[end] = self._make(rows, self._start, end == len(self._body), self._widths)
        return self._chunks[end]

    def _fix_widths(self, availWidth: float) -> None:
        """Turn ``"*"`` and ``"%"`` widths into points for this frame, once: left to ReportLab,
        a ``"*"`` column of flowables is sized by measuring every row of every chunk."""
        if not any(isinstance(w, str) for w in self._widths):
            return
        points = _calc_pc(self._widths, availWidth)
        if None not in points:
            self._widths = list(points)
            self._chunks.clear()

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self._fix_widths(availWidth)
        remaining = len(self._body) - self._start
        if remaining > self._size:  # more than a page: say so unmeasured, and the frame splits
            self._final = None
            self.width = sum(w for w in self._widths if isinstance(w, int | float))
            self.height = availHeight * remaining / self._size + 1
            return self.width, self.height
        self._final = self._chunk(len(self._body))
        self.width, self.height = self._final.wrap(availWidth, availHeight)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self._fix_widths(availWidth)
        while True:
            end = self._start + self._size
            table = self._chunk(end)
            parts: list[Flowable] = table.split(availWidth, availHeight)
            if end >= len(self._body) or parts != [table]:
                break
            self._size *= 2  # rows shorter than guessed: the chunk fits, measure more
        if end >= len(self._body) or not parts:
            return parts
        page = parts[0]
        used = page._nrows - 1  # the header is repeated on every page
        rest = PagedTable(
            self._make, self._widths, self._body, self._start + used, used + SPARE_ROWS
        )
        return [page, rest]

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        if self._final is None:
            raise RuntimeError("a long table is drawn only page by page, after a split")
        self._final.drawOn(canvas, x, y, _sW)


_SIMPLE_ALIGNMENTS = (TA_LEFT, TA_RIGHT, TA_CENTER)


def is_simple_style(style: Any) -> bool:
    """Whether a Paragraph in ``style`` of plain text is set as :class:`TextCell` sets it."""
    return (
        style.alignment in _SIMPLE_ALIGNMENTS
        and not (style.leftIndent or style.rightIndent or style.firstLineIndent)
        and not (style.backColor or style.borderWidth or style.endDots)
        and not (style.hyphenationLang or style.uriWasteReduce or style.embeddedHyphenation)
        and getattr(style, "autoLeading", "") in ("", "off", None)
        and style.wordWrap is None
        and not getattr(style, "shaping", False)
        and style.splitLongWords
    )


def is_simple_text(text: str) -> bool:
    """Text with nothing a Paragraph treats specially: no line break, no-break or soft hyphen."""
    return not any(c in text for c in "\n\r\xa0\xad\t\u200b")


class TextCell(Flowable):
    """Plain text in a table cell, wrapped at spaces and drawn as a Paragraph would draw it.

    Build it only for :func:`is_simple_text` text in an :func:`is_simple_style` style. Lines
    break as Paragraph's ``breakLines`` breaks a single run of text: words are added while the
    line stays within the width, and a word wider than the cell goes to a real Paragraph, which
    splits it.
    """

    def __init__(self, text: str, style: Any) -> None:
        super().__init__()
        self.text, self.style = text, style
        self.spaceBefore, self.spaceAfter = style.spaceBefore, style.spaceAfter
        self._lines: list[tuple[float, list[str]]] = []
        self._wrapped_for: float | None = None
        self._paragraph: Paragraph | None = None

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if self._paragraph is None and self._wrapped_for != availWidth:
            lines = _break_lines(self.text, self.style, availWidth)
            if lines is None:
                from xml.sax.saxutils import escape

                self._paragraph = Paragraph(escape(self.text), self.style)
            else:
                self._lines, self._wrapped_for = lines, availWidth
        if self._paragraph is not None:
            self.width, self.height = self._paragraph.wrap(availWidth, availHeight)
        else:
            self.width, self.height = availWidth, len(self._lines) * self.style.leading
        return self.width, self.height

    def as_lines(self, width: float) -> str | None:
        """The text broken for a cell ``width`` wide inside its padding, one line per line,
        for a table to draw as a string (its fastest way); None where only this flowable
        sets it right (a word wider than the cell, or spaces shrunk to fit a line)."""
        lines = _break_lines(self.text, self.style, width)
        if lines is None or any(spare < -1e-8 for spare, _ in lines):
            return None
        return "\n".join(" ".join(words) for _, words in lines)

    def draw(self) -> None:
        if self._paragraph is not None:
            self._paragraph.drawOn(self.canv, 0, 0)
            return
        if not self._lines:
            return
        style, canvas = self.style, self.canv
        if rl_config.paraFontSizeHeightOffset:
            y = self.height - style.fontSize
        else:
            y = self.height - getAscentDescent(style.fontName, style.fontSize)[0]
        canvas.setFillColor(style.textColor)  # drawOn restores the colour after
        # One text object moved line to line, as Paragraph writes it, so that text read back
        # from the PDF comes out as it does from a Paragraph.
        text = canvas.beginText(0, y)
        text.setFont(style.fontName, style.fontSize, style.leading)
        start = 0.0
        for spare, words in self._lines:
            shrunk = spare < -1e-8 and len(words) > 1  # spaces shrunk to fit, as Paragraph does
            shifts = {TA_RIGHT: spare, TA_CENTER: spare / 2}
            shift = 0.0 if shrunk else shifts.get(style.alignment, 0.0)
            if abs(shift - start) > 1e-6:
                text.moveCursor(shift - start, 0)
                start = shift
            if shrunk:
                text.setWordSpace(spare / (len(words) - 1))
            text.textLine(" ".join(words))
            if shrunk:
                text.setWordSpace(0)
        canvas.drawText(text)


@lru_cache(maxsize=16)
def _word_widths(font: str, size: float) -> Callable[[str], float]:
    """Widths of words in ``font`` at ``size``, remembered: a register repeats its words (names,
    tenders, operators) thousands of times."""

    @lru_cache(maxsize=20_000)
    def width(word: str) -> float:
        return float(stringWidth(word, font, size))

    return width


def _break_lines(text: str, style: Any, width: float) -> list[tuple[float, list[str]]] | None:
    """``text``'s lines at ``width``, each with its unused width (negative where its spaces
    shrink to fit, by at most ``style.spaceShrinkage`` of a space each, as Paragraph allows),
    broken as Paragraph breaks a single run of text; None when a word is wider than ``width``
    (a Paragraph splits it)."""
    font, size = style.fontName, style.fontSize
    measure = _word_widths(font, size)
    space = measure(" ")
    shrink = style.spaceShrinkage * space
    lines: list[tuple[float, list[str]]] = []
    words: list[str] = []
    used = -space  # the first word has no space before it
    for word in text.split():
        wide = measure(word)
        if wide > width:
            return None
        if used + space + wide > width + shrink * len(words) and words:
            lines.append((width - used, words))
            words, used = [], -space
        words.append(word)
        used += space + wide
    if words:
        lines.append((width - used, words))
    return lines


def as_strings(
    rows: Sequence[list[Any]], widths: Sequence[float], padding: float
) -> list[list[Any]]:
    """``rows`` with each :class:`TextCell` that can be drawn as a string so (see
    :meth:`TextCell.as_lines`), in columns of ``widths`` with ``padding`` each side: a table
    draws a string cell in a fraction of a flowable's time, in its column's font commands."""
    inner = [w - 2 * padding for w in widths]
    out: list[list[Any]] = []
    for row in rows:
        cells = list(row)
        for n, cell in enumerate(cells):
            if isinstance(cell, TextCell):
                lines = cell.as_lines(inner[n])
                if lines is not None:
                    cells[n] = lines
        out.append(cells)
    return out
