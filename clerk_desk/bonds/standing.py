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

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

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
    """How one kind of permit is read for many certificates at once, one query each: the
    permits their records name (by number, or id), by the name as the record holds it; and
    their holders' permits still open, by holder. Read one certificate at a time, the Today tab
    ran two queries per certificate on file (issue 20)."""

    named: Callable[[Session, Collection[str]], Mapping[str, InsuredPermit]]
    open_of: Callable[[Session, Collection[int]], Mapping[int, list[InsuredPermit]]]


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


def _named_key(record_type: str, record_id: str) -> tuple[str, str] | None:
    """The kind and the number (or id) a certificate's record names, as it is looked up."""
    kind, key = record_type.strip(), record_id.strip().upper()
    return (kind, key) if kind in _kinds and key else None


@dataclass(frozen=True, slots=True)
class Protected:
    """The permits some certificates may protect, read together (:func:`read_protected`): the
    permits their records name, and their holders' open permits in the order the kinds were
    registered."""

    named: Mapping[tuple[str, str], InsuredPermit]
    open_of: Mapping[int, Sequence[InsuredPermit]]

    def permits(
        self, insured_id: int, insured: str, record_type: str, record_id: str
    ) -> list[InsuredPermit]:
        """The permits a certificate of ``insured`` protects: the one it names and every open
        permit of its holder that needs insurance, each once. Refuses (under the record field) a
        permit of another holder."""
        key = _named_key(record_type, record_id)
        named = self.named.get(key) if key is not None else None
        if named is not None and named.holder_id != insured_id:
            refuse(
                rules.other_holder_refusal(
                    named.number, named.holder, insured, named.requirement.cite
                )
            )
        found = [named] if named is not None else []
        found += self.open_of.get(insured_id, ())
        seen: set[tuple[str, str]] = set()
        unique = []
        for permit in found:
            if (permit.record_type, permit.number) not in seen:
                seen.add((permit.record_type, permit.number))
                unique.append(permit)
        return unique


def read_protected(session: Session, wanted: Iterable[tuple[int, str, str]]) -> Protected:
    """The permits the certificates ``wanted`` (each its insured's id, record type and record id)
    may protect: two queries per kind of permit, however many certificates."""
    keys: dict[str, set[str]] = {}
    holders: set[int] = set()
    for insured_id, record_type, record_id in wanted:
        holders.add(insured_id)
        if (key := _named_key(record_type, record_id)) is not None:
            keys.setdefault(key[0], set()).add(key[1])
    named: dict[tuple[str, str], InsuredPermit] = {}
    open_of: dict[int, list[InsuredPermit]] = {}
    for record_type, kind in _kinds.items():
        if keys.get(record_type):
            for number, permit in kind.named(session, keys[record_type]).items():
                named[(record_type, number)] = permit
        if holders:
            for holder_id, permits in kind.open_of(session, holders).items():
                open_of.setdefault(holder_id, []).extend(permits)
    return Protected(named, open_of)


def _insured_name(session: Session, insured_id: int) -> str:
    insured = session.get(Party, insured_id)
    return insured.name if insured is not None else f"party {insured_id}"


def protected_permits(
    session: Session, insured_id: int, record_type: str, record_id: str
) -> list[InsuredPermit]:
    """The permits a certificate of ``insured_id`` naming this record would protect
    (:meth:`Protected.permits`). Refuses (under the record field) a permit of another holder."""
    protected = read_protected(session, [(insured_id, record_type, record_id)])
    return protected.permits(insured_id, _insured_name(session, insured_id), record_type, record_id)


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


def _standing(
    record: InsuranceCertificate,
    certificate: Certificate,
    protected: Protected,
    calendar: CityCalendar,
) -> str:
    """The standing of a certificate as filed, its permits read (the one rule the register and
    the Today tab show): "" when it meets every permit it protects, or is no longer on file (a
    certificate set aside protects nothing)."""
    if FileStatus(record.status) is not FileStatus.ON_FILE:
        return ""
    insured = record.insured.name if record.insured is not None else f"party {record.insured_id}"
    try:
        permits = protected.permits(
            record.insured_id, insured, record.record_type, record.record_id
        )
    except InvalidInput as refusal:  # filed before the rule: it protects no one's permit
        return refusal.message
    return standing_of(checks(certificate, permits, calendar))


def standings(
    session: Session,
    certificates: Sequence[tuple[InsuranceCertificate, Certificate]],
    calendar: CityCalendar,
) -> list[str]:
    """The standing of each certificate as filed (each row with its certificate as the coverage
    rules read it), in order: the permits of all of them read at once (:func:`read_protected`),
    so a register or the Today tab runs the same few queries for one certificate or a
    thousand."""
    protected = read_protected(
        session,
        (
            (record.insured_id, record.record_type, record.record_id)
            for record, _certificate in certificates
            if FileStatus(record.status) is FileStatus.ON_FILE
        ),
    )
    return [
        _standing(record, certificate, protected, calendar) for record, certificate in certificates
    ]


# -- street opening permits (§ 506-6 (Insurance required)) --------------------------------------

_OPEN = (OpeningStatus.APPLIED, OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS)


def _opening_permit(opening: StreetOpening) -> InsuredPermit:
    """The permit's term, as its approval and its renewals judged the insurance: from the
    approval (or the application) through its last day. Its applicant is read with it."""
    start = opening.approved_on or opening.applied_on
    holder = opening.applicant
    return InsuredPermit(
        "street_opening",
        opening.number,
        opening.applicant_id,
        holder.name if holder is not None else "",
        STREET_OPENING,
        Covers(start, opening.valid_until or start),
    )


def _openings_named(session: Session, keys: Collection[str]) -> dict[str, InsuredPermit]:
    """The permits named, by number or, for a name of digits, by id (a number first)."""
    ids = sorted({int(key) for key in keys if key.isdigit()})
    query = (
        select(StreetOpening)
        .options(joinedload(StreetOpening.applicant))
        .where(StreetOpening.number.in_(sorted(keys)) | StreetOpening.id.in_(ids))
    )
    openings = list(session.scalars(query))
    by_number = {opening.number: opening for opening in openings}
    by_id = {opening.id: opening for opening in openings}
    found = {}
    for key in keys:
        opening = by_number.get(key) or (by_id.get(int(key)) if key.isdigit() else None)
        if opening is not None:
            found[key] = _opening_permit(opening)
    return found


def _openings_of(session: Session, holder_ids: Collection[int]) -> dict[int, list[InsuredPermit]]:
    query = (
        select(StreetOpening)
        .options(joinedload(StreetOpening.applicant))
        .where(StreetOpening.applicant_id.in_(sorted(holder_ids)), StreetOpening.status.in_(_OPEN))
        .order_by(StreetOpening.number)
    )
    found: dict[int, list[InsuredPermit]] = {}
    for opening in session.scalars(query):
        found.setdefault(opening.applicant_id, []).append(_opening_permit(opening))
    return found


permit_kind("street_opening", PermitKind(_openings_named, _openings_of))
