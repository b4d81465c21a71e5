"""The charges the special charges papers' tests start from, made, billed and paid by the
services (tests/test_reports_special_charges_*.py), and the City's profile they print with.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). The charges of :class:`World`:

===========  ==================  ==============  ===========  ============  ==================
charge       kind                parcel          billed       due           first tax-roll day
===========  ==================  ==============  ===========  ============  ==================
obstruction  § 506-8             281-00412-0000  Nov 16, rec. Mon Nov 30    Tue Dec 1 (by Tue
                                                 Nov 19                     Jan 12, day 60)
deficiency   § 506-6 (+20%)      —               Nov 2        Wed Dec 2     never
sidewalk     sidewalk article    281-00733-0000  Nov 16       —             Mon Nov 16
dirt         § 506-20            281-00733-0000  Oct 5        Wed Nov 4     Thu Nov 5
snow         § 506-11            281-00412-0000  Oct 21       Fri Nov 20    Sat Nov 21
paid         § 506-20 (paid)     281-00901-0000  Oct 5        Wed Nov 4     Thu Nov 5
later        § 506-21            281-00901-0000  Nov 23       Wed Dec 23    Thu Dec 24
===========  ==================  ==============  ===========  ============  ==================
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import date

import builders  # type: ignore[import-not-found]
import pytest

from clerk_desk import parties
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
from clerk_desk.models import SidewalkRepairOrder, StreetOpening, StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry
from clerk_desk.settings import CityProfile
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges import views as views

PROFILE = CityProfile(phone="(715) 262-5544")
STATION = "Front counter"
TODAY = date(2026, 11, 30)
HUDSON = "Hudson & Sons Paving <LLC>"


# -- making real charges -----------------------------------------------------------------------


def _parcel(desk: Desk, who: SignedIn, number: str, owner: int, site: str) -> int:
    with desk.action(who) as action:
        return parties.add_parcel(action, parties.ParcelData(number, site, owner_id=owner)).id


Line = tuple[str, str, str]
_made = iter(range(901, 10_000))


def _source(desk: Desk, kind: ChargeKind, party: int, parcel: int | None) -> tuple[str, str]:
    """A bare permit or order for a charge of ``kind`` to come from (their own workflows print
    and test them): (record_type, record_id), or ("", "") for a kind typed at the counter."""
    source = charge_rules.clock_for(kind).source
    if not source:
        return "", ""
    n, now = next(_made), desk.clock.now()
    record: StreetOpening | StreetPrivilege | SidewalkRepairOrder
    if source == "street_privilege":
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
    elif source == "street_opening":
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
    else:
        assert source == "sidewalk_repair_order" and parcel is not None
        record = SidewalkRepairOrder(
            number=f"SR-2026-{n}",
            year=2026,
            sequence=n,
            kind=RepairOrderKind.COUNCIL_ORDER,
            parcel_id=parcel,
            owner_id=party,
            location="733 Broad St N",
            ordered_on=date(2026, 7, 1),
            status=RepairOrderStatus.CITY_REPAIRED,
            created_at=now,
        )
    with desk.database.writing() as session:
        session.add(record)
        session.flush()
        return source, str(record.id)


def _charge(
    desk: Desk,
    who: SignedIn,
    kind: ChargeKind,
    party: int,
    *,
    parcel: int | None,
    work: str,
    work_done_on: date,
    lines: Sequence[Line],
    bill_on: date | None,
    received_on: date | None = None,
    billed_as: str = "owner",
) -> int:
    bill = sc.BillData(bill_on, "mailed first class", received_on) if bill_on else None
    record_type, record_id = _source(desk, kind, party, parcel)
    with desk.action(who) as action:
        return sc.create_charge(
            action,
            sc.ChargeData(
                kind,
                party,
                work,
                work_done_on,
                [sc.LineData(c, d, Money(a)) for c, d, a in lines],
                parcel_id=parcel,
                billed_as=billed_as,
                record_type=record_type,
                record_id=record_id,
            ),
            bill,
        )


def _pay(desk: Desk, who: SignedIn, charge_id: int, amount: str) -> str:
    with desk.database.reading() as session:
        due_id = sc.get_charge(session, charge_id).amount_due_id
    assert due_id is not None
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("50.00"))
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


@dataclasses.dataclass(frozen=True)
class World:
    marta: int
    hudson: int
    p412: int
    p733: int
    obstruction: int
    obstruction_receipt: str
    deficiency: int
    sidewalk: int
    dirt: int
    snow: int
    paid: int
    later: int


@pytest.fixture
def world(desk: Desk, admin: SignedIn, treasurer: SignedIn) -> World:
    marta = builders.party(
        desk,
        admin,
        "Marta Lindqvist",
        PartyKind.PERSON,
        street="412 Orange St N",
        **builders.IN_PRESCOTT,
    )
    hudson = builders.party(
        desk, admin, HUDSON, PartyKind.BUSINESS, street="1200 Cairns St", **builders.IN_PRESCOTT
    )
    p412 = _parcel(desk, admin, "281-00412-0000", marta, "412 Orange St N")
    p733 = _parcel(desk, admin, "281-00733-0000", hudson, "733 Broad St N")
    p901 = _parcel(desk, admin, "281-00901-0000", marta, "901 Cherry St N")
    obstruction = _charge(
        desk,
        admin,
        ChargeKind.OBSTRUCTION,
        marta,
        parcel=p412,
        work="Removed a dumpster left on the sidewalk after notice",
        work_done_on=date(2026, 11, 13),
        lines=[
            ("labor", "Crew of two, 3 hours", "240.00"),
            ("equipment", "Dump truck and loader, 2 hours", "85.50"),
        ],
        bill_on=date(2026, 11, 16),
        received_on=date(2026, 11, 19),  # day 10 is Sunday the 29th: due Monday the 30th
    )
    receipt = _pay(desk, treasurer, obstruction, "100.00")
    deficiency = _charge(
        desk,
        admin,
        ChargeKind.DEFICIENCY_REPAIR,
        hudson,
        parcel=None,
        work="Repaired the settled trench patch at 733 Broad St N",
        work_done_on=date(2026, 11, 2),
        lines=[
            ("labor", "Crew, patch settled trench", "100.00"),
            ("materials", "Hot mix asphalt", "33.33"),
            ("equipment", "Roller", "0.02"),
        ],
        bill_on=date(2026, 11, 2),
        billed_as="permittee",
    )
    sidewalk = _charge(
        desk,
        admin,
        ChargeKind.SIDEWALK_REPAIR,
        hudson,
        parcel=p733,
        work="Replaced four squares of defective sidewalk after the 20-day notice",
        work_done_on=date(2026, 11, 10),
        lines=[
            ("materials", "Concrete, 4 squares", "640.00"),
            ("labor", "Form and pour", "410.00"),
        ],
        bill_on=date(2026, 11, 16),
    )
    dirt = _charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        hudson,
        parcel=p733,
        work="Swept mud tracked onto Broad St",
        work_done_on=date(2026, 9, 30),
        lines=[("labor", "Street sweeper, 2 hours", "180.00")],
        bill_on=date(2026, 10, 5),
        billed_as="operator",
    )
    snow = _charge(
        desk,
        admin,
        ChargeKind.SNOW_ICE,
        marta,
        parcel=p412,
        work="Cleared snow and ice from the public sidewalk",
        work_done_on=date(2026, 10, 20),
        lines=[("fee", "Snow removal fee set by the Council", "75.00")],
        bill_on=date(2026, 10, 21),
    )
    paid = _charge(
        desk,
        admin,
        ChargeKind.DIRT_DEBRIS,
        marta,
        parcel=p901,
        work="Swept gravel from the curb line",
        work_done_on=date(2026, 9, 30),
        lines=[("labor", "Street sweeper, 1 hour", "80.00")],
        bill_on=date(2026, 10, 5),
    )
    _pay(desk, treasurer, paid, "80.00")
    later = _charge(
        desk,
        admin,
        ChargeKind.STREET_DAMAGE,
        marta,
        parcel=p901,
        work="Patched a curb broken by a delivery truck",
        work_done_on=date(2026, 11, 20),
        lines=[("materials", "Curb patch", "95.00")],
        bill_on=date(2026, 11, 23),
        billed_as="operator",
    )
    return World(
        marta,
        hudson,
        p412,
        p733,
        obstruction,
        receipt,
        deficiency,
        sidewalk,
        dirt,
        snow,
        paid,
        later,
    )


def _run(desk: Desk, treasurer: SignedIn, as_of: date = TODAY, *, certify: bool) -> views.RunView:
    with desk.action(treasurer) as action:
        run_id = tax_roll.prepare_run(action, as_of)
    if certify:
        with desk.action(treasurer) as action:
            tax_roll.certify_run(action, run_id)
    with desk.database.reading() as session:
        return views.run_view(session, run_id)
