"""The Sidewalks tab's page of the Sidewalk Master Plan: its segments, who pays at a street
number as the plan reads today, and the acts on a segment."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.kinds import SidewalkWork
from clerk_desk.sidewalks import acts as sidewalk_acts
from clerk_desk.sidewalks import details as details_views
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.acts import RegisterAct, SegmentAct
from clerk_desk.sidewalks.details import (
    DecisionRow,
    SegmentRow,
    segment_rows,
    street_choices,
)
from clerk_desk.words import plural
from ui.kit import forms as forms
from ui.kit.dialog_parts import refit
from ui.kit.operations import App, perform, read_in_background
from ui.kit.register_page import (
    MUTED,
    act_button,
    show_acts,
)
from ui.kit.style import SECONDARY, panel_sheet
from ui.kit.table_models import RowsModel, TableColumn
from ui.sidewalks.parts import (
    SIDE_LABELS,
    cite_link,
    digits_edit,
    fit_columns,
)
from ui.sidewalks.plan_dialogs import SegmentDialog, retire_segment


def segment_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Street", lambda r: r.street),
        TableColumn("Side", lambda r: SIDE_LABELS.get(r.side, r.side)),
        TableColumn("Numbers", lambda r: r.numbers),
        TableColumn("Shows", lambda r: sidewalks.facility_label(r.facility)),
        TableColumn("Status", lambda r: "Current" if r.active else "Retired"),
        TableColumn(
            "Plan reference", lambda r: r.plan_reference, tooltip=lambda r: r.plan_reference or None
        ),
        TableColumn(
            "Description", lambda r: r.description, tooltip=lambda r: r.description or None
        ),
    )


PlanRead = tuple[
    list[SegmentRow],
    list[tuple[int, str]],
    str | None,
    tuple[int, dict[SegmentAct, str | None]] | None,
]
"""One read of the plan: its segments, the streets, why the operator may not add a segment
(None: they may), and the chosen segment's id with its acts (None when none is chosen)."""


def matching(rows: list[SegmentRow], words: list[str]) -> list[SegmentRow]:
    """The segments holding every word typed (the plan is short: filtered here, not in SQL)."""
    return [
        r
        for r in rows
        if all(
            w in f"{r.street} {r.description} {r.plan_reference} {r.numbers}".lower() for w in words
        )
    ]


class PlanPage(QWidget):
    """The segments of the current Sidewalk Master Plan, and an address looked up against it.

    Signals: ``status(str)``; ``changed()`` after the plan changed (who pays for the permits not
    yet issued follows it).
    """

    status = Signal(str)
    changed = Signal()

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("plan_page")
        self.loaded = False
        self.reading = False
        """The first read runs on a worker thread."""
        self._reads = 0  # reads shown so far: a worker's read overtaken by a newer one is dropped
        self._chosen_acts: tuple[int, dict[SegmentAct, str | None]] | None = None
        self._all: list[SegmentRow] = []
        self._build()
        self._connect()

    def showEvent(self, event: QShowEvent) -> None:
        """Read the plan the first time it is shown, on a worker thread: the page opens at once
        and its rows, the streets to look up and the acts follow."""
        super().showEvent(event)
        if not self.loaded and not self.reading:
            self.reading = True
            reads = self._reads
            read_in_background(
                self,
                self.app,
                self._reading(),
                lambda found: self._read(found, reads),
                on_failed=self._read_failed,
            )

    def _read(self, found: PlanRead, reads: int) -> None:
        self.reading = False
        if reads == self._reads:  # else a read since (a save, show_record) showed newer rows
            self._show_read(found)

    def _read_failed(self) -> None:
        self.reading = False

    def _build(self) -> None:
        note = self._build_note()
        self.search_field = forms.SearchField("Search street, description or plan reference")
        self.search_field.setObjectName("plan_search")
        self.retired_box = QCheckBox("Show retire&d segments")
        self.retired_box.setObjectName("show_retired")
        top = QHBoxLayout()
        top.addWidget(self.search_field, 1)
        top.addWidget(self.retired_box)

        self.model = RowsModel(segment_columns(), self)
        self.model.set_dimmed(lambda r: not r.active)
        self.table = forms.make_table(self.model, name="segments_table")
        fit_columns(
            self.table,
            {
                1: tuple(SIDE_LABELS.values()),
                2: ("whole length", "from 9999", "up to 9999", "9999-9999"),
                3: tuple(sidewalks.facility_label(f) for f in sidewalks.FACILITIES),
                4: ("Current", "Retired"),
            },
            (0, 5, 6),
        )

        buttons = self._build_buttons()
        lookup = self._build_lookup()

        self.detail = forms.rich_label("segment_details", self.app.open_link)
        right = QWidget()
        right_lines = QVBoxLayout(right)
        right_lines.setContentsMargins(8, 0, 0, 0)
        right_lines.addWidget(lookup)
        right_lines.addWidget(self.detail)
        right_lines.addStretch(1)

        body = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_lines = QVBoxLayout(left)
        left_lines.setContentsMargins(0, 0, 0, 0)
        left_lines.addWidget(self.table, 1)
        left_lines.addLayout(buttons)
        body.addWidget(left)
        body.addWidget(right)
        body.setStretchFactor(0, 3)
        body.setStretchFactor(1, 1)
        body.setSizes([950, 380])
        body.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(note)
        layout.addLayout(top)
        layout.addWidget(body, 1)

    def _build_note(self) -> QLabel:
        """Who pays, by the plan (the section cited), shown above the register."""
        note = QLabel(
            "A sidewalk or bicycle lane shown on the current Sidewalk Master Plan is constructed "
            "or reconstructed at the City's cost; one not shown, at the adjacent owner's "
            f"({cite_link(sidewalks.COST_CITE)}). A permit not yet issued follows the plan as it "
            "stands; an issued permit keeps the payer fixed when it was issued."
        )
        note.setObjectName("plan_note")
        note.setWordWrap(True)
        note.setTextFormat(Qt.TextFormat.RichText)
        note.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        note.linkActivated.connect(self.app.open_link)
        note.setStyleSheet(panel_sheet("info"))
        return note

    def _build_buttons(self) -> QHBoxLayout:
        """Add, change and retire a segment, enabled by the core's acts, and the count."""
        self.add_button = act_button(
            "&Add segment…", "add_segment_button", "Add a segment to the plan"
        )
        self.edit_button = act_button("&Edit…", "edit_segment_button", "Change the chosen segment")
        self.retire_button = act_button(
            "Ret&ire…", "retire_segment_button", "Take the chosen segment off the current plan"
        )
        self.act_buttons: dict[SegmentAct, QPushButton] = {
            SegmentAct.CHANGE: self.edit_button,
            SegmentAct.RETIRE: self.retire_button,
        }
        self.count_label = QLabel()
        self.count_label.setObjectName("segment_count")
        self.count_label.setStyleSheet(MUTED)
        buttons = QHBoxLayout()
        for made in (self.add_button, self.edit_button, self.retire_button):
            buttons.addWidget(made)
        buttons.addStretch(1)
        buttons.addWidget(self.count_label)
        # Add is enabled by the core's acts, read with the plan (_show_read); until then the
        # form refuses an operator who may not.
        return buttons

    def _build_lookup(self) -> QGroupBox:
        """An address looked up against the plan, as the permit form would read it."""
        lookup = QGroupBox("Look up an address")
        lookup.setObjectName("plan_lookup")
        self.lookup_street = QComboBox()  # the streets are read with the plan (_offer_streets)
        self.lookup_street.setObjectName("lookup_street")
        self.lookup_number = digits_edit("lookup_number", "e.g. 118", chars=7)
        self.lookup_bike = QCheckBox("Bicycle lane")
        self.lookup_bike.setObjectName("lookup_bike_lane")
        self.lookup_result = forms.rich_label("lookup_result", self.app.open_link)
        self.lookup_result.setText(
            "<i>Choose a street and type a number: the plan says whether it shows the sidewalk "
            "there, and who would pay to construct or reconstruct it.</i>"
        )
        fields = QGridLayout()
        street_label = QLabel("S&treet")
        street_label.setBuddy(self.lookup_street)
        number_label = QLabel("N&umber")
        number_label.setBuddy(self.lookup_number)
        fields.addWidget(street_label, 0, 0)
        fields.addWidget(self.lookup_street, 0, 1)
        fields.addWidget(number_label, 1, 0)
        number_row = QHBoxLayout()
        number_row.addWidget(self.lookup_number)
        number_row.addWidget(self.lookup_bike)
        number_row.addStretch(1)
        fields.addLayout(number_row, 1, 1)
        fields.setColumnStretch(1, 1)
        lookup_lines = QVBoxLayout(lookup)
        lookup_lines.addLayout(fields)
        lookup_lines.addWidget(self.lookup_result)
        return lookup

    def _connect(self) -> None:
        self.search_field.search_requested.connect(lambda _text: self._show_rows())
        self.search_field.move_down.connect(self._enter_table)
        self.retired_box.toggled.connect(lambda _on: self.refresh())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update())
        self.table.doubleClicked.connect(lambda _i: self.edit_selected())
        self.add_button.clicked.connect(self.add_segment)
        self.edit_button.clicked.connect(self.edit_selected)
        self.retire_button.clicked.connect(self.retire_selected)
        self.lookup_street.currentIndexChanged.connect(lambda _i: self.look_up())
        self.lookup_number.textChanged.connect(lambda _t: self.look_up())
        self.lookup_bike.toggled.connect(lambda _on: self.look_up())

    def selected(self) -> SegmentRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, SegmentRow) else None

    def refresh(self) -> None:
        """Read the plan again at once (after a save, a filter, F5)."""
        found = perform(self, self.app, self._reading(), writes=False)
        if found is not None:
            self._show_read(found)

    def _reading(self) -> Callable[[Action], PlanRead]:
        """The read of the plan as the page is now: the segments, the streets to look up, the
        operator's refusal to add a segment, and the acts on the segment it will choose. Runs on
        either thread: it reads the database only, no widget."""
        retired = self.retired_box.isChecked()
        words = self._words()
        selected = self.selected()
        keep = selected.id if selected is not None else None

        def read(action: Action) -> PlanRead:
            rows = segment_rows(action, include_retired=retired)
            shown = matching(rows, words)
            chosen = next((r for r in shown if r.id == keep), shown[0] if shown else None)
            acts = None
            if chosen is not None:
                acts = (chosen.id, details_views.segment_acts(action, chosen.id))
            refused = sidewalk_acts.register_acts(action)[RegisterAct.NEW_SEGMENT]
            return rows, street_choices(action), refused, acts

        return read

    def _show_read(self, found: PlanRead) -> None:
        self._reads += 1
        self.loaded = True
        rows, streets, refused, self._chosen_acts = found
        self.add_button.setEnabled(not refused)
        self.add_button.setToolTip(refused or str(self.add_button.property("tip") or ""))
        self._offer_streets(streets)
        self._all = rows
        self._show_rows()
        self._chosen_acts = None  # read for the segment chosen now; a later choice reads afresh
        self.look_up()

    def _offer_streets(self, streets: list[tuple[int, str]]) -> None:
        """The street register as it is now (streets are added in the Street Numbers tab)."""
        box = self.lookup_street
        offered = [(box.itemData(i), box.itemText(i)) for i in range(box.count())]
        if offered == streets:
            return
        current = box.currentData()
        with forms.quietly(box):
            box.clear()
            for street_id, name in streets:
                box.addItem(name, street_id)
            box.setCurrentIndex(max(0, box.findData(current)))

    def _show_rows(self, select_id: int | None = None) -> None:
        """The segments holding every word typed, ``select_id`` (else the one chosen) chosen."""
        selected = self.selected()
        wanted = select_id if select_id is not None else (selected.id if selected else None)
        self.model.set_rows(matching(self._all, self._words()))
        current = sum(1 for r in self._all if r.active)
        self.count_label.setText(
            f"{plural(current, 'segment')} on the current plan" if current else "No segments yet"
        )
        number = self.model.row_of(lambda r: r.id == wanted) if wanted is not None else -1
        forms.select_row(self.table, max(number, 0))
        self._update()

    def _words(self) -> list[str]:
        return self.search_field.text().lower().split()

    def _enter_table(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.selected() is None:
            forms.select_row(self.table, 0)

    def _update(self) -> None:
        row = self.selected()
        segment_id = row.id if row is not None else None
        said = None
        if self._chosen_acts is not None and self._chosen_acts[0] == segment_id:
            said = self._chosen_acts[1]  # read with the rows, on the worker
        elif segment_id is not None:
            said = perform(
                self, self.app, lambda a: details_views.segment_acts(a, segment_id), writes=False
            )
        show_acts(self.act_buttons, said, "Choose a segment")
        if row is None:
            self.detail.setText("")
            return
        e = html.escape
        self.detail.setText(
            f"<p><b>{e(row.label)}</b>"
            + (f"<br>{e(row.description)}" if row.description else "")
            + (
                f"<br><span style='color:{SECONDARY}'>{e(row.plan_reference)}</span>"
                if row.plan_reference
                else ""
            )
            + ("" if row.active else "<br><i>Retired: no longer on the current plan.</i>")
            + "</p>"
        )

    def look_up(self) -> None:
        """Whether the plan shows the sidewalk at the address typed, and who would pay to
        construct or reconstruct it (the core's decision, as the permit form reads it)."""
        street_id, text = self.lookup_street.currentData(), self.lookup_number.text().strip()
        if not isinstance(street_id, int) or not text.isdigit():
            return
        number, bike_lane = int(text), self.lookup_bike.isChecked()

        def work(action: Action) -> DecisionRow:
            return details_views.cost_preview(
                action,
                work=SidewalkWork.RECONSTRUCT,
                street_id=street_id,
                number=number,
                bike_lane=bike_lane,
                new_subdivision=False,
            )

        decision = perform(self, self.app, work, writes=False)
        if decision is None:
            return
        street = self.lookup_street.currentText()
        e = html.escape
        shown = (
            f"<b>Shown on the plan</b>: {e(decision.segment)}"
            if decision.segment
            else "<b>Not shown on the current plan.</b>"
        )
        self.lookup_result.setText(
            f"{e(str(number))} {e(street)}: {shown}<br>Constructed or reconstructed: "
            f"<b>{e(decision.summary)}</b> ({cite_link(decision.cite)})."
        )
        refit(self.lookup_result)

    def add_segment(self) -> None:
        segment_id = SegmentDialog.ask(self, self.app)
        if segment_id is not None:
            self._saved(segment_id, "Segment added to the Sidewalk Master Plan.")

    def edit_selected(self) -> None:
        row = self.selected()
        if row is None or not self.edit_button.isEnabled():
            return
        if SegmentDialog.ask(self, self.app, row) is not None:
            self._saved(row.id, f"Segment {row.label} changed.")

    def retire_selected(self) -> None:
        row = self.selected()
        if (
            row is not None
            and self.retire_button.isEnabled()
            and retire_segment(self, self.app, row)
        ):
            self._saved(row.id, f"Segment {row.label} retired from the plan.")

    def _saved(self, segment_id: int, message: str) -> None:
        self.refresh()
        self._show_rows(segment_id)
        self.changed.emit()
        self.status.emit(message + " Permits not yet issued follow the plan.")
