"""Parties and parcels, shared by every workflow that names a person or a property."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import (
    Boolean,
    ForeignKey,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerk_desk.kinds import (
    PartyKind,
)
from clerk_desk.models.base import Base

if TYPE_CHECKING:
    pass


class Party(Base):
    """A person, business, organization, public utility or government body the City deals with.

    ``public_utility`` is kept as its own flag because § 506-6 (Bond) exempts public utilities
    from the excavation bond, whatever kind of body they are.
    """

    __tablename__ = "party"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[PartyKind] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(200), index=True)
    contact_name: Mapped[str] = mapped_column(String(120), default="")
    street: Mapped[str] = mapped_column(String(200), default="")
    city: Mapped[str] = mapped_column(String(80), default="")
    state: Mapped[str] = mapped_column(String(2), default="")
    postal_code: Mapped[str] = mapped_column(String(10), default="")
    phone: Mapped[str] = mapped_column(String(40), default="")
    email: Mapped[str] = mapped_column(String(120), default="")
    public_utility: Mapped[bool] = mapped_column(Boolean, default=False)
    contractor: Mapped[bool] = mapped_column(Boolean, default=False)
    notes: Mapped[str] = mapped_column(Text, default="")
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    search_text: Mapped[str] = mapped_column(Text, default="")

    parcels: Mapped[list[Parcel]] = relationship(back_populates="owner")

    @property
    def mailing_address(self) -> str:
        locality = " ".join(
            p for p in (f"{self.city}," if self.city else "", self.state, self.postal_code) if p
        )
        return "\n".join(p for p in (self.street, locality.strip()) if p)


class Parcel(Base):
    """A tax parcel and its site address, shared by every workflow that names a property."""

    __tablename__ = "parcel"

    id: Mapped[int] = mapped_column(primary_key=True)
    parcel_number: Mapped[str] = mapped_column(String(40), unique=True)
    site_address: Mapped[str] = mapped_column(String(200), default="")
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("party.id"), index=True)
    description: Mapped[str] = mapped_column(Text, default="")
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    search_text: Mapped[str] = mapped_column(Text, default="")

    owner: Mapped[Party | None] = relationship(back_populates="parcels")
