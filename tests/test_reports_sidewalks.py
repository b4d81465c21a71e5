"""The sidewalk papers read back, from records made by the services.

A permit issued by the Director (City pays on the plan, the owner off it, a removal the City pays
and the owner restores after), one granted by the Common Council on appeal, the standard
specifications sheet quoted from the ordinance and attached to the permit, the notice to repair
under Wis. Stat. § 66.0907 before and after service (and in an emergency, and for a minor
repair), and the workbook of permits, repair orders and the master plan. PDFs are read back with
pypdf, the workbook with openpyxl. "Today" is Monday, November 30, 2026 unless a test travels.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import builders  # type: ignore[import-not-found]
import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader

from clerk_desk import parties
from clerk_desk.clock import FixedClock, city_zone
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict
from clerk_desk.kinds import Compass, PartyKind, RepairOrderKind, SidewalkWork
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.sidewalks import service as sw
from clerk_desk.sidewalks import views as views
from clerk_desk.sidewalks.service import PermitData, RepairOrderData, SegmentData
from clerk_desk.street_numbers import streets
from clerk_desk.street_numbers.streets import StreetData
from reports.excel import (
    DATE_FORMAT,
    MONEY_FORMAT,
    Column,
    ExportCancelled,
    Sheet,
    write_workbook,
)
from reports.sidewalks import (
    ORDER_SHEET_COLUMNS,
    PERMIT_SHEET_COLUMNS,
    SEGMENT_SHEET_COLUMNS,
    permit_pdf,
    register_xlsx,
    repair_notice_pdf,
    specifications_pdf,
)

pytestmark = pytest.mark.usefixtures("papers_checked")

PROFILE = CityProfile(phone="(715) 262-5544")
TODAY = date(2026, 11, 30)  # a Monday
DIRECTOR = "Pat Kowalski, Director of Public Works"


def days(n: int) -> date:
    return TODAY + timedelta(days=n)


# -- making real records -----------------------------------------------------------------------


@dataclass(frozen=True)
class City:
    orange: int
    broad: int
    owner: int  # owns 214 Orange St
    parcel: int
    contractor: int


@pytest.fixture
def city(desk: Desk, admin: SignedIn) -> City:
    with desk.action(admin) as action:
        ids = {}
        for name, direction in (("Orange", ""), ("Broad", "N")):
            street = streets.add_street(
                action,
                StreetData(
                    name=name,
                    suffix="St",
                    direction=direction,
                    odd_side=Compass.WEST,
                    increases_toward=Compass.NORTH,
                    range_low=100,
                    range_high=999,
                ),
            )
            action.session.flush()
            ids[name] = street
        owner = parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.PERSON,
                name="Ruth Halvorsen & Sons <Trust>",
                street="214 Orange St",
                city="Prescott",
                state="WI",
                postal_code="54021",
                phone="(715) 555-0142",
            ),
        )
        action.session.flush()
        parcel = parties.add_parcel(
            action,
            parties.ParcelData("281-01050-0000", site_address="214 Orange St", owner_id=owner.id),
        )
        contractor = parties.add_party(
            action, parties.PartyData(kind=PartyKind.BUSINESS, name="Bluff Country Concrete")
        )
        action.session.flush()
        return City(ids["Orange"], ids["Broad"], owner.id, parcel.id, contractor.id)


@pytest.fixture
def council(desk: Desk, clerk: SignedIn) -> int:
    """The Council's meeting of Monday, November 23, 2026, held."""
    return _meeting(desk, clerk, datetime(2026, 11, 23, 18, 0, tzinfo=city_zone()))


def _do(desk: Desk, who: SignedIn, service: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    with desk.action(who) as action:
        result = service(action, *args, **kwargs)
        action.session.flush()
        return result


def _meeting(desk: Desk, who: SignedIn, moment: datetime) -> int:
    return int(builders.meeting(desk, who, moment, "Council Chambers"))


def _permit_data(city: City, **changes: Any) -> PermitData:
    data = PermitData(
        applicant_id=city.owner,
        location="In front of 214 Orange St",
        work=SidewalkWork.RECONSTRUCT,
        street_id=city.orange,
        address_number=214,
        parcel_id=city.parcel,
        length_ft=40,
        width_in=54,
        contractor_name="Bluff Country Concrete",
        work_starts_on=days(7),
    )
    return dataclasses.replace(data, **changes)


def _apply(desk: Desk, who: SignedIn, city: City, **changes: Any) -> int:
    return int(_do(desk, who, sw.receive_application, _permit_data(city, **changes)))


def _segment(desk: Desk, who: SignedIn, street_id: int, **fields: Any) -> int:
    return int(_do(desk, who, sw.add_segment, SegmentData(street_id, **fields)))


def _order(desk: Desk, who: SignedIn, city: City, **changes: Any) -> int:
    data = RepairOrderData(
        kind=RepairOrderKind.COUNCIL_ORDER,
        parcel_id=city.parcel,
        location="In front of 214 Orange St",
        defect="Two squares heaved 2 inches: a tripping hazard.",
        work_required="Remove and replace two squares.",
        street_id=city.orange,
    )
    return int(_do(desk, who, sw.order_repair, dataclasses.replace(data, **changes)))


def _permit_view(desk: Desk, permit_id: int) -> views.SidewalkPermitView:
    with desk.database.reading() as session:
        return views.permit_view(session, permit_id)


def _notice_view(desk: Desk, order_id: int) -> views.RepairNoticeView:
    with desk.database.reading() as session:
        return views.repair_notice_view(session, order_id)


def _has_all(text: str, expected: Sequence[str]) -> None:
    missing = [words for words in expected if words not in text]
    assert not missing, missing


# -- the permit --------------------------------------------------------------------------------


def test_permit_on_the_plan_is_paid_by_the_city_and_carries_the_specifications(
    desk: Desk, admin: SignedIn, city: City, tmp_path: Path
) -> None:
    _segment(
        desk, admin, city.orange, low_number=200, high_number=298, plan_reference="2019 plan, map 2"
    )
    permit_id = _apply(desk, admin, city)
    _do(desk, admin, sw.issue, permit_id, conditions="Keep the driveway at 216 Orange St open.")
    view = _permit_view(desk, permit_id)
    pdf = permit_pdf(view, PROFILE, printed_on=TODAY)
    (tmp_path / "permit.pdf").write_bytes(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.metadata is not None
    assert reader.metadata.title == "Sidewalk Permit SW-2026-001"
    pages = papers.page_texts(pdf)
    assert len(pages) == 2  # the permit on page 1, the specifications sheet on page 2
    permit, sheet = pages
    _has_all(
        permit,
        [
            "SIDEWALK PERMIT",
            "PERMIT NO. SW-2026-001",
            "Sidewalk article (Sidewalk permit required)",
            "ISSUED Mon Nov 30, 2026 By the Director of Public Works",
            "WORK STARTS Mon Dec 7, 2026",
            "FEE No fee No fee is charged for sidewalk permits.",
            # the cost responsibility box
            "COST RESPONSIBILITY Paid 100% by the City of Prescott",
            "An existing sidewalk reconstructed is paid for 100% by the City of Prescott: it is "
            "shown on the current Sidewalk Master Plan.",
            "Sidewalk article (Sidewalk reconstruction)",
            "Sidewalk Master Plan: Orange St, both sides, 200-298: Sidewalk (2019 plan, map 2).",
            # the facts
            "Ruth Halvorsen & Sons <Trust>, 214 Orange St, Prescott, WI 54021 · (715) 555-0142",
            "Location In front of 214 Orange St, even-numbered side",
            "281-01050-0000 — owner Ruth Halvorsen & Sons <Trust>",
            "Reconstruction — sidewalk, residential; 40 ft long \u00d7 4 ft 6 in wide",
            "Residential: 4 ft 6 in wide, not less than 4 inches thick",
            "Contractor Bluff Country Concrete",
            # the seven-day rule and the conditions
            "Seven days. A sidewalk permit is obtained from the Director of Public Works at "
            "least seven days before the work is undertaken. Work under this permit may not "
            "start before Mon Dec 7, 2026.",
            "1. Keep the driveway at 216 Orange St open.",
            "standard specifications for sidewalk attached to this permit",
            "All forms must be approved by the Director of Public Works or his designee before "
            "concrete is poured. Sidewalk article (Slope)",
            # the signature
            "Alex Administrator, Director of Public Works",
            "Date issued",
            "Page 1 of 2",
        ],
    )
    assert "Whole block repair" not in permit  # not a repair
    assert "Restoration of the area" not in permit
    # the sheet quotes the ordinance, every paragraph in order, numbered as the code numbers
    # its last four: (9) to (12)
    sections = views.specification_sections()
    assert len(sections) == 12
    _has_all(
        sheet,
        [
            "Standard Specifications for Sidewalk",
            "Attached to and part of Sidewalk Permit SW-2026-001",
            "Sidewalk article (Standard specifications for sidewalk)",
        ],
    )
    at = -1
    for n, (heading, words) in enumerate(sections, start=1):
        found = sheet.find(f"({n}) {heading}. {papers.flat(words)[:60]}")
        assert found > at, (n, heading)
        at = found
    assert "(9) Curing and drying." in sheet and "(12) Whole block repair." in sheet
    assert "Residential walks shall be 4 1/2 feet in width" in sheet


def test_off_the_plan_the_owner_pays_and_a_repair_is_of_the_whole_block(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    permit_id = _apply(desk, admin, city, work=SidewalkWork.REPAIR)
    _do(desk, admin, sw.issue, permit_id)
    text = papers.text(permit_pdf(_permit_view(desk, permit_id), PROFILE))
    _has_all(
        text,
        [
            "COST RESPONSIBILITY Paid 100% by the adjacent property owner",
            "Repairs are the abutting property owner's",
            "Sidewalk article (Cost of sidewalks)",
            "When repairing a sidewalk the entire block will be repaired at one time unless "
            "approved by the Director of Public Works for partial replacement. Sidewalk article "
            "(Whole block repair)",
        ],
    )
    assert "Sidewalk Master Plan:" not in text
    assert "Sidewalk article (Minor repairs)" not in text  # a permit's repair is not a minor one


def test_a_removal_names_who_restores_the_area_and_the_silent_case_is_flagged(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    off_plan = _apply(desk, admin, city, work=SidewalkWork.REMOVE, address_number=215)
    _do(desk, admin, sw.issue, off_plan)
    text = papers.text(permit_pdf(_permit_view(desk, off_plan), PROFILE))
    _has_all(
        text,
        [
            "Paid 100% by the City of Prescott",
            "Restoration of the area: Adjacent property owner",
            "Sidewalk article (Sidewalk removal)",
            "Removal without replacement",
        ],
    )
    permit = papers.page_texts(permit_pdf(_permit_view(desk, off_plan), PROFILE))[0]
    assert "All forms must be approved" not in permit  # a removal pours no concrete
    assert "Seven days." in permit and "Whole block repair" not in permit
    _segment(desk, admin, city.orange)
    on_plan = _apply(desk, admin, city, work=SidewalkWork.REMOVE)
    view = _permit_view(desk, on_plan)
    assert view.cost.notes  # the ordinance is silent: the Council should be asked
    issued = dataclasses.replace(view, status="Issued", status_value="issued", issued_on=TODAY)
    text = papers.text(permit_pdf(issued, PROFILE))
    _has_all(
        text,
        [
            "Paid 100% by the adjacent property owner",
            "The ordinance does not say who pays to remove a sidewalk that IS on the Sidewalk "
            "Master Plan",
        ],
    )


def test_a_replacement_carries_the_whole_block_rule_or_the_directors_approval(
    desk: Desk, admin: SignedIn, city: City, council: int
) -> None:
    """Finding 5: the whole-block condition prints for the work the review names it for (a
    repair and a replacement), or the Director's approval of a partial replacement; finding 2:
    the permit names the repair order it carries out, and the owner pays."""
    whole = _apply(desk, admin, city, work=SidewalkWork.REPLACE)
    _do(desk, admin, sw.issue, whole)
    permit = papers.page_texts(permit_pdf(_permit_view(desk, whole), PROFILE))[0]
    assert (
        "When repairing a sidewalk the entire block will be repaired at one time unless approved "
        "by the Director of Public Works for partial replacement."
    ) in permit
    _segment(desk, admin, city.orange)  # on the plan: a replacement would be the City's…
    order_id = _order(desk, admin, city, meeting_id=council)
    ordered = _apply(desk, admin, city, work=SidewalkWork.REPLACE, repair_order_id=order_id)
    _do(desk, admin, sw.issue, ordered, partial_replacement=True)
    permit = papers.page_texts(permit_pdf(_permit_view(desk, ordered), PROFILE))[0]
    _has_all(
        permit,
        [
            "COST RESPONSIBILITY Paid 100% by the adjacent property owner",  # …but it is ordered
            "The work carries out repair order SR-2026-001",
            "Repair order Carries out repair order SR-2026-001 (Sidewalk article (Repair or "
            "replacement of defective or damaged sidewalks); Wis. Stat. § 66.0907)",
            "Partial replacement approved by the Director of Public Works: the entire block need "
            "not be repaired at one time.",
        ],
    )
    assert "the entire block will be repaired at one time" not in permit
    assert len(papers.page_texts(permit_pdf(_permit_view(desk, ordered), PROFILE))) == 2


def test_a_permit_granted_on_appeal_says_so(
    desk: Desk, admin: SignedIn, clerk: SignedIn, city: City, clock: FixedClock
) -> None:
    permit_id = _apply(desk, admin, city, width_in=48, work=SidewalkWork.CONSTRUCT)
    _do(desk, admin, sw.deny, permit_id, reasons="Narrower than the 4 1/2-foot residential walk")
    _do(desk, clerk, sw.file_appeal, permit_id, filed_on=TODAY)
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0, tzinfo=city_zone()))
    clock.set(datetime(2026, 12, 15, 9, 0))
    _do(
        desk,
        clerk,
        sw.record_appeal_decision,
        permit_id,
        meeting_id=held,
        granted=True,
        note="Motion 2026-88",
    )
    view = _permit_view(desk, permit_id)
    text = papers.text(permit_pdf(view, PROFILE))
    _has_all(
        text,
        [
            "ISSUED Mon Dec 14, 2026 Granted on appeal by the Common Council",
            "Denial appealed Mon Nov 30, 2026; granted by the Common Council at its meeting of "
            "Mon Dec 14, 2026 (Motion 2026-88)",
            # the proposed start (Dec 7) is too soon after the Council's permit: the band says
            # so, and the conditions give the earliest start the core set
            "WORK STARTS Mon Dec 7, 2026 Proposed; too soon after issuance — see the seven-day "
            "condition",
            f"1. {papers.flat(view.conditions[0])}",
            papers.flat(view.seven_day_rule),
            "Director of Public Works or designee",
        ],
    )
    assert "at the earliest" in view.conditions[0]
    assert len(papers.page_texts(permit_pdf(view, PROFILE))) == 2  # still one page and the sheet


def test_there_is_no_permit_to_print_before_issuance_nor_for_city_work(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    waiting = _apply(desk, admin, city)
    with pytest.raises(Conflict, match="is not issued \\(applied\\)") as refused:
        permit_pdf(_permit_view(desk, waiting), PROFILE)
    assert refused.value.cite == sw.PERMIT_CITE
    _do(desk, admin, sw.deny, waiting, reasons="Incomplete")
    with pytest.raises(Conflict, match="is not issued \\(denied\\)"):
        permit_pdf(_permit_view(desk, waiting), PROFILE)
    contract = int(_do(desk, admin, sw.record_city_contract, _permit_data(city)))
    with pytest.raises(Conflict, match="under contract with the City: no sidewalk permit"):
        permit_pdf(_permit_view(desk, contract), PROFILE)


def test_the_specifications_sheet_prints_the_sections_it_is_given() -> None:
    """The sheet is the ordinance's text as read now: an amended paragraph prints amended."""
    sections = [
        ("General", "Concrete sidewalk construction shall meet these specifications."),
        ("Width and thickness", "Residential walks shall be 5 feet in width."),
    ]
    pdf = specifications_pdf(sections, PROFILE, printed_on=TODAY)
    (text,) = papers.page_texts(pdf)
    _has_all(
        text,
        [
            "Standard Specifications for Sidewalk",
            "as in force when printed, Mon Nov 30, 2026",
            "(1) General. Concrete sidewalk construction shall meet these specifications.",
            "(2) Width and thickness. Residential walks shall be 5 feet in width.",
        ],
    )
    assert "4 1/2 feet" not in text and "(3)" not in text
    shipped = papers.text(specifications_pdf(views.specification_sections(), PROFILE))
    assert len(papers.page_texts(specifications_pdf(views.specification_sections(), PROFILE))) == 1
    assert "(12) Whole block repair." in shipped


# -- the notice to repair ------------------------------------------------------------------------


def test_the_notice_before_service_leaves_the_service_to_be_filled_in(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    order_id = _order(desk, clerk, city, meeting_id=council, estimated_cost=Money("900"))
    pdf = repair_notice_pdf(_notice_view(desk, order_id), PROFILE, printed_on=TODAY)
    pages = papers.page_texts(pdf)
    assert len(pages) == 1
    (text,) = pages
    _has_all(
        text,
        [
            "Ruth Halvorsen & Sons <Trust> 214 Orange St Prescott, WI 54021",
            "Monday, November 30, 2026",
            "Notice to Repair Sidewalk",
            "Order SR-2026-001 · Council order (20 days) · Wis. Stat. § 66.0907(3)(c); Sidewalk "
            "article (Repair or replacement of defective or damaged sidewalks)",
            "Under Wis. Stat. § 66.0907, the Common Council of the City of Prescott, at its "
            "meeting of Monday, November 23, 2026, ordered you, as owner of the property below, "
            "to repair or remove and replace the sidewalk which is unsafe, defective or "
            "insufficient.",
            "Parcel 281-01050-0000, 214 Orange St",
            "Defect Two squares heaved 2 inches: a tripping hazard.",
            "Work required Remove and replace two squares.",
            "Estimated cost $900.00",
            "The entire block is repaired at one time",
            "You have 20 days after service of this notice to make the repair.",
            "the City Treasurer will enter the total cost upon the tax roll as a special tax "
            "against your lot or parcel of land.",
            "A sidewalk permit from the Director of Public Works is required at least seven days "
            "before the work begins; no fee is charged for it.",
            "For the Common Council",
            "City Clerk, City of Prescott",
            "SERVICE OF THIS NOTICE Wis. Stat. § 66.0907(3)(c)",
            "Date served",
        ],
    )
    assert "through" not in text and "Served" not in text.replace("SERVICE", "")


def test_the_notice_after_service_gives_the_owners_last_day(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, city: City, council: int, clock: FixedClock
) -> None:
    order_id = _order(
        desk, clerk, city, meeting_id=council, whole_block=False, partial_approved_by=DIRECTOR
    )
    _do(desk, clerk, sw.record_service, order_id, served_on=TODAY, how="personal", by_name="Roth")
    text = papers.text(
        repair_notice_pdf(
            _notice_view(desk, order_id),
            PROFILE,
            sections=views.specification_sections(),
        )
    )
    _has_all(
        text,
        [
            "You have 20 days after service of this notice to make the repair: through Monday, "
            "December 21, 2026.",  # the 20th day, Sun Dec 20, moves to the Monday
            "This notice was served on you Mon Nov 30, 2026.",
            "Served Mon Nov 30, 2026 by personal service; served by Roth.",
            f"Partial replacement approved by {DIRECTOR}",
            "to the standard specifications for sidewalk of the City's ordinance (attached)",
            "Standard Specifications for Sidewalk",
            "(12) Whole block repair.",
        ],
    )
    assert "Date served" not in text
    clock.set(datetime(2026, 12, 22, 10, 0))
    _do(desk, inspector, sw.record_city_repair, order_id, on=date(2026, 12, 22), cost=Money("800"))
    text = papers.text(repair_notice_pdf(_notice_view(desk, order_id), PROFILE))
    assert (
        "The City made the repair Tue Dec 22, 2026, at a total cost of $800.00, for entry on the "
        "tax roll as a special tax against the parcel."
    ) in text


def test_an_emergency_is_to_be_repaired_immediately(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, city: City
) -> None:
    order_id = _order(desk, inspector, city, kind=RepairOrderKind.EMERGENCY, caused_by_owner=True)
    _do(desk, clerk, sw.record_service, order_id, served_on=TODAY, how="personal", by_name="Roth")
    text = papers.text(repair_notice_pdf(_notice_view(desk, order_id), PROFILE))
    _has_all(
        text,
        [
            "Notice to Repair Sidewalk Immediately",
            "An emergency exists, caused by a sidewalk in need of repair.",
            "make the repairs immediately",
            "damaged by the acts of the property owner or the owner's agents",
            "Make the repairs immediately. This direction was served on you Mon Nov 30, 2026.",
            "If you do not make the repairs within the required period",
        ],
    )
    assert "20 days" not in text


def test_an_emergency_notice_printed_for_service_never_speaks_of_twenty_or_seven_days(
    desk: Desk, inspector: SignedIn, city: City
) -> None:
    """Finding 3: the notice to repair immediately, printed to be served, has no "20 days run
    from service" caption and no seven-day permit sentence: the owner calls the Director before
    starting; the Director signs it as the Council's designee."""
    order_id = _order(desk, inspector, city, kind=RepairOrderKind.EMERGENCY)
    text = papers.text(
        repair_notice_pdf(
            _notice_view(desk, order_id), PROFILE, sections=views.specification_sections()
        )
    )
    notice = text.split("Standard Specifications for Sidewalk Quoted")[0]
    _has_all(
        notice,
        [
            "Notice to Repair Sidewalk Immediately",
            "the Director of Public Works of the City of Prescott, as the Common Council's "
            "designee, on Monday, November 30, 2026, directs you",
            "Make the repairs immediately.",
            "You may hire a contractor or do the work yourself, to the standard specifications "
            "for sidewalk of the City's ordinance (attached). Call the Director of Public Works "
            "before starting.",
            "For the Common Council, by its designee",
            "Director of Public Works, City of Prescott",
            "SERVICE OF THIS NOTICE",
            "Date served",
        ],
    )
    for wrong in ("20 days", "days run from", "seven days", "City Clerk"):
        assert wrong not in notice, wrong


def test_the_notice_says_how_a_published_notice_was_mailed(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    order_id = _order(desk, clerk, city, meeting_id=council)
    _do(
        desk, clerk, sw.record_service, order_id, served_on=TODAY, how="publication",
        by_name="Carla Jensen", mailed_copy=True,
    )  # fmt: skip
    text = papers.text(repair_notice_pdf(_notice_view(desk, order_id), PROFILE))
    assert (
        "Served Mon Nov 30, 2026 by publication and first-class mail; served by Carla Jensen."
        in text
    )


def test_a_minor_repair_notice_names_the_cost_and_the_director(
    desk: Desk, inspector: SignedIn, city: City
) -> None:
    order_id = _order(
        desk, inspector, city, kind=RepairOrderKind.MINOR, estimated_cost=Money("500.00")
    )
    _do(desk, inspector, sw.record_city_repair, order_id, on=TODAY, cost=Money("480"))
    text = papers.text(repair_notice_pdf(_notice_view(desk, order_id), PROFILE))
    _has_all(
        text,
        [
            "Notice of Minor Sidewalk Repair",
            "Sidewalk article (Minor repairs)",
            "directed a minor repair of the sidewalk abutting your property, estimated at "
            "$500.00. A repair that costs no more than $500.00 may be made at the direction of "
            "the Director of Public Works without notice",
            "Repaired by the City Mon Nov 30, 2026, at a cost of $480.00.",
            "For the Director of Public Works",
            "Director of Public Works, City of Prescott",
            # "Nothing in this section shall apply to minor repairs"
            "Whole block Does not apply (Sidewalk article (Minor repairs)).",
        ],
    )
    assert "SERVICE OF THIS NOTICE" not in text and "20 days" not in text
    assert "The entire block is repaired at one time" not in text


# -- the workbook --------------------------------------------------------------------------------


def test_the_workbook_has_a_sheet_for_permits_orders_and_the_plan(
    desk: Desk, admin: SignedIn, city: City, council: int, tmp_path: Path
) -> None:
    _segment(desk, admin, city.orange, side="even", plan_reference="2019 plan")
    retired = _segment(desk, admin, city.broad)
    _do(desk, admin, sw.retire_segment, retired, reason="amended")
    issued = _apply(desk, admin, city)
    _do(desk, admin, sw.issue, issued)
    _apply(desk, admin, city, applicant_id=city.contractor, work_starts_on=None)
    order_id = _order(desk, admin, city, meeting_id=council, estimated_cost=Money("900"))
    _do(desk, admin, sw.record_service, order_id, served_on=TODAY, how="personal", by_name="R")
    with desk.database.reading() as session:
        permits = views.permit_rows(session)
        orders = views.order_rows(session)
        segments = views.segment_rows(session)
    target = tmp_path / "sidewalks.xlsx"
    written = register_xlsx(permits, orders, segments, target, printed_on=TODAY, author="Alex")
    assert written == 2 + 1 + 2
    book = openpyxl.load_workbook(target)
    assert book.sheetnames == ["Sidewalk permits", "Repair orders", "Master plan"]
    assert book.properties.creator == "City of Prescott"  # the paper is the City's
    assert book.properties.lastModifiedBy == "Alex"  # who exported it

    def table(name: str) -> tuple[list[Any], list[dict[str, Any]]]:
        values = [[cell.value for cell in row] for row in book[name].iter_rows()]
        assert "City of Prescott — sidewalks" in str(values[0][0])
        return values[1], [dict(zip(values[1], row, strict=True)) for row in values[2:]]

    header, rows = table("Sidewalk permits")
    assert header == [c.header for c in PERMIT_SHEET_COLUMNS]
    by_number = {row["Permit"]: row for row in rows}
    first = by_number["SW-2026-001"]
    assert (first["Status"], first["Paid by"], first["On master plan"]) == (
        "Issued",
        "City",
        "Yes",
    )
    assert first["Applicant"] == "Ruth Halvorsen & Sons <Trust>"
    assert first["Number"] == 214 and first["Length (ft)"] == 40 and first["Width"] == "4 ft 6 in"
    assert first["Applied"].date() == TODAY and first["Issued"].date() == TODAY
    assert first["Work starts"].date() == date(2026, 12, 7)
    permits_sheet = book["Sidewalk permits"]
    assert permits_sheet.cell(3, 7).number_format == "0"  # a street number: 1220, not 1,220
    second = by_number["SW-2026-002"]
    assert second["Status"] == "Applied" and second["Issued"] is None
    # who pays for an application: as the plan reads today, and marked so
    assert second["Work starts"] is None and second["Paid by"] == "City (plan today)"

    header, rows = table("Repair orders")
    assert header == [c.header for c in ORDER_SHEET_COLUMNS]
    (order,) = rows
    assert (order["Order"], order["Owner"], order["Whole block"]) == (
        "SR-2026-001",
        "Ruth Halvorsen & Sons <Trust>",
        "Yes",
    )
    assert order["Served"].date() == TODAY
    assert order["Owner's last day"].date() == date(2026, 12, 21)
    assert order["City cost"] is None
    sheet = book["Repair orders"]
    assert sheet.cell(3, 10).number_format == DATE_FORMAT
    assert sheet.freeze_panes == "A3" and sheet.auto_filter.ref == "A2:N3"
    assert str(sheet["A1"].value).endswith("— Repair orders")

    header, rows = table("Master plan")
    assert header == [c.header for c in SEGMENT_SHEET_COLUMNS]
    assert [(r["Street"], r["Side"], r["Status"]) for r in rows] == [
        ("Broad St N", "Both", "Retired"),
        ("Orange St", "Even", "Current"),
    ]


def test_the_workbook_is_streamed_with_progress_over_its_sheets_and_can_be_cancelled(
    tmp_path: Path,
) -> None:
    """Finding 14: the sidewalk workbook is the shared writer's (``reports.excel``), write-only,
    counting its rows over the three sheets; a cancel leaves no file, nor harms an old one."""
    segment = views.SegmentRow("Orange St", "Both", 100, 1220, "Sidewalk", "", "", "Current")
    rows = [dataclasses.replace(segment, low_number=n) for n in range(1, 8)]
    seen: list[int] = []
    target = tmp_path / "plan.xlsx"
    assert register_xlsx([], [], rows, target, progress=seen.append) == 7
    assert seen == [7]  # the empty sheets report nothing; the plan's seven rows at its end
    sheet = openpyxl.load_workbook(target)["Master plan"]
    assert sheet.cell(3, 4).value == 1220 and sheet.cell(3, 4).number_format == "0"
    old = target.read_bytes()
    with pytest.raises(ExportCancelled) as cancelled:
        register_xlsx([], [], rows, target, progress=lambda done: False)
    assert cancelled.value.rows_done == 7
    assert target.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plan.xlsx"]


def test_the_shared_writer_writes_several_sheets(tmp_path: Path) -> None:
    """reports.excel.write_workbook: each sheet styled as one register, progress counting the
    whole workbook, a sheet name two sheets share numbered."""
    columns = [Column("Number", "year"), Column("Amount", "money")]
    seen: list[int] = []
    target = tmp_path / "two.xlsx"
    written = write_workbook(
        target,
        [
            Sheet("Permits", columns, [(1220, Money("5"))] * 3, "City — permits"),
            Sheet("Permits", columns, [(7, Money("1"))] * 2),
        ],
        title="Two",
        author="Alex",
        progress=seen.append,
        progress_every=2,
    )
    assert written == 5 and seen == [2, 3, 5]
    book = openpyxl.load_workbook(target)
    assert book.sheetnames == ["Permits", "Permits (2)"]
    first, second = book["Permits"], book["Permits (2)"]
    assert first["A1"].value == "City — permits" and first.freeze_panes == "A3"
    assert first.auto_filter.ref == "A2:B5" and first["A3"].number_format == "0"
    assert second["A1"].value == "Number" and second.freeze_panes == "A2"
    assert book.properties.creator == "City of Prescott"  # the paper is the City's
    assert book.properties.lastModifiedBy == "Alex"  # who exported it


def test_money_in_the_workbook_is_a_real_amount(tmp_path: Path) -> None:
    row = views.OrderRow(
        number="SR-2026-004",
        kind="Minor repair (up to $500)",
        status="Repaired by City (charged)",
        owner="Ruth Halvorsen",
        parcel_number="281-01050-0000",
        location="214 Orange St",
        defect="=SUM(A1:A9)",  # typed at the counter: stays text
        ordered_on=TODAY,
        served_on=None,
        repair_due_on=None,
        repaired_by_owner_on=None,
        city_repaired_on=TODAY,
        city_cost=Money("480.25"),
        whole_block="Yes",
    )
    target = tmp_path / "money.xlsx"
    assert register_xlsx([], [row], [], target) == 1
    sheet = openpyxl.load_workbook(target)["Repair orders"]
    assert float(sheet.cell(3, 13).value) == 480.25
    assert sheet.cell(3, 13).number_format == MONEY_FORMAT
    assert sheet.cell(3, 7).value == "=SUM(A1:A9)" and sheet.cell(3, 7).data_type == "s"
    assert openpyxl.load_workbook(target)["Sidewalk permits"].max_row == 2  # header only
