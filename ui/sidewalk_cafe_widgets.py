"""Small pieces the Sidewalk Cafes tab and its forms share (§ 506-10): framed notes whose
citations open the ordinance, a row of fields, the error line under a field, the checklist of
§ 506-10 (:class:`ChecklistView`) and the one-line banner of the application a form acts on.
"""

from __future__ import annotations

import html
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.deadlines import format_day
from clerk_desk.findings import Finding
from clerk_desk.models import (
    CafeStatus,
)
from clerk_desk.money import Money
from clerk_desk.sidewalk_cafes import (
    ISSUANCE_CITE,
    ChecklistItem,
    ItemState,
)
from ui import forms
from ui.findings_view import FindingsView
from ui.operations import App
from ui.ordinance_viewer import cite_from_url
from ui.sidewalk_cafe_rows import (
    BAD,
    GOOD,
    LATE,
    STATE_STYLE,
    CafeDetails,
    CafeRow,
    cite_link,
)

# ---- small pieces ----------------------------------------------------------------------------


def info_label(name: str, *, tone: str = "info") -> QLabel:
    """A framed rich-text note whose ``cite:`` links open the ordinance."""
    background, colour = {"info": ("#e8f1fb", "#1d2b36"), "warning": ("#fff4d6", "#5a3b00")}[tone]
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.setOpenExternalLinks(False)
    label.setStyleSheet(
        f"QLabel {{ background: {background}; color: {colour}; padding: 8px; border-radius: 3px; }}"
    )
    return label


def follow_cite(parent: QWidget, app: App, url: str) -> None:
    """A ``cite:`` link: the window's ordinance viewer, or a small one beside the form."""
    cite = cite_from_url(url)
    if cite and not app.open_ordinance(cite):
        forms.open_cite(parent, cite)


def note(parent: QWidget, app: App, name: str, text: str, *, tone: str = "info") -> QLabel:
    label = info_label(name, tone=tone)
    label.setText(text)
    label.linkActivated.connect(lambda url: follow_cite(parent, app, url))
    return label


def plain_text(name: str, lines: int, parent: QWidget, placeholder: str = "") -> QPlainTextEdit:
    edit = QPlainTextEdit()
    edit.setObjectName(name)
    edit.setTabChangesFocus(True)
    edit.setPlaceholderText(placeholder)
    edit.setFixedHeight(parent.fontMetrics().height() * lines + 12)
    return edit


def row_of(*widgets: QWidget | str, stretch: bool = True) -> QWidget:
    """Widgets (or captions) side by side in one form row."""
    box = QWidget()
    line = QHBoxLayout(box)
    line.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        if isinstance(widget, str):
            caption = QLabel(widget)
            caption.setStyleSheet("color: #444;")
            line.addWidget(caption)
        else:
            line.addWidget(widget)
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


def label_start_box(parent: QWidget | None = None) -> QSpinBox:
    """The label to start on, 1 to 30: a sheet of Avery 5160 labels partly used already."""
    box = QSpinBox(parent)
    box.setObjectName("first_label")
    box.setRange(1, 30)
    box.setValue(1)
    box.setToolTip(
        "The first label to print on: a sheet partly used already starts further on (labels "
        "are counted across, then down: 1, 2, 3 on the top row)"
    )
    return box


def findings_box(title: str, view: FindingsView, name: str) -> QGroupBox:
    box = QGroupBox(title)
    box.setObjectName(name)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(8, 4, 8, 6)
    layout.addWidget(view)
    return box


def fit_height(dialog: QWidget, width: int, most: int = 820) -> None:
    """Size a form to ``width`` and the height its wrapped notes take at that width (a label's
    own size hint is that of a narrower line, which left blank space under the fields)."""
    layout = dialog.layout()
    height = dialog.sizeHint().height()
    if layout is not None and layout.hasHeightForWidth():
        height = layout.totalHeightForWidth(width)
    dialog.resize(width, min(height, most))


def state_badge(state: ItemState) -> str:
    background, colour = STATE_STYLE[state]
    return (
        f"<span style='background:{background}; color:{colour}; font-weight:bold'>"
        f"&nbsp;{html.escape(state.label)}&nbsp;</span>"
    )


def cafe_banner(row: CafeRow) -> QLabel:
    """The application a form acts on, in one line at its top."""
    return forms.banner(
        f"{row.number} — {row.establishment} ({row.applicant}), {row.address}. {row.status_text}.",
        tone="info",
    )


# ---- the checklist ---------------------------------------------------------------------------


class ChecklistView(QWidget):
    """Each requirement of § 506-10 for one application: met, waiting (a period still runs) or
    not met, with the cited findings that say why and the day it is due; for the fee and the
    insurance, a button that takes the clerk to the tab where it is done.

    Signals: ``pay_requested()`` (Take payment in the Receipts tab), ``insurance_requested()``
    (file the certificate in the Bonds & Insurance tab), ``papers_requested()`` (an approved
    application missing its site plan or records: attach them).
    """

    pay_requested = Signal()
    insurance_requested = Signal()
    papers_requested = Signal()

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
        self.papers_button: QPushButton | None = None
        self._approved = False
        self.item_labels: dict[str, QLabel] = {}
        self.item_findings: dict[str, FindingsView] = {}
        self.set_details(None)

    def set_details(self, details: CafeDetails | None, *, pay_refusal: str = "") -> None:
        for part in self._parts:
            self._layout.removeWidget(part)
            part.hide()
            part.deleteLater()
        self._parts = []
        self.item_labels, self.item_findings = {}, {}
        self.pay_button = self.insurance_button = self.papers_button = None
        self._approved = details is not None and details.row.status is CafeStatus.APPROVED
        if details is None:
            self.summary.setText("<i>No application selected.</i>")
            return
        self.summary.setText(summary_html(details))
        at = 1
        for item in details.checklist:
            box = QWidget(self)
            box.setObjectName(f"checklist_{item.key}")
            lines = QVBoxLayout(box)
            lines.setContentsMargins(0, 2, 0, 0)
            lines.setSpacing(2)
            head = QLabel(item_html(item, details), box)
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

    def _button_for(self, item: ChecklistItem, pay_refusal: str) -> QPushButton | None:
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
        if item.key == "eligible" and self._approved:
            button = QPushButton("Attach the site plan or sales &records…")
            button.setObjectName("attach_papers_button")
            button.setToolTip(
                "Approved by the Council, but a paper is missing or cannot be read: attach it"
            )
            button.clicked.connect(self.papers_requested)
            self.papers_button = button
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


def shown_findings(item: ChecklistItem) -> tuple[Finding, ...]:
    """An item's findings as the checklist shows them. A requirement whose time has not come
    stops nothing today, so its findings read "Check" beside the amber "Waiting"."""
    if item.state is not ItemState.PENDING:
        return item.findings
    return tuple(replace(f, level="warn") if f.blocks else f for f in item.findings)


def item_html(item: ChecklistItem, details: CafeDetails) -> str:
    parts = [f"{state_badge(item.state)}&nbsp; <b>{html.escape(item.title)}</b>"]
    if item.due is not None and not item.met:
        parts.append(f" — by {html.escape(format_day(item.due))}")
    if item.key == "fee" and not item.met and details.fee_owed > Money.zero():
        parts.append(f" — {html.escape(details.fee_owed.format())} owed")
    if item.cite:
        parts.append(f"&nbsp; <small>{cite_link(item.cite)}</small>")
    return "".join(parts)


def summary_html(details: CafeDetails) -> str:
    """One sentence on what the checklist means for the next step."""
    row = details.row
    not_met, waiting = details.not_met, details.waiting
    if row.closed or row.standing or row.renewed_by:
        return (
            f"<b>{html.escape(row.status_text)}.</b> The checklist as it stands today, "
            "for the record."
        )
    if not not_met and not waiting:
        if row.status is CafeStatus.APPROVED:
            return (
                f"<b style='color:{GOOD}'>Every requirement is met.</b> The City Administrator "
                f"issues the permit ({cite_link(ISSUANCE_CITE)})."
            )
        return f"<b style='color:{GOOD}'>Every requirement is met.</b>"
    if not not_met:
        names = html.escape(", ".join(item.title for item in waiting))
        return f"<b style='color:{LATE}'>Waiting: {names}.</b>"
    names = html.escape(", ".join(item.title for item in not_met))
    return f"<b style='color:{BAD}'>Not met: {names}.</b>"
