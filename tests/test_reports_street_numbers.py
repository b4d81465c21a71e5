"""The street numbering papers read back: the letter, the notice, the register and the Excel files.

Every record is made through the core's services in a real database, as the Street Numbers tab
makes it; the PDFs are read back with pypdf and the workbooks re-opened with openpyxl.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence
from pathlib import Path

import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader
from sqlalchemy import select

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict
from clerk_desk.kinds import BuildingKind, Compass, PartyKind
from clerk_desk.models import Parcel
from clerk_desk.parties import ParcelData, PartyData, add_parcel, add_party
from clerk_desk.settings import CityProfile
from clerk_desk.street_numbers import assignment, cases, streets
from clerk_desk.street_numbers import views as street_views
from clerk_desk.street_numbers.importing import import_addresses, validate_import
from clerk_desk.words import format_day, long_day
from reports.excel import DATE_FORMAT
from reports.street_numbers import (
    IMPORT_PROBLEM_COLUMNS,
    REGISTER_COLUMNS,
    import_problems_excel,
    noncompliance_notice_pdf,
    number_letter_pdf,
    register_excel,
    street_register_pdf,
)

pytestmark = pytest.mark.usefixtures("papers_checked")

PROFILE = CityProfile(phone="(715) 262-5544")
PRINTED = dt.date(2026, 11, 30)
CITES = (
    "§ 506-16 (Buildings to have street numbers)",
    "§ 506-16 (Building numbering required)",
    "§ 506-16 (New houses and buildings)",
    "§ 506-16 (Altering numbers)",
    "§ 506-16 (Noncompliance)",
)


def _lines(pdf: bytes) -> list[str]:
    """The printed lines of every page, each with its spaces (no-break ones too) folded."""
    return [
        " ".join(line.split())
        for page in PdfReader(io.BytesIO(pdf)).pages
        for line in page.extract_text().splitlines()
    ]


def _broad(desk: Desk, admin: SignedIn) -> int:
    """Broad St N: odd numbers on the east side, rising northward from 100."""
    with desk.action(admin) as action:
        street = streets.add_street(
            action,
            streets.StreetData(
                name="Broad",
                suffix="St",
                direction="N",
                odd_side=Compass.EAST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=1999,
                grid_base=100,
            ),
        )
        action.session.flush()
        return street


def _assign(
    desk: Desk,
    admin: SignedIn,
    street_id: int,
    number: int,
    *,
    parcel: str,
    owner: str | None = "Zoë Šimková",
    contact: str = "",
    kind: BuildingKind = BuildingKind.PRINCIPAL,
    unit: str = "",
    position_ft: int | None = None,
) -> int:
    """Assign ``number`` to a parcel (made with its owner unless it exists); its address id."""
    with desk.action(admin) as action:
        found = action.session.scalar(select(Parcel).where(Parcel.parcel_number == parcel))
        if found is None:
            owner_id = None
            if owner is not None:
                party = add_party(
                    action,
                    PartyData(
                        kind=PartyKind.BUSINESS if contact else PartyKind.PERSON,
                        name=owner,
                        contact_name=contact,
                        street="N 4521 County Rd M",
                        city="Prescott",
                        state="WI",
                        postal_code="54021",
                    ),
                )
                action.session.flush()
                owner_id = party.id
            found = add_parcel(action, ParcelData(parcel_number=parcel, owner_id=owner_id))
            action.session.flush()
        street = streets.get_street(action.session, street_id)
        address = assignment.assign_number(
            action,
            assignment.AssignmentData(
                street_id=street_id,
                number=number,
                parcel_id=found.id,
                side=streets.side_for(street, number),
                building_kind=kind,
                unit=unit,
                position_ft=position_ft,
            ),
        )
        return address


def _letter(desk: Desk, admin: SignedIn, address_id: int) -> bytes:
    with desk.lookup(admin) as action:
        address = street_views.address_row(action, address_id)
    return number_letter_pdf(address, profile=PROFILE, printed_on=PRINTED)


# ---- the official street number letter ------------------------------------------------------


def test_letter_states_the_number_the_owner_and_every_rule(desk: Desk, admin: SignedIn) -> None:
    street_id = _broad(desk, admin)
    address_id = _assign(desk, admin, street_id, 123, parcel="281-00123-0000")
    pdf = _letter(desk, admin, address_id)

    pages = papers.page_texts(pdf)
    assert len(pages) == 1, "the letter is one page"
    text = pages[0]
    meta = PdfReader(io.BytesIO(pdf)).metadata
    assert meta is not None and meta.title == "Official street number — 123 Broad St N"
    for words in (
        "City of Prescott",  # letterhead
        "November 30, 2026",  # a letter spells its date out
        "Re: Official street number for 123 Broad St N",
        "Zoë Šimková",
        "N 4521 County Rd M",
        "Prescott, WI 54021",
        "OFFICIAL STREET NUMBER",
        "123 Broad St N",
        "Parcel 281-00123-0000",
        "assigned on November 30, 2026 by Alex Administrator",
        "street numbering map",
        "Easily seen from Broad St N",
        "Numbers at least 3 inches high, preferably block style",
        "contrasts distinctly",
        "main entry door",
        "not on garage doors",
        "never be spelled out in words",
        "“123”",
        "immediately",
        "paid by the owner",
        "alter a number",
        "improper number",
        "No building permit is issued",
        "20 days",
        "10 days after service",
        "forfeiture under § 1-4",
        "Building Inspector",
        "(715) 262-5544",
        "Page 1 of 1",
        *CITES,
    ):
        assert words in text, words
    assert "5 inches" not in text  # only a multiple dwelling needs five-inch numbers
    assert "multiple dwelling" not in text
    assert format_day(PRINTED) not in text  # "Mon Nov 30, 2026" is for tables, not letters


@pytest.mark.parametrize("kind", [BuildingKind.PRINCIPAL, BuildingKind.MULTIPLE_DWELLING])
def test_no_citation_on_the_letter_wraps_in_the_middle(
    desk: Desk, admin: SignedIn, kind: BuildingKind
) -> None:
    """Parcel numbers of every length move the line ends: no citation is ever cut by one."""
    street_id = _broad(desk, admin)
    unit = "Apt 2B" if kind is BuildingKind.MULTIPLE_DWELLING else ""
    for length in range(12):
        parcel = "281-" + "0" * length
        address_id = _assign(
            desk, admin, street_id, 1201 + 2 * length, parcel=parcel, kind=kind, unit=unit
        )
        lines = _lines(_letter(desk, admin, address_id))
        for cite in (*CITES, "§ 1-4 of the City Code"):
            assert any(cite in line for line in lines), f"{cite} is cut ({parcel})"


def test_letter_for_an_apartment_of_a_multiple_dwelling_asks_for_five_inches(
    desk: Desk, admin: SignedIn
) -> None:
    street_id = _broad(desk, admin)
    address_id = _assign(
        desk,
        admin,
        street_id,
        1201,
        parcel="281-01201-0000",
        owner="Smith & Sons <Rentals> LLC",
        contact="Maria Smith-Kowalczyk, Property Manager",
        kind=BuildingKind.MULTIPLE_DWELLING,
        unit="Apt 2B",
        position_ft=1100,
    )
    pages = papers.page_texts(_letter(desk, admin, address_id))
    assert len(pages) == 1, "even the longest letter is one page"
    text = pages[0]
    for words in (
        "1201 Broad St N",
        "Apt 2B",
        "Smith & Sons <Rentals> LLC",  # typed text is printed, not read as markup
        "Attn: Maria Smith-Kowalczyk, Property Manager",
        "Multiple dwelling",
        "building number must be at least 5 inches high",
        "each apartment or unit number at least 3 inches high",
        "not on garage doors",
    ):
        assert words in text, words


def test_letter_for_a_parcel_without_an_owner_goes_to_the_owner_of_the_parcel(
    desk: Desk, admin: SignedIn
) -> None:
    street_id = _broad(desk, admin)
    address_id = _assign(desk, admin, street_id, 240, parcel="281-00240-0000", owner=None)
    text = papers.text(_letter(desk, admin, address_id))
    assert "To the owner of parcel 281-00240-0000" in text
    assert "240 Broad St N" in text


def test_no_letter_for_a_retired_number(desk: Desk, admin: SignedIn) -> None:
    street_id = _broad(desk, admin)
    address_id = _assign(desk, admin, street_id, 123, parcel="281-00123-0000")
    with desk.action(admin) as action:
        assignment.retire_address(action, address_id, reason="House demolished")
    with pytest.raises(Conflict, match="retired"):
        _letter(desk, admin, address_id)


# ---- the notice to number a building -----------------------------------------------------


def _case(desk: Desk, admin: SignedIn, *, served_on: dt.date | None = None) -> int:
    street_id = _broad(desk, admin)
    address_id = _assign(desk, admin, street_id, 123, parcel="281-00123-0000")
    with desk.action(admin) as action:
        case = cases.observe_noncompliance(
            action,
            address_id,
            observed_on=dt.date(2026, 10, 20),
            observation="No numbers on the house; a “123” sign lies in the garage.",
        )
        action.session.flush()
        if served_on is not None:
            cases.serve_notice(action, case, served_on=served_on, manner="certified mail")
        return case


def _notice(desk: Desk, admin: SignedIn, case_id: int) -> bytes:
    with desk.lookup(admin) as action:
        case, address = street_views.notice_view(action, case_id)
    return noncompliance_notice_pdf(case, address, profile=PROFILE, printed_on=PRINTED)


def test_notice_requires_the_building_numbered_within_10_days_of_service(
    desk: Desk, admin: SignedIn
) -> None:
    case_id = _case(desk, admin)
    pdf = _notice(desk, admin, case_id)
    pages = papers.page_texts(pdf)
    assert len(pages) == 1, "the notice is one page"
    text = pages[0]
    for words in (
        "Notice to Properly Number a Building",
        "Zoë Šimková",
        "and the occupant of the premises",
        "123 Broad St N · parcel 281-00123-0000",
        "On October 20, 2026 the City found",
        "a “123” sign lies in the garage",
        "neglected for 20 days",
        "within 10 days after service of this notice",
        "forfeiture as provided in § 1-4",
        "paid by the owner",
        "at least 3 inches high",
        "not on garage doors",
        "Building Inspector",
        "Service of this notice",
        "Date served",
        "Manner of service",
        "Served by",
        "certified mail",  # among the manners listed to choose from
        "§ 506-16 (Noncompliance)",
        "§ 506-16 (Building numbering required)",
    ):
        assert words in text, words
    assert "on or before" not in text  # no service yet: no day to count from


def test_notice_after_service_fills_in_the_service_and_the_last_day(
    desk: Desk, admin: SignedIn
) -> None:
    served = dt.date(2026, 11, 20)
    case_id = _case(desk, admin, served_on=served)
    with desk.lookup(admin) as action:
        referral_from = cases.get_case(action.session, case_id).referral_from
    assert referral_from is not None
    text = papers.text(_notice(desk, admin, case_id))
    last_day = referral_from - dt.timedelta(days=1)
    assert f"on or before {long_day(last_day)}" in text  # "Monday, December 7, 2026"
    assert "Date served November 20, 2026" in text
    assert "Manner of service certified mail" in text
    assert "Served by Alex Administrator" in text


def test_no_notice_before_the_owner_has_neglected_for_20_days(desk: Desk, admin: SignedIn) -> None:
    """The notice says the owner "has neglected for 20 days": not true before notice_from."""
    case_id = _case(desk, admin)
    with desk.lookup(admin) as action:
        case, address = street_views.notice_view(action, case_id)
        first_day = case.notice_from
        assert first_day == dt.date(2026, 11, 10)  # 20 days end Monday, November 9
        with pytest.raises(Conflict) as refused:
            noncompliance_notice_pdf(
                case, address, profile=PROFILE, printed_on=first_day - dt.timedelta(days=1)
            )
        assert refused.value.message == (
            "The owner has 20 days from October 20, 2026 to post the numbers: the notice may be "
            "printed from November 10, 2026."
        )
        assert refused.value.cite == "§ 506-16 (Noncompliance)"
        pdf = noncompliance_notice_pdf(case, address, profile=PROFILE, printed_on=first_day)
    assert "neglected for 20 days" in papers.text(pdf)


# ---- the register of one street ------------------------------------------------------------


def _register_pdf(desk: Desk, admin: SignedIn, street_id: int) -> bytes:
    with desk.lookup(admin) as action:
        street, rows = street_views.street_register(action, street_id, include_retired=True)
    return street_register_pdf(street, rows, profile=PROFILE, printed_on=PRINTED)


def test_street_register_lists_each_side_with_its_counts(desk: Desk, admin: SignedIn) -> None:
    street_id = _broad(desk, admin)
    _assign(desk, admin, street_id, 101, parcel="P-101", position_ft=10)
    _assign(desk, admin, street_id, 121, parcel="P-121", owner="Łukasz Nowak", position_ft=200)
    for unit in ("Apt 1", "Apt 2"):
        _assign(
            desk,
            admin,
            street_id,
            201,
            parcel="P-201",
            owner="Prescott Flats LLC" if unit == "Apt 1" else None,
            kind=BuildingKind.MULTIPLE_DWELLING,
            unit=unit,
            position_ft=400,
        )
    _assign(desk, admin, street_id, 110, parcel="P-110", owner="José García", position_ft=90)
    retired = _assign(desk, admin, street_id, 150, parcel="P-150", position_ft=300)
    with desk.action(admin) as action:
        assignment.retire_address(action, retired, reason="Lots combined")

    pdf = _register_pdf(desk, admin, street_id)
    text = papers.text(pdf)
    for words in (
        "Street Numbering Register — Broad St N",
        "§ 506-16",
        "East side; even numbers on the west side",
        "Increasing toward the north",
        "100 to 1999",
        "100 at the starting line",
        "East side — odd numbers (4)",
        "West side — even numbers (2)",
        "Łukasz Nowak",
        "Prescott Flats LLC",
        "José García",
        "P-121",
        "Multiple dwelling",
        "Apt 2",
        "East (odd)",
        "West (even)",
        f"Retired {format_day(desk.clock.today())}",
        "East side: 4 addresses assigned on 3 numbers",
        "West side: 1 address assigned, 1 retired",
        "Total 5 addresses assigned on 4 numbers, 1 retired",
        "Page 1 of 1",
    ):
        assert words in text, words
    # the east side's table comes before the west side's, and each is in number order
    assert (
        text.index("121")
        < text.index("201")
        < text.index("West side — even")
        < text.index("José García")
    )


def test_street_register_of_a_street_without_numbers(desk: Desk, admin: SignedIn) -> None:
    street_id = _broad(desk, admin)
    text = papers.text(_register_pdf(desk, admin, street_id))
    assert "No addresses on the east (odd) side of Broad St N." in text
    assert "No addresses on the west (even) side of Broad St N." in text
    assert "Total No addresses recorded" in text


class _Line(dict[str, object]):
    """A row of an address list as ``reports.excel.read_table`` gives it, with its line."""

    def __init__(self, row_number: int, **cells: object) -> None:
        super().__init__(cells)
        self.row_number = row_number


def _address_list(count: int) -> list[_Line]:
    lines = []
    for i in range(count):
        number = 100 + i * 2 + (i % 2)  # 100, 103, 104, 107 …: both sides, rising northward
        lines.append(
            _Line(
                i + 2,
                Number=number,
                Street="Broad Street North",
                Parcel=f"281-{number:05d}-0000",
                Owner=f"Owner {number}",
                Position=(number - 100) * 5,
            )
        )
    return lines


def test_street_register_of_600_numbers_runs_over_numbered_pages(
    desk: Desk, admin: SignedIn
) -> None:
    street_id = _broad(desk, admin)
    with desk.action(admin) as action:
        import_addresses(action, _address_list(600), source="broad.xlsx")
    pdf = _register_pdf(desk, admin, street_id)
    pages = papers.page_texts(pdf)
    total = len(pages)
    assert total > 5
    for n, page in enumerate(pages, start=1):
        assert f"Page {n} of {total}" in page
    assert "Number Unit Side Position (ft) Parcel" in pages[1]  # the header repeats
    assert "Street numbering register — Broad St N" in pages[1]  # the running header
    text = " ".join(pages)
    assert "East side: 300 addresses assigned" in text
    assert "West side: 300 addresses assigned" in text
    assert "Total 600 addresses assigned" in pages[0]
    assert "Owner 1299" in text and "Owner 1296" in text  # the last of each side


# ---- Excel ------------------------------------------------------------------------------------


def _sheet_rows(target: Path) -> list[list[object]]:
    sheet = openpyxl.load_workbook(target).active
    assert sheet is not None
    return [[c.value for c in row] for row in sheet.iter_rows()]


def test_register_excel_has_every_address_of_every_street(
    desk: Desk, admin: SignedIn, tmp_path: Path
) -> None:
    street_id = _broad(desk, admin)
    _assign(desk, admin, street_id, 1201, parcel="P-1201", position_ft=1100)
    _assign(
        desk,
        admin,
        street_id,
        1201,
        parcel="P-1201",
        kind=BuildingKind.MULTIPLE_DWELLING,
        unit="Apt 1",
        position_ft=1100,
    )
    with desk.action(admin) as action:
        orange = streets.add_street(
            action,
            streets.StreetData(
                name="Orange",
                suffix="St",
                odd_side=Compass.NORTH,
                increases_toward=Compass.EAST,
                range_low=100,
                range_high=999,
            ),
        )
        action.session.flush()
        orange_id = orange
    _assign(desk, admin, orange_id, 310, parcel="P-310", owner="Nguyễn Văn An")

    target = tmp_path / "register.xlsx"
    progress: list[int] = []
    with desk.lookup(admin) as action:
        rows = street_views.register_rows(action)
        written = register_excel(
            target, rows, progress=progress.append, author="Alex Administrator", city="City of X"
        )
    assert written == 3 and progress == [3]
    book = openpyxl.load_workbook(target)
    sheet = book.active
    assert sheet is not None
    assert sheet["A1"].value == "City of X — official street numbering register (§ 506-16)"
    assert book.properties.creator == "City of X"
    assert book.properties.lastModifiedBy == "Alex Administrator"
    values = _sheet_rows(target)
    header = values[1]
    assert header == [c.header for c in REGISTER_COLUMNS]
    assert len(values) == 2 + 3
    by_address = {row[header.index("Full address")]: row for row in values[2:]}
    assert set(by_address) == {"1201 Broad St N", "1201 Broad St N, Apt 1", "310 Orange St"}
    orange_row = by_address["310 Orange St"]
    assert orange_row[header.index("Street")] == "Orange St"
    assert orange_row[header.index("Number")] == 310
    assert orange_row[header.index("Side")] == "South (even)"
    assert orange_row[header.index("Owner")] == "Nguyễn Văn An"
    assert orange_row[header.index("Status")] == "Assigned"
    assert orange_row[header.index("Assigned by")] == "Alex Administrator"
    assert orange_row[header.index("Retired on")] is None
    apartment = by_address["1201 Broad St N, Apt 1"]
    assert apartment[header.index("Unit")] == "Apt 1"
    assert apartment[header.index("Building kind")] == "Multiple dwelling"
    assert apartment[header.index("Position (ft)")] == 1100
    assigned = sheet.cell(row=3, column=header.index("Assigned on") + 1)
    assert assigned.value.date() == desk.clock.today() and assigned.number_format == DATE_FORMAT
    number = sheet.cell(row=3, column=2)
    assert number.number_format == "0"  # 1201, not "1,201"


def test_import_problems_excel_lists_each_problem_by_line(
    desk: Desk, admin: SignedIn, tmp_path: Path
) -> None:
    _broad(desk, admin)
    lines: Sequence[_Line] = [
        _Line(2, Number=101, Street="Broad St N", Parcel="P-1"),
        _Line(3, Number=101, Street="Broad St N", Parcel="P-2"),  # a duplicate
        _Line(4, Number=105, Street="Elm St", Parcel="P-3"),  # no such street
        _Line(5, Number=107, Street="Broad St N", Parcel=""),  # blank parcel
        _Line(6, Number=2500, Street="Broad St N", Parcel="P-6"),  # out of range: a warning
    ]
    with desk.lookup(admin) as action:
        problems = validate_import(action.session, lines).problems
    target = tmp_path / "problems.xlsx"
    assert import_problems_excel(target, problems, source="addresses.csv") == len(problems) == 4
    values = _sheet_rows(target)
    assert values[0][0] == (
        "addresses.csv — 3 errors, 1 warning; fix the errors and import the file again"
    )
    assert values[1] == [c.header for c in IMPORT_PROBLEM_COLUMNS]
    body = values[2:]
    assert [row[0] for row in body] == [3, 4, 5, 6]
    line_4 = body[1]
    assert line_4[1:3] == ["Street", "Error"]
    assert "“Elm St” is not a street in the register" in str(line_4[3])
    assert body[3][2] == "Warning"


def test_import_problems_excel_of_a_clean_file(tmp_path: Path) -> None:
    target = tmp_path / "problems.xlsx"
    assert import_problems_excel(target, [], source="clean.xlsx") == 0
    values = _sheet_rows(target)
    assert values[0][0] == "clean.xlsx — no problems found"
