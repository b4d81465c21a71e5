"""Special charges billed: each section's clock at its boundaries, the 20% to the cent, where
a charge comes from, the bill and its corrections, what the Clerk types, and Today's bills due.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Payments go through
:func:`clerk_desk.receipts.service.take_payment` with an open drawer, as in the Receipts tab. A
charge of a kind that comes from a permit or an order names a bare permit or order made here (their
own workflows are tested with them).
"""

from __future__ import annotations

from datetime import date

import pytest
from special_charges_steps import (  # type: ignore[import-not-found]
    TODAY,
    audit_actions,
    charge,
    eligible_numbers,
    pay,
    source_record,
    standing,
    stored,
)
from special_charges_steps import dirt as dirt
from special_charges_steps import owner as owner
from special_charges_steps import parcel as parcel

from clerk_desk import audit, ledger, today
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput, NotFound
from clerk_desk.kinds import ChargeKind, ChargeStatus, DueStatus
from clerk_desk.money import Money
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges import views as views

# -- the clocks ----------------------------------------------------------------------------------


def september_obstruction(desk: Desk, admin: SignedIn, owner: int, parcel: int) -> int:
    """An obstruction removed Thursday September 3, billed the 4th, received Tuesday the 8th:
    payable through Friday September 18; its sixtieth day is Monday November 2."""
    return charge(
        desk,
        admin,
        ChargeKind.OBSTRUCTION,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 9, 3),
        bill_on=date(2026, 9, 4),
        received_on=date(2026, 9, 8),
    )


def test_obstruction_goes_on_the_roll_once_its_ten_days_to_pay_have_run(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    """Issue 21: § 506-8 has the Treasurer enter the unpaid charge "within 60 days after such
    costs and expenses are incurred"; day 61 as the first tax-roll day forbade exactly that."""
    # Incurred Thursday September 3, received Tuesday September 8: payable through Friday
    # September 18; the roll may take it from Saturday the 19th, and must by November 2.
    cid = september_obstruction(desk, admin, owner, parcel)
    assert stored(desk, cid).tax_roll_on == date(2026, 9, 19)
    assert eligible_numbers(desk, date(2026, 9, 18)) == []
    assert eligible_numbers(desk, date(2026, 9, 19)) == [stored(desk, cid).number]
    assert eligible_numbers(desk, date(2026, 11, 2)) == [stored(desk, cid).number]
    # Day 10 after receipt (September 18) is not overdue; day 11 is.
    assert standing(desk, cid, date(2026, 9, 18)) is charge_rules.Standing.BILLED
    assert standing(desk, cid, date(2026, 9, 19)) is charge_rules.Standing.READY_FOR_ROLL


def test_an_obstruction_is_never_on_the_roll_before_its_ten_days_to_pay_have_run(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    # Work Tuesday September 1 (its sixtieth day: Monday November 2), but billed late, on
    # October 29, and received Monday November 2: payable through Thursday November 12, so the
    # roll waits for Friday November 13 (issue 21: the time to pay is never cut short).
    cid = charge(
        desk,
        admin,
        ChargeKind.OBSTRUCTION,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 9, 1),
        bill_on=date(2026, 10, 29),
        received_on=date(2026, 11, 2),
    )
    got = stored(desk, cid)
    assert (got.due_on, got.tax_roll_on) == (date(2026, 11, 12), date(2026, 11, 13))
    assert standing(desk, cid, date(2026, 11, 12)) is charge_rules.Standing.BILLED
    assert standing(desk, cid, date(2026, 11, 13)) is charge_rules.Standing.READY_FOR_ROLL
    assert eligible_numbers(desk, date(2026, 11, 12)) == []
    assert eligible_numbers(desk, date(2026, 11, 13)) == [got.number]


def test_an_obstruction_with_no_bill_on_record_still_goes_on_the_roll_from_the_work(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    # "The failure … to mail such notice … shall not affect the right to place the City expense
    # on the tax rolls" (§ 506-8): incurred Thursday September 3, it may be certified on the
    # sixtieth day, Monday November 2, the last the section gives.
    cid = charge(
        desk, admin, ChargeKind.OBSTRUCTION, owner, parcel=parcel, work_done_on=date(2026, 9, 3)
    )
    got = stored(desk, cid)
    assert got.bill_on is None and got.due_on is None
    assert got.tax_roll_on == date(2026, 11, 2)
    assert standing(desk, cid, date(2026, 11, 1)) is charge_rules.Standing.AWAITING_BILL
    assert standing(desk, cid, date(2026, 11, 2)) is charge_rules.Standing.READY_FOR_ROLL
    assert eligible_numbers(desk, date(2026, 11, 1)) == []
    assert eligible_numbers(desk, date(2026, 11, 2)) == [got.number]


def test_the_trail_names_the_city_administrator_for_an_obstruction_removed_and_charged(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    """§ 506-8: "the City Administrator shall cause the removal of the obstruction, keeping an
    account of the expense"; a snow charge's section names no official for the charge."""
    charge(desk, admin, ChargeKind.OBSTRUCTION, owner, parcel=parcel, work_done_on=date(2026, 9, 3))
    charge(desk, admin, ChargeKind.SNOW_ICE, owner, parcel=parcel, work_done_on=date(2026, 9, 3))
    with desk.lookup(admin) as action:
        created = [row.responsible for row in audit.event_rows(action, "special_charge.created")]
    assert sorted(created) == [
        "",
        "City Administrator, § 506-8 (Failure to remove obstruction)",
    ]


@pytest.mark.parametrize(
    ("day", "title"),
    [
        (date(2026, 10, 18), None),  # 15 days before: not yet
        (date(2026, 10, 19), "Enter CHG-2026-001 on the tax roll by Mon Nov 2, 2026"),
        (date(2026, 11, 2), "Enter CHG-2026-001 on the tax roll by Mon Nov 2, 2026"),
        (date(2026, 11, 3), "CHG-2026-001 was to be entered on the tax roll by Mon Nov 2, 2026"),
    ],
)
def test_today_warns_before_the_sixtieth_day_of_an_unpaid_obstruction(
    desk: Desk,
    admin: SignedIn,
    clock: FixedClock,
    owner: int,
    parcel: int,
    day: date,
    title: str | None,
) -> None:
    cid = september_obstruction(desk, admin, owner, parcel)
    clock.set(day)
    with desk.lookup(admin) as action:
        found = [i for i in today.gather(action) if "on the tax roll by" in i.title]
    if title is None:
        assert found == []
        return
    (item,) = found
    assert (item.title, item.due, item.cite, item.record_id) == (
        title,
        date(2026, 11, 2),
        "§ 506-8 (Failure to remove obstruction)",
        str(cid),
    )
    assert "unpaid. The section has the Treasurer enter it" in item.detail
    assert "within 60 days after the cost was incurred (Thu Sep 3, 2026)" in item.detail


def test_migration_0012_moves_an_obstructions_tax_roll_day_to_after_its_days_to_pay(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    """A database from before issue 21 keeps day 61 as an obstruction's first tax-roll day;
    migration 0012 counts it again: the day after the 10 days to pay, or the sixtieth day for
    a charge never billed. Other kinds keep theirs."""
    from alembic import command
    from sqlalchemy import text

    from clerk_desk import migrations

    billed = september_obstruction(desk, admin, owner, parcel)  # due September 18
    unbilled = charge(
        desk, admin, ChargeKind.OBSTRUCTION, owner, parcel=parcel, work_done_on=date(2026, 9, 3)
    )
    dirt = charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 9, 3),
        bill_on=date(2026, 9, 4),
    )
    database = desk.database
    with database.engine.begin() as conn:
        command.downgrade(migrations.config(conn), "0011")
        conn.execute(  # as the program before issue 21 stored them: day 61
            text("UPDATE special_charge SET tax_roll_on = :day WHERE kind = 'obstruction'"),
            {"day": date(2026, 11, 3)},
        )
    database.migrate(backup=False)
    assert stored(desk, billed).tax_roll_on == date(2026, 9, 19)
    assert stored(desk, unbilled).tax_roll_on == date(2026, 11, 2)
    assert stored(desk, dirt).tax_roll_on == date(2026, 10, 6)  # 30 days, then the next day


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


def test_street_opening_repair_waits_for_actual_notice_then_ninety_days(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    # Billed Monday August 10 with no actual notice on record: § 506-7 counts only from notice
    # to the applicant and the owner, so there is no last day to pay and no tax-roll day.
    cid = charge(
        desk,
        admin,
        ChargeKind.OPENING_REPAIR,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 8, 3),
        bill_on=date(2026, 8, 10),
        billed_as="permittee",
    )
    got = stored(desk, cid)
    assert (got.due_on, got.tax_roll_on) == (None, None)
    assert got.amount_due is not None and got.amount_due.due_on is None
    assert standing(desk, cid, TODAY) is charge_rules.Standing.AWAITING_NOTICE
    assert eligible_numbers(desk, date(2027, 12, 31)) == []
    with desk.action(admin) as action:
        items = [i for i in today.gather(action) if i.record_id == str(cid)]
    assert [i.title for i in items] == [f"Record the actual notice of {got.number}"]
    # The later of the two notices was received Wednesday August 12 (no reason needed to add
    # it): day 90 is Tuesday November 10, day 91 the roll.
    with desk.action(admin) as action:
        sc.record_bill(
            action, cid, sc.BillData(date(2026, 8, 10), "mailed", received_on=date(2026, 8, 12))
        )
    got = stored(desk, cid)
    assert (got.due_on, got.tax_roll_on) == (date(2026, 11, 10), date(2026, 11, 11))
    assert standing(desk, cid, date(2026, 11, 10)) is charge_rules.Standing.BILLED
    assert eligible_numbers(desk, date(2026, 11, 10)) == []
    assert eligible_numbers(desk, date(2026, 11, 11)) == [got.number]


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
        categories=("labor", "materials", "equipment"),
        billed_as="permittee",
    )
    got = stored(desk, cid)
    assert (got.administration, got.total) == (Money("26.67"), Money("160.02"))
    assert got.amount_due is not None and got.amount_due.amount == Money("160.02")
    assert charge_rules.administration_for(ChargeKind.DEFICIENCY_REPAIR, Money("100.03")) == Money(
        "20.01"
    )
    assert charge_rules.administration_for(ChargeKind.DIRT_DEBRIS, Money("100.03")) == Money.zero()


@pytest.mark.parametrize("category", ["fee", "other"])
def test_a_deficiency_repair_bills_only_labor_materials_and_equipment(
    desk: Desk, admin: SignedIn, owner: int, category: str
) -> None:
    with pytest.raises(InvalidInput) as caught:
        charge(
            desk,
            admin,
            ChargeKind.DEFICIENCY_REPAIR,
            owner,
            parcel=None,
            work_done_on=date(2026, 11, 2),
            amounts=("100.00", "50.00"),
            categories=("labor", category),
            billed_as="permittee",
        )
    assert caught.value.field == "line_1" and caught.value.cite == "§ 506-6 (Bond)"
    assert "labor, materials and equipment used, plus 20% for administration" in str(
        caught.value.message
    )
    with desk.database.reading() as session:
        assert sc.search_charges(session) == []


def test_a_minor_sidewalk_repair_costs_at_most_five_hundred_dollars(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    at_limit = charge(
        desk,
        admin,
        ChargeKind.SIDEWALK_MINOR_REPAIR,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 11, 2),
        amounts=("300.00", "200.00"),
        bill_on=date(2026, 11, 3),
    )
    assert stored(desk, at_limit).total == Money("500.00")
    with pytest.raises(InvalidInput) as caught:
        charge(
            desk,
            admin,
            ChargeKind.SIDEWALK_MINOR_REPAIR,
            owner,
            parcel=parcel,
            work_done_on=date(2026, 11, 2),
            amounts=("300.00", "200.01"),
        )
    assert caught.value.field == "lines"
    assert caught.value.cite == "Sidewalk article (Minor repairs)"
    assert "does not exceed $500.00, and these costs come to $500.01" in caught.value.message


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
    assert standing(desk, cid, TODAY) is charge_rules.Standing.PARTLY_PAID
    with desk.database.reading() as session:
        view = views.charge_view(session, cid, today=TODAY)
    assert (view.paid, view.balance) == (Money("50.00"), Money("175.50"))
    assert [p.receipt_number for p in view.payments] == [first]
    with pytest.raises(InvalidInput, match=r"\$175\.51 is more than the \$175\.50 still owed"):
        pay(desk, treasurer, cid, "175.51")
    pay(desk, treasurer, cid, "175.50")
    assert standing(desk, cid, TODAY) is charge_rules.Standing.PAID


# -- where a charge comes from -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "source", "billed_as"),
    [
        (ChargeKind.OPENING_REPAIR, "street_opening", "permittee"),
        (ChargeKind.DEFICIENCY_REPAIR, "street_opening", "permittee"),
        (ChargeKind.PRIVILEGE_REMOVAL, "street_privilege", "owner"),
        (ChargeKind.SIDEWALK_REPAIR, "sidewalk_repair_order", "owner"),
        (ChargeKind.SIDEWALK_MINOR_REPAIR, "sidewalk_repair_order", "owner"),
    ],
)
def test_a_charge_from_a_permit_or_order_names_it(
    desk: Desk,
    admin: SignedIn,
    owner: int,
    parcel: int,
    kind: ChargeKind,
    source: str,
    billed_as: str,
) -> None:
    def make(record_type: str, record_id: str) -> int:
        with desk.action(admin) as action:
            return sc.create_charge(
                action,
                sc.ChargeData(
                    kind,
                    owner,
                    "Work done by the City",
                    date(2026, 11, 2),
                    [sc.LineData("labor", "Crew", Money("100.00"))],
                    parcel_id=parcel,
                    billed_as=billed_as,
                    record_type=record_type,
                    record_id=record_id,
                ),
            )

    clock = charge_rules.clock_for(kind)
    other = "sidewalk_permit" if source != "sidewalk_permit" else "street_opening"
    for record_type, record_id in (("", ""), (other, "1"), (source, "")):
        with pytest.raises(InvalidInput) as caught:
            make(record_type, record_id)
        assert caught.value.field == "kind" and caught.value.cite == clock.cite
        assert "Record it in that tab" in caught.value.message
    with pytest.raises(NotFound, match="There is no"):
        make(source, "4242")
    record_type, record_id = source_record(desk, kind, owner, parcel)
    made = stored(desk, make(record_type, record_id))
    assert (made.record_type, made.record_id) == (source, record_id)
    with desk.database.reading() as session:
        number = views.source_number(session, source, record_id)
        assert number.startswith("S")
        view = views.charge_view(session, made.id, today=TODAY)
        assert view.source == f"{views.SOURCE_NAMES[source]} {number}"


# -- the bill and its corrections ----------------------------------------------------------------


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


def test_a_bill_corrected_needs_its_reason_and_keeps_its_first_day(
    desk: Desk, admin: SignedIn, treasurer: SignedIn, owner: int, parcel: int
) -> None:
    cid = charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 11, 20),
        bill_on=date(2026, 11, 23),  # payable through Wednesday December 23
    )
    pay(desk, treasurer, cid, "10.00")
    moved = sc.BillData(date(2026, 11, 25), "mailed")
    with (
        pytest.raises(InvalidInput, match="say why it is corrected") as caught,
        desk.action(admin) as action,
    ):
        sc.record_bill(action, cid, moved)
    assert caught.value.field == "reason"
    assert stored(desk, cid).bill_on == date(2026, 11, 23)
    with desk.action(admin) as action:
        sc.record_bill(action, cid, moved, reason="Mailed on the 25th, not the 23rd")
    got = stored(desk, cid)
    assert (got.bill_on, got.first_bill_on) == (date(2026, 11, 25), date(2026, 11, 23))
    assert got.bill_note == "Mailed on the 25th, not the 23rd"
    assert (got.due_on, got.tax_roll_on) == (date(2026, 12, 28), date(2026, 12, 29))
    assert audit_actions(desk, cid)[-1] == "special_charge.bill_corrected"
    # The same bill recorded again changes nothing and needs no reason.
    with desk.action(admin) as action:
        sc.record_bill(action, cid, moved)
    assert audit_actions(desk, cid)[-1] == "special_charge.bill_corrected"
    with desk.database.reading() as session:
        view = views.charge_view(session, cid, today=TODAY)
    assert (view.first_bill_on, view.bill_note) == (
        date(2026, 11, 23),
        "Mailed on the 25th, not the 23rd",
    )


def test_the_day_a_bill_was_received_is_added_without_a_reason(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    cid = charge(
        desk,
        admin,
        ChargeKind.OBSTRUCTION,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 11, 2),
        bill_on=date(2026, 11, 6),  # payable through Monday November 16 from the bill
    )
    assert stored(desk, cid).due_on == date(2026, 11, 16)
    with desk.action(admin) as action:
        sc.record_bill(
            action, cid, sc.BillData(date(2026, 11, 6), "mailed", received_on=date(2026, 11, 9))
        )
    got = stored(desk, cid)
    assert (got.received_on, got.due_on) == (date(2026, 11, 9), date(2026, 11, 19))
    assert got.first_bill_on == date(2026, 11, 6) and got.bill_note == ""
    # Correcting the day it was received, once recorded, takes a reason.
    with pytest.raises(InvalidInput, match="say why"), desk.action(admin) as action:
        sc.record_bill(
            action, cid, sc.BillData(date(2026, 11, 6), "mailed", received_on=date(2026, 11, 10))
        )


def test_once_the_last_day_to_pay_has_passed_the_bill_is_not_moved_later(
    desk: Desk, admin: SignedIn, owner: int, parcel: int
) -> None:
    cid = charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 9, 30),
        bill_on=date(2026, 10, 5),  # payable through Wednesday November 4
    )
    with (
        pytest.raises(InvalidInput, match="cannot be moved later now") as caught,
        desk.action(admin) as action,
    ):
        sc.record_bill(action, cid, sc.BillData(date(2026, 11, 29), "mailed"), reason="Mailed late")
    assert caught.value.field == "bill_on"
    assert stored(desk, cid).due_on == date(2026, 11, 4)
    # Earlier is not refused: it gives no time back.
    with desk.action(admin) as action:
        sc.record_bill(
            action, cid, sc.BillData(date(2026, 10, 2), "mailed"), reason="Mailed on the 2nd"
        )
    assert stored(desk, cid).due_on == date(2026, 11, 2)


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
    assert got.cancelled_on == TODAY
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
        everything = today.gather(action)
    items = [i for i in everything if i.workflow == sc.WORKFLOW]
    by_record = {i.record_id: i for i in items if i.record_id}
    assert by_record[str(unbilled)].title.startswith("Send the bill for CHG-2026-")
    assert by_record[str(falling_due)].due == date(2026, 12, 4)
    assert "due Fri Dec 4, 2026" in by_record[str(falling_due)].title
    totals = [i for i in items if not i.record_id]
    assert [i.title for i in totals] == ["Special charges outstanding: $200.00"]
    due = stored(desk, falling_due).amount_due
    assert due is not None and due.gl_account == ledger.DEFAULT_SPECIAL_CHARGE_ACCOUNT
    # Each charge is listed once: not again among the Receipts tab's amounts falling due.
    assert [i for i in everything if i.workflow == "Receipts"] == []
