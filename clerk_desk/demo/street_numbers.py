"""Demo street numbering register (§ 506-16): the map, the numbers and the owners who neglect them.

:func:`generate` runs after the demo's people and parcels exist. It draws the numbering map of
the demo's streets and a few more of Prescott's, and gives every demo parcel its official number,
the one its site address already carries, through the same services the counter uses:

- the Clerk imports the City's old numbering map (``street_numbers_import.import_addresses``, so
  the list is validated: parity, order along the street, duplicates), with a few multiple
  dwellings and their apartments and a carriage house recorded on the old map;
- the Building Inspector retires the number of a demolished house, assigns the number the
  program suggests for a lot split off between two neighbours, and numbers a new apartment
  building at the end of a subdivision road with its units;
- four noncompliance cases, dated back from today: one just observed (its notice is not due), one
  whose notice is due, one noticed whose referral for a forfeiture is due, one complied.

How the demo draws the grid is invented (the street names are Prescott's): numbers rise from 100
at each street's starting line; on north-south streets odd numbers are on the west side, on
east-west streets on the south side. A demo lot ``k`` carries number ``100 + 4k + k % 2`` (odd
lots on the odd side), about 33 ft of frontage per lot along the street, so each side's lots are
about 66 ft apart. The parcels do not grow with ``--scale``, so no bulk path is needed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerk_desk import parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import AddressStatus, BuildingKind, Compass, Role
from clerk_desk.models import Address, NumberingCase, Operator, Parcel, Street
from clerk_desk.street_numbers import assignment, cases, checking, streets
from clerk_desk.street_numbers import importing as street_numbers_import
from clerk_desk.street_numbers.assignment import AssignmentData
from clerk_desk.street_numbers.streets import StreetData

N, S, E, W = Compass.NORTH, Compass.SOUTH, Compass.EAST, Compass.WEST
FEET_PER_LOT = 33
FIRST_LOT_AT = 40  # feet from the starting line to the middle of lot 0
MAP_SOURCE = "numbering-map.xlsx (the paper map, keyed in)"


@dataclass(frozen=True, slots=True)
class StreetPlan:
    """A street of the demo's numbering map: which way its numbers rise and its highest one."""

    full_name: str
    runs: Compass  # the way the numbers rise
    range_high: int = 999
    range_low: int = 100
    grid_base: int | None = 100

    @property
    def odd_side(self) -> Compass:
        return W if self.runs in (N, S) else S

    def _range_high(self, highest_lot_number: int) -> int:
        # The one-year demo's lots end at 537, well inside every plan: its streets are as drawn.
        if highest_lot_number + 400 <= self.range_high:
            return self.range_high
        return highest_lot_number + 1000

    def data(self, *, highest_lot_number: int = 0) -> StreetData:
        """The street as the Clerk records it; a grown demo city's street (clerk_desk.demo's
        ``city_growth``) reaches past its last lot, with room for the new buildings."""
        words = self.full_name.split()
        direction = words.pop() if words[-1] in ("N", "S", "E", "W") else ""
        suffix = words.pop() if words[-1] in ("St", "Ave", "Dr", "Rd") else ""
        return StreetData(
            name=" ".join(words),
            suffix=suffix,
            direction=direction,
            odd_side=self.odd_side,
            increases_toward=self.runs,
            range_low=self.range_low,
            range_high=self._range_high(highest_lot_number),
            grid_base=self.grid_base,
        )


# The demo's streets with parcels (demo.STREETS), then more of Prescott's, not yet numbered.
PLANS = (
    StreetPlan("Broad St N", N, range_high=1999),
    StreetPlan("Broad St S", S),
    StreetPlan("Orange St", N),
    StreetPlan("Kinnickinnic St", E),
    StreetPlan("Albert St", E),
    StreetPlan("College St", E),
    StreetPlan("Henry St", E),
    StreetPlan("Hampshire St", E),
    StreetPlan("James St", E),
    StreetPlan("Dexter St", N),
    StreetPlan("Lake St", N),
    StreetPlan("Pearl St", E),
    StreetPlan("Walter St", E),
    StreetPlan("Front St", N),
    StreetPlan("Young St", E),
    StreetPlan("Campbell St", N),
    StreetPlan("Borner St N", N, range_high=1499),
    StreetPlan("Eagle Ridge Dr", E),
    StreetPlan("North Acres Rd", N),
    StreetPlan("Court St N", N),
    StreetPlan("Cherry St N", N),
    StreetPlan("Elm St N", N),
    StreetPlan("Walnut St N", N),
    StreetPlan("Pine St N", N),
    StreetPlan("Locust St N", N),
    StreetPlan("Oak St N", N),
    StreetPlan("Monroe St N", N),
    StreetPlan("Dakota St", E),
    StreetPlan("Prescott St", E),
    StreetPlan("Hill Ave", E, range_high=299, range_low=1, grid_base=None),
)
PLAN_OF = {plan.full_name: plan for plan in PLANS}
# Parcels keyed (street, lot) that the old map shows as more than a house.
APARTMENTS = {("Broad St N", 3): 4, ("Broad St N", 10): 8, ("Broad St S", 4): 6, ("Lake St", 7): 3}
CARRIAGE_HOUSE = ("Orange St", 7)
DEMOLISHED = ("Walter St", 12)
SPLIT = ("Broad St N", 5)  # the lot split in two this year; the new lot lies beyond it
NEW_APARTMENTS = "Eagle Ridge Dr"
# (street, lot, days ago observed, served, complied after service (days), what was seen)
CASES = (
    (
        "Kinnickinnic St",
        9,
        6,
        False,
        None,
        "No numbers on the house; only the mailbox at the curb.",
    ),
    ("Lake St", 4, 24, False, None, "Numbers painted on the garage door, which stands open."),
    ("Pearl St", 11, 45, True, None, "Numbers missing since the siding was replaced."),
    (
        "Henry St",
        6,
        70,
        True,
        7,
        "Brass numbers two inches high on dark brick: not readable from the street.",
    ),
)


def lot_position(lot: int, rng: random.Random) -> int:
    """Feet along the street to the middle of lot ``lot``; never past its neighbours' lots."""
    return FIRST_LOT_AT + FEET_PER_LOT * lot + rng.randint(-8, 8)


def _people(desk: Desk, admin: SignedIn) -> tuple[SignedIn, SignedIn]:
    """The demo's Clerk and Building Inspector; the Administrator when either is missing."""
    with desk.database.reading() as session:
        rows = {
            row.role: SignedIn(row.id, row.username, row.full_name, Role(row.role))
            for row in session.scalars(select(Operator).where(Operator.active.is_(True)))
        }
    return rows.get(Role.CLERK, admin), rows.get(Role.INSPECTOR, admin)


def _demo_lots(desk: Desk) -> dict[tuple[str, int], tuple[int, str, int]]:
    """Each demo parcel by (street, lot): (number, parcel number, parcel id)."""
    lots: dict[tuple[str, int], tuple[int, str, int]] = {}
    with desk.database.reading() as session:
        for parcel_id, parcel_number, site in session.execute(
            select(Parcel.id, Parcel.parcel_number, Parcel.site_address).order_by(Parcel.id)
        ):
            number, _, street = site.partition(" ")
            if number.isdigit() and street in PLAN_OF:
                lots[(street, (int(number) - 100) // 4)] = (int(number), parcel_number, parcel_id)
    return lots


def generate(desk: Desk, admin: SignedIn, *, rng: random.Random) -> None:
    """Draw the numbering map, import the old map, and the Inspector's work since."""
    clerk, inspector = _people(desk, admin)
    today = desk.clock.today()
    lots = _demo_lots(desk)
    positions = {key: lot_position(key[1], rng) for key in lots}
    with desk.action(clerk) as action:
        for plan in PLANS:
            highest = max(
                (n for (on, _), (n, _, _) in lots.items() if on == plan.full_name), default=0
            )
            streets.add_street(action, plan.data(highest_lot_number=highest))
    with desk.action(clerk) as action:
        street_numbers_import.import_addresses(
            action, _old_map(lots, positions, today, rng), source=MAP_SOURCE
        )
    with desk.action(inspector) as action:
        number, _, _ = lots[DEMOLISHED]
        (address,) = _assigned(action.session, DEMOLISHED[0], number)
        assignment.retire_address(
            action,
            address.id,
            reason=f"House demolished in {today.year - 1} after a fire; the lot is vacant. A new "
            "house will need its number from the Building Inspector.",
        )
    _split_lot(desk, inspector, lots, positions)
    _new_apartments(desk, inspector, lots, positions)
    _cases(desk, clerk, inspector, lots, today)


def _old_map(
    lots: dict[tuple[str, int], tuple[int, str, int]],
    positions: dict[tuple[str, int], int],
    today: date,
    rng: random.Random,
) -> list[dict[str, object]]:
    """The City's paper numbering map as a spreadsheet: rows keyed by the column headings."""
    rows: list[dict[str, object]] = []
    subdivisions = ("Eagle Ridge Dr", "North Acres Rd")
    for (street, lot), (number, parcel_number, _) in sorted(lots.items()):
        first_year = 1994 if street in subdivisions else 1956
        assigned = date(first_year, 1, 1) + timedelta(
            days=rng.randrange((today - timedelta(days=730) - date(first_year, 1, 1)).days)
        )
        odd = PLAN_OF[street].odd_side
        side = odd if number % 2 else odd.opposite
        row: dict[str, object] = {
            "Number": str(number),
            "Street": street,
            "Unit": "",
            "Parcel": parcel_number,
            "Kind": "principal",
            "Side": side.value,
            "Position (ft)": str(positions[(street, lot)]),
            "Assigned": assigned.strftime("%m/%d/%Y"),
            "Assigned by": "Building Inspector (paper map)",
            "Notes": "",
        }
        units = APARTMENTS.get((street, lot), 0)
        if units:
            row["Kind"] = "multiple dwelling"
            row["Notes"] = f"{units} apartments"
        rows.append(row)
        for unit in range(1, units + 1):
            rows.append(row | {"Unit": f"Apt {unit}", "Notes": ""})
        if (street, lot) == CARRIAGE_HOUSE:
            rows.append(
                row
                | {
                    "Unit": "Rear",
                    "Kind": "secondary",
                    "Notes": "Carriage house on the alley, numbered on the old map; § 506-16 "
                    "exempts it, kept as recorded.",
                }
            )
    return rows


def _assigned(session: Session, street: str, number: int) -> list[Address]:
    return list(
        session.scalars(
            select(Address)
            .join(Street, Street.id == Address.street_id)
            .where(
                Street.full_name == street,
                Address.number == number,
                Address.unit == "",
                Address.status == AddressStatus.ASSIGNED,
            )
        )
    )


def _street_id(session: Session, full_name: str) -> int:
    street = streets.find_street(session, full_name)
    assert street is not None, full_name
    return street.id


def _split_lot(
    desk: Desk,
    inspector: SignedIn,
    lots: dict[tuple[str, int], tuple[int, str, int]],
    positions: dict[tuple[str, int], int],
) -> None:
    """A lot split off between two neighbours on the odd side: the suggested number fits."""
    street, lot = SPLIT
    _, parcel_number, parcel_id = lots[SPLIT]
    with desk.database.reading() as session:
        owner_id = parties.get_parcel(session, parcel_id).owner_id
    with desk.action(inspector) as action:
        parcel = parties.add_parcel(
            action,
            parties.ParcelData(
                parcel_number=parcel_number.replace("-0000", "-0100"),
                owner_id=owner_id,
                description=f"North part of lot {lot}, {street} frontage (split "
                f"{action.today().year})",
            ),
        )
        street_id = _street_id(action.session, street)
        position = (positions[SPLIT] + positions[(street, lot + 2)]) // 2
        side = Compass(streets.get_street(action.session, street_id).odd_side)
        suggestion = checking.suggest_number(
            action.session, street_id, side=side, position_ft=position, parcel_id=parcel.id
        )
        assert suggestion.number is not None, suggestion.explanation
        address_id = assignment.assign_number(
            action,
            AssignmentData(
                street_id=street_id,
                number=suggestion.number,
                parcel_id=parcel.id,
                side=side,
                position_ft=position,
                notes="New house on the lot split off from the neighbour.",
            ),
        )
        assignment.record_letter_printed(action, address_id)


def _new_apartments(
    desk: Desk,
    inspector: SignedIn,
    lots: dict[tuple[str, int], tuple[int, str, int]],
    positions: dict[tuple[str, int], int],
) -> None:
    """A new apartment building past the last lot of a subdivision road, with its units."""
    last = max(lot for street, lot in lots if street == NEW_APARTMENTS)
    _, parcel_number, parcel_id = lots[(NEW_APARTMENTS, last)]
    with desk.database.reading() as session:
        owner_id = parties.get_parcel(session, parcel_id).owner_id
    with desk.action(inspector) as action:
        parcel = parties.add_parcel(
            action,
            parties.ParcelData(
                parcel_number=f"{parcel_number[:6]}201-0000",
                owner_id=owner_id,
                description=f"Outlot 1, {NEW_APARTMENTS} (apartment building, 6 units)",
            ),
        )
        street_id = _street_id(action.session, NEW_APARTMENTS)
        side = Compass(streets.get_street(action.session, street_id).odd_side)
        position = positions[(NEW_APARTMENTS, last)] + 180
        suggestion = checking.suggest_number(
            action.session, street_id, side=side, position_ft=position, parcel_id=parcel.id
        )
        assert suggestion.number is not None, suggestion.explanation
        for unit in ("", *(f"Apt {n}" for n in (101, 102, 103, 201, 202, 203))):
            assignment.assign_number(
                action,
                AssignmentData(
                    street_id=street_id,
                    number=suggestion.number,
                    parcel_id=parcel.id,
                    side=side,
                    building_kind=BuildingKind.MULTIPLE_DWELLING,
                    unit=unit,
                    position_ft=position,
                    notes="" if unit else "Six apartments, three on each floor.",
                ),
            )


def _cases(
    desk: Desk,
    clerk: SignedIn,
    inspector: SignedIn,
    lots: dict[tuple[str, int], tuple[int, str, int]],
    today: date,
) -> None:
    """Owners who did not post their numbers, at each step of § 506-16 (Noncompliance)."""
    for street, lot, days_ago, served, complied_after, seen in CASES:
        number, _, _ = lots[(street, lot)]
        with desk.action(inspector) as action:
            (address,) = _assigned(action.session, street, number)
            case_id = cases.observe_noncompliance(
                action, address.id, observed_on=today - timedelta(days=days_ago), observation=seen
            )
            notice_from = cases.get_case(action.session, case_id).notice_from
        if not served or notice_from > today:
            continue
        with desk.action(clerk) as action:
            cases.serve_notice(
                action,
                case_id,
                served_on=notice_from,
                manner="certified mail" if complied_after is None else "personal service",
            )
            served_on = cases.get_case(action.session, case_id).served_on
        if complied_after is None or served_on is None:
            continue
        with desk.action(inspector) as action:
            cases.close_case(
                action,
                case_id,
                on=min(today, served_on + timedelta(days=complied_after)),
                note="Five-inch white block numbers now beside the front door; seen from the "
                "street by the Building Inspector.",
            )


def count(desk: Desk) -> dict[str, int]:
    """What the register holds, for the demo's summary."""
    with desk.database.reading() as session:
        return {
            "street": session.scalar(select(func.count()).select_from(Street)) or 0,
            "address": session.scalar(select(func.count()).select_from(Address)) or 0,
            "numbering_case": session.scalar(select(func.count()).select_from(NumberingCase)) or 0,
        }
