"""Pieces the permit workflows' forms share — street openings, street privileges, sidewalks,
special charges, sidewalk cafes and vending: the colours of a checklist, citations as links,
the framed note, the multi-line text box, the form that takes only a reason and the base of a
form that acts on one permit. Each workflow module re-exports what its tab imports from it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.findings import Finding
from ui.kit import forms as forms
from ui.kit.findings_view import FindingsView
from ui.kit.meetings import MeetingDialog, meeting_refusal
from ui.kit.operations import App, core_refusal, perform
from ui.kit.style import (
    BAD,
    BAD_BACKGROUND,
    GOOD,
    GOOD_BACKGROUND,
    LATE,
    LATE_BACKGROUND,
    panel_sheet,
)
from ui.ordinance_viewer import cite_from_url, cite_html

NBSP = "\u00a0"

STATE_STYLE: dict[str, tuple[str, str]] = {
    # (background, text colour): the word carries the meaning, the colour helps. Keyed by the
    # value each workflow's ItemState (a StrEnum) shares: "met", "pending", "not_met".
    "met": (GOOD_BACKGROUND, GOOD),
    "pending": (LATE_BACKGROUND, LATE),
    "not_met": (BAD_BACKGROUND, BAD),
}


class ChecklistState(Protocol):
    """A checklist item's state: each workflow has its own ``ItemState`` enum, with its own
    words (a cafe's pending item is "Waiting", a vending one's "Not yet due")."""

    @property
    def label(self) -> str: ...


def state_badge(state: ChecklistState) -> str:
    background, colour = STATE_STYLE[str(state)]
    return (
        f"<span style='background:{background}; color:{colour}; font-weight:bold'>"
        f"&nbsp;{html.escape(state.label)}&nbsp;</span>"
    )


def cite_link(cite: str, *, unbroken_spaces: int = 2) -> str:
    """A citation as a link that opens the ordinance, its first ``unbroken_spaces`` spaces
    non-breaking so that a short citation ("§ 506-10 B") never wraps inside itself."""
    return cite_html(cite, cite.replace(" ", NBSP, unbroken_spaces))


def follow_cite(parent: QWidget, app: App, url: str) -> None:
    """A ``cite:`` link: the window's ordinance viewer, or a small one beside the form."""
    cite = cite_from_url(url)
    if cite and not app.open_ordinance(cite):
        forms.open_cite(parent, cite)


def info_label(name: str, *, tone: str = "info") -> QLabel:
    """A framed rich-text note whose ``cite:`` links open the ordinance."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.setOpenExternalLinks(False)
    label.setStyleSheet(panel_sheet("warning" if tone == "warning" else "info", padding=8))
    return label


def plain_text(name: str, lines: int, parent: QWidget, placeholder: str = "") -> QPlainTextEdit:
    """A multi-line text box ``lines`` lines tall, Tab moving on to the next field."""
    edit = QPlainTextEdit()
    edit.setObjectName(name)
    edit.setTabChangesFocus(True)
    edit.setPlaceholderText(placeholder)
    edit.setFixedHeight(parent.fontMetrics().height() * lines + 12)
    return edit


def widgets_row(*widgets: QWidget | str, stretch: bool = True) -> QWidget:
    """Widgets (or captions) side by side in one form row."""
    box = QWidget()
    line = QHBoxLayout(box)
    line.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        line.addWidget(QLabel(widget) if isinstance(widget, str) else widget)
    if stretch:
        line.addStretch(1)
    return box


def add_row(
    dialog: forms.FormDialog,
    label: str,
    widget: QWidget,
    field: str,
    *,
    focus: QWidget | None = None,
    form: QFormLayout | None = None,
) -> QLabel:
    """A labelled row with its error line (returned); the error puts the caret in ``focus``
    (the field inside a wrapper that keeps it at its own width)."""
    target = form if form is not None else dialog.form
    target.addRow(label, widget)
    message = forms.error_label()
    target.addRow("", message)
    dialog.errors.add(field, message, focus or widget)
    return message


def refit(widget: QWidget) -> None:
    """Have the layouts above ``widget`` make room for its new text: a word-wrapped label whose
    text changed inside a group box is otherwise left at its old height (Qt does not pass the
    new height-for-width up past the box)."""
    parent = widget.parentWidget()
    while parent is not None and not parent.isWindow():
        parent.updateGeometry()
        parent = parent.parentWidget()


def act_as_field(
    dialog: forms.FormDialog,
    app: App,
    work: Callable[[Action], object],
    field: str,
    keep: tuple[str, ...] = (),
) -> object:
    """Run ``work`` for a form, a refusal shown under ``field`` (``keep``: fields whose own
    errors stay where the core puts them); True once done, whatever ``work`` returns."""

    def done(action: Action) -> bool:
        work(action)
        return True

    return perform(dialog, app, forms.as_field_error(done, field, keep=keep), errors=dialog.errors)


# ---- forms -----------------------------------------------------------------------------------


class ReasonDialog(forms.FormDialog):
    """One act that needs only a reason (deny, withdraw, cancel), refused under the reason when
    the core says no. ``refused`` asks the core's acts whether the operator may do it now; when
    not, the form is read-only and says why.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        *,
        title: str,
        note: str,
        save_text: str,
        placeholder: str,
        refused: Callable[[Action], str | None],
        work: Callable[[Action, str], object],
        name: str,
    ) -> None:
        super().__init__(parent, title, save_text=save_text)
        self.app = app
        self.work = work
        self.setObjectName(name)
        self.add_top(forms.banner(note, tone="info"))
        self.reason = plain_text("reason", 3, self, placeholder)
        self.add_field("&Why", self.reason, "reason")
        self.finish_layout()
        why = core_refusal(parent, app, refused)
        if why:
            self.set_read_only(why)
        self.resize(600, self.sizeHint().height())
        self.reason.setFocus()

    def commit(self) -> object:
        reason = self.reason.toPlainText()
        return act_as_field(self, self.app, lambda action: self.work(action, reason), "reason")


def reason_dialog(
    parent: QWidget | None,
    app: App,
    *,
    title: str,
    note: str,
    save_text: str,
    placeholder: str,
    refused: Callable[[Action], str | None],
    work: Callable[[Action, str], object],
    name: str,
) -> bool:
    """Ask for the reason and do the act: whether it was done."""
    return bool(
        forms.run_modal(
            ReasonDialog(
                parent,
                app,
                title=title,
                note=note,
                save_text=save_text,
                placeholder=placeholder,
                refused=refused,
                work=work,
                name=name,
            )
        )
    )


class RowActDialog(forms.FormDialog):
    """A form acting on one permit or order (``row``, which has a ``number``): its line at the
    top, read-only when the core refuses the act. A workflow's subclass says which line
    (:meth:`row_banner`), how the core's acts refuse it (:meth:`refusal`) and the row's type
    (``row``).
    """

    form_width: ClassVar[int] = 640
    row: Any

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        row: Any,
        title: str,
        *,
        save_text: str,
        name: str,
    ) -> None:
        super().__init__(parent, f"{title} — {row.number}", save_text=save_text)
        self.app = app
        self.row = row
        self.setObjectName(name)

    def row_banner(self) -> QWidget:
        raise NotImplementedError

    def refusal(self, action: Action) -> str | None:
        """The core's refusal of this form's act on ``row`` now (None: the operator may)."""
        raise NotImplementedError

    def size_to(self, width: int) -> None:
        self.resize(width, self.sizeHint().height())

    def done_building(self, width: int | None = None) -> None:
        self.add_top(self.row_banner())  # the permit first, then what the form is about
        self.finish_layout()
        why = core_refusal(self, self.app, self.refusal)
        if why:
            self.set_read_only(why)
        self.size_to(width or self.form_width)

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: Any) -> bool:
        return bool(forms.run_modal(cls(parent, app, row)))  # type: ignore[call-arg]

    def act(
        self, work: Callable[[Action], object], field: str, keep: tuple[str, ...] = ()
    ) -> object:
        return act_as_field(self, self.app, work, field, keep)


# ---- the checklist of a permit application ---------------------------------------------------


class ChecklistLine(Protocol):
    """A checklist item as :class:`ChecklistPanel` reads it; each workflow has its own type."""

    @property
    def key(self) -> str: ...

    @property
    def met(self) -> bool: ...

    @property
    def findings(self) -> tuple[Finding, ...]: ...


class ChecklistPanel(QWidget):
    """The requirements of an application one under another: each item's line (rich text),
    its cited findings, and — for the fee and the insurance — a button that takes the clerk to
    the tab where it is done. A workflow's subclass fills it from its own review
    (:meth:`show_items`) and may offer more buttons (:meth:`_button_for`).

    Signals: ``pay_requested()`` (Take payment in the Receipts tab), ``insurance_requested()``
    (file the certificate in the Bonds & Insurance tab).
    """

    pay_requested = Signal()
    insurance_requested = Signal()

    def __init__(self, app: App, parent: QWidget | None = None, *, buttons: bool = True) -> None:
        super().__init__(parent)
        self.app = app
        self.buttons = buttons
        self.setObjectName("checklist")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(6)
        self._parts: list[QWidget] = []
        self.summary = QLabel()
        self.summary.setObjectName("checklist_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.summary.linkActivated.connect(app.open_link)
        self._layout.addWidget(self.summary)
        self._layout.addStretch(1)
        self.pay_button: QPushButton | None = None
        self.insurance_button: QPushButton | None = None
        self.item_labels: dict[str, QLabel] = {}
        self.item_findings: dict[str, FindingsView] = {}

    def clear_items(self) -> None:
        for part in self._parts:
            self._layout.removeWidget(part)
            part.hide()
            part.deleteLater()
        self._parts = []
        self.item_labels, self.item_findings = {}, {}
        self.pay_button = self.insurance_button = None

    def show_items(
        self,
        items: Iterable[Any],
        line_html: Callable[[Any], str],
        shown_findings: Callable[[Any], tuple[Finding, ...]],
        pay_refusal: str,
        *,
        top_margin: int,
    ) -> None:
        """One box an item, under the summary: ``line_html(item)``, then
        ``shown_findings(item)`` when it has findings, then its button if any."""
        at = 1
        for item in items:
            box = QWidget(self)
            box.setObjectName(f"checklist_{item.key}")
            lines = QVBoxLayout(box)
            lines.setContentsMargins(0, top_margin, 0, 0)
            lines.setSpacing(2)
            head = QLabel(line_html(item), box)
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
                found.set_findings(shown_findings(item))
                found.setContentsMargins(18, 0, 0, 0)
                lines.addWidget(found)
                self.item_findings[item.key] = found
            button = self._button_for(item, pay_refusal) if self.buttons else None
            if button is not None:
                row_box = QHBoxLayout()
                row_box.setContentsMargins(18, 0, 0, 0)
                row_box.addWidget(button)
                row_box.addStretch(1)
                lines.addLayout(row_box)
            self._layout.insertWidget(at, box)
            self._parts.append(box)
            at += 1

    def _button_for(self, item: ChecklistLine, pay_refusal: str) -> QPushButton | None:
        if item.met:
            return None
        if item.key == "fee":
            button = QPushButton("Take payment in the &Receipts tab")
            button.setObjectName("take_payment_button")
            button.setToolTip(
                pay_refusal
                or "Open the Receipts tab with the applicant as the payer and the fee due"
            )
            button.setEnabled(not pay_refusal)
            button.clicked.connect(self.pay_requested)
            self.pay_button = button
            return button
        if item.key == "insurance":
            button = QPushButton("File the certificate in &Bonds && Insurance")
            button.setObjectName("file_certificate_button")
            button.setToolTip(
                "Open the Bonds & Insurance tab to file and check the certificate of insurance"
            )
            button.clicked.connect(self.insurance_requested)
            self.insurance_button = button
            return button
        return None

    def texts(self) -> dict[str, str]:
        """Each item's line and findings as shown (rich text), by key — for tests."""
        return {
            key: label.text() + "".join(self.item_findings[key].texts())
            if key in self.item_findings
            else label.text()
            for key, label in self.item_labels.items()
        }


# ---- the Common Council ----------------------------------------------------------------------


class MeetingPicker(QWidget):
    """A Council meeting from a list (``box``, its object name ``name``), with "New meeting…"
    beside it: that adds a meeting to the City's list and chooses it. A workflow's subclass
    says which meetings the list offers (:meth:`fill`).

    Signals: none of its own.
    """

    def __init__(
        self,
        app: App,
        parent: QWidget | None = None,
        *,
        name: str = "meeting",
        new_tip: str = "",
    ) -> None:
        super().__init__(parent)
        self.app = app
        self.box = QComboBox()
        self.box.setObjectName(name)
        self.new_button = QPushButton("New meeting…")
        self.new_button.setObjectName("new_meeting_button")
        self.new_button.setToolTip(new_tip)
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.box, 1)
        line.addWidget(self.new_button)
        self.new_button.clicked.connect(self.new_meeting)
        why = core_refusal(parent, app, lambda a: meeting_refusal(a, None))
        self.new_button.setEnabled(not why)
        if why:
            self.new_button.setToolTip(why)

    def fill(self, current: int | None = None) -> None:
        raise NotImplementedError

    def new_meeting(self) -> None:
        meeting_id = MeetingDialog.ask(self, self.app)
        if meeting_id is not None:
            self.fill(meeting_id)

    def meeting_id(self) -> int | None:
        value = self.box.currentData()
        return value if isinstance(value, int) else None

    def choose(self, meeting_id: int) -> None:
        self.box.setCurrentIndex(max(0, self.box.findData(meeting_id)))
