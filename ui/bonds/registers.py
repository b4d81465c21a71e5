"""The two registers of Bonds & Insurance, each a :class:`~ui.kit.register_page.RegisterPage`:
the certificates of insurance (with the "Check against…" panel beside the chosen one) and the
bonds. The tab (:mod:`ui.bonds.tab`) shows one at a time.

Each register is searched by name, company or number, and shows only what is on file unless
"Show inactive" is ticked; the chosen record's details and its acts are beside it, the acts
enabled by the core (:mod:`clerk_desk.bonds.acts`). The tables share the width they have, the
names cut short rather than the table scrolling sideways: what a certificate or bond protects,
and every long name in full, are in the details.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from functools import partial
from typing import ClassVar, TypeVar, cast

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process, words
from clerk_desk.bonds.acts import BondAct, CertificateAct, bond_acts, certificate_acts
from clerk_desk.bonds.views import (
    SEARCH_LIMIT,
    BondLine,
    CertificateLine,
    search_bond_lines,
    search_certificate_lines,
)
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.kinds import BondKind, FileStatus
from ui.bonds import jobs
from ui.bonds.check_panel import CheckPanel
from ui.bonds.details import bond_html, certificate_html, expiry_colour
from ui.bonds.dialogs import (
    BondStatusDialog,
    CertificateDialog,
    DefectNoticeDialog,
    ReasonDialog,
    open_scan,
)
from ui.kit import forms as forms
from ui.kit.operations import App
from ui.kit.register_page import (
    Progress,
    YearlessRegister,
    act_button,
    beside_register,
    filter_box,
    show_acts,
)
from ui.kit.style import BAD_BACKGROUND
from ui.kit.table_models import RIGHT, RowsModel, TableColumn, yes

ActT = TypeVar("ActT")
LineT = TypeVar("LineT", CertificateLine, BondLine)


def certificate_columns(today: Callable[[], date]) -> tuple[TableColumn, ...]:
    return (
        TableColumn("Insured", lambda r: r.insured, tooltip=lambda r: r.note or r.insured),
        TableColumn("Insurer", lambda r: r.insurer, tooltip=lambda r: r.insurer),
        TableColumn("Policy numbers", lambda r: r.policy_numbers),
        TableColumn(
            "Expires",
            lambda r: words.us_date(r.expires_on),
            colour=lambda r: expiry_colour(r.expires_on, today(), r.active),
            tooltip=lambda r: (
                "Expired"
                if r.active and r.expires_on < today()
                else (
                    "Expires within 30 days"
                    if expiry_colour(r.expires_on, today(), r.active)
                    else None
                )
            ),
        ),
        TableColumn(
            "City insured",
            lambda r: yes(r.city_additional_insured),
            header_tooltip="City named as additional insured",
        ),
        TableColumn(
            "Status",
            lambda r: "Short" if r.standing else r.status.label,
            colour=lambda r: BAD_BACKGROUND if r.standing else None,
            tooltip=lambda r: r.standing or r.status_reason or None,
        ),
    )


CERTIFICATE_SHARES = {0: 3, 1: 2, 2: 2}
"""The insured, the insurer and the policies share what the day, the yes and the status leave."""


def bond_columns(today: Callable[[], date]) -> tuple[TableColumn, ...]:
    return (
        TableColumn("Kind", lambda r: r.kind.label, tooltip=lambda r: r.kind.label),
        TableColumn("Principal", lambda r: r.principal, tooltip=lambda r: r.principal),
        TableColumn("Bond no.", lambda r: r.bond_number),
        TableColumn("Surety", lambda r: r.surety, tooltip=lambda r: r.surety),
        TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
        TableColumn(
            "Ends",
            lambda r: str(r.year) if r.year else words.us_date(r.expires_on),
            colour=lambda r: expiry_colour(r.expires_on, today(), r.active),
        ),
        TableColumn("Status", lambda r: r.status.label, tooltip=lambda r: r.status_reason or None),
    )


BOND_SHARES = {0: 2, 1: 3, 3: 2}
"""Kind, principal and surety share what the number, amount, end and status leave."""


class FileRegister(YearlessRegister[LineT]):
    """What both registers share: "Show inactive", the details and scan beside the table, the
    buttons that file a certificate or a bond and show the revocations (the tab answers them),
    the export of the whole register.

    Signals: ``status(str)``; ``changed()`` after a record was filed or changed.
    """

    search_limit = SEARCH_LIMIT
    placeholder: ClassVar[str]
    search_name: ClassVar[str]
    details_name: ClassVar[str]
    export_file: ClassVar[str]
    """The export's file name before its day: "bonds-2026-11-30.xlsx"."""

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.search_field = forms.SearchField(self.placeholder)
        self.search_field.setObjectName(self.search_name)
        self.inactive_box = QCheckBox("Show &inactive")
        self.inactive_box.setToolTip("Also superseded certificates and released or forfeited bonds")
        self.details = forms.rich_label(self.details_name, app.open_link)
        self.scan_button = QPushButton("Open scan")
        self.scan_button.clicked.connect(self.open_selected_scan)
        self.new_certificate_button = act_button("&New certificate…", "new_certificate_button")
        self.new_certificate_button.setToolTip("Ctrl+N")
        self.new_bond_button = act_button("New b&ond…", "new_bond_button")
        self.new_bond_button.setToolTip("Ctrl+Shift+N")
        self.revocations_button = QPushButton("Re&vocations…")
        self.revocations_button.setToolTip(
            "Contractors whose right to street opening permits is revoked (§ 506-6)"
        )

    def _lay_out(self, filters: tuple[QWidget, ...], side: QWidget) -> None:
        """The search and filters above, the register at the left and the chosen record at the
        right (scrolled up and down, never sideways), the buttons, count and export below."""
        scroller = forms.scrolled(side)
        scroller.setMinimumWidth(0)  # as wide as its content needs (forms.scrolled)
        splitter = beside_register(self.table, scroller, sizes=(880, 420), stretch=(3, 2))
        self._lay_out_beside(
            filters,
            splitter,
            (self.new_certificate_button, self.new_bond_button, self.revocations_button),
            f"The whole {self.export_what}, inactive records too, to a workbook",
        )

    def _clear_filters(self) -> None:
        """Asked for one record (the Today tab, a record just filed): the whole register, the
        inactive records too, so that a superseded or released one is found as well."""
        super()._clear_filters()
        with forms.quietly(self.inactive_box):
            self.inactive_box.setChecked(True)

    def shown_again(self) -> None:
        """A bond or a certificate may have been filed from another tab's form meanwhile."""
        self.refresh()

    def export_name(self, day: date) -> str:
        return f"{self.export_file}-{day.isoformat()}.xlsx"

    def _export_job(self, path: str, write: Callable[..., int]) -> Callable[[Progress], int]:
        """The job writing the whole register to ``path`` by ``write`` (:mod:`ui.bonds.jobs`),
        dated today, in a process of its own (the writer would hold the window)."""
        station = Station.of(self.app.desk, self.app.operator)
        day = self.app.desk.clock.today()
        return lambda progress: child_process.run(
            write, station, path, as_of=day, progress=progress
        )

    def _chosen_acts(self, line: LineT | None) -> dict[ActT, str | None] | None:
        """The chosen record's acts as the core says, read with the register when a search
        chose it (None if none is chosen, or they could not be read)."""
        if line is None:
            return None
        return cast(dict[ActT, str | None] | None, self.chosen_details(line))

    def open_selected_scan(self) -> None:
        line = self.selected()
        if line is not None and line.scan_sha256:
            open_scan(self, self.app, line.scan_sha256, line.scan_name)


def side_column(details: QWidget, *below: QWidget, buttons: tuple[QPushButton, ...]) -> QWidget:
    """The chosen record's details, its acts three to a line under them (the pane stays
    narrow, the register wide), then what is ``below``."""
    side = QWidget()
    layout = QVBoxLayout(side)
    layout.setContentsMargins(8, 0, 0, 0)
    layout.addWidget(details)
    grid = QGridLayout()
    grid.setHorizontalSpacing(6)
    grid.setVerticalSpacing(4)
    for number, button in enumerate(buttons):
        grid.addWidget(button, number // 3, number % 3)
    grid.setColumnStretch(3, 1)
    layout.addLayout(grid)
    for part in below:
        layout.addWidget(part)
    layout.addStretch(1)
    return side


class CertificateRegister(FileRegister[CertificateLine]):
    """The certificates of insurance on file, with the check of the chosen one."""

    row_type = CertificateLine
    record_type = "insurance_certificate"
    count_noun = "certificate"
    empty_text = "No certificates yet"
    export_what = "certificate register"
    export_file = "insurance-certificates"
    export_noun = "certificate"
    placeholder = "Search insured, insurer or policy number (Down arrow to the list)"
    search_name = "bonds_search"
    details_name = "certificate_details"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("certificate_register")
        self.model = RowsModel(certificate_columns(app.desk.clock.today), self)
        self.model.set_dimmed(lambda r: not r.active)
        self.table = forms.make_table(self.model, name="certificate_table")
        forms.share_width(self.table, CERTIFICATE_SHARES)
        self.check_panel = CheckPanel(app)
        self.replace_button = act_button(
            "Re&place with corrected…",
            "replace_button",
            "File the corrected or renewed certificate; this one is kept, marked superseded",
        )
        self.set_aside_button = act_button("Set aside…", "set_aside_button")
        self.acts = {
            CertificateAct.REPLACE: self.replace_button,
            CertificateAct.SET_ASIDE: self.set_aside_button,
        }
        side = side_column(
            self.details,
            self.check_panel,
            buttons=(self.replace_button, self.set_aside_button, self.scan_button),
        )
        self._lay_out((self.inactive_box,), side)
        self.replace_button.clicked.connect(self.replace_selected)
        self.set_aside_button.clicked.connect(self.set_aside_selected)
        self.table.doubleClicked.connect(lambda _i: self.check_panel.setFocus())

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return (self.inactive_box,)

    def read_chosen(self, action: Action, row: CertificateLine) -> object:
        return certificate_acts(action, row.id)

    def search_query(self) -> Callable[[Action], list[CertificateLine]]:
        return partial(
            search_certificate_lines,
            text=self.search_field.text(),
            include_inactive=self.inactive_box.isChecked(),
        )

    def _show_details(self) -> None:
        line = self.selected()
        today = self.app.desk.clock.today()
        self.details.setText(
            certificate_html(line, today) if line else "<i>No certificate selected.</i>"
        )
        show_acts(self.acts, self._chosen_acts(line), "Choose a certificate first.")
        self.scan_button.setEnabled(line is not None and bool(line.scan_sha256))
        self.check_panel.set_certificate(line)

    def replace_selected(self) -> None:
        line = self.selected()
        if line is None or not line.active:
            return
        certificate_id = CertificateDialog.ask(self, self.app, replacing=line)
        if certificate_id is not None:
            self.saved(
                certificate_id,
                f"Certificate of {line.insured} replaced; the old one is superseded.",
            )

    def set_aside_selected(self) -> None:
        line = self.selected()
        if line is not None and line.active and ReasonDialog.ask(self, self.app, line):
            self.saved(line.id, f"Certificate of {line.insured} set aside.")

    def row_name(self, row: CertificateLine) -> str:
        return f"certificate of {row.insured}"

    def export_work(self, path: str) -> Callable[[Progress], int]:
        return self._export_job(path, jobs.certificates_workbook)


class BondRegister(FileRegister[BondLine]):
    """The bonds on file, of every kind, with the release, claim, forfeiture and defect notice
    of the chosen one."""

    row_type = BondLine
    record_type = "bond"
    count_noun = "bond"
    empty_text = "No bonds yet"
    export_what = "bond register"
    export_file = "bonds"
    export_noun = "bond"
    placeholder = "Search principal, surety or bond number (Down arrow to the list)"
    search_name = "bond_search"
    details_name = "bond_details"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("bond_register")
        self.kind_box: QComboBox = filter_box(
            "bond_kind_filter", "All kinds", ((kind.label, kind) for kind in BondKind)
        )
        self.model = RowsModel(bond_columns(app.desk.clock.today), self)
        self.model.set_dimmed(lambda r: not r.active)
        self.table = forms.make_table(self.model, name="bond_table")
        forms.share_width(self.table, BOND_SHARES)
        self.release_button = act_button("&Release…", "release_button")
        self.claim_button = act_button("Clai&m…", "claim_button")
        self.forfeit_button = act_button("&Forfeit…", "forfeit_button")
        self.defect_button = act_button("&Defect notice…", "defect_button")
        self.acts: Mapping[BondAct, QPushButton] = {
            BondAct.RELEASE: self.release_button,
            BondAct.CLAIM: self.claim_button,
            BondAct.FORFEIT: self.forfeit_button,
            BondAct.DEFECT_NOTICE: self.defect_button,
        }
        buttons = (self.release_button, self.claim_button, self.forfeit_button)
        side = side_column(self.details, buttons=(*buttons, self.scan_button, self.defect_button))
        self._lay_out((self.kind_box, self.inactive_box), side)
        self.release_button.clicked.connect(lambda: self.change_status(FileStatus.RELEASED))
        self.claim_button.clicked.connect(lambda: self.change_status(FileStatus.CLAIM_MADE))
        self.forfeit_button.clicked.connect(lambda: self.change_status(FileStatus.FORFEITED))
        self.defect_button.clicked.connect(self.record_defect)

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return (self.kind_box, self.inactive_box)

    def read_chosen(self, action: Action, row: BondLine) -> object:
        return bond_acts(action, row.id)

    def search_query(self) -> Callable[[Action], list[BondLine]]:
        return partial(
            search_bond_lines,
            text=self.search_field.text(),
            include_inactive=self.inactive_box.isChecked(),
            kind=self.kind_box.currentData(),
        )

    def _show_details(self) -> None:
        line = self.selected()
        today = self.app.desk.clock.today()
        self.details.setText(bond_html(line, today) if line else "<i>No bond selected.</i>")
        show_acts(self.acts, self._chosen_acts(line), "Choose a bond first.")
        self.defect_button.setVisible(line is not None and line.guarantee)
        self.scan_button.setEnabled(line is not None and bool(line.scan_sha256))

    def change_status(self, status: FileStatus) -> None:
        line = self.selected()
        if line is not None and BondStatusDialog.ask(self, self.app, line, status):
            self.saved(line.id, f"Bond {line.bond_number}: {status.label.lower()}.")

    def record_defect(self) -> None:
        line = self.selected()
        if line is not None and line.guarantee and DefectNoticeDialog.ask(self, self.app, line):
            self.saved(line.id, f"Defect notice recorded on guarantee {line.bond_number}.")

    def row_name(self, row: BondLine) -> str:
        return f"bond {row.bond_number}"

    def export_work(self, path: str) -> Callable[[Progress], int]:
        return self._export_job(path, jobs.bonds_workbook)
