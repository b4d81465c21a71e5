"""Enforcement cases from the complaint to the tax roll (issue 21), on SQLite and PostgreSQL:
each clock the minute (or the day) before, at and after; the refusals in the section's words;
the charge the City's work becomes, certified by the existing tax-roll run; the Today items;
the audit trail naming the official the section makes responsible and who recorded it.

"Now" is set on the ``clock`` fixture (Prescott time) before each act.
"""

from __future__ import annotations

from datetime import date, datetime

import pytest
from sqlalchemy import select

from clerk_desk import parties, today
from clerk_desk.clock import FixedClock, city_zone
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.enforcement import rules
from clerk_desk.enforcement import service as en
from clerk_desk.enforcement import views as en_views
from clerk_desk.enforcement.acts import CaseAct
from clerk_desk.enforcement.rules import Obstruction, ObstructionKind, Place
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import CaseKind, CaseStatus, ChargeKind, ChargeStatus, PartyKind
from clerk_desk.models import AuditEvent, EnforcementCase
from clerk_desk.money import Money
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll
from clerk_desk.special_charges import views as charge_views
from clerk_desk.words import format_day

ZONE = city_zone()


def at(month: int, day: int, hour: int = 12, minute: int = 0, year: int = 2026) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=ZONE)


@pytest.fixture
def people(desk: Desk, admin: SignedIn) -> dict[str, int]:
    """An owner with a parcel, a tenant (occupant), a contractor and a publisher."""
    made: dict[str, int] = {}
    with desk.action(admin) as action:
        for key, name, kind in (
            ("owner", "Marta Lindqvist", PartyKind.PERSON),
            ("tenant", "Ole Haugen", PartyKind.PERSON),
            ("contractor", "Kinnickinnic Excavating LLC", PartyKind.BUSINESS),
            ("publisher", "Pierce County Herald", PartyKind.BUSINESS),
        ):
            made[key] = parties.add_party(
                action,
                parties.PartyData(
                    kind=kind,
                    name=name,
                    street="412 Orange St N",
                    city="Prescott",
                    state="WI",
                    postal_code="54021",
                ),
            ).id
        made["parcel"] = parties.add_parcel(
            action, parties.ParcelData("281-00412-0000", "412 Orange St N", owner_id=made["owner"])
        ).id
    return made


def open_case(desk: Desk, who: SignedIn, data: en.CaseData) -> int:
    with desk.action(who) as action:
        return en.open_case(action, data)


def case_acts(desk: Desk, who: SignedIn, case_id: int) -> dict[CaseAct, str | None]:
    with desk.lookup(who) as action:
        return en_views.details(action, case_id).acts


def stored(desk: Desk, case_id: int) -> EnforcementCase:
    with desk.database.reading() as session:
        return session.get_one(EnforcementCase, case_id)


def items(desk: Desk, who: SignedIn) -> list[str]:
    with desk.lookup(who) as action:
        return [i.title for i in today.gather(action) if i.workflow == en_views.WORKFLOW]


def certify(desk: Desk, treasurer: SignedIn, as_of: date) -> list[str]:
    """The existing tax-roll run, as the Treasurer prepares and certifies it."""
    with desk.action(treasurer) as action:
        run_id = tax_roll.prepare_run(action, as_of)
    with desk.action(treasurer) as action:
        tax_roll.certify_run(action, run_id)
    with desk.database.reading() as session:
        run = tax_roll.get_run(session, run_id)
        return [entry.charge.number for entry in run.entries]


def obstruction_case(desk: Desk, who: SignedIn, people: dict[str, int], **measures: object) -> int:
    kind = measures.pop("kind", ObstructionKind.OTHER)
    place = measures.pop("place", Place.SIDEWALK)
    return open_case(
        desk,
        who,
        en.CaseData(
            CaseKind.OBSTRUCTION,
            "Sidewalk in front of 412 Orange St N",
            official=str(measures.pop("official", rules.ENFORCEMENT_OFFICIAL)),
            official_name="Officer Dana Ruiz",
            parcel_id=people["parcel"],
            party_id=people["tenant"],
            party_as="occupant",
            description="A trailer of firewood across the sidewalk",
            complaint="Phoned in by a neighbour",
            obstruction=Obstruction(place, kind, **measures),  # type: ignore[arg-type]
        ),
    )


# ---- § 506-8 ------------------------------------------------------------------------------------


def test_an_obstruction_runs_from_the_notice_to_the_certified_charge(
    desk: Desk, clock: FixedClock, clerk: SignedIn, treasurer: SignedIn, people: dict[str, int]
) -> None:
    clock.set(at(12, 5, 8))  # Saturday
    case_id = obstruction_case(desk, clerk, people)
    refusals = case_acts(desk, clerk, case_id)
    assert refusals[CaseAct.NOTICE] is None
    assert "Record the written notice first" in str(refusals[CaseAct.CITY_WORK])
    assert items(desk, clerk) == [f"{stored(desk, case_id).number}: Give the written notice"]

    clock.set(at(12, 5, 9, 30))
    with desk.action(clerk) as action:
        en.record_notice(action, case_id, at=at(12, 5, 9), to="Ole Haugen", how="handed over")
    case = stored(desk, case_id)
    assert case.status == CaseStatus.NOTICED
    assert case.due_at == at(12, 7, 9)  # Sunday not counted: Monday 9:00, not Sunday

    clock.set(at(12, 7, 8, 59))  # the minute before
    refused = case_acts(desk, clerk, case_id)[CaseAct.CITY_WORK]
    assert refused is not None and "run until Mon Dec 7, 2026 9:00 AM" in refused
    assert items(desk, clerk) == [
        f"{case.number}: the time to remove runs out Mon Dec 7, 2026 9:00 AM"
    ]
    with desk.action(clerk) as action, pytest.raises(Exception, match="run until"):
        en.record_city_work(action, case_id, en.CityWork(on=date(2026, 12, 7)))

    clock.set(at(12, 7, 9))  # at the minute
    assert case_acts(desk, clerk, case_id)[CaseAct.CITY_WORK] is None
    assert items(desk, clerk) == [
        f"{case.number}: the City Administrator may act since Mon Dec 7, 2026 9:00 AM"
    ]
    clock.set(at(12, 7, 14))
    with desk.action(clerk) as action:
        charge_id = en.record_city_work(
            action,
            case_id,
            en.CityWork(
                on=date(2026, 12, 7),
                lines=[sc.LineData("labor", "Two workers, one hour", Money("85.00"))],
                bill=sc.BillData(date(2026, 12, 7), "mailed"),
            ),
        )
    clock.set(at(12, 9, 11))  # the owner's receipt of the bill, learned later
    with desk.action(clerk) as action:
        sc.record_bill(
            action, charge_id, sc.BillData(date(2026, 12, 7), "mailed", date(2026, 12, 9))
        )
    with desk.database.reading() as session:
        charge = sc.get_charge(session, charge_id)
        assert charge.kind == ChargeKind.OBSTRUCTION
        assert (charge.record_type, charge.record_id) == ("enforcement_case", str(case_id))
        assert charge.billed_party.name == "Marta Lindqvist"  # the property owner, not the tenant
        assert charge.total == Money("85.00")
        # 10 calendar days from receipt: Sat Dec 19, City Hall closed, so Mon Dec 21
        assert charge.due_on == date(2026, 12, 21)
        roll_on = charge.tax_roll_on
        number = charge.number
    assert roll_on is not None
    assert stored(desk, case_id).status == CaseStatus.CITY_WORK
    assert items(desk, clerk) == []
    with desk.database.reading() as session:  # the trail names the official § 506-8 has act
        [work] = session.scalars(
            select(AuditEvent).where(AuditEvent.action == "enforcement.city_work")
        ).all()
    assert work.responsible == "City Administrator, § 506-8 (Failure to remove obstruction)"

    assert roll_on == date(2026, 12, 22)  # the day after the last day to pay
    clock.set(at(12, 22))
    assert certify(desk, treasurer, roll_on) == [number]
    with desk.database.reading() as session:
        assert sc.get_charge(session, charge_id).status == ChargeStatus.CERTIFIED
        trail = session.scalars(
            select(AuditEvent.summary)
            .where(AuditEvent.record_type == "enforcement_case")
            .order_by(AuditEvent.id)
        ).all()
    assert "determined by the City enforcement official (Officer Dana Ruiz)" in trail[0]
    assert "recorded by Test Clerk" in trail[0]
    assert (
        "by the City enforcement official" in trail[1] and rules.SIDEWALK_REMOVAL_CITE in trail[1]
    )
    assert "the City Administrator caused the removal of the obstruction" in trail[2]
    with desk.lookup(clerk) as action:
        shown = en_views.details(action, case_id)
        source = charge_views.source_text(action.session, "enforcement_case", str(case_id))
    assert source == "Enforcement case EN-2026-001"  # what the Special Charges tab names
    assert (shown.charge_number, shown.charge_standing) == (number, "certified")
    # The case's history reads on through its charge, to the certification.
    assert [entry.action for entry in shown.history] == [
        "enforcement.opened",
        "enforcement.notice",
        "due.create",
        "special_charge.created",
        "special_charge.billed",
        "enforcement.city_work",
        "special_charge.bill_corrected",
        "special_charge.certified",
    ]


@pytest.mark.parametrize(
    ("now", "allowed", "item"),
    [
        ((12, 8, 9, 59), False, "the time to remove runs out Wed Dec 9, 2026 10:00 AM"),
        ((12, 9, 10, 0), True, "the City Administrator may act since Wed Dec 9, 2026 10:00 AM"),
        ((12, 9, 10, 1), True, "the City Administrator may act since Wed Dec 9, 2026 10:00 AM"),
    ],
)
def test_the_city_administrator_acts_the_minute_the_24_hours_have_run(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    people: dict[str, int],
    now: tuple[int, int, int, int],
    allowed: bool,
    item: str,
) -> None:
    clock.set(at(12, 8, 10))  # a Tuesday: the 24 hours end Wednesday at 10:00 a.m.
    case_id = obstruction_case(desk, clerk, people)
    with desk.action(clerk) as action:
        en.record_notice(action, case_id, at=at(12, 8, 10), to="Ole Haugen", how="posted")
    clock.set(at(*now))
    refused = case_acts(desk, clerk, case_id)[CaseAct.CITY_WORK]
    assert (refused is None) is allowed, refused
    assert items(desk, clerk) == [f"EN-2026-001: {item}"]


def test_an_obstruction_a_measure_short_says_so_in_the_register(
    desk: Desk, clerk: SignedIn, people: dict[str, int]
) -> None:
    obstruction_case(desk, clerk, people, kind=ObstructionKind.AWNING)
    with desk.lookup(clerk) as action:
        (row,) = en_views.register_rows(action)
    assert row.next_step == "Measure first: the awning's lowest point"


def test_a_street_obstruction_is_determined_by_the_officials_the_section_names(
    desk: Desk, clerk: SignedIn, people: dict[str, int]
) -> None:
    with pytest.raises(InvalidInput) as refused:
        obstruction_case(desk, clerk, people, place=Place.STREET)
    assert refused.value.field == "official"
    assert "Chief of Police or the Director of Public Works or the Building Inspector" in str(
        refused.value
    )
    case_id = obstruction_case(desk, clerk, people, place=Place.STREET, official=rules.CHIEF)
    assert stored(desk, case_id).official == "Chief of Police"


@pytest.mark.parametrize(("clearance", "noticed"), [(83, True), (84, False), (85, False)])
def test_an_awning_seven_feet_up_is_excepted_and_not_noticed(
    desk: Desk, clerk: SignedIn, people: dict[str, int], clearance: int, noticed: bool
) -> None:
    case_id = obstruction_case(
        desk, clerk, people, kind=ObstructionKind.AWNING, clearance_in=clearance
    )
    refused = case_acts(desk, clerk, case_id)[CaseAct.NOTICE]
    assert (refused is None) is noticed
    if not noticed:
        assert refused is not None and "An exception of § 506-8 covers" in refused
        with desk.lookup(clerk) as action:
            found = en_views.details(action, case_id).findings
        assert found[0].text == "Excepted: an awning."


def test_an_unmeasured_sign_waits_for_its_measures(
    desk: Desk, clerk: SignedIn, people: dict[str, int]
) -> None:
    case_id = obstruction_case(desk, clerk, people, kind=ObstructionKind.SIGN_OR_CLOCK)
    refused = case_acts(desk, clerk, case_id)[CaseAct.NOTICE]
    assert refused is not None
    assert refused.startswith("Measure first: the sign's lowest point, how far it projects")


# ---- § 506-11 -----------------------------------------------------------------------------------


def snow_case(desk: Desk, who: SignedIn, people: dict[str, int], ended: datetime) -> int:
    return open_case(
        desk,
        who,
        en.CaseData(
            CaseKind.SNOW_ICE,
            "Sidewalk at 412 Orange St N",
            official=rules.PUBLIC_WORKS,
            parcel_id=people["parcel"],
            party_id=people["tenant"],
            party_as="occupant",
            started_at=ended,
        ),
    )


@pytest.mark.parametrize(
    ("now", "allowed"),
    [((12, 7, 21, 59), False), ((12, 7, 22, 0), True), ((12, 7, 22, 1), True)],
)
def test_snow_is_removed_by_public_works_24_statute_hours_after_the_snowfall(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    people: dict[str, int],
    now: tuple[int, int, int, int],
    allowed: bool,
) -> None:
    clock.set(at(12, 5, 23))
    case_id = snow_case(desk, clerk, people, at(12, 5, 22))  # Saturday 10 p.m.
    assert stored(desk, case_id).due_at == at(12, 7, 22)  # 2 hours Saturday, 22 Monday
    clock.set(at(*now))
    refused = case_acts(desk, clerk, case_id)[CaseAct.CITY_WORK]
    assert (refused is None) is allowed, refused
    if not allowed:
        assert refused is not None and "run until Mon Dec 7, 2026 10:00 PM" in refused


def test_snow_removal_is_the_councils_fee_billed_then_certified(
    desk: Desk, clock: FixedClock, clerk: SignedIn, treasurer: SignedIn, people: dict[str, int]
) -> None:
    clock.set(at(12, 5, 23))
    case_id = snow_case(desk, clerk, people, at(12, 5, 22))
    clock.set(at(12, 8, 9))
    with desk.action(clerk) as action:
        charge_id = en.record_city_work(
            action,
            case_id,
            en.CityWork(
                on=date(2026, 12, 8),
                lines=[sc.LineData("labor", "typed, not used", Money("999.00"))],
                bill=sc.BillData(date(2026, 12, 8), "mailed"),
            ),
        )
    with desk.database.reading() as session:
        charge = sc.get_charge(session, charge_id)
        assert charge.kind == ChargeKind.SNOW_ICE
        assert charge.total == Money("60.00")  # the fee schedule's SNOW, not what was typed
        assert (charge.billed_party.name, charge.billed_as) == ("Ole Haugen", "occupant")
        roll_on, number = charge.tax_roll_on, charge.number
    assert roll_on is not None
    clock.set(datetime(roll_on.year, roll_on.month, roll_on.day, 12, tzinfo=ZONE))
    assert certify(desk, treasurer, roll_on) == [number]


@pytest.mark.parametrize(
    ("minute", "allowed"), [((10, 59), False), ((11, 0), True), ((11, 1), True)]
)
def test_snow_deposited_on_a_street_may_be_removed_one_hour_after(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    people: dict[str, int],
    minute: tuple[int, int],
    allowed: bool,
) -> None:
    clock.set(at(12, 8, 10, 5))
    case_id = open_case(
        desk,
        clerk,
        en.CaseData(
            CaseKind.DEPOSITED_SNOW,
            "Orange St N in front of 412",
            official=rules.PUBLIC_WORKS,
            parcel_id=people["parcel"],
            started_at=at(12, 8, 10),
        ),
    )
    clock.set(at(12, 8, *minute))
    refused = case_acts(desk, clerk, case_id)[CaseAct.CITY_WORK]
    assert (refused is None) is allowed
    if allowed:
        with desk.action(clerk) as action:
            charge_id = en.record_city_work(
                action,
                case_id,
                en.CityWork(
                    on=date(2026, 12, 8),
                    lines=[sc.LineData("equipment", "Loader, half an hour", Money("40.00"))],
                ),
            )
        with desk.database.reading() as session:
            charge = sc.get_charge(session, charge_id)
            assert charge.total == Money("40.00")
            assert charge.billed_party.name == "Marta Lindqvist"
            assert "Snow or ice" not in charge.work
            assert "removed the snow or ice deposited" in charge.work


# ---- § 506-20, § 506-21 -------------------------------------------------------------------------


def test_debris_is_removed_by_the_city_and_charged_to_the_operator(
    desk: Desk, clock: FixedClock, clerk: SignedIn, treasurer: SignedIn, people: dict[str, int]
) -> None:
    with pytest.raises(InvalidInput) as refused:
        open_case(
            desk,
            clerk,
            en.CaseData(
                CaseKind.DIRT_DEBRIS, "Broad St N", official=rules.PUBLIC_WORKS, parcel_id=None
            ),
        )
    assert refused.value.field == "party"
    case_id = open_case(
        desk,
        clerk,
        en.CaseData(
            CaseKind.DIRT_DEBRIS,
            "Broad St N at Orange St",
            official=rules.PUBLIC_WORKS,
            parcel_id=people["parcel"],
            party_id=people["contractor"],
            party_as="operator",
        ),
    )
    refused = case_acts(desk, clerk, case_id)[CaseAct.CITY_WORK]
    assert refused is not None and refused.startswith("Record the request to remove the material")
    assert items(desk, clerk) == ["EN-2026-001: Ask the person responsible to remove it"]
    with desk.action(clerk) as action:
        en.record_notice(action, case_id, at=at(11, 30, 9), to="Site foreman", how="by phone")
    assert case_acts(desk, clerk, case_id)[CaseAct.CITY_WORK] is None
    with desk.action(clerk) as action:
        charge_id = en.record_city_work(
            action,
            case_id,
            en.CityWork(
                on=date(2026, 11, 30),
                lines=[sc.LineData("labor", "Street sweeper", Money("120.00"))],
                bill=sc.BillData(date(2026, 11, 30), "mailed"),
            ),
        )
    with desk.database.reading() as session:
        charge = sc.get_charge(session, charge_id)
        assert charge.due_on == date(2026, 12, 30)  # 30 days
        assert (charge.billed_as, charge.billed_party.name) == (
            "operator",
            "Kinnickinnic Excavating LLC",
        )
        roll_on, number = charge.tax_roll_on, charge.number
    assert roll_on == date(2026, 12, 31)
    clock.set(at(12, 31))
    assert certify(desk, treasurer, roll_on) == [number]


def damage_case(desk: Desk, who: SignedIn, people: dict[str, int], damaged: date) -> int:
    return open_case(
        desk,
        who,
        en.CaseData(
            CaseKind.STREET_DAMAGE,
            "Curb at 412 Orange St N",
            official=rules.CHIEF,
            parcel_id=people["parcel"],
            party_id=people["contractor"],
            party_as="operator",
            started_on=damaged,
        ),
    )


@pytest.mark.parametrize(
    ("day", "allowed"),
    [(date(2026, 11, 30), False), (date(2026, 12, 1), True), (date(2026, 12, 2), True)],
)
def test_the_city_corrects_damage_after_the_10_days(
    desk: Desk, clock: FixedClock, clerk: SignedIn, people: dict[str, int], day: date, allowed: bool
) -> None:
    clock.set(at(11, 20))
    case_id = damage_case(desk, clerk, people, date(2026, 11, 20))
    assert stored(desk, case_id).due_on == date(2026, 11, 30)
    clock.set(at(day.month, day.day))
    refused = case_acts(desk, clerk, case_id)[CaseAct.CITY_WORK]
    assert (refused is None) is allowed
    title = items(desk, clerk)[0]
    if allowed:
        assert title.endswith("the City may correct the damage from Tue Dec 1, 2026")
        assert refused is None
    else:
        assert refused is not None and "run through Mon Nov 30, 2026" in refused
        assert title.endswith("the 10 days run through Mon Nov 30, 2026")


def test_a_later_notice_to_correct_starts_the_10_days_again(
    desk: Desk, clock: FixedClock, clerk: SignedIn, people: dict[str, int]
) -> None:
    clock.set(at(12, 2, 9))
    case_id = damage_case(desk, clerk, people, date(2026, 11, 20))
    with desk.action(clerk) as action:
        en.record_notice(action, case_id, at=at(12, 2, 8, 30), to="Kinnickinnic", how="mailed")
    assert stored(desk, case_id).due_on == date(2026, 12, 12)  # a Saturday: done on the street


# ---- § 506-23, § 506-12 -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "allowed"),
    [(date(2026, 11, 30), False), (date(2026, 12, 1), True), (date(2026, 12, 2), True)],
)
def test_the_clerks_letter_goes_once_the_publishers_10_days_have_run(
    desk: Desk, clock: FixedClock, clerk: SignedIn, people: dict[str, int], day: date, allowed: bool
) -> None:
    clock.set(at(11, 25))
    case_id = open_case(
        desk,
        clerk,
        en.CaseData(
            CaseKind.RECEPTACLE,
            "412 Orange St N, at the curb",
            official=rules.CLERK,
            party_id=people["publisher"],
            party_as="publisher",
            complaint="Ole Haugen, occupier, sent the publisher's postcard",
            started_on=date(2026, 11, 20),
        ),
    )
    assert stored(desk, case_id).due_on == date(2026, 11, 30)
    assert case_acts(desk, clerk, case_id)[CaseAct.CITY_WORK] is not None  # no charge
    clock.set(at(day.month, day.day))
    refused = case_acts(desk, clerk, case_id)[CaseAct.CLERK_LETTER]
    assert (refused is None) is allowed
    if allowed:
        assert items(desk, clerk)[0].endswith("send the Clerk's letter to the publisher")
        with desk.action(clerk) as action:
            en.record_clerk_letter(action, case_id)
        assert stored(desk, case_id).letter_on == day
        assert items(desk, clerk) == []
        with desk.lookup(clerk) as action:
            (row,) = en_views.register_rows(action)
        assert row.next_step == f"Clerk's letter sent {format_day(day)}"


def test_a_stall_needs_both_officials_and_is_rescinded_with_a_reason(
    desk: Desk, clock: FixedClock, clerk: SignedIn, people: dict[str, int]
) -> None:
    case_id = open_case(
        desk,
        clerk,
        en.CaseData(
            CaseKind.TERRACE_STALL,
            "Terrace at 412 Orange St N",
            official=rules.PUBLIC_WORKS,
            parcel_id=people["parcel"],
            party_id=people["owner"],
            party_as="owner",
        ),
    )
    with desk.action(clerk) as action:
        en.record_authorization(
            action, case_id, official=rules.CHIEF, name="Chief Ann Berg", on=date(2026, 11, 30)
        )
    assert stored(desk, case_id).status == CaseStatus.REQUESTED
    assert items(desk, clerk)[0].endswith("Awaiting the Director of Public Works")
    with desk.action(clerk) as action:
        en.record_authorization(
            action, case_id, official=rules.PUBLIC_WORKS, name="Tom Ness", on=date(2026, 11, 30)
        )
    assert stored(desk, case_id).status == CaseStatus.AUTHORIZED
    with desk.lookup(clerk) as action:
        found = en_views.details(action, case_id).findings
    assert found[-1].text.startswith("Authorized by the Chief of Police and the Director")
    with desk.action(clerk) as action, pytest.raises(InvalidInput) as refused:
        en.rescind(action, case_id, official=rules.CHIEF, on=date(2026, 11, 30), reason=" ")
    assert refused.value.field == "reason"
    clock.set(at(12, 3))
    with desk.action(clerk) as action:
        en.rescind(
            action,
            case_id,
            official=rules.PUBLIC_WORKS,
            on=date(2026, 12, 3),
            reason="The stall blocks the sight line at the corner",
        )
    case = stored(desk, case_id)
    assert (case.status, case.rescinded_by) == (CaseStatus.RESCINDED, "Director of Public Works")
    with desk.lookup(clerk) as action:
        found = en_views.details(action, case_id).findings
    assert found[-1].text == "The authorization was rescinded Thu Dec 3, 2026."


def test_the_register_finds_a_case_by_a_word_and_numbers_them_in_order(
    desk: Desk, clerk: SignedIn, people: dict[str, int]
) -> None:
    first = obstruction_case(desk, clerk, people)
    second = snow_case(desk, clerk, people, at(11, 30, 6))
    assert [stored(desk, i).number for i in (first, second)] == ["EN-2026-001", "EN-2026-002"]
    with desk.lookup(clerk) as action:
        found = en_views.register_rows(action, "firewood")
        assert [r.number for r in found] == ["EN-2026-001"]
        assert [r.number for r in en_views.register_rows(action, "haugen")] == [
            "EN-2026-002",
            "EN-2026-001",
        ]


# ---- the letters, read back ---------------------------------------------------------------------


def letter_text(desk: Desk, who: SignedIn, case_id: int) -> str:
    from clerk_desk import settings_store
    from clerk_desk.enforcement import letters
    from reports.enforcement import letter_pdf
    from tests.papers import pdf_problems, text

    with desk.lookup(who) as action:
        view = letters.letter(action, case_id)
        profile = settings_store.city_profile(action.session)
    pdf = letter_pdf(view, profile)
    assert pdf_problems(pdf) == []
    return text(pdf)


def test_the_notice_to_remove_names_the_official_the_hours_and_the_charge(
    desk: Desk, clock: FixedClock, clerk: SignedIn, people: dict[str, int]
) -> None:
    clock.set(at(12, 5, 9, 30))
    case_id = obstruction_case(desk, clerk, people)
    with desk.lookup(clerk) as action:
        from clerk_desk.enforcement import letters

        with pytest.raises(Exception, match="Record the notice"):
            letters.letter(action, case_id)
    with desk.action(clerk) as action:
        en.record_notice(action, case_id, at=at(12, 5, 9), to="Ole Haugen", how="handed over")
    page = letter_text(desk, clerk, case_id)
    assert "Notice to Remove an Obstruction" in page
    assert "Ole Haugen" in page
    assert (
        "The City enforcement official has determined that the place above (sidewalk) is "
        "obstructed: A trailer of firewood across the sidewalk." in page
    )
    assert "a.m.." not in page
    assert "within 24 hours of this notice, given Saturday, December 5, 2026 at 9:00 a.m." in page
    assert "run until Monday, December 7, 2026 at 9:00 a.m." in page
    assert "Sundays and legal holidays are not counted" in page
    assert "the City Administrator shall cause its removal" in page
    assert "payable within 10 calendar days of its receipt" in page
    assert "City enforcement official — Officer Dana Ruiz" in page
    assert "Recorded at City Hall by Test Clerk" in page


def test_the_damage_receptacle_and_stall_letters_say_what_their_sections_say(
    desk: Desk, clock: FixedClock, clerk: SignedIn, people: dict[str, int]
) -> None:
    clock.set(at(12, 2, 9))
    damage = damage_case(desk, clerk, people, date(2026, 11, 20))
    with desk.action(clerk) as action:
        en.record_notice(action, damage, at=at(12, 2, 8, 30), to="Kinnickinnic", how="mailed")
    page = letter_text(desk, clerk, damage)
    assert "Notice to Correct Damage" in page
    assert "within 10 days at no cost to the City: by Saturday, December 12, 2026" in page
    assert "Chief of Police" in page

    receptacle = open_case(
        desk,
        clerk,
        en.CaseData(
            CaseKind.RECEPTACLE,
            "412 Orange St N",
            official=rules.CLERK,
            party_id=people["publisher"],
            party_as="publisher",
            complaint="Ole Haugen",
            started_on=date(2026, 11, 20),
        ),
    )
    with desk.action(clerk) as action:
        en.record_clerk_letter(action, receptacle)
    page = letter_text(desk, clerk, receptacle)
    assert "Pierce County Herald" in page
    assert "You received the instruction Friday, November 20, 2026" in page
    assert "within 10 days of their receipt: by Monday, November 30, 2026" in page
    assert "City Clerk" in page

    stall = open_case(
        desk,
        clerk,
        en.CaseData(
            CaseKind.TERRACE_STALL,
            "Terrace at 412 Orange St N",
            official=rules.PUBLIC_WORKS,
            parcel_id=people["parcel"],
            party_id=people["owner"],
        ),
    )
    for official, name in ((rules.CHIEF, "Ann Berg"), (rules.PUBLIC_WORKS, "Tom Ness")):
        with desk.action(clerk) as action:
            en.record_authorization(
                action, stall, official=official, name=name, on=date(2026, 12, 1)
            )
    page = letter_text(desk, clerk, stall)
    assert "Authorization of a Parking Stall" in page
    assert "authorized by the Chief of Police (Ann Berg)" in page
    with desk.action(clerk) as action:
        en.rescind(
            action, stall, official=rules.COUNCIL, on=date(2026, 12, 2), reason="Street widening"
        )
    page = letter_text(desk, clerk, stall)
    assert "Rescission of Authorization" in page
    assert "rescinded by the Common Council as of Wednesday, December 2, 2026" in page
    assert "The reason: Street widening" in page


def test_the_register_exported_to_excel_reads_back(
    desk: Desk, clerk: SignedIn, people: dict[str, int], tmp_path: object
) -> None:
    from pathlib import Path

    from openpyxl import load_workbook

    from reports.enforcement import register_xlsx
    from tests.papers import workbook_problems

    obstruction_case(desk, clerk, people)
    with desk.lookup(clerk) as action:
        rows = en_views.register_rows(action)
    target = Path(str(tmp_path)) / "enforcement.xlsx"
    assert register_xlsx(rows, target, printed_on=date(2026, 11, 30)) == 1
    assert workbook_problems(target.read_bytes()) == []
    sheet = load_workbook(target).active
    assert sheet is not None
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    header = next(i for i, row in enumerate(values) if row[0] == "Case")
    assert values[header + 1][:3] == [
        "EN-2026-001",
        "Obstruction or encroachment",
        "Sidewalk in front of 412 Orange St N",
    ]


# ---- a permit named for the exception, read from its register ---------------------------------


def privilege_on_file(desk: Desk, party: int, ends_on: date) -> str:
    from clerk_desk.kinds import PrivilegePurpose, PrivilegeStatus
    from clerk_desk.models import StreetPrivilege

    now = desk.clock.now()
    with desk.database.writing() as session:
        session.add(
            StreetPrivilege(
                number="SP-2026-004",
                year=2026,
                sequence=4,
                applicant_id=party,
                location="in front of 412 Orange St N",
                purpose=PrivilegePurpose.CONSTRUCTION,
                applied_at=now,
                applied_on=date(2026, 9, 1),
                received_by_name="Test Clerk",
                status=PrivilegeStatus.ISSUED,
                issued_on=date(2026, 9, 2),
                ends_on=ends_on,
                created_at=now,
            )
        )
    return "SP-2026-004"


@pytest.mark.parametrize(
    ("ends_on", "excepted"),
    [(date(2026, 11, 29), False), (date(2026, 11, 30), True), (date(2026, 12, 1), True)],
)
def test_a_street_privilege_excepts_only_while_it_is_in_force(
    desk: Desk, clerk: SignedIn, people: dict[str, int], ends_on: date, excepted: bool
) -> None:
    number = privilege_on_file(desk, people["owner"], ends_on)
    case_id = obstruction_case(desk, clerk, people, permit=number.lower())
    refused = case_acts(desk, clerk, case_id)[CaseAct.NOTICE]
    assert (refused is not None) is excepted
    with desk.lookup(clerk) as action:
        found = [f.text for f in en_views.details(action, case_id).findings]
    if excepted:
        assert found == [
            "Authorized by permit SP-2026-004: a street privilege, an excavation or a sidewalk "
            "cafe under its permit is excepted."
        ]
    else:
        assert found[0] == (
            "Permit SP-2026-004 ended Sun Nov 29, 2026: it authorizes nothing on Mon Nov 30, 2026."
        )


def test_a_permit_on_no_register_is_refused_where_it_was_typed(
    desk: Desk, clerk: SignedIn, people: dict[str, int]
) -> None:
    with pytest.raises(InvalidInput) as refused:
        obstruction_case(desk, clerk, people, permit="SP-2026-999")
    assert refused.value.field == "permit"
    assert "No street privilege, street opening or sidewalk cafe permit numbered SP-2026-999" in (
        str(refused.value)
    )
    with desk.database.reading() as session:
        assert session.scalars(select(EnforcementCase)).first() is None  # no number taken
