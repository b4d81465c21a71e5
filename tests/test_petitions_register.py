"""What the petitions register and the Today tab say (§ 506-14): the agenda lists timely
petitions before late ones, the register is searched by words, year, kind and status, and Today
counts the days left to file and lists what waits for an agenda, an action or a packet."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest
from petitions_steps import (  # type: ignore[import-not-found]
    AFTER_DEC_14,
    CALENDAR,
    CITE,
    DEC_14,
    _act,
    _data,
    _do,
    _meeting,
    _packet_built,
    _place,
    _receive,
)
from petitions_steps import owners as owners

from clerk_desk import today
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import MeetingKind, PetitionKind, PetitionStatus
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.service import CouncilAction, SignerData
from clerk_desk.today import TodayItem
from clerk_desk.words import format_day

# -- the register ---------------------------------------------------------------------------------


def test_the_agenda_lists_timely_petitions_before_late_ones(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    clock.set(datetime(2026, 9, 16, 9, 0))
    late = _receive(desk, admin, _data(owners, street="Late St"))  # P-2026-001, for 2028
    clock.set(datetime(2026, 9, 15, 9, 0))
    timely = _receive(desk, admin, _data(owners, street="Timely St"))  # P-2026-002, for 2027
    clock.set(datetime(2026, 1, 5, 9, 0))
    january = _receive(desk, admin, _data(owners, street="January St"))  # P-2026-003, for 2027
    clock.set(datetime(2026, 11, 30, 10, 0))
    meeting = _meeting(desk, admin, DEC_14)
    for petition in (late, timely, january):
        _place(desk, admin, petition.id, meeting)
    with desk.database.reading() as session:
        listed = petitions.agenda(session, meeting)
        assert [(p.number, petitions.is_timely(p)) for p in listed] == [
            ("P-2026-002", True),
            ("P-2026-003", True),
            ("P-2026-001", False),
        ]


def test_the_register_is_searched_by_words_year_kind_and_status(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    clock.set(datetime(2026, 9, 1, 9, 0))
    orange = _receive(desk, admin, _data(owners))  # 2027
    sidewalk = _receive(
        desk,
        admin,
        _data(
            owners[1:2],
            kind=PetitionKind.SIDEWALK,
            street="Kinnickinnic St",
            limits_from="",
            limits_to="",
            description="New walk on the 100% missing block_",
        ),
    )
    clock.set(datetime(2026, 11, 30, 10, 0))
    storm = _receive(desk, admin, _data(owners[2:], kind=PetitionKind.STORM_SEWER))  # 2028
    _do(desk, admin, petitions.withdraw_petition, storm.id, reason="Letter")

    def found(text: str = "", **filters: Any) -> list[str]:
        with desk.database.reading() as session:
            return [p.number for p in petitions.search_petitions(session, text, **filters)]

    assert found() == ["P-2026-003", "P-2026-002", "P-2026-001"]  # newest first
    assert found("nguyen") == ["P-2026-002", "P-2026-001"]
    assert found("ZOË kinni") == ["P-2026-002"]
    assert found("orange broad court") == ["P-2026-003", "P-2026-001"]
    assert found("p-2026-002") == ["P-2026-002"]
    assert found("281-03003") == ["P-2026-003", "P-2026-001"]
    assert found("resurfacing") == ["P-2026-001"]
    assert found("100%") == ["P-2026-002"]
    assert found("block_") == ["P-2026-002"]
    assert found("50%") == []
    assert found(program_year=2027) == ["P-2026-002", "P-2026-001"]
    assert found(program_year=2028) == ["P-2026-003"]
    assert found(kind=PetitionKind.SIDEWALK) == ["P-2026-002"]
    assert found(status=PetitionStatus.WITHDRAWN) == ["P-2026-003"]
    assert found(pending_only=True) == ["P-2026-002", "P-2026-001"]
    assert found("olson", program_year=2027, kind=PetitionKind.RESURFACING) == ["P-2026-001"]
    assert found(limit=1) == ["P-2026-003"]
    assert orange.id and sidewalk.id


# -- the Today tab --------------------------------------------------------------------------------


def _today(desk: Desk, who: SignedIn) -> list[TodayItem]:
    with desk.lookup(who) as action:
        return [item for item in today.gather(action) if item.workflow == "Petitions"]


@pytest.mark.parametrize(
    ("day", "title"),
    [
        (date(2027, 1, 1), "257 days left to file improvement petitions for 2028"),
        (date(2027, 9, 13), "2 days left to file improvement petitions for 2028"),
        (date(2027, 9, 14), "1 day left to file improvement petitions for 2028"),
        (date(2027, 9, 15), "Last day to file improvement petitions for 2028"),
        (date(2027, 9, 16), None),
        (date(2027, 12, 31), None),
        # 2029: September 15 is a Saturday, so the count runs to Monday the 17th
        (date(2029, 9, 14), "3 days left to file improvement petitions for 2030"),
        (date(2029, 9, 17), "Last day to file improvement petitions for 2030"),
        (date(2029, 9, 18), None),
    ],
)
def test_the_today_tab_counts_the_days_left_to_file(
    desk: Desk, admin: SignedIn, clock: FixedClock, day: date, title: str | None
) -> None:
    clock.set(day)
    items = _today(desk, admin)
    if title is None:
        assert items == []
        return
    [item] = items
    assert item.title == title
    assert item.due == petitions.filing_deadline(day.year, CALENDAR).due
    assert item.cite == CITE
    assert item.detail == (
        f"Petitions received after {format_day(petitions.filing_deadline(day.year, CALENDAR).due)} "
        f"are considered for {day.year + 2}."
    )


def test_the_today_tab_lists_petitions_not_on_an_agenda(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    waiting = _receive(desk, admin, _data(owners))
    referred = _receive(desk, admin, _data(owners, kind=PetitionKind.STORM_SEWER))
    placed = _receive(desk, admin, _data(owners, kind=PetitionKind.SIDEWALK))
    meeting, later = _meeting(desk, admin, DEC_14), _meeting(desk, admin, datetime(2027, 1, 25))
    _place(desk, admin, referred.id, meeting)
    _place(desk, admin, placed.id, later)
    clock.set(AFTER_DEC_14)
    _act(desk, admin, referred.id, CouncilAction.REFERRED, meeting, referred_to="City Engineer")
    items = [i for i in _today(desk, admin) if i.record_type == "petition"]
    assert [(i.title, i.detail, i.record_id, i.due) for i in items] == [
        (
            "Petition P-2026-001 is not on an agenda",
            "Street resurfacing, Orange St from Broad St N to Court St; program year 2028",
            str(waiting.id),
            None,
        ),
        (
            "Petition P-2026-002 is not on an agenda (referred to City Engineer)",
            "Storm sewer, Orange St from Broad St N to Court St; program year 2028",
            str(referred.id),
            None,
        ),
    ]


def test_the_today_tab_asks_for_the_action_of_a_meeting_held(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    petition = _receive(desk, admin, _data(owners))
    meeting = _meeting(desk, admin, DEC_14)
    _place(desk, admin, petition.id, meeting)
    assert not [i for i in _today(desk, admin) if i.record_type == "petition"]
    clock.set(datetime(2026, 12, 14, 18, 0))  # the meeting has begun
    [item] = [i for i in _today(desk, admin) if i.record_type == "petition"]
    assert item.title == "Record the Council's action on petition P-2026-001"
    assert item.detail == (
        "On the agenda of the meeting of Mon Dec 14, 2026; Street resurfacing, Orange St from "
        "Broad St N to Court St"
    )
    assert (item.due, item.record_id) == (date(2026, 12, 14), str(petition.id))
    clock.set(AFTER_DEC_14)
    assert item.urgency(clock.today()) == "overdue"
    _act(desk, admin, petition.id, CouncilAction.DENIED, meeting)
    assert not [i for i in _today(desk, admin) if i.record_type == "petition"]


def test_the_today_tab_lists_meetings_of_the_next_14_days_and_their_packets(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    yesterday = _meeting(desk, admin, datetime(2026, 11, 29, 18, 0))
    this_morning = _meeting(desk, admin, datetime(2026, 11, 30, 8, 0), MeetingKind.SPECIAL)
    day_14 = _meeting(desk, admin, DEC_14)
    day_14_late = _meeting(desk, admin, datetime(2026, 12, 14, 23, 30), MeetingKind.SPECIAL)
    day_15 = _meeting(desk, admin, datetime(2026, 12, 15, 0, 0), MeetingKind.SPECIAL)
    cancelled = _meeting(desk, admin, datetime(2026, 12, 7, 18, 0))
    _do(desk, admin, petitions.cancel_meeting, cancelled, reason="Snow")
    petition = _receive(desk, admin, _data(owners))
    _place(desk, admin, petition.id, day_14)
    _packet_built(desk, admin, day_14_late)
    items = [i for i in _today(desk, admin) if i.record_type == "council_meeting"]
    assert [(i.record_id, i.due, i.title, i.detail) for i in items] == [
        (
            str(this_morning),
            date(2026, 11, 30),
            "Special meeting of the Council, 8:00 AM",
            "0 petitions on the agenda; packet not built yet",
        ),
        (
            str(day_14),
            date(2026, 12, 14),
            "Regular meeting of the Council, 6:00 PM",
            "1 petition on the agenda; packet not built yet",
        ),
        (
            str(day_14_late),
            date(2026, 12, 14),
            "Special meeting of the Council, 11:30 PM",
            "0 petitions on the agenda; packet built Mon Nov 30, 2026",
        ),
    ]
    assert str(yesterday) not in {i.record_id for i in items}
    assert str(day_15) not in {i.record_id for i in items}
    assert all(i.cite == CITE for i in items)
