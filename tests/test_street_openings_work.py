"""Street opening permits (§§ 506-6, 506-7) once approved, at their boundaries: the calendar
rules alone, renewals of thirty days, the notices to the minute (across a weekend, Thanksgiving
and a holiday), 60 days for pavement, July 1 for a winter patch and the one-year guarantee.
"Today" is Monday, November 30, 2026 in Prescott unless a test travels.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from functools import partial

import builders  # type: ignore[import-not-found]
import pytest
from hypothesis import given
from hypothesis import strategies as st
from street_openings_steps import (  # type: ignore[import-not-found]
    DIRECTOR,
    TODAY,
    ZONE,
    _apply,
    _data,
    _insure,
    _issued,
    _items,
    _opening,
    _record_work,
    _refused,
    at,
)
from street_openings_steps import orange as orange
from street_openings_steps import utility as utility

from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, PermissionDenied
from clerk_desk.kinds import OpeningStatus, PartyKind
from clerk_desk.models import OpeningRenewal, StreetOpening
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_openings import rules
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings import work as opening_work
from clerk_desk.street_openings.work import WorkRecord
from clerk_desk.words import format_day


def _checklist(desk: Desk, opening_id: int, on: date) -> dict[str, opening_work.ChecklistLine]:
    opening = _opening(desk, opening_id)
    lines = opening_work.work_checklist(opening, calendar=desk.calendar(), today=on)
    return {line.title: line for line in lines}


# -- the calendar rules, alone --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("approved", "last_day"),
    [
        (date(2026, 8, 31), date(2027, 2, 28)),
        (date(2027, 8, 31), date(2028, 2, 29)),  # a leap year's February has its 29th
        (date(2026, 8, 30), date(2027, 2, 28)),
        (date(2026, 8, 29), date(2027, 2, 28)),  # Feb 28, 2027 is the same day of the month
        (date(2027, 8, 29), date(2028, 2, 29)),
        (date(2026, 3, 31), date(2026, 9, 30)),
        (date(2026, 11, 30), date(2027, 5, 30)),
        (date(2026, 1, 15), date(2026, 7, 15)),
        (date(2026, 7, 1), date(2027, 1, 1)),
        (date(2026, 12, 31), date(2027, 6, 30)),
    ],
)
def test_a_permit_is_valid_six_months_from_approval(approved: date, last_day: date) -> None:
    assert rules.valid_until(approved) == last_day


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2099, 12, 31)))
def test_six_months_is_the_same_day_or_the_months_last_day(day: date) -> None:
    end = rules.valid_until(day)
    assert (end.year * 12 + end.month) - (day.year * 12 + day.month) == 6
    assert end.day == day.day or (end.day < day.day and (end + timedelta(days=1)).day == 1)


@pytest.mark.parametrize(
    ("day", "closed"),
    [
        (date(2026, 11, 14), False),
        (date(2026, 11, 15), True),  # "between November 15 and May 1": both named days inside
        (date(2026, 12, 31), True),
        (date(2027, 1, 1), True),
        (date(2027, 5, 1), True),
        (date(2027, 5, 2), False),
        (date(2027, 7, 4), False),
    ],
)
def test_the_frozen_ground_season_includes_november_15_and_may_1(day: date, closed: bool) -> None:
    assert rules.in_frozen_ground(day) is closed


def test_the_frozen_ground_rule_says_both_days_are_included() -> None:
    assert "between November 15 and May 1, both days included" in rules.FROZEN_RULE
    assert "Director of Public Works or the Building Inspector" in rules.FROZEN_RULE
    assert rules.frozen_days(date(2026, 11, 12), date(2026, 11, 16)) == [
        date(2026, 11, 15),
        date(2026, 11, 16),
    ]
    assert rules.frozen_days(date(2027, 4, 30), date(2027, 5, 3)) == [
        date(2027, 4, 30),
        date(2027, 5, 1),
    ]
    assert rules.frozen_days(date(2027, 5, 2), date(2027, 11, 14)) == []


@pytest.mark.parametrize(
    ("opened", "application_due", "waived_through"),
    [
        # Friday: Monday and Tuesday are the two business days, the weekend does not count.
        (date(2026, 11, 20), date(2026, 11, 23), date(2026, 11, 24)),
        # A Saturday excavation: Monday is the next business day.
        (date(2026, 11, 21), date(2026, 11, 23), date(2026, 11, 24)),
        # The day before Thanksgiving: City Hall is closed Thursday and Friday.
        (date(2026, 11, 25), date(2026, 11, 30), date(2026, 12, 1)),
        (date(2026, 11, 24), date(2026, 11, 25), date(2026, 11, 30)),
        (date(2026, 12, 1), date(2026, 12, 2), date(2026, 12, 3)),
    ],
)
def test_the_emergency_clocks_count_business_days(
    opened: date, application_due: date, waived_through: date
) -> None:
    calendar = CityCalendar()
    assert rules.emergency_application_due(opened, calendar) == application_due
    assert rules.emergency_fee_waiver_until(opened, calendar) == waived_through


def test_permanent_pavement_is_due_60_days_after_the_permit() -> None:
    calendar = CityCalendar()
    assert rules.restoration_due(date(2026, 8, 3), calendar) == date(2026, 10, 2)  # a Friday
    # The work is the permittee's: a Saturday last day stands, a Sunday one moves to Monday.
    assert rules.restoration_due(date(2026, 8, 4), calendar) == date(2026, 10, 3)
    assert rules.restoration_due(date(2026, 8, 5), calendar) == date(2026, 10, 5)


@pytest.mark.parametrize(
    ("patched", "replace_by"),
    [
        (date(2026, 12, 15), date(2027, 7, 1)),
        (date(2027, 6, 30), date(2027, 7, 1)),
        (date(2027, 7, 1), date(2028, 7, 1)),  # "the following July 1"
        (date(2027, 7, 2), date(2028, 7, 1)),
    ],
)
def test_a_cold_mix_patch_is_replaced_by_the_following_july_1(
    patched: date, replace_by: date
) -> None:
    assert rules.patch_replacement_due(patched) == replace_by


def test_five_years_after_a_repaving_end_on_its_anniversary() -> None:
    assert rules.moratorium_ends(date(2021, 11, 30)) == date(2026, 11, 30)
    assert rules.moratorium_ends(date(2024, 2, 29)) == date(2029, 2, 28)


# -- renewals -------------------------------------------------------------------------------------


def test_a_renewal_adds_thirty_days_and_names_who_granted_it(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    not_begun = _refused(
        desk,
        inspector,
        lambda a: so.renew(a, opening_id, requested_on=TODAY, granted_by=DIRECTOR),
        Conflict,
    )
    assert not_begun.cite == rules.RENEWAL_CITE
    clock.set(date(2027, 5, 12))
    with desk.action(clerk) as action:
        so.record_opened(action, opening_id, opened_on=date(2027, 5, 10))
    _refused(
        desk,
        clerk,
        lambda a: so.renew(a, opening_id, requested_on=date(2027, 5, 11), granted_by=DIRECTOR),
        PermissionDenied,
    )
    nobody = _refused(
        desk,
        inspector,
        lambda a: so.renew(a, opening_id, requested_on=date(2027, 5, 11), granted_by="  "),
    )
    assert (nobody.field, nobody.cite) == ("granted_by", rules.RENEWAL_CITE)
    with desk.action(inspector) as action:
        first_id = so.renew(action, opening_id, requested_on=date(2027, 5, 11), granted_by=DIRECTOR)
        first = action.session.get_one(OpeningRenewal, first_id)
        assert (first.valid_until, first.granted_on, first.granted_by) == (
            date(2027, 6, 29),
            date(2027, 5, 12),
            DIRECTOR,
        )
    clock.set(date(2027, 6, 29))  # requested on the last day of the renewal: still in time
    with desk.action(inspector) as action:
        second = action.session.get_one(
            OpeningRenewal,
            so.renew(action, opening_id, requested_on=date(2027, 6, 29), granted_by="Ivan Olsen"),
        )
        assert second.valid_until == date(2027, 7, 29)
    opening = _opening(desk, opening_id)
    assert opening.valid_until == date(2027, 7, 29)
    assert [(r.valid_until, r.granted_by) for r in opening.renewals] == [
        (date(2027, 6, 29), DIRECTOR),
        (date(2027, 7, 29), "Ivan Olsen"),
    ]
    clock.set(date(2027, 7, 31))
    expired = _refused(
        desk,
        inspector,
        lambda a: so.renew(a, opening_id, requested_on=date(2027, 7, 30), granted_by=DIRECTOR),
    )
    assert (expired.field, expired.cite) == ("requested_on", rules.RENEWAL_CITE)


def test_a_renewal_needs_insurance_for_its_thirty_days(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    admin: SignedIn,
    orange: int,
) -> None:
    gas = builders.party(desk, admin, "Northstar Gas", kind=PartyKind.UTILITY, public_utility=True)
    _insure(desk, admin, gas, expires_on=date(2027, 6, 1))
    opening_id = _issued(desk, clock, clerk, inspector, _data(gas, orange))
    clock.set(date(2027, 5, 12))
    with desk.action(clerk) as action:
        so.record_opened(action, opening_id, opened_on=date(2027, 5, 10))
    stopped = _refused(
        desk,
        inspector,
        lambda a: so.renew(a, opening_id, requested_on=date(2027, 5, 11), granted_by=DIRECTOR),
    )
    assert (stopped.field, stopped.cite) == ("decision", "§ 506-6 (Insurance required)")
    assert _opening(desk, opening_id).valid_until == date(2027, 5, 30)


# -- the work: notices, restoration, guarantee ----------------------------------------------------


@pytest.mark.parametrize(("minute", "late"), [(59, True), (0, False)])
def test_the_notice_24_hours_before_the_work_is_checked_to_the_minute(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    minute: int,
    late: bool,
) -> None:
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 8, 7))
    hour = 9 if late else 10
    _record_work(
        desk,
        clerk,
        opening_id,
        commencement_notice_at=at(date(2026, 8, 4), 10),
        started_at=at(date(2026, 8, 5), hour, minute),
    )
    line = _checklist(desk, opening_id, date(2026, 8, 7))["Notice 24 hours before the work"]
    assert line.done is not late
    assert line.when == f"{format_day(date(2026, 8, 4))} 10:00 AM"
    if late:
        assert line.finding is not None and line.finding.cite == rules.COMMENCEMENT_CITE
    else:
        assert line.finding is None


@pytest.mark.parametrize(("hour", "minute", "late"), [(11, 59, True), (12, 0, False)])
def test_the_notice_4_hours_before_backfilling_is_checked_to_the_minute(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    hour: int,
    minute: int,
    late: bool,
) -> None:
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 8, 7))
    day = date(2026, 8, 5)
    _record_work(desk, clerk, opening_id, started_at=at(day, 7))
    line = _checklist(desk, opening_id, day)["Notice 4 hours before backfilling"]
    assert (line.done, line.when, line.finding) == (False, "Not recorded", None)
    _record_work(
        desk, clerk, opening_id, backfill_notice_at=at(day, 8), backfilled_at=at(day, hour, minute)
    )
    line = _checklist(desk, opening_id, day)["Notice 4 hours before backfilling"]
    assert line.done is not late
    assert (line.finding is not None) is late
    if late:
        assert line.finding is not None and line.finding.cite == rules.NOTICE_CITE


@pytest.mark.parametrize(
    ("notice", "hours_short", "day_late"),
    [
        # Issue 21: 9:00 a.m. Saturday for 8:00 a.m. Monday is 23 counted hours, and Saturday
        # is after Friday, the business day before Monday: late both ways.
        (at(date(2026, 12, 5), 9), True, True),
        (at(date(2026, 12, 5), 8), False, True),  # 24 counted hours, but still a Saturday
        (at(date(2026, 12, 4), 17), False, False),  # Friday 5 p.m.: 7 + 24 + 8 = 39 hours
        (at(date(2026, 12, 4), 8), False, False),  # Friday morning
    ],
)
def test_the_notice_before_monday_work_counts_the_statutes_hours_and_the_business_day(
    notice: datetime, hours_short: bool, day_late: bool
) -> None:
    started = at(date(2026, 12, 7), 8)  # Monday
    findings = rules.commencement_notice_findings(notice, started, CityCalendar(), ZONE)
    cites = {finding.cite for finding in findings}
    assert (rules.COMMENCEMENT_CITE in cites) is hours_short
    assert (rules.NOTICE_CITE in cites) is day_late
    if hours_short:
        assert findings[0].text == (
            "The notice came 23 hours before the work started, counted as Wis. Stat. "
            "§ 990.001(4)(a) counts hours (Sundays and legal holidays not counted); § 506-7 "
            "requires 24 hours."
        )
    if day_late:
        assert findings[-1].text == (
            "The notice was given Sat Dec 5, 2026; for work that began Mon Dec 7, 2026 it was "
            "due by Fri Dec 4, 2026, at least one business day before."
        )


def test_the_business_day_before_work_after_thanksgiving_is_the_wednesday() -> None:
    """City Hall closes Thursday (a legal holiday) and Friday (the City's own day): work on
    Monday November 30 needs its notice by Wednesday November 25; Wednesday 8:00 a.m. gives
    16 + 24 (Friday counts: not a legal holiday) + 24 (Saturday) + 8 = 72 hours."""
    calendar = CityCalendar()
    started = at(date(2026, 11, 30), 8)
    wednesday = rules.commencement_notice_findings(
        at(date(2026, 11, 25), 8), started, calendar, ZONE
    )
    friday = rules.commencement_notice_findings(at(date(2026, 11, 27), 8), started, calendar, ZONE)
    assert wednesday == []
    assert [finding.cite for finding in friday] == [rules.NOTICE_CITE]


@pytest.mark.parametrize(
    ("backfilled", "late"),
    [
        (at(date(2026, 12, 7), 1, 59), True),  # 2 Saturday hours + 1:59 Monday
        (at(date(2026, 12, 7), 2), False),  # 2 + 2: four hours, the whole Sunday not counted
        (at(date(2026, 12, 7), 2, 1), False),
        (at(date(2026, 12, 6), 3), True),  # Sunday 3 a.m.: the wall clock's 5 hours count 2
    ],
)
def test_the_backfill_notice_over_a_sunday_counts_only_saturday_and_monday(
    backfilled: datetime, late: bool
) -> None:
    finding = rules.backfill_notice_finding(at(date(2026, 12, 5), 22), backfilled, CityCalendar())
    assert (finding is not None) is late


@pytest.mark.parametrize(("hour", "late"), [(19, False), (20, False), (21, True)])
def test_the_notice_12_hours_before_a_loss_of_service_around_a_holiday(
    hour: int, late: bool
) -> None:
    """Service cut at 8:00 a.m. Friday November 27: Thanksgiving is not counted, so a notice at
    8:00 p.m. Wednesday (4 hours + 8 on Friday) is the latest in time; 9:00 p.m. is late."""
    finding = rules.service_loss_notice_finding(
        at(date(2026, 11, 25), hour), at(date(2026, 11, 27), 8), CityCalendar()
    )
    assert (finding is not None) is late


@pytest.mark.parametrize(("hour", "late"), [(20, False), (21, True)])
def test_the_work_checklist_counts_the_12_hours_before_a_loss_of_service(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    hour: int,
    late: bool,
) -> None:
    """§ 506-7: private properties told in writing or in person 12 hours before their service
    is cut at 8:00 a.m. Tuesday after Labor Day: Sunday and Labor Day are not counted, so
    8:00 p.m. Saturday (4 hours + 8) is the latest in time."""
    approved = date(2026, 8, 31)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 9, 10))
    title = "Notice 12 hours before a loss of service"
    assert title not in _checklist(desk, opening_id, date(2026, 9, 10))  # none recorded
    _record_work(
        desk,
        clerk,
        opening_id,
        started_at=at(date(2026, 9, 8), 7),
        service_loss_notice_at=at(date(2026, 9, 5), hour),
        service_lost_at=at(date(2026, 9, 8), 8),
    )
    line = _checklist(desk, opening_id, date(2026, 9, 10))[title]
    assert line.done is not late
    assert line.when == f"{format_day(date(2026, 9, 5))} {hour - 12}:00 PM"
    if late:
        assert line.finding is not None and line.finding.text.startswith(
            "The notice came 11 hours before the utility service was lost"
        )


def test_notices_not_recorded_are_flagged_and_an_emergency_needs_no_24_hours(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 8, 7))
    _record_work(
        desk,
        clerk,
        opening_id,
        started_at=at(date(2026, 8, 5), 7),
        backfilled_at=at(date(2026, 8, 5), 15),
    )
    lines = _checklist(desk, opening_id, date(2026, 8, 7))
    for title in ("Notice 24 hours before the work", "Notice 4 hours before backfilling"):
        assert lines[title].done is False
        finding = lines[title].finding
        assert finding is not None and finding.level == "warn"
    emergency = _issued(
        desk,
        clock,
        clerk,
        inspector,
        _data(
            utility,
            orange,
            start=date(2026, 8, 6),
            emergency=True,
            opened_on=date(2026, 8, 6),
            city_notified_at=at(date(2026, 8, 6), 5),
        ),
        on=date(2026, 8, 7),
    )
    line = _checklist(desk, emergency, date(2026, 8, 7))["Notice 24 hours before the work"]
    assert (line.done, line.when) == (True, "Not required for an emergency excavation")


def test_work_records_are_refused_when_they_cannot_be(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    applied = _apply(desk, clerk, _data(utility, orange))
    _refused(desk, clerk, lambda a: opening_work.record_work(a, applied, WorkRecord()), Conflict)
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(at(date(2026, 8, 7), 12))
    day = date(2026, 8, 5)
    for work, field in (
        ({"started_at": datetime(2026, 8, 5, 7, 0)}, "started_at"),  # no time zone
        ({"started_at": at(date(2026, 8, 7), 12, 1)}, "started_at"),  # after now
        ({"completed_on": date(2026, 8, 8)}, "completed_on"),
        ({"started_at": at(day, 9), "backfilled_at": at(day, 8)}, "backfilled_at"),
        ({"started_at": at(day, 9), "completed_on": date(2026, 8, 4)}, "completed_on"),
        ({"started_at": at(day, 9), "temporary_patch_on": date(2026, 8, 4)}, "temporary_patch_on"),
    ):
        error = _refused(
            desk,
            clerk,
            partial(opening_work.record_work, opening_id=opening_id, work=WorkRecord(**work)),
        )
        assert error.field == field
    assert _opening(desk, opening_id).started_at is None


def test_permanent_pavement_is_due_on_day_60_and_overdue_on_day_61(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 8, 10))
    _record_work(desk, clerk, opening_id, started_at=at(date(2026, 8, 10), 7))
    title = "Permanent pavement within 60 days"
    on_day_60 = _checklist(desk, opening_id, date(2026, 10, 2))[title]
    assert (on_day_60.done, on_day_60.when, on_day_60.finding) == (
        False,
        f"Due by {format_day(date(2026, 10, 2))}",
        None,
    )
    day_61 = _checklist(desk, opening_id, date(2026, 10, 3))[title].finding
    assert day_61 is not None and (day_61.level, day_61.cite) == (
        "block",
        rules.RESTORATION_CITE,
    )
    # On the Today tab: a week ahead, then overdue.
    clock.set(date(2026, 9, 24))
    assert not [i for i in _items(desk) if i.title.startswith("Restoration")]
    clock.set(date(2026, 9, 25))
    [soon] = [i for i in _items(desk) if i.title.startswith("Restoration")]
    assert soon.urgency(date(2026, 9, 25)) == "soon"
    clock.set(date(2026, 10, 3))
    [overdue] = [i for i in _items(desk) if i.title.startswith("Restoration")]
    assert overdue.title == f"Restoration of SO-2026-001 due {format_day(date(2026, 10, 2))}"
    assert overdue.urgency(date(2026, 10, 3)) == "overdue"
    assert overdue.cite == rules.RESTORATION_CITE
    # Restored on day 60: done; a day later would have been late.
    _record_work(desk, clerk, opening_id, completed_on=date(2026, 10, 2))
    line = _checklist(desk, opening_id, date(2026, 10, 3))[title]
    assert (line.done, line.finding) == (True, None)
    assert not [i for i in _items(desk) if i.title.startswith("Restoration")]
    _record_work(desk, clerk, opening_id, completed_on=date(2026, 10, 3))
    late = _checklist(desk, opening_id, date(2026, 10, 3))[title]
    assert late.done is False and late.finding is not None and late.finding.level == "warn"


def test_a_winter_patch_is_replaced_by_the_following_july_1(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    clock.set(date(2026, 12, 14))
    opening_id = _apply(
        desk,
        clerk,
        _data(
            utility,
            orange,
            start=date(2026, 12, 14),
            emergency=True,
            opened_on=date(2026, 12, 14),
            city_notified_at=at(date(2026, 12, 14), 4),
        ),
    )
    with desk.action(inspector) as action:
        so.determine_frozen_emergency(action, opening_id, determined_by=DIRECTOR)
        so.approve(action, opening_id, title="Director of Public Works")
    clock.set(date(2026, 12, 15))
    _record_work(desk, clerk, opening_id, temporary_patch_on=date(2026, 12, 15))
    title = "Cold-mix patch replaced by July 1"
    line = _checklist(desk, opening_id, date(2027, 7, 1))[title]
    assert (line.when, line.finding) == (
        f"Patched {format_day(date(2026, 12, 15))}; replace by {format_day(date(2027, 7, 1))}",
        None,
    )
    july_2 = _checklist(desk, opening_id, date(2027, 7, 2))[title].finding
    assert july_2 is not None and july_2.level == "block"
    clock.set(date(2027, 7, 2))
    [item] = [i for i in _items(desk) if i.title.startswith("Restoration")]
    assert item.due == date(2027, 7, 1) and item.urgency(date(2027, 7, 2)) == "overdue"
    _record_work(desk, clerk, opening_id, completed_on=date(2027, 7, 2))
    late = _checklist(desk, opening_id, date(2027, 7, 2))[title]
    assert late.done is False and late.finding is not None  # replaced a day after July 1
    _record_work(desk, clerk, opening_id, completed_on=date(2027, 7, 1))
    assert _checklist(desk, opening_id, date(2027, 7, 2))[title].done is True


def test_the_guarantee_runs_a_year_from_completion_and_only_then_the_permit_closes(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    approved = date(2026, 8, 3)
    opening_id = _issued(
        desk, clock, clerk, inspector, _data(utility, orange, start=approved), on=approved
    )
    clock.set(date(2026, 10, 1))
    opening = _record_work(
        desk, clerk, opening_id, started_at=at(date(2026, 8, 10), 7), completed_on=date(2026, 10, 1)
    )
    assert opening.status == OpeningStatus.RESTORED
    assert opening_work.guarantee_ends(opening) == date(2027, 10, 1)
    assert so.display_status(opening, date(2027, 10, 1)) == "Guarantee period"
    assert so.display_status(opening, date(2027, 10, 2)) == "Guarantee ended"
    line = _checklist(desk, opening_id, date(2027, 10, 1))["One-year restoration guarantee"]
    assert (line.done, line.when) == (False, f"Runs through {format_day(date(2027, 10, 1))}")
    assert _checklist(desk, opening_id, date(2027, 10, 2))["One-year restoration guarantee"].done
    # Today: from 30 days before the end.
    clock.set(date(2027, 8, 31))
    assert not [i for i in _items(desk) if "guarantee" in i.title]
    clock.set(date(2027, 9, 1))
    [item] = [i for i in _items(desk) if "guarantee" in i.title]
    assert (
        item.title == f"Restoration guarantee of SO-2026-001 ends {format_day(date(2027, 10, 1))}"
    )
    clock.set(date(2027, 10, 1))
    early = _refused(desk, inspector, lambda a: opening_work.close(a, opening_id))
    assert early.field == "decision" and format_day(date(2027, 10, 1)) in early.message
    clock.set(date(2027, 10, 2))
    [ended] = [i for i in _items(desk) if "guarantee" in i.title]
    assert ended.title.endswith(f"ended {format_day(date(2027, 10, 1))}: close the permit")
    _refused(desk, clerk, lambda a: opening_work.close(a, opening_id), PermissionDenied)
    with desk.action(inspector) as action:
        closed = action.session.get_one(StreetOpening, opening_work.close(action, opening_id))
    assert closed.status == OpeningStatus.CLOSED
    assert so.display_status(closed, date(2027, 10, 2)) == "Closed"
    assert _items(desk) == []
