"""Bonds, insurance certificates, the annual-bond register and revocations (§§ 506-6, 506-9,
506-10, 506-24)."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerk_desk.kinds import (
    BondKind,
    FileStatus,
)
from clerk_desk.models.base import Base
from clerk_desk.money import Money

if TYPE_CHECKING:
    from clerk_desk.models.parties import Party


class InsuranceCertificate(Base):
    """A certificate of insurance as received, with its scan kept by content (SHA-256).

    Limits are kept one column per kind of coverage, so the register can be searched and
    exported by amount; a limit the certificate does not show is NULL.
    """

    __tablename__ = "insurance_certificate"

    id: Mapped[int] = mapped_column(primary_key=True)
    insured_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    insurer: Mapped[str] = mapped_column(String(120))
    policy_numbers: Mapped[str] = mapped_column(String(200), default="")
    bi_person: Mapped[Money | None]
    bi_occurrence: Mapped[Money | None]
    pd_occurrence: Mapped[Money | None]
    combined_single: Mapped[Money | None]
    products_completed: Mapped[Money | None]
    medical: Mapped[Money | None]
    liquor: Mapped[Money | None]
    general_liability: Mapped[bool] = mapped_column(Boolean, default=False)  # must be shown
    contractual_liability: Mapped[bool] = mapped_column(Boolean, default=False)
    city_additional_insured: Mapped[bool] = mapped_column(Boolean, default=False)
    additional_insured_endorsement: Mapped[bool] = mapped_column(Boolean, default=False)
    notice_days: Mapped[int | None] = mapped_column(Integer)
    effective_on: Mapped[date]
    expires_on: Mapped[date] = mapped_column(index=True)
    received_on: Mapped[date]
    scan_name: Mapped[str] = mapped_column(String(200), default="")
    scan_sha256: Mapped[str] = mapped_column(String(64), default="")
    status: Mapped[FileStatus] = mapped_column(String(12), default=FileStatus.ON_FILE)
    status_on: Mapped[date | None]
    status_reason: Mapped[str] = mapped_column(Text, default="")
    record_type: Mapped[str] = mapped_column(String(40), default="")  # what it protects
    record_id: Mapped[str] = mapped_column(String(40), default="")
    note: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    insured: Mapped[Party] = relationship()

    __table_args__ = (CheckConstraint("expires_on >= effective_on", name="period_in_order"),)


_ANNUAL_STANDING = "kind = 'annual_excavation' AND status IN ('on_file', 'claim_made')"


class Bond(Base):
    """A bond filed with the City. Released, claimed or forfeited by a recorded act, never
    deleted."""

    __tablename__ = "bond"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[BondKind] = mapped_column(String(24), index=True)
    principal_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    surety: Mapped[str] = mapped_column(String(120))
    bond_number: Mapped[str] = mapped_column(String(60))
    amount: Mapped[Money]
    effective_on: Mapped[date]
    expires_on: Mapped[date | None] = mapped_column(index=True)
    year: Mapped[int | None] = mapped_column(Integer, index=True)  # annual bonds: the year
    work_completed_on: Mapped[date | None]  # restoration guarantees
    defect_notice_on: Mapped[date | None]
    defect_settled_on: Mapped[date | None]
    scan_name: Mapped[str] = mapped_column(String(200), default="")
    scan_sha256: Mapped[str] = mapped_column(String(64), default="")
    status: Mapped[FileStatus] = mapped_column(String(12), default=FileStatus.ON_FILE)
    status_on: Mapped[date | None]
    status_reason: Mapped[str] = mapped_column(Text, default="")
    record_type: Mapped[str] = mapped_column(String(40), default="")
    record_id: Mapped[str] = mapped_column(String(40), default="")
    note: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    principal: Mapped[Party] = relationship()

    __table_args__ = (
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint("expires_on IS NULL OR expires_on >= effective_on", name="period_in_order"),
        # One annual bond per principal per calendar year while it stands (§ 506-6), even when
        # two stations file at once.
        Index(
            "uq_bond_annual_principal_year",
            "principal_id",
            "year",
            unique=True,
            sqlite_where=text(_ANNUAL_STANDING),
            postgresql_where=text(_ANNUAL_STANDING),
        ),
    )


class Revocation(Base):
    """A contractor's right to street opening permits revoked for one year (§ 506-6)."""

    __tablename__ = "revocation"

    id: Mapped[int] = mapped_column(primary_key=True)
    party_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    starts_on: Mapped[date]
    ends_on: Mapped[date]  # the last day of the revocation
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    lifted_on: Mapped[date | None]  # set aside (entered in error, or overturned): no longer blocks
    lift_reason: Mapped[str] = mapped_column(Text, default="")

    party: Mapped[Party] = relationship()
