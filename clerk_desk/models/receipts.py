"""Receipts and the cash drawer (§ 506-6: "Permit fees shall be paid to the Treasurer who
shall issue a receipt therefor")."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerk_desk.kinds import (
    DrawerStatus,
    ReceiptKind,
    ReceiptStatus,
    TenderKind,
)
from clerk_desk.models.base import Base
from clerk_desk.money import Money


class Drawer(Base):
    """One counter station's cash drawer from opening to close-out (a batch).

    Receipts are written into the open drawer of the station that takes them; a closed drawer
    is locked: nothing in it can be voided, and its counts cannot change.
    """

    __tablename__ = "drawer"

    id: Mapped[int] = mapped_column(primary_key=True)
    station: Mapped[str] = mapped_column(String(60), index=True)
    status: Mapped[DrawerStatus] = mapped_column(String(10), default=DrawerStatus.OPEN)
    opened_at: Mapped[datetime]
    opened_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    opening_cash: Mapped[Money]
    closed_at: Mapped[datetime | None]
    closed_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    expected_cash: Mapped[Money | None]
    expected_checks: Mapped[Money | None]
    expected_cards: Mapped[Money | None]
    expected_money_orders: Mapped[Money | None]
    counted_cash: Mapped[Money | None]
    counted_checks: Mapped[Money | None]
    counted_cards: Mapped[Money | None]
    counted_money_orders: Mapped[Money | None]
    cash_count: Mapped[dict[str, Any] | None]  # denomination -> pieces, as counted
    check_list: Mapped[dict[str, Any] | None]  # checks as listed for the deposit slip
    over_short: Mapped[Money | None]
    close_note: Mapped[str] = mapped_column(Text, default="")

    __table_args__ = (
        CheckConstraint("opening_cash >= 0", name="opening_cash_not_negative"),
        # One open drawer per station, said by the database: two operators opening the same
        # station's drawer at the same moment cannot both succeed.
        Index(
            "uq_drawer_open_station",
            "station",
            unique=True,
            sqlite_where=text("status = 'open'"),
            postgresql_where=text("status = 'open'"),
        ),
    )


class Receipt(Base):
    """A receipt: immutable once written, except that it may be voided (who, when, why).

    ``number`` is allocated in the saving transaction from ``year`` and ``sequence``, so two
    stations never share one and a failed save leaves no gap.
    """

    __tablename__ = "receipt"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(30), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    kind: Mapped[ReceiptKind] = mapped_column(String(12), default=ReceiptKind.PAYMENT)
    status: Mapped[ReceiptStatus] = mapped_column(String(8), default=ReceiptStatus.ISSUED)
    drawer_id: Mapped[int] = mapped_column(ForeignKey("drawer.id"), index=True)
    issued_at: Mapped[datetime] = mapped_column(index=True)
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    operator_name: Mapped[str] = mapped_column(String(120))
    payer_id: Mapped[int | None] = mapped_column(ForeignKey("party.id"), index=True)
    payer_name: Mapped[str] = mapped_column(String(200))
    search_text: Mapped[str] = mapped_column(Text, default="")  # number, payer, references
    total: Mapped[Money] = mapped_column(index=True)
    change: Mapped[Money]
    corrects_id: Mapped[int | None] = mapped_column(ForeignKey("receipt.id"))
    note: Mapped[str] = mapped_column(Text, default="")
    voided_at: Mapped[datetime | None]
    voided_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    void_reason: Mapped[str] = mapped_column(Text, default="")
    prints: Mapped[int] = mapped_column(Integer, default=0)

    lines: Mapped[list[ReceiptLine]] = relationship(
        back_populates="receipt", order_by="ReceiptLine.position"
    )
    tenders: Mapped[list[Tender]] = relationship(
        back_populates="receipt", order_by="Tender.position"
    )

    __table_args__ = (
        UniqueConstraint("year", "sequence", name="uq_receipt_year_sequence"),
        CheckConstraint("change >= 0", name="change_not_negative"),
        # The register read newest first with the search text at hand: a LIKE over it reads the
        # index alone (clerk_desk.text_search; migration 0011).
        Index("ix_receipt_issued_at_search", "issued_at", "id", "search_text"),
    )


class ReceiptLine(Base):
    """What one line of a receipt pays: a fee item, actual City expenses, or an amount due."""

    __tablename__ = "receipt_line"

    id: Mapped[int] = mapped_column(primary_key=True)
    receipt_id: Mapped[int] = mapped_column(ForeignKey("receipt.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    description: Mapped[str] = mapped_column(String(200))
    amount: Mapped[Money]
    gl_account: Mapped[str] = mapped_column(String(40))
    fee_item_id: Mapped[int | None] = mapped_column(ForeignKey("fee_item.id"))
    amount_due_id: Mapped[int | None] = mapped_column(ForeignKey("amount_due.id"), index=True)
    reference: Mapped[str] = mapped_column(String(120), default="")
    note: Mapped[str] = mapped_column(Text, default="")

    receipt: Mapped[Receipt] = relationship(back_populates="lines")


class Tender(Base):
    """How a receipt was paid. Of a card, only the last four digits and the authorization code
    are ever stored. ``amount`` is what the tender pays toward the total; for cash,
    ``tendered`` is what was handed over (the difference is the change)."""

    __tablename__ = "tender"

    id: Mapped[int] = mapped_column(primary_key=True)
    receipt_id: Mapped[int] = mapped_column(ForeignKey("receipt.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[TenderKind] = mapped_column(String(12))
    amount: Mapped[Money]
    tendered: Mapped[Money]
    check_number: Mapped[str] = mapped_column(String(30), default="")
    name_on_check: Mapped[str] = mapped_column(String(120), default="")
    card_last4: Mapped[str] = mapped_column(String(4), default="")
    card_authorization: Mapped[str] = mapped_column(String(20), default="")
    money_order_number: Mapped[str] = mapped_column(String(30), default="")

    receipt: Mapped[Receipt] = relationship(back_populates="tenders")
