"""Special charges and the tax roll."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerk_desk.kinds import (
    ChargeKind,
    ChargeStatus,
    RunStatus,
)
from clerk_desk.models.base import Base
from clerk_desk.money import Money

if TYPE_CHECKING:
    from clerk_desk.models.ledger import AmountDue
    from clerk_desk.models.parties import Parcel, Party


class SpecialCharge(Base):
    """A charge for work the City did in an owner's (or operator's, or permittee's) place.

    ``bill_on`` is the day the bill or notice went out, ``delivered_how`` how; ``received_on``
    the day it reached the party where a clock runs from receipt (§ 506-8). ``due_on`` is the
    last day to pay and ``tax_roll_on`` the first day the charge may be certified to the tax
    roll, both fixed from the section's clock when the bill is recorded. The money owed is the
    :class:`AmountDue` the Receipts tab takes payment on.
    """

    __tablename__ = "special_charge"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    kind: Mapped[ChargeKind] = mapped_column(String(20), index=True)
    parcel_id: Mapped[int | None] = mapped_column(ForeignKey("parcel.id"), index=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("party.id"), index=True)
    billed_party_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    billed_as: Mapped[str] = mapped_column(String(20), default="owner")  # operator, permittee …
    work: Mapped[str] = mapped_column(Text)
    work_done_on: Mapped[date]  # the cost was incurred (§ 506-8 counts 60 days from it)
    administration: Mapped[Money]  # 20% of a deficiency repair (§ 506-6)
    total: Mapped[Money]
    bill_on: Mapped[date | None]
    first_bill_on: Mapped[date | None]  # the bill's day as first recorded (kept when corrected)
    bill_note: Mapped[str] = mapped_column(Text, default="")  # why the bill was last corrected
    delivered_how: Mapped[str] = mapped_column(String(40), default="")
    received_on: Mapped[date | None]
    due_on: Mapped[date | None] = mapped_column(index=True)
    tax_roll_on: Mapped[date | None] = mapped_column(index=True)
    status: Mapped[ChargeStatus] = mapped_column(String(12), index=True)
    amount_due_id: Mapped[int | None] = mapped_column(ForeignKey("amount_due.id"), unique=True)
    record_type: Mapped[str] = mapped_column(String(40), default="")  # the permit or order
    record_id: Mapped[str] = mapped_column(String(40), default="")
    tax_roll_run_id: Mapped[int | None] = mapped_column(ForeignKey("tax_roll_run.id"), index=True)
    certified_amount: Mapped[Money | None]  # the balance the run entered on the tax roll
    # A payment reversed after the charge was certified is owed again on a supplemental charge.
    supplements_id: Mapped[int | None] = mapped_column(ForeignKey("special_charge.id"), index=True)
    cancelled_on: Mapped[date | None]
    cancel_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    created_by_name: Mapped[str] = mapped_column(String(120), default="")

    parcel: Mapped[Parcel | None] = relationship()
    owner: Mapped[Party | None] = relationship(foreign_keys=[owner_id])
    billed_party: Mapped[Party] = relationship(foreign_keys=[billed_party_id])
    amount_due: Mapped[AmountDue | None] = relationship()
    lines: Mapped[list[ChargeLine]] = relationship(
        back_populates="charge", order_by="ChargeLine.position"
    )
    run: Mapped[TaxRollRun | None] = relationship()
    supplements: Mapped[SpecialCharge | None] = relationship(remote_side=[id])

    __table_args__ = (
        UniqueConstraint("year", "sequence", name="uq_special_charge_year_sequence"),
        CheckConstraint("total > 0", name="total_positive"),
        CheckConstraint("administration >= 0", name="administration_not_negative"),
    )


class ChargeLine(Base):
    """One cost of the work: labor, materials, equipment, a fee set by the Council, other."""

    __tablename__ = "special_charge_line"

    id: Mapped[int] = mapped_column(primary_key=True)
    charge_id: Mapped[int] = mapped_column(ForeignKey("special_charge.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    category: Mapped[str] = mapped_column(String(12))
    description: Mapped[str] = mapped_column(String(200))
    amount: Mapped[Money]

    charge: Mapped[SpecialCharge] = relationship(back_populates="lines")

    __table_args__ = (CheckConstraint("amount > 0", name="amount_positive"),)


class TaxRollRun(Base):
    """A "certify to tax roll" run: every charge past its tax-roll day and unpaid as of
    ``as_of``, reviewed by the Treasurer, then certified once (the charges are then locked)."""

    __tablename__ = "tax_roll_run"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    as_of: Mapped[date]
    status: Mapped[RunStatus] = mapped_column(String(10), index=True)
    total: Mapped[Money]
    prepared_at: Mapped[datetime]
    prepared_by_name: Mapped[str] = mapped_column(String(120))
    certified_at: Mapped[datetime | None]
    certified_by_name: Mapped[str] = mapped_column(String(120), default="")
    note: Mapped[str] = mapped_column(Text, default="")

    entries: Mapped[list[TaxRollEntry]] = relationship(
        back_populates="run", order_by="(TaxRollEntry.parcel_number, TaxRollEntry.id)"
    )


class TaxRollEntry(Base):
    """One row of a run as the county's tax-roll clerk reads it: parcel, owner, what, the
    section, the amount. Copied when the run is prepared, so a certified run reads as it was
    certified whatever later becomes of the parcel or the owner's name."""

    __tablename__ = "tax_roll_entry"

    id: Mapped[int] = mapped_column(primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("tax_roll_run.id"), index=True)
    charge_id: Mapped[int] = mapped_column(ForeignKey("special_charge.id"), index=True)
    parcel_number: Mapped[str] = mapped_column(String(40))
    owner_name: Mapped[str] = mapped_column(String(200))
    owner_address: Mapped[str] = mapped_column(Text, default="")
    site_address: Mapped[str] = mapped_column(String(200), default="")
    description: Mapped[str] = mapped_column(String(200))
    section: Mapped[str] = mapped_column(String(120))
    amount: Mapped[Money]

    run: Mapped[TaxRollRun] = relationship(back_populates="entries")
    charge: Mapped[SpecialCharge] = relationship()

    __table_args__ = (
        UniqueConstraint("run_id", "charge_id", name="uq_tax_roll_entry_run_charge"),
        CheckConstraint("amount > 0", name="amount_positive"),
    )
