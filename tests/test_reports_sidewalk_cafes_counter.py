"""The sidewalk cafe papers (§ 506-10) from the counter: a real application taken from the
counter to an issued permit through the services, and every paper printed from what
:mod:`clerk_desk.sidewalk_cafes.papers` gathers, the Council's packet among them (pypdf). The
papers from views built by hand are in test_reports_sidewalk_cafes_permit.py and
test_reports_sidewalk_cafes_notice.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path

import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from reports_sidewalk_cafes_views import (  # type: ignore[import-not-found]
    PROFILE,
    _notice,
    _plan_pdf,
)

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import CertificateData
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import DueStatus, MeetingKind, PartyKind, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.money import Money
from clerk_desk.petitions import schedule
from clerk_desk.receipts import service as receipts
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sc
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes.papers import (
    letter_view,
    notice_view,
    packet_view,
    permit_view,
    register_rows,
)
from reports.sidewalk_cafes.letters import revocation_notice_pdf, suspension_letter_pdf
from reports.sidewalk_cafes.notice import mailing_labels_pdf, neighbor_list_pdf, neighbor_notice_pdf
from reports.sidewalk_cafes.packet import packet_pdf
from reports.sidewalk_cafes.permit import permit_pdf
from reports.sidewalk_cafes.register import REGISTER_COLUMNS, register_xlsx

pytestmark = pytest.mark.usefixtures("papers_checked")


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
