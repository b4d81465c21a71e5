"""Pages of a scan set into a City document: read the scan, place each page, draw it under.

A scan the Clerk keeps (a site plan, a signed petition) is a PDF, a PNG or a JPEG. To print it
inside a City document without rasterising it, each of its pages becomes a :class:`Sheet`
(:func:`read_sheets`); the document lays out a placeholder page with a frame for it, and records
where the sheet goes (:func:`placing_matrix`); once ReportLab has written the document, pypdf
turns the sheet into a form XObject (:func:`form_xobject`) and draws it under the placeholder's
own content (:func:`draw_under`). The scanned page's content and resources are copied as they
are, so its text stays text and its lines stay sharp, and the same page drawn on many pages of
the document is embedded once.

A picture needs none of this: ReportLab draws it itself (``Sheet.image``). A scan that is
missing or cannot be read becomes a sheet of kind ``"notice"`` saying so, so one bad file never
stops a paper from printing.

Used by :mod:`reports.packet` (the Council's agenda packet) and :mod:`reports.sidewalk_cafes`
(the neighbour notice, the permit and the application packet with the applicant's site plan).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
)
from reportlab.lib.utils import ImageReader

__all__ = [
    "Matrix",
    "Sheet",
    "draw_under",
    "form_xobject",
    "placing_matrix",
    "read_sheets",
    "scan_reader",
]

log = logging.getLogger(__name__)

_PDF, _PNG, _JPEG = b"%PDF", b"\x89PNG", b"\xff\xd8\xff"
_SCAN_NAME = NameObject("/ClerkScan")


@dataclass(slots=True)
class Sheet:
    """One page to set in: a page of a scanned PDF, a picture, or a notice that it is missing."""

    caption: str
    kind: Literal["pdf", "image", "notice"]
    width: float = 612.0  # as the page is seen (after its /Rotate), for the aspect ratio
    height: float = 792.0
    notice: str = ""
    image: Any = None  # ImageReader
    content: bytes = b""  # the PDF page's content stream, decoded
    resources: Any = None  # its /Resources dictionary, in the scan's reader
    box: tuple[float, float, float, float] = (0.0, 0.0, 612.0, 792.0)  # its crop box
    rotation: int = 0
    share: tuple[str, int] | None = None  # (sha256, page): the same page is embedded once
    number: int = 1  # the page's number in its scan
    source: Callable[[], bytes | None] | None = None
    """Reads the scan again when its page is set in (:mod:`reports.pdf_update`); a sheet read
    with a source holds neither ``content`` nor ``resources``, so a paper that sets hundreds of
    scans in holds none of them while it is laid out."""


Matrix = tuple[float, float, float, float, float, float]
"""A PDF ``cm`` operand: where and how large a scanned page is drawn on its placeholder."""


def placing_matrix(sheet: Sheet, x: float, y: float, scale: float) -> Matrix:
    """The ``cm`` that draws the sheet's crop box, turned by its /Rotate, into the frame whose
    lower left corner is (x, y) in page coordinates, ``scale`` times its size."""
    x0, y0, x1, y1 = sheet.box
    w, h = x1 - x0, y1 - y0
    s = scale
    if sheet.rotation == 90:  # shown turned a quarter clockwise
        return (0.0, -s, s, 0.0, x - s * y0, y + s * (w + x0))
    if sheet.rotation == 180:
        return (-s, 0.0, 0.0, -s, x + s * (w + x0), y + s * (h + y0))
    if sheet.rotation == 270:
        return (0.0, s, -s, 0.0, x + s * (h + y0), y - s * x0)
    return (s, 0.0, 0.0, s, x - s * x0, y - s * y0)


def read_sheets(
    content: bytes | None,
    *,
    caption: str,
    name: str,
    share: str | None,
    missing: str,
    source: Callable[[], bytes | None] | None = None,
) -> list[Sheet]:
    """Read a scan into sheets: one per page of a PDF (captioned "…, page 2 of 3"), one for a
    PNG or JPEG, or one notice sheet when ``content`` is None (``missing`` says why) or the file
    cannot be read. ``share`` (the scan's SHA-256) marks the pages so that the same page set in
    twice is embedded once. With ``source`` (which reads ``content`` again), a PDF's sheets keep
    only where their pages are, and :mod:`reports.pdf_update` reads the scan again to set them
    in."""
    if content is None:
        return [Sheet(caption, "notice", notice=missing or f"The scan {name} is not available.")]
    try:
        if content.startswith(_PDF):
            return _pdf_sheets(content, caption=caption, share=share, source=source)
        if content.startswith((_PNG, _JPEG)):
            return [_image_sheet(content, caption=caption)]
        problem = "it is not a PDF, PNG or JPEG file"
    except Exception as exc:  # any damage a scanner or a disk can do: say so, go on
        log.warning("Attached scan %s cannot be read: %s", name, exc)
        problem = "it cannot be read (the file is damaged or protected by a password)"
    return [
        Sheet(
            caption,
            "notice",
            notice=f"The scan {name} is attached, but {problem}. Print it from the record "
            "it belongs to and insert a copy at this page.",
        )
    ]


def scan_reader(content: bytes) -> PdfReader:
    """A scanned PDF opened for its pages; ValueError when it has none or a password."""
    reader = PdfReader(io.BytesIO(content), strict=False)
    if reader.is_encrypted and not reader.decrypt(""):
        raise ValueError("encrypted")
    if len(reader.pages) == 0:
        raise ValueError("no pages")
    return reader


def _pdf_sheets(
    content: bytes,
    *,
    caption: str,
    share: str | None,
    source: Callable[[], bytes | None] | None,
) -> list[Sheet]:
    reader = scan_reader(content)
    count = len(reader.pages)
    sheets: list[Sheet] = []
    for number, page in enumerate(reader.pages, start=1):
        box = tuple(float(v) for v in page.cropbox)
        x0, y0, x1, y1 = (
            min(box[0], box[2]),
            min(box[1], box[3]),
            max(box[0], box[2]),
            max(box[1], box[3]),
        )
        if x1 - x0 < 1 or y1 - y0 < 1:
            raise ValueError("empty page box")
        rotation = int(page.rotation) % 360
        if rotation not in (0, 90, 180, 270):
            rotation = 0
        data, resources = b"", None
        if source is None:  # set in from here, by pypdf's writer (form_xobject)
            stream = page.get_contents()
            data = stream.get_data() if stream is not None else b""
            resources = page.get("/Resources")
            resources = resources.get_object() if resources is not None else DictionaryObject()
        w, h = (y1 - y0, x1 - x0) if rotation in (90, 270) else (x1 - x0, y1 - y0)
        sheets.append(
            Sheet(
                f"{caption}, page {number} of {count}" if count > 1 else caption,
                "pdf",
                width=w,
                height=h,
                content=data,
                resources=resources,
                box=(x0, y0, x1, y1),
                rotation=rotation,
                share=(share, number) if share else None,
                number=number,
                source=source,
            )
        )
    return sheets


def _image_sheet(content: bytes, *, caption: str) -> Sheet:
    from PIL import Image

    with Image.open(io.BytesIO(content)) as picture:
        picture.load()  # a truncated file fails here, not half-way through the document
        width, height = picture.size
    if width < 1 or height < 1:
        raise ValueError("empty picture")
    return Sheet(
        caption,
        "image",
        width=float(width),
        height=float(height),
        image=ImageReader(io.BytesIO(content)),
    )


def form_xobject(writer: PdfWriter, sheet: Sheet) -> IndirectObject:
    """The scanned page as a form XObject in ``writer``: its content and resources as they are."""
    form = DecodedStreamObject()
    form.set_data(sheet.content)
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject(FloatObject(v) for v in sheet.box)
    form[NameObject("/Resources")] = sheet.resources.clone(writer)
    return writer._add_object(form.flate_encode())


def draw_under(writer: PdfWriter, page: Any, form: IndirectObject, matrix: Matrix) -> None:
    """Draw ``form`` on ``page`` of ``writer`` under what is already there (caption, frame,
    footer), placed by ``matrix``."""
    resources = DictionaryObject(page.get("/Resources", DictionaryObject()).get_object())
    xobjects = resources.get("/XObject")
    xobjects = (
        DictionaryObject(xobjects.get_object()) if xobjects is not None else DictionaryObject()
    )
    xobjects[_SCAN_NAME] = form
    resources[NameObject("/XObject")] = xobjects
    page[NameObject("/Resources")] = resources
    numbers = " ".join(f"{v:.4f}" for v in matrix)
    stream = DecodedStreamObject()
    stream.set_data(f"q {numbers} cm {_SCAN_NAME} Do Q\n".encode("ascii"))
    first = writer._add_object(stream)
    contents = page.get("/Contents")
    if contents is None:
        page[NameObject("/Contents")] = first
        return
    existing = contents.get_object()
    if isinstance(existing, ArrayObject):
        page[NameObject("/Contents")] = ArrayObject([first, *existing])
    else:
        page[NameObject("/Contents")] = ArrayObject([first, page.raw_get("/Contents")])
