"""Steps the sidewalk cafe tests share (tests/test_sidewalk_cafes*.py, test_refusals.py): the
sections cited, a PNG and a PDF, an application's data, a bistro on Broad St, an application applied
for, its neighbours mailed, a Council meeting, a certificate, the fee paid, the path to the Council
and to a permit issued, and what Today lists.

"Today" is Mon Nov 30, 2026, 10:00 a.m. in Prescott unless a test moves the clock. The Council
meets on Mon Dec 14 and Mon Dec 28, 2026 and Mon Jan 11, 2027."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

import builders  # type: ignore[import-not-found]
import pytest

from clerk_desk import ledger, today
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.demo import sidewalk_cafes as demo_sidewalk_cafes
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import DueStatus, MeetingKind, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import Document, SidewalkCafe
from clerk_desk.money import Money
from clerk_desk.petitions import schedule
from clerk_desk.petitions.schedule import MeetingData
from clerk_desk.receipts import service as receipts
from clerk_desk.sidewalk_cafes import checklist as cafe_checklist
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sc
from clerk_desk.sidewalk_cafes.rules import CafeData, NeighborData

CHICAGO = ZoneInfo("America/Chicago")
CHAMBERS = "Council Chambers, Prescott Municipal Building"
ELIGIBILITY = "§ 506-10 (Definitions)"
CLEARANCE = "§ 506-10 (Sidewalk clearances and furniture location requirements)"
CONFIGURATION = "§ 506-10 (Allowable configurations)"
HOURS = "§ 506-10 (Rules of operation)"


APPLICATION = "§ 506-10 (Application for permit)"


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


# -- helpers for the services ---------------------------------------------------------------------


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


def _spoil_site_plan(desk: Desk, cafe_id: int) -> None:
    """The stored copy of the site plan no longer matches its digest (a damaged disk): the
    documents store no longer hands it out."""
    with desk.database.writing() as session:
        cafe = session.get(SidewalkCafe, cafe_id)
        assert cafe is not None
        document = session.get(Document, cafe.site_plan_sha256)
        assert document is not None
        document.content = b"not the plan any more"
