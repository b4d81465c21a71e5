"""Sidewalk cafe permits (§ 506-10) at their boundaries.

Eligibility at exactly 50% of gross sales and a cent more; the six-month sales period; the
clearances to the inch (6 ft clear at the curb, 5 ft elsewhere, 3 ft from the curb face, aisles
of 44 inches), the frontage and the corner side; the hours (6:00 a.m., 11:00 p.m., the indoor
hours, the Council's restriction); the 100-foot list; the 15 days for comments (day 15 timely,
day 16 late, a last day City Hall is closed moved); the Council never acting during the comment
period or at a meeting not yet held; the Chief of Police only when alcohol or a liquor license;
the term of at most one year; not transferable; seven days' notice of a suspension and 10 days'
notice of a revocation meeting; who may do what; the Today tab, the views and the demo.

"Today" is Mon Nov 30, 2026, 10:00 a.m. in Prescott unless a test moves the clock. The Council
meets on Mon Dec 14 and Mon Dec 28, 2026 and Mon Jan 11, 2027.
"""

from __future__ import annotations

import csv
import dataclasses
import inspect
import io
import threading
from collections.abc import Callable
from datetime import date, datetime, time
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import builders  # type: ignore[import-not-found]
import pytest
from openpyxl import Workbook
from PIL import Image
from pypdf import PdfReader
from sqlalchemy import event, func, select

from clerk_desk import fees, ledger, today
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.demo import sidewalk_cafes as demo_sidewalk_cafes
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.documents import scan_bytes
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.kinds import CafeStatus, DueStatus, MeetingKind, Role, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AmountDue, AuditEvent, CouncilMeeting, Document, SidewalkCafe
from clerk_desk.money import Money
from clerk_desk.petitions import schedule
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.schedule import MeetingData
from clerk_desk.receipts import service as receipts
from clerk_desk.sidewalk_cafes import checklist as cafe_checklist
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import papers as views
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sc
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes import views as cafe_views
from clerk_desk.sidewalk_cafes.rules import CafeData, ItemState, NeighborData
from reports.excel import read_table

CHICAGO = ZoneInfo("America/Chicago")
CHAMBERS = "Council Chambers, Prescott Municipal Building"
ELIGIBILITY = "§ 506-10 (Definitions)"
CLEARANCE = "§ 506-10 (Sidewalk clearances and furniture location requirements)"
CONFIGURATION = "§ 506-10 (Allowable configurations)"
HOURS = "§ 506-10 (Rules of operation)"
TERM = "§ 506-10 (Term and renewal of permit; temporary suspension of operation)"
APPLICATION = "§ 506-10 (Application for permit)"
REVOCATION = "§ 506-10 (Revocation of permit; appeal)"
INSURANCE = "§ 506-10 (Liability; indemnification of the City of Prescott; insurance)"
PNG = demo_sidewalk_cafes.site_plan_png(
    demo_sidewalk_cafes.Plan("Test Cafe", "Broad St N", 360, 144, 288, 72)
)
PDF = demo_sidewalk_cafes.site_plan_pdf(
    demo_sidewalk_cafes.Plan("Test Cafe", "Broad St N", 360, 144, 288, 72)
)


def _data(applicant: int = 1, **changes: Any) -> CafeData:
    """A complete, eligible application on Nov 30, 2026: 60% food, six months to Oct 31, a
    storefront cafe leaving 6 ft clear at the curb, aisles of 4 ft, 7 a.m. to 9 p.m."""
    data = CafeData(
        applicant_id=applicant,
        establishment="Broad Street Bistro",
        address="301 Broad St N",
        zoning_district="C-1",
        commercially_zoned=True,
        sales_from=date(2026, 5, 1),
        sales_to=date(2026, 10, 31),
        gross_sales=Money("10000.00"),
        food_and_soft_drink_sales=Money("6000.00"),
        sidewalk_width_in=144,
        clear_passage_in=72,
        passage_abuts_curb=True,
        curb_setback_in=72,
        aisle_in=48,
        frontage_in=360,
        cafe_length_in=288,
        cafe_depth_in=72,
        seats=16,
        tables=4,
        opens_at=time(7, 0),
        closes_at=time(21, 0),
        indoor_opens_at=time(6, 0),
        indoor_closes_at=time(22, 0),
        site_plan_scale="1 in = 8 ft",
    )
    return dataclasses.replace(data, **changes)


def _blocks(found: list[Finding]) -> list[str]:
    return [f.text for f in found if f.blocks]


# -- the rules, as pure functions ---------------------------------------------------------------


# -- helpers for the services ---------------------------------------------------------------------


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


@pytest.fixture
def inspector(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.INSPECTOR)


def _business_on_broad(desk: Desk, who: SignedIn, name: str) -> int:
    """A business at 301 Broad St N, Prescott."""
    return builders.party(desk, who, name, street="301 Broad St N", **builders.IN_PRESCOTT)


@pytest.fixture
def bistro(desk: Desk, admin: SignedIn) -> int:
    return _business_on_broad(desk, admin, "Broad Street Bistro LLC")


def _do(desk: Desk, who: SignedIn, service: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    with desk.action(who) as action:
        result = service(action, *args, **kwargs)
        action.session.flush()
        return getattr(result, "id", result)


def _refused(
    desk: Desk,
    who: SignedIn,
    service: Callable[..., object],
    *args: Any,
    error: type[Exception] = InvalidInput,
    **kwargs: Any,
) -> Any:
    with pytest.raises(error) as refused, desk.action(who) as action:
        service(action, *args, **kwargs)
    return refused.value


def _apply(desk: Desk, who: SignedIn, data: CafeData, *, papers: bool = True) -> int:
    files: dict[str, Any] = (
        {"site_plan": ("plan.png", PNG), "sales_records": ("sales.pdf", PDF)} if papers else {}
    )
    return int(_do(desk, who, sc.receive_application, data, **files))


def _get(desk: Desk, cafe_id: int) -> SidewalkCafe:
    with desk.database.reading() as session:
        [cafe] = [c for c in sc.search_cafes(session) if c.id == cafe_id]
        _ = (cafe.revocation_meeting, cafe.parcel)
        session.expunge_all()
        return cafe


def _items(desk: Desk, who: SignedIn, cafe_id: int) -> dict[str, cafe_rules.ChecklistItem]:
    with desk.lookup(who) as action:
        return {item.key: item for item in cafe_checklist.review(action, cafe_id)}


def _neighbors(count: int = 3) -> list[NeighborData]:
    return [
        NeighborData(
            f"Owner {n}",
            f"{300 + n} Broad St N\nPrescott, WI 54021",
            f"281-00{n}",
            "owner",
            20 * n,
        )
        for n in range(1, count + 1)
    ]


def _mail(desk: Desk, who: SignedIn, cafe_id: int, on: date | None = None) -> None:
    _do(desk, who, cafe_notice.set_neighbors, cafe_id, _neighbors())
    _do(
        desk,
        who,
        cafe_notice.record_notice_mailed,
        cafe_id,
        mailed_on=on or desk.clock.today(),
        by_name="Carla Jensen",
    )


def _meeting(desk: Desk, who: SignedIn, day: date, hour: int = 18) -> int:
    at = datetime(day.year, day.month, day.day, hour, 0, tzinfo=CHICAGO)
    return int(_do(desk, who, schedule.add_meeting, MeetingData(MeetingKind.REGULAR, at, CHAMBERS)))


def _certificate(desk: Desk, who: SignedIn, insured: int, **changes: Any) -> None:
    coverages = {
        CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000"),
        CoverageKind.PRODUCTS_COMPLETED_OPERATIONS: Money("1000000"),
        CoverageKind.MEDICAL_PAYMENTS: Money("10000"),
    }
    if changes.pop("liquor", False):
        coverages[CoverageKind.LIQUOR_LIABILITY] = Money("1000000")
    data = bonds.CertificateData(
        insured_id=insured,
        insurer="St. Croix Mutual",
        effective_on=date(2026, 1, 1),
        expires_on=date(2027, 12, 31),
        received_on=date(2026, 11, 30),
        coverages=coverages,
        general_liability=True,
        city_additional_insured=True,
        additional_insured_endorsement=True,
        notice_days=30,
    )
    _do(desk, who, bonds.file_certificate, dataclasses.replace(data, **changes))


def _pay(desk: Desk, treasurer: SignedIn, cafe_id: int) -> str:
    """Pay the fee at the counter through the receipts workflow; the receipt number."""
    record = RecordRef(cafe_rules.RECORD_TYPE, str(cafe_id))
    with desk.lookup(treasurer) as action:
        due = next(d for d in ledger.dues_for(action.session, record) if d.status == DueStatus.OPEN)
        line = receipts.due_line(action.session, due.id)
        station = f"Counter {action.today().isoformat()}"
        drawer = receipts.current_drawer(action.session, station)
    with desk.action(treasurer) as action:
        if drawer is None:
            receipts.open_drawer(action, station=station, opening_cash=Money("100.00"))
        receipt = receipts.take_payment(
            action,
            station=station,
            payer_id=due.party_id,
            lines=[line],
            tenders=[receipts.TenderEntry(TenderKind.CASH, line.amount)],
        )
        return receipt.number


@dataclasses.dataclass
class Path506:
    """One application taken to the Council: ids of the cafe and of the meetings."""

    cafe: int
    dec14: int
    dec28: int


def _to_council(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    applicant: int,
    data: CafeData | None = None,
    *,
    pay: bool = True,
    insure: bool = True,
) -> Path506:
    """Applied and mailed Mon Nov 30 (comments to Tue Dec 15), inspected, insured, paid, placed
    before the meeting of Dec 28; the clock then at 7:00 p.m. on Dec 28, after the meeting."""
    cafe = _apply(desk, clerk, data or _data(applicant))
    _mail(desk, clerk, cafe)
    _do(
        desk,
        inspector,
        sc.record_dpw_inspection,
        cafe,
        on=date(2026, 11, 30),
        by_name="Ivan Olsen",
        satisfied=True,
    )
    if insure:
        _certificate(desk, clerk, applicant)
    if pay:
        _pay(desk, treasurer, cafe)
    dec14, dec28 = (
        _meeting(desk, clerk, date(2026, 12, 14)),
        _meeting(desk, clerk, date(2026, 12, 28)),
    )
    _do(desk, clerk, cafe_council.place_before_council, cafe, dec28)
    clock.set(datetime(2026, 12, 28, 19, 0))
    return Path506(cafe, dec14, dec28)


def _issued(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    applicant: int,
    **decision: Any,
) -> Path506:
    path = _to_council(desk, clock, clerk, inspector, treasurer, applicant)
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        path.cafe,
        meeting_id=path.dec28,
        approved=True,
        **decision,
    )
    _do(desk, clerk, cafe_council.issue, path.cafe)
    return path


def _today_items(desk: Desk, who: SignedIn) -> list[today.TodayItem]:
    with desk.lookup(who) as action:
        return [i for i in today.gather(action) if i.workflow == cafe_rules.WORKFLOW]


# -- intake ---------------------------------------------------------------------------------------


def test_an_application_is_numbered_billed_and_keeps_its_papers(
    desk: Desk, clerk: SignedIn, bistro: int
) -> None:
    first = _apply(desk, clerk, _data(bistro))
    second = _apply(desk, clerk, _data(bistro, establishment="Bistro Annex"), papers=False)
    cafe = _get(desk, first)
    assert (cafe.number, cafe.status, cafe.applied_on) == (
        "SC-2026-001",
        CafeStatus.APPLIED,
        date(2026, 11, 30),
    )
    assert _get(desk, second).number == "SC-2026-002"
    assert cafe.received_by_name == "Test Clerk"
    with desk.lookup(clerk) as action:
        [due] = ledger.dues_for(action.session, RecordRef(cafe_rules.RECORD_TYPE, str(first)))
        fee = fees.fee_on(action.session, "SWCAFE", date(2026, 11, 30))
        assert (due.amount, due.fee_item_id, due.status) == (fee.amount, fee.id, DueStatus.OPEN)
        assert due.description == "Sidewalk cafe permit SC-2026-001, Broad Street Bistro"
        assert scan_bytes(action.session, cafe.site_plan_sha256) == PNG
        assert scan_bytes(action.session, cafe.sales_records_sha256) == PDF
        trail = [e.action for e in sc.history(action.session, first)]
    assert trail == ["sidewalk_cafe.receive", "due.create"]
    items = _items(desk, clerk, second)
    assert [f.text[:30] for f in items["eligible"].findings if f.blocks] == [
        "Attach a copy of the business ",
        "Attach the site plan drawn to ",
    ]
    _do(desk, clerk, sc.attach_site_plan, second, "plan.pdf", PDF, scale="1/4 in = 1 ft")
    _do(desk, clerk, sc.attach_sales_records, second, "pos.pdf", PDF)
    assert _items(desk, clerk, second)["eligible"].state is ItemState.MET
    assert _get(desk, second).site_plan_scale == "1/4 in = 1 ft"


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"establishment": "  "}, "establishment", "Enter the name of the food-serving"),
        (
            {"food_and_soft_drink_sales": Money("10000.01")},
            "food_and_soft_drink_sales",
            "The food and non-alcoholic beverage sales ($10,000.01) cannot be more than",
        ),
        ({"sales_to": date(2026, 12, 1)}, "sales_to", "The sales period cannot run past"),
        ({"aisle_in": -1}, "aisle_in", "The aisle width cannot be negative."),
        ({"liquor_license": "x" * 61}, "liquor_license", "The liquor license is too long"),
    ],
)
def test_intake_refuses_what_cannot_be_an_application(
    desk: Desk, clerk: SignedIn, bistro: int, changes: dict[str, Any], field: str, message: str
) -> None:
    refused = _refused(desk, clerk, sc.receive_application, _data(bistro, **changes))
    assert refused.field == field and refused.message.startswith(message)
    not_a_plan = _refused(
        desk, clerk, sc.receive_application, _data(bistro), site_plan=("plan.txt", b"a drawing")
    )
    assert (not_a_plan.field, not_a_plan.message) == (
        "site_plan",
        "plan.txt is not a PDF, PNG or JPEG file: scan the papers, or save them as a PDF, and "
        "attach that.",
    )
    a_sheet = _refused(
        desk,
        clerk,
        sc.receive_application,
        _data(bistro),
        sales_records=("sales.xlsx", b"PK\x03\x04 a workbook"),
    )
    assert a_sheet.field == "sales_records"
    assert a_sheet.message.startswith("sales.xlsx is not a PDF, PNG or JPEG file")


# -- the neighbours and the notice ---------------------------------------------------------------


def test_owners_within_100_feet_exactly_100_within_101_kept_and_marked(
    desk: Desk, clerk: SignedIn, bistro: int
) -> None:
    cafe = _apply(desk, clerk, _data(bistro))
    at_100 = NeighborData("Dahl Properties LLC", "PO Box 12\nPrescott, WI 54021", distance_ft=100)
    kept = _do(desk, clerk, cafe_notice.set_neighbors, cafe, [at_100])
    assert kept == [at_100]
    assert cafe_rules.neighbor_findings(kept) == []  # 100 feet exactly is within
    at_101 = NeighborData("Far Owner LLC", "PO Box 13\nPrescott, WI 54021", distance_ft=101)
    both = _do(desk, clerk, cafe_notice.set_neighbors, cafe, [at_100, at_101])
    assert both == [at_100, at_101]  # kept on the list, not refused
    assert cafe_rules.neighbor_findings(both) == [
        Finding(
            "warn",
            APPLICATION,
            "Line 2: Far Owner LLC is 101 ft away — beyond 100 ft — not required. Kept on the "
            "list and mailed the notice; take the line off if it was a mistake.",
        )
    ]
    with desk.lookup(clerk) as action:
        listed = views.notice_view(action.session, cafe, calendar=action.calendar).neighbors
        assert [(n.name, n.beyond) for n in listed] == [
            ("Dahl Properties LLC", False),
            ("Far Owner LLC", True),
        ]
        [event] = [
            e for e in sc.history(action.session, cafe) if e.summary.endswith("not required)")
        ]
        assert event.summary.endswith("2 names (1 beyond 100 ft — not required)")
    _do(desk, clerk, cafe_notice.set_neighbors, cafe, [at_100])
    twice = _refused(desk, clerk, cafe_notice.set_neighbors, cafe, [at_100, at_100])
    assert twice.message == "Line 2 repeats line 1 (Dahl Properties LLC)."
    no_address = _refused(
        desk,
        clerk,
        cafe_notice.set_neighbors,
        cafe,
        [NeighborData("Occupant", " ", relation="occupant")],
    )
    assert no_address.message == "Line 1: enter Occupant's mailing address (the notice is mailed)."
    assert [n.name for n in _get(desk, cafe).neighbors] == ["Dahl Properties LLC"]


def test_the_list_comes_from_a_spreadsheet_or_a_csv(tmp_path: Path) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Name", "Address", "City", "State", "ZIP", "Parcel", "Relation", "Distance"])
    sheet.append(
        ["Berg Family Trust", "PO Box 9", "Prescott", "WI", "54021", "281-1", "Owner", 100]
    )
    sheet.append([None] * 8)
    sheet.append(["Occupant", "303 Broad St N", "Prescott", "WI", "54021", None, "occupant", 35.5])
    path = tmp_path / "owners.xlsx"
    book.save(path)
    rows = cafe_notice.neighbors_from_rows(read_table(path))
    assert rows == [
        NeighborData("Berg Family Trust", "PO Box 9\nPrescott, WI 54021", "281-1", "owner", 100),
        NeighborData("Occupant", "303 Broad St N\nPrescott, WI 54021", "", "occupant", 36),
    ]
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(["Name", "Mailing address", "Distance (ft)"])
    writer.writerow(["Near Owner", "1 Orange St, Prescott WI", "100"])
    writer.writerow(["Far Owner", "2 Orange St, Prescott WI", "100.2"])
    (tmp_path / "owners.csv").write_text(text.getvalue(), encoding="utf-8")
    far = cafe_notice.neighbors_from_rows(read_table(tmp_path / "owners.csv"))
    assert [(n.name, n.distance_ft) for n in far] == [("Near Owner", 100), ("Far Owner", 101)]
    [warning] = cafe_rules.neighbor_findings(far)  # 100.2 ft is beyond: kept, marked
    assert warning.text.startswith("Line 2: Far Owner is 101 ft away — beyond 100 ft")
    with pytest.raises(InvalidInput, match="no Name column"):
        cafe_notice.neighbors_from_rows([{"Owner's street": "x"}])


def test_the_notice_needs_the_list_and_starts_fifteen_days_for_comments(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, bistro: int, clock: FixedClock
) -> None:
    cafe = _apply(desk, clerk, _data(bistro))
    nobody = _refused(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        cafe,
        mailed_on=date(2026, 11, 30),
        by_name="Carla Jensen",
    )
    assert nobody.cite == APPLICATION and "within 100 feet first" in nobody.message
    _do(desk, clerk, cafe_notice.set_neighbors, cafe, _neighbors())
    # the Treasurer takes applications but does not mail the City Administrator's notice
    _refused(
        desk,
        treasurer,
        cafe_notice.record_notice_mailed,
        cafe,
        mailed_on=date(2026, 11, 30),
        by_name="Teresa",
        error=PermissionDenied,
    )
    _refused(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        cafe,
        mailed_on=date(2026, 12, 1),
        by_name="Carla Jensen",
    )
    _do(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        cafe,
        mailed_on=date(2026, 11, 30),
        by_name="Carla Jensen",
    )
    mailed = _get(desk, cafe)
    assert (mailed.status, mailed.comments_due_on) == (CafeStatus.NOTICE_MAILED, date(2026, 12, 15))
    assert (
        cafe_terms.display_status(mailed, date(2026, 12, 15)) == "Comments until Tue Dec 15, 2026"
    )
    assert cafe_terms.display_status(mailed, date(2026, 12, 16)) == "Comment period ended"
    locked = _refused(desk, clerk, cafe_notice.set_neighbors, cafe, _neighbors(1), error=Conflict)
    assert "the list attached to the packet is the one it was mailed to" in locked.message
    items = _items(desk, clerk, cafe)
    assert items["notice"].met
    assert (items["comments"].state, items["comments"].due) == (
        ItemState.PENDING,
        date(2026, 12, 15),
    )
    # day 15 is timely, day 16 is late (kept for the Council and flagged); staff have no last day
    clock.set(datetime(2026, 12, 16, 9, 0))
    on_time = _do(
        desk,
        clerk,
        cafe_notice.record_comment,
        cafe,
        received_on=date(2026, 12, 15),
        commenter="Berg Family Trust",
        text="We support it.",
    )
    late = _do(
        desk,
        clerk,
        cafe_notice.record_comment,
        cafe,
        received_on=date(2026, 12, 16),
        commenter="Dahl Properties LLC",
        text="Against: noise.",
    )
    staff = _do(
        desk,
        clerk,
        cafe_notice.record_comment,
        cafe,
        received_on=date(2026, 12, 16),
        commenter="Director of Public Works",
        text="Bus stop clear.",
        source="staff",
    )
    commented = _get(desk, cafe)
    by_id = {c.id: c for c in commented.comments}
    assert (by_id[on_time].timely, by_id[late].timely, by_id[staff].timely) == (True, False, True)
    assert cafe_terms.comment_findings(by_id[late], commented) == [
        Finding(
            "warn",
            APPLICATION,
            "Received Wed Dec 16, 2026, after the last day (Tue Dec 15, 2026): comments must be "
            "received by the City Clerk within 15 calendar days from the mailing of the notice.",
        )
    ]
    assert cafe_terms.comment_findings(by_id[on_time], commented) == []
    comments = _items(desk, clerk, cafe)["comments"]
    assert comments.met and comments.findings[0].text == (
        "The period ended Tue Dec 15, 2026. 3 comments received (1 after the last day)."
    )
    _refused(
        desk,
        clerk,
        cafe_notice.record_comment,
        cafe,
        received_on=date(2026, 12, 17),
        commenter="X",
        text="y",
    )


def test_a_last_day_city_hall_is_closed_moves_to_its_next_open_day(
    desk: Desk, clerk: SignedIn, bistro: int, clock: FixedClock
) -> None:
    """Mailed Fri Dec 4: fifteen days is Sat Dec 19, City Hall closed: Mon Dec 21."""
    clock.set(datetime(2026, 12, 4, 15, 0))
    cafe = _apply(desk, clerk, _data(bistro))
    _mail(desk, clerk, cafe, date(2026, 12, 4))
    assert _get(desk, cafe).comments_due_on == date(2026, 12, 21)
    with desk.lookup(clerk) as action:
        [event] = [
            e for e in sc.history(action.session, cafe) if e.action == "sidewalk_cafe.notice"
        ]
        assert "comments to the City Clerk by Mon Dec 21, 2026 (" in event.summary
        assert "Moved to Mon Dec 21, 2026" in event.summary
    clock.set(datetime(2026, 12, 22, 9, 0))
    monday = _do(
        desk,
        clerk,
        cafe_notice.record_comment,
        cafe,
        received_on=date(2026, 12, 21),
        commenter="A",
        text="ok",
    )
    tuesday = _do(
        desk,
        clerk,
        cafe_notice.record_comment,
        cafe,
        received_on=date(2026, 12, 22),
        commenter="B",
        text="no",
    )
    timely = {c.id: c.timely for c in _get(desk, cafe).comments}
    assert (timely[monday], timely[tuesday]) == (True, False)


# -- the Council --------------------------------------------------------------------------------


def test_the_council_may_not_act_during_the_comment_period_or_before_it_meets(
    desk: Desk, clerk: SignedIn, bistro: int, clock: FixedClock
) -> None:
    cafe = _apply(desk, clerk, _data(bistro))
    dec14, dec15, dec16 = (
        _meeting(desk, clerk, date(2026, 12, 14)),
        _meeting(desk, clerk, date(2026, 12, 15), 17),
        _meeting(desk, clerk, date(2026, 12, 16), 17),
    )
    not_mailed = _refused(
        desk, clerk, cafe_council.place_before_council, cafe, dec16, error=Conflict
    )
    assert "until the notice is mailed" in not_mailed.message
    _mail(desk, clerk, cafe)  # comments until Tue Dec 15
    for meeting in (dec14, dec15):  # the last day of the period is within it
        during = _refused(desk, clerk, cafe_council.place_before_council, cafe, meeting)
        assert during.message.endswith(
            "is within the comment period, which runs until Tue Dec 15, 2026: the Council may "
            "not act before it ends."
        )
    _do(desk, clerk, cafe_council.place_before_council, cafe, dec16)
    assert cafe_terms.display_status(_get(desk, cafe), date(2026, 12, 1)) == (
        "Before the Council Wed Dec 16, 2026"
    )
    assert _items(desk, clerk, cafe)["council"].state is ItemState.PENDING
    clock.set(datetime(2026, 12, 16, 16, 59))
    early = _refused(
        desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=dec16, approved=True
    )
    assert early.message == "The meeting of Wed Dec 16, 2026 has not taken place yet."
    clock.set(datetime(2026, 12, 16, 20, 0))
    _refused(
        desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=dec15, approved=True
    )
    with desk.lookup(clerk) as action:
        held = cafe_council.council_meetings(
            action.session, cafe, now=action.now(), zone=CHICAGO, held=True
        )
        assert [m.id for m in held] == [dec16]
    unreasoned = _refused(
        desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=dec16, approved=False
    )
    assert unreasoned.field == "reasons"
    later = _refused(
        desk,
        clerk,
        cafe_council.record_council_decision,
        cafe,
        meeting_id=dec16,
        approved=True,
        closes_at=time(23, 30),
    )
    assert later.cite == HOURS
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        cafe,
        meeting_id=dec16,
        approved=True,
        conditions="No umbrellas\n  \nPlanters moved inside at closing",
        closes_at=time(20, 0),
    )
    approved = _get(desk, cafe)
    assert (approved.status, approved.council_decided_on) == (
        CafeStatus.APPROVED,
        date(2026, 12, 16),
    )
    assert approved.council_conditions == "No umbrellas\nPlanters moved inside at closing"
    assert cafe_rules.effective_hours(approved) == (time(7, 0), time(20, 0))
    assert [f.level for f in cafe_rules.hours_findings(approved)] == ["info"]


def test_police_review_is_forwarded_only_when_needed_and_heard_before_approval(
    desk: Desk, clerk: SignedIn, bistro: int, clock: FixedClock
) -> None:
    plain = _apply(desk, clerk, _data(bistro))
    assert "police" not in _items(desk, clerk, plain)
    refused = _refused(desk, clerk, sc.send_to_police, plain, on=date(2026, 11, 30))
    assert refused.cite == APPLICATION and "does not go to the Chief of Police" in refused.message
    licensed = _apply(desk, clerk, _data(bistro, liquor_license="Class B 2026-3"))
    police = _items(desk, clerk, licensed)["police"]
    assert police.state is ItemState.NOT_MET
    assert police.findings[0].text == (
        "Forward the application to the Chief of Police: the business holds a liquor license "
        "(Class B 2026-3)."
    )
    unsent = _refused(
        desk,
        clerk,
        sc.record_police_review,
        licensed,
        on=date(2026, 11, 30),
        approved=True,
        error=Conflict,
    )
    assert "went to the Chief of Police first" in unsent.message
    _do(desk, clerk, sc.send_to_police, licensed, on=date(2026, 11, 30))
    assert _items(desk, clerk, licensed)["police"].state is ItemState.PENDING
    _mail(desk, clerk, licensed)
    dec16 = _meeting(desk, clerk, date(2026, 12, 16))
    clock.set(datetime(2026, 12, 17, 9, 0))
    unheard = _refused(
        desk, clerk, cafe_council.record_council_decision, licensed, meeting_id=dec16, approved=True
    )
    assert "Chief of Police's review is not on record" in unheard.message
    no_memo = _refused(
        desk, clerk, sc.record_police_review, licensed, on=date(2026, 12, 1), approved=False
    )
    assert no_memo.field == "memo"
    _do(
        desk,
        clerk,
        sc.record_police_review,
        licensed,
        on=date(2026, 12, 1),
        approved=False,
        memo="Stanchions needed along the curb side.",
    )
    reviewed = _items(desk, clerk, licensed)["police"]
    assert reviewed.met and reviewed.findings[0].level == "warn"
    _do(
        desk, clerk, cafe_council.record_council_decision, licensed, meeting_id=dec16, approved=True
    )


def test_the_dpw_inspects_and_an_unsatisfied_inspection_needs_a_reason(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, bistro: int
) -> None:
    cafe = _apply(desk, clerk, _data(bistro))
    assert _items(desk, clerk, cafe)["dpw"].state is ItemState.NOT_MET
    _refused(
        desk,
        clerk,
        sc.record_dpw_inspection,
        cafe,
        on=date(2026, 11, 30),
        by_name="X",
        satisfied=True,
        error=PermissionDenied,
    )
    _refused(
        desk,
        inspector,
        sc.record_dpw_inspection,
        cafe,
        on=date(2026, 11, 30),
        by_name="Ivan Olsen",
        satisfied=False,
    )
    _do(
        desk,
        inspector,
        sc.record_dpw_inspection,
        cafe,
        on=date(2026, 11, 30),
        by_name="Ivan Olsen",
        satisfied=False,
        note="A tree well is within the cafe area.",
    )
    dpw = _items(desk, clerk, cafe)["dpw"]
    assert dpw.state is ItemState.NOT_MET and "tree well" in dpw.findings[0].text
    _do(
        desk,
        inspector,
        sc.record_dpw_inspection,
        cafe,
        on=date(2026, 11, 30),
        by_name="Ivan Olsen",
        satisfied=True,
    )
    assert _items(desk, clerk, cafe)["dpw"].met


# -- the permit ---------------------------------------------------------------------------------


def test_issued_for_at_most_one_year_from_its_issuance(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro)
    unapproved = _refused(desk, clerk, cafe_council.issue, path.cafe, error=Conflict)
    assert "only after the Council's approval" in unapproved.message
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        path.cafe,
        meeting_id=path.dec28,
        approved=True,
    )
    longer = _refused(desk, clerk, cafe_council.issue, path.cafe, expires_on=date(2027, 12, 29))
    assert longer.cite == TERM
    assert longer.message == (
        "The permit may run at most one year from its original issuance: until Tue Dec 28, "
        "2027, not Wed Dec 29, 2027."
    )
    _refused(desk, inspector, cafe_council.issue, path.cafe, error=PermissionDenied)
    _do(desk, clerk, cafe_council.issue, path.cafe, expires_on=date(2027, 12, 28))
    permit = _get(desk, path.cafe)
    assert (permit.status, permit.issued_on, permit.expires_on, permit.issued_by_name) == (
        CafeStatus.ISSUED,
        date(2026, 12, 28),
        date(2027, 12, 28),
        "Test Clerk",
    )
    assert (
        cafe_terms.display_status(permit, date(2027, 12, 28)) == "Issued — expires Tue Dec 28, 2027"
    )
    assert cafe_terms.display_status(permit, date(2027, 12, 29)) == "Expired"
    assert all(item.met for item in _items(desk, clerk, path.cafe).values())


def test_a_seasonal_term_is_shorter_and_the_default_is_a_year(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    assert _get(desk, path.cafe).expires_on == date(2027, 12, 28)
    other = _business_on_broad(desk, clerk, "Seasonal Cones")
    clock.set(datetime(2026, 11, 30, 10, 0))
    season = _to_council(desk, clock, clerk, inspector, treasurer, other, _data(other))
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        season.cafe,
        meeting_id=season.dec28,
        approved=True,
    )
    _refused(desk, clerk, cafe_council.issue, season.cafe, expires_on=date(2026, 12, 27))
    _do(desk, clerk, cafe_council.issue, season.cafe, expires_on=date(2027, 10, 31))
    assert _get(desk, season.cafe).expires_on == date(2027, 10, 31)


def test_issuance_waits_for_the_fee_and_the_insurance_from_the_application(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro, pay=False, insure=False)
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        path.cafe,
        meeting_id=path.dec28,
        approved=True,
    )
    uninsured = _refused(desk, clerk, cafe_council.issue, path.cafe)
    assert uninsured.field == "insurance" and uninsured.cite == INSURANCE
    assert (
        "No certificate of insurance is on file for Broad Street Bistro LLC." in uninsured.message
    )
    # coverage that starts after the application does not do
    _certificate(desk, clerk, bistro, effective_on=date(2026, 12, 1))
    late = _refused(desk, clerk, cafe_council.issue, path.cafe)
    assert "after the application was made (Mon Nov 30, 2026)" in late.message
    _certificate(desk, clerk, bistro)
    unpaid = _refused(desk, clerk, cafe_council.issue, path.cafe)
    assert unpaid.field == "fee" and unpaid.message.startswith("Fee receipted: The fee set")
    number = _pay(desk, treasurer, path.cafe)
    _do(desk, clerk, cafe_council.issue, path.cafe)
    with desk.lookup(clerk) as action:
        view = views.permit_view(action.session, path.cafe, action.calendar, today=action.today())
    assert [r.receipt_number for r in view.receipts] == [number]
    assert view.fee_owed == Money.zero() and view.insurance is not None


def test_alcohol_needs_liquor_liability_insurance(desk: Desk, clerk: SignedIn, bistro: int) -> None:
    cafe = _apply(desk, clerk, _data(bistro, serves_alcohol=True, liquor_license="B-7"))
    _certificate(desk, clerk, bistro)
    insurance = _items(desk, clerk, cafe)["insurance"]
    assert insurance.state is ItemState.NOT_MET
    assert _blocks(list(insurance.findings)) == [
        "Alcohol will be served, and the certificate shows no liquor liability coverage."
    ]
    _certificate(desk, clerk, bistro, liquor=True)
    assert _items(desk, clerk, cafe)["insurance"].met


def test_not_transferable_a_new_owner_applies_again_and_a_renewal_runs_it_all_again(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    buyer = _business_on_broad(desk, clerk, "New Owner Hospitality Inc.")
    waiting = _apply(desk, clerk, _data(bistro))
    moved = _refused(desk, clerk, sc.correct_application, waiting, _data(buyer))
    assert moved.cite == TERM
    assert moved.message == (
        "A sidewalk cafe permit is not transferable: a new owner needs a new application."
    )
    _do(desk, clerk, sc.correct_application, waiting, _data(bistro, seats=20))
    assert _get(desk, waiting).seats == 20
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    _refused(desk, clerk, sc.correct_application, path.cafe, _data(buyer))
    frozen = _refused(desk, clerk, sc.correct_application, path.cafe, _data(bistro), error=Conflict)
    assert "can no longer be corrected" in frozen.message
    renewal = _do(desk, clerk, cafe_council.renew, path.cafe)
    again = _get(desk, renewal)
    old = _get(desk, path.cafe)
    assert (again.status, again.renews_id, again.applicant_id) == (
        CafeStatus.APPLIED,
        path.cafe,
        bistro,
    )
    assert (again.establishment, again.clear_passage_in, again.closes_at) == (
        old.establishment,
        old.clear_passage_in,
        old.closes_at,
    )
    assert again.site_plan_sha256 == old.site_plan_sha256 and again.sales_records_sha256 == ""
    assert [n.name for n in again.neighbors] == [n.name for n in old.neighbors]
    assert (again.notice_mailed_on, again.council_approved, again.gross_sales) == (None, None, None)
    with desk.lookup(clerk) as action:
        [due] = ledger.dues_for(action.session, RecordRef(cafe_rules.RECORD_TYPE, str(renewal)))
        assert due.description.startswith(
            f"Sidewalk cafe permit renewal {again.number} (renews {old.number})"
        )
    twice = _refused(desk, clerk, cafe_council.renew, path.cafe, error=Conflict)
    assert twice.message == f"{old.number} is already renewed by {again.number}."
    _refused(desk, clerk, cafe_council.renew, waiting, error=Conflict)


# -- suspension and revocation ------------------------------------------------------------------


def test_seven_days_written_notice_of_a_suspension_unless_an_emergency(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2027, 1, 4, 10, 0))
    festival = "Street festival: Broad St N closed"
    six = _refused(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=date(2027, 1, 4),
        starts_on=date(2027, 1, 10),
        ends_on=date(2027, 1, 10),
        reason=festival,
    )
    assert (six.cite, six.field) == (TERM, "short_notice_reason")
    assert six.message == (
        "Written notice dated Mon Jan 4, 2027 is 6 days before the suspension starts "
        "(Sun Jan 10, 2027): seven days' written notice was due by Sun Jan 3, 2027. The "
        "ordinance lets the City suspend all the same (failure or inability to give prior "
        "written notice does not affect its right): say why notice could not be given, or "
        "record an emergency."
    )
    none = _refused(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=None,
        starts_on=date(2027, 1, 11),
        ends_on=date(2027, 1, 12),
        reason=festival,
    )
    assert none.field == "short_notice_reason"
    assert none.message.startswith(
        "No written notice is recorded: seven days' written notice was due by Mon Jan 4, 2027."
    )
    seven = _do(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=date(2027, 1, 4),
        starts_on=date(2027, 1, 11),
        ends_on=date(2027, 1, 12),
        reason=festival,
    )
    overlap = _refused(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=None,
        starts_on=date(2027, 1, 12),
        ends_on=date(2027, 1, 13),
        reason="Water main",
        emergency=True,
        error=Conflict,
    )
    assert "already suspended from Mon Jan 11, 2027 to Tue Jan 12, 2027" in overlap.message
    emergency = _do(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=None,
        starts_on=date(2027, 1, 4),
        ends_on=date(2027, 1, 5),
        reason="Water main break under the sidewalk",
        emergency=True,
    )
    permit = _get(desk, path.cafe)
    assert permit.status == CafeStatus.ISSUED  # the permit stands; its operation is suspended
    assert cafe_terms.display_status(permit, date(2027, 1, 4)) == "Suspended until Tue Jan 5, 2027"
    assert cafe_terms.standing(permit, date(2027, 1, 6)) is CafeStatus.ISSUED
    assert (
        cafe_terms.display_status(permit, date(2027, 1, 11)) == "Suspended until Tue Jan 12, 2027"
    )
    with desk.lookup(clerk) as action:
        found = sc.search_cafes(action.session, status=CafeStatus.SUSPENDED, today=date(2027, 1, 4))
        assert [c.id for c in found] == [path.cafe]
        assert (
            sc.search_cafes(action.session, status=CafeStatus.ISSUED, today=date(2027, 1, 4)) == []
        )
        assert (
            sc.search_cafes(action.session, status=CafeStatus.SUSPENDED, today=date(2027, 1, 6))
            == []
        )
    titles = [i.title for i in _today_items(desk, clerk)]
    assert "SC-2026-001 suspended from Mon Jan 11, 2027 to Tue Jan 12, 2027" in titles
    _do(
        desk,
        clerk,
        cafe_suspensions.lift_suspension,
        emergency,
        on=date(2027, 1, 5),
        reason="Repaired",
    )
    permit = _get(desk, path.cafe)
    assert (
        cafe_terms.display_status(permit, date(2027, 1, 5)) == "Issued — expires Tue Dec 28, 2027"
    )
    with desk.lookup(clerk) as action:
        letter = views.letter_view(action.session, path.cafe, suspension_id=seven)
    assert (letter.kind, letter.notice_on, letter.starts_on, letter.ends_on) == (
        "suspension",
        date(2027, 1, 4),
        date(2027, 1, 11),
        date(2027, 1, 12),
    )
    assert letter.reason == f"{festival}" and letter.cite == TERM
    assert letter.applicant_address == "301 Broad St N\nPrescott, WI 54021"


def test_a_suspension_without_seven_days_notice_is_recorded_with_why(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    """Issue 21: § 506-10 says "Failure or inability to give prior written notice shall not
    affect the right and power of the City to temporarily prohibit the cafe's operation". A
    suspension on short notice, or none, is recorded once the clerk says why; it stands as
    such in the register, the letter and the audit trail."""
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2027, 1, 4, 10, 0))
    why = "The sidewalk caved in over the storm sewer on Sunday"
    short = _do(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=date(2027, 1, 4),
        starts_on=date(2027, 1, 10),  # six days: one short
        ends_on=date(2027, 1, 10),
        reason="Storm sewer repair in front of the cafe",
        short_notice_reason=f"  {why} ",
    )
    without = _do(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=None,
        starts_on=date(2027, 1, 11),
        ends_on=date(2027, 1, 11),
        reason="Storm sewer repair in front of the cafe",
        short_notice_reason=why,
    )
    in_time = _do(  # seven days: the reason typed is not needed, and not kept
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=date(2027, 1, 4),
        starts_on=date(2027, 1, 12),
        ends_on=date(2027, 1, 12),
        reason="Prescott Daze",
        short_notice_reason="typed by mistake",
    )
    with desk.lookup(clerk) as action:
        rows = {r.id: r for r in cafe_views.cafe_row(action, path.cafe).suspensions}
        letter = views.letter_view(action.session, path.cafe, suspension_id=short)
        events = action.session.scalars(
            select(AuditEvent.summary).where(AuditEvent.action == "sidewalk_cafe.suspend")
        ).all()
    assert rows[short].notice_text == f"01/04/2027, short of seven days: {why}"
    assert rows[without].notice_text == f"none, short of seven days: {why}"
    assert rows[in_time].notice_text == "01/04/2027" and rows[in_time].short_notice_reason == ""
    assert letter.short_notice_reason == why
    assert [e.endswith(f"without seven days' written notice: {why}") for e in events] == [
        True,
        True,
        False,
    ]


def test_ten_days_written_notice_before_the_revocation_meeting(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    jan11 = _meeting(desk, clerk, date(2027, 1, 11))
    clock.set(datetime(2027, 1, 4, 10, 0))
    _refused(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11, error=Conflict)
    grounds = "Tables left on the sidewalk overnight, repeatedly"
    nine = _refused(
        desk,
        clerk,
        cafe_suspensions.give_revocation_notice,
        path.cafe,
        notice_on=date(2027, 1, 2),
        meeting_id=jan11,
        grounds=grounds,
    )
    assert nine.cite == REVOCATION
    assert nine.message == (
        "The meeting of Mon Jan 11, 2027 is 9 days after the notice (Sat Jan 2, 2027): 10 days' "
        "written notice is required, so the notice by Fri Jan 1, 2027, or a later meeting."
    )
    _do(
        desk,
        clerk,
        cafe_suspensions.give_revocation_notice,
        path.cafe,
        notice_on=date(2027, 1, 1),
        meeting_id=jan11,
        grounds=grounds,
    )
    assert "Council to consider revoking SC-2026-001 on Mon Jan 11, 2027" in [
        i.title for i in _today_items(desk, clerk)
    ]
    with desk.lookup(clerk) as action:
        letter = views.letter_view(action.session, path.cafe, zone=CHICAGO)
    assert (letter.kind, letter.notice_on, letter.grounds) == (
        "revocation",
        date(2027, 1, 1),
        grounds,
    )
    assert letter.meeting_at == datetime(2027, 1, 11, 18, 0, tzinfo=CHICAGO)
    assert letter.meeting_place == CHAMBERS
    early = _refused(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11)
    assert early.message == "The meeting of Mon Jan 11, 2027 has not taken place yet."
    clock.set(datetime(2027, 1, 12, 9, 0))
    before = _refused(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=path.dec28)
    assert "cannot have revoked the permit at the earlier meeting" in before.message
    _do(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11, until=date(2027, 2, 28))
    revoked = _get(desk, path.cafe)
    assert (revoked.status, revoked.revoked_on) == (CafeStatus.REVOKED, date(2027, 1, 11))
    assert cafe_terms.display_status(revoked, date(2027, 2, 28)) == "Revoked until Sun Feb 28, 2027"
    assert (
        cafe_terms.display_status(revoked, date(2027, 3, 1)) == "Issued — expires Tue Dec 28, 2027"
    )
    _refused(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=None,
        starts_on=date(2027, 1, 12),
        ends_on=date(2027, 1, 12),
        reason="x",
        emergency=True,
        error=Conflict,
    )


# -- denial, withdrawal, permissions -------------------------------------------------------------


def test_only_the_council_denies_an_application_that_meets_the_standards(
    desk: Desk, clerk: SignedIn, bistro: int
) -> None:
    good = _apply(desk, clerk, _data(bistro))
    refused = _refused(desk, clerk, cafe_council.deny, good, reasons="Not wanted")
    assert refused.message.startswith("The application meets the standards of § 506-10")
    half = _apply(desk, clerk, _data(bistro, food_and_soft_drink_sales=Money("5000.00")))
    _do(desk, clerk, cafe_council.deny, half, reasons="Food was only half of gross sales.")
    denied = _get(desk, half)
    assert (denied.status, denied.denial_reasons) == (
        CafeStatus.DENIED,
        "Food was only half of gross sales.",
    )
    _do(desk, clerk, sc.withdraw, good, reason="The owner called: not this year.")
    assert _get(desk, good).status == CafeStatus.WITHDRAWN
    _refused(desk, clerk, sc.withdraw, good, reason="again", error=Conflict)


def test_who_may_do_what(
    desk: Desk,
    operator_with: Callable[[Role], SignedIn],
    clerk: SignedIn,
    treasurer: SignedIn,
    inspector: SignedIn,
    bistro: int,
    clock: FixedClock,
) -> None:
    deputy = operator_with(Role.DEPUTY_CLERK)
    cafe = _apply(desk, treasurer, _data(bistro))  # every counter role takes applications
    _do(desk, inspector, cafe_notice.set_neighbors, cafe, _neighbors())
    _refused(
        desk,
        inspector,
        cafe_notice.record_notice_mailed,
        cafe,
        mailed_on=date(2026, 11, 30),
        by_name="x",
        error=PermissionDenied,
    )
    _do(
        desk,
        deputy,
        cafe_notice.record_notice_mailed,
        cafe,
        mailed_on=date(2026, 11, 30),
        by_name="Dale",
    )
    _refused(
        desk,
        deputy,
        sc.record_dpw_inspection,
        cafe,
        on=date(2026, 11, 30),
        by_name="x",
        satisfied=True,
        error=PermissionDenied,
    )
    _refused(desk, treasurer, cafe_council.deny, cafe, reasons="x", error=PermissionDenied)


# -- registers, the Today tab, the views ----------------------------------------------------------


def test_the_today_tab_lists_what_is_due(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    cafe = _apply(desk, clerk, _data(bistro))
    _mail(desk, clerk, cafe)
    [item] = _today_items(desk, clerk)
    assert (item.due, item.title, item.cite, item.record_id) == (
        date(2026, 12, 15),
        "Comments on SC-2026-001 close Tue Dec 15, 2026",
        APPLICATION,
        str(cafe),
    )
    clock.set(datetime(2026, 12, 16, 9, 0))
    [item] = _today_items(desk, clerk)
    assert (item.due, item.title) == (
        date(2026, 12, 16),
        "Place SC-2026-001 before the Council: the comment period has ended",
    )
    other = _business_on_broad(desk, clerk, "Kinni Cones")
    clock.set(datetime(2026, 11, 30, 10, 0))
    path = _issued(
        desk,
        clock,
        clerk,
        inspector,
        treasurer,
        other,
    )
    # the permit expires Dec 28, 2027: listed from 30 days before, not 31
    clock.set(datetime(2027, 11, 27, 9, 0))
    assert not any("expires" in i.title for i in _today_items(desk, clerk))
    clock.set(datetime(2027, 11, 28, 9, 0))
    expiring = [i for i in _today_items(desk, clerk) if "expires" in i.title]
    assert [(i.due, i.title, i.cite) for i in expiring] == [
        (date(2027, 12, 28), "Sidewalk cafe permit SC-2026-002 expires Tue Dec 28, 2027", TERM)
    ]
    assert _get(desk, path.cafe).number == "SC-2026-002"


def test_an_approved_permit_waits_on_the_today_tab_to_be_issued(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro)
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        path.cafe,
        meeting_id=path.dec28,
        approved=True,
    )
    assert [(i.due, i.title) for i in _today_items(desk, clerk)] == [
        (date(2026, 12, 28), "Issue SC-2026-001: approved by the Council")
    ]


def test_the_papers_views(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    data = _data(
        bistro,
        serves_alcohol=True,
        liquor_license="Class B 2026-3",
        umbrellas="Two umbrellas, 7 ft clear",
    )
    cafe = _apply(desk, clerk, data)
    with desk.lookup(clerk) as action:
        draft = views.notice_view(action.session, cafe, calendar=action.calendar)
    assert (draft.mailed_on, draft.comments_due_on, draft.neighbors) == (None, None, ())
    _mail(desk, clerk, cafe)
    _do(desk, clerk, sc.send_to_police, cafe, on=date(2026, 11, 30))
    _do(desk, clerk, sc.record_police_review, cafe, on=date(2026, 11, 30), approved=True)
    _do(
        desk,
        inspector,
        sc.record_dpw_inspection,
        cafe,
        on=date(2026, 11, 30),
        by_name="Ivan Olsen",
        satisfied=True,
    )
    _certificate(desk, clerk, bistro, liquor=True)
    _pay(desk, treasurer, cafe)
    with desk.lookup(clerk) as action:
        notice = views.notice_view(action.session, cafe, calendar=action.calendar)
    assert (notice.mailed_on, notice.comments_due_on) == (date(2026, 11, 30), date(2026, 12, 15))
    assert notice.comments_explanation.startswith("15 days after Mon Nov 30, 2026 is Tue Dec 15")
    assert (notice.site_plan, notice.site_plan_kind, notice.site_plan_scale) == (
        PNG,
        "png",
        "1 in = 8 ft",
    )
    assert notice.serves_alcohol and notice.alcohol == (
        "Alcoholic beverages will be served at the sidewalk cafe if the permit is granted "
        "(liquor license Class B 2026-3)."
    )
    assert [(n.position, n.name, n.distance_ft) for n in notice.neighbors] == [
        (1, "Owner 1", 20),
        (2, "Owner 2", 40),
        (3, "Owner 3", 60),
    ]
    dec28 = _meeting(desk, clerk, date(2026, 12, 28))
    clock.set(datetime(2026, 12, 29, 9, 0))
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        cafe,
        meeting_id=dec28,
        approved=True,
        conditions="Stanchions 3 ft high",
        closes_at=time(20, 30),
    )
    _do(desk, clerk, cafe_council.issue, cafe)
    with desk.lookup(clerk) as action:
        permit = views.permit_view(action.session, cafe, action.calendar, today=action.today())
        rows = views.register_rows(action.session, 2026, today=action.today())
        assert views.register_rows(action.session, 2025) == []
    assert (permit.number, permit.status, permit.issued_on, permit.expires_on) == (
        "SC-2026-001",
        "Issued — expires Wed Dec 29, 2027",
        date(2026, 12, 29),
        date(2027, 12, 29),
    )
    assert permit.term == (
        "Expires Wed Dec 29, 2027 — at most one year from issuance; not transferable."
    )
    assert permit.hours == "7:00 a.m. to 8:30 p.m." and permit.closes_at == time(20, 30)
    assert permit.council_conditions == ("Stanchions 3 ft high",)
    assert permit.council_meeting_on == date(2026, 12, 28)
    assert permit.umbrellas == "Two umbrellas, 7 ft clear" and permit.serves_alcohol
    assert permit.configuration == "Abutting the storefront"
    assert ("Clear pedestrian passage", "6 ft (abuts the curb)") in permit.dimensions
    assert ("Aisles", "4 ft") in permit.dimensions
    assert permit.display_notice == "This permit must be visibly displayed during business hours."
    assert permit.insurance is not None and permit.insurance.shortfalls == ()
    assert ("liquor liability", Money("1000000")) in permit.insurance.limits
    assert permit.fee_amount == Money("75.00") and permit.fee_owed == Money.zero()
    assert permit.applicant_name == "Broad Street Bistro LLC"
    [row] = rows
    assert (row.number, row.status, row.issued_on, row.serves_alcohol, row.fee_owed) == (
        "SC-2026-001",
        "Issued — expires Wed Dec 29, 2027",
        date(2026, 12, 29),
        True,
        Money.zero(),
    )
    with desk.lookup(clerk) as action, pytest.raises(Conflict):
        views.letter_view(action.session, cafe)  # no revocation notice on record


def test_the_register_is_searched_by_any_word(desk: Desk, clerk: SignedIn, bistro: int) -> None:
    first = _apply(desk, clerk, _data(bistro))
    second = _apply(desk, clerk, _data(bistro, establishment="Café Zoë", address="12 Orange St"))
    with desk.lookup(clerk) as action:
        session = action.session
        assert [c.id for c in sc.search_cafes(session, "zoe orange")] == [second]
        assert [c.id for c in sc.search_cafes(session, "SC-2026-001")] == [first]
        assert [c.id for c in sc.search_cafes(session, "bistro llc")] == [second, first]
        assert sc.search_cafes(session, year=2025) == []
        assert sc.cafe_years(session) == [2026]
        assert [c.id for c in sc.search_cafes(session, status=CafeStatus.APPLIED)] == [
            second,
            first,
        ]


# -- the demo -----------------------------------------------------------------------------------


def test_the_demo_puts_a_cafe_at_each_step_on_a_fresh_desk(desk: Desk, admin: SignedIn) -> None:
    made = demo_sidewalk_cafes.generate(desk)
    assert made["sidewalk_cafe"] == 6 and made["council_meeting"] >= 2
    day = desk.clock.today()
    with desk.database.reading() as session:
        cafes = {c.establishment: c for c in sc.search_cafes(session)}
        shown = {name: cafe_terms.display_status(c, day) for name, c in cafes.items()}
        dues = list(
            session.scalars(
                select(AmountDue).where(AmountDue.record_type == cafe_rules.RECORD_TYPE)
            )
        )
        assert len(dues) == demo_sidewalk_cafes.AMOUNTS_DUE
        assert sum(d.status == DueStatus.OPEN for d in dues) == demo_sidewalk_cafes.OPEN_AMOUNTS_DUE
        bakery = cafes[demo_sidewalk_cafes.BAKERY]
        assert bakery.comments_due_on is not None and 0 <= (bakery.comments_due_on - day).days <= 7
        harbor = cafes[demo_sidewalk_cafes.HARBOR]
        assert harbor.expires_on is not None and 0 <= (harbor.expires_on - day).days <= 30
        ale = cafes[demo_sidewalk_cafes.ALEHOUSE]
        assert ale.serves_alcohol and ale.police_approved and ale.council_closes_at == time(22, 0)
        plans = {name: scan_bytes(session, c.site_plan_sha256) for name, c in cafes.items()}
        comments = {c.timely for c in cafes[demo_sidewalk_cafes.SLICE].comments}
        issued = [c.id for c in cafes.values() if c.status == CafeStatus.ISSUED]
        meetings = session.scalar(select(func.count()).select_from(CouncilMeeting))
    assert shown[demo_sidewalk_cafes.BISTRO].startswith("Before the Council ")
    assert shown[demo_sidewalk_cafes.HARBOR].startswith("Issued — expires ")
    assert shown[demo_sidewalk_cafes.PIZZERIA].startswith("Suspended until ")
    assert shown[demo_sidewalk_cafes.SLICE] == "Denied" and comments == {True, False}
    assert shown[demo_sidewalk_cafes.BAKERY].startswith("Comments until ")
    assert meetings == made["council_meeting"]
    for name, content in plans.items():
        assert content is not None
        if content.startswith(b"%PDF"):
            text = PdfReader(io.BytesIO(content)).pages[0].extract_text()
            assert "Scale: 1 in = 8 ft" in text and name in text
        else:
            image = Image.open(io.BytesIO(content))
            assert image.format == "PNG" and image.size[0] > 100
    titles = [i.title for i in _today_items(desk, admin)]
    assert any(t.startswith(f"Comments on {bakery.number} close") for t in titles)
    assert any(t.startswith(f"Sidewalk cafe permit {harbor.number} expires") for t in titles)
    assert len(issued) == 3
    with desk.lookup(admin) as action:
        for cafe_id in issued:
            assert [i.key for i in cafe_checklist.review(action, cafe_id) if not i.met] == []


# -- the review's findings, each as a clerk meets it ----------------------------------------------


def _spoil_site_plan(desk: Desk, cafe_id: int) -> None:
    """The stored copy of the site plan no longer matches its digest (a damaged disk): the
    documents store no longer hands it out."""
    with desk.database.writing() as session:
        cafe = session.get(SidewalkCafe, cafe_id)
        assert cafe is not None
        document = session.get(Document, cafe.site_plan_sha256)
        assert document is not None
        document.content = b"not the plan any more"


def test_the_notice_is_not_recorded_as_mailed_without_a_readable_site_plan(
    desk: Desk, clerk: SignedIn, bistro: int
) -> None:
    bare = _apply(desk, clerk, _data(bistro), papers=False)
    _do(desk, clerk, cafe_notice.set_neighbors, bare, _neighbors())
    refused = _refused(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        bare,
        mailed_on=date(2026, 11, 30),
        by_name="C",
    )
    assert (refused.field, refused.cite) == ("site_plan", APPLICATION)
    assert refused.message == (
        "Attach the applicant's site plan first: the notice must contain a copy of the diagram "
        "submitted by the applicant."
    )
    stored = _get(desk, bare)
    assert (stored.status, stored.notice_mailed_on, stored.comments_due_on) == (
        CafeStatus.APPLIED,
        None,
        None,
    )
    spoiled = _apply(desk, clerk, _data(bistro))
    _do(desk, clerk, cafe_notice.set_neighbors, spoiled, _neighbors())
    _spoil_site_plan(desk, spoiled)
    unreadable = _refused(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        spoiled,
        mailed_on=date(2026, 11, 30),
        by_name="C",
    )
    assert unreadable.field == "site_plan"
    assert unreadable.message.startswith(
        "The site plan on file (plan.png) cannot be read as a PDF, PNG or JPEG file"
    )
    assert _get(desk, spoiled).status == CafeStatus.APPLIED
    # a readable copy attached, the notice goes, and the letters print
    _do(desk, clerk, sc.attach_site_plan, spoiled, "plan.pdf", PDF, scale="1 in = 8 ft")
    _do(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        spoiled,
        mailed_on=date(2026, 11, 30),
        by_name="C",
    )
    assert _get(desk, spoiled).comments_due_on == date(2026, 12, 15)


def test_a_correction_of_what_the_neighbours_were_told_means_mailing_the_notice_again(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, bistro: int
) -> None:
    cafe = _apply(desk, clerk, _data(bistro))
    _mail(desk, clerk, cafe)
    # the sales, the records, the hours and the notes: corrected as they are
    _do(
        desk,
        clerk,
        sc.correct_application,
        cafe,
        _data(bistro, gross_sales=Money("10500.00"), closes_at=time(20, 0), notes="Checked"),
    )
    _do(desk, clerk, sc.attach_sales_records, cafe, "sales-2.pdf", PDF)
    kept = _get(desk, cafe)
    assert (kept.status, kept.notice_mailed_on, kept.gross_sales) == (
        CafeStatus.NOTICE_MAILED,
        date(2026, 11, 30),
        Money("10500.00"),
    )
    alcohol = _data(
        bistro, serves_alcohol=True, liquor_license="Class B 1", gross_sales=Money("10500.00")
    )
    with desk.lookup(clerk) as action:
        assert sc.notice_changes(sc.get_cafe(action.session, cafe), alcohol) == [
            "whether alcohol will be served"
        ]
        moved = dataclasses.replace(alcohol, cafe_length_in=360, clear_passage_in=73)
        assert sc.notice_changes(sc.get_cafe(action.session, cafe), moved) == [
            "whether alcohol will be served",
            "the clear passage",
            "the cafe's length along the frontage",
        ]
        assert sc.notice_changes(sc.get_cafe(action.session, cafe), plan=PNG) == []  # the same
        assert sc.notice_changes(sc.get_cafe(action.session, cafe), plan=PDF) == ["the site plan"]
    refused = _refused(desk, clerk, sc.correct_application, cafe, alcohol)
    assert (refused.field, refused.cite) == ("serves_alcohol", APPLICATION)
    assert refused.message == (
        "This changes what the neighbours were told (whether alcohol will be served): the notice "
        "mailed Mon Nov 30, 2026 would have to be mailed again, and the 15 days for comments "
        "would start over."
    )
    plan = _refused(desk, clerk, sc.attach_site_plan, cafe, "new.pdf", PDF, scale="1:48")
    assert plan.field == "site_plan" and "(the site plan)" in plan.message
    _do(desk, clerk, sc.attach_site_plan, cafe, "plan.png", PNG, scale="1 in = 8 ft")  # the same
    dec28 = _meeting(desk, clerk, date(2026, 12, 28))
    _do(desk, inspector, sc.record_dpw_inspection, cafe, on=date(2026, 11, 30), by_name="I",
        satisfied=True)  # fmt: skip
    _do(desk, clerk, cafe_council.place_before_council, cafe, dec28)
    assert _get(desk, cafe).status == CafeStatus.BEFORE_COUNCIL
    _do(desk, clerk, sc.correct_application, cafe, alcohol, mail_again=True)
    again = _get(desk, cafe)
    assert (again.status, again.notice_mailed_on, again.comments_due_on, again.meeting_id) == (
        CafeStatus.APPLIED,
        None,
        None,
        None,
    )
    assert again.serves_alcohol and again.liquor_license == "Class B 1"
    with desk.lookup(clerk) as action:
        said = [e.summary for e in sc.history(action.session, cafe)]
    assert said[-1] == (
        f"The notice of {again.number} mailed Mon Nov 30, 2026 must be mailed again: whether "
        "alcohol will be served changed after it was mailed; the 15 days for comments start "
        "over with the new mailing"
    )
    # mailed again a day later: the 15 days count from the new mailing
    clock.set(datetime(2026, 12, 1, 10, 0))
    _do(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        cafe,
        mailed_on=date(2026, 12, 1),
        by_name="C",
    )
    assert _get(desk, cafe).comments_due_on == date(2026, 12, 16)
    _do(desk, clerk, sc.attach_site_plan, cafe, "new.pdf", PDF, scale="1:48", mail_again=True)
    assert _get(desk, cafe).status == CafeStatus.APPLIED


def test_the_council_takes_up_and_approves_only_an_application_that_meets_the_standards(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    cafe = int(_do(desk, clerk, sc.receive_application, _data(bistro), site_plan=("plan.png", PNG)))
    _mail(desk, clerk, cafe)
    dec28 = _meeting(desk, clerk, date(2026, 12, 28))
    unready = _refused(desk, clerk, cafe_council.place_before_council, cafe, dec28)
    assert (unready.field, unready.cite) == ("standards", ELIGIBILITY)
    assert unready.message == (
        "Application SC-2026-001 cannot be placed before the Council while it does not meet the "
        "standards of § 506-10: Attach a copy of the business records showing the sales of the "
        "six months before the application."
    )
    assert _get(desk, cafe).status == CafeStatus.NOTICE_MAILED
    clock.set(datetime(2026, 12, 28, 19, 0))
    not_approved = _refused(
        desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=dec28, approved=True
    )
    assert not_approved.message.startswith(
        "Application SC-2026-001 cannot be approved while it does not meet the standards"
    )
    # the Council may deny it all the same
    _do(desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=dec28, approved=False,
        reasons="Incomplete.")  # fmt: skip
    assert _get(desk, cafe).status == CafeStatus.DENIED
    # without aisles the layout does not meet § 506-10 either
    clock.set(datetime(2026, 11, 30, 10, 0))
    aisleless = _apply(desk, clerk, _data(bistro, aisle_in=None))
    _mail(desk, clerk, aisleless)
    no_aisle = _refused(desk, clerk, cafe_council.place_before_council, aisleless, dec28)
    assert no_aisle.cite == CLEARANCE and "Enter the aisle width" in no_aisle.message


def test_no_alcohol_without_a_license_from_the_checklist_to_the_council(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    data = _data(bistro, serves_alcohol=True, liquor_license="")
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro, _data(bistro))
    cafe = _apply(desk, clerk, data)
    item = _items(desk, clerk, cafe)["alcohol"]
    assert (item.title, item.state) == ("Liquor license covering the cafe area", ItemState.NOT_MET)
    assert "alcohol" not in _items(desk, clerk, path.cafe)  # no alcohol: no item
    _mail(desk, clerk, cafe, on=date(2026, 12, 28))
    _do(desk, clerk, sc.send_to_police, cafe, on=date(2026, 12, 28))
    _do(desk, clerk, sc.record_police_review, cafe, on=date(2026, 12, 28), approved=True)
    clock.set(datetime(2027, 1, 13, 19, 0))
    jan13 = _meeting(desk, clerk, date(2027, 1, 13))
    refused = _refused(
        desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=jan13, approved=True
    )
    assert refused.cite == "§ 506-10 (Service of food and beverages; alcoholic beverages)"
    assert "no liquor license is entered" in refused.message
    _do(desk, clerk, sc.correct_application, cafe, dataclasses.replace(data, liquor_license="B-9"))
    assert _items(desk, clerk, cafe)["alcohol"].met
    _do(desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=jan13, approved=True)


def test_an_approved_application_can_still_have_its_records_and_a_missing_plan_attached(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro)
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        path.cafe,
        meeting_id=path.dec28,
        approved=True,
    )
    _do(desk, clerk, sc.attach_sales_records, path.cafe, "sales-signed.pdf", PDF)
    assert _get(desk, path.cafe).sales_records_name == "sales-signed.pdf"
    kept = _refused(
        desk, clerk, sc.attach_site_plan, path.cafe, "other.pdf", PDF, scale="1:48",
        error=Conflict,
    )  # fmt: skip
    assert kept.message == (
        "The Council approved SC-2026-001 on the site plan it had (plan.png); a different "
        "layout is a new application."
    )
    _spoil_site_plan(desk, path.cafe)
    eligible = _items(desk, clerk, path.cafe)["eligible"]
    assert eligible.state is ItemState.NOT_MET
    stuck = _refused(desk, clerk, cafe_council.issue, path.cafe)
    assert (stuck.field, stuck.cite) == ("eligible", APPLICATION)
    assert stuck.message == (
        "Eligible; records, zoning and site plan: The site plan on file (plan.png) cannot be "
        "read as a PDF, PNG or JPEG file: attach a readable copy."
    )
    _do(desk, clerk, sc.attach_site_plan, path.cafe, "plan.png", PNG, scale="1 in = 8 ft")
    _do(desk, clerk, cafe_council.issue, path.cafe)
    assert _get(desk, path.cafe).status == CafeStatus.ISSUED


def test_a_temporary_revocation_over_leaves_a_whole_permit_standing(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    jan11 = _meeting(desk, clerk, date(2027, 1, 11))
    clock.set(datetime(2026, 12, 30, 10, 0))
    _do(desk, clerk, cafe_suspensions.give_revocation_notice, path.cafe, notice_on=date(2026, 12,
        30), meeting_id=jan11, grounds="Tables left out overnight.")  # fmt: skip
    clock.set(datetime(2027, 1, 11, 20, 0))
    _do(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11, until=date(2027, 1, 31))

    def shown() -> str:
        with desk.lookup(clerk) as action:
            return cafe_terms.display_status(sc.get_cafe(action.session, path.cafe), action.today())

    clock.set(datetime(2027, 1, 31, 10, 0))  # its last day
    assert shown() == "Revoked until Sun Jan 31, 2027"
    during = _refused(desk, clerk, cafe_suspensions.suspend, path.cafe, notice_on=date(2027, 1, 31),
                      starts_on=date(2027, 2, 10), ends_on=date(2027, 2, 11), reason="Parade",
                      error=Conflict)  # fmt: skip
    assert during.message == (
        "SC-2026-001 is revoked until Sun Jan 31, 2027: there is no permit to suspend."
    )
    _refused(desk, clerk, cafe_council.renew, path.cafe, error=Conflict)
    clock.set(datetime(2027, 2, 1, 10, 0))  # the day after
    assert shown() == "Issued — expires Tue Dec 28, 2027"
    _do(desk, clerk, cafe_suspensions.suspend, path.cafe, notice_on=date(2027, 2, 1),
        starts_on=date(2027, 2, 10), ends_on=date(2027, 2, 11), reason="Parade")  # fmt: skip
    again = _refused(
        desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11, error=Conflict
    )
    assert again.message == (
        "No written notice of a revocation meeting is on record for SC-2026-001 since its "
        "revocation of Mon Jan 11, 2027: 10 days' written notice comes first."
    )
    with desk.lookup(clerk) as action:
        [row] = views.register_rows(action.session, 2026, today=action.today())
        assert row.status == "Issued — expires Tue Dec 28, 2027"
        issued = sc.search_cafes(action.session, status=CafeStatus.ISSUED, today=action.today())
        assert [c.id for c in issued] == [path.cafe]
    clock.set(datetime(2027, 12, 10, 10, 0))
    titles = [i.title for i in _today_items(desk, clerk)]
    assert titles == ["Sidewalk cafe permit SC-2026-001 expires Tue Dec 28, 2027"]
    renewal = _do(desk, clerk, cafe_council.renew, path.cafe)
    assert _get(desk, renewal).renews_id == path.cafe


def test_issuing_the_renewal_ends_the_permit_it_renews(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2027, 11, 1, 10, 0))
    new = _do(desk, clerk, cafe_council.renew, path.cafe)
    _do(desk, clerk, sc.attach_sales_records, new, "s.pdf", PDF)
    _do(desk, clerk, sc.correct_application, new,
        _data(bistro, sales_from=date(2027, 5, 1), sales_to=date(2027, 10, 31)))  # fmt: skip
    _do(
        desk, clerk, cafe_notice.record_notice_mailed, new, mailed_on=date(2027, 11, 1), by_name="C"
    )
    _do(desk, inspector, sc.record_dpw_inspection, new, on=date(2027, 11, 1), by_name="I",
        satisfied=True)  # fmt: skip
    _pay(desk, treasurer, new)
    _certificate(desk, clerk, bistro, expires_on=date(2029, 6, 30))
    nov22 = _meeting(desk, clerk, date(2027, 11, 22))
    _do(desk, clerk, cafe_council.place_before_council, new, nov22)
    clock.set(datetime(2027, 11, 22, 19, 0))
    _do(desk, clerk, cafe_council.record_council_decision, new, meeting_id=nov22, approved=True)
    clock.set(datetime(2027, 12, 1, 10, 0))
    before = [i.title for i in _today_items(desk, clerk)]
    assert "Sidewalk cafe permit SC-2026-001 expires Tue Dec 28, 2027" in before
    _do(desk, clerk, cafe_council.issue, new)
    old, renewal = _get(desk, path.cafe), _get(desk, new)
    assert (renewal.status, renewal.issued_on, renewal.expires_on) == (
        CafeStatus.ISSUED,
        date(2027, 12, 1),
        date(2028, 12, 1),
    )
    assert (old.status, old.expires_on) == (CafeStatus.ISSUED, date(2027, 11, 30))
    assert [i.title for i in _today_items(desk, clerk)] == []  # one permit; none expiring
    with desk.lookup(clerk) as action:
        rows = {
            r.number: r.status for r in views.register_rows(action.session, today=action.today())
        }
        permit = views.permit_view(action.session, path.cafe, action.calendar, today=action.today())
        said = [e.summary for e in sc.history(action.session, path.cafe)]
    assert rows == {
        "SC-2026-001": "Renewed by SC-2027-001",
        "SC-2027-001": "Issued — expires Fri Dec 1, 2028",
    }
    assert permit.status == "Renewed by SC-2027-001"
    assert said[-1] == (
        "Permit SC-2026-001 ends Tue Nov 30, 2027: renewed by SC-2027-001, issued Wed Dec 1, 2027"
    )
    refused = _refused(desk, clerk, cafe_suspensions.suspend, path.cafe, notice_on=date(2027, 12,
                       1), starts_on=date(2027, 12, 10), ends_on=date(2027, 12, 11), reason="x",
                       error=Conflict)  # fmt: skip
    assert "expired Tue Nov 30, 2027" in refused.message


def test_a_meeting_held_without_the_decision_recorded_is_on_the_today_tab(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    admin: SignedIn,
    bistro: int,
) -> None:
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2026, 12, 28, 17, 59))  # the meeting starts at 6:00 p.m.
    assert [i.title for i in _today_items(desk, clerk)] == []
    clock.set(datetime(2026, 12, 28, 18, 0))
    [item] = _today_items(desk, clerk)
    assert (item.due, item.title, item.cite) == (
        date(2026, 12, 28),
        "Record the Council's decision on SC-2026-001 (meeting of Mon Dec 28, 2026)",
        "§ 506-10 (Sidewalk cafe permit issuance)",
    )
    clock.set(datetime(2027, 1, 20, 10, 0))
    assert [i.title for i in _today_items(desk, clerk)] == [item.title]  # until it is recorded
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        path.cafe,
        meeting_id=path.dec28,
        approved=True,
    )
    assert [i.title for i in _today_items(desk, clerk)] == [
        "Issue SC-2026-001: approved by the Council"
    ]
    # a meeting cancelled: the application waits for another
    clock.set(datetime(2026, 11, 30, 10, 0))
    other = _apply(desk, clerk, _data(bistro, establishment="Bistro Annex"))
    _mail(desk, clerk, other)
    jan4 = _meeting(desk, clerk, date(2027, 1, 4))
    _do(desk, clerk, cafe_council.place_before_council, other, jan4)
    _do(desk, admin, petitions.cancel_meeting, jan4, reason="No quorum")
    titles = [i.title for i in _today_items(desk, clerk)]
    assert (
        "Place SC-2026-002 before another meeting: the meeting of Mon Jan 4, 2027 was cancelled"
        in titles
    )


def test_the_fee_owed_is_read_by_the_views(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, bistro: int
) -> None:
    cafe = _apply(desk, clerk, _data(bistro))
    with desk.lookup(clerk) as action:
        assert views.fee_owed(action.session, cafe) == Money("75.00")
    _pay(desk, treasurer, cafe)
    with desk.lookup(clerk) as action:
        assert views.fee_owed(action.session, cafe) == Money.zero()


def test_the_register_loads_each_rows_street_parcel_and_meetings_with_the_search(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2026, 12, 29, 10, 0))
    jan11 = _meeting(desk, clerk, date(2027, 1, 11))
    _do(desk, clerk, cafe_suspensions.give_revocation_notice, path.cafe, notice_on=date(2026, 12,
        29), meeting_id=jan11, grounds="Noise")  # fmt: skip
    for n in range(3):
        _apply(desk, clerk, _data(bistro, establishment=f"Annex {n}"))
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(str(args[2]))

    with desk.lookup(clerk) as action:
        found = sc.search_cafes(action.session)
        event.listen(desk.database.engine, "before_cursor_execute", count)
        try:
            shown = [
                (c.street, c.parcel, c.revocation_meeting, c.meeting, c.renews, c.applicant.name)
                for c in found
            ]
        finally:
            event.remove(desk.database.engine, "before_cursor_execute", count)
    assert len(shown) == 4
    assert statements == []  # nothing read row by row


def test_two_stations_renewing_one_permit_at_once_make_one_renewal(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    """Station A has read the permit, made its renewal and not yet committed when station B
    renews the same permit. B waits for A (the permit's row is locked) and is then refused:
    one renewal, one fee billed."""
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2027, 11, 1, 10, 0))
    a_written, a_may_commit = threading.Event(), threading.Event()
    outcomes: dict[str, BaseException | None] = {}

    def station(name: str) -> None:
        try:
            with desk.action(clerk) as action:
                cafe_council.renew(action, path.cafe)
                action.session.flush()
                if name == "A":
                    a_written.set()
                    assert a_may_commit.wait(20)
            outcomes[name] = None
        except BaseException as error:
            outcomes[name] = error
        finally:
            a_written.set()

    a = threading.Thread(target=station, args=("A",))
    a.start()
    assert a_written.wait(20)
    b = threading.Thread(target=station, args=("B",))
    b.start()
    b.join(0.5)
    assert b.is_alive(), "station B should wait for station A's transaction"
    a_may_commit.set()
    a.join(20)
    b.join(20)
    assert outcomes["A"] is None
    refused = outcomes["B"]
    assert isinstance(refused, Conflict), refused
    assert refused.message == "SC-2026-001 is already renewed by SC-2027-001."
    with desk.database.reading() as session:
        renewals = list(
            session.scalars(select(SidewalkCafe.number).where(SidewalkCafe.renews_id == path.cafe))
        )
        billed = list(
            session.scalars(
                select(AmountDue.description).where(AmountDue.record_type == cafe_rules.RECORD_TYPE)
            )
        )
    assert renewals == ["SC-2027-001"]
    assert sum("renewal" in d for d in billed) == 1


def test_every_service_that_writes_an_application_locks_it_first(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[str, bool]] = []
    real = sc.get_cafe

    def recording(session: Any, cafe_id: int, *, for_update: bool = False) -> SidewalkCafe:
        calls.append((inspect.stack()[1].function, for_update))
        return real(session, cafe_id, for_update=for_update)

    for module in (sc, cafe_notice, cafe_council, cafe_suspensions):  # each service's module
        monkeypatch.setattr(module, "get_cafe", recording)
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    jan11 = _meeting(desk, clerk, date(2027, 1, 11))
    clock.set(datetime(2026, 12, 30, 10, 0))
    suspension = _do(desk, clerk, cafe_suspensions.suspend, path.cafe, notice_on=None,
                     starts_on=date(2026, 12, 31), ends_on=date(2027, 1, 1), reason="Ice",
                     emergency=True)  # fmt: skip
    _do(
        desk,
        clerk,
        cafe_suspensions.lift_suspension,
        suspension,
        on=date(2026, 12, 31),
        reason="Thawed",
    )
    _do(desk, clerk, cafe_suspensions.give_revocation_notice, path.cafe, notice_on=date(2026, 12,
        30), meeting_id=jan11, grounds="Noise")  # fmt: skip
    _do(desk, clerk, cafe_council.renew, path.cafe)
    clock.set(datetime(2027, 1, 11, 20, 0))
    _do(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11)
    other = _apply(desk, clerk, _data(bistro, establishment="Annex"))
    _do(desk, clerk, sc.correct_application, other, _data(bistro, establishment="Annex 2"))
    _do(desk, clerk, cafe_notice.record_comment, other, received_on=date(2027, 1, 11),
        commenter="R", text="Fine")  # fmt: skip
    _do(desk, clerk, sc.withdraw, other, reason="By letter")
    writers = {
        "attach_site_plan", "attach_sales_records", "correct_application", "set_neighbors",
        "record_notice_mailed", "record_comment", "send_to_police", "record_police_review",
        "record_dpw_inspection", "place_before_council", "record_council_decision", "issue",
        "renew", "suspend", "get_suspension", "give_revocation_notice", "revoke", "deny",
        "withdraw", "_end_renewed",
    }  # fmt: skip
    seen = {name for name, _ in calls if name in writers}
    assert seen >= writers - {"attach_site_plan", "attach_sales_records", "send_to_police",
                              "record_police_review", "deny", "_end_renewed"}  # fmt: skip
    assert [(name, locked) for name, locked in calls if name in writers and not locked] == []


def test_the_demo_suspends_a_cafe_for_prescott_daze(desk: Desk, admin: SignedIn) -> None:
    demo_sidewalk_cafes.generate(desk)
    with desk.database.reading() as session:
        reasons = [
            s.reason
            for c in sc.search_cafes(session)
            for s in c.suspensions
            if c.establishment == demo_sidewalk_cafes.PIZZERIA
        ]
    assert len(reasons) == 1 and "Prescott Daze" in reasons[0]
