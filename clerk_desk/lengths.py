"""Lengths as the counter measures them: kept in whole inches, read and written in feet and inches.

The ordinance sets its clearances in both units (six feet clear, aisles of 44 inches, a fence four
feet high, one-third of a street): keeping every width as a whole number of inches lets each rule
compare exactly, with no rounding of a fraction of a foot.
"""

from __future__ import annotations

import re
from fractions import Fraction

from clerk_desk.errors import InvalidInput

_FEET = r"(?:ft|feet|foot|')"
_INCHES = r"(?:in|inch|inches|\")"
_NUMBER = r"\d+(?:\.\d+)?(?:\s+\d+/\d+)?|\d+/\d+"
_FEET_AND_INCHES = re.compile(
    rf"^(?:(?P<feet>{_NUMBER})\s*{_FEET})?\s*(?:(?P<inches>{_NUMBER})\s*{_INCHES}?)?$"
)


def _number(text: str) -> Fraction:
    return sum((Fraction(part) for part in text.split()), Fraction(0))


def parse_length(text: str, *, label: str = "The length", field: str | None = None) -> int | None:
    """Whole inches from what the Clerk typed; None for a blank.

    A bare number is feet ("6", "4 1/2", "12.5"); inches are marked ("44 in", "44\\"") and may
    follow feet ("6 ft 2 in", "6' 2\\""). A length that is not a whole number of inches is
    refused rather than rounded: the rules compare to the inch.
    """
    cleaned = " ".join(text.strip().lower().split())
    if not cleaned:
        return None
    match = _FEET_AND_INCHES.match(cleaned)
    if match is None or not (match["feet"] or match["inches"]):
        raise InvalidInput(
            f'{label} "{text.strip()}" is not a length: write feet ("6" or "4 1/2 ft") or '
            'inches ("44 in"), or both ("6 ft 2 in").',
            field=field,
        )
    bare = match["inches"] is not None and not re.search(rf"{_INCHES}$", cleaned)
    feet, inches = match["feet"], match["inches"]
    if bare and feet is None:
        feet, inches = inches, None  # a bare number is feet
    total = _number(feet) * 12 if feet else Fraction(0)
    if inches:
        total += _number(inches)
    if total.denominator != 1:
        raise InvalidInput(
            f"{label} must be a whole number of inches ({format_fraction(total)} inches given).",
            field=field,
        )
    return int(total)


def format_fraction(value: Fraction) -> str:
    whole, part = divmod(value.numerator, value.denominator)
    if not part:
        return str(whole)
    fraction = f"{part}/{value.denominator}"
    return f"{whole} {fraction}" if whole else fraction


def format_length(inches: int | None) -> str:
    """ "6 ft", "6 ft 2 in", "44 in" (under four feet reads best in inches), "" for none."""
    if inches is None:
        return ""
    if inches < 48 and inches % 12:
        return f"{inches} in"
    feet, rest = divmod(inches, 12)
    return f"{feet} ft {rest} in" if rest else f"{feet} ft"
