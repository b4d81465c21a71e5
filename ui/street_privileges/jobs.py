"""The street privilege register's export, run in a process of its own
(clerk_desk.child_process): openpyxl's writer holds the interpreter for long stretches, and on a
worker thread of the window's process it stalled the window (issue 20). Module-level and free of
widgets, so that a child process imports it without Qt.
"""

from __future__ import annotations

from clerk_desk.child_process import Progress, Station
from clerk_desk.street_privileges import views as street_privileges_views


def register_workbook(station: Station, path: str, *, year: int | None, progress: Progress) -> int:
    """The register of ``year`` (every year when None) to the workbook at ``path``; how many."""
    from reports.street_privileges import register_xlsx

    with station.lookup() as action:
        paper = street_privileges_views.register_paper(action, year)
    return register_xlsx(
        list(paper.rows),
        path,
        city=paper.city,
        printed_on=paper.printed_on,
        progress=progress,
        author=station.operator.full_name,
    )
