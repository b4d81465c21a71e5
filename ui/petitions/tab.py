"""Petitions: the register of improvement petitions (§ 506-14) and the Council's agenda packet.

"Requests or petitions by City property owners for new streets, street resurfacing, curb and
gutter, storm sewers, utility work and sidewalks shall be presented to the Common Council on or
before September 15 to be considered for installation in the following year."

The clerk finds a petition by typing part of its number, street, kind or a petitioner's name,
and narrows the register by program year, kind and status. Beside the register are the chosen
petition's details, its petitioners, its scans and its history (who did what, when, and why).
A petition is received with :class:`~ui.petitions.dialogs.PetitionDialog`, placed on a Council
meeting's agenda, and the Council's action recorded; nothing is deleted. The agenda packet of a
meeting is built in the background, behind a progress window with Cancel that leaves the window
free to work in; it opens in the print preview when done, and "Save packet PDF…" keeps the
document itself (its contents lines are links, its sections bookmarks) to send by e-mail. A
packet whose agenda changed while it was built is not recorded as built.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import partial
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process
from clerk_desk.child_process import ChildEnded, Station
from clerk_desk.desk import Action
from clerk_desk.kinds import PetitionKind, PetitionStatus
from clerk_desk.petitions import details as petition_details
from clerk_desk.petitions import schedule
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.acts import PetitionAct, RegisterAct, register_acts
from clerk_desk.petitions.details import (
    PetitionPane,
    PetitionRow,
    ScanRow,
    petition_pane,
    petition_row,
    search_petition_rows,
)
from clerk_desk.petitions.service import CITE
from clerk_desk.words import clock_time, format_day
from ui.bonds.dialogs import open_scan
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.dialog_parts import NBSP
from ui.kit.meetings import meeting_rows
from ui.kit.operations import App, perform, run_in_background, show_error
from ui.kit.pickers import read_chosen_scan
from ui.kit.register_page import (
    Progress,
    RegisterPage,
    filter_box,
    register_splitter,
    search_row,
    show_acts,
)
from ui.kit.style import GOOD, LATE, LATE_BACKGROUND, SECONDARY
from ui.kit.table_models import CENTER, RIGHT, RowsModel, TableColumn
from ui.ordinance_viewer import cite_html
from ui.petitions.council import (
    ChooseMeetingDialog,
    CouncilActionDialog,
    MeetingsDialog,
    place_on_agenda,
)
from ui.petitions.dialogs import CorrectReceivedDialog, set_scan_aside, withdraw
from ui.petitions.jobs import PACKET_STEPS, BuiltPacket, build_packet, register_workbook
from ui.petitions.petition_form import PetitionDialog


def petition_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Number", lambda r: r.number),
        TableColumn("Kind", lambda r: r.kind.label),
        TableColumn("Location", lambda r: r.location, tooltip=lambda r: r.description or None),
        TableColumn("Petitioners", lambda r: r.names, tooltip=lambda r: r.petitioners),
        TableColumn("Received", lambda r: r.received_text),
        TableColumn(
            "Program year",
            lambda r: str(r.program_year),
            align=RIGHT,
            header_tooltip=f"The year it is considered for installation ({CITE})",
        ),
        TableColumn(
            "Timely/Late",
            lambda r: r.timely_text,
            align=CENTER,
            colour=lambda r: None if r.timely else LATE_BACKGROUND,
            header_tooltip="Filed on or before September 15 of the year received, or after",
        ),
        TableColumn("Status", lambda r: r.status_text, tooltip=lambda r: r.status_text),
        TableColumn("Meeting", lambda r: r.meeting),
    )


# The register's columns that hold a short value of known length, each as wide as the longest it
# shows (a status names who a petition is referred to: a longer one is read in its tooltip);
# the location and the petitioners share what is left, so the nine columns fit the window.
_WIDEST = {
    0: ("P-2026-000",),
    1: tuple(kind.label for kind in PetitionKind),
    4: ("12/30/2026 12:59 PM",),
    5: ("2028",),
    6: ("Timely",),
    7: ("Approved for 2027", "Referred to Public Works Committee"),
    8: ("Wed Dec 30, 2026",),
}
_STRETCHED = (2, 3)  # location, petitioners


SIGNER_COLUMNS = (
    TableColumn("Petitioner", lambda r: r.name, tooltip=lambda r: r.address or None),
    TableColumn("Parcel", lambda r: r.parcel_number),
    TableColumn("Site address", lambda r: r.site_address),
    TableColumn("Signed", lambda r: "Yes" if r.signed else "No", align=CENTER),
)
SCAN_COLUMNS = (
    TableColumn("Scan", lambda r: r.name),
    TableColumn("Attached", lambda r: r.added),
    TableColumn("By", lambda r: r.added_by),
    TableColumn(
        "Status",
        lambda r: "Attached" if r.attached else "Set aside",
        tooltip=lambda r: r.set_aside_reason or None,
    ),
)
EVENT_COLUMNS = (
    TableColumn("When", lambda r: r.when),
    TableColumn("Who", lambda r: r.who),
    TableColumn("What", lambda r: r.what),
    TableColumn("Detail", lambda r: r.detail, tooltip=lambda r: r.detail or None),
    TableColumn("Reason", lambda r: r.reason, tooltip=lambda r: r.reason or None),
)


@dataclass(frozen=True, slots=True)
class _Failed:
    error: BaseException


class PetitionsTab(RegisterPage[PetitionRow]):
    """The Petitions tab.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after a petition or meeting was saved (the Today tab may refresh);
    ``packet_built(int)`` with the meeting's id once its packet was built and recorded;
    ``packet_finished()`` when a packet build ends, built, cancelled or failed.
    """

    register_changed = Signal()
    packet_built = Signal(int)
    packet_finished = Signal()

    row_type = PetitionRow
    record_type = "petition"
    search_limit = petitions.SEARCH_LIMIT
    count_noun = "petition"
    empty_text = "No petitions yet"
    export_what = "petitions register"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("petitions_tab")
        # The acts on no petition in particular, as the core's acts refuse them now.
        register = perform(parent, app, register_acts, writes=False) or {}
        self._may_not = register.get(RegisterAct.NEW_PETITION) or ""
        self._may_not_build = register.get(RegisterAct.BUILD_PACKET) or ""
        self.building = False
        self.last_packet: BuiltPacket | None = None
        self.pane: PetitionPane | None = None  # the chosen petition's, from the core
        self._build()
        self._connect()
        self._show_details()

    # ---- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        top = self._build_register()
        rows = self._build_acts()
        self._build_pages()
        splitter = register_splitter(
            self.table,
            self._build_side(*rows),
            self.pages,
            sizes=(360, 340),
            below_sizes=(480, 720),
            stretch=(1, 1),
            below_stretch=(2, 3),
            below_collapsible=True,
        )
        buttons = self._build_bottom()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        for button, why in zip(
            self._acting_buttons(), (self._may_not, self._may_not_build), strict=True
        ):
            if why:
                button.setEnabled(False)
                button.setToolTip(why)
        self._order_tabs()

    def _build_register(self) -> QHBoxLayout:
        """The search and filters, and the register under them."""
        self.search_field = forms.SearchField(
            "Search number, street, kind or petitioner (Down arrow to the list)"
        )
        self.search_field.setObjectName("petitions_search")
        self.year_box = filter_box(
            "program_year_filter",
            "All program years",
            tip="Program year: the year considered for installation",
        )
        self.kind_box = filter_box(
            "kind_filter", "All kinds", ((kind.label, kind) for kind in PetitionKind)
        )
        self.status_box = filter_box(
            "status_filter", "Any status", ((status.label, status) for status in PetitionStatus)
        )
        self.pending_box = QCheckBox("&Pending only")
        self.pending_box.setObjectName("pending_only")
        self.pending_box.setToolTip("Only petitions still before the Council")
        top = search_row(self.search_field, *self.filter_widgets())

        self.model = RowsModel(petition_columns(), self)
        self.model.set_dimmed(lambda r: not r.pending)
        self.table = forms.make_table(self.model, name="petition_table")
        _fit_columns(self.table)
        return top

    def _build_acts(self) -> tuple[QHBoxLayout, QHBoxLayout]:
        """The chosen petition's details and the buttons of the acts on it, in two rows."""
        # -- the side: the chosen petition
        self.details = forms.rich_label("petition_details", self.app.open_link)
        self.edit_button = QPushButton("&Edit…")
        self.edit_button.setObjectName("edit_button")
        self.correct_button = QPushButton("Correct date &received…")
        self.correct_button.setObjectName("correct_button")
        self.correct_button.setProperty(
            "tip",
            "Correct the moment stamped at intake, with the reason; the program year follows",
        )
        self.withdraw_button = QPushButton("&Withdraw…")
        self.withdraw_button.setObjectName("withdraw_button")
        self.place_button = QPushButton("Place on a&genda…")
        self.place_button.setObjectName("place_button")
        self.action_button = QPushButton("Council &action…")
        self.action_button.setObjectName("council_action_button")
        self.action_button.setProperty("tip", "Record what the Council did at a meeting held")
        self.act_buttons = {
            PetitionAct.EDIT: self.edit_button,
            PetitionAct.CORRECT_RECEIVED: self.correct_button,
            PetitionAct.WITHDRAW: self.withdraw_button,
            PetitionAct.PLACE: self.place_button,
            PetitionAct.COUNCIL_ACTION: self.action_button,
        }
        first_row = QHBoxLayout()
        for button in (self.place_button, self.action_button, self.withdraw_button):
            first_row.addWidget(button)
        first_row.addStretch(1)
        second_row = QHBoxLayout()
        for button in (self.edit_button, self.correct_button):
            second_row.addWidget(button)
        second_row.addStretch(1)
        return first_row, second_row

    def _build_pages(self) -> None:
        """The chosen petition's petitioners, scans (with their acts) and history, a page each."""
        self.signer_model = RowsModel(SIGNER_COLUMNS, self)
        self.signer_table = forms.make_table(self.signer_model, name="signer_table")
        forms.size_columns(self.signer_table, {0: 26, 1: 16, 2: 22})
        self.scan_model = RowsModel(SCAN_COLUMNS, self)
        self.scan_model.set_dimmed(lambda r: not r.attached)
        self.scan_table = forms.make_table(self.scan_model, name="scan_table")
        forms.size_columns(self.scan_table, {0: 30, 1: 18, 2: 16})
        self.open_scan_button = QPushButton("&Open scan")
        self.open_scan_button.setObjectName("open_scan_button")
        self.attach_button = QPushButton("Attach s&can…")
        self.attach_button.setObjectName("attach_button")
        self.scan_aside_button = QPushButton("Set scan aside…")
        self.scan_aside_button.setObjectName("scan_aside_button")
        self.act_buttons[PetitionAct.ATTACH_SCAN] = self.attach_button
        scan_page = QWidget()
        scan_layout = QVBoxLayout(scan_page)
        scan_buttons = QHBoxLayout()
        for button in (self.open_scan_button, self.attach_button, self.scan_aside_button):
            scan_buttons.addWidget(button)
        scan_buttons.addStretch(1)
        scan_layout.addWidget(self.scan_table, 1)
        scan_layout.addLayout(scan_buttons)
        self.event_model = RowsModel(EVENT_COLUMNS, self)
        self.event_table = forms.make_table(self.event_model, name="event_table")
        self.event_table.setWordWrap(True)  # a correction's detail is a sentence: read it whole
        forms.size_columns(self.event_table, {0: 16, 1: 12, 2: 16, 3: 40})
        self.pages = QTabWidget()
        self.pages.setObjectName("petition_pages")
        self.pages.addTab(self.signer_table, "Petitioners")
        self.pages.addTab(scan_page, "Scans")
        self.pages.addTab(self.event_table, "History")

    def _build_side(self, first_row: QHBoxLayout, second_row: QHBoxLayout) -> QWidget:
        """The chosen petition's details (scrolled) above the two rows of its acts."""
        # The register takes the whole width (nine columns); the chosen petition is below it:
        # its details and the acts on it at the left, its petitioners, scans and history beside.
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 8, 0)
        side_layout.addWidget(self.details)
        side_layout.addStretch(1)
        scroller = forms.scrolled(side)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(scroller, 1)
        left_layout.addLayout(first_row)
        left_layout.addLayout(second_row)
        return left

    def _build_bottom(self) -> QHBoxLayout:
        """The acts on no petition in particular, the count and Export."""
        self.new_button = QPushButton("&New petition…")
        self.new_button.setObjectName("new_petition_button")
        self.new_button.setToolTip("Receive a petition at the counter (Ctrl+N)")
        self.meetings_button = QPushButton("&Meetings…")
        self.meetings_button.setObjectName("meetings_button")
        self.meetings_button.setToolTip("The Common Council's meetings: add, change, cancel")
        self.packet_button = QPushButton("&Build agenda packet…")
        self.packet_button.setObjectName("packet_button")
        self.packet_button.setToolTip(
            "Build the agenda packet of a meeting in the background, then preview and print it"
        )
        self.save_packet_button = QPushButton("Sa&ve packet PDF…")
        self.save_packet_button.setObjectName("save_packet_button")
        self.save_packet_button.setEnabled(False)
        self.save_packet_button.setToolTip("Build an agenda packet first; then save it to send")
        buttons = self._build_footer(
            self.new_button,
            self.meetings_button,
            self.packet_button,
            self.save_packet_button,
            export_tip="The petitions the search and filters show, to a workbook",
        )
        return buttons

    def _acting_buttons(self) -> tuple[QPushButton, ...]:
        """The acts on no petition in particular (each on a petition comes from the core's
        acts)."""
        return (self.new_button, self.packet_button)

    def _connect(self) -> None:
        self._connect_register()
        self.scan_table.selectionModel().selectionChanged.connect(lambda *_: self._scan_buttons())
        self.scan_table.doubleClicked.connect(lambda _i: self.open_selected_scan())
        self.table.doubleClicked.connect(lambda _i: self.edit_selected())
        self.new_button.clicked.connect(self.new_petition)
        self.edit_button.clicked.connect(self.edit_selected)
        self.correct_button.clicked.connect(self.correct_selected)
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        self.place_button.clicked.connect(self.place_selected)
        self.action_button.clicked.connect(self.council_action)
        self.open_scan_button.clicked.connect(self.open_selected_scan)
        self.attach_button.clicked.connect(self.attach_scan)
        self.scan_aside_button.clicked.connect(self.set_selected_scan_aside)
        self.meetings_button.clicked.connect(lambda: self.show_meetings())
        self.packet_button.clicked.connect(lambda: self.build_packet())
        self.save_packet_button.clicked.connect(self.save_packet)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_petition)

    # ---- what the main window calls ------------------------------------------------------------

    def show_record(self, record_type: str, record_id: str) -> None:
        """Show one petition, or one meeting in the meetings list (the Today tab asks)."""
        if record_type == "council_meeting" and record_id.isdigit():
            self.show_meetings(select_id=int(record_id))
        else:
            super().show_record(record_type, record_id)

    select_petition = RegisterPage.select_id

    # ---- the register --------------------------------------------------------------------------

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return (self.year_box, self.kind_box, self.status_box, self.pending_box)

    def search_query(self) -> Callable[[Action], list[PetitionRow]]:
        return partial(
            search_petition_rows,
            text=self.search_field.text(),
            program_year=self.year_box.currentData(),
            kind=self.kind_box.currentData(),
            status=self.status_box.currentData(),
            pending_only=self.pending_box.isChecked(),
        )

    def register_years(self, action: Action) -> list[int]:
        return petition_details.program_years(action)

    def offer_years(self, years: list[int]) -> None:
        forms.offer_years(self.year_box, years, label=lambda year: f"Program year {year}")

    def read_chosen(self, action: Action, row: PetitionRow) -> PetitionPane:
        return petition_pane(action, row.id)

    def _show_details(self) -> None:
        row = self.selected()
        self.pane = None
        if row is None:
            self.details.setText("<i>No petition selected.</i>")
            self.signer_model.set_rows([])
            self.scan_model.set_rows([])
            self.event_model.set_rows([])
        else:
            self.details.setText(petition_html(row))
            self.signer_model.set_rows(list(row.signers))
            self.pane = cast(PetitionPane | None, self.chosen_details(row))
            self.scan_model.set_rows(list(row.scans))
            self.event_model.set_rows(list(self.pane.events) if self.pane else [])
            self.event_table.resizeRowsToContents()
            if row.scans:
                forms.select_row(self.scan_table, 0)
        show_acts(self.act_buttons, self.pane.acts if self.pane else None, "Choose a petition")
        if row is not None and row.pending:
            self.place_button.setText(
                "Move to another a&genda…"
                if row.status is PetitionStatus.ON_AGENDA
                else "Place on a&genda…"
            )
        self._scan_buttons()

    def _allowed(self, act: PetitionAct) -> PetitionRow | None:
        """The petition chosen, when the core allows ``act`` on it now (its button is on)."""
        row, pane = self.selected(), self.pane
        return row if row is not None and pane is not None and pane.acts[act] is None else None

    def _scan_buttons(self) -> None:
        scan = self.selected_scan()
        self.open_scan_button.setEnabled(scan is not None)
        why = self._scan_aside_refusal(scan)
        self.scan_aside_button.setEnabled(why is None)
        self.scan_aside_button.setToolTip(why or "")

    def _scan_aside_refusal(self, scan: ScanRow | None) -> str | None:
        """Why the scan chosen may not be set aside now (the core's words), or None."""
        if scan is None or self.pane is None:
            return "Choose a scan still attached"
        return self.pane.scans_aside.get(scan.id, "Choose a scan still attached")

    def selected_scan(self) -> ScanRow | None:
        row = forms.selected_row(self.scan_table)
        return row if isinstance(row, ScanRow) else None

    # ---- actions -------------------------------------------------------------------------------

    def _announce_change(self) -> None:
        self.register_changed.emit()

    def new_petition(self) -> None:
        if self._may_not:
            return
        petition_id = PetitionDialog.ask(self, self.app)
        if petition_id is None:
            return
        row = perform(self, self.app, lambda a: petition_row(a, petition_id), writes=False)
        message = "Petition received."
        if row is not None:
            message = (
                f"Petition {row.number} received {row.received_text}: program year "
                f"{row.program_year} ({row.timely_text.lower()})."
            )
        self._after_save(petition_id, message)

    def edit_selected(self) -> None:
        row = self._allowed(PetitionAct.EDIT)
        if row is not None and PetitionDialog.ask(self, self.app, row) is not None:
            self._after_save(row.id, f"Petition {row.number} changed.")

    def correct_selected(self) -> None:
        row = self._allowed(PetitionAct.CORRECT_RECEIVED)
        if row is not None and CorrectReceivedDialog.ask(self, self.app, row):
            self._after_save(row.id, f"Date received of petition {row.number} corrected.")

    def withdraw_selected(self) -> None:
        row = self._allowed(PetitionAct.WITHDRAW)
        if row is not None and withdraw(self, self.app, row):
            self._after_save(row.id, f"Petition {row.number} withdrawn.")

    def place_selected(self) -> None:
        row = self._allowed(PetitionAct.PLACE)
        if row is None:
            return
        if place_on_agenda(self, self.app, row) is not None:
            self._after_save(row.id, f"Petition {row.number} placed on the agenda.")

    def council_action(self) -> None:
        row = self._allowed(PetitionAct.COUNCIL_ACTION)
        if row is not None and CouncilActionDialog.ask(self, self.app, row):
            self._after_save(row.id, f"Council action on petition {row.number} recorded.")

    def open_selected_scan(self) -> None:
        scan = self.selected_scan()
        if scan is not None:
            open_scan(self, self.app, scan.sha256, scan.name)

    def attach_scan(self) -> None:
        row = self._allowed(PetitionAct.ATTACH_SCAN)
        if row is None:
            return
        chosen = read_chosen_scan(self, "Attach a scan of the signed petition")
        if chosen is None:
            return
        name, content = chosen
        scan_id = perform(self, self.app, lambda a: petitions.add_scan(a, row.id, name, content))
        if scan_id is not None:
            self._after_save(row.id, f"Scan {name} attached to petition {row.number}.")
            self.pages.setCurrentIndex(1)

    def set_selected_scan_aside(self) -> None:
        row, scan = self.selected(), self.selected_scan()
        if (
            row is not None
            and scan is not None
            and self._scan_aside_refusal(scan) is None
            and set_scan_aside(self, self.app, scan)
        ):
            self._after_save(row.id, f"Scan {scan.name} set aside.")
            self.pages.setCurrentIndex(1)

    def show_meetings(self, *, select_id: int | None = None) -> None:
        """The meetings list; building a packet from it starts here, once it is closed."""
        dialog = MeetingsDialog(self, self.app, select_id=select_id)
        forms.run_modal(dialog)
        if dialog.changed:
            self.register_changed.emit()
            self.refresh()
        if dialog.build_id is not None:
            self.build_packet(dialog.build_id)

    # ---- the agenda packet ---------------------------------------------------------------------

    def choose_packet_meeting(self) -> int | None:
        """Which meeting's packet to build: one to come, the next with items first."""
        upcoming = perform(self, self.app, lambda a: meeting_rows(a, upcoming=True), writes=False)
        first = next((m.id for m in upcoming or [] if m.items), None)
        return ChooseMeetingDialog.ask(
            self,
            self.app,
            title="Build the agenda packet",
            note="The packet holds a cover page, a table of contents, the summary of the "
            "petitions on the meeting's agenda (late ones apart), and each petition with its "
            "petitioners, staff notes and attached scans. It is built in the background; the "
            "preview opens when it is done.",
            save_text="Build",
            refused=lambda a: register_acts(a)[RegisterAct.BUILD_PACKET],
            current=first,
        )

    def build_packet(self, meeting_id: int | None = None) -> None:
        """Build the meeting's agenda packet in a process of its own (ui.petitions.jobs)
        behind a progress bar with Cancel; the window stays usable. The packet opens in the
        print preview when done and is recorded as built (the Today tab shows it)."""
        if self._may_not_build:
            return
        if self.building:
            self.status.emit("An agenda packet is being built already.")
            return
        if meeting_id is None:
            meeting_id = self.choose_packet_meeting()
            if meeting_id is None:
                return
        chosen, station = meeting_id, Station.of(self.app.desk, self.app.operator)

        def work(progress: Callable[[int], bool]) -> BuiltPacket | _Failed | None:
            from reports.excel import ExportCancelled

            try:
                return build_packet(station, chosen, progress=progress)
            except (ExportCancelled, ChildEnded):  # stopped, or ended, after the Cancel
                return None
            except Exception as error:  # shown on the window's thread, with the build over
                return _Failed(error)

        self.building = True
        self.packet_button.setEnabled(False)
        self.packet_button.setToolTip("An agenda packet is being built")
        self.status.emit("Building the agenda packet…")
        self.packet_job = run_in_background(
            self,
            work,
            title="Building the agenda packet…",
            total=PACKET_STEPS,
            on_done=self._packet_done,
        )

    def _packet_done(self, result: BuiltPacket | _Failed | None) -> None:
        self.building = False
        self.packet_button.setEnabled(not self._may_not_build)
        self.packet_button.setToolTip(
            self._may_not_build
            or "Build the agenda packet of a meeting in the background, then preview and print it"
        )
        try:
            if result is None:
                self.status.emit("Agenda packet not built: cancelled.")
                return
            if isinstance(result, _Failed):
                self.status.emit("Agenda packet not built.")
                show_error(self, result.error, title="Agenda packet not built")
                return
            packet = result

            def record(action: Action) -> bool:
                schedule.record_packet_built(
                    action, packet.meeting_id, pages=packet.pages, as_of=packet.as_of
                )
                return True

            recorded = perform(self, self.app, record)
            if not recorded:
                self.status.emit("Agenda packet not marked built: build it again.")
                return
            self.last_packet = packet
            self.save_packet_button.setEnabled(True)
            self.save_packet_button.setToolTip(
                f"Save the agenda packet built for the {packet.meeting} as a PDF, with its "
                "links and bookmarks, to keep or send by e-mail"
            )
            self.register_changed.emit()
            self.packet_built.emit(packet.meeting_id)
            self.status.emit(f"Agenda packet for the {packet.meeting} built: {packet.pages} pages.")
            title = f"Agenda packet — {packet.meeting}"
            try:
                printing.preview_pdf(self, packet.path, title=title)
            except Exception as error:  # the printer's fault; the packet is recorded
                printing.explain_print_failure(
                    self, title, error, "Build the packet again to print it."
                )
        finally:
            self.packet_finished.emit()

    def save_packet(self) -> None:
        """Save the packet last built as a PDF file: the document itself, whose contents lines
        are links and whose sections are bookmarks, to keep or send to the Council by e-mail
        (the preview and the printout are pictures of its pages)."""
        packet = self.last_packet
        if packet is None:
            return
        saved = printing.save_pdf(self, packet.path, packet.file_name)
        if saved is not None:
            self.status.emit(f"Agenda packet for the {packet.meeting} saved to {saved.name}.")

    # ---- export --------------------------------------------------------------------------------

    def export_name(self, day: date) -> str:
        year = self.year_box.currentData()
        return (
            f"petitions-{year}-{day.isoformat()}.xlsx"
            if year
            else f"petitions-{day.isoformat()}.xlsx"
        )

    def exported_text(self, count: int) -> str:
        return f"{count:,} {'petition' if count == 1 else 'petitions'}"

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """The petitions the search and filters show, all of them, past the screen's limit, in
        a process of its own (the writer would hold the window)."""
        station = Station.of(self.app.desk, self.app.operator)
        text, year = self.search_field.text(), self.year_box.currentData()
        kind, status = self.kind_box.currentData(), self.status_box.currentData()
        pending = self.pending_box.isChecked()
        return lambda progress: child_process.run(
            register_workbook,
            station,
            path,
            text=text,
            program_year=year,
            kind=kind,
            status=status,
            pending_only=pending,
            progress=progress,
        )


def _fit_columns(table: QTableView) -> None:
    """Size the register's columns (:data:`_WIDEST`): no horizontal scrolling at 1280 pixels."""
    header = table.horizontalHeader()
    header.setStretchLastSection(False)
    cell, head = table.fontMetrics(), header.fontMetrics()
    model = table.model()
    for column, texts in _WIDEST.items():
        title = str(model.headerData(column, Qt.Orientation.Horizontal))
        widest = max(
            [head.horizontalAdvance(title)] + [cell.horizontalAdvance(text) for text in texts]
        )
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(column, widest + 20)
    for column in _STRETCHED:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)


# ---- the details panel -----------------------------------------------------------------------


def petition_html(row: PetitionRow) -> str:
    e = html.escape
    status = e(row.status_text)
    if row.status is PetitionStatus.ON_AGENDA and row.meeting:
        status += f" of {e(row.meeting)}"
    elif not row.pending and row.meeting and row.status is not PetitionStatus.WITHDRAWN:
        status += f" at the meeting of {e(row.meeting)}"
    colour = GOOD if row.timely else LATE
    timing = (
        "filed on or before September 15 of the year received"
        if row.timely
        else f"filed after the last day for {row.received_on.year + 1}"
    )
    parts = [
        f"<h3>Petition {e(row.number)} — {e(row.kind.label)}</h3>",
        f"<p><b>{e(row.location)}</b></p>",
        f"<p>{e(row.description)}</p>" if row.description else "",
        f"<p>Received {e(format_day(row.received_on))}, {e(clock_time(row.received_at))}, "
        f"by {e(row.received_by)}<br>"
        f"<b style='color:{colour}'>Program year {row.program_year}</b> — {timing} "
        f"({cite_html(CITE, CITE.replace(' ', NBSP))})<br>"
        f"Status: <b>{status}</b></p>",
        f"<p style='color:{SECONDARY}'><i>Staff notes:</i> {e(row.staff_notes)}</p>"
        if row.staff_notes
        else "",
    ]
    return "".join(parts)
