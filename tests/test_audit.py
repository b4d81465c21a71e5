"""Reading the audit trail: the Administrator only, newest first, by word and by local day."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from clerk_desk import audit, parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import PermissionDenied
from clerk_desk.kinds import PartyKind, Role


def _add(desk: Desk, who: SignedIn, name: str) -> None:
    with desk.action(who) as action:
        parties.add_party(action, parties.PartyData(kind=PartyKind.PERSON, name=name))


def test_only_the_administrator_reads_the_trail(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    clerk = operator_with(Role.CLERK)
    with (
        pytest.raises(PermissionDenied, match="read the audit trail"),
        desk.lookup(clerk) as action,
    ):
        audit.search(action)


def test_search_by_word_and_local_day(desk: Desk, admin: SignedIn, clock: FixedClock) -> None:
    clock.set(date(2026, 11, 30))
    clock.set(clock.local_now().replace(hour=23, minute=30))  # 05:30 UTC on December 1
    _add(desk, admin, "Late Evening Party")
    clock.set(date(2026, 12, 1))
    _add(desk, admin, "Next Day Party")
    with desk.lookup(admin) as action:
        newest_first = [e.summary for e in audit.search(action, "party.create")]
        nov_30 = [
            e.summary
            for e in audit.search(
                action, "party", since=date(2026, 11, 30), until=date(2026, 11, 30)
            )
        ]
        dec_1 = [e.summary for e in audit.search(action, "party", since=date(2026, 12, 1))]
        none = audit.search(action, "no-such-word")
    assert newest_first == ["Next Day Party added", "Late Evening Party added"]
    assert nov_30 == ["Late Evening Party added"]  # the City's day, not the UTC one
    assert dec_1 == ["Next Day Party added"]
    assert none == []


def test_export_rows_hold_the_events(desk: Desk, admin: SignedIn) -> None:
    _add(desk, admin, "Anna Berg")
    with desk.lookup(admin) as action:
        events = audit.search(action, "party")
        rows = audit.export_rows(action, events)
    assert rows[0][1:4] == ("admin", "party.create", "party 1")
    assert rows[0][5] == ""  # no section makes an official responsible for a new party
    assert '"name": "Anna Berg"' in str(rows[0][7])
    assert rows[0][0].tzinfo is None  # Excel cells hold no time zone


def test_building_the_export_rows_records_nothing_until_the_file_is_written(
    desk: Desk, admin: SignedIn, tmp_path: Path
) -> None:
    _add(desk, admin, "Anna Berg")
    with desk.lookup(admin) as action:
        rows = audit.export_rows(action, audit.search(action, "party"))
    assert len(rows) == 1
    with desk.lookup(admin) as action:
        assert audit.search(action, "audit.export") == []  # e.g. the write then failed
    with desk.action(admin) as action:
        audit.record_export(action, len(rows), tmp_path / "audit.xlsx")
    with desk.lookup(admin) as action:
        (exported,) = audit.search(action, "audit.export")
    assert exported.summary == f"1 audit event exported to {tmp_path / 'audit.xlsx'}"


def test_only_the_administrator_records_an_export(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    clerk = operator_with(Role.CLERK)
    with pytest.raises(PermissionDenied), desk.action(clerk) as action:
        audit.record_export(action, 3, "audit.xlsx")
