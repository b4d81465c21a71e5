"""Street privilege permits (§ 506-9, with § 506-8 (Exceptions)) at their boundaries.

Three months to the day (Nov 30 → Feb 28, Jan 15 → Apr 15), an earlier day set by the Council,
one-third of the street to the inch, one-half of the sidewalk, a temporary sidewalk and its fence
at 47 and 48 inches, the bond at $10,000.00 and a cent more, the Council's 24 hours to the
minute, the fee paid through the real receipt service, revocation with who and why, and who may
do what. "Today" is Monday, November 30, 2026 in Prescott unless a test travels.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import threading
from collections.abc import Callable
from datetime import date, datetime, timedelta
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select

from clerk_desk import ledger, parties, today
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.deadlines import CityCalendar
from clerk_desk.demo import street_privileges as demo_street_privileges
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.history import history
from clerk_desk.kinds import (
    BondKind,
    ChargeKind,
    Compass,
    DueKind,
    DueStatus,
    FileStatus,
    PartyKind,
    PrivilegePurpose,
    PrivilegeStatus,
    Role,
    TenderKind,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_length
from clerk_desk.models import AmountDue, AuditEvent, SpecialCharge, StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.ordinance import find_cites, load_chapter
from clerk_desk.receipts import service as receipts
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_numbers import streets
from clerk_desk.street_numbers.streets import StreetData
from clerk_desk.street_privileges import occupancy as sp_occupancy
from clerk_desk.street_privileges import records as sp_records
from clerk_desk.street_privileges import removal as sp_removal
from clerk_desk.street_privileges import review as sp_review
from clerk_desk.street_privileges import rules
from clerk_desk.street_privileges import service as sp
from clerk_desk.street_privileges import views as views
from clerk_desk.street_privileges.review import ItemState
from clerk_desk.street_privileges.service import PrivilegeData
from clerk_desk.words import format_day

TODAY = date(2026, 11, 30)  # a Monday
ZONE = ZoneInfo("America/Chicago")
FEE = Money("25.00")  # the shipped placeholder for STPRIV
FT = 12  # inches in a foot
BOND = Money("5000")  # the bond the Director sets in most tests


def at(day: date, hour: int, minute: int = 0) -> datetime:
    """A moment in Prescott."""
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZONE)


# -- fixtures and helpers -------------------------------------------------------------------------


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


@pytest.fixture
def deputy(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.DEPUTY_CLERK)


@pytest.fixture
def director(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    """The Building Inspector / Director of Public Works."""
    return operator_with(Role.INSPECTOR)


@pytest.fixture
def builder(desk: Desk, admin: SignedIn) -> int:
    with desk.action(admin) as action:
        return parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.BUSINESS,
                name="Bluff Country Concrete",
                street="N5037 County Rd M",
                city="Ellsworth",
                state="WI",
                postal_code="54011",
                phone="(715) 555-0199",
                contractor=True,
            ),
        ).id


@pytest.fixture
def broad(desk: Desk, admin: SignedIn) -> int:
    with desk.action(admin) as action:
        return streets.add_street(
            action,
            StreetData(
                name="Broad",
                suffix="St",
                direction="N",
                odd_side=Compass.WEST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=999,
            ),
        )


@pytest.fixture
def parcel(desk: Desk, admin: SignedIn) -> int:
    """The property abutting the obstructed sidewalk, with its owner."""
    with desk.action(admin) as action:
        owner = parties.add_party(
            action, parties.PartyData(kind=PartyKind.PERSON, name="Rosa Lindgren")
        )
        return parties.add_parcel(
            action,
            parties.ParcelData(
                parcel_number="281-01042-0000", site_address="236 Broad St N", owner_id=owner.id
            ),
        ).id


def _data(applicant: int, street_id: int | None = None, **changes: Any) -> PrivilegeData:
    data = PrivilegeData(
        applicant_id=applicant,
        purpose=PrivilegePurpose.CONSTRUCTION,
        location="In front of 236 Broad St N",
        street_id=street_id,
        description="Storefront rebuild: a dumpster and pallets of block in the parking lane",
        planned_start=date(2026, 12, 1),
        planned_end=date(2027, 2, 15),
        street_width_in=36 * FT,
        street_used_in=8 * FT,
        sidewalk_width_in=10 * FT,
        sidewalk_used_in=4 * FT,
    )
    return dataclasses.replace(data, **changes)


def _apply(desk: Desk, who: SignedIn, data: PrivilegeData) -> int:
    with desk.action(who) as action:
        return sp.receive_application(action, data)


def _terms(
    desk: Desk,
    who: SignedIn,
    privilege_id: int,
    bond: Money | None = BOND,
    *,
    insurance: dict[CoverageKind, Money] | None = None,
    conditions: str = "",
) -> None:
    with desk.action(who) as action:
        sp.set_terms(
            action,
            privilege_id,
            bond_amount=bond,
            insurance_required=insurance is not None,
            insurance_minimums=insurance or {},
            conditions=conditions,
        )


def _bond(
    desk: Desk,
    who: SignedIn,
    principal: int,
    privilege_id: int | None,
    amount: Money = BOND,
    *,
    effective_on: date = TODAY,
    expires_on: date | None = None,
    number: str = "SP-B-1",
) -> int:
    with desk.action(who) as action:
        return bonds.file_bond(
            action,
            bonds.BondData(
                kind=BondKind.STREET_PRIVILEGE,
                principal_id=principal,
                surety="Western Surety Company",
                bond_number=number,
                amount=amount,
                effective_on=effective_on,
                expires_on=expires_on,
                record_type=rules.RECORD_TYPE if privilege_id is not None else "",
                record_id=str(privilege_id) if privilege_id is not None else "",
            ),
        )


def _pay(desk: Desk, who: SignedIn, privilege_id: int) -> str:
    """Pay what is open on the permit at the counter: a real receipt, in cash."""
    with desk.action(who) as action:
        station = f"Counter {action.today().isoformat()}"
        if receipts.current_drawer(action.session, station) is None:
            receipts.open_drawer(action, station=station, opening_cash=Money("100"))
        privilege = sp_records.get_privilege(action.session, privilege_id)
        dues = [
            d
            for d in ledger.dues_for(
                action.session, RecordRef(rules.RECORD_TYPE, str(privilege_id))
            )
            if d.status == DueStatus.OPEN
        ]
        lines = [receipts.due_line(action.session, d.id) for d in dues]
        total = sum((line.amount for line in lines), Money.zero())
        return receipts.take_payment(
            action,
            station=station,
            payer_id=privilege.applicant_id,
            lines=lines,
            tenders=[receipts.TenderEntry(TenderKind.CASH, total)],
        ).number


def _ready(desk: Desk, admin: SignedIn, director: SignedIn, applicant: int, **changes: Any) -> int:
    """An application with everything in order: terms set, bond filed, fee paid."""
    privilege_id = _apply(desk, admin, _data(applicant, **changes))
    _terms(desk, director, privilege_id)
    _bond(desk, admin, applicant, privilege_id)
    _pay(desk, admin, privilege_id)
    return privilege_id


def _issue(desk: Desk, who: SignedIn, privilege_id: int, **kwargs: Any) -> StreetPrivilege:
    with desk.action(who) as action:
        return action.session.get_one(StreetPrivilege, sp.issue(action, privilege_id, **kwargs))


def _get(desk: Desk, privilege_id: int) -> StreetPrivilege:
    with desk.database.reading() as session:
        return sp_records.get_privilege(session, privilege_id)


def _review(desk: Desk, privilege_id: int) -> dict[str, sp_review.ChecklistItem]:
    with desk.lookup(SYSTEM) as action:
        return {item.key: item for item in sp_review.review(action, privilege_id)}


def _texts(found: list[Finding] | tuple[Finding, ...]) -> str:
    return " | ".join(f.text for f in found)


def _blocks(found: list[Finding]) -> list[Finding]:
    return [f for f in found if f.blocks]


def _today_items(desk: Desk) -> list[today.TodayItem]:
    with desk.lookup(SYSTEM) as action:
        return [i for i in today.gather(action) if i.workflow == rules.WORKFLOW]


# -- three months from issuance (§ 506-9 (Termination)) --------------------------------------------


@pytest.mark.parametrize(
    ("issued", "last"),
    [
        (date(2026, 11, 30), date(2027, 2, 28)),  # February has no 30th: its last day
        (date(2027, 1, 15), date(2027, 4, 15)),
        (date(2027, 11, 30), date(2028, 2, 29)),  # a leap year
        (date(2026, 10, 31), date(2027, 1, 31)),
    ],
)
def test_a_permit_ends_three_months_from_issuance(issued: date, last: date) -> None:
    assert rules.ends_on(issued) == last


def test_an_earlier_day_is_kept_and_a_later_one_refused() -> None:
    assert rules.ends_on(date(2026, 11, 30), date(2026, 12, 31)) == date(2026, 12, 31)
    assert rules.ends_on(date(2026, 11, 30), date(2026, 11, 30)) == date(2026, 11, 30)
    assert rules.ends_on(date(2026, 11, 30), date(2027, 2, 28)) == date(2027, 2, 28)
    with pytest.raises(InvalidInput, match="Mon Mar 1, 2027 is after it") as after:
        rules.ends_on(date(2026, 11, 30), date(2027, 3, 1))
    assert after.value.cite == rules.TERMINATION_CITE and after.value.field == "earlier_end_on"
    with pytest.raises(InvalidInput, match="before it is issued"):
        rules.ends_on(date(2026, 11, 30), date(2026, 11, 29))


def _issued(issued_on: date, ends: date, **fields: Any) -> StreetPrivilege:
    return StreetPrivilege(
        number="SP-2026-001",
        status=fields.pop("status", PrivilegeStatus.ISSUED),
        issued_on=issued_on,
        ends_on=ends,
        **fields,
    )


@pytest.mark.parametrize(
    ("issued", "in_force", "ended"),
    [
        (date(2026, 11, 30), date(2027, 2, 28), date(2027, 3, 1)),
        (date(2027, 1, 15), date(2027, 4, 15), date(2027, 4, 16)),
    ],
)
def test_a_permit_is_in_force_through_its_last_day_and_ended_the_next(
    issued: date, in_force: date, ended: date
) -> None:
    privilege = _issued(issued, rules.ends_on(issued))
    assert not sp.is_in_force(privilege, issued - timedelta(days=1))
    assert sp.is_in_force(privilege, issued)
    assert sp.is_in_force(privilege, in_force)
    assert sp.display_status(privilege, in_force) == "Issued"
    assert not sp.is_in_force(privilege, ended)
    assert sp.display_status(privilege, ended) == f"Ended {rules.short_day(in_force)}"


def test_the_register_says_when_a_permit_ended_by_itself() -> None:
    privilege = _issued(date(2026, 11, 30), date(2027, 2, 28))
    assert sp.display_status(privilege, date(2027, 3, 1)) == "Ended Feb 28, 2027"


def test_revocation_takes_effect_on_its_day_and_a_closed_permit_ends_with_its_day() -> None:
    revoked = _issued(
        date(2026, 11, 30),
        date(2027, 2, 28),
        status=PrivilegeStatus.REVOKED,
        revoked_on=date(2026, 12, 10),
    )
    assert sp.is_in_force(revoked, date(2026, 12, 9))
    assert not sp.is_in_force(revoked, date(2026, 12, 10))
    assert sp.display_status(revoked, date(2026, 12, 10)) == "Revoked"
    closed = _issued(
        date(2026, 11, 30),
        date(2027, 2, 28),
        status=PrivilegeStatus.CLOSED,
        closed_on=date(2026, 12, 20),
    )
    assert sp.is_in_force(closed, date(2026, 12, 20))
    assert not sp.is_in_force(closed, date(2026, 12, 21))
    applied = StreetPrivilege(number="SP-2026-002", status=PrivilegeStatus.APPLIED)
    assert not sp.is_in_force(applied, TODAY)
    assert sp.display_status(applied, TODAY) == "Applied"


# -- the widths (§ 506-9 (Conditions of occupancy), § 506-8 (Exceptions)) -------------------------


def _widths(**kwargs: Any) -> list[Finding]:
    base: dict[str, Any] = {
        "street_width_in": None,
        "street_used_in": None,
        "sidewalk_width_in": None,
        "sidewalk_used_in": None,
        "purpose": PrivilegePurpose.CONSTRUCTION,
    }
    return rules.width_findings(**(base | kwargs))


def test_exactly_one_third_of_the_street_passes_and_one_inch_more_blocks() -> None:
    assert _widths(street_width_in=36 * FT, street_used_in=12 * FT) == []
    (over,) = _widths(street_width_in=36 * FT, street_used_in=12 * FT + 1)
    assert over.blocks
    assert over.cite == rules.CONDITIONS_CITE  # one paragraph, so the link opens it
    assert over.text == (
        "The obstruction uses 12 ft 1 in of a 36 ft street; at most 12 ft (one-third). "
        "§ 506-8 (Exceptions) also holds building materials to one-third of the traveled "
        "portion."
    )


def test_one_third_of_a_street_not_divisible_by_three_is_checked_exactly() -> None:
    # 37 ft = 444 in: a third is 148 in exactly; 445 in: a third is 148 1/3 in.
    assert _widths(street_width_in=445, street_used_in=148) == []
    (over,) = _widths(street_width_in=445, street_used_in=149)
    assert "at most 12 ft 4 in (148 1/3 in exactly)" in over.text


def test_moving_a_building_is_held_to_one_third_by_section_506_9_alone() -> None:
    (over,) = _widths(
        street_width_in=30 * FT, street_used_in=10 * FT + 1, purpose=PrivilegePurpose.MOVE_BUILDING
    )
    assert over.cite == rules.CONDITIONS_CITE
    assert (
        _widths(
            street_width_in=30 * FT, street_used_in=10 * FT, purpose=PrivilegePurpose.MOVE_BUILDING
        )
        == []
    )


def test_building_materials_take_at_most_one_half_of_the_sidewalk() -> None:
    assert _widths(sidewalk_width_in=10 * FT, sidewalk_used_in=5 * FT) == []
    (over,) = _widths(sidewalk_width_in=10 * FT, sidewalk_used_in=5 * FT + 1)
    assert over.blocks and over.cite == rules.MATERIALS_CITE
    assert "Building materials use 5 ft 1 in of a 10 ft sidewalk; at most 5 ft (one-half)" in (
        over.text
    )
    # Demolition materials too; a building being moved is not "building materials".
    assert _blocks(
        _widths(
            sidewalk_width_in=10 * FT,
            sidewalk_used_in=5 * FT + 1,
            purpose=PrivilegePurpose.DEMOLITION,
        )
    )
    assert (
        _widths(
            sidewalk_width_in=10 * FT,
            sidewalk_used_in=5 * FT + 1,
            purpose=PrivilegePurpose.MOVE_BUILDING,
        )
        == []
    )


@pytest.mark.parametrize(
    ("walk", "fence", "blocked"),
    [
        (48, 48, False),
        (47, 48, True),
        (48, 47, True),
        (48, None, True),
        (None, None, True),
    ],
)
def test_a_sidewalk_closed_over_its_width_needs_a_four_foot_walk_and_fence(
    walk: int | None, fence: int | None, blocked: bool
) -> None:
    found = _widths(
        sidewalk_width_in=6 * FT,
        sidewalk_used_in=6 * FT,
        purpose=PrivilegePurpose.MOVE_BUILDING,
        temporary_sidewalk_width_in=walk,
        fence_height_in=fence,
    )
    assert bool(_blocks(found)) is blocked
    assert all(f.cite == rules.CONDITIONS_CITE for f in found)
    if walk == 47:
        assert "The temporary sidewalk is 47 in wide; at least 4 ft" in _texts(found)
    if fence == 47:
        assert "The fence guarding the temporary sidewalk is 47 in high" in _texts(found)
    if walk is None:
        assert "The whole sidewalk (6 ft) is obstructed" in _texts(found)


@pytest.mark.parametrize(
    ("used", "left"),
    [(24, None), (25, "47 in"), (71, "1 in")],  # 4 ft left passes; an inch less warns
)
def test_a_moved_building_leaving_under_four_feet_of_sidewalk_is_warned(
    used: int, left: str | None
) -> None:
    found = _widths(
        sidewalk_width_in=6 * FT, sidewalk_used_in=used, purpose=PrivilegePurpose.MOVE_BUILDING
    )
    if left is None:
        assert found == []
        return
    (warning,) = found
    assert (warning.level, warning.cite) == ("warn", rules.CONDITIONS_CITE)
    assert warning.text.startswith(
        f"The obstruction uses {format_length(used)} of a 6 ft sidewalk and leave {left} for "
        "pedestrians, less than 4 ft: sidewalk traffic shall not be interrupted."
    )
    # A fenced temporary walk of 4 ft carries the pedestrians: nothing to warn of.
    assert (
        _widths(
            sidewalk_width_in=6 * FT,
            sidewalk_used_in=used,
            purpose=PrivilegePurpose.MOVE_BUILDING,
            temporary_sidewalk_width_in=48,
            fence_height_in=48,
        )
        == []
    )
    # The whole width: blocked, as before (no second finding on top).
    (whole,) = _widths(
        sidewalk_width_in=6 * FT, sidewalk_used_in=6 * FT, purpose=PrivilegePurpose.MOVE_BUILDING
    )
    assert whole.blocks and "The whole sidewalk (6 ft) is obstructed" in whole.text


def test_materials_within_half_of_a_narrow_sidewalk_warn_of_what_is_left() -> None:
    (warning,) = _widths(sidewalk_width_in=6 * FT, sidewalk_used_in=3 * FT)
    assert warning.level == "warn" and "leave 3 ft for pedestrians" in warning.text
    assert _widths(sidewalk_width_in=8 * FT, sidewalk_used_in=4 * FT) == []  # 4 ft left
    # Over one-half blocks under § 506-8 (Exceptions) alone: no warning on top of it.
    (over,) = _widths(sidewalk_width_in=6 * FT, sidewalk_used_in=3 * FT + 1)
    assert over.blocks and over.cite == rules.MATERIALS_CITE


def test_materials_over_half_the_sidewalk_with_a_fenced_temporary_walk_only_warn() -> None:
    found = _widths(
        sidewalk_width_in=8 * FT,
        sidewalk_used_in=8 * FT,
        temporary_sidewalk_width_in=48,
        fence_height_in=48,
    )
    (warning,) = found
    assert warning.level == "warn" and warning.cite == rules.MATERIALS_CITE
    assert "temporary sidewalk of 4 ft" in warning.text
    short = _widths(
        sidewalk_width_in=8 * FT,
        sidewalk_used_in=8 * FT,
        temporary_sidewalk_width_in=47,
        fence_height_in=48,
    )
    assert {f.cite for f in _blocks(short)} == {rules.MATERIALS_CITE, rules.CONDITIONS_CITE}


def test_materials_must_leave_the_gutter_flowing() -> None:
    (gutter,) = _widths(gutter_clear=False)
    assert gutter.blocks and gutter.cite == rules.MATERIALS_CITE
    (moving,) = _widths(gutter_clear=False, purpose=PrivilegePurpose.MOVE_BUILDING)
    assert moving.level == "warn"


def test_a_width_used_without_the_width_of_the_way_cannot_be_checked() -> None:
    assert "Enter the width of the street" in _texts(_widths(street_used_in=10 * FT))
    assert "Enter the width of the sidewalk" in _texts(_widths(sidewalk_used_in=2 * FT))
    assert "wider than the street" in _texts(_widths(street_width_in=20, street_used_in=21))


def test_the_shares_are_the_ordinances_fractions() -> None:
    assert (Fraction(1, 3), Fraction(1, 2)) == (rules.STREET_SHARE, rules.SIDEWALK_SHARE)
    assert (rules.TEMPORARY_WALK_MIN_IN, rules.FENCE_MIN_IN) == (48, 48)
    assert (Money("10000.00"), 24) == (rules.BOND_LIMIT, rules.REMOVAL_NOTICE_HOURS)


@pytest.mark.parametrize(
    ("notice", "allowed"),
    [
        # Issue 21: a Saturday 10:00 notice allows removal Monday 10:00, not Sunday 10:00.
        (at(date(2026, 12, 5), 9), at(date(2026, 12, 7), 9)),
        (at(date(2026, 12, 5), 10), at(date(2026, 12, 7), 10)),
        (at(date(2026, 12, 5), 11), at(date(2026, 12, 7), 11)),
        # The Wednesday before Thanksgiving: Friday, not Thursday.
        (at(date(2026, 11, 25), 10), at(date(2026, 11, 27), 10)),
        # A weekday: the wall clock's 24 hours.
        (at(date(2026, 12, 8), 10), at(date(2026, 12, 9), 10)),
    ],
)
def test_the_city_may_remove_24_hours_after_the_notice_sundays_and_holidays_not_counted(
    notice: datetime, allowed: datetime
) -> None:
    assert rules.removal_allowed_from(notice, CityCalendar()) == allowed


# -- the application ------------------------------------------------------------------------------


def test_an_application_is_numbered_and_bills_the_fee_of_the_schedule(
    desk: Desk, deputy: SignedIn, builder: int, broad: int
) -> None:
    first = _apply(desk, deputy, _data(builder, broad))
    second = _apply(desk, deputy, _data(builder, broad, location="Behind 240 Broad St N"))
    privilege = _get(desk, first)
    assert privilege.number == "SP-2026-001" and _get(desk, second).number == "SP-2026-002"
    assert privilege.status == PrivilegeStatus.APPLIED
    assert (privilege.applied_on, privilege.received_by_name) == (TODAY, "Test Deputy Clerk")
    with desk.database.reading() as session:
        (due,) = ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(first)))
        assert (due.kind, due.amount, due.cite) == (DueKind.FEE, FEE, rules.FEE_CITE)
        assert due.party_id == builder and due.fee_item is not None
        assert due.fee_item.code == "STPRIV" and due.gl_account == due.fee_item.gl_account
        events = sp.history(session, first)
    assert [e.action for e in events] == ["privilege.receive", "due.create"]
    assert "Bluff Country Concrete" in events[0].summary


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"location": "   "}, "location"),
        ({"street_width_in": 0}, "street_width_in"),
        ({"street_used_in": 37 * FT}, "street_used_in"),
        ({"sidewalk_used_in": 11 * FT}, "sidewalk_used_in"),
        ({"planned_end": date(2026, 11, 1)}, "planned_end"),
        ({"fence_height_in": -1}, "fence_height_in"),
        ({"building_permit_number": "B" * 41}, "building_permit_number"),
    ],
)
def test_an_application_form_is_refused_at_the_field(
    desk: Desk, clerk: SignedIn, builder: int, changes: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidInput) as refused, desk.action(clerk) as action:
        sp.receive_application(action, _data(builder, **changes))
    assert refused.value.field == field
    with desk.database.reading() as session:
        assert session.scalar(select(func.count()).select_from(StreetPrivilege)) == 0


def test_an_application_names_a_real_street_and_parcel(
    desk: Desk, clerk: SignedIn, builder: int
) -> None:
    with pytest.raises(NotFound), desk.action(clerk) as action:
        sp.receive_application(action, _data(builder, street_id=999))
    with pytest.raises(NotFound), desk.action(clerk) as action:
        sp.receive_application(action, _data(builder, parcel_id=999))


def test_an_application_is_corrected_only_before_issuance(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with desk.action(admin) as action:
        sp.correct_application(
            action, privilege_id, _data(builder, street_used_in=12 * FT, notes="Wider dumpster")
        )
    assert _get(desk, privilege_id).street_used_in == 12 * FT
    with pytest.raises(InvalidInput, match="applicant cannot change"), desk.action(admin) as action:
        other = parties.add_party(action, parties.PartyData(kind=PartyKind.PERSON, name="Other"))
        sp.correct_application(action, privilege_id, _data(other.id))
    _issue(desk, director, privilege_id)
    late = pytest.raises(Conflict, match="only before the permit is issued")
    with late, desk.action(admin) as action:
        sp.correct_application(action, privilege_id, _data(builder))
    with desk.database.reading() as session:
        (corrected,) = [
            e for e in sp.history(session, privilege_id) if e.action.endswith("correct")
        ]
    assert corrected.before == {"street_used_in": 96, "notes": ""}
    assert corrected.after == {"street_used_in": 144, "notes": "Wider dumpster"}


def test_advice_of_the_chief_and_the_inspector_is_recorded(
    desk: Desk, clerk: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, clerk, _data(builder))
    with desk.action(clerk) as action:
        sp.record_advice(action, privilege_id, who="police", advice="Cone off the lane", on=TODAY)
        sp.record_advice(
            action,
            privilege_id,
            who="inspector",
            advice="Building permit B-2026-114 covers the work",
            on=TODAY,
        )
    privilege = _get(desk, privilege_id)
    assert (privilege.police_advice, privilege.police_advice_on) == ("Cone off the lane", TODAY)
    assert privilege.inspector_advice.startswith("Building permit B-2026-114")
    for who, on, match in (
        ("police", TODAY + timedelta(days=1), "after today"),
        ("police", TODAY - timedelta(days=1), "before the application"),
        ("mayor", TODAY, "Chief of Police or the Building Inspector"),
    ):
        with pytest.raises(InvalidInput, match=match), desk.action(clerk) as action:
            sp.record_advice(action, privilege_id, who=who, advice="x", on=on)  # type: ignore[arg-type]


# -- the terms: bond, insurance, conditions --------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "allowed"),
    [
        (Money("10000.00"), True),
        (Money("10000.01"), False),
        (Money("0.01"), True),
        (Money("0"), False),
    ],
)
def test_the_bond_is_set_not_exceeding_ten_thousand_dollars(
    desk: Desk, clerk: SignedIn, director: SignedIn, builder: int, amount: Money, allowed: bool
) -> None:
    privilege_id = _apply(desk, clerk, _data(builder))
    if allowed:
        _terms(desk, director, privilege_id, amount)
        assert _get(desk, privilege_id).bond_amount == amount
        return
    with pytest.raises(InvalidInput) as refused:
        _terms(desk, director, privilege_id, amount)
    assert refused.value.cite == rules.BOND_CITE and refused.value.field == "bond_amount"
    assert _get(desk, privilege_id).bond_amount is None


def test_the_terms_are_the_directors_and_keep_the_officials_conditions(
    desk: Desk, clerk: SignedIn, deputy: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, clerk, _data(builder))
    with pytest.raises(PermissionDenied):
        _terms(desk, deputy, privilege_id)
    _terms(
        desk,
        director,
        privilege_id,
        Money("2500"),
        insurance={CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000")},
        conditions="  Flagger at the alley   from 7 to 9 a.m.\n\n No work on Prescott Daze weekend",
    )
    privilege = _get(desk, privilege_id)
    assert sp.extra_conditions(privilege) == [
        "Flagger at the alley from 7 to 9 a.m.",
        "No work on Prescott Daze weekend",
    ]
    assert sp_records.insurance_minimums(privilege) == {
        CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000")
    }


# -- the review and issuance ----------------------------------------------------------------------


def test_an_application_waits_for_its_terms_its_bond_and_its_fee(
    desk: Desk, clerk: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, clerk, _data(builder))
    items = _review(desk, privilege_id)
    assert list(items) == ["complete", "building_permit", "widths", "bond", "insurance", "fee"]
    assert {k for k, i in items.items() if not i.met} == {"bond", "fee"}
    assert "has not set the bond" in _texts(items["bond"].findings)
    assert items["fee"].state is ItemState.NOT_MET
    assert "The permit fee is not paid ($25.00 owed)" in _texts(items["fee"].findings)
    assert items["fee"].cite == rules.FEE_CITE and items["bond"].cite == rules.BOND_CITE
    _terms(desk, director, privilege_id)
    assert "No street privilege bond of $5,000.00 is on file" in _texts(
        _review(desk, privilege_id)["bond"].findings
    )
    with pytest.raises(InvalidInput, match="cannot be issued yet") as refused:
        _issue(desk, director, privilege_id)
    assert "No street privilege bond" in str(refused.value)
    assert "The permit fee is not paid" in str(refused.value)
    assert _get(desk, privilege_id).status == PrivilegeStatus.APPLIED


def test_the_unpaid_fee_alone_blocks_issuance_until_receipted(
    desk: Desk, clerk: SignedIn, director: SignedIn, treasurer: SignedIn, builder: int, broad: int
) -> None:
    privilege_id = _apply(desk, clerk, _data(builder, broad))
    _terms(desk, director, privilege_id)
    _bond(desk, treasurer, builder, privilege_id)
    with pytest.raises(InvalidInput, match="fee is not paid") as refused:
        _issue(desk, director, privilege_id)
    assert f"({rules.FEE_CITE})" in refused.value.message  # each item names its own section
    number = _pay(desk, treasurer, privilege_id)
    privilege = _issue(desk, director, privilege_id)
    assert privilege.status == PrivilegeStatus.ISSUED
    assert (privilege.issued_on, privilege.ends_on) == (TODAY, date(2027, 2, 28))
    assert privilege.issued_by_name == "Test Building Inspector / Public Works"
    assert privilege.earlier_end_on is None
    with desk.database.reading() as session:
        view = views.permit_view(session, privilege_id, desk.calendar(), today=TODAY)
    assert [(r.receipt_number, r.amount) for r in view.receipts] == [(number, FEE)]
    assert view.fee_owed == Money.zero() and view.fee_billed == FEE


def test_city_costs_are_billed_on_top_of_the_fee_and_do_not_hold_the_permit(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with desk.action(admin) as action:
        due_id = sp.bill_city_costs(
            action, privilege_id, amount=Money("87.50"), description="Barricades, 3 days"
        )
        due = action.session.get_one(AmountDue, due_id)
        assert (due.kind, due.cite, due.party_id) == (
            DueKind.CITY_EXPENSES,
            rules.FEE_CITE,
            builder,
        )
        assert due.gl_account == "100-44310-000"  # the STPRIV fee's account
        with pytest.raises(InvalidInput, match="Describe"):
            sp.bill_city_costs(action, privilege_id, amount=Money("1"), description=" ")
    assert _review(desk, privilege_id)["fee"].met
    _issue(desk, director, privilege_id)
    with desk.database.reading() as session:
        view = views.permit_view(session, privilege_id, desk.calendar())
    (cost,) = view.city_costs
    assert (cost.kind, cost.amount, cost.status) == ("Actual City expenses", Money("87.50"), "Open")
    assert "Barricades, 3 days" in cost.description


@pytest.mark.parametrize("decision", ["refuse", "withdraw"])
def test_a_refused_or_withdrawn_application_is_not_charged_city_costs(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int, decision: str
) -> None:
    privilege_id = _apply(desk, admin, _data(builder))
    with desk.action(admin) as action:  # applied: City costs may be billed
        sp.bill_city_costs(action, privilege_id, amount=Money("10"), description="Site visit")
    with desk.action(director) as action:
        getattr(sp, decision)(action, privilege_id, reason="No longer wanted")
    word = "refused" if decision == "refuse" else "withdrawn"
    with pytest.raises(Conflict) as refused, desk.action(admin) as action:
        sp.bill_city_costs(action, privilege_id, amount=Money("10"), description="Signs")
    assert refused.value.message == (
        f"Street privilege SP-2026-001 was {word}: a refused or withdrawn application is not "
        "charged City costs."
    )
    assert refused.value.cite == rules.FEE_CITE
    with desk.database.reading() as session:
        kinds = [
            d.kind
            for d in ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(privilege_id)))
        ]
    assert kinds.count(DueKind.CITY_EXPENSES) == 1


def test_a_deputy_clerk_cannot_issue_a_permit(
    desk: Desk, admin: SignedIn, deputy: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with pytest.raises(PermissionDenied, match="Deputy Clerk"):
        _issue(desk, deputy, privilege_id)
    assert _get(desk, privilege_id).status == PrivilegeStatus.APPLIED
    _issue(desk, director, privilege_id)


def test_a_bond_filed_for_another_permit_does_not_count_but_a_standing_one_does(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    first = _apply(desk, admin, _data(builder))
    second = _apply(desk, admin, _data(builder, location="Behind 240 Broad St N"))
    for privilege_id in (first, second):
        _terms(desk, director, privilege_id)
        _pay(desk, admin, privilege_id)
    _bond(desk, admin, builder, first)
    assert _review(desk, first)["bond"].met
    assert "filed for this permit" in _texts(_review(desk, first)["bond"].findings)
    assert not _review(desk, second)["bond"].met
    _bond(desk, admin, builder, None, number="SP-STANDING")
    bond = _review(desk, second)["bond"]
    assert bond.met and "SP-STANDING" in _texts(bond.findings)
    assert "a standing bond" in _texts(bond.findings)


def test_a_standing_bond_behind_another_open_permit_or_under_a_claim_is_warned(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    standing = _bond(desk, admin, builder, None, number="SP-STANDING")
    first = _apply(desk, admin, _data(builder))
    _terms(desk, director, first)
    _pay(desk, admin, first)
    assert [f.level for f in _review(desk, first)["bond"].findings] == ["info"]
    _issue(desk, director, first)
    second = _apply(desk, admin, _data(builder, location="Behind 240 Broad St N"))
    _terms(desk, director, second)
    bond = _review(desk, second)["bond"]
    assert bond.met  # the ordinance sets no rule: it counts, but the Director is told
    (shared,) = [f for f in bond.findings if f.level == "warn"]
    assert shared.cite == rules.BOND_CITE
    assert shared.text == (
        "Bond No. SP-STANDING ($5,000.00) also stands behind SP-2026-001, not yet vacated: one "
        "standing bond answers for every permit it backs, and each counts it at its full amount."
    )
    with desk.database.reading() as session:
        view = views.permit_view(session, second, desk.calendar(), today=TODAY)
    assert [(b.bond_number, b.also_backs, b.claim_made) for b in view.bonds] == [
        ("SP-STANDING", ("SP-2026-001",), False)
    ]
    # A bond filed for the first permit takes it off the standing bond.
    _bond(desk, admin, builder, first, number="SP-OWN")
    assert [f.level for f in _review(desk, second)["bond"].findings] == ["info"]
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, standing, FileStatus.CLAIM_MADE, on=TODAY, reason="Curb damaged on Elm St"
        )
    bond = _review(desk, second)["bond"]
    assert bond.met
    assert [f.text for f in bond.findings if f.level == "warn"] == [
        "A claim has been made on Bond No. SP-STANDING: it still stands behind the permit, but "
        "what is paid on the claim comes out of its $5,000.00."
    ]


def test_a_closed_permit_no_longer_shares_the_standing_bond(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    _bond(desk, admin, builder, None, number="SP-STANDING")
    first = _apply(desk, admin, _data(builder))
    _terms(desk, director, first)
    _pay(desk, admin, first)
    _issue(desk, director, first)
    second = _apply(desk, admin, _data(builder))
    _terms(desk, director, second)
    assert any(f.level == "warn" for f in _review(desk, second)["bond"].findings)
    with desk.action(admin) as action:
        sp_occupancy.close(action, first, on=TODAY, **DPW)
    assert [f.level for f in _review(desk, second)["bond"].findings] == ["info"]


@pytest.mark.parametrize(
    ("amount", "effective", "expires", "problem"),
    [
        (Money("4999.99"), TODAY, None, "Bond No. SP-B-1 is $4,999.99; the Director set $5,000.00"),
        (Money("5000"), TODAY + timedelta(days=1), None, "takes effect Tue Dec 1, 2026"),
        (Money("5000"), TODAY, date(2027, 2, 27), "expires Sat Feb 27, 2027, before the permit"),
        (Money("5000"), TODAY, date(2027, 2, 28), None),
    ],
)
def test_the_bond_must_be_the_amount_set_and_run_through_the_permits_last_day(
    desk: Desk,
    admin: SignedIn,
    director: SignedIn,
    builder: int,
    amount: Money,
    effective: date,
    expires: date | None,
    problem: str | None,
) -> None:
    privilege_id = _apply(desk, admin, _data(builder))
    _terms(desk, director, privilege_id)
    _bond(desk, admin, builder, privilege_id, amount, effective_on=effective, expires_on=expires)
    item = _review(desk, privilege_id)["bond"]
    assert item.met is (problem is None)
    if problem:
        assert problem in _texts(item.findings)


def test_a_released_bond_no_longer_stands_behind_the_permit(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with desk.database.reading() as session:
        (bond,) = sp_review.bonds_for(session, _get(desk, privilege_id))
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, bond.id, FileStatus.RELEASED, on=TODAY, reason="Returned in error"
        )
    assert not _review(desk, privilege_id)["bond"].met


def test_an_earlier_termination_needs_the_councils_action(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with pytest.raises(InvalidInput, match="Common Council") as unnamed:
        _issue(desk, director, privilege_id, earlier_end_on=date(2026, 12, 31))
    assert unnamed.value.field == "note"
    with pytest.raises(InvalidInput, match="is after it"):
        _issue(desk, director, privilege_id, earlier_end_on=date(2027, 3, 1), note="Motion")
    privilege = _issue(
        desk,
        director,
        privilege_id,
        earlier_end_on=date(2026, 12, 31),
        note="Council motion of Nov 23, 2026",
    )
    assert (privilege.ends_on, privilege.earlier_end_on) == (date(2026, 12, 31), date(2026, 12, 31))
    assert privilege.earlier_end_note == "Council motion of Nov 23, 2026"
    with desk.database.reading() as session:
        view = views.permit_view(session, privilege_id, desk.calendar(), today=TODAY)
    assert view.earlier_end and "Thursday, December 31, 2026" in view.term_text
    assert "Council motion of Nov 23, 2026" in view.term_text


def test_the_three_months_own_last_day_is_no_earlier_termination(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    privilege = _issue(desk, director, privilege_id, earlier_end_on=date(2027, 2, 28))
    assert (privilege.ends_on, privilege.earlier_end_on) == (date(2027, 2, 28), None)


def test_a_shorter_term_needs_a_bond_only_as_long(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, admin, _data(builder))
    _terms(desk, director, privilege_id)
    _pay(desk, admin, privilege_id)
    _bond(desk, admin, builder, privilege_id, expires_on=date(2026, 12, 31))
    with pytest.raises(InvalidInput, match="expires Thu Dec 31, 2026"):
        _issue(desk, director, privilege_id)
    privilege = _issue(
        desk, director, privilege_id, earlier_end_on=date(2026, 12, 31), note="Council, Nov 23"
    )
    assert privilege.ends_on == date(2026, 12, 31)


def test_a_permit_issued_january_15_ends_april_15(
    desk: Desk, clock: FixedClock, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    clock.set(datetime(2027, 1, 15, 9, 0))
    privilege_id = _apply(desk, admin, _data(builder))
    _terms(desk, director, privilege_id)
    _bond(desk, admin, builder, privilege_id, effective_on=date(2027, 1, 15))
    _pay(desk, admin, privilege_id)
    privilege = _issue(desk, director, privilege_id)
    assert privilege.number == "SP-2027-001"
    assert privilege.ends_on == date(2027, 4, 15)
    clock.set(datetime(2027, 4, 15, 23, 59))
    assert [i.title for i in _today_items(desk)] == [
        f"Permit {privilege.number} ends Thu Apr 15, 2027"
    ]
    clock.set(datetime(2027, 4, 16, 0, 0))
    (ended,) = _today_items(desk)
    assert ended.title == (
        f"Permit {privilege.number} ended Thu Apr 15, 2027: the way must be vacated and cleaned"
    )
    assert ended.urgency(date(2027, 4, 16)) == "overdue"


def test_a_building_permit_the_code_requires_is_recorded_first(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder, building_permit_required=True)
    item = _review(desk, privilege_id)["building_permit"]
    assert not item.met and item.cite == rules.WHEN_REQUIRED_CITE
    with pytest.raises(InvalidInput, match="building permit"):
        _issue(desk, director, privilege_id)
    with desk.action(admin) as action:
        sp.correct_application(
            action,
            privilege_id,
            _data(builder, building_permit_required=True, building_permit_number="B-2026-114"),
        )
    item = _review(desk, privilege_id)["building_permit"]
    assert item.met and "B-2026-114" in _texts(item.findings)
    _issue(desk, director, privilege_id)


def test_the_widths_entered_hold_the_permit_back(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder, street_used_in=12 * FT + 1)
    widths = _review(desk, privilege_id)["widths"]
    assert not widths.met and "12 ft 1 in of a 36 ft street" in _texts(widths.findings)
    with pytest.raises(InvalidInput, match="one-third"):
        _issue(desk, director, privilege_id)
    blank = _apply(desk, admin, _data(builder, street_used_in=None, sidewalk_used_in=None))
    assert "Enter how much of the street or the sidewalk" in _texts(
        _review(desk, blank)["widths"].findings
    )


def test_a_moved_building_gives_its_route(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(
        desk, admin, director, builder, purpose=PrivilegePurpose.MOVE_BUILDING, route=""
    )
    assert "give the route" in _texts(_review(desk, privilege_id)["complete"].findings)


def _insure(desk: Desk, who: SignedIn, party_id: int, combined: str, expires: date) -> None:
    with desk.action(who) as action:
        bonds.file_certificate(
            action,
            bonds.CertificateData(
                insured_id=party_id,
                insurer="Badger Mutual",
                policy_numbers="CGL-4410",
                effective_on=date(2026, 1, 1),
                expires_on=expires,
                received_on=date(2026, 1, 2),
                coverages={CoverageKind.COMBINED_SINGLE_LIMIT: Money(combined)},
                general_liability=True,
            ),
        )


def test_insurance_when_required_is_judged_over_the_permits_term(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    assert _review(desk, privilege_id)["insurance"].met  # not required
    _terms(
        desk,
        director,
        privilege_id,
        insurance={CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000")},
    )
    item = _review(desk, privilege_id)["insurance"]
    assert not item.met and "No certificate of insurance is on file" in _texts(item.findings)
    _insure(desk, admin, builder, "999999", date(2027, 12, 31))
    assert not _review(desk, privilege_id)["insurance"].met
    _insure(desk, admin, builder, "1000000", date(2027, 2, 27))  # ends before Feb 28
    assert not _review(desk, privilege_id)["insurance"].met
    _insure(desk, admin, builder, "1000000", date(2027, 2, 28))
    assert _review(desk, privilege_id)["insurance"].met
    _issue(desk, director, privilege_id)
    with desk.database.reading() as session:
        view = views.permit_view(session, privilege_id, desk.calendar())
    assert view.insurance is not None and view.insurance.expires_on == date(2027, 2, 28)
    assert view.insurance.limits == (("combined single limit", Money("1000000")),)
    assert view.insurance_minimums == (("combined single limit", Money("1000000")),)


def test_refused_and_withdrawn_applications(
    desk: Desk, clerk: SignedIn, deputy: SignedIn, director: SignedIn, builder: int
) -> None:
    refused = _apply(desk, clerk, _data(builder))
    with pytest.raises(PermissionDenied), desk.action(clerk) as action:
        sp.refuse(action, refused, reason="x")
    with pytest.raises(InvalidInput, match="why"), desk.action(director) as action:
        sp.refuse(action, refused, reason=" ")
    with desk.action(director) as action:
        sp.refuse(action, refused, reason="The alley is the only fire access")
    privilege = _get(desk, refused)
    assert (privilege.status, privilege.refused_reason) == (
        PrivilegeStatus.REFUSED,
        "The alley is the only fire access",
    )
    with pytest.raises(Conflict, match="refused"):
        _issue(desk, director, refused)
    # Withdrawn by the Clerk: the unpaid fee is cancelled; by a deputy, left for the Treasurer.
    by_clerk = _apply(desk, clerk, _data(builder))
    by_deputy = _apply(desk, clerk, _data(builder))
    with desk.action(clerk) as action:
        sp.withdraw(action, by_clerk, reason="The owner phoned: the work is postponed")
    with desk.action(deputy) as action:
        sp.withdraw(action, by_deputy, reason="Withdrawn in writing")
    with desk.database.reading() as session:
        (cancelled,) = ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(by_clerk)))
        (left,) = ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(by_deputy)))
        summary = next(
            e.summary for e in sp.history(session, by_deputy) if e.action == "privilege.withdraw"
        )
    assert cancelled.status == DueStatus.CANCELLED and left.status == DueStatus.OPEN
    assert "left for the Treasurer to cancel" in summary
    assert _get(desk, by_clerk).status == PrivilegeStatus.WITHDRAWN


# -- conditions, revocation, close -----------------------------------------------------------------


def test_the_five_conditions_are_the_ordinances_words() -> None:
    assert [key for key, _, _ in rules.CONDITIONS] == [
        "one_third",
        "lighted",
        "sidewalk_traffic",
        "no_overnight_crossing",
        "cleanup",
    ]
    assert all(cite == rules.CONDITIONS_CITE for _, _, cite in rules.CONDITIONS)
    text = " ".join(load_chapter().text.split())
    for _, words, _ in rules.CONDITIONS:
        assert words in text


DPW = {"by_name": "Ivan Olsen", "by_title": "Director of Public Works"}


def test_conditions_are_checked_by_an_official_and_recorded_at_the_counter(
    desk: Desk, admin: SignedIn, clerk: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with pytest.raises(Conflict, match="once a permit is issued"), desk.action(clerk) as action:
        sp_occupancy.record_check(action, privilege_id, "lighted", ok=True, on=TODAY, **DPW)
    _issue(desk, director, privilege_id)
    for missing, field in (
        ({"by_name": " "}, "by_name"),
        ({"by_title": ""}, "by_title"),
    ):
        with pytest.raises(InvalidInput) as refused, desk.action(clerk) as action:
            sp_occupancy.record_check(
                action, privilege_id, "lighted", ok=True, on=TODAY, **(DPW | missing)
            )
        assert refused.value.field == field and refused.value.cite == rules.CONDITIONS_CITE
    with pytest.raises(InvalidInput, match="what was found"), desk.action(clerk) as action:
        sp_occupancy.record_check(action, privilege_id, "lighted", ok=False, on=TODAY, **DPW)
    with pytest.raises(InvalidInput, match="no condition"), desk.action(clerk) as action:
        sp_occupancy.record_check(action, privilege_id, "painted", ok=True, on=TODAY, **DPW)
    early = pytest.raises(InvalidInput, match="before the permit was issued")
    with early, desk.action(clerk) as action:
        sp_occupancy.record_check(
            action, privilege_id, "lighted", ok=True, on=TODAY - timedelta(days=1), **DPW
        )
    with desk.action(clerk) as action:
        sp_occupancy.record_check(action, privilege_id, "lighted", ok=True, on=TODAY, **DPW)
        sp_occupancy.record_check(
            action,
            privilege_id,
            "lighted",
            ok=False,
            on=TODAY,
            by_name="Dana Roth",
            by_title="Police officer",
            note="No flashers at 9 p.m.",
        )
    rows = sp_occupancy.conditions_checklist(_get(desk, privilege_id))
    assert [key for key, *_ in rows] == list(rules.CONDITION_KEYS)
    checks = {key: check for key, _, _, check in rows}
    assert checks["lighted"] == sp_occupancy.ConditionCheck(
        TODAY, "Dana Roth", False, "No flashers at 9 p.m.", "Police officer", "Test Clerk"
    )
    assert checks["lighted"].official == "Dana Roth, Police officer"
    assert checks["cleanup"] is None
    with desk.database.reading() as session:
        event = sp.history(session, privilege_id)[-1]
    assert (event.action, event.operator_name) == ("privilege.check", "clerk")
    assert event.summary.endswith(
        "violated (No flashers at 9 p.m.), Mon Nov 30, 2026, checked by Dana Roth, Police "
        "officer; recorded by Test Clerk"
    )


def test_two_checks_recorded_at_once_both_stay(
    desk: Desk, admin: SignedIn, clerk: SignedIn, director: SignedIn, builder: int
) -> None:
    """Counter A records a check and has not committed when counter B records another on the
    same permit: B waits for A (the permit's row is locked by every write) and then adds its
    check to A's, instead of writing back the checks it read before A's was saved."""
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    a_written, a_may_commit = threading.Event(), threading.Event()
    outcomes: dict[str, BaseException | None] = {}

    def counter(name: str, key: str) -> None:
        try:
            with desk.action(clerk) as action:
                sp_occupancy.record_check(action, privilege_id, key, ok=True, on=TODAY, **DPW)
                action.session.flush()
                if name == "A":
                    a_written.set()
                    assert a_may_commit.wait(20)
            outcomes[name] = None
        except BaseException as error:
            outcomes[name] = error
        finally:
            a_written.set()

    a = threading.Thread(target=counter, args=("A", "lighted"))
    a.start()
    assert a_written.wait(20)
    b = threading.Thread(target=counter, args=("B", "sidewalk_traffic"))
    b.start()
    b.join(0.5)
    assert b.is_alive(), "counter B should wait for counter A's transaction"
    a_may_commit.set()
    a.join(20)
    b.join(20)
    assert outcomes == {"A": None, "B": None}
    checks = _get(desk, privilege_id).checks
    assert sorted(checks) == ["lighted", "sidewalk_traffic"]


def test_every_write_service_reads_the_permit_with_a_row_lock() -> None:
    """Every service that writes a permit or bills on it reads it with ``for_update=True``,
    in each module of the workflow's services (split by topic)."""
    body = [
        node
        for module in (sp, sp_occupancy, sp_removal, sp_review)
        for node in ast.parse(inspect.getsource(module)).body
    ]
    writers: dict[str, list[bool]] = {}
    for node in body:
        if not isinstance(node, ast.FunctionDef):
            continue
        calls = [c for c in ast.walk(node) if isinstance(c, ast.Call)]
        names = [ast.unparse(c.func) for c in calls]
        if not {"action.audit", "ledger.bill", "ledger.bill_special_charge"} & set(names):
            continue
        writers[node.name] = [
            any(
                k.arg == "for_update" and isinstance(k.value, ast.Constant) and k.value.value
                for k in c.keywords
            )
            for c in calls
            if ast.unparse(c.func) == "get_privilege"
        ]
    assert sorted(writers) == [
        "bill_city_costs",
        "close",
        "correct_application",
        "issue",
        "receive_application",
        "record_advice",
        "record_check",
        "record_city_removal",
        "record_parcel",
        "record_removal_notice",
        "refuse",
        "revoke",
        "set_terms",
        "withdraw",
    ]
    assert writers.pop("receive_application") == []  # it makes the permit
    assert writers and all(reads == [True] for reads in writers.values()), writers


def test_a_revocation_without_notice_records_who_and_why(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    deputy: SignedIn,
    director: SignedIn,
    builder: int,
) -> None:
    """The Chief of Police phones it in: the Deputy Clerk records it at the counter, naming
    the Chief; the audit trail names the Deputy Clerk as who recorded it."""
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    clock.set(datetime(2026, 12, 10, 21, 15))
    kwargs: dict[str, Any] = {
        "by_name": "Chief Gary Krueger",
        "by_title": "Chief of Police",
        "reason": "Dumpster unlit at night (condition 2)",
        "on": date(2026, 12, 10),
    }
    for bad, match in (
        ({"by_title": "Mayor"}, "Building Inspector, the Chief of Police or the Director"),
        ({"by_title": ""}, "Give the official's title"),
        ({"by_name": " "}, "Name the official"),
        ({"reason": ""}, "violation"),
        ({"on": date(2026, 12, 11)}, "after today"),
        ({"on": date(2026, 11, 29)}, "before the permit was issued"),
    ):
        with pytest.raises(InvalidInput, match=match), desk.action(deputy) as action:
            sp_occupancy.revoke(action, privilege_id, **(kwargs | bad))
    with desk.action(deputy) as action:
        sp_occupancy.revoke(action, privilege_id, **kwargs)
    privilege = _get(desk, privilege_id)
    assert privilege.status == PrivilegeStatus.REVOKED
    assert (privilege.revoked_on, privilege.revoked_by_name, privilege.revoked_by_title) == (
        date(2026, 12, 10),
        "Chief Gary Krueger",
        "Chief of Police",
    )
    assert privilege.revoke_reason == "Dumpster unlit at night (condition 2)"
    assert not sp.is_in_force(privilege, date(2026, 12, 10))
    with desk.database.reading() as session:
        event = sp.history(session, privilege_id)[-1]
        (row,) = views.register_rows(session, 2026, today=date(2026, 12, 10))
    assert (event.action, event.operator_name) == ("privilege.revoke", "deputy-clerk")
    assert "without notice Thu Dec 10, 2026 by Chief Gary Krueger, Chief of Police" in event.summary
    assert event.summary.endswith("; recorded by Test Deputy Clerk")
    assert (row.status, row.revoked_by) == ("Revoked", "Chief Gary Krueger, Chief of Police")
    (vacate,) = _today_items(desk)
    assert vacate.title.endswith("revoked Thu Dec 10, 2026: the way must be vacated and cleaned")
    with pytest.raises(Conflict, match="only an issued permit"), desk.action(director) as action:
        sp_occupancy.revoke(action, privilege_id, **kwargs)
    # Vacated two days later: recorded, and the permit stays revoked.
    clock.set(datetime(2026, 12, 12, 10, 0))
    with desk.action(deputy) as action:
        sp_occupancy.close(action, privilege_id, on=date(2026, 12, 12), **DPW)
    privilege = _get(desk, privilege_id)
    assert (privilege.status, privilege.closed_on) == (PrivilegeStatus.REVOKED, date(2026, 12, 12))
    assert _today_items(desk) == []


def test_a_permit_is_revoked_on_its_last_day_but_not_the_day_after(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)  # in force through Sun Feb 28, 2027
    kwargs: dict[str, Any] = {
        "by_name": "Ivan Olsen",
        "by_title": "Director of Public Works",
        "reason": "Materials left in the gutter",
    }
    clock.set(datetime(2027, 3, 1, 9, 0))
    with pytest.raises(InvalidInput, match="already ended") as ended, desk.action(clerk) as a:
        sp_occupancy.revoke(a, privilege_id, on=date(2027, 3, 1), **kwargs)
    assert ended.value.cite == rules.TERMINATION_CITE
    with desk.action(clerk) as action:  # dated the last day, recorded the next morning
        sp_occupancy.revoke(action, privilege_id, on=date(2027, 2, 28), **kwargs)
    privilege = _get(desk, privilege_id)
    assert (privilege.status, privilege.revoked_on) == (PrivilegeStatus.REVOKED, date(2027, 2, 28))
    assert sp.is_in_force(privilege, date(2027, 2, 27))
    assert not sp.is_in_force(privilege, date(2027, 2, 28))


def test_closing_records_the_way_vacated_and_cleaned(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    not_issued = pytest.raises(Conflict, match="only an issued or revoked")
    with not_issued, desk.action(clerk) as action:
        sp_occupancy.close(action, privilege_id, on=TODAY, **DPW)
    _issue(desk, director, privilege_id)
    clock.set(datetime(2027, 1, 20, 15, 0))
    with pytest.raises(InvalidInput, match="after today"), desk.action(clerk) as action:
        sp_occupancy.close(action, privilege_id, on=date(2027, 1, 21), **DPW)
    with pytest.raises(InvalidInput, match="Name the official"), desk.action(clerk) as action:
        sp_occupancy.close(action, privilege_id, on=date(2027, 1, 20), by_name="", by_title="DPW")
    with desk.action(clerk) as action:
        sp_occupancy.close(action, privilege_id, on=date(2027, 1, 20), **DPW)
    privilege = _get(desk, privilege_id)
    assert (privilege.status, privilege.closed_on) == (PrivilegeStatus.CLOSED, date(2027, 1, 20))
    cleanup = sp_occupancy.condition_check(privilege, "cleanup")
    assert cleanup is not None and cleanup.ok and cleanup.on == date(2027, 1, 20)
    assert (cleanup.official, cleanup.recorded_by) == (
        "Ivan Olsen, Director of Public Works",
        "Test Clerk",
    )
    assert sp.display_status(privilege, date(2027, 3, 1)) == "Closed"
    with desk.database.reading() as session:
        summary = sp.history(session, privilege_id)[-1].summary
    assert summary.endswith(
        "found so by Ivan Olsen, Director of Public Works; recorded by Test Clerk"
    )
    with pytest.raises(Conflict), desk.action(clerk) as action:
        sp_occupancy.close(action, privilege_id, on=date(2027, 1, 20), **DPW)


# -- removal by the City (§ 506-9 (Removal by City)) ----------------------------------------------


def _notice(desk: Desk, who: SignedIn, privilege_id: int, moment: datetime) -> None:
    with desk.action(who) as action:
        sp_removal.record_removal_notice(action, privilege_id, at=moment, to="Rosa Lindgren, owner")


def _remove(desk: Desk, who: SignedIn, privilege_id: int, on: date) -> SpecialCharge:
    with desk.action(who) as action:
        charge_id = sp_removal.record_city_removal(
            action, privilege_id, on=on, cost=Money("640.00"), description="Crew and truck, 4 h"
        )
        return action.session.get_one(SpecialCharge, charge_id)


def test_the_city_removes_only_after_24_hours_and_charges_the_abutting_owner(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
    parcel: int,
) -> None:
    privilege_id = _ready(desk, admin, director, builder, parcel_id=parcel)
    _issue(desk, director, privilege_id)  # in force through Sun Feb 28, 2027
    clock.set(datetime(2027, 2, 28, 18, 30))  # its last day: the sidewalk is lawfully obstructed
    with pytest.raises(Conflict, match="No notice from the Common Council"):
        _remove(desk, clerk, privilege_id, date(2027, 2, 28))
    with pytest.raises(InvalidInput, match="later than now"):
        _notice(desk, clerk, privilege_id, at(date(2027, 2, 28), 18, 31))
    _notice(desk, clerk, privilege_id, at(date(2027, 2, 28), 18, 30))
    # A Sunday notice: Wis. Stat. § 990.001(4)(a) counts none of Sunday's hours, so the 24
    # hours are Monday's, and run out at midnight. A wall clock would say 6:30 p.m. Monday.
    clock.set(datetime(2027, 3, 1, 23, 59))  # 23 hours 59 minutes counted
    with pytest.raises(
        InvalidInput, match=r"run until Tue Mar 2, 2027 12:00 AM \(Sundays"
    ) as early:
        _remove(desk, clerk, privilege_id, date(2027, 3, 1))
    assert early.value.cite == rules.REMOVAL_CITE
    assert not [i for i in _today_items(desk) if "24 hours" in i.title]
    clock.set(datetime(2027, 3, 2, 0, 0))  # 24 hours: the City may remove it
    (ran,) = [i for i in _today_items(desk) if "24 hours" in i.title]
    assert ran.cite == rules.REMOVAL_CITE and ran.due == date(2027, 3, 2)
    with pytest.raises(InvalidInput, match="once the 24 hours have run"):
        _remove(desk, clerk, privilege_id, date(2027, 3, 1))
    charge_id = _remove(desk, clerk, privilege_id, date(2027, 3, 2)).id
    location = _get(desk, privilege_id).location
    with desk.database.reading() as session:
        charge = sc.get_charge(session, charge_id)
        owner = parties.get_parcel(session, parcel).owner_id
        assert (charge.kind, charge.billed_party_id, charge.billed_as, charge.parcel_id) == (
            ChargeKind.PRIVILEGE_REMOVAL,
            owner,
            "owner",
            parcel,
        )
        assert (charge.record_type, charge.record_id) == (rules.RECORD_TYPE, str(privilege_id))
        assert charge.work == (
            "Obstruction under street privilege SP-2026-001 removed by the City from "
            f"{location}: Crew and truck, 4 h"
        )
        assert [(line.category, line.amount) for line in charge.lines] == [
            ("other", Money("640.00"))
        ]
        # Billed the day of the removal; no time to pay: on the next annual tax roll.
        assert (charge.bill_on, charge.delivered_how, charge.due_on, charge.tax_roll_on) == (
            date(2027, 3, 2),
            "mailed",
            None,
            date(2027, 3, 2),
        )
        assert [c.id for c in tax_roll.eligible(session, date(2027, 3, 1))] == []
        assert [c.id for c in tax_roll.eligible(session, date(2027, 3, 2))] == [charge_id]
        due = charge.amount_due
        assert due is not None
        assert (due.kind, due.party_id, due.amount) == (DueKind.SPECIAL_CHARGE, owner, Money("640"))
        assert (due.cite, due.due_on, due.status) == (rules.REMOVAL_CITE, None, DueStatus.OPEN)
        # The permit still counts it among its dues, and its history shows the charge.
        assert due.id in [
            d.id for d in ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(privilege_id)))
        ]
        actions = [e.action for e in sp.history(session, privilege_id)]
        assert actions[-4:] == [
            "due.create",
            "special_charge.created",
            "special_charge.billed",
            "privilege.city_removal",
        ]
        view = views.permit_view(session, privilege_id, desk.calendar())
    removed = _get(desk, privilege_id)
    assert removed.removed_by_city_on == date(2027, 3, 2)
    assert sp.display_status(removed, date(2027, 3, 2)) == "Removed by the City Mar 2, 2027"
    # The owner's charge is not the permittee's City costs: it stands apart, naming the owner.
    assert view.city_costs == ()
    (charge,) = view.removal_charges
    assert (charge.kind, charge.amount, charge.party, charge.cite) == (
        "Special charge",
        Money("640"),
        "Rosa Lindgren",
        rules.REMOVAL_CITE,
    )
    with desk.database.reading() as session:
        (row,) = views.register_rows(session, today=date(2027, 3, 2))
    assert (row.city_costs, row.removal_charge, row.removal_charged_to) == (
        Money.zero(),
        Money("640"),
        "Rosa Lindgren",
    )
    assert _today_items(desk) == []  # cleared by the City: nothing left to do
    with pytest.raises(Conflict, match="removal under SP-2026-001 was recorded Tue Mar 2"):
        _remove(desk, clerk, privilege_id, date(2027, 3, 1))


def test_the_one_history_reader_finds_the_removal_charge_from_the_permit_alone(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
    parcel: int,
) -> None:
    """The drift of issue 18: the street privileges' own copy of the history dropped the
    removal charge's events of a permit with no amounts due. The workflow now asks the one
    reader (clerk_desk.history) with the permit alone, and the reader finds the charge filed
    against it: its creation and bill are in the permit's history without being named."""
    privilege_id = _ready(desk, admin, director, builder, parcel_id=parcel)
    _issue(desk, director, privilege_id)
    clock.set(datetime(2027, 2, 28, 18, 30))
    _notice(desk, clerk, privilege_id, at(date(2027, 2, 28), 18, 30))
    clock.set(datetime(2027, 3, 2, 0, 0))  # Sunday's hours are not counted
    charge_id = _remove(desk, clerk, privilege_id, date(2027, 3, 2)).id
    permit = RecordRef(rules.RECORD_TYPE, str(privilege_id))
    with desk.database.reading() as session:
        alone = history(session, permit)
        shown = sp.history(session, privilege_id)
        told = history(session, permit, related=[RecordRef(sc.RECORD_TYPE, str(charge_id))])
    assert [(e.record_type, e.action) for e in alone][-3:] == [
        ("special_charge", "special_charge.created"),
        ("special_charge", "special_charge.billed"),
        ("street_privilege", "privilege.city_removal"),
    ]
    assert alone == shown == told  # named or not, the charge is read once


def test_a_removal_is_charged_only_against_a_recorded_parcel_with_an_owner(
    desk: Desk, clock: FixedClock, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    _notice(desk, admin, privilege_id, at(TODAY, 9))
    clock.set(datetime(2026, 12, 1, 9, 0))
    with pytest.raises(InvalidInput, match="No abutting property is recorded"):
        _remove(desk, admin, privilege_id, date(2026, 12, 1))
    with desk.action(admin) as action:
        ownerless = parties.add_parcel(
            action, parties.ParcelData(parcel_number="281-09001-0000", site_address="1 Front St")
        )
        sp.record_parcel(action, privilege_id, ownerless.id)
    with pytest.raises(InvalidInput, match="has no owner recorded"):
        _remove(desk, admin, privilege_id, date(2026, 12, 1))
    assert _get(desk, privilege_id).removed_by_city_on is None


def test_a_removal_notice_needs_an_issued_permit_still_in_place(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with pytest.raises(Conflict, match="once a permit is issued"):
        _notice(desk, admin, privilege_id, at(TODAY, 9))
    _issue(desk, director, privilege_id)
    with pytest.raises(InvalidInput, match="time zone"), desk.action(admin) as action:
        sp_removal.record_removal_notice(
            action, privilege_id, at=datetime(2026, 11, 30, 9), to="Owner"
        )
    with pytest.raises(InvalidInput, match="Name the owner"), desk.action(admin) as action:
        sp_removal.record_removal_notice(action, privilege_id, at=at(TODAY, 9), to=" ")
    with desk.action(director) as action:
        sp_occupancy.close(action, privilege_id, on=TODAY, **DPW)
    with pytest.raises(Conflict, match="already clear"):
        _notice(desk, admin, privilege_id, at(TODAY, 9))


def test_a_street_only_permit_is_not_removed_under_506_9(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
    parcel: int,
) -> None:
    """§ 506-9 (Removal by City) is for a lawfully obstructed sidewalk: a dumpster in the
    street is removed under § 506-8, never put on the tax roll by a Council notice."""
    privilege_id = _ready(
        desk,
        admin,
        director,
        builder,
        parcel_id=parcel,
        sidewalk_width_in=None,
        sidewalk_used_in=None,
    )
    _issue(desk, director, privilege_id)
    with pytest.raises(Conflict) as refused:
        _notice(desk, clerk, privilege_id, at(TODAY, 9))
    assert refused.value.cite == rules.STREET_REMOVAL_CITE
    assert refused.value.message.startswith(
        "Street privilege SP-2026-001 obstructs no sidewalk: the Council's notice and the City's "
        "removal charged to the abutting property (§ 506-9 (Removal by City)) are for a "
        "lawfully obstructed sidewalk."
    )
    assert "payable in 10 days" in refused.value.message
    assert "(§ 506-8 (Failure to remove obstruction))" in refused.value.message
    # A notice recorded before this rule existed does not let the charge through either.
    with desk.action(admin) as action:
        sp_records.get_privilege(action.session, privilege_id).removal_notice_at = at(TODAY, 9)
    clock.set(datetime(2026, 12, 2, 9, 0))
    with pytest.raises(Conflict) as charged:
        _remove(desk, clerk, privilege_id, date(2026, 12, 2))
    assert charged.value.cite == rules.STREET_REMOVAL_CITE
    with desk.database.reading() as session:
        assert ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(privilege_id)))[
            -1
        ].kind == (DueKind.FEE)


@pytest.mark.parametrize(
    ("revoke_on", "notice_on", "lawful"),
    [
        (date(2026, 12, 10), date(2026, 12, 9), True),  # the day before the revocation
        (date(2026, 12, 10), date(2026, 12, 10), False),  # revoked that day: no longer lawful
        (None, date(2027, 2, 28), True),  # the permit's last day
        (None, date(2027, 3, 1), False),  # the day after it ended
    ],
)
def test_a_notice_once_the_permit_is_revoked_or_ended_is_refused_citing_506_8(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
    revoke_on: date | None,
    notice_on: date,
    lawful: bool,
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    now = max(notice_on, revoke_on or notice_on)
    clock.set(datetime(now.year, now.month, now.day, 20, 0))
    if revoke_on is not None:
        with desk.action(clerk) as action:
            sp_occupancy.revoke(
                action,
                privilege_id,
                by_name="Gary Krueger",
                by_title="Chief of Police",
                reason="Unlit",
                on=revoke_on,
            )
    if lawful:
        _notice(desk, clerk, privilege_id, at(notice_on, 19))
        assert _get(desk, privilege_id).removal_notice_at == at(notice_on, 19)
        return
    with pytest.raises(Conflict) as refused:
        _notice(desk, clerk, privilege_id, at(notice_on, 19))
    assert refused.value.cite == rules.SIDEWALK_REMOVAL_CITE
    gone = "was revoked Thu Dec 10, 2026" if revoke_on else "ended Sun Feb 28, 2027"
    assert refused.value.message.startswith(
        f"Street privilege SP-2026-001 {gone}: what is left on the sidewalk from "
        f"{format_day(notice_on)} is no longer lawfully there"
    )
    assert _get(desk, privilege_id).removal_notice_at is None


def test_removal_barred_reads_the_day_of_the_notice_on_city_halls_clock() -> None:
    privilege = _issued(
        date(2026, 11, 30), date(2027, 2, 28), sidewalk_used_in=36, removal_notice_at=None
    )
    assert sp_removal.removal_barred(privilege, ZONE) is None
    privilege.removal_notice_at = at(date(2027, 2, 28), 23, 59)
    assert sp_removal.removal_barred(privilege, ZONE) is None
    privilege.removal_notice_at = at(date(2027, 3, 1), 0, 0)  # 6:00 UTC: still Mar 1 here
    barred = sp_removal.removal_barred(privilege, ZONE)
    assert barred is not None and barred.cite == rules.SIDEWALK_REMOVAL_CITE


# -- Today, the register, the permit ---------------------------------------------------------------


def test_today_lists_permits_ending_within_14_days(
    desk: Desk, clock: FixedClock, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    number = _issue(desk, director, privilege_id).number
    clock.set(datetime(2027, 2, 13, 10, 0))  # 15 days before Feb 28
    assert _today_items(desk) == []
    clock.set(datetime(2027, 2, 14, 10, 0))  # 14 days before
    (item,) = _today_items(desk)
    assert (item.title, item.due, item.cite) == (
        f"Permit {number} ends Sun Feb 28, 2027",
        date(2027, 2, 28),
        rules.TERMINATION_CITE,
    )
    assert (item.record_type, item.record_id) == (rules.RECORD_TYPE, str(privilege_id))
    clock.set(datetime(2027, 3, 1, 8, 0))
    (overdue,) = _today_items(desk)
    assert "ended Sun Feb 28, 2027: the way must be vacated and cleaned" in overdue.title
    assert overdue.cite == rules.CONDITIONS_CITE


def test_today_lists_applications_waiting_for_the_fee_or_the_bond(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, admin, _data(builder))
    (item,) = _today_items(desk)
    assert item.title == (
        "Application SP-2026-001 waits for the Director's bond amount and the permit fee"
    )
    assert (item.cite, item.due) == (rules.BOND_CITE, None)
    _terms(desk, director, privilege_id, insurance={})
    (item,) = _today_items(desk)
    assert item.title.endswith("waits for the bond, proof of insurance and the permit fee")
    _terms(desk, director, privilege_id)
    _bond(desk, admin, builder, privilege_id)
    (item,) = _today_items(desk)
    assert item.title.endswith("waits for the permit fee") and item.cite == rules.FEE_CITE
    _pay(desk, admin, privilege_id)
    assert _today_items(desk) == []


def test_the_register_searches_and_exports_every_permit(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int, broad: int, parcel: int
) -> None:
    issued = _ready(desk, admin, director, builder, street_id=broad, parcel_id=parcel)
    _issue(desk, director, issued)
    other = _apply(desk, admin, _data(builder, location="Alley behind 118 Orange St"))
    with desk.database.reading() as session:
        assert [p.id for p in sp.search_privileges(session, "orange")] == [other]
        assert [p.id for p in sp.search_privileges(session, "broad n 281-01042")] == [issued]
        assert [p.id for p in sp.search_privileges(session, "bluff")] == [other, issued]
        assert [p.id for p in sp.search_privileges(session, status=PrivilegeStatus.ISSUED)] == [
            issued
        ]
        assert sp.search_privileges(session, year=2025) == []
        assert sp.register_years(session) == [2026]
        rows = views.register_rows(session, today=TODAY)
    assert [r.number for r in rows] == ["SP-2026-001", "SP-2026-002"]
    first = rows[0]
    assert (first.status, first.issued_on, first.ends_on, first.street) == (
        "Issued",
        TODAY,
        date(2027, 2, 28),
        "Broad St N",
    )
    assert first.bond_on_file == "Western Surety Company, No. SP-B-1, $5,000.00"
    assert (first.fee, first.fee_paid, first.bond_amount) == (FEE, FEE, Money("5000"))
    assert (rows[1].status, rows[1].fee_paid, rows[1].bond_on_file) == ("Applied", Money.zero(), "")


def test_the_permit_view_holds_everything_the_permit_prints(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int, broad: int, parcel: int
) -> None:
    privilege_id = _apply(
        desk,
        admin,
        _data(
            builder,
            broad,
            parcel_id=parcel,
            building_permit_required=True,
            building_permit_number="B-2026-114",
            sidewalk_used_in=10 * FT,
            temporary_sidewalk_width_in=5 * FT,
            fence_height_in=6 * FT,
        ),
    )
    with desk.action(admin) as action:
        sp.record_advice(
            action, privilege_id, who="police", advice="Flagger at rush hour", on=TODAY
        )
    _terms(desk, director, privilege_id, conditions="Flagger 7-9 a.m.\nNo work on Sundays")
    _bond(desk, admin, builder, privilege_id)
    _pay(desk, admin, privilege_id)
    _issue(desk, director, privilege_id)
    with desk.database.reading() as session:
        view = views.permit_view(session, privilege_id, desk.calendar(), today=TODAY)
    assert (view.number, view.status, view.applicant_name) == (
        "SP-2026-001",
        "Issued",
        "Bluff Country Concrete",
    )
    assert view.applicant_address == "N5037 County Rd M\nEllsworth, WI 54011"
    assert (view.street, view.parcel, view.parcel_owner) == (
        "Broad St N",
        "281-01042-0000, 236 Broad St N",
        "Rosa Lindgren",
    )
    assert (view.purpose, view.building_permit) == ("Construction materials", "No. B-2026-114")
    assert (view.issued_on, view.ends_on, view.earlier_end) == (TODAY, date(2027, 2, 28), False)
    assert view.term_text == "Three months from issuance: through Sunday, February 28, 2027."
    assert view.widths == (
        ("Street, traveled width", "36 ft"),
        ("Street occupied", "8 ft"),
        ("Sidewalk width", "10 ft"),
        ("Sidewalk occupied", "10 ft"),
        ("Temporary sidewalk width", "5 ft"),
        ("Fence height (both sides)", "6 ft"),
    )
    (bond,) = view.bonds
    assert (bond.surety, bond.bond_number, bond.amount, bond.for_this_permit) == (
        "Western Surety Company",
        "SP-B-1",
        Money("5000"),
        True,
    )
    assert view.bond_amount == Money("5000") and view.insurance is None
    assert [c.key for c in view.conditions] == list(rules.CONDITION_KEYS)
    assert view.extra_conditions == ("Flagger 7-9 a.m.", "No work on Sundays")
    assert view.advice == (views.AdviceLine("Chief of Police", TODAY, "Flagger at rush hour"),)
    assert view.revoked_on is None and view.city_costs == ()


def test_the_history_holds_the_permit_and_its_fee(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    with desk.database.reading() as session:
        actions = [e.action for e in sp.history(session, privilege_id)]
        everything = session.scalar(select(func.count()).select_from(AuditEvent)) or 0
    assert actions == [
        "privilege.receive",
        "due.create",
        "privilege.terms",
        "due.payment",
        "privilege.issue",
    ]
    assert everything > len(actions)  # the bond, the drawer, the receipt are their own records


# -- the demo --------------------------------------------------------------------------------------


def test_the_demo_builds_a_permit_at_each_step_on_a_fresh_desk(desk: Desk, admin: SignedIn) -> None:
    counts = demo_street_privileges.generate(desk)
    assert counts == {"street_privilege": 7}
    with desk.database.reading() as session:
        rows = sp.search_privileges(session)
        statuses = sorted(sp.display_status(p, TODAY) for p in rows)
        dues = [
            due
            for privilege in rows
            for due in ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(privilege.id)))
        ]
        charges = sc.search_charges(session)
    assert len(dues) == demo_street_privileges.AMOUNTS_DUE
    assert (
        len([d for d in dues if d.status == DueStatus.OPEN])
        == demo_street_privileges.OPEN_AMOUNTS_DUE
    )
    assert statuses.count("Issued") == 2 and statuses.count("Revoked") == 1
    assert any(s.startswith("Removed by the City ") for s in statuses)
    assert "Applied" in statuses and "Closed" in statuses
    assert any(s.startswith("Ended ") for s in statuses)
    titles = " | ".join(i.title for i in _today_items(desk))
    assert "SP-2026-007 waits for the bond" in titles
    assert "the way must be vacated and cleaned" in titles
    assert " ends " in titles
    assert any(d.kind == DueKind.SPECIAL_CHARGE and d.status == DueStatus.OPEN for d in dues)
    [removal] = charges  # the City's removal, in the Treasurer's register for the tax roll
    assert (removal.kind, removal.total, removal.tax_roll_on) == (
        ChargeKind.PRIVILEGE_REMOVAL,
        Money("485.00"),
        removal.work_done_on,
    )


# -- citations -------------------------------------------------------------------------------------


def _resolves(cite: str | None) -> bool:
    return cite is not None and load_chapter().resolve(cite) is not None


def _cites_in(finding: Finding) -> list[str]:
    """The finding's own cite and every cite its words name (each is shown as a link)."""
    return [finding.cite, *find_cites(finding.text)]


def test_every_cite_the_module_emits_resolves(desk: Desk, admin: SignedIn) -> None:
    """Each cite is a link the ordinance viewer opens: one paragraph, never two joined."""
    constants = {name: getattr(sp, name) for name in dir(sp) if name.endswith("_CITE")}
    assert {n for n, c in constants.items() if not _resolves(c)} == set()
    assert all(_resolves(cite) for _, _, cite in rules.CONDITIONS)
    emitted: list[str] = []
    widths = (None, 0, 24, 47, 48, 71, 72, 120, 144, 145, 432)
    for street, used in ((None, 10), (30, 31), (432, 145), (432, 144)):
        for sidewalk in (None, 72):
            for walk in widths[:5]:
                for purpose in PrivilegePurpose:
                    for side_used in (None, 24, 25, 37, 71, 72):
                        for found in rules.width_findings(
                            street, used, sidewalk, side_used, purpose, walk, 47, False
                        ):
                            emitted += _cites_in(found)
    demo_street_privileges.generate(desk)
    with desk.lookup(admin) as action:
        for privilege in sp.search_privileges(action.session):
            for item in sp_review.checklist(action, privilege):
                emitted.append(item.cite)
                for found in item.findings:
                    emitted += _cites_in(found)
            for day in (privilege.applied_on, date.max):
                refused = sp_removal.removal_refusal(
                    number=privilege.number,
                    sidewalk_used_in=privilege.sidewalk_used_in,
                    revoked_on=privilege.revoked_on,
                    ends_on=privilege.ends_on,
                    day=day,
                )
                if refused is not None:
                    emitted += [refused.cite or "", *find_cites(refused.message)]
        emitted += [i.cite for i in today.gather(action) if i.workflow == rules.WORKFLOW]
    no_sidewalk = sp_removal.removal_refusal(
        number="SP-1", sidewalk_used_in=None, revoked_on=None, ends_on=None, day=TODAY
    )
    assert no_sidewalk is not None
    emitted += [no_sidewalk.cite or "", *find_cites(no_sidewalk.message)]
    assert len(set(emitted)) >= 8
    assert sorted({c for c in emitted if not _resolves(c)}) == []
