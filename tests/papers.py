"""Reading printed papers (PDF bytes) back as text, as the tests check what a page says.

pypdf returns a page's text with the layout's line breaks and spaces (no-break ones too); most
tests ask whether a phrase is on the page wherever the layout wrapped it, so the usual reading
folds every run of white space to one space (``page_texts``, ``text``). ``raw_page_texts`` keeps
the text as extracted, for tests that read its lines.
"""

from __future__ import annotations

import inspect
import io
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
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


# ---------------------------------------------------------------- every paper's standards
#
# A test module of the papers opts in with
#     from papers import papers_checked  (with a noqa for F401: pytest finds it by name)
#     pytestmark = pytest.mark.usefixtures("papers_checked")
# and every PDF and workbook its tests make through ``reports`` is then read back and checked:
# fonts embedded, the City as author, a title, sheet names within Excel's 31 and not cut, number
# formats, and times in the City's style. The renders are the tests' own: no paper is drawn twice.

_REPORTS_DIR = str(Path(__file__).resolve().parent.parent / "reports")
_TIME_LIKE_A_SCREEN = re.compile(r"\b\d{1,2}:\d\d\s?[AP]M\b")
_FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")
_NOT_AN_AUTHOR = {"", "openpyxl", "anonymous", "(anonymous)", "unknown", "reportlab"}
_COUNT_FORMATS = {"#,##0", "0"}


def _made_by_a_paper() -> bool:
    """Whether the save under way was called from ``reports`` (not a test's own input file)."""
    return any(frame.filename.startswith(_REPORTS_DIR) for frame in inspect.stack(context=0)[2:])


def _fonts(resources: Any, seen: set[int]) -> Iterator[tuple[str, Any]]:
    """Every font of ``resources`` and of the forms it draws, as (name, font dictionary)."""
    if resources is None or id(resources) in seen:
        return
    seen.add(id(resources))
    resources = resources.get_object()
    fonts = resources.get("/Font")
    for name, ref in (fonts.get_object() if fonts is not None else {}).items():
        yield name, ref.get_object()
    xobjects = resources.get("/XObject")
    for ref in (xobjects.get_object() if xobjects is not None else {}).values():
        form = ref.get_object()
        if form.get("/Subtype") == "/Form":
            yield from _fonts(form.get("/Resources"), seen)


def _embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True  # drawn by its own glyph procedures, nothing to embed
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(k in descriptor.get_object() for k in _FONT_FILES)


def pdf_problems(pdf: bytes) -> list[str]:
    """What a printed paper gets wrong: fonts not embedded, no City as author, no title, a time
    written as a screen shows it ("6:00 PM", where the City writes "6:00 p.m.")."""
    problems: list[str] = []
    document = reader(pdf)
    seen: set[int] = set()
    for number, page in enumerate(document.pages, start=1):
        for name, font in _fonts(page.get("/Resources"), seen):
            if not _embedded(font):
                problems.append(f"page {number}: font {name} {font.get('/BaseFont')} not embedded")
    info = document.metadata or {}
    author, title = str(info.get("/Author", "")).strip(), str(info.get("/Title", "")).strip()
    if author.casefold() in _NOT_AN_AUTHOR:
        problems.append(f"author is {author!r}, not the City")
    if title.casefold() in {"", "untitled"}:
        problems.append(f"title is {title!r}")
    for number, words in enumerate(page_texts(document), start=1):
        problems += [f"page {number}: {hit!r}" for hit in _TIME_LIKE_A_SCREEN.findall(words)]
    return problems


def workbook_problems(xlsx: bytes) -> list[str]:
    """What a written workbook gets wrong: openpyxl or no one as its author, no title, a sheet
    name over 31 characters or cut from a longer title, a number without its format (years "0",
    money with cents, counts whole)."""
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(xlsx))
    problems: list[str] = []
    creator, title = (book.properties.creator or "").strip(), (book.properties.title or "").strip()
    if creator.casefold() in _NOT_AN_AUTHOR or creator == book.properties.lastModifiedBy:
        problems.append(f"author is {creator!r}, not the City")
    if not title:
        problems.append("the workbook has no title")
    for ws in book.worksheets:
        name = ws.title
        if len(name) > 31:
            problems.append(f"sheet name {name!r} is over 31 characters")
        if len(name) >= 25 and title.startswith(name) and len(title) > len(name):
            problems.append(f"sheet name {name!r} is {title!r} cut short")
        problems += _number_format_problems(ws)
    return problems


def _number_format_problems(ws: Any) -> list[str]:
    headers: dict[int, str] = {}
    problems: list[str] = []
    for row in ws.iter_rows():
        for cell in row:
            value = cell.value
            if isinstance(value, str) and cell.column not in headers:
                headers[cell.column] = value
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            fmt, header = cell.number_format, headers.get(cell.column, "").casefold()
            where = f"{ws.title}!{cell.coordinate} ({value!r}, {fmt!r})"
            if fmt == "General":
                problems.append(f"{where}: a number without a format")
            elif "year" in header or "approved for" in header:
                if fmt != "0":
                    problems.append(f'{where}: a year not in format "0"')
            elif isinstance(value, float) and value != int(value) and "0.00" not in fmt:
                problems.append(f"{where}: an amount without its cents")
            elif fmt not in _COUNT_FORMATS and "0.00" not in fmt and "yy" not in fmt:
                problems.append(f"{where}: an unexpected number format")
    return problems


def _saved_bytes(target: Any) -> bytes | None:
    """What a save wrote to ``target``: a path, a file open for writing, or a BytesIO."""
    if isinstance(target, io.BytesIO):
        return target.getvalue()
    if isinstance(target, str | os.PathLike):
        return Path(target).read_bytes()
    name = getattr(target, "name", None)
    if isinstance(name, str) and Path(name).is_file():
        target.flush()
        return Path(name).read_bytes()
    return None


@pytest.fixture
def papers_checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Checks every PDF and workbook ``reports`` saves during the test; fails the test at its
    end with each problem found, naming the paper."""
    from openpyxl.workbook.workbook import Workbook
    from reportlab.pdfgen.canvas import Canvas

    problems: list[str] = []
    canvas_save, book_save = Canvas.save, Workbook.save

    def save_canvas(canvas: Any) -> None:
        canvas_save(canvas)
        written = _saved_bytes(canvas._filename) if _made_by_a_paper() else None
        if written:
            problems.extend(f"PDF: {p}" for p in pdf_problems(written))

    def save_book(book: Any, target: Any) -> None:
        book_save(book, target)
        written = _saved_bytes(target) if _made_by_a_paper() else None
        if written:
            problems.extend(f"workbook: {p}" for p in workbook_problems(written))

    monkeypatch.setattr(Canvas, "save", save_canvas)
    monkeypatch.setattr(Workbook, "save", save_book)
    yield problems
    assert not problems, "\n".join(problems)
