"""Demo improvement petitions and Common Council meetings (§ 506-14).

``clerk-desk demo`` calls :func:`generate` after the parties and parcels exist. It writes a
dozen petitions of all six kinds on Prescott's streets, signed by the demo's owners of parcels on
those streets, some received on or before the last day to file (considered for the following
year) and some after it; the Council's regular meetings on the second and fourth Mondays at
6:00 p.m. (on the Tuesday after a Monday holiday) from a month ago to two months ahead, and one
special meeting; and a history as the counter would have made it: petitions placed on past
agendas, one referred to the Public Works Committee, one approved for its program year, one
denied, one deferred to the next meeting, one withdrawn, one whose received stamp was corrected,
and the rest on the coming agendas or waiting for one.

Everything goes through :mod:`clerk_desk.petitions.service`, each step at the moment it happened (a
desk whose clock stands then), so the numbers, program years, history and audit trail read as they
would after real work. The scans are small one-page PDFs written here by hand: the core does
not import ReportLab.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk import parties
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CityCalendar
from clerk_desk.demo.meetings import meeting_days, meeting_place, regular_meeting
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import MeetingKind, PetitionKind, Role
from clerk_desk.models import Operator
from clerk_desk.petitions import schedule
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.schedule import MeetingData
from clerk_desk.petitions.service import CouncilAction, PetitionData, SignerData
from clerk_desk.words import format_day

"""The Common Council meets on the second and fourth Mondays at 6:00 p.m."""
COMMITTEE = "Public Works Committee"


@dataclass(frozen=True, slots=True)
class DemoPetition:
    kind: PetitionKind
    street: str
    limits_from: str
    limits_to: str
    description: str
    owners: int  # how many owners of parcels on the street petition
    scan: bool = False


# In the order they are received, the earliest first. Streets are those of demo.STREETS, so the
# petitioners own parcels on them; the one example the issue gives is kept word for word.
PETITIONS: tuple[DemoPetition, ...] = (
    DemoPetition(
        PetitionKind.RESURFACING,
        "Orange St",
        "Broad St N",
        "Court St",
        "Mill and overlay. The pavement is broken up and has been patched every spring.",
        4,
        scan=True,
    ),
    DemoPetition(
        PetitionKind.STORM_SEWER,
        "Lake St",
        "Pearl St",
        "Walter St",
        "Water stands at the low point after every heavy rain and runs into basements.",
        3,
        scan=True,
    ),
    DemoPetition(
        PetitionKind.SIDEWALK,
        "Campbell St",
        "Orange St",
        "Hampshire St",
        "A sidewalk on the east side: children walk to school in the street.",
        5,
    ),
    DemoPetition(
        PetitionKind.CURB_AND_GUTTER,
        "Kinnickinnic St",
        "Broad St N",
        "Dexter St",
        "Curb and gutter on both sides; the edge of the street washes out.",
        3,
        scan=True,
    ),
    DemoPetition(
        PetitionKind.UTILITY_WORK,
        "Henry St",
        "College St",
        "James St",
        "Replace the water main: three breaks on this block last winter.",
        2,
    ),
    DemoPetition(
        PetitionKind.NEW_STREET,
        "Eagle Ridge Dr",
        "the end of the pavement",
        "North Acres Rd",
        "Build the street as platted to connect the subdivision with North Acres Rd.",
        3,
        scan=True,
    ),
    DemoPetition(
        PetitionKind.RESURFACING,
        "College St",
        "Henry St",
        "Hampshire St",
        "Resurface; the crown has settled and the street holds water.",
        3,
    ),
    DemoPetition(
        PetitionKind.SIDEWALK,
        "Albert St",
        "Broad St N",
        "Pearl St",
        "Replace the heaved and broken walk on the north side.",
        2,
        scan=True,
    ),
    DemoPetition(
        PetitionKind.CURB_AND_GUTTER,
        "Young St",
        "Front St",
        "Lake St",
        "Curb and gutter where the street was widened.",
        2,
    ),
    DemoPetition(
        PetitionKind.STORM_SEWER,
        "North Acres Rd",
        "Eagle Ridge Dr",
        "the City limits",
        "An inlet and storm sewer for the ditch that floods the road in spring.",
        2,
        scan=True,
    ),
    DemoPetition(
        PetitionKind.UTILITY_WORK,
        "Walter St",
        "Lake St",
        "Pearl St",
        "Extend the sanitary sewer to the homes still on septic systems.",
        2,
    ),
    DemoPetition(
        PetitionKind.RESURFACING,
        "Borner St N",
        "Orange St",
        "Walter St",
        "Resurface the block in front of City Hall.",
        3,
        scan=True,
    ),
)

# The first seven petitions are received on or before the last day to file, this many days
# before it (the last one on that day itself, at 4:40 p.m.); the other five come after it. The
# first four are far enough back to have been on the agendas of the past month.
_TIMELY_DAYS_BEFORE = (230, 170, 120, 75, 40, 12, 0)


Step = tuple[datetime, SignedIn, Callable[[Action], object]]


def generate(desk: Desk, *, rng: random.Random) -> dict[str, int]:
    """Write the demo's meetings and petitions; return how many of each were made.

    Every step runs at the moment it happened, in the order they happened, in one transaction:
    a clock that travels from step to step stamps the history and the audit trail.
    """
    zone = desk.clock.local_now().tzinfo
    assert zone is not None
    today, calendar = desk.clock.today(), desk.calendar()
    # What happens "now" happens at the counter: during City Hall's hours, even when the demo
    # is made at 1:47 a.m. or on a Sunday.
    now = counter_moment(desk.clock.now(), calendar, zone)
    clerk, deputy = _staff(desk)
    with desk.database.reading() as session:
        chambers = meeting_place(session)
    meeting_ids, starts = _meetings(desk, clerk, calendar, zone, chambers, today)
    regular = meeting_ids[:-1]  # the special meeting is the last made
    past = sorted((m for m in regular if starts[m] <= now), key=starts.__getitem__)
    coming = sorted((m for m in regular if starts[m] > now), key=starts.__getitem__)
    last_day = last_day_passed(today, calendar)
    received = _received_moments(calendar, zone, last_day, today, now)
    made = _Made(zone, clerk)
    steps = _receipts(made, received, deputy, rng)
    if past:
        steps += _past_agendas(made, past, coming, starts)
    steps.append(
        _withdrawal(made, counter_moment(received[4] + timedelta(days=9, hours=2), calendar, zone))
    )
    steps += _stamp_corrected(made, received, last_day)
    if coming:
        steps += _coming_agendas(made, coming, now)
    _run(desk, sorted(steps, key=lambda step: step[0]), start=clerk, until=now)
    return {"council_meeting": len(meeting_ids), "petition": len(made.ids)}


@dataclass
class _Made:
    """The petitions received so far (ids in the order received), and the Clerk's steps on
    them."""

    zone: tzinfo
    clerk: SignedIn
    ids: list[int] = field(default_factory=list)

    def place(self, index: int, meeting_id: int) -> Callable[[Action], object]:
        return lambda action: petitions.place_on_agenda(action, self.ids[index], meeting_id)

    def act(self, index: int, meeting_id: int, **details: Any) -> Callable[[Action], object]:
        return lambda action: petitions.record_council_action(
            action, self.ids[index], meeting_id=meeting_id, **details
        )


def _receipts(
    made: _Made, received: Sequence[datetime], deputy: SignedIn, rng: random.Random
) -> list[Step]:
    """Every petition received at its moment, every third by the Deputy Clerk."""

    def receive(index: int, spec: DemoPetition) -> Callable[[Action], object]:
        def step(action: Action) -> None:
            data = _petition_data(action.session, spec, rng)
            name = f"petition-{index + 1:02d}-signed.pdf"
            scans = ((name, _scan(action, spec, data)),) if spec.scan else ()
            made.ids.append(petitions.receive_petition(action, data, scans=scans))

        return step

    return [
        (moment, deputy if index % 3 == 2 else made.clerk, receive(index, spec))
        for index, (spec, moment) in enumerate(zip(PETITIONS, received, strict=True))
    ]


def _past_agendas(
    made: _Made, past: list[int], coming: list[int], starts: dict[int, datetime]
) -> list[Step]:
    """The first four petitions on the past month's agendas: approved, referred, denied and
    (when a meeting is coming) deferred to it."""
    zone, clerk = made.zone, made.clerk
    first, last = past[0], past[-1]
    steps: list[Step] = []
    for index, meeting_id in ((0, first), (1, first), (2, last), (3, last)):
        placed = _local(starts[meeting_id], zone) - timedelta(days=6)
        steps.append((placed.replace(hour=10, minute=15), clerk, made.place(index, meeting_id)))
    after_first, after_last = (
        _morning_after(starts[first], zone),
        _morning_after(starts[last], zone),
    )
    steps.append(
        (
            after_first,
            clerk,
            made.act(0, first, outcome=CouncilAction.APPROVED, note="Motion carried 6-0"),
        )
    )
    steps.append(
        (
            after_first + timedelta(minutes=2),
            clerk,
            made.act(
                1,
                first,
                outcome=CouncilAction.REFERRED,
                referred_to=COMMITTEE,
                note="For a cost estimate and the assessment roll",
            ),
        )
    )
    steps.append(
        (
            after_last,
            clerk,
            made.act(
                2,
                last,
                outcome=CouncilAction.DENIED,
                note="The block is in the five-year reconstruction plan",
            ),
        )
    )
    if coming:
        steps.append(
            (
                after_last + timedelta(minutes=2),
                clerk,
                made.act(
                    3,
                    last,
                    outcome=CouncilAction.DEFERRED,
                    deferred_to=coming[0],
                    note="Until the owners on the west side have been heard",
                ),
            )
        )
    return steps


def _withdrawal(made: _Made, moment: datetime) -> Step:
    """The fifth petition withdrawn by its petitioners."""
    return (
        moment,
        made.clerk,
        lambda action: petitions.withdraw_petition(
            action,
            made.ids[4],
            reason="Letter from the petitioners: the owners will repair it themselves",
        ),
    )


def _stamp_corrected(made: _Made, received: Sequence[datetime], last_day: date) -> list[Step]:
    """The first late petition was handed in at the counter late on the last day and stamped
    the next morning: the Clerk corrects the stamp, and it is timely after all."""
    first_late = len(_TIMELY_DAYS_BEFORE)
    if _local(received[first_late], made.zone).date() <= last_day:
        return []
    return [
        (
            received[first_late] + timedelta(minutes=50),
            made.clerk,
            lambda action: petitions.correct_received(
                action,
                made.ids[first_late],
                received_at=datetime.combine(last_day, time(16, 52), made.zone),
                reason="Handed in at the counter at 4:52 p.m. on the last day to file; "
                "stamped the next morning",
            ),
        )
    ]


def _coming_agendas(made: _Made, coming: list[int], now: datetime) -> list[Step]:
    """The coming agendas: three timely petitions and a late one on the next, one on the one
    after; the last two wait for an agenda."""
    steps: list[Step] = [(now, made.clerk, made.place(index, coming[0])) for index in range(5, 9)]
    steps.append((now, made.clerk, made.place(9, coming[min(1, len(coming) - 1)])))
    return steps


def _run(desk: Desk, steps: list[Step], *, start: SignedIn, until: datetime) -> None:
    """Run the steps in one transaction, each by its operator at its moment (never after
    ``until``, the last moment the counter was open)."""
    travel = FixedClock(until)
    then = Desk(desk.database, clock=travel)
    with then.action(start) as action:
        for moment, who, step in steps:
            travel.set(min(moment, until))
            by = Action(then, action.session, who)
            by.events = action.events  # written with the transaction's own, at its commit
            step(by)


def _staff(desk: Desk) -> tuple[SignedIn, SignedIn]:
    """The Clerk and the Deputy Clerk, who take petitions at the counter."""
    with desk.database.reading() as session:
        rows = {
            Role(o.role): SignedIn(o.id, o.username, o.full_name, Role(o.role))
            for o in session.scalars(select(Operator).order_by(Operator.id))
        }
    return rows[Role.CLERK], rows.get(Role.DEPUTY_CLERK, rows[Role.CLERK])


def _local(instant: datetime, zone: tzinfo) -> datetime:
    return instant.astimezone(zone)


def _morning_after(starts: datetime, zone: tzinfo) -> datetime:
    """When the Clerk records what the Council did: 9:30 the next morning."""
    local = _local(starts, zone)
    return datetime.combine(local.date() + timedelta(days=1), time(9, 30), zone)


# -- meetings ---------------------------------------------------------------------------------


def _meetings(
    desk: Desk,
    clerk: SignedIn,
    calendar: CityCalendar,
    zone: tzinfo,
    place: str,
    today: date,
) -> tuple[list[int], dict[int, datetime]]:
    """Regular meetings from a month ago to two months ahead, and one special meeting: their
    ids and when each starts."""
    ids: list[int] = []
    regular = meeting_days(today - timedelta(days=31), today + timedelta(days=61), calendar)
    with desk.action(clerk) as action:
        for day in regular:
            ids.append(schedule.add_meeting(action, regular_meeting(day, zone, place)))
        special_day = today + timedelta(days=16)  # a Wednesday City Hall is open, 2-3 weeks out
        while special_day.weekday() != 2 or not calendar.is_open(special_day):
            special_day += timedelta(days=1)
        special_id = schedule.add_meeting(
            action,
            MeetingData(
                MeetingKind.SPECIAL,
                datetime.combine(special_day, time(17, 30), zone),
                place,
                notes="Public hearing on next year's street improvement program",
            ),
        )
        ids.append(special_id)
        starts = {m.id: m.starts_at for m in schedule.meetings(action.session)}
    return ids, starts


# -- petitions --------------------------------------------------------------------------------


def last_day_passed(today: date, calendar: CityCalendar) -> date:
    """The last day to file that has most recently passed (before ``today``)."""
    last_day = petitions.filing_deadline(today.year, calendar).due
    if last_day >= today:
        last_day = petitions.filing_deadline(today.year - 1, calendar).due
    return last_day


OPENS, CLOSES = time(8, 0), time(17, 0)
"""City Hall's counter hours, within which the demo's petitions are stamped and placed."""


def counter_moment(instant: datetime, calendar: CityCalendar, zone: tzinfo) -> datetime:
    """The latest moment at or before ``instant`` the counter was open: ``instant`` itself
    during City Hall's hours on a day it is open, else the close of the last open day before
    (or of that day, when it is open and ``instant`` is after the close)."""
    local = instant.astimezone(zone)
    day = local.date()
    if calendar.is_open(day) and local.time() >= OPENS:
        return min(local, datetime.combine(day, CLOSES, zone))
    return datetime.combine(calendar.previous_open_day(day), CLOSES, zone)


def _received_moments(
    calendar: CityCalendar, zone: tzinfo, last_day: date, today: date, now: datetime
) -> list[datetime]:
    """When each petition was stamped received, the earliest first: the timely ones on or before
    ``last_day``, the late ones between it and today (the first of them at 8:05 the next
    morning), each on a day City Hall is open and none later than now."""
    moments: list[datetime] = []
    for index, days in enumerate(_TIMELY_DAYS_BEFORE):
        day = calendar.previous_open_day(last_day - timedelta(days=days), inclusive=True)
        at = time(16, 40) if days == 0 else time(9 + index, 10 + 7 * index)
        moments.append(datetime.combine(day, at, zone))
    late = len(PETITIONS) - len(_TIMELY_DAYS_BEFORE)
    span = max((today - last_day).days - 1, 0)
    for index in range(late):
        day = last_day + timedelta(days=1 + span * index // (late - 1))
        if index == 0:
            day = calendar.next_open_day(last_day)
        elif calendar.previous_open_day(day, inclusive=True) > last_day:
            day = calendar.previous_open_day(day, inclusive=True)
        at = time(8, 5) if index == 0 else time(10 + index, 5 * index)
        moments.append(datetime.combine(day, at, zone))
    moments.sort()
    latest = counter_moment(now - timedelta(minutes=30), calendar, zone)
    if latest.time() < time(OPENS.hour, len(moments) + 1):  # room for one a minute before it
        latest = counter_moment(latest - timedelta(minutes=1), calendar, zone)
    return [min(m, latest - timedelta(minutes=len(moments) - i)) for i, m in enumerate(moments)]


def _petition_data(session: Session, spec: DemoPetition, rng: random.Random) -> PetitionData:
    """The petition with owners of parcels on its street; one owner in four has not signed."""
    on_street = [
        p
        for p in parties.search_parcels(session, spec.street, limit=10_000)
        if p.site_address.endswith(f" {spec.street}") and p.owner_id is not None
    ]
    chosen = rng.sample(on_street, min(spec.owners, len(on_street)))
    chosen.sort(key=lambda p: p.site_address)
    signers = [
        SignerData(party_id=p.owner_id, parcel_id=p.id, signed=index == 0 or rng.random() > 0.25)
        for index, p in enumerate(chosen)
        if p.owner_id is not None
    ]
    return PetitionData(
        kind=spec.kind,
        street=spec.street,
        limits_from=spec.limits_from,
        limits_to=spec.limits_to,
        description=spec.description,
        signers=tuple(signers),
        staff_notes="Assessable frontage to be checked by Public Works."
        if spec.kind in (PetitionKind.CURB_AND_GUTTER, PetitionKind.SIDEWALK)
        else "",
    )


# -- the scan -----------------------------------------------------------------------------------


def _ascii(text: str) -> str:
    """Text the PDF's standard Helvetica can show: accents dropped ("Nguyen", "Zoe")."""
    decomposed = unicodedata.normalize("NFKD", text.replace("Ł", "L").replace("ł", "l"))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.encode("latin-1", "replace").decode("latin-1")


def _pdf_string(text: str) -> bytes:
    escaped = _ascii(text).replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"(" + escaped.encode("latin-1") + b")"


def scan_pdf(lines: list[tuple[int, str]]) -> bytes:
    """A valid one-page US Letter PDF showing ``lines`` (font size, text), top to bottom."""
    content = [b"BT", b"72 720 Td"]
    for size, text in lines:
        content.append(b"/F1 %d Tf" % size)
        content.append(_pdf_string(text) + b" Tj")
        content.append(b"0 -%d Td" % (size + 8))
    content.append(b"ET")
    stream = b"\n".join(content)
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


def _scan(action: Action, spec: DemoPetition, data: PetitionData) -> bytes:
    """The signed petition as the owners handed it in."""
    session = action.session
    names = [
        (parties.get_party(session, s.party_id).name, s.signed, s.parcel_id) for s in data.signers
    ]
    parcels = {
        s.parcel_id: parties.get_parcel(session, s.parcel_id).site_address
        for s in data.signers
        if s.parcel_id is not None
    }
    lines: list[tuple[int, str]] = [
        (16, "PETITION FOR A STREET IMPROVEMENT"),
        (11, "To the Common Council of the City of Prescott, Wisconsin (Sec. 506-14)"),
        (11, ""),
        (11, f"We, the undersigned owners of property, petition for: {spec.kind.label}"),
        (11, f"Location: {spec.street} from {spec.limits_from} to {spec.limits_to}"),
        (11, spec.description),
        (11, ""),
    ]
    for name, signed, parcel_id in names:
        where = parcels.get(parcel_id, "") if parcel_id is not None else ""
        mark = f"signed: /s/ {name}" if signed else "signature: ____________________"
        lines.append((11, f"{name}, {where} - {mark}"))
    lines.append((9, ""))
    lines.append((9, f"Received at City Hall {format_day(action.today())}"))
    return scan_pdf(lines)
