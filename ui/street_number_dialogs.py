"""The forms of the Street Numbers tab (§ 506-16).

Streets of the numbering map, the assignment of an official number (with the program's
suggestion and the live check of the number typed), a change or retirement with its reason, the
noncompliance acts (numbers missing, notice served, referral, compliance, withdrawal) and the
report on an address list before it is imported. Every rule is the core's
(:mod:`clerk_desk.street_numbers.service`): a form shows its findings with their section and puts a
refusal under the field it concerns, so the form stays open with what was typed.

The rows shown come from :mod:`clerk_desk.street_numbers.views`, and the forms write through
:mod:`clerk_desk.street_numbers.records`, which answers with ids: the forms never hold a record.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRegularExpression, Qt, QTimer, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import BuildingKind, Compass, PartyKind
from clerk_desk.parties_views import ParcelRow
from clerk_desk.permissions import Permission, refusal
from clerk_desk.street_numbers import records
from clerk_desk.street_numbers import service as street_numbers
from clerk_desk.street_numbers import views as street_views
from clerk_desk.street_numbers.importing import (
    ImportProblem,
    ImportReport,
    check_import,
    import_addresses,
)
from clerk_desk.street_numbers.rules import ALTER_CITE, NONCOMPLIANCE_CITE, SERVICE_MANNERS
from clerk_desk.street_numbers.service import AddressEdit, AssignmentData, Proposal, StreetData
from clerk_desk.street_numbers.views import (
    AddressRow,
    CaseRow,
    StreetRow,
    case_summary,
    parcel_rows,
    street_rows,
)
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit import printing as printing
from ui.kit.fields import left_aligned
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, attempt, perform, run_in_background
from ui.kit.pickers import PartyPicker, party_row
from ui.kit.style import (
    BAD,
    BAD_BACKGROUND,
    GOOD,
    LATE,
    LATE_BACKGROUND,
    QUIET,
    SECONDARY,
    text_sheet,
)
from ui.kit.table_models import RIGHT, RowsModel, TableColumn

TABLE_FILTER = "Address lists (*.xlsx *.xlsm *.csv);;All files (*)"
EXCEL_FILTER = "Excel workbook (*.xlsx)"
CHECK_DELAY_MS = 150
"""Pause after the last keystroke in the number before the live check runs."""

WHO_ASSIGNS = "The Building Inspector assigns official numbers (§ 506-16)."
MAY_ISSUE_COLOUR, MAY_NOT_COLOUR, ASK_COLOUR = GOOD, BAD, LATE


# ---- rows ----------------------------------------------------------------------------------------


# ---- small pieces --------------------------------------------------------------------------------


def whole_number(edit: QLineEdit, field: str, what: str, *, optional: bool = False) -> int | None:
    """The whole number typed in ``edit``; empty gives None when ``optional``."""
    text = edit.text().strip().replace(",", "")
    if not text:
        if optional:
            return None
        raise InvalidInput(f"Enter {what}.", field=field)
    if not text.isdigit():
        raise InvalidInput(f"{what[:1].upper()}{what[1:]} is a whole number.", field=field)
    return int(text)


def digits_edit(name: str, placeholder: str = "", *, width_chars: int = 8) -> QLineEdit:
    """A short field that takes only digits (a street number, a position in feet)."""
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setPlaceholderText(placeholder)
    edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"[0-9,]{0,9}"), edit))
    edit.setMaximumWidth(edit.fontMetrics().horizontalAdvance("0" * width_chars) + 28)
    return edit


def compass_box(name: str, choices: Sequence[tuple[Compass, str]]) -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    for value, label in choices:
        box.addItem(label, value)
    return box


COMPASS_CHOICES = [(c, c.label.capitalize()) for c in Compass]


def kind_box(name: str = "building_kind") -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    for kind in BuildingKind:
        box.addItem(kind.label, kind)
    return box


def hint(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet(text_sheet(SECONDARY))
    return label


def _fit_height(dialog: QDialog) -> None:
    """Make room for the refusal just shown under a field (a wrapped message is taller than the
    form was)."""
    dialog.resize(dialog.width(), max(dialog.height(), dialog.sizeHint().height()))


class _Form(forms.FormDialog):
    """A :class:`~ui.kit.forms.FormDialog` that grows to show a refusal in full."""

    def save(self) -> None:
        super().save()
        if self.isVisible():
            _fit_height(self)


class _TwoColumns(forms.TwoColumnForm):
    """A two-column form that grows to show a refusal in full."""

    def save(self) -> None:
        super().save()
        if self.isVisible():
            _fit_height(self)


def _denied(app: App, permission: Permission) -> str:
    return "" if app.operator.may(permission) else refusal(app.operator.role, permission)


# ---- printing ------------------------------------------------------------------------------------


def print_number_letter(parent: QWidget | None, app: App, address_id: int) -> bool:
    """Print (or preview) the official street number letter; record it went to the owner.

    True when it was printed. Whoever keeps the register (the Clerk mails the letters) records
    it; anyone else prints a copy without recording.
    """
    from reports.street_numbers import number_letter_pdf

    paper = perform(parent, app, lambda a: street_views.letter_paper(a, address_id), writes=False)
    if paper is None:
        return False
    text = paper.address.text
    pdf = attempt(
        parent,
        lambda: number_letter_pdf(
            paper.address, profile=paper.profile, printed_on=paper.printed_on
        ),
    )
    if pdf is None:
        return False
    printed = printing.print_or_explain(
        parent,
        pdf,
        title=f"Street number letter — {text}",
        saved=f"{text} is recorded; print the letter again with Print letter.",
    )
    if printed and app.operator.may(Permission.KEEP_STREET_REGISTER):
        perform(parent, app, lambda a: street_numbers.record_letter_printed(a, address_id))
    return printed


def print_notice(parent: QWidget | None, app: App, case_id: int) -> bool:
    """Print (or preview) the notice requiring the owner to number the building."""
    from reports.street_numbers import noncompliance_notice_pdf

    paper = perform(parent, app, lambda a: street_views.notice_paper(a, case_id), writes=False)
    if paper is None:
        return False
    pdf = attempt(
        parent,
        lambda: noncompliance_notice_pdf(
            paper.case, paper.address, profile=paper.profile, printed_on=paper.printed_on
        ),
    )
    if pdf is None:
        return False
    title = f"Notice to number the building — {paper.address.text}"
    return printing.print_or_explain(parent, pdf, title=title)


# ---- streets -------------------------------------------------------------------------------------

DIRECTIONS = ("", "N", "S", "E", "W", "NE", "NW", "SE", "SW")


class StreetDialog(_Form):
    """Add a street to the numbering map, or correct one.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: StreetRow | None = None) -> None:
        super().__init__(parent, f"Street — {row.full_name}" if row else "New street")
        self.app = app
        self.row = row
        self.setObjectName("street_dialog")
        self.name = forms.limit_to(QLineEdit(), "Street.name")
        self.name.setObjectName("name")
        self.name.setPlaceholderText("e.g. Broad")
        self.suffix = forms.limit_to(QLineEdit(), "Street.suffix")
        self.suffix.setObjectName("suffix")
        self.suffix.setPlaceholderText("St, Ave, Rd, Dr …")
        self.suffix.setMaximumWidth(self.fontMetrics().horizontalAdvance("Pkwy.") * 3)
        self.direction = QComboBox()
        self.direction.setObjectName("direction")
        for value in DIRECTIONS:
            self.direction.addItem(value or "none", value)
        self.odd_side = compass_box("odd_side", COMPASS_CHOICES)
        self.increases_toward = compass_box("increases_toward", COMPASS_CHOICES)
        self.range_low = digits_edit("range_low", "e.g. 1")
        self.range_high = digits_edit("range_high", "e.g. 999")
        self.grid_base = digits_edit("grid_base", "optional")
        self.notes = QLineEdit()
        self.notes.setObjectName("notes")

        self.add_field("Street &name", self.name, "name")
        self.add_field("&Suffix", left_aligned(self.suffix), "suffix")
        self.add_field("&Direction", left_aligned(self.direction), "direction")
        self.add_field("Numbers &increase toward", left_aligned(self.increases_toward))
        odd_box = QWidget()
        odd_row = QHBoxLayout(odd_box)
        odd_row.setContentsMargins(0, 0, 0, 0)
        odd_row.addWidget(self.odd_side)
        odd_row.addWidget(QLabel("side"))
        odd_row.addStretch(1)
        self.add_field("&Odd numbers on the", odd_box, "odd_side")
        self.form.addRow(
            "",
            hint(
                "A street whose numbers run north or south has its odd numbers on the east or "
                "west side; one running east or west, on the north or south side."
            ),
        )
        numbers = QWidget()
        row_layout = QHBoxLayout(numbers)
        row_layout.setContentsMargins(0, 0, 0, 0)
        row_layout.addWidget(self.range_low)
        row_layout.addWidget(QLabel("to"))
        row_layout.addWidget(self.range_high)
        row_layout.addStretch(1)
        self.add_field("&Numbers from", numbers, "range_low")
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("range_high", message, self.range_high)
        self.add_field("&Grid base", left_aligned(self.grid_base), "grid_base")
        self.form.addRow(
            "",
            hint("The number at the street's starting line (0 ft), where the City's grid has one."),
        )
        self.add_field("No&tes", self.notes, "notes")
        self.finish_layout()
        if row is not None:
            self.name.setText(row.name)
            self.suffix.setText(row.suffix)
            self.direction.setCurrentIndex(max(0, self.direction.findData(row.direction)))
            self.odd_side.setCurrentIndex(self.odd_side.findData(row.odd_side))
            self.increases_toward.setCurrentIndex(
                self.increases_toward.findData(row.increases_toward)
            )
            self.range_low.setText(str(row.range_low))
            self.range_high.setText(str(row.range_high))
            self.grid_base.setText("" if row.grid_base is None else str(row.grid_base))
            self.notes.setText(row.notes)
        else:
            self.increases_toward.setCurrentIndex(self.increases_toward.findData(Compass.NORTH))
            self.odd_side.setCurrentIndex(self.odd_side.findData(Compass.EAST))
        if denied := _denied(app, Permission.KEEP_STREET_REGISTER):
            self.set_read_only(denied)
        self.resize(560, self.sizeHint().height())
        self.name.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: StreetRow | None = None) -> int | None:
        """Show the form; the id of the street saved, or None if cancelled."""
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def data(self) -> StreetData:
        low = whole_number(self.range_low, "range_low", "the lowest number")
        high = whole_number(self.range_high, "range_high", "the highest number")
        assert low is not None and high is not None
        return StreetData(
            name=self.name.text(),
            odd_side=Compass(self.odd_side.currentData()),
            increases_toward=Compass(self.increases_toward.currentData()),
            range_low=low,
            range_high=high,
            suffix=self.suffix.text(),
            direction=str(self.direction.currentData() or ""),
            grid_base=whole_number(self.grid_base, "grid_base", "the grid base", optional=True),
            notes=self.notes.text(),
        )

    def commit(self) -> object:
        row = self.row

        def work(action: Action) -> int:
            data = self.data()
            if row is None:
                return records.add_street(action, data)
            return records.update_street(action, row.id, data)

        keep = ("direction", "odd_side", "range_low", "range_high", "grid_base", "suffix", "notes")
        return perform(
            self, self.app, forms.as_field_error(work, "name", keep=keep), errors=self.errors
        )


class StreetsDialog(forms.FormDialog):
    """The streets of the numbering map, with Add… and Edit….

    Enter or a double-click on a street edits it.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "Streets of the numbering map", save_text="Close")
        self.app = app
        self.setObjectName("streets_dialog")
        self.changed = False
        self.add_top(
            hint(
                "All lots are numbered by the street numbering map on file with the City Clerk "
                "(§ 506-16). Each street says which side carries the odd numbers, which way the "
                "numbers run, and the numbers it may carry."
            )
        )
        self.model = RowsModel(
            (
                TableColumn("Street", lambda r: r.full_name, tooltip=lambda r: r.notes or None),
                TableColumn("Odd side", lambda r: r.odd_side.label.capitalize()),
                TableColumn(
                    "Numbers increase toward", lambda r: r.increases_toward.label.capitalize()
                ),
                TableColumn("Numbers", lambda r: r.range_text, align=RIGHT),
                TableColumn(
                    "Grid base",
                    lambda r: "" if r.grid_base is None else str(r.grid_base),
                    align=RIGHT,
                ),
                TableColumn("Assigned", lambda r: f"{r.assigned:,}", align=RIGHT),
            ),
            self,
        )
        self.table = forms.make_table(self.model, name="streets_table")
        forms.size_columns(self.table, {0: 22, 1: 9, 2: 22, 3: 11, 4: 9})
        self.table.setMinimumHeight(self.table.verticalHeader().defaultSectionSize() * 10 + 4)
        self.add_button = QPushButton("&Add street…")
        self.add_button.setObjectName("add_street_button")
        self.edit_button = QPushButton("&Edit…")
        self.edit_button.setObjectName("edit_street_button")
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.edit_button)
        buttons.addStretch(1)
        self.count = QLabel()
        self.count.setObjectName("streets_count")
        buttons.addWidget(self.count)
        self._layout.addWidget(self.table, 100)  # the table takes the room, not the spacer
        self._layout.addLayout(buttons)
        self.buttons.removeButton(self.buttons.button(QDialogButtonBox.StandardButton.Cancel))
        self.finish_layout()
        self.add_button.clicked.connect(self.add_street)
        self.edit_button.clicked.connect(self.edit_street)
        self.table.doubleClicked.connect(lambda _i: self.edit_street())
        forms.on_enter(self.table, self.edit_street)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        self._denied = _denied(app, Permission.KEEP_STREET_REGISTER)
        if self._denied:
            self.add_button.setEnabled(False)
            self.add_button.setToolTip(self._denied)
        self.resize(860, 480)
        self.refresh()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> bool:
        """Show the streets; True when one was added or changed."""
        dialog = cls(parent, app)
        forms.run_modal(dialog)
        return dialog.changed

    def refresh(self, select_id: int | None = None) -> None:
        rows = perform(self, self.app, street_rows, writes=False) or []
        self.model.set_rows(rows)
        self.count.setText(
            f"{len(rows)} street{'s' if len(rows) != 1 else ''}" if rows else "No streets yet"
        )
        number = self.model.row_of(lambda r: r.id == select_id) if select_id else 0
        forms.select_row(self.table, max(number, 0))
        self._update_buttons()

    def selected(self) -> StreetRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, StreetRow) else None

    def _update_buttons(self) -> None:
        chosen = self.selected() is not None
        self.edit_button.setEnabled(chosen and not self._denied)
        self.edit_button.setToolTip(self._denied or ("" if chosen else "Choose a street"))

    def add_street(self) -> None:
        if self._denied:
            return
        street_id = StreetDialog.ask(self, self.app)
        if street_id is not None:
            self.changed = True
            self.refresh(street_id)

    def edit_street(self) -> None:
        row = self.selected()
        if row is None or self._denied:
            return
        if StreetDialog.ask(self, self.app, row) is not None:
            self.changed = True
            self.refresh(row.id)

    def save(self) -> None:
        self.accept()

    def commit(self) -> object:
        return True


# ---- choosing a parcel ---------------------------------------------------------------------------

PICKER_ROWS = 7
"""Matches a picker shows at once: enough to choose among neighbours without scrolling."""


def give_room(table: QTableView, *, fixed: Sequence[int] = ()) -> None:
    """A picker's list of matches, :data:`PICKER_ROWS` high, its columns sharing the width it
    has (never a sideways scroll bar): the columns in ``fixed`` as wide as what they hold
    (a parcel number), the others stretched, their text cut with an ellipsis if need be."""
    rows = table.verticalHeader().defaultSectionSize() * PICKER_ROWS
    table.setFixedHeight(rows + 2 * table.frameWidth())
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    header = table.horizontalHeader()
    for column in range(header.count()):
        mode = (
            QHeaderView.ResizeMode.ResizeToContents
            if column in fixed
            else QHeaderView.ResizeMode.Stretch
        )
        header.setSectionResizeMode(column, mode)


class ParcelPicker(QWidget):
    """Choose a parcel by typing part of its number, its site address or its owner's name.

    Signals: ``parcel_changed(object)`` with the chosen :class:`ParcelRow` or None.
    """

    parcel_changed = Signal(object)

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.parcel: ParcelRow | None = None
        self.search_field = forms.SearchField("Parcel number, site address or owner")
        self.search_field.setObjectName("parcel_search")
        self.model = RowsModel(
            (
                TableColumn("Parcel", lambda r: r.parcel_number),
                TableColumn(
                    "Site address", lambda r: r.site_address, tooltip=lambda r: r.site_address
                ),
                TableColumn("Owner", lambda r: r.owner_name, tooltip=lambda r: r.owner_name),
            ),
            self,
        )
        self.table: QTableView = forms.make_table(self.model, name="parcel_table")
        self.table.horizontalHeader().setVisible(False)
        give_room(self.table, fixed=(0,))
        self.chosen = QLabel()
        self.chosen.setObjectName("parcel_chosen")
        self.chosen.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search_field)
        layout.addWidget(self.table)
        layout.addWidget(self.chosen)
        self.search_field.search_requested.connect(self.search)
        self.search_field.move_down.connect(self._enter_list)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._take_current())
        self.search("")
        self._show_chosen()

    def search(self, text: str) -> None:
        rows = perform(self, self.app, lambda a: parcel_rows(a, text), writes=False) or []
        self.model.set_rows(rows)
        if self.parcel is not None:
            chosen = self.parcel
            forms.select_row(self.table, self.model.row_of(lambda r: r.id == chosen.id))

    def _enter_list(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.model.rowCount():
            forms.select_row(self.table, max(0, self.table.currentIndex().row()))
            self._take_current()

    def _take_current(self) -> None:
        row = forms.selected_row(self.table)
        if isinstance(row, ParcelRow) and row != self.parcel:
            self.parcel = row
            self._show_chosen()
            self.parcel_changed.emit(row)

    def _show_chosen(self) -> None:
        if self.parcel is None:
            self.chosen.setText(
                "Parcel: <i>none chosen</i> — not listed? Add it under People &amp; Parcels."
            )
            return
        where = f" · {html.escape(self.parcel.site_address)}" if self.parcel.site_address else ""
        self.chosen.setText(f"Parcel: <b>{html.escape(self.parcel.parcel_number)}</b>{where}")


# ---- the number and its live check ---------------------------------------------------------------


class NumberCheck(QWidget):
    """The number field, its findings as they change, and the Inspector's acceptance of warnings.

    ``proposal()`` (given by the form) says what to check; None while something is missing, with
    the reason shown instead of findings.

    Signals: ``checked(list)`` with the findings after each check.
    """

    checked = Signal(list)

    def __init__(
        self,
        app: App,
        proposal: Callable[[], Proposal | str | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.app = app
        self._proposal = proposal
        self.findings_list: list[Finding] = []
        self.number = digits_edit("number", "e.g. 125", width_chars=7)
        self.findings = FindingsView(app, empty_text="No problem with this number.")
        self.findings.setObjectName("number_findings")
        self.accept_box = QCheckBox("The Building Inspector accepts these warnings")
        self.accept_box.setObjectName("accept_warnings")
        self.accept_box.setVisible(False)
        self.status = QLabel()
        self.status.setObjectName("number_status")
        self.status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.status)
        layout.addWidget(self.findings)
        layout.addWidget(self.accept_box)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(CHECK_DELAY_MS)
        self._timer.timeout.connect(self.check_now)

    def schedule(self) -> None:
        self._timer.start()

    def pending(self) -> bool:
        return self._timer.isActive()

    def value(self) -> int | None:
        text = self.number.text().strip().replace(",", "")
        return int(text) if text.isdigit() else None

    def check_now(self) -> list[Finding]:
        """Ask the core about the number as it stands; the findings are shown and returned."""
        self._timer.stop()
        proposal = self._proposal()
        found: list[Finding] = []
        if isinstance(proposal, Proposal):
            found = (
                perform(
                    self,
                    self.app,
                    lambda a: street_views.number_findings(a, proposal),
                    writes=False,
                )
                or []
            )
            self.status.setVisible(False)
            self.findings.setVisible(True)
        else:
            self.status.setText(f"<i>{html.escape(proposal or '')}</i>")
            self.status.setVisible(bool(proposal))
            self.findings.setVisible(False)
        self.show_findings(found)
        return found

    def show_findings(self, found: Sequence[Finding]) -> None:
        """Show the findings. The Inspector's acceptance is of the warnings read: when they
        change (another number, side or position), it is asked for again."""
        warnings = [f for f in found if f.level == "warn"]
        if warnings != [f for f in self.findings_list if f.level == "warn"]:
            self.accept_box.setChecked(False)
        self.findings_list = list(found)
        self.findings.set_findings(found)
        self.accept_box.setVisible(bool(warnings) and not self.blocked())
        self.checked.emit(self.findings_list)

    def blocked(self) -> bool:
        return any(f.blocks for f in self.findings_list)

    def warned(self) -> bool:
        return any(f.level == "warn" for f in self.findings_list)

    def may_save(self) -> tuple[bool, str]:
        """Whether Save may be pressed, and if not, why (the Save button's tooltip)."""
        if self.blocked():
            return False, "The number cannot be assigned: see what stops it under the number."
        if self.warned() and not self.accept_box.isChecked():
            return False, "Tick that the Building Inspector accepts the warnings to go on."
        return True, ""


def refused_number(form: forms.FormDialog, found: Sequence[Finding]) -> bool:
    """Show what stops the number under the number field (Save was pressed before the live
    check caught up); True if something does."""
    stops = [f for f in found if f.blocks]
    if stops:
        form.errors.clear()
        form.errors.show(InvalidInput(stops[0].text, field="number", cite=stops[0].cite))
    return bool(stops)


def _position_ft(edit: QLineEdit) -> int | None:
    return whole_number(edit, "position_ft", "the position in feet", optional=True)


class AssignNumberDialog(_TwoColumns):
    """Assign an official street number (§ 506-16): street, side, position, parcel, kind, unit,
    owner; Suggest asks the core for the number that keeps the numbering continuous and says
    why; the number typed is checked as it changes.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, *, street_id: int | None = None) -> None:
        super().__init__(parent, "Assign a street number", save_text="Assign", ratio=2)
        self.app = app
        self.setObjectName("assign_dialog")
        self.add_top(
            forms.banner(
                WHO_ASSIGNS + " Recording the number prints the official letter to the owner.",
                tone="info",
            )
        )
        self.streets: list[StreetRow] = [
            r for r in perform(self, app, street_rows, writes=False) or [] if r.active
        ]
        self.street = QComboBox()
        self.street.setObjectName("street")
        for row in self.streets:
            self.street.addItem(row.full_name, row.id)
        self.side = QComboBox()
        self.side.setObjectName("side")
        self.position = digits_edit("position_ft", "e.g. 250", width_chars=9)
        self.parcel = ParcelPicker(app)
        self.kind = kind_box()
        self.unit = forms.limit_to(QLineEdit(), "Address.unit")
        self.unit.setObjectName("unit")
        self.unit.setPlaceholderText("only for an apartment or unit, e.g. Apt 2")
        self.owner = PartyPicker(app, role="owner", name="owner")
        give_room(self.owner.table)
        self.check = NumberCheck(app, self.proposal)
        self.number = self.check.number
        self.suggest_button = QPushButton("Su&ggest")
        self.suggest_button.setObjectName("suggest_button")
        self.suggest_button.setToolTip(
            "The number that keeps the numbering continuous, on the side's parity, between the "
            "neighbours (needs the street, side and position)"
        )
        self.explanation = QLabel()
        self.explanation.setObjectName("explanation")
        self.explanation.setWordWrap(True)
        self.explanation.setStyleSheet(text_sheet(QUIET))
        self.explanation.setVisible(False)
        self.notes = QLineEdit()
        self.notes.setObjectName("notes")
        self._suggested: int | None = None

        self.add_to(self.left, "&Street", self.street, "street_id")
        self.add_to(self.left, "S&ide", left_aligned(self.side), "side")
        position_box = QWidget()
        position_row = QHBoxLayout(position_box)
        position_row.setContentsMargins(0, 0, 0, 0)
        position_row.addWidget(self.position)
        position_row.addWidget(QLabel("ft along the street"))
        position_row.addStretch(1)
        self.add_to(self.left, "&Position", position_box, "position_ft")
        self.add_to(self.left, "P&arcel", self.parcel, "parcel_id")
        self.add_to(self.left, "&Building", self.kind, "building_kind")
        self.add_to(self.left, "&Unit", self.unit, "unit")
        self.add_to(self.right, "&Owner", self.owner, "owner_id")
        number_box = QWidget()
        number_row = QHBoxLayout(number_box)
        number_row.setContentsMargins(0, 0, 0, 0)
        number_row.addWidget(self.number)
        number_row.addWidget(self.suggest_button)
        number_row.addStretch(1)
        self.add_to(self.right, "&Number", number_box, "number")
        self.right.addRow("", self.explanation)
        self.right.addRow("", self.check)
        self.add_to(self.right, "No&tes", self.notes, "notes")
        self.finish_layout()

        self.street.currentIndexChanged.connect(lambda _i: self._street_changed())
        self.side.currentIndexChanged.connect(lambda _i: self.check.schedule())
        self.position.textChanged.connect(lambda _t: self.check.schedule())
        self.kind.currentIndexChanged.connect(lambda _i: self.check.schedule())
        self.unit.textChanged.connect(lambda _t: self.check.schedule())
        self.number.textChanged.connect(lambda _t: self._number_typed())
        self.parcel.parcel_changed.connect(self._parcel_changed)
        self.suggest_button.clicked.connect(self.suggest)
        self.check.checked.connect(lambda _f: self._update_save())
        self.check.accept_box.toggled.connect(lambda _on: self._update_save())
        if street_id is not None:
            self.street.setCurrentIndex(max(0, self.street.findData(street_id)))
        self._street_changed()
        self.denied = _denied(app, Permission.ASSIGN_STREET_NUMBERS)
        if self.denied:
            self.set_read_only(self.denied)
        elif not self.streets:
            self.set_read_only(
                "There are no streets in the numbering map yet: add them under Streets…."
            )
        order = (
            self.street,
            self.side,
            self.position,
            self.parcel.search_field,
            self.parcel.table,
            self.kind,
            self.unit,
            self.owner.search_field,
            self.owner.table,
            self.number,
            self.suggest_button,
            self.check.accept_box,
            self.notes,
        )
        for first, second in itertools.pairwise(order):
            self.setTabOrder(first, second)
        self.resize(1160, self.sizeHint().height())
        self.check.check_now()
        self.street.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, *, street_id: int | None = None) -> int | None:
        """Show the form; the id of the address assigned, or None if cancelled."""
        dialog = cls(parent, app, street_id=street_id)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    # ---- what the form holds -----------------------------------------------------------------

    def street_row(self) -> StreetRow | None:
        street_id = self.street.currentData()
        return next((r for r in self.streets if r.id == street_id), None)

    def chosen_side(self) -> Compass | None:
        value = self.side.currentData()
        return Compass(value) if value else None

    def proposal(self) -> Proposal | str | None:
        street, side, parcel = self.street_row(), self.chosen_side(), self.parcel.parcel
        number = self.check.value()
        if street is None or side is None:
            return "Choose the street and the side."
        if parcel is None:
            return "Choose the parcel to check the number against the register."
        if number is None:
            return "Type the number, or press Suggest."
        try:
            position = _position_ft(self.position)
        except InvalidInput:
            position = None
        return Proposal(
            street.id,
            number,
            parcel.id,
            side,
            BuildingKind(self.kind.currentData()),
            self.unit.text(),
            position,
        )

    # ---- behaviour ---------------------------------------------------------------------------

    def _street_changed(self) -> None:
        row = self.street_row()
        self.side.blockSignals(True)
        self.side.clear()
        for side, label in row.sides if row else ():
            self.side.addItem(label, side)
        self.side.blockSignals(False)
        self.check.schedule()

    def _parcel_changed(self, parcel: ParcelRow | None) -> None:
        if parcel is not None and parcel.owner_id is not None:
            owner = party_row(self.app, self, parcel.owner_id)
            if owner is not None:
                self.owner.choose(owner)
        self.check.schedule()

    def _number_typed(self) -> None:
        if self._suggested is not None and self.check.value() != self._suggested:
            self.explanation.setVisible(False)
            self._suggested = None
        self.check.schedule()

    def _update_save(self) -> None:
        if self.denied or not self.streets:
            return
        ok, why = self.check.may_save()
        self.save_button.setEnabled(ok)
        self.save_button.setToolTip(why)

    def suggest(self) -> None:
        """Ask the core for the number; put it in the field with the reason under it."""
        self.errors.clear()
        street, side = self.street_row(), self.chosen_side()
        if street is None or side is None:
            self.errors.show(InvalidInput("Choose the street and the side.", field="side"))
            return
        try:
            position = _position_ft(self.position)
        except InvalidInput as error:
            self.errors.show(error)
            return
        if position is None:
            self.errors.show(
                InvalidInput(
                    "Enter the lot's position along the street (feet from its start) to get a "
                    "suggestion.",
                    field="position_ft",
                )
            )
            return
        parcel_id = self.parcel.parcel.id if self.parcel.parcel else None
        unit = self.unit.text()
        suggestion = perform(
            self,
            self.app,
            lambda a: street_views.suggestion(
                a,
                street.id,
                side=side,
                position_ft=position,
                parcel_id=parcel_id,
                unit=unit,
            ),
            writes=False,
            errors=self.errors,
        )
        if suggestion is None:
            return
        self.explanation.setText(html.escape(suggestion.explanation))
        self.explanation.setVisible(True)
        if suggestion.number is None:
            self._suggested = None
            self.check.show_findings(suggestion.findings)
            self.check.findings.setVisible(True)
            self.check.status.setVisible(False)
            return
        self._suggested = suggestion.number
        self.number.setText(str(suggestion.number))
        self.check.check_now()
        if suggestion.findings:
            self.check.show_findings([*suggestion.findings, *self.check.findings_list])

    def commit(self) -> object:
        if refused_number(self, self.check.check_now()):
            return None
        street, side, parcel = self.street_row(), self.chosen_side(), self.parcel.parcel
        owner = self.owner.party
        accept = self.check.accept_box.isChecked()

        def work(action: Action) -> int:
            if street is None:
                raise InvalidInput("Choose the street.", field="street_id")
            if side is None:
                raise InvalidInput("Choose the side.", field="side")
            if parcel is None:
                raise InvalidInput("Choose the parcel the building stands on.", field="parcel_id")
            number = whole_number(self.number, "number", "the street number")
            assert number is not None
            return records.assign_number(
                action,
                AssignmentData(
                    street_id=street.id,
                    number=number,
                    parcel_id=parcel.id,
                    side=side,
                    building_kind=BuildingKind(self.kind.currentData()),
                    unit=self.unit.text(),
                    position_ft=_position_ft(self.position),
                    owner_id=owner.id if owner else None,
                    notes=self.notes.text(),
                    accept_warnings=accept,
                ),
            )

        keep = ("street_id", "side", "parcel_id", "position_ft", "unit", "owner_id", "notes")
        return perform(
            self, self.app, forms.as_field_error(work, "number", keep=keep), errors=self.errors
        )


# ---- changing and retiring -----------------------------------------------------------------------


class ChangeAddressDialog(_TwoColumns):
    """Alter an official address with the reason; the old value, the new, who and when go into
    its history (§ 506-16 (Altering numbers)).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: AddressRow) -> None:
        super().__init__(parent, f"Change {row.text}", save_text="Record the change", ratio=2)
        self.app = app
        self.row = row
        self.setObjectName("change_dialog")
        self.add_top(
            forms.banner(
                f"{row.text} (parcel {row.parcel_number}). A number is never overwritten "
                "silently: the change is recorded in the address's history with the old value, "
                f"the new, who, when and why ({ALTER_CITE}). A new number needs a new letter to "
                "the owner.",
                tone="info",
            )
        )
        streets = perform(self, app, street_rows, writes=False) or []
        street = next((s for s in streets if s.id == row.street_id), None)
        self.side = QComboBox()
        self.side.setObjectName("side")
        for side, label in street.sides if street else ((row.side, row.side_text),):
            self.side.addItem(label, side)
        self.side.setCurrentIndex(max(0, self.side.findData(row.side)))
        self.position = digits_edit("position_ft", "e.g. 250", width_chars=9)
        self.position.setText("" if row.position_ft is None else str(row.position_ft))
        self.kind = kind_box()
        self.kind.setCurrentIndex(self.kind.findData(row.kind))
        self.unit = forms.limit_to(QLineEdit(row.unit), "Address.unit")
        self.unit.setObjectName("unit")
        owner = party_row(app, self, row.owner_id) if row.owner_id is not None else None
        self.owner = PartyPicker(app, role="owner", chosen=owner, name="owner")
        give_room(self.owner.table)
        self.check = NumberCheck(app, self.proposal)
        self.number = self.check.number
        self.number.setText(str(row.number))
        self.notes = QLineEdit(row.notes)
        self.notes.setObjectName("notes")
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText(
            "required: why, e.g. lot split; owner's request approved by the Inspector"
        )

        self.add_to(self.left, "Street", QLabel(html.escape(row.street)))
        number_box = QWidget()
        number_row = QHBoxLayout(number_box)
        number_row.setContentsMargins(0, 0, 0, 0)
        number_row.addWidget(self.number)
        number_row.addStretch(1)
        self.add_to(self.left, "&Number", number_box, "number")
        self.left.addRow("", self.check)
        self.add_to(self.left, "&Unit", self.unit, "unit")
        self.add_to(self.left, "S&ide", left_aligned(self.side), "side")
        position_box = QWidget()
        position_row = QHBoxLayout(position_box)
        position_row.setContentsMargins(0, 0, 0, 0)
        position_row.addWidget(self.position)
        position_row.addWidget(QLabel("ft along the street"))
        position_row.addStretch(1)
        self.add_to(self.left, "&Position", position_box, "position_ft")
        self.add_to(self.left, "&Building", self.kind, "building_kind")
        self.add_to(self.right, "&Owner", self.owner, "owner_id")
        self.add_to(self.right, "No&tes", self.notes, "notes")
        self.add_to(self.right, "&Why", self.reason, "reason")
        self.finish_layout()
        for signal in (self.side.currentIndexChanged, self.kind.currentIndexChanged):
            signal.connect(lambda _i: self.check.schedule())
        for edit in (self.position, self.unit, self.number):
            edit.textChanged.connect(lambda _t: self.check.schedule())
        self.check.checked.connect(lambda _f: self._update_save())
        self.check.accept_box.toggled.connect(lambda _on: self._update_save())
        self.denied = _denied(app, Permission.ASSIGN_STREET_NUMBERS)
        if self.denied:
            self.set_read_only(self.denied)
        self.resize(940, self.sizeHint().height())
        self.check.check_now()
        self.number.setFocus()
        self.number.selectAll()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: AddressRow) -> str | None:
        """Show the form; the address as it now reads, or None if cancelled."""
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, str):
            return dialog.result_value
        return None

    def numbering_changed(self) -> bool:
        row = self.row
        try:
            position = _position_ft(self.position)
        except InvalidInput:
            return True
        return (
            self.check.value(),
            " ".join(self.unit.text().split()).casefold(),
            self.side.currentData(),
            position,
            self.kind.currentData(),
        ) != (row.number, row.unit.casefold(), row.side, row.position_ft, row.kind)

    def proposal(self) -> Proposal | str | None:
        if not self.numbering_changed():
            return "The number, unit, side, position and kind are as recorded."
        number = self.check.value()
        if number is None:
            return "Type the number."
        try:
            position = _position_ft(self.position)
        except InvalidInput:
            position = None
        return Proposal(
            self.row.street_id,
            number,
            self.row.parcel_id,
            Compass(self.side.currentData()),
            BuildingKind(self.kind.currentData()),
            self.unit.text(),
            position,
            self.row.id,
        )

    def _update_save(self) -> None:
        if self.denied:
            return
        ok, why = self.check.may_save()
        self.save_button.setEnabled(ok)
        self.save_button.setToolTip(why)

    def commit(self) -> object:
        if refused_number(self, self.check.check_now()):
            return None
        row, reason = self.row, self.reason.text()
        owner = self.owner.party
        accept = self.check.accept_box.isChecked()

        def work(action: Action) -> str:
            number = whole_number(self.number, "number", "the street number")
            assert number is not None
            address = street_numbers.change_address(
                action,
                row.id,
                AddressEdit(
                    number=number,
                    unit=self.unit.text(),
                    building_kind=BuildingKind(self.kind.currentData()),
                    side=Compass(self.side.currentData()),
                    position_ft=_position_ft(self.position),
                    owner_id=owner.id if owner else None,
                    notes=self.notes.text(),
                    accept_warnings=accept,
                ),
                reason=reason,
            )
            return street_numbers.address_text(address)

        keep = ("side", "position_ft", "unit", "owner_id", "notes", "reason")
        return perform(
            self, self.app, forms.as_field_error(work, "number", keep=keep), errors=self.errors
        )


class RetireDialog(_Form):
    """Take a number out of use, with the reason; it stays in the register and its history.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: AddressRow) -> None:
        super().__init__(parent, f"Retire {row.text}", save_text="Retire")
        self.app = app
        self.row = row
        self.setObjectName("retire_dialog")
        self.add_top(
            forms.banner(
                f"{row.text} (parcel {row.parcel_number}) leaves use: it stays in the register "
                "and its history, marked retired, and the number may later be assigned again.",
                tone="info",
            )
        )
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText("e.g. building demolished; lots combined")
        self.add_field("&Why", self.reason, "reason")
        self.finish_layout()
        if denied := _denied(app, Permission.ASSIGN_STREET_NUMBERS):
            self.set_read_only(denied)
        self.resize(520, self.sizeHint().height())
        self.reason.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: AddressRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, row)))

    def commit(self) -> object:
        address_id, reason = self.row.id, self.reason.text()

        def work(action: Action) -> bool:
            street_numbers.retire_address(action, address_id, reason=reason)
            return True

        return perform(self, self.app, forms.as_field_error(work, "reason"), errors=self.errors)


# ---- noncompliance -------------------------------------------------------------------------------


class ObserveDialog(_Form):
    """Record that a building's numbers are missing or improper; the owner has 20 days.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: AddressRow) -> None:
        super().__init__(parent, f"Numbers missing — {row.text}", save_text="Record")
        self.app = app
        self.row = row
        self.setObjectName("observe_dialog")
        self.add_top(
            forms.banner(
                f"{row.text}{' (' + row.owner + ')' if row.owner else ''}. If the owner neglects "
                "for 20 days to attach and keep the proper numbers, the City serves a notice; 10 "
                f"days after service without compliance, a forfeiture under § 1-4 "
                f"({NONCOMPLIANCE_CITE}).",
                tone="info",
            )
        )
        self.observed_on = forms.date_edit(app.desk.clock.today(), name="observed_on")
        self.observation = QLineEdit()
        self.observation.setObjectName("observation")
        self.observation.setPlaceholderText(
            "what was seen: no numbers; numbers too small; on the garage door …"
        )
        self.add_field("&Seen on", left_aligned(self.observed_on), "observed_on")
        self.add_field("&What was seen", self.observation, "observation")
        self.finish_layout()
        if denied := _denied(app, Permission.KEEP_STREET_REGISTER):
            self.set_read_only(denied)
        self.resize(600, self.sizeHint().height())
        self.observation.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: AddressRow) -> int | None:
        """Show the form; the id of the case opened, or None if cancelled."""
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        address_id = self.row.id
        observed_on, observation = forms.to_date(self.observed_on), self.observation.text()

        def work(action: Action) -> int:
            return records.observe_noncompliance(
                action, address_id, observed_on=observed_on, observation=observation
            )

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "observed_on", keep=("observation",)),
            errors=self.errors,
        )


CASE_ACTS: dict[str, tuple[str, str, str]] = {
    # act: (title, save button, the core's name of the date field)
    "serve": ("Serve the notice", "Record service", "served_on"),
    "refer": ("Refer for a forfeiture (§ 1-4)", "Refer", "referred_on"),
    "complied": ("Numbers posted — close the case", "Close the case", "closed_on"),
    "withdraw": ("Withdraw the case", "Withdraw", "closed_on"),
}


class CaseActDialog(_Form):
    """One act on a noncompliance case: serve the notice, refer it, close it as complied, or
    withdraw it. The core's refusal (a notice before the 20 days are out, a referral before the
    10 days after service) shows under the date with its section.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: CaseRow, act: str) -> None:
        title, save, date_field = CASE_ACTS[act]
        super().__init__(parent, f"{title} — {row.address}", save_text=save)
        self.app = app
        self.row = row
        self.act = act
        self.date_field = date_field
        self.setObjectName(f"{act}_dialog")
        when = ""
        if act == "serve":
            when = (
                f" A notice may be served from {words.format_day(row.notice_from)}, after 20 days' "
                f"neglect ({NONCOMPLIANCE_CITE})."
            )
        elif act == "refer" and row.referral_from is not None:
            when = (
                f" The case may be referred from {words.format_day(row.referral_from)}, 10 days "
                f"after service ({NONCOMPLIANCE_CITE})."
            )
        summary = forms.banner(case_summary(row) + when, tone="info")
        summary.setObjectName("case_banner")
        self.add_top(summary)
        self.on = forms.date_edit(app.desk.clock.today(), name=date_field)
        date_label = {
            "serve": "&Served on",
            "refer": "&Referred on",
            "complied": "&Numbers posted on",
            "withdraw": "&Withdrawn on",
        }[act]
        self.add_field(date_label, left_aligned(self.on), date_field)
        self.manner: QComboBox | None = None
        self.note: QLineEdit | None = None
        self.print_button: QPushButton | None = None
        if act == "serve":
            self.manner = QComboBox()
            self.manner.setObjectName("manner")
            self.manner.addItems(list(SERVICE_MANNERS))
            self.print_button = QPushButton("&Print notice")
            self.print_button.setObjectName("print_notice_button")
            self.print_button.setToolTip("Print the notice to hand over or mail")
            manner_box = QWidget()
            manner_row = QHBoxLayout(manner_box)
            manner_row.setContentsMargins(0, 0, 0, 0)
            manner_row.addWidget(self.manner)
            manner_row.addStretch(1)
            manner_row.addWidget(self.print_button)
            self.add_field("&How", manner_box, "manner")
            self.print_button.clicked.connect(lambda: print_notice(self, self.app, self.row.id))
            if not row.notice_printable(app.desk.clock.today()):
                self.print_button.setEnabled(False)
                self.print_button.setToolTip(
                    f"The notice may be printed from {words.format_day(row.notice_from)}, after "
                    "20 days' neglect"
                )
        elif act in ("complied", "withdraw"):
            self.note = QLineEdit()
            self.note.setObjectName("close_note")
            self.note.setPlaceholderText(
                "why it was recorded in error"
                if act == "withdraw"
                else "optional, e.g. seen posted"
            )
            self.add_field("&Why" if act == "withdraw" else "&Note", self.note, "close_note")
        self.finish_layout()
        if denied := _denied(app, Permission.KEEP_STREET_REGISTER):
            self.set_read_only(denied)
        self.resize(600, self.sizeHint().height())
        (self.note or self.manner or self.on).setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: CaseRow, act: str) -> bool:
        return bool(forms.run_modal(cls(parent, app, row, act)))

    def commit(self) -> object:
        case_id, on, act = self.row.id, forms.to_date(self.on), self.act
        manner = self.manner.currentText() if self.manner is not None else ""
        note = self.note.text() if self.note is not None else ""

        def work(action: Action) -> bool:
            if act == "serve":
                street_numbers.serve_notice(action, case_id, served_on=on, manner=manner)
            elif act == "refer":
                street_numbers.refer_case(action, case_id, referred_on=on)
            else:
                street_numbers.close_case(
                    action, case_id, on=on, note=note, withdrawn=act == "withdraw"
                )
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(work, self.date_field, keep=("manner", "close_note")),
            errors=self.errors,
        )


# ---- importing an address list -------------------------------------------------------------------

PROBLEM_COLOURS = {"error": BAD_BACKGROUND, "warning": LATE_BACKGROUND}


def read_and_check(app: App, path: str) -> tuple[list[Any], ImportReport]:
    """Read the file and report on it, writing nothing (on a worker thread)."""
    from reports.excel import read_table

    rows = read_table(path)
    with app.desk.lookup(app.operator) as action:
        report = check_import(action, rows)
    return rows, report


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
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        for button in (self.save_problems_button, self.again_button, self.close_button):
            button.setAutoDefault(False)
        self.save_problems_button.clicked.connect(self.save_problems)
        self.again_button.clicked.connect(self.check_again)
        self.import_button.clicked.connect(self.do_import)
        self.close_button.clicked.connect(self.reject)
        self.denied = _denied(app, Permission.KEEP_STREET_REGISTER)
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
        self.model.set_rows(report.problems)
        errors, warnings = len(report.errors), len(report.warnings)
        e = html.escape
        lines = [
            f"<b>{e(Path(self.path).name)}</b>: {_count(report.lines, 'line')} of addresses read."
        ]
        if errors:
            failed = len({p.line for p in report.errors})
            lines.append(
                f"<span style='color:{MAY_NOT_COLOUR}'><b>{_count(errors, 'error')}</b> on "
                f"{_count(failed, 'line')}: nothing will be imported until every error is "
                "corrected in the file.</span> Correct the file, save it, and press Check the "
                "file again."
            )
        else:
            lines.append(
                f"<span style='color:{MAY_ISSUE_COLOUR}'><b>No errors.</b></span> "
                f"{_count(len(report.rows), 'address', 'addresses')} ready to import."
            )
        if warnings:
            lines.append(
                f"<span style='color:{ASK_COLOUR}'><b>{_count(warnings, 'warning')}</b></span> "
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
            self, "Save the problems", f"{stem}-problems.xlsx", EXCEL_FILTER
        )
        if not target:
            return
        if not target.lower().endswith(".xlsx"):
            target += ".xlsx"
        problems: list[ImportProblem] = list(self.report.problems)
        source = Path(self.path).name
        written = operations.attempt(
            self, lambda: import_problems_excel(target, problems, source=source)
        )
        if written is not None:
            self.summary.setText(
                self.summary.text() + f"<br>{_count(written, 'problem')} saved to "
                f"{html.escape(Path(target).name)}."
            )

    def check_again(self) -> None:
        app, path = self.app, self.path

        def done(result: tuple[list[Any], ImportReport]) -> None:
            self.rows, self.report = result
            self.show_report()

        run_in_background(
            self,
            lambda _progress: read_and_check(app, path),
            title="Checking the file…",
            on_done=done,
        )

    def do_import(self) -> None:
        """Write the file on a worker thread (20,000 lines take a while), behind a progress
        dialog whose Cancel stops it with nothing written; the report closes when it is done."""
        if not (self.report.ok and self.report.rows) or self.denied:
            return
        app, rows, source = self.app, self.rows, Path(self.path).name

        def work(progress: Callable[[int], bool]) -> ImportReport:
            with app.desk.action(app.operator) as action:
                return import_addresses(action, rows, source=source, progress=progress)

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
