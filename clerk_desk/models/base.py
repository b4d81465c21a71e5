"""What every model shares: the declarative :class:`Base`, its naming convention and its
column types.

Column types are decided once, in :class:`Base`'s ``type_annotation_map``: money is stored as
integer cents (SQLAlchemy's ``Numeric`` passes through float on SQLite), instants as UTC.
Each workflow's module of this package adds its tables on the same ``Base``; the schema changes
only through the Alembic migrations in ``clerk_desk/migrations``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    MetaData,
    String,
    TypeDecorator,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase

from clerk_desk.money import Money

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class MoneyCents(TypeDecorator[Money]):
    """A :class:`Money` stored exactly, as a whole number of cents."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: Money | None, dialect: Dialect) -> int | None:
        if value is None:
            return None
        if not isinstance(value, Money):
            raise TypeError(f"expected Money, got {type(value).__name__}")
        return value.cents

    def process_result_value(self, value: int | None, dialect: Dialect) -> Money | None:
        return None if value is None else Money.from_cents(int(value))


class UtcDateTime(TypeDecorator[datetime]):
    """An instant, always timezone-aware UTC in Python whatever the database keeps.

    SQLite has no time zones; storing naive UTC and re-attaching UTC on the way out makes both
    databases behave alike, so that audit times compare and sort the same everywhere.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given where an instant is stored; use the clock")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {  # noqa: RUF012 - SQLAlchemy reads this class attribute
        Money: MoneyCents(),
        datetime: UtcDateTime(),
        str: String(200),
        dict[str, Any]: JSON(),
    }
