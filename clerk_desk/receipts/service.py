"""Receipts and the cash drawer: the Treasurer receipts every fee.

§ 506-6 (Fee): "Permit fees shall be paid to the Treasurer who shall issue a receipt therefor";
§§ 506-9, 506-10 and 506-24 send their fees the same way. A receipt is written whole in one
transaction — its number, lines, tenders and the amounts due it pays — or not at all. Once written
it never changes, except that the Treasurer may void it (who, when, why) while its drawer is open;
after close-out a correction is a new refund or adjustment receipt that names the original.
"""

from __future__ import annotations

import contextlib
import re
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any

from sqlalchemy import Select, func, or_, select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import gl_accounts, ledger
from clerk_desk.card_numbers import refuse_card_number
from clerk_desk.clock import city_zone
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.fees import fee_on
from clerk_desk.kinds import (
    DrawerStatus,
    DueKind,
    DueStatus,
    ReceiptKind,
    ReceiptStatus,
    TenderKind,
)
from clerk_desk.models import (
    AmountDue,
    Drawer,
    FeeItem,
    Operator,
    Party,
    Receipt,
    ReceiptLine,
    Tender,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import fold
from clerk_desk.permissions import Permission

# The settings live in their own module; the workflow's callers find them here too.
from clerk_desk.receipts.settings import ReceiptSettings as ReceiptSettings
from clerk_desk.receipts.settings import receipt_settings as receipt_settings
from clerk_desk.receipts.settings import save_receipt_settings as save_receipt_settings
from clerk_desk.receipts.views import (
    CheckEntry,
    DrawerView,
    GlTotal,
    LineView,
    Period,
    ReceiptRow,
    ReceiptView,
    TenderView,
)
from clerk_desk.today import TodayItem, provider
from clerk_desk.unique_save import save_unique
from clerk_desk.validation import choice, fits
from clerk_desk.words import day_and_time, format_day

FEE_CITE = "§ 506-6 (Fee)"
SERIES = "receipt"

# -- what a sale is made of ---------------------------------------------------------------------


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


def fee_line(session: Session, code: str, *, on: date, reference: str = "") -> LineEntry:
    """A line for the fee schedule's item ``code`` in force on ``on``."""
    item = fee_on(session, code, on)
    return LineEntry(
        description=item.description,
        amount=item.amount,
        gl_account=item.gl_account,
        fee_item_id=item.id,
        reference=reference,
    )


def due_line(session: Session, due_id: int, amount: Money | None = None) -> LineEntry:
    """A line paying (part of) an amount due; the whole balance unless ``amount`` is given."""
    due = ledger.get_due(session, due_id)
    return LineEntry(
        description=due.description,
        amount=amount if amount is not None else due.balance,
        gl_account=due.gl_account or (due.fee_item.gl_account if due.fee_item else ""),
        fee_item_id=due.fee_item_id,
        amount_due_id=due.id,
        reference=f"{due.record_type} {due.record_id}",
    )


def expense_line(session: Session, amount: Money, note: str, *, reference: str = "") -> LineEntry:
    """An "actual City expenses" line (§ 506-6 (Fee): "plus any actual City expenses")."""
    if not note.strip():
        raise InvalidInput("Say what the City expenses were for.", field="note")
    return LineEntry(
        description="Actual City expenses",
        amount=amount,
        gl_account=receipt_settings(session).expenses_gl,
        reference=reference,
        note=note.strip(),
    )


def _check_tender(tender: TenderEntry, index: int) -> None:
    where = f"tender_{index}"
    if tender.amount <= Money.zero():
        raise InvalidInput("A tender must be more than $0.00.", field=f"{where}_amount")
    typed = (
        (tender.check_number, "check_number", "The check number"),
        (tender.name_on_check, "name_on_check", "The name on the check"),
        (tender.card_last4, "card_last4", "The card's last four digits"),
        (tender.card_authorization, "card_authorization", "The authorization code"),
        (tender.money_order_number, "money_order_number", "The money order number"),
    )
    for text, name, _ in typed:  # first: a card number typed anywhere is the worst mistake
        refuse_card_number(text, f"{where}_{name}")
    _check_tender_kind(tender, where)
    for text, name, label in typed:
        fits(getattr(Tender, name), text.strip(), label, field=f"{where}_{name}")


def _check_tender_kind(tender: TenderEntry, where: str) -> None:
    kind = choice(TenderKind, tender.kind, "The tender kind", field=f"{where}_kind")
    if kind is TenderKind.CARD:
        if not re.fullmatch(r"\d{4}", tender.card_last4.strip()):
            raise InvalidInput(
                "Type the last four digits of the card, and nothing more.",
                field=f"{where}_card_last4",
            )
        if not re.fullmatch(r"[A-Za-z0-9]{2,12}", tender.card_authorization.strip()):
            raise InvalidInput(
                "Type the card's authorization code from the terminal slip.",
                field=f"{where}_card_authorization",
            )
    if kind is TenderKind.CHECK and not tender.check_number.strip():
        raise InvalidInput("Type the check number.", field=f"{where}_check_number")
    if kind is TenderKind.MONEY_ORDER and not tender.money_order_number.strip():
        raise InvalidInput(
            "Type the money order's number (it is listed on the deposit slip).",
            field=f"{where}_money_order_number",
        )


def check_sale(lines: Sequence[LineEntry], tenders: Sequence[TenderEntry]) -> SaleTotals:
    """Totals, change and what is wrong, for the screen and for saving alike.

    Change is given only from cash: checks, cards, money orders (and, on a refund, a City
    check) together may not exceed the total, and cash makes up the rest.
    """
    problems: list[InvalidInput] = []
    for line in lines:
        if line.amount <= Money.zero():
            problems.append(InvalidInput("Each line must be more than $0.00.", field="lines"))
            break
    total = sum((line.amount for line in lines), Money.zero())
    for index, tender in enumerate(tenders):
        try:
            _check_tender(tender, index)
        except InvalidInput as error:
            problems.append(error)
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


# -- drawers ------------------------------------------------------------------------------------


def _clean_station(station: str) -> str:
    name = " ".join(station.split())
    if not name:
        raise InvalidInput("Name this counter station in Settings.", field="station")
    fits(Drawer.station, name, "The station name", field="station")
    return name


def current_drawer(session: Session, station: str) -> Drawer | None:
    """The open drawer of ``station``, if any."""
    return session.scalars(
        select(Drawer).where(Drawer.station == station, Drawer.status == DrawerStatus.OPEN)
    ).first()


def _lock_open_drawer(session: Session, station: str) -> Drawer | None:
    """The open drawer of ``station``, row-locked until the action ends, so that a close-out at
    the same moment waits for this save (or this save sees the drawer closed)."""
    return session.scalars(
        select(Drawer)
        .where(Drawer.station == station, Drawer.status == DrawerStatus.OPEN)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).first()


def open_drawer(action: Action, *, station: str, opening_cash: Money) -> Drawer:
    """Open ``station``'s drawer with its starting cash (a new batch)."""
    action.require(Permission.TAKE_PAYMENT)
    name = _clean_station(station)
    if opening_cash < Money.zero():
        raise InvalidInput("The starting cash cannot be negative.", field="opening_cash")
    existing = current_drawer(action.session, name)
    if existing is not None:
        raise Conflict(
            f"The drawer of {name} is already open (since "
            f"{day_and_time(_local(existing.opened_at, action.clock.local_now().tzinfo))})."
        )
    drawer = Drawer(
        station=name,
        status=DrawerStatus.OPEN,
        opened_at=action.now(),
        opened_by_id=action.operator.id or None,
        opening_cash=opening_cash,
    )
    with save_unique(action.session, f"The drawer of {name} is already open."):
        action.session.add(drawer)  # uq_drawer_open_station: one open drawer per station
    action.audit(
        "drawer.open",
        drawer,
        f"Drawer of {name} opened with {opening_cash}",
        after=snapshot(drawer),
    )
    return drawer


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


@dataclass(frozen=True, slots=True)
class DrawerCount:
    """What the Treasurer counted at close-out."""

    cash_pieces: dict[str, int]  # DENOMINATIONS key -> pieces
    checks: tuple[CheckEntry, ...]
    cards_total: Money
    money_orders_total: Money
    note: str = ""
    # What the close-out screen showed as expected in all: if a receipt was saved or voided
    # since, the close is refused so the Treasurer sees the new figures.
    expected_total: Money | None = None

    def cash_total(self) -> Money:
        values = {key: value for key, _, value in DENOMINATIONS}
        total = Money.zero()
        for key, pieces in self.cash_pieces.items():
            if key not in values:
                raise InvalidInput(f"Unknown denomination {key!r}.", field="cash")
            if pieces < 0:
                raise InvalidInput(
                    "A count of bills or coins cannot be negative.", field=f"cash_{key}"
                )
            total = total + values[key] * pieces
        return total


def _expected(session: Session, drawer: Drawer) -> dict[TenderKind, Money]:
    rows = session.execute(
        select(Tender.kind, func.sum(Tender.amount))
        .join(Receipt)
        .where(Receipt.drawer_id == drawer.id, Receipt.status == ReceiptStatus.ISSUED)
        .group_by(Tender.kind)
    ).all()
    sums = {TenderKind(kind): total or Money.zero() for kind, total in rows}
    # A City check (a refund paid by the City's own check) never passes through the drawer.
    expected = {kind: sums.get(kind, Money.zero()) for kind in TenderKind if kind.in_drawer}
    expected[TenderKind.CASH] = drawer.opening_cash + expected[TenderKind.CASH]
    return expected


def _money_orders_received(session: Session, drawer: Drawer) -> tuple[CheckEntry, ...]:
    """Each money order taken into the drawer (number, payer, amount), for the deposit slip."""
    rows = session.execute(
        select(Tender.money_order_number, Receipt.payer_name, Tender.amount)
        .join(Receipt)
        .where(
            Receipt.drawer_id == drawer.id,
            Receipt.status == ReceiptStatus.ISSUED,
            Tender.kind == TenderKind.MONEY_ORDER,
        )
        .order_by(Tender.id)
    )
    return tuple(CheckEntry(number, payer, amount) for number, payer, amount in rows)


def _checks_counted(drawer: Drawer) -> tuple[CheckEntry, ...]:
    """The checks the Treasurer listed at close-out."""
    return tuple(
        CheckEntry(str(c.get("number", "")), str(c.get("name", "")), Money(c["amount"]))
        for c in (drawer.check_list or {}).get("checks", [])
    )


def _checks_received(session: Session, drawer: Drawer) -> tuple[CheckEntry, ...]:
    tenders = session.scalars(
        select(Tender)
        .join(Receipt)
        .where(
            Receipt.drawer_id == drawer.id,
            Receipt.status == ReceiptStatus.ISSUED,
            Tender.kind == TenderKind.CHECK,
        )
        .order_by(Tender.id)
    )
    return tuple(CheckEntry(t.check_number, t.name_on_check, t.amount) for t in tenders)


def close_drawer(action: Action, drawer_id: int, count: DrawerCount) -> Drawer:
    """Close out: record the count, expected vs counted, and any over/short (with a note)."""
    action.require(Permission.CLOSE_DRAWER)
    drawer = get_drawer(action.session, drawer_id, lock=True)
    if drawer.status != DrawerStatus.OPEN:
        raise Conflict(f"The drawer of {drawer.station} is already closed; it is locked.")
    for entry in count.checks:
        if entry.amount <= Money.zero():
            raise InvalidInput("Each check listed must be more than $0.00.", field="checks")
        refuse_card_number(entry.number, "checks")
        refuse_card_number(entry.name, "checks")
    for value, name in (
        (count.cards_total, "cards_total"),
        (count.money_orders_total, "money_orders_total"),
    ):
        if value < Money.zero():
            raise InvalidInput("A total cannot be negative.", field=name)
    fits(Drawer.close_note, count.note, "The note", field="note")
    expected = _expected(action.session, drawer)
    expected_total = sum(expected.values(), Money.zero())
    if count.expected_total is not None and count.expected_total != expected_total:
        raise Conflict(
            "The drawer's figures changed since the count began (a receipt was saved or "
            "voided): check the new expected amounts and close again."
        )
    counted_cash = count.cash_total()
    counted_checks = sum((c.amount for c in count.checks), Money.zero())
    counted_by_kind = {
        TenderKind.CASH: counted_cash,
        TenderKind.CHECK: counted_checks,
        TenderKind.CARD: count.cards_total,
        TenderKind.MONEY_ORDER: count.money_orders_total,
    }
    # Each kind on its own: a cash shortage is not hidden by a card total typed too high.
    differences = {kind: counted_by_kind[kind] - expected[kind] for kind in counted_by_kind}
    over_short = sum(counted_by_kind.values(), Money.zero()) - expected_total
    uneven = [(kind, diff) for kind, diff in differences.items() if diff != Money.zero()]
    if uneven and not count.note.strip():
        detail = ", ".join(
            f"{_KIND_WORDS[kind]} {'over' if diff > Money.zero() else 'short'} {abs(diff)}"
            for kind, diff in uneven
        )
        if over_short != Money.zero():
            word = "over" if over_short > Money.zero() else "short"
            lead = f"The drawer is {abs(over_short)} {word}"
        else:
            lead = "The drawer balances in total but not by tender"
        raise InvalidInput(
            f"{lead}: write a note saying what is known of it ({detail}).", field="note"
        )
    before = snapshot(drawer)
    drawer.status = DrawerStatus.CLOSED
    drawer.closed_at = action.now()
    drawer.closed_by_id = action.operator.id or None
    drawer.expected_cash = expected[TenderKind.CASH]
    drawer.expected_checks = expected[TenderKind.CHECK]
    drawer.expected_cards = expected[TenderKind.CARD]
    drawer.expected_money_orders = expected[TenderKind.MONEY_ORDER]
    drawer.counted_cash = counted_cash
    drawer.counted_checks = counted_checks
    drawer.counted_cards = count.cards_total
    drawer.counted_money_orders = count.money_orders_total
    drawer.cash_count = {k: int(v) for k, v in count.cash_pieces.items() if v}
    drawer.check_list = {
        "checks": [
            {"number": c.number, "name": c.name, "amount": str(c.amount.amount)}
            for c in count.checks
        ]
    }
    drawer.over_short = over_short
    drawer.close_note = count.note.strip()
    verdict = (
        "balanced"
        if over_short == Money.zero()
        else (f"over {over_short}" if over_short > Money.zero() else f"short {abs(over_short)}")
    )
    action.audit(
        "drawer.close",
        drawer,
        f"Drawer of {drawer.station} closed, {verdict}",
        before=before,
        after=snapshot(drawer),
    )
    return drawer


_KIND_WORDS = {
    TenderKind.CASH: "cash",
    TenderKind.CHECK: "checks",
    TenderKind.CARD: "cards",
    TenderKind.MONEY_ORDER: "money orders",
}


def get_drawer(session: Session, drawer_id: int, *, lock: bool = False) -> Drawer:
    drawer = (
        session.get(Drawer, drawer_id, with_for_update=True, populate_existing=True)
        if lock
        else session.get(Drawer, drawer_id)
    )
    if drawer is None:
        raise NotFound(f"There is no drawer number {drawer_id}.")
    return drawer


def _name_of(session: Session, operator_id: int | None) -> str:
    if operator_id is None:
        return ""
    operator = session.get(Operator, operator_id)
    return operator.full_name if operator else ""


def drawer_view(session: Session, drawer_id: int, *, tz: tzinfo | None = None) -> DrawerView:
    """The drawer with its expected money (and, once closed, what was counted)."""
    zone = tz or city_zone()
    drawer = get_drawer(session, drawer_id)
    counts = dict(
        session.execute(
            select(Receipt.status, func.count())
            .where(Receipt.drawer_id == drawer.id)
            .group_by(Receipt.status)
        ).all()
    )
    closed = drawer.status == DrawerStatus.CLOSED
    expected = (
        _expected(session, drawer)
        if not closed
        else {
            TenderKind.CASH: drawer.expected_cash or Money.zero(),
            TenderKind.CHECK: drawer.expected_checks or Money.zero(),
            TenderKind.CARD: drawer.expected_cards or Money.zero(),
            TenderKind.MONEY_ORDER: drawer.expected_money_orders or Money.zero(),
        }
    )
    values = {key: (label, value) for key, label, value in DENOMINATIONS}
    cash_count = tuple(
        (values[key][0], int(pieces), values[key][1] * int(pieces))
        for key, pieces in (drawer.cash_count or {}).items()
        if key in values
    )
    return DrawerView(
        id=drawer.id,
        station=drawer.station,
        status=str(drawer.status),
        opened_at=_local(drawer.opened_at, zone),
        opened_by=_name_of(session, drawer.opened_by_id),
        opening_cash=drawer.opening_cash,
        receipts=int(counts.get(ReceiptStatus.ISSUED, 0)),
        voided=int(counts.get(ReceiptStatus.VOID, 0)),
        expected_cash=expected[TenderKind.CASH],
        expected_checks=expected[TenderKind.CHECK],
        expected_cards=expected[TenderKind.CARD],
        expected_money_orders=expected[TenderKind.MONEY_ORDER],
        checks=_checks_received(session, drawer),
        closed_at=_local(drawer.closed_at, zone) if drawer.closed_at else None,
        closed_by=_name_of(session, drawer.closed_by_id),
        counted_cash=drawer.counted_cash,
        counted_checks=drawer.counted_checks,
        counted_cards=drawer.counted_cards,
        counted_money_orders=drawer.counted_money_orders,
        cash_count=cash_count,
        over_short=drawer.over_short,
        close_note=drawer.close_note,
        checks_counted=_checks_counted(drawer) if closed else (),
        money_orders=_money_orders_received(session, drawer),
    )


def drawers(session: Session, *, since: date | None = None, limit: int = 200) -> list[Drawer]:
    """Drawers, newest first."""
    query = select(Drawer).order_by(Drawer.opened_at.desc(), Drawer.id.desc()).limit(limit)
    if since is not None:
        query = query.where(Drawer.opened_at >= _start_of(since, city_zone()))
    return list(session.scalars(query))


# -- taking payment -----------------------------------------------------------------------------


def _clean_lines(action: Action, lines: Sequence[LineEntry]) -> list[LineEntry]:
    if not lines:
        raise InvalidInput(
            "Add at least one line: a fee, an amount owed or City expenses.", field="lines"
        )
    cleaned = []
    accounts = gl_accounts.chart(action.session)
    for line in lines:
        description = " ".join(line.description.split())
        if not description:
            raise InvalidInput("Each line needs a description.", field="lines")
        if not line.gl_account.strip():
            raise InvalidInput(f"The line {description!r} has no GL account.", field="lines")
        fits(ReceiptLine.description, description, "A line's description", field="lines")
        fits(ReceiptLine.reference, line.reference.strip(), "A reference", field="lines")
        fits(ReceiptLine.gl_account, line.gl_account.strip(), "A GL account", field="lines")
        if line.amount_due_id is None or line.gl_account.strip() != _due_account(action, line):
            # A line paying an amount due may post where the amount was billed, even to an
            # account the City has since dropped from its schedule.
            gl_accounts.refuse_unknown(
                accounts, line.gl_account.strip(), f"The line {description!r}", field="lines"
            )
        fits(ReceiptLine.note, line.note.strip(), "A line's note", field="lines")
        cleaned.append(
            LineEntry(
                description,
                line.amount,
                line.gl_account.strip(),
                line.fee_item_id,
                line.amount_due_id,
                line.reference.strip(),
                line.note.strip(),
            )
        )
    return cleaned


def _due_account(action: Action, line: LineEntry) -> str:
    due = ledger.get_due(action.session, line.amount_due_id or 0)
    return due.gl_account or (due.fee_item.gl_account if due.fee_item else "")


def _payer(action: Action, payer_id: int | None, payer_name: str) -> tuple[int | None, str, str]:
    if payer_id is not None:
        party = action.session.get(Party, payer_id)
        if party is None:
            raise NotFound(f"There is no party number {payer_id}.")
        return party.id, party.name, party.mailing_address
    name = " ".join(payer_name.split())
    if not name:
        raise InvalidInput("Choose the payer, or type the name of a walk-in payer.", field="payer")
    fits(Receipt.payer_name, name, "The payer's name", field="payer")
    return None, name, ""


def take_payment(
    action: Action,
    *,
    station: str,
    payer_id: int | None,
    payer_name: str = "",
    lines: Sequence[LineEntry],
    tenders: Sequence[TenderEntry],
    note: str = "",
) -> Receipt:
    """Write one receipt: number, lines, tenders, and the amounts due it pays, all or nothing."""
    action.require(Permission.TAKE_PAYMENT)
    drawer = _lock_open_drawer(action.session, _clean_station(station))
    if drawer is None:
        raise Conflict(f"Open the cash drawer of {station} first (its starting cash).")
    _refuse_stale_drawer(action, drawer)
    clean = _clean_lines(action, lines)
    payer = _payer(action, payer_id, payer_name)
    fits(Receipt.note, note.strip(), "The note", field="note")
    for index, tender in enumerate(tenders):
        if choice(TenderKind, tender.kind, "The tender kind", field=f"tender_{index}_kind") is (
            TenderKind.CITY_CHECK
        ):
            raise InvalidInput(
                "A City check pays a refund back; it cannot pay the City.",
                field=f"tender_{index}_kind",
            )
    _check_fee_lines(action, clean)
    totals = check_sale(clean, tenders)
    if totals.problems:
        raise totals.problems[0]
    # Locked now, in the order of their numbers, and read afresh: another station may be paying,
    # voiding or cancelling the same amounts (ledger.lock_due).
    dues = ledger.lock_dues(action.session, (line.amount_due_id for line in clean))
    for line in clean:
        if line.amount_due_id is not None:
            due = dues[line.amount_due_id]
            if due.status != DueStatus.OPEN:
                raise Conflict(ledger.not_payable(due))
            if line.amount > due.balance:
                raise InvalidInput(
                    f"{line.amount} is more than the {due.balance} still owed for "
                    f"{due.description}.",
                    field="lines",
                )
    return _write(
        action, drawer, ReceiptKind.PAYMENT, payer, clean, tenders, totals.change, note=note.strip()
    )


def _refuse_stale_drawer(action: Action, drawer: Drawer) -> None:
    """Money is taken only into today's drawer: one left open from an earlier day (City Hall's
    local date) is closed out first, so that each day's deposit holds that day's money."""
    opened = _local(drawer.opened_at, action.clock.local_now().tzinfo).date()
    if opened < action.today():
        raise Conflict(
            f"The drawer of {drawer.station} was opened {format_day(opened)} and not closed "
            "out: close it out first, then open today's drawer."
        )


def _check_fee_lines(action: Action, lines: Sequence[LineEntry]) -> None:
    """A line of the fee schedule carries the fee in force today (or a whole multiple of it,
    e.g. the doubled fee) and posts to the fee's GL account. A line paying an amount due is
    held to that amount instead."""
    day = action.today()
    for line in lines:
        if line.fee_item_id is None or line.amount_due_id is not None:
            continue
        item = action.session.get(FeeItem, line.fee_item_id)
        if item is None or not (
            item.effective_from <= day and (item.effective_to is None or item.effective_to >= day)
        ):
            raise InvalidInput(
                f"The line {line.description!r} names a fee that is not in the fee schedule "
                f"on {format_day(day)}: add it again from the schedule.",
                field="lines",
                cite=FEE_CITE,
            )
        cents = item.amount.cents
        if cents <= 0 or line.amount.cents % cents != 0:
            raise InvalidInput(
                f"The line {line.description!r} is {line.amount}, but the fee schedule sets "
                f"{item.code} at {item.amount} on {format_day(day)} ({FEE_CITE}: fees as "
                "prescribed in the City's fee schedule).",
                field="lines",
                cite=FEE_CITE,
            )
        if line.gl_account != item.gl_account:
            raise InvalidInput(
                f"The line {line.description!r} posts to {line.gl_account}, but the fee "
                f"schedule posts {item.code} to {item.gl_account} ({FEE_CITE}).",
                field="lines",
                cite=FEE_CITE,
            )


def _write(
    action: Action,
    drawer: Drawer,
    kind: ReceiptKind,
    payer: tuple[int | None, str, str],
    lines: Sequence[LineEntry],
    tenders: Sequence[TenderEntry],
    change: Money,
    *,
    sign: int = 1,
    note: str = "",
    corrects: Receipt | None = None,
) -> Receipt:
    settings = receipt_settings(action.session)
    year = action.clock.local_now().year
    receipt = Receipt(
        number=_pending_number(),
        year=year,
        sequence=-1 - secrets.randbelow(2**31 - 1),
        kind=kind,
        status=ReceiptStatus.ISSUED,
        drawer_id=drawer.id,
        issued_at=action.now(),
        operator_id=action.operator.id or None,
        operator_name=action.operator.full_name,
        payer_id=payer[0],
        payer_name=payer[1],
        total=sum((line.amount for line in lines), Money.zero()) * sign,
        change=change,
        corrects_id=corrects.id if corrects else None,
        note=note,
        prints=0,
    )
    for position, line in enumerate(lines, start=1):
        receipt.lines.append(
            ReceiptLine(
                position=position,
                description=line.description,
                amount=line.amount * sign,
                gl_account=line.gl_account,
                fee_item_id=line.fee_item_id,
                amount_due_id=line.amount_due_id,
                reference=line.reference,
                note=line.note,
            )
        )
    remaining_change = change
    for position, tender in reversed(list(enumerate(tenders, start=1))):
        paid = tender.amount
        if tender.kind == TenderKind.CASH and remaining_change > Money.zero():
            given = min(remaining_change, paid)
            paid, remaining_change = paid - given, remaining_change - given
        receipt.tenders.append(
            Tender(
                position=position,
                kind=TenderKind(tender.kind),
                amount=paid * sign,
                tendered=tender.amount * sign,
                check_number=tender.check_number.strip(),
                name_on_check=" ".join(tender.name_on_check.split()),
                card_last4=tender.card_last4.strip(),
                card_authorization=tender.card_authorization.strip().upper(),
                money_order_number=tender.money_order_number.strip(),
            )
        )
    receipt.tenders.sort(key=lambda t: t.position)
    references = [line.reference for line in lines]
    by_due = _paid_per_due(lines)
    if sign < 0:
        # A refund on a charge certified to the tax roll writes the refund's number into the
        # supplemental charge it opens, so a refund (rare, after close-out) numbers first.
        _number(action, receipt, settings, references)
        action.session.add(receipt)
        for due_id, amount in by_due.items():
            ledger.reverse_payment(
                action, due_id, amount, receipt=receipt, reference=receipt.number
            )
    else:
        action.session.add(receipt)
        action.session.flush()  # the receipt, its lines and tenders, before the number is taken
        # What each amount due has paid is read back from the receipts, these lines included.
        payments = [
            ledger.pay(action, due_id, amount, receipt=receipt) for due_id, amount in by_due.items()
        ]
        _number(action, receipt, settings, references)
        for payment in payments:
            ledger.record(action, payment, reference=receipt.number)
    action.audit(
        f"receipt.{kind.value}",
        receipt,
        f"Receipt {receipt.number}: {receipt.total} from {receipt.payer_name}",
        after={
            "number": receipt.number,
            "total": str(receipt.total.amount),
            "lines": len(lines),
            "tenders": len(tenders),
        },
    )
    return receipt


#: How an unnumbered receipt is written until its number is taken, a moment later in the same
#: transaction: no other station ever sees it (it is not committed), and no receipt is ever
#: committed so. A random placeholder, so that two stations' unnumbered receipts never meet in
#: the unique indexes of the number and of the year's sequence (real sequences start at 1).
_PENDING = "unnumbered "
# Letters only: sixteen random hex digits in a row were, now and then, a valid card number,
# which the stored-text check refuses (clerk_desk/card_numbers.py), failing the sale.
_NO_DIGITS = str.maketrans("0123456789", "ghijklmnop")


def _pending_number() -> str:
    """A placeholder no other save can meet, with no digit in it."""
    return _PENDING + secrets.token_hex(8).translate(_NO_DIGITS)


def _paid_per_due(lines: Sequence[LineEntry | ReceiptLine]) -> dict[int, Money]:
    """What the lines pay on each amount due, in the order of their numbers (the lock order):
    two lines on one amount are one payment, checked and recorded once."""
    paid: dict[int, Money] = {}
    for line in lines:
        if line.amount_due_id is not None:
            paid[line.amount_due_id] = paid.get(line.amount_due_id, Money.zero()) + line.amount
    return dict(sorted(paid.items()))


def _number(
    action: Action, receipt: Receipt, settings: ReceiptSettings, references: Sequence[str]
) -> None:
    """Give ``receipt`` its number: the series' next, taken now.

    Taking the number locks the series until the commit, and every other station's receipt
    waits for that lock; so it is the receipt's last write, after the lines, tenders and
    amounts due and just before the audit trail is appended (:mod:`clerk_desk.numbering`)."""
    sequence = take_number(action, SERIES, year=receipt.year)
    receipt.sequence = sequence
    receipt.number = settings.format_number(receipt.year, sequence)
    receipt.search_text = search_text_for(receipt.number, receipt.payer_name, references)


def get_receipt(session: Session, receipt_id: int, *, lock: bool = False) -> Receipt:
    receipt = (
        session.get(Receipt, receipt_id, with_for_update=True, populate_existing=True)
        if lock
        else session.get(Receipt, receipt_id)
    )
    if receipt is None:
        raise NotFound(f"There is no receipt number {receipt_id}.")
    return receipt


def find_receipt(session: Session, number: str) -> Receipt:
    receipt = session.scalars(select(Receipt).where(Receipt.number == number.strip())).first()
    if receipt is None:
        raise NotFound(f"There is no receipt {number.strip()}.")
    return receipt


# -- voids and corrections ----------------------------------------------------------------------


def void_receipt(action: Action, receipt_id: int, *, reason: str) -> Receipt:
    """Void a receipt while its drawer is open; what it paid becomes due again."""
    action.require(Permission.VOID_RECEIPT)
    if not reason.strip():
        raise InvalidInput("Say why the receipt is voided.", field="reason")
    fits(Receipt.void_reason, reason.strip(), "The reason", field="reason")
    receipt = get_receipt(action.session, receipt_id, lock=True)
    if receipt.status == ReceiptStatus.VOID:
        raise Conflict(f"Receipt {receipt.number} is already void.")
    drawer = get_drawer(action.session, receipt.drawer_id, lock=True)
    if drawer.status != DrawerStatus.OPEN:
        raise Conflict(
            f"Receipt {receipt.number} is in a drawer that was closed out; it cannot be voided. "
            "Write a refund or adjustment receipt that refers to it instead.",
            cite=FEE_CITE,
        )
    receipt.status = ReceiptStatus.VOID
    receipt.voided_at = action.now()
    receipt.voided_by_id = action.operator.id or None
    receipt.void_reason = reason.strip()
    sign = 1 if receipt.total >= Money.zero() else -1
    ledger.lock_dues(action.session, (line.amount_due_id for line in receipt.lines))
    for due_id, amount in _paid_per_due(receipt.lines).items():
        if sign > 0:
            ledger.reverse_payment(
                action, due_id, amount, receipt=receipt, reference=f"void of {receipt.number}"
            )
        else:
            ledger.apply_payment(
                action, due_id, -amount, receipt=receipt, reference=f"void of {receipt.number}"
            )
    action.audit(
        "receipt.void",
        receipt,
        f"Receipt {receipt.number} voided: {reason.strip()}",
        before={"status": "issued"},
        after={"status": "void", "reason": reason.strip()},
    )
    return receipt


def refund(
    action: Action,
    original_id: int,
    *,
    station: str,
    lines: Sequence[LineEntry],
    tenders: Sequence[TenderEntry],
    reason: str,
) -> Receipt:
    """Pay money back for a receipt whose drawer is closed: a new receipt that names it.

    ``lines`` and ``tenders`` are entered as positive amounts (what is refunded, how it is paid
    back); the refund receipt stores them as negative amounts, so registers and GL totals net.
    An amount due refunded is cancelled — except a special charge's, which is owed again (on a
    supplemental charge when it was certified to the tax roll), in the same transaction
    (:func:`clerk_desk.special_charges.service.refunded`).
    """
    action.require(Permission.VOID_RECEIPT)
    original, drawer = _correction_target(action, original_id, station, reason)
    clean = _clean_lines(action, lines)
    for index, tender in enumerate(tenders):
        kind = choice(TenderKind, tender.kind, "The tender kind", field=f"tender_{index}_kind")
        if kind not in (TenderKind.CASH, TenderKind.CITY_CHECK):
            raise InvalidInput(
                "A refund is paid back in cash from the drawer or by a City check.",
                field=f"tender_{index}_kind",
            )
    total = sum((line.amount for line in clean), Money.zero())
    refunded_before = -sum(
        (
            r.total
            for r in action.session.scalars(
                select(Receipt).where(
                    Receipt.corrects_id == original.id,
                    Receipt.kind == ReceiptKind.REFUND,
                    Receipt.status == ReceiptStatus.ISSUED,
                )
            )
        ),
        Money.zero(),
    )
    if total > original.total - refunded_before:
        raise InvalidInput(
            f"Receipt {original.number} was for {original.total}"
            + (f", of which {refunded_before} was refunded already" if refunded_before else "")
            + f"; {total} cannot be refunded.",
            field="lines",
        )
    _match_refund_lines(action.session, original, clean)
    totals = check_sale(clean, tenders)
    if totals.problems:
        raise totals.problems[0]
    if totals.change != Money.zero():
        raise InvalidInput("A refund is paid back exactly; there is no change.", field="tenders")
    due_ids = list(dict.fromkeys(ln.amount_due_id for ln in clean if ln.amount_due_id is not None))
    dues = ledger.lock_dues(action.session, due_ids)
    # A special charge's payment refunded is owed again (special_charges.refunded): a refund
    # returns money, cancelling the charge is its own act. Any other amount due refunded is
    # cancelled, not owed again: that takes the right to cancel.
    charges = {due_id for due_id in due_ids if dues[due_id].kind == DueKind.SPECIAL_CHARGE}
    if set(due_ids) - charges:
        action.require(Permission.CANCEL_DUE)
    for due_id in due_ids:
        due = dues[due_id]
        paid_here = sum(
            (ln.amount for ln in original.lines if ln.amount_due_id == due_id), Money.zero()
        )
        refunding = sum((ln.amount for ln in clean if ln.amount_due_id == due_id), Money.zero())
        if refunding != paid_here:
            then = "puts it back on the charge" if due_id in charges else "cancels the amount due"
            raise InvalidInput(
                f"Receipt {original.number} paid {paid_here} on {due.description}: a refund of "
                f"it pays back all of that and {then}, so refund {paid_here}, not {refunding}.",
                field="lines",
            )
        if due_id in charges:
            if due.status == DueStatus.CANCELLED or due.paid < paid_here:
                raise Conflict(
                    f"{due.description} is {DueStatus(due.status).value} and has "
                    f"{due.paid} paid on it: {paid_here} cannot be refunded on it."
                )
        elif due.status != DueStatus.PAID or due.paid != paid_here:
            raise Conflict(
                f"{due.description} was also paid on another receipt, or is "
                f"{DueStatus(due.status).value}: it cannot be cancelled by this refund alone."
            )
    payer = (original.payer_id, original.payer_name, "")
    receipt = _write(
        action,
        drawer,
        ReceiptKind.REFUND,
        payer,
        clean,
        tenders,
        Money.zero(),
        sign=-1,
        note=reason.strip(),
        corrects=original,
    )
    for due_id in due_ids:
        if due_id in charges:
            from clerk_desk.special_charges import service as special_charges

            refunded = sum((ln.amount for ln in clean if ln.amount_due_id == due_id), Money.zero())
            special_charges.refunded(
                action, due_id, refunded, receipt_number=receipt.number, reason=reason.strip()
            )
            continue
        # Only a void makes an amount due owed again; a refund closes it for good.
        ledger.cancel(
            action, due_id, reason=f"Refunded on receipt {receipt.number}: {reason.strip()}"
        )
    return receipt


def _corrections_of(session: Session, original: Receipt, kind: ReceiptKind) -> list[Receipt]:
    return list(
        session.scalars(
            select(Receipt)
            .where(
                Receipt.corrects_id == original.id,
                Receipt.kind == kind,
                Receipt.status == ReceiptStatus.ISSUED,
            )
            .options(selectinload(Receipt.lines))
            .order_by(Receipt.id)
        )
    )


def _match_refund_lines(session: Session, original: Receipt, lines: Sequence[LineEntry]) -> None:
    """Each refund line pays back a line of the original: the same amount due (or none), GL
    account and fee item, and no more than that line received less what was refunded of it."""

    def key(line: LineEntry | ReceiptLine) -> tuple[int | None, str, int | None]:
        return (line.amount_due_id, line.gl_account, line.fee_item_id)

    received: dict[tuple[int | None, str, int | None], Money] = {}
    for row in original.lines:
        received[key(row)] = received.get(key(row), Money.zero()) + row.amount
    left = dict(received)
    for earlier in _corrections_of(session, original, ReceiptKind.REFUND):
        for row in earlier.lines:
            if key(row) in left:
                left[key(row)] = left[key(row)] - abs(row.amount)
    asked: dict[tuple[int | None, str, int | None], Money] = {}
    for line in lines:
        k = key(line)
        if k not in received:
            raise InvalidInput(
                f"The refund line {line.description!r} ({line.gl_account}) matches no line of "
                f"receipt {original.number}: refund a line it received, on the same account, "
                "fee and amount due.",
                field="lines",
            )
        asked[k] = asked.get(k, Money.zero()) + line.amount
        if asked[k] > left[k]:
            already = received[k] - left[k]
            raise InvalidInput(
                f"The refund line {line.description!r} ({line.gl_account}) asks {asked[k]}, but "
                f"receipt {original.number} received {received[k]} on that line"
                + (f", of which {already} was refunded already" if already else "")
                + ".",
                field="lines",
            )


def adjust(
    action: Action, original_id: int, *, station: str, lines: Sequence[LineEntry], reason: str
) -> Receipt:
    """Correct how a closed-out receipt was posted (GL account, record) with no money moving.

    The adjustment's lines are signed and must sum to $0.00: take the amount off the wrong
    account with a negative line and put it on the right one with a positive line.
    """
    action.require(Permission.VOID_RECEIPT)
    original, drawer = _correction_target(action, original_id, station, reason)
    if not lines or sum((line.amount for line in lines), Money.zero()) != Money.zero():
        raise InvalidInput(
            "An adjustment's lines must add up to $0.00 (money does not move).", field="lines"
        )
    if any(line.amount_due_id is not None for line in lines):
        raise InvalidInput(
            "An adjustment moves postings only; refund or bill amounts due.", field="lines"
        )
    cleaned = [
        LineEntry(
            " ".join(line.description.split()),
            line.amount,
            line.gl_account.strip(),
            line.fee_item_id,
            None,
            line.reference.strip(),
            line.note.strip(),
        )
        for line in lines
    ]
    for line in cleaned:
        fits(ReceiptLine.note, line.note, "A line's note", field="lines")
        if not line.description or not line.gl_account:
            raise InvalidInput("Each line needs a description and a GL account.", field="lines")
        fits(ReceiptLine.description, line.description, "A line's description", field="lines")
        fits(ReceiptLine.gl_account, line.gl_account, "A GL account", field="lines")
        fits(ReceiptLine.reference, line.reference, "A reference", field="lines")
        if line.amount == Money.zero():
            raise InvalidInput("A line of $0.00 posts nothing.", field="lines")
    _check_adjustment_limits(action.session, original, cleaned)
    payer = (original.payer_id, original.payer_name, "")
    return _write(
        action,
        drawer,
        ReceiptKind.ADJUSTMENT,
        payer,
        cleaned,
        (),
        Money.zero(),
        note=reason.strip(),
        corrects=original,
    )


def _check_adjustment_limits(
    session: Session, original: Receipt, lines: Sequence[LineEntry]
) -> None:
    """An adjustment takes off an account at most what the original left posted there (after
    earlier refunds and adjustments), and puts it only on an account of the fee schedule or the
    City expenses account."""
    posted: dict[str, Money] = {}
    rows = [*original.lines]
    for kind in (ReceiptKind.REFUND, ReceiptKind.ADJUSTMENT):
        for earlier in _corrections_of(session, original, kind):
            rows.extend(earlier.lines)
    for row in rows:
        posted[row.gl_account] = posted.get(row.gl_account, Money.zero()) + row.amount
    accounts = gl_accounts.chart(session)
    taken: dict[str, Money] = {}
    for line in lines:
        if line.amount < Money.zero():
            gl = line.gl_account
            taken[gl] = taken.get(gl, Money.zero()) - line.amount
            there = posted.get(gl, Money.zero())
            if taken[gl] > there:
                raise InvalidInput(
                    f"The line {line.description!r} takes {taken[gl]} off {gl}, but receipt "
                    f"{original.number} has only {max(there, Money.zero())} posted there.",
                    field="lines",
                )
        elif line.gl_account not in accounts:
            raise InvalidInput(
                f"The line {line.description!r} moves money to {line.gl_account}, which is not "
                "an account of the fee schedule, the City expenses account or the special "
                "charges account.",
                field="lines",
            )


def _correction_target(
    action: Action, original_id: int, station: str, reason: str
) -> tuple[Receipt, Drawer]:
    if not reason.strip():
        raise InvalidInput("Say why the receipt is corrected.", field="reason")
    fits(Receipt.note, reason.strip(), "The reason", field="reason")
    original = get_receipt(action.session, original_id)
    if original.status == ReceiptStatus.VOID:
        raise Conflict(f"Receipt {original.number} is void; there is nothing to correct.")
    if original.kind != ReceiptKind.PAYMENT:
        raise Conflict(f"Receipt {original.number} is itself a correction; correct the payment.")
    if get_drawer(action.session, original.drawer_id).status == DrawerStatus.OPEN:
        raise Conflict(f"Receipt {original.number}'s drawer is still open: void it instead.")
    drawer = _lock_open_drawer(action.session, _clean_station(station))
    if drawer is None:
        raise Conflict(f"Open the cash drawer of {station} first.")
    _refuse_stale_drawer(action, drawer)
    return original, drawer


# -- printing -----------------------------------------------------------------------------------


def mark_printed(action: Action, receipt_id: int) -> bool:
    """Count a print; True when this print is a duplicate (it was printed before)."""
    receipt = get_receipt(action.session, receipt_id)
    duplicate = receipt.prints > 0
    if duplicate:
        action.require(Permission.REPRINT_RECEIPT)
    receipt.prints += 1
    if duplicate:
        action.audit(
            "receipt.reprint",
            receipt,
            f"Receipt {receipt.number} printed again (DUPLICATE, print {receipt.prints})",
        )
    return duplicate


# -- reading ------------------------------------------------------------------------------------


def _local(moment: datetime, zone: tzinfo | None) -> datetime:
    return moment.astimezone(zone or city_zone()).replace(tzinfo=None)


def _start_of(day: date, zone: tzinfo) -> datetime:
    return datetime.combine(day, time(), zone)


def _tender_label(tender: Tender) -> str:
    kind = TenderKind(tender.kind)
    if kind is TenderKind.CHECK:
        name = f" ({tender.name_on_check})" if tender.name_on_check else ""
        return f"Check {tender.check_number}{name}"
    if kind is TenderKind.CARD:
        return f"Card ending {tender.card_last4}, auth {tender.card_authorization}"
    if kind is TenderKind.MONEY_ORDER:
        number = f" {tender.money_order_number}" if tender.money_order_number else ""
        return f"Money order{number}"
    if kind is TenderKind.CITY_CHECK:
        number = f" {tender.check_number}" if tender.check_number else ""
        return f"City check{number}"
    return "Cash"


def _records_paid(session: Session, receipt: Receipt) -> tuple[str, ...]:
    ids = [line.amount_due_id for line in receipt.lines if line.amount_due_id is not None]
    if not ids:
        return ()
    out = []
    for due in session.scalars(select(AmountDue).where(AmountDue.id.in_(ids))):
        state = (
            "paid in full"
            if due.status == DueStatus.PAID
            else f"balance {due.balance}"
            if due.status == DueStatus.OPEN
            else DueStatus(due.status).value
        )
        out.append(f"{due.description} ({due.record_type} {due.record_id}): {state}")
    return tuple(out)


def receipt_view(session: Session, receipt_id: int, *, tz: tzinfo | None = None) -> ReceiptView:
    """Everything a printed receipt shows."""
    receipt = get_receipt(session, receipt_id)
    payer = session.get(Party, receipt.payer_id) if receipt.payer_id else None
    corrects = session.get(Receipt, receipt.corrects_id) if receipt.corrects_id else None
    drawer = session.get(Drawer, receipt.drawer_id)
    return ReceiptView(
        number=receipt.number,
        kind=str(receipt.kind),
        status=str(receipt.status),
        issued_at=_local(receipt.issued_at, tz),
        operator_name=receipt.operator_name,
        station=drawer.station if drawer else "",
        payer_name=receipt.payer_name,
        payer_address=payer.mailing_address if payer else "",
        lines=tuple(
            LineView(line.description, line.gl_account, line.reference, line.amount, line.note)
            for line in receipt.lines
        ),
        tenders=tuple(
            TenderView(str(t.kind), _tender_label(t), t.amount, t.tendered) for t in receipt.tenders
        ),
        total=receipt.total,
        change=receipt.change,
        records_paid=_records_paid(session, receipt),
        corrects_number=corrects.number if corrects else None,
        note=receipt.note,
        prints=receipt.prints,
        voided_at=_local(receipt.voided_at, tz) if receipt.voided_at else None,
        voided_by=_name_of(session, receipt.voided_by_id),
        void_reason=receipt.void_reason,
    )


_AMOUNT = re.compile(r"^\$?\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\$?\d+(\.\d{1,2})?$")


def search_text_for(number: str, payer_name: str, references: Sequence[str]) -> str:
    """What a receipt is found by, folded once when it is written: its number, the payer and
    the references of its lines (one column to scan keeps search-as-you-type quick)."""
    return fold(" ".join((number, payer_name, *references)))


def _search_query(text: str, since: date | None, until: date | None, zone: tzinfo) -> Select[Any]:
    query = select(Receipt)
    if since is not None:
        query = query.where(Receipt.issued_at >= _start_of(since, zone))
    if until is not None:
        query = query.where(Receipt.issued_at < _start_of(until + timedelta(days=1), zone))
    for word in text.split():
        choices = [Receipt.search_text.contains(fold(word), autoescape=True)]
        if _AMOUNT.match(word):
            # Too large to be an amount: a long check or permit number, matched as text.
            with contextlib.suppress(InvalidInput):
                choices.append(Receipt.total == Money.parse(word))
        query = query.where(or_(*choices))
    return query


def _rows(session: Session, receipts: Sequence[Receipt], zone: tzinfo) -> list[ReceiptRow]:
    ids = [r.id for r in receipts]
    tender_kinds: dict[int, list[str]] = {}
    references: dict[int, list[str]] = {}
    stations = (
        dict(
            session.execute(
                select(Drawer.id, Drawer.station).where(
                    Drawer.id.in_({r.drawer_id for r in receipts})
                )
            ).all()
        )
        if receipts
        else {}
    )
    if ids:
        for receipt_id, kind in session.execute(
            select(Tender.receipt_id, Tender.kind)
            .where(Tender.receipt_id.in_(ids))
            .order_by(Tender.receipt_id, Tender.position)
        ):
            label = TenderKind(kind).label
            if label not in tender_kinds.setdefault(receipt_id, []):
                tender_kinds[receipt_id].append(label)
        for receipt_id, reference in session.execute(
            select(ReceiptLine.receipt_id, ReceiptLine.reference)
            .where(ReceiptLine.receipt_id.in_(ids), ReceiptLine.reference != "")
            .order_by(ReceiptLine.receipt_id, ReceiptLine.position)
        ):
            references.setdefault(receipt_id, []).append(reference)
    return [
        ReceiptRow(
            id=r.id,
            number=r.number,
            issued_at=_local(r.issued_at, zone),
            payer_name=r.payer_name,
            total=r.total,
            kind=str(r.kind),
            status=str(r.status),
            tender_kinds=", ".join(tender_kinds.get(r.id, [])),
            references=", ".join(references.get(r.id, [])),
            operator_name=r.operator_name,
            station=stations.get(r.drawer_id, ""),
        )
        for r in receipts
    ]


def search_receipts(
    session: Session,
    text: str = "",
    *,
    since: date | None = None,
    until: date | None = None,
    limit: int = 200,
    tz: tzinfo | None = None,
) -> list[ReceiptRow]:
    """Receipts matching every word typed (number, payer, reference, or an exact amount),
    within the days given, newest first."""
    zone = tz or city_zone()
    query = _search_query(text, since, until, zone)
    receipts = list(
        session.scalars(query.order_by(Receipt.issued_at.desc(), Receipt.id.desc()).limit(limit))
    )
    return _rows(session, receipts, zone)


def register_rows(
    session: Session, period: Period, *, tz: tzinfo | None = None
) -> list[ReceiptRow]:
    """Every receipt of the period, in number order (the daily register)."""
    zone = tz or city_zone()
    receipts = list(
        session.scalars(
            _search_query("", period.since, period.until, zone).order_by(
                Receipt.issued_at, Receipt.id
            )
        )
    )
    return _rows(session, receipts, zone)


def register_line_rows(
    session: Session, period: Period, *, tz: tzinfo | None = None
) -> Iterator[tuple[object, ...]]:
    """One row per receipt line for the Excel export, in the order of
    ``reports.receipts_reports.LINE_COLUMNS``: receipt, date and time, payer, status,
    description, reference, GL account, amount, tenders."""
    zone = tz or city_zone()
    start, end = _start_of(period.since, zone), _start_of(period.until + timedelta(days=1), zone)
    tender_kinds: dict[int, list[str]] = {}
    for receipt_id, kind in session.execute(
        select(Tender.receipt_id, Tender.kind)
        .join(Receipt)
        .where(Receipt.issued_at >= start, Receipt.issued_at < end)
        .order_by(Tender.receipt_id, Tender.position)
    ):
        label = TenderKind(kind).label
        kinds = tender_kinds.setdefault(receipt_id, [])
        if label not in kinds:
            kinds.append(label)
    joined = ", ".join
    rows = session.execute(
        select(
            Receipt.id,
            Receipt.number,
            Receipt.issued_at,
            Receipt.payer_name,
            Receipt.status,
            ReceiptLine.description,
            ReceiptLine.reference,
            ReceiptLine.gl_account,
            ReceiptLine.amount,
        )
        .join(ReceiptLine, ReceiptLine.receipt_id == Receipt.id)
        .where(Receipt.issued_at >= start, Receipt.issued_at < end)
        .order_by(Receipt.issued_at, Receipt.id, ReceiptLine.position)
        .execution_options(yield_per=5000)
    )
    for rid, number, issued, payer, status, description, reference, gl, amount in rows:
        yield (
            number,
            _local(issued, zone),
            payer,
            str(status).capitalize(),
            description,
            reference,
            gl,
            amount,
            joined(tender_kinds.get(rid, [])),
        )


def gl_distribution(
    session: Session,
    period: Period | None = None,
    *,
    drawer_id: int | None = None,
    tz: tzinfo | None = None,
) -> list[GlTotal]:
    """Totals by GL account of issued receipts (voids left out), for days or one drawer."""
    zone = tz or city_zone()
    query = (
        select(ReceiptLine.gl_account, func.count(), func.sum(ReceiptLine.amount))
        .join(Receipt)
        .where(Receipt.status == ReceiptStatus.ISSUED)
        .group_by(ReceiptLine.gl_account)
        .order_by(ReceiptLine.gl_account)
    )
    if period is not None:
        query = query.where(
            Receipt.issued_at >= _start_of(period.since, zone),
            Receipt.issued_at < _start_of(period.until + timedelta(days=1), zone),
        )
    if drawer_id is not None:
        query = query.where(Receipt.drawer_id == drawer_id)
    names: dict[str, set[str]] = {}
    for gl, description in session.execute(select(FeeItem.gl_account, FeeItem.description)):
        names.setdefault(gl, set()).add(description)
    expenses = receipt_settings(session).expenses_gl
    names.setdefault(expenses, set()).add("Actual City expenses")
    return [
        GlTotal(
            gl,
            next(iter(names[gl])) if len(names.get(gl, ())) == 1 else "",
            int(count),
            total or Money.zero(),
        )
        for gl, count, total in session.execute(query)
    ]


@provider("drawers")
def _drawers_left_open(action: Action) -> list[TodayItem]:
    """A drawer still open from an earlier day should have been closed out that evening."""
    today = action.today()
    zone = action.clock.local_now().tzinfo
    items = []
    for drawer in action.session.scalars(
        select(Drawer).where(
            Drawer.status == DrawerStatus.OPEN,
            Drawer.opened_at < _start_of(today, zone or city_zone()),
        )
    ):
        opened = _local(drawer.opened_at, zone).date()
        items.append(
            TodayItem(
                workflow="Receipts",
                due=opened,
                title=f"Close out the drawer of {drawer.station}",
                detail=f"Opened {format_day(opened)} and not yet closed: count it and deposit.",
                cite=FEE_CITE,
                record_type="drawer",
                record_id=str(drawer.id),
            )
        )
    return items


def receipts_for(session: Session, *, payer_id: int) -> list[Receipt]:
    return list(
        session.scalars(
            select(Receipt)
            .where(Receipt.payer_id == payer_id)
            .options(selectinload(Receipt.lines))
            .order_by(Receipt.issued_at.desc())
        )
    )
