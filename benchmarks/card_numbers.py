"""How long the card-number check takes over texts of growing length: it must grow linearly.

Run: ``python benchmarks/card_numbers.py``. For each kind of text (digits and separators,
the worst for the check) it prints the time for 128 KB, 256 KB, 512 KB and 1 MB and the time
per megabyte (best of three runs); the floor is that 1 MB takes at most 1.5 times eight times
128 KB (linear growth, with room for noise). The check the receipts module used before (every
span of groups) is timed on small texts beside it, for the quadratic growth this replaces.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable

from clerk_desk.card_numbers import find_card_number, luhn_valid

KB = 1024
SIZES = (128 * KB, 256 * KB, 512 * KB, 1024 * KB)
TEXTS = {
    "groups of 4 parted by spaces": "4111 1112 2223 3334 ",
    "mixed separators": "4111.1112_2223/3334  5555-",
    "one unbroken run of digits": "4444444444",
    "phone and check lists": "715-262-5011, #1001 1002 1003 ",
}
_OLD_RUN = re.compile(r"\d+(?:[ -]\d+)*")


def old_check(text: str) -> bool:
    """The check of receipts._refuse_card_number before issue 17: every span of whole groups."""
    for match in _OLD_RUN.finditer(text):
        groups = re.split(r"[ -]", match.group())
        spans = {
            "".join(groups[i:j]) for i in range(len(groups)) for j in range(i + 1, len(groups) + 1)
        }
        if any(13 <= len(d) <= 19 and luhn_valid(d) for d in spans):
            return True
    return False


def seconds(check: Callable[[str], object], text: str, *, runs: int = 1) -> float:
    """The best of ``runs`` timings (the machine is shared: the least disturbed run)."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        check(text)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    failed = False
    for name, unit in TEXTS.items():
        times = []
        for size in SIZES:
            text = (unit * (size // len(unit) + 1))[:size]
            times.append(seconds(find_card_number, text, runs=3))
        per_mb = [t * (1024 * KB) / size for t, size in zip(times, SIZES, strict=True)]
        ratio = times[-1] / times[0]
        ok = ratio <= 8 * 1.5
        failed |= not ok
        shown = ", ".join(f"{s // KB} KB {t:.3f} s" for s, t in zip(SIZES, times, strict=True))
        print(f"{name}: {shown}")
        print(
            f"    per MB {min(per_mb):.3f}-{max(per_mb):.3f} s; 1 MB / 128 KB = {ratio:.1f} "
            f"(linear is 8, floor 12): {'OK' if ok else 'TOO SLOW'}"
        )
    unit = "4111 "  # one long run of groups parted by single spaces
    old = [seconds(old_check, unit * (n // len(unit))) for n in (2 * KB, 4 * KB, 8 * KB)]
    new = [seconds(find_card_number, unit * (n // len(unit))) for n in (2 * KB, 4 * KB, 8 * KB)]
    print(
        "old check (every span) at 2, 4, 8 KB: "
        + ", ".join(f"{t:.3f} s" for t in old)
        + f"; new: {', '.join(f'{t:.4f} s' for t in new)}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
