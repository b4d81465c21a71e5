"""The forms of the Street Privileges tab (§ 506-9, with the width limits of § 506-8): the
application and its correction, the advice of the Chief of Police and the Building Inspector,
the terms the Director of Public Works sets (bond, insurance, conditions), City costs, issuance,
the checks of the conditions of occupancy, revocation, closing, and the Council's removal notice
and the City's removal.

Every rule is the core's (:mod:`clerk_desk.street_privileges.service`): widths are typed as lengths
("36 ft", "44 in", "4 1/2") and read by :func:`clerk_desk.lengths.parse_length`, and while the
clerk types the form shows what §§ 506-8 and 506-9 make of them (one-third of the street, one-half
of the sidewalk for building materials, the four-foot temporary walk and fence). A refusal by
the core is shown under the field it is about, and everything typed stays.

The rows shown in the tables are plain frozen values read inside one action, never live records.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import DueStatus, PrivilegePurpose
from clerk_desk.lengths import format_length, parse_length
from clerk_desk.money import Money
from clerk_desk.parties_views import ParcelRow
from clerk_desk.permissions import Permission
from clerk_desk.street_numbers import service as street_numbers
from clerk_desk.street_privileges import details as street_privileges_details
from clerk_desk.street_privileges import occupancy as street_privileges_occupancy
from clerk_desk.street_privileges import removal as street_privileges_removal
from clerk_desk.street_privileges import rules as street_privileges_rules
from clerk_desk.street_privileges import service as street_privileges
from clerk_desk.street_privileges.details import ConditionRow, DueRow, PrivilegeRow
from clerk_desk.street_privileges.review import ChecklistItem, ItemState
from clerk_desk.street_privileges.rules import (
    ADVISER_TITLES,
    BOND_CITE,
    BOND_LIMIT,
    CONDITIONS_CITE,
    FEE_CITE,
    REMOVAL_CITE,
    REMOVAL_NOTICE,
    REVOKING_TITLES,
    SIDEWALK_REMOVAL_CITE,
    TERMINATION_CITE,
    WHEN_REQUIRED_CITE,
)
from clerk_desk.street_privileges.service import PrivilegeData
from clerk_desk.words import clock_time, format_day, plural
from ui import forms
from ui.dialog_parts import (
    BAD,
    BLOCK_COLOUR,
    DONE_COLOUR,
    GOOD,
    NBSP,
    WARN_COLOUR,
    RowActDialog,
    cite_link,
    may_not,
    plain_text,
    state_badge,
)
from ui.dialog_parts import LATE as LATE
from ui.findings_view import FindingsView
from ui.kit.fields import ChooseDateEdit, left_aligned, local_moment, moment_edit, money_edit
from ui.kit.pickers import PartyPicker, party_row
from ui.kit.style import SECONDARY, panel_sheet, text_sheet
from ui.operations import App, perform
from ui.ordinance_viewer import cite_html
from ui.street_number_dialogs import give_room, parcel_rows
from ui.table_models import RIGHT, RowsModel, TableColumn

TAKE = Permission.TAKE_APPLICATIONS
DECIDE = Permission.APPROVE_WORK_PERMITS
BILL = Permission.BILL
NO_STREET = "— not in the street register —"
COVERAGES = (
    CoverageKind.BODILY_INJURY_PER_PERSON,
    CoverageKind.BODILY_INJURY_PER_OCCURRENCE,
    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE,
    CoverageKind.COMBINED_SINGLE_LIMIT,
)
"""The limits of a liability policy the officials may require (§ 506-9 (When required))."""

PURPOSES = (
    PrivilegePurpose.CONSTRUCTION,
    PrivilegePurpose.DEMOLITION,
    PrivilegePurpose.MOVE_BUILDING,
)
"""The purposes § 506-9 (When required) allows, the most usual first."""


# ---- plain rows ------------------------------------------------------------------------------


# ---- the review checklist --------------------------------------------------------------------


def item_html(item: ChecklistItem) -> str:
    parts = [f"{state_badge(item.state)}&nbsp; <b>{html.escape(item.title)}</b>"]
    if item.due is not None and not item.met:
        parts.append(f" — due by {html.escape(format_day(item.due))}")
    if item.cite:
        parts.append(f"&nbsp; <small>{cite_link(item.cite)}</small>")
    return "".join(parts)


class ReviewList(QWidget):
    """What § 506-9 asks before a permit is issued, item by item: met or not met, with the
    core's cited findings saying why — and, with ``buttons``, for the fee, the bond and the
    insurance not met yet, a button to the tab where they are taken or filed.

    Signals: ``pay_requested()`` (take the fee in the Receipts tab), ``file_requested()``
    (file the bond or the certificate in the Bonds & Insurance tab); citation links go to
    :meth:`App.open_link`.
    """

    pay_requested = Signal()
    file_requested = Signal()

    def __init__(self, app: App, parent: QWidget | None = None, *, buttons: bool = False) -> None:
        super().__init__(parent)
        self.app = app
        self.buttons = buttons
        self.pay_button: QPushButton | None = None
        self.file_buttons: dict[str, QPushButton] = {}
        self.setObjectName("review_list")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(6)
        self.summary = QLabel()
        self.summary.setObjectName("review_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self._layout.addWidget(self.summary)
        self._layout.addStretch(1)
        self._parts: list[QWidget] = []
        self.item_labels: dict[str, QLabel] = {}
        self.item_findings: dict[str, FindingsView] = {}
        self.set_items(None)

    def set_items(self, items: Sequence[ChecklistItem] | None, *, decided: str = "") -> None:
        """Show ``items``; None with ``decided`` saying why there is nothing to review."""
        for part in self._parts:
            self._layout.removeWidget(part)
            part.hide()
            part.deleteLater()
        self._parts = []
        self.item_labels, self.item_findings = {}, {}
        self.pay_button, self.file_buttons = None, {}
        if items is None:
            self.summary.setText(f"<i>{html.escape(decided or 'No permit selected.')}</i>")
            return
        blocking = [i for i in items if i.state is ItemState.NOT_MET]
        if blocking:
            self.summary.setText(
                f"<b style='color:{BAD}'>Not ready to issue:</b> "
                f"{plural(len(blocking), 'requirement')} of § 506-9 not met yet."
            )
        else:
            self.summary.setText(
                f"<b style='color:{GOOD}'>Ready to issue:</b> every requirement of § 506-9 is met."
            )
        at = 1
        for item in items:
            box = QWidget(self)
            box.setObjectName(f"review_{item.key}")
            lines = QVBoxLayout(box)
            lines.setContentsMargins(0, 2, 0, 0)
            lines.setSpacing(2)
            head = QLabel(item_html(item), box)
            head.setObjectName(f"item_{item.key}")
            head.setWordWrap(True)
            head.setTextFormat(Qt.TextFormat.RichText)
            head.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
            head.linkActivated.connect(self.app.open_link)
            lines.addWidget(head)
            self.item_labels[item.key] = head
            if item.findings:
                found = FindingsView(self.app, box)
                found.setObjectName(f"findings_{item.key}")
                found.set_findings(item.findings)
                found.setContentsMargins(18, 0, 0, 0)
                lines.addWidget(found)
                self.item_findings[item.key] = found
            button = self._button_for(item) if self.buttons and not item.met else None
            if button is not None:
                row = QHBoxLayout()
                row.setContentsMargins(18, 0, 0, 0)
                row.addWidget(button)
                row.addStretch(1)
                lines.addLayout(row)
            self._layout.insertWidget(at, box)
            self._parts.append(box)
            at += 1

    def _button_for(self, item: ChecklistItem) -> QPushButton | None:
        if item.key == "fee":
            why = may_not(self.app, Permission.TAKE_PAYMENT)
            button = QPushButton("Take payment in the &Receipts tab")
            button.setObjectName("take_payment_button")
            button.setToolTip(
                why or "Open the Receipts tab with the applicant as the payer and the fee due"
            )
            button.setEnabled(not why)
            button.clicked.connect(self.pay_requested)
            self.pay_button = button
            return button
        if item.key in ("bond", "insurance"):
            paper = "bond" if item.key == "bond" else "certificate"
            button = QPushButton(f"File the {paper} in Bonds && Insurance")
            button.setObjectName(f"file_{item.key}_button")
            button.setToolTip(
                f"Open the Bonds & Insurance tab to file the {paper} and check it "
                f"({BOND_CITE if item.key == 'bond' else WHEN_REQUIRED_CITE})"
            )
            button.clicked.connect(self.file_requested)
            self.file_buttons[item.key] = button
            return button
        return None

    def texts(self) -> dict[str, str]:
        """Each item's line and findings as shown (rich text), by key — for tests."""
        return {
            key: label.text()
            + ("".join(self.item_findings[key].texts()) if key in self.item_findings else "")
            for key, label in self.item_labels.items()
        }


# ---- small pieces ----------------------------------------------------------------------------


def _row(*widgets: QWidget | str, stretch: bool = True) -> QWidget:
    """Widgets (or captions) side by side in one form row."""
    box = QWidget()
    box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
    line = QHBoxLayout(box)
    line.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        line.addWidget(QLabel(widget) if isinstance(widget, str) else widget)
    if stretch:
        line.addStretch(1)
    return box


def _note(text: str, name: str) -> QLabel:
    """A muted rich-text line whose ``cite:`` links open the ordinance."""
    label = QLabel(text)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setStyleSheet(text_sheet(SECONDARY))
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    return label


def _preview_label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setStyleSheet(panel_sheet(padding=8))
    return label


def fit(dialog: QWidget, width: int) -> None:
    """Size a form ``width`` wide and as tall as its wrapped text needs at that width (its
    size hint, read before it is shown, is the height at its narrowest). Read before the form
    is shown, the wrapped text's height may come short: :func:`refit` grows it once shown."""
    layout = dialog.layout()
    assert layout is not None
    layout.activate()
    height = dialog.sizeHint().height()
    if layout.hasHeightForWidth():
        height = layout.totalHeightForWidth(width)
    dialog.resize(width, min(height, _room(dialog)))


def _room(widget: QWidget) -> int:
    """The most height a form may take: the screen's, less room for the window's frame."""
    screen = widget.screen()
    return screen.availableGeometry().height() - 40 if screen is not None else 10_000


def refit(dialog: QWidget) -> None:
    """Grow a shown form (never shrink it) until no wrapped line is drawn over the next: by what
    its wrapped labels lack at the width they were given, as far as the screen allows. (The
    layout's own height-for-width reads them at other widths: too short for some forms, too
    tall for others.) What still does not fit scrolls (the Issue form's review)."""
    layout = dialog.layout()
    if layout is None:
        return
    # A size set since (a minimum height, new lines) reaches the layouts that hold it only
    # through their pending layout requests: run them first, or the sizes read are stale.
    for _ in range(2):  # a nested layout's answer reaches its parent's by a request too
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    layout.invalidate()
    layout.activate()
    for _ in range(4):  # each pass rewraps at the widths the last one gave
        shown = [w for w in dialog.findChildren(QWidget) if w.isVisible() and w.width() > 0]
        wrapped = [w for w in shown if isinstance(w, QLabel) and w.wordWrap()]
        short = sum(max(0, w.heightForWidth(w.width()) - w.height()) for w in wrapped)
        # A box below its own minimum (the Issue form's review) is squeezed by the text the
        # layout read as one line: grow by the most any lacks.
        short += max(
            (w.minimumSizeHint().height() - w.height() for w in shown if w not in wrapped),
            default=0,
        )
        taller = min(dialog.height() + short, _room(dialog))
        if short <= 0 or taller <= dialog.height():
            return
        dialog.resize(dialog.width(), taller)
        layout.activate()


def privilege_banner(row: PrivilegeRow) -> QLabel:
    """The permit a form acts on, in one line at its top."""
    return forms.banner(
        f"{row.number} — {row.applicant}: {row.purpose.label.lower()}, {row.location}. "
        f"{row.status_text}.",
        tone="info",
    )


class LengthField(QWidget):
    """A width typed as a length ("36 ft", "44 in", "6 ft 2 in", "4 1/2"), with what it reads
    as beside it — or, in red, why it is not a length — as the clerk types.

    Signals: ``changed()`` after each keystroke.
    """

    changed = Signal()

    def __init__(self, *, name: str, label: str, placeholder: str = "") -> None:
        super().__init__()
        self.field = name
        self.label = label
        self.edit = QLineEdit()
        self.edit.setObjectName(name)
        self.edit.setPlaceholderText(placeholder or "e.g. 36 ft")
        self.edit.setMaximumWidth(self.edit.fontMetrics().horizontalAdvance("6 ft 10 1/2 in") + 24)
        self.edit.setToolTip(
            'Feet ("6" or "4 1/2 ft"), inches ("44 in"), or both ("6 ft 2 in"); blank if not known'
        )
        self.reading = QLabel()
        self.reading.setObjectName(f"{name}_reads")
        self.reading.setStyleSheet(text_sheet(SECONDARY))
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.edit)
        line.addWidget(self.reading, 1)
        self.edit.textChanged.connect(lambda _t: self._typed())

    def setFocus(self) -> None:  # type: ignore[override]
        self.edit.setFocus()

    def inches(self) -> int | None:
        """The length in whole inches, None when blank; :class:`InvalidInput` naming the field
        when it is not a length."""
        return parse_length(self.edit.text(), label=self.label, field=self.field)

    def quiet_inches(self) -> int | None:
        """The length while typing: None while blank or not (yet) a length."""
        try:
            return self.inches()
        except InvalidInput:
            return None

    def set_inches(self, inches: int | None) -> None:
        self.edit.setText(format_length(inches))

    def _typed(self) -> None:
        try:
            inches = self.inches()
        except InvalidInput:
            self.reading.setText(f"<span style='color:{BAD}'>not a length</span>")
            self.reading.setToolTip(
                'Write feet ("6" or "4 1/2 ft") or inches ("44 in"), or both ("6 ft 2 in"), '
                "to the whole inch"
            )
        else:
            shown = format_length(inches) if inches is not None else ""
            self.reading.setText(f"= {html.escape(shown)}" if shown else "")
            self.reading.setToolTip(f"{inches} inches" if inches is not None else "")
        self.changed.emit()


class ParcelChooser(QWidget):
    """The property abutting the way, found by typing its number, address or owner: its owner
    is charged if the City has to remove the obstruction (§ 506-9 (Removal by City)).

    Signals: ``parcel_changed(object)`` with the chosen :class:`ParcelRow` or None.
    """

    parcel_changed = Signal(object)

    def __init__(self, app: App, chosen: ParcelRow | None = None) -> None:
        super().__init__()
        self.app = app
        self.parcel: ParcelRow | None = chosen
        self.search_field = forms.SearchField("Parcel number, site address or owner")
        self.search_field.setObjectName("parcel_search")
        self.model = RowsModel(
            (
                TableColumn("Parcel", lambda r: r.parcel_number),
                TableColumn(
                    "Site address", lambda r: r.site_address, tooltip=lambda r: r.site_address
                ),
                TableColumn("Owner", lambda r: r.owner_name, tooltip=lambda r: r.owner_name),
            ),
            self,
        )
        self.table: QTableView = forms.make_table(self.model, name="parcel_table")
        self.table.horizontalHeader().setVisible(False)
        give_room(self.table, fixed=(0,))
        self.table.setFixedHeight(self.table.verticalHeader().defaultSectionSize() * 3 + 4)
        self.chosen = QLabel()
        self.chosen.setObjectName("parcel_chosen")
        self.chosen.setWordWrap(True)
        self.none_button = QPushButton("No parcel")
        self.none_button.setObjectName("no_parcel_button")
        self.none_button.setToolTip("The abutting property is not known or not in the register")
        below = QHBoxLayout()
        below.setContentsMargins(0, 0, 0, 0)
        below.addWidget(self.chosen, 1)
        below.addWidget(self.none_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search_field)
        layout.addWidget(self.table)
        layout.addLayout(below)
        self.search_field.search_requested.connect(self.search)
        self.search_field.move_down.connect(self._enter_list)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._take_current())
        self.none_button.clicked.connect(lambda: self.choose(None))
        self.search("")
        self._show_chosen()

    def search(self, text: str) -> None:
        rows = perform(self, self.app, lambda a: parcel_rows(a, text), writes=False) or []
        self.model.set_rows(rows)
        if self.parcel is not None:
            chosen = self.parcel
            forms.select_row(self.table, self.model.row_of(lambda r: r.id == chosen.id))

    def choose(self, parcel: ParcelRow | None) -> None:
        self.parcel = parcel
        if parcel is None:
            self.table.clearSelection()
        self._show_chosen()
        self.parcel_changed.emit(parcel)

    def _enter_list(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.model.rowCount():
            forms.select_row(self.table, max(0, self.table.currentIndex().row()))
            self._take_current()

    def _take_current(self) -> None:
        row = forms.selected_row(self.table)
        if isinstance(row, ParcelRow) and row != self.parcel:
            self.choose(row)

    def _show_chosen(self) -> None:
        if self.parcel is None:
            self.chosen.setText("Abutting parcel: <i>none chosen</i>")
            return
        where = f" · {html.escape(self.parcel.site_address)}" if self.parcel.site_address else ""
        owner = (
            f", owner {html.escape(self.parcel.owner_name)}"
            if self.parcel.owner_name
            else ", <b>no owner recorded</b>"
        )
        self.chosen.setText(
            f"Abutting parcel: <b>{html.escape(self.parcel.parcel_number)}</b>{where}{owner}"
        )


def parcel_of(app: App, parent: QWidget | None, parcel_id: int) -> ParcelRow | None:

    return perform(
        parent, app, lambda a: street_privileges_details.parcel(a, parcel_id), writes=False
    )


# ---- the application -------------------------------------------------------------------------


class PrivilegeDialog(forms.TwoColumnForm):
    """Take an application for a street privilege permit, or correct one not yet issued.

    The widths of the street and of the sidewalk, and what the obstruction takes of each, are
    typed as lengths; while the clerk types, the form shows what § 506-8 and § 506-9 make of
    them (one-third of the street; for building materials one-half of the sidewalk and the
    gutters clear; a sidewalk closed only with a temporary walk and fence four feet each).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow | None = None) -> None:
        title = f"Correct application {row.number}" if row else "New street privilege application"
        super().__init__(parent, title, save_text="Save correction" if row else "Take application")
        self.app = app
        self.row = row
        self.setObjectName("correct_dialog" if row else "privilege_dialog")
        today = app.desk.clock.today
        self.add_top(
            forms.banner(
                "A street privilege lets the applicant use a street, alley, sidewalk or other "
                "public way to move a building or structure, or to keep materials for its "
                "construction or demolition there. The Director of Public Works grants it, "
                "after the bond, the fee and any insurance asked for are on file "
                f"({WHEN_REQUIRED_CITE}).",
                tone="info",
            )
        )
        chosen = party_row(app, parent, row.applicant_id) if row else None
        self.applicant = PartyPicker(app, role="applicant", chosen=chosen, name="applicant")
        self.purpose = QComboBox()
        self.purpose.setObjectName("purpose")
        for purpose in PURPOSES:
            self.purpose.addItem(purpose.label, purpose.value)
        self.location = forms.limit_to(QLineEdit(), "StreetPrivilege.location")
        self.location.setObjectName("location")
        self.location.setPlaceholderText("e.g. in front of 118 Orange St N, east side")
        self.street = QComboBox()
        self.street.setObjectName("street")
        self.street.addItem(NO_STREET, None)
        found = perform(
            self,
            app,
            street_numbers.street_choices,
            writes=False,
        )
        for street_id, name in found or []:
            self.street.addItem(name, street_id)
        parcel = parcel_of(app, parent, row.parcel_id) if row and row.parcel_id else None
        self.parcel = ParcelChooser(app, parcel)
        self.description = plain_text(
            "description", 2, self, "What is kept in the way, e.g. dumpster and lumber for a roof"
        )
        self.route = plain_text("route", 2, self, "The way a building is moved, street by street")
        self.permit_required = QCheckBox("A &building permit is required")
        self.permit_required.setObjectName("building_permit_required")
        self.permit_number = forms.limit_to(QLineEdit(), "StreetPrivilege.building_permit_number")
        self.permit_number.setObjectName("building_permit_number")
        self.permit_number.setPlaceholderText("number")
        self.permit_number.setMaximumWidth(
            self.permit_number.fontMetrics().horizontalAdvance("n") * 18
        )
        self.planned_start = ChooseDateEdit(today, name="planned_start")
        self.planned_end = ChooseDateEdit(
            lambda: self.planned_start.value() or today(), name="planned_end"
        )
        self.notes = QLineEdit()
        self.notes.setObjectName("notes")

        self.street_width = LengthField(name="street_width_in", label="The street's width")
        self.street_used = LengthField(
            name="street_used_in", label="The street used", placeholder="e.g. 10 ft"
        )
        self.sidewalk_width = LengthField(
            name="sidewalk_width_in", label="The sidewalk's width", placeholder="e.g. 6"
        )
        self.sidewalk_used = LengthField(
            name="sidewalk_used_in", label="The sidewalk used", placeholder="e.g. 3 ft"
        )
        self.walk_width = LengthField(
            name="temporary_sidewalk_width_in",
            label="The temporary sidewalk's width",
            placeholder="e.g. 4 ft",
        )
        self.fence_height = LengthField(
            name="fence_height_in", label="The fence's height", placeholder="e.g. 4 ft"
        )
        self.gutter_clear = QCheckBox("Gutters kept &clear (the flow is not interfered with)")
        self.gutter_clear.setObjectName("gutter_clear")
        self.gutter_clear.setChecked(True)
        self.widths_view = FindingsView(
            app, empty_text="Type the widths: the limits of §§ 506-8 and 506-9 are checked here."
        )
        self.widths_view.setObjectName("width_findings")

        self.add_to(self.left, "&Applicant", self.applicant, "applicant_id")
        self.add_to(self.left, "&Purpose", left_aligned(self.purpose), "purpose")
        self.add_to(self.left, "&Location", self.location, "location")
        self.add_to(self.left, "S&treet", left_aligned(self.street), "street_id")
        self.add_to(self.left, "Abutting p&arcel", self.parcel, "parcel_id")
        self.add_to(
            self.left,
            "Planned &days",
            _row(self.planned_start, "to", self.planned_end),
            "planned_end",
        )
        self.add_to(self.right, "&What", self.description, "description")
        self.add_to(self.right, "&Route", self.route, "route")
        self.add_to(
            self.right,
            "Building permit",
            _row(self.permit_required, self.permit_number),
            "building_permit_number",
        )
        self.right.addRow(self._widths_box())
        self.add_to(self.right, "N&otes", self.notes, "notes")
        self.finish_layout()

        if row is not None:
            self._fill(row)
        self.purpose.currentIndexChanged.connect(lambda _i: self._purpose_changed())
        self.permit_required.toggled.connect(self.permit_number.setEnabled)
        self.permit_number.setEnabled(self.permit_required.isChecked())
        for length in self._lengths():
            length.changed.connect(self.show_widths)
        self.gutter_clear.toggled.connect(lambda _on: self.show_widths())
        self._purpose_changed()
        why = may_not(app, TAKE)
        if why:
            self.set_read_only(why)
        fit(self, 1240)
        if row is None:
            self.applicant.search_field.setFocus()
        else:
            self.location.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: PrivilegeRow | None = None) -> int | None:
        """Show the form; the id of the application saved, or None if cancelled."""
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def _widths_box(self) -> QGroupBox:
        box = QGroupBox("Widths, as measured")
        box.setObjectName("widths_box")
        box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        grid = QGridLayout(box)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        pairs = (
            ("Street, traveled &width", self.street_width, "used", self.street_used),
            ("Sidewalk wi&dth", self.sidewalk_width, "used", self.sidewalk_used),
            ("Temporary walk", self.walk_width, "fence", self.fence_height),
        )
        line = 0
        for caption, first, second_caption, second in pairs:
            label = QLabel(caption)
            label.setBuddy(first.edit)
            grid.addWidget(label, line, 0)
            grid.addWidget(first, line, 1)
            grid.addWidget(QLabel(second_caption), line, 2)
            grid.addWidget(second, line, 3)
            errors = QWidget()
            stack = QVBoxLayout(errors)
            stack.setContentsMargins(0, 0, 0, 0)
            stack.setSpacing(0)
            for length in (first, second):
                message = forms.error_label()
                stack.addWidget(message)
                self.errors.add(length.field, message, length.edit)
            grid.addWidget(errors, line + 1, 0, 1, 4)
            line += 2
        grid.addWidget(self.gutter_clear, line, 0, 1, 4)
        message = forms.error_label()
        grid.addWidget(message, line + 1, 0, 1, 4)
        self.errors.add("gutter_clear", message, self.gutter_clear)
        grid.addWidget(self.widths_view, line + 2, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        return box

    def _lengths(self) -> tuple[LengthField, ...]:
        return (
            self.street_width,
            self.street_used,
            self.sidewalk_width,
            self.sidewalk_used,
            self.walk_width,
            self.fence_height,
        )

    def _fill(self, row: PrivilegeRow) -> None:
        self.purpose.setCurrentIndex(max(0, self.purpose.findData(row.purpose.value)))
        self.location.setText(row.location)
        self.street.setCurrentIndex(max(0, self.street.findData(row.street_id)))
        self.description.setPlainText(row.description)
        self.route.setPlainText(row.route)
        self.permit_required.setChecked(row.building_permit_required)
        self.permit_number.setText(row.building_permit_number)
        self.planned_start.set_value(row.planned_start)
        self.planned_end.set_value(row.planned_end)
        self.street_width.set_inches(row.street_width_in)
        self.street_used.set_inches(row.street_used_in)
        self.sidewalk_width.set_inches(row.sidewalk_width_in)
        self.sidewalk_used.set_inches(row.sidewalk_used_in)
        self.walk_width.set_inches(row.temporary_sidewalk_width_in)
        self.fence_height.set_inches(row.fence_height_in)
        self.gutter_clear.setChecked(row.gutter_clear)
        self.notes.setText(row.notes)

    def chosen_purpose(self) -> PrivilegePurpose:
        return PrivilegePurpose(str(self.purpose.currentData()))

    def _purpose_changed(self) -> None:
        moving = self.chosen_purpose() is PrivilegePurpose.MOVE_BUILDING
        self.route.setEnabled(moving or bool(self.route.toPlainText().strip()))
        self.show_widths()

    def show_widths(self) -> None:
        """What §§ 506-8 and 506-9 say about the widths typed so far (a width not yet a
        length is left out until it is one)."""
        self.widths_view.set_findings(
            street_privileges_rules.width_findings(
                self.street_width.quiet_inches(),
                self.street_used.quiet_inches(),
                self.sidewalk_width.quiet_inches(),
                self.sidewalk_used.quiet_inches(),
                self.chosen_purpose(),
                self.walk_width.quiet_inches(),
                self.fence_height.quiet_inches(),
                self.gutter_clear.isChecked(),
            )
        )

    def data(self) -> PrivilegeData:
        if self.applicant.party is None:
            raise InvalidInput(
                "Choose the applicant from the register (or add them under People & Parcels).",
                field="applicant_id",
            )
        street_id = self.street.currentData()
        required = self.permit_required.isChecked()
        return PrivilegeData(
            applicant_id=self.applicant.party.id,
            purpose=self.chosen_purpose(),
            location=self.location.text(),
            street_id=street_id if isinstance(street_id, int) else None,
            parcel_id=self.parcel.parcel.id if self.parcel.parcel is not None else None,
            description=self.description.toPlainText(),
            route=self.route.toPlainText(),
            building_permit_required=required,
            building_permit_number=self.permit_number.text() if required else "",
            planned_start=self.planned_start.value(),
            planned_end=self.planned_end.value(),
            street_width_in=self.street_width.inches(),
            street_used_in=self.street_used.inches(),
            sidewalk_width_in=self.sidewalk_width.inches(),
            sidewalk_used_in=self.sidewalk_used.inches(),
            gutter_clear=self.gutter_clear.isChecked(),
            temporary_sidewalk_width_in=self.walk_width.inches(),
            fence_height_in=self.fence_height.inches(),
            notes=self.notes.text(),
        )

    def commit(self) -> object:
        row = self.row

        def work(action: Action) -> int:
            data = self.data()
            if row is None:
                return street_privileges.receive_application(action, data)
            return street_privileges.correct_application(action, row.id, data)

        return perform(self, self.app, work, errors=self.errors)


# ---- acts on a permit ------------------------------------------------------------------------


class _ActDialog(RowActDialog):
    """A form acting on one permit: its line at the top, read-only for who may not act."""

    row: PrivilegeRow

    def row_banner(self) -> QWidget:
        return privilege_banner(self.row)

    def size_to(self, width: int) -> None:
        fit(self, width)

    def showEvent(self, event: QShowEvent) -> None:
        """Once shown (polished, in its real font), grow to what the wrapped text needs at the
        form's width: read before it is shown, the height of wrapped text comes short."""
        super().showEvent(event)
        refit(self)

    def official_fields(self, *, titles: Sequence[str], editable: bool, what: str) -> None:
        """The official who acted, name and title, both blank and required: the counter records
        what an official did (by phone, in writing) and names who did it — never the operator
        by default (the audit trail names the operator who recorded it)."""
        self.by_name = forms.limit_to(QLineEdit(), "StreetPrivilege.revoked_by_name")
        self.by_name.setObjectName("by_name")
        self.by_name.setPlaceholderText(f"the official who {what}, e.g. Gary Krueger")
        self.by_title = QComboBox()
        self.by_title.setObjectName("by_title")
        self.by_title.setEditable(editable)
        self.by_title.addItems(list(titles))
        self.by_title.setPlaceholderText("choose the official's title")
        if editable:
            self.by_title.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            edit = self.by_title.lineEdit()
            assert edit is not None
            edit.setPlaceholderText("e.g. Director of Public Works")
        self.by_title.setCurrentIndex(-1)
        self.by_title.setMinimumContentsLength(26)
        self.add_field("&By (name)", self.by_name, "by_name")
        self.add_field("&Title", left_aligned(self.by_title), "by_title")

    def official(self) -> tuple[str, str]:
        return self.by_name.text(), self.by_title.currentText()

    def info(self, text: str, name: str = "note") -> QLabel:
        """A note on the rule above the fields, its citations as links."""
        label = _preview_label(name)
        label.setText(text)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        label.linkActivated.connect(self.app.open_link)
        self.add_top(label)
        return label


class AdviceDialog(_ActDialog):
    """The advisory recommendation of the Chief of Police or the Building Inspector, which the
    Director of Public Works may ask for before issuing the permit."""

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(parent, app, row, "Advice", save_text="Record", name="advice_dialog")
        self.info(
            "The Director of Public Works may ask the Chief of Police and the Building "
            "Inspector for advisory recommendations before issuing the permit "
            f"({cite_link(WHEN_REQUIRED_CITE)})."
        )
        self.who = QComboBox()
        self.who.setObjectName("who")
        for key, title in ADVISER_TITLES.items():
            self.who.addItem(title, key)
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.advice = plain_text(
            "advice", 4, self, "e.g. No objection; keep the north lane open during school hours"
        )
        self.add_field("&From", left_aligned(self.who), "who")
        self.add_field("&Given on", left_aligned(self.on), "on")
        self.add_field("&Advice", self.advice, "advice")
        self._shown = ""
        self.who.currentIndexChanged.connect(lambda _i: self._show_earlier())
        self.done_building(660)
        self._show_earlier()
        self.advice.setFocus()

    def _show_earlier(self) -> None:
        """A second advice from the same official replaces the first: start from the first
        (unless the clerk has typed something of their own)."""
        earlier = (
            self.row.police_advice
            if self.who.currentData() == "police"
            else self.row.inspector_advice
        )
        if self.advice.toPlainText() in ("", self._shown):
            self.advice.setPlainText(earlier)
            self._shown = earlier

    def commit(self) -> object:
        who, advice, on = self.who.currentData(), self.advice.toPlainText(), forms.to_date(self.on)
        privilege_id = self.row.id
        return self.act(
            lambda a: street_privileges.record_advice(
                a, privilege_id, who=who, advice=advice, on=on
            ),
            "advice",
            keep=("on", "who"),
        )


class TermsDialog(_ActDialog):
    """The terms the Director of Public Works sets before issuing: the amount of the bond (not
    more than $10,000), whether proof of liability insurance is a condition and in what amounts,
    and any other conditions, one a line."""

    permission = DECIDE

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(parent, app, row, "Terms", save_text="Set terms", name="terms_dialog")
        self.info(
            "No permit is issued until the applicant files with the City Treasurer a bond not "
            f"exceeding <b>{BOND_LIMIT}</b> ({cite_link(BOND_CITE)}). City officials may attach "
            f"conditions, including proof of liability insurance ({cite_link(WHEN_REQUIRED_CITE)})."
        )
        self.bond = money_edit("bond_amount", "e.g. 5,000.00")
        if row.bond_amount is not None:
            self.bond.setText(row.bond_amount.format(symbol=False))
        self.bond_note = QLabel(f"at most {BOND_LIMIT}")
        self.bond_note.setStyleSheet(text_sheet(SECONDARY))
        self.insurance = QCheckBox("Proof of liability &insurance is a condition of the permit")
        self.insurance.setObjectName("insurance_required")
        self.insurance.setChecked(row.insurance_required)
        self.minimums: dict[CoverageKind, QLineEdit] = {}
        limits = QWidget()
        grid = QGridLayout(limits)
        grid.setContentsMargins(18, 0, 0, 0)
        grid.setVerticalSpacing(2)
        have = row.minimums
        for line, kind in enumerate(COVERAGES):
            edit = money_edit(f"minimum_{kind.value}", "none")
            if kind in have:
                edit.setText(have[kind].format(symbol=False))
            self.minimums[kind] = edit
            caption = QLabel(kind.label.capitalize())
            caption.setBuddy(edit)
            grid.addWidget(caption, line, 0)
            grid.addWidget(edit, line, 1)
        grid.setColumnStretch(2, 1)
        self.limits = limits
        self.conditions = plain_text(
            "conditions",
            4,
            self,
            "Other conditions, one a line, e.g. Barricades with flashing lights at both ends",
        )
        self.conditions.setPlainText(row.conditions)
        self.add_field("&Bond amount", _row(self.bond, self.bond_note), "bond_amount")
        self.add_field("", self.insurance, "insurance_required")
        self.add_field("Minimum limits", limits, "insurance_minimums")
        self.add_field("Other &conditions", self.conditions, "conditions")
        self.insurance.toggled.connect(self.limits.setEnabled)
        self.limits.setEnabled(self.insurance.isChecked())
        self.done_building(700)
        self.bond.setFocus()

    def amounts(self) -> tuple[Money | None, dict[CoverageKind, Money]]:
        text = self.bond.text().strip()
        bond = Money.parse(text, field="bond_amount") if text else None
        minimums: dict[CoverageKind, Money] = {}
        if self.insurance.isChecked():
            for kind, edit in self.minimums.items():
                typed = edit.text().strip()
                if typed:
                    minimums[kind] = Money.parse(
                        typed, field="insurance_minimums", allow_zero=False
                    )
        return bond, minimums

    def commit(self) -> object:
        try:
            bond, minimums = self.amounts()
        except InvalidInput as error:
            self.errors.clear()
            self.errors.show(error)
            return None
        required, conditions, privilege_id = (
            self.insurance.isChecked(),
            self.conditions.toPlainText(),
            self.row.id,
        )
        return self.act(
            lambda a: street_privileges.set_terms(
                a,
                privilege_id,
                bond_amount=bond,
                insurance_required=required,
                insurance_minimums=minimums,
                conditions=conditions,
            ),
            "bond_amount",
            keep=("insurance_required", "insurance_minimums", "conditions"),
        )


class CityCostsDialog(_ActDialog):
    """Actual City costs, billed to the applicant on top of the fee."""

    permission = BILL

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(parent, app, row, "City costs", save_text="Bill", name="city_costs_dialog")
        self.info(
            "The fee is as prescribed in the City's fee schedule, plus any actual City costs "
            f"({cite_link(FEE_CITE)})."
        )
        self.amount = money_edit("amount", "e.g. 240.00")
        self.description = QLineEdit()
        self.description.setObjectName("description")
        self.description.setPlaceholderText("e.g. barricades and signs, 3 days; staff time")
        self.preview = _preview_label("costs_preview")
        self.add_field("&Amount", left_aligned(self.amount), "amount")
        self.add_field("&For", self.description, "description")
        self.form.addRow(self.preview)
        self.amount.textChanged.connect(lambda _t: self.show_preview())
        self.done_building(640)
        self.show_preview()
        self.amount.setFocus()

    def show_preview(self) -> None:
        text = self.amount.text().strip()
        try:
            amount = Money.parse(text, field="amount") if text else None
        except InvalidInput as error:
            self.preview.setText(f"<span style='color:{BAD}'>{html.escape(error.message)}</span>")
            return
        if amount is None:
            self.preview.setText(f"Billed to <b>{html.escape(self.row.applicant)}</b>.")
            return
        self.preview.setText(
            f"<b>{amount}</b> billed to <b>{html.escape(self.row.applicant)}</b> as actual City "
            f"costs for {html.escape(self.row.number)}; it is paid at the Receipts counter."
        )

    def commit(self) -> object:
        text = self.amount.text().strip()
        try:
            amount = Money.parse(text, field="amount", allow_zero=False)
        except InvalidInput as error:
            self.errors.clear()
            self.errors.show(error)
            return None
        description, privilege_id = self.description.text(), self.row.id
        return self.act(
            lambda a: street_privileges.bill_city_costs(
                a, privilege_id, amount=amount, description=description
            ),
            "description",
            keep=("amount",),
        )


class IssueDialog(_ActDialog):
    """Issue the permit as the Director of Public Works.

    Every requirement of § 506-9 is listed with what the core found; while one is not met the
    form says which and Issue stays off. The permit ends three months from today, or on an
    earlier day set on it at the discretion of the Common Council.
    """

    permission = DECIDE

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(
            parent, app, row, "Issue the permit", save_text="Issue permit", name="issue_dialog"
        )
        self.items: list[ChecklistItem] = []
        self.blocked: list[ChecklistItem] = []
        self.blocking = forms.banner("", tone="warning")
        self.blocking.setObjectName("blocking_banner")
        self.blocking.setVisible(False)
        self.review = ReviewList(app)
        self.review.setObjectName("issue_review")
        # The list scrolls rather than squeeze its lines when the screen is short; it is given
        # the height its lines need at its width once the form is shown (:meth:`size_review`).
        self.review_scroller = QScrollArea()
        self.review_scroller.setObjectName("review_scroller")
        self.review_scroller.setWidget(self.review)
        self.review.setAutoFillBackground(False)  # the group box's own background shows
        self.review_scroller.viewport().setAutoFillBackground(False)
        self.review_scroller.setWidgetResizable(True)
        self.review_scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        self.review_scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        box = QGroupBox("What § 506-9 asks before the permit is issued")
        box.setObjectName("review_box")
        inside = QVBoxLayout(box)
        inside.addWidget(self.review_scroller)
        self.form.addRow(box)
        self.today = app.desk.clock.today()
        self.earlier = ChooseDateEdit(lambda: self.today, name="earlier_end_on")
        self.earlier.setToolTip(
            "Only when the Common Council set an earlier termination date; leave it at choose… "
            "for the three months"
        )
        self.note = QLineEdit()
        self.note.setObjectName("note")
        self.note.setPlaceholderText("the Council's action, e.g. motion of Dec 14, 2026, item 9")
        self.term = QLabel()
        self.term.setObjectName("term")
        self.term.setWordWrap(True)
        self.term.setTextFormat(Qt.TextFormat.RichText)
        self.term.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.term.linkActivated.connect(app.open_link)
        self.add_field("Earlier &end", left_aligned(self.earlier), "earlier_end_on")
        self.add_field("Council &action", self.note, "note")
        self.form.addRow(self.term)
        message = forms.error_label()
        self.form.addRow(message)
        self.errors.add("decision", message, self.earlier)
        self.earlier.dateChanged.connect(lambda _d: self.show_review())
        self.done_building(800)
        self._layout.insertWidget(1, self.blocking)  # under the permit's line
        self._may_issue = self.save_button.isEnabled()  # False: read-only for this operator
        self.show_review()
        fit(self, 800)  # the review's items are in: size the form to them
        self.earlier.setFocus()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.size_review()

    def size_review(self) -> None:
        """Give the review the height its lines need at the width it has (at most about half
        the screen: beyond that it scrolls), and grow the form to hold it."""
        width = self.review_scroller.viewport().width()
        if not self.isVisible() or width <= 0:
            return
        needed = self.review.heightForWidth(width) if self.review.hasHeightForWidth() else 0
        needed = max(needed, self.review.minimumSizeHint().height())
        self.review_scroller.setMinimumHeight(min(needed, max(160, _room(self) // 2)))
        refit(self)

    def show_review(self) -> None:
        """The requirements as they stand if the permit is issued now (the bond and the
        insurance judged over its term, to the earlier end when one is set), and the last day
        of the permit, both as the core counts them."""
        earlier, privilege_id = self.earlier.value(), self.row.id
        try:
            last = street_privileges_rules.ends_on(self.today, earlier)
        except InvalidInput as error:
            self.term.setText(f"<span style='color:{BAD}'>{html.escape(error.message)}</span>")
            earlier = None
        else:
            who = html.escape(self.app.operator.full_name)
            how = (
                "the earlier day set at the Common Council's discretion"
                if earlier
                else "three months from today"
            )
            self.term.setText(
                f"Issued today, recorded by <b>{who}</b> (the permit prints a blank line for "
                "the Director of Public Works or designee to sign): it ends automatically at the "
                "end of "
                f"<b>{html.escape(format_day(last))}</b>, {how} "
                f"({cite_link(TERMINATION_CITE)})."
            )

        def work(action: Action) -> list[ChecklistItem]:
            return street_privileges_details.issue_checklist(
                action, privilege_id, earlier_end_on=earlier
            )

        self.items = perform(self, self.app, work, writes=False) or []
        self.blocked = [i for i in self.items if i.state is ItemState.NOT_MET]
        self.review.set_items(self.items)
        self.size_review()
        if self.blocked:
            names = "; ".join(i.title for i in self.blocked)
            self.blocking.setText(f"The permit cannot be issued yet. Not met: {names}.")
        self.blocking.setVisible(bool(self.blocked))
        if self._may_issue:
            self.save_button.setEnabled(not self.blocked)
            self.save_button.setToolTip(
                "Meet the requirements marked Not met first" if self.blocked else ""
            )

    def commit(self) -> object:
        earlier, note, privilege_id = self.earlier.value(), self.note.text(), self.row.id

        def work(action: Action) -> int:
            street_privileges.issue(action, privilege_id, earlier_end_on=earlier, note=note)
            return privilege_id

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "decision", keep=("earlier_end_on", "note")),
            errors=self.errors,
        )


class ReasonDialog(_ActDialog):
    """An act that needs only a reason: refuse the application, or record its withdrawal."""

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        row: PrivilegeRow,
        *,
        title: str,
        note: str,
        save_text: str,
        placeholder: str,
        permission: Permission,
        work: Callable[[Action, str], object],
        name: str,
    ) -> None:
        super().__init__(parent, app, row, title, save_text=save_text, name=name)
        self.permission = permission
        self.work = work
        self.add_top(forms.banner(note, tone="info"))
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText(placeholder)
        self.add_field("&Why", self.reason, "reason")
        self.done_building(680)
        self.reason.setFocus()

    def commit(self) -> object:
        reason = self.reason.text()
        return self.act(lambda a: self.work(a, reason), "reason")


def refuse(parent: QWidget | None, app: App, row: PrivilegeRow) -> bool:
    dialog = ReasonDialog(
        parent,
        app,
        row,
        title="Refuse the permit",
        note="The application stays in the register, marked refused, with the reason.",
        save_text="Refuse",
        placeholder="e.g. no building permit; the street is too narrow for a third to be used",
        permission=DECIDE,
        work=lambda a, why: street_privileges.refuse(a, row.id, reason=why),
        name="refuse_dialog",
    )
    return bool(forms.run_modal(dialog))


def withdraw(parent: QWidget | None, app: App, row: PrivilegeRow) -> bool:
    dialog = ReasonDialog(
        parent,
        app,
        row,
        title="Withdraw the application",
        note="The applicant withdraws the application: it stays in the register, marked withdrawn.",
        save_text="Withdraw",
        placeholder="who withdrew it and how, e.g. phone call from the contractor on 12/4",
        permission=TAKE,
        work=lambda a, why: street_privileges.withdraw(a, row.id, reason=why),
        name="withdraw_dialog",
    )
    return bool(forms.run_modal(dialog))


class CheckDialog(_ActDialog):
    """A check of one condition of occupancy on the site: kept or violated, when, and what was
    seen, by the official who checked it (the counter records it). A violation is ground to
    revoke the permit without notice."""

    permission = TAKE

    def __init__(
        self, parent: QWidget | None, app: App, row: PrivilegeRow, key: str | None = None
    ) -> None:
        super().__init__(
            parent, app, row, "Check a condition", save_text="Record check", name="check_dialog"
        )
        self.condition = QComboBox()
        self.condition.setObjectName("condition")
        for number, (ckey, text, cite) in enumerate(street_privileges_rules.CONDITIONS, start=1):
            title = street_privileges_rules.CONDITION_TITLES.get(ckey) or self._short(text)
            self.condition.addItem(f"{number}. {title}", ckey)
            self.condition.setItemData(number - 1, f"{text} ({cite})", Qt.ItemDataRole.ToolTipRole)
        if key is not None:
            self.condition.setCurrentIndex(max(0, self.condition.findData(key)))
        self.condition.setMaximumWidth(560)
        self.text = _note("", "condition_text")
        self.kept = QRadioButton("&Kept")
        self.kept.setObjectName("kept")
        self.violated = QRadioButton("&Violated")
        self.violated.setObjectName("violated")
        self.kept.setChecked(True)
        self.outcome = QButtonGroup(self)
        self.outcome.addButton(self.kept)
        self.outcome.addButton(self.violated)
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.note = QLineEdit()
        self.note.setObjectName("note")
        self.note.setPlaceholderText("what was seen, e.g. lights out on the north barricade")
        self.warning = _note(
            f"<b style='color:{BAD}'>A violation:</b> the Building Inspector, the Chief of Police "
            "or the Director of Public Works may revoke the permit without notice "
            f"({cite_link(CONDITIONS_CITE)}).",
            "violation_note",
        )
        self.warning.linkActivated.connect(app.open_link)
        self.add_field("&Condition", self.condition, "key")
        self.form.addRow("", self.text)
        self.add_field("Result", _row(self.kept, self.violated), "ok")
        self.add_field("Checked &on", left_aligned(self.on), "on")
        self.official_fields(
            titles=street_privileges_rules.OFFICIAL_TITLES, editable=True, what="checked it"
        )
        self.add_field("&Note", self.note, "note")
        self.form.addRow("", self.warning)
        self.condition.currentIndexChanged.connect(lambda _i: self._show_condition())
        self.violated.toggled.connect(self.warning.setVisible)
        self.warning.setVisible(False)
        self.done_building(720)
        self._show_condition()
        self.condition.setFocus()

    @staticmethod
    def _short(text: str, size: int = 70) -> str:
        return text if len(text) <= size else text[: size - 1].rstrip() + "…"

    def _show_condition(self) -> None:
        key = self.condition.currentData()
        for ckey, text, cite in street_privileges_rules.CONDITIONS:
            if ckey == key:
                self.text.setText(f"{html.escape(text)} <small>({cite_link(cite)})</small>")

    @classmethod
    def ask_for(
        cls, parent: QWidget | None, app: App, row: PrivilegeRow, key: str | None = None
    ) -> bool:
        return bool(forms.run_modal(cls(parent, app, row, key)))

    def commit(self) -> object:
        key, ok, on, note = (
            str(self.condition.currentData()),
            self.kept.isChecked(),
            forms.to_date(self.on),
            self.note.text(),
        )
        (name, title), privilege_id = self.official(), self.row.id
        return self.act(
            lambda a: street_privileges_occupancy.record_check(
                a, privilege_id, key, ok=ok, on=on, by_name=name, by_title=title, note=note
            ),
            "on",
            keep=("note", "key", "by_name", "by_title"),
        )


class RevokeDialog(_ActDialog):
    """Record the revocation of the permit, without notice, for a violation of its conditions,
    by the Building Inspector, the Chief of Police or the Director of Public Works: the counter
    records it (a revocation the Chief phones in), naming the official — the name and the title
    start blank, so that nobody records the operator by mistake."""

    permission = TAKE

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(
            parent, app, row, "Revoke the permit", save_text="Revoke", name="revoke_dialog"
        )
        self.info(
            "The permission is subject to revocation <b>without notice</b> by the Building "
            "Inspector, the Chief of Police or the Director of Public Works for violation of "
            f"its conditions ({cite_link(CONDITIONS_CITE)}).",
        )
        self.official_fields(titles=REVOKING_TITLES, editable=False, what="revoked it")
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.reason = plain_text(
            "reason", 3, self, "the condition violated, e.g. obstruction not lighted at night"
        )
        self.add_field("&On", left_aligned(self.on), "on")
        self.add_field("&Why", self.reason, "reason")
        self.done_building(700)
        self.by_name.setFocus()

    def commit(self) -> object:
        (name, title), on, reason = (
            self.official(),
            forms.to_date(self.on),
            self.reason.toPlainText(),
        )
        privilege_id = self.row.id
        return self.act(
            lambda a: street_privileges_occupancy.revoke(
                a, privilege_id, by_name=name, by_title=title, reason=reason, on=on
            ),
            "reason",
            keep=("by_name", "by_title", "on"),
        )


class CloseDialog(_ActDialog):
    """The work is over: the way is vacated, cleaned and safe, as the official named found it,
    and the permit is closed (the counter records it)."""

    permission = TAKE

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(
            parent, app, row, "Close the permit", save_text="Close", name="close_dialog"
        )
        self.info(
            "Upon termination of the work, every part of the streets, alleys, sidewalks or "
            "public grounds occupied is vacated, cleaned of all rubbish and obstructions and "
            "placed in a safe condition for public travel, at the permittee's expense "
            f"({cite_link(CONDITIONS_CITE)})."
        )
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.add_field("Vacated and cleaned &on", left_aligned(self.on), "on")
        self.official_fields(
            titles=street_privileges_rules.OFFICIAL_TITLES, editable=True, what="found it vacated"
        )
        message = forms.error_label()
        self.form.addRow(message)
        self.errors.add("decision", message, self.on)
        self.done_building(660)
        self.on.setFocus()

    def commit(self) -> object:
        on, (name, title), privilege_id = forms.to_date(self.on), self.official(), self.row.id
        return self.act(
            lambda a: street_privileges_occupancy.close(
                a, privilege_id, on=on, by_name=name, by_title=title
            ),
            "on",
            keep=("by_name", "by_title"),
        )


class RemovalNoticeDialog(_ActDialog):
    """The Common Council's notice to the owner or occupant of the premises adjoining the
    sidewalk to remove the obstruction within 24 hours."""

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "Removal notice",
            save_text="Record notice",
            name="removal_notice_dialog",
        )
        clock = app.desk.clock
        now = clock.local_now()
        self.zone = now.tzinfo
        self.info(
            "If the owner or occupant of the premises adjoining a <b>lawfully obstructed "
            "sidewalk</b> does not remove the obstruction within 24 hours after notice from the "
            "Common Council, the City removes it and the cost goes on the next annual tax roll "
            f"as a special charge against the abutting property ({cite_link(REMOVAL_CITE)}). "
            "An obstruction left once the permit is revoked or ended is no longer lawful: "
            f"{cite_html(SIDEWALK_REMOVAL_CITE, f'§{NBSP}506-8')} applies to it instead."
        )
        self.at = moment_edit(
            row.removal_notice_at or now.replace(second=0, microsecond=0), name="at"
        )
        self.to = QLineEdit(row.removal_notice_to or self._suggested(row))
        self.to.setObjectName("to")
        self.to.setPlaceholderText("to whom, e.g. Anna Berg, owner, 118 Orange St N")
        self.after = QLabel()
        self.after.setObjectName("removal_from")
        self.after.setWordWrap(True)
        self.after.setTextFormat(Qt.TextFormat.RichText)
        self.after.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.after.linkActivated.connect(app.open_link)
        self.add_field("&Notice given", left_aligned(self.at), "at")
        self.add_field("&To", self.to, "to")
        self.form.addRow(self.after)
        self.at.dateTimeChanged.connect(lambda _d: self.show_after())
        self.done_building(700)
        self.show_after()
        self.to.setFocus()

    @staticmethod
    def _suggested(row: PrivilegeRow) -> str:
        return f"{row.parcel_owner}, owner" if row.parcel_owner else ""

    def moment(self) -> datetime:
        assert self.zone is not None
        return local_moment(self.at, self.zone)

    def show_after(self) -> None:
        """When the City may remove it — or, for a notice on a day the permit was revoked or
        had ended, the core's reason that § 506-9 no longer reaches it."""
        moment = self.moment()
        row = self.row
        refused = street_privileges_removal.removal_refusal(
            number=row.number,
            sidewalk_used_in=row.sidewalk_used_in,
            revoked_on=row.revoked_on,
            ends_on=row.ends_on,
            day=moment.date(),
        )
        if refused is not None:
            self.after.setText(
                f"<span style='color:{BAD}'>{html.escape(refused.message)}</span> "
                f"({cite_link(refused.cite or SIDEWALK_REMOVAL_CITE)})"
            )
            return
        removal = moment + REMOVAL_NOTICE
        self.after.setText(
            "If it is not removed, the City may remove it from "
            f"{format_day(removal.date())}, {clock_time(removal)}."
        )

    def commit(self) -> object:
        at, to, privilege_id = self.moment(), self.to.text(), self.row.id
        return self.act(
            lambda a: street_privileges_removal.record_removal_notice(
                a, privilege_id, at=at, to=to
            ),
            "at",
            keep=("to",),
        )


class CityRemovalDialog(_ActDialog):
    """The City removed the obstruction after the notice ran: its cost is entered on the next
    annual tax roll as a special charge against the abutting property."""

    permission = BILL

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(
            parent, app, row, "Removed by the City", save_text="Charge", name="city_removal_dialog"
        )
        self.info(
            "The City removes the obstruction when the notice's 24 hours have run, and returns "
            "its costs to the City Treasurer, who enters them on the next annual tax roll as a "
            "special charge against the property abutting the sidewalk "
            f"({cite_link(REMOVAL_CITE)})."
        )
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.cost = money_edit("cost", "e.g. 385.00")
        self.description = QLineEdit()
        self.description.setObjectName("description")
        self.description.setPlaceholderText("e.g. Public Works crew and truck, 3 hours")
        chosen = parcel_of(app, parent, row.parcel_id) if row.parcel_id else None
        self.parcel = ParcelChooser(app, chosen)
        self.parcel.setToolTip(
            "The property abutting the obstructed sidewalk: its owner is charged. Choosing "
            "another records it on the permit."
        )
        self.preview = _preview_label("removal_preview")
        self.add_field("Removed &on", left_aligned(self.on), "on")
        self.add_field("&Cost", left_aligned(self.cost), "cost")
        self.add_field("&What was done", self.description, "description")
        self.add_field("Abutting &parcel", self.parcel, "parcel")
        self.form.addRow(self.preview)
        self.cost.textChanged.connect(lambda _t: self.show_preview())
        self.parcel.parcel_changed.connect(lambda _p: self.show_preview())
        self.done_building(760)
        self.show_preview()
        self.cost.setFocus()

    def show_preview(self) -> None:
        text = self.cost.text().strip()
        try:
            cost = Money.parse(text, field="cost") if text else None
        except InvalidInput as error:
            self.preview.setText(f"<span style='color:{BAD}'>{html.escape(error.message)}</span>")
            return
        parcel = self.parcel.parcel
        if parcel is None:
            self.preview.setText(
                f"<span style='color:{BAD}'>Choose the parcel the obstructed sidewalk abuts: "
                "the charge goes against it.</span>"
            )
            return
        if not parcel.owner_name:
            self.preview.setText(
                f"<span style='color:{BAD}'>Parcel {html.escape(parcel.parcel_number)} has no "
                "owner recorded: record its owner under People &amp; Parcels first.</span>"
            )
            return
        amount = f"<b>{cost}</b>" if cost is not None else "The cost"
        where = f", {html.escape(parcel.site_address)}" if parcel.site_address else ""
        self.preview.setText(
            f"{amount} charged to <b>{html.escape(parcel.owner_name)}</b>, owner of parcel "
            f"{html.escape(parcel.parcel_number)}{where}: a special charge for the City "
            "Treasurer to enter on the next annual tax roll."
        )

    def commit(self) -> object:
        try:
            cost = Money.parse(self.cost.text(), field="cost", allow_zero=False)
        except InvalidInput as error:
            self.errors.clear()
            self.errors.show(error)
            return None
        on, description, privilege_id = forms.to_date(self.on), self.description.text(), self.row.id
        chosen = self.parcel.parcel
        parcel_id = chosen.id if chosen is not None else None
        moved = parcel_id != self.row.parcel_id

        def work(action: Action) -> object:
            if moved:
                street_privileges.record_parcel(action, privilege_id, parcel_id)
            return street_privileges_removal.record_city_removal(
                action, privilege_id, on=on, cost=cost, description=description
            )

        return self.act(work, "on", keep=("cost", "description", "parcel"))


# ---- tables of the tab -----------------------------------------------------------------------


def condition_columns() -> tuple[TableColumn, ...]:
    def colour(row: ConditionRow) -> str | None:
        if row.check is None:
            return None
        return DONE_COLOUR if row.check.ok else BLOCK_COLOUR

    return (
        TableColumn(
            "Condition of occupancy",
            lambda r: r.title,
            tooltip=lambda r: f"{r.text} ({r.cite})",
        ),
        TableColumn("Last check", lambda r: r.result, colour=colour),
        TableColumn("When, by whom", lambda r: r.when, tooltip=lambda r: r.recorded or None),
        TableColumn(
            "Note",
            lambda r: r.check.note if r.check else "",
            tooltip=lambda r: (r.check.note or None) if r.check else None,
        ),
    )


def due_columns() -> tuple[TableColumn, ...]:
    def colour(due: DueRow) -> str | None:
        if due.status is DueStatus.PAID:
            return DONE_COLOUR
        return WARN_COLOUR if due.status is DueStatus.OPEN else None

    return (
        TableColumn("What", lambda r: r.kind.label, tooltip=lambda r: r.description or None),
        TableColumn("Billed to", lambda r: r.party),
        TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
        TableColumn("Balance", lambda r: r.balance.format(), align=RIGHT),
        TableColumn(
            "Status",
            lambda r: r.status.value.capitalize(),
            colour=colour,
            tooltip=lambda r: r.cite or None,
        ),
        TableColumn("For", lambda r: r.description, tooltip=lambda r: r.description or None),
    )


def minimums_text(minimums: Mapping[CoverageKind, Money]) -> str:
    return "; ".join(f"{kind.label} {amount}" for kind, amount in minimums.items())
