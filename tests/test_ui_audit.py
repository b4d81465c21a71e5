"""The audit trail browser: search, before → after, export."""

from __future__ import annotations

import pytest
from openpyxl import load_workbook
from PySide6.QtWidgets import QDialog
from sqlalchemy import select

from clerk_desk import audit, parties
from clerk_desk.kinds import PartyKind, Role
from clerk_desk.models import AuditEvent
from clerk_desk.parties import PartyData
from ui import audit_dialog
from ui.audit_dialog import AuditDialog, show_audit_trail
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App

pytestmark = pytest.mark.gui


@pytest.fixture
def changed_party(desk, operator_with) -> int:
    clerk = operator_with(Role.CLERK)
    with desk.action(clerk) as action:
        party = parties.add_party(action, PartyData(PartyKind.BUSINESS, "Old Mill Antiques"))
    with desk.action(clerk) as action:
        parties.update_party(
            action, party.id, PartyData(PartyKind.BUSINESS, "Old Mill Antiques", phone="555-0101")
        )
    return party.id


def test_lists_events_and_shows_before_after(qtbot, desk, admin, changed_party) -> None:
    dialog = AuditDialog(None, App(desk, admin))
    qtbot.add_widget(dialog)
    assert dialog.model.rowCount() >= 3  # sign-ups, the party added, the party changed
    qtbot.keyClicks(dialog.search_field, "party.update")
    qtbot.waitUntil(lambda: dialog.model.rowCount() == 1)
    row = dialog.model.row(0)
    assert row.record == "Old Mill Antiques" and row.when.startswith("11/30/2026")
    assert [(c.field, c.before, c.after) for c in dialog.change_model.rows] == [
        ("phone", "", "555-0101")
    ]
    assert "Old Mill Antiques changed" in dialog.change_label.text()


def test_export_writes_the_events_and_is_audited(
    qtbot, desk, admin, changed_party, tmp_path, monkeypatch, child_jobs
) -> None:
    target = tmp_path / "audit.xlsx"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    dialog = AuditDialog(None, App(desk, admin))
    qtbot.add_widget(dialog)
    dialog.search_field.setText("party")
    dialog.search_field.flush()
    dialog.export()
    qtbot.waitUntil(lambda: hasattr(dialog, "last_export"), timeout=20_000)
    assert child_jobs == ["ui.kit.export_jobs.audit_workbook"]  # written in a process of its own
    rows = list(load_workbook(target).active.iter_rows(values_only=True))
    assert rows[0] == audit.EXPORT_COLUMNS
    assert sorted(r[2] for r in rows[1:]) == ["party.create", "party.update"]
    with desk.database.reading() as session:
        assert session.scalars(select(AuditEvent).where(AuditEvent.action == "audit.export")).one()


def test_only_the_administrator_reads_the_trail(qtbot, desk, operator_with, monkeypatch) -> None:
    seen: list[str] = []
    monkeypatch.setattr(operations, "ask_message", lambda box: seen.append(box.text()) or 0)
    opened: list[QDialog] = []
    monkeypatch.setattr(forms, "run_modal", lambda dialog: opened.append(dialog) or 0)
    show_audit_trail(None, App(desk, operator_with(Role.CLERK)))
    assert opened == [] and "read the audit trail" in seen[0] and "Clerk" in seen[0]


def test_show_audit_trail_opens_for_the_administrator(qtbot, desk, admin, monkeypatch) -> None:
    opened: list[QDialog] = []

    def run(dialog: QDialog) -> int:
        qtbot.add_widget(dialog)
        opened.append(dialog)
        return 0

    monkeypatch.setattr(forms, "run_modal", run)
    show_audit_trail(None, App(desk, admin))
    assert isinstance(opened[0], audit_dialog.AuditDialog)


def test_models_pass_the_model_tester(qtbot, qtmodeltester, desk, admin, changed_party) -> None:
    dialog = AuditDialog(None, App(desk, admin))
    qtbot.add_widget(dialog)
    qtmodeltester.check(dialog.model)
    dialog.search_field.setText("party.update")
    dialog.search_field.flush()
    qtmodeltester.check(dialog.change_model)


def _exports(desk) -> list[AuditEvent]:
    with desk.database.reading() as session:
        return list(session.scalars(select(AuditEvent).where(AuditEvent.action == "audit.export")))


def test_export_names_the_file_in_the_trail(
    qtbot, desk, admin, changed_party, tmp_path, monkeypatch
) -> None:
    target = tmp_path / "audit.xlsx"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    dialog = AuditDialog(None, App(desk, admin))
    qtbot.add_widget(dialog)
    dialog.search_field.setText("party.update")
    dialog.search_field.flush()
    dialog.export()
    qtbot.waitUntil(lambda: hasattr(dialog, "last_export"), timeout=10_000)
    (event,) = _exports(desk)
    assert event.summary == f"1 audit event exported to {target}"


@pytest.mark.parametrize("failure", ["disk", "cancelled"])
def test_a_failed_or_cancelled_export_is_not_in_the_trail(
    qtbot, desk, admin, changed_party, tmp_path, monkeypatch, failure, child_jobs
) -> None:
    from clerk_desk import child_process
    from reports.excel import ExportCancelled

    seen: list[str] = []
    monkeypatch.setattr(operations, "ask_message", lambda box: seen.append(box.text()) or 0)
    if failure == "disk":  # the folder chosen is gone by the time the workbook is written
        target = tmp_path / "gone" / "audit.xlsx"
    else:  # Cancel pressed: the child stops at its next report with this error (how a child
        # stops is tests/test_child_process.py's; a two-event export may end before a report)
        target = tmp_path / "audit.xlsx"

        def cancelled(function: object, *args: object, progress: object, **kw: object) -> int:
            child_jobs.append(f"{function.__module__}.{function.__qualname__}")  # type: ignore[attr-defined]
            raise ExportCancelled(0)

        monkeypatch.setattr(child_process, "run", cancelled)
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    dialog = AuditDialog(None, App(desk, admin))
    qtbot.add_widget(dialog)
    dialog.export()
    qtbot.waitUntil(lambda: bool(seen), timeout=30_000)  # the failure reached the person
    assert not hasattr(dialog, "last_export")
    assert not target.exists()
    assert _exports(desk) == []
    assert child_jobs == ["ui.kit.export_jobs.audit_workbook"]
