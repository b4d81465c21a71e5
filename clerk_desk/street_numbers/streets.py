"""The streets of the official numbering map (§ 506-16): which side carries the odd numbers,
which way the numbers run and the numbers each street may carry; a street name as typed
("Broad Street North") found as the map writes it ("Broad St N").
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.kinds import AddressStatus, Compass
from clerk_desk.models import Address, Street
from clerk_desk.street_numbers import acts, rules
from clerk_desk.street_numbers.rules import (
    MAX_NUMBER,
)
from clerk_desk.text_search import fold
from clerk_desk.validation import fits

# Street-name words written out and their usual abbreviations, so "Broad Street North" is found
# as "Broad St N".
ABBREVIATIONS = {
    "street": "st",
    "avenue": "ave",
    "av": "ave",
    "road": "rd",
    "drive": "dr",
    "lane": "ln",
    "court": "ct",
    "place": "pl",
    "boulevard": "blvd",
    "circle": "cir",
    "parkway": "pkwy",
    "highway": "hwy",
    "terrace": "ter",
    "trail": "trl",
    "way": "way",
    "north": "n",
    "south": "s",
    "east": "e",
    "west": "w",
    "northeast": "ne",
    "northwest": "nw",
    "southeast": "se",
    "southwest": "sw",
}
_DIRECTIONS = {"n", "s", "e", "w", "ne", "nw", "se", "sw"}


# -- streets ------------------------------------------------------------------------------------


def street_key(text: str) -> str:
    """The form in which two spellings of one street compare equal ("N. Broad Street" and
    "Broad St N" both give "broad st n").

    Only a leading direction written short ("N", "N.", "SW") is the street's direction and moves
    to the end; a leading direction spelled out is part of the name, so "North Acres Rd" stays
    another street than "Acres Rd N"."""
    typed = fold(text).replace(".", " ").split()
    words = [ABBREVIATIONS.get(w, w) for w in typed]
    if len(words) > 1 and typed[0] in _DIRECTIONS and words[-1] not in _DIRECTIONS:
        words = [*words[1:], words[0]]
    return " ".join(words)


def street_name(name: str, suffix: str = "", direction: str = "") -> str:
    return " ".join(part for part in (name.strip(), suffix.strip(), direction.strip()) if part)


@dataclass(frozen=True, slots=True)
class StreetData:
    name: str
    odd_side: Compass
    increases_toward: Compass
    range_low: int
    range_high: int
    suffix: str = ""
    direction: str = ""
    grid_base: int | None = None
    notes: str = ""


@dataclass(frozen=True, slots=True)
class _CleanStreet:
    """A street's fields as checked, ready to store."""

    name: str
    suffix: str
    direction: str
    full_name: str
    name_key: str
    odd_side: Compass
    increases_toward: Compass
    range_low: int
    range_high: int
    grid_base: int | None
    notes: str

    def apply(self, street: Street) -> None:
        for column in fields(self):
            setattr(street, column.name, getattr(self, column.name))


def _clean_street(session: Session, data: StreetData, own_id: int | None) -> _CleanStreet:
    name = " ".join(data.name.split())
    if not name:
        raise InvalidInput("Enter the street's name.", field="name")
    suffix = data.suffix.strip().rstrip(".")
    direction = data.direction.strip().rstrip(".").upper()
    if direction and direction.lower() not in _DIRECTIONS:
        raise InvalidInput("The direction is N, S, E, W, NE, NW, SE or SW.", field="direction")
    fits(Street.name, name, "The street's name")
    fits(Street.suffix, suffix, "The suffix")
    odd_side, increases = Compass(data.odd_side), Compass(data.increases_toward)
    if odd_side in (increases, increases.opposite):
        raise InvalidInput(
            f"Numbers that run {increases.label} have odd numbers on an "
            f"{'east or west' if increases in (Compass.NORTH, Compass.SOUTH) else 'north or south'}"
            " side.",
            field="odd_side",
        )
    if data.range_low < 1:
        raise InvalidInput("The lowest number is 1 or more.", field="range_low")
    if data.range_high < data.range_low:
        raise InvalidInput(
            "The highest number cannot be lower than the lowest.", field="range_high"
        )
    if data.range_high > MAX_NUMBER:
        raise InvalidInput(f"The highest number is at most {MAX_NUMBER:,}.", field="range_high")
    if data.grid_base is not None and not 0 <= data.grid_base <= data.range_low:
        raise InvalidInput(
            "The grid base is the number at the street's starting line: from 0 up to the "
            "lowest number.",
            field="grid_base",
        )
    full_name = fits(Street.full_name, street_name(name, suffix, direction), "The street's name")
    key = street_key(full_name)
    clash = session.scalar(select(Street).where(Street.name_key == key))
    if clash is not None and clash.id != own_id:
        raise Conflict(f"{clash.full_name} is already in the register.")
    return _CleanStreet(
        name=name,
        suffix=suffix,
        direction=direction,
        full_name=full_name,
        name_key=key,
        odd_side=odd_side,
        increases_toward=increases,
        range_low=data.range_low,
        range_high=data.range_high,
        grid_base=data.grid_base,
        notes=data.notes.strip(),
    )


def add_street(action: Action, data: StreetData) -> int:
    """Add a street to the numbering map."""
    acts.allow_on_register(action, acts.RegisterAct.STREETS)
    street = Street(active=True)
    _clean_street(action.session, data, None).apply(street)
    action.session.add(street)
    action.audit("street.create", street, f"{street.full_name} added", after=snapshot(street))
    action.session.flush()  # the id is the answer
    return street.id


def update_street(action: Action, street_id: int, data: StreetData) -> int:
    """Correct a street of the numbering map; its numbers already assigned must still fit."""
    acts.allow_on_register(action, acts.RegisterAct.STREETS)
    street = get_street(action.session, street_id)
    values = _clean_street(action.session, data, street.id)
    in_use = action.session.execute(
        select(func.min(Address.number), func.max(Address.number)).where(
            Address.street_id == street.id, Address.status == AddressStatus.ASSIGNED
        )
    ).one()
    lowest, highest = in_use
    if lowest is not None and (lowest < values.range_low or highest > values.range_high):
        raise InvalidInput(
            f"Numbers {lowest} to {highest} are assigned on {street.full_name}; the "
            "range must include them.",
            field="range_low" if lowest < values.range_low else "range_high",
        )
    sides_change = (values.odd_side, values.increases_toward) != (
        street.odd_side,
        street.increases_toward,
    )
    if sides_change and lowest is not None:
        raise InvalidInput(
            "Numbers are already assigned on this street: its sides and numbering direction "
            "can no longer change.",
            field="odd_side",
        )
    before = snapshot(street)
    values.apply(street)
    if street.full_name != before["full_name"]:
        # addresses.py reads the streets: imported here, where a rename re-indexes them
        from clerk_desk.street_numbers.addresses import address_search_text, addresses_on

        for address in addresses_on(action.session, street.id, include_retired=True):
            address.search_text = address_search_text(address)
    action.audit(
        "street.update",
        street,
        f"{street.full_name} changed",
        before=before,
        after=snapshot(street),
    )
    return street.id


def get_street(session: Session, street_id: int) -> Street:
    street = session.get(Street, street_id)
    if street is None:
        raise NotFound(f"There is no street number {street_id}.")
    return street


def lock_street(session: Session, street_id: int) -> Street:
    """The street, locked until the action ends, so that stations numbering it take turns.

    A number is checked against the register and then written; a second station checking
    between the two would miss the first one's number. SQLite's write transactions already take
    turns; on PostgreSQL the unique index alone would not stop another unit of another parcel
    under the same number, so the street's row is locked (``SELECT … FOR UPDATE``).
    """
    street = session.get(Street, street_id, with_for_update=True, populate_existing=True)
    if street is None:
        raise NotFound(f"There is no street number {street_id}.")
    return street


def streets(session: Session, *, include_inactive: bool = False) -> list[Street]:
    query = select(Street).order_by(Street.name_key)
    if not include_inactive:
        query = query.where(Street.active.is_(True))
    return list(session.scalars(query))


def street_choices(action: Action, *, include_inactive: bool = False) -> list[tuple[int, str]]:
    """The street register as a form's street list offers it: (id, full name), by name."""
    return [
        (street.id, street.full_name)
        for street in streets(action.session, include_inactive=include_inactive)
    ]


def find_street(session: Session, text: str) -> Street | None:
    """The street named ``text`` in any usual spelling, or None."""
    return session.scalar(select(Street).where(Street.name_key == street_key(text)))


def parity_of(street: Street, side: Compass) -> str:
    """ "odd" or "even": what numbers ``side`` of ``street`` carries."""
    return rules.parity(Compass(street.odd_side), side)


def side_for(street: Street, number: int) -> Compass:
    """The side of ``street`` that carries ``number``."""
    return rules.side_for(Compass(street.odd_side), number)


def side_label(street: Street, side: Compass) -> str:
    return f"{Compass(side).label} ({parity_of(street, side)}) side"
