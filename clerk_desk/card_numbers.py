"""Finding a full payment card number in typed text, so that the core never stores one.

Clerk Desk keeps of a card only its last four digits and the terminal's authorization code. A
clerk may still type or paste a whole card number into any field (a note, a payer's name, a
reference), with whatever between its digits: spaces, two spaces, hyphens, dots, slashes,
underscores. :func:`find_card_number` looks for one in a single pass over the text.

What counts as a card number: 12 to 19 digits that pass the Luhn check *and* start with a prefix
a card network issues at that length (its IIN range). Lists of other numbers are not refused
for looking long: a card is typed as groups of at least four digits (4-4-4-4, 4-6-5, 4-6-4,
4-4-4-4-3), so a run of groups is a candidate only while every group but its last has four
digits or more. Phone numbers (3-3-4), dates (2-2-4), money (1,250.00), parcel numbers
(3-5-4) and check-number lists parted by commas never line up as one; "#4411 4412 4413 4414"
does line up, and the Luhn check refuses it as a card (9 in 10 such lists fail it). An unbroken
run of 12 digits or more is searched at every offset, since a card may be glued to a check
number or an expiry date ("411111111111111112/28").

The work is linear in the length of the text: each group starts at most a handful of
candidates (groups have four digits or more, and a card at most 19), each digit of a long
unbroken run starts at most eight (one per card length), and each candidate is checked in
constant time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from clerk_desk.errors import InvalidInput

SHORTEST = 12
LONGEST = 19

#: What may stand between the groups of a typed card number, one to three of them together
#: (" - " is three). A comma is not among them: "1001, 1002, 1003" is a list, not a number.
SEPARATORS = frozenset(" \t\u00a0-\u2010\u2011\u2012\u2013\u2014./_")
_MOST_SEPARATORS = 3
_SHORTEST_INNER_GROUP = 4

_DIGITS = re.compile(r"[0-9]+")

REFUSAL = (
    "That looks like a full card number. Clerk Desk never keeps one: type only the last "
    "four digits and the authorization code."
)


def _lengths(first: int, last: int, *sizes: int) -> dict[str, frozenset[int]]:
    """Every prefix from ``first`` to ``last`` (all of one width) issued at ``sizes`` digits."""
    width = len(str(first))
    return {str(p).zfill(width): frozenset(sizes) for p in range(first, last + 1)}


def _ranges() -> dict[int, dict[str, frozenset[int]]]:
    """The IIN ranges, by prefix width: {width: {prefix: card lengths}}."""
    sixteen_to_19 = (16, 17, 18, 19)
    tables: list[dict[str, frozenset[int]]] = [
        _lengths(4, 4, 13, 16, 19),  # Visa
        _lengths(51, 55, 16),  # Mastercard
        _lengths(2221, 2720, 16),  # Mastercard 2-series
        _lengths(34, 34, 15),  # American Express
        _lengths(37, 37, 15),
        _lengths(6011, 6011, *sixteen_to_19),  # Discover
        _lengths(644, 649, *sixteen_to_19),
        _lengths(65, 65, *sixteen_to_19),
        _lengths(622126, 622925, *sixteen_to_19),  # Discover / UnionPay co-branded
        _lengths(62, 62, *sixteen_to_19),  # UnionPay
        _lengths(3528, 3589, *sixteen_to_19),  # JCB
        _lengths(300, 305, *range(14, 20)),  # Diners Club
        _lengths(36, 36, *range(14, 20)),
        _lengths(38, 39, *range(14, 20)),
        # Maestro by its issued prefixes rather than the whole 50, 56-69: that broad range at
        # every length from 12 would take one date or phone list in ten for a card.
        *(
            _lengths(p, p, *range(12, 20))
            for p in (5018, 5020, 5038, 5893, 6304, 6759, 6761, 6762, 6763)
        ),
    ]
    by_width: dict[int, dict[str, frozenset[int]]] = {}
    for table in tables:
        for prefix, sizes in table.items():
            known = by_width.setdefault(len(prefix), {})
            known[prefix] = known.get(prefix, frozenset()) | sizes
    return by_width


_IIN = _ranges()
_NO_LENGTHS: frozenset[int] = frozenset()


def card_lengths(digits: str) -> frozenset[int]:
    """The lengths at which a card number starting with ``digits`` (six or more) is issued."""
    found: frozenset[int] = _NO_LENGTHS
    for width, table in _IIN.items():
        sizes = table.get(digits[:width])
        if sizes:
            found = found | sizes
    return found


def luhn_valid(digits: str) -> bool:
    """The Luhn (mod 10) check every card number passes."""
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = ord(char) - 48
        if index % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def is_card_number(digits: str) -> bool:
    """True when ``digits`` (digits only) is a number a card network issues."""
    return len(digits) in card_lengths(digits) and luhn_valid(digits)


@dataclass(frozen=True, slots=True)
class _Group:
    digits: str
    joined: bool  # parted from the group before by separators only


def _groups(text: str) -> Iterator[_Group]:
    previous_end = -1
    for match in _DIGITS.finditer(text):
        joined = previous_end >= 0 and match.start() - previous_end <= _MOST_SEPARATORS
        if joined:
            joined = all(char in SEPARATORS for char in text[previous_end : match.start()])
        previous_end = match.end()
        yield _Group(match.group(), joined)


def candidates(text: str) -> Iterator[str]:
    """Every string of digits in ``text`` that could be a typed card number (before the Luhn
    check), each at most 19 digits: the work :func:`find_card_number` does, countable."""
    runs: list[str] = []  # the groups of the current run, at most the last few kept
    for group in _groups(text):
        if not group.joined:
            runs = []
        digits = group.digits
        if len(digits) >= SHORTEST:
            yield from _windows(digits)
        # Runs of whole groups that end with this one: walk back while the groups before it
        # are long enough to be a card's inner groups, and the digits fit in a card.
        runs.append(digits)
        total = len(digits)
        for start in range(len(runs) - 2, -1, -1):
            earlier = runs[start]
            if len(earlier) < _SHORTEST_INNER_GROUP or total + len(earlier) > LONGEST:
                del runs[: start + 1]  # no later run can reach back past this group either
                break
            total += len(earlier)
            if total >= SHORTEST:
                number = "".join(runs[start:])
                if len(number) in card_lengths(number):
                    yield number


def _windows(digits: str) -> Iterator[str]:
    """Each stretch of an unbroken run of digits that starts as a card of its length would."""
    for start in range(len(digits) - SHORTEST + 1):
        sizes = card_lengths(digits[start : start + 6])
        for size in sizes:
            if start + size <= len(digits):
                yield digits[start : start + size]


def find_card_number(text: str) -> str | None:
    """The first full card number typed in ``text``, as its digits; None when there is none."""
    for number in candidates(text):
        if luhn_valid(number):
            return number
    return None


def refuse_card_number(text: str, field: str | None) -> None:
    """Refuse ``text`` for ``field`` if it holds a full card number."""
    if find_card_number(text) is not None:
        raise InvalidInput(REFUSAL, field=field)
