"""Demo data: Prescott's real streets with invented people, businesses, utilities and contractors.

``clerk-desk demo`` builds it for a new user to explore; ``--scale N`` builds N years of a busy
city hall for the benchmarks, in a city grown to match (:func:`city_growth`: 20,000 addresses,
parcels and owners at 20 years). Everything goes through the same services the counter uses, so the
demo also exercises the rules, and the audit trail reads as it would after real work.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from sqlalchemy import func, select

from clerk_desk import ledger, operators, parties, settings_store
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import Clock, SystemClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.database import Database
from clerk_desk.demo import enforcement as demo_enforcement
from clerk_desk.demo import petitions as demo_petitions
from clerk_desk.demo import receipts as demo_receipts
from clerk_desk.demo import sidewalk_cafes as demo_sidewalk_cafes
from clerk_desk.demo import sidewalks as demo_sidewalks
from clerk_desk.demo import special_charges as demo_special_charges
from clerk_desk.demo import street_numbers as demo_street_numbers
from clerk_desk.demo import street_openings as demo_street_openings
from clerk_desk.demo import street_privileges as demo_street_privileges
from clerk_desk.demo import vending as demo_vending
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import Conflict
from clerk_desk.kinds import BondKind, DueKind, PartyKind, Role
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    CouncilMeeting,
    MasterPlanSegment,
    Operator,
    Party,
    Petition,
    SidewalkCafe,
    SidewalkPermit,
    SidewalkRepairOrder,
    SpecialCharge,
    StreetImprovement,
    StreetOpening,
    StreetPrivilege,
    TaxRollRun,
    VendingApplication,
)
from clerk_desk.money import Money
from clerk_desk.opening import seed_defaults

DEMO_PASSWORD = "prescott-demo"
DEMO_OPERATORS = (
    ("admin", "Alex Administrator", Role.ADMINISTRATOR),
    ("clerk", "Carla Jensen", Role.CLERK),
    ("deputy", "Dale Nguyễn", Role.DEPUTY_CLERK),
    ("treasurer", "Teresa Lindqvist", Role.TREASURER),
    ("inspector", "Ivan Olsen", Role.INSPECTOR),
)

# Prescott's streets (public facts); house numbers on them are invented.
STREETS = (
    "Broad St N",
    "Broad St S",
    "Orange St",
    "Kinnickinnic St",
    "Albert St",
    "College St",
    "Henry St",
    "Hampshire St",
    "James St",
    "Dexter St",
    "Lake St",
    "Pearl St",
    "Walter St",
    "Front St",
    "Young St",
    "Campbell St",
    "Borner St N",
    "Eagle Ridge Dr",
    "North Acres Rd",
)
FIRST = (
    "Anna",
    "Ben",
    "Carmen",
    "David",
    "Elena",
    "Frank",
    "Grace",
    "Hiro",
    "Ingrid",
    "José",
    "Karin",
    "Lars",
    "Maria",
    "Nils",
    "Olga",
    "Paul",
    "Quinn",
    "Rosa",
    "Sven",
    "Tomás",
    "Uma",
    "Văn An",
    "Wendy",
    "Xavier",
    "Yusuf",
    "Zoë",
    "Łukasz",
    "Siobhán",
    "Björn",
    "Mai",
)
LAST = (
    "Anderson",
    "Berg",
    "Carlson",
    "Dahl",
    "Erickson",
    "Fischer",
    "Gunderson",
    "Hanson",
    "Iverson",
    "Johnson",
    "Krueger",
    "Larson",
    "Meyer",
    "Nelson",
    "Olson",
    "Peterson",
    "Quist",
    "Rasmussen",
    "Schmidt",
    "Thompson",
    "Ulrich",
    "Vang",
    "Weber",
    "Nguyễn",
    "Yang",
    "Zimmerman",
    "Müller",
    "Kowalski",
    "O'Brien",
    "García",
    "Šimková",
    "Lee",
)
BUSINESSES = (
    "Kinnickinnic Coffee Co.",
    "Point Douglas Books",
    "Freedom Park Outfitters",
    "Confluence Bakery",
    "River Bluff Hardware",
    "Mississippi View Diner",
    "St. Croix Gift & Garden",
    "Magee Park Ice Cream",
    "Old Mill Antiques",
    "Borner Street Pizza",
    "Prescott Marine Supply",
    "Front Street Tavern",
)
UTILITIES = (
    ("Pierce-St. Croix Electric Cooperative", "Outage line (715) 555-0141"),
    ("Valley Natural Gas Company", "Locates: call Diggers Hotline 811"),
    ("Riverland Telephone & Fiber", "Construction office"),
    ("Northstar Cable Communications", "Plant engineering"),
)
CONTRACTORS = (
    "Hanson Excavating LLC",
    "Bluff Country Concrete",
    "Twin Rivers Plumbing & Heating",
    "Ellsworth Paving Inc.",
    "Kinni Valley Directional Boring",
    "Lindgren Sewer & Water",
)
ORGANIZATIONS = (
    "Prescott Daze Committee",
    "Prescott Area Chamber of Commerce",
    "Lions Club of Prescott",
    "St. Joseph's Parish Festival",
    "Prescott Youth Hockey Boosters",
)


@dataclass
class DemoSummary:
    database: str
    counts: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        lines = [f"{name}: {count}" for name, count in self.counts.items()]
        lines.append(
            "Sign in as "
            + ", ".join(u for u, _, _ in DEMO_OPERATORS)
            + f" with the password {DEMO_PASSWORD!r}."
        )
        return lines


def create(
    target: str,
    *,
    scale: int = 1,
    replace: bool = False,
    seed: int = 506,
    clock: Clock | None = None,
) -> DemoSummary:
    """Build the demo database at ``target`` (a path or URL)."""
    if scale < 1:
        raise ValueError("scale is a number of years, at least 1")
    database = Database(target)
    try:
        if database.has_tables():
            _refuse_or_empty(database, replace)
        database.migrate(backup=False)
        desk = Desk(database, clock=clock or SystemClock())
        seed_defaults(desk)
        _fill(desk, scale=scale, rng=random.Random(seed))
        with database.reading() as session:
            counts = {
                "operators": session.scalar(select(func.count()).select_from(Operator)) or 0,
                "parties": session.scalar(select(func.count()).select_from(Party)) or 0,
            }
        report = database.check()
        counts.update({k: v for k, v in report.counts.items() if k not in ("operator", "party")})
        counts.update(demo_street_numbers.count(desk))
        with database.reading() as session:
            for model in (
                CouncilMeeting,
                Petition,
                VendingApplication,
                StreetOpening,
                StreetImprovement,
                StreetPrivilege,
                MasterPlanSegment,
                SidewalkPermit,
                SidewalkRepairOrder,
                SidewalkCafe,
                SpecialCharge,
                TaxRollRun,
            ):
                counts[model.__tablename__] = (
                    session.scalar(select(func.count()).select_from(model)) or 0
                )
        return DemoSummary(database.describe(), counts)
    finally:
        database.dispose()


def has_records(target: str) -> bool:
    """True when ``target`` is a Clerk Desk database someone has already signed up in."""
    database = Database(target)
    try:
        if not database.has_tables() or database.current_revision() is None:
            return False
        with database.reading() as session:
            return bool(session.scalar(select(func.count()).select_from(Operator)))
    finally:
        database.dispose()


def _is_demo(database: Database) -> bool:
    with database.reading() as session:
        return settings_store.is_demo(session)


def _refuse_or_empty(database: Database, replace: bool) -> None:
    """Never fill a database that holds records; ``--replace`` deletes only a demo database."""
    target = database.url.render_as_string(hide_password=False)
    if not has_records(target):
        return  # an empty Clerk Desk database is filled; any other is refused by migrate()
    if not replace:
        raise Conflict(
            f"{database.describe()} already holds records. Give --replace to rebuild the "
            "demo there (its contents are lost), or --database to choose another file."
        )
    if not _is_demo(database):
        raise Conflict(
            f"{database.describe()} is not a demo database: Clerk Desk never replaces a City "
            "database with demo data. Choose another file with --database."
        )
    if database.path is None:
        raise Conflict("Clerk Desk only replaces a demo database that is a local SQLite file.")
    database.dispose()
    path = database.path
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def _fill(desk: Desk, *, scale: int, rng: random.Random) -> None:
    clock = desk.clock
    username, full_name, _ = DEMO_OPERATORS[0]  # the Administrator, made as at first start
    operators.create_first_administrator(
        desk.database, clock, username=username, full_name=full_name, password=DEMO_PASSWORD
    )
    admin = operators.sign_in(desk.database, clock, username, DEMO_PASSWORD)
    with desk.action(admin) as action:
        settings_store.mark_demo(action, scale=scale)
        for username, full_name, role in DEMO_OPERATORS[1:]:
            operators.add_operator(
                action, username=username, full_name=full_name, role=role, password=DEMO_PASSWORD
            )
    with desk.action(admin) as action:
        owners = _people_and_parcels(action, rng, scale=scale)
        others = _organizations(action)
    with desk.action(admin) as action:
        _amounts_due(action, rng, scale=scale, payers=owners + others)
    with desk.action(admin) as action:
        _bonds_and_certificates(action, rng)
    _street_numbers(desk, admin, rng)
    # Improvement petitions and the Council's meetings.
    demo_petitions.generate(desk, rng=rng)
    # Special event vending permits at each step of the workflow (after the petitions: the
    # Council decides an appeal at the last meeting those made).
    demo_vending.generate(desk)
    # Street openings at each step, with the improvement register (no random numbers drawn).
    demo_street_openings.generate(desk)
    # Street privileges, sidewalk permits and repair orders, and sidewalk cafes at each step
    # (no random numbers drawn; the sidewalks and cafes add the Council meetings they need).
    demo_street_privileges.generate(desk)
    demo_sidewalks.generate(desk)
    demo_sidewalk_cafes.generate(desk)
    # Special charges of each kind and clock, last year's certified tax roll run (after the
    # street openings: a deficiency repair is billed on the restored one).
    demo_special_charges.generate(desk)
    # Enforcement cases at each step, none of them charged yet (issue 21).
    demo_enforcement.generate(desk)
    # Receipts and the cash drawer: `scale` years of closed drawers ending yesterday, last of
    # all: among each day's receipts, those of the fees the workflows above took that day
    # (clerk_desk.demo.counter), numbered in the order issued.
    demo_receipts.generate(desk, admin, scale=scale, rng=rng)


def _street_numbers(desk: Desk, admin: SignedIn, rng: random.Random) -> None:
    """The street numbering register (§ 506-16): the map of the demo's streets and more, every
    demo parcel's official number, and noncompliance cases at each step (its own module)."""
    demo_street_numbers.generate(desk, admin, rng=rng)


def _phone(rng: random.Random) -> str:
    return f"(715) 555-{rng.randrange(100, 10000):04d}"


def city_growth(scale: int) -> int:
    """How many times the one-year demo's lots each street has at ``scale`` years: a city that
    takes 20,000 receipts a year has about 20,000 addresses, parcels and owners (13 times the
    one-year demo's 1,500), so that its searches and registers are measured at their size."""
    return max(1, round(scale * 2 / 3))


def _people_and_parcels(action: Action, rng: random.Random, *, scale: int) -> list[int]:
    owners: list[int] = []
    used: set[str] = set()
    for street_no, street in enumerate(STREETS, start=1):
        lots = rng.randrange(40, 110) * city_growth(scale)
        for lot in range(1, lots + 1):
            number = 100 + lot * 4 + (lot % 2)
            name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
            if name in used:  # two households of the same name: tell them apart as people do
                name = f"{name.split()[0]} {chr(65 + rng.randrange(26))}. {name.split()[-1]}"
            used.add(name)
            person = parties.add_party(
                action,
                parties.PartyData(
                    kind=PartyKind.PERSON,
                    name=name,
                    street=f"{number} {street}",
                    city="Prescott",
                    state="WI",
                    postal_code="54021",
                    phone=_phone(rng),
                ),
            )
            owners.append(person.id)
            parties.add_parcel(
                action,
                parties.ParcelData(
                    parcel_number=_parcel_number(street_no, lot),
                    site_address=f"{number} {street}",
                    owner_id=person.id,
                    description=f"Lot {lot}, {street} frontage",
                ),
            )
    return owners


def _parcel_number(street: int, lot: int) -> str:
    """The tax parcel number of a demo lot: "281-04037-0000". A lot of a grown city past the
    one-year demo's 109 per street takes four digits, clear of the numbers the other demo
    papers make ("281-18201-0000" is a split lot's)."""
    return f"281-{street:02d}{lot:03d}-0000" if lot < 110 else f"281-{street:02d}{lot:04d}-0000"


def _organizations(action: Action) -> list[int]:
    ids: list[int] = []
    for index, name in enumerate(BUSINESSES):
        ids.append(
            parties.add_party(
                action,
                parties.PartyData(
                    kind=PartyKind.BUSINESS,
                    name=name,
                    street=f"{200 + index * 6} Broad St N",
                    city="Prescott",
                    state="WI",
                    postal_code="54021",
                ),
            ).id
        )
    for name, contact in UTILITIES:
        ids.append(
            parties.add_party(
                action,
                parties.PartyData(
                    kind=PartyKind.UTILITY,
                    name=name,
                    contact_name=contact,
                    street="PO Box 170",
                    city="River Falls",
                    state="WI",
                    postal_code="54022",
                    public_utility=True,
                ),
            ).id
        )
    for index, name in enumerate(CONTRACTORS):
        ids.append(
            parties.add_party(
                action,
                parties.PartyData(
                    kind=PartyKind.BUSINESS,
                    name=name,
                    contractor=True,
                    street=f"N{5000 + index * 37} County Rd M",
                    city="Ellsworth",
                    state="WI",
                    postal_code="54011",
                ),
            ).id
        )
    for name in ORGANIZATIONS:
        ids.append(
            parties.add_party(
                action,
                parties.PartyData(
                    kind=PartyKind.ORGANIZATION,
                    name=name,
                    street="800 Borner St N",
                    city="Prescott",
                    state="WI",
                    postal_code="54021",
                ),
            ).id
        )
    parties.add_party(
        action,
        parties.PartyData(
            kind=PartyKind.GOVERNMENT,
            name="City of Prescott Public Works Department",
            street="800 Borner St N",
            city="Prescott",
            state="WI",
            postal_code="54021",
        ),
    )
    return ids


def _amounts_due(action: Action, rng: random.Random, *, scale: int, payers: list[int]) -> None:
    """Open amounts a busy counter carries: about 40 a year of actual City expenses billed in
    the last weeks, each due 30 days after its bill by the City's calendar, so some are already
    overdue. (Work the City did in an owner's place — snow and ice removed, an obstruction —
    is a special charge: :mod:`clerk_desk.demo.special_charges`.)"""
    today = action.today()
    for index in range(40 * scale):
        billed = today - timedelta(days=rng.randrange(0, 75))
        due_on = action.calendar.add_days(billed, 30)
        payer = rng.choice(payers)
        if index % 3 == 0 and billed.month in (11, 12, 1, 2, 3):
            # Where winter snow removal used to be billed here: the same random numbers are
            # drawn as before (the later draws stay as they were), the amount is fixed.
            amount = Money.from_cents(4_500 + (index * 7_919) % 40_000)
        else:
            amount = Money.from_cents(rng.randrange(2_500, 95_000))
        ledger.bill(
            action,
            party_id=payer,
            record=RecordRef("demo", f"expense-{index + 1}"),
            kind=DueKind.CITY_EXPENSES,
            amount=amount,
            description="Actual City expenses: traffic control and inspection",
            gl_account="100-46300-000",
            cite="§ 506-6 (Fee)",
            due_on=due_on,
        )


def _bonds_and_certificates(action: Action, rng: random.Random) -> None:
    """Contractors' annual bonds and insurance, vendors' certificates: one of each kind of
    finding a clerk meets (one certificate short by a little, one expiring soon)."""
    today = action.today()
    wanted = (*CONTRACTORS, *BUSINESSES[:6])
    named = select(Party).where(Party.name.in_(wanted), Party.active.is_(True))
    by_name = {p.name: p for p in action.session.scalars(named.order_by(Party.name, Party.id))}
    year = today.year
    for index, name in enumerate(CONTRACTORS):
        party = by_name[name]
        expires = today + timedelta(days=20 if index == 0 else rng.randrange(90, 300))
        bi_person = Money("500000") if index != 1 else Money("250000")  # one falls short
        bonds.file_certificate(
            action,
            bonds.CertificateData(
                insured_id=party.id,
                insurer=rng.choice(("Badger Mutual", "Northern Casualty", "St. Croix Indemnity")),
                policy_numbers=f"GL-{rng.randrange(100000, 999999)}",
                coverages={
                    CoverageKind.BODILY_INJURY_PER_PERSON: bi_person,
                    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("500000"),
                    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("500000"),
                },
                effective_on=expires - timedelta(days=365),
                expires_on=expires,
                received_on=min(today, expires - timedelta(days=300)),
                general_liability=True,
                record_type="contractor" if index == 0 else "",
                record_id=str(party.id),
            ),
        )
        if index < 4:
            bonds.file_bond(
                action,
                bonds.BondData(
                    kind=BondKind.ANNUAL_EXCAVATION,
                    principal_id=party.id,
                    surety="Western Surety Company",
                    bond_number=f"AX-{year}-{index + 1:03d}",
                    amount=Money("25000"),
                    effective_on=date(year, 1, 1),
                    year=year,
                ),
            )
            if index == 0:  # one principal has already renewed for next year
                bonds.file_bond(
                    action,
                    bonds.BondData(
                        kind=BondKind.ANNUAL_EXCAVATION,
                        principal_id=party.id,
                        surety="Western Surety Company",
                        bond_number=f"AX-{year + 1}-001",
                        amount=Money("25000"),
                        effective_on=date(year + 1, 1, 1),
                        year=year + 1,
                    ),
                )
    for index, name in enumerate(BUSINESSES[:6]):
        party = by_name[name]
        bonds.file_certificate(
            action,
            bonds.CertificateData(
                insured_id=party.id,
                insurer="Badger Mutual",
                policy_numbers=f"CGL-{4400 + index}",
                coverages={
                    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("100000"),
                    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("50000"),
                },
                effective_on=date(year, 1, 1),
                expires_on=date(year, 12, 31),
                received_on=min(today, date(year, 8, 25)),
                general_liability=True,
                contractual_liability=True,
                city_additional_insured=index != 2,
                notice_days=30 if index != 3 else 10,
            ),
        )
