"""Demo receipts: years of a busy city hall's counter, for exploring and for the benchmarks.

``clerk-desk demo --scale N`` calls :func:`generate` after the parties and amounts due exist. It
writes N years, ending yesterday, of what the receipts service would have written: on every day
City Hall was open, a drawer per counter station (the front counter always, the Treasurer's window
on busy days) opened with $150.00 of starting cash and closed at the end of the day with counts that
balance (now and then a small over or short, with a note); about 80 receipts a day, numbered
"2026-000123" consecutively per calendar year; lines from the fee schedule and "Actual City
expenses"; tenders in cash (with change), check, card or money order, sometimes split; and one
receipt in two hundred voided the same day, before the close, with who, when and why.

The workflows' demos run first and take their fees through :func:`clerk_desk.demo.counter.take`
(paid at that moment, the receipt to follow). Each of those payments gets its receipt here, in
its day's sequence: numbered in the order issued among the day's receipts, its lines paying the
amounts due, its tender, in that day's drawer of the Treasurer's window (opened for it on a quiet
day), with an event on each amount due naming the receipt. The receipts begin ``scale`` years
before today, or on the day of the earliest of those payments when it is older (last year's
street damage paid in October, before the tax roll run): that day's receipts are all there, and
the numbers of its year run on from 1 as on any other.

Ten years are 200,000 receipts, so this does not go through the per-receipt service: each year
is one transaction of SQLAlchemy Core ``INSERT`` statements run with ``executemany`` in batches,
through the tables' own column types (money as :class:`~clerk_desk.money.Money`, instants as
aware UTC), so the rows read back through the ORM exactly as the service's would. The
``number_sequence`` rows are moved past the last demo number, so the live counter continues each
series without a gap, and each year leaves one audit event, "demo receipts generated".

Money conventions, as in :class:`~clerk_desk.models.Tender`: ``amount`` is what a tender pays
toward the total, ``tendered`` what was handed over; only cash gives change (``tendered - amount``).
A drawer expects its opening cash plus the cash ``amount`` of its issued (not voided) receipts,
which is the cash handed over less the change given.
"""

from __future__ import annotations

import random
import string
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import Table, insert, select
from sqlalchemy.orm import Session

from clerk_desk import fees
from clerk_desk.clock import FixedClock
from clerk_desk.demo import counter as demo_counter
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import DrawerStatus, PartyKind, ReceiptKind, ReceiptStatus, Role, TenderKind
from clerk_desk.models import (
    AmountDue,
    Base,
    Drawer,
    FeeItem,
    NumberSequence,
    Operator,
    Parcel,
    Party,
    Receipt,
    ReceiptLine,
    Tender,
)
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts

STATIONS = ("Front counter", "Treasurer")
OPENING_CASH = Money("150.00")
PER_DAY = 80
"""Receipts on an average day City Hall is open: about 20,000 a year."""

CITY_EXPENSES = "Actual City expenses"
AUDIT_ACTION = "demo receipts generated"
BATCH = 5_000

# What the change below fifties is counted in (keys of receipts.DENOMINATIONS), largest first.
_COUNTED_IN = ("20", "10", "5", "1", "0.25", "0.10", "0.05", "0.01")

_OPEN_AT = time(8, 0)  # the drawers are opened as the doors open ...
_LAST_RECEIPT_MINUTES = 8 * 60 + 45  # ... receipts until 4:45 p.m. ...
_CLOSE_AT_MINUTES = 9 * 60 + 5  # ... and the close-out at 5:05 p.m.

# Busier from April to October (construction, cafes, festivals), quieter in winter; averages 1.
_SEASON = {1: 0.8, 2: 0.78, 3: 0.8, 4: 1.15, 5: 1.15, 6: 1.15, 7: 1.15, 8: 1.15, 9: 1.15}
_SEASON |= {10: 1.15, 11: 0.8, 12: 0.77}

_WALK_INS = (
    "Maren Solberg",
    "Jesús Ortega",
    "Dana Whitfield",
    "Ngozi Adeyemi",
    "Pieter de Vries",
    "Renée Lavoie",
    "Tomasz Wójcik",
    "Ha Linh Trần",
    "Gary Pfeiffer",
    "Ólöf Jónsdóttir",
    "Sam Kowalczyk",
    "Beatriz Souza",
)
_EXPENSE_NOTES = (
    "Traffic control and inspection",
    "Barricades and signs, two days",
    "Re-inspection of street restoration",
    "Locating and marking city utilities",
    "Sidewalk panel replaced by City crew",
    "Police detail for street closure",
)
_VOID_REASONS = (
    "Wrong payer selected; reissued to the right party.",
    "Wrong fee item keyed; reissued.",
    "Entered twice by mistake.",
    "Payer's check not signed; payer will return.",
    "Payer changed their mind before leaving the counter.",
    "Card declined after the receipt was saved.",
)
_SHORT_NOTES = (
    "Short {amount}: change error at the window, recounted twice.",
    "Short {amount}: counted twice by the Treasurer; no error found.",
)
_OVER_NOTES = (
    "Over {amount}: payer left without their change.",
    "Over {amount}: recounted twice; set aside in the over/short envelope.",
)
_OVER_SHORT_CENTS = (-500, -100, -25, -10, -1, 1, 5, 20, 100, 1_000)
# Which fee codes a payer of each kind comes to pay, with weights ("" is actual City expenses).
_WANTS: dict[str, tuple[tuple[str, int], ...]] = {
    "contractor": (("STOPEN", 6), ("STPRIV", 2), ("", 3)),
    PartyKind.UTILITY.value: (("STOPEN", 8), ("", 3)),
    PartyKind.BUSINESS.value: (("SWCAFE", 4), ("VEND", 3), ("STPRIV", 2), ("", 1)),
    PartyKind.ORGANIZATION.value: (("VEND", 6), ("STPRIV", 2), ("", 1)),
    PartyKind.PERSON.value: (("SNOW", 4), ("STOPEN", 3), ("STPRIV", 2), ("", 2), ("VEND", 1)),
    PartyKind.GOVERNMENT.value: (("", 1),),
}
_REFERENCE_PREFIX = {"STOPEN": "SO", "STPRIV": "SP", "SWCAFE": "SC", "VEND": "VP"}


@dataclass
class Generated:
    """What :func:`generate` wrote."""

    receipts: int = 0
    voided: int = 0
    drawers: int = 0
    over_short: int = 0
    workflow_receipts: int = 0  # of ``receipts``: those for the workflows' payments
    by_year: dict[int, int] = field(default_factory=dict)
    first_day: date | None = None
    last_day: date | None = None


@dataclass(frozen=True, slots=True)
class _Payer:
    id: int | None
    name: str
    kind: str  # a PartyKind value, "contractor", or "walk-in"
    parcel: str  # the parcel number they own, or ""


@dataclass(frozen=True, slots=True)
class _Staff:
    counter: tuple[tuple[int | None, str], ...]  # who works the front counter, by turns
    treasurer: tuple[int | None, str]  # works the Treasurer's window, voids, closes out


@dataclass(frozen=True, slots=True)
class _Sale:
    """One receipt owed for the workflows' payments: those one operator took from one payer at
    one moment (:func:`clerk_desk.demo.counter.take` in one step)."""

    taken_at: datetime  # aware UTC
    operator: SignedIn
    payer_id: int
    payer_name: str
    lines: tuple[receipts.LineEntry, ...]
    payments: tuple[demo_counter.Payment, ...]


@dataclass
class _DrawerDay:
    """One drawer's day while it is being made up, before it is written."""

    station: str
    opened_at: datetime
    closed_at: datetime
    operator: tuple[int | None, str]
    expected: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TenderKind, 0))
    checks: list[dict[str, str]] = field(default_factory=list)
    receipts: list[dict[str, Any]] = field(default_factory=list)


def generate(
    desk: Desk,
    admin: SignedIn,
    *,
    scale: int = 1,
    rng: random.Random | None = None,
    per_day: int = PER_DAY,
) -> Generated:
    """Write ``scale`` years of receipts ending yesterday (City time), ``per_day`` a day on average,
    with the receipts of the payments the workflows' demos took (from further back if one is
    older).

    Receipt numbers continue each year's ``number_sequence`` from where it stands, so a database
    that already has numbers taken keeps them unique; each year is one transaction.
    """
    if scale < 1:
        raise ValueError("scale is a number of years, at least 1")
    if per_day < 1:
        raise ValueError("per_day is at least 1")
    rng = rng or random.Random(506)
    today = desk.clock.today()
    last_day = today - timedelta(days=1)
    calendar = desk.calendar()
    zone = desk.clock.local_now().tzinfo or UTC
    with desk.database.reading() as session:
        payers = _payers(session)
        staff = _staff(session, admin)
        items = fees.schedule(session)
        sales = _sales(session, zone)
    for day, sold in sales.items():
        if day > last_day or not calendar.is_open(day):
            raise ValueError(
                f"A demo payment was taken {day.isoformat()} (amount due "
                f"{sold[0].payments[0].due_id}), a day City Hall's counter has no drawer: the "
                "workflows' demos take fees on days City Hall was open, before today."
            )
    first_day = min([_years_before(today, scale), *sales])
    result = Generated(first_day=first_day, last_day=last_day)
    for year in range(first_day.year, last_day.year + 1):
        days = [
            d
            for d in _days(max(first_day, date(year, 1, 1)), min(last_day, date(year, 12, 31)))
            if calendar.is_open(d)
        ]
        if not days:
            continue
        with desk.action(admin) as action:
            made, receipted = _year(
                action.session, year, days, rng, zone, per_day, payers, staff, items, sales, result
            )
            action.audit(
                AUDIT_ACTION,
                (receipts.SERIES, year),
                f"{made:,} demo receipts for {year}, {days[0].isoformat()} to "
                f"{days[-1].isoformat()}, in closed drawers",
                after={
                    "year": year,
                    "receipts": made,
                    "days": len(days),
                    "workflow_receipts": [number for number, _ in receipted],
                },
            )
            _audit_receipted(action, receipted)
        result.by_year[year] = made
        result.receipts += made
        result.workflow_receipts += len(receipted)
    return result


def _sales(session: Session, zone: Any) -> dict[date, list[_Sale]]:
    """The receipts owed for the workflows' payments (:func:`clerk_desk.demo.counter.waiting`),
    by the City's day they were taken, each day's in the order taken."""
    waiting = demo_counter.waiting(session)
    if not waiting:
        return {}
    dues = {
        due.id: due
        for due in session.scalars(
            select(AmountDue).where(AmountDue.id.in_({p.due_id for p in waiting}))
        )
    }
    people = {
        row.id: SignedIn(row.id, row.username, row.full_name, Role(row.role))
        for row in session.scalars(
            select(Operator).where(Operator.id.in_({p.operator_id for p in waiting}))
        )
    }
    grouped: dict[tuple[datetime, int | None, int], list[demo_counter.Payment]] = {}
    for payment in waiting:
        key = (payment.taken_at, payment.operator_id, dues[payment.due_id].party_id)
        grouped.setdefault(key, []).append(payment)
    by_day: dict[date, list[_Sale]] = {}
    for (taken_at, operator_id, payer_id), paid in grouped.items():
        assert operator_id is not None, "the demo's payments are taken by its Treasurer"
        sale = _Sale(
            taken_at=taken_at.astimezone(UTC),
            operator=people[operator_id],
            payer_id=payer_id,
            payer_name=dues[paid[0].due_id].party.name,
            lines=tuple(receipts.due_line(session, p.due_id, p.amount) for p in paid),
            payments=tuple(paid),
        )
        by_day.setdefault(taken_at.astimezone(zone).date(), []).append(sale)
    for sold in by_day.values():
        sold.sort(key=lambda sale: sale.taken_at)
    return by_day


def _audit_receipted(action: Action, receipted: list[tuple[str, _Sale]]) -> None:
    """On each amount due a workflow's payment paid, the receipt written for it, by whoever
    took the payment and at that moment (as the workflows' demos stamp their steps), so that
    the amount's history reads payment, then its receipt."""
    travel = FixedClock(action.now())
    then = Desk(action.desk.database, clock=travel)
    for number, sale in receipted:
        travel.set(sale.taken_at)
        by = Action(then, action.session, sale.operator)
        by.events = action.events  # written with the year's own, at its commit
        for payment, line in zip(sale.payments, sale.lines, strict=True):
            by.audit(
                demo_counter.RECEIPTED,
                (AmountDue.__tablename__, payment.due_id),
                f"Receipt {number}: {payment.amount} paid on {line.description}",
                after={
                    "receipt": number,
                    "amount": str(payment.amount.amount),
                    "payment_event": payment.event_id,
                },
            )


# -- the people and the fees ---------------------------------------------------------------------


def _years_before(today: date, years: int) -> date:
    try:
        return today.replace(year=today.year - years)
    except ValueError:  # February 29
        return date(today.year - years, 3, 1)


def _days(first: date, last: date) -> Iterator[date]:
    day = first
    while day <= last:
        yield day
        day += timedelta(days=1)


def _payers(session: Session) -> list[_Payer]:
    parcels: dict[int, str] = {}
    for owner_id, number in session.execute(
        select(Parcel.owner_id, Parcel.parcel_number).where(Parcel.owner_id.is_not(None))
    ):
        if owner_id is not None:
            parcels.setdefault(owner_id, number)
    rows = session.execute(
        select(Party.id, Party.name, Party.kind, Party.contractor)
        .where(Party.active.is_(True))
        .order_by(Party.id)
    )
    return [
        _Payer(id, name, "contractor" if contractor else str(kind), parcels.get(id, ""))
        for id, name, kind, contractor in rows
    ]


def _staff(session: Session, admin: SignedIn) -> _Staff:
    """The demo's clerks at the front counter and its Treasurer; the Administrator otherwise."""
    people = {
        username: (id, full_name)
        for id, username, full_name in session.execute(
            select(Operator.id, Operator.username, Operator.full_name).where(
                Operator.active.is_(True)
            )
        )
    }
    fallback = (admin.id or None, admin.full_name)
    counter = tuple(people[u] for u in ("clerk", "deputy") if u in people) or (fallback,)
    return _Staff(counter=counter, treasurer=people.get("treasurer", fallback))


class _Fees:
    """The fee item in force for a code on a day; before the schedule begins, its first item
    (the demo reaches back further than the shipped schedule)."""

    def __init__(self, items: Sequence[FeeItem]) -> None:
        self._by_code: dict[str, list[FeeItem]] = {}
        for item in sorted(items, key=lambda i: (i.code, i.effective_from)):
            self._by_code.setdefault(item.code, []).append(item)
        self._cache: dict[tuple[str, date], FeeItem] = {}

    def codes(self) -> set[str]:
        return set(self._by_code)

    def on(self, code: str, day: date) -> FeeItem:
        key = (code, day)
        item = self._cache.get(key)
        if item is None:
            versions = self._by_code[code]
            item = versions[0]
            for version in versions:
                if version.effective_from <= day and (
                    version.effective_to is None or version.effective_to >= day
                ):
                    item = version
            self._cache[key] = item
        return item


# -- one year ------------------------------------------------------------------------------------


def _year(
    session: Session,
    year: int,
    days: list[date],
    rng: random.Random,
    zone: Any,
    per_day: int,
    payers: list[_Payer],
    staff: _Staff,
    items: Sequence[FeeItem],
    sales: dict[date, list[_Sale]],
    result: Generated,
) -> tuple[int, list[tuple[str, _Sale]]]:
    """Make up and write the year's drawers and receipts; how many receipts, and the number
    given to each of the workflows' sales."""
    sequence_row = session.get(NumberSequence, (receipts.SERIES, year))
    first_number = sequence_row.next_value if sequence_row is not None else 1
    writing = _YearWriting(
        rng,
        year,
        zone,
        payers,
        staff,
        _Fees(items),
        receipts.receipt_settings(session),
        first_number,
    )
    drawers: list[_DrawerDay] = []
    for day_index, day in enumerate(days):
        drawers.extend(_day_of_receipts(writing, day, day_index, per_day, sales.get(day, [])))
    number = writing.number
    _write_year(session, year, drawers, rng, staff, result)
    if sequence_row is None:
        session.add(NumberSequence(name=receipts.SERIES, year=year, next_value=number))
    else:
        sequence_row.next_value = number
    session.flush()
    return number - first_number, writing.receipted


@dataclass
class _YearWriting:
    """What every day of a year's receipts shares while they are made up, and the number the
    next receipt takes."""

    rng: random.Random
    year: int
    zone: Any
    payers: list[_Payer]
    staff: _Staff
    schedule: _Fees
    settings: receipts.ReceiptSettings
    number: int
    permits: dict[str, int] = field(default_factory=dict)
    receipted: list[tuple[str, _Sale]] = field(default_factory=list)


def _day_of_receipts(
    writing: _YearWriting, day: date, day_index: int, per_day: int, sold: list[_Sale]
) -> list[_DrawerDay]:
    """One day's drawers with their receipts: the walk-ins' and the workflows' sales."""
    rng = writing.rng
    count = max(1, round(per_day * _SEASON[day.month] * rng.uniform(0.8, 1.2)))
    busy = count >= per_day
    opened = datetime.combine(day, _OPEN_AT, tzinfo=writing.zone).astimezone(UTC)
    today = _drawers_opened(writing, opened, day_index, second=busy or bool(sold))
    seconds = sorted(rng.randrange(5 * 60, _LAST_RECEIPT_MINUTES * 60) for _ in range(count))
    # The walk-ins' receipts and the workflows' sales, in the order issued (a sale first
    # when both fall in the same second).
    moments: list[tuple[datetime, int, _Sale | None]] = [
        (opened + timedelta(seconds=offset), 1, None) for offset in seconds
    ]
    moments += [(sale.taken_at, 0, sale) for sale in sold]
    for issued_at, _, sale in sorted(moments, key=lambda m: (m[0], m[1])):
        if sale is not None:
            receipt = _sale_receipt(
                rng, writing.year, writing.number, sale, today[1], writing.settings
            )
            today[1].receipts.append(receipt)
            writing.receipted.append((receipt["number"], sale))
        else:
            drawer = today[0] if not busy or rng.random() < 0.6 else today[1]
            receipt = _receipt(
                rng,
                writing.year,
                writing.number,
                day,
                issued_at,
                drawer,
                writing.payers,
                writing.schedule,
                writing.permits,
                writing.staff,
                writing.settings,
            )
            drawer.receipts.append(receipt)
        writing.number += 1
    return today


def _drawers_opened(
    writing: _YearWriting, opened: datetime, day_index: int, *, second: bool
) -> list[_DrawerDay]:
    """The front window's drawer, by the day's counter clerk; on a busy day, or with a fee to
    take, the Treasurer's second window too."""
    rng, staff = writing.rng, writing.staff
    drawers = [
        _DrawerDay(
            STATIONS[0],
            opened,
            opened + timedelta(minutes=_CLOSE_AT_MINUTES + rng.randrange(0, 15)),
            staff.counter[day_index % len(staff.counter)],
        )
    ]
    if second:
        drawers.append(
            _DrawerDay(
                STATIONS[1],
                opened,
                opened + timedelta(minutes=_CLOSE_AT_MINUTES + rng.randrange(0, 15)),
                staff.treasurer,
            )
        )
    return drawers


def _receipt(
    rng: random.Random,
    year: int,
    number: int,
    day: date,
    issued_at: datetime,
    drawer: _DrawerDay,
    payers: list[_Payer],
    schedule: _Fees,
    permits: dict[str, int],
    staff: _Staff,
    settings: receipts.ReceiptSettings,
) -> dict[str, Any]:
    if payers and rng.random() < 0.9:
        payer = rng.choice(payers)
    else:
        payer = _Payer(None, rng.choice(_WALK_INS), "walk-in", "")
    wants = _WANTS.get(payer.kind, _WANTS[PartyKind.PERSON.value])
    codes = [code for code, _ in wants if not code or code in schedule.codes()] or [""]
    weights = [weight for code, weight in wants if not code or code in schedule.codes()] or [1]
    line_count = 1 if rng.random() < 0.72 else (2 if rng.random() < 0.75 else 3)
    lines: list[dict[str, Any]] = []
    for position in range(1, line_count + 1):
        code = rng.choices(codes, weights)[0]
        lines.append(
            _line(rng, position, code, year, day, payer, schedule, permits, settings.expenses_gl)
        )
    total = sum(line["amount"] for line in lines)
    tenders, change = _tenders(rng, total, payer.name)
    void = rng.random() < 0.005
    receipt = _receipt_row(
        settings.format_number(year, number),
        year,
        number,
        issued_at,
        drawer.operator,
        (payer.id, payer.name),
        lines,
        tenders,
        change,
    )
    receipt["status"] = (ReceiptStatus.VOID if void else ReceiptStatus.ISSUED).value
    if void:
        latest = drawer.closed_at - timedelta(minutes=5)
        receipt["voided_at"] = min(issued_at + timedelta(minutes=rng.randrange(1, 90)), latest)
        receipt["voided_by_id"] = staff.treasurer[0]
        receipt["void_reason"] = rng.choice(_VOID_REASONS)
    else:
        _count_in(drawer, tenders)
    return receipt


def _sale_receipt(
    rng: random.Random,
    year: int,
    number: int,
    sale: _Sale,
    drawer: _DrawerDay,
    settings: receipts.ReceiptSettings,
) -> dict[str, Any]:
    """The receipt for a workflow's payment: its lines pay the amounts due, as the service's
    :func:`~clerk_desk.receipts.service.due_line` makes them; paid as any payer pays; never
    voided."""
    lines: list[dict[str, Any]] = [
        {
            "position": position,
            "description": line.description,
            "amount": line.amount.cents,
            "gl_account": line.gl_account,
            "fee_item_id": line.fee_item_id,
            "amount_due_id": line.amount_due_id,
            "reference": line.reference,
            "note": line.note,
        }
        for position, line in enumerate(sale.lines, start=1)
    ]
    total = sum(line["amount"] for line in lines)
    tenders, change = _tenders(rng, total, sale.payer_name)
    _count_in(drawer, tenders)
    return _receipt_row(
        settings.format_number(year, number),
        year,
        number,
        sale.taken_at,
        (sale.operator.id, sale.operator.full_name),
        (sale.payer_id, sale.payer_name),
        lines,
        tenders,
        change,
    )


def _receipt_row(
    formatted: str,
    year: int,
    number: int,
    issued_at: datetime,
    operator: tuple[int | None, str],
    payer: tuple[int | None, str],
    lines: list[dict[str, Any]],
    tenders: list[dict[str, Any]],
    change: int,
) -> dict[str, Any]:
    """An issued payment receipt's row as the service writes it, with its lines and tenders
    (``_lines``, ``_tenders``) for the writer to insert beside it."""
    return {
        "number": formatted,
        "year": year,
        "sequence": number,
        "kind": ReceiptKind.PAYMENT.value,
        "status": ReceiptStatus.ISSUED.value,
        "issued_at": issued_at,
        "operator_id": operator[0],
        "operator_name": operator[1],
        "payer_id": payer[0],
        "payer_name": payer[1],
        "search_text": receipts.search_text_for(
            formatted, payer[1], [line["reference"] for line in lines]
        ),
        "total": Money.from_cents(sum(line["amount"] for line in lines)),
        "change": Money.from_cents(change),
        "corrects_id": None,
        "note": "",
        "voided_at": None,
        "voided_by_id": None,
        "void_reason": "",
        "prints": 1,
        "_lines": lines,
        "_tenders": tenders,
    }


def _count_in(drawer: _DrawerDay, tenders: list[dict[str, Any]]) -> None:
    """What an issued receipt's tenders add to what its drawer expects at the close-out."""
    for tender in tenders:
        drawer.expected[tender["kind"]] += tender["amount"]
        if tender["kind"] == TenderKind.CHECK.value:
            drawer.checks.append(
                {
                    "number": tender["check_number"],
                    "name": tender["name_on_check"],
                    "amount": str(Money.from_cents(tender["amount"]).amount),
                }
            )


def _line(
    rng: random.Random,
    position: int,
    code: str,
    year: int,
    day: date,
    payer: _Payer,
    schedule: _Fees,
    permits: dict[str, int],
    expenses_gl: str,
) -> dict[str, Any]:
    if not code:
        reference = payer.parcel or _permit_reference(rng, "SO", year, permits, reuse=True)
        return {
            "position": position,
            "description": CITY_EXPENSES,
            "amount": rng.randrange(25, 951) * 100
            if rng.random() < 0.5
            else rng.randrange(2_500, 95_000),
            "gl_account": expenses_gl,
            "fee_item_id": None,
            "amount_due_id": None,
            "reference": reference,
            "note": rng.choice(_EXPENSE_NOTES),
        }
    item = schedule.on(code, day)
    amount = item.amount.cents
    description = item.description
    note = ""
    if code == "SNOW":
        reference = (
            payer.parcel or f"281-{rng.randrange(1, 20):02d}{rng.randrange(1, 110):03d}-0000"
        )
    else:
        reference = _permit_reference(rng, _REFERENCE_PREFIX.get(code, code[:2]), year, permits)
        if code == "STOPEN" and rng.random() < 0.03:
            amount *= 2
            description = f"{description} (doubled)"
            note = "Work begun before the permit was issued: fee doubled, § 506-6 (Fee)."
    return {
        "position": position,
        "description": description,
        "amount": amount,
        "gl_account": item.gl_account,
        "fee_item_id": item.id,
        "amount_due_id": None,
        "reference": reference,
        "note": note,
    }


def _permit_reference(
    rng: random.Random, prefix: str, year: int, permits: dict[str, int], *, reuse: bool = False
) -> str:
    """A permit number such as "SO-2025-0142": a new one, or (``reuse``) one already issued."""
    issued = permits.get(prefix, 0)
    if reuse and issued:
        return f"{prefix}-{year}-{rng.randrange(1, issued + 1):04d}"
    permits[prefix] = issued + 1
    return f"{prefix}-{year}-{issued + 1:04d}"


def _tenders(rng: random.Random, total: int, payer_name: str) -> tuple[list[dict[str, Any]], int]:
    """How ``total`` cents were paid, and the change given (from cash only)."""
    pick = rng.random()
    if pick < 0.04 and total >= 200:  # split: part by check or card, the rest in cash
        first = rng.randrange(1, total // 100) * 100
        kind = TenderKind.CHECK if rng.random() < 0.5 else TenderKind.CARD
        parts = [_tender(rng, kind, first, payer_name), _cash(rng, total - first)]
    elif pick < 0.42:
        parts = [_cash(rng, total)]
    elif pick < 0.76:
        parts = [_tender(rng, TenderKind.CHECK, total, payer_name)]
    elif pick < 0.96:
        parts = [_tender(rng, TenderKind.CARD, total, payer_name)]
    else:
        parts = [_tender(rng, TenderKind.MONEY_ORDER, total, payer_name)]
    for position, part in enumerate(parts, start=1):
        part["position"] = position
    change = sum(p["tendered"] - p["amount"] for p in parts if p["kind"] == TenderKind.CASH.value)
    return parts, change


def _cash(rng: random.Random, amount: int) -> dict[str, Any]:
    step = rng.choice((0, 100, 500, 1_000, 2_000, 2_000, 5_000, 10_000))
    tendered = amount if step == 0 else -(-amount // step) * step
    if step and tendered == amount and rng.random() < 0.5:
        tendered += step  # a twenty for a fee of exactly twenty happens too
    return _row(TenderKind.CASH, amount, tendered)


def _tender(rng: random.Random, kind: TenderKind, amount: int, payer_name: str) -> dict[str, Any]:
    row = _row(kind, amount, amount)
    if kind is TenderKind.CHECK:
        row["check_number"] = str(rng.randrange(1001, 9999))
        row["name_on_check"] = payer_name
    elif kind is TenderKind.CARD:
        row["card_last4"] = f"{rng.randrange(10_000):04d}"
        row["card_authorization"] = "".join(
            rng.choices(string.ascii_uppercase + string.digits, k=6)
        )
    else:
        row["money_order_number"] = str(rng.randrange(10**10, 10**11))
    return row


def _row(kind: TenderKind, amount: int, tendered: int) -> dict[str, Any]:
    return {
        "kind": kind.value,
        "amount": amount,
        "tendered": tendered,
        "check_number": "",
        "name_on_check": "",
        "card_last4": "",
        "card_authorization": "",
        "money_order_number": "",
    }


# -- writing -------------------------------------------------------------------------------------


def _cash_count(cents: int) -> dict[str, Any]:
    """The counted cash as the close-out stores it (denomination key of
    :data:`clerk_desk.receipts.rules.DENOMINATIONS` -> pieces): a few large bills, mostly
    twenties, then the smaller bills and the coins."""
    values = {key: value.cents for key, _, value in receipts.DENOMINATIONS}
    count: dict[str, Any] = {}
    hundreds = cents // values["100"] // 3
    fifties = (cents - hundreds * values["100"]) // values["50"] // 4
    for key, pieces in (("100", hundreds), ("50", fifties)):
        if pieces:
            count[key] = pieces
            cents -= pieces * values[key]
    for key in _COUNTED_IN:
        pieces, cents = divmod(cents, values[key])
        if pieces:
            count[key] = pieces
    return count


def _close(drawer: _DrawerDay, rng: random.Random) -> tuple[dict[str, Any], int]:
    expected_cash = OPENING_CASH.cents + drawer.expected[TenderKind.CASH]
    over_short = 0
    note = ""
    if rng.random() < 0.04:
        over_short = max(rng.choice(_OVER_SHORT_CENTS), -expected_cash)
        shown = Money.from_cents(abs(over_short))
        notes = _SHORT_NOTES if over_short < 0 else _OVER_NOTES
        note = rng.choice(notes).format(amount=shown)
    counted_cash = expected_cash + over_short
    expected = {kind: Money.from_cents(drawer.expected[kind]) for kind in TenderKind}
    return {
        "station": drawer.station,
        "status": DrawerStatus.CLOSED.value,
        "opened_at": drawer.opened_at,
        "opened_by_id": drawer.operator[0],
        "opening_cash": OPENING_CASH,
        "closed_at": drawer.closed_at,
        "closed_by_id": None,  # set by the caller: the Treasurer closes out
        "expected_cash": Money.from_cents(expected_cash),
        "expected_checks": expected[TenderKind.CHECK],
        "expected_cards": expected[TenderKind.CARD],
        "expected_money_orders": expected[TenderKind.MONEY_ORDER],
        "counted_cash": Money.from_cents(counted_cash),
        "counted_checks": expected[TenderKind.CHECK],
        "counted_cards": expected[TenderKind.CARD],
        "counted_money_orders": expected[TenderKind.MONEY_ORDER],
        "cash_count": _cash_count(counted_cash),
        "check_list": {"checks": drawer.checks},
        "over_short": Money.from_cents(over_short),
        "close_note": note,
    }, over_short


def _table(model: type[Base]) -> Table:
    return Base.metadata.tables[model.__tablename__]


def _batches(rows: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    for start in range(0, len(rows), BATCH):
        yield rows[start : start + BATCH]


def _write_year(
    session: Session,
    year: int,
    drawers: list[_DrawerDay],
    rng: random.Random,
    staff: _Staff,
    result: Generated,
) -> None:
    drawer_table = _table(Drawer)
    receipt_table = _table(Receipt)
    line_table = _table(ReceiptLine)
    tender_table = _table(Tender)
    closes = []
    for drawer in drawers:
        close, over_short = _close(drawer, rng)
        close["closed_by_id"] = staff.treasurer[0]
        closes.append(close)
        result.over_short += over_short != 0
    drawer_ids = list(
        session.execute(
            insert(drawer_table).returning(drawer_table.c.id, sort_by_parameter_order=True),
            closes,
        ).scalars()
    )
    result.drawers += len(drawer_ids)

    written: list[dict[str, Any]] = []
    for drawer, drawer_id in zip(drawers, drawer_ids, strict=True):
        for receipt in drawer.receipts:
            receipt["drawer_id"] = drawer_id
            written.append(receipt)
    written.sort(key=lambda r: r["sequence"])
    columns = [c.key for c in receipt_table.columns if c.key != "id"]
    for batch in _batches(written):
        session.execute(insert(receipt_table), [{k: r[k] for k in columns} for r in batch])
    first = written[0]["sequence"]
    rows = session.execute(
        select(receipt_table.c.sequence, receipt_table.c.id).where(
            receipt_table.c.year == year, receipt_table.c.sequence >= first
        )
    )
    ids = {sequence: id for sequence, id in rows}

    lines: list[dict[str, Any]] = []
    tenders: list[dict[str, Any]] = []
    for receipt in written:
        receipt_id = ids[receipt["sequence"]]
        for line in receipt["_lines"]:
            lines.append(
                line | {"receipt_id": receipt_id, "amount": Money.from_cents(line["amount"])}
            )
        for tender in receipt["_tenders"]:
            tenders.append(
                tender
                | {
                    "receipt_id": receipt_id,
                    "amount": Money.from_cents(tender["amount"]),
                    "tendered": Money.from_cents(tender["tendered"]),
                }
            )
        result.voided += receipt["status"] == ReceiptStatus.VOID.value
    for batch in _batches(lines):
        session.execute(insert(line_table), batch)
    for batch in _batches(tenders):
        session.execute(insert(tender_table), batch)
