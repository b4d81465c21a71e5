"""The main window: one tab per workflow, the menus, the status bar, the ordinance viewer.

Tabs follow :data:`clerk_desk.workflows.WORKFLOWS` in order. A built workflow's tab is
``ui/<name>_tab.py`` (or ``ui/<name>/tab.py``) with the class ``<Name>Tab(app)``; a workflow
not built yet gets a
:class:`~ui.placeholder_tab.PlaceholderTab` that says so. The window talks to its tabs through
a few optional methods, so a new tab needs no change here:

- ``focus_search()`` — Ctrl+F puts the caret in the tab's search field;
- ``refresh()`` — F5 gathers the tab's records again;
- ``export_register()`` — File → Export current register to Excel (Ctrl+E);
- ``show_record(record_type, record_id)`` — the Today tab asks to show one record;
- a ``status`` signal (str) — a one-line message for the status bar;
- a ``workflow_requested`` signal (a :class:`~clerk_desk.today.TodayItem`) — go to another
  tab's record, as from the Today tab.

Menu items the operator's role may not use are disabled, with the refusal (naming the role
needed) as their tooltip; the slots still ask the core first, so a refused action can never run.
"""

from __future__ import annotations

import functools
import html
import importlib
import importlib.util
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QIcon,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QFrame,
    QLabel,
    QMainWindow,
    QMenu,
    QMenuBar,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QWidget,
)

from clerk_desk import opening, settings_store, stations
from clerk_desk.desk import Action
from clerk_desk.desk_acts import DeskAct, allow, desk_acts
from clerk_desk.paths import backups_dir, data_dir, resource_path
from clerk_desk.today import TodayItem
from clerk_desk.workflows import WORKFLOWS, Workflow
from ui.kit import collector, keys, operations
from ui.kit.background import call_in_background
from ui.kit.operations import App, perform, read_in_background, run_in_background, show_error
from ui.kit.sidebar import SidebarTabBar
from ui.kit.style import LATE, text_sheet
from ui.kit.widgets import ElidedLabel, place_on_screen, station_id, station_settings
from ui.tab_modules import import_tab_modules, tab_class_name, tab_module_name
from ui.today.tab import Gathered, TodayTab

if TYPE_CHECKING:
    from ui.guide import GuideWindow
    from ui.ordinance_viewer import OrdinanceViewer

log = logging.getLogger(__name__)

BACKUP_FILTER = "Clerk Desk backups (*.sqlite3 *.sqlite *.db);;All files (*)"
STATUS_MS = 10_000

SETTINGS_DIALOGS_MODULE = "ui.settings.dialogs"
AUDIT_DIALOG_MODULE = "ui.audit_dialog"


def choose_backup_target(parent: QWidget, default: Path) -> str | None:
    """Ask where to write a backup (tests replace this)."""
    path, _filter = QFileDialog.getSaveFileName(
        parent, "Back up the database to", str(default), BACKUP_FILTER
    )
    return path or None


def choose_backup_source(parent: QWidget, folder: Path) -> str | None:
    """Ask which backup to restore (tests replace this)."""
    path, _filter = QFileDialog.getOpenFileName(
        parent, "Restore the database from a backup", str(folder), BACKUP_FILTER
    )
    return path or None


def app_icon() -> QIcon:
    return QIcon(str(resource_path("clerk-desk.png")))


def _station_heading(action: Action, here: str) -> tuple[str | None, bool]:
    """This station's name (None while it has none), and whether the operator may name it."""
    return stations.this_station(action, here), desk_acts(action)[DeskAct.NAME_STATION] is None


def _tab_modules_failed(error: Exception) -> None:
    # Opening the tab imports it again, and shows the error then, to the clerk who asked.
    log.warning("could not load the tabs' modules ahead of time", exc_info=error)


TAB_MODULES_AFTER_MS = 300
"""How long after the Today list is shown the tabs' modules start loading on a worker."""


class MainWindow(QMainWindow):
    """The counter's window for one signed-in operator.

    Signals:
        sign_out_requested(): File → Sign out; the window has closed itself.
        restored(str): a backup was restored; the window has closed itself and the operators
            may have changed, so the launcher asks for a sign-in again with this message.
        closed(): the window was closed by the clerk (Quit or the close button).
    """

    sign_out_requested = Signal()
    restored = Signal(str)
    closed = Signal()

    def __init__(
        self,
        app: App,
        *,
        migration_backup: Path | None = None,
        today_list: tuple[Gathered, float] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("main_window")
        self.app = app
        app.show_ordinance = self.open_ordinance
        app.sign_in_lost = self._sign_in_lost
        self.ordinance_viewer: OrdinanceViewer | None = None
        self.guide_window: GuideWindow | None = None
        self._leaving = False  # closing for sign-out or restore, not quitting
        self._actions: dict[str, QAction] = {}
        self._tab_actions: list[QAction] = []
        self._forms_hook: tuple[object, object] | None = None

        self.setWindowIcon(app_icon())
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("workflow_tabs")
        self.tabs.setTabBar(SidebarTabBar(self.tabs))
        self.tabs.setUsesScrollButtons(True)  # thirteen tabs down a 768-pixel screen, and more
        self.tabs.setTabPosition(QTabWidget.TabPosition.West)
        self.tabs.setDocumentMode(True)
        self.setCentralWidget(self.tabs)
        self.today_tab = TodayTab(app, self)
        self.today_tab.workflow_requested.connect(self.go_to_item)
        for workflow in WORKFLOWS:
            self._add_tab(workflow)

        self._build_status_bar()
        self._build_menus()
        self._apply_permissions()
        self.tabs.currentChanged.connect(self._tab_changed)
        self._tab_changed(self.tabs.currentIndex())
        self._install_cite_hook()
        self._read_heading()
        self._restore_geometry()
        # The tabs' modules load on a worker while the clerk reads Today, once it is shown (the
        # two would share the interpreter): a tab opened later is built without first importing
        # its module (20-170 ms on the window's thread).
        self.today_tab.gathered.connect(
            self._load_tab_modules, Qt.ConnectionType.SingleShotConnection
        )
        if today_list is not None:  # gathered while the clerk signed in: shown at once
            self.today_tab.show_earlier(*today_list)
        collector.settle()  # what start-up loaded, out of the cycle collector's sight
        if migration_backup is not None:
            self.statusBar().showMessage(
                "The database was updated for this version of Clerk Desk; a copy from before "
                f"the update was kept in {migration_backup}"
            )

    # ---- construction ---------------------------------------------------------------------

    def _load_tab_modules(self) -> None:
        # Once the list just gathered has been painted: the two would share the interpreter.
        QTimer.singleShot(
            TAB_MODULES_AFTER_MS,
            self,
            lambda: call_in_background(
                self, import_tab_modules, lambda _none: None, _tab_modules_failed
            ),
        )

    def _placeholder(self, workflow: Workflow, why: str = "") -> QWidget:
        # Imported only for a workflow without its tab: it reads the ordinance to cite it, which
        # a window whose workflows are all built need not load before it shows.
        from ui.placeholder_tab import PlaceholderTab

        return PlaceholderTab(workflow, self.app, self, why=why)

    def _add_tab(self, workflow: Workflow) -> None:
        widget: QWidget
        if workflow.name == "today":
            widget = self.today_tab
        elif not workflow.built:
            widget = self._placeholder(workflow)
        elif importlib.util.find_spec(tab_module_name(workflow)) is None:
            # Only while the tab is being written: an import error in it is not hidden.
            widget = self._placeholder(
                workflow,
                why="<b>Not in this copy yet.</b> This workflow is being built; its tab is "
                "not part of this copy of Clerk Desk. Nothing can be recorded here.",
            )
        else:
            # Built when first shown: the window opens in the time the Today tab takes, however
            # many workflows there are.
            widget = _NotBuiltYet(self)
        self._place(widget, workflow)
        self.tabs.addTab(widget, workflow.title.replace("&", "&&"))  # "&" alone: a mnemonic
        self.tabs.setTabToolTip(self.tabs.count() - 1, workflow.purpose)

    def _place(self, widget: QWidget, workflow: Workflow) -> None:
        status = getattr(widget, "status", None)
        if status is not None and hasattr(status, "connect"):
            status.connect(self.show_status)
        # A tab may send the clerk to another tab's record (the Vending tab's permit fee to the
        # Receipts tab); the Today tab's own signal is connected where it is made.
        requested = getattr(widget, "workflow_requested", None)
        if widget is not self.today_tab and requested is not None and hasattr(requested, "connect"):
            requested.connect(self.go_to_item)
        # What a tab saves may change what is due: the Today tab gathers again when next shown.
        changed = getattr(widget, "register_changed", None)
        if widget is not self.today_tab and changed is not None and hasattr(changed, "connect"):
            changed.connect(self.today_tab.mark_changed)
        # A tab that builds a page of its own when first chosen (Sidewalks) has its Alt+letters
        # settled again with that page's.
        built = getattr(widget, "page_built", None)
        if built is not None and hasattr(built, "connect"):
            built.connect(lambda: self.settle_keys(widget))
        widget.setProperty("workflow", workflow.name)

    def settle_keys(self, tab: QWidget) -> None:
        """One Alt+letter per thing on ``tab``: the menu bar's letters are the menus'."""
        menus = [keys.mnemonic(action.text()) for action in self.menuBar().actions()]
        keys.settle(tab, [letter for letter in menus if letter])

    def _build_tab(self, index: int) -> QWidget:
        """The tab at ``index``, built now if it was waiting to be shown."""
        widget = self.tabs.widget(index)
        if widget is None:
            raise IndexError(index)
        if not isinstance(widget, _NotBuiltYet):
            return widget
        workflow = WORKFLOWS[index]
        module = importlib.import_module(tab_module_name(workflow))
        real: QWidget = getattr(module, tab_class_name(workflow))(self.app)
        self._place(real, workflow)
        current = self.tabs.currentIndex()
        blocked = self.tabs.blockSignals(True)  # the swap is not a change of tab
        try:
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, real, workflow.title.replace("&", "&&"))
            self.tabs.setTabToolTip(index, workflow.purpose)
            self.tabs.setCurrentIndex(current)
        finally:
            self.tabs.blockSignals(blocked)
        widget.deleteLater()
        self.settle_keys(real)
        return real

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        operator = self.app.operator
        self.operator_label = QLabel(f"{operator.full_name} · {operator.role.label}", self)
        self.operator_label.setObjectName("operator_in_status")
        self.operator_label.setToolTip(f"Signed in as {operator.username}")
        self.database_label = ElidedLabel(self.app.desk.database.describe(), self)
        self.database_label.setObjectName("database_in_status")
        self.operator_label.setContentsMargins(8, 0, 8, 0)
        self.database_label.setContentsMargins(8, 0, 8, 0)
        rule = QFrame(self)
        rule.setFrameShape(QFrame.Shape.VLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        # This station's name, or, while it has none, the Administrator asked to name it
        # (beside the status line, never a box in the way: issue 19).
        self.station_label = QLabel(self)
        self.station_label.setObjectName("station_in_status")
        self.station_label.setContentsMargins(8, 0, 8, 0)
        self.name_station_button = QPushButton("Name this station…", self)
        self.name_station_button.setObjectName("name_station_button")
        self.name_station_button.clicked.connect(self.name_station)
        bar.addPermanentWidget(self.station_label)
        bar.addPermanentWidget(self.name_station_button)
        bar.addPermanentWidget(self.operator_label)
        bar.addPermanentWidget(rule)
        bar.addPermanentWidget(self.database_label)
        self.name_station_button.hide()  # until the station's name is read (_read_heading)

    def _read_heading(self) -> None:
        """The City's name for the title and this station's for the status line, read on a
        worker as the window is first shown: two lookups on the window's thread were 15-30 ms
        of its first appearance."""
        self._show_title(None)
        here = station_id()

        def read(action: Action) -> tuple[str, tuple[str | None, bool]]:
            return settings_store.city_name(action), _station_heading(action, here)

        def show(heading: tuple[str, tuple[str | None, bool]]) -> None:
            city, station = heading
            self._show_title(city)
            self._show_station(*station)

        read_in_background(self, self.app, read, show)

    def refresh_station(self) -> None:
        """Show this station's name in the status line; while it has none, the Administrator
        is offered to name it, anyone else told that the Administrator must."""
        here = station_id()
        heading = perform(
            self, self.app, lambda action: _station_heading(action, here), writes=False
        )
        self._show_station(*(heading or (None, False)))

    def _show_station(self, name: str | None, may_name: bool) -> None:
        if name:
            text = f"Station: {name}"
        elif may_name:
            text = "This station has no name yet: name it before a drawer is opened here."
        else:
            text = (
                "This station has no name: the Administrator must name it (Settings, Name this "
                "station…) before a drawer is opened here."
            )
        self.station_label.setText(text)
        self.station_label.setStyleSheet("" if name else text_sheet(LATE))
        self.name_station_button.setVisible(not name and may_name)

    def name_station(self) -> None:
        """Settings, Name this station…: the Administrator names this computer."""
        if self._core_allows(DeskAct.NAME_STATION) and self._call_dialog(
            "ui.settings.station", "name_this_station", "station names"
        ):
            self.refresh_station()

    def _action(
        self,
        menu: QMenu,
        key: str,
        text: str,
        slot: Callable[[], object],
        *,
        shortcut: QKeySequence | str | None = None,
        act: DeskAct | None = None,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(f"action_{key}")
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setProperty("act", act.name if act else None)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        self._actions[key] = action
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = self._build_file_menu(bar)
        view = self._build_view_menu(bar)
        settings = self._build_settings_menu(bar)
        admin = self._build_admin_menu(bar)
        help_menu = self._build_help_menu(bar)
        for menu in (file_menu, view, settings, admin, help_menu):
            menu.setToolTipsVisible(True)

    def _build_file_menu(self, bar: QMenuBar) -> QMenu:
        """Back up, restore, export the register, sign out, quit."""
        file_menu = bar.addMenu("&File")
        self._action(
            file_menu,
            "backup",
            "&Back up database…",
            self.back_up_database,
            shortcut="Ctrl+Shift+B",
            act=DeskAct.BACK_UP,
            tip="Copy the whole database into a backup file",
        )
        self._action(
            file_menu,
            "restore",
            "&Restore from backup…",
            self.restore_from_backup,
            act=DeskAct.RESTORE,
            tip="Replace the database with a backup (the current contents are kept)",
        )
        file_menu.addSeparator()
        self._action(
            file_menu,
            "export",
            "&Export current register to Excel…",
            self.export_register,
            shortcut="Ctrl+E",
        )
        file_menu.addSeparator()
        self._action(file_menu, "sign_out", "Sign &out", self.sign_out, shortcut="Ctrl+Shift+Q")
        self._action(file_menu, "quit", "&Quit", self.close, shortcut=QKeySequence("Ctrl+Q"))
        return file_menu

    def _build_view_menu(self, bar: QMenuBar) -> QMenu:
        """Refresh, search, and a way to every tab (Ctrl+1 to Ctrl+9)."""
        view = bar.addMenu("&View")
        self._action(view, "refresh", "&Refresh", self.refresh_current, shortcut="F5")
        self._action(
            view, "search", "&Search this tab", self.focus_search, shortcut=QKeySequence("Ctrl+F")
        )
        self._action(
            view, "next_tab", "&Next tab", lambda: self._step_tab(1), shortcut="Ctrl+PgDown"
        )
        self._action(
            view, "previous_tab", "&Previous tab", lambda: self._step_tab(-1), shortcut="Ctrl+PgUp"
        )
        view.addSeparator()
        for index, workflow in enumerate(WORKFLOWS):
            number = index + 1
            title = workflow.title.replace("&", "&&")  # a lone & would make a mnemonic
            action = self._action(
                view,
                f"tab_{workflow.name}",
                f"&{number} {title}" if number <= 9 else title,
                functools.partial(self.tabs.setCurrentIndex, index),
                shortcut=f"Ctrl+{number}" if number <= 9 else None,
            )
            self._tab_actions.append(action)
        return view

    def _build_settings_menu(self, bar: QMenuBar) -> QMenu:
        """The City, the closed days, the fees, the operators and one's own password."""
        settings = bar.addMenu("&Settings")
        self._action(
            settings,
            "city",
            "&City…",
            lambda: self._settings_dialog("edit_city"),
            act=DeskAct.CITY_SETTINGS,
            tip="The City's name and address as printed on letterheads",
        )
        self._action(
            settings,
            "closed_days",
            "Closed &days…",
            lambda: self._settings_dialog("edit_closed_days"),
            act=DeskAct.CLOSED_DAYS,
            tip="The days City Hall is closed, which move deadlines",
        )
        self._action(
            settings,
            "fee_schedule",
            "&Fee schedule…",
            lambda: self._settings_dialog("edit_fee_schedule"),
            act=DeskAct.FEE_SCHEDULE,
            tip="The fees set by Council resolution, with their GL accounts",
        )
        self._action(
            settings,
            "operators",
            "&Operators…",
            lambda: self._settings_dialog("manage_operators"),
            act=DeskAct.OPERATORS,
            tip="Who may sign in, with which role",
        )
        self._action(
            settings,
            "station",
            "Name this &station…",
            self.name_station,
            act=DeskAct.NAME_STATION,
            tip="The name of this computer at the counter, as its drawers and receipts print it",
        )
        settings.addSeparator()
        self._action(
            settings,
            "change_password",
            "Change my &password…",
            lambda: self._settings_dialog("change_password"),
            tip="Change the password you sign in with",
        )
        return settings

    def _build_admin_menu(self, bar: QMenuBar) -> QMenu:
        admin = bar.addMenu("&Administration")
        self._action(
            admin,
            "audit",
            "&Audit trail…",
            self.show_audit_trail,
            act=DeskAct.AUDIT_TRAIL,
            tip="Who did what, and when: every change ever saved",
        )
        return admin

    def _build_help_menu(self, bar: QMenuBar) -> QMenu:
        """The user's guide (read or printed), the ordinance, and About."""
        help_menu = bar.addMenu("&Help")
        self._action(
            help_menu,
            "guide",
            "&User's guide",
            self.open_guide,
            shortcut=QKeySequence("F1"),
            tip="How to do the day's work on the tab you are on",
        )
        self._action(
            help_menu,
            "print_guide",
            "&Print the user's guide…",
            self.print_guide,
            tip="Save the whole user's guide as a PDF to print",
        )
        self._action(
            help_menu,
            "ordinance",
            "&Ordinance — Chapter 506",
            lambda: self.open_ordinance(None),
            shortcut=QKeySequence("Shift+F1"),
            tip="Read Chapter 506 (Streets and Sidewalks) of the city code",
        )
        self._action(help_menu, "about", "&About Clerk Desk", self.show_about)
        return help_menu

    def _apply_permissions(self) -> None:
        """Disable what the core's acts refuse the operator, saying why in its words (which role
        may); the core still checks when the act is done."""
        found = perform(self, self.app, desk_acts, writes=False) or {}
        for action in self._actions.values():
            name = action.property("act")
            if not name:
                continue
            reason = found.get(DeskAct[name])
            if not reason:
                action.setEnabled(True)
            else:
                action.setEnabled(False)
                action.setToolTip(reason)
                action.setStatusTip(reason)

    def _install_cite_hook(self) -> None:
        """Make ``ui.kit.forms.open_cite`` (used by the dialogs of other tabs) open this window's
        viewer; the original is put back when the window closes."""
        forms = sys.modules.get("ui.kit.forms")
        if forms is None or not hasattr(forms, "open_cite"):
            return
        original = forms.open_cite
        forms.open_cite = lambda _parent, cite: self.open_ordinance(cite)  # type: ignore[attr-defined]
        self._forms_hook = (forms, original)

    def _remove_cite_hook(self) -> None:
        if self._forms_hook is not None:
            forms, original = self._forms_hook
            forms.open_cite = original  # type: ignore[attr-defined]
            self._forms_hook = None

    # ---- public API -----------------------------------------------------------------------

    def action(self, key: str) -> QAction:
        """A menu action by key ("backup", "restore", "export", "city", "audit", …)."""
        return self._actions[key]

    def tab(self, name: str) -> QWidget:
        """The tab of the workflow ``name`` ("today", "parties", "receipts", …), built if it
        was waiting to be shown."""
        for index in range(self.tabs.count()):
            widget = self.tabs.widget(index)
            if widget is not None and widget.property("workflow") == name:
                return self._build_tab(index)
        raise KeyError(name)

    def tab_title(self, index: int) -> str:
        """The title of tab ``index`` as the clerk reads it (without the "&&" escape)."""
        return self.tabs.tabText(index).replace("&&", "&")

    def show_tab(self, name: str) -> QWidget:
        widget = self.tab(name)
        self.tabs.setCurrentWidget(widget)
        return widget

    def show_status(self, text: str, timeout: int = STATUS_MS) -> None:
        """A transient message at the left of the status bar."""
        self.statusBar().showMessage(text, timeout)

    def open_ordinance(self, cite: str | None = None) -> OrdinanceViewer:
        """Show the ordinance in its own window (one for the whole session), at ``cite``.

        It is not modal: the clerk reads the paragraph and goes on typing in the main window.
        """
        viewer = self.ordinance_viewer
        if viewer is None:
            # Imported on first use (and ahead of it once the window is up, ui.tab_modules):
            # the viewer and the ordinance's text are not needed to show the window.
            from ui.ordinance_viewer import OrdinanceViewer

            viewer = OrdinanceViewer(self)
            viewer.setObjectName("ordinance_window")
            viewer.setWindowFlag(Qt.WindowType.Window, True)
            viewer.setWindowTitle("Clerk Desk — Chapter 506, Streets and Sidewalks")
            close = QAction("Close", viewer)
            close.setShortcuts(
                [QKeySequence("Ctrl+W"), QKeySequence(QKeySequence.StandardKey.Close)]
            )
            close.triggered.connect(viewer.close)
            viewer.addAction(close)
            self.ordinance_viewer = viewer
            place_on_screen(viewer, QSize(1020, 720), over=self)
        viewer.show()
        viewer.raise_()
        viewer.activateWindow()
        if cite:
            if not viewer.open_at(cite):
                self.show_status(f"“{cite}” is not a section of Chapter 506.")
        else:
            viewer.focus_search()
        return viewer

    def open_guide(self) -> GuideWindow:
        """The user's guide (one window for the session), at the page of the current tab."""
        if self.guide_window is None:
            from ui.guide import GuideWindow  # as the ordinance viewer (open_ordinance)

            self.guide_window = GuideWindow(self.open_ordinance, self)
            place_on_screen(self.guide_window, self.guide_window.size(), over=self)
        self.guide_window.show_workflow(self.tabs.currentWidget().property("workflow"))
        self.guide_window.show()
        self.guide_window.raise_()
        self.guide_window.activateWindow()
        return self.guide_window

    def print_guide(self) -> Path | None:
        """Save the whole user's guide as a PDF (the guide's papers load on first use)."""
        from ui.guide import print_guide

        return print_guide(self)

    def open_link(self, url: QUrl | str) -> bool:
        """Follow a ``cite:`` link from any label in the window."""
        from ui.ordinance_viewer import cite_from_url  # as the viewer itself (open_ordinance)

        cite = cite_from_url(url)
        if cite is None:
            return False
        self.open_ordinance(cite)
        return True

    def refresh_title(self) -> None:
        """The title names the City, as its settings spell it."""
        self._show_title(perform(self, self.app, settings_store.city_name, writes=False))

    def _show_title(self, city: str | None) -> None:
        self.setWindowTitle(f"Clerk Desk — {city}" if city else "Clerk Desk")

    def go_to_item(self, item: TodayItem) -> None:
        """Switch to the tab of the workflow a Today item belongs to, when there is one."""
        for index, workflow in enumerate(WORKFLOWS):
            if item.workflow in (workflow.title, workflow.name):
                widget = self._build_tab(index)
                self.tabs.setCurrentIndex(index)
                show_record = getattr(widget, "show_record", None)
                if callable(show_record) and item.record_type:
                    show_record(item.record_type, item.record_id)
                return
        if item.workflow == "Settings":
            self.show_status(f"{item.title}. {item.detail}")
        else:
            self.show_status(f"There is no {item.workflow} tab in this version.")

    # ---- View -----------------------------------------------------------------------------

    def refresh_current(self) -> None:
        refresh = getattr(self.tabs.currentWidget(), "refresh", None)
        if callable(refresh):
            refresh()
            self.show_status("Refreshed.", 2000)

    def focus_search(self) -> None:
        focus = getattr(self.tabs.currentWidget(), "focus_search", None)
        if callable(focus):
            focus()
        else:
            self.show_status("This tab has nothing to search yet.", 4000)

    def _step_tab(self, delta: int) -> None:
        count = self.tabs.count()
        self.tabs.setCurrentIndex((self.tabs.currentIndex() + delta) % count)

    def _tab_changed(self, index: int) -> None:
        widget = self._build_tab(index) if index >= 0 else None
        if widget is not None:
            self.settle_keys(widget)
        export = self._actions["export"]
        can_export = callable(getattr(widget, "export_register", None))
        export.setEnabled(can_export)
        export.setToolTip(
            "Write this tab's register to an Excel workbook"
            if can_export
            else "This tab has no register to export"
        )
        self._actions["refresh"].setEnabled(callable(getattr(widget, "refresh", None)))

    # ---- File -----------------------------------------------------------------------------

    def export_register(self) -> None:
        export = getattr(self.tabs.currentWidget(), "export_register", None)
        if callable(export):
            export()

    def _core_allows(self, act: DeskAct) -> bool:
        """Ask the core's acts; a refusal is shown in its own words (naming the role needed)."""

        def check(action: Action) -> bool:
            allow(action, act)
            return True

        return perform(self, self.app, check, writes=False) is True

    def back_up_database(self) -> None:
        """Copy the database into a file the clerk names, on a worker thread."""
        if not self._core_allows(DeskAct.BACK_UP):
            return
        today = self.app.desk.clock.today()
        default = backups_dir() / f"clerk-desk-{today:%Y-%m-%d}.sqlite3"
        target = choose_backup_target(self, default)
        if not target:
            return
        desk, operator = self.app.desk, self.app.operator

        def work(_progress: Callable[[int], bool]) -> Path:
            return opening.back_up(desk, operator, target)

        def done(path: Path) -> None:
            self.show_status(f"Backed up to {path}", 0)
            box = QMessageBox(QMessageBox.Icon.Information, "Backup written", "", parent=self)
            box.setObjectName("backup_done")
            box.setText(f"The database was backed up to\n{path}")
            box.setInformativeText("Keep a copy away from City Hall too (another building).")
            operations.ask_message(box)

        self.show_status("Backing up the database…", 0)
        run_in_background(self, work, title="Backing up the database…", on_done=done)

    def restore_from_backup(self) -> None:
        """Replace the database with a backup, after a clear warning; the old contents are
        kept first, and everyone signs in again (the operators are those of the backup)."""
        if not self._core_allows(DeskAct.RESTORE):
            return
        source = choose_backup_source(self, backups_dir())
        if not source:
            return
        database = self.app.desk.database
        box = QMessageBox(QMessageBox.Icon.Warning, "Restore from backup", "", parent=self)
        box.setObjectName("confirm_restore")
        box.setText(
            f"Replace everything in the database with the backup {Path(source).name}?\n\n"
            "Everything entered since that backup was taken — receipts, permits, changes — "
            "will no longer be in the database. Other counter stations must sign out first."
        )
        box.setInformativeText(
            f"Database: {database.describe()}\nA copy of the current contents is kept in the "
            "backups folder first, so this can be undone."
        )
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        yes = box.button(QMessageBox.StandardButton.Yes)
        if yes is not None:
            yes.setText("&Restore")
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        if operations.ask_message(box) != QMessageBox.StandardButton.Yes:
            return
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            safety = opening.restore_backup(self.app.desk, self.app.operator, source).safety
        except Exception as error:
            QApplication.restoreOverrideCursor()
            show_error(self, error, title="The backup was not restored")
            return
        QApplication.restoreOverrideCursor()
        kept = (
            f"The previous contents were kept in {safety}."
            if safety
            else "The database was empty before."
        )
        message = f"The backup {Path(source).name} was restored. {kept}"
        done = QMessageBox(QMessageBox.Icon.Information, "Backup restored", message, parent=self)
        done.setObjectName("restore_done")
        done.setInformativeText("Sign in again: the operators are now those of the backup.")
        operations.ask_message(done)
        self._leave()
        self.restored.emit(f"{message} Sign in again.")

    def sign_out(self) -> None:
        self._leave()
        self.sign_out_requested.emit()

    def _sign_in_lost(self, message: str) -> None:
        """The core no longer knows this operator as signed in (a backup was restored at
        another station): close and ask who is there, once no form is open any more, so that
        what the clerk typed stays on screen until they close it themselves."""

        def leave() -> None:
            if self._leaving:
                return
            if QApplication.activeModalWidget() is not None:
                QTimer.singleShot(250, self, leave)
                return
            self._leave()
            self.restored.emit(message)

        QTimer.singleShot(0, self, leave)

    def _leave(self) -> None:
        """Close for sign-out or restore: the launcher decides what comes next."""
        self._leaving = True
        self.close()

    # ---- Settings and Administration ------------------------------------------------------

    def _settings_dialog(self, function: str) -> None:
        act = {
            "edit_city": DeskAct.CITY_SETTINGS,
            "edit_closed_days": DeskAct.CLOSED_DAYS,
            "edit_fee_schedule": DeskAct.FEE_SCHEDULE,
            "manage_operators": DeskAct.OPERATORS,
        }.get(function)
        if act is not None and not self._core_allows(act):
            return
        if self._call_dialog(SETTINGS_DIALOGS_MODULE, function, "the settings dialogs"):
            self.refresh_title()
            self.refresh_current()

    def show_audit_trail(self) -> None:
        if self._core_allows(DeskAct.AUDIT_TRAIL):
            self._call_dialog(AUDIT_DIALOG_MODULE, "show_audit_trail", "the audit trail")

    def _call_dialog(self, module_name: str, function: str, what: str) -> bool:
        """Open a dialog from a module loaded on first use; say so if this copy lacks it."""
        show = None
        if importlib.util.find_spec(module_name) is not None:
            show = getattr(importlib.import_module(module_name), function, None)
        if not callable(show):
            box = QMessageBox(QMessageBox.Icon.Information, "Not in this version", "", parent=self)
            box.setObjectName("not_available")
            box.setText(f"This copy of Clerk Desk does not include {what} yet.")
            operations.ask_message(box)
            return False
        show(self, self.app)
        return True

    # ---- Help -----------------------------------------------------------------------------

    def about_box(self) -> QMessageBox:
        """The About box: version, the database in use and where the data is kept."""
        box = QMessageBox(self)
        box.setObjectName("about_box")
        box.setWindowTitle("About Clerk Desk")
        box.setIconPixmap(app_icon().pixmap(72, 72))
        box.setTextFormat(Qt.TextFormat.RichText)
        # Read here, not on import: the installed version is read through importlib.metadata.
        from clerk_desk import __version__

        box.setText(
            f"<h3>Clerk Desk {__version__}</h3>"
            "<p>The City Hall counter application: permits, fees, bonds, street numbers and "
            "petitions under Chapter 506 (Streets and Sidewalks) of the city code.</p>"
        )
        from PySide6 import __version__ as pyside_version

        rows = (
            ("Database", self.app.desk.database.describe()),
            ("Data folder", str(data_dir())),
            ("Backups", str(backups_dir())),
            ("Signed in", f"{self.app.operator.full_name} ({self.app.operator.role.label})"),
            (
                "Built with",
                f"Python {sys.version.split()[0]}, Qt {pyside_version} (PySide6)",
            ),
        )
        box.setInformativeText(
            "<table cellspacing='4'>"
            + "".join(
                f"<tr><td><b>{label}</b></td><td>{html.escape(value)}</td></tr>"
                for label, value in rows
            )
            + "</table>"
        )
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        return box

    def show_about(self) -> None:
        operations.ask_message(self.about_box())

    # ---- window state ---------------------------------------------------------------------

    def _restore_geometry(self) -> None:
        settings = station_settings()
        geometry = settings.value("main_window/geometry")
        if isinstance(geometry, QByteArray) and self.restoreGeometry(geometry):
            return
        self.resize(1280, 800)

    def _save_geometry(self) -> None:
        settings = station_settings()
        settings.setValue("main_window/geometry", self.saveGeometry())
        settings.sync()

    def _drawer_may_stay_open(self) -> bool:
        """Quitting with this station's drawer open: say so, and let the Treasurer close it out
        first. True when the window may close (no drawer open, or *Quit anyway*)."""
        from clerk_desk.receipts import views as receipt_views
        from clerk_desk.receipts.acts import DrawerAct, drawer_acts
        from ui.receipts.dialogs import station_name

        station = station_name(self.app)

        def read(action: Action) -> tuple[object, str | None] | None:
            drawer = receipt_views.station_drawer(action, station)
            if drawer is None:
                return None
            return drawer, drawer_acts(action, station)[DrawerAct.CLOSE_OUT]

        found = perform(self, self.app, read, writes=False)
        if found is None:
            return True
        drawer, refused = found
        assert isinstance(drawer, receipt_views.DrawerView)
        text = (
            f"The drawer of {station} is still open (expected cash "
            f"{drawer.expected_cash.format()}). If you quit now it stays open, and Today lists "
            "it as left open until it is closed out."
        )
        box = QMessageBox(QMessageBox.Icon.Warning, "A drawer is open", text, parent=self)
        box.setObjectName("drawer_open_on_quit")
        if refused is None:
            box.setInformativeText("Close it out before you quit?")
            box.setStandardButtons(
                QMessageBox.StandardButton.Yes
                | QMessageBox.StandardButton.No
                | QMessageBox.StandardButton.Cancel
            )
            box.button(QMessageBox.StandardButton.Yes).setText("&Close out first")
            box.setDefaultButton(QMessageBox.StandardButton.Yes)
        else:
            box.setInformativeText(f"{refused} Quit and leave it open?")
            box.setStandardButtons(
                QMessageBox.StandardButton.No | QMessageBox.StandardButton.Cancel
            )
            box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.button(QMessageBox.StandardButton.No).setText("&Quit, leave it open")
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        answer = operations.ask_message(box)
        if answer == QMessageBox.StandardButton.No:
            return True
        if answer == QMessageBox.StandardButton.Yes:
            index = next(i for i, w in enumerate(WORKFLOWS) if w.name == "receipts")
            self.tabs.setCurrentIndex(index)
            show_record = getattr(self._build_tab(index), "show_record", None)
            if callable(show_record):
                show_record("drawer", str(drawer.id))
        return False

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._leaving and not self._drawer_may_stay_open():
            event.ignore()
            return
        self._save_geometry()
        if self.ordinance_viewer is not None:
            self.ordinance_viewer.close()
        if self.guide_window is not None:
            self.guide_window.close()
        self._remove_cite_hook()
        self.app.show_ordinance = None
        self.app.sign_in_lost = None
        super().closeEvent(event)
        if not self._leaving:
            self.closed.emit()


class _NotBuiltYet(QWidget):
    """Holds a workflow's place in the tabs until the clerk first opens it."""
