"""Street numbers (§ 506-16): the streets, their addresses and the numbering cases."""

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
    AddressStatus,
    BuildingKind,
    Compass,
    NumberingCaseStatus,
)
from clerk_desk.models.base import Base

if TYPE_CHECKING:
    from clerk_desk.models.parties import Parcel, Party


class Street(Base):
    """A street of the numbering map: its name, the side that carries odd numbers, the way the
    numbers run and the numbers it may carry.

    ``grid_base`` is the number at the street's starting line (position 0), where the City's
    numbering grid gives one; positions along the street are feet from that line.
    """

    __tablename__ = "street"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    suffix: Mapped[str] = mapped_column(String(12), default="")  # St, Ave, Rd …
    direction: Mapped[str] = mapped_column(String(2), default="")  # N, S, E, W, NE …
    full_name: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(100), unique=True)  # folded, for duplicates
    odd_side: Mapped[Compass] = mapped_column(String(1))
    increases_toward: Mapped[Compass] = mapped_column(String(1))
    range_low: Mapped[int] = mapped_column(Integer)
    range_high: Mapped[int] = mapped_column(Integer)
    grid_base: Mapped[int | None] = mapped_column(Integer)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    notes: Mapped[str] = mapped_column(Text, default="")

    __table_args__ = (
        CheckConstraint("range_low > 0 AND range_high >= range_low", name="range_in_order"),
    )


_ADDRESS_IN_USE = "status = 'assigned'"


class Address(Base):
    """An official street number as assigned by the Building Inspector (§ 506-16).

    A change is made by a recorded act with a reason (:class:`AddressChange`), never by typing
    over the number; a number no longer used is retired, not deleted.
    """

    __tablename__ = "address"

    id: Mapped[int] = mapped_column(primary_key=True)
    street_id: Mapped[int] = mapped_column(ForeignKey("street.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    unit: Mapped[str] = mapped_column(String(20), default="")  # apartment or unit identifier
    parcel_id: Mapped[int] = mapped_column(ForeignKey("parcel.id"), index=True)
    building_kind: Mapped[BuildingKind] = mapped_column(String(20))
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("party.id"), index=True)
    status: Mapped[AddressStatus] = mapped_column(String(10), default=AddressStatus.ASSIGNED)
    side: Mapped[Compass] = mapped_column(String(1))
    position_ft: Mapped[int | None] = mapped_column(Integer)  # along the street from its start
    assigned_on: Mapped[date]
    assigned_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    assigned_by_name: Mapped[str] = mapped_column(String(120))
    letter_printed_on: Mapped[date | None]
    retired_on: Mapped[date | None]
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")

    street: Mapped[Street] = relationship()
    parcel: Mapped[Parcel] = relationship()
    owner: Mapped[Party | None] = relationship()

    __table_args__ = (
        CheckConstraint("number > 0", name="number_positive"),
        # Two stations can never assign the same number and unit on one street.
        Index(
            "uq_address_in_use",
            "street_id",
            "number",
            "unit",
            unique=True,
            sqlite_where=text(_ADDRESS_IN_USE),
            postgresql_where=text(_ADDRESS_IN_USE),
        ),
        Index("ix_address_street_number", "street_id", "number"),
    )


class AddressChange(Base):
    """One change to an official address: what it was, what it became, who, when and why."""

    __tablename__ = "address_change"

    id: Mapped[int] = mapped_column(primary_key=True)
    address_id: Mapped[int] = mapped_column(ForeignKey("address.id"), index=True)
    at: Mapped[datetime]
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    operator_name: Mapped[str] = mapped_column(String(120))
    what: Mapped[str] = mapped_column(String(40))  # assigned, number, unit, owner, retired …
    old_value: Mapped[str] = mapped_column(String(200), default="")
    new_value: Mapped[str] = mapped_column(String(200), default="")
    reason: Mapped[str] = mapped_column(Text, default="")


class NumberingCase(Base):
    """Numbers missing or improper on a building (§ 506-16 (Noncompliance)), from observation
    through notice and referral to compliance."""

    __tablename__ = "numbering_case"

    id: Mapped[int] = mapped_column(primary_key=True)
    address_id: Mapped[int] = mapped_column(ForeignKey("address.id"), index=True)
    status: Mapped[NumberingCaseStatus] = mapped_column(
        String(10), default=NumberingCaseStatus.OPEN, index=True
    )
    observed_on: Mapped[date]
    observation: Mapped[str] = mapped_column(Text)
    observed_by_name: Mapped[str] = mapped_column(String(120))
    notice_from: Mapped[date]  # the first day a notice may be served (after 20 days' neglect)
    served_on: Mapped[date | None]
    served_manner: Mapped[str] = mapped_column(String(30), default="")
    served_by_name: Mapped[str] = mapped_column(String(120), default="")
    referral_from: Mapped[date | None]  # the first day after 10 days from service
    referred_on: Mapped[date | None]
    closed_on: Mapped[date | None]
    close_note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    address: Mapped[Address] = relationship()
