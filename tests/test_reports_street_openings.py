"""The street opening permit and register read back, from real records made by the services.

Each permit is approved the way the counter approves one: a certificate of insurance meeting
§ 506-6 (Insurance required), the bond (an annual bond, a $10,000 permit bond, or none for a
public utility), and the fee receipted by the Treasurer — or no fee for an emergency applied for
within two business days. The PDF is read back with pypdf and the register with openpyxl.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

import builders  # type: ignore[import-not-found]
import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader

from clerk_desk import ledger, operators
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import BondData, CertificateData
from clerk_desk.clock import FixedClock, city_zone
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict
from clerk_desk.kinds import BondKind, Compass, DueStatus, PartyKind, Role, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.settings import CityProfile
from clerk_desk.street_numbers import streets
from clerk_desk.street_openings import service as street_openings
from clerk_desk.street_openings import views
from clerk_desk.street_openings import work as street_openings_work
from clerk_desk.street_openings.service import OpeningData, SiteData
from clerk_desk.street_openings.views import PermitProtection, fee_receipts, permit_protection
from clerk_desk.street_openings.work import WorkRecord
from reports.excel import DATE_FORMAT, INT_FORMAT
from reports.street_openings import REGISTER_COLUMNS, openings_excel, permit_pdf

pytestmark = pytest.mark.usefixtures("papers_checked")

PROFILE = CityProfile(phone="(715) 262-5544")
STATION = "Front counter"
DPW = "Director of Public Works"
PASSWORD = "counter-password"
JUNE_1 = datetime(2026, 6, 1, 9, 0)  # a Monday, outside the frozen-ground season


def _local(year: int, month: int, day: int, hour: int, minute: int) -> datetime:
    """An instant on City Hall's clock (a recorded notice time is aware)."""
    return datetime(year, month, day, hour, minute, tzinfo=city_zone())


# -- making real records -----------------------------------------------------------------------


@dataclass
class Made:
    opening_id: int
    number: str
    receipt_numbers: tuple[str, ...] = ()


@pytest.fixture
def inspector(desk: Desk, admin: SignedIn) -> SignedIn:
    with desk.action(admin) as action:
        return operators.add_operator(
            action,
            username="dana",
            full_name="Dana Whitfield",
            role=Role.INSPECTOR,
            password=PASSWORD,
        )


def _applicant(desk: Desk, who: SignedIn, name: str, *, utility: bool = False) -> int:
    """A contractor (or a public utility) on Orange Street, with a contact and a phone."""
    return builders.party(
        desk,
        who,
        name,
        PartyKind.UTILITY if utility else PartyKind.BUSINESS,
        contact_name="Pat Lindqvist",
        street="410 Orange St N",
        phone="(715) 555-0142",
        contractor=not utility,
        public_utility=utility,
        **builders.IN_PRESCOTT,
    )


def _street(desk: Desk, who: SignedIn, name: str, direction: str = "") -> int:
    with desk.action(who) as action:
        return streets.add_street(
            action,
            streets.StreetData(
                name=name,
                suffix="St",
                direction=direction,
                odd_side=Compass.EAST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=1999,
            ),
        )


def _insure(desk: Desk, who: SignedIn, party: int, *, received: date) -> None:
    with desk.action(who) as action:
        bonds.file_certificate(
            action,
            CertificateData(
                insured_id=party,
                insurer="Acuity Mutual",
                policy_numbers="CGL 44-1901",
                effective_on=date(2026, 1, 1),
                expires_on=date(2027, 12, 31),
                received_on=received,
                general_liability=True,
                coverages={
                    CoverageKind.BODILY_INJURY_PER_PERSON: Money("500000"),
                    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("500000"),
                    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("500000"),
                },
            ),
        )


def _pay_fees(desk: Desk, who: SignedIn, party: int, opening_id: int) -> tuple[str, ...]:
    """Receipt every open fee of the opening on one receipt, as the Treasurer does."""
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
        dues = [
            d
            for d in ledger.dues_for(action.session, RecordRef("street_opening", str(opening_id)))
            if d.status == DueStatus.OPEN
        ]
        lines = [receipts.due_line(action.session, d.id) for d in dues]
        total = sum((line.amount for line in lines), Money.zero())
        receipt = receipts.take_payment(
            action,
            station=STATION,
            payer_id=party,
            lines=lines,
            tenders=[receipts.TenderEntry(TenderKind.CHECK, total, check_number="3310")],
        )
        return (receipt.number,)


def _approve(desk: Desk, inspector: SignedIn, opening_id: int) -> None:
    with desk.action(inspector) as action:
        street_openings.approve(action, opening_id, title=DPW)


def _apply(desk: Desk, who: SignedIn, data: OpeningData) -> Made:
    with desk.action(who) as action:
        opening_id = street_openings.apply(action, data)
        return Made(opening_id, street_openings.get_opening(action.session, opening_id).number)


def _sites(desk: Desk, who: SignedIn) -> list[SiteData]:
    broad = _street(desk, who, "Broad", "N")
    orange = _street(desk, who, "Orange", "N")
    return [
        SiteData("In front of 123 Broad St N, northbound lane", broad, "asphalt", 12, 6),
        SiteData("Terrace & sidewalk at 410 Orange St N <corner>", orange, "sidewalk", 8, 5),
    ]


@pytest.fixture
def june_permit(desk: Desk, clock: FixedClock, admin: SignedIn, inspector: SignedIn) -> Made:
    """A contractor's permit approved Mon Jun 1, 2026: annual bond, insurance, fee receipted."""
    clock.set(JUNE_1)
    party = _applicant(desk, admin, "Kinni Excavating & Sons <LLC>")
    _insure(desk, admin, party, received=date(2026, 5, 20))
    with desk.action(admin) as action:
        bonds.file_bond(
            action,
            BondData(
                kind=BondKind.ANNUAL_EXCAVATION,
                principal_id=party,
                surety="Western Surety Company",
                bond_number="AB-2026-07",
                amount=Money("25000"),
                effective_on=date(2026, 1, 1),
                year=2026,
            ),
        )
    made = _apply(
        desk,
        admin,
        OpeningData(
            applicant_id=party,
            sites=_sites(desk, admin),
            nature_of_work="Replace water service lateral to 123 Broad St N",
            method="Saw-cut, excavate with backhoe, backfill with compacted crushed stone",
            existing_patches="Old patch 10 ft south of the opening at 123 Broad St N",
            planned_start=date(2026, 6, 8),
            planned_end=date(2026, 6, 12),
        ),
    )
    made.receipt_numbers = _pay_fees(desk, admin, party, made.opening_id)
    _approve(desk, inspector, made.opening_id)
    return made


def _print(desk: Desk, who: SignedIn, opening_id: int, printed_on: date) -> bytes:
    with desk.lookup(who) as action:
        opening = views.opening_row(action, opening_id)
        protection = permit_protection(action.session, opening_id, calendar=action.calendar)
    # Drawn after the read has closed, from the views it read.
    return permit_pdf(opening, profile=PROFILE, printed_on=printed_on, protection=protection)


def _has_all(text: str, expected: Sequence[str]) -> None:
    missing = [words for words in expected if words not in text]
    assert not missing, missing


# -- the permit --------------------------------------------------------------------------------


def test_permit_shows_number_openings_dates_protection_and_signature(
    desk: Desk, admin: SignedIn, june_permit: Made, tmp_path: Path
) -> None:
    pdf = _print(desk, admin, june_permit.opening_id, date(2026, 6, 1))
    (tmp_path / "permit.pdf").write_bytes(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.metadata is not None
    assert reader.metadata.title == f"Street opening permit {june_permit.number}"
    assert papers.page_count(pdf) <= 2
    text = papers.text(pdf)
    (receipt_number,) = june_permit.receipt_numbers
    _has_all(
        text,
        [
            "STREET OPENING PERMIT",
            "PERMIT NO.",
            june_permit.number,
            "Kinni Excavating & Sons <LLC>",  # escaped, printed as typed
            "410 Orange St N",
            "Pat Lindqvist, (715) 555-0142",
            # each opening, with its street, surface and size
            "Openings permitted (2)",
            "In front of 123 Broad St N, northbound lane",
            "Broad St N",
            "Asphalt",
            "12 \u00d7 6 ft",
            "Terrace & sidewalk at 410 Orange St N <corner>",
            "Orange St N",
            "8 \u00d7 5 ft",
            "Replace water service lateral to 123 Broad St N",
            "Saw-cut, excavate with backhoe",
            "Mon Jun 8, 2026 to Fri Jun 12, 2026",
            "Emergency No",
            # validity: six months from approval; 60 days to permanent pavement
            "APPROVED Mon Jun 1, 2026",
            "VALID THROUGH Tue Dec 1, 2026",
            "PERMANENT PAVEMENT BY Fri Jul 31, 2026",
            # the conditions at the site, each cited
            "at least 24 hours before",
            "at least 4 hours before backfilling",
            "Manual on Uniform Traffic Control Devices (MUTCD)",
            "No openings between November 15 and May 1, both days included",
            "within 60 days of the date of this permit: by Fri Jul 31, 2026",
            "curb and gutter, sidewalk or grass-covered area",
            "one year from the date the work is completed",
            "plus 20% for administration",
            "Old patch 10 ft south of the opening",
            # bond, insurance and fee on file
            "Annual excavation bond No. AB-2026-07 for 2026, Western Surety Company, $25,000.00",
            "Acuity Mutual, policy CGL 44-1901",
            "bodily injury per person $500,000.00",
            "property damage per occurrence $500,000.00",
            "to Fri Dec 31, 2027",
            f"$50.00 paid on receipt {receipt_number}, Mon Jun 1, 2026",
            # the approving official
            "Dana Whitfield, Director of Public Works",
            "Date approved",
            "Approving official",
            "Page 1 of",
        ],
    )
    for cite in (
        "§ 506-6 (Validity of permit)",
        "§ 506-6 (Fee)",
        "§ 506-7 (Protection of public)",
        "§ 506-7 (Notice)",
        "§ 506-7 (Frozen ground)",
        "§ 506-7G",
        "§ 506-6 (City standards)",
        "§ 506-6 (Bond)",
        "§ 506-7 (Repair by City)",
        "§ 506-7 (Pavement removal)",
        "§ 506-6 (Insurance required)",
        "§ 506-6 (Permit to be obtained)",
    ):
        assert cite in text, cite
    assert "Winter cold-mix patch" not in text  # not an emergency: no winter patch is allowed
    assert "EXPIRED" not in text


def test_emergency_utility_permit_owes_no_fee_and_says_so(
    desk: Desk, clock: FixedClock, admin: SignedIn, inspector: SignedIn, tmp_path: Path
) -> None:
    """A water main break on the Friday after Thanksgiving, applied for on Monday: no fee, no
    bond (a public utility), the frozen-ground emergency determined by the Director."""
    clock.set(datetime(2026, 11, 30, 8, 30))
    utility = _applicant(desk, admin, "Prescott Municipal Water Utility", utility=True)
    _insure(desk, admin, utility, received=date(2026, 1, 5))
    made = _apply(
        desk,
        admin,
        OpeningData(
            applicant_id=utility,
            sites=[SiteData("Water main break at Kinnickinnic St and Orange St", None, "asphalt")],
            nature_of_work="Repair a broken 8-inch water main",
            method="Excavate to the main, clamp, backfill; cold-mix patch",
            emergency=True,
            opened_on=date(2026, 11, 27),
            city_notified_at=_local(2026, 11, 27, 6, 45),
        ),
    )
    with desk.action(inspector) as action:
        street_openings.determine_frozen_emergency(
            action, made.opening_id, determined_by="Dana Whitfield, Director of Public Works"
        )
    _approve(desk, inspector, made.opening_id)
    with desk.lookup(admin) as action:
        protection = permit_protection(action.session, made.opening_id, calendar=action.calendar)
        assert protection.receipts == () and protection.fee_owed == Money.zero()
        assert protection.public_utility and protection.bonds == ()
    pdf = _print(desk, admin, made.opening_id, date(2026, 11, 30))
    (tmp_path / "emergency.pdf").write_bytes(pdf)
    assert papers.page_count(pdf) <= 2
    text = papers.text(pdf)
    _has_all(
        text,
        [
            "Prescott Municipal Water Utility",
            "Public utility Yes",
            "Public utility: no indemnity bond is required.",
            "§ 506-6 (Public utilities)",
            "No permit fee: emergency excavation of Fri Nov 27, 2026, applied for "
            "Mon Nov 30, 2026, within two regular business days",
            "§ 506-6 (Fee; emergency excavation)",
            "emergency excavation made Fri Nov 27, 2026",
            "City officials notified Fri Nov 27, 2026 6:45 a.m.",
            "§ 506-7 (Emergency excavation)",
            "the 24-hour notice before the excavation",
            "Determined an emergency excavation by Dana Whitfield, Director of Public Works on "
            "Mon Nov 30, 2026",
            "This work was determined an emergency excavation by Dana Whitfield",
            "Winter cold-mix patch",
            "by the following July 1: Thu Jul 1, 2027",
            "VALID THROUGH Sun May 30, 2027",
            "Water main break at Kinnickinnic St and Orange St",
        ],
    )
    assert "paid on receipt" not in text


def test_permit_bond_doubled_fee_and_renewal(
    desk: Desk, clock: FixedClock, admin: SignedIn, inspector: SignedIn, tmp_path: Path
) -> None:
    """Opened before the permit: the fee is doubled and both are on the receipt; a $10,000
    permit bond; a thirty-day renewal granted in November."""
    clock.set(JUNE_1)
    party = _applicant(desk, admin, "Hanson Plumbing")
    _insure(desk, admin, party, received=date(2026, 6, 1))
    made = _apply(
        desk,
        admin,
        OpeningData(
            applicant_id=party,
            sites=[SiteData("Alley behind 220 Broad St S", None, "gravel", 20)],
            nature_of_work="Sewer lateral repair",
            method="Open trench",
            planned_start=date(2026, 6, 1),
            planned_end=date(2026, 6, 3),
            opened_on=date(2026, 6, 1),
        ),
    )
    with desk.action(admin) as action:
        bonds.file_bond(
            action,
            BondData(
                kind=BondKind.STREET_OPENING,
                principal_id=party,
                surety="Merchants Bonding Company",
                bond_number="SB-88120",
                amount=Money("10000"),
                effective_on=date(2026, 6, 1),
                expires_on=date(2027, 6, 1),
                record_type="street_opening",
                record_id=str(made.opening_id),
            ),
        )
    (receipt_number,) = _pay_fees(desk, admin, party, made.opening_id)
    _approve(desk, inspector, made.opening_id)
    clock.set(datetime(2026, 11, 25, 10, 0))
    with desk.action(inspector) as action:
        street_openings.renew(
            action, made.opening_id, requested_on=date(2026, 11, 24), granted_by="Dana Whitfield"
        )
    pdf = _print(desk, admin, made.opening_id, date(2026, 11, 25))
    (tmp_path / "renewed.pdf").write_bytes(pdf)
    assert papers.page_count(pdf) <= 2
    text = papers.text(pdf)
    _has_all(
        text,
        [
            "Street opening bond No. SB-88120, Merchants Bonding Company, $10,000.00, in force "
            "Mon Jun 1, 2026 to Tue Jun 1, 2027",
            f"$50.00 paid on receipt {receipt_number}",
            "fee doubled",
            "Opening made Mon Jun 1, 2026, before the permit was approved: the application and "
            "review fee is doubled",
            "VALID THROUGH Thu Dec 31, 2026",
            "Six months from approval (renewed)",
            "Renewals",
            "§ 506-6 (Renewal of permit)",
            "Tue Nov 24, 2026 Wed Nov 25, 2026 Dana Whitfield Thu Dec 31, 2026",
            "20 ft",
        ],
    )
    assert text.count(f"paid on receipt {receipt_number}") == 2  # the fee and the doubled fee


def test_permit_says_what_is_still_owed_after_a_void(
    desk: Desk, admin: SignedIn, june_permit: Made
) -> None:
    with desk.action(admin) as action:
        receipt = receipts.find_receipt(action.session, june_permit.receipt_numbers[0])
        receipts.void_receipt(action, receipt.id, reason="Check returned unpaid")
    with desk.lookup(admin) as action:
        found = fee_receipts(
            action.session, RecordRef("street_opening", str(june_permit.opening_id))
        )
        assert found == []
    text = papers.text(_print(desk, admin, june_permit.opening_id, date(2026, 6, 1)))
    assert "$50.00 of the fee is still owed." in text
    assert june_permit.receipt_numbers[0] not in text


def test_restored_permit_shows_completion_and_guarantee(
    desk: Desk, clock: FixedClock, admin: SignedIn, june_permit: Made
) -> None:
    clock.set(datetime(2026, 6, 20, 15, 0))
    with desk.action(admin) as action:
        street_openings_work.record_work(
            action,
            june_permit.opening_id,
            WorkRecord(
                commencement_notice_at=_local(2026, 6, 5, 8, 0),
                started_at=_local(2026, 6, 8, 7, 30),
                backfill_notice_at=_local(2026, 6, 9, 9, 15),
                backfilled_at=_local(2026, 6, 9, 14, 0),
                completed_on=date(2026, 6, 19),
            ),
        )
    text = papers.text(_print(desk, admin, june_permit.opening_id, date(2026, 6, 20)))
    _has_all(
        text,
        [
            "Notice given Fri Jun 5, 2026 8:00 a.m..",
            "Notice given Tue Jun 9, 2026 9:15 a.m..",
            "Restoration completed Fri Jun 19, 2026.",
            "the guarantee runs through Sat Jun 19, 2027",
        ],
    )


def test_unused_permit_past_its_last_day_prints_expired(
    desk: Desk, admin: SignedIn, june_permit: Made
) -> None:
    text = papers.text(_print(desk, admin, june_permit.opening_id, date(2026, 12, 2)))
    assert "EXPIRED" in text


def test_an_application_not_approved_has_no_permit(
    desk: Desk, clock: FixedClock, admin: SignedIn, inspector: SignedIn
) -> None:
    clock.set(JUNE_1)
    party = _applicant(desk, admin, "Hanson Plumbing")
    made = _apply(
        desk,
        admin,
        OpeningData(
            applicant_id=party,
            sites=[SiteData("Alley behind 220 Broad St S")],
            nature_of_work="Sewer lateral",
            method="Open trench",
            planned_start=date(2026, 6, 8),
        ),
    )
    protection = PermitProtection(
        public_utility=False, bonds=(), insurance=None, receipts=(), fee_owed=Money("50")
    )
    with desk.lookup(admin) as action:
        opening = views.opening_row(action, made.opening_id)
        with pytest.raises(Conflict, match="is not approved: a permit is printed only after"):
            permit_pdf(opening, profile=PROFILE, printed_on=date(2026, 6, 1), protection=protection)
    with desk.action(inspector) as action:
        street_openings.refuse(action, made.opening_id, reason="No bond on file")
    with desk.lookup(admin) as action:
        opening = views.opening_row(action, made.opening_id)
        with pytest.raises(Conflict, match="was refused: there is no permit to print") as refused:
            permit_pdf(opening, profile=PROFILE, printed_on=date(2026, 6, 1), protection=protection)
        assert refused.value.cite == "§ 506-6 (Permit to be obtained)"


# -- the register ------------------------------------------------------------------------------


def test_register_excel_lists_each_permit_with_its_dates(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    inspector: SignedIn,
    june_permit: Made,
    tmp_path: Path,
) -> None:
    party = _applicant(desk, admin, "Hanson Plumbing")
    pending = _apply(
        desk,
        admin,
        OpeningData(
            applicant_id=party,
            sites=[SiteData("Alley behind 220 Broad St S")],
            nature_of_work="Sewer lateral",
            method="Open trench",
            planned_start=date(2026, 6, 8),
        ),
    )
    seen: list[int] = []
    target = tmp_path / "openings.xlsx"
    clock.set(date(2026, 6, 2))  # the register reads each permit as of the day it is written
    with desk.lookup(admin) as action:
        rows = views.register_rows(action)
    written = openings_excel(
        target,
        rows,
        today=date(2026, 6, 2),
        progress=seen.append,
        author="Alex Administrator",
        city=PROFILE.city_name,
    )
    assert written == 2 and seen[-1] == 2
    sheet = openpyxl.load_workbook(target).active
    assert sheet is not None
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert "street opening permits" in str(values[0][0])
    header = values[1]
    assert header == [c.header for c in REGISTER_COLUMNS]
    by_number = {row[0]: dict(zip(header, row, strict=True)) for row in values[2:]}
    approved = by_number[june_permit.number]
    assert approved["Applicant"] == "Kinni Excavating & Sons <LLC>"
    assert approved["Utility"] == "No" and approved["Emergency"] == "No"
    assert approved["Openings"] == 2
    assert "In front of 123 Broad St N" in approved["Locations"]
    assert "; Terrace & sidewalk" in approved["Locations"]
    assert approved["Applied"].date() == date(2026, 6, 1)
    assert approved["Approved"].date() == date(2026, 6, 1)
    assert approved["Valid through"].date() == date(2026, 12, 1)
    assert approved["Restoration due"].date() == date(2026, 7, 31)
    assert approved["Status"] == "Approved"
    assert approved["Completed"] is None and approved["Guarantee ends"] is None
    applied = by_number[pending.number]
    assert applied["Status"] == "Applied" and applied["Approved"] is None
    assert applied["Restoration due"] is None
    data_row = 2 + [row[0] for row in values[2:]].index(june_permit.number) + 1
    assert sheet.cell(data_row, 9).number_format == DATE_FORMAT
    assert sheet.cell(data_row, 4).number_format == INT_FORMAT
    assert sheet.freeze_panes is not None


def test_register_shows_guarantee_and_expired(
    desk: Desk, clock: FixedClock, admin: SignedIn, june_permit: Made, tmp_path: Path
) -> None:
    target = tmp_path / "expired.xlsx"
    clock.set(date(2026, 12, 2))
    with desk.lookup(admin) as action:
        rows = views.register_rows(action)
    openings_excel(target, rows, today=date(2026, 12, 2), city="Prescott")
    sheet = openpyxl.load_workbook(target).active
    assert sheet is not None
    assert sheet.cell(3, 11).value == "Expired"
    clock.set(datetime(2026, 6, 20, 15, 0))
    with desk.action(admin) as action:
        street_openings_work.record_work(
            action,
            june_permit.opening_id,
            WorkRecord(started_at=_local(2026, 6, 8, 7, 30), completed_on=date(2026, 6, 19)),
        )
    with desk.lookup(admin) as action:
        rows = views.register_rows(action)
    openings_excel(target, rows, today=date(2026, 6, 20), city="Prescott")
    sheet = openpyxl.load_workbook(target).active
    assert sheet is not None
    assert sheet.cell(3, 11).value == "Guarantee period"
    assert sheet.cell(3, 7).value.date() == date(2026, 6, 8)  # opened on
    assert sheet.cell(3, 13).value.date() == date(2026, 6, 19)
    assert sheet.cell(3, 14).value.date() == date(2027, 6, 19)
