"""Street Numbers tab: importing an address list, driven through its report dialog, checked
in the database.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Every modal dialog goes through
the ``dialogs`` queue and every message box through ``messages``; the file dialogs are replaced
hooks. The rest of the tab's window tests are in ``tests/test_ui_street_numbers.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from openpyxl import load_workbook
from PySide6.QtWidgets import QDialog
from ui_street_numbers_steps import _count_addresses, _neighbours  # type: ignore[import-not-found]
from ui_street_numbers_steps import tab as tab

from ui.kit import forms as forms
from ui.kit.operations import App
from ui.street_numbers.import_dialog import ImportReportDialog

pytestmark = pytest.mark.gui


# ---- importing an address list -------------------------------------------------------------------

BAD_LIST = """Number,Street,Parcel,Owner,Side,Position
121,Broad St N,281-03001-0000,Greta Hanson,E,200
122,Broad St N,281-03002-0000,Greta Hanson,E,210
111,Broad Street North,281-03003-0000,,,140
7,Elm St,281-03004-0000,,,
300,Broad St N,,,,
"""
GOOD_LIST = """Number,Street,Parcel,Owner,Side,Position
121,Broad St N,281-03001-0000,Greta Hanson,E,200
122,Broad St N,281-03002-0000,Greta Hanson,W,210
131,Broad Street North,281-03003-0000,,,240
"""


def test_an_import_with_errors_imports_nothing_and_the_corrected_file_imports(
    qtbot, tab, desk, inspector, dialogs, messages, tmp_path, monkeypatch, child_jobs
) -> None:
    _neighbours(desk, inspector)
    source = tmp_path / "addresses.csv"
    source.write_text(BAD_LIST, encoding="utf-8")
    problems_file = tmp_path / "problems"
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(source))
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(problems_file))
    seen: dict[str, Any] = {}

    def report(dialog: QDialog) -> None:
        assert isinstance(dialog, ImportReportDialog)
        summary = dialog.summary.text()
        assert "5 lines of addresses read" in summary
        assert "4 errors" in summary and "nothing will be imported" in summary
        lines = [dialog.model.column_texts(i) for i in range(dialog.model.rowCount())]
        assert [line[:3] for line in lines] == [
            ["3", "Error", "Side"],
            ["4", "Error", "Number"],
            ["5", "Error", "Street"],
            ["6", "Error", "Parcel"],
        ]
        assert "122 is even" in lines[0][3]
        assert "111 Broad St N is already in the register" in lines[1][3]
        assert "“Elm St” is not a street" in lines[2][3]
        assert not dialog.import_button.isEnabled()
        assert "Correct every error" in dialog.import_button.toolTip()
        dialog.save_problems_button.click()
        assert _count_addresses(desk) == 2  # nothing imported
        # The clerk corrects the file in Excel and checks it again.
        source.write_text(GOOD_LIST, encoding="utf-8")
        dialog.again_button.click()
        qtbot.waitUntil(lambda: dialog.report.ok, timeout=30_000)
        summary = dialog.summary.text()
        assert "No errors" in summary and "3 addresses ready to import" in summary
        assert "3 parcels, 1 owner (added as a person)" in summary
        assert dialog.import_button.isEnabled()
        assert dialog.import_button.text() == "&Import 3 addresses"
        dialog.import_button.click()
        # Written in a process of its own: the report waits for it, and nothing else starts.
        assert not dialog.close_button.isEnabled() and not dialog.import_button.isEnabled()
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=30_000)
        seen["closed"] = True

    dialogs.append(report)
    with qtbot.wait_signal(tab.status, timeout=90_000) as status:  # three processes started
        tab.addresses.import_button.click()
    assert seen == {"closed": True}
    assert messages == []
    # Read, checked (twice) and written in processes of their own: the window never held them.
    jobs = "ui.street_numbers.jobs"
    assert child_jobs == [f"{jobs}.check_list", f"{jobs}.check_list", f"{jobs}.import_list"]
    assert "3 addresses imported from addresses.csv" in status.args[0]
    assert "3 new parcels, 1 new owners" in status.args[0]
    assert _count_addresses(desk) == 5
    assert tab.addresses.model.row_of(lambda r: r.text == "131 Broad St N") >= 0

    rows = [
        [c.value for c in row] for row in load_workbook(f"{problems_file}.xlsx").active.iter_rows()
    ]
    flat = [str(value) for row in rows for value in row if value is not None]
    assert any("122 is even" in value for value in flat)
    assert any("not a street" in value for value in flat)


def test_import_waits_while_the_file_is_checked_again_and_after_a_check_cancelled(
    qtbot, desk, inspector, dialogs, messages, tmp_path, monkeypatch
) -> None:
    """Found in review: while the corrected file was checked again, and after that check was
    cancelled, Import still offered the lines read before, which may no longer be the file's."""
    import threading

    from clerk_desk.street_numbers.importing import check_import
    from reports.excel import ReadCancelled, read_table
    from ui.street_numbers import import_dialog

    _neighbours(desk, inspector)
    source = tmp_path / "addresses.csv"
    source.write_text(GOOD_LIST, encoding="utf-8")
    rows = read_table(str(source), lambda _done: True)
    with desk.lookup(inspector) as action:
        report = check_import(action, rows, lambda _done: True)
    dialog = ImportReportDialog(None, App(desk, inspector), str(source), rows, report)
    qtbot.add_widget(dialog)
    assert dialog.import_button.isEnabled()  # the lines read are the file's

    let_go = threading.Event()

    def cancelled(_app: Any, _path: str, _progress: Any) -> Any:
        assert let_go.wait(30)
        raise ReadCancelled("The file was not read: you cancelled.")

    monkeypatch.setattr(import_dialog, "read_and_check", cancelled)
    source.write_text(BAD_LIST, encoding="utf-8")  # changed since it was read
    dialog.again_button.click()
    assert not dialog.import_button.isEnabled()
    assert not dialog.again_button.isEnabled()
    assert dialog.status.text() == "Checking the file again…"
    let_go.set()
    qtbot.waitUntil(dialog.again_button.isEnabled, timeout=30_000)
    assert not dialog.import_button.isEnabled()
    assert dialog.status.text().startswith("The file was not checked again")
    assert "Check the file again before importing" in dialog.import_button.toolTip()
    assert messages == ["The file was not read: you cancelled."]
