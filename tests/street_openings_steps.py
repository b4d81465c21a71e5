"""Steps the street opening tests share (tests/test_street_openings*.py, test_refusals.py,
test_bonds_*.py): "today", City Hall's zone, the fee, a certificate of insurance and an annual bond,
Orange St, a utility and a contractor, an application's data, applied for, paid, approved and
issued, its openings and dues, and its work recorded. "Today" is Monday, November 30, 2026 in
Prescott unless a test travels."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import builders  # type: ignore[import-not-found]
import pytest
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from clerk_desk import ledger, today
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import Compass, DueStatus, PartyKind, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AmountDue, StreetOpening
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_numbers import streets
from clerk_desk.street_numbers.streets import StreetData
from clerk_desk.street_openings import rules
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings import work as opening_work
from clerk_desk.street_openings.service import OpeningData, SiteData
from clerk_desk.street_openings.work import WorkRecord
from clerk_desk.today import TodayItem

TODAY = date(2026, 11, 30)  # a Monday; Thanksgiving 2026 is Thursday, November 26
ZONE = ZoneInfo("America/Chicago")


DIRECTOR = "Pat Kowalski, Director of Public Works"
SPRING = date(2027, 5, 10)  # a Monday after the frozen-ground season


def at(day: date, hour: int, minute: int = 0) -> datetime:
    """A moment in Prescott."""
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZONE)


# -- fixtures and helpers -------------------------------------------------------------------------


def _insure(
    desk: Desk,
    who: SignedIn,
    party_id: int,
    *,
    bi_person: str = "500000",
    effective_on: date = date(2026, 1, 1),
    expires_on: date = date(2028, 12, 31),
) -> int:
    with desk.action(who) as action:
        return bonds.file_certificate(
            action,
            bonds.CertificateData(
                insured_id=party_id,
                insurer="Badger Mutual",
                effective_on=effective_on,
                expires_on=expires_on,
                received_on=date(2026, 1, 2),
                coverages={
                    CoverageKind.BODILY_INJURY_PER_PERSON: Money(bi_person),
                    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("500000"),
                    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("500000"),
                },
                general_liability=True,
            ),
        )


def _street(desk: Desk, who: SignedIn, name: str) -> int:
    with desk.action(who) as action:
        return streets.add_street(
            action,
            StreetData(
                name=name,
                suffix="St",
                odd_side=Compass.WEST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=999,
            ),
        )


@pytest.fixture
def orange(desk: Desk, admin: SignedIn) -> int:
    return _street(desk, admin, "Orange")


@pytest.fixture
def utility(desk: Desk, admin: SignedIn) -> int:
    """A public utility, insured, with no bond (none is required of it)."""
    party_id = builders.party(
        desk, admin, "Valley Natural Gas Company", kind=PartyKind.UTILITY, public_utility=True
    )
    _insure(desk, admin, party_id)
    return party_id


@pytest.fixture
def contractor(desk: Desk, admin: SignedIn) -> int:
    """A contractor, insured, with no bond on file yet."""
    party_id = builders.party(desk, admin, "Hanson Excavating LLC", contractor=True)
    _insure(desk, admin, party_id)
    return party_id


def _data(
    applicant: int, street_id: int | None, start: date = SPRING, **changes: Any
) -> OpeningData:
    data = OpeningData(
        applicant_id=applicant,
        sites=(SiteData("in front of 125 Orange St", street_id, "asphalt", 12, 4),),
        nature_of_work="Replace the gas service to 125 Orange St",
        method="Open cut, saw-cut asphalt, backfill in 12-inch lifts",
        planned_start=start,
        planned_end=start + timedelta(days=4),
    )
    return dataclasses.replace(data, **changes)


def _apply(desk: Desk, who: SignedIn, data: OpeningData) -> int:
    with desk.action(who) as action:
        return so.apply(action, data)


def _opening(desk: Desk, opening_id: int) -> StreetOpening:
    with desk.database.reading() as session:
        return session.scalars(
            select(StreetOpening)
            .where(StreetOpening.id == opening_id)
            .options(
                selectinload(StreetOpening.sites),
                selectinload(StreetOpening.renewals),
                selectinload(StreetOpening.applicant),
            )
        ).one()


def _dues(desk: Desk, opening_id: int) -> list[AmountDue]:
    with desk.database.reading() as session:
        return [
            d
            for d in ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(opening_id)))
            if d.status != DueStatus.CANCELLED
        ]


def _pay(desk: Desk, who: SignedIn, opening_id: int) -> str:
    """Pay everything open on the application at the counter: a real receipt, in cash."""
    with desk.action(who) as action:
        station = f"Counter {action.today().isoformat()}"
        if receipts.current_drawer(action.session, station) is None:
            receipts.open_drawer(action, station=station, opening_cash=Money("100"))
        opening = so.get_opening(action.session, opening_id)
        dues = [
            d
            for d in ledger.dues_for(action.session, RecordRef(rules.RECORD_TYPE, str(opening_id)))
            if d.status == DueStatus.OPEN
        ]
        assert dues, "nothing to pay"
        lines = [receipts.due_line(action.session, d.id) for d in dues]
        total = sum((line.amount for line in lines), Money.zero())
        receipt = receipts.take_payment(
            action,
            station=station,
            payer_id=opening.applicant_id,
            lines=lines,
            tenders=[receipts.TenderEntry(TenderKind.CASH, total)],
        )
        return receipt.number


def _approve(
    desk: Desk, who: SignedIn, opening_id: int, title: str = "Director of Public Works"
) -> StreetOpening:
    with desk.action(who) as action:
        return action.session.get_one(StreetOpening, so.approve(action, opening_id, title=title))


def _issued(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    data: OpeningData,
    *,
    on: date = TODAY,
) -> int:
    """Applied for, paid and approved on ``on``."""
    clock.set(on)
    opening_id = _apply(desk, clerk, data)
    if any(d.status == DueStatus.OPEN for d in _dues(desk, opening_id)):
        _pay(desk, clerk, opening_id)
    _approve(desk, inspector, opening_id)
    return opening_id


def _refused(
    desk: Desk, who: SignedIn, step: Callable[[Any], object], error: type[Exception] = InvalidInput
) -> Any:
    with pytest.raises(error) as refused, desk.action(who) as action:
        step(action)
    return refused.value


def _items(desk: Desk) -> list[TodayItem]:
    with desk.lookup(SYSTEM) as action:
        return [i for i in today.gather(action) if i.workflow == "Street Openings"]


def _record_work(desk: Desk, who: SignedIn, opening_id: int, **work: Any) -> StreetOpening:
    with desk.action(who) as action:
        worked = opening_work.record_work(action, opening_id, WorkRecord(**work))
        return action.session.get_one(StreetOpening, worked)
