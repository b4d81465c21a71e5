"""Sidewalks: the sidewalk article before § 506-6 — permits to lay, remove, replace or repair a
public sidewalk, the Sidewalk Master Plan that decides who pays, and orders to repair defective
sidewalks under Wis. Stat. § 66.0907.

Three pages, one register each (Permits built with the tab, the other two when first chosen):

- **Permits** — the clerk finds a permit by typing part of its number, the applicant, a street,
  a location, a contractor or a parcel, and narrows by status and year. Beside the register are
  the chosen permit's details with who pays for the work (as the current plan reads, until the
  permit is issued and it is fixed), the findings of the article that stand in the way of
  issuing it, and its history. No fee is charged; the permit prints with the standard
  specifications sheet.
- **Repair orders** — the Council's orders (20 days after service of the notice), emergencies
  and minor repairs up to $500: the notice to print and serve, the owner's last day, and the
  City's repair whose cost becomes a special charge against the parcel.
- **Master plan** — the segments of the current Sidewalk Master Plan. Who pays for a permit not
  yet issued follows it; an address can be looked up to see whether the plan shows it.

Nothing is deleted: a denied or withdrawn permit, a cancelled order and a retired segment stay.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process
from clerk_desk.child_process import Station
from clerk_desk.sidewalks import papers
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.service import (
    ORDER_RECORD_TYPE,
    PERMIT_CITE,
    RECORD_TYPE,
    REPAIR_CITE,
)
from clerk_desk.words import plural
from ui.kit.operations import App
from ui.kit.register_page import (
    Progress,
    export_workbook,
)
from ui.sidewalks import jobs
from ui.sidewalks.orders_page import OrdersPage, order_columns
from ui.sidewalks.permits_page import PermitsPage, permit_columns
from ui.sidewalks.plan_page import PlanPage, segment_columns

_EXPORT_ALL = 10**9
_ORDERS, _PLAN = 1, 2
"""The places of the pages built when first chosen."""


# ---- the tab ----------------------------------------------------------------------------------


class SidewalksTab(QWidget):
    """The Sidewalks tab: Permits, Repair orders and Master plan.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after a permit, an order or the plan was saved (the Today tab may
    refresh); ``page_built()`` after a page was built on first use (the main window settles
    the tab's Alt+letters again).
    """

    status = Signal(str)
    register_changed = Signal()
    page_built = Signal()

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("sidewalks_tab")
        # The Permits page is shown first, so it is built at once; the other two are built when
        # first chosen (or asked for): the three together held the window 60-110 ms at twenty
        # years as the tab opened (issue 20).
        self.permits = PermitsPage(app)
        self._orders: OrdersPage | None = None
        self._plan: PlanPage | None = None
        self.inner = QTabWidget()
        self.inner.setObjectName("sidewalk_pages")
        self.inner.addTab(self.permits, "&Permits")
        self.inner.addTab(_NotBuiltYet(), "&Repair orders")
        self.inner.addTab(_NotBuiltYet(), "&Master plan")
        self.inner.setTabToolTip(
            0, f"Sidewalk permits: free, seven days before work ({PERMIT_CITE})"
        )
        self.inner.setTabToolTip(1, f"Orders to repair defective sidewalks ({REPAIR_CITE})")
        self.inner.setTabToolTip(2, "The current Sidewalk Master Plan: who pays follows it")
        self.export_button = QPushButton("E&xport to Excel…")
        self.export_button.setObjectName("export_button")
        self.export_button.setToolTip(
            "Permits, repair orders and the master plan as they are searched, one sheet each"
        )
        self.inner.setCornerWidget(self.export_button, Qt.Corner.TopRightCorner)
        layout = QVBoxLayout(self)
        layout.addWidget(self.inner)
        self._connect_page(self.permits)
        self.inner.currentChanged.connect(self._page_chosen)
        self.export_button.clicked.connect(self.export_register)

    @property
    def orders(self) -> OrdersPage:
        """The Repair orders page, built now if it was not yet."""
        return self._orders if self._orders is not None else self._build_orders()

    @property
    def plan(self) -> PlanPage:
        """The Master plan page, built now if it was not yet."""
        return self._plan if self._plan is not None else self._build_plan()

    def _page_chosen(self, index: int) -> None:
        """A page chosen the first time is built as it is shown (it then reads its register)."""
        if index == _ORDERS and self._orders is None:
            self._build_orders()
        elif index == _PLAN and self._plan is None:
            self._build_plan()

    def _build_orders(self) -> OrdersPage:
        self._orders = OrdersPage(self.app)
        self._install(self._orders, _ORDERS)
        return self._orders

    def _build_plan(self) -> PlanPage:
        self._plan = PlanPage(self.app)
        self._plan.changed.connect(self._plan_changed)
        self._install(self._plan, _PLAN)
        return self._plan

    def _connect_page(self, page: PermitsPage | OrdersPage | PlanPage) -> None:
        page.status.connect(self.status)
        page.changed.connect(self.register_changed)

    def _install(self, page: OrdersPage | PlanPage, index: int) -> None:
        """Put ``page`` in the place held for it at ``index``. It goes in beside its
        placeholder, and is made current before the placeholder goes, so that no other page is
        shown (and read) meanwhile; the swap is not a change of page."""
        self._connect_page(page)
        held = self.inner.widget(index)
        was_current = self.inner.currentIndex() == index
        blocked = self.inner.blockSignals(True)
        try:
            self.inner.insertTab(index + 1, page, self.inner.tabText(index))
            self.inner.setTabToolTip(index + 1, self.inner.tabToolTip(index))
            if was_current:
                self.inner.setCurrentIndex(index + 1)
            self.inner.removeTab(index)
        finally:
            self.inner.blockSignals(blocked)
        if held is not None:
            held.deleteLater()
        self.page_built.emit()

    def _plan_changed(self) -> None:
        """Who pays for a permit not yet issued follows the plan: read the permits again."""
        if self.permits.loaded:
            self.permits.refresh()

    def _pages(self) -> tuple[PermitsPage | OrdersPage | PlanPage, ...]:
        """The pages built so far."""
        return tuple(p for p in (self.permits, self._orders, self._plan) if p is not None)

    # ---- what the main window calls ------------------------------------------------------------

    def focus_search(self) -> None:
        page = self.inner.currentWidget()
        field = getattr(page, "search_field", None)
        if field is not None:
            field.setFocus(Qt.FocusReason.ShortcutFocusReason)
            field.selectAll()

    def refresh(self) -> None:
        """Read the page shown again (and the others already read)."""
        current = self.inner.currentWidget()
        for page in self._pages():
            if page is current or page.loaded:
                page.refresh()

    def show_record(self, record_type: str, record_id: str) -> None:
        """Show one permit or repair order (the Today tab asks)."""
        if not record_id.isdigit():
            return
        if record_type == RECORD_TYPE:
            self.inner.setCurrentWidget(self.permits)
            self.permits.select_permit(int(record_id))
        elif record_type == ORDER_RECORD_TYPE:
            self.inner.setCurrentWidget(self.orders)
            self.orders.select_order(int(record_id))
        elif record_type == sidewalks.SEGMENT_RECORD_TYPE:
            self.inner.setCurrentWidget(self.plan)
            self.plan.refresh()
            self.plan._show_rows(int(record_id))

    def export_register(self) -> None:
        """The permits and orders the searches show, and the master plan, to one workbook (a
        sheet each, ``reports.excel.write_workbook``), in a process of its own behind a
        progress dialog whose Cancel leaves no file."""
        export_workbook(
            self,
            ask="Export the sidewalk registers",
            suggested=f"sidewalks-{self.app.desk.clock.today().isoformat()}.xlsx",
            busy="Exporting the sidewalk registers…",
            write=self._export_work,
            written=lambda counts: (
                f"{plural(counts[0], 'permit')}, {plural(counts[1], 'repair order')} and "
                f"{plural(counts[2], 'plan segment')}"
            ),
            tell=self.status.emit,
        )

    def _export_work(self, path: str) -> Callable[[Progress], tuple[int, int, int]]:
        """The three registers as searched now, written in a process of its own (the writer
        would hold the window)."""
        station = Station.of(self.app.desk, self.app.operator)
        permits, orders, plan = self.permits, self._orders, self._plan
        # A page never shown is exported as it would first show: not searched, not filtered.
        search = papers.RegisterSearch(
            permits.search_field.text(),
            permits.status_filter(),
            permits.year_box.currentData(),
            "" if orders is None else orders.search_field.text(),
            None if orders is None else orders.status_filter(),
            None if orders is None else orders.year_box.currentData(),
            False if plan is None else plan.retired_box.isChecked(),
            _EXPORT_ALL,
        )
        return lambda progress: child_process.run(
            jobs.registers_workbook, station, path, search, progress=progress
        )


class _NotBuiltYet(QWidget):
    """Holds a page's place in the Sidewalks tab until it is first chosen."""


__all__ = [
    "OrdersPage",
    "PermitsPage",
    "PlanPage",
    "SidewalksTab",
    "order_columns",
    "permit_columns",
    "segment_columns",
]
