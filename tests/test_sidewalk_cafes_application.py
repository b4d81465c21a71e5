"""Sidewalk cafe applications (§ 506-10) at their boundaries, from intake to the Council.

Intake; the 100-foot list (exactly 100 feet kept, 101 marked) from a spreadsheet or a CSV; the 15
days for comments (day 15 timely, day 16 late, a last day City Hall is closed moved); the Council
never acting during the comment period or at a meeting not yet held; the Chief of Police only
when alcohol or a liquor license; the DPW's inspection; only the Council denies an application
that meets the standards; who may do what.

"Today" is Mon Nov 30, 2026, 10:00 a.m. in Prescott unless a test moves the clock. The Council
meets on Mon Dec 14 and Mon Dec 28, 2026 and Mon Jan 11, 2027.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook
from sidewalk_cafes_steps import (  # type: ignore[import-not-found]
    APPLICATION,
    CHICAGO,
    HOURS,
    PDF,
    PNG,
    _apply,
    _data,
    _do,
    _get,
    _items,
    _mail,
    _meeting,
    _neighbors,
    _refused,
)
from sidewalk_cafes_steps import bistro as bistro

from clerk_desk import fees, ledger
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.documents import scan_bytes
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.kinds import CafeStatus, DueStatus, Role
from clerk_desk.ledger import RecordRef
from clerk_desk.money import Money
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import papers as views
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sc
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes.rules import ItemState, NeighborData
from reports.excel import read_table

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
