"""Demo sidewalk cafes (§ 506-10): one downtown cafe at each step a clerk meets.

:func:`generate` runs after the demo's parties and Council meetings exist (and works on an empty
desk too: it adds the businesses, their insurance and any Council meeting it needs). Through the
same services the counter uses, each step at the moment it happened (a clock that travels from
step to step stamps the records and the audit trail), it writes:

- a bakery whose 15 days for comments end in a few days (its fee not paid yet);
- a bistro whose comment period has ended, placed before the Council's next meeting;
- a cafe's seasonal permit issued five months ago, expiring within 30 days (its plan a PNG);
- an alehouse serving alcohol: forwarded to the Chief of Police, approved with the Chief's
  memorandum, approved by the Council with conditions and an earlier closing hour, issued;
- a pizzeria whose operation is suspended for Prescott Daze, the City's September festival, on
  ten days' written notice;
- a late-night slice shop denied by the Council after neighbours' objections (one late).

Each application carries a site plan drawn to scale (a small PDF written by hand, or a PNG made
with zlib: the core draws without Qt or ReportLab), so the notice letters have a diagram.
The dates are counted back from "today", whatever day the demo is built, so every rule holds on
any day of the year. The Treasurer takes the fees through :func:`clerk_desk.demo.counter.take`
(as in :mod:`clerk_desk.demo.street_openings`); their receipts are written among that day's
counter receipts.
"""

from __future__ import annotations

import struct
import unicodedata
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta

from sqlalchemy import select

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.deadlines import CityCalendar, months_after
from clerk_desk.demo import counter as demo_counter
from clerk_desk.demo.meetings import meeting_days, meeting_place, regular_meeting
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import PartyKind, Role
from clerk_desk.ledger import RecordRef
from clerk_desk.models import Operator
from clerk_desk.money import Money
from clerk_desk.petitions import schedule
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sc
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes.rules import CafeData, NeighborData
from clerk_desk.street_numbers import streets

BAKERY = "Orange Street Bakery"  # comments end in a few days
BISTRO = "Point St. Croix Bistro"  # before the Council
HARBOR = "Harbor Lights Cafe"  # a seasonal permit expiring within 30 days
ALEHOUSE = "Mississippi Alehouse & Grill"  # alcohol, police review
PIZZERIA = "Kinni Valley Pizza Co."  # suspended for Prescott Daze
SLICE = "Midnight Slice"  # denied
BUSINESSES = (BAKERY, BISTRO, HARBOR, ALEHOUSE, PIZZERIA, SLICE)
#: How many amounts due the demo's sidewalk cafes bill (one fee each).
AMOUNTS_DUE = 6
#: How many of them stay open (the bakery's fee, not yet paid); the rest are paid.
OPEN_AMOUNTS_DUE = 1
LIQUOR_LICENSE = "Class B 2026-14"
FESTIVAL = "Prescott Daze, the festival and its parade (Broad St N closed, booths on the sidewalk)"

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
            for row in session.scalars(
                select(Operator).where(Operator.active.is_(True)).order_by(Operator.id)
            )
        }
    admin = rows[Role.ADMINISTRATOR]
    return _Staff(
        rows.get(Role.CLERK, admin),
        rows.get(Role.INSPECTOR, admin),
        rows.get(Role.TREASURER, admin),
    )


# -- drawings ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """What a site plan shows, in inches (the scale is 1 in = 8 ft on the sheet)."""

    establishment: str
    street: str
    frontage_in: int
    sidewalk_width_in: int
    cafe_length_in: int
    cafe_depth_in: int
    curb_setback_in: int | None = None
    at_curbside: bool = False

    @property
    def scale(self) -> str:
        return "1 in = 8 ft"


_PT_PER_IN = 72 / 96  # 1 inch on the sheet (72 pt) is 8 ft (96 in) on the ground


def _ascii(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.encode("latin-1", "replace").decode("latin-1")


def _pdf_text(x: float, y: float, size: int, text: str) -> bytes:
    escaped = _ascii(text).replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"BT /F1 %d Tf %.1f %.1f Td (%s) Tj ET" % (size, x, y, escaped.encode("latin-1"))


def _feet(inches: int) -> str:
    feet, rest = divmod(inches, 12)
    return f"{feet} ft {rest} in" if rest else f"{feet} ft"


def site_plan_pdf(plan: Plan) -> bytes:
    """A one-page US Letter site plan drawn to scale: the building and its door, the sidewalk
    from the property line to the curb, the cafe area with its dimensions, the clear passage,
    and the scale noted on the drawing (§ 506-10 (Application for permit))."""
    k = _PT_PER_IN
    left, curb_y = 90.0, 300.0
    walk = plan.sidewalk_width_in * k
    line_y = curb_y + walk  # the property line
    frontage = plan.frontage_in * k
    cafe_w, cafe_d = plan.cafe_length_in * k, plan.cafe_depth_in * k
    cafe_x = left + (frontage - cafe_w) / 2
    cafe_y = curb_y + (plan.curb_setback_in or 0) * k if plan.at_curbside else line_y - cafe_d
    ops = [
        b"0.5 w 0 0 0 RG",
        # the building and its neighbours' walls
        b"0.85 g %.1f %.1f %.1f 120 re B" % (left, line_y, frontage),
        b"0 g",
        _pdf_text(left + 8, line_y + 96, 11, plan.establishment),
        _pdf_text(left + 8, line_y + 82, 9, "Building (indoor food-serving establishment)"),
        # the door
        b"1 g %.1f %.1f 24 6 re B 0 g" % (left + frontage / 2 - 12, line_y - 3),
        _pdf_text(left + frontage / 2 - 12, line_y + 8, 7, "Door"),
        # property line and curb
        b"[4 2] 0 d %.1f %.1f m %.1f %.1f l S [] 0 d"
        % (left - 40, line_y, left + frontage + 60, line_y),
        _pdf_text(left + frontage + 64, line_y - 3, 8, "Property line"),
        b"2 w %.1f %.1f m %.1f %.1f l S 0.5 w" % (left - 40, curb_y, left + frontage + 60, curb_y),
        _pdf_text(left + frontage + 64, curb_y - 3, 8, "Face of curb"),
        _pdf_text(left - 40, curb_y - 40, 10, f"{plan.street} (street)"),
        # the cafe area
        b"0.7 0.85 1 rg %.1f %.1f %.1f %.1f re B 0 g" % (cafe_x, cafe_y, cafe_w, cafe_d),
        _pdf_text(cafe_x + 4, cafe_y + cafe_d / 2 - 3, 9, "Sidewalk cafe area"),
        # tables (circles as small squares) along the cafe
    ]
    tables = max(1, int(plan.cafe_length_in // 72))
    for n in range(tables):
        x = cafe_x + (n + 0.5) * cafe_w / tables - 4
        ops.append(b"1 g %.1f %.1f 8 8 re B 0 g" % (x, cafe_y + cafe_d / 2 + 6))
    ops += [
        # dimensions
        _pdf_text(cafe_x, cafe_y - 12 if not plan.at_curbside else cafe_y + cafe_d + 4, 8,
                  f"Cafe length {_feet(plan.cafe_length_in)}; depth {_feet(plan.cafe_depth_in)}"),
        _pdf_text(left, line_y + 124, 8, f"Frontage {_feet(plan.frontage_in)}"),
        _pdf_text(left - 80, curb_y + walk / 2, 8, f"Sidewalk {_feet(plan.sidewalk_width_in)}"),
        _pdf_text(72, 120, 10, f"Scale: {plan.scale}"),
        _pdf_text(72, 104, 8, "All dimensions as measured from the face of curb."),
        _pdf_text(72, 700, 14, f"Site plan: sidewalk cafe at {plan.establishment}"),
        _pdf_text(520, 700, 12, "N ^"),
    ]  # fmt: skip
    stream = b"\n".join(ops)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def site_plan_png(plan: Plan, *, pixels_per_foot: int = 8) -> bytes:
    """The same plan as a small RGB PNG (a scanned diagram): building grey, sidewalk white,
    cafe blue, tables white, the curb black; 8 pixels to the foot."""
    per_in = pixels_per_foot / 12
    width = int((plan.frontage_in + 96) * per_in)
    building = int(10 * 12 * per_in)
    walk = int(plan.sidewalk_width_in * per_in)
    street = int(6 * 12 * per_in)
    height = building + walk + street
    grey, white, blue, black, asphalt = (
        (200, 200, 200),
        (255, 255, 255),
        (170, 210, 255),
        (0, 0, 0),
        (90, 90, 90),
    )
    rows = [[white] * width for _ in range(height)]

    def fill(x0: int, y0: int, x1: int, y1: int, colour: tuple[int, int, int]) -> None:
        for y in range(max(0, y0), min(height, y1)):
            row = rows[y]
            for x in range(max(0, x0), min(width, x1)):
                row[x] = colour

    margin = int(48 * per_in)
    frontage = int(plan.frontage_in * per_in)
    fill(margin, 0, margin + frontage, building, grey)
    fill(margin + frontage // 2 - 12, building - 4, margin + frontage // 2 + 12, building, white)
    fill(0, building + walk, width, height, asphalt)
    fill(0, building + walk - 2, width, building + walk + 2, black)  # the curb
    cafe_w, cafe_d = int(plan.cafe_length_in * per_in), int(plan.cafe_depth_in * per_in)
    x0 = margin + (frontage - cafe_w) // 2
    if plan.at_curbside:
        y1 = building + walk - int((plan.curb_setback_in or 0) * per_in)
        y0 = y1 - cafe_d
    else:
        y0 = building
        y1 = building + cafe_d
    fill(x0, y0, x0 + cafe_w, y1, blue)
    tables = max(1, plan.cafe_length_in // 72)
    for n in range(tables):
        cx = x0 + (2 * n + 1) * cafe_w // (2 * tables)
        cy = (y0 + y1) // 2
        fill(cx - 6, cy - 6, cx + 6, cy + 6, white)
    raw = b"".join(b"\x00" + bytes(c for pixel in row for c in pixel) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", zlib.compress(raw, 9))
        + _png_chunk(b"IEND", b"")
    )


def sales_summary_pdf(
    establishment: str, start: date, end: date, gross: Money, food: Money
) -> bytes:
    """A one-page summary of the business records (the point-of-sale report), as a scan."""
    lines = [
        (14, f"{establishment}: sales by category"),
        (10, f"{start.isoformat()} to {end.isoformat()}"),
        (10, f"Food and non-alcoholic beverages: {food.format()}"),
        (10, f"Alcoholic beverages and other: {(gross - food).format()}"),
        (10, f"Gross sales: {gross.format()}"),
    ]
    ops = [_pdf_text(72, 700 - 22 * n, size, text) for n, (size, text) in enumerate(lines)]
    stream = b"\n".join(ops)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


# -- the plan of steps ----------------------------------------------------------------------------


@dataclass
class _Steps:
    """The steps of every cafe, each at the moment it happened, run in time order: a clock that
    travels from step to step, one action per step (never later than now)."""

    desk: Desk
    staff: _Staff
    calendar: CityCalendar
    party: dict[str, int]
    street: dict[str, int | None]
    meetings: dict[date, int]  # the Council's meetings by day
    steps: list[tuple[datetime, int, SignedIn, Work]] = field(default_factory=list)
    ids: dict[str, int] = field(default_factory=dict)
    meetings_added: int = 0

    @property
    def today(self) -> date:
        return self.desk.clock.today()

    def on(self, day: date, hour: int, minute: int = 0) -> datetime:
        zone = self.desk.clock.local_now().tzinfo
        return datetime.combine(day, time(hour, minute), zone)

    def add(self, moment: datetime, who: SignedIn, work: Work) -> None:
        self.steps.append((moment, len(self.steps), who, work))

    def do(self, moment: datetime, who: SignedIn, key: str, service: Callable[..., object],
           **kwargs: object) -> None:  # fmt: skip
        self.add(moment, who, lambda action: service(action, self.ids[key], **kwargs))

    def meeting(self, day: date) -> int:
        """The Council's meeting on ``day``, added when the desk has none that day."""
        if day not in self.meetings:
            with self.desk.database.reading() as session:
                place = meeting_place(session)
            with self.desk.action(self.staff.clerk) as action:
                zone = self.desk.clock.local_now().tzinfo
                self.meetings[day] = schedule.add_meeting(action, regular_meeting(day, zone, place))
            self.meetings_added += 1
        return self.meetings[day]

    def run(self) -> None:
        now = self.desk.clock.now()
        travel = FixedClock(now)
        then = Desk(self.desk.database, clock=travel)
        for moment, _, who, work in sorted(self.steps, key=lambda s: (s[0], s[1])):
            travel.set(min(moment, now))
            with then.action(who) as action:
                work(action)


def generate(desk: Desk) -> dict[str, int]:
    """Write the demo's sidewalk cafes; return how many cafes, and Council meetings added."""
    calendar = desk.calendar()
    staff = _staff(desk)
    zone = desk.clock.local_now().tzinfo
    with desk.database.reading() as session:
        existing = {m.starts_at.astimezone(zone).date(): m.id for m in schedule.meetings(session)}
        found_parties = {
            name: found.id
            for name in BUSINESSES
            for found in parties.search_parties(session, name, limit=5)
            if found.name == name
        }
        street: dict[str, int | None] = {}
        for name in ("Broad St N", "Orange St", "Kinnickinnic St", "Front St"):
            found_street = streets.find_street(session, name)
            street[name] = found_street.id if found_street else None
    missing = [name for name in BUSINESSES if name not in found_parties]
    if missing:
        with desk.action(staff.clerk) as action:
            for n, name in enumerate(missing):
                party = parties.add_party(
                    action,
                    parties.PartyData(
                        kind=PartyKind.BUSINESS,
                        name=name,
                        contact_name="Owner",
                        street=_ADDRESSES[name],
                        city="Prescott",
                        state="WI",
                        postal_code="54021",
                        phone=f"(715) 555-{3100 + n:04d}",
                    ),
                )
                action.session.flush()
                found_parties[name] = party.id
    steps = _Steps(desk, staff, calendar, found_parties, street, dict(existing))
    _bakery(steps)
    _bistro(steps)
    _harbor(steps)
    _alehouse(steps)
    _pizzeria(steps)
    _slice(steps)
    steps.run()
    return {"sidewalk_cafe": len(steps.ids), "council_meeting": steps.meetings_added}


_ADDRESSES = {
    BAKERY: "215 Orange St",
    BISTRO: "301 Broad St N",
    HARBOR: "110 Front St",
    ALEHOUSE: "233 Broad St N",
    PIZZERIA: "247 Broad St N",
    SLICE: "118 Kinnickinnic St",
}
_STREETS = {
    BAKERY: "Orange St",
    BISTRO: "Broad St N",
    HARBOR: "Front St",
    ALEHOUSE: "Broad St N",
    PIZZERIA: "Broad St N",
    SLICE: "Kinnickinnic St",
}


def _data(steps: _Steps, name: str, applied: date, **changes: object) -> CafeData:
    """A complete application: eligible (food 62% to 75% of gross), a storefront cafe leaving
    six feet clear at the curb, aisles of four feet, open 7:00 a.m. to 9:00 p.m."""
    end = applied - timedelta(days=applied.day)  # the last day of the month before
    start = months_after(end + timedelta(days=1), -cafe_rules.SALES_MONTHS)
    gross = Money("184250.00")
    data = CafeData(
        applicant_id=steps.party[name],
        establishment=name,
        address=_ADDRESSES[name],
        street_id=steps.street[_STREETS[name]],
        zoning_district="C-1",
        commercially_zoned=True,
        sales_from=start,
        sales_to=end,
        gross_sales=gross,
        food_and_soft_drink_sales=Money("131990.50"),
        sidewalk_width_in=144,
        clear_passage_in=72,
        passage_abuts_curb=True,
        curb_setback_in=72,
        aisle_in=48,
        frontage_in=360,
        cafe_length_in=288,
        cafe_depth_in=72,
        seats=16,
        tables=4,
        opens_at=time(7, 0),
        closes_at=time(21, 0),
        indoor_opens_at=time(6, 30),
        indoor_closes_at=time(22, 0),
        site_plan_scale="1 in = 8 ft",
    )
    return replace(data, **changes)  # type: ignore[arg-type]


def _plan(data: CafeData) -> Plan:
    assert data.frontage_in and data.sidewalk_width_in and data.cafe_length_in
    assert data.cafe_depth_in
    street = data.address.split(" ", 1)[1]
    return Plan(
        data.establishment,
        street,
        data.frontage_in,
        data.sidewalk_width_in,
        data.cafe_length_in,
        data.cafe_depth_in,
        data.curb_setback_in,
        data.at_curbside,
    )


def _apply(steps: _Steps, moment: datetime, key: str, data: CafeData, *, png: bool = False) -> None:
    """The Clerk takes the application with its site plan and sales records."""
    plan = _plan(data)
    assert data.sales_from and data.sales_to and data.gross_sales
    assert data.food_and_soft_drink_sales
    drawing = (
        ("site-plan.png", site_plan_png(plan)) if png else ("site-plan.pdf", site_plan_pdf(plan))
    )
    records = (
        "sales-records.pdf",
        sales_summary_pdf(
            data.establishment,
            data.sales_from,
            data.sales_to,
            data.gross_sales,
            data.food_and_soft_drink_sales,
        ),
    )

    def apply(action: Action) -> None:
        steps.ids[key] = sc.receive_application(
            action, data, site_plan=drawing, sales_records=records
        )

    steps.add(moment, steps.staff.clerk, apply)


def _insure(steps: _Steps, moment: datetime, name: str, *, liquor: bool = False) -> None:
    """A certificate meeting § 506-10 exactly, from before the application for two years."""
    day = moment.date()
    coverages = {
        CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000"),
        CoverageKind.PRODUCTS_COMPLETED_OPERATIONS: Money("1000000"),
        CoverageKind.MEDICAL_PAYMENTS: Money("10000"),
    }
    if liquor:
        coverages[CoverageKind.LIQUOR_LIABILITY] = Money("1000000")
    data = bonds.CertificateData(
        insured_id=steps.party[name],
        insurer="St. Croix Mutual Insurance",
        policy_numbers=f"CGL-55{steps.party[name]:04d}",
        effective_on=day - timedelta(days=30),
        expires_on=months_after(day, 24),
        received_on=day,
        coverages=coverages,
        general_liability=True,
        city_additional_insured=True,
        additional_insured_endorsement=True,
        notice_days=30,
        record_type=cafe_rules.RECORD_TYPE,
    )
    steps.add(moment, steps.staff.clerk, lambda action: bonds.file_certificate(action, data))


def _pay(steps: _Steps, moment: datetime, key: str) -> None:
    """The Treasurer takes the application's fee (its receipt: see the module docstring)."""

    def pay(action: Action) -> None:
        record = RecordRef(cafe_rules.RECORD_TYPE, str(steps.ids[key]))
        demo_counter.take_open(action, ledger.dues_for(action.session, record))

    steps.add(moment, steps.staff.treasurer, pay)


_SURNAMES = ("Lindgren", "Anderson", "Dahl", "Fischer", "Berg", "Carlson", "Erickson", "Olsen")


def _neighbors(name: str, count: int) -> tuple[NeighborData, ...]:
    """Invented owners and occupants on both sides and across the street, within 100 feet."""
    number, street = _ADDRESSES[name].split(" ", 1)
    base = int(number)
    rows = []
    for n in range(count):
        offset = (n // 2 + 1) * 6 * (1 if n % 2 else -1)
        house = base + offset + (1 if n % 3 == 2 else 0)  # across the street: the other parity
        owner = n % 4 != 3
        who = (
            f"{_SURNAMES[(n + len(name)) % len(_SURNAMES)]} Properties LLC"
            if owner
            else f"Occupant, {house} {street}"
        )
        mailing = (
            f"PO Box {400 + n * 17 + len(name)}\nPrescott, WI 54021"
            if owner
            else f"{house} {street}\nPrescott, WI 54021"
        )
        rows.append(
            NeighborData(
                name=who,
                mailing_address=mailing,
                parcel_number=f"281-00{base + n:03d}-{10 + n:02d}" if owner else "",
                relation="owner" if owner else "occupant",
                distance_ft=min(cafe_rules.NOTICE_RADIUS_FT, 18 + 13 * n),
            )
        )
    return tuple(rows)


def _before(day: date, days: int) -> date:
    return day - timedelta(days=days)


def _notice(steps: _Steps, key: str, name: str, applied: date, mailed: date, count: int) -> None:
    on, clerk = steps.on, steps.staff.clerk
    steps.do(on(applied, 11), clerk, key, cafe_notice.set_neighbors, rows=_neighbors(name, count))
    steps.do(
        on(mailed, 15, 30), clerk, key, cafe_notice.record_notice_mailed, mailed_on=mailed,
        by_name="Carla Jensen, for the City Administrator",
    )  # fmt: skip


def _last_meeting_before(steps: _Steps, day: date) -> date:
    """The Council's last regular meeting day before ``day``."""
    days = meeting_days(day - timedelta(days=40), day - timedelta(days=1), steps.calendar)
    return days[-1]


def _through_council(
    steps: _Steps,
    key: str,
    name: str,
    meeting_on: date,
    *,
    data: CafeData,
    comments: int = 0,
    police: tuple[bool, str] | None = None,
    approved: bool = True,
    conditions: str = "",
    closes_at: time | None = None,
    reasons: str = "",
    png: bool = False,
    pay: bool = True,
) -> None:
    """Apply, list the neighbours, mail the notice (its 15 days ending before the meeting),
    review, inspect, and the Council's decision at ``meeting_on`` (recorded the next morning)."""
    on, clerk = steps.on, steps.staff.clerk
    mailed = _before(meeting_on, 26)
    while not steps.calendar.is_open(mailed):
        mailed -= timedelta(days=1)
    applied = _before(mailed, 6)
    while not steps.calendar.is_open(applied):
        applied -= timedelta(days=1)
    data = replace(data, sales_to=_before(applied, applied.day))
    assert data.sales_to is not None
    data = replace(data, sales_from=months_after(data.sales_to + timedelta(days=1), -6))
    _insure(steps, on(applied, 9), name, liquor=data.serves_alcohol)
    _apply(steps, on(applied, 10), key, data, png=png)
    if pay:
        _pay(steps, on(applied, 10, 10), key)
    _notice(steps, key, name, applied, mailed, 6)
    if police is not None:
        steps.do(on(applied, 14), clerk, key, sc.send_to_police, on=applied)
        approved_by_chief, memo = police
        steps.do(
            on(mailed + timedelta(days=3), 9), clerk, key, sc.record_police_review,
            on=mailed + timedelta(days=3), approved=approved_by_chief, memo=memo,
        )  # fmt: skip
    for n in range(comments):
        received = mailed + timedelta(days=4 + 3 * n)
        steps.do(
            on(received, 13, 15), clerk, key, cafe_notice.record_comment, received_on=received,
            commenter=_neighbors(name, 6)[n].name, source="public",
            text="We support outdoor seating downtown." if approved else
            "Objects: the cafe would be open late next to apartments.",
        )  # fmt: skip
    inspected = mailed + timedelta(days=5)
    steps.do(
        on(inspected, 10), steps.staff.inspector, key, sc.record_dpw_inspection, on=inspected,
        by_name="Ivan Olsen, Director of Public Works", satisfied=True,
        note="Stanchion bases approved." if data.serves_alcohol else "",
    )  # fmt: skip
    meeting_id = steps.meeting(meeting_on)
    steps.do(on(_before(meeting_on, 6), 10, 15), clerk, key, cafe_council.place_before_council,
             meeting_id=meeting_id)  # fmt: skip
    steps.do(
        on(meeting_on + timedelta(days=1), 9, 30), clerk, key, cafe_council.record_council_decision,
        meeting_id=meeting_id, approved=approved, conditions=conditions, closes_at=closes_at,
        reasons=reasons,
    )  # fmt: skip


def _bakery(steps: _Steps) -> None:
    """Notice mailed 12 days ago: comments end in three days or so; the fee not yet paid."""
    on, key, today = steps.on, "bakery", steps.today
    mailed = _before(today, 12)
    while not steps.calendar.is_open(mailed):
        mailed -= timedelta(days=1)
    applied = _before(mailed, 4)
    while not steps.calendar.is_open(applied):
        applied -= timedelta(days=1)
    data = _data(steps, BAKERY, applied, closes_at=time(18, 0), indoor_closes_at=time(18, 0),
                 opens_at=time(6, 0), indoor_opens_at=time(6, 0), seats=8, tables=2,
                 cafe_length_in=216, frontage_in=264)  # fmt: skip
    _insure(steps, on(applied, 9), BAKERY)
    _apply(steps, on(applied, 9, 40), key, data)
    _notice(steps, key, BAKERY, applied, mailed, 5)
    received = mailed + timedelta(days=5)
    if received < today:
        steps.do(
            on(received, 14), steps.staff.clerk, key, cafe_notice.record_comment,
            received_on=received, commenter="Prescott Area Chamber of Commerce", source="public",
            text="The Chamber supports the bakery's sidewalk seating.",
        )  # fmt: skip


def _bistro(steps: _Steps) -> None:
    """Comment period ended; reviewed, inspected, insured, paid; before the next meeting."""
    on, key, today, clerk = steps.on, "bistro", steps.today, steps.staff.clerk
    ahead = meeting_days(today + timedelta(days=1), today + timedelta(days=40), steps.calendar)
    meeting_on = ahead[0]
    mailed = _before(today, 20)
    while not steps.calendar.is_open(mailed):
        mailed -= timedelta(days=1)
    applied = _before(mailed, 5)
    while not steps.calendar.is_open(applied):
        applied -= timedelta(days=1)
    data = _data(steps, BISTRO, applied, at_curbside=True, at_storefront=False,
                 curb_setback_in=36, clear_passage_in=60, passage_abuts_curb=False,
                 sidewalk_width_in=168, cafe_depth_in=72, umbrellas="Two market umbrellas, "
                 "7 ft 6 in clear under the canopy, taken in at closing")  # fmt: skip
    _insure(steps, on(applied, 9), BISTRO)
    _apply(steps, on(applied, 10), key, data)
    _pay(steps, on(applied, 10, 5), key)
    _notice(steps, key, BISTRO, applied, mailed, 7)
    steps.do(
        on(mailed + timedelta(days=6), 11), clerk, key, cafe_notice.record_comment,
        received_on=mailed + timedelta(days=6), commenter="Lindgren Properties LLC",
        source="public", text="No objection if the bus stop stays clear.",
    )  # fmt: skip
    inspected = mailed + timedelta(days=8)
    steps.do(
        on(inspected, 10), steps.staff.inspector, key, sc.record_dpw_inspection, on=inspected,
        by_name="Ivan Olsen, Director of Public Works", satisfied=True,
    )  # fmt: skip
    meeting_id = steps.meeting(meeting_on)
    steps.do(on(today, 9, 15), clerk, key, cafe_council.place_before_council, meeting_id=meeting_id)


def _harbor(steps: _Steps) -> None:
    """A seasonal permit issued about five months ago, for less than the year allowed: it
    expires within 30 days (its site plan a PNG scan)."""
    on, key, today = steps.on, "harbor", steps.today
    issued = _before(today, 150)
    while not steps.calendar.is_open(issued):
        issued -= timedelta(days=1)
    meeting_on = _last_meeting_before(steps, issued)
    data = _data(steps, HARBOR, issued)
    _through_council(steps, key, HARBOR, meeting_on, data=data, comments=1, png=True)
    steps.do(
        on(issued, 11),
        steps.staff.clerk,
        key,
        cafe_council.issue,
        expires_on=today + timedelta(days=20),
    )


def _alehouse(steps: _Steps) -> None:
    """Alcohol: the Chief of Police's review with a memorandum; Council conditions and an
    earlier closing; issued after the last meeting held at least a few days ago."""
    on, key, today = steps.on, "alehouse", steps.today
    meeting_on = _last_meeting_before(steps, _before(today, 2))
    data = _data(
        steps, ALEHOUSE, meeting_on, serves_alcohol=True, liquor_license=LIQUOR_LICENSE,
        gross_sales=Money("246800.00"), food_and_soft_drink_sales=Money("139450.25"),
        opens_at=time(11, 0), closes_at=time(22, 30), indoor_opens_at=time(11, 0),
        indoor_closes_at=time(1, 0),
    )  # fmt: skip
    memo = (
        "Approved with conditions: stanchion barrier 3 ft high around the whole area; a "
        "licensed operator in direct line of sight at all times; the open-container sign posted."
    )
    _through_council(
        steps, key, ALEHOUSE, meeting_on, data=data, comments=2, police=(True, memo),
        conditions="Stanchion barrier 3 ft high with weighted bases approved by the Director of "
        "Public Works\nService ends at 10:00 p.m.; the area cleared by 11:00 p.m.",
        closes_at=time(22, 0),
    )  # fmt: skip
    issued = meeting_on + timedelta(days=2)
    while not steps.calendar.is_open(issued):
        issued += timedelta(days=1)
    steps.do(on(min(issued, today), 10), steps.staff.clerk, key, cafe_council.issue)


def _pizzeria(steps: _Steps) -> None:
    """Issued about four months ago; suspended from yesterday to tomorrow for Prescott Daze,
    on written notice ten days before."""
    on, key, today = steps.on, "pizzeria", steps.today
    issued = _before(today, 120)
    while not steps.calendar.is_open(issued):
        issued -= timedelta(days=1)
    meeting_on = _last_meeting_before(steps, issued)
    data = _data(steps, PIZZERIA, issued, seats=12, tables=3)
    _through_council(steps, key, PIZZERIA, meeting_on, data=data)
    steps.do(on(issued, 14), steps.staff.clerk, key, cafe_council.issue)
    starts = _before(today, 1)
    notice = _before(starts, 10)
    steps.do(
        on(notice, 9, 45), steps.staff.clerk, key, cafe_suspensions.suspend, notice_on=notice,
        starts_on=starts, ends_on=today + timedelta(days=1), reason=f"Conflict with {FESTIVAL}.",
    )  # fmt: skip


def _slice(steps: _Steps) -> None:
    """Open until 11:00 p.m. next to apartments: neighbours objected (one after the last day);
    the Council denied it at its last meeting held."""
    on, key, today, clerk = steps.on, "slice", steps.today, steps.staff.clerk
    meeting_on = _last_meeting_before(steps, today)
    data = _data(steps, SLICE, meeting_on, opens_at=time(16, 0), closes_at=time(23, 0),
                 indoor_opens_at=time(16, 0), indoor_closes_at=time(2, 0))  # fmt: skip
    _through_council(
        steps, key, SLICE, meeting_on, data=data, comments=2, approved=False,
        reasons="The late hours next to the apartments on Kinnickinnic St, and the neighbours' "
        "objections.",
    )  # fmt: skip
    # A neighbour's letter that came after the 15 days: kept for the Council, marked untimely.
    late = _before(meeting_on, 3)
    steps.do(
        on(late, 16), clerk, key, cafe_notice.record_comment, received_on=late,
        commenter="Erickson Properties LLC", source="public",
        text="Please deny: noise and litter after 10 p.m.",
    )  # fmt: skip
