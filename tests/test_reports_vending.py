"""The special event vending papers read back: the permit, the letters and the register.

Prescott Daze 2026 is built through the core's services in a real database, as the Vending tab
builds it: the Chamber applies as agent for forty sponsors and participants, two vendors apply
for themselves, insurance certificates are filed, the Chief of Police approves, the fees are
paid by receipt at the counter, one application goes through a doubt notice, a denial and a
timely appeal the Council approves conditionally, another's late appeal is denied. Every PDF
is read back with pypdf; the register is re-opened with openpyxl.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date, datetime, time
from decimal import Decimal

import builders  # type: ignore[import-not-found]
import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import Conflict
from clerk_desk.kinds import ApplicantKind, MeetingKind, PartyKind, TenderKind, VendingStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.money import Money
from clerk_desk.petitions import schedule
from clerk_desk.receipts import service as receipts
from clerk_desk.settings import CityProfile
from clerk_desk.vending import service as vending
from clerk_desk.vending.appeals import AppealOutcome
from clerk_desk.vending.application import ApplicationData, ParticipantData, SlotData
from clerk_desk.vending.papers import (
    ApplicationPaper,
    application_paper,
    notice_paper,
    register_export,
)
from clerk_desk.words import long_day
from reports.excel import DATE_FORMAT, DATETIME_FORMAT
from reports.vending.letters import decision_letter_pdf, denial_letter_pdf
from reports.vending.notice import doubt_notice_pdf
from reports.vending.parts import STANDING_CONDITIONS
from reports.vending.permit import participant_copies_pdf, permit_pdf
from reports.vending.register import APPLICATION_COLUMNS, applications_excel

pytestmark = pytest.mark.usefixtures("papers_checked")

PROFILE = CityProfile(phone="(715) 262-5544", email="clerk@prescottwi.example")
PRINTED = date(2026, 8, 25)
STATION = "Front counter"
CHAMBER = "Prescott Area Chamber of Commerce & Friends <Inc.>"
EVENT = "Prescott Daze 2026"
FESTIVAL_DAYS = (
    SlotData(
        date(2026, 9, 11), time(16, 0), time(22, 0), "Broad St N, Orange St to Kinnickinnic St"
    ),
    SlotData(
        date(2026, 9, 12), time(9, 0), time(22, 0), "Broad St N, Orange St to Kinnickinnic St"
    ),
    SlotData(date(2026, 9, 12), time(10, 0), time(18, 0), "Freedom Park, east lawn"),
    SlotData(date(2026, 9, 13), time(10, 0), time(17, 0), "Freedom Park, east lawn"),
)
CHAMBER_CONDITIONS = (
    "No booth within 10 feet of a fire hydrant or a marked crosswalk.",
    "Booths on Broad St N keep a clear path of at least 5 feet on the sidewalk.",
)
PARTICIPANTS = 40
COUNCIL_CONDITION = "Vending only at booth 7 of the Freedom Park food court."
CREPES = "Zoë\u2019s Crêpes"
CLERK_TEXT = "Say which booth at Freedom Park & how the crêpes are cooked <gas or electric>."
LATE_REASONS = "The vending is not part of Prescott Daze: the truck would park on Orange St."


def _people() -> list[ParticipantData]:
    people = [
        ParticipantData("Pierce County Bank", "sponsor", "", "Dana Kraus, (715) 262-0100"),
        ParticipantData("Great River Road Visitor Center", "sponsor", "", "info@grr.example"),
    ]
    goods = ("Kettle corn", "Cheese curds", "Pottery", "Honey", "Wood carvings", "Lemonade")
    for n in range(1, PARTICIPANTS - 1):
        people.append(
            ParticipantData(
                f"Vendor {n:02d} Booth Company",
                "participant",
                goods[n % len(goods)],
                f"(715) 555-{n:04d}",
            )
        )
    return people


@dataclass
class Festival:
    desk: Desk
    who: SignedIn
    chamber: int  # conditionally approved, with the list
    kettle: int  # approved, no conditions
    crepes: int  # doubt notice, denial, timely appeal, approved conditionally by the Council
    truck: int  # denial, late appeal, denied by the Council
    tacos: int  # denied, appeal window open
    doubted: int  # in doubt: a notice and nothing else
    notice_id: int


def _apply(action: Action, party_id: int, kind: ApplicantKind, **kw: object) -> int:
    data = ApplicationData(applicant_id=party_id, applicant_kind=kind, event_name=EVENT, **kw)  # type: ignore[arg-type]
    return vending.receive_application(action, data)


def _insure(action: Action, party_id: int) -> None:
    bonds.file_certificate(
        action,
        bonds.CertificateData(
            insured_id=party_id,
            insurer="Badger Mutual Insurance",
            effective_on=date(2026, 1, 1),
            expires_on=date(2026, 12, 31),
            received_on=action.today(),
            coverages={
                CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("1000000"),
                CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("500000"),
            },
            general_liability=True,
            contractual_liability=True,
            city_additional_insured=True,
            notice_days=30,
        ),
    )


def _pay_fee(action: Action, application_id: int, payer_id: int) -> None:
    """The permit fee, receipted at the counter against the amount billed at intake."""
    (due,) = ledger.dues_for(action.session, RecordRef(vending.RECORD_TYPE, str(application_id)))
    receipts.take_payment(
        action,
        station=STATION,
        payer_id=payer_id,
        lines=[receipts.due_line(action.session, due.id)],
        tenders=[receipts.TenderEntry(TenderKind.CASH, due.balance)],
    )


@pytest.fixture
def festival(desk: Desk, admin: SignedIn, clock: FixedClock) -> Festival:
    clock.set(datetime(2026, 8, 3, 9, 30))  # Monday
    with desk.action(admin) as action:
        receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
        chamber_party = builders.party_in(
            action,
            CHAMBER,
            PartyKind.ORGANIZATION,
            contact_name="Jordan Lee",
            street="237 Broad St N",
            city="Prescott",
            state="WI",
            postal_code="54021",
        )
        chamber = _apply(
            action,
            chamber_party,
            ApplicantKind.SPONSOR,
            goods="Food, crafts and festival goods sold by the participating members",
            contact_name="Jordan Lee",
            contact_phone="(715) 262-3284",
            slots=FESTIVAL_DAYS,
            participants=_people(),
        )
        kettle_party = builders.party_in(
            action, "Kinni Kettle Corn", PartyKind.BUSINESS, street="18 Lake St", city="Prescott"
        )
        kettle = _apply(
            action,
            kettle_party,
            ApplicantKind.VENDOR,
            goods="Kettle corn",
            integral_to_event=True,
            contact_name="Sam Ortiz",
            contact_email="sam@kinni.example",
            slots=[SlotData(date(2026, 9, 12), time(9, 0), time(21, 0), "Freedom Park, booth 12")],
        )
        for application, payer in ((chamber, chamber_party), (kettle, kettle_party)):
            _insure(action, payer)
            vending.record_police_review(action, application, submitted_on=action.today())
            _pay_fee(action, application, payer)

    clock.set(datetime(2026, 8, 3, 10, 15))
    with desk.action(admin) as action:
        crepes_party = builders.party_in(action, CREPES, PartyKind.BUSINESS, street="9 Pearl St")
        crepes = _apply(
            action,
            crepes_party,
            ApplicantKind.VENDOR,
            slots=[SlotData(date(2026, 9, 12), time(11, 0), time(19, 0), "Freedom Park")],
        )
        truck_party = builders.party_in(action, "Hudson Taco Truck", PartyKind.BUSINESS)
        truck = _apply(
            action,
            truck_party,
            ApplicantKind.VENDOR,
            goods="Tacos",
            contact_name="Lu Chen",
            contact_phone="(715) 555-0199",
            slots=[SlotData(date(2026, 9, 12), time(11, 0), time(20, 0), "Orange St at Broad")],
        )
        tacos_party = builders.party_in(
            action, "Rae Jensen", PartyKind.PERSON, street="4 Dexter St"
        )
        tacos = _apply(
            action,
            tacos_party,
            ApplicantKind.VENDOR,
            goods="Tamales",
            contact_name="Rae Jensen",
            contact_phone="(715) 555-0123",
            slots=[SlotData(date(2026, 9, 13), time(11, 0), time(15, 0), "Lake St")],
        )
        doubted_party = builders.party_in(action, "Ari Novak", PartyKind.PERSON)
        doubted = _apply(action, doubted_party, ApplicantKind.VENDOR, goods="Balloons")

    clock.set(datetime(2026, 8, 4, 14, 0))  # Tuesday
    with desk.action(admin) as action:
        for application in (chamber, kettle):
            vending.record_police_review(
                action,
                application,
                submitted_on=date(2026, 8, 3),
                approved_on=action.today(),
                approved_by="Chief Dana Brooks",
            )
        vending.approve(action, chamber, conditions="\n".join(CHAMBER_CONDITIONS))
        vending.approve(action, kettle)
        notice_id = vending.prepare_doubt_notice(
            action,
            crepes,
            clerk_text=CLERK_TEXT,
        )
        vending.record_notice_delivery(
            action, notice_id, delivered_at=action.now(), manner="e-mail"
        )
        notice_id = vending.prepare_doubt_notice(action, doubted)

    clock.set(datetime(2026, 8, 6, 11, 0))  # Thursday
    with desk.action(admin) as action:
        vending.deny(
            action,
            crepes,
            reasons="No goods or services are stated.\nNo contact person is given.",
        )
        vending.deny(action, truck, reasons=LATE_REASONS)
        meeting_id = schedule.add_meeting(
            action,
            schedule.MeetingData(
                kind=MeetingKind.REGULAR,
                starts_at=datetime(2026, 8, 24, 18, 0, tzinfo=action.clock.local_now().tzinfo),
                place="Council Chambers, Prescott Municipal Building",
            ),
        )

    clock.set(datetime(2026, 8, 10, 9, 0))
    with desk.action(admin) as action:
        crepes_appeal = vending.file_appeal(action, crepes, filed_on=action.today())
    clock.set(datetime(2026, 8, 20, 9, 0))
    with desk.action(admin) as action:
        truck_appeal = vending.file_appeal(action, truck, filed_on=action.today())
        vending.deny(action, tacos, reasons="The days asked for are not days of the event.")

    clock.set(datetime(2026, 8, 25, 9, 0))
    with desk.action(admin) as action:
        vending.record_appeal_decision(
            action,
            crepes_appeal,
            meeting_id=meeting_id,
            outcome=AppealOutcome.APPROVED_CONDITIONALLY,
            conditions=COUNCIL_CONDITION,
        )
        vending.record_appeal_decision(
            action,
            truck_appeal,
            meeting_id=meeting_id,
            outcome=AppealOutcome.DENIED,
            note="Parking on Orange St during the parade is not safe.",
        )
    return Festival(desk, admin, chamber, kettle, crepes, truck, tacos, doubted, notice_id)


@pytest.fixture
def read(festival: Festival) -> Iterator[Action]:
    with festival.desk.lookup(festival.who) as action:
        yield action


def _app(action: Action, application_id: int) -> ApplicationPaper:
    """The application as its papers read it (the view the window builds inside its action)."""
    return application_paper(action, application_id)


def _hours(starts: time, ends: time) -> str:
    def clock(t: time) -> str:
        return f"{t.hour % 12 or 12}:{t.minute:02d} {'a.m.' if t.hour < 12 else 'p.m.'}"

    return f"{clock(starts)} to {clock(ends)}"


# ---- the permit ------------------------------------------------------------------------------


def test_the_organization_permit_names_days_places_conditions_and_its_members(
    read: Action, festival: Festival
) -> None:
    application = _app(read, festival.chamber)
    assert VendingStatus(application.status) is VendingStatus.CONDITIONALLY_APPROVED
    pdf = permit_pdf(application, profile=PROFILE, printed_on=PRINTED)
    pages = papers.page_texts(pdf)
    first = pages[0]  # the permit itself is one page: what is displayed at the booth
    number = application.permit_number
    assert number is not None and number.startswith("SEV-2026-")
    assert "SPECIAL EVENT VENDING PERMIT" in first
    assert (
        f"PERMIT NUMBER VALID ONLY ON THE DAYS LISTED {number} Fri Sep 11 \u2013 Sun Sep 13, 2026"
        in first
    )
    assert f"{CHAMBER}, as agent for its participating members" in first
    assert "(40 sponsors and participants, listed after this page)" in first
    assert f"Event {EVENT}" in first
    for slot in FESTIVAL_DAYS:
        row = f"{long_day(slot.day)} {_hours(slot.starts, slot.ends)} {slot.location}"
        assert row in first, row
    assert "1\u20132 set by the City Clerk; 3\u20135 by § 506-24 on every permit" in first
    for n, condition in enumerate(CHAMBER_CONDITIONS, start=1):
        assert f"{n}. {condition}" in first
    for n, (title, condition, _cite) in enumerate(STANDING_CONDITIONS, start=3):
        assert f"{n}. {title} {papers.flat(condition)}" in first
    assert "Locations approved by Chief Dana Brooks on Tue Aug 4, 2026" in first
    # the display sentence, boxed at the top of the permit
    assert (
        "This permit must be conspicuously displayed at the place where sales are being made. "
        "It is valid only on the dates and at the locations listed on this permit." in first
    )
    assert "City Clerk, City of Prescott" in first
    assert f"Date issued {long_day(date(2026, 8, 4))}" in first
    # the signature comes right after the band: the displayed page is signed
    assert first.index("City Clerk, City of Prescott") < first.index("Permit holder")
    assert "Approved conditionally by the City Clerk on Tue Aug 4, 2026" in first
    assert f"Application {application.number}, made Mon Aug 3, 2026, 9:30 a.m." in first
    assert first.endswith(f"Page 1 of {len(pages)}")
    # the sponsors and participants follow on pages of their own, with the permit's header
    assert len(pages) >= 2
    later = " ".join(pages[1:])
    assert "Vendor 01 Booth Company" not in first
    listed = re.findall(r"Vendor \d\d Booth Company", later)
    assert len(listed) == PARTICIPANTS - 2 == len(set(listed))
    assert "1 Pierce County Bank Sponsor Dana Kraus, (715) 262-0100" in later
    assert "2 Great River Road Visitor Center Sponsor info@grr.example" in later
    assert "40 Vendor 38 Booth Company Participant Pottery (715) 555-0038" in later
    assert "40 names: 2 sponsors, 38 participants" in later
    for page in pages[1:]:
        assert page.startswith(
            f"City of Prescott · City Hall Special Event Vending Permit {number}"
        )
    meta = PdfReader(io.BytesIO(pdf)).metadata
    assert meta is not None and meta.title == f"Special Event Vending Permit {number}"


def test_an_individual_vendors_permit_is_one_page_without_a_list(
    read: Action, festival: Festival
) -> None:
    application = _app(read, festival.kettle)
    assert VendingStatus(application.status) is VendingStatus.APPROVED
    pages = papers.page_texts(permit_pdf(application, profile=PROFILE, printed_on=PRINTED))
    assert len(pages) == 1
    assert "Permit holder Kinni Kettle Corn Contact Sam Ortiz · sam@kinni.example" in pages[0]
    assert "participating members" not in pages[0]
    assert "Saturday, September 12, 2026 9:00 a.m. to 9:00 p.m. Freedom Park, booth 12" in pages[0]
    assert "set by the City Clerk" not in pages[0]  # only the conditions of every permit
    assert "1. Liability insurance." in pages[0] and "3. Cleanup." in pages[0]
    assert "Approved by the City Clerk on Tue Aug 4, 2026" in pages[0]


def test_a_permit_granted_on_appeal_carries_the_councils_conditions(
    read: Action, festival: Festival
) -> None:
    """The Council approved the crêpes with nothing met: its condition first, then every
    requirement not met, each saying the permit is not valid until it is — on a Schedule, since
    they do not fit on the signed page 1, which names it."""
    application = _app(read, festival.crepes)
    assert VendingStatus(application.status) is VendingStatus.APPROVED_ON_APPEAL
    pages = papers.page_texts(permit_pdf(application, profile=PROFILE, printed_on=PRINTED))
    first, schedule = pages[0], " ".join(pages[1:])
    assert len(pages) == 2
    assert "City Clerk, City of Prescott" in first and "Date issued" in first
    assert "Approved conditionally on appeal by the Common Council on Mon Aug 24, 2026" in first
    assert "Saturday, September 12, 2026 11:00 a.m. to 7:00 p.m. Freedom Park" in first
    assert (
        "Schedule. The conditions of this permit are listed on the Schedule on page 2, which is "
        "part of this permit and is displayed with this page." in first
    )
    assert CREPES in first
    assert schedule.startswith(
        "City of Prescott · City Hall Special Event Vending Permit SEV-2026-003 "
        "Schedule \u2014 Permit SEV-2026-003"
    )
    assert (
        "1 set by the Common Council on appeal; 2\u20135 not met under § 506-24 when decided"
        in (schedule)
    )
    assert f"1. {COUNCIL_CONDITION}" in schedule
    assert (
        "2. This permit is not valid until the application is complete with the City Clerk: "
        "The application does not give the goods or services to be sold." in schedule
    )
    assert "4. This permit is not valid until the street and sidewalk encroachments" in schedule
    assert (
        "5. This permit is not valid until the permit fee set in the City\u2019s fee schedule is "
        "paid."
        in schedule
        or "5. This permit is not valid until the permit fee set in the City's fee schedule is "
        "paid."
        in schedule
    )
    assert "8. Cleanup." in schedule


def test_a_festival_too_long_for_one_page_is_signed_on_page_one_with_a_schedule(
    festival: Festival,
) -> None:
    """Two weeks at three places: the days and the conditions go on the Schedule; page 1, the
    page displayed, is complete and signed."""
    desk = festival.desk
    days = [date(2026, 9, 1) + dt.timedelta(days=n) for n in range(14)]
    places = ("Broad St N, booth row A", "Orange St, booth row B", "Freedom Park, food court")
    with desk.action(festival.who) as action:
        party = builders.party_in(action, "Prescott Riverfest Committee", PartyKind.ORGANIZATION)
        application_id = _apply(
            action,
            party,
            ApplicantKind.SPONSOR,
            goods="Food and crafts",
            contact_name="Kim Ng",
            contact_phone="(715) 555-0177",
            slots=[SlotData(d, time(10, 0), time(20, 0), p) for d in days for p in places],
            participants=_people()[:5],
        )
        _insure(action, party)
        vending.record_police_review(
            action,
            application_id,
            submitted_on=action.today(),
            approved_on=action.today(),
            approved_by="Chief Dana Brooks",
        )
        record = RecordRef(vending.RECORD_TYPE, str(application_id))
        (due,) = ledger.dues_for(action.session, record)
        ledger.apply_payment(action, due.id, due.balance, reference="paid at the counter")
        vending.approve(action, application_id, conditions="\n".join(CHAMBER_CONDITIONS))
    with desk.lookup(festival.who) as action:
        application = _app(action, application_id)
        pages = papers.page_texts(permit_pdf(application, profile=PROFILE, printed_on=PRINTED))
    first = pages[0]
    assert "City Clerk, City of Prescott" in first
    assert "Date issued Tuesday, August 25, 2026" in first
    assert "Approved conditionally by the City Clerk on Tue Aug 25, 2026" in first
    assert (
        "Schedule. The exact days, hours and places of this permit are listed on the Schedule on "
        "page 2, which is part of this permit and is displayed with this page." in first
    )
    assert "(5 sponsors and participants, listed after the Schedule)" in first
    assert f"1. {CHAMBER_CONDITIONS[0]}" in first and "5. Cleanup." in first  # they fit
    schedule = " ".join(p for p in pages[1:] if "Sponsors and Participants" not in p)
    assert "Schedule \u2014 Permit" in pages[1]
    assert schedule.count("10:00 a.m. to 8:00 p.m.") == 42 and "10:00 a.m." not in first


def test_participant_copies_one_signed_page_each(read: Action, festival: Festival) -> None:
    application = _app(read, festival.chamber)
    pdf = participant_copies_pdf(application, profile=PROFILE, printed_on=PRINTED)
    pages = papers.page_texts(pdf)
    assert len(pages) == PARTICIPANTS - 2  # one for each participant, none for the 2 sponsors
    copy = pages[4]  # the fifth participant
    assert "Copy for Vendor 05 Booth Company, 5 of 38" in copy
    assert application.permit_number and application.permit_number in copy
    assert f"Permit holder {CHAMBER}, as agent for its participating members" in copy
    assert "Participant Vendor 05 Booth Company Goods or services Lemonade" in copy
    assert "Contact (715) 555-0005" in copy
    for slot in FESTIVAL_DAYS:
        assert f"{long_day(slot.day)} {_hours(slot.starts, slot.ends)} {slot.location}" in copy
    assert (
        "This permit must be conspicuously displayed at the place where sales are being made. "
        "It is valid only on the dates and at the locations listed on this permit." in copy
    )
    assert "City Clerk, City of Prescott" in copy and "Date issued Tuesday, August 4, 2026" in copy
    assert copy.endswith("Page 5 of 38")
    with pytest.raises(Conflict, match="lists no participants"):
        participant_copies_pdf(_app(read, festival.kettle), profile=PROFILE, printed_on=PRINTED)


def test_no_permit_is_printed_without_one_standing(
    read: Action, festival: Festival, clock: FixedClock
) -> None:
    for application_id in (festival.doubted, festival.tacos, festival.truck):
        with pytest.raises(Conflict, match="has no permit"):
            permit_pdf(_app(read, application_id), profile=PROFILE, printed_on=PRINTED)
    with festival.desk.action(festival.who) as action:
        vending.withdraw(action, festival.kettle, reason="Withdrawn by Sam Ortiz by phone.")
        with pytest.raises(Conflict, match="no longer stands"):
            permit_pdf(_app(action, festival.kettle), profile=PROFILE, printed_on=PRINTED)


# ---- the doubt notice ------------------------------------------------------------------------


def test_the_doubt_notice_states_each_matter_numbered(read: Action, festival: Festival) -> None:
    application = _app(read, festival.crepes)
    crepes = vending.get_application(read.session, festival.crepes)
    notice = notice_paper(read, crepes.notices[0].id)
    matters = notice.matters
    assert len(matters) >= 3
    text = papers.text(doubt_notice_pdf(notice, profile=PROFILE, printed_on=date(2026, 8, 4)))
    assert "Notice of Matters in Doubt" in text
    assert f"Matters in doubt ({len(matters)})" in text
    for n, matter in enumerate(matters, start=1):
        assert f"{n}. {papers.flat(matter)}" in text, matter
    assert CLERK_TEXT in text
    assert f"{application.number}, made Monday, August 3, 2026, at 10:15 a.m." in text
    assert "within three days of the time of making application" in text
    assert "by Thursday, August 6, 2026" in text
    assert "Delivered Tuesday, August 4, 2026, at 2:00 p.m. (e-mail)" in text
    assert "correct your application, or provide the items listed above" in text
    assert f"{CREPES} 9 Pearl St" in text  # the recipient block
    assert "Questions? Please call the City Clerk at (715) 262-5544 or write to" in text
    assert "City Clerk, City of Prescott" in text


def test_a_notice_for_an_application_with_no_days_says_so(read: Action, festival: Festival) -> None:
    notice = notice_paper(read, festival.notice_id)
    text = papers.text(doubt_notice_pdf(notice, profile=PROFILE, printed_on=date(2026, 8, 4)))
    assert "Days No days given" in text
    assert "the exact days, hours and locations" in text


# ---- decisions -------------------------------------------------------------------------------


def test_the_denial_letter_gives_reasons_and_the_last_day_to_appeal(
    read: Action, festival: Festival
) -> None:
    application = _app(read, festival.tacos)
    assert application.appeal_due_on == date(2026, 8, 27)
    pdf = denial_letter_pdf(application, profile=PROFILE, printed_on=date(2026, 8, 20))
    text = papers.text(pdf)
    assert "Denial of Special Event Vending Permit" in text
    assert "1. The days asked for are not days of the event." in text
    assert "filed with the City Clerk within seven days of the Clerk\u2019s decision" in text
    assert "the last day to file is Thursday, August 27, 2026" in text
    assert "Appeal last day Thursday, August 27, 2026" in text
    assert "may deny the permit, approve the permit, or approve the permit conditionally" in text
    assert "Common Council" in text
    assert (
        "Decision Denied by the City Clerk (Alex Administrator) on Thursday, August 20, 2026"
        in text
    )
    assert (
        "The permit fee billed with the application stays owed: the application was received and "
        "reviewed, and a denial does not cancel it." in text
    )
    # the decision letter of a denial is the denial letter
    assert (
        papers.text(decision_letter_pdf(application, profile=PROFILE, printed_on=date(2026, 8, 20)))
        == text
    )


def test_a_denial_letter_needs_a_denial(read: Action, festival: Festival) -> None:
    with pytest.raises(Conflict, match="was not denied"):
        denial_letter_pdf(_app(read, festival.kettle), profile=PROFILE, printed_on=PRINTED)


def test_the_clerks_denial_letter_is_the_same_after_the_council_acts(
    read: Action, festival: Festival
) -> None:
    """Printed again after the Council approved on appeal, the Clerk's denial still names the
    Clerk and the day of the denial, not the Council's meeting."""
    text = papers.text(
        denial_letter_pdf(_app(read, festival.crepes), profile=PROFILE, printed_on=PRINTED)
    )
    assert "On Thursday, August 6, 2026 the City Clerk (Alex Administrator) reviewed" in text
    assert (
        "Decision Denied by the City Clerk (Alex Administrator) on Thursday, August 6, 2026" in text
    )
    assert "Common Council)" not in text and "August 24" not in text


def test_approval_letters_enclose_the_permit_and_say_no_appeal_applies(
    read: Action, festival: Festival
) -> None:
    chamber = _app(read, festival.chamber)
    text = papers.text(decision_letter_pdf(chamber, profile=PROFILE, printed_on=PRINTED))
    assert "Special Event Vending Permit Approved Conditionally" in text
    assert f"Special event vending permit {chamber.permit_number} is enclosed" in text
    assert "These conditions must be met" in text
    for n, condition in enumerate(CHAMBER_CONDITIONS, start=1):
        assert f"{n}. {condition}" in text
    no_appeal = (
        "Your right to appeal. § 506-24 (Procedure) provides an appeal to the Common Council only "
        "from a denial of the application by the City Clerk, so no appeal applies to this "
        "decision."
    )
    assert no_appeal in text
    assert "must be conspicuously displayed" in text

    kettle = _app(read, festival.kettle)
    text = papers.text(decision_letter_pdf(kettle, profile=PROFILE, printed_on=PRINTED))
    assert "Special Event Vending Permit Approved" in text
    assert "approved it" in text and "These conditions must be met" not in text
    assert no_appeal in text


def test_the_councils_decisions_on_appeal(read: Action, festival: Festival) -> None:
    crepes = _app(read, festival.crepes)
    text = papers.text(decision_letter_pdf(crepes, profile=PROFILE, printed_on=PRINTED))
    assert "Decision on Appeal: Approved Conditionally" in text
    assert "at its regular meeting of Monday, August 24, 2026" in text
    # the Clerk's denial and the Council's act, each with its own day
    assert (
        "Clerk\u2019s denial Denied by the City Clerk (Alex Administrator) on Thursday, August 6, "
        "2026" in text
    )
    assert (
        "Council\u2019s decision Approved conditionally by the Common Council at its regular "
        "meeting of Monday, August 24, 2026" in text
    )
    assert "You appealed the City Clerk\u2019s denial of Thursday, August 6, 2026" in text
    assert f"1. {COUNCIL_CONDITION}" in text
    assert f"Special event vending permit {crepes.permit_number} is enclosed" in text
    assert (
        "Condition 1 was set by the Common Council; 2\u20135 are requirements of § 506-24" in text
    )
    assert "the permit is not valid until they are met" in text
    assert "These conditions must be met" in text
    assert (
        "Your right to appeal. § 506-24 (Procedure) provides one appeal, from the City "
        "Clerk\u2019s denial to the Common Council, and the Council has decided it" in text
    )
    assert "filed late" not in text

    truck = _app(read, festival.truck)
    text = papers.text(decision_letter_pdf(truck, profile=PROFILE, printed_on=PRINTED))
    assert "Decision on Appeal: Denied" in text
    assert "denied the permit" in text
    assert "Parking on Orange St during the parade is not safe." in text
    assert "after the last day, Thursday, August 13, 2026; it was accepted for the record" in text
    assert LATE_REASONS in text
    assert "Denied by the City Clerk (Alex Administrator) on Thursday, August 6, 2026" in text
    assert "Denied by the Common Council at its regular meeting of Monday, August 24, 2026" in text
    assert "No permit is issued" in text and "no further appeal applies under it" in text
    assert "The permit fee billed with the application stays owed" in text


def test_nothing_decided_has_no_decision_letter(read: Action, festival: Festival) -> None:
    with pytest.raises(Conflict, match="no decision letter"):
        decision_letter_pdf(_app(read, festival.doubted), profile=PROFILE, printed_on=PRINTED)


# ---- the register ----------------------------------------------------------------------------


def test_the_register_in_excel(read: Action, festival: Festival) -> None:
    applications = register_export(read).applications
    buffer = io.BytesIO()
    done: list[int] = []
    count = applications_excel(
        buffer,
        applications,
        progress=done.append,
        author="Alex Administrator",
        city="City of Prescott",
        insurance={festival.kettle: "Met"},
    )
    assert count == len(applications) == 6 and done[-1] == 6
    sheet = openpyxl.load_workbook(io.BytesIO(buffer.getvalue())).active
    assert sheet is not None
    header = [c.value for c in sheet[2]]
    assert header == [c.header for c in APPLICATION_COLUMNS]
    assert header[:3] == ["Application", "Permit", "Applicant"]
    rows = {
        r[0]: dict(zip(header, r, strict=True))
        for r in sheet.iter_rows(min_row=3, values_only=True)
    }
    chamber = _app(read, festival.chamber)
    row = rows[chamber.number]
    assert row["Permit"] == chamber.permit_number
    assert row["Applicant"] == CHAMBER
    assert row["Kind"] == "Sponsoring organization"
    assert row["First day"] == datetime(2026, 9, 11) and row["Last day"] == datetime(2026, 9, 13)
    assert row["Days/places"] == 4 and row["Participants"] == PARTICIPANTS
    assert row["Applied"] == datetime(2026, 8, 3, 9, 30)  # City Hall's time
    assert row["Doubt notice due"] == datetime(2026, 8, 6)
    assert row["Status"] == "Conditionally approved"
    assert row["Clerk approved on"] == datetime(2026, 8, 4) and row["Clerk denied on"] is None
    assert row["Police submitted"] == datetime(2026, 8, 3)
    assert row["Police approved"] == datetime(2026, 8, 4)
    assert row["Insurance"] is None  # not given: the register cannot read it from the application
    assert row["Appeal last day"] is None and row["Appeal filed"] is None
    assert row["Council met"] is None and row["Council decision"] is None
    assert row["Conditions"] == "\n".join(CHAMBER_CONDITIONS)
    truck = rows[_app(read, festival.truck).number]
    assert truck["Status"] == "Denied on appeal" and truck["Permit"] is None
    # the Clerk's denial and the Council's act, each in its own column
    assert truck["Clerk approved on"] is None
    assert truck["Clerk denied on"] == datetime(2026, 8, 6)
    assert truck["Appeal last day"] == datetime(2026, 8, 13)
    assert truck["Appeal filed"] == datetime(2026, 8, 20) and truck["Appeal timely"] == "No (late)"
    assert truck["Council met"] == datetime(2026, 8, 24)
    assert truck["Council decision"] == "Denied"
    assert truck["Participants"] is None  # an individual vendor has no list
    crepes = rows[_app(read, festival.crepes).number]
    assert (crepes["Clerk approved on"], crepes["Clerk denied on"]) == (None, datetime(2026, 8, 6))
    assert crepes["Appeal timely"] == "Yes"
    assert crepes["Council decision"] == "Approved conditionally"
    assert crepes["Conditions"].split("\n")[0] == COUNCIL_CONDITION
    assert "Decided on" not in header
    assert rows[_app(read, festival.kettle).number]["Insurance"] == "Met"
    line = next(r for r in sheet.iter_rows(min_row=3) if r[0].value == chamber.number)
    cell = {c.column_letter: c for c in line}
    assert cell["F"].number_format == DATE_FORMAT
    assert cell["J"].number_format == DATETIME_FORMAT
    assert sheet.freeze_panes == "A3"


def test_fee_was_receipted_for_the_approved(read: Action, festival: Festival) -> None:
    """The festival is real: the approvals rest on fees paid by receipt."""
    for application_id in (festival.chamber, festival.kettle):
        ref = RecordRef(vending.RECORD_TYPE, str(application_id))
        assert ledger.is_paid(read.session, ref)
        (due,) = ledger.dues_for(read.session, ref)
        assert due.paid.amount > Decimal("0")


def test_printed_on_is_a_date(read: Action, festival: Festival) -> None:
    """``printed_on`` is printed as given (a reprint says the day it was printed)."""
    pdf = permit_pdf(_app(read, festival.kettle), profile=PROFILE, printed_on=dt.date(2026, 9, 1))
    assert "Printed Tue Sep 1, 2026" in papers.text(pdf)


def test_the_papers_are_drawn_after_the_read_has_closed(festival: Festival) -> None:
    """The window reads the views in one action and draws the papers once it has closed: no
    paper reaches back into the database for a record."""
    with festival.desk.lookup(festival.who) as action:
        crepes = application_paper(action, festival.crepes)
        notice = notice_paper(action, festival.notice_id)
        export = register_export(action)
    assert crepes.permit_number and crepes.council_conditions
    permit = papers.text(permit_pdf(crepes, profile=PROFILE, printed_on=PRINTED))
    assert crepes.permit_number in permit
    for condition in crepes.council_conditions:
        assert papers.flat(condition) in permit
    letter = papers.text(decision_letter_pdf(crepes, profile=PROFILE, printed_on=PRINTED))
    assert "Common Council" in letter
    assert "Days No days given" in papers.text(
        doubt_notice_pdf(notice, profile=PROFILE, printed_on=PRINTED)
    )
    buffer = io.BytesIO()
    assert (
        applications_excel(
            buffer, export.applications, city=export.city, insurance=export.insurance
        )
        == len(export.applications)
        == 6
    )
    assert set(export.insurance) == {a.id for a in export.applications}


def test_the_doubt_notice_keeps_sincerely_with_its_last_paragraph(
    read: Action, festival: Festival
) -> None:
    """Matter after matter is added until the notice runs to a second page: at every length,
    "Sincerely," is on the page of the last paragraph's last words, never alone on page 2."""
    notice = notice_paper(read, festival.notice_id)
    last_words = "or other public place in the City"
    spilled = 0
    for extra in range(16):
        matters = (
            *notice.matters,
            *(
                f"Matter {n}: the booth location on the site plan is not legible."
                for n in range(extra)
            ),
        )
        pages = papers.page_texts(
            doubt_notice_pdf(replace(notice, matters=matters), profile=PROFILE, printed_on=PRINTED)
        )
        (closing,) = [n for n, page in enumerate(pages) if "Sincerely," in page]
        assert last_words in pages[closing], f"{extra} more matters: Sincerely alone on a page"
        spilled += last_words not in pages[0]
    assert spilled, "no length tried pushed the closing past page 1"
