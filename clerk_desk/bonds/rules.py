"""The pure rules of Bonds & Insurance: how a certificate's shortfall is said, and whose permit a
certificate may protect. Functions of plain values: no session, no ORM, no SQLAlchemy."""

from __future__ import annotations

from clerk_desk.coverage import Shortfall
from clerk_desk.errors import InvalidInput
from clerk_desk.money import Money


def dollars(amount: Money) -> str:
    """ "$250,000" for a whole amount (as limits are written on a certificate), else
    "$250,000.50"."""
    written = amount.format()
    return written[:-3] if written.endswith(".00") else written


def short_words(shortfall: Shortfall, number: str = "") -> str:
    """A certificate's standing when it falls short: "Short: $250,000 of $500,000 bodily injury
    per person for SO-2026-006, § 506-6 (Insurance required)"."""
    permit = f" for {number}" if number else ""
    return (
        f"Short: {dollars(shortfall.has)} of {dollars(shortfall.needs)} {shortfall.what}"
        f"{permit}, {shortfall.cite}"
    )


def other_holder_refusal(
    number: str, permit_holder: str, insured: str, cite: str
) -> InvalidInput | None:
    """A certificate protects the permits of the party it insures, and no one else's: the
    insurance § 506-6 asks of a permittee is the permittee's own."""
    if permit_holder == insured:
        return None
    return InvalidInput(
        f"{number} is a permit of {permit_holder}: a certificate of {insured} cannot protect "
        "it. File the certificate of the permit's holder.",
        field="record_id",
        cite=cite,
    )
