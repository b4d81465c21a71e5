"""Printing the PDFs the reports write (receipts, close-out, deposit slip, agenda packet)
without QtPdf.

QtPdf is not in PySide6-Essentials, so each page is rendered to a picture with ``pypdfium2`` and
painted on a :class:`QPrinter` page of the PDF's own size (letter, or the 80 mm roll): one bit a
pixel where the page is black and white, colour only where it has colour
(ui/kit/page_pictures.py), so a job is tens of kilobytes a page instead of a megabyte.
:class:`QPrintPreviewDialog` shows the preview and leads to the print dialog in one window; with
"print directly" the default printer prints at once, with no dialog, as a receipt printer should.

To a CUPS queue (Linux, macOS) the PDF itself is sent, with ``lp`` (ui/kit/print_queue.py):
a dense register as pictures is about 19 times its PDF, the PDF itself once, and set by the
printer at its own resolution. "Print to File" writes the document itself, the pages chosen
(:func:`write_pages`). Pictures are painted for the preview and Windows, the pages chosen.

The window's thread renders nothing. Paper is printed on a thread of its own
(:func:`print_on_paper`: Qt lets a QPainter paint on a QPrinter from any thread) while the
window goes on painting; the clerk's clicks and keys wait until the job has gone, as they did
when the window was frozen, so nothing changes under a print. The preview renders its
pages in the background and shows each as it comes (ui/kit/print_preview.py). One page is
rendered at a time and let go once painted: a 600-page agenda packet never holds more than one
page's picture while it prints. The preview's "Save PDF…" writes the document itself, with its
links and bookmarks, to a file (:func:`save_pdf`).

Every print goes through the module-level hook :func:`print_pdf`, which tests replace to capture
the PDF bytes (no printer, no modal loop). Screens call it through :func:`print_or_explain`, which
turns a printer failure (off, out of paper, no driver) into a message saying what *was* saved
and where to print it again, instead of an error escaping after the work was done.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSize, QSizeF, QTimer
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPaintEngine, QPainter, QPixmap
from PySide6.QtPrintSupport import (
    QPrinter,
    QPrinterInfo,
    QPrintPreviewDialog,
    QPrintPreviewWidget,
)
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QToolBar, QWidget

from clerk_desk.errors import ClerkDeskError, EnvironmentProblem
from ui.kit import page_pictures as pictures
from ui.kit import print_queue as print_queue
from ui.kit.background import while_painting
from ui.kit.print_preview import PreviewPages, is_preview, preview_dpi
from ui.kit.widgets import place_on_screen

MAX_DPI = 300  # enough for text on a laser or thermal printer; more only costs memory
BUSY_AFTER_MS = 600  # a print that takes longer says so; a receipt is gone before that
PDF_FILTER = "PDF document (*.pdf)"

Pdf = bytes | Path
"""A PDF to print: its bytes, or its file. The agenda packet stays in its file (600 MB with
300 real-sized scans), which pdfium reads as it needs, so the window never holds it whole."""


def page_images(pdf: bytes, dpi: int = 150) -> list[tuple[QImage, QSizeF]]:
    """Each page of ``pdf`` as the preview shows it at ``dpi``, with the page's size in points.

    Every page is held at once: for a few pages only (a thumbnail, a test). Printing and the
    preview render one page at a time."""
    with pictures.opened(pdf) as pages:
        return [
            (pictures.for_screen(pages, index, dpi), size) for index, size in enumerate(pages.sizes)
        ]


def page_layout(size: QSizeF) -> QPageLayout:
    """A borderless page layout of ``size`` (points), landscape when it is wider than tall."""
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


def paint_pdf(printer: QPrinter, pdf: Pdf) -> int:
    """Paint every page of ``pdf`` on ``printer``, each on a page of its own size.

    Returns the number of pages painted: on paper, those the print dialog chose
    (:func:`print_queue.chosen_pages`). The page size is set from the PDF before painting
    starts, so letter prints on letter and a receipt on the roll, whatever the printer had.
    Pages are rendered one at a time and let go once painted: for paper at the printer's
    resolution (at most :data:`MAX_DPI`), one bit a pixel unless the page has colour
    (:func:`page_pictures.for_paper`); for a preview at the screen's (:func:`preview_dpi`).
    Runs on any thread for paper (:func:`print_on_paper` runs it on its own); a preview is
    painted on the window's thread, where Qt asks for it.
    """
    with pictures.opened(pdf) as pages:
        if not pages.sizes:
            return 0
        preview = is_preview(printer)
        chosen = (  # the preview shows every page; paper gets those the print dialog chose
            range(len(pages.sizes))
            if preview
            else print_queue.chosen_pages(printer, len(pages.sizes))
        )
        first = pages.sizes[chosen[0]]
        printer.setFullPage(True)
        printer.setPageLayout(page_layout(first))
        painter = QPainter()
        if not painter.begin(printer):
            raise EnvironmentProblem("The printer could not be started. Check that it is on.")
        try:
            dpi = (
                preview_dpi(pages.sizes)
                if preview
                else float(min(max(printer.resolution(), 96), MAX_DPI))
            )
            # Only the PDF engine (a PDF file, CUPS) takes a new paper size between pages; on
            # another printer, or in the preview, a page of another size is fitted to the paper.
            resizes = painter.paintEngine().type() is QPaintEngine.Type.Pdf
            current = first
            for index in chosen:
                size = pages.sizes[index]
                if index != chosen[0]:
                    if resizes and size != current:
                        printer.setPageLayout(page_layout(size))
                        current = size
                    printer.newPage()
                target = pictures.fitted(QRectF(painter.viewport()), size)
                if preview:  # recorded by the preview: a pixmap records in a moment
                    pixmap = QPixmap.fromImage(pictures.for_screen(pages, index, dpi))
                    painter.drawPixmap(target, pixmap, QRectF(pixmap.rect()))
                else:
                    pictures.draw(painter, pictures.for_paper(pages, index, dpi), target)
        finally:
            painter.end()
    return len(chosen)


def print_on_paper(parent: QWidget | None, printer: QPrinter, pdf: Pdf, *, title: str) -> int:
    """Print ``pdf`` on a thread of its own; the number of its pages printed.

    To a CUPS queue (Linux, macOS) the PDF itself goes, with ``lp`` (ui/kit/print_queue.py):
    the job is the PDF's size and the printer sets the text at its own resolution. To a PDF
    file ("Print to File") the document itself is written, its pages chosen
    (:func:`write_pages`). Anywhere else (Windows) :func:`paint_pdf` paints the pages as
    pictures.

    The window's thread waits in an event loop that repaints and runs timers, but holds the
    clerk's clicks and keys until the job has gone, as the frozen window did: nothing changes
    under a print. A job that takes a while says so. A failure is raised here, on the window's
    thread.
    """
    job = print_queue.queue_job(printer, title)  # the dialog's choices, read before the thread
    file = print_queue.file_target(printer)

    def work() -> int:
        if file is not None:
            return write_pages(file, pdf, printer)
        if job is not None:
            with pictures.opened(pdf) as pages:
                sizes = [(size.width(), size.height()) for size in pages.sizes]
            paper = print_queue.paper_of(sizes)
            if paper is not None:  # a receipt roll's page keeps to pictures, sized by Qt
                print_queue.send(dataclasses.replace(job, media=paper), pdf)
                return len(sizes)
        return paint_pdf(printer, pdf)  # the module's, as tests replace it

    busy = QProgressDialog(f"Printing {title}…", "", 0, 0, parent)
    busy.setObjectName("printing_dialog")
    busy.setCancelButton(None)
    busy.setMinimumDuration(0)
    busy.setAutoClose(False)
    busy.setAutoReset(False)
    busy.reset()  # not shown now: the timer below shows it if the job takes a while
    shown_later = QTimer(busy)
    shown_later.setSingleShot(True)
    shown_later.timeout.connect(busy.show)
    shown_later.start(BUSY_AFTER_MS)
    try:
        return while_painting(work)
    finally:
        shown_later.stop()
        busy.close()
        busy.deleteLater()


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
        return print_on_paper(parent, printer, pdf, title=title) > 0
    return preview_pdf(parent, pdf, title=title)


def preview_pdf(parent: QWidget | None, pdf: Pdf, *, title: str) -> bool:
    """The print preview: the pages as they will print, Print… to choose the printer, and Save
    PDF… to keep the document itself (links and bookmarks included) or send it by e-mail."""
    from ui.kit import forms as forms

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(title)
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setObjectName("print_preview")
    dialog.setWindowTitle(f"Print — {title}")
    pages = PreviewPages(
        pdf, page_layout, lambda target: print_on_paper(dialog, target, pdf, title=title), dialog
    )
    preview = dialog.findChild(QPrintPreviewWidget)
    if preview is not None:
        pages.show_in(preview)
    else:  # never seen: Qt's preview without its widget; painted whole, as before
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
    try:
        return bool(forms.run_modal(dialog))
    finally:
        pages.stop()


def suggested_name(title: str) -> str:
    """A file name from a document's title: "Agenda packet — Regular meeting, Mon Dec 14,
    2026, 6:00 PM" → "Agenda packet - Regular meeting, Mon Dec 14, 2026, 6.00 PM.pdf"."""
    name = title.replace("—", "-").replace(":", ".")
    name = "".join(c for c in name if c not in '<>"/\\|?*' and c.isprintable()).strip(" .")
    return f"{name or 'document'}.pdf"


def write_pdf(path: str | Path, pdf: Pdf) -> Path:
    """Write ``pdf`` (its bytes, or copied from its file) to ``path`` whole or not at all: into
    a temporary file beside it, renamed into place once complete, so a full disk or a crash
    never leaves half a packet under the name (nor destroys the copy saved before). OSError when
    it cannot be written."""
    import os
    import shutil
    import tempfile

    target = Path(path)
    fd, partial = tempfile.mkstemp(prefix=f".{target.stem}-", suffix=".pdf", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as stream:
            if isinstance(pdf, Path):
                with pdf.open("rb") as source:
                    shutil.copyfileobj(source, stream, 1 << 20)
            else:
                stream.write(pdf)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(partial, target)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return target


def write_pages(path: Path, pdf: Pdf, printer: QPrinter) -> int:
    """Write the pages of ``pdf`` the print dialog chose for ``printer`` to ``path``, as they
    are (text as text, links kept), whole or not at all (:func:`write_pdf`); the number of
    pages written. Qt would have painted them as pictures: a dense register at 19 times its
    PDF's size, its text no longer text."""
    import io

    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(pdf if isinstance(pdf, Path) else io.BytesIO(pdf))
    count = len(reader.pages)
    chosen = print_queue.chosen_pages(printer, count)
    try:
        if len(chosen) == count:
            write_pdf(path, pdf)
        else:
            writer = PdfWriter()
            for index in chosen:
                writer.add_page(reader.pages[index])
            buffer = io.BytesIO()
            writer.write(buffer)
            write_pdf(path, buffer.getvalue())
    except OSError as error:
        raise EnvironmentProblem(
            f"{path.name} could not be written: {error.strerror or error}."
        ) from error
    return len(chosen)


def save_pdf(parent: QWidget, pdf: Pdf, suggested: str) -> Path | None:
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
