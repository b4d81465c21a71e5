"""Whether the books agree with themselves, judged from the records the Treasurer keeps.

An amount due records what was paid on it (``paid``) and how it stands (``status``); the receipts
record the money itself. They must agree: what is recorded as paid is what the live receipts
(issued, not void) paid on it — payments adding, refunds taking away — and the status follows
from the balance. Both are reckoned by the very functions the payments, voids and cancels write
with (:func:`clerk_desk.ledger.receipted`, :func:`clerk_desk.ledger.settled_status`). One open
drawer per counter station, and receipt numbers that run on in each year with none twice
and none missing.

:func:`ledger_problems` is the one judge: ``clerk-desk check`` reports what it finds, and the
tests of stations racing each other assert that it finds nothing.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk.kinds import DrawerStatus, DueStatus
from clerk_desk.ledger import receipted, settled_status
from clerk_desk.models import AmountDue, Drawer, NumberSequence, Receipt
from clerk_desk.money import Money
from clerk_desk.words import plural

RECEIPT_SERIES = "receipt"  # clerk_desk.receipts.service.SERIES, not imported: the check reads only


@dataclass(frozen=True, slots=True)
class LedgerProblem:
    """One disagreement, naming the record in the Treasurer's words."""

    record_type: str  # "amount_due", "drawer" or "receipt"
    record_id: str
    text: str

    def __str__(self) -> str:
        return self.text


def ledger_problems(session: Session) -> list[LedgerProblem]:
    """Every disagreement in the books, amounts due first, then drawers, then receipt numbers;
    an empty list when they agree."""
    return [*_due_problems(session), *_drawer_problems(session), *_number_problems(session)]


def _due_problems(session: Session) -> list[LedgerProblem]:
    live = receipted(session)
    problems: list[LedgerProblem] = []
    for due in session.scalars(select(AmountDue).order_by(AmountDue.id)):
        name = f"Amount due {due.id} ({due.description})"
        by_receipts = live.get(due.id, Money.zero())
        status = DueStatus(due.status)

        def problem(text: str, due_id: int = due.id) -> None:
            problems.append(LedgerProblem("amount_due", str(due_id), text))

        if due.paid != by_receipts:
            problem(
                f"{name}: {due.paid} recorded as paid, but its live receipts paid {by_receipts}."
            )
        if settled_status(status, due.amount, due.paid) != status:  # the rule the writers use
            if status == DueStatus.PAID:
                problem(f"{name}: marked paid, but {due.balance} of {due.amount} is still owed.")
            else:
                problem(f"{name}: marked open, but all of its {due.amount} is recorded as paid.")
        elif status == DueStatus.CANCELLED and due.paid != Money.zero():
            problem(f"{name}: cancelled, but {due.paid} is recorded as paid on it.")
    return problems


def _drawer_problems(session: Session) -> list[LedgerProblem]:
    open_drawers: dict[str, list[int]] = defaultdict(list)
    for drawer_id, station in session.execute(
        select(Drawer.id, Drawer.station)
        .where(Drawer.status == DrawerStatus.OPEN)
        .order_by(Drawer.id)
    ):
        open_drawers[station].append(drawer_id)
    return [
        LedgerProblem(
            "drawer",
            str(ids[-1]),
            f"{station} has {plural(len(ids), 'open drawer')} (numbers "
            f"{', '.join(str(i) for i in ids)}); a station has one open drawer at a time.",
        )
        for station, ids in sorted(open_drawers.items())
        if len(ids) > 1
    ]


def _number_problems(session: Session) -> list[LedgerProblem]:
    by_year: dict[int, list[tuple[int, str, int]]] = defaultdict(list)
    for receipt_id, year, sequence, number in session.execute(
        select(Receipt.id, Receipt.year, Receipt.sequence, Receipt.number).order_by(
            Receipt.year, Receipt.sequence
        )
    ):
        by_year[year].append((sequence, number, receipt_id))
    taken = {
        year: next_value
        for year, next_value in session.execute(
            select(NumberSequence.year, NumberSequence.next_value).where(
                NumberSequence.name == RECEIPT_SERIES
            )
        )
    }
    problems: list[LedgerProblem] = []
    for year, receipts in sorted(by_year.items()):
        counts = Counter(sequence for sequence, _, _ in receipts)
        for sequence, number, receipt_id in receipts:
            if counts[sequence] > 1:
                problems.append(
                    LedgerProblem(
                        "receipt",
                        str(receipt_id),
                        f"Receipt number {number}: {counts[sequence]} receipts of {year} carry "
                        f"number {sequence}.",
                    )
                )
        last = max(counts)
        missing = sorted(set(range(1, last + 1)) - set(counts))
        if missing:
            shown = ", ".join(str(n) for n in missing[:10]) + (" ..." if len(missing) > 10 else "")
            problems.append(
                LedgerProblem(
                    "receipt",
                    "",
                    f"Receipts of {year}: {plural(len(missing), 'number')} missing between 1 "
                    f"and {last} ({shown}).",
                )
            )
        next_value = taken.get(year)
        if next_value is not None and next_value != last + 1:
            problems.append(
                LedgerProblem(
                    "receipt",
                    "",
                    f"Receipts of {year}: the last receipt is number {last}, but the next "
                    f"number to give is {next_value} (it should be {last + 1}).",
                )
            )
    return problems
