"""Long jobs (an export, the agenda packet, an address list's check) beside the window's short
reads on workers (a register's search, a picker's first names, the password's check).

Found in review (issue 20): both ran on Qt's global thread pool, a thread a core. With two
long jobs running on a machine of two cores, every short read waited until one of them ended:
a new form's pickers stayed empty and the login said "Checking the password…" for minutes.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QWidget

from ui.kit import operations
from ui.kit.background import call_in_background

WAIT_S = 30  # a bound for the jobs to start and end; nothing here is timed


def test_a_short_read_is_answered_while_long_jobs_hold_every_core(qtbot) -> None:
    parent = QWidget()
    qtbot.add_widget(parent)
    # As many long jobs as the short reads' pool has threads (one a core), at most as many as
    # may run at once.
    cores = min(QThreadPool.globalInstance().maxThreadCount(), operations.LONG_JOBS_AT_ONCE)
    release = threading.Event()
    started: list[int] = []
    started_all = threading.Event()

    def long_job(key: int) -> object:
        def work(_progress: object) -> int:
            started.append(key)
            if len(started) == cores:
                started_all.set()
            release.wait(WAIT_S)
            return key

        return work

    ended: list[int] = []
    for key in range(cores):
        operations.run_in_background(
            parent, long_job(key), title=f"Export {key}", key=f"export-{key}", on_done=ended.append
        )
    try:
        assert started_all.wait(WAIT_S)  # as many long jobs running as the machine has cores
        answered: list[str] = []
        call_in_background(parent, lambda: "the first names", answered.append, print)
        qtbot.waitUntil(lambda: answered == ["the first names"], timeout=WAIT_S * 1000)
        assert ended == []  # answered while every long job was still running
    finally:
        release.set()
    qtbot.waitUntil(lambda: sorted(ended) == list(range(cores)), timeout=WAIT_S * 1000)
