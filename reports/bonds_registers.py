"""The bonds and insurance registers on paper and in Excel.

Three registers: certificates of insurance and bonds (Excel, for the Treasurer and the auditor),
and the annual excavation bond register of one year (§ 506-6 (Bond)), in Excel and as a PDF the
Clerk can print and hand to the Director of Public Works.

The rows are plain, frozen values read from the core's records inside one action
(:meth:`CertificateLine.of`, :meth:`BondLine.of`); the screens show the same rows, so what the
register prints is what the clerk saw. ReportLab and openpyxl are imported only when a register
is written.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable, Sequence
from typing import IO, TYPE_CHECKING

from clerk_desk.bonds.views import BondLine, CertificateLine
from clerk_desk.coverage import CoverageKind
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.words import format_day

from .excel import Column, ProgressCallback, write_register

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

Target = str | os.PathLike[str] | IO[bytes]
_DEFAULT_CITY = CityProfile().city_name  # the subtitles name the City as its settings do

ANNUAL_BOND_CITE = "§ 506-6 (Bond)"
NO_PERMITS_YET = "None yet"
""""Permits covered" of a principal with no street opening permit in the bond's year."""
PERMITS_NOTE = (
    "Permits covered: the principal's street opening permits whose work falls in the bond's "
    "year; an annual bond covers all excavation work done by the principal for one year "
    "beginning January 1 (§ 506-6 (Bond))."
)


def _yes_no(flag: bool) -> str:
    return "Yes" if flag else "No"


# ---- certificates -------------------------------------------------------------------------------

CERTIFICATE_COLUMNS: tuple[Column, ...] = (
    Column("Insured", width=28),
    Column("Insurer", width=24),
    Column("Policy numbers", width=18),
    *(Column(kind.label[:1].upper() + kind.label[1:], "money", width=15) for kind in CoverageKind),
    Column("General liability", width=10),
    Column("Contractual liability", width=11),
    Column("City additional insured", width=11),
    Column("Separate endorsement", width=12),
    Column("Days' notice", "int", width=9),
    Column("Effective", "date"),
    Column("Expires", "date"),
    Column("Received", "date"),
    Column("Protects", width=18),
    Column("Status", width=11),
    Column("Status date", "date"),
    Column("Reason", width=30),
    Column("Scan", width=20),
    Column("Scan SHA-256", width=20),
)


def certificate_row(line: CertificateLine) -> tuple[object, ...]:
    return (
        line.insured,
        line.insurer,
        line.policy_numbers,
        *(line.limit(kind) for kind in CoverageKind),
        _yes_no(line.general_liability),
        _yes_no(line.contractual_liability),
        _yes_no(line.city_additional_insured),
        _yes_no(line.additional_insured_endorsement),
        line.notice_days,
        line.effective_on,
        line.expires_on,
        line.received_on,
        line.protects,
        line.status.label,
        line.status_on,
        line.status_reason,
        line.scan_name,
        line.scan_sha256,
    )


def certificates_excel(
    target: Target,
    lines: Iterable[CertificateLine],
    *,
    as_of: dt.date,
    progress: ProgressCallback | None = None,
    author: str | None = None,
    city: str = _DEFAULT_CITY,
) -> int:
    """Every certificate of insurance, one row each, limits as money; returns the rows written."""
    return write_register(
        target,
        title="Insurance certificates",
        columns=CERTIFICATE_COLUMNS,
        rows=(certificate_row(line) for line in lines),
        progress=progress,
        subtitle=f"{city} — certificates of insurance on record, {format_day(as_of)}",
        author=author,
        city=city,
    )


# ---- bonds --------------------------------------------------------------------------------------

BOND_COLUMNS: tuple[Column, ...] = (
    Column("Kind", width=22),
    Column("Principal", width=28),
    Column("Surety", width=24),
    Column("Bond number", width=16),
    Column("Amount", "money", width=14),
    Column("Effective", "date"),
    Column("Ends", "date"),
    Column("Year", "year", width=7),
    Column("Work completed", "date"),
    Column("Defect notice", "date"),
    Column("Releasable on", "date"),
    Column("Protects", width=18),
    Column("Status", width=11),
    Column("Status date", "date"),
    Column("Reason", width=30),
    Column("Scan", width=20),
    Column("Scan SHA-256", width=20),
)


def bond_row(line: BondLine) -> tuple[object, ...]:
    return (
        line.kind.label,
        line.principal,
        line.surety,
        line.bond_number,
        line.amount,
        line.effective_on,
        line.expires_on,
        line.year,
        line.work_completed_on,
        line.defect_notice_on,
        line.releasable_on,
        line.protects,
        line.status.label,
        line.status_on,
        line.status_reason,
        line.scan_name,
        line.scan_sha256,
    )


def bonds_excel(
    target: Target,
    lines: Iterable[BondLine],
    *,
    as_of: dt.date,
    progress: ProgressCallback | None = None,
    author: str | None = None,
    city: str = _DEFAULT_CITY,
) -> int:
    """Every bond filed with the City, one row each; returns the rows written."""
    return write_register(
        target,
        title="Bonds",
        columns=BOND_COLUMNS,
        rows=(bond_row(line) for line in lines),
        progress=progress,
        subtitle=f"{city} — bonds on record, {format_day(as_of)}",
        author=author,
        city=city,
    )


# ---- the annual-bond register -------------------------------------------------------------------

ANNUAL_COLUMNS: tuple[Column, ...] = (
    Column("Principal", width=30),
    Column("Bond number", width=16),
    Column("Surety", width=26),
    Column("Amount", "money", width=14),
    Column("Year", "year", width=7),
    Column("Status", width=11),
    Column("Permits covered", width=20),
)


def annual_row(line: BondLine) -> tuple[object, ...]:
    return (
        line.principal,
        line.bond_number,
        line.surety,
        line.amount,
        line.year,
        line.status.label,
        ", ".join(line.permits_covered) or NO_PERMITS_YET,
    )


def annual_bonds_excel(
    target: Target,
    lines: Iterable[BondLine],
    *,
    year: int,
    progress: ProgressCallback | None = None,
    author: str | None = None,
    city: str = _DEFAULT_CITY,
) -> int:
    """The annual excavation bonds of ``year``; returns the rows written."""
    return write_register(
        target,
        title=f"Annual bonds {year}",
        columns=ANNUAL_COLUMNS,
        rows=(annual_row(line) for line in lines),
        progress=progress,
        subtitle=f"{city} — annual excavation bond register, {year} ({ANNUAL_BOND_CITE})",
        author=author,
        city=city,
    )


def annual_bonds_pdf(
    lines: Sequence[BondLine], *, year: int, profile: CityProfile, printed_on: dt.date
) -> bytes:
    """The annual excavation bond register of ``year`` as a letter-size PDF."""
    from .document import INCH, build_pdf, data_table, para, styles

    st = styles()
    story: list[Flowable] = [
        para(f"Annual Excavation Bond Register — {year}", st.title),
        para(
            f"{ANNUAL_BOND_CITE}: one annual bond per principal, covering all excavation work "
            f"done by the principal for one year beginning January 1, {year}. "
            f"Printed {format_day(printed_on)}.",
            st.subtitle,
        ),
    ]
    if not lines:
        story.append(para(f"No annual bonds are on file for {year}.", st.body))
    else:
        active = [line for line in lines if line.active]
        story.append(
            data_table(
                ["Principal", "Bond number", "Surety", "Amount", "Year", "Status"],
                [
                    (
                        line.principal,
                        line.bond_number,
                        line.surety,
                        str(line.amount),
                        str(line.year or ""),
                        line.status.label,
                    )
                    for line in lines
                ],
                col_widths=[
                    2.0 * INCH,
                    1.05 * INCH,
                    1.65 * INCH,
                    0.95 * INCH,
                    0.5 * INCH,
                    "*",
                ],
                align=["left", "left", "left", "right", "right", "left"],
                total_row=(
                    f"{len(active)} bond{'s' if len(active) != 1 else ''} in force",
                    "",
                    "",
                    str(sum((line.amount for line in active), Money.zero())),
                    "",
                    "",
                ),
            )
        )
    story.append(para(PERMITS_NOTE, st.body))
    return build_pdf(
        story,
        profile=profile,
        title=f"Annual bond register {year}",
        subject=f"Annual excavation bonds, {year}",
    )
