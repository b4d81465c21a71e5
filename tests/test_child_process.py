"""Long work runs in a process of its own and comes back whole: its result, its progress, a
cancel, its error, or the news that it died (clerk_desk.child_process)."""

from __future__ import annotations

import os

import pytest
from sqlalchemy import func, select

from clerk_desk import child_process, parties
from clerk_desk.child_process import ChildFailed, Progress, Station
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput, InvalidInputs
from clerk_desk.kinds import PartyKind
from clerk_desk.models import AuditEvent, Party
from reports.excel import ExportCancelled


def count_to(limit: int, *, progress: Progress) -> tuple[int, int]:
    """Reports 1..limit; stops, as the Excel writer does, when told to."""
    for done in range(1, limit + 1):
        if not progress(done):
            raise ExportCancelled(done)
    return limit, os.getpid()


def refuse(*, progress: Progress) -> None:
    raise InvalidInput("The period ends before it begins.", field="until")


def die(*, progress: Progress) -> None:
    progress(1)
    os._exit(3)


def count_parties(station: Station, *, progress: Progress) -> int:
    with station.lookup() as action:
        return int(action.session.scalar(select(func.count()).select_from(Party)) or 0)


def add_then(station: Station, name: str, *, cancel: bool, progress: Progress) -> int:
    """Adds a party as the operator, then stops as a cancelled import does, or ends."""
    with station.action() as action:
        party = parties.add_party(action, parties.PartyData(kind=PartyKind.PERSON, name=name))
        action.session.flush()
        if cancel:
            count_to(1_000_000, progress=progress)  # reports until the cancel reaches it
        return party.id


def test_the_result_and_every_progress_come_back_from_another_process() -> None:
    seen: list[int] = []
    result, pid = child_process.run(count_to, 5, progress=lambda done: seen.append(done) or True)
    assert result == 5 and pid != os.getpid()
    assert seen == [1, 2, 3, 4, 5]


def test_a_cancel_stops_the_child_at_its_next_report() -> None:
    seen: list[int] = []

    def cancel_at_three(done: int) -> bool:
        seen.append(done)
        return done < 3

    with pytest.raises(ExportCancelled) as cancelled:
        child_process.run(count_to, 1_000_000, progress=cancel_at_three)
    assert 3 <= cancelled.value.rows_done < 1_000_000
    assert "no file was written" in str(cancelled.value)


def test_the_childs_error_comes_back_as_it_was_raised() -> None:
    with pytest.raises(InvalidInput, match="ends before it begins"):
        child_process.run(refuse, progress=lambda _done: True)


def test_a_child_that_dies_is_reported_not_waited_for() -> None:
    with pytest.raises(ChildFailed, match="code 3"):
        child_process.run(die, progress=lambda _done: True)


def test_the_child_reads_the_database_as_the_operator(desk: Desk, admin: SignedIn) -> None:
    """A SQLite file and a PostgreSQL server alike: the child opens its own connection."""
    with desk.database.reading() as session:
        expected = session.scalar(select(func.count()).select_from(Party))
    station = Station.of(desk, admin)
    assert child_process.run(count_parties, station, progress=lambda _done: True) == expected


def test_a_childs_write_is_committed_whole_or_not_at_all(desk: Desk, admin: SignedIn) -> None:
    """What the street-number import relies on: the child's act is saved when it ends, with its
    audit event, and a cancel in the middle leaves nothing written."""
    station = Station.of(desk, admin)

    def names() -> list[str]:
        with desk.database.reading() as session:
            return list(session.scalars(select(Party.name).order_by(Party.id)))

    with pytest.raises(ExportCancelled):
        child_process.run(
            add_then, station, "Cancelled Person", cancel=True, progress=lambda _d: False
        )
    assert "Cancelled Person" not in names()
    party_id = child_process.run(
        add_then, station, "Saved Person", cancel=False, progress=lambda _d: True
    )
    assert names()[-1] == "Saved Person"
    with desk.lookup(admin) as action:
        events = action.session.scalars(
            select(AuditEvent).where(
                AuditEvent.record_type == "party", AuditEvent.record_id == str(party_id)
            )
        ).all()
        assert [(e.action, e.operator_id) for e in events] == [("party.create", admin.id)]


def refuse_twice(*, progress: Progress) -> None:
    raise InvalidInputs(
        [
            InvalidInput("The number is not a number.", field="number"),
            InvalidInput("No such street.", field="street"),
        ]
    )


def test_several_refusals_come_back_each_beside_its_field() -> None:
    with pytest.raises(InvalidInputs) as refused:
        child_process.run(refuse_twice, progress=lambda _done: True)
    assert [(r.field, r.message) for r in refused.value.each()] == [
        ("number", "The number is not a number."),
        ("street", "No such street."),
    ]
