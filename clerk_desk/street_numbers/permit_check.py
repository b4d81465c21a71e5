"""The building permit check (§ 506-16 (Noncompliance)): no building permit until the owner has
procured the official number of the premises. A parcel number or an address typed, answered in
words.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.street_numbers.addresses import (
    address_text,
    addresses_at,
    official_number,
    parcel_of,
    read_address,
    search_addresses,
)
from clerk_desk.street_numbers.rules import (
    NONCOMPLIANCE_CITE,
)

PERMIT_CANDIDATES = 3  # properties a "Which property?" answer names
_PERMIT_SEARCH = 50  # addresses read to name them


@dataclass(frozen=True, slots=True)
class PermitCheck:
    """The answer to "may a building permit issue for this property?" as far as § 506-16 goes.

    ``candidates`` are the properties named when the text typed was neither a parcel number nor
    a whole address: the clerk picks one and checks again."""

    query: str
    parcel_number: str | None
    official: str | None
    finding: Finding
    candidates: tuple[str, ...] = ()

    @property
    def may_issue(self) -> bool:
        """Only when one parcel was found and it has its official number."""
        return self.official is not None and not self.finding.blocks


def building_permit_check(session: Session, text: str) -> PermitCheck:
    """Look up a parcel number or an address typed at the counter and say whether the property
    has its official number.

    Only a parcel number or an address typed whole (a number and a street of the register) is
    answered yes or no: "12 Broad St N" is not 121 Broad St N. Anything else ("121 broad",
    an owner's name) is searched, and the answer is a question naming what it matches: a
    permit is never let through on a partial match."""
    query = " ".join(text.split())
    if not query:
        raise InvalidInput("Type a parcel number or an address.", field="query")
    parcel = parcel_of(session, query)
    if parcel is None:
        typed = read_address(session, query)
        if typed is None:
            return _which_property(session, query)
        parcels = {match.parcel_id: match.parcel for match in addresses_at(session, typed)}
        if len(parcels) > 1:  # the register never holds this; a question is the safe answer
            return _which_property(session, query)
        parcel = next(iter(parcels.values()), None)
    if parcel is None:
        return _not_found(query)
    official = official_number(session, parcel)
    if official is None:
        return PermitCheck(
            query,
            parcel.parcel_number,
            None,
            Finding(
                "block",
                NONCOMPLIANCE_CITE,
                f"Parcel {parcel.parcel_number} has no official street number. No building permit "
                "may issue until the owner has procured it from the Building Inspector.",
            ),
        )
    return PermitCheck(
        query,
        parcel.parcel_number,
        official,
        Finding(
            "info",
            NONCOMPLIANCE_CITE,
            f"Parcel {parcel.parcel_number} is officially {official}. As to its street number, "
            "a building permit may issue.",
        ),
    )


def _not_found(query: str) -> PermitCheck:
    return PermitCheck(
        query,
        None,
        None,
        Finding(
            "block",
            NONCOMPLIANCE_CITE,
            f"No parcel or official address matches \u201c{query}\u201d. No building permit "
            "may issue until the owner has procured the official number.",
        ),
    )


def _which_property(session: Session, query: str) -> PermitCheck:
    """Text that is neither a parcel number nor a whole address: name what it matches (each
    property once, the units of one building being one) and ask for the one meant."""
    found = search_addresses(session, query, limit=_PERMIT_SEARCH)
    named: dict[int, str] = {}
    for address in found:
        named.setdefault(
            address.parcel_id,
            f"{address_text(address, unit=False)} (parcel {address.parcel.parcel_number})",
        )
    if not named:
        return _not_found(query)
    shown = list(named.values())[:PERMIT_CANDIDATES]
    more = len(named) - len(shown)
    if len(found) >= _PERMIT_SEARCH:
        listed = f"{', '.join(shown)} and more"
    elif more:
        listed = f"{', '.join(shown)} and {more} more"
    else:
        listed = ", ".join(shown[:-1]) + (" and " if len(shown) > 1 else "") + shown[-1]
    return PermitCheck(
        query,
        None,
        None,
        Finding(
            "warn",
            NONCOMPLIANCE_CITE,
            f"\u201c{query}\u201d is not a parcel number or a whole address; it matches "
            f"{listed}. Type the parcel number, or the number and the full street name.",
        ),
        tuple(shown),
    )
