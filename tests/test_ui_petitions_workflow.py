"""Petitions tab (§ 506-14), the workflow: a petition from intake to the agenda, its packet and
the Council's approval; the packet built on a worker while the clerk keeps working (a changed
agenda, the saved PDF, one job however often asked, a cancelled build, the built file kept);
and the intake form (the date received corrected, the September 15 rule, the cite). Driven
through its dialogs, checked in the database and on paper. The register is in
test_ui_petitions_register.py; what both use in ui_petitions_steps.py.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture): a petition received
today is late for 2027 and is considered for installation in 2028. Every modal dialog goes
through the ``dialogs`` queue, every message box through ``messages``, every file dialog, the
print preview and "open with the viewer" through a replaced hook: no real modal is left open.
"""

from __future__ import annotations

import io
import threading
from datetime import date, datetime
from pathlib import Path
from typing import Any

import child_gates  # type: ignore[import-not-found]
import papers  # type: ignore[import-not-found]
import pytest
from builders import petition as _petition  # type: ignore[import-not-found]
from builders import signed_page  # type: ignore[import-not-found]
from child_gates import Gate  # type: ignore[import-not-found]
from pypdf import PdfReader
from PySide6.QtGui import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QProgressDialog, QPushButton
from registers import searched  # type: ignore[import-not-found]
from shiboken6 import isValid
from sqlalchemy import select
from ui_petitions_steps import (  # type: ignore[import-not-found]
    PLACE,
    _choose_owner,
    _meeting,
    _owners,
    _stored,
    tab,
)

from clerk_desk.clock import FixedClock
from clerk_desk.kinds import PetitionKind, PetitionStatus
from clerk_desk.models import CouncilMeeting, Petition
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.service import PetitionData, SignerData
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.meetings import MeetingDialog
from ui.kit.operations import App
from ui.petitions.council import ChooseMeetingDialog, CouncilActionDialog, MeetingsDialog
from ui.petitions.dialogs import CorrectReceivedDialog
from ui.petitions.petition_form import PetitionDialog

__all__ = ["tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


@pytest.fixture
def previewed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """The print preview, replaced: the PDF bytes it was given are kept."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes | Path, *, title: str) -> bool:
        seen.append((title, pdf.read_bytes() if isinstance(pdf, Path) else pdf))
        return True

    monkeypatch.setattr(printing, "preview_pdf", capture)
    return seen


# ---- the whole workflow ------------------------------------------------------------------------


def test_petition_from_intake_to_the_agenda_its_packet_and_the_councils_approval(
    qtbot, tab, desk, clerk, clock: FixedClock, dialogs, messages, previewed, tmp_path, monkeypatch
) -> None:
    _owners(desk, clerk)
    scan = tmp_path / "orange-st-petition.pdf"
    scan.write_bytes(signed_page("We the undersigned owners on Orange St petition for curb"))
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(scan))

    def intake(dialog: QDialog) -> None:
        assert isinstance(dialog, PetitionDialog)
        words = dialog.program_year.text()
        assert "Program year 2028" in words
        assert "Received Mon Nov 30, 2026, after Tue Sep 15, 2026: too late for 2027" in words
        assert "considered for installation in 2028" in words and "cite:" in words  # the link
        assert "Mary" not in words and "Test Clerk" in words  # who will be stamped
        # The kind is read off the petition: nothing is chosen for the clerk (finding 12).
        assert dialog.kind.currentIndex() == -1 and dialog.kind.currentData() is None
        qtbot.keyClick(dialog.street, Qt.Key.Key_Return)  # Enter saves: refused, nothing typed
        assert dialog.errors.message("kind") == (
            "Choose the kind of improvement the owners ask for.  (§ 506-14)"
        )
        assert dialog.errors.message("street") == ""
        dialog.kind.setCurrentIndex(dialog.kind.findData(PetitionKind.CURB_AND_GUTTER))
        qtbot.keyClick(dialog.street, Qt.Key.Key_Return)
        assert dialog.errors.message("kind") == ""
        assert dialog.errors.message("street") == "Enter the street the petition is for."
        qtbot.keyClicks(dialog.street, "Orange St")
        qtbot.keyClicks(dialog.limits_from, "Broad St N")
        qtbot.keyClicks(dialog.limits_to, "Court St")
        qtbot.keyClicks(dialog.description, "Curb and gutter on both sides of the 100 block")
        qtbot.keyClick(dialog.street, Qt.Key.Key_Return)
        assert dialog.errors.message("street") == ""
        assert dialog.errors.message("signers").startswith(
            "Name at least one property owner who petitions."
        )
        _choose_owner(qtbot, dialog.signers, "orange", 0)
        _choose_owner(qtbot, dialog.signers, "orange", 1)
        rows = dialog.signers.signers()
        assert [(r.name, r.parcel_number) for r in rows] == [
            ("Ann Lee", "281-1005-12-000"),
            ("Bo Ng", "281-1005-13-000"),
        ]
        model = dialog.signers.model
        model.setData(model.index(1, 2), Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole)
        dialog.scans.button.click()
        assert "orange-st-petition.pdf" in dialog.scans.label.text()
        qtbot.keyClicks(dialog.staff_notes, "DPW to estimate before the meeting")
        qtbot.keyClick(dialog.street, Qt.Key.Key_Return)

    dialogs.append(intake)
    with qtbot.wait_signal(tab.status) as told:
        tab.new_button.click()
    assert messages == []
    assert told.args[0] == (
        "Petition P-2026-001 received 11/30/2026 10:00 AM: program year 2028 (late)."
    )
    with desk.database.reading() as session:
        saved = session.scalars(select(Petition)).one()
        assert (saved.number, saved.program_year, saved.status) == (
            "P-2026-001",
            2028,
            PetitionStatus.RECEIVED,
        )
        assert saved.received_by_name == "Test Clerk"
        assert [(s.party.name, s.signed) for s in saved.signers] == [
            ("Ann Lee", True),
            ("Bo Ng", False),
        ]
        assert [s.name for s in saved.scans] == ["orange-st-petition.pdf"]
        petition_id = saved.id
    row = tab.selected()
    assert row is not None and row.id == petition_id
    assert tab.model.column_texts(0) == [
        "P-2026-001",
        "Curb and gutter",
        "Orange St from Broad St N to Court St",
        "Ann Lee; Bo Ng (1 not signed)",
        "11/30/2026 10:00 AM",
        "2028",
        "Late",
        "Received",
        "",
    ]
    assert "Program year 2028" in tab.details.text()
    assert not tab.action_button.isEnabled()  # not on an agenda yet
    assert "place it first" in tab.action_button.toolTip()

    # The Council's next regular meeting: the second Monday of December, at 6:00 p.m.
    def meetings(dialog: QDialog) -> None:
        assert isinstance(dialog, MeetingsDialog)
        assert dialog.model.rowCount() == 0
        dialogs.insert(0, add_meeting)
        dialog.add_button.click()
        assert dialog.model.column_texts(0)[:5] == [
            "Regular meeting",
            "Mon Dec 14, 2026",
            "6:00 PM",
            PLACE,
            "0",
        ]
        dialog.reject()

    def add_meeting(dialog: QDialog) -> None:
        assert isinstance(dialog, MeetingDialog)
        assert forms.to_date(dialog.day) == date(2026, 12, 14)
        assert dialog.time.time().hour() == 18 and dialog.place.text() == PLACE
        dialog.save_button.click()

    dialogs.append(meetings)
    tab.meetings_button.click()
    assert messages == []

    def place(dialog: QDialog) -> None:
        assert isinstance(dialog, ChooseMeetingDialog)
        assert dialog.meeting.currentText() == (
            "Regular meeting, Mon Dec 14, 2026, 6:00 PM — 0 petitions on the agenda"
        )
        dialog.save_button.click()

    dialogs.append(place)
    tab.place_button.click()
    assert messages == []
    assert _stored(desk, petition_id).status == PetitionStatus.ON_AGENDA
    assert tab.model.column_texts(0)[7:] == ["On agenda", "Mon Dec 14, 2026"]

    # The Friday before the meeting the Clerk builds the packet: in the background.
    clock.set(datetime(2026, 12, 11, 14, 0))

    def build(dialog: QDialog) -> None:
        assert isinstance(dialog, ChooseMeetingDialog)
        assert "Dec 14, 2026" in dialog.meeting.currentText()  # the next one with items
        assert "1 petition on the agenda" in dialog.meeting.currentText()
        dialog.save_button.click()

    dialogs.append(build)
    said: list[str] = []
    tab.status.connect(said.append)
    tab.packet_button.click()
    assert tab.building and not tab.packet_button.isEnabled()
    tab.search_field.setText("orange")  # the window stays usable meanwhile
    tab.search_field.flush()
    searched(qtbot, tab)
    qtbot.waitUntil(lambda: bool(previewed), timeout=60_000)
    assert messages == []
    [(title, pdf)] = previewed
    assert title == "Agenda packet — Regular meeting, Mon Dec 14, 2026, 6:00 PM"
    reader = PdfReader(io.BytesIO(pdf))
    text = papers.text(reader)
    assert "P-2026-001" in text and "Orange St" in text and "Ann Lee" in text
    assert f"Packet page {len(reader.pages)} of {len(reader.pages)}" in text
    with desk.database.reading() as session:
        meeting = session.scalars(select(CouncilMeeting)).one()
        assert meeting.packet_built_at is not None
        assert meeting.packet_pages == len(reader.pages)
        meeting_id = meeting.id
    qtbot.waitUntil(lambda: tab.packet_button.isEnabled())
    assert said[-1] == (
        f"Agenda packet for the Regular meeting, Mon Dec 14, 2026, 6:00 PM built: "
        f"{len(reader.pages)} pages."
    )

    # The day after the meeting the Council's approval is recorded.
    clock.set(datetime(2026, 12, 15, 9, 0))
    tab.refresh()
    tab.select_petition(petition_id)
    assert tab.action_button.isEnabled()

    def approve(dialog: QDialog) -> None:
        assert isinstance(dialog, CouncilActionDialog)
        assert dialog.meeting.currentData() == meeting_id
        assert dialog.meeting.currentText() == "Regular meeting, Mon Dec 14, 2026, 6:00 PM"
        assert dialog.radio[petitions.CouncilAction.APPROVED].isChecked()
        assert dialog.approved_year.value() == 2028  # the petition's program year
        dialog.approved_year.setValue(2027)
        dialog.save_button.click()  # too early: refused under the year
        assert "2028 at the earliest" in dialog.errors.message("approved_year")
        assert "§ 506-14" in dialog.errors.message("approved_year")
        dialog.approved_year.setValue(2028)
        qtbot.keyClicks(dialog.note, "Motion by Ald. Smith, carried 5-1")
        dialog.save_button.click()

    dialogs.append(approve)
    tab.action_button.click()
    assert messages == []
    saved = _stored(desk, petition_id)
    assert (saved.status, saved.approved_year, saved.meeting_id) == (
        PetitionStatus.APPROVED,
        2028,
        meeting_id,
    )
    assert tab.model.column_texts(0)[7] == "Approved for 2028"
    events = tab.event_model.rows
    assert [e.what for e in events] == [
        "Received",
        "Scan",
        "Placed on agenda",
        "Approved at Mon Dec 14, 2026",
    ]
    assert events[-1].detail == "Approved for installation in 2028"
    assert events[-1].reason == "Motion by Ald. Smith, carried 5-1"
    assert events[-1].who == "Test Clerk"
    assert not tab.withdraw_button.isEnabled() and not tab.place_button.isEnabled()


# ---- the packet, built on a worker ---------------------------------------------------------------


class _Hold:
    """The packet's build, held in its child process: ``entered`` is set once the build has
    started, and the packet is laid out once ``release`` is set."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
        from ui.petitions import jobs

        self.entered, self.release = Gate(folder / "entered"), Gate(folder / "release")
        monkeypatch.setenv("CLERK_DESK_TEST_ENTERED", str(self.entered.path))
        monkeypatch.setenv("CLERK_DESK_TEST_RELEASE", str(self.release.path))
        monkeypatch.setattr(jobs, "_build_in_child", child_gates.held_build_in_child)


def _held_build(monkeypatch: pytest.MonkeyPatch, folder: Path) -> Gate:
    """The packet's build, made to wait until the returned gate is set."""
    return _Hold(monkeypatch, folder).release


def test_the_clerk_keeps_working_while_the_packet_is_built(
    qtbot, tab, desk, clerk, dialogs, messages, previewed, monkeypatch, tmp_path
) -> None:
    """Finding 3: the progress window blocks nothing. With it on screen the clerk types in the
    search and clicks a filter (real key and mouse events, which a modal window would swallow);
    asking for the packet again starts no second build."""
    owners = _owners(desk, clerk)
    meeting_id = _meeting(desk, clerk, date(2026, 12, 14))
    on_agenda = _petition(desk, clerk, [owners["Ann Lee"]])
    _petition(desk, clerk, [owners["Dale Erickson"]], street="Kinnickinnic St")
    with desk.action(clerk) as action:
        petitions.place_on_agenda(action, on_agenda, meeting_id)
    tab.refresh()
    release = _held_build(monkeypatch, tmp_path)
    tab.build_packet(meeting_id)
    progress = tab.findChild(QProgressDialog, "progress_dialog")
    assert progress is not None
    qtbot.waitUntil(progress.isVisible, timeout=5_000)
    assert QApplication.activeModalWidget() is None

    # Typed and clicked as the window system delivers them, through the window: Qt drops such
    # events for a window a modal one blocks (qtbot's widget events would go around it).
    window = tab.window().windowHandle()
    tab.search_field.setFocus()
    for letter in "kinni":
        QTest.keyClick(window, letter)
    tab.search_field.flush()
    searched(qtbot, tab)
    box = tab.pending_box
    QTest.mouseClick(
        window,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        box.mapTo(tab.window(), box.rect().center()),
    )
    assert tab.search_field.text() == "kinni" and tab.pending_box.isChecked()
    assert [tab.model.row(i).number for i in range(tab.model.rowCount())] == ["P-2026-002"]
    qtbot.mouseClick(tab.packet_button, Qt.MouseButton.LeftButton)  # disabled meanwhile
    tab.build_packet(meeting_id)  # and asked directly: one build only
    assert len(tab.findChildren(QProgressDialog, "progress_dialog")) == 1
    assert dialogs == [] and messages == []

    release.set()
    qtbot.waitUntil(lambda: bool(previewed), timeout=30_000)
    assert len(previewed) == 1
    qtbot.waitUntil(lambda: not progress.isVisible() if isValid(progress) else True)


def test_a_packet_whose_agenda_changed_while_it_was_built_is_not_marked_built(
    qtbot, tab, desk, clerk, clock: FixedClock, dialogs, messages, previewed, monkeypatch, tmp_path
) -> None:
    """Finding 8: the window passes the moment the build read the agenda; a petition changed at
    the counter meanwhile leaves the packet "not built yet", and the clerk is told why."""
    owners = _owners(desk, clerk)
    meeting_id = _meeting(desk, clerk, date(2026, 12, 14))
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    with desk.action(clerk) as action:
        petitions.place_on_agenda(action, petition_id, meeting_id)
    hold = _Hold(monkeypatch, tmp_path)
    tab.build_packet(meeting_id)
    assert hold.entered.wait(10)
    clock.advance(minutes=2)
    with desk.action(clerk) as action:  # another station adds the DPW's note
        data = PetitionData(
            PetitionKind.CURB_AND_GUTTER,
            "Orange St",
            "Broad St N",
            "Court St",
            signers=[SignerData(*owners["Ann Lee"])],
            staff_notes="DPW: $14,000",
        )
        petitions.update_petition(action, petition_id, data)
    with qtbot.wait_signal(tab.packet_finished, timeout=30_000):
        hold.release.set()
    assert messages == [
        "The agenda of the meeting of Mon Dec 14, 2026 changed while its packet was built, so "
        "that packet is out of date and was not marked built. Build the packet again."
    ]
    assert previewed == []
    with desk.database.reading() as session:
        meeting = session.get(CouncilMeeting, meeting_id)
        assert meeting is not None and meeting.packet_built_at is None
    assert not tab.save_packet_button.isEnabled()


def test_the_packet_is_saved_as_a_pdf_with_its_links_and_bookmarks(
    qtbot, tab, desk, clerk, dialogs, messages, previewed, monkeypatch, tmp_path
) -> None:
    """Finding 2: the packet itself, not a picture of it, to keep or to e-mail."""
    owners = _owners(desk, clerk)
    meeting_id = _meeting(desk, clerk, date(2026, 12, 14))
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    with desk.action(clerk) as action:
        petitions.place_on_agenda(action, petition_id, meeting_id)
    assert not tab.save_packet_button.isEnabled()  # nothing built yet
    with qtbot.wait_signal(tab.packet_finished, timeout=30_000):
        tab.build_packet(meeting_id)
    [(_title, built)] = previewed
    asked: list[str] = []

    def where(_parent: Any, _title: str, suggested: str, _filter: str) -> str:
        asked.append(suggested)
        return str(tmp_path / "sent" / "council-packet")

    monkeypatch.setattr(forms, "ask_save_path", where)
    (tmp_path / "sent").mkdir()
    said: list[str] = []
    tab.status.connect(said.append)
    assert tab.save_packet_button.isEnabled()
    qtbot.mouseClick(tab.save_packet_button, Qt.MouseButton.LeftButton)
    assert asked == ["agenda-packet-2026-12-14.pdf"]
    saved = tmp_path / "sent" / "council-packet.pdf"
    assert saved.read_bytes() == built
    reader = PdfReader(str(saved))
    assert [str(item.title) for item in reader.outline if not isinstance(item, list)][:2] == [
        "Cover",
        "Contents",
    ]
    assert any(
        ref.get_object().get("/Subtype") == "/Link"
        for page in reader.pages
        for ref in page.get("/Annots", [])
    )
    assert said[-1] == (
        "Agenda packet for the Regular meeting, Mon Dec 14, 2026, 6:00 PM saved to "
        "council-packet.pdf."
    )
    assert [p.name for p in saved.parent.iterdir()] == ["council-packet.pdf"]  # no partial left
    assert messages == []


def test_one_background_job_runs_once_however_often_it_is_asked_for(qtbot) -> None:
    """Finding 3: an export asked for again while it runs brings its progress window forward
    instead of starting a second one."""
    from PySide6.QtWidgets import QWidget

    from ui.kit import operations as operations

    parent = QWidget()
    qtbot.add_widget(parent)
    parent.show()
    release = threading.Event()
    results: list[int] = []
    first = operations.run_in_background(
        parent, lambda _p: release.wait(30) and 1, title="Exporting…", on_done=results.append
    )
    again = operations.run_in_background(
        parent, lambda _p: 2, title="Exporting…", on_done=results.append
    )
    assert again is first
    release.set()
    qtbot.waitUntil(lambda: results == [1], timeout=10_000)
    third = operations.run_in_background(
        parent, lambda _p: 3, title="Exporting…", on_done=results.append
    )
    assert third is not first
    qtbot.waitUntil(lambda: results == [1, 3], timeout=10_000)


def test_cancelling_the_packet_build_records_no_packet(
    qtbot, tab, desk, clerk, dialogs, messages, previewed, monkeypatch, tmp_path
) -> None:
    """Cancel pressed while the packet is built: the report stops, nothing is recorded, and the
    window says so without an error box."""
    from ui.petitions import jobs

    owners = _owners(desk, clerk)
    meeting_id = _meeting(desk, clerk, date(2026, 12, 14))
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]], scans=[("p.pdf", signed_page("x"))])
    with desk.action(clerk) as action:
        petitions.place_on_agenda(action, petition_id, meeting_id)

    pressed = Gate(tmp_path / "pressed")
    monkeypatch.setenv("CLERK_DESK_TEST_RELEASE", str(pressed.path))
    monkeypatch.setattr(jobs, "_build_in_child", child_gates.build_after_cancel_in_child)
    tab.build_packet(meeting_id)
    progress = tab.findChild(QProgressDialog, "progress_dialog")
    assert progress is not None
    cancel = progress.findChild(QPushButton)
    assert cancel is not None and cancel.text() == "Cancel"
    with (
        qtbot.wait_signal(tab.packet_finished, timeout=60_000),
        qtbot.wait_signal(tab.status, timeout=60_000) as told,
    ):
        cancel.click()
        pressed.set()
    assert told.args[0] == "Agenda packet not built: cancelled."
    assert previewed == [] and messages == []
    with desk.database.reading() as session:
        meeting = session.get(CouncilMeeting, meeting_id)
        assert meeting is not None and meeting.packet_built_at is None
    assert tab.packet_button.isEnabled() and not tab.building


# ---- the intake form -----------------------------------------------------------------------------


def test_correcting_the_date_received_needs_a_reason_and_changes_the_program_year(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    owners = _owners(desk, clerk)
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    tab.refresh()
    tab.select_petition(petition_id)
    assert tab.model.column_texts(0)[5:7] == ["2028", "Late"]

    def correct(dialog: QDialog) -> None:
        assert isinstance(dialog, CorrectReceivedDialog)
        assert "Program year 2028" in dialog.result_year.text()
        assert "The program year stays 2028." in dialog.result_year.text()
        dialog.day.setDate(date(2026, 9, 15))  # left in the drop box, stamped late
        shown = dialog.result_year.text()
        assert "Program year 2027" in shown and "Program year 2028 → 2027." in shown
        assert "on or before Tue Sep 15, 2026: considered for installation in 2027" in shown
        dialog.save_button.click()
        assert dialog.isVisible()  # refused: the reason is required
        assert dialog.errors.message("reason").startswith("Say why the date received is corrected.")
        qtbot.keyClicks(dialog.reason, "Left in the drop box on 9/15, stamped the next morning")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)

    dialogs.append(correct)
    tab.correct_button.click()
    assert messages == []
    saved = _stored(desk, petition_id)
    assert (saved.received_on, saved.program_year) == (date(2026, 9, 15), 2027)
    assert tab.model.column_texts(0)[4:7] == ["09/15/2026 10:00 AM", "2027", "Timely"]
    last = tab.event_model.rows[-1]
    assert last.what == "Date received corrected"
    assert "program year 2028 → 2027" in last.detail
    assert last.reason == "Left in the drop box on 9/15, stamped the next morning"


def test_the_intake_form_shows_the_rule_when_september_15_is_a_saturday(
    qtbot, tab, desk, clerk, clock: FixedClock, dialogs
) -> None:
    """In 2029 September 15 is a Saturday: a petition received Monday the 17th is in time."""
    clock.set(datetime(2029, 9, 17, 9, 0))
    shown: list[str] = []

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, PetitionDialog)
        shown.append(dialog.program_year.text())

    dialogs.append(look)
    tab.new_button.click()
    [words] = shown
    assert "Program year 2030" in words and "filed in time" in words
    assert "September 15, 2029 is a Saturday, when City Hall is closed" in words
    assert "the last day to file is Mon Sep 17, 2029" in words
    assert "Wis. Stat. § 990.001(4)" in words
    assert "City Hall is closed on Sun Sep 16, 2029 (Sunday)." in words


def test_the_cite_on_the_intake_form_opens_the_ordinance(qtbot, desk, clerk) -> None:
    opened: list[str | None] = []
    app = App(desk, clerk, show_ordinance=opened.append)
    dialog = PetitionDialog(None, app)
    qtbot.add_widget(dialog)
    dialog.program_year.linkActivated.emit("cite:§ 506-14")
    assert opened == ["§ 506-14"]


# ---- a built packet's file -----------------------------------------------------------------------


def test_a_built_packet_keeps_its_file_until_it_is_let_go(tmp_path: Path) -> None:
    """The window is handed the packet's file, not its bytes; the folder the child wrote it in
    goes once the packet is let go (the next one built, or the program closed)."""
    import gc
    from datetime import date, datetime

    from ui.petitions.jobs import BuiltPacket

    folder = tmp_path / "clerk-desk-packet-1"
    folder.mkdir()
    (folder / "packet.pdf").write_bytes(signed_page("packet"))
    packet = BuiltPacket(
        1, "Regular meeting", folder / "packet.pdf", 1, datetime.now(), date.today()
    )
    assert packet.path.read_bytes().startswith(b"%PDF")
    del packet
    gc.collect()
    assert not folder.exists()
