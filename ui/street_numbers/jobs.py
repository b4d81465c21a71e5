"""The Street Numbers register's export, run in a process of its own (clerk_desk.child_process):
18,000 addresses written on a worker thread stalled the window 0.4 s. Module-level and free of
widgets, so that a child process imports it without Qt.
"""

from __future__ import annotations

from clerk_desk.child_process import Progress, Station


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
