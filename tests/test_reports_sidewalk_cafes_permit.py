"""The sidewalk cafe papers (§ 506-10) read back: the permit, the suspension and revocation
letters (pypdf), and the register (openpyxl). Each test builds the view the paper prints from by
hand, so that each case is plain to see. The notice to the neighbours is in
test_reports_sidewalk_cafes_notice.py; every paper printed from a real application in
test_reports_sidewalk_cafes_counter.py; the views they share in reports_sidewalk_cafes_views.py.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from reports_sidewalk_cafes_views import (  # type: ignore[import-not-found]
    PROFILE,
    _picture,
    _plan_pdf,
)

from clerk_desk.clock import city_zone
from clerk_desk.errors import Conflict
from clerk_desk.money import Money
from clerk_desk.sidewalk_cafes.papers import (
    FeeReceipt,
    InsuranceOnFile,
    LetterView,
    PermitView,
    RegisterRow,
)
from reports.excel import DATE_FORMAT, MONEY_FORMAT
from reports.sidewalk_cafes.letters import revocation_notice_pdf, suspension_letter_pdf
from reports.sidewalk_cafes.permit import permit_pdf
from reports.sidewalk_cafes.register import REGISTER_COLUMNS, register_xlsx

pytestmark = pytest.mark.usefixtures("papers_checked")

TERM = "§ 506-10 (Term and renewal of permit; temporary suspension of operation)"
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
