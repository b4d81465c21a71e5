"""Sidewalk repair orders (the sidewalk article before § 506-6; Wis. Stat. § 66.0907) at their
boundaries, and what Today, the papers and the demo show.

An order made at a Council meeting held, the 20 days after service (the 20th day refused to the
City, the 21st allowed; a Sunday or a legal holiday last day moves, a Saturday does not), $500.00
against $500.01 for a minor repair, the Director's approval of a partial block, and who orders
and who repairs. "Today" is Monday, November 30, 2026 in Prescott unless a test travels.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date, datetime
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from sidewalks_steps import (  # type: ignore[import-not-found]
    DIRECTOR,
    TODAY,
    ZONE,
    City,
    _apply,
    _denied,
    _do,
    _get_order,
    _meeting,
    _order,
    _order_data,
    _refused,
    _segment,
    at,
    days,
)
from sidewalks_steps import city as city
from sidewalks_steps import council as council
from sqlalchemy import select

from clerk_desk import ledger, today
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CityCalendar
from clerk_desk.demo import sidewalks as demo_sidewalks
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, NotFound, PermissionDenied
from clerk_desk.kinds import (
    CostPayer,
    DueKind,
    DueStatus,
    RepairOrderKind,
    RepairOrderStatus,
    Role,
    SidewalkPermitStatus,
    SidewalkWork,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AmountDue, AuditEvent, SidewalkRepairOrder, SpecialCharge
from clerk_desk.money import Money
from clerk_desk.ordinance import load_chapter
from clerk_desk.petitions import service as petitions
from clerk_desk.sidewalks import service as sw
from clerk_desk.sidewalks import views as views
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll


def _charge(desk: Desk, charge_id: int) -> tuple[SpecialCharge, AmountDue]:
    """A special charge and its amount due, as stored."""
    with desk.database.reading() as session:
        charge = sc.get_charge(session, charge_id)
        assert charge.amount_due is not None
        return charge, charge.amount_due


# -- repair orders --------------------------------------------------------------------------------


def test_a_council_order_is_made_at_a_meeting_held(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    assert _refused(desk, clerk, sw.order_repair, _order_data(city)).field == "meeting"
    future = _meeting(desk, clerk, at(date(2026, 12, 14), 18))
    refused = _refused(desk, clerk, sw.order_repair, _order_data(city, meeting_id=future))
    assert "has not taken place yet" in str(refused)
    wrong_day = _order_data(city, meeting_id=council, ordered_on=date(2026, 11, 24))
    assert _refused(desk, clerk, sw.order_repair, wrong_day).field == "ordered_on"
    order = _order(desk, clerk, city, meeting_id=council)
    assert (order.number, order.status, order.ordered_on, order.ordered_by_name) == (
        "SR-2026-001",
        RepairOrderStatus.ORDERED,
        date(2026, 11, 23),
        "Common Council",
    )
    assert (order.owner_id, order.whole_block) == (city.owner, True)


def test_an_order_needs_an_owner_on_record(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    orphan = _order_data(city, parcel_id=city.orphan_parcel, meeting_id=council)
    assert _refused(desk, clerk, sw.order_repair, orphan).field == "parcel_id"
    assert (
        _refused(
            desk, clerk, sw.order_repair, _order_data(city, meeting_id=council, defect=" ")
        ).field
        == "defect"
    )
    _refused(desk, clerk, sw.order_repair, _order_data(city, parcel_id=999), error=NotFound)


def test_a_minor_repair_is_five_hundred_dollars_or_less(
    desk: Desk, inspector: SignedIn, city: City
) -> None:
    minor = RepairOrderKind.MINOR
    missing = _refused(desk, inspector, sw.order_repair, _order_data(city, kind=minor))
    assert (missing.field, missing.cite) == ("estimated_cost", sw.MINOR_REPAIR_CITE)
    over = _refused(
        desk,
        inspector,
        sw.order_repair,
        _order_data(city, kind=minor, estimated_cost=Money("500.01")),
    )
    assert (over.field, over.cite) == ("estimated_cost", sw.MINOR_REPAIR_CITE)
    assert "needs a Council order and notice" in str(over)
    order = _order(desk, inspector, city, kind=minor, estimated_cost=Money("500.00"))
    assert (order.ordered_on, order.ordered_by_name, order.meeting_id) == (
        TODAY,
        "Test Building Inspector / Public Works",
        None,
    )
    # no notice: nothing to serve, and the City may repair at once, up to $500.00
    _refused(
        desk,
        inspector,
        sw.record_service,
        order.id,
        served_on=TODAY,
        how="personal",
        by_name="x",
        error=Conflict,
    )
    assert sw.city_may_repair_on(_get_order(desk, order.id)) == TODAY
    too_much = _refused(
        desk, inspector, sw.record_city_repair, order.id, on=TODAY, cost=Money("500.01")
    )
    assert (too_much.field, too_much.cite) == ("cost", sw.MINOR_REPAIR_CITE)
    charge = builders.read_back(
        desk,
        inspector,
        SpecialCharge,
        sw.record_city_repair,
        order.id,
        on=TODAY,
        cost=Money("500.00"),
    )
    charge, due = _charge(desk, charge.id)
    assert (charge.kind, charge.total, charge.billed_party_id, charge.parcel_id) == (
        sc.ChargeKind.SIDEWALK_MINOR_REPAIR,
        Money("500.00"),
        city.owner,
        city.parcel,
    )
    assert (charge.record_type, charge.record_id) == (sw.ORDER_RECORD_TYPE, str(order.id))
    # "In the same manner" as a major repair: billed the day of the work, for the tax roll.
    assert (charge.bill_on, charge.due_on, charge.tax_roll_on) == (TODAY, None, TODAY)
    assert (due.kind, due.amount, due.party_id, due.cite, due.due_on) == (
        DueKind.SPECIAL_CHARGE,
        Money("500.00"),
        city.owner,
        sw.MINOR_REPAIR_CITE,
        None,
    )


def test_a_partial_block_needs_the_directors_approval(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    partial = _order_data(city, meeting_id=council, whole_block=False)
    refused = _refused(desk, clerk, sw.order_repair, partial)
    assert (refused.field, refused.cite) == ("partial_approved_by", sw.WHOLE_BLOCK_CITE)
    approved = dataclasses.replace(partial, partial_approved_by=f"  {DIRECTOR} ")
    order = builders.read_back(desk, clerk, SidewalkRepairOrder, sw.order_repair, approved)
    assert (order.whole_block, order.partial_approved_by) == (False, DIRECTOR)
    whole_but_named = _order_data(city, meeting_id=council, partial_approved_by=DIRECTOR)
    assert _refused(desk, clerk, sw.order_repair, whole_but_named).field == "partial_approved_by"
    findings = sw.order_findings(_get_order(desk, order.id), today=TODAY)
    assert any(f.cite == sw.WHOLE_BLOCK_CITE and DIRECTOR in f.text for f in findings)


@pytest.mark.parametrize(
    ("served_on", "last_day"),
    [
        (date(2026, 12, 1), date(2026, 12, 21)),  # day 20 a Monday
        (date(2026, 11, 30), date(2026, 12, 21)),  # day 20 a Sunday: moves to Monday
        (date(2026, 12, 5), date(2026, 12, 26)),  # Christmas: to Saturday, City Hall or not
        (date(2026, 11, 6), date(2026, 11, 27)),  # Thanksgiving: to the Friday City Hall closes
    ],
)
def test_the_owner_has_twenty_days_after_service(served_on: date, last_day: date) -> None:
    assert sw.repair_due(served_on, CityCalendar()) == last_day


def test_the_city_repairs_on_the_twenty_first_day_not_the_twentieth(
    desk: Desk,
    clerk: SignedIn,
    inspector: SignedIn,
    city: City,
    council: int,
    clock: FixedClock,
) -> None:
    order = _order(desk, clerk, city, meeting_id=council)
    refused = _refused(
        desk, inspector, sw.record_city_repair, order.id, on=TODAY, cost=Money("800")
    )
    assert "not served" in str(refused) and refused.cite == sw.REPAIR_CITE
    clock.set(datetime(2026, 12, 1, 15, 0))
    served = builders.read_back(
        desk,
        clerk,
        SidewalkRepairOrder,
        sw.record_service,
        order.id,
        served_on=date(2026, 12, 1),
        how="Certified  Mail",
        by_name="Carla Jensen",
    )
    assert (served.status, served.served_how, served.repair_due_on) == (
        RepairOrderStatus.SERVED,
        "certified mail",
        date(2026, 12, 21),
    )
    clock.set(datetime(2026, 12, 22, 10, 0))
    day_20 = _refused(
        desk, inspector, sw.record_city_repair, order.id, on=date(2026, 12, 21), cost=Money("800")
    )
    assert (day_20.field, day_20.cite) == ("on", sw.REPAIR_CITE)
    assert "through Mon Dec 21, 2026" in str(day_20) and "from Tue Dec 22, 2026" in str(day_20)
    assert _get_order(desk, order.id).status == RepairOrderStatus.SERVED
    made = builders.read_back(
        desk,
        inspector,
        SpecialCharge,
        sw.record_city_repair,
        order.id,
        on=date(2026, 12, 22),
        cost=Money.parse("$1,240.50"),
    )
    charge, due = _charge(desk, made.id)
    assert (charge.kind, charge.billed_party_id, charge.billed_as, charge.parcel_id) == (
        sc.ChargeKind.SIDEWALK_REPAIR,
        city.owner,
        "owner",
        city.parcel,
    )
    assert charge.work.startswith("Sidewalk repair SR-2026-001 made by the City, ")
    assert (charge.work_done_on, charge.bill_on, charge.delivered_how) == (
        date(2026, 12, 22),
        date(2026, 12, 22),
        "mailed",
    )
    # No time to pay: the Treasurer enters the total cost on the roll.
    assert (charge.due_on, charge.tax_roll_on) == (None, date(2026, 12, 22))
    assert (due.kind, due.amount, due.status, due.due_on) == (
        DueKind.SPECIAL_CHARGE,
        Money("1240.50"),
        DueStatus.OPEN,
        None,
    )
    assert due.cite == sw.REPAIR_ORDER_CITE
    with desk.database.reading() as session:
        assert [c.id for c in tax_roll.eligible(session, date(2026, 12, 21))] == []
        assert [c.id for c in tax_roll.eligible(session, date(2026, 12, 22))] == [charge.id]
        billed = ledger.dues_for(session, RecordRef(sw.ORDER_RECORD_TYPE, str(order.id)))
        assert [d.id for d in billed] == [due.id]  # the order still counts it
    repaired = _get_order(desk, order.id)
    assert (repaired.status, repaired.city_repaired_on, repaired.city_cost) == (
        RepairOrderStatus.CITY_REPAIRED,
        date(2026, 12, 22),
        Money("1240.50"),
    )
    _refused(
        desk, inspector, sw.record_owner_repair, order.id, on=date(2026, 12, 22), error=Conflict
    )
    _refused(desk, clerk, sw.cancel_order, order.id, reason="x", error=Conflict)
    with desk.database.reading() as session:
        actions = [e.action for e in sw.order_history(session, order.id)]
    assert actions == [
        "sidewalk_order.create",
        "sidewalk_order.serve",
        "due.create",
        "special_charge.created",
        "special_charge.billed",
        "sidewalk_order.city_repair",
    ]


def test_service_is_recorded_once_and_checked(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    order = _order(desk, clerk, city, meeting_id=council)

    def field(**kw: Any) -> str | None:
        values: dict[str, Any] = {
            "served_on": TODAY,
            "how": "personal",
            "by_name": "Officer Roth",
        } | kw
        error = _refused(desk, clerk, sw.record_service, order.id, **values)
        name: str | None = error.field
        return name

    assert field(served_on=days(1)) == "served_on"
    assert field(served_on=date(2026, 11, 22)) == "served_on"  # before the order
    assert field(how="e-mail") == "how"
    assert field(by_name="  ") == "by_name"
    _do(desk, clerk, sw.record_service, order.id, served_on=TODAY, how="personal", by_name="Roth")
    _refused(
        desk,
        clerk,
        sw.record_service,
        order.id,
        served_on=TODAY,
        how="personal",
        by_name="Roth",
        error=Conflict,
    )


def test_an_emergency_is_to_be_repaired_immediately(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, city: City
) -> None:
    order = _order(desk, inspector, city, kind=RepairOrderKind.EMERGENCY)
    assert order.meeting_id is None  # the Council's designee directs it
    _do(desk, clerk, sw.record_service, order.id, served_on=TODAY, how="personal", by_name="Roth")
    served = _get_order(desk, order.id)
    assert served.repair_due_on == TODAY
    assert sw.city_may_repair_on(served) == TODAY
    findings = sw.order_findings(served, today=TODAY)
    assert any("immediately" in f.text for f in findings)
    made = builders.read_back(
        desk, inspector, SpecialCharge, sw.record_city_repair, order.id, on=TODAY, cost=Money("650")
    )
    charge, due = _charge(desk, made.id)
    assert due.amount == Money("650.00")  # an emergency is no minor repair: no $500 cap
    assert charge.kind == sc.ChargeKind.SIDEWALK_REPAIR


def test_the_owner_repairs_or_the_order_is_cancelled(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, city: City, council: int
) -> None:
    order = _order(desk, clerk, city, meeting_id=council)
    assert _refused(desk, inspector, sw.record_owner_repair, order.id, on=days(1)).field == "on"
    repaired = builders.read_back(
        desk, inspector, SidewalkRepairOrder, sw.record_owner_repair, order.id, on=TODAY
    )
    assert (repaired.status, repaired.repaired_by_owner_on) == (
        RepairOrderStatus.REPAIRED_BY_OWNER,
        TODAY,
    )
    other = _order(desk, clerk, city, meeting_id=council)
    assert _refused(desk, clerk, sw.cancel_order, other.id, reason="  ").field == "reason"
    cancelled = builders.read_back(
        desk,
        clerk,
        SidewalkRepairOrder,
        sw.cancel_order,
        other.id,
        reason="Council rescinded the order",
    )
    assert cancelled.status == RepairOrderStatus.CANCELLED
    _refused(desk, clerk, sw.cancel_order, other.id, reason="again", error=Conflict)
    with desk.database.reading() as session:
        assert [o.id for o in sw.search_orders(session, status=RepairOrderStatus.CANCELLED)] == [
            other.id
        ]
        assert [o.id for o in sw.search_orders(session, "halvorsen")] == [other.id, order.id]
        assert sw.search_orders(session, kind=RepairOrderKind.MINOR) == []
        assert sw.order_years(session) == [2026]


def test_who_orders_and_who_repairs(
    desk: Desk, operator_with: Callable[[Role], SignedIn], city: City, council: int
) -> None:
    clerk, inspector = operator_with(Role.CLERK), operator_with(Role.INSPECTOR)
    treasurer = operator_with(Role.TREASURER)
    minor = _order_data(city, kind=RepairOrderKind.MINOR, estimated_cost=Money("200"))
    _refused(desk, clerk, sw.order_repair, minor, error=PermissionDenied)  # the Director's
    order = builders.read_back(desk, inspector, SidewalkRepairOrder, sw.order_repair, minor)
    _refused(
        desk,
        clerk,
        sw.record_city_repair,
        order.id,
        on=TODAY,
        cost=Money("200"),
        error=PermissionDenied,
    )
    _refused(desk, clerk, sw.cancel_order, order.id, reason="x", error=PermissionDenied)
    # a Council order is the Clerk's record of the Council's act; any counter may record it
    assert _order(desk, treasurer, city, meeting_id=council).status == RepairOrderStatus.ORDERED


# -- the Today tab --------------------------------------------------------------------------------


def _sidewalk_items(desk: Desk, who: SignedIn) -> list[today.TodayItem]:
    with desk.lookup(who) as action:
        return [item for item in today.gather(action) if item.workflow == "Sidewalks"]


def test_today_lists_permits_to_issue_and_orders_that_run_out(
    desk: Desk, admin: SignedIn, city: City, council: int, clock: FixedClock
) -> None:
    in_seven = _apply(desk, admin, city, work_starts_on=days(7))
    in_three = _apply(desk, admin, city, work_starts_on=days(3))
    issued = _apply(desk, admin, city, work_starts_on=days(7))
    _do(desk, admin, sw.issue, issued.id)
    unserved = _order(desk, admin, city, meeting_id=council)
    running = _order(desk, admin, city, meeting_id=council)
    _do(desk, admin, sw.record_service, running.id, served_on=TODAY, how="personal", by_name="R")
    ending = _order(desk, admin, city, meeting_id=council)
    _do(
        desk,
        admin,
        sw.record_service,
        ending.id,
        served_on=date(2026, 11, 24),  # 20 days: Mon Dec 14, two weeks out
        how="personal",
        by_name="R",
    )
    items = {(i.record_type, i.record_id): i for i in _sidewalk_items(desk, admin)}
    assert set(items) == {
        (sw.RECORD_TYPE, str(in_seven.id)),
        (sw.RECORD_TYPE, str(in_three.id)),
        (sw.ORDER_RECORD_TYPE, str(unserved.id)),
    }
    assert items[(sw.RECORD_TYPE, str(in_seven.id))].detail.endswith(
        "today is the last day to issue it"
    )
    assert items[(sw.RECORD_TYPE, str(in_seven.id))].urgency(TODAY) == "today"
    late = items[(sw.RECORD_TYPE, str(in_three.id))]
    assert (late.due, late.urgency(TODAY), late.cite) == (days(-4), "overdue", sw.PERMIT_CITE)
    assert "not yet served" in items[(sw.ORDER_RECORD_TYPE, str(unserved.id))].title
    clock.set(datetime(2026, 12, 8, 9, 0))  # the owner's last day within the week
    titles = {
        i.record_id: i.title
        for i in _sidewalk_items(desk, admin)
        if i.record_type == sw.ORDER_RECORD_TYPE
    }
    assert "end Mon Dec 14, 2026" in titles[str(ending.id)]
    assert str(running.id) not in titles  # Dec 21: later
    assert "not yet served" in titles[str(unserved.id)]
    clock.set(datetime(2026, 12, 15, 9, 0))
    ended = next(
        i
        for i in _sidewalk_items(desk, admin)
        if (i.record_type, i.record_id) == (sw.ORDER_RECORD_TYPE, str(ending.id))
    )
    assert ended.urgency(date(2026, 12, 15)) == "overdue" and "City may repair" in ended.title


def test_today_warns_three_business_days_before_the_last_day_to_issue(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    """Today is Mon Nov 30: the third business day after it is Thu Dec 3. Work starting Thu
    Dec 10 must be issued by Thu Dec 3 (listed, "soon"); work starting Fri Dec 11, by Fri Dec 4
    (not yet); work starting Tue Dec 8, by Tue Dec 1 (listed)."""
    on_third = _apply(desk, admin, city, work_starts_on=days(10))
    day_after = _apply(desk, admin, city, work_starts_on=days(11))
    tomorrow = _apply(desk, admin, city, work_starts_on=days(8))
    items = {
        int(i.record_id): i for i in _sidewalk_items(desk, admin) if i.record_type == sw.RECORD_TYPE
    }
    assert set(items) == {on_third.id, tomorrow.id}
    third = items[on_third.id]
    assert (third.due, third.urgency(TODAY)) == (date(2026, 12, 3), "soon")
    assert third.title == (
        f"Sidewalk permit {on_third.number}: work starts Thu Dec 10, 2026, not issued"
    )
    assert third.detail == "Ruth Halvorsen, In front of 214 Orange St: issue it by Thu Dec 3, 2026"
    assert items[tomorrow.id].due == date(2026, 12, 1)
    assert day_after.id not in items


def test_today_lists_an_appeal_waiting_for_the_council(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    permit = _apply(desk, admin, city, work_starts_on=days(40))
    _do(desk, admin, sw.deny, permit.id, reasons="Too narrow")
    assert [i for i in _sidewalk_items(desk, admin) if i.record_id == str(permit.id)] == []
    _do(desk, admin, sw.file_appeal, permit.id, filed_on=TODAY)
    [item] = [i for i in _sidewalk_items(desk, admin) if i.record_id == str(permit.id)]
    assert item.title == (
        f"Sidewalk permit {permit.number}: appeal to the Common Council not decided"
    )
    assert "appeal of the denial filed Mon Nov 30, 2026" in item.detail
    assert (item.record_type, item.cite) == (sw.RECORD_TYPE, sw.PERMIT_CITE)


# -- what the papers show -------------------------------------------------------------------------


def test_the_permit_view_carries_the_cost_box_and_the_seven_days(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    _segment(
        desk, admin, city.orange, low_number=200, high_number=298, plan_reference="2019 plan, map 2"
    )
    permit = _apply(desk, admin, city)
    _do(desk, admin, sw.issue, permit.id, conditions="Forms approved before the pour.")
    with desk.database.reading() as session:
        view = views.permit_view(session, permit.id)
    assert (view.number, view.status, view.applicant_name) == (
        "SW-2026-001",
        "Issued",
        "Ruth Halvorsen",
    )
    assert view.applicant_address == ("214 Orange St", "Prescott, WI 54021")
    assert (view.street, view.address_number, view.parcel_owner) == (
        "Orange St",
        214,
        "Ruth Halvorsen",
    )
    assert (view.work, view.facility, view.area, view.width, view.length) == (
        "Reconstruction",
        "Sidewalk",
        "Residential",
        "4 ft 6 in",
        "40 ft",
    )
    assert view.cost.summary == "Paid 100% by the City of Prescott"
    assert (view.cost.cite, view.cost.payer_label) == (sw.RECONSTRUCTION_CITE, "City of Prescott")
    assert view.segment == "Orange St, both sides, 200-298: Sidewalk"
    assert view.plan_reference == "2019 plan, map 2"
    assert view.no_fee == "No fee is charged for sidewalk permits."
    assert "may not start before Mon Dec 7, 2026" in view.seven_day_rule
    assert (view.issued_on, view.conditions) == (TODAY, ("Forms approved before the pour.",))
    assert view.latest_issue_day == TODAY
    assert view.issued_by == "Alex Administrator"


def test_the_specifications_are_the_ordinances_own_words() -> None:
    sections = views.specification_sections()
    headings = [heading for heading, _ in sections]
    assert headings[0] == "General" and headings[-1] == "Whole block repair"
    assert "Width and thickness" in headings and "Minor repairs" in headings
    assert "Repair or replacement of defective or damaged sidewalks" not in headings
    article = load_chapter().section(None)
    assert article is not None
    flat = " ".join(article.text.split())
    for heading, text in sections:
        assert text and f"{heading}. {text}" in flat  # quoted exactly as the code reads
    width = dict(sections)["Width and thickness"]
    assert width.startswith("Residential walks shall be 4 1/2 feet in width")


def test_the_repair_notice_view(desk: Desk, clerk: SignedIn, city: City, council: int) -> None:
    order = _order(desk, clerk, city, meeting_id=council, estimated_cost=Money("900"))
    with desk.database.reading() as session:
        before = views.repair_notice_view(session, order.id)
    assert (before.owner_name, before.parcel_number, before.repair_days) == (
        "Ruth Halvorsen",
        "281-01050-0000",
        20,
    )
    assert before.ordered_by == "Common Council, meeting of Mon Nov 23, 2026"
    assert before.repair_due_explained == "Within 20 days after service of this notice."
    assert (before.cite, before.statute) == (sw.REPAIR_CITE, "Wis. Stat. § 66.0907")
    _do(desk, clerk, sw.record_service, order.id, served_on=TODAY, how="personal", by_name="R")
    with desk.database.reading() as session:
        after = views.repair_notice_view(session, order.id)
    assert (after.repair_due_on, after.city_may_repair_on) == (
        date(2026, 12, 21),
        date(2026, 12, 22),
    )
    assert "Sun Dec 20, 2026 is a Sunday" in after.repair_due_explained


def test_the_register_rows(desk: Desk, admin: SignedIn, city: City, council: int) -> None:
    _segment(desk, admin, city.orange, side="even")
    retired = _segment(desk, admin, city.broad)
    _do(desk, admin, sw.retire_segment, retired, reason="amended")
    permit = _apply(desk, admin, city)
    _do(desk, admin, sw.issue, permit.id)
    _apply(desk, admin, city, applicant_id=city.contractor)
    _apply(desk, admin, city, work=SidewalkWork.REPAIR, address_number=215)  # the odd side
    order = _order(
        desk, admin, city, meeting_id=council, whole_block=False, partial_approved_by=DIRECTOR
    )
    minor = _order(desk, admin, city, kind=RepairOrderKind.MINOR, estimated_cost=Money("365"))
    with desk.database.reading() as session:
        permits = views.permit_rows(session)
        orders = views.order_rows(session)
        segments = views.segment_rows(session)
    # A pending application shows who pays as the plan reads today, marked so where the plan
    # decides it; a repair is the owner's whatever the plan says.
    assert [(r.number, r.status, r.cost_payer, r.on_master_plan) for r in permits] == [
        ("SW-2026-003", "Applied", "Owner", "No"),
        ("SW-2026-002", "Applied", "City (plan today)", "Yes"),
        ("SW-2026-001", "Issued", "City", "Yes"),
    ]
    assert len(dataclasses.fields(views.PermitRow)) == len(views.PERMIT_COLUMNS)
    assert len(dataclasses.fields(views.OrderRow)) == len(views.ORDER_COLUMNS)
    assert len(dataclasses.fields(views.SegmentRow)) == len(views.SEGMENT_COLUMNS)
    minor_row, row = orders
    assert (row.number, row.owner, row.whole_block) == (
        order.number,
        "Ruth Halvorsen",
        f"Partial (approved by {DIRECTOR})",
    )
    # "Nothing in this section shall apply to minor repairs": no whole-block rule
    assert (minor_row.number, minor_row.whole_block) == (
        minor.number,
        "Does not apply (minor repair)",
    )
    assert [(s.street, s.side, s.active) for s in segments] == [
        ("Broad St N", "Both", "Retired"),
        ("Orange St", "Even", "Current"),
    ]


# -- the demo -------------------------------------------------------------------------------------


def test_the_demo_on_a_fresh_desk(desk: Desk, admin: SignedIn) -> None:
    counts = demo_sidewalks.generate(desk)
    assert counts == {
        "master_plan_segment": 5,
        "sidewalk_permit": 6,
        "sidewalk_repair_order": 4,
        "council_meeting": 3,  # none held before: one added for each Council order
    }
    with desk.lookup(admin) as action:
        session = action.session
        assert len(ledger.outstanding(session)) == demo_sidewalks.AMOUNTS_DUE
        permits = {p.location: p for p in sw.search_permits(session)}
        orders = {o.location: o for o in sw.search_orders(session)}
        assert len(sw.segments(session)) == 4
        assert len(sw.segments(session, include_retired=True)) == 5
        items = [i for i in today.gather(action) if i.workflow == "Sidewalks"]
        taken = session.scalars(
            select(AuditEvent.action).where(
                AuditEvent.record_type == sw.RECORD_TYPE,
                AuditEvent.action.in_(("sidewalk.apply", "sidewalk.city_contract")),
            )
        ).all()
    S = SidewalkPermitStatus
    assert {p.location: (p.status, p.cost_payer) for p in permits.values()} == {
        "In front of 113 Orange St": (S.COMPLETED, CostPayer.CITY),
        "In front of 132 Orange St": (S.CITY_CONTRACT, CostPayer.CITY),
        "In front of 124 Kinnickinnic St": (S.ISSUED, CostPayer.OWNER),
        "In front of 108 Dexter St": (S.ISSUED, CostPayer.CITY),  # a removal off the plan
        "In front of 121 Broad St N": (S.APPEALED, None),
        "In front of 137 Walter St": (S.APPLIED, None),
    }
    R = RepairOrderStatus
    assert sorted((o.kind, o.status) for o in orders.values()) == sorted(
        [
            (RepairOrderKind.COUNCIL_ORDER, R.SERVED),
            (RepairOrderKind.COUNCIL_ORDER, R.SERVED),
            (RepairOrderKind.COUNCIL_ORDER, R.CITY_REPAIRED),
            (RepairOrderKind.MINOR, R.CITY_REPAIRED),
        ]
    )
    days_left = orders["In front of 129 Lake St"]
    past_due = orders["In front of 116 Albert St"]
    assert days_left.repair_due_on is not None and days_left.repair_due_on > TODAY
    assert not days_left.whole_block
    assert past_due.repair_due_on is not None and past_due.repair_due_on < TODAY
    titles = [i.title for i in items]
    assert any("work starts Thu Dec 3, 2026, not issued" in t for t in titles)
    assert any("the City may repair" in t for t in titles)
    assert sorted(taken) == ["sidewalk.apply"] * 5 + ["sidewalk.city_contract"]


def test_the_meetings_the_forms_offer(
    desk: Desk, admin: SignedIn, clerk: SignedIn, city: City, clock: FixedClock
) -> None:
    early = _meeting(desk, clerk, at(date(2026, 11, 23), 18))
    cancelled = _meeting(desk, clerk, at(date(2026, 12, 1), 18))
    later = _meeting(desk, clerk, at(date(2026, 12, 14), 18))
    _do(desk, clerk, petitions.cancel_meeting, cancelled, reason="No quorum")
    denied = _denied(desk, admin, city)
    _do(desk, admin, sw.file_appeal, denied.id, filed_on=TODAY)
    with desk.database.reading() as session:
        assert [m.id for m in views.held_meetings(session, now=clock.now())] == [early]
        assert views.appeal_meetings(session, denied.id, now=clock.now(), zone=ZONE) == []
    clock.set(datetime(2026, 12, 15, 9, 0))
    with desk.database.reading() as session:
        assert [m.id for m in views.held_meetings(session, now=clock.now())] == [later, early]
        offered = views.appeal_meetings(session, denied.id, now=clock.now(), zone=ZONE)
        assert [m.id for m in offered] == [later]
