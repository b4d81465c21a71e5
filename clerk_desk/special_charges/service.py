"""Special charges: what the City bills for work it did in someone's place, and the tax roll.

Chapter 506 lets the City do the work an owner, operator or permittee left undone — clear the
snow, remove an obstruction, sweep up debris, mend a street, repair a sidewalk or the pavement
over an opening — and charge its cost. What stays unpaid goes on the tax roll as a special tax
against the parcel, each section with its own clock
(:data:`~clerk_desk.special_charges.rules.CLOCKS`):

============================  ===========================================  =====================
kind                          last day to pay                              first tax-roll day
============================  ===========================================  =====================
snow and ice (§ 506-11)       30 days from the bill (the City's terms)     the day after
obstruction (§ 506-8)         10 calendar days from receipt of the bill    the later of day 61
                                                                           after the cost and
                                                                           the day after the
                                                                           last day to pay
street privilege (§ 506-9)    — (entered on the next annual tax roll)      the bill's day
dirt and debris (§ 506-20)    30 days from the bill                        the day after
street damage (§ 506-21)      30 days from the bill                        the day after
sidewalk repair (article)     — (the Treasurer enters the total cost)      the bill's day
minor sidewalk repair         — ("in the same manner"), at most $500       the bill's day
street opening repair         90 days from actual notice to the applicant  the day after
                              and the owner (§ 506-7)
deficiency repair (§ 506-6)   30 days from the bill (the City's terms)     — (billed, not liened)
============================  ===========================================  =====================

Readings (to confirm with the City Attorney): where a section sets no time to pay, the bill
gives the City's usual 30 days; a period's last day that falls when City Hall is closed moves to
its next open day, because payment is made at City Hall (Wis. Stat. § 990.001(4)); "within 60
days after such costs … are incurred and remain unpaid" (§ 506-8) puts the charge on the roll
from the 61st day, but never before the 10 days to pay from receipt of the bill have run, and
(as the section says the owner's failure to receive the notice does not affect the roll) from
the 61st day even when no bill is recorded; a bill whose receipt is not recorded counts the 10
days from the day it went out; § 506-7's 90 days run only from actual notice to both the
applicant and the owner (the later of the two days), so an opening repair has no last day to pay
and no tax-roll day until that notice is recorded; § 506-6 adds 20% to labor, materials and
equipment only, and has no tax-roll clause, so a deficiency repair is never certified.

A charge owes its money through one :class:`~clerk_desk.models.AmountDue`, so the Treasurer
takes payment in the Receipts tab like any other amount, in part or in full. A "certify to tax
roll" run lists every charge past its tax-roll day and unpaid as of a chosen date; the Treasurer
reviews the list and certifies it once, and the certified charges are locked and stamped with
the run. The amount due is then marked certified: it is collected with the property taxes, no
longer at the counter. A run as of a day still to come is a preview: it shows what that day's
run would list, and is never certified.

Money that comes back is not a decision about the debt: a receipt voided, or refunded, puts what
it paid back on the charge, which is owed again (cancelling a charge is the separate act of
:func:`cancel_charge`, with its reason). On a charge already certified, what was paid and comes
back is owed on a supplemental charge against the same parcel, for the next run
(:func:`reverse_certified`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, false, func, not_, or_, select, true
from sqlalchemy.orm import Session, selectinload

from clerk_desk import ledger
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.kinds import ChargeKind, ChargeStatus, DueKind, DueStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    AmountDue,
    ChargeLine,
    Parcel,
    Party,
    SidewalkRepairOrder,
    SpecialCharge,
    StreetOpening,
    StreetPrivilege,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.special_charges import acts
from clerk_desk.special_charges.rules import (
    CATEGORIES,
    NOTICE_KINDS,
    ROLL_WITHIN_KINDS,
    WORK_CATEGORIES,
    ChargeClock,
    Standing,
    administration_for,
    clock_for,
    clocks,
    label,
    last_roll_day,
)
from clerk_desk.text_search import fold, words_match
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import format_day

RECORD_TYPE = "special_charge"
WORKFLOW = "Special Charges"
DUE_SOON_DAYS = 7
ROLL_SOON_DAYS = 7
ROLL_BY_WARNING_DAYS = 14  # § 506-8's sixtieth day: Today warns two weeks before
SEARCH_LIMIT = 1000


_SOURCES: dict[str, tuple[type[Any], str]] = {
    "street_opening": (StreetOpening, "street opening permit"),
    "street_privilege": (StreetPrivilege, "street privilege permit"),
    "sidewalk_repair_order": (SidewalkRepairOrder, "sidewalk repair order"),
}


# -- the clocks ----------------------------------------------------------------------------------


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
    received_on: date | None = None  # § 506-7: the later of the notices to applicant and owner


def _clean_lines(kind: ChargeKind, lines: Sequence[LineData]) -> list[LineData]:
    clock = clock_for(kind)
    allowed = WORK_CATEGORIES if clock.administration else CATEGORIES
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
        if category not in allowed:
            raise InvalidInput(
                f"Line {index + 1}: {clock.cite} bills labor, materials and equipment used, "
                f"plus 20% for administration; a cost of the kind {category!r} is not one of "
                "them.",
                field=field,
                cite=clock.cite,
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
    cost = sum((line.amount for line in clean), Money.zero())
    if clock.limit is not None and cost > clock.limit:
        raise InvalidInput(
            f"{clock.cite}: a minor repair is one whose cost does not exceed {clock.limit}, and "
            f"these costs come to {cost}. Charge it as a sidewalk repair on the repair order, "
            "after the notice.",
            field="lines",
            cite=clock.cite,
        )
    return clean


def _check_source(session: Session, clock: ChargeClock, data: ChargeData) -> None:
    """A kind that comes from a permit or an order names it: the charge is made from there."""
    if not clock.source:
        return
    model, what = _SOURCES[clock.source]
    if data.record_type != clock.source or not data.record_id.isdigit():
        raise InvalidInput(
            f"{clock.cite}: this kind of charge ({clock.title[:1].lower()}{clock.title[1:]}) is "
            f"made from its {what}, which the charge names. Record it in that tab.",
            field="kind",
            cite=clock.cite,
        )
    if session.get(model, int(data.record_id)) is None:
        raise NotFound(f"There is no {what} number {data.record_id}.")


def _clean(session: Session, data: ChargeData, today: date) -> tuple[ChargeData, list[LineData]]:
    kind = ChargeKind(data.kind)
    clock = clock_for(kind)
    _check_source(session, clock, data)
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
            "Name the parcel: what stays unpaid is entered on the tax roll against it, under "
            f"{clock.cite}.",
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
    lines = _clean_lines(kind, data.lines)
    return (
        ChargeData(
            kind=kind,
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
    return fold(" ".join(p for p in parts if p))


def _new_charge(
    action: Action,
    *,
    kind: ChargeKind,
    parcel_id: int | None,
    billed_party_id: int,
    billed_as: str,
    work: str,
    work_done_on: date,
    lines: Sequence[LineData],
    record_type: str,
    record_id: str,
    notes: str = "",
    supplements: SpecialCharge | None = None,
) -> SpecialCharge:
    """Save a charge with its lines and the amount due it is paid through (no bill yet)."""
    session = action.session
    clock = clock_for(kind)
    cost = sum((line.amount for line in lines), Money.zero())
    administration = administration_for(kind, cost)
    year = action.today().year
    sequence = take_number(action, RECORD_TYPE, year=year)
    owner_id = None
    if parcel_id is not None:
        parcel = session.get(Parcel, parcel_id)
        owner_id = parcel.owner_id if parcel is not None else None
    charge = SpecialCharge(
        number=f"CHG-{year}-{sequence:03d}",
        year=year,
        sequence=sequence,
        kind=kind,
        parcel_id=parcel_id,
        owner_id=owner_id,
        billed_party_id=billed_party_id,
        billed_as=billed_as,
        work=work,
        work_done_on=work_done_on,
        administration=administration,
        total=cost + administration,
        status=ChargeStatus.BILLED,
        record_type=record_type,
        record_id=record_id,
        notes=notes,
        supplements_id=supplements.id if supplements is not None else None,
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
    again = f" (owed again on {supplements.number})" if supplements is not None else ""
    due = ledger.bill(
        action,
        party_id=billed_party_id,
        record=RecordRef(RECORD_TYPE, str(charge.id)),
        kind=DueKind.SPECIAL_CHARGE,
        amount=charge.total,
        description=f"{charge.number}: {clock.title}{again}",
        gl_account=ledger.special_charge_account(session),
        cite=clock.cite,
    )
    charge.amount_due_id = due.id
    charge.amount_due = due
    charge.search_text = _search_text(charge, session)
    return charge


def create_charge(action: Action, data: ChargeData, bill: BillData | None = None) -> int:
    """Record a charge for work the City did, with its cost lines, and what it is owed by.

    With ``bill`` the bill is recorded at once and the clocks start; without it the charge is
    entered and waits for its bill (Today says so) — except that an obstruction's 60 days
    (§ 506-8) run from the work whether or not a bill goes out. A kind that comes from a permit
    or an order (:data:`COUNTER_KINDS` are the others) must name it in ``record_type`` and
    ``record_id``.
    """
    acts.allow_new(action, acts.RegisterAct.NEW_CHARGE)
    session = action.session
    clean, lines = _clean(session, data, action.today())
    charge = _new_charge(
        action,
        kind=ChargeKind(clean.kind),
        parcel_id=clean.parcel_id,
        billed_party_id=clean.billed_party_id,
        billed_as=clean.billed_as,
        work=clean.work,
        work_done_on=clean.work_done_on,
        lines=lines,
        record_type=clean.record_type,
        record_id=clean.record_id,
        notes=clean.notes,
    )
    unbilled = clocks(
        charge.kind,
        work_done_on=charge.work_done_on,
        bill_on=None,
        received_on=None,
        calendar=action.calendar,
    )
    charge.due_on, charge.tax_roll_on = unbilled.due_on, unbilled.tax_roll_on
    action.audit(
        "special_charge.created",
        charge,
        f"{charge.number}: {clock_for(charge.kind).title}, {charge.total}",
        after=snapshot(charge),
    )
    if bill is not None:
        record_bill(action, charge.id, bill)
    return charge.id


def get_charge(session: Session, charge_id: int, *, lock: bool = False) -> SpecialCharge:
    """The charge; with ``lock``, read afresh under a row lock until the action ends (for a
    change: another station may be certifying or cancelling it at the same moment)."""
    charge = (
        session.get(SpecialCharge, charge_id, with_for_update=True, populate_existing=True)
        if lock
        else session.get(SpecialCharge, charge_id)
    )
    if charge is None:
        raise NotFound(f"There is no special charge number {charge_id}.")
    return charge


def charge_of_due(session: Session, due_id: int) -> SpecialCharge | None:
    """The special charge an amount due belongs to, if any."""
    return session.scalars(
        select(SpecialCharge).where(SpecialCharge.amount_due_id == due_id)
    ).one_or_none()


def _only_receipt_added(charge: SpecialCharge, bill: BillData) -> bool:
    """The bill as recorded, with the day it was received (learned later) added."""
    return (
        bill.bill_on == charge.bill_on
        and " ".join(bill.delivered_how.split()) == charge.delivered_how
        and charge.received_on is None
        and bill.received_on is not None
    )


def _same_bill(charge: SpecialCharge, bill: BillData) -> bool:
    return (
        bill.bill_on == charge.bill_on
        and " ".join(bill.delivered_how.split()) == charge.delivered_how
        and bill.received_on == charge.received_on
    )


def record_bill(action: Action, charge_id: int, bill: BillData, *, reason: str = "") -> int:
    """Record the bill or notice (its day, how it went, when it was received) and fix the last
    day to pay and the first tax-roll day from the charge's section.

    Recording it again is a correction: it needs ``reason`` (kept with the charge and in the
    audit trail, the day first recorded kept in ``first_bill_on``), except to add the day the
    bill was received, learned later (§ 506-7's notice to the applicant and the owner). Once the
    last day to pay has passed, the bill's day is not moved later: that would give back time to
    pay that has run out.
    """
    charge = get_charge(action.session, charge_id, lock=True)
    acts.allow(action, acts.ChargeAct.RECORD_BILL, charge)
    _check_bill(charge, bill, action.today())
    why = " ".join(reason.split())
    correcting = charge.bill_on is not None
    if correcting:
        assert charge.bill_on is not None
        if _same_bill(charge, bill):
            return charge.id
        if not why and not _only_receipt_added(charge, bill):
            raise InvalidInput(
                f"The bill of {charge.number} was recorded as of {format_day(charge.bill_on)}: "
                "say why it is corrected.",
                field="reason",
            )
        today = action.today()
        if bill.bill_on > charge.bill_on and charge.due_on is not None and today > charge.due_on:
            raise InvalidInput(
                f"The last day to pay {charge.number} was {format_day(charge.due_on)}: the bill's "
                "day cannot be moved later now, which would give back time to pay that has run "
                "out. If the bill was wrong, cancel the charge with the reason and bill it again.",
                field="bill_on",
            )
    before = snapshot(charge)
    set_clocks = clocks(
        charge.kind,
        work_done_on=charge.work_done_on,
        bill_on=bill.bill_on,
        received_on=bill.received_on,
        calendar=action.calendar,
    )
    charge.bill_on = bill.bill_on
    if charge.first_bill_on is None:
        charge.first_bill_on = bill.bill_on
    charge.delivered_how = fits(
        SpecialCharge.delivered_how, " ".join(bill.delivered_how.split()), "How it was delivered"
    )
    charge.received_on = bill.received_on
    charge.due_on, charge.tax_roll_on = set_clocks.due_on, set_clocks.tax_roll_on
    if why and correcting:
        charge.bill_note = why
    if charge.amount_due is not None:
        charge.amount_due.due_on = set_clocks.due_on
    if not correcting:
        summary = f"{charge.number}: bill of {format_day(bill.bill_on)} ({charge.delivered_how})"
    elif why:
        summary = f"{charge.number}: bill corrected ({why})"
    else:
        assert bill.received_on is not None
        summary = f"{charge.number}: bill received {format_day(bill.received_on)}"
    action.audit(
        "special_charge.bill_corrected" if correcting else "special_charge.billed",
        charge,
        summary,
        before=before,
        after=snapshot(charge),
    )
    return charge.id


def cancel_charge(action: Action, charge_id: int, *, reason: str) -> int:
    """Cancel a charge (billed in error, forgiven by the Council), with the reason. A charge
    that has been paid in part is refunded first: its receipts stay as they were."""
    # The charge, then its amount due (ledger.cancel): the order certify_run locks them in.
    charge = get_charge(action.session, charge_id, lock=True)
    acts.allow(action, acts.ChargeAct.CANCEL, charge)
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
    return charge.id


# -- money that comes back -----------------------------------------------------------------------


def refunded(
    action: Action, due_id: int, amount: Money, *, receipt_number: str, reason: str
) -> int:
    """A receipt that paid ``amount`` on a special charge was refunded (receipt
    ``receipt_number``, which put the money back through
    :func:`clerk_desk.ledger.reverse_payment`): the charge is owed again — a refund returns
    money, it does not forgive the debt (cancel the charge with its reason for that). On a
    charge already certified, the amount is owed on a supplemental charge
    (:func:`reverse_certified`). The charge's audit trail keeps the refund and its reason.
    Called by :func:`clerk_desk.receipts.service.refund` in its transaction."""
    charge = charge_of_due(action.session, due_id)
    if charge is None:
        raise NotFound(f"Amount due number {due_id} belongs to no special charge.")
    why = reason.strip()
    if charge.status == ChargeStatus.CERTIFIED:
        later = supplements_of(action.session, charge.id)
        where = f"owed on {later[-1].number}" if later else "owed on a supplemental charge"
        tail = f"{where}, as {charge.number} was certified to the tax roll"
    else:
        tail = f"owed again on {charge.number} (cancel the charge if it was not owed)"
    action.audit(
        "special_charge.refunded",
        charge,
        f"{amount} paid on {charge.number} refunded on receipt {receipt_number}: {why}; {tail}",
    )
    return charge.id


def reverse_certified(action: Action, due: AmountDue, amount: Money, *, reference: str) -> int:
    """A payment on a charge since certified to the tax roll is voided or refunded: the roll
    went to the county with the balance as it stood, so the ``amount`` that comes back is owed
    on a new, supplemental charge against the same parcel — same kind, section and bill, its
    clocks those of the charge (already run), so the next run takes it unless it is paid at the
    counter first (Today says so). The certified charge keeps the amount it was certified for.
    Called by :func:`clerk_desk.ledger.reverse_payment` for a certified amount due."""
    session = action.session
    charge = charge_of_due(session, due.id)
    if charge is None or charge.status != ChargeStatus.CERTIFIED:
        raise Conflict(
            f"{due.description} has been certified to the tax roll and belongs to no certified "
            "special charge: ask the City Treasurer."
        )
    before = snapshot(due)
    ledger.settle(session, due)  # still certified, with what its receipts paid
    run = charge.run.number if charge.run is not None else ""
    supplement = _new_charge(
        action,
        kind=ChargeKind(charge.kind),
        parcel_id=charge.parcel_id,
        billed_party_id=charge.billed_party_id,
        billed_as=charge.billed_as,
        work=f"{amount} paid on {charge.number} came back ({reference}) after the charge was "
        f"certified to the tax roll (run {run}): {charge.work}",
        work_done_on=charge.work_done_on,
        lines=[
            LineData(
                "other",
                fits(
                    ChargeLine.description,
                    f"Payment on {charge.number} reversed after certification ({reference})",
                    "A cost",
                ),
                amount,
            )
        ],
        record_type=charge.record_type,
        record_id=charge.record_id,
        supplements=charge,
    )
    supplement.bill_on, supplement.first_bill_on = charge.bill_on, charge.first_bill_on
    supplement.delivered_how, supplement.received_on = charge.delivered_how, charge.received_on
    supplement.due_on, supplement.tax_roll_on = charge.due_on, charge.tax_roll_on
    if supplement.amount_due is not None:
        supplement.amount_due.due_on = charge.due_on
    action.audit(
        "due.payment_reversed",
        due,
        f"{amount} put back on {due.description} ({reference}); certified to the tax roll, it "
        f"is owed on {supplement.number}",
        before=before,
        after=snapshot(due),
    )
    action.audit(
        "special_charge.supplemented",
        supplement,
        f"{supplement.number}: {amount} owed again on {charge.number} ({reference}), which was "
        f"certified to the tax roll (run {run})",
        after=snapshot(supplement),
    )
    return supplement.id


# -- how a charge stands -------------------------------------------------------------------------


def cancelled(charge: SpecialCharge) -> bool:
    """Cancelled: the charge itself, or its amount due (whoever cancelled it)."""
    due = charge.amount_due
    return charge.status == ChargeStatus.CANCELLED or (
        due is not None and due.status == DueStatus.CANCELLED
    )


def paid(charge: SpecialCharge) -> Money:
    return charge.amount_due.paid if charge.amount_due is not None else Money.zero()


def balance(charge: SpecialCharge) -> Money:
    """What is still owed: nothing on a cancelled charge; on a certified one, the amount the
    run entered on the tax roll (what came back since is owed on a supplemental charge)."""
    if cancelled(charge):
        return Money.zero()
    if charge.status == ChargeStatus.CERTIFIED and charge.certified_amount is not None:
        return charge.certified_amount
    return charge.total - paid(charge)


def standing(charge: SpecialCharge, today: date) -> Standing:
    """How ``charge`` stands on ``today`` (:func:`standing_clause` says the same in SQL)."""
    if cancelled(charge):
        return Standing.CANCELLED
    if charge.status == ChargeStatus.CERTIFIED:
        return Standing.CERTIFIED
    if balance(charge) == Money.zero():
        return Standing.PAID
    if charge.tax_roll_on is not None and today >= charge.tax_roll_on:
        return Standing.READY_FOR_ROLL
    if charge.bill_on is None:
        return Standing.AWAITING_BILL
    if charge.due_on is None and charge.kind in NOTICE_KINDS:
        return Standing.AWAITING_NOTICE
    if charge.due_on is not None and today > charge.due_on:
        return Standing.OVERDUE
    if paid(charge) > Money.zero():
        return Standing.PARTLY_PAID
    return Standing.BILLED


def standing_clause(wanted: Standing, today: date) -> ColumnElement[bool]:
    """The charges that stand ``wanted`` on ``today``, as a condition on a query joined to
    their amount due (the same order of tests as :func:`standing`)."""
    is_cancelled = or_(
        SpecialCharge.status == ChargeStatus.CANCELLED, AmountDue.status == DueStatus.CANCELLED
    )
    is_certified = SpecialCharge.status == ChargeStatus.CERTIFIED
    is_paid = AmountDue.paid >= AmountDue.amount
    ready = and_(SpecialCharge.tax_roll_on.is_not(None), SpecialCharge.tax_roll_on <= today)
    unbilled = SpecialCharge.bill_on.is_(None)
    awaiting_notice = and_(
        SpecialCharge.due_on.is_(None),
        SpecialCharge.kind.in_(NOTICE_KINDS) if NOTICE_KINDS else false(),
    )
    overdue = and_(SpecialCharge.due_on.is_not(None), SpecialCharge.due_on < today)
    part_paid = AmountDue.paid > Money.zero()
    steps: list[tuple[Standing, ColumnElement[bool]]] = [
        (Standing.CANCELLED, is_cancelled),
        (Standing.CERTIFIED, is_certified),
        (Standing.PAID, is_paid),
        (Standing.READY_FOR_ROLL, ready),
        (Standing.AWAITING_BILL, unbilled),
        (Standing.AWAITING_NOTICE, awaiting_notice),
        (Standing.OVERDUE, overdue),
        (Standing.PARTLY_PAID, part_paid),
        (Standing.BILLED, true()),
    ]
    earlier: list[ColumnElement[bool]] = []
    for each, condition in steps:
        if each is wanted:
            return and_(condition, *[not_(e) for e in earlier])
        earlier.append(condition)
    raise AssertionError(wanted)  # pragma: no cover - every standing is a step


def loaded() -> Select[SpecialCharge]:
    return select(SpecialCharge).options(
        selectinload(SpecialCharge.amount_due),
        selectinload(SpecialCharge.lines),
        selectinload(SpecialCharge.parcel).selectinload(Parcel.owner),
        selectinload(SpecialCharge.billed_party),
        selectinload(SpecialCharge.run),
        selectinload(SpecialCharge.supplements),
    )


def search_charges(
    session: Session,
    text: str = "",
    *,
    status: ChargeStatus | None = None,
    kind: ChargeKind | None = None,
    year: int | None = None,
    standing: Standing | None = None,
    today: date | None = None,
    limit: int = SEARCH_LIMIT,
) -> list[SpecialCharge]:
    """Charges, newest first, whose number, work, party, parcel or section contains every word
    of ``text``; narrowed to a kind, a year, a stored status, or how they stand on ``today``
    (the filter is applied before the ``limit``)."""
    query = loaded()
    query = query.where(*words_match(session, SpecialCharge.search_text, text))
    if status is not None:
        query = query.where(SpecialCharge.status == status)
    if kind is not None:
        query = query.where(SpecialCharge.kind == kind)
    if year is not None:
        query = query.where(SpecialCharge.year == year)
    if standing is not None:
        if today is None:
            raise ValueError("a standing is read on a day: pass today")
        query = query.join(AmountDue, SpecialCharge.amount_due_id == AmountDue.id).where(
            standing_clause(standing, today)
        )
    query = query.order_by(SpecialCharge.year.desc(), SpecialCharge.sequence.desc()).limit(limit)
    return list(session.scalars(query))


def charges_for(session: Session, record_type: str, record_id: str) -> list[SpecialCharge]:
    """The charges a permit or order gave rise to, oldest first."""
    query = loaded().where(
        SpecialCharge.record_type == record_type, SpecialCharge.record_id == str(record_id)
    )
    return list(session.scalars(query.order_by(SpecialCharge.id)))


def supplements_of(session: Session, charge_id: int) -> list[SpecialCharge]:
    """The supplemental charges for payments on ``charge_id`` reversed after certification."""
    query = loaded().where(SpecialCharge.supplements_id == charge_id)
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
        .where(AmountDue.status == DueStatus.OPEN, SpecialCharge.status == ChargeStatus.BILLED)
    )
    return Money.from_cents(int(session.scalar(query) or 0))


# -- the tax roll --------------------------------------------------------------------------------


# -- Today ---------------------------------------------------------------------------------------


def _item(charge: SpecialCharge, due: date | None, title: str, detail: str) -> TodayItem:
    return TodayItem(
        WORKFLOW,
        due,
        title,
        detail,
        clock_for(charge.kind).cite,
        record_type=RECORD_TYPE,
        record_id=str(charge.id),
    )


def _roll_by_item(charge: SpecialCharge, today: date, calendar: CityCalendar) -> TodayItem | None:
    """§ 506-8: the Treasurer enters an unpaid obstruction charge on the tax roll within 60 days
    after the cost; Today says so from :data:`ROLL_BY_WARNING_DAYS` before the last day."""
    roll_by = last_roll_day(charge.kind, charge.work_done_on, calendar)
    if roll_by is None or today < roll_by - timedelta(days=ROLL_BY_WARNING_DAYS):
        return None
    who, clock = charge.billed_party.name, clock_for(charge.kind)
    passed = today > roll_by
    title = (
        f"{charge.number} was to be entered on the tax roll by {format_day(roll_by)}"
        if passed
        else f"Enter {charge.number} on the tax roll by {format_day(roll_by)}"
    )
    detail = (
        f"{who}: {balance(charge)} unpaid. The section has the Treasurer enter it within "
        f"{clock.roll_within} days after the cost was incurred ({format_day(charge.work_done_on)})"
    )
    if charge.tax_roll_on is not None and charge.tax_roll_on > roll_by:
        detail += (
            f"; its time to pay runs past that day, so it may be certified only from "
            f"{format_day(charge.tax_roll_on)}"
        )
    elif charge.tax_roll_on is not None and today < charge.tax_roll_on:
        detail += f"; it may be certified from {format_day(charge.tax_roll_on)}"
    return _item(charge, roll_by, title, detail + ".")


def _today_items(charge: SpecialCharge, today: date, calendar: CityCalendar) -> list[TodayItem]:
    who = charge.billed_party.name
    clock = clock_for(charge.kind)
    soon = today + timedelta(days=ROLL_SOON_DAYS)
    items: list[TodayItem] = []
    if charge.supplements is None:
        deadline = _roll_by_item(charge, today, calendar)
        if deadline is not None:
            items.append(deadline)
    if charge.supplements is not None:
        items.append(
            _item(
                charge,
                today,
                f"{charge.number}: {balance(charge)} owed again on {charge.supplements.number}",
                f"{who}: a payment came back after {charge.supplements.number} was certified to "
                "the tax roll. Collect it at the counter or certify it with the next run, and "
                "tell the owner.",
            )
        )
        return items
    if charge.bill_on is None:
        items.append(
            _item(
                charge,
                today,
                f"Send the bill for {charge.number}",
                f"{who}: {clock.title}, {charge.total}",
            )
        )
    elif charge.due_on is None and charge.kind in NOTICE_KINDS:
        items.append(
            _item(
                charge,
                today,
                f"Record the actual notice of {charge.number}",
                f"{who}: the {clock.pay_days} days to pay run from the later of the days the "
                "applicant and the owner received the notice",
            )
        )
    elif charge.due_on is not None and today <= charge.due_on:
        if charge.due_on <= today + timedelta(days=DUE_SOON_DAYS):
            items.append(
                _item(
                    charge,
                    charge.due_on,
                    f"{charge.number} is due {format_day(charge.due_on)}",
                    f"{who}: {balance(charge)} owed",
                )
            )
        return items
    if charge.tax_roll_on is not None and charge.tax_roll_on <= soon:
        items.append(
            _item(
                charge,
                charge.tax_roll_on,
                f"{charge.number} may go on the tax roll from {format_day(charge.tax_roll_on)}",
                f"{who}: {balance(charge)} unpaid",
            )
        )
    elif charge.bill_on is not None and charge.due_on is not None:
        items.append(
            _item(
                charge,
                charge.due_on,
                f"{charge.number} was due {format_day(charge.due_on)}",
                f"{who}: {balance(charge)} owed",
            )
        )
    return items


@provider("special_charges")
def _due(action: Action) -> list[TodayItem]:
    session = action.session
    today = action.today()
    items: list[TodayItem] = []
    open_charges = session.scalars(
        loaded()
        .join(AmountDue, SpecialCharge.amount_due_id == AmountDue.id)
        .where(
            SpecialCharge.status == ChargeStatus.BILLED,
            AmountDue.status == DueStatus.OPEN,
            or_(
                SpecialCharge.bill_on.is_(None),
                SpecialCharge.supplements_id.is_not(None),
                and_(SpecialCharge.due_on.is_(None), SpecialCharge.kind.in_(NOTICE_KINDS)),
                SpecialCharge.due_on <= today + timedelta(days=DUE_SOON_DAYS),
                SpecialCharge.tax_roll_on <= today + timedelta(days=ROLL_SOON_DAYS),
                SpecialCharge.kind.in_(ROLL_WITHIN_KINDS),
            ),
        )
        .order_by(SpecialCharge.id)
    ).all()
    for charge in open_charges:
        items += _today_items(charge, today, action.calendar)
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
