"""The special charges' workbooks, written in a process of its own (clerk_desk.child_process):
openpyxl's writer holds the interpreter for long stretches, and on a worker thread of the
window's process it stalled the window (issue 20). Module-level and free of widgets, so that a
child process imports it without Qt.
"""

from __future__ import annotations

from clerk_desk.child_process import Progress, Station
from clerk_desk.kinds import ChargeKind
from clerk_desk.special_charges import details as charge_details_views
from clerk_desk.special_charges.acts import RunAct
from clerk_desk.special_charges.rules import Standing

_EXPORT_ALL = 10**9


def register_workbook(
    station: Station,
    path: str,
    *,
    text: str,
    kind: ChargeKind | None,
    standing: Standing | None,
    year: int | None,
    progress: Progress,
) -> int:
    """The charges the search and filters find, all of them, past the screen's limit, to the
    workbook at ``path``; how many."""
    from reports.special_charges.register import register_xlsx

    with station.lookup() as action:
        sheet = charge_details_views.register_sheet(
            action, text, kind=kind, standing=standing, year=year, limit=_EXPORT_ALL
        )
    return register_xlsx(list(sheet.charges), path, city=sheet.city, progress=progress)


def run_workbook(station: Station, path: str, *, run_id: int, progress: Progress) -> int:
    """A tax roll run in the county's layout to the workbook at ``path`` (once the run allows
    its export); how many charges. The county's writer reports no progress, so a Cancel does
    not stop it (nor did it on the worker thread before)."""
    from reports.special_charges.tax_roll import run_xlsx

    with station.lookup() as action:
        read = charge_details_views.run_paper(action, run_id, RunAct.EXPORT)
    return run_xlsx(read.view, path, city=read.profile.city_name)
