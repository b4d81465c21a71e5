"""The agenda packet's folder (its scans copied out, up to 600 MB) is removed however its build
in a process of its own ends: built, cancelled at a report, or ended after a cancel
(ui/petitions/jobs.py)."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import builders  # type: ignore[import-not-found]
import child_gates  # type: ignore[import-not-found]
import pytest
from child_gates import Gate  # type: ignore[import-not-found]

from clerk_desk import child_process
from clerk_desk.child_process import ChildEnded, Station
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Role
from clerk_desk.petitions import service as petitions
from reports.petitions import PacketCancelled
from ui.petitions import jobs


@pytest.fixture
def temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where the window makes temporary folders, in this test's own folder."""
    folder = tmp_path / "temporary"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.fixture
def station(desk: Desk, operator_with: Callable[[Role], SignedIn]) -> Station:
    return Station.of(desk, operator_with(Role.CLERK))


@pytest.fixture
def meeting_id(desk: Desk, operator_with: Callable[[Role], SignedIn]) -> int:
    """A meeting with a petition and its scan on the agenda."""
    clerk = operator_with(Role.CLERK)
    zone = desk.clock.local_now().tzinfo
    meeting = builders.meeting(desk, clerk, datetime(2026, 12, 14, 18, tzinfo=zone))
    owner = builders.owner_with_parcel(desk, clerk, "Ann Lee", "118 Orange St", "281-1005-12")
    scan = ("signed.pdf", builders.signed_page("Ann Lee"))
    petition_id = builders.petition(desk, clerk, [owner], scans=[scan])
    with desk.action(clerk) as action:
        petitions.place_on_agenda(action, petition_id, meeting)
    return int(meeting)


def test_a_built_packet_is_the_one_thing_left_in_its_folder(
    station: Station, meeting_id: int, temporary: Path
) -> None:
    packet = jobs.build_packet(station, meeting_id, progress=lambda _done: True)
    assert packet.path.parent.parent == temporary
    assert [p.name for p in packet.path.parent.iterdir()] == ["packet.pdf"]  # scans gone
    assert packet.path.read_bytes().startswith(b"%PDF")
    folder = packet.path.parent
    del packet  # let go by the window: its folder goes with it
    assert not folder.exists()


def test_a_packet_cancelled_at_a_report_leaves_no_folder(
    station: Station, meeting_id: int, temporary: Path
) -> None:
    with pytest.raises(PacketCancelled):
        jobs.build_packet(station, meeting_id, progress=lambda _done: False)
    assert list(temporary.iterdir()) == []


def test_a_packet_ended_after_a_cancel_leaves_no_folder_and_counts_as_cancelled(
    station: Station,
    meeting_id: int,
    temporary: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A build that hears the Cancel and goes on (a long step between two reports) is ended
    after the grace: its scans copied out so far go with its folder."""
    pressed = Gate(tmp_path / "pressed")
    pressed.set()
    monkeypatch.setenv("CLERK_DESK_TEST_RELEASE", str(pressed.path))
    monkeypatch.setattr(jobs, "_build_in_child", child_gates.deaf_build_in_child)
    monkeypatch.setattr(child_process, "GRACE_SECONDS", 0.5)
    with pytest.raises(ChildEnded) as ended:
        jobs.build_packet(station, meeting_id, progress=lambda _done: False)
    assert ended.value.message == (
        "The work was cancelled; it did not stop within 0.5 seconds, so its process was ended."
    )
    assert list(temporary.iterdir()) == []
