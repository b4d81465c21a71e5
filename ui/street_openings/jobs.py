"""The street opening register's export, run in a process of its own
(clerk_desk.child_process): openpyxl's writer holds the interpreter for long stretches, and on a
worker thread of the window's process it stalled the window (issue 20). Module-level and free of
widgets, so that a child process imports it without Qt.
"""

from __future__ import annotations

from clerk_desk.child_process import Progress, Station
from clerk_desk.street_openings import views as street_openings_views
from clerk_desk.street_openings.views import Shown

_EXPORT_ALL = 10**9


def register_workbook(
    station: Station,
    path: str,
    *,
    text: str,
    shown: Shown | None,
    year: int | None,
    progress: Progress,
) -> int:
    """The permits the search and filters find, all of them, past the screen's limit, to the
    workbook at ``path``; how many."""
    from reports.street_openings import openings_excel

    with station.lookup() as action:
        found = street_openings_views.register_export(
            action, text, shown=shown, year=year, limit=_EXPORT_ALL
        )
    return openings_excel(  # written after the read has closed
        path,
        found.rows,
        today=found.today,
        progress=progress,
        author=station.operator.full_name,
        city=found.city,
    )
