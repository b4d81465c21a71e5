"""The net under every service: no text or amount reaches the database unchecked.

Each service checks what its form sends, with messages naming its own fields
(:func:`clerk_desk.validation.fits`). This module checks again, as the session flushes, every
text and amount column of every new or changed record, whichever service wrote it:

- a text longer than its column (``VARCHAR(n)``, or :data:`TEXT_LIMIT` for a ``Text`` column,
  unless the column's ``info`` says ``max_length``) is refused; PostgreSQL would refuse it with a
  raw error and SQLite would keep it;
- a control character is refused (PostgreSQL refuses NUL with a raw error, SQLite keeps it);
  a multi-line ``Text`` column keeps its newlines and tabs;
- a full card number is refused (:mod:`clerk_desk.card_numbers`), whatever parts its digits,
  and in a JSON column too: in every text it holds (a check listed at close-out, a matter in
  doubt, an official's note on a condition, a setting), the keys the program wrote left alone;
- an amount past :data:`clerk_desk.money.MAX_ENTRY` either way is refused: nothing at a city
  counter comes near it, and it keeps every total inside the 64-bit cents column.

A refusal is an :class:`~clerk_desk.errors.InvalidInput` naming the column (``field``) and reading
its key as words ("payer_name" -> "The payer name") unless the column's ``info`` gives a
``label``; the action is rolled back whole. Columns the program alone writes from values it
made (hashes, the search index, the database's generation) are left alone; the audit trail's
summaries, which quote text already checked on its way in, are checked for control characters
only (a String column of the trail still for its length).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from sqlalchemy import JSON, Column, ColumnElement, String, Text, inspect
from sqlalchemy.orm import ColumnProperty, Mapper, Session

from clerk_desk.card_numbers import LONGEST, REFUSAL, find_card_number
from clerk_desk.errors import InvalidInput
from clerk_desk.money import MAX_ENTRY, Money

#: The most characters a ``Text`` column (a note, a reason, conditions) holds: about ten typed
#: pages, more than any note at the counter, and a bound on what one save may ask to store.
TEXT_LIMIT = 20_000

_PROGRAM_WRITTEN = frozenset({"password_hash", "search_text", "generation"})
# The audit trail's summaries are composed by the program from text already checked on its
# way in; they may quote a whole note, so only what no database keeps (NUL) is refused there.
_PROGRAM_COMPOSED_TABLES = frozenset({"audit_event"})
_MULTI_LINE_ALLOWED = frozenset("\n\t")
_COMPOSED_LIMIT = 10_000_000


def label(column: ColumnProperty[Any]) -> str:
    """How a message names ``column``: its ``info["label"]``, else "The " and its key in
    words ("payer_name" -> "The payer name")."""
    named = column.columns[0].info.get("label")
    return str(named) if named else "The " + column.key.replace("_", " ")


def _verb(label: str, singular: str, plural: str) -> str:
    """``label`` with the verb that agrees with it: "The notes are", "The street is"."""
    last = label.split()[-1] if label.split() else ""
    many = len(last) > 3 and last.endswith("s") and not last.endswith("ss")
    return f"{label} {plural if many else singular}"


def _program_written(key: str) -> bool:
    return key in _PROGRAM_WRITTEN or key.endswith("_hash") or key.endswith("sha256")


def text_limit(column: ColumnElement[Any]) -> int:
    """The most characters the table column ``column`` holds."""
    info_limit = column.info.get("max_length") if isinstance(column, Column) else None
    if info_limit is not None:
        return int(info_limit)
    if isinstance(column.type, String) and column.type.length is not None:
        return int(column.type.length)
    return TEXT_LIMIT


def control_character(text: str, *, multi_line: bool) -> str | None:
    """The first character of ``text`` that has no place in a stored text, or None.

    Control characters (NUL, escape, the C1 set) and lone surrogates (which UTF-8 cannot
    carry); a multi-line text keeps newline and tab."""
    for char in text:
        if (char < " " or "\x7f" <= char <= "\x9f" or "\ud800" <= char <= "\udfff") and not (
            multi_line and char in _MULTI_LINE_ALLOWED
        ):
            return char
    return None


def check_text(
    value: str,
    *,
    limit: int,
    multi_line: bool,
    label: str,
    field: str | None,
    card_check: bool = True,
) -> None:
    """Refuse ``value`` for ``field`` if it is too long, holds a control character or a card
    number; ``label`` starts the sentence ("The payer's name")."""
    # The card check first, as the worst mistake; past the limit the text is refused anyway,
    # so only what could be stored is searched.
    if card_check and find_card_number(value[: limit + LONGEST]) is not None:
        raise InvalidInput(REFUSAL, field=field)
    if len(value) > limit:
        too_long = f"{_verb(label, 'is', 'are')} too long: at most {limit:,} characters."
        raise InvalidInput(too_long, field=field)
    char = control_character(value, multi_line=multi_line)
    if char is not None:
        allowed = " (line breaks and tabs are fine)" if multi_line else ""
        raise InvalidInput(
            f"{_verb(label, 'holds', 'hold')} a control character (U+{ord(char):04X}) that "
            f"cannot be stored{allowed}: retype it rather than paste it.",
            field=field,
        )


def typed_texts(value: Any) -> Iterator[str]:
    """Every text inside a JSON value, as a clerk typed it: the values of its objects and the
    items of its lists, at any depth; not the keys, which the program wrote."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from typed_texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from typed_texts(item)


def check_json(value: Any, *, field: str | None) -> None:
    """Refuse a JSON value for ``field`` if any text in it holds a full card number."""
    for text in typed_texts(value):
        if find_card_number(text[: _COMPOSED_LIMIT + LONGEST]) is not None:
            raise InvalidInput(REFUSAL, field=field)


def check_amount(value: Money, *, label: str, field: str | None) -> None:
    """Refuse an amount past :data:`MAX_ENTRY` either way."""
    if abs(value) > MAX_ENTRY:
        raise InvalidInput(
            f"{label} of {value} is past any amount Clerk Desk takes "
            f"(at most {MAX_ENTRY}): check the amount.",
            field=field,
        )


def _changed(record: Any, mapper: Mapper[Any], is_new: bool) -> Iterable[ColumnProperty[Any]]:
    if is_new:
        return mapper.column_attrs
    state = inspect(record)
    return [column for column in mapper.column_attrs if state.attrs[column.key].history.added]


def check_record(record: Any, *, is_new: bool) -> None:
    """Check the text and amount columns of one record (for a changed record, those changed)."""
    mapper = inspect(type(record))
    composed = mapper.local_table.name in _PROGRAM_COMPOSED_TABLES
    for column in _changed(record, mapper, is_new):
        value = getattr(record, column.key)
        if isinstance(value, Money):
            check_amount(value, label=label(column), field=column.key)
        elif isinstance(column.columns[0].type, JSON):
            if not composed:  # the trail's before and after quote what was checked on its way
                check_json(value, field=column.key)
        elif isinstance(value, str) and not _program_written(column.key):
            column_type = column.columns[0].type
            if not isinstance(column_type, String):
                continue
            check_text(
                value,
                limit=(
                    _COMPOSED_LIMIT
                    if composed and isinstance(column_type, Text)
                    else text_limit(column.columns[0])
                ),
                multi_line=isinstance(column_type, Text),
                label=label(column),
                field=column.key,
                card_check=not composed,
            )


def before_flush(session: Session, _context: Any, _instances: Any) -> None:
    """The ``before_flush`` hook of the writing sessions (:class:`clerk_desk.database.Database`)."""
    for record in session.new:
        check_record(record, is_new=True)
    for record in session.dirty:
        check_record(record, is_new=False)
