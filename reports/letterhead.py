"""The City's letterhead, running header and footer, drawn on the page canvas.

Everything here draws *around* the story (in the page margins) so that a document's own content
never has to know about the letterhead: ``reports.document`` reserves the space and calls these
functions from its page templates. All measurements derive from the page size, so the same code
serves letter, legal and landscape pages.

The logo is the City's own image (``CityProfile.logo``) when set and readable, else the emblem
shipped in ``resources/city-seal.png``. A missing or broken logo file never stops a document from
printing: a receipt with the shipped emblem is better than no receipt with a person waiting.
"""

from __future__ import annotations

import copy
import hashlib
import logging
import math
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clerk_desk.settings import CityProfile

from .fonts import FONT_BOLD, FONT_REGULAR, register_fonts, text_width
from .seal import seal_path

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

log = logging.getLogger(__name__)

INCH = 72.0
MM = 72.0 / 25.4

NAVY_HEX = "#1F3A5F"
"""Ink of the letterhead, titles and rules: dark enough to photocopy, not harsh black."""
GREY_HEX = "#4A5563"
"""Secondary text: office, address, page numbers."""
RULE_GREY_HEX = "#9AA5B1"


@dataclass(frozen=True, slots=True)
class PageGeometry:
    """Margins and reserved bands of a letterhead document, in points."""

    left: float = 0.75 * INCH
    right: float = 0.75 * INCH
    top: float = 0.5 * INCH
    bottom: float = 0.5 * INCH
    letterhead_height: float = 1.36 * INCH
    """Band on the first page for the logo, name and address, including the rule under them."""
    running_header_height: float = 0.42 * INCH
    """Band on later pages for the city name and document title."""
    footer_height: float = 0.32 * INCH
    """Band above the bottom margin for "Page N of M"."""


GEOMETRY = PageGeometry()

LOGO_HEIGHT = 0.92 * INCH
LOGO_MAX_WIDTH = 1.9 * INCH


@dataclass(frozen=True, slots=True)
class _Logo:
    path: str
    width: float
    height: float
    image: Any  # the picture scaled to 300 dpi at its printed size, decoded once per process
    encoded: Any = None
    """The picture as a PDF image object (ReportLab's ``PDFImageXObject``), compressed and
    encoded once per process: :func:`_draw_logo` puts a copy in each document."""


_logo_lock = threading.Lock()
_logo_cache: dict[str, _Logo | None] = {}


def _measure_logo(path: Path) -> _Logo | None:
    """Read the image's size once per process; ``None`` if it cannot be read as an image."""
    key = str(path)
    with _logo_lock:
        if key in _logo_cache:
            return _logo_cache[key]
    from reportlab.lib.utils import ImageReader

    logo: _Logo | None
    try:
        from PIL import Image

        iw, ih = ImageReader(key).getSize()
        scale = min(LOGO_HEIGHT / ih, LOGO_MAX_WIDTH / iw)
        width, height = iw * scale, ih * scale
        # ReportLab re-encodes the image into every PDF; at print resolution (300 dpi) rather
        # than as shipped, a receipt renders in half the time and prints no worse.
        pixels = (max(1, round(width / 72 * 300)), max(1, round(height / 72 * 300)))
        with Image.open(key) as original:
            picture = original.convert("RGBA")
            if picture.width > pixels[0]:
                picture = picture.resize(pixels, Image.Resampling.LANCZOS)
        logo = _Logo(key, width, height, ImageReader(picture), _encoded(picture))
    except Exception:  # any unreadable image: fall back, never fail the print
        log.warning("Logo %s cannot be read as an image; using the shipped seal", key)
        logo = None
    with _logo_lock:
        _logo_cache[key] = logo
    return logo


def _encoded(picture: Any) -> Any:
    """``picture`` as ReportLab's image object with its soft mask (the seal's transparency),
    encoded now, once: every receipt otherwise compressed and ASCII85-encoded the seal again,
    a third of the time of rendering a letter receipt (issue 20)."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfbase.pdfdoc import PDFImageXObject

    name = "Logo" + hashlib.sha1(picture.tobytes(), usedforsecurity=False).hexdigest()[:16]
    return PDFImageXObject(name, ImageReader(picture), mask="auto")


def _draw_logo(canvas: Canvas, logo: _Logo, x: float, y: float) -> None:
    """Draw ``logo`` at (x, y) in its printed size, its encoded image shared by every document.

    This is what ``Canvas.drawImage`` does for a new image, less the encoding: register a copy of
    the image object (and of its soft mask) in this document once, then paint it.
    """
    document = canvas._doc
    name = logo.encoded.name
    registered = document.getXObjectName(name)
    if registered not in document.idToObject:
        image = copy.copy(logo.encoded)
        mask = image.__dict__.pop("_smask", None)
        canvas._setXObjects(image)
        document.Reference(image, registered)
        document.addForm(name, image)
        if mask is not None:
            mask = copy.copy(mask)
            canvas._setXObjects(mask)
            image.smask = document.Reference(mask, document.getXObjectName(mask.name))
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(logo.width, logo.height)
    canvas._code.append(f"/{registered} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)


def resolve_logo(profile: CityProfile) -> _Logo | None:
    """The City's logo if set and readable, else the shipped seal (``None`` only if both fail)."""
    if profile.logo:
        custom = Path(profile.logo)
        if custom.is_file():
            logo = _measure_logo(custom)
            if logo is not None:
                return logo
        else:
            log.warning("Logo %s not found; using the shipped seal", custom)
    return _measure_logo(seal_path())


def contact_lines(profile: CityProfile) -> list[str]:
    """Address lines, then phone and e-mail when set: the right-hand block of the letterhead."""
    lines = [line for line in profile.address_lines if line.strip()]
    if profile.phone.strip():
        lines.append(f"Phone {profile.phone.strip()}")
    if profile.email.strip():
        lines.append(profile.email.strip())
    return lines


def _fit_size(text: str, *, size: float, minimum: float, width: float, bold: bool) -> float:
    """Largest font size from ``size`` down to ``minimum`` at which ``text`` fits in ``width``."""
    while size > minimum and text_width(text, size=size, bold=bold) > width:
        size -= 0.5
    return size


def draw_letterhead(canvas: Canvas, profile: CityProfile, pagesize: tuple[float, float]) -> None:
    """First-page letterhead: logo at left, name and office beside it, address block at right.

    The three parts are centred on one horizontal axis and closed by a double rule (heavy over
    light) across the text width, the way the City's printed stationery reads.
    """
    register_fonts()
    g = GEOMETRY
    page_w, page_h = pagesize
    left, right = g.left, page_w - g.right
    band_top = page_h - g.top
    rule_y = band_top - g.letterhead_height + 0.2 * INCH
    axis = (band_top + rule_y) / 2 + 2  # optical centre sits a hair above the geometric one

    canvas.saveState()
    x_text = left
    logo = resolve_logo(profile)
    if logo is not None:
        _draw_logo(canvas, logo, left, axis - logo.height / 2)
        x_text = left + logo.width + 0.18 * INCH

    # Right-hand contact block, right-aligned, vertically centred on the axis.
    contact = contact_lines(profile)
    contact_size, contact_leading = 8.5, 11.0
    contact_w = max((text_width(line, size=contact_size) for line in contact), default=0.0)
    block_h = contact_leading * len(contact)
    y = axis + block_h / 2 - contact_size * 0.95
    canvas.setFillColor(color(GREY_HEX))
    canvas.setFont(FONT_REGULAR, contact_size)
    for line in contact:
        canvas.drawRightString(right, y, line)
        y -= contact_leading

    # Name and office between the logo and the contact block.
    room = right - contact_w - 0.3 * INCH - x_text
    name = profile.city_name.strip()
    office = profile.office.strip()
    name_size = _fit_size(name, size=20, minimum=11, width=room, bold=True)
    office_size = _fit_size(office, size=11.5, minimum=7, width=room, bold=False)
    gap = 5.0
    block = name_size * 0.73 + (gap + office_size * 0.73 if office else 0.0)  # cap heights
    name_base = axis + block / 2 - name_size * 0.73
    canvas.setFillColor(color(NAVY_HEX))
    canvas.setFont(FONT_BOLD, name_size)
    canvas.drawString(x_text, name_base, name)
    if office:
        canvas.setFillColor(color(GREY_HEX))
        canvas.setFont(FONT_REGULAR, office_size)
        canvas.drawString(x_text, name_base - gap - office_size * 0.95, office)

    canvas.setStrokeColor(color(NAVY_HEX))
    canvas.setLineWidth(1.4)
    canvas.line(left, rule_y, right, rule_y)
    canvas.setLineWidth(0.5)
    canvas.line(left, rule_y - 2.6, right, rule_y - 2.6)
    canvas.restoreState()


def draw_running_header(
    canvas: Canvas, profile: CityProfile, title: str, pagesize: tuple[float, float]
) -> None:
    """Later pages: city and office at left, the document title at right, a hairline under."""
    register_fonts()
    g = GEOMETRY
    page_w, page_h = pagesize
    left, right = g.left, page_w - g.right
    base = page_h - g.top - 11
    width = right - left
    name = profile.city_name.strip()
    office = f"  ·  {profile.office.strip()}" if profile.office.strip() else ""
    # The title matters more than the office on a later page: drop the office, then shorten
    # the name, before squeezing the title below about half the line.
    if text_width(name + office, size=9, bold=True) > width * 0.5:
        office = ""
    name = _ellipsize(name, size=9, width=width * 0.45, bold=True)
    canvas.saveState()
    canvas.setFillColor(color(NAVY_HEX))
    canvas.setFont(FONT_BOLD, 9)
    canvas.drawString(left, base, name)
    used = text_width(name, size=9, bold=True)
    if office:
        canvas.setFillColor(color(GREY_HEX))
        canvas.setFont(FONT_REGULAR, 9)
        canvas.drawString(left + used, base, office)
        used += text_width(office, size=9)
    room = width - used - 0.4 * INCH
    size = _fit_size(title, size=9, minimum=7.5, width=room, bold=False)
    canvas.setFillColor(color(GREY_HEX))
    canvas.setFont(FONT_REGULAR, size)
    canvas.drawRightString(right, base, _ellipsize(title, size=size, width=room))
    canvas.setStrokeColor(color(RULE_GREY_HEX))
    canvas.setLineWidth(0.5)
    canvas.line(left, base - 6, right, base - 6)
    canvas.restoreState()


def draw_footer(
    canvas: Canvas,
    page: int,
    total: int,
    pagesize: tuple[float, float],
    *,
    label: str = "Page",
) -> None:
    """Centred "Page N of M" in the bottom band: a clerk collating a packet needs nothing else.

    ``label`` replaces "Page" ("Packet page 7 of 212" on an agenda packet, whose attached scans
    have page numbers of their own)."""
    register_fonts()
    page_w, _ = pagesize
    canvas.saveState()
    canvas.setFillColor(color(GREY_HEX))
    canvas.setFont(FONT_REGULAR, 8.5)
    canvas.drawCentredString(page_w / 2, GEOMETRY.bottom + 4, f"{label} {page} of {total}")
    canvas.restoreState()


def draw_watermark(canvas: Canvas, text: str, pagesize: tuple[float, float]) -> None:
    """Large light diagonal word ("DUPLICATE", "VOID", "DRAFT") behind the page content.

    Drawn before the story so it never hides a figure; light grey so the page stays legible and a
    photocopy still shows it.
    """
    register_fonts()
    page_w, page_h = pagesize
    # Diagonal on sheets, level on the narrow receipt roll where a slant would make it tiny.
    angle = 0.0 if page_w < 4 * INCH else (32.0 if page_h >= page_w else 22.0)
    rad = math.radians(angle)
    length = (
        page_w * 0.86 if angle == 0 else 0.8 * min(page_w / math.cos(rad), page_h / math.sin(rad))
    )
    size = min(length / max(text_width(text, size=1, bold=True), 0.01), 110.0)
    canvas.saveState()
    canvas.setFillColor(color("#C8CED6"))
    canvas.setFont(FONT_BOLD, size)
    canvas.translate(page_w / 2, page_h / 2)
    canvas.rotate(angle)
    canvas.drawCentredString(0, -size * 0.36, text)
    canvas.restoreState()


def _ellipsize(text: str, *, size: float, width: float, bold: bool = False) -> str:
    """Cut ``text`` with an ellipsis so that it fits ``width`` (a long title in a header band)."""
    if text_width(text, size=size, bold=bold) <= width:
        return text
    while text and text_width(text + "…", size=size, bold=bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def color(hex_code: str) -> Any:
    """A ReportLab colour from ``#RRGGBB`` (imported lazily: importing reports stays cheap)."""
    from reportlab.lib.colors import HexColor

    return HexColor(hex_code)
