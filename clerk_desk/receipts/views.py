"""Plain data about receipts and drawers, as printed and exported (no database objects).

The core fills these (:mod:`clerk_desk.receipts.service`); the reports print them and the window
shows them, so neither needs a session. Times are local to City Hall.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from clerk_desk.money import Money
from clerk_desk.words import format_day


@dataclass(frozen=True, slots=True)
class LineView:
    description: str
    gl_account: str
    reference: str
    amount: Money
    note: str = ""


@dataclass(frozen=True, slots=True)
class TenderView:
    kind: str  # "cash", "check", "card", "money_order", "city_check" (refunds only)
    label: str  # e.g. "Check 1042 (Jane Doe)", "Card ending 4242, auth 0A12B3"
    amount: Money  # what it pays toward the total
    tendered: Money  # what was handed over (cash: amount + change)


@dataclass(frozen=True, slots=True)
class ReceiptView:
    number: str
    kind: str  # "payment", "refund", "adjustment"
    status: str  # "issued", "void"
    issued_at: datetime  # local
    operator_name: str
    station: str
    payer_name: str
    payer_address: str
    lines: tuple[LineView, ...]
    tenders: tuple[TenderView, ...]
    total: Money
    change: Money
    records_paid: tuple[str, ...]  # "Snow and ice removal, 123 Orange St: paid in full"
    corrects_number: str | None
    note: str
    prints: int  # how many times printed before; the second print on is a DUPLICATE
    voided_at: datetime | None = None  # local
    voided_by: str = ""
    void_reason: str = ""

    @property
    def is_void(self) -> bool:
        return self.status == "void"


@dataclass(frozen=True, slots=True)
class ReceiptRow:
    """One line of the receipts register (search results, exports)."""

    id: int
    number: str
    issued_at: datetime  # local
    payer_name: str
    total: Money
    kind: str
    status: str
    tender_kinds: str  # "Cash, Check"
    references: str
    operator_name: str
    station: str


@dataclass(frozen=True, slots=True)
class GlTotal:
    gl_account: str
    description: str  # from the fee schedule where one item uses the account, else ""
    count: int
    total: Money


@dataclass(frozen=True, slots=True)
class CheckEntry:
    number: str
    name: str
    amount: Money


@dataclass(frozen=True, slots=True)
class DrawerView:
    """A drawer's state and its expected and counted money (close-out, deposit slip)."""

    id: int
    station: str
    status: str  # "open", "closed"
    opened_at: datetime  # local
    opened_by: str
    opening_cash: Money
    receipts: int
    voided: int
    expected_cash: Money  # opening cash + cash received - change given
    expected_checks: Money
    expected_cards: Money
    expected_money_orders: Money
    checks: tuple[CheckEntry, ...]  # as received (expected in the drawer)
    closed_at: datetime | None = None
    closed_by: str = ""
    counted_cash: Money | None = None
    counted_checks: Money | None = None
    counted_cards: Money | None = None
    counted_money_orders: Money | None = None
    cash_count: tuple[tuple[str, int, Money], ...] = ()  # (denomination label, pieces, value)
    over_short: Money | None = None
    close_note: str = ""
    checks_counted: tuple[CheckEntry, ...] = ()  # as the Treasurer listed them at close-out
    money_orders: tuple[CheckEntry, ...] = ()  # as received: (money order number, payer, amount)

    @property
    def closed(self) -> bool:
        return self.status == "closed"

    @property
    def deposit_checks(self) -> tuple[CheckEntry, ...]:
        """The checks that go to the bank: as counted once closed, as received before."""
        return self.checks_counted if self.closed else self.checks

    @property
    def differences(self) -> dict[str, Money | None]:
        """Counted less expected for each tender kind ("cash", "checks", "cards",
        "money_orders"); None where nothing was counted (an open drawer)."""
        out: dict[str, Money | None] = {}
        for key in ("cash", "checks", "cards", "money_orders"):
            counted: Money | None = getattr(self, f"counted_{key}")
            expected: Money = getattr(self, f"expected_{key}")
            out[key] = None if counted is None else counted - expected
        return out

    @property
    def deposit_cash(self) -> Money:
        """Cash to the bank: what was counted less the starting cash kept for tomorrow."""
        counted = self.counted_cash if self.counted_cash is not None else self.expected_cash
        return counted - self.opening_cash


@dataclass(frozen=True, slots=True)
class Period:
    """A range of local days, both included."""

    since: date
    until: date

    def __str__(self) -> str:
        if self.since == self.until:
            return format_day(self.since)
        return f"{format_day(self.since)} to {format_day(self.until)}"
