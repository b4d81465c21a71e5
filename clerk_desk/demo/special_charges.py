"""Demo special charges and the tax roll: work the City did in someone's place, at each step.

:func:`generate` runs after the demo's parties, parcels and street openings exist: the deficiency
repair is billed on the restored sewer opening of :mod:`clerk_desk.demo.street_openings`; the
parcels, owners and contractors it names are found in the demo, or made when missing. Through
the same services the counter uses, each step at the moment it happened (a clock that travels
from step to step stamps the records and the audit trail), it writes:

- last year: snow and ice removed in February (§ 506-11), an obstruction removed in June
  (§ 506-8), dirt and debris swept up in August (§ 506-20), none of them paid, and street
  damage corrected in September (§ 506-21), paid in full; a tax roll run as of November 15,
  prepared and certified by the Treasurer the next day: the three unpaid charges on it, the
  paid one left off;
- this year: snow and ice removed after the latest snowfall, billed at the fee the Council set
  (SNOW), its 30 days running; an obstruction removed 75 days ago and still unpaid 60 days
  after the cost was incurred, ready for the tax roll; dirt and debris tracked onto a street by
  a contractor, the bill due this week; street damage corrected by the City, partly paid; a
  deficiency repair on the restored sewer opening, billed with 20% for administration (§ 506-6)
  and paid.

The dates are counted back from "today", whatever day the demo is built, so every clock stands
as described on any day of the year. The snow fee is the one in force today (the shipped fee
schedule starts in 2026). The Treasurer takes the payments through
:func:`clerk_desk.demo.counter.take`, as :mod:`clerk_desk.demo.street_openings` takes its fees;
their receipts are written among that day's counter receipts (:mod:`clerk_desk.demo.receipts`,
which reaches back to last year's October payment).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from sqlalchemy import select

from clerk_desk import fees, parties
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CityCalendar
from clerk_desk.demo import counter as demo_counter
from clerk_desk.demo.street_openings import SEWER
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import ChargeKind, OpeningStatus, PartyKind, Role
from clerk_desk.models import Operator, Parcel, Party, StreetOpening
from clerk_desk.money import Money
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_openings import charges

#: How many amounts due the demo's special charges bill: four last year, five this year.
AMOUNTS_DUE = 9
#: How many of them are still open at the counter: this year's snow, obstruction, dirt and
#: debris, and the street damage partly paid (last year's unpaid three are certified).
OPEN_AMOUNTS_DUE = 4
#: How many last year's run certified to the tax roll.
CERTIFIED = 3
PARTLY_PAID = Money("200.00")

OPERATOR = "Hanson Excavating LLC"  # tracked mud onto the street (§ 506-20)
HAULER = "Bluff Country Concrete"  # its loaded truck broke a curb (§ 506-21)
# The parcel each charge is against, by street (the first owned parcel there); the owner named
# is made with the parcel when the demo has none.
PARCELS = {
    "snow": ("Hampshire St", "Ingrid Solberg"),
    "obstruction": ("Front St", "Paul Erickson"),
    "dirt": ("Pearl St", "Grace Fischer"),
    "damage": ("James St", "Lars Carlson"),
    "last snow": ("Albert St", "Olga Berg"),
    "last obstruction": ("Henry St", "Sven Dahl"),
    "last dirt": ("Campbell St", "Rosa Anderson"),
    "last damage": ("Young St", "Frank Halvorsen"),
}

Work = Callable[[Action], object]


@dataclass(frozen=True, slots=True)
class _Staff:
    clerk: SignedIn
    inspector: SignedIn
    treasurer: SignedIn
    admin: SignedIn


def _staff(desk: Desk) -> _Staff:
    """The demo's Clerk, Director of Public Works and Treasurer (the Administrator for any
    missing)."""
    with desk.database.reading() as session:
        rows = {
            Role(row.role): SignedIn(row.id, row.username, row.full_name, Role(row.role))
            for row in session.scalars(
                select(Operator).where(Operator.active.is_(True)).order_by(Operator.id)
            )
        }
    admin = rows[Role.ADMINISTRATOR]
    return _Staff(
        rows.get(Role.CLERK, admin),
        rows.get(Role.INSPECTOR, admin),
        rows.get(Role.TREASURER, admin),
        admin,
    )


@dataclass(frozen=True, slots=True)
class _Site:
    parcel_id: int
    site_address: str


@dataclass
class _Plan:
    """Every step at the moment it happened, run in time order on a travelling clock."""

    desk: Desk
    staff: _Staff
    calendar: CityCalendar
    party: dict[str, int]
    site: dict[str, _Site]
    snow_fee: Money
    steps: list[tuple[datetime, int, SignedIn, Work]] = field(default_factory=list)
    ids: dict[str, int] = field(default_factory=dict)  # each charge's id (and the run's)

    @property
    def today(self) -> date:
        return self.desk.clock.today()

    def on(self, day: date, hour: int, minute: int = 0) -> datetime:
        zone = self.desk.clock.local_now().tzinfo
        return datetime.combine(day, time(hour, minute), zone)

    def add(self, moment: datetime, who: SignedIn, work: Work) -> None:
        self.steps.append((moment, len(self.steps), who, work))

    def open_after(self, day: date) -> date:
        """The first day City Hall is open after ``day``: the bill goes out then."""
        return self.calendar.next_open_day(day)

    def open_on_or_before(self, day: date) -> date:
        return self.calendar.previous_open_day(day, inclusive=True)

    def charge(
        self,
        key: str,
        data: sc.ChargeData,
        *,
        received_on: date | None = None,
        bill_on: date | None = None,
    ) -> None:
        """The charge entered and its bill mailed at 9 a.m. on ``bill_on`` (the first open day
        after the work unless given); the day it reached the party recorded on ``received_on``
        (the clock of § 506-8 runs from it)."""
        day = bill_on or self.open_after(data.work_done_on)
        bill = sc.BillData(bill_on=day, delivered_how="mailed")

        def make(action: Action) -> None:
            self.ids[key] = sc.create_charge(action, data, bill)

        self.add(self.on(day, 9), self.staff.clerk, make)
        if received_on is not None:
            received = sc.BillData(bill_on=day, delivered_how="mailed", received_on=received_on)
            self.add(
                self.on(received_on, 11),
                self.staff.clerk,
                lambda action: sc.record_bill(action, self.ids[key], received),
            )

    def pay(self, day: date, key: str, amount: Money | None = None) -> None:
        """The Treasurer takes ``amount`` (or all that is owed) at 2 p.m. on ``day``."""

        def pay(action: Action) -> None:
            charge = sc.get_charge(action.session, self.ids[key])
            assert charge.amount_due_id is not None
            demo_counter.take(action, [(charge.amount_due_id, amount)])

        self.add(self.on(day, 14), self.staff.treasurer, pay)

    def run(self) -> None:
        now = self.desk.clock.now()
        travel = FixedClock(now)
        then = Desk(self.desk.database, clock=travel)
        for moment, _, who, work in sorted(self.steps, key=lambda s: (s[0], s[1])):
            travel.set(min(moment, now))
            with then.action(who) as action:
                work(action)


def _ensure(desk: Desk, admin: SignedIn) -> tuple[dict[str, int], dict[str, _Site]]:
    """The contractors billed as operators and the parcels charged: found in the demo, or made
    when this runs on a desk without them."""
    with desk.action(admin) as action:
        session = action.session
        party: dict[str, int] = {}
        for name in (OPERATOR, HAULER):
            found = session.scalars(select(Party).where(Party.name == name)).first()
            party[name] = (
                found.id
                if found is not None
                else parties.add_party(
                    action,
                    parties.PartyData(
                        kind=PartyKind.BUSINESS,
                        name=name,
                        street="N5000 County Rd M",
                        city="Ellsworth",
                        state="WI",
                        postal_code="54011",
                        contractor=True,
                    ),
                ).id
            )
        site: dict[str, _Site] = {}
        for index, (key, (street, owner)) in enumerate(PARCELS.items()):
            owned = session.scalars(
                select(Parcel)
                .where(Parcel.site_address.like(f"% {street}"), Parcel.owner_id.is_not(None))
                .order_by(Parcel.parcel_number)
                .limit(1)
            ).first()
            if owned is None:
                person = parties.add_party(
                    action,
                    parties.PartyData(
                        kind=PartyKind.PERSON,
                        name=owner,
                        street=f"{109 + index * 8} {street}",
                        city="Prescott",
                        state="WI",
                        postal_code="54021",
                    ),
                )
                owned = parties.add_parcel(
                    action,
                    parties.ParcelData(
                        parcel_number=f"281-98{index + 1:03d}-0000",
                        site_address=f"{109 + index * 8} {street}",
                        owner_id=person.id,
                    ),
                )
            site[key] = _Site(owned.id, owned.site_address)
    return party, site


def _restored_sewer(desk: Desk) -> int:
    """The demo's restored sewer lateral (its guarantee year running), where the Director of
    Public Works repaired what the permittee left faulty."""
    with desk.database.reading() as session:
        found = session.scalars(
            select(StreetOpening.id)
            .join(Party, Party.id == StreetOpening.applicant_id)
            .where(Party.name == SEWER, StreetOpening.status == OpeningStatus.RESTORED)
            .order_by(StreetOpening.id)
        ).first()
    if found is None:
        raise LookupError(
            "The special charges demo runs after the street openings demo: its deficiency "
            "repair is billed on the restored sewer opening."
        )
    return found


def generate(desk: Desk) -> dict[str, int]:
    """Write the demo's special charges and last year's certified tax roll run; return how
    many of each."""
    staff = _staff(desk)
    party, site = _ensure(desk, staff.admin)
    sewer = _restored_sewer(desk)
    with desk.database.reading() as session:
        snow_fee = fees.fee_on(session, "SNOW", desk.clock.today()).amount
    plan = _Plan(desk, staff, desk.calendar(), party, site, snow_fee)
    _last_year(plan)
    _snow(plan, "snow", _latest_snowfall(plan.today))
    # A month ago: its 10 days to pay have run, so it is ready for the tax roll, and the
    # Treasurer has until the sixtieth day to enter it (§ 506-8).
    _obstruction(plan, "obstruction", plan.open_on_or_before(plan.today - timedelta(days=30)))
    _dirt(plan, "dirt", _due_this_week(plan))
    damage = plan.open_on_or_before(plan.today - timedelta(days=21))
    _damage(plan, "damage", damage)
    plan.pay(plan.open_on_or_before(plan.today - timedelta(days=5)), "damage", PARTLY_PAID)
    _deficiency(plan, sewer)
    plan.run()
    return {"special_charge": len(plan.ids) - 1, "tax_roll_run": 1}


def _latest_snowfall(today: date) -> date:
    """The last day of winter (December to March, or November) at least eight days ago."""
    day = today - timedelta(days=8)
    while day.month not in (11, 12, 1, 2, 3):
        day -= timedelta(days=1)
    return day


def _due_this_week(plan: _Plan) -> date:
    """A bill day whose 30 days end within the coming week (the Today tab lists it)."""
    for back in range(30, 19, -1):
        bill_on = plan.today - timedelta(days=back)
        due = plan.calendar.add_days(bill_on, 30)
        if plan.calendar.is_open(bill_on) and plan.today <= due <= plan.today + timedelta(days=6):
            return bill_on
    raise AssertionError(f"no bill day falls due the week of {plan.today}")  # pragma: no cover


# -- the charges ---------------------------------------------------------------------------------


def _snow(plan: _Plan, key: str, day: date) -> None:
    where = plan.site[key]
    plan.charge(
        key,
        sc.ChargeData(
            kind=ChargeKind.SNOW_ICE,
            billed_party_id=_owner(plan, key),
            work=f"Snow and ice removed from the public sidewalk at {where.site_address}, not "
            "cleared within 24 hours after the snow stopped falling",
            work_done_on=day,
            lines=[
                sc.LineData(
                    "fee",
                    "Snow and ice removal by the City (fee set by the Council)",
                    plan.snow_fee,
                )
            ],
            parcel_id=where.parcel_id,
        ),
    )


def _obstruction(plan: _Plan, key: str, day: date) -> None:
    where = plan.site[key]
    bill_on = plan.open_after(day)
    plan.charge(
        key,
        sc.ChargeData(
            kind=ChargeKind.OBSTRUCTION,
            billed_party_id=_owner(plan, key),
            work=f"Brush pile and a broken utility trailer removed from the right-of-way at "
            f"{where.site_address} after the owner's notice ran out",
            work_done_on=day,
            lines=[
                sc.LineData("labor", "Public Works crew, 2 workers for 3 hours", Money("186.00")),
                sc.LineData("equipment", "Dump truck and trailer, 3 hours", Money("135.00")),
                sc.LineData("fee", "Disposal at the compost site", Money("25.00")),
            ],
            parcel_id=where.parcel_id,
        ),
        bill_on=bill_on,
        received_on=bill_on + timedelta(days=2),  # delivered by mail two days later
    )


def _dirt(plan: _Plan, key: str, bill_on: date) -> None:
    where = plan.site[key]
    street = where.site_address.split(" ", 1)[-1]
    plan.charge(
        key,
        sc.ChargeData(
            kind=ChargeKind.DIRT_DEBRIS,
            billed_party_id=plan.party[OPERATOR],
            billed_as="operator",
            work=f"Mud and gravel tracked onto {street} from the job site at "
            f"{where.site_address}, swept up by the City",
            work_done_on=bill_on - timedelta(days=1),
            lines=[
                sc.LineData("labor", "Sweeper operator, 2 hours", Money("96.00")),
                sc.LineData("equipment", "Street sweeper, 2 hours", Money("150.00")),
            ],
            parcel_id=where.parcel_id,
        ),
        bill_on=bill_on,
    )


def _damage(plan: _Plan, key: str, day: date) -> None:
    where = plan.site[key]
    plan.charge(
        key,
        sc.ChargeData(
            kind=ChargeKind.STREET_DAMAGE,
            billed_party_id=plan.party[HAULER],
            billed_as="operator",
            work=f"Curb and gutter broken by a loaded truck at {where.site_address}, replaced "
            "by the City after the 10 days' notice",
            work_done_on=day,
            lines=[
                sc.LineData("materials", "Concrete curb and gutter, 12 feet", Money("540.00")),
                sc.LineData("labor", "Public Works crew, 6 hours", Money("372.00")),
                sc.LineData("equipment", "Skid steer and concrete saw, 4 hours", Money("160.00")),
            ],
            parcel_id=where.parcel_id,
        ),
    )


def _deficiency(plan: _Plan, opening_id: int) -> None:
    """Settled asphalt over the sewer lateral, repaired by the Director of Public Works in the
    guarantee year: labor, materials and equipment plus 20%, billed and paid."""
    notice_on = plan.open_on_or_before(plan.today - timedelta(days=14))

    def bill(action: Action) -> None:
        plan.ids["deficiency"] = charges.charge_deficiency_repair(
            action,
            opening_id,
            labor=Money("420.00"),
            materials=Money("185.50"),
            equipment=Money("150.00"),
            notice_on=notice_on,
        )

    plan.add(plan.on(notice_on, 11), plan.staff.inspector, bill)
    plan.pay(plan.open_on_or_before(plan.today - timedelta(days=4)), "deficiency")


def _last_year(plan: _Plan) -> None:
    """Last year's charges and the run that put the unpaid ones on the tax roll."""
    year = plan.today.year - 1
    _snow(plan, "last snow", date(year, 2, 10))
    _obstruction(plan, "last obstruction", plan.open_on_or_before(date(year, 6, 3)))
    dirt_bill = plan.open_after(date(year, 8, 20))
    _dirt(plan, "last dirt", dirt_bill)
    damage = plan.open_on_or_before(date(year, 9, 14))
    _damage(plan, "last damage", damage)
    plan.pay(plan.open_on_or_before(date(year, 10, 9)), "last damage")
    as_of = date(year, 11, 15)
    day = plan.open_after(as_of)

    def prepare(action: Action) -> None:
        plan.ids["run"] = tax_roll.prepare_run(action, as_of)

    plan.add(plan.on(day, 9, 30), plan.staff.treasurer, prepare)
    plan.add(
        plan.on(day, 10, 45),
        plan.staff.treasurer,
        lambda action: tax_roll.certify_run(action, plan.ids["run"]),
    )


def _owner(plan: _Plan, key: str) -> int:
    with plan.desk.database.reading() as session:
        parcel = parties.get_parcel(session, plan.site[key].parcel_id)
        assert parcel.owner_id is not None
        return parcel.owner_id
