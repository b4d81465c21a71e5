"""The street improvement register of the Street Openings tab (§ 506-7 (Excavation in new streets
limited)): each permanent improvement or repaving, the five years it starts, and the forms that
record one and its completion. Every rule is the core's
(:mod:`clerk_desk.street_openings.improvements`, :mod:`clerk_desk.street_openings.rules`)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
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
from clerk_desk.errors import InvalidInput
from clerk_desk.street_numbers import streets
from clerk_desk.street_openings import improvements as street_openings_improvements
from clerk_desk.street_openings import rules as street_openings_rules
from clerk_desk.street_openings.improvements import (
    ImprovementAct,
    ImprovementData,
    improvement_acts,
)
from clerk_desk.street_openings.rules import (
    NEW_STREETS_CITE,
)
from clerk_desk.street_openings.views import (
    FIELD_LENGTHS,
    ImprovementRow,
    improvement_rows,
)
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit.fields import ChooseDateEdit, left_aligned
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, core_refusal, perform
from ui.kit.style import (
    LATE_BACKGROUND,
)
from ui.kit.table_models import RowsModel, TableColumn
from ui.street_openings.dialogs import findings_box


def improvement_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Street", lambda r: r.street, tooltip=lambda r: r.description or None),
        TableColumn("Limits", lambda r: r.limits),
        TableColumn("Determined", lambda r: words.us_date(r.determined_on)),
        TableColumn(
            "Utility notice",
            lambda r: words.us_date(r.utility_notice_on),
            header_tooltip="The written notice to utilities and abutting owners that their "
            "excavation work in the street must be completed within 30 days",
        ),
        TableColumn("Work begins", lambda r: words.us_date(r.work_begins_on)),
        TableColumn("Completed", lambda r: words.us_date(r.completed_on)),
        TableColumn(
            "No openings through",
            lambda r: words.us_date(r.no_openings_through),
            header_tooltip=f"Five years after the improvement or repaving ({NEW_STREETS_CITE})",
        ),
        TableColumn(
            "Check",
            lambda r: r.check_text,
            tooltip=lambda r: "\n".join(f"{f.text} ({f.cite})" for f in r.findings) or None,
            colour=lambda r: LATE_BACKGROUND if r.findings else None,
        ),
    )


class ImprovementsDialog(QDialog):
    """The register of permanent street improvements and repavings: each starts five years in
    which the street is not opened (§ 506-7 (Excavation in new streets limited)).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent)
        self.app = app
        self.changed = False
        self.setWindowTitle("Street improvements and repavings")
        self.setObjectName("improvements_dialog")
        note = forms.banner(
            "The City determines a permanent improvement or repaving at least 30 days before the "
            "work begins and at once notifies in writing the utilities and abutting owners that "
            "their excavation in the street must be completed within 30 days. After it, no "
            "permit is issued to open the street for five years unless the Common Council, or "
            f"its committee, finds it absolutely essential ({NEW_STREETS_CITE}).",
            tone="info",
        )
        self.model = RowsModel(improvement_columns(), self)
        self.table = forms.make_table(self.model, name="improvements_table")
        forms.size_columns(self.table, {0: 16, 1: 22, 2: 10, 3: 12, 4: 11, 5: 10, 6: 17})
        self.table.setMinimumHeight(self.table.verticalHeader().defaultSectionSize() * 8 + 30)
        self.add_button = QPushButton("&New improvement…")
        self.add_button.setObjectName("add_improvement_button")
        self.complete_button = QPushButton("&Completed…")
        self.complete_button.setObjectName("complete_improvement_button")
        self.complete_button.setToolTip(
            "Record the day the work was completed: the five years start"
        )
        self.count_label = QLabel()
        self.count_label.setObjectName("improvements_count")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.complete_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.count_label)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(close)
        found = perform(parent, app, improvement_acts, writes=False) or {}
        self._may_not = found.get(ImprovementAct.RECORD) or ""
        self._may_not_complete = found.get(ImprovementAct.COMPLETE) or ""
        if self._may_not:
            self.add_button.setEnabled(False)
            self.add_button.setToolTip(self._may_not)
        self.add_button.clicked.connect(self.add_improvement)
        self.complete_button.clicked.connect(self.complete_selected)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        self.resize(1160, 480)
        self.refresh()
        self.table.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> bool:
        """Show the register; True when something was recorded in it."""
        dialog = cls(parent, app)
        forms.run_modal(dialog)
        return dialog.changed

    def selected(self) -> ImprovementRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, ImprovementRow) else None

    def refresh(self, select_id: int | None = None) -> None:
        rows = perform(self, self.app, improvement_rows, writes=False) or []
        self.model.set_rows(rows)
        count = len(rows)
        self.count_label.setText(
            f"{count} improvement{'s' if count != 1 else ''}" if count else "None recorded yet"
        )
        number = self.model.row_of(lambda r: r.id == select_id) if select_id else -1
        forms.select_row(self.table, max(number, 0))
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.selected()
        usable = row is not None and row.completed_on is None
        self.complete_button.setEnabled(usable and not self._may_not_complete)
        self.complete_button.setToolTip(
            self._may_not_complete
            or (
                "Record the day the work was completed: the five years start"
                if usable
                else "Choose an improvement not completed yet"
            )
        )

    def add_improvement(self) -> None:
        improvement_id = ImprovementDialog.ask(self, self.app)
        if improvement_id is not None:
            self.changed = True
            self.refresh(improvement_id)

    def complete_selected(self) -> None:
        row = self.selected()
        if (
            row is not None
            and row.completed_on is None
            and CompleteImprovementDialog.ask(self, self.app, row)
        ):
            self.changed = True
            self.refresh(row.id)


class ImprovementDialog(forms.FormDialog):
    """Add a permanent improvement or repaving to the register; the 30 days before the work
    and the notice to utilities are checked as the days are typed.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "New street improvement", save_text="Record")
        self.app = app
        self.setObjectName("improvement_dialog")
        today = app.desk.clock.today
        self.street = QComboBox()
        self.street.setObjectName("street")
        found = perform(
            self,
            app,
            streets.street_choices,
            writes=False,
        )
        for street_id, name in found or []:
            self.street.addItem(name, street_id)
        self.limits = QLineEdit()
        self.limits.setMaxLength(FIELD_LENGTHS["limits"])
        self.limits.setObjectName("limits")
        self.limits.setPlaceholderText("e.g. from Broad St N to Court St")
        self.description = QLineEdit()
        self.description.setObjectName("description")
        self.description.setPlaceholderText("e.g. mill and overlay; reconstruction with curb")
        self.determined_on = forms.date_edit(today(), name="determined_on")
        self.notice_on = ChooseDateEdit(
            lambda: forms.to_date(self.determined_on), name="utility_notice_on"
        )
        self.begins_on = ChooseDateEdit(today, name="work_begins_on")
        self.completed_on = ChooseDateEdit(today, name="completed_on")
        self.view = FindingsView(app, empty_text="Nothing to check yet.")
        self.view.setObjectName("improvement_findings")
        self.add_field("&Street", self.street, "street_id")
        self.add_field("&Limits", self.limits, "limits")
        self.add_field("&Work", self.description, "description")
        self.add_field("&Determined on", left_aligned(self.determined_on), "determined_on")
        self.add_field("Utility &notice on", left_aligned(self.notice_on), "utility_notice_on")
        self.add_field("Work &begins", left_aligned(self.begins_on), "work_begins_on")
        self.add_field("&Completed", left_aligned(self.completed_on), "completed_on")
        self.form.addRow(findings_box("The 30 days before the work", self.view, "checks_box"))
        for edit in (self.determined_on, self.notice_on, self.begins_on):
            edit.dateChanged.connect(lambda _d: self.show_checks())
        self.finish_layout()
        if why := core_refusal(parent, app, lambda a: improvement_acts(a)[ImprovementAct.RECORD]):
            self.set_read_only(why)
        self.show_checks()
        self.resize(700, max(self.sizeHint().height(), 420))
        self.street.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> int | None:
        dialog = cls(parent, app)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def show_checks(self) -> None:
        self.view.set_findings(
            street_openings_rules.improvement_findings(
                determined_on=forms.to_date(self.determined_on),
                work_begins_on=self.begins_on.value(),
                utility_notice_on=self.notice_on.value(),
            )
        )

    def data(self) -> ImprovementData:
        street_id = self.street.currentData()
        if not isinstance(street_id, int):
            raise InvalidInput(
                "Choose the street (add it under Street Numbers).", field="street_id"
            )
        return ImprovementData(
            street_id=street_id,
            determined_on=forms.to_date(self.determined_on),
            limits=self.limits.text(),
            description=self.description.text(),
            utility_notice_on=self.notice_on.value(),
            work_begins_on=self.begins_on.value(),
            completed_on=self.completed_on.value(),
        )

    def commit(self) -> object:
        def work(action: Action) -> int:
            return street_openings_improvements.record_improvement(action, self.data())

        return perform(self, self.app, work, errors=self.errors)


class CompleteImprovementDialog(forms.FormDialog):
    """The day an improvement was completed (the five years start), and the notice to
    utilities if it was not recorded before.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: ImprovementRow) -> None:
        super().__init__(parent, f"Improvement of {row.street} completed", save_text="Record")
        self.app = app
        self.row = row
        self.setObjectName("complete_improvement_dialog")
        self.add_top(
            forms.banner(
                f"{row.street} {row.limits}".strip()
                + f", determined {format_day(row.determined_on)}. From the day it is completed, "
                f"the street is not opened for five years ({NEW_STREETS_CITE}).",
                tone="info",
            )
        )
        self.completed_on = forms.date_edit(app.desk.clock.today(), name="completed_on")
        self.notice_on = ChooseDateEdit(lambda: row.determined_on, name="utility_notice_on")
        self.notice_on.set_value(row.utility_notice_on)
        self.add_field("&Completed on", left_aligned(self.completed_on), "completed_on")
        self.add_field("Utility &notice on", left_aligned(self.notice_on), "utility_notice_on")
        self.finish_layout()
        if why := core_refusal(parent, app, lambda a: improvement_acts(a)[ImprovementAct.COMPLETE]):
            self.set_read_only(why)
        self.resize(600, self.sizeHint().height())
        self.completed_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: ImprovementRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, row)))

    def commit(self) -> object:
        day, notice, improvement_id = (
            forms.to_date(self.completed_on),
            self.notice_on.value(),
            self.row.id,
        )

        def work(action: Action) -> bool:
            street_openings_improvements.complete_improvement(
                action, improvement_id, completed_on=day, utility_notice_on=notice
            )
            return True

        return perform(self, self.app, work, errors=self.errors)
