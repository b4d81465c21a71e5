"""Street Numbers: the official numbering register, number assignment and the noncompliance
notices of § 506-16.

At the top, the building permit check: the clerk types a parcel number or an address and reads
in words whether a building permit may issue as far as the street number goes (no permit until
the owner has procured the official number, § 506-16 (Noncompliance)). Under it the register,
searched as the clerk types, filtered by street; the address chosen shows its details, its
history (every change, with who, when and why) and its noncompliance cases. The Cases view lists
the open cases with what the City does next and from which day.

The Building Inspector assigns numbers (Assign number…, with the program's suggestion and the
live check of the number); the Clerk keeps the map (Streets…, Import addresses…) and follows the
owners who do not post their number. No rule lives here: every check and refusal is the core's
(:mod:`clerk_desk.street_numbers.service`), shown next to the field it is about with its section.

The tab reads nothing from the database until it is first shown, so the window starts as fast
with it as without it.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QItemSelection, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.permissions import Permission, refusal
from clerk_desk.street_numbers import service as street_numbers
from clerk_desk.street_numbers import views as street_views
from clerk_desk.street_numbers.rules import NONCOMPLIANCE_CITE
from clerk_desk.street_numbers.service import PermitCheck
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App, perform, run_in_background
from ui.kit.register_page import show_acts
from ui.kit.style import BAD, GOOD, LATE, LATE_BACKGROUND, QUIET, SECONDARY, text_sheet
from ui.kit.table_models import RIGHT, RowsModel, TableColumn
from ui.ordinance_viewer import cite_html

if TYPE_CHECKING:  # the forms are imported when first used: the window starts without them
    from clerk_desk.street_numbers.acts import CaseAct
    from clerk_desk.street_numbers.importing import ImportReport
    from clerk_desk.street_numbers.views import AddressRow, CaseRow, ChangeRow, StreetRow

DUE_COLOUR = LATE_BACKGROUND
MAY_ISSUE_COLOUR, MAY_NOT_COLOUR, ASK_COLOUR = GOOD, BAD, LATE
EXCEL_FILTER = "Excel workbook (*.xlsx)"
MAY_ISSUE = "A building permit may issue"
MAY_NOT_ISSUE = "No building permit until the official number is procured"
WHICH_PROPERTY = "Which property?"
ALL_STREETS = "All streets"


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


def case_columns(today: Callable[[], date]) -> tuple[TableColumn, ...]:
    return (
        TableColumn("Address", lambda r: r.address, tooltip=lambda r: r.observation or None),
        TableColumn("Owner", lambda r: r.owner),
        TableColumn("Status", lambda r: r.status.label),
        TableColumn("Observed", lambda r: words.us_date(r.observed_on)),
        TableColumn("Next step", lambda r: r.next_step),
        TableColumn(
            "From",
            lambda r: words.us_date(r.next_from),
            colour=lambda r: DUE_COLOUR if r.due(today()) else None,
            tooltip=lambda r: "Due now" if r.due(today()) else None,
            header_tooltip="The first day the next step may be taken",
        ),
    )


def permit_html(check: PermitCheck) -> str:
    """The answer to the building permit check, in words, with its section as a link."""
    finding = check.finding
    if finding.blocks:
        colour, words = MAY_NOT_COLOUR, MAY_NOT_ISSUE
    elif finding.level == "warn":
        colour, words = ASK_COLOUR, WHICH_PROPERTY
    else:
        colour, words = MAY_ISSUE_COLOUR, MAY_ISSUE
    stop = "" if words.endswith("?") else "."
    return (
        f'<b style="color:{colour}">{html.escape(words)}{stop}</b> {html.escape(finding.text)} '
        f"<small>{cite_html(finding.cite)}</small>"
    )


class PermitCheckPanel(QFrame):
    """The one-field building permit check: a parcel number or an address → may a building
    permit issue, as far as § 506-16 goes.

    Signals: ``answered(object)`` with the :class:`~clerk_desk.street_numbers.service.PermitCheck`.
    """

    answered = Signal(object)

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("permit_check")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.field = QLineEdit()
        self.field.setObjectName("permit_query")
        self.field.setPlaceholderText("Parcel number or address")
        self.field.setClearButtonEnabled(True)
        self.field.setMinimumWidth(280)
        self.button = QPushButton("Chec&k")
        self.button.setObjectName("permit_check_button")
        self.button.setAutoDefault(False)
        self.answer = QLabel()
        self.answer.setObjectName("permit_answer")
        self.answer.setWordWrap(True)
        self.answer.setTextFormat(Qt.TextFormat.RichText)
        self.answer.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.answer.linkActivated.connect(app.open_link)
        title = QLabel("<b>Building permit check</b>")
        title.setToolTip(
            "No building permit shall be issued until the owner has procured the official "
            f"number of the premises ({NONCOMPLIANCE_CITE})"
        )
        title.setBuddy(self.field)
        self.field.setMaximumWidth(self.field.fontMetrics().horizontalAdvance("n") * 48)
        row = QHBoxLayout()
        row.addWidget(title)
        row.addWidget(self.field, 1)
        row.addWidget(self.button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)
        layout.addLayout(row)
        layout.addWidget(self.answer)
        self.field.returnPressed.connect(self.run)
        self.button.clicked.connect(self.run)
        self.field.textChanged.connect(lambda _t: self._idle())
        self._idle()

    def _idle(self) -> None:
        self.answer.setText(
            f"<span style='color:{SECONDARY}'>Before a building permit issues, type the parcel "
            f"number or the address and press Enter — {cite_html(NONCOMPLIANCE_CITE)}.</span>"
        )

    def run(self) -> PermitCheck | None:
        text = self.field.text()
        if not text.strip():
            self.answer.setText(
                f"<span style='color:{ASK_COLOUR}'>Type a parcel number or an address.</span>"
            )
            return None
        check = perform(
            self,
            self.app,
            lambda a: street_views.permit_check(a, text),
            writes=False,
        )
        if check is None:
            return None
        self.answer.setText(permit_html(check))
        self.answered.emit(check)
        return check

    def answer_text(self) -> str:
        return self.answer.text()


class StreetNumbersTab(QWidget):
    """The Street Numbers tab.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after an address, a street or a case was recorded.
    """

    status = Signal(str)
    register_changed = Signal()

    REGISTER, CASES = 0, 1

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("street_numbers_tab")
        self._loaded = False
        self._build()
        self._connect()

    # ---- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        today = self.app.desk.clock.today
        self.permit = PermitCheckPanel(self.app)

        self.register_view_button = QPushButton("&Register")
        self.cases_view_button = QPushButton("Open &cases")
        self.cases_view_button.setToolTip(
            "Buildings whose numbers are missing or improper: notices and referrals "
            f"({NONCOMPLIANCE_CITE})"
        )
        self._views = QButtonGroup(self)
        for number, button in enumerate((self.register_view_button, self.cases_view_button)):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setStyleSheet("QPushButton:checked { font-weight: bold; }")
            self._views.addButton(button, number)
        self.register_view_button.setChecked(True)
        self.search_field = forms.SearchField("")
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
        top = QHBoxLayout()
        top.addWidget(self.register_view_button)
        top.addWidget(self.cases_view_button)
        top.addSpacing(12)
        top.addWidget(self.search_field, 1)
        top.addWidget(self.street_box)
        top.addWidget(self.inactive_box)

        self.address_model = RowsModel(address_columns(), self)
        self.address_model.set_dimmed(lambda r: not r.assigned)
        self.address_table = forms.make_table(self.address_model, name="address_table")
        forms.size_columns(self.address_table, {0: 20, 1: 15, 2: 24, 3: 15, 4: 10, 5: 7, 6: 10})
        self.case_model = RowsModel(case_columns(today), self)
        self.case_model.set_dimmed(lambda r: r.closed)
        self.case_table = forms.make_table(self.case_model, name="case_table")
        forms.size_columns(self.case_table, {0: 20, 1: 24, 2: 18, 3: 10, 4: 20})
        self.tables = QStackedWidget()
        self.tables.addWidget(self.address_table)
        self.tables.addWidget(self.case_table)

        # -- the side: an address's details, history and cases; or a case's details
        self.address_details = self._details_label("address_details")
        self.change_button = QPushButton("C&hange…")
        self.change_button.setToolTip("Alter the number, unit, side, position, kind or owner")
        self.retire_button = QPushButton("Retire…")
        self.letter_button = QPushButton("Print &letter")
        self.letter_button.setToolTip("The official street number letter to the owner")
        self.missing_button = QPushButton("Numbers &missing…")
        self.missing_button.setToolTip(
            f"Record that the numbers are missing or improper ({NONCOMPLIANCE_CITE})"
        )
        address_buttons = QHBoxLayout()
        for button in (
            self.change_button,
            self.retire_button,
            self.letter_button,
            self.missing_button,
        ):
            address_buttons.addWidget(button)
        address_buttons.addStretch(1)
        self.history = self._details_label("history")
        self.address_cases = self._details_label("address_cases")
        # Below the table, side by side: the address (with its acts), its history, its cases.
        details_column = QVBoxLayout()
        details_column.addWidget(self.address_details)
        details_column.addLayout(address_buttons)
        details_column.addStretch(1)
        history_column = QVBoxLayout()
        history_column.addWidget(QLabel("<b>History</b>"))
        history_column.addWidget(self.history)
        history_column.addStretch(1)
        cases_heading = QLabel(f"<b>Noncompliance</b> — {cite_html(NONCOMPLIANCE_CITE)}")
        cases_heading.linkActivated.connect(self.app.open_link)
        cases_column = QVBoxLayout()
        cases_column.addWidget(cases_heading)
        cases_column.addWidget(self.address_cases)
        cases_column.addStretch(1)
        address_side = QWidget()
        address_layout = QHBoxLayout(address_side)
        address_layout.setContentsMargins(4, 4, 4, 0)
        address_layout.setSpacing(18)
        address_layout.addLayout(details_column, 4)
        address_layout.addLayout(history_column, 3)
        address_layout.addLayout(cases_column, 3)

        self.case_details = self._details_label("case_details")
        self.serve_button = QPushButton("&Serve notice…")
        self.notice_button = QPushButton("Print &notice")
        self.notice_button.setProperty(
            "tip", "The notice requiring the owner to number the building"
        )
        self.refer_button = QPushButton("Re&fer…")
        self.refer_button.setProperty("tip", "Refer for a forfeiture under § 1-4")
        self.complied_button = QPushButton("C&omplied…")
        self.complied_button.setProperty("tip", "The numbers are posted: close the case")
        self.withdraw_button = QPushButton("&Withdraw…")
        self.withdraw_button.setProperty("tip", "The case was recorded in error")
        case_buttons = QHBoxLayout()
        for button in self._case_buttons():
            case_buttons.addWidget(button)
        case_buttons.addStretch(1)
        case_side = QWidget()
        case_layout = QVBoxLayout(case_side)
        case_layout.setContentsMargins(4, 4, 4, 0)
        case_layout.addWidget(self.case_details)
        case_layout.addLayout(case_buttons)
        case_layout.addStretch(1)

        self.sides = QStackedWidget()
        self.sides.addWidget(address_side)
        self.sides.addWidget(case_side)
        scroller = forms.scrolled(self.sides)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setMinimumHeight(160)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.tables)
        splitter.addWidget(scroller)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([340, 260])

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
        self.count_label = QLabel()
        self.count_label.setObjectName("count_label")
        self.count_label.setStyleSheet(text_sheet(SECONDARY))
        self.print_register_button = QPushButton("&Print street register")
        self.export_button = QPushButton("E&xport to Excel…")
        self.export_button.setToolTip("The register (the street chosen, or all) to a workbook")
        buttons = QHBoxLayout()
        for button in (self.streets_button, self.assign_button, self.import_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.count_label)
        buttons.addSpacing(12)
        buttons.addWidget(self.print_register_button)
        buttons.addWidget(self.export_button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.permit)
        layout.addSpacing(4)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)

        self._may_assign = self._refusal(Permission.ASSIGN_STREET_NUMBERS)
        self._may_keep = self._refusal(Permission.KEEP_STREET_REGISTER)
        for button, reason in (
            (self.assign_button, self._may_assign),
            (self.import_button, self._may_keep),
        ):
            if reason:
                button.setEnabled(False)
                button.setToolTip(reason)
        self._set_placeholder()
        self.setTabOrder(self.permit.field, self.permit.button)
        self.setTabOrder(self.permit.button, self.search_field)
        self.setTabOrder(self.search_field, self.street_box)
        self.setTabOrder(self.street_box, self.inactive_box)
        self.setTabOrder(self.inactive_box, self.address_table)
        self.setTabOrder(self.address_table, self.case_table)
        self._show_details()

    def _details_label(self, name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        label.linkActivated.connect(self.app.open_link)
        return label

    def _refusal(self, permission: Permission) -> str:
        if self.app.operator.may(permission):
            return ""
        return refusal(self.app.operator.role, permission)

    def _case_buttons(self) -> tuple[QPushButton, ...]:
        return (
            self.serve_button,
            self.notice_button,
            self.refer_button,
            self.complied_button,
            self.withdraw_button,
        )

    def _connect(self) -> None:
        self.search_field.search_requested.connect(lambda _text: self.search())
        self.search_field.move_down.connect(self._enter_table)
        self.street_box.currentIndexChanged.connect(lambda _i: self._street_chosen())
        self.inactive_box.toggled.connect(lambda _on: self.search())
        self._views.idToggled.connect(self._view_toggled)
        self.address_table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.case_table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.address_table.doubleClicked.connect(lambda _i: self.change_selected())
        self.streets_button.clicked.connect(self.show_streets)
        self.assign_button.clicked.connect(self.assign_number)
        self.import_button.clicked.connect(self.import_addresses)
        self.print_register_button.clicked.connect(self.print_register)
        self.export_button.clicked.connect(self.export_register)
        self.change_button.clicked.connect(self.change_selected)
        self.retire_button.clicked.connect(self.retire_selected)
        self.letter_button.clicked.connect(self.print_letter)
        self.missing_button.clicked.connect(self.numbers_missing)
        self.serve_button.clicked.connect(lambda: self.act_on_case("serve"))
        self.notice_button.clicked.connect(self.print_selected_notice)
        self.refer_button.clicked.connect(lambda: self.act_on_case("refer"))
        self.complied_button.clicked.connect(lambda: self.act_on_case("complied"))
        self.withdraw_button.clicked.connect(lambda: self.act_on_case("withdraw"))
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.assign_number)

    # ---- what the main window calls ------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._loaded:
            self.refresh()

    def focus_search(self) -> None:
        self.search_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_field.selectAll()

    def refresh(self) -> None:
        """Read the streets and the view shown again (F5, after a save, or the tab first shown)."""
        self._loaded = True
        self._load_streets()
        self.search()

    def search(self) -> None:
        """Run the search of the view shown (after typing or a filter change)."""
        if self.cases_view_active():
            self._search_cases()
        else:
            self._search_addresses()
        self._count_open_cases()

    def cases_view_active(self) -> bool:
        return self.tables.currentIndex() == self.CASES

    def show_cases(self, on: bool = True) -> None:
        (self.cases_view_button if on else self.register_view_button).setChecked(True)

    def show_record(self, record_type: str, record_id: str) -> None:
        """Show one address or one noncompliance case (the Today tab asks)."""
        from clerk_desk.street_numbers.views import case_row

        if record_type not in ("address", "numbering_case") or not record_id.isdigit():
            return
        wanted = int(record_id)
        if not self._loaded:
            self.refresh()
        if record_type == "address":
            row = perform(
                self,
                self.app,
                lambda a: street_views.address_row(a, wanted),
                writes=False,
            )
            if row is not None:
                self.show_address(row)
            return
        case = perform(self, self.app, lambda a: case_row(a, wanted), writes=False)
        if case is None:
            return
        self._set_quietly(view_cases=True, text="", include=case.closed)
        self.search()
        forms.select_row(self.case_table, self.case_model.row_of(lambda r: r.id == wanted))

    def show_address(self, row: AddressRow) -> None:
        """Find ``row`` in the register (by its address typed in the search) and select it."""
        self._set_quietly(
            view_cases=False, text=row.text, include=not row.assigned, street_id=row.street_id
        )
        self.search()
        forms.select_row(self.address_table, self.address_model.row_of(lambda r: r.id == row.id))

    def _set_quietly(
        self,
        *,
        view_cases: bool,
        text: str,
        include: bool,
        street_id: int | None = None,
    ) -> None:
        """Set the view and the filters without a search for each; the caller searches once."""
        with forms.quietly(self._views, self.search_field, self.street_box, self.inactive_box):
            self.show_cases(view_cases)
            self._switch_view(self.CASES if view_cases else self.REGISTER)
            self.search_field.setText(text)
            self.street_box.setCurrentIndex(max(0, self.street_box.findData(street_id)))
            self.inactive_box.setChecked(include)

    def export_register(self) -> None:
        """The register (the street chosen, or every street) to Excel, on a worker thread."""
        from reports.street_numbers import register_excel

        day = self.app.desk.clock.today()
        street_id, street = self.street_box.currentData(), self.street_box.currentText()
        include = self.inactive_box.isChecked() and not self.cases_view_active()
        what = "all-streets" if street_id is None else street.lower().replace(" ", "-")
        path = forms.ask_save_path(
            self,
            "Export the street numbering register",
            f"street-register-{what}-{day.isoformat()}.xlsx",
            EXCEL_FILTER,
        )
        if not path:
            return
        if not path.lower().endswith(".xlsx"):
            path += ".xlsx"
        app = self.app

        def work(progress: Callable[[int], bool]) -> int:
            with app.desk.lookup(app.operator) as action:
                rows, city = street_views.register_export(
                    action, street_id=street_id, include_retired=include
                )
            return register_excel(
                path, rows, progress=progress, author=app.operator.full_name, city=city
            )

        def done(count: int) -> None:
            self.status.emit(f"{count:,} addresses written to {Path(path).name}")

        run_in_background(
            self, work, title="Exporting the street numbering register…", on_done=done
        )

    def print_register(self) -> None:
        """The register of the street chosen in the filter, as a PDF to print."""
        from reports.street_numbers import street_register_pdf

        street_id = self.street_box.currentData()
        if street_id is None:
            return
        include = self.inactive_box.isChecked()

        paper = perform(
            self,
            self.app,
            lambda a: street_views.register_paper(a, street_id, include_retired=include),
            writes=False,
        )
        if paper is None:
            return
        pdf = street_register_pdf(
            paper.street, paper.addresses, profile=paper.profile, printed_on=paper.printed_on
        )
        title = f"Street register — {paper.street.full_name}"
        printing.print_or_explain(self, pdf, title=title)

    # ---- actions -------------------------------------------------------------------------------

    def selected_address(self) -> AddressRow | None:
        row = forms.selected_row(self.address_table)
        if row is None:  # nothing read yet: the forms need not be imported
            return None
        from clerk_desk.street_numbers.views import AddressRow

        return row if isinstance(row, AddressRow) else None

    def selected_case(self) -> CaseRow | None:
        row = forms.selected_row(self.case_table)
        if row is None:  # nothing read yet: the forms need not be imported
            return None
        from clerk_desk.street_numbers.views import CaseRow

        return row if isinstance(row, CaseRow) else None

    def show_streets(self) -> None:
        from ui.street_number_dialogs import StreetsDialog

        if StreetsDialog.ask(self, self.app):
            self.register_changed.emit()
            self.refresh()

    def assign_number(self) -> None:
        from ui.street_number_dialogs import AssignNumberDialog, print_number_letter

        if self._may_assign:
            return
        address_id = AssignNumberDialog.ask(self, self.app, street_id=self.street_box.currentData())
        if address_id is None:
            return
        self.register_changed.emit()
        row = self._address(address_id)
        if row is None:
            return
        self._load_streets()
        self.show_address(row)
        printed = print_number_letter(self, self.app, address_id)
        self._refresh_selected()
        self.status.emit(
            f"{row.text} assigned to parcel {row.parcel_number}; "
            + ("the letter to the owner was printed." if printed else "print the letter to send.")
        )

    def change_selected(self) -> None:
        from ui.street_number_dialogs import ChangeAddressDialog, print_number_letter

        row = self.selected_address()
        if row is None or not row.assigned or self._may_assign:
            return
        now_reads = ChangeAddressDialog.ask(self, self.app, row)
        if now_reads is None:
            return
        self.register_changed.emit()
        changed = self._address(row.id)
        if changed is not None:
            self.show_address(changed)
        message = f"Change recorded in the history of {now_reads}."
        if now_reads != row.text:
            printed = print_number_letter(self, self.app, row.id)
            self._refresh_selected()
            message += (
                " The letter with the new number was printed."
                if printed
                else " Print the letter with the new number for the owner."
            )
        self.status.emit(message)

    def retire_selected(self) -> None:
        from ui.street_number_dialogs import RetireDialog

        row = self.selected_address()
        if row is None or not row.assigned or self._may_assign:
            return
        if RetireDialog.ask(self, self.app, row):
            self.register_changed.emit()
            retired = self._address(row.id)
            if retired is not None:
                self.show_address(retired)
            self.status.emit(f"{row.text} retired; it stays in the register and its history.")

    def print_letter(self) -> None:
        from ui.street_number_dialogs import print_number_letter

        row = self.selected_address()
        if row is None or not row.assigned:
            return
        print_number_letter(self, self.app, row.id)
        self._refresh_selected()

    def numbers_missing(self) -> None:
        from clerk_desk.street_numbers.views import case_row
        from ui.street_number_dialogs import ObserveDialog

        row = self.selected_address()
        if row is None or not row.assigned or self._may_keep:
            return
        case_id = ObserveDialog.ask(self, self.app, row)
        if case_id is None:
            return
        self.register_changed.emit()
        case = perform(self, self.app, lambda a: case_row(a, case_id), writes=False)
        self.search()
        self._show_details()
        if case is not None:
            self.status.emit(
                f"Case opened for {case.address}: a notice may be served from "
                f"{words.format_day(case.notice_from)}."
            )

    def act_on_case(self, act: str) -> None:
        from clerk_desk.street_numbers.views import case_row
        from ui.street_number_dialogs import CaseActDialog

        row = self.selected_case()
        if row is None or row.closed or self._may_keep:
            return
        if CaseActDialog.ask(self, self.app, row, act):
            self.register_changed.emit()
            self.search()
            number = self.case_model.row_of(lambda r: r.id == row.id)
            if number < 0 and not self.inactive_box.isChecked():
                self.inactive_box.setChecked(True)  # searches again
                number = self.case_model.row_of(lambda r: r.id == row.id)
            forms.select_row(self.case_table, number)
            done = perform(self, self.app, lambda a: case_row(a, row.id), writes=False)
            if done is not None:
                self.status.emit(f"{done.address}: {done.status.label.lower()}.")

    def print_selected_notice(self) -> None:
        from ui.street_number_dialogs import print_notice

        row = self.selected_case()
        if row is not None and row.notice_printable(self.app.desk.clock.today()):
            print_notice(self, self.app, row.id)

    def import_addresses(self) -> None:
        """Read an address list, report on it in the background, and import from the report."""
        from ui.street_number_dialogs import TABLE_FILTER, ImportReportDialog, read_and_check

        if self._may_keep:
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
            self.register_changed.emit()
            self.refresh()
            self.status.emit(
                f"{len(imported.rows):,} addresses imported from {Path(path).name} "
                f"({imported.new_parcels:,} new parcels, {imported.new_owners:,} new owners)."
            )

        run_in_background(
            self,
            lambda _progress: read_and_check(app, path),
            title="Checking the address list…",
            on_done=done,
        )

    # ---- searching and showing -----------------------------------------------------------------

    def _address(self, address_id: int) -> AddressRow | None:

        return perform(
            self,
            self.app,
            lambda a: street_views.address_row(a, address_id),
            writes=False,
        )

    def _load_streets(self) -> None:
        from clerk_desk.street_numbers.views import street_rows

        rows: list[StreetRow] = perform(self, self.app, street_rows, writes=False) or []
        chosen = self.street_box.currentData()
        self.street_box.blockSignals(True)
        self.street_box.clear()
        self.street_box.addItem(ALL_STREETS, None)
        for row in rows:
            self.street_box.addItem(row.full_name, row.id)
        self.street_box.setCurrentIndex(max(0, self.street_box.findData(chosen)))
        self.street_box.blockSignals(False)
        self._update_register_buttons()

    def _street_chosen(self) -> None:
        self._update_register_buttons()
        self.search()

    def _update_register_buttons(self) -> None:
        chosen = self.street_box.currentData() is not None
        self.print_register_button.setEnabled(chosen)
        self.print_register_button.setToolTip(
            "The register of the street chosen, to print"
            if chosen
            else "Choose a street in the list beside the search to print its register"
        )

    def _search_addresses(self) -> None:
        from clerk_desk.street_numbers.views import address_rows

        text, include = self.search_field.text(), self.inactive_box.isChecked()
        street_id = self.street_box.currentData()
        selected = self.selected_address()
        rows = perform(
            self,
            self.app,
            lambda a: address_rows(a, text, street_id=street_id, include_retired=include),
            writes=False,
        )
        if rows is None:
            return
        self.address_model.set_rows(rows)
        self._show_count(len(rows), "address", "addresses")
        number = self.address_model.row_of(lambda r: r.id == selected.id) if selected else -1
        forms.select_row(self.address_table, max(number, 0))
        self._show_details()

    def _search_cases(self) -> None:
        from clerk_desk.street_numbers.views import case_rows

        text, include = self.search_field.text(), self.inactive_box.isChecked()
        selected = self.selected_case()
        rows = perform(
            self,
            self.app,
            lambda a: case_rows(a, text, open_only=not include),
            writes=False,
        )
        if rows is None:
            return
        self.case_model.set_rows(rows)
        self._show_count(len(rows), "case", "cases")
        number = self.case_model.row_of(lambda r: r.id == selected.id) if selected else -1
        forms.select_row(self.case_table, max(number, 0))
        self._show_details()

    def _count_open_cases(self) -> None:
        from clerk_desk.street_numbers.views import case_rows

        if self.cases_view_active() and not self.inactive_box.isChecked():
            count: int | None = self.case_model.rowCount()
        else:
            count = perform(
                self,
                self.app,
                lambda a: len(case_rows(a, "", open_only=True)),
                writes=False,
            )
        self.cases_view_button.setText(f"Open &cases ({count})" if count else "Open &cases")

    def _show_count(self, count: int, one: str, many: str) -> None:
        if count >= street_numbers.SEARCH_LIMIT:
            text = f"First {count} {many} shown — type more to narrow the search"
        elif count == 0:
            if self.search_field.text().strip():
                text = f"No {many} match"
            elif self.cases_view_active():
                text = "No open cases"
            else:
                text = f"No {many} yet"
        else:
            text = f"{count:,} {one if count == 1 else many}"
        self.count_label.setText(text)

    def _set_placeholder(self) -> None:
        self.search_field.setPlaceholderText(
            "Search address or owner of a case (Down arrow to the list)"
            if self.cases_view_active()
            else "Search number, street, parcel or owner (Down arrow to the list)"
        )

    def _view_toggled(self, number: int, checked: bool) -> None:
        if checked:
            self._switch_view(number)
            self.search()

    def _switch_view(self, number: int) -> None:
        self.tables.setCurrentIndex(number)
        self.sides.setCurrentIndex(number)
        cases = number == self.CASES
        self.street_box.setVisible(not cases)
        self.inactive_box.setText("Include c&losed" if cases else "Include re&tired")
        self.inactive_box.setToolTip(
            "Also cases closed as complied or withdrawn, and those referred"
            if cases
            else "Also numbers taken out of use"
        )
        self._set_placeholder()

    def _enter_table(self) -> None:
        table = self.case_table if self.cases_view_active() else self.address_table
        table.setFocus(Qt.FocusReason.OtherFocusReason)
        if forms.selected_row(table) is None:
            forms.select_row(table, 0)

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._show_details()

    def _refresh_selected(self) -> None:
        """Read the address chosen again (its letter, history and cases changed)."""
        row = self.selected_address()
        if row is not None:
            self._search_addresses()

    def _show_details(self) -> None:
        if self.cases_view_active():
            self._show_case(self.selected_case())
        else:
            self._show_address(self.selected_address())

    def _enable(self, button: QPushButton, on: bool, refused: str, why_off: str = "") -> None:
        button.setEnabled(on and not refused)
        if refused:
            button.setToolTip(refused)
        elif not on and why_off:
            button.setToolTip(why_off)

    def _case_acts(self) -> dict[CaseAct, QPushButton]:
        from clerk_desk.street_numbers.acts import CaseAct

        return {
            CaseAct.SERVE: self.serve_button,
            CaseAct.PRINT_NOTICE: self.notice_button,
            CaseAct.REFER: self.refer_button,
            CaseAct.COMPLIED: self.complied_button,
            CaseAct.WITHDRAW: self.withdraw_button,
        }

    def _show_address(self, row: AddressRow | None) -> None:
        assigned = row is not None and row.assigned
        off = "Choose an assigned address in the register"
        self._enable(self.change_button, assigned, self._may_assign, off)
        self._enable(self.retire_button, assigned, self._may_assign, off)
        self._enable(self.letter_button, assigned, "", off)
        self._enable(self.missing_button, assigned, self._may_keep, off)
        if row is None:
            self.address_details.setText(
                "<i>No address selected.</i>"
                if self.address_model.rowCount()
                else "<i>No address to show. Assign a number, or import the City's address "
                "list (Import addresses…).</i>"
            )
            self.history.setText("")
            self.address_cases.setText("")
            return
        history = perform(
            self, self.app, lambda a: street_views.address_history(a, row.id), writes=False
        )
        self.address_details.setText(
            address_html(row, letter_due=history is not None and history.letter_due)
        )
        changes = list(history.changes) if history is not None else []
        found = list(history.cases) if history is not None else []
        self.history.setText(history_html(changes) if changes else "<i>No changes recorded.</i>")
        self.address_cases.setText(cases_html(found) if found else "<i>None recorded.</i>")

    def _show_case(self, row: CaseRow | None) -> None:
        from clerk_desk.street_numbers.acts import acts

        found = None
        if row is not None:
            case_id = row.id
            found = perform(self, self.app, lambda a: acts(a, case_id), writes=False)
        show_acts(self._case_acts(), found, "Choose an open case")
        if row is None:
            self.case_details.setText(
                "<i>No case selected.</i>"
                if self.case_model.rowCount()
                else "<i>No open cases. From an address in the register, Numbers missing… "
                "records that its numbers are missing or improper.</i>"
            )
            return
        self.case_details.setText(case_html(row, self.app.desk.clock.today()))


# ---- the details panels ----------------------------------------------------------------------


def address_html(row: AddressRow, *, letter_due: bool = False) -> str:
    """The address's details. The letter is spoken of once it is printed, or while the owner
    waits for it (``letter_due``, :func:`clerk_desk.street_numbers.service.letter_due`): an address
    imported from the old map was numbered long ago and is owed none."""
    e = html.escape
    status = (
        ""
        if row.assigned
        else f"<p><b style='color:{MAY_NOT_COLOUR}'>{e(row.status_text)}</b> — no longer in "
        "use; it stays in the register and its history.</p>"
    )
    where = [row.kind.label, row.side_text]
    if row.position_ft is not None:
        where.append(f"{row.position_ft:,} ft along the street")
    letter = ""
    if row.letter_printed_on:
        letter = f"; letter to the owner printed {words.us_date(row.letter_printed_on)}"
    elif letter_due:
        letter = f"; <b style='color:{ASK_COLOUR}'>letter to the owner not printed</b>"
    parts = [
        f"<h3>{e(row.text)}</h3>",
        status,
        f"<p>Parcel <b>{e(row.parcel_number)}</b>"
        + (f" · owner <b>{e(row.owner)}</b>" if row.owner else " · owner not recorded")
        + "</p>",
        f"<p>{e(' · '.join(where))}</p>",
        f"<p>Assigned {words.us_date(row.assigned_on)} by {e(row.assigned_by)}"
        + (letter if row.assigned else "")
        + "</p>",
    ]
    if row.notes:
        parts.append(f"<p style='color:{SECONDARY}'>{e(row.notes)}</p>")
    return "".join(parts)


def history_html(rows: list[ChangeRow]) -> str:
    """Every change to the address, oldest first: when, who, what, old → new, and why."""
    e = html.escape
    lines = []
    for row in rows:
        line = f"<b>{e(row.when)}</b> · {e(row.who)}<br>{e(_title(row.what))}"
        if row.change_text:
            line += f": {e(row.change_text)}"
        if row.why:
            line += f"<br><i>Why: {e(row.why)}</i>"
        lines.append(line)
    return "<p>" + "</p><p>".join(lines) + "</p>"


def _title(text: str) -> str:
    return text[:1].upper() + text[1:]


def _case_line(row: CaseRow) -> str:
    e = html.escape
    text = f"{words.us_date(row.observed_on)}: {e(row.observation)} — <b>{e(row.status.label)}</b>"
    if row.served_on:
        text += f"; notice served {words.us_date(row.served_on)} by {e(row.served_manner)}"
    if row.referred_on:
        text += f"; referred {words.us_date(row.referred_on)}"
    if row.closed_on:
        text += f" {words.us_date(row.closed_on)}"
        text += f" ({e(row.close_note)})" if row.close_note else ""
    if row.next_step and row.next_from:
        text += f". Next: {e(row.next_step.lower())} from {words.us_date(row.next_from)}"
    return text + "."


def cases_html(rows: list[CaseRow]) -> str:
    return "<br>".join(_case_line(row) for row in rows)


def case_html(row: CaseRow, today: date) -> str:
    e = html.escape
    parts = [
        f"<h3>{e(row.address)}</h3>",
        f"<p>{'Owner <b>' + e(row.owner) + '</b>' if row.owner else 'Owner not recorded'}</p>",
        f"<p>Status: <b>{e(row.status.label)}</b></p>",
        f"<p>Observed {words.us_date(row.observed_on)} by {e(row.observed_by)}: "
        f"{e(row.observation)}</p>",
    ]
    if row.served_on:
        parts.append(
            f"<p>Notice served {words.us_date(row.served_on)} by {e(row.served_manner)}"
            + (f" ({e(row.served_by)})" if row.served_by else "")
            + "</p>"
        )
    if row.referred_on:
        parts.append(
            f"<p>Referred for a forfeiture under § 1-4 on {words.us_date(row.referred_on)}</p>"
        )
    if row.closed_on:
        parts.append(
            f"<p>Closed {words.us_date(row.closed_on)}"
            + (f": {e(row.close_note)}" if row.close_note else "")
            + "</p>"
        )
    if row.next_step and row.next_from:
        due = row.next_from <= today
        colour = ASK_COLOUR if due else QUIET
        when = "due since" if due else "from"
        parts.append(
            f"<p style='color:{colour}'><b>Next: {e(row.next_step)}</b> — {when} "
            f"{words.format_day(row.next_from)}.</p>"
        )
    parts.append(f"<p><small>{cite_html(NONCOMPLIANCE_CITE)}</small></p>")
    return "".join(parts)
