"""The rules of a sale, on plain values: what a sale is made of, each tender's own rules, and
the totals, change and shortfall the screen shows and saving checks (§ 506-6 (Fee)).

A tender refused is a :class:`TenderProblem`: it names the tender (its place in the sale) and
the part of it at fault, so that the window puts the message under the right field without
reading the core's field names apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from clerk_desk.card_numbers import REFUSAL, find_card_number
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import TenderKind
from clerk_desk.money import Money

FEE_CITE = "§ 506-6 (Fee)"

#: What a clerk types into a tender, by the part's name, with the words that start its
#: message ("The check number is too long …").
TENDER_TEXTS: tuple[tuple[str, str], ...] = (
    ("check_number", "The check number"),
    ("name_on_check", "The name on the check"),
    ("card_last4", "The card's last four digits"),
    ("card_authorization", "The authorization code"),
    ("money_order_number", "The money order number"),
)


class TenderProblem(InvalidInput):
    """One tender of a sale refused: ``index`` is its place in the sale (0 the first), ``part``
    what is wrong with it (``amount``, ``kind``, or one of :data:`TENDER_TEXTS`). The field is
    ``tender_<index>_<part>``, as for every other form field the core names."""

    def __init__(self, message: str, *, index: int, part: str, cite: str | None = None) -> None:
        super().__init__(message, field=f"tender_{index}_{part}", cite=cite)
        self.index = index
        self.part = part


@dataclass(frozen=True, slots=True)
class LineEntry:
    """One line the clerk adds: from the fee schedule, an amount due, or City expenses."""

    description: str
    amount: Money
    gl_account: str
    fee_item_id: int | None = None
    amount_due_id: int | None = None
    reference: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class TenderEntry:
    """One way the payer pays. ``amount`` is what is handed over (for cash, before change)."""

    kind: TenderKind
    amount: Money
    check_number: str = ""
    name_on_check: str = ""
    card_last4: str = ""
    card_authorization: str = ""
    money_order_number: str = ""


@dataclass(frozen=True, slots=True)
class SaleTotals:
    """What the screen shows while the clerk builds a sale, and what saving checks."""

    total: Money
    tendered: Money
    change: Money
    short: Money  # how much is still missing (zero when covered)
    problems: tuple[InvalidInput, ...] = field(default=())

    @property
    def covered(self) -> bool:
        return not self.problems and self.short == Money.zero()


def typed_problem(tender: TenderEntry, index: int) -> TenderProblem | None:
    """A tender of no money, or a full card number typed into any of its parts (the worst
    mistake, so looked for before anything else is said of the tender)."""
    if tender.amount <= Money.zero():
        return TenderProblem("A tender must be more than $0.00.", index=index, part="amount")
    for part, _label in TENDER_TEXTS:
        if find_card_number(getattr(tender, part)) is not None:
            return TenderProblem(REFUSAL, index=index, part=part)
    return None


def kind_problem(tender: TenderEntry, kind: TenderKind, index: int) -> TenderProblem | None:
    """What a tender of ``kind`` must carry: a card its last four digits and the terminal's
    authorization code, a check its number, a money order its number."""
    if kind is TenderKind.CARD:
        if not re.fullmatch(r"\d{4}", tender.card_last4.strip()):
            return TenderProblem(
                "Type the last four digits of the card, and nothing more.",
                index=index,
                part="card_last4",
            )
        if not re.fullmatch(r"[A-Za-z0-9]{2,12}", tender.card_authorization.strip()):
            return TenderProblem(
                "Type the card's authorization code from the terminal slip.",
                index=index,
                part="card_authorization",
            )
    if kind is TenderKind.CHECK and not tender.check_number.strip():
        return TenderProblem("Type the check number.", index=index, part="check_number")
    if kind is TenderKind.MONEY_ORDER and not tender.money_order_number.strip():
        return TenderProblem(
            "Type the money order's number (it is listed on the deposit slip).",
            index=index,
            part="money_order_number",
        )
    return None


def sale_totals(
    lines: Sequence[LineEntry],
    tenders: Sequence[TenderEntry],
    tender_problems: Iterable[InvalidInput] = (),
) -> SaleTotals:
    """Totals, change and what is wrong: ``tender_problems`` (each tender's own, found by the
    service) after a line of no money, then what is wrong with the tenders together.

    Change is given only from cash: checks, cards, money orders (and, on a refund, a City
    check) together may not exceed the total, and cash makes up the rest.
    """
    problems: list[InvalidInput] = []
    if any(line.amount <= Money.zero() for line in lines):
        problems.append(InvalidInput("Each line must be more than $0.00.", field="lines"))
    problems.extend(tender_problems)
    total = sum((line.amount for line in lines), Money.zero())
    tendered = sum((t.amount for t in tenders), Money.zero())
    non_cash = sum((t.amount for t in tenders if t.kind != TenderKind.CASH), Money.zero())
    cash = tendered - non_cash
    change = Money.zero()
    short = Money.zero()
    if non_cash > total:
        problems.append(
            InvalidInput(
                f"Checks, cards and money orders come to {non_cash}, more than the total "
                f"{total}: change is given only from cash.",
                field="tenders",
            )
        )
    elif tendered < total:
        short = total - tendered
        problems.append(
            InvalidInput(f"The tenders are {short} short of the total {total}.", field="tenders")
        )
    else:
        change = tendered - total
        if change > Money.zero() and change >= cash:
            problems.append(InvalidInput("More cash was entered than is needed.", field="tenders"))
    return SaleTotals(total, tendered, change, short, tuple(problems))


DENOMINATIONS: tuple[tuple[str, str, Money], ...] = (
    ("100", "$100 bills", Money("100")),
    ("50", "$50 bills", Money("50")),
    ("20", "$20 bills", Money("20")),
    ("10", "$10 bills", Money("10")),
    ("5", "$5 bills", Money("5")),
    ("2", "$2 bills", Money("2")),
    ("1", "$1 bills", Money("1")),
    ("1c", "$1 coins", Money("1")),
    ("0.50", "Half dollars", Money("0.50")),
    ("0.25", "Quarters", Money("0.25")),
    ("0.10", "Dimes", Money("0.10")),
    ("0.05", "Nickels", Money("0.05")),
    ("0.01", "Pennies", Money("0.01")),
)
