"""The Bonds & Insurance items of the Today tab read in a bounded number of statements (issue
20): bonds and certificates expiring, and in December the principals with no annual bond for
next year, are read with their principals and what they protect, in the same statements for one
of each as for many."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date

import builders  # type: ignore[import-not-found]
from street_openings_steps import _street
from test_bonds import _annual, _bond, _file
from test_bonds_standing import _certificate, _opening_number
from test_bonds_standing import _file as _file_certificate

from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn

Counted = Callable[[Callable[[], object]], int]


def _titles_and_statements(
    desk: Desk, admin: SignedIn, count_statements: Counted
) -> tuple[list[str], int]:
    found: list[str] = []
    with desk.lookup(admin) as action:
        statements = count_statements(
            lambda: found.extend(i.title for i in bonds._expiring(action))
        )
    return found, statements


def _principal(desk: Desk, admin: SignedIn, name: str, street: int) -> tuple[int, str]:
    """A contractor with an open street opening permit, bonded for this year; its permit."""
    party = builders.party(desk, admin, name, contractor=True)
    _file(desk, admin, _annual(party, 2026, f"{name[:2].upper()}-26"))
    return party, _opening_number(desk, admin, party, street)


def _protect(desk: Desk, admin: SignedIn, party: int, number: str, expires: date) -> None:
    """A permit bond and a certificate, each protecting the permit and expiring ``expires``."""
    _file(
        desk,
        admin,
        _bond(
            party,
            bond_number=f"B-{number}",
            expires_on=expires,
            record_type="street_opening",
            record_id=number,
        ),
    )
    certificate = _certificate(party, "500000", number)
    _file_certificate(desk, admin, dataclasses.replace(certificate, expires_on=expires))


def test_one_of_each_or_many_are_read_in_the_same_statements(
    desk: Desk, admin: SignedIn, clock: FixedClock, count_statements: Counted
) -> None:
    street = _street(desk, admin, "Orange")
    hanson, first = _principal(desk, admin, "Hanson Excavating LLC", street)
    _protect(desk, admin, hanson, first, date(2026, 12, 20))
    clock.set(date(2026, 12, 1))  # December: the annual bonds not yet renewed are said
    titles, for_one = _titles_and_statements(desk, admin, count_statements)
    assert titles == [
        "Insurance of Hanson Excavating LLC expires Sun Dec 20, 2026",
        "Street opening bond of Hanson Excavating LLC expires Sun Dec 20, 2026",
        "Hanson Excavating LLC has no annual bond for 2027",
    ]

    clock.set(date(2026, 11, 30))
    renewed = []
    for name in ("Kinni Valley Directional Boring", "Badger Boring Co", "Lakeside Utility"):
        party, number = _principal(desk, admin, name, street)
        _protect(desk, admin, party, number, date(2026, 12, 15))
        _protect(desk, admin, party, _opening_number(desk, admin, party, street), date(2026, 11, 1))
        renewed.append(party)
    _file(desk, admin, _annual(renewed[0], 2027, "KV-27"))  # renewed: neither of its years said
    clock.set(date(2026, 12, 1))
    titles, for_many = _titles_and_statements(desk, admin, count_statements)
    assert for_many == for_one
    assert len(titles) == 3 + 3 * 4 + 2
    assert "Kinni Valley Directional Boring has no annual bond for 2027" not in titles
    assert "Badger Boring Co has no annual bond for 2027" in titles
