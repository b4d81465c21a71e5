"""The Street Numbers register's long work, each run in a process of its own
(clerk_desk.child_process): the register's export (18,000 addresses written on a worker thread
stalled the window 0.4 s), and an address list read and checked, then imported (reading a
20,000-line workbook and writing its addresses held the interpreter on a worker thread as
long). Module-level and free of widgets, so that a child process imports it without Qt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from clerk_desk.child_process import Progress, Station

if TYPE_CHECKING:
    from clerk_desk.street_numbers.importing import ImportReport
    from reports.excel import TableRow


def addresses_workbook(
    station: Station,
    path: str,
    *,
    street_id: int | None,
    include_retired: bool,
    progress: Progress,
) -> int:
    """The street number register (one street, or all) to the workbook at ``path``; how many."""
    from clerk_desk.street_numbers import views as street_views
    from reports.street_numbers import register_excel

    with station.lookup() as action:
        rows, city = street_views.register_export(
            action, street_id=street_id, include_retired=include_retired
        )
    return register_excel(
        path, rows, progress=progress, author=station.operator.full_name, city=city
    )


def check_list(
    station: Station, path: str, *, progress: Progress
) -> tuple[list[TableRow], ImportReport]:
    """The address list at ``path`` read, and the report on it; nothing is written. Stopped
    by ``progress`` returning False (the progress window's Cancel) as it reads or checks."""
    from clerk_desk.street_numbers.importing import check_import
    from reports.excel import read_table

    rows = read_table(path, progress)
    with station.lookup() as action:
        return rows, check_import(action, rows, progress)


def import_list(
    station: Station,
    rows: Sequence[Mapping[str, object]],
    *,
    source: str,
    progress: Progress,
) -> ImportReport:
    """The checked ``rows`` written to the register, all or nothing (a cancel writes nothing)."""
    from clerk_desk.street_numbers.importing import import_addresses

    with station.action() as action:
        return import_addresses(action, rows, source=source, progress=progress)
