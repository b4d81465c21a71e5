"""A counter station that saves receipts as fast as it can, for the reliability tests.

``python tests/receipts_worker.py URL STATION [COUNT]`` saves COUNT receipts (forever when 0)
into STATION's open drawer and prints each receipt's number once it is committed. The tests run
several at once, or kill one (SIGKILL) in the middle of a save.
"""

from __future__ import annotations

import random
import sys
import time
from datetime import datetime

from clerk_desk import receipts
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Desk
from clerk_desk.models import TenderKind
from clerk_desk.money import Money
from clerk_desk.receipts import LineEntry, TenderEntry

GL = ("100-44300-000", "100-44310-000", "100-44320-000", "100-46300-000")


def one_sale(rng: random.Random) -> tuple[list[LineEntry], list[TenderEntry]]:
    """Two to four lines; paid by check (part) and cash (the rest, with change) or by card."""
    lines = [
        LineEntry(f"Fee {n}", Money.from_cents(rng.randint(1, 50_000)), rng.choice(GL))
        for n in range(rng.randint(2, 4))
    ]
    total = sum((line.amount for line in lines), Money.zero())
    if rng.random() < 0.3:
        return lines, [
            TenderEntry(TenderKind.CARD, total, card_last4="4242", card_authorization="AB12")
        ]
    by_check = Money.from_cents(rng.randint(0, total.cents - 1))
    tenders = []
    if by_check > Money.zero():
        tenders.append(
            TenderEntry(TenderKind.CHECK, by_check, check_number=str(rng.randint(1, 9999)))
        )
    cash = total - by_check + Money.from_cents(rng.randint(0, 2_000))  # change from cash only
    tenders.append(TenderEntry(TenderKind.CASH, cash))
    return lines, tenders


def run(
    url: str,
    station: str,
    count: int,
    *,
    announce: bool = False,
    seconds: float | None = None,
) -> list[str]:
    """Save ``count`` receipts (0: no limit), or as many as fit in ``seconds`` if given."""
    database = Database(url)
    desk = Desk(database, clock=FixedClock(datetime(2026, 11, 30, 10, 0)))
    rng = random.Random()
    numbers: list[str] = []
    until = None if seconds is None else time.monotonic() + seconds
    try:
        while (count == 0 or len(numbers) < count) and (until is None or time.monotonic() < until):
            lines, tenders = one_sale(rng)
            with desk.action(SYSTEM) as action:
                receipt = receipts.take_payment(
                    action,
                    station=station,
                    payer_id=None,
                    payer_name=f"Payer at {station}",
                    lines=lines,
                    tenders=tenders,
                )
                number = receipt.number
            numbers.append(number)
            if announce:
                print(number, flush=True)
    finally:
        database.dispose()
    return numbers


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0, announce=True)
