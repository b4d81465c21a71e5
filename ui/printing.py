"""Printing the PDFs the reports write (receipts, close-out, deposit slip) without QtPdf.

QtPdf is not in PySide6-Essentials, so each page is rendered to an image with ``pypdfium2`` and
painted on a :class:`QPrinter` page of the PDF's own size (letter, or the 80 mm roll).
:class:`QPrintPreviewDialog` shows the preview and leads to the print dialog in one window; with
"print directly" the default printer prints at once, with no dialog, as a receipt printer should.

Every print goes through the module-level hook :func:`print_pdf`, which tests replace to capture
the PDF bytes (no printer, no modal loop). Screens call it through :func:`print_or_explain`, which
turns a printer failure (off, out of paper, no driver) into a message saying what *was* saved
and where to print it again, instead of an error escaping after the work was done.
"""

from __future__ import annotations

from PySide6.QtCore import QMarginsF, QRectF, QSizeF
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrinter, QPrinterInfo, QPrintPreviewDialog
from PySide6.QtWidgets import QMessageBox, QWidget

from clerk_desk.errors import ClerkDeskError, EnvironmentProblem

MAX_DPI = 300  # enough for text on a laser or thermal printer; more only costs memory


def page_images(pdf: bytes, dpi: int = 150) -> list[tuple[QImage, QSizeF]]:
    """Each page of ``pdf`` as an image at ``dpi``, with the page's size in points."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        pages: list[tuple[QImage, QSizeF]] = []
        for index in range(len(document)):
            page = document[index]
            width, height = page.get_size()
            bitmap = page.render(scale=dpi / 72, prefer_bgrx=True)
            image = QImage(
                bytes(bitmap.buffer),
                bitmap.width,
                bitmap.height,
                bitmap.stride,
                QImage.Format.Format_RGB32,
            ).copy()  # own the pixels: the bitmap's buffer goes away with the document
            pages.append((image, QSizeF(width, height)))
            bitmap.close()
            page.close()
        return pages
    finally:
        document.close()


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


def paint_pdf(printer: QPrinter, pdf: bytes) -> int:
    """Paint every page of ``pdf`` on ``printer``, each on a page of its own size.

    Returns the number of pages painted. The page size is set from the PDF before painting
    starts, so letter prints on letter and a receipt on the roll, whatever the printer had.
    """
    dpi = min(max(printer.resolution(), 96), MAX_DPI)
    pages = page_images(pdf, dpi)
    if not pages:
        return 0
    printer.setFullPage(True)
    printer.setPageLayout(_page_layout(pages[0][1]))
    painter = QPainter()
    if not painter.begin(printer):
        raise EnvironmentProblem("The printer could not be started. Check that it is on.")
    try:
        for number, (image, size) in enumerate(pages):
            if number:
                printer.setPageLayout(_page_layout(size))
                printer.newPage()
            target = QRectF(painter.viewport())
            scale = min(target.width() / image.width(), target.height() / image.height())
            drawn = QRectF(0, 0, image.width() * scale, image.height() * scale)
            painter.drawImage(drawn, image)
    finally:
        painter.end()
    return len(pages)


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
    """The print preview: the pages as they will print, and Print… to choose the printer."""
    from ui import forms

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(title)
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setObjectName("print_preview")
    dialog.setWindowTitle(f"Print — {title}")
    dialog.paintRequested.connect(lambda target: paint_pdf(target, pdf))
    dialog.resize(900, 900)
    return bool(forms.run_modal(dialog))


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


def explain_print_failure(
    parent: QWidget | None, title: str, error: BaseException, saved: str = ""
) -> None:
    """The message shown when printing ``title`` failed (through the test hook ask_message)."""
    from ui import operations

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
