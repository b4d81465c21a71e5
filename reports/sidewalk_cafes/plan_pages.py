"""The site plan's pages set into a paper (§ 506-10): the letters numbered one by one, a page
of the applicant's diagram with its caption and scale, and the sheets read from a PDF or a
picture.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.settings import CityProfile
from reports import letterhead as lh
from reports.document import (
    LETTER,
    LETTER_LANDSCAPE,
    styles,
)
from reports.fonts import FONT_REGULAR, register_fonts
from reports.sidewalk_cafes.parts import _style

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Flowable
    from reportlab.platypus.doctemplate import BaseDocTemplate

    from reports.page_placing import Matrix, Sheet


class _Letters:
    """Lays out several letters in one PDF, each starting on a letterhead page and numbered on
    its own ("Page 1 of 2"), and sets the pages of a PDF site plan into their placeholders.

    One document rather than one per letter: the fonts and a picture of the site plan are
    embedded once however many neighbours there are.
    """

    def __init__(
        self, *, profile: CityProfile, title: str, subject: str, watermark: str | None = None
    ) -> None:
        register_fonts()
        self.profile = profile
        self.title = title
        self.subject = subject
        self.watermark = watermark  # "EXPIRED" across every page of a permit that no longer stands
        self.starts: list[int] = []  # the first page of each letter, counted from 1
        self.placements: list[tuple[int, Sheet, Matrix]] = []
        self._forms: set[str] = set()

    def once(self, canvas: Canvas, name: str, size: tuple[float, float], draw: Any) -> None:
        """Draw what ``draw(canvas)`` draws, made a form XObject the first time and reused on
        every later page: the letterhead and a picture of the plan are embedded once (and
        ReportLab does not hash the picture again for each letter)."""
        if name not in self._forms:
            canvas.beginForm(name, 0, 0, *size)
            draw(canvas)
            canvas.endForm()
            self._forms.add(name)
        canvas.doForm(name)

    def start(self) -> Flowable:
        """A mark at the top of a letter: where its page numbering starts."""
        from reportlab.platypus import Flowable as Base

        letters = self

        class _Start(Base):
            def wrap(self, aw: float, ah: float) -> tuple[float, float]:
                return 0.0, 0.0

            def draw(self) -> None:
                letters.starts.append(self.canv.getPageNumber())

        return _Start()

    def build(self, letters: Sequence[Sequence[Flowable]]) -> bytes:
        from reportlab.platypus import NextPageTemplate, PageBreak
        from reportlab.platypus.doctemplate import BaseDocTemplate

        g = lh.GEOMETRY
        templates = self._page_templates()
        story: list[Flowable] = []
        for n, letter in enumerate(letters):
            if n:
                story += [NextPageTemplate("first"), PageBreak()]
            story += [self.start(), *letter]
        buffer = io.BytesIO()
        doc = BaseDocTemplate(
            buffer,
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
        doc.build(story, canvasmaker=self._canvas_class())
        return self._attach(buffer.getvalue())

    def _page_templates(self) -> list[Any]:
        """The letterhead page, the running-header page and the landscape page for a plan."""
        from reportlab.platypus import Frame, PageTemplate

        g = lh.GEOMETRY
        bottom = g.bottom + g.footer_height

        def frame(top_band: float, ident: str, pagesize: tuple[float, float] = LETTER) -> Frame:
            page_w, page_h = pagesize
            return Frame(
                g.left,
                bottom,
                page_w - g.left - g.right,
                page_h - g.top - top_band - bottom,
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
                id=ident,
            )

        def marked(canvas: Canvas, pagesize: tuple[float, float]) -> None:
            if self.watermark:
                lh.draw_watermark(canvas, self.watermark, pagesize)

        def first_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
            marked(canvas, LETTER)
            self.once(
                canvas,
                "CafeLetterhead",
                LETTER,
                lambda c: lh.draw_letterhead(c, self.profile, LETTER),
            )

        def later_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
            marked(canvas, LETTER)
            self.once(
                canvas,
                "CafeHeader",
                LETTER,
                lambda c: lh.draw_running_header(c, self.profile, self.title, LETTER),
            )

        def wide_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
            marked(canvas, LETTER_LANDSCAPE)
            self.once(
                canvas,
                "CafeWideHeader",
                LETTER_LANDSCAPE,
                lambda c: lh.draw_running_header(c, self.profile, self.title, LETTER_LANDSCAPE),
            )

        return [
            PageTemplate(
                id="first",
                frames=[frame(g.letterhead_height, "first")],
                onPage=first_page,
                autoNextPageTemplate="later",
            ),
            PageTemplate(
                id="later", frames=[frame(g.running_header_height, "later")], onPage=later_page
            ),
            # a plan wider than tall is printed on a landscape page, the larger for it
            PageTemplate(
                id="wide",
                frames=[frame(g.running_header_height, "wide", LETTER_LANDSCAPE)],
                onPage=wide_page,
                pagesize=LETTER_LANDSCAPE,
            ),
        ]

    def _canvas_class(self) -> Any:
        """A Canvas that holds every page, then stamps "Page k of n" counted within its letter."""
        from reportlab.pdfgen.canvas import Canvas

        letters = self

        class LetterCanvas(Canvas):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                self._clerk_pages: list[dict[str, Any]] = []

            def showPage(self) -> None:
                self._clerk_pages.append(dict(self.__dict__))
                self._startPage()

            def save(self) -> None:
                total = len(self._clerk_pages)
                starts = sorted(set(letters.starts)) or [1]
                ends = [*starts[1:], total + 1]
                for state in self._clerk_pages:
                    self.__dict__.update(state)
                    page = self._pageNumber
                    first, end = next(
                        ((s, e) for s, e in zip(starts, ends, strict=True) if s <= page < e),
                        (1, total + 1),
                    )
                    lh.draw_footer(self, page - first + 1, end - first, self._pagesize)
                    Canvas.showPage(self)
                Canvas.save(self)

        return LetterCanvas

    def place(self, canvas: Canvas, sheet: Sheet, matrix: Matrix) -> None:
        self.placements.append((canvas.getPageNumber() - 1, sheet, matrix))

    def _attach(self, body: bytes) -> bytes:
        """Set each page of a PDF site plan into its placeholders: one form XObject for each
        page of the plan, drawn on every letter's copy."""
        if not self.placements:
            return body
        from pypdf import PdfReader, PdfWriter

        from reports.page_placing import draw_under, form_xobject

        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(body)))
        forms: dict[int, Any] = {}
        for index, sheet, matrix in self.placements:
            form = forms.get(id(sheet))
            if form is None:
                form = forms[id(sheet)] = form_xobject(writer, sheet)
            draw_under(writer, writer.pages[index], form, matrix)
        out = io.BytesIO()
        writer.write(out)
        return out.getvalue()


def _size_note(sheet: Sheet, scale: float) -> str:
    """How the plan is printed: a PDF page at its full size or reduced (a picture's pixels
    have no size on paper, so it is drawn as large as the page allows)."""
    if sheet.kind == "image":
        return "Measure by the dimensions written on the plan."
    if scale >= 0.999:
        return "Printed at its full size."
    return (
        f"Reduced to {scale * 100:.0f}% of its size to fit this page: measure by the dimensions "
        "written on the plan."
    )


def _plan_page(letters: _Letters, sheet: Sheet, caption: str, note: str) -> Flowable:
    """A page of the site plan: its caption and a note, then the plan in a thin frame, as large
    as the rest of the page allows (a page of a PDF never enlarged, so a plan that fits keeps
    its scale). A picture is drawn by ReportLab; a page of a PDF is set in afterwards with
    pypdf (:meth:`_Letters._attach`)."""
    from reportlab.platypus import Flowable as Base
    from reportlab.platypus import Paragraph

    st = styles()
    head = _style("plan-caption", st.header_cell, fontSize=10, leading=13)
    small = _style("plan-note", st.small, fontSize=8, leading=10)

    class _PlanPage(Base):
        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            self.width, self.height = aw, ah  # the whole frame: one sheet per page
            return aw, ah

        def split(self, aw: float, ah: float) -> list[Flowable]:
            return []

        def draw(self) -> None:
            canvas = self.canv
            title = Paragraph(escape(caption), head)
            _, th = title.wrap(self.width, self.height)
            title.drawOn(canvas, 0, self.height - th)
            # room measured with the longest wording of the size note, then the true one
            longest = Paragraph(escape(f"{note} {_size_note(sheet, 0.5)}"), small)
            _, nh = longest.wrap(self.width, self.height)
            room_h = self.height - th - nh - 10
            scale = min(self.width / sheet.width, room_h / sheet.height)
            if sheet.kind != "image":
                scale = min(scale, 1.0)
            words = Paragraph(escape(f"{note} {_size_note(sheet, scale)}"), small)
            _, wh = words.wrap(self.width, self.height)
            words.drawOn(canvas, 0, self.height - th - 2 - wh)
            w, h = sheet.width * scale, sheet.height * scale
            x, y = (self.width - w) / 2, room_h - h
            canvas.saveState()
            canvas.setStrokeColor(lh.color(lh.RULE_GREY_HEX))
            canvas.setLineWidth(0.5)
            canvas.rect(x, y, w, h)
            canvas.restoreState()
            if sheet.kind == "image":
                canvas.saveState()
                canvas.translate(x, y)
                canvas.scale(w, h)  # the picture is drawn once in a unit square
                letters.once(
                    canvas,
                    "CafePlanPicture",
                    (1.0, 1.0),
                    lambda c: c.drawImage(sheet.image, 0, 0, width=1, height=1, mask="auto"),
                )
                canvas.restoreState()
                return
            from reports.page_placing import placing_matrix

            ax, ay = canvas.absolutePosition(x, y)
            letters.place(canvas, sheet, placing_matrix(sheet, ax, ay, scale))

    return _PlanPage()


def _readable_sheets(content: bytes | None, name: str) -> list[Sheet] | None:
    """The pages of a site plan, a picture turned upright; None when there is none or it cannot
    be read."""
    if not content:
        return None
    from reports.page_placing import Sheet, read_sheets

    sheets = read_sheets(content, caption="", name=name or "site plan", share=None, missing="")
    if sheets[0].kind == "notice":
        return None
    if sheets[0].kind == "image":
        upright = _upright_image(content)
        if upright is not None:
            image, width, height = upright
            sheets = [Sheet("", "image", width=width, height=height, image=image)]
    return sheets


def _upright_image(content: bytes) -> tuple[Any, float, float] | None:
    """A photographed plan turned as the camera's orientation tag says, or None when it is
    upright already (then ReportLab embeds the file as it is, a JPEG without re-encoding)."""
    from PIL import Image, ImageOps
    from reportlab.lib.utils import ImageReader

    with Image.open(io.BytesIO(content)) as picture:
        if picture.getexif().get(0x0112, 1) in (None, 1):
            return None
        turned = ImageOps.exif_transpose(picture)
        turned.load()
    return ImageReader(turned), float(turned.width), float(turned.height)
