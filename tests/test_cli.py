"""``python -m clerk_desk``, run as a clerk or a script would: real processes, real files."""

from __future__ import annotations

import getpass
import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import func, select

from clerk_desk import __version__, cli, cli_sign_in, operators
from clerk_desk.database import Database
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Role
from clerk_desk.models import AmountDue, AuditEvent

PASSWORD = "counter-password"


DEMO_ADMIN = {"CLERK_DESK_USER": "admin", "CLERK_DESK_PASSWORD": "prescott-demo"}


def _run(
    data: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CLERK_DESK_DATA_DIR": str(data), **(env or {})}
    env.pop("CLERK_DESK_DATABASE", None)
    if "CLERK_DESK_USER" not in (env or {}):
        env.pop("CLERK_DESK_USER", None)
        env.pop("CLERK_DESK_PASSWORD", None)
    return subprocess.run(
        [sys.executable, "-m", "clerk_desk", *args],
        env=env,
        text=True,
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def _amounts_due_held(target: Path) -> int:
    database = Database(str(target))
    try:
        with database.reading() as session:
            return session.scalar(select(func.count()).select_from(AmountDue)) or 0
    finally:
        database.dispose()


def _amounts_due(output: str) -> int:
    match = re.search(r"amount_due: (\d+)", output)
    assert match, output
    return int(match.group(1))


def test_version(data: Path) -> None:
    done = _run(data, "version")
    assert (done.returncode, done.stdout) == (0, f"Clerk Desk {__version__}\n")


def test_demo_then_check_backup_and_restore(data: Path, tmp_path: Path) -> None:
    target = tmp_path / "demo.sqlite3"
    first = _run(data, "--database", str(target), "demo")
    assert first.returncode == 0, first.stderr
    assert "prescott-demo" in first.stdout
    one_year = _amounts_due(first.stdout)
    assert one_year == _amounts_due_held(target) > 0  # the summary counts what was written

    again = _run(data, "--database", str(target), "demo")
    assert again.returncode == 1
    assert "already holds records" in again.stderr and "--replace" in again.stderr
    assert "Traceback" not in again.stderr

    unsigned = _run(data, "--database", str(target), "demo", "--replace", "--scale", "2")
    assert unsigned.returncode == 1  # its records are about to go: someone signs in first
    assert unsigned.stderr.startswith("clerk-desk: Sign in to run this command")
    bigger = _run(
        data, "--database", str(target), "demo", "--replace", "--scale", "2", env=DEMO_ADMIN
    )
    assert bigger.returncode == 0, bigger.stderr
    assert _amounts_due(bigger.stdout) == _amounts_due_held(target) > one_year

    check = _run(data, "--database", str(target), "check", env=DEMO_ADMIN)
    # Every fee the demo's workflows took is paid by a live receipt: the ledger agrees.
    assert check.returncode == 0, check.stdout + check.stderr
    assert "Result:     OK" in check.stdout and "PROBLEM:" not in check.stdout
    assert f"Records:    amount_due {_amounts_due_held(target)}" in check.stdout

    backup = tmp_path / "friday.sqlite3"
    done = _run(data, "--database", str(target), "backup", str(backup), env=DEMO_ADMIN)
    assert done.returncode == 0, done.stderr
    assert backup.is_file() and str(backup) in done.stdout

    refused = _run(data, "--database", str(target), "restore", str(backup), env=DEMO_ADMIN)
    assert refused.returncode == 1
    assert "Refusing to restore without --yes" in refused.stderr
    assert "Nothing was changed." in refused.stdout
    assert list((data / "backups").glob("*")) == []

    restored = _run(
        data, "--database", str(target), "restore", "--yes", str(backup), env=DEMO_ADMIN
    )
    assert restored.returncode == 0, restored.stderr
    assert "The previous contents were kept in" in restored.stdout
    assert len(list((data / "backups").glob("*-before-restore.sqlite3"))) == 1
    after = _run(data, "--database", str(target), "check", env=DEMO_ADMIN)
    assert after.returncode == 0, after.stdout + after.stderr
    assert "Result:     OK" in after.stdout and "PROBLEM:" not in after.stdout
    with sqlite3.connect(target) as conn:  # the program as it ships hashed at 2**17
        hashes = [h for (h,) in conn.execute("SELECT password_hash FROM operator")]
    assert hashes and all(h.startswith("scrypt$131072$8$1$") for h in hashes)


def test_check_on_a_text_file_explains_without_a_traceback(data: Path, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Call Hanson Excavating about the Orange St opening.\n" * 40)
    done = _run(data, "--database", str(notes), "check", env=DEMO_ADMIN)
    assert done.returncode == 1
    # Nobody can sign in to a text file: said in one line.
    assert done.stderr.startswith("clerk-desk: The file") and done.stderr.count("\n") == 1
    assert "is not a Clerk Desk database" in done.stderr
    assert "is not a Clerk Desk database" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_mistyped_database_path_is_refused_and_no_file_is_made(
    data: Path, tmp_path: Path
) -> None:
    typo = tmp_path / "citty.sqlite3"
    for command in (["backup", str(tmp_path / "copy.sqlite3")], ["check"]):
        done = _run(data, "--database", str(typo), *command)
        assert done.returncode == 1
        assert f"there is no database at {typo}" in done.stderr
    assert not typo.exists()
    assert not (tmp_path / "copy.sqlite3").exists()


def test_demo_replace_never_deletes_a_city_database(data: Path, tmp_path: Path) -> None:
    from clerk_desk import operators
    from clerk_desk.clock import SystemClock
    from clerk_desk.database import Database

    city = tmp_path / "city.sqlite3"
    database = Database(str(city))
    database.migrate()
    operators.create_first_administrator(
        database,
        SystemClock(),
        username="cityadmin",
        full_name="City Admin",
        password="a-long-password",
    )
    database.dispose()
    city_admin = {"CLERK_DESK_USER": "cityadmin", "CLERK_DESK_PASSWORD": "a-long-password"}
    done = _run(data, "--database", str(city), "demo", "--replace", env=city_admin)
    assert done.returncode == 1
    assert "is not a demo database" in done.stderr
    database = Database(str(city))
    assert operators.sign_in(database, SystemClock(), "cityadmin", "a-long-password")
    database.dispose()


def test_the_database_option_may_follow_the_command_and_backups_are_audited(
    data: Path, tmp_path: Path
) -> None:
    from sqlalchemy import select

    from clerk_desk.database import Database
    from clerk_desk.models import AuditEvent

    target = tmp_path / "demo.sqlite3"
    assert _run(data, "demo", "--database", str(target)).returncode == 0
    done = _run(
        data, "backup", str(tmp_path / "copy.sqlite3"), "--database", str(target), env=DEMO_ADMIN
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "copy.sqlite3").is_file()
    database = Database(str(target))
    with database.reading() as session:
        last = session.scalars(select(AuditEvent).order_by(AuditEvent.id.desc())).first()
    database.dispose()
    assert last is not None and last.action == "database.backup"
    assert last.operator_name == "admin"  # the operator who signed in, not "command line"
    assert last.operator_id is not None


# ---- signing in, in-process (fast): the command line's own main() ------------------------------


@pytest.fixture
def city(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], database_url: str
) -> str:
    """A City database (SQLite file or PostgreSQL) with an Administrator, a Treasurer, a Clerk."""
    operator_with(Role.TREASURER)
    operator_with(Role.CLERK)
    return database_url


def _backup_for(desk: Desk, tmp_path: Path, command: str) -> None:
    """The backup a restore reads."""
    if command == "check":
        return
    desk.database.backup(tmp_path / "copy.sqlite3")


def _main(*argv: str) -> int:
    return cli.main(list(argv))


def _one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("clerk-desk: "), err
    assert "Traceback" not in err
    return err


def _audit(desk: Desk, action: str) -> list[AuditEvent]:
    with desk.database.reading() as session:
        return list(session.scalars(select(AuditEvent).where(AuditEvent.action == action)))


COMMANDS = {
    "backup": lambda tmp: ["backup", str(tmp / "copy.sqlite3")],
    "check": lambda tmp: ["check"],
    "restore": lambda tmp: ["restore", "--yes", str(tmp / "copy.sqlite3")],
}


@pytest.fixture
def signed_as(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, str], None]:
    def sign(user: str, password: str) -> None:
        monkeypatch.setenv("CLERK_DESK_USER", user)
        monkeypatch.setenv("CLERK_DESK_PASSWORD", password)

    return sign


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_command_is_refused_without_a_sign_in(
    city: str,
    desk: Desk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    signed_as: Callable[[str, str], None],
    command: str,
) -> None:
    _backup_for(desk, tmp_path, command)
    before = _audit(desk, "database.backup") + _audit(desk, "database.restore")
    assert _main("--database", city, *COMMANDS[command](tmp_path)) == 1
    err = _one_line(capsys.readouterr().err)
    assert "Sign in to run this command: give --user NAME" in err
    signed_as("admin", "not-the-password")
    assert _main("--database", city, *COMMANDS[command](tmp_path)) == 1
    assert _one_line(capsys.readouterr().err) == (
        "clerk-desk: The user name or password is not right.\n"
    )
    assert _audit(desk, "database.backup") + _audit(desk, "database.restore") == before
    assert len(_audit(desk, "operator.sign_in_refused")) == 1


@pytest.mark.parametrize(
    ("command", "role", "allowed"),
    [
        ("backup", Role.TREASURER, False),
        ("backup", Role.ADMINISTRATOR, True),
        ("restore", Role.CLERK, False),
        ("restore", Role.ADMINISTRATOR, True),
        ("check", Role.CLERK, False),
        ("check", Role.TREASURER, True),
        ("check", Role.ADMINISTRATOR, True),
    ],
)
def test_each_command_needs_its_permission_and_the_trail_names_the_operator(
    city: str,
    desk: Desk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    signed_as: Callable[[str, str], None],
    command: str,
    role: Role,
    allowed: bool,
) -> None:
    _backup_for(desk, tmp_path, command)
    user = "admin" if role == Role.ADMINISTRATOR else role.value.replace("_", "-")
    signed_as(user, PASSWORD)
    status = _main("--database", city, *COMMANDS[command](tmp_path))
    out, err = capsys.readouterr()
    if not allowed:
        assert status == 1
        assert f"you are signed in as {role.label}" in _one_line(err)
        return
    assert err == ""
    if command == "check":
        assert status == 0 and "Result:     OK" in out
        return
    assert status == 0, err
    (event,) = _audit(desk, f"database.{command}")
    assert event.operator_name == user


def test_the_password_comes_from_a_file_only_this_account_can_read(
    city: str, desk: Desk, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "clerk-desk-password"
    secret.write_text(PASSWORD + "\n")
    secret.chmod(0o644)
    backup = ["--database", city, "--user", "admin", "--password-file", str(secret), "backup"]
    assert _main(*backup, str(tmp_path / "copy.sqlite3")) == 1
    err = _one_line(capsys.readouterr().err)
    assert "can be read by other accounts (mode -rw-r--r--)" in err
    assert f"chmod 600 {secret}" in err
    assert not (tmp_path / "copy.sqlite3").exists()
    secret.chmod(0o600)
    assert _main(*backup, str(tmp_path / "copy.sqlite3")) == 0, capsys.readouterr().err
    assert (tmp_path / "copy.sqlite3").is_file()
    (event,) = _audit(desk, "database.backup")
    assert event.operator_name == "admin"


def test_at_a_terminal_the_user_name_and_password_are_asked(
    city: str,
    desk: Desk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(cli_sign_in, "at_a_terminal", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "treasurer")
    monkeypatch.setattr(getpass, "getpass", lambda prompt: asked.append(prompt) or PASSWORD)
    assert _main("--database", city, "check") == 0
    assert asked == ["User name: ", "Password: "]
    (event,) = _audit(desk, "operator.sign_in")
    assert event.operator_name == "treasurer"


def test_wrong_passwords_at_the_command_line_are_limited_like_at_the_window(
    city: str,
    desk: Desk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    signed_as: Callable[[str, str], None],
) -> None:
    signed_as("admin", "guess-number-n")
    for _ in range(5):
        assert _main("--database", city, "check") == 1
    signed_as("admin", PASSWORD)
    assert _main("--database", city, "check") == 1
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.startswith("clerk-desk: Too many wrong passwords for this user name: try again at")


@pytest.mark.parametrize(
    ("database", "says"),
    [
        ("postgresql+psycopg://clerk@127.0.0.1:notaport/city", "database address"),
        ("postgresql+nosuchdriver://clerk@127.0.0.1/city", "is not installed"),
        ("mysql+mysqldb://clerk@127.0.0.1/city", "is not installed"),
        ("postgresql+psycopg://clerk@127.0.0.1:1/city", "cannot be reached"),
    ],
)
def test_a_bad_database_is_said_in_one_line(
    capsys: pytest.CaptureFixture[str],
    signed_as: Callable[[str, str], None],
    database: str,
    says: str,
) -> None:
    signed_as("admin", PASSWORD)
    assert _main("--database", database, "check") == 1
    assert says in _one_line(capsys.readouterr().err)


@pytest.mark.parametrize("command", ["check", "backup", "restore", "demo"])
def test_a_database_in_a_missing_folder_is_refused_and_no_folder_is_made(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    signed_as: Callable[[str, str], None],
    command: str,
) -> None:
    signed_as("admin", PASSWORD)
    typo = tmp_path / "recrods" / "city.sqlite3"
    args = {"check": [], "backup": ["x.sqlite3"], "restore": ["--yes", "x.sqlite3"], "demo": []}
    assert _main("--database", str(typo), command, *args[command]) == 1
    err = _one_line(capsys.readouterr().err)
    assert f"There is no folder {typo.parent}" in err
    assert not typo.parent.exists()


@pytest.mark.parametrize(
    "target",
    ["no-such-folder/friday.sqlite3", "/proc/friday.sqlite3"],
    ids=["missing", "unwritable"],
)
def test_a_backup_that_cannot_be_written_is_said_in_one_line(
    city: str,
    desk: Desk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    signed_as: Callable[[str, str], None],
    target: str,
) -> None:
    signed_as("admin", PASSWORD)
    path = tmp_path / target
    assert _main("--database", city, "backup", str(path)) == 1
    _one_line(capsys.readouterr().err)
    assert not path.parent.exists() or not path.exists()
    assert _audit(desk, "database.backup") == []


def test_restoring_into_a_new_database_signs_in_as_an_administrator_of_the_backup(
    city: str,
    desk: Desk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    signed_as: Callable[[str, str], None],
) -> None:
    _backup_for(desk, tmp_path, "restore")
    backup = tmp_path / "copy.sqlite3"
    new = tmp_path / "new-computer.sqlite3"
    signed_as("treasurer", PASSWORD)
    assert _main("--database", str(new), "restore", "--yes", str(backup)) == 1
    assert "you are signed in as Treasurer" in _one_line(capsys.readouterr().err)
    signed_as("admin", PASSWORD)
    assert _main("--database", str(new), "restore", "--yes", str(backup)) == 0
    restored = Database(str(new))
    try:
        with restored.reading() as session:
            event = session.scalars(
                select(AuditEvent).where(AuditEvent.action == "database.restore")
            ).one()
    finally:
        restored.dispose()
    assert event.operator_name == "admin"


def test_a_person_types_the_password_at_a_real_terminal(tmp_path: Path) -> None:
    """A real process on a pseudo-terminal: getpass asks, the answer is not echoed."""
    import pty
    import select as selecting

    from clerk_desk.clock import SystemClock

    city = tmp_path / "city.sqlite3"
    database = Database(str(city))
    database.migrate(backup=False)
    operators.create_first_administrator(
        database, SystemClock(), username="admin", full_name="Alex", password=PASSWORD
    )
    database.dispose()
    master, slave = pty.openpty()
    env = {**os.environ, "CLERK_DESK_DATA_DIR": str(tmp_path / "data")}
    for name in ("CLERK_DESK_USER", "CLERK_DESK_PASSWORD", "CLERK_DESK_DATABASE"):
        env.pop(name, None)
    copy = tmp_path / "copy.sqlite3"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "clerk_desk",
            "--database",
            str(city),
            "--user",
            "admin",
            "backup",
            str(copy),
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
    )
    os.close(slave)
    seen = b""

    def read_until(marker: bytes) -> None:
        nonlocal seen
        while marker not in seen:
            ready, _, _ = selecting.select([master], [], [], 60)
            assert ready, seen
            try:
                chunk = os.read(master, 1024)
            except OSError:  # the terminal closed: the process ended
                return
            if not chunk:
                return
            seen += chunk

    read_until(b"Password: ")
    os.write(master, PASSWORD.encode() + b"\n")
    read_until(b"Backed up")
    read_until(str(copy).encode())
    assert process.wait(timeout=60) == 0, seen
    os.close(master)
    assert PASSWORD.encode() not in seen  # not echoed
    assert copy.is_file()
