"""The demo database a new user explores: one operator per role, Prescott's streets, a public
utility, names with diacritics that come back as they went in, improvement petitions with the
Council meetings that acted on them, special event vending permits and street openings at
every step of their permits, and special charges on each clock with last year's certified tax
roll run."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from pypdf import PdfReader
from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk import demo, documents, fees, ledger, operators, parties, today
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.deadlines import CityCalendar
from clerk_desk.demo import counter as demo_counter
from clerk_desk.demo import meetings as demo_meetings
from clerk_desk.demo import petitions as demo_petitions
from clerk_desk.demo import sidewalk_cafes as demo_sidewalk_cafes
from clerk_desk.demo import sidewalks as demo_sidewalks
from clerk_desk.demo import special_charges as demo_special_charges
from clerk_desk.demo import street_numbers as demo_street_numbers
from clerk_desk.demo import street_openings as demo_street_openings
from clerk_desk.demo import street_privileges as demo_street_privileges
from clerk_desk.demo import vending as demo_vending
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import Conflict, SignInFailed
from clerk_desk.findings import blocking
from clerk_desk.kinds import (
    AddressStatus,
    BondKind,
    BuildingKind,
    ChargeKind,
    ChargeStatus,
    Compass,
    MeetingKind,
    NumberingCaseStatus,
    PartyKind,
    PetitionKind,
    PetitionStatus,
    Role,
    RunStatus,
    VendingStatus,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    Address,
    Operator,
    Parcel,
    Party,
    Petition,
    SpecialCharge,
    StreetImprovement,
    StreetOpening,
    VendingApplication,
)
from clerk_desk.money import Money
from clerk_desk.petitions import schedule
from clerk_desk.petitions import service as petitions
from clerk_desk.settings import CityProfile
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_numbers import addresses as street_addresses
from clerk_desk.street_numbers import cases
from clerk_desk.street_numbers import streets as street_streets
from clerk_desk.street_numbers.importing import out_of_order
from clerk_desk.street_openings import rules as so_rules
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings import work as so_work
from clerk_desk.vending import service as vending
from clerk_desk.words import format_day

TODAY = date(2026, 11, 30)


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite3"
    summary = demo.create(str(path), clock=FixedClock(TODAY))
    # 40 open amounts, the six vending permit fees, what the permit workflows billed, and the
    # special charges' (each owes through one amount due)
    assert summary.counts["amount_due"] == (
        40
        + 6
        + demo_street_openings.AMOUNTS_DUE
        + demo_street_privileges.AMOUNTS_DUE
        + demo_sidewalks.AMOUNTS_DUE
        + demo_sidewalk_cafes.AMOUNTS_DUE
        + demo_special_charges.AMOUNTS_DUE
    )
    # The special charges' own, and the City's work billed by the permit workflows.
    assert (summary.counts["special_charge"], summary.counts["tax_roll_run"]) == (
        demo_special_charges.AMOUNTS_DUE
        + demo_street_privileges.SPECIAL_CHARGES
        + demo_sidewalks.SPECIAL_CHARGES,
        1,
    )
    assert summary.counts["vending_application"] == 6
    assert (summary.counts["street_opening"], summary.counts["street_improvement"]) == (6, 2)
    assert summary.counts["address"] > 1000 and summary.counts["numbering_case"] == 4
    # The sidewalk repair orders and the cafes add two older meetings each.
    assert (summary.counts["petition"], summary.counts["council_meeting"]) == (12, 11)
    assert summary.counts["street_privilege"] == 7
    assert (summary.counts["master_plan_segment"], summary.counts["sidewalk_permit"]) == (5, 6)
    assert summary.counts["sidewalk_repair_order"] == 4
    assert summary.counts["sidewalk_cafe"] == 6
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
        on_map = {s.full_name for s in street_streets.streets(session)}
        assert set(demo.STREETS) < on_map  # and more of Prescott's streets, not yet numbered
        addresses = street_addresses.register(session, include_retired=True)
        parcels = list(session.scalars(select(Parcel)))
        gate = {p.parcel_number: street_addresses.official_number(session, p) for p in parcels}
    assigned = [a for a in addresses if a.status == AddressStatus.ASSIGNED]
    assert len(assigned) > 1000
    for address in addresses:  # the parity rule: odd numbers on the street's odd side
        assert address.side == street_streets.side_for(address.street, address.number), address
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
        changes = [c.what for c in street_addresses.history(session, retired.id)]
        recent = session.scalars(
            select(Address).where(Address.assigned_on == TODAY, Address.unit == "")
        ).all()
        assert [a.assigned_by_name for a in recent] == ["Ivan Olsen"] * 2
        assert changes == ["imported", "retired"]
        assert any(a.letter_printed_on == TODAY for a in recent)
        assert street_addresses.search_addresses(session, "125 broad street north")


def test_the_today_tab_shows_the_street_number_notices_and_referrals_due(
    demo_db: Database,
) -> None:
    desk = Desk(demo_db, clock=FixedClock(TODAY))
    with desk.lookup(SYSTEM) as action:
        items = [i for i in today.gather(action) if i.workflow == "Street Numbers"]
        statuses = sorted(c.status for c in cases.cases(action.session, active_only=False))
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
        meetings = schedule.meetings(session)
    zone = ZoneInfo("America/Chicago")
    regular = [m.starts_at.astimezone(zone) for m in meetings if m.kind == MeetingKind.REGULAR]
    assert [m.date() for m in regular] == [
        # Older meetings the sidewalk repair orders and the sidewalk cafes were decided at.
        date(2026, 6, 22),
        date(2026, 7, 27),
        date(2026, 9, 28),
        date(2026, 10, 26),
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
    assert demo_meetings.meeting_days(date(2029, 10, 1), date(2029, 11, 30), CityCalendar()) == [
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


# -- special event vending (§ 506-24) ---------------------------------------------------------


def _vending(session: Session) -> dict[str, VendingApplication]:
    return {a.applicant.name: a for a in vending.search_applications(session)}


def test_prescott_daze_is_approved_conditionally_with_its_forty_participants(
    demo_db: Database,
) -> None:
    with demo_db.reading() as session:
        daze = _vending(session)[demo_vending.DAZE_SPONSOR]
        assert daze.applicant_kind == "sponsor" and daze.event_name == "Prescott Daze 2027"
        assert daze.status == VendingStatus.CONDITIONALLY_APPROVED
        assert daze.permit_number is not None and daze.permit_number.startswith("SEV-2026-")
        assert len(daze.participants) == 40
        assert [p.role for p in daze.participants].count("sponsor") == 2
        days = sorted({s.day for s in daze.slots})
        assert days == [date(2027, 9, 10), date(2027, 9, 11), date(2027, 9, 12)]
        assert {s.location for s in daze.slots} == set(demo_vending.DAZE_PLACES)
        assert all("Broad St N" in p or "Orange St" in p for p in demo_vending.DAZE_PLACES)
        assert {(s.starts, s.ends) for s in daze.slots} == set(demo_vending.DAZE_HOURS)
        conditions = daze.conditions.split("\n")
        assert conditions[0].startswith("The Committee cleans Broad St N and Orange St")
        assert conditions[1].startswith(
            "This permit is not valid until a certificate of insurance meeting § 506-24"
        )
        assert conditions[2].startswith("This permit is not valid until the Chief of Police")
        items = {
            i.key: i for i in vending.checklist(session, daze, calendar=CityCalendar(), today=TODAY)
        }
        assert items["list"].met and items["fee"].met and items["complete"].met


def test_demo_vending_applications_stand_at_every_step(demo_db: Database) -> None:
    with demo_db.reading() as session:
        by_name = _vending(session)
        statuses = {name: a.status for name, a in by_name.items()}
        assert statuses == {
            demo_vending.DAZE_SPONSOR: VendingStatus.CONDITIONALLY_APPROVED,
            "Magee Park Ice Cream": VendingStatus.APPROVED,
            "Kinnickinnic Coffee Co.": VendingStatus.RECEIVED,
            "Prescott Youth Hockey Boosters": VendingStatus.IN_DOUBT,
            "Old Mill Antiques": VendingStatus.DENIED,
            "Borner Street Pizza": VendingStatus.APPROVED_ON_APPEAL,
        }
        this_week = by_name["Magee Park Ice Cream"]
        assert [s.day for s in this_week.slots] == [date(2026, 12, 3)]
        assert this_week.conditions == ""
        received = by_name["Kinnickinnic Coffee Co."]
        # "Yesterday" is the last day City Hall was open: Wednesday, before Thanksgiving.
        assert received.applied_on == date(2026, 11, 25)
        assert received.doubt_due_on == date(2026, 11, 30)
        [notice] = by_name["Prescott Youth Hockey Boosters"].notices
        assert notice.delivered_at is not None and notice.delivered_manner == "e-mail"
        assert any("Borner St N parking lot" in m for m in notice.matters["items"])
        denied = by_name["Old Mill Antiques"]
        assert denied.appeal_due_on is not None and denied.appeal_due_on > TODAY
        appealed = by_name["Borner Street Pizza"]
        [appeal] = appealed.appeals
        assert appeal.timely and appeal.outcome == "conditional"
        assert appeal.meeting is not None and appeal.meeting.cancelled_on is None
        assert appeal.acted_on == date(2026, 11, 23)  # the Council's last meeting held
        assert appealed.decided_by_name == "Common Council"
        assert appealed.denied_by_name and appealed.denied_on is not None
        assert vending.permit_conditions(appealed)[0] == appeal.conditions
        steps = [e.action for e in vending.history(session, appealed.id)]
        assert steps == [
            "vending.receive",
            "due.create",
            "due.payment",
            demo_counter.RECEIPTED,  # the fee's receipt, written among that day's receipts
            "vending.deny",
            "vending.appeal",
            "vending.appeal_decision",
        ]
        numbers = sorted(a.number for a in by_name.values())
        assert numbers == [f"V-2026-{n:03d}" for n in range(1, 7)]


def test_the_today_tab_shows_the_vending_work_due(demo_db: Database) -> None:
    desk = Desk(demo_db, clock=FixedClock(TODAY))
    with desk.lookup(SYSTEM) as action:
        items = [i for i in today.gather(action) if i.workflow == "Special Event Vending"]
    titles = sorted(i.title for i in items)
    assert len(titles) == 3
    assert titles[0].startswith("Appeal window for V-2026-")
    assert titles[0].endswith("closes Wed Dec 2, 2026")  # denied Wed Nov 25, before Thanksgiving
    assert titles[1].startswith("Approve V-2026-")
    assert titles[1].endswith("or state the matters in doubt by Mon Nov 30, 2026")
    assert titles[2].startswith("Permit SEV-2026-")
    assert titles[2].endswith("Freedom Park Riverfront Market on Thu Dec 3, 2026")
    assert {i.urgency(TODAY) for i in items} == {"today", "soon"}


# -- street openings ----------------------------------------------------------------------------


def _statuses(openings: list[StreetOpening], on: date) -> dict[str, str]:
    return {o.applicant.name: so.display_status(o, on) for o in openings}


STATUSES = {
    demo_street_openings.UTILITY: "In progress",
    demo_street_openings.BORING: "Approved",
    demo_street_openings.SEWER: "Guarantee period",
    demo_street_openings.TELEPHONE: "Applied",
    demo_street_openings.EXCAVATOR: "Refused",
    demo_street_openings.PUBLIC_WORKS: "City work (exempt)",
}


def test_street_openings_at_each_step_of_the_permit(demo_db: Database) -> None:
    desk = Desk(demo_db, clock=FixedClock(TODAY))
    with desk.lookup(SYSTEM) as action:
        session, calendar = action.session, action.calendar
        found = so.search_openings(session)
        assert _statuses(found, TODAY) == STATUSES
        assert sorted(o.number for o in found) == [f"SO-2026-{n:03d}" for n in range(1, 7)]
        assert [o.applied_on for o in sorted(found, key=lambda o: o.sequence)] == sorted(
            o.applied_on for o in found
        )  # numbered in the order applied for
        by = {o.applicant.name: o for o in found}
        streets = {s.street.full_name for o in found for s in o.sites if s.street is not None}
        assert streets <= set(demo.STREETS)
        # Last week's gas leak: the City told at once, applied for the next business day, no
        # fee; in the frozen season the Building Inspector determined it an emergency.
        gas = by[demo_street_openings.UTILITY]
        assert gas.emergency and gas.opened_on == TODAY - timedelta(days=7)
        assert gas.city_notified_at is not None
        assert gas.applied_on == so_rules.emergency_application_due(gas.opened_on, calendar)
        assert ledger.dues_for(session, RecordRef(so_rules.RECORD_TYPE, str(gas.id))) == []
        assert gas.frozen_emergency_by == demo_street_openings.OFFICIAL
        assert gas.approved_on == gas.applied_on and gas.started_at is not None
        # A contractor's permit, bonded and paid, expires within 14 days.
        expiring = by[demo_street_openings.BORING]
        assert expiring.valid_until is not None
        assert TODAY < expiring.valid_until <= TODAY + timedelta(days=14)
        # Restored on the street repaved six years ago, a guarantee filed, its year running.
        restored = by[demo_street_openings.SEWER]
        assert restored.completed_on is not None and restored.completed_on < TODAY
        assert so_work.guarantee_ends(restored) > TODAY
        checklist = so_work.work_checklist(restored, calendar=calendar, today=TODAY)
        assert all(line.done or line.title.startswith("One-year") for line in checklist)
        guarantees = bonds.search_bonds(session, kind=BondKind.RESTORATION_GUARANTEE)
        assert [b.record_id for b in guarantees] == [str(restored.id)]
        # Awaiting approval: paid and insured, blocked only by frozen ground.
        waiting = by[demo_street_openings.TELEPHONE]
        assert [f.cite for f in blocking(so.review(action, waiting.id))] == [so_rules.FROZEN_CITE]
        # Refused on the street repaved two years ago.
        refused = by[demo_street_openings.EXCAVATOR]
        assert "five years" in refused.refused_reason
        for opening in (expiring, restored, waiting, refused):
            assert ledger.is_paid(session, RecordRef(so_rules.RECORD_TYPE, str(opening.id)))
        register = {
            i.street.full_name: i.completed_on for i in session.scalars(select(StreetImprovement))
        }
        assert register == {"Dexter St": date(2024, 11, 30), "Walter St": date(2020, 11, 30)}
        items = [i for i in today.gather(action) if i.workflow == "Street Openings"]
    assert [i.record_id for i in items] == [str(expiring.id)]


def _small_city(desk: Desk, admin: SignedIn) -> None:
    """Only what the street openings demo needs: its applicants and its streets."""
    with desk.action(admin) as action:
        for name in demo_street_openings.APPLICANTS:
            utility = name in (demo_street_openings.UTILITY, demo_street_openings.TELEPHONE)
            kind = PartyKind.UTILITY if utility else PartyKind.BUSINESS
            if name == demo_street_openings.PUBLIC_WORKS:
                kind = PartyKind.GOVERNMENT
            parties.add_party(
                action,
                parties.PartyData(
                    kind=kind,
                    name=name,
                    public_utility=utility,
                    contractor=kind is PartyKind.BUSINESS,
                ),
            )
        for name in demo_street_openings.STREETS:
            plan = demo_street_numbers.StreetPlan(name, Compass.NORTH)
            street_streets.add_street(action, plan.data())


@pytest.mark.parametrize(
    "day",
    [
        date(2026, 8, 20),
        date(2026, 11, 14),
        date(2026, 12, 24),
        date(2027, 1, 15),
        date(2027, 5, 1),
        date(2027, 5, 2),
        date(2027, 7, 1),
    ],
)
def test_the_street_openings_demo_holds_on_any_day_of_the_year(
    desk: Desk, admin: SignedIn, clock: FixedClock, day: date
) -> None:
    clock.set(day)
    _small_city(desk, admin)
    assert demo_street_openings.generate(desk) == {"street_opening": 6, "street_improvement": 2}
    with desk.lookup(SYSTEM) as action:
        found = so.search_openings(action.session)
        assert _statuses(found, day) == STATUSES
        waiting = next(o for o in found if o.status == "applied")
        assert [f.cite for f in blocking(so.review(action, waiting.id))] == [so_rules.FROZEN_CITE]
        items = [i for i in today.gather(action) if i.workflow == "Street Openings"]
    assert [i.title.split()[0] for i in items] == ["Permit"]  # the one expiring, no other


# -- special charges and the tax roll --------------------------------------------------------------


def _charges_by_year(session: Session) -> dict[tuple[int, ChargeKind], SpecialCharge]:
    """The demo's charges (one of each kind a year) by the year numbered and the kind."""
    return {(c.year, ChargeKind(c.kind)): c for c in sc.search_charges(session)}


def test_special_charges_of_each_kind_on_their_clocks_and_last_years_certified_run(
    demo_db: Database,
) -> None:
    desk = Desk(demo_db, clock=FixedClock(TODAY))
    with desk.lookup(SYSTEM) as action:
        session = action.session
        charges = _charges_by_year(session)
        standing = {key: sc.standing(c, TODAY) for key, c in charges.items()}
        assert standing == {
            (2025, ChargeKind.SNOW_ICE): charge_rules.Standing.CERTIFIED,
            (2025, ChargeKind.OBSTRUCTION): charge_rules.Standing.CERTIFIED,
            (2025, ChargeKind.DIRT_DEBRIS): charge_rules.Standing.CERTIFIED,
            (2025, ChargeKind.STREET_DAMAGE): charge_rules.Standing.PAID,
            (2026, ChargeKind.SNOW_ICE): charge_rules.Standing.BILLED,
            (2026, ChargeKind.OBSTRUCTION): charge_rules.Standing.READY_FOR_ROLL,
            (2026, ChargeKind.DIRT_DEBRIS): charge_rules.Standing.BILLED,
            (2026, ChargeKind.STREET_DAMAGE): charge_rules.Standing.PARTLY_PAID,
            (2026, ChargeKind.DEFICIENCY_REPAIR): charge_rules.Standing.PAID,
            # Made by the permit workflows: for the next annual tax roll from the day of the work.
            (2026, ChargeKind.PRIVILEGE_REMOVAL): charge_rules.Standing.READY_FOR_ROLL,
            (2026, ChargeKind.SIDEWALK_REPAIR): charge_rules.Standing.READY_FOR_ROLL,
            (2026, ChargeKind.SIDEWALK_MINOR_REPAIR): charge_rules.Standing.READY_FOR_ROLL,
        }
        by_workflows = [
            charges[2026, kind]
            for kind in (
                ChargeKind.PRIVILEGE_REMOVAL,
                ChargeKind.SIDEWALK_REPAIR,
                ChargeKind.SIDEWALK_MINOR_REPAIR,
            )
        ]
        assert [c.total for c in by_workflows] == [
            Money("485.00"),
            Money("1840.00"),
            Money("365.00"),
        ]
        # The snow fee the Council set is the cost line; § 506-8's 60 days from the cost.
        snow = charges[2026, ChargeKind.SNOW_ICE]
        snow_fee = fees.fee_on(session, "SNOW", TODAY).amount
        assert [(line.category, line.amount) for line in snow.lines] == [("fee", snow_fee)]
        obstruction = charges[2026, ChargeKind.OBSTRUCTION]
        assert obstruction.received_on is not None and obstruction.tax_roll_on is not None
        assert obstruction.tax_roll_on <= TODAY < obstruction.work_done_on + timedelta(days=80)
        assert sorted(c.id for c in tax_roll.eligible(session, TODAY)) == sorted(
            [obstruction.id, *(c.id for c in by_workflows)]
        )
        damage = charges[2026, ChargeKind.STREET_DAMAGE]
        assert sc.paid(damage) == demo_special_charges.PARTLY_PAID < damage.total
        # The deficiency repair on the restored sewer opening: 20% added, paid; the permit is
        # still paid up.
        deficiency = charges[2026, ChargeKind.DEFICIENCY_REPAIR]
        assert (deficiency.total, deficiency.administration) == (Money("906.60"), Money("151.10"))
        opening = so.get_opening(session, int(deficiency.record_id))
        assert opening.applicant.name == demo_street_openings.SEWER
        record = RecordRef(so_rules.RECORD_TYPE, str(opening.id))
        assert deficiency.amount_due_id in [d.id for d in ledger.dues_for(session, record)]
        assert ledger.is_paid(session, record)
        # Last year's run: the three unpaid charges, certified once; the paid one left off.
        [run] = tax_roll.runs(session)
        assert (run.number, run.as_of, run.status) == (
            "TR-2025-01",
            date(2025, 11, 15),
            "certified",
        )
        on_roll = {e.charge_id for e in run.entries}
        assert on_roll == {c.id for c in charges.values() if c.status == ChargeStatus.CERTIFIED}
        assert len(on_roll) == demo_special_charges.CERTIFIED
        assert run.total == sum((e.amount for e in run.entries), Money.zero())
        assert run.certified_by_name == "Teresa Lindqvist"
        open_dues = [c for c in charges.values() if c.amount_due and c.amount_due.status == "open"]
        assert len(open_dues) == demo_special_charges.OPEN_AMOUNTS_DUE + len(by_workflows)
        items = [i for i in today.gather(action) if i.workflow == sc.WORKFLOW]
    titles = [i.title for i in items]
    dirt = charges[2026, ChargeKind.DIRT_DEBRIS]
    assert dirt.due_on is not None and TODAY <= dirt.due_on <= TODAY + timedelta(days=6)
    assert f"{dirt.number} is due {format_day(dirt.due_on)}" in titles
    assert f"{obstruction.number} may go on the tax roll from " in " | ".join(titles)
    # $1,524.00 of the special charges' own, and the three the permit workflows made
    assert titles[-1] == "Special charges outstanding: $4,214.00"


@pytest.mark.parametrize(
    "day",
    [
        date(2026, 8, 20),
        date(2026, 11, 26),  # Thanksgiving
        date(2026, 12, 24),
        date(2027, 1, 4),
        date(2027, 3, 31),
        date(2027, 5, 2),
    ],
)
def test_the_special_charges_demo_holds_on_any_day_of_the_year(
    desk: Desk, admin: SignedIn, clock: FixedClock, day: date
) -> None:
    clock.set(day)
    _small_city(desk, admin)
    demo_street_openings.generate(desk)
    assert demo_special_charges.generate(desk) == {"special_charge": 9, "tax_roll_run": 1}
    with desk.lookup(SYSTEM) as action:
        made = sorted(sc.search_charges(action.session), key=lambda c: c.id)  # in time order
        last_year, this_year = made[:4], made[4:]
        assert {c.year for c in last_year} == {day.year - 1}
        assert [(c.kind, sc.standing(c, day)) for c in last_year] == [
            (ChargeKind.SNOW_ICE, charge_rules.Standing.CERTIFIED),
            (ChargeKind.OBSTRUCTION, charge_rules.Standing.CERTIFIED),
            (ChargeKind.DIRT_DEBRIS, charge_rules.Standing.CERTIFIED),
            (ChargeKind.STREET_DAMAGE, charge_rules.Standing.PAID),
        ]
        [snow] = [c for c in this_year if c.kind == ChargeKind.SNOW_ICE]
        assert snow.due_on is not None and snow.work_done_on.month in (11, 12, 1, 2, 3)
        payable = day <= snow.due_on  # the latest snowfall: a week ago in winter, else March
        assert {c.kind: sc.standing(c, day) for c in this_year} == {
            ChargeKind.SNOW_ICE: charge_rules.Standing.BILLED
            if payable
            else charge_rules.Standing.READY_FOR_ROLL,
            ChargeKind.OBSTRUCTION: charge_rules.Standing.READY_FOR_ROLL,
            ChargeKind.DIRT_DEBRIS: charge_rules.Standing.BILLED,
            ChargeKind.STREET_DAMAGE: charge_rules.Standing.PARTLY_PAID,
            ChargeKind.DEFICIENCY_REPAIR: charge_rules.Standing.PAID,
        }
        [run] = tax_roll.runs(action.session)
        assert (run.status, len(run.entries)) == (
            RunStatus.CERTIFIED,
            demo_special_charges.CERTIFIED,
        )
        [dirt] = [c for c in this_year if c.kind == ChargeKind.DIRT_DEBRIS]
        items = [i for i in today.gather(action) if i.workflow == sc.WORKFLOW]
    assert dirt.due_on is not None and day <= dirt.due_on <= day + timedelta(days=6)
    assert f"{dirt.number} is due {format_day(dirt.due_on)}" in [i.title for i in items]


# -- the fees the workflows take at the counter ---------------------------------------------------


@pytest.mark.parametrize(
    "day",
    [
        date(2026, 9, 8),  # the Tuesday after Labor Day
        date(2026, 11, 30),  # the Monday after Thanksgiving
        date(2026, 12, 2),
        date(2026, 12, 28),  # the Monday after Christmas
        date(2027, 1, 4),  # the Monday after New Year's Day
        date(2027, 5, 31),  # Memorial Day, City Hall closed
    ],
)
def test_the_workflows_take_their_fees_only_on_days_city_hall_is_open(
    desk: Desk, admin: SignedIn, clock: FixedClock, day: date
) -> None:
    """The counter's receipts are written for the days City Hall was open, before today: a fee
    paid on a Sunday, or today, would have no drawer to be receipted in."""
    clock.set(datetime.combine(day, datetime.min.time().replace(hour=10), clock.tz))
    _small_city(desk, admin)
    demo_street_openings.generate(desk)
    demo_special_charges.generate(desk)
    demo_street_privileges.generate(desk)
    demo_sidewalk_cafes.generate(desk)
    calendar = desk.calendar()
    with desk.database.reading() as session:
        taken = [p.taken_at.astimezone(clock.tz) for p in demo_counter.waiting(session)]
    assert len(taken) == (
        demo_street_openings.AMOUNTS_DUE + 7 + 5 + 3
    )  # four openings, seven privileges, five cafes, three special charges
    assert [t for t in taken if t.date() >= day or not calendar.is_open(t.date())] == []
    assert all(time(8, 5) <= t.time() <= time(16, 45) for t in taken)  # the counter's hours
