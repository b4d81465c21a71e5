"""The rules of a sale on plain values, at their boundaries (no database)."""

from __future__ import annotations

import pytest

from clerk_desk.card_numbers import REFUSAL
from clerk_desk.kinds import TenderKind
from clerk_desk.money import Money
from clerk_desk.receipts.rules import (
    LineEntry,
    TenderEntry,
    TenderProblem,
    kind_problem,
    sale_totals,
    typed_problem,
)

GL = "100-44300-000"


def _line(amount: str) -> LineEntry:
    return LineEntry("Street opening permit", Money(amount), GL)


def _cash(amount: str) -> TenderEntry:
    return TenderEntry(TenderKind.CASH, Money(amount))


def _check(amount: str) -> TenderEntry:
    return TenderEntry(TenderKind.CHECK, Money(amount), check_number="1042")


@pytest.mark.parametrize(
    ("handed", "short", "change", "covered"),
    [
        ("49.99", "0.01", "0.00", False),
        ("50.00", "0.00", "0.00", True),
        ("50.01", "0", "0.01", True),
    ],
)
def test_cash_a_cent_under_at_and_over_the_total(
    handed: str, short: str, change: str, covered: bool
) -> None:
    totals = sale_totals([_line("50.00")], [_cash(handed)])
    assert (totals.total, totals.tendered) == (Money("50.00"), Money(handed))
    assert (totals.short, totals.change, totals.covered) == (Money(short), Money(change), covered)
    if not covered:
        assert [p.message for p in totals.problems] == [
            "The tenders are $0.01 short of the total $50.00."
        ]


def test_no_change_from_a_check_a_cent_over_the_total() -> None:
    at = sale_totals([_line("50.00")], [_check("50.00")])
    assert at.covered and at.change == Money.zero()
    over = sale_totals([_line("50.00")], [_check("50.01")])
    assert not over.covered
    assert over.problems[0].message == (
        "Checks, cards and money orders come to $50.01, more than the total $50.00: change is "
        "given only from cash."
    )


def test_change_needs_less_cash_than_it_gives_back() -> None:
    # $30 check and $20 cash on $45: $5 change from the $20, fine.
    fine = sale_totals([_line("45.00")], [_check("30.00"), _cash("20.00")])
    assert fine.covered and fine.change == Money("5.00")
    # $45 check and $5 cash on $45: the $5 cash is all change, so it was not needed.
    extra = sale_totals([_line("45.00")], [_check("45.00"), _cash("5.00")])
    assert [p.message for p in extra.problems] == ["More cash was entered than is needed."]


def test_a_line_of_no_money_is_refused_once() -> None:
    totals = sale_totals([_line("0.00"), _line("0.00"), _line("5.00")], [_cash("5.00")])
    assert [(p.message, p.field) for p in totals.problems] == [
        ("Each line must be more than $0.00.", "lines")
    ]


def test_a_tender_of_no_money_names_its_place_and_part() -> None:
    assert typed_problem(_cash("0.01"), 0) is None
    problem = typed_problem(_cash("0.00"), 2)
    assert isinstance(problem, TenderProblem)
    assert (problem.index, problem.part, problem.field) == (2, "amount", "tender_2_amount")


def test_a_card_number_typed_into_any_part_is_refused_before_its_kind() -> None:
    tender = TenderEntry(TenderKind.CHECK, Money("0"), name_on_check="4111 1111 1111 1111")
    problem = typed_problem(tender, 0)  # no money is said before anything else
    assert problem is not None and problem.part == "amount"
    tender = TenderEntry(TenderKind.CHECK, Money("5"), name_on_check="4111 1111 1111 1111")
    problem = typed_problem(tender, 1)
    assert problem is not None and (problem.message, problem.part) == (REFUSAL, "name_on_check")


@pytest.mark.parametrize(
    ("last4", "refused"), [("424", True), ("4242", False), ("42424", True), ("42a2", True)]
)
def test_a_card_keeps_exactly_four_digits(last4: str, refused: bool) -> None:
    tender = TenderEntry(TenderKind.CARD, Money("5"), card_last4=last4, card_authorization="0A1")
    problem = kind_problem(tender, TenderKind.CARD, 0)
    assert (problem is not None) is refused
    if problem is not None:
        assert problem.part == "card_last4"


@pytest.mark.parametrize(
    ("code", "refused"), [("A", True), ("A1", False), ("A" * 12, False), ("A" * 13, True)]
)
def test_an_authorization_code_has_two_to_twelve_letters_or_digits(
    code: str, refused: bool
) -> None:
    tender = TenderEntry(TenderKind.CARD, Money("5"), card_last4="4242", card_authorization=code)
    problem = kind_problem(tender, TenderKind.CARD, 0)
    assert (problem is not None) is refused
    if problem is not None:
        assert problem.part == "card_authorization"


def test_a_check_and_a_money_order_carry_their_numbers() -> None:
    check = TenderEntry(TenderKind.CHECK, Money("5"), check_number="  ")
    found = kind_problem(check, TenderKind.CHECK, 1)
    assert found is not None and (found.part, found.message) == (
        "check_number",
        "Type the check number.",
    )
    order = TenderEntry(TenderKind.MONEY_ORDER, Money("5"))
    found = kind_problem(order, TenderKind.MONEY_ORDER, 0)
    assert found is not None and found.part == "money_order_number"
    assert kind_problem(_check("5"), TenderKind.CHECK, 0) is None
    assert kind_problem(_cash("5"), TenderKind.CASH, 0) is None
