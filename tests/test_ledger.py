"""Amounts due: billed above $0.00, paid to the cent and never beyond, reversed when a receipt is
voided, cancelled only while unpaid; ``is_paid`` as a workflow relies on it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest
from sqlalchemy import exc as sa_exc
from sqlalchemy import func, select, update

from clerk_desk import fees, ledger, parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.kinds import ChargeKind, DueKind, DueStatus, PartyKind, Role, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.ledger_check import ledger_problems
from clerk_desk.models import AmountDue, AuditEvent
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry

PERMIT = RecordRef("street_opening", "2026-0001")


@pytest.fixture
def payer(desk: Desk, admin: SignedIn) -> int:
    with desk.action(admin) as action:
        return parties.add_party(
            action, parties.PartyData(kind=PartyKind.BUSINESS, name="Hanson Excavating LLC")
        ).id


def _bill(desk: Desk, who: SignedIn, payer: int, amount: str, record: RecordRef = PERMIT) -> int:
    with desk.action(who) as action:
        return ledger.bill(
            action,
            party_id=payer,
            record=record,
            kind=DueKind.FEE,
            amount=Money(amount),
            description="Street opening permit fee",
            gl_account="100-46300-000",
            cite="§ 506-6 (Fee)",
        ).id


def _due(desk: Desk, due_id: int) -> AmountDue:
    with desk.database.reading() as session:
        return ledger.get_due(session, due_id)


def _paid(desk: Desk, record: RecordRef = PERMIT) -> bool:
    with desk.database.reading() as session:
        return ledger.is_paid(session, record)


STATION = "Front counter"


def _receipt(desk: Desk, who: SignedIn, due_id: int, *amounts: str) -> int:
    """A receipt at the counter paying ``amounts`` (one line each) on the amount due."""
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("0.00"))
        lines = [receipts.due_line(action.session, due_id, Money(a)) for a in amounts]
        total = sum((line.amount for line in lines), Money.zero())
        return receipts.take_payment(
            action,
            station=STATION,
            payer_id=ledger.get_due(action.session, due_id).party_id,
            lines=lines,
            tenders=[TenderEntry(TenderKind.CASH, total)],
        ).id


def _pay(desk: Desk, who: SignedIn, due_id: int, amount: str) -> AmountDue:
    _receipt(desk, who, due_id, amount)
    return _due(desk, due_id)


def _void(desk: Desk, who: SignedIn, receipt_id: int) -> None:
    with desk.action(who) as action:
        receipts.void_receipt(action, receipt_id, reason="Keyed twice")


def _break(desk: Desk, due_id: int, paid: str) -> None:
    """Write ``paid`` on the amount due behind the services' back: what a station of an older
    version did when it lost another station's update (issue 17: 31 of 40 rounds)."""
    with desk.database.writing() as session:
        session.execute(update(AmountDue).where(AmountDue.id == due_id).values(paid=Money(paid)))


def _dues(desk: Desk) -> int:
    with desk.database.reading() as session:
        return session.scalar(select(func.count()).select_from(AmountDue)) or 0


def test_nothing_can_be_billed_at_zero_but_one_cent_can(
    desk: Desk, admin: SignedIn, payer: int
) -> None:
    with pytest.raises(InvalidInput, match=r"more than \$0\.00") as caught:
        _bill(desk, admin, payer, "0.00")
    assert caught.value.field == "amount"
    assert _dues(desk) == 0
    due = _due(desk, _bill(desk, admin, payer, "0.01"))
    assert (due.amount, due.paid, due.status) == (Money("0.01"), Money("0.00"), DueStatus.OPEN)


def test_a_bill_names_a_real_party_and_says_what_it_is_for(
    desk: Desk, admin: SignedIn, payer: int
) -> None:
    with pytest.raises(NotFound, match="no party number 777"):
        _bill(desk, admin, 777, "5.00")
    with pytest.raises(InvalidInput) as caught, desk.action(admin) as action:
        ledger.bill(
            action,
            party_id=payer,
            record=PERMIT,
            kind=DueKind.FEE,
            amount=Money("5.00"),
            description="   ",
            gl_account="100-46300-000",
        )
    assert caught.value.field == "description"


def test_partial_then_full_payment_makes_it_paid(
    desk: Desk, operator_with: Callable[[Role], SignedIn], payer: int
) -> None:
    treasurer = operator_with(Role.TREASURER)
    due_id = _bill(desk, treasurer, payer, "100.00")
    assert _pay(desk, treasurer, due_id, "40.00").status == DueStatus.OPEN
    assert not _paid(desk)
    with desk.database.reading() as session:
        assert ledger.balance_of(session, payer) == Money("60.00")
    paid = _pay(desk, treasurer, due_id, "60.00")
    assert (paid.paid, paid.balance, paid.status) == (
        Money("100.00"),
        Money("0.00"),
        DueStatus.PAID,
    )
    assert _paid(desk)
    with desk.database.reading() as session:
        assert ledger.outstanding(session, party_id=payer) == []


def test_paying_one_cent_more_than_owed_is_refused(desk: Desk, admin: SignedIn, payer: int) -> None:
    due_id = _bill(desk, admin, payer, "100.00")
    _pay(desk, admin, due_id, "40.00")
    with pytest.raises(InvalidInput, match=r"\$60\.01 is more than the \$60\.00 still owed"):
        _pay(desk, admin, due_id, "60.01")
    with pytest.raises(InvalidInput, match="more than"):
        _pay(desk, admin, due_id, "0.00")
    assert _due(desk, due_id).paid == Money("40.00")
    _pay(desk, admin, due_id, "60.00")
    with pytest.raises(Conflict, match="is already paid; it cannot be paid"):
        _pay(desk, admin, due_id, "0.01")


def test_is_paid_needs_something_billed_and_ignores_cancelled_amounts(
    desk: Desk, admin: SignedIn, payer: int
) -> None:
    assert not _paid(desk)  # nothing billed is not "paid"
    fee = _bill(desk, admin, payer, "50.00")
    mistake = _bill(desk, admin, payer, "50.00")
    _bill(desk, admin, payer, "9.00", RecordRef("street_opening", "2026-0002"))
    _pay(desk, admin, fee, "50.00")
    assert not _paid(desk)  # the second amount is still open
    with desk.action(admin) as action:
        ledger.cancel(action, mistake, reason="billed twice")
    assert _paid(desk)
    assert not _paid(desk, RecordRef("street_opening", "2026-0002"))
    only = _bill(desk, admin, payer, "1.00", RecordRef("vending", "7"))
    with desk.action(admin) as action:
        ledger.cancel(action, only, reason="withdrawn")
    assert not _paid(desk, RecordRef("vending", "7"))  # all cancelled: nothing to have paid


def test_a_voided_receipt_puts_the_payment_back(
    desk: Desk, operator_with: Callable[[Role], SignedIn], payer: int
) -> None:
    treasurer = operator_with(Role.TREASURER)
    due_id = _bill(desk, treasurer, payer, "75.00")
    first = _receipt(desk, treasurer, due_id, "25.00")
    _receipt(desk, treasurer, due_id, "50.00")
    assert _due(desk, due_id).status == DueStatus.PAID
    with pytest.raises(InvalidInput, match="was not paid"), desk.action(treasurer) as action:
        receipt = receipts.get_receipt(action.session, first)
        ledger.reverse_payment(
            action, due_id, Money("75.01"), receipt=receipt, reference="R-1 void"
        )
    _void(desk, treasurer, first)
    due = _due(desk, due_id)
    assert (due.paid, due.status) == (Money("50.00"), DueStatus.OPEN)
    assert not _paid(desk)


def test_an_amount_with_money_paid_cannot_be_cancelled(
    desk: Desk, admin: SignedIn, payer: int
) -> None:
    due_id = _bill(desk, admin, payer, "75.00")
    with pytest.raises(InvalidInput) as caught, desk.action(admin) as action:
        ledger.cancel(action, due_id, reason="  ")
    assert caught.value.field == "reason"
    _pay(desk, admin, due_id, "0.01")
    with pytest.raises(Conflict, match=r"\$0\.01 was already paid"), desk.action(admin) as action:
        ledger.cancel(action, due_id, reason="billed in error")
    assert _due(desk, due_id).status == DueStatus.OPEN
    other = _bill(desk, admin, payer, "10.00")
    with desk.action(admin) as action:
        ledger.cancel(action, other, reason=" billed in error ")
    cancelled = _due(desk, other)
    assert (cancelled.status, cancelled.cancel_reason) == (DueStatus.CANCELLED, "billed in error")
    with pytest.raises(Conflict, match="already cancelled"), desk.action(admin) as action:
        ledger.cancel(action, other, reason="again")
    with pytest.raises(Conflict, match="cannot be paid"):
        _pay(desk, admin, other, "1.00")


def test_the_database_itself_refuses_a_paid_amount_above_the_bill(
    desk: Desk, admin: SignedIn, payer: int
) -> None:
    due_id = _bill(desk, admin, payer, "10.00")
    with pytest.raises(sa_exc.IntegrityError), desk.action(admin) as action:
        due = ledger.get_due(action.session, due_id)
        due.paid = Money("10.01")
        action.session.flush()
    assert _due(desk, due_id).paid == Money("0.00")


def test_a_description_longer_than_its_column_is_refused(
    desk: Desk, admin: SignedIn, payer: int
) -> None:
    def bill(description: str, gl_account: str = "100-44300-000") -> AmountDue:
        with desk.action(admin) as action:
            return ledger.bill(
                action,
                party_id=payer,
                record=PERMIT,
                kind=DueKind.FEE,
                amount=Money("5.00"),
                description=description,
                gl_account=gl_account,
            )

    with pytest.raises(InvalidInput, match="at most 200 characters") as refused:
        bill("d" * 201)
    assert refused.value.field == "description"
    with pytest.raises(InvalidInput, match="at most 40 characters") as refused:
        bill("Fee", "1" * 41)
    assert refused.value.field == "gl_account"
    assert _dues(desk) == 0
    assert len(bill("d" * 200).description) == 200
    # An account of 40 characters fits, once the fee schedule names it (the chart of accounts).
    with desk.action(admin) as action:
        fees.add_fee(
            action, fees.FeeData("LONG", "Long", Money("5.00"), "1" * 40, "", date(2026, 1, 1))
        )
    assert bill("Fee", "1" * 40).gl_account == "1" * 40


def test_an_amount_that_posts_to_no_gl_account_is_refused_when_billed(
    desk: Desk, admin: SignedIn, payer: int
) -> None:
    with pytest.raises(InvalidInput, match="GL account") as refused, desk.action(admin) as action:
        ledger.bill(
            action,
            party_id=payer,
            record=PERMIT,
            kind=DueKind.FEE,
            amount=Money("5.00"),
            description="Permit fee",
        )
    assert refused.value.field == "gl_account"
    assert _dues(desk) == 0


# -- special charges -----------------------------------------------------------------------------


def _special_charge(desk: Desk, who: SignedIn, payer: int, *, bill_on: date) -> int:
    """Dirt and debris the City swept up after the permit's work, billed to the permittee's
    parcel and named after the permit (§ 506-20): due 30 days after ``bill_on``."""
    from clerk_desk.special_charges import service as sc
    from clerk_desk.special_charges import tax_roll as tax_roll

    with desk.action(who) as action:
        parcel = parties.add_parcel(
            action, parties.ParcelData(f"281-{bill_on.toordinal()}", "1 A St", owner_id=payer)
        ).id
        return sc.create_charge(
            action,
            sc.ChargeData(
                ChargeKind.DIRT_DEBRIS,
                payer,
                "Swept up dirt tracked from the opening",
                bill_on,
                [sc.LineData("labor", "Sweeper", Money("120.00"))],
                parcel_id=parcel,
                billed_as="operator",
                record_type=PERMIT.record_type,
                record_id=PERMIT.record_id,
            ),
            sc.BillData(bill_on, "mailed"),
        )


def test_is_paid_is_about_the_record_s_own_bills_not_its_special_charges(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], payer: int
) -> None:
    from clerk_desk.special_charges import service as sc
    from clerk_desk.special_charges import tax_roll as tax_roll

    fee = _bill(desk, admin, payer, "50.00")
    charge_id = _special_charge(desk, admin, payer, bill_on=date(2026, 10, 5))
    with desk.database.reading() as session:
        assert len(ledger.dues_for(session, PERMIT)) == 2  # the permit still counts it
    _pay(desk, admin, fee, "50.00")
    assert _paid(desk)  # the charge is owed, but the permit's fee is paid
    treasurer = operator_with(Role.TREASURER)
    with desk.action(treasurer) as action:
        run_id = tax_roll.prepare_run(action, date(2026, 11, 30))
    with desk.action(treasurer) as action:
        tax_roll.certify_run(action, run_id)
    with desk.database.reading() as session:
        assert sc.get_charge(session, charge_id).status == "certified"
    assert _paid(desk)  # certified to the tax roll: still not a reason to read it unpaid


def test_the_receipts_today_list_leaves_special_charges_to_their_own_tab(
    desk: Desk, admin: SignedIn, payer: int
) -> None:
    from clerk_desk import today

    with desk.action(admin) as action:
        fee = ledger.bill(
            action,
            party_id=payer,
            record=PERMIT,
            kind=DueKind.FEE,
            amount=Money("50.00"),
            description="Street opening permit fee",
            gl_account="100-46300-000",
            due_on=date(2026, 12, 4),
        ).id
    charge_id = _special_charge(desk, admin, payer, bill_on=date(2026, 11, 4))  # due Dec 4
    with desk.action(admin) as action:
        items = today.gather(action)
    assert [(i.record_type, i.record_id) for i in items if i.workflow == "Receipts"] == [
        ("amount_due", str(fee))
    ]
    assert [
        i.title for i in items if (i.record_type, i.record_id) == ("special_charge", str(charge_id))
    ] == ["CHG-2026-001 is due Fri Dec 4, 2026"]


def test_a_payment_put_back_on_a_certified_charge_is_owed_on_a_new_one(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], payer: int
) -> None:
    from clerk_desk.special_charges import service as sc
    from clerk_desk.special_charges import tax_roll as tax_roll

    treasurer = operator_with(Role.TREASURER)
    charge_id = _special_charge(desk, admin, payer, bill_on=date(2026, 10, 5))
    with desk.database.reading() as session:
        due_id = sc.get_charge(session, charge_id).amount_due_id
    assert due_id is not None
    paid_on = _receipt(desk, treasurer, due_id, "20.00")
    with desk.action(treasurer) as action:
        run_id = tax_roll.prepare_run(action, date(2026, 11, 30))
    with desk.action(treasurer) as action:
        tax_roll.certify_run(action, run_id)
    _void(desk, treasurer, paid_on)
    due = _due(desk, due_id)
    assert (due.paid, due.status) == (Money.zero(), DueStatus.CERTIFIED)
    with desk.database.reading() as session:
        [again] = sc.supplements_of(session, charge_id)
        assert again.total == Money("20.00") and again.amount_due is not None
        assert again.amount_due.status == DueStatus.OPEN
        assert sc.balance(sc.get_charge(session, charge_id)) == Money("100.00")


# -- what is paid is what the receipts paid (issue 17: derived, never written back) --------------


def test_a_void_writes_what_the_live_receipts_paid_not_the_figure_it_read(
    desk: Desk, admin: SignedIn, payer: int
) -> None:
    due_id = _bill(desk, admin, payer, "100.00")
    first = _receipt(desk, admin, due_id, "20.00")
    _receipt(desk, admin, due_id, "30.00")
    _break(desk, due_id, "30.00")  # the $20.00 lost by an older station: $50.00 was paid
    _void(desk, admin, first)
    due = _due(desk, due_id)
    # Taking $20.00 off the $30.00 read would leave $10.00; the live receipt pays $30.00.
    assert (due.paid, due.status) == (Money("30.00"), DueStatus.OPEN)
    with desk.database.reading() as session:
        assert ledger_problems(session) == []
        event = session.scalars(
            select(AuditEvent).where(AuditEvent.action == "due.payment_reversed")
        ).one()
    assert (event.before, event.after) == ({}, {})  # $30.00 recorded before and after


def test_a_payment_on_an_amount_left_wrong_records_what_its_receipts_paid(
    desk: Desk, admin: SignedIn, payer: int
) -> None:
    due_id = _bill(desk, admin, payer, "100.00")
    _receipt(desk, admin, due_id, "40.00")
    _break(desk, due_id, "0.00")
    _receipt(desk, admin, due_id, "60.00")  # the balance read was $100.00; $60.00 is left
    due = _due(desk, due_id)
    assert (due.paid, due.status) == (Money("100.00"), DueStatus.PAID)


def test_a_cancel_asks_the_receipts_what_was_paid(desk: Desk, admin: SignedIn, payer: int) -> None:
    due_id = _bill(desk, admin, payer, "75.00")
    _receipt(desk, admin, due_id, "0.01")
    _break(desk, due_id, "0.00")  # recorded unpaid, but a live receipt paid a cent
    with pytest.raises(Conflict, match=r"\$0\.01 was already paid"), desk.action(admin) as action:
        ledger.cancel(action, due_id, reason="billed in error")
    assert _due(desk, due_id).status == DueStatus.OPEN


@pytest.mark.parametrize(("amount", "refused"), [("4.99", True), ("5.00", False), ("5.01", True)])
def test_a_payment_is_recorded_only_by_the_receipt_that_makes_it(
    desk: Desk, admin: SignedIn, payer: int, amount: str, refused: bool
) -> None:
    due_id = _bill(desk, admin, payer, "20.00")
    receipt_id = _receipt(desk, admin, due_id, "5.00")
    with desk.action(admin) as action:
        receipt = receipts.get_receipt(action.session, receipt_id)
        if refused:
            with pytest.raises(Conflict, match=f"does not pay \\${amount} on Street opening"):
                ledger.apply_payment(
                    action, due_id, Money(amount), receipt=receipt, reference=receipt.number
                )
        else:  # the receipt's own payment, asked again: what its receipts paid, no more
            due = ledger.apply_payment(
                action, due_id, Money(amount), receipt=receipt, reference=receipt.number
            )
            assert (due.paid, due.status) == (Money("5.00"), DueStatus.OPEN)
    assert _due(desk, due_id).paid == Money("5.00")


def test_two_lines_on_one_amount_are_one_payment(desk: Desk, admin: SignedIn, payer: int) -> None:
    due_id = _bill(desk, admin, payer, "50.00")
    receipt_id = _receipt(desk, admin, due_id, "30.00", "20.00")
    due = _due(desk, due_id)
    assert (due.paid, due.status) == (Money("50.00"), DueStatus.PAID)
    with desk.database.reading() as session:
        summaries = session.scalars(
            select(AuditEvent.summary).where(AuditEvent.action == "due.payment")
        ).all()
        number = receipts.get_receipt(session, receipt_id).number
    assert summaries == [f"$50.00 paid on Street opening permit fee ({number})"]
    _void(desk, admin, receipt_id)
    due = _due(desk, due_id)
    assert (due.paid, due.status) == (Money("0.00"), DueStatus.OPEN)
