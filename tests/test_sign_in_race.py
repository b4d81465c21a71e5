"""Wrong passwords typed at several counter stations at once are each counted: real processes,
one PostgreSQL (or SQLite) database, no lost update that would let a guesser off the delay."""

from __future__ import annotations

import subprocess
import sys

from clerk_desk.database import Database
from clerk_desk.models import SignInThrottle

STATIONS, EACH = 4, 40

WORKER = """
import random, sys, time
from clerk_desk import sign_in_limits
from clerk_desk.clock import SystemClock
from clerk_desk.database import Database

database = Database(sys.argv[1])
clock = SystemClock()
for _ in range(int(sys.argv[2])):
    with database.writing() as session:
        sign_in_limits.record_failure(session, "guesser", clock.now())
    time.sleep(random.random() / 200)  # jitter, so the stations interleave differently
database.dispose()
"""


def test_wrong_passwords_at_several_stations_at_once_are_all_counted(
    database: Database,
) -> None:
    url = database.url.render_as_string(hide_password=False)
    workers = [
        subprocess.Popen([sys.executable, "-c", WORKER, url, str(EACH)]) for _ in range(STATIONS)
    ]
    assert [w.wait(timeout=300) for w in workers] == [0] * STATIONS
    with database.reading() as session:
        row = session.get(SignInThrottle, "guesser")
    assert row is not None
    assert row.failures == STATIONS * EACH
