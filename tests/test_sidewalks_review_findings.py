"""Sidewalks: the second review's findings, a test for each fix (the sidewalk article before
§ 506-6; Wis. Stat. § 66.0907).

Two stations recording one City repair charge it once (PostgreSQL), every write reads its record
locked, work the Council ordered is the owner's even on the plan, a permit names an open order
of its parcel, the emergency's refusal, a minor repair and a partial replacement, the land
divider's new subdivision, a wider walk, a completion before the seventh day, City contract
records, service by publication, the order form's kinds, the register's queries, and the seven
days counted both ways. "Today" is Monday, November 30, 2026 in Prescott unless a test travels.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from sidewalks_steps import (  # type: ignore[import-not-found]
    CALENDAR,
    DIRECTOR,
    TODAY,
    City,
    _apply,
    _blocks,
    _denied,
    _do,
    _order,
    _order_data,
    _permit_data,
    _refused,
    _review,
    _segment,
)
from sidewalks_steps import city as city
from sidewalks_steps import council as council

from clerk_desk import ledger, parties
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict
from clerk_desk.kinds import (
    CostPayer,
    DueKind,
    RepairOrderKind,
    RepairOrderStatus,
    Role,
    SidewalkPermitStatus,
    SidewalkWork,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import SidewalkPermit, SidewalkRepairOrder
from clerk_desk.money import Money
from clerk_desk.permissions import Permission
from clerk_desk.sidewalks import master_plan, permits, repair_orders
from clerk_desk.sidewalks import service as sw
from clerk_desk.sidewalks import views as views
from clerk_desk.sidewalks.service import SegmentData
from clerk_desk.special_charges import tax_roll as tax_roll

# -- the second review: a test for each fix -------------------------------------------------------


def test_two_stations_recording_the_same_city_repair_charge_it_once(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, city: City, council: int, clock: FixedClock
) -> None:
    """Finding 1. Both stations open the order (served, the owner's 20 days over) and press
    Record: the first writes its charge and holds its transaction open; the second waits for
    the order's row, then finds it repaired and is refused. One $900.00 charge, not two."""
    if desk.database.is_sqlite:
        pytest.skip("SQLite writes one transaction at a time: the race needs PostgreSQL")
    order = _order(desk, clerk, city, meeting_id=council)
    _do(desk, clerk, sw.record_service, order.id, served_on=TODAY, how="personal", by_name="R")
    clock.set(datetime(2026, 12, 22, 10, 0))  # the owner's last day was Mon Dec 21
    both_read = threading.Barrier(2, timeout=20)
    a_written, a_may_commit = threading.Event(), threading.Event()
    outcomes: dict[str, BaseException | None] = {}

    def station(name: str) -> None:
        try:
            with desk.action(inspector) as action:
                assert sw.get_order(action.session, order.id).status == RepairOrderStatus.SERVED
                both_read.wait()  # both screens show the order open
                if name == "B":
                    assert a_written.wait(20)
                sw.record_city_repair(action, order.id, on=date(2026, 12, 22), cost=Money("900"))
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
    b = threading.Thread(target=station, args=("B",))
    a.start()
    b.start()
    assert a_written.wait(20)
    b.join(0.5)
    assert b.is_alive(), "station B should wait for station A's transaction"
    a_may_commit.set()
    a.join(20)
    b.join(20)
    assert outcomes["A"] is None
    refused = outcomes["B"]
    assert isinstance(refused, Conflict)
    assert str(refused) == f"Repair order {order.number} is repaired by city (charged)."
    with desk.database.reading() as session:
        dues = ledger.dues_for(session, RecordRef(sw.ORDER_RECORD_TYPE, str(order.id)))
        assert [(d.amount, d.kind) for d in dues] == [(Money("900"), DueKind.SPECIAL_CHARGE)]


def test_every_write_reads_its_record_locked(
    desk: Desk, admin: SignedIn, city: City, council: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 1: every service that changes a permit, an order or a segment reads it with
    ``for_update`` (the row locked, read afresh)."""
    locked: list[str] = []
    real_permit, real_order, real_segment = sw.get_permit, sw.get_order, sw.get_segment

    def watch(kind: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def read(session: Any, record_id: int, *, for_update: bool = False) -> Any:
            if for_update:
                locked.append(kind)
            return real(session, record_id, for_update=for_update)

        return read

    # Each service reads its record through the reader of its own module.
    monkeypatch.setattr(permits, "get_permit", watch("permit", real_permit))
    monkeypatch.setattr(repair_orders, "get_order", watch("order", real_order))
    monkeypatch.setattr(master_plan, "get_segment", watch("segment", real_segment))
    segment = _segment(desk, admin, city.broad)
    _do(desk, admin, sw.update_segment, segment, SegmentData(city.broad, description="x"))
    _do(desk, admin, sw.retire_segment, segment, reason="amended")
    permit = _apply(desk, admin, city)
    _do(desk, admin, sw.correct_application, permit.id, _permit_data(city, notes="n"))
    _do(desk, admin, sw.issue, permit.id)
    _do(desk, admin, sw.complete, permit.id, on=TODAY)
    denied = _denied(desk, admin, city)
    _do(desk, admin, sw.file_appeal, denied.id, filed_on=TODAY)
    _do(desk, admin, sw.withdraw, denied.id, reason="moved away")
    order = _order(desk, admin, city, meeting_id=council)
    _do(desk, admin, sw.record_service, order.id, served_on=TODAY, how="personal", by_name="R")
    _do(desk, admin, sw.record_owner_repair, order.id, on=TODAY)
    other = _order(desk, admin, city, meeting_id=council)
    _do(desk, admin, sw.cancel_order, other.id, reason="rescinded")
    minor = _order(desk, admin, city, kind=RepairOrderKind.MINOR, estimated_cost=Money("90"))
    _do(desk, admin, sw.record_city_repair, minor.id, on=TODAY, cost=Money("90"))
    assert locked == [
        *("segment", "segment"),  # update, retire
        *("permit", "permit", "permit"),  # correct, issue, complete
        *("permit", "permit", "permit", "permit"),  # deny (refused, then done), appeal, withdraw
        *("order", "order", "order", "order"),  # serve, owner's repair, cancel, City's repair
    ], locked


def test_work_the_council_ordered_is_the_owners_even_on_the_plan(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, city: City, council: int
) -> None:
    """Finding 2. The Council ordered Ruth Halvorsen to remove and replace her walk, on a plan
    segment: her application for a Replacement is the owner's cost once it names the order,
    cited to the repair-order paragraph and the statute. Until it does, the review warns of the
    open order; a Repair on a plan segment warns that a reconstruction would be the City's."""
    _segment(desk, clerk, city.orange, low_number=200, high_number=298)
    order = _order(desk, clerk, city, meeting_id=council)
    plain = _apply(desk, clerk, city, work=SidewalkWork.REPLACE)
    findings = _review(desk, inspector, plain.id)
    assert next(f for f in findings if f.text.startswith("Paid 100%")).text.startswith(
        "Paid 100% by the City of Prescott."
    )
    [open_order] = [f for f in findings if order.number in f.text]
    assert (open_order.level, open_order.cite) == ("warn", sw.REPAIR_CITE)
    assert open_order.text == (
        f"Repair order {order.number} against this parcel (Council order (20 days), In front of "
        "214 Orange St) is open: if this work carries it out, name the order on the application "
        "— the owner pays for work the Council ordered, whatever the plan shows."
    )
    repair = _apply(desk, clerk, city, work=SidewalkWork.REPAIR)
    [planned] = [
        f
        for f in _review(desk, inspector, repair.id)
        if (f.cite, f.level) == (sw.COST_CITE, "warn")
    ]
    assert "would be the City's" in planned.text

    ordered = _apply(desk, clerk, city, work=SidewalkWork.REPLACE, repair_order_id=order.id)
    with desk.database.reading() as session:
        decision = sw.decide_cost(session, sw.get_permit(session, ordered.id))
    assert (decision.payer, decision.cite, decision.repair_order) == (
        CostPayer.OWNER,
        sw.REPAIR_CITE,
        order.number,
    )
    assert decision.summary == "Paid 100% by the adjacent property owner"
    assert f"carries out repair order {order.number}" in decision.reason
    assert not decision.follows_plan  # no "(plan today)": the plan does not decide it
    assert not [f for f in _review(desk, inspector, ordered.id) if "is open" in f.text]
    issued = builders.read_back(desk, inspector, SidewalkPermit, sw.issue, ordered.id)
    assert (issued.cost_payer, issued.master_plan_segment_id) == (CostPayer.OWNER, None)
    with desk.database.reading() as session:
        view = views.permit_view(session, ordered.id)
        [row] = [r for r in views.permit_rows(session) if r.number == ordered.number]
    assert (view.cost.summary, view.cost.cite, view.repair_order) == (
        "Paid 100% by the adjacent property owner",
        sw.REPAIR_CITE,
        order.number,
    )
    assert (row.cost_payer, row.repair_order) == ("Owner", order.number)
    with desk.database.reading() as session:
        assert [p.number for p in sw.search_permits(session, order.number)] == [ordered.number]


def test_a_permit_names_an_open_order_of_its_parcel_for_the_ordered_work(
    desk: Desk, admin: SignedIn, city: City, council: int
) -> None:
    order = _order(desk, admin, city, meeting_id=council)
    with desk.action(admin) as action:
        other = parties.add_parcel(action, parties.ParcelData("281-09999-0000", "400 Broad St N"))
        action.session.flush()
        other_parcel = other.id
    refused = _refused(
        desk,
        admin,
        sw.receive_application,
        _permit_data(city, parcel_id=other_parcel, repair_order_id=order.id),
    )
    assert refused.field == "repair_order_id" and "is for another parcel" in str(refused)
    refused = _refused(
        desk,
        admin,
        sw.receive_application,
        _permit_data(city, work=SidewalkWork.CONSTRUCT, repair_order_id=order.id),
    )
    assert str(refused).startswith(f"Repair order {order.number} is carried out by repairing")
    # without a parcel, the order names it
    named = _apply(desk, admin, city, parcel_id=None, repair_order_id=order.id)
    assert named.parcel_id == city.parcel
    _do(desk, admin, sw.cancel_order, order.id, reason="rescinded")
    closed = _refused(
        desk,
        admin,
        sw.receive_application,
        _permit_data(city, repair_order_id=order.id),
        error=Conflict,
    )
    assert str(closed) == (
        f"Repair order {order.number} is cancelled: a permit names an order still to be "
        "carried out."
    )
    [warned] = [
        f for f in _review(desk, admin, named.id) if f.cite == sw.REPAIR_CITE and f.level == "warn"
    ]
    assert warned.text.startswith(f"Repair order {order.number} is cancelled: check")
    with desk.database.reading() as session:
        assert sw.open_orders_for(session, city.parcel) == []


def test_the_emergency_refusal_does_not_speak_of_twenty_days(
    desk: Desk, inspector: SignedIn, city: City
) -> None:
    """Finding 3: an emergency not yet served is refused with the emergency's rule."""
    order = _order(desk, inspector, city, kind=RepairOrderKind.EMERGENCY)
    refused = _refused(
        desk, inspector, sw.record_city_repair, order.id, on=TODAY, cost=Money("300")
    )
    assert str(refused) == (
        f"The direction of {order.number} is not served: the owner is to repair immediately "
        "once it is, and the City may repair from the day of service. (Sidewalk article "
        "(Repair or replacement of defective or damaged sidewalks); Wis. Stat. § 66.0907)"
    )
    assert "20 days" not in str(refused)
    with desk.database.reading() as session:
        texts = [f.text for f in sw.order_findings(sw.get_order(session, order.id), today=TODAY)]
    assert texts == [
        "The direction is not served yet: once it is, the owner is to repair immediately, and "
        "the City may repair from the day of service."
    ]


def test_a_minor_repair_has_no_whole_block_rule(
    desk: Desk, inspector: SignedIn, city: City
) -> None:
    """Finding 4: "Nothing in this section shall apply to minor repairs". A minor repair needs
    no approval of a partial replacement, names none, and prints "does not apply"."""
    minor = _order(
        desk, inspector, city, kind=RepairOrderKind.MINOR, estimated_cost=Money("365"),
        whole_block=False,
    )  # fmt: skip
    assert (minor.whole_block, minor.partial_approved_by) == (True, "")
    refused = _refused(
        desk, inspector, sw.order_repair, _order_data(
            city, kind=RepairOrderKind.MINOR, estimated_cost=Money("365"), whole_block=False,
            partial_approved_by=DIRECTOR,
        )
    )  # fmt: skip
    assert (refused.field, refused.cite) == ("partial_approved_by", sw.MINOR_REPAIR_CITE)
    with desk.database.reading() as session:
        findings = sw.order_findings(sw.get_order(session, minor.id), today=TODAY)
        notice = views.repair_notice_view(session, minor.id)
        [row] = views.order_rows(session)
    assert sw.WHOLE_BLOCK_CITE not in [f.cite for f in findings]
    assert notice.whole_block_applies is False
    assert row.whole_block == "Does not apply (minor repair)"
    # a Council order still needs the Director's approval of a partial replacement
    council_kind = _refused(
        desk, inspector, sw.order_repair, _order_data(
            city, kind=RepairOrderKind.EMERGENCY, whole_block=False
        )
    )  # fmt: skip
    assert council_kind.field == "partial_approved_by"


def test_the_director_approves_a_partial_replacement_when_issuing(
    desk: Desk, inspector: SignedIn, city: City
) -> None:
    """Finding 5: the whole-block rule covers a repair and a replacement, in the review and on
    the permit alike; the Director's approval of a partial replacement is recorded on issue."""
    assert sw.WHOLE_BLOCK_WORK == (SidewalkWork.REPAIR, SidewalkWork.REPLACE)
    for work in (SidewalkWork.REPAIR, SidewalkWork.REPLACE, SidewalkWork.RECONSTRUCT):
        permit = _apply(desk, inspector, city, work=work)
        block = [f for f in _review(desk, inspector, permit.id) if f.cite == sw.WHOLE_BLOCK_CITE]
        assert len(block) == (1 if work in sw.WHOLE_BLOCK_WORK else 0), work
    rebuilt = permit  # the reconstruction
    refused = _refused(desk, inspector, sw.issue, rebuilt.id, partial_replacement=True)
    assert (refused.field, refused.cite) == ("partial_replacement", sw.WHOLE_BLOCK_CITE)
    replaced = _apply(desk, inspector, city, work=SidewalkWork.REPLACE)
    issued = builders.read_back(
        desk, inspector, SidewalkPermit, sw.issue, replaced.id, partial_replacement=True
    )
    assert issued.partial_replacement_approved is True
    with desk.database.reading() as session:
        view = views.permit_view(session, replaced.id)
        events = [e.summary for e in sw.history(session, replaced.id)]
    assert (view.whole_block_applies, view.partial_replacement_approved) == (True, True)
    assert events[-1].endswith("; partial replacement approved")


def test_only_a_construction_in_a_new_subdivision_is_the_land_dividers(
    desk: Desk, admin: SignedIn, city: City
) -> None:
    """Finding 6, in the review: a reconstruction in a new subdivision is read from the plan
    (so it needs the street number) and warned about; a construction there is the divider's."""
    built = _apply(
        desk, admin, city, work=SidewalkWork.CONSTRUCT, new_subdivision=True,
        street_id=None, address_number=None,
    )  # fmt: skip
    assert _blocks(_review(desk, admin, built.id)) == []
    rebuilt = _apply(
        desk, admin, city, work=SidewalkWork.RECONSTRUCT, new_subdivision=True,
        street_id=None, address_number=None,
    )  # fmt: skip
    found = _review(desk, admin, rebuilt.id)
    assert _blocks(found) == [
        "Give the street and the street number the sidewalk is in front of: who pays depends "
        "on whether the current Sidewalk Master Plan shows it there."
    ]
    assert [f.level for f in found if f.cite == sw.NEW_SUBDIVISION_CITE] == ["warn"]


@pytest.mark.parametrize(
    ("work", "warned"),
    [
        (SidewalkWork.CONSTRUCT, True),
        (SidewalkWork.RECONSTRUCT, False),
        (SidewalkWork.REPLACE, False),
        (SidewalkWork.REPAIR, False),
    ],
)
def test_only_a_new_walk_wider_than_the_standard_is_warned(
    desk: Desk, admin: SignedIn, city: City, work: SidewalkWork, warned: bool
) -> None:
    """Finding 7: a repair or replacement may keep the existing width ("not less than the
    existing"); only a new walk wider than 4 1/2 feet departs from the specifications."""
    permit = _apply(desk, admin, city, work=work, width_in=55)  # one inch wider
    wide = [f for f in _review(desk, admin, permit.id) if "this one is 4 ft 7 in" in f.text]
    assert [f.level for f in wide] == (["warn"] if warned else [])
    at_standard = _apply(desk, admin, city, work=work, width_in=54)
    assert not [f for f in _review(desk, admin, at_standard.id) if "4 ft 6 in wide;" in f.text]


def test_a_completion_before_the_seventh_day_is_recorded_with_a_warning(
    desk: Desk, inspector: SignedIn, city: City, clock: FixedClock
) -> None:
    permit = _apply(desk, inspector, city)
    _do(desk, inspector, sw.issue, permit.id)  # Mon Nov 30: work may start Mon Dec 7
    clock.set(datetime(2026, 12, 8, 9, 0))
    with desk.database.reading() as session:
        issued = sw.get_permit(session, permit.id)
        early = sw.completion_findings(issued, date(2026, 12, 6), CALENDAR)
        on_time = sw.completion_findings(issued, date(2026, 12, 7), CALENDAR)
    assert on_time == []
    assert [(f.level, f.cite) for f in early] == [("warn", sw.PERMIT_CITE)]
    assert early[0].text == (
        "Completed Sun Dec 6, 2026, before Mon Dec 7, 2026: the work began fewer than seven "
        "days after the permit (Mon Nov 30, 2026). It is recorded as done; the Director of "
        "Public Works may follow it up."
    )
    done = builders.read_back(
        desk, inspector, SidewalkPermit, sw.complete, permit.id, on=date(2026, 12, 6)
    )
    assert (done.status, done.completed_on) == (SidewalkPermitStatus.COMPLETED, date(2026, 12, 6))
    with desk.database.reading() as session:
        [*_, last] = sw.history(session, permit.id)
    assert (
        last.summary == f"Sidewalk work {permit.number} completed Sun Dec 6, 2026. {early[0].text}"
    )


def test_city_contract_records_have_their_own_numbers_and_keep_their_payer(
    desk: Desk, clerk: SignedIn, city: City
) -> None:
    """Nit and finding 12: City contract work is numbered SWC-…, apart from the permits; a
    correction of its contractor keeps the payer it was recorded with, a correction of the
    number reads the plan again."""
    segment = _segment(desk, clerk, city.orange, low_number=200, high_number=298)
    contract = builders.read_back(
        desk, clerk, SidewalkPermit, sw.record_city_contract, _permit_data(city)
    )
    permit = _apply(desk, clerk, city)
    assert (contract.number, permit.number) == ("SWC-2026-001", "SW-2026-001")
    assert contract.cost_payer == CostPayer.CITY
    _do(desk, clerk, sw.retire_segment, segment, reason="amended")
    kept = builders.read_back(
        desk, clerk, SidewalkPermit, sw.correct_application, contract.id,
        _permit_data(city, contractor_name="Ellsworth Paving Inc."),
    )  # fmt: skip
    assert (kept.cost_payer, kept.master_plan_segment_id) == (CostPayer.CITY, segment)
    moved = builders.read_back(
        desk,
        clerk,
        SidewalkPermit,
        sw.correct_application,
        contract.id,
        _permit_data(city, address_number=216),
    )
    assert (moved.cost_payer, moved.master_plan_segment_id) == (CostPayer.OWNER, None)


def test_service_by_publication_asks_for_the_mailed_copy(
    desk: Desk, clerk: SignedIn, city: City, council: int
) -> None:
    """Nit: served by publication while the owner's address is known, a copy is mailed first
    class to it (Wis. Stat. § 66.0907(3)(c)); recorded, or reminded of."""
    order = _order(desk, clerk, city, meeting_id=council)
    with desk.database.reading() as session:
        mailing = sw.publication_mailing(sw.get_order(session, order.id))
    assert mailing == (
        "The owner's address is known (214 Orange St, Prescott, WI 54021): with service by "
        "publication, a copy of the notice is also mailed to it by first-class mail."
    )
    served = builders.read_back(
        desk, clerk, SidewalkRepairOrder, sw.record_service, order.id, served_on=TODAY,
        how="publication", by_name="Carla Jensen", mailed_copy=True,
    )  # fmt: skip
    assert served.served_how == "publication and first-class mail"
    other = _order(desk, clerk, city, meeting_id=council)
    _do(
        desk, clerk, sw.record_service, other.id, served_on=TODAY, how="publication",
        by_name="Carla Jensen",
    )  # fmt: skip
    with desk.database.reading() as session:
        reminded = sw.order_findings(sw.get_order(session, other.id), today=TODAY)
        quiet = sw.order_findings(sw.get_order(session, order.id), today=TODAY)
    assert [f.text for f in reminded if f.cite == sw.NOTICE_CITE] == [
        f"{mailing} No mailing is recorded."
    ]
    assert [f for f in quiet if f.cite == sw.NOTICE_CITE] == []


def test_the_order_form_offers_the_kinds_the_operator_may_order(
    operator_with: Callable[[Role], SignedIn],
) -> None:
    K = RepairOrderKind
    clerk, inspector = operator_with(Role.CLERK), operator_with(Role.INSPECTOR)
    assert sw.order_kinds_for(clerk.may) == [K.COUNCIL_ORDER]
    assert sw.order_kinds_for(inspector.may) == [K.COUNCIL_ORDER, K.EMERGENCY, K.MINOR]
    assert sw.order_permission(K.MINOR) is Permission.APPROVE_WORK_PERMITS


def test_the_register_reads_who_pays_with_a_fixed_number_of_queries(
    desk: Desk, admin: SignedIn, city: City, council: int
) -> None:
    """Finding 13: the register's cost decisions read the plan once, not once a permit."""
    _segment(desk, admin, city.orange, low_number=200, high_number=298)
    order = _order(desk, admin, city, meeting_id=council)

    def statements(count: int) -> int:
        for n in range(count):
            _apply(desk, admin, city, address_number=200 + n)
        _apply(desk, admin, city, repair_order_id=order.id)
        with desk.database.reading() as session:
            found = sw.search_permits(session)
            seen: list[str] = []
            listen = event_listen(session, seen)
            decided = sw.costs_for(session, found)
            views.permit_rows(session, found)
            listen()
            for permit in found:  # the same answers as one at a time
                assert decided[permit.id] == sw.decide_cost(session, permit)
        return len(seen)

    few = statements(2)
    many = statements(8)
    assert few == many <= 4


def event_listen(session: Any, seen: list[str]) -> Callable[[], None]:
    """Count the statements the session's connection runs until the returned call."""
    from sqlalchemy import event

    connection = session.connection()

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(statement)

    event.listen(connection, "before_cursor_execute", before)
    return lambda: event.remove(connection, "before_cursor_execute", before)


def test_the_seven_days_are_counted_back_and_forward_alike() -> None:
    """The production assert is gone: the earliest start is the inverse of the last day to
    issue on any calendar, holidays and closings included."""
    calendar = CityCalendar()
    for offset in range(0, 60):
        issue_day = date(2026, 11, 20) + timedelta(days=offset)
        start = sw.earliest_start(issue_day, calendar)
        assert sw.latest_issue_day(start, calendar) == issue_day
        assert start == issue_day + timedelta(days=7)
