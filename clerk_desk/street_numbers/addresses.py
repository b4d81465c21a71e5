"""The official addresses (§ 506-16): a number on a street, on one side, at a position along it.
Reading them: as the register writes them, searched as the clerk types, their history, the
official number of a parcel, and whether the owner's letter is still to be mailed.

Positions are feet along the street from its starting line, in the direction the numbers run:
they give both the order of the lots and the room between them.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session, joinedload

from clerk_desk.errors import NotFound
from clerk_desk.kinds import AddressStatus, BuildingKind
from clerk_desk.models import Address, AddressChange, Parcel, Street
from clerk_desk.parties import on_renamed
from clerk_desk.street_numbers.rules import (
    MAX_NUMBER,
)
from clerk_desk.street_numbers.streets import ABBREVIATIONS, find_street, street_key
from clerk_desk.text_search import fold, holds

SEARCH_LIMIT = 200


# -- addresses ----------------------------------------------------------------------------------


def address_text(address: Address, *, unit: bool = True) -> str:
    """ "123 Broad St N", or "123 Broad St N, Apt 2" for a unit."""
    text = f"{address.number} {address.street.full_name}"
    return f"{text}, {address.unit}" if unit and address.unit else text


def address_search_text(address: Address) -> str:
    parcel = address.parcel
    owner = address.owner
    return fold(
        " ".join(
            (
                str(address.number),
                address.street.full_name,
                street_key(address.street.full_name),
                address.unit,
                parcel.parcel_number if parcel else "",
                owner.name if owner else "",
            )
        )
    )


def get_address(session: Session, address_id: int, *, lock: bool = False) -> Address:
    """The address; with ``lock``, read afresh and row-locked until the action ends, so that two
    stations altering, retiring or opening a case on it take turns (each then sees the other's
    change). An action that also numbers the street locks the address first, then the street."""
    address = (
        session.get(Address, address_id, with_for_update=True, populate_existing=True)
        if lock
        else session.get(Address, address_id)
    )
    if address is None:
        raise NotFound(f"There is no address number {address_id}.")
    return address


def addresses_on(
    session: Session, street_id: int, *, include_retired: bool = False
) -> list[Address]:
    query = select(Address).where(Address.street_id == street_id)
    if not include_retired:
        query = query.where(Address.status == AddressStatus.ASSIGNED)
    return list(session.scalars(query.order_by(Address.number, Address.unit)))


def words_typed(session: Session, text: str) -> list[ColumnElement[bool]]:
    """One condition on an address's search text per word typed. A number is matched from its
    start ("12" finds 12 and 121, not 312); "street" finds "St"."""
    conditions: list[ColumnElement[bool]] = []
    for word in fold(text).replace(",", " ").replace(".", " ").split():
        word = ABBREVIATIONS.get(word, word)
        if word.isdigit():  # the index finds the records holding it; LIKE keeps the starts
            conditions.append(
                holds(session, Address.search_text, word)
                & (Address.search_text.startswith(word) | Address.search_text.contains(f" {word}"))
            )
        else:
            conditions.append(holds(session, Address.search_text, word))
    return conditions


def search_addresses(
    session: Session,
    text: str = "",
    *,
    street_id: int | None = None,
    include_retired: bool = False,
    limit: int = SEARCH_LIMIT,
) -> list[Address]:
    """Addresses whose number, street, unit, parcel or owner hold every word typed, as the
    Clerk types: "12 broad street" finds 12 and 121 Broad St N, not 312."""
    query = select(Address).where(*words_typed(session, text))
    if street_id is not None:
        query = query.where(Address.street_id == street_id)
    if not include_retired:
        query = query.where(Address.status == AddressStatus.ASSIGNED)
    query = query.options(
        joinedload(Address.street), joinedload(Address.parcel), joinedload(Address.owner)
    )
    return list(
        session.scalars(
            query.order_by(Address.street_id, Address.number, Address.unit).limit(limit)
        ).unique()
    )


@dataclass(frozen=True, slots=True)
class TypedAddress:
    """Text that reads as a whole address: a number, a street of the register, maybe a unit."""

    number: int
    street: Street
    unit: str


def read_address(session: Session, text: str) -> TypedAddress | None:
    """``text`` as a number and a street in the register ("123 N. Broad Street, Apt 2", any usual
    spelling of the street), or None when it does not read so."""
    where, _, unit = text.partition(",")
    number, _, name = where.strip().partition(" ")
    if not (number.isascii() and number.isdigit() and name.strip()):
        return None
    if not 1 <= int(number) <= MAX_NUMBER:
        return None
    street = find_street(session, name)
    if street is None:
        return None
    return TypedAddress(int(number), street, " ".join(unit.split()))


def find_address(session: Session, text: str) -> list[Address]:
    """The assigned addresses written exactly as ``text``: "123 Broad St N" or "123 N. Broad
    Street, Apt 2" (any usual spelling of the street). Without a unit, every unit of the
    number; an empty list when the text is not a number and a street in the register."""
    typed = read_address(session, text)
    return [] if typed is None else addresses_at(session, typed)


def addresses_at(session: Session, typed: TypedAddress) -> list[Address]:
    query = (
        select(Address)
        .where(
            Address.street_id == typed.street.id,
            Address.number == typed.number,
            Address.status == AddressStatus.ASSIGNED,
        )
        .options(joinedload(Address.street), joinedload(Address.parcel))
    )
    found = list(session.scalars(query.order_by(Address.unit, Address.id)))
    wanted = fold(typed.unit)
    return [a for a in found if fold(a.unit) == wanted] if wanted else found


def history(session: Session, address_id: int) -> list[AddressChange]:
    """Every change to the address, oldest first."""
    return list(
        session.scalars(
            select(AddressChange)
            .where(AddressChange.address_id == address_id)
            .order_by(AddressChange.at, AddressChange.id)
        )
    )


_NUMBERED_HERE = ("assigned", "number")  # history entries of a number given in this program


def letter_due(session: Session, address: Address) -> bool:
    """Whether the owner still waits for the letter of the number as it stands: the number was
    assigned or altered in this program and no letter has been printed since. An address
    imported from the old numbering map was numbered long before: no letter is due for it."""
    if address.status != AddressStatus.ASSIGNED or address.letter_printed_on is not None:
        return False
    numbered_here = session.scalar(
        select(AddressChange.id)
        .where(
            AddressChange.address_id == address.id,
            AddressChange.what.in_(_NUMBERED_HERE),
        )
        .limit(1)
    )
    return numbered_here is not None


# -- the building-permit gate --------------------------------------------------------------------


def parcel_of(session: Session, parcel: Parcel | int | str) -> Parcel | None:
    if isinstance(parcel, Parcel):
        return parcel
    if isinstance(parcel, int):
        return session.get(Parcel, parcel)
    return session.scalar(select(Parcel).where(Parcel.parcel_number == parcel.strip().upper()))


def official_addresses(session: Session, parcel: Parcel | int | str) -> list[Address]:
    """The parcel's assigned addresses, principal buildings first."""
    found = parcel_of(session, parcel)
    if found is None:
        return []
    rows = session.scalars(
        select(Address)
        .where(Address.parcel_id == found.id, Address.status == AddressStatus.ASSIGNED)
        .options(joinedload(Address.street))
    ).all()
    return sorted(
        rows,
        key=lambda a: (a.building_kind == BuildingKind.SECONDARY, a.unit != "", a.number, a.unit),
    )


def official_number(session: Session, parcel: Parcel | int | str) -> str | None:
    """The parcel's official address ("123 Broad St N"), or None when it has none: no building
    permit may issue until the owner has procured it (§ 506-16 (Noncompliance))."""
    rows = official_addresses(session, parcel)
    return address_text(rows[0], unit=False) if rows else None


# -- the register for printing and export -------------------------------------------------------


def register(
    session: Session, *, street_id: int | None = None, include_retired: bool = False
) -> list[Address]:
    """The register in street order, then by number and unit, with what a printout shows."""
    query = select(Address).options(
        joinedload(Address.street), joinedload(Address.parcel), joinedload(Address.owner)
    )
    if street_id is not None:
        query = query.where(Address.street_id == street_id)
    if not include_retired:
        query = query.where(Address.status == AddressStatus.ASSIGNED)
    query = query.join(Street, Street.id == Address.street_id).order_by(
        Street.name_key, Address.number, Address.unit, Address.id
    )
    return list(session.scalars(query).unique())


def assigned_counts(session: Session) -> dict[int, int]:
    """How many numbers (units counted each) are assigned on each street, by street id."""
    rows = session.execute(
        select(Address.street_id, func.count(Address.id))
        .where(Address.status == AddressStatus.ASSIGNED)
        .group_by(Address.street_id)
    ).all()
    return {street_id: count for street_id, count in rows}


@on_renamed("street_numbers")
def _owners_renamed(
    session: Session, party_ids: frozenset[int], parcel_ids: frozenset[int]
) -> None:
    """An owner renamed or a parcel renumbered: their addresses are found by the new words."""
    named = Address.owner_id.in_(party_ids) | Address.parcel_id.in_(parcel_ids)
    for address in session.scalars(select(Address).where(named)):
        address.search_text = address_search_text(address)
