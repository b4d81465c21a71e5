"""Search as you type over hundreds of thousands of records: one function, a trigram index under it.

Every searchable record keeps a folded ``search_text`` (:func:`fold`: lower case, no accents), and
a search is one condition per word typed, so "jo ander" finds "Anderson, John". A condition was
``search_text LIKE '%word%'``, which reads every row: 158 ms at the 90th percentile over 400,000
receipts (issue 20). :func:`words_match` now gives a condition that the database answers from a
trigram index, the same words finding the same records:

* on SQLite, an FTS5 table ``<table>_search`` with the trigram tokenizer, kept by triggers from
  the table's ``search_text`` (migration 0011), asked first for the rows holding the word
  (:func:`holds`);
* on PostgreSQL, a GIN index with ``pg_trgm``'s operators on ``search_text``, which answers the
  same ``LIKE '%word%'`` itself, the planner weighing it against reading in order.

A word of one or two letters has no trigram: it stays a ``LIKE``, which the database tests on the
records the other words found (or on every record, when it is the only word typed). Over the
receipts (400,000 at 20 years) a short word that matches little ("xq") would read every row; a
search of such words alone looks only at the newest :data:`RECENT` receipts of its period
(:func:`only_short_words`), and says so on screen.
"""

from __future__ import annotations

import unicodedata

from sqlalchemy import ColumnElement, Integer, func, literal, literal_column, select
from sqlalchemy import text as sql_text
from sqlalchemy.orm import QueryableAttribute, Session

INDEXED_TABLES = frozenset(
    {
        "party",
        "parcel",
        "receipt",
        "address",
        "bond",
        "insurance_certificate",
        "petition",
        "vending_application",
        "street_opening",
        "street_privilege",
        "sidewalk_permit",
        "sidewalk_repair_order",
        "sidewalk_cafe",
        "special_charge",
        "enforcement_case",
    }
)
"""The tables whose ``search_text`` has a trigram index (migration 0011 makes them;
tests/test_text_search.py checks that every table with a ``search_text`` is here)."""


def is_index_object(name: str | None) -> bool:
    """Whether ``name`` is a table or index of the trigram index (migration 0011), which the
    models do not declare: an FTS5 table and its shadow tables (``receipt_search``,
    ``receipt_search_data`` …) on SQLite, a GIN index (``ix_receipt_search_trgm``) on
    PostgreSQL. Comparing the models with a database leaves them out."""
    if not name:
        return False
    return any(
        name in (f"{table}_search", f"ix_{table}_search_trgm")
        or name.startswith(f"{table}_search_")
        for table in INDEXED_TABLES
    )


def include_object(obj: object, name: str | None, kind: str, *_args: object) -> bool:
    """Alembic's ``include_object`` hook: every object but the trigram index's."""
    return not (kind in ("table", "index") and is_index_object(name))


TRIGRAM = 3
"""Letters in a trigram: a shorter word cannot be looked up in the index."""

RECENT = 20_000
"""The newest records of a register too large to read whole (the receipts) that a search with a
word of one or two letters looks at: about a year at the counter. Such a keystroke takes 7 to
12 ms at 20 years (benchmarks/search.py), where reading the whole register took 60 to 100 ms
when the word matched little ("xq"). Three letters search every record."""

# Letters Unicode does not decompose into a base letter and an accent (Ł is not L + stroke).
_UNDECOMPOSED = str.maketrans(
    {
        "ł": "l",
        "ø": "o",
        "đ": "d",
        "ð": "d",
        "ħ": "h",
        "\u0131": "i",
        "ŧ": "t",
        "æ": "ae",
        "œ": "oe",
        "þ": "th",
    }
)


def fold(text: str) -> str:
    """Lower-case and strip accents, so "nguyen" finds "Nguyễn", "zoe" "Zoë", "lukasz" "Łukasz"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_UNDECOMPOSED))
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def only_short_words(text: str) -> bool:
    """Whether every word of ``text`` is too short for the trigram index (one or two letters):
    nothing in it bounds the rows a search reads."""
    return all(len(word) < TRIGRAM for word in fold(text).split())


def words_match(
    session: Session, column: QueryableAttribute[str], text: str
) -> list[ColumnElement[bool]]:
    """One condition per word of ``text`` (folded here): the record's ``column`` (its
    ``search_text``) holds the word."""
    return [holds(session, column, word) for word in fold(text).split()]


def holds(session: Session, column: QueryableAttribute[str], word: str) -> ColumnElement[bool]:
    """``column`` holds ``word`` (already folded) anywhere.

    On SQLite, a word of three letters or more is looked up in the table's FTS5 index first
    (:data:`COMMON` rows at most): the condition is then "one of these rows", which the database
    reads by key. The keys come back as one JSON array that the search's statement reads with
    ``json_each``: fetched one by one and bound back as 5,000 parameters they cost more than the
    search (8 ms a keystroke), and asking the index again in the statement doubles its cost for a
    long word of common trigrams ("2025-009001"). A word held by more rows than that ("202" in
    every receipt number) stays a ``LIKE``: the query reads rows in the order it lists them and
    has its page of results within a few hundred rows, where a list of 400,000 keys would have to
    be sorted first.
    """
    like = column.contains(word, autoescape=True)
    table = column.__clause_element__().table
    name = str(table.name)
    if len(word) < TRIGRAM or name not in INDEXED_TABLES or not _is_sqlite(session):
        return like
    index = f"{name}_search"
    # An FTS5 string in double quotes is matched as it is; a quote inside is doubled.
    phrase = '"' + word.replace('"', '""') + '"'
    listed = (
        select(literal_column("rowid").label("key"))
        .select_from(sql_text(index))
        .where(literal_column(index).op("MATCH")(phrase))
        .limit(COMMON)
        .subquery()
    )
    held, keys = session.execute(
        select(func.count(), func.json_group_array(listed.c.key)).select_from(listed)
    ).one()
    if held >= COMMON:
        return like
    # literal(): each word's array a parameter of its own, two words in one statement
    array = select(literal_column("value", Integer)).select_from(func.json_each(literal(keys)))
    return table.c.id.in_(array)  # type: ignore[no-any-return]


COMMON = 5000
"""Rows holding a word beyond which :func:`holds` matches it by ``LIKE``: over 400,000 receipts,
an ordered read finds a page of 200 such rows within 16,000 rows (a few milliseconds)."""


def _is_sqlite(session: Session) -> bool:
    return session.get_bind().dialect.name == "sqlite"
