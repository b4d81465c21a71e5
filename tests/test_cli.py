"""``python -m clerk_desk``, run as a clerk or a script would: real processes, real files."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select

from clerk_desk import __version__
from clerk_desk.database import Database
from clerk_desk.models import AmountDue


def _run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CLERK_DESK_DATA_DIR": str(data)}
    env.pop("CLERK_DESK_DATABASE", None)
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

    bigger = _run(data, "--database", str(target), "demo", "--replace", "--scale", "2")
    assert bigger.returncode == 0, bigger.stderr
    assert _amounts_due(bigger.stdout) == _amounts_due_held(target) > one_year

    check = _run(data, "--database", str(target), "check")
    assert check.returncode == 0, check.stdout + check.stderr
    assert "Result:     OK" in check.stdout
    assert f"Records:    amount_due {_amounts_due_held(target)}" in check.stdout

    backup = tmp_path / "friday.sqlite3"
    done = _run(data, "--database", str(target), "backup", str(backup))
    assert done.returncode == 0, done.stderr
    assert backup.is_file() and str(backup) in done.stdout

    refused = _run(data, "--database", str(target), "restore", str(backup))
    assert refused.returncode == 1
    assert "Refusing to restore without --yes" in refused.stderr
    assert "Nothing was changed." in refused.stdout
    assert list((data / "backups").glob("*")) == []

    restored = _run(data, "--database", str(target), "restore", "--yes", str(backup))
    assert restored.returncode == 0, restored.stderr
    assert "The previous contents were kept in" in restored.stdout
    assert len(list((data / "backups").glob("*-before-restore.sqlite3"))) == 1
    assert _run(data, "--database", str(target), "check").returncode == 0


def test_check_on_a_text_file_explains_without_a_traceback(data: Path, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Call Hanson Excavating about the Orange St opening.\n" * 40)
    done = _run(data, "--database", str(notes), "check")
    assert done.returncode == 1
    assert "not a Clerk Desk database" in done.stdout
    assert "Result:     NOT OK" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_a_bad_restore_says_why(data: Path, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a backup\n" * 40)
    done = _run(data, "--database", str(tmp_path / "city.sqlite3"), "restore", "--yes", str(notes))
    assert done.returncode == 1
    assert done.stderr.startswith("clerk-desk: notes.txt is not a database file")
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
    done = _run(data, "--database", str(city), "demo", "--replace")
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
    done = _run(data, "backup", str(tmp_path / "copy.sqlite3"), "--database", str(target))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "copy.sqlite3").is_file()
    database = Database(str(target))
    with database.reading() as session:
        last = session.scalars(select(AuditEvent).order_by(AuditEvent.id.desc())).first()
    database.dispose()
    assert last is not None and last.action == "database.backup"
    assert last.operator_name.startswith("command line (")
