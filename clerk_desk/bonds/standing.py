"""A certificate of insurance against the permits it protects: its standing (§ 506-6).

A certificate is read, when it is filed and whenever it is shown, against every permit it
protects: the permit it names (its record) and every open permit of its holder whose kind
needs insurance. Each kind of permit is a :class:`PermitKind`, registered here by its record
type: how a permit is found by its number, which of a holder's permits are open, and the
insurance each needs over which days. A certificate cannot protect another holder's permit
(:func:`clerk_desk.bonds.rules.other_holder_refusal`, said under the record field); one that
falls short is filed all the same, once the clerk has seen why, and its standing says so in
the register and on the Today tab: "Short: $250,000 of $500,000 bodily injury per person for
SO-2026-006, § 506-6 (Insurance required)".

Street opening permits are registered below. Another permit kind joins with
:func:`permit_kind` from its own package, as each workflow tells the Today tab what is due.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk.acting import refuse
from clerk_desk.bonds import rules
from clerk_desk.coverage import (
    STREET_OPENING,
    Certificate,
    Covers,
    Requirement,
    Shortfall,
    check_certificate,
    shortfalls,
)
from clerk_desk.deadlines import CityCalendar
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import FileStatus, OpeningStatus
from clerk_desk.models import InsuranceCertificate, Party, StreetOpening


@dataclass(frozen=True, slots=True)
class InsuredPermit:
    """A permit that needs insurance: whose it is, what it needs and over which days."""

    record_type: str  # "street_opening"
    number: str  # "SO-2026-006"
    holder_id: int
    holder: str
    requirement: Requirement
    covers: Covers


@dataclass(frozen=True, slots=True)
class PermitKind:
    """How one kind of permit is found: by the number (or id) a certificate names, and a
    holder's permits still open."""

    named: Callable[[Session, str], InsuredPermit | None]
    open_of: Callable[[Session, int], list[InsuredPermit]]


_kinds: dict[str, PermitKind] = {}


def permit_kind(record_type: str, kind: PermitKind) -> None:
    """Register how the permits of ``record_type`` are read against a certificate."""
    _kinds[record_type] = kind


@dataclass(frozen=True, slots=True)
class PermitCheck:
    """A certificate read against one permit: every finding, and the limits it falls short of."""

    permit: InsuredPermit
    findings: tuple[Finding, ...]
    short: tuple[Shortfall, ...]

    @property
    def blocks(self) -> bool:
        return any(finding.blocks for finding in self.findings)

    def standing(self) -> str:
        """The one line the register and Today show ("" when the certificate meets it)."""
        if self.short:
            return rules.short_words(self.short[0], self.permit.number)
        blocking = [finding for finding in self.findings if finding.blocks]
        if not blocking:
            return ""
        return f"Short for {self.permit.number}: {blocking[0].text} {blocking[0].cite}"


# -- the permits a certificate protects ---------------------------------------------------------


def _named(session: Session, record_type: str, record_id: str) -> InsuredPermit | None:
    kind = _kinds.get(record_type.strip())
    if kind is None or not record_id.strip():
        return None
    return kind.named(session, record_id.strip().upper())


def protected_permits(
    session: Session, insured_id: int, record_type: str, record_id: str
) -> list[InsuredPermit]:
    """The permit the certificate names and every open permit of its holder that needs
    insurance, each once. Refuses (under the record field) a permit of another holder."""
    named = _named(session, record_type, record_id)
    if named is not None and named.holder_id != insured_id:
        insured = session.get(Party, insured_id)
        refuse(
            rules.other_holder_refusal(
                named.number,
                named.holder,
                insured.name if insured is not None else f"party {insured_id}",
                named.requirement.cite,
            )
        )
    found = [named] if named is not None else []
    for kind in _kinds.values():
        found += kind.open_of(session, insured_id)
    seen: set[tuple[str, str]] = set()
    unique = []
    for permit in found:
        if (permit.record_type, permit.number) not in seen:
            seen.add((permit.record_type, permit.number))
            unique.append(permit)
    return unique


def checks(
    certificate: Certificate, permits: Iterable[InsuredPermit], calendar: CityCalendar
) -> list[PermitCheck]:
    """The certificate read against each permit."""
    return [
        PermitCheck(
            permit,
            tuple(
                check_certificate(
                    certificate, permit.requirement, covers=permit.covers, calendar=calendar
                )
            ),
            tuple(shortfalls(certificate, permit.requirement)),
        )
        for permit in permits
    ]


def standing_of(found: Sequence[PermitCheck]) -> str:
    """The certificate's standing: the first permit it falls short for ("" when none)."""
    return next((words for check in found if (words := check.standing())), "")


def certificate_standing(
    session: Session,
    record: InsuranceCertificate,
    certificate: Certificate,
    calendar: CityCalendar,
) -> str:
    """The standing of a certificate as filed ("" when it meets every permit it protects, or is
    no longer on file: a certificate set aside protects nothing)."""
    if FileStatus(record.status) is not FileStatus.ON_FILE:
        return ""
    try:
        permits = protected_permits(
            session, record.insured_id, record.record_type, record.record_id
        )
    except InvalidInput as refusal:  # filed before the rule: it protects no one's permit
        return refusal.message
    return standing_of(checks(certificate, permits, calendar))


# -- street opening permits (§ 506-6 (Insurance required)) --------------------------------------

_OPEN = (OpeningStatus.APPLIED, OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS)


def _opening_permit(session: Session, opening: StreetOpening) -> InsuredPermit:
    """The permit's term, as its approval and its renewals judged the insurance: from the
    approval (or the application) through its last day."""
    start = opening.approved_on or opening.applied_on
    holder = session.get(Party, opening.applicant_id)
    return InsuredPermit(
        "street_opening",
        opening.number,
        opening.applicant_id,
        holder.name if holder is not None else "",
        STREET_OPENING,
        Covers(start, opening.valid_until or start),
    )


def _opening_named(session: Session, key: str) -> InsuredPermit | None:
    query = select(StreetOpening).where(
        (StreetOpening.number == key)
        | (StreetOpening.id == int(key) if key.isdigit() else StreetOpening.number == key)
    )
    opening = session.scalars(query).first()
    return None if opening is None else _opening_permit(session, opening)


def _openings_of(session: Session, holder_id: int) -> list[InsuredPermit]:
    query = (
        select(StreetOpening)
        .where(StreetOpening.applicant_id == holder_id, StreetOpening.status.in_(_OPEN))
        .order_by(StreetOpening.number)
    )
    return [_opening_permit(session, opening) for opening in session.scalars(query)]


permit_kind("street_opening", PermitKind(_opening_named, _openings_of))
