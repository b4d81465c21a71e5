"""Steps the sidewalks tests share (tests/test_sidewalk*.py): "today" and City Hall's zone, the
City's streets, parties and parcels (``city``), a permit's data applied for and reviewed, a plan
segment, a Council meeting and a repair order, and what the register reads. "Today" is Monday,
November 30, 2026 in Prescott unless a test travels."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import builders  # type: ignore[import-not-found]
import pytest

from clerk_desk import parties
from clerk_desk.deadlines import default_calendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import Compass, PartyKind, RepairOrderKind, SidewalkWork
from clerk_desk.models import SidewalkPermit, SidewalkRepairOrder
from clerk_desk.sidewalks import service as sw
from clerk_desk.sidewalks import views as views
from clerk_desk.sidewalks.service import PermitData, RepairOrderData, SegmentData
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_numbers import streets
from clerk_desk.street_numbers.streets import StreetData

#: City Hall's calendar as first installed, before the Clerk changes any day.
CALENDAR = default_calendar()

TODAY = date(2026, 11, 30)  # a Monday; Thanksgiving 2026 is Thursday, November 26
ZONE = ZoneInfo("America/Chicago")
CHAMBERS = "Council Chambers"
DIRECTOR = "Pat Kowalski, Director of Public Works"


def at(day: date, hour: int, minute: int = 0) -> datetime:
    """A moment in Prescott."""
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZONE)


def days(n: int) -> date:
    return TODAY + timedelta(days=n)


# -- fixtures and helpers -------------------------------------------------------------------------


@dataclass(frozen=True)
class City:
    orange: int  # Orange St: numbers 100-999
    broad: int  # Broad St N
    henry: int
    owner: int  # owns 214 Orange St
    parcel: int
    orphan_parcel: int  # no owner on record
    contractor: int


@pytest.fixture
def city(desk: Desk, admin: SignedIn) -> City:
    with desk.action(admin) as action:
        ids = {}
        for name, direction in (("Orange", ""), ("Broad", "N"), ("Henry", "")):
            street = streets.add_street(
                action,
                StreetData(
                    name=name,
                    suffix="St",
                    direction=direction,
                    odd_side=Compass.WEST,
                    increases_toward=Compass.NORTH,
                    range_low=100,
                    range_high=999,
                ),
            )
            action.session.flush()
            ids[name] = street
        owner = parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.PERSON,
                name="Ruth Halvorsen",
                street="214 Orange St",
                city="Prescott",
                state="WI",
                postal_code="54021",
            ),
        )
        action.session.flush()
        parcel = parties.add_parcel(
            action,
            parties.ParcelData("281-01050-0000", site_address="214 Orange St", owner_id=owner.id),
        )
        orphan = parties.add_parcel(action, parties.ParcelData("281-01051-0000", "216 Orange St"))
        contractor = parties.add_party(
            action,
            parties.PartyData(kind=PartyKind.BUSINESS, name="Bluff Country Concrete"),
        )
        action.session.flush()
        return City(
            ids["Orange"],
            ids["Broad"],
            ids["Henry"],
            owner.id,
            parcel.id,
            orphan.id,
            contractor.id,
        )


def _do(desk: Desk, who: SignedIn, service: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    with desk.action(who) as action:
        result = service(action, *args, **kwargs)
        action.session.flush()
        return result


def _refused(
    desk: Desk,
    who: SignedIn,
    service: Callable[..., object],
    *args: Any,
    error: type[Exception] = InvalidInput,
    **kwargs: Any,
) -> Any:
    with pytest.raises(error) as refused, desk.action(who) as action:
        service(action, *args, **kwargs)
    return refused.value


def _permit_data(city: City, **changes: Any) -> PermitData:
    data = PermitData(
        applicant_id=city.owner,
        location="In front of 214 Orange St",
        work=SidewalkWork.RECONSTRUCT,
        street_id=city.orange,
        address_number=214,
        parcel_id=city.parcel,
        length_ft=40,
        width_in=54,
        contractor_name="Bluff Country Concrete",
        work_starts_on=days(7),
    )
    return dataclasses.replace(data, **changes)


def _apply(desk: Desk, who: SignedIn, city: City, **changes: Any) -> SidewalkPermit:
    permit: SidewalkPermit = builders.read_back(
        desk, who, SidewalkPermit, sw.receive_application, _permit_data(city, **changes)
    )
    return permit


def _segment(desk: Desk, who: SignedIn, street_id: int, **fields: Any) -> int:
    segment_id: int = _do(desk, who, sw.add_segment, SegmentData(street_id, **fields))
    return segment_id


def _meeting(desk: Desk, who: SignedIn, moment: datetime) -> int:
    return int(builders.meeting(desk, who, moment, CHAMBERS))


def _review(desk: Desk, who: SignedIn, permit_id: int) -> list[Finding]:
    with desk.lookup(who) as action:
        return sw.review(action, permit_id)


def _blocks(findings: list[Finding]) -> list[str]:
    return [f.text for f in findings if f.level == "block"]


def _get_order(desk: Desk, order_id: int) -> SidewalkRepairOrder:
    with desk.database.reading() as session:
        return sw.get_order(session, order_id)


def _denied(desk: Desk, who: SignedIn, city: City) -> SidewalkPermit:
    permit = _apply(desk, who, city, work=SidewalkWork.CONSTRUCT, width_in=48)
    assert _refused(desk, who, sw.deny, permit.id, reasons=" \n ").field == "reasons"
    denied: SidewalkPermit = builders.read_back(
        desk, who, SidewalkPermit, sw.deny, permit.id, reasons="A new walk is 4 ft 6 in wide."
    )
    return denied


def _order_data(city: City, **changes: Any) -> RepairOrderData:
    data = RepairOrderData(
        kind=RepairOrderKind.COUNCIL_ORDER,
        parcel_id=city.parcel,
        location="In front of 214 Orange St",
        defect="Two squares heaved 2 inches: a tripping hazard.",
        work_required="Remove and replace two squares.",
        street_id=city.orange,
    )
    return dataclasses.replace(data, **changes)


@pytest.fixture
def council(desk: Desk, clerk: SignedIn) -> int:
    """The Council's meeting of Monday, November 23, 2026, held."""
    return _meeting(desk, clerk, at(date(2026, 11, 23), 18))


def _order(desk: Desk, who: SignedIn, city: City, **changes: Any) -> SidewalkRepairOrder:
    order: SidewalkRepairOrder = builders.read_back(
        desk, who, SidewalkRepairOrder, sw.order_repair, _order_data(city, **changes)
    )
    return order
