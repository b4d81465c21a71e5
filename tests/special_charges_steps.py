"""Steps the special charges tests share (tests/test_special_charges_*.py): an owner and
a parcel, a charge of each kind with the permit or order it comes from, a payment at the Receipts
counter, a tax-roll run prepared, a dirt charge billed, what the database holds and what the
audit trail says.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import pytest
from sqlalchemy import select

from clerk_desk import parties
from clerk_desk.deadlines import default_calendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import (
    ChargeKind,
    OpeningStatus,
    PartyKind,
    PrivilegePurpose,
    PrivilegeStatus,
    RepairOrderKind,
    RepairOrderStatus,
    TenderKind,
)
from clerk_desk.models import (
    AuditEvent,
    SidewalkRepairOrder,
    SpecialCharge,
    StreetOpening,
    StreetPrivilege,
)
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges import views as views

STATION = "Front counter"
CALENDAR = default_calendar()
TODAY = date(2026, 11, 30)


def add_party(desk: Desk, who: SignedIn, name: str, street: str = "412 Orange St N") -> int:
    with desk.action(who) as action:
        return parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.PERSON,
                name=name,
                street=street,
                city="Prescott",
                state="WI",
                postal_code="54021",
            ),
        ).id


@pytest.fixture
def owner(desk: Desk, admin: SignedIn) -> int:
    return add_party(desk, admin, "Marta Lindqvist")


def add_parcel(desk: Desk, who: SignedIn, number: str, owner_id: int | None, site: str = "") -> int:
    with desk.action(who) as action:
        return parties.add_parcel(
            action, parties.ParcelData(number, site or f"{number} site", owner_id=owner_id)
        ).id


@pytest.fixture
def parcel(desk: Desk, admin: SignedIn, owner: int) -> int:
    return add_parcel(desk, admin, "281-00412-0000", owner, "412 Orange St N")


_made = iter(range(901, 10_000))


def source_record(desk: Desk, kind: ChargeKind, party: int, parcel: int | None) -> tuple[str, str]:
    """A bare permit or order for a charge of ``kind`` to come from: (record_type, record_id),
    or ("", "") for a kind the Special Charges tab records itself."""
    source = charge_rules.clock_for(kind).source
    if not source:
        return "", ""
    n = next(_made)
    now = desk.clock.now()
    record: StreetOpening | StreetPrivilege | SidewalkRepairOrder
    if source == "street_opening":
        record = StreetOpening(
            number=f"SO-2026-{n}",
            year=2026,
            sequence=n,
            applicant_id=party,
            status=OpeningStatus.CLOSED,
            applied_at=now,
            applied_on=date(2026, 7, 1),
            received_by_name="Test Clerk",
            created_at=now,
        )
    elif source == "street_privilege":
        record = StreetPrivilege(
            number=f"SP-2026-{n}",
            year=2026,
            sequence=n,
            applicant_id=party,
            location="in front of 412 Orange St N",
            purpose=PrivilegePurpose.CONSTRUCTION,
            applied_at=now,
            applied_on=date(2026, 7, 1),
            received_by_name="Test Clerk",
            status=PrivilegeStatus.ISSUED,
            created_at=now,
        )
    else:
        assert parcel is not None
        record = SidewalkRepairOrder(
            number=f"SR-2026-{n}",
            year=2026,
            sequence=n,
            kind=RepairOrderKind.COUNCIL_ORDER,
            parcel_id=parcel,
            owner_id=party,
            location="412 Orange St N",
            ordered_on=date(2026, 7, 1),
            status=RepairOrderStatus.CITY_REPAIRED,
            created_at=now,
        )
    with desk.database.writing() as session:
        session.add(record)
        session.flush()
        return source, str(record.id)


def charge(
    desk: Desk,
    who: SignedIn,
    kind: ChargeKind,
    party: int,
    *,
    parcel: int | None,
    work_done_on: date,
    amounts: Sequence[str] = ("100.00",),
    categories: Sequence[str] = (),
    bill_on: date | None = None,
    received_on: date | None = None,
    billed_as: str = "owner",
) -> int:
    lines = [
        sc.LineData(
            categories[i] if i < len(categories) else "labor", f"Crew, item {i + 1}", Money(a)
        )
        for i, a in enumerate(amounts)
    ]
    bill = sc.BillData(bill_on, "mailed", received_on) if bill_on else None
    record_type, record_id = source_record(desk, kind, party, parcel)
    with desk.action(who) as action:
        return sc.create_charge(
            action,
            sc.ChargeData(
                kind,
                party,
                "Work done by the City",
                work_done_on,
                lines,
                parcel_id=parcel,
                billed_as=billed_as,
                record_type=record_type,
                record_id=record_id,
            ),
            bill,
        )


def stored(desk: Desk, charge_id: int) -> SpecialCharge:
    with desk.database.reading() as session:
        found = sc.get_charge(session, charge_id)
        found.amount_due  # noqa: B018 - loaded before the session ends
        found.run  # noqa: B018
        return found


def standing(desk: Desk, charge_id: int, on: date) -> charge_rules.Standing:
    with desk.database.reading() as session:
        return sc.standing(sc.get_charge(session, charge_id), on)


def eligible_numbers(desk: Desk, as_of: date) -> list[str]:
    with desk.database.reading() as session:
        return [c.number for c in tax_roll.eligible(session, as_of)]


def open_drawer(desk: Desk, who: SignedIn) -> None:
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("50.00"))


def pay(desk: Desk, who: SignedIn, charge_id: int, amount: str) -> str:
    due_id = stored(desk, charge_id).amount_due_id
    assert due_id is not None
    open_drawer(desk, who)
    with desk.database.reading() as session:
        line = receipts.due_line(session, due_id, Money(amount))
    with desk.action(who) as action:
        return receipts.take_payment(
            action,
            station=STATION,
            payer_id=None,
            payer_name="Marta Lindqvist",
            lines=[line],
            tenders=[TenderEntry(TenderKind.CASH, Money(amount))],
        ).number


def prepare(desk: Desk, who: SignedIn, as_of: date = TODAY) -> int:
    with desk.action(who) as action:
        return tax_roll.prepare_run(action, as_of)


def audit_actions(desk: Desk, charge_id: int) -> list[str]:
    with desk.database.reading() as session:
        return list(
            session.scalars(
                select(AuditEvent.action)
                .where(
                    AuditEvent.record_type == "special_charge",
                    AuditEvent.record_id == str(charge_id),
                )
                .order_by(AuditEvent.id)
            )
        )


@pytest.fixture
def dirt(desk: Desk, admin: SignedIn, owner: int, parcel: int) -> int:
    """$100.00 of dirt and debris billed Monday October 5: due November 4, on the roll from
    November 5."""
    return charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 9, 30),
        bill_on=date(2026, 10, 5),
        billed_as="operator",
    )
