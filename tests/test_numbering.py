"""Receipt and permit numbers: sequential per series and year, never shared between counter
stations, and a save that fails gives its number back."""

from __future__ import annotations

import multiprocessing
from datetime import date

import pytest
from sqlalchemy import select

from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.models import AuditEvent
from clerk_desk.numbering import take_number


def _take(desk: Desk, who: SignedIn, series: str, year: int = 2026) -> int:
    with desk.action(who) as action:
        return take_number(action, series, year=year)


def test_numbers_are_sequential_per_series_and_year(desk: Desk, admin: SignedIn) -> None:
    assert [_take(desk, admin, "receipt") for _ in range(3)] == [1, 2, 3]
    assert _take(desk, admin, "permit") == 1
    assert _take(desk, admin, "receipt", 2027) == 1
    assert _take(desk, admin, "receipt") == 4
    assert _take(desk, admin, "permit") == 2


def test_a_failed_save_gives_its_number_back(desk: Desk, admin: SignedIn) -> None:
    assert _take(desk, admin, "receipt") == 1
    with pytest.raises(RuntimeError, match="printer jammed"), desk.action(admin) as action:
        assert take_number(action, "receipt", year=2026) == 2
        raise RuntimeError("printer jammed")
    assert _take(desk, admin, "receipt") == 2
    with pytest.raises(RuntimeError), desk.action(admin) as action:  # the very first of a series
        take_number(action, "permit", year=2026)
        raise RuntimeError("power cut")
    assert _take(desk, admin, "permit") == 1


def test_two_numbers_in_one_action_are_consecutive(desk: Desk, admin: SignedIn) -> None:
    with desk.action(admin) as action:
        assert [take_number(action, "receipt", year=2026) for _ in range(3)] == [1, 2, 3]


STATIONS, EACH = 4, 100


def _station(url: str, station: int) -> list[int]:
    """One counter station writing receipts as fast as it can: a number and a record each."""
    database = Database(url)
    desk = Desk(database, clock=FixedClock(date(2026, 11, 30)))
    taken = []
    try:
        for _ in range(EACH):
            with desk.action(SYSTEM) as action:
                number = take_number(action, "receipt", year=2026)
                action.audit(
                    "receipt.create", ("receipt", number), f"Receipt {number} at station {station}"
                )
            taken.append(number)
    finally:
        database.dispose()
    return taken


def test_four_stations_never_share_or_skip_a_number(database: Database) -> None:
    url = database.url.render_as_string(hide_password=False)
    with multiprocessing.get_context("spawn").Pool(STATIONS) as pool:
        results = pool.starmap(_station, [(url, n) for n in range(STATIONS)], chunksize=1)
    numbers = [n for taken in results for n in taken]
    assert sorted(numbers) == list(range(1, STATIONS * EACH + 1))
    assert all(taken == sorted(taken) for taken in results)  # each station's own go up
    with database.reading() as session:
        recorded = session.scalars(
            select(AuditEvent.record_id).where(AuditEvent.action == "receipt.create")
        ).all()
    assert sorted(int(r) for r in recorded) == list(range(1, STATIONS * EACH + 1))
