"""The people who sign in at a counter station, and the throttle on failed sign-ins."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from clerk_desk.kinds import (
    Role,
)
from clerk_desk.models.base import Base


class Operator(Base):
    """A person who signs in at a counter station."""

    __tablename__ = "operator"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(60), unique=True)
    full_name: Mapped[str] = mapped_column(String(120))
    role: Mapped[Role] = mapped_column(String(20))
    password_hash: Mapped[str] = mapped_column(String(300))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime]
    last_sign_in_at: Mapped[datetime | None]


class SignInThrottle(Base):
    """Failed sign-ins under one user name (known or not), to slow a guesser down."""

    __tablename__ = "sign_in_throttle"

    username: Mapped[str] = mapped_column(String(60), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    first_failed_at: Mapped[datetime]
    last_failed_at: Mapped[datetime]
    blocked_until: Mapped[datetime | None]
