"""Printing and previewing PDFs (ui/kit/printing.py): one page at a time, at the resolution the
page is seen at, and the document itself saved from the preview.

An agenda packet runs to hundreds of pages. Rendering them all at the printer's resolution
before painting the first took 4 GB for 128 pages and froze the window (finding 1); these tests
hold the preview and the printout to one page's picture at a time, the preview's to the screen.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QAction, QImage, QPainter
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget

from ui.kit import forms as forms
from ui.kit import printing as printing

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parent.parent


def _pdf(pages: int, *, landscape_every: int = 0) -> bytes:
    """A document of ``pages`` letter pages (every ``landscape_every``-th one landscape)."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612, 792))
    for n in range(1, pages + 1):
        wide = bool(landscape_every) and n % landscape_every == 0
        canvas.setPageSize((792, 612) if wide else (612, 792))
        canvas.drawString(72, 500, f"Packet page {n} of {pages}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


class _Spy:
    """Records what paint_pdf renders and draws, in order, and the widths drawn."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.steps: list[str] = []
        self.widths: list[int] = []
        real_render = printing._render
        spy = self

        def render(document: Any, index: int, dpi: float) -> Any:
            spy.steps.append(f"render {index}")
            return real_render(document, index, dpi)

        class Painter(QPainter):
            def drawImage(self, target: Any, image: QImage, *args: Any) -> None:
                spy.steps.append("draw")
                spy.widths.append(image.width())
                super().drawImage(target, image, *args)

        monkeypatch.setattr(printing, "_render", render)
        monkeypatch.setattr(printing, "QPainter", Painter)


def test_the_preview_renders_each_page_once_at_the_screens_resolution(
    qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = _Spy(monkeypatch)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)  # 1200 dpi: what the preview gets
    preview = QPrintPreviewWidget(printer)
    qtbot.add_widget(preview)
    preview.paintRequested.connect(lambda target: printing.paint_pdf(target, _pdf(5)))
    preview.updatePreview()
    assert preview.pageCount() == 5
    # Page by page: each rendered, painted, and let go before the next is rendered.
    assert spy.steps == [step for n in range(5) for step in (f"render {n}", "draw")]
    # At the screen's resolution (96 dpi here: 816 pixels across a letter page), not the
    # printer's (300 dpi: 2550), which took 34 MB a page.
    screen = printing.screen_dpi()
    assert spy.widths == [round(8.5 * screen)] * 5
    assert max(spy.widths) < 8.5 * printing.MAX_DPI / 2


def test_a_long_document_is_previewed_at_a_lower_resolution_within_the_budget() -> None:
    import pypdfium2

    document = pypdfium2.PdfDocument(_pdf(700))
    try:
        dpi = printing.preview_dpi(document, 96)
    finally:
        document.close()
    letter = 8.5 * 11
    assert dpi < 96
    assert 700 * letter * dpi * dpi * 3 <= printing.PREVIEW_BUDGET_BYTES * 1.001
    small = pypdfium2.PdfDocument(_pdf(3))
    try:
        assert printing.preview_dpi(small, 96) == 96
    finally:
        small.close()


def test_printing_renders_one_page_at_a_time_at_the_printers_resolution(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtlog
) -> None:
    spy = _Spy(monkeypatch)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert printing.paint_pdf(printer, _pdf(4, landscape_every=2)) == 4
    assert spy.steps == [step for n in range(4) for step in (f"render {n}", "draw")]
    assert [round(w, -1) for w in spy.widths] == [2550, 3300, 2550, 3300]  # 300 dpi
    out = PdfReader(str(tmp_path / "printed.pdf"))
    sizes = [(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in out.pages]
    assert sizes == [(612, 792), (792, 612), (612, 792), (792, 612)]
    assert not [r for r in qtlog.records if "setPageLayout" in r.message]


def test_a_landscape_page_in_the_preview_is_fitted_without_a_warning(qtbot, qtlog) -> None:
    """The preview keeps the first page's paper (Qt allows no change mid-preview): another size
    is fitted on it, where the old code asked for a new size on every page and Qt refused."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    preview = QPrintPreviewWidget(printer)
    qtbot.add_widget(preview)
    preview.paintRequested.connect(
        lambda target: printing.paint_pdf(target, _pdf(4, landscape_every=2))
    )
    preview.updatePreview()
    assert preview.pageCount() == 4
    assert not [r for r in qtlog.records if "setPageLayout" in r.message]


def test_previewing_100_pages_takes_a_few_hundred_megabytes_not_gigabytes() -> None:
    """Measured in a process of its own (its peak memory is its own): 100 pages took 3.3 GB
    and 29 s before; the preview now holds screen-resolution pictures only."""
    script = """
import io, os, resource, sys, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from reportlab.pdfgen.canvas import Canvas
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import QApplication
from ui.kit import printing
buffer = io.BytesIO()
canvas = Canvas(buffer, pagesize=(612, 792))
for n in range(100):
    canvas.drawString(72, 720, f"Packet page {n + 1} of 100")
    canvas.showPage()
canvas.save()
app = QApplication([])
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
printer = QPrinter(QPrinter.PrinterMode.HighResolution)  # kept: the preview does not own it
preview = QPrintPreviewWidget(printer)
preview.paintRequested.connect(lambda target: printing.paint_pdf(target, buffer.getvalue()))
preview.updatePreview()
assert preview.pageCount() == 100
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024, flush=True)
os._exit(0)  # no teardown of Qt at exit: the number is all this process is for
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr
    grown_mb = int(result.stdout.split()[-1])
    assert grown_mb < 600, grown_mb  # 100 pages at 96 dpi are about 260 MB of pictures


def test_the_preview_saves_the_document_itself(
    qtbot, dialogs, messages, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Finding 2: any document previewed can be kept as the PDF it is (links, bookmarks, text)."""
    pdf = _pdf(2)
    asked: list[str] = []

    def where(_parent: Any, _title: str, suggested: str, _filter: str) -> str:
        asked.append(suggested)
        return str(tmp_path / "kept")

    monkeypatch.setattr(forms, "ask_save_path", where)

    def save(dialog: Any) -> None:
        assert isinstance(dialog, QPrintPreviewDialog)
        [action] = [a for a in dialog.findChildren(QAction) if a.objectName() == "save_pdf_action"]
        assert action.text() == "Save PDF…"
        action.trigger()

    dialogs.append(save)
    printing.preview_pdf(None, pdf, title="Receipt 2026-000123: duplicate")
    assert asked == ["Receipt 2026-000123. duplicate.pdf"]
    assert (tmp_path / "kept.pdf").read_bytes() == pdf
    assert messages == []


def test_a_pdf_is_written_whole_or_not_at_all(
    qtbot, messages, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QWidget

    parent = QWidget()
    qtbot.add_widget(parent)
    target = tmp_path / "packet.pdf"
    target.write_bytes(b"the packet saved yesterday")
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    real_fsync = os.fsync

    def full_disk(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    assert printing.save_pdf(parent, b"%PDF-1.4 new", "packet.pdf") is None
    assert target.read_bytes() == b"the packet saved yesterday"  # untouched
    assert [p.name for p in tmp_path.iterdir()] == ["packet.pdf"]  # no partial file left
    assert messages == [
        "packet.pdf could not be saved: No space left on device. Nothing was written; choose "
        "another folder, or free some space, and save again."
    ]
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert printing.save_pdf(parent, b"%PDF-1.4 new", "packet.pdf") == target
    assert target.read_bytes() == b"%PDF-1.4 new"
    assert printing.save_pdf(parent, b"x", "packet.pdf") == target  # replaced, not appended
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: None)
    assert printing.save_pdf(parent, b"y", "packet.pdf") is None  # cancelled
    assert target.read_bytes() == b"x"
