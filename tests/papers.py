"""Reading printed papers (PDF bytes) back as text, as the tests check what a page says.

pypdf returns a page's text with the layout's line breaks and spaces (no-break ones too); most
tests ask whether a phrase is on the page wherever the layout wrapped it, so the usual reading
folds every run of white space to one space (``page_texts``, ``text``). ``raw_page_texts`` keeps
the text as extracted, for tests that read its lines.
"""

from __future__ import annotations

import io

from pypdf import PdfReader


def reader(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces (no-break ones too) as single spaces."""
    return " ".join(text.split())


def raw_page_texts(pdf: bytes | PdfReader) -> list[str]:
    """Each page's text as pypdf extracts it (an empty page reads as "")."""
    pages = (pdf if isinstance(pdf, PdfReader) else reader(pdf)).pages
    return [page.extract_text() or "" for page in pages]


def raw_text(pdf: bytes | PdfReader, between: str = "\n") -> str:
    """The pages' texts as extracted, joined by ``between``."""
    return between.join(raw_page_texts(pdf))


def page_texts(pdf: bytes | PdfReader) -> list[str]:
    """Each page's text on one line, white space folded (``flat``)."""
    return [flat(page) for page in raw_page_texts(pdf)]


def text(pdf: bytes | PdfReader) -> str:
    """The whole document's text on one line, page after page, white space folded."""
    return " ".join(page_texts(pdf))


def page_count(pdf: bytes) -> int:
    return len(reader(pdf).pages)
