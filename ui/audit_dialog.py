"""The audit trail browser: who changed what, when, and what it was before.

Only the Administrator reads the trail (:func:`clerk_desk.audit.search` refuses anyone else, and
the refusal is shown as the core words it). Times are shown on City Hall's clock; the export keeps
the stored UTC times, as its header says, and is itself written to the trail once the file is.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date, timedelta

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import audit, child_process
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from ui.kit import export_jobs
from ui.kit import forms as forms
from ui.kit.operations import App, perform, run_in_background
from ui.kit.table_models import RowsModel, TableColumn

SEARCH_LIMIT = 1000


EVENT_COLUMNS = (
    TableColumn("When (City Hall time)", lambda r: r.when),
    TableColumn("Operator", lambda r: r.operator),
    TableColumn("Action", lambda r: r.action),
    TableColumn("Record", lambda r: r.record),
    TableColumn("Summary", lambda r: r.summary, tooltip=lambda r: r.summary),
    TableColumn("Responsible official", lambda r: r.responsible, tooltip=lambda r: r.responsible),
)
CHANGE_COLUMNS = (
    TableColumn("Field", lambda r: r.field),
    TableColumn("Before", lambda r: r.before, tooltip=lambda r: r.before or None),
    TableColumn("After", lambda r: r.after, tooltip=lambda r: r.after or None),
)


class AuditDialog(QDialog):
    """Search the audit trail by words and dates; see one event's changes field by field.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("audit_dialog")
        self.setWindowTitle("Audit trail")
        today = app.desk.clock.today()
        self.search_field = forms.SearchField(
            "Search operator, action, record, summary or official (e.g. “parcel”, “carla”)"
        )
        self.search_field.setObjectName("audit_search")
        self.use_since = QCheckBox("&From")
        self.since = forms.date_edit(today - timedelta(days=30), name="since")
        self.use_until = QCheckBox("&To")
        self.until = forms.date_edit(today, name="until")
        for box, edit in ((self.use_since, self.since), (self.use_until, self.until)):
            edit.setEnabled(False)
            box.toggled.connect(edit.setEnabled)
            box.toggled.connect(lambda _on: self.refresh())
            edit.dateChanged.connect(lambda _d: self.refresh())
        self.model = RowsModel(EVENT_COLUMNS, self)
        self.table = forms.make_table(self.model, name="event_table")
        forms.size_columns(self.table, {0: 19, 1: 12, 2: 20, 3: 16})
        self.change_model = RowsModel(CHANGE_COLUMNS, self)
        self.change_table = forms.make_table(self.change_model, name="change_table")
        forms.size_columns(self.change_table, {0: 18, 1: 30})
        self.change_label = QLabel()
        self.change_label.setObjectName("change_label")
        self.change_label.setWordWrap(True)
        self.count_label = QLabel()
        self.count_label.setObjectName("count_label")
        self.export_button = QPushButton("E&xport to Excel…")
        self.close_button = QPushButton("Close")

        top = QHBoxLayout()
        top.addWidget(self.search_field, 1)
        top.addWidget(self.use_since)
        top.addWidget(self.since)
        top.addWidget(self.use_until)
        top.addWidget(self.until)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.change_label)
        lower_layout.addWidget(self.change_table, 1)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(lower)
        splitter.setSizes([380, 200])
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        bottom.addWidget(self.export_button)
        bottom.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        self.resize(1100, 680)

        self.search_field.search_requested.connect(lambda _t: self.refresh())
        self.search_field.move_down.connect(lambda: self.table.setFocus())
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.export_button.clicked.connect(self.export)
        self.close_button.clicked.connect(self.accept)
        self.refresh()

    def criteria(self) -> tuple[str, date | None, date | None]:
        since = forms.to_date(self.since) if self.use_since.isChecked() else None
        until = forms.to_date(self.until) if self.use_until.isChecked() else None
        return self.search_field.text(), since, until

    def refresh(self) -> None:
        text, since, until = self.criteria()

        def load(action: Action) -> list[audit.EventRow]:
            return audit.event_rows(action, text, since=since, until=until, limit=SEARCH_LIMIT)

        rows = perform(self, self.app, load, writes=False)
        self.model.set_rows(rows or [])
        count = len(rows or [])
        self.count_label.setText(
            f"Newest {count:,} events shown — narrow the search to see older ones"
            if count >= SEARCH_LIMIT
            else f"{count:,} event{'s' if count != 1 else ''}"
        )
        forms.select_row(self.table, 0)
        self._show_changes()

    def _selection_changed(self, _s: QItemSelection, _d: QItemSelection) -> None:
        self._show_changes()

    def _show_changes(self) -> None:
        row = forms.selected_row(self.table)
        if not isinstance(row, audit.EventRow):
            self.change_label.setText("")
            self.change_model.set_rows([])
            return
        rows = audit.changes(row)
        self.change_model.set_rows(rows)
        self.change_label.setText(
            f"<b>{html.escape(row.summary)}</b> — {row.when}, {html.escape(row.operator)}"
            + (f"<br>Responsible: {html.escape(row.responsible)}" if row.responsible else "")
            + ("" if rows else "<br><i>No field values were recorded for this event.</i>")
        )

    def export(self) -> None:
        """Export every event matching the search (not only the newest shown) to Excel."""
        path = forms.ask_save_path(
            self,
            "Export the audit trail",
            f"audit-trail-{self.app.desk.clock.today().isoformat()}.xlsx",
            "Excel workbook (*.xlsx)",
        )
        if not path:
            return
        if not path.lower().endswith(".xlsx"):
            path += ".xlsx"
        text, since, until = self.criteria()
        app = self.app
        station = Station.of(app.desk, app.operator)

        def work(progress: Callable[[int], bool]) -> int:
            # Written in a process of its own: openpyxl's writer would hold the window's.
            count = child_process.run(
                export_jobs.audit_workbook,
                station,
                path,
                text=text,
                since=since,
                until=until,
                progress=progress,
            )
            # Only a file actually written is recorded: a failed or cancelled export raised above.
            with app.desk.action(app.operator) as action:
                audit.record_export(action, count, path)
            return count

        def done(count: int) -> None:
            self.last_export = (path, count)
            self.count_label.setText(f"{count:,} events exported to {path}")

        run_in_background(self, work, title="Exporting the audit trail…", on_done=done)


def show_audit_trail(parent: QWidget | None, app: App) -> None:
    """Browse the audit trail (the core refuses, with its reason, anyone but the Administrator)."""
    from clerk_desk.desk_acts import DeskAct, desk_acts
    from clerk_desk.errors import PermissionDenied
    from ui.kit.operations import core_refusal, show_error

    if why := core_refusal(parent, app, lambda a: desk_acts(a)[DeskAct.AUDIT_TRAIL]):
        show_error(parent, PermissionDenied(why))
        return
    forms.run_modal(AuditDialog(parent, app))
