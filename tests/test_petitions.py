"""Improvement petitions (§ 506-14) at their boundaries: the program year on September 14, 15
and 16 (and when September 15 is a Saturday, a Sunday or a closed day), intake stamped by the
clock and numbered in the saving transaction, scans, corrections with a reason, Council meetings,
the agenda and the Council's actions, a history that loses nothing, the register's search and
what the Today tab says."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import builders  # type: ignore[import-not-found]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from clerk_desk import documents, parties, settings_store, today
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CalendarSettings, CityCalendar, default_calendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied
from clerk_desk.kinds import MeetingKind, PartyKind, PetitionKind, PetitionStatus, Role
from clerk_desk.models import (
    AuditEvent,
    CouncilMeeting,
    Document,
    NumberSequence,
    Petition,
    PetitionEvent,
    PetitionSigner,
)
from clerk_desk.permissions import GRANTS, Permission
from clerk_desk.petitions import schedule
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.schedule import MeetingData
from clerk_desk.petitions.service import CouncilAction, PetitionData, SignerData
from clerk_desk.today import TodayItem
from clerk_desk.words import format_day

#: City Hall's calendar as first installed, before the Clerk changes any day.
CALENDAR = default_calendar()

CITE = "§ 506-14"
CHICAGO = ZoneInfo("America/Chicago")
CHAMBERS = "Council Chambers, Prescott Municipal Building"

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 24
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 24
GIF = b"GIF89a" + b"\x00" * 24


def _in_chicago(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=CHICAGO)


# -- the program year ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("received", "year"),
    [
        # 2026: September 15 is a Tuesday, an ordinary last day.
        (date(2026, 9, 14), 2027),
        (date(2026, 9, 15), 2027),
        (date(2026, 9, 16), 2028),
        # 2029: a Saturday; Sunday cannot end a period either, so the last day is Monday the 17th.
        (date(2029, 9, 14), 2030),
        (date(2029, 9, 15), 2030),
        (date(2029, 9, 16), 2030),
        (date(2029, 9, 17), 2030),
        (date(2029, 9, 18), 2031),
        # 2030: a Sunday; the last day is Monday the 16th.
        (date(2030, 9, 14), 2031),
        (date(2030, 9, 15), 2031),
        (date(2030, 9, 16), 2031),
        (date(2030, 9, 17), 2032),
        # The turn of the year: late for Y + 1 on December 31, timely for Y + 1 on January 1.
        (date(2026, 12, 31), 2028),
        (date(2027, 1, 1), 2028),
        (date(2026, 1, 1), 2027),
    ],
)
def test_the_program_year_follows_the_last_day_to_file(received: date, year: int) -> None:
    assert petitions.program_year(received, CALENDAR) == year
    assert petitions.program_year(received, CityCalendar()) == year


@pytest.mark.parametrize(
    ("closed_monday", "last_timely", "first_late"),
    [
        (date(2029, 9, 17), date(2029, 9, 18), date(2029, 9, 19)),  # after a Saturday the 15th
        (date(2030, 9, 16), date(2030, 9, 17), date(2030, 9, 18)),  # after a Sunday the 15th
    ],
)
def test_a_monday_city_hall_closes_moves_the_last_day_again(
    closed_monday: date, last_timely: date, first_late: date
) -> None:
    calendar = CityCalendar(extra_closed={closed_monday})
    year = closed_monday.year
    assert petitions.filing_deadline(year, calendar).due == last_timely
    assert petitions.program_year(closed_monday, calendar) == year + 1
    assert petitions.program_year(last_timely, calendar) == year + 1
    assert petitions.program_year(first_late, calendar) == year + 2


def test_a_closed_september_15_on_a_weekday_moves_and_an_opened_saturday_does_not() -> None:
    snow_day = CityCalendar(extra_closed={date(2026, 9, 15)})
    assert petitions.filing_deadline(2026, snow_day).due == date(2026, 9, 16)
    assert petitions.program_year(date(2026, 9, 16), snow_day) == 2027
    # City Hall opened on Saturday, September 15, 2029 (absentee voting): it is the last day.
    opened = CityCalendar(extra_open={date(2029, 9, 15)})
    assert petitions.filing_deadline(2029, opened).due == date(2029, 9, 15)
    assert petitions.program_year(date(2029, 9, 17), opened) == 2031


@settings(max_examples=300)
@given(
    st.dates(min_value=date(2020, 1, 1), max_value=date(2060, 12, 31)),
    st.sets(st.dates(min_value=date(2020, 9, 1), max_value=date(2060, 9, 30)), max_size=40),
)
def test_the_program_year_is_next_year_until_the_last_day_and_the_year_after_from_then(
    received: date, closed: set[date]
) -> None:
    calendar = CityCalendar(extra_closed={d for d in closed if d.month == 9})
    deadline = petitions.filing_deadline(received.year, calendar).due
    assert deadline >= date(received.year, 9, 15)
    assert calendar.is_open(deadline) and deadline.weekday() != 6
    explained = petitions.explain_program_year(received, calendar)
    assert explained.year == petitions.program_year(received, calendar)
    assert explained.timely == (received <= deadline)
    assert explained.year == received.year + (1 if received <= deadline else 2)
    assert explained.text.endswith(f"considered for installation in {explained.year} ({CITE}).")
    assert ("Wis. Stat. § 990.001(4)" in explained.text) == (deadline != date(received.year, 9, 15))
    day_after = received + timedelta(days=1)  # the year never goes back as the days go on
    assert petitions.program_year(day_after, calendar) >= explained.year


def test_the_filing_deadline_shows_its_working() -> None:
    ordinary = petitions.filing_deadline(2026, CALENDAR)
    assert (ordinary.due, ordinary.moved, ordinary.cite) == (
        date(2026, 9, 15),
        False,
        "Wis. Stat. § 990.001(4)",
    )
    saturday = petitions.filing_deadline(2029, CALENDAR)
    assert saturday.moved and saturday.due == date(2029, 9, 17)
    assert [day for day, _ in saturday.skipped] == [date(2029, 9, 15), date(2029, 9, 16)]
    assert saturday.explanation[-1] == (
        "Moved to Mon Sep 17, 2029, the next day City Hall is open — Wis. Stat. § 990.001(4)."
    )


def test_the_program_year_is_explained_in_words_with_the_rule_and_its_citation() -> None:
    on_time = petitions.explain_program_year(date(2026, 9, 15), CALENDAR)
    assert (on_time.year, on_time.timely, on_time.deadline.due) == (2027, True, date(2026, 9, 15))
    assert on_time.text == (
        "Received Tue Sep 15, 2026, on or before Tue Sep 15, 2026: considered for installation "
        "in 2027 (§ 506-14)."
    )
    late = petitions.explain_program_year(date(2026, 9, 16), CALENDAR)
    assert (late.year, late.timely) == (2028, False)
    assert late.text == (
        "Received Wed Sep 16, 2026, after Tue Sep 15, 2026: too late for 2027; considered for "
        "installation in 2028 (§ 506-14)."
    )


def test_a_moved_last_day_is_explained_with_the_statute() -> None:
    saturday = petitions.explain_program_year(date(2029, 9, 17), CALENDAR)
    assert saturday.text == (
        "September 15, 2029 is a Saturday, when City Hall is closed, so the last day to file is "
        "Mon Sep 17, 2029 (Wis. Stat. § 990.001(4)). Received Mon Sep 17, 2029, on or before "
        "Mon Sep 17, 2029: considered for installation in 2030 (§ 506-14)."
    )
    sunday = petitions.explain_program_year(date(2030, 9, 17), CALENDAR)
    assert sunday.text == (
        "September 15, 2030 is a Sunday, so the last day to file is Mon Sep 16, 2030 "
        "(Wis. Stat. § 990.001(4)). Received Tue Sep 17, 2030, after Mon Sep 16, 2030: too late "
        "for 2031; considered for installation in 2032 (§ 506-14)."
    )
    # A Sunday moves the last day even when City Hall opens that Sunday: it is not "closed".
    opened = CityCalendar(extra_open={date(2030, 9, 15)})
    assert petitions.explain_program_year(date(2030, 9, 16), opened).text.startswith(
        "September 15, 2030 is a Sunday, so the last day to file is Mon Sep 16, 2030"
    )
    snow_day = CityCalendar(extra_closed={date(2026, 9, 15)})
    assert petitions.explain_program_year(date(2026, 9, 16), snow_day).text.startswith(
        "September 15, 2026 is a day City Hall is closed (set in Settings), so the last day to "
        "file is Wed Sep 16, 2026 (Wis. Stat. § 990.001(4)). Received Wed Sep 16, 2026, on or "
        "before"
    )


# -- helpers ------------------------------------------------------------------------------------


@pytest.fixture
def owners(desk: Desk, admin: SignedIn) -> list[SignerData]:
    """Three owners on Orange St, each with a parcel; names a clerk must find without accents."""
    signers = []
    with desk.action(admin) as action:
        for lot, (name, house) in enumerate(
            (("Anna Berg", 412), ("Zoë Nguyễn", 416), ("Lars Olson", 420)), start=1
        ):
            party = parties.add_party(
                action,
                parties.PartyData(kind=PartyKind.PERSON, name=name, street=f"{house} Orange St"),
            )
            parcel = parties.add_parcel(
                action,
                parties.ParcelData(
                    parcel_number=f"281-03{lot:03d}-0000",
                    site_address=f"{house} Orange St",
                    owner_id=party.id,
                ),
            )
            signers.append(SignerData(party_id=party.id, parcel_id=parcel.id))
    return signers


def _data(owners: list[SignerData], **changes: Any) -> PetitionData:
    data = PetitionData(
        kind=PetitionKind.RESURFACING,
        street="Orange St",
        limits_from="Broad St N",
        limits_to="Court St",
        description="Mill and overlay; the pavement is broken up.",
        signers=tuple(owners),
    )
    return dataclasses.replace(data, **changes)


def _receive(
    desk: Desk, who: SignedIn, data: PetitionData, scans: tuple[tuple[str, bytes], ...] = ()
) -> Petition:
    return _get(desk, _do(desk, who, petitions.receive_petition, data, scans=scans))


def _refused(
    desk: Desk,
    who: SignedIn,
    service: Callable[..., object],
    *args: Any,
    error: type[Exception] = InvalidInput,
    **kwargs: Any,
) -> Any:
    """Run a service in an action that must fail; return the error."""
    with pytest.raises(error) as refused, desk.action(who) as action:
        service(action, *args, **kwargs)
    return refused.value


def _do(desk: Desk, who: SignedIn, service: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    with desk.action(who) as action:
        return service(action, *args, **kwargs)


def _get(desk: Desk, petition_id: int) -> Petition:
    with desk.database.reading() as session:
        petition = session.scalars(
            select(Petition)
            .where(Petition.id == petition_id)
            .options(
                selectinload(Petition.signers).selectinload(PetitionSigner.party),
                selectinload(Petition.signers).selectinload(PetitionSigner.parcel),
                selectinload(Petition.scans),
                selectinload(Petition.meeting),
            )
        ).one()
        session.expunge_all()
        return petition


def _history(desk: Desk, petition_id: int) -> list[tuple[str, str, str]]:
    with desk.database.reading() as session:
        return [(e.what, e.detail, e.reason) for e in petitions.history(session, petition_id)]


def _audit(desk: Desk, action: str) -> list[AuditEvent]:
    with desk.database.reading() as session:
        events = list(
            session.scalars(
                select(AuditEvent).where(AuditEvent.action == action).order_by(AuditEvent.id)
            )
        )
        session.expunge_all()
        return events


def _meeting(
    desk: Desk, who: SignedIn, at: datetime, kind: MeetingKind = MeetingKind.REGULAR
) -> int:
    """A meeting at ``at``, naive times being Prescott's."""
    starts = at if at.tzinfo is not None else at.replace(tzinfo=CHICAGO)
    return int(builders.meeting(desk, who, starts, CHAMBERS, kind))


def _place(desk: Desk, who: SignedIn, petition_id: int, meeting_id: int) -> Petition:
    return _get(desk, _do(desk, who, petitions.place_on_agenda, petition_id, meeting_id))


def _act(
    desk: Desk, who: SignedIn, petition_id: int, outcome: CouncilAction, meeting_id: int, **kw: Any
) -> Petition:
    acted = _do(
        desk,
        who,
        petitions.record_council_action,
        petition_id,
        outcome=outcome,
        meeting_id=meeting_id,
        **kw,
    )
    return _get(desk, acted)


def _act_refused(
    desk: Desk, who: SignedIn, petition_id: int, outcome: CouncilAction, meeting_id: int, **kw: Any
) -> Any:
    return _refused(
        desk,
        who,
        petitions.record_council_action,
        petition_id,
        outcome=outcome,
        meeting_id=meeting_id,
        **kw,
    )


def _status(desk: Desk, petition_id: int) -> tuple[PetitionStatus, int | None]:
    petition = _get(desk, petition_id)
    return PetitionStatus(petition.status), petition.meeting_id


def _packet_built(desk: Desk, who: SignedIn, meeting_id: int) -> None:
    _do(desk, who, schedule.record_packet_built, meeting_id, pages=12, as_of=desk.clock.now())


def _meeting_row(desk: Desk, meeting_id: int) -> CouncilMeeting:
    with desk.database.reading() as session:
        meeting = schedule.get_meeting(session, meeting_id)
        session.expunge(meeting)
        return meeting


# The Council's second and fourth Mondays around the fixed "today", Mon Nov 30, 2026 10:00 a.m.
NOV_23 = datetime(2026, 11, 23, 18, 0)
DEC_14 = datetime(2026, 12, 14, 18, 0)
DEC_28 = datetime(2026, 12, 28, 18, 0)
AFTER_DEC_14 = datetime(2026, 12, 15, 9, 0)


# -- intake ---------------------------------------------------------------------------------------


def test_a_petition_is_stamped_numbered_and_given_its_program_year(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    petition = _receive(desk, admin, _data(owners))
    assert petition.number == "P-2026-001"
    assert (petition.year, petition.sequence) == (2026, 1)
    assert petition.received_at == clock.now() == datetime(2026, 11, 30, 16, 0, tzinfo=UTC)
    assert petition.received_on == date(2026, 11, 30)
    assert petition.program_year == 2028  # after September 15, 2026
    assert not petitions.is_timely(petition)
    assert petition.status == PetitionStatus.RECEIVED and petition.meeting_id is None
    assert petition.received_by_name == "Alex Administrator"
    assert petition.received_by_id == admin.id
    stored = _get(desk, petition.id)
    assert petitions.location(stored) == "Orange St from Broad St N to Court St"
    assert petitions.signers_text(stored) == (
        "Anna Berg (281-03001-0000); Zoë Nguyễn (281-03002-0000); Lars Olson (281-03003-0000)"
    )
    assert [s.position for s in stored.signers] == [1, 2, 3]
    [(what, detail, _)] = _history(desk, petition.id)
    assert what == "received"
    assert detail == petitions.explain_program_year(date(2026, 11, 30), CALENDAR).text
    [audit] = _audit(desk, "petition.receive")
    assert audit.record_type == "petition" and audit.record_id == str(petition.id)
    assert audit.summary == (
        "Petition P-2026-001 received: Street resurfacing, Orange St from Broad St N to Court St"
    )
    assert audit.after is not None and audit.after["program_year"] == 2028


def test_the_received_day_is_prescotts_even_when_utc_has_moved_on(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    clock.set(datetime(2026, 9, 15, 23, 59))  # 04:59 on September 16 in UTC
    timely = _receive(desk, admin, _data(owners))
    assert timely.received_at.date() == date(2026, 9, 16)
    assert timely.received_on == date(2026, 9, 15)
    assert timely.program_year == 2027 and petitions.is_timely(timely)
    clock.advance(minutes=1)  # midnight in Prescott
    late = _receive(desk, admin, _data(owners))
    assert late.received_on == date(2026, 9, 16)
    assert late.program_year == 2028 and not petitions.is_timely(late)


def test_the_program_year_follows_city_halls_saved_closed_days(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    with desk.action(admin) as action:
        closed = CalendarSettings().close_day(date(2029, 9, 17))  # the Monday after Sat the 15th
        settings_store.save_calendar_settings(action, closed)
    clock.set(datetime(2029, 9, 18, 16, 30))
    assert _receive(desk, admin, _data(owners)).program_year == 2030
    clock.set(datetime(2029, 9, 19, 8, 0))
    assert _receive(desk, admin, _data(owners)).program_year == 2031


def test_numbers_run_per_year_and_a_refused_petition_leaves_no_gap(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    assert _receive(desk, admin, _data(owners)).number == "P-2026-001"
    _refused(desk, admin, petitions.receive_petition, _data(owners, signers=()))
    # refused after its number was taken: the scan is no PDF, PNG or JPEG
    _refused(desk, admin, petitions.receive_petition, _data(owners), scans=(("a.gif", GIF),))
    assert _receive(desk, admin, _data(owners)).number == "P-2026-002"
    clock.set(datetime(2027, 1, 4, 8, 0))
    assert _receive(desk, admin, _data(owners)).number == "P-2027-001"
    assert _receive(desk, admin, _data(owners)).number == "P-2027-002"
    with desk.database.reading() as session:
        assert session.scalar(select(func.count()).select_from(Petition)) == 4
        rows = session.scalars(
            select(NumberSequence).where(NumberSequence.name == petitions.PETITION_SERIES)
        ).all()
        assert {(row.year, row.next_value) for row in rows} == {(2026, 3), (2027, 3)}


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"street": "   "}, "street", "Enter the street the petition is for."),
        ({"street": "S" * 101}, "street", "The street is too long: at most 100 characters."),
        ({"limits_from": "F" * 101}, "limits_from", "From is too long: at most 100 characters."),
        ({"limits_to": "T" * 101}, "limits_to", "To is too long: at most 100 characters."),
        ({"signers": ()}, "signers", "Name at least one property owner who petitions."),
    ],
)
def test_a_petition_form_is_refused_at_the_field(
    desk: Desk,
    admin: SignedIn,
    owners: list[SignerData],
    changes: dict[str, Any],
    field: str,
    message: str,
) -> None:
    error = _refused(desk, admin, petitions.receive_petition, _data(owners, **changes))
    assert (error.field, error.message) == (field, message)
    with desk.database.reading() as session:
        assert session.scalar(select(func.count()).select_from(Petition)) == 0


def test_a_petition_needs_a_signature_and_names_each_owner_once(
    desk: Desk, admin: SignedIn, owners: list[SignerData]
) -> None:
    unsigned = [dataclasses.replace(s, signed=False) for s in owners]
    error = _refused(desk, admin, petitions.receive_petition, _data(owners, signers=unsigned))
    # § 506-14 asks for no signature: the rule is the City's practice and says so, citing
    # nothing (finding 11).
    assert error.field == "signers" and error.cite is None
    assert error.message == (
        "No owner has signed: the City takes a petition with at least one owner's signature "
        "(City practice)."
    )
    assert "506-14" not in str(error)
    twice = (owners[0], owners[1], dataclasses.replace(owners[0], parcel_id=None))
    error = _refused(desk, admin, petitions.receive_petition, _data(owners, signers=twice))
    assert (error.field, error.message) == ("signers", "Anna Berg is named twice.")
    unknown = (SignerData(party_id=9999),)
    _refused(
        desk, admin, petitions.receive_petition, _data(owners, signers=unknown), error=NotFound
    )
    no_parcel = (SignerData(party_id=owners[0].party_id, parcel_id=9999),)
    _refused(
        desk, admin, petitions.receive_petition, _data(owners, signers=no_parcel), error=NotFound
    )
    # one signature among owners who did not sign is enough; the list says who did not
    some = (owners[0], dataclasses.replace(owners[1], signed=False))
    petition = _receive(desk, admin, _data(owners, signers=some))
    assert petitions.signers_text(_get(desk, petition.id)) == (
        "Anna Berg (281-03001-0000); Zoë Nguyễn (281-03002-0000) — not signed"
    )


@pytest.mark.parametrize("kind", list(PetitionKind))
def test_each_of_the_six_kinds_the_section_names_is_taken(
    desk: Desk, admin: SignedIn, owners: list[SignerData], kind: PetitionKind
) -> None:
    petition = _receive(desk, admin, _data(owners, kind=kind))
    assert petition.kind == kind
    assert len(PetitionKind) == 6


def test_text_is_tidied_before_it_is_kept(
    desk: Desk, admin: SignedIn, owners: list[SignerData]
) -> None:
    data = _data(
        owners,
        street="  Kinnickinnic   St ",
        limits_from=" Broad St  N",
        limits_to="",
        description="  Curb on the north side.  ",
        staff_notes="  DPW to estimate. ",
    )
    petition = _get(desk, _receive(desk, admin, data).id)
    assert petitions.location(petition) == "Kinnickinnic St from Broad St N"
    assert (petition.description, petition.staff_notes) == (
        "Curb on the north side.",
        "DPW to estimate.",
    )


# -- scans ----------------------------------------------------------------------------------------


def test_scans_in_pdf_png_or_jpeg_are_attached_and_others_refused(
    desk: Desk, admin: SignedIn, owners: list[SignerData]
) -> None:
    petition = _receive(desk, admin, _data(owners), scans=(("signed.pdf", PDF),))
    _do(desk, admin, petitions.add_scan, petition.id, "page2.png", PNG)
    _do(desk, admin, petitions.add_scan, petition.id, "page3.jpg", JPEG)
    _do(desk, admin, petitions.add_scan, petition.id, "copy.pdf", PDF)  # kept once by content
    for name, content, message in (
        ("photo.gif", GIF, "photo.gif is not a PDF, PNG or JPEG file."),
        ("empty.pdf", b"", "The scanned file is empty."),
    ):
        error = _refused(desk, admin, petitions.add_scan, petition.id, name, content)
        assert (error.field, error.message) == ("scan", message)
    error = _refused(desk, admin, petitions.add_scan, petition.id, "n" * 201 + ".pdf", PDF)
    assert error.field == "scan"
    stored = _get(desk, petition.id)
    assert [(s.position, s.name) for s in stored.scans] == [
        (1, "signed.pdf"),
        (2, "page2.png"),
        (3, "page3.jpg"),
        (4, "copy.pdf"),
    ]
    assert stored.scans[0].added_by_name == "Alex Administrator"
    with desk.database.reading() as session:
        assert session.scalar(select(func.count()).select_from(Document)) == 3
        assert documents.scan_bytes(session, stored.scans[3].sha256) == PDF
    assert [d for w, d, _ in _history(desk, petition.id) if w == "scan"] == [
        "Scan attached: signed.pdf",
        "Scan attached: page2.png",
        "Scan attached: page3.jpg",
        "Scan attached: copy.pdf",
    ]


def test_a_scan_attached_in_error_is_set_aside_with_a_reason_not_deleted(
    desk: Desk, admin: SignedIn, owners: list[SignerData]
) -> None:
    petition = _receive(desk, admin, _data(owners), scans=(("a.pdf", PDF), ("b.png", PNG)))
    wrong = _get(desk, petition.id).scans[1]
    error = _refused(desk, admin, petitions.set_scan_aside, wrong.id, reason="  ")
    assert error.field == "reason"
    _do(desk, admin, petitions.set_scan_aside, wrong.id, reason=" Another owner's letter ")
    _refused(desk, admin, petitions.set_scan_aside, wrong.id, reason="again", error=Conflict)
    _refused(desk, admin, petitions.set_scan_aside, 9999, reason="x", error=NotFound)
    stored = _get(desk, petition.id)
    assert len(stored.scans) == 2
    assert stored.scans[1].set_aside_reason == "Another owner's letter"
    assert [s.name for s in petitions.attached_scans(stored)] == ["a.pdf"]
    assert _history(desk, petition.id)[-1] == (
        "scan",
        "Scan set aside: b.png",
        "Another owner's letter",
    )
    [audit] = _audit(desk, "petition.scan_aside")
    assert audit.summary == "Scan b.png set aside: Another owner's letter"


# -- corrections ----------------------------------------------------------------------------------


def test_details_are_corrected_with_the_old_petitioners_kept_in_the_history(
    desk: Desk, admin: SignedIn, owners: list[SignerData]
) -> None:
    petition = _receive(desk, admin, _data(owners, signers=owners[:2]))
    changed = _data(
        owners, kind=PetitionKind.CURB_AND_GUTTER, signers=(owners[2], owners[0]), staff_notes="x"
    )
    rows_before = {s.party.name: s.id for s in _get(desk, petition.id).signers}
    _do(desk, admin, petitions.update_petition, petition.id, changed)
    stored = _get(desk, petition.id)
    assert stored.kind == PetitionKind.CURB_AND_GUTTER
    assert [s.party.name for s in petitions.petitioners(stored)] == ["Lars Olson", "Anna Berg"]
    assert [s.position for s in petitions.petitioners(stored)] == [1, 2]
    assert stored.received_at == petition.received_at  # never changed by an update
    assert _history(desk, petition.id)[-2:] == [
        (
            "changed",
            "Changed: kind, staff notes, petitioners. Petitioners were: "
            "Anna Berg (281-03001-0000); Zoë Nguyễn (281-03002-0000)",
            "",
        ),
        ("signer_removed", "Zoë Nguyễn (281-03002-0000) removed from the petitioners", ""),
    ]
    [audit] = _audit(desk, "petition.update")
    assert audit.before == {
        "kind": "resurfacing",
        "staff_notes": "",
        "signers": "Anna Berg (281-03001-0000); Zoë Nguyễn (281-03002-0000)",
    }
    assert audit.after is not None and audit.after["kind"] == "curb_and_gutter"
    with desk.database.reading() as session:
        [found] = petitions.search_petitions(session, "olson")  # the search follows the change
        assert found.id == petition.id
        assert not petitions.search_petitions(session, "nguyen")
    # Finding 5: nothing is deleted. Anna Berg keeps her row; Zoë Nguyễn, taken off, keeps hers
    # out of the list (a negative position); Lars Olson has a new one.
    rows = {s.party.name: (s.id, s.position) for s in stored.signers}
    assert rows["Anna Berg"] == (rows_before["Anna Berg"], 2)
    assert rows["Zoë Nguyễn"] == (rows_before["Zoë Nguyễn"], -2)
    assert rows["Lars Olson"][0] not in rows_before.values()
    assert petitions.signers_text(stored) == (
        "Lars Olson (281-03003-0000); Anna Berg (281-03001-0000)"
    )
    # Named again, she gets her own row back.
    _do(desk, admin, petitions.update_petition, petition.id, _data(owners, staff_notes="x"))
    again = _get(desk, petition.id)
    assert [(s.party.name, s.id) for s in petitions.petitioners(again)] == [
        ("Anna Berg", rows_before["Anna Berg"]),
        ("Zoë Nguyễn", rows_before["Zoë Nguyễn"]),
        ("Lars Olson", rows["Lars Olson"][0]),
    ]
    assert len(again.signers) == 3


def test_a_decided_petition_keeps_what_it_said_but_its_staff_notes(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    """Finding 6: after the Council's decision (or a withdrawal) only the staff notes change."""
    petition = _receive(desk, admin, _data(owners))
    meeting = _meeting(desk, admin, DEC_14)
    _place(desk, admin, petition.id, meeting)
    clock.set(AFTER_DEC_14)
    _act(desk, admin, petition.id, CouncilAction.APPROVED, meeting)
    for changes in (
        {"street": "Broad St N"},
        {"kind": PetitionKind.SIDEWALK},
        {"description": "Something else"},
        {"signers": tuple(owners[:1])},
        {"signers": (dataclasses.replace(owners[0], signed=False), *owners[1:])},
    ):
        error = _refused(
            desk,
            admin,
            petitions.update_petition,
            petition.id,
            _data(owners, **changes),
            error=Conflict,
        )
        assert error.message == (
            f"Petition {petition.number} is approved: what the Council decided on stays as it "
            "was. Only the staff notes and the estimate of cost can still change."
        )
    notes = _data(owners, staff_notes="DPW: scheduled for the 2027 season")
    _do(desk, admin, petitions.update_petition, petition.id, notes)
    stored = _get(desk, petition.id)
    assert (stored.street, stored.staff_notes) == ("Orange St", notes.staff_notes)
    assert _history(desk, petition.id)[-1][:2] == ("changed", "Changed: staff notes")
    withdrawn = _receive(desk, admin, _data(owners, street="Albert St"))
    _do(desk, admin, petitions.withdraw_petition, withdrawn.id, reason="Letter")
    error = _refused(
        desk,
        admin,
        petitions.update_petition,
        withdrawn.id,
        _data(owners, street="College St"),
        error=Conflict,
    )
    assert error.message == (
        f"Petition {withdrawn.number} is withdrawn: it stays as it was when the petitioner "
        "withdrew it. Only the staff notes and the estimate of cost can still change."
    )


def test_the_estimate_of_cost_gives_the_packet_its_bidding_finding(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    """Issue 21 (§ 506-19): staff record the project's estimated cost and how it would be done;
    the petition's paper carries the finding, and the estimate may change after the Council
    decided, as the staff notes may."""
    from clerk_desk.money import Money
    from clerk_desk.petitions import papers as petition_papers

    sidewalk = _receive(desk, admin, _data(owners, kind=PetitionKind.SIDEWALK))
    with desk.database.reading() as session:
        paper = petition_papers.PetitionPaper.of(session.get(Petition, sidewalk.id))
    assert paper.bidding == () and paper.estimated_cost is None
    meeting = _meeting(desk, admin, DEC_14)
    _place(desk, admin, sidewalk.id, meeting)
    clock.set(AFTER_DEC_14)
    _act(desk, admin, sidewalk.id, CouncilAction.APPROVED, meeting)
    estimate = _data(
        owners, kind=PetitionKind.SIDEWALK, estimated_cost=Money("18500.00"), by_contract=True
    )
    _do(desk, admin, petitions.update_petition, sidewalk.id, estimate)
    assert _get(desk, sidewalk.id).estimated_cost == Money("18500.00")
    assert _history(desk, sidewalk.id)[-1][:2] == ("changed", "Changed: estimated cost")
    with desk.database.reading() as session:
        (finding,) = petition_papers.PetitionPaper.of(session.get(Petition, sidewalk.id)).bidding
    assert (finding.level, finding.cite) == ("warn", "§ 506-19 (Contracts, how let)")
    assert "Class 1 notice under ch. 985" in finding.text
    error = _refused(
        desk,
        admin,
        petitions.update_petition,
        sidewalk.id,
        dataclasses.replace(estimate, estimated_cost=Money("-1.00")),
    )
    assert (error.field, error.message) == ("estimated_cost", "An estimated cost is not negative.")


def test_a_resurfacing_the_city_does_itself_needs_no_bids_whatever_it_costs(
    desk: Desk, admin: SignedIn, owners: list[SignerData]
) -> None:
    from clerk_desk.money import Money
    from clerk_desk.petitions import papers as petition_papers

    data = _data(owners, estimated_cost=Money("90000.00"), by_contract=False)
    resurfacing = _receive(desk, admin, data)
    with desk.database.reading() as session:
        (finding,) = petition_papers.PetitionPaper.of(session.get(Petition, resurfacing.id)).bidding
    assert finding.text == (
        "Construction and repair of streets may be done directly by the City without bids, "
        "whatever it costs."
    )


def test_the_council_approves_for_at_most_ten_years_past_the_program_year(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    """Finding 6: a mistyped year (2208 for 2028) is refused under the year."""
    petition = _receive(desk, admin, _data(owners))
    meeting = _meeting(desk, admin, DEC_14)
    _place(desk, admin, petition.id, meeting)
    clock.set(AFTER_DEC_14)
    error = _act_refused(
        desk, admin, petition.id, CouncilAction.APPROVED, meeting, approved_year=2039
    )
    assert (error.field, error.message) == (
        "approved_year",
        "Approve it for 2038 at the latest (10 years after its program year, 2028); check the "
        "year the Council voted.",
    )
    approved = _act(desk, admin, petition.id, CouncilAction.APPROVED, meeting, approved_year=2038)
    assert approved.approved_year == 2038


def test_the_received_moment_is_corrected_with_a_reason_and_moves_the_program_year(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    clock.set(datetime(2026, 9, 16, 9, 0))  # stamped the morning after a drop-box filing
    petition = _receive(desk, admin, _data(owners))
    assert petition.program_year == 2028
    clock.set(datetime(2026, 9, 16, 9, 30))
    evening = _in_chicago(2026, 9, 15, 16, 30)
    no_reason = _refused(
        desk, admin, petitions.correct_received, petition.id, received_at=evening, reason=" "
    )
    assert no_reason.field == "reason" and no_reason.cite == CITE
    future = _refused(
        desk,
        admin,
        petitions.correct_received,
        petition.id,
        received_at=_in_chicago(2026, 9, 16, 10, 0),
        reason="typo",
    )
    assert future.field == "received_at"
    same = _refused(
        desk,
        admin,
        petitions.correct_received,
        petition.id,
        received_at=_in_chicago(2026, 9, 16, 9, 0),
        reason="typo",
    )
    assert same.field == "received_at"
    with pytest.raises(ValueError, match="timezone-aware"), desk.action(admin) as action:
        petitions.correct_received(
            action, petition.id, received_at=datetime(2026, 9, 15, 16, 30), reason="typo"
        )
    reason = "Found in the drop box at 4:30 p.m. on the 15th; stamped the next morning."
    corrected = _get(
        desk,
        _do(
            desk, admin, petitions.correct_received, petition.id, received_at=evening, reason=reason
        ),
    )
    assert corrected.received_on == date(2026, 9, 15)
    assert corrected.received_at == datetime(2026, 9, 15, 21, 30, tzinfo=UTC)
    assert corrected.program_year == 2027
    assert _history(desk, petition.id)[-1] == (
        "corrected",
        "Received 09/16/2026 9:00 AM corrected to 09/15/2026 4:30 PM; program year 2028 → 2027",
        reason,
    )
    [audit] = _audit(desk, "petition.correct_received")
    assert audit.before == {
        "received_at": "2026-09-16T14:00:00+00:00",
        "received_on": "2026-09-16",
        "program_year": 2028,
    }
    assert audit.after == {
        "received_at": "2026-09-15T21:30:00+00:00",
        "received_on": "2026-09-15",
        "program_year": 2027,
    }
    assert audit.summary.endswith(reason)


def test_a_correction_cannot_put_an_approval_before_its_program_year(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    clock.set(datetime(2027, 9, 1, 10, 0))
    petition = _receive(desk, admin, _data(owners))
    meeting = _meeting(desk, admin, datetime(2027, 9, 13, 18, 0))
    _place(desk, admin, petition.id, meeting)
    clock.set(datetime(2027, 9, 20, 10, 0))
    _act(desk, admin, petition.id, CouncilAction.APPROVED, meeting)
    error = _refused(
        desk,
        admin,
        petitions.correct_received,
        petition.id,
        received_at=_in_chicago(2027, 9, 16, 8, 0),
        reason="Stamped with the wrong date",
    )
    assert error.field == "received_at" and error.cite == CITE
    assert "approved it for 2028" in error.message
    assert _get(desk, petition.id).program_year == 2028


# -- meetings -------------------------------------------------------------------------------------


def test_meetings_are_kept_in_utc_listed_in_order_and_changed_with_an_audit(
    desk: Desk, admin: SignedIn
) -> None:
    later = _meeting(desk, admin, DEC_28)
    special = _meeting(desk, admin, datetime(2026, 12, 7, 17, 30), MeetingKind.SPECIAL)
    earlier = _meeting(desk, admin, DEC_14)
    with desk.database.reading() as session:
        listed = schedule.meetings(session)
        assert [m.id for m in listed] == [special, earlier, later]
        assert listed[1].starts_at == datetime(2026, 12, 15, 0, 0, tzinfo=UTC)
        since = datetime(2026, 12, 10, tzinfo=UTC)
        assert [m.id for m in schedule.meetings(session, since=since)] == [earlier, later]
    [first, *_] = _audit(desk, "meeting.create")
    assert first.summary == "Regular meeting of Mon Dec 28, 2026 added"
    _packet_built(desk, admin, earlier)
    assert _meeting_row(desk, earlier).packet_pages == 12
    moved = MeetingData(MeetingKind.REGULAR, _in_chicago(2026, 12, 15, 18, 0), CHAMBERS, "Tuesday")
    _do(desk, admin, schedule.update_meeting, earlier, moved)
    row = _meeting_row(desk, earlier)
    assert row.packet_built_at is None  # a packet printed with the old day is stale
    assert row.notes == "Tuesday"
    [audit] = _audit(desk, "meeting.update")
    assert audit.before is not None and set(audit.before) >= {"starts_at", "packet_built_at"}
    for data, field in (
        (MeetingData(MeetingKind.REGULAR, _in_chicago(2026, 12, 14, 18), "  "), "place"),
        (MeetingData(MeetingKind.REGULAR, _in_chicago(2026, 12, 14, 18), "P" * 201), "place"),
    ):
        assert _refused(desk, admin, schedule.add_meeting, data).field == field
    with pytest.raises(ValueError, match="timezone-aware"), desk.action(admin) as action:
        schedule.add_meeting(action, MeetingData(MeetingKind.REGULAR, DEC_14, CHAMBERS))
    _refused(desk, admin, schedule.update_meeting, 9999, moved, error=NotFound)


def test_a_cancelled_meeting_sends_its_agenda_back_to_waiting(
    desk: Desk, admin: SignedIn, owners: list[SignerData]
) -> None:
    meeting = _meeting(desk, admin, DEC_14)
    first = _receive(desk, admin, _data(owners))
    second = _receive(desk, admin, _data(owners, street="Broad St N"))
    _place(desk, admin, first.id, meeting)
    _place(desk, admin, second.id, meeting)
    error = _refused(desk, admin, petitions.cancel_meeting, meeting, reason=" ")
    assert error.field == "reason"
    _do(desk, admin, petitions.cancel_meeting, meeting, reason="No quorum")
    for petition in (first, second):
        assert _status(desk, petition.id) == (PetitionStatus.RECEIVED, None)
        assert _history(desk, petition.id)[-1] == ("unplaced", "Meeting cancelled", "")
    row = _meeting_row(desk, meeting)
    assert (row.cancelled_on, row.cancel_reason) == (date(2026, 11, 30), "No quorum")
    _refused(desk, admin, petitions.cancel_meeting, meeting, reason="again", error=Conflict)
    with desk.database.reading() as session:
        assert schedule.meetings(session) == []
        assert [m.id for m in schedule.meetings(session, include_cancelled=True)] == [meeting]
    [audit] = _audit(desk, "meeting.cancel")
    assert audit.summary == "Meeting of Mon Dec 14, 2026 cancelled: No quorum"


def test_a_meeting_that_took_place_cannot_be_cancelled(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    """Finding 7: cancelling a meeting held would send the petitions the Council heard back to
    waiting, as if it had never met."""
    petition = _receive(desk, admin, _data(owners))
    meeting = _meeting(desk, admin, DEC_14)
    _place(desk, admin, petition.id, meeting)
    clock.set(datetime(2026, 12, 14, 18, 5))  # the meeting has begun
    error = _refused(
        desk, admin, petitions.cancel_meeting, meeting, reason="No quorum", error=Conflict
    )
    assert error.message == (
        "The meeting of Mon Dec 14, 2026 has already begun: it cannot be cancelled."
    )
    clock.set(AFTER_DEC_14)
    _act(desk, admin, petition.id, CouncilAction.DENIED, meeting)
    # Even moved back to a later time, a meeting at which the Council acted took place.
    later = MeetingData(MeetingKind.REGULAR, _in_chicago(2026, 12, 21, 18), CHAMBERS)
    _do(desk, admin, schedule.update_meeting, meeting, later)
    error = _refused(desk, admin, petitions.cancel_meeting, meeting, reason="Typo", error=Conflict)
    assert error.message == (
        "The Council's action on a petition is recorded at the meeting of Mon Dec 21, 2026: it "
        "took place and cannot be cancelled."
    )
    assert _status(desk, petition.id) == (PetitionStatus.DENIED, meeting)
    assert _meeting_row(desk, meeting).cancelled_on is None


def test_a_packet_whose_agenda_changed_while_it_was_built_is_not_marked_built(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    """Finding 8: the packet is built in the background while the counter works on; a change
    after the build read the agenda leaves the packet "not built yet" on the Today tab."""
    first = _receive(desk, admin, _data(owners))
    second = _receive(desk, admin, _data(owners, street="Albert St"))
    waiting = _receive(desk, admin, _data(owners, street="Henry St"))
    meeting, other = _meeting(desk, admin, DEC_14), _meeting(desk, admin, DEC_28)
    _place(desk, admin, first.id, meeting)
    _place(desk, admin, second.id, meeting)

    def built_after(change: Callable[[], object]) -> CouncilMeeting:
        clock.advance(minutes=1)
        as_of = clock.now()  # the build reads the agenda ...
        clock.advance(seconds=20)
        change()  # ... while the clerk does this ...
        clock.advance(seconds=20)
        with desk.action(admin) as action:  # ... and the build ends
            try:
                schedule.record_packet_built(action, meeting, pages=9, as_of=as_of)
            except Conflict as refused:
                assert refused.message == (
                    "The agenda of the meeting of Mon Dec 14, 2026 changed while its packet "
                    "was built, so that packet is out of date and was not marked built. Build "
                    "the packet again."
                )
        return _meeting_row(desk, meeting)

    notes = _data(owners, staff_notes="DPW estimate attached")
    stale: list[Callable[[], object]] = [
        lambda: _do(desk, admin, petitions.update_petition, first.id, notes),
        lambda: _do(desk, admin, petitions.add_scan, first.id, "signed.pdf", PDF),
        lambda: _place(desk, admin, waiting.id, meeting),  # placed on it
        lambda: _place(desk, admin, waiting.id, other),  # moved off it
        lambda: _do(desk, admin, petitions.withdraw_petition, second.id, reason="Letter"),
        lambda: _do(
            desk,
            admin,
            schedule.update_meeting,
            meeting,
            MeetingData(MeetingKind.REGULAR, _in_chicago(2026, 12, 14, 17), CHAMBERS),
        ),
    ]
    for change in stale:
        assert built_after(change).packet_built_at is None
    # A change elsewhere does not touch this packet.
    unrelated = _receive(desk, admin, _data(owners, street="James St"))
    row = built_after(lambda: _place(desk, admin, unrelated.id, other))
    assert row.packet_built_at is not None and row.packet_pages == 9
    [audit] = _audit(desk, "meeting.packet")
    assert audit.summary == "Agenda packet of 9 pages built for Mon Dec 14, 2026"


def test_the_histories_of_an_agenda_are_read_in_one_query(
    desk: Desk, admin: SignedIn, owners: list[SignerData]
) -> None:
    """Finding 10: the packet is given every petition's history, read at once."""
    first = _receive(desk, admin, _data(owners))
    second = _receive(desk, admin, _data(owners, street="Albert St"))
    meeting = _meeting(desk, admin, DEC_14)
    _place(desk, admin, second.id, meeting)
    with desk.database.reading() as session:
        statements: list[str] = []
        engine = session.get_bind()
        from sqlalchemy import event

        def count(*args: Any) -> None:
            statements.append(str(args[2]))

        event.listen(engine, "before_cursor_execute", count)
        try:
            found = petitions.histories(session, [first.id, second.id, 9999])
        finally:
            event.remove(engine, "before_cursor_execute", count)
        assert len([s for s in statements if "petition_event" in s]) == 1
        assert [e.what for e in found[first.id]] == ["received"]
        assert [e.what for e in found[second.id]] == ["received", "placed"]
        assert found[9999] == []
        assert petitions.histories(session, []) == {}
        assert [e.what for e in petitions.history(session, second.id)] == ["received", "placed"]


# -- the agenda and the Council's actions ---------------------------------------------------------


def test_a_petition_is_placed_only_on_a_meeting_to_come(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    petition = _receive(desk, admin, _data(owners))
    past = _meeting(desk, admin, NOV_23)
    this_morning = _meeting(desk, admin, datetime(2026, 11, 30, 9, 0), MeetingKind.SPECIAL)
    cancelled = _meeting(desk, admin, DEC_28)
    _do(desk, admin, petitions.cancel_meeting, cancelled, reason="Holidays")
    for meeting, message in (
        (past, "That meeting has already taken place; choose a meeting to come."),
        (this_morning, "That meeting has already taken place; choose a meeting to come."),
        (cancelled, "That meeting is cancelled."),
    ):
        error = _refused(desk, admin, petitions.place_on_agenda, petition.id, meeting)
        assert (error.field, error.message) == ("meeting", message)
    _refused(desk, admin, petitions.place_on_agenda, petition.id, 9999, error=NotFound)
    _refused(desk, admin, petitions.place_on_agenda, 9999, past, error=NotFound)
    tonight = _meeting(desk, admin, datetime(2026, 11, 30, 18, 0), MeetingKind.SPECIAL)
    placed = _place(desk, admin, petition.id, tonight)
    assert (placed.status, placed.meeting_id) == (PetitionStatus.ON_AGENDA, tonight)
    _refused(desk, admin, petitions.place_on_agenda, petition.id, tonight, error=Conflict)
    assert _history(desk, petition.id)[-1] == (
        "placed",
        "Placed on the agenda of Mon Nov 30, 2026",
        "",
    )


def test_moving_a_petition_to_another_agenda_makes_both_packets_stale(
    desk: Desk, admin: SignedIn, owners: list[SignerData]
) -> None:
    petition = _receive(desk, admin, _data(owners))
    first, second = _meeting(desk, admin, DEC_14), _meeting(desk, admin, DEC_28)
    _place(desk, admin, petition.id, first)
    _packet_built(desk, admin, first)
    _packet_built(desk, admin, second)
    _place(desk, admin, petition.id, second)
    assert _status(desk, petition.id) == (PetitionStatus.ON_AGENDA, second)
    assert _meeting_row(desk, first).packet_built_at is None
    assert _meeting_row(desk, second).packet_built_at is None
    with desk.database.reading() as session:
        assert petitions.agenda(session, first) == []


def test_a_change_to_a_petition_on_an_agenda_makes_its_packet_stale(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    petition = _receive(desk, admin, _data(owners))
    meeting = _meeting(desk, admin, DEC_14)
    _place(desk, admin, petition.id, meeting)
    changes: list[Callable[[], object]] = [
        lambda: _do(desk, admin, petitions.update_petition, petition.id, _data(owners[:1])),
        lambda: _do(desk, admin, petitions.add_scan, petition.id, "signed.pdf", PDF),
        lambda: _do(
            desk,
            admin,
            petitions.set_scan_aside,
            _get(desk, petition.id).scans[0].id,
            reason="Unsigned copy",
        ),
        lambda: _do(
            desk,
            admin,
            petitions.correct_received,
            petition.id,
            received_at=_in_chicago(2026, 11, 30, 8, 15),
            reason="Stamped late",
        ),
    ]
    for change in changes:
        _packet_built(desk, admin, meeting)
        change()
        assert _meeting_row(desk, meeting).packet_built_at is None
    # an unchanged save leaves the packet as built
    _packet_built(desk, admin, meeting)
    _do(desk, admin, petitions.update_petition, petition.id, _data(owners[:1]))
    assert _meeting_row(desk, meeting).packet_built_at is not None


def test_the_council_refers_a_petition_and_approves_it_for_its_program_year(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    clock.set(datetime(2026, 9, 10, 10, 0))
    petition = _receive(desk, admin, _data(owners))
    assert petition.program_year == 2027
    clock.set(datetime(2026, 11, 30, 10, 0))
    first, second = _meeting(desk, admin, DEC_14), _meeting(desk, admin, DEC_28)
    _place(desk, admin, petition.id, first)
    early = _act_refused(desk, admin, petition.id, CouncilAction.DENIED, first)
    assert early.field == "meeting"
    assert early.message == "The meeting of Mon Dec 14, 2026 has not taken place yet."
    clock.set(AFTER_DEC_14)
    nobody = _act_refused(desk, admin, petition.id, CouncilAction.REFERRED, first, referred_to="  ")
    assert nobody.field == "referred_to"
    referred = _act(
        desk,
        admin,
        petition.id,
        CouncilAction.REFERRED,
        first,
        referred_to="Public Works  Committee",
        note="Estimate asked",
    )
    assert (referred.status, referred.meeting_id) == (PetitionStatus.REFERRED, None)
    assert referred.referred_to == "Public Works Committee"
    _place(desk, admin, petition.id, second)
    clock.set(datetime(2026, 12, 29, 9, 0))
    earlier = _act_refused(
        desk, admin, petition.id, CouncilAction.APPROVED, second, approved_year=2026
    )
    assert (earlier.field, earlier.cite) == ("approved_year", CITE)
    assert earlier.message == (
        "Received Thu Sep 10, 2026, the petition is considered for installation in 2027 at the "
        "earliest."
    )
    approved = _act(desk, admin, petition.id, CouncilAction.APPROVED, second)
    assert (approved.status, approved.approved_year, approved.meeting_id) == (
        PetitionStatus.APPROVED,
        2027,
        second,
    )
    assert [(w, d, r) for w, d, r in _history(desk, petition.id) if w != "received"] == [
        ("placed", "Placed on the agenda of Mon Dec 14, 2026", ""),
        ("referred", "Referred to Public Works Committee", "Estimate asked"),
        ("placed", "Placed on the agenda of Mon Dec 28, 2026", ""),
        ("approved", "Approved for installation in 2027", ""),
    ]
    [audit] = _audit(desk, "petition.approved")
    assert audit.summary == (
        "Petition P-2026-001: Approved for installation in 2027 (meeting of Mon Dec 28, 2026)"
    )
    assert audit.before == {"status": "on_agenda", "approved_year": None}
    # decided: nothing more happens to it but a correction of its details
    for service, args, kwargs in (
        (petitions.place_on_agenda, (petition.id, second), {}),
        (petitions.withdraw_petition, (petition.id,), {"reason": "letter"}),
        (
            petitions.record_council_action,
            (petition.id,),
            {"outcome": CouncilAction.DENIED, "meeting_id": second},
        ),
    ):
        error = _refused(desk, admin, service, *args, error=Conflict, **kwargs)
        assert error.message == "Petition P-2026-001 is approved."


def test_a_late_petition_may_be_approved_for_a_later_year_but_not_its_first(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    petition = _receive(desk, admin, _data(owners))  # Nov 30, 2026: program year 2028
    meeting = _meeting(desk, admin, DEC_14)
    _place(desk, admin, petition.id, meeting)
    clock.set(AFTER_DEC_14)
    error = _act_refused(
        desk, admin, petition.id, CouncilAction.APPROVED, meeting, approved_year=2027
    )
    assert error.cite == CITE and "2028 at the earliest" in error.message
    later = _act(desk, admin, petition.id, CouncilAction.APPROVED, meeting, approved_year=2029)
    assert later.approved_year == 2029


def test_the_council_denies_or_defers_a_petition(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    denied = _receive(desk, admin, _data(owners))
    deferred = _receive(desk, admin, _data(owners, kind=PetitionKind.SIDEWALK))
    first, second = _meeting(desk, admin, DEC_14), _meeting(desk, admin, DEC_28)
    cancelled = _meeting(desk, admin, datetime(2027, 1, 11, 18, 0))
    _do(desk, admin, petitions.cancel_meeting, cancelled, reason="Moved")
    for petition in (denied, deferred):
        _place(desk, admin, petition.id, first)
    clock.set(AFTER_DEC_14)
    result = _act(desk, admin, denied.id, CouncilAction.DENIED, first, note="No funds")
    assert (result.status, result.meeting_id) == (PetitionStatus.DENIED, first)
    assert _history(desk, denied.id)[-1] == ("denied", "Denied", "No funds")
    for deferred_to in (None, first, cancelled):
        error = _act_refused(
            desk, admin, deferred.id, CouncilAction.DEFERRED, first, deferred_to=deferred_to
        )
        assert error.field == "deferred_to"
    _packet_built(desk, admin, second)
    result = _act(desk, admin, deferred.id, CouncilAction.DEFERRED, first, deferred_to=second)
    assert (result.status, result.meeting_id) == (PetitionStatus.ON_AGENDA, second)
    assert _meeting_row(desk, second).packet_built_at is None
    assert _history(desk, deferred.id)[-1] == (
        "deferred",
        "Deferred to the meeting of Mon Dec 28, 2026",
        "",
    )
    with desk.database.reading() as session:
        assert [p.id for p in petitions.agenda(session, second)] == [deferred.id]


def test_the_council_acts_only_on_what_its_agenda_held(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    waiting = _receive(desk, admin, _data(owners))
    elsewhere = _receive(desk, admin, _data(owners, street="Broad St N"))
    first, second = _meeting(desk, admin, DEC_14), _meeting(desk, admin, DEC_28)
    _place(desk, admin, elsewhere.id, second)
    cancelled = _meeting(desk, admin, datetime(2026, 12, 7, 18, 0))
    _do(desk, admin, petitions.cancel_meeting, cancelled, reason="Snow")
    clock.set(datetime(2026, 12, 29, 9, 0))
    error = _act_refused(desk, admin, waiting.id, CouncilAction.DENIED, first, error=Conflict)
    assert error.message == (
        "Petition P-2026-001 is not on an agenda: the Council acts on a petition on the agenda "
        "of its meeting; place it first."
    )
    error = _act_refused(desk, admin, elsewhere.id, CouncilAction.DENIED, first)
    assert error.message == (
        "Petition P-2026-002 was not on the agenda of Mon Dec 14, 2026 (it is on the agenda of "
        "Mon Dec 28, 2026)."
    )
    error = _act_refused(desk, admin, elsewhere.id, CouncilAction.DENIED, cancelled)
    assert error.message == "That meeting was cancelled."
    assert _status(desk, elsewhere.id) == (PetitionStatus.ON_AGENDA, second)


def test_the_petitioner_withdraws_and_nothing_is_deleted(
    desk: Desk, admin: SignedIn, owners: list[SignerData]
) -> None:
    petition = _receive(desk, admin, _data(owners), scans=(("signed.pdf", PDF),))
    meeting = _meeting(desk, admin, DEC_14)
    _place(desk, admin, petition.id, meeting)
    _packet_built(desk, admin, meeting)
    error = _refused(desk, admin, petitions.withdraw_petition, petition.id, reason="  ")
    assert error.field == "reason"
    reason = "Letter from Anna Berg of Dec 1, 2026"
    withdrawn = _get(
        desk, _do(desk, admin, petitions.withdraw_petition, petition.id, reason=reason)
    )
    assert (withdrawn.status, withdrawn.meeting_id) == (PetitionStatus.WITHDRAWN, None)
    assert _meeting_row(desk, meeting).packet_built_at is None
    stored = _get(desk, petition.id)
    assert len(stored.signers) == 3 and len(stored.scans) == 1
    assert [w for w, _, _ in _history(desk, petition.id)] == [
        "received",
        "scan",
        "placed",
        "withdrawn",
    ]
    assert _history(desk, petition.id)[-1] == ("withdrawn", "Withdrawn by the petitioner", reason)
    assert {e.action for e in _audit(desk, "petition.withdraw")} == {"petition.withdraw"}
    with desk.database.reading() as session:
        assert petitions.search_petitions(session, status=PetitionStatus.WITHDRAWN)
        assert petitions.agenda(session, meeting) == []
        _refused(desk, admin, petitions.withdraw_petition, petition.id, reason="x", error=Conflict)
        assert session.scalar(select(func.count()).select_from(PetitionEvent)) == 4


def test_every_step_of_a_petitions_life_is_audited(
    desk: Desk, admin: SignedIn, owners: list[SignerData], clock: FixedClock
) -> None:
    petition = _receive(desk, admin, _data(owners), scans=(("a.pdf", PDF),))
    meeting = _meeting(desk, admin, DEC_14)
    _do(desk, admin, petitions.update_petition, petition.id, _data(owners, staff_notes="x"))
    _place(desk, admin, petition.id, meeting)
    _packet_built(desk, admin, meeting)
    clock.set(AFTER_DEC_14)
    _act(desk, admin, petition.id, CouncilAction.DENIED, meeting)
    with desk.database.reading() as session:
        actions = list(
            session.scalars(
                select(AuditEvent.action)
                .where(AuditEvent.record_type.in_(("petition", "council_meeting")))
                .order_by(AuditEvent.id)
            )
        )
    assert actions == [
        "petition.receive",
        "petition.scan",
        "meeting.create",
        "petition.update",
        "petition.place",
        "meeting.packet",
        "petition.denied",
    ]


def test_a_role_without_the_counter_permission_is_refused(
    desk: Desk,
    admin: SignedIn,
    owners: list[SignerData],
    operator_with: Callable[[Role], SignedIn],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every role holds it today (it is a counter permission), so take it from one role to prove
    # that each service checks it rather than trusting the window to hide its buttons.
    assert all(Permission.TAKE_APPLICATIONS in GRANTS[role] for role in Role)
    inspector = operator_with(Role.INSPECTOR)
    petition = _receive(desk, inspector, _data(owners))
    meeting = _meeting(desk, inspector, DEC_14)
    scan = _do(desk, inspector, petitions.add_scan, petition.id, "a.pdf", PDF)
    monkeypatch.setitem(
        GRANTS, Role.INSPECTOR, GRANTS[Role.INSPECTOR] - {Permission.TAKE_APPLICATIONS}
    )
    data = MeetingData(MeetingKind.REGULAR, _in_chicago(2026, 12, 14, 18), CHAMBERS)
    for service, args, kwargs in (
        (petitions.receive_petition, (_data(owners),), {}),
        (petitions.update_petition, (petition.id, _data(owners)), {}),
        (petitions.correct_received, (petition.id,),
         {"received_at": _in_chicago(2026, 11, 30, 8), "reason": "x"}),
        (petitions.add_scan, (petition.id, "a.pdf", PDF), {}),
        (petitions.set_scan_aside, (scan,), {"reason": "x"}),
        (schedule.add_meeting, (data,), {}),
        (schedule.update_meeting, (meeting, data), {}),
        (petitions.cancel_meeting, (meeting,), {"reason": "x"}),
        (schedule.record_packet_built, (meeting,),
         {"pages": 3, "as_of": _in_chicago(2026, 11, 30, 9)}),
        (petitions.place_on_agenda, (petition.id, meeting), {}),
        (petitions.record_council_action, (petition.id,),
         {"outcome": CouncilAction.DENIED, "meeting_id": meeting}),
        (petitions.withdraw_petition, (petition.id,), {"reason": "x"}),
    ):  # fmt: skip
        error = _refused(desk, inspector, service, *args, error=PermissionDenied, **kwargs)
        assert "take applications and petitions" in error.message


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
