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
from datetime import date, datetime, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk.bonds import service as bonds
from clerk_desk.coverage import STREET_OPENING, CoverageKind, Covers, check_certificate
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action
from clerk_desk.due_receipts import FeeReceipt, fee_receipts
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import (
    BondKind,
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
    OpeningRenewal,
    OpeningSite,
    Receipt,
    ReceiptLine,
    StreetImprovement,
    StreetOpening,
)
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.settings_store import city_profile
from clerk_desk.special_charges import service as sc
from clerk_desk.street_openings import rules
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings.acts import OpeningAct, acts
from clerk_desk.street_openings.approval import approval_findings
from clerk_desk.street_openings.improvements import improvement_findings
from clerk_desk.street_openings.rules import (
    RECORD_TYPE,
    emergency_fee_waiver_until,
    restoration_due,
)
from clerk_desk.street_openings.service import SiteData, get_opening
from clerk_desk.street_openings.work import ChecklistLine, work_checklist
from clerk_desk.text_search import words_match
from clerk_desk.validation import max_length
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
FIELD_LENGTHS: dict[str, int] = {
    "location": max_length(OpeningSite.location) or 200,
    "limits": max_length(StreetImprovement.limits) or 200,
}
"""How many characters a form's field may take: what the column stores, which the service
checks too."""
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


def work_years(opening: StreetOpening) -> list[int]:
    """The calendar years of the work, read as the approval reads them (and as the Annual
    Bonds register reads which permits a principal's annual bond covers)."""
    start = opening.planned_start or opening.opened_on or opening.approved_on or opening.applied_on
    end = max(opening.planned_end or start, start)
    return list(range(start.year, end.year + 1))


def _bonds(session: Session, opening: StreetOpening) -> list[BondOnFile]:
    annuals = [bonds.annual_bond(session, opening.applicant_id, y) for y in work_years(opening)]
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


def protection_of(action: Action, opening_id: int) -> PermitProtection:
    """:func:`permit_protection` read in the window's action, on City Hall's calendar and clock."""
    return permit_protection(action.session, opening_id, calendar=action.calendar, tz=action.zone)


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
    limit: int = rules.SEARCH_LIMIT,
) -> list[StreetOpening]:
    """The register as :func:`clerk_desk.street_openings.service.search_openings` reads it,
    narrowed to a status as the register shows it (approved and expired told apart by ``today``)."""
    query = select(StreetOpening)
    query = query.where(*words_match(session, StreetOpening.search_text, text))
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
        return rules.patch_replacement_due(opening.temporary_patch_on)
    return rules.restoration_due(opening.approved_on, calendar)


def pavement_due_on(opening: StreetOpening, calendar: CityCalendar) -> date | None:
    """As the Today tab counts it: a winter patch by the following July 1, else permanent
    pavement 60 days from the permit's date (§ 506-7G)."""
    if opening.temporary_patch_on is not None:
        return rules.patch_replacement_due(opening.temporary_patch_on)
    if opening.approved_on is not None:
        return rules.restoration_due(opening.approved_on, calendar)
    return None


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
        elif overdue and due.cite == rules.REPAIR_CITE:
            note = (
                "Unpaid 90 days after the notice: a lien against the premises, collected as a "
                f"special tax ({rules.REPAIR_CITE})."
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


# ---- the register and the chosen permit, as the tab shows them -------------------------------


@dataclass(frozen=True, slots=True)
class SiteRow:
    """One opening listed on an application (or on the form)."""

    location: str
    street_id: int | None = None
    street: str = ""
    surface: str = ""
    length_ft: int | None = None
    width_ft: int | None = None

    @classmethod
    def of(cls, site: OpeningSite) -> SiteRow:
        return cls(
            site.location,
            site.street_id,
            site.street.full_name if site.street is not None else "",
            site.surface,
            site.length_ft,
            site.width_ft,
        )

    @property
    def size(self) -> str:
        """ "12 by 4 ft", "12 ft long", or nothing."""
        if self.length_ft and self.width_ft:
            return f"{self.length_ft} by {self.width_ft} ft"
        if self.length_ft:
            return f"{self.length_ft} ft long"
        if self.width_ft:
            return f"{self.width_ft} ft wide"
        return ""

    def data(self) -> SiteData:
        return SiteData(self.location, self.street_id, self.surface, self.length_ft, self.width_ft)


@dataclass(frozen=True, slots=True)
class RenewalRow:
    requested_on: date
    granted_on: date
    granted_by: str
    valid_until: date

    @classmethod
    def of(cls, renewal: OpeningRenewal) -> RenewalRow:
        return cls(
            renewal.requested_on, renewal.granted_on, renewal.granted_by, renewal.valid_until
        )


@dataclass(frozen=True, slots=True)
class OpeningRow:
    """A street opening as the register shows it, read inside one action."""

    id: int
    number: str
    applicant_id: int
    applicant: str
    applicant_address: str
    applicant_mailing_address: str  # as the permit prints it under the permittee's name
    applicant_contact: str
    applicant_phone: str
    public_utility: bool
    status: OpeningStatus
    status_text: str  # as the register shows it today: "Expired", "Guarantee period" …
    emergency: bool
    nature_of_work: str
    method: str
    existing_patches: str
    planned_start: date | None
    planned_end: date | None
    opened_on: date | None
    city_notified_at: datetime | None  # City Hall's time
    applied_at: datetime  # City Hall's time
    received_by: str
    frozen_emergency_by: str
    frozen_emergency_on: date | None
    council_essential_on: date | None
    council_essential_note: str
    approved_on: date | None
    approved_by: str
    approved_by_title: str
    valid_until: date | None
    restoration_due: date | None
    pavement_due: date | None  # as the register workbook counts it, restored or not
    restoration_overdue: bool
    commencement_notice_at: datetime | None
    started_at: datetime | None
    backfill_notice_at: datetime | None
    backfilled_at: datetime | None
    service_loss_notice_at: datetime | None
    service_lost_at: datetime | None
    temporary_patch_on: date | None
    completed_on: date | None
    guarantee_ends: date | None
    refused_reason: str
    notes: str
    sites: tuple[SiteRow, ...]
    renewals: tuple[RenewalRow, ...]

    @classmethod
    def of(cls, opening: StreetOpening, action: Action) -> OpeningRow:
        zone, today = action.zone, action.today()
        applicant = opening.applicant

        def local(moment: datetime | None) -> datetime | None:
            return moment.astimezone(zone) if moment is not None else None

        address = ", ".join(p for p in (applicant.street, applicant.city) if p)
        restoration = restoration_due_on(opening, action.calendar)
        return cls(
            id=opening.id,
            number=opening.number,
            applicant_id=opening.applicant_id,
            applicant=applicant.name,
            applicant_address=address,
            applicant_mailing_address=applicant.mailing_address,
            applicant_contact=applicant.contact_name,
            applicant_phone=applicant.phone,
            public_utility=applicant.public_utility,
            status=OpeningStatus(opening.status),
            status_text=so.display_status(opening, today),
            emergency=opening.emergency,
            nature_of_work=opening.nature_of_work,
            method=opening.method,
            existing_patches=opening.existing_patches,
            planned_start=opening.planned_start,
            planned_end=opening.planned_end,
            opened_on=opening.opened_on,
            city_notified_at=local(opening.city_notified_at),
            applied_at=opening.applied_at.astimezone(zone),
            received_by=opening.received_by_name,
            frozen_emergency_by=opening.frozen_emergency_by,
            frozen_emergency_on=opening.frozen_emergency_on,
            council_essential_on=opening.council_essential_on,
            council_essential_note=opening.council_essential_note,
            approved_on=opening.approved_on,
            approved_by=opening.approved_by_name,
            approved_by_title=opening.approved_by_title,
            valid_until=opening.valid_until,
            restoration_due=restoration,
            pavement_due=pavement_due_on(opening, action.calendar),
            restoration_overdue=restoration is not None and today > restoration,
            commencement_notice_at=local(opening.commencement_notice_at),
            started_at=local(opening.started_at),
            backfill_notice_at=local(opening.backfill_notice_at),
            backfilled_at=local(opening.backfilled_at),
            service_loss_notice_at=local(opening.service_loss_notice_at),
            service_lost_at=local(opening.service_lost_at),
            temporary_patch_on=opening.temporary_patch_on,
            completed_on=opening.completed_on,
            guarantee_ends=(
                rules.guarantee_ends(opening.completed_on)
                if opening.completed_on is not None
                else None
            ),
            refused_reason=opening.refused_reason,
            notes=opening.notes,
            sites=tuple(SiteRow.of(site) for site in opening.sites),
            renewals=tuple(RenewalRow.of(r) for r in opening.renewals),
        )

    @property
    def locations(self) -> str:
        return "; ".join(site.location for site in self.sites)

    @property
    def applied_on(self) -> date:
        return self.applied_at.date()

    def expired_on(self, day: date) -> bool:
        """Past its last day on ``day``, its opening never made (the permit prints EXPIRED)."""
        return rules.expired(self.status, self.valid_until, day)

    @property
    def exempt(self) -> bool:
        return self.status is OpeningStatus.EXEMPT

    @property
    def approved(self) -> bool:
        """Approved at some time (a permit exists to print)."""
        return self.approved_on is not None and not self.exempt

    @property
    def open_permit(self) -> bool:
        """Approved and not yet restored: the work and its notices are being recorded."""
        return self.status in (OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS)

    @property
    def finished(self) -> bool:
        return self.status in (OpeningStatus.CLOSED, OpeningStatus.REFUSED, OpeningStatus.EXEMPT)

    @property
    def work_days(self) -> str:
        """ "Mon May 3, 2027 to Fri May 7, 2027", or what is known of it."""
        start = self.planned_start or self.opened_on
        if start is None:
            return ""
        end = self.planned_end or start
        return format_day(start) if end == start else f"{format_day(start)} to {format_day(end)}"


def register_rows(
    action: Action,
    text: str = "",
    *,
    shown: Shown | None = None,
    year: int | None = None,
    limit: int = rules.SEARCH_LIMIT,
) -> list[OpeningRow]:
    """The register the tab lists: :func:`search_register`'s permits as rows."""
    return [
        OpeningRow.of(o, action)
        for o in search_register(
            action.session, text, shown=shown, year=year, today=action.today(), limit=limit
        )
    ]


def opening_row(action: Action, opening_id: int) -> OpeningRow:
    """One permit as the register shows it (the forms' banner)."""
    return OpeningRow.of(so.get_opening(action.session, opening_id), action)


def years(action: Action) -> list[int]:
    """The years the register holds, latest first (the tab's year filter)."""
    return register_years(action.session)


@dataclass(frozen=True, slots=True)
class OpeningDetails:
    """Everything the tab shows of the permit chosen, read in one action: its row, the approval
    findings, the work checklist, its dues, its history, and the acts the operator may take on
    it now (each None, or the refusal the service would give)."""

    row: OpeningRow
    findings: tuple[Finding, ...]
    checklist: tuple[ChecklistLine, ...]
    dues: tuple[DueView, ...]
    history: tuple[HistoryEntry, ...]
    acts: dict[OpeningAct, str | None]


def opening_details(action: Action, opening_id: int) -> OpeningDetails:
    """:class:`OpeningDetails` of one permit."""
    session, today = action.session, action.today()
    opening = so.get_opening(session, opening_id)
    row = OpeningRow.of(opening, action)
    findings: list[Finding] = []
    if not row.finished:
        findings = approval_findings(session, opening, calendar=action.calendar, today=today)
    checklist: list[ChecklistLine] = []
    if row.approved:
        checklist = work_checklist(opening, calendar=action.calendar, today=today, tz=action.zone)
    return OpeningDetails(
        row,
        tuple(findings),
        tuple(checklist),
        tuple(dues(session, opening_id, today=today)),
        tuple(history(session, opening_id, zone=action.zone)),
        acts(action, opening_id),
    )


def taken_message(action: Action, opening_id: int, what: str) -> str:
    """ "Street opening SO-2026-014 taken. Fee billed: $50.00." — what the clerk tells the
    applicant at the counter once the application is saved (``what``: "taken", "recorded
    (exempt)")."""
    number = so.get_opening(action.session, opening_id).number
    if "exempt" in what:
        return f"Street opening {number} {what}."
    owed = [
        d
        for d in dues(action.session, opening_id, today=action.today())
        if d.status.value == "open"
    ]
    fee = f"Fee billed: {owed[0].amount}." if owed else "No permit fee billed."
    return f"Street opening {number} {what}. {fee}"


# ---- the street improvement register, as its dialog shows it --------------------------------


@dataclass(frozen=True, slots=True)
class ImprovementRow:
    """One improvement or repaving, with the five years it starts and what its dates miss."""

    id: int
    street_id: int
    street: str
    limits: str
    description: str
    determined_on: date
    utility_notice_on: date | None
    work_begins_on: date | None
    completed_on: date | None
    no_openings_through: date | None
    findings: tuple[Finding, ...]

    @classmethod
    def of(cls, improvement: StreetImprovement) -> ImprovementRow:
        completed = improvement.completed_on
        return cls(
            improvement.id,
            improvement.street_id,
            improvement.street.full_name,
            improvement.limits,
            improvement.description,
            improvement.determined_on,
            improvement.utility_notice_on,
            improvement.work_begins_on,
            completed,
            rules.moratorium_ends(completed) if completed is not None else None,
            tuple(improvement_findings(improvement)),
        )

    @property
    def check_text(self) -> str:
        return " ".join(f.text for f in self.findings)


def improvement_rows(action: Action) -> list[ImprovementRow]:
    """The street improvement register, latest determination first."""
    return [ImprovementRow.of(i) for i in improvements(action.session)]


# ---- the papers, read in the action that prints them --------------------------------------


@dataclass(frozen=True, slots=True)
class PermitPaper:
    """What the printed permit shows, read in one action: the permit, what the City holds for
    it, the City's letterhead and the day it is printed."""

    row: OpeningRow
    protection: PermitProtection
    profile: CityProfile
    printed_on: date


def permit_paper(action: Action, opening_id: int) -> PermitPaper:
    """:class:`PermitPaper` of one permit, printed today."""
    return PermitPaper(
        opening_row(action, opening_id),
        protection_of(action, opening_id),
        city_profile(action.session),
        action.today(),
    )


@dataclass(frozen=True, slots=True)
class RegisterExport:
    """The register as the workbook prints it: the rows, the day and the City's name."""

    rows: tuple[OpeningRow, ...]
    today: date
    city: str


def register_export(
    action: Action, text: str, *, shown: Shown | None, year: int | None, limit: int
) -> RegisterExport:
    """The permits the tab's search and filters show, up to ``limit``, for the workbook."""
    rows = register_rows(action, text, shown=shown, year=year, limit=limit)
    return RegisterExport(tuple(rows), action.today(), city_profile(action.session).city_name)
