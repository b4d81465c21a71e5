"""The Administrator names each counter station (issue 19): refused to a Clerk, in the audit
trail, one station per name (said by the database, even when two stations are named at the
same moment), a rename frees the old name, and the name's length is that of a drawer's record."""

from __future__ import annotations

import multiprocessing
import time
import uuid
from collections.abc import Callable, Iterator
from multiprocessing.pool import Pool

import pytest
from sqlalchemy import select

from clerk_desk import stations
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.kinds import Role
from clerk_desk.models import AuditEvent
from clerk_desk.receipts.views import station_name_limit

#: Rounds of the race: SQLite takes write transactions in turn, PostgreSQL side by side.
ROUNDS = {"sqlite": 8, "postgresql": 25}
FRONT, BACK = stations.new_station_id(), stations.new_station_id()


def name(desk: Desk, operator: SignedIn, station_id: str, typed: str) -> str:
    with desk.action(operator) as action:
        return stations.name_station(action, station_id, typed)


def label(desk: Desk, station_id: str) -> str | None:
    with desk.lookup(SYSTEM) as action:
        return stations.this_station(action, station_id)


def test_the_administrator_names_a_station_as_typed_with_its_spaces_collapsed(
    desk: Desk, admin: SignedIn
) -> None:
    assert label(desk, FRONT) is None
    assert name(desk, admin, FRONT, "  Front   counter 1 ") == "Front counter 1"
    assert label(desk, FRONT) == "Front counter 1"
    assert label(desk, BACK) is None


def test_a_clerk_may_not_name_a_station(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    clerk = operator_with(Role.CLERK)
    with pytest.raises(PermissionDenied) as caught:
        name(desk, clerk, FRONT, "Front counter 1")
    assert caught.value.message == (
        "To name the counter stations you need the role Administrator; you are signed in as Clerk."
    )
    assert label(desk, FRONT) is None


def test_naming_and_renaming_are_in_the_audit_trail(desk: Desk, admin: SignedIn) -> None:
    name(desk, admin, FRONT, "Front counter")
    name(desk, admin, FRONT, "Front counter 1")
    with desk.database.reading() as session:
        events = session.scalars(
            select(AuditEvent).where(AuditEvent.action == "station.name").order_by(AuditEvent.id)
        ).all()
        seen = [(e.record_id, e.summary, e.operator_name, e.after) for e in events]
    assert seen == [
        (FRONT, "Station named Front counter", admin.username, {"name": "Front counter"}),
        (
            FRONT,
            "Station Front counter renamed Front counter 1",
            admin.username,
            {"name": "Front counter 1"},
        ),
    ]


def test_a_name_another_station_has_is_refused_whatever_its_case(
    desk: Desk, admin: SignedIn
) -> None:
    name(desk, admin, FRONT, "Front counter 1")
    with pytest.raises(Conflict) as caught:
        name(desk, admin, BACK, "front  COUNTER 1")
    assert caught.value.message == "front COUNTER 1 is already the name of another station."
    assert label(desk, BACK) is None
    # The station that has the name may change its case.
    assert name(desk, admin, FRONT, "FRONT counter 1") == "FRONT counter 1"


def test_a_rename_frees_the_old_name_for_another_station(desk: Desk, admin: SignedIn) -> None:
    name(desk, admin, FRONT, "Front counter 1")
    name(desk, admin, FRONT, "Front counter 2")
    assert name(desk, admin, BACK, "Front counter 1") == "Front counter 1"
    with pytest.raises(Conflict):
        name(desk, admin, BACK, "Front counter 2")
    assert (label(desk, FRONT), label(desk, BACK)) == ("Front counter 2", "Front counter 1")


@pytest.mark.parametrize("typed", ["", "   ", "\t\n"])
def test_a_blank_name_is_refused(desk: Desk, admin: SignedIn, typed: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        name(desk, admin, FRONT, typed)
    assert (caught.value.message, caught.value.field) == ("Name this counter station.", "station")
    assert label(desk, FRONT) is None


def test_a_name_at_the_length_limit_is_taken_and_one_over_is_refused(
    desk: Desk, admin: SignedIn
) -> None:
    limit = station_name_limit()
    assert limit == 60  # what a drawer stores of its station's name
    at_limit = "Front counter " + "x" * (limit - len("Front counter "))
    assert name(desk, admin, FRONT, at_limit) == at_limit
    with pytest.raises(InvalidInput) as caught:
        name(desk, admin, BACK, at_limit + "y")
    assert caught.value.message == (
        f"A station's name may have at most 60 characters; this one has {limit + 1}."
    )
    assert label(desk, BACK) is None


# ---- two stations named alike at one moment ------------------------------------------------


@pytest.fixture(scope="module")
def pool() -> Iterator[Pool]:
    with multiprocessing.get_context("spawn").Pool(2) as processes:
        yield processes


def test_two_stations_named_alike_at_one_moment_one_wins(
    pool: Pool, database: Database, desk: Desk
) -> None:
    """Each round two processes name two new stations the same name at once: exactly one is
    named, the other told so in words (not in a database error's)."""
    from receipts_worker import act  # type: ignore[import-not-found]

    url = database.url.render_as_string(hide_password=False) + f"#{uuid.uuid4().hex}"
    rounds = ROUNDS["sqlite" if database.is_sqlite else "postgresql"]
    wrong = 0
    for n in range(rounds):
        typed = f"Front counter {n}"
        ids = [stations.new_station_id(), stations.new_station_id()]
        start_at = time.time() + 0.03
        outcomes = pool.starmap(
            act, [(url, start_at, "name_station", i, typed) for i in ids], chunksize=1
        )
        told = f"refused: {typed} is already the name of another station."
        wrong += sorted(outcomes) != ["done", told]
        wrong += sorted(label(desk, i) for i in ids if label(desk, i)) != [typed]
    assert wrong == 0, f"{wrong} of {rounds} rounds wrong"


def test_a_station_id_never_reads_as_a_card_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """An id drawn with a card number in it (as one was in a test run) is drawn again: the
    store refuses a value holding a full card number, so naming that station failed."""
    drawn = iter(
        [
            uuid.UUID("5336985619674005a0b1c2d3e4f5a6b7"),  # digits 3-16 pass Luhn as a card
            uuid.UUID("0f1e2d3c4b5a69788796a5b4c3d2e1f0"),
        ]
    )
    monkeypatch.setattr(stations.uuid, "uuid4", lambda: next(drawn))
    assert stations.new_station_id() == "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
