"""Gates a test and the child process it starts both see (clerk_desk.child_process).

A threading.Event does not cross into a spawned process: a :class:`Gate` is a file that exists
once it is set. The builds below stand in for ``ui.petitions.jobs._build_in_child`` in the
child, held at gates named in the environment the child inherits.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any


class Gate:
    """An event two processes share: a file that exists once it is set."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def set(self) -> None:
        self.path.touch()

    def wait(self, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while not self.path.exists():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True


def held_build_in_child(station: Any, meeting_id: int, folder: str, *, progress: Any) -> Any:
    """The packet's build as the child process runs it (ui.petitions.jobs), held at the gates
    named in the environment: ``entered`` is set once it starts, and it goes on once
    ``release`` is set."""
    from ui.petitions import jobs

    Gate(Path(os.environ["CLERK_DESK_TEST_ENTERED"])).set()
    assert Gate(Path(os.environ["CLERK_DESK_TEST_RELEASE"])).wait(30), "never let go"
    return jobs._build_in_child(station, meeting_id, folder, progress=progress)


def build_after_cancel_in_child(
    station: Any, meeting_id: int, folder: str, *, progress: Any
) -> Any:
    """The packet's build in its child process, started only once the window has passed the
    clerk's Cancel on (its progress reports say so), so that the build meets the cancel."""
    from ui.petitions import jobs

    assert Gate(Path(os.environ["CLERK_DESK_TEST_RELEASE"])).wait(30), "Cancel never pressed"
    deadline = time.monotonic() + 30
    while progress(0):
        assert time.monotonic() < deadline, "the cancel never reached the build"
        time.sleep(0.02)
    return jobs._build_in_child(station, meeting_id, folder, progress=progress)


def deaf_build_in_child(station: Any, meeting_id: int, folder: str, *, progress: Any) -> Any:
    """A build that copies a scan out, hears the clerk's Cancel at its first report, and goes on
    as if it had not (as a long step of ReportLab's would, between two reports)."""
    (Path(folder) / "scans").mkdir()
    (Path(folder) / "scans" / "copied.pdf").write_bytes(b"%PDF-1.4 a scan copied out")
    assert Gate(Path(os.environ["CLERK_DESK_TEST_RELEASE"])).wait(30), "Cancel never pressed"
    deadline = time.monotonic() + 30
    while progress(0):
        assert time.monotonic() < deadline, "the cancel never reached the build"
        time.sleep(0.02)
    time.sleep(120)  # ended by the window long before
    raise AssertionError("not ended")
