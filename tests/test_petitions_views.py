"""The read-only views of the petitions register the Petitions tab asks for (§ 506-14)."""

from __future__ import annotations

from datetime import date, datetime

from clerk_desk import parties
from clerk_desk.deadlines import CalendarSettings, CityCalendar, default_calendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import MeetingKind, PartyKind, PetitionKind
from clerk_desk.parties import ParcelData, PartyData
from clerk_desk.petitions import schedule
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions import views as petitions_views
from clerk_desk.petitions.schedule import MeetingData
from clerk_desk.petitions.service import PetitionData, SignerData


def _owner(desk: Desk, who: SignedIn, name: str, site: str | None, number: str = "") -> int:
    with desk.action(who) as action:
        party = parties.add_party(action, PartyData(PartyKind.PERSON, name))
        action.session.flush()
        if site is not None:
            parties.add_parcel(action, ParcelData(number, site, party.id))
        return party.id


def test_owner_choices_pair_each_parcel_with_its_owner_and_add_owners_without_one(
    desk: Desk, clerk: SignedIn
) -> None:
    ann = _owner(desk, clerk, "Ann Lee", "118 Orange St", "281-1005-12-000")
    _owner(desk, clerk, "Orange Street Partners", None)
    _owner(desk, clerk, "Bo Ng", "410 Kinnickinnic St", "281-2001-01-000")
    with desk.action(clerk) as action:
        parties.add_parcel(action, ParcelData("281-1005-99-000", "200 Orange St"))  # no owner
        parties.add_parcel(action, ParcelData("281-1005-13-000", "120 Orange St", ann))
    with desk.database.reading() as session:
        found = [
            (party.name, parcel.parcel_number if parcel else None)
            for party, parcel in petitions_views.owner_choices(session, "orange")
        ]
        assert found == [
            ("Ann Lee", "281-1005-12-000"),
            ("Ann Lee", "281-1005-13-000"),
            ("Orange Street Partners", None),
        ]
        by_name = petitions_views.owner_choices(session, "bo ng")
        assert [(p.name, q.parcel_number if q else None) for p, q in by_name] == [
            ("Bo Ng", "281-2001-01-000")
        ]


def test_agenda_counts_and_program_years(desk: Desk, clerk: SignedIn) -> None:
    ann = _owner(desk, clerk, "Ann Lee", "118 Orange St", "281-1005-12-000")
    zone = desk.clock.local_now().tzinfo
    with desk.action(clerk) as action:
        meeting_id = schedule.add_meeting(
            action,
            MeetingData(MeetingKind.REGULAR, datetime(2026, 12, 14, 18, tzinfo=zone), "Chambers"),
        )
        first = petitions.receive_petition(
            action, PetitionData(PetitionKind.SIDEWALK, "Orange St", signers=[SignerData(ann)])
        )
        petitions.receive_petition(
            action, PetitionData(PetitionKind.SIDEWALK, "Pearl St", signers=[SignerData(ann)])
        )
        action.session.flush()
        petitions.place_on_agenda(action, first, meeting_id)
    with desk.database.reading() as session:
        assert petitions_views.agenda_counts(session) == {meeting_id: 1}
        assert petitions_views.program_years(session) == [2028]  # received Nov 30, 2026


def test_regular_meetings_are_the_second_and_fourth_mondays_or_the_tuesday_after() -> None:
    calendar = default_calendar()
    assert petitions_views.regular_meeting_days(2026, 12, calendar) == [
        date(2026, 12, 14),
        date(2026, 12, 28),
    ]
    # Memorial Day, May 25, 2026, is the fourth Monday: the meeting moves to the Tuesday.
    assert petitions_views.regular_meeting_days(2026, 5, calendar) == [
        date(2026, 5, 11),
        date(2026, 5, 26),
    ]
    # So does a meeting on a Monday the Clerk closed City Hall (a snow day).
    closed = CityCalendar.from_settings(
        CalendarSettings(extra_closed=frozenset({date(2026, 12, 14)}))
    )
    assert petitions_views.regular_meeting_days(2026, 12, closed)[0] == date(2026, 12, 15)


def test_next_regular_meeting_skips_days_already_in_the_list(desk: Desk, clerk: SignedIn) -> None:
    zone = desk.clock.local_now().tzinfo
    assert zone is not None
    calendar = default_calendar()
    with desk.database.reading() as session:
        first = petitions_views.next_regular_meeting(session, date(2026, 11, 30), calendar, zone)
    assert first == datetime(2026, 12, 14, 18, 0, tzinfo=zone)
    with desk.action(clerk) as action:
        schedule.add_meeting(action, MeetingData(MeetingKind.REGULAR, first, "Chambers"))
    with desk.database.reading() as session:
        second = petitions_views.next_regular_meeting(session, date(2026, 11, 30), calendar, zone)
    assert second == datetime(2026, 12, 28, 18, 0, tzinfo=zone)
