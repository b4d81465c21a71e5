"""The street numbering register at the size issue 5's Speed section names.

    python benchmarks/street_numbers.py [--addresses 20000] [--streets 300] [--queries 240]

Builds, in a temporary SQLite file, ``--streets`` streets carrying ``--addresses`` official
addresses (some multiple dwellings with their units) on their own parcels with owners, written in
bulk with SQLAlchemy Core (the search text through ``street_addresses.address_search_text``), and
prints, each with its target:
- search as you type: ``street_addresses.search_addresses`` in its own reading session, as the tab
  runs it, over what the field holds after each keystroke of typical inputs (a number, "123 br",
  a street name, an owner's surname, a parcel number): median and 95th percentile (target: median
  under 50 ms);
- a suggestion: ``checking.suggest_number`` for random lots on random streets and sides, in
  its own reading session (target: median under 50 ms);
- reading an address list of ``--addresses`` rows from .xlsx with ``reports.excel.read_table``
  (no target);
- validating that list with ``street_numbers_import.validate_import`` against the full register:
  the rows continue the same streets past their last lots, so nothing collides and every check
  runs (target: under 5 s);
- importing it with ``street_numbers_import.import_addresses`` in one action (no target).

Exits non-zero when a target is not met.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

# The demo's names (letters beyond Latin-1 among them), so that both search the same people.
from clerk_desk.demo import FIRST, LAST  # noqa: E402

BASES = (
    "Broad",
    "Orange",
    "Court",
    "Kinnickinnic",
    "Cherry",
    "Elm",
    "Walnut",
    "Dakota",
    "Campbell",
    "Lake",
    "Pine",
    "Locust",
    "Hill",
    "Monroe",
    "Oak",
    "Prescott",
    "Front",
    "Albert",
    "College",
    "Henry",
    "Hampshire",
    "James",
    "Dexter",
    "Pearl",
    "Walter",
    "Young",
    "Borner",
    "Eagle Ridge",
    "North Acres",
    "Maple",
    "Birch",
    "Cedar",
    "Spruce",
    "Willow",
    "Aspen",
    "Ash",
    "Hickory",
    "Linden",
    "Poplar",
    "Juniper",
    "Tamarack",
    "River",
    "Bluff",
    "Valley",
    "Prairie",
    "Meadow",
    "Summit",
    "Harbor",
    "Mill",
    "Church",
    "School",
    "Park",
    "Mound",
    "Point Douglas",
    "St. Croix",
    "Mississippi",
    "Pierce",
    "Ellsworth",
    "Freedom",
    "Magee",
)
SUFFIXES = ("St", "Ave", "Dr", "Rd", "Ln")
FEET_PER_LOT = 33
NEW_LOTS_FROM = 120  # the imported list continues each street from this lot on
BATCH = 5_000


@dataclass(frozen=True, slots=True)
class Figure:
    name: str
    value: str
    target: str
    ok: bool | None  # None: reported, no target


def _timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def _p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[-1]


def _name(rng: random.Random, used: set[str]) -> str:
    """A name not used yet: a first and last name, with middle initials when it is taken."""
    name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    while name in used:
        initials = f"{chr(65 + rng.randrange(26))}. {chr(65 + rng.randrange(26))}."
        name = f"{rng.choice(FIRST)} {initials} {rng.choice(LAST)}"
    used.add(name)
    return name


def _number(lot: int) -> int:
    """Lot ``k`` is number 100 + 2k + k % 2: odd lots on the odd side, a free number of the
    side's parity between two neighbours."""
    return 100 + 2 * lot + lot % 2


def _position(lot: int) -> int:
    return 40 + FEET_PER_LOT * lot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--addresses", type=int, default=20_000, help="addresses in the register")
    parser.add_argument("--streets", type=int, default=300, help="streets they are on")
    parser.add_argument("--queries", type=int, default=240, help="searches and suggestions timed")
    parser.add_argument("--seed", type=int, default=50616)
    args = parser.parse_args()
    if args.streets > len(BASES) * len(SUFFIXES) * 2:
        parser.error(f"at most {len(BASES) * len(SUFFIXES) * 2} streets")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLERK_DESK_DATA_DIR"] = folder  # backups, logs: nowhere near the user's
        return _run(Path(folder), args)


def _street_names(count: int) -> list[tuple[str, str, str]]:
    names: list[tuple[str, str, str]] = []
    for index in range(count):
        base = BASES[index % len(BASES)]
        suffix = SUFFIXES[(index // len(BASES)) % len(SUFFIXES)]
        second = index >= len(BASES) * len(SUFFIXES)  # the same names again, north or south
        direction = "N" if second else ""
        if (base, suffix) == ("Broad", "St"):
            direction = "S" if second else "N"
        names.append((base, suffix, direction))
    return names


def _lots_per_street(addresses: int, streets: int, rng: random.Random) -> list[int]:
    """How many address rows each street carries, about equal, summing to ``addresses``."""
    share = addresses // streets
    counts = [share + rng.randint(-share // 6, share // 6) for _ in range(streets)]
    for index in range(addresses - sum(counts)):  # spread what is left, or taken too much
        counts[index % streets] += 1
    for index in range(sum(counts) - addresses):
        counts[index % streets] -= 1
    return counts


def _build(session: Session, args: argparse.Namespace, rng: random.Random) -> dict[str, Any]:
    """Streets, parties, parcels and addresses in bulk; what the timings draw on."""
    from sqlalchemy import insert

    from clerk_desk.kinds import AddressStatus, BuildingKind, Compass, PartyKind
    from clerk_desk.models import Address, Parcel, Party, Street
    from clerk_desk.parties import fold
    from clerk_desk.street_numbers import addresses as street_addresses
    from clerk_desk.street_numbers import streets as street_streets

    streets: list[Street] = []
    for index, (name, suffix, direction) in enumerate(_street_names(args.streets)):
        runs = Compass.NORTH if index % 2 else Compass.EAST
        full = street_streets.street_name(name, suffix, direction)
        streets.append(
            Street(
                id=index + 1,
                name=name,
                suffix=suffix,
                direction=direction,
                full_name=full,
                name_key=street_streets.street_key(full),
                odd_side=Compass.WEST if runs == Compass.NORTH else Compass.SOUTH,
                increases_toward=runs,
                range_low=100,
                range_high=999,
                grid_base=100,
                active=True,
                notes="",
            )
        )
    session.execute(
        insert(Street),
        [
            {column.key: getattr(street, column.key) for column in Street.__table__.columns}
            for street in streets
        ],
    )
    party_rows: list[dict[str, Any]] = []
    parcel_rows: list[dict[str, Any]] = []
    address_rows: list[dict[str, Any]] = []
    used_names: set[str] = set()
    lots_by_street: dict[int, int] = {}
    counts = _lots_per_street(args.addresses, args.streets, rng)
    for street, rows_wanted in zip(streets, counts, strict=True):
        lot = 0
        made = 0
        while made < rows_wanted:
            lot += 1
            name = _name(rng, used_names)
            owner = Party(id=len(party_rows) + 1, kind=PartyKind.PERSON, name=name)
            party_rows.append(
                {"id": owner.id, "kind": PartyKind.PERSON, "name": name, "search_text": fold(name)}
            )
            number = _number(lot)
            parcel = Parcel(
                id=len(parcel_rows) + 1,
                parcel_number=f"281-{street.id:03d}{lot:03d}-0000",
                site_address=f"{number} {street.full_name}",
                owner=owner,
            )
            parcel_rows.append(
                {
                    "id": parcel.id,
                    "parcel_number": parcel.parcel_number,
                    "site_address": parcel.site_address,
                    "owner_id": owner.id,
                    "active": True,
                    "search_text": fold(f"{parcel.parcel_number} {parcel.site_address} {name}"),
                }
            )
            units = [""]
            if lot % 25 == 0 and rows_wanted - made > 4:  # a multiple dwelling, three units
                units += ["Apt 1", "Apt 2", "Apt 3"]
            side = street.odd_side if number % 2 else Compass(street.odd_side).opposite
            for unit in units:
                address = Address(
                    number=number, unit=unit, street=street, parcel=parcel, owner=owner
                )
                address_rows.append(
                    {
                        "street_id": street.id,
                        "number": number,
                        "unit": unit,
                        "parcel_id": parcel.id,
                        "building_kind": BuildingKind.MULTIPLE_DWELLING
                        if len(units) > 1
                        else BuildingKind.PRINCIPAL,
                        "owner_id": owner.id,
                        "status": AddressStatus.ASSIGNED,
                        "side": side,
                        "position_ft": _position(lot),
                        "assigned_on": date(1990, 1, 1),
                        "assigned_by_name": "Building Inspector",
                        "notes": "",
                        "search_text": street_addresses.address_search_text(address),
                    }
                )
                made += 1
        lots_by_street[street.id] = lot
    for table, rows in ((Party, party_rows), (Parcel, parcel_rows), (Address, address_rows)):
        for start in range(0, len(rows), BATCH):
            session.execute(insert(table), rows[start : start + BATCH])
    return {
        "streets": streets,
        "lots": lots_by_street,
        "owners": [row["name"] for row in party_rows],
        "parcels": [row["parcel_number"] for row in parcel_rows],
        "addresses": address_rows,
    }


def _new_rows(built: dict[str, Any], wanted: int, rng: random.Random) -> list[list[str]]:
    """An address list continuing each street past its last lot: nothing collides."""
    header = ["Number", "Street", "Unit", "Parcel", "Kind", "Owner", "Side", "Position (ft)"]
    header += ["Assigned", "Assigned by", "Notes"]
    rows = [header]
    streets = built["streets"]
    owners = built["owners"]
    used = set(owners)
    per_street = _lots_per_street(wanted, len(streets), rng)
    for street, count in zip(streets, per_street, strict=True):
        first = max(NEW_LOTS_FROM, built["lots"][street.id] + 10)
        odd = street.odd_side
        for lot in range(first, first + count):
            number = _number(lot)
            side = odd if number % 2 else odd.opposite
            owner = rng.choice(owners) if lot % 3 else _name(rng, used)  # a third new owners
            rows.append(
                [
                    str(number),
                    street.full_name,
                    "",
                    f"281-{street.id:03d}{lot:03d}-0000",
                    "principal",
                    owner,
                    side.value,
                    str(_position(lot)),
                    f"{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}/{rng.randint(1960, 2024)}",
                    "Building Inspector",
                    "",
                ]
            )
    return rows


def _queries(built: dict[str, Any], count: int, rng: random.Random) -> list[str]:
    """What the search field holds after each keystroke of typical inputs, ``count`` of them."""
    typed: list[str] = []

    def keystrokes(text: str, start: int = 1) -> None:
        typed.extend(text[:n] for n in range(start, len(text) + 1))

    keystrokes("12")
    keystrokes("123 br")
    keystrokes("broad")
    keystrokes("broad st n")
    while len(typed) < count:
        address = rng.choice(built["addresses"])
        street = next(s for s in built["streets"] if s.id == address["street_id"])
        choice = len(typed) % 4
        if choice == 0:  # a number and the start of the street
            keystrokes(f"{address['number']} {street.name.lower()[:4]}")
        elif choice == 1:  # an owner's surname
            keystrokes(rng.choice(built["owners"]).split()[-1].lower(), start=3)
        elif choice == 2:  # a parcel number
            keystrokes(rng.choice(built["parcels"])[:9], start=4)
        else:  # a street name
            keystrokes(street.name.lower(), start=3)
    return typed[:count]


def _run(folder: Path, args: argparse.Namespace) -> int:
    from openpyxl import Workbook
    from sqlalchemy import func, select

    from clerk_desk.database import Database
    from clerk_desk.desk import SYSTEM, Desk
    from clerk_desk.kinds import Compass
    from clerk_desk.models import Address
    from clerk_desk.street_numbers import addresses as street_addresses
    from clerk_desk.street_numbers import checking
    from clerk_desk.street_numbers import importing as street_numbers_import
    from reports.excel import read_table

    rng = random.Random(args.seed)
    path = folder / "street-numbers.sqlite3"
    database = Database(str(path))
    figures: list[Figure] = []
    try:
        database.migrate(backup=False)
        desk = Desk(database)
        started = time.perf_counter()
        with database.writing() as session:
            built = _build(session, args, rng)
        build_s = time.perf_counter() - started
        with database.reading() as session:
            addresses = session.scalar(select(func.count()).select_from(Address)) or 0
        print(
            f"Clerk Desk street numbers benchmark ({os.cpu_count()} cores, SQLite, "
            f"{addresses:,} addresses on {len(built['streets'])} streets, "
            f"{len(built['parcels']):,} parcels, {len(built['owners']):,} owners)"
        )
        print(f"  register built in bulk in {build_s:.1f} s")

        # -- search as you type ---------------------------------------------------------------
        typed = _queries(built, args.queries, rng)
        found: dict[str, int] = {}

        def search(text: str) -> None:
            with database.reading() as session:
                found[text] = len(street_addresses.search_addresses(session, text))

        search(typed[0])  # warm the disk cache and the statement cache, as a second search is
        searches = [(_timed(partial(search, text)), text) for text in typed]
        samples = [t for t, _ in searches]
        median, p95 = statistics.median(samples) * 1000, _p95(samples) * 1000
        slowest = max(searches)
        print(
            f"  search as you type, {len(typed)} keystrokes: median {median:.1f} ms, "
            f"95th percentile {p95:.1f} ms, slowest {slowest[0] * 1000:.1f} ms "
            f"({slowest[1]!r}, {found[slowest[1]]} found)"
        )
        for text in ("12", "123 br", "broad", typed[-1]):
            print(f"    {text!r}: {found.get(text, 0)} found")
        figures.append(
            Figure("search as you type, median", f"{median:.1f} ms", "< 50 ms", median < 50)
        )
        figures.append(Figure("search as you type, 95th percentile", f"{p95:.1f} ms", "", None))

        # -- suggestions -------------------------------------------------------------------
        lots = []
        for _ in range(args.queries):
            street = rng.choice(built["streets"])
            side = rng.choice((Compass(street.odd_side), Compass(street.odd_side).opposite))
            position = rng.randrange(0, _position(built["lots"][street.id] + 20))
            lots.append((street.id, side, position))
        answered = 0

        def suggest(street_id: int, side: Compass, position: int) -> None:
            nonlocal answered
            with database.reading() as session:
                suggestion = checking.suggest_number(
                    session, street_id, side=side, position_ft=position
                )
            answered += suggestion.number is not None

        suggest(*lots[0])
        answered = 0
        suggests = [_timed(partial(suggest, *lot)) for lot in lots]
        s_median, s_p95 = statistics.median(suggests) * 1000, _p95(suggests) * 1000
        print(
            f"  suggest a number, {len(lots)} random lots: median {s_median:.1f} ms, "
            f"95th percentile {s_p95:.1f} ms; {answered} with a number, "
            f"{len(lots) - answered} left to the Building Inspector"
        )
        figures.append(
            Figure("suggest a number, median", f"{s_median:.1f} ms", "< 50 ms", s_median < 50)
        )
        figures.append(Figure("suggest a number, 95th percentile", f"{s_p95:.1f} ms", "", None))

        # -- an address list: read, validate, import ----------------------------------------
        table = _new_rows(built, args.addresses, rng)
        xlsx = folder / "address-list.xlsx"
        workbook = Workbook(write_only=True)
        sheet = workbook.create_sheet("Addresses")
        for row in table:
            sheet.append(row)
        workbook.save(xlsx)
        rows: list[Any] = []
        read_s = _timed(lambda: rows.extend(read_table(xlsx)))
        print(f"  read {len(rows):,} rows from .xlsx (read_table): {read_s:.2f} s")
        figures.append(Figure(f"read {len(rows):,}-row .xlsx", f"{read_s:.2f} s", "", None))

        reports: list[Any] = []

        def validate() -> None:
            with database.reading() as session:
                reports.append(street_numbers_import.validate_import(session, rows))

        validate_s = _timed(validate)
        report = reports[-1]
        print(
            f"  validate {report.lines:,} rows against the register: {validate_s:.2f} s; "
            f"{len(report.rows):,} ready, {len(report.errors)} errors, "
            f"{len(report.warnings)} warnings, {report.new_parcels:,} new parcels, "
            f"{report.new_owners:,} new owners"
        )
        for problem in report.problems[:5]:
            print(f"    line {problem.line}, {problem.column}: {problem.level}: {problem.text}")
        validate_ok = validate_s < 5 and report.ok and len(report.rows) == len(rows)
        figures.append(
            Figure(
                f"validate {len(rows):,}-row import", f"{validate_s:.2f} s", "< 5 s", validate_ok
            )
        )

        def import_all() -> None:
            with desk.action(SYSTEM) as action:
                street_numbers_import.import_addresses(action, rows, source=xlsx.name)

        import_s = _timed(import_all)
        with database.reading() as session:
            after = session.scalar(select(func.count()).select_from(Address)) or 0
        print(
            f"  import {len(rows):,} rows in one action: {import_s:.2f} s; {after:,} addresses now"
        )
        figures.append(Figure(f"import {len(rows):,} rows", f"{import_s:.2f} s", "", None))
    finally:
        database.dispose()

    width = max(len(f.name) for f in figures)
    print()
    print(f"  {'figure':<{width}}  {'measured':>10}  {'target':>8}  result")
    for f in figures:
        verdict = "reported" if f.ok is None else ("PASS" if f.ok else "FAIL")
        print(f"  {f.name:<{width}}  {f.value:>10}  {f.target or 'none':>8}  {verdict}")
    return 0 if all(f.ok is not False for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
