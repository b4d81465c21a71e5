"""Improvement petitions (§ 506-14) received: the program year on September 14, 15 and 16
(and when September 15 is a Saturday, a Sunday or a closed day), intake stamped by the clock and
numbered in the saving transaction, scans, and corrections with a reason and a history that
loses nothing."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from petitions_steps import (  # type: ignore[import-not-found]
    AFTER_DEC_14,
    CALENDAR,
    CITE,
    DEC_14,
    PDF,
    _act,
    _act_refused,
    _audit,
    _data,
    _do,
    _get,
    _history,
    _in_chicago,
    _meeting,
    _place,
    _receive,
    _refused,
)
from petitions_steps import owners as owners
from sqlalchemy import func, select

from clerk_desk import documents, settings_store
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CalendarSettings, CityCalendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, NotFound
from clerk_desk.kinds import PetitionKind, PetitionStatus
from clerk_desk.models import Document, NumberSequence, Petition
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.service import CouncilAction, SignerData

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 24
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 24
GIF = b"GIF89a" + b"\x00" * 24


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
