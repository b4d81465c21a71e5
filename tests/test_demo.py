"""The demo database a new user explores: one operator per role, Prescott's streets, a public
utility, names with diacritics that come back as they went in, and improvement petitions with
the Council meetings that acted on them."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from pypdf import PdfReader
from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk import (
    demo,
    demo_petitions,
    documents,
    operators,
    parties,
    petitions,
    street_numbers,
    today,
)
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import SYSTEM, Desk
from clerk_desk.errors import Conflict, SignInFailed
from clerk_desk.models import (
    Address,
    AddressStatus,
    BuildingKind,
    MeetingKind,
    NumberingCaseStatus,
    Operator,
    Parcel,
    Party,
    Petition,
    PetitionKind,
    PetitionStatus,
    Role,
)
from clerk_desk.settings import CityProfile
from clerk_desk.street_numbers_import import out_of_order

TODAY = date(2026, 11, 30)


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite3"
    summary = demo.create(str(path), clock=FixedClock(TODAY))
    assert summary.counts["amount_due"] == 40
    assert summary.counts["address"] > 1000 and summary.counts["numbering_case"] == 4
    assert (summary.counts["petition"], summary.counts["council_meeting"]) == (12, 7)
    db = Database(str(path))
    yield db
    db.dispose()


def test_one_operator_per_role_signs_in_with_the_readme_password(demo_db: Database) -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "prescott-demo" in readme
    clock = FixedClock(TODAY)
    roles = set()
    for username, full_name, role in demo.DEMO_OPERATORS:
        who = operators.sign_in(demo_db, clock, username, "prescott-demo")
        assert (who.full_name, who.role) == (full_name, role)
        roles.add(who.role)
    assert roles == set(Role)
    with pytest.raises(SignInFailed):
        operators.sign_in(demo_db, clock, "admin", "prescott-demo2")


def test_the_demo_lives_on_prescotts_streets(demo_db: Database) -> None:
    with demo_db.reading() as session:
        streets = {
            p.site_address.split(" ", 1)[1] for p in parties.search_parcels(session, limit=10_000)
        }
        assert streets == set(demo.STREETS)
        assert parties.search_parcels(session, "kinnickinnic")
        (utility,) = parties.search_parties(session, "pierce croix electric")
        assert utility.public_utility and utility.kind == "utility"


def test_names_with_diacritics_survive_the_round_trip(demo_db: Database) -> None:
    with demo_db.reading() as session:
        deputy = session.scalars(select(Operator).where(Operator.username == "deputy")).one()
        assert deputy.full_name == "Dale Nguyễn"
        names = set(session.scalars(select(Party.name)))
        found = parties.search_parties(session, "nguyen", limit=10_000)
    accented = {n for n in names if any(ord(c) > 127 for c in n)}
    assert len(accented) > 50
    assert found and all("Nguyễn" in p.name or "Nguyễn" in p.contact_name for p in found)


def test_a_demo_is_not_built_over_records_without_replace(demo_db: Database) -> None:
    with pytest.raises(Conflict, match="already holds records"):
        demo.create(str(demo_db.path))


def test_every_demo_parcel_has_its_official_number_in_parity_and_order(demo_db: Database) -> None:
    with demo_db.reading() as session:
        on_map = {s.full_name for s in street_numbers.streets(session)}
        assert set(demo.STREETS) < on_map  # and more of Prescott's streets, not yet numbered
        addresses = street_numbers.register(session, include_retired=True)
        parcels = list(session.scalars(select(Parcel)))
        gate = {p.parcel_number: street_numbers.official_number(session, p) for p in parcels}
    assigned = [a for a in addresses if a.status == AddressStatus.ASSIGNED]
    assert len(assigned) > 1000
    for address in addresses:  # the parity rule: odd numbers on the street's odd side
        assert address.side == street_numbers.side_for(address.street, address.number), address
        assert address.street.range_low <= address.number <= address.street.range_high
    by_side: dict[tuple[int, str], set[tuple[int, int, int]]] = {}
    for address in assigned:  # numbers rise along each side of each street
        assert address.position_ft is not None
        by_side.setdefault((address.street_id, address.side), set()).add(
            (address.position_ft, address.number, address.number)
        )
    assert all(not out_of_order(sorted(points)) for points in by_side.values())
    retired = [a for a in addresses if a.status == AddressStatus.RETIRED]
    assert len(retired) == 1
    numbered = {p.parcel_number: p.site_address for p in parcels}
    missing = [n for n, official in gate.items() if official is None]
    assert missing == [retired[0].parcel.parcel_number]  # the permit gate stops its lot only
    assert all(official == numbered[n] for n, official in gate.items() if official)
    kinds = {a.building_kind for a in assigned}
    assert kinds == set(BuildingKind)
    assert sum(1 for a in assigned if a.unit and a.building_kind == "multiple_dwelling") > 20


def test_the_demo_register_keeps_history_and_the_inspectors_work(demo_db: Database) -> None:
    with demo_db.reading() as session:
        (retired,) = session.scalars(select(Address).where(Address.status == "retired"))
        changes = [c.what for c in street_numbers.history(session, retired.id)]
        recent = session.scalars(
            select(Address).where(Address.assigned_on == TODAY, Address.unit == "")
        ).all()
        assert [a.assigned_by_name for a in recent] == ["Ivan Olsen"] * 2
        assert changes == ["imported", "retired"]
        assert any(a.letter_printed_on == TODAY for a in recent)
        assert street_numbers.search_addresses(session, "125 broad street north")


def test_the_today_tab_shows_the_street_number_notices_and_referrals_due(
    demo_db: Database,
) -> None:
    desk = Desk(demo_db, clock=FixedClock(TODAY))
    with desk.lookup(SYSTEM) as action:
        items = [i for i in today.gather(action) if i.workflow == "Street Numbers"]
        statuses = sorted(c.status for c in street_numbers.cases(action.session, active_only=False))
    assert statuses == sorted(
        [
            NumberingCaseStatus.OPEN,
            NumberingCaseStatus.OPEN,
            NumberingCaseStatus.NOTICED,
            NumberingCaseStatus.COMPLIED,
        ]
    )
    due = [i for i in items if i.urgency(TODAY) in ("overdue", "today")]
    assert len(due) == 2  # the case observed last week is not due: the owner has 20 days
    assert any(i.title.startswith("Notice to number") for i in due)
    assert any(i.title.startswith("Refer") for i in due)


def test_petitions_of_every_kind_are_signed_by_owners_on_their_street(demo_db: Database) -> None:
    with demo_db.reading() as session:
        found = petitions.search_petitions(session)
        assert len(found) == len(demo_petitions.PETITIONS) == 12
        assert {p.kind for p in found} == set(PetitionKind)
        assert sorted(p.number for p in found) == [f"P-2026-{n:03d}" for n in range(1, 13)]
        for petition in found:
            assert petition.street in demo.STREETS
            assert petition.signers and any(s.signed for s in petition.signers)
            for signer in petition.signers:
                assert signer.parcel is not None and signer.parcel.owner_id == signer.party_id
                assert signer.parcel.site_address.endswith(f" {petition.street}")
        timely = [p for p in found if petitions.is_timely(p)]
        assert {p.program_year for p in timely} == {2027}
        assert {p.program_year for p in found if p not in timely} == {2028}
        assert len(timely) == 8  # one of them after its received stamp was corrected
        [corrected] = [p for p in found if "corrected" in petitions_steps(session, p)]
        assert corrected in timely and corrected.received_on == date(2026, 9, 15)


def test_the_council_has_acted_on_demo_petitions(demo_db: Database) -> None:
    with demo_db.reading() as session:
        by_status: dict[str, list[Petition]] = {}
        for petition in petitions.search_petitions(session):
            by_status.setdefault(petition.status, []).append(petition)
        [approved] = by_status[PetitionStatus.APPROVED]
        assert approved.approved_year == approved.program_year == 2027
        [referred] = by_status[PetitionStatus.REFERRED]
        assert referred.referred_to == "Public Works Committee"
        assert len(by_status[PetitionStatus.DENIED]) == 1
        assert len(by_status[PetitionStatus.WITHDRAWN]) == 1
        assert len(by_status[PetitionStatus.RECEIVED]) == 2
        on_agenda = by_status[PetitionStatus.ON_AGENDA]
        assert len(on_agenda) == 6
        deferred = [p for p in on_agenda if "deferred" in petitions_steps(session, p)]
        assert len(deferred) == 1
        decided = [approved, referred, *by_status[PetitionStatus.DENIED]]
        for petition in decided:  # each was placed on a past agenda before the Council acted
            assert petitions_steps(session, petition)[1:3] == ["placed", petition.status]
        now = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
        assert all(p.meeting is not None and p.meeting.starts_at > now for p in on_agenda)
        next_meeting = min(p.meeting_id for p in on_agenda if p.meeting_id is not None)
        agenda = petitions.agenda(session, next_meeting)
        assert [petitions.is_timely(p) for p in agenda] == [True, True, True, True, False]


def petitions_steps(session: Session, petition: Petition) -> list[str]:
    return [e.what for e in petitions.history(session, petition.id) if e.what != "scan"]


def test_the_council_meets_on_the_second_and_fourth_mondays(demo_db: Database) -> None:
    place = CityProfile().council_meeting_place
    with demo_db.reading() as session:
        meetings = petitions.meetings(session)
    zone = ZoneInfo("America/Chicago")
    regular = [m.starts_at.astimezone(zone) for m in meetings if m.kind == MeetingKind.REGULAR]
    assert [m.date() for m in regular] == [
        date(2026, 11, 9),
        date(2026, 11, 23),
        date(2026, 12, 14),
        date(2026, 12, 28),
        date(2027, 1, 11),
        date(2027, 1, 25),
    ]
    assert {(m.hour, m.minute) for m in regular} == {(18, 0)}
    assert {m.place for m in meetings} == {place}
    [special] = [m for m in meetings if m.kind == MeetingKind.SPECIAL]
    assert special.notes
    # A Monday holiday moves the meeting to the Tuesday (Columbus Day, Veterans Day observed).
    assert demo_petitions.meeting_days(date(2029, 10, 1), date(2029, 11, 30), CityCalendar()) == [
        date(2029, 10, 9),
        date(2029, 10, 22),
        date(2029, 11, 13),
        date(2029, 11, 26),
    ]


def test_demo_scans_are_one_page_pdfs_of_the_petition(demo_db: Database) -> None:
    with demo_db.reading() as session:
        scanned = [p for p in petitions.search_petitions(session) if p.scans]
        assert len(scanned) == sum(spec.scan for spec in demo_petitions.PETITIONS) == 7
        for petition in scanned:
            [scan] = petition.scans
            content = documents.scan_bytes(session, scan.sha256)
            assert content is not None
            reader = PdfReader(io.BytesIO(content), strict=True)
            assert len(reader.pages) == 1
            text = reader.pages[0].extract_text()
            assert "PETITION FOR A STREET IMPROVEMENT" in text
            assert f"Location: {petitions.location(petition)}" in text


def test_a_demo_made_in_the_night_stamps_its_petitions_in_city_hall_hours(
    tmp_path: Path,
) -> None:
    """Finding 13: made at 1:47 a.m., the demo's newest petition is not stamped "received
    1:17 AM", nor placed on an agenda at 1:47 AM: everything happens while the counter is open
    (8:00 a.m. to 5:00 p.m. on a day City Hall is open), the last before the night."""
    night = datetime(2026, 11, 30, 1, 47)  # a Monday, before City Hall opens
    demo.create(str(tmp_path / "night.sqlite3"), clock=FixedClock(night))
    db = Database(str(tmp_path / "night.sqlite3"))
    zone = ZoneInfo("America/Chicago")
    calendar = CityCalendar()
    try:
        with db.reading() as session:
            found = petitions.search_petitions(session)
            moments = [p.received_at for p in found] + [
                e.at for p in found for e in petitions.history(session, p.id)
            ]
    finally:
        db.dispose()
    assert len(found) == 12
    local = [m.astimezone(zone) for m in moments]
    hours = (datetime(2000, 1, 1, 8, 0).time(), datetime(2000, 1, 1, 17, 0).time())
    outside = [
        m for m in local if not (calendar.is_open(m.date()) and hours[0] <= m.time() <= hours[1])
    ]
    assert outside == []
    # Thanksgiving and the day after are closed: the last moment is Wednesday's close.
    assert max(local) == datetime(2026, 11, 25, 17, 0, tzinfo=zone)
