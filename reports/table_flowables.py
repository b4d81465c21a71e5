"""Flowables that let :func:`reports.document.data_table` print 20,000 rows in linear time.

ReportLab lays out a :class:`~reportlab.platypus.Table` whole: after each page it builds a new
table of the rows left and measures them all again, and it sizes a ``"*"`` column of paragraphs
by measuring every row. A year's receipts register (20,000 rows, 450 pages) took 219 s and
815 MB so. Two flowables make the cost one page's worth per page:

* :class:`PagedTable` holds the rows, measures each once, cuts a page where a Table would and
  draws it straight on the canvas as a Table would (the same fills, rules and text), without
  building a Table a page: a year's register in a fraction of the time.
* :class:`TextCell` is a cell of plain text set exactly as a Paragraph of the same text and
  style would be (the same line breaks, baseline and colour) without parsing markup, which was
  most of a register's time. Anything a Paragraph does beyond that (a word wider than the
  cell, a line break, indents, justification) it leaves to a real Paragraph.

This module imports ReportLab at the top: it is loaded only when a document is printed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeAlias

from reportlab import rl_config
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getAscentDescent, getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph
from reportlab.platypus.tables import _calc_pc


@dataclass(frozen=True, slots=True)
class TableLook:
    """How a data table is set: its body text, padding, rules and fills.

    One description for both ways a table is drawn: :func:`reports.document.data_table` makes a
    short table's TableStyle commands from it, and :class:`PagedTable` draws a long one's pages
    with it, so the two cannot drift apart.
    """

    font: str
    """Font of the body's plain text (cells a table draws as strings)."""
    size: float
    leading: float
    color: Any
    aligns: tuple[str, ...]
    """``"left"``, ``"right"`` or ``"center"``: each column's body text."""
    top: float
    bottom: float
    side: float
    """Padding left and right of every cell."""
    rule: Any
    """The heavy rules: above and below the header, above the total."""
    grid: Any
    """The light rule under every row."""
    header_fill: Any | None
    zebra_fill: Any | None
    """Every other row's fill (rows numbered in the whole table), or none."""
    rule_weight: float = 0.8
    grid_weight: float = 0.25


class PagedTable(Flowable):
    """The rows of a long table from ``start`` (to ``end``, or on to the total row), drawn
    straight on the canvas a page at a time.

    A ReportLab Table of a page's rows is built, styled (a command per zebra row), measured,
    split and drawn cell by cell through a text object per string: for a year's register that
    was most of its six seconds. This flowable measures each row once (a string cell's lines
    times the leading, a flowable cell wrapped) and draws a page as such a Table draws it, the
    same fills, rules and text at the same places (tests compare the pixels), writing each
    string's text operators itself and remembering them per document, since a register repeats
    its names, tenders and operators thousands of times. Cells that are flowables (a void's
    marked-up kind) are wrapped and drawn as a Table draws them.

    The page is cut where a Table cuts it: after the last row that fits under the header, the
    last data row kept with the total row.
    """

    def __init__(
        self,
        look: TableLook,
        widths: Sequence[Any],
        header: Sequence[Any],
        body: Sequence[Sequence[Any]],
        total: Sequence[Any] | None,
        *,
        total_spans: bool = False,
    ) -> None:
        super().__init__()
        self.hAlign = "LEFT"
        self._rows = _Rows(look, list(widths), header, body, total, total_spans)
        self._start, self._end = 0, len(body)
        self._last = True  # this part ends the table: the total row is drawn under it

    def _part(self, start: int, end: int, last: bool) -> PagedTable:
        part = PagedTable.__new__(PagedTable)
        Flowable.__init__(part)
        part.hAlign = "LEFT"
        part._rows, part._start, part._end, part._last = self._rows, start, end, last
        return part

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        rows = self._rows
        rows.fix_widths(availWidth)
        canv = getattr(self, "canv", None)
        fits, _ = rows.fit(canv, self._start, self._end, self._last, availHeight)
        self.width = rows.columns[-1]
        if fits == self._end - self._start:
            self.height = rows.positions(self._start, self._end, self._last)[0]
        else:  # more than this frame holds: say so, and the frame splits it
            self.height = availHeight + rows.header_height(canv) + 1
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        rows = self._rows
        rows.fix_widths(availWidth)
        fits, whole = rows.fit(
            getattr(self, "canv", None), self._start, self._end, self._last, availHeight
        )
        if whole:
            return [self]
        if fits <= 0:  # not one row under the header: the next frame
            return []
        cut = self._start + fits
        return [self._part(self._start, cut, False), self._part(cut, self._end, self._last)]

    def draw(self) -> None:
        self._rows.draw_page(self.canv, self._start, self._end, self._last)


_MEASURED_AHEAD = 64
"""Rows measured at a time: about a page of a dense register."""

_CellValue: TypeAlias = "list[str] | Flowable"
"""A measured cell: a string's lines, or a flowable."""


@lru_cache(maxsize=4096)
def _number(value: float) -> str:
    """A coordinate as ReportLab writes it: a register's columns and lines repeat page to page."""
    return str(fp_str(value))


class _Rows:
    """What every page of one :class:`PagedTable` shares: the look, the cells, the rows'
    heights as measured, and the text operators written so far for the document."""

    def __init__(
        self,
        look: TableLook,
        widths: list[Any],
        header: Sequence[Any],
        body: Sequence[Sequence[Any]],
        total: Sequence[Any] | None,
        total_spans: bool,
    ) -> None:
        self.look, self.widths = look, widths
        self.header, self.body, self.total = list(header), body, total
        self.total_spans = total_spans
        self.total_cells: list[Any] = list(total or ())
        if total_spans and total:  # the cells under a spanning first one are not drawn
            self.total_cells = [total[0], *([None] * (len(total) - 1))]
        self.columns: list[float] = [0.0]
        self.heights: list[float] = []
        self.cells: list[list[_CellValue]] = []
        self._header_height: float | None = None
        self._total_height: float | None = None
        self._doc: Any = None
        self._operators: dict[str, str] = {}
        self._widths: dict[str, float] = {}
        self._sizes: dict[int, tuple[float, float, float]] = {}

    def fix_widths(self, availWidth: float) -> None:
        """Column widths in points for this frame, once (``"*"`` and ``"%"`` shares of it)."""
        if len(self.columns) > 1:
            return
        points = _calc_pc(self.widths, availWidth)
        if None in points:
            raise ValueError("a long table's columns need widths: points, '%' or '*'")
        self.widths = list(points)
        width = 0.0
        for w in self.widths:  # summed as a Table sums them, so rules end where its do
            width = width + w
            self.columns.append(width)

    # ------------------------------------------------------------ measuring

    def _cell_height(self, canv: Any, cell: _CellValue, width: float) -> float:
        look = self.look
        if isinstance(cell, list):
            t = look.leading * len(cell)
        else:  # as Table._listCellGeom measures a cell of one flowable
            vh = self._wrapped(canv, cell, width, 72000.0)[1]
            sb, sa = cell.getSpaceBefore(), cell.getSpaceAfter()
            t = 0.0
            t += vh + sa + sb
            t = t - sb - sa
        return t + (look.bottom + look.top)

    def _row_height(self, canv: Any, cells: Sequence[_CellValue | None]) -> float:
        h = 0.0
        for n, cell in enumerate(cells):
            if cell is None:  # under a spanning cell
                continue
            t = self._cell_height(canv, cell, self._cell_width(n, cells))
            if t > h:
                h = t
        return h

    def _cell_width(self, n: int, cells: Sequence[Any]) -> float:
        if n == 0 and self.total_spans and cells is self.total_cells:
            return self.columns[-1]  # the total's first cell runs across the table
        width: float = self.widths[n]
        return width

    def header_height(self, canv: Any) -> float:
        if self._header_height is None:
            self._header_height = self._row_height(canv, self.header)
        return self._header_height

    def total_height(self, canv: Any) -> float:
        if self._total_height is None:
            self._total_height = self._row_height(canv, self.total_cells)
        return self._total_height

    def _measure(self, canv: Any, upto: int) -> None:
        """Measure the body's rows up to ``upto`` (each once, in order)."""
        inner = [w - 2 * self.look.side for w in self.widths]
        for row in self.body[len(self.heights) : upto]:
            cells: list[_CellValue] = []
            for n, value in enumerate(row):
                if isinstance(value, str):
                    cells.append(value.split("\n"))
                elif isinstance(value, TextCell):  # a string where it sets as one (as_strings)
                    lines = value.as_lines(inner[n])
                    cells.append(value if lines is None else lines.split("\n"))
                elif isinstance(value, Flowable):
                    cells.append(value)
                else:
                    cells.append(("" if value is None else str(value)).split("\n"))
            self.cells.append(cells)
            self.heights.append(self._row_height(canv, cells))

    def fit(
        self, canv: Any, start: int, end: int, last: bool, availHeight: float
    ) -> tuple[int, bool]:
        """How many rows from ``start`` a page of ``availHeight`` holds under the header, cut
        as ReportLab's Table cuts (the last data row never parted from the total), and whether
        the whole part fits."""
        h = self.header_height(canv)
        if h > availHeight:
            return 0, False
        fits = 0
        for n in range(start, end):
            if n >= len(self.heights):  # a page's worth more, each row measured once
                self._measure(canv, n + _MEASURED_AHEAD)
            rh = self.heights[n]
            if h + rh > availHeight:
                return fits, False
            h = h + rh
            fits += 1
        if last and self.total is not None and h + self.total_height(canv) > availHeight:
            return fits - 1, False
        return fits, True

    def positions(self, start: int, end: int, last: bool) -> list[float]:
        """The rows' top edges from the table's top down to its foot (0), summed as a Table
        sums them."""
        heights = [self._header_height or 0.0, *self.heights[start:end]]
        if last and self.total is not None:
            heights.append(self._total_height or 0.0)
        out: list[float] = []
        height = c = 0.0
        for h in reversed(heights):
            out.append(height)
            y = h - c
            t = height + y
            c = (t - height) - y
            height = t
        out.append(height)
        out.reverse()
        return out

    # ------------------------------------------------------------ drawing

    def draw_page(self, canv: Canvas, start: int, end: int, last: bool) -> None:
        """The page's fills, cells and rules, in the order a Table draws them."""
        look, columns = self.look, self.columns
        totalled = last and self.total is not None
        top = self.positions(start, end, last)
        width = columns[-1]
        canv.saveState()
        if look.header_fill is not None:
            canv.setFillColor(look.header_fill)
            canv.rect(0, top[0], width, top[1] - top[0], stroke=0, fill=1)
        if look.zebra_fill is not None:
            canv.setFillColor(look.zebra_fill)
            for r in range(1, end - start + 1):
                if (start + r - 1) % 2:  # every other row of the whole table
                    canv.rect(0, top[r], width, top[r + 1] - top[r], stroke=0, fill=1)
        self._draw_flowables(canv, self.header, top[1], self._header_height or 0.0)
        canv.setFillColor(look.color)
        for r in range(start, end):
            self._draw_row(canv, self.cells[r], top[r - start + 2], self.heights[r])
            self.cells[r] = []  # each row is drawn once: let its lines go
        if totalled:
            self._draw_flowables(canv, self.total_cells, top[-1], self._total_height or 0.0)
        self._draw_rules(canv, top, totalled)
        canv.restoreState()

    def _draw_row(
        self, canv: Canvas, cells: Sequence[_CellValue], rowpos: float, rowheight: float
    ) -> None:
        """A body row: its strings as Table._drawCell draws them (Canvas.drawString and its
        right and centred kin, top-aligned), its flowables through :meth:`_draw_flowable`."""
        look = self.look
        first = rowpos + rowheight - look.top - look.size
        for n, cell in enumerate(cells):
            colpos, colwidth, align = self.columns[n], self.widths[n], look.aligns[n]
            if not isinstance(cell, list):
                self._draw_flowable(canv, cell, colpos, colwidth, rowpos, rowheight, align)
                continue
            y = first
            for line in cell:
                if line:
                    self._draw_string(canv, line, colpos, colwidth, y, align)
                y -= look.leading

    def _draw_flowables(
        self, canv: Canvas, cells: Sequence[Any], rowpos: float, rowheight: float
    ) -> None:
        """The header or the total row: flowables, left-aligned (no ALIGN reaches them)."""
        for n, cell in enumerate(cells):
            if cell is not None:
                width = self._cell_width(n, cells)
                self._draw_flowable(canv, cell, self.columns[n], width, rowpos, rowheight, "left")

    def _draw_flowable(
        self,
        canv: Canvas,
        cell: Flowable,
        colpos: float,
        colwidth: float,
        rowpos: float,
        rowheight: float,
        align: str,
    ) -> None:
        """As Table._drawCell draws a cell of one flowable, aligned to the top."""
        look = self.look
        w, h = self._wrapped(canv, cell, colwidth, rowheight)
        y = rowpos + rowheight - look.top
        y += cell.getSpaceBefore()
        y -= cell.getSpaceBefore()
        y -= h
        if align == "right":
            x = colpos + colwidth - look.side - w
        elif align == "center":
            x = colpos + (colwidth + look.side - look.side - w) / 2.0
        else:
            x = colpos + look.side
        cell.drawOn(canv, x, y)

    def _wrapped(
        self, canv: Any, cell: Flowable, colwidth: float, height: float
    ) -> tuple[float, float]:
        """A flowable cell wrapped to its column, once: its size does not depend on the height
        offered (measured with a Table's 72,000 points, drawn with the row's)."""
        known = self._sizes.get(id(cell))
        if known is not None and known[0] == colwidth:
            return known[1], known[2]
        look = self.look
        w, h = cell.wrapOn(canv, colwidth - 2 * look.side, height - look.top - look.bottom)
        self._sizes[id(cell)] = (colwidth, w, h)
        return w, h

    def _draw_string(
        self, canv: Canvas, text: str, colpos: float, colwidth: float, y: float, align: str
    ) -> None:
        """One line of a string cell, written as Canvas.drawString writes it (a text object of
        its own) from operators remembered for this document."""
        look = self.look
        if align == "left":
            x = colpos + look.side
        else:
            wide = self._widths.get(text)
            if wide is None:
                wide = self._widths[text] = stringWidth(text, look.font, look.size)
            if align == "right":
                x = colpos + colwidth - look.side - wide
            else:
                x = colpos + (colwidth + look.side - look.side) * 0.5 - 0.5 * wide
        operators = self._text_operators(canv, text)
        if operators is None:
            canv.setFont(look.font, look.size, look.leading)
            canv.drawString(x, y, text)
            return
        canv.addLiteral(f"BT 1 0 0 1 {_number(x)} {_number(y)} Tm {operators} T* ET")

    def _text_operators(self, canv: Canvas, text: str) -> str | None:
        """The font and show-text operators of ``text`` in the body's embedded font, as
        ReportLab's text object writes them (ttfonts' documented way for a dynamic font), or
        None for a font that is not embedded subset by subset."""
        doc = canv._doc
        if doc is not self._doc:  # subsets are numbered per document
            self._doc, self._operators = doc, {}
        known = self._operators.get(text)
        if known is not None:
            return known
        font = getFont(self.look.font)
        if not getattr(font, "_dynamicFont", False) or not canv.bottomup:
            return None
        tail = f"{fp_str(self.look.size)} Tf {fp_str(self.look.leading)} TL"
        parts = []
        for subset, chunk in font.splitString(text, doc):
            parts.append(f"{font.getSubsetInternalName(subset, doc)} {tail}")
            parts.append(f"({escapePDF(chunk)}) Tj")
        operators = self._operators[text] = " ".join(parts)
        return operators

    def _draw_rules(self, canv: Canvas, top: list[float], totalled: bool) -> None:
        """The rules, as a Table draws its LINEABOVE and LINEBELOW commands (round caps)."""
        look, width = self.look, self.columns[-1]
        canv.saveState()
        canv.setLineCap(1)
        canv.setLineJoin(1)
        canv.setStrokeColor(look.rule)
        canv.setLineWidth(look.rule_weight)
        canv.line(0, top[0], width, top[0])
        canv.line(0, top[1], width, top[1])
        canv.setStrokeColor(look.grid)
        canv.setLineWidth(look.grid_weight)
        for y in top[2:]:
            canv.line(0, y, width, y)
        if totalled:
            canv.setStrokeColor(look.rule)
            canv.setLineWidth(look.rule_weight)
            canv.line(0, top[-2], width, top[-2])
        canv.restoreState()


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


_SPECIAL_CHARACTERS = re.compile("[\n\r\xa0\xad\t\u200b]")


def is_simple_text(text: str) -> bool:
    """Text with nothing a Paragraph treats specially: no line break, no-break or soft hyphen."""
    return _SPECIAL_CHARACTERS.search(text) is None


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
        if lines is None:
            return None
        for spare, _ in lines:
            if spare < -1e-8:
                return None
        if len(lines) == 1:
            return " ".join(lines[0][1])
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
