"""What a Street Openings form will mean before it is saved (§§ 506-6, 506-7): the days typed
against the frozen-ground season and the emergency's clocks, the doubled fee, a renewal's last
day, and a repair charge's figures and clocks. Nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action
from clerk_desk.fees import fee_on
from clerk_desk.findings import Finding
from clerk_desk.kinds import (
    ChargeKind,
    DueKind,
    DueStatus,
)
from clerk_desk.ledger import RecordRef, dues_for
from clerk_desk.money import Money
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.street_openings import rules
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings.rules import RECORD_TYPE
from clerk_desk.words import format_day


def opened_fee_note(action: Action, opening_id: int, opened_on: date) -> Finding:
    """What recording the opening as made on ``opened_on`` does to the fee, said before it is
    saved: made before an approved permit was received (and not an emergency) the application
    and review fee is doubled, once (§ 506-6 (Fee))."""
    session = action.session
    opening = so.get_opening(session, opening_id)
    if opening.emergency:
        return Finding(
            "info",
            rules.EMERGENCY_FEE_CITE,
            "An emergency excavation: the fee is not doubled.",
        )
    if opening.approved_on is not None and opened_on >= opening.approved_on:
        return Finding(
            "info",
            rules.FEE_CITE,
            f"Made on or after the approval of {format_day(opening.approved_on)}: the fee "
            "stands as billed.",
        )
    doubled = any(
        due.kind == DueKind.DOUBLED_FEE and due.status != DueStatus.CANCELLED
        for due in dues_for(session, RecordRef(RECORD_TYPE, str(opening.id)))
    )
    if doubled:
        return Finding("info", rules.FEE_CITE, "The doubled fee is already billed.")
    fee = fee_on(session, rules.FEE_CODE, opening.applied_on)
    return Finding(
        "warn",
        rules.FEE_CITE,
        "Made before an approved permit was received: the application and review fee is "
        f"doubled — {fee.amount} more is billed to {opening.applicant.name} when you save.",
    )


def renewal_until(action: Action, opening_id: int) -> date | None:
    """The last day a thirty-day renewal of the permit gives (§ 506-6 (Renewal of permit))."""
    opening = so.get_opening(action.session, opening_id)
    if opening.valid_until is None:
        return None
    return opening.valid_until + timedelta(days=rules.RENEWAL_DAYS)


@dataclass(frozen=True, slots=True)
class ChargePreview:
    """What a repair charge comes to, shown before it is saved: the figures and the clocks
    :func:`clerk_desk.special_charges.service.create_charge` will give it."""

    cost: Money
    administration: Money  # 20% for a deficiency repair; zero for a City repair
    total: Money
    due_on: date
    tax_roll_on: date | None  # the first day it may be certified; None: never on the roll


def _preview(
    kind: ChargeKind, cost: Money, notice_on: date, calendar: CityCalendar
) -> ChargePreview:
    administration = charge_rules.administration_for(kind, cost)
    clocks = charge_rules.clocks(
        kind,
        work_done_on=notice_on,
        bill_on=notice_on,
        received_on=notice_on,
        calendar=calendar,
    )
    assert clocks.due_on is not None
    return ChargePreview(
        cost, administration, cost + administration, clocks.due_on, clocks.tax_roll_on
    )


def city_repair_preview(
    repair: Money, maintenance: Money, notice_on: date, calendar: CityCalendar
) -> ChargePreview:
    """The City's repair and a year's maintenance, due 90 days after the notice on the City's
    calendar, as :func:`clerk_desk.street_openings.service.charge_city_repair` bills it."""
    return _preview(ChargeKind.OPENING_REPAIR, repair + maintenance, notice_on, calendar)


def deficiency_preview(
    labor: Money, materials: Money, equipment: Money, notice_on: date, calendar: CityCalendar
) -> ChargePreview:
    """Labor, materials and equipment plus 20% for administration (§ 506-6 (Bond)), as
    :func:`clerk_desk.street_openings.service.charge_deficiency_repair` bills it."""
    cost = labor + materials + equipment
    return _preview(ChargeKind.DEFICIENCY_REPAIR, cost, notice_on, calendar)
