"""A station's drawer: open it with its starting cash; the recent drawers with their close-out
report, deposit slip and GL distribution; and the papers of a drawer closed out."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import TypeVar

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.acts import DrawerPaper, drawer_paper_acts, paper_view
from clerk_desk.receipts.views import DrawerView, GlTotal, Period
from clerk_desk.settings import CityProfile
from clerk_desk.stations import drawer_station
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.background import while_painting
from ui.kit.operations import App, draw_paper, perform
from ui.kit.register_page import show_acts
from ui.kit.style import BAD_BACKGROUND, CAUTION_BACKGROUND
from ui.kit.table_models import RIGHT, RowsModel, TableColumn
from ui.kit.widgets import station_id
from ui.receipts.close_out import over_short_text

_D = TypeVar("_D")  # what a drawer's paper is drawn as: a PDF, or a workbook's rows
_Paper = tuple[str, bytes]  # a paper's title and PDF


def _closeout(view: DrawerView, profile: CityProfile) -> tuple[str, bytes]:
    """The close-out report's title and PDF, drawn on a worker (the module imported there)."""
    from reports.receipts.closeout import closeout_pdf

    return f"Close-out, {view.station}", closeout_pdf(view, profile=profile)


def _deposit_slip(view: DrawerView, profile: CityProfile) -> tuple[str, bytes]:
    """The deposit slip's title and PDF, drawn on a worker (the module imported there)."""
    from reports.receipts.deposit import deposit_slip_pdf

    return f"Deposit slip, {view.station}", deposit_slip_pdf(view, profile=profile)


def print_drawer_reports(parent: QWidget | None, app: App, drawer_id: int) -> bool:
    """Print a closed drawer's close-out report, then its deposit slip."""

    def load(action: Action) -> tuple[DrawerView, CityProfile]:
        return receipt_views.drawer(action, drawer_id), receipt_views.printing(action)[1]

    loaded = perform(parent, app, load, writes=False, painting=True)
    if loaded is None:
        return False
    view, profile = loaded
    saved = (
        f"The drawer of {view.station} IS closed out and saved: print the close-out report and "
        "the deposit slip again from Drawers… once the printer is ready."
    )
    # Drawn while the window repaints, as draw_paper draws; its failure is told as a receipt's.
    try:
        papers = while_painting(lambda: (_closeout(view, profile), _deposit_slip(view, profile)))
    except Exception as error:  # the close-out is committed; only the paper is missing
        printing.explain_print_failure(parent, f"The close-out of {view.station}", error, saved)
        return False
    for title, pdf in papers:
        if not printing.print_or_explain(parent, pdf, title=title, saved=saved):
            return False
    return True


class OpenDrawerDialog(forms.FormDialog):
    """Open this station's drawer with the starting cash counted into it.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, station: str) -> None:
        super().__init__(parent, f"Open the drawer of {station}", save_text="Open drawer")
        self.setObjectName("open_drawer_dialog")
        self.app = app
        self.station = station
        self.add_top(QLabel(f"Counter station: <b>{html.escape(station)}</b>"))
        self.opening_cash = QLineEdit()
        self.opening_cash.setObjectName("opening_cash")
        self.opening_cash.setPlaceholderText("e.g. 150.00")
        self.add_field("&Starting cash", self.opening_cash, "opening_cash")
        station_error = forms.error_label()
        self.form.addRow("", station_error)
        self.errors.add("station", station_error)
        self.finish_layout()
        self.opening_cash.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, station: str) -> int | None:
        dialog = cls(parent, app, station)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        text = self.opening_cash.text()

        def work(action: Action) -> int:
            amount = Money.parse(text, field="opening_cash")
            station = drawer_station(action, station_id())
            return receipts.open_drawer(action, station=station, opening_cash=amount).id

        return perform(self, self.app, work, errors=self.errors)


@dataclass(frozen=True, slots=True)
class DrawerRow:
    """One drawer in the Drawers list (plain data: the session is closed when it is shown)."""

    id: int
    station: str
    status: str  # "open", "closed"
    opened_at: datetime  # local
    closed_at: datetime | None  # local
    receipts: int
    voided: int
    over_short: Money | None

    @classmethod
    def of(cls, view: DrawerView) -> DrawerRow:
        return cls(
            view.id,
            view.station,
            view.status,
            view.opened_at,
            view.closed_at,
            view.receipts,
            view.voided,
            view.over_short,
        )

    @property
    def closed(self) -> bool:
        return self.status == "closed"


def _when(moment: datetime | None) -> str:
    if moment is None:
        return ""
    return words.local_time(moment, None)


DRAWER_COLUMNS = (
    TableColumn("Station", lambda r: r.station),
    TableColumn("Opened", lambda r: _when(r.opened_at)),
    TableColumn("Closed", lambda r: _when(r.closed_at)),
    TableColumn(
        "Status",
        lambda r: "Closed" if r.closed else "Open",
        colour=lambda r: None if r.closed else CAUTION_BACKGROUND,
    ),
    TableColumn(
        "Receipts",
        lambda r: f"{r.receipts:,}" + (f" ({r.voided:,} void)" if r.voided else ""),
        align=RIGHT,
    ),
    TableColumn(
        "Over / short",
        lambda r: "" if r.over_short is None else over_short_text(r.over_short),
        align=RIGHT,
        colour=lambda r: BAD_BACKGROUND if r.over_short else None,
    ),
)


RECENT_DRAWERS = 100
"""How many drawers the Drawers list shows, newest first (about a month of two stations)."""


class DrawersDialog(QDialog):
    """Recent drawers of every station, and the reports of the one selected: the close-out
    report, the deposit slip (PDF or Excel, closed drawers only) and its GL distribution.

    Keyboard: the list has the focus; Enter prints the close-out report; the buttons have
    mnemonics; Esc closes. Reading and printing need no permission.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent)
        self.setObjectName("drawers_dialog")
        self.setWindowTitle("Drawers")
        self.app = app
        self.last_export: str | None = None  # the deposit slip workbook last written
        self.paper_acts: dict[DrawerPaper, str | None] | None = None  # the selected drawer's
        self.model = RowsModel(DRAWER_COLUMNS, self)
        self.model.set_dimmed(lambda r: not r.closed)
        self.table = forms.make_table(self.model, name="drawers_table")
        forms.size_columns(self.table, {0: 16, 1: 18, 2: 18, 3: 8, 4: 12})
        self.count_label = QLabel()
        self.count_label.setObjectName("drawers_count")
        self.closeout_button = QPushButton("Close-&out report…")
        self.closeout_button.setProperty("tip", "Enter on the list")
        self.slip_pdf_button = QPushButton("Deposit slip &PDF…")
        self.slip_excel_button = QPushButton("Deposit slip &Excel…")
        self.gl_button = QPushButton("&GL distribution…")
        self.gl_button.setProperty("tip", "Receipts of this drawer by GL account (PDF)")
        actions = QHBoxLayout()
        for button in (
            self.closeout_button,
            self.slip_pdf_button,
            self.slip_excel_button,
            self.gl_button,
        ):
            button.setAutoDefault(False)
            actions.addWidget(button)
        actions.addStretch(1)
        actions.addWidget(self.count_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(actions)
        layout.addWidget(buttons)
        self.closeout_button.clicked.connect(self.print_closeout)
        self.slip_pdf_button.clicked.connect(self.print_deposit_slip)
        self.slip_excel_button.clicked.connect(self.export_deposit_slip)
        self.gl_button.clicked.connect(self.print_gl_distribution)
        forms.on_enter(self.table, self.print_closeout)
        self.table.doubleClicked.connect(lambda _i: self.print_closeout())
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self._update_buttons())
        self.resize(820, 460)
        self.load()
        self.table.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, drawer_id: int | None = None) -> None:
        dialog = cls(parent, app)
        if drawer_id is not None:
            dialog.select(drawer_id)
        forms.run_modal(dialog)

    def load(self) -> None:
        def read(action: Action) -> list[DrawerRow]:
            found = receipt_views.recent_drawers(action, limit=RECENT_DRAWERS)
            # Newest first; of two opened at the same moment, the later one (higher id) first.
            found.sort(key=lambda d: (d.opened_at, d.id), reverse=True)
            return [DrawerRow.of(view) for view in found]

        selected = self.selected()
        rows = perform(self, self.app, read, writes=False) or []
        self.model.set_rows(rows)
        self.count_label.setText(
            "No drawer has been opened yet"
            if not rows
            else f"{len(rows)} drawer{'' if len(rows) == 1 else 's'}"
            + (", newest first" if len(rows) > 1 else "")
        )
        number = self.model.row_of(lambda r: selected is not None and r.id == selected.id)
        forms.select_row(self.table, max(number, 0))
        self._update_buttons()

    def select(self, drawer_id: int) -> bool:
        number = self.model.row_of(lambda r: r.id == drawer_id)
        forms.select_row(self.table, number)
        return number >= 0

    def selected(self) -> DrawerRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, DrawerRow) else None

    def _update_buttons(self) -> None:
        """Each paper's button as the core's :func:`drawer_paper_acts` says (a drawer still
        open has no deposit slip yet)."""
        row = self.selected()
        drawer_id = row.id if row is not None else None
        self.paper_acts = (
            None
            if drawer_id is None
            else perform(self, self.app, lambda a: drawer_paper_acts(a, drawer_id), writes=False)
        )
        choose = "Choose a drawer in the list."
        show_acts(
            {
                DrawerPaper.CLOSE_OUT_REPORT: self.closeout_button,
                DrawerPaper.DEPOSIT_SLIP: self.slip_pdf_button,
                DrawerPaper.GL_DISTRIBUTION: self.gl_button,
            },
            self.paper_acts,
            choose,
        )
        show_acts({DrawerPaper.DEPOSIT_SLIP: self.slip_excel_button}, self.paper_acts, choose)

    def _draw(
        self, drawer_id: int, paper: DrawerPaper, draw: Callable[[DrawerView, CityProfile], _D]
    ) -> _D | None:
        """``paper`` drawn from the drawer as it prints it (the core refuses a paper it does not
        allow), off the window's thread."""

        def read(action: Action) -> tuple[DrawerView, CityProfile]:
            return paper_view(action, drawer_id, paper), receipt_views.printing(action)[1]

        return draw_paper(self, self.app, read, lambda loaded: draw(*loaded))

    def _print(self, paper: DrawerPaper, draw: Callable[[DrawerView, CityProfile], _Paper]) -> None:
        row = self.selected()
        drawn = None if row is None else self._draw(row.id, paper, draw)
        if drawn is not None:
            title, pdf = drawn
            printing.print_or_explain(self, pdf, title=title)

    def print_closeout(self) -> None:
        self._print(DrawerPaper.CLOSE_OUT_REPORT, _closeout)

    def print_deposit_slip(self) -> None:
        self._print(DrawerPaper.DEPOSIT_SLIP, _deposit_slip)

    def export_deposit_slip(self) -> None:
        """Write the selected closed drawer's deposit slip to a workbook the person names."""
        row = self.selected()
        if row is None or self.paper_acts is None or self.paper_acts[DrawerPaper.DEPOSIT_SLIP]:
            return  # its button says why
        day = (row.closed_at or row.opened_at).date()
        station = "-".join(row.station.split()).lower()
        path = forms.ask_save_path(
            self,
            "Save the deposit slip",
            f"deposit-{station}-{day.isoformat()}.xlsx",
            "Excel workbook (*.xlsx)",
        )
        if not path:
            return
        if not path.lower().endswith(".xlsx"):
            path += ".xlsx"

        def write(view: DrawerView, profile: CityProfile) -> int:
            from reports.receipts.deposit import deposit_slip_excel  # imported on the worker

            return deposit_slip_excel(path, view, profile=profile)

        written = self._draw(row.id, DrawerPaper.DEPOSIT_SLIP, write)
        if written is not None:
            self.last_export = path

    def print_gl_distribution(self) -> None:
        row = self.selected()
        if row is None:
            return
        drawer_id = row.id

        def work(action: Action) -> tuple[DrawerView, list[GlTotal], CityProfile, date]:
            return (
                paper_view(action, drawer_id, DrawerPaper.GL_DISTRIBUTION),
                receipt_views.gl_totals(action, drawer_id=drawer_id),
                receipt_views.printing(action)[1],
                action.clock.local_now().date(),
            )

        def draw(loaded: tuple[DrawerView, list[GlTotal], CityProfile, date]) -> bytes:
            from reports.receipts.gl_distribution import gl_distribution_pdf  # on the worker

            view, totals, profile, today = loaded
            until = view.closed_at.date() if view.closed_at else today
            period = Period(view.opened_at.date(), max(view.opened_at.date(), until))
            scope = f"Drawer {view.id} \u00b7 {view.station}" + (
                "" if view.status == "closed" else " \u00b7 still open \u2014 not final"
            )
            return gl_distribution_pdf(totals, profile=profile, period=period, scope=scope)

        pdf = draw_paper(self, self.app, work, draw)
        if pdf is None:
            return
        printing.print_or_explain(self, pdf, title=f"GL distribution, {row.station}")
