"""Rendering one receipt, letter and roll, beside ReportLab alone writing a page.

    python benchmarks/receipt_paper.py [--runs 40]

Takes the newest receipt of a one-year demo database (built, or copied from
``$CLERK_DESK_BENCH_CACHE``) and renders it with :func:`reports.receipt.receipt_pdf` on letter
paper (letterhead and seal) and on the 80 mm roll, interleaved with the floor: ReportLab's canvas
writing one letter page with as many lines of text. Prints median, p90 and p99 of each.

Target (issue 20): saving and rendering one receipt under 20 ms median; this prints the
rendering part. The seal is encoded once per process (reports/letterhead.py) and rl-accel,
ReportLab's C accelerator, is a dependency.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from pathlib import Path

import harness


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()

    from reportlab.pdfgen.canvas import Canvas
    from sqlalchemy import select

    from clerk_desk import settings_store
    from clerk_desk.database import Database
    from clerk_desk.models import Receipt
    from clerk_desk.receipts import views
    from reports.receipt import receipt_pdf

    with tempfile.TemporaryDirectory() as folder:
        path, _built = harness.demo_database(Path(folder), 1)
        database = Database(str(path))
        with database.reading() as session:
            newest = select(Receipt.id).order_by(Receipt.id.desc()).limit(1)
            view = views.receipt_view(session, session.scalars(newest).one())
            profile = settings_store.city_profile(session)
        database.dispose()

    def paper(kind: str) -> float:
        return harness.timed(
            lambda: receipt_pdf(view, profile=profile, paper=kind, duplicate=False)  # type: ignore[arg-type]
        )

    def floor() -> float:
        def write() -> None:
            canvas = Canvas(io.BytesIO(), pagesize=(612, 792))
            for line in range(40):
                canvas.drawString(72, 720 - line * 16, f"Line {line} of a plain page")
            canvas.showPage()
            canvas.save()

        return harness.timed(write)

    letter_size = len(receipt_pdf(view, profile=profile, paper="letter", duplicate=False))
    figures = harness.interleaved(
        args.runs,
        {"letter": lambda: paper("letter"), "roll": lambda: paper("roll"), "floor": floor},
    )
    print(f"One receipt rendered, {args.runs} interleaved runs (letter PDF {letter_size:,} bytes)")
    print(f"  letter (letterhead, seal): {figures['letter'].ms()}")
    print(f"  roll (80 mm):              {figures['roll'].ms()}")
    print(f"  floor (ReportLab, 1 page): {figures['floor'].ms()}")
    print(f"  letter / floor = {figures['letter'].median / figures['floor'].median:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
