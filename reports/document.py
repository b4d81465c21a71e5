"""Build a City document: letterhead, page numbers, metadata, shared styles and tables.

Every PDF a person holds (receipt, permit, notice, letter, agenda packet, register printout) goes
through :func:`build_pdf` or, for the 80 mm receipt printer, :func:`build_roll_pdf`. A workflow's
report module only assembles a *story* (a list of platypus flowables) with the helpers here, so
all documents share one look, one font that prints every name, and one page-numbering scheme.

User text (names, addresses, remarks) must go through :func:`para` (or the table helpers, which
call it): a Paragraph interprets ``<`` and ``&`` as markup, so "Smith & Sons <LLC>" typed at the
counter would otherwise print wrongly or fail the whole document.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal
from xml.sax.saxutils import escape

from clerk_desk.money import Money
from clerk_desk.settings import CityProfile

from . import letterhead as lh
from .fonts import FONT_BOLD, FONT_FAMILY, FONT_REGULAR, register_fonts, text_width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Flowable, Paragraph, Table
    from reportlab.platypus.doctemplate import BaseDocTemplate

    from .table_flowables import TableLook

INCH = lh.INCH
MM = lh.MM

LETTER: tuple[float, float] = (612.0, 792.0)
"""US letter, portrait: the default for every sheet document."""
LETTER_LANDSCAPE: tuple[float, float] = (792.0, 612.0)
"""US letter, landscape: wide registers and distribution reports."""

ROLL_WIDTH = 80 * MM
"""Width of the receipt-printer roll (80 mm = 226.77 pt)."""
ROLL_MARGIN = 4 * MM
"""Side margin on the roll: thermal heads print about 72 mm of the 80 mm paper."""
ROLL_CONTENT_WIDTH = ROLL_WIDTH - 2 * ROLL_MARGIN
_ROLL_TOP = 4 * MM
_ROLL_BOTTOM = 8 * MM  # room above the cutter so the last line is not torn
_MAX_PAGE_HEIGHT = 14400.0  # PDF's largest page side (200 in); a longer receipt is a bug

Align = Literal["left", "right", "center"]


HEADER_FILL_HEX = "#E3E8EF"
ZEBRA_FILL_HEX = "#F5F7FA"
GRID_HEX = "#B8C2CE"


# ---------------------------------------------------------------- styles


@dataclass(frozen=True, slots=True)
class DocStyles:
    """The paragraph styles every document uses; ``styles()`` returns one shared instance.

    Do not mutate them: copy with ``ParagraphStyle(name=..., parent=s.body, ...)`` for a variant.
    """

    title: Any
    """Document title ("Street Opening Permit"), navy bold."""
    subtitle: Any
    """Line under the title (permit number, date), grey."""
    heading: Any
    """Section heading inside a document."""
    body: Any
    """Running text of letters and notices, justified-free (ragged right reads better)."""
    body_bold: Any
    small: Any
    """Fine print: citations, conditions, footnotes."""
    cell: Any
    """Table cell text."""
    cell_right: Any
    """Table cell for amounts and counts (right-aligned)."""
    cell_center: Any
    header_cell: Any
    """Table header row text (bold)."""
    header_cell_right: Any
    label: Any
    """Label of a key/value block ("Applicant"), bold grey."""
    value: Any
    """Value of a key/value block."""
    amount_total: Any
    """Right-aligned bold: totals on receipts and reports."""


def prepare() -> None:
    """Make ready what the first paper of a session needs and every later one finds made: the
    fonts registered (80 ms of reading TrueType), the styles built and the shipped seal read and
    encoded (35 ms). Until this was called ahead of time, the first receipt of the day paid for
    them, with ReportLab's import, on the window's thread: 240 ms after Save (issue 20).
    Thread-safe; a custom logo is still read when first printed."""
    register_fonts()
    styles()
    styles(compact=True)
    lh.resolve_logo(CityProfile())


def styles(*, compact: bool = False) -> DocStyles:
    """Shared paragraph styles; ``compact=True`` gives the smaller set for the 80 mm roll."""
    return _styles(compact)


@lru_cache(maxsize=2)
def _styles(compact: bool) -> DocStyles:
    register_fonts()
    from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle

    navy, grey, ink = lh.color(lh.NAVY_HEX), lh.color(lh.GREY_HEX), lh.color("#111418")
    k = 0.82 if compact else 1.0
    if compact:  # thermal printers have no grey or blue: they dither it into faint dots
        navy = grey = ink

    def ps(name: str, size: float, leading: float, **kw: Any) -> ParagraphStyle:
        kw.setdefault("fontName", FONT_FAMILY)
        # ReportLab draws bullets and list numbers in Helvetica, never embedded, unless told.
        kw.setdefault("bulletFontName", FONT_REGULAR)
        kw.setdefault("textColor", ink)
        kw.setdefault("alignment", TA_LEFT)
        return ParagraphStyle(
            name=f"clerk-{'roll-' if compact else ''}{name}",
            fontSize=round(size * k, 1),
            leading=round(leading * k, 1),
            **kw,
        )

    return DocStyles(
        title=ps(
            "title",
            16 if not compact else 13.5,
            20 if not compact else 17,
            fontName=FONT_BOLD,
            textColor=navy,
            spaceAfter=4 * k,
            alignment=TA_CENTER if compact else TA_LEFT,
        ),
        subtitle=ps(
            "subtitle",
            10.5,
            14,
            textColor=grey,
            spaceAfter=10 * k,
            alignment=TA_CENTER if compact else TA_LEFT,
        ),
        heading=ps(
            "heading",
            11.5,
            15,
            fontName=FONT_BOLD,
            textColor=navy,
            spaceBefore=10 * k,
            spaceAfter=4,
            keepWithNext=1,  # never a heading alone at the foot of a page
        ),
        body=ps("body", 10, 14, spaceAfter=6 * k),
        body_bold=ps("body-bold", 10, 14, fontName=FONT_BOLD, spaceAfter=6 * k),
        small=ps("small", 8, 10.5, textColor=grey),
        cell=ps("cell", 9, 11.5),
        cell_right=ps("cell-right", 9, 11.5, alignment=TA_RIGHT),
        cell_center=ps("cell-center", 9, 11.5, alignment=TA_CENTER),
        header_cell=ps("header-cell", 9, 11.5, fontName=FONT_BOLD, textColor=navy),
        header_cell_right=ps(
            "header-cell-right", 9, 11.5, fontName=FONT_BOLD, textColor=navy, alignment=TA_RIGHT
        ),
        label=ps("label", 9, 12, fontName=FONT_BOLD, textColor=grey),
        value=ps("value", 10, 12.5),
        amount_total=ps("amount-total", 10, 13, fontName=FONT_BOLD, alignment=TA_RIGHT),
    )


# ---------------------------------------------------------------- flowable helpers


def para(text: object, style: Any | None = None) -> Paragraph:
    """A Paragraph of *plain* text: markup characters escaped, line breaks kept.

    ``None`` prints as nothing. Use this for anything a person typed; write a Paragraph with
    markup yourself only for fixed text such as ``"<b>Total</b>"``.
    """
    from reportlab.platypus import Paragraph

    content = "" if text is None else escape(str(text)).replace("\n", "<br/>")
    return Paragraph(content, style if style is not None else styles().body)


def _cell(value: object, style: Any) -> Any:
    from reportlab.platypus import Flowable

    if isinstance(value, Flowable):
        return value
    return para(value, style)


def key_value_block(
    pairs: Iterable[tuple[str, object]],
    *,
    label_width: float = 1.55 * INCH,
    compact: bool = False,
) -> Table:
    """Label/value lines ("Applicant: Zoë Šimková") as an unruled two-column table.

    The value column takes the rest of the frame width, so long addresses wrap under themselves
    instead of under the label. Values are plain text (escaped) or flowables; ``None`` is blank.
    """
    from reportlab.platypus import Table, TableStyle

    st = styles(compact=compact)
    data = [[para(label, st.label), _cell(value, st.value)] for label, value in pairs]
    table = Table(data, colWidths=[label_width, "*"], hAlign="LEFT")
    pad = 1.5 if compact else 2.5
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),  # else Helvetica is listed
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), pad),
                # labels are a point smaller than values: drop them onto the same baseline
                ("TOPPADDING", (0, 0), (0, -1), pad + (0.9 if compact else 1.0)),
                ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
            ]
        )
    )
    return table


def data_table(
    header: Sequence[str],
    rows: Iterable[Sequence[object]],
    *,
    col_widths: Sequence[float | str | None] | None = None,
    align: Sequence[Align] | None = None,
    total_row: Sequence[object] | None = None,
    compact: bool = False,
    zebra: bool = True,
    plain: Sequence[bool] | None = None,
    dense: bool = False,
    total_spans: bool = False,
) -> Flowable:
    """A ruled table whose header row repeats on every page it spans.

    ``col_widths`` are points, ``"25%"`` or ``"*"`` (share of what is left); default: equal
    shares. ``align`` per column: ``"right"`` for amounts and counts. ``total_row`` is set in
    bold under a rule and stays with the last data row; ``total_spans=True`` lets its first cell
    run across the whole width. Cells are plain text, flowables or None.
    ``compact=True`` (receipt roll) uses the small black styles and no fills.

    ``plain`` per column: ``True`` sets that column's text as it is, line by line, instead of
    as a paragraph that wraps. It looks the same and lays out many times faster, which counts
    in a table of hundreds of rows; but a line too long for the column runs over it, so use it
    only for values of known width: numbers, dates, codes, "Yes"/"No".

    ``dense=True`` sets the cells at :data:`DENSE_SIZE` points with little padding, for a
    register of many rows: 40 and more to a landscape page.

    A table of more than :data:`PAGE_CHUNK` rows is laid out a page at a time
    (:class:`reports.table_flowables.PagedTable`), so a register of 20,000 rows costs 20,000
    rows' work, not the square of it as one ReportLab table re-measured after every page.
    """
    st = dense_styles() if dense else styles(compact=compact)
    ncols = len(header)
    aligns: list[Align] = list(align) if align is not None else ["left"] * ncols
    if len(aligns) != ncols:
        raise ValueError(f"align has {len(aligns)} entries for {ncols} columns")
    plains = list(plain) if plain is not None else [False] * ncols
    if len(plains) != ncols:
        raise ValueError(f"plain has {len(plains)} entries for {ncols} columns")
    data = _table_cells(st, header, rows, total_row, aligns, plains)
    body = data[1:-1] if total_row is not None else data[1:]
    layout = _TableLayout(
        st,
        list(col_widths) if col_widths is not None else [f"{100 / ncols:.4f}%"] * ncols,
        aligns,
        plains,
        compact=compact,
        dense=dense,
        zebra=zebra,
        total_spans=total_spans,
        header=data[0],
        total=data[-1] if total_row is not None else None,
    )
    if len(body) <= PAGE_CHUNK:
        return layout.table(body, first=0, last=True)
    from .table_flowables import PagedTable

    return PagedTable(
        layout.look(),
        layout.widths,
        data[0],
        body,
        data[-1] if total_row is not None else None,
        total_spans=total_spans,
    )


PAGE_CHUNK = 60
"""Rows above which a :func:`data_table` is drawn page by page by
:class:`~reports.table_flowables.PagedTable` rather than as one ReportLab Table."""


@dataclass(frozen=True, slots=True)
class _TableLayout:
    """How :func:`data_table` sets any run of its rows: widths, fonts, rules and fills."""

    st: Any
    widths: list[float | str | None]
    aligns: list[Align]
    plains: list[bool]
    compact: bool
    dense: bool
    zebra: bool
    total_spans: bool
    header: list[Any]
    total: list[Any] | None

    def table(
        self,
        body: Sequence[list[Any]],
        first: int = 0,
        last: bool = True,
        widths: Sequence[float | str | None] | None = None,
    ) -> Table:
        """A Table of the header and ``body`` (data rows from number ``first``, counted from
        0), with the total row when ``last``. Zebra fills follow the row's number in the
        whole table, so a page cut from the middle is striped as the whole would be."""
        from reportlab.platypus import Table, TableStyle

        totalled = last and self.total is not None
        columns = list(widths or self.widths)
        if all(isinstance(w, int | float) for w in columns):
            from .table_flowables import as_strings

            body = as_strings(body, columns, CELL_PADDING)  # type: ignore[arg-type]
        data = [self.header, *body, *([self.total] if totalled else [])]
        table = Table(data, colWidths=columns, repeatRows=1, hAlign="LEFT")
        commands = _table_commands(
            self.look(),
            body_rows=len(body),
            zebra_from=(2 - first % 2) if self.zebra else None,
            totalled=totalled,
        )
        if totalled and self.total_spans:
            commands.append(("SPAN", (0, -1), (-1, -1)))
        table.setStyle(TableStyle(commands))
        return table

    def look(self) -> TableLook:
        """The table's padding, rules, fills and body text, for its commands or its pages."""
        from .table_flowables import TableLook

        pad = 1 if self.dense else 2 if self.compact else 3
        cell = self.st.cell
        return TableLook(
            font=cell.fontName,
            size=cell.fontSize,
            leading=cell.leading,
            color=cell.textColor,
            aligns=tuple(self.aligns),
            top=pad,
            bottom=pad + (0.5 if self.dense else 1),
            side=CELL_PADDING,
            rule=lh.color("#111418" if self.compact else lh.NAVY_HEX),
            grid=lh.color("#111418" if self.compact else GRID_HEX),
            # a fill prints as a dotted smudge on a thermal roll
            header_fill=None if self.compact else lh.color(HEADER_FILL_HEX),
            zebra_fill=None if self.compact or not self.zebra else lh.color(ZEBRA_FILL_HEX),
        )


def _table_cells(
    st: Any,
    header: Sequence[str],
    rows: Iterable[Sequence[object]],
    total_row: Sequence[object] | None,
    aligns: Sequence[Align],
    plains: Sequence[bool],
) -> list[list[Any]]:
    """:func:`data_table`'s cells: the header, each row checked for its width, the total."""
    from .table_flowables import is_simple_style

    ncols = len(header)
    cell_styles = {"left": st.cell, "right": st.cell_right, "center": st.cell_center}
    simple = {a: is_simple_style(style) for a, style in cell_styles.items()}
    head_styles = {"left": st.header_cell, "right": st.header_cell_right, "center": st.header_cell}

    data: list[list[Any]] = [
        [_table_cell(h, head_styles[a]) for h, a in zip(header, aligns, strict=True)]
    ]
    for n, row in enumerate(rows, start=1):
        if len(row) != ncols:
            raise ValueError(f"row {n} has {len(row)} cells for {ncols} columns")
        data.append(
            [
                _plain(v)
                if bare and not _is_flowable(v)
                else _table_cell(v, cell_styles[a], simple[a])
                for v, a, bare in zip(row, aligns, plains, strict=True)
            ]
        )
    if total_row is not None:
        bold = {
            "left": st.body_bold,
            "right": st.amount_total,
            "center": st.body_bold,
        }
        data.append(
            [
                _table_cell(v, _sized(bold[a], st.cell))
                for v, a in zip(total_row, aligns, strict=True)
            ]
        )
    return data


def _table_cell(value: object, style: Any, simple_style: bool | None = None) -> Any:
    """A table cell: a flowable as it is, plain text as a :class:`~.table_flowables.TextCell`
    where it sets the text as a Paragraph would (many times faster), else a Paragraph.
    ``simple_style``: whether ``style`` is one a TextCell sets, when the caller knows."""
    if value is None or isinstance(value, str | int | float | Decimal | Money):
        from .table_flowables import TextCell, is_simple_style, is_simple_text

        text = "" if value is None else str(value)
        if simple_style is None:
            simple_style = is_simple_style(style)
        if simple_style and is_simple_text(text):
            return TextCell(text, style)
    return _cell(value, style)


def _table_commands(
    look: TableLook,
    *,
    body_rows: int,
    zebra_from: int | None,
    totalled: bool,
) -> list[tuple[Any, ...]]:
    """:func:`data_table`'s rules, padding, fills and the plain columns' fonts."""
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        # Tables select a cell font before each cell, Helvetica by default: name ours, so no
        # unembedded Helvetica is listed in the PDF even when every cell is a Paragraph.
        ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
        ("LINEABOVE", (0, 0), (-1, 0), look.rule_weight, look.rule),
        ("LINEBELOW", (0, 0), (-1, 0), look.rule_weight, look.rule),
        ("LINEBELOW", (0, 1), (-1, -1), look.grid_weight, look.grid),
        ("TOPPADDING", (0, 0), (-1, -1), look.top),
        ("BOTTOMPADDING", (0, 0), (-1, -1), look.bottom),
        ("LEFTPADDING", (0, 0), (-1, -1), look.side),
        ("RIGHTPADDING", (0, 0), (-1, -1), look.side),
    ]
    if body_rows:
        # A plain column's cells are strings; so is any other cell of plain text that a long
        # table draws as a string (table_flowables.as_strings): set in the cell style's font.
        body = (0, 1), (-1, body_rows)
        commands += [
            ("FONT", *body, look.font, look.size, look.leading),
            ("TEXTCOLOR", *body, look.color),
        ]
        for col, column_align in enumerate(look.aligns):
            if column_align != "left":
                commands.append(("ALIGN", (col, 1), (col, body_rows), column_align.upper()))
    if look.header_fill is not None:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), look.header_fill))
    if zebra_from is not None and look.zebra_fill is not None:
        for r in range(zebra_from, body_rows + 1, 2):
            commands.append(("BACKGROUND", (0, r), (-1, r), look.zebra_fill))
    if totalled:
        commands.append(("LINEABOVE", (0, -1), (-1, -1), look.rule_weight, look.rule))
        commands.append(("NOSPLIT", (0, -2), (-1, -1)))
    return commands


CELL_PADDING = 4.0
"""Points of a data table cell's padding left and right."""

DENSE_SIZE = 7.5
"""Points of a dense register's cells (:func:`data_table`'s ``dense``)."""


@lru_cache(maxsize=1)
def dense_styles() -> DocStyles:
    """The letter styles with the table's cells, headers and totals at :data:`DENSE_SIZE`."""
    from dataclasses import fields, replace

    from reportlab.lib.styles import ParagraphStyle

    st = styles()
    small = {
        f.name: ParagraphStyle(
            name=f"{getattr(st, f.name).name}-dense",
            parent=getattr(st, f.name),
            fontSize=DENSE_SIZE,
            leading=DENSE_SIZE + 1.1,
        )
        for f in fields(st)
        if f.name in {"cell", "cell_right", "cell_center", "header_cell", "header_cell_right"}
    }
    return replace(st, **small)


def dense_width(texts: Sequence[object], *, bold: Sequence[str] = ()) -> float:
    """A dense table's column as wide as its widest text (and ``bold`` ones: the header, the
    total), so that no date or amount wraps: "$194,935.14" on one line."""
    widest = max(
        (
            *(text_width(str(t), size=DENSE_SIZE) for t in texts),
            *(text_width(t, size=DENSE_SIZE, bold=True) for t in bold),
        ),
        default=0.0,
    )
    return widest + 8.5  # the cell's padding, 4 points a side, and a hair for rounding


def _is_flowable(value: object) -> bool:
    from reportlab.platypus import Flowable

    return isinstance(value, Flowable)


def _plain(value: object) -> str:
    """A table cell's text as ReportLab draws a string: literally, one line per line."""
    return "" if value is None else str(value)


def _sized(style: Any, like: Any) -> Any:
    """``style`` at the size of ``like`` (totals in a table use the cell size, in bold)."""
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(
        name=f"{style.name}@{like.fontSize}",
        parent=style,
        fontSize=like.fontSize,
        leading=like.leading,
    )


def signature_line(caption: str, *, width: float = 3.0 * INCH) -> Table:
    """A rule to sign on with a caption under it ("City Clerk"), for permits and notices."""
    from reportlab.platypus import Table, TableStyle

    table = Table([[""], [para(caption, styles().small)]], colWidths=[width], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("LINEBELOW", (0, 0), (0, 0), 0.7, lh.color("#111418")),
                ("TOPPADDING", (0, 0), (0, 0), 22),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 1), (0, 1), 2),
            ]
        )
    )
    return table


# ---------------------------------------------------------------- page numbering


def _numbered_canvas(
    pagesize: tuple[float, float], *, numbered: bool = True
) -> Callable[..., Canvas]:
    """A Canvas class that holds every page until the end, then stamps "Page N of M" on each.

    One pass instead of building twice: a 500-page agenda packet costs the same as without
    numbering, and flowables are laid out once (a second layout could split pages differently).
    """
    from reportlab.pdfgen.canvas import Canvas

    class NumberedCanvas(Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._clerk_pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._clerk_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._clerk_pages)
            for state in self._clerk_pages:
                self.__dict__.update(state)
                if numbered:
                    lh.draw_footer(self, self._pageNumber, total, pagesize)
                Canvas.showPage(self)
            Canvas.save(self)

    return NumberedCanvas


# ---------------------------------------------------------------- building


def _metadata(profile: CityProfile, title: str, subject: str | None) -> dict[str, Any]:
    return {
        "title": title,
        "author": profile.city_name,
        "subject": subject
        if subject is not None
        else f"{profile.city_name} {profile.office}".strip(),
        "creator": "Clerk Desk",
        "producer": "Clerk Desk (ReportLab)",
    }


def build_pdf(
    story: Sequence[Flowable],
    *,
    profile: CityProfile,
    title: str,
    subject: str | None = None,
    pagesize: tuple[float, float] = LETTER,
    letterhead: bool = True,
    watermark: str | None = None,
) -> bytes:
    """Lay ``story`` out on City pages and return the PDF.

    Page 1 carries the letterhead (logo, city name, office, address, phone/e-mail), later pages a
    running header with the city and ``title``, every page a centred "Page N of M". ``title``,
    the city as author and ``subject`` go into the PDF's properties, so a saved file shows its
    title in the reader's window and the file manager. ``letterhead=False`` gives the running
    header on every page (a register printout); ``watermark`` prints e.g. "DUPLICATE" or "VOID"
    large and light behind every page. The story list is not modified.
    """
    register_fonts()
    from reportlab.platypus import Frame, PageTemplate
    from reportlab.platypus.doctemplate import BaseDocTemplate

    g = lh.GEOMETRY
    page_w, page_h = pagesize
    width = page_w - g.left - g.right
    bottom = g.bottom + g.footer_height

    def frame(top_band: float, ident: str) -> Frame:
        return Frame(
            g.left,
            bottom,
            width,
            page_h - g.top - top_band - bottom,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id=ident,
        )

    def first_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
        if watermark:
            lh.draw_watermark(canvas, watermark, pagesize)
        lh.draw_letterhead(canvas, profile, pagesize)

    def later_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
        if watermark:
            lh.draw_watermark(canvas, watermark, pagesize)
        lh.draw_running_header(canvas, profile, title, pagesize)

    later = PageTemplate(
        id="later", frames=[frame(g.running_header_height, "later")], onPage=later_page
    )
    templates = [later]
    if letterhead:
        first = PageTemplate(
            id="first",
            frames=[frame(g.letterhead_height, "first")],
            onPage=first_page,
            autoNextPageTemplate="later",
        )
        templates = [first, later]

    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=g.left,
        rightMargin=g.right,
        topMargin=g.top,
        bottomMargin=g.bottom,
        pageTemplates=templates,
        **_metadata(profile, title, subject),
        # The canvas starts every page in this font; ReportLab's default (Helvetica) would be
        # listed, unembedded, in every page's resources even though no text uses it.
        initialFontName=FONT_REGULAR,
    )
    doc.build(_closings_kept(story), canvasmaker=_numbered_canvas(pagesize))
    return buffer.getvalue()


def letter_closing(flowables: Sequence[Flowable]) -> Flowable:
    """A letter's closing ("Sincerely," and the signature block), kept together and, by
    :func:`build_pdf`, on the page of the letter's last paragraph: a closing alone at the top of
    page 2 reads as a letter nobody finished."""
    from reportlab.platypus import KeepTogether

    closing = KeepTogether(list(flowables))
    closing._clerk_letter_closing = True
    return closing


def _closings_kept(story: Sequence[Flowable]) -> list[Flowable]:
    """``story`` with each :func:`letter_closing` held together with the flowable before it
    (the last paragraph) and the spacing between them."""
    from reportlab.platypus import KeepTogether, Spacer

    kept: list[Flowable] = []
    for flowable in story:
        if not getattr(flowable, "_clerk_letter_closing", False):
            kept.append(flowable)
            continue
        before: list[Flowable] = []
        while kept and isinstance(kept[-1], Spacer):
            before.insert(0, kept.pop())
        if kept:
            before.insert(0, kept.pop())
        kept.append(KeepTogether([*before, flowable]))
    return kept


def roll_header(profile: CityProfile) -> list[Flowable]:
    """Compact centred header for the receipt roll: name, office, address, phone; then a rule.

    No logo: thermal printers render a seal as a grey smudge and it costs paper on every receipt.
    """
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import HRFlowable

    st = styles(compact=True)
    name = ParagraphStyle(
        "clerk-roll-name", parent=st.body_bold, fontSize=11, leading=13.5, alignment=TA_CENTER
    )
    line = ParagraphStyle(
        "clerk-roll-line", parent=st.small, fontSize=7.5, leading=9.2, alignment=TA_CENTER
    )
    flow: list[Flowable] = [para(profile.city_name, name)]
    if profile.office.strip():
        flow.append(para(profile.office, line))
    for text in lh.contact_lines(profile):
        flow.append(para(text, line))
    flow.append(
        HRFlowable(
            width="100%",
            thickness=0.8,
            color=lh.color("#111418"),
            spaceBefore=3,
            spaceAfter=5,
        )
    )
    return flow


def _roll_banner(text: str) -> Flowable:
    """A boxed bold word across the roll ("DUPLICATE"), unmistakable on a thermal print."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Table, TableStyle

    style = ParagraphStyle(
        "clerk-roll-banner",
        parent=styles(compact=True).body_bold,
        fontSize=12,
        leading=14,
        alignment=TA_CENTER,
        spaceAfter=0,
    )
    table = Table([[para(text, style)]], colWidths=["100%"], spaceBefore=2, spaceAfter=6)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BOX", (0, 0), (-1, -1), 1.2, lh.color("#111418")),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table


def build_roll_pdf(
    story: Sequence[Flowable],
    *,
    profile: CityProfile,
    title: str,
    subject: str | None = None,
    header: bool = True,
    watermark: str | None = None,
) -> bytes:
    """One 80 mm-wide page exactly as tall as the receipt, for the counter's receipt printer.

    Laid out twice: first on the tallest page PDF allows to find where the story ends, then on
    a page cut to that height, so there is no blank paper after the last line and nothing is
    split. Use ``styles(compact=True)`` and widths within :data:`ROLL_CONTENT_WIDTH` in the
    story. ``watermark`` ("DUPLICATE", "VOID") prints as a boxed bold banner above and below the
    story: a thermal printer has no light grey, so a background watermark would hide the text.
    Raises ``ValueError`` if the story would not fit on 200 inches of paper.
    """
    register_fonts()
    from reportlab.platypus import Frame, PageTemplate
    from reportlab.platypus.doctemplate import BaseDocTemplate

    flowables: list[Flowable] = roll_header(profile) if header else []
    flowables += [_roll_banner(watermark)] if watermark else []
    flowables += story
    flowables += [_roll_banner(watermark)] if watermark else []

    def render(height: float, probe: list[float] | None) -> tuple[bytes, int]:
        pagesize = (ROLL_WIDTH, height)
        frame = Frame(
            ROLL_MARGIN,
            _ROLL_BOTTOM,
            ROLL_CONTENT_WIDTH,
            height - _ROLL_TOP - _ROLL_BOTTOM,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id="roll",
        )

        def on_page_end(canvas: Canvas, doc: BaseDocTemplate) -> None:
            if probe is not None:
                current = doc.frame
                probe.append(current._y - current._y1p)  # unused height below the last line

        template = PageTemplate(id="roll", frames=[frame], onPageEnd=on_page_end)
        buffer = io.BytesIO()
        doc = BaseDocTemplate(
            buffer,
            pagesize=pagesize,
            leftMargin=ROLL_MARGIN,
            rightMargin=ROLL_MARGIN,
            topMargin=_ROLL_TOP,
            bottomMargin=_ROLL_BOTTOM,
            pageTemplates=[template],
            **_metadata(profile, title, subject),
            initialFontName=FONT_REGULAR,
        )
        doc.build(list(flowables), canvasmaker=_numbered_canvas(pagesize, numbered=False))
        return buffer.getvalue(), doc.page

    probe: list[float] = []
    _, pages = render(_MAX_PAGE_HEIGHT, probe)
    if pages != 1 or not probe:
        raise ValueError(f"{title!r} does not fit on one receipt ({pages} roll pages of 200 in)")
    height = _MAX_PAGE_HEIGHT - probe[-1] + 1.0  # a point of slack against rounding
    pdf, pages = render(height, None)
    if pages != 1:  # pragma: no cover - layout is deterministic; kept as a guard
        raise ValueError(f"{title!r} did not lay out the same way twice")
    return pdf
