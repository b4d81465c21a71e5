"""The sidewalk registers' export, run in a process of its own (clerk_desk.child_process):
openpyxl's writer holds the interpreter for long stretches, and on a worker thread of the
window's process it stalled the window (issue 20). Module-level and free of widgets, so that a
child process imports it without Qt.
"""

from __future__ import annotations

from clerk_desk.child_process import Progress, Station
from clerk_desk.sidewalks import papers


def registers_workbook(
    station: Station, path: str, search: papers.RegisterSearch, *, progress: Progress
) -> tuple[int, int, int]:
    """The permits and orders the searches find, and the master plan, to one workbook at
    ``path`` (a sheet each); how many permits, orders and plan segments."""
    from reports.sidewalks import register_xlsx

    with station.lookup() as action:
        sheets = papers.register_sheets(action, search)
    register_xlsx(
        sheets.permits,
        sheets.orders,
        sheets.segments,
        path,
        city=sheets.city,
        printed_on=sheets.printed_on,
        author=station.operator.full_name,
        progress=progress,
    )
    return len(sheets.permits), len(sheets.orders), len(sheets.segments)
