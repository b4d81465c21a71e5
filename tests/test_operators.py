"""Operators: the first Administrator, passwords kept only as salted scrypt hashes, sign-in
refusals in the audit trail, and at least one active Administrator at all times."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import select

from clerk_desk import operators
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied, SignInFailed
from clerk_desk.models import AuditEvent, Operator, Role

PASSWORD = "counter-password"


def _events(desk: Desk, action: str) -> list[AuditEvent]:
    with desk.database.reading() as session:
        return list(session.scalars(select(AuditEvent).where(AuditEvent.action == action)))


def test_the_first_administrator_is_created_only_once(desk: Desk) -> None:
    assert operators.needs_first_administrator(desk.database)
    admin = operators.create_first_administrator(
        desk.database,
        desk.clock,
        username=" Admin ",
        full_name="Alex  Administrator",
        password=PASSWORD,
    )
    assert (admin.username, admin.full_name, admin.role) == (
        "admin",
        "Alex Administrator",
        Role.ADMINISTRATOR,
    )
    assert not operators.needs_first_administrator(desk.database)
    with pytest.raises(Conflict, match="already created"):
        operators.create_first_administrator(
            desk.database,
            desk.clock,
            username="intruder",
            full_name="Someone Else",
            password=PASSWORD,
        )
    with desk.database.reading() as session:
        assert session.scalars(select(Operator.username)).all() == ["admin"]
    (event,) = _events(desk, "operator.create")
    assert "password_hash" not in (event.after or {})


@pytest.mark.parametrize(
    ("username", "full_name", "password", "field"),
    [
        ("a", "Alex Administrator", PASSWORD, "username"),
        ("alex admin", "Alex Administrator", PASSWORD, "username"),
        ("admin", "   ", PASSWORD, "full_name"),
        ("admin", "Alex Administrator", "1234567", "password"),
    ],
)
def test_the_first_administrator_form_is_checked(
    desk: Desk, username: str, full_name: str, password: str, field: str
) -> None:
    with pytest.raises(InvalidInput) as caught:
        operators.create_first_administrator(
            desk.database, desk.clock, username=username, full_name=full_name, password=password
        )
    assert caught.value.field == field
    assert operators.needs_first_administrator(desk.database)


def test_a_password_of_exactly_eight_characters_is_accepted(desk: Desk) -> None:
    operators.create_first_administrator(
        desk.database, desk.clock, username="admin", full_name="Alex", password="12345678"
    )
    assert operators.sign_in(desk.database, desk.clock, "admin", "12345678").username == "admin"


def _database_bytes(desk: Desk) -> bytes:
    path = desk.database.path
    assert path is not None
    return b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*") if p.is_file())


def test_passwords_are_kept_only_as_salted_scrypt_hashes(desk: Desk, admin: SignedIn) -> None:
    secret = "Borner-Street-800"
    with desk.action(admin) as action:
        operators.add_operator(
            action, username="clerk", full_name="Carla Jensen", role=Role.CLERK, password=secret
        )
        operators.add_operator(
            action,
            username="deputy",
            full_name="Dale Nguyen",
            role=Role.DEPUTY_CLERK,
            password=secret,
        )
    with desk.database.reading() as session:
        hashes = dict(session.execute(select(Operator.username, Operator.password_hash)).all())
    assert hashes["clerk"].startswith("scrypt$")
    assert hashes["clerk"] != hashes["deputy"]  # a salt of its own
    assert all(secret not in h for h in hashes.values())
    if desk.database.is_sqlite:
        assert secret.encode() not in _database_bytes(desk)
        assert secret.encode("utf-16-le") not in _database_bytes(desk)
    assert operators.sign_in(desk.database, desk.clock, "deputy", secret).role == (
        Role.DEPUTY_CLERK
    )


@pytest.mark.parametrize(
    ("username", "password", "message"),
    [
        ("admin", "wrong-password", "user name or password is not right"),
        ("nobody", PASSWORD, "user name or password is not right"),
        ("ADMIN", PASSWORD[:-1], "user name or password is not right"),
    ],
)
def test_sign_in_refusals_are_audited(
    desk: Desk, admin: SignedIn, username: str, password: str, message: str
) -> None:
    with pytest.raises(SignInFailed, match=message):
        operators.sign_in(desk.database, desk.clock, username, password)
    (event,) = _events(desk, "operator.sign_in_refused")
    assert event.record_id == username.lower()
    assert event.operator_id is None
    assert _events(desk, "operator.sign_in") == []


def test_sign_in_records_the_time_and_ignores_case_of_the_user_name(
    desk: Desk, admin: SignedIn
) -> None:
    assert operators.sign_in(desk.database, desk.clock, "  ADMIN ", PASSWORD) == admin
    (event,) = _events(desk, "operator.sign_in")
    assert event.operator_name == "admin"
    with desk.database.reading() as session:
        stamp = session.scalar(select(Operator.last_sign_in_at))
    assert stamp == desk.clock.now()


def test_a_deactivated_operator_cannot_sign_in(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    clerk = operator_with(Role.CLERK)
    with desk.action(admin) as action:
        operators.update_operator(
            action, clerk.id, full_name=clerk.full_name, role=Role.CLERK, active=False
        )
    with pytest.raises(SignInFailed, match="deactivated"):
        operators.sign_in(desk.database, desk.clock, clerk.username, PASSWORD)
    with pytest.raises(SignInFailed, match="not right"):  # a wrong password says no more
        operators.sign_in(desk.database, desk.clock, clerk.username, "guessing-again")
    assert len(_events(desk, "operator.sign_in_refused")) == 2


def test_the_last_active_administrator_cannot_be_demoted(desk: Desk, admin: SignedIn) -> None:
    with desk.action(admin) as action:
        second = operators.add_operator(
            action,
            username="admin2",
            full_name="Bo Admin",
            role=Role.ADMINISTRATOR,
            password=PASSWORD,
        )
    with pytest.raises(Conflict, match="your own Administrator role"), desk.action(admin) as action:
        operators.update_operator(
            action, admin.id, full_name=admin.full_name, role=Role.CLERK, active=True
        )
    with desk.action(second) as action:  # two Administrators: one may step down
        operators.update_operator(
            action, admin.id, full_name=admin.full_name, role=Role.CLERK, active=True
        )
    # admin's window still remembers the role it signed in with; the core reads the role anew
    with pytest.raises(PermissionDenied, match="signed in as Clerk"), desk.action(admin) as action:
        operators.update_operator(
            action, second.id, full_name=second.full_name, role=Role.TREASURER, active=True
        )
    with (
        pytest.raises(Conflict, match="At least one active Administrator"),
        desk.action(SYSTEM) as action,
    ):
        operators.update_operator(
            action, second.id, full_name="Bo Admin", role=Role.CLERK, active=True
        )
    with desk.database.reading() as session:
        roles = dict(session.execute(select(Operator.username, Operator.role)).all())
    assert roles == {"admin": Role.CLERK, "admin2": Role.ADMINISTRATOR}


def test_an_operator_changes_their_own_password(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    clerk = operator_with(Role.CLERK)
    with pytest.raises(InvalidInput) as caught, desk.action(clerk) as action:
        operators.set_password(action, clerk.id, "new-password-1", current_password="wrong")
    assert caught.value.field == "current_password"
    with desk.action(clerk) as action:
        operators.set_password(action, clerk.id, "new-password-1", current_password=PASSWORD)
    with pytest.raises(SignInFailed):
        operators.sign_in(desk.database, desk.clock, clerk.username, PASSWORD)
    assert operators.sign_in(desk.database, desk.clock, clerk.username, "new-password-1")
    assert len(_events(desk, "operator.password")) == 1


def test_user_names_are_unique(desk: Desk, admin: SignedIn) -> None:
    with pytest.raises(Conflict, match="'admin' is taken"), desk.action(admin) as action:
        operators.add_operator(
            action, username="Admin", full_name="Another Alex", role=Role.CLERK, password=PASSWORD
        )


def test_operator_file_bytes_helper_reads_the_real_file(tmp_path: Path) -> None:
    """The byte search above would pass vacuously on a missing file; make sure it cannot."""
    from datetime import date

    from clerk_desk.clock import FixedClock
    from clerk_desk.database import Database

    db = Database(str(tmp_path / "city.sqlite3"))
    db.migrate(backup=False)
    desk = Desk(db, clock=FixedClock(date(2026, 11, 30)))
    operators.create_first_administrator(
        db, desk.clock, username="admin", full_name="Findable Fullname", password=PASSWORD
    )
    assert b"Findable Fullname" in _database_bytes(desk)
    db.dispose()


def test_deactivating_an_operator_stops_their_next_action_at_another_station(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    clerk = operator_with(Role.CLERK)
    with desk.action(admin) as action:
        operators.update_operator(
            action, clerk.id, full_name=clerk.full_name, role=Role.CLERK, active=False
        )
    with pytest.raises(SignInFailed, match="deactivated"), desk.lookup(clerk):
        pass


def test_a_sign_in_with_a_user_name_longer_than_the_record_column_is_refused_and_audited(
    desk: Desk, admin: SignedIn
) -> None:
    long_name = "x" * 41 + "@counter"  # the audit row's record column holds 40 characters
    with pytest.raises(SignInFailed, match="not right"):
        operators.sign_in(desk.database, desk.clock, long_name, PASSWORD)
    (event,) = _events(desk, "operator.sign_in_refused")
    assert event.record_id == long_name[:40]
    assert long_name in event.summary  # the whole name typed is kept in the summary


def test_a_full_name_longer_than_its_column_is_refused(desk: Desk, admin: SignedIn) -> None:
    with (
        pytest.raises(InvalidInput, match="at most 120 characters") as refused,
        desk.action(admin) as action,
    ):
        operators.add_operator(
            action, username="carla", full_name="C" * 121, role=Role.CLERK, password=PASSWORD
        )
    assert refused.value.field == "full_name"
    with pytest.raises(InvalidInput, match="at most 120 characters"), desk.action(admin) as a:
        operators.update_operator(
            a, admin.id, full_name="A" * 121, role=Role.ADMINISTRATOR, active=True
        )


def test_the_operator_list_is_for_the_administrator_and_holds_no_password_hash(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    clerk = operator_with(Role.CLERK)
    with pytest.raises(PermissionDenied, match="manage operators"), desk.lookup(clerk) as action:
        operators.list_operators(action)
    with desk.lookup(admin) as action:
        listed = operators.list_operators(action)
    assert [(o.username, o.role) for o in listed] == [
        ("admin", Role.ADMINISTRATOR),
        ("clerk", Role.CLERK),
    ]
    assert all(isinstance(o, operators.OperatorInfo) for o in listed)
    assert not any(hasattr(o, "password_hash") for o in listed)
    assert all("scrypt" not in repr(o) for o in listed)
    with pytest.raises(AttributeError):
        listed[0].active = False  # type: ignore[misc]  # frozen: plain data, not a live row


def test_an_unknown_user_name_costs_the_same_scrypt_as_a_wrong_password(
    desk: Desk, admin: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[int, int, int]] = []
    real = operators.hashlib.scrypt

    def counting(password: bytes, **kwargs: int) -> bytes:
        calls.append((kwargs["n"], kwargs["r"], kwargs["p"]))
        return real(password, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(operators.hashlib, "scrypt", counting)
    for username in ("admin", "nobody"):
        calls.clear()
        with pytest.raises(SignInFailed, match="user name or password is not right"):
            operators.sign_in(desk.database, desk.clock, username, "wrong-password")
        assert calls == [(2**14, 8, 1)], username  # one scrypt, at the real cost, either way
