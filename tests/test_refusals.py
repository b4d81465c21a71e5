"""Every refusal of a form at once (issue 19): the core gathers the refusals of one form's
values and says them together, each naming its field, instead of one per try."""

from __future__ import annotations

import dataclasses
from datetime import date, datetime, time, timedelta

import builders  # type: ignore[import-not-found]
import pytest
from sidewalk_cafes_steps import _data as _cafe_data  # type: ignore[import-not-found]
from sidewalk_cafes_steps import _refused as _cafe_refused
from street_openings_steps import SPRING as OPENING_SPRING  # type: ignore[import-not-found]
from street_openings_steps import TODAY as OPENING_TODAY
from street_openings_steps import _data as _opening_data
from street_openings_steps import _refused as _opening_refused
from street_privileges_steps import _data as _privilege_data  # type: ignore[import-not-found]
from test_bonds import _bond as _bond_data  # type: ignore[import-not-found]
from test_bonds import _refused as _bond_refused
from test_bonds_certificates import _refused, _vendor  # type: ignore[import-not-found]
from vending_steps import EVENT as VENDING_DAY  # type: ignore[import-not-found]
from vending_steps import _data as _vending_data
from vending_steps import _refused as _vending_refused

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput, InvalidInputs, Refusals
from clerk_desk.kinds import BondKind, PartyKind, SidewalkWork
from clerk_desk.money import Money
from clerk_desk.sidewalk_cafes import service as cafes
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.permits import PermitData
from clerk_desk.street_openings import service as openings
from clerk_desk.street_privileges import service as privileges
from clerk_desk.vending import service as vending
from clerk_desk.vending.application import ParticipantData, SlotData


def _amount(text: str) -> Money:
    return Money.parse(text, field="amount")


def test_one_refusal_is_raised_as_itself() -> None:
    found = Refusals()
    assert found.check(lambda: _amount("12.50")) == Money("12.50")
    assert found.check(lambda: _amount("abc")) is None
    with pytest.raises(InvalidInput) as refused:
        found.raise_any()
    assert type(refused.value) is InvalidInput
    assert refused.value.field == "amount"


def test_several_refusals_are_raised_together_in_the_order_checked() -> None:
    found = Refusals()
    found.refuse(InvalidInput("Enter the insurance company.", field="insurer"))
    found.check(lambda: _amount("abc"))
    found.refuse(InvalidInputs([InvalidInput("a", field="x"), InvalidInput("b", field="y")]))
    with pytest.raises(InvalidInputs) as refused:
        found.raise_any()
    assert [r.field for r in refused.value.each()] == ["insurer", "amount", "x", "y"]
    assert refused.value.field == "insurer"  # read as its first by code expecting one
    assert "Enter the insurance company." in refused.value.message.splitlines()


def test_nothing_refused_raises_nothing() -> None:
    found = Refusals()
    found.check(lambda: _amount("1"))
    found.raise_any()


def test_a_certificate_with_three_faults_is_refused_for_all_three(
    desk: Desk, admin: SignedIn
) -> None:
    insured = builders.party(desk, admin, "Magee Park Ice Cream")
    data = dataclasses.replace(
        _vendor(insured),
        insurer="  ",
        expires_on=date(2025, 12, 31),  # before it takes effect
        notice_days=400,
    )
    refused = _refused(desk, admin, data)
    assert [(r.field, r.message) for r in refused.each()] == [
        ("insurer", "Enter the insurance company."),
        ("expires_on", "The certificate cannot expire before it takes effect."),
        ("notice_days", "Days of notice are a number from 0 to 365."),
    ]


def test_a_certificate_with_one_fault_is_refused_for_it_alone(desk: Desk, admin: SignedIn) -> None:
    insured = builders.party(desk, admin, "Magee Park Ice Cream")
    refused = _refused(desk, admin, dataclasses.replace(_vendor(insured), notice_days=366))
    assert type(refused) is InvalidInput
    assert refused.field == "notice_days"


def test_a_person_with_four_faults_is_refused_for_all_four(desk: Desk, admin: SignedIn) -> None:
    with pytest.raises(InvalidInputs) as refused:
        builders.party(desk, admin, "  ", state="Wisc", postal_code="5402", email="clerk@prescott")
    assert [r.field for r in refused.value.each()] == ["name", "state", "postal_code", "email"]


@pytest.mark.parametrize(
    ("fields", "field"),
    [({"state": "W1"}, "state"), ({"postal_code": "54021-12"}, "postal_code")],
)
def test_a_person_with_one_fault_is_refused_for_it_alone(
    desk: Desk, admin: SignedIn, fields: dict[str, str], field: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        builders.party(desk, admin, "Ann Lee", **fields)
    assert type(refused.value) is InvalidInput and refused.value.field == field


def test_a_vending_application_with_four_faults_is_refused_for_all_four(
    desk: Desk, admin: SignedIn
) -> None:
    vendor = builders.party(desk, admin, "Magee Park Ice Cream")
    data = _vending_data(
        vendor,
        event_name="  ",
        contact_phone="7" * 41,
        slots=(SlotData(VENDING_DAY, time(18, 0), time(10, 0), "Orange St"),),
        participants=(ParticipantData(" "),),
    )
    refused = _vending_refused(desk, admin, vending.receive_application, data)
    assert [(r.field, r.message) for r in refused.each()] == [
        ("event_name", "Enter the event the vending is for."),
        ("contact_phone", "The contact's phone is too long: at most 40 characters."),
        (
            "slots",
            "Mon Dec 14, 2026 at Orange St: the hours must end after they start (6:00 p.m. to "
            "10:00 a.m.). For hours past midnight, enter two days: this day until 11:59 p.m., "
            "and the next day from 12:00 a.m.",
        ),
        ("participants", "Line 1 of the list has no name."),
    ]


def test_a_vending_application_with_one_fault_is_refused_for_it_alone(
    desk: Desk, admin: SignedIn
) -> None:
    vendor = builders.party(desk, admin, "Magee Park Ice Cream")
    data = _vending_data(vendor, participants=(ParticipantData("Ann Lee", "vendor"),))
    refused = _vending_refused(desk, admin, vending.receive_application, data)
    assert type(refused) is InvalidInput
    assert refused.field == "participants"


def test_a_street_opening_with_four_faults_is_refused_for_all_four(
    desk: Desk, admin: SignedIn
) -> None:
    utility = builders.party(desk, admin, "Valley Natural Gas Company", kind=PartyKind.UTILITY)
    data = dataclasses.replace(
        _opening_data(utility, None),
        planned_end=OPENING_SPRING - timedelta(days=1),
        opened_on=OPENING_TODAY + timedelta(days=1),
        city_notified_at=datetime(2026, 11, 30, 9, 0),  # no time zone
        sites=(),
    )
    refused = _opening_refused(desk, admin, lambda action: openings.apply(action, data))
    assert [(r.field, r.message) for r in refused.each()] == [
        ("planned_end", "The work cannot end before it starts."),
        (
            "opened_on",
            "The opening cannot have been made after today; leave it empty until it is.",
        ),
        ("city_notified_at", "Give the time with its time zone."),
        ("sites", "List every opening: each must be on the application when it is submitted."),
    ]


def test_a_street_opening_with_one_fault_is_refused_for_it_alone(
    desk: Desk, admin: SignedIn
) -> None:
    utility = builders.party(desk, admin, "Valley Natural Gas Company", kind=PartyKind.UTILITY)
    data = _opening_data(utility, None, opened_on=OPENING_TODAY + timedelta(days=1))
    refused = _opening_refused(desk, admin, lambda action: openings.apply(action, data))
    assert type(refused) is InvalidInput
    assert refused.field == "opened_on"


def test_a_sidewalk_cafe_with_five_faults_is_refused_for_all_five(
    desk: Desk, admin: SignedIn
) -> None:
    bistro = builders.party(desk, admin, "Broad Street Bistro LLC")
    data = _cafe_data(
        bistro,
        address="  ",
        liquor_license="x" * 61,
        aisle_in=-1,
        gross_sales=Money("-1.00"),  # the food sales are then not weighed against it
        food_and_soft_drink_sales=Money("6000.00"),
        sales_to=date(2026, 12, 1),
    )
    refused = _cafe_refused(desk, admin, cafes.receive_application, data)
    assert [(r.field, r.message) for r in refused.each()] == [
        ("address", "Enter the establishment's address."),
        ("liquor_license", "The liquor license is too long: at most 60 characters."),
        ("aisle_in", "The aisle width cannot be negative."),
        ("gross_sales", "The gross sales cannot be negative."),
        ("sales_to", "The sales period cannot run past the day of the application."),
    ]


def test_a_sidewalk_cafe_with_one_fault_is_refused_for_it_alone(
    desk: Desk, admin: SignedIn
) -> None:
    bistro = builders.party(desk, admin, "Broad Street Bistro LLC")
    data = _cafe_data(bistro, food_and_soft_drink_sales=Money("10000.01"))
    refused = _cafe_refused(desk, admin, cafes.receive_application, data)
    assert type(refused) is InvalidInput
    assert refused.field == "food_and_soft_drink_sales"


def test_a_street_privilege_with_five_faults_is_refused_for_all_five(
    desk: Desk, admin: SignedIn
) -> None:
    builder = builders.party(desk, admin, "St. Croix Masonry")
    data = _privilege_data(
        builder,
        purpose="parade",
        location="  ",
        planned_end=date(2026, 11, 30),  # before the first of December
        street_width_in=0,  # the street used is then not weighed against it
        sidewalk_used_in=12 * 12,  # more than the sidewalk's 10 ft
    )
    with pytest.raises(InvalidInputs) as refused, desk.action(admin) as action:
        privileges.receive_application(action, data)
    assert [r.field for r in refused.value.each()] == [
        "purpose",
        "location",
        "planned_end",
        "street_width_in",
        "sidewalk_used_in",
    ]
    said = {r.field: r.message for r in refused.value.each()}
    assert said["location"] == "Enter where the street or sidewalk is used."
    assert said["street_width_in"] == "The street's width must be more than 0."
    assert said["sidewalk_used_in"].startswith("The sidewalk used (12 ft) is more than")


def test_a_street_privilege_with_one_fault_is_refused_for_it_alone(
    desk: Desk, admin: SignedIn
) -> None:
    builder = builders.party(desk, admin, "St. Croix Masonry")
    with pytest.raises(InvalidInput) as refused, desk.action(admin) as action:
        privileges.receive_application(action, _privilege_data(builder, location=" "))
    assert type(refused.value) is InvalidInput and refused.value.field == "location"


def _sidewalk_permit(applicant: int, **changes: object) -> PermitData:
    data = PermitData(
        applicant_id=applicant,
        location="In front of 214 Orange St",
        work=SidewalkWork.RECONSTRUCT,
        length_ft=40,
        width_in=54,
    )
    return dataclasses.replace(data, **changes)  # type: ignore[arg-type]


def test_a_sidewalk_permit_with_five_faults_is_refused_for_all_five(
    desk: Desk, admin: SignedIn
) -> None:
    owner = builders.party(desk, admin, "Ann Lee")
    data = _sidewalk_permit(
        owner, location=" ", work="paving", address_number=214, length_ft=0, width_in=0
    )
    with pytest.raises(InvalidInputs) as refused, desk.action(admin) as action:
        sidewalks.receive_application(action, data)
    assert [(r.field, r.message) for r in refused.value.each()] == [
        ("location", "Enter where the work is (e.g. in front of 214 Orange St)."),
        ("work", "Choose the kind of work."),
        ("street_id", "Choose the street the number is on."),
        ("length_ft", "The length is whole feet from 1 to 10,000."),
        ("width_in", "The width is from 1 inch to 50 ft."),
    ]


def test_a_sidewalk_permit_with_one_fault_is_refused_for_it_alone(
    desk: Desk, admin: SignedIn
) -> None:
    owner = builders.party(desk, admin, "Ann Lee")
    with pytest.raises(InvalidInput) as refused, desk.action(admin) as action:
        sidewalks.receive_application(action, _sidewalk_permit(owner, length_ft=0))
    assert type(refused.value) is InvalidInput and refused.value.field == "length_ft"


def test_a_bond_with_five_faults_is_refused_for_all_five(desk: Desk, admin: SignedIn) -> None:
    digger = builders.party(desk, admin, "Kinnickinnic Excavating", contractor=True)
    data = _bond_data(
        digger,
        BondKind.RESTORATION_GUARANTEE,
        surety=" ",
        bond_number=" ",
        amount=Money("0.00"),
        expires_on=date(2026, 10, 31),  # before it takes effect on Nov 1
        work_completed_on=None,
    )
    refused = _bond_refused(desk, admin, data)
    assert [(r.field, r.message) for r in refused.each()] == [
        ("surety", "Enter the surety company."),
        ("bond_number", "Enter the bond number."),
        ("amount", "A bond's amount must be more than $0.00."),
        ("expires_on", "The bond cannot end before it starts."),
        ("work_completed_on", "Enter the date the restoration work was completed."),
    ]


def test_a_bond_with_one_fault_is_refused_for_it_alone(desk: Desk, admin: SignedIn) -> None:
    digger = builders.party(desk, admin, "Kinnickinnic Excavating", contractor=True)
    refused = _bond_refused(desk, admin, _bond_data(digger, amount=Money("9999.99")))
    assert type(refused) is InvalidInput
    assert (refused.field, refused.cite) == ("amount", "§ 506-6 (Bond)")
