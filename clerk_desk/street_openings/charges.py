"""What the City bills the permittee of a street opening as a special charge: the City's own
repair of the pavement and a year's maintenance (§ 506-7 (Repair by City)), and the Director of
Public Works' repair of deficiencies plus 20% (§ 506-6 (Bond))."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import ChargeKind
from clerk_desk.models import (
    StreetOpening,
)
from clerk_desk.money import Money
from clerk_desk.special_charges import service as sc
from clerk_desk.street_openings import acts
from clerk_desk.street_openings.rules import (
    RECORD_TYPE,
    REPAIR_CITE,
)
from clerk_desk.street_openings.service import get_opening


def _costs(named: Sequence[tuple[str, Money]]) -> None:
    for field, amount in named:
        if amount < Money.zero():
            raise InvalidInput("An amount cannot be negative.", field=field)


def _check_notice(action: Action, notice_on: date) -> None:
    if notice_on > action.today():
        raise InvalidInput("The notice cannot be dated after today.", field="notice_on")


def _where(opening: StreetOpening) -> str:
    sites = "; ".join(site.location for site in opening.sites)
    return f" ({sites})" if sites else ""


def charge_city_repair(
    action: Action,
    opening_id: int,
    *,
    repair: Money,
    maintenance: Money,
    notice_on: date,
    parcel_id: int | None,
    delivered_how: str = "mailed",
) -> int:
    """The City made the pavement repair: its cost and a year's maintenance are charged to the
    permittee, as a special charge against the premises for which the permit was issued
    (``parcel_id``); unpaid 90 days after actual notice (``notice_on``, the day the bill went
    out and was received), it becomes a lien collected as a special tax (§ 506-7 (Repair by
    City)). The 90 days are counted on the City's calendar (a last day City Hall is closed
    moves to the next day it is open); from the day after, the charge may go on the tax roll
    (:data:`clerk_desk.special_charges.rules.CLOCKS`)."""
    opening = get_opening(action.session, opening_id)
    acts.allow(action, acts.OpeningAct.CITY_REPAIR, opening)
    _check_notice(action, notice_on)
    _costs((("repair", repair), ("maintenance", maintenance)))
    if repair + maintenance <= Money.zero():
        raise InvalidInput("Enter the cost of the repair.", field="repair")
    if parcel_id is None:
        raise InvalidInput(
            "Choose the premises for which the permit was issued: unpaid, the charge becomes a "
            "lien against them.",
            field="parcel",
            cite=REPAIR_CITE,
        )
    lines = [
        sc.LineData(category, description, amount)
        for category, description, amount in (
            ("other", "Pavement repair made by the City", repair),
            ("other", "One year's maintenance of the repair", maintenance),
        )
        if amount > Money.zero()
    ]
    return sc.create_charge(
        action,
        sc.ChargeData(
            kind=ChargeKind.OPENING_REPAIR,
            billed_party_id=opening.applicant_id,
            work=f"Pavement repair over street opening {opening.number}{_where(opening)}",
            work_done_on=notice_on,
            lines=lines,
            parcel_id=parcel_id,
            billed_as="permittee",
            record_type=RECORD_TYPE,
            record_id=str(opening.id),
        ),
        sc.BillData(bill_on=notice_on, delivered_how=delivered_how, received_on=notice_on),
    )


def charge_deficiency_repair(
    action: Action,
    opening_id: int,
    *,
    labor: Money,
    materials: Money,
    equipment: Money,
    notice_on: date,
    delivered_how: str = "mailed",
) -> int:
    """Bill the Director of Public Works' repair of deficiencies to the permittee: labor,
    materials and equipment plus 20% for administration (§ 506-6 (Bond)), payable in the City's
    30 days from the bill (``notice_on``). The section puts no lien on a property: the charge is
    billed, never certified to the tax roll."""
    opening = get_opening(action.session, opening_id)
    acts.allow(action, acts.OpeningAct.DEFICIENCY_REPAIR, opening)
    _check_notice(action, notice_on)
    named = (("labor", labor), ("materials", materials), ("equipment", equipment))
    _costs(named)
    if labor + materials + equipment <= Money.zero():
        raise InvalidInput("Enter the labor, materials and equipment.", field="labor")
    lines = [
        sc.LineData(category, f"{category.capitalize()} used in the repair", amount)
        for category, amount in named
        if amount > Money.zero()
    ]
    return sc.create_charge(
        action,
        sc.ChargeData(
            kind=ChargeKind.DEFICIENCY_REPAIR,
            billed_party_id=opening.applicant_id,
            work=f"Deficiencies of street opening {opening.number} repaired by the Director "
            f"of Public Works{_where(opening)}",
            work_done_on=notice_on,
            lines=lines,
            billed_as="permittee",
            record_type=RECORD_TYPE,
            record_id=str(opening.id),
        ),
        sc.BillData(bill_on=notice_on, delivered_how=delivered_how),
    )
