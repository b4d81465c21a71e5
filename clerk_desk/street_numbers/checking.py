"""A number proposed for a building, checked against the map (§ 506-16): the number already in
use, the side's parity, the order between the neighbours; and the number the program suggests,
which keeps the numbering continuous and uniform, with why.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session, joinedload

from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import AddressStatus, BuildingKind, Compass
from clerk_desk.models import Address, Street
from clerk_desk.street_numbers.addresses import address_text
from clerk_desk.street_numbers.rules import (
    ASSIGN_CITE,
    CONTINUITY_CITE,
    DISPLAY_CITE,
    MAX_POSITION_FT,
)
from clerk_desk.street_numbers.streets import get_street, parity_of, side_label
from clerk_desk.text_search import fold

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
    side = check_side(street, side)
    check_position(position_ft)
    parity = parity_of(street, side)
    unit = " ".join(unit.split())
    if unit and parcel_id is not None:
        same_building = _unit_of_numbered_building(session, street, parcel_id, unit, parity)
        if same_building is not None:
            return same_building
    row = _neighbours(session, street, side, exclude_parcel=None)
    index = bisect.bisect_right([nb.position_ft for nb in row], position_ft)
    before = row[index - 1] if index > 0 else None
    after = row[index] if index < len(row) else None
    free = _free_numbers(session, street, parity, before, after)
    where = _between_text(street, side, before, after)
    if not free:
        return _no_number_free(parity, before, after, where)
    ideal, how = _ideal_number(session, street, position_ft, before, after)
    number = min(free, key=lambda n: (abs(n - ideal), n))
    return Suggestion(
        number,
        parity,
        before,
        after,
        f"{number} is {where}, at {how}; {_room_text(street, parity, number, free, before, after)}",
        _past_the_range(street, ideal),
    )


def _unit_of_numbered_building(
    session: Session, street: Street, parcel_id: int, unit: str, parity: str
) -> Suggestion | None:
    """A unit takes the number of the building the parcel already has numbered on the street."""
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
    if building is None:
        return None
    return Suggestion(
        building.number,
        parity,
        None,
        None,
        f"The building on this lot is numbered {address_text(building, unit=False)}; "
        f"{unit} takes the same number with its own unit identifier.",
    )


def _free_numbers(
    session: Session,
    street: Street,
    parity: str,
    before: Neighbour | None,
    after: Neighbour | None,
) -> list[int]:
    """The numbers of the side's parity between the neighbours (else the street's range) that
    no assigned address holds."""
    low = before.number if before else street.range_low - 1
    high = after.number if after else street.range_high + 1
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
    return [n for n in _of_parity(low, high, parity) if n not in used]


def _no_number_free(
    parity: str, before: Neighbour | None, after: Neighbour | None, where: str
) -> Suggestion:
    """No number fits: § 506-16 (Building numbering required) leaves it to the Building
    Inspector."""
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


def _ideal_number(
    session: Session,
    street: Street,
    position_ft: int,
    before: Neighbour | None,
    after: Neighbour | None,
) -> tuple[float, str]:
    """Where the lot's number would fall (not yet a whole number), and how that was reckoned:
    in proportion between its neighbours, else at the street's spacing or the grid's."""
    base = street.grid_base if street.grid_base is not None else street.range_low
    start = (before.position_ft, before.number) if before else (0, base)
    if after is not None and after.position_ft > start[0]:
        share = (position_ft - start[0]) / (after.position_ft - start[0])
        ideal = start[1] + share * (after.number - start[1])
        return ideal, f"{round(share * 100)}% of the way from {start[1]} to {after.number}"
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
    return start[1] + density * (position_ft - start[0]), how


def _past_the_range(street: Street, ideal: float) -> tuple[Finding, ...]:
    """§ 506-16 (New houses and buildings): a lot whose spacing lands past the street's
    highest number."""
    if round(ideal) <= street.range_high:
        return ()
    return (
        Finding(
            "info",
            CONTINUITY_CITE,
            f"At that spacing the lot would be numbered about {round(ideal):,}, past "
            f"{street.full_name}'s highest number, {street.range_high}: the nearest free "
            "number is suggested. If lots go on past it, widen the street's range.",
        ),
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


def check_side(street: Street, side: Compass | str) -> Compass:
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
    side = check_side(street, proposal.side)
    return [
        *_number_in_use(session, street, proposal),
        *_secondary_building_numbered(session, proposal),
        *_parity_and_range(street, side, proposal.number),
        *_order_along_the_street(session, street, side, proposal),
    ]


def _not_the_address_altered(proposal: Proposal) -> list[ColumnElement[bool]]:
    return [Address.id != proposal.address_id] if proposal.address_id else []


def _number_in_use(session: Session, street: Street, proposal: Proposal) -> list[Finding]:
    """§ 506-16 (Buildings to have street numbers): another building's number, or this
    parcel's own with the same unit."""
    number, unit = proposal.number, " ".join(proposal.unit.split())
    in_use = session.scalars(
        select(Address)
        .where(
            Address.street_id == street.id,
            Address.number == number,
            Address.status == AddressStatus.ASSIGNED,
            *_not_the_address_altered(proposal),
        )
        .options(joinedload(Address.parcel))
    ).all()
    for other in in_use:
        if other.parcel_id != proposal.parcel_id:
            return [
                Finding(
                    "block",
                    ASSIGN_CITE,
                    f"{number} {street.full_name} is already the number of parcel "
                    f"{other.parcel.parcel_number}; only the units of one building share a number.",
                )
            ]
        if fold(other.unit) == fold(unit):
            return [
                Finding(
                    "block",
                    ASSIGN_CITE,
                    f"{address_text(other)} is already assigned to this parcel."
                    + ("" if unit else " Give each unit its own identifier."),
                )
            ]
    return []


def _secondary_building_numbered(session: Session, proposal: Proposal) -> list[Finding]:
    """§ 506-16 (Building numbering required): a secondary building on a lot whose principal
    building is numbered needs no number."""
    if BuildingKind(proposal.building_kind) is not BuildingKind.SECONDARY:
        return []
    numbered = session.scalar(
        select(Address)
        .where(
            Address.parcel_id == proposal.parcel_id,
            Address.status == AddressStatus.ASSIGNED,
            Address.building_kind != BuildingKind.SECONDARY,
            *_not_the_address_altered(proposal),
        )
        .limit(1)
    )
    if numbered is None:
        return []
    return [
        Finding(
            "block",
            DISPLAY_CITE,
            f"The lot's principal building is numbered {address_text(numbered)}; a "
            "secondary building on the same lot needs no number.",
        )
    ]


def _parity_and_range(street: Street, side: Compass, number: int) -> list[Finding]:
    """§ 506-16 (New houses and buildings): the side's parity, and the street's range."""
    found: list[Finding] = []
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
    return found


def _order_along_the_street(
    session: Session, street: Street, side: Compass, proposal: Proposal
) -> list[Finding]:
    """§ 506-16 (New houses and buildings): a higher number before the lot, or a lower one
    after it, breaks the order of the numbers along the street."""
    position_ft, number = proposal.position_ft, proposal.number
    if position_ft is None:
        return []
    row = [
        nb
        for nb in _neighbours(session, street, side, exclude_parcel=proposal.parcel_id)
        if nb.number != number
    ]
    higher_before = [nb for nb in row if nb.position_ft < position_ft and nb.number > number]
    lower_after = [nb for nb in row if nb.position_ft > position_ft and nb.number < number]
    found: list[Finding] = []
    for out_of_order, where in (
        (max(higher_before, key=lambda n: n.number, default=None), "before"),
        (min(lower_after, key=lambda n: n.number, default=None), "after"),
    ):
        if out_of_order is not None:
            found.append(
                Finding(
                    "warn",
                    CONTINUITY_CITE,
                    f"{number} breaks the order along {street.full_name}: "
                    f"{out_of_order.number} is at {out_of_order.position_ft} ft, {where} this "
                    f"lot at {position_ft} ft.",
                )
            )
    return found


def check_position(position_ft: int | None) -> None:
    if position_ft is not None and not 0 <= position_ft <= MAX_POSITION_FT:
        raise InvalidInput(
            f"The position is feet along the street from its start: 0 to {MAX_POSITION_FT:,}.",
            field="position_ft",
        )
