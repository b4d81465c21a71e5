"""Settings dialogs: the City's letterhead, City Hall's closed days, the fee schedule, operators,
and the operator's own password.

The main window calls :func:`edit_city`, :func:`edit_closed_days`, :func:`edit_fee_schedule`,
:func:`manage_operators` and :func:`change_password`. Each dialog only gathers what is typed and
shows what the core says: who may change what is decided by :mod:`clerk_desk.permissions` inside
the services, and an operator whose role may not change a setting sees the dialog read-only with
the core's own sentence naming the roles that may (the services refuse it anyway).
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta, tzinfo
from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import fees, operators, settings_store, sign_in_limits, words
from clerk_desk.deadlines import HOLIDAY_RULES, CalendarSettings, CityCalendar, HolidayRule
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import Role
from clerk_desk.money import Money
from clerk_desk.permissions import Permission, refusal
from clerk_desk.settings import CityProfile
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App, perform, run_in_background
from ui.kit.style import DISABLED_BORDER, PAPER, PLACEHOLDER_BACKGROUND, PLAIN_BACKGROUND
from ui.kit.table_models import CENTER, RIGHT, RowsModel, TableColumn, yes

IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.bmp *.gif *.svg)"
TABLE_FILTER = "Excel workbook or CSV (*.xlsx *.xlsm *.csv)"
EXCEL_FILTER = "Excel workbook (*.xlsx)"
PLACEHOLDER_COLOUR = PLACEHOLDER_BACKGROUND


def _information(parent: QWidget, title: str, text: str) -> None:
    box = QMessageBox(
        QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, parent
    )
    box.setObjectName("information_box")
    operations.ask_message(box)


def _refused(app: App, permission: Permission) -> str | None:
    """The core's refusal sentence if this operator may not, else None."""
    if app.operator.may(permission):
        return None
    return refusal(app.operator.role, permission)


# ==== City ======================================================================================


class CityDialog(forms.FormDialog):
    """The City's name and address as printed on every letterhead, receipt and permit.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "City name and address")
        self.app = app
        self.setObjectName("city_dialog")
        profile = (
            perform(parent, app, lambda a: settings_store.city_profile(a.session), writes=False)
            or CityProfile()
        )
        self.profile = profile
        self.city_name = QLineEdit(profile.city_name)
        self.city_name.setObjectName("city_name")
        self.state = QLineEdit(profile.state)
        self.state.setObjectName("state")
        self.office = QLineEdit(profile.office)
        self.office.setObjectName("office")
        self.address_lines = QPlainTextEdit("\n".join(profile.address_lines))
        self.address_lines.setObjectName("address_lines")
        self.address_lines.setTabChangesFocus(True)
        self.address_lines.setFixedHeight(self.fontMetrics().height() * 4 + 12)
        self.address_lines.setToolTip("One line per line of the letterhead; Ctrl+Enter saves.")
        self.phone = QLineEdit(profile.phone)
        self.phone.setObjectName("phone")
        self.email = QLineEdit(profile.email)
        self.email.setObjectName("email")
        self.council_meeting_place = QLineEdit(profile.council_meeting_place)
        self.council_meeting_place.setObjectName("council_meeting_place")
        self.logo_path = QLineEdit(profile.logo or "")
        self.logo_path.setObjectName("logo")
        self.logo_path.setReadOnly(True)
        self.logo_path.setPlaceholderText("The City's seal that comes with Clerk Desk")
        self.choose_logo = QPushButton("C&hoose image…")
        self.clear_logo = QPushButton("Use the seal")
        self.preview = QLabel()
        self.preview.setObjectName("logo_preview")
        self.preview.setFixedSize(96, 96)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setStyleSheet(f"border: 1px solid {DISABLED_BORDER}; background: {PAPER};")
        logo = QWidget()
        grid = QGridLayout(logo)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.logo_path, 0, 0, 1, 2)
        grid.addWidget(self.choose_logo, 1, 0)
        grid.addWidget(self.clear_logo, 1, 1)
        grid.addWidget(self.preview, 0, 2, 2, 1)

        self.add_field("City &name", self.city_name, "city_name")
        self.add_field("S&tate", self.state, "state")
        self.add_field("&Office", self.office, "office")
        self.add_field("&Address lines", self.address_lines, "address_lines")
        self.add_field("&Phone", self.phone, "phone")
        self.add_field("&E-mail", self.email, "email")
        self.add_field("&Council meets at", self.council_meeting_place, "council_meeting_place")
        self.add_field("&Logo", logo, "logo")
        self.finish_layout()
        self.resize(560, self.sizeHint().height())
        self.choose_logo.clicked.connect(self._choose_logo)
        self.clear_logo.clicked.connect(lambda: self._set_logo(""))
        self._set_logo(profile.logo or "")
        reason = _refused(app, Permission.EDIT_SETTINGS)
        if reason:
            self.set_read_only(reason)

    def _choose_logo(self) -> None:
        path = forms.ask_open_path(self, "Choose the City's logo", IMAGE_FILTER)
        if path:
            self._set_logo(path)

    def _set_logo(self, path: str) -> None:
        self.logo_path.setText(path)
        pixmap = QPixmap(path) if path else QPixmap()
        if path and pixmap.isNull():
            self.preview.setText("Not an\nimage")
        elif pixmap.isNull():
            self.preview.setText("Seal")
        else:
            self.preview.setPixmap(
                pixmap.scaled(
                    92,
                    92,
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            )

    def profile_typed(self) -> CityProfile:
        lines = tuple(
            line.strip() for line in self.address_lines.toPlainText().splitlines() if line.strip()
        )
        return dataclasses.replace(
            self.profile,
            city_name=self.city_name.text().strip(),
            state=self.state.text().strip(),
            office=self.office.text().strip(),
            address_lines=lines,
            phone=self.phone.text().strip(),
            email=self.email.text().strip(),
            council_meeting_place=self.council_meeting_place.text().strip(),
            logo=self.logo_path.text() or None,
        )

    def commit(self) -> object:
        profile = self.profile_typed()

        def work(action: Action) -> bool:
            settings_store.save_city_profile(action, profile)
            return True

        return perform(self, self.app, work, errors=self.errors)


def edit_city(parent: QWidget | None, app: App) -> bool:
    """Edit the City's name, address and logo; True if saved."""
    return bool(forms.run_modal(CityDialog(parent, app)))


# ==== Closed days ===============================================================================


@dataclass(frozen=True, slots=True)
class HolidayRow:
    rule: HolidayRule
    closed: bool
    year: int

    @property
    def day_text(self) -> str:
        observed = self.rule.observed_in(self.year)
        if observed is None:
            return "not this year"
        text = words.format_day(observed)
        if observed != self.rule.date_in(self.year):
            text += " (observed)"
        return text

    @property
    def kind_text(self) -> str:
        if self.rule.legal_holiday:
            return f"Legal holiday — {self.rule.cite}"
        if self.rule.closed_by_default:
            return "The City's own day"
        return "Election day the Clerk runs"


@dataclass(frozen=True, slots=True)
class DayRow:
    day: date
    reason: str = ""


HOLIDAY_COLUMNS = (
    TableColumn(
        "Closed",
        lambda r: "",
        align=CENTER,
        checked=lambda r: r.closed,
        set_checked=lambda r, on: dataclasses.replace(r, closed=on),
        header_tooltip="Tick the days City Hall closes on.",
    ),
    TableColumn("Holiday", lambda r: r.rule.name, tooltip=lambda r: r.rule.note or None),
    TableColumn("Date", lambda r: r.day_text),
    TableColumn(
        "Kind",
        lambda r: r.kind_text,
        tooltip=lambda r: r.rule.note or None,
        colour=lambda r: None if r.rule.legal_holiday else PLAIN_BACKGROUND,
    ),
)


class ClosedDaysDialog(QDialog):
    """Which days City Hall is closed, with a live preview of a due date counted over them.

    The preview builds the calendar from the settings as edited (``CityCalendar.from_settings``)
    and asks it, so what the Clerk sees is exactly what every deadline will do once saved.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("closed_days_dialog")
        self.setWindowTitle("City Hall's closed days")
        stored = perform(
            parent, app, lambda a: settings_store.calendar_settings(a.session), writes=False
        )
        self.settings: CalendarSettings = stored or CalendarSettings()
        today = app.desk.clock.today()

        self.year = QSpinBox()
        self.year.setObjectName("year")
        self.year.setRange(2000, 2100)
        self.year.setValue(today.year)
        self.holiday_model = RowsModel(HOLIDAY_COLUMNS, self)
        self.holiday_table = forms.make_table(self.holiday_model, name="holiday_table")
        forms.size_columns(self.holiday_table, {0: 6, 1: 24, 2: 19})
        self.holiday_table.setMinimumHeight(
            self.holiday_table.verticalHeader().defaultSectionSize() * 12
        )
        self.extends = QCheckBox(
            "A period does not end on a legal holiday even when City Hall is open "
            "(Wis. Stat. § 990.001(4)(b))"
        )
        self.extends.setObjectName("legal_holidays_extend_deadlines")
        self.extends.setChecked(self.settings.legal_holidays_extend_deadlines)

        self.closed_model = RowsModel(
            (TableColumn("Extra closed day", lambda r: words.format_day(r.day)),), self
        )
        self.closed_table = forms.make_table(self.closed_model, name="extra_closed_table")
        self.open_model = RowsModel(
            (TableColumn("Extra open day", lambda r: words.format_day(r.day)),), self
        )
        self.open_table = forms.make_table(self.open_model, name="extra_open_table")
        self.day_edit = forms.date_edit(today, name="day_edit")
        self.add_closed = QPushButton("Add &closed day")
        self.add_open = QPushButton("Add &open day")
        self.remove_day = QPushButton("&Remove day")

        self.preview_start = forms.date_edit(today, name="preview_start")
        self.preview_days = QSpinBox()
        self.preview_days.setObjectName("preview_days")
        self.preview_days.setRange(0, 365)
        self.preview_days.setValue(30)
        self.preview_days.setSuffix(" days")
        self.preview = QLabel()
        self.preview.setObjectName("preview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.closed_list_model = RowsModel(
            (
                TableColumn("Date", lambda r: words.format_day(r.day)),
                TableColumn("Why City Hall is closed", lambda r: r.reason),
            ),
            self,
        )
        self.closed_list = forms.make_table(self.closed_list_model, name="closed_list")
        forms.size_columns(self.closed_list, {0: 17})

        # -- layout
        year_row = QHBoxLayout()
        year_label = QLabel("&Year")
        year_label.setBuddy(self.year)
        year_row.addWidget(year_label)
        year_row.addWidget(self.year)
        year_row.addStretch(1)
        rules_box = QGroupBox("Holidays (the dates move with the year)")
        rules_layout = QVBoxLayout(rules_box)
        rules_layout.addLayout(year_row)
        rules_layout.addWidget(self.holiday_table)
        rules_layout.addWidget(self.extends)

        days_box = QGroupBox("Other days (a snow day; a Saturday opened for voting)")
        days_layout = QGridLayout(days_box)
        days_layout.addWidget(self.day_edit, 0, 0)
        days_layout.addWidget(self.add_closed, 0, 1)
        days_layout.addWidget(self.add_open, 0, 2)
        days_layout.addWidget(self.remove_day, 0, 3)
        days_layout.addWidget(self.closed_table, 1, 0, 1, 2)
        days_layout.addWidget(self.open_table, 1, 2, 1, 2)
        for table in (self.closed_table, self.open_table):
            table.setFixedHeight(table.verticalHeader().defaultSectionSize() * 3 + 28)

        preview_box = QGroupBox("Preview, with the days as ticked here")
        preview_layout = QVBoxLayout(preview_box)
        line = QHBoxLayout()
        line.addWidget(self.preview_days)
        after = QLabel("&after")
        after.setBuddy(self.preview_start)
        line.addWidget(after)
        line.addWidget(self.preview_start)
        line.addStretch(1)
        preview_layout.addLayout(line)
        preview_layout.addWidget(self.preview)
        self.closed_list_label = QLabel()
        preview_layout.addWidget(self.closed_list_label)
        preview_layout.addWidget(self.closed_list, 1)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setDefault(True)
        self.save_button.setObjectName("save_button")
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)

        columns = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(rules_box, 1)
        left.addWidget(days_box)
        columns.addLayout(left, 3)
        columns.addWidget(preview_box, 2)
        layout = QVBoxLayout(self)
        reason = _refused(app, Permission.EDIT_SETTINGS)
        if reason:
            layout.addWidget(forms.banner(reason))
            self.save_button.setEnabled(False)
        layout.addLayout(columns, 1)
        layout.addWidget(self.buttons)
        self.resize(1180, 720)

        self.year.valueChanged.connect(lambda _y: self._show())
        self.holiday_model.dataChanged.connect(lambda *_: self._holidays_ticked())
        self.extends.toggled.connect(self._extends_toggled)
        self.add_closed.clicked.connect(lambda: self._change_day(self.settings.close_day))
        self.add_open.clicked.connect(lambda: self._change_day(self.settings.open_day))
        self.remove_day.clicked.connect(self._remove_day)
        self.preview_start.dateChanged.connect(lambda _d: self._show_preview())
        self.preview_days.valueChanged.connect(lambda _n: self._show_preview())
        forms.on_enter(self.holiday_table, self._toggle_current_holiday)
        self.setTabOrder(self.year, self.holiday_table)
        self._show()

    # ---- editing -------------------------------------------------------------------------------

    def _holidays_ticked(self) -> None:
        closed = {row.rule.key for row in self.holiday_model.rows if row.closed}
        self._apply(lambda: dataclasses.replace(self.settings, closed_holidays=frozenset(closed)))

    def _toggle_current_holiday(self) -> None:
        """Enter (or Space) on a holiday ticks or unticks it: the list works without a mouse."""
        number = self.holiday_table.currentIndex().row()
        if number >= 0:
            index = self.holiday_model.index(number, 0)
            row = self.holiday_model.row(number)
            state = Qt.CheckState.Unchecked if row.closed else Qt.CheckState.Checked
            self.holiday_model.setData(index, state, Qt.ItemDataRole.CheckStateRole)

    def set_holiday_closed(self, key: str, closed: bool) -> None:
        """Tick or untick one holiday as the clerk would in the list."""
        number = self.holiday_model.row_of(lambda r: r.rule.key == key)
        state = Qt.CheckState.Checked if closed else Qt.CheckState.Unchecked
        self.holiday_model.setData(
            self.holiday_model.index(number, 0), state, Qt.ItemDataRole.CheckStateRole
        )

    def _extends_toggled(self, on: bool) -> None:
        self._apply(lambda: dataclasses.replace(self.settings, legal_holidays_extend_deadlines=on))

    def _change_day(self, change: Callable[[date], CalendarSettings]) -> None:
        day = forms.to_date(self.day_edit)
        self._apply(lambda: change(day))

    def _remove_day(self) -> None:
        """Put the selected extra day back to what the holiday rules say."""
        tables = sorted((self.closed_table, self.open_table), key=lambda t: not t.hasFocus())
        rows = [forms.selected_row(table) for table in tables]
        day = next((row.day for row in rows if isinstance(row, DayRow)), None)
        if day is not None:
            self._apply(partial(self.settings.reset_day, day))

    def _apply(self, change: Callable[[], CalendarSettings]) -> None:
        """Replace the edited settings; the core refuses impossible ones (every day closed)."""
        try:
            self.settings = change()
        except InvalidInput as error:
            from ui.kit.operations import show_error

            show_error(self, error)
        self._show()

    # ---- showing -------------------------------------------------------------------------------

    def _show(self) -> None:
        year = self.year.value()
        current = self.holiday_table.currentIndex().row()
        self.holiday_model.set_rows(
            [
                HolidayRow(rule, rule.key in self.settings.closed_holidays, year)
                for rule in HOLIDAY_RULES
            ]
        )
        if current >= 0:
            self.holiday_table.setCurrentIndex(self.holiday_model.index(current, 0))
        self.closed_model.set_rows([DayRow(d) for d in sorted(self.settings.extra_closed)])
        self.open_model.set_rows([DayRow(d) for d in sorted(self.settings.extra_open)])
        calendar = CityCalendar.from_settings(self.settings)
        closed = calendar.closed_days_in(year)
        self.closed_list_model.set_rows([DayRow(day, reason) for day, reason in closed])
        self.closed_list_label.setText(
            f"<b>{len(closed)} days closed in {year}</b> besides Saturdays and Sundays:"
        )
        self._show_preview(calendar)

    def _show_preview(self, calendar: CityCalendar | None = None) -> None:
        calendar = calendar or CityCalendar.from_settings(self.settings)
        deadline = calendar.explain_add_days(
            forms.to_date(self.preview_start), self.preview_days.value()
        )
        self.preview_due = deadline.due
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in deadline.explanation)
        self.preview.setText(
            f"<p style='font-size:large'>Due <b>{words.format_day(deadline.due)}</b></p>"
            f"<ul style='margin-left:-20px'>{lines}</ul>"
        )

    def save(self) -> None:
        settings = self.settings

        def work(action: Action) -> bool:
            settings_store.save_calendar_settings(action, settings)
            return True

        if perform(self, self.app, work):
            self.accept()


def edit_closed_days(parent: QWidget | None, app: App) -> bool:
    """Edit City Hall's closed days; True if saved (every deadline follows at once)."""
    return bool(forms.run_modal(ClosedDaysDialog(parent, app)))


# ==== Fee schedule ==============================================================================


FEE_COLUMNS = (
    TableColumn("Code", lambda r: r.code),
    TableColumn("Description", lambda r: r.description, tooltip=lambda r: r.description),
    TableColumn(
        "Amount",
        lambda r: r.amount.format(),
        align=RIGHT,
        colour=lambda r: PLACEHOLDER_COLOUR if r.placeholder else None,
        tooltip=lambda r: (
            "A placeholder shipped with Clerk Desk: the Council sets the amount by resolution."
            if r.placeholder
            else None
        ),
    ),
    TableColumn("GL account", lambda r: r.gl_account),
    TableColumn("Section", lambda r: r.section),
    TableColumn("From", lambda r: words.us_date(r.effective_from)),
    TableColumn("To", lambda r: words.us_date(r.effective_to)),
    TableColumn(
        "Status",
        lambda r: r.status,
        colour=lambda r: PLACEHOLDER_COLOUR if r.placeholder and r.in_force else None,
    ),
)


class FeeScheduleDialog(QDialog):
    """The City's fee schedule: effective-dated amounts, their GL accounts and sections.

    A Council resolution changing a fee is entered with "New amount from date…": the item in
    force ends the day before and a new item starts, so receipts already written keep their
    amount. Import and export use Excel (or CSV) with :data:`clerk_desk.fees.COLUMNS` headers.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("fee_schedule_dialog")
        self.setWindowTitle("Fee schedule")
        self.model = RowsModel(FEE_COLUMNS, self)
        self.model.set_dimmed(lambda r: r.status == "Ended")
        self.table = forms.make_table(self.model, name="fee_table")
        forms.size_columns(self.table, {0: 9, 1: 44, 2: 11, 3: 15, 4: 22, 5: 10, 6: 10})
        self.placeholder_note = forms.banner(
            "Amounts marked in orange are placeholders shipped with Clerk Desk: Chapter 506 "
            "leaves fees to the City's fee schedule, set by Council resolution. Enter the "
            "Council's amounts with “New amount from date…”.",
            tone="info",
        )
        self.placeholder_note.setObjectName("placeholder_note")
        self.add_button = QPushButton("&Add…")
        self.edit_button = QPushButton("&Edit…")
        self.change_button = QPushButton("&New amount from date…")
        self.import_button = QPushButton("&Import…")
        self.export_button = QPushButton("E&xport to Excel…")
        self.close_button = QPushButton("Close")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.change_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        for button in (self.import_button, self.export_button, self.close_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        self.refusal = _refused(app, Permission.EDIT_FEE_SCHEDULE)
        if self.refusal:
            self.refusal_banner = forms.banner(self.refusal)
            self.refusal_banner.setObjectName("refusal_banner")
            layout.addWidget(self.refusal_banner)
            for button in (
                self.add_button,
                self.edit_button,
                self.change_button,
                self.import_button,
            ):
                button.setEnabled(False)
                button.setToolTip(self.refusal)
        layout.addWidget(self.placeholder_note)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.resize(1240, 520)

        self.add_button.clicked.connect(self.add_item)
        self.edit_button.clicked.connect(self.edit_item)
        self.change_button.clicked.connect(self.change_amount)
        self.import_button.clicked.connect(self.import_file)
        self.export_button.clicked.connect(self.export_file)
        self.close_button.clicked.connect(self.accept)
        self.table.doubleClicked.connect(lambda _i: self.edit_item())
        forms.on_enter(self.table, self.edit_item)
        self.refresh()
        self.table.setFocus()

    def refresh(self, select_id: int | None = None) -> None:
        rows = perform(self, self.app, fees.fee_rows, writes=False) or []
        self.model.set_rows(rows)
        self.placeholder_note.setVisible(any(r.placeholder and r.in_force for r in rows))
        number = self.model.row_of(lambda r: r.id == select_id) if select_id else 0
        forms.select_row(self.table, max(number, 0))

    def selected(self) -> fees.FeeRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, fees.FeeRow) else None

    def add_item(self) -> None:
        if self.refusal:
            return
        fee_id = FeeItemDialog.ask(self, self.app)
        if fee_id is not None:
            self.refresh(fee_id)

    def edit_item(self) -> None:
        row = self.selected()
        if row is None or self.refusal:
            return
        if FeeItemDialog.ask(self, self.app, row) is not None:
            self.refresh(row.id)

    def change_amount(self) -> None:
        row = self.selected()
        if row is None or self.refusal:
            return
        fee_id = ChangeAmountDialog.ask(self, self.app, row)
        if fee_id is not None:
            self.refresh(fee_id)

    def import_file(self) -> None:
        """Add the items of an Excel or CSV file; one bad row refuses the whole file."""
        path = forms.ask_open_path(self, "Import a fee schedule", TABLE_FILTER)
        if not path:
            return

        def read() -> list[tuple[int, fees.FeeData]]:
            from reports.excel import read_table

            rows = [{**row, "__row__": row.row_number} for row in read_table(path)]
            return fees.numbered_rows_to_fees(rows)

        # Read and check the file before the write action opens: on SQLite a write action holds
        # the database (BEGIN IMMEDIATE), and the other counter stations would wait on the parse.
        items = operations.attempt(self, read)
        if items is None:
            return
        result = perform(
            self, self.app, lambda action: (fees.import_schedule(action, items), len(items))
        )
        if result is not None:
            added, total = result
            self.refresh()
            same = total - added
            _information(
                self,
                "Fee schedule imported",
                f"{added} fee item{'s' if added != 1 else ''} added from "
                f"{Path(path).name}."
                + (f" {same} already in the schedule were left as they were." if same else ""),
            )

    def export_file(self) -> None:
        """Write the whole schedule to Excel, in the layout the import reads back."""
        from reports.excel import Column

        today = self.app.desk.clock.today()
        path = forms.ask_save_path(
            self, "Export the fee schedule", f"fee-schedule-{today.isoformat()}.xlsx", EXCEL_FILTER
        )
        if not path:
            return
        if not path.lower().endswith(".xlsx"):
            path += ".xlsx"
        kinds = {"amount": "money", "effective_from": "date", "effective_to": "date"}
        columns = [Column(name, kinds.get(name, "text")) for name in fees.COLUMNS]  # type: ignore[arg-type]
        app = self.app

        def work(progress: Callable[[int], bool]) -> int:
            from reports.excel import write_register

            with app.desk.lookup(app.operator) as action:
                rows = fees.export_rows(action)
            return write_register(
                path,
                title="Fee schedule",
                columns=columns,
                rows=rows,
                progress=progress,
                author=app.operator.full_name,
            )

        run_in_background(
            self,
            work,
            title="Exporting the fee schedule…",
            on_done=lambda count: setattr(self, "last_export", (path, count)),
        )


class FeeItemDialog(forms.FormDialog):
    """Add or correct one fee item. The amount is read by ``Money.parse``; errors show under it.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: fees.FeeRow | None = None) -> None:
        super().__init__(parent, f"Edit fee {row.code}" if row else "New fee item")
        self.app = app
        self.row = row
        self.setObjectName("fee_item_dialog")
        today = app.desk.clock.today()
        self.code = QLineEdit(row.code if row else "")
        self.code.setObjectName("code")
        forms.limit_to(self.code, "FeeItem.code")
        self.description = QLineEdit(row.description if row else "")
        self.description.setObjectName("description")
        forms.limit_to(self.description, "FeeItem.description")
        self.amount = QLineEdit(row.amount.format(symbol=False) if row else "")
        self.amount.setObjectName("amount")
        self.amount.setPlaceholderText("e.g. 125.00")
        self.gl_account = QLineEdit(row.gl_account if row else "")
        self.gl_account.setObjectName("gl_account")
        forms.limit_to(self.gl_account, "FeeItem.gl_account")
        self.section = QLineEdit(row.section if row else "")
        self.section.setObjectName("section")
        forms.limit_to(self.section, "FeeItem.section")
        self.section.setPlaceholderText("e.g. § 506-6 (Fee)")
        self.effective_from = forms.date_edit(
            row.effective_from if row else today, name="effective_from"
        )
        self.has_end = QCheckBox("Ends on")
        self.has_end.setObjectName("has_end")
        self.effective_to = forms.date_edit(
            row.effective_to if row and row.effective_to else today, name="effective_to"
        )
        self.has_end.setChecked(bool(row and row.effective_to))
        self.effective_to.setEnabled(self.has_end.isChecked())
        self.has_end.toggled.connect(self.effective_to.setEnabled)
        end = QWidget()
        end_line = QHBoxLayout(end)
        end_line.setContentsMargins(0, 0, 0, 0)
        end_line.addWidget(self.has_end)
        end_line.addWidget(self.effective_to)
        end_line.addStretch(1)
        self.placeholder = QCheckBox("Placeholder: the Council has not set this amount yet")
        self.placeholder.setObjectName("placeholder")
        self.placeholder.setChecked(bool(row and row.placeholder))
        self.add_field("&Code", self.code, "code")
        self.add_field("&Description", self.description, "description")
        self.add_field("&Amount", self.amount, "amount")
        self.add_field("&GL account", self.gl_account, "gl_account")
        self.add_field("&Section", self.section, "section")
        self.add_field("In force &from", self.effective_from, "effective_from")
        self.add_field("", end, "effective_to")
        self.form.addRow("", self.placeholder)
        self.finish_layout()
        self.resize(520, self.sizeHint().height())
        (self.amount if row else self.code).setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: fees.FeeRow | None = None) -> int | None:
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        text = self.amount.text()
        row = self.row

        def work(action: Action) -> int:
            data = fees.FeeData(
                code=self.code.text(),
                description=self.description.text(),
                amount=Money.parse(text, field="amount"),
                gl_account=self.gl_account.text(),
                section=self.section.text(),
                effective_from=forms.to_date(self.effective_from),
                effective_to=forms.to_date(self.effective_to) if self.has_end.isChecked() else None,
                placeholder=self.placeholder.isChecked(),
            )
            if row is None:
                return fees.add_fee(action, data).id
            return fees.update_fee(action, row.id, data).id

        return perform(self, self.app, work, errors=self.errors)


class ChangeAmountDialog(forms.FormDialog):
    """A new amount for a fee from a date on, as a Council resolution sets it.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: fees.FeeRow) -> None:
        super().__init__(parent, f"New amount for {row.code}", save_text="Save new amount")
        self.app = app
        self.row = row
        self.setObjectName("change_amount_dialog")
        today = app.desk.clock.today()
        self.add_top(
            QLabel(
                f"<b>{html.escape(row.code)}</b> — {html.escape(row.description)}<br>"
                f"Now {row.amount.format()} from {words.us_date(row.effective_from)}"
                f"{' (placeholder)' if row.placeholder else ''}. The current amount ends the day "
                "before the new one starts; receipts already written keep their amount."
            )
        )
        self.amount = QLineEdit()
        self.amount.setObjectName("amount")
        self.amount.setPlaceholderText("e.g. 125.00")
        self.starting = forms.date_edit(
            max(today, row.effective_from + timedelta(days=1)), name="starting"
        )
        self.add_field("New &amount", self.amount, "amount")
        self.add_field("&Starting on", self.starting, "starting")
        self.finish_layout()
        self.resize(480, self.sizeHint().height())
        self.amount.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: fees.FeeRow) -> int | None:
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        text = self.amount.text()
        starting = forms.to_date(self.starting)
        code = self.row.code
        return perform(
            self,
            self.app,
            lambda a: (
                fees.change_amount(
                    a, code, Money.parse(text, field="amount", allow_zero=True), starting=starting
                ).id
            ),
            errors=self.errors,
        )


def edit_fee_schedule(parent: QWidget | None, app: App) -> None:
    """Show the fee schedule (read-only, with the reason, for roles that may not change it)."""
    forms.run_modal(FeeScheduleDialog(parent, app))


# ==== Operators =================================================================================


@dataclass(frozen=True, slots=True)
class OperatorRow:
    id: int
    username: str
    full_name: str
    role: Role
    active: bool
    last_sign_in: str

    @classmethod
    def of(cls, operator: operators.OperatorInfo, zone: tzinfo | None) -> OperatorRow:
        return cls(
            operator.id,
            operator.username,
            operator.full_name,
            Role(operator.role),
            operator.active,
            words.local_time(operator.last_sign_in_at, zone) or "never",
        )


OPERATOR_COLUMNS = (
    TableColumn("User name", lambda r: r.username),
    TableColumn("Full name", lambda r: r.full_name),
    TableColumn("Role", lambda r: r.role.label),
    TableColumn("Active", lambda r: yes(r.active) or "No", align=CENTER),
    TableColumn("Last sign-in", lambda r: r.last_sign_in),
)


class OperatorsDialog(QDialog):
    """Who may sign in, and with which role. Operators are never deleted, only deactivated,
    so the audit trail always names a real person. Only the Administrator sees the list
    (:func:`clerk_desk.operators.list_operators` refuses anyone else).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("operators_dialog")
        self.setWindowTitle("Operators")
        self.model = RowsModel(OPERATOR_COLUMNS, self)
        self.model.set_dimmed(lambda r: not r.active)
        self.table = forms.make_table(self.model, name="operator_table")
        forms.size_columns(self.table, {0: 14, 1: 24, 2: 30, 3: 7})
        self.add_button = QPushButton("&Add…")
        self.edit_button = QPushButton("&Edit…")
        self.password_button = QPushButton("&Reset password…")
        self.lift_button = QPushButton("&Lift the sign-in delay")
        self.lift_button.setObjectName("lift_sign_in_delay")
        self.lift_button.setToolTip(
            "After too many wrong passwords a user name must wait before signing in again; "
            "this lets the chosen operator try again now."
        )
        self.close_button = QPushButton("Close")
        buttons = QHBoxLayout()
        managing = (self.add_button, self.edit_button, self.password_button, self.lift_button)
        for button in managing:
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        self.refusal = _refused(app, Permission.MANAGE_OPERATORS)
        if self.refusal:
            layout.addWidget(forms.banner(self.refusal))
            for button in managing:
                button.setEnabled(False)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.resize(860, 420)
        self.add_button.clicked.connect(self.add_operator)
        self.edit_button.clicked.connect(self.edit_operator)
        self.password_button.clicked.connect(self.reset_password)
        self.lift_button.clicked.connect(self.lift_sign_in_delay)
        self.close_button.clicked.connect(self.accept)
        self.table.doubleClicked.connect(lambda _i: self.edit_operator())
        forms.on_enter(self.table, self.edit_operator)
        self.refresh()

    def refresh(self, select_id: int | None = None) -> None:
        def load(action: Action) -> list[OperatorRow]:
            zone = action.clock.local_now().tzinfo
            return [OperatorRow.of(o, zone) for o in operators.list_operators(action)]

        if self.refusal:  # the core refuses the list too; the banner already says why
            self.model.set_rows([])
            return
        self.model.set_rows(perform(self, self.app, load, writes=False) or [])
        number = self.model.row_of(lambda r: r.id == select_id) if select_id else 0
        forms.select_row(self.table, max(number, 0))

    def selected(self) -> OperatorRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, OperatorRow) else None

    def add_operator(self) -> None:
        if self.refusal:
            return
        dialog = OperatorDialog(self, self.app)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            self.refresh(dialog.result_value)

    def edit_operator(self) -> None:
        row = self.selected()
        if row is None or self.refusal:
            return
        dialog = OperatorDialog(self, self.app, row)
        if forms.run_modal(dialog):
            self.refresh(row.id)

    def reset_password(self) -> None:
        row = self.selected()
        if row is None or self.refusal:
            return
        dialog = PasswordDialog(self, self.app, row)
        if forms.run_modal(dialog):
            _information(
                self,
                "Password reset",
                f"{row.full_name} signs in with the new password from now on.",
            )

    def lift_sign_in_delay(self) -> None:
        row = self.selected()
        if row is None or self.refusal:
            return

        def lift(action: Action) -> bool:
            sign_in_limits.lift_sign_in_delay(action, row.username)
            return True

        if perform(self, self.app, lift):
            _information(self, "Sign-in delay lifted", f"{row.full_name} may sign in again now.")


def _same_password(first: str, second: str) -> None:
    """The form's own check that the password was typed the same twice (the core never sees
    the second copy)."""
    if first != second:
        raise InvalidInput(
            "The two passwords are not the same; type it again.", field="password_again"
        )


class OperatorDialog(forms.FormDialog):
    """Add an operator (user name, name, role, password twice) or change name, role, active.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: OperatorRow | None = None) -> None:
        super().__init__(parent, f"Operator {row.username}" if row else "New operator")
        self.app = app
        self.row = row
        self.setObjectName("operator_dialog")
        self.username = QLineEdit(row.username if row else "")
        self.username.setObjectName("username")
        forms.limit_to(self.username, "Operator.username")
        self.username.setReadOnly(row is not None)
        self.full_name = QLineEdit(row.full_name if row else "")
        self.full_name.setObjectName("full_name")
        forms.limit_to(self.full_name, "Operator.full_name")
        self.role = QComboBox()
        self.role.setObjectName("role")
        for role in Role:
            self.role.addItem(role.label, role)
        self.role.setCurrentIndex(self.role.findData(row.role if row else Role.CLERK))
        self.add_field("&User name", self.username, "username")
        self.add_field("&Full name", self.full_name, "full_name")
        self.add_field("&Role", self.role, "role")
        self.password = QLineEdit()
        self.password.setObjectName("password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_again = QLineEdit()
        self.password_again.setObjectName("password_again")
        self.password_again.setEchoMode(QLineEdit.EchoMode.Password)
        self.active = QCheckBox(
            "May sign in (untick when the person leaves; operators are never deleted)"
        )
        self.active.setObjectName("active")
        if row is None:
            self.add_field("&Password", self.password, "password")
            self.add_field("Password &again", self.password_again, "password_again")
        else:
            self.active.setChecked(row.active)
            self.form.addRow("", self.active)
            self.errors.add("active", forms.error_label())
        self.finish_layout()
        self.resize(480, self.sizeHint().height())
        (self.full_name if row else self.username).setFocus()

    def commit(self) -> object:
        row = self.row
        full_name, role = self.full_name.text(), self.role.currentData()
        if row is None:
            username, password = self.username.text(), self.password.text()
            again = self.password_again.text()

            def add(action: Action) -> int:
                _same_password(password, again)
                return operators.add_operator(
                    action, username=username, full_name=full_name, role=role, password=password
                ).id

            return perform(self, self.app, add, errors=self.errors)
        active = self.active.isChecked()

        def update(action: Action) -> int:
            operators.update_operator(action, row.id, full_name=full_name, role=role, active=active)
            return row.id

        return perform(self, self.app, update, errors=self.errors)


class PasswordDialog(forms.FormDialog):
    """A new password: the Administrator resetting another's, or an operator changing their own
    (then the current password is asked first).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: OperatorRow | None = None) -> None:
        own = row is None
        super().__init__(
            parent,
            "Change my password" if own else f"Reset the password of {row.username if row else ''}",
        )
        self.app = app
        self.operator_id = app.operator.id if row is None else row.id
        self.own = own
        self.setObjectName("password_dialog")
        self.current_password = QLineEdit()
        self.current_password.setObjectName("current_password")
        self.password = QLineEdit()
        self.password.setObjectName("password")
        self.password_again = QLineEdit()
        self.password_again.setObjectName("password_again")
        for field in (self.current_password, self.password, self.password_again):
            field.setEchoMode(QLineEdit.EchoMode.Password)
        if own:
            self.add_top(
                QLabel(
                    f"Signed in as <b>{html.escape(app.operator.full_name)}</b> "
                    f"({html.escape(app.operator.username)})."
                )
            )
            self.add_field("&Current password", self.current_password, "current_password")
        self.add_field("&New password", self.password, "password")
        self.add_field("New password &again", self.password_again, "password_again")
        self.password.setToolTip(f"At least {operators.MIN_PASSWORD_LENGTH} characters.")
        self.finish_layout()
        self.resize(440, self.sizeHint().height())
        (self.current_password if own else self.password).setFocus()

    def commit(self) -> object:
        new, again = self.password.text(), self.password_again.text()
        current = self.current_password.text() if self.own else None
        operator_id = self.operator_id

        def work(action: Action) -> bool:
            _same_password(new, again)
            operators.set_password(action, operator_id, new, current_password=current)
            return True

        return perform(self, self.app, work, errors=self.errors)


def manage_operators(parent: QWidget | None, app: App) -> None:
    """List, add and change operators (the Administrator; others see only why they may not)."""
    forms.run_modal(OperatorsDialog(parent, app))


def change_password(parent: QWidget | None, app: App) -> bool:
    """The signed-in operator changes their own password; True if changed."""
    return bool(forms.run_modal(PasswordDialog(parent, app)))


__all__ = [
    "ChangeAmountDialog",
    "CityDialog",
    "ClosedDaysDialog",
    "FeeItemDialog",
    "FeeScheduleDialog",
    "OperatorDialog",
    "OperatorsDialog",
    "PasswordDialog",
    "change_password",
    "edit_city",
    "edit_closed_days",
    "edit_fee_schedule",
    "manage_operators",
]
