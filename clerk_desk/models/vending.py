"""Special event vending (§ 506-24)."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import TYPE_CHECKING, Any

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
    ApplicantKind,
    VendingStatus,
)
from clerk_desk.models.base import Base

if TYPE_CHECKING:
    from clerk_desk.models.parties import Party
    from clerk_desk.models.petitions import CouncilMeeting


class VendingApplication(Base):
    """An application for a special event vending permit (§ 506-24), from intake to permit.

    ``applied_at`` is stamped at intake and starts the three-day clock of the doubt notice;
    ``doubt_due_on`` is that clock's last day, fixed then from the City's calendar.
    ``decided_on`` and ``decided_by_name`` name the decision that stands (the Clerk's, or the
    Common Council's once it has acted on an appeal); ``denied_on`` and ``denied_by_name`` keep
    the Clerk's denial for good. ``conditions`` are the permit's conditions other than the
    Council's, which stay on its :class:`VendingAppeal`.
    """

    __tablename__ = "vending_application"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    applicant_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    applicant_kind: Mapped[ApplicantKind] = mapped_column(String(10))
    event_name: Mapped[str] = mapped_column(String(200))
    goods: Mapped[str] = mapped_column(Text, default="")
    integral_to_event: Mapped[bool] = mapped_column(Boolean, default=False)
    contact_name: Mapped[str] = mapped_column(String(120), default="")
    contact_phone: Mapped[str] = mapped_column(String(40), default="")
    contact_email: Mapped[str] = mapped_column(String(120), default="")
    applied_at: Mapped[datetime]
    applied_on: Mapped[date] = mapped_column(index=True)
    received_by_name: Mapped[str] = mapped_column(String(120))
    doubt_due_on: Mapped[date]
    status: Mapped[VendingStatus] = mapped_column(String(16), index=True)
    police_submitted_on: Mapped[date | None]
    police_approved_on: Mapped[date | None]
    police_approved_by: Mapped[str] = mapped_column(String(120), default="")
    police_note: Mapped[str] = mapped_column(Text, default="")
    conditions: Mapped[str] = mapped_column(Text, default="")  # one a line, as printed
    decided_on: Mapped[date | None]
    decided_by_name: Mapped[str] = mapped_column(String(120), default="")
    decision_reasons: Mapped[str] = mapped_column(Text, default="")
    denied_on: Mapped[date | None]  # the Clerk's denial: never changed once set
    denied_by_name: Mapped[str] = mapped_column(String(120), default="")  # who denied it
    appeal_due_on: Mapped[date | None]
    permit_number: Mapped[str | None] = mapped_column(String(20), unique=True)
    permit_issued_on: Mapped[date | None]
    withdrawn_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    corrected_at: Mapped[datetime | None]  # the last correction: it is reviewed again
    created_at: Mapped[datetime]

    applicant: Mapped[Party] = relationship()
    slots: Mapped[list[VendingSlot]] = relationship(
        back_populates="application",
        order_by="(VendingSlot.day, VendingSlot.starts, VendingSlot.position)",
    )
    participants: Mapped[list[VendingParticipant]] = relationship(
        back_populates="application", order_by="VendingParticipant.position"
    )
    notices: Mapped[list[DoubtNotice]] = relationship(
        back_populates="application", order_by="DoubtNotice.id"
    )
    appeals: Mapped[list[VendingAppeal]] = relationship(
        back_populates="application", order_by="VendingAppeal.id"
    )

    __table_args__ = (
        UniqueConstraint("year", "sequence", name="uq_vending_application_year_sequence"),
    )


class VendingSlot(Base):
    """One exact day, its hours, and one exact place: the permit is valid only there and then."""

    __tablename__ = "vending_slot"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("vending_application.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    day: Mapped[date] = mapped_column(index=True)
    starts: Mapped[time]
    ends: Mapped[time]
    location: Mapped[str] = mapped_column(String(200))

    application: Mapped[VendingApplication] = relationship(back_populates="slots")

    __table_args__ = (CheckConstraint("ends > starts", name="hours_in_order"),)


class VendingParticipant(Base):
    """A sponsor or participant named by a sponsoring organization at application."""

    __tablename__ = "vending_participant"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("vending_application.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(12), default="participant")  # or "sponsor"
    goods: Mapped[str] = mapped_column(String(200), default="")
    contact: Mapped[str] = mapped_column(String(200), default="")

    application: Mapped[VendingApplication] = relationship(back_populates="participants")


class DoubtNotice(Base):
    """The Clerk's written statement of the matters in doubt, due within three days of the
    application (§ 506-24 (Procedure)), and how it reached the applicant."""

    __tablename__ = "vending_doubt_notice"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("vending_application.id"), index=True)
    prepared_at: Mapped[datetime]
    prepared_by_name: Mapped[str] = mapped_column(String(120))
    matters: Mapped[dict[str, Any]]  # {"items": [text, …]} as listed in the letter
    due_on: Mapped[date]
    delivered_at: Mapped[datetime | None]
    delivered_manner: Mapped[str] = mapped_column(String(40), default="")

    application: Mapped[VendingApplication] = relationship(back_populates="notices")


class VendingAppeal(Base):
    """An appeal of the Clerk's denial to the Common Council (§ 506-24 (Procedure))."""

    __tablename__ = "vending_appeal"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("vending_application.id"), index=True)
    filed_on: Mapped[date]
    due_on: Mapped[date]  # the last day to file: seven days from the Clerk's decision
    timely: Mapped[bool] = mapped_column(Boolean)
    meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    outcome: Mapped[str] = mapped_column(String(16), default="")  # "" until the Council acts
    acted_on: Mapped[date | None]
    conditions: Mapped[str] = mapped_column(Text, default="")
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    application: Mapped[VendingApplication] = relationship(back_populates="appeals")
    meeting: Mapped[CouncilMeeting | None] = relationship()
