"""What §§ 506-6 and 506-7 say about issuing a street opening permit today, each finding cited:
a block stops the approval, a warning is for the approving official to read."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.coverage import STREET_OPENING, Covers
from clerk_desk.deadlines import CityCalendar
from clerk_desk.findings import Finding
from clerk_desk.kinds import DueKind, DueStatus, OpeningStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    OpeningSite,
    StreetOpening,
)
from clerk_desk.money import Money
from clerk_desk.street_openings import rules
from clerk_desk.street_openings.improvements import improvements_on
from clerk_desk.street_openings.rules import (
    APPLICATION_CITE,
    CITY_WORK_CITE,
    EMERGENCY_CITE,
    EMERGENCY_FEE_CITE,
    FEE_CITE,
    FROZEN_CITE,
    FROZEN_RULE,
    NEW_STREETS_CITE,
    PATCHES_CITE,
    RECORD_TYPE,
    VALIDITY_CITE,
    emergency_application_due,
    emergency_fee_waiver_until,
    frozen_days,
    moratorium_ends,
    valid_until,
)
from clerk_desk.words import format_day


def _permit_period(opening: StreetOpening, today: date) -> tuple[date, date]:
    start = opening.approved_on or today
    return start, valid_until(start)


def work_period(opening: StreetOpening) -> tuple[date, date] | None:
    """:func:`~clerk_desk.street_openings.rules.work_period` of the application."""
    return rules.work_period(opening.planned_start, opening.opened_on, opening.planned_end)


def approval_findings(
    session: Session, opening: StreetOpening, *, calendar: CityCalendar, today: date
) -> list[Finding]:
    """Everything §§ 506-6 and 506-7 say about issuing this permit today, each cited: a block
    stops the approval, a warning is for the approving official to read."""
    if OpeningStatus(opening.status) is OpeningStatus.EXEMPT:
        return [
            Finding(
                "info",
                CITY_WORK_CITE,
                "City work: exempt from the permit and its fee; recorded for the street's history.",
            )
        ]
    found: list[Finding] = []
    if not opening.sites:
        found.append(Finding("block", FEE_CITE, "No opening is listed on the application."))
    missing = [
        what
        for what, text in (
            ("the nature of the work", opening.nature_of_work),
            ("the method", opening.method),
        )
        if not text.strip()
    ]
    if missing:
        found.append(
            Finding(
                "block", APPLICATION_CITE, f"The application does not give {' or '.join(missing)}."
            )
        )
    found += _frozen(opening)
    found += _new_streets(session, opening, today)
    found += _emergency(opening, calendar)
    start, end = _permit_period(opening, today)
    period = work_period(opening)
    if period is not None and period[1] > end:
        found.append(
            Finding(
                "warn",
                VALIDITY_CITE,
                f"The work is planned to end {format_day(period[1])}, after the permit's last "
                f"day ({format_day(end)}, six months from approval): it will need a renewal.",
            )
        )
    found += bonds.insurance_findings(
        session,
        party_id=opening.applicant_id,
        requirement=STREET_OPENING,
        covers=Covers(start, end),
        calendar=calendar,
    )
    work_on, work_until = work_period(opening) or (today, today)
    found += bonds.street_opening_bond_findings(
        session,
        party_id=opening.applicant_id,
        work_on=work_on,
        work_until=work_until,
        record_type=RECORD_TYPE,
        record_id=str(opening.id),
        record_number=opening.number,
    )
    found += bonds.revocation_findings(session, party_id=opening.applicant_id, on=today)
    found += _fee_findings(session, opening)
    if opening.existing_patches.strip():
        found.append(
            Finding(
                "info",
                PATCHES_CITE,
                f"Existing patches or openings nearby: {opening.existing_patches}. "
                "The approving official sets the pavement replacement area on "
                "site.",
            )
        )
    return found


def _fee_findings(session: Session, opening: StreetOpening) -> list[Finding]:
    """The permit fee (doubled, if so) must be receipted before the permit issues; an emergency
    applied for in time owes none. Actual City expenses are billed as they arise and do not
    hold the permit back."""
    fees = [
        due
        for due in ledger.dues_for(session, RecordRef(RECORD_TYPE, str(opening.id)))
        if due.kind in (DueKind.FEE, DueKind.DOUBLED_FEE) and due.status != DueStatus.CANCELLED
    ]
    unpaid = [due for due in fees if due.status != DueStatus.PAID]
    if not unpaid:
        return []
    owed = sum((due.balance for due in unpaid), Money.zero())
    return [
        Finding(
            "block",
            FEE_CITE,
            f"The fee is not paid ({owed} owed): permit fees are paid to the Treasurer, who "
            "issues a receipt.",
        )
    ]


def _frozen(opening: StreetOpening) -> list[Finding]:
    period = work_period(opening)
    if period is None:
        return [Finding("warn", FROZEN_CITE, "The planned start of the work is not given.")]
    days = frozen_days(*period)
    if not days:
        return []
    if opening.frozen_emergency_by:
        return [
            Finding(
                "info",
                FROZEN_CITE,
                f"Work in the frozen-ground season ({format_day(days[0])}): determined "
                f"an emergency excavation by {opening.frozen_emergency_by}.",
            )
        ]
    return [
        Finding(
            "block",
            FROZEN_CITE,
            f"The work falls on {format_day(days[0])}, in the frozen-ground season. " + FROZEN_RULE,
        )
    ]


def _new_streets(session: Session, opening: StreetOpening, today: date) -> list[Finding]:
    found = []
    streets: dict[int, OpeningSite] = {}
    for site in opening.sites:  # several openings in one street: one finding per improvement
        if site.street_id is not None:
            streets.setdefault(site.street_id, site)
    for street_id, site in streets.items():
        for improvement in improvements_on(session, street_id):
            if improvement.completed_on is None:
                continue
            ends = moratorium_ends(improvement.completed_on)
            if today > ends:
                continue
            name = site.street.full_name if site.street else "the street"
            if opening.council_essential_on is not None:
                found.append(
                    Finding(
                        "info",
                        NEW_STREETS_CITE,
                        f"{name} was improved {format_day(improvement.completed_on)}; the Common "
                        f"Council found the opening absolutely essential on "
                        f"{format_day(opening.council_essential_on)}.",
                    )
                )
            else:
                found.append(
                    Finding(
                        "block",
                        NEW_STREETS_CITE,
                        f"{name} was improved or repaved {format_day(improvement.completed_on)}: "
                        f"no permit to open it through {format_day(ends)} unless the Common "
                        "Council, or its committee, finds it absolutely essential.",
                    )
                )
    return found


def _emergency(opening: StreetOpening, calendar: CityCalendar) -> list[Finding]:
    if not opening.emergency or opening.opened_on is None:
        return []
    found = []
    due = emergency_application_due(opening.opened_on, calendar)
    if opening.applied_on > due:
        found.append(
            Finding(
                "warn",
                EMERGENCY_CITE,
                f"The emergency excavation of {format_day(opening.opened_on)} was applied for "
                f"{format_day(opening.applied_on)}; the application was due the next business day, "
                f"{format_day(due)}.",
            )
        )
    waiver = emergency_fee_waiver_until(opening.opened_on, calendar)
    if opening.applied_on <= waiver:
        found.append(
            Finding(
                "info",
                EMERGENCY_FEE_CITE,
                f"Applied for within two regular business days (by {format_day(waiver)}): no "
                "permit fee; actual City expenses are charged.",
            )
        )
    else:
        found.append(
            Finding(
                "info",
                EMERGENCY_FEE_CITE,
                f"Applied for after {format_day(waiver)}: the fee is as the fee schedule sets it.",
            )
        )
    if opening.city_notified_at is None:
        found.append(
            Finding(
                "warn",
                EMERGENCY_CITE,
                "City officials must be notified immediately of an emergency excavation; no "
                "notification is recorded.",
            )
        )
    return found
