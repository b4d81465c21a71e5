"""Demo street privilege permits (§ 506-9): one permit at each step a clerk meets.

:func:`generate` runs after the demo's parties, parcels and street numbering map exist (and
makes what it needs on a desk that has none: its applicants, a street, an abutting parcel).
Through the same services the counter uses, each step at the moment it happened (a clock that
travels from step to step stamps the records and the audit trail), it writes:

- a storefront rebuild on Broad St N applied for three days ago: fee paid, bond set, the bond
  not yet filed with the Treasurer (waiting);
- a new house on Hampshire St, issued five weeks ago and in force, its building permit
  recorded, the conditions checked, actual City costs for barricades billed and not yet paid;
- a garage demolition on Kinnickinnic St ending within the next two weeks;
- a house moved along Orange St, ended a few days ago and not yet recorded vacated;
- a dumpster on Albert St revoked without notice by the Chief of Police for an unlit
  obstruction;
- a pallet of block on Lake St whose owner did not remove it after the Council's 24 hours'
  notice: removed by the City, the cost charged against the abutting parcel for the tax roll;
- a porch rebuild on College St, vacated and closed.

The dates are counted back from "today", whatever day the demo is built; every application
whose fee is paid is made on a day City Hall was open. The Treasurer takes the fees through
:func:`clerk_desk.demo.counter.take` (as :mod:`clerk_desk.demo.street_openings` does); their
receipts are written among that day's counter receipts (:mod:`clerk_desk.demo.receipts`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from sqlalchemy import select

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.demo import counter as demo_counter
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import BondKind, Compass, PartyKind, PrivilegePurpose, Role
from clerk_desk.ledger import RecordRef
from clerk_desk.models import Operator, Parcel
from clerk_desk.money import Money
from clerk_desk.street_numbers import streets
from clerk_desk.street_privileges import occupancy as sp_occupancy
from clerk_desk.street_privileges import removal as sp_removal
from clerk_desk.street_privileges import rules as sp_rules
from clerk_desk.street_privileges import service as sp
from clerk_desk.street_privileges.service import PrivilegeData

BUILDER = "Bluff Country Concrete"
EXCAVATOR = "Hanson Excavating LLC"
MOVER = "St. Croix Structural Movers"  # invented, made here
CONTRACTORS = (BUILDER, EXCAVATOR)
STREETS = (
    "Broad St N",
    "Hampshire St",
    "Kinnickinnic St",
    "Orange St",
    "Albert St",
    "Lake St",
    "College St",
)
CHIEF = "Gary Krueger"
DPW = "Ivan Olsen"  # the Director of Public Works
#: How many amounts due the demo's street privileges bill: the seven permit fees (paid), City
#: costs for barricades (open) and the City's removal charged to an abutting owner (open).
AMOUNTS_DUE = 9
#: How many of them it leaves open.
OPEN_AMOUNTS_DUE = 2
#: How many special charges it makes: the City's removal.
SPECIAL_CHARGES = 1
FT = 12

Work = Callable[[Action], object]


@dataclass(frozen=True, slots=True)
class _Staff:
    clerk: SignedIn
    director: SignedIn
    treasurer: SignedIn


def _staff(desk: Desk) -> _Staff:
    """The demo's Clerk, Building Inspector / Director and Treasurer (the Administrator for any
    missing)."""
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
    """The steps of every permit, each at the moment it happened, run in time order."""

    desk: Desk
    staff: _Staff
    party: dict[str, int]
    street: dict[str, int]
    parcel: dict[str, int]
    address: dict[str, str]  # the abutting parcels' site addresses
    steps: list[tuple[datetime, int, SignedIn, Work]] = field(default_factory=list)
    ids: dict[str, int] = field(default_factory=dict)

    @property
    def today(self) -> date:
        return self.desk.clock.today()

    def on(self, day: date, hour: int, minute: int = 0) -> datetime:
        zone = self.desk.clock.local_now().tzinfo
        return datetime.combine(day, time(hour, minute), zone)

    def add(self, moment: datetime, who: SignedIn, work: Work) -> None:
        self.steps.append((moment, len(self.steps), who, work))

    def open_on_or_before(self, day: date) -> date:
        """``day``, or the last day before it City Hall was open: a fee is paid at the counter
        on the day of the application, and the counter takes money only on the days it opens."""
        return self.desk.calendar().previous_open_day(day, inclusive=True)

    def apply(self, moment: datetime, key: str, data: PrivilegeData) -> None:
        def receive(action: Action) -> None:
            self.ids[key] = sp.receive_application(action, data)

        self.add(moment, self.staff.clerk, receive)

    def run(self) -> None:
        now = self.desk.clock.now()
        travel = FixedClock(now)
        then = Desk(self.desk.database, clock=travel)
        for moment, _, who, work in sorted(self.steps, key=lambda s: (s[0], s[1])):
            travel.set(min(moment, now))
            with then.action(who) as action:
                work(action)


def _ensure(
    desk: Desk, admin: SignedIn
) -> tuple[dict[str, int], dict[str, int], dict[str, int], dict[str, str]]:
    """The applicants, streets and abutting parcels the permits name: found in the demo, or
    made when this runs on a desk without them."""
    with desk.action(admin) as action:
        session = action.session
        party: dict[str, int] = {}
        for name in (*CONTRACTORS, MOVER):
            found = [p for p in parties.search_parties(session, name, limit=5) if p.name == name]
            party[name] = (
                found[0].id
                if found
                else parties.add_party(
                    action,
                    parties.PartyData(
                        kind=PartyKind.BUSINESS,
                        name=name,
                        street="W7120 State Road 29",
                        city="River Falls",
                        state="WI",
                        postal_code="54022",
                        contractor=True,
                    ),
                ).id
            )
        street: dict[str, int] = {}
        for name in STREETS:
            found_street = streets.find_street(session, name)
            if found_street is not None:
                street[name] = found_street.id
            else:
                words = name.split()
                street[name] = streets.add_street(
                    action,
                    streets.StreetData(
                        name=words[0],
                        suffix=words[1],
                        direction=words[2] if len(words) > 2 else "",
                        odd_side=Compass.WEST,
                        increases_toward=Compass.NORTH,
                        range_low=100,
                        range_high=999,
                    ),
                )
        parcel: dict[str, int] = {}
        address: dict[str, str] = {}
        for name, owner in (("Lake St", "Nils Dahl"), ("Broad St N", "Maria Weber")):
            owned = session.scalars(
                select(Parcel)
                .where(Parcel.site_address.like(f"% {name}"), Parcel.owner_id.is_not(None))
                .order_by(Parcel.parcel_number)
                .limit(1)
            ).first()
            if owned is None:
                person = parties.add_party(
                    action, parties.PartyData(kind=PartyKind.PERSON, name=owner)
                )
                owned = parties.add_parcel(
                    action,
                    parties.ParcelData(
                        parcel_number=f"281-99{len(parcel) + 1:03d}-0000",
                        site_address=f"{212 + len(parcel) * 24} {name}",
                        owner_id=person.id,
                    ),
                )
            parcel[name], address[name] = owned.id, owned.site_address
    return party, street, parcel, address


def generate(desk: Desk) -> dict[str, int]:
    """Write the demo's street privilege permits; return how many."""
    staff = _staff(desk)
    with desk.database.reading() as session:
        admin_row = session.scalars(
            select(Operator).where(Operator.role == Role.ADMINISTRATOR).order_by(Operator.id)
        ).first()
        assert admin_row is not None
        admin = SignedIn(admin_row.id, admin_row.username, admin_row.full_name, Role.ADMINISTRATOR)
    party, street, parcel, address = _ensure(desk, admin)
    plan = _Plan(desk, staff, party, street, parcel, address)
    _waiting(plan)
    _in_force(plan)
    _ending(plan)
    _ended(plan)
    _revoked(plan)
    _removed(plan)
    _closed(plan)
    plan.run()
    return {"street_privilege": len(plan.ids)}


# -- the steps -----------------------------------------------------------------------------------


def _pay(plan: _Plan, key: str) -> Work:
    """The Treasurer takes the permit fee (its receipt: see the module docstring)."""

    def pay(action: Action) -> None:
        record = RecordRef(sp_rules.RECORD_TYPE, str(plan.ids[key]))
        demo_counter.take_open(action, ledger.dues_for(action.session, record))

    return pay


def _terms(plan: _Plan, key: str, bond: str, conditions: str = "") -> Work:
    return lambda action: sp.set_terms(
        action,
        plan.ids[key],
        bond_amount=Money(bond),
        insurance_required=False,
        insurance_minimums={},
        conditions=conditions,
    )


def _bond(plan: _Plan, key: str, applicant: str, amount: str, day: date) -> Work:
    """The bond filed with the City Treasurer for one permit (§ 506-9 (Bond))."""
    return lambda action: bonds.file_bond(
        action,
        bonds.BondData(
            kind=BondKind.STREET_PRIVILEGE,
            principal_id=plan.party[applicant],
            surety="Western Surety Company",
            bond_number=f"SP-B-{plan.ids[key]:04d}",
            amount=Money(amount),
            effective_on=day,
            record_type=sp_rules.RECORD_TYPE,
            record_id=str(plan.ids[key]),
        ),
    )


def _issue(plan: _Plan, key: str) -> Work:
    return lambda action: sp.issue(action, plan.ids[key])


def _ready_and_issued(
    plan: _Plan, key: str, applicant: str, applied: date, issued: date, bond: str
) -> None:
    """Fee paid at the counter and terms set by evening on the day of application, the bond
    filed and the permit issued on ``issued``."""
    on, staff = plan.on, plan.staff
    plan.add(on(applied, 16, 30), staff.treasurer, _pay(plan, key))
    plan.add(
        on(applied, 16, 45),
        staff.director,
        _terms(plan, key, bond, "Barricades with flashing lights at both ends"),
    )
    plan.add(on(issued, 9), staff.treasurer, _bond(plan, key, applicant, bond, issued))
    plan.add(on(issued, 10), staff.director, _issue(plan, key))


def _data(plan: _Plan, applicant: str, street: str, **fields: object) -> PrivilegeData:
    return PrivilegeData(
        applicant_id=plan.party[applicant],
        street_id=plan.street[street],
        **fields,  # type: ignore[arg-type]
    )


def _waiting(plan: _Plan) -> None:
    """Applied three days ago, fee paid, bond set; the bond is not on file yet."""
    on, key = plan.on, "waiting"
    applied = plan.open_on_or_before(plan.today - timedelta(days=3))
    plan.apply(
        on(applied, 10),
        key,
        _data(
            plan,
            BUILDER,
            "Broad St N",
            purpose=PrivilegePurpose.CONSTRUCTION,
            location=f"In front of {plan.address['Broad St N']}, parking lane and sidewalk",
            parcel_id=plan.parcel["Broad St N"],
            description="Storefront rebuild: a 20-yard dumpster and pallets of block",
            building_permit_required=True,
            building_permit_number="B-2026-141",
            planned_start=plan.today + timedelta(days=7),
            planned_end=plan.today + timedelta(days=60),
            street_width_in=44 * FT,
            street_used_in=9 * FT,
            sidewalk_width_in=12 * FT,
            sidewalk_used_in=5 * FT,
        ),
    )
    plan.add(on(applied, 10, 5), plan.staff.treasurer, _pay(plan, key))
    plan.add(on(applied, 15), plan.staff.director, _terms(plan, key, "5000"))


def _in_force(plan: _Plan) -> None:
    """A new house: issued five weeks ago, checked, with City costs billed."""
    on, staff, key = plan.on, plan.staff, "in force"
    applied = plan.open_on_or_before(plan.today - timedelta(days=38))
    issued = applied + timedelta(days=3)
    plan.apply(
        on(applied, 9, 30),
        key,
        _data(
            plan,
            BUILDER,
            "Hampshire St",
            purpose=PrivilegePurpose.CONSTRUCTION,
            location="Hampshire St in front of 318, north parking lane",
            description="New single-family house: lumber and block staged at the curb",
            building_permit_required=True,
            building_permit_number="B-2026-127",
            planned_start=issued,
            planned_end=issued + timedelta(days=80),
            street_width_in=32 * FT,
            street_used_in=8 * FT,
        ),
    )
    plan.add(
        on(applied, 11),
        staff.clerk,
        lambda action: sp.record_advice(
            action,
            plan.ids[key],
            who="inspector",
            advice="Building permit B-2026-127 issued; staging in the lane is fine.",
            on=applied,
        ),
    )
    _ready_and_issued(plan, key, BUILDER, applied, issued, "2500")
    plan.add(
        on(issued + timedelta(days=9), 21, 30),
        staff.director,
        lambda action: sp_occupancy.record_check(
            action,
            plan.ids[key],
            "lighted",
            ok=True,
            on=issued + timedelta(days=9),
            by_name=DPW,
            by_title="Director of Public Works",
        ),
    )
    plan.add(
        on(issued + timedelta(days=10), 11),
        staff.clerk,
        lambda action: sp.bill_city_costs(
            action,
            plan.ids[key],
            amount=Money("120.00"),
            description="Type III barricades delivered and set by Public Works",
        ),
    )


def _ending(plan: _Plan) -> None:
    """A garage demolition whose three months end within the next two weeks."""
    key, today = "ending", plan.today
    issued = next(
        day
        for day in (today - timedelta(days=back) for back in range(70, 100))
        if 6 <= (sp_rules.ends_on(day) - today).days <= 12
    )
    applied = plan.open_on_or_before(issued - timedelta(days=2))
    plan.apply(
        plan.on(applied, 13),
        key,
        _data(
            plan,
            EXCAVATOR,
            "Kinnickinnic St",
            purpose=PrivilegePurpose.DEMOLITION,
            location="Kinnickinnic St at 415, terrace and sidewalk",
            description="Demolition of a detached garage: roll-off container",
            planned_start=issued,
            planned_end=issued + timedelta(days=75),
            street_width_in=30 * FT,
            street_used_in=8 * FT,
            sidewalk_width_in=5 * FT,
            sidewalk_used_in=2 * FT + 6,
        ),
    )
    _ready_and_issued(plan, key, EXCAVATOR, applied, issued, "3000")


def _ended(plan: _Plan) -> None:
    """A house moved along Orange St: the permit ended a few days ago, not recorded vacated."""
    key, today = "ended", plan.today
    issued = next(
        day
        for day in (today - timedelta(days=back) for back in range(90, 110))
        if 3 <= (today - sp_rules.ends_on(day)).days <= 6
    )
    applied = plan.open_on_or_before(issued - timedelta(days=4))
    plan.apply(
        plan.on(applied, 11),
        key,
        _data(
            plan,
            MOVER,
            "Orange St",
            purpose=PrivilegePurpose.MOVE_BUILDING,
            location="Orange St from Lake St to Second St",
            description="Moving a 1 1/2-story frame house to a new foundation at 612 Orange St",
            route="Lake St north to Orange St, Orange St west to Second St; overnight on the "
            "lot, never on a crossing",
            building_permit_required=True,
            building_permit_number="B-2026-098",
            planned_start=issued + timedelta(days=2),
            planned_end=issued + timedelta(days=4),
            street_width_in=36 * FT,
            street_used_in=12 * FT,
            sidewalk_width_in=6 * FT,
            sidewalk_used_in=6 * FT,
            temporary_sidewalk_width_in=5 * FT,
            fence_height_in=6 * FT,
        ),
    )
    plan.add(
        plan.on(applied, 14),
        plan.staff.clerk,
        lambda action: sp.record_advice(
            action,
            plan.ids[key],
            who="police",
            advice="Squad escort on moving day; no move during school bus hours.",
            on=applied,
        ),
    )
    _ready_and_issued(plan, key, MOVER, applied, issued, "10000")


def _revoked(plan: _Plan) -> None:
    """A dumpster left unlit: revoked without notice by the Chief of Police."""
    key = "revoked"
    applied = plan.open_on_or_before(plan.today - timedelta(days=24))
    issued = applied + timedelta(days=2)
    violation = plan.today - timedelta(days=6)
    plan.apply(
        plan.on(applied, 10, 40),
        key,
        _data(
            plan,
            EXCAVATOR,
            "Albert St",
            purpose=PrivilegePurpose.CONSTRUCTION,
            location="Albert St in front of 207",
            description="Basement waterproofing: dumpster and excavated soil",
            planned_start=issued,
            planned_end=issued + timedelta(days=30),
            street_width_in=28 * FT,
            street_used_in=9 * FT,
        ),
    )
    _ready_and_issued(plan, key, EXCAVATOR, applied, issued, "2000")
    plan.add(
        plan.on(violation, 22, 10),
        plan.staff.director,
        lambda action: sp_occupancy.record_check(
            action,
            plan.ids[key],
            "lighted",
            ok=False,
            on=violation,
            by_name=CHIEF,
            by_title="Chief of Police",
            note="Dumpster in the lane with no lights or reflectors after dark",
        ),
    )
    plan.add(
        plan.on(violation, 22, 20),
        plan.staff.director,
        lambda action: sp_occupancy.revoke(
            action,
            plan.ids[key],
            by_name=CHIEF,
            by_title="Chief of Police",
            reason="Obstruction not lighted at night (condition of occupancy 2); a car struck "
            "the dumpster",
            on=violation,
        ),
    )


def _removed(plan: _Plan) -> None:
    """Block left on the Lake St sidewalk: the Council's notice, then the City's removal."""
    key = "removed"
    applied = plan.open_on_or_before(plan.today - timedelta(days=60))
    issued = applied + timedelta(days=2)
    noticed = plan.today - timedelta(days=6)
    # The day after the 24 hours run (Sundays and legal holidays not counted), whatever
    # weekday the demo is built on.
    allowed = sp_rules.removal_allowed_from(plan.on(noticed, 19, 15), plan.desk.calendar())
    removed = min(allowed.date() + timedelta(days=1), plan.today)
    plan.apply(
        plan.on(applied, 15),
        key,
        _data(
            plan,
            BUILDER,
            "Lake St",
            purpose=PrivilegePurpose.CONSTRUCTION,
            location=f"Sidewalk in front of {plan.address['Lake St']}",
            parcel_id=plan.parcel["Lake St"],
            description="Retaining wall: pallets of block on the sidewalk",
            planned_start=issued,
            planned_end=issued + timedelta(days=20),
            sidewalk_width_in=8 * FT,
            sidewalk_used_in=4 * FT,
        ),
    )
    _ready_and_issued(plan, key, BUILDER, applied, issued, "1500")

    def notify(action: Action) -> None:
        owner = parties.get_parcel(action.session, plan.parcel["Lake St"]).owner
        sp_removal.record_removal_notice(
            action,
            plan.ids[key],
            at=plan.on(noticed, 19, 15),
            to=f"{owner.name if owner else 'The owner'}, owner of the abutting lot (delivered "
            "by the police)",
        )

    plan.add(plan.on(noticed, 19, 15), plan.staff.clerk, notify)
    plan.add(
        plan.on(removed, 14),
        plan.staff.clerk,
        lambda action: sp_removal.record_city_removal(
            action,
            plan.ids[key],
            on=removed,
            cost=Money("485.00"),
            description="Public Works crew, loader and truck, 3 hours",
        ),
    )


def _closed(plan: _Plan) -> None:
    """A porch rebuild: done, vacated and cleaned, closed."""
    key = "closed"
    applied = plan.open_on_or_before(plan.today - timedelta(days=50))
    issued = applied + timedelta(days=1)
    done = issued + timedelta(days=25)
    plan.apply(
        plan.on(applied, 9),
        key,
        _data(
            plan,
            BUILDER,
            "College St",
            purpose=PrivilegePurpose.CONSTRUCTION,
            location="College St in front of 126",
            description="Porch rebuild: lumber on the terrace, mixer in the lane",
            planned_start=issued,
            planned_end=done,
            street_width_in=30 * FT,
            street_used_in=7 * FT,
            sidewalk_width_in=5 * FT,
            sidewalk_used_in=2 * FT,
        ),
    )
    _ready_and_issued(plan, key, BUILDER, applied, issued, "1000")
    plan.add(
        plan.on(done, 16),
        plan.staff.director,
        lambda action: sp_occupancy.close(
            action, plan.ids[key], on=done, by_name=DPW, by_title="Director of Public Works"
        ),
    )
