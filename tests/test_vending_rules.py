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
from clerk_desk.findings import Finding
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


# -- the checklist's items and what they make of a permit ----------------------------------------


def _item(state: rules.ItemState, *findings: Finding, condition: str = "") -> rules.ChecklistItem:
    return rules.ChecklistItem("x", "Item", state, findings, rules.PROCEDURE_CITE, None, condition)


STOPS = Finding("block", rules.POLICE_CITE, "Not submitted to the Chief of Police.")
UNCITED = Finding("block", "", "The permit fee is not paid.")
CHECK = Finding("warn", rules.PROCEDURE_CITE, "Fewer than seven days before the event.")


def test_an_item_is_met_unless_a_finding_stops_it_and_pending_only_before_its_day() -> None:
    assert rules.item_state([]) is rules.ItemState.MET
    assert rules.item_state([CHECK]) is rules.ItemState.MET  # a warning stops nothing
    assert rules.item_state([CHECK, STOPS]) is rules.ItemState.NOT_MET
    assert rules.item_state([STOPS], pending=True) is rules.ItemState.PENDING
    assert rules.item_state([CHECK], pending=True) is rules.ItemState.MET


def test_the_matters_in_doubt_are_the_stopping_findings_of_the_items_not_met() -> None:
    items = [
        _item(rules.ItemState.MET),
        _item(rules.ItemState.NOT_MET, CHECK, STOPS),
        _item(rules.ItemState.PENDING, UNCITED),
    ]
    assert rules.matters_in_doubt(items) == [
        f"Not submitted to the Chief of Police. ({rules.POLICE_CITE})",
        "The permit fee is not paid.",  # no section: none is invented
    ]


def test_the_clerk_makes_only_pending_items_conditions_the_council_every_one_not_met() -> None:
    met = _item(rules.ItemState.MET)
    pending = _item(rules.ItemState.PENDING, STOPS, condition="Not valid until the police approve.")
    not_met = _item(rules.ItemState.NOT_MET, UNCITED, condition="Not valid until the fee is paid.")
    items = [met, pending, not_met]
    assert rules.pending_conditions(items) == ["Not valid until the police approve."]
    assert rules.unmet_conditions(items) == [
        "Not valid until the police approve.",
        "Not valid until the fee is paid.",
    ]


def test_a_last_day_city_hall_is_closed_names_the_last_open_day_before_it() -> None:
    # Proof for an event starting Saturday, December 12, 2026 is due Saturday, December 5 (closed):
    closed = rules.proof_deadline(date(2026, 12, 12), CALENDAR)
    assert rules.by_day(closed) == (
        "by Sat Dec 5, 2026 (City Hall is closed that day: at the counter by Fri Dec 4, 2026)"
    )
    # ... and for one starting Monday, December 14, due Monday, December 7 (open): the day alone.
    assert rules.by_day(rules.proof_deadline(date(2026, 12, 14), CALENDAR)) == "by Mon Dec 7, 2026"


# -- when a paper prints: the rules the papers and the tab's Print buttons share ------------------


@pytest.mark.parametrize("status", list(VendingStatus))
def test_a_permit_prints_only_while_one_issued_stands(status: VendingStatus) -> None:
    issued = rules.permit_refusal("V-2026-001", status, "SEV-2026-001")
    assert (issued is None) is status.permitted
    never = rules.permit_refusal("V-2026-001", status, None)
    assert never is not None and str(never).startswith("Application V-2026-001 has no permit")


@pytest.mark.parametrize(
    ("sponsor", "participants", "prints"), [(True, 0, False), (True, 1, True), (False, 1, False)]
)
def test_participant_copies_need_a_sponsor_with_one_participant_at_least(
    sponsor: bool, participants: int, prints: bool
) -> None:
    found = rules.copies_refusal(
        "V-2026-001",
        VendingStatus.APPROVED,
        "SEV-2026-001",
        sponsor=sponsor,
        participants=participants,
    )
    assert (found is None) is prints
    withdrawn = rules.copies_refusal(
        "V-2026-001", VendingStatus.WITHDRAWN, "SEV-2026-001", sponsor=True, participants=3
    )
    assert withdrawn is not None and "no longer stands" in str(withdrawn)


@pytest.mark.parametrize("status", list(VendingStatus))
def test_the_letter_of_the_decision_that_stands_and_on_appeal_the_clerks_denial(
    status: VendingStatus,
) -> None:
    decided = status.permitted or status in (VendingStatus.DENIED, VendingStatus.DENIED_ON_APPEAL)
    assert (rules.decision_letter_refusal("V-2026-001", status) is None) is decided
    on_appeal = status is VendingStatus.APPEALED
    assert (rules.letter_refusal("V-2026-001", status) is None) is (decided or on_appeal)
