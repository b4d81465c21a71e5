"""The sidewalk cafe register's export, run in a process of its own (clerk_desk.child_process):
openpyxl's writer holds the interpreter for long stretches, and on a worker thread of the
window's process it stalled the window (issue 20). Module-level and free of widgets, so that a
child process imports it without Qt.
"""

from __future__ import annotations

from clerk_desk.child_process import Progress, Station
from clerk_desk.kinds import CafeStatus
from clerk_desk.sidewalk_cafes import papers as cafe_papers


def register_workbook(
    station: Station,
    path: str,
    *,
    text: str,
    status: CafeStatus | None,
    year: int | None,
    progress: Progress,
) -> int:
    """The applications the search and filters find, all of them, past the screen's limit, to
    the workbook at ``path``; how many."""
    from reports.sidewalk_cafes.register import register_xlsx

    with station.lookup() as action:
        found = cafe_papers.register_export(action, text, status, year)
    return register_xlsx(
        found.rows,
        path,
        progress=progress,
        author=station.operator.full_name,
        city=found.city,
        as_of=found.as_of,
    )
