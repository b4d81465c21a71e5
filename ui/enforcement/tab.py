"""Enforcement: obstructions (§ 506-8), snow and ice (§ 506-11), dirt and debris (§ 506-20),
damage (§ 506-21), newspaper receptacles (§ 506-23) and terrace parking stalls (§ 506-12), from
the complaint to the special charge the tax-roll run certifies.

The register lists each case with its next step (the notice to give, the time running out, the
day the City may act); the chosen case shows the official's determination and findings, its
clocks with their sections, the charge it became and its history. Its acts — the notice, the
removal or correction by the person responsible, the City's work and its bill, the Clerk's
letter, a stall's authorizations and rescission, closing, printing the letter — are enabled by
the core's acts, with the refusal as the tooltip.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QCheckBox, QPushButton, QVBoxLayout, QWidget

from clerk_desk import child_process
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.enforcement import acts as case_acts
from clerk_desk.enforcement import letters
from clerk_desk.enforcement import service as en
from clerk_desk.enforcement.acts import CaseAct, RegisterAct
from clerk_desk.enforcement.records import RECORD_TYPE
from clerk_desk.enforcement.views import (
    SEARCH_LIMIT,
    CaseDetails,
    CaseRow,
    details,
    register_rows,
)
from clerk_desk.kinds import CaseKind
from clerk_desk.settings import CityProfile
from clerk_desk.settings_store import city_profile
from clerk_desk.words import format_day
from ui.enforcement import jobs
from ui.enforcement.dialogs import (
    AuthorizeDialog,
    CityWorkDialog,
    NewCaseDialog,
    NoticeDialog,
    RescindDialog,
    ResolvedDialog,
)
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.dialog_parts import cite_link, follow_cite, reason_dialog
from ui.kit.findings_view import finding_html
from ui.kit.operations import App, core_refusal, draw_paper, perform
from ui.kit.register_page import (
    Progress,
    RegisterPage,
    act_button,
    button_grid,
    filter_box,
    register_splitter,
    search_row,
    show_acts,
)
from ui.kit.style import SECONDARY
from ui.kit.table_models import RowsModel, TableColumn

COLUMNS = (
    TableColumn("Case", lambda r: r.number),
    TableColumn("Kind", lambda r: r.kind_label, tooltip=lambda r: r.kind_label),
    TableColumn("Where", lambda r: r.location, tooltip=lambda r: r.location),
    TableColumn("Person or owner", lambda r: r.party, tooltip=lambda r: r.party),
    TableColumn("Status", lambda r: r.status_label),
    TableColumn("Next", lambda r: r.next_step, tooltip=lambda r: r.next_step),
)

Query = Callable[[Action], list[CaseRow]]


def case_html(view: CaseDetails) -> str:
    """The chosen case: what, where, who, the official, the findings, the clocks, the end."""
    e = html.escape
    parts = [
        f"<h3>{e(view.number)} — {e(view.status_label)}</h3>",
        f"<p><b>{e(view.kind_label)}</b> — {cite_link(view.cite)}</p>",
        f"<p><i>Where:</i> {e(view.location)}"
        + (f" ({e(view.place_label.lower())})" if view.place_label else "")
        + "</p>",
    ]
    who = []
    if view.parcel:
        who.append(f"Parcel {e(view.parcel)}" + (f", owner {e(view.owner)}" if view.owner else ""))
    if view.party:
        who.append(f"{e(view.party_as.capitalize())}: {e(view.party)}")
    who.append(f"Determined by the {e(view.official)}")
    who.append(f"Acting for the City: the {e(view.acting_official)}")
    parts.append("<p>" + "<br>".join(who) + "</p>")
    for text in (view.description, view.complaint):
        if text:
            parts.append(f"<p style='color:{SECONDARY}'>{e(text)}</p>")
    if view.notice:
        parts.append(f"<p><i>Notice:</i> {e(view.notice)}</p>")
    for finding in view.findings:
        parts.append(f"<p>{finding_html(finding)}</p>")
    for clock in view.clocks:
        parts.append(f"<p>{e(clock.what)} <b>{e(clock.when)}</b> — {cite_link(clock.cite)}</p>")
    if view.charge_number:
        parts.append(
            f"<p>Charged on <b>{e(view.charge_number)}</b> ({e(view.charge_standing)})</p>"
        )
    if view.resolution:
        parts.append(f"<p><i>Outcome:</i> {e(view.resolution)}</p>")
    if view.history:
        lines = [f"{e(h.when)} — {e(h.summary)}" for h in view.history]
        parts.append(f"<p style='color:{SECONDARY}'>" + "<br>".join(lines) + "</p>")
    return "".join(parts)


class EnforcementTab(RegisterPage[CaseRow]):
    """The Enforcement tab.

    Signals: ``status(str)`` for the status bar; ``register_changed()`` after a case was saved
    (the Today tab may read its list again).
    """

    register_changed = Signal()
    row_type = CaseRow
    record_type = RECORD_TYPE
    search_limit = SEARCH_LIMIT
    count_noun = "case"
    empty_text = "No enforcement cases yet"
    export_what = "enforcement register"
    export_noun = "enforcement case"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("enforcement_tab")
        self.current: CaseDetails | None = None
        self.search_field = forms.SearchField(
            "Search case, place, person, parcel or section (Down arrow to the list)"
        )
        self.search_field.setObjectName("enforcement_search")
        self.kind_box = filter_box(
            "kind_filter", "Any kind", [(kind.label, kind) for kind in CaseKind]
        )
        self.open_box = QCheckBox("&Open only")
        self.open_box.setObjectName("open_only")
        self.model = RowsModel(COLUMNS, self)
        self.table = forms.make_table(self.model, name="cases_table")
        self.details_label = forms.rich_label("case_details", self._open_link)
        self.buttons = {act: act_button(act.value, f"act_{act.name.lower()}") for act in CaseAct}
        self.new_button = QPushButton("&New case…")
        self.new_button.setObjectName("new_case_button")
        self._lay_out()
        self._wire()

    def _lay_out(self) -> None:
        side = QWidget()
        column = QVBoxLayout(side)
        column.addWidget(forms.scrolled(self.details_label), 1)
        column.addLayout(
            button_grid(
                (
                    ("Case", tuple(self.buttons[a] for a in (CaseAct.NOTICE, CaseAct.RESOLVED))),
                    (
                        "City",
                        tuple(
                            self.buttons[a]
                            for a in (CaseAct.CITY_WORK, CaseAct.CLERK_LETTER, CaseAct.CLOSE)
                        ),
                    ),
                    (
                        "Stall",
                        tuple(self.buttons[a] for a in (CaseAct.AUTHORIZE, CaseAct.RESCIND)),
                    ),
                    ("Paper", (self.buttons[CaseAct.PRINT_LETTER],)),
                )
            )
        )
        splitter = register_splitter(
            self.table, side, QWidget(), sizes=(300, 400), below_sizes=(900, 1)
        )
        layout = QVBoxLayout(self)
        layout.addLayout(search_row(self.search_field, self.kind_box, self.open_box))
        layout.addWidget(splitter, 1)
        layout.addLayout(
            self._build_footer(self.new_button, export_tip="The cases as searched, to a workbook")
        )
        self._order_tabs()
        self._connect_register()

    def _wire(self) -> None:
        self.new_button.clicked.connect(self.new_case)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_case)
        dialogs = {
            CaseAct.NOTICE: (NoticeDialog, "Notice recorded"),
            CaseAct.RESOLVED: (ResolvedDialog, "Recorded as removed or corrected"),
            CaseAct.CITY_WORK: (CityWorkDialog, "The City's work charged"),
            CaseAct.AUTHORIZE: (AuthorizeDialog, "Authorization recorded"),
            CaseAct.RESCIND: (RescindDialog, "Authorization rescinded"),
        }
        for act, (dialog, message) in dialogs.items():
            self.buttons[act].clicked.connect(lambda _c=False, d=dialog, m=message: self._act(d, m))
        self.buttons[CaseAct.CLOSE].clicked.connect(self.close_case)
        self.buttons[CaseAct.CLERK_LETTER].clicked.connect(self.clerk_letter)
        self.buttons[CaseAct.PRINT_LETTER].clicked.connect(self.print_letter)
        if refused := core_refusal(
            self, self.app, lambda a: case_acts.register_acts(a)[RegisterAct.NEW_CASE]
        ):
            self.new_button.setEnabled(False)
            self.new_button.setToolTip(refused)

    def _open_link(self, url: str) -> None:
        follow_cite(self, self.app, url)

    # ---- the register --------------------------------------------------------------------------

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return (self.kind_box, self.open_box)

    def search_query(self) -> Query:
        """What the register reads, with the search and the filters read here, on the
        window's thread: the returned function touches no widget."""
        text = self.search_field.text()
        kind = self.kind_box.currentData()
        open_only = self.open_box.isChecked()
        return lambda action: register_rows(action, text, kind=kind, open_only=open_only)

    def register_years(self, action: Action) -> list[int]:
        return []

    def offer_years(self, years: list[int]) -> None:
        """No year filter: the open cases matter, whatever their year."""

    def read_chosen(self, action: Action, row: CaseRow) -> CaseDetails:
        return details(action, row.id)

    def _show_details(self) -> None:
        row = self.selected()
        if row is None:
            self.current = None
            self.details_label.setText("<p>Choose a case.</p>")
            show_acts(self.buttons, None, "Choose a case first")
            return
        found = cast(CaseDetails | None, self.chosen_details(row))
        self.current = found
        if found is None:
            return
        self.details_label.setText(case_html(found))
        show_acts(self.buttons, found.acts, "Choose a case first")

    def _announce_change(self) -> None:
        self.register_changed.emit()

    def export_name(self, day: date) -> str:
        return f"enforcement-{day.isoformat()}.xlsx"

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """The cases the search and filters find, written in a process of its own."""
        station = Station.of(self.app.desk, self.app.operator)
        text, kind = self.search_field.text(), self.kind_box.currentData()
        open_only = self.open_box.isChecked()
        return lambda progress: child_process.run(
            jobs.register_workbook,
            station,
            path,
            text=text,
            kind=kind,
            open_only=open_only,
            progress=progress,
        )

    # ---- acts ----------------------------------------------------------------------------------

    def new_case(self) -> None:
        if not self.new_button.isEnabled():
            return
        case_id = NewCaseDialog.ask(self, self.app)
        if case_id is not None:
            self._after_save(case_id, "Case opened.")

    def close_case(self) -> None:
        row = self.selected()
        if row is None:
            return
        case_id = row.id
        if reason_dialog(
            self,
            self.app,
            title=f"Close case {row.number}",
            note=f"{row.number}: {row.kind_label} at {row.location}. It stays in the register, "
            "closed, with the reason.",
            save_text="Close case",
            placeholder="e.g. excepted under § 506-8; the complaint was unfounded",
            refused=lambda a: case_acts.acts(a, case_id)[CaseAct.CLOSE],
            work=lambda a, reason: en.close_case(a, case_id, reason=reason),
            name="close_case_dialog",
        ):
            self._after_save(case_id, f"Case closed: {row.number}.")

    def clerk_letter(self) -> None:
        """§ 506-23: record the Clerk's letter to the publisher, then print it."""
        row = self.selected()
        if row is None:
            return
        case_id = row.id
        if perform(self, self.app, lambda a: en.record_clerk_letter(a, case_id)) is None:
            return
        self._after_save(case_id, f"Clerk's letter recorded: {row.number}.")
        self.print_letter()

    def print_letter(self) -> None:
        row = self.selected()
        if row is None:
            return
        case_id = row.id

        def work(action: Action) -> tuple[letters.LetterView, CityProfile]:
            return letters.letter(action, case_id), city_profile(action.session)

        def draw(read: tuple[letters.LetterView, CityProfile]) -> tuple[letters.LetterView, bytes]:
            from reports.enforcement import letter_pdf  # imported on the worker, as it draws

            return read[0], letter_pdf(*read)

        drawn = draw_paper(self, self.app, work, draw)
        if drawn is None:
            return
        view, pdf = drawn
        printing.print_or_explain(self, pdf, title=f"{view.title} — {view.number}")
        self.status.emit(f"{view.title} printed, dated {format_day(view.dated)}.")


__all__ = ["EnforcementTab", "case_html"]
