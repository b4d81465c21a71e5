"""What insurance each permit needs, and what a certificate of insurance falls short of.

The Clerk used to read each certificate by eye against the code. Here each requirement is a
profile that cites its section, and :func:`check_certificate` returns one
:class:`~clerk_desk.findings.Finding` per shortfall — in dollars, in days, or in a missing
clause — so the certificate can be handed back across the counter with the exact reason.

A combined single limit is one amount for bodily injury and property damage together, per
occurrence: one pot that a single accident draws both kinds of claims from. So where a
requirement sets both a bodily-injury-per-occurrence and a property-damage-per-occurrence
minimum, a combined single limit meets them only if it is at least their sum ($1,000,000 for a
street opening, $150,000 for vending); one that sets only one of the two is met by a combined
single limit at least that amount; and a per-person bodily-injury minimum is met by a combined
single limit at least that amount. Split limits the certificate shows count for their own kind,
and the combined limit must then cover the occurrence minimums they leave unmet, together. A
"single limit" minimum (§ 506-10) is met by a combined single limit, or by bodily injury and
property damage per occurrence each at least that.

Sidewalk cafe insurance must be in force from the application through the permit's term
(§ 506-10): :class:`Covers` carries the application date, and without it the check says so.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date

from clerk_desk.deadlines import CityCalendar
from clerk_desk.findings import Finding
from clerk_desk.money import Money
from clerk_desk.words import format_day


class CoverageKind(enum.StrEnum):
    BODILY_INJURY_PER_PERSON = "bi_person"
    BODILY_INJURY_PER_OCCURRENCE = "bi_occurrence"
    PROPERTY_DAMAGE_PER_OCCURRENCE = "pd_occurrence"
    COMBINED_SINGLE_LIMIT = "combined_single"
    PRODUCTS_COMPLETED_OPERATIONS = "products_completed"
    MEDICAL_PAYMENTS = "medical"
    LIQUOR_LIABILITY = "liquor"

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    CoverageKind.BODILY_INJURY_PER_PERSON: "bodily injury per person",
    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: "bodily injury per accident or occurrence",
    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: "property damage per occurrence",
    CoverageKind.COMBINED_SINGLE_LIMIT: "combined single limit",
    CoverageKind.PRODUCTS_COMPLETED_OPERATIONS: "products/completed operations",
    CoverageKind.MEDICAL_PAYMENTS: "medical payments",
    CoverageKind.LIQUOR_LIABILITY: "liquor liability",
}
_PER_OCCURRENCE = (
    CoverageKind.BODILY_INJURY_PER_OCCURRENCE,
    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE,
)


@dataclass(frozen=True, slots=True)
class Certificate:
    """What a certificate of insurance says, as the Clerk entered it."""

    insured: str
    insurer: str
    coverages: Mapping[CoverageKind, Money]
    effective: date
    expires: date
    received: date
    general_liability: bool = True
    contractual_liability: bool = False
    city_additional_insured: bool = False
    additional_insured_endorsement: bool = False
    notice_days: int | None = None  # written notice to the City on cancellation or change

    def limit(self, kind: CoverageKind) -> Money:
        return self.coverages.get(kind, Money.zero())


@dataclass(frozen=True, slots=True)
class Requirement:
    """The insurance a permit needs, with the paragraph that says so."""

    key: str
    title: str
    cite: str
    minimums: Mapping[CoverageKind, Money] = field(default_factory=dict)
    single_limit: Money | None = None  # § 506-10's "single limit" (see the module docstring)
    general_liability: bool = False
    contractual_liability: bool = False
    city_additional_insured: bool = False
    additional_insured_endorsement: bool = False
    notice_days: int | None = None
    proof_days_before_start: int | None = None
    liquor_liability: bool = False  # when alcohol is served (§ 506-10)
    from_application: bool = False  # in force from the application on (§ 506-10)


def _m(amount: str) -> Money:
    return Money(amount)


STREET_OPENING = Requirement(
    key="street_opening",
    title="Street opening permit",
    cite="§ 506-6 (Insurance required)",
    minimums={
        CoverageKind.BODILY_INJURY_PER_PERSON: _m("500000"),
        CoverageKind.BODILY_INJURY_PER_OCCURRENCE: _m("500000"),
        CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: _m("500000"),
    },
)

SPECIAL_EVENT_VENDING = Requirement(
    key="vending",
    title="Special event vending permit",
    cite="§ 506-24 (Conditions of permit: Liability insurance)",
    minimums={
        CoverageKind.BODILY_INJURY_PER_OCCURRENCE: _m("100000"),
        CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: _m("50000"),
    },
    general_liability=True,
    contractual_liability=True,
    city_additional_insured=True,
    notice_days=30,
    proof_days_before_start=7,
)


def sidewalk_cafe(*, serves_alcohol: bool) -> Requirement:
    """§ 506-10: liquor liability is required only where alcohol is served."""
    return Requirement(
        key="sidewalk_cafe",
        title="Sidewalk cafe permit",
        cite="§ 506-10 (Liability; indemnification of the City of Prescott; insurance)",
        minimums={
            CoverageKind.PRODUCTS_COMPLETED_OPERATIONS: _m("1000000"),
            CoverageKind.MEDICAL_PAYMENTS: _m("10000"),
        },
        single_limit=_m("1000000"),
        general_liability=True,
        city_additional_insured=True,
        additional_insured_endorsement=True,
        notice_days=30,
        liquor_liability=serves_alcohol,
        from_application=True,
    )


def street_privilege(minimums: Mapping[CoverageKind, Money]) -> Requirement:
    """§ 506-9: insurance only when City officials attach it as a condition, in their amounts."""
    return Requirement(
        key="street_privilege",
        title="Street privilege permit",
        cite="§ 506-9 (When required)",
        minimums=dict(minimums),
    )


@dataclass(frozen=True, slots=True)
class Covers:
    """The days the insurance must be in force: the permit's term or the event's days."""

    start: date
    end: date
    application: date | None = None  # when the permit was applied for (§ 506-10)


@dataclass(frozen=True, slots=True)
class Shortfall:
    """A limit the certificate shows below what the requirement sets: ``has`` of ``needs`` for
    ``what`` ("bodily injury per person"), by the requirement's section."""

    what: str
    has: Money
    needs: Money
    cite: str

    def finding(self) -> Finding:
        return Finding(
            "block",
            self.cite,
            f"The certificate shows {self.has} for {self.what}; at least {self.needs} is "
            f"required ({self.needs - self.has} short).",
        )


def shortfalls(cert: Certificate, requirement: Requirement) -> list[Shortfall]:
    """Every limit of ``requirement`` that ``cert`` falls short of (see the module docstring for
    how a combined single limit counts)."""
    found: list[Shortfall] = []

    def short(what: str, has: Money, needs: Money) -> None:
        found.append(Shortfall(what, has, needs, requirement.cite))

    combined = cert.limit(CoverageKind.COMBINED_SINGLE_LIMIT)
    # The per-occurrence minimums the split limits leave unmet, which the one combined pot must
    # then cover together (see the module docstring).
    unmet = {
        kind: needs
        for kind, needs in requirement.minimums.items()
        if kind in _PER_OCCURRENCE and cert.limit(kind) < needs
    }
    pot = sum(unmet.values(), Money.zero())
    for kind, needs in requirement.minimums.items():
        has = cert.limit(kind)
        if has >= needs:
            continue
        if kind is CoverageKind.BODILY_INJURY_PER_PERSON:
            if combined < needs:
                short(kind.label, max(has, combined), needs)
        elif kind in unmet:
            if combined >= pot:
                continue
            if combined > Money.zero():
                if kind is next(iter(unmet)):  # one finding for the one pot
                    what = " and ".join(k.label for k in unmet)
                    short(
                        f"the combined single limit, which must cover {what} together",
                        combined,
                        pot,
                    )
                continue
            short(kind.label, has, needs)
        else:
            short(kind.label, has, needs)
    if requirement.single_limit is not None:
        needs = requirement.single_limit
        split = min(
            cert.limit(CoverageKind.BODILY_INJURY_PER_OCCURRENCE),
            cert.limit(CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE),
        )
        if combined < needs and split < needs:
            short("the single limit", max(combined, split), needs)
    return found


def _limits(cert: Certificate, requirement: Requirement) -> list[Finding]:
    findings = [shortfall.finding() for shortfall in shortfalls(cert, requirement)]
    if requirement.liquor_liability and cert.limit(CoverageKind.LIQUOR_LIABILITY) <= Money.zero():
        findings.append(
            Finding(
                "block",
                requirement.cite,
                "Alcohol will be served, and the certificate shows no liquor liability coverage.",
            )
        )
    return findings


def _clauses(cert: Certificate, requirement: Requirement) -> list[Finding]:
    findings = []
    cite = requirement.cite
    if requirement.general_liability and not cert.general_liability:
        findings.append(
            Finding("block", cite, "The certificate does not show comprehensive general liability.")
        )
    if requirement.contractual_liability and not cert.contractual_liability:
        findings.append(
            Finding("block", cite, "The certificate does not include contractual liability.")
        )
    if requirement.city_additional_insured and not cert.city_additional_insured:
        findings.append(Finding("block", cite, "The City is not named as an additional insured."))
    if requirement.additional_insured_endorsement and not cert.additional_insured_endorsement:
        findings.append(
            Finding(
                "block",
                cite,
                "No separate endorsement naming the City as additional insured is on file.",
            )
        )
    if requirement.notice_days is not None:
        days = cert.notice_days
        if days is None or days < requirement.notice_days:
            given = "no" if days is None else f"only {days} days'"
            findings.append(
                Finding(
                    "block",
                    cite,
                    f"The certificate gives {given} written notice to the City of cancellation, "
                    f"nonrenewal or material change; {requirement.notice_days} days' is required.",
                )
            )
    return findings


def _period(cert: Certificate, requirement: Requirement, covers: Covers) -> list[Finding]:
    findings = []
    if cert.expires < cert.effective:
        findings.append(
            Finding(
                "block",
                requirement.cite,
                "The certificate expires before it takes effect: check the dates.",
            )
        )
        return findings
    application = covers.application if requirement.from_application else None
    late_for_application = application is not None and cert.effective > application
    if late_for_application:
        assert application is not None
        findings.append(
            Finding(
                "block",
                requirement.cite,
                f"The coverage starts {format_day(cert.effective)}, after the application was "
                f"made ({format_day(application)}); it must be in force from the application "
                "through the permit's term.",
            )
        )
    elif requirement.from_application and covers.application is None:
        findings.append(
            Finding(
                "info",
                requirement.cite,
                "The application date is needed to check that the coverage is in force from "
                "the application on.",
            )
        )
    if not late_for_application and cert.effective > covers.start:
        findings.append(
            Finding(
                "block",
                requirement.cite,
                f"The coverage starts {format_day(cert.effective)}, after the permit or event "
                f"starts ({format_day(covers.start)}).",
            )
        )
    if cert.expires < covers.end:
        days = (covers.end - cert.expires).days
        findings.append(
            Finding(
                "block",
                requirement.cite,
                f"The coverage ends {format_day(cert.expires)}, "
                f"{days} day{'s' if days != 1 else ''} before the permit or event ends "
                f"({format_day(covers.end)}); it must be in force the whole time.",
            )
        )
    return findings


def _proof(
    cert: Certificate, requirement: Requirement, covers: Covers, calendar: CityCalendar
) -> list[Finding]:
    if requirement.proof_days_before_start is None:
        return []
    deadline = calendar.explain_latest_day_before(covers.start, requirement.proof_days_before_start)
    if cert.received <= deadline.due:
        return []
    return [
        Finding(
            "block",
            requirement.cite,
            f"Proof of insurance was received {format_day(cert.received)}; it was due by "
            f"{format_day(deadline.due)}, {requirement.proof_days_before_start} days before the "
            f"event starts ({format_day(covers.start)}).",
        )
    ]


def check_certificate(
    cert: Certificate, requirement: Requirement, *, covers: Covers, calendar: CityCalendar
) -> list[Finding]:
    """Every way ``cert`` falls short of ``requirement`` for the days ``covers``; empty if none."""
    return (
        _limits(cert, requirement)
        + _clauses(cert, requirement)
        + _period(cert, requirement, covers)
        + _proof(cert, requirement, covers, calendar)
    )
