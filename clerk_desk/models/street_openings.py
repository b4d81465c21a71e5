"""Street openings (§§ 506-6, 506-7)."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING

from sqlalchemy import (
    Boolean,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerk_desk.kinds import (
    OpeningStatus,
)
from clerk_desk.models.base import Base

if TYPE_CHECKING:
    from clerk_desk.models.parties import Party
    from clerk_desk.models.street_numbers import Street


class StreetOpening(Base):
    """An application for, and then the permit of, one or more openings in public ways.

    The dates the ordinance counts from are kept as recorded: ``opened_on`` (the opening was
    made: before approval it doubles the fee), ``approved_on`` (six months' validity and the
    60 days for permanent pavement), ``completed_on`` (the one-year guarantee).
    """

    __tablename__ = "street_opening"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    applicant_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    status: Mapped[OpeningStatus] = mapped_column(String(12), index=True)
    nature_of_work: Mapped[str] = mapped_column(Text, default="")
    method: Mapped[str] = mapped_column(Text, default="")
    existing_patches: Mapped[str] = mapped_column(Text, default="")  # § 506-7 (Pavement removal)
    planned_start: Mapped[date | None]
    planned_end: Mapped[date | None]
    emergency: Mapped[bool] = mapped_column(Boolean, default=False)
    city_notified_at: Mapped[datetime | None]  # emergencies: City officials told at once
    opened_on: Mapped[date | None]
    applied_at: Mapped[datetime]
    applied_on: Mapped[date] = mapped_column(index=True)
    received_by_name: Mapped[str] = mapped_column(String(120))
    frozen_emergency_by: Mapped[str] = mapped_column(String(120), default="")
    frozen_emergency_on: Mapped[date | None]
    council_essential_on: Mapped[date | None]  # five-year rule: the Council's finding
    council_essential_note: Mapped[str] = mapped_column(Text, default="")
    approved_on: Mapped[date | None]
    approved_by_name: Mapped[str] = mapped_column(String(120), default="")
    approved_by_title: Mapped[str] = mapped_column(String(80), default="")
    valid_until: Mapped[date | None] = mapped_column(index=True)
    commencement_notice_at: Mapped[datetime | None]  # 24 hours before the work starts
    started_at: Mapped[datetime | None]
    backfill_notice_at: Mapped[datetime | None]  # 4 hours before backfilling
    backfilled_at: Mapped[datetime | None]
    # § 506-7 (Protection of public): private properties told 12 hours before a loss of service
    service_loss_notice_at: Mapped[datetime | None]
    service_lost_at: Mapped[datetime | None]
    temporary_patch_on: Mapped[date | None]  # winter cold-mix patch (§ 506-7G)
    completed_on: Mapped[date | None]  # permanent restoration completed
    refused_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    applicant: Mapped[Party] = relationship()
    sites: Mapped[list[OpeningSite]] = relationship(
        back_populates="opening", order_by="OpeningSite.position"
    )
    renewals: Mapped[list[OpeningRenewal]] = relationship(
        back_populates="opening", order_by="OpeningRenewal.id"
    )

    __table_args__ = (UniqueConstraint("year", "sequence", name="uq_street_opening_year_sequence"),)


class OpeningSite(Base):
    """One opening listed on the application: where, and in what surface."""

    __tablename__ = "street_opening_site"

    id: Mapped[int] = mapped_column(primary_key=True)
    opening_id: Mapped[int] = mapped_column(ForeignKey("street_opening.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    street_id: Mapped[int | None] = mapped_column(ForeignKey("street.id"), index=True)
    location: Mapped[str] = mapped_column(String(200))  # e.g. "in front of 123 Broad St N"
    surface: Mapped[str] = mapped_column(String(20), default="")  # asphalt, concrete, sidewalk …
    length_ft: Mapped[int | None] = mapped_column(Integer)
    width_ft: Mapped[int | None] = mapped_column(Integer)

    opening: Mapped[StreetOpening] = relationship(back_populates="sites")
    street: Mapped[Street | None] = relationship()


class OpeningRenewal(Base):
    """A thirty-day renewal granted on written request (§ 506-6 (Renewal of permit))."""

    __tablename__ = "street_opening_renewal"

    id: Mapped[int] = mapped_column(primary_key=True)
    opening_id: Mapped[int] = mapped_column(ForeignKey("street_opening.id"), index=True)
    requested_on: Mapped[date]
    granted_on: Mapped[date]
    granted_by: Mapped[str] = mapped_column(String(120))
    valid_until: Mapped[date]  # the new last day
    created_at: Mapped[datetime]

    opening: Mapped[StreetOpening] = relationship(back_populates="renewals")


class StreetImprovement(Base):
    """A permanent improvement or repaving of a street: no opening for five years after it
    (§ 506-7 (Excavation in new streets limited))."""

    __tablename__ = "street_improvement"

    id: Mapped[int] = mapped_column(primary_key=True)
    street_id: Mapped[int] = mapped_column(ForeignKey("street.id"), index=True)
    limits: Mapped[str] = mapped_column(String(200), default="")
    description: Mapped[str] = mapped_column(Text, default="")
    determined_on: Mapped[date]  # the City's determination, 30 days or more before the work
    utility_notice_on: Mapped[date | None]  # the written notice to utilities and abutters
    work_begins_on: Mapped[date | None]
    completed_on: Mapped[date | None]
    created_at: Mapped[datetime]

    street: Mapped[Street] = relationship()
