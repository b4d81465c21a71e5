"""What the window and the papers read of bonds and certificates of insurance.

The rows are plain, frozen values read from the records inside one action
(:meth:`CertificateLine.of`, :meth:`BondLine.of`, :meth:`RevocationRow.of`); the screens and
the registers show the same rows, so what a register prints is what the clerk saw.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date

from sqlalchemy import select

from clerk_desk import naming, parties, words
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds import standing
from clerk_desk.bonds.standing import PermitCheck
from clerk_desk.coverage import CoverageKind, Covers, Requirement, check_certificate
from clerk_desk.desk import Action
from clerk_desk.errors import NotFound
from clerk_desk.findings import Finding
from clerk_desk.kinds import BondKind, FileStatus, OpeningStatus
from clerk_desk.models import Bond, InsuranceCertificate, Revocation, StreetOpening
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.settings_store import city_profile
from clerk_desk.validation import max_length

_ALL = 10**9
SEARCH_LIMIT = 200
"""Records a search of either register returns at most."""


def _limits(record: InsuranceCertificate) -> dict[CoverageKind, Money | None]:
    # Each coverage kind's value is the name of its column (clerk_desk.models).
    return {kind: getattr(record, kind.value) for kind in CoverageKind}


@dataclass(frozen=True, slots=True)
class CertificateLine:
    """A certificate of insurance as the register shows it."""

    id: int
    insured_id: int
    insured: str
    insurer: str
    policy_numbers: str
    effective_on: dt.date
    expires_on: dt.date
    received_on: dt.date
    status: FileStatus
    limits: Mapping[CoverageKind, Money | None] = field(default_factory=dict)
    general_liability: bool = True
    contractual_liability: bool = False
    city_additional_insured: bool = False
    additional_insured_endorsement: bool = False
    notice_days: int | None = None
    status_on: dt.date | None = None
    status_reason: str = ""
    record_type: str = ""
    record_id: str = ""
    scan_name: str = ""
    scan_sha256: str = ""
    note: str = ""
    standing: str = ""  # "Short: $250,000 of $500,000 …" (clerk_desk.bonds.standing)
    protects: str = ""  # what it protects, as the clerk names it (clerk_desk.naming)

    @classmethod
    def of(
        cls, record: InsuranceCertificate, standing: str = "", protects: str = ""
    ) -> CertificateLine:
        return cls(
            id=record.id,
            insured_id=record.insured_id,
            insured=record.insured.name if record.insured else "",
            insurer=record.insurer,
            policy_numbers=record.policy_numbers,
            effective_on=record.effective_on,
            expires_on=record.expires_on,
            received_on=record.received_on,
            status=FileStatus(record.status),
            limits=_limits(record),
            general_liability=record.general_liability,
            contractual_liability=record.contractual_liability,
            city_additional_insured=record.city_additional_insured,
            additional_insured_endorsement=record.additional_insured_endorsement,
            notice_days=record.notice_days,
            status_on=record.status_on,
            status_reason=record.status_reason,
            record_type=record.record_type,
            record_id=record.record_id,
            scan_name=record.scan_name,
            scan_sha256=record.scan_sha256,
            note=record.note,
            standing=standing,
            protects=protects,
        )

    def limit(self, kind: CoverageKind) -> Money | None:
        return self.limits.get(kind)

    @property
    def active(self) -> bool:
        return self.status is FileStatus.ON_FILE


@dataclass(frozen=True, slots=True)
class BondLine:
    """A bond as the registers show it, with the day a guarantee becomes releasable."""

    id: int
    kind: BondKind
    principal_id: int
    principal: str
    surety: str
    bond_number: str
    amount: Money
    effective_on: dt.date
    status: FileStatus
    expires_on: dt.date | None = None
    year: int | None = None
    work_completed_on: dt.date | None = None
    defect_notice_on: dt.date | None = None
    releasable_on: dt.date | None = None  # restoration guarantees only
    status_on: dt.date | None = None
    status_reason: str = ""
    record_type: str = ""
    record_id: str = ""
    scan_name: str = ""
    scan_sha256: str = ""
    note: str = ""
    protects: str = ""  # what it protects, as the clerk names it (clerk_desk.naming)
    permits_covered: tuple[str, ...] = ()  # an annual bond's street opening permits, by number

    @classmethod
    def of(cls, record: Bond, protects: str = "") -> BondLine:
        kind = BondKind(record.kind)
        guarantee = kind is BondKind.RESTORATION_GUARANTEE
        return cls(
            id=record.id,
            kind=kind,
            principal_id=record.principal_id,
            principal=record.principal.name if record.principal else "",
            surety=record.surety,
            bond_number=record.bond_number,
            amount=record.amount,
            effective_on=record.effective_on,
            status=FileStatus(record.status),
            expires_on=record.expires_on,
            year=record.year,
            work_completed_on=record.work_completed_on,
            defect_notice_on=record.defect_notice_on,
            releasable_on=bonds.releasable_on(record) if guarantee else None,
            status_on=record.status_on,
            status_reason=record.status_reason,
            record_type=record.record_type,
            record_id=record.record_id,
            scan_name=record.scan_name,
            scan_sha256=record.scan_sha256,
            note=record.note,
            protects=protects,
        )

    @property
    def active(self) -> bool:
        return self.status in (FileStatus.ON_FILE, FileStatus.CLAIM_MADE)

    @property
    def guarantee(self) -> bool:
        return self.kind is BondKind.RESTORATION_GUARANTEE


def search_certificate_lines(
    action: Action, text: str, include_inactive: bool, limit: int = SEARCH_LIMIT
) -> list[CertificateLine]:
    found = bonds.search_certificates(
        action.session, text, include_inactive=include_inactive, limit=limit
    )
    names = protected_names(action, found)
    # Every line's standing from the same few queries, not two a certificate (issue 20).
    found_standing = standing.standings(
        action.session, [(c, bonds.as_certificate(c)) for c in found], action.calendar
    )
    return [
        CertificateLine.of(c, words, names.get(c.id, ""))
        for c, words in zip(found, found_standing, strict=True)
    ]


def protected_names(
    action: Action, records: Sequence[InsuranceCertificate | Bond]
) -> dict[int, str]:
    """What each certificate or bond protects, by its id, as the clerk names it: one query per
    kind of record (clerk_desk.naming)."""
    named = naming.name_records(
        action.session, [(r.record_type, r.record_id) for r in records if r.record_type]
    )
    return {r.id: named[(r.record_type, r.record_id)] for r in records if r.record_type}


def filing_checks(action: Action, data: bonds.CertificateData) -> list[PermitCheck]:
    """The certificate on the form read against every permit it would protect, before it is
    filed (what the form shows before it saves). Refuses, under the record field, a permit of
    another holder, as filing would."""
    insured = parties.get_party(action.session, data.insured_id)
    permits = standing.protected_permits(
        action.session, data.insured_id, data.record_type, data.record_id
    )
    return standing.checks(bonds.data_certificate(data, insured.name), permits, action.calendar)


def search_bond_lines(
    action: Action,
    text: str,
    include_inactive: bool,
    kind: BondKind | None = None,
    limit: int = SEARCH_LIMIT,
) -> list[BondLine]:
    found = bonds.search_bonds(
        action.session, text, kind=kind, include_inactive=include_inactive, limit=limit
    )
    names = protected_names(action, found)
    return [BondLine.of(b, names.get(b.id, "")) for b in found]


def annual_lines(
    action: Action, year: int, text: str = "", inactive: bool = False
) -> list[BondLine]:
    lines = search_bond_lines(action, text, inactive, BondKind.ANNUAL_EXCAVATION, limit=_ALL)
    covered = _permits_covered(action, year, {line.principal_id for line in lines})
    return sorted(
        (
            replace(line, permits_covered=covered.get(line.principal_id, ()))
            for line in lines
            if line.year == year
        ),
        key=lambda line: (line.principal.casefold(), line.id),
    )


def _permits_covered(
    action: Action, year: int, principal_ids: set[int]
) -> dict[int, tuple[str, ...]]:
    """Each principal's street opening permits whose work falls in ``year``: what an annual
    bond covers, "all excavation work done by the principal for one year beginning January 1"
    (§ 506-6 (Bond)). Refused permits and the City's own exempt work need no bond."""
    from clerk_desk.street_openings.views import work_years  # it reads bonds: no cycle at import

    if not principal_ids:
        return {}
    openings = action.session.scalars(
        select(StreetOpening)
        .where(
            StreetOpening.applicant_id.in_(sorted(principal_ids)),
            StreetOpening.status.not_in((OpeningStatus.REFUSED, OpeningStatus.EXEMPT)),
        )
        .order_by(StreetOpening.number)
    )
    covered: dict[int, list[str]] = {}
    for opening in openings:
        if year in work_years(opening):
            covered.setdefault(opening.applicant_id, []).append(opening.number)
    return {principal: tuple(numbers) for principal, numbers in covered.items()}


@dataclass(frozen=True, slots=True)
class RevocationRow:
    """One line of the revocation register, read while the session was open."""

    id: int
    party_id: int
    party: str
    starts_on: date
    ends_on: date
    reason: str
    standing: bool  # on the day the register was read (the app's clock)
    lifted_on: date | None = None
    lift_reason: str = ""
    over: bool = False  # its last day has passed

    @classmethod
    def of(cls, revocation: Revocation, today: date) -> RevocationRow:
        lifted_on = revocation.lifted_on
        lifted = lifted_on is not None and lifted_on <= today
        return cls(
            id=revocation.id,
            party_id=revocation.party_id,
            party=revocation.party.name,
            starts_on=revocation.starts_on,
            ends_on=revocation.ends_on,
            reason=revocation.reason,
            standing=not lifted and revocation.starts_on <= today <= revocation.ends_on,
            lifted_on=lifted_on,
            lift_reason=revocation.lift_reason or "",
            over=revocation.ends_on < today,
        )

    @property
    def liftable(self) -> bool:
        """Standing today (or yet to start) and not lifted: what Lift… may act on."""
        return self.lifted_on is None and not self.over

    def today_text(self) -> str:
        if self.lifted_on is not None:
            return f"Lifted {words.us_date(self.lifted_on)}"
        return "Yes" if self.standing else "No"

    def today_tooltip(self) -> str | None:
        if self.lifted_on is not None:
            return f"Lifted {words.us_date(self.lifted_on)}: {self.lift_reason}"
        return None


def revocation_row(action: Action, revocation_id: int) -> RevocationRow:
    """One revocation as the register shows it today (after :func:`bonds.revoke`)."""
    found = action.session.get(Revocation, revocation_id)
    if found is None:
        raise NotFound(f"There is no revocation number {revocation_id}.")
    return RevocationRow.of(found, action.today())


def revocation_rows(action: Action, today: date, *, standing_only: bool) -> list[RevocationRow]:
    """The register, latest first; with ``standing_only``, only those standing on ``today``."""
    found = bonds.revocations(action.session, on=today if standing_only else None)
    rows = [RevocationRow.of(revocation, today) for revocation in found]
    return [row for row in rows if row.standing] if standing_only else rows


def text_limits() -> dict[str, int | None]:
    """How many characters each typed field of a certificate or a bond may hold (what its
    record stores), by the form's field name."""
    return {
        "insurer": max_length(InsuranceCertificate.insurer),
        "policy_numbers": max_length(InsuranceCertificate.policy_numbers),
        "surety": max_length(Bond.surety),
        "bond_number": max_length(Bond.bond_number),
    }


def certificate_findings(
    action: Action, certificate_id: int, requirement: Requirement, covers: Covers
) -> list[Finding]:
    """The certificate as filed, checked against ``requirement`` over the days ``covers``
    (City Hall's calendar moves a deadline off a closed day)."""
    record = bonds.get_certificate(action.session, certificate_id)
    return check_certificate(
        bonds.as_certificate(record), requirement, covers=covers, calendar=action.calendar
    )


def city(action: Action) -> CityProfile:
    """The City's letterhead and name, for the registers."""
    return city_profile(action.session)


def scan(action: Action, digest: str) -> bytes | None:
    """The stored scan of a certificate or a bond (None when it is missing)."""
    return bonds.scan_bytes(action.session, digest)


def revocation_findings_of(action: Action, party_id: int, on: date) -> list[Finding]:
    """Whether the party's right to obtain street opening permits is revoked on ``on``."""
    return bonds.revocation_findings(action.session, party_id=party_id, on=on)


def principals_lacking_next_years_bond(action: Action, year: int) -> list[str]:
    """The names of the principals with an annual bond for ``year`` and none yet for the next."""
    return [p.name for p in bonds.principals_without_next_years_bond(action.session, year)]
