"""Sidewalks (the sidewalk article before § 506-6)."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerk_desk.kinds import (
    CostPayer,
    RepairOrderKind,
    RepairOrderStatus,
    SidewalkPermitStatus,
    SidewalkWork,
)
from clerk_desk.models.base import Base
from clerk_desk.money import Money

if TYPE_CHECKING:
    from clerk_desk.models.parties import Parcel, Party
    from clerk_desk.models.petitions import CouncilMeeting
    from clerk_desk.models.street_numbers import Street


class MasterPlanSegment(Base):
    """A stretch of sidewalk or bicycle lane shown on the current Sidewalk Master Plan.

    It is what decides who pays (sidewalk article, Cost of sidewalks). A segment is named by its
    street, the side, and the range of street numbers it runs along; retired segments are kept
    (``active`` false) so that a permit issued under the old plan still reads true.
    """

    __tablename__ = "master_plan_segment"

    id: Mapped[int] = mapped_column(primary_key=True)
    street_id: Mapped[int] = mapped_column(ForeignKey("street.id"), index=True)
    side: Mapped[str] = mapped_column(String(6), default="both")  # odd, even or both
    low_number: Mapped[int | None] = mapped_column(Integer)  # None: from the street's start
    high_number: Mapped[int | None] = mapped_column(Integer)  # None: to its end
    facility: Mapped[str] = mapped_column(String(12), default="sidewalk")  # or bike_lane, both
    description: Mapped[str] = mapped_column(String(200), default="")
    plan_reference: Mapped[str] = mapped_column(String(120), default="")  # plan edition, map page
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime]

    street: Mapped[Street] = relationship()


class SidewalkPermit(Base):
    """A permit to lay, remove, replace or repair a public sidewalk (sidewalk article).

    ``cost_payer`` and ``master_plan_segment_id`` are fixed when the permit is issued, so that a
    later change of the plan does not rewrite what the permit said.
    """

    __tablename__ = "sidewalk_permit"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    applicant_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    parcel_id: Mapped[int | None] = mapped_column(ForeignKey("parcel.id"), index=True)
    street_id: Mapped[int | None] = mapped_column(ForeignKey("street.id"), index=True)
    address_number: Mapped[int | None] = mapped_column(Integer)
    side: Mapped[str] = mapped_column(String(6), default="")  # odd or even, from the number
    location: Mapped[str] = mapped_column(String(200))
    work: Mapped[SidewalkWork] = mapped_column(String(12))
    bike_lane: Mapped[bool] = mapped_column(Boolean, default=False)
    commercial: Mapped[bool] = mapped_column(Boolean, default=False)  # specifications differ
    new_subdivision: Mapped[bool] = mapped_column(Boolean, default=False)
    length_ft: Mapped[int | None] = mapped_column(Integer)
    width_in: Mapped[int | None] = mapped_column(Integer)
    contractor_name: Mapped[str] = mapped_column(String(200), default="")
    work_starts_on: Mapped[date | None]  # when the work is proposed to be undertaken
    applied_at: Mapped[datetime]
    applied_on: Mapped[date] = mapped_column(index=True)
    received_by_name: Mapped[str] = mapped_column(String(120))
    status: Mapped[SidewalkPermitStatus] = mapped_column(String(18), index=True)
    cost_payer: Mapped[CostPayer | None] = mapped_column(String(14))
    master_plan_segment_id: Mapped[int | None] = mapped_column(ForeignKey("master_plan_segment.id"))
    decided_on: Mapped[date | None]
    decided_by_name: Mapped[str] = mapped_column(String(120), default="")
    denial_reasons: Mapped[str] = mapped_column(Text, default="")
    conditions: Mapped[str] = mapped_column(Text, default="")
    appeal_filed_on: Mapped[date | None]
    appeal_meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    appeal_decided_on: Mapped[date | None]
    appeal_note: Mapped[str] = mapped_column(Text, default="")
    completed_on: Mapped[date | None]
    withdrawn_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    # The repair order (Wis. Stat. § 66.0907) the work carries out: then the owner pays. A plain
    # column (no foreign key): migration 0008 creates this table before the orders' table.
    repair_order_id: Mapped[int | None] = mapped_column(Integer, index=True)
    # The Director's approval of a partial replacement (Whole block repair), given on issue.
    partial_replacement_approved: Mapped[bool] = mapped_column(Boolean, default=False)

    applicant: Mapped[Party] = relationship()
    parcel: Mapped[Parcel | None] = relationship()
    street: Mapped[Street | None] = relationship()
    segment: Mapped[MasterPlanSegment | None] = relationship()
    appeal_meeting: Mapped[CouncilMeeting | None] = relationship()
    # City contract records are numbered in their own series (SWC-…): the number alone is unique.


class SidewalkRepairOrder(Base):
    """An order to repair or replace an unsafe sidewalk (sidewalk article; Wis. Stat.
    § 66.0907), from the Council's order through service of the notice to the owner's repair or
    the City's, whose cost becomes a special charge against the parcel."""

    __tablename__ = "sidewalk_repair_order"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    kind: Mapped[RepairOrderKind] = mapped_column(String(14))
    parcel_id: Mapped[int] = mapped_column(ForeignKey("parcel.id"), index=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    street_id: Mapped[int | None] = mapped_column(ForeignKey("street.id"), index=True)
    location: Mapped[str] = mapped_column(String(200))
    defect: Mapped[str] = mapped_column(Text, default="")  # unsafe, defective, insufficient …
    work_required: Mapped[str] = mapped_column(Text, default="")
    caused_by_owner: Mapped[bool] = mapped_column(Boolean, default=False)
    meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    ordered_on: Mapped[date]
    ordered_by_name: Mapped[str] = mapped_column(String(120), default="")
    whole_block: Mapped[bool] = mapped_column(Boolean, default=True)
    partial_approved_by: Mapped[str] = mapped_column(String(120), default="")
    estimated_cost: Mapped[Money | None]
    served_on: Mapped[date | None]
    served_how: Mapped[str] = mapped_column(String(40), default="")
    served_by_name: Mapped[str] = mapped_column(String(120), default="")
    repair_due_on: Mapped[date | None]  # 20 days after service, fixed when served
    repaired_by_owner_on: Mapped[date | None]
    city_repaired_on: Mapped[date | None]
    city_cost: Mapped[Money | None]
    status: Mapped[RepairOrderStatus] = mapped_column(String(18), index=True)
    cancel_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    parcel: Mapped[Parcel] = relationship()
    owner: Mapped[Party] = relationship()
    street: Mapped[Street | None] = relationship()
    meeting: Mapped[CouncilMeeting | None] = relationship()

    __table_args__ = (
        UniqueConstraint("year", "sequence", name="uq_sidewalk_repair_order_year_sequence"),
        CheckConstraint("city_cost IS NULL OR city_cost > 0", name="city_cost_positive"),
    )
