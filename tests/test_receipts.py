"""Receipts (§ 506-6 (Fee): "Permit fees shall be paid to the Treasurer who shall issue a receipt
therefor"): numbering, lines, payers, tenders, card numbers, voids, search and the registers —
each rule at its boundaries, on SQLite and on PostgreSQL. Refunds, adjustments and the rules the
auditor's findings added are in test_receipts_refunds.py."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path

import pytest
from receipt_steps import (  # type: ignore[import-not-found]
    CARD,
    CARD_DIGITS,
    PERMIT,
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

import resources
from clerk_desk import ledger, text_search
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.kinds import DueStatus, ReceiptStatus, Role, TenderKind
from clerk_desk.models import AuditEvent, Receipt, Tender
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import (
    ReceiptSettings,
    TenderEntry,
)
from clerk_desk.receipts.views import SEARCH_TIP, Period


@pytest.fixture
def drawer(desk: Desk, treasurer: SignedIn) -> int:
    return open_drawer(desk, treasurer)


@pytest.fixture
def payer(desk: Desk, admin: SignedIn) -> int:
    return business_payer(desk, admin)


# -- numbering ----------------------------------------------------------------------------------


def test_numbers_are_sequential_in_the_settings_format(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    first = pay(desk, treasurer, [line("50.00")], [cash("50.00")])
    second = pay(desk, treasurer, [line("25.00")], [cash("25.00")])
    assert (first.number, second.number) == ("2026-000001", "2026-000002")
    assert (first.year, first.sequence, second.sequence) == (2026, 1, 2)


def test_a_changed_format_applies_to_the_next_receipt(
    desk: Desk, treasurer: SignedIn, admin: SignedIn, drawer: int
) -> None:
    assert pay(desk, treasurer, [line("5.00")], [cash("5.00")]).number == "2026-000001"
    with desk.action(admin) as action:
        receipts.save_receipt_settings(
            action, ReceiptSettings(number_format="R{year}/{number:05d}")
        )
    assert pay(desk, treasurer, [line("5.00")], [cash("5.00")]).number == "R2026/00002"
    with desk.database.reading() as session:
        assert receipts.find_receipt(session, "2026-000001").sequence == 1  # unchanged


@pytest.mark.parametrize(
    "bad", ["{year}-{num:06d}", "{year}-{number:06q}", "{year}", "RECEIPT-" * 4 + "{number}", "{"]
)
def test_a_bad_number_format_is_refused(desk: Desk, admin: SignedIn, bad: str) -> None:
    with pytest.raises(InvalidInput) as caught, desk.action(admin) as action:
        receipts.save_receipt_settings(action, ReceiptSettings(number_format=bad))
    assert caught.value.field == "number_format"
    with desk.database.reading() as session:
        assert receipts.receipt_settings(session).number_format == "{year}-{number:06d}"


def test_numbers_restart_in_a_new_year(
    desk: Desk, clock: FixedClock, treasurer: SignedIn, drawer: int
) -> None:
    # Each day's money goes into that day's drawer (the one of Nov 30 is closed out first).
    new_day(desk, treasurer, clock, datetime(2026, 12, 31, 23, 59))
    assert pay(desk, treasurer, [line("5.00")], [cash("5.00")]).number == "2026-000001"
    assert pay(desk, treasurer, [line("5.00")], [cash("5.00")]).number == "2026-000002"
    # local midnight: already 2027 in Prescott
    new_day(desk, treasurer, clock, datetime(2027, 1, 1, 0, 0))
    assert pay(desk, treasurer, [line("5.00")], [cash("5.00")]).number == "2027-000001"
    clock.set(datetime(2027, 1, 1, 8, 0))
    assert pay(desk, treasurer, [line("5.00")], [cash("5.00")]).number == "2027-000002"


def test_a_refused_tender_leaves_no_receipt_and_no_gap(
    desk: Desk, treasurer: SignedIn, payer: int, drawer: int
) -> None:
    due = bill(desk, treasurer, payer, "50.00")
    pay(desk, treasurer, [line("1.00")], [cash("1.00")])
    before = counts(desk)
    refuse(
        InvalidInput,
        "short of the total",
        lambda: pay(desk, treasurer, [due_line(desk, due)], [cash("49.99")], payer_id=payer),
    )
    assert counts(desk) == before
    assert due_of(desk, due).status == DueStatus.OPEN
    assert due_of(desk, due).paid == Money.zero()
    assert pay(desk, treasurer, [line("1.00")], [cash("1.00")]).number == "2026-000002"


def test_an_error_after_take_payment_in_the_same_action_rolls_it_all_back(
    desk: Desk, treasurer: SignedIn, payer: int, drawer: int
) -> None:
    due = bill(desk, treasurer, payer, "50.00")
    before = counts(desk)
    with pytest.raises(RuntimeError, match="printer jammed"), desk.action(treasurer) as action:
        receipt = receipts.take_payment(
            action,
            station=STATION,
            payer_id=payer,
            lines=[due_line(desk, due)],
            tenders=[cash("50.00")],
        )
        assert receipt.number == "2026-000001"
        raise RuntimeError("printer jammed")
    assert counts(desk) == before
    assert due_of(desk, due).balance == Money("50.00")
    with desk.database.reading() as session:
        assert not ledger.is_paid(session, PERMIT)
        assert not session.scalars(
            select(AuditEvent).where(AuditEvent.action == "due.payment")
        ).all()
    again = pay(desk, treasurer, [due_line(desk, due)], [cash("50.00")], payer_id=payer)
    assert again.number == "2026-000001"


# -- lines and amounts due ----------------------------------------------------------------------


def test_paying_an_amount_due_marks_it_paid(
    desk: Desk, treasurer: SignedIn, payer: int, drawer: int
) -> None:
    due = bill(desk, treasurer, payer, "50.00")
    receipt = pay(desk, treasurer, [due_line(desk, due)], [cash("50.00")], payer_id=payer)
    assert due_of(desk, due).status == DueStatus.PAID
    with desk.database.reading() as session:
        assert ledger.is_paid(session, PERMIT)
    shown = view(desk, receipt.id)
    assert shown.payer_name == "Hanson Excavating LLC"
    # Named as the clerk names it (the permit is no record of this database: kind and number)
    assert shown.lines[0].reference == "Street opening permit 2026-0007"
    assert shown.records_paid == (
        "Street opening permit fee (Street opening permit 2026-0007): paid in full",
    )


def test_partial_payment_leaves_a_balance_and_overpaying_is_refused(
    desk: Desk, treasurer: SignedIn, payer: int, drawer: int
) -> None:
    due = bill(desk, treasurer, payer, "50.00")
    pay(desk, treasurer, [due_line(desk, due, "20.00")], [cash("20.00")], payer_id=payer)
    assert due_of(desk, due).balance == Money("30.00")
    with desk.database.reading() as session:
        assert not ledger.is_paid(session, PERMIT)
    before = counts(desk)
    refuse(
        InvalidInput,
        r"\$30\.01 is more than the \$30\.00 still owed",
        lambda: pay(desk, treasurer, [due_line(desk, due, "30.01")], [cash("30.01")]),
    )
    assert counts(desk) == before
    # Two lines on the same amount, each within the balance but together over it.
    refuse(
        InvalidInput,
        "more than",
        lambda: pay(
            desk,
            treasurer,
            [due_line(desk, due, "20.00"), due_line(desk, due, "20.00")],
            [cash("40.00")],
        ),
    )
    assert counts(desk) == before
    pay(desk, treasurer, [due_line(desk, due, "30.00")], [cash("30.00")], payer_id=payer)
    assert due_of(desk, due).status == DueStatus.PAID
    refuse(
        Conflict,
        "already paid",
        lambda: pay(desk, treasurer, [due_line(desk, due, "1.00")], [cash("1.00")]),
    )


def test_fee_line_and_expense_line(
    desk: Desk, treasurer: SignedIn, admin: SignedIn, drawer: int
) -> None:
    with desk.database.reading() as session:
        fee = receipts.fee_line(session, "STOPEN", on=desk.clock.today(), reference="SO-7")
        expense = receipts.expense_line(session, Money("12.40"), "  Barricade rental  ")
    assert (fee.amount, fee.gl_account, fee.reference) == (Money("50.00"), "100-44300-000", "SO-7")
    assert fee.fee_item_id is not None
    assert (expense.gl_account, expense.note) == ("100-46300-000", "Barricade rental")
    with desk.database.reading() as session:
        for blank in ("", "   "):
            error = refuse(
                InvalidInput,
                "what the City expenses were for",
                lambda blank=blank: receipts.expense_line(session, Money("1.00"), blank),
            )
            assert isinstance(error, InvalidInput) and error.field == "note"
    receipt = pay(desk, treasurer, [fee, expense], [cash("70.00")])
    assert receipt.total == Money("62.40")
    assert receipt.change == Money("7.60")
    assert [ln.gl_account for ln in view(desk, receipt.id).lines] == [
        "100-44300-000",
        "100-46300-000",
    ]
    with desk.action(admin) as action:
        receipts.save_receipt_settings(action, ReceiptSettings(expenses_gl="100-46399-000"))
    with desk.database.reading() as session:
        assert receipts.expense_line(session, Money("1"), "Cones").gl_account == "100-46399-000"
    # The old expenses account is no longer one the City names: a line built before the change
    # is refused rather than posted there.
    refuse(
        InvalidInput,
        "posts to GL account 100-46300-000, which is not an account",
        lambda: pay(desk, treasurer, [expense], [cash("12.40")]),
    )


def test_a_line_of_zero_or_less_and_no_lines_are_refused(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    for amount in ("0", "-5.00"):
        refuse(
            InvalidInput,
            r"more than \$0\.00",
            lambda a=amount: pay(desk, treasurer, [line(a), line("10.00")], [cash("10.00")]),
        )
    refuse(InvalidInput, "Add at least one line", lambda: pay(desk, treasurer, [], [cash("1")]))
    assert counts(desk)[0] == 0


def test_payer_by_party_or_walk_in_name_and_none_refused(
    desk: Desk, treasurer: SignedIn, payer: int, drawer: int
) -> None:
    by_party = pay(desk, treasurer, [line("5.00")], [cash("5.00")], payer_id=payer)
    walk_in = pay(desk, treasurer, [line("5.00")], [cash("5.00")], payer_name="  Ana   Ruiz ")
    assert (by_party.payer_id, by_party.payer_name) == (payer, "Hanson Excavating LLC")
    assert (walk_in.payer_id, walk_in.payer_name) == (None, "Ana Ruiz")
    for blank in ("", "   "):
        error = refuse(
            InvalidInput,
            "Choose the payer",
            lambda b=blank: pay(desk, treasurer, [line("5.00")], [cash("5.00")], payer_name=b),
        )
        assert isinstance(error, InvalidInput) and error.field == "payer"
    assert counts(desk)[0] == 2


# -- tenders ------------------------------------------------------------------------------------


def test_split_check_and_cash_with_change_from_cash_only(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    receipt = pay(desk, treasurer, [line("80.00")], [check("50.00"), cash("40.00")])
    assert (receipt.total, receipt.change) == (Money("80.00"), Money("10.00"))
    tenders = view(desk, receipt.id).tenders
    assert [(t.kind, t.amount, t.tendered) for t in tenders] == [
        ("check", Money("50.00"), Money("50.00")),
        ("cash", Money("30.00"), Money("40.00")),
    ]
    assert tenders[0].label == "Check 1042 (Hanson Excavating)"
    assert sum((t.amount for t in tenders), Money.zero()) == receipt.total


@pytest.mark.parametrize(
    ("entered", "applied"),
    [
        pytest.param(
            [cash("40.00"), check("50.00")],
            [("cash", "30.00", "40.00"), ("check", "50.00", "50.00")],
            id="cash-then-check",
        ),
        pytest.param(
            [check("50.00"), cash("40.00")],
            [("check", "50.00", "50.00"), ("cash", "30.00", "40.00")],
            id="check-then-cash",
        ),
        pytest.param(
            [cash("20.00"), check("50.00"), cash("20.00")],
            [("cash", "20.00", "20.00"), ("check", "50.00", "50.00"), ("cash", "10.00", "20.00")],
            id="change-from-the-last-cash",
        ),
        pytest.param(
            [cash("25.00"), cash("5.00"), card("52.00")],
            [("cash", "25.00", "25.00"), ("cash", "3.00", "5.00"), ("card", "52.00", "52.00")],
            id="two-cash-and-a-card",
        ),
    ],
)
def test_each_tender_applies_in_full_but_cash_gives_the_change(
    desk: Desk,
    treasurer: SignedIn,
    drawer: int,
    entered: list[TenderEntry],
    applied: list[tuple[str, str, str]],
) -> None:
    """A sale of $80.00: a check or card is applied whole whatever its place in the list; the
    change comes out of the cash, so each tender row records what it paid and what was handed
    over."""
    receipt = pay(desk, treasurer, [line("80.00")], entered)
    with desk.database.reading() as session:
        rows = session.scalars(
            select(Tender).where(Tender.receipt_id == receipt.id).order_by(Tender.position)
        ).all()
        assert [(t.kind, t.amount, t.tendered) for t in rows] == [
            (kind, Money(amount), Money(tendered)) for kind, amount, tendered in applied
        ]
        change = sum((t.tendered - t.amount for t in rows), Money.zero())
    assert (receipt.total, receipt.change, change) == (
        Money("80.00"),
        sum((t.amount for t in entered), Money.zero()) - Money("80.00"),
        receipt.change,
    )


def test_cash_one_cent_short_is_refused_and_exact_accepted(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    error = refuse(
        InvalidInput,
        r"The tenders are \$0\.01 short of the total \$80\.00\.",
        lambda: pay(desk, treasurer, [line("80.00")], [check("50.00"), cash("29.99")]),
    )
    assert isinstance(error, InvalidInput) and error.field == "tenders"
    exact = pay(desk, treasurer, [line("80.00")], [check("50.00"), cash("30.00")])
    assert exact.change == Money.zero()


def test_a_check_over_the_total_is_refused_no_change_from_a_check(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    refuse(
        InvalidInput,
        r"come to \$80\.01, more than the total \$80\.00: change is given only from cash",
        lambda: pay(desk, treasurer, [line("80.00")], [check("80.01")]),
    )
    refuse(
        InvalidInput,
        "change is given only from cash",
        lambda: pay(desk, treasurer, [line("80.00")], [card("40.00"), check("40.01")]),
    )
    refuse(
        InvalidInput,
        "More cash was entered than is needed",
        lambda: pay(desk, treasurer, [line("80.00")], [check("80.00"), cash("5.00")]),
    )
    assert pay(desk, treasurer, [line("80.00")], [check("80.00")]).change == Money.zero()
    assert counts(desk)[0] == 1


def test_card_with_last_four_and_authorization(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    receipt = pay(desk, treasurer, [line("25.00")], [card("25.00", "4242", "0a12b3")])
    assert view(desk, receipt.id).tenders[0].label == "Card ending 4242, auth 0A12B3"
    for last4 in ("424", "42424", "42a2", ""):
        error = refuse(
            InvalidInput,
            "last four digits of the card",
            lambda d=last4: pay(desk, treasurer, [line("25.00")], [card("25.00", d)]),
        )
        assert isinstance(error, InvalidInput) and error.field == "tender_0_card_last4"
    refuse(
        InvalidInput,
        "authorization code",
        lambda: pay(desk, treasurer, [line("25.00")], [card("25.00", auth="")]),
    )


def _card_number_places() -> list[tuple[str, Callable[[str], dict[str, object]]]]:
    return [
        ("card_last4", lambda n: {"tenders": [card("25.00", last4=n)]}),
        ("card_authorization", lambda n: {"tenders": [card("25.00", auth=n)]}),
        ("check number", lambda n: {"tenders": [check("25.00", number=n)]}),
        ("check name", lambda n: {"tenders": [check("25.00", name=f"J Doe {n}")]}),
        ("reference", lambda n: {"lines": [line("25.00", reference=n)]}),
        ("line note", lambda n: {"lines": [line("25.00", note=f"card {n}")]}),
        ("receipt note", lambda n: {"note": f"paid with {n} exp 12/28"}),
        ("payer", lambda n: {"payer_name": f"Walk-in {n}"}),
    ]


@pytest.mark.parametrize(
    "number",
    [
        CARD,
        CARD_DIGITS,
        "4111-1111-1111-1111",
        "5555 5555 5555 4444",
        "3782 822463 10005",  # American Express, 15 digits
        f"1042 {CARD}",  # a check number typed before it
        f"{CARD} 123",  # the security code typed after it
        f"{CARD} 1228",  # the expiry typed after it
    ],
)
def test_a_full_card_number_is_refused_everywhere(
    desk: Desk, treasurer: SignedIn, drawer: int, number: str
) -> None:
    for where, entry in _card_number_places():
        kwargs: dict[str, object] = {"lines": [line("25.00")], "tenders": [cash("25.00")]}
        kwargs.update(entry(number))
        with pytest.raises(InvalidInput, match="looks like a full card number") as caught:
            pay(desk, treasurer, **kwargs)  # type: ignore[arg-type]
        assert "never keeps one" in caught.value.message, where
    assert counts(desk)[0] == 0


def test_a_refused_card_number_is_stored_nowhere(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    if desk.database.path is None:
        pytest.skip("reads the SQLite file's bytes")
    for _, entry in _card_number_places():
        kwargs: dict[str, object] = {"lines": [line("25.00")], "tenders": [cash("25.00")]}
        kwargs.update(entry(CARD))
        with pytest.raises(InvalidInput):
            pay(desk, treasurer, **kwargs)  # type: ignore[arg-type]
    receipt = pay(desk, treasurer, [line("25.00")], [card("25.00", "1111", "AB12")])
    with pytest.raises(InvalidInput, match="full card number"), desk.action(treasurer) as action:
        receipts.void_receipt(action, receipt.id, reason=f"customer gave {CARD}")
    desk.database.dispose()
    path = desk.database.path
    assert path is not None
    data = b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*") if p.is_file())
    for needle in (CARD_DIGITS, CARD, "4111-1111", "1111 1111 1111", "111111111111"):
        assert needle.encode() not in data, needle
        assert needle.encode("utf-16-le") not in data, needle
    assert view(desk, receipt.id).tenders[0].label == "Card ending 1111, auth AB12"


def test_a_check_needs_its_number_and_a_money_order_is_taken(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    error = refuse(
        InvalidInput,
        "Type the check number",
        lambda: pay(desk, treasurer, [line("10.00")], [check("10.00", number="  ")]),
    )
    assert isinstance(error, InvalidInput) and error.field == "tender_0_check_number"
    order = TenderEntry(TenderKind.MONEY_ORDER, Money("10.00"), money_order_number="MO-5521")
    receipt = pay(desk, treasurer, [line("10.00")], [order])
    assert view(desk, receipt.id).tenders[0].label == "Money order MO-5521"


@pytest.mark.parametrize("amount", ["0", "-0.01", "-10.00"])
def test_a_tender_of_zero_or_less_is_refused(
    desk: Desk, treasurer: SignedIn, drawer: int, amount: str
) -> None:
    error = refuse(
        InvalidInput,
        r"A tender must be more than \$0\.00",
        lambda: pay(desk, treasurer, [line("10.00")], [cash("10.00"), cash(amount)]),
    )
    assert isinstance(error, InvalidInput) and error.field == "tender_1_amount"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("-5", "Negative amounts are not accepted"),
        ("12.345", "has more than two decimal places"),
        ("1e3", "is not an amount"),
        ("abc", "is not an amount"),
        ("12,34", "comma .* is in the wrong place"),
        ("", "Enter an amount"),
    ],
)
def test_typed_amounts_are_parsed_strictly(typed: str, message: str) -> None:
    with pytest.raises(InvalidInput, match=message) as caught:
        Money.parse(typed, field="tender_0_amount")
    assert caught.value.field == "tender_0_amount"
    assert Money.parse("$1,250.00") == Money("1250.00")


def test_check_sale_shows_what_the_screen_needs() -> None:
    totals = receipts.check_sale([line("80.00")], [check("50.00"), cash("20.00")])
    assert (totals.total, totals.tendered, totals.short, totals.covered) == (
        Money("80.00"),
        Money("70.00"),
        Money("10.00"),
        False,
    )
    totals = receipts.check_sale([line("80.00")], [check("50.00"), cash("40.00")])
    assert (totals.change, totals.covered) == (Money("10.00"), True)


# -- voids --------------------------------------------------------------------------------------


@pytest.mark.parametrize("role", [Role.CLERK, Role.DEPUTY_CLERK, Role.INSPECTOR])
def test_only_the_treasurer_or_administrator_voids(
    desk: Desk,
    treasurer: SignedIn,
    drawer: int,
    operator_with: Callable[[Role], SignedIn],
    role: Role,
) -> None:
    receipt = pay(desk, treasurer, [line("10.00")], [cash("10.00")])
    who = operator_with(role)
    with pytest.raises(PermissionDenied) as caught, desk.action(who) as action:
        receipts.void_receipt(action, receipt.id, reason="Wrong payer")
    assert "void a receipt" in caught.value.message
    assert "Treasurer or Administrator" in caught.value.message
    assert role.label in caught.value.message
    assert view(desk, receipt.id).status == "issued"


def test_void_keeps_the_receipt_and_makes_the_amount_due_again(
    desk: Desk, clock: FixedClock, treasurer: SignedIn, admin: SignedIn, payer: int, drawer: int
) -> None:
    due = bill(desk, treasurer, payer, "50.00")
    receipt = pay(
        desk, treasurer, [due_line(desk, due)], [check("30.00"), cash("40.00")], payer_id=payer
    )
    for blank in ("", "  "):
        with pytest.raises(InvalidInput, match="Say why") as caught, desk.action(admin) as action:
            receipts.void_receipt(action, receipt.id, reason=blank)
        assert caught.value.field == "reason"
    clock.advance(minutes=5)
    with desk.action(admin) as action:
        receipts.void_receipt(action, receipt.id, reason="  Wrong permit  ")
    shown = view(desk, receipt.id)
    assert shown.is_void
    assert (shown.number, shown.total, shown.change) == (
        "2026-000001",
        Money("50.00"),
        Money("20.00"),
    )
    assert len(shown.lines) == 1 and len(shown.tenders) == 2
    assert (shown.voided_by, shown.void_reason) == ("Alex Administrator", "Wrong permit")
    assert shown.voided_at == datetime(2026, 11, 30, 10, 5)
    assert due_of(desk, due).status == DueStatus.OPEN
    assert due_of(desk, due).balance == Money("50.00")
    with desk.database.reading() as session:
        assert not ledger.is_paid(session, PERMIT)
        events = session.scalars(
            select(AuditEvent.summary).where(AuditEvent.action == "receipt.void")
        ).all()
    assert events == ["Receipt 2026-000001 voided: Wrong permit"]
    with pytest.raises(Conflict, match="already void"), desk.action(admin) as action:
        receipts.void_receipt(action, receipt.id, reason="again")
    # Paid again on a new receipt; the number of the void is never reused.
    again = pay(desk, treasurer, [due_line(desk, due)], [cash("50.00")], payer_id=payer)
    assert again.number == "2026-000002"


def test_a_void_after_close_out_is_refused_pointing_to_a_refund(
    desk: Desk, treasurer: SignedIn, drawer: int
) -> None:
    receipt = pay(desk, treasurer, [line("10.00")], [cash("10.00")])
    close(desk, treasurer, drawer, {"100": 1, "10": 1})
    with pytest.raises(Conflict) as caught, desk.action(treasurer) as action:
        receipts.void_receipt(action, receipt.id, reason="Wrong payer")
    assert "closed out" in caught.value.message
    assert "refund or adjustment" in caught.value.message
    assert view(desk, receipt.id).status == "issued"


# -- search and registers -----------------------------------------------------------------------


@pytest.fixture
def day_of_receipts(
    desk: Desk, clock: FixedClock, treasurer: SignedIn, payer: int, drawer: int
) -> list[Receipt]:
    clock.set(datetime(2026, 11, 29, 23, 59))  # the evening before: Sunday
    made = [pay(desk, treasurer, [line("80.00", reference="SO-2026-0007")], [cash("80.00")])]
    clock.set(datetime(2026, 11, 30, 0, 0))
    made.append(pay(desk, treasurer, [line("1250.00")], [check("1250.00")], payer_id=payer))
    clock.set(datetime(2026, 11, 30, 23, 30))  # 11:30 p.m. local is 5:30 a.m. UTC next day
    made.append(
        pay(
            desk,
            treasurer,
            [line("25.00"), line("55.00", gl="100-44310-000", reference="SP-9")],
            [card("80.00")],
            payer_name="Zoe Adams",
        )
    )
    clock.set(datetime(2026, 12, 1, 0, 0))
    # A new day's money goes into a drawer opened that day (Nov 30's stays open for the voids).
    with desk.action(treasurer) as action:
        receipts.open_drawer(action, station="Back office", opening_cash=Money("0"))
    made.append(
        pay(
            desk,
            treasurer,
            [line("5.00")],
            [cash("5.00")],
            payer_name="Bob Ng",
            station="Back office",
        )
    )
    return made


def _search(desk: Desk, text: str = "", **kwargs: object) -> list[str]:
    with desk.database.reading() as session:
        return [r.number for r in receipts.search_receipts(session, text, **kwargs)]  # type: ignore[arg-type]


def test_search_by_number_payer_amount_and_reference(
    desk: Desk, day_of_receipts: list[Receipt]
) -> None:
    assert _search(desk, "000003") == ["2026-000003"]
    assert _search(desk, "2026-00000") == [
        "2026-000004",
        "2026-000003",
        "2026-000002",
        "2026-000001",
    ]
    assert _search(desk, "zoe") == ["2026-000003", "2026-000001"]  # Zoë and Zoe
    assert _search(desk, "ZOË adams") == ["2026-000003"]
    assert _search(desk, "80.00") == ["2026-000003", "2026-000001"]
    assert _search(desk, "$1,250.00") == ["2026-000002"]
    assert _search(desk, "1250") == ["2026-000002"]
    assert _search(desk, "so-2026") == ["2026-000001"]
    assert _search(desk, "SP-9") == ["2026-000003"]
    assert _search(desk, "hanson 1250") == ["2026-000002"]
    assert _search(desk, "nobody") == []
    assert _search(desk, "", limit=2) == ["2026-000004", "2026-000003"]
    assert _search(desk, "100%_") == []


@pytest.mark.parametrize("recent", [2, 20_000])
def test_a_word_of_two_letters_looks_in_the_newest_receipts_three_in_all(
    desk: Desk, day_of_receipts: list[Receipt], monkeypatch: pytest.MonkeyPatch, recent: int
) -> None:
    """No trigram serves one or two letters: a search of such words alone reads only the newest
    RECENT receipts of the days chosen (at 2: 000004 and 000003 of all days; 000001 of Nov 29),
    where every receipt would be read when it matches little. A third letter searches them all,
    and so does a short word beside a longer one, which the index bounds."""
    monkeypatch.setattr(text_search, "RECENT", recent)
    everyone = recent > len(day_of_receipts)
    assert _search(desk, "zo") == (["2026-000003", "2026-000001"] if everyone else ["2026-000003"])
    assert _search(desk, "zoe") == ["2026-000003", "2026-000001"]
    assert _search(desk, "ha") == (["2026-000002"] if everyone else [])
    assert _search(desk, "han") == ["2026-000002"]
    assert _search(desk, "80") == (["2026-000003", "2026-000001"] if everyone else ["2026-000003"])
    assert _search(desk, "80.00") == ["2026-000003", "2026-000001"]
    assert _search(desk, "zoe so") == ["2026-000001"]
    assert _search(desk, "zoe so-") == ["2026-000001"]
    nov29 = date(2026, 11, 29)  # older than the newest two: its own newest are looked in
    assert _search(desk, "zo", since=nov29, until=nov29) == ["2026-000001"]
    assert _search(desk, "zo", until=nov29) == ["2026-000001"]


def test_the_register_and_the_guide_say_what_a_short_word_searches() -> None:
    guide = (Path(resources.__file__).parent / "guide" / "tab-receipts.md").read_text("utf-8")
    newest = f"newest {text_search.RECENT:,} receipts of the dates chosen"
    assert newest in SEARCH_TIP
    assert newest in " ".join(guide.split())
    assert "third letter to search them all" in SEARCH_TIP
    assert "third letter to search them all" in " ".join(guide.split())


def test_search_by_a_long_number_or_odd_text_does_not_fail(
    desk: Desk, day_of_receipts: list[Receipt]
) -> None:
    # What is typed as you type: a long check or permit number is not an amount to parse.
    assert _search(desk, "123456789012") == []
    assert _search(desk, "99999999999.99") == []
    assert _search(desk, "0.00") == []
    assert _search(desk, "$") == []


def test_search_by_city_hall_days(desk: Desk, day_of_receipts: list[Receipt]) -> None:
    nov29, nov30, dec1 = date(2026, 11, 29), date(2026, 11, 30), date(2026, 12, 1)
    assert _search(desk, since=nov30, until=nov30) == ["2026-000003", "2026-000002"]
    assert _search(desk, since=nov29, until=nov29) == ["2026-000001"]
    assert _search(desk, since=dec1, until=dec1) == ["2026-000004"]
    assert _search(desk, since=dec1) == ["2026-000004"]
    assert _search(desk, until=nov29) == ["2026-000001"]
    assert _search(desk, since=date(2026, 11, 28), until=date(2026, 11, 28)) == []
    assert _search(desk, "zoe", since=nov30, until=nov30) == ["2026-000003"]


def test_register_rows_and_line_rows(
    desk: Desk, admin: SignedIn, day_of_receipts: list[Receipt]
) -> None:
    with desk.action(admin) as action:
        receipts.void_receipt(action, day_of_receipts[1].id, reason="Entered twice")
    with desk.database.reading() as session:
        rows = receipts.register_rows(session, Period(date(2026, 11, 30), date(2026, 11, 30)))
        lines = list(
            receipts.register_line_rows(session, Period(date(2026, 11, 30), date(2026, 11, 30)))
        )
    assert [(r.number, r.status, r.total, r.tender_kinds) for r in rows] == [
        ("2026-000002", "void", Money("1250.00"), "Check"),
        ("2026-000003", "issued", Money("80.00"), "Card"),
    ]
    assert rows[1].issued_at == datetime(2026, 11, 30, 23, 30)
    assert (rows[1].references, rows[1].station) == ("SP-9", STATION)
    assert rows[1].operator_name == "Test Treasurer"
    assert lines == [
        (
            "2026-000002",
            datetime(2026, 11, 30, 0, 0),
            "Hanson Excavating LLC",
            "Void",
            "Street opening permit",
            "",
            "100-44300-000",
            Money("1250.00"),
            "Check",
        ),
        (
            "2026-000003",
            datetime(2026, 11, 30, 23, 30),
            "Zoe Adams",
            "Issued",
            "Street opening permit",
            "",
            "100-44300-000",
            Money("25.00"),
            "Card",
        ),
        (
            "2026-000003",
            datetime(2026, 11, 30, 23, 30),
            "Zoe Adams",
            "Issued",
            "Street opening permit",
            "SP-9",
            "100-44310-000",
            Money("55.00"),
            "Card",
        ),
    ]


def test_gl_distribution_leaves_voids_out(
    desk: Desk, admin: SignedIn, day_of_receipts: list[Receipt]
) -> None:
    with desk.action(admin) as action:
        receipts.void_receipt(action, day_of_receipts[1].id, reason="Entered twice")
    with desk.database.reading() as session:
        day = receipts.gl_distribution(session, Period(date(2026, 11, 30), date(2026, 11, 30)))
        every = receipts.gl_distribution(session)
    assert [(g.gl_account, g.count, g.total) for g in day] == [
        ("100-44300-000", 1, Money("25.00")),
        ("100-44310-000", 1, Money("55.00")),
    ]
    assert [(g.gl_account, g.total) for g in every] == [
        ("100-44300-000", Money("110.00")),
        ("100-44310-000", Money("55.00")),
    ]
    assert every[1].description == "Street privilege permit fee"


# -- two stations at once (PostgreSQL: read committed) ------------------------------------------


def test_two_stations_paying_the_same_amount_due_cannot_both_pay_it(
    desk: Desk, treasurer: SignedIn, payer: int, drawer: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Station B read the balance for its line; station A pays it all and commits just before
    B's save locks the amount due: B reads it afresh under the lock and is refused."""
    if desk.database.is_sqlite:
        pytest.skip("SQLite's BEGIN IMMEDIATE makes the second station wait from its first read")
    with desk.action(treasurer) as action:
        receipts.open_drawer(action, station="Back office", opening_cash=Money("0"))
    due = bill(desk, treasurer, payer, "50.00")
    real_lock = ledger.lock_dues
    ran: list[str] = []

    def other_station_first(session: object, due_ids: object) -> object:
        if not ran:
            ran.append("A")
            result: list[object] = []
            worker = threading.Thread(
                target=lambda: result.append(
                    pay(desk, treasurer, [due_line(desk, due)], [cash("50.00")], payer_id=payer)
                )
            )
            worker.start()
            worker.join(30)
            assert result, "station A could not save"
        return real_lock(session, due_ids)  # type: ignore[arg-type]

    monkeypatch.setattr(ledger, "lock_dues", other_station_first)
    with pytest.raises((Conflict, InvalidInput), match="paid"):
        pay(
            desk,
            treasurer,
            [due_line(desk, due)],
            [cash("50.00")],
            payer_id=payer,
            station="Back office",
        )
    assert counts(desk)[0] == 1
    assert due_of(desk, due).paid == Money("50.00")


def test_receipt_lines_keep_their_amount_due_status(
    desk: Desk, treasurer: SignedIn, payer: int, drawer: int
) -> None:
    due = bill(desk, treasurer, payer, "50.00")
    receipt = pay(desk, treasurer, [due_line(desk, due, "10.00")], [cash("10.00")], payer_id=payer)
    assert view(desk, receipt.id).records_paid == (
        "Street opening permit fee (Street opening permit 2026-0007): balance $40.00",
    )
    with desk.database.reading() as session:
        assert [r.id for r in receipts.receipts_for(session, payer_id=payer)] == [receipt.id]
        assert receipts.get_receipt(session, receipt.id).status == ReceiptStatus.ISSUED
