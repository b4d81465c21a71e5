"""Importing an existing address list (§ 506-16): every kind of error is reported on its own line
of the file before anything is written, warnings do not block, a file with any error writes
nothing, and a clean file is written whole with its history."""

from __future__ import annotations

import csv
import itertools
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import Workbook
from sqlalchemy import func, select

from clerk_desk import parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput, PermissionDenied
from clerk_desk.kinds import BuildingKind, Compass, PartyKind, Role
from clerk_desk.models import Address, AddressChange, AuditEvent, Parcel, Party
from clerk_desk.parties import ParcelData, PartyData
from clerk_desk.street_numbers import addresses as street_addresses
from clerk_desk.street_numbers import assignment, streets
from clerk_desk.street_numbers import importing as street_numbers_import
from clerk_desk.street_numbers.assignment import AssignmentData
from clerk_desk.street_numbers.importing import (
    ImportCancelled,
    ImportProblem,
    ImportReport,
    import_addresses,
    out_of_order,
    validate_import,
)
from clerk_desk.street_numbers.streets import StreetData
from reports.excel import read_table

Rows = list[dict[str, str]]


def table(text: str) -> Rows:
    """Rows keyed by heading from a table written as in the file, one line a row, cells between
    bars; the heading is line 1 and an empty line still counts, as in a spreadsheet."""
    lines = text.strip("\n").splitlines()
    headings = [cell.strip() for cell in lines[0].split("|")]
    return [
        dict(zip(headings, (cell.strip() for cell in line.split("|")), strict=False))
        if line.strip()
        else dict.fromkeys(headings, "")
        for line in lines[1:]
    ]


@pytest.fixture
def register(desk: Desk, admin: SignedIn) -> dict[str, int]:
    """Broad St N (odd numbers on the east side, rising northward, 100 to 199) with 111 at
    100 ft on parcel 281-00111-0000 of Anna Berg, and Orange St (odd on the north side, rising
    eastward, 100 to 199), empty."""
    with desk.action(admin) as action:
        broad = streets.add_street(
            action,
            StreetData(
                name="Broad",
                suffix="St",
                direction="N",
                odd_side=Compass.EAST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=199,
            ),
        )
        orange = streets.add_street(
            action,
            StreetData(
                name="Orange",
                suffix="St",
                odd_side=Compass.NORTH,
                increases_toward=Compass.EAST,
                range_low=100,
                range_high=199,
            ),
        )
        berg = parties.add_party(action, PartyData(kind=PartyKind.PERSON, name="Anna Berg"))
        lot = parties.add_parcel(
            action, ParcelData(parcel_number="281-00111-0000", owner_id=berg.id)
        )
        assignment.assign_number(
            action,
            AssignmentData(
                street_id=broad,
                number=111,
                parcel_id=lot.id,
                side=Compass.EAST,
                position_ft=100,
            ),
        )
        return {"broad": broad, "orange": orange, "lot_111": lot.id}


def _validate(desk: Desk, rows: Any) -> ImportReport:
    with desk.database.reading() as session:
        return validate_import(session, rows)


def _errors(report: ImportReport) -> list[tuple[int, str, str]]:
    return [(p.line, p.column, p.text) for p in report.errors]


def _counts(desk: Desk) -> tuple[int, int, int, int, int]:
    with desk.database.reading() as session:
        return (
            session.scalar(select(func.count()).select_from(Address)) or 0,
            session.scalar(select(func.count()).select_from(AddressChange)) or 0,
            session.scalar(select(func.count()).select_from(Parcel)) or 0,
            session.scalar(select(func.count()).select_from(Party)) or 0,
            session.scalar(select(func.count()).select_from(AuditEvent)) or 0,
        )


def _import(desk: Desk, who: SignedIn, rows: Any, source: str = "addresses.xlsx") -> ImportReport:
    with desk.action(who) as action:
        return import_addresses(action, rows, source=source)


# -- every kind of error, each on its line ------------------------------------------------------

EVERY_ERROR = table(
    """
Number | Street     | Parcel    | Side | Position | Assigned
111    | Broad St N | 281-0999  |      |          |
121    | Broad St N | 281-0121  |      | 200      | 2019-05-14
121    | Broad St N | 281-0122  |      |          |
123    | Broad St N | 281-0123  | W    |          |
105    | Broad St N | 281-0105  |      | 250      |
119    | Elm St     | 281-0119  |      |          |
125    | Broad St N |           |      |          |
12A    | Broad St N | 281-012A  |      |          |
129    | Broad St N | 281-0129  |      |          | 2026-02-30
133    | Broad St N | 281-0133  | up   |          |
135    | Broad St N | 281-0135  |      | 3OO      |
131    | Broad St N | 281-0131  |      | 300      | 05/14/2019
"""
)


def test_an_import_file_with_each_kind_of_error_reports_each_on_its_line(
    desk: Desk, register: dict[str, int]
) -> None:
    report = _validate(desk, EVERY_ERROR)
    assert not report.ok
    assert _errors(report) == [
        (2, "Number", "111 Broad St N is already in the register."),
        (4, "Number", "121 Broad St N is already in line 3."),
        (5, "Side", "123 is odd, but the west side of Broad St N carries even numbers."),
        (
            6,
            "Position",
            "105 Broad St N is out of order along the east side at 250 ft: numbers must rise "
            "along the street.",
        ),
        (
            7,
            "Street",
            "\u201cElm St\u201d is not a street in the register; add it under Streets or correct "
            "the spelling.",
        ),
        (8, "Parcel", "The parcel number is blank: every address belongs to a parcel."),
        (9, "Number", "\u201c12A\u201d is not a street number (a whole number from 1 to 999,999)."),
        (10, "Assigned", "\u201c2026-02-30\u201d is not a date (YYYY-MM-DD or MM/DD/YYYY)."),
        (11, "Side", "\u201cup\u201d is not a side (N, S, E or W)."),
        (12, "Position", "\u201c3OO\u201d is not a position in whole feet (0 to 200,000)."),
    ]
    assert report.warnings == []
    assert report.lines == 12
    # Only the good lines would be written.
    assert [(r.line, r.number, r.assigned_on) for r in report.rows] == [
        (3, 121, date(2019, 5, 14)),
        (13, 131, date(2019, 5, 14)),
    ]


def test_a_file_with_an_error_writes_nothing(
    desk: Desk, clerk: SignedIn, register: dict[str, int]
) -> None:
    before = _counts(desk)
    with pytest.raises(InvalidInput) as refused:
        _import(desk, clerk, EVERY_ERROR)
    assert refused.value.field == "file"
    assert refused.value.message == (
        "The file has 10 error(s); nothing was imported. Line 2: 111 Broad St N is already in "
        "the register."
    )
    assert _counts(desk) == before
    # One error among good lines is enough to write nothing.
    one_bad = table(
        """
Number | Street     | Parcel   | Owner
121    | Broad St N | 281-0121 | Ole Hansen
123    | Elm St     | 281-0123 | Ole Hansen
"""
    )
    with pytest.raises(InvalidInput):
        _import(desk, clerk, one_bad)
    assert _counts(desk) == before


@pytest.mark.parametrize(
    "number", ["0", "-5", "12.5", "1e3", "\u00b2", "1000000", "12 A", "twelve"]
)
def test_a_number_that_is_not_a_street_number_is_an_error(
    desk: Desk, register: dict[str, int], number: str
) -> None:
    report = _validate(desk, [{"Number": number, "Street": "Broad St N", "Parcel": "281-1"}])
    [error] = report.errors
    assert (error.line, error.column) == (2, "Number")
    assert error.text.startswith(f"\u201c{number}\u201d is not a street number")
    assert report.rows == []


@pytest.mark.parametrize("position", ["-1", "12.5", "200001", "²"])
def test_a_position_that_is_not_whole_feet_is_an_error(
    desk: Desk, register: dict[str, int], position: str
) -> None:
    rows = [{"Number": "121", "Street": "Broad St N", "Parcel": "281-1", "Position": position}]
    [error] = _validate(desk, rows).errors
    assert (error.line, error.column) == (2, "Position")


def test_a_position_with_a_thousands_separator_is_read(
    desk: Desk, register: dict[str, int]
) -> None:
    rows = [{"Number": "121", "Street": "Broad St N", "Parcel": "281-1", "Position": "1,200"}]
    [row] = _validate(desk, rows).rows
    assert row.position_ft == 1200


@pytest.mark.parametrize(
    ("headings", "missing"),
    [
        (("Number", "Street", "Owner"), "\u201cParcel\u201d"),
        (("Street", "Parcel"), "\u201cNumber\u201d"),
        (("Address", "Owner"), "\u201cNumber\u201d or \u201cStreet\u201d or \u201cParcel\u201d"),
    ],
)
def test_a_file_without_a_required_column_is_refused_at_line_1(
    desk: Desk, register: dict[str, int], headings: tuple[str, ...], missing: str
) -> None:
    report = _validate(desk, [dict.fromkeys(headings, "121")])
    assert report.problems == [
        ImportProblem(1, "", "error", f"The first row must name the columns; none is {missing}.")
    ]
    assert report.rows == []


def test_usual_wordings_of_the_headings_are_understood(
    desk: Desk, register: dict[str, int]
) -> None:
    rows = table(
        """
House Number | Street Name | Apt   | PIN      | Building Kind     | Owner Name | Position (ft) | Date Assigned | Assigned By  | Remarks
141          | broad st n  | Apt 1 | 281-0141 | Multiple Dwelling | Lund LLC   | 400           | 6/1/2020      | R. Inspector | Rear entry
"""  # noqa: E501
    )
    report = _validate(desk, rows)
    assert report.problems == []
    [row] = report.rows
    assert (
        row.number,
        row.street.full_name,
        row.unit,
        row.parcel_number,
        row.kind,
        row.owner,
        row.side,
        row.position_ft,
        row.assigned_on,
        row.assigned_by,
        row.notes,
    ) == (
        141,
        "Broad St N",
        "Apt 1",
        "281-0141",
        BuildingKind.MULTIPLE_DWELLING,
        "Lund LLC",
        Compass.EAST,
        400,
        date(2020, 6, 1),
        "R. Inspector",
        "Rear entry",
    )


def test_an_empty_file_is_refused(desk: Desk, clerk: SignedIn, register: dict[str, int]) -> None:
    assert _errors(_validate(desk, [])) == [(1, "", "The file holds no addresses.")]
    blank_lines = [dict.fromkeys(("Number", "Street", "Parcel"), "")] * 2
    report = _validate(desk, blank_lines)
    assert (report.ok, report.lines, report.rows) == (True, 0, [])
    with pytest.raises(InvalidInput) as refused:
        _import(desk, clerk, blank_lines)
    assert refused.value.message == "The file holds no addresses."


# -- duplicates ---------------------------------------------------------------------------------


def test_duplicates_within_the_file_and_with_the_register(
    desk: Desk, register: dict[str, int]
) -> None:
    rows = table(
        """
Number | Street     | Unit  | Parcel         | Kind
111    | Broad St N |       | 281-00111-0000 |
111    | Broad St N | Apt 2 | 281-00111-0000 | multiple dwelling
141    | Broad St N | Apt 1 | 281-0141       | multiple dwelling
141    | Broad St N | apt 1 | 281-0141       | multiple dwelling
141    | Broad St N | Apt 2 | 281-0141       | multiple dwelling
141    | Broad St N | Apt 3 | 281-0999       | multiple dwelling
"""
    )
    assert _errors(_validate(desk, rows)) == [
        (2, "Number", "111 Broad St N is already in the register."),
        (5, "Number", "141 Broad St N, apt 1 is already in line 4."),
        (
            7,
            "Number",
            "141 Broad St N belongs to parcel 281-0141; only units of one building share a number.",
        ),
    ]


# -- the order along the street -----------------------------------------------------------------


def test_the_longest_rising_run_is_kept_and_the_others_flagged(
    desk: Desk, register: dict[str, int]
) -> None:
    rows = table(
        """
Number | Street    | Parcel | Position
101    | Orange St | A      | 0
103    | Orange St | B      | 50
125    | Orange St | C      | 100
107    | Orange St | D      | 150
109    | Orange St | E      | 200
105    | Orange St | F      | 250
113    | Orange St | G      | 300
"""
    )
    report = _validate(desk, rows)
    assert [(p.line, p.column) for p in report.errors] == [(4, "Position"), (7, "Position")]
    assert report.errors[0].text == (
        "125 Orange St is out of order along the north side at 100 ft: numbers must rise "
        "along the street."
    )
    assert [r.number for r in report.rows] == [101, 103, 107, 109, 113]


def test_the_register_keeps_its_order_against_the_file(
    desk: Desk, register: dict[str, int]
) -> None:
    # 111 is at 100 ft in the register: 103 and 105 beyond it are out of order, however many.
    rows = table(
        """
Number | Street     | Parcel | Position
103    | Broad St N | B      | 150
105    | Broad St N | C      | 160
121    | Broad St N | D      | 200
"""
    )
    report = _validate(desk, rows)
    assert [(p.line, p.column) for p in report.errors] == [(2, "Position"), (3, "Position")]
    assert [r.number for r in report.rows] == [121]


def test_the_units_of_one_building_out_of_order_are_all_flagged(
    desk: Desk, register: dict[str, int]
) -> None:
    rows = table(
        """
Number | Street     | Unit  | Parcel | Kind              | Position
141    | Broad St N | Apt 1 | F      | multiple dwelling | 50
141    | Broad St N | Apt 2 | F      | multiple dwelling | 50
121    | Broad St N |       | D      |                   | 200
"""
    )
    report = _validate(desk, rows)
    assert [(p.line, p.column) for p in report.errors] == [(2, "Position"), (3, "Position")]


def test_numbers_without_a_position_and_on_the_other_side_are_not_ordered(
    desk: Desk, register: dict[str, int]
) -> None:
    rows = table(
        """
Number | Street     | Parcel | Position
101    | Broad St N | A      |
102    | Broad St N | B      | 20
110    | Broad St N | C      | 500
104    | Broad St N | D      | 550
106    | Broad St N | E      | 600
"""
    )
    report = _validate(desk, rows)
    # 101 has no place; the even numbers are on the west side, where 110 breaks the order
    # (111 at 100 ft on the east side does not count).
    assert [(p.line, p.column) for p in report.errors] == [(4, "Position")]


def test_out_of_order_finds_one_longest_rising_run() -> None:
    assert out_of_order([]) == set()
    assert out_of_order([(0, 101, 2), (10, 103, 3), (20, 105, 4)]) == set()
    assert out_of_order([(0, 101, 2), (10, 99, 3), (20, 105, 4)]) == {3}
    # The same number twice is not rising; the register (line 0) keeps its place.
    assert out_of_order([(0, 101, 0), (10, 101, 3)]) == {3}
    assert out_of_order([(0, 111, 0), (10, 103, 2), (20, 105, 3)]) == {2, 3}
    # Points arrive in any order; positions decide.
    assert out_of_order([(20, 105, 4), (0, 101, 2), (10, 150, 3), (30, 107, 5)]) == {3}


def _rising(points: list[tuple[int, int, int]]) -> bool:
    numbers = [number for _, number, _ in sorted(points)]
    return all(a < b for a, b in itertools.pairwise(numbers))


@given(
    st.lists(st.tuples(st.integers(0, 6), st.integers(1, 8), st.booleans()), min_size=1, max_size=8)
)
def test_out_of_order_keeps_a_longest_run_with_the_most_of_the_register(
    raw: list[tuple[int, int, bool]],
) -> None:
    """Against every subset of the points: the run kept holds as many of the register's
    numbers as any rising run can, then as many of the file's lines."""
    points = [(p, n, 0 if known else line) for line, (p, n, known) in enumerate(raw, start=2)]
    flagged = out_of_order(points)
    kept_file = [pt for pt in points if pt[2] and pt[2] not in flagged]
    assert _rising(kept_file)
    best = max(
        (sum(1 for pt in chain if not pt[2]), sum(1 for pt in chain if pt[2]))
        for size in range(len(points) + 1)
        for chain in itertools.combinations(points, size)
        if _rising(list(chain))
    )
    assert len(kept_file) == best[1]
    assert (0 in flagged) == (best[0] < sum(1 for pt in points if not pt[2]))


# -- warnings -----------------------------------------------------------------------------------


def test_warnings_do_not_block(desk: Desk, clerk: SignedIn, register: dict[str, int]) -> None:
    rows = table(
        """
Number | Street     | Parcel         | Kind      | Position
201    | Broad St N | 281-0201       |           | 900
113    | Broad St N | 281-00111-0000 | secondary | 120
"""
    )
    report = _validate(desk, rows)
    assert report.ok
    assert [(p.line, p.column, p.level, p.text) for p in report.problems] == [
        (2, "Number", "warning", "201 is outside Broad St N's numbers, 100 to 199."),
        (3, "Kind", "warning", "A secondary building on a numbered lot needs no number."),
    ]
    assert [r.number for r in report.rows] == [201, 113]
    _import(desk, clerk, rows)
    assert [a.number for a in _register(desk)] == [111, 113, 201]


def _register(desk: Desk) -> list[Address]:
    with desk.database.reading() as session:
        return street_addresses.register(session)


# -- a clean file -------------------------------------------------------------------------------

CLEAN = table(
    """
Number | Street             | Unit  | Parcel         | Kind              | Owner          | Position | Assigned
121    | Broad Street North |       | 281-0121       | principal         | Ole Hansen     | 200      | 2019-05-14
131    | Broad St N         |       | 281-0131       |                   | ole hansen     | 300      |
110    | Broad St N         |       | 281-0110       |                   |                | 100      |
141    | Broad St N         | Apt 1 | 281-0141       | multiple dwelling | Lund Flats LLC | 400      |
141    | Broad St N         | Apt 2 | 281-0141       | multiple dwelling | Lund Flats LLC | 400      |
101    | Orange St          |       | 281-00111-0000 |                   | Anna Berg      |          |
"""  # noqa: E501
)


def test_a_clean_file_is_written_whole_with_its_history_and_one_audit_event(
    desk: Desk, clerk: SignedIn, register: dict[str, int]
) -> None:
    addresses, changes, parcels, people, events = _counts(desk)
    report = _import(desk, clerk, CLEAN, source="numbering map 1998.xlsx")
    assert report.ok
    assert (report.lines, len(report.rows), report.new_parcels, report.new_owners) == (6, 6, 4, 2)
    # One audit event for the import, and one for each party and parcel it added.
    assert _counts(desk) == (addresses + 6, changes + 6, parcels + 4, people + 2, events + 7)
    with desk.database.reading() as session:
        written = {
            street_addresses.address_text(a): a
            for a in street_addresses.register(session)
            if a.parcel.parcel_number != "281-00111-0000" or a.street.name == "Orange"
        }
        assert sorted(written) == [
            "101 Orange St",
            "110 Broad St N",
            "121 Broad St N",
            "131 Broad St N",
            "141 Broad St N, Apt 1",
            "141 Broad St N, Apt 2",
        ]
        first = written["121 Broad St N"]
        assert (first.assigned_on, first.assigned_by_name, first.side, first.position_ft) == (
            date(2019, 5, 14),
            "Imported by Test Clerk",
            Compass.EAST,
            200,
        )
        assert written["131 Broad St N"].assigned_on == date(2026, 11, 30)  # no date: today
        # One owner however the file spells the name; an owner already known is reused.
        hansen = {written[t].owner_id for t in ("121 Broad St N", "131 Broad St N")}
        assert len(hansen) == 1
        assert written["110 Broad St N"].owner_id is None
        assert written["101 Orange St"].parcel_id == register["lot_111"]
        owner = written["101 Orange St"].owner
        assert owner is not None and owner.name == "Anna Berg"
        assert [
            (c.what, c.new_value, c.reason, c.operator_name)
            for c in street_addresses.history(session, written["141 Broad St N, Apt 2"].id)
        ] == [
            (
                "imported",
                "141 Broad St N, Apt 2",
                "Imported from numbering map 1998.xlsx, line 6",
                "Test Clerk",
            )
        ]
        [event] = session.scalars(select(AuditEvent).where(AuditEvent.action == "address.import"))
        assert event.summary == (
            "6 addresses imported from numbering map 1998.xlsx (4 new parcels, 2 new owners)"
        )
        # New parcels carry their address and are found in the register of parcels, a
        # building of flats by its parcel number although its first line was a unit.
        flats = parties.search_parcels(session, "281-0141")
        assert [(p.parcel_number, p.site_address) for p in flats] == [("281-0141", "")]
        assert [p.site_address for p in parties.search_parcels(session, "281-0121")] == [
            "121 Broad St N"
        ]
        assert [p.parcel_number for p in parties.search_parcels(session, "121 broad")] == [
            "281-0121"
        ]
        assert street_addresses.official_number(session, "281-0141") == "141 Broad St N"
        assert [a.number for a in street_addresses.search_addresses(session, "lund")] == [141, 141]


def test_new_owners_and_parcels_are_added_through_the_register_of_parties(
    desk: Desk, clerk: SignedIn, register: dict[str, int]
) -> None:
    """As if the Clerk had added them under People & Parcels: checked, audited, findable."""
    report = _import(desk, clerk, CLEAN)
    assert report.new_owner_kinds == {PartyKind.PERSON: 2}
    with desk.database.reading() as session:
        created = [
            (e.action, e.summary, e.operator_name)
            for e in session.scalars(
                select(AuditEvent)
                .where(
                    AuditEvent.action.in_(("party.create", "parcel.create")),
                    AuditEvent.operator_name == "clerk",
                )
                .order_by(AuditEvent.id)
            )
        ]
        assert created == [
            ("party.create", "Ole Hansen added", "clerk"),
            ("parcel.create", "Parcel 281-0121 added", "clerk"),
            ("parcel.create", "Parcel 281-0131 added", "clerk"),
            ("parcel.create", "Parcel 281-0110 added", "clerk"),
            ("party.create", "Lund Flats LLC added", "clerk"),
            ("parcel.create", "Parcel 281-0141 added", "clerk"),
        ]
        [hansen] = parties.search_parties(session, "hansen")
        assert (hansen.name, hansen.kind, hansen.active) == ("Ole Hansen", PartyKind.PERSON, True)
        assert [p.parcel_number for p in parties.parcels_of(session, hansen.id)] == [
            "281-0121",
            "281-0131",
        ]


OWNER_KINDS = table(
    """
Number | Street     | Parcel   | Owner             | Owner kind
121    | Broad St N | 281-0121 | Lund Flats LLC    | Business
131    | Broad St N | 281-0131 | St. Joseph Parish | organization
141    | Broad St N | 281-0141 | Kari Lund         |
151    | Broad St N | 281-0151 | Village of Ellis  | government
161    | Broad St N | 281-0161 | Kari Lund         | person
"""
)


def test_the_owner_kind_column_says_what_a_new_owner_is(
    desk: Desk, clerk: SignedIn, register: dict[str, int]
) -> None:
    report = _validate(desk, OWNER_KINDS)
    assert report.problems == []
    assert report.new_owner_kinds == {
        PartyKind.BUSINESS: 1,
        PartyKind.ORGANIZATION: 1,
        PartyKind.PERSON: 1,
        PartyKind.GOVERNMENT: 1,
    }
    _import(desk, clerk, OWNER_KINDS)
    with desk.database.reading() as session:
        kinds = {p.name: p.kind for p in parties.search_parties(session, "")}
    assert kinds == {
        "Anna Berg": PartyKind.PERSON,
        "Lund Flats LLC": PartyKind.BUSINESS,
        "St. Joseph Parish": PartyKind.ORGANIZATION,
        "Kari Lund": PartyKind.PERSON,
        "Village of Ellis": PartyKind.GOVERNMENT,
    }


def test_an_owner_kind_the_import_cannot_take_is_an_error(
    desk: Desk, register: dict[str, int]
) -> None:
    rows = table(
        """
Number | Street     | Parcel   | Owner           | Owner kind
121    | Broad St N | 281-0121 | Lund Flats LLC  | landlord
131    | Broad St N | 281-0131 | Pierce Electric | public utility
"""
    )
    rows.append({"Number": "141", "Street": "Broad St N", "Parcel": "281-0141", "Owner": "X" * 201})
    report = _validate(desk, rows)
    assert [(p.line, p.column, p.level) for p in report.problems] == [
        (2, "Owner kind", "error"),
        (3, "Owner kind", "error"),
        (4, "Owner", "error"),
    ]
    assert report.problems[0].text == (
        "\u201clandlord\u201d is not a kind of owner (person, business, organization or "
        "government)."
    )
    assert report.problems[1].text.startswith("A public utility is added under People & Parcels")
    assert report.problems[2].text == "The owner's name is longer than 200 characters."


def test_an_owner_of_another_parcel_is_reused_with_a_warning_once(
    desk: Desk, admin: SignedIn, clerk: SignedIn, register: dict[str, int]
) -> None:
    """Two people may share a name: the Clerk reads which lines will go to the Anna Berg of
    parcel 281-00111-0000, and tells them apart in the file if she is someone else."""
    rows = table(
        """
Number | Street     | Parcel         | Owner
101    | Orange St  | 281-00111-0000 | Anna Berg
121    | Broad St N | 281-0121       | anna berg
131    | Broad St N | 281-0131       | Anna Berg
"""
    )
    report = _validate(desk, rows)
    assert report.ok and report.new_owners == 0
    assert [(p.line, p.column, p.level, p.text) for p in report.problems] == [
        (
            3,
            "Owner",
            "warning",
            "\u201canna berg\u201d is already in the register as the owner of parcel "
            "281-00111-0000: this line (and line 4) will be recorded under that same Anna Berg. "
            "If the file means another person, tell them apart in the file (a middle initial, "
            "say) and check it again.",
        )
    ]
    people = _counts(desk)[3]
    _import(desk, clerk, rows)
    assert _counts(desk)[3] == people
    with desk.database.reading() as session:
        owners = {
            a.owner.name if a.owner else ""
            for a in street_addresses.search_addresses(session, "berg")
        }
    assert owners == {"Anna Berg"}


def test_an_inactive_party_of_the_same_name_is_not_the_owner(
    desk: Desk, admin: SignedIn, clerk: SignedIn, register: dict[str, int]
) -> None:
    with desk.action(admin) as action:
        gone = parties.add_party(action, PartyData(kind=PartyKind.PERSON, name="Ole Hansen"))
        action.session.flush()
        parties.set_party_active(action, gone.id, False)
        gone_id = gone.id
    rows = table(
        """
Number | Street     | Parcel   | Owner
121    | Broad St N | 281-0121 | Ole Hansen
"""
    )
    report = _validate(desk, rows)
    assert (report.new_owners, report.problems) == (1, [])
    _import(desk, clerk, rows)
    with desk.database.reading() as session:
        [address] = street_addresses.find_address(session, "121 Broad St N")
        assert address.owner_id not in (None, gone_id)


def test_imported_addresses_owe_no_letter_until_renumbered(
    desk: Desk, admin: SignedIn, clerk: SignedIn, register: dict[str, int]
) -> None:
    """The old map's numbers were posted long ago: no "letter not printed" flag for them."""
    _import(desk, clerk, CLEAN)
    with desk.database.reading() as session:
        [address] = street_addresses.find_address(session, "121 Broad St N")
        assert address.letter_printed_on is None
        assert not street_addresses.letter_due(session, address)
        address_id = address.id
    with desk.action(admin) as action:
        address = street_addresses.get_address(action.session, address_id)
        assignment.change_address(
            action,
            address_id,
            assignment.AddressEdit(
                number=123,
                unit="",
                building_kind=address.building_kind,
                side=address.side,
                position_ft=address.position_ft,
                owner_id=address.owner_id,
            ),
            reason="Renumbered with the lot split",
        )
    with desk.database.reading() as session:
        assert street_addresses.letter_due(
            session, street_addresses.get_address(session, address_id)
        )


def test_an_import_reports_its_progress_and_a_cancel_writes_nothing(
    desk: Desk, clerk: SignedIn, register: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(street_numbers_import, "PROGRESS_EVERY", 10)
    rows = [
        {"Number": str(number), "Street": "Orange St", "Parcel": f"281-O{number}"}
        for number in range(101, 200, 2)
    ]
    assert len(rows) == 50
    before = _counts(desk)
    seen: list[int] = []

    def cancel_at(last: int) -> Callable[[int], bool]:
        def progress(done: int) -> bool:
            seen.append(done)
            return done < last

        return progress

    with pytest.raises(ImportCancelled) as cancelled, desk.action(clerk) as action:
        import_addresses(action, rows, source="map.csv", progress=cancel_at(30))
    assert cancelled.value.message == "The import was cancelled: nothing was written."
    assert seen == [10, 20, 30]
    assert _counts(desk) == before
    seen.clear()
    with desk.action(clerk) as action:
        report = import_addresses(action, rows, source="map.csv", progress=cancel_at(51))
    assert seen == [10, 20, 30, 40, 50]
    assert len(report.rows) == 50
    assert _counts(desk)[0] == before[0] + 50


def test_a_check_reports_its_progress_and_a_cancel_stops_it(
    desk: Desk, register: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(street_numbers_import, "PROGRESS_EVERY", 10)
    rows = [
        {"Number": str(number), "Street": "Orange St", "Parcel": f"281-O{number}"}
        for number in range(101, 200, 2)
    ]
    seen: list[int] = []

    def cancel_at(last: int) -> Callable[[int], bool]:
        def progress(done: int) -> bool:
            seen.append(done)
            return done < last

        return progress

    with pytest.raises(ImportCancelled) as cancelled, desk.database.reading() as session:
        validate_import(session, rows, cancel_at(30))
    assert cancelled.value.message == "The check was stopped; nothing was written."
    assert seen == [10, 20, 30]
    seen.clear()
    with desk.database.reading() as session:
        report = validate_import(session, rows, cancel_at(51))
    assert seen == [10, 20, 30, 40]  # the fiftieth line is checked without another call
    assert report.ok and len(report.rows) == 50
    unwatched = _validate(desk, rows)  # the same report as without a progress window
    assert report.problems == unwatched.problems
    assert [(r.line, r.number, r.parcel_number) for r in report.rows] == [
        (r.line, r.number, r.parcel_number) for r in unwatched.rows
    ]


def test_the_same_file_again_is_a_duplicate_on_every_line(
    desk: Desk, clerk: SignedIn, register: dict[str, int]
) -> None:
    _import(desk, clerk, CLEAN)
    report = _validate(desk, CLEAN)
    assert [(p.line, p.column) for p in report.errors] == [(n, "Number") for n in range(2, 8)]
    assert {p.text.split(" is already")[0] for p in report.errors} == {
        "121 Broad St N",
        "131 Broad St N",
        "110 Broad St N",
        "141 Broad St N, Apt 1",
        "141 Broad St N, Apt 2",
        "101 Orange St",
    }
    assert all(p.text.endswith("is already in the register.") for p in report.errors)


# -- through real files -------------------------------------------------------------------------

FILE_ROWS: list[list[object]] = [
    ["Number", "Street", "Parcel", "Owner", "Position", "Assigned"],
    [121, "Broad St N", "281-0121", "Ole Hansen", 200, None],
    [],  # a blank line: skipped, but counted
    [121, "Broad St N", "281-0122", "Kari Lund", None, None],
    [105, "Broad St N", "281-0105", "", 250, None],
    [131, "Elm St", "281-0131", "", None, None],
]
FILE_ERRORS = [(4, "Number"), (5, "Position"), (6, "Street")]


def test_a_csv_file_reports_the_lines_of_the_file(
    desk: Desk, register: dict[str, int], tmp_path: Path
) -> None:
    path = tmp_path / "addresses.csv"
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        csv.writer(handle).writerows(FILE_ROWS)
    report = _validate(desk, read_table(path))
    assert [(p.line, p.column) for p in report.errors] == FILE_ERRORS
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    assert lines[4 - 1].startswith("121,Broad St N,281-0122")
    assert lines[6 - 1].startswith("131,Elm St")


def test_an_excel_file_reports_the_rows_of_the_sheet_and_reads_its_dates(
    desk: Desk, clerk: SignedIn, register: dict[str, int], tmp_path: Path
) -> None:
    path = tmp_path / "addresses.xlsx"
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in FILE_ROWS:
        sheet.append(row)
    sheet["F2"] = datetime(2019, 5, 14)
    book.save(path)
    report = _validate(desk, read_table(path))
    assert [(p.line, p.column) for p in report.errors] == FILE_ERRORS
    assert sheet["B6"].value == "Elm St"
    # Fixed, the file is imported; the Excel date is the date assigned.
    sheet.delete_rows(4, 3)
    book.save(path)
    report = _import(desk, clerk, read_table(path), source=path.name)
    assert [(r.line, r.number, r.assigned_on) for r in report.rows] == [(2, 121, date(2019, 5, 14))]
    with desk.database.reading() as session:
        address = street_addresses.find_address(session, "121 Broad St N")[0]
        assert [c.reason for c in street_addresses.history(session, address.id)] == [
            "Imported from addresses.xlsx, line 2"
        ]


def test_only_those_who_keep_the_numbering_map_may_import(
    desk: Desk, register: dict[str, int], operator_with: Callable[[Role], SignedIn]
) -> None:
    """The map is on file in the Clerk's office (§ 506-16): the Treasurer may not write it."""
    rows = table(
        """
Number | Street     | Parcel
131    | Broad St N | 281-0131
"""
    )
    with pytest.raises(PermissionDenied, match="keep the street numbering map"):
        _import(desk, operator_with(Role.TREASURER), rows)
    assert _import(desk, operator_with(Role.DEPUTY_CLERK), rows).rows[0].number == 131
