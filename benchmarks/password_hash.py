"""What a sign-in costs: one scrypt at the shipped cost, against the old cost, on this machine.

``python benchmarks/password_hash.py`` prints the median of five hashes at each cost. The floor
is the old cost measured in the same run: the shipped cost must be dearer (that is its point),
and a sign-in should stay under about a second on a counter station.
"""

from __future__ import annotations

import statistics
import time

from clerk_desk import operators


def _median_seconds(cost: operators.ScryptCost, rounds: int = 5) -> float:
    saved = operators._cost
    operators._cost = cost
    try:
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            operators.hash_password("counter-password")
            times.append(time.perf_counter() - start)
        return statistics.median(times)
    finally:
        operators._cost = saved


def main() -> None:
    old = _median_seconds(operators.ScryptCost(2**14, 8, 1))
    shipped = _median_seconds(operators.PASSWORD_COST)
    print(f"scrypt n=2**14 (before): {old * 1000:7.1f} ms")
    print(
        f"scrypt n=2**{operators.PASSWORD_COST.n.bit_length() - 1} (shipped): "
        f"{shipped * 1000:7.1f} ms  ({shipped / old:.1f} x the old cost)"
    )
    test = _median_seconds(operators.ScryptCost(2**10, 8, 1))
    print(f"scrypt n=2**10 (tests/conftest.py only): {test * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
