"""The fee schedule's export, written in a process of its own (clerk_desk.child_process):
openpyxl's writer holds the interpreter for long stretches, and on a worker thread of the
window's process it stalls the window (issue 20). Module-level and free of widgets, so that a
child process imports it without Qt.
"""

from __future__ import annotations

from clerk_desk import fees
from clerk_desk.child_process import Progress, Station


def fee_schedule_workbook(station: Station, path: str, *, progress: Progress) -> int:
    """The whole schedule to the workbook at ``path``, in the layout the import reads back;
    how many items."""
    from reports.excel import Column, write_register

    kinds = {"amount": "money", "effective_from": "date", "effective_to": "date"}
    columns = [Column(name, kinds.get(name, "text")) for name in fees.COLUMNS]  # type: ignore[arg-type]
    with station.lookup() as action:
        rows = fees.export_rows(action)
    return write_register(
        path,
        title="Fee schedule",
        columns=columns,
        rows=rows,
        progress=progress,
        author=station.operator.full_name,
    )
