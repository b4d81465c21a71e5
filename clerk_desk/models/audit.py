"""The audit trail: one event per change made through a service, and its hash chain's head."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from clerk_desk.models.base import Base


class AuditEvent(Base):
    """One change made through a service. Append-only: triggers refuse UPDATE and DELETE."""

    __tablename__ = "audit_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(index=True)
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    operator_name: Mapped[str] = mapped_column(String(60))
    action: Mapped[str] = mapped_column(String(60), index=True)
    record_type: Mapped[str] = mapped_column(String(40))
    record_id: Mapped[str] = mapped_column(String(40))
    summary: Mapped[str] = mapped_column(Text)
    before: Mapped[dict[str, Any] | None]
    after: Mapped[dict[str, Any] | None]
    # The official the act's section makes responsible, with its cite (clerk_desk.officials):
    # "City Administrator, § 506-10 (Sidewalk cafe permit issuance)"; "" when it names none.
    responsible: Mapped[str] = mapped_column(String(120), default="", server_default="")
    # SHA-256 of this event's content and of the event before it (clerk_desk.audit_chain): a
    # changed, removed or inserted event breaks the chain from there on.
    chain_hash: Mapped[str] = mapped_column(String(64), default="", server_default="")

    __table_args__ = (Index("ix_audit_event_record", "record_type", "record_id"),)


class AuditChain(Base):
    """The head of the audit trail's hash chain: one row, locked by every action that appends,
    so that events are numbered and chained one after another whichever station saves."""

    __tablename__ = "audit_chain"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    last_id: Mapped[int] = mapped_column(Integer, default=0)
    last_hash: Mapped[str] = mapped_column(String(64))
