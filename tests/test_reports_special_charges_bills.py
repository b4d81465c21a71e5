"""The special charges bills read back, from real charges made, billed and paid by the services.

The bill and the reminder are read back with pypdf for the amounts, the days written out, the
section and its clock, and the tax-roll day; so are the owner's copy and the bill of an opening
repair before its actual notice (§ 506-7). The tax roll and the Excel files are in
test_reports_special_charges_tax_roll.py.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture); the charges of ``World`` are set
out in reports_special_charges_world.py.
"""

from __future__ import annotations

import io
from datetime import date

import builders  # type: ignore[import-not-found]
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader
from reports_special_charges_world import (  # type: ignore[import-not-found]
    HUDSON,
    PROFILE,
    TODAY,
    World,
    _charge,
    _run,
    world,
)

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict
from clerk_desk.kinds import ChargeKind, PartyKind
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import views as views
from clerk_desk.words import long_day
from reports.special_charges.letters import bill_pdf, reminder_pdf

__all__ = ["world"]  # fixtures, used by name


pytestmark = pytest.mark.usefixtures("papers_checked")


def _view(desk: Desk, charge_id: int, today: date = TODAY) -> views.ChargeView:
    with desk.database.reading() as session:
        return views.charge_view(session, charge_id, today=today)


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


# -- the owner's copy, the notice of § 506-7 -------------------------------------------------------


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
