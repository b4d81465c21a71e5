"""Special charges and the tax roll: money that comes back (a refund or a void, before and
after certification), certification runs that exclude what is paid or not yet due and never
certify twice, and the register's search by standing.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Payments go through
:func:`clerk_desk.receipts.service.take_payment` with an open drawer, as in the Receipts tab.
"""

from __future__ import annotations

from datetime import date

import pytest
from special_charges_steps import (  # type: ignore[import-not-found]
    STATION,
    TODAY,
    add_parcel,
    add_party,
    audit_actions,
    charge,
    eligible_numbers,
    open_drawer,
    pay,
    prepare,
    standing,
    stored,
)
from special_charges_steps import dirt as dirt
from special_charges_steps import owner as owner
from special_charges_steps import parcel as parcel
from sqlalchemy import select

from clerk_desk import ledger, parties, today
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.kinds import (
    ChargeKind,
    ChargeStatus,
    DueStatus,
    ReceiptKind,
    RunStatus,
    TenderKind,
)
from clerk_desk.models import Receipt, TaxRollRun
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges import views as views


def balance(desk: Desk, charge_id: int) -> Money:
    with desk.database.reading() as session:
        return sc.balance(sc.get_charge(session, charge_id))


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


def certify(desk: Desk, who: SignedIn, run_id: int) -> None:
    with desk.action(who) as action:
        tax_roll.certify_run(action, run_id)


# -- money that comes back -----------------------------------------------------------------------


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
