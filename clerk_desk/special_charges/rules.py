"""The rules of special charges, as plain values: each kind's section, who it lets the City
bill, its two clocks (the last day to pay, the first tax-roll day) and the amounts a section
adds or caps (the 20% for administration of § 506-6, the $500 of a minor sidewalk repair).

No session and no record: :func:`clocks` counts a charge's days from the days given, on the
City's calendar, and :func:`administration_for` its share; the service
(:mod:`clerk_desk.special_charges.service`) calls them, and the tests of the clocks and the
amounts run here without a database. The table of the kinds and their clocks is in the
service's docstring."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from clerk_desk.deadlines import CityCalendar
from clerk_desk.kinds import ChargeKind
from clerk_desk.money import Money

STANDARD_BILL_DAYS = 30  # the City's terms where a section sets no time to pay


ADMINISTRATION_SHARE = Decimal("0.20")  # deficiency repairs: plus 20% for administration


MINOR_REPAIR_LIMIT = Money("500.00")  # "minor repairs, the cost of which does not exceed $500"


CATEGORIES = ("labor", "materials", "equipment", "fee", "other")


WORK_CATEGORIES = ("labor", "materials", "equipment")  # what § 506-6 adds 20% to


class PayFrom(enum.StrEnum):
    BILL = "bill"  # counted from the day the bill went out
    RECEIPT = "receipt"  # from receipt of the bill; from the bill when receipt is not on record
    NOTICE = "notice"  # from actual notice to the applicant and the owner (§ 506-7): none, no day
    NONE = "none"  # no time to pay: the charge goes on the next roll


class RollFrom(enum.StrEnum):
    AFTER_DUE = "after_due"  # the day after the last day to pay
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
    administration: Decimal = Decimal(0)
    city_terms: bool = False  # the days to pay are the City's, the section sets none
    source: str = ""  # the record a charge of this kind comes from ("" — typed at the counter)
    limit: Money | None = None  # the most the cost may be (a minor sidewalk repair)
    becomes: str = "it is entered on the tax roll as a special tax"
    roll_within: int = 0  # days after the cost within which the section has it on the roll

    @property
    def on_tax_roll(self) -> bool:
        return self.roll_from is not RollFrom.NEVER

    def pay_words(self) -> str:
        """The time to pay, in words that say whose it is ("the City's terms")."""
        if self.pay_from is PayFrom.NONE:
            return "the cost is entered on the next tax roll as a special charge unless paid first"
        if self.pay_from is PayFrom.NOTICE:
            return (
                f"payable within {self.pay_days} days of actual notice of the charge to the "
                "applicant and to the owner of the premises"
            )
        if self.pay_from is PayFrom.RECEIPT:
            return f"payable within {self.pay_days} calendar days of receipt of the bill"
        terms = " (the City's terms)" if self.city_terms else ""
        return f"payable within {self.pay_days} days of the bill{terms}"

    def explain(self) -> str:
        """The clock in a sentence, for the screen and the bill: the section first, then the
        time to pay (the City's own terms said so) and what happens to an unpaid balance."""
        if self.roll_from is RollFrom.AFTER_DUE and self.roll_within:
            roll = (
                f"; unpaid after that, {self.becomes}, within {self.roll_within} days after "
                "the cost was incurred"
            )
        elif self.roll_from is RollFrom.AFTER_DUE:
            roll = f"; unpaid after that, {self.becomes}"
        elif self.roll_from is RollFrom.NEVER:
            roll = "; the section puts no lien on the property"
        else:
            roll = ""
        return f"{self.cite}: {self.pay_words()}{roll}."


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
            city_terms=True,
        ),
        ChargeClock(
            ChargeKind.OBSTRUCTION,
            "Obstruction removed by the City",
            "§ 506-8 (Failure to remove obstruction)",
            _OWNER,
            PayFrom.RECEIPT,
            10,
            RollFrom.AFTER_DUE,
            roll_within=60,
        ),
        ChargeClock(
            ChargeKind.PRIVILEGE_REMOVAL,
            "Street privilege obstruction removed by the City",
            "§ 506-9 (Removal by City)",
            _OWNER,
            PayFrom.NONE,
            0,
            RollFrom.AT_ONCE,
            source="street_privilege",
            becomes="it is entered on the next annual tax roll as a special charge",
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
            source="sidewalk_repair_order",
        ),
        ChargeClock(
            ChargeKind.SIDEWALK_MINOR_REPAIR,
            "Minor sidewalk repair by the City (up to $500)",
            "Sidewalk article (Minor repairs)",
            _OWNER,
            PayFrom.NONE,
            0,
            RollFrom.AT_ONCE,
            source="sidewalk_repair_order",
            limit=MINOR_REPAIR_LIMIT,
        ),
        ChargeClock(
            ChargeKind.OPENING_REPAIR,
            "Pavement repair over a street opening, with one year's maintenance",
            "§ 506-7 (Repair by City)",
            ("permittee",),
            PayFrom.NOTICE,
            90,
            RollFrom.AFTER_DUE,
            source="street_opening",
            becomes="it becomes a lien against the premises, collected as a special tax",
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
            city_terms=True,
            source="street_opening",
        ),
    )
}


COUNTER_KINDS: tuple[ChargeKind, ...] = tuple(k for k, c in CLOCKS.items() if not c.source)
"""The kinds the Special Charges tab records itself; the others come from their permit or order
(a street opening, a street privilege, a sidewalk repair order) and are charged in its tab."""


def clock_for(kind: ChargeKind | str) -> ChargeClock:
    return CLOCKS[ChargeKind(kind)]


def label(kind: ChargeKind | str) -> str:
    return clock_for(kind).title


@dataclass(frozen=True, slots=True)
class Clocks:
    due_on: date | None  # the last day to pay
    tax_roll_on: date | None  # the first day the charge may be certified
    roll_by: date | None = None  # the last day the section gives to certify it (§ 506-8)


def clocks(
    kind: ChargeKind | str,
    *,
    work_done_on: date,
    bill_on: date | None,
    received_on: date | None,
    calendar: CityCalendar,
) -> Clocks:
    """The last day to pay, the first tax-roll day and (§ 506-8) the last, of a charge billed
    on ``bill_on`` (None: no bill recorded yet).

    § 506-8 (Failure to remove obstruction): the bill is "payable within 10 calendar days from
    receipt thereof", and "within 60 days after such costs and expenses are incurred and remain
    unpaid, the City Treasurer shall enter those charges onto the tax roll". The charge may be
    certified from the day after its 10 days to pay, and must be by the sixtieth day after the
    cost (the old reading, certifiable only from day 61, forbade what the section requires). A
    bill whose receipt was not recorded counts from the day it went out; with no bill at all
    ("the failure … to mail such notice … shall not affect the right to place the City expense
    on the tax rolls") it may be certified on the sixtieth day, the latest the section allows,
    so the owner has every day it gives to pay. Should a late bill's 10 days run past the
    sixtieth day, the roll still waits for them: no charge is certified before its time to pay
    has run (the reading that protects the owner; the Today tab says the 60 days have passed).
    § 506-7 counts only from actual notice (``received_on``): without it there is no last day to
    pay and no tax-roll day.
    """
    clock = clock_for(kind)
    start: date | None
    if clock.pay_from is PayFrom.NONE:
        start = None
    elif clock.pay_from is PayFrom.BILL:
        start = bill_on
    elif clock.pay_from is PayFrom.RECEIPT:
        start = received_on or bill_on
    else:
        start = received_on if bill_on is not None else None
    due_on = calendar.add_days(start, clock.pay_days) if start is not None else None
    roll_by = calendar.add_days(work_done_on, clock.roll_within) if clock.roll_within else None
    roll_on: date | None = None
    if clock.roll_from is RollFrom.AFTER_DUE:
        roll_on = due_on + timedelta(days=1) if due_on is not None else roll_by
    elif clock.roll_from is RollFrom.AT_ONCE:
        roll_on = bill_on
    return Clocks(due_on, roll_on, roll_by)


def last_roll_day(
    kind: ChargeKind | str, work_done_on: date, calendar: CityCalendar
) -> date | None:
    """The last day the section gives the Treasurer to enter the charge on the tax roll (§ 506-8:
    "within 60 days after such costs and expenses are incurred"), counted per Wis. Stat.
    § 990.001(4) as an act at City Hall; None for a kind whose section sets none."""
    clock = clock_for(kind)
    return calendar.add_days(work_done_on, clock.roll_within) if clock.roll_within else None


ROLL_WITHIN_KINDS: tuple[ChargeKind, ...] = tuple(k for k, c in CLOCKS.items() if c.roll_within)


def administration_for(kind: ChargeKind | str, cost: Money) -> Money:
    """The administration share added to the cost: 20% of a deficiency repair's labor,
    materials and equipment (§ 506-6), rounded to the cent, half up; nothing for the other
    kinds."""
    share = clock_for(kind).administration
    return cost * share if share else Money.zero()


class Standing(enum.StrEnum):
    """How a charge stands today, as the register and the Today tab say it."""

    AWAITING_BILL = "awaiting_bill"
    AWAITING_NOTICE = "awaiting_notice"
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
            "awaiting_notice": "Awaiting notice",
            "billed": "Billed",
            "partly_paid": "Partly paid",
            "overdue": "Overdue",
            "ready_for_roll": "Ready for tax roll",
            "paid": "Paid",
            "certified": "Certified to tax roll",
            "cancelled": "Cancelled",
        }[self.value]


NOTICE_KINDS = tuple(k for k, c in CLOCKS.items() if c.pay_from is PayFrom.NOTICE)
"""The kinds whose clock waits for actual notice (§ 506-7)."""
