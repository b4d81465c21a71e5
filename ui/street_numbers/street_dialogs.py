"""The streets of the numbering map (§ 506-16): the list, and the form to add or correct one."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.kinds import Compass
from clerk_desk.street_numbers import streets
from clerk_desk.street_numbers.acts import RegisterAct
from clerk_desk.street_numbers.streets import StreetData
from clerk_desk.street_numbers.views import (
    StreetRow,
    street_rows,
)
from ui.kit import forms as forms
from ui.kit.fields import left_aligned
from ui.kit.operations import App, perform
from ui.kit.table_models import RIGHT, RowsModel, TableColumn
from ui.street_numbers.parts import (
    COMPASS_CHOICES,
    Form,
    compass_box,
    digits_edit,
    hint,
    register_refusal,
    whole_number,
)

DIRECTIONS = ("", "N", "S", "E", "W", "NE", "NW", "SE", "SW")


class StreetDialog(Form):
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
        if denied := register_refusal(parent, app, RegisterAct.STREETS):
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
                return streets.add_street(action, data)
            return streets.update_street(action, row.id, data)

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
        self._denied = register_refusal(parent, app, RegisterAct.STREETS)
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
