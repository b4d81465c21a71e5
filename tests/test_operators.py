"""Operators: the first Administrator, passwords kept only as salted scrypt hashes, sign-in
refusals in the audit trail, and at least one active Administrator at all times."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from clerk_desk import operators, sign_in_limits
from clerk_desk.clock import FixedClock
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied, SignInFailed
from clerk_desk.kinds import Role
from clerk_desk.models import AuditEvent, Operator, SignInThrottle

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


def test_a_huge_user_name_is_recorded_once_and_cut_to_the_column(
    desk: Desk, admin: SignedIn
) -> None:
    huge = "x" * 5_000_000  # measured: 5 MB written into the trail on each attempt
    with pytest.raises(SignInFailed, match="not right"):
        operators.sign_in(desk.database, desk.clock, huge, PASSWORD)
    (event,) = _events(desk, "operator.sign_in_refused")
    assert event.record_id == "x" * 40  # the audit row's record column
    assert "'" + "x" * 60 + "'" in event.summary  # the throttle's column, in the summary too
    assert len(event.summary) < 200
    with desk.database.reading() as session:
        (row,) = session.scalars(select(SignInThrottle)).all()
    assert row.username == "x" * 60


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
    shipped_password_cost: operators.ScryptCost,
    desk: Desk,
    admin: SignedIn,
    monkeypatch: pytest.MonkeyPatch,
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
        assert calls == [(2**17, 8, 1)], username  # one scrypt, at the real cost, either way


def test_a_fresh_program_hashes_at_the_shipped_cost_of_2_17() -> None:
    """The suite hashes cheaply (tests/conftest.py); the program as it ships does not."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from clerk_desk import operators as o; "
            "print(o.hash_password('a-long-password').split('$')[1:4], "
            "o._DUMMY_HASH.split('$')[1:4], o._cost == o.PASSWORD_COST)",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout.strip() == "['131072', '8', '1'] ['131072', '8', '1'] True"
    assert operators.ScryptCost(2**17, 8, 1) == operators.PASSWORD_COST


def test_an_old_hash_verifies_and_is_made_anew_at_todays_cost_at_sign_in(
    shipped_password_cost: operators.ScryptCost,
    desk: Desk,
    admin: SignedIn,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(operators, "_cost", operators.ScryptCost(2**14, 8, 1))
    old = operators.hash_password(PASSWORD)
    monkeypatch.setattr(operators, "_cost", shipped_password_cost)
    with desk.database.writing() as session:
        session.get_one(Operator, admin.id).password_hash = old

    def stored() -> str:
        with desk.database.reading() as session:
            return session.get_one(Operator, admin.id).password_hash

    with pytest.raises(SignInFailed):  # a wrong password changes nothing
        operators.sign_in(desk.database, desk.clock, "admin", "wrong-password")
    assert stored() == old
    assert operators.sign_in(desk.database, desk.clock, "admin", PASSWORD) == admin
    assert stored().startswith("scrypt$131072$8$1$") and stored() != old
    assert operators.verify_password(PASSWORD, stored())
    assert operators.sign_in(desk.database, desk.clock, "admin", PASSWORD) == admin


def _fail(desk: Desk, username: str, times: int = 1) -> list[str]:
    said = []
    for _ in range(times):
        with pytest.raises(SignInFailed) as refused:
            operators.sign_in(desk.database, desk.clock, username, "wrong-password")
        said.append(refused.value.message)
    return said


def _throttle(desk: Desk, username: str) -> SignInThrottle | None:
    with desk.database.reading() as session:
        return session.get(SignInThrottle, username)


DELAYED = (
    "Too many wrong passwords for this user name: try again at 10:01 a.m., "
    "or ask the Administrator."
)


def test_four_wrong_passwords_are_forgiven_and_a_success_resets_the_count(
    desk: Desk, admin: SignedIn
) -> None:
    said = _fail(desk, "admin", 4)
    assert said == ["The user name or password is not right."] * 4
    assert operators.sign_in(desk.database, desk.clock, "admin", PASSWORD) == admin
    assert _throttle(desk, "admin") is None
    _fail(desk, "admin", 4)  # four more: the earlier four no longer count
    assert operators.sign_in(desk.database, desk.clock, "admin", PASSWORD) == admin


@pytest.mark.parametrize("username", ["admin", "nobody"])
def test_the_fifth_wrong_password_delays_even_the_right_one(
    desk: Desk, admin: SignedIn, username: str
) -> None:
    """A known and an unknown user name are delayed alike: the refusal tells nothing."""
    said = _fail(desk, username, 5)
    assert said[-1] == f"The user name or password is not right. {DELAYED}"
    with pytest.raises(SignInFailed) as refused:
        operators.sign_in(desk.database, desk.clock, username, PASSWORD)
    assert refused.value.message == DELAYED
    row = _throttle(desk, username)
    assert row is not None and row.failures == 5  # a try while delayed is refused unchecked
    assert len(_events(desk, "operator.sign_in_refused")) == 6  # each attempt, once


def test_the_delay_ends_at_blocked_until_and_not_a_second_before(
    desk: Desk, admin: SignedIn
) -> None:
    clock = desk.clock
    assert isinstance(clock, FixedClock)
    _fail(desk, "admin", 5)
    clock.advance(seconds=59)
    with pytest.raises(SignInFailed, match=r"try again at 10:01 a\.m\."):
        operators.sign_in(desk.database, clock, "admin", PASSWORD)
    clock.advance(seconds=1)
    assert operators.sign_in(desk.database, clock, "admin", PASSWORD) == admin


def test_each_further_wrong_password_doubles_the_delay(desk: Desk, admin: SignedIn) -> None:
    clock = desk.clock
    assert isinstance(clock, FixedClock)
    _fail(desk, "admin", 5)
    clock.advance(minutes=1)
    (said,) = _fail(desk, "admin")  # the sixth, once the first delay is over
    assert said.endswith("try again at 10:03 a.m., or ask the Administrator.")
    row = _throttle(desk, "admin")
    assert row is not None and row.blocked_until == clock.now() + timedelta(minutes=2)


@pytest.mark.parametrize(
    ("failures", "minutes"),
    [(4, None), (5, 1), (6, 2), (7, 4), (10, 32), (11, 60), (12, 60), (10_000, 60)],
)
def test_the_delay_after_so_many_wrong_passwords(failures: int, minutes: int | None) -> None:
    wait = sign_in_limits.delay_after(failures)
    assert wait == (None if minutes is None else timedelta(minutes=minutes))


@pytest.mark.parametrize(
    ("fifth_after", "delayed"),
    [
        (timedelta(minutes=14, seconds=59), True),
        (timedelta(minutes=15), True),
        (timedelta(minutes=15, seconds=1), False),
    ],
)
def test_five_wrong_passwords_delay_only_within_fifteen_minutes(
    desk: Desk, admin: SignedIn, fifth_after: timedelta, delayed: bool
) -> None:
    clock = desk.clock
    assert isinstance(clock, FixedClock)
    start = clock.now()
    _fail(desk, "admin", 4)
    clock.set(start + fifth_after)
    (said,) = _fail(desk, "admin")
    assert ("Too many wrong passwords" in said) is delayed
    row = _throttle(desk, "admin")
    assert row is not None and row.failures == (5 if delayed else 1)
    if not delayed:
        assert operators.sign_in(desk.database, clock, "admin", PASSWORD) == admin


def test_the_administrator_lifts_a_delay_and_the_trail_says_so(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    clerk = operator_with(Role.CLERK)
    _fail(desk, clerk.username, 5)
    with pytest.raises(PermissionDenied, match="manage operators"), desk.action(clerk) as action:
        sign_in_limits.lift_sign_in_delay(action, clerk.username)
    with desk.lookup(admin) as action:
        (waiting,) = sign_in_limits.sign_in_delays(action)
    assert (waiting.username, waiting.failures) == (clerk.username, 5)
    with desk.action(admin) as action:
        sign_in_limits.lift_sign_in_delay(action, " CLERK ")
    assert operators.sign_in(desk.database, desk.clock, clerk.username, PASSWORD) == clerk
    (event,) = _events(desk, "operator.sign_in_delay_lifted")
    assert event.operator_name == "admin" and event.record_id == "clerk"
    assert "5 wrong passwords" in event.summary
    with pytest.raises(NotFound), desk.action(admin) as action:
        sign_in_limits.lift_sign_in_delay(action, "clerk")


CHECK_BEFORE_MAPPERS = """
import sys
from clerk_desk import operators
from clerk_desk.clock import SystemClock
from clerk_desk.database import Database
from clerk_desk.models import Operator

seen = []
check = operators.verify_password


def verify(password, stored):
    seen.append(Operator.__mapper__.configured)
    return check(password, stored)


operators.verify_password = verify
database = Database(sys.argv[1])
who = operators.sign_in(database, SystemClock(), sys.argv[2], sys.argv[3])
database.dispose()
print(seen, who.username, Operator.__mapper__.configured)
"""


def test_a_password_is_checked_before_the_mappers_are_configured(
    desk: Desk, admin: SignedIn
) -> None:
    """Issue 20: the window lets the password's half second of scrypt run beside the core's
    mapper configuration (ui.app), so a sign-in reads what it checks against with SQLAlchemy
    Core. In a fresh process: the check comes before any mapper is configured, the sign-in
    (which then writes through the mapped classes) succeeds."""
    url = desk.database.url.render_as_string(hide_password=False)
    done = subprocess.run(
        [sys.executable, "-c", CHECK_BEFORE_MAPPERS, url, admin.username, PASSWORD],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[False]", admin.username, "True"]
