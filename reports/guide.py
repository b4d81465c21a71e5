"""The user's guide as a PDF: every page of :mod:`clerk_desk.guide`, one bookmark a page.

The printed guide is the same text the F1 window shows; a "§" link is printed as its text.
"""

from __future__ import annotations

import html
import re
from io import BytesIO
from pathlib import Path
from typing import Any

from clerk_desk.guide import GuidePage, guide_pages
from reports.document import styles
from reports.fonts import FONT_REGULAR, register_fonts

GUIDE_TITLE = "Clerk Desk — User's guide"
GUIDE_AUTHOR = "City of Prescott, Wisconsin — City Clerk"
_LINK = re.compile(r"\[([^\]]+)\]\(<[^>]*>\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_NUMBERED = re.compile(r"^(\d+)\.\s+")


def _inline(text: str) -> str:
    """Markdown's bold and links as ReportLab paragraph markup (the link as its words)."""
    text = _LINK.sub(lambda match: match.group(1), text)
    text = html.escape(text, quote=False)
    return _BOLD.sub(lambda match: f"<b>{match.group(1)}</b>", text)


def _blocks(body: str) -> list[str]:
    """The paragraphs and numbered steps of a page's body, each on one line."""
    blocks: list[str] = []
    for line in body.splitlines():
        stripped = line.strip()
        if not stripped:
            blocks.append("")
        elif _NUMBERED.match(stripped) or not blocks or not blocks[-1]:
            blocks.append(stripped)
        else:
            blocks[-1] += " " + stripped
    return [block for block in blocks if block]


def _page_flowables(page: GuidePage, index: int) -> list[Any]:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, Spacer

    docs = styles()
    step = ParagraphStyle(
        name="guide-step",
        parent=docs.body,
        leftIndent=18,
        bulletIndent=0,
        bulletFontName=FONT_REGULAR,
    )
    heading = Paragraph(html.escape(page.title, quote=False), docs.title)
    heading._bookmark = f"page{index}"
    heading._bookmark_title = page.title
    flowables: list[Any] = [heading, Spacer(1, 6)]
    for block in _blocks(page.body):
        numbered = _NUMBERED.match(block)
        if numbered:
            flowables.append(
                Paragraph(_inline(block[numbered.end() :]), step, bulletText=numbered.group(0))
            )
        else:
            flowables.append(Paragraph(_inline(block), docs.body))
        flowables.append(Spacer(1, 4))
    return flowables


def guide_pdf() -> bytes:
    """The whole guide, one PDF page or more for each guide page, with its title bookmarked."""
    register_fonts()
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.units import inch
    from reportlab.platypus import PageBreak, SimpleDocTemplate

    class _Guide(SimpleDocTemplate):
        def afterFlowable(self, flowable: Any) -> None:
            key = getattr(flowable, "_bookmark", None)
            if key:
                self.canv.bookmarkPage(key)
                self.canv.addOutlineEntry(flowable._bookmark_title, key, level=0)

    out = BytesIO()
    doc = _Guide(
        out,
        pagesize=letter,
        leftMargin=inch,
        rightMargin=inch,
        topMargin=inch,
        bottomMargin=inch,
        title=GUIDE_TITLE,
        author=GUIDE_AUTHOR,
        subject="How to use Clerk Desk at the counter",
        creator="Clerk Desk",
        initialFontName=FONT_REGULAR,  # else an unembedded Helvetica is listed on every page
    )
    story: list[Any] = []
    for index, page in enumerate(guide_pages()):
        if story:
            story.append(PageBreak())
        story += _page_flowables(page, index)
    doc.build(story)
    return out.getvalue()


def write_guide_pdf(path: Path | str) -> Path:
    """Write the guide PDF to ``path`` and return it."""
    target = Path(path)
    target.write_bytes(guide_pdf())
    return target
