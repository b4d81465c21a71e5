"""The drawer bar at the top of the Receipts tab: which view is shown, this station's drawer
(open since, expected cash, receipts) and its buttons — open, close out (an earlier day's drawer
too), the recent drawers and the receipt settings. Which button is enabled is the core's
(:func:`clerk_desk.receipts.acts.drawer_acts`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QButtonGroup, QFrame, QHBoxLayout, QLabel, QPushButton

from clerk_desk import stations, words
from clerk_desk.desk import Action
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.acts import DrawerAct, drawer_acts
from clerk_desk.receipts.views import DrawerView
from clerk_desk.stations import drawer_station
from ui.kit import forms as forms
from ui.kit.operations import perform
from ui.kit.register_page import show_acts
from ui.kit.style import BAD, CAUTION_BACKGROUND, DISABLED_BORDER, DISABLED_TEXT, LATE
from ui.kit.widgets import station_id
from ui.receipts.close_out import CloseOutDialog
from ui.receipts.dialogs import ReceiptSettingsDialog
from ui.receipts.drawers import DrawersDialog, OpenDrawerDialog, print_drawer_reports
from ui.receipts.sale_parts import TabParts


class DrawerBar(TabParts):
    """The drawer bar's part of :class:`ui.receipts.tab.ReceiptsTab`."""

    def _connect_drawer(self) -> None:
        """The drawer's buttons."""
        self.open_drawer_button.clicked.connect(self.open_drawer)
        self.close_out_button.clicked.connect(self.close_out)
        self.stale_close_button.clicked.connect(self.close_out)
        self.drawers_button.clicked.connect(self.show_drawers)
        self.settings_button.clicked.connect(self.edit_settings)

    def _build_strip(self) -> None:
        self.strip = QFrame()
        self.strip.setObjectName("drawer_strip")
        self.strip.setFrameShape(QFrame.Shape.StyledPanel)
        self.sale_view_button = QPushButton("Take &payment")
        self.register_view_button = QPushButton("Re&gister")
        self._views = QButtonGroup(self)
        for number, button in enumerate((self.sale_view_button, self.register_view_button)):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setStyleSheet("QPushButton:checked { font-weight: bold; }")
            self._views.addButton(button, number)
        self.sale_view_button.setChecked(True)
        self.drawer_label = QLabel()
        self.drawer_label.setObjectName("drawer_label")
        self.drawer_label.setTextFormat(Qt.TextFormat.RichText)
        self.drawer_label.setWordWrap(True)  # a long station name must not widen the window
        self.open_drawer_button = QPushButton("&Open drawer…")
        self.close_out_button = QPushButton("&Close out…")
        self.drawers_button = QPushButton("Dra&wers…")
        self.drawers_button.setToolTip(
            "Recent drawers: close-out report, deposit slip (PDF or Excel), GL distribution"
        )
        self.settings_button = QPushButton("Se&ttings…")
        # Shown only when this station's open drawer is from an earlier day: the core takes no
        # payment into it, and closing it out is the way on.
        self.stale_close_button = QPushButton()
        self.stale_close_button.setObjectName("close_out_earlier_day")
        self.stale_close_button.setStyleSheet(
            f"QPushButton {{ background: {CAUTION_BACKGROUND}; color: {LATE}; font-weight: bold;"
            f" border: 2px solid {BAD}; border-radius: 4px; padding: 4px 10px; }}"
            f"QPushButton:disabled {{ color: {DISABLED_TEXT}; border-color: {DISABLED_BORDER}; }}"
        )
        self.stale_close_button.setProperty(
            "tip",
            "Count it and close it out (the close-out report and deposit slip print), "
            "then open today's drawer.",
        )
        self.stale_close_button.setVisible(False)
        for button in (
            self.open_drawer_button,
            self.close_out_button,
            self.drawers_button,
            self.settings_button,
        ):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        row = QHBoxLayout(self.strip)
        row.setContentsMargins(6, 4, 6, 4)
        row.addWidget(self.sale_view_button)
        row.addWidget(self.register_view_button)
        row.addSpacing(12)
        row.addWidget(self.drawer_label, 1)
        row.addWidget(self.stale_close_button)
        row.addWidget(self.open_drawer_button)
        row.addWidget(self.close_out_button)
        row.addWidget(self.drawers_button)
        row.addWidget(self.settings_button)

    def refresh_drawer(self) -> None:
        """This station's name, its drawer and what may be done with it, read in one lookup
        (each lookup is a connection of its own: three took 30 ms of opening the tab)."""
        this_station = station_id()

        def read(action: Action) -> tuple[str, DrawerView | None, dict[DrawerAct, str | None]]:
            station = stations.this_station(action, this_station) or stations.UNNAMED
            drawer = receipt_views.station_drawer(action, station)
            return station, drawer, drawer_acts(action, station)

        loaded = perform(self, self.app, read, writes=False)
        if loaded is None:
            self.drawer, acts = None, None
        else:
            self.station, self.drawer, acts = loaded
        e = forms.escape
        today = self.app.desk.clock.today()
        stale_day = (
            self.drawer.opened_at.date()
            if self.drawer is not None and self.drawer.opened_at.date() < today
            else None
        )
        if self.drawer is None:
            self.drawer_label.setText(
                f"<b>{e(self.station)}</b>: <span style='color:{BAD}'>no drawer open</span> — "
                "open it with the starting cash before taking payment"
            )
        else:
            v = self.drawer
            when = words.clock_time(v.opened_at)
            if v.opened_at.date() != today:
                when = f"{words.us_date(v.opened_at.date())} {when}"
                when = f"<span style='color:{BAD}'>{when} (an earlier day: close it out)</span>"
            self.drawer_label.setText(
                f"<b>{e(self.station)}</b> drawer open since {when} · starting "
                f"{v.opening_cash.format()} · expected cash <b>{v.expected_cash.format()}</b>"
                f" · checks {v.expected_checks.format()} · {v.receipts} receipt"
                f"{'' if v.receipts == 1 else 's'}"
            )
        show_acts(
            {
                DrawerAct.OPEN: self.open_drawer_button,
                DrawerAct.TAKE_PAYMENT: self.save_button,
                DrawerAct.CLOSE_OUT: self.close_out_button,
            },
            acts,
            "The drawer could not be read.",
        )
        self.stale_close_button.setVisible(stale_day is not None)
        if stale_day is not None:
            self.stale_close_button.setText(
                f"Close out {words.earlier_day(stale_day, today)}'s drawer…"
            )
            show_acts({DrawerAct.CLOSE_OUT: self.stale_close_button}, acts, "")

    def open_drawer(self) -> None:
        # An unnamed station's drawer is refused by the core, in its words, before any is typed.
        if perform(self, self.app, lambda a: drawer_station(a, station_id()), writes=False) is None:
            return
        if OpenDrawerDialog.ask(self, self.app, self.station) is not None:
            self.refresh_drawer()
            self.status.emit(f"Drawer of {self.station} opened.")
            self.payer_search.setFocus()

    def close_out(self) -> None:
        if self.drawer is not None:
            self._close_out(self.drawer.id)

    def _close_out(self, drawer_id: int) -> None:
        def read(action: Action) -> DrawerView:
            return receipt_views.drawer(action, drawer_id)

        view = perform(self, self.app, read, writes=False)
        if view is None:
            return
        if view.status != "open":
            self.status.emit(f"The drawer of {view.station} is already closed.")
            return
        if CloseOutDialog.ask(self, self.app, view) is None:
            return
        self.refresh_drawer()
        print_drawer_reports(self, self.app, drawer_id)
        self.status.emit(f"Drawer of {view.station} closed out; close-out and deposit slip sent.")

    def show_drawers(self) -> None:
        """Recent drawers and their reports; this station's open drawer selected if any."""
        DrawersDialog.ask(self, self.app, self.drawer.id if self.drawer is not None else None)

    def edit_settings(self) -> None:
        if ReceiptSettingsDialog.ask(self, self.app):
            self.refresh_drawer()
            self.status.emit("Receipt settings saved.")
