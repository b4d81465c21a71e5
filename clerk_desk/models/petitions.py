"""Improvement petitions and the Common Council (§ 506-14)."""

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
    false,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerk_desk.kinds import (
    MeetingKind,
    PetitionKind,
    PetitionStatus,
)
from clerk_desk.models.base import Base, MoneyCents
from clerk_desk.money import Money

if TYPE_CHECKING:
    from clerk_desk.models.parties import Parcel, Party


class CouncilMeeting(Base):
    """A meeting of the Common Council, regular or special."""

    __tablename__ = "council_meeting"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[MeetingKind] = mapped_column(String(10))
    starts_at: Mapped[datetime] = mapped_column(index=True)
    place: Mapped[str] = mapped_column(String(200))
    notes: Mapped[str] = mapped_column(Text, default="")
    cancelled_on: Mapped[date | None]
    cancel_reason: Mapped[str] = mapped_column(Text, default="")
    packet_built_at: Mapped[datetime | None]
    packet_pages: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime]


class Petition(Base):
    """A request by property owners for an improvement (§ 506-14), from intake to the Council's
    decision. ``program_year`` is fixed at intake from the day it was received (and changes only
    with a recorded correction of that day), so no later change of the calendar moves it."""

    __tablename__ = "petition"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    kind: Mapped[PetitionKind] = mapped_column(String(20), index=True)
    street: Mapped[str] = mapped_column(String(100))
    limits_from: Mapped[str] = mapped_column(String(100), default="")
    limits_to: Mapped[str] = mapped_column(String(100), default="")
    description: Mapped[str] = mapped_column(Text, default="")
    received_at: Mapped[datetime]
    received_on: Mapped[date] = mapped_column(index=True)  # the City's date of received_at
    received_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    received_by_name: Mapped[str] = mapped_column(String(120))
    program_year: Mapped[int] = mapped_column(Integer, index=True)
    status: Mapped[PetitionStatus] = mapped_column(String(12), index=True)
    meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"), index=True)
    approved_year: Mapped[int | None] = mapped_column(Integer)
    referred_to: Mapped[str] = mapped_column(String(120), default="")
    staff_notes: Mapped[str] = mapped_column(Text, default="")
    # § 506-19: the project's estimated cost and how it would be done, for the Council's packet
    estimated_cost: Mapped[Money | None] = mapped_column(MoneyCents, nullable=True)
    by_contract: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    materials_donated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    volunteer_labour: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    meeting: Mapped[CouncilMeeting | None] = relationship()
    signers: Mapped[list[PetitionSigner]] = relationship(
        back_populates="petition", order_by="PetitionSigner.position"
    )
    scans: Mapped[list[PetitionScan]] = relationship(
        back_populates="petition", order_by="PetitionScan.position"
    )

    __table_args__ = (UniqueConstraint("year", "sequence", name="uq_petition_year_sequence"),)


class PetitionSigner(Base):
    """A property owner named on a petition, the parcel they own, and whether they signed.

    No row is ever deleted. ``position`` above 0 is the owner's place on the petition as it
    stands (1, 2, …); a correction that takes an owner off the petition keeps their row and
    negates its position, and the removal is a step of the petition's history
    (:class:`PetitionEvent`, ``what="signer_removed"``). The register, the screens and the
    agenda packet show only the rows above 0 (``clerk_desk.petitions.service.petitioners``); naming
    the owner again brings the same row back. This keeps the schema as it is.
    """

    __tablename__ = "petition_signer"

    id: Mapped[int] = mapped_column(primary_key=True)
    petition_id: Mapped[int] = mapped_column(ForeignKey("petition.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    party_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    parcel_id: Mapped[int | None] = mapped_column(ForeignKey("parcel.id"))
    signed: Mapped[bool] = mapped_column(Boolean, default=True)

    petition: Mapped[Petition] = relationship(back_populates="signers")
    party: Mapped[Party] = relationship()
    parcel: Mapped[Parcel | None] = relationship()


class PetitionScan(Base):
    """A scan of the signed petition (kept in :class:`Document` by its SHA-256). A scan attached
    in error is set aside with a reason, never deleted."""

    __tablename__ = "petition_scan"

    id: Mapped[int] = mapped_column(primary_key=True)
    petition_id: Mapped[int] = mapped_column(ForeignKey("petition.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(ForeignKey("document.sha256"))
    name: Mapped[str] = mapped_column(String(200))
    added_at: Mapped[datetime]
    added_by_name: Mapped[str] = mapped_column(String(120))
    set_aside_reason: Mapped[str] = mapped_column(Text, default="")  # "" while attached

    petition: Mapped[Petition] = relationship(back_populates="scans")


class PetitionEvent(Base):
    """One step in a petition's history: received, corrected, placed on an agenda, the Council's
    action, withdrawn. Append-only, like the audit trail it mirrors."""

    __tablename__ = "petition_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    petition_id: Mapped[int] = mapped_column(ForeignKey("petition.id"), index=True)
    at: Mapped[datetime]
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    operator_name: Mapped[str] = mapped_column(String(120))
    what: Mapped[str] = mapped_column(String(20))
    meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    detail: Mapped[str] = mapped_column(Text, default="")
    reason: Mapped[str] = mapped_column(Text, default="")

    meeting: Mapped[CouncilMeeting | None] = relationship()
