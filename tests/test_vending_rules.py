"""The pure rules of special event vending (§ 506-24), at their boundaries, without a database:
the three-day clock of the doubt notice, the seven days to appeal, proof seven days before the
event, the short-notice warning, and when the Chief of Police's review may be recorded.

The default calendar closes City Hall on weekends and the usual holidays: Saturday, December
5, 2026 and Friday, December 25, 2026 are closed; Monday, December 7 is open."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from clerk_desk.clock import city_zone
from clerk_desk.deadlines import default_calendar
from clerk_desk.kinds import VendingStatus
from clerk_desk.vending import rules

CALENDAR = default_calendar()


def test_the_doubt_notice_is_due_three_days_from_the_citys_date_of_application() -> None:
    # Made late Monday evening in Prescott (already Tuesday in UTC): three days from Monday.
    late = datetime(2026, 11, 30, 23, 30, tzinfo=city_zone())
    assert rules.doubt_notice_due(late, CALENDAR) == date(2026, 12, 3)
    # From Wednesday, the third day is Saturday, when City Hall is closed: Monday, December 7.
    wednesday = datetime(2026, 12, 2, 9, 0, tzinfo=city_zone())
    assert rules.doubt_notice_due(wednesday, CALENDAR) == date(2026, 12, 7)
    with pytest.raises(ValueError):
        rules.doubt_notice_due(datetime(2026, 12, 2, 9, 0), CALENDAR)


def test_the_appeal_is_due_seven_days_from_the_decision_moved_off_a_closed_day() -> None:
    assert rules.appeal_due(date(2026, 11, 30), CALENDAR) == date(2026, 12, 7)  # Monday, open
    # Seven days from Friday, December 18 is Christmas Day: the next day City Hall is open.
    assert rules.appeal_due(date(2026, 12, 18), CALENDAR) == date(2026, 12, 28)


def test_proof_is_due_seven_days_before_the_event_and_never_moved() -> None:
    # An event starting Saturday, December 12: proof by Saturday, December 5, although City
    # Hall is closed then; the counter's last open day before it is Friday, December 4.
    deadline = rules.proof_deadline(date(2026, 12, 12), CALENDAR)
    assert deadline.due == rules.proof_due(date(2026, 12, 12), CALENDAR) == date(2026, 12, 5)
    assert deadline.last_open_day == date(2026, 12, 4)


@pytest.mark.parametrize(
    ("days", "warned"),
    [(0, True), (6, True), (7, False), (8, False)],
)
def test_short_notice_warns_when_the_event_starts_fewer_than_seven_days_after(
    days: int, warned: bool
) -> None:
    applied = date(2026, 12, 1)
    start = date.fromordinal(applied.toordinal() + days)
    found = rules.short_notice(applied, start, CALENDAR)
    assert (found is not None) is warned
    if found is not None:
        assert not found.blocks and found.cite == rules.CONDITIONS_CITE
        assert "due seven days before the event starts" in found.text


def test_no_warning_without_days_or_for_an_event_already_begun() -> None:
    assert rules.short_notice(date(2026, 12, 1), None, CALENDAR) is None
    assert rules.short_notice(date(2026, 12, 1), date(2026, 11, 30), CALENDAR) is None


def test_the_police_review_is_open_with_the_clerk_on_appeal_and_while_a_permit_stands() -> None:
    open_in = {s for s in VendingStatus if rules.police_review_open(s)}
    assert open_in == {
        VendingStatus.RECEIVED,
        VendingStatus.IN_DOUBT,
        VendingStatus.APPEALED,
        VendingStatus.APPROVED,
        VendingStatus.CONDITIONALLY_APPROVED,
        VendingStatus.APPROVED_ON_APPEAL,
    }
