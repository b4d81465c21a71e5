"""A register written to Excel in a process of its own (:mod:`clerk_desk.child_process`).

openpyxl's writer holds the interpreter for long stretches: on a worker thread of the window's
process the People register of 18,000 parties stalled the window 0.2 s. :func:`register_workbook`
is what such a worker did for any register whose rows a module-level function reads, reading
through the :class:`~clerk_desk.child_process.Station` (a connection of the child's own).
Module-level and free of widgets, so that a child imports it without Qt; a workflow's own jobs
live in its window's package (``ui/street_numbers/jobs.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from clerk_desk import audit, parties_views, words
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


def audit_workbook(
    station: Station,
    path: str,
    *,
    text: str,
    since: date | None,
    until: date | None,
    progress: Progress,
) -> int:
    """Every audit event the search finds to the workbook at ``path``; how many. The export
    itself is recorded by the caller once the file is written (a failed or cancelled one
    raised here, and is not in the trail)."""
    from reports.excel import Column, write_register

    with station.lookup() as action:
        rows = audit.export_search(action, text, since=since, until=until)
    columns = [
        Column(header, "datetime" if number == 0 else "text")
        for number, header in enumerate(audit.EXPORT_COLUMNS)
    ]
    return write_register(
        path,
        title="Audit trail",
        columns=columns,
        rows=rows,
        progress=progress,
        author=station.operator.full_name,
    )
