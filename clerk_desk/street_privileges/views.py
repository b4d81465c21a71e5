"""What a street privilege permit and its register print, gathered as plain data (§ 506-9).

The printed permit tells the permittee and the Director of Public Works everything the City holds
for it: the facts of the application, the term (three months from issuance, or the earlier day
the Common Council set), the widths as measured, the bond filed with the City Treasurer, the
certificate of insurance when it is a condition, the receipts that paid the fee, the City costs
billed to the permittee, the City's removal charged to the abutting owner (kept apart: it is not
the permittee's), the five conditions of occupancy with the officials' own, and the advice
recorded.
:func:`permit_view` reads all of it at once so that ``reports`` prints plain data and never runs
a query; :func:`register_rows` does the same for the Excel register. Nothing here writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk.bonds import service as bonds
from clerk_desk.coverage import CoverageKind, Covers, check_certificate, street_privilege
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action
from clerk_desk.due_receipts import fee_receipts
from clerk_desk.kinds import DueKind, DueStatus, FileStatus, PrivilegePurpose, PrivilegeStatus
from clerk_desk.ledger import RecordRef, dues_for
from clerk_desk.lengths import format_length
from clerk_desk.models import StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.settings_store import city_profile
from clerk_desk.street_privileges import records as sp_records
from clerk_desk.street_privileges import review as sp_review
from clerk_desk.street_privileges import rules as sp_rules
from clerk_desk.street_privileges import service as sp
from clerk_desk.words import long_day

SHOWN_LIMITS = tuple(CoverageKind)
"""The limits a certificate shows on the permit, in this order (those it carries)."""


@dataclass(frozen=True, slots=True)
class BondLine:
    """A street privilege bond filed with the City Treasurer for this permit."""

    surety: str
    bond_number: str
    amount: Money
    effective_on: date
    expires_on: date | None = None
    for_this_permit: bool = True  # False: a standing bond of the applicant that covers it
    also_backs: tuple[str, ...] = ()  # a standing bond: the other open permits it stands behind
    claim_made: bool = False  # under a claim: it still stands, but the claim comes out of it


@dataclass(frozen=True, slots=True)
class InsuranceLine:
    """The certificate of insurance on file that the permit relies on."""

    insurer: str
    policy_numbers: str
    limits: tuple[tuple[str, Money], ...]  # (coverage label, amount)
    effective_on: date
    expires_on: date
    shortfalls: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ReceiptLine:
    """A receipt line that paid (part of) the permit fee."""

    description: str
    amount: Money
    receipt_number: str
    paid_on: date


@dataclass(frozen=True, slots=True)
class ChargeLine:
    """An amount billed on the permit beyond the fee: actual City costs (to the permittee), or
    the City's removal (a special charge against the abutting property, to its owner)."""

    kind: str  # "Actual City expenses", "Special charge"
    description: str
    amount: Money
    paid: Money
    status: str  # "Open", "Paid", "Cancelled"
    cite: str
    party: str = ""  # who it is billed to


@dataclass(frozen=True, slots=True)
class ConditionLine:
    """One condition of occupancy printed on the permit (and kept as a checklist)."""

    key: str
    text: str
    cite: str


@dataclass(frozen=True, slots=True)
class AdviceLine:
    """An advisory recommendation to the Director of Public Works."""

    official: str  # "Chief of Police", "Building Inspector"
    on: date | None
    text: str


@dataclass(frozen=True, slots=True)
class PermitView:
    """Everything the printed permit shows, as plain data."""

    number: str
    status: str  # as the register shows it today ("Issued", "Ended Feb 28, 2027", ...)
    applicant_name: str
    applicant_address: str  # mailing address, lines joined with "\n"
    applicant_phone: str
    location: str
    street: str  # the street's full name, "" if none recorded
    parcel: str  # "parcel number, site address", "" if none recorded
    parcel_owner: str
    purpose: str  # the purpose's label
    materials: bool  # construction or demolition materials (§ 506-8 (Exceptions)), not a move
    description: str
    route: str  # a building moved: the way it goes
    building_permit: str  # "No. B-2026-14", "Not required", "Required; not yet recorded"
    planned_start: date | None
    planned_end: date | None
    applied_on: date
    received_by: str
    issued_on: date | None
    issued_by: str
    ends_on: date | None
    earlier_end: bool  # an earlier termination day was set on the permit
    earlier_end_note: str
    term_text: str  # "three months from issuance" / "an earlier day set on the permit: ..."
    widths: tuple[tuple[str, str], ...]  # (label, "36 ft") for each width given
    gutter_clear: bool
    bond_amount: Money | None  # the amount the Director set, not exceeding $10,000
    bonds: tuple[BondLine, ...]
    insurance_required: bool
    insurance_minimums: tuple[tuple[str, Money], ...]  # (coverage label, amount)
    insurance: InsuranceLine | None
    fee_billed: Money
    fee_owed: Money
    receipts: tuple[ReceiptLine, ...]
    city_costs: tuple[ChargeLine, ...]  # actual City costs, billed to the permittee
    removal_charges: tuple[ChargeLine, ...]  # § 506-9 (Removal by City), to the abutting owner
    conditions: tuple[ConditionLine, ...]  # the five conditions of occupancy, in order
    extra_conditions: tuple[str, ...]  # conditions attached by City officials, one per line
    advice: tuple[AdviceLine, ...]
    revoked_on: date | None
    revoked_by: str  # "name, title"
    revoke_reason: str
    closed_on: date | None
    removal_notice_at: datetime | None
    removal_notice_to: str
    removed_by_city_on: date | None
    notes: str


@dataclass(frozen=True, slots=True)
class RegisterRow:
    """One line of the Excel register of street privilege permits."""

    number: str
    applied_on: date
    applicant: str
    location: str
    street: str
    purpose: str
    status: str
    issued_on: date | None
    issued_by: str
    ends_on: date | None
    earlier_end: bool
    bond_amount: Money | None
    bond_on_file: str  # "Surety, No. 123, $5,000.00" or ""
    insurance_required: bool
    fee: Money
    fee_paid: Money
    city_costs: Money  # actual City costs billed to the permittee (§ 506-9 (Fee))
    removal_charge: Money  # the City's removal, a special charge on the abutting property
    removal_charged_to: str  # the owner it is charged to
    closed_on: date | None
    revoked_on: date | None
    revoked_by: str
    revoke_reason: str


def _building_permit(privilege: StreetPrivilege) -> str:
    number = privilege.building_permit_number.strip()
    if number:
        return f"No. {number}"
    if privilege.building_permit_required:
        return "Required; not yet recorded"
    return "Not required"


def _widths(privilege: StreetPrivilege) -> tuple[tuple[str, str], ...]:
    rows = (
        ("Street, traveled width", privilege.street_width_in),
        ("Street occupied", privilege.street_used_in),
        ("Sidewalk width", privilege.sidewalk_width_in),
        ("Sidewalk occupied", privilege.sidewalk_used_in),
        ("Temporary sidewalk width", privilege.temporary_sidewalk_width_in),
        ("Fence height (both sides)", privilege.fence_height_in),
    )
    return tuple((label, format_length(value)) for label, value in rows if value is not None)


def _bonds(session: Session, privilege: StreetPrivilege, start: date, end: date) -> list[BondLine]:
    """The bonds that stand behind the permit: those that meet the amount set over the term,
    a bond filed for this permit first; without one meeting it, every candidate (so the permit
    shows what is on file)."""
    held = sp_review.bonds_for(session, privilege)
    amount = privilege.bond_amount
    good = [b for b in held if amount is not None and sp_review.bond_covers(b, amount, start, end)]
    shown = sorted(good or held, key=lambda b: (b.record_type != sp_rules.RECORD_TYPE, b.id))
    return [
        BondLine(
            surety=b.surety,
            bond_number=b.bond_number,
            amount=b.amount,
            effective_on=b.effective_on,
            expires_on=b.expires_on,
            for_this_permit=b.record_type == sp_rules.RECORD_TYPE,
            also_backs=tuple(p.number for p in sp_review.also_backs(session, privilege, b)),
            claim_made=FileStatus(b.status) is FileStatus.CLAIM_MADE,
        )
        for b in shown
    ]


def _insurance(
    session: Session, privilege: StreetPrivilege, start: date, end: date, calendar: CityCalendar
) -> InsuranceLine | None:
    """The certificate judged as the review judges it: of those on file, the one with the
    fewest shortfalls for the permit's term."""
    if not privilege.insurance_required:
        return None
    requirement = street_privilege(sp_records.insurance_minimums(privilege))
    judged = [
        (
            check_certificate(
                bonds.as_certificate(c), requirement, covers=Covers(start, end), calendar=calendar
            ),
            c,
        )
        for c in bonds.certificates_of(session, privilege.applicant_id)
    ]
    if not judged:
        return None
    found, best = min(judged, key=lambda pair: (sum(f.blocks for f in pair[0]), len(pair[0])))
    coverages = bonds.as_certificate(best).coverages
    return InsuranceLine(
        insurer=best.insurer,
        policy_numbers=best.policy_numbers,
        limits=tuple((kind.label, coverages[kind]) for kind in SHOWN_LIMITS if kind in coverages),
        effective_on=best.effective_on,
        expires_on=best.expires_on,
        shortfalls=tuple(f.text for f in found if f.blocks),
    )


def _charges(
    session: Session, privilege: StreetPrivilege
) -> tuple[list[ChargeLine], list[ChargeLine]]:
    """The amounts billed on the permit beyond the fee: (actual City costs billed to the
    permittee, the City's removal charged against the abutting property)."""
    costs: list[ChargeLine] = []
    removals: list[ChargeLine] = []
    for due in dues_for(session, RecordRef(sp_rules.RECORD_TYPE, str(privilege.id))):
        if due.kind == DueKind.FEE:
            continue
        line = ChargeLine(
            kind=DueKind(due.kind).label,
            description=due.description,
            amount=due.amount,
            paid=due.paid,
            status=DueStatus(due.status).value.capitalize(),
            cite=due.cite,
            party=due.party.name,
        )
        (removals if due.kind == DueKind.SPECIAL_CHARGE else costs).append(line)
    return costs, removals


def _advice(privilege: StreetPrivilege) -> list[AdviceLine]:
    return [
        AdviceLine(official, on, text.strip())
        for official, on, text in (
            ("Chief of Police", privilege.police_advice_on, privilege.police_advice),
            ("Building Inspector", privilege.inspector_advice_on, privilege.inspector_advice),
        )
        if text.strip()
    ]


def term_text(privilege: StreetPrivilege) -> str:
    """How the permit's last day was set, as printed."""
    if privilege.ends_on is None:
        return "Three months from issuance, unless the Common Council sets an earlier day."
    if privilege.earlier_end_on is not None:
        note = privilege.earlier_end_note.strip()
        return (
            f"An earlier termination set at the discretion of the Common Council: "
            f"{long_day(privilege.ends_on)}" + (f" ({note})" if note else "") + "."
        )
    return f"Three months from issuance: through {long_day(privilege.ends_on)}."


def permit_view(
    session: Session,
    privilege_id: int,
    calendar: CityCalendar,
    *,
    today: date | None = None,
) -> PermitView:
    """Everything the printed permit of ``privilege_id`` shows. ``today`` gives the status as
    the register shows it ("Ended Feb 28, 2027"); without it, the stored status."""
    privilege = sp_records.get_privilege(session, privilege_id)
    applicant = privilege.applicant
    parcel = privilege.parcel
    record = RecordRef(sp_rules.RECORD_TYPE, str(privilege.id))
    start = privilege.issued_on or today or privilege.applied_on
    end = privilege.ends_on or sp_rules.three_months_from(start)
    fees = sp_review.fee_dues(session, privilege.id)
    minimums = sp_records.insurance_minimums(privilege)
    costs, removals = _charges(session, privilege)
    return PermitView(
        number=privilege.number,
        status=sp.display_status(privilege, today)
        if today is not None
        else PrivilegeStatus(privilege.status).label,
        applicant_name=applicant.name,
        applicant_address=applicant.mailing_address,
        applicant_phone=applicant.phone,
        location=privilege.location,
        street=privilege.street.full_name if privilege.street else "",
        parcel=", ".join(p for p in (parcel.parcel_number, parcel.site_address) if p)
        if parcel
        else "",
        parcel_owner=parcel.owner.name if parcel and parcel.owner else "",
        purpose=PrivilegePurpose(privilege.purpose).label,
        materials=PrivilegePurpose(privilege.purpose) is not PrivilegePurpose.MOVE_BUILDING,
        description=privilege.description,
        route=privilege.route,
        building_permit=_building_permit(privilege),
        planned_start=privilege.planned_start,
        planned_end=privilege.planned_end,
        applied_on=privilege.applied_on,
        received_by=privilege.received_by_name,
        issued_on=privilege.issued_on,
        issued_by=privilege.issued_by_name,
        ends_on=privilege.ends_on,
        earlier_end=privilege.earlier_end_on is not None,
        earlier_end_note=privilege.earlier_end_note,
        term_text=term_text(privilege),
        widths=_widths(privilege),
        gutter_clear=privilege.gutter_clear,
        bond_amount=privilege.bond_amount,
        bonds=tuple(_bonds(session, privilege, start, end)),
        insurance_required=privilege.insurance_required,
        insurance_minimums=tuple((kind.label, amount) for kind, amount in minimums.items()),
        insurance=_insurance(session, privilege, start, end, calendar),
        fee_billed=sum((due.amount for due in fees), Money.zero()),
        fee_owed=sum((due.balance for due in fees if due.status == DueStatus.OPEN), Money.zero()),
        receipts=tuple(
            ReceiptLine(r.description, r.amount, r.receipt_number, r.paid_on)
            for r in fee_receipts(session, record, kinds=(DueKind.FEE,))
        ),
        city_costs=tuple(costs),
        removal_charges=tuple(removals),
        conditions=tuple(ConditionLine(key, text, cite) for key, text, cite in sp_rules.CONDITIONS),
        extra_conditions=tuple(sp.extra_conditions(privilege)),
        advice=tuple(_advice(privilege)),
        revoked_on=privilege.revoked_on,
        revoked_by=", ".join(
            p for p in (privilege.revoked_by_name, privilege.revoked_by_title) if p
        ),
        revoke_reason=privilege.revoke_reason,
        closed_on=privilege.closed_on,
        removal_notice_at=privilege.removal_notice_at,
        removal_notice_to=privilege.removal_notice_to,
        removed_by_city_on=privilege.removed_by_city_on,
        notes=privilege.notes,
    )


def register_rows(
    session: Session, year: int | None = None, *, today: date | None = None
) -> list[RegisterRow]:
    """The register of permits (of ``year``, or all), oldest first, for the Excel export.
    ``today`` gives the status as the register shows it; without it, the stored status."""
    query = select(StreetPrivilege).options(*sp.register_options())
    if year is not None:
        query = query.where(StreetPrivilege.year == year)
    privileges = list(
        session.scalars(query.order_by(StreetPrivilege.applied_at, StreetPrivilege.id))
    )
    rows = []
    for privilege in privileges:
        dues = [
            due
            for due in dues_for(session, RecordRef(sp_rules.RECORD_TYPE, str(privilege.id)))
            if due.status != DueStatus.CANCELLED
        ]
        fees = [due for due in dues if due.kind == DueKind.FEE]
        removals = [due for due in dues if due.kind == DueKind.SPECIAL_CHARGE]
        start = privilege.issued_on or today or privilege.applied_on
        end = privilege.ends_on or sp_rules.three_months_from(start)
        bond_lines = _bonds(session, privilege, start, end)
        bond = bond_lines[0] if bond_lines else None
        rows.append(
            RegisterRow(
                number=privilege.number,
                applied_on=privilege.applied_on,
                applicant=privilege.applicant.name,
                location=privilege.location,
                street=privilege.street.full_name if privilege.street else "",
                purpose=PrivilegePurpose(privilege.purpose).label,
                status=sp.display_status(privilege, today)
                if today is not None
                else PrivilegeStatus(privilege.status).label,
                issued_on=privilege.issued_on,
                issued_by=privilege.issued_by_name,
                ends_on=privilege.ends_on,
                earlier_end=privilege.earlier_end_on is not None,
                bond_amount=privilege.bond_amount,
                bond_on_file=f"{bond.surety}, No. {bond.bond_number}, {bond.amount}"
                if bond
                else "",
                insurance_required=privilege.insurance_required,
                fee=sum((due.amount for due in fees), Money.zero()),
                fee_paid=sum((due.paid for due in fees), Money.zero()),
                city_costs=sum(
                    (
                        due.amount
                        for due in dues
                        if due.kind not in (DueKind.FEE, DueKind.SPECIAL_CHARGE)
                    ),
                    Money.zero(),
                ),
                removal_charge=sum((due.amount for due in removals), Money.zero()),
                removal_charged_to="; ".join(dict.fromkeys(due.party.name for due in removals)),
                closed_on=privilege.closed_on,
                revoked_on=privilege.revoked_on,
                revoked_by=", ".join(
                    p for p in (privilege.revoked_by_name, privilege.revoked_by_title) if p
                ),
                revoke_reason=privilege.revoke_reason,
            )
        )
    return rows


# ---- the papers as the window asks for them, through the Action ------------------------------


@dataclass(frozen=True, slots=True)
class PermitPaper:
    """The permit read in one action, to be drawn after that action has closed."""

    view: PermitView
    profile: CityProfile
    printed_on: date


@dataclass(frozen=True, slots=True)
class RegisterPaper:
    """The register of a year (or all) read in one action, for the Excel export."""

    rows: tuple[RegisterRow, ...]
    city: str
    printed_on: date


def permit_of(action: Action, privilege_id: int) -> PermitView:
    """What the permit of ``privilege_id`` shows (also what the details pane has on file)."""
    return permit_view(action.session, privilege_id, action.calendar)


def permit_paper(action: Action, privilege_id: int) -> PermitPaper:
    """The permit of ``privilege_id`` and the City's letterhead, printed today."""
    return PermitPaper(
        permit_of(action, privilege_id), city_profile(action.session), action.today()
    )


def register_paper(action: Action, year: int | None) -> RegisterPaper:
    """The register of ``year`` (every year when None) as it stands today."""
    today = action.today()
    return RegisterPaper(
        tuple(register_rows(action.session, year, today=today)),
        city_profile(action.session).city_name,
        today,
    )
