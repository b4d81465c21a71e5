"""Printing the PDFs the reports write (receipts, close-out, deposit slip, agenda packet)
without QtPdf.

QtPdf is not in PySide6-Essentials, so each page is rendered to an image with ``pypdfium2`` and
painted on a :class:`QPrinter` page of the PDF's own size (letter, or the 80 mm roll).
:class:`QPrintPreviewDialog` shows the preview and leads to the print dialog in one window; with
"print directly" the default printer prints at once, with no dialog, as a receipt printer should.

One page is rendered at a time, painted, and let go before the next (:func:`paint_pdf`): a
600-page agenda packet never holds more than one page's picture while it prints. The preview
keeps every page it is shown (Qt records them all), so it renders them at the screen's
resolution, not the printer's, and lower still when the document is long enough that even that
would fill the memory (:data:`PREVIEW_BUDGET_BYTES`). The preview's "Save PDF…" writes the
document itself, with its links and bookmarks, to a file (:func:`save_pdf`).

Every print goes through the module-level hook :func:`print_pdf`, which tests replace to capture
the PDF bytes (no printer, no modal loop). Screens call it through :func:`print_or_explain`, which
turns a printer failure (off, out of paper, no driver) into a message saying what *was* saved
and where to print it again, instead of an error escaping after the work was done.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMarginsF, QRectF, QSize, QSizeF
from PySide6.QtGui import QGuiApplication, QImage, QPageLayout, QPageSize, QPaintEngine, QPainter
from PySide6.QtPrintSupport import QPrinter, QPrinterInfo, QPrintPreviewDialog
from PySide6.QtWidgets import QMessageBox, QToolBar, QWidget

from clerk_desk.errors import ClerkDeskError, EnvironmentProblem
from ui.kit.widgets import place_on_screen

if TYPE_CHECKING:
    import pypdfium2

MAX_DPI = 300  # enough for text on a laser or thermal printer; more only costs memory
PREVIEW_MAX_DPI = 150  # a preview is looked at on a screen: no more than a sharp screen shows
PREVIEW_MIN_DPI = 48  # below this the preview of a long packet stops being legible
PREVIEW_BUDGET_BYTES = 600 * 1024 * 1024  # what the preview's pictures of all pages may take
PDF_FILTER = "PDF document (*.pdf)"
_BYTES_PER_PIXEL = 3  # pages are rendered as 24-bit BGR: no unused fourth byte per pixel


@contextmanager
def _opened(pdf: bytes) -> Iterator[pypdfium2.PdfDocument]:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        yield document
    finally:
        document.close()


def _render(document: pypdfium2.PdfDocument, index: int, dpi: float) -> tuple[QImage, QSizeF]:
    """Page ``index`` as an image at ``dpi``, and the page's size in points."""
    page = document[index]
    try:
        width, height = page.get_size()
        bitmap = page.render(scale=dpi / 72)
        try:
            image = QImage(
                bytes(bitmap.buffer),
                bitmap.width,
                bitmap.height,
                bitmap.stride,
                QImage.Format.Format_BGR888,
            ).copy()  # own the pixels: the bitmap's buffer goes away with the page
        finally:
            bitmap.close()
        return image, QSizeF(width, height)
    finally:
        page.close()


def page_images(pdf: bytes, dpi: int = 150) -> list[tuple[QImage, QSizeF]]:
    """Each page of ``pdf`` as an image at ``dpi``, with the page's size in points.

    Every page is held at once: for a few pages only (a thumbnail, a test). Printing and the
    preview render one page at a time (:func:`paint_pdf`)."""
    with _opened(pdf) as document:
        return [_render(document, index, dpi) for index in range(len(document))]


def _page_layout(size: QSizeF) -> QPageLayout:
    page = QPageSize(size, QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.FuzzyMatch)
    orientation = (
        QPageLayout.Orientation.Landscape
        if size.width() > size.height()
        else QPageLayout.Orientation.Portrait
    )
    if orientation is QPageLayout.Orientation.Landscape:
        page = QPageSize(
            QSizeF(size.height(), size.width()),
            QPageSize.Unit.Point,
            "",
            QPageSize.SizeMatchPolicy.FuzzyMatch,
        )
    return QPageLayout(page, orientation, QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Point)


def screen_dpi() -> float:
    """The resolution a page is seen at on this computer's screen (96 on most, more on a
    high-density screen), within what a preview needs."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return 96.0
    dpi = screen.logicalDotsPerInch() * screen.devicePixelRatio()
    return max(72.0, min(dpi, float(PREVIEW_MAX_DPI)))


def preview_dpi(document: pypdfium2.PdfDocument, wanted: float | None = None) -> float:
    """The resolution to preview ``document`` at: the screen's, or lower when its pages' pictures
    would take more than :data:`PREVIEW_BUDGET_BYTES` together (never under
    :data:`PREVIEW_MIN_DPI`)."""
    dpi = wanted if wanted is not None else screen_dpi()
    square_inches = 0.0
    for index in range(len(document)):
        width, height = document.get_page_size(index)
        square_inches += (width / 72) * (height / 72)
    if square_inches:
        fits = math.sqrt(PREVIEW_BUDGET_BYTES / (_BYTES_PER_PIXEL * square_inches))
        dpi = min(dpi, fits)
    return max(float(PREVIEW_MIN_DPI), dpi)


def _is_preview(painter: QPainter) -> bool:
    """Whether the painter draws into the print preview (which records every page) rather
    than onto paper or into a file."""
    engine = painter.paintEngine()
    return engine is not None and engine.type() is QPaintEngine.Type.Picture


def paint_pdf(printer: QPrinter, pdf: bytes) -> int:
    """Paint every page of ``pdf`` on ``printer``, each on a page of its own size.

    Returns the number of pages painted. The page size is set from the PDF before painting
    starts, so letter prints on letter and a receipt on the roll, whatever the printer had.
    Pages are rendered one at a time and let go once painted: at the printer's resolution (at
    most :data:`MAX_DPI`) on paper, at the screen's in the preview (:func:`preview_dpi`).
    """
    with _opened(pdf) as document:
        count = len(document)
        if not count:
            return 0
        first = QSizeF(*document.get_page_size(0))
        printer.setFullPage(True)
        printer.setPageLayout(_page_layout(first))
        painter = QPainter()
        if not painter.begin(printer):
            raise EnvironmentProblem("The printer could not be started. Check that it is on.")
        try:
            if _is_preview(painter):
                dpi = preview_dpi(document)
            else:
                dpi = float(min(max(printer.resolution(), 96), MAX_DPI))
            # Only the PDF engine (a PDF file, CUPS) takes a new paper size between pages; on
            # another printer, or in the preview, a page of another size is fitted to the paper.
            resizes = painter.paintEngine().type() is QPaintEngine.Type.Pdf
            current = first
            for index in range(count):
                image, size = _render(document, index, dpi)
                if index:
                    if resizes and size != current:
                        printer.setPageLayout(_page_layout(size))
                        current = size
                    printer.newPage()
                target = QRectF(painter.viewport())
                scale = min(target.width() / image.width(), target.height() / image.height())
                painter.drawImage(
                    QRectF(0, 0, image.width() * scale, image.height() * scale), image
                )
                del image  # the next page is rendered only once this one is let go
        finally:
            painter.end()
    return count


def default_printer_name() -> str:
    return QPrinterInfo.defaultPrinterName()


def print_pdf(parent: QWidget | None, pdf: bytes, *, title: str, direct: bool = False) -> bool:
    """Print ``pdf``: with a preview (and from it the print dialog), or straight to the
    default printer when ``direct``. True when it was sent to a printer.

    Tests replace this hook to capture the bytes.
    """
    if direct and default_printer_name():
        printer = QPrinter(QPrinterInfo.defaultPrinter(), QPrinter.PrinterMode.HighResolution)
        printer.setDocName(title)
        return paint_pdf(printer, pdf) > 0
    return preview_pdf(parent, pdf, title=title)


def preview_pdf(parent: QWidget | None, pdf: bytes, *, title: str) -> bool:
    """The print preview: the pages as they will print, Print… to choose the printer, and Save
    PDF… to keep the document itself (links and bookmarks included) or send it by e-mail."""
    from ui.kit import forms as forms

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(title)
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setObjectName("print_preview")
    dialog.setWindowTitle(f"Print — {title}")
    dialog.paintRequested.connect(lambda target: paint_pdf(target, pdf))
    toolbar = dialog.findChild(QToolBar)
    if toolbar is not None:  # Qt's own toolbar; without it the preview still prints
        toolbar.addSeparator()
        save = toolbar.addAction("Save PDF…")
        save.setObjectName("save_pdf_action")
        save.setToolTip("Save the document as a PDF file, with its links and bookmarks")
        save.triggered.connect(lambda: save_pdf(dialog, pdf, suggested_name(title)))
    # A page whole at 900 pixels, or less on a screen that has not them (1,366 x 768: issue 19).
    place_on_screen(dialog, QSize(900, 900), over=parent.window() if parent is not None else None)
    return bool(forms.run_modal(dialog))


def suggested_name(title: str) -> str:
    """A file name from a document's title: "Agenda packet — Regular meeting, Mon Dec 14,
    2026, 6:00 PM" → "Agenda packet - Regular meeting, Mon Dec 14, 2026, 6.00 PM.pdf"."""
    name = title.replace("—", "-").replace(":", ".")
    name = "".join(c for c in name if c not in '<>"/\\|?*' and c.isprintable()).strip(" .")
    return f"{name or 'document'}.pdf"


def write_pdf(path: str | Path, pdf: bytes) -> Path:
    """Write ``pdf`` to ``path`` whole or not at all: into a temporary file beside it, renamed
    into place once complete, so a full disk or a crash never leaves half a packet under the
    name (nor destroys the copy saved before). OSError when it cannot be written."""
    import os
    import tempfile

    target = Path(path)
    fd, partial = tempfile.mkstemp(prefix=f".{target.stem}-", suffix=".pdf", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(pdf)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(partial, target)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return target


def save_pdf(parent: QWidget, pdf: bytes, suggested: str) -> Path | None:
    """Ask where, and save ``pdf`` there (:func:`write_pdf`); the path saved, or None when the
    person cancelled or it could not be written (they are told why)."""
    from ui.kit import forms as forms
    from ui.kit import operations as operations

    chosen = forms.ask_save_path(parent, "Save as PDF", suggested, PDF_FILTER)
    if not chosen:
        return None
    if not chosen.lower().endswith(".pdf"):
        chosen += ".pdf"
    try:
        return write_pdf(chosen, pdf)
    except OSError as error:
        reason = error.strerror or str(error)
        operations.show_error(
            parent,
            EnvironmentProblem(
                f"{Path(chosen).name} could not be saved: {reason}. Nothing was written; "
                "choose another folder, or free some space, and save again."
            ),
            title="Not saved",
        )
        return None


def print_or_explain(
    parent: QWidget | None,
    pdf: bytes,
    *,
    title: str,
    direct: bool = False,
    saved: str = "",
) -> bool:
    """:func:`print_pdf`, telling the person when the printer failed; True when printed.

    ``saved`` says what is safe regardless and where to print it again (e.g. "Receipt
    2026-000123 is saved: reprint it from the Register."). A failure never escapes: the work
    the print follows (a sale, a close-out) is already committed.
    """
    try:
        return print_pdf(parent, pdf, title=title, direct=direct)
    except Exception as error:  # the printer's fault, never the record's: say so and go on
        explain_print_failure(parent, title, error, saved)
        return False


def print_permit(parent: QWidget | None, pdf: bytes | None, *, title: str, number: str) -> bool:
    """Print a permit the register's tab drew (None: drawing it failed, and said so); True when
    printed. A failed print says the permit is saved and where to print it again."""
    if pdf is None:
        return False
    saved = f"Permit {number} is saved: print it again with Print permit."
    return print_or_explain(parent, pdf, title=title, saved=saved)


def explain_print_failure(
    parent: QWidget | None, title: str, error: BaseException, saved: str = ""
) -> None:
    """The message shown when printing ``title`` failed (through the test hook ask_message)."""
    from ui.kit import operations as operations

    reason = (
        error.message if isinstance(error, ClerkDeskError) else str(error) or type(error).__name__
    )
    if not isinstance(error, ClerkDeskError):
        operations.log.warning("printing %s failed", title, exc_info=error)
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        "Not printed",
        f"{title} was not printed. {saved}".strip(),
        QMessageBox.StandardButton.Ok,
        parent,
    )
    box.setObjectName("print_failed_box")
    box.setInformativeText(f"The printer said: {reason}")
    operations.ask_message(box)
