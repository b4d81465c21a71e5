"""Street opening permits (§§ 506-6, 506-7): repairs charged on the City's clocks (the City's
90 days, then the tax roll, and the 20% for administration to the cent), and what the Today tab
and the register's search show. "Today" is Monday, November 30, 2026 in Prescott unless a test
travels.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from decimal import Decimal
from functools import partial
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from hypothesis import given
from hypothesis import strategies as st
from street_openings_steps import (  # type: ignore[import-not-found]
    TODAY,
    _apply,
    _data,
    _dues,
    _issued,
    _items,
    _opening,
    _refused,
)
from street_openings_steps import contractor as contractor
from street_openings_steps import orange as orange
from street_openings_steps import utility as utility

from clerk_desk import parties, today
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import NotFound
from clerk_desk.kinds import ChargeKind, DueKind, DueStatus, OpeningStatus, PartyKind, Role
from clerk_desk.models import SpecialCharge
from clerk_desk.money import Money
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_openings import charges, previews, rules, views
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings.service import SiteData
from clerk_desk.today import TodayItem
from clerk_desk.words import format_day

# -- charges: special charges on the City's clocks (clerk_desk.special_charges.service)
# ------------------


@pytest.fixture
def premises(desk: Desk, admin: SignedIn) -> int:
    """The parcel for which the permit was issued: 125 Orange St, owned by someone else than
    the permittee (the repair becomes a lien against the premises, whoever owns them)."""
    owner = builders.party(desk, admin, "Rosa Lindgren", kind=PartyKind.PERSON)
    with desk.action(admin) as action:
        return parties.add_parcel(
            action, parties.ParcelData("281-03007-0000", "125 Orange St", owner_id=owner)
        ).id


def _charge(desk: Desk, charge_id: int) -> SpecialCharge:
    with desk.database.reading() as session:
        found = sc.get_charge(session, charge_id)
        found.amount_due  # noqa: B018 - loaded before the session ends
        found.lines  # noqa: B018
        return found


def _standing(desk: Desk, charge_id: int, on: date) -> charge_rules.Standing:
    with desk.database.reading() as session:
        return sc.standing(sc.get_charge(session, charge_id), on)


def _eligible(desk: Desk, on: date) -> list[int]:
    with desk.database.reading() as session:
        return [c.id for c in tax_roll.eligible(session, on)]


def test_a_city_repair_is_due_90_days_after_notice_and_on_the_tax_roll_from_day_91(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    operator_with: Callable[[Role], SignedIn],
    utility: int,
    orange: int,
    premises: int,
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    with desk.action(clerk) as action:
        charge_id = charges.charge_city_repair(
            action,
            opening_id,
            repair=Money("1200.00"),
            maintenance=Money("300.00"),
            notice_on=date(2026, 11, 25),
            parcel_id=premises,
        )
        # Day 90 on a Sunday: City Hall takes payment the Monday; no maintenance, no line.
        later_id = charges.charge_city_repair(
            action,
            opening_id,
            repair=Money("10"),
            maintenance=Money("0"),
            notice_on=TODAY,
            parcel_id=premises,
        )
    charge = _charge(desk, charge_id)
    assert (charge.kind, charge.billed_party_id, charge.billed_as, charge.parcel_id) == (
        ChargeKind.OPENING_REPAIR,
        utility,
        "permittee",
        premises,
    )
    assert (charge.record_type, charge.record_id) == (
        rules.RECORD_TYPE,
        str(opening_id),
    )
    assert [(line.category, line.description, line.amount) for line in charge.lines] == [
        ("other", "Pavement repair made by the City", Money("1200.00")),
        ("other", "One year's maintenance of the repair", Money("300.00")),
    ]
    assert (charge.total, charge.administration) == (Money("1500.00"), Money.zero())
    assert (charge.bill_on, charge.received_on, charge.delivered_how) == (
        date(2026, 11, 25),
        date(2026, 11, 25),
        "mailed",
    )
    assert (charge.due_on, charge.tax_roll_on) == (date(2027, 2, 23), date(2027, 2, 24))
    assert (
        charge.work == "Pavement repair over street opening SO-2026-001 (in front of 125 Orange St)"
    )
    due = charge.amount_due
    assert due is not None
    assert (due.kind, due.amount, due.cite, due.due_on, due.party_id) == (
        DueKind.SPECIAL_CHARGE,
        Money("1500.00"),
        rules.REPAIR_CITE,
        date(2027, 2, 23),  # a Tuesday, 90 days after the notice
        utility,
    )
    later = _charge(desk, later_id)
    assert [line.description for line in later.lines] == ["Pavement repair made by the City"]
    assert (later.due_on, later.tax_roll_on) == (date(2027, 3, 1), date(2027, 3, 2))
    # The permit still counts both among what it billed.
    assert {d.id for d in _dues(desk, opening_id) if d.kind == DueKind.SPECIAL_CHARGE} == {
        charge.amount_due_id,
        later.amount_due_id,
    }
    # What the form shows before saving is what was billed.
    with desk.lookup(SYSTEM) as action:
        shown = previews.city_repair_preview(
            Money("1200.00"), Money("300.00"), date(2026, 11, 25), action.calendar
        )
    assert shown == previews.ChargePreview(
        Money("1500.00"), Money.zero(), Money("1500.00"), date(2027, 2, 23), date(2027, 2, 24)
    )

    # Day 90: still payable at the counter; day 91: a lien, ready for the tax roll.
    assert _standing(desk, charge_id, date(2027, 2, 23)) is charge_rules.Standing.BILLED
    assert _standing(desk, charge_id, date(2027, 2, 24)) is charge_rules.Standing.READY_FOR_ROLL
    assert charge_id not in _eligible(desk, date(2027, 2, 23))
    assert _eligible(desk, date(2027, 2, 24)) == [charge_id]

    def charge_items(on: date) -> list[TodayItem]:
        clock.set(on)
        with desk.lookup(SYSTEM) as action:
            return [
                i
                for i in today.gather(action)
                if i.workflow == sc.WORKFLOW and i.record_id == str(charge_id)
            ]

    [on_day_90] = charge_items(date(2027, 2, 23))
    assert on_day_90.title == f"{charge.number} is due {format_day(date(2027, 2, 23))}"
    assert (on_day_90.cite, on_day_90.urgency(date(2027, 2, 23))) == (
        rules.REPAIR_CITE,
        "today",
    )
    [on_day_91] = charge_items(date(2027, 2, 24))
    assert on_day_91.title == (
        f"{charge.number} may go on the tax roll from {format_day(date(2027, 2, 24))}"
    )
    assert on_day_91.detail == "Valley Natural Gas Company: $1,500.00 unpaid"
    with desk.database.reading() as session:
        [overdue] = [
            d
            for d in views.dues(session, opening_id, today=date(2027, 2, 24))
            if d.id == charge.amount_due_id
        ]
    assert overdue.overdue and "a lien against the premises" in overdue.note

    # The Treasurer certifies it: the permit's dues say where the money is collected now.
    treasurer = operator_with(Role.TREASURER)
    with desk.action(treasurer) as action:
        run = tax_roll.get_run(action.session, tax_roll.prepare_run(action, date(2027, 2, 24)))
        assert [entry.charge_id for entry in run.entries] == [charge_id]
        assert run.entries[0].owner_name == "Rosa Lindgren"  # the premises' owner
        tax_roll.certify_run(action, run.id)
        number = run.number
    with desk.database.reading() as session:
        [certified] = [
            d
            for d in views.dues(session, opening_id, today=date(2027, 2, 24))
            if d.id == charge.amount_due_id
        ]
    assert (certified.status, certified.overdue) == (DueStatus.CERTIFIED, False)
    assert certified.note == (
        f"{charge.number} certified to the tax roll (run {number}): collected with the property "
        "taxes."
    )


def test_the_permits_history_holds_its_repair_charges_events(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    premises: int,
) -> None:
    """The charge is filed against the permit: the one history reader finds it (and its
    amount due) from the permit alone, as the details pane shows it."""
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    with desk.database.reading() as session:
        before = [e.action for e in views.history(session, opening_id)]
    assert "special_charge.created" not in before
    with desk.action(clerk) as action:
        charge_id = charges.charge_city_repair(
            action,
            opening_id,
            repair=Money("1200.00"),
            maintenance=Money("300.00"),
            notice_on=TODAY,
            parcel_id=premises,
        )
    with desk.database.reading() as session:
        after = views.history(session, opening_id)
    assert [e.action for e in after][: len(before)] == before
    added = [(e.record_type, e.action) for e in after[len(before) :]]
    assert added == [
        ("amount_due", "due.create"),
        ("special_charge", "special_charge.created"),
        ("special_charge", "special_charge.billed"),
    ]
    assert all(e.at >= after[0].at for e in after)
    with desk.database.reading() as session:
        assert sc.get_charge(session, charge_id).record_id == str(opening_id)


def test_a_city_repair_is_refused_when_it_cannot_be_charged(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    premises: int,
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    for changes, field in (
        ({"notice_on": TODAY + timedelta(days=1)}, "notice_on"),
        ({"repair": Money("0"), "maintenance": Money("0")}, "repair"),
        ({"repair": Money("-1"), "maintenance": Money("5")}, "repair"),
        ({"maintenance": Money("-0.01")}, "maintenance"),
        ({"parcel_id": None}, "parcel"),  # the lien needs the premises
    ):
        kwargs: dict[str, Any] = {
            "repair": Money("1"),
            "maintenance": Money("1"),
            "notice_on": TODAY,
            "parcel_id": premises,
        }
        kwargs.update(changes)
        error = _refused(
            desk, clerk, partial(charges.charge_city_repair, opening_id=opening_id, **kwargs)
        )
        assert error.field == field
    error = _refused(
        desk,
        clerk,
        partial(
            charges.charge_city_repair,
            opening_id=opening_id,
            repair=Money("1"),
            maintenance=Money("0"),
            notice_on=TODAY,
            parcel_id=premises + 999,
        ),
        NotFound,
    )
    assert "parcel" in str(error)
    with desk.database.reading() as session:
        assert sc.charges_for(session, rules.RECORD_TYPE, str(opening_id)) == []


@pytest.mark.parametrize(
    ("labor", "materials", "equipment", "total"),
    [
        ("100.00", "50.00", "50.00", "240.00"),
        ("10.03", "0", "0", "12.04"),  # $2.006 for administration: $2.01
        ("0.01", "0.01", "0", "0.02"),  # $0.004: nothing to add
        ("1234.56", "0", "0", "1481.47"),  # $246.912: $246.91
        ("0.03", "0", "0", "0.04"),  # $0.006: $0.01
        ("0.02", "0", "0.01", "0.04"),  # $0.006 again, from two lines
        ("0.12", "0", "0", "0.14"),  # $0.024: $0.02
        ("0.13", "0", "0", "0.16"),  # $0.026: $0.03
    ],
)
def test_a_deficiency_repair_is_billed_with_20_percent_for_administration(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    utility: int,
    orange: int,
    labor: str,
    materials: str,
    equipment: str,
    total: str,
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    with desk.action(inspector) as action:
        charge_id = charges.charge_deficiency_repair(
            action,
            opening_id,
            labor=Money(labor),
            materials=Money(materials),
            equipment=Money(equipment),
            notice_on=TODAY,
        )
    charge = _charge(desk, charge_id)
    cost = Money(labor) + Money(materials) + Money(equipment)
    assert (charge.kind, charge.billed_as, charge.parcel_id) == (
        ChargeKind.DEFICIENCY_REPAIR,
        "permittee",
        None,
    )
    assert (charge.total, charge.administration) == (Money(total), Money(total) - cost)
    assert [(line.category, line.amount) for line in charge.lines] == [
        (category, Money(amount))
        for category, amount in (
            ("labor", labor),
            ("materials", materials),
            ("equipment", equipment),
        )
        if Money(amount) > Money.zero()  # zero lines are left out
    ]
    assert (charge.bill_on, charge.due_on, charge.tax_roll_on) == (TODAY, date(2026, 12, 30), None)
    [due] = [d for d in _dues(desk, opening_id) if d.kind == DueKind.SPECIAL_CHARGE]
    assert (due.id, due.amount, due.cite, due.due_on) == (
        charge.amount_due_id,
        Money(total),
        rules.DEFICIENCY_CITE,
        date(2026, 12, 30),
    )
    # § 506-6 puts no lien on a property: never on the tax roll, however long unpaid.
    assert _eligible(desk, date(2027, 12, 31)) == []
    assert _standing(desk, charge_id, date(2026, 12, 30)) is charge_rules.Standing.BILLED
    assert _standing(desk, charge_id, date(2026, 12, 31)) is charge_rules.Standing.OVERDUE
    with desk.lookup(SYSTEM) as action:
        shown = previews.deficiency_preview(
            Money(labor), Money(materials), Money(equipment), TODAY, action.calendar
        )
    assert shown == previews.ChargePreview(
        cost, Money(total) - cost, Money(total), date(2026, 12, 30), None
    )


@given(st.integers(min_value=1, max_value=10_000_000))
def test_twenty_percent_is_added_to_the_cent(cents: int) -> None:
    cost = Money.from_cents(cents)
    extra = charge_rules.administration_for(ChargeKind.DEFICIENCY_REPAIR, cost)
    assert abs(Decimal(extra.cents) - Decimal(cents) / 5) <= Decimal("0.5")
    shown = previews.deficiency_preview(cost, Money.zero(), Money.zero(), TODAY, CityCalendar())
    assert (shown.administration, shown.total) == (extra, cost + extra)


def test_a_deficiency_bill_is_refused_when_it_cannot_be(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    opening_id = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    zero = Money.zero()
    for labor, materials, notice_on, field in (
        (zero, zero, TODAY, "labor"),
        (Money("-5"), Money("10"), TODAY, "labor"),
        (Money("5"), Money("-0.01"), TODAY, "materials"),
        (Money("5"), zero, TODAY + timedelta(days=1), "notice_on"),
    ):
        step = partial(
            charges.charge_deficiency_repair,
            opening_id=opening_id,
            labor=labor,
            materials=materials,
            equipment=zero,
            notice_on=notice_on,
        )
        error = _refused(desk, inspector, step)
        assert error.field == field
    with desk.database.reading() as session:
        assert sc.charges_for(session, rules.RECORD_TYPE, str(opening_id)) == []


# -- the Today tab and the register ---------------------------------------------------------------


def test_permits_expiring_within_14_days_are_on_the_today_tab(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, utility: int, orange: int
) -> None:
    unused = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    used = _issued(desk, clock, clerk, inspector, _data(utility, orange))
    clock.set(date(2027, 5, 15))  # 15 days before May 30
    with desk.action(clerk) as action:
        so.record_opened(action, used, opened_on=date(2027, 5, 10))
    assert not [i for i in _items(desk) if "expire" in i.title]
    clock.set(date(2027, 5, 16))  # 14 days before
    expiring = [i for i in _items(desk) if "expire" in i.title]
    assert sorted(i.record_id for i in expiring) == sorted([str(unused), str(used)])
    assert {(i.due, i.cite) for i in expiring} == {(date(2027, 5, 30), rules.VALIDITY_CITE)}
    assert {i.title for i in expiring} == {
        f"Permit SO-2026-001 expires {format_day(date(2027, 5, 30))}",
        f"Permit SO-2026-002 expires {format_day(date(2027, 5, 30))}",
    }
    # After the last day an unused permit leaves the list (the register shows it expired);
    # one whose opening is made and not restored stays.
    clock.set(date(2027, 5, 31))
    [stays] = [i for i in _items(desk) if "expire" in i.title]
    assert (
        stays.record_id == str(used)
        and stays.title == f"Permit SO-2026-002 expired {format_day(date(2027, 5, 30))}"
    )
    assert so.display_status(_opening(desk, unused), date(2027, 5, 31)) == "Expired"


def test_search_finds_openings_by_number_applicant_place_and_street(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, utility: int, contractor: int, orange: int
) -> None:
    gas = _apply(desk, clerk, _data(utility, orange))
    dig = _apply(
        desk,
        clerk,
        _data(
            contractor,
            None,
            sites=(SiteData("Terrace at 40 Kinnickinnic St", surface="terrace"),),
            nature_of_work="Lay fiber conduit",
        ),
    )
    with desk.action(inspector) as action:
        so.refuse(action, dig, reason="Incomplete")
    with desk.database.reading() as session:

        def ids(text: str = "", **kw: Any) -> list[int]:
            return [o.id for o in so.search_openings(session, text, **kw)]

        assert ids() == [dig, gas]  # latest first
        assert ids("SO-2026-001") == [gas]
        assert ids("valley gas") == [gas]
        assert ids("hanson") == [dig]
        assert ids("kinnickinnic terrace") == [dig]
        assert ids("orange st") == [gas]
        assert ids("100%") == []
        assert ids(status=OpeningStatus.REFUSED) == [dig]
        assert ids(year=2025) == []
        assert ids(limit=1) == [dig]
