"""Special charges and the tax roll: each section's clock at its boundaries, the 20% to the cent,
partial payments at the Receipts counter, and certification runs that exclude what is paid or
not yet due and never certify twice.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Payments go through
:func:`clerk_desk.receipts.take_payment` with an open drawer, as in the Receipts tab.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

import pytest

from clerk_desk import ledger, parties, receipts, today
from clerk_desk import special_charges as sc
from clerk_desk import special_charges_views as views
from clerk_desk.deadlines import default_calendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.models import (
    ChargeKind,
    ChargeStatus,
    DueStatus,
    PartyKind,
    Role,
    RunStatus,
    SpecialCharge,
    TenderKind,
)
from clerk_desk.money import Money
from clerk_desk.receipts import TenderEntry

STATION = "Front counter"
CALENDAR = default_calendar()


@pytest.fixture
def treasurer(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.TREASURER)


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


@pytest.fixture
def owner(desk: Desk, admin: SignedIn) -> int:
    with desk.action(admin) as action:
        return parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.PERSON,
                name="Marta Lindqvist",
                street="412 Orange St N",
                city="Prescott",
                state="WI",
                postal_code="54021",
            ),
        ).id


def add_parcel(desk: Desk, who: SignedIn, number: str, owner_id: int, site: str = "") -> int:
    with desk.action(who) as action:
        return parties.add_parcel(
            action, parties.ParcelData(number, site or f"{number} site", owner_id=owner_id)
        ).id


@pytest.fixture
def parcel(desk: Desk, admin: SignedIn, owner: int) -> int:
    return add_parcel(desk, admin, "281-00412-0000", owner, "412 Orange St N")


def charge(
    desk: Desk,
    who: SignedIn,
    kind: ChargeKind,
    party: int,
    *,
    parcel: int | None,
    work_done_on: date,
    amounts: Sequence[str] = ("100.00",),
    bill_on: date | None = None,
    received_on: date | None = None,
    billed_as: str = "owner",
) -> int:
    lines = [sc.LineData("labor", f"Crew, item {i + 1}", Money(a)) for i, a in enumerate(amounts)]
    bill = sc.BillData(bill_on, "mailed", received_on) if bill_on else None
    with desk.action(who) as action:
        return sc.create_charge(
            action,
            sc.ChargeData(
                kind,
                party,
                "Work done by the City",
                work_done_on,
                lines,
                parcel_id=parcel,
                billed_as=billed_as,
            ),
            bill,
        ).id


def stored(desk: Desk, charge_id: int) -> SpecialCharge:
    with desk.database.reading() as session:
        found = sc.get_charge(session, charge_id)
        found.amount_due  # noqa: B018 - loaded before the session ends
        found.run  # noqa: B018
        return found


def standing(desk: Desk, charge_id: int, on: date) -> sc.Standing:
    with desk.database.reading() as session:
        return sc.standing(sc.get_charge(session, charge_id), on)


def eligible_numbers(desk: Desk, as_of: date) -> list[str]:
    with desk.database.reading() as session:
        return [c.number for c in sc.eligible(session, as_of)]


def pay(desk: Desk, who: SignedIn, charge_id: int, amount: str) -> str:
    due_id = stored(desk, charge_id).amount_due_id
    assert due_id is not None
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("50.00"))
    with desk.database.reading() as session:
        line = receipts.due_line(session, due_id, Money(amount))
    with desk.action(who) as action:
        return receipts.take_payment(
            action,
            station=STATION,
            payer_id=None,
            payer_name="Marta Lindqvist",
            lines=[line],
            tenders=[TenderEntry(TenderKind.CASH, Money(amount))],
        ).number


# -- the clocks ----------------------------------------------------------------------------------


def clocks(kind: ChargeKind, **days: date | None) -> sc.Clocks:
    bill_on = days.pop("bill_on")
    assert bill_on is not None
    work = days.pop("work_done_on", None) or bill_on
    return sc.clocks(
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
    # A bill whose receipt was not recorded counts from the day it went out (§ 506-8 E(2)).
    assert clocks(ChargeKind.OBSTRUCTION, bill_on=date(2026, 10, 5)).due_on == date(2026, 10, 15)


def test_obstruction_goes_on_the_roll_sixty_days_after_the_cost(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    # Incurred Thursday September 3: day 60 is Monday November 2; the roll takes it from day 61.
    cid = charge(
        desk,
        admin,
        ChargeKind.OBSTRUCTION,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 9, 3),
        bill_on=date(2026, 9, 4),
        received_on=date(2026, 9, 8),
    )
    assert stored(desk, cid).tax_roll_on == date(2026, 11, 3)
    assert eligible_numbers(desk, date(2026, 11, 2)) == []
    assert eligible_numbers(desk, date(2026, 11, 3)) == [stored(desk, cid).number]
    # Day 10 after receipt (September 18) is not overdue; day 11 is.
    assert standing(desk, cid, date(2026, 9, 18)) is sc.Standing.BILLED
    assert standing(desk, cid, date(2026, 9, 19)) is sc.Standing.OVERDUE


def test_a_sixtieth_day_when_city_hall_is_closed_moves_to_its_next_open_day() -> None:
    # Tuesday September 1 + 60 days is Saturday October 31: payment may still be made Monday
    # November 2 at City Hall (Wis. Stat. § 990.001(4)), so the roll takes it on November 3.
    got = clocks(ChargeKind.OBSTRUCTION, work_done_on=date(2026, 9, 1), bill_on=date(2026, 9, 2))
    assert got.tax_roll_on == date(2026, 11, 3)


@pytest.mark.parametrize("kind", [ChargeKind.DIRT_DEBRIS, ChargeKind.STREET_DAMAGE])
def test_dirt_and_damage_are_payable_thirty_days_then_go_on_the_roll(
    desk: Desk, admin: SignedIn, owner: int, parcel: int, kind: ChargeKind
) -> None:
    # Billed Monday October 5: day 30 is Wednesday November 4, day 31 the first roll day.
    cid = charge(
        desk,
        admin,
        kind,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 10, 2),
        bill_on=date(2026, 10, 5),
        billed_as="operator",
    )
    got = stored(desk, cid)
    assert (got.due_on, got.tax_roll_on) == (date(2026, 11, 4), date(2026, 11, 5))
    assert got.amount_due is not None and got.amount_due.due_on == date(2026, 11, 4)
    assert eligible_numbers(desk, date(2026, 11, 4)) == []
    assert eligible_numbers(desk, date(2026, 11, 5)) == [got.number]


def test_street_opening_repair_becomes_a_lien_ninety_days_after_actual_notice(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    # Actual notice Wednesday August 12: day 90 is Tuesday November 10, day 91 the roll.
    cid = charge(
        desk,
        admin,
        ChargeKind.OPENING_REPAIR,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 8, 3),
        bill_on=date(2026, 8, 10),
        received_on=date(2026, 8, 12),
        billed_as="permittee",
    )
    got = stored(desk, cid)
    assert (got.due_on, got.tax_roll_on) == (date(2026, 11, 10), date(2026, 11, 11))
    assert eligible_numbers(desk, date(2026, 11, 10)) == []
    assert eligible_numbers(desk, date(2026, 11, 11)) == [got.number]


@pytest.mark.parametrize(
    "kind",
    [ChargeKind.PRIVILEGE_REMOVAL, ChargeKind.SIDEWALK_REPAIR, ChargeKind.SIDEWALK_MINOR_REPAIR],
)
def test_removal_and_sidewalk_charges_go_on_the_next_roll(kind: ChargeKind) -> None:
    got = clocks(kind, bill_on=date(2026, 11, 16))
    assert (got.due_on, got.tax_roll_on) == (None, date(2026, 11, 16))


def test_a_deficiency_repair_is_billed_but_never_certified(
    desk: Desk, admin: SignedIn, owner: int
) -> None:
    # No parcel is needed: § 506-6 bills the permittee and puts no lien on a property.
    cid = charge(
        desk,
        admin,
        ChargeKind.DEFICIENCY_REPAIR,
        owner,
        parcel=None,
        work_done_on=date(2026, 10, 1),
        bill_on=date(2026, 10, 5),
        billed_as="permittee",
    )
    got = stored(desk, cid)
    assert got.tax_roll_on is None and got.due_on == date(2026, 11, 4)
    assert eligible_numbers(desk, date(2027, 12, 31)) == []


# -- amounts -------------------------------------------------------------------------------------


def test_the_deficiency_administration_is_twenty_percent_to_the_cent(
    desk: Desk, admin: SignedIn, owner: int
) -> None:
    cid = charge(
        desk,
        admin,
        ChargeKind.DEFICIENCY_REPAIR,
        owner,
        parcel=None,
        work_done_on=date(2026, 11, 2),
        amounts=("100.00", "33.33", "0.02"),  # labor, materials, equipment: $133.35
        billed_as="permittee",
    )
    got = stored(desk, cid)
    assert (got.administration, got.total) == (Money("26.67"), Money("160.02"))
    assert got.amount_due is not None and got.amount_due.amount == Money("160.02")
    assert sc.administration_for(ChargeKind.DEFICIENCY_REPAIR, Money("100.03")) == Money("20.01")
    assert sc.administration_for(ChargeKind.DIRT_DEBRIS, Money("100.03")) == Money.zero()


def test_partial_payments_at_the_counter_keep_the_balance(
    desk: Desk, admin: SignedIn, treasurer: SignedIn, owner: int, parcel: int
) -> None:
    cid = charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 11, 20),
        amounts=("150.00", "75.50"),
        bill_on=date(2026, 11, 23),
    )
    first = pay(desk, treasurer, cid, "50.00")
    on = date(2026, 11, 30)
    assert standing(desk, cid, on) is sc.Standing.PARTLY_PAID
    with desk.database.reading() as session:
        view = views.charge_view(session, cid, today=on)
    assert (view.paid, view.balance) == (Money("50.00"), Money("175.50"))
    assert [p.receipt_number for p in view.payments] == [first]
    with pytest.raises(InvalidInput, match=r"\$175\.51 is more than the \$175\.50 still owed"):
        pay(desk, treasurer, cid, "175.51")
    pay(desk, treasurer, cid, "175.50")
    assert standing(desk, cid, on) is sc.Standing.PAID


# -- the tax roll --------------------------------------------------------------------------------


@pytest.fixture
def three_charges(
    desk: Desk, admin: SignedIn, treasurer: SignedIn, owner: int
) -> tuple[int, int, int]:
    """One past its roll day and unpaid, one paid, one not yet at its roll day."""
    a = add_parcel(desk, admin, "281-00001-0000", owner)
    b = add_parcel(desk, admin, "281-00002-0000", owner)
    c = add_parcel(desk, admin, "281-00003-0000", owner)
    unpaid = charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=b,
        work_done_on=date(2026, 9, 30),
        amounts=("240.00",),
        bill_on=date(2026, 10, 5),
    )
    paid = charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=a,
        work_done_on=date(2026, 9, 30),
        amounts=("80.00",),
        bill_on=date(2026, 10, 5),
    )
    pay(desk, treasurer, paid, "80.00")
    later = charge(
        desk,
        admin,
        ChargeKind.STREET_DAMAGE,
        owner,
        parcel=c,
        work_done_on=date(2026, 11, 20),
        bill_on=date(2026, 11, 23),  # payable through December 23
        billed_as="operator",
    )
    return unpaid, paid, later


def test_a_run_lists_only_charges_past_their_roll_day_and_unpaid(
    desk: Desk, treasurer: SignedIn, three_charges: tuple[int, int, int]
) -> None:
    unpaid, _, _ = three_charges
    with desk.action(treasurer) as action:
        run = sc.prepare_run(action, date(2026, 11, 30))
        entries = [(e.parcel_number, e.owner_name, e.section, e.amount) for e in run.entries]
        run_id, total = run.id, run.total
    assert entries == [("281-00002-0000", "Marta Lindqvist", "§ 506-20", Money("240.00"))]
    assert total == Money("240.00")
    with desk.action(treasurer) as action:
        certified = sc.certify_run(action, run_id)
        assert certified.status == RunStatus.CERTIFIED
    got = stored(desk, unpaid)
    assert got.status == ChargeStatus.CERTIFIED and got.run is not None
    assert got.amount_due is not None and got.amount_due.status == DueStatus.CERTIFIED
    with desk.database.reading() as session:
        assert sc.outstanding_total(session) == Money("100.00")  # only the later one


def test_a_run_is_certified_once_and_its_charges_are_locked(
    desk: Desk, treasurer: SignedIn, three_charges: tuple[int, int, int]
) -> None:
    unpaid, _, later = three_charges
    with desk.action(treasurer) as action:
        run_id = sc.prepare_run(action, date(2026, 11, 30)).id
    with desk.action(treasurer) as action:
        sc.certify_run(action, run_id)
    with pytest.raises(Conflict, match="a run is certified once"), desk.action(treasurer) as a:
        sc.certify_run(a, run_id)
    with pytest.raises(Conflict, match="certified to the tax roll"), desk.action(treasurer) as a:
        sc.cancel_charge(a, unpaid, reason="Forgiven")
    with pytest.raises(Conflict, match="paid with the property taxes"):
        pay(desk, treasurer, unpaid, "10.00")
    # The next run lists the charge that has come due since, not the certified one again.
    with desk.action(treasurer) as action:
        listed = [e.charge_id for e in sc.prepare_run(action, date(2026, 12, 31)).entries]
    assert listed == [later]


def test_a_list_changed_since_review_is_not_certified(
    desk: Desk, treasurer: SignedIn, three_charges: tuple[int, int, int]
) -> None:
    unpaid, _, _ = three_charges
    with desk.action(treasurer) as action:
        run_id = sc.prepare_run(action, date(2026, 11, 30)).id
    pay(desk, treasurer, unpaid, "40.00")
    changed = r"now owes \$200\.00, not the \$240\.00 listed"
    with pytest.raises(Conflict, match=changed), desk.action(treasurer) as action:
        sc.certify_run(action, run_id)
    assert stored(desk, unpaid).status == ChargeStatus.BILLED
    with desk.action(treasurer) as action:
        again = sc.prepare_run(action, date(2026, 11, 30))
        assert [e.amount for e in again.entries] == [Money("200.00")]
    with pytest.raises(Conflict, match="set aside"), desk.action(treasurer) as action:
        sc.certify_run(action, run_id)  # the earlier draft was set aside by the new one


def test_only_the_treasurer_certifies(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, three_charges: tuple[int, int, int]
) -> None:
    with pytest.raises(PermissionDenied), desk.action(clerk) as action:
        sc.prepare_run(action, date(2026, 11, 30))


# -- what the Clerk types ------------------------------------------------------------------------


def test_a_charge_the_tax_roll_takes_needs_its_parcel(
    desk: Desk, admin: SignedIn, owner: int
) -> None:
    with pytest.raises(InvalidInput, match="Name the parcel") as caught:
        charge(desk, admin, ChargeKind.SNOW_ICE, owner, parcel=None, work_done_on=date(2026, 11, 2))
    assert caught.value.field == "parcel"


def test_only_whom_the_section_names_is_billed(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    with pytest.raises(InvalidInput, match=r"§ 506-8 .* lets the City bill the owner"):
        charge(
            desk,
            admin,
            ChargeKind.OBSTRUCTION,
            owner,
            parcel=parcel,
            work_done_on=date(2026, 11, 2),
            billed_as="operator",
        )


def test_a_bill_before_the_work_or_after_today_is_refused(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    cid = charge(
        desk, admin, ChargeKind.SNOW_ICE, owner, parcel=parcel, work_done_on=date(2026, 11, 20)
    )
    for day, words in ((date(2026, 11, 19), "before the work"), (date(2026, 12, 1), "after today")):
        with pytest.raises(InvalidInput, match=words), desk.action(admin) as action:
            sc.record_bill(action, cid, sc.BillData(day, "mailed"))
    assert stored(desk, cid).bill_on is None


def test_a_cancelled_charge_leaves_nothing_owed(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    cid = charge(
        desk, admin, ChargeKind.SNOW_ICE, owner, parcel=parcel, work_done_on=date(2026, 11, 20)
    )
    with desk.action(admin) as action:
        sc.cancel_charge(action, cid, reason="Billed to the wrong parcel")
    got = stored(desk, cid)
    assert (
        got.status == ChargeStatus.CANCELLED and got.cancel_reason == "Billed to the wrong parcel"
    )
    assert got.amount_due is not None and got.amount_due.status == DueStatus.CANCELLED
    with desk.database.reading() as session:
        assert sc.balance(got) == Money.zero() and sc.outstanding_total(session) == Money.zero()


# -- Today ---------------------------------------------------------------------------------------


def test_today_shows_bills_due_roll_days_this_week_and_the_total(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    unbilled = charge(
        desk, admin, ChargeKind.SNOW_ICE, owner, parcel=parcel, work_done_on=date(2026, 11, 27)
    )
    falling_due = charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 11, 2),
        bill_on=date(2026, 11, 4),  # day 30 is Friday December 4
    )
    with desk.action(admin) as action:
        items = [i for i in today.gather(action) if i.workflow == sc.WORKFLOW]
    by_record = {i.record_id: i for i in items if i.record_id}
    assert by_record[str(unbilled)].title.startswith("Send the bill for CHG-2026-")
    assert by_record[str(falling_due)].due == date(2026, 12, 4)
    assert "due Fri Dec 4, 2026" in by_record[str(falling_due)].title
    totals = [i for i in items if not i.record_id]
    assert [i.title for i in totals] == ["Special charges outstanding: $200.00"]
    due = stored(desk, falling_due).amount_due
    assert due is not None and due.gl_account == ledger.DEFAULT_SPECIAL_CHARGE_ACCOUNT
