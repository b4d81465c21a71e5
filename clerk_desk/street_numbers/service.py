"""The official street numbering register and the assignment of numbers (§ 506-16).

The Building Inspector assigns each principal building its number; the Clerk keeps the
numbering map. The map lives here as streets (which side carries odd numbers, which way the
numbers run, the numbers each may carry) and addresses (a number on a street, on one side, at a
position along it). From those the program suggests the number that keeps the numbering
continuous and uniform, refuses a number already in use, warns when a number breaks the order or
the parity, and follows owners who do not post their number through the notice and the referral
for a forfeiture.

Positions are feet along the street from its starting line, in the direction the numbers run:
they give both the order of the lots and the room between them.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, fields
from datetime import date

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session, joinedload

from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.findings import Finding, blocking
from clerk_desk.kinds import AddressStatus, BuildingKind, Compass, NumberingCaseStatus
from clerk_desk.models import Address, AddressChange, NumberingCase, Parcel, Party, Street
from clerk_desk.parties import fold, get_parcel, get_party, on_renamed, parcel_search_text
from clerk_desk.permissions import Permission
from clerk_desk.street_numbers import acts, rules
from clerk_desk.street_numbers.rules import (
    ALTER_CITE,
    ASSIGN_CITE,
    CONTINUITY_CITE,
    DISPLAY_CITE,
    MAX_NUMBER,
    MAX_POSITION_FT,
    NONCOMPLIANCE_CITE,
    notice_from,
    referral_from,
)
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits, max_length
from clerk_desk.words import format_day

SEARCH_LIMIT = 200

# Street-name words written out and their usual abbreviations, so "Broad Street North" is found
# as "Broad St N".
_ABBREVIATIONS = {
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
    words = [_ABBREVIATIONS.get(w, w) for w in typed]
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


def add_street(action: Action, data: StreetData) -> Street:
    """Add a street to the numbering map."""
    action.require(Permission.KEEP_STREET_REGISTER)
    street = Street(active=True)
    _clean_street(action.session, data, None).apply(street)
    action.session.add(street)
    action.audit("street.create", street, f"{street.full_name} added", after=snapshot(street))
    return street


def update_street(action: Action, street_id: int, data: StreetData) -> Street:
    """Correct a street of the numbering map; its numbers already assigned must still fit."""
    action.require(Permission.KEEP_STREET_REGISTER)
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
        for address in _addresses_on(action.session, street.id, include_retired=True):
            address.search_text = address_search_text(address)
    action.audit(
        "street.update",
        street,
        f"{street.full_name} changed",
        before=before,
        after=snapshot(street),
    )
    return street


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


def _addresses_on(
    session: Session, street_id: int, *, include_retired: bool = False
) -> list[Address]:
    query = select(Address).where(Address.street_id == street_id)
    if not include_retired:
        query = query.where(Address.status == AddressStatus.ASSIGNED)
    return list(session.scalars(query.order_by(Address.number, Address.unit)))


def _words_typed(text: str) -> list[ColumnElement[bool]]:
    """One condition on an address's search text per word typed. A number is matched from its
    start ("12" finds 12 and 121, not 312); "street" finds "St"."""
    conditions: list[ColumnElement[bool]] = []
    for word in fold(text).replace(",", " ").replace(".", " ").split():
        word = _ABBREVIATIONS.get(word, word)
        if word.isdigit():
            conditions.append(
                Address.search_text.startswith(word) | Address.search_text.contains(f" {word}")
            )
        else:
            conditions.append(Address.search_text.contains(word, autoescape=True))
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
    query = select(Address).where(*_words_typed(text))
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
    return [] if typed is None else _addresses_at(session, typed)


def _addresses_at(session: Session, typed: TypedAddress) -> list[Address]:
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


# -- suggesting and checking a number ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Neighbour:
    number: int
    position_ft: int
    text: str


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The number the program proposes for a lot, and why; ``number`` is None when no whole
    number of the right parity fits (the Building Inspector then decides)."""

    number: int | None
    parity: str
    before: Neighbour | None
    after: Neighbour | None
    explanation: str
    findings: tuple[Finding, ...] = ()


def _neighbours(
    session: Session, street: Street, side: Compass, *, exclude_parcel: int | None
) -> list[Neighbour]:
    """The numbers on ``side`` with a known position, in order along the street (units of one
    building count once)."""
    rows = session.execute(
        select(Address.number, func.min(Address.position_ft))
        .where(
            Address.street_id == street.id,
            Address.side == side,
            Address.status == AddressStatus.ASSIGNED,
            Address.position_ft.is_not(None),
            *([Address.parcel_id != exclude_parcel] if exclude_parcel is not None else []),
        )
        .group_by(Address.number)
    ).all()
    return sorted(
        (Neighbour(n, p, f"{n} {street.full_name}") for n, p in rows if p is not None),
        key=lambda nb: (nb.position_ft, nb.number),
    )


def _density(session: Session, street: Street) -> float | None:
    """Numbers per foot along the street, as its assigned numbers run (both sides)."""
    points = session.execute(
        select(Address.position_ft, Address.number).where(
            Address.street_id == street.id,
            Address.status == AddressStatus.ASSIGNED,
            Address.position_ft.is_not(None),
        )
    ).all()
    known = [(p, n) for p, n in points if p is not None]
    if len(known) < 2:
        return None
    (p0, n0), (p1, n1) = min(known), max(known)
    if p1 <= p0 or n1 <= n0:
        return None
    return (n1 - n0) / (p1 - p0)


def _of_parity(low: int, high: int, parity: str) -> range:
    """Whole numbers of ``parity`` strictly between ``low`` and ``high``."""
    first = low + 1
    if (first % 2 == 1) != (parity == "odd"):
        first += 1
    return range(first, high, 2)


FEET_PER_MILE = 5_280
GRID_NUMBERS_PER_MILE = 1_000
"""The spacing of numbers along a street that has none of its own yet: the common American
grid of 100 numbers to a block and 1,000 to the mile, one number per 5.28 ft.

A street's own spacing (its numbered lots, :func:`_density`) replaces it as soon as two lots
have a position. Deriving a spacing from the street's range instead would need the street's
length, which the map does not hold, and would give a short street and a long one with the same
range the same numbers; the grid ties a number to the feet from the starting line, as the rest
of the City's numbering does, so that a lot's number says where it lies."""
GRID_NUMBERS_PER_FOOT = GRID_NUMBERS_PER_MILE / FEET_PER_MILE


def suggest_number(
    session: Session,
    street_id: int,
    *,
    side: Compass,
    position_ft: int,
    parcel_id: int | None = None,
    unit: str = "",
) -> Suggestion:
    """The number that keeps the numbering continuous and uniform for a lot at ``position_ft``
    on ``side`` of the street (§ 506-16 (New houses and buildings)).

    The number has the side's parity and lies between the numbers of the neighbours on that
    side; within that gap it sits in proportion to the lot's position between them, so lots
    yet to come on either side still find numbers. Past the last neighbour it follows the
    street's own spacing of numbers per foot, and where the street has none yet the grid's
    (:data:`GRID_NUMBERS_PER_MILE`), counted from the grid base (else the lowest number) at the
    starting line: a lot's position always counts.

    A ``unit`` of a building the parcel already has numbered on the street takes that
    building's number; without a unit (another principal building on the lot, say) the lot is
    suggested a number of its own.
    """
    street = get_street(session, street_id)
    side = _check_side(street, side)
    _check_position(position_ft)
    parity = parity_of(street, side)
    unit = " ".join(unit.split())
    if unit and parcel_id is not None:
        building = session.scalar(
            select(Address)
            .where(
                Address.parcel_id == parcel_id,
                Address.street_id == street.id,
                Address.status == AddressStatus.ASSIGNED,
                Address.building_kind != BuildingKind.SECONDARY,
            )
            .order_by(Address.number, Address.unit)
            .limit(1)
        )
        if building is not None:
            return Suggestion(
                building.number,
                parity,
                None,
                None,
                f"The building on this lot is numbered {address_text(building, unit=False)}; "
                f"{unit} takes the same number with its own unit identifier.",
            )
    row = _neighbours(session, street, side, exclude_parcel=None)
    index = bisect.bisect_right([nb.position_ft for nb in row], position_ft)
    before = row[index - 1] if index > 0 else None
    after = row[index] if index < len(row) else None
    low = before.number if before else street.range_low - 1
    high = after.number if after else street.range_high + 1
    candidates = _of_parity(low, high, parity)
    used = set(
        session.scalars(
            select(Address.number).where(
                Address.street_id == street.id,
                Address.status == AddressStatus.ASSIGNED,
                Address.number > low,
                Address.number < high,
            )
        )
    )
    free = [n for n in candidates if n not in used]
    where = _between_text(street, side, before, after)
    if not free:
        return Suggestion(
            None,
            parity,
            before,
            after,
            f"No whole {parity} number is free {where}.",
            (
                Finding(
                    "block",
                    DISPLAY_CITE,
                    f"No whole {parity} number fits {where}; the "
                    "Building Inspector decides the number (in the event of conflict the "
                    "Building Inspector determines compliance).",
                ),
            ),
        )
    base = street.grid_base if street.grid_base is not None else street.range_low
    start = (before.position_ft, before.number) if before else (0, base)
    if after is not None and after.position_ft > start[0]:
        share = (position_ft - start[0]) / (after.position_ft - start[0])
        ideal = start[1] + share * (after.number - start[1])
        how = f"{round(share * 100)}% of the way from {start[1]} to {after.number}"
    else:
        density = _density(session, street)
        if density is not None:
            how = f"the street's spacing of about {density * 100:.0f} numbers per 100 ft"
        else:
            density = GRID_NUMBERS_PER_FOOT
            how = (
                f"the grid's spacing of {GRID_NUMBERS_PER_MILE:,} numbers a mile (about "
                f"{density * 100:.0f} per 100 ft), as the street has no spacing of its own yet"
            )
        if before is None:
            how += f", counted from {base} at the starting line"
        ideal = start[1] + density * (position_ft - start[0])
    number = min(free, key=lambda n: (abs(n - ideal), n))
    findings: tuple[Finding, ...] = ()
    if round(ideal) > street.range_high:
        findings = (
            Finding(
                "info",
                CONTINUITY_CITE,
                f"At that spacing the lot would be numbered about {round(ideal):,}, past "
                f"{street.full_name}'s highest number, {street.range_high}: the nearest free "
                "number is suggested. If lots go on past it, widen the street's range.",
            ),
        )
    return Suggestion(
        number,
        parity,
        before,
        after,
        f"{number} is {where}, at {how}; {_room_text(street, parity, number, free, before, after)}",
        findings,
    )


def _room_text(
    street: Street,
    parity: str,
    number: int,
    free: list[int],
    before: Neighbour | None,
    after: Neighbour | None,
) -> str:
    """Whether lots still to come beside this one will find numbers: the free numbers of the
    side's parity left below and above it, between its neighbours."""
    full = []
    if free[0] >= number:
        full.append(
            f"between {before.number} and it"
            if before
            else f"below it in the street's range (from {street.range_low})"
        )
    if free[-1] <= number:
        full.append(
            f"between it and {after.number}"
            if after
            else f"above it in the street's range (to {street.range_high})"
        )
    if not full:
        return "it leaves room for lots still to come on either side."
    return f"no {parity} number is left {' or '.join(full)}."


def _between_text(
    street: Street, side: Compass, before: Neighbour | None, after: Neighbour | None
) -> str:
    on = f"on the {side_label(street, side)} of {street.full_name}"
    if before and after:
        return (
            f"between {before.number} (at {before.position_ft} ft) and {after.number} "
            f"(at {after.position_ft} ft) {on}"
        )
    if before:
        return (
            f"after {before.number} (at {before.position_ft} ft), up to {street.range_high}, {on}"
        )
    if after:
        return f"from {street.range_low} up to {after.number} (at {after.position_ft} ft) {on}"
    return f"from {street.range_low} to {street.range_high} {on}"


def _check_side(street: Street, side: Compass | str) -> Compass:
    try:
        chosen = Compass(side)
    except ValueError:
        chosen = None
    sides = (Compass(street.odd_side), Compass(street.odd_side).opposite)
    if chosen is None or chosen not in sides:
        first, second = (side.label for side in sides)
        article = "an" if first[0] in "aeiou" else "a"
        raise InvalidInput(
            f"{street.full_name} has {article} {first} and a {second} side.", field="side"
        )
    return chosen


@dataclass(frozen=True, slots=True)
class Proposal:
    """A number proposed for a building: what :func:`check_number` judges."""

    street_id: int
    number: int
    parcel_id: int
    side: Compass
    building_kind: BuildingKind = BuildingKind.PRINCIPAL
    unit: str = ""
    position_ft: int | None = None
    address_id: int | None = None  # the address being altered, if any


def check_number(session: Session, proposal: Proposal) -> list[Finding]:
    """What the ordinance and the numbering map say of a proposed number.

    Blocks: the number is in use on the street by another building (units of one building
    share their number), or a secondary building on a lot whose principal building is numbered
    (it needs none). Warns: the number is on the wrong side for its parity, breaks the order of
    the numbers along the street, or lies outside the street's range.
    """
    street = get_street(session, proposal.street_id)
    side = _check_side(street, proposal.side)
    number, unit = proposal.number, " ".join(proposal.unit.split())
    found: list[Finding] = []
    in_use = session.scalars(
        select(Address)
        .where(
            Address.street_id == street.id,
            Address.number == number,
            Address.status == AddressStatus.ASSIGNED,
            *([Address.id != proposal.address_id] if proposal.address_id else []),
        )
        .options(joinedload(Address.parcel))
    ).all()
    for other in in_use:
        if other.parcel_id != proposal.parcel_id:
            found.append(
                Finding(
                    "block",
                    ASSIGN_CITE,
                    f"{number} {street.full_name} is already the number of parcel "
                    f"{other.parcel.parcel_number}; only the units of one building share a number.",
                )
            )
            break
        if fold(other.unit) == fold(unit):
            found.append(
                Finding(
                    "block",
                    ASSIGN_CITE,
                    f"{address_text(other)} is already assigned to this parcel."
                    + ("" if unit else " Give each unit its own identifier."),
                )
            )
            break
    if BuildingKind(proposal.building_kind) is BuildingKind.SECONDARY:
        numbered = session.scalar(
            select(Address)
            .where(
                Address.parcel_id == proposal.parcel_id,
                Address.status == AddressStatus.ASSIGNED,
                Address.building_kind != BuildingKind.SECONDARY,
                *([Address.id != proposal.address_id] if proposal.address_id else []),
            )
            .limit(1)
        )
        if numbered is not None:
            found.append(
                Finding(
                    "block",
                    DISPLAY_CITE,
                    f"The lot's principal building is numbered {address_text(numbered)}; a "
                    "secondary building on the same lot needs no number.",
                )
            )
    parity = parity_of(street, side)
    if (number % 2 == 1) != (parity == "odd"):
        found.append(
            Finding(
                "warn",
                CONTINUITY_CITE,
                f"{number} is {'odd' if number % 2 else 'even'}, but the {side.label} side of "
                f"{street.full_name} carries {parity} numbers.",
            )
        )
    if not street.range_low <= number <= street.range_high:
        found.append(
            Finding(
                "warn",
                CONTINUITY_CITE,
                f"{number} is outside {street.full_name}'s numbers, {street.range_low} to "
                f"{street.range_high}.",
            )
        )
    if proposal.position_ft is not None:
        row = [
            nb
            for nb in _neighbours(session, street, side, exclude_parcel=proposal.parcel_id)
            if nb.number != number
        ]
        earlier = [nb for nb in row if nb.position_ft < proposal.position_ft]
        later = [nb for nb in row if nb.position_ft > proposal.position_ft]
        higher_before = [nb for nb in earlier if nb.number > number]
        lower_after = [nb for nb in later if nb.number < number]
        if higher_before:
            nb = max(higher_before, key=lambda n: n.number)
            found.append(
                Finding(
                    "warn",
                    CONTINUITY_CITE,
                    f"{number} breaks the order along {street.full_name}: {nb.number} is at "
                    f"{nb.position_ft} ft, before this lot at {proposal.position_ft} ft.",
                )
            )
        if lower_after:
            nb = min(lower_after, key=lambda n: n.number)
            found.append(
                Finding(
                    "warn",
                    CONTINUITY_CITE,
                    f"{number} breaks the order along {street.full_name}: {nb.number} is at "
                    f"{nb.position_ft} ft, after this lot at {proposal.position_ft} ft.",
                )
            )
    return found


# -- assigning, altering, retiring ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AssignmentData:
    street_id: int
    number: int
    parcel_id: int
    side: Compass
    building_kind: BuildingKind = BuildingKind.PRINCIPAL
    unit: str = ""
    position_ft: int | None = None
    owner_id: int | None = None  # the parcel's owner when not given
    notes: str = ""
    accept_warnings: bool = False  # the Building Inspector has read the warnings


def _check_position(position_ft: int | None) -> None:
    if position_ft is not None and not 0 <= position_ft <= MAX_POSITION_FT:
        raise InvalidInput(
            f"The position is feet along the street from its start: 0 to {MAX_POSITION_FT:,}.",
            field="position_ft",
        )


def _judge(session: Session, proposal: Proposal, *, accept_warnings: bool) -> list[Finding]:
    """Refuse a proposal the map blocks, or one with warnings the Inspector has not accepted."""
    if not 1 <= proposal.number <= MAX_NUMBER:
        raise InvalidInput(
            f"A street number is a whole number from 1 to {MAX_NUMBER:,}.", field="number"
        )
    found = check_number(session, proposal)
    stop = blocking(found)
    if stop:
        raise InvalidInput(stop[0].text, field="number", cite=stop[0].cite)
    warnings = [f for f in found if f.level == "warn"]
    if warnings and not accept_warnings:
        raise InvalidInput(
            " ".join(f.text for f in warnings)
            + " The Building Inspector may accept this and assign it anyway.",
            field="number",
            cite=warnings[0].cite,
        )
    return found


def _record_change(
    action: Action, address: Address, what: str, old: str, new: str, reason: str
) -> None:
    """One line of the address's history. A value longer than the history's old and new columns
    hold (notes are unlimited) is never cut: both values go, in full, after the reason."""
    limit = max_length(AddressChange.old_value) or len(old) + len(new)
    if len(old) > limit or len(new) > limit:
        was = f"\u201c{old}\u201d" if old else "blank"
        now = f"\u201c{new}\u201d" if new else "blank"
        full = f"{_title(what)} before: {was}; after: {now}."
        reason = f"{reason.rstrip('.')}. {full}" if reason else full
        old = new = ""
    action.session.add(
        AddressChange(
            address_id=address.id,
            at=action.now(),
            operator_id=action.operator.id or None,
            operator_name=action.operator.full_name,
            what=what,
            old_value=old,
            new_value=new,
            reason=reason,
        )
    )


def _title(text: str) -> str:
    return text[:1].upper() + text[1:]


def assign_number(action: Action, data: AssignmentData) -> Address:
    """Record the official number the Building Inspector assigns (§ 506-16)."""
    action.require(Permission.ASSIGN_STREET_NUMBERS)
    session = action.session
    street = lock_street(session, data.street_id)
    parcel = get_parcel(session, data.parcel_id)
    owner_id = data.owner_id if data.owner_id is not None else parcel.owner_id
    if owner_id is not None:
        get_party(session, owner_id)
    unit = fits(Address.unit, " ".join(data.unit.split()), "The unit")
    _check_position(data.position_ft)
    proposal = Proposal(
        street.id, data.number, parcel.id, data.side, data.building_kind, unit, data.position_ft
    )
    found = _judge(session, proposal, accept_warnings=data.accept_warnings)
    address = Address(
        street_id=street.id,
        number=data.number,
        unit=unit,
        parcel_id=parcel.id,
        building_kind=BuildingKind(data.building_kind),
        owner_id=owner_id,
        status=AddressStatus.ASSIGNED,
        side=Compass(data.side),
        position_ft=data.position_ft,
        assigned_on=action.today(),
        assigned_by_id=action.operator.id or None,
        assigned_by_name=action.operator.full_name,
        notes=data.notes.strip(),
    )
    address.street, address.parcel = street, parcel
    address.owner = session.get(Party, owner_id) if owner_id is not None else None
    address.search_text = address_search_text(address)
    session.add(address)
    session.flush()
    accepted = [f.text for f in found if f.level == "warn"]
    _record_change(
        action,
        address,
        "assigned",
        "",
        address_text(address),
        "Warnings accepted: " + " ".join(accepted) if accepted else "",
    )
    if not unit and _site_address_free(session, parcel):
        set_site_address(parcel, address_text(address))
    action.audit(
        "address.assign",
        address,
        f"{address_text(address)} assigned to parcel {parcel.parcel_number}",
        after=snapshot(address),
    )
    return address


@dataclass(frozen=True, slots=True)
class AddressEdit:
    """What may change on an assigned address; each change is recorded with the reason."""

    number: int
    unit: str
    building_kind: BuildingKind
    side: Compass
    position_ft: int | None
    owner_id: int | None
    notes: str = ""
    accept_warnings: bool = False


def change_address(action: Action, address_id: int, data: AddressEdit, *, reason: str) -> Address:
    """Alter an official address. The old value, the new, who and why are kept; a number is
    never silently overwritten (§ 506-16 (Altering numbers))."""
    session = action.session
    address = get_address(session, address_id, lock=True)
    acts.allow_on_address(action, acts.AddressAct.CHANGE, address)
    why = reason.strip()
    if not why:
        raise InvalidInput("Say why the address is changed.", field="reason", cite=ALTER_CITE)
    street = lock_street(session, address.street_id)
    side = _check_side(street, data.side)
    unit = fits(Address.unit, " ".join(data.unit.split()), "The unit")
    _check_position(data.position_ft)
    if data.owner_id is not None:
        get_party(session, data.owner_id)
    numbering_changes = (data.number, fold(unit), side, data.position_ft) != (
        address.number,
        fold(address.unit),
        Compass(address.side),
        address.position_ft,
    ) or BuildingKind(data.building_kind) != address.building_kind
    if numbering_changes:
        proposal = Proposal(
            address.street_id,
            data.number,
            address.parcel_id,
            side,
            data.building_kind,
            unit,
            data.position_ft,
            address.id,
        )
        _judge(session, proposal, accept_warnings=data.accept_warnings)
    before = snapshot(address)
    old_text, old_site, old_unit = (
        address_text(address),
        address_text(address, unit=False),
        address.unit,
    )
    old_owner = address.owner.name if address.owner else ""
    address.number, address.unit = data.number, unit
    address.building_kind = BuildingKind(data.building_kind)
    address.side, address.position_ft = side, data.position_ft
    address.owner_id = data.owner_id
    address.owner = session.get(Party, data.owner_id) if data.owner_id is not None else None
    address.notes = data.notes.strip()
    address.search_text = address_search_text(address)
    new_text = address_text(address)
    if new_text != old_text:
        _record_change(action, address, "number", old_text, new_text, why)
        address.letter_printed_on = None  # the owner needs a letter with the new number
        if not unit and not old_unit and address.parcel.site_address == old_site:
            set_site_address(address.parcel, address_text(address))
    pairs = {
        "building kind": (BuildingKind(before["building_kind"]).label, address.building_kind.label),
        "side": (Compass(before["side"]).label, address.side.label),
        "position": (_feet(before["position_ft"]), _feet(address.position_ft)),
        "owner": (old_owner, address.owner.name if address.owner else ""),
        "notes": (before["notes"], address.notes),
    }
    for what, (old, new) in pairs.items():
        if old != new:
            _record_change(action, address, what, old, new, why)
    action.audit(
        "address.change",
        address,
        f"{old_text} changed: {why}",
        before=before,
        after=snapshot(address),
    )
    return address


def retire_address(action: Action, address_id: int, *, reason: str) -> Address:
    """Take a number out of use (a building demolished, lots combined). It stays in the register
    and its history; the number may then be assigned again."""
    address = get_address(action.session, address_id, lock=True)
    acts.allow_on_address(action, acts.AddressAct.RETIRE, address)
    why = reason.strip()
    if not why:
        raise InvalidInput("Say why the number is retired.", field="reason", cite=ALTER_CITE)
    before = snapshot(address)
    address.status = AddressStatus.RETIRED
    address.retired_on = action.today()
    _record_change(action, address, "retired", address_text(address), "", why)
    action.audit(
        "address.retire",
        address,
        f"{address_text(address)} retired: {why}",
        before=before,
        after=snapshot(address),
    )
    return address


def _feet(position_ft: object) -> str:
    return "" if position_ft is None else str(position_ft)


def _site_address_free(session: Session, parcel: Parcel) -> bool:
    """Whether the parcel's site address may take its new official address: it is blank, or it
    is a number of the parcel since retired (a house rebuilt under a new number). A site
    address the Clerk typed otherwise is kept."""
    site = parcel.site_address.strip()
    if not site:
        return True
    retired = session.scalars(
        select(Address).where(
            Address.parcel_id == parcel.id,
            Address.status == AddressStatus.RETIRED,
            Address.unit == "",
        )
    )
    return any(address_text(a) == site for a in retired)


def set_site_address(parcel: Parcel, text: str) -> None:
    """Give the parcel its official address as its site address, and keep the parcel findable
    in the register of parcels by its new address."""
    parcel.site_address = text
    parcel.search_text = parcel_search_text(parcel, parcel.owner)


def record_letter_printed(action: Action, address_id: int) -> None:
    """Note that the official street number letter went to the owner. The Inspector assigns the
    number; whoever keeps the register (the Clerk, who mails the letters) records it sent."""
    action.require(Permission.KEEP_STREET_REGISTER)
    address = get_address(action.session, address_id)
    address.letter_printed_on = action.today()
    action.audit("address.letter", address, f"Street number letter for {address_text(address)}")


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


def _parcel_of(session: Session, parcel: Parcel | int | str) -> Parcel | None:
    if isinstance(parcel, Parcel):
        return parcel
    if isinstance(parcel, int):
        return session.get(Parcel, parcel)
    return session.scalar(select(Parcel).where(Parcel.parcel_number == parcel.strip().upper()))


def official_addresses(session: Session, parcel: Parcel | int | str) -> list[Address]:
    """The parcel's assigned addresses, principal buildings first."""
    found = _parcel_of(session, parcel)
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
    parcel = _parcel_of(session, query)
    if parcel is None:
        typed = read_address(session, query)
        if typed is None:
            return _which_property(session, query)
        parcels = {match.parcel_id: match.parcel for match in _addresses_at(session, typed)}
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


# -- noncompliance (§ 506-16 (Noncompliance)) ---------------------------------------------------

_ACTIVE_CASES = (NumberingCaseStatus.OPEN, NumberingCaseStatus.NOTICED)  # a step is due
_OPEN_CASES = acts.OPEN_CASES


def get_case(session: Session, case_id: int) -> NumberingCase:
    case = session.get(NumberingCase, case_id)
    if case is None:
        raise NotFound(f"There is no noncompliance case number {case_id}.")
    return case


def _not_future(action: Action, day: date, field_name: str, what: str) -> None:
    if day > action.today():
        raise InvalidInput(f"The {what} cannot be later than today.", field=field_name)


def observe_noncompliance(
    action: Action, address_id: int, *, observed_on: date, observation: str
) -> NumberingCase:
    """Record that a building's numbers are missing or improper; the owner has 20 days."""
    # Locked: two stations recording the same observation at once would open two cases.
    address = get_address(action.session, address_id, lock=True)
    acts.allow_on_address(action, acts.AddressAct.NUMBERS_MISSING, address)
    text = observation.strip()
    if not text:
        raise InvalidInput(
            "Describe what was seen (numbers missing, too small, on the garage door …).",
            field="observation",
        )
    _not_future(action, observed_on, "observed_on", "date of the observation")
    case = NumberingCase(
        address_id=address.id,
        status=NumberingCaseStatus.OPEN,
        observed_on=observed_on,
        observation=text,
        observed_by_name=action.operator.full_name,
        notice_from=notice_from(action.calendar, observed_on),
        created_at=action.now(),
    )
    action.session.add(case)
    action.audit(
        "numbering_case.open",
        case,
        f"Numbers missing or improper at {address_text(address)}",
        after=snapshot(case),
    )
    return case


def serve_notice(action: Action, case_id: int, *, served_on: date, manner: str) -> NumberingCase:
    """Record that the notice to number the building was served (after 20 days' neglect)."""
    case = get_case(action.session, case_id)
    acts.allow(action, acts.CaseAct.SERVE, case)
    how = " ".join(manner.split())
    if not how:
        raise InvalidInput("Say how the notice was served.", field="manner")
    fits(NumberingCase.served_manner, how, "The manner of service", field="manner")
    _not_future(action, served_on, "served_on", "date of service")
    if served_on < case.notice_from:
        raise InvalidInput(
            f"The owner has 20 days from {format_day(case.observed_on)}: a notice may be served "
            f"from {format_day(case.notice_from)}.",
            field="served_on",
            cite=NONCOMPLIANCE_CITE,
        )
    before = snapshot(case)
    case.status = NumberingCaseStatus.NOTICED
    case.served_on, case.served_manner = served_on, how
    case.served_by_name = action.operator.full_name
    case.referral_from = referral_from(action.calendar, served_on)
    action.audit(
        "numbering_case.notice",
        case,
        f"Notice served {format_day(served_on)} by {how}",
        before=before,
        after=snapshot(case),
    )
    return case


def refer_case(action: Action, case_id: int, *, referred_on: date) -> NumberingCase:
    """Refer the case for a forfeiture under § 1-4 (10 days after service without compliance)."""
    case = get_case(action.session, case_id)
    acts.allow(action, acts.CaseAct.REFER, case)
    assert case.served_on is not None and case.referral_from is not None  # the guard saw them
    _not_future(action, referred_on, "referred_on", "date of referral")
    if referred_on < case.referral_from:
        raise InvalidInput(
            f"The owner has 10 days after service on {format_day(case.served_on)}: the case may "
            f"be referred from {format_day(case.referral_from)}.",
            field="referred_on",
            cite=NONCOMPLIANCE_CITE,
        )
    before = snapshot(case)
    case.status, case.referred_on = NumberingCaseStatus.REFERRED, referred_on
    action.audit(
        "numbering_case.refer",
        case,
        "Referred for a forfeiture under § 1-4",
        before=before,
        after=snapshot(case),
    )
    return case


def close_case(
    action: Action, case_id: int, *, on: date, note: str = "", withdrawn: bool = False
) -> NumberingCase:
    """Close a case: the numbers are posted (compliance), or it was recorded in error."""
    case = get_case(action.session, case_id)
    acts.allow(action, acts.CaseAct.WITHDRAW if withdrawn else acts.CaseAct.COMPLIED, case)
    _not_future(action, on, "closed_on", "date")
    last_step = max(d for d in (case.observed_on, case.served_on, case.referred_on) if d)
    if on < last_step:
        raise InvalidInput(
            f"The case cannot close before its last step, on {format_day(last_step)}.",
            field="closed_on",
        )
    if withdrawn and not note.strip():
        raise InvalidInput("Say why the case is withdrawn.", field="close_note")
    before = snapshot(case)
    case.status = NumberingCaseStatus.WITHDRAWN if withdrawn else NumberingCaseStatus.COMPLIED
    case.closed_on, case.close_note = on, note.strip()
    action.audit(
        "numbering_case.close",
        case,
        f"Case {NumberingCaseStatus(case.status).label.lower()}",
        before=before,
        after=snapshot(case),
    )
    return case


def cases(session: Session, *, active_only: bool = True) -> list[NumberingCase]:
    query = select(NumberingCase).options(
        joinedload(NumberingCase.address).joinedload(Address.street),
        joinedload(NumberingCase.address).joinedload(Address.owner),
    )
    if active_only:
        query = query.where(NumberingCase.status.in_(_ACTIVE_CASES))
    return list(session.scalars(query.order_by(NumberingCase.observed_on, NumberingCase.id)))


def cases_of(session: Session, address_id: int) -> list[NumberingCase]:
    return list(
        session.scalars(
            select(NumberingCase)
            .where(NumberingCase.address_id == address_id)
            .order_by(NumberingCase.observed_on)
        )
    )


def next_step(case: NumberingCase) -> tuple[str, date | None]:
    """What the City does next on the case, and from which day."""
    return rules.next_step(NumberingCaseStatus(case.status), case.notice_from, case.referral_from)


@provider("street_numbers")
def _due(action: Action) -> list[TodayItem]:
    """Notices the City may serve and cases it may refer, from the day each becomes due:
    before that the owner's time is still running and there is nothing to do."""
    today = action.today()
    items = []
    for case in cases(action.session):
        step, due = next_step(case)
        if due is None or due > today:
            continue
        where = address_text(case.address)
        owner = case.address.owner.name if case.address.owner else "owner unknown"
        if NumberingCaseStatus(case.status) is NumberingCaseStatus.OPEN:
            title = f"Notice to number {where} may be served"
            detail = f"Numbers missing or improper since {format_day(case.observed_on)}; {owner}"
        else:
            title = f"Refer {where} for a forfeiture (§ 1-4)"
            detail = (
                f"Notice served {format_day(case.served_on) if case.served_on else ''} by "
                f"{case.served_manner}; {owner}"
            )
        items.append(
            TodayItem(
                workflow="Street Numbers",
                due=due,
                title=title if step else where,
                detail=detail,
                cite=NONCOMPLIANCE_CITE,
                record_type="numbering_case",
                record_id=str(case.id),
            )
        )
    return items


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


def search_cases(
    session: Session, text: str = "", *, open_only: bool = True, limit: int = SEARCH_LIMIT
) -> list[NumberingCase]:
    """Noncompliance cases whose address holds every word typed (as :func:`search_addresses`
    reads them), oldest observation first; with ``open_only``, those not yet closed (a referred
    case stays open: compliance still closes it)."""
    query = (
        select(NumberingCase)
        .join(Address, Address.id == NumberingCase.address_id)
        .where(*_words_typed(text))
        .options(
            joinedload(NumberingCase.address).joinedload(Address.street),
            joinedload(NumberingCase.address).joinedload(Address.owner),
        )
    )
    if open_only:
        query = query.where(NumberingCase.status.in_(_OPEN_CASES))
    query = query.order_by(NumberingCase.observed_on, NumberingCase.id).limit(limit)
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
