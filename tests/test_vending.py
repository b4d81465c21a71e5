"""Special event vending permits (§ 506-24) at their boundaries.

The three-day doubt clock and the seven-day appeal clock over weekends, Thanksgiving, Christmas,
a legal holiday City Hall stays open on and a day closed in the City's settings, counted from the
City's date (an application at 11:30 p.m. is that day's, though UTC has moved on); proof of
insurance and the papers for the Chief of Police seven days before the event, on both sides of
the day; the checklist's pending and not-met items; approval (conditions printed for what is not
yet due), denial, the appeal and the Council's decision; the sponsors' list from a real CSV or
workbook; the register's search, the history, and what the Today tab says.

"Today" is Mon Nov 30, 2026, 10:00 a.m. in Prescott unless a test moves the clock.
"""

from __future__ import annotations

import csv
import dataclasses
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import builders  # type: ignore[import-not-found]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook
from sqlalchemy import func, select

from clerk_desk import fees, ledger, settings_store, today
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.deadlines import CalendarSettings, CityCalendar, default_calendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.kinds import ApplicantKind, PartyKind, Role, TenderKind, VendingStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import DoubtNotice, NumberSequence, VendingAppeal, VendingApplication
from clerk_desk.money import Money
from clerk_desk.petitions import service as petitions
from clerk_desk.receipts import service as receipts
from clerk_desk.today import TodayItem
from clerk_desk.vending import application as vending_application
from clerk_desk.vending import decisions as vending_decisions
from clerk_desk.vending import service as vending
from clerk_desk.vending import views as vending_views
from clerk_desk.vending.appeals import AppealOutcome
from clerk_desk.vending.application import ApplicationData, ParticipantData, SlotData
from clerk_desk.vending.rules import ChecklistItem, ItemState
from reports.excel import read_table

#: City Hall's calendar as first installed, before the Clerk changes any day.
CALENDAR = default_calendar()

CHICAGO = ZoneInfo("America/Chicago")
PERMIT = "§ 506-24 (Street sales prohibited except by permit)"
PROCEDURE = "§ 506-24 (Procedure)"
INSURANCE = "§ 506-24 (Conditions of permit: Liability insurance)"
POLICE = "§ 506-24 (Conditions of permit: Cooperation with law enforcement officials)"
WORKFLOW = "Special Event Vending"
CHAMBERS = "Council Chambers, Prescott Municipal Building"

# The event most tests use: Monday, December 14, 2026, so the last day for proof of insurance and
# for the Chief of Police is Monday, December 7 (a day City Hall is open).
EVENT = date(2026, 12, 14)
PROOF_DAY = date(2026, 12, 7)


def _local(year: int, month: int, day: int, hour: int = 10, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=CHICAGO)


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


# -- helpers ------------------------------------------------------------------------------------


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


@pytest.fixture
def vendor(desk: Desk, admin: SignedIn) -> int:
    """An individual vendor: a food truck at the festival."""
    return builders.party(desk, admin, "Magee Park Ice Cream", PartyKind.BUSINESS)


@pytest.fixture
def sponsor(desk: Desk, admin: SignedIn) -> int:
    """The organization sponsoring a festival, applying as agent for its participants."""
    return builders.party(desk, admin, "Prescott Daze Committee", PartyKind.ORGANIZATION)


def _slots(first: date = EVENT, days: int = 1) -> tuple[SlotData, ...]:
    return tuple(
        SlotData(first + timedelta(days=n), time(10, 0), time(18, 0), "200 block of Broad St N")
        for n in range(days)
    )


def _data(applicant: int, **changes: Any) -> ApplicationData:
    data = ApplicationData(
        applicant_id=applicant,
        applicant_kind=ApplicantKind.VENDOR,
        event_name="Holiday Market on Broad Street",
        goods="Ice cream and hot cocoa",
        integral_to_event=True,
        contact_name="Rosa Dahl",
        contact_phone="(715) 555-0188",
        slots=_slots(),
    )
    return dataclasses.replace(data, **changes)


PARTICIPANTS = (
    ParticipantData("Prescott Area Chamber of Commerce", "sponsor"),
    ParticipantData("Kinnickinnic Coffee Co.", goods="Coffee", contact="(715) 555-0101"),
    ParticipantData("Zoë's Crêpes", goods="Crêpes"),
)


def _festival(applicant: int, **changes: Any) -> ApplicationData:
    data = _data(
        applicant,
        applicant_kind=ApplicantKind.SPONSOR,
        event_name="Prescott Daze",
        goods="Food, crafts and games",
        integral_to_event=False,
        participants=PARTICIPANTS,
        slots=(
            SlotData(EVENT, time(10, 0), time(22, 0), "Broad St N from Orange St to Elm St"),
            SlotData(EVENT, time(10, 0), time(18, 0), "Orange St, 100 block, north side"),
            SlotData(EVENT + timedelta(days=1), time(9, 0), time(17, 0), "Freedom Park"),
        ),
    )
    return dataclasses.replace(data, **changes)


def _receive(desk: Desk, who: SignedIn, data: ApplicationData) -> VendingApplication:
    with desk.action(who) as action:
        application = action.session.get_one(
            VendingApplication, vending.receive_application(action, data)
        )
        action.session.expunge(application)
        return application


def _do(desk: Desk, who: SignedIn, service: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    with desk.action(who) as action:
        result = service(action, *args, **kwargs)
        action.session.flush()
        return result


def _refused(
    desk: Desk,
    who: SignedIn,
    service: Callable[..., object],
    *args: Any,
    error: type[Exception] = InvalidInput,
    **kwargs: Any,
) -> Any:
    with pytest.raises(error) as refused, desk.action(who) as action:
        service(action, *args, **kwargs)
    return refused.value


def _get(desk: Desk, application_id: int) -> VendingApplication:
    with desk.database.reading() as session:
        [application] = [a for a in vending.search_applications(session) if a.id == application_id]
        for appeal in application.appeals:
            _ = appeal.meeting
        session.expunge_all()
        return application


def _items(desk: Desk, who: SignedIn, application_id: int) -> dict[str, ChecklistItem]:
    with desk.lookup(who) as action:
        return {item.key: item for item in vending.review(action, application_id)}


def _certificate(
    desk: Desk, who: SignedIn, insured: int, received_on: date, **coverage: Any
) -> None:
    limits = {
        CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money(coverage.pop("bodily", "100000")),
        CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money(coverage.pop("property", "50000")),
    }
    data = bonds.CertificateData(
        insured_id=insured,
        insurer="Badger Mutual",
        effective_on=date(2026, 1, 1),
        expires_on=date(2027, 12, 31),
        received_on=received_on,
        coverages=limits,
        general_liability=True,
        contractual_liability=True,
        city_additional_insured=True,
        notice_days=30,
        record_type="vending",
    )
    with desk.action(who) as action:
        bonds.file_certificate(action, dataclasses.replace(data, **coverage))


def _police(
    desk: Desk, who: SignedIn, application_id: int, on: date, approved: bool = True
) -> None:
    _do(
        desk,
        who,
        vending.record_police_review,
        application_id,
        submitted_on=on,
        approved_on=on if approved else None,
        approved_by="Chief Dahl" if approved else "",
    )


def _pay(desk: Desk, treasurer: SignedIn, application_id: int) -> str:
    """Pay the permit fee at the counter, through the receipts workflow; the receipt number."""
    record = RecordRef("vending_application", str(application_id))
    with desk.lookup(treasurer) as action:
        [due] = ledger.dues_for(action.session, record)
        line = receipts.due_line(action.session, due.id)
        station = f"Counter {action.today().isoformat()}"
        drawer = receipts.current_drawer(action.session, station)
    with desk.action(treasurer) as action:
        if drawer is None:
            receipts.open_drawer(action, station=station, opening_cash=Money("100.00"))
        receipt = receipts.take_payment(
            action,
            station=station,
            payer_id=due.party_id,
            lines=[line],
            tenders=[receipts.TenderEntry(TenderKind.CASH, line.amount)],
        )
        return receipt.number


def _ready(desk: Desk, who: SignedIn, treasurer: SignedIn, applicant: int, app_id: int) -> None:
    """Everything met: insurance on file, police review approved, fee paid."""
    _certificate(desk, who, applicant, received_on=desk.clock.today())
    _police(desk, who, app_id, desk.clock.today())
    _pay(desk, treasurer, app_id)


def _meeting(desk: Desk, who: SignedIn, at: datetime) -> int:
    return int(builders.meeting(desk, who, at.replace(tzinfo=CHICAGO), CHAMBERS))


def _denied(desk: Desk, clerk: SignedIn, vendor: int) -> VendingApplication:
    application = _receive(desk, clerk, _data(vendor))
    _do(desk, clerk, vending.deny, application.id, reasons="No booth space is left on Broad St.")
    return _get(desk, application.id)


def _vending_items(desk: Desk, who: SignedIn) -> list[TodayItem]:
    with desk.lookup(who) as action:
        return [i for i in today.gather(action) if i.workflow == WORKFLOW]


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


# -- approval --------------------------------------------------------------------------------------


def test_approval_is_refused_while_something_is_not_met(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, sponsor: int
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    refused = _refused(desk, clerk, vending.approve, application.id)
    assert (refused.field, refused.cite) == ("decision", PROCEDURE)
    assert refused.message.startswith(
        "Sponsors and participants listed: A sponsoring organization must give the complete list"
    )
    assert refused.message.endswith("State the matters in doubt, or deny.")
    _do(desk, clerk, vending.correct_application, application.id, _festival(sponsor))
    unpaid = _refused(desk, clerk, vending.approve, application.id)
    assert (unpaid.field, unpaid.cite) == ("decision", "§ 506-24")  # the fee schedule's section
    assert unpaid.message == (
        "Permit fee paid: The permit fee set in the City's fee schedule is not paid. State the "
        "matters in doubt, or deny."
    )
    with desk.database.reading() as session:  # no permit number was taken by the refusals
        assert session.get(NumberSequence, ("vending_permit", 2026)) is None
    inspector = _refused(desk, treasurer, vending.approve, application.id, error=PermissionDenied)
    assert "issue permits" in inspector.message


def test_conditional_approval_prints_what_is_not_yet_due_as_conditions(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor, slots=_slots(date(2026, 12, 12), days=2)))
    _pay(desk, treasurer, application.id)
    approved = builders.read_back(
        desk,
        clerk,
        VendingApplication,
        vending.approve,
        application.id,
        conditions="No sales from vehicles.",
    )
    assert approved.status == VendingStatus.CONDITIONALLY_APPROVED
    assert approved.permit_number == "SEV-2026-001"
    assert approved.permit_issued_on == approved.decided_on == date(2026, 11, 30)
    assert approved.decided_by_name == "Test Clerk"
    assert approved.conditions.split("\n") == [
        "No sales from vehicles.",
        "This permit is not valid until a certificate of insurance meeting § 506-24 is filed "
        "with the City Clerk; it is due by Sat Dec 5, 2026 (City Hall is closed that day: at the "
        "counter by Fri Dec 4, 2026), seven days before the event starts.",
        "This permit is not valid until the street and sidewalk encroachments, booth locations "
        "and special parking are submitted to the Chief of Police and approved by the Chief; "
        "they are due by Sat Dec 5, 2026 (City Hall is closed that day: at the counter by Fri "
        "Dec 4, 2026), seven days before the event starts (Sat Dec 12, 2026).",
    ]
    again = _refused(desk, clerk, vending.approve, application.id, error=Conflict)
    assert again.message == "Application V-2026-001 is conditionally approved."


def test_an_application_with_everything_met_is_approved_without_conditions(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int
) -> None:
    first = _receive(desk, clerk, _data(vendor))
    _ready(desk, clerk, treasurer, vendor, first.id)
    assert all(item.met for item in _items(desk, clerk, first.id).values())
    approved = builders.read_back(desk, clerk, VendingApplication, vending.approve, first.id)
    assert (approved.status, approved.conditions) == (VendingStatus.APPROVED, "")
    assert approved.permit_number == "SEV-2026-001"
    second = _receive(desk, clerk, _data(vendor))
    _police(desk, clerk, second.id, date(2026, 11, 30))
    _pay(desk, treasurer, second.id)
    assert (
        builders.read_back(
            desk, clerk, VendingApplication, vending.approve, second.id
        ).permit_number
        == "SEV-2026-002"
    )
    with desk.database.reading() as session:
        assert vending.search_applications(session, "sev-2026-002")[0].id == second.id


def test_a_permit_number_is_taken_in_the_saving_transaction(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    _ready(desk, clerk, treasurer, vendor, application.id)
    with pytest.raises(RuntimeError), desk.action(clerk) as action:
        approved = action.session.get_one(
            VendingApplication, vending.approve(action, application.id)
        )
        assert approved.permit_number == "SEV-2026-001"
        raise RuntimeError("the printer caught fire before the save")
    assert _get(desk, application.id).permit_number is None
    assert (
        builders.read_back(
            desk, clerk, VendingApplication, vending.approve, application.id
        ).permit_number
        == "SEV-2026-001"
    )


# -- the doubt notice ----------------------------------------------------------------------------


def test_the_doubt_notice_lists_each_failing_item_and_the_clerks_words(
    desk: Desk, clerk: SignedIn, sponsor: int
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=(), contact_phone=""))
    notice: DoubtNotice = builders.read_back(
        desk,
        clerk,
        DoubtNotice,
        vending.prepare_doubt_notice,
        application.id,
        clerk_text="  Which side of Orange St will the booths face?  ",
    )
    matters = notice.matters["items"]
    assert matters == [
        "The application does not give a contact person with a phone number or e-mail address. "
        f"({PROCEDURE})",
        "A sponsoring organization must give the complete list of sponsors and participants at "
        f"the time of making application. ({PROCEDURE})",
        f"No certificate of insurance is on file for Prescott Daze Committee. ({INSURANCE})",
        "A certificate of insurance meeting § 506-24 is due by Mon Dec 7, 2026, seven days "
        f"before the event starts. ({INSURANCE})",
        "Street and sidewalk encroachments, booth locations and special parking have not been "
        "submitted to the Chief of Police; they are due by Mon Dec 7, 2026, seven days before "
        f"the event starts. ({POLICE})",
        "The permit fee set in the City's fee schedule is not paid. (§ 506-24)",
        "Which side of Orange St will the booths face?",
    ]
    assert notice.due_on == date(2026, 12, 3)
    assert notice.prepared_by_name == "Test Clerk" and notice.delivered_at is None
    assert _get(desk, application.id).status == VendingStatus.IN_DOUBT


def test_a_doubt_notice_is_refused_when_nothing_is_in_doubt(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    _ready(desk, clerk, treasurer, vendor, application.id)
    refused = _refused(desk, clerk, vending.prepare_doubt_notice, application.id, clerk_text=" ")
    assert (refused.field, refused.cite) == ("clerk_text", PROCEDURE)
    assert refused.message.startswith("Every requirement is met: there is no matter in doubt.")
    assert _get(desk, application.id).status == VendingStatus.RECEIVED
    # The Clerk's own doubt is a matter in doubt even when the checklist is clear.
    notice = builders.read_back(
        desk,
        clerk,
        DoubtNotice,
        vending.prepare_doubt_notice,
        application.id,
        clerk_text="Is it a vehicle?",
    )
    assert notice.matters == {"items": ["Is it a vehicle?"]}


def test_the_delivery_of_a_doubt_notice_is_recorded_and_a_late_one_noted(
    desk: Desk, clerk: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    clock.advance(hours=1)
    notice = builders.read_back(
        desk, clerk, DoubtNotice, vending.prepare_doubt_notice, application.id
    )
    prepared = notice.prepared_at

    def deliver(at: datetime, manner: str = "certified mail", **kw: Any) -> Any:
        return _refused(
            desk,
            clerk,
            vending.record_notice_delivery,
            notice.id,
            delivered_at=at,
            manner=manner,
            **kw,
        )

    early = deliver(prepared - timedelta(minutes=1))
    assert (early.field, early.message) == (
        "delivered_at",
        "The notice cannot be delivered before it was written.",
    )
    assert deliver(clock.now() + timedelta(minutes=1)).field == "delivered_at"
    assert deliver(prepared, manner="  ").field == "manner"
    with desk.lookup(clerk) as action:
        stored = action.session.get(DoubtNotice, notice.id)
        assert stored is not None
        assert vending.notice_findings(stored, today=date(2026, 12, 3)) == []
        assert vending.notice_findings(stored, today=date(2026, 12, 4)) == [
            Finding(
                "warn",
                PROCEDURE,
                "Not delivered yet; the matters in doubt were due to the applicant by Thu Dec 3, "
                "2026, within three days of the application.",
            )
        ]
    clock.set(datetime(2026, 12, 4, 9, 0))  # a day late
    _do(
        desk,
        clerk,
        vending.record_notice_delivery,
        notice.id,
        delivered_at=_local(2026, 12, 4, 8, 30),
        manner="handed to the applicant",
    )
    again = deliver(_local(2026, 12, 4, 8, 45), error=Conflict)
    assert again.message == (
        "This notice is already recorded as delivered Fri Dec 4, 2026 (handed to the applicant)."
    )
    with desk.lookup(clerk) as action:
        stored = action.session.get(DoubtNotice, notice.id)
        assert stored is not None and stored.delivered_manner == "handed to the applicant"
        assert vending.notice_findings(stored, today=date(2026, 12, 4)) == [
            Finding(
                "warn",
                PROCEDURE,
                "Delivered Fri Dec 4, 2026, after the last day, Thu Dec 3, 2026: the matters in "
                "doubt are stated within three days of the application.",
            )
        ]
        [event] = [
            e
            for e in vending.history(action.session, application.id)
            if e.action == "vending.doubt_delivered"
        ]
        assert event.summary == (
            "Doubt notice for V-2026-001 delivered Fri Dec 4, 2026 (handed to the applicant); "
            "late: it was due by Thu Dec 3, 2026"
        )


def test_a_notice_delivered_on_its_last_day_late_in_the_evening_is_in_time(
    desk: Desk, clerk: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    notice = builders.read_back(
        desk, clerk, DoubtNotice, vending.prepare_doubt_notice, application.id
    )
    clock.set(datetime(2026, 12, 4, 9, 0))
    evening = _local(2026, 12, 3, 23, 30)  # Friday in UTC, Thursday in Prescott
    _do(
        desk,
        clerk,
        vending.record_notice_delivery,
        notice.id,
        delivered_at=evening,
        manner="e-mail",
    )
    with desk.lookup(clerk) as action:
        stored = action.session.get(DoubtNotice, notice.id)
        assert stored is not None
        assert vending.notice_findings(stored, today=date(2026, 12, 4)) == []


# -- correction --------------------------------------------------------------------------------


def test_a_correction_is_reviewed_again_and_leaves_the_clock_alone(
    desk: Desk, clerk: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    _do(desk, clerk, vending.prepare_doubt_notice, application.id)
    clock.set(datetime(2026, 12, 2, 11, 0))
    corrected = builders.read_back(
        desk,
        clerk,
        VendingApplication,
        vending.correct_application,
        application.id,
        _festival(sponsor, participants=PARTICIPANTS[:2], slots=_slots(days=2)),
    )
    assert corrected.status == VendingStatus.IN_DOUBT  # still with the Clerk, for review
    stored = _get(desk, application.id)
    assert stored.applied_at == datetime(2026, 11, 30, 16, 0, tzinfo=UTC)
    assert stored.doubt_due_on == date(2026, 12, 3)
    assert [p.name for p in stored.participants] == [p.name for p in PARTICIPANTS[:2]]
    assert [s.day for s in stored.slots] == [EVENT, EVENT + timedelta(days=1)]
    assert _items(desk, clerk, application.id)["list"].state is ItemState.MET
    other = _refused(
        desk,
        clerk,
        vending.correct_application,
        application.id,
        _festival(builders.party(desk, clerk, "Lions Club of Prescott", PartyKind.ORGANIZATION)),
    )
    assert other.field == "applicant"
    _do(desk, clerk, vending.deny, application.id, reasons="Withdrawn from the festival.")
    decided = _refused(
        desk,
        clerk,
        vending.correct_application,
        application.id,
        _festival(sponsor),
        error=Conflict,
    )
    assert decided.message == "Application V-2026-001 is denied; it can no longer be corrected."


# -- denial and appeal ------------------------------------------------------------------------


def test_a_denial_needs_reasons_and_sets_the_appeals_last_day(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 11, 19, 14, 0))  # Thursday: seven days is Thanksgiving
    application = _receive(desk, clerk, _data(vendor))
    refused = _refused(desk, clerk, vending.deny, application.id, reasons="  ")
    assert (refused.field, refused.cite) == ("reasons", PROCEDURE)
    denied = builders.read_back(
        desk,
        clerk,
        VendingApplication,
        vending.deny,
        application.id,
        reasons="The street is closed.",
    )
    assert denied.status == VendingStatus.DENIED
    assert (denied.decided_on, denied.appeal_due_on) == (date(2026, 11, 19), date(2026, 11, 30))
    assert denied.decision_reasons == "The street is closed."
    assert denied.permit_number is None
    assert _refused(desk, clerk, vending.approve, application.id, error=Conflict)


def test_a_denial_on_christmas_week_follows_the_settings(
    desk: Desk, admin: SignedIn, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 12, 17, 11, 0))
    first = _denied(desk, clerk, vendor)
    assert first.appeal_due_on == date(2026, 12, 28)  # Christmas Eve, Christmas, the weekend
    with desk.action(admin) as action:
        settings_store.save_calendar_settings(
            action, CalendarSettings().close_day(date(2026, 12, 28))
        )
    assert _denied(desk, clerk, vendor).appeal_due_on == date(2026, 12, 29)


def test_an_appeal_on_the_last_day_is_timely_and_the_day_after_is_flagged(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    timely_app = _denied(desk, clerk, vendor)
    late_app = _denied(desk, clerk, vendor)
    assert timely_app.appeal_due_on == date(2026, 12, 7)
    clock.set(datetime(2026, 12, 8, 9, 0))
    timely = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, timely_app.id, filed_on=date(2026, 12, 7)
    )
    assert (timely.timely, timely.due_on) == (True, date(2026, 12, 7))
    late = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, late_app.id, filed_on=date(2026, 12, 8)
    )
    assert late.timely is False
    with desk.lookup(clerk) as action:
        timely_row = action.session.get(VendingAppeal, timely.id)
        late_row = action.session.get(VendingAppeal, late.id)
        assert timely_row is not None and late_row is not None
        assert vending.appeal_findings(timely_row) == []
        assert vending.appeal_findings(late_row) == [
            Finding(
                "warn",
                PROCEDURE,
                "Filed Tue Dec 8, 2026, after the last day, Mon Dec 7, 2026: appeals are filed "
                "within seven days of the Clerk's decision.",
            )
        ]
    assert _get(desk, late_app.id).status == VendingStatus.APPEALED
    again = _refused(
        desk, clerk, vending.file_appeal, late_app.id, filed_on=date(2026, 12, 8), error=Conflict
    )
    assert again.message == "Only a denial by the Clerk can be appealed to the Council."


def test_an_appeal_is_filed_between_the_denial_and_today(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    denied = _denied(desk, clerk, vendor)
    future = _refused(desk, clerk, vending.file_appeal, denied.id, filed_on=date(2026, 12, 1))
    assert future.field == "filed_on"
    before = _refused(desk, clerk, vending.file_appeal, denied.id, filed_on=date(2026, 11, 29))
    assert before.message == "An appeal cannot come before the decision."
    received = _receive(desk, clerk, _data(vendor))
    assert _refused(
        desk, clerk, vending.file_appeal, received.id, filed_on=date(2026, 11, 30), error=Conflict
    )


def test_the_council_decides_an_appeal_only_at_a_meeting_it_held(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    denied = _denied(desk, clerk, vendor)
    earlier = _meeting(desk, clerk, datetime(2026, 11, 23, 18, 0))
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    cancelled = _meeting(desk, clerk, datetime(2026, 12, 10, 18, 0))
    _do(desk, clerk, petitions.cancel_meeting, cancelled, reason="No quorum")
    clock.set(datetime(2026, 12, 2, 9, 0))
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, denied.id, filed_on=date(2026, 12, 2)
    )

    def decide(meeting: int, outcome: AppealOutcome = AppealOutcome.DENIED, **kw: Any) -> Any:
        return _refused(
            desk, clerk, vending.record_appeal_decision, appeal.id, meeting_id=meeting,
            outcome=outcome, **kw,
        )  # fmt: skip

    future = decide(held)
    assert (future.field, future.message) == (
        "meeting",
        "The meeting of Mon Dec 14, 2026 has not taken place yet.",
    )
    clock.set(datetime(2026, 12, 15, 9, 0))
    assert decide(cancelled).message == "The meeting of Thu Dec 10, 2026 was cancelled."
    assert decide(earlier).message == (
        "The meeting of Mon Nov 23, 2026 was before the appeal was filed (Wed Dec 2, 2026)."
    )
    assert decide(9999).field == "meeting"
    assert decide(held, AppealOutcome.APPROVED_CONDITIONALLY).field == "conditions"
    plain = decide(held, AppealOutcome.APPROVED, conditions="Close by 8 p.m.")
    assert plain.field == "conditions"
    decided = builders.read_back(
        desk,
        clerk,
        VendingAppeal,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=AppealOutcome.DENIED,
        note="Motion to deny carried 5-1",
    )
    assert (decided.outcome, decided.acted_on, decided.meeting_id) == (
        "denied",
        date(2026, 12, 14),
        held,
    )
    stored = _get(desk, denied.id)
    assert stored.status == VendingStatus.DENIED_ON_APPEAL and stored.permit_number is None
    # the decision that stands is the Council's; the Clerk's denial is kept as it was
    assert (stored.decided_on, stored.decided_by_name) == (date(2026, 12, 14), "Common Council")
    assert (stored.denied_on, stored.denied_by_name) == (date(2026, 11, 30), "Test Clerk")
    assert decide(held, error=Conflict).message == (
        "The Council's decision on this appeal is already recorded."
    )


@pytest.mark.parametrize("outcome", [AppealOutcome.APPROVED, AppealOutcome.APPROVED_CONDITIONALLY])
def test_the_councils_approval_on_appeal_issues_the_permit(
    desk: Desk,
    clerk: SignedIn,
    treasurer: SignedIn,
    vendor: int,
    clock: FixedClock,
    outcome: AppealOutcome,
) -> None:
    application = _receive(desk, clerk, _data(vendor, slots=_slots(date(2027, 1, 15))))
    _ready(desk, clerk, treasurer, vendor, application.id)
    _do(desk, clerk, vending.deny, application.id, reasons="Too close to the Fire Station.")
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, application.id, filed_on=date(2026, 11, 30)
    )
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    clock.set(datetime(2026, 12, 15, 9, 0))
    terms = "Booth on the south side only." if outcome.value == "conditional" else ""
    refused = _refused(
        desk,
        treasurer,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=outcome,
        conditions=terms,
        error=PermissionDenied,
    )
    assert "issue permits" in refused.message
    _do(
        desk,
        clerk,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=outcome,
        conditions=terms,
    )
    stored = _get(desk, application.id)
    assert stored.status == VendingStatus.APPROVED_ON_APPEAL
    assert stored.permit_number == "SEV-2026-001"
    assert (stored.decided_on, stored.decided_by_name) == (date(2026, 12, 14), "Common Council")
    assert (stored.denied_on, stored.denied_by_name) == (date(2026, 11, 30), "Test Clerk")
    assert stored.permit_issued_on == date(2026, 12, 15)
    # every requirement met: the Council's own conditions (on its appeal) are all there is
    assert stored.conditions == ""
    assert vending.permit_conditions(stored) == ([terms] if terms else [])
    [appeal_row] = stored.appeals
    assert appeal_row.outcome == outcome.value and appeal_row.conditions == terms


def test_the_councils_approval_prints_what_is_not_yet_due(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _data(vendor, slots=_slots(date(2027, 1, 16))))
    _do(desk, clerk, vending.deny, application.id, reasons="No insurance.")
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, application.id, filed_on=date(2026, 11, 30)
    )
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    clock.set(datetime(2026, 12, 15, 9, 0))
    _do(
        desk,
        clerk,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=AppealOutcome.APPROVED_CONDITIONALLY,
        conditions="Sales end at 6 p.m.",
    )
    stored = _get(desk, application.id)
    assert vending.council_conditions(stored) == ["Sales end at 6 p.m."]
    conditions = vending.permit_conditions(stored)
    assert conditions[0] == "Sales end at 6 p.m."
    assert conditions[1].startswith(
        "This permit is not valid until a certificate of insurance meeting § 506-24 is filed "
        "with the City Clerk; it is due by Sat Jan 9, 2027 (City Hall is closed that day: at the "
        "counter by Fri Jan 8, 2027)"
    )
    assert conditions[2].startswith(
        "This permit is not valid until the street and sidewalk encroachments"
    )
    assert conditions[3] == (
        "This permit is not valid until the permit fee set in the City's fee schedule is paid."
    )


def test_the_councils_approval_prints_every_requirement_not_met_as_a_condition(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    """Missed insurance and police papers and an unpaid fee: the Council's approval stands, and
    the permit says it is not valid until each is met."""
    application = _receive(desk, clerk, _data(vendor))  # the event: Mon Dec 14
    _do(desk, clerk, vending.deny, application.id, reasons="Nothing is in.")
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, application.id, filed_on=date(2026, 11, 30)
    )
    held = _meeting(desk, clerk, datetime(2026, 12, 10, 18, 0))  # after the last day, Dec 7
    clock.set(datetime(2026, 12, 11, 9, 0))
    items = _items(desk, clerk, application.id)
    assert [items[k].state for k in ("insurance", "police", "fee")] == [ItemState.NOT_MET] * 3
    _do(
        desk,
        clerk,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=AppealOutcome.APPROVED,
    )
    stored = _get(desk, application.id)
    assert stored.status == VendingStatus.APPROVED_ON_APPEAL and stored.permit_number
    assert vending.permit_conditions(stored) == [
        "This permit is not valid until a certificate of insurance meeting § 506-24 is filed "
        "with the City Clerk; it was due by Mon Dec 7, 2026, seven days before the event starts.",
        "This permit is not valid until the street and sidewalk encroachments, booth locations "
        "and special parking are submitted to the Chief of Police and approved by the Chief; "
        "they were due by Mon Dec 7, 2026, seven days before the event starts (Mon Dec 14, "
        "2026).",
        "This permit is not valid until the permit fee set in the City's fee schedule is paid.",
    ]


# -- withdrawal --------------------------------------------------------------------------------


def test_a_withdrawal_is_recorded_with_a_reason_and_ends_the_appeal(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    denied = _denied(desk, clerk, vendor)
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, denied.id, filed_on=date(2026, 11, 30)
    )
    assert _refused(desk, clerk, vending.withdraw, denied.id, reason=" ").field == "reason"
    withdrawn = builders.read_back(
        desk,
        clerk,
        VendingApplication,
        vending.withdraw,
        denied.id,
        reason="Letter from the vendor",
    )
    assert withdrawn.status == VendingStatus.WITHDRAWN
    assert withdrawn.withdrawn_reason == "Letter from the vendor"
    assert _refused(desk, clerk, vending.withdraw, denied.id, reason="again", error=Conflict)
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    clock.set(datetime(2026, 12, 15, 9, 0))
    gone = _refused(
        desk,
        clerk,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=AppealOutcome.DENIED,
        error=Conflict,
    )
    assert gone.message == (
        "Application V-2026-001 is withdrawn; the appeal is not before the Council."
    )


# -- the sponsors' list from a spreadsheet ------------------------------------------------------


def _write_csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        csv.writer(handle).writerows(rows)
    return path


def _write_xlsx(path: Path, rows: list[list[str]]) -> Path:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


LIST = [
    ["Name", "Role", "Goods", "Phone"],
    ["Prescott Area Chamber of Commerce", "Sponsor", "", ""],
    ["Kinnickinnic Coffee Co.", "", "Coffee", "(715) 555-0101"],
    ["", "", "", ""],
    ["  Zoë's   Crêpes ", "participant", "Crêpes", ""],
]


@pytest.mark.parametrize("write", [_write_csv, _write_xlsx], ids=["csv", "xlsx"])
def test_the_sponsors_list_is_read_from_a_spreadsheet(
    tmp_path: Path, write: Callable[[Path, list[list[str]]], Path]
) -> None:
    suffix = ".csv" if write is _write_csv else ".xlsx"
    people = vending.participants_from_rows(read_table(write(tmp_path / f"list{suffix}", LIST)))
    assert people == [
        ParticipantData("Prescott Area Chamber of Commerce", "sponsor", "", ""),
        ParticipantData("Kinnickinnic Coffee Co.", "participant", "Coffee", "(715) 555-0101"),
        ParticipantData("Zoë's Crêpes", "participant", "Crêpes", ""),
    ]
    # Problems are named by the row number the spreadsheet shows (the blank row 4 counts).
    bad_role = [*LIST[:4], ["Lions Club", "member", "", ""]]
    with pytest.raises(InvalidInput) as refused:
        vending.participants_from_rows(read_table(write(tmp_path / f"role{suffix}", bad_role)))
    assert refused.value.message == (
        "Line 5: Lions Club's role is 'member'; it must be sponsor or participant."
    )
    long_name = [*LIST[:4], ["x" * 201, "", "", ""]]
    with pytest.raises(InvalidInput) as refused:
        vending.participants_from_rows(read_table(write(tmp_path / f"long{suffix}", long_name)))
    assert refused.value.message == "Line 5's name is too long: at most 200 characters."
    no_name = [*LIST[:3], ["", "sponsor", "Pie", ""]]
    with pytest.raises(InvalidInput) as refused:
        vending.participants_from_rows(read_table(write(tmp_path / f"blank{suffix}", no_name)))
    assert refused.value.message == "Line 4 of the list has no name."
    assert refused.value.field == "participants"


def test_a_list_without_a_name_column_or_anyone_on_it_is_refused(tmp_path: Path) -> None:
    rows = read_table(_write_csv(tmp_path / "x.csv", [["Vendor name", "Goods"], ["Pie Co", "Pie"]]))
    with pytest.raises(InvalidInput) as refused:
        vending.participants_from_rows(rows)
    assert refused.value.message.startswith("The list has no Name column")
    with pytest.raises(InvalidInput, match="names no one"):
        vending.participants_from_rows([])
    # Plain dictionaries (typed rows) are counted from line 2, below the heading.
    with pytest.raises(InvalidInput, match=r"^Line 3 of the list has no name"):
        vending.participants_from_rows([{"Name": "Pie Co"}, {"Name": " ", "Goods": "Pie"}])


# -- the register, the history --------------------------------------------------------------------


def test_the_register_finds_applications_by_any_word(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, sponsor: int, vendor: int
) -> None:
    festival = _receive(desk, clerk, _festival(sponsor))
    stand = _receive(desk, clerk, _data(vendor))
    _police(desk, clerk, stand.id, date(2026, 11, 30))
    _pay(desk, treasurer, stand.id)
    _do(desk, clerk, vending.approve, stand.id)
    with desk.database.reading() as session:

        def found(text: str = "", **kw: Any) -> list[str]:
            return [a.number for a in vending.search_applications(session, text, **kw)]

        assert found() == ["V-2026-002", "V-2026-001"]  # newest first
        assert found("zoe crepes") == found("ORANGE st") == [festival.number]
        assert found("magee sev-2026-001") == [stand.number]
        assert found("daze", status=VendingStatus.APPROVED) == []
        assert found(status=VendingStatus.CONDITIONALLY_APPROVED) == [stand.number]
        assert found(year=2025) == []
        assert found("100%") == []  # a wildcard typed is a character
        assert found("v-2026-00") == ["V-2026-002", "V-2026-001"]


def test_the_history_lists_every_step(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    _pay(desk, treasurer, application.id)
    notice = builders.read_back(
        desk, clerk, DoubtNotice, vending.prepare_doubt_notice, application.id
    )
    clock.advance(hours=2)
    _do(
        desk,
        clerk,
        vending.record_notice_delivery,
        notice.id,
        delivered_at=clock.now(),
        manner="e-mail",
    )
    _do(desk, clerk, vending.correct_application, application.id, _festival(sponsor))
    _police(desk, clerk, application.id, date(2026, 11, 30))
    _do(desk, clerk, vending.deny, application.id, reasons="Orange St is being repaved.")
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, application.id, filed_on=date(2026, 11, 30)
    )
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    clock.set(datetime(2026, 12, 15, 9, 0))
    _do(
        desk,
        clerk,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=AppealOutcome.APPROVED_CONDITIONALLY,
        conditions="Booths on Broad St N only.",
    )
    with desk.database.reading() as session:
        events = vending.history(session, application.id)
    assert [e.action for e in events] == [
        "vending.receive",
        "due.create",
        "due.payment",
        "vending.doubt",
        "vending.doubt_delivered",
        "vending.correct",
        "vending.police",
        "vending.deny",
        "vending.appeal",
        "vending.appeal_decision",
    ]
    assert events[0].summary == (
        "Application V-2026-001 received from Prescott Daze Committee for Prescott Daze; "
        "matters in doubt due by Thu Dec 3, 2026"
    )
    assert events[-1].summary == (
        "Council approved conditionally the appeal of V-2026-001 on Mon Dec 14, 2026"
    )
    assert {e.operator_name for e in events} == {"clerk", "treasurer"}
    correct = events[5]
    assert correct.before is not None and correct.after is not None
    assert correct.before["participants"] == []
    assert correct.after["participants"][0] == {
        "name": "Prescott Area Chamber of Commerce",
        "role": "sponsor",
        "goods": "",
        "contact": "",
    }
    assert {e.record_type for e in events} == {"vending_application", "amount_due"}


# -- the Today tab ------------------------------------------------------------------------------


def test_today_shows_the_doubt_notice_due_until_delivered_or_decided(
    desk: Desk, clerk: SignedIn, vendor: int, sponsor: int, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 12, 1, 9, 0))  # Tuesday: the notice is due Friday, Dec 4
    stand = _receive(desk, clerk, _data(vendor, slots=_slots(date(2027, 2, 6))))
    festival = _receive(desk, clerk, _festival(sponsor, slots=_slots(date(2027, 2, 6))))
    [first, second] = _vending_items(desk, clerk)
    assert second.record_id == str(festival.id)
    assert first.title == "Approve V-2026-001, or state the matters in doubt by Fri Dec 4, 2026"
    assert (first.due, first.cite, first.record_id) == (date(2026, 12, 4), PROCEDURE, str(stand.id))
    assert first.detail == "Magee Park Ice Cream, Holiday Market on Broad Street"
    assert first.urgency(date(2026, 12, 1)) == "soon"
    clock.set(datetime(2026, 12, 4, 9, 0))
    assert {i.urgency(date(2026, 12, 4)) for i in _vending_items(desk, clerk)} == {"today"}
    notice = builders.read_back(desk, clerk, DoubtNotice, vending.prepare_doubt_notice, festival.id)
    clock.set(datetime(2026, 12, 7, 9, 0))
    items = {i.record_id: i for i in _vending_items(desk, clerk)}
    assert items[str(stand.id)].urgency(date(2026, 12, 7)) == "overdue"
    assert (
        items[str(festival.id)].title == "Deliver the doubt notice on V-2026-002 by Fri Dec 4, 2026"
    )
    _do(
        desk,
        clerk,
        vending.record_notice_delivery,
        notice.id,
        delivered_at=clock.now(),
        manner="first-class mail",
    )
    _do(desk, clerk, vending.deny, stand.id, reasons="Not a participant in the event.")
    titles = [i.title for i in _vending_items(desk, clerk)]
    assert titles == ["Appeal window for V-2026-001 closes Mon Dec 14, 2026"]
    clock.set(datetime(2026, 12, 14, 9, 0))
    assert [i.urgency(date(2026, 12, 14)) for i in _vending_items(desk, clerk)] == ["today"]
    clock.set(datetime(2026, 12, 15, 9, 0))
    assert _vending_items(desk, clerk) == []  # the window has closed


def test_today_shows_events_this_week_missing_insurance_or_police_and_the_permits(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int, sponsor: int, clock: FixedClock
) -> None:
    stand = _receive(desk, clerk, _data(vendor))  # Mon Dec 14
    festival = _receive(desk, clerk, _festival(sponsor))  # Mon Dec 14 and Tue Dec 15
    _pay(desk, treasurer, stand.id)
    _do(desk, clerk, vending.approve, stand.id)  # conditionally: insurance and police pending
    _certificate(desk, clerk, sponsor, date(2026, 11, 30))
    _police(desk, clerk, festival.id, date(2026, 11, 30))
    _pay(desk, treasurer, festival.id)
    _do(desk, clerk, vending.approve, festival.id)
    assert [i.title for i in _vending_items(desk, clerk)] == []  # two weeks away
    clock.set(datetime(2026, 12, 6, 9, 0))  # eight days before: not yet within the week
    assert _vending_items(desk, clerk) == []
    clock.set(datetime(2026, 12, 7, 9, 0))  # seven days before: the last day for the papers
    items = _vending_items(desk, clerk)
    assert sorted((i.title, i.due, i.cite) for i in items) == sorted(
        [
            (
                "Permit SEV-2026-001: Holiday Market on Broad Street on Mon Dec 14, 2026",
                EVENT,
                PERMIT,
            ),
            ("Permit SEV-2026-002: Prescott Daze on Mon Dec 14, 2026", EVENT, PERMIT),
            (
                "V-2026-001: proof of insurance missing for the event starting Mon Dec 14, 2026",
                PROOF_DAY,
                INSURANCE,
            ),
            (
                "V-2026-001: police review missing for the event starting Mon Dec 14, 2026",
                PROOF_DAY,
                POLICE,
            ),
        ]
    )
    assert {i.urgency(PROOF_DAY) for i in items if "missing" in i.title} == {"today"}
    clock.set(datetime(2026, 12, 15, 9, 0))  # the festival's second day: its permit still shows
    items = _vending_items(desk, clerk)
    assert [i.title for i in items] == ["Permit SEV-2026-002: Prescott Daze on Tue Dec 15, 2026"]
    clock.set(datetime(2026, 12, 16, 9, 0))
    assert _vending_items(desk, clerk) == []


def test_today_flags_an_undecided_application_for_an_event_days_away_until_withdrawn(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    soon = _receive(desk, clerk, _data(vendor, slots=_slots(date(2026, 12, 4))))  # Friday
    items = sorted(_vending_items(desk, clerk), key=lambda i: i.title)
    assert [(i.title, i.due, i.urgency(date(2026, 11, 30))) for i in items] == [
        (
            "Approve V-2026-001, or state the matters in doubt by Thu Dec 3, 2026",
            date(2026, 12, 3),
            "soon",
        ),
        (
            "V-2026-001: police review missing for the event starting Fri Dec 4, 2026",
            date(2026, 11, 27),  # seven days before: already past
            "overdue",
        ),
        (
            "V-2026-001: proof of insurance missing for the event starting Fri Dec 4, 2026",
            date(2026, 11, 27),
            "overdue",
        ),
    ]
    _do(desk, clerk, vending.withdraw, soon.id, reason="The vendor called: the truck broke down")
    assert _vending_items(desk, clerk) == []


# -- the list as applied for, the Clerk's denial, the fee, the clocks after a correction ---------


def test_the_history_keeps_every_field_of_a_list_a_correction_replaced(
    desk: Desk, clerk: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    """A correction replaces the days and the list; the audit trail holds what was applied for."""
    application = _receive(desk, clerk, _festival(sponsor))
    clock.advance(hours=1)
    kept = (PARTICIPANTS[0], PARTICIPANTS[2])  # the coffee company is dropped
    _do(
        desk,
        clerk,
        vending.correct_application,
        application.id,
        _festival(sponsor, participants=kept, slots=_slots(days=1)),
    )
    assert [p.name for p in _get(desk, application.id).participants] == [
        "Prescott Area Chamber of Commerce",
        "Zoë's Crêpes",
    ]
    with desk.database.reading() as session:
        events = vending.history(session, application.id)
    [received] = [e for e in events if e.action == "vending.receive"]
    [corrected] = [e for e in events if e.action == "vending.correct"]
    assert corrected.before is not None and received.after is not None
    for version in (received.after, corrected.before):
        removed = next(p for p in version["participants"] if p["name"] == "Kinnickinnic Coffee Co.")
        assert removed == {
            "name": "Kinnickinnic Coffee Co.",
            "role": "participant",
            "goods": "Coffee",
            "contact": "(715) 555-0101",
        }
        assert version["slots"][1] == {
            "day": "2026-12-14",
            "starts": "10:00",
            "ends": "18:00",
            "location": "Orange St, 100 block, north side",
        }
    assert corrected.after is not None and len(corrected.after["slots"]) == 1


def test_the_clerks_denial_is_kept_whatever_the_council_decides(
    desk: Desk, clerk: SignedIn, operator_with: Callable[[Role], SignedIn], vendor: int,
    clock: FixedClock,
) -> None:  # fmt: skip
    deputy = operator_with(Role.DEPUTY_CLERK)
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    decided = {}
    for outcome in (AppealOutcome.DENIED, AppealOutcome.APPROVED):
        clock.set(datetime(2026, 11, 30, 10, 0))
        application = _receive(desk, clerk, _data(vendor, slots=_slots(date(2027, 1, 15))))
        denied = builders.read_back(
            desk,
            deputy,
            VendingApplication,
            vending.deny,
            application.id,
            reasons="No booth space.",
        )
        assert (denied.denied_on, denied.denied_by_name) == (date(2026, 11, 30), deputy.full_name)
        appeal = builders.read_back(
            desk,
            clerk,
            VendingAppeal,
            vending.file_appeal,
            application.id,
            filed_on=date(2026, 11, 30),
        )
        clock.set(datetime(2026, 12, 15, 9, 0))
        _do(
            desk,
            clerk,
            vending.record_appeal_decision,
            appeal.id,
            meeting_id=held,
            outcome=outcome,
        )
        decided[outcome] = _get(desk, application.id)
    for stored in decided.values():  # the same on both paths
        assert (stored.denied_on, stored.denied_by_name) == (date(2026, 11, 30), deputy.full_name)
        assert (stored.decided_on, stored.decided_by_name) == (date(2026, 12, 14), "Common Council")
        assert stored.appeals[0].acted_on == date(2026, 12, 14)


def test_the_sponsors_list_keeps_every_contact_column(tmp_path: Path) -> None:
    rows = [
        ["Name", "Goods", "Contact", "Phone", "E-mail"],
        ["Kinnickinnic Coffee Co.", "Coffee", "Ana Lund", "(715) 555-0101", "ana@kinni.example"],
        ["Zoë's Crêpes", "Crêpes", "", "", "zoe@crepes.example"],
        ["Pie Co", "Pie", "(715) 555-0102", "(715) 555-0102", ""],
    ]
    people = vending.participants_from_rows(read_table(_write_csv(tmp_path / "list.csv", rows)))
    assert [p.contact for p in people] == [
        "Ana Lund; (715) 555-0101; ana@kinni.example",
        "zoe@crepes.example",
        "(715) 555-0102",  # the same number twice is written once
    ]


def test_intake_and_denial_store_the_scripting_apis_dates(
    desk: Desk, clerk: SignedIn, vendor: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stored last days are the public functions' (with the action's calendar), so a script
    asking :func:`vending.doubt_notice_due` or :func:`vending.appeal_due` gets the same day."""
    asked: list[object] = []

    def doubt(applied_at: datetime, calendar: CityCalendar | None = None) -> date:
        asked.append(calendar)
        return date(2026, 12, 9)

    def appeal(decided_on: date, calendar: CityCalendar | None = None) -> date:
        asked.append(calendar)
        return date(2026, 12, 23)

    # Where the services look them up: the intake and the decision modules.
    monkeypatch.setattr(vending_application, "doubt_notice_due", doubt)
    monkeypatch.setattr(vending_decisions, "appeal_due", appeal)
    application = _receive(desk, clerk, _data(vendor))
    assert application.doubt_due_on == date(2026, 12, 9)
    denied = builders.read_back(
        desk, clerk, VendingApplication, vending.deny, application.id, reasons="No."
    )
    assert denied.appeal_due_on == date(2026, 12, 23)
    assert len(asked) == 2 and all(isinstance(c, CityCalendar) for c in asked)


def test_the_meetings_the_council_can_have_decided_an_appeal_at(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    denied = _denied(desk, clerk, vendor)
    earlier = _meeting(desk, clerk, datetime(2026, 11, 23, 18, 0))
    first = _meeting(desk, clerk, datetime(2026, 12, 7, 18, 0))
    cancelled = _meeting(desk, clerk, datetime(2026, 12, 10, 18, 0))
    _do(desk, clerk, petitions.cancel_meeting, cancelled, reason="No quorum")
    second = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    coming = [_meeting(desk, clerk, datetime(2027, 1, day, 18, 0)) for day in (11, 25, 28)]
    clock.set(datetime(2026, 12, 2, 9, 0))
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, denied.id, filed_on=date(2026, 12, 2)
    )
    clock.set(datetime(2026, 12, 15, 9, 0))
    with desk.lookup(clerk) as action:
        held, later = vending_views.appeal_meetings(
            action.session, appeal.id, now=action.now(), zone=CHICAGO
        )
    assert held == [second, first]  # not the one before the filing, not the cancelled one
    assert earlier not in held and later == coming[:2]


def test_a_corrected_application_is_reviewed_again_with_a_clock_of_its_own(
    desk: Desk, clerk: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    """After a delivered notice, a correction puts "Review the corrected application" on the
    Today tab (due the day after); a second notice is due three days from the correction, and
    shows on the Today tab until delivered, though the first was."""
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    first = builders.read_back(
        desk, clerk, DoubtNotice, vending.prepare_doubt_notice, application.id
    )
    _do(
        desk,
        clerk,
        vending.record_notice_delivery,
        first.id,
        delivered_at=clock.now(),
        manner="e-mail",
    )
    assert _vending_items(desk, clerk) == []  # stated and delivered: nothing owed
    clock.set(datetime(2026, 12, 3, 15, 0))  # Thursday
    _do(desk, clerk, vending.correct_application, application.id, _festival(sponsor))
    [review] = _vending_items(desk, clerk)
    assert review.title == "Review the corrected application V-2026-001 again"
    assert (review.due, review.cite) == (date(2026, 12, 4), PROCEDURE)
    with desk.lookup(clerk) as action:
        stored = vending.get_application(action.session, application.id)
        assert vending.notice_due_on(stored, action.calendar) == date(2026, 12, 7)  # Sunday: Mon
    second = builders.read_back(
        desk, clerk, DoubtNotice, vending.prepare_doubt_notice, application.id, clerk_text="Booths?"
    )
    assert (first.due_on, second.due_on) == (date(2026, 12, 3), date(2026, 12, 7))
    [deliver] = _vending_items(desk, clerk)
    assert deliver.title == "Deliver the doubt notice on V-2026-001 by Mon Dec 7, 2026"
    assert deliver.due == date(2026, 12, 7)
    clock.set(datetime(2026, 12, 8, 9, 0))
    assert deliver.urgency(date(2026, 12, 8)) == "overdue"
    with desk.lookup(clerk) as action:
        stored_notice = action.session.get(DoubtNotice, second.id)
        assert stored_notice is not None
        assert vending.notice_findings(stored_notice, today=date(2026, 12, 8))[0].text == (
            "Not delivered yet; the matters in doubt were due to the applicant by Mon Dec 7, "
            "2026, within three days of the application."
        )


def _dues(desk: Desk, application_id: int) -> list[tuple[str, str]]:
    with desk.database.reading() as session:
        return [
            (str(d.status), d.cancel_reason)
            for d in ledger.dues_for(session, RecordRef("vending_application", str(application_id)))
        ]


def test_a_withdrawal_before_any_decision_cancels_the_unpaid_fee(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    _do(desk, clerk, vending.withdraw, application.id, reason="Phone call from Rosa Dahl")
    assert _dues(desk, application.id) == [
        (
            "cancelled",
            "Application V-2026-001 withdrawn before a decision: Phone call from Rosa Dahl",
        )
    ]
    with desk.database.reading() as session:
        steps = [e.action for e in vending.history(session, application.id)]
    assert steps == ["vending.receive", "due.create", "vending.withdraw", "due.cancel"]


def test_after_a_denial_the_fee_stays_owed_even_when_withdrawn(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    denied = _denied(desk, clerk, vendor)
    assert _dues(desk, denied.id) == [("open", "")]  # the application was reviewed
    _do(desk, clerk, vending.withdraw, denied.id, reason="Letter from the vendor")
    assert _dues(desk, denied.id) == [("open", "")]


@pytest.mark.parametrize("end", ["withdrawn", "denied", "denied_on_appeal"])
def test_the_police_review_is_refused_once_withdrawn_or_denied(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock, end: str
) -> None:
    application = _denied(desk, clerk, vendor)
    if end == "withdrawn":
        _do(desk, clerk, vending.withdraw, application.id, reason="By phone")
    elif end == "denied_on_appeal":
        appeal = builders.read_back(
            desk,
            clerk,
            VendingAppeal,
            vending.file_appeal,
            application.id,
            filed_on=date(2026, 11, 30),
        )
        _police(desk, clerk, application.id, date(2026, 11, 30))  # on appeal: still recorded
        held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
        clock.set(datetime(2026, 12, 15, 9, 0))
        _do(
            desk,
            clerk,
            vending.record_appeal_decision,
            appeal.id,
            meeting_id=held,
            outcome=AppealOutcome.DENIED,
        )
    status = _get(desk, application.id).status
    refused = _refused(
        desk,
        clerk,
        vending.record_police_review,
        application.id,
        submitted_on=date(2026, 11, 30),
        error=Conflict,
    )
    label = VendingStatus(status).label.lower()
    assert refused.message == (
        f"Application V-2026-001 is {label}: there is no permit for the Chief of Police to review."
    )
