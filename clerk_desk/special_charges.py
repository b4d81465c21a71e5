"""Special charges: what the City bills for work it did in someone's place, and the tax roll.

Chapter 506 lets the City do the work an owner, operator or permittee left undone — clear the
snow, remove an obstruction, sweep up debris, mend a street, repair a sidewalk or the pavement
over an opening — and charge its cost. What stays unpaid goes on the tax roll as a special tax
against the parcel, each section with its own clock (:data:`CLOCKS`):

============================  ===========================================  =====================
kind                          last day to pay                              first tax-roll day
============================  ===========================================  =====================
snow and ice (§ 506-11)       30 days from the bill (the City's terms)     the day after
obstruction (§ 506-8)         10 calendar days from receipt of the bill    61 days after the
                                                                           cost was incurred
street privilege (§ 506-9)    — (entered on the next annual tax roll)      the bill's day
dirt and debris (§ 506-20)    30 days from the bill                        the day after
street damage (§ 506-21)      30 days from the bill                        the day after
sidewalk repair (article)     — (the Treasurer enters the total cost)      the bill's day
minor sidewalk repair         — ("in the same manner")                     the bill's day
street opening repair         90 days from actual notice (§ 506-7)         the day after
deficiency repair (§ 506-6)   30 days from the bill (the City's terms)     — (billed, not liened)
============================  ===========================================  =====================

Readings (to confirm with the City Attorney): where a section sets no time to pay, the bill
gives the City's usual 30 days; a period's last day that falls when City Hall is closed moves to
its next open day, because payment is made at City Hall (Wis. Stat. § 990.001(4)); "within 60
days after such costs … are incurred and remain unpaid" (§ 506-8) puts the charge on the roll
from the 61st day; a deficiency repair (§ 506-6) has no tax-roll clause and is never certified.

A charge owes its money through one :class:`~clerk_desk.models.AmountDue`, so the Treasurer
takes payment in the Receipts tab like any other amount, in part or in full. A "certify to tax
roll" run lists every charge past its tax-roll day and unpaid as of a chosen date; the Treasurer
reviews the list and certifies it once, and the certified charges are locked and stamped with
the run. The amount due is then marked certified: it is collected with the property taxes, no
longer at the counter.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import ledger
from clerk_desk.deadlines import CityCalendar, format_day, plural
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    AmountDue,
    ChargeKind,
    ChargeLine,
    ChargeStatus,
    DueKind,
    DueStatus,
    Parcel,
    Party,
    RunStatus,
    SpecialCharge,
    TaxRollEntry,
    TaxRollRun,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.permissions import Permission
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits

RECORD_TYPE = "special_charge"
WORKFLOW = "Special Charges"
STANDARD_BILL_DAYS = 30  # the City's terms where a section sets no time to pay
ADMINISTRATION_SHARE = Decimal("0.20")  # deficiency repairs: plus 20% for administration
DUE_SOON_DAYS = 7
ROLL_SOON_DAYS = 7
SEARCH_LIMIT = 1000
CATEGORIES = ("labor", "materials", "equipment", "fee", "other")


class PayFrom(enum.StrEnum):
    BILL = "bill"  # counted from the day the bill went out
    RECEIPT = "receipt"  # from the day the bill reached the party (§ 506-8)
    NONE = "none"  # no time to pay: the charge goes on the next roll


class RollFrom(enum.StrEnum):
    AFTER_DUE = "after_due"  # the day after the last day to pay
    INCURRED = "incurred"  # a number of days after the cost was incurred (§ 506-8)
    AT_ONCE = "at_once"  # from the bill's day: the next roll takes it
    NEVER = "never"  # no tax-roll clause


@dataclass(frozen=True, slots=True)
class ChargeClock:
    """One kind of charge: what it is, who is billed, its section and its two clocks."""

    kind: ChargeKind
    title: str
    cite: str
    billed_as: tuple[str, ...]  # who the section lets the City bill
    pay_from: PayFrom
    pay_days: int
    roll_from: RollFrom
    roll_days: int = 0
    administration: Decimal = Decimal(0)

    @property
    def on_tax_roll(self) -> bool:
        return self.roll_from is not RollFrom.NEVER

    def explain(self) -> str:
        """The clock in a sentence, for the screen and the bill."""
        if self.pay_from is PayFrom.NONE:
            pay = "The cost is entered on the next tax roll as a special charge unless paid first"
        else:
            start = "receipt of the bill" if self.pay_from is PayFrom.RECEIPT else "the bill"
            pay = f"Payable within {self.pay_days} days of {start}"
        if self.roll_from is RollFrom.AFTER_DUE:
            roll = "; unpaid after that, it is entered on the tax roll as a special tax"
        elif self.roll_from is RollFrom.INCURRED:
            roll = (
                f"; still unpaid {self.roll_days} days after the cost was incurred, it is "
                "entered on the tax roll as a special tax"
            )
        elif self.roll_from is RollFrom.NEVER:
            roll = "; the section puts no lien on the property"
        else:
            roll = ""
        return f"{pay}{roll} ({self.cite})."


_OWNER = ("owner",)
CLOCKS: dict[ChargeKind, ChargeClock] = {
    clock.kind: clock
    for clock in (
        ChargeClock(
            ChargeKind.SNOW_ICE,
            "Snow and ice removed by the City",
            "§ 506-11 (Failure to remove)",
            ("owner", "occupant"),
            PayFrom.BILL,
            STANDARD_BILL_DAYS,
            RollFrom.AFTER_DUE,
        ),
        ChargeClock(
            ChargeKind.OBSTRUCTION,
            "Obstruction removed by the City",
            "§ 506-8 (Failure to remove obstruction)",
            _OWNER,
            PayFrom.RECEIPT,
            10,
            RollFrom.INCURRED,
            60,
        ),
        ChargeClock(
            ChargeKind.PRIVILEGE_REMOVAL,
            "Street privilege obstruction removed by the City",
            "§ 506-9 (Removal by City)",
            _OWNER,
            PayFrom.NONE,
            0,
            RollFrom.AT_ONCE,
        ),
        ChargeClock(
            ChargeKind.DIRT_DEBRIS,
            "Dirt and debris removed by the City",
            "§ 506-20",
            ("operator", "owner", "occupant", "person in charge"),
            PayFrom.BILL,
            30,
            RollFrom.AFTER_DUE,
        ),
        ChargeClock(
            ChargeKind.STREET_DAMAGE,
            "Damage to a street corrected by the City",
            "§ 506-21",
            ("operator", "owner", "occupant", "person in charge"),
            PayFrom.BILL,
            30,
            RollFrom.AFTER_DUE,
        ),
        ChargeClock(
            ChargeKind.SIDEWALK_REPAIR,
            "Sidewalk repaired or replaced by the City",
            "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
            _OWNER,
            PayFrom.NONE,
            0,
            RollFrom.AT_ONCE,
        ),
        ChargeClock(
            ChargeKind.SIDEWALK_MINOR_REPAIR,
            "Minor sidewalk repair by the City (up to $500)",
            "Sidewalk article (Minor repairs)",
            _OWNER,
            PayFrom.NONE,
            0,
            RollFrom.AT_ONCE,
        ),
        ChargeClock(
            ChargeKind.OPENING_REPAIR,
            "Pavement repair over a street opening, with one year's maintenance",
            "§ 506-7 (Repair by City)",
            ("permittee",),
            PayFrom.RECEIPT,
            90,
            RollFrom.AFTER_DUE,
        ),
        ChargeClock(
            ChargeKind.DEFICIENCY_REPAIR,
            "Deficiencies repaired by the Director of Public Works",
            "§ 506-6 (Bond)",
            ("permittee",),
            PayFrom.BILL,
            STANDARD_BILL_DAYS,
            RollFrom.NEVER,
            administration=ADMINISTRATION_SHARE,
        ),
    )
}


def clock_for(kind: ChargeKind | str) -> ChargeClock:
    return CLOCKS[ChargeKind(kind)]


def label(kind: ChargeKind | str) -> str:
    return clock_for(kind).title


# -- the clocks ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Clocks:
    due_on: date | None  # the last day to pay
    tax_roll_on: date | None  # the first day the charge may be certified


def clocks(
    kind: ChargeKind | str,
    *,
    work_done_on: date,
    bill_on: date,
    received_on: date | None,
    calendar: CityCalendar,
) -> Clocks:
    """The last day to pay and the first tax-roll day of a charge billed on ``bill_on``.

    A bill whose receipt was not recorded counts from the day it went out: § 506-8 says that
    the owner's failure to receive the notice does not stop the City from placing the charge on
    the tax roll.
    """
    clock = clock_for(kind)
    if clock.pay_from is PayFrom.NONE:
        due_on = None
    else:
        start = received_on if clock.pay_from is PayFrom.RECEIPT and received_on else bill_on
        due_on = calendar.add_days(start, clock.pay_days)
    if clock.roll_from is RollFrom.AFTER_DUE:
        assert due_on is not None
        roll_on: date | None = due_on + timedelta(days=1)
    elif clock.roll_from is RollFrom.INCURRED:
        roll_on = calendar.add_days(work_done_on, clock.roll_days) + timedelta(days=1)
    elif clock.roll_from is RollFrom.AT_ONCE:
        roll_on = bill_on
    else:
        roll_on = None
    return Clocks(due_on, roll_on)


def administration_for(kind: ChargeKind | str, cost: Money) -> Money:
    """The administration share added to the cost: 20% of a deficiency repair (§ 506-6),
    rounded to the cent, half up; nothing for the other kinds."""
    share = clock_for(kind).administration
    return cost * share if share else Money.zero()


# -- charges -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LineData:
    category: str
    description: str
    amount: Money


@dataclass(frozen=True, slots=True)
class ChargeData:
    kind: ChargeKind
    billed_party_id: int
    work: str
    work_done_on: date
    lines: Sequence[LineData]
    parcel_id: int | None = None
    billed_as: str = "owner"
    record_type: str = ""  # the permit or order the charge comes from
    record_id: str = ""
    notes: str = ""


@dataclass(frozen=True, slots=True)
class BillData:
    bill_on: date
    delivered_how: str
    received_on: date | None = None


def _clean_lines(lines: Sequence[LineData]) -> list[LineData]:
    clean = []
    for index, line in enumerate(lines):
        field = f"line_{index}"
        description = " ".join(line.description.split())
        if not description and line.amount == Money.zero():
            continue  # a blank row of the table
        category = line.category.strip().lower()
        if category not in CATEGORIES:
            raise InvalidInput(
                f"Line {index + 1}: the kind of cost is one of {', '.join(CATEGORIES)}.",
                field=field,
            )
        if not description:
            raise InvalidInput(f"Line {index + 1}: say what the cost was.", field=field)
        if line.amount <= Money.zero():
            raise InvalidInput(
                f"Line {index + 1}: the amount must be more than $0.00.", field=field
            )
        clean.append(
            LineData(category, fits(ChargeLine.description, description, "A cost"), line.amount)
        )
    if not clean:
        raise InvalidInput("Enter at least one cost of the work.", field="lines")
    return clean


def _clean(session: Session, data: ChargeData, today: date) -> tuple[ChargeData, list[LineData]]:
    clock = clock_for(data.kind)
    if session.get(Party, data.billed_party_id) is None:
        raise NotFound(f"There is no party number {data.billed_party_id}.")
    billed_as = data.billed_as.strip().lower()
    if billed_as not in clock.billed_as:
        raise InvalidInput(
            f"{clock.cite} lets the City bill the {' or the '.join(clock.billed_as)}, "
            f"not the {billed_as or 'blank'}.",
            field="billed_as",
            cite=clock.cite,
        )
    if data.parcel_id is None and clock.on_tax_roll:
        raise InvalidInput(
            "Name the parcel: what stays unpaid is entered on the tax roll against it "
            f"({clock.cite}).",
            field="parcel",
            cite=clock.cite,
        )
    if data.parcel_id is not None and session.get(Parcel, data.parcel_id) is None:
        raise NotFound(f"There is no parcel number {data.parcel_id}.")
    work = " ".join(data.work.split())
    if not work:
        raise InvalidInput("Describe the work the City did.", field="work")
    if data.work_done_on > today:
        raise InvalidInput("The work cannot be dated after today.", field="work_done_on")
    lines = _clean_lines(data.lines)
    return (
        ChargeData(
            kind=ChargeKind(data.kind),
            billed_party_id=data.billed_party_id,
            work=fits(SpecialCharge.work, work, "The work"),
            work_done_on=data.work_done_on,
            lines=lines,
            parcel_id=data.parcel_id,
            billed_as=billed_as,
            record_type=data.record_type,
            record_id=data.record_id,
            notes=data.notes.strip(),
        ),
        lines,
    )


def _check_bill(charge: SpecialCharge, bill: BillData, today: date) -> None:
    if bill.bill_on > today:
        raise InvalidInput("The bill cannot be dated after today.", field="bill_on")
    if bill.bill_on < charge.work_done_on:
        raise InvalidInput(
            f"The bill cannot go out before the work was done ({format_day(charge.work_done_on)}).",
            field="bill_on",
        )
    if not bill.delivered_how.strip():
        raise InvalidInput(
            "Say how the bill was delivered (mailed, handed over, posted).", field="delivered_how"
        )
    if bill.received_on is not None:
        if bill.received_on < bill.bill_on:
            raise InvalidInput(
                "The bill cannot be received before it went out.", field="received_on"
            )
        if bill.received_on > today:
            raise InvalidInput("The receipt cannot be dated after today.", field="received_on")


def _search_text(charge: SpecialCharge, session: Session) -> str:
    parts = [charge.number, charge.work, label(charge.kind), clock_for(charge.kind).cite]
    billed = session.get(Party, charge.billed_party_id)
    if billed is not None:
        parts.append(billed.name)
    if charge.parcel_id is not None:
        parcel = session.get(Parcel, charge.parcel_id)
        if parcel is not None:
            parts += [parcel.parcel_number, parcel.site_address]
            if parcel.owner is not None:
                parts.append(parcel.owner.name)
    return " ".join(p for p in parts if p).lower()


def create_charge(action: Action, data: ChargeData, bill: BillData | None = None) -> SpecialCharge:
    """Record a charge for work the City did, with its cost lines, and what it is owed by.

    With ``bill`` the bill is recorded at once and the clocks start; without it the charge is
    entered and waits for its bill (Today says so).
    """
    action.require(Permission.BILL)
    session = action.session
    clean, lines = _clean(session, data, action.today())
    clock = clock_for(clean.kind)
    cost = sum((line.amount for line in lines), Money.zero())
    administration = administration_for(clean.kind, cost)
    year = action.today().year
    sequence = take_number(action, RECORD_TYPE, year=year)
    owner_id = None
    if clean.parcel_id is not None:
        parcel = session.get(Parcel, clean.parcel_id)
        owner_id = parcel.owner_id if parcel is not None else None
    charge = SpecialCharge(
        number=f"CHG-{year}-{sequence:03d}",
        year=year,
        sequence=sequence,
        kind=clean.kind,
        parcel_id=clean.parcel_id,
        owner_id=owner_id,
        billed_party_id=clean.billed_party_id,
        billed_as=clean.billed_as,
        work=clean.work,
        work_done_on=clean.work_done_on,
        administration=administration,
        total=cost + administration,
        status=ChargeStatus.BILLED,
        record_type=clean.record_type,
        record_id=clean.record_id,
        notes=clean.notes,
        created_at=action.now(),
        created_by_name=action.operator.full_name,
    )
    charge.lines = [
        ChargeLine(
            position=i, category=line.category, description=line.description, amount=line.amount
        )
        for i, line in enumerate(lines)
    ]
    session.add(charge)
    session.flush()
    due = ledger.bill(
        action,
        party_id=clean.billed_party_id,
        record=RecordRef(RECORD_TYPE, str(charge.id)),
        kind=DueKind.SPECIAL_CHARGE,
        amount=charge.total,
        description=f"{charge.number}: {clock.title}",
        gl_account=ledger.special_charge_account(session),
        cite=clock.cite,
    )
    charge.amount_due_id = due.id
    charge.search_text = _search_text(charge, session)
    action.audit(
        "special_charge.created",
        charge,
        f"{charge.number}: {clock.title}, {charge.total}",
        after=snapshot(charge),
    )
    if bill is not None:
        record_bill(action, charge.id, bill)
    return charge


def get_charge(session: Session, charge_id: int) -> SpecialCharge:
    charge = session.get(SpecialCharge, charge_id)
    if charge is None:
        raise NotFound(f"There is no special charge number {charge_id}.")
    return charge


def _refuse_locked(charge: SpecialCharge) -> None:
    if charge.status is ChargeStatus.CERTIFIED or charge.status == ChargeStatus.CERTIFIED:
        run = charge.run.number if charge.run is not None else ""
        raise Conflict(
            f"{charge.number} was certified to the tax roll (run {run}); it can no longer change."
        )
    if charge.status == ChargeStatus.CANCELLED:
        raise Conflict(f"{charge.number} was cancelled; it can no longer change.")


def record_bill(action: Action, charge_id: int, bill: BillData) -> SpecialCharge:
    """Record the bill or notice (its day, how it went, when it was received) and fix the last
    day to pay and the first tax-roll day from the charge's section."""
    action.require(Permission.BILL)
    charge = get_charge(action.session, charge_id)
    _refuse_locked(charge)
    _check_bill(charge, bill, action.today())
    before = snapshot(charge)
    set_clocks = clocks(
        charge.kind,
        work_done_on=charge.work_done_on,
        bill_on=bill.bill_on,
        received_on=bill.received_on,
        calendar=action.calendar,
    )
    charge.bill_on = bill.bill_on
    charge.delivered_how = fits(
        SpecialCharge.delivered_how, bill.delivered_how.strip(), "How it was delivered"
    )
    charge.received_on = bill.received_on
    charge.due_on, charge.tax_roll_on = set_clocks.due_on, set_clocks.tax_roll_on
    if charge.amount_due is not None:
        charge.amount_due.due_on = set_clocks.due_on
    action.audit(
        "special_charge.billed",
        charge,
        f"{charge.number}: bill of {format_day(bill.bill_on)} ({charge.delivered_how})",
        before=before,
        after=snapshot(charge),
    )
    return charge


def cancel_charge(action: Action, charge_id: int, *, reason: str) -> SpecialCharge:
    """Cancel a charge (billed in error, forgiven by the Council), with the reason. A charge
    that has been paid in part is refunded first: its receipts stay as they were."""
    action.require(Permission.CANCEL_DUE)
    charge = get_charge(action.session, charge_id)
    _refuse_locked(charge)
    if not reason.strip():
        raise InvalidInput("Give the reason for cancelling the charge.", field="reason")
    before = snapshot(charge)
    if charge.amount_due_id is not None:
        ledger.cancel(action, charge.amount_due_id, reason=reason)
    charge.status = ChargeStatus.CANCELLED
    charge.cancelled_on = action.today()
    charge.cancel_reason = reason.strip()
    action.audit(
        "special_charge.cancelled",
        charge,
        f"{charge.number} cancelled: {reason.strip()}",
        before=before,
        after=snapshot(charge),
    )
    return charge


# -- how a charge stands -------------------------------------------------------------------------


def paid(charge: SpecialCharge) -> Money:
    return charge.amount_due.paid if charge.amount_due is not None else Money.zero()


def balance(charge: SpecialCharge) -> Money:
    if charge.status == ChargeStatus.CANCELLED:
        return Money.zero()
    return charge.total - paid(charge)


class Standing(enum.StrEnum):
    """How a charge stands today, as the register and the Today tab say it."""

    AWAITING_BILL = "awaiting_bill"
    BILLED = "billed"
    PARTLY_PAID = "partly_paid"
    OVERDUE = "overdue"
    READY_FOR_ROLL = "ready_for_roll"
    PAID = "paid"
    CERTIFIED = "certified"
    CANCELLED = "cancelled"

    @property
    def label(self) -> str:
        return {
            "awaiting_bill": "Awaiting bill",
            "billed": "Billed",
            "partly_paid": "Partly paid",
            "overdue": "Overdue",
            "ready_for_roll": "Ready for tax roll",
            "paid": "Paid",
            "certified": "Certified to tax roll",
            "cancelled": "Cancelled",
        }[self.value]


def standing(charge: SpecialCharge, today: date) -> Standing:
    if charge.status == ChargeStatus.CANCELLED:
        return Standing.CANCELLED
    if charge.status == ChargeStatus.CERTIFIED:
        return Standing.CERTIFIED
    if balance(charge) == Money.zero():
        return Standing.PAID
    if charge.bill_on is None:
        return Standing.AWAITING_BILL
    if charge.tax_roll_on is not None and today >= charge.tax_roll_on:
        return Standing.READY_FOR_ROLL
    if charge.due_on is not None and today > charge.due_on:
        return Standing.OVERDUE
    if paid(charge) > Money.zero():
        return Standing.PARTLY_PAID
    return Standing.BILLED


def _loaded():  # type: ignore[no-untyped-def]
    return select(SpecialCharge).options(
        selectinload(SpecialCharge.amount_due),
        selectinload(SpecialCharge.lines),
        selectinload(SpecialCharge.parcel).selectinload(Parcel.owner),
        selectinload(SpecialCharge.billed_party),
        selectinload(SpecialCharge.run),
    )


def search_charges(
    session: Session,
    text: str = "",
    *,
    status: ChargeStatus | None = None,
    kind: ChargeKind | None = None,
    year: int | None = None,
    limit: int = SEARCH_LIMIT,
) -> list[SpecialCharge]:
    """Charges, newest first, whose number, work, party, parcel or section contains every word
    of ``text``."""
    query = _loaded()
    for word in text.lower().split():
        query = query.where(SpecialCharge.search_text.contains(word, autoescape=True))
    if status is not None:
        query = query.where(SpecialCharge.status == status)
    if kind is not None:
        query = query.where(SpecialCharge.kind == kind)
    if year is not None:
        query = query.where(SpecialCharge.year == year)
    query = query.order_by(SpecialCharge.year.desc(), SpecialCharge.sequence.desc()).limit(limit)
    return list(session.scalars(query))


def charges_for(session: Session, record_type: str, record_id: str) -> list[SpecialCharge]:
    """The charges a permit or order gave rise to, oldest first."""
    query = _loaded().where(
        SpecialCharge.record_type == record_type, SpecialCharge.record_id == str(record_id)
    )
    return list(session.scalars(query.order_by(SpecialCharge.id)))


def register_years(session: Session) -> list[int]:
    years = session.scalars(
        select(SpecialCharge.year).distinct().order_by(SpecialCharge.year.desc())
    )
    return list(years)


def outstanding_total(session: Session) -> Money:
    """What is still owed on charges not yet on the tax roll: the Treasurer's receivable."""
    query = (
        select(func.coalesce(func.sum(AmountDue.amount - AmountDue.paid), 0))
        .join(SpecialCharge, SpecialCharge.amount_due_id == AmountDue.id)
        .where(AmountDue.status == DueStatus.OPEN)
    )
    return Money.from_cents(int(session.scalar(query) or 0))


# -- the tax roll --------------------------------------------------------------------------------


def eligible(session: Session, as_of: date) -> list[SpecialCharge]:
    """Every charge that may be certified on ``as_of``: billed, past its first tax-roll day,
    not certified or cancelled, with a balance still owed. Parcel order, as the roll reads."""
    query = (
        _loaded()
        .join(AmountDue, SpecialCharge.amount_due_id == AmountDue.id)
        .join(Parcel, SpecialCharge.parcel_id == Parcel.id)
        .where(
            SpecialCharge.status == ChargeStatus.BILLED,
            SpecialCharge.tax_roll_on.is_not(None),
            SpecialCharge.tax_roll_on <= as_of,
            AmountDue.status == DueStatus.OPEN,
            AmountDue.paid < AmountDue.amount,
        )
        .order_by(Parcel.parcel_number, SpecialCharge.year, SpecialCharge.sequence)
    )
    return list(session.scalars(query))


def _entry(charge: SpecialCharge) -> TaxRollEntry:
    parcel = charge.parcel
    assert parcel is not None
    owner = parcel.owner or charge.billed_party
    clock = clock_for(charge.kind)
    description = fits(
        TaxRollEntry.description, f"{charge.number} {clock.title}: {charge.work}", "The entry"
    )
    return TaxRollEntry(
        charge_id=charge.id,
        parcel_number=parcel.parcel_number,
        owner_name=owner.name,
        owner_address=owner.mailing_address,
        site_address=parcel.site_address,
        description=description,
        section=clock.cite,
        amount=balance(charge),
    )


def _run_number(action: Action, as_of: date) -> str:
    sequence = take_number(action, "tax_roll_run", year=as_of.year)
    return f"TR-{as_of.year}-{sequence:02d}"


def prepare_run(action: Action, as_of: date) -> TaxRollRun:
    """List every charge that may be certified on ``as_of``, for the Treasurer to review.

    A run not yet certified is a draft; preparing another sets earlier drafts aside, so only
    the list the Treasurer last reviewed can be certified.
    """
    action.require(Permission.CERTIFY_TAX_ROLL)
    session = action.session
    if as_of > action.today() + timedelta(days=366):
        raise InvalidInput("Choose a tax-roll date within the next year.", field="as_of")
    for draft in session.scalars(select(TaxRollRun).where(TaxRollRun.status == RunStatus.DRAFT)):
        draft.status = RunStatus.DISCARDED
        draft.note = (draft.note + "\n" if draft.note else "") + "Set aside by a later run."
    charges = eligible(session, as_of)
    run = TaxRollRun(
        number=_run_number(action, as_of),
        as_of=as_of,
        status=RunStatus.DRAFT,
        total=Money.zero(),
        prepared_at=action.now(),
        prepared_by_name=action.operator.full_name,
    )
    run.entries = [_entry(charge) for charge in charges]
    run.total = sum((entry.amount for entry in run.entries), Money.zero())
    session.add(run)
    session.flush()
    action.audit(
        "tax_roll.prepared",
        run,
        f"Tax roll run {run.number} as of {format_day(as_of)}: "
        f"{plural(len(run.entries), 'charge')}, {run.total}",
    )
    return run


def get_run(session: Session, run_id: int) -> TaxRollRun:
    run = session.get(TaxRollRun, run_id)
    if run is None:
        raise NotFound(f"There is no tax roll run number {run_id}.")
    return run


def runs(session: Session) -> list[TaxRollRun]:
    query = select(TaxRollRun).options(selectinload(TaxRollRun.entries))
    return list(
        session.scalars(query.order_by(TaxRollRun.prepared_at.desc(), TaxRollRun.id.desc()))
    )


def _changes(run: TaxRollRun, now_eligible: list[SpecialCharge]) -> list[str]:
    listed = {entry.charge_id: entry for entry in run.entries}
    current = {charge.id: charge for charge in now_eligible}
    changes = []
    for charge_id, entry in listed.items():
        charge = current.get(charge_id)
        if charge is None:
            changes.append(f"{entry.description.split(' ', 1)[0]} is no longer owed or eligible")
        elif balance(charge) != entry.amount:
            changes.append(
                f"{charge.number} now owes {balance(charge)}, not the {entry.amount} listed"
            )
    for charge_id, charge in current.items():
        if charge_id not in listed:
            changes.append(f"{charge.number} has become eligible")
    return changes


def certify_run(action: Action, run_id: int) -> TaxRollRun:
    """Certify the reviewed run: its charges are locked, stamped with the run, and their
    amounts due marked certified (collected with the property taxes from now on).

    The list is checked again first: if a payment, a cancellation or a new charge changed it
    since it was prepared, nothing is certified and the Treasurer prepares it again — what is
    certified is exactly what was reviewed. A run is certified once.
    """
    action.require(Permission.CERTIFY_TAX_ROLL)
    session = action.session
    run = session.scalars(
        select(TaxRollRun)
        .where(TaxRollRun.id == run_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).one_or_none()
    if run is None:
        raise NotFound(f"There is no tax roll run number {run_id}.")
    if run.status == RunStatus.CERTIFIED:
        assert run.certified_at is not None
        on = run.certified_at.astimezone(action.clock.local_now().tzinfo).date()
        raise Conflict(
            f"Tax roll run {run.number} was certified on {format_day(on)} by "
            f"{run.certified_by_name}; a run is certified once."
        )
    if run.status == RunStatus.DISCARDED:
        raise Conflict(f"Tax roll run {run.number} was set aside; prepare a new run.")
    charge_ids = [entry.charge_id for entry in run.entries]
    # Lock the charges and their amounts due, so that no receipt lands between check and stamp.
    session.scalars(
        select(SpecialCharge)
        .where(SpecialCharge.id.in_(charge_ids))
        .with_for_update()
        .execution_options(populate_existing=True)
    ).all()
    session.scalars(
        select(AmountDue)
        .join(SpecialCharge, SpecialCharge.amount_due_id == AmountDue.id)
        .where(SpecialCharge.id.in_(charge_ids))
        .with_for_update()
        .execution_options(populate_existing=True)
    ).all()
    changes = _changes(run, eligible(session, run.as_of))
    if changes:
        raise Conflict(
            f"The list changed since run {run.number} was prepared: {'; '.join(changes)}. "
            "Prepare the run again and review it."
        )
    if not run.entries:
        raise Conflict(f"Run {run.number} lists no charges: there is nothing to certify.")
    now = action.now()
    for entry in run.entries:
        charge = entry.charge
        charge.status = ChargeStatus.CERTIFIED
        charge.run = run
        due = charge.amount_due
        assert due is not None
        due.status = DueStatus.CERTIFIED
        action.audit(
            "special_charge.certified",
            charge,
            f"{charge.number} certified to the tax roll, {entry.amount} (run {run.number})",
        )
    run.status = RunStatus.CERTIFIED
    run.certified_at = now
    run.certified_by_name = action.operator.full_name
    action.audit(
        "tax_roll.certified",
        run,
        f"Tax roll run {run.number} certified: {plural(len(run.entries), 'charge')}, {run.total}",
    )
    return run


def discard_run(action: Action, run_id: int, *, reason: str) -> TaxRollRun:
    action.require(Permission.CERTIFY_TAX_ROLL)
    run = get_run(action.session, run_id)
    if run.status != RunStatus.DRAFT:
        raise Conflict(
            f"Run {run.number} is {RunStatus(run.status).value}; only a draft is set aside."
        )
    if not reason.strip():
        raise InvalidInput("Give the reason for setting the run aside.", field="reason")
    run.status = RunStatus.DISCARDED
    run.note = reason.strip()
    action.audit("tax_roll.discarded", run, f"Tax roll run {run.number} set aside: {run.note}")
    return run


# -- Today ---------------------------------------------------------------------------------------


@provider("special_charges")
def _due(action: Action) -> list[TodayItem]:
    session = action.session
    today = action.today()
    items: list[TodayItem] = []
    open_charges = session.scalars(
        _loaded()
        .join(AmountDue, SpecialCharge.amount_due_id == AmountDue.id)
        .where(
            SpecialCharge.status == ChargeStatus.BILLED,
            AmountDue.status == DueStatus.OPEN,
            or_(
                SpecialCharge.bill_on.is_(None),
                SpecialCharge.due_on <= today + timedelta(days=DUE_SOON_DAYS),
                SpecialCharge.tax_roll_on <= today + timedelta(days=ROLL_SOON_DAYS),
            ),
        )
    ).all()
    for charge in open_charges:
        ref = {"record_type": RECORD_TYPE, "record_id": str(charge.id)}
        who = charge.billed_party.name
        clock = clock_for(charge.kind)
        if charge.bill_on is None:
            items.append(
                TodayItem(
                    WORKFLOW,
                    today,
                    f"Send the bill for {charge.number}",
                    f"{who}: {clock.title}, {charge.total}",
                    clock.cite,
                    **ref,
                )
            )
            continue
        soon = today + timedelta(days=ROLL_SOON_DAYS)
        if charge.due_on is not None and today <= charge.due_on:
            title = f"{charge.number} is due {format_day(charge.due_on)}"
            items.append(
                TodayItem(
                    WORKFLOW,
                    charge.due_on,
                    title,
                    f"{who}: {balance(charge)} owed",
                    clock.cite,
                    **ref,
                )
            )
        elif charge.tax_roll_on is not None and charge.tax_roll_on <= soon:
            title = f"{charge.number} may go on the tax roll from {format_day(charge.tax_roll_on)}"
            items.append(
                TodayItem(
                    WORKFLOW,
                    charge.tax_roll_on,
                    title,
                    f"{who}: {balance(charge)} unpaid",
                    clock.cite,
                    **ref,
                )
            )
        elif charge.due_on is not None:
            title = f"{charge.number} was due {format_day(charge.due_on)}"
            items.append(
                TodayItem(
                    WORKFLOW,
                    charge.due_on,
                    title,
                    f"{who}: {balance(charge)} owed",
                    clock.cite,
                    **ref,
                )
            )
    total = outstanding_total(session)
    if total > Money.zero():
        items.append(
            TodayItem(
                WORKFLOW,
                None,
                f"Special charges outstanding: {total}",
                "Owed on charges not yet certified to the tax roll",
            )
        )
    return items
