"""The bonds and insurance registers read back: the annual-bond PDF and the Excel registers."""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import replace
from decimal import Decimal

import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader

from clerk_desk.bonds.views import BondLine, CertificateLine
from clerk_desk.coverage import CoverageKind
from clerk_desk.kinds import BondKind, FileStatus
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from reports.bonds_registers import (
    ANNUAL_COLUMNS,
    annual_bonds_excel,
    annual_bonds_pdf,
    bonds_excel,
    certificates_excel,
)
from reports.excel import DATE_FORMAT, MONEY_FORMAT

pytestmark = pytest.mark.usefixtures("papers_checked")

PROFILE = CityProfile(phone="(715) 262-5544")
DAY = dt.date(2026, 11, 30)


def _annual(
    n: int, principal: str, amount: str, status: FileStatus = FileStatus.ON_FILE
) -> BondLine:
    return BondLine(
        id=n,
        kind=BondKind.ANNUAL_EXCAVATION,
        principal_id=n,
        principal=principal,
        surety="Western Surety",
        bond_number=f"AB-2026-{n}",
        amount=Money(amount),
        effective_on=dt.date(2026, 1, 1),
        expires_on=dt.date(2026, 12, 31),
        year=2026,
        status=status,
    )


LINES = [
    replace(_annual(1, "Kinni Excavating LLC", "25000"), permits_covered=("SO-2026-003",)),
    _annual(2, "Zoë Šimková Trenching", "15000.50"),
    _annual(3, "Smith & Sons <Plumbing>", "10000", FileStatus.RELEASED),
]


def test_annual_pdf_lists_each_bond_and_totals_those_in_force() -> None:
    pdf = annual_bonds_pdf(LINES, year=2026, profile=PROFILE, printed_on=DAY)
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.metadata is not None and reader.metadata.title == "Annual bond register 2026"
    text = papers.text(pdf)
    for words in (
        "Annual Excavation Bond Register — 2026",
        "§ 506-6 (Bond)",
        "Kinni Excavating LLC",
        "Zoë Šimková Trenching",
        "Smith & Sons <Plumbing>",
        "AB-2026-2",
        "$15,000.50",
        "Released",
        "2 bonds in force",
        "$40,000.50",  # the released bond is not counted
        "street opening permits whose work falls in the bond's year",  # the note
        "Page 1 of 1",
    ):
        assert words in text, words


def test_annual_pdf_of_a_year_without_bonds_says_so() -> None:
    text = papers.text(annual_bonds_pdf([], year=2031, profile=PROFILE, printed_on=DAY))
    assert "No annual bonds are on file for 2031." in text


def test_annual_excel_has_money_and_year_columns(tmp_path) -> None:
    target = tmp_path / "annual.xlsx"
    assert annual_bonds_excel(target, LINES, year=2026) == 3
    sheet = openpyxl.load_workbook(target).active
    rows = list(sheet.iter_rows())
    header_at = next(i for i, row in enumerate(rows) if row[0].value == "Principal")
    assert [c.value for c in rows[header_at]] == [c.header for c in ANNUAL_COLUMNS]
    first = rows[header_at + 1]
    assert (
        Decimal(str(first[3].value)) == Decimal("25000") and first[3].number_format == MONEY_FORMAT
    )
    assert first[4].value == 2026 and first[4].number_format == "0"  # 2026, not 2,026
    assert first[6].value == "SO-2026-003"
    assert rows[header_at + 2][6].value == "None yet"
    assert sheet.freeze_panes is not None


def test_certificate_register_keeps_empty_limits_empty(tmp_path) -> None:
    line = CertificateLine(
        id=1,
        insured_id=1,
        insured="Borner Street Bistro",
        insurer="Acuity",
        policy_numbers="CGL 9",
        effective_on=dt.date(2026, 5, 1),
        expires_on=dt.date(2027, 4, 30),
        received_on=dt.date(2026, 4, 20),
        status=FileStatus.SUPERSEDED,
        limits={
            CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000"),
            CoverageKind.LIQUOR_LIABILITY: None,
        },
        notice_days=30,
        status_on=dt.date(2026, 6, 1),
        status_reason="Replaced by a corrected certificate",
        record_type="sidewalk_cafe",
        record_id="SC-3",
        protects="Sidewalk cafe permit SC-3 (Lakeside Coffee)",
    )
    target = tmp_path / "certificates.xlsx"
    assert certificates_excel(target, [line], as_of=DAY) == 1
    rows = list(openpyxl.load_workbook(target).active.iter_rows())
    header_at = next(i for i, row in enumerate(rows) if row[0].value == "Insured")
    header = [c.value for c in rows[header_at]]
    data = rows[header_at + 1]
    csl = data[header.index("Combined single limit")]
    assert Decimal(str(csl.value)) == Decimal("1000000") and csl.number_format == MONEY_FORMAT
    assert data[header.index("Liquor liability")].value is None
    assert data[header.index("Days' notice")].value == 30
    assert data[header.index("Status")].value == "Superseded"
    assert data[header.index("Protects")].value == "Sidewalk cafe permit SC-3 (Lakeside Coffee)"
    received = data[header.index("Received")]
    assert received.value.date() == dt.date(2026, 4, 20) and received.number_format == DATE_FORMAT


def test_bond_register_shows_when_a_guarantee_is_releasable(tmp_path) -> None:
    guarantee = BondLine(
        id=9,
        kind=BondKind.RESTORATION_GUARANTEE,
        principal_id=1,
        principal="Kinni Excavating LLC",
        surety="Western Surety",
        bond_number="RG-12",
        amount=Money("4500"),
        effective_on=dt.date(2026, 7, 15),
        status=FileStatus.ON_FILE,
        work_completed_on=dt.date(2026, 7, 15),
        releasable_on=dt.date(2027, 7, 15),
    )
    target = tmp_path / "bonds.xlsx"
    assert bonds_excel(target, [guarantee], as_of=DAY) == 1
    rows = list(openpyxl.load_workbook(target).active.iter_rows())
    header_at = next(i for i, row in enumerate(rows) if row[0].value == "Kind")
    header = [c.value for c in rows[header_at]]
    data = rows[header_at + 1]
    assert data[0].value == "Restoration guarantee"
    assert data[header.index("Releasable on")].value.date() == dt.date(2027, 7, 15)
    assert data[header.index("Ends")].value is None


def test_the_register_names_the_city_of_the_settings(tmp_path) -> None:
    from openpyxl import load_workbook

    target = tmp_path / "bonds.xlsx"
    bonds_excel(target, [], as_of=DAY, city="Village of Ellsworth")
    sheet = load_workbook(target).active
    assert sheet["A1"].value.startswith("Village of Ellsworth — bonds on record")
