"""Steps and fixtures the Street Privileges tab's tests share (tests/test_ui_street_privileges*.py):
the records a test starts from (parties, parcels, streets, insurance, a bond, the fees paid, an
application received or a permit issued), the Director of Public Works, the tab.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture). The bond and the
certificate are filed and the fee receipted where the Bonds and Receipts tabs would do it
(through their core services). Every modal dialog goes through the ``dialogs`` queue, every
message box through ``messages``.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest
from registers import searched  # type: ignore[import-not-found]

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import BondData, CertificateData
from clerk_desk.clock import city_zone
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import (
    BondKind,
    Compass,
    DueStatus,
    PartyKind,
    PrivilegePurpose,
    TenderKind,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.street_numbers import streets
from clerk_desk.street_privileges import service as street_privileges
from clerk_desk.street_privileges.service import PrivilegeData
from ui.kit.operations import App
from ui.street_privileges.tab import StreetPrivilegesTab

STATION = "Front counter"
RECORD = "street_privilege"


# ---- the records a test starts from ----------------------------------------------------------


def local(year: int, month: int, day: int, hour: int, minute: int = 0) -> datetime:
    """An instant on City Hall's clock."""
    return datetime(year, month, day, hour, minute, tzinfo=city_zone())


def add_party(desk: Desk, who: SignedIn, name: str, street: str = "1200 Cudd Ave") -> int:
    with desk.action(who) as action:
        party = parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.BUSINESS,
                name=name,
                street=street,
                city="Prescott",
                state="WI",
                postal_code="54021",
                contractor=True,
            ),
        )
        action.session.flush()
        return party.id


def add_parcel(desk: Desk, who: SignedIn, number: str, address: str, owner_id: int | None) -> int:
    with desk.action(who) as action:
        parcel = parties.add_parcel(
            action, parties.ParcelData(number, site_address=address, owner_id=owner_id)
        )
        action.session.flush()
        return parcel.id


def add_street(desk: Desk, who: SignedIn, name: str, direction: str = "") -> int:
    with desk.action(who) as action:
        street = streets.add_street(
            action,
            streets.StreetData(
                name=name,
                suffix="St",
                direction=direction,
                odd_side=Compass.EAST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=1999,
            ),
        )
        action.session.flush()
        return street


def insure(desk: Desk, who: SignedIn, party_id: int, per_occurrence: str = "1000000") -> None:
    """A certificate of liability insurance, filed through the bonds core (Bonds tab)."""
    with desk.action(who) as action:
        bonds.file_certificate(
            action,
            CertificateData(
                insured_id=party_id,
                insurer="Acuity Mutual",
                policy_numbers="CGL 44-1901",
                effective_on=date(2026, 1, 1),
                expires_on=date(2027, 12, 31),
                received_on=date(2026, 11, 27),
                general_liability=True,
                coverages={
                    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money(per_occurrence),
                    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money(per_occurrence),
                },
            ),
        )


def file_bond(desk: Desk, who: SignedIn, party_id: int, privilege_id: int, amount: str) -> None:
    """The street privilege bond for this permit, filed with the City Treasurer (Bonds tab)."""
    with desk.action(who) as action:
        bonds.file_bond(
            action,
            BondData(
                kind=BondKind.STREET_PRIVILEGE,
                principal_id=party_id,
                surety="Western Surety Company",
                bond_number="SP-7731",
                amount=Money(amount),
                effective_on=date(2026, 11, 2),
                expires_on=date(2027, 12, 31),
                record_type=RECORD,
                record_id=str(privilege_id),
            ),
        )


def pay_fees(desk: Desk, who: SignedIn, party_id: int, privilege_id: int) -> str:
    """The Treasurer receipts every open amount of the permit (Receipts tab)."""
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
        dues = [
            due
            for due in ledger.dues_for(action.session, RecordRef(RECORD, str(privilege_id)))
            if due.status == DueStatus.OPEN
        ]
        lines = [receipts.due_line(action.session, due.id) for due in dues]
        total = sum((line.amount for line in lines), Money.zero())
        receipt = receipts.take_payment(
            action,
            station=STATION,
            payer_id=party_id,
            lines=lines,
            tenders=[receipts.TenderEntry(TenderKind.CHECK, total, check_number="5120")],
        )
        return receipt.number


def receive(desk: Desk, who: SignedIn, data: PrivilegeData) -> int:
    with desk.action(who) as action:
        return street_privileges.receive_application(action, data)


def materials(applicant: int, street: int | None = None, **changes: Any) -> PrivilegeData:
    """The roofing contractor's application: a third of the street, half the sidewalk."""
    values: dict[str, Any] = {
        "applicant_id": applicant,
        "purpose": PrivilegePurpose.CONSTRUCTION,
        "location": "In front of 118 Orange St N",
        "street_id": street,
        "description": "Dumpster and roofing materials for a new roof",
        "street_width_in": 36 * 12,
        "street_used_in": 12 * 12,
        "sidewalk_width_in": 6 * 12,
        "sidewalk_used_in": 3 * 12,
    }
    values.update(changes)
    return PrivilegeData(**values)


def issued(
    desk: Desk, clerk: SignedIn, director: SignedIn, applicant: int, data: PrivilegeData
) -> int:
    """An application taken, its terms set, bonded and paid, and the permit issued."""
    privilege_id = receive(desk, clerk, data)
    with desk.action(director) as action:
        street_privileges.set_terms(
            action,
            privilege_id,
            bond_amount=Money("5000"),
            insurance_required=False,
            insurance_minimums={},
            conditions="",
        )
    file_bond(desk, clerk, applicant, privilege_id, "5000")
    pay_fees(desk, clerk, applicant, privilege_id)
    with desk.action(director) as action:
        street_privileges.issue(action, privilege_id)
    return privilege_id


def stored(desk: Desk, privilege_id: int) -> StreetPrivilege:
    with desk.database.reading() as session:
        privilege = session.get(StreetPrivilege, privilege_id)
        assert privilege is not None
        session.expunge(privilege)
        return privilege


# ---- fixtures ----------------------------------------------------------------------------------


def make_tab(qtbot: Any, desk: Desk, who: SignedIn) -> StreetPrivilegesTab:
    widget = StreetPrivilegesTab(App(desk, who))
    qtbot.add_widget(widget)
    widget.resize(1400, 900)
    widget.show()
    searched(qtbot, widget)
    return widget


@pytest.fixture
def tab(qtbot: Any, desk: Desk, clerk: SignedIn) -> StreetPrivilegesTab:
    return make_tab(qtbot, desk, clerk)
