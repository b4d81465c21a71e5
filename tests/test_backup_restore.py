"""Backups a clerk can trust: a round trip brings the records back, a restore keeps a safety copy,
a wrong file is refused, and a full disk leaves no half backup and the live database untouched."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from clerk_desk import opening, operators, parties
from clerk_desk.database import Database
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import DatabaseUnavailable, DiskFull, PermissionDenied, SignInFailed
from clerk_desk.kinds import PartyKind, Role
from clerk_desk.models import AuditEvent, Party
from clerk_desk.paths import backups_dir
from tests.conftest import PASSWORD


def _add(desk: Desk, who: SignedIn, name: str, notes: str = "") -> int:
    with desk.action(who) as action:
        return parties.add_party(
            action, parties.PartyData(kind=PartyKind.PERSON, name=name, notes=notes)
        ).id


def _names(db: Database) -> list[str]:
    with db.reading() as session:
        return list(session.scalars(select(Party.name).order_by(Party.id)))


def _names_in_file(path: Path) -> list[str]:
    raw = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [r[0] for r in raw.execute("SELECT name FROM party ORDER BY id")]
    finally:
        raw.close()


def test_backup_and_restore_round_trip(tmp_path: Path, desk: Desk, admin: SignedIn) -> None:
    _add(desk, admin, "Anna Berg")
    _add(desk, admin, "Zoë Nguyễn")
    target = tmp_path / "usb-stick" / "friday.sqlite3"
    target.parent.mkdir()  # the stick is plugged in: Clerk Desk makes no folder of its own
    assert desk.database.backup(target) == target.resolve()
    assert _names_in_file(target) == ["Anna Berg", "Zoë Nguyễn"]
    assert not list(target.parent.glob("*.partial*"))

    _add(desk, admin, "Mistake Entered Later")
    with desk.action(admin) as action:
        first = parties.search_parties(action.session, "anna")[0]
        parties.update_party(
            action, first.id, parties.PartyData(kind=PartyKind.PERSON, name="Anna Berg-Hanson")
        )

    safety = desk.database.restore(target).safety
    assert _names(desk.database) == ["Anna Berg", "Zoë Nguyễn"]
    assert safety is not None and safety.parent == backups_dir()
    assert _names_in_file(safety) == ["Anna Berg-Hanson", "Zoë Nguyễn", "Mistake Entered Later"]
    assert desk.database.check().ok

    # the restored database is a working one: ids and numbering carry on after the restored rows
    admin = operators.sign_in(desk.database, desk.clock, "admin", PASSWORD)
    new_id = _add(desk, admin, "Ben Dahl")
    assert _names(desk.database)[-1] == "Ben Dahl"
    with desk.database.reading() as session:
        assert new_id > max(session.scalars(select(Party.id).where(Party.name != "Ben Dahl")))
        assert session.scalar(select(func.count()).select_from(AuditEvent)) > 0


def test_backup_refuses_to_overwrite_the_live_database(tmp_path: Path) -> None:
    path = tmp_path / "city.sqlite3"
    db = Database(str(path))
    db.migrate(backup=False)
    try:
        with pytest.raises(DatabaseUnavailable, match="cannot overwrite the database it copies"):
            db.backup(tmp_path / "." / "city.sqlite3")
        assert db.check().ok
    finally:
        db.dispose()


def test_restore_refuses_a_file_that_is_not_a_database(tmp_path: Path, database: Database) -> None:
    letter = tmp_path / "letter.txt"
    letter.write_text("Dear Clerk,\n" * 100)
    with pytest.raises(DatabaseUnavailable, match="not a database file Clerk Desk can read"):
        database.restore(letter)
    with pytest.raises(DatabaseUnavailable, match="There is no backup file"):
        database.restore(tmp_path / "missing.sqlite3")
    assert list(backups_dir().glob("*")) == []
    assert database.check().ok


def test_restore_refuses_a_sqlite_file_that_is_not_a_clerk_desk_backup(
    tmp_path: Path, desk: Desk, admin: SignedIn
) -> None:
    _add(desk, admin, "Anna Berg")
    other = tmp_path / "dog-licences.sqlite3"
    raw = sqlite3.connect(other)
    raw.execute("CREATE TABLE dog (id INTEGER PRIMARY KEY, name TEXT)")
    raw.commit()
    raw.close()
    with pytest.raises(DatabaseUnavailable, match="is not a Clerk Desk backup"):
        desk.database.restore(other)
    assert _names(desk.database) == ["Anna Berg"]


@pytest.mark.postgresql
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_server_database_backs_up_to_a_file_and_restores(
    tmp_path: Path, desk: Desk, admin: SignedIn
) -> None:
    for name in ("Anna Berg", "Zoë Nguyễn", "Łukasz Kowalski"):
        _add(desk, admin, name)
    target = desk.database.backup(tmp_path / "server-friday.sqlite3")
    assert _names_in_file(target) == ["Anna Berg", "Zoë Nguyễn", "Łukasz Kowalski"]

    _add(desk, admin, "Added After The Backup")
    safety = desk.database.restore(target).safety
    assert _names(desk.database) == ["Anna Berg", "Zoë Nguyễn", "Łukasz Kowalski"]
    assert safety is not None
    assert "Added After The Backup" in _names_in_file(safety)

    admin = operators.sign_in(desk.database, desk.clock, "admin", PASSWORD)
    new_id = _add(desk, admin, "Ben Dahl")  # the id sequence was moved past the restored rows
    with desk.database.reading() as session:
        ids = list(session.scalars(select(Party.id).order_by(Party.id)))
    assert new_id == ids[-1] and len(set(ids)) == 4
    assert desk.database.check().ok


# -- a full disk during a backup ---------------------------------------------------------------


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 64 KiB file system (tests run as root in the CI container)."""
    folder = tmp_path / "tiny-disk"
    folder.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tiny tmpfs here ({done.stderr.strip()})")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _big_database(desk: Desk, admin: SignedIn) -> None:
    # Each note well within its 20,000 characters; together past the 64 KiB disk.
    for number in range(18):
        _add(desk, admin, f"Party {number}", notes=f"council minutes {number} " * 1000)


def test_a_full_disk_during_backup_leaves_no_half_file(
    tiny_disk: Path, desk: Desk, admin: SignedIn
) -> None:
    _big_database(desk, admin)
    before = _names(desk.database)
    with pytest.raises(DiskFull, match="full") as caught:
        desk.database.backup(tiny_disk / "backup.sqlite3")
    assert "free some space" in caught.value.message
    assert sorted(os.listdir(tiny_disk)) == []
    assert _names(desk.database) == before
    assert desk.database.check().ok


FILE_SIZE_LIMIT_SCRIPT = textwrap.dedent("""
    import resource, signal, sys
    from clerk_desk.database import Database
    from clerk_desk.errors import DiskFull
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (48 * 1024, 48 * 1024))
    db = Database(sys.argv[1])
    try:
        db.backup(sys.argv[2])
    except DiskFull as error:
        print("DiskFull:", error.message)
        sys.exit(3)
    print("no error")
""")


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_file_size_limit_during_backup_is_a_full_disk(
    tmp_path: Path, desk: Desk, admin: SignedIn
) -> None:
    """A file-size limit (a FAT32 stick holds at most 4 GiB) makes the write fail with EFBIG."""
    _big_database(desk, admin)
    before = _names(desk.database)
    path = desk.database.path
    desk.database.dispose()
    out = tmp_path / "limited"
    out.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", FILE_SIZE_LIMIT_SCRIPT, str(path), str(out / "backup.sqlite3")],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 3, done.stdout + done.stderr
    assert "larger than that disk accepts" in done.stdout
    assert os.listdir(out) == []
    assert _names(desk.database) == before


def test_a_restore_is_written_into_the_restored_audit_trail(
    desk: Desk, admin: SignedIn, tmp_path: Path
) -> None:
    backup = opening.back_up(desk, admin, tmp_path / "monday.sqlite3")
    opening.restore_backup(desk, admin, backup)
    with desk.database.reading() as session:
        events = session.scalars(select(AuditEvent).order_by(AuditEvent.id)).all()
    assert events[-1].action == "database.restore"
    assert events[-1].operator_name == "admin"
    assert "monday.sqlite3" in events[-1].summary
    # the backup was audited after the copy was taken, so the restored trail cannot hold it
    assert "database.backup" not in [e.action for e in events]


def test_only_roles_allowed_to_may_back_up_or_restore(
    desk: Desk, operator_with: Callable[[Role], SignedIn], tmp_path: Path
) -> None:
    deputy = operator_with(Role.DEPUTY_CLERK)
    with pytest.raises(PermissionDenied, match="you are signed in as Deputy Clerk"):
        opening.back_up(desk, deputy, tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()


def test_a_backup_from_a_newer_version_is_refused_before_anything_changes(
    desk: Desk, admin: SignedIn, tmp_path: Path
) -> None:
    backup = opening.back_up(desk, admin, tmp_path / "newer.sqlite3")
    conn = sqlite3.connect(backup)
    conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.commit()
    conn.close()
    before = backup.read_bytes()
    with desk.action(admin) as action:
        parties.add_party(action, parties.PartyData(kind=PartyKind.PERSON, name="Kept Here"))
    with pytest.raises(
        DatabaseUnavailable,
        match=r"newer version of Clerk Desk.*Nothing of the City's database was changed",
    ):
        opening.restore_backup(desk, admin, backup)
    assert backup.read_bytes() == before
    with desk.database.reading() as session:
        assert [p.name for p in parties.search_parties(session, "kept here")] == ["Kept Here"]


def test_backing_up_a_file_that_is_not_a_database_says_so(tmp_path: Path) -> None:
    damaged = tmp_path / "city.sqlite3"
    damaged.write_text("these are the minutes of the last meeting\n" * 200)
    database = Database(str(damaged))
    with pytest.raises(DatabaseUnavailable, match="not a Clerk Desk database, or it is damaged"):
        database.backup(tmp_path / "copy.sqlite3")
    database.dispose()
    assert not list(tmp_path.glob("copy.sqlite3*"))


def test_after_a_restore_a_station_signed_in_before_must_sign_in_again(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], tmp_path: Path
) -> None:
    """The clerk is in the backup too, with the same name and number: what sends them back to
    the sign-in is the database's new generation, not a changed operator."""
    operator_with(Role.CLERK)
    clerk = operators.sign_in(desk.database, desk.clock, "clerk", PASSWORD)
    with desk.lookup(clerk):  # signed in and working
        pass
    backup = opening.back_up(desk, admin, tmp_path / "with-clerk.sqlite3")
    opening.restore_backup(desk, admin, backup)
    for who in (clerk, admin):  # the station that restored too
        with (
            pytest.raises(SignInFailed, match=r"A backup was restored.*sign in again"),
            desk.action(who),
        ):
            pass
        with pytest.raises(SignInFailed, match="sign in again"), desk.lookup(who):
            pass
    again = operators.sign_in(desk.database, desk.clock, "clerk", PASSWORD)
    assert again.generation != clerk.generation
    _add(desk, again, "Saved After Signing In Again")
    assert _names(desk.database)[-1] == "Saved After Signing In Again"
