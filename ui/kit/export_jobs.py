"""Registers written to Excel in a process of their own (:mod:`clerk_desk.child_process`).

openpyxl's writer holds the interpreter for long stretches: on a worker thread of the window's
process a register of 18,000 addresses stalled the window 0.4 s. Each function here is what such
a worker did, reading through the :class:`~clerk_desk.child_process.Station` (a connection of
the child's own). Module-level and free of widgets, so that a child imports it without Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from clerk_desk import parties_views, words
from clerk_desk.child_process import Progress, Station
from clerk_desk.desk import Action


def register_workbook(
    station: Station,
    path: str,
    *,
    load: Callable[[Action], list[tuple[object, ...]]],
    title: str,
    columns: list[Any],
    what: str,
    progress: Progress,
) -> int:
    """The rows ``load`` reads, under ``columns``, to the workbook at ``path``; how many.
    ``load`` and the columns are sent to the child, so they are module-level and plain."""
    from reports.excel import write_register

    with station.lookup() as action:
        rows = load(action)
        city = parties_views.city_name(action)
        today = action.today()
    return write_register(
        path,
        title=title,
        columns=columns,
        rows=rows,
        progress=progress,
        subtitle=f"{city} — {what}, {words.us_date(today)}",
        author=station.operator.full_name,
    )


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
