"""Printing a PDF as it is, through the print queue (CUPS's ``lp``), where there is one.

Printed as pictures through Qt's print engine (ui/kit/printing.py), a page of dense text at
300 dpi is about 75 KB even at one bit a pixel: a month's receipts register of 227 KB went to
the queue as 4.3 MB, 19 times its PDF. On Linux and macOS the printer a clerk chooses is a CUPS
queue, and CUPS prints PDF itself: its filters render the page at the printer's own resolution,
text as text. So when the chosen printer is a CUPS queue the PDF goes to it as it is, with
``lp``: the job is the PDF's own size, as sharp as the printer prints, and handed over in a
moment, with the copies, pages, collation and two-sided printing chosen in the print dialog,
and the document's paper (the pictures' route leaves copies to Qt and prints every page).
Only a document on Letter or Legal goes so (:data:`PAPERS`): a receipt laid out for a roll
keeps to pictures, on the page Qt sets up for it. The preview, and a printer without ``lp``
(Windows), keep the pictures. Printing to a PDF file writes the document itself, its pages
chosen (:func:`chosen_pages`): text stays text, and the file is the PDF's size, not 19 times it.

``lp`` runs on the printing thread (:func:`ui.kit.printing.print_on_paper`), never the
window's: a queue that is slow to answer leaves the window painting.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtPrintSupport import QPrinter

from clerk_desk.errors import EnvironmentProblem

LP_TIMEOUT = 60.0
"""Seconds ``lp`` may take to hand a job to CUPS: it returns once the queue has the file."""


@dataclass(frozen=True, slots=True)
class QueueJob:
    """A PDF's print job for a CUPS queue, as the print dialog set it up."""

    queue: str
    title: str
    copies: int = 1
    pages: str = ""
    """CUPS's page list ("1-3,5"); empty for every page."""
    collate: bool = True
    sides: str = ""
    """CUPS's ``sides`` as the print dialog's two-sided choice says; empty: the queue's own."""
    media: str = ""
    """The paper the document is laid out for ("letter"); empty: the queue's own."""

    def arguments(self, path: Path) -> list[str]:
        """``lp``'s command line for the PDF at ``path``."""
        command = ["lp", "-d", self.queue, "-n", str(self.copies), "-t", self.title]
        if self.pages:
            command += ["-P", self.pages]
        if self.copies > 1:
            command += ["-o", f"collate={'true' if self.collate else 'false'}"]
        for option, value in (("sides", self.sides), ("media", self.media)):
            if value:
                command += ["-o", f"{option}={value}"]
        return [*command, str(path)]


PAPERS = {(612, 792): "letter", (612, 1008): "legal"}
"""The sheets (in points, portrait) a document may go to a queue on as it is, by CUPS's names.
A receipt laid out for an 80 mm roll, or any other size, is printed as pictures on the page
Qt sets up for it: a queue's default paper would shrink or cut it."""

_SIDES = {
    QPrinter.DuplexMode.DuplexNone: "one-sided",
    QPrinter.DuplexMode.DuplexLongSide: "two-sided-long-edge",
    QPrinter.DuplexMode.DuplexShortSide: "two-sided-short-edge",
}


def paper_of(sizes: Sequence[tuple[float, float]]) -> str | None:
    """The one sheet (of :data:`PAPERS`) every page of a document is laid out on, either way
    up; None when a page is of another size or the pages differ."""
    papers = set()
    for size in sizes:
        short, long = sorted(round(side) for side in size)
        papers.add(PAPERS.get((short, long)))
    return papers.pop() if len(papers) == 1 else None


def printer_queue(printer: QPrinter) -> str | None:
    """The CUPS queue ``printer`` prints to, or None when it is not one: not Linux or macOS,
    no ``lp``, printing to a file, or no printer chosen."""
    if sys.platform not in ("linux", "darwin") or shutil.which("lp") is None:
        return None
    if printer.outputFormat() is not QPrinter.OutputFormat.NativeFormat:
        return None
    if printer.outputFileName():
        return None
    return printer.printerName() or None


def page_list(printer: QPrinter) -> str:
    """The pages chosen in the print dialog, as CUPS writes them ("2-4,7"); empty for all."""
    if printer.printRange() is not QPrinter.PrintRange.PageRange:
        return ""
    ranges = printer.pageRanges()
    if not ranges.isEmpty():
        return str(ranges.toString())
    first, last = printer.fromPage(), printer.toPage()
    return f"{first}-{last}" if first > 0 and last >= first else ""


def chosen_pages(printer: QPrinter, count: int) -> list[int]:
    """The pages the print dialog chose of a document of ``count`` pages, counted from 0;
    every page when it chose none. EnvironmentProblem when none of those chosen is in it."""
    if printer.printRange() is not QPrinter.PrintRange.PageRange:
        return list(range(count))
    ranges = printer.pageRanges()
    if ranges.isEmpty():
        first, last = printer.fromPage(), printer.toPage()
        if first <= 0 or last < first:
            return list(range(count))
        chosen = [page - 1 for page in range(first, min(last, count) + 1)]
    else:
        chosen = [page - 1 for page in range(1, count + 1) if ranges.contains(page)]
    if not chosen:
        raise EnvironmentProblem(
            f"The pages chosen ({page_list(printer)}) are not in this document of {count} "
            f"page{'s' if count != 1 else ''}. Nothing was printed; choose its pages again."
        )
    return chosen


def file_target(printer: QPrinter) -> Path | None:
    """The PDF file ``printer`` writes to (the print dialog's "Print to File"), or None."""
    if printer.outputFormat() is QPrinter.OutputFormat.PdfFormat and printer.outputFileName():
        return Path(printer.outputFileName())
    return None


def queue_job(printer: QPrinter, title: str) -> QueueJob | None:
    """The job that sends the PDF itself to ``printer``'s queue, or None to paint pictures."""
    queue = printer_queue(printer)
    if queue is None:
        return None
    return QueueJob(
        queue=queue,
        title=title,
        copies=max(1, printer.copyCount()),
        pages=page_list(printer),
        collate=printer.collateCopies(),
        sides=_SIDES.get(printer.duplex(), ""),
    )


def send(job: QueueJob, pdf: bytes | Path) -> None:
    """Hand ``pdf`` (its bytes, or its file: a packet is kept in one) to the queue with ``lp``;
    EnvironmentProblem, with what ``lp`` said, when the queue does not take it (no such
    printer, CUPS stopped, no answer)."""
    if isinstance(pdf, Path):
        done = _lp(job, pdf)
    else:
        with tempfile.TemporaryDirectory(prefix="clerk-desk-print-") as folder:
            path = Path(folder) / "document.pdf"
            path.write_bytes(pdf)
            done = _lp(job, path)
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip() or f"lp stopped with code {done.returncode}"
        raise EnvironmentProblem(f"The print queue {job.queue} did not take the job: {said}")


def _lp(job: QueueJob, path: Path) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            job.arguments(path), capture_output=True, text=True, timeout=LP_TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired as error:
        raise EnvironmentProblem(
            f"The print queue {job.queue} did not answer in {LP_TIMEOUT:.0f} seconds."
        ) from error
    except OSError as error:
        raise EnvironmentProblem(
            f"The print queue could not be reached: {error.strerror or error}."
        ) from error
