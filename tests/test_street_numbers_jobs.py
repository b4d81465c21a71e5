"""An address list checked in a process of its own stops when the progress window's Cancel is
pressed, as it is read or as it is checked (ui/street_numbers/jobs.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from clerk_desk import child_process
from clerk_desk.child_process import Station
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Role
from clerk_desk.street_numbers.importing import PROGRESS_EVERY, ImportCancelled
from reports.excel import READ_PROGRESS_EVERY, ReadCancelled
from ui.street_numbers import jobs

LINES = 3_000


@pytest.fixture
def address_list(tmp_path: Path) -> Path:
    path = tmp_path / "addresses.csv"
    numbers = range(101, 101 + 2 * LINES, 2)
    path.write_text(
        "Number,Street,Parcel\n" + "".join(f"{n},Orange St,281-O{n}\n" for n in numbers),
        encoding="utf-8",
    )
    return path


def _stop_at_call(calls: int, seen: list[int]) -> Callable[[int], bool]:
    def progress(done: int) -> bool:
        seen.append(done)
        return len(seen) < calls

    return progress


def test_a_check_in_its_process_stops_at_the_report_a_cancel_answers(
    desk: Desk, operator_with: Callable[[Role], SignedIn], address_list: Path
) -> None:
    station = Station.of(desk, operator_with(Role.CLERK))
    reads = list(range(READ_PROGRESS_EVERY, LINES + 2, READ_PROGRESS_EVERY))
    checks = list(range(PROGRESS_EVERY, LINES, PROGRESS_EVERY))
    seen: list[int] = []
    rows, report = child_process.run(
        jobs.check_list, station, str(address_list), progress=_stop_at_call(1_000, seen)
    )
    assert len(rows) == LINES and report.lines == LINES  # every line checked (no such street)
    assert seen == reads + checks  # the file read (its header too), then checked

    # Each report waits for the window's answer to it: a Cancel stops the work at that report.
    for cancel_at, stopped_as, message in (
        (1, ReadCancelled, "Reading addresses.csv was stopped; nothing was read from it."),
        (len(reads), ReadCancelled, "Reading addresses.csv was stopped"),
        (len(reads) + 1, ImportCancelled, "The check was stopped; nothing was written."),
        (len(reads) + len(checks), ImportCancelled, "The check was stopped"),
    ):
        seen.clear()
        with pytest.raises(stopped_as, match=message):
            child_process.run(
                jobs.check_list, station, str(address_list), progress=_stop_at_call(cancel_at, seen)
            )
        assert seen == (reads + checks)[:cancel_at]
