"""The receipts register on paper: does it grow linearly with the receipts it lists?

    python benchmarks/register_pdf.py [--sizes 1100,5000,20000] [--runs 3] [--scale 20]

Lays out :func:`reports.receipts.register.register_pdf` for registers of each size (a month is
about 1,100 receipts at the demo's pace, a year about 20,000), one in twenty of them void, each
size in a fresh process so its peak memory is its own. Beside it, the floor: ReportLab's canvas
writing the same rows' text in the same font, forty to a landscape page, with no table at all.
Prints seconds, milliseconds per thousand receipts, pages and peak memory of each, and how much
longer per receipt the largest register takes than the smallest (1.0 is perfectly linear).

With ``--scale N``, also lays out the register of the newest whole year of an N-year demo
database (built, or copied from ``$CLERK_DESK_BENCH_CACHE``), the rows the window prints.

Target (issue 20): linear growth; a year's register (20,000 receipts) under 5 s and 300 MB.
"""

from __future__ import annotations

import argparse
import json
import pickle
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import harness

if TYPE_CHECKING:
    from clerk_desk.receipts.views import ReceiptRow

PAYERS = (
    "Zoë Šimková",
    "Prescott Hardware & Lumber, LLC",
    "Mississippi River Outfitters",
    "Dr. Theodore Abernathy-Kowalczyk, trustee of the Abernathy Family Revocable Trust",
    "J. Smith",
)


def synthetic_rows(count: int) -> list[ReceiptRow]:
    """``count`` register rows a year's pace apart, as :func:`register_pdf` receives them."""
    from clerk_desk.money import Money
    from clerk_desk.receipts.views import ReceiptRow

    start = datetime(2026, 1, 2, 8, 0)
    step = timedelta(days=365) / max(count, 1)
    return [
        ReceiptRow(
            id=n,
            number=f"R-2026-{n:06d}",
            issued_at=start + step * n,
            payer_name=PAYERS[n % len(PAYERS)],
            total=Money.from_cents(2550 + (n * 3737) % 90000),
            kind="refund" if n % 97 == 0 else "payment",
            status="void" if n % 20 == 0 else "issued",
            tender_kinds="Cash, Check" if n % 3 == 0 else "Card",
            references=f"Street opening SO-2026-{n % 400:04d}",
            operator_name="Treasurer Ann Lindqvist",
            station="COUNTER-1",
        )
        for n in range(1, count + 1)
    ]


def demo_year(scale: int, target: Path) -> None:
    """Write the newest whole year's register rows of a ``scale``-year demo to ``target``
    (pickled, for :func:`one` to read)."""

    from sqlalchemy import func, select

    from clerk_desk.database import Database
    from clerk_desk.models import Receipt
    from clerk_desk.receipts.views import Period, register_rows

    with tempfile.TemporaryDirectory() as folder:
        path, _built = harness.demo_database(Path(folder), scale)
        database = Database(str(path))
        with database.reading() as session:
            newest = session.scalar(select(func.max(Receipt.issued_at)))
            assert newest is not None, "the demo has no receipts"
            year = newest.year - 1
            rows = register_rows(session, Period(date(year, 1, 1), date(year, 12, 31)))
        database.dispose()
    target.write_bytes(pickle.dumps(rows))


def one(kind: str, source: str) -> dict[str, float]:
    """Lay out one register (``kind`` "register" or "floor") of ``source`` rows in this
    process: a count of synthetic rows, or the path of rows :func:`demo_year` wrote."""
    import io

    from clerk_desk.receipts.views import Period
    from clerk_desk.settings import CityProfile
    from reports.receipts.register import register_pdf

    if source.isdigit():
        rows = synthetic_rows(int(source))
    else:
        rows = pickle.loads(Path(source).read_bytes())
    count = len(rows)
    started = time.perf_counter()
    if kind == "register":
        year = Period(date(2026, 1, 1), date(2026, 12, 31))
        pdf = register_pdf(rows, profile=CityProfile(), period=year)
        pages = pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page ")
    else:
        from reportlab.lib.pagesizes import landscape, letter
        from reportlab.pdfgen.canvas import Canvas

        from reports.fonts import FONT_REGULAR, register_fonts

        register_fonts()
        buffer = io.BytesIO()
        canvas = Canvas(buffer, pagesize=landscape(letter))
        pages = 0
        for first in range(0, count, 40):
            for line, row in enumerate(rows[first : first + 40]):
                facts = (row.number, row.issued_at, row.payer_name, row.kind)
                more = (row.tender_kinds, row.references, row.operator_name, row.total)
                text = " ".join(str(v) for v in (*facts, *more))
                canvas.setFont(FONT_REGULAR, 7.5)
                canvas.drawString(36, 560 - 13 * line, text)
            canvas.showPage()
            pages += 1
        canvas.save()
        pdf = buffer.getvalue()
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "pages": pages, "bytes": len(pdf), "mb": harness.peak_memory_mb()}


def measured(kind: str, source: str) -> dict[str, float]:
    """:func:`one` in a fresh process, so that its peak memory is its own."""
    out = subprocess.run(
        [sys.executable, __file__, "--one", kind, source],
        check=True,
        capture_output=True,
        text=True,
        cwd=harness.ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1100,5000,20000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scale", type=int, default=0, help="also a demo's year, N years")
    parser.add_argument("--one", nargs=2, metavar=("KIND", "ROWS"), help=argparse.SUPPRESS)
    parser.add_argument("--year", nargs=2, metavar=("SCALE", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one[0], args.one[1])))
        return 0
    if args.year:
        demo_year(int(args.year[0]), Path(args.year[1]))
        return 0

    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"Receipts register PDF, {args.runs} runs of each size, register and floor interleaved")
    per_thousand: dict[int, float] = {}
    year_ok = True
    sources = [(f"{count:>6,} receipts", str(count), count) for count in sizes]
    if args.scale:  # read in a child: a child's peak memory starts from its parent's
        rows_file = Path(tempfile.mkdtemp()) / "year.pickle"
        subprocess.run(
            [sys.executable, __file__, "--year", str(args.scale), str(rows_file)],
            check=True,
            cwd=harness.ROOT,
        )
        count = len(pickle.loads(rows_file.read_bytes()))
        sources.append(
            (f"demo year, scale {args.scale}, {count:,} receipts", str(rows_file), count)
        )
    for label, source, count in sources:
        results: dict[str, list[dict[str, float]]] = {"register": [], "floor": []}
        for _ in range(args.runs):
            for kind in results:
                results[kind].append(measured(kind, source))
        reg = harness.Figures.of([r["seconds"] for r in results["register"]])
        floor = harness.Figures.of([r["seconds"] for r in results["floor"]])
        mb = max(r["mb"] for r in results["register"])
        pages = int(results["register"][0]["pages"])
        size_kb = results["register"][0]["bytes"] / 1024
        if source.isdigit():
            per_thousand[count] = reg.median / count * 1000
        print(
            f"  {label}: register {reg.seconds()}, {pages} pages, {size_kb:,.0f} KB, "
            f"peak {mb:,.0f} MB; floor {floor.seconds()}, peak "
            f"{max(r['mb'] for r in results['floor']):,.0f} MB; "
            f"{reg.median / count * 1e6:,.0f} ms per 1,000 receipts"
        )
        if count >= 15_000:  # a year's register, synthetic or the demo's
            year_ok = year_ok and reg.median < 5.0 and mb < 300
    smallest, largest = min(sizes), max(sizes)
    growth = per_thousand[largest] / per_thousand[smallest]
    print(
        harness.target_line(
            "linear growth",
            growth < 1.5,
            f"{largest:,} receipts take {growth:.2f} times as long per receipt as {smallest:,}",
        )
    )
    if largest >= 20_000:
        print(harness.target_line("a year's register under 5 s and 300 MB", year_ok, ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
