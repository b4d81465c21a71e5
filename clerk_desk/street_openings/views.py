"""What a street opening permit shows beyond its own record (§§ 506-6, 506-7), read once.

The printed permit tells the Director of Public Works what the City holds for this permit: the
bond (a $10,000 permit bond, the principal's annual bonds for the years of the work, or none for
a public utility), the certificate of insurance on file with its limits and term, and the receipt
numbers that paid the fee — or why no fee was owed. :func:`permit_protection` gathers all of it
in one read so that ``reports`` prints plain data and never runs a query; it also carries the
one date of the permit that the City calendar sets (the 60 days for permanent pavement), so the
report needs no calendar. Nothing here writes.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date, timedelta, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk.bonds import service as bonds
from clerk_desk.coverage import STREET_OPENING, CoverageKind, Covers, check_certificate
from clerk_desk.deadlines import CityCalendar
from clerk_desk.due_receipts import FeeReceipt, fee_receipts
from clerk_desk.fees import fee_on
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import (
    BondKind,
    ChargeKind,
    DueKind,
    DueStatus,
    FileStatus,
    OpeningStatus,
    ReceiptKind,
    ReceiptStatus,
)
from clerk_desk.ledger import RecordRef, dues_for
from clerk_desk.models import (
    AmountDue,
    Bond,
    OpeningSite,
    Receipt,
    ReceiptLine,
    StreetImprovement,
    StreetOpening,
)
from clerk_desk.money import Money
from clerk_desk.parties import fold
from clerk_desk.special_charges import service as sc
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings.service import (
    RECORD_TYPE,
    emergency_fee_waiver_until,
    get_opening,
    restoration_due,
)
from clerk_desk.words import format_day

FEE_KINDS = (DueKind.FEE, DueKind.DOUBLED_FEE)
"""What "fee paid" means on the permit: the application and review fee, doubled if so. Actual
City expenses are billed as they arise and are not the permit's fee."""
SHOWN_LIMITS = (
    CoverageKind.BODILY_INJURY_PER_PERSON,
    CoverageKind.BODILY_INJURY_PER_OCCURRENCE,
    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE,
    CoverageKind.COMBINED_SINGLE_LIMIT,
)
"""The limits § 506-6 (Insurance required) asks about, in the order the permit prints them."""
_STANDING = (FileStatus.ON_FILE, FileStatus.CLAIM_MADE)  # a claim "shall not exhaust the bond"


@dataclass(frozen=True, slots=True)
class BondOnFile:
    """A bond that stands behind the permit."""

    kind: str  # "Annual excavation bond", "Street opening bond", "Restoration guarantee"
    bond_number: str
    surety: str
    amount: Money
    effective_on: date
    expires_on: date | None = None
    year: int | None = None  # annual bonds: the calendar year covered


@dataclass(frozen=True, slots=True)
class InsuranceOnFile:
    """The certificate of insurance on file that the permit relies on."""

    insurer: str
    policy_numbers: str
    limits: tuple[tuple[str, Money], ...]  # (coverage label, amount), as § 506-6 reads them
    effective_on: date
    expires_on: date
    received_on: date
    shortfalls: tuple[str, ...] = ()  # how it falls short of § 506-6 for the permit's term


@dataclass(frozen=True, slots=True)
class PermitProtection:
    """What the permit shows of the bond, the insurance and the fee, and its pavement date."""

    public_utility: bool  # no indemnity bond is required (§ 506-6 (Public utilities))
    bonds: tuple[BondOnFile, ...]  # annual bonds for each year of the work, or the permit bond
    insurance: InsuranceOnFile | None
    receipts: tuple[FeeReceipt, ...]
    fee_owed: Money  # the permit fee billed and still unpaid
    no_fee: str = ""  # why no fee was billed (an emergency applied for in time); "" otherwise
    fee_doubled: bool = False  # the opening was made before an approved permit (§ 506-6 (Fee))
    pavement_due: date | None = None  # permanent pavement, 60 days from the permit's date


def _work_years(opening: StreetOpening) -> list[int]:
    """The calendar years of the work, read as the approval reads them."""
    start = opening.planned_start or opening.opened_on or opening.approved_on or opening.applied_on
    end = max(opening.planned_end or start, start)
    return list(range(start.year, end.year + 1))


def _bonds(session: Session, opening: StreetOpening) -> list[BondOnFile]:
    annuals = [bonds.annual_bond(session, opening.applicant_id, y) for y in _work_years(opening)]
    held = (
        [a for a in annuals if a is not None]
        if all(a is not None for a in annuals)
        else list(
            session.scalars(
                select(Bond)
                .where(
                    Bond.kind == BondKind.STREET_OPENING,
                    Bond.principal_id == opening.applicant_id,
                    Bond.record_type == RECORD_TYPE,
                    bonds.filed_for(Bond.record_id, opening.id, opening.number),
                    Bond.status.in_(_STANDING),
                )
                .order_by(Bond.id)
            )
        )
    )
    held += session.scalars(  # the restoration guarantee, once the work is done
        select(Bond)
        .where(
            Bond.kind == BondKind.RESTORATION_GUARANTEE,
            Bond.principal_id == opening.applicant_id,
            Bond.record_type == RECORD_TYPE,
            bonds.filed_for(Bond.record_id, opening.id, opening.number),
            Bond.status.in_(_STANDING),
        )
        .order_by(Bond.id)
    )
    return [
        BondOnFile(
            kind=BondKind(b.kind).label,
            bond_number=b.bond_number,
            surety=b.surety,
            amount=b.amount,
            effective_on=b.effective_on,
            expires_on=b.expires_on,
            year=b.year,
        )
        for b in held
    ]


def _insurance(
    session: Session, opening: StreetOpening, calendar: CityCalendar
) -> InsuranceOnFile | None:
    """The certificate judged as the approval judged it: of those on file, the one with the
    fewest shortfalls for the permit's term (through its last renewal)."""
    start = opening.approved_on or opening.applied_on
    covers = Covers(start, opening.valid_until or start)
    judged = [
        (
            check_certificate(
                bonds.as_certificate(c), STREET_OPENING, covers=covers, calendar=calendar
            ),
            c,
        )
        for c in bonds.certificates_of(session, opening.applicant_id)
    ]
    if not judged:
        return None
    found, best = min(judged, key=lambda pair: (sum(f.blocks for f in pair[0]), len(pair[0])))
    certificate = bonds.as_certificate(best)
    return InsuranceOnFile(
        insurer=best.insurer,
        policy_numbers=best.policy_numbers,
        limits=tuple(
            (kind.label, certificate.coverages[kind])
            for kind in SHOWN_LIMITS
            if kind in certificate.coverages
        ),
        effective_on=best.effective_on,
        expires_on=best.expires_on,
        received_on=best.received_on,
        shortfalls=tuple(f.text for f in found if f.blocks),
    )


def _no_fee(opening: StreetOpening, billed: list[AmountDue], calendar: CityCalendar) -> str:
    if billed or not opening.emergency or opening.opened_on is None:
        return ""
    waiver = emergency_fee_waiver_until(opening.opened_on, calendar)
    return (
        f"No permit fee: emergency excavation of {format_day(opening.opened_on)}, applied for "
        f"{format_day(opening.applied_on)}, within two regular business days (by "
        f"{format_day(waiver)}). Actual City expenses are charged to the permittee."
    )


def permit_protection(
    session: Session,
    opening_id: int,
    *,
    calendar: CityCalendar,
    tz: tzinfo | None = None,
) -> PermitProtection:
    """What the permit of ``opening_id`` shows of its bond, insurance and fee, by the City's
    ``calendar``; ``tz`` (for the receipts' dates) defaults to City Hall's."""
    opening = get_opening(session, opening_id)
    record = RecordRef(RECORD_TYPE, str(opening.id))
    billed = [
        due
        for due in dues_for(session, record)
        if due.kind in FEE_KINDS and due.status != DueStatus.CANCELLED
    ]
    owed = sum((due.balance for due in billed if due.status == DueStatus.OPEN), Money.zero())
    return PermitProtection(
        public_utility=opening.applicant.public_utility,
        bonds=tuple(_bonds(session, opening)),
        insurance=_insurance(session, opening, calendar),
        receipts=tuple(fee_receipts(session, record, tz=tz)),
        fee_owed=owed,
        no_fee=_no_fee(opening, billed, calendar),
        fee_doubled=any(due.kind == DueKind.DOUBLED_FEE for due in billed),
        pavement_due=restoration_due(opening.approved_on, calendar)
        if opening.approved_on
        else None,
    )


# ---- the Street Openings tab -------------------------------------------------------------------
# What the tab and its forms ask: the register under a status as the register shows it, the
# permit's dues with the receipts that paid them, its history, the improvement register, and what
# a form will mean before it is saved.


class Shown(enum.StrEnum):
    """What the register's status filter offers: the statuses as the register shows them
    (:func:`clerk_desk.street_openings.service.display_status`), so "expired" is an approved permit
    past its last day and "approved" one still valid."""

    APPLIED = "applied"
    APPROVED = "approved"
    IN_PROGRESS = "in_progress"
    RESTORED = "restored"
    CLOSED = "closed"
    EXPIRED = "expired"
    REFUSED = "refused"
    EXEMPT = "exempt"

    @property
    def label(self) -> str:
        return {
            "applied": "Applied",
            "approved": "Approved",
            "in_progress": "In progress",
            "restored": "Restored / guarantee period",
            "closed": "Closed",
            "expired": "Expired",
            "refused": "Refused",
            "exempt": "City work (exempt)",
        }[self.value]


def search_register(
    session: Session,
    text: str = "",
    *,
    shown: Shown | None = None,
    year: int | None = None,
    today: date,
    limit: int = so.SEARCH_LIMIT,
) -> list[StreetOpening]:
    """The register as :func:`clerk_desk.street_openings.service.search_openings` reads it,
    narrowed to a status as the register shows it (approved and expired told apart by ``today``)."""
    query = select(StreetOpening)
    for word in fold(text).split():
        query = query.where(StreetOpening.search_text.contains(word, autoescape=True))
    if shown is Shown.APPROVED:
        query = query.where(
            StreetOpening.status == OpeningStatus.APPROVED,
            StreetOpening.valid_until.is_(None) | (StreetOpening.valid_until >= today),
        )
    elif shown is Shown.EXPIRED:
        query = query.where(
            StreetOpening.status == OpeningStatus.APPROVED, StreetOpening.valid_until < today
        )
    elif shown is not None:
        query = query.where(StreetOpening.status == OpeningStatus(shown.value))
    if year is not None:
        query = query.where(StreetOpening.year == year)
    query = query.options(
        selectinload(StreetOpening.applicant),
        selectinload(StreetOpening.sites).selectinload(OpeningSite.street),
        selectinload(StreetOpening.renewals),
    ).order_by(StreetOpening.applied_at.desc(), StreetOpening.id.desc())
    return list(session.scalars(query.limit(limit)))


def register_years(session: Session) -> list[int]:
    """The years the register holds, latest first (the tab's filter offers them)."""
    return list(
        session.scalars(select(StreetOpening.year).distinct().order_by(StreetOpening.year.desc()))
    )


def restoration_due_on(opening: StreetOpening, calendar: CityCalendar) -> date | None:
    """The day the pavement is due for an approved permit not yet restored: the following
    July 1 for a winter cold-mix patch, else 60 days from the permit (§ 506-7G)."""
    if opening.approved_on is None or opening.completed_on is not None:
        return None
    if OpeningStatus(opening.status) not in (OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS):
        return None
    if opening.temporary_patch_on is not None:
        return so.patch_replacement_due(opening.temporary_patch_on)
    return so.restoration_due(opening.approved_on, calendar)


def history(session: Session, opening_id: int, *, zone: tzinfo | None = None) -> list[HistoryEntry]:
    """What was done to one permit, oldest first: the audit trail of its own record (every
    service that changes it writes there) and of its fees, readable by whoever may read the
    register."""
    return records_history(session, RecordRef(RECORD_TYPE, str(opening_id)), zone=zone)


def improvements(session: Session) -> list[StreetImprovement]:
    """The street improvement register, latest determination first."""
    return list(
        session.scalars(
            select(StreetImprovement)
            .options(selectinload(StreetImprovement.street))
            .order_by(StreetImprovement.determined_on.desc(), StreetImprovement.id.desc())
        )
    )


@dataclass(frozen=True, slots=True)
class DueView:
    """One amount billed for a permit, with the receipts that paid it."""

    id: int
    kind: DueKind
    description: str
    amount: Money
    paid: Money
    status: DueStatus
    due_on: date | None
    cite: str
    receipts: tuple[str, ...]  # numbers of the issued receipts that paid it
    overdue: bool  # open and past its due date
    note: str  # what follows from being overdue, or nothing

    @property
    def balance(self) -> Money:
        return self.amount - self.paid


def dues(session: Session, opening_id: int, *, today: date) -> list[DueView]:
    """Everything billed for the permit — the fee, the doubled fee, City expenses and the
    special charges for the City's repair and a deficiency repair — each with its due day and
    the receipts that paid it. A City repair charge unpaid 90 days after the notice becomes a
    lien collected as a special tax (§ 506-7 (Repair by City)): it is marked overdue and says
    so; once certified to the tax roll, the note names the run."""
    found = dues_for(session, RecordRef(RECORD_TYPE, str(opening_id)))
    charges = {
        charge.amount_due_id: charge
        for charge in sc.charges_for(session, RECORD_TYPE, str(opening_id))
    }
    paid_by: dict[int, list[str]] = {}
    if found:
        rows = session.execute(
            select(ReceiptLine.amount_due_id, Receipt.number)
            .join(Receipt, Receipt.id == ReceiptLine.receipt_id)
            .where(
                ReceiptLine.amount_due_id.in_([due.id for due in found]),
                Receipt.kind == ReceiptKind.PAYMENT,
                Receipt.status == ReceiptStatus.ISSUED,
            )
            .order_by(Receipt.issued_at, Receipt.id)
        ).all()
        for due_id, number in rows:
            if due_id is not None and number not in paid_by.setdefault(due_id, []):
                paid_by[due_id].append(number)
    views = []
    for due in found:
        status = DueStatus(due.status)
        overdue = status is DueStatus.OPEN and due.due_on is not None and today > due.due_on
        note = ""
        charge = charges.get(due.id)
        if status is DueStatus.CERTIFIED and charge is not None and charge.run is not None:
            note = (
                f"{charge.number} certified to the tax roll (run {charge.run.number}): "
                "collected with the property taxes."
            )
        elif overdue and due.cite == so.REPAIR_CITE:
            note = (
                "Unpaid 90 days after the notice: a lien against the premises, collected as a "
                f"special tax ({so.REPAIR_CITE})."
            )
        elif overdue and due.due_on is not None:
            note = f"Was due {format_day(due.due_on)}."
        views.append(
            DueView(
                id=due.id,
                kind=DueKind(due.kind),
                description=due.description,
                amount=due.amount,
                paid=due.paid,
                status=status,
                due_on=due.due_on,
                cite=due.cite,
                receipts=tuple(paid_by.get(due.id, ())),
                overdue=overdue,
                note=note,
            )
        )
    return views


def application_notes(
    calendar: CityCalendar,
    *,
    today: date,
    planned_start: date | None,
    planned_end: date | None,
    emergency: bool,
    opened_on: date | None,
) -> list[Finding]:
    """What the application form says about the days typed, before anything is saved: the
    frozen-ground season (stated in full, both end days included) for the days of the work, and
    for an emergency the day its application is due and the last day the fee is waived,
    measured against an application taken today."""
    found: list[Finding] = []
    known = [day for day in (planned_start, opened_on) if day is not None]
    if known:
        start = min(known)
        end = max(planned_end or start, start)
        frozen = so.frozen_days(start, end)
        span = f"{format_day(start)} to {format_day(end)}" if end != start else format_day(start)
        if frozen:
            partly = len(frozen) < (end - start).days + 1
            found.append(
                Finding(
                    "warn" if emergency else "block",
                    so.FROZEN_CITE,
                    f"The work ({span}) falls {'partly ' if partly else ''}in the frozen-ground "
                    f"season. {so.FROZEN_RULE}"
                    + (
                        " The determination is recorded before the permit is approved."
                        if emergency
                        else ""
                    ),
                )
            )
        else:
            found.append(
                Finding(
                    "info",
                    so.FROZEN_CITE,
                    f"The work ({span}) is outside the frozen-ground season, November 15 to "
                    "May 1 (both days included).",
                )
            )
    if emergency and opened_on is not None:
        due = so.emergency_application_due(opened_on, calendar)
        waiver = so.emergency_fee_waiver_until(opened_on, calendar)
        late = today > due
        found.append(
            Finding(
                "warn" if late else "info",
                so.EMERGENCY_CITE,
                f"Excavated {format_day(opened_on)}: the application is due no later than the "
                f"next business day, {format_day(due)}, and City officials are notified "
                "immediately." + (" Taken today, it is late." if late else ""),
            )
        )
        found.append(
            Finding(
                "info",
                so.EMERGENCY_FEE_CITE,
                f"Filed within two regular business days, by {format_day(waiver)}, it owes no "
                "permit fee, only actual City expenses; "
                + (
                    "taken today, no permit fee is billed."
                    if today <= waiver
                    else "taken today, the fee is as the fee schedule sets it."
                ),
            )
        )
    return found


def opened_fee_note(session: Session, opening: StreetOpening, opened_on: date) -> Finding:
    """What recording the opening as made on ``opened_on`` does to the fee, said before it is
    saved: made before an approved permit was received (and not an emergency) the application
    and review fee is doubled, once (§ 506-6 (Fee))."""
    if opening.emergency:
        return Finding(
            "info",
            so.EMERGENCY_FEE_CITE,
            "An emergency excavation: the fee is not doubled.",
        )
    if opening.approved_on is not None and opened_on >= opening.approved_on:
        return Finding(
            "info",
            so.FEE_CITE,
            f"Made on or after the approval of {format_day(opening.approved_on)}: the fee "
            "stands as billed.",
        )
    doubled = any(
        due.kind == DueKind.DOUBLED_FEE and due.status != DueStatus.CANCELLED
        for due in dues_for(session, RecordRef(RECORD_TYPE, str(opening.id)))
    )
    if doubled:
        return Finding("info", so.FEE_CITE, "The doubled fee is already billed.")
    fee = fee_on(session, so.FEE_CODE, opening.applied_on)
    return Finding(
        "warn",
        so.FEE_CITE,
        "Made before an approved permit was received: the application and review fee is "
        f"doubled — {fee.amount} more is billed to {opening.applicant.name} when you save.",
    )


def improvement_notes(
    *, determined_on: date, work_begins_on: date | None, utility_notice_on: date | None
) -> list[Finding]:
    """:func:`clerk_desk.street_openings.service.improvement_findings` for an improvement being
    typed."""
    return so.improvement_findings(
        StreetImprovement(
            determined_on=determined_on,
            work_begins_on=work_begins_on,
            utility_notice_on=utility_notice_on,
        )
    )


def renewal_until(opening: StreetOpening) -> date | None:
    """The last day a thirty-day renewal gives (§ 506-6 (Renewal of permit))."""
    if opening.valid_until is None:
        return None
    return opening.valid_until + timedelta(days=so.RENEWAL_DAYS)


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
    administration = sc.administration_for(kind, cost)
    clocks = sc.clocks(
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
