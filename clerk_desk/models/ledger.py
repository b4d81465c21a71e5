"""The fee schedule and the amounts a party owes the City, which receipts pay."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerk_desk.kinds import (
    DueKind,
    DueStatus,
)
from clerk_desk.models.base import Base
from clerk_desk.money import Money

if TYPE_CHECKING:
    from clerk_desk.models.parties import Party


class FeeItem(Base):
    """One line of the City's fee schedule, in force from ``effective_from`` to ``effective_to``.

    The ordinance leaves amounts to "the City's fee schedule" on file with the Clerk; amounts are
    set by Council resolution. ``placeholder`` marks a shipped amount the City has not set yet.
    """

    __tablename__ = "fee_item"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(20), index=True)
    description: Mapped[str] = mapped_column(String(200))
    amount: Mapped[Money]
    gl_account: Mapped[str] = mapped_column(String(40))
    section: Mapped[str] = mapped_column(String(120), default="")
    effective_from: Mapped[date]
    effective_to: Mapped[date | None]
    placeholder: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (
        UniqueConstraint("code", "effective_from", name="uq_fee_item_code_effective_from"),
        CheckConstraint("amount >= 0", name="amount_not_negative"),
    )


class AmountDue(Base):
    """What a party owes the City for one record (a permit's fee, City expenses, a charge).

    Workflows create these; the receipts workflow takes payment against them; any workflow asks
    :func:`clerk_desk.ledger.is_paid` for its record.
    """

    __tablename__ = "amount_due"

    id: Mapped[int] = mapped_column(primary_key=True)
    party_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    kind: Mapped[DueKind] = mapped_column(String(20))
    description: Mapped[str] = mapped_column(String(200))
    amount: Mapped[Money]
    paid: Mapped[Money]
    fee_item_id: Mapped[int | None] = mapped_column(ForeignKey("fee_item.id"))
    gl_account: Mapped[str] = mapped_column(String(40), default="")
    record_type: Mapped[str] = mapped_column(String(40))
    record_id: Mapped[str] = mapped_column(String(40))
    cite: Mapped[str] = mapped_column(String(120), default="")
    due_on: Mapped[date | None]
    status: Mapped[DueStatus] = mapped_column(String(12), default=DueStatus.OPEN)
    created_at: Mapped[datetime]
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    cancel_reason: Mapped[str] = mapped_column(Text, default="")

    party: Mapped[Party] = relationship()
    fee_item: Mapped[FeeItem | None] = relationship()

    __table_args__ = (
        Index("ix_amount_due_record", "record_type", "record_id"),
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint("paid >= 0 AND paid <= amount", name="paid_within_amount"),
    )

    @property
    def balance(self) -> Money:
        return self.amount - self.paid
