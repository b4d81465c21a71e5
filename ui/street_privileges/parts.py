"""The pieces the Street Privileges window's forms share (§ 506-9): the review checklist, the
length field, the parcel chooser, the banner and base of an act's dialog, the tab's table
columns."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
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
from clerk_desk.street_privileges import acts as sp_acts
from clerk_desk.street_privileges import details as street_privileges_details
from clerk_desk.street_privileges.acts import PrivilegeAct, RegisterAct
from clerk_desk.street_privileges.details import ConditionRow, DueRow, PrivilegeRow
from clerk_desk.street_privileges.review import ChecklistItem, ItemState
from clerk_desk.street_privileges.rules import (
    BOND_CITE,
    WHEN_REQUIRED_CITE,
)
from clerk_desk.words import format_day, plural
from ui.kit import forms as forms
from ui.kit.dialog_parts import RowActDialog, cite_link, state_badge
from ui.kit.fields import left_aligned
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, core_refusal, perform
from ui.kit.pickers import ParcelPicker
from ui.kit.style import (
    BAD,
    BAD_BACKGROUND,
    GOOD,
    GOOD_BACKGROUND,
    LATE_BACKGROUND,
    SECONDARY,
    panel_sheet,
    text_sheet,
)
from ui.kit.table_models import RIGHT, TableColumn

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
            why = core_refusal(
                self, self.app, lambda a: sp_acts.register_acts(a)[RegisterAct.TAKE_PAYMENT]
            )
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


def form_row(*widgets: QWidget | str, stretch: bool = True) -> QWidget:
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


def note_label(text: str, name: str) -> QLabel:
    """A muted rich-text line whose ``cite:`` links open the ordinance."""
    label = QLabel(text)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setStyleSheet(text_sheet(SECONDARY))
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    return label


def preview_label(name: str) -> QLabel:
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
    dialog.resize(width, min(height, room_of(dialog)))


def room_of(widget: QWidget) -> int:
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
        taller = min(dialog.height() + short, room_of(dialog))
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


ABUTTING = "Abutting parcel"
NO_ABUTTING = "The abutting property is not known or not in the register"


def abutting_parcel(app: App, chosen: ParcelRow | None) -> ParcelPicker:
    """The property abutting the way, found by typing its number, address or owner: its owner
    is charged if the City has to remove the obstruction (§ 506-9 (Removal by City))."""
    return ParcelPicker(app, chosen=chosen, rows=3, caption=ABUTTING, no_parcel=NO_ABUTTING)


def parcel_of(app: App, parent: QWidget | None, parcel_id: int) -> ParcelRow | None:

    return perform(
        parent, app, lambda a: street_privileges_details.parcel(a, parcel_id), writes=False
    )


class ActDialog(RowActDialog):
    """A form acting on one permit: its line at the top, read-only when the core's acts refuse
    its ``core_act`` now (saying why)."""

    row: PrivilegeRow
    core_act: PrivilegeAct

    def row_banner(self) -> QWidget:
        return privilege_banner(self.row)

    def refusal(self, action: Action) -> str | None:
        return sp_acts.acts(action, self.row.id)[self.core_act]

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
        label = preview_label(name)
        label.setText(text)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        label.linkActivated.connect(self.app.open_link)
        self.add_top(label)
        return label


def condition_columns() -> tuple[TableColumn, ...]:
    def colour(row: ConditionRow) -> str | None:
        if row.check is None:
            return None
        return GOOD_BACKGROUND if row.check.ok else BAD_BACKGROUND

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
            return GOOD_BACKGROUND
        return LATE_BACKGROUND if due.status is DueStatus.OPEN else None

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
