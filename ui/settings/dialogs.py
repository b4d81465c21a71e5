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
from datetime import date
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import settings_store, words
from clerk_desk.deadlines import HOLIDAY_RULES, CalendarSettings, CityCalendar, HolidayRule
from clerk_desk.desk import Action
from clerk_desk.desk_acts import DeskAct
from clerk_desk.errors import InvalidInput
from clerk_desk.settings import CityProfile
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App, perform
from ui.kit.style import DISABLED_BORDER, PAPER, PLAIN_BACKGROUND
from ui.kit.table_models import CENTER, RowsModel, TableColumn
from ui.settings.common import (
    IMAGE_FILTER,
    refused,
)
from ui.settings.fees import ChangeAmountDialog, FeeItemDialog, FeeScheduleDialog, edit_fee_schedule
from ui.settings.operators import (
    OperatorDialog,
    OperatorsDialog,
    PasswordDialog,
    change_password,
    manage_operators,
)

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
        reason = refused(app, DeskAct.CITY_SETTINGS)
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

        self._build_holidays(today)
        self._build_other_days(today)
        self._build_preview(today)

        # -- layout
        rules_box = self._lay_out_holidays()
        days_box = self._lay_out_other_days()
        preview_box = self._lay_out_preview()
        self._build_buttons()

        columns = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(rules_box, 1)
        left.addWidget(days_box)
        columns.addLayout(left, 3)
        columns.addWidget(preview_box, 2)
        layout = QVBoxLayout(self)
        reason = refused(app, DeskAct.CLOSED_DAYS)
        if reason:
            layout.addWidget(forms.banner(reason))
            self.save_button.setEnabled(False)
        layout.addLayout(columns, 1)
        layout.addWidget(self.buttons)
        self.resize(1180, 720)

        self._connect()
        self._show()

    def _build_holidays(self, today: date) -> None:
        """The year's holidays, each ticked when City Hall is closed on it."""
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

    def _build_other_days(self, today: date) -> None:
        """The extra closed and extra open days, with the day to add."""
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

    def _build_preview(self, today: date) -> None:
        """A due date counted over the days as ticked, and the closed days it passes."""
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

    def _lay_out_holidays(self) -> QGroupBox:
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
        return rules_box

    def _lay_out_other_days(self) -> QGroupBox:
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
        return days_box

    def _lay_out_preview(self) -> QGroupBox:
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
        return preview_box

    def _build_buttons(self) -> None:
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setDefault(True)
        self.save_button.setObjectName("save_button")
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)

    def _connect(self) -> None:
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


# ==== Operators =================================================================================


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
