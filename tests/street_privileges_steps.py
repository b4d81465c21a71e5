"""Steps the street privilege tests share (tests/test_street_privileges*.py): "today" and City
Hall's zone, the fee and the bond, the Director, a builder on Broad St with its parcel, an
application's data, applied for, given its terms and bond, paid, reviewed and issued, and what the
register reads."""

from __future__ import annotations

import dataclasses
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from clerk_desk import ledger, parties, today
from clerk_desk.bonds import service as bonds
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.findings import Finding
from clerk_desk.kinds import (
    BondKind,
    Compass,
    DueStatus,
    PartyKind,
    PrivilegePurpose,
    PrivilegeStatus,
    TenderKind,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_numbers import streets
from clerk_desk.street_numbers.streets import StreetData
from clerk_desk.street_privileges import records as sp_records
from clerk_desk.street_privileges import rules
from clerk_desk.street_privileges import service as sp
from clerk_desk.street_privileges import views as views
from clerk_desk.street_privileges.service import PrivilegeData

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


def _texts(found: list[Finding] | tuple[Finding, ...]) -> str:
    return " | ".join(f.text for f in found)


def _today_items(desk: Desk) -> list[today.TodayItem]:
    with desk.lookup(SYSTEM) as action:
        return [i for i in today.gather(action) if i.workflow == rules.WORKFLOW]


def _issued(issued_on: date, ends: date, **fields: Any) -> StreetPrivilege:
    return StreetPrivilege(
        number="SP-2026-001",
        status=fields.pop("status", PrivilegeStatus.ISSUED),
        issued_on=issued_on,
        ends_on=ends,
        **fields,
    )


DPW = {"by_name": "Ivan Olsen", "by_title": "Director of Public Works"}
