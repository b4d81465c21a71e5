"""The official numbering register (§ 506-16): every address, searched as the clerk types,
filtered by street; the address chosen shows its details, its history (every change, with who,
when and why) and its noncompliance cases, with the acts on it.

The Building Inspector assigns numbers (Assign number…); the Clerk keeps the map (Streets…,
Import addresses…). Whether an act on the address chosen is allowed, and why not, is the
core's (:func:`clerk_desk.street_numbers.acts.address_acts`), by the rules its services enforce.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process, words
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.street_numbers import views as street_views
from clerk_desk.street_numbers.acts import AddressAct, RegisterAct, address_acts, register_acts
from clerk_desk.street_numbers.addresses import SEARCH_LIMIT
from clerk_desk.street_numbers.rules import NONCOMPLIANCE_CITE
from clerk_desk.street_numbers.views import AddressHistory, AddressRow, RegisterPaper, StreetRow
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App, draw_paper, perform, run_in_background
from ui.kit.register_page import Progress, RegisterPage, act_button, search_row, show_acts
from ui.kit.table_models import RIGHT, RowsModel, TableColumn
from ui.ordinance_viewer import cite_html
from ui.street_numbers import jobs
from ui.street_numbers.details import address_html, cases_html, history_html, rich_label

if TYPE_CHECKING:  # the import is read when first used: the window starts without it
    from clerk_desk.street_numbers.importing import ImportReport

ALL_STREETS = "All streets"
CHOOSE = "Choose an assigned address in the register"


def address_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Address", lambda r: r.text, tooltip=lambda r: r.notes or None),
        TableColumn("Parcel", lambda r: r.parcel_number),
        TableColumn("Owner", lambda r: r.owner),
        TableColumn("Kind", lambda r: r.kind.label.removesuffix(" building")),
        TableColumn("Side", lambda r: r.side_text.removesuffix(" side")),
        TableColumn("Position", lambda r: r.position_text, align=RIGHT),
        TableColumn("Assigned on", lambda r: words.us_date(r.assigned_on)),
        TableColumn("Status", lambda r: r.status_text),
    )


class AddressesPage(RegisterPage[AddressRow]):
    """The register of official addresses.

    Signals: ``status(str)`` for the status bar; ``changed()`` after an address, a street or a
    case was recorded (the tab forwards it as its ``register_changed``).
    """

    changed = Signal()

    row_type = AddressRow
    record_type = "address"
    search_limit = SEARCH_LIMIT
    count_noun, count_nouns = "address", "addresses"
    empty_text = "No addresses yet"
    export_what = "street numbering register"
    export_noun = "address"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("addresses_page")
        search = self._build_search()
        self._build_table()
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self._build_details())
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([340, 260])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(search)
        layout.addWidget(splitter, 1)
        layout.addLayout(self._build_register_footer())
        self._order_tabs()
        self._connect_register()
        self._connect()
        self._show_details()

    # ---- building ------------------------------------------------------------------------------

    def _build_search(self) -> QHBoxLayout:
        self.search_field = forms.SearchField(
            "Search number, street, parcel or owner (Down arrow to the list)"
        )
        self.search_field.setObjectName("street_numbers_search")
        self.street_box = QComboBox()
        self.street_box.setObjectName("street_filter")
        self.street_box.addItem(ALL_STREETS, None)
        self.street_box.setMinimumContentsLength(16)
        self.street_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.inactive_box = QCheckBox("Include re&tired")
        self.inactive_box.setObjectName("include_retired")
        self.inactive_box.setToolTip("Also numbers taken out of use")
        return search_row(self.search_field, self.street_box, self.inactive_box)

    def _build_table(self) -> None:
        self.model = RowsModel(address_columns(), self)
        self.model.set_dimmed(lambda r: not r.assigned)
        self.table = forms.make_table(self.model, name="address_table")
        forms.size_columns(self.table, {0: 20, 1: 15, 2: 24, 3: 15, 4: 10, 5: 7, 6: 10})

    def _build_details(self) -> QWidget:
        """Below the table, side by side: the address (with its acts), its history, its cases."""
        self.address_details = rich_label("address_details", self.app)
        self.change_button = act_button(
            "C&hange…", "change_button", "Alter the number, unit, side, position, kind or owner"
        )
        self.retire_button = act_button("Retire…", "retire_button", "Take the number out of use")
        self.letter_button = act_button(
            "Print &letter", "letter_button", "The official street number letter to the owner"
        )
        self.missing_button = act_button(
            "Numbers &missing…",
            "missing_button",
            f"Record that the numbers are missing or improper ({NONCOMPLIANCE_CITE})",
        )
        buttons = QHBoxLayout()
        for button in self._acts().values():
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.history = rich_label("history", self.app)
        self.address_cases = rich_label("address_cases", self.app)
        cases_heading = QLabel(f"<b>Noncompliance</b> — {cite_html(NONCOMPLIANCE_CITE)}")
        cases_heading.linkActivated.connect(self.app.open_link)
        side = QWidget()
        row = QHBoxLayout(side)
        row.setContentsMargins(4, 4, 4, 0)
        row.setSpacing(18)
        for parts, stretch in (
            ((self.address_details, buttons), 4),
            ((QLabel("<b>History</b>"), self.history), 3),
            ((cases_heading, self.address_cases), 3),
        ):
            column = QVBoxLayout()
            for part in parts:
                if isinstance(part, QWidget):
                    column.addWidget(part)
                else:
                    column.addLayout(part)
            column.addStretch(1)
            row.addLayout(column, stretch)
        scroller = forms.scrolled(side)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setMinimumHeight(160)
        return scroller

    def _build_register_footer(self) -> QHBoxLayout:
        self.streets_button = QPushButton("Stre&ets…")
        self.streets_button.setToolTip("The streets of the numbering map: add or correct one")
        self.assign_button = QPushButton("&Assign number…")
        self.assign_button.setObjectName("assign_button")
        self.assign_button.setToolTip(
            "Assign a building its official number (Ctrl+N); the letter to the owner prints"
        )
        self.import_button = QPushButton("&Import addresses…")
        self.import_button.setToolTip(
            "An existing address list (Excel or CSV), checked line by line before anything "
            "is written"
        )
        for button in (self.assign_button, self.import_button):
            button.setProperty("tip", button.toolTip())
        footer = self._build_footer(
            self.streets_button,
            self.assign_button,
            self.import_button,
            export_tip="The register (the street chosen, or all) to a workbook",
        )
        self.print_register_button = QPushButton("&Print street register")
        footer.insertWidget(footer.indexOf(self.export_button), self.print_register_button)
        return footer

    def _acts(self) -> dict[AddressAct, QPushButton]:
        return {
            AddressAct.CHANGE: self.change_button,
            AddressAct.RETIRE: self.retire_button,
            AddressAct.PRINT_LETTER: self.letter_button,
            AddressAct.NUMBERS_MISSING: self.missing_button,
        }

    def _connect(self) -> None:
        self.street_box.currentIndexChanged.connect(lambda _i: self._update_register_buttons())
        self.table.doubleClicked.connect(lambda _i: self.change_selected())
        self.streets_button.clicked.connect(self.show_streets)
        self.assign_button.clicked.connect(self.assign_number)
        self.import_button.clicked.connect(self.import_addresses)
        self.print_register_button.clicked.connect(self.print_register)
        self.change_button.clicked.connect(self.change_selected)
        self.retire_button.clicked.connect(self.retire_selected)
        self.letter_button.clicked.connect(self.print_letter)
        self.missing_button.clicked.connect(self.numbers_missing)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.assign_number)

    # ---- the register's hooks ------------------------------------------------------------------

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return (self.street_box, self.inactive_box)

    def search_query(self) -> Callable[[Action], list[AddressRow]]:
        return partial(
            street_views.address_rows,
            text=self.search_field.text(),
            street_id=self.street_box.currentData(),
            include_retired=self.inactive_box.isChecked(),
        )

    def register_years(self, action: Action) -> list[int]:
        return []  # the register is filtered by street, not by year

    def offer_years(self, years: list[int]) -> None:
        pass

    def read_beside(self, action: Action) -> object:
        """The streets of the street filter and the acts on the register, read with the rows
        (the register first shown, F5, after a save)."""
        return street_views.street_rows(action), register_acts(action)

    def show_beside(self, figure: object) -> None:
        streets, acts = cast(tuple[list[StreetRow], dict[RegisterAct, str | None]], figure)
        self._offer_streets(streets)
        show_acts(
            {RegisterAct.ASSIGN: self.assign_button, RegisterAct.IMPORT: self.import_button},
            acts,
            "The register could not be read",
        )

    def row_name(self, row: AddressRow) -> str:
        return row.text

    def _announce_change(self) -> None:
        self.changed.emit()

    def export_name(self, day: date) -> str:
        street_id, street = self.street_box.currentData(), self.street_box.currentText()
        what = "all-streets" if street_id is None else street.lower().replace(" ", "-")
        return f"street-register-{what}-{day.isoformat()}.xlsx"

    def exported_text(self, count: int) -> str:
        return words.plural(count, "address", "addresses")

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """The register to Excel in a process of its own (18,000 addresses held the window
        0.4 s on a worker thread)."""
        station = Station.of(self.app.desk, self.app.operator)
        street_id, include = self.street_box.currentData(), self.inactive_box.isChecked()
        return lambda progress: child_process.run(
            jobs.addresses_workbook,
            station,
            path,
            street_id=street_id,
            include_retired=include,
            progress=progress,
        )

    def read_chosen(
        self, action: Action, row: AddressRow
    ) -> tuple[dict[AddressAct, str | None], AddressHistory]:
        return address_acts(action, row.id), street_views.address_history(action, row.id)

    def _show_details(self) -> None:
        row = self.selected()
        found: tuple[dict[AddressAct, str | None], AddressHistory] | None = None
        if row is not None:
            found = cast(
                tuple[dict[AddressAct, str | None], AddressHistory] | None,
                self.chosen_details(row),
            )
        show_acts(self._acts(), found[0] if found else None, CHOOSE)
        if row is None or found is None:
            self.address_details.setText(
                "<i>No address selected.</i>"
                if self.model.rowCount()
                else "<i>No address to show. Assign a number, or import the City's address "
                "list (Import addresses…).</i>"
            )
            self.history.setText("")
            self.address_cases.setText("")
            return
        history = found[1]
        self.address_details.setText(address_html(row, letter_due=history.letter_due))
        changes, cases = list(history.changes), list(history.cases)
        self.history.setText(history_html(changes) if changes else "<i>No changes recorded.</i>")
        self.address_cases.setText(cases_html(cases) if cases else "<i>None recorded.</i>")

    # ---- the streets filter --------------------------------------------------------------------

    def _load_streets(self) -> None:
        self._offer_streets(perform(self, self.app, street_views.street_rows, writes=False) or [])

    def _offer_streets(self, rows: list[StreetRow]) -> None:
        chosen = self.street_box.currentData()
        with forms.quietly(self.street_box):
            self.street_box.clear()
            self.street_box.addItem(ALL_STREETS, None)
            for row in rows:
                self.street_box.addItem(row.full_name, row.id)
            self.street_box.setCurrentIndex(max(0, self.street_box.findData(chosen)))
        self._update_register_buttons()

    def _update_register_buttons(self) -> None:
        chosen = self.street_box.currentData() is not None
        self.print_register_button.setEnabled(chosen)
        self.print_register_button.setToolTip(
            "The register of the street chosen, to print"
            if chosen
            else "Choose a street in the list beside the search to print its register"
        )

    def show_address(self, row: AddressRow) -> None:
        """Find ``row`` in the register (by its address typed in the search) and select it."""
        with forms.quietly(self.search_field, self.street_box, self.inactive_box):
            self.search_field.setText(row.text)
            self.street_box.setCurrentIndex(max(0, self.street_box.findData(row.street_id)))
            self.inactive_box.setChecked(not row.assigned)
        self._update_register_buttons()
        super().refresh()
        forms.select_row(self.table, self.model.row_of(lambda r: r.id == row.id))

    def show_record(self, record_type: str, record_id: str) -> None:
        if record_type != self.record_type or not record_id.isdigit():
            return
        wanted = int(record_id)
        if not self.loaded:
            self.refresh()
        row = self._address(wanted)
        if row is not None:
            self.show_address(row)

    def _address(self, address_id: int) -> AddressRow | None:
        return perform(
            self, self.app, lambda a: street_views.address_row(a, address_id), writes=False
        )

    # ---- the acts ------------------------------------------------------------------------------

    def print_register(self) -> None:
        """The register of the street chosen in the filter, as a PDF to print."""
        street_id = self.street_box.currentData()
        if street_id is None:
            return
        include = self.inactive_box.isChecked()

        def draw(paper: RegisterPaper) -> tuple[str, bytes]:
            from reports.street_numbers import street_register_pdf  # imported on the worker

            pdf = street_register_pdf(
                paper.street, paper.addresses, profile=paper.profile, printed_on=paper.printed_on
            )
            return paper.street.full_name, pdf

        drawn = draw_paper(
            self,
            self.app,
            lambda a: street_views.register_paper(a, street_id, include_retired=include),
            draw,
        )
        if drawn is None:
            return
        street, pdf = drawn
        printing.print_or_explain(self, pdf, title=f"Street register — {street}")

    def show_streets(self) -> None:
        from ui.street_numbers.street_dialogs import StreetsDialog

        if StreetsDialog.ask(self, self.app):
            self.changed.emit()
            self.refresh()

    def assign_number(self) -> None:
        from ui.street_numbers.number_dialogs import AssignNumberDialog
        from ui.street_numbers.papers import print_number_letter

        if not self.assign_button.isEnabled():
            return
        address_id = AssignNumberDialog.ask(self, self.app, street_id=self.street_box.currentData())
        if address_id is None:
            return
        self.changed.emit()
        row = self._address(address_id)
        if row is None:
            return
        self._load_streets()
        self.show_address(row)
        printed = print_number_letter(self, self.app, address_id)
        super().refresh()
        self.status.emit(
            f"{row.text} assigned to parcel {row.parcel_number}; "
            + ("the letter to the owner was printed." if printed else "print the letter to send.")
        )

    def _chosen_for(self, act: AddressAct) -> AddressRow | None:
        """The address chosen, when the act's button allows the act on it now."""
        row = self.selected()
        return row if row is not None and self._acts()[act].isEnabled() else None

    def change_selected(self) -> None:
        from ui.street_numbers.number_dialogs import ChangeAddressDialog
        from ui.street_numbers.papers import print_number_letter

        row = self._chosen_for(AddressAct.CHANGE)
        if row is None:
            return
        now_reads = ChangeAddressDialog.ask(self, self.app, row)
        if now_reads is None:
            return
        self.changed.emit()
        changed = self._address(row.id)
        if changed is not None:
            self.show_address(changed)
        message = f"Change recorded in the history of {now_reads}."
        if now_reads != row.text:
            printed = print_number_letter(self, self.app, row.id)
            super().refresh()
            message += (
                " The letter with the new number was printed."
                if printed
                else " Print the letter with the new number for the owner."
            )
        self.status.emit(message)

    def retire_selected(self) -> None:
        from ui.street_numbers.number_dialogs import RetireDialog

        row = self._chosen_for(AddressAct.RETIRE)
        if row is None or not RetireDialog.ask(self, self.app, row):
            return
        self.changed.emit()
        retired = self._address(row.id)
        if retired is not None:
            self.show_address(retired)
        self.status.emit(f"{row.text} retired; it stays in the register and its history.")

    def print_letter(self) -> None:
        from ui.street_numbers.papers import print_number_letter

        row = self._chosen_for(AddressAct.PRINT_LETTER)
        if row is None:
            return
        print_number_letter(self, self.app, row.id)
        super().refresh()

    def numbers_missing(self) -> None:
        from ui.street_numbers.case_dialogs import ObserveDialog

        row = self._chosen_for(AddressAct.NUMBERS_MISSING)
        if row is None:
            return
        case_id = ObserveDialog.ask(self, self.app, row)
        if case_id is None:
            return
        case = perform(self, self.app, lambda a: street_views.case_row(a, case_id), writes=False)
        self.changed.emit()
        super().refresh()
        if case is not None:
            self.status.emit(
                f"Case opened for {case.address}: a notice may be served from "
                f"{words.format_day(case.notice_from)}."
            )

    def import_addresses(self) -> None:
        """Read an address list, report on it in the background, and import from the report."""
        from ui.street_numbers.import_dialog import TABLE_FILTER, ImportReportDialog, read_and_check

        if not self.import_button.isEnabled():
            return
        path = forms.ask_open_path(self, "Import an address list", TABLE_FILTER)
        if not path:
            return
        app = self.app

        def done(result: tuple[list[Any], ImportReport]) -> None:
            rows, report = result
            imported = ImportReportDialog.ask(self, app, path, rows, report)
            if imported is None:
                return
            self.changed.emit()
            self.refresh()
            self.status.emit(
                f"{len(imported.rows):,} addresses imported from {Path(path).name} "
                f"({imported.new_parcels:,} new parcels, {imported.new_owners:,} new owners)."
            )

        run_in_background(
            self,
            lambda progress: read_and_check(app, path, progress),
            title="Checking the address list…",
            on_done=done,
        )
