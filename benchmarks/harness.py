"""What every benchmark shares: interleaved runs against a floor, honest figures, real-sized data.

A figure means little alone on a shared two-core machine: the machine's load changes from one
minute to the next. So each benchmark times its subject *and its floor* in the same run,
interleaved (A B A B …, see :func:`interleaved`), and prints the median, p90 and p99 of each
(:class:`Figures`), never the best run. Scans are made the size a scanner makes them
(:func:`scan_jpeg`, :func:`scan_pdf`: a 300 dpi page of paper grain compresses as a scan does,
about 1.5 MB), and demo databases are built at the scale asked for (:func:`demo_database`).

Run a benchmark from the project's root: ``python benchmarks/receipts.py --scale 20``.
"""

from __future__ import annotations

import io
import math
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CACHE_ENV = "CLERK_DESK_BENCH_CACHE"
"""A folder where built demo databases are kept between runs (each is copied before use, so a
run never changes the cached one). Unset: every run builds its own."""


def percentile(samples: Sequence[float], share: float) -> float:
    """The ``share`` (0..1) percentile of ``samples``, by the nearest rank (no interpolation:
    p99 of 100 samples is the 99th slowest, a time that really happened)."""
    ordered = sorted(samples)
    if not ordered:
        raise ValueError("no samples")
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Figures:
    """Median, p90, p99 and the worst of a list of timings, in seconds."""

    samples: tuple[float, ...]

    @classmethod
    def of(cls, samples: Sequence[float]) -> Figures:
        return cls(tuple(samples))

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p90(self) -> float:
        return percentile(self.samples, 0.90)

    @property
    def p99(self) -> float:
        return percentile(self.samples, 0.99)

    @property
    def worst(self) -> float:
        return max(self.samples)

    def ms(self) -> str:
        """``median 12.3 ms  p90 15.0  p99 19.8  (n=40)``"""
        return (
            f"median {self.median * 1000:7.1f} ms  p90 {self.p90 * 1000:7.1f}  "
            f"p99 {self.p99 * 1000:7.1f}  (n={len(self.samples)})"
        )

    def seconds(self) -> str:
        return (
            f"median {self.median:6.2f} s  p90 {self.p90:6.2f}  p99 {self.p99:6.2f}  "
            f"(n={len(self.samples)})"
        )


def timed(work: Callable[[], object]) -> float:
    """Seconds that ``work()`` took."""
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def interleaved(runs: int, measures: dict[str, Callable[[], float]]) -> dict[str, Figures]:
    """Run each measure in turn, ``runs`` rounds (A B A B …), after one warm-up round.

    Each measure returns its own seconds (so it can leave set-up out of the time). Interleaving
    puts the subject and its floor under the same load: a busy minute slows both.
    """
    for measure in measures.values():  # warm-up: imports, disk cache, first-query planning
        measure()
    samples: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(runs):
        for name, measure in measures.items():
            samples[name].append(measure())
    return {name: Figures.of(values) for name, values in samples.items()}


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def target_line(label: str, ok: bool, detail: str) -> str:
    """One printed target: ``  <label>: <detail>: met``."""
    return f"  {label}: {detail}: {verdict(ok)}"


def prefixes(*words: str, start: int = 1) -> list[str]:
    """What a search field holds after each keystroke while typing ``words``."""
    return [word[:n] for word in words for n in range(start, len(word) + 1)]


def peak_memory_mb(*, children: bool = False) -> float:
    """The largest resident size this process (or its finished children) reached, in MB."""
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    peak = resource.getrusage(who).ru_maxrss
    return peak / 1024 if sys.platform != "darwin" else peak / (1024 * 1024)


SCAN_SIZE = (2550, 3300)
"""A letter page at 300 dpi, in pixels."""


def scan_jpeg(number: int = 0, *, size: tuple[int, int] = SCAN_SIZE) -> bytes:
    """A scanned page as a scanner files it: 300 dpi grey paper grain with ruled, signed lines,
    JPEG at quality 80, about 1.5 MB (noise compresses as badly as a real scan does)."""
    from PIL import Image, ImageDraw

    width, height = size
    grain = random.Random(number).randbytes(width * height)
    page = Image.eval(Image.frombytes("L", size, grain), lambda value: 232 + value // 10)
    draw = ImageDraw.Draw(page)
    draw.text((240, 200), f"PETITION FOR IMPROVEMENT  No. {number}", fill=20)
    for line in range(36):
        y = 420 + line * 78
        draw.line((240, y, width - 240, y), fill=70, width=4)
        start = 300 + (line * 113 + number * 37) % 600
        draw.line((start, y - 40, start + 700, y - 8), fill=30, width=6)
    buffer = io.BytesIO()
    page.save(buffer, "JPEG", quality=80)
    return buffer.getvalue()


def scan_pdf(number: int = 0, *, pages: int = 1) -> bytes:
    """A scanned document as a PDF of :func:`scan_jpeg` pages, the JPEG kept as it is (as a
    scanner's PDF does), so each page is about 1.5 MB."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612, 792))
    for page in range(pages):
        canvas.drawImage(ImageReader(io.BytesIO(scan_jpeg(number * 100 + page))), 0, 0, 612, 792)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _migrate(path: Path) -> None:
    """Bring a copied demo's schema up to this copy of the program's (no backup: a copy)."""
    from clerk_desk.database import Database

    database = Database(str(path))
    try:
        database.migrate(backup=False)
    finally:
        database.dispose()


def demo_database(folder: Path, scale: int, *, name: str = "demo.sqlite3") -> tuple[Path, float]:
    """A SQLite demo database of ``scale`` years in ``folder``, and the seconds it took to build
    (0.0 when it was copied from the cache in ``$CLERK_DESK_BENCH_CACHE``)."""
    target = folder / name
    cache = os.environ.get(CACHE_ENV)
    cached = Path(cache) / f"demo-scale-{scale}.sqlite3" if cache else None
    if cached is not None and cached.exists():
        shutil.copyfile(cached, target)
        _migrate(target)  # a cache built by an older copy of the program
        return target, 0.0
    started = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "clerk_desk",
            "--database",
            str(target),
            "demo",
            "--scale",
            f"{scale}",
        ],
        env=dict(os.environ, CLERK_DESK_DATA_DIR=str(folder)),
        check=True,
        capture_output=True,
        cwd=ROOT,
    )
    built = time.perf_counter() - started
    if cached is not None:
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        shutil.copyfile(target, partial)
        partial.replace(cached)
    return target, built
