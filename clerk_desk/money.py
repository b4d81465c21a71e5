"""Money: one exact, immutable amount of US dollars, and the one way to read and print it.

"Never use floating-point in an accounting system" (Beancount): ``0.1 + 0.2`` is not ``0.3`` in
binary floating point, and a cash drawer that is off by a cent cannot be balanced. So an amount is
held as a whole number of cents (which is also how the database stores it, see
:mod:`clerk_desk.models`), it is built only from ``int``, ``str`` or :class:`~decimal.Decimal`, and
a ``float`` anywhere is a ``TypeError`` rather than a silent rounding.

What a clerk types goes through :meth:`Money.parse`, which is strict on purpose: a fee typed as
"12,34" may mean $12.34 or $1,234, "12.345" has no cent to round to that the clerk agreed to, and
"-5" is not a fee. Each refusal is an :class:`~clerk_desk.errors.InvalidInput` whose message is a
sentence the clerk can act on, shown next to the field.

Screens, receipts, PDFs and registers print amounts with :meth:`Money.format` (also ``str()`` and
f-strings), so "$1,250.00" and "-$5.00" look the same everywhere.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final, final

from clerk_desk.errors import InvalidInput

__all__ = ["MAX_ENTRY", "Money"]

_CENTS_PER_DOLLAR: Final = 100

#: The largest amount :meth:`Money.parse` accepts, in cents ($99,999,999.99). No fee, bond or
#: charge of a city of Prescott's size comes near it; an amount above it is a typing mistake (a
#: pasted account number, say). It also keeps every total well inside a 64-bit database integer.
_MAX_ENTRY_CENTS: Final = 99_999_999_99

# What parse accepts once an optional leading "$" is removed: digits, either plain ("1250") or
# with a comma before every group of three ("1,250"), then optionally a period and cents. ASCII
# digits only: ``\d`` would also match Arabic-Indic and other digits, which a clerk never means.
_GROUPED = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+")
_SHAPE = re.compile(r"[0-9,]*(?:\.[0-9]*)?")

_EXAMPLE: Final = "for example 1,250.00 or 12.50"


def _shown(text: str) -> str:
    """The clerk's text quoted back to them, shortened so the message stays one line."""
    shown = text if len(text) <= 40 else text[:37] + "..."
    return f"\u201c{shown}\u201d"


@final
class Money:
    """An exact amount of US dollars, to the cent, immutable and hashable.

    Build one from code with ``Money("12.50")``, ``Money(Decimal("12.5"))``, ``Money(12)`` or
    :meth:`from_cents`; from what a person typed with :meth:`parse`. Amounts may be negative
    (a balance, an over/short), but :meth:`parse` never yields one.

    Arithmetic stays in ``Money``: ``+`` and ``-`` with another ``Money``; ``*`` by an ``int`` or a
    ``Decimal`` rounds half up (half a cent goes away from zero) to the cent. Comparisons are with
    other ``Money`` only: ``Money(0) == 0`` is ``False``, so a forgotten conversion is noticed.
    ``sum()`` works, because ``0 + Money`` is that ``Money``.
    """

    __slots__ = ("_cents",)

    _cents: int

    def __init__(self, amount: Money | Decimal | int | str) -> None:
        object.__setattr__(self, "_cents", _to_cents(amount))

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def from_cents(cls, cents: int) -> Money:
        """The amount of ``cents`` cents; the inverse of :attr:`cents` (used by the database)."""
        if isinstance(cents, bool) or not isinstance(cents, int):
            raise TypeError(f"Money.from_cents takes an int, not {type(cents).__name__}")
        money = cls.__new__(cls)
        object.__setattr__(money, "_cents", cents)
        return money

    @classmethod
    def zero(cls) -> Money:
        """$0.00."""
        return cls.from_cents(0)

    @classmethod
    def parse(cls, text: str, *, field: str | None = None, allow_zero: bool = True) -> Money:
        """The amount a clerk typed, or :class:`InvalidInput` saying what to type instead.

        Accepted: ``"$1,250.00"``, ``"1250"``, ``"1,250"``, ``"1250.5"``, ``".99"``, ``"$0.99"``,
        with spaces around. Refused, each with its own sentence: an empty field; a negative
        amount; more than two decimal places (there is no cent to round to that the clerk
        agreed to); a comma that does not separate thousands ("1,25" may be a European $1.25 or a
        mistyped $125: asking is cheaper than a wrong receipt); exponents, "NaN", "Infinity" and
        anything else that is not digits; amounts over $99,999,999.99; and zero when
        ``allow_zero`` is false (a fee line, a bond). ``field`` names the form field, so the
        window shows the message beside it.
        """
        if not isinstance(text, str):
            raise TypeError(f"Money.parse takes the text typed, not {type(text).__name__}")
        raw = text.strip()
        if not raw:
            raise InvalidInput(f"Enter an amount, {_EXAMPLE}.", field=field)
        body = raw[1:].lstrip() if raw.startswith("$") else raw
        negative = body[:1] in ("-", "\u2212")  # a hyphen or a typographic minus sign
        if negative:
            body = body[1:].lstrip()
            if body.startswith("$") and not raw.startswith("$"):  # "-$5"
                body = body[1:].lstrip()
        cents = _parse_unsigned(body, raw, field)
        if negative:
            raise InvalidInput(
                "Negative amounts are not accepted. Enter the amount without a minus sign.",
                field=field,
            )
        if cents > _MAX_ENTRY_CENTS:
            raise InvalidInput(
                f"Amounts over {cls.from_cents(_MAX_ENTRY_CENTS)} are not accepted. "
                "Check the amount.",
                field=field,
            )
        if cents == 0 and not allow_zero:
            raise InvalidInput("Enter an amount greater than $0.00.", field=field)
        return cls.from_cents(cents)

    # -- values ---------------------------------------------------------------------------------

    @property
    def cents(self) -> int:
        """The amount as a whole number of cents: what the database stores."""
        return self._cents

    @property
    def amount(self) -> Decimal:
        """The amount as a ``Decimal`` with exactly two places, e.g. ``Decimal("1250.00")``."""
        return Decimal(self._cents).scaleb(-2)

    def format(self, *, symbol: bool = True) -> str:
        """The amount as people read it: ``"$1,250.00"``, ``"-$5.00"``; without "$" if asked.

        The one formatter of the application: screens, receipts, letters and the agenda packet
        all print amounts through it. (Excel registers store the number and a currency format.)
        """
        dollars, cents = divmod(abs(self._cents), _CENTS_PER_DOLLAR)
        sign = "-" if self._cents < 0 else ""
        return f"{sign}{'$' if symbol else ''}{dollars:,}.{cents:02d}"

    # -- arithmetic -----------------------------------------------------------------------------

    def __add__(self, other: Money) -> Money:
        if isinstance(other, Money):
            return Money.from_cents(self._cents + other._cents)
        return NotImplemented

    def __radd__(self, other: int) -> Money:
        # sum() starts from the int 0; any other number is a mistake and stays an error.
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self
        return NotImplemented

    def __sub__(self, other: Money) -> Money:
        if isinstance(other, Money):
            return Money.from_cents(self._cents - other._cents)
        return NotImplemented

    def __neg__(self) -> Money:
        return Money.from_cents(-self._cents)

    def __pos__(self) -> Money:
        return self

    def __abs__(self) -> Money:
        return Money.from_cents(abs(self._cents))

    def __mul__(self, factor: int | Decimal) -> Money:
        """The amount times ``factor`` (``int`` or ``Decimal``), rounded half up to the cent.

        "Half up" is what a clerk does by hand: $0.125 becomes $0.13, and -$0.125 becomes
        -$0.13 (halves go away from zero). The product is computed exactly (as a fraction), so
        no intermediate rounding can tip a result the other way.
        """
        if isinstance(factor, bool) or not isinstance(factor, int | Decimal):
            return NotImplemented
        if isinstance(factor, Decimal) and not factor.is_finite():
            raise ValueError(f"cannot multiply money by {factor}")
        product = Fraction(self._cents) * Fraction(factor)
        return Money.from_cents(_round_half_up(product))

    __rmul__ = __mul__

    # -- comparison, hashing --------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Money):
            return self._cents == other._cents
        return NotImplemented

    def __lt__(self, other: Money) -> bool:
        if isinstance(other, Money):
            return self._cents < other._cents
        return NotImplemented

    def __le__(self, other: Money) -> bool:
        if isinstance(other, Money):
            return self._cents <= other._cents
        return NotImplemented

    def __gt__(self, other: Money) -> bool:
        if isinstance(other, Money):
            return self._cents > other._cents
        return NotImplemented

    def __ge__(self, other: Money) -> bool:
        if isinstance(other, Money):
            return self._cents >= other._cents
        return NotImplemented

    def __hash__(self) -> int:
        return hash((Money, self._cents))

    def __bool__(self) -> bool:
        return self._cents != 0

    # -- text -----------------------------------------------------------------------------------

    def __str__(self) -> str:
        return self.format()

    def __format__(self, spec: str) -> str:
        """``f"{fee}"`` is ``"$12.50"``; a spec aligns that text, e.g. ``f"{fee:>12}"``."""
        return format(self.format(), spec)

    def __repr__(self) -> str:
        return f"Money('{self.amount}')"

    # -- immutability ---------------------------------------------------------------------------

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Money is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Money is immutable")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Money.from_cents, (self._cents,))

    def __copy__(self) -> Money:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Money:
        return self


def _to_cents(amount: Money | Decimal | int | str) -> int:
    """Cents of an amount given in code; refuses floats and anything not exact to the cent."""
    if isinstance(amount, Money):
        return amount.cents
    if isinstance(amount, float):
        raise TypeError(
            "Money cannot be built from a float, which is not exact; "
            "use a str, an int or a Decimal, e.g. Money('12.50')"
        )
    if isinstance(amount, bool):
        raise TypeError("Money cannot be built from a bool")
    if isinstance(amount, int):
        return amount * _CENTS_PER_DOLLAR
    if isinstance(amount, str):
        try:
            value = Decimal(amount.strip())
        except ArithmeticError:
            raise ValueError(
                f"not an amount: {amount!r} (use Money.parse for text a person typed)"
            ) from None
    elif isinstance(amount, Decimal):
        value = amount
    else:
        raise TypeError(f"Money cannot be built from {type(amount).__name__}")
    if not value.is_finite():
        raise ValueError(f"not an amount: {value}")
    exact = Fraction(value) * _CENTS_PER_DOLLAR
    if exact.denominator != 1:
        raise ValueError(f"{value} has more than two decimal places; money is exact to the cent")
    return int(exact)


def _parse_unsigned(body: str, raw: str, field: str | None) -> int:
    """Cents of what a clerk typed after any "$" and sign; ``raw`` is quoted in messages."""
    whole, _, fraction = body.partition(".")
    if not body or _SHAPE.fullmatch(body) is None or (not whole and not fraction):
        raise InvalidInput(
            f"{_shown(raw)} is not an amount. Type the amount in digits, {_EXAMPLE}.",
            field=field,
        )
    if "," in whole and _GROUPED.fullmatch(whole) is None:
        raise InvalidInput(
            f"The comma in {_shown(raw)} is in the wrong place. A comma may only separate "
            "thousands, as in 1,250.00; type a period before the cents.",
            field=field,
        )
    if len(fraction) > 2:
        raise InvalidInput(
            f"{_shown(raw)} has more than two decimal places. "
            "Enter dollars and cents, for example 12.34.",
            field=field,
        )
    dollars = int(whole.replace(",", "") or "0")
    return dollars * _CENTS_PER_DOLLAR + int(fraction.ljust(2, "0"))


def _round_half_up(value: Fraction) -> int:
    """``value`` rounded to the nearest integer, halves away from zero."""
    magnitude = abs(value)
    rounded = (2 * magnitude.numerator + magnitude.denominator) // (2 * magnitude.denominator)
    return rounded if value >= 0 else -rounded


#: The largest amount :meth:`Money.parse` accepts: $99,999,999.99.
MAX_ENTRY: Final = Money.from_cents(_MAX_ENTRY_CENTS)
