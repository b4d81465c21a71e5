"""Special event vending permits (§ 506-24) taken in, at their boundaries: the three-day doubt
clock and the seven-day appeal clock over weekends, Thanksgiving, Christmas, a legal holiday City
Hall stays open on and a day closed in the City's settings, counted from the City's date (an
application at 11:30 p.m. is that day's, though UTC has moved on); intake; proof of insurance and
the papers for the Chief of Police seven days before the event, on both sides of the day; the
checklist's pending and not-met items.

"Today" is Mon Nov 30, 2026, 10:00 a.m. in Prescott unless a test moves the clock.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from vending_steps import (  # type: ignore[import-not-found]
    CHICAGO,
    EVENT,
    INSURANCE,
    PERMIT,
    POLICE,
    PROCEDURE,
    PROOF_DAY,
    _certificate,
    _data,
    _festival,
    _get,
    _items,
    _local,
    _pay,
    _police,
    _receive,
    _refused,
    _slots,
)
from vending_steps import sponsor as sponsor
from vending_steps import vendor as vendor

from clerk_desk import fees, ledger, settings_store
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CalendarSettings, CityCalendar, default_calendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput, NotFound
from clerk_desk.findings import Finding
from clerk_desk.kinds import VendingStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import NumberSequence, VendingApplication
from clerk_desk.money import Money
from clerk_desk.vending import service as vending
from clerk_desk.vending.application import ParticipantData, SlotData
from clerk_desk.vending.rules import ItemState

#: City Hall's calendar as first installed, before the Clerk changes any day.
CALENDAR = default_calendar()


# -- the clocks, as functions -------------------------------------------------------------------

DOUBT_CLOCK = [
    # (the time of application in Prescott, the last day to state the matters in doubt)
    pytest.param(_local(2026, 11, 30), date(2026, 12, 3), id="monday-to-thursday"),
    # Thursday afternoon: three days is Sunday; the notice is the Clerk's act, so Monday.
    pytest.param(_local(2026, 11, 19, 15, 30), date(2026, 11, 23), id="thursday-afternoon"),
    # The day before Thanksgiving: Saturday the 28th, then Sunday, then Monday.
    pytest.param(_local(2026, 11, 25, 16, 45), date(2026, 11, 30), id="day-before-thanksgiving"),
    # Tuesday: Friday the 27th is the City's own closed day after Thanksgiving.
    pytest.param(_local(2026, 11, 24), date(2026, 11, 30), id="day-after-thanksgiving-closed"),
    # Monday: Thursday the 26th is Thanksgiving (a legal holiday).
    pytest.param(_local(2026, 11, 23), date(2026, 11, 30), id="thanksgiving"),
    # 11:30 p.m. on Monday in Prescott is already Tuesday in UTC: Monday's application.
    pytest.param(_local(2026, 11, 30, 23, 30), date(2026, 12, 3), id="late-evening"),
    pytest.param(_local(2026, 12, 1, 0, 0), date(2026, 12, 4), id="just-after-midnight"),
    pytest.param(_local(2026, 12, 2), date(2026, 12, 7), id="last-day-saturday"),
    pytest.param(_local(2026, 12, 3), date(2026, 12, 7), id="last-day-sunday"),
    pytest.param(_local(2026, 12, 22), date(2026, 12, 28), id="last-day-christmas"),
    pytest.param(_local(2026, 12, 21), date(2026, 12, 28), id="last-day-christmas-eve-closed"),
    # Columbus Day: City Hall is open, but a period does not end on a legal holiday.
    pytest.param(_local(2026, 10, 9), date(2026, 10, 13), id="last-day-columbus-day"),
]


@pytest.mark.parametrize(("applied_at", "due"), DOUBT_CLOCK)
def test_the_three_day_doubt_clock(applied_at: datetime, due: date) -> None:
    assert vending.doubt_notice_due(applied_at, CALENDAR) == due
    assert vending.doubt_notice_due(applied_at.astimezone(UTC), CityCalendar()) == due


def test_the_doubt_clock_counts_from_prescotts_date_not_utcs() -> None:
    late = _local(2026, 11, 30, 23, 30)
    assert late.astimezone(UTC).date() == date(2026, 12, 1)
    assert vending.doubt_notice_due(late, CALENDAR) == date(2026, 12, 3)  # not Friday, Dec 4
    with pytest.raises(ValueError, match="timezone-aware"):
        vending.doubt_notice_due(datetime(2026, 11, 30, 10, 0), CALENDAR)


def test_a_day_closed_in_the_citys_settings_moves_both_clocks() -> None:
    snow_day = CityCalendar(extra_closed={date(2026, 12, 3), date(2026, 12, 7)})
    assert vending.doubt_notice_due(_local(2026, 11, 30), snow_day) == date(2026, 12, 4)
    assert vending.appeal_due(date(2026, 11, 30), snow_day) == date(2026, 12, 8)
    # ... and a Saturday the Clerk opened City Hall on (absentee voting) is a last day.
    opened = CityCalendar(extra_open={date(2026, 12, 5)})
    assert vending.doubt_notice_due(_local(2026, 12, 2), opened) == date(2026, 12, 5)


@settings(max_examples=300, deadline=None)
@given(
    st.datetimes(
        min_value=datetime(2020, 1, 1),
        max_value=datetime(2040, 12, 31),
        timezones=st.just(CHICAGO),
    ),
    st.sets(st.dates(min_value=date(2020, 1, 1), max_value=date(2041, 1, 31)), max_size=30),
)
def test_both_clocks_end_on_the_first_day_a_period_may_end(
    applied_at: datetime, closed: set[date]
) -> None:
    calendar = CityCalendar(extra_closed=closed)
    applied_on = applied_at.date()
    for days, due in (
        (3, vending.doubt_notice_due(applied_at, calendar)),
        (7, vending.appeal_due(applied_on, calendar)),
    ):
        nominal = applied_on + timedelta(days=days)
        assert due >= nominal
        assert calendar.is_open(due) and due.weekday() != 6 and not calendar.legal_holiday(due)
        skipped = (nominal + timedelta(days=n) for n in range((due - nominal).days))
        assert not any(calendar.can_end_period(day) for day in skipped)


@pytest.mark.parametrize(
    ("decided_on", "due"),
    [
        (date(2026, 11, 30), date(2026, 12, 7)),
        (date(2026, 11, 19), date(2026, 11, 30)),  # Thanksgiving, the closed Friday, a weekend
        (date(2026, 12, 17), date(2026, 12, 28)),  # Christmas Eve (closed), Christmas, weekend
        (date(2026, 12, 18), date(2026, 12, 28)),  # Christmas Day, a legal holiday
        (date(2026, 12, 5), date(2026, 12, 14)),  # a last day on a Saturday
        (date(2026, 12, 6), date(2026, 12, 14)),  # a last day on a Sunday
        (date(2026, 10, 5), date(2026, 10, 13)),  # Columbus Day: open, but a legal holiday
        (date(2026, 11, 4), date(2026, 11, 12)),  # Veterans Day
        (date(2026, 12, 31), date(2027, 1, 7)),  # across the new year
    ],
)
def test_the_seven_day_appeal_clock(decided_on: date, due: date) -> None:
    assert vending.appeal_due(decided_on, CALENDAR) == due
    assert vending.appeal_due(decided_on, CityCalendar()) == due


@pytest.mark.parametrize(
    ("event", "due", "last_open"),
    [
        (date(2026, 12, 14), date(2026, 12, 7), date(2026, 12, 7)),
        (date(2026, 12, 12), date(2026, 12, 5), date(2026, 12, 4)),  # a Saturday: Friday
        (date(2026, 12, 3), date(2026, 11, 26), date(2026, 11, 25)),  # Thanksgiving
        (date(2026, 12, 4), date(2026, 11, 27), date(2026, 11, 25)),  # the closed Friday after
    ],
)
def test_proof_is_due_seven_days_before_the_event_and_never_moved(
    event: date, due: date, last_open: date
) -> None:
    assert vending.proof_due(event, CALENDAR) == due
    deadline = vending.proof_deadline(event, CityCalendar())
    assert (deadline.due, deadline.last_open_day) == (due, last_open)


# -- intake ------------------------------------------------------------------------------------


def test_an_application_is_stamped_numbered_and_billed(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    assert application.number == "V-2026-001"
    assert application.applied_at == clock.now() == datetime(2026, 11, 30, 16, 0, tzinfo=UTC)
    assert application.applied_on == date(2026, 11, 30)
    assert application.doubt_due_on == date(2026, 12, 3)
    assert application.status == VendingStatus.RECEIVED
    assert application.received_by_name == "Test Clerk"
    assert application.permit_number is None
    with desk.database.reading() as session:
        [due] = ledger.dues_for(session, RecordRef("vending_application", str(application.id)))
        assert due.amount == Money("20.00") and due.party_id == vendor
        assert due.description == "Special event vending permit V-2026-001"
        assert due.cite == PERMIT
    assert _receive(desk, clerk, _data(vendor)).number == "V-2026-002"


@pytest.mark.parametrize(
    ("applied_at", "due"),
    [
        pytest.param(_local(2026, 11, 19, 15, 30), date(2026, 11, 23), id="thursday-afternoon"),
        pytest.param(_local(2026, 11, 25, 16, 45), date(2026, 11, 30), id="before-thanksgiving"),
        pytest.param(_local(2026, 11, 30, 23, 30), date(2026, 12, 3), id="late-evening"),
        pytest.param(_local(2026, 12, 22, 9, 0), date(2026, 12, 28), id="christmas"),
    ],
)
def test_intake_fixes_the_doubt_notices_last_day(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock, applied_at: datetime, due: date
) -> None:
    clock.set(applied_at)
    application = _receive(desk, clerk, _data(vendor, slots=_slots(date(2027, 1, 15))))
    assert application.applied_on == applied_at.date()
    assert application.doubt_due_on == due == vending.doubt_notice_due(applied_at, CALENDAR)


def test_intake_follows_the_closed_days_saved_in_settings(
    desk: Desk, admin: SignedIn, clerk: SignedIn, vendor: int
) -> None:
    with desk.action(admin) as action:
        snow_day = CalendarSettings().close_day(date(2026, 12, 3))
        settings_store.save_calendar_settings(action, snow_day)
    application = _receive(desk, clerk, _data(vendor))
    assert application.doubt_due_on == date(2026, 12, 4)


def test_intake_refuses_what_cannot_be_a_permit(desk: Desk, clerk: SignedIn, vendor: int) -> None:
    def refused(**changes: Any) -> InvalidInput:
        error: InvalidInput = _refused(
            desk, clerk, vending.receive_application, _data(vendor, **changes)
        )
        return error

    assert refused(event_name="  ").field == "event_name"
    backwards = refused(slots=(SlotData(EVENT, time(18, 0), time(10, 0), "Orange St"),))
    assert backwards.field == "slots"
    assert backwards.message == (
        "Mon Dec 14, 2026 at Orange St: the hours must end after they start (6:00 p.m. to "
        "10:00 a.m.). For hours past midnight, enter two days: this day until 11:59 p.m., and "
        "the next day from 12:00 a.m."
    )
    twice = refused(
        slots=(
            SlotData(EVENT, time(10, 0), time(12, 0), "Orange St"),
            SlotData(EVENT, time(10, 0), time(12, 0), " orange  st "),
        )
    )
    assert (
        twice.message == "Mon Dec 14, 2026 at orange st, 10:00 a.m. to 12:00 p.m., is listed twice."
    )
    overlap = refused(
        slots=(
            SlotData(EVENT, time(10, 0), time(14, 0), "Orange St"),
            SlotData(EVENT, time(13, 0), time(15, 0), "Orange St"),
        )
    )
    assert overlap.message == (
        "Mon Dec 14, 2026 at Orange St: the hours 10:00 a.m. to 2:00 p.m. and 1:00 p.m. to 3:00 "
        "p.m. overlap; enter one stretch of hours, or two that do not overlap."
    )
    assert refused(slots=(SlotData(EVENT, time(10, 0), time(12, 0), " "),)).field == "slots"
    bad_role = refused(participants=(ParticipantData("Lions Club", "member"),))
    assert bad_role.message == (
        "Line 1: Lions Club's role is 'member'; it must be sponsor or participant."
    )
    assert refused(participants=(ParticipantData("", "sponsor"),)).field == "participants"
    with desk.database.reading() as session:
        assert session.scalar(select(func.count()).select_from(VendingApplication)) == 0
        # a refused application takes no number: the next one is still 001
        assert session.get(NumberSequence, ("vending", 2026)) is None
    with pytest.raises(NotFound):
        _receive(desk, clerk, _data(9999))


def test_one_place_on_one_day_may_have_two_stretches_of_hours(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    """A lunch and an evening at the same corner: two slots, not a duplicate."""
    lunch = SlotData(EVENT, time(11, 0), time(14, 0), "Orange St at Broad St N")
    evening = SlotData(EVENT, time(17, 0), time(21, 0), "orange st at broad st n")
    application = _receive(desk, clerk, _data(vendor, slots=(lunch, evening)))
    stored = _get(desk, application.id)
    assert [(s.starts, s.ends, s.location) for s in stored.slots] == [
        (time(11, 0), time(14, 0), "Orange St at Broad St N"),
        (time(17, 0), time(21, 0), "orange st at broad st n"),
    ]


def test_an_event_fewer_than_seven_days_away_is_warned_at_intake(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    """Taken all the same; the checklist keeps the warning (a "Check", not a refusal), and the
    insurance and the police papers, due before the application was made, are not met."""
    soon = _receive(desk, clerk, _data(vendor, slots=_slots(date(2026, 12, 4))))  # Friday
    items = _items(desk, clerk, soon.id)
    complete = items["complete"]
    assert complete.state is ItemState.MET
    assert complete.findings == (
        Finding(
            "warn",
            "§ 506-24 (Conditions of permit)",
            "The event starts Fri Dec 4, 2026, 4 days after the application (Mon Nov 30, 2026): "
            "proof of insurance and the papers for the Chief of Police are due seven days before "
            "the event starts, so they were due by Fri Nov 27, 2026, before the application was "
            "made.",
        ),
    )
    assert items["insurance"].state is items["police"].state is ItemState.NOT_MET
    # seven days or more: no warning
    week = _receive(desk, clerk, _data(vendor, slots=_slots(date(2026, 12, 7))))
    assert _items(desk, clerk, week.id)["complete"].findings == ()
    assert vending.short_notice(date(2026, 11, 30), date(2026, 11, 30), CityCalendar()) == Finding(
        "warn",
        "§ 506-24 (Conditions of permit)",
        "The event starts Mon Nov 30, 2026, the day of the application (Mon Nov 30, 2026): "
        "proof of insurance and the papers for the Chief of Police are due seven days before the "
        "event starts, so they were due by Mon Nov 23, 2026, before the application was made.",
    )


def test_an_incomplete_application_is_taken_and_its_gaps_are_cited(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    bare = _data(vendor, goods="", contact_phone="", integral_to_event=False, slots=())
    application = _receive(desk, clerk, bare)
    items = _items(desk, clerk, application.id)
    complete = items["complete"]
    assert complete.state is ItemState.NOT_MET and complete.cite == PROCEDURE
    assert [(f.cite, f.text) for f in complete.findings] == [
        (PROCEDURE, "The application does not give the goods or services to be sold."),
        (
            PROCEDURE,
            "The application does not give a contact person with a phone number or e-mail address.",
        ),
        (PROCEDURE, "The application does not give the exact days, hours and locations."),
        # the rule is in the paragraph on permits, not in the procedure
        (
            PERMIT,
            "The application does not say whether the vending is an integral part of the event "
            "(an individual vendor's permit is for a participant in a special event whose "
            "vending is an integral part of it).",
        ),
    ]
    assert items["insurance"].state is ItemState.NOT_MET
    assert items["police"].state is ItemState.NOT_MET


# -- the checklist -------------------------------------------------------------------------------


def test_an_organization_without_its_list_is_not_met_and_a_vendor_needs_none(
    desk: Desk, clerk: SignedIn, sponsor: int, vendor: int
) -> None:
    no_list = _receive(desk, clerk, _festival(sponsor, participants=()))
    item = _items(desk, clerk, no_list.id)["list"]
    assert item.state is ItemState.NOT_MET
    assert item.findings == (
        Finding(
            "block",
            PROCEDURE,
            "A sponsoring organization must give the complete list of sponsors and participants "
            "at the time of making application.",
        ),
    )
    listed = _receive(desk, clerk, _festival(sponsor))
    assert _items(desk, clerk, listed.id)["list"].state is ItemState.MET
    assert "list" not in _items(desk, clerk, _receive(desk, clerk, _data(vendor)).id)
    stored = _get(desk, listed.id)
    assert [(p.position, p.role, p.name) for p in stored.participants] == [
        (1, "sponsor", "Prescott Area Chamber of Commerce"),
        (2, "participant", "Kinnickinnic Coffee Co."),
        (3, "participant", "Zoë's Crêpes"),
    ]
    assert [(s.day, s.location) for s in stored.slots] == [
        (EVENT, "Broad St N from Orange St to Elm St"),
        (EVENT, "Orange St, 100 block, north side"),
        (EVENT + timedelta(days=1), "Freedom Park"),
    ]


@pytest.mark.parametrize(
    ("received_on", "state"),
    [
        (PROOF_DAY - timedelta(days=1), ItemState.MET),
        (PROOF_DAY, ItemState.MET),
        (PROOF_DAY + timedelta(days=1), ItemState.NOT_MET),
    ],
)
def test_proof_of_insurance_seven_days_before_the_event(
    desk: Desk,
    clerk: SignedIn,
    vendor: int,
    clock: FixedClock,
    received_on: date,
    state: ItemState,
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    clock.set(datetime(2026, 12, 8, 9, 0))
    _certificate(desk, clerk, vendor, received_on)
    item = _items(desk, clerk, application.id)["insurance"]
    assert (item.state, item.due, item.cite) == (state, PROOF_DAY, INSURANCE)
    if state is ItemState.MET:
        assert item.findings == ()
    else:
        assert item.findings == (
            Finding(
                "block",
                INSURANCE,
                "Proof of insurance was received Tue Dec 8, 2026; it was due by Mon Dec 7, 2026, "
                "seven days before the event starts (Mon Dec 14, 2026).",
            ),
        )


def test_a_last_day_city_hall_is_closed_counts_and_names_the_last_open_day(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    """Saturday, December 12: proof is due Saturday the 5th (not moved), and the clerk is told
    Friday the 4th is the last day to hand it in at the counter."""
    saturday = _data(vendor, slots=_slots(date(2026, 12, 12), days=2))
    application = _receive(desk, clerk, saturday)
    item = _items(desk, clerk, application.id)["insurance"]
    assert (item.state, item.due) == (ItemState.PENDING, date(2026, 12, 5))
    assert item.findings[-1].text == (
        "A certificate of insurance meeting § 506-24 is due by Sat Dec 5, 2026 (City Hall is "
        "closed that day: at the counter by Fri Dec 4, 2026), seven days before the event starts."
    )
    police = _items(desk, clerk, application.id)["police"]
    assert "due by Sat Dec 5, 2026 (City Hall is closed that day: at the counter by Fri Dec 4" in (
        police.findings[0].text
    )
    clock.set(datetime(2026, 12, 6, 12, 0))  # Sunday: a certificate that came Saturday is timely
    _certificate(desk, clerk, vendor, date(2026, 12, 5))
    assert _items(desk, clerk, application.id)["insurance"].state is ItemState.MET


def test_a_certificate_one_dollar_short_fails_with_a_cited_finding(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    """Short by a dollar, the certificate is not yet due until the last day (another may still
    come in time) and says "is due by"; from the day after it is not met and says "was due by"."""
    application = _receive(desk, clerk, _data(vendor))
    _certificate(desk, clerk, vendor, date(2026, 11, 30), bodily="99999")
    short = Finding(
        "block",
        INSURANCE,
        "The certificate shows $99,999.00 for bodily injury per accident or occurrence; at "
        "least $100,000.00 is required ($1.00 short).",
    )
    before = _items(desk, clerk, application.id)["insurance"]
    assert before.state is ItemState.PENDING
    assert before.findings == (
        short,
        Finding(
            "block",
            INSURANCE,
            "A certificate of insurance meeting § 506-24 is due by Mon Dec 7, 2026, seven days "
            "before the event starts.",
        ),
    )
    clock.set(datetime(2026, 12, 7, 16, 0))  # the last day: still pending
    assert _items(desk, clerk, application.id)["insurance"].state is ItemState.PENDING
    clock.set(datetime(2026, 12, 8, 9, 0))
    after = _items(desk, clerk, application.id)["insurance"]
    assert after.state is ItemState.NOT_MET
    assert after.findings == (
        short,
        Finding(
            "block",
            INSURANCE,
            "A certificate of insurance meeting § 506-24 was due by Mon Dec 7, 2026, seven days "
            "before the event starts.",
        ),
    )
    _certificate(desk, clerk, vendor, date(2026, 12, 7), bodily="100000")  # on the last day
    assert _items(desk, clerk, application.id)["insurance"].state is ItemState.MET


def test_a_short_certificate_becomes_a_printed_condition_of_a_conditional_approval(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    _certificate(desk, clerk, vendor, date(2026, 11, 30), bodily="99999")
    _police(desk, clerk, application.id, date(2026, 11, 30))
    _pay(desk, treasurer, application.id)
    approved = builders.read_back(desk, clerk, VendingApplication, vending.approve, application.id)
    assert approved.status == VendingStatus.CONDITIONALLY_APPROVED
    assert approved.conditions == (
        "This permit is not valid until a certificate of insurance meeting § 506-24 is filed "
        "with the City Clerk; it is due by Mon Dec 7, 2026, seven days before the event starts."
    )


def test_pending_until_the_last_day_and_not_met_from_the_day_after(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    clock.set(datetime(2026, 12, 7, 16, 59))
    items = _items(desk, clerk, application.id)
    assert items["insurance"].state is items["police"].state is ItemState.PENDING
    assert items["insurance"].findings[0] == Finding(
        "block", INSURANCE, "No certificate of insurance is on file for Magee Park Ice Cream."
    )
    assert items["police"].findings == (
        Finding(
            "block",
            POLICE,
            "Street and sidewalk encroachments, booth locations and special parking have not "
            "been submitted to the Chief of Police; they are due by Mon Dec 7, 2026, seven days "
            "before the event starts.",
        ),
    )
    clock.set(datetime(2026, 12, 8, 8, 0))
    items = _items(desk, clerk, application.id)
    assert items["insurance"].state is items["police"].state is ItemState.NOT_MET


@pytest.mark.parametrize(
    ("submitted_on", "state"),
    [
        (PROOF_DAY - timedelta(days=1), ItemState.MET),
        (PROOF_DAY, ItemState.MET),
        (PROOF_DAY + timedelta(days=1), ItemState.NOT_MET),
    ],
)
def test_the_chief_of_police_has_the_papers_seven_days_before_the_event(
    desk: Desk,
    clerk: SignedIn,
    vendor: int,
    clock: FixedClock,
    submitted_on: date,
    state: ItemState,
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    clock.set(datetime(2026, 12, 8, 15, 0))
    _police(desk, clerk, application.id, submitted_on)
    item = _items(desk, clerk, application.id)["police"]
    assert (item.state, item.due, item.cite) == (state, PROOF_DAY, POLICE)
    if state is ItemState.NOT_MET:
        assert item.findings == (
            Finding(
                "block",
                POLICE,
                "Submitted to the Chief of Police Tue Dec 8, 2026; due by Mon Dec 7, 2026, seven "
                "days before the event starts.",
            ),
        )


def test_papers_in_time_wait_for_the_chiefs_approval_until_the_event(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    _police(desk, clerk, application.id, date(2026, 11, 30), approved=False)
    clock.set(datetime(2026, 12, 13, 12, 0))  # the day before the event: still up to the Chief
    item = _items(desk, clerk, application.id)["police"]
    assert item.state is ItemState.PENDING
    assert item.findings[0].text == (
        "Submitted to the Chief of Police Mon Nov 30, 2026; the Chief's approval is not "
        "recorded yet."
    )
    clock.set(datetime(2026, 12, 14, 8, 0))
    assert _items(desk, clerk, application.id)["police"].state is ItemState.NOT_MET


def test_the_police_review_is_recorded_with_its_dates_in_order(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor))

    def refused(**kwargs: Any) -> str | None:
        error: InvalidInput = _refused(
            desk, clerk, vending.record_police_review, application.id, **kwargs
        )
        return error.field

    tomorrow = date(2026, 12, 1)
    assert refused(submitted_on=tomorrow) == "police_submitted_on"
    today_ = date(2026, 11, 30)
    assert refused(submitted_on=today_, approved_on=tomorrow, approved_by="x") == (
        "police_approved_on"
    )
    assert refused(submitted_on=None, approved_on=today_, approved_by="x") == (
        "police_submitted_on"
    )
    assert refused(submitted_on=today_, approved_on=date(2026, 11, 29), approved_by="x") == (
        "police_approved_on"
    )
    assert refused(submitted_on=today_, approved_on=today_) == "police_approved_by"
    _police(desk, clerk, application.id, today_)
    stored = _get(desk, application.id)
    assert (stored.police_submitted_on, stored.police_approved_on) == (today_, today_)
    assert stored.police_approved_by == "Chief Dahl"


def test_the_fee_paid_at_the_counter_turns_the_fee_item_met(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    fee = _items(desk, clerk, application.id)["fee"]
    assert fee.state is ItemState.NOT_MET
    # § 506-24 names no fee: the cite is the fee schedule's own for the fee item billed
    assert fee.cite == "§ 506-24"
    assert fee.findings == (
        Finding("block", "§ 506-24", "The permit fee set in the City's fee schedule is not paid."),
    )
    number = _pay(desk, treasurer, application.id)
    assert number
    assert _items(desk, clerk, application.id)["fee"].state is ItemState.MET


def test_a_fee_item_without_a_section_leaves_the_fee_uncited(
    desk: Desk, admin: SignedIn, clerk: SignedIn, vendor: int
) -> None:
    with desk.action(admin) as action:
        fees.fee_on(action.session, "VEND", date(2026, 11, 30)).section = ""
    application = _receive(desk, clerk, _data(vendor))
    fee = _items(desk, clerk, application.id)["fee"]
    assert fee.cite == ""
    assert fee.findings == (
        Finding("block", "", "The permit fee set in the City's fee schedule is not paid."),
    )
    with desk.lookup(clerk) as action:
        matters = vending.matters_in_doubt(vending.review(action, application.id))
    assert matters[-1] == "The permit fee set in the City's fee schedule is not paid."
