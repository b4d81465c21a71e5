"""The Receipts tab's dialogs: open the drawer, close it out, the recent drawers and their
reports, void, refund or adjust, settings, and one receipt's details — plus the two print
helpers they share.

Every rule is the core's (:mod:`clerk_desk.receipts.service`): a void needs a reason and an open
drawer, a close-out that does not balance needs a note, only the Treasurer or Administrator voids
and closes out. The dialogs show the core's refusals under the field that caused them and stay open
with everything typed. Each dialog has an ``ask()`` classmethod that goes through
:func:`ui.kit.forms.run_modal`, so tests drive the real dialog without a modal loop.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import stations, words
from clerk_desk.desk import Action
from clerk_desk.desk_acts import DeskAct, desk_acts
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import TenderKind
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.acts import ReceiptAct, receipt_acts, refuse_act
from clerk_desk.receipts.rules import LineEntry, TenderEntry, TenderProblem
from clerk_desk.receipts.settings import ReceiptSettings
from clerk_desk.receipts.views import ReceiptView
from clerk_desk.settings import CityProfile
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.background import while_painting
from ui.kit.operations import App, core_refusal, perform
from ui.kit.register_page import show_acts
from ui.kit.style import BAD
from ui.kit.widgets import station_id


def station_name(app: App) -> str:
    """This counter station's name as the Administrator named it, or the words saying it has
    none yet (its drawer may not be opened until it has)."""
    name = perform(None, app, lambda a: stations.this_station(a, station_id()), writes=False)
    return name or stations.UNNAMED


# ---- printing -------------------------------------------------------------------------------


def print_receipt(parent: QWidget | None, app: App, receipt_id: int) -> tuple[bool, bool]:
    """Print a receipt as the settings say (paper, directly or with a preview).

    The first print is the original; every later one is marked DUPLICATE. A print is counted
    (:func:`clerk_desk.receipts.service.mark_printed`) only once it was sent to the printer, so a
    cancelled preview does not turn the next print into a duplicate. Returns (printed, duplicate).
    """
    from reports.receipt import receipt_pdf

    def load(action: Action) -> tuple[ReceiptView, ReceiptSettings, CityProfile]:
        # Refused before the duplicate is printed, not after (mark_printed refuses it too).
        refuse_act(action, receipt_id, ReceiptAct.REPRINT)
        return receipt_views.receipt(action, receipt_id), *receipt_views.printing(action)

    # Read, drawn and counted on threads while the window repaints: after a sale the clerk
    # waits for the receipt, and the three together took 40 ms of the window's thread.
    loaded = perform(parent, app, load, writes=False, painting=True)
    if loaded is None:
        return False, False
    view, settings, profile = loaded
    duplicate = view.prints > 0
    word = {"refund": "Refund receipt", "adjustment": "Adjustment receipt"}.get(
        view.kind, "Receipt"
    )
    title = f"{word} {view.number}" + (" (duplicate)" if duplicate else "")
    saved = (
        f"The receipt IS saved, under number {view.number}: reprint it from the Register "
        "(Take payment → Register, Reprint) once the printer is ready."
    )
    try:  # drawn on a thread of its own while the window repaints: 20-30 ms of ReportLab
        pdf = while_painting(
            lambda: receipt_pdf(view, profile=profile, paper=settings.paper, duplicate=duplicate)
        )
    except Exception as error:  # the receipt is saved whatever the renderer thinks of it
        printing.explain_print_failure(parent, title, error, saved)
        return False, duplicate
    if not printing.print_or_explain(
        parent, pdf, title=title, direct=settings.print_directly, saved=saved
    ):
        return False, duplicate
    perform(parent, app, lambda a: receipts.mark_printed(a, receipt_id), painting=True)
    return True, duplicate


# ---- open the drawer ------------------------------------------------------------------------


# ---- close out ------------------------------------------------------------------------------


# ---- void -------------------------------------------------------------------------------------


class VoidDialog(forms.FormDialog):
    """Void a receipt (its drawer still open), saying why; what it paid becomes due again.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, receipt_id: int, summary: str) -> None:
        super().__init__(parent, "Void receipt", save_text="Void receipt")
        self.setObjectName("void_dialog")
        self.app = app
        self.receipt_id = receipt_id
        self.add_top(
            forms.banner(
                f"{summary}\n\nThe receipt stays in the register marked VOID with who, when and "
                "why; any amount it paid becomes due again."
            )
        )
        self.reason = QPlainTextEdit()
        self.reason.setObjectName("reason")
        self.reason.setTabChangesFocus(True)
        self.reason.setFixedHeight(self.fontMetrics().height() * 3 + 12)
        self.add_field("&Reason", self.reason, "reason")
        self.finish_layout()
        if why := core_refusal(parent, app, lambda a: receipt_acts(a, receipt_id)[ReceiptAct.VOID]):
            self.set_read_only(why)
        self.resize(480, self.sizeHint().height())
        self.reason.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, receipt_id: int, summary: str) -> bool:
        dialog = cls(parent, app, receipt_id, summary)
        return bool(forms.run_modal(dialog)) and dialog.result_value is not None

    def commit(self) -> object:
        reason = self.reason.toPlainText()
        return perform(
            self,
            self.app,
            lambda a: receipts.void_receipt(a, self.receipt_id, reason=reason).number,
            errors=self.errors,
        )


# ---- refund or adjust ------------------------------------------------------------------------


class CorrectionDialog(forms.FormDialog):
    """After close-out: refund (money back) or adjust (move a posting) — a new receipt that
    names the original.

    A refund pays back the lines ticked, at the amounts typed, in cash or by check. An adjustment
    moves one line's amount from its GL account to another (two lines summing to $0.00).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, receipt_id: int, number: str) -> None:
        super().__init__(parent, f"Refund or adjust receipt {number}", save_text="Write receipt")
        self.setObjectName("correction_dialog")
        self.app = app
        self.receipt_id = receipt_id
        self.station = station_name(app)
        self.lines: list[LineEntry] = (
            perform(
                parent, app, lambda a: receipt_views.original_lines(a, receipt_id), writes=False
            )
            or []
        )
        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        self.kind.addItem("Refund: pay money back", "refund")
        self.kind.addItem("Adjustment: move a line to another GL account", "adjustment")
        self.add_field("&Kind", self.kind)
        self.line_boxes: list[tuple[QCheckBox, QLineEdit]] = []
        lines_widget = QWidget()
        grid = QGridLayout(lines_widget)
        grid.setContentsMargins(0, 0, 0, 0)
        for row, line in enumerate(self.lines):
            box = QCheckBox(f"{line.description} ({line.gl_account}) {line.amount.format()}")
            amount = QLineEdit(line.amount.format(symbol=False))
            amount.setObjectName(f"line_amount_{row}")
            amount.setMaximumWidth(110)
            grid.addWidget(box, row, 0)
            grid.addWidget(amount, row, 1)
            self.line_boxes.append((box, amount))
        if self.line_boxes:
            self.line_boxes[0][0].setChecked(True)
        self.add_field("&Lines", lines_widget, "lines")
        self.refund_by = QComboBox()
        self.refund_by.setObjectName("refund_by")
        # Money goes back in cash from the drawer, or by the City's own check (written by
        # the finance office, never in the drawer): a payer's check is not a refund tender.
        for kind in (TenderKind.CASH, TenderKind.CITY_CHECK):
            self.refund_by.addItem(kind.label, kind)
        self.check_number = QLineEdit()
        self.check_number.setObjectName("check_number")
        self.check_number.setPlaceholderText("City check number (required)")
        paid = QWidget()
        paid_row = QHBoxLayout(paid)
        paid_row.setContentsMargins(0, 0, 0, 0)
        paid_row.addWidget(self.refund_by)
        paid_row.addWidget(self.check_number, 1)
        self.add_field("Paid &back by", paid, "tenders")
        self.new_gl = QLineEdit()
        self.new_gl.setObjectName("new_gl")
        self.new_gl.setPlaceholderText("the GL account the line belongs to")
        self.add_field("&New GL account", self.new_gl)
        self.reason = QPlainTextEdit()
        self.reason.setObjectName("reason")
        self.reason.setTabChangesFocus(True)
        self.reason.setFixedHeight(self.fontMetrics().height() * 3 + 12)
        self.add_field("&Reason", self.reason, "reason")
        self.finish_layout()
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.refund_by.currentIndexChanged.connect(lambda _i: self._kind_changed())
        if why := core_refusal(
            parent, app, lambda a: receipt_acts(a, receipt_id)[ReceiptAct.CORRECT]
        ):
            self.set_read_only(why)
        self._kind_changed()
        self.resize(560, self.sizeHint().height())

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, receipt_id: int, number: str
    ) -> tuple[int, str] | None:
        """The new receipt's id and number, or None."""
        dialog = cls(parent, app, receipt_id, number)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, tuple):
            written_id, written_number = dialog.result_value
            return int(written_id), str(written_number)
        return None

    def _kind_changed(self) -> None:
        refund = self.kind.currentData() == "refund"
        self.refund_by.setEnabled(refund)
        self.check_number.setEnabled(
            refund and self.refund_by.currentData() == TenderKind.CITY_CHECK
        )
        self.new_gl.setEnabled(not refund)

    def commit(self) -> object:
        chosen = [
            (line, amount.text())
            for line, (box, amount) in zip(self.lines, self.line_boxes, strict=True)
            if box.isChecked()
        ]
        reason = self.reason.toPlainText()
        refund = self.kind.currentData() == "refund"
        kind = TenderKind(self.refund_by.currentData())
        check_number = self.check_number.text()
        new_gl = self.new_gl.text().strip()

        def work(action: Action) -> tuple[int, str]:
            if not chosen:
                raise InvalidInput("Tick the line to correct.", field="lines")
            picked = [
                replace(line, amount=Money.parse(text, field="lines", allow_zero=False))
                for line, text in chosen
            ]
            if refund:
                if kind is TenderKind.CITY_CHECK and not check_number.strip():
                    raise InvalidInput("Type the number of the City's check.", field="tenders")
                total = sum((line.amount for line in picked), Money.zero())
                tender = TenderEntry(
                    kind,
                    total,
                    check_number=check_number if kind is TenderKind.CITY_CHECK else "",
                )
                try:
                    made = receipts.refund(
                        action,
                        self.receipt_id,
                        station=self.station,
                        lines=picked,
                        tenders=[tender],
                        reason=reason,
                    )
                except TenderProblem as problem:  # the City check's number: by "Paid back by"
                    raise InvalidInput(
                        problem.message, field="tenders", cite=problem.cite
                    ) from None
            else:
                if not new_gl:
                    raise InvalidInput("Type the GL account the line belongs to.", field="lines")
                moved: list[LineEntry] = []
                for line in picked:
                    moved.append(replace(line, amount=-line.amount, amount_due_id=None))
                    moved.append(replace(line, gl_account=new_gl, amount_due_id=None))
                made = receipts.adjust(
                    action, self.receipt_id, station=self.station, lines=moved, reason=reason
                )
            return made.id, made.number

        return perform(self, self.app, work, errors=self.errors)


# ---- drawers ------------------------------------------------------------------------------


# ---- settings -------------------------------------------------------------------------------


class ReceiptSettingsDialog(forms.FormDialog):
    """Receipt numbering and printing (shared by every station) and this station's name.

    The station's name is the Administrator's to give (issue 19; others see it read-only); the
    receipt settings the Clerk's, Treasurer's or Administrator's (the core says so).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "Receipt settings")
        self.setObjectName("receipt_settings_dialog")
        self.app = app
        current = (
            perform(parent, app, lambda a: receipt_views.printing(a)[0], writes=False)
            or ReceiptSettings()
        )
        found = perform(parent, app, desk_acts, writes=False) or {}
        shared_refused = found.get(DeskAct.RECEIPT_SETTINGS) or ""
        naming_refused = found.get(DeskAct.NAME_STATION) or ""
        self.shared_allowed = not shared_refused
        self.station_id = station_id()
        self.named = perform(
            parent, app, lambda a: stations.this_station(a, self.station_id), writes=False
        )
        self.naming_allowed = not naming_refused
        self.station = QLineEdit(self.named or "")
        self.station.setObjectName("station")
        self.station.setPlaceholderText(stations.UNNAMED)
        if not self.naming_allowed:
            self.station.setReadOnly(True)
            self.station.setToolTip(naming_refused)
        limit = receipt_views.station_name_limit()
        if limit is not None:
            self.station.setMaxLength(limit)
        self.add_field("This &station's name", self.station, "station")
        self.number_format = QLineEdit(current.number_format)
        self.number_format.setObjectName("number_format")
        self.sample = QLabel()
        self.sample.setObjectName("sample")
        self.add_field("Receipt &number format", self.number_format, "number_format")
        self.form.addRow("", self.sample)
        self.paper = QComboBox()
        self.paper.setObjectName("paper")
        self.paper.addItem("Letter paper (with letterhead)", "letter")
        self.paper.addItem("80 mm receipt roll", "roll")
        self.paper.setCurrentIndex(self.paper.findData(current.paper))
        self.add_field("&Paper", self.paper, "paper")
        self.print_directly = QCheckBox("Print &directly to the default printer (no preview)")
        self.print_directly.setObjectName("print_directly")
        self.print_directly.setChecked(current.print_directly)
        self.form.addRow("", self.print_directly)
        self.expenses_gl = QLineEdit(current.expenses_gl)
        self.expenses_gl.setObjectName("expenses_gl")
        self.add_field("&GL account for City expenses", self.expenses_gl, "expenses_gl")
        self.current = current
        if not self.shared_allowed:
            note = shared_refused
            for widget in (self.number_format, self.paper, self.print_directly, self.expenses_gl):
                widget.setEnabled(False)
                widget.setToolTip(note)
            self.add_top(forms.banner(note))
        self.finish_layout()
        self.number_format.textChanged.connect(lambda _t: self._show_sample())
        self._show_sample()
        self.resize(520, self.sizeHint().height())
        self.station.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> bool:
        dialog = cls(parent, app)
        return bool(forms.run_modal(dialog)) and dialog.result_value is not None

    def _show_sample(self) -> None:
        try:
            sample = self.number_format.text().format(year=2026, number=123)
        except (KeyError, ValueError, IndexError):
            sample = "—"
        self.sample.setText(f"e.g. {sample}")

    def settings(self) -> ReceiptSettings:
        return ReceiptSettings(
            number_format=self.number_format.text().strip(),
            paper=self.paper.currentData(),
            print_directly=self.print_directly.isChecked(),
            expenses_gl=self.expenses_gl.text(),
        )

    def commit(self) -> object:
        typed = self.station.text()
        settings = self.settings()
        save_settings = self.shared_allowed and settings != self.current
        rename = self.naming_allowed and " ".join(typed.split()) != (self.named or "")

        def work(action: Action) -> bool:
            if rename:
                stations.name_station(action, self.station_id, typed)
            if save_settings:
                receipts.save_receipt_settings(action, settings)
            return True

        return perform(self, self.app, work, errors=self.errors)


# ---- one receipt --------------------------------------------------------------------------


def receipt_html(view: ReceiptView) -> str:
    """The receipt as the details window shows it: what the paper says."""
    e = html.escape
    title = {"payment": "Receipt", "refund": "Refund", "adjustment": "Adjustment"}.get(
        view.kind, "Receipt"
    )
    parts = [f"<h2>{title} {e(view.number)}</h2>"]
    if view.is_void:
        when = words.local_time(view.voided_at, None)
        parts.append(
            f"<p style='color:{BAD}'><b>VOID</b> {e(when)} by {e(view.voided_by)}: "
            f"{e(view.void_reason)}</p>"
        )
    parts.append(
        f"<p>{words.local_time(view.issued_at, None)} · {e(view.operator_name)} · {e(view.station)}"
        f"<br>Received from <b>{e(view.payer_name)}</b>"
        + (f"<br>{e(view.payer_address)}" if view.payer_address else "")
        + "</p>"
    )
    if view.corrects_number:
        parts.append(f"<p>Corrects receipt {e(view.corrects_number)}</p>")
    rows = "".join(
        f"<tr><td>{e(line.description)}"
        + (f"<br><small>{e(line.note)}</small>" if line.note else "")
        + f"</td><td>{e(line.reference)}</td><td>{e(line.gl_account)}</td>"
        f"<td align='right'>{line.amount.format()}</td></tr>"
        for line in view.lines
    )
    parts.append(
        "<table width='100%' cellspacing='0' cellpadding='3' border='0'>"
        "<tr><th align='left'>Description</th><th align='left'>Reference</th>"
        "<th align='left'>GL account</th><th align='right'>Amount</th></tr>"
        f"{rows}<tr><td colspan='3'><b>Total</b></td>"
        f"<td align='right'><b>{view.total.format()}</b></td></tr></table>"
    )
    tenders = "".join(
        f"<tr><td>{e(t.label)}</td><td align='right'>{t.tendered.format()}</td></tr>"
        for t in view.tenders
    )
    if tenders:
        parts.append(
            f"<p><b>Paid by</b></p><table cellpadding='2'>{tenders}"
            + (
                f"<tr><td>Change</td><td align='right'>{view.change.format()}</td></tr>"
                if view.change
                else ""
            )
            + "</table>"
        )
    if view.records_paid:
        parts.append("<p><b>Records paid</b><br>" + "<br>".join(e(r) for r in view.records_paid))
    if view.note:
        parts.append(f"<p>Note: {e(view.note)}</p>")
    parts.append(f"<p><small>Printed {view.prints} time(s).</small></p>")
    return "".join(parts)


class ReceiptDialog(QDialog):
    """One receipt: what it says, and Reprint (DUPLICATE), Void…, Refund/Adjust….

    Signals: those of :class:`QDialog`. ``changed`` tells the tab to search again.
    """

    def __init__(self, parent: QWidget | None, app: App, receipt_id: int) -> None:
        super().__init__(parent)
        self.setObjectName("receipt_dialog")
        self.app = app
        self.receipt_id = receipt_id
        self.changed = False
        self.written: list[str] = []  # the numbers of refunds and adjustments written here
        self.browser = QTextBrowser()
        self.browser.setObjectName("receipt_text")
        self.reprint_button = QPushButton("&Reprint (duplicate)")
        self.void_button = QPushButton("&Void…")
        self.correct_button = QPushButton("Refund / &adjust…")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        for button in (self.reprint_button, self.void_button, self.correct_button):
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
            button.setAutoDefault(False)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self.reprint_button.clicked.connect(self.reprint)
        self.void_button.clicked.connect(self.void)
        self.correct_button.clicked.connect(self.correct)
        self.resize(640, 620)
        self.load()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        receipt_id: int,
        on_written: Callable[[str], object] | None = None,
    ) -> bool:
        """Show the receipt; True if it changed (voided, corrected). ``on_written`` is told the
        number of each refund or adjustment receipt written from it."""
        dialog = cls(parent, app, receipt_id)
        forms.run_modal(dialog)
        if on_written is not None:
            for number in dialog.written:
                on_written(number)
        return dialog.changed

    def load(self) -> None:
        receipt_id = self.receipt_id

        def read(action: Action) -> tuple[ReceiptView, dict[ReceiptAct, str | None]]:
            return receipt_views.receipt(action, receipt_id), receipt_acts(action, receipt_id)

        loaded = perform(self, self.app, read, writes=False)
        if loaded is None:
            return
        self.view, acts = loaded
        self.setWindowTitle(f"Receipt {self.view.number}")
        self.browser.setHtml(receipt_html(self.view))
        show_acts(
            {
                ReceiptAct.REPRINT: self.reprint_button,
                ReceiptAct.VOID: self.void_button,
                ReceiptAct.CORRECT: self.correct_button,
            },
            acts,
            "",
        )

    def reprint(self) -> None:
        print_receipt(self, self.app, self.receipt_id)
        self.load()

    def void(self) -> None:
        summary = (
            f"Receipt {self.view.number}: {self.view.total.format()} from {self.view.payer_name}"
        )
        if VoidDialog.ask(self, self.app, self.receipt_id, summary):
            self.changed = True
            self.load()

    def correct(self) -> None:
        """Write a refund or adjustment, then print it as a sale is printed (the original)."""
        written = CorrectionDialog.ask(self, self.app, self.receipt_id, self.view.number)
        if written is None:
            return
        written_id, number = written
        self.changed = True
        self.written.append(number)
        self.load()
        printed, _duplicate = print_receipt(self, self.app, written_id)
        self.browser.append(
            f"<p><b>Receipt {html.escape(number)} written"
            + (" and printed." if printed else "; not printed: reprint it from the Register.")
            + "</b></p>"
        )
