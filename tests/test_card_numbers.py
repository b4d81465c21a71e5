"""A full card number is found whatever parts its digits; the counter's other numbers are not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clerk_desk.card_numbers import (
    LONGEST,
    SEPARATORS,
    candidates,
    find_card_number,
    is_card_number,
    luhn_valid,
)

# The networks' published test numbers, one per network and length the check knows.
TEST_CARDS = {
    "Visa 16": "4111111111111111",
    "Visa 13": "4222222222222",
    "Visa 19": "4111111111111111110",
    "Mastercard": "5555555555554444",
    "Mastercard 2-series": "2223003122003222",
    "American Express": "378282246310005",
    "Amex 34": "343434343434343",
    "Discover": "6011111111111117",
    "Discover 65": "6500000000000002",
    "JCB": "3530111333300000",
    "Diners Club": "30569309025904",
    "Diners 36": "36227206271667",
    "UnionPay": "6200000000000005",
    "Maestro": "6759649826438453",
}

# How each network's numbers are grouped when printed on the card, by length.
LAYOUTS = {13: (4, 4, 5), 14: (4, 6, 4), 15: (4, 6, 5), 16: (4, 4, 4, 4), 19: (4, 4, 4, 4, 3)}


def test_the_test_cards_are_card_numbers() -> None:
    for name, number in TEST_CARDS.items():
        assert is_card_number(number), name
        assert find_card_number(number) is not None, name


def test_a_changed_digit_fails_the_luhn_check() -> None:
    assert luhn_valid("4111111111111111")
    assert not luhn_valid("4111111111111112")
    assert find_card_number("4111 1111 1111 1112") is None


@pytest.mark.parametrize(
    ("number", "card"),
    [
        ("411111111117", False),  # 12 digits: no Visa that short
        ("4222222222222", True),  # 13: a Visa length
        ("42222222222226", False),  # 14: not a Visa length
        ("5555555555554444", True),  # Mastercard at 16
        ("55555555555544440", False),  # Mastercard at 17: not issued
        ("378282246310005", True),  # Amex at 15
        ("2220990000000002", False),  # just under the 2-series (2221)
        ("2221000000000009", True),  # its first
        ("2720990000000007", True),  # its last
        ("2721000000000004", False),  # just over it
    ],
    ids=lambda v: str(v),
)
def test_lengths_and_prefixes_at_their_boundaries(number: str, card: bool) -> None:
    assert luhn_valid(number), "each example passes Luhn: only its length or prefix decides"
    assert is_card_number(number) is card


@pytest.mark.parametrize(
    "text",
    [
        "4111 1111 1111 1111",
        "4111-1111-1111-1111",
        "4111.1111.1111.1111",
        "4111/1111/1111/1111",
        "4111_1111_1111_1111",
        "4111  1111  1111  1111",
        "4111 - 1111 - 1111 - 1111",
        "4111\u20131111\u20131111\u20131111",
        "4111\u00a01111\u00a01111\u00a01111",
        "4111111111111111",
        "3782 822463 10005",
        "Paid by card 4111111111111111 exp 12/28 cvv 123",
        "411111111111111112/28",  # glued to the expiry date
        "chk 1042 4111 1111 1111 1111",  # after a check number
        "ref 99 4111.1111.1111.1111.",
    ],
)
def test_a_card_number_is_found_whatever_parts_its_digits(text: str) -> None:
    assert find_card_number(text) is not None


MUST_PASS = {
    "check list with commas": "checks 1001, 1002, 1003 and 1004",
    "check list with spaces": "#4411 4412 4413 4414",
    "check list with hyphens": "checks 5501-5502-5503-5504",
    "phone": "(715) 262-5011",
    "phone list": "715-262-5011 / 651-555-0123",
    "phone with extension": "715.262.5011 ext 4411",
    "parcel": "Parcel 281-01234-0000",
    "two parcels": "281-01234-0000 and 281-01234-0010",
    "ZIP+4": "Prescott, WI 54021-1234",
    "two ZIP+4": "54021-1234 54022-5678",
    "date": "12/01/2026",
    "date range": "6/1/2026 - 6/15/2026",
    "ISO dates": "2026-12-01 2026-12-05",
    "money": "$1,250.00",
    "money list": "45.00 12.50 33.00 10.25 5.00",
    "receipt number": "R-2026-000123",
    "receipt numbers": "2026-000123 2026-000124 2026-000125",
    "permit number": "SO-2026-0042",
    "GL account": "100-44300-000",
    "card last four": "Card ending 4242, auth 0A12B3",
    "short digits": "12345678901",
}


@pytest.mark.parametrize("text", MUST_PASS.values(), ids=MUST_PASS.keys())
def test_the_counters_other_numbers_pass(text: str) -> None:
    assert find_card_number(text) is None


_separator = st.text(alphabet=sorted(SEPARATORS), min_size=0, max_size=3)
# Words around the number: letters and punctuation, and digits only apart from it.
_words = st.text(alphabet=st.characters(codec="utf-8", categories=["L", "P", "Zs"]), max_size=30)


def _typed(number: str, parts: list[str]) -> str:
    layout = LAYOUTS.get(len(number), (len(number),))
    groups, at = [], 0
    for size in layout:
        groups.append(number[at : at + size])
        at += size
    out = groups[0]
    for index, group in enumerate(groups[1:]):
        out += parts[index % len(parts)] + group
    return out


@settings(max_examples=400, deadline=None)
@given(
    number=st.sampled_from(sorted(TEST_CARDS.values())),
    parts=st.lists(_separator, min_size=1, max_size=5),
    before=_words,
    after=_words,
    number_before=st.one_of(st.none(), st.integers(0, 99999)),
)
def test_any_test_card_typed_any_way_in_any_text_is_found(
    number: str, parts: list[str], before: str, after: str, number_before: int | None
) -> None:
    lead = f"{number_before} " if number_before is not None else ""
    text = f"{before} {lead}{_typed(number, parts)} {after}"
    assert find_card_number(text) is not None, text


@settings(max_examples=300, deadline=None)
@given(first=st.integers(1000, 9990), count=st.integers(2, 8))
def test_a_list_of_consecutive_check_numbers_is_refused_only_when_it_is_a_card(
    first: int, count: int
) -> None:
    """A run of four-digit check numbers, consecutive as a checkbook's are, is refused exactly
    when some span of its groups is a card number (Luhn and a prefix at its length): the check
    refuses nothing on looks alone."""
    groups = [str(number) for number in range(first, min(first + count, 10_000))]
    text = "#" + " ".join(groups)
    spans = {
        "".join(groups[i:j]) for i in range(len(groups)) for j in range(i + 1, len(groups) + 1)
    }
    assert (find_card_number(text) is not None) == any(is_card_number(s) for s in spans)


def _work(text: str) -> int:
    """The candidates examined: each is at most 19 digits, checked in time bounded by that."""
    return sum(1 for _ in candidates(text))


@pytest.mark.parametrize(
    "unit",
    [
        "4444444444444444444444 ",  # long unbroken runs of a Visa prefix: the most windows
        "4111 1111 1111 1111 ",  # card-shaped groups, separated
        "4111.1111_1111/1111  ",
        "1234-5678-9012 3456 7890. ",
        "55555",  # one endless unbroken run
    ],
)
def test_the_work_grows_in_proportion_to_the_text(unit: str) -> None:
    """Linear, counted not timed: doubling the text at most doubles the candidates, and there
    are never more than a few per character (benchmarks/card_numbers.py times it)."""
    small = unit * (4_000 // len(unit))
    large = small * 2
    assert _work(large) <= 2 * _work(small) + LONGEST
    assert _work(large) <= 8 * len(large)


def test_an_unnumbered_receipts_placeholder_is_never_a_card_number() -> None:
    """The number a receipt carries until its real one is taken is stored text too."""
    from clerk_desk.receipts.service import _pending_number

    made = [_pending_number() for _ in range(20_000)]
    assert not [p for p in made if find_card_number(p) or any(c.isdigit() for c in p)]
    assert len(set(made)) == len(made)
