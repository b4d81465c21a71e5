"""Enforcement cases of Chapter 506 (issue 21): from the complaint to the tax roll."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerk_desk.kinds import CaseKind, CaseStatus
from clerk_desk.models.base import Base

if TYPE_CHECKING:
    from clerk_desk.models.parties import Parcel, Party
    from clerk_desk.models.special_charges import SpecialCharge


class EnforcementCase(Base):
    """One enforcement case: what was found where, whom the section holds responsible, the
    official it makes responsible, the notice and its clock, and how it ended — removed or
    corrected by the person responsible, or done by the City and charged
    (``charge_id``, a special charge whose ``record_type`` is ``"enforcement_case"``).

    A clock in the statute's hours (§§ 506-8, 506-11) starts at ``started_at`` (the snowfall's
    end, the deposit) or ``notice_at`` (the written notice) and runs out at ``due_at``; a clock
    in days (§§ 506-21, 506-23) starts on ``started_on`` and its last day is ``due_on``. Both are
    fixed from the City's calendar when the event is recorded. ``measures`` keeps what the
    official measured for § 506-8's exceptions (whole inches, an ISO day or instant).
    """

    __tablename__ = "enforcement_case"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    kind: Mapped[CaseKind] = mapped_column(String(20), index=True)
    status: Mapped[CaseStatus] = mapped_column(String(12), index=True)
    place: Mapped[str] = mapped_column(String(10), default="")  # § 506-8: sidewalk or street
    obstruction_kind: Mapped[str] = mapped_column(String(20), default="")
    measures: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    parcel_id: Mapped[int | None] = mapped_column(ForeignKey("parcel.id"), index=True)
    party_id: Mapped[int | None] = mapped_column(ForeignKey("party.id"), index=True)
    party_as: Mapped[str] = mapped_column(String(20), default="")  # owner, operator, publisher …
    location: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    complaint: Mapped[str] = mapped_column(Text, default="")  # who reported it, what they said
    reported_at: Mapped[datetime]
    official: Mapped[str] = mapped_column(String(40), default="")  # the title the section names
    official_name: Mapped[str] = mapped_column(String(120), default="")
    started_at: Mapped[datetime | None]  # the snowfall ended, the snow was deposited
    started_on: Mapped[date | None]  # the damage, the publisher's receipt of the instruction
    notice_at: Mapped[datetime | None]  # the written notice (§ 506-8), to correct (§ 506-21)
    notice_to: Mapped[str] = mapped_column(String(200), default="")
    notice_how: Mapped[str] = mapped_column(String(40), default="")
    due_at: Mapped[datetime | None] = mapped_column(index=True)
    due_on: Mapped[date | None] = mapped_column(index=True)
    letter_on: Mapped[date | None]  # § 506-23: the Clerk's letter to the publisher
    chief_on: Mapped[date | None]  # § 506-12: the Chief of Police's authorization
    chief_name: Mapped[str] = mapped_column(String(120), default="")
    public_works_on: Mapped[date | None]  # ... and the Director of Public Works'
    public_works_name: Mapped[str] = mapped_column(String(120), default="")
    rescinded_on: Mapped[date | None]
    rescinded_by: Mapped[str] = mapped_column(String(120), default="")
    resolved_on: Mapped[date | None]  # removed, corrected or closed
    resolution: Mapped[str] = mapped_column(Text, default="")
    city_work_on: Mapped[date | None]
    charge_id: Mapped[int | None] = mapped_column(ForeignKey("special_charge.id"), index=True)
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    created_by_name: Mapped[str] = mapped_column(String(120), default="")

    parcel: Mapped[Parcel | None] = relationship()
    party: Mapped[Party | None] = relationship()
    charge: Mapped[SpecialCharge | None] = relationship()

    __table_args__ = (
        UniqueConstraint("year", "sequence", name="uq_enforcement_case_year_sequence"),
    )
