"""The vending register's export, run in a process of its own (clerk_desk.child_process):
openpyxl's writer holds the interpreter for long stretches, and on a worker thread of the
window's process it stalled the window (issue 20). Module-level and free of widgets, so that a
child process imports it without Qt.
"""

from __future__ import annotations

from clerk_desk.child_process import Progress, Station
from clerk_desk.kinds import VendingStatus
from clerk_desk.vending import papers as vending_papers

_EXPORT_ALL = 10**9


def register_workbook(
    station: Station,
    path: str,
    *,
    text: str,
    status: VendingStatus | None,
    year: int | None,
    progress: Progress,
) -> int:
    """The applications the search and filters find, all of them, past the screen's limit, to
    the workbook at ``path``; how many."""
    from reports.vending.register import applications_excel

    with station.lookup() as action:
        export = vending_papers.register_export(
            action, text, status=status, year=year, limit=_EXPORT_ALL
        )
    # The sheet is written after the read has closed, from the views alone.
    return applications_excel(
        path,
        export.applications,
        progress=progress,
        author=station.operator.full_name,
        city=export.city,
        insurance=export.insurance,
    )
