"""Small pieces the Sidewalk Cafes tab and its forms share (§ 506-10): framed notes whose
citations open the ordinance, a row of fields, the error line under a field, the checklist of
§ 506-10 (:class:`ChecklistView`) and the one-line banner of the application a form acts on.
"""

from __future__ import annotations

import html
from dataclasses import replace
from datetime import time
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.errors import ClerkDeskError
from clerk_desk.findings import Finding
from clerk_desk.kinds import CafeStatus
from clerk_desk.money import Money
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes.rules import (
    ISSUANCE_CITE,
    ChecklistItem,
    ItemState,
)
from clerk_desk.sidewalk_cafes.views import TEXT_LIMITS, CafeDetails, CafeRow
from clerk_desk.words import format_day
from ui.kit import dates, fields
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.dialog_parts import (
    ChecklistLine,
    ChecklistPanel,
    cite_link,
    info_label,
    state_badge,
)
from ui.kit.dialog_parts import add_row as add_row
from ui.kit.dialog_parts import follow_cite as follow_cite
from ui.kit.dialog_parts import plain_text as plain_text
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App
from ui.kit.style import BAD, GOOD, LATE, QUIET, text_sheet

# ---- small pieces ----------------------------------------------------------------------------


def limited(edit: QLineEdit, field: str) -> QLineEdit:
    """Let ``edit`` take no more characters than the record stores in ``field``
    (:data:`~clerk_desk.sidewalk_cafes.views.TEXT_LIMITS`, the limit the services check)."""
    return fields.limited(edit, TEXT_LIMITS[field])


def note(parent: QWidget, app: App, name: str, text: str, *, tone: str = "info") -> QLabel:
    label = info_label(name, tone=tone)
    label.setText(text)
    label.linkActivated.connect(lambda url: follow_cite(parent, app, url))
    return label


def row_of(*widgets: QWidget | str, stretch: bool = True) -> QWidget:
    """Widgets (or captions) side by side in one form row."""
    box = QWidget()
    line = QHBoxLayout(box)
    line.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        if isinstance(widget, str):
            caption = QLabel(widget)
            caption.setStyleSheet(text_sheet(QUIET))
            line.addWidget(caption)
        else:
            line.addWidget(widget)
    if stretch:
        line.addStretch(1)
    return box


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


def cafe_banner(row: CafeRow) -> QLabel:
    """The application a form acts on, in one line at its top."""
    return forms.banner(
        f"{row.number} — {row.establishment} ({row.applicant}), {row.address}. {row.status_text}.",
        tone="info",
    )


# ---- the checklist ---------------------------------------------------------------------------


class ChecklistView(ChecklistPanel):
    """Each requirement of § 506-10 for one application: met, waiting (a period still runs) or
    not met, with the cited findings that say why and the day it is due; for the fee and the
    insurance, a button that takes the clerk to the tab where it is done.

    Signals: ``pay_requested()`` (Take payment in the Receipts tab), ``insurance_requested()``
    (file the certificate in the Bonds & Insurance tab), ``papers_requested()`` (an approved
    application missing its site plan or records: attach them).
    """

    papers_requested = Signal()

    def __init__(self, app: App, parent: QWidget | None = None, *, buttons: bool = True) -> None:
        super().__init__(app, parent, buttons=buttons)
        self.papers_button: QPushButton | None = None
        self._approved = False
        self.set_details(None)

    def set_details(self, details: CafeDetails | None, *, pay_refusal: str = "") -> None:
        self.clear_items()
        self.papers_button = None
        self._approved = details is not None and details.row.status is CafeStatus.APPROVED
        if details is None:
            self.summary.setText("<i>No application selected.</i>")
            return
        self.summary.setText(summary_html(details))
        self.show_items(
            details.checklist,
            lambda item: item_html(item, details),
            shown_findings,
            pay_refusal,
            top_margin=2,
        )

    def _button_for(self, item: ChecklistLine, pay_refusal: str) -> QPushButton | None:
        if item.key == "eligible" and self._approved and not item.met:
            button = QPushButton("Attach the site plan or sales &records…")
            button.setObjectName("attach_papers_button")
            button.setToolTip(
                "Approved by the Council, but a paper is missing or cannot be read: attach it"
            )
            button.clicked.connect(self.papers_requested)
            self.papers_button = button
            return button
        return super()._button_for(item, pay_refusal)


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


class TimeField(dates.TimeField):
    """A time that may not be given: empty until one is typed, the arrow keys starting from
    ``default``. An establishment open past midnight is entered as 11:59 p.m., later than any
    sidewalk cafe may stay open.

    Signals: those of :class:`ui.kit.dates.TimeField` (``timeChanged``).
    """

    def __init__(self, default: time, *, name: str, parent: QWidget | None = None) -> None:
        super().__init__(None, name=name, optional=True, start=default, words=False, parent=parent)
        self.default = default
        self.edit.setToolTip(
            "Empty when not given. An establishment open past midnight: 11:59 p.m. (later than "
            "a sidewalk cafe may stay open)"
        )


class FileChooser(QWidget):
    """ "Attach…": a file (the site plan, the sales records) read when chosen, so a file moved
    later is not lost, and checked at once by the core's rule for a scan
    (:func:`clerk_desk.sidewalk_cafes.rules.scan_problem`: a PDF, PNG or JPEG up to 25 MB). Shows
    what is already on file for a correction.

    Signals: ``changed()`` when a file is chosen or removed; ``refused(str)`` with the reason a
    file chosen cannot be kept (the form shows it under the field; the file is not taken).
    """

    changed = Signal()
    refused = Signal(str)

    def __init__(
        self, *, name: str, caption: str, title: str, file_filter: str, on_file: str = ""
    ) -> None:
        super().__init__()
        self.title = title
        self.file_filter = file_filter
        self.on_file = on_file
        self.file_name = ""
        self.content: bytes | None = None
        self.button = QPushButton(caption)
        self.button.setObjectName(f"{name}_button")
        self.clear_button = QPushButton("Remove")
        self.clear_button.setObjectName(f"{name}_clear")
        self.label = QLabel()
        self.label.setObjectName(f"{name}_label")
        self.label.setWordWrap(True)
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.button)
        line.addWidget(self.label, 1)
        line.addWidget(self.clear_button)
        self.button.clicked.connect(self.choose)
        self.clear_button.clicked.connect(self.clear)
        self._show()

    def choose(self) -> None:
        path = forms.ask_open_path(self, self.title, self.file_filter)
        if not path:
            return
        try:
            content = Path(path).read_bytes()
        except OSError as error:
            operations.show_error(
                self, ClerkDeskError(f"Could not read {Path(path).name}: {error.strerror}")
            )
            return
        problem = cafe_rules.scan_problem(Path(path).name, content)
        if problem is not None:
            self.refused.emit(problem)
            return
        self.file_name, self.content = Path(path).name, content
        self._show()
        self.changed.emit()

    def clear(self) -> None:
        self.file_name, self.content = "", None
        self._show()
        self.changed.emit()

    def _show(self) -> None:
        if self.content is not None:
            size = f"{max(1, round(len(self.content) / 1024)):,} KB"
            replaces = f" — replaces {self.on_file}" if self.on_file else ""
            self.label.setText(f"{html.escape(self.file_name)} ({size}){html.escape(replaces)}")
        elif self.on_file:
            self.label.setText(f"On file: {html.escape(self.on_file)}")
        else:
            self.label.setText("<i>none attached</i>")
        self.clear_button.setVisible(self.content is not None)

    @property
    def attached(self) -> bool:
        """Whether the application has the file: chosen now, or on file already."""
        return self.content is not None or bool(self.on_file)

    def chosen(self) -> tuple[str, bytes] | None:
        return (self.file_name, self.content) if self.content is not None else None
