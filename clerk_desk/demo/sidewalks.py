"""Demo sidewalks (the sidewalk article; Wis. Stat. § 66.0907): the plan, permits and orders.

:func:`generate` runs after the demo's parties, parcels, street numbering map and Council
meetings exist; on a database without them (a test's fresh desk) it makes the few it needs.
Through the same services the counter uses, each step at the moment it happened (a clock that
travels from step to step stamps the records and the audit trail), it writes:

- the Sidewalk Master Plan: Orange St on both sides, the odd side of Broad St N (sidewalk and
  bicycle lane), Kinnickinnic St's even side from 400 on (an open end), a bicycle lane the whole
  length of Henry St, and a Dexter St segment retired by a Council amendment;
- permits: a reconstruction on the plan paid by the City (issued, completed); a replacement off
  the plan paid by the owner (issued); a removal of a sidewalk the plan no longer shows (the City
  pays the removal, the owner restores); a new walk 4 feet wide denied and appealed to the
  Council, the appeal pending; a repair whose work starts in three days and is not issued (the
  Today tab's urgent item); City contract work, recorded without a permit (numbered in its own
  series, SWC-…);
- repair orders: a Council order served, the owner's 20 days still running (a partial
  replacement approved by the Director); one served whose 20 days have passed (the City may
  act); one the City repaired, its cost charged to the owner as a special charge; a minor repair
  under $500 made at the Director's direction and charged (the whole-block rule does not apply
  to it: nothing in the section applies to minor repairs).

The Council orders are made at meetings held long enough ago; when the demo's meetings (from a
month ago on) hold none early enough, a regular meeting is added on the second or fourth Monday
that fits. The dates are counted back from "today", so every rule holds on any day.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import partial
from typing import Any

from sqlalchemy import select

from clerk_desk import parties
from clerk_desk.clock import FixedClock
from clerk_desk.demo.meetings import meeting_days, meeting_place, regular_meeting
from clerk_desk.demo.street_numbers import PLAN_OF
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import PartyKind, RepairOrderKind, Role, SidewalkWork
from clerk_desk.models import Operator, Parcel
from clerk_desk.money import Money
from clerk_desk.petitions import schedule
from clerk_desk.sidewalks import service as sw
from clerk_desk.sidewalks.service import PermitData, RepairOrderData, SegmentData
from clerk_desk.street_numbers import streets
from clerk_desk.words import MONTH_NAMES

#: How many amounts due the demo's sidewalks leave open: the City's repair under a Council order
#: and the minor repair, both special charges against the parcel.
AMOUNTS_DUE = 2
#: How many special charges it makes: the same two repairs.
SPECIAL_CHARGES = 2

CONCRETE = "Bluff Country Concrete"
PAVING = "Ellsworth Paving Inc."
EXCAVATOR = "Hanson Excavating LLC"
STREETS = (
    "Orange St",
    "Broad St N",
    "Kinnickinnic St",
    "Henry St",
    "Dexter St",
    "Walter St",
    "Lake St",
    "Albert St",
    "College St",
)
# Demo lot k carries number 100 + 4k + k % 2 (demo.py); these are lots 3, 8, 6, 2, 5, 9, 7, 4.
ADDRESSES = {
    "on plan": ("Orange St", 113),
    "city contract": ("Orange St", 132),
    "off plan": ("Kinnickinnic St", 124),
    "removal": ("Dexter St", 108),
    "denied": ("Broad St N", 121),
    "late": ("Walter St", 137),
    "days left": ("Lake St", 129),
    "past due": ("Albert St", 116),
    "city repaired": ("College St", 121),
    "minor": ("Henry St", 124),
}
# Owners made only where the demo's parcels are missing (a fresh database).
SPARE_OWNERS = (
    "Grace Lindahl",
    "Oscar Brandt",
    "Mae Kowalski",
    "Henrik Dahl",
    "Rosa Ibarra",
    "Walt Engstrom",
    "June Halvorsen",
    "Lars Pedersen",
    "Ida Marsh",
    "Tomas Ruiz",
)

Work = Callable[[Action], object]


@dataclass(frozen=True, slots=True)
class _Staff:
    clerk: SignedIn
    inspector: SignedIn


def _staff(desk: Desk) -> _Staff:
    """The demo's Clerk and Building Inspector (the Administrator for any missing)."""
    with desk.database.reading() as session:
        rows = {
            Role(row.role): SignedIn(row.id, row.username, row.full_name, Role(row.role))
            for row in session.scalars(select(Operator).where(Operator.active.is_(True)))
        }
    admin = rows[Role.ADMINISTRATOR]
    return _Staff(rows.get(Role.CLERK, admin), rows.get(Role.INSPECTOR, admin))


@dataclass
class _Plan:
    """Every step at the moment it happened, run in time order by a travelling clock, one
    action per step (never later than now)."""

    desk: Desk
    staff: _Staff
    steps: list[tuple[datetime, int, SignedIn, Work]] = field(default_factory=list)
    ids: dict[str, int] = field(default_factory=dict)

    @property
    def today(self) -> date:
        return self.desk.clock.today()

    def ago(self, days: int) -> date:
        return self.today - timedelta(days=days)

    def on(self, day: date, hour: int, minute: int = 0) -> datetime:
        """That time of day in Prescott."""
        return datetime.combine(day, time(hour, minute), self.desk.clock.local_now().tzinfo)

    def add(self, moment: datetime, who: SignedIn, work: Work) -> None:
        self.steps.append((moment, len(self.steps), who, work))

    def keep(self, key: str, make: Callable[[Action], int]) -> Work:
        """A step that makes a record and remembers its id under ``key``."""

        def work(action: Action) -> None:
            self.ids[key] = make(action)

        return work

    def run(self) -> None:
        now = self.desk.clock.now()
        travel = FixedClock(now)
        then = Desk(self.desk.database, clock=travel)
        for moment, _, who, work in sorted(self.steps, key=lambda s: (s[0], s[1])):
            travel.set(min(moment, now))
            with then.action(who) as action:
                work(action)


def generate(desk: Desk) -> dict[str, int]:
    """Write the demo's master plan, sidewalk permits and repair orders; return how many of
    each (and how many Council meetings it had to add)."""
    plan = _Plan(desk, _staff(desk))
    street, parcel, party = _prepare(plan)
    meetings = _meetings(plan)
    _master_plan(plan, street)
    _permits(plan, street, parcel, party)
    _orders(plan, street, parcel, meetings)
    plan.run()
    return {
        "master_plan_segment": 5,
        "sidewalk_permit": 6,
        "sidewalk_repair_order": 4,
        "council_meeting": sum(1 for key in plan.ids if key.startswith("meeting ")),
    }


# -- what the demo builds on ---------------------------------------------------------------------


def _prepare(plan: _Plan) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """The streets, parcels and contractors the demo uses: found, or made where missing."""
    street: dict[str, int] = {}
    parcel: dict[str, int] = {}
    party: dict[str, int] = {}
    with plan.desk.action(plan.staff.clerk) as action:
        session = action.session
        for name in STREETS:
            found = streets.find_street(session, name)
            street[name] = (
                found.id if found is not None else streets.add_street(action, PLAN_OF[name].data())
            )
        for index, (key, (name, number)) in enumerate(ADDRESSES.items()):
            address = f"{number} {name}"
            row = session.scalar(
                select(Parcel).where(Parcel.site_address == address, Parcel.owner_id.is_not(None))
            )
            if row is None:
                owner = parties.add_party(
                    action,
                    parties.PartyData(
                        kind=PartyKind.PERSON,
                        name=SPARE_OWNERS[index],
                        street=address,
                        city="Prescott",
                        state="WI",
                        postal_code="54021",
                    ),
                )
                session.flush()
                row = parties.add_parcel(
                    action,
                    parties.ParcelData(
                        parcel_number=f"281-SW{index + 1:03d}-0000",
                        site_address=address,
                        owner_id=owner.id,
                    ),
                )
                session.flush()
            parcel[key] = row.id
        for name in (CONCRETE, PAVING, EXCAVATOR):
            found_party = next(
                (p for p in parties.search_parties(session, name, limit=5) if p.name == name),
                None,
            )
            if found_party is None:
                found_party = parties.add_party(
                    action,
                    parties.PartyData(
                        kind=PartyKind.BUSINESS,
                        name=name,
                        contractor=True,
                        city="Ellsworth",
                        state="WI",
                        postal_code="54011",
                    ),
                )
                session.flush()
            party[name] = found_party.id
    return street, parcel, party


# The Council orders: the meeting that made each falls in a window of days before today (each
# window holds a second or fourth Monday, so one can always be added).
_ORDER_WINDOWS = {"days left": (8, 32), "past due": (33, 58), "city repaired": (62, 100)}


def _add_meeting(action: Action, data: schedule.MeetingData) -> int:
    return schedule.add_meeting(action, data)


def _meetings(plan: _Plan) -> dict[str, tuple[str, date]]:
    """For each Council order, the key of its meeting and the meeting's day: the latest held
    meeting in its window, or a regular meeting added there."""
    zone = plan.desk.clock.local_now().tzinfo
    calendar = plan.desk.calendar()
    with plan.desk.database.reading() as session:
        held = [
            (m.id, m.starts_at.astimezone(zone).date())
            for m in schedule.meetings(session)
            if m.starts_at <= plan.desk.clock.now()
        ]
        place = meeting_place(session)
    chosen: dict[str, tuple[str, date]] = {}
    for key, (near, far) in _ORDER_WINDOWS.items():
        first, last = plan.ago(far), plan.ago(near)
        fits = [(day, id_) for id_, day in held if first <= day <= last]
        if fits:
            day, meeting_id = max(fits)
            plan.ids[f"held {key}"] = meeting_id
            chosen[key] = (f"held {key}", day)
            continue
        days = meeting_days(first, last, calendar) or [last]
        day = days[-1]
        data = regular_meeting(day, zone, place)
        plan.add(
            plan.on(day - timedelta(days=7), 9),
            plan.staff.clerk,
            plan.keep(f"meeting {key}", partial(_add_meeting, data=data)),
        )
        chosen[key] = (f"meeting {key}", day)
    return chosen


# -- the master plan --------------------------------------------------------------------------


def _master_plan(plan: _Plan, street: dict[str, int]) -> None:
    adopted = plan.ago(400)
    reference = f"Sidewalk Master Plan, adopted {MONTH_NAMES[adopted.month]} {adopted.year}"
    segments = {
        "orange": SegmentData(
            street["Orange St"],
            "both",
            100,
            299,
            "sidewalk",
            "Orange St, Second St to Fourth St: the route to the school",
            f"{reference}, map 2",
        ),
        "broad": SegmentData(
            street["Broad St N"],
            "odd",
            101,
            399,
            "both",
            "Broad St N, west side downtown: sidewalk and bicycle lane",
            f"{reference}, map 1",
        ),
        "kinnickinnic": SegmentData(
            street["Kinnickinnic St"],
            "even",
            400,
            None,
            "sidewalk",
            "Kinnickinnic St, north side from 400 to the city limits",
            f"{reference}, map 3",
        ),
        "henry": SegmentData(
            street["Henry St"],
            "both",
            None,
            None,
            "bike_lane",
            "Henry St bicycle lane, whole length",
            f"{reference}, map 4",
        ),
        "dexter": SegmentData(
            street["Dexter St"],
            "both",
            100,
            199,
            "sidewalk",
            "Dexter St, first block",
            f"{reference}, map 5",
        ),
    }
    for index, (key, data) in enumerate(segments.items()):
        plan.add(
            plan.on(adopted, 10, index),
            plan.staff.inspector,
            plan.keep(f"segment {key}", partial(sw.add_segment, data=data)),
        )
    plan.add(
        plan.on(plan.ago(90), 9),
        plan.staff.inspector,
        lambda action: sw.retire_segment(
            action,
            plan.ids["segment dexter"],
            reason="Taken off the plan by the Common Council's amendment (the block has no "
            "through walk).",
        ),
    )


# -- permits ------------------------------------------------------------------------------------


def _permits(
    plan: _Plan, street: dict[str, int], parcel: dict[str, int], party: dict[str, int]
) -> None:
    """One permit at each point of the article, each step at its moment."""
    permits = _PermitSteps(plan, street, parcel)
    _on_plan_permit(permits, party[CONCRETE])
    _off_plan_permit(permits)
    _removal_permit(permits)
    _denied_permit(permits)
    _late_application(permits)
    _city_contract_work(permits, party[CONCRETE])


@dataclass
class _PermitSteps:
    """Applying for a permit in front of one of the demo's addresses, and acting on it."""

    plan: _Plan
    street: dict[str, int]
    parcel: dict[str, int]

    def owner_of(self, key: str) -> Callable[[Action], int]:
        def read(action: Action) -> int:
            row = action.session.get(Parcel, self.parcel[key])
            assert row is not None and row.owner_id is not None
            return row.owner_id

        return read

    def apply(self, key: str, applicant: int | str, **details: Any) -> Work:
        name, number = ADDRESSES[key]

        def make(action: Action) -> int:
            applicant_id = applicant if isinstance(applicant, int) else self.owner_of(key)(action)
            data = PermitData(
                applicant_id=applicant_id,
                location=f"In front of {number} {name}",
                street_id=self.street[name],
                address_number=number,
                parcel_id=self.parcel[key],
                **details,
            )
            service = sw.record_city_contract if key == "city contract" else sw.receive_application
            return service(action, data)

        return self.plan.keep(key, make)

    def step(self, key: str, function: Callable[..., object], **kw: object) -> Work:
        return lambda action: function(action, self.plan.ids[key], **kw)


def _on_plan_permit(permits: _PermitSteps, contractor: int) -> None:
    """1. On the plan, paid by the City: reconstructed and completed."""
    plan, step = permits.plan, permits.step
    on, ago, staff = plan.on, plan.ago, plan.staff
    plan.add(
        on(ago(20), 9, 30),
        staff.clerk,
        permits.apply(
            "on plan",
            contractor,
            work=SidewalkWork.RECONSTRUCT,
            length_ft=66,
            width_in=sw.RESIDENTIAL_WIDTH_IN,
            contractor_name=CONCRETE,
            work_starts_on=ago(10),
            notes="Heaved slabs and a tree-root ridge; the whole frontage rebuilt.",
        ),
    )
    plan.add(on(ago(18), 14), staff.inspector, step("on plan", sw.issue, conditions=""))
    plan.add(on(ago(4), 15), staff.inspector, step("on plan", sw.complete, on=ago(5)))


def _off_plan_permit(permits: _PermitSteps) -> None:
    """2. Off the plan, paid by the owner: a replacement, issued."""
    plan = permits.plan
    on, ago, staff = plan.on, plan.ago, plan.staff
    plan.add(
        on(ago(6), 11),
        staff.clerk,
        permits.apply(
            "off plan",
            "owner",
            work=SidewalkWork.REPLACE,
            length_ft=33,
            width_in=sw.RESIDENTIAL_WIDTH_IN,
            contractor_name=PAVING,
            work_starts_on=ago(-8),
        ),
    )
    plan.add(
        on(ago(5), 10),
        staff.inspector,
        permits.step(
            "off plan",
            sw.issue,
            conditions="Call Public Works 24 hours before the concrete is poured: the forms "
            "are approved first.",
        ),
    )


def _removal_permit(permits: _PermitSteps) -> None:
    """3. A removal without replacement: the plan no longer shows Dexter St's first block."""
    plan = permits.plan
    on, ago, staff = plan.on, plan.ago, plan.staff
    plan.add(
        on(ago(12), 13),
        staff.clerk,
        permits.apply(
            "removal",
            "owner",
            work=SidewalkWork.REMOVE,
            length_ft=40,
            contractor_name=EXCAVATOR,
            work_starts_on=ago(-2),
            notes="A walk that leads nowhere since the lot was split; the terrace to be seeded.",
        ),
    )
    plan.add(
        on(ago(9), 9),
        staff.inspector,
        permits.step("removal", sw.issue, conditions="Seed and mulch the area within 14 days."),
    )


def _denied_permit(permits: _PermitSteps) -> None:
    """4. A new walk four feet wide: denied, appealed to the Council."""
    plan = permits.plan
    on, ago, staff = plan.on, plan.ago, plan.staff
    plan.add(
        on(ago(10), 10),
        staff.clerk,
        permits.apply(
            "denied",
            "owner",
            work=SidewalkWork.CONSTRUCT,
            length_ft=50,
            width_in=48,
            work_starts_on=ago(-12),
        ),
    )
    plan.add(
        on(ago(8), 11),
        staff.inspector,
        permits.step(
            "denied",
            sw.deny,
            reasons="A new residential walk is 4 ft 6 in wide; the plan submitted shows 4 ft.",
        ),
    )
    plan.add(on(ago(3), 9), staff.clerk, permits.step("denied", sw.file_appeal, filed_on=ago(3)))


def _late_application(permits: _PermitSteps) -> None:
    """5. A repair starting in three days, applied for yesterday: not issued."""
    plan = permits.plan
    plan.add(
        plan.on(plan.ago(1), 15),
        plan.staff.clerk,
        permits.apply(
            "late",
            "owner",
            work=SidewalkWork.REPAIR,
            length_ft=10,
            width_in=sw.RESIDENTIAL_WIDTH_IN,
            contractor_name=CONCRETE,
            work_starts_on=plan.ago(-3),
        ),
    )


def _city_contract_work(permits: _PermitSteps, contractor: int) -> None:
    """6. City contract work on the plan: no permit."""
    plan = permits.plan
    on, ago, staff = plan.on, plan.ago, plan.staff
    plan.add(
        on(ago(30), 8),
        staff.clerk,
        permits.apply(
            "city contract",
            contractor,
            work=SidewalkWork.RECONSTRUCT,
            length_ft=132,
            width_in=sw.RESIDENTIAL_WIDTH_IN,
            contractor_name=CONCRETE,
            work_starts_on=ago(25),
            notes="Orange St sidewalk program, contract awarded by the Common Council.",
        ),
    )
    plan.add(
        on(ago(15), 16), staff.inspector, permits.step("city contract", sw.complete, on=ago(16))
    )


# -- repair orders ----------------------------------------------------------------------------


def _orders(
    plan: _Plan,
    street: dict[str, int],
    parcel: dict[str, int],
    meetings: dict[str, tuple[str, date]],
) -> None:
    """One repair order at each stage, each step at its moment."""
    orders = _OrderSteps(plan, street, parcel, meetings)
    _order_with_days_left(orders)
    _order_past_due(orders)
    _order_repaired_by_the_city(orders)
    _minor_repair(orders)


_REPAIR_WORK = "Remove and replace the defective squares with 4-inch concrete to line and grade."


@dataclass
class _OrderSteps:
    """Ordering a repair in front of one of the demo's addresses (at the Council meeting that
    ordered it, if any), and acting on it."""

    plan: _Plan
    street: dict[str, int]
    parcel: dict[str, int]
    meetings: dict[str, tuple[str, date]]

    def order(self, key: str, kind: RepairOrderKind, defect: str, **details: Any) -> Work:
        name, number = ADDRESSES[key]

        def make(action: Action) -> int:
            meeting = self.meetings.get(key)
            data = RepairOrderData(
                kind=kind,
                parcel_id=self.parcel[key],
                location=f"In front of {number} {name}",
                defect=defect,
                street_id=self.street[name],
                meeting_id=self.plan.ids[meeting[0]] if meeting else None,
                **details,
            )
            return sw.order_repair(action, data)

        return self.plan.keep(key, make)

    def step(self, key: str, function: Callable[..., object], **kw: object) -> Work:
        return lambda action: function(action, self.plan.ids[key], **kw)


def _order_with_days_left(orders: _OrderSteps) -> None:
    """Served, the owner's 20 days still running; a partial replacement approved."""
    plan, staff = orders.plan, orders.plan.staff
    key = "days left"
    met = orders.meetings[key][1]
    served = max(met + timedelta(days=2), plan.ago(6))
    plan.add(
        plan.on(met + timedelta(days=1), 9),
        staff.clerk,
        orders.order(
            key,
            RepairOrderKind.COUNCIL_ORDER,
            "Three squares heaved 1 1/2 inches by a tree root: a tripping hazard.",
            work_required=_REPAIR_WORK,
            whole_block=False,
            partial_approved_by=f"{staff.inspector.full_name}, Director of Public Works",
            estimated_cost=Money("1450"),
        ),
    )
    plan.add(
        plan.on(served, 14),
        staff.clerk,
        orders.step(
            key, sw.record_service, served_on=served, how="certified mail", by_name="Carla Jensen"
        ),
    )


def _order_past_due(orders: _OrderSteps) -> None:
    """Served, the 20 days over: the City may repair."""
    plan, staff = orders.plan, orders.plan.staff
    key = "past due"
    met = orders.meetings[key][1]
    served = met + timedelta(days=3)
    plan.add(
        plan.on(met + timedelta(days=1), 9, 15),
        staff.clerk,
        orders.order(
            key,
            RepairOrderKind.COUNCIL_ORDER,
            "Cracked and settled squares, a 2-inch drop at a joint.",
            work_required=_REPAIR_WORK,
            estimated_cost=Money("2200"),
        ),
    )
    plan.add(
        plan.on(served, 11),
        staff.clerk,
        orders.step(
            key, sw.record_service, served_on=served, how="personal", by_name="Officer Dana Roth"
        ),
    )


def _order_repaired_by_the_city(orders: _OrderSteps) -> None:
    """Repaired by the City and charged to the owner."""
    plan, staff = orders.plan, orders.plan.staff
    key = "city repaired"
    met = orders.meetings[key][1]
    served = met + timedelta(days=4)
    plan.add(
        plan.on(met + timedelta(days=1), 9, 30),
        staff.clerk,
        orders.order(
            key,
            RepairOrderKind.COUNCIL_ORDER,
            "Walk broken by the owner's contractor's truck; squares shattered.",
            work_required=_REPAIR_WORK,
            caused_by_owner=True,
            estimated_cost=Money("1800"),
        ),
    )
    plan.add(
        plan.on(served, 10),
        staff.clerk,
        orders.step(
            key, sw.record_service, served_on=served, how="personal", by_name="Officer Dana Roth"
        ),
    )

    def city_repair(action: Action) -> object:
        order_row = sw.get_order(action.session, plan.ids["city repaired"])
        first = sw.city_may_repair_on(order_row)
        assert first is not None
        day = min(first + timedelta(days=7), action.today())
        return sw.record_city_repair(action, order_row.id, on=day, cost=Money("1840.00"))

    plan.add(plan.on(served + timedelta(days=32), 15), staff.inspector, city_repair)


def _minor_repair(orders: _OrderSteps) -> None:
    """A minor repair at the Director's direction, made and charged."""
    plan, staff = orders.plan, orders.plan.staff
    key = "minor"
    plan.add(
        plan.on(plan.ago(10), 8, 30),
        staff.inspector,
        orders.order(
            key,
            RepairOrderKind.MINOR,
            "One square cracked across at the driveway approach.",
            work_required="Replace one 5-foot square, 6 inches thick in the driveway approach.",
            estimated_cost=Money("380"),
        ),
    )
    plan.add(
        plan.on(plan.ago(7), 15),
        staff.inspector,
        orders.step(key, sw.record_city_repair, on=plan.ago(7), cost=Money("365.00")),
    )
