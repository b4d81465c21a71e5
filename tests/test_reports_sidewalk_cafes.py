"""The sidewalk cafe papers (§ 506-10) read back: the permit, the notice letters with the
applicant's diagram, the Avery 5160 labels, the list for the packet, the suspension and
revocation letters (pypdf), and the register (openpyxl).

Most tests build the views the papers print from by hand, so that each case is plain to see;
the last ones take a real application from the counter to an issued permit through the
services and print every paper from what :mod:`clerk_desk.sidewalk_cafes.papers` gathers.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PageObject

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import CertificateData
from clerk_desk.clock import FixedClock, city_zone
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import Conflict
from clerk_desk.kinds import DueStatus, MeetingKind, PartyKind, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.money import Money
from clerk_desk.petitions import schedule
from clerk_desk.receipts import service as receipts
from clerk_desk.settings import CityProfile
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sc
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes.papers import (
    FeeReceipt,
    InsuranceOnFile,
    LetterView,
    NeighborLine,
    NoticeView,
    PermitView,
    RegisterRow,
    letter_view,
    notice_view,
    packet_view,
    permit_view,
    register_rows,
)
from reports.excel import DATE_FORMAT, MONEY_FORMAT
from reports.sidewalk_cafes.letters import revocation_notice_pdf, suspension_letter_pdf
from reports.sidewalk_cafes.notice import (
    AVERY_5160,
    mailing_labels_pdf,
    neighbor_list_pdf,
    neighbor_notice_pdf,
)
from reports.sidewalk_cafes.packet import packet_pdf
from reports.sidewalk_cafes.permit import permit_pdf
from reports.sidewalk_cafes.register import REGISTER_COLUMNS, register_xlsx

pytestmark = pytest.mark.usefixtures("papers_checked")

PROFILE = CityProfile(phone="(715) 262-5544", email="clerk@prescott.example")
INCH = 72.0
TERM = "§ 506-10 (Term and renewal of permit; temporary suspension of operation)"
APPLICATION = "§ 506-10 (Application for permit)"
REVOCATION = "§ 506-10 (Revocation of permit; appeal)"


# -- reading back ------------------------------------------------------------------------------


# -- views as the core hands them over --------------------------------------------------------


def _permit(**changes: Any) -> PermitView:
    view = PermitView(
        cafe_id=1,
        number="SC-2026-001",
        status="Issued \u2014 expires Tue Nov 30, 2027",
        establishment="The Broad Street Bistro",
        address="221 Broad St N",
        applicant_name="Lindqvist & Daughters <Hospitality> LLC",
        applicant_address="221 Broad St N\nPrescott, WI 54021",
        parcel_number="281-1001-00",
        zoning_district="C-1",
        renews_number="",
        issued_on=date(2026, 11, 30),
        issued_by_name="Jayne Brand",
        expires_on=date(2027, 11, 30),
        term="Expires Tue Nov 30, 2027 \u2014 at most one year from issuance; not transferable.",
        configuration="Abutting the storefront",
        dimensions=(
            ("Length along the frontage", "24 ft"),
            ("Establishment's frontage", "30 ft"),
            ("Depth from the building", "7 ft 8 in"),
            ("Clear pedestrian passage", "6 ft 4 in (abuts the curb)"),
            ("Tables and chairs from the curb face", "3 ft 6 in"),
            ("Aisles", "44 in"),
        ),
        seats=24,
        tables=6,
        umbrellas="Four market umbrellas, 7 ft across, on weighted bases.",
        serves_alcohol=True,
        liquor_license="Class B 2026-14",
        alcohol="Alcoholic beverages may be served within the delineated cafe area (liquor "
        "license Class B 2026-14).",
        opens_at=time(7, 0),
        closes_at=time(22, 0),
        hours="7:00 a.m. to 10:00 p.m.",
        council_meeting_on=date(2026, 11, 23),
        council_conditions=(
            "Close at 9:00 p.m. Sunday through Thursday.",
            "No more than six tables.",
        ),
        dpw_inspected_on=date(2026, 11, 18),
        dpw_inspected_by="Dana Whitfield",
        police_reviewed_on=date(2026, 11, 16),
        insurance=InsuranceOnFile(
            insurer="Acuity Mutual",
            policy_numbers="CGL 44-1901",
            limits=(
                ("combined single limit", Money("1000000")),
                ("products/completed operations", Money("1000000")),
                ("medical payments", Money("10000")),
                ("liquor liability", Money("1000000")),
            ),
            effective_on=date(2026, 1, 1),
            expires_on=date(2027, 12, 31),
            received_on=date(2026, 11, 2),
        ),
        fee_amount=Money("100"),
        fee_owed=Money("0"),
        receipts=(
            FeeReceipt("Sidewalk cafe permit", Money("100"), "R-2026-00412", date(2026, 11, 2)),
        ),
        site_plan_name="bistro-plan.pdf",
        site_plan_scale="1/8 in = 1 ft",
        site_plan=_plan_pdf(1),
        site_plan_kind="pdf",
        display_notice="This permit must be visibly displayed during business hours.",
        cites=(),
    )
    return replace(view, **changes)


NEIGHBORS = (
    NeighborLine(
        1, "Margaret O'Donnell", "233 Broad St N\nPrescott, WI 54021", "281-1000", "owner", 40
    ),
    NeighborLine(
        2,
        "Kinnickinnic Holdings LLC & Sons <Trust>",
        "c/o Peter Vang, Managing Member\nPO Box 1182\nHudson, WI 54016-1182",
        "281-1001",
        "owner",
        85,
    ),
    NeighborLine(
        3, "Occupant", "235 Broad St N, Apt 2\nPrescott, WI 54021", "281-1002", "occupant", 55
    ),
    NeighborLine(4, "Nguyễn Thị Hương", "301 Orange St N\nPrescott, WI 54021", "", "owner", 100),
)


def _plan_pdf(pages: int = 2, size: tuple[float, float] = (1224.0, 792.0)) -> bytes:
    """A site plan as an applicant brings it: 17 by 11 inch sheets with the scale noted."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size)
    for n in range(1, pages + 1):
        canvas.setFont("Helvetica-Bold", 28)
        canvas.drawString(60, size[1] - 80, f"SITE PLAN SHEET {n} SCALE 1/8 IN = 1 FT")
        canvas.rect(60, 60, size[0] - 120, size[1] - 180)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _picture(fmt: str = "PNG", size: tuple[int, int] = (1600, 1000), turned: int = 1) -> bytes:
    """A photographed or drawn plan; ``turned`` is the EXIF orientation a phone camera writes."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", size, "white")
    ImageDraw.Draw(image).rectangle([20, 20, size[0] - 20, size[1] - 20], outline="black", width=8)
    buffer = io.BytesIO()
    if turned != 1:
        exif = Image.Exif()
        exif[0x0112] = turned
        image.save(buffer, fmt, exif=exif)
    else:
        image.save(buffer, fmt)
    return buffer.getvalue()


def _notice(**changes: Any) -> NoticeView:
    view = NoticeView(
        cafe_id=1,
        number="SC-2026-001",
        establishment="The Broad Street Bistro",
        address="221 Broad St N",
        applicant_name="Lindqvist Hospitality LLC",
        serves_alcohol=True,
        liquor_license="Class B 2026-14",
        alcohol="Alcoholic beverages will be served at the sidewalk cafe if the permit is granted "
        "(liquor license Class B 2026-14).",
        mailed_on=date(2026, 11, 30),
        comments_due_on=date(2026, 12, 15),
        comments_explanation="15 days after Mon Nov 30, 2026 is Tue Dec 15, 2026 \u2014 Wis. "
        "Stat. § 990.001(4) (the first day is not counted, the last is).",
        site_plan_name="bistro-plan.pdf",
        site_plan_scale="1/8 in = 1 ft",
        site_plan=_plan_pdf(),
        site_plan_kind="pdf",
        neighbors=NEIGHBORS,
        cite=APPLICATION,
    )
    return replace(view, **changes)


def _many(count: int) -> tuple[NeighborLine, ...]:
    return tuple(
        NeighborLine(
            n, f"Neighbour {n:02d}", f"{100 + n} Walter St\nPrescott, WI 54021", "", "owner", 60
        )
        for n in range(1, count + 1)
    )


def _suspension(**changes: Any) -> LetterView:
    view = LetterView(
        kind="suspension",
        cafe_id=1,
        number="SC-2026-001",
        establishment="The Broad Street Bistro",
        address="221 Broad St N",
        applicant_name="Lindqvist Hospitality LLC",
        applicant_address="221 Broad St N\nPrescott, WI 54021",
        expires_on=date(2027, 11, 30),
        notice_on=date(2027, 9, 3),
        starts_on=date(2027, 9, 10),
        ends_on=date(2027, 9, 13),
        reason="Prescott Daze: Broad St N is closed for the festival and its parade.",
        cite=TERM,
    )
    return replace(view, **changes)


def _revocation(**changes: Any) -> LetterView:
    view = LetterView(
        kind="revocation",
        cafe_id=1,
        number="SC-2026-001",
        establishment="The Broad Street Bistro",
        address="221 Broad St N",
        applicant_name="Lindqvist Hospitality LLC",
        applicant_address="221 Broad St N\nPrescott, WI 54021",
        expires_on=date(2027, 11, 30),
        notice_on=date(2027, 7, 2),
        meeting_at=datetime(2027, 7, 12, 18, 0, tzinfo=city_zone()),
        meeting_place="Council Chambers, Prescott Municipal Building",
        grounds="Tables left on the sidewalk overnight on June 12 and 19, 2027.\n"
        "The clear passage was blocked by planters on June 20, 2027.",
        cite=REVOCATION,
    )
    return replace(view, **changes)


# -- the permit --------------------------------------------------------------------------------


def test_the_permit_shows_the_cafe_its_term_hours_and_what_is_on_file() -> None:
    pdf = permit_pdf(_permit(), PROFILE, printed_on=date(2026, 11, 30))
    reader = papers.reader(pdf)
    pages = papers.page_texts(pdf)
    text = " ".join(pages)
    assert len(reader.pages) == 3  # the permit's two pages, then the site plan
    assert (
        reader.metadata is not None and reader.metadata.title == "Sidewalk Cafe Permit SC-2026-001"
    )
    first = pages[0]
    # what an inspector reads first, all on the page displayed
    for shown in (
        "SIDEWALK CAFE PERMIT",
        "SC-2026-001",
        "ISSUED Mon Nov 30, 2026",
        "EXPIRES Tue Nov 30, 2027",
        "At most one year; not transferable",
        "7:00 a.m. to 10:00 p.m.",
        "This permit must be visibly displayed during business hours.",
        "City Administrator, City of Prescott",
        "Monday, November 30, 2026",
        "Approved by the Common Council on Mon Nov 23, 2026",
        "Inspected by the Director of Public Works (Dana Whitfield) on Wed Nov 18, 2026",
        "Lindqvist & Daughters <Hospitality> LLC",
        "The Broad Street Bistro",
        "221 Broad St N",
        "Parcel 281-1001-00 · zoned C-1",
        "Abutting the storefront",
        "As delineated on the site plan, the last page of this permit: bistro-plan.pdf, drawn "
        "to a scale of 1/8 in = 1 ft.",
        "Clear pedestrian passage 6 ft 4 in (abuts the curb)",
        "Aisles 44 in",
        "24 seats at 6 tables",
    ):
        assert shown in first, shown
    for shown in (
        "1. Close at 9:00 p.m. Sunday through Thursday.",
        "2. No more than six tables.",
        "Expires Tue Nov 30, 2027 — at most one year from issuance; not transferable.",
        "upon 7 days\u2019 written notice",
        "upon 10 days\u2019 written notice",
        "Four market umbrellas, 7 ft across, on weighted bases.",
        "Alcoholic beverages may be served within the delineated cafe area",
        "stanchion barrier three feet high",
        "within one hour after closing",
        "Certificate of insurance from Acuity Mutual, policy CGL 44-1901",
        "liquor liability $1,000,000.00",
        "$100.00 paid on receipt R-2026-00412, Mon Nov 2, 2026",
        "§ 506-10 (Rules of operation)",
        TERM,
        REVOCATION,
        "§ 506-10 (Liability; indemnification of the City of Prescott; insurance)",
        "§ 506-10 (Sidewalk clearances and furniture location requirements)",
    ):
        assert shown in text, shown
    assert "EXPIRED" not in text and "still owed" not in text


def test_a_permit_without_alcohol_insurance_or_conditions_says_so() -> None:
    view = _permit(
        serves_alcohol=False,
        liquor_license="",
        alcohol="No alcoholic beverages may be served or carried in the sidewalk cafe.",
        council_conditions=(),
        insurance=None,
        receipts=(),
        fee_owed=Money("100"),
        umbrellas="No umbrellas.",
    )
    text = papers.text(permit_pdf(view, PROFILE))
    assert "No alcoholic beverages may be served or carried in the sidewalk cafe." in text
    assert "stanchion" not in text  # the alcohol rules only where alcohol is served
    assert "The Common Council set no conditions beyond the requirements of § 506-10." in text
    assert "No certificate of insurance is on file." in text
    assert "$100.00 of the $100.00 fee is still owed." in text
    assert "No umbrellas. Umbrellas are permitted only as described in this permit." in text


def test_no_permit_is_printed_before_it_is_issued() -> None:
    with pytest.raises(Conflict, match="no permit issued") as raised:
        permit_pdf(_permit(issued_on=None, expires_on=None, status="Approved by Council"), PROFILE)
    assert raised.value.cite == "§ 506-10 (Sidewalk cafe permit issuance)"


@pytest.mark.parametrize(
    ("status", "word"),
    [
        ("Expired", "EXPIRED"),
        ("Revoked until Mon Aug 2, 2027", "REVOKED"),
        ("Suspended until Mon Sep 13, 2027", None),
    ],
)
def test_a_permit_that_no_longer_stands_says_so_across_the_page(
    status: str, word: str | None
) -> None:
    pages = papers.page_texts(permit_pdf(_permit(status=status), PROFILE))
    for page in pages:
        if word is None:
            assert "EXPIRED" not in page and "REVOKED" not in page
        else:
            assert word in page


def test_the_administrator_signs_the_permit_the_clerk_who_recorded_it_is_named_small() -> None:
    """The permit is the City Administrator's to issue: a blank line to sign, captioned "City
    Administrator", never the name of the clerk who pressed Issue as the Administrator."""
    pdf = permit_pdf(_permit(issued_by_name="Carla Jensen"), PROFILE)
    first = papers.page_texts(pdf)[0]
    assert "City Administrator, City of Prescott" in first
    assert "Recorded by Carla Jensen" in first
    assert "Carla Jensen City Administrator" not in first
    # the name sits in the small print, after the caption, not above the line as the signer
    assert first.index("City Administrator, City of Prescott") < first.index("Carla Jensen")
    nobody = papers.page_texts(permit_pdf(_permit(issued_by_name=""), PROFILE))[0]
    assert "Recorded by" not in nobody and "City Administrator, City of Prescott" in nobody


def test_the_permit_delineates_the_cafe_area_with_the_site_plan() -> None:
    """§ 506-10 (Permissible locations): "as delineated by the City in the sidewalk cafe permit
    as issued" — the plan's pages are the permit's last pages, numbered with it."""
    pdf = permit_pdf(_permit(site_plan=_plan_pdf(2)), PROFILE)
    reader = papers.reader(pdf)
    pages = papers.page_texts(pdf)
    assert len(pages) == 4
    assert "Page 1 of 4" in pages[0] and "Page 4 of 4" in pages[3]
    assert "As delineated on the site plan, the last 2 pages of this permit" in pages[0]
    for n, page in ((1, pages[2]), (2, pages[3])):
        assert f"The cafe area — site plan of permit SC-2026-001, page {n} of 2" in page
        assert f"SITE PLAN SHEET {n} SCALE 1/8 IN = 1 FT" in page  # the plan itself, set in
        assert "may occupy only the area delineated here (§ 506-10 (Permissible locations))" in page
    assert reader.pages[2].mediabox.width > reader.pages[2].mediabox.height  # a wide sheet
    picture = papers.page_texts(
        permit_pdf(_permit(site_plan=_picture(), site_plan_kind="png"), PROFILE)
    )
    assert len(picture) == 3 and "The cafe area — site plan of permit SC-2026-001" in picture[2]
    unreadable = papers.text(permit_pdf(_permit(site_plan=b"garbage", site_plan_kind=""), PROFILE))
    assert "which cannot be read: attach a copy of the plan to this permit" in unreadable
    none = papers.text(
        permit_pdf(_permit(site_plan=None, site_plan_name="", site_plan_kind=""), PROFILE)
    )
    assert "No site plan is on file." in none


def test_a_fee_paid_without_a_receipt_is_said_to_be_paid() -> None:
    unreceipted = papers.text(permit_pdf(_permit(receipts=(), fee_owed=Money("0")), PROFILE))
    assert "$100.00 of the $100.00 fee is recorded paid (no receipt of the City's on file" in (
        unreceipted
    )
    assert "No fee is recorded" not in unreceipted
    nothing = papers.text(
        permit_pdf(_permit(receipts=(), fee_amount=Money("0"), fee_owed=Money("0")), PROFILE)
    )
    assert "No fee is recorded for this permit." in nothing
    part = papers.text(permit_pdf(_permit(receipts=(), fee_owed=Money("40")), PROFILE))
    assert "$60.00 of the $100.00 fee is recorded paid" in part
    assert "$40.00 of the $100.00 fee is still owed." in part


def test_a_renewed_permit_says_so_across_the_page() -> None:
    pages = papers.page_texts(permit_pdf(_permit(status="Renewed by SC-2027-004"), PROFILE))
    assert all("RENEWED" in page for page in pages)


# -- the notice to owners and occupants within 100 feet ---------------------------------------


def test_one_letter_to_each_neighbour_each_with_the_diagram() -> None:
    pdf = neighbor_notice_pdf(_notice(), PROFILE)
    reader = papers.reader(pdf)
    pages = papers.page_texts(pdf)
    assert len(pages) == 4 * 3  # each letter, then the plan's two sheets
    for n, neighbor in enumerate(NEIGHBORS):
        letter, sheet_1, sheet_2 = pages[3 * n : 3 * n + 3]
        assert papers.flat(neighbor.name) in letter
        for line in neighbor.mailing_address.splitlines():
            assert line in letter
        assert all(other.name not in letter for other in NEIGHBORS if other is not neighbor)
        assert "Page 1 of 3" in letter and "Page 2 of 3" in sheet_1 and "Page 3 of 3" in sheet_2
        assert "Notice of Application for a Sidewalk Cafe Permit" in letter
        assert "Monday, November 30, 2026" in letter  # the letter is dated the day mailed
        assert (
            "must be received by the City Clerk by Tuesday, December 15, 2026, within 15 "
            "calendar days from the date this notice was mailed, Monday, November 30, 2026"
        ) in letter
        assert (
            "Alcoholic beverages will be served at the sidewalk cafe if the permit is granted "
            "(liquor license Class B 2026-14)."
        ) in letter
        assert "The applicant\u2019s site plan is enclosed (pages 2\u20133)." in letter
        assert "The Broad Street Bistro" in letter and "Lindqvist Hospitality LLC" in letter
        assert APPLICATION in letter
        # the applicant's own drawing, set into the letter's pages 2 and 3
        assert "SITE PLAN SHEET 1 SCALE 1/8 IN = 1 FT" in sheet_1
        assert "SITE PLAN SHEET 2 SCALE 1/8 IN = 1 FT" in sheet_2
        assert "Site plan submitted by the applicant — application SC-2026-001, page 1 of 2" in (
            sheet_1
        )
        assert "Reduced to 56% of its size" in sheet_1
    owner = pages[0]
    occupant = pages[6]
    assert "as the owner of property within 100 feet" in owner
    assert "as the occupant of property within 100 feet" in occupant
    # a sheet wider than tall gets a landscape page; the letters stay portrait
    assert [float(v) for v in reader.pages[0].mediabox] == [0, 0, 612, 792]
    assert [float(v) for v in reader.pages[1].mediabox] == [0, 0, 792, 612]


def _scan_form(page: PageObject) -> int:
    """The object number of the form a PDF plan's sheet is drawn from on a page."""
    resources: Any = page["/Resources"]
    return int(resources["/XObject"].raw_get("/ClerkScan").idnum)


def test_the_plan_is_embedded_once_however_many_letters() -> None:
    reader = papers.reader(neighbor_notice_pdf(_notice(neighbors=_many(6)), PROFILE))
    forms = {_scan_form(page) for n, page in enumerate(reader.pages) if n % 3}
    assert len(forms) == 2  # one form for each sheet of the plan, shared by the six letters


def test_a_plan_that_fits_the_page_keeps_its_scale() -> None:
    pages = papers.page_texts(
        neighbor_notice_pdf(_notice(site_plan=_plan_pdf(1, (500.0, 600.0))), PROFILE)
    )
    assert len(pages) == 4 * 2
    assert "Printed at its full size." in pages[1]
    assert "The applicant\u2019s site plan is enclosed (page 2)." in pages[0]


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_a_picture_of_the_plan_is_drawn_on_the_page(fmt: str) -> None:
    view = _notice(site_plan=_picture(fmt), site_plan_kind=fmt.lower(), site_plan_name="plan.png")
    reader = papers.reader(neighbor_notice_pdf(view, PROFILE))
    assert len(reader.pages) == 4 * 2
    images = [reader.pages[n].images for n in range(1, 8, 2)]
    assert all(len(found) == 1 for found in images)
    assert images[0][0].image is not None and images[0][0].image.size == (1600, 1000)
    shared = set()
    for n in range(1, 8, 2):
        resources: Any = reader.pages[n]["/Resources"]
        xobjects = resources["/XObject"]
        shared |= {xobjects.raw_get(name).idnum for name in xobjects if "Picture" in name}
    assert len(shared) == 1  # the picture is embedded once, drawn on every letter's page 2
    text = papers.flat(reader.pages[1].extract_text())
    assert "Measure by the dimensions written on the plan." in text
    assert "Page 2 of 2" in text


def test_a_phone_photo_is_turned_upright() -> None:
    view = _notice(site_plan=_picture("JPEG", (1600, 1000), turned=6), site_plan_kind="jpeg")
    reader = papers.reader(neighbor_notice_pdf(view, PROFILE))
    (image,) = reader.pages[1].images
    assert image.image is not None and image.image.size == (1000, 1600)  # turned a quarter
    assert [float(v) for v in reader.pages[1].mediabox] == [0, 0, 612, 792]  # taller than wide


def test_no_notice_without_the_day_of_mailing_the_list_or_a_readable_diagram() -> None:
    with pytest.raises(Conflict, match="Record the day the notice of SC-2026-001 is mailed"):
        neighbor_notice_pdf(_notice(mailed_on=None, comments_due_on=None), PROFILE)
    with pytest.raises(Conflict, match="No owners or occupants within 100 feet are listed"):
        neighbor_notice_pdf(_notice(neighbors=()), PROFILE)
    with pytest.raises(Conflict, match="no site plan attached") as raised:
        neighbor_notice_pdf(_notice(site_plan=None, site_plan_kind=""), PROFILE)
    assert raised.value.cite == APPLICATION
    with pytest.raises(Conflict, match="cannot be read as a PDF, PNG or JPEG"):
        neighbor_notice_pdf(_notice(site_plan=b"GIF89a not a plan", site_plan_kind=""), PROFILE)


# -- mailing labels ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    text: str
    x: float
    y: float
    size: float


def _placed(page: PageObject) -> list[Placed]:
    """Each string drawn on a page of labels with where it starts and its size."""
    found: list[Placed] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip():
            found.append(Placed(text.strip(), tm[4], tm[5], size * tm[0]))

    page.extract_text(visitor_text=visit)
    return found


def _label_at(x: float, y: float) -> int:
    """Which of the 30 labels (0 to 29, across then down) a point falls in, by the Avery 5160
    measurements themselves: 1/2 in top margin, 3/16 in side, 2 5/8 by 1 in labels, 1/8 in
    between the columns; -1 when it falls outside every label."""
    for slot in range(30):
        row, column = divmod(slot, 3)
        left = 0.1875 * INCH + column * (2.625 + 0.125) * INCH
        top = 792 - 0.5 * INCH - row * INCH
        if left <= x <= left + 2.625 * INCH and top - INCH <= y <= top:
            return slot
    return -1


def test_thirty_labels_a_sheet_the_thirty_first_on_the_next() -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from reports.fonts import FONT_REGULAR

    people = (*_many(29), NEIGHBORS[1], NEIGHBORS[3])  # 31, a long name the 30th
    pdf = mailing_labels_pdf(people, PROFILE)
    reader = papers.reader(pdf)
    assert len(reader.pages) == 2
    first, second = (_placed(page) for page in reader.pages)
    names = [p for p in first if p.text.startswith(("Neighbour", "Kinnickinnic"))]
    assert len(names) == 30
    assert [_label_at(p.x, p.y) for p in names] == list(range(30))  # across, then down
    assert [p.text for p in names[:4]] == [
        "Neighbour 01",
        "Neighbour 02",
        "Neighbour 03",
        "Neighbour 04",
    ]
    # every line of a label lies inside that label, the long ones made smaller to fit
    for placed in first + second:
        slot = _label_at(placed.x, placed.y)
        assert slot >= 0, placed
        width = stringWidth(placed.text, FONT_REGULAR, placed.size)
        assert _label_at(placed.x + width, placed.y) == slot, placed
        assert placed.size >= 7
    # each address starts 0.14 in inside its label and sits centred top to bottom in it
    for slot in range(30):
        row, column = divmod(slot, 3)
        left = 0.1875 * INCH + column * (2.625 + 0.125) * INCH
        middle = 792 - 0.5 * INCH - row * INCH - INCH / 2
        lines = [p for p in first if _label_at(p.x, p.y) == slot]
        assert all(p.x - left == pytest.approx(0.14 * INCH, abs=0.2) for p in lines), slot
        block_top = lines[0].y + 0.73 * lines[0].size  # the first line's capitals
        assert (block_top + lines[-1].y) / 2 == pytest.approx(middle, abs=3), slot
    long_name = next(p for p in first if p.text.startswith("Kinnickinnic"))
    assert long_name.size < 10
    assert _label_at(long_name.x, long_name.y) == 29
    # the thirty-first is the first label of the second sheet, with all its lines
    assert [p.text for p in second] == ["Nguyễn Thị Hương", "301 Orange St N", "Prescott, WI 54021"]
    assert {_label_at(p.x, p.y) for p in second} == {0}
    assert "Neighbour 05 105 Walter St Prescott, WI 54021" in papers.flat(
        reader.pages[0].extract_text()
    )
    assert not any("Page" in p.text for p in first)  # nothing printed outside the labels


def test_labels_can_start_on_a_partly_used_sheet() -> None:
    reader = papers.reader(mailing_labels_pdf(_many(3), PROFILE, skip=28))
    first, second = (_placed(page) for page in reader.pages)
    assert {(_label_at(p.x, p.y), p.text) for p in first if p.text.startswith("Neighbour")} == {
        (28, "Neighbour 01"),
        (29, "Neighbour 02"),
    }
    assert [_label_at(p.x, p.y) for p in second if p.text.startswith("Neighbour")] == [0]


def test_the_label_sheet_is_avery_5160() -> None:
    sheet = AVERY_5160
    assert sheet.per_sheet == 30
    assert sheet.origin(0) == (0.1875 * INCH, 792 - 0.5 * INCH - INCH)
    assert sheet.origin(2)[0] == pytest.approx((0.1875 + 2 * 2.75) * INCH)
    assert sheet.origin(29)[1] == pytest.approx(0.5 * INCH)  # the bottom margin is 1/2 in too
    with pytest.raises(Conflict, match="no mailing labels"):
        mailing_labels_pdf((), PROFILE)
    with pytest.raises(ValueError, match="skip"):
        mailing_labels_pdf(NEIGHBORS, PROFILE, skip=30)


# -- the list attached to the packet -----------------------------------------------------------


def test_the_list_names_everyone_notified_with_a_certificate_of_mailing() -> None:
    pdf = neighbor_list_pdf(_notice(), PROFILE)
    text = papers.text(pdf)
    assert "Owners and Occupants Notified" in text
    assert "4 addressees: 3 owners, 1 occupant" in text
    for neighbor in NEIGHBORS:
        assert neighbor.name in text
    for row in (
        "1 Margaret O'Donnell 233 Broad St N Prescott, WI 54021 281-1000 Owner 40 ft",
        "3 Occupant 235 Broad St N, Apt 2 Prescott, WI 54021 281-1002 Occupant 55 ft",
        "Nguyễn Thị Hương 301 Orange St N Prescott, WI 54021 Owner 100 ft",
    ):
        assert row in text, row
    assert "Received by the City Clerk by Tuesday, December 15, 2026" in text
    assert "15 days after Mon Nov 30, 2026 is Tue Dec 15, 2026" in text
    assert (
        "I certify that on Monday, November 30, 2026 notice that application SC-2026-001"
    ) in text
    assert "City Administrator, City of Prescott" in text
    assert "DRAFT" not in text


def test_an_owner_beyond_100_feet_is_kept_and_marked_not_required() -> None:
    far = NeighborLine(5, "Far Owner LLC", "PO Box 7\nPrescott, WI 54021", "281-1009", "owner", 101)
    notice = _notice(neighbors=(*NEIGHBORS, far))
    listed = papers.text(neighbor_list_pdf(notice, PROFILE))
    assert "5 addressees: 4 owners, 1 occupant; 1 beyond 100 ft — not required" in listed
    assert (
        "Far Owner LLC PO Box 7 Prescott, WI 54021 281-1009 Owner 101 ft beyond 100 ft — not"
        in (listed)
    )
    assert "Owner 100 ft beyond" not in listed  # 100 feet exactly is within
    letters = papers.page_texts(neighbor_notice_pdf(notice, PROFILE))
    near, far_letter = letters[0], letters[12]
    assert "as the owner of property within 100 feet of the applicant" in near
    assert "Far Owner LLC" in far_letter
    assert (
        "as the owner of property near the applicant\u2019s property and the proposed "
        "sidewalk cafe" in far_letter
    )
    assert "notice is required within 100 feet; it is sent to you as well" in far_letter


def test_before_mailing_the_list_is_a_draft() -> None:
    text = papers.text(neighbor_list_pdf(_notice(mailed_on=None, comments_due_on=None), PROFILE))
    assert "Owners and Occupants to Be Notified" in text
    assert "Notice mailed Not yet" in text
    assert "DRAFT" in text
    assert "I certify" not in text


# -- suspension and revocation ----------------------------------------------------------------


def test_the_suspension_letter_gives_seven_days_notice() -> None:
    text = papers.text(suspension_letter_pdf(_suspension(), PROFILE))
    assert "Temporary Suspension of Sidewalk Cafe Operation" in text
    assert "Friday, September 3, 2027" in text  # dated the day of the notice
    assert "Suspended Friday, September 10, 2027 through Monday, September 13, 2027" in text
    assert (
        "Given Friday, September 3, 2027, 7 days before the suspension begins (at least 7 are "
        "required)"
    ) in text
    assert "1. Prescott Daze: Broad St N is closed for the festival and its parade." in text
    assert "the written notice, given at least 7 days before, that the ordinance requires" in text
    assert "not responsible for fixtures or property" in text
    assert "it expires Tuesday, November 30, 2027, and the suspension does not extend its term" in (
        text
    )
    assert TERM in text
    assert "emergency as determined by the City" not in text


def test_an_emergency_suspension_is_confirmed_in_writing_without_prior_notice() -> None:
    view = _suspension(
        notice_on=None,
        emergency=True,
        starts_on=date(2027, 6, 3),
        ends_on=date(2027, 6, 3),
        reason="A water main break under Broad St N.",
    )
    text = papers.text(suspension_letter_pdf(view, PROFILE, printed_on=date(2027, 6, 4)))
    assert "Friday, June 4, 2027" in text
    assert "Suspended Thursday, June 3, 2027" in text
    assert "None in advance: an emergency, as determined by the City" in text
    assert "in an emergency as determined by the City, without prior notice" in text
    assert "given at least 7 days before" not in text


def test_the_revocation_notice_names_the_meeting_and_the_grounds() -> None:
    text = papers.text(revocation_notice_pdf(_revocation(), PROFILE))
    assert "Notice of Meeting on Revocation of Permit" in text
    assert "Friday, July 2, 2027" in text
    assert "Council meeting Monday, July 12, 2027, at 6:00 p.m." in text
    assert "Place Council Chambers, Prescott Municipal Building" in text
    assert "Given Friday, July 2, 2027, 10 days before the meeting (at least 10 are required)" in (
        text
    )
    assert "revoking your sidewalk cafe permit, temporarily or permanently" in text
    assert (
        "the written notice to the permittee, given at least 10 days before the meeting, that "
        "the ordinance requires before the Council may act"
    ) in text
    assert "1. Tables left on the sidewalk overnight on June 12 and 19, 2027." in text
    assert "2. The clear passage was blocked by planters on June 20, 2027." in text
    assert "the permit was improvidently granted" in text
    assert REVOCATION in text


def test_each_letter_needs_its_own_kind_of_view() -> None:
    with pytest.raises(ValueError, match="suspension"):
        suspension_letter_pdf(_revocation(), PROFILE)
    with pytest.raises(ValueError, match="revocation"):
        revocation_notice_pdf(_suspension(), PROFILE)


# -- the register ------------------------------------------------------------------------------


def _row(**changes: Any) -> RegisterRow:
    row = RegisterRow(
        cafe_id=1,
        number="SC-2026-001",
        year=2026,
        establishment="The Broad Street Bistro",
        address="221 Broad St N",
        applicant="Lindqvist Hospitality LLC",
        status="Issued \u2014 expires Tue Nov 30, 2027",
        applied_on=date(2026, 10, 5),
        notice_mailed_on=date(2026, 10, 6),
        comments_due_on=date(2026, 10, 21),
        council_meeting_on=date(2026, 10, 26),
        council_approved=True,
        issued_on=date(2026, 11, 30),
        expires_on=date(2027, 11, 30),
        serves_alcohol=True,
        seats=24,
        fee_owed=Money("0"),
        renews_number="",
    )
    return replace(row, **changes)


def test_the_register_in_excel(tmp_path: Path) -> None:
    rows = [
        _row(),
        _row(
            cafe_id=2,
            number="SC-2026-002",
            establishment="Kettle Corner Cafe",
            status="Denied",
            council_approved=False,
            issued_on=None,
            expires_on=None,
            serves_alcohol=False,
            seats=None,
            fee_owed=Money("100"),
        ),
        _row(
            cafe_id=3,
            number="SC-2026-003",
            status="Applied",
            notice_mailed_on=None,
            comments_due_on=None,
            council_meeting_on=None,
            council_approved=None,
            issued_on=None,
            expires_on=None,
            renews_number="SC-2026-001",
        ),
    ]
    path = tmp_path / "cafes.xlsx"
    assert register_xlsx(rows, path, city="City of Prescott", as_of=date(2026, 11, 30)) == 3
    sheet = openpyxl.load_workbook(path).active
    assert sheet is not None
    assert sheet["A1"].value == (
        "City of Prescott \u2014 sidewalk cafe permits (§ 506-10), Mon Nov 30, 2026"
    )
    header = [cell.value for cell in sheet[2]]
    assert header == [c.header for c in REGISTER_COLUMNS]
    assert sheet.freeze_panes == "A3"
    first = {h: cell for h, cell in zip(header, sheet[3], strict=True)}
    assert first["Number"].value == "SC-2026-001"
    # a year, not an amount: 2026, never "2,026"
    assert first["Year"].value == 2026 and first["Year"].number_format == "0"
    assert first["Issued"].value == datetime(2026, 11, 30)
    assert first["Issued"].number_format == DATE_FORMAT
    assert first["Expires"].value == datetime(2027, 11, 30)
    assert first["Council decision"].value == "Approved"
    assert first["Alcohol"].value == "Yes"
    assert first["Seats"].value == 24
    assert first["Fee owed"].value == 0
    assert first["Fee owed"].number_format == MONEY_FORMAT
    denied = {h: cell.value for h, cell in zip(header, sheet[4], strict=True)}
    assert denied["Council decision"] == "Denied"
    assert denied["Fee owed"] == 100
    assert denied["Issued"] is None and denied["Seats"] is None and denied["Alcohol"] == "No"
    renewal = {h: cell.value for h, cell in zip(header, sheet[5], strict=True)}
    assert renewal["Council decision"] is None and renewal["Renews"] == "SC-2026-001"


# -- from the counter to the printed papers ---------------------------------------------------

STATION = "Front counter"
PLAN_SCALE = "1/8 in = 1 ft"


def _open_party(action: Action, name: str) -> int:
    return parties.add_party(
        action,
        parties.PartyData(
            kind=PartyKind.BUSINESS,
            name=name,
            contact_name="Pat Lindqvist",
            street="221 Broad St N",
            city="Prescott",
            state="WI",
            postal_code="54021",
            phone="(715) 555-0142",
        ),
    ).id


def _application(applicant_id: int) -> cafe_rules.CafeData:
    return cafe_rules.CafeData(
        applicant_id=applicant_id,
        establishment="The Broad Street Bistro",
        address="221 Broad St N",
        zoning_district="C-1",
        commercially_zoned=True,
        sales_from=date(2026, 5, 1),
        sales_to=date(2026, 10, 31),
        gross_sales=Money("200000"),
        food_and_soft_drink_sales=Money("150000"),
        sidewalk_width_in=168,
        clear_passage_in=72,
        passage_abuts_curb=True,
        curb_setback_in=42,
        aisle_in=44,
        frontage_in=360,
        cafe_length_in=288,
        cafe_depth_in=92,
        seats=24,
        tables=6,
        umbrellas="Four market umbrellas on weighted bases.",
        serves_alcohol=True,
        liquor_license="Class B 2026-14",
        opens_at=time(7, 0),
        closes_at=time(22, 0),
        indoor_opens_at=time(6, 0),
        indoor_closes_at=time(23, 0),
        site_plan_scale=PLAN_SCALE,
    )


@dataclass
class Counter:
    desk: Desk
    admin: SignedIn
    clock: FixedClock
    cafe_id: int
    suspension_id: int


@pytest.fixture
def counter(desk: Desk, admin: SignedIn, clock: FixedClock) -> Counter:
    """An application taken Monday, November 30, 2026, its notice mailed that day, approved by
    the Council on December 28 after the 15 days for comments, issued the next day, then a
    suspension for Prescott Daze and a notice of a revocation meeting."""
    with desk.action(admin) as action:
        applicant = _open_party(action, "Lindqvist Hospitality LLC")
        bonds.file_certificate(
            action,
            CertificateData(
                insured_id=applicant,
                insurer="Acuity Mutual",
                policy_numbers="CGL 44-1901",
                effective_on=date(2026, 1, 1),
                expires_on=date(2028, 6, 30),
                received_on=date(2026, 11, 30),
                general_liability=True,
                city_additional_insured=True,
                additional_insured_endorsement=True,
                notice_days=30,
                coverages={
                    CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000"),
                    CoverageKind.PRODUCTS_COMPLETED_OPERATIONS: Money("1000000"),
                    CoverageKind.MEDICAL_PAYMENTS: Money("10000"),
                    CoverageKind.LIQUOR_LIABILITY: Money("1000000"),
                },
            ),
        )
        cafe = sc.receive_application(
            action,
            _application(applicant),
            site_plan=("bistro-plan.pdf", _plan_pdf()),
            sales_records=("sales.pdf", _plan_pdf(1)),
        )
        cafe_id = cafe
        receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
        dues = [
            d
            for d in ledger.dues_for(
                action.session, RecordRef(cafe_rules.RECORD_TYPE, str(cafe_id))
            )
            if d.status == DueStatus.OPEN
        ]
        lines = [receipts.due_line(action.session, d.id) for d in dues]
        receipts.take_payment(
            action,
            station=STATION,
            payer_id=applicant,
            lines=lines,
            tenders=[
                receipts.TenderEntry(
                    TenderKind.CHECK,
                    sum((line.amount for line in lines), Money.zero()),
                    check_number="3310",
                )
            ],
        )
        cafe_notice.set_neighbors(
            action,
            cafe_id,
            [
                cafe_rules.NeighborData("Margaret O'Donnell", "233 Broad St N\nPrescott, WI 54021",
                                "281-1000", "owner", 40),
                cafe_rules.NeighborData("Occupant", "235 Broad St N, Apt 2\nPrescott, WI 54021",
                                "", "occupant", 55),
                cafe_rules.NeighborData("Nguyễn Thị Hương", "301 Orange St N\nPrescott, WI 54021",
                                "281-1003", "owner", 100),
            ],
        )  # fmt: skip
        cafe_notice.record_notice_mailed(
            action, cafe_id, mailed_on=date(2026, 11, 30), by_name="Test"
        )
        sc.send_to_police(action, cafe_id, on=date(2026, 11, 30))
        zone = action.clock.local_now().tzinfo
        council = schedule.add_meeting(
            action,
            schedule.MeetingData(
                kind=MeetingKind.REGULAR,
                starts_at=datetime(2026, 12, 28, 18, 0, tzinfo=zone),
                place="Council Chambers, Prescott Municipal Building",
            ),
        )
        hearing = schedule.add_meeting(
            action,
            schedule.MeetingData(
                kind=MeetingKind.REGULAR,
                starts_at=datetime(2027, 7, 12, 18, 0, tzinfo=zone),
                place="Council Chambers, Prescott Municipal Building",
            ),
        )
    clock.set(datetime(2026, 12, 3, 9, 0))
    with desk.action(admin) as action:
        sc.record_police_review(action, cafe_id, on=date(2026, 12, 3), approved=True)
        sc.record_dpw_inspection(
            action, cafe_id, on=date(2026, 12, 3), by_name="Dana Whitfield", satisfied=True
        )
    clock.set(datetime(2026, 12, 28, 20, 0))
    with desk.action(admin) as action:
        cafe_council.record_council_decision(
            action,
            cafe_id,
            meeting_id=council,
            approved=True,
            conditions="No more than six tables.",
            closes_at=time(21, 30),
        )
    clock.set(datetime(2026, 12, 29, 9, 0))
    with desk.action(admin) as action:
        cafe_council.issue(action, cafe_id)
    clock.set(datetime(2027, 7, 2, 9, 0))
    with desk.action(admin) as action:
        suspension = cafe_suspensions.suspend(
            action,
            cafe_id,
            notice_on=date(2027, 7, 2),
            starts_on=date(2027, 9, 10),
            ends_on=date(2027, 9, 13),
            reason="Prescott Daze: Broad St N is closed for the festival.",
        )
        cafe_suspensions.give_revocation_notice(
            action,
            cafe_id,
            notice_on=date(2027, 7, 2),
            meeting_id=hearing,
            grounds="Tables left on the sidewalk overnight.",
        )
        suspension_id = suspension
    return Counter(desk, admin, clock, cafe_id, suspension_id)


def test_every_paper_prints_from_a_real_application(counter: Counter, tmp_path: Path) -> None:
    with counter.desk.action(counter.admin) as action:
        session = action.session
        permit = permit_view(session, counter.cafe_id, action.calendar, today=action.today())
        notice = notice_view(session, counter.cafe_id, calendar=action.calendar)
        suspension = letter_view(session, counter.cafe_id, suspension_id=counter.suspension_id)
        revocation = letter_view(session, counter.cafe_id)
        rows = register_rows(session, 2026, today=action.today())

    permit_text = papers.text(permit_pdf(permit, PROFILE, printed_on=date(2027, 7, 2)))
    assert "SC-2026-001" in permit_text
    assert "ISSUED Tue Dec 29, 2026" in permit_text
    assert "EXPIRES Wed Dec 29, 2027" in permit_text
    assert "7:00 a.m. to 9:30 p.m." in permit_text  # the Council's earlier closing
    assert "1. No more than six tables." in permit_text
    assert "Approved by the Common Council on Mon Dec 28, 2026" in permit_text
    assert (
        "Inspected by the Director of Public Works (Dana Whitfield) on Thu Dec 3, 2026"
        in permit_text
    )
    assert "Certificate of insurance from Acuity Mutual" in permit_text
    assert "paid on receipt" in permit_text and "still owed" not in permit_text
    assert "Clear pedestrian passage 6 ft (abuts the curb)" in permit_text
    # the cafe area as delineated: the applicant's plan, from the file kept, ends the permit
    assert "The cafe area — site plan of permit SC-2026-001, page 2 of 2" in permit_text
    assert "SITE PLAN SHEET 2 SCALE 1/8 IN = 1 FT" in permit_text

    letters = papers.page_texts(neighbor_notice_pdf(notice, PROFILE))
    assert len(letters) == 3 * 3
    assert "Margaret O'Donnell" in letters[0] and "Nguyễn Thị Hương" in letters[6]
    assert "received by the City Clerk by Tuesday, December 15, 2026" in letters[0]
    assert "SITE PLAN SHEET 2 SCALE 1/8 IN = 1 FT" in letters[2]
    labels = papers.reader(mailing_labels_pdf(notice.neighbors, PROFILE))
    assert len(labels.pages) == 1
    assert "Occupant 235 Broad St N, Apt 2 Prescott, WI 54021" in papers.flat(
        labels.pages[0].extract_text()
    )
    listed = papers.text(neighbor_list_pdf(notice, PROFILE))
    assert "3 addressees: 2 owners, 1 occupant" in listed
    assert "I certify that on Monday, November 30, 2026" in listed

    suspended = papers.text(suspension_letter_pdf(suspension, PROFILE))
    assert "Friday, September 10, 2027 through Monday, September 13, 2027" in suspended
    assert "70 days before the suspension begins" in suspended
    revoked = papers.text(revocation_notice_pdf(revocation, PROFILE))
    assert "Council meeting Monday, July 12, 2027, at 6:00 p.m." in revoked
    assert "1. Tables left on the sidewalk overnight." in revoked

    path = tmp_path / "register.xlsx"
    assert register_xlsx(rows, path) == 1
    sheet = openpyxl.load_workbook(path).active
    assert sheet is not None
    values = [cell.value for cell in sheet[3]]
    assert values[0] == "SC-2026-001"
    assert values[REGISTER_COLUMNS.index(REGISTER_COLUMNS[11])] == datetime(2026, 12, 29)


@pytest.fixture
def before_council(desk: Desk, admin: SignedIn, clock: FixedClock) -> Counter:
    """An application serving alcohol, its notice mailed Mon Nov 30, 2026 to four addressees
    (one 120 ft away), two comments in time and one late, the Chief's memorandum of concerns,
    the DPW's inspection, and its place before the Council's meeting of Dec 28."""
    with desk.action(admin) as action:
        applicant = _open_party(action, "Lindqvist Hospitality LLC")
        cafe = sc.receive_application(
            action,
            _application(applicant),
            site_plan=("bistro-plan.pdf", _plan_pdf()),
            sales_records=("sales.pdf", _plan_pdf(1)),
        )
        cafe_id = cafe
        cafe_notice.set_neighbors(
            action,
            cafe_id,
            [
                cafe_rules.NeighborData("Margaret O'Donnell", "233 Broad St N\nPrescott, WI 54021",
                                "281-1000", "owner", 40),
                cafe_rules.NeighborData("Occupant", "235 Broad St N, Apt 2\nPrescott, WI 54021",
                                "", "occupant", 55),
                cafe_rules.NeighborData("Nguyễn Thị Hương", "301 Orange St N\nPrescott, WI 54021",
                                "281-1003", "owner", 100),
                cafe_rules.NeighborData("Far Field Farms LLC", "PO Box 88\nPrescott, WI 54021",
                                "281-1090", "owner", 120),
            ],
        )  # fmt: skip
        cafe_notice.record_notice_mailed(
            action, cafe_id, mailed_on=date(2026, 11, 30), by_name="Test"
        )
        sc.send_to_police(action, cafe_id, on=date(2026, 11, 30))
        zone = action.clock.local_now().tzinfo
        council = schedule.add_meeting(
            action,
            schedule.MeetingData(
                kind=MeetingKind.REGULAR,
                starts_at=datetime(2026, 12, 28, 18, 0, tzinfo=zone),
                place="Council Chambers, Prescott Municipal Building",
            ),
        )
    clock.set(datetime(2026, 12, 3, 9, 0))
    with desk.action(admin) as action:
        sc.record_police_review(
            action,
            cafe_id,
            on=date(2026, 12, 3),
            approved=False,
            memo="Stanchions along the curb side; an operator in sight of every table.",
        )
        sc.record_dpw_inspection(
            action,
            cafe_id,
            on=date(2026, 12, 3),
            by_name="Dana Whitfield",
            satisfied=True,
            note="Stanchion bases approved.",
        )
    clock.set(datetime(2026, 12, 18, 9, 0))
    with desk.action(admin) as action:
        for day, who, words, source in (
            (date(2026, 12, 4), "Margaret O'Donnell", "In favour, if the tables are in by 10.",
             "public"),
            (date(2026, 12, 15), "Prescott Area Chamber", "The Chamber supports it.", "public"),
            (date(2026, 12, 18), "Nguyễn Thị Hương", "Against: noise after dark.", "public"),
        ):  # fmt: skip
            cafe_notice.record_comment(
                action, cafe_id, received_on=day, commenter=who, text=words, source=source
            )
        cafe_council.place_before_council(action, cafe_id, council)
    clock.set(datetime(2026, 12, 21, 9, 0))
    return Counter(desk, admin, clock, cafe_id, 0)


def test_the_council_packet_holds_the_whole_application(before_council: Counter) -> None:
    with before_council.desk.lookup(before_council.admin) as action:
        view = packet_view(
            action.session, before_council.cafe_id, action.calendar, today=action.today()
        )
    pdf = packet_pdf(view, PROFILE)
    reader = papers.reader(pdf)
    pages = papers.page_texts(pdf)
    text = " ".join(pages)
    total = len(pages)
    assert reader.metadata is not None
    assert reader.metadata.title == "Sidewalk Cafe Application Packet SC-2026-001"
    assert [item.title for item in reader.outline if not isinstance(item, list)] == [
        "Cover",
        "Contents",
        "The application",
        "Checklist as it stands",
        "Comments received",
        "Chief of Police",
        "Inspection by the Director of Public Works",
        "Owners and occupants notified",
        "Site plan",
    ]
    cover = pages[0]
    for shown in (
        "Sidewalk Cafe Application",
        "Application SC-2026-001 · § 506-10",
        "The Broad Street Bistro",
        "Applicant: Lindqvist Hospitality LLC",
        "For the Common Council, Monday, December 28, 2026 at 6:00 p.m.",
        "Council Chambers, Prescott Municipal Building",
        "As it stands: Before the Council Mon Dec 28, 2026",
        "Packet prepared Mon Dec 21, 2026",
        f"Packet page 1 of {total}",
    ):
        assert shown in cover, shown
    for shown in (
        # the application in brief
        "To be served; liquor license Class B 2026-14",
        "Food and non-alcoholic beverages $150,000.00 of $200,000.00 gross sales (75.0%)",
        "Fee $75.00; $75.00 still owed",
        "Clear pedestrian passage 6 ft (abuts the curb)",
        # the checklist as it stands, each with its state
        "Met Eligible; records, zoning and site plan",
        "Met Liquor license covering the cafe area",
        "Waiting Approval by the Common Council — by Mon Dec 28, 2026",
        "Not met Fee receipted",
        "Stops: The fee set in the City's fee schedule is not paid",
        # the comments, timely and late
        "3 comments received: 2 in time, 1 late (kept for the Council).",
        "Prescott Area Chamber Public Yes The Chamber supports it.",
        "Late Against: noise after dark.",
        "Received Fri Dec 18, 2026, after the last day (Tue Dec 15, 2026)",
        # the reviews
        "Memorandum of concerns to the City Administrator, Thursday, December 3, 2026",
        "Stanchions along the curb side; an operator in sight of every table.",
        "Inspected Thursday, December 3, 2026, by Dana Whitfield",
        "Result Satisfied",
        "Stanchion bases approved.",
        # the list, with the one beyond 100 ft marked
        "Notice mailed Monday, November 30, 2026 to the 4 addressees: 3 owners, 1 occupant; 1 "
        "beyond 100 ft — not required",
        "Far Field Farms LLC PO Box 88 Prescott, WI 54021 281-1090 Owner 120 ft beyond 100 ft",
    ):
        assert shown in text, shown
    # the site plan's two sheets are the last pages, set in from the file kept
    assert "SITE PLAN SHEET 1 SCALE 1/8 IN = 1 FT" in pages[-2]
    assert "SITE PLAN SHEET 2 SCALE 1/8 IN = 1 FT" in pages[-1]
    assert "Site plan submitted by the applicant — SC-2026-001" in pages[-1]
    assert f"Packet page {total} of {total}" in pages[-1]


def test_a_packet_for_an_application_not_yet_before_the_council() -> None:
    """Printed early (a draft for the Clerk), the packet says where the application stands."""
    from clerk_desk.sidewalk_cafes.papers import PacketView

    view = PacketView(
        cafe_id=1,
        number="SC-2026-002",
        status="Applied",
        prepared_on=date(2026, 11, 30),
        establishment="Point Douglas Bakery",
        address="118 Orange St N",
        applicant_name="Point Douglas Bakery LLC",
        applicant_address="118 Orange St N\nPrescott, WI 54021",
        parcel_number="",
        zoning_district="C-2",
        commercially_zoned=True,
        renews_number="",
        applied_on=date(2026, 11, 30),
        received_by="Carla Jensen",
        configuration="Abutting the storefront",
        dimensions=(("Aisles", "4 ft"),),
        seats=8,
        tables=2,
        umbrellas="No umbrellas.",
        hours="6:00 a.m. to 6:00 p.m.",
        indoor_hours="6:00 a.m. to 6:00 p.m.",
        serves_alcohol=False,
        liquor_license="",
        sales_period="",
        gross_sales=None,
        food_sales=None,
        food_share="",
        sales_records_name="",
        meeting_at=None,
        meeting_place="",
        checklist=(),
        comments=(),
        comments_due_on=None,
        police_needed=False,
        police_why="",
        police_sent_on=None,
        police_reviewed_on=None,
        police_approved=None,
        police_memo="",
        dpw_inspected_on=None,
        dpw_inspected_by="",
        dpw_satisfied=None,
        dpw_note="",
        fee_amount=Money("75"),
        fee_owed=Money("0"),
        notice=_notice(mailed_on=None, comments_due_on=None, site_plan=None, neighbors=()),
        site_plan_sha256="",
        cites=(),
    )
    pages = papers.page_texts(packet_pdf(view, PROFILE))
    text = " ".join(pages)
    assert "Not yet placed before the Common Council" in pages[0]
    assert "The notice has not been mailed. No comments were received." in text
    assert "Not required: no alcohol will be served and no liquor license is held." in text
    assert "The Director of Public Works has not inspected yet." in text
    assert "No one is listed yet." in text
    assert "Scan not available No site plan is attached to the application." in pages[-1]
    assert "Fee $75.00, paid" in text


@pytest.mark.parametrize(
    ("letter", "view", "field", "last_words"),
    [
        (suspension_letter_pdf, _suspension, "reason", "the suspension does not extend its term."),
        (revocation_notice_pdf, _revocation, "grounds", "the Council\u2019s decision in writing."),
    ],
)
def test_a_letter_keeps_sincerely_with_its_last_paragraph(
    letter: Any, view: Any, field: str, last_words: str
) -> None:
    """The reason (the grounds) grows sentence by sentence until the letter runs to a second
    page: at every length "Sincerely," is on the page of the last paragraph's last words."""
    sentence = "The street is closed to every use but the festival's, by order of the Council. "
    spilled = 0
    for n in range(0, 40):
        pages = papers.page_texts(letter(view(**{field: sentence * n + "Prescott Daze."}), PROFILE))
        (closing,) = [i for i, page in enumerate(pages) if "Sincerely," in page]
        assert last_words in pages[closing], f"{n} sentences: Sincerely alone on a page"
        spilled += last_words not in pages[0]
    assert spilled, "no length tried pushed the closing past page 1"
