"""The special charges papers read back, from real charges made, billed and paid by the services.

The bill and the reminder are read back with pypdf for the amounts, the days written out, the
section and its clock, and the tax-roll day; the tax roll run as a draft and once certified;
the run's Excel file and the register re-opened with openpyxl and checked row by row against
the run and the charges.

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

A run as of November 30 lists the snow, sidewalk and dirt charges: the obstruction is one day
short of its tax-roll day (the day after its last day to pay), the deficiency never goes on the
roll, one is paid, one not yet due.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import builders  # type: ignore[import-not-found]
import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader

from clerk_desk import parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict
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
from clerk_desk.words import long_day
from reports.excel import DATE_FORMAT, MONEY_FORMAT
from reports.special_charges.letters import bill_pdf, reminder_pdf
from reports.special_charges.register import REGISTER_COLUMNS, register_xlsx
from reports.special_charges.tax_roll import RUN_COLUMNS, run_pdf, run_xlsx

pytestmark = pytest.mark.usefixtures("papers_checked")

PROFILE = CityProfile(phone="(715) 262-5544")
STATION = "Front counter"
TODAY = date(2026, 11, 30)
HUDSON = "Hudson & Sons Paving <LLC>"


# -- reading papers back -----------------------------------------------------------------------


def _money(value: object) -> Money:
    """An amount as openpyxl reads it back (an int or a float) as Money, exactly."""
    assert isinstance(value, int | float), value
    return Money(Decimal(str(value)))


def _day(value: object) -> date | None:
    if value is None:
        return None
    assert isinstance(value, datetime), value
    return value.date()


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


def _view(desk: Desk, charge_id: int, today: date = TODAY) -> views.ChargeView:
    with desk.database.reading() as session:
        return views.charge_view(session, charge_id, today=today)


def _run(desk: Desk, treasurer: SignedIn, as_of: date = TODAY, *, certify: bool) -> views.RunView:
    with desk.action(treasurer) as action:
        run_id = tax_roll.prepare_run(action, as_of)
    if certify:
        with desk.action(treasurer) as action:
            tax_roll.certify_run(action, run_id)
    with desk.database.reading() as session:
        return views.run_view(session, run_id)


# -- the bill ----------------------------------------------------------------------------------


def test_the_bill_says_what_the_city_did_what_is_owed_by_when_and_the_tax_roll_day(
    desk: Desk, world: World
) -> None:
    view = _view(desk, world.obstruction)
    pdf = bill_pdf(view, PROFILE)
    pages = papers.page_texts(pdf)
    text = " ".join(pages)
    assert len(pages) == 1 and pages[0].endswith("Page 1 of 1")
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.metadata is not None
    assert reader.metadata.title == f"Bill \u2014 special charge {view.number}"
    # To the owner at her mailing address, about her parcel, with the charge number.
    assert "Marta Lindqvist 412 Orange St N Prescott, WI 54021" in text
    assert "Bill for Work Done by the City" in text
    assert f"Date Monday, November 16, 2026 Charge {view.number} Parcel 281-00412-0000" in text
    assert "at parcel 281-00412-0000 (412 Orange St N) and bills its cost to you as owner" in text
    assert "Obstruction removed by the City · § 506-8 (Failure to remove obstruction)" in text
    assert "Work done Friday, November 13, 2026: Removed a dumpster left on the sidewalk" in text
    # "the City Administrator shall cause the removal of the obstruction" (§ 506-8)
    assert "By order of City Administrator, § 506-8 (Failure to remove obstruction)" in text
    # The cost lines, the total, what was paid at the counter and the balance.
    assert "Labor Crew of two, 3 hours $240.00" in text
    assert "Equipment Dump truck and loader, 2 hours $85.50" in text
    assert "Total $325.50" in text
    assert f"$100.00 on receipt {world.obstruction_receipt}, Mon Nov 30, 2026" in text
    assert "Paid so far $100.00 Balance due $225.50" in text
    assert "Administration" not in text
    # Ten calendar days from receipt of the bill (the tenth a Sunday: Monday); on the roll
    # from the day after, as § 506-8 has it entered within 60 days after the cost (issue 21).
    assert (
        "Please pay $225.50 by Monday, November 30, 2026, counted from your receipt of the "
        "bill on Thursday, November 19, 2026." in text
    )
    assert (
        "If any of it is still unpaid after Monday, November 30, 2026, the unpaid balance is "
        "entered on the tax roll as a special tax against parcel 281-00412-0000 (412 Orange "
        "St N) from Tuesday, December 1, 2026." in text
    )
    assert view.clock in text  # the section's clock in words, with its cite
    assert view.clock.startswith(
        "§ 506-8 (Failure to remove obstruction): payable within 10 calendar days of receipt "
        "of the bill; unpaid after that, it is entered on the tax roll as a special tax, within "
        "60 days after the cost was incurred."
    )
    assert "((" not in text and "Owner\u2019s copy" not in text
    # How to pay, and the stub to return with it.
    assert "How to pay: at City Hall, to the City Treasurer" in text
    assert f"Please write charge number {view.number} on your check" in text
    assert "call the City Treasurer at (715) 262-5544" in text
    assert "Please return this part with your payment to the City Treasurer." in text
    assert "Pay by Mon Nov 30, 2026" in text


def test_a_copy_printed_after_the_bill_shows_both_days(desk: Desk, world: World) -> None:
    text = papers.text(bill_pdf(_view(desk, world.dirt), PROFILE, printed_on=TODAY))
    assert "Date Monday, November 30, 2026 Bill dated Monday, October 5, 2026" in text
    assert "Was due Wednesday, November 4, 2026" in text
    assert "the last day to pay was Wednesday, November 4, 2026" in text
    # The day before its bill is no copy: the bill prints with its own day.
    early = papers.text(bill_pdf(_view(desk, world.dirt), PROFILE, printed_on=date(2026, 10, 4)))
    assert "Date Monday, October 5, 2026 Charge" in early and "Bill dated" not in early


def test_a_deficiency_bill_adds_twenty_percent_to_the_cent_and_no_tax_roll(
    desk: Desk, world: World
) -> None:
    view = _view(desk, world.deficiency)
    text = papers.text(bill_pdf(view, PROFILE))
    # The permittee's name is printed as typed, markup characters and all.
    assert f"{HUDSON} 1200 Cairns St Prescott, WI 54021" in text
    assert "Parcel — Balance due $160.02 Pay by Wednesday, December 2, 2026" in text
    assert "did this work in your place and bills its cost to you as permittee" in text
    assert "Labor Crew, patch settled trench $100.00" in text
    assert "Materials Hot mix asphalt $33.33" in text
    assert "Equipment Roller $0.02" in text
    assert "Administration 20% of the cost of the work, $133.35 (§ 506-6) $26.67" in text
    assert "Total $160.02" in text
    assert (
        "Please pay $160.02 by Wednesday, December 2, 2026, counted from the date of the "
        "bill, Monday, November 2, 2026." in text
    )
    assert "§ 506-6 (Bond): payable within 30 days of the bill (the City's terms)." in text
    assert "((" not in text
    # § 506-6 has no tax-roll clause: the bill says nothing of one.
    assert "tax roll" not in text and "lien" not in text


def test_a_sidewalk_repair_has_no_day_to_pay_and_goes_on_the_next_roll(
    desk: Desk, world: World
) -> None:
    text = papers.text(bill_pdf(_view(desk, world.sidewalk), PROFILE))
    assert "Balance due $1,050.00 Pay by Before the tax roll is certified" in text
    assert (
        "Please pay $1,050.00 at City Hall before the tax roll is certified — Sidewalk article "
        "(Repair or replacement of defective or damaged sidewalks) sets no other time to pay."
        in text
    )
    assert (
        "Unless it is paid before the City Treasurer next certifies the tax roll, the unpaid "
        "balance is entered on the tax roll as a special tax against parcel 281-00733-0000 "
        "(733 Broad St N); it may be entered from Monday, November 16, 2026." in text
    )
    assert "Materials Concrete, 4 squares $640.00" in text and "Total $1,050.00" in text


@pytest.mark.parametrize(
    ("kind", "billed_as", "cite", "becomes"),
    [
        (
            ChargeKind.PRIVILEGE_REMOVAL,
            "owner",
            "§ 506-9 (Removal by City)",
            "is entered on the next annual tax roll as a special charge against parcel",
        ),
        (
            ChargeKind.OPENING_REPAIR,
            "permittee",
            "§ 506-7 (Repair by City)",
            "becomes a lien against the premises and is collected as a special tax against parcel",
        ),
        (
            ChargeKind.SNOW_ICE,
            "occupant",
            "§ 506-11 (Failure to remove)",
            "is entered on the tax roll as a special tax against parcel",
        ),
        (
            ChargeKind.STREET_DAMAGE,
            "person in charge",
            "§ 506-21",
            "is entered on the tax roll as a special tax against parcel",
        ),
    ],
)
def test_each_bill_words_the_tax_roll_as_its_section_does(
    desk: Desk,
    world: World,
    admin: SignedIn,
    kind: ChargeKind,
    billed_as: str,
    cite: str,
    becomes: str,
) -> None:
    charge_id = _charge(
        desk,
        admin,
        kind,
        world.marta,
        parcel=world.p412,
        work="Work done by the City",
        work_done_on=date(2026, 11, 2),
        lines=[("labor", "Crew", "120.00")],
        bill_on=date(2026, 11, 3),
        received_on=date(2026, 11, 4),
        billed_as=billed_as,
    )
    view = _view(desk, charge_id)
    text = papers.text(bill_pdf(view, PROFILE))
    assert cite in text and view.clock in text
    assert f"bills its cost to you as {billed_as}" in text
    assert f"the unpaid balance {becomes} 281-00412-0000 (412 Orange St N)" in text
    if view.due_on is not None:  # § 506-7: 90 days from actual notice (received November 4)
        assert view.tax_roll_on is not None
        assert f"Please pay $120.00 by {long_day(view.due_on)}" in text
        assert f"from {long_day(view.tax_roll_on)}." in text


def test_the_opening_repair_is_due_ninety_days_after_actual_notice(
    desk: Desk, world: World, admin: SignedIn
) -> None:
    # Actual notice received Wednesday August 12: day 90 is Tuesday November 10, day 91 the roll.
    charge_id = _charge(
        desk,
        admin,
        ChargeKind.OPENING_REPAIR,
        world.hudson,
        parcel=world.p733,
        work="Pavement repair over opening SO-2026-014, with one year's maintenance",
        work_done_on=date(2026, 8, 3),
        lines=[("materials", "Asphalt and base", "1200.00")],
        bill_on=date(2026, 8, 10),
        received_on=date(2026, 8, 12),
        billed_as="permittee",
    )
    text = papers.text(bill_pdf(_view(desk, charge_id), PROFILE))
    assert (
        "Please pay $1,200.00 by Tuesday, November 10, 2026, counted from actual notice of the "
        "charge to the applicant and the owner of the premises, the later of which was "
        "received on Wednesday, August 12, 2026." in text
    )
    assert (
        "If any of it is still unpaid after Tuesday, November 10, 2026, the unpaid balance "
        "becomes a lien against the premises and is collected as a special tax against parcel "
        "281-00733-0000 (733 Broad St N) from Wednesday, November 11, 2026." in text
    )


def test_a_paid_bill_says_so_and_asks_for_nothing(desk: Desk, world: World) -> None:
    text = papers.text(bill_pdf(_view(desk, world.paid), PROFILE))
    assert "PAID" in text and "Paid in full. Nothing is owed on charge" in text
    assert "Paid so far $80.00 Balance due $0.00" in text
    assert "Please pay" not in text and "Please return this part" not in text


# -- the reminder ------------------------------------------------------------------------------


def test_the_reminder_on_the_last_day_to_pay_and_on_the_day_after(desk: Desk, world: World) -> None:
    # Billed Monday October 5 under § 506-20: day 30 is Wednesday November 4.
    on_the_day = papers.text(
        reminder_pdf(
            _view(desk, world.dirt, date(2026, 11, 4)), PROFILE, printed_on=date(2026, 11, 4)
        )
    )
    assert "Reminder: Special Charge Unpaid" in on_the_day
    assert (
        "Our records show that $180.00 remains unpaid on charge CHG-2026-004, billed to you "
        "as operator on Monday, October 5, 2026. It is due Wednesday, November 4, 2026."
        in on_the_day
    )
    assert "Pay by Wednesday, November 4, 2026" in on_the_day
    assert "Please pay $180.00 by Wednesday, November 4, 2026" in on_the_day
    assert (
        "If any of it is still unpaid after Wednesday, November 4, 2026, the unpaid balance is "
        "entered on the tax roll as a special tax against parcel 281-00733-0000 (733 Broad St N) "
        "from Thursday, November 5, 2026." in on_the_day
    )
    day_after = papers.text(
        reminder_pdf(
            _view(desk, world.dirt, date(2026, 11, 5)), PROFILE, printed_on=date(2026, 11, 5)
        )
    )
    assert "It was due Wednesday, November 4, 2026." in day_after
    assert "Was due Wednesday, November 4, 2026" in day_after
    assert (
        "Please pay $180.00 now: the last day to pay was Wednesday, November 4, 2026." in day_after
    )
    assert (
        "Since Thursday, November 5, 2026 the unpaid balance may be certified to the tax roll: "
        "unless it is paid first, it is entered on the tax roll as a special tax against parcel "
        "281-00733-0000 (733 Broad St N) when the City Treasurer next certifies the roll."
        in day_after
    )


def test_the_reminder_of_a_partly_paid_charge(desk: Desk, world: World) -> None:
    view = _view(desk, world.obstruction)
    pages = papers.page_texts(reminder_pdf(view, PROFILE, printed_on=TODAY))
    text = " ".join(pages)
    assert len(pages) == 1
    assert "Date Monday, November 30, 2026 Bill dated Monday, November 16, 2026" in text
    assert (
        f"Our records show that $225.50 remains unpaid on charge {view.number}, billed to you "
        "as owner on Monday, November 16, 2026. It is due Monday, November 30, 2026. Of the "
        "$325.50 billed, $100.00 has been paid." in text
    )
    assert "Paid so far $100.00 Balance due $225.50" in text
    # Its last day to pay is today: the roll may take it from tomorrow.
    assert (
        "If any of it is still unpaid after Monday, November 30, 2026, the unpaid balance is "
        "entered on the tax roll as a special tax against parcel 281-00412-0000 (412 Orange "
        "St N) from Tuesday, December 1, 2026." in text
    )
    assert "§ 506-8 (Failure to remove obstruction)" in text


def test_no_reminder_for_a_charge_paid_cancelled_unbilled_or_certified(
    desk: Desk, world: World, admin: SignedIn, treasurer: SignedIn
) -> None:
    with pytest.raises(Conflict, match="paid in full"):
        reminder_pdf(_view(desk, world.paid), PROFILE, printed_on=TODAY)
    unbilled = _charge(
        desk,
        admin,
        ChargeKind.SNOW_ICE,
        world.marta,
        parcel=world.p412,
        work="Cleared the walk",
        work_done_on=date(2026, 11, 27),
        lines=[("fee", "Snow removal fee", "75.00")],
        bill_on=None,
    )
    for paper in (bill_pdf, reminder_pdf):
        with pytest.raises(Conflict, match=r"Record the bill of CHG-2026-008 first"):
            paper(_view(desk, unbilled), PROFILE, printed_on=TODAY)
    with desk.action(admin) as action:
        sc.cancel_charge(action, unbilled, reason="Billed to the wrong parcel")
    for paper in (bill_pdf, reminder_pdf):
        with pytest.raises(Conflict, match="cancelled: Billed to the wrong parcel"):
            paper(_view(desk, unbilled), PROFILE, printed_on=TODAY)
    run = _run(desk, treasurer, certify=True)
    with pytest.raises(Conflict, match=f"certified to the tax roll \\(run {run.number}\\)"):
        reminder_pdf(_view(desk, world.dirt), PROFILE, printed_on=TODAY)
    # The bill of a certified charge still prints, saying where it is collected now.
    text = papers.text(bill_pdf(_view(desk, world.dirt), PROFILE))
    assert (
        f"Certified to the tax roll in run {run.number}: the balance of $180.00 is collected "
        "with the property taxes on parcel 281-00733-0000" in text
    )
    assert "Please return this part" not in text


# -- the tax roll run --------------------------------------------------------------------------

RUN_ROWS = [
    # parcel, owner, section, amount — parcel order, then charge order
    ("281-00412-0000", "Marta Lindqvist", "§ 506-11 (Failure to remove)", Money("75.00")),
    (
        "281-00733-0000",
        HUDSON,
        "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
        Money("1050.00"),
    ),
    ("281-00733-0000", HUDSON, "§ 506-20", Money("180.00")),
]


def test_the_run_lists_each_parcel_and_charge_past_its_day_draft_then_certified(
    desk: Desk, world: World, treasurer: SignedIn
) -> None:
    draft = _run(desk, treasurer, certify=False)
    assert [(e.parcel_number, e.owner_name, e.section, e.amount) for e in draft.entries] == (
        RUN_ROWS
    )
    pages = papers.page_texts(run_pdf(draft, PROFILE))
    text = " ".join(pages)
    assert all(p.endswith(f"Page {n} of {len(pages)}") for n, p in enumerate(pages, start=1))
    assert "Special Charges for the Tax Roll" in text
    assert f"Run {draft.number} · as of Monday, November 30, 2026 · Draft — not certified" in text
    assert "Draft — not certified. This list is for the City Treasurer\u2019s review" in text
    assert "DRAFT" in text and "Certified by" not in text
    assert "3 charges on 2 parcels, totaling $1,305.00" in text
    # One row per parcel and charge, in the run's order, with owner, section and amount.
    rows = [
        f"{e.parcel_number} {e.site_address} {e.owner_name} "
        f"{', '.join(e.owner_address.splitlines())} {e.description} {e.section} {e.amount}"
        for e in draft.entries
    ]
    assert rows[0] == (
        "281-00412-0000 412 Orange St N Marta Lindqvist 412 Orange St N, Prescott, WI 54021 "
        "CHG-2026-005 Snow and ice removed by the City: Cleared snow and ice from the public "
        "sidewalk § 506-11 (Failure to remove) $75.00"
    )
    table = text[text.index("Section Amount ") + len("Section Amount ") : text.index(" Total 3")]
    assert table == " ".join(rows)
    # Paid, not yet at its day, never on the roll, one day short: none of them is listed.
    for left_out in ("CHG-2026-001", "CHG-2026-002", "CHG-2026-006", "CHG-2026-007"):
        assert left_out not in text
    assert "Total 3 charges on 2 parcels $1,305.00" in text
    assert "Totals by section Section Charges Amount § 506-11 (Failure to remove) 1 $75.00" in text
    assert "§ 506-20 1 $180.00 Total 3 $1,305.00" in text
    assert "I certify that the special charges listed above — 3 charges on 2 parcels" in text
    assert "City Treasurer, City of Prescott" in text

    certified = _run(desk, treasurer, certify=False)  # the draft was set aside by this one
    with desk.action(treasurer) as action:
        tax_roll.certify_run(action, certified.run_id)
    with desk.database.reading() as session:
        certified = views.run_view(session, certified.run_id)
    pdf = run_pdf(certified, PROFILE)
    text = papers.text(pdf)
    assert "Special Charges Certified to the Tax Roll" in text
    assert (
        "Certified by Test Treasurer on Monday, November 30, 2026, at 10:00 a.m. The charges "
        "listed are locked" in text
    )
    assert (
        "Certified in Clerk Desk by Test Treasurer on Monday, November 30, 2026, at 10:00 a.m."
        in text
    )
    assert "DRAFT" not in text and "Total 3 charges on 2 parcels $1,305.00" in text
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert page.mediabox.width > page.mediabox.height  # landscape
    # The set-aside draft prints as set aside, never as certified.
    with desk.database.reading() as session:
        aside = views.run_view(session, draft.run_id)
    aside_text = papers.text(run_pdf(aside, PROFILE))
    assert "Set aside — not certified. Set aside by a later run." in aside_text
    assert "SET ASIDE" in aside_text


def test_a_long_run_numbers_its_pages_and_repeats_the_header(
    desk: Desk, world: World, treasurer: SignedIn
) -> None:
    run = _run(desk, treasurer, certify=True)
    many = dataclasses.replace(
        run,
        entries=run.entries * 20,
        total=sum((e.amount for e in run.entries * 20), Money.zero()),
    )
    pages = papers.page_texts(run_pdf(many, PROFILE))
    assert len(pages) >= 4
    for n, page in enumerate(pages, start=1):
        assert page.endswith(f"Page {n} of {len(pages)}")
    for page in pages[1:-1]:
        assert f"Tax roll run {run.number}" in page  # the running header
        assert "Parcel number Owner Description Section Amount" in page
    text = " ".join(pages)
    assert "Total 60 charges on 2 parcels $26,100.00" in text
    assert "§ 506-11 (Failure to remove) 20 $1,500.00" in text


def test_a_run_with_nothing_to_certify_says_so(
    desk: Desk, world: World, treasurer: SignedIn
) -> None:
    # No such run is saved (prepare_run refuses a day with nothing to list); a view of one
    # still prints without a certificate to sign.
    listed = _run(desk, treasurer, certify=False)
    run = dataclasses.replace(listed, entries=(), total=Money.zero())
    text = papers.text(run_pdf(run, PROFILE))
    assert "0 charges on 0 parcels, totaling $0.00" in text
    assert "No charge is past its tax-roll day and unpaid on that date." in text
    assert "Parcel number" not in text and "I certify" not in text


# -- Excel -------------------------------------------------------------------------------------


def test_the_run_in_excel_row_by_row(
    desk: Desk, world: World, treasurer: SignedIn, tmp_path: Path
) -> None:
    run = _run(desk, treasurer, certify=True)
    path = tmp_path / "tax-roll.xlsx"
    assert run_xlsx(run, path, city="City of Prescott") == 3
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == [f"Tax roll {run.number}", "Summary"]
    ws = wb.worksheets[0]
    rows = list(ws.iter_rows(values_only=True))
    assert (
        rows[0]
        == RUN_COLUMNS
        == (
            "Parcel number",
            "Owner",
            "Owner address",
            "Site address",
            "Description",
            "Section",
            "Amount",
        )
    )
    assert ws.freeze_panes == "A2" and ws.auto_filter.ref == "A1:G4"
    # One row per parcel and charge and nothing else: the totals are on the Summary sheet.
    assert len(rows) == 1 + len(run.entries) == ws.max_row
    owners = {"Marta Lindqvist": "412 Orange St N", HUDSON: "1200 Cairns St"}
    for number, (row, entry, expected) in enumerate(
        zip(rows[1:], run.entries, RUN_ROWS, strict=True), start=2
    ):
        parcel, owner, section, amount = expected
        assert row[0] == parcel == entry.parcel_number
        assert row[1] == owner == entry.owner_name
        assert row[2] == f"{owners[owner]}, Prescott, WI 54021"
        assert row[3] == entry.site_address
        assert row[4] == entry.description and row[4].startswith(entry.charge_number)
        assert row[5] == section == entry.section
        assert _money(row[6]) == amount == entry.amount
        assert ws.cell(number, 7).number_format == MONEY_FORMAT
        assert ws.cell(number, 1).data_type == "s"
    assert all(row[0] != "Total" for row in rows)
    assert all(ws.column_dimensions[c].width >= 14 for c in "ABCDEFG")
    assert ws.column_dimensions["E"].width >= 50  # the description is read in full

    summary = {
        row[0]: row[1]
        for row in wb["Summary"].iter_rows(min_row=1, max_row=14, values_only=True)
        if row[0]
    }
    assert summary["Run"] == run.number
    assert _day(summary["As of"]) == TODAY
    assert summary["Status"] == "Certified"
    assert summary["Certified by"] == "Test Treasurer"
    assert summary["Certified at"] == datetime(2026, 11, 30, 10, 0)
    assert (summary["Parcels"], summary["Charges"]) == (2, 3)
    assert _money(summary["Total"]) == Money("1305.00")
    sections = list(wb["Summary"].iter_rows(min_row=16, values_only=True))
    assert sections[0] == ("Section", "Charges", "Amount")
    got = [(s, n, _money(a)) for s, n, a in sections[1:]]
    assert got == [*run.totals_by_section(), ("Total", 3, Money("1305.00"))]
    assert got[:-1] == [
        ("§ 506-11 (Failure to remove)", 1, Money("75.00")),
        (
            "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
            1,
            Money("1050.00"),
        ),
        ("§ 506-20", 1, Money("180.00")),
    ]


def test_a_draft_run_in_excel_says_it_is_not_certified(
    desk: Desk, world: World, treasurer: SignedIn
) -> None:
    run = _run(desk, treasurer, certify=False)
    stream = io.BytesIO()
    run_xlsx(run, stream)
    wb = openpyxl.load_workbook(io.BytesIO(stream.getvalue()))
    summary = {row[0]: row[1] for row in wb["Summary"].iter_rows(values_only=True) if row[0]}
    assert summary["Status"] == "Draft — not certified"
    assert summary["Certified by"] == summary["Certified at"] == "—"


def test_the_register_in_excel_row_by_row(
    desk: Desk, world: World, admin: SignedIn, treasurer: SignedIn, tmp_path: Path
) -> None:
    run = _run(desk, treasurer, certify=True)
    cancelled = _charge(
        desk,
        admin,
        ChargeKind.SNOW_ICE,
        world.marta,
        parcel=world.p412,
        work="Cleared the walk",
        work_done_on=date(2026, 11, 27),
        lines=[("fee", "Snow removal fee", "75.00")],
        bill_on=None,
    )
    with desk.action(admin) as action:
        sc.cancel_charge(action, cancelled, reason="Billed to the wrong parcel")
    with desk.database.reading() as session:
        charges = views.charge_views(session, sc.search_charges(session), today=TODAY)
    path = tmp_path / "register.xlsx"
    assert register_xlsx(charges, path, city="City of Prescott") == 8
    ws = openpyxl.load_workbook(path).active
    assert ws is not None
    rows = list(ws.iter_rows(values_only=True))
    assert rows[0][0] == "City of Prescott — special charges register"
    headers = tuple(c.header for c in REGISTER_COLUMNS)
    assert rows[1] == headers
    assert headers == (
        "Charge",
        "Kind",
        "Section",
        "Parcel",
        "Site address",
        "Owner",
        "Billed party",
        "Billed as",
        "Work",
        "Work date",
        "Bill date",
        "Delivered",
        "Received on",
        "Due",
        "Tax-roll date",
        "Cost",
        "Administration",
        "Total",
        "Paid",
        "Balance",
        "Standing",
        "Run",
        "Cancelled on",
        "Cancel reason",
    )
    col = {name: index for index, name in enumerate(headers)}
    assert ws.freeze_panes == "A3"
    body = rows[2:]
    assert len(body) == len(charges) == 8
    for number, (row, view) in enumerate(zip(body, charges, strict=True), start=3):
        assert row[col["Charge"]] == view.number
        assert row[col["Kind"]] == view.title and row[col["Section"]] == view.cite
        assert (row[col["Parcel"]] or "") == view.parcel_number
        assert (row[col["Site address"]] or "") == view.site_address
        assert (row[col["Owner"]] or "") == view.owner_name
        assert row[col["Billed party"]] == view.billed_name
        assert row[col["Billed as"]] == view.billed_as.capitalize()
        assert row[col["Work"]] == view.work
        days = ("Work date", "Bill date", "Received on", "Due", "Tax-roll date", "Cancelled on")
        assert [_day(row[col[d]]) for d in days] == [
            view.work_done_on,
            view.bill_on,
            view.received_on,
            view.due_on,
            view.tax_roll_on,
            view.cancelled_on,
        ]
        assert (row[col["Delivered"]] or "") == view.delivered_how
        amounts = ("Cost", "Administration", "Total", "Paid", "Balance")
        assert [_money(row[col[a]]) for a in amounts] == [
            view.cost,
            view.administration,
            view.total,
            view.paid,
            view.balance,
        ]
        assert row[col["Standing"]] == view.standing
        assert (row[col["Run"]] or "") == view.run_number
        assert (row[col["Cancel reason"]] or "") == view.cancel_reason
        assert ws.cell(number, col["Work date"] + 1).number_format == DATE_FORMAT
        assert ws.cell(number, col["Total"] + 1).number_format == MONEY_FORMAT
    # Newest first; what a Treasurer checks of each, by hand.
    by_number = {row[0]: row for row in body}
    obstruction = by_number["CHG-2026-001"]
    assert obstruction[col["Delivered"]] == "mailed first class"
    assert _day(obstruction[col["Received on"]]) == date(2026, 11, 19)
    assert [obstruction[col[c]] for c in ("Due", "Tax-roll date", "Total", "Paid", "Balance")] == [
        datetime(2026, 11, 30),
        datetime(2026, 12, 1),
        325.5,
        100,
        225.5,
    ]
    assert obstruction[col["Standing"]] == "Partly paid" and obstruction[col["Run"]] is None
    deficiency = by_number["CHG-2026-002"]
    assert deficiency[col["Parcel"]] is None and deficiency[col["Tax-roll date"]] is None
    assert [_money(deficiency[col[c]]) for c in ("Cost", "Administration", "Total")] == [
        Money("133.35"),
        Money("26.67"),
        Money("160.02"),
    ]
    assert by_number["CHG-2026-006"][col["Balance"]] == 0
    assert by_number["CHG-2026-006"][col["Standing"]] == "Paid"
    for certified in ("CHG-2026-003", "CHG-2026-004", "CHG-2026-005"):
        got = by_number[certified]
        assert (got[col["Standing"]], got[col["Run"]]) == ("Certified to tax roll", run.number)
    assert by_number["CHG-2026-007"][col["Standing"]] == "Billed"
    gone = by_number["CHG-2026-008"]
    assert (gone[col["Standing"]], gone[col["Cancel reason"]]) == (
        "Cancelled",
        "Billed to the wrong parcel",
    )
    assert _day(gone[col["Cancelled on"]]) == TODAY


# -- the owner's copy, the notice of § 506-7, a preview, an owner not on file ------------------


def test_the_owner_gets_a_copy_when_someone_else_is_billed(
    desk: Desk, world: World, admin: SignedIn
) -> None:
    tenant = builders.party(
        desk, admin, "Olaf Tenant", PartyKind.PERSON, street="12 Elm St", **builders.IN_PRESCOTT
    )
    charge_id = _charge(
        desk,
        admin,
        ChargeKind.SNOW_ICE,
        tenant,
        parcel=world.p412,
        work="Cleared snow and ice from the public sidewalk",
        work_done_on=date(2026, 11, 2),
        lines=[("fee", "Snow removal fee set by the Council", "75.00")],
        bill_on=date(2026, 11, 3),  # payable through Thursday December 3 (the City's terms)
        billed_as="occupant",
    )
    view = _view(desk, charge_id)
    assert view.owner_copy and view.owner_name == "Marta Lindqvist"
    because = (
        "This copy is sent to you as the owner because what stays unpaid is entered on the tax "
        "roll as a special tax against your parcel under § 506-11 (Failure to remove). Either "
        "of you may pay it."
    )
    for pdf, what in (
        (
            bill_pdf(view, PROFILE),
            "The City of Prescott did this work at parcel 281-00412-0000 (412 Orange St N) and "
            "billed its cost to Olaf Tenant as occupant, as § 506-11 (Failure to remove) "
            "provides.",
        ),
        (
            reminder_pdf(view, PROFILE, printed_on=TODAY),
            "This reminder went to Olaf Tenant as occupant.",
        ),
    ):
        pages = papers.page_texts(pdf)
        assert len(pages) == 2
        # Each letter on its own letterhead, with its own page count.
        assert all(page.endswith("Page 1 of 1") for page in pages)
        assert all("City of Prescott City Hall" in page for page in pages)
        assert "Olaf Tenant 12 Elm St Prescott, WI 54021" in pages[0]
        assert "Owner\u2019s Copy" not in pages[0] and "Owner Marta Lindqvist" in pages[0]
        owner = pages[1]
        assert "City Hall Marta Lindqvist 412 Orange St N Prescott, WI 54021" in owner
        assert "Owner\u2019s Copy" in owner
        assert f"Owner\u2019s copy. {what} {because}" in owner
        assert "Please pay $75.00" in owner and "Please return this part" in owner
    bill = papers.text(bill_pdf(view, PROFILE))
    assert "and bills its cost to you as occupant" in bill
    assert (
        "§ 506-11 (Failure to remove): payable within 30 days of the bill (the City's terms)"
        in (bill)
    )
    # The owner billed herself gets one letter.
    assert len(papers.page_texts(bill_pdf(_view(desk, world.snow), PROFILE))) == 1


def test_an_opening_repair_bill_before_actual_notice_gives_no_lien_day(
    desk: Desk, world: World, admin: SignedIn
) -> None:
    charge_id = _charge(
        desk,
        admin,
        ChargeKind.OPENING_REPAIR,
        world.hudson,
        parcel=world.p412,  # Marta's premises, Hudson the permittee
        work="Pavement repair over opening SO-2026-014, with one year's maintenance",
        work_done_on=date(2026, 11, 2),
        lines=[("other", "Pavement repair made by the City", "1200.00")],
        bill_on=date(2026, 11, 3),
        billed_as="permittee",
    )
    view = _view(desk, charge_id)
    assert view.awaiting_notice and view.due_on is None and view.tax_roll_on is None
    assert view.standing == "Awaiting notice"
    pages = papers.page_texts(bill_pdf(view, PROFILE))
    assert len(pages) == 2  # the permittee's bill, and the owner's notice, a page each
    first = pages[0]
    assert "Pay by 90 days after notice" in first
    assert (
        "Please pay $1,200.00 within 90 days of receiving this notice: § 506-7 (Repair by City) "
        "counts them from actual notice of the charge to the applicant and to the owner of the "
        "premises (from the later of the two days)." in first
    )
    assert (
        "If any of it is still unpaid 90 days after that notice, the unpaid balance becomes a "
        "lien against the premises and is collected as a special tax against parcel "
        "281-00412-0000 (412 Orange St N)." in first
    )
    assert " from " + "Tuesday" not in first and "2027" not in first
    assert "Pay by 90 days after notice" in pages[1]
    assert (
        "This copy is sent to you as the owner because § 506-7 (Repair by City) counts the days "
        "to pay from actual notice of the charge to the applicant and to the owner of the "
        "premises, and an unpaid balance becomes a lien against the premises." in pages[1]
    )


def test_a_preview_prints_as_one_and_is_never_signed(
    desk: Desk, world: World, treasurer: SignedIn
) -> None:
    preview = _run(desk, treasurer, date(2026, 12, 31), certify=False)
    assert preview.preview and preview.number == "PV-2026-01"
    # December 31: the obstruction (December 1), the deficiency never, the later charge
    # (December 24) are listed with the three of today's run.
    assert len(preview.entries) == 5
    text = papers.text(run_pdf(preview, PROFILE))
    assert "Preview — never certified" in text and "PREVIEW" in text
    assert "What a run as of Thursday, December 31, 2026, a day still to come, would list" in text
    assert "I certify" not in text and "DRAFT" not in text
    stream = io.BytesIO()
    run_xlsx(preview, stream)
    wb = openpyxl.load_workbook(io.BytesIO(stream.getvalue()))
    summary = {row[0]: row[1] for row in wb["Summary"].iter_rows(values_only=True) if row[0]}
    assert summary["Status"] == "Preview — never certified"
    assert "never certified" in summary["Note"]


def test_a_parcel_with_no_owner_on_file_is_flagged_on_the_run(
    desk: Desk, world: World, admin: SignedIn, treasurer: SignedIn
) -> None:
    bare = _parcel_without_owner(desk, admin)
    _charge(
        desk,
        admin,
        ChargeKind.SNOW_ICE,
        world.marta,
        parcel=bare,
        work="Cleared the walk",
        work_done_on=date(2026, 10, 1),
        lines=[("fee", "Snow removal fee", "75.00")],
        bill_on=date(2026, 10, 2),
        billed_as="occupant",
    )
    run = _run(desk, treasurer, certify=False)
    assert run.owners_missing == ("281-00999-0000",)
    [entry] = [e for e in run.entries if e.parcel_number == "281-00999-0000"]
    assert (entry.owner_name, entry.owner_text) == ("", "Owner not on file")
    text = papers.text(run_pdf(run, PROFILE))
    assert "281-00999-0000 999 Court St N Owner not on file CHG-2026-008" in text
    assert (
        "Owner not on file for parcel 281-00999-0000: the run is not certified until the owner "
        "is recorded under People & Parcels and the run is prepared again." in text
    )
    assert "Marta Lindqvist 412 Orange St N, Prescott, WI 54021 CHG-2026-008" not in text
    stream = io.BytesIO()
    run_xlsx(run, stream)
    wb = openpyxl.load_workbook(io.BytesIO(stream.getvalue()))
    rows = list(wb.worksheets[0].iter_rows(values_only=True))
    assert ("281-00999-0000", "Owner not on file") in [(r[0], r[1]) for r in rows]
    summary = {row[0]: row[1] for row in wb["Summary"].iter_rows(values_only=True) if row[0]}
    assert summary["Owner not on file"] == "281-00999-0000"


def _parcel_without_owner(desk: Desk, who: SignedIn) -> int:
    with desk.action(who) as action:
        return parties.add_parcel(
            action, parties.ParcelData("281-00999-0000", "999 Court St N", owner_id=None)
        ).id
