"""Pictures of a PDF's pages: for paper, one bit a pixel where a page is black and white and
colour only where it has colour; for the screen, grey or colour at the screen's resolution.

QtPdf is not in PySide6-Essentials, so printing paints pictures of the pages (ui/kit/printing.py).
Painted in 24-bit colour at 300 dpi, Qt wrote each page into the print job as a JPEG of about a
megabyte: a month's receipts register of 227 KB went to the queue as 78 MB. One bit a pixel, as a
laser or thermal printer prints anyway, is a few dozen kilobytes a page.

Whether a page has colour is judged on a small picture of it (:data:`PROBE_DPI`), by its most
coloured pixel. Our papers are printed in the house's inks: near-black; navy for titles, rules
and the seal, "dark enough to photocopy" (reports/letterhead.py, NAVY_HEX); slate greys and pale
fills. Navy is the most coloured of them (64 of 255 between its strongest and weakest channel);
they print as black and grey on any printer, and count as black and white here. A page is colour
when something on it is more coloured than that (:data:`COLOUR_CHROMA`): a voided receipt's red
VOID, a state's green or amber, a colour scan. Those pages print in colour, as before.

pdfium is not thread-safe: every call into it holds :data:`PDFIUM`, one page at a time, so the
preview's renderer and a print job on another thread take turns a page at a time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSizeF, Qt
from PySide6.QtGui import QImage, QPainter

if TYPE_CHECKING:
    import pypdfium2

PDFIUM = threading.RLock()
"""Held around every call into pdfium, which two threads must never enter at once."""

PROBE_DPI = 50  # small enough to cost a few milliseconds; 8-point red text still shows as red
COLOUR_CHROMA = 72  # above navy's 64, below the papers' green (83) and reds (over 120)
MONO_BLACK = 200  # greys this dark print black: every ink, and the grid's light rules (192),
# which print whole rather than as dotted lines
MONO_WHITE = 236  # greys this light are paper: a table's pale zebra rows, a scanner's grain
STRIP_PIXELS = 1 << 20  # a colour picture is handed to the printer a megapixel at a time

_BLACK = 0xFF000000
_WHITE = 0xFFFFFFFF


def _one_bit_palette() -> list[int]:
    """The grey levels of a page before it is dithered to one bit (see :data:`MONO_BLACK`):
    the greys between black and paper are halftoned, as a printer does (a table's header fill,
    the DUPLICATE or EXPIRED watermark)."""
    palette = []
    for level in range(256):
        if level <= MONO_BLACK:
            palette.append(_BLACK)
        elif level >= MONO_WHITE:
            palette.append(_WHITE)
        else:
            palette.append(_BLACK | level << 16 | level << 8 | level)
    return palette


_ONE_BIT_PALETTE = _one_bit_palette()


@dataclass(frozen=True)
class Pages:
    """An open document and the size of each of its pages, in points."""

    document: pypdfium2.PdfDocument
    sizes: list[QSizeF]


@contextmanager
def opened(pdf: bytes | Path) -> Iterator[Pages]:
    """``pdf`` (its bytes, or its file, which pdfium reads as it needs) opened, with its pages'
    sizes read; closed after."""
    import pypdfium2

    with PDFIUM:
        document = pypdfium2.PdfDocument(pdf)
        sizes = [QSizeF(*document.get_page_size(i)) for i in range(len(document))]
    try:
        yield Pages(document, sizes)
    finally:
        with PDFIUM:
            document.close()


def has_colour(page: pypdfium2.PdfPage) -> bool:
    """Whether ``page`` has a colour of its own, beyond the house's inks (see the module)."""
    from PIL import ImageChops

    bitmap = page.render(scale=PROBE_DPI / 72)
    try:
        red, green, blue = bitmap.to_pil().convert("RGB").split()
    finally:
        bitmap.close()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    weakest = ImageChops.darker(ImageChops.darker(red, green), blue)
    most = ImageChops.subtract(strongest, weakest).getextrema()[1]  # one band: (least, most)
    return isinstance(most, int | float) and most > COLOUR_CHROMA


def _colour(page: pypdfium2.PdfPage, dpi: float) -> QImage:
    bitmap = page.render(scale=dpi / 72)
    try:
        pixels = bytes(bitmap.buffer)
        image = QImage(
            pixels, bitmap.width, bitmap.height, bitmap.stride, QImage.Format.Format_BGR888
        )
        return image.copy()  # own the pixels: the bitmap's buffer goes with the bitmap
    finally:
        bitmap.close()


def _grey(page: pypdfium2.PdfPage, dpi: float) -> QImage:
    bitmap = page.render(scale=dpi / 72, grayscale=True)
    try:
        pixels = bytes(bitmap.buffer)
        image = QImage(
            pixels, bitmap.width, bitmap.height, bitmap.stride, QImage.Format.Format_Grayscale8
        )
        return image.copy()
    finally:
        bitmap.close()


def _one_bit(page: pypdfium2.PdfPage, dpi: float) -> QImage:
    """``page`` in black and white at ``dpi``: text and rules drawn without smoothing (a grey
    fringe would only be dithered into specks), greys halftoned by an ordered dither."""
    bitmap = page.render(scale=dpi / 72, grayscale=True, no_smoothtext=True, no_smoothpath=True)
    try:
        pixels = bytes(bitmap.buffer)
    finally:
        bitmap.close()
    # The grey levels read through a palette (no copy) that sets what is black and what paper.
    levels = QImage(
        pixels, bitmap.width, bitmap.height, bitmap.stride, QImage.Format.Format_Indexed8
    )
    levels.setColorTable(_ONE_BIT_PALETTE)
    flags = Qt.ImageConversionFlag.MonoOnly | Qt.ImageConversionFlag.OrderedDither
    image = levels.convertToFormat(QImage.Format.Format_Mono, flags)
    # Qt's PDF writer keeps one bit a pixel only for the palette black, white (in that order).
    if image.colorTable() != [_BLACK, _WHITE]:
        if image.colorTable() == [_WHITE, _BLACK]:
            image.invertPixels()
        else:  # never seen; still printable, at eight bits a pixel
            return image.convertToFormat(QImage.Format.Format_Grayscale8)
        image.setColorTable([_BLACK, _WHITE])
    return image


def for_paper(pages: Pages, index: int, dpi: float) -> QImage:
    """Page ``index`` as it goes to a printer at ``dpi``: one bit a pixel (``Format_Mono``),
    or 24-bit colour when the page has colour (:func:`has_colour`)."""
    return _picture(pages, index, dpi, _one_bit)


def for_screen(pages: Pages, index: int, dpi: float) -> QImage:
    """Page ``index`` as the preview shows it at ``dpi``: smooth grey, or colour when the page
    has colour (the preview shows what the paper will: the house's navy prints as grey)."""
    return _picture(pages, index, dpi, _grey)


def _picture(
    pages: Pages, index: int, dpi: float, plain: Callable[[pypdfium2.PdfPage, float], QImage]
) -> QImage:
    """Page ``index`` in colour when it has colour, else as ``plain`` renders it."""
    with PDFIUM:
        page = pages.document[index]
        try:
            return _colour(page, dpi) if has_colour(page) else plain(page, dpi)
        finally:
            page.close()


def fitted(area: QRectF, size: QSizeF) -> QRectF:
    """The largest rectangle of ``size``'s proportions at the top left of ``area``."""
    scale = min(area.width() / size.width(), area.height() / size.height())
    return QRectF(area.left(), area.top(), size.width() * scale, size.height() * scale)


def draw(painter: QPainter, image: QImage, target: QRectF) -> None:
    """Paint ``image`` over ``target``. A colour picture goes in strips of about a megapixel:
    Qt compresses each as it is drawn, holding Python's lock all the while, and a whole 300 dpi
    page took 300 ms of it, during which the window's thread could run no Python at all."""
    rows = max(1, STRIP_PIXELS // max(1, image.width()))
    if image.depth() == 1 or rows >= image.height():
        painter.drawImage(target, image)
        return
    scale = target.height() / image.height()
    for top in range(0, image.height(), rows):
        height = min(rows, image.height() - top)
        strip = image.copy(0, top, image.width(), height)
        painter.drawImage(
            QRectF(target.left(), target.top() + top * scale, target.width(), height * scale),
            strip,
        )
