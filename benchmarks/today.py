"""The Today tab's gathering, provider by provider, at the scale asked for.

    python benchmarks/today.py [--scale 20] [--runs 15]

Builds (or copies from ``$CLERK_DESK_BENCH_CACHE``) a demo database of ``--scale`` years and
prints, for each workflow's Today provider, the items it lists, the SQL statements it runs and
its time; then the whole :func:`clerk_desk.today.gather` (median, p90, p99) interleaved with its
floor, one read-only action that reads the open amounts owed and nothing else.

Targets (issue 20): a bounded number of statements, not one per item (the amounts owed in at
most 3 statements however many there are); the whole gather under 50 ms on the window's thread
is the aim, and it runs only when something changed (ui/today/tab.py). Timed with the cycle
collector's start-up objects frozen, as the window runs (ui/kit/collector.py).
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path

import harness


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=20, help="years of demo data")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()

    from sqlalchemy import event, select

    from clerk_desk import today, workflows
    from clerk_desk.database import Database
    from clerk_desk.desk import SYSTEM, Desk
    from clerk_desk.kinds import DueStatus
    from clerk_desk.models import AmountDue

    with tempfile.TemporaryDirectory() as folder:
        path, built = harness.demo_database(Path(folder), args.scale)
        database = Database(str(path))
        desk = Desk(database)
        statements = [0]

        def count(*_args: object) -> None:
            statements[0] += 1

        event.listen(database.engine, "before_cursor_execute", count)
        workflows.load_all()
        # As the window does once started (ui/kit/collector.py): what start-up made is never
        # walked again. Else a full collection of the cycle collector lands in whichever
        # provider allocates when it falls due (100-150 ms at 20 years, a provider of one
        # statement and no items), a cost the window never pays.
        gc.collect()
        gc.freeze()
        origin = f"built in {built:.1f} s" if built else "copied from the cache"
        print(f"Today at {args.scale} year(s) of demo data ({origin})")
        amounts_ok = True
        with desk.lookup(SYSTEM) as action:
            for name, provider in today._providers.items():
                statements[0] = 0
                started = time.perf_counter()
                items = provider(action)
                seconds = time.perf_counter() - started
                print(
                    f"  {name:24} {len(items):5} items {statements[0]:5} statements "
                    f"{seconds * 1000:7.1f} ms"
                )
                if name == "amounts_due":
                    amounts_ok = statements[0] <= 3
        statements[0] = 0
        with desk.lookup(SYSTEM) as action:
            items = today.gather(action)
        total = statements[0]

        def gather() -> float:
            with desk.lookup(SYSTEM) as action:
                return harness.timed(lambda: today.gather(action))

        def floor() -> float:
            query = select(AmountDue).where(AmountDue.status == DueStatus.OPEN)
            with desk.lookup(SYSTEM) as action:
                return harness.timed(lambda: list(action.session.scalars(query)))

        figures = harness.interleaved(args.runs, {"gather": gather, "floor": floor})
        print(f"  whole gather: {len(items)} items in {total} statements")
        print(f"  gather:              {figures['gather'].ms()}")
        print(f"  floor (open amounts): {figures['floor'].ms()}")
        print(
            harness.target_line(
                "amounts owed in at most 3 statements", amounts_ok, "one query with the payers"
            )
        )
        database.dispose()
    return 0 if amounts_ok else 1


if __name__ == "__main__":
    sys.exit(main())
