"""Sidewalk cafes (§ 506-10)."""

from __future__ import annotations

from datetime import date, datetime, time
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
    CafeStatus,
)
from clerk_desk.models.base import Base
from clerk_desk.money import Money

if TYPE_CHECKING:
    from clerk_desk.models.parties import Parcel, Party
    from clerk_desk.models.petitions import CouncilMeeting
    from clerk_desk.models.street_numbers import Street


class SidewalkCafe(Base):
    """An application for, and then the permit of, a sidewalk cafe (§ 506-10).

    Dimensions are whole inches as read off the site plan. ``expires_on`` is the permit's last
    day: at most one year from its original issuance. A renewal is a new application that names
    the permit it renews (``renews_id``); a new owner is a new application, never a transfer.
    """

    __tablename__ = "sidewalk_cafe"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    applicant_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    establishment: Mapped[str] = mapped_column(String(200))
    parcel_id: Mapped[int | None] = mapped_column(ForeignKey("parcel.id"), index=True)
    street_id: Mapped[int | None] = mapped_column(ForeignKey("street.id"), index=True)
    address: Mapped[str] = mapped_column(String(200))
    renews_id: Mapped[int | None] = mapped_column(ForeignKey("sidewalk_cafe.id"))
    zoning_district: Mapped[str] = mapped_column(String(20), default="")
    commercially_zoned: Mapped[bool] = mapped_column(Boolean, default=False)
    sales_from: Mapped[date | None]  # the six months immediately preceding the application
    sales_to: Mapped[date | None]
    gross_sales: Mapped[Money | None]
    food_and_soft_drink_sales: Mapped[Money | None]
    at_storefront: Mapped[bool] = mapped_column(Boolean, default=True)
    at_curbside: Mapped[bool] = mapped_column(Boolean, default=False)
    corner_parcel: Mapped[bool] = mapped_column(Boolean, default=False)
    sidewalk_width_in: Mapped[int | None] = mapped_column(Integer)  # curb face to property line
    clear_passage_in: Mapped[int | None] = mapped_column(Integer)
    passage_abuts_curb: Mapped[bool] = mapped_column(Boolean, default=True)
    curb_setback_in: Mapped[int | None] = mapped_column(Integer)  # tables and chairs to curb
    aisle_in: Mapped[int | None] = mapped_column(Integer)
    frontage_in: Mapped[int | None] = mapped_column(Integer)  # the establishment's frontage
    cafe_length_in: Mapped[int | None] = mapped_column(Integer)  # along the sidewalk
    side_frontage_in: Mapped[int | None] = mapped_column(Integer)  # corner: the side street
    side_cafe_length_in: Mapped[int | None] = mapped_column(Integer)
    side_clear_passage_in: Mapped[int | None] = mapped_column(Integer)  # corner: the side street
    side_passage_abuts_curb: Mapped[bool] = mapped_column(Boolean, default=True)
    side_curb_setback_in: Mapped[int | None] = mapped_column(Integer)
    cafe_depth_in: Mapped[int | None] = mapped_column(Integer)
    seats: Mapped[int | None] = mapped_column(Integer)
    tables: Mapped[int | None] = mapped_column(Integer)
    umbrellas: Mapped[str] = mapped_column(Text, default="")  # as described on the permit
    serves_alcohol: Mapped[bool] = mapped_column(Boolean, default=False)
    liquor_license: Mapped[str] = mapped_column(String(60), default="")  # the license held
    opens_at: Mapped[time | None]
    closes_at: Mapped[time | None]
    indoor_opens_at: Mapped[time | None]
    indoor_closes_at: Mapped[time | None]
    applied_at: Mapped[datetime]
    applied_on: Mapped[date] = mapped_column(index=True)
    received_by_name: Mapped[str] = mapped_column(String(120))
    status: Mapped[CafeStatus] = mapped_column(String(16), index=True)
    notice_mailed_on: Mapped[date | None]
    notice_mailed_by: Mapped[str] = mapped_column(String(120), default="")
    comments_due_on: Mapped[date | None]  # 15 calendar days from mailing
    police_sent_on: Mapped[date | None]
    police_reviewed_on: Mapped[date | None]
    police_approved: Mapped[bool | None] = mapped_column(Boolean)
    police_memo: Mapped[str] = mapped_column(Text, default="")
    dpw_inspected_on: Mapped[date | None]
    dpw_inspected_by: Mapped[str] = mapped_column(String(120), default="")
    dpw_satisfied: Mapped[bool | None] = mapped_column(Boolean)
    dpw_note: Mapped[str] = mapped_column(Text, default="")
    meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    council_decided_on: Mapped[date | None]
    council_approved: Mapped[bool | None] = mapped_column(Boolean)
    council_conditions: Mapped[str] = mapped_column(Text, default="")
    council_closes_at: Mapped[time | None]  # hours further restricted by the Council
    issued_on: Mapped[date | None]
    issued_by_name: Mapped[str] = mapped_column(String(120), default="")
    expires_on: Mapped[date | None] = mapped_column(index=True)
    revocation_notice_on: Mapped[date | None]  # 10 days' written notice of the meeting
    revocation_meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    revocation_grounds: Mapped[str] = mapped_column(Text, default="")
    revoked_on: Mapped[date | None]
    revoked_until: Mapped[date | None]  # a temporary revocation's last day
    denial_reasons: Mapped[str] = mapped_column(Text, default="")
    withdrawn_reason: Mapped[str] = mapped_column(Text, default="")
    site_plan_name: Mapped[str] = mapped_column(String(200), default="")
    site_plan_sha256: Mapped[str] = mapped_column(String(64), default="")
    site_plan_scale: Mapped[str] = mapped_column(String(40), default="")  # as noted on the plan
    sales_records_name: Mapped[str] = mapped_column(String(200), default="")
    sales_records_sha256: Mapped[str] = mapped_column(String(64), default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    applicant: Mapped[Party] = relationship()
    parcel: Mapped[Parcel | None] = relationship()
    street: Mapped[Street | None] = relationship()
    renews: Mapped[SidewalkCafe | None] = relationship(remote_side="SidewalkCafe.id")
    meeting: Mapped[CouncilMeeting | None] = relationship(foreign_keys=[meeting_id])
    revocation_meeting: Mapped[CouncilMeeting | None] = relationship(
        foreign_keys=[revocation_meeting_id]
    )
    neighbors: Mapped[list[CafeNeighbor]] = relationship(
        back_populates="cafe", order_by="CafeNeighbor.position"
    )
    comments: Mapped[list[CafeComment]] = relationship(
        back_populates="cafe", order_by="CafeComment.received_on"
    )
    suspensions: Mapped[list[CafeSuspension]] = relationship(
        back_populates="cafe", order_by="CafeSuspension.starts_on"
    )

    __table_args__ = (UniqueConstraint("year", "sequence", name="uq_sidewalk_cafe_year_sequence"),)


class CafeNeighbor(Base):
    """An owner or occupant of property within 100 feet, to whom the notice is mailed."""

    __tablename__ = "sidewalk_cafe_neighbor"

    id: Mapped[int] = mapped_column(primary_key=True)
    cafe_id: Mapped[int] = mapped_column(ForeignKey("sidewalk_cafe.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    mailing_address: Mapped[str] = mapped_column(Text, default="")  # lines as on the envelope
    parcel_number: Mapped[str] = mapped_column(String(40), default="")
    relation: Mapped[str] = mapped_column(String(10), default="owner")  # or occupant
    distance_ft: Mapped[int | None] = mapped_column(Integer)  # from the cafe property

    cafe: Mapped[SidewalkCafe] = relationship(back_populates="neighbors")


class CafeComment(Base):
    """A comment on the application received by the Clerk (15 calendar days from mailing)."""

    __tablename__ = "sidewalk_cafe_comment"

    id: Mapped[int] = mapped_column(primary_key=True)
    cafe_id: Mapped[int] = mapped_column(ForeignKey("sidewalk_cafe.id"), index=True)
    received_on: Mapped[date]
    commenter: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(20), default="public")  # public, staff, committee
    text: Mapped[str] = mapped_column(Text, default="")
    timely: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime]

    cafe: Mapped[SidewalkCafe] = relationship(back_populates="comments")


class CafeSuspension(Base):
    """A temporary suspension of the cafe's operation, on seven days' written notice unless an
    emergency (§ 506-10 (Term and renewal of permit; temporary suspension of operation))."""

    __tablename__ = "sidewalk_cafe_suspension"

    id: Mapped[int] = mapped_column(primary_key=True)
    cafe_id: Mapped[int] = mapped_column(ForeignKey("sidewalk_cafe.id"), index=True)
    notice_on: Mapped[date | None]  # the written notice; none in an emergency
    starts_on: Mapped[date]
    ends_on: Mapped[date]
    reason: Mapped[str] = mapped_column(Text)
    emergency: Mapped[bool] = mapped_column(Boolean, default=False)
    # Why seven days' written notice was not given, when it was not and no emergency was
    # determined: the ordinance lets the City suspend all the same (§ 506-10).
    short_notice_reason: Mapped[str] = mapped_column(Text, default="", server_default="")
    created_at: Mapped[datetime]
    created_by_name: Mapped[str] = mapped_column(String(120), default="")
    lifted_on: Mapped[date | None]  # the first day the cafe may operate again, when lifted early
    lifted_by_name: Mapped[str] = mapped_column(String(120), default="")
    lift_reason: Mapped[str] = mapped_column(Text, default="")

    cafe: Mapped[SidewalkCafe] = relationship(back_populates="suspensions")

    __table_args__ = (CheckConstraint("ends_on >= starts_on", name="period_in_order"),)
