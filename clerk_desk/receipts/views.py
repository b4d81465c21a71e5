"""Plain data about receipts and drawers, as printed and exported (no database objects).

The core fills these (:mod:`clerk_desk.receipts.service`); the reports print them and the window
shows them, so neither needs a session. Times are local to City Hall.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any

from sqlalchemy import ColumnElement, Row, Select, func, or_, select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import ledger, naming, parties, text_search
from clerk_desk.clock import city_zone
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput, NotFound
from clerk_desk.fees import fee_on, find_fees
from clerk_desk.kinds import (
    DrawerStatus,
    DueStatus,
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
from clerk_desk.receipts.rules import DENOMINATIONS, LineEntry
from clerk_desk.receipts.settings import ReceiptSettings, receipt_settings
from clerk_desk.settings import CityProfile
from clerk_desk.settings_store import city_profile
from clerk_desk.text_search import only_short_words, words_match
from clerk_desk.validation import max_length
from clerk_desk.words import format_day

SEARCH_LIMIT = 200
"""How many receipts a search of the register shows at most, newest first."""

SEARCH_TIP = (
    "Words of one or two letters alone look in the newest "
    f"{text_search.RECENT:,} receipts of the dates chosen; "
    "type a third letter to search them all."
)
"""What the register's search field says of a short word (:func:`search_receipts`)."""


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
class SavedReceipt:
    """A receipt just written, as its service returns it: the id to read it back by and the
    number, total and change the clerk is told (the window never holds the record itself)."""

    id: int
    number: str
    total: Money
    change: Money


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


def current_drawer(session: Session, station: str) -> Drawer | None:
    """The open drawer of ``station``, if any."""
    return session.scalars(
        select(Drawer).where(Drawer.station == station, Drawer.status == DrawerStatus.OPEN)
    ).first()


def expected_money(session: Session, drawer: Drawer) -> dict[TenderKind, Money]:
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
        expected_money(session, drawer)
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
        opened_at=local_time(drawer.opened_at, zone),
        opened_by=_name_of(session, drawer.opened_by_id),
        opening_cash=drawer.opening_cash,
        receipts=int(counts.get(ReceiptStatus.ISSUED, 0)),
        voided=int(counts.get(ReceiptStatus.VOID, 0)),
        expected_cash=expected[TenderKind.CASH],
        expected_checks=expected[TenderKind.CHECK],
        expected_cards=expected[TenderKind.CARD],
        expected_money_orders=expected[TenderKind.MONEY_ORDER],
        checks=_checks_received(session, drawer),
        closed_at=local_time(drawer.closed_at, zone) if drawer.closed_at else None,
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
        query = query.where(Drawer.opened_at >= start_of_day(since, city_zone()))
    return list(session.scalars(query))


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


def local_time(moment: datetime, zone: tzinfo | None) -> datetime:
    return moment.astimezone(zone or city_zone()).replace(tzinfo=None)


def start_of_day(day: date, zone: tzinfo) -> datetime:
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
    dues = session.scalars(select(AmountDue).where(AmountDue.id.in_(ids))).all()
    names = naming.name_records(session, [(d.record_type, d.record_id) for d in dues])
    for due in dues:
        state = (
            "paid in full"
            if due.status == DueStatus.PAID
            else f"balance {due.balance}"
            if due.status == DueStatus.OPEN
            else "certified to the tax roll"
            if due.status == DueStatus.CERTIFIED
            else "cancelled"
        )
        out.append(f"{due.description} ({names[(due.record_type, due.record_id)]}): {state}")
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
        issued_at=local_time(receipt.issued_at, tz),
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
        voided_at=local_time(receipt.voided_at, tz) if receipt.voided_at else None,
        voided_by=_name_of(session, receipt.voided_by_id),
        void_reason=receipt.void_reason,
    )


_AMOUNT = re.compile(r"^\$?\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\$?\d+(\.\d{1,2})?$")


_ROW_COLUMNS = (
    Receipt.id,
    Receipt.number,
    Receipt.issued_at,
    Receipt.payer_name,
    Receipt.total,
    Receipt.kind,
    Receipt.status,
    Receipt.operator_name,
    Receipt.drawer_id,
)
"""What a register row shows of the receipt itself: read as columns, not as records, which the
session would track (200 records cost as much as the search that found them)."""


def _search_query(
    session: Session, text: str, since: date | None, until: date | None, zone: tzinfo
) -> Select[*tuple[Any, ...]]:
    period: list[ColumnElement[bool]] = []
    if since is not None:
        period.append(Receipt.issued_at >= start_of_day(since, zone))
    if until is not None:
        period.append(Receipt.issued_at < start_of_day(until + timedelta(days=1), zone))
    query: Select[*tuple[Any, ...]] = select(*_ROW_COLUMNS).where(*period)
    if text.split() and only_short_words(text):
        # No trigram serves a word of one or two letters: LIKE would read all 400,000 receipts
        # when it matches little ("xq"), 60 to 100 ms: it reads the newest RECENT of the period
        # (SEARCH_TIP). A longer word beside it is looked up in the index, which bounds it.
        newest = _recent_start(session, period)
        if newest is not None:
            query = query.where(Receipt.issued_at >= newest)
    for word in text.split():
        choices = [*words_match(session, Receipt.search_text, word)]
        if _AMOUNT.match(word):
            # Too large to be an amount: a long check or permit number, matched as text.
            with contextlib.suppress(InvalidInput):
                choices.append(Receipt.total == Money.parse(word))
        query = query.where(or_(*choices))
    return query


def _recent_start(session: Session, period: list[ColumnElement[bool]]) -> datetime | None:
    """When the newest :data:`~clerk_desk.text_search.RECENT` receipts of the ``period`` begin
    (None: it holds fewer), read from the index on ``issued_at`` alone."""
    newest = select(Receipt.issued_at).where(*period).order_by(Receipt.issued_at.desc())
    return session.scalar(newest.offset(text_search.RECENT - 1).limit(1))


def _rows(
    session: Session, receipts: Sequence[Row[*tuple[Any, ...]]], zone: tzinfo
) -> list[ReceiptRow]:
    """The register's rows of ``receipts`` (rows of :data:`_ROW_COLUMNS`)."""
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
            issued_at=local_time(r.issued_at, zone),
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
    limit: int = SEARCH_LIMIT,
    tz: tzinfo | None = None,
) -> list[ReceiptRow]:
    """Receipts matching every word typed (number, payer, reference, or an exact amount),
    within the days given, newest first. With words of one or two letters only, among the
    newest :data:`~clerk_desk.text_search.RECENT` receipts of those days (:data:`SEARCH_TIP`)."""
    zone = tz or city_zone()
    query = _search_query(session, text, since, until, zone)
    receipts = session.execute(
        query.order_by(Receipt.issued_at.desc(), Receipt.id.desc()).limit(limit)
    ).all()
    return _rows(session, receipts, zone)


def register_rows(
    session: Session, period: Period, *, tz: tzinfo | None = None
) -> list[ReceiptRow]:
    """Every receipt of the period, in number order (the daily register)."""
    zone = tz or city_zone()
    query = _search_query(session, "", period.since, period.until, zone)
    receipts = session.execute(query.order_by(Receipt.issued_at, Receipt.id)).all()
    return _rows(session, receipts, zone)


def register_line_rows(
    session: Session, period: Period, *, tz: tzinfo | None = None
) -> Iterator[tuple[object, ...]]:
    """One row per receipt line for the Excel export, in the order of
    ``reports.receipts.register.LINE_COLUMNS``: receipt, date and time, payer, status,
    description, reference, GL account, amount, tenders."""
    zone = tz or city_zone()
    start, end = (
        start_of_day(period.since, zone),
        start_of_day(period.until + timedelta(days=1), zone),
    )
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
            local_time(issued, zone),
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
            Receipt.issued_at >= start_of_day(period.since, zone),
            Receipt.issued_at < start_of_day(period.until + timedelta(days=1), zone),
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


def receipts_for(session: Session, *, payer_id: int) -> list[Receipt]:
    return list(
        session.scalars(
            select(Receipt)
            .where(Receipt.payer_id == payer_id)
            .options(selectinload(Receipt.lines))
            .order_by(Receipt.issued_at.desc())
        )
    )


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
        reference=naming.name_record(session, due.record_type, due.record_id, holder=False),
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


# -- what the window reads, through the Action --------------------------------------------------
#
# The window reads nothing else of a receipt: each function takes the user action's Action,
# whose clock gives City Hall's time zone, and returns plain data.


@dataclass(frozen=True, slots=True)
class PayerRow:
    """A party found as the payer's name is typed, with the address it is mailed at."""

    id: int
    name: str
    address: str


@dataclass(frozen=True, slots=True)
class DueRow:
    """An amount a payer owes, offered as a line of the sale."""

    id: int
    description: str
    record: str
    due_on: date | None
    balance: Money


@dataclass(frozen=True, slots=True)
class FeeChoice:
    """A fee in force today, as the fee field's completer offers it."""

    code: str
    description: str
    amount: Money

    @property
    def label(self) -> str:
        return f"{self.code} — {self.description} — {self.amount.format()}"


def _zone(action: Action) -> tzinfo | None:
    return action.clock.local_now().tzinfo


def _payer_row(party: Party) -> PayerRow:
    return PayerRow(party.id, party.name, party.mailing_address.replace("\n", ", "))


def payer(action: Action, party_id: int) -> PayerRow:
    """The party ``party_id`` as the payer of a sale."""
    return _payer_row(parties.get_party(action.session, party_id))


def payers(action: Action, text: str, *, limit: int = 20) -> list[PayerRow]:
    """The parties whose name or address holds every word of ``text``."""
    return [_payer_row(p) for p in parties.search_parties(action.session, text, limit=limit)]


def dues_of(action: Action, party_id: int) -> list[DueRow]:
    """What the party still owes, oldest first."""
    dues = ledger.outstanding(action.session, party_id=party_id)
    names = naming.name_records(
        action.session, [(d.record_type, d.record_id) for d in dues], holder=False
    )
    return [
        DueRow(d.id, d.description, names[(d.record_type, d.record_id)], d.due_on, d.balance)
        for d in dues
    ]


def fee_choices(action: Action) -> list[FeeChoice]:
    """Every fee in force today."""
    return [
        FeeChoice(f.code, f.description, f.amount)
        for f in find_fees(action.session, "", on=action.today())
    ]


def fee_line_for(action: Action, typed: str, *, reference: str = "") -> LineEntry | list[str]:
    """The line of the one fee in force today that ``typed`` names (its code, or words of its
    description); else the codes of the fees it matches (none, or several to choose from)."""
    day, text = action.today(), typed.strip()
    exact = [f for f in find_fees(action.session, "", on=day) if f.code in (text, text.upper())]
    found = exact or find_fees(action.session, text, on=day)
    if len(found) == 1:
        return fee_line(action.session, found[0].code, on=day, reference=reference)
    return [f.code for f in found]


def city_expenses_line(
    action: Action, amount: Money, note: str, *, reference: str = ""
) -> LineEntry:
    """An "actual City expenses" line (:func:`expense_line`)."""
    return expense_line(action.session, amount, note, reference=reference)


def original_lines(action: Action, receipt_id: int) -> list[LineEntry]:
    """The lines of a receipt as the core takes them back (for a refund or an adjustment)."""
    receipt = get_receipt(action.session, receipt_id)
    return [
        LineEntry(
            line.description,
            line.amount,
            line.gl_account,
            line.fee_item_id,
            line.amount_due_id,
            line.reference,
            line.note,
        )
        for line in receipt.lines
    ]


def receipt(action: Action, receipt_id: int) -> ReceiptView:
    """Everything the receipt's window and its printed receipt show."""
    return receipt_view(action.session, receipt_id, tz=_zone(action))


def drawer(action: Action, drawer_id: int) -> DrawerView:
    """The drawer with its expected money (and, once closed, what was counted)."""
    return drawer_view(action.session, drawer_id, tz=_zone(action))


def station_drawer(action: Action, station: str) -> DrawerView | None:
    """The open drawer of ``station``, if any."""
    found = current_drawer(action.session, station)
    return None if found is None else drawer(action, found.id)


def recent_drawers(action: Action, *, limit: int) -> list[DrawerView]:
    """The last ``limit`` drawers, newest first."""
    return [drawer(action, d.id) for d in drawers(action.session, limit=limit)]


def search(action: Action, text: str, period: Period) -> list[ReceiptRow]:
    """The Register's rows: receipts of the period matching every word typed."""
    return search_receipts(
        action.session, text, since=period.since, until=period.until, tz=_zone(action)
    )


def register(action: Action, period: Period) -> list[ReceiptRow]:
    """Every receipt of the period, in number order (the daily register)."""
    return register_rows(action.session, period, tz=_zone(action))


def register_lines(action: Action, period: Period) -> Iterator[tuple[object, ...]]:
    """One row per receipt line of the period, for the Excel export (:func:`register_line_rows`)."""
    return register_line_rows(action.session, period, tz=_zone(action))


def gl_totals(
    action: Action, period: Period | None = None, *, drawer_id: int | None = None
) -> list[GlTotal]:
    """Totals by GL account of issued receipts, for days or one drawer."""
    return gl_distribution(action.session, period, drawer_id=drawer_id, tz=_zone(action))


def printing(action: Action) -> tuple[ReceiptSettings, CityProfile]:
    """How receipts print (paper, directly or not) and the City's letterhead."""
    return receipt_settings(action.session), city_profile(action.session)


def due_line_for(action: Action, due_id: int, amount: Money | None = None) -> LineEntry:
    """A line paying (part of) an amount due (:func:`due_line`)."""
    return due_line(action.session, due_id, amount)


def station_name_limit() -> int | None:
    """How many characters a counter station's name may have (what its drawer stores)."""
    return max_length(Drawer.station)
