"""The enforcement register's export, run in a process of its own (clerk_desk.child_process):
openpyxl's writer holds the interpreter for long stretches, and on a worker thread of the
window's process it stalled the window (issue 20). Module-level and free of widgets, so that a
child process imports it without Qt.
"""

from __future__ import annotations

from clerk_desk.child_process import Progress, Station
from clerk_desk.kinds import CaseKind


def register_workbook(
    station: Station,
    path: str,
    *,
    text: str,
    kind: CaseKind | None,
    open_only: bool,
    progress: Progress,
) -> int:
    """The cases the search and filters find to the workbook at ``path``; how many."""
    from clerk_desk.enforcement.views import register_rows
    from clerk_desk.settings_store import city_profile
    from reports.enforcement import register_xlsx

    with station.lookup() as action:
        rows = register_rows(action, text, kind=kind, open_only=open_only)
        city = city_profile(action.session).city_name
        today = action.today()
    # The sheet is written after the read has closed, from the rows alone.
    return register_xlsx(
        rows,
        path,
        city=city,
        printed_on=today,
        progress=progress,
        author=station.operator.full_name,
    )
