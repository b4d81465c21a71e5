"""The City Treasurer's certify-to-tax-roll runs: prepare one as of a day, review its list, certify
it once, set a draft aside, print it and export it for the county."""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process, words
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.errors import Conflict
from clerk_desk.kinds import RunStatus
from clerk_desk.special_charges import acts as charge_acts
from clerk_desk.special_charges import details as charge_details_views
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges.acts import RunAct
from clerk_desk.special_charges.details import (
    run_list,
)
from clerk_desk.special_charges.views import RunView
from clerk_desk.words import format_day, plural
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit import printing as printing
from ui.kit.dialog_parts import refit
from ui.kit.operations import App, FieldErrors, draw_paper, perform
from ui.kit.register_page import (
    MUTED,
    Progress,
    act_button,
    export_workbook,
    show_acts,
)
from ui.kit.style import BAD, SECONDARY
from ui.kit.table_models import RowsModel
from ui.special_charges import jobs
from ui.special_charges.charges_page import (
    _ask,
    _question,
    stretch_column,
)
from ui.special_charges.common import (
    ENTRY_COLUMNS,
    RUN_COLUMNS,
    RUN_STATUS,
    SECTION_COLUMNS,
)
from ui.special_charges.dialogs import discard_run

RUN_RECORD_TYPE = "tax_roll_run"


def run_html(run: RunView) -> str:
    """The run shown: its number and status, its day, who prepared and certified it."""
    e = html.escape
    status = RUN_STATUS[run.status]
    parts = [f"<b>Run {e(run.number)}</b> — {e(status)}, as of {e(format_day(run.as_of))}"]
    counted = (
        f"{plural(len(run.entries), 'charge')} on {plural(run.parcels, 'parcel')}, "
        f"<b>{run.total}</b>"
    )
    parts.append(counted)
    prepared = (
        f"prepared by {e(run.prepared_by)} "
        f"{e(words.local_time(run.prepared_at, run.prepared_at.tzinfo))}"
    )
    if run.status is RunStatus.CERTIFIED and run.certified_at is not None:
        prepared += (
            f"; certified by {e(run.certified_by)} "
            f"{e(words.local_time(run.certified_at, run.certified_at.tzinfo))}"
        )
    parts.append(prepared)
    text = " · ".join(parts)
    if run.owners_missing:
        text += (
            f"<br><b style='color:{BAD}'>{e(tax_roll.OWNER_NOT_ON_FILE)}</b> for parcel "
            f"{e(', '.join(run.owners_missing))}: record the owner under People &amp; Parcels, "
            "then prepare the run again"
        )
    if run.note:
        text += f"<br><span style='color:{SECONDARY}'>{e(run.note)}</span>"
    return text


class TaxRollPage(QWidget):
    """The City Treasurer's "certify to tax roll" runs.

    Signals: ``status(str)``; ``changed()`` after a run was prepared, certified or set aside
    (certified charges change in the register).
    """

    status = Signal(str)
    changed = Signal()

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("tax_roll_page")
        self.loaded = False
        self.acts: dict[RunAct, str | None] | None = None  # the chosen run's, from the core
        self.errors = FieldErrors()
        self._build()
        self._connect()
        self._show_run()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.loaded:
            self.refresh()

    def _build(self) -> None:
        top = self._build_prepare()
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self._build_run())
        splitter.addWidget(self._build_runs())
        splitter.setSizes([600, 180])
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.as_of_error)
        layout.addWidget(splitter, 1)
        self._may_not_prepare = operations.core_refusal(
            self,
            self.app,
            lambda a: charge_acts.register_acts(a)[charge_acts.RegisterAct.PREPARE_RUN],
        )
        if why := self._may_not_prepare:
            self.prepare_button.setEnabled(False)
            self.prepare_button.setToolTip(why)

    def _build_prepare(self) -> QHBoxLayout:
        """The day of the run and Prepare run, with a note of what a run is."""
        self.as_of = forms.date_edit(self.app.desk.clock.today(), name="as_of")
        self.prepare_button = act_button(
            "&Prepare run",
            "prepare_button",
            "List every charge past its tax-roll day and unpaid as of the day chosen, to review "
            "(an earlier draft is set aside); a day still to come gives a preview, never "
            "certified",
        )
        as_of_label = QLabel("Tax roll &as of")
        as_of_label.setBuddy(self.as_of)
        self.as_of_error = forms.error_label()
        self.errors.add("as_of", self.as_of_error, self.as_of)
        note = QLabel(
            "A run lists every charge past its tax-roll day and still owed on the day chosen. "
            "Review it, then certify it once: its charges are locked, stamped with the run, and "
            "collected with the property taxes from then on. A day still to come gives a "
            "preview, which is never certified."
        )
        note.setWordWrap(True)
        note.setStyleSheet(MUTED)
        top = QHBoxLayout()
        top.addWidget(as_of_label)
        top.addWidget(self.as_of)
        top.addWidget(self.prepare_button)
        top.addSpacing(12)
        top.addWidget(note, 1)
        return top

    def _build_run(self) -> QWidget:
        """The chosen run: its heading, its list, the totals by section and its acts."""
        self.heading = forms.rich_label("run_heading")
        self.entry_model = RowsModel(ENTRY_COLUMNS, self)
        self.entry_table = forms.make_table(self.entry_model, name="entries_table")
        forms.size_columns(self.entry_table, {0: 16, 1: 26, 2: 60, 3: 30, 4: 12})
        stretch_column(self.entry_table, 2)
        self.section_model = RowsModel(SECTION_COLUMNS, self)
        self.section_table = forms.make_table(self.section_model, name="sections_table")
        forms.size_columns(self.section_table, {0: 60, 1: 8, 2: 12})
        stretch_column(self.section_table, 0)
        rows = self.section_table.verticalHeader().defaultSectionSize()
        self.section_table.setFixedHeight(
            rows * 4 + self.section_table.horizontalHeader().sizeHint().height() + 4
        )
        self.grand_total = QLabel()
        self.grand_total.setObjectName("grand_total")
        self.grand_total.setTextFormat(Qt.TextFormat.RichText)
        buttons = self._build_run_acts()
        totals = QVBoxLayout()
        totals_label = QLabel("Totals by section")
        totals_label.setStyleSheet(MUTED)
        totals.addWidget(totals_label)
        totals.addWidget(self.section_table)
        totals.addWidget(self.grand_total)
        lower = QHBoxLayout()
        lower.addLayout(totals, 1)
        lower.addSpacing(12)
        lower.addLayout(buttons)
        run_box = QWidget()
        run_layout = QVBoxLayout(run_box)
        run_layout.setContentsMargins(0, 0, 0, 0)
        run_layout.addWidget(self.heading)
        run_layout.addWidget(self.entry_table, 1)
        run_layout.addLayout(lower)
        return run_box

    def _build_run_acts(self) -> QGridLayout:
        """The buttons of the acts on the chosen run."""
        self.certify_button = act_button(
            "&Certify…",
            "certify_button",
            "Certify the run to the tax roll: its charges are locked and stamped with it",
        )
        self.discard_button = act_button(
            "&Set aside…", "discard_button", "Set the draft aside, with the reason"
        )
        self.print_button = act_button(
            "P&rint run", "print_run_button", "Preview and print the run with its totals"
        )
        self.export_button = act_button(
            "E&xport for the county…",
            "export_run_button",
            "The run in the layout the county's tax-roll clerk reads: one row per parcel and "
            "charge",
        )
        self.run_buttons = {
            RunAct.CERTIFY: self.certify_button,
            RunAct.DISCARD: self.discard_button,
            RunAct.PRINT: self.print_button,
            RunAct.EXPORT: self.export_button,
        }
        buttons = QGridLayout()
        buttons.setHorizontalSpacing(6)
        buttons.setVerticalSpacing(4)
        buttons.addWidget(self.certify_button, 0, 0)
        buttons.addWidget(self.discard_button, 0, 1)
        buttons.addWidget(self.print_button, 1, 0)
        buttons.addWidget(self.export_button, 1, 1)
        buttons.setRowStretch(2, 1)
        return buttons

    def _build_runs(self) -> QWidget:
        """The runs prepared, newest first."""
        self.run_model = RowsModel(RUN_COLUMNS, self)
        self.run_model.set_dimmed(lambda r: r.status is RunStatus.DISCARDED)
        self.run_table = forms.make_table(self.run_model, name="runs_table")
        forms.size_columns(self.run_table, {0: 12, 1: 10, 2: 10, 3: 8, 4: 12, 5: 24})
        runs_box = QWidget()
        runs_layout = QVBoxLayout(runs_box)
        runs_layout.setContentsMargins(0, 0, 0, 0)
        runs_label = QLabel("Runs prepared (choose one to show it)")
        runs_label.setStyleSheet(MUTED)
        runs_layout.addWidget(runs_label)
        runs_layout.addWidget(self.run_table, 1)
        return runs_box

    def _connect(self) -> None:
        self.prepare_button.clicked.connect(self.prepare)
        self.certify_button.clicked.connect(self.certify_selected)
        self.discard_button.clicked.connect(self.discard_selected)
        self.print_button.clicked.connect(self.print_selected)
        self.export_button.clicked.connect(self.export_selected)
        self.run_table.selectionModel().selectionChanged.connect(lambda *_: self._show_run())

    def selected(self) -> RunView | None:
        row = forms.selected_row(self.run_table)
        return row if isinstance(row, RunView) else None

    def refresh(self, select_id: int | None = None) -> None:
        current = self.selected()
        wanted = select_id if select_id is not None else (current.run_id if current else None)
        found = perform(self, self.app, run_list, writes=False)
        if found is None:
            return
        self.loaded = True
        self.run_model.set_rows(found)
        number = self.run_model.row_of(lambda r: r.run_id == wanted) if wanted else -1
        forms.select_row(self.run_table, max(number, 0))
        self._show_run()

    def select_run(self, run_id: int) -> None:
        self.refresh(run_id)

    def _show_run(self) -> None:
        run = self.selected()
        if run is None:
            self.heading.setText(
                "<i>No run prepared yet: choose the day and press Prepare run.</i>"
                if not self.run_model.rowCount()
                else "<i>No run chosen.</i>"
            )
            self.entry_model.set_rows([])
            self.section_model.set_rows([])
            self.grand_total.setText("")
        else:
            self.heading.setText(run_html(run))
            self.entry_model.set_rows(list(run.entries))
            self.section_model.set_rows(run.totals_by_section())
            self.grand_total.setText(
                f"Grand total: {plural(len(run.entries), 'charge')} on "
                f"{plural(run.parcels, 'parcel')}, <b>{run.total}</b>"
            )
        refit(self.heading)  # a note or a warning under the heading takes more lines
        self.acts = None
        if run is not None:
            run_id = run.run_id
            self.acts = perform(
                self, self.app, lambda a: charge_details_views.run_acts(a, run_id), writes=False
            )
        show_acts(self.run_buttons, self.acts, "Choose a run")

    def _allowed(self, act: RunAct) -> RunView | None:
        """The run chosen, when the core allows ``act`` on it now (its button is on)."""
        run = self.selected()
        return run if run is not None and self.acts is not None and self.acts[act] is None else None

    # ---- acts ----------------------------------------------------------------------------------

    def prepare(self, as_of: date | None = None) -> None:
        """Prepare a run as of the day chosen (the Treasurer's act; the core checks)."""
        day = as_of or forms.to_date(self.as_of)

        def work(action: Action) -> tuple[int, str, int]:
            run = charge_details_views.run_details(action, tax_roll.prepare_run(action, day))
            return run.run_id, run.number, len(run.entries)

        done = perform(self, self.app, work, errors=self.errors)
        if done is None:
            return
        run_id, number, count = done
        self.changed.emit()
        self.refresh(run_id)
        if day > self.app.desk.clock.today():
            self.status.emit(
                f"Preview {number} as of {format_day(day)}: {plural(count, 'charge')} as things "
                "stand; a preview is never certified."
            )
        else:
            self.status.emit(
                f"Run {number} prepared as of {format_day(day)}: {plural(count, 'charge')} to "
                "review, then certify."
            )

    def certify_selected(self) -> None:
        """Check the run as it stands (the core's reasons: asked anyway, the clerk is told
        why not), then, asked, certify it."""
        run = self.selected()
        if run is None:
            return
        run_id = run.run_id
        problem = perform(
            self,
            self.app,
            lambda a: charge_details_views.certify_problem(a, run_id),
            writes=False,
        )
        if problem is None:
            return
        if problem:
            self._not_certified(run_id, problem)
            return
        box = _question(
            self,
            "Certify to the tax roll",
            f"Certify run {run.number} to the tax roll: {plural(len(run.entries), 'charge')} on "
            f"{plural(run.parcels, 'parcel')}, totaling {run.total}?",
            "The charges are locked and stamped with the run; from then on they are collected "
            "with the property taxes, not at the counter. A run is certified once.",
            "certify_box",
        )
        if not _ask(box):
            return

        def work(action: Action) -> tuple[str, int, str]:
            certified = charge_details_views.run_details(
                action, tax_roll.certify_run(action, run_id)
            )
            return certified.number, len(certified.entries), str(certified.total)

        done = perform(self, self.app, work)
        self.changed.emit()
        self.refresh(run_id)
        if done is not None:
            number, count, total = done
            self.status.emit(
                f"Run {number} certified to the tax roll: {plural(count, 'charge')}, {total}."
            )

    def _not_certified(self, run_id: int, problem: str) -> None:
        """The core says why the run cannot be certified: say it in its words; if the run is
        still a draft (the list changed since it was prepared), offer to prepare it again."""
        self.refresh(run_id)
        run = self.selected()
        if run is None or run.status is not RunStatus.DRAFT or self._may_not_prepare:
            operations.show_error(self, Conflict(problem), title="Not certified")
            return
        box = _question(
            self,
            "Not certified",
            problem,
            f"Prepare the run again as of {format_day(run.as_of)} to review the list as it "
            "stands now?",
            "prepare_again_box",
        )
        if _ask(box):
            self.prepare(run.as_of)

    def discard_selected(self) -> None:
        run = self._allowed(RunAct.DISCARD)
        if run is None:
            return
        if discard_run(self, self.app, run):
            self.changed.emit()
            self.refresh(run.run_id)
            self.status.emit(f"Run {run.number} set aside.")

    def print_selected(self) -> None:
        run = self._allowed(RunAct.PRINT)
        if run is None:
            return
        run_id = run.run_id

        def draw(read: charge_details_views.RunPaper) -> bytes:
            from reports.special_charges.tax_roll import run_pdf  # imported on the worker

            return run_pdf(read.view, read.profile)

        pdf = draw_paper(self, self.app, lambda a: charge_details_views.run_paper(a, run_id), draw)
        title = f"Tax roll run {run.number}"
        if pdf is not None and printing.print_or_explain(
            self, pdf, title=title, saved="The run is saved: print it again here."
        ):
            self.status.emit(f"{title} sent to the printer.")

    def export_selected(self) -> None:
        """The run to Excel in the county's layout, in a process of its own (the writer would
        hold the window)."""
        run = self._allowed(RunAct.EXPORT)
        if run is None:
            return
        station, run_id = Station.of(self.app.desk, self.app.operator), run.run_id

        def write(path: str) -> Callable[[Progress], int]:
            return lambda progress: child_process.run(
                jobs.run_workbook, station, path, run_id=run_id, progress=progress
            )

        export_workbook(
            self,
            ask=f"Export tax roll run {run.number} for the county",
            suggested=f"tax-roll-{run.number}.xlsx",
            busy=f"Exporting tax roll run {run.number}…",
            write=write,
            written=lambda count: f"Run {run.number}: {plural(count, 'charge')}",
            tell=self.status.emit,
        )
