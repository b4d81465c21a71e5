"""The certificate and bond registers' exports, run in a process of its own
(clerk_desk.child_process): openpyxl's writer holds the interpreter for long stretches, and on a
worker thread of the window's process it stalled the window (issue 20). Module-level and free of
widgets, so that a child process imports it without Qt.
"""

from __future__ import annotations

from datetime import date

from clerk_desk.bonds import views as bond_views
from clerk_desk.child_process import Progress, Station

_EXPORT_ALL = 10**9


def certificates_workbook(station: Station, path: str, *, as_of: date, progress: Progress) -> int:
    """Every certificate of insurance on file, inactive ones too, to the workbook at ``path``,
    dated ``as_of`` (the day the clerk asked); how many."""
    from reports.bonds_registers import certificates_excel

    with station.lookup() as action:
        city = bond_views.city(action).city_name
        lines = bond_views.search_certificate_lines(action, "", True, limit=_EXPORT_ALL)
    return certificates_excel(
        path, lines, as_of=as_of, progress=progress, author=station.operator.full_name, city=city
    )


def bonds_workbook(station: Station, path: str, *, as_of: date, progress: Progress) -> int:
    """Every bond on file, released ones too, to the workbook at ``path``, dated ``as_of``;
    how many."""
    from reports.bonds_registers import bonds_excel

    with station.lookup() as action:
        city = bond_views.city(action).city_name
        lines = bond_views.search_bond_lines(action, "", True, limit=_EXPORT_ALL)
    return bonds_excel(
        path, lines, as_of=as_of, progress=progress, author=station.operator.full_name, city=city
    )
