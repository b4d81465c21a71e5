"""The demo database a new user explores: one operator per role, Prescott's streets, a public
utility, and names with diacritics that come back as they went in."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select

from clerk_desk import demo, operators, parties, street_numbers, today
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import SYSTEM, Desk
from clerk_desk.errors import Conflict, SignInFailed
from clerk_desk.models import (
    Address,
    AddressStatus,
    BuildingKind,
    NumberingCaseStatus,
    Operator,
    Parcel,
    Party,
    Role,
)
from clerk_desk.street_numbers_import import out_of_order

TODAY = date(2026, 11, 30)


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite3"
    summary = demo.create(str(path), clock=FixedClock(TODAY))
    assert summary.counts["amount_due"] == 40
    assert summary.counts["address"] > 1000 and summary.counts["numbering_case"] == 4
    db = Database(str(path))
    yield db
    db.dispose()


def test_one_operator_per_role_signs_in_with_the_readme_password(demo_db: Database) -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "prescott-demo" in readme
    clock = FixedClock(TODAY)
    roles = set()
    for username, full_name, role in demo.DEMO_OPERATORS:
        who = operators.sign_in(demo_db, clock, username, "prescott-demo")
        assert (who.full_name, who.role) == (full_name, role)
        roles.add(who.role)
    assert roles == set(Role)
    with pytest.raises(SignInFailed):
        operators.sign_in(demo_db, clock, "admin", "prescott-demo2")


def test_the_demo_lives_on_prescotts_streets(demo_db: Database) -> None:
    with demo_db.reading() as session:
        streets = {
            p.site_address.split(" ", 1)[1] for p in parties.search_parcels(session, limit=10_000)
        }
        assert streets == set(demo.STREETS)
        assert parties.search_parcels(session, "kinnickinnic")
        (utility,) = parties.search_parties(session, "pierce croix electric")
        assert utility.public_utility and utility.kind == "utility"


def test_names_with_diacritics_survive_the_round_trip(demo_db: Database) -> None:
    with demo_db.reading() as session:
        deputy = session.scalars(select(Operator).where(Operator.username == "deputy")).one()
        assert deputy.full_name == "Dale Nguyễn"
        names = set(session.scalars(select(Party.name)))
        found = parties.search_parties(session, "nguyen", limit=10_000)
    accented = {n for n in names if any(ord(c) > 127 for c in n)}
    assert len(accented) > 50
    assert found and all("Nguyễn" in p.name or "Nguyễn" in p.contact_name for p in found)


def test_a_demo_is_not_built_over_records_without_replace(demo_db: Database) -> None:
    with pytest.raises(Conflict, match="already holds records"):
        demo.create(str(demo_db.path))


def test_every_demo_parcel_has_its_official_number_in_parity_and_order(demo_db: Database) -> None:
    with demo_db.reading() as session:
        on_map = {s.full_name for s in street_numbers.streets(session)}
        assert set(demo.STREETS) < on_map  # and more of Prescott's streets, not yet numbered
        addresses = street_numbers.register(session, include_retired=True)
        parcels = list(session.scalars(select(Parcel)))
        gate = {p.parcel_number: street_numbers.official_number(session, p) for p in parcels}
    assigned = [a for a in addresses if a.status == AddressStatus.ASSIGNED]
    assert len(assigned) > 1000
    for address in addresses:  # the parity rule: odd numbers on the street's odd side
        assert address.side == street_numbers.side_for(address.street, address.number), address
        assert address.street.range_low <= address.number <= address.street.range_high
    by_side: dict[tuple[int, str], set[tuple[int, int, int]]] = {}
    for address in assigned:  # numbers rise along each side of each street
        assert address.position_ft is not None
        by_side.setdefault((address.street_id, address.side), set()).add(
            (address.position_ft, address.number, address.number)
        )
    assert all(not out_of_order(sorted(points)) for points in by_side.values())
    retired = [a for a in addresses if a.status == AddressStatus.RETIRED]
    assert len(retired) == 1
    numbered = {p.parcel_number: p.site_address for p in parcels}
    missing = [n for n, official in gate.items() if official is None]
    assert missing == [retired[0].parcel.parcel_number]  # the permit gate stops its lot only
    assert all(official == numbered[n] for n, official in gate.items() if official)
    kinds = {a.building_kind for a in assigned}
    assert kinds == set(BuildingKind)
    assert sum(1 for a in assigned if a.unit and a.building_kind == "multiple_dwelling") > 20


def test_the_demo_register_keeps_history_and_the_inspectors_work(demo_db: Database) -> None:
    with demo_db.reading() as session:
        (retired,) = session.scalars(select(Address).where(Address.status == "retired"))
        changes = [c.what for c in street_numbers.history(session, retired.id)]
        recent = session.scalars(
            select(Address).where(Address.assigned_on == TODAY, Address.unit == "")
        ).all()
        assert [a.assigned_by_name for a in recent] == ["Ivan Olsen"] * 2
        assert changes == ["imported", "retired"]
        assert any(a.letter_printed_on == TODAY for a in recent)
        assert street_numbers.search_addresses(session, "125 broad street north")


def test_the_today_tab_shows_the_street_number_notices_and_referrals_due(
    demo_db: Database,
) -> None:
    desk = Desk(demo_db, clock=FixedClock(TODAY))
    with desk.lookup(SYSTEM) as action:
        items = [i for i in today.gather(action) if i.workflow == "Street Numbers"]
        statuses = sorted(c.status for c in street_numbers.cases(action.session, active_only=False))
    assert statuses == sorted(
        [
            NumberingCaseStatus.OPEN,
            NumberingCaseStatus.OPEN,
            NumberingCaseStatus.NOTICED,
            NumberingCaseStatus.COMPLIED,
        ]
    )
    due = [i for i in items if i.urgency(TODAY) in ("overdue", "today")]
    assert len(due) == 2  # the case observed last week is not due: the owner has 20 days
    assert any(i.title.startswith("Notice to number") for i in due)
    assert any(i.title.startswith("Refer") for i in due)
