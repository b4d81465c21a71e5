"""The database's own state: named settings, the number series taken inside a saving
transaction, and which contents (generation) the database holds."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from clerk_desk.models.base import Base


class DatabaseGeneration(Base):
    """Which contents the database holds: a restore gives it a new generation, and every
    station that signed in under the old one is asked to sign in again."""

    __tablename__ = "database_generation"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    generation: Mapped[str] = mapped_column(String(36))
    changed_at: Mapped[datetime]


class Setting(Base):
    """A named group of settings stored as JSON (city profile, calendar, number formats)."""

    __tablename__ = "setting"

    key: Mapped[str] = mapped_column(String(60), primary_key=True)
    value: Mapped[dict[str, Any]]
    updated_at: Mapped[datetime]


class NumberSequence(Base):
    """The next number of a series (receipts, permits), taken inside the saving transaction."""

    __tablename__ = "number_sequence"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    year: Mapped[int] = mapped_column(Integer, primary_key=True)
    next_value: Mapped[int] = mapped_column(Integer, default=1)
