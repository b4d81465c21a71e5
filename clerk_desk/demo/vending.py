"""Demo special event vending permits (§ 506-24).

``clerk-desk demo`` calls :func:`generate` after the parties, the certificates and the Council's
meetings (:mod:`clerk_desk.demo.petitions`) exist. It writes one application at each step of the
workflow, each step at the moment it happened, through :mod:`clerk_desk.vending.service`:

* the Prescott Daze Committee, sponsoring the September festival as agent for its members, with
  its list of 40 sponsors and participants and three days with hours at exact places on Broad
  St N and Orange St, approved conditionally (its insurance and the Chief of Police's approval
  are not due yet, so they are printed on the permit as conditions, with the Clerk's own);
* an individual vendor approved, with every requirement met, for an event this week;
* an application received yesterday: its doubt notice is due in three days (the Today tab);
* a festival sponsor that gave no list: in doubt, the notice delivered;
* a vendor denied two days ago, the appeal window still open;
* a vendor denied, appealed in time and approved conditionally by the Common Council at its
  last meeting held.

The Treasurer takes the permit fees through :func:`clerk_desk.demo.counter.take`: each is paid
at its moment, and its receipt is written afterwards among that day's counter receipts
(:mod:`clerk_desk.demo.receipts`), numbered in the order issued.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time, timedelta

from sqlalchemy import select

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.demo import counter as demo_counter
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import ApplicantKind, MeetingKind, Role
from clerk_desk.ledger import RecordRef
from clerk_desk.models import Operator, Party
from clerk_desk.money import Money
from clerk_desk.petitions import schedule
from clerk_desk.vending import service as vending
from clerk_desk.vending.service import AppealOutcome, ApplicationData, ParticipantData, SlotData

DAZE_SPONSOR = "Prescott Daze Committee"
DAZE_PLACES = (
    "Broad St N, both sides, from Orange St to Kinnickinnic St (booths 1-30)",
    "Orange St, 100 block, from Broad St N to Court St (food trucks)",
)
DAZE_HOURS = ((time(16, 0), time(22, 0)), (time(9, 0), time(22, 0)), (time(10, 0), time(17, 0)))
# The festival's own sponsors, then its vendors (the demo's businesses come first).
DAZE_SPONSORS = ("Prescott Area Chamber of Commerce", "Lions Club of Prescott")
DAZE_VENDORS = (
    ("Great River Kettle Corn", "Kettle corn"),
    ("Bluff Country Funnel Cakes", "Funnel cakes and lemonade"),
    ("St. Croix Valley Honey", "Honey and beeswax candles"),
    ("Point Douglas Pottery", "Pottery"),
    ("Kinni Valley Woodworks", "Wooden toys and signs"),
    ("Hmong Family Egg Rolls", "Egg rolls and bubble tea"),
    ("Tacos El Río", "Tacos and horchata"),
    ("Mississippi Mini Donuts", "Mini donuts"),
    ("Red Wing Leather Goods", "Belts and wallets"),
    ("Pierce County 4-H", "Pie by the slice"),
    ("Prescott High School Band Boosters", "Brats and hot dogs"),
    ("Ellsworth Cheese Curds", "Fried cheese curds"),
    ("Hastings Face Painting", "Face painting"),
    ("River Town Jewelry", "Handmade jewelry"),
    ("Diamond Bluff Soap Co.", "Soaps and lotions"),
    ("Maiden Rock Orchard", "Apples and cider"),
    ("Twin Bridges Gyros", "Gyros"),
    ("Prescott Fire Auxiliary", "Corn on the cob"),
    ("Bay City Balloon Art", "Balloon animals"),
    ("Trenton Bluff Photography", "Prints and cards"),
    ("Kinnickinnic Knits", "Knitwear"),
    ("Confluence Cupcakes", "Cupcakes"),
    ("Lake Pepin Smokehouse", "Smoked fish and jerky"),
    ("Prescott Rotary Club", "Root beer floats"),
    ("Freedom Park Kites", "Kites and windsocks"),
    ("Big River Barbecue", "Pulled pork sandwiches"),
)
Step = tuple[datetime, SignedIn, Callable[[Action], object]]
NOT_AN_EVENT = (
    "The sale is not part of a special event: a special event vending permit is for a "
    "participant in a special event whose vending is an integral part of it (§ 506-24, Street "
    "sales prohibited except by permit)."
)
CROSSWALK = (
    "A food truck at the corner of Broad St N and Orange St would block the crosswalk the "
    "crowd uses after the fireworks."
)
DAZE_BUSINESSES = 12  # the demo's businesses that sell at the festival: 2 + 12 + 26 = 40


def generate(desk: Desk) -> dict[str, int]:
    """Write the demo's vending applications; return how many were made.

    Every step runs at the moment it happened, in one transaction, by the operator who would
    have done it (the Clerk at the counter, the Treasurer taking the fee).
    """
    staff = _staff(desk)
    demo = _Demo(desk, staff)
    meeting_id, last_meeting = _last_regular_meeting(desk)
    steps = [
        *_daze(demo),
        *_scoop(demo),
        *_yesterday(demo),
        *_hockey(demo),
        *_antiques(demo),
    ]
    if meeting_id is not None and last_meeting is not None:
        steps += _pizza(demo, meeting_id, last_meeting)
    _run(desk, sorted(steps, key=lambda step: step[0]), start=staff[Role.CLERK])
    return {"vending_application": len(demo.made)}


class _Demo:
    """What every application's steps share: the day, the people, and the applications made
    so far (by key), with the small steps each application takes."""

    def __init__(self, desk: Desk, staff: dict[Role, SignedIn]) -> None:
        zone = desk.clock.local_now().tzinfo
        assert zone is not None
        self.zone = zone
        self.today, self.calendar = desk.clock.today(), desk.calendar()
        self.clerk, self.deputy = staff[Role.CLERK], staff[Role.DEPUTY_CLERK]
        self.treasurer = staff[Role.TREASURER]
        with desk.database.reading() as session:
            every = select(Party.name, Party.id).where(Party.active.is_(True))
            named = session.execute(every.order_by(Party.name, Party.id))
            self.ids = {name: id_ for name, id_ in named}
        self.made: dict[str, int] = {}

    def on(self, days_ago: int, hour: int, minute: int = 0) -> datetime:
        """A moment ``days_ago`` days before today on a day City Hall was open (that day, or the
        last open day before it)."""
        day = self.calendar.previous_open_day(self.today - timedelta(days=days_ago), inclusive=True)
        return datetime.combine(day, time(hour, minute), self.zone)

    def receive(
        self, key: str, data: Callable[[Action], ApplicationData]
    ) -> Callable[[Action], None]:
        def step(action: Action) -> None:
            self.made[key] = vending.receive_application(action, data(action))

        return step

    def pay(self, key: str) -> Callable[[Action], None]:
        def step(action: Action) -> None:
            record = RecordRef(vending.RECORD_TYPE, str(self.made[key]))
            demo_counter.take_open(action, ledger.dues_for(action.session, record))

        return step

    def do(
        self, key: str, service: Callable[..., object], **kwargs: object
    ) -> Callable[[Action], None]:
        def step(action: Action) -> None:
            service(action, self.made[key], **kwargs)

        return step


def _last_regular_meeting(desk: Desk) -> tuple[int | None, datetime | None]:
    """The last regular meeting of the Council held (not cancelled): its id and its start."""
    with desk.database.reading() as session:
        held = [
            m
            for m in schedule.meetings(session)
            if m.kind == MeetingKind.REGULAR
            and m.cancelled_on is None
            and m.starts_at <= desk.clock.now()
        ]
        last_meeting = max((m.starts_at for m in held), default=None)
        meeting_id = next((m.id for m in held if m.starts_at == last_meeting), None)
    return meeting_id, last_meeting


def _daze(demo: _Demo) -> list[Step]:
    """1. Prescott Daze: the sponsor applies as agent; approved conditionally."""
    festival = _festival_days(demo.today)
    daze = ApplicationData(
        applicant_id=demo.ids[DAZE_SPONSOR],
        applicant_kind=ApplicantKind.SPONSOR,
        event_name=f"Prescott Daze {festival[0].year}",
        goods="Food, crafts, games and festival souvenirs from the participants listed",
        contact_name="Marit Gunderson",
        contact_phone="(715) 555-0190",
        contact_email="info@prescottdaze.example",
        slots=tuple(
            SlotData(day, starts, ends, place)
            for day, (starts, ends) in zip(festival, DAZE_HOURS, strict=True)
            for place in DAZE_PLACES
        ),
        participants=_daze_list(),
        notes="Parade on Saturday at 1:00 p.m.: no booths on Broad St N from 12:30 to 2:30 p.m.",
    )
    on, clerk = demo.on, demo.clerk
    return _in_order(
        [
            (on(21, 10, 15), clerk, demo.receive("daze", lambda action: daze)),
            (on(21, 10, 25), demo.treasurer, demo.pay("daze")),
            (
                on(20, 14, 0),
                clerk,
                demo.do(
                    "daze",
                    vending.record_police_review,
                    submitted_on=on(20, 14).date(),
                    note="Booth map and parade route sent to the Chief of Police",
                ),
            ),
            (
                on(19, 9, 30),
                clerk,
                demo.do(
                    "daze",
                    vending.approve,
                    conditions="The Committee cleans Broad St N and Orange St by 8:00 a.m. after "
                    "each day of the festival (§ 506-24, Cleanup).",
                ),
            ),
        ]
    )


def _scoop(demo: _Demo) -> list[Step]:
    """2. An individual vendor at an event this week: everything met, approved."""
    market = demo.today + timedelta(days=3)
    scoop = demo.ids["Magee Park Ice Cream"]
    on, clerk = demo.on, demo.clerk
    return _in_order(
        [
            (
                on(14, 11, 0),
                demo.deputy,
                demo.receive(
                    "scoop",
                    lambda action: _vendor(
                        scoop,
                        "Freedom Park Riverfront Market",
                        "Ice cream, hot cocoa and coffee from a cart",
                        "Rosa Dahl",
                        (SlotData(market, time(10, 0), time(16, 0), "Freedom Park, north lot"),),
                    ),
                ),
            ),
            (on(14, 11, 10), demo.treasurer, demo.pay("scoop")),
            (on(12, 9, 0), clerk, lambda action: _certificate(action, scoop, action.today())),
            (
                on(12, 9, 5),
                clerk,
                demo.do("scoop", vending.record_police_review, submitted_on=on(12, 9).date()),
            ),
            (
                on(10, 15, 0),
                clerk,
                demo.do(
                    "scoop",
                    vending.record_police_review,
                    submitted_on=on(12, 9).date(),
                    approved_on=on(10, 15).date(),
                    approved_by="Chief of Police",
                ),
            ),
            (on(10, 15, 30), clerk, demo.do("scoop", vending.approve)),
        ]
    )


def _yesterday(demo: _Demo) -> list[Step]:
    """3. Received yesterday afternoon: the notice of any matter in doubt is due soon."""
    craft_fair = demo.today + timedelta(days=33)
    coffee = demo.ids["Kinnickinnic Coffee Co."]
    return [
        (
            demo.on(1, 14, 20),
            demo.deputy,
            demo.receive(
                "yesterday",
                lambda action: _vendor(
                    coffee,
                    "Lions Club Craft Fair",
                    "Coffee and pastries",
                    "Karin Nelson",
                    (
                        SlotData(
                            craft_fair,
                            time(8, 0),
                            time(14, 0),
                            "Orange St, in front of 118 Orange St",
                        ),
                    ),
                ),
            ),
        )
    ]


def _hockey(demo: _Demo) -> list[Step]:
    """4. A sponsor without its list: in doubt, the notice delivered by e-mail."""
    hockey = demo.ids["Prescott Youth Hockey Boosters"]
    skate_day = demo.today + timedelta(days=45)
    notices: list[int] = []

    def doubt(action: Action) -> None:
        notices.append(
            vending.prepare_doubt_notice(
                action,
                demo.made["hockey"],
                clerk_text="Which vendors will sell from the Borner St N parking lot, and will "
                "any of them cook over an open flame?",
            )
        )

    on, clerk = demo.on, demo.clerk
    return _in_order(
        [
            (
                on(6, 13, 40),
                clerk,
                demo.receive(
                    "hockey",
                    lambda action: ApplicationData(
                        applicant_id=hockey,
                        applicant_kind=ApplicantKind.SPONSOR,
                        event_name="Youth Hockey Skate-a-thon and Craft Sale",
                        goods="Crafts, baked goods and concessions",
                        contact_name="Lars Peterson",
                        contact_email="boosters@prescotthockey.example",
                        slots=(
                            SlotData(
                                skate_day,
                                time(9, 0),
                                time(15, 0),
                                "Borner St N, City Hall parking lot",
                            ),
                        ),
                    ),
                ),
            ),
            (on(5, 10, 0), clerk, doubt),
            (
                on(5, 10, 20),
                clerk,
                lambda action: vending.record_notice_delivery(
                    action, notices[0], delivered_at=action.now(), manner="e-mail"
                ),
            ),
        ]
    )


def _antiques(demo: _Demo) -> list[Step]:
    """5. Denied two days ago: the appeal window is open."""
    antiques = demo.ids["Old Mill Antiques"]
    sale_day = demo.today + timedelta(days=12)
    return _in_order(
        [
            (
                demo.on(4, 9, 45),
                demo.deputy,
                demo.receive(
                    "antiques",
                    lambda action: _vendor(
                        antiques,
                        "Saturday sidewalk sale",
                        "Antiques and collectibles",
                        "Sven Iverson",
                        (
                            SlotData(
                                sale_day,
                                time(9, 0),
                                time(17, 0),
                                "Broad St N, sidewalk in front of 236 Broad St N",
                            ),
                        ),
                        integral=False,
                    ),
                ),
            ),
            (
                demo.on(2, 11, 0),
                demo.clerk,
                demo.do("antiques", vending.deny, reasons=NOT_AN_EVENT),
            ),
        ]
    )


def _pizza(demo: _Demo, meeting_id: int, last_meeting: datetime) -> list[Step]:
    """6. Denied, appealed in time, approved conditionally by the Council at its last meeting."""
    zone = demo.zone
    council_day = last_meeting.astimezone(zone).date()

    def before_meeting(days: int, hour: int, minute: int = 0) -> datetime:
        day = demo.calendar.previous_open_day(council_day - timedelta(days=days), inclusive=True)
        return datetime.combine(day, time(hour, minute), zone)

    pizza = demo.ids["Borner Street Pizza"]
    fireworks = _next_date(7, 3, demo.today + timedelta(days=60))
    clerk = demo.clerk
    return _in_order(
        [
            (
                before_meeting(20, 10, 30),
                clerk,
                demo.receive(
                    "pizza",
                    lambda action: _vendor(
                        pizza,
                        "Independence Day Fireworks at Freedom Park",
                        "Pizza by the slice from a food truck",
                        "Tomás Carlson",
                        (
                            SlotData(
                                fireworks,
                                time(17, 0),
                                time(23, 0),
                                "Broad St N at Orange St, northeast corner (food truck)",
                            ),
                        ),
                    ),
                ),
            ),
            (before_meeting(20, 10, 40), demo.treasurer, demo.pay("pizza")),
            (before_meeting(18, 14, 0), clerk, demo.do("pizza", vending.deny, reasons=CROSSWALK)),
            (
                before_meeting(14, 9, 15),
                clerk,
                demo.do("pizza", vending.file_appeal, filed_on=before_meeting(14, 9).date()),
            ),
            (
                datetime.combine(council_day + timedelta(days=1), time(9, 30), zone),
                clerk,
                lambda action: vending.record_appeal_decision(
                    action,
                    _appeal_of(action, demo.made["pizza"]),
                    meeting_id=meeting_id,
                    outcome=AppealOutcome.APPROVED_CONDITIONALLY,
                    conditions="The truck parks on Orange St at least 30 feet east of the "
                    "crosswalk at Broad St N; sales end at 10:00 p.m.",
                    note="Motion to approve with conditions carried 5-1",
                ),
            ),
        ]
    )


def _in_order(steps: list[Step]) -> list[Step]:
    """One application's steps, each at least a minute after the one before: two steps set on
    days that fall back to the same open day (a long weekend) keep their order."""
    ordered: list[Step] = []
    for moment, who, step in steps:
        if ordered and moment <= ordered[-1][0]:
            moment = ordered[-1][0] + timedelta(minutes=1)
        ordered.append((moment, who, step))
    return ordered


def _run(
    desk: Desk,
    steps: list[Step],
    *,
    start: SignedIn,
) -> None:
    """Run the steps in one transaction, each by its operator at its moment (never after now)."""
    now = desk.clock.now()
    travel = FixedClock(now)
    then = Desk(desk.database, clock=travel)
    with then.action(start) as action:
        for moment, who, step in steps:
            travel.set(min(moment, now))
            by = Action(then, action.session, who)
            by.events = action.events  # written with the transaction's own, at its commit
            step(by)


def _staff(desk: Desk) -> dict[Role, SignedIn]:
    with desk.database.reading() as session:
        rows = {
            Role(o.role): SignedIn(o.id, o.username, o.full_name, Role(o.role))
            for o in session.scalars(select(Operator).order_by(Operator.id))
        }
    rows.setdefault(Role.DEPUTY_CLERK, rows[Role.CLERK])
    rows.setdefault(Role.TREASURER, rows[Role.CLERK])
    return rows


def _appeal_of(action: Action, application_id: int) -> int:
    return vending.get_application(action.session, application_id).appeals[-1].id


def _next_date(month: int, day: int, after: date) -> date:
    """The first ``month``/``day`` after ``after``."""
    candidate = date(after.year, month, day)
    return candidate if candidate > after else date(after.year + 1, month, day)


def _festival_days(today: date) -> tuple[date, date, date]:
    """Prescott Daze: Friday to Sunday of the second weekend of September, the first one at
    least two months away."""
    year = today.year
    while True:
        first = date(year, 9, 1)
        saturday = first + timedelta(days=(5 - first.weekday()) % 7 + 7)
        if saturday - today >= timedelta(days=60):
            return saturday - timedelta(days=1), saturday, saturday + timedelta(days=1)
        year += 1


def _daze_list() -> tuple[ParticipantData, ...]:
    from clerk_desk.demo import BUSINESSES

    people = [ParticipantData(name, "sponsor") for name in DAZE_SPONSORS]
    people += [
        ParticipantData(name, goods="Sidewalk sale in front of the store")
        for name in BUSINESSES[:DAZE_BUSINESSES]
    ]
    people += [
        ParticipantData(name, goods=goods, contact=f"(715) 555-{1200 + index:04d}")
        for index, (name, goods) in enumerate(DAZE_VENDORS)
    ]
    return tuple(people)


def _vendor(
    applicant: int,
    event: str,
    goods: str,
    contact: str,
    slots: tuple[SlotData, ...],
    *,
    integral: bool = True,
) -> ApplicationData:
    return ApplicationData(
        applicant_id=applicant,
        applicant_kind=ApplicantKind.VENDOR,
        event_name=event,
        goods=goods,
        integral_to_event=integral,
        contact_name=contact,
        contact_phone="(715) 555-0142",
        slots=slots,
    )


def _certificate(action: Action, insured: int, received: date) -> None:
    """A certificate meeting § 506-24 exactly, in force for a year."""
    bonds.file_certificate(
        action,
        bonds.CertificateData(
            insured_id=insured,
            insurer="St. Croix Indemnity",
            policy_numbers="CGL-77120",
            effective_on=received - timedelta(days=30),
            expires_on=received + timedelta(days=335),
            received_on=received,
            coverages={
                CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("100000"),
                CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("50000"),
            },
            general_liability=True,
            contractual_liability=True,
            city_additional_insured=True,
            notice_days=30,
            record_type="vending",
        ),
    )
