"""Special charges and the tax roll: each section's clock at its boundaries, the 20% to the cent,
partial payments at the Receipts counter, money that comes back, and certification runs that
exclude what is paid or not yet due and never certify twice.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Payments go through
:func:`clerk_desk.receipts.service.take_payment` with an open drawer, as in the Receipts tab. A
charge of a kind that comes from a permit or an order names a bare permit or order made here (their
own workflows are tested with them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

import pytest
from sqlalchemy import select

from clerk_desk import audit, ledger, parties, today
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import default_calendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied
from clerk_desk.kinds import (
    ChargeKind,
    ChargeStatus,
    DueStatus,
    OpeningStatus,
    PartyKind,
    PrivilegePurpose,
    PrivilegeStatus,
    ReceiptKind,
    RepairOrderKind,
    RepairOrderStatus,
    Role,
    RunStatus,
    TenderKind,
)
from clerk_desk.models import (
    AuditEvent,
    Receipt,
    SidewalkRepairOrder,
    SpecialCharge,
    StreetOpening,
    StreetPrivilege,
    TaxRollRun,
)
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges import views as views

STATION = "Front counter"
CALENDAR = default_calendar()
TODAY = date(2026, 11, 30)


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


def add_party(desk: Desk, who: SignedIn, name: str, street: str = "412 Orange St N") -> int:
    with desk.action(who) as action:
        return parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.PERSON,
                name=name,
                street=street,
                city="Prescott",
                state="WI",
                postal_code="54021",
            ),
        ).id


@pytest.fixture
def owner(desk: Desk, admin: SignedIn) -> int:
    return add_party(desk, admin, "Marta Lindqvist")


def add_parcel(desk: Desk, who: SignedIn, number: str, owner_id: int | None, site: str = "") -> int:
    with desk.action(who) as action:
        return parties.add_parcel(
            action, parties.ParcelData(number, site or f"{number} site", owner_id=owner_id)
        ).id


@pytest.fixture
def parcel(desk: Desk, admin: SignedIn, owner: int) -> int:
    return add_parcel(desk, admin, "281-00412-0000", owner, "412 Orange St N")


_made = iter(range(901, 10_000))


def source_record(desk: Desk, kind: ChargeKind, party: int, parcel: int | None) -> tuple[str, str]:
    """A bare permit or order for a charge of ``kind`` to come from: (record_type, record_id),
    or ("", "") for a kind the Special Charges tab records itself."""
    source = charge_rules.clock_for(kind).source
    if not source:
        return "", ""
    n = next(_made)
    now = desk.clock.now()
    record: StreetOpening | StreetPrivilege | SidewalkRepairOrder
    if source == "street_opening":
        record = StreetOpening(
            number=f"SO-2026-{n}",
            year=2026,
            sequence=n,
            applicant_id=party,
            status=OpeningStatus.CLOSED,
            applied_at=now,
            applied_on=date(2026, 7, 1),
            received_by_name="Test Clerk",
            created_at=now,
        )
    elif source == "street_privilege":
        record = StreetPrivilege(
            number=f"SP-2026-{n}",
            year=2026,
            sequence=n,
            applicant_id=party,
            location="in front of 412 Orange St N",
            purpose=PrivilegePurpose.CONSTRUCTION,
            applied_at=now,
            applied_on=date(2026, 7, 1),
            received_by_name="Test Clerk",
            status=PrivilegeStatus.ISSUED,
            created_at=now,
        )
    else:
        assert parcel is not None
        record = SidewalkRepairOrder(
            number=f"SR-2026-{n}",
            year=2026,
            sequence=n,
            kind=RepairOrderKind.COUNCIL_ORDER,
            parcel_id=parcel,
            owner_id=party,
            location="412 Orange St N",
            ordered_on=date(2026, 7, 1),
            status=RepairOrderStatus.CITY_REPAIRED,
            created_at=now,
        )
    with desk.database.writing() as session:
        session.add(record)
        session.flush()
        return source, str(record.id)


def charge(
    desk: Desk,
    who: SignedIn,
    kind: ChargeKind,
    party: int,
    *,
    parcel: int | None,
    work_done_on: date,
    amounts: Sequence[str] = ("100.00",),
    categories: Sequence[str] = (),
    bill_on: date | None = None,
    received_on: date | None = None,
    billed_as: str = "owner",
) -> int:
    lines = [
        sc.LineData(
            categories[i] if i < len(categories) else "labor", f"Crew, item {i + 1}", Money(a)
        )
        for i, a in enumerate(amounts)
    ]
    bill = sc.BillData(bill_on, "mailed", received_on) if bill_on else None
    record_type, record_id = source_record(desk, kind, party, parcel)
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
                record_type=record_type,
                record_id=record_id,
            ),
            bill,
        )


def stored(desk: Desk, charge_id: int) -> SpecialCharge:
    with desk.database.reading() as session:
        found = sc.get_charge(session, charge_id)
        found.amount_due  # noqa: B018 - loaded before the session ends
        found.run  # noqa: B018
        return found


def standing(desk: Desk, charge_id: int, on: date) -> charge_rules.Standing:
    with desk.database.reading() as session:
        return sc.standing(sc.get_charge(session, charge_id), on)


def balance(desk: Desk, charge_id: int) -> Money:
    with desk.database.reading() as session:
        return sc.balance(sc.get_charge(session, charge_id))


def eligible_numbers(desk: Desk, as_of: date) -> list[str]:
    with desk.database.reading() as session:
        return [c.number for c in tax_roll.eligible(session, as_of)]


def open_drawer(desk: Desk, who: SignedIn) -> None:
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("50.00"))


def pay(desk: Desk, who: SignedIn, charge_id: int, amount: str) -> str:
    due_id = stored(desk, charge_id).amount_due_id
    assert due_id is not None
    open_drawer(desk, who)
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


def receipt_id(desk: Desk, number: str) -> int:
    with desk.database.reading() as session:
        return receipts.find_receipt(session, number).id


def close_and_reopen_drawer(desk: Desk, who: SignedIn, cash: dict[str, int]) -> None:
    with desk.action(who) as action:
        drawer = receipts.current_drawer(action.session, STATION)
        assert drawer is not None
        receipts.close_drawer(
            action,
            drawer.id,
            receipts.DrawerCount(cash, (), Money.zero(), Money.zero(), note="end of day"),
        )
    open_drawer(desk, who)


def refund(desk: Desk, who: SignedIn, number: str, amount: str, reason: str) -> str:
    with desk.database.reading() as session:
        original = receipts.find_receipt(session, number)
        line = original.lines[0]
        entry = receipts.LineEntry(
            line.description, line.amount, line.gl_account, line.fee_item_id, line.amount_due_id
        )
        original_id = original.id
    with desk.action(who) as action:
        return receipts.refund(
            action,
            original_id,
            station=STATION,
            lines=[entry],
            tenders=[TenderEntry(TenderKind.CASH, Money(amount))],
            reason=reason,
        ).number


def prepare(desk: Desk, who: SignedIn, as_of: date = TODAY) -> int:
    with desk.action(who) as action:
        return tax_roll.prepare_run(action, as_of)


def certify(desk: Desk, who: SignedIn, run_id: int) -> None:
    with desk.action(who) as action:
        tax_roll.certify_run(action, run_id)


def audit_actions(desk: Desk, charge_id: int) -> list[str]:
    with desk.database.reading() as session:
        return list(
            session.scalars(
                select(AuditEvent.action)
                .where(
                    AuditEvent.record_type == "special_charge",
                    AuditEvent.record_id == str(charge_id),
                )
                .order_by(AuditEvent.id)
            )
        )


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


# -- money that comes back -----------------------------------------------------------------------


@pytest.fixture
def dirt(desk: Desk, admin: SignedIn, owner: int, parcel: int) -> int:
    """$100.00 of dirt and debris billed Monday October 5: due November 4, on the roll from
    November 5."""
    return charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 9, 30),
        bill_on=date(2026, 10, 5),
        billed_as="operator",
    )


def test_a_refunded_payment_is_owed_again_on_the_charge(
    desk: Desk, treasurer: SignedIn, dirt: int
) -> None:
    number = pay(desk, treasurer, dirt, "100.00")
    assert standing(desk, dirt, TODAY) is charge_rules.Standing.PAID
    close_and_reopen_drawer(desk, treasurer, {"100": 1, "50": 1})
    refund(desk, treasurer, number, "100.00", "Paid by the wrong person")
    got = stored(desk, dirt)
    assert got.status == ChargeStatus.BILLED
    assert got.amount_due is not None and got.amount_due.status == DueStatus.OPEN
    assert got.amount_due.paid == Money.zero()
    assert balance(desk, dirt) == Money("100.00")
    assert standing(desk, dirt, TODAY) is charge_rules.Standing.READY_FOR_ROLL
    assert eligible_numbers(desk, TODAY) == [got.number]
    assert audit_actions(desk, dirt)[-1] == "special_charge.refunded"
    with desk.database.reading() as session:
        assert sc.outstanding_total(session) == Money("100.00")
        view = views.charge_view(session, dirt, today=TODAY)
    # The payment and its refund both show, and add up to what is paid.
    assert [p.amount for p in view.payments] == [Money("100.00"), Money("-100.00")]


def test_an_amount_due_cancelled_outside_the_register_reads_as_cancelled(
    desk: Desk, admin: SignedIn, dirt: int
) -> None:
    due_id = stored(desk, dirt).amount_due_id
    assert due_id is not None
    with desk.action(admin) as action:
        ledger.cancel(action, due_id, reason="Entered twice")
    assert balance(desk, dirt) == Money.zero()
    assert standing(desk, dirt, TODAY) is charge_rules.Standing.CANCELLED
    assert eligible_numbers(desk, TODAY) == []
    with desk.database.reading() as session:
        assert sc.outstanding_total(session) == Money.zero()
        assert views.charge_view(session, dirt, today=TODAY).cancel_reason == "Entered twice"
    with pytest.raises(Conflict, match="was cancelled"), desk.action(admin) as action:
        sc.record_bill(action, dirt, sc.BillData(date(2026, 10, 6), "mailed"), reason="x")


def test_a_void_after_certification_is_owed_on_a_supplemental_charge(
    desk: Desk, treasurer: SignedIn, dirt: int
) -> None:
    number = pay(desk, treasurer, dirt, "40.00")
    certify(desk, treasurer, prepare(desk, treasurer))
    original = stored(desk, dirt)
    assert original.certified_amount == Money("60.00")
    with desk.action(treasurer) as action:
        receipts.void_receipt(action, receipt_id(desk, number), reason="Check returned unpaid")
    original = stored(desk, dirt)
    assert original.status == ChargeStatus.CERTIFIED
    assert original.amount_due is not None and original.amount_due.paid == Money.zero()
    assert balance(desk, dirt) == Money("60.00")  # the roll still collects what it certified
    with desk.database.reading() as session:
        [supplement] = sc.supplements_of(session, dirt)
        assert supplement.supplements_id == dirt
        assert (supplement.kind, supplement.parcel_id) == (original.kind, original.parcel_id)
        assert supplement.total == Money("40.00")
        assert (supplement.bill_on, supplement.due_on, supplement.tax_roll_on) == (
            date(2026, 10, 5),
            date(2026, 11, 4),
            date(2026, 11, 5),
        )
        assert sc.standing(supplement, TODAY) is charge_rules.Standing.READY_FOR_ROLL
        assert sc.outstanding_total(session) == Money("40.00")
        assert [c.number for c in tax_roll.eligible(session, TODAY)] == [supplement.number]
        view = views.charge_view(session, dirt, today=TODAY)
        assert view.supplemented_by == (supplement.number,)
        supplement_id, supplement_number = supplement.id, supplement.number
    with desk.action(treasurer) as action:
        items = [i for i in today.gather(action) if i.record_id == str(supplement_id)]
    assert [i.title for i in items] == [
        f"{supplement_number}: $40.00 owed again on {original.number}"
    ]
    # The next run takes it.
    run_id = prepare(desk, treasurer)
    certify(desk, treasurer, run_id)
    assert stored(desk, supplement_id).status == ChargeStatus.CERTIFIED


def test_a_refund_after_certification_is_owed_on_a_supplemental_charge(
    desk: Desk, treasurer: SignedIn, dirt: int
) -> None:
    number = pay(desk, treasurer, dirt, "40.00")
    certify(desk, treasurer, prepare(desk, treasurer))
    close_and_reopen_drawer(desk, treasurer, {"50": 1, "20": 2})
    refund(desk, treasurer, number, "40.00", "Paid by the neighbour by mistake")
    with desk.database.reading() as session:
        [supplement] = sc.supplements_of(session, dirt)
        assert supplement.total == Money("40.00")
        refunds = session.scalars(select(Receipt).where(Receipt.kind == ReceiptKind.REFUND)).all()
        assert [r.total for r in refunds] == [Money("-40.00")]
    assert balance(desk, dirt) == Money("60.00")
    assert audit_actions(desk, dirt)[-1] == "special_charge.refunded"


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
        run = tax_roll.get_run(action.session, tax_roll.prepare_run(action, TODAY))
        entries = [(e.parcel_number, e.owner_name, e.section, e.amount) for e in run.entries]
        run_id, total, number = run.id, run.total, run.number
    assert number == "TR-2026-01"
    assert entries == [("281-00002-0000", "Marta Lindqvist", "§ 506-20", Money("240.00"))]
    assert total == Money("240.00")
    certify(desk, treasurer, run_id)
    got = stored(desk, unpaid)
    assert got.status == ChargeStatus.CERTIFIED and got.run is not None
    assert got.certified_amount == Money("240.00")
    assert got.amount_due is not None and got.amount_due.status == DueStatus.CERTIFIED
    with desk.database.reading() as session:
        assert sc.outstanding_total(session) == Money("100.00")  # only the later one


def test_a_run_is_certified_once_and_its_charges_are_locked(
    desk: Desk, treasurer: SignedIn, three_charges: tuple[int, int, int]
) -> None:
    unpaid, _, later = three_charges
    run_id = prepare(desk, treasurer)
    certify(desk, treasurer, run_id)
    with pytest.raises(Conflict, match="a run is certified once"):
        certify(desk, treasurer, run_id)
    with pytest.raises(Conflict, match="certified to the tax roll"), desk.action(treasurer) as a:
        sc.cancel_charge(a, unpaid, reason="Forgiven")
    with pytest.raises(Conflict, match="paid with the property taxes"):
        pay(desk, treasurer, unpaid, "10.00")
    with pytest.raises(InvalidInput, match="nothing to list"):
        prepare(desk, treasurer)  # nothing else is eligible today
    assert stored(desk, later).status == ChargeStatus.BILLED


def test_a_run_as_of_a_day_to_come_is_only_a_preview(
    desk: Desk, treasurer: SignedIn, three_charges: tuple[int, int, int]
) -> None:
    unpaid, _, later = three_charges
    draft_id = prepare(desk, treasurer)
    # December 31: the later charge is still payable until December 23 — a preview lists it,
    # as things stand, but is never certified.
    with desk.action(treasurer) as action:
        preview = tax_roll.get_run(action.session, tax_roll.prepare_run(action, date(2026, 12, 31)))
        assert (preview.number, preview.status) == ("PV-2026-01", RunStatus.PREVIEW)
        assert [e.charge_id for e in preview.entries] == [unpaid, later]
        preview_id = preview.id
    with pytest.raises(Conflict, match="PV-2026-01 is a preview as of Thu Dec 31, 2026"):
        certify(desk, treasurer, preview_id)
    assert stored(desk, later).status == ChargeStatus.BILLED
    # The draft under review is not set aside by a preview, and is certified as reviewed.
    certify(desk, treasurer, draft_id)
    assert stored(desk, unpaid).status == ChargeStatus.CERTIFIED
    # A year ahead at most.
    with pytest.raises(InvalidInput, match="within the next year"):
        prepare(desk, treasurer, date(2027, 12, 2))


def test_a_run_refuses_certification_while_its_day_is_still_to_come(
    desk: Desk, treasurer: SignedIn, three_charges: tuple[int, int, int]
) -> None:
    run_id = prepare(desk, treasurer)
    with desk.database.writing() as session:  # a run whose day moved ahead (a bad clock)
        session.get(TaxRollRun, run_id).as_of = date(2026, 12, 1)  # type: ignore[union-attr]
    with pytest.raises(Conflict, match="a day still to come"):
        certify(desk, treasurer, run_id)


def test_a_day_with_nothing_to_list_saves_no_run_and_uses_no_number(
    desk: Desk, admin: SignedIn, treasurer: SignedIn, owner: int, parcel: int
) -> None:
    for _ in range(2):
        with pytest.raises(InvalidInput, match="no run was saved") as caught:
            prepare(desk, treasurer)
        assert caught.value.field == "as_of"
    with desk.database.reading() as session:
        assert tax_roll.runs(session) == []
    # An obstruction of September 2025, never billed, was on the roll from November 1, 2025: a
    # run as of December 31, 2025 prepared today is numbered by the year it is prepared.
    charge(desk, admin, ChargeKind.OBSTRUCTION, owner, parcel=parcel, work_done_on=date(2025, 9, 1))
    with desk.action(treasurer) as action:
        run_id = tax_roll.prepare_run(action, date(2025, 12, 31))
        assert tax_roll.get_run(action.session, run_id).number == "TR-2026-01"


def test_a_list_changed_since_review_is_not_certified(
    desk: Desk, treasurer: SignedIn, three_charges: tuple[int, int, int]
) -> None:
    unpaid, _, _ = three_charges
    run_id = prepare(desk, treasurer)
    pay(desk, treasurer, unpaid, "40.00")
    changed = r"now owes \$200\.00, not the \$240\.00 listed"
    with pytest.raises(Conflict, match=changed):
        certify(desk, treasurer, run_id)
    assert stored(desk, unpaid).status == ChargeStatus.BILLED
    with desk.action(treasurer) as action:
        again = tax_roll.get_run(action.session, tax_roll.prepare_run(action, TODAY))
        assert [e.amount for e in again.entries] == [Money("200.00")]
        again_id = again.id
    with pytest.raises(Conflict, match="set aside"):
        certify(desk, treasurer, run_id)  # the earlier draft was set aside by the new one
    pay(desk, treasurer, unpaid, "200.00")
    number = stored(desk, unpaid).number
    with pytest.raises(Conflict, match=f"{number} is no longer owed or eligible"):
        certify(desk, treasurer, again_id)


def test_the_roll_names_the_owner_of_record_never_the_party_billed(
    desk: Desk, admin: SignedIn, treasurer: SignedIn, owner: int
) -> None:
    tenant = add_party(desk, admin, "Olaf Tenant", "12 Elm St")
    bare = add_parcel(desk, admin, "281-00777-0000", None, "777 Court St N")
    cid = charge(
        desk,
        admin,
        ChargeKind.SNOW_ICE,
        tenant,
        parcel=bare,
        work_done_on=date(2026, 10, 1),
        bill_on=date(2026, 10, 2),  # due November 2, on the roll from November 3
        billed_as="occupant",
    )
    with desk.action(treasurer) as action:
        run = tax_roll.get_run(action.session, tax_roll.prepare_run(action, TODAY))
        assert [(e.owner_name, e.owner_address) for e in run.entries] == [("", "")]
        run_id = run.id
    with desk.database.reading() as session:
        assert views.run_view(session, run_id).owners_missing == ("281-00777-0000",)
    with pytest.raises(Conflict, match="Owner not on file for parcel 281-00777-0000"):
        certify(desk, treasurer, run_id)
    with desk.action(admin) as action:
        parties.update_parcel(
            action, bare, parties.ParcelData("281-00777-0000", "777 Court St N", owner_id=owner)
        )
    with pytest.raises(Conflict, match="the owner of parcel 281-00777-0000 is Marta Lindqvist"):
        certify(desk, treasurer, run_id)
    with desk.action(treasurer) as action:
        again = tax_roll.get_run(action.session, tax_roll.prepare_run(action, TODAY))
        assert [e.owner_name for e in again.entries] == ["Marta Lindqvist"]
        again_id = again.id
    certify(desk, treasurer, again_id)
    assert stored(desk, cid).status == ChargeStatus.CERTIFIED


def test_only_the_treasurer_certifies(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, three_charges: tuple[int, int, int]
) -> None:
    with pytest.raises(PermissionDenied), desk.action(clerk) as action:
        tax_roll.prepare_run(action, TODAY)


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


# -- the register's search -----------------------------------------------------------------------


def test_the_standing_filter_is_applied_before_the_limit(
    desk: Desk, admin: SignedIn, treasurer: SignedIn, three_charges: tuple[int, int, int]
) -> None:
    _, paid, _ = three_charges  # the oldest but one: two newer charges come before it
    with desk.database.reading() as session:
        found = sc.search_charges(
            session, standing=charge_rules.Standing.PAID, today=TODAY, limit=1
        )
        assert [c.id for c in found] == [paid]


def test_the_standing_filter_agrees_with_each_charge_standing(
    desk: Desk,
    admin: SignedIn,
    treasurer: SignedIn,
    owner: int,
    parcel: int,
    three_charges: tuple[int, int, int],
) -> None:
    made = [
        charge(desk, admin, ChargeKind.SNOW_ICE, owner, parcel=parcel, work_done_on=TODAY),
        charge(
            desk,
            admin,
            ChargeKind.OPENING_REPAIR,
            owner,
            parcel=parcel,
            work_done_on=date(2026, 11, 2),
            bill_on=date(2026, 11, 3),
            billed_as="permittee",
        ),
        charge(
            desk,
            admin,
            ChargeKind.DIRT_DEBRIS,
            owner,
            parcel=parcel,
            work_done_on=date(2026, 10, 20),
            bill_on=date(2026, 10, 23),  # due November 23
        ),
        charge(
            desk,
            admin,
            ChargeKind.DIRT_DEBRIS,
            owner,
            parcel=parcel,
            work_done_on=date(2026, 11, 20),
            bill_on=date(2026, 11, 23),
        ),
        charge(desk, admin, ChargeKind.SNOW_ICE, owner, parcel=parcel, work_done_on=TODAY),
        charge(
            desk,
            admin,
            ChargeKind.DEFICIENCY_REPAIR,
            owner,
            parcel=parcel,
            work_done_on=date(2026, 10, 20),
            bill_on=date(2026, 10, 23),  # due November 23; never on the roll: overdue after
            billed_as="permittee",
        ),
    ]
    pay(desk, treasurer, made[3], "10.00")
    with desk.action(admin) as action:
        sc.cancel_charge(action, made[0], reason="Forgiven")
    certify(desk, treasurer, prepare(desk, treasurer))
    for day in (date(2026, 11, 23), date(2026, 11, 24), TODAY, date(2026, 12, 24)):
        with desk.database.reading() as session:
            everything = sc.search_charges(session)
            seen: set[charge_rules.Standing] = set()
            for wanted in charge_rules.Standing:
                found = [c.id for c in sc.search_charges(session, standing=wanted, today=day)]
                expected = [c.id for c in everything if sc.standing(c, day) is wanted]
                assert found == expected, (wanted, day)
                if found:
                    seen.add(wanted)
        if day == TODAY:
            assert seen == {
                charge_rules.Standing.CANCELLED,
                charge_rules.Standing.AWAITING_BILL,
                charge_rules.Standing.AWAITING_NOTICE,
                charge_rules.Standing.OVERDUE,
                charge_rules.Standing.PARTLY_PAID,
                charge_rules.Standing.PAID,
                charge_rules.Standing.CERTIFIED,
                charge_rules.Standing.BILLED,
            }


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
