"""Checks shared by every service that stores typed text.

The limits are the mapped columns' own lengths, read from the model: there is no second copy to
keep in step. PostgreSQL refuses a value longer than its ``VARCHAR(n)`` with a raw error, and
SQLite keeps it silently (so that a later copy into PostgreSQL would fail); checking here refuses
it the same way on both, next to the field that was typed.
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

from sqlalchemy import String, Text
from sqlalchemy.orm import QueryableAttribute

from clerk_desk import stored_values
from clerk_desk.errors import InvalidInput


def longest(field: str) -> int | None:
    """The most characters a record's field holds, the field named as ``"Party.phone"``:
    how the window limits what can be typed without importing the model."""
    from clerk_desk.models import Base

    record, _, attribute = field.partition(".")
    classes = {mapper.class_.__name__: mapper.class_ for mapper in Base.registry.mappers}
    if record not in classes or not hasattr(classes[record], attribute):
        raise KeyError(f"no record field {field!r}")
    return max_length(getattr(classes[record], attribute))


def max_length(column: QueryableAttribute[Any]) -> int | None:
    """The most characters ``column`` (e.g. ``Party.phone``) holds; None when unlimited (Text)."""
    column_type = column.property.columns[0].type
    if isinstance(column_type, String) and column_type.length is not None:
        return int(column_type.length)
    return None


def fits(
    column: QueryableAttribute[Any], value: str, label: str, *, field: str | None = None
) -> str:
    """Return the cleaned ``value`` if it fits ``column``; else refuse it for ``field``.

    It fits when it is no longer than the column, holds no control character (a ``Text``
    column keeps newlines and tabs) and no full card number: the checks the flush makes of
    every record (:mod:`clerk_desk.stored_values`), here with the form's own words.

    ``label`` starts the sentence the clerk reads ("The phone number"); ``field`` defaults to
    the column's own name, which is also the form's field name.
    """
    table_column = column.property.columns[0]
    stored_values.check_text(
        value,
        limit=stored_values.text_limit(table_column),
        multi_line=isinstance(table_column.type, Text),
        label=label,
        field=field or column.key,
    )
    return value


def clip(column: QueryableAttribute[Any], value: str) -> str:
    """``value`` cut to what ``column`` holds, for text the program records but nobody typed
    into a form (a refused user name in the audit trail's record column)."""
    limit = max_length(column)
    return value if limit is None else value[:limit]


_Kind = TypeVar("_Kind", bound=enum.Enum)


def choice(kinds: type[_Kind], value: object, label: str, *, field: str) -> _Kind:
    """``value`` as one of ``kinds`` (e.g. a tender kind sent by a form or a script); anything
    else is refused for ``field``, naming the choices, instead of raising ValueError."""
    try:
        return kinds(value)
    except ValueError:
        names = ", ".join(str(kind.value) for kind in kinds)
        raise InvalidInput(
            f"{label} {value!r} is not one Clerk Desk knows: it is one of {names}.", field=field
        ) from None
