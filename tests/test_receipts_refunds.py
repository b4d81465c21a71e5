"""Receipts (§ 506-6 (Fee)): refunds and adjustments, and the rules the auditor's findings
added, each at its boundaries, on SQLite and on PostgreSQL (the payments, tenders, voids and
search are in test_receipts.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime

import pytest
from receipt_steps import (  # type: ignore[import-not-found]
    CARD,
    STATION,
    bill,
    business_payer,
    card,
    cash,
    check,
    close,
    counts,
    due_line,
    due_of,
    line,
    new_day,
    open_drawer,
    pay,
    refuse,
    view,
)
from sqlalchemy import select

from clerk_desk import ledger, parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.kinds import DueStatus, Role, TenderKind
from clerk_desk.models import AuditEvent, Receipt
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import (
    LineEntry,
    ReceiptSettings,
    TenderEntry,
)


@pytest.fixture
def drawer(desk: Desk, treasurer: SignedIn) -> int:
    return open_drawer(desk, treasurer)


@pytest.fixture
def payer(desk: Desk, admin: SignedIn) -> int:
    return business_payer(desk, admin)


# -- refunds and adjustments --------------------------------------------------------------------


@pytest.fixture
def closed_payment(desk: Desk, treasurer: SignedIn, payer: int, drawer: int) -> tuple[int, int]:
    """A $50.00 payment of an amount due, in yesterday's closed drawer; today's drawer open."""
    due = bill(desk, treasurer, payer, "50.00")
    receipt = pay(desk, treasurer, [due_line(desk, due)], [cash("50.00")], payer_id=payer)
    close(desk, treasurer, drawer, {"100": 1, "50": 1})
    with desk.action(treasurer) as action:
        receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
    return receipt.id, due


def _refund(desk: Desk, who: SignedIn, original: int, amount: str, due: int | None = None):
    lines = [due_line(desk, due, amount)] if due else [line(amount)]
    with desk.action(who) as action:
        saved = receipts.refund(
            action,
            original,
            station=STATION,
            lines=lines,
            tenders=[cash(amount)],
            reason="Permit withdrawn",
        )
        return receipts.get_receipt(action.session, saved.id)


def test_a_refund_references_the_original_and_cannot_exceed_what_was_paid(
    desk: Desk, treasurer: SignedIn, closed_payment: tuple[int, int]
) -> None:
    original, due = closed_payment
    assert due_of(desk, due).status == DueStatus.PAID
    refuse(InvalidInput, "cannot be refunded", lambda: _refund(desk, treasurer, original, "50.01"))
    # A line that paid an amount due is refunded whole (finding 7): no partial refund of it.
    refuse(
        InvalidInput,
        r"refund \$50\.00, not \$20\.00",
        lambda: _refund(desk, treasurer, original, "20.00", due),
    )
    first = _refund(desk, treasurer, original, "50.00", due)
    shown = view(desk, first.id)
    assert (shown.kind, shown.total, shown.corrects_number) == (
        "refund",
        Money("-50.00"),
        "2026-000001",
    )
    assert shown.lines[0].amount == Money("-50.00")
    assert shown.tenders[0].amount == Money("-50.00")
    error = refuse(
        InvalidInput,
        r"of which \$50\.00 was refunded already; \$0\.01 cannot be refunded",
        lambda: _refund(desk, treasurer, original, "0.01"),
    )
    assert isinstance(error, InvalidInput) and error.field == "lines"
    with desk.action(treasurer) as action:
        today = receipts.current_drawer(action.session, STATION)
        assert today is not None
        assert receipts.drawer_view(action.session, today.id).expected_cash == Money("50.00")


def test_a_refund_of_a_receipt_in_an_open_drawer_is_refused(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    receipt = pay(desk, treasurer, [line("10.00")], [cash("10.00")])
    refuse(
        Conflict, "still open: void it instead", lambda: _refund(desk, treasurer, receipt.id, "5")
    )


def test_a_card_number_in_a_refund_or_adjustment_is_refused(
    desk: Desk, treasurer: SignedIn, closed_payment: tuple[int, int]
) -> None:
    original, _ = closed_payment
    with pytest.raises(InvalidInput, match="full card number"), desk.action(treasurer) as action:
        receipts.refund(
            action,
            original,
            station=STATION,
            lines=[line("5.00")],
            tenders=[cash("5.00")],
            reason=f"back to card {CARD}",
        )
    with pytest.raises(InvalidInput, match="full card number"), desk.action(treasurer) as action:
        receipts.adjust(
            action,
            original,
            station=STATION,
            lines=[line("-5.00"), line("5.00", gl="100-44310-000", reference=CARD)],
            reason="Wrong account",
        )
    assert counts(desk)[0] == 1


def test_refund_and_adjustment_need_the_treasurer_and_a_reason(
    desk: Desk,
    treasurer: SignedIn,
    closed_payment: tuple[int, int],
    operator_with: Callable[[Role], SignedIn],
) -> None:
    original, _ = closed_payment
    refuse(
        PermissionDenied,
        "Treasurer",
        lambda: _refund(desk, operator_with(Role.CLERK), original, "5"),
    )
    with pytest.raises(InvalidInput, match="Say why"), desk.action(treasurer) as action:
        receipts.refund(
            action, original, station=STATION, lines=[line("5")], tenders=[cash("5")], reason=" "
        )


def test_an_adjustment_moves_postings_and_must_sum_to_zero(
    desk: Desk, treasurer: SignedIn, closed_payment: tuple[int, int]
) -> None:
    original, _ = closed_payment

    def adjust(*amounts: str):
        with desk.action(treasurer) as action:
            saved = receipts.adjust(
                action,
                original,
                station=STATION,
                lines=[
                    LineEntry("Move", Money(a), gl)
                    for a, gl in zip(amounts, ("100-44300-000", "100-44310-000"), strict=False)
                ],
                reason="Posted to the wrong account",
            )
            return receipts.get_receipt(action.session, saved.id)

    refuse(InvalidInput, r"must add up to \$0\.00", lambda: adjust("-50.00", "49.99"))
    refuse(InvalidInput, r"must add up to \$0\.00", lambda: adjust())
    adjustment = adjust("-50.00", "50.00")
    shown = view(desk, adjustment.id)
    assert (shown.kind, shown.total, shown.corrects_number) == (
        "adjustment",
        Money("0.00"),
        "2026-000001",
    )
    with desk.database.reading() as session:
        totals = {g.gl_account: g.total for g in receipts.gl_distribution(session)}
    assert totals == {"100-44300-000": Money("0.00"), "100-44310-000": Money("50.00")}


def test_gl_distribution_nets_refunds(
    desk: Desk, treasurer: SignedIn, closed_payment: tuple[int, int]
) -> None:
    original, due = closed_payment
    _refund(desk, treasurer, original, "50.00", due)  # a due line is refunded whole
    with desk.database.reading() as session:
        totals = [(g.gl_account, g.count, g.total) for g in receipts.gl_distribution(session)]
    assert totals == [("100-44300-000", 2, Money("0.00"))]


# -- the auditor's findings ---------------------------------------------------------------------


def city_check(amount: str, number: str = "50231") -> TenderEntry:
    return TenderEntry(TenderKind.CITY_CHECK, Money(amount), check_number=number)


def test_a_refund_is_paid_in_cash_or_by_city_check_and_a_city_check_never_pays_the_city(
    desk: Desk, treasurer: SignedIn, closed_payment: tuple[int, int]
) -> None:
    original, due = closed_payment

    def back(*tenders: TenderEntry) -> Receipt:
        with desk.action(treasurer) as action:
            saved = receipts.refund(
                action,
                original,
                station=STATION,
                lines=[due_line(desk, due, "50.00")],
                tenders=tenders,
                reason="Permit withdrawn",
            )
            return receipts.get_receipt(action.session, saved.id)

    for wrong in (check("50.00"), card("50.00")):
        error = refuse(
            InvalidInput, "in cash from the drawer or by a City check", lambda w=wrong: back(w)
        )
        assert isinstance(error, InvalidInput) and error.field == "tender_0_kind"
    refund = back(city_check("50.00"))
    assert view(desk, refund.id).tenders[0].label == "City check 50231"
    with desk.database.reading() as session:
        today = receipts.current_drawer(session, STATION)
        assert today is not None
        shown = receipts.drawer_view(session, today.id)
    # The City's check never passes through the drawer: nothing expected changes.
    assert (shown.expected_cash, shown.expected_checks, shown.checks) == (
        Money("100.00"),
        Money("0"),
        (),
    )
    error = refuse(
        InvalidInput,
        "cannot pay the City",
        lambda: pay(desk, treasurer, [line("5.00")], [city_check("5.00")]),
    )
    assert isinstance(error, InvalidInput) and error.field == "tender_0_kind"


def test_check_sale_treats_a_city_check_as_non_cash() -> None:
    totals = receipts.check_sale([line("10.00")], [city_check("10.01")])
    assert "change is given only from cash" in totals.problems[0].message


@pytest.mark.parametrize("bad", ["R-{number:06d}", "{number}", "2026-{number:06d}"])
def test_a_number_format_without_the_year_is_refused(desk: Desk, admin: SignedIn, bad: str) -> None:
    with (
        pytest.raises(InvalidInput, match="must show the year") as caught,
        desk.action(admin) as action,
    ):
        receipts.save_receipt_settings(action, ReceiptSettings(number_format=bad))
    assert caught.value.field == "number_format"


def test_refund_lines_must_match_lines_of_the_original(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    original = pay(
        desk,
        treasurer,
        [line("30.00"), line("20.00", gl="100-44310-000")],
        [cash("50.00")],
    )
    close(desk, treasurer, drawer, {"100": 1, "50": 1})
    with desk.action(treasurer) as action:
        receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))

    def back(*lines: LineEntry) -> Receipt:
        amount = sum((ln.amount for ln in lines), Money.zero())
        with desk.action(treasurer) as action:
            saved = receipts.refund(
                action,
                original.id,
                station=STATION,
                lines=lines,
                tenders=[TenderEntry(TenderKind.CASH, amount)],
                reason="Overcharged",
            )
            return receipts.get_receipt(action.session, saved.id)

    error = refuse(
        InvalidInput,
        "matches no line of receipt 2026-000001",
        lambda: back(line("5.00", gl="100-44330-000")),
    )
    assert isinstance(error, InvalidInput) and error.field == "lines"
    refuse(InvalidInput, r"asks \$20\.01", lambda: back(line("20.01", gl="100-44310-000")))
    back(line("15.00", gl="100-44310-000"))
    refuse(
        InvalidInput,
        r"received \$20\.00 on that line, of which \$15\.00 was refunded already",
        lambda: back(line("5.01", gl="100-44310-000")),
    )
    back(line("5.00", gl="100-44310-000"), line("30.00"))
    assert counts(desk)[0] == 3


def test_a_refund_cancels_the_amount_due_it_paid_back(
    desk: Desk,
    treasurer: SignedIn,
    closed_payment: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original, due = closed_payment
    from clerk_desk import permissions
    from clerk_desk.permissions import Permission

    grants = dict(permissions.GRANTS)
    monkeypatch.setitem(
        permissions.GRANTS, Role.TREASURER, grants[Role.TREASURER] - {Permission.CANCEL_DUE}
    )
    refuse(PermissionDenied, "Treasurer", lambda: _refund(desk, treasurer, original, "50.00", due))
    monkeypatch.setitem(permissions.GRANTS, Role.TREASURER, grants[Role.TREASURER])
    refund = _refund(desk, treasurer, original, "50.00", due)
    shown = due_of(desk, due)
    assert (shown.status, shown.paid) == (DueStatus.CANCELLED, Money.zero())
    assert shown.cancel_reason == f"Refunded on receipt {refund.number}: Permit withdrawn"
    with desk.database.reading() as session:
        assert ledger.outstanding(session) == []  # not owed again


def test_an_adjustment_is_limited_to_what_was_posted_and_to_known_accounts(
    desk: Desk, treasurer: SignedIn, closed_payment: tuple[int, int]
) -> None:
    original, _ = closed_payment

    def adjust(*lines: LineEntry) -> Receipt:
        with desk.action(treasurer) as action:
            saved = receipts.adjust(
                action, original, station=STATION, lines=lines, reason="Wrong account"
            )
            return receipts.get_receipt(action.session, saved.id)

    refuse(
        InvalidInput,
        r"takes \$60\.00 off 100-44300-000, but receipt 2026-000001 has only \$50\.00",
        lambda: adjust(line("-60.00"), line("60.00", gl="100-44310-000")),
    )
    refuse(
        InvalidInput,
        "not an account of the fee schedule",
        lambda: adjust(line("-10.00"), line("10.00", gl="999-00000-000")),
    )
    refuse(
        InvalidInput,
        "GL account is too long",
        lambda: adjust(line("-10.00"), line("10.00", gl="100-44310-000" + "0" * 80)),
    )
    refuse(
        InvalidInput,
        "description is too long",
        lambda: adjust(line("-10.00"), LineEntry("x" * 500, Money("10.00"), "100-44310-000")),
    )
    refuse(
        InvalidInput,
        "full card number",
        lambda: adjust(line("-10.00"), LineEntry(f"Card {CARD}", Money("10.00"), "100-44310-000")),
    )
    adjust(line("-30.00"), line("30.00", gl="100-46300-000"))  # to City expenses
    refuse(
        InvalidInput,
        r"takes \$20\.01 off 100-44300-000, but receipt 2026-000001 has only \$20\.00",
        lambda: adjust(line("-20.01"), line("20.01", gl="100-44310-000")),
    )
    adjust(line("-20.00"), line("20.00", gl="100-44310-000"))


def test_a_fee_line_carries_the_fee_schedules_amount_and_account(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    with desk.database.reading() as session:
        fee = receipts.fee_line(session, "STOPEN", on=desk.clock.today())
    from dataclasses import replace

    for wrong, match in (
        (replace(fee, amount=Money("5.00")), r"fee schedule sets STOPEN at \$50\.00"),
        (replace(fee, amount=Money("75.00")), r"fee schedule sets STOPEN at \$50\.00"),
        (replace(fee, gl_account="100-46300-000"), "posts STOPEN to 100-44300-000"),
    ):
        error = refuse(
            InvalidInput,
            match,
            lambda w=wrong: pay(desk, treasurer, [w], [cash(str(w.amount.amount))]),
        )
        assert isinstance(error, InvalidInput) and error.field == "lines"
        assert "§ 506-6 (Fee)" in str(error)
    assert counts(desk)[0] == 0
    pay(desk, treasurer, [fee], [cash("50.00")])
    doubled = replace(fee, amount=Money("100.00"), description="Street opening (doubled)")
    pay(desk, treasurer, [doubled], [cash("100.00")])


def test_a_card_number_in_a_line_description_is_refused(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    typed = LineEntry(f"Permit, card {CARD}", Money("5.00"), "100-44300-000")
    error = refuse(
        InvalidInput, "full card number", lambda: pay(desk, treasurer, [typed], [cash("5.00")])
    )
    assert isinstance(error, InvalidInput) and error.field == "lines"
    assert counts(desk)[0] == 0


def test_no_payment_into_a_drawer_left_open_from_an_earlier_day(
    desk: Desk, clock: FixedClock, treasurer: SignedIn, closed_payment: tuple[int, int]
) -> None:
    original, due = closed_payment
    clock.set(datetime(2026, 12, 1, 8, 0))  # the drawer opened Nov 30 was never closed
    message = (
        "The open drawer of Front counter is yesterday's (11/30/2026): no payment goes into "
        "an earlier day's batch. Close out yesterday's drawer, then open today's."
    )
    before = counts(desk)
    with pytest.raises(Conflict) as caught:
        pay(desk, treasurer, [line("5.00")], [cash("5.00")])
    assert caught.value.message == message
    with pytest.raises(Conflict) as caught:
        _refund(desk, treasurer, original, "50.00", due)
    assert caught.value.message == message
    assert counts(desk) == before
    new_day(desk, treasurer, clock, datetime(2026, 12, 1, 8, 5))
    assert pay(desk, treasurer, [line("5.00")], [cash("5.00")]).total == Money("5.00")


def test_a_money_order_needs_its_number(desk: Desk, treasurer: SignedIn, drawer: int) -> None:
    order = TenderEntry(TenderKind.MONEY_ORDER, Money("10.00"), money_order_number="  ")
    error = refuse(
        InvalidInput, "money order's number", lambda: pay(desk, treasurer, [line("10.00")], [order])
    )
    assert isinstance(error, InvalidInput) and error.field == "tender_0_money_order_number"


def test_a_refund_cancels_a_fee_but_a_special_charge_is_owed_again(
    desk: Desk, treasurer: SignedIn, payer: int, drawer: int
) -> None:
    """One receipt paid a permit fee and a special charge; refunded, the fee is cancelled (a
    refund closes it), the charge is owed again: a refund returns money, forgiving a charge the
    tax roll would collect is the separate act of cancelling it, with its reason."""

    from clerk_desk.kinds import ChargeKind
    from clerk_desk.special_charges import rules as charge_rules
    from clerk_desk.special_charges import service as sc
    from clerk_desk.special_charges import tax_roll as tax_roll

    fee = bill(desk, treasurer, payer, "50.00")
    with desk.action(treasurer) as action:
        parcel = parties.add_parcel(
            action, parties.ParcelData("281-00412-0000", "412 Orange St N", owner_id=payer)
        ).id
        charge = sc.get_charge(
            action.session,
            sc.create_charge(
                action,
                sc.ChargeData(
                    ChargeKind.DIRT_DEBRIS,
                    payer,
                    "Swept mud tracked onto Orange St N",
                    date(2026, 9, 30),
                    [sc.LineData("labor", "Street sweeper, 1 hour", Money("80.00"))],
                    parcel_id=parcel,
                    billed_as="operator",
                ),
                sc.BillData(date(2026, 10, 5), "mailed"),  # due November 4: on the roll since
            ),
        )
        charge_id, charge_due = charge.id, charge.amount_due_id
    assert charge_due is not None
    receipt = pay(
        desk,
        treasurer,
        [due_line(desk, fee), due_line(desk, charge_due)],
        [cash("130.00")],
        payer_id=payer,
    )
    close(desk, treasurer, drawer, {"100": 2, "20": 1, "10": 1})
    with desk.action(treasurer) as action:
        receipts.open_drawer(action, station=STATION, opening_cash=Money("200.00"))
    with desk.action(treasurer) as action:
        receipts.refund(
            action,
            receipt.id,
            station=STATION,
            lines=[due_line(desk, fee, "50.00"), due_line(desk, charge_due, "80.00")],
            tenders=[cash("130.00")],
            reason="Paid by the wrong company",
        )
    assert due_of(desk, fee).status == DueStatus.CANCELLED
    owed = due_of(desk, charge_due)
    assert (owed.status, owed.paid) == (DueStatus.OPEN, Money.zero())
    with desk.database.reading() as session:
        found = sc.get_charge(session, charge_id)
        assert sc.standing(found, date(2026, 11, 30)) is charge_rules.Standing.READY_FOR_ROLL
        assert [c.id for c in tax_roll.eligible(session, date(2026, 11, 30))] == [charge_id]
        events = session.scalars(
            select(AuditEvent.summary).where(
                AuditEvent.action == "special_charge.refunded",
                AuditEvent.record_id == str(charge_id),
            )
        ).all()
    assert len(events) == 1
    assert "refunded on receipt" in events[0] and "Paid by the wrong company" in events[0]
    assert "owed again on CHG-2026-001" in events[0]
