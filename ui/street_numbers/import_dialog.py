"""The report on an address list before it is imported: errors and warnings line by line."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process
from clerk_desk.child_process import Station
from clerk_desk.kinds import PartyKind
from clerk_desk.street_numbers.acts import RegisterAct
from clerk_desk.street_numbers.importing import ImportProblem, ImportReport
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.background import while_painting
from ui.kit.operations import App, run_in_background
from ui.kit.register_page import EXPORT_FILTER
from ui.kit.style import (
    BAD,
    BAD_BACKGROUND,
    GOOD,
    LATE,
    LATE_BACKGROUND,
    text_sheet,
)
from ui.kit.table_models import RIGHT, RowsModel, TableColumn
from ui.street_numbers import jobs
from ui.street_numbers.parts import (
    register_refusal,
)

TABLE_FILTER = "Address lists (*.xlsx *.xlsm *.csv);;All files (*)"


PROBLEM_COLOURS = {"error": BAD_BACKGROUND, "warning": LATE_BACKGROUND}


def read_and_check(
    app: App, path: str, progress: Callable[[int], bool]
) -> tuple[list[Any], ImportReport]:
    """Read the file and report on it, writing nothing, in a process of its own (from the
    window's worker thread): a 20,000-line workbook read on a thread held the interpreter."""
    station = Station.of(app.desk, app.operator)
    return child_process.run(jobs.check_list, station, path, progress=progress)


def _count(number: int, one: str, many: str | None = None) -> str:
    return f"{number:,} {one if number == 1 else (many or one + 's')}"


_KIND_WORDS = {
    PartyKind.PERSON: ("person", "people"),
    PartyKind.BUSINESS: ("business", "businesses"),
    PartyKind.ORGANIZATION: ("organization", "organizations"),
    PartyKind.GOVERNMENT: ("government body", "government bodies"),
    PartyKind.UTILITY: ("public utility", "public utilities"),
}


def owner_kinds(kinds: dict[PartyKind, int]) -> str:
    """ " (added as people)" or " (2 people, 1 business)": what the new owners are added as."""
    if not kinds:
        return ""
    if list(kinds) == [PartyKind.PERSON]:
        return " (added as people)" if kinds[PartyKind.PERSON] > 1 else " (added as a person)"
    parts = [_count(n, *_KIND_WORDS[kind]) for kind, n in kinds.items() if n]
    return f" ({', '.join(parts)})"


class ImportReportDialog(QDialog):
    """What an address list would do, found before anything is written: the errors and warnings
    line by line, and Import only when there is no error. Check again re-reads the file once the
    clerk has corrected it.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        path: str,
        rows: list[Any],
        report: ImportReport,
    ) -> None:
        super().__init__(parent)
        self.app = app
        self.path = path
        self.rows = rows
        self.report = report
        self.imported: ImportReport | None = None
        self.importing = False
        self.setObjectName("import_report_dialog")
        self.setWindowTitle(f"Import addresses — {Path(path).name}")
        self.summary = QLabel()
        self.summary.setObjectName("import_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.status = QLabel()  # says when the report is not the file as it is now
        self.status.setObjectName("check_status")
        self.status.setWordWrap(True)
        self.status.setStyleSheet(text_sheet(LATE))
        self.status.setVisible(False)
        self.model = RowsModel(
            (
                TableColumn("Line", lambda p: str(p.line), align=RIGHT),
                TableColumn(
                    "Level",
                    lambda p: p.level.capitalize(),
                    colour=lambda p: PROBLEM_COLOURS.get(p.level),
                ),
                TableColumn("Column", lambda p: p.column),
                TableColumn("Problem", lambda p: p.text, tooltip=lambda p: p.text),
            ),
            self,
        )
        self.table = forms.make_table(self.model, name="problems_table")
        forms.size_columns(self.table, {0: 5, 1: 8, 2: 9})
        self.table.setMinimumHeight(self.table.verticalHeader().defaultSectionSize() * 10 + 4)
        self.save_problems_button = QPushButton("Save problems to &Excel…")
        self.save_problems_button.setObjectName("save_problems_button")
        self.again_button = QPushButton("&Check the file again")
        self.again_button.setObjectName("check_again_button")
        self.again_button.setToolTip("Read the file again after correcting it")
        self.import_button = QPushButton("&Import")
        self.import_button.setObjectName("import_button")
        self.close_button = QPushButton("Close")
        self.close_button.setObjectName("close_button")
        buttons = QHBoxLayout()
        buttons.addWidget(self.save_problems_button)
        buttons.addWidget(self.again_button)
        buttons.addStretch(1)
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        for button in (self.save_problems_button, self.again_button, self.close_button):
            button.setAutoDefault(False)
        self.save_problems_button.clicked.connect(self.save_problems)
        self.again_button.clicked.connect(self.check_again)
        self.import_button.clicked.connect(self.do_import)
        self.close_button.clicked.connect(self.reject)
        self.denied = register_refusal(parent, app, RegisterAct.IMPORT)
        self.resize(980, 560)
        self.show_report()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, path: str, rows: list[Any], report: ImportReport
    ) -> ImportReport | None:
        """Show the report; what was imported, or None if nothing was."""
        dialog = cls(parent, app, path, rows, report)
        forms.run_modal(dialog)
        return dialog.imported

    def show_report(self) -> None:
        report = self.report
        self.status.setVisible(False)
        self.model.set_rows(report.problems)
        errors, warnings = len(report.errors), len(report.warnings)
        e = html.escape
        lines = [
            f"<b>{e(Path(self.path).name)}</b>: {_count(report.lines, 'line')} of addresses read."
        ]
        if errors:
            failed = len({p.line for p in report.errors})
            lines.append(
                f"<span style='color:{BAD}'><b>{_count(errors, 'error')}</b> on "
                f"{_count(failed, 'line')}: nothing will be imported until every error is "
                "corrected in the file.</span> Correct the file, save it, and press Check the "
                "file again."
            )
        else:
            lines.append(
                f"<span style='color:{GOOD}'><b>No errors.</b></span> "
                f"{_count(len(report.rows), 'address', 'addresses')} ready to import."
            )
        if warnings:
            lines.append(
                f"<span style='color:{LATE}'><b>{_count(warnings, 'warning')}</b></span> "
                "to read: the lines import as they are."
            )
        lines.append(
            f"New to the register: {_count(report.new_parcels, 'parcel')}, "
            f"{_count(report.new_owners, 'owner')}{owner_kinds(report.new_owner_kinds)}."
        )
        self.summary.setText("<br>".join(lines))
        ready = report.ok and bool(report.rows)
        self.import_button.setText(
            f"&Import {_count(len(report.rows), 'address', 'addresses')}" if ready else "&Import"
        )
        self.import_button.setEnabled(ready and not self.denied)
        self.import_button.setDefault(ready and not self.denied)
        self.import_button.setToolTip(
            self.denied
            or ("" if ready else "Correct every error in the file first: nothing wrong is imported")
        )
        self.save_problems_button.setEnabled(bool(report.problems))

    def save_problems(self) -> None:
        """Write the problems to a workbook the clerk can sort and work through."""
        from reports.street_numbers import import_problems_excel

        stem = Path(self.path).stem
        target = forms.ask_save_path(
            self, "Save the problems", f"{stem}-problems.xlsx", EXPORT_FILTER
        )
        if not target:
            return
        if not target.lower().endswith(".xlsx"):
            target += ".xlsx"
        problems: list[ImportProblem] = list(self.report.problems)
        source = Path(self.path).name
        written = operations.attempt(
            self,
            lambda: while_painting(lambda: import_problems_excel(target, problems, source=source)),
        )
        if written is not None:
            self.summary.setText(
                self.summary.text() + f"<br>{_count(written, 'problem')} saved to "
                f"{html.escape(Path(target).name)}."
            )

    def check_again(self) -> None:
        """Read and check the file again (the clerk corrected it), in a process of its own.
        From the moment it starts, the lines read before may no longer be the file's: Import
        waits for this check, and a check cancelled or failed leaves it waiting."""
        app, path = self.app, self.path
        self.again_button.setEnabled(False)
        self._not_current("Checking the file again…")

        def done(result: tuple[list[Any], ImportReport]) -> None:
            self.again_button.setEnabled(True)
            self.rows, self.report = result
            self.show_report()

        def not_checked(_error: object) -> None:  # said by run_in_background
            self.again_button.setEnabled(True)
            self._not_current(
                "The file was not checked again: the lines below may no longer be the file's. "
                "Press Check the file again before importing."
            )

        job = run_in_background(
            self,
            lambda progress: read_and_check(app, path, progress),
            title="Checking the file…",
            on_done=done,
        )
        job.signals.failed.connect(not_checked)

    def _not_current(self, why: str) -> None:
        """What was read before is not the file as it is now: said, and nothing imported."""
        self.import_button.setEnabled(False)
        self.import_button.setDefault(False)
        self.import_button.setToolTip(why)
        self.status.setText(why)
        self.status.setVisible(True)

    def do_import(self) -> None:
        """Write the file on a worker thread (20,000 lines take a while), behind a progress
        dialog whose Cancel stops it with nothing written; the report closes when it is done."""
        if not (self.report.ok and self.report.rows) or self.denied:
            return
        station, rows = Station.of(self.app.desk, self.app.operator), self.rows
        source = Path(self.path).name

        def work(progress: Callable[[int], bool]) -> ImportReport:
            return child_process.run(
                jobs.import_list, station, rows, source=source, progress=progress
            )

        def done(imported: ImportReport) -> None:
            self._set_importing(False)
            self.imported = imported
            self.accept()

        self._set_importing(True)
        job = run_in_background(
            self,
            work,
            title=f"Importing {_count(len(self.report.rows), 'address', 'addresses')}…",
            total=len(self.report.rows),
            on_done=done,
            key=f"import addresses from {self.path}",
        )
        job.signals.failed.connect(lambda _error: self._set_importing(False))

    def _set_importing(self, on: bool) -> None:
        """While the file is written the report stays open (it receives the result) and
        nothing else may be started from it."""
        self.importing = on
        for button in (self.again_button, self.close_button, self.save_problems_button):
            button.setEnabled(not on)
        if on:
            self.import_button.setEnabled(False)
        else:
            self.show_report()

    def reject(self) -> None:
        if not self.importing:  # Escape while the file is written: it goes on, and reports
            super().reject()
