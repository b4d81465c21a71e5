"""Steps and fixtures the Street Openings tab's tests share (tests/test_ui_street_openings_*.py):
the records a test starts from (parties, streets, insurance, the fees paid, an opening applied for
and approved), the tab, a view's text."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from registers import searched  # type: ignore[import-not-found]

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import CertificateData
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Compass, DueStatus, PartyKind, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.street_numbers import streets
from clerk_desk.street_openings import service as street_openings
from clerk_desk.street_openings.service import OpeningData
from ui.kit.operations import App
from ui.street_openings.tab import StreetOpeningsTab

STATION = "Front counter"


# ---- the records a test starts from ----------------------------------------------------------


def add_party(desk: Desk, who: SignedIn, name: str, *, utility: bool = False) -> int:
    with desk.action(who) as action:
        party = parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.UTILITY if utility else PartyKind.BUSINESS,
                name=name,
                street="410 Orange St N" if utility else "1200 Cudd Ave",
                city="Prescott",
                state="WI",
                postal_code="54021",
                public_utility=utility,
                contractor=not utility,
            ),
        )
        action.session.flush()
        return party.id


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


def insure(desk: Desk, who: SignedIn, party_id: int) -> None:
    """A certificate meeting § 506-6 (Insurance required), filed through the bonds core."""
    with desk.action(who) as action:
        bonds.file_certificate(
            action,
            CertificateData(
                insured_id=party_id,
                insurer="Acuity Mutual",
                policy_numbers="CGL 44-1901",
                effective_on=date(2026, 1, 1),
                expires_on=date(2027, 12, 31),
                received_on=date(2026, 11, 2),
                general_liability=True,
                coverages={
                    CoverageKind.BODILY_INJURY_PER_PERSON: Money("500000"),
                    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("500000"),
                    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("1000000"),
                },
            ),
        )


def pay_fees(desk: Desk, who: SignedIn, party_id: int, opening_id: int) -> str:
    """The Treasurer receipts every open fee of the permit through the receipt service."""
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
        dues = [
            due
            for due in ledger.dues_for(action.session, RecordRef("street_opening", str(opening_id)))
            if due.status == DueStatus.OPEN
        ]
        lines = [receipts.due_line(action.session, due.id) for due in dues]
        total = sum((line.amount for line in lines), Money.zero())
        receipt = receipts.take_payment(
            action,
            station=STATION,
            payer_id=party_id,
            lines=lines,
            tenders=[receipts.TenderEntry(TenderKind.CHECK, total, check_number="3310")],
        )
        return receipt.number


def apply(desk: Desk, who: SignedIn, data: OpeningData) -> int:
    with desk.action(who) as action:
        return street_openings.apply(action, data)


def approved(
    desk: Desk, clerk: SignedIn, inspector: SignedIn, party_id: int, data: OpeningData
) -> int:
    """An application taken, its fee receipted and the permit approved by the Director."""
    opening_id = apply(desk, clerk, data)
    pay_fees(desk, clerk, party_id, opening_id)
    with desk.action(inspector) as action:
        street_openings.approve(action, opening_id, title="Director of Public Works")
    return opening_id


# ---- fixtures ----------------------------------------------------------------------------------


def make_tab(qtbot: Any, desk: Desk, who: SignedIn) -> StreetOpeningsTab:
    widget = StreetOpeningsTab(App(desk, who))
    qtbot.add_widget(widget)
    widget.resize(1300, 820)
    widget.show()
    searched(qtbot, widget)
    return widget


@pytest.fixture
def tab(qtbot: Any, desk: Desk, clerk: SignedIn) -> StreetOpeningsTab:
    return make_tab(qtbot, desk, clerk)


def texts(view: Any) -> str:
    return " ".join(view.texts())
