"""The demo database a new user explores: one operator per role, Prescott's streets, a public
utility, and names with diacritics that come back as they went in."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select

from clerk_desk import demo, operators, parties
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.errors import Conflict, SignInFailed
from clerk_desk.models import Operator, Party, Role


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite3"
    summary = demo.create(str(path), clock=FixedClock(date(2026, 11, 30)))
    assert summary.counts["amount_due"] == 40
    db = Database(str(path))
    yield db
    db.dispose()


def test_one_operator_per_role_signs_in_with_the_readme_password(demo_db: Database) -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "prescott-demo" in readme
    clock = FixedClock(date(2026, 11, 30))
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
