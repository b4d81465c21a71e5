"""The print preview's pages, rendered on a thread of their own and shown as they come.

Qt's print preview asks for every page at once, on the window's thread, and shows nothing until
it has them all: a 600-page agenda packet kept the window frozen for seconds before its first
page showed. :class:`PreviewPages` answers at once with the pages it has and a placeholder for
each of the others, renders the rest in the background (the page being looked at first), and
asks the preview again as they arrive, a few times a second.

The pages are held as pixmaps: Qt's preview records a pixmap in a moment, where recording an
image cost it milliseconds a page (seconds for a packet, each time the preview asked). Only the
pages near the one looked at are held (:data:`PREVIEW_KEEP_BYTES`): holding all 629 pages of an
agenda packet with 300 scans took 1.2 GB more in the window (``benchmarks/petitions.py
--every-page``). A page let go is rendered again when the clerk comes back to it.
"""

from __future__ import annotations

import itertools
import logging
import math
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QRectF, QSizeF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPageLayout, QPainter, QPixmap
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import QGraphicsView

from clerk_desk.errors import EnvironmentProblem
from ui.kit import page_pictures as pictures
from ui.kit import style as style

log = logging.getLogger(__name__)

PREVIEW_MAX_DPI = 150  # a preview is looked at on a screen: no more than a sharp screen shows
PREVIEW_MIN_DPI = 48  # below this the preview of a long packet stops being legible
PREVIEW_BUDGET_BYTES = 600 * 1024 * 1024  # what the preview's pictures of all pages may take
PREVIEW_KEEP_BYTES = 100 * 1024 * 1024  # what the pictures held at once may take (Qt's preview
# holds about as much again, in the pages it recorded)
BYTES_PER_PIXEL = 4  # a pixmap holds 32 bits a pixel, grey pages too
REFRESH_MS = 1000  # how often the preview is asked again while pages out of sight arrive
IN_SIGHT = 4  # the pages from the one the preview shows that may be in sight


def screen_dpi() -> float:
    """The resolution a page is seen at on this computer's screen (96 on most, more on a
    high-density screen), within what a preview needs."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return 96.0
    dpi = screen.logicalDotsPerInch() * screen.devicePixelRatio()
    return max(72.0, min(dpi, float(PREVIEW_MAX_DPI)))


def preview_dpi(sizes: Sequence[QSizeF], wanted: float | None = None) -> float:
    """The resolution to preview pages of ``sizes`` (points) at: the screen's, or lower when
    their pictures would take more than :data:`PREVIEW_BUDGET_BYTES` together (never under
    :data:`PREVIEW_MIN_DPI`)."""
    dpi = wanted if wanted is not None else screen_dpi()
    square_inches = sum((size.width() / 72) * (size.height() / 72) for size in sizes)
    if square_inches:
        fits = math.sqrt(PREVIEW_BUDGET_BYTES / (BYTES_PER_PIXEL * square_inches))
        dpi = min(dpi, fits)
    return max(float(PREVIEW_MIN_DPI), dpi)


def is_preview(printer: QPrinter) -> bool:
    """Whether ``printer`` is the preview's (which records pages) rather than paper or a file."""
    engine = printer.paintEngine()
    return engine is not None and engine.type() is engine.Type.Picture


class PreviewPages(QObject):
    """The pages of ``pdf`` for a :class:`QPrintPreviewWidget` (:meth:`show_in`).

    The window's thread never calls pdfium here: the rendering thread opens the document, says
    how many pages of what sizes it has (:attr:`measured`), then renders them one by one. When
    the preview asks for paper instead (its Print button), ``on_paper(printer)`` prints: Qt asks
    for the pages on its print dialog's printer, and they are not these."""

    measured = Signal(object)  # from the rendering thread: each page's size, in points
    rendered = Signal(int, QImage)  # from the rendering thread: page index, its picture

    def __init__(
        self,
        pdf: bytes | Path,
        layout: Callable[[QSizeF], QPageLayout],
        on_paper: Callable[[QPrinter], object],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.pdf = pdf
        self.layout = layout
        self.on_paper = on_paper
        self.sizes: list[QSizeF] = []  # known once the rendering thread has opened the PDF
        self.pixmaps: list[QPixmap | None] = []
        self.wanted: int = 0  # the page the preview shows: rendered before those it does not
        self.screen = screen_dpi()  # read here: the screen is the window thread's to ask
        self.preview: QPrintPreviewWidget | None = None
        self._stopping = threading.Event()
        self._held: set[int] = set()  # pages rendered (or being rendered) and not let go
        self._lock = threading.Lock()  # around _held and the window: both threads read them
        self._kept_most = 0  # how many pages may be held at once, known once measured
        self._moved = threading.Event()  # the page looked at changed: the renderer wakes
        self._on_paper = False  # the preview's printer is printing: it is not to be asked again
        self._worker = threading.Thread(target=self._render_all, name="preview", daemon=True)
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.timeout.connect(self._ask_again)
        self.measured.connect(self._measure)
        self.rendered.connect(self._keep)

    def show_in(self, preview: QPrintPreviewWidget) -> None:
        """Answer ``preview``'s requests for pages, and start rendering them."""
        self.preview = preview
        preview.paintRequested.connect(self.paint)
        preview.previewChanged.connect(self._follow)  # zoomed, or shown another way
        # Going to a page with the toolbar scrolls the view but says nothing else.
        view = preview.findChild(QGraphicsView)
        if view is not None:
            view.verticalScrollBar().valueChanged.connect(self._follow)
            view.horizontalScrollBar().valueChanged.connect(self._follow)
        self._worker.start()

    def stop(self) -> None:
        """Stop rendering (the preview was closed); returns once the thread has ended."""
        self._stopping.set()
        self._moved.set()
        self._refresh.stop()
        if self._worker.is_alive():
            self._worker.join()

    @property
    def complete(self) -> bool:
        """Every page near the one looked at is shown (every page, in a short document)."""
        if not self.pixmaps:
            return False
        low, high = self._window(len(self.pixmaps))
        return all(self.pixmaps[i] is not None for i in range(low, high))

    def _window(self, count: int) -> tuple[int, int]:
        """The pages held: from a quarter of the kept pages before the one looked at."""
        keep = self._kept_most or count
        low = max(0, min(self.wanted - keep // 4, count - keep))
        return low, min(count, low + keep)

    def _render_all(self) -> None:
        """On the rendering thread: the pages near the one looked at, that one first, each
        once while it is held; then it waits for the clerk to go elsewhere."""
        try:
            with pictures.opened(self.pdf) as pages:
                count = len(pages.sizes)
                dpi = preview_dpi(pages.sizes, self.screen)
                largest = max((s.width() * s.height() for s in pages.sizes), default=0.0)
                page_bytes = largest / (72 * 72) * dpi * dpi * BYTES_PER_PIXEL
                with self._lock:
                    self._kept_most = max(
                        4 * IN_SIGHT, int(PREVIEW_KEEP_BYTES // max(page_bytes, 1))
                    )
                self.measured.emit(list(pages.sizes))
                while not self._stopping.is_set():
                    index = self._next(count)
                    if index is None:
                        self._moved.wait(0.5)
                        self._moved.clear()
                        continue
                    self.rendered.emit(index, pictures.for_screen(pages, index, dpi))
        except Exception:  # a PDF pdfium cannot read: the preview stays as it is; Save PDF works
            log.exception("the print preview could not render its pages")

    def _next(self, count: int) -> int | None:
        """The next page to render (taken as held), or None when every page near the one
        looked at is."""
        with self._lock:
            low, high = self._window(count)
            for index in self._order(count):
                if low <= index < high and index not in self._held:
                    self._held.add(index)
                    return index
        return None

    def _order(self, count: int) -> Iterator[int]:
        """The pages from the one looked at to the end, then those before it."""
        wanted = min(self.wanted, count - 1)
        return itertools.chain(range(wanted, count), range(wanted))

    def _measure(self, sizes: list[QSizeF]) -> None:
        if self._stopping.is_set():
            return
        self.sizes = sizes
        self.pixmaps = [None] * len(sizes)
        self._ask_again()

    def _keep(self, index: int, image: QImage) -> None:
        if self._stopping.is_set():
            return
        with self._lock:  # the pages now far from the one looked at are let go
            low, high = self._window(len(self.pixmaps))
            if index not in self._held or not low <= index < high:
                self._held.discard(index)  # the clerk went elsewhere while it was rendered
                return
            for far in [i for i in self._held if not low <= i < high]:
                self._held.discard(far)
                self.pixmaps[far] = None
        self.pixmaps[index] = QPixmap.fromImage(image)
        # A page that may be in sight shows at once, and the last; the others a few at a time:
        # each time it is asked, the preview takes every page again.
        seen = self.wanted <= index < self.wanted + IN_SIGHT
        delay = 0 if seen or self.complete else REFRESH_MS
        if not self._refresh.isActive() or self._refresh.remainingTime() > delay:
            self._refresh.start(delay)

    def _ask_again(self) -> None:
        self._refresh.stop()
        if self.preview is not None and not self._stopping.is_set() and not self._on_paper:
            self.preview.updatePreview()

    def _follow(self) -> None:
        if self.preview is not None and self.sizes:
            wanted = max(0, min(self.preview.currentPage() - 1, len(self.sizes) - 1))
            if wanted != self.wanted:
                with self._lock:
                    self.wanted = wanted
                self._moved.set()

    def paint(self, printer: QPrinter) -> None:
        """Qt asks for the pages: those rendered, and a placeholder for each of the others."""
        if not is_preview(printer):
            # The preview prints on its own printer: asked again meanwhile, it would take the
            # printer back for the preview in the middle of the job.
            self._on_paper = True
            try:
                self.on_paper(printer)
            finally:
                self._on_paper = False
            return
        if not self.sizes:
            return  # the rendering thread has not yet said how many pages there are
        printer.setFullPage(True)
        printer.setPageLayout(self.layout(self.sizes[0]))
        painter = QPainter()
        if not painter.begin(printer):
            raise EnvironmentProblem("The print preview could not be drawn.")
        try:
            area = QRectF(painter.viewport())
            for index, (size, pixmap) in enumerate(zip(self.sizes, self.pixmaps, strict=True)):
                if index:
                    printer.newPage()
                target = pictures.fitted(area, size)
                if pixmap is not None:
                    painter.drawPixmap(target, pixmap, QRectF(pixmap.rect()))
                elif self.wanted <= index < self.wanted + IN_SIGHT:  # others stay blank
                    _placeholder(painter, target, index)
        finally:
            painter.end()


def _placeholder(painter: QPainter, target: QRectF, index: int) -> None:
    font = painter.font()
    font.setPointSize(18)  # on the page: about a heading's size at the preview's zoom
    painter.setFont(font)
    painter.setPen(QColor(style.DIMMED))
    painter.drawText(target, Qt.AlignmentFlag.AlignCenter, f"Page {index + 1}\nbeing prepared…")
