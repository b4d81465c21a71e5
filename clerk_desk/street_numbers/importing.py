"""Importing an existing address list into the street numbering register (§ 506-16).

A city starts with its numbering map on paper or in a spreadsheet. :func:`validate_import` reads
such a list (rows keyed by the headings of their columns, as ``reports.excel.read_table`` reads
a CSV or Excel file) and reports every problem before anything is written: unknown streets,
blank parcels, duplicates, numbers on the wrong side, numbers out of order along the street. An
import with errors writes nothing; the Clerk fixes the file and tries again.
:func:`import_addresses` validates again inside the saving transaction and writes all of it or none.

Owners are matched by name the same way in both (:class:`_Owners`): the parcel's own owner, else
the first active party of that name, which the report warns about when that party owns other
parcels (two people may share a name: the Clerk decides); else a new party, a person unless the
optional "Owner kind" column says otherwise, added through :mod:`clerk_desk.parties`.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, InvalidInput
from clerk_desk.kinds import AddressStatus, BuildingKind, Compass, PartyKind
from clerk_desk.models import Address, AddressChange, Parcel, Party, Street
from clerk_desk.parties import ParcelData, PartyData, add_parcel, add_party
from clerk_desk.street_numbers import acts
from clerk_desk.street_numbers.addresses import address_search_text, address_text
from clerk_desk.street_numbers.assignment import set_site_address
from clerk_desk.street_numbers.rules import MAX_NUMBER, MAX_POSITION_FT
from clerk_desk.street_numbers.streets import parity_of, side_for, street_key, streets
from clerk_desk.text_search import fold
from clerk_desk.validation import max_length

COLUMNS = {
    "number": ("number", "house number", "street number", "no", "no."),
    "street": ("street", "street name"),
    "unit": ("unit", "apartment", "apt", "suite"),
    "parcel": ("parcel", "parcel number", "tax parcel", "pin"),
    "kind": ("kind", "building", "building kind", "type"),
    "owner": ("owner", "owner name"),
    "owner_kind": ("owner kind", "owner type", "kind of owner"),
    "side": ("side",),
    "position": ("position", "position ft", "position (ft)", "feet"),
    "assigned_on": ("assigned", "assigned on", "date assigned", "assigned date"),
    "assigned_by": ("assigned by", "by"),
    "notes": ("notes", "note", "remarks"),
}
REQUIRED = ("number", "street", "parcel")
_KINDS = {
    "": BuildingKind.PRINCIPAL,
    "principal": BuildingKind.PRINCIPAL,
    "principal building": BuildingKind.PRINCIPAL,
    "secondary": BuildingKind.SECONDARY,
    "secondary building": BuildingKind.SECONDARY,
    "accessory": BuildingKind.SECONDARY,
    "multiple dwelling": BuildingKind.MULTIPLE_DWELLING,
    "multiple_dwelling": BuildingKind.MULTIPLE_DWELLING,
    "apartment building": BuildingKind.MULTIPLE_DWELLING,
}
# What the optional "Owner kind" column may say of an owner the register does not know yet; a
# blank is a person. A public utility is not taken from a file: marking one waives the street
# opening bond (§ 506-6), which only those who file bonds may do, under People & Parcels.
_OWNER_KINDS = {
    "": PartyKind.PERSON,
    "person": PartyKind.PERSON,
    "individual": PartyKind.PERSON,
    "business": PartyKind.BUSINESS,
    "company": PartyKind.BUSINESS,
    "organization": PartyKind.ORGANIZATION,
    "organisation": PartyKind.ORGANIZATION,
    "government": PartyKind.GOVERNMENT,
}
_UTILITY = ("utility", "public utility")
_OWNER_NAME_LENGTH = max_length(Party.name) or 200
_SIDES = {c.value.lower(): c for c in Compass} | {c.label: c for c in Compass}
_DATES = (
    re.compile(r"^(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})$"),
    # Excel's dates as read_table gives them, with a time of day when the cell holds one
    re.compile(r"^(?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{4})( \d{1,2}:\d{2})?$"),
)
_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: "²".isdigit() is true, int("²") fails
Level = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class ImportProblem:
    line: int  # the line of the file; the headings are line 1
    column: str
    level: Level  # an error must be fixed; a warning is read and accepted
    text: str


@dataclass(frozen=True, slots=True)
class ImportRow:
    line: int
    number: int
    street: Street
    unit: str
    parcel_number: str
    kind: BuildingKind
    owner: str
    side: Compass
    position_ft: int | None
    assigned_on: date | None
    assigned_by: str
    notes: str
    owner_kind: PartyKind = PartyKind.PERSON  # for an owner the register does not know yet


@dataclass(slots=True)
class ImportReport:
    """What an import would do, found before anything is written."""

    rows: list[ImportRow] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)
    lines: int = 0  # lines of addresses read (blank lines are skipped)
    new_parcels: int = 0
    new_owners: int = 0
    new_owner_kinds: dict[PartyKind, int] = field(default_factory=dict)

    @property
    def errors(self) -> list[ImportProblem]:
        return [p for p in self.problems if p.level == "error"]

    @property
    def warnings(self) -> list[ImportProblem]:
        return [p for p in self.problems if p.level == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors


def column_map(headings: Sequence[object]) -> dict[str, int]:
    """Which column holds each field, by its heading in any usual wording."""
    found: dict[str, int] = {}
    for index, heading in enumerate(headings):
        words = " ".join(fold(str(heading or "")).replace("_", " ").split())
        for key, names in COLUMNS.items():
            if words in names and key not in found:
                found[key] = index
    return found


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, date):
        return value.isoformat()
    return " ".join(str(value).split())


def _date(text: str) -> date:
    for pattern in _DATES:
        match = pattern.match(text)
        if match:
            return date(int(match["y"]), int(match["m"]), int(match["d"]))
    raise ValueError(text)


def quoted(text: str) -> str:
    return f"\u201c{text}\u201d"


@dataclass(slots=True)
class _Line:
    """One line of the file as read, before it is checked against the register."""

    line: int
    cells: dict[str, str]
    problems: list[ImportProblem] = field(default_factory=list)

    def problem(self, column: str, text: str, level: Level = "error") -> None:
        self.problems.append(ImportProblem(self.line, column, level, text))

    @property
    def failed(self) -> bool:
        return any(p.level == "error" for p in self.problems)


class _Owners:
    """Who an owner named in a file is, the same way when the file is checked and when it is
    written: the parcel's own owner when the names agree; else the first active party of that
    name (one owner of many parcels is named on many lines); else someone new."""

    def __init__(self, session: Session) -> None:
        self.by_name: dict[str, int] = {}
        self.names: dict[int, str] = {}
        for party_id, name in session.execute(
            select(Party.id, Party.name).where(Party.active.is_(True)).order_by(Party.id)
        ):
            self.by_name.setdefault(fold(name), party_id)
            self.names[party_id] = name
        self.parcel_owner: dict[str, tuple[int, str]] = {}  # parcel -> (owner, folded name)
        self.parcels_of: dict[int, list[str]] = defaultdict(list)
        rows = session.execute(
            select(Parcel.parcel_number, Party.id, Party.name)
            .join(Party, Party.id == Parcel.owner_id)
            .order_by(Parcel.parcel_number)
        )
        for parcel, party_id, name in rows:
            self.parcel_owner[parcel] = (party_id, fold(name))
            self.parcels_of[party_id].append(parcel)

    def match(self, name: str, parcel: str) -> tuple[int | None, bool]:
        """The party the file's owner ``name`` (folded) on ``parcel`` is, or None for a new one;
        and whether it is the parcel's own owner."""
        own = self.parcel_owner.get(parcel)
        if own is not None and own[1] == name:
            return own[0], True
        return self.by_name.get(name), False


class _Register:
    """The register as it stands plus the lines accepted so far, to check each line against."""

    def __init__(self, session: Session) -> None:
        self.streets = {s.name_key: s for s in streets(session, include_inactive=True)}
        self.parcels = set(session.scalars(select(Parcel.parcel_number)))
        self.owners = _Owners(session)
        self.holder: dict[tuple[int, int], str] = {}  # (street, number) -> parcel
        self.taken: dict[tuple[int, int, str], str] = {}  # (street, number, unit) -> where
        self.numbered: set[str] = set()  # parcels whose principal building is numbered
        # (street, side) -> (position, number, line); line 0 is the register
        self.placed: dict[tuple[int, Compass], list[tuple[int, int, int]]] = defaultdict(list)
        rows = session.execute(
            select(
                Address.street_id,
                Address.number,
                Address.unit,
                Parcel.parcel_number,
                Address.side,
                Address.position_ft,
                Address.building_kind,
            )
            .join(Parcel, Parcel.id == Address.parcel_id)
            .where(Address.status == AddressStatus.ASSIGNED)
        )
        for street_id, number, unit, parcel, side, position, kind in rows:
            self.holder.setdefault((street_id, number), parcel)
            self.taken[(street_id, number, fold(unit))] = "the register"
            if kind != BuildingKind.SECONDARY:
                self.numbered.add(parcel)
            if position is not None:
                self.placed[(street_id, Compass(side))].append((position, number, 0))


def _read(line: _Line, register: _Register) -> ImportRow | None:
    """Check one line's fields and its place in the register; None if it has an error."""
    cells = line.cells
    number = _read_number(line)
    street = _read_street(line, register)
    parcel = _read_parcel(line)
    unit = cells["unit"]
    if len(unit) > 20:
        line.problem("Unit", "The unit is longer than 20 characters.")
    owner_kind = _owner_kind(line, register, parcel)
    kind = _read_kind(line)
    side = _read_side(line)
    position = _read_position(line)
    assigned_on = _read_assigned_on(line)
    if street is None or number is None:
        return None
    side = _check_side(line, street, number, side, given=bool(cells["side"]))
    _check_unique(line, register, street, number, unit, parcel)
    if kind is BuildingKind.SECONDARY and parcel in register.numbered:
        line.problem("Kind", "A secondary building on a numbered lot needs no number.", "warning")
    if line.failed or side is None or kind is None or owner_kind is None:
        return None
    if kind is not BuildingKind.SECONDARY:
        register.numbered.add(parcel)
    if position is not None:
        register.placed[(street.id, side)].append((position, number, line.line))
    return ImportRow(
        line.line,
        number,
        street,
        unit,
        parcel,
        kind,
        cells["owner"],
        side,
        position,
        assigned_on,
        cells["assigned_by"],
        cells["notes"],
        owner_kind,
    )


def _read_number(line: _Line) -> int | None:
    raw_number = line.cells["number"]
    number = _whole(raw_number, 1, MAX_NUMBER)
    if number is None:
        line.problem(
            "Number",
            f"{quoted(raw_number)} is not a street number (a whole number from 1 to "
            f"{MAX_NUMBER:,})."
            if raw_number
            else "The number is blank.",
        )
    return number


def _read_street(line: _Line, register: _Register) -> Street | None:
    raw_street = line.cells["street"]
    street = register.streets.get(street_key(raw_street)) if raw_street else None
    if street is None:
        line.problem(
            "Street",
            f"{quoted(raw_street)} is not a street in the register; add it "
            "under Streets or correct the spelling."
            if raw_street
            else "The street is blank.",
        )
    return street


def _read_parcel(line: _Line) -> str:
    parcel = line.cells["parcel"].upper()
    if not parcel:
        line.problem("Parcel", "The parcel number is blank: every address belongs to a parcel.")
    elif len(parcel) > 40:
        line.problem("Parcel", "The parcel number is longer than 40 characters.")
    return parcel


def _read_kind(line: _Line) -> BuildingKind | None:
    kind = _KINDS.get(fold(line.cells["kind"]))
    if kind is None:
        line.problem(
            "Kind",
            f"{quoted(line.cells['kind'])} is not a kind of building (principal, "
            "secondary or multiple dwelling).",
        )
    return kind


def _read_side(line: _Line) -> Compass | None:
    given = line.cells["side"]
    side = _SIDES.get(fold(given)) if given else None
    if given and side is None:
        line.problem("Side", f"{quoted(given)} is not a side (N, S, E or W).")
    return side


def _read_position(line: _Line) -> int | None:
    raw_position = line.cells["position"].replace(",", "")
    position = _whole(raw_position, 0, MAX_POSITION_FT)
    if raw_position and position is None:
        line.problem(
            "Position",
            f"{quoted(raw_position)} is not a position in whole feet (0 to {MAX_POSITION_FT:,}).",
        )
    return position


def _read_assigned_on(line: _Line) -> date | None:
    if not line.cells["assigned_on"]:
        return None
    try:
        return _date(line.cells["assigned_on"])
    except ValueError:
        line.problem(
            "Assigned",
            f"{quoted(line.cells['assigned_on'])} is not a date (YYYY-MM-DD or MM/DD/YYYY).",
        )
        return None


def _owner_kind(line: _Line, register: _Register, parcel: str) -> PartyKind | None:
    """The kind of party a new owner is added as (a person unless the file says otherwise);
    None when the line says something it cannot be."""
    owner, said = line.cells["owner"], fold(line.cells["owner_kind"])
    if len(owner) > _OWNER_NAME_LENGTH:
        line.problem("Owner", f"The owner's name is longer than {_OWNER_NAME_LENGTH} characters.")
        return None
    if said in _UTILITY:
        if owner and register.owners.match(fold(owner), parcel)[0] is None:
            line.problem(
                "Owner kind",
                "A public utility is added under People & Parcels, where its exemption from "
                "the street opening bond is decided (\u00a7 506-6); leave the owner kind blank "
                "or add the utility there first.",
            )
            return None
        return PartyKind.UTILITY
    kind = _OWNER_KINDS.get(said)
    if kind is None:
        line.problem(
            "Owner kind",
            f"{quoted(line.cells['owner_kind'])} is not a kind of owner (person, business, "
            "organization or government).",
        )
    return kind


def _whole(text: str, low: int, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``, or None."""
    if not _DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def _check_side(
    line: _Line, street: Street, number: int, side: Compass | None, *, given: bool
) -> Compass | None:
    parity = "odd" if number % 2 else "even"
    if not street.range_low <= number <= street.range_high:
        line.problem(
            "Number",
            f"{number} is outside {street.full_name}'s numbers, "
            f"{street.range_low} to {street.range_high}.",
            "warning",
        )
    if not given:
        return side_for(street, number)
    if side is None:
        return None
    if side not in (street.odd_side, Compass(street.odd_side).opposite):
        line.problem("Side", f"{street.full_name} has no {side.label} side.")
        return None
    if parity_of(street, side) != parity:
        line.problem(
            "Side",
            f"{number} is {parity}, but the {side.label} side of "
            f"{street.full_name} carries {parity_of(street, side)} numbers.",
        )
    return side


def _check_unique(
    line: _Line, register: _Register, street: Street, number: int, unit: str, parcel: str
) -> None:
    key = (street.id, number, fold(unit))
    holder = register.holder.get((street.id, number))
    if key in register.taken:
        shown = f"{number} {street.full_name}" + (f", {unit}" if unit else "")
        line.problem("Number", f"{shown} is already in {register.taken[key]}.")
    elif holder is not None and parcel and holder != parcel:
        line.problem(
            "Number",
            f"{number} {street.full_name} belongs to parcel {holder}; only "
            "units of one building share a number.",
        )
    elif parcel:
        register.taken[key] = f"line {line.line}"
        register.holder.setdefault((street.id, number), parcel)


def out_of_order(points: Sequence[tuple[int, int, int]]) -> set[int]:
    """The lines whose numbers break the order along the street: every point outside one
    longest run of numbers rising with position. ``points`` are (position, number, line).

    Line 0 is an address already in the register: it keeps its place, so the run kept is the
    one holding the most of the register's numbers, and then the most of the file's (a file
    whose lines agree with each other but not with the register is out of order, however many
    lines it has). A weighted longest rising run, in O(n log n) with a Fenwick tree of the best
    run ending below each number.
    """
    ordered = sorted(points)
    if not ordered:
        return set()
    heavy = len(ordered) + 1  # one number of the register outweighs every line of the file
    rank = {n: i for i, n in enumerate(sorted({n for _, n, _ in ordered}), start=1)}
    size = len(rank)
    tree_weight, tree_point = [0] * (size + 1), [-1] * (size + 1)
    weight, previous = [0] * len(ordered), [-1] * len(ordered)
    for i, (_, number, line) in enumerate(ordered):
        best, best_point = 0, -1
        k = rank[number] - 1  # runs ending with a lower number
        while k > 0:
            if tree_weight[k] > best:
                best, best_point = tree_weight[k], tree_point[k]
            k -= k & -k
        weight[i] = best + (heavy if line == 0 else 1)
        previous[i] = best_point
        k = rank[number]
        while k <= size:
            if weight[i] > tree_weight[k]:
                tree_weight[k], tree_point[k] = weight[i], i
            k += k & -k
    keep: set[int] = set()
    i = max(range(len(ordered)), key=weight.__getitem__)
    while i >= 0:
        keep.add(i)
        i = previous[i]
    return {ordered[i][2] for i in range(len(ordered)) if i not in keep}


PROGRESS_EVERY = 250  # lines checked, or written, between two calls of a progress callback


class ImportCancelled(ClerkDeskError):
    """The person stopped a check or an import: nothing was written (the action rolls back)."""


def validate_import(
    session: Session,
    rows: Sequence[Mapping[str, object]],
    progress: Callable[[int], bool] | None = None,
) -> ImportReport:
    """Report every problem in an address list, each row keyed by its column's heading (as
    :func:`reports.excel.read_table` reads a file; a row's ``row_number`` is its line).

    Errors: a number that is not a whole number, an unknown or blank street, a blank parcel, a
    number already in the register or twice in the file (units of one building excepted), an
    odd number on the even side or the reverse, a number out of order along the street, a
    field that cannot be read, an owner kind the import cannot take. Warnings: a number outside
    the street's range, a secondary building on a numbered lot, an owner's name that is already
    the owner of other parcels (once, at the first line naming them). Nothing is written.

    ``progress(lines_checked)`` is called as the lines are checked; when it returns False the
    check stops with :class:`ImportCancelled`.
    """
    report = ImportReport()
    if not rows:
        report.problems.append(ImportProblem(1, "", "error", "The file holds no addresses."))
        return report
    headings = list(rows[0].keys())
    columns = {key: headings[index] for key, index in column_map(headings).items()}
    missing = [key for key in REQUIRED if key not in columns]
    if missing:
        names = " or ".join(quoted(COLUMNS[key][0].title()) for key in missing)
        report.problems.append(
            ImportProblem(1, "", "error", f"The first row must name the columns; none is {names}.")
        )
        return report
    register = _Register(session)
    new_parcels: set[str] = set()
    new_owners: dict[str, PartyKind] = {}
    known_owners: dict[str, tuple[int, list[ImportRow]]] = {}  # owners of other parcels
    for index, values in enumerate(rows):
        if progress is not None and index % PROGRESS_EVERY == 0 and index and not progress(index):
            raise ImportCancelled("The check was stopped; nothing was written.")
        cells = {key: _text(values.get(columns[key])) if key in columns else "" for key in COLUMNS}
        if not any(cells.values()):
            continue
        report.lines += 1
        line = _Line(int(getattr(values, "row_number", index + 2)), cells)
        row = _read(line, register)
        report.problems.extend(line.problems)
        if row is None:
            continue
        report.rows.append(row)
        if row.parcel_number not in register.parcels:
            new_parcels.add(row.parcel_number)
        if row.owner:
            name = fold(row.owner)
            party_id, owns_it = register.owners.match(name, row.parcel_number)
            if party_id is None:
                new_owners.setdefault(name, row.owner_kind)
            elif not owns_it and register.owners.parcels_of.get(party_id):
                known_owners.setdefault(name, (party_id, []))[1].append(row)
    by_line = {row.line: row for row in report.rows}
    for (_, side), points in register.placed.items():
        for line_number in _out_of_order_lines(points):
            row = by_line[line_number]
            report.problems.append(
                ImportProblem(
                    line_number,
                    "Position",
                    "error",
                    f"{row.number} {row.street.full_name} is out of order along the {side.label} "
                    f"side at {row.position_ft} ft: numbers must rise along the street.",
                )
            )
    failed = {p.line for p in report.errors}
    report.rows = [row for row in report.rows if row.line not in failed]
    for party_id, lines in known_owners.values():
        report.problems.append(_owner_of_other_parcels(register.owners, party_id, lines))
    report.problems.sort(key=lambda p: (p.line, p.level != "error", p.column))
    report.new_parcels, report.new_owners = len(new_parcels), len(new_owners)
    report.new_owner_kinds = dict(Counter(new_owners.values()))
    return report


def _owner_of_other_parcels(owners: _Owners, party_id: int, rows: list[ImportRow]) -> ImportProblem:
    """The warning, once per owner at the first line naming them, that a name in the file is
    already the owner of other parcels: the lines will be recorded under that same party. Two
    people may share a name; the Clerk decides, and tells them apart in the file if need be."""
    name, owned = owners.names[party_id], owners.parcels_of[party_id]
    parcels = ", ".join(owned[:3]) + (f" and {len(owned) - 3:,} more" if len(owned) > 3 else "")
    first, others = rows[0], [row.line for row in rows[1:]]
    also = ""
    if others:
        listed = ", ".join(str(n) for n in others[:5]) + (", \u2026" if len(others) > 5 else "")
        also = f" (and line{'s' if len(others) > 1 else ''} {listed})"
    return ImportProblem(
        first.line,
        "Owner",
        "warning",
        f"{quoted(first.owner)} is already in the register as the owner of parcel"
        f"{'s' if len(owned) > 1 else ''} {parcels}: this line{also} will be recorded under "
        f"that same {name}. If the file means another person, tell them apart in the file "
        "(a middle initial, say) and check it again.",
    )


def _out_of_order_lines(points: Sequence[tuple[int, int, int]]) -> list[int]:
    """The file's lines out of order on one side of a street. The units of one building share
    a number: they count once, at the first position the register (else the file) gives it,
    and are flagged together."""
    groups: dict[int, list[tuple[int, int]]] = defaultdict(list)  # number -> (position, line)
    for position, number, line in points:
        groups[number].append((position, line))
    merged = []
    for number, group in groups.items():
        known = [position for position, line in group if line == 0]
        file_lines = sorted(line for _, line in group if line)
        where = min(known) if known else min(position for position, _ in group)
        merged.append((where, number, 0 if known else file_lines[0]))
    out = out_of_order(merged)
    flagged = [number for _, number, line in merged if line and line in out]
    return sorted(line for number in flagged for _, line in groups[number] if line)


def check_import(
    action: Action,
    rows: Sequence[Mapping[str, object]],
    progress: Callable[[int], bool] | None = None,
) -> ImportReport:
    """:func:`validate_import` inside the window's read-only action."""
    return validate_import(action.session, rows, progress)


def import_addresses(
    action: Action,
    rows: Sequence[Mapping[str, object]],
    *,
    source: str,
    progress: Callable[[int], bool] | None = None,
) -> ImportReport:
    """Write an address list to the register: all of it, or nothing if any line has an error.

    Parcels and owners not yet in the register are added through the register of parties
    (:func:`clerk_desk.parties.add_party`, :func:`~clerk_desk.parties.add_parcel`), with their
    checks and their audit events: an owner as a person unless the file's "Owner kind" says
    otherwise. An owner is the one :class:`_Owners` finds, as the validation report said. Each
    address's history says which file and line it came from.

    ``progress(lines_written)`` is called as the lines are written (a 20,000-line file takes a
    while); when it returns False the import stops with :class:`ImportCancelled` and nothing is
    written.
    """
    acts.allow_on_register(action, acts.RegisterAct.IMPORT)
    session = action.session
    # Every street is locked while the file is checked and written, so that no station assigns
    # a number in between (see street_numbers.lock_street).
    session.execute(select(Street.id).with_for_update()).all()
    report = validate_import(session, rows)
    if not report.ok:
        first = report.errors[0]
        raise InvalidInput(
            f"The file has {len(report.errors)} error(s); nothing was imported. "
            f"Line {first.line}: {first.text}",
            field="file",
        )
    if not report.rows:
        raise InvalidInput("The file holds no addresses.", field="file")
    known = _Owners(session)
    parcels = {p.parcel_number: p for p in session.scalars(select(Parcel))}
    people = {p.id: p for p in session.scalars(select(Party).where(Party.active.is_(True)))}
    added_owners: dict[str, Party] = {}
    today, name = action.today(), source.strip() or "an address list"
    added: list[Address] = []
    # The file was checked against the register under the street locks: nothing the loop adds
    # needs flushing before the next query (each party and parcel added flushes itself for its
    # audit event), so autoflush would only double the round trips of a 20,000-line file.
    with session.no_autoflush:
        for done, row in enumerate(report.rows, start=1):
            if progress is not None and done % PROGRESS_EVERY == 0 and not progress(done):
                raise ImportCancelled("The import was cancelled: nothing was written.")
            added.append(_write(action, row, known, parcels, people, added_owners, today))
    session.add_all(added)
    session.flush()
    now = action.now()
    session.add_all(
        AddressChange(
            address_id=address.id,
            at=now,
            operator_id=action.operator.id or None,
            operator_name=action.operator.full_name,
            what="imported",
            new_value=address_text(address),
            reason=f"Imported from {name}, line {row.line}",
        )
        for address, row in zip(added, report.rows, strict=True)
    )
    action.audit(
        "address.import",
        ("address", "import"),
        f"{len(added)} addresses imported from {name} ({report.new_parcels} new parcels, "
        f"{report.new_owners} new owners)",
    )
    return report


def _write(
    action: Action,
    row: ImportRow,
    known: _Owners,
    parcels: dict[str, Parcel],
    people: dict[int, Party],
    added_owners: dict[str, Party],
    today: date,
) -> Address:
    """One line of the file as an address (not yet added to the session), with its owner and
    its parcel found or added."""
    session = action.session
    owner = None
    if row.owner:
        key = fold(row.owner)
        party_id, _ = known.match(key, row.parcel_number)
        if party_id is not None:
            owner = people.get(party_id) or session.get(Party, party_id)
        else:
            owner = added_owners.get(key)
            if owner is None:
                owner = add_party(action, PartyData(kind=row.owner_kind, name=row.owner))
                added_owners[key] = owner
    parcel = parcels.get(row.parcel_number)
    if parcel is None:
        parcel = add_parcel(
            action,
            ParcelData(
                parcel_number=row.parcel_number,
                # a building of units is found by its parcel number until it has an address
                site_address="" if row.unit else f"{row.number} {row.street.full_name}",
                owner_id=owner.id if owner is not None else None,
            ),
        )
        parcels[row.parcel_number] = parcel
    address = Address(
        street=row.street,
        number=row.number,
        unit=row.unit,
        parcel=parcel,
        building_kind=row.kind,
        owner=owner or parcel.owner,
        status=AddressStatus.ASSIGNED,
        side=row.side,
        position_ft=row.position_ft,
        assigned_on=row.assigned_on or today,
        assigned_by_name=(row.assigned_by or f"Imported by {action.operator.full_name}")[:120],
        notes=row.notes,
    )
    address.search_text = address_search_text(address)
    if not row.unit and not parcel.site_address:
        set_site_address(parcel, address_text(address))
    return address
