"""Petitions tab (§ 506-14), the register: search and filters, scans, a petition withdrawn,
edited, deferred or decided, meetings cancelled, the fit in the window, Today items, the export,
an operator who may not act, the model tester and the main window's wiring. Driven through its
dialogs, checked in the database. What the Petitions tests share is in ui_petitions_steps.py.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture): a petition received
today is late for 2027 and is considered for installation in 2028. Every modal dialog goes
through the ``dialogs`` queue, every message box through ``messages``, every file dialog and
"open with the viewer" through a replaced hook: no real modal is left open.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from builders import petition as _petition  # type: ignore[import-not-found]
from builders import signed_page  # type: ignore[import-not-found]
from openpyxl import load_workbook
from PySide6.QtCore import QUrl
from PySide6.QtGui import Qt
from PySide6.QtWidgets import QDialog, QLabel
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import select
from ui_petitions_steps import (  # type: ignore[import-not-found]
    _choose_owner,
    _meeting,
    _owners,
    _stored,
    tab,
)

from clerk_desk.clock import FixedClock
from clerk_desk.errors import PermissionDenied
from clerk_desk.kinds import PetitionKind, PetitionStatus, Role
from clerk_desk.models import Petition, PetitionSigner
from clerk_desk.permissions import GRANTS, Permission
from clerk_desk.petitions import service as petitions
from ui.bonds import dialogs as bond_dialogs
from ui.kit import forms as forms
from ui.kit.meetings import ReasonForm
from ui.kit.operations import App
from ui.parties.dialogs import PartyDialog
from ui.petitions.council import CouncilActionDialog, MeetingsDialog
from ui.petitions.petition_form import PetitionDialog, PetitionersEditor
from ui.petitions.tab import PetitionsTab

__all__ = ["tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


# ---- the register ------------------------------------------------------------------------------


def test_search_as_you_type_and_filters(qtbot, tab, desk, clerk, clock: FixedClock) -> None:
    owners = _owners(desk, clerk)
    clock.set(datetime(2026, 9, 14, 10, 0))
    timely = _petition(desk, clerk, [owners["Ann Lee"], owners["Bo Ng"]])
    clock.set(datetime(2026, 11, 30, 10, 0))
    _petition(
        desk,
        clerk,
        [owners["Dale Erickson"]],
        street="Kinnickinnic St",
        kind=PetitionKind.SIDEWALK,
    )
    tab.refresh()
    assert tab.model.rowCount() == 2 and tab.count_label.text() == "2 petitions"
    qtbot.keyClicks(tab.search_field, "erick")
    assert tab.search_field.pending()  # searches once the clerk pauses
    qtbot.waitUntil(lambda: tab.model.rowCount() == 1)
    assert tab.model.column_texts(0)[1] == "Sidewalk"
    tab.search_field.clear()
    tab.search_field.flush()
    searched(qtbot, tab)
    assert [tab.year_box.itemText(i) for i in range(tab.year_box.count())] == [
        "All program years",
        "Program year 2028",
        "Program year 2027",
    ]
    tab.year_box.setCurrentIndex(tab.year_box.findData(2027))
    searched(qtbot, tab)
    assert [tab.model.row(i).id for i in range(tab.model.rowCount())] == [timely]
    tab.year_box.setCurrentIndex(0)
    searched(qtbot, tab)
    tab.kind_box.setCurrentIndex(tab.kind_box.findData(PetitionKind.SIDEWALK))
    searched(qtbot, tab)
    assert tab.model.rowCount() == 1 and tab.model.column_texts(0)[6] == "Late"
    tab.kind_box.setCurrentIndex(0)
    searched(qtbot, tab)
    with desk.action(clerk) as action:
        petitions.withdraw_petition(action, timely, reason="Letter from Ann Lee")
    tab.pending_box.setChecked(True)
    searched(qtbot, tab)
    assert tab.model.rowCount() == 1 and tab.model.row(0).id != timely
    tab.pending_box.setChecked(False)
    searched(qtbot, tab)
    tab.status_box.setCurrentIndex(tab.status_box.findData(PetitionStatus.WITHDRAWN))
    searched(qtbot, tab)
    assert [tab.model.row(i).id for i in range(tab.model.rowCount())] == [timely]
    tab.status_box.setCurrentIndex(0)
    searched(qtbot, tab)
    qtbot.keyClicks(tab.search_field, "no such street")
    tab.search_field.flush()
    searched(qtbot, tab)
    assert tab.count_label.text() == "No petitions match"


def test_scans_open_as_a_read_only_copy_and_are_set_aside_with_a_reason(
    qtbot, tab, desk, clerk, dialogs, messages, tmp_path, monkeypatch
) -> None:
    owners = _owners(desk, clerk)
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    tab.refresh()
    tab.select_petition(petition_id)
    page = signed_page("Signed petition, Orange St")
    scan = tmp_path / "petition-page-1.pdf"
    scan.write_bytes(page)
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(scan))
    opened: list[QUrl] = []
    monkeypatch.setattr(bond_dialogs, "open_url", lambda url: opened.append(url) or True)
    tab.attach_button.click()
    assert messages == []
    assert tab.pages.currentIndex() == 1  # the Scans page, showing it
    assert tab.scan_model.column_texts(0)[0] == "petition-page-1.pdf"
    tab.open_scan_button.click()
    [url] = opened
    shown = Path(url.toLocalFile())
    assert shown.read_bytes() == page and shown != scan
    assert not shown.stat().st_mode & 0o222  # read-only: the viewer cannot change it

    def aside(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonForm)
        dialog.save_button.click()
        assert dialog.errors.message("reason") == "Say why the scan is set aside."
        qtbot.keyClicks(dialog.reason, "Another petition's page")
        dialog.save_button.click()

    dialogs.append(aside)
    tab.scan_aside_button.click()
    assert messages == []
    assert tab.scan_model.column_texts(0)[3] == "Set aside"
    assert not tab.scan_aside_button.isEnabled()
    with desk.database.reading() as session:
        petition = session.get(Petition, petition_id)
        assert petition is not None
        assert [s.set_aside_reason for s in petition.scans] == ["Another petition's page"]


def test_withdrawn_with_a_reason_stays_in_the_register(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    owners = _owners(desk, clerk)
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    tab.refresh()

    def withdraw(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonForm)
        qtbot.keyClicks(dialog.reason, "Letter from Ann Lee received 11/30")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)

    dialogs.append(withdraw)
    tab.withdraw_button.click()
    assert messages == []
    assert _stored(desk, petition_id).status == PetitionStatus.WITHDRAWN
    assert tab.model.column_texts(0)[7] == "Withdrawn"
    assert tab.event_model.rows[-1].reason == "Letter from Ann Lee received 11/30"
    assert not tab.withdraw_button.isEnabled()


def test_edit_changes_details_and_petitioners(qtbot, tab, desk, clerk, dialogs, messages) -> None:
    owners = _owners(desk, clerk)
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    tab.refresh()

    def edit(dialog: QDialog) -> None:
        assert isinstance(dialog, PetitionDialog)
        assert dialog.street.text() == "Orange St"
        assert "Program year 2028" in dialog.program_year.text()
        assert "Petition P-2026-001, received Mon Nov 30, 2026" in dialog.program_year.text()
        _choose_owner(qtbot, dialog.signers, "bo ng")
        dialogs.insert(0, new_owner)
        dialog.signers.new_owner_button.click()  # someone not yet in the register
        assert [r.name for r in dialog.signers.signers()][-1] == "Cyrus Dahl"
        forms.select_row(dialog.signers.table, 2)
        dialog.signers.remove_button.click()  # named by mistake after all
        dialog.limits_to.clear()
        qtbot.keyClicks(dialog.limits_to, "Elm St")
        qtbot.keyClick(dialog.street, Qt.Key.Key_Return)

    def new_owner(dialog: QDialog) -> None:
        assert isinstance(dialog, PartyDialog)
        qtbot.keyClicks(dialog.name, "Cyrus Dahl")
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)

    dialogs.append(edit)
    tab.edit_button.click()
    assert messages == []
    assert tab.model.column_texts(0)[2:4] == [
        "Orange St from Broad St N to Elm St",
        "Ann Lee; Bo Ng",
    ]
    assert tab.event_model.rows[-1].what == "Details changed"
    assert _stored(desk, petition_id).program_year == 2028  # the stamp is not the form's

    # Ann Lee is taken off (finding 5): the register and the form name Bo Ng alone, the history
    # says who was removed, and her row is kept.
    def remove_ann(dialog: QDialog) -> None:
        assert isinstance(dialog, PetitionDialog)
        forms.select_row(dialog.signers.table, 0)
        qtbot.mouseClick(dialog.signers.remove_button, Qt.MouseButton.LeftButton)
        qtbot.keyClick(dialog.street, Qt.Key.Key_Return)

    dialogs.append(remove_ann)
    tab.edit_button.click()
    assert messages == []
    assert tab.model.column_texts(0)[3] == "Bo Ng"
    assert [r.name for r in tab.signer_model.rows] == ["Bo Ng"]
    last = tab.event_model.rows[-1]
    assert (last.what, last.detail) == (
        "Petitioner removed",
        "Ann Lee (281-1005-12-000) removed from the petitioners",
    )
    with desk.database.reading() as session:
        kept = session.scalars(
            select(PetitionSigner).where(PetitionSigner.petition_id == petition_id)
        ).all()
        assert sorted((s.party.name, s.position) for s in kept) == [("Ann Lee", -1), ("Bo Ng", 1)]

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, PetitionDialog)
        assert [r.name for r in dialog.signers.signers()] == ["Bo Ng"]
        dialog.reject()

    dialogs.append(look)
    tab.edit_button.click()


def test_deferred_to_a_later_meeting_and_a_meeting_cancelled(
    qtbot, tab, desk, clerk, clock: FixedClock, dialogs, messages
) -> None:
    owners = _owners(desk, clerk)
    first = _meeting(desk, clerk, date(2026, 12, 14))
    later = _meeting(desk, clerk, date(2026, 12, 28))
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    with desk.action(clerk) as action:
        petitions.place_on_agenda(action, petition_id, first)
    clock.set(datetime(2026, 12, 15, 9, 0))
    tab.refresh()

    def defer(dialog: QDialog) -> None:
        assert isinstance(dialog, CouncilActionDialog)
        dialog.choose(petitions.CouncilAction.DEFERRED)
        assert dialog.deferred_to.isEnabled() and not dialog.approved_year.isEnabled()
        assert dialog.deferred_to.currentData() == later  # only meetings after the one held
        dialog.save_button.click()

    dialogs.append(defer)
    tab.action_button.click()
    assert messages == []
    saved = _stored(desk, petition_id)
    assert (saved.status, saved.meeting_id) == (PetitionStatus.ON_AGENDA, later)
    assert tab.model.column_texts(0)[8] == "Mon Dec 28, 2026"

    def meetings(dialog: QDialog) -> None:
        assert isinstance(dialog, MeetingsDialog)
        assert dialog.model.rowCount() == 1  # the meeting held is not among those to come
        assert dialog.model.column_texts(0)[4] == "1"
        dialogs.insert(0, cancel)
        dialog.cancel_button.click()
        assert dialog.model.rowCount() == 0
        dialog.all_box.setChecked(True)
        assert dialog.model.column_texts(1)[6] == "Cancelled 12/15/2026"
        dialog.reject()

    def cancel(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonForm)
        banner = dialog.findChildren(QLabel)[0].text()
        assert "The 1 petition on its agenda goes back to waiting for a meeting." in banner
        qtbot.keyClicks(dialog.reason, "No quorum")
        dialog.save_button.click()

    dialogs.append(meetings)
    tab.meetings_button.click()
    assert messages == []
    assert _stored(desk, petition_id).status == PetitionStatus.RECEIVED
    assert tab.model.column_texts(0)[7:] == ["Received", ""]


def test_a_meeting_held_cannot_be_cancelled_from_the_list(
    qtbot, tab, desk, clerk, clock: FixedClock, dialogs, messages
) -> None:
    """Finding 7: the list offers no Cancel for a meeting that took place, and says why."""
    held = _meeting(desk, clerk, date(2026, 12, 14))
    clock.set(datetime(2026, 12, 15, 9, 0))

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, MeetingsDialog)
        dialog.all_box.setChecked(True)
        forms.select_row(dialog.table, dialog.model.row_of(lambda r: r.id == held))
        assert not dialog.cancel_button.isEnabled()
        assert dialog.cancel_button.toolTip() == (
            "The meeting of Mon Dec 14, 2026 has already begun: it cannot be cancelled."
        )
        dialog.reject()

    dialogs.append(look)
    tab.meetings_button.click()
    assert messages == []


def test_a_decided_petition_opens_with_only_its_staff_notes_to_change(
    qtbot, tab, desk, clerk, clock: FixedClock, dialogs, messages
) -> None:
    """Finding 6: after the Council's approval the form changes the staff notes only, and the
    year approved is at most ten years past the program year."""
    owners = _owners(desk, clerk)
    meeting_id = _meeting(desk, clerk, date(2026, 12, 14))
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    with desk.action(clerk) as action:
        petitions.place_on_agenda(action, petition_id, meeting_id)
    clock.set(datetime(2026, 12, 15, 9, 0))
    tab.refresh()
    tab.select_petition(petition_id)

    def approve(dialog: QDialog) -> None:
        assert isinstance(dialog, CouncilActionDialog)
        assert dialog.approved_year.maximum() == 2028 + 10
        dialog.save_button.click()

    dialogs.append(approve)
    tab.action_button.click()

    def edit(dialog: QDialog) -> None:
        assert isinstance(dialog, PetitionDialog)
        banner = dialog.findChild(QLabel, "decided_banner").text()
        assert banner == (
            "Petition P-2026-001 is approved for 2028: what the Council decided on stays as it "
            "was. Only the staff notes and the estimate of cost can still change."
        )
        assert not dialog.street.isEnabled() and not dialog.kind.isEnabled()
        assert not dialog.signers.isEnabled() and dialog.description.isReadOnly()
        assert dialog.focusWidget() is dialog.staff_notes
        qtbot.keyClicks(dialog.staff_notes, "DPW: in the 2028 season")
        dialog.save_button.click()

    dialogs.append(edit)
    tab.edit_button.click()
    assert messages == []
    assert _stored(desk, petition_id).staff_notes == "DPW: in the 2028 season"


def test_the_register_fits_the_window_without_scrolling_sideways(
    qtbot, tab, desk, clerk, clock: FixedClock
) -> None:
    """Finding 12: at the width of a counter screen every column shows, Status whole; the
    location and the petitioners share what is left."""
    owners = _owners(desk, clerk)
    meeting_id = _meeting(desk, clerk, date(2026, 12, 14))
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    with desk.action(clerk) as action:
        petitions.place_on_agenda(action, petition_id, meeting_id)
    clock.set(datetime(2026, 12, 15, 9, 0))
    with desk.action(clerk) as action:
        petitions.record_council_action(
            action,
            petition_id,
            outcome=petitions.CouncilAction.REFERRED,
            meeting_id=meeting_id,
            referred_to="Public Works Committee",
        )
    tab.refresh()
    metrics = tab.table.fontMetrics()
    for width in (1400, 1280):
        tab.resize(width, 800)
        qtbot.wait(10)
        assert tab.table.horizontalScrollBar().maximum() == 0, width
        texts = tab.model.column_texts(0)
        assert texts[7] == "Referred to Public Works Committee"
        for column in (0, 1, 4, 5, 6, 7):  # the short values show whole
            assert metrics.horizontalAdvance(texts[column]) < tab.table.columnWidth(column)
        assert min(tab.table.columnWidth(2), tab.table.columnWidth(3)) > 150


def test_today_items_show_the_petition_and_the_meeting(qtbot, tab, desk, clerk, dialogs) -> None:
    owners = _owners(desk, clerk)
    meeting_id = _meeting(desk, clerk, date(2026, 12, 14))
    _petition(desk, clerk, [owners["Ann Lee"]])
    second = _petition(desk, clerk, [owners["Dale Erickson"]], street="Kinnickinnic St")
    tab.refresh()
    tab.search_field.setText("orange")
    tab.search_field.flush()
    searched(qtbot, tab)
    tab.show_record("petition", str(second))
    assert tab.selected() is not None and tab.selected().id == second  # type: ignore[union-attr]
    assert tab.search_field.text() == ""

    seen: list[int | None] = []

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, MeetingsDialog)
        row = dialog.selected()
        seen.append(row.id if row else None)

    dialogs.append(look)
    tab.show_record("council_meeting", str(meeting_id))
    assert seen == [meeting_id]


def test_the_register_exported_to_excel(
    qtbot, tab, desk, clerk, tmp_path, monkeypatch, child_jobs
) -> None:
    owners = _owners(desk, clerk)
    _petition(desk, clerk, [owners["Ann Lee"], owners["Bo Ng"]])
    target = tmp_path / "petitions"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=20_000) as told:
        tab.export_button.click()
    assert told.args[0] == "1 petition written to petitions.xlsx"
    assert child_jobs == ["ui.petitions.jobs.register_workbook"]
    rows = list(load_workbook(f"{target}.xlsx").active.iter_rows(values_only=True))
    header_at = next(i for i, row in enumerate(rows) if row[0] == "Number")
    header, first = rows[header_at], rows[header_at + 1]
    assert first[0] == "P-2026-001"
    assert first[header.index("Program year")] == 2028


def test_an_operator_who_may_not_act_sees_why_and_the_core_refuses(
    qtbot, desk, clerk, operator_with, monkeypatch, messages
) -> None:
    owners = _owners(desk, clerk)
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]])
    monkeypatch.setitem(
        GRANTS, Role.TREASURER, GRANTS[Role.TREASURER] - {Permission.TAKE_APPLICATIONS}
    )
    treasurer = operator_with(Role.TREASURER)
    widget = PetitionsTab(App(desk, treasurer))
    qtbot.add_widget(widget)
    widget.select_petition(petition_id)
    for button in (
        widget.new_button,
        widget.place_button,
        widget.packet_button,
        widget.edit_button,
    ):
        assert not button.isEnabled()
        assert "you need the role" in button.toolTip() and "Treasurer" in button.toolTip()
    assert widget.open_scan_button.isEnabled() is False  # no scan; looking is still allowed
    assert widget.export_button.isEnabled() and widget.meetings_button.isEnabled()
    with pytest.raises(PermissionDenied, match="you need the role"), desk.action(treasurer) as a:
        petitions.withdraw_petition(a, petition_id, reason="x")


# ---- models and wiring -------------------------------------------------------------------------


def test_every_model_passes_the_model_tester(qtbot, qtmodeltester, tab, desk, clerk) -> None:
    owners = _owners(desk, clerk)
    meeting_id = _meeting(desk, clerk, date(2026, 12, 14))
    petition_id = _petition(desk, clerk, [owners["Ann Lee"]], scans=[("p.pdf", signed_page("x"))])
    with desk.action(clerk) as action:
        petitions.place_on_agenda(action, petition_id, meeting_id)
    tab.refresh()
    tab.select_petition(petition_id)
    dialog = MeetingsDialog(None, App(desk, clerk))
    qtbot.add_widget(dialog)
    editor = PetitionersEditor(App(desk, clerk))
    qtbot.add_widget(editor)
    for model in (
        tab.model,
        tab.signer_model,
        tab.scan_model,
        tab.event_model,
        dialog.model,
        editor.choices,
    ):
        assert model.rowCount() >= 1
        qtmodeltester.check(model)


def test_main_window_builds_the_petitions_tab(qtbot, desk, clerk) -> None:
    from ui.main_window import MainWindow

    window = MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    assert isinstance(window.tab("petitions"), PetitionsTab)
