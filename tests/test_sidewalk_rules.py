"""The sidewalk article's rules as plain values (:mod:`clerk_desk.sidewalks.rules`), at their
boundaries, with no database: the seven days before the work, the residential width, the
owner's 20 days and the first day the City may repair, who pays under the master plan."""

from __future__ import annotations

from datetime import date

import pytest

from clerk_desk.deadlines import default_calendar
from clerk_desk.findings import Finding
from clerk_desk.kinds import CostPayer, RepairOrderKind, SidewalkWork
from clerk_desk.sidewalks import rules

CALENDAR = default_calendar()
MONDAY = date(2026, 11, 30)


def _levels(findings: list[Finding]) -> list[str]:
    return [f.level for f in findings]


@pytest.mark.parametrize(
    ("start", "level"),
    [
        (date(2026, 12, 6), "block"),  # six days after today: too near
        (date(2026, 12, 7), "info"),  # the seventh day: issued today, in time
        (date(2026, 12, 8), "info"),
    ],
)
def test_the_permit_is_issued_at_least_seven_days_before_the_work(start: date, level: str) -> None:
    [found] = rules.lead_findings(start, MONDAY, CALENDAR)
    assert found.level == level and found.cite == rules.PERMIT_CITE
    if level == "block":
        assert "had to be issued by Sun Nov 29, 2026" in found.text
        assert "work may start Mon Dec 7, 2026 at the earliest" in found.text
    else:
        assert "if issued by" in found.text


def test_an_application_without_a_start_day_is_not_issued() -> None:
    [found] = rules.lead_findings(None, MONDAY, CALENDAR)
    assert found.level == "block" and "Enter the day the work is proposed to start" in found.text


def test_the_earliest_start_and_the_last_day_to_issue_are_each_others_inverse() -> None:
    # counted back and never moved, even onto a Sunday or Christmas
    for start in (date(2026, 12, 6), date(2027, 1, 1), date(2026, 12, 31)):
        last = rules.latest_issue_day(start, CALENDAR)
        assert (start - last).days == rules.PERMIT_LEAD_DAYS
        assert rules.earliest_start(last, CALENDAR) == start


@pytest.mark.parametrize(
    ("width_in", "work", "levels"),
    [
        (53, SidewalkWork.CONSTRUCT, ["block"]),  # a new walk an inch narrow
        (54, SidewalkWork.CONSTRUCT, []),  # 4 ft 6 in
        (55, SidewalkWork.CONSTRUCT, ["warn"]),  # wider: the Council's permission
        (53, SidewalkWork.REPAIR, ["warn"]),  # a repair may keep a narrower existing width
        (55, SidewalkWork.REPAIR, []),
        (None, SidewalkWork.CONSTRUCT, ["warn"]),
    ],
)
def test_a_residential_walk_is_four_and_a_half_feet_wide(
    width_in: int | None, work: SidewalkWork, levels: list[str]
) -> None:
    found = rules.width_findings(work, bike_lane=False, commercial=False, width_in=width_in)
    assert _levels(found) == levels


def test_the_width_rule_leaves_bike_lanes_removals_and_commercial_walks_to_others() -> None:
    assert rules.width_findings(SidewalkWork.CONSTRUCT, bike_lane=True, commercial=False,
                                width_in=12) == []  # fmt: skip
    assert rules.width_findings(SidewalkWork.REMOVE, bike_lane=False, commercial=False,
                                width_in=12) == []  # fmt: skip
    [commercial] = rules.width_findings(
        SidewalkWork.CONSTRUCT, bike_lane=False, commercial=True, width_in=12
    )
    assert commercial.level == "info" and "five inches thick" in commercial.text


def test_the_owner_has_twenty_days_after_service_a_sunday_moving_the_last_day() -> None:
    assert rules.repair_due(date(2026, 11, 24), CALENDAR) == date(2026, 12, 14)  # a Monday
    assert rules.repair_due(MONDAY, CALENDAR) == date(2026, 12, 21)  # Sunday Dec 20 moves


@pytest.mark.parametrize(
    ("kind", "due", "first"),
    [
        (RepairOrderKind.COUNCIL_ORDER, None, None),  # not served: no day yet
        (RepairOrderKind.COUNCIL_ORDER, date(2026, 12, 14), date(2026, 12, 15)),  # the 21st day
        (RepairOrderKind.EMERGENCY, None, None),
        (RepairOrderKind.EMERGENCY, date(2026, 12, 1), date(2026, 12, 1)),  # the day of service
        (RepairOrderKind.MINOR, None, MONDAY),  # no notice: the day it was directed
    ],
)
def test_the_first_day_the_city_may_repair(
    kind: RepairOrderKind, due: date | None, first: date | None
) -> None:
    assert rules.city_may_repair_from(kind, MONDAY, due) == first


@pytest.mark.parametrize(
    ("work", "on_plan", "payer", "restorer"),
    [
        (SidewalkWork.CONSTRUCT, True, CostPayer.CITY, None),
        (SidewalkWork.CONSTRUCT, False, CostPayer.OWNER, None),
        (SidewalkWork.RECONSTRUCT, True, CostPayer.CITY, None),
        (SidewalkWork.RECONSTRUCT, False, CostPayer.OWNER, None),
        (SidewalkWork.REMOVE, False, CostPayer.CITY, CostPayer.OWNER),
        (SidewalkWork.REMOVE, True, CostPayer.OWNER, CostPayer.OWNER),
        (SidewalkWork.REPAIR, True, CostPayer.OWNER, None),
    ],
)
def test_who_pays_follows_the_master_plan(
    work: SidewalkWork, on_plan: bool, payer: CostPayer, restorer: CostPayer | None
) -> None:
    decision = rules.cost_responsibility(work, on_master_plan=on_plan, new_subdivision=False)
    assert (decision.payer, decision.restoration_payer) == (payer, restorer)
    finding = rules.cost_finding(decision)
    assert finding.text.startswith(f"Paid 100% by {rules.payer_phrase(payer)}.")


def test_a_repair_order_and_a_new_subdivision_override_the_plan() -> None:
    ordered = rules.cost_responsibility(
        SidewalkWork.RECONSTRUCT, on_master_plan=True, new_subdivision=False, repair_order="SR-1"
    )
    assert ordered.payer is CostPayer.OWNER and ordered.cite == rules.REPAIR_CITE
    built = rules.cost_responsibility(
        SidewalkWork.CONSTRUCT, on_master_plan=True, new_subdivision=True
    )
    assert built.payer is CostPayer.LAND_DIVIDER and built.cite == rules.NEW_SUBDIVISION_CITE


def test_ranges_of_the_plan_meet_at_their_bounds() -> None:
    assert rules.ranges_meet(101, 199, 199, 299)  # sharing the number 199
    assert not rules.ranges_meet(101, 199, 200, 299)
    assert rules.ranges_meet(None, None, 500, 501)  # the whole length
    assert rules.range_text(None, 198) == "up to 198" and rules.range_text(400, None) == "from 400"
    assert (rules.side_of(101), rules.side_of(100)) == ("odd", "even")
