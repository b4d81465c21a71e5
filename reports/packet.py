"""A packet: a City document with a cover, a linked table of contents, bookmarks, attached scans,
and "Packet page N of M" on every page, the attached pages included.

The Council's agenda packet (``reports.petitions``) is the first; any packet of records with
their signed papers attached (a sidewalk cafe for Council approval) is built the same way. The
caller writes the cover and the body as ReportLab flowables, marks the headings that go into the
table of contents and the bookmarks (:meth:`Packet.mark`), and puts :meth:`Packet.attachment`
pages where each scan belongs. :meth:`Packet.build` does the rest:

1. **One layout pass.** What is known only at the end, the total in "of 212" and the page
   numbers in the contents, is drawn on the pages as a form XObject that is defined when the
   last page is done (PDF lets a page use a form defined later in the file). So nothing is laid
   out twice, as ReportLab's ``multiBuild`` would, and no page is held back to be numbered at
   the end, as in ``reports.document``, where a bookmark made on a held page points at page 1.
2. **A placeholder page for every page of an attached PDF.** Pages of a PDF scan are counted
   with pypdf before layout, and each becomes a page with its caption, a frame and the footer.
   Picture scans (PNG, JPEG) are drawn by ReportLab itself; a scan that is missing or cannot be
   read gets a page saying so, so one bad file never stops the Clerk from printing the packet.
3. **The scan pages are set into their placeholders** by an incremental update
   (:mod:`reports.pdf_update`): each scanned page becomes a form XObject (its own content and
   resources, a picture's bytes as the scanner wrote them) drawn under the placeholder's content,
   scaled to fit its frame. Nothing of the packet's own pages is rewritten, so the outline, the
   links of the table of contents and the text stay as ReportLab wrote them. Each scan is read
   again when its pages are set in and let go after (``source`` in :meth:`Packet.attachment`),
   and :meth:`Packet.write` writes to a file as it goes: 300 petitions of 2 MB scans are never
   held at once.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, PageBreak, PageTemplate, Paragraph
from reportlab.platypus.doctemplate import BaseDocTemplate

from clerk_desk.settings import CityProfile

from . import letterhead as lh
from .document import LETTER, styles
from .fonts import FONT_BOLD, FONT_REGULAR, register_fonts, text_width
from .page_placing import Matrix as _Matrix
from .page_placing import Sheet as _Sheet
from .page_placing import placing_matrix as _placing_matrix
from .page_placing import read_sheets as _sheets
from .pdf_update import Setting as _Setting
from .pdf_update import set_in as _set_in

_CAPTION_HEIGHT = 20.0  # the caption line above an attached page
_TOC_NUMBER_WIDTH = 36.0  # room at the right of a contents line for its page number


@dataclass(frozen=True, slots=True)
class Mark:
    """A heading that gets a bookmark, and a line in the table of contents when ``toc``.

    ``level`` 0 is a section, 1 an item in it, 2 a part of the item (bookmarks only go three
    deep). ``closed`` folds the bookmark's children in the reader's bookmark panel. ``counts``:
    reported to the ``step`` callback of the packet each time the heading is laid out.
    """

    key: str
    title: str
    level: int = 0
    toc: bool = True
    closed: bool = False
    counts: bool = False


class Packet:
    """Collects the pieces of a packet, then lays it out and attaches its scans.

    ``step`` is called each time a heading marked ``counts`` is laid out, and may raise to
    cancel the build.
    """

    def __init__(
        self,
        *,
        profile: CityProfile,
        title: str,
        subject: str,
        footer_label: str = "Packet page",
        contents_title: str = "Contents",
        step: Callable[[], None] | None = None,
        watermark: str | None = None,
    ) -> None:
        register_fonts()
        self.profile = profile
        self.title = title
        self.subject = subject
        self.footer_label = footer_label
        self.contents_title = contents_title
        self.watermark = watermark
        self._step = step
        self._marks: list[Mark] = []
        self._keys: set[str] = set()
        self.pages: dict[str, int] = {}
        """The page each mark landed on, once laid out."""
        self._placements: list[_Setting] = []

    # ------------------------------------------------------------------ the pieces

    def mark(self, flowable: Flowable, mark: Mark) -> Flowable:
        """Give ``flowable`` (a heading) a bookmark and, when ``mark.toc``, a contents line."""
        if mark.key in self._keys:
            raise ValueError(f"mark {mark.key!r} is used twice")
        self._keys.add(mark.key)
        self._marks.append(mark)
        flowable._packet_mark = mark
        return flowable

    def attachment(
        self,
        content: bytes | None,
        *,
        caption: str,
        name: str,
        share_key: str | None = None,
        missing: str = "",
        mark: Mark | None = None,
        source: Callable[[], bytes | None] | None = None,
    ) -> list[Flowable]:
        """The pages of one attached scan, each on a page of its own under ``caption``.

        ``content`` is a PDF (one page per page), a PNG or a JPEG (one page), or ``None`` when
        the file cannot be had (``missing`` says why, on the page that replaces it). A file that
        cannot be read gets such a page too. ``share_key`` (the scan's SHA-256) lets the same
        scan attached twice be embedded once. ``mark`` bookmarks the first page. ``source``
        reads ``content`` again when its pages are set in, so that the packet need not hold it
        meanwhile (without it, ``content`` is held until the packet is built).
        """
        if source is None:
            source = functools.partial(_same, content)
        sheets = _sheets(
            content, caption=caption, name=name, share=share_key, missing=missing, source=source
        )
        flowables: list[Flowable] = []
        for sheet in sheets:
            page = _SheetPage(self, sheet)
            if mark is not None and not flowables:
                self.mark(page, mark)
            flowables += [PageBreak(), page]
        return flowables

    def attachment_later(
        self,
        source: Callable[[], bytes | None],
        *,
        caption: str,
        name: str,
        share_key: str | None = None,
        missing: str = "",
        mark: Mark | None = None,
    ) -> list[Flowable]:
        """:meth:`attachment` of the scan ``source()`` reads, read only when the layout reaches
        it (and again when its pages are set in).

        A packet's scans may still be on their way (copied out of the database on a thread,
        ``clerk_desk.petitions.papers.ScanSpool``): read as the flowables were listed, the
        layout could not begin before the last had come. Read here, the layout of the pages
        before a scan goes on while it comes."""
        return [
            _LaterAttachment(
                self,
                source,
                dict(caption=caption, name=name, share_key=share_key, missing=missing, mark=mark),
            )
        ]

    # ------------------------------------------------------------------ building

    def build(self, *, cover: Sequence[Flowable], body: Sequence[Flowable]) -> bytes:
        """Lay out cover, contents and body, attach the scans, and return the PDF."""
        out = io.BytesIO()
        self.write(out, cover=cover, body=body)
        return out.getvalue()

    def write(
        self, target: IO[bytes], *, cover: Sequence[Flowable], body: Sequence[Flowable]
    ) -> None:
        """:meth:`build` into ``target`` (a file), written as the scans are set in."""
        st = styles()
        contents: list[Flowable] = [
            PageBreak(),
            self.mark(
                Paragraph(escape(self.contents_title), st.title),
                Mark("contents", self.contents_title, toc=False),
            ),
        ]
        contents += [_TocLine(self, mark) for mark in self._marks if mark.toc]
        self.pages, self._placements = {}, []
        buffer = io.BytesIO()
        doc = self._doc(buffer)
        doc.build([*cover, *contents, *body], canvasmaker=self._canvas)
        _set_in(buffer.getvalue(), self._placements, target)

    def _canvas(self, *args: Any, **kwargs: Any) -> Canvas:
        return _PacketCanvas(self, *args, **kwargs)

    def _doc(self, buffer: io.BytesIO) -> BaseDocTemplate:
        g = lh.GEOMETRY
        page_w, page_h = LETTER
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

        def cover_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
            self._draw_page(canvas, doc.page)
            lh.draw_letterhead(canvas, self.profile, LETTER)

        def later_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
            self._draw_page(canvas, doc.page)
            canvas.doForm(_HEADER_FORM)  # the same on every page: drawn once, shown on each

        templates = [
            PageTemplate(
                id="cover",
                frames=[frame(g.letterhead_height, "cover")],
                onPage=cover_page,
                autoNextPageTemplate="later",
            ),
            PageTemplate(
                id="later", frames=[frame(g.running_header_height, "later")], onPage=later_page
            ),
        ]
        return _PacketDoc(
            buffer,
            packet=self,
            pagesize=LETTER,
            leftMargin=g.left,
            rightMargin=g.right,
            topMargin=g.top,
            bottomMargin=g.bottom,
            pageTemplates=templates,
            title=self.title,
            author=self.profile.city_name,
            subject=self.subject,
            creator="Clerk Desk",
            producer="Clerk Desk (ReportLab, pypdf)",
            initialFontName=FONT_REGULAR,
        )

    def _draw_page(self, canvas: Canvas, page: int) -> None:
        """The watermark and "Packet page N of M", whose M is a form filled in at the end."""
        if self.watermark:
            canvas.doForm(_WATERMARK_FORM)
        known = f"{self.footer_label} {page} of "
        size = _FOOTER_SIZE
        # Centred as if the total had three digits: off by a hair at most.
        width = text_width(known, size=size) + text_width("000", size=size)
        x = LETTER[0] / 2 - width / 2
        y = lh.GEOMETRY.bottom + 4
        canvas.saveState()
        canvas.setFillColor(lh.color(lh.GREY_HEX))
        canvas.setFont(FONT_REGULAR, size)
        canvas.drawString(x, y, known)
        canvas.translate(x + text_width(known, size=size), y)
        canvas.doForm(_TOTAL_FORM)
        canvas.restoreState()

    def _define_forms(self, canvas: Canvas, total: int) -> None:
        """Fill in what was known only at the end: the total, the contents' page numbers."""
        _form_of(canvas, _TOTAL_FORM, str(total), size=_FOOTER_SIZE, grey=True, right=False)
        for mark in self._marks:
            if mark.toc:
                page = self.pages.get(mark.key)
                text = str(page) if page is not None else ""
                style = _toc_style(mark.level)
                _form_of(canvas, _toc_form(mark), text, size=style.fontSize, bold=mark.level == 0)
        canvas.beginForm(_HEADER_FORM, 0, 0, *LETTER)
        lh.draw_running_header(canvas, self.profile, self.title, LETTER)
        canvas.endForm()
        if self.watermark:
            canvas.beginForm(_WATERMARK_FORM, 0, 0, *LETTER)
            lh.draw_watermark(canvas, self.watermark, LETTER)
            canvas.endForm()

    def _laid_out(self, flowable: Flowable, canvas: Canvas, page: int) -> None:
        mark: Mark | None = getattr(flowable, "_packet_mark", None)
        if mark is None:
            return
        self.pages.setdefault(mark.key, page)
        canvas.bookmarkPage(mark.key)
        canvas.addOutlineEntry(mark.title, mark.key, level=mark.level, closed=mark.closed)
        canvas.showOutline()  # the packet opens with its bookmarks shown (/PageMode /UseOutlines)
        if mark.counts and self._step is not None:
            self._step()

    def _place(self, canvas: Canvas, sheet: _Sheet, matrix: _Matrix) -> None:
        index = canvas.getPageNumber() - 1
        self._placements.append(_Setting(index, sheet, matrix))


class _PacketDoc(BaseDocTemplate):
    """Tells the packet where each marked heading was laid out."""

    def __init__(self, filename: Any, *, packet: Packet, **kw: Any) -> None:
        self._packet = packet
        super().__init__(filename, **kw)

    def afterFlowable(self, flowable: Flowable) -> None:
        self._packet._laid_out(flowable, self.canv, self.page)


class _PacketCanvas(Canvas):
    """Defines the forms the pages refer to (the total, the contents' numbers) before saving.

    A PDF page may use a form XObject defined later in the file, so one layout pass is enough:
    "of 212" and the page numbers of the contents are filled in once the last page is known.
    """

    def __init__(self, packet: Packet, *args: Any, **kwargs: Any) -> None:
        self._packet = packet
        super().__init__(*args, **kwargs)

    def save(self) -> None:
        self._packet._define_forms(self, self.getPageNumber() - 1)
        super().save()


def _same(content: bytes | None) -> bytes | None:
    return content


_TOTAL_FORM = "PacketTotal"
_HEADER_FORM = "PacketHeader"
_WATERMARK_FORM = "PacketWatermark"
_FOOTER_SIZE = 8.5


def _toc_form(mark: Mark) -> str:
    return "PacketToc" + "".join(c if c.isalnum() else "_" for c in mark.key)


@functools.cache
def _toc_style(level: int) -> ParagraphStyle:
    """Sections in bold with a little space above; their items a size smaller, indented."""
    st = styles()
    if level == 0:
        return ParagraphStyle(
            "clerk-toc-0", parent=st.body, fontName=FONT_BOLD, spaceBefore=7, spaceAfter=1
        )
    return ParagraphStyle("clerk-toc-1", parent=st.body, fontSize=9.5, leading=12.5)


def _form_of(
    canvas: Canvas,
    name: str,
    text: str,
    *,
    size: float,
    bold: bool = False,
    grey: bool = False,
    right: bool = True,
) -> None:
    """A small form holding ``text``: drawn from its origin, or ending there when ``right``."""
    canvas.beginForm(name, -80, -4, 80, size + 4)
    canvas.setFillColor(lh.color(lh.GREY_HEX if grey else "#111418"))
    canvas.setFont(FONT_BOLD if bold else FONT_REGULAR, size)
    if right:
        canvas.drawRightString(0, 0, text)
    else:
        canvas.drawString(0, 0, text)
    canvas.endForm()


# ---------------------------------------------------------------------- the contents


class _TocLine(Flowable):
    """One line of the table of contents: the heading, dot leaders, the page; all a link."""

    def __init__(self, packet: Packet, mark: Mark) -> None:
        super().__init__()
        self._packet = packet
        self._mark = mark
        style = self._style = _toc_style(mark.level)
        self._indent = 16.0 * mark.level
        self._para = Paragraph(escape(mark.title), style)
        self.spaceBefore = style.spaceBefore
        self.spaceAfter = 1.5

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        _, h = self._para.wrap(aw - self._indent - _TOC_NUMBER_WIDTH, ah)
        self.width, self.height = aw, h
        return aw, h

    def draw(self) -> None:
        canvas = self.canv
        self._para.drawOn(canvas, self._indent, 0)
        style = self._style
        widths = self._para.getActualLineWidths0() or [0.0]
        # the last line's baseline (ReportLab sets the first at the font size below the top)
        baseline = self.height - style.fontSize - (len(widths) - 1) * style.leading
        canvas.saveState()
        dots_from = self._indent + widths[-1] + 6
        dots_to = self.width - _TOC_NUMBER_WIDTH + 6
        if dots_to > dots_from:
            canvas.setStrokeColor(lh.color(lh.RULE_GREY_HEX))
            canvas.setLineWidth(0.9)
            canvas.setLineCap(1)
            canvas.setDash([0.01, 3.2])
            canvas.line(dots_from, baseline + 1, dots_to, baseline + 1)
        canvas.translate(self.width, baseline)
        canvas.doForm(_toc_form(self._mark))  # the page number, known once all is laid out
        canvas.restoreState()
        canvas.linkRect(
            "", self._mark.key, (0, 0, self.width, self.height), relative=1, thickness=0
        )


# ---------------------------------------------------------------------- the attached pages


class _LaterAttachment(Flowable):
    """Where a scan's pages go: read when the layout reaches it, its pages then handed to the
    frame as content generated there (as ReportLab's own ``DocIf`` does)."""

    _ZEROSIZE = True  # taken by a frame the page before filled, instead of a blank page

    def __init__(
        self, packet: Packet, source: Callable[[], bytes | None], options: dict[str, Any]
    ) -> None:
        super().__init__()
        self._packet = packet
        self._source = source
        self._options = options
        self._done = False

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        if not self._done:
            self._done = True
            pages = self._packet.attachment(self._source(), source=self._source, **self._options)
            self._frame.add_generated_content(*pages)
        return 0, 0

    def draw(self) -> None:
        pass


class _SheetPage(Flowable):
    """A page for one attached sheet: the caption, then the sheet scaled into a frame."""

    def __init__(self, packet: Packet, sheet: _Sheet) -> None:
        super().__init__()
        self._packet = packet
        self.sheet = sheet

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.width, self.height = aw, ah  # the whole frame: one sheet per page
        return aw, ah

    def split(self, aw: float, ah: float) -> list[Flowable]:
        return []

    def draw(self) -> None:
        canvas = self.canv
        sheet = self.sheet
        st = styles()
        caption = Paragraph(escape(sheet.caption), st.header_cell)
        _, ch = caption.wrap(self.width, _CAPTION_HEIGHT * 2)
        caption.drawOn(canvas, 0, self.height - ch)
        room_h = self.height - max(ch, _CAPTION_HEIGHT) - 6
        if sheet.kind == "notice":
            self._draw_notice(room_h)
            return
        scale = min(self.width / sheet.width, room_h / sheet.height)
        w, h = sheet.width * scale, sheet.height * scale
        x, y = (self.width - w) / 2, room_h - h
        canvas.saveState()
        canvas.setStrokeColor(lh.color(lh.RULE_GREY_HEX))
        canvas.setLineWidth(0.5)
        canvas.rect(x, y, w, h)
        canvas.restoreState()
        if sheet.kind == "image":
            canvas.drawImage(sheet.image, x, y, width=w, height=h, mask="auto")
            return
        # Absolute page coordinates: the form is drawn in the page's own space by pypdf.
        ax, ay = canvas.absolutePosition(x, y)
        self._packet._place(canvas, sheet, _placing_matrix(sheet, ax, ay, scale))

    def _draw_notice(self, room_h: float) -> None:
        st = styles()
        box_h = min(room_h, 2.2 * lh.INCH)
        text = Paragraph(escape(self.sheet.notice), st.body)
        _, th = text.wrap(self.width - 36, box_h)
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(lh.color(lh.NAVY_HEX))
        canvas.setFillColor(lh.color("#FFF6E5"))
        canvas.setLineWidth(1)
        canvas.rect(0, room_h - box_h, self.width, box_h, fill=1)
        canvas.restoreState()
        title = Paragraph("Scan not available", st.heading)
        _, hh = title.wrap(self.width - 36, box_h)
        top = room_h - 14
        title.drawOn(canvas, 18, top - hh)
        text.drawOn(canvas, 18, top - hh - 4 - th)
