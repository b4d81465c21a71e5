"""The receipts register's long work, run in a process of its own (clerk_desk.child_process).

Each function is what a worker thread used to do for the register: it reads through the
:class:`~clerk_desk.child_process.Station` (a connection of the child's own) and writes the
workbook or lays out the register. Module-level and free of widgets, so that a child process
imports it without Qt.
"""

from __future__ import annotations

from clerk_desk.child_process import Progress, Station
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.views import Period


def register_workbook(station: Station, path: str, period: Period, *, progress: Progress) -> int:
    """The receipts register of ``period`` to Excel, one row per receipt; how many."""
    from reports.receipts.register import register_excel

    with station.lookup() as action:
        rows = receipt_views.register(action, period)
    return register_excel(path, rows, period=period, progress=progress)


def lines_workbook(station: Station, path: str, period: Period, *, progress: Progress) -> int:
    """Receipts with their lines for ``period``, streamed from the cursor as the workbook is
    written (a year is 100,000 lines); how many."""
    from reports.receipts.register import register_lines_excel

    with station.lookup() as action:
        rows = receipt_views.register_lines(action, period)
        return register_lines_excel(path, rows, period=period, progress=progress)


def register_paper(station: Station, period: Period, *, progress: Progress) -> bytes:
    """The receipts register of ``period`` as a PDF (a year is 450 pages)."""
    from reports.receipts.register import register_pdf

    with station.lookup() as action:
        rows = receipt_views.register(action, period)
        profile = receipt_views.printing(action)[1]
    progress(0)
    return register_pdf(rows, profile=profile, period=period)
