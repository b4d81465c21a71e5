"""Bonds and certificates of insurance: filed, checked against the code, watched, released.

A permit may issue only when the City holds the protection the ordinance requires: a certificate
of insurance meeting the permit's profile (:mod:`clerk_desk.coverage`) and, for a street opening,
a $10,000 bond — unless the applicant is a public utility or holds an annual bond for the year of
the work (§ 506-6 (Bond), § 506-6 (Public utilities)). Nothing here is deleted: a bond is
released, claimed or forfeited by a recorded act; a certificate is superseded by a newer one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import partial

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import InstrumentedAttribute, Session, joinedload, selectinload

from clerk_desk import acting, naming
from clerk_desk.bonds import acts, standing
from clerk_desk.coverage import Certificate, CoverageKind, Covers, Requirement, check_certificate
from clerk_desk.deadlines import CityCalendar, last_day_of_year_from, months_after
from clerk_desk.desk import Action, snapshot
from clerk_desk.documents import scan_bytes as scan_bytes
from clerk_desk.documents import store_scan
from clerk_desk.errors import Conflict, InvalidInput, NotFound, Refusals
from clerk_desk.findings import Finding
from clerk_desk.kinds import BondKind, FileStatus
from clerk_desk.models import Bond, InsuranceCertificate, Party, Revocation
from clerk_desk.money import Money
from clerk_desk.parties import get_party
from clerk_desk.permissions import Permission
from clerk_desk.text_search import fold, words_match
from clerk_desk.today import TodayItem, provider
from clerk_desk.unique_save import save_unique
from clerk_desk.validation import fits
from clerk_desk.words import format_day

BOND_CITE = acts.BOND_CITE
INSURANCE_CITE = "§ 506-6 (Insurance required)"
# The section a certificate's permit kind cites on the Today tab (its record_type).
INSURANCE_CITES = {
    "street_opening": INSURANCE_CITE,
    "vending": "§ 506-24 (Conditions of permit: Liability insurance)",
    "sidewalk_cafe": "§ 506-10 (Liability; indemnification of the City of Prescott; insurance)",
    "street_privilege": "§ 506-9 (When required)",
}
UTILITY_CITE = "§ 506-6 (Public utilities)"
PRIVILEGE_BOND_CITE = "§ 506-9 (Bond)"
STREET_OPENING_BOND = Money("10000")
PRIVILEGE_BOND_LIMIT = Money("10000")
EXPIRY_WARNING_DAYS = 30
_COLUMNS = {
    CoverageKind.BODILY_INJURY_PER_PERSON: "bi_person",
    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: "bi_occurrence",
    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: "pd_occurrence",
    CoverageKind.COMBINED_SINGLE_LIMIT: "combined_single",
    CoverageKind.PRODUCTS_COMPLETED_OPERATIONS: "products_completed",
    CoverageKind.MEDICAL_PAYMENTS: "medical",
    CoverageKind.LIQUOR_LIABILITY: "liquor",
}

# -- certificates -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CertificateData:
    insured_id: int
    insurer: str
    effective_on: date
    expires_on: date
    received_on: date
    coverages: Mapping[CoverageKind, Money] = field(default_factory=dict)
    policy_numbers: str = ""
    general_liability: bool = False  # the certificate must show it
    contractual_liability: bool = False
    city_additional_insured: bool = False
    additional_insured_endorsement: bool = False
    notice_days: int | None = None
    record_type: str = ""
    record_id: str = ""
    note: str = ""


def _refuse_certificate(data: CertificateData, insurer: str, today: date) -> None:
    """Every refusal of the form's values at once, each beside its field (issue 19)."""
    found = Refusals()
    if not insurer:
        found.refuse(InvalidInput("Enter the insurance company.", field="insurer"))
    texts = (
        (InsuranceCertificate.insurer, insurer, "The insurer's name"),
        (InsuranceCertificate.policy_numbers, data.policy_numbers.strip(), "The policy numbers"),
        (InsuranceCertificate.record_type, data.record_type.strip(), "The kind of record"),
        (InsuranceCertificate.record_id, data.record_id.strip(), "The record number"),
    )
    for column, text, label in texts:
        found.check(partial(fits, column, text, label))
    if data.expires_on < data.effective_on:
        found.refuse(
            InvalidInput(
                "The certificate cannot expire before it takes effect.", field="expires_on"
            )
        )
    if data.received_on > today:
        found.refuse(
            InvalidInput("The date received cannot be later than today.", field="received_on")
        )
    if data.notice_days is not None and not 0 <= data.notice_days <= 365:
        found.refuse(
            InvalidInput("Days of notice are a number from 0 to 365.", field="notice_days")
        )
    for kind, amount in data.coverages.items():
        if amount <= Money.zero():
            found.refuse(
                InvalidInput(
                    f"A {kind.label} limit must be more than $0.00; leave it empty "
                    "if the certificate does not show it.",
                    field=_COLUMNS[kind],
                )
            )
    found.raise_any()


def _clean_certificate(session: Session, data: CertificateData, today: date) -> dict[str, object]:
    get_party(session, data.insured_id)
    insurer = " ".join(data.insurer.split())
    _refuse_certificate(data, insurer, today)
    values: dict[str, object] = {
        column: data.coverages.get(kind) for kind, column in _COLUMNS.items()
    }
    values.update(
        insured_id=data.insured_id,
        insurer=insurer,
        policy_numbers=data.policy_numbers.strip(),
        general_liability=data.general_liability,
        contractual_liability=data.contractual_liability,
        city_additional_insured=data.city_additional_insured,
        additional_insured_endorsement=data.additional_insured_endorsement,
        notice_days=data.notice_days,
        effective_on=data.effective_on,
        expires_on=data.expires_on,
        received_on=data.received_on,
        record_type=data.record_type.strip(),
        record_id=data.record_id.strip().upper(),
        note=data.note.strip(),
    )
    return values


def file_certificate(
    action: Action, data: CertificateData, *, scan: tuple[str, bytes] | None = None
) -> int:
    """File a certificate of insurance (with its scan, if given); its id."""
    acts.allow_new(action, acts.RegisterAct.FILE_CERTIFICATE)
    values = _clean_certificate(action.session, data, action.today())
    # Another holder's permit is refused; a shortfall is filed, and stays as its standing.
    standing.protected_permits(
        action.session, data.insured_id, str(values["record_type"]), str(values["record_id"])
    )
    certificate = InsuranceCertificate(**values, status=FileStatus.ON_FILE, created_at=action.now())
    if scan is not None:
        certificate.scan_name = fits(
            InsuranceCertificate.scan_name, scan[0], "The file name", field="scan"
        )
        certificate.scan_sha256 = store_scan(action, scan[1], scan[0])
    party = action.session.get(Party, data.insured_id)
    certificate.search_text = fold(
        " ".join((party.name if party else "", certificate.insurer, certificate.policy_numbers))
    )
    action.session.add(certificate)
    action.audit(
        "certificate.file",
        certificate,
        f"Certificate of insurance from {certificate.insurer} filed",
        after=snapshot(certificate),
    )
    return certificate.id  # its audit event flushed it


def get_certificate(
    session: Session, certificate_id: int, *, lock: bool = False
) -> InsuranceCertificate:
    """The certificate; with ``lock``, read afresh under a row lock to change it (another
    station may be changing it at the same moment)."""
    certificate = session.get(
        InsuranceCertificate, certificate_id, with_for_update=lock, populate_existing=lock
    )
    if certificate is None:
        raise NotFound(f"There is no certificate number {certificate_id}.")
    return certificate


def supersede_certificate(action: Action, certificate_id: int, *, reason: str) -> None:
    """Mark a certificate replaced (by a corrected or renewed one); it stays in the register."""
    action.require(Permission.MANAGE_BONDS)
    if not reason.strip():
        raise InvalidInput("Say why the certificate is set aside.", field="reason")
    certificate = get_certificate(action.session, certificate_id, lock=True)
    acting.refuse(acts.on_file_refusal(certificate))
    before = snapshot(certificate)
    certificate.status = FileStatus.SUPERSEDED
    certificate.status_on = action.today()
    certificate.status_reason = reason.strip()
    action.audit(
        "certificate.supersede",
        certificate,
        f"Certificate set aside: {reason.strip()}",
        before=before,
        after=snapshot(certificate),
    )


def as_certificate(row: InsuranceCertificate) -> Certificate:
    """The stored certificate as the coverage rules read it."""
    coverages = {
        kind: getattr(row, column)
        for kind, column in _COLUMNS.items()
        if getattr(row, column) is not None
    }
    return Certificate(
        insured=row.insured.name if row.insured else "",
        insurer=row.insurer,
        coverages=coverages,
        effective=row.effective_on,
        expires=row.expires_on,
        received=row.received_on,
        general_liability=row.general_liability,
        contractual_liability=row.contractual_liability,
        city_additional_insured=row.city_additional_insured,
        additional_insured_endorsement=row.additional_insured_endorsement,
        notice_days=row.notice_days,
    )


def data_certificate(data: CertificateData, insured: str) -> Certificate:
    """The certificate as the form holds it, before it is filed, as the coverage rules read
    it."""
    return Certificate(
        insured=insured,
        insurer=" ".join(data.insurer.split()),
        coverages=dict(data.coverages),
        effective=data.effective_on,
        expires=data.expires_on,
        received=data.received_on,
        general_liability=data.general_liability,
        contractual_liability=data.contractual_liability,
        city_additional_insured=data.city_additional_insured,
        additional_insured_endorsement=data.additional_insured_endorsement,
        notice_days=data.notice_days,
    )


def certificates_of(session: Session, party_id: int) -> list[InsuranceCertificate]:
    """The party's certificates on file, latest expiring first."""
    return list(
        session.scalars(
            select(InsuranceCertificate)
            .where(
                InsuranceCertificate.insured_id == party_id,
                InsuranceCertificate.status == FileStatus.ON_FILE,
            )
            .order_by(InsuranceCertificate.expires_on.desc(), InsuranceCertificate.id.desc())
        )
    )


def insurance_findings(
    session: Session,
    *,
    party_id: int,
    requirement: Requirement,
    covers: Covers,
    calendar: CityCalendar,
) -> list[Finding]:
    """What stands between the party's insurance on file and ``requirement`` for ``covers``.

    The certificate with the fewest blocking findings is the one judged; none on file blocks.
    """
    candidates = certificates_of(session, party_id)
    if not candidates:
        party = get_party(session, party_id)
        return [
            Finding(
                "block",
                requirement.cite,
                f"No certificate of insurance is on file for {party.name}.",
            )
        ]
    judged = [
        check_certificate(as_certificate(c), requirement, covers=covers, calendar=calendar)
        for c in candidates
    ]
    return min(judged, key=lambda found: (sum(f.blocks for f in found), len(found)))


def filed_for(
    column: InstrumentedAttribute[str], record_id: int | str, number: str = ""
) -> ColumnElement[bool]:
    """Whether a bond's or certificate's record column names this record: the clerk types the
    permit's number in the Bonds tab ("SP-2026-001"); a workflow may also file by the record's
    id. Numbers are kept in capitals, so a number typed in lower case matches too."""
    keys = {str(record_id)} | ({number.upper()} if number else set())
    return column.in_(sorted(keys))


# -- bonds --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BondData:
    kind: BondKind
    principal_id: int
    surety: str
    bond_number: str
    amount: Money
    effective_on: date
    expires_on: date | None = None
    year: int | None = None
    work_completed_on: date | None = None
    record_type: str = ""
    record_id: str = ""
    note: str = ""


def _check_amount(kind: BondKind, amount: Money) -> None:
    if amount <= Money.zero():
        raise InvalidInput("A bond's amount must be more than $0.00.", field="amount")
    if kind is BondKind.STREET_OPENING and amount < STREET_OPENING_BOND:
        raise InvalidInput(
            f"A street opening bond is {STREET_OPENING_BOND}; this one is {amount}.",
            field="amount",
            cite=BOND_CITE,
        )
    if kind is BondKind.STREET_PRIVILEGE and amount > PRIVILEGE_BOND_LIMIT:
        raise InvalidInput(
            f"A street privilege bond may not exceed {PRIVILEGE_BOND_LIMIT}.",
            field="amount",
            cite=PRIVILEGE_BOND_CITE,
        )


def _refuse_bond(kind: BondKind, data: BondData, surety: str, number: str) -> None:
    """Every refusal of the bond form's values at once, each beside its field (issue 19)."""
    found = Refusals()
    if not surety:
        found.refuse(InvalidInput("Enter the surety company.", field="surety"))
    if not number:
        found.refuse(InvalidInput("Enter the bond number.", field="bond_number"))
    texts = (
        (Bond.surety, surety, "The surety's name"),
        (Bond.bond_number, number, "The bond number"),
        (Bond.record_type, data.record_type.strip(), "The kind of record"),
        (Bond.record_id, data.record_id.strip(), "The record number"),
    )
    for column, text, label in texts:
        found.check(partial(fits, column, text, label))
    found.check(partial(_check_amount, kind, data.amount))
    if data.expires_on is not None and data.expires_on < data.effective_on:
        found.refuse(InvalidInput("The bond cannot end before it starts.", field="expires_on"))
    if kind is BondKind.ANNUAL_EXCAVATION and data.year is None:
        found.refuse(InvalidInput("Enter the calendar year the annual bond covers.", field="year"))
    if kind is BondKind.RESTORATION_GUARANTEE and data.work_completed_on is None:
        found.refuse(
            InvalidInput(
                "Enter the date the restoration work was completed.",
                field="work_completed_on",
                cite=BOND_CITE,
            )
        )
    found.raise_any()


def file_bond(action: Action, data: BondData, *, scan: tuple[str, bytes] | None = None) -> int:
    """File a bond with the City (Treasurer); its id."""
    acts.allow_new(action, acts.RegisterAct.FILE_BOND)
    kind = BondKind(data.kind)
    principal = get_party(action.session, data.principal_id)
    surety = " ".join(data.surety.split())
    number = data.bond_number.strip()
    _refuse_bond(kind, data, surety, number)
    year = data.year
    effective_on, expires_on = data.effective_on, data.expires_on
    if kind is BondKind.ANNUAL_EXCAVATION:
        assert year is not None  # refused above
        existing = annual_bond(action.session, data.principal_id, year)
        if existing is not None:
            raise Conflict(
                f"{principal.name} already has an annual bond for {year} "
                f"(No. {existing.bond_number}).",
                cite=BOND_CITE,
            )
        # "covering all excavation work done by the principal for one year beginning January 1"
        effective_on, expires_on = date(year, 1, 1), date(year, 12, 31)
    bond = Bond(
        kind=kind,
        principal_id=principal.id,
        surety=surety,
        bond_number=number,
        amount=data.amount,
        effective_on=effective_on,
        expires_on=expires_on,
        year=year if kind is BondKind.ANNUAL_EXCAVATION else None,
        work_completed_on=data.work_completed_on,
        status=FileStatus.ON_FILE,
        record_type=data.record_type.strip(),
        record_id=data.record_id.strip().upper(),
        note=data.note.strip(),
        created_at=action.now(),
        search_text=fold(" ".join((principal.name, surety, number))),
    )
    if scan is not None:
        bond.scan_name = fits(Bond.scan_name, scan[0], "The file name", field="scan")
        bond.scan_sha256 = store_scan(action, scan[1], scan[0])
    refusal = f"{principal.name} already has an annual bond for {year}: another station filed it."
    with save_unique(action.session, refusal, cite=BOND_CITE):
        action.session.add(bond)  # uq_bond_annual_principal_year (§ 506-6)
    action.audit(
        "bond.file",
        bond,
        f"{kind.label} {number} of {principal.name} filed ({data.amount})",
        after=snapshot(bond),
    )
    return bond.id  # its audit event flushed it


def get_bond(session: Session, bond_id: int, *, lock: bool = False) -> Bond:
    """The bond; with ``lock``, read afresh under a row lock to change it: a release and a
    claim recorded at two stations at once take turns, the second seeing the first."""
    bond = session.get(Bond, bond_id, with_for_update=lock, populate_existing=lock)
    if bond is None:
        raise NotFound(f"There is no bond number {bond_id}.")
    return bond


def guarantee_year_ends(bond: Bond) -> date | None:
    """The last day of a restoration guarantee's year: the anniversary of completion. A defect
    notice given on that day still holds the guarantee."""
    if BondKind(bond.kind) is not BondKind.RESTORATION_GUARANTEE or bond.work_completed_on is None:
        return None
    return months_after(bond.work_completed_on, 12)


def releasable_on(bond: Bond) -> date | None:
    """When a restoration guarantee may be released: the day after the year from completion of
    the work is out (§ 506-6 (Bond)); None while a defect notice given within that year stands
    unsettled."""
    year_end = guarantee_year_ends(bond)
    if year_end is None:
        return bond.effective_on
    first_free_day = year_end + timedelta(days=1)
    if bond.defect_notice_on is not None and bond.defect_notice_on <= year_end:
        if bond.defect_settled_on is None:
            return None
        return max(first_free_day, bond.defect_settled_on)
    return first_free_day


def record_defect_notice(action: Action, bond_id: int, *, notice_on: date) -> None:
    """The Council's written notice of a defect in restoration work (§ 506-6 (Bond)).

    Only a guarantee the City still holds (on file, or claimed against) takes a notice, and only
    one given within the year after completion: a later one cannot hold it. A new notice
    replaces the one recorded before and clears its settlement, so a second defect found after
    the first was settled holds the guarantee again (the audit trail keeps the earlier one).
    """
    action.require(Permission.MANAGE_BONDS)
    bond = get_bond(action.session, bond_id, lock=True)
    acting.refuse(acts.defect_notice_refusal(bond))
    if notice_on > action.today():
        raise InvalidInput("The notice cannot be dated later than today.", field="notice_on")
    if bond.work_completed_on is not None and notice_on < bond.work_completed_on:
        raise InvalidInput(
            "The notice cannot come before the work was completed.", field="notice_on"
        )
    year_end = guarantee_year_ends(bond)
    if year_end is not None and notice_on > year_end:
        raise Conflict(
            f"The guarantee's year ended {format_day(year_end)}, one year from completion of the "
            "work: a notice given after it cannot hold the guarantee.",
            cite=BOND_CITE,
        )
    before = snapshot(bond)
    bond.defect_notice_on = notice_on
    bond.defect_settled_on = None
    action.audit(
        "bond.defect_notice",
        bond,
        f"Defect notice of {format_day(notice_on)} on guarantee {bond.bond_number}",
        before=before,
        after=snapshot(bond),
    )


def settle_defect_notice(action: Action, bond_id: int, *, settled_on: date, note: str) -> None:
    """The defect named in the Council's notice was repaired, or the City indemnified
    (§ 506-6 (Bond)): the guarantee may then be released once its year is over."""
    action.require(Permission.MANAGE_BONDS)
    bond = get_bond(action.session, bond_id, lock=True)
    if bond.defect_notice_on is None:
        raise Conflict("No defect notice is recorded on this guarantee.")
    if settled_on < bond.defect_notice_on:
        raise InvalidInput(
            "The defect cannot be settled before the notice was given.", field="settled_on"
        )
    if not note.strip():
        raise InvalidInput("Say how the defect was settled.", field="note")
    before = snapshot(bond)
    bond.defect_settled_on = settled_on
    bond.note = (bond.note + "\n" if bond.note else "") + f"Defect settled: {note.strip()}"
    action.audit(
        "bond.defect_settled",
        bond,
        f"Defect notice on guarantee {bond.bond_number} settled {format_day(settled_on)}",
        before=before,
        after=snapshot(bond),
    )


def change_bond_status(
    action: Action, bond_id: int, status: FileStatus, *, on: date, reason: str
) -> None:
    """Release a bond, or record a claim or a forfeiture: a recorded act, never a delete."""
    action.require(Permission.MANAGE_BONDS)
    if status not in (FileStatus.RELEASED, FileStatus.CLAIM_MADE, FileStatus.FORFEITED):
        raise InvalidInput("A bond is released, claimed against or forfeited.", field="status")
    if not reason.strip():
        raise InvalidInput("Say why.", field="reason")
    bond = get_bond(action.session, bond_id, lock=True)
    if status is FileStatus.RELEASED:
        acting.refuse(acts.release_refusal(bond, releasable_on(bond)))
    elif status is FileStatus.CLAIM_MADE:
        acting.refuse(acts.claim_refusal(bond))
    else:
        acting.refuse(acts.held_refusal(bond))
    if on > action.today():
        raise InvalidInput("The date cannot be later than today.", field="on")
    if on < bond.effective_on:
        raise InvalidInput(
            f"The date cannot be before the bond took effect ({format_day(bond.effective_on)}).",
            field="on",
        )
    if status is FileStatus.RELEASED and BondKind(bond.kind) is BondKind.RESTORATION_GUARANTEE:
        earliest = releasable_on(bond)
        assert earliest is not None  # release_refusal refused a guarantee held by a notice
        if on < earliest:
            raise Conflict(
                f"This guarantee may be released on or after {format_day(earliest)}, "
                "once the year from completion of the work is over.",
                cite=BOND_CITE,
            )
    before = snapshot(bond)
    bond.status = status
    bond.status_on = on
    bond.status_reason = reason.strip()
    action.audit(
        f"bond.{status.value}",
        bond,
        f"Bond {bond.bond_number}: {status.label} — {reason.strip()}",
        before=before,
        after=snapshot(bond),
    )


def annual_bond(session: Session, principal_id: int, year: int) -> Bond | None:
    """The principal's annual excavation bond for ``year`` on file (§ 506-6 (Bond))."""
    return session.scalars(
        select(Bond).where(
            Bond.kind == BondKind.ANNUAL_EXCAVATION,
            Bond.principal_id == principal_id,
            Bond.year == year,
            Bond.status.in_((FileStatus.ON_FILE, FileStatus.CLAIM_MADE)),
        )
    ).first()


def street_opening_bond_findings(
    session: Session,
    *,
    party_id: int,
    work_on: date,
    work_until: date | None = None,
    record_type: str = "",
    record_id: str = "",
    record_number: str = "",
) -> list[Finding]:
    """Whether a street opening may issue as far as the bond goes, with the reason cited.

    A public utility posts no bond. Annual bonds cover the work when there is one for every
    calendar year the work spans, ``work_on`` through ``work_until`` (work on December 31 and on
    January 1 fall in different years). Else a $10,000 bond for the permit, on file or claimed
    against (a recovery "shall not exhaust the bond"), in force on every day of the work.
    """
    last_day = work_on if work_until is None else work_until
    if last_day < work_on:
        raise InvalidInput("The work cannot end before it starts.", field="work_until")
    party = get_party(session, party_id)
    if party.public_utility:
        return [
            Finding(
                "info",
                UTILITY_CITE,
                f"{party.name} is a public utility: no indemnity bond is required.",
            )
        ]
    years = list(range(work_on.year, last_day.year + 1))
    annuals = {year: annual_bond(session, party_id, year) for year in years}
    missing = [year for year, bond in annuals.items() if bond is None]
    if not missing:
        covering = " and ".join(
            f"No. {bond.bond_number} for {year}" for year, bond in annuals.items() if bond
        )
        word = "bond" if len(years) == 1 else "bonds"
        return [Finding("info", BOND_CITE, f"Covered by the annual {word} {covering}.")]
    if record_type and record_id:
        bond = session.scalars(
            select(Bond)
            .where(
                Bond.kind == BondKind.STREET_OPENING,
                Bond.principal_id == party_id,
                Bond.record_type == record_type,
                filed_for(Bond.record_id, record_id, record_number),
                Bond.status.in_((FileStatus.ON_FILE, FileStatus.CLAIM_MADE)),
                Bond.effective_on <= work_on,
                Bond.expires_on.is_(None) | (Bond.expires_on >= last_day),
            )
            .order_by(Bond.id)
        ).first()
        if bond is not None:
            return [
                Finding(
                    "info",
                    BOND_CITE,
                    f"Bond No. {bond.bond_number} ({bond.amount}) is on file for this permit.",
                )
            ]
    needed = " and ".join(str(year) for year in missing)
    return [
        Finding(
            "block",
            BOND_CITE,
            f"A {STREET_OPENING_BOND} bond must be deposited before the permit issues, "
            f"or an annual bond for {needed}.",
        )
    ]


# -- revocations --------------------------------------------------------------------------------


def revocation_ends(starts_on: date) -> date:
    """The last day of § 506-6's "one-year revocation" that starts on ``starts_on`` (March 1,
    2027 through February 28, 2028): :func:`clerk_desk.deadlines.last_day_of_year_from`."""
    return last_day_of_year_from(starts_on)


def revoke(action: Action, party_id: int, *, starts_on: date, reason: str) -> int:
    """Failure to correct deficiencies: one year without street opening permits (§ 506-6).
    The revocation's id (:func:`clerk_desk.bonds.views.revocation_row` reads it)."""
    acts.allow_new(action, acts.RegisterAct.REVOKE)
    if not reason.strip():
        raise InvalidInput("Name the deficiencies that were not corrected.", field="reason")
    party = get_party(action.session, party_id)
    ends_on = revocation_ends(starts_on)
    revocation = Revocation(
        party_id=party.id,
        starts_on=starts_on,
        ends_on=ends_on,
        reason=reason.strip(),
        created_at=action.now(),
        created_by_id=action.operator.id or None,
    )
    action.session.add(revocation)
    action.audit(
        "revocation.create",
        revocation,
        f"{party.name} may not obtain street opening permits from "
        f"{format_day(starts_on)} to {format_day(ends_on)}",
        after=snapshot(revocation),
    )
    return revocation.id  # its audit event flushed it


def revocation_findings(session: Session, *, party_id: int, on: date) -> list[Finding]:
    """A block while the party's right to street opening permits is revoked on ``on``."""
    revocation = session.scalars(
        select(Revocation)
        .where(
            Revocation.party_id == party_id,
            Revocation.starts_on <= on,
            Revocation.ends_on >= on,
            Revocation.lifted_on.is_(None),
        )
        .order_by(Revocation.ends_on.desc())
    ).first()
    if revocation is None:
        return []
    return [
        Finding(
            "block",
            BOND_CITE,
            f"The right to obtain a street opening permit is revoked through "
            f"{format_day(revocation.ends_on)}: {revocation.reason}",
        )
    ]


def lift_revocation(action: Action, revocation_id: int, *, reason: str) -> None:
    """Set a revocation aside (entered in error, or overturned): it stays in the register but
    no longer blocks street opening permits."""
    acts.allow_new(action, acts.RegisterAct.LIFT_REVOCATION)
    if not reason.strip():
        raise InvalidInput("Say why the revocation is lifted.", field="reason")
    revocation = action.session.get(
        Revocation, revocation_id, with_for_update=True, populate_existing=True
    )
    if revocation is None:
        raise NotFound(f"There is no revocation number {revocation_id}.")
    if revocation.lifted_on is not None:
        raise Conflict(f"That revocation was already lifted on {format_day(revocation.lifted_on)}.")
    before = snapshot(revocation)
    revocation.lifted_on = action.today()
    revocation.lift_reason = reason.strip()
    action.audit(
        "revocation.lift",
        revocation,
        f"Revocation of {revocation.party.name} lifted: {reason.strip()}",
        before=before,
        after=snapshot(revocation),
    )


# -- registers and the Today tab ---------------------------------------------------------------


def search_certificates(
    session: Session, text: str = "", *, include_inactive: bool = False, limit: int = 200
) -> list[InsuranceCertificate]:
    # Each line names its insured: read with it, not one query a line.
    query = select(InsuranceCertificate).options(joinedload(InsuranceCertificate.insured))
    query = query.where(*words_match(session, InsuranceCertificate.search_text, text))
    if not include_inactive:
        query = query.where(InsuranceCertificate.status == FileStatus.ON_FILE)
    return list(session.scalars(query.order_by(InsuranceCertificate.expires_on).limit(limit)))


def search_bonds(
    session: Session,
    text: str = "",
    *,
    kind: BondKind | None = None,
    year: int | None = None,
    include_inactive: bool = False,
    limit: int = 200,
) -> list[Bond]:
    query = select(Bond)
    query = query.where(*words_match(session, Bond.search_text, text))
    if kind is not None:
        query = query.where(Bond.kind == kind)
    if year is not None:
        query = query.where(Bond.year == year)
    if not include_inactive:
        query = query.where(Bond.status.in_((FileStatus.ON_FILE, FileStatus.CLAIM_MADE)))
    # Open-ended bonds last on both databases (SQLite would put NULL first, PostgreSQL last).
    order = (Bond.expires_on.asc().nulls_last(), Bond.id)
    return list(session.scalars(query.order_by(*order).limit(limit)))


def principals_without_next_years_bond(session: Session, year: int) -> list[Party]:
    """Principals bonded for ``year`` with no annual bond yet for ``year + 1``."""
    this_year = {
        b.principal_id
        for b in search_bonds(session, kind=BondKind.ANNUAL_EXCAVATION, year=year, limit=100_000)
    }
    next_year = {
        b.principal_id
        for b in search_bonds(
            session, kind=BondKind.ANNUAL_EXCAVATION, year=year + 1, limit=100_000
        )
    }
    ids = sorted(this_year - next_year)
    return list(session.scalars(select(Party).where(Party.id.in_(ids)).order_by(Party.name)))


@provider("bonds_and_certificates")
def _expiring(action: Action) -> list[TodayItem]:
    """Certificates and bonds that protect a record and expire within 30 days or have expired,
    and, in December, principals with no annual bond yet for next year."""
    today = action.today()
    horizon = today + timedelta(days=EXPIRY_WARNING_DAYS)
    # In December a principal with no bond for next year gets one item saying so, below; their
    # bond for this year is not listed again as "expires".
    unrenewed = (
        principals_without_next_years_bond(action.session, today.year) if today.month == 12 else []
    )
    return [
        *_expiring_certificates(action, horizon),
        *_expiring_bonds(action, horizon, {party.id for party in unrenewed}),
        *_annual_bonds_to_renew(today, unrenewed),
    ]


def _expiring_certificates(action: Action, horizon: date) -> list[TodayItem]:
    """Certificates on file that protect a record and expire by ``horizon`` (or have), read
    with their insured and named together (selectinload: the rows come in the order they came
    before, which the Today list keeps for items due the same day)."""
    today = action.today()
    found = list(
        action.session.scalars(
            select(InsuranceCertificate)
            .options(selectinload(InsuranceCertificate.insured))
            .where(
                InsuranceCertificate.status == FileStatus.ON_FILE,
                InsuranceCertificate.record_type != "",
                InsuranceCertificate.expires_on <= horizon,
            )
        )
    )
    names = naming.name_records(action.session, [(c.record_type, c.record_id) for c in found])
    items = []
    for cert in found:
        word = "expired" if cert.expires_on < today else "expires"
        protects = naming.in_sentence_words(
            cert.record_type, names[(cert.record_type, cert.record_id)]
        )
        items.append(
            TodayItem(
                workflow="Bonds & Insurance",
                due=cert.expires_on,
                title=f"Insurance of {cert.insured.name} {word} {format_day(cert.expires_on)}",
                detail=f"{cert.insurer}; protects {protects}",
                cite=INSURANCE_CITES.get(cert.record_type, INSURANCE_CITE),
                record_type="insurance_certificate",
                record_id=str(cert.id),
            )
        )
    return items


def _expiring_bonds(action: Action, horizon: date, unrenewed_ids: set[int]) -> list[TodayItem]:
    """Bonds on file (or claimed on) that expire by ``horizon``, less the annual bonds already
    renewed and those whose principal is listed as not renewed; read with their principals,
    what they protect named together."""
    today = action.today()
    found = list(
        action.session.scalars(
            select(Bond)
            .options(selectinload(Bond.principal))
            .where(
                Bond.status.in_((FileStatus.ON_FILE, FileStatus.CLAIM_MADE)),
                Bond.expires_on.is_not(None),
                Bond.expires_on <= horizon,
                # An annual bond protects no one record: it is listed until its year is out,
                # not as "expired" for ever after.
                (Bond.record_type != "")
                | ((Bond.kind == BondKind.ANNUAL_EXCAVATION) & (Bond.expires_on >= today)),
            )
        )
    )
    renewed = _annual_bonds_renewed(action.session, found)
    listed = [
        b for b in found if not _annual_bond_listed_elsewhere(action, b, renewed, unrenewed_ids)
    ]
    names = naming.name_records(
        action.session, [(b.record_type, b.record_id) for b in listed if b.record_type]
    )
    items = []
    for bond in listed:
        assert bond.expires_on is not None
        word = "expired" if bond.expires_on < today else "expires"
        protects = (
            "; protects "
            + naming.in_sentence_words(bond.record_type, names[(bond.record_type, bond.record_id)])
            if bond.record_type
            else ""
        )
        items.append(
            TodayItem(
                workflow="Bonds & Insurance",
                due=bond.expires_on,
                title=f"{BondKind(bond.kind).label} of {bond.principal.name} {word} "
                f"{format_day(bond.expires_on)}",
                detail=f"No. {bond.bond_number}, {bond.surety}{protects}",
                cite=BOND_CITE,
                record_type="bond",
                record_id=str(bond.id),
            )
        )
    return items


def _annual_bonds_renewed(session: Session, found: Sequence[Bond]) -> set[tuple[int, int]]:
    """Of the annual bonds ``found``, each (principal, year) with an annual bond on file for
    the year after (:func:`annual_bond`, asked of them all in one query)."""
    annual = [
        b for b in found if BondKind(b.kind) is BondKind.ANNUAL_EXCAVATION and b.year is not None
    ]
    if not annual:
        return set()
    rows = session.execute(
        select(Bond.principal_id, Bond.year).where(
            Bond.kind == BondKind.ANNUAL_EXCAVATION,
            Bond.principal_id.in_(sorted({b.principal_id for b in annual})),
            Bond.year.in_(sorted({b.year + 1 for b in annual if b.year is not None})),
            Bond.status.in_((FileStatus.ON_FILE, FileStatus.CLAIM_MADE)),
        )
    )
    return {(principal_id, year - 1) for principal_id, year in rows if year is not None}


def _annual_bond_listed_elsewhere(
    action: Action, bond: Bond, renewed: set[tuple[int, int]], unrenewed_ids: set[int]
) -> bool:
    """An annual bond renewed for next year is not expiring; one for this year whose principal
    has no bond for next year is said once, as not renewed."""
    if BondKind(bond.kind) is not BondKind.ANNUAL_EXCAVATION:
        return False
    renewed_too = bond.year is not None and (bond.principal_id, bond.year) in renewed
    return renewed_too or (bond.year == action.today().year and bond.principal_id in unrenewed_ids)


def _annual_bonds_to_renew(today: date, unrenewed: Sequence[Party]) -> list[TodayItem]:
    """In December, each principal bonded this year with no annual bond yet for next year."""
    if today.month != 12:
        return []
    return [
        TodayItem(
            workflow="Annual Bonds",
            due=date(today.year, 12, 31),
            title=f"{party.name} has no annual bond for {today.year + 1}",
            detail=f"Bonded for {today.year}; a bond for next year begins January 1.",
            cite=BOND_CITE,
            record_type="party",
            record_id=str(party.id),
        )
        for party in unrenewed
    ]


@provider("insurance_short")
def _short_certificates(action: Action) -> list[TodayItem]:
    """Certificates on file that fall short of a permit they protect: filed knowing, and listed
    until a certificate that meets the permit replaces them. All of them are read with their
    holders, and the permits they protect together, in a few queries however many are on file
    (issue 20)."""
    query = (
        select(InsuranceCertificate)
        .options(joinedload(InsuranceCertificate.insured))
        .where(InsuranceCertificate.status == FileStatus.ON_FILE)
        .order_by(InsuranceCertificate.id)
    )
    on_file = [(cert, as_certificate(cert)) for cert in action.session.scalars(query)]
    found = standing.standings(action.session, on_file, action.calendar)
    return [
        TodayItem(
            workflow="Bonds & Insurance",
            due=action.today(),
            title=f"Insurance of {cert.insured.name} falls short",
            detail=words,
            cite=INSURANCE_CITE,
            record_type="insurance_certificate",
            record_id=str(cert.id),
        )
        for (cert, _certificate), words in zip(on_file, found, strict=True)
        if words
    ]


def revocations(session: Session, *, on: date | None = None) -> list[Revocation]:
    """The revocation register, latest first; only those standing on ``on`` (not lifted) when
    given."""
    query = select(Revocation).order_by(Revocation.starts_on.desc(), Revocation.id.desc())
    if on is not None:
        query = query.where(
            Revocation.starts_on <= on,
            Revocation.ends_on >= on,
            Revocation.lifted_on.is_(None),
        )
    return list(session.scalars(query))
