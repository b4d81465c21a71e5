"""Scanned papers kept in the database by content."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Integer,
    LargeBinary,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from clerk_desk.models.base import Base


class Document(Base):
    """A scanned certificate or bond, kept in the database by its SHA-256 (so backups and
    every station have it, and a swapped copy is noticed)."""

    __tablename__ = "document"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    content: Mapped[bytes] = mapped_column(LargeBinary)
    size: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime]
