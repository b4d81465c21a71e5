"""The annual bond register's export, run in a process of its own (clerk_desk.child_process):
openpyxl's writer holds the interpreter for long stretches, and on a worker thread of the
window's process it stalled the window (issue 20). Module-level and free of widgets, so that a
child process imports it without Qt.
"""

from __future__ import annotations

from clerk_desk.bonds import views as bond_views
from clerk_desk.child_process import Progress, Station


def annual_bonds_workbook(station: Station, path: str, *, year: int, progress: Progress) -> int:
    """The annual bonds of ``year``, released ones too, to the workbook at ``path``; how many."""
    from reports.bonds_registers import annual_bonds_excel

    with station.lookup() as action:
        lines = bond_views.annual_lines(action, year, inactive=True)
        city = bond_views.city(action).city_name
    return annual_bonds_excel(
        path, lines, year=year, progress=progress, author=station.operator.full_name, city=city
    )
