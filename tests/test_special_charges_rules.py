"""The rules of special charges without a database: each kind's two clocks at their boundaries
(the day before, on and after the last day to pay and the first tax-roll day, a period's last
day when City Hall is closed), whose days they are, the 20% for administration to the cent, and
the kinds the Special Charges tab records itself."""

from __future__ import annotations

from datetime import date

import pytest

from clerk_desk.deadlines import default_calendar
from clerk_desk.kinds import ChargeKind
from clerk_desk.money import Money
from clerk_desk.special_charges import rules as charge_rules

CALENDAR = default_calendar()


def clocks(kind: ChargeKind, **days: date | None) -> charge_rules.Clocks:
    bill_on = days.pop("bill_on", None)
    work = days.pop("work_done_on", None) or bill_on
    assert work is not None
    return charge_rules.clocks(
        kind,
        work_done_on=work,
        bill_on=bill_on,
        received_on=days.pop("received_on", None),
        calendar=CALENDAR,
    )


def test_obstruction_is_payable_within_ten_calendar_days_of_receipt() -> None:
    # Received Monday October 5: the tenth day is Thursday October 15.
    got = clocks(
        ChargeKind.OBSTRUCTION,
        work_done_on=date(2026, 10, 1),
        bill_on=date(2026, 10, 2),
        received_on=date(2026, 10, 5),
    )
    assert got.due_on == date(2026, 10, 15)
    # A bill whose receipt was not recorded counts from the day it went out: § 506-8 (Failure
    # to remove obstruction) says the owner's failure to receive the notice does not affect the
    # right to place the expense on the tax rolls.
    assert clocks(ChargeKind.OBSTRUCTION, bill_on=date(2026, 10, 5)).due_on == date(2026, 10, 15)


@pytest.mark.parametrize(
    ("received", "due", "roll_on"),
    [
        # Issue 21: § 506-8 has the Treasurer enter the charge "within 60 days after such costs
        # and expenses are incurred and remain unpaid": it may be certified from the day after
        # its 10 days to pay, not from day 61, which forbade what the section requires.
        (date(2026, 9, 7), date(2026, 9, 17), date(2026, 9, 18)),
        (date(2026, 9, 8), date(2026, 9, 18), date(2026, 9, 19)),
        (date(2026, 9, 9), date(2026, 9, 21), date(2026, 9, 22)),  # day 10 a Saturday: Monday
    ],
)
def test_an_obstruction_may_go_on_the_roll_the_day_after_its_ten_days_to_pay(
    received: date, due: date, roll_on: date
) -> None:
    got = clocks(
        ChargeKind.OBSTRUCTION,
        work_done_on=date(2026, 9, 3),
        bill_on=date(2026, 9, 4),
        received_on=received,
    )
    # Thursday September 3 + 60 days is Monday November 2: the last day to enter it.
    assert (got.due_on, got.tax_roll_on, got.roll_by) == (due, roll_on, date(2026, 11, 2))


@pytest.mark.parametrize(
    ("work", "roll_by"),
    [
        (date(2026, 8, 31), date(2026, 10, 30)),  # day 60 Friday October 30
        (date(2026, 9, 1), date(2026, 11, 2)),  # day 60 Saturday October 31: next open day
        (date(2026, 9, 2), date(2026, 11, 2)),  # day 60 Sunday November 1
        (date(2026, 9, 3), date(2026, 11, 2)),  # day 60 Monday November 2
        (date(2026, 9, 4), date(2026, 11, 4)),  # Tuesday November 3: the general election
    ],
)
def test_the_sixtieth_day_after_the_cost_is_the_last_to_enter_it(work: date, roll_by: date) -> None:
    assert charge_rules.last_roll_day(ChargeKind.OBSTRUCTION, work, CALENDAR) == roll_by


def test_an_obstruction_never_billed_may_go_on_the_roll_on_the_sixtieth_day() -> None:
    """ "The failure ... to mail such notice ... shall not affect the right to place the City
    expense on the tax rolls": with no bill the charge may be certified on the last day the
    section gives, so the owner has every day it allows to pay."""
    got = clocks(ChargeKind.OBSTRUCTION, work_done_on=date(2026, 9, 3))
    assert got == charge_rules.Clocks(None, date(2026, 11, 2), date(2026, 11, 2))


def test_a_late_bills_ten_days_still_run_past_the_sixtieth_day() -> None:
    got = clocks(
        ChargeKind.OBSTRUCTION,
        work_done_on=date(2026, 9, 1),
        bill_on=date(2026, 10, 29),
        received_on=date(2026, 11, 2),
    )
    assert got == charge_rules.Clocks(date(2026, 11, 12), date(2026, 11, 13), date(2026, 11, 2))


def test_only_an_obstruction_counts_from_the_bill_when_receipt_is_not_on_record() -> None:
    bill = date(2026, 8, 10)
    assert clocks(ChargeKind.OBSTRUCTION, bill_on=bill).due_on == date(2026, 8, 20)
    assert clocks(ChargeKind.OPENING_REPAIR, bill_on=bill) == charge_rules.Clocks(None, None)
    notice = clocks(ChargeKind.OPENING_REPAIR, bill_on=bill, received_on=date(2026, 8, 12))
    assert notice == charge_rules.Clocks(date(2026, 11, 10), date(2026, 11, 11))


@pytest.mark.parametrize(
    "kind",
    [ChargeKind.PRIVILEGE_REMOVAL, ChargeKind.SIDEWALK_REPAIR, ChargeKind.SIDEWALK_MINOR_REPAIR],
)
def test_removal_and_sidewalk_charges_go_on_the_next_roll(kind: ChargeKind) -> None:
    got = clocks(kind, bill_on=date(2026, 11, 16))
    assert (got.due_on, got.tax_roll_on) == (None, date(2026, 11, 16))


def test_each_clock_says_whose_days_to_pay_they_are() -> None:
    """A section that sets no time to pay gets the City's 30 days, and the sentence says so
    rather than crediting the section; no citation is wrapped in a second pair of brackets."""
    snow = charge_rules.clock_for(ChargeKind.SNOW_ICE).explain()
    assert snow == (
        "§ 506-11 (Failure to remove): payable within 30 days of the bill (the City's terms); "
        "unpaid after that, it is entered on the tax roll as a special tax."
    )
    deficiency = charge_rules.clock_for(ChargeKind.DEFICIENCY_REPAIR).explain()
    assert deficiency.startswith(
        "§ 506-6 (Bond): payable within 30 days of the bill (the City's terms)"
    )
    dirt = charge_rules.clock_for(ChargeKind.DIRT_DEBRIS).explain()
    assert dirt.startswith("§ 506-20: payable within 30 days of the bill;")
    opening = charge_rules.clock_for(ChargeKind.OPENING_REPAIR).explain()
    assert "90 days of actual notice of the charge to the applicant and to the owner" in opening
    for kind in ChargeKind:
        sentence = charge_rules.clock_for(kind).explain()
        assert "((" not in sentence and "))" not in sentence, sentence
        city_terms = kind in (ChargeKind.SNOW_ICE, ChargeKind.DEFICIENCY_REPAIR)
        assert ("the City's terms" in sentence) is city_terms, sentence


def test_the_tab_records_only_the_kinds_that_come_from_no_permit() -> None:
    assert charge_rules.COUNTER_KINDS == (
        ChargeKind.SNOW_ICE,
        ChargeKind.OBSTRUCTION,
        ChargeKind.DIRT_DEBRIS,
        ChargeKind.STREET_DAMAGE,
    )


def test_snow_and_ice_is_payable_thirty_days_then_goes_on_the_roll_the_day_after() -> None:
    # Billed Friday October 2: the thirtieth day is Sunday November 1, so the last day to pay
    # moves to Monday November 2, when City Hall is open; the roll takes it from November 3.
    got = clocks(ChargeKind.SNOW_ICE, work_done_on=date(2026, 10, 1), bill_on=date(2026, 10, 2))
    assert got == charge_rules.Clocks(date(2026, 11, 2), date(2026, 11, 3))
    # Billed a day earlier, the thirtieth day is Saturday October 31: payment at City Hall
    # still moves to Monday.
    earlier = clocks(ChargeKind.SNOW_ICE, bill_on=date(2026, 10, 1))
    assert earlier.due_on == date(2026, 11, 2)
    # Billed a day later, Saturday October 3: Monday November 2 is the thirtieth day itself.
    later = clocks(ChargeKind.SNOW_ICE, bill_on=date(2026, 10, 3))
    assert later == charge_rules.Clocks(date(2026, 11, 2), date(2026, 11, 3))


@pytest.mark.parametrize(
    ("cost", "share"),
    [
        ("0.02", "0.00"),  # 0.4 cents: rounded down
        ("0.03", "0.01"),  # 0.6 cents: rounded up
        ("0.05", "0.01"),  # 1 cent exactly
        ("100.00", "20.00"),
        ("100.03", "20.01"),
    ],
)
def test_the_administration_share_is_twenty_percent_to_the_nearest_cent(
    cost: str, share: str
) -> None:
    got = charge_rules.administration_for(ChargeKind.DEFICIENCY_REPAIR, Money(cost))
    assert got == Money(share)
    # § 506-6's share is a deficiency repair's only: no other kind adds it.
    for kind in ChargeKind:
        if kind is not ChargeKind.DEFICIENCY_REPAIR:
            assert charge_rules.administration_for(kind, Money(cost)) == Money.zero()
