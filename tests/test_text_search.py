"""Search as you type answers from a trigram index and finds exactly what reading every row finds.

``clerk_desk.text_search`` looks a word of three letters or more up in the table's FTS5 index on
SQLite (migration 0011 keeps it with triggers) and leaves ``LIKE`` to PostgreSQL's ``pg_trgm``
index. These tests hold it to the plain meaning of a search: every word typed is somewhere in the
record's folded search text, whatever the path, after adding, renaming and on both databases.
"""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text

from clerk_desk import parties, text_search
from clerk_desk.database import Database
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import PartyKind
from clerk_desk.models import Base, Party
from clerk_desk.parties import PartyData

NAMES = [
    "Văn An Nguyễn",
    "Zoë Müller",
    "Anderson, John",
    "Andersen Windows & Doors",
    "Jo Anders",
    "Bjorn Andersson",
    'Smith "Smitty" Plumbing',
    "100% Pure Maple_Syrup Co.",
    "Ed Yu",
]

TYPED = [
    "",
    "a",
    "an",
    "and",
    "ander",
    "anders",
    "andersen",
    "jo ander",
    "ANDERSON john",
    "nguyen",
    "zoe",
    "muller",
    "yu",
    "ed yu",
    '"smitty"',
    'h "s',
    "100%",
    "maple_syrup",
    "%",
    "_",
    "e_",
    "windows doors",
    "xq",
    "xqz",
]


def _add_all(desk: Desk, admin: SignedIn) -> None:
    with desk.action(admin) as action:
        for name in NAMES:
            parties.add_party(action, PartyData(kind=PartyKind.PERSON, name=name))


def _found(desk: Desk, typed: str) -> set[str]:
    with desk.database.reading() as session:
        return {p.name for p in parties.search_parties(session, typed)}


def _read_every_row(desk: Desk, typed: str) -> set[str]:
    """What a search means, computed here: every word typed is in the folded search text."""
    with desk.database.reading() as session:
        rows = session.query(Party.name, Party.search_text).all()
    words = text_search.fold(typed).split()
    return {name for name, folded in rows if all(word in folded for word in words)}


@pytest.mark.parametrize("common", [2, 5000])
def test_a_search_finds_what_reading_every_row_finds(
    desk: Desk, admin: SignedIn, monkeypatch: pytest.MonkeyPatch, common: int
) -> None:
    """With the index answering (5000) and with "common" words left to LIKE (2)."""
    monkeypatch.setattr(text_search, "COMMON", common)
    _add_all(desk, admin)
    for typed in TYPED:
        assert _found(desk, typed) == _read_every_row(desk, typed), typed
    assert _found(desk, "anders") == {
        "Anderson, John",
        "Andersen Windows & Doors",
        "Jo Anders",
        "Bjorn Andersson",
    }
    # "jo" is anywhere in a name, as typed: Bjorn too
    assert _found(desk, "jo ander") == {"Anderson, John", "Jo Anders", "Bjorn Andersson"}


def test_a_renamed_record_is_found_by_its_new_name_only(desk: Desk, admin: SignedIn) -> None:
    _add_all(desk, admin)
    with desk.database.reading() as session:
        (zoe,) = parties.search_parties(session, "zoe muller")
        zoe_id = zoe.id
    with desk.action(admin) as action:
        parties.update_party(
            action, zoe_id, PartyData(kind=PartyKind.PERSON, name="Zoë Castellanos")
        )
    assert _found(desk, "muller") == set()
    assert _found(desk, "castellanos") == {"Zoë Castellanos"}
    assert _found(desk, "castellanos") == _read_every_row(desk, "castellanos")


def test_the_index_answers_below_common_and_like_at_common(
    desk: Desk, admin: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "anders" is held by four parties: with COMMON at 5 the index lists them; at 4 (as many
    as hold it) the word is common and stays a LIKE. Both find the same four."""
    _add_all(desk, admin)
    for common, path in ((5, "IN"), (4, "LIKE")):
        monkeypatch.setattr(text_search, "COMMON", common)
        with desk.database.reading() as session:
            condition = text_search.holds(session, Party.search_text, "anders")
            sql = str(condition.compile(session.get_bind()))
        if desk.database.is_sqlite:
            assert path in sql, (common, sql)
        else:  # PostgreSQL's own trigram index answers the LIKE
            assert "LIKE" in sql
        assert len(_found(desk, "anders")) == 4


def test_every_searchable_table_has_its_trigram_index(database: Database) -> None:
    searchable = {t.name for t in Base.metadata.sorted_tables if "search_text" in t.c}
    assert searchable == text_search.INDEXED_TABLES
    with database.engine.connect() as conn:
        if database.is_sqlite:
            names = set(conn.execute(text("SELECT name FROM sqlite_master")).scalars())
            for table in searchable:
                assert f"{table}_search" in names
                for trigger in ("insert", "delete", "update"):
                    assert f"{table}_search_{trigger}" in names
        else:
            indexes = inspect(conn).get_indexes
            for table in searchable:
                assert f"ix_{table}_search_trgm" in {i["name"] for i in indexes(table)}
            # Migration 0015: PostgreSQL guesses how many rows hold a word from a histogram of
            # 1,000 search texts (100 guessed 40 receipts of 400,000 held "125", not 4,566, and
            # read all of them through the index instead of the newest in order).
            targets = dict(
                conn.execute(
                    text(
                        "SELECT attrelid::regclass::text, attstattarget FROM pg_attribute "
                        "WHERE attname = 'search_text' AND attrelid::regclass::text = ANY(:t)"
                    ),
                    {"t": sorted(searchable)},
                ).all()
            )
            assert targets == dict.fromkeys(searchable, 1000)
