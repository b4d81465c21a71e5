"""The acts on sidewalk permits, repair orders and plan segments say what the services do.

Permits, orders and a segment are walked through their states. At each step, for each operator
(the Clerk, the Building Inspector who acts for the Director of Public Works, the Treasurer, the
Administrator), every act is asked of the core's acts and then really done through its service
with what a clerk would type, and undone: where the service refuses, the acts give exactly its
refusal's words; where it acts, None. The City's repair of a Council order is refused on the
owner's last day and allowed the day after, by the acts as by the service.

"Today" starts on Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta

import pytest
from sidewalks_steps import (
    TODAY,
    City,
    _apply,
    _do,
    _get_order,
    _meeting,
    _order,
    _permit_data,
    _segment,
    at,
    city,
)

from clerk_desk.clock import FixedClock
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import ClerkDeskError
from clerk_desk.kinds import RepairOrderKind, Role
from clerk_desk.money import Money
from clerk_desk.sidewalks import details, papers
from clerk_desk.sidewalks import service as sw
from clerk_desk.sidewalks.acts import OrderAct, PermitAct, SegmentAct
from clerk_desk.sidewalks.service import SegmentData
from reports.sidewalks import permit_pdf

__all__ = ["city"]  # the fixture, imported to be used here

Attempt = Callable[[Action], object]


class _Undo(Exception):
    """Raised inside the action once the service has acted: nothing is kept."""


def _outcome(desk: Desk, who: SignedIn, attempt: Attempt) -> str | None:
    """Do the act through its service, then undo it: None when it acted, else its refusal in
    the words the clerk reads."""
    try:
        with desk.action(who) as action:
            attempt(action)
            action.session.flush()
            raise _Undo
    except _Undo:
        return None
    except ClerkDeskError as error:
        return str(error)


@pytest.fixture
def everyone(admin: SignedIn, operator_with: Callable[[Role], SignedIn]) -> list[SignedIn]:
    return [operator_with(Role.CLERK), operator_with(Role.INSPECTOR),
            operator_with(Role.TREASURER), admin]  # fmt: skip


def _print_permit(action: Action, permit_id: int) -> bytes:
    paper = papers.permit_paper(action, permit_id)
    return permit_pdf(paper.view, paper.profile, sections=paper.sections)


def _permit_attempts(city: City, permit_id: int, meeting: int) -> dict[PermitAct, Attempt]:
    """Each act on the permit as a clerk would do it now, with what the form takes typed right:
    only the record's state, or the operator, can refuse it."""
    return {
        PermitAct.CORRECT: lambda a: sw.correct_application(a, permit_id, _permit_data(city)),
        PermitAct.WITHDRAW: lambda a: sw.withdraw(a, permit_id, reason="The owner moved."),
        PermitAct.ISSUE: lambda a: sw.issue(a, permit_id),
        PermitAct.DENY: lambda a: sw.deny(a, permit_id, reasons="Not in the City's interest."),
        PermitAct.APPEAL: lambda a: sw.file_appeal(a, permit_id, filed_on=TODAY),
        PermitAct.COUNCIL_DECISION: lambda a: sw.record_appeal_decision(
            a, permit_id, meeting_id=meeting, granted=True
        ),
        PermitAct.COMPLETE: lambda a: sw.complete(a, permit_id, on=TODAY),
        PermitAct.PRINT: lambda a: _print_permit(a, permit_id),
    }


def _agree_on_permit(
    desk: Desk, everyone: list[SignedIn], city: City, permit_id: int, meeting: int
) -> dict[PermitAct, str | None]:
    """Every act, for every operator: what the acts say is what the service does. The
    Administrator's answers (refused by the record alone) are returned."""
    said: dict[PermitAct, str | None] = {}
    for who in everyone:
        with desk.lookup(who) as action:
            judged = details.permit_acts(action, permit_id)
            shown = details.permit_details(action, permit_id).acts
        assert shown == judged and set(judged) == set(PermitAct)
        for act, attempt in _permit_attempts(city, permit_id, meeting).items():
            done = _outcome(desk, who, attempt)
            assert judged[act] == done, (who.username, act, judged[act], done)
        if who.role is Role.ADMINISTRATOR:
            said = judged
    return said


def _allowed(said: dict[PermitAct, str | None]) -> set[PermitAct]:
    return {act for act, why in said.items() if why is None}


def test_each_act_on_a_permit_is_refused_in_the_words_of_its_service(
    desk: Desk, admin: SignedIn, city: City, everyone: list[SignedIn]
) -> None:
    clerk, inspector = everyone[0], everyone[1]
    meeting = _meeting(desk, clerk, at(TODAY, 9))  # held this morning, after the appeal's day
    permit = _apply(desk, clerk, city).id
    said = _agree_on_permit(desk, everyone, city, permit, meeting)
    assert _allowed(said) == {PermitAct.CORRECT, PermitAct.WITHDRAW, PermitAct.ISSUE,
                              PermitAct.DENY}  # fmt: skip
    assert said[PermitAct.PRINT] == (
        "Sidewalk permit SW-2026-001 is not issued (applied): a permit is printed only after "
        "the Director of Public Works issues it, or the Common Council grants it on appeal. "
        "(Sidewalk article (Sidewalk permit required))"
    )
    with desk.lookup(clerk) as action:  # the Clerk takes it; the Director decides
        by_clerk = details.permit_acts(action, permit)
    assert by_clerk[PermitAct.CORRECT] is None and by_clerk[PermitAct.ISSUE] is not None
    assert "you need the role" in by_clerk[PermitAct.ISSUE]

    _do(desk, inspector, sw.issue, permit)
    said = _agree_on_permit(desk, everyone, city, permit, meeting)
    assert _allowed(said) == {PermitAct.COMPLETE, PermitAct.PRINT}
    assert said[PermitAct.CORRECT] == (
        "Sidewalk permit SW-2026-001 is issued: only an application not yet decided can be "
        "corrected."
    )
    _do(desk, inspector, sw.complete, permit, on=TODAY)
    said = _agree_on_permit(desk, everyone, city, permit, meeting)
    assert _allowed(said) == {PermitAct.PRINT}  # the permit prints again after the work

    denied = _apply(desk, clerk, city).id
    _do(desk, inspector, sw.deny, denied, reasons="The walk is to be replaced by the City.")
    said = _agree_on_permit(desk, everyone, city, denied, meeting)
    assert _allowed(said) == {PermitAct.APPEAL, PermitAct.WITHDRAW}
    _do(desk, clerk, sw.file_appeal, denied, filed_on=TODAY)
    said = _agree_on_permit(desk, everyone, city, denied, meeting)
    assert _allowed(said) == {PermitAct.COUNCIL_DECISION, PermitAct.WITHDRAW}
    _do(desk, clerk, sw.record_appeal_decision, denied, meeting_id=meeting, granted=True)
    said = _agree_on_permit(desk, everyone, city, denied, meeting)
    assert _allowed(said) == {PermitAct.COMPLETE, PermitAct.PRINT}


def test_city_contract_work_is_corrected_until_it_is_completed_and_never_prints(
    desk: Desk, admin: SignedIn, city: City, everyone: list[SignedIn]
) -> None:
    clerk, inspector = everyone[0], everyone[1]
    meeting = _meeting(desk, clerk, at(TODAY, 9))
    work = _do(desk, clerk, sw.record_city_contract, _permit_data(city))
    said = _agree_on_permit(desk, everyone, city, work, meeting)
    assert _allowed(said) == {PermitAct.CORRECT, PermitAct.COMPLETE}
    assert said[PermitAct.PRINT] is not None and "no sidewalk permit is" in said[PermitAct.PRINT]
    _do(desk, inspector, sw.complete, work, on=TODAY)
    said = _agree_on_permit(desk, everyone, city, work, meeting)
    assert _allowed(said) == set()
    assert said[PermitAct.COMPLETE] == "SWC-2026-001 was completed Mon Nov 30, 2026."
    assert said[PermitAct.CORRECT] == (
        "Sidewalk permit SWC-2026-001 is city contract (no permit): only an application not "
        "yet decided can be corrected."
    )


# -- repair orders ----------------------------------------------------------------------------


def _order_attempts(order_id: int, on: date) -> dict[OrderAct, Attempt]:
    return {
        OrderAct.SERVE: lambda a: sw.record_service(
            a, order_id, served_on=on, how="personal", by_name="R. Olson"
        ),
        OrderAct.OWNER_REPAIR: lambda a: sw.record_owner_repair(a, order_id, on=on),
        OrderAct.CITY_REPAIR: lambda a: sw.record_city_repair(a, order_id, on=on, cost=Money("90")),
        OrderAct.CANCEL: lambda a: sw.cancel_order(a, order_id, reason="Rescinded."),
    }


def _agree_on_order(
    desk: Desk, everyone: list[SignedIn], order_id: int, today: date
) -> dict[OrderAct, str | None]:
    """As :func:`_agree_on_permit`; the notice prints (no record changes) and is asked apart."""
    said: dict[OrderAct, str | None] = {}
    for who in everyone:
        with desk.lookup(who) as action:
            judged = details.order_acts(action, order_id)
            shown = details.order_details(action, order_id).acts
        assert shown == judged and set(judged) == set(OrderAct)
        for act, attempt in _order_attempts(order_id, today).items():
            done = _outcome(desk, who, attempt)
            assert judged[act] == done, (who.username, act, judged[act], done)
        if who.role is Role.ADMINISTRATOR:
            said = judged
    return said


def test_the_city_repairs_a_council_order_the_day_after_the_owners_last_day(
    desk: Desk, clock: FixedClock, city: City, everyone: list[SignedIn]
) -> None:
    clerk, inspector = everyone[0], everyone[1]
    council = _meeting(desk, clerk, at(date(2026, 11, 23), 18))
    order = _order(desk, clerk, city, meeting_id=council).id
    said = _agree_on_order(desk, everyone, order, TODAY)
    assert said[OrderAct.PRINT_NOTICE] is None and said[OrderAct.SERVE] is None
    assert said[OrderAct.CITY_REPAIR] == (
        "The notice of SR-2026-001 is not served: the owner has 20 days after service before "
        "the City may repair. (Sidewalk article (Repair or replacement of defective or damaged "
        "sidewalks); Wis. Stat. § 66.0907)"
    )
    _do(desk, clerk, sw.record_service, order, served_on=TODAY, how="personal", by_name="R")
    last_day = _get_order(desk, order).repair_due_on
    assert last_day == date(2026, 12, 21)  # the 20th day, Sunday Dec 20, moves to Monday
    for day, allowed in ((last_day - timedelta(days=1), False), (last_day, False),
                         (last_day + timedelta(days=1), True)):  # fmt: skip
        clock.set(datetime.combine(day, datetime.min.time()).replace(hour=10))
        said = _agree_on_order(desk, everyone, order, day)
        assert (said[OrderAct.CITY_REPAIR] is None) is allowed, (day, said)
        assert said[OrderAct.SERVE] == "Repair order SR-2026-001 is notice served."
    with desk.lookup(clerk) as action:  # the Clerk neither directs the work nor bills it
        assert "you need the role" in (details.order_acts(action, order)[OrderAct.CITY_REPAIR]
                                       or "")  # fmt: skip
    _do(desk, inspector, sw.record_owner_repair, order, on=last_day)
    said = _agree_on_order(desk, everyone, order, last_day + timedelta(days=1))
    assert all(why is not None for why in said.values())


def test_a_minor_repair_has_no_notice_and_the_city_may_repair_at_once(
    desk: Desk, city: City, everyone: list[SignedIn]
) -> None:
    inspector = everyone[1]
    minor = _order(desk, inspector, city, kind=RepairOrderKind.MINOR,
                   estimated_cost=Money("90")).id  # fmt: skip
    said = _agree_on_order(desk, everyone, minor, TODAY)
    assert said[OrderAct.CITY_REPAIR] is None and said[OrderAct.CANCEL] is None
    assert (
        said[OrderAct.SERVE]
        == said[OrderAct.PRINT_NOTICE]
        == (
            "SR-2026-001 is a minor repair: it is made without notice, so there is nothing to "
            "serve."
        )
    )
    with desk.lookup(everyone[0]) as action:  # the Director's direction: the Clerk may not
        assert "you need the role" in (details.order_acts(action, minor)[OrderAct.CANCEL] or "")
    _do(desk, inspector, sw.cancel_order, minor, reason="Found sound.")
    said = _agree_on_order(desk, everyone, minor, TODAY)
    assert said[OrderAct.CANCEL] == (
        "Repair order SR-2026-001 is cancelled: it cannot be cancelled."
    )


def test_an_emergency_is_repaired_by_the_city_from_the_day_of_service(
    desk: Desk, city: City, everyone: list[SignedIn]
) -> None:
    clerk, inspector = everyone[0], everyone[1]
    emergency = _order(desk, inspector, city, kind=RepairOrderKind.EMERGENCY).id
    said = _agree_on_order(desk, everyone, emergency, TODAY)
    assert said[OrderAct.CITY_REPAIR] is not None and "is not served" in said[OrderAct.CITY_REPAIR]
    _do(desk, clerk, sw.record_service, emergency, served_on=TODAY, how="personal", by_name="R")
    said = _agree_on_order(desk, everyone, emergency, TODAY)
    assert said[OrderAct.CITY_REPAIR] is None and said[OrderAct.OWNER_REPAIR] is None


# -- segments of the master plan ----------------------------------------------------------------


def test_a_retired_segment_is_neither_changed_nor_retired_again(
    desk: Desk, admin: SignedIn, city: City, everyone: list[SignedIn]
) -> None:
    segment = _segment(desk, admin, city.broad)
    attempts: dict[SegmentAct, Attempt] = {
        SegmentAct.CHANGE: lambda a: sw.update_segment(
            a, segment, SegmentData(city.broad, description="from Court St")
        ),
        SegmentAct.RETIRE: lambda a: sw.retire_segment(a, segment, reason="Plan amended."),
    }
    for state in ("current", "retired"):
        for who in everyone:
            with desk.lookup(who) as action:
                judged = details.segment_acts(action, segment)
            for act, attempt in attempts.items():
                assert judged[act] == _outcome(desk, who, attempt), (state, who.username, act)
            if who.role is Role.ADMINISTRATOR:
                assert all((why is None) == (state == "current") for why in judged.values())
        if state == "current":
            _do(desk, admin, sw.retire_segment, segment, reason="Plan amended.")
    with desk.lookup(admin) as action:
        assert details.segment_acts(action, segment)[SegmentAct.RETIRE] == (
            "That segment is already retired."
        )
