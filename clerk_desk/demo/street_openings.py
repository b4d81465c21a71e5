"""Demo street openings (§§ 506-6, 506-7): one permit at each step a clerk meets.

:func:`generate` runs after the demo's parties, bonds and street numbering map exist. Through the
same services the counter uses, each step at the moment it happened (a clock that travels from
step to step stamps the records and the audit trail), it writes:

- the improvement register: a street repaved two years ago (no opening there for five years) and
  one repaved six years ago (open again);
- a public utility's emergency gas-leak excavation last week: the City told at once, applied for
  the next business day (no fee), determined an emergency by the Building Inspector when the
  ground was frozen, approved and in progress;
- a contractor's permit approved about six months ago that expires within 14 days;
- a contractor's permit restored a few weeks or months ago, its one-year guarantee running;
- a utility's application awaiting approval, blocked by frozen ground;
- a contractor's application refused, the street repaved two years ago;
- City work, recorded exempt.

The dates are counted back from "today", whatever day the demo is built, so every rule holds on
any day of the year, and every application whose fee is paid is made on a day City Hall was
open. The fees are billed by the services and taken by the Treasurer through
:func:`clerk_desk.demo.counter.take`; their receipts are written among that day's counter
receipts (:mod:`clerk_desk.demo.receipts`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import partial

from sqlalchemy import select

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.deadlines import CityCalendar, months_after
from clerk_desk.demo import counter as demo_counter
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import BondKind, Role
from clerk_desk.ledger import RecordRef
from clerk_desk.models import Operator
from clerk_desk.money import Money
from clerk_desk.street_numbers import streets
from clerk_desk.street_openings import improvements, rules
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings import work as opening_work
from clerk_desk.street_openings.service import OpeningData, SiteData
from clerk_desk.street_openings.work import WorkRecord

UTILITY = "Valley Natural Gas Company"
TELEPHONE = "Riverland Telephone & Fiber"
BORING = "Kinni Valley Directional Boring"
SEWER = "Lindgren Sewer & Water"
EXCAVATOR = "Hanson Excavating LLC"
PUBLIC_WORKS = "City of Prescott Public Works Department"
APPLICANTS = (UTILITY, TELEPHONE, BORING, SEWER, EXCAVATOR, PUBLIC_WORKS)
REPAVED_RECENTLY = "Dexter St"  # two years ago: no openings for five years
REPAVED_LONG_AGO = "Walter St"  # six years ago: open again
STREETS = (
    REPAVED_RECENTLY,
    REPAVED_LONG_AGO,
    "Kinnickinnic St",
    "Broad St S",
    "James St",
    "Orange St",
)
OFFICIAL = "Ivan Olsen, Building Inspector"
#: How many amounts due the demo's street openings bill (every one of them paid).
AMOUNTS_DUE = 4

Work = Callable[[Action], object]


@dataclass(frozen=True, slots=True)
class _Staff:
    clerk: SignedIn
    inspector: SignedIn
    treasurer: SignedIn


def _staff(desk: Desk) -> _Staff:
    """The demo's Clerk, Building Inspector and Treasurer (the Administrator for any missing)."""
    with desk.database.reading() as session:
        rows = {
            Role(row.role): SignedIn(row.id, row.username, row.full_name, Role(row.role))
            for row in session.scalars(select(Operator).where(Operator.active.is_(True)))
        }
    admin = rows[Role.ADMINISTRATOR]
    return _Staff(
        rows.get(Role.CLERK, admin),
        rows.get(Role.INSPECTOR, admin),
        rows.get(Role.TREASURER, admin),
    )


@dataclass
class _Plan:
    """The steps of every permit, each at the moment it happened, run in time order: a clock
    that travels from step to step, one action per step (never later than now)."""

    desk: Desk
    staff: _Staff
    party: dict[str, int]
    street: dict[str, int]
    steps: list[tuple[datetime, int, SignedIn, Work]] = field(default_factory=list)
    ids: dict[str, int] = field(default_factory=dict)  # each permit's opening id, once applied

    @property
    def today(self) -> date:
        return self.desk.clock.today()

    def on(self, day: date, hour: int, minute: int = 0) -> datetime:
        """That time of day in Prescott."""
        zone = self.desk.clock.local_now().tzinfo
        return datetime.combine(day, time(hour, minute), zone)

    def add(self, moment: datetime, who: SignedIn, work: Work) -> None:
        self.steps.append((moment, len(self.steps), who, work))

    def open_on_or_before(self, day: date) -> date:
        """``day``, or the last day before it City Hall was open: a fee is paid at the counter
        on the day of the application, and the counter takes money only on the days it opens."""
        return self.desk.calendar().previous_open_day(day, inclusive=True)

    def apply(
        self,
        moment: datetime,
        key: str,
        data: OpeningData,
        service: Callable[[Action, OpeningData], int] = so.apply,
    ) -> None:
        """The Clerk takes the application (or records City work) at ``moment``."""

        def apply(action: Action) -> None:
            self.ids[key] = service(action, data)

        self.add(moment, self.staff.clerk, apply)

    def run(self) -> None:
        now = self.desk.clock.now()
        travel = FixedClock(now)
        then = Desk(self.desk.database, clock=travel)
        for moment, _, who, work in sorted(self.steps, key=lambda s: (s[0], s[1])):
            travel.set(min(moment, now))
            with then.action(who) as action:
                work(action)


def generate(desk: Desk) -> dict[str, int]:
    """Write the demo's improvements and street openings; return how many of each."""
    today = desk.clock.today()
    with desk.database.reading() as session:
        party = {
            name: found.id
            for name in APPLICANTS
            for found in parties.search_parties(session, name, limit=5)
            if found.name == name
        }
        street: dict[str, int] = {}
        for name in STREETS:  # on the demo's street numbering map
            found_street = streets.find_street(session, name)
            assert found_street is not None, name
            street[name] = found_street.id
    plan = _Plan(desk, _staff(desk), party, street)
    # Certificates of insurance for the whole demo period (the utilities have none yet).
    two_years_ago = date(today.year - 2, 1, 1)
    for name in APPLICANTS[:-1]:
        plan.add(
            plan.on(two_years_ago, 9), plan.staff.clerk, _insure(party[name], two_years_ago, today)
        )
    # The improvement register.
    for name, months in ((REPAVED_RECENTLY, 24), (REPAVED_LONG_AGO, 72)):
        completed = months_after(today, -months)
        determined = completed - timedelta(days=150)
        improvement = improvements.ImprovementData(
            street_id=street[name],
            determined_on=determined,
            limits="Full length",
            description="Reconstruction: new base, curb and gutter, 3-inch asphalt",
            utility_notice_on=determined + timedelta(days=2),
            work_begins_on=determined + timedelta(days=45),
            completed_on=completed,
        )
        plan.add(
            plan.on(completed, 14),
            plan.staff.inspector,
            partial(improvements.record_improvement, data=improvement),
        )
    _gas_leak(plan, desk.calendar())
    _expiring(plan)
    _restored(plan)
    _frozen(plan)
    _refused(plan)
    _city_work(plan)
    plan.run()
    return {"street_opening": len(plan.ids), "street_improvement": 2}


def _insure(party_id: int, effective: date, today: date) -> Work:
    return lambda action: bonds.file_certificate(
        action,
        bonds.CertificateData(
            insured_id=party_id,
            insurer="St. Croix Indemnity",
            policy_numbers=f"CGL-{7100 + party_id}",
            effective_on=effective,
            expires_on=date(today.year + 1, 12, 31),
            received_on=effective,
            coverages={
                CoverageKind.BODILY_INJURY_PER_PERSON: Money("1000000"),
                CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("1000000"),
                CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("500000"),
            },
            general_liability=True,
        ),
    )


def _pay(plan: _Plan, key: str) -> Work:
    """The Treasurer takes the application's fee (its receipt: see the module docstring)."""

    def pay(action: Action) -> None:
        record = RecordRef(rules.RECORD_TYPE, str(plan.ids[key]))
        demo_counter.take_open(action, ledger.dues_for(action.session, record))

    return pay


def _permit_bond(plan: _Plan, key: str, applicant: str, day: date) -> Work:
    """The $10,000 bond deposited for one permit (§ 506-6 (Bond))."""
    return lambda action: bonds.file_bond(
        action,
        bonds.BondData(
            kind=BondKind.STREET_OPENING,
            principal_id=plan.party[applicant],
            surety="Western Surety Company",
            bond_number=f"SO-B-{plan.ids[key]:04d}",
            amount=bonds.STREET_OPENING_BOND,
            effective_on=day,
            record_type=rules.RECORD_TYPE,
            record_id=str(plan.ids[key]),
        ),
    )


def _open_day(day: date, step_by: int) -> date:
    """``day`` or the nearest day outside the frozen-ground season in the direction given."""
    while rules.in_frozen_ground(day):
        day += timedelta(days=step_by)
    return day


def _gas_leak(plan: _Plan, calendar: CityCalendar) -> None:
    """Last week's gas leak: dug at dawn, the City told at once, applied for the next business
    day (no fee), determined an emergency if the ground was frozen, approved, in progress."""
    on, staff, key = plan.on, plan.staff, "gas leak"
    opened = plan.today - timedelta(days=7)
    applied = min(rules.emergency_application_due(opened, calendar), plan.today)
    site = SiteData(
        "Kinnickinnic St at Court St, south lane", plan.street["Kinnickinnic St"], "asphalt", 8, 6
    )
    plan.apply(
        on(applied, 9, 10),
        key,
        OpeningData(
            applicant_id=plan.party[UTILITY],
            sites=(site,),
            nature_of_work="Emergency repair of a leaking 2-inch gas main",
            method="Vacuum excavation, then open cut around the leak",
            planned_start=opened,
            planned_end=opened + timedelta(days=10),
            emergency=True,
            opened_on=opened,
            city_notified_at=on(opened, 6, 5),
        ),
    )
    if rules.frozen_days(opened, opened + timedelta(days=10)):
        plan.add(
            on(applied, 9, 30),
            staff.inspector,
            lambda action: so.determine_frozen_emergency(
                action, plan.ids[key], determined_by=OFFICIAL
            ),
        )
    plan.add(
        on(applied, 10),
        staff.inspector,
        lambda action: so.approve(action, plan.ids[key], title="Building Inspector"),
    )
    work = WorkRecord(
        started_at=on(opened, 5, 40),
        backfill_notice_at=on(opened, 11),
        backfilled_at=on(opened, 15, 30),
    )
    plan.add(
        on(applied, 10, 30),
        staff.clerk,
        lambda action: opening_work.record_work(action, plan.ids[key], work),
    )


def _expiring(plan: _Plan) -> None:
    """A contractor's permit approved about six months ago that expires within 14 days."""
    on, staff, key, today = plan.on, plan.staff, "expiring", plan.today
    approved = next(
        day
        for day in (today - timedelta(days=back) for back in range(160, 200))
        if 5 <= (rules.valid_until(day) - today).days <= 12
    )
    applied = plan.open_on_or_before(approved - timedelta(days=2))
    start = _open_day(approved + timedelta(days=7), 1)
    broad = plan.street["Broad St S"]
    plan.apply(
        on(applied, 13, 20),
        key,
        OpeningData(
            applicant_id=plan.party[BORING],
            sites=(
                SiteData("Broad St S in front of 236, terrace and sidewalk", broad, "sidewalk"),
                SiteData("Broad St S in front of 244, terrace", broad, "terrace"),
            ),
            nature_of_work="Directional bore for fiber service drops",
            method="Directional boring; bore pits in the terrace, no pavement cut",
            existing_patches="Asphalt patch from a water service in front of 240",
            planned_start=start,
            planned_end=start + timedelta(days=3),
        ),
    )
    plan.add(on(applied, 13, 25), staff.treasurer, _pay(plan, key))
    plan.add(on(applied, 13, 40), staff.clerk, _permit_bond(plan, key, BORING, applied))
    plan.add(
        on(approved, 11),
        staff.inspector,
        lambda action: so.approve(action, plan.ids[key], title="Director of Public Works"),
    )


def _restored(plan: _Plan) -> None:
    """A sewer lateral repaired in the last open season on the street repaved six years ago:
    restored, a restoration guarantee filed, the guarantee year running."""
    on, staff, key = plan.on, plan.staff, "restored"
    calendar = plan.desk.calendar()
    # A day City Hall is open, so that the notice the business day before is an ordinary one.
    work_day = _open_day(plan.today - timedelta(days=40), -1)
    while not calendar.is_open(work_day) or rules.in_frozen_ground(work_day):
        work_day -= timedelta(days=1)
    approved = work_day - timedelta(days=5)
    applied = plan.open_on_or_before(approved - timedelta(days=3))
    completed = work_day + timedelta(days=12)
    plan.apply(
        on(applied, 10, 5),
        key,
        OpeningData(
            applicant_id=plan.party[SEWER],
            sites=(
                SiteData(
                    "Walter St in front of 152", plan.street[REPAVED_LONG_AGO], "asphalt", 10, 5
                ),
            ),
            nature_of_work="Replace a broken sewer lateral",
            method="Open cut, saw-cut asphalt, backfill in 12-inch lifts, 3-inch asphalt patch",
            planned_start=work_day,
            planned_end=work_day,
        ),
    )
    plan.add(on(applied, 10, 10), staff.treasurer, _pay(plan, key))
    plan.add(on(applied, 10, 20), staff.clerk, _permit_bond(plan, key, SEWER, applied))
    plan.add(
        on(approved, 9),
        staff.inspector,
        lambda action: so.approve(action, plan.ids[key], title="Director of Public Works"),
    )
    work = WorkRecord(
        # The business day before, early enough for 24 hours as the statute counts them.
        commencement_notice_at=on(calendar.previous_open_day(work_day), 7, 30),
        started_at=on(work_day, 8),
        backfill_notice_at=on(work_day, 10),
        backfilled_at=on(work_day, 14, 30),
        completed_on=completed,
    )
    plan.add(
        on(completed, 15),
        staff.clerk,
        lambda action: opening_work.record_work(action, plan.ids[key], work),
    )
    plan.add(
        on(completed, 15, 20),
        staff.clerk,
        lambda action: bonds.file_bond(
            action,
            bonds.BondData(
                kind=BondKind.RESTORATION_GUARANTEE,
                principal_id=plan.party[SEWER],
                surety="Western Surety Company",
                bond_number=f"RG-{plan.ids[key]:04d}",
                amount=Money("2500"),
                effective_on=completed,
                work_completed_on=completed,
                record_type=rules.RECORD_TYPE,
                record_id=str(plan.ids[key]),
            ),
        ),
    )


def _frozen(plan: _Plan) -> None:
    """A telephone cable job planned in the closed season, not an emergency: paid, insured, and
    blocked by frozen ground unless the Director or the Inspector finds an emergency."""
    on, key = plan.on, "frozen"
    start = plan.today + timedelta(days=5)
    if not rules.in_frozen_ground(start):
        start = date(start.year, 11, 15)
    applied = plan.open_on_or_before(plan.today - timedelta(days=2))
    plan.apply(
        on(applied, 14),
        key,
        OpeningData(
            applicant_id=plan.party[TELEPHONE],
            sites=(
                SiteData("James St, crossing at 118", plan.street["James St"], "asphalt", 30, 3),
            ),
            nature_of_work="Place a conduit across the street for a new subscriber",
            method="Open trench across the street, one lane at a time, with a flagger",
            planned_start=start,
            planned_end=start + timedelta(days=2),
        ),
    )
    plan.add(on(applied, 14, 5), plan.staff.treasurer, _pay(plan, key))


def _refused(plan: _Plan) -> None:
    """A driveway approach on the street repaved two years ago: refused for the five years."""
    on, key = plan.on, "refused"
    applied = plan.open_on_or_before(plan.today - timedelta(days=10))
    start = _open_day(plan.today + timedelta(days=20), 1)
    plan.apply(
        on(applied, 11),
        key,
        OpeningData(
            applicant_id=plan.party[EXCAVATOR],
            sites=(
                SiteData("Dexter St in front of 141", plan.street[REPAVED_RECENTLY], "concrete"),
            ),
            nature_of_work="New driveway approach and water service",
            method="Saw-cut curb and pavement, open cut",
            planned_start=start,
            planned_end=start + timedelta(days=2),
        ),
    )
    plan.add(on(applied, 11, 5), plan.staff.treasurer, _pay(plan, key))
    plan.add(
        on(applied + timedelta(days=2), 16),
        plan.staff.inspector,
        lambda action: so.refuse(
            action,
            plan.ids[key],
            reason="Dexter St was repaved two years ago: no opening for five years unless the "
            "Common Council finds it absolutely essential (§ 506-7 (Excavation in new streets "
            "limited)). Bore under the street from the terrace instead.",
        ),
    )


def _city_work(plan: _Plan) -> None:
    """The Public Works crew's own opening: recorded, exempt, no permit or fee."""
    day = plan.today - timedelta(days=3)
    plan.apply(
        plan.on(day, 8),
        "city work",
        OpeningData(
            applicant_id=plan.party[PUBLIC_WORKS],
            sites=(SiteData("Orange St at Second St, north crosswalk", plan.street["Orange St"]),),
            nature_of_work="Water main valve replacement",
            method="Open cut by the Public Works crew",
            planned_start=day,
            planned_end=plan.today - timedelta(days=1),
        ),
        so.record_city_work,
    )
