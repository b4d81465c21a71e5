"""The noncompliance cases (§ 506-16 (Noncompliance)): the buildings whose numbers are missing
or improper, with what the City does next and from which day, and the acts on the case chosen.

Whether an act is allowed now, and why not, is the core's
(:func:`clerk_desk.street_numbers.acts.acts`), by the rules its services enforce.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import partial
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.street_numbers import views as street_views
from clerk_desk.street_numbers.acts import CaseAct, acts
from clerk_desk.street_numbers.addresses import SEARCH_LIMIT
from clerk_desk.street_numbers.views import CaseRow
from ui.kit import forms as forms
from ui.kit.operations import App, perform
from ui.kit.register_page import RegisterPage, act_button, search_row, show_acts
from ui.kit.style import LATE_BACKGROUND
from ui.kit.table_models import RowsModel, TableColumn
from ui.street_numbers.details import case_html, rich_label

CHOOSE = "Choose an open case"
FORM_OF: dict[CaseAct, str] = {
    CaseAct.SERVE: "serve",
    CaseAct.REFER: "refer",
    CaseAct.COMPLIED: "complied",
    CaseAct.WITHDRAW: "withdraw",
}
"""The act of each :class:`~ui.street_numbers.case_dialogs.CaseActDialog` form."""


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
            colour=lambda r: LATE_BACKGROUND if r.due(today()) else None,
            tooltip=lambda r: "Due now" if r.due(today()) else None,
            header_tooltip="The first day the next step may be taken",
        ),
    )


class CasesPage(RegisterPage[CaseRow]):
    """The noncompliance cases, the open ones unless closed ones are asked for.

    Signals: ``status(str)`` for the status bar; ``changed()`` after a case was recorded.
    """

    changed = Signal()

    row_type = CaseRow
    record_type = "numbering_case"
    search_limit = SEARCH_LIMIT
    count_noun = "case"
    empty_text = "No open cases"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("cases_page")
        self.search_field = forms.SearchField(
            "Search address or owner of a case (Down arrow to the list)"
        )
        self.search_field.setObjectName("cases_search")
        self.inactive_box = QCheckBox("Include c&losed")
        self.inactive_box.setObjectName("include_closed")
        self.inactive_box.setToolTip(
            "Also cases closed as complied or withdrawn, and those referred"
        )
        self.model = RowsModel(case_columns(app.desk.clock.today), self)
        self.model.set_dimmed(lambda r: r.closed)
        self.table = forms.make_table(self.model, name="case_table")
        forms.size_columns(self.table, {0: 20, 1: 24, 2: 18, 3: 10, 4: 20})
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self._build_details())
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([340, 260])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(search_row(self.search_field, self.inactive_box))
        layout.addWidget(splitter, 1)
        layout.addLayout(self._build_footer())
        self._order_tabs()
        self._connect_register()
        for act, button in self._acts().items():
            button.clicked.connect(lambda _on=False, act=act: self.act_on_case(act))
        self._show_details()

    def _build_details(self) -> QWidget:
        self.case_details = rich_label("case_details", self.app)
        self.serve_button = act_button("&Serve notice…", "serve_button")
        self.notice_button = act_button(
            "Print &notice",
            "notice_button",
            "The notice requiring the owner to number the building",
        )
        self.refer_button = act_button(
            "Re&fer…", "refer_button", "Refer for a forfeiture under § 1-4"
        )
        self.complied_button = act_button(
            "C&omplied…", "complied_button", "The numbers are posted: close the case"
        )
        self.withdraw_button = act_button(
            "&Withdraw…", "withdraw_button", "The case was recorded in error"
        )
        buttons = QHBoxLayout()
        for button in self._acts().values():
            buttons.addWidget(button)
        buttons.addStretch(1)
        side = QWidget()
        column = QVBoxLayout(side)
        column.setContentsMargins(4, 4, 4, 0)
        column.addWidget(self.case_details)
        column.addLayout(buttons)
        column.addStretch(1)
        scroller = forms.scrolled(side)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setMinimumHeight(160)
        return scroller

    def _acts(self) -> dict[CaseAct, QPushButton]:
        return {
            CaseAct.SERVE: self.serve_button,
            CaseAct.PRINT_NOTICE: self.notice_button,
            CaseAct.REFER: self.refer_button,
            CaseAct.COMPLIED: self.complied_button,
            CaseAct.WITHDRAW: self.withdraw_button,
        }

    # ---- the register's hooks ------------------------------------------------------------------

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return (self.inactive_box,)

    def search_query(self) -> Callable[[Action], list[CaseRow]]:
        return partial(
            street_views.case_rows,
            text=self.search_field.text(),
            open_only=not self.inactive_box.isChecked(),
        )

    def register_years(self, action: Action) -> list[int]:
        return []  # the open cases are few; closed ones are asked for with Include closed

    def offer_years(self, years: list[int]) -> None:
        pass

    def row_name(self, row: CaseRow) -> str:
        return row.address

    def _announce_change(self) -> None:
        self.changed.emit()

    def read_chosen(self, action: Action, row: CaseRow) -> dict[CaseAct, str | None]:
        return acts(action, row.id)

    def _show_details(self) -> None:
        row = self.selected()
        found = None
        if row is not None:
            found = cast(dict[CaseAct, str | None] | None, self.chosen_details(row))
        show_acts(self._acts(), found, CHOOSE)
        if row is None:
            self.case_details.setText(
                "<i>No case selected.</i>"
                if self.model.rowCount()
                else "<i>No open cases. From an address in the register, Numbers missing… "
                "records that its numbers are missing or improper.</i>"
            )
            return
        self.case_details.setText(case_html(row, self.app.desk.clock.today()))

    def show_case(self, case_id: int) -> None:
        """Show one case, a closed one among the closed (the Today tab asks)."""
        case = perform(self, self.app, lambda a: street_views.case_row(a, case_id), writes=False)
        if case is None:
            return
        with forms.quietly(self.search_field, self.inactive_box):
            self.search_field.clear()
            self.inactive_box.setChecked(case.closed)
        self.select_id(case_id)

    # ---- the acts ------------------------------------------------------------------------------

    def act_on_case(self, act: CaseAct) -> None:
        """The act's form on the case chosen (its button is enabled only when the act is
        allowed); then the case is shown as it now stands, among the closed once closed."""
        from ui.street_numbers.case_dialogs import CaseActDialog
        from ui.street_numbers.papers import print_notice

        row = self.selected()
        if row is None or not self._acts()[act].isEnabled():
            return
        if act is CaseAct.PRINT_NOTICE:
            print_notice(self, self.app, row.id)
            return
        if not CaseActDialog.ask(self, self.app, row, FORM_OF[act]):
            return
        self.changed.emit()
        self.refresh()
        if self.model.row_of(lambda r: r.id == row.id) < 0 and not self.inactive_box.isChecked():
            with forms.quietly(self.inactive_box):
                self.inactive_box.setChecked(True)  # the closed case stays in view
            self.refresh()
        forms.select_row(self.table, self.model.row_of(lambda r: r.id == row.id))
        done = perform(self, self.app, lambda a: street_views.case_row(a, row.id), writes=False)
        if done is not None:
            self.status.emit(f"{done.address}: {done.status.label.lower()}.")
