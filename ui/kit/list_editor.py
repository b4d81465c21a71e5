"""A list the clerk types into a table, line by line, or imports from a spreadsheet: a sponsoring
organization's sponsors and participants (Special Event Vending), the owners and occupants
within 100 feet of a sidewalk cafe. The form places the table and the row of its buttons where
it wants them; the core reads and checks what was typed or imported, and names the line of the
first problem.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMessageBox, QPushButton, QTableView, QWidget

from clerk_desk.words import plural
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.background import while_painting
from ui.kit.edit_rows import EditColumn, EditRowsModel, editable_table
from ui.kit.operations import FieldErrors, attempt
from ui.kit.style import text_sheet

LIST_FILTER = "Spreadsheets (*.xlsx *.xlsm *.csv);;All files (*)"


@dataclass(frozen=True, slots=True)
class ListNames:
    """The object names of the list's widgets (the tests and the accessibility tools find them
    by these)."""

    table: str
    add: str
    remove: str
    import_: str
    count: str


class ListEditor:
    """The table of the list, its Add name, Remove and Import buttons in a row
    (:attr:`buttons`) and the count at the row's end. ``blank`` makes an empty line; a row's
    ``blank`` property says a line was left wholly empty, and so is not part of the list."""

    def __init__(
        self,
        parent: QWidget,
        columns: Sequence[EditColumn],
        *,
        blank: Callable[[], Any],
        names: ListNames,
        import_tip: str,
        count_colour: str,
    ) -> None:
        self.blank = blank
        self.model = EditRowsModel(columns, parent)
        self.table: QTableView = editable_table(self.model, name=names.table)
        self.add_button = QPushButton("Add &name")
        self.add_button.setObjectName(names.add)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName(names.remove)
        self.import_button = QPushButton("Import from E&xcel or CSV…")
        self.import_button.setObjectName(names.import_)
        self.import_button.setToolTip(import_tip)
        self.count = QLabel()
        self.count.setObjectName(names.count)
        self.count.setStyleSheet(text_sheet(count_colour))
        self.buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.import_button):
            self.buttons.addWidget(button)
        self.buttons.addStretch(1)
        self.buttons.addWidget(self.count)
        self.add_button.clicked.connect(self.add_line)
        self.remove_button.clicked.connect(self.remove_line)

    def rows(self) -> list[Any]:
        """The names typed or imported; lines left wholly empty are not part of the list."""
        return [row for row in self.model.rows if not row.blank]

    def add_line(self) -> None:
        """A new empty line at the end, its first cell open for typing."""
        at = self.model.insert(self.blank())
        index = self.model.index(at, 0)
        self.table.setCurrentIndex(index)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        self.table.edit(index)

    def remove_line(self) -> None:
        """Take off the current line; the cursor stays on the line that takes its place."""
        index = self.table.currentIndex()
        if not index.isValid():
            return
        self.model.remove(index.row())
        left = min(index.row(), self.model.rowCount() - 1)
        if left >= 0:
            self.table.setCurrentIndex(self.model.index(left, 0))

    def lock(self) -> None:
        """Nothing can be typed, added, removed or imported: the form is read only."""
        for button in (self.add_button, self.remove_button, self.import_button):
            button.setEnabled(False)
        self.table.setEditTriggers(self.table.EditTrigger.NoEditTriggers)

    def import_list(
        self,
        parent: QWidget,
        *,
        title: str,
        read: Callable[[str], list[Any]],
        errors: FieldErrors,
        held_in: str,
    ) -> None:
        """Ask for a spreadsheet and ``read`` it (the core's refusal shows under the list);
        when names are typed already (``held_in`` "the form", "the list"), ask whether to
        replace them or add to them."""
        path = forms.ask_open_path(parent, title, LIST_FILTER)
        if not path:
            return
        # Off the window's thread, which repaints meanwhile: the day's first workbook imports
        # openpyxl (90 ms).
        people = attempt(parent, lambda: while_painting(lambda: read(path)), errors=errors)
        if people is None:
            return
        typed = self.rows()
        if typed:
            box = QMessageBox(
                QMessageBox.Icon.Question,
                "Import the list",
                f"{Path(path).name} names {plural(len(people), 'name')}. Replace the "
                f"{plural(len(typed), 'name')} in {held_in} with them, or add them?",
                QMessageBox.StandardButton.Yes
                | QMessageBox.StandardButton.No
                | QMessageBox.StandardButton.Cancel,
                parent,
            )
            box.setObjectName("import_question")
            box.button(QMessageBox.StandardButton.Yes).setText("Replace")
            box.button(QMessageBox.StandardButton.No).setText("Add to them")
            answer = operations.ask_message(box)
            if answer == QMessageBox.StandardButton.Cancel:
                return
            if answer == QMessageBox.StandardButton.No:
                people = typed + people
        self.model.set_rows(people)
        self.count.setText(self.count.text() + f" — read from {Path(path).name}")
