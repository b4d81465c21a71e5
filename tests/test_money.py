"""Money: exact to the cent, strict about what a clerk types, one way to print it."""

from __future__ import annotations

import copy
import math
import pickle
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clerk_desk.errors import InvalidInput
from clerk_desk.money import MAX_ENTRY, Money

MAX_CENTS = 99_999_999_99
cents_in_range = st.integers(min_value=0, max_value=MAX_CENTS)
any_cents = st.integers(min_value=-(10**15), max_value=10**15)

# -- what a clerk types ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "cents"),
    [
        ("$1,250.00", 125_000),
        ("1250", 125_000),
        ("1,250", 125_000),
        ("1250.5", 125_050),
        (" 12 ", 1_200),
        ("$0.99", 99),
        (".99", 99),
        ("12.", 1_200),
        ("$ 12.50", 1_250),
        ("0", 0),
        ("1,234,567.89", 123_456_789),
        ("007", 700),
    ],
)
def test_parse_accepts_what_a_clerk_types(typed: str, cents: int) -> None:
    assert Money.parse(typed) == Money.from_cents(cents)


EMPTY = "Enter an amount, for example 1,250.00 or 12.50."
NEGATIVE = "Negative amounts are not accepted. Enter the amount without a minus sign."


def not_an_amount(typed: str) -> str:
    return (
        f"\u201c{typed}\u201d is not an amount. "
        "Type the amount in digits, for example 1,250.00 or 12.50."
    )


def misplaced_comma(typed: str) -> str:
    return (
        f"The comma in \u201c{typed}\u201d is in the wrong place. A comma may only separate "
        "thousands, as in 1,250.00; type a period before the cents."
    )


def too_many_places(typed: str) -> str:
    return (
        f"\u201c{typed}\u201d has more than two decimal places. "
        "Enter dollars and cents, for example 12.34."
    )


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", EMPTY),
        ("   ", EMPTY),
        ("12.345", too_many_places("12.345")),
        ("0.001", too_many_places("0.001")),
        ("-5", NEGATIVE),
        ("-$5", NEGATIVE),
        ("$-5.00", NEGATIVE),
        ("\u22125", NEGATIVE),  # a typographic minus sign, pasted from a document
        ("1e3", not_an_amount("1e3")),
        ("abc", not_an_amount("abc")),
        ("1,25", misplaced_comma("1,25")),
        ("12,34,5", misplaced_comma("12,34,5")),
        ("1,2345", misplaced_comma("1,2345")),
        ("$$5", not_an_amount("$$5")),
        ("NaN", not_an_amount("NaN")),
        ("Infinity", not_an_amount("Infinity")),
        ("5$", not_an_amount("5$")),
        ("1 250", not_an_amount("1 250")),
        ("12.3.4", not_an_amount("12.3.4")),
        (".", not_an_amount(".")),
        ("\u0661\u0662", not_an_amount("\u0661\u0662")),  # Arabic-Indic digits
        ("100000000", "Amounts over $99,999,999.99 are not accepted. Check the amount."),
    ],
)
def test_parse_refuses_with_a_sentence_the_clerk_understands(typed: str, message: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        Money.parse(typed, field="fee")
    assert refused.value.message == message
    assert refused.value.field == "fee"


def test_parse_shortens_a_long_paste_in_its_message() -> None:
    with pytest.raises(InvalidInput) as refused:
        Money.parse("x" * 200)
    assert "\u201c" + "x" * 37 + "...\u201d is not an amount" in refused.value.message


def test_parse_refuses_zero_only_when_asked() -> None:
    assert Money.parse("0.00") == Money.zero()
    with pytest.raises(InvalidInput) as refused:
        Money.parse("0.00", allow_zero=False, field="bond")
    assert refused.value.message == "Enter an amount greater than $0.00."
    assert refused.value.field == "bond"


def test_parse_boundaries_one_cent_under_and_at_the_maximum_and_minimum() -> None:
    assert Money.parse("99,999,999.98") == Money.from_cents(MAX_CENTS - 1)
    assert Money.parse("$99,999,999.99") == MAX_ENTRY == Money.from_cents(MAX_CENTS)
    with pytest.raises(InvalidInput, match="Amounts over"):
        Money.parse("100,000,000.00")
    assert Money.parse("0.01", allow_zero=False) == Money.from_cents(1)
    with pytest.raises(InvalidInput, match="greater than"):
        Money.parse("0", allow_zero=False)


def test_parse_takes_only_text() -> None:
    with pytest.raises(TypeError):
        Money.parse(12.5)  # type: ignore[arg-type]


# -- construction in code -------------------------------------------------------------------------


def test_construction_from_decimal_int_and_str_is_exact() -> None:
    assert Money(Decimal("12.50")).cents == 1250
    assert Money(Decimal("12.5")).cents == 1250
    assert Money(Decimal("1.500")).cents == 150  # trailing zeros are still exact to the cent
    assert Money(12).cents == 1200
    assert Money("0.10").cents == 10
    assert Money("-5").cents == -500
    assert Money(Money("3.00")) == Money("3.00")


@pytest.mark.parametrize("value", [0.1, 12.5, 0.0, math.nan])
def test_a_float_is_a_type_error(value: float) -> None:
    with pytest.raises(TypeError, match="float"):
        Money(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [Decimal("0.001"), "12.345", Decimal("NaN"), "Infinity", "1,250"])
def test_construction_refuses_what_is_not_exact_to_the_cent(value: Decimal | str) -> None:
    with pytest.raises(ValueError):
        Money(value)


def test_bools_and_other_types_are_refused() -> None:
    with pytest.raises(TypeError):
        Money(True)
    with pytest.raises(TypeError):
        Money.from_cents(True)
    with pytest.raises(TypeError):
        Money.from_cents(12.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Money([1])  # type: ignore[arg-type]


def test_amount_has_two_places_and_cents_is_an_int() -> None:
    fee = Money("1250.5")
    assert fee.amount == Decimal("1250.50")
    assert str(fee.amount) == "1250.50"
    assert fee.cents == 125_050
    assert isinstance(fee.cents, int)


# -- arithmetic -----------------------------------------------------------------------------------


def test_addition_subtraction_and_negative_balances() -> None:
    assert Money("10.00") + Money("2.50") == Money("12.50")
    assert Money("10.00") - Money("12.50") == Money("-2.50")  # a drawer $2.50 short
    assert -Money("5") == Money("-5")
    assert abs(Money("-5")) == Money("5")
    assert +Money("5") == Money("5")


def test_sum_of_receipt_lines() -> None:
    lines = [Money("25.00"), Money("0.10"), Money("0.20")]
    assert sum(lines) == Money("25.30")
    assert sum([], Money.zero()) == Money.zero()


def test_money_does_not_mix_with_plain_numbers() -> None:
    with pytest.raises(TypeError):
        Money("1") + 1  # type: ignore[operator]
    with pytest.raises(TypeError):
        1 + Money("1")
    with pytest.raises(TypeError):
        Money("1") * 1.5  # type: ignore[operator]
    with pytest.raises(TypeError):
        Money("1") * Money("1")  # type: ignore[operator]
    with pytest.raises(TypeError):
        Money("1") < 2  # type: ignore[operator]  # noqa: B015
    assert Money("0") != 0
    with pytest.raises(ValueError):
        Money("1") * Decimal("NaN")


def test_multiplication_doubles_a_fee_and_takes_a_percentage_half_up() -> None:
    assert Money("37.50") * 2 == Money("75.00")  # a fee doubled for work begun without permit
    assert 2 * Money("37.50") == Money("75.00")
    assert Money("123.45") * Decimal("0.20") == Money("24.69")  # 24.69 exactly
    assert Money("0.05") * Decimal("0.5") == Money("0.03")  # 2.5 cents rounds up
    assert Money("0.01") * Decimal("0.49") == Money("0.00")
    assert Money("-0.05") * Decimal("0.5") == Money("-0.03")  # halves go away from zero
    assert Money("10.00") * Decimal("1.055") == Money("10.55")  # 1055.0 cents


def test_comparisons_bool_and_hash() -> None:
    assert Money("1.00") < Money("1.01") <= Money("1.01") < Money("2")
    assert Money("2") > Money("1.99") >= Money("1.99")
    assert not Money.zero()
    assert Money("0.01")
    assert {Money("1.0"), Money("1.00"), Money(1)} == {Money.from_cents(100)}
    assert max([Money("3"), Money("12"), Money("7")]) == Money("12")


def test_money_is_immutable_and_survives_copy_and_pickle() -> None:
    fee = Money("12.50")
    with pytest.raises(AttributeError):
        fee._cents = 5
    with pytest.raises(AttributeError):
        del fee._cents
    assert copy.copy(fee) is fee
    assert copy.deepcopy(fee) is fee
    assert pickle.loads(pickle.dumps(fee)) == fee


# -- printing -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cents", "text"),
    [
        (125_000, "$1,250.00"),
        (-500, "-$5.00"),
        (0, "$0.00"),
        (1, "$0.01"),
        (-1, "-$0.01"),
        (MAX_CENTS, "$99,999,999.99"),
        (123_456_789_012, "$1,234,567,890.12"),
    ],
)
def test_format(cents: int, text: str) -> None:
    money = Money.from_cents(cents)
    assert money.format() == str(money) == f"{money}" == text
    assert money.format(symbol=False) == text.replace("$", "")


def test_format_spec_aligns_and_repr_is_exact() -> None:
    assert f"{Money('5'):>8}|" == "   $5.00|"
    assert repr(Money("1250")) == "Money('1250.00')"
    assert repr(Money("-0.05")) == "Money('-0.05')"


# -- properties -----------------------------------------------------------------------------------


@given(cents_in_range)
def test_format_then_parse_round_trips(cents: int) -> None:
    money = Money.from_cents(cents)
    assert Money.parse(money.format()) == money
    assert Money.parse(money.format(symbol=False)) == money
    assert Money.parse(str(money.amount)) == money


@given(any_cents)
def test_from_cents_and_cents_round_trip(cents: int) -> None:
    money = Money.from_cents(cents)
    assert money.cents == cents
    assert Money(money.amount) == money
    assert eval(repr(money), {"Money": Money}) == money


@given(any_cents, any_cents)
def test_addition_matches_integer_cents(a: int, b: int) -> None:
    assert (Money.from_cents(a) + Money.from_cents(b)).cents == a + b
    assert (Money.from_cents(a) - Money.from_cents(b)).cents == a - b
    assert (Money.from_cents(a) < Money.from_cents(b)) == (a < b)


@given(
    any_cents,
    st.decimals(min_value=-1000, max_value=1000, places=4, allow_nan=False, allow_infinity=False),
)
def test_multiplication_rounds_half_up_to_the_cent(cents: int, factor: Decimal) -> None:
    exact = Fraction(cents) * Fraction(factor)
    result = (Money.from_cents(cents) * factor).cents
    assert abs(Fraction(result) - exact) <= Fraction(1, 2)
    if abs(Fraction(result) - exact) == Fraction(1, 2):  # a tie: away from zero
        assert abs(result) > abs(exact)
    assert result == math.floor(abs(exact) + Fraction(1, 2)) * (1 if exact >= 0 else -1)


@given(any_cents, st.integers(min_value=-1000, max_value=1000))
def test_multiplication_by_an_int_is_exact(cents: int, factor: int) -> None:
    assert (Money.from_cents(cents) * factor).cents == cents * factor
