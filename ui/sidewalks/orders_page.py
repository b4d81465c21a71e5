"""The Sidewalks tab's page of repair orders: the register, the chosen order's findings, special
charge and history, and its acts, enabled by the core's acts."""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.kinds import RepairOrderKind, RepairOrderStatus
from clerk_desk.sidewalks import acts as sidewalk_acts
from clerk_desk.sidewalks import details as details_views
from clerk_desk.sidewalks import papers
from clerk_desk.sidewalks.acts import OrderAct
from clerk_desk.sidewalks.details import (
    OrderDetails,
    OrderRow,
    order_details,
    search_order_rows,
)
from clerk_desk.sidewalks.service import (
    MINOR_REPAIR_CITE,
    ORDER_RECORD_TYPE,
    REPAIR_CITE,
    SEARCH_LIMIT,
    WHOLE_BLOCK_CITE,
)
from clerk_desk.words import day_or_blank, format_day
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.application_page import details_column
from ui.kit.dialog_parts import refit
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, draw_paper, perform
from ui.kit.register_page import (
    RegisterPage,
    act_button,
    button_grid,
    register_splitter,
    show_acts,
)
from ui.kit.style import BAD_BACKGROUND, SECONDARY
from ui.kit.table_models import HISTORY_COLUMNS, RowsModel, TableColumn
from ui.sidewalks.order_dialogs import (
    CHARGE_COLUMNS,
    CityRepairDialog,
    OrderDialog,
    OwnerRepairDialog,
    ServiceDialog,
    cancel_order,
)
from ui.sidewalks.parts import (
    cite_link,
    fit_columns,
)
from ui.sidewalks.permits_page import DAY_TEXT, KIND_SHORT

NEW_ORDER_TIP = "A Council order, an emergency direction, or a minor repair up to $500 (Ctrl+N)"


def order_columns() -> tuple[TableColumn, ...]:
    def due_colour(row: OrderRow) -> str | None:
        return BAD_BACKGROUND if row.overdue else None

    def due_text(row: OrderRow) -> str:
        if row.kind is RepairOrderKind.MINOR:
            return "no notice"
        return words.us_date(row.repair_due_on)

    return (
        TableColumn("Order", lambda r: r.number),
        TableColumn("Kind", lambda r: KIND_SHORT[r.kind], tooltip=lambda r: r.kind.label),
        TableColumn("Owner", lambda r: r.owner, tooltip=lambda r: r.owner_address or None),
        TableColumn("Parcel", lambda r: r.parcel_number, tooltip=lambda r: r.site_address or None),
        TableColumn("Location", lambda r: r.location, tooltip=lambda r: r.defect or None),
        TableColumn("Ordered", lambda r: words.us_date(r.ordered_on)),
        TableColumn("Served", lambda r: words.us_date(r.served_on)),
        TableColumn(
            "Owner's last day",
            due_text,
            colour=due_colour,
            header_tooltip="20 days after service of the notice; a Sunday or legal holiday "
            f"moves it ({REPAIR_CITE})",
        ),
        TableColumn("Status", lambda r: r.status.label),
    )


def order_html(row: OrderRow) -> str:
    e = html.escape
    parts = [
        f"<h3>{e(row.number)} — {e(row.status.label)}</h3>",
        f"<p><b>{e(row.owner)}</b>, owner"
        + (
            f"<br><span style='color:{SECONDARY}'>{e(row.owner_address)}</span>"
            if row.owner_address
            else ""
        )
        + f"<br>Parcel {e(row.parcel_text)}</p>",
    ]
    what = [f"<i>{e(row.kind.label)}</i>"]
    where = " — ".join(p for p in (row.street, row.location) if p)
    what.append(f"<i>Where:</i> {e(where)}")
    what.append(f"<i>Defect:</i> {e(row.defect)}")
    if row.work_required:
        what.append(f"<i>Work required:</i> {e(row.work_required)}")
    if row.caused_by_owner:
        what.append("Damaged by the owner or the owner's agents")
    if row.kind is RepairOrderKind.MINOR:
        what.append(f"Whole block: does not apply ({cite_link(MINOR_REPAIR_CITE)})")
    elif row.whole_block:
        what.append(f"Whole block at one time ({cite_link(WHOLE_BLOCK_CITE)})")
    else:
        what.append(
            f"Partial replacement approved by {e(row.partial_approved_by)} "
            f"({cite_link(WHOLE_BLOCK_CITE)})"
        )
    if row.estimated_cost is not None:
        limit = (
            f" (not more than $500.00: {cite_link(MINOR_REPAIR_CITE)})"
            if row.kind is RepairOrderKind.MINOR
            else ""
        )
        what.append(f"<i>Estimated cost:</i> {row.estimated_cost}{limit}")
    parts.append("<p>" + "<br>".join(what) + "</p>")
    days = []
    if row.meeting:
        days.append(f"Ordered by the Common Council, meeting of {e(row.meeting)}")
    else:
        days.append(f"Ordered {e(day_or_blank(row.ordered_on))} by {e(row.ordered_by)}")
    if row.served_on:
        days.append(
            f"Notice served {e(day_or_blank(row.served_on))} ({e(row.served_how)}) "
            f"by {e(row.served_by)}"
        )
    if row.repair_due_on and row.kind is RepairOrderKind.COUNCIL_ORDER:
        days.append(f"Owner's last day: <b>{e(day_or_blank(row.repair_due_on))}</b>")
    if row.city_may_repair_on and row.open:
        days.append(f"The City may repair from <b>{e(day_or_blank(row.city_may_repair_on))}</b>")
    if row.repaired_by_owner_on:
        days.append(f"Repaired by the owner {e(day_or_blank(row.repaired_by_owner_on))}")
    if row.city_repaired_on:
        days.append(
            f"Repaired by the City {e(day_or_blank(row.city_repaired_on))}: "
            f"{row.city_cost} charged to the owner"
        )
    if row.cancel_reason:
        days.append(f"Cancelled: {e(row.cancel_reason)}")
    parts.append("<p>" + "<br>".join(days) + "</p>")
    if row.notes:
        parts.append(f"<p style='color:{SECONDARY}'><i>Notes:</i> {e(row.notes)}</p>")
    return "".join(parts)


class OrdersPage(RegisterPage[OrderRow]):
    """The repair-order register (Wis. Stat. § 66.0907), the chosen order and its acts.

    Signals: ``status(str)``; ``changed()`` after an order was saved.
    """

    changed = Signal()

    row_type = OrderRow
    record_type = ORDER_RECORD_TYPE
    search_limit = SEARCH_LIMIT
    count_noun = "order"
    empty_text = "No repair orders yet"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("orders_page")
        self.details: OrderDetails | None = None
        self._build()
        self._connect()
        self._show_details()

    def _build(self) -> None:
        top = self._build_filters(
            "Search order number, owner, parcel, address, location or defect (Down arrow to "
            "the list)",
            search_name="orders_search",
            statuses=((status.label, status) for status in RepairOrderStatus),
            status_name="order_status_filter",
            year_name="order_year_filter",
        )

        self._build_register()

        self.summary = forms.rich_label("order_details", self.app.open_link)
        left = details_column(self.summary, acts=self._build_act_buttons())

        self._build_pages()

        splitter = register_splitter(
            self.table,
            left,
            self.pages,
            sizes=(260, 440),
            below_sizes=(640, 640),
        )

        self.new_button = QPushButton("&New repair order…")
        self.new_button.setObjectName("new_order_button")
        self.new_button.setToolTip(NEW_ORDER_TIP)
        bottom = self._build_footer(self.new_button, count_name="order_count")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)

    def _build_register(self) -> None:
        """The register of repair orders, its columns sized to what they hold."""
        self.model = RowsModel(order_columns(), self)
        self.model.set_dimmed(lambda r: not r.open)
        self.table = forms.make_table(self.model, name="orders_table")
        fit_columns(
            self.table,
            {
                0: ("SR-2026-000",),
                1: tuple(KIND_SHORT.values()),
                3: ("281-00000-0000",),
                5: (DAY_TEXT,),
                6: (DAY_TEXT,),
                7: (DAY_TEXT, "no notice"),
                8: tuple(s.label for s in RepairOrderStatus),
            },
            (2, 4),
        )

    def _build_act_buttons(self) -> QGridLayout:
        """The acts on the chosen order: its notice, then the repair."""
        self.service_button = act_button(
            "Notice &served…", "service_button", "Record service of the notice on the owner"
        )
        self.notice_button = act_button(
            "Print no&tice", "notice_button", "The notice to the owner, to serve"
        )
        self.owner_button = act_button(
            "&Owner repaired…", "owner_repair_button", "The owner made the repair"
        )
        self.city_button = act_button(
            "&City repaired…",
            "city_repair_button",
            "The City did the work: its cost is charged to the owner as a special charge",
        )
        self.cancel_button = act_button("Cance&l order…", "cancel_order_button", "Cancel the order")
        self.act_buttons: dict[OrderAct, QPushButton] = {
            OrderAct.PRINT_NOTICE: self.notice_button,
            OrderAct.SERVE: self.service_button,
            OrderAct.OWNER_REPAIR: self.owner_button,
            OrderAct.CITY_REPAIR: self.city_button,
            OrderAct.CANCEL: self.cancel_button,
        }
        grid = button_grid(
            (
                ("Notice", (self.notice_button, self.service_button)),
                ("Repair", (self.owner_button, self.city_button, self.cancel_button)),
            )
        )
        return grid

    def _build_pages(self) -> None:
        """Where the order stands, its special charge and its history, as tabs."""
        self.findings = FindingsView(self.app, empty_text="Nothing waits on this order.")
        self.findings.setObjectName("order_findings")
        findings_page = QWidget()
        findings_layout = QVBoxLayout(findings_page)
        findings_layout.addWidget(self.findings)
        findings_layout.addStretch(1)
        self.charge_model = RowsModel(CHARGE_COLUMNS, self)
        self.charge_table = forms.make_table(self.charge_model, name="charges_table")
        forms.size_columns(self.charge_table, {0: 40, 1: 11, 2: 11})
        self.history_model = RowsModel(HISTORY_COLUMNS, self)
        self.history_table = forms.make_table(self.history_model, name="order_history_table")
        self.history_table.setWordWrap(True)
        forms.size_columns(self.history_table, {0: 17, 1: 16})
        self.pages = QTabWidget()
        self.pages.setObjectName("order_pages")
        self.pages.addTab(forms.scrolled(findings_page), "Where it stands")
        self.pages.addTab(self.charge_table, "Special charge")
        self.pages.addTab(self.history_table, "History")

    def _connect(self) -> None:
        self._connect_register()
        self.new_button.clicked.connect(self.new_order)
        self.service_button.clicked.connect(self.record_service)
        self.notice_button.clicked.connect(self.print_notice)
        self.owner_button.clicked.connect(
            lambda: self._act(OwnerRepairDialog, "Owner's repair recorded")
        )
        self.city_button.clicked.connect(self.city_repair)
        self.cancel_button.clicked.connect(self.cancel_selected)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_order)

    def status_filter(self) -> RepairOrderStatus | None:
        data = self.status_box.currentData()
        return RepairOrderStatus(data) if data else None

    def search_query(self) -> Callable[[Action], list[OrderRow]]:
        return partial(
            search_order_rows,
            text=self.search_field.text(),
            status=self.status_filter(),
            year=self.year_box.currentData(),
        )

    def register_years(self, action: Action) -> list[int]:
        return details_views.order_years(action)

    def read_beside(self, action: Action) -> dict[RepairOrderKind, str | None]:
        """The kinds of order the operator may record, read with the rows on the worker rather
        than as the page is built (until then the form and the service refuse one who may
        not)."""
        return sidewalk_acts.order_kind_acts(action)

    def show_beside(self, figure: object) -> None:
        """A new order is offered while the core's acts let the operator record some kind."""
        kinds = cast(dict[RepairOrderKind, str | None], figure)
        refused = bool(kinds) and all(kinds.values())
        self.new_button.setEnabled(not refused)
        self.new_button.setToolTip(
            (kinds[RepairOrderKind.COUNCIL_ORDER] or "") if refused else NEW_ORDER_TIP
        )

    select_order = RegisterPage.select_id

    def read_chosen(self, action: Action, row: OrderRow) -> OrderDetails:
        return order_details(action, row.id)

    def _show_details(self) -> None:
        row = self.selected()
        details = None
        if row is not None:
            details = cast(OrderDetails | None, self.chosen_details(row))
        self.details = details
        if details is None:
            self.summary.setText("<i>No order selected.</i>")
            self.findings.set_findings([])
            self.charge_model.set_rows([])
            self.history_model.set_rows([])
        else:
            self.summary.setText(order_html(details.row))
            self.findings.set_findings(details.findings)
            self.charge_model.set_rows(list(details.charges))
            self.history_model.set_rows(list(details.history))
            self.history_table.resizeRowsToContents()
            self.pages.setTabText(
                1,
                f"Special charge ({len(details.charges)})" if details.charges else "Special charge",
            )
        refit(self.summary)
        self._update_buttons(details)

    def _update_buttons(self, details: OrderDetails | None) -> None:
        """Each act as the core's acts say (``details_views.order_acts``): no rule here."""
        show_acts(self.act_buttons, details.acts if details else None, "Choose an order")

    def _announce_change(self) -> None:
        self.changed.emit()

    def new_order(self) -> None:
        if not self.new_button.isEnabled():
            return
        order_id = OrderDialog.ask(self, self.app)
        if order_id is None:
            return

        found = perform(
            self, self.app, lambda a: details_views.order_taken(a, order_id), writes=False
        )
        text = f"Repair order {found.number} recorded" if found else "Repair order recorded"
        notice = found is not None and found.needs_notice
        self._after_save(order_id, text + (": print the notice and serve it." if notice else "."))
        if notice:
            self.print_notice()

    def record_service(self) -> None:
        row = self.selected()
        if row is None or not ServiceDialog.ask(self, self.app, row):
            return
        fresh = perform(self, self.app, lambda a: order_details(a, row.id).row, writes=False)
        due = fresh.repair_due_on if fresh else None
        self._after_save(
            row.id,
            f"Notice of {row.number} served"
            + (f": the owner's last day is {format_day(due)}." if due else "."),
        )

    def city_repair(self) -> None:
        row = self.selected()
        if row is None or not CityRepairDialog.ask(self, self.app, row):
            return
        self._after_save(
            row.id, f"City repair of {row.number} recorded and charged to {row.owner}."
        )
        self.pages.setCurrentIndex(1)

    def cancel_selected(self) -> None:
        row = self.selected()
        if row is not None and cancel_order(self, self.app, row):
            self._after_save(row.id, f"Repair order {row.number} cancelled.")

    def print_notice(self) -> None:
        row = self.selected()
        if row is None or not row.needs_notice:
            return
        order_id = row.id

        def draw(paper: papers.NoticePaper) -> bytes:
            from reports.sidewalks import repair_notice_pdf  # imported on the worker

            return repair_notice_pdf(
                paper.view, paper.profile, printed_on=paper.printed_on, sections=paper.sections
            )

        pdf = draw_paper(self, self.app, lambda a: papers.notice_paper(a, order_id), draw)
        title = f"Notice to repair sidewalk {row.number}"
        if pdf is not None and printing.print_or_explain(
            self, pdf, title=title, saved="The order is recorded: print the notice again here."
        ):
            self.status.emit(f"{title} sent to the printer.")
