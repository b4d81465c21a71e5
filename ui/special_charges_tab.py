"""Special Charges: what the City bills for work it did in someone's place, and the tax roll.

Chapter 506 lets the City clear the snow, remove an obstruction, sweep up debris, mend a street,
repair a sidewalk or the pavement over an opening, and charge its cost; what stays unpaid goes on
the tax roll as a special tax against the parcel, each section with its own clock. Two pages:

- **Charges** — the register of every charge: the clerk finds one by typing part of its number,
  the work, the billed party, the parcel or the section, and narrows by kind, standing and year.
  The "Due" day turns red when a charge is overdue, the "Tax roll" day amber once the unpaid
  balance may be certified. Beside the register is the chosen charge: the parcel and its owner,
  who is billed and as what, the work, the cost lines with the 20% for administration of a
  deficiency repair, what is paid and owed, the section's clock, the bill and its two days, the
  receipts that paid it, the permit or order it comes from and the run that certified it. Its
  acts: record the bill, print the bill or a reminder, take payment in the Receipts tab, cancel.
- **Tax roll** — the City Treasurer's "certify to tax roll" runs: prepare one as of a day (every
  charge past its tax-roll day and unpaid), review it with its totals by section, certify it once
  (the charges are then locked and stamped with the run) or set it aside, print it, and export it
  to Excel in the layout the county's tax-roll clerk reads. A run as of a day still to come is a
  preview, never certified. Every run prepared stays in the list.

Nothing is deleted: a cancelled charge keeps its reason, a set-aside run its note.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.errors import Conflict
from clerk_desk.kinds import ChargeKind, RunStatus
from clerk_desk.money import Money
from clerk_desk.special_charges import details as charge_details_views
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges.acts import ChargeAct, RunAct
from clerk_desk.special_charges.details import (
    ChargeDetails,
    ChargeRow,
    charge_details,
    run_list,
    search_charge_rows,
)
from clerk_desk.special_charges.service import RECORD_TYPE, SEARCH_LIMIT, Standing
from clerk_desk.special_charges.views import ChargeView, RunView
from clerk_desk.today import TodayItem
from clerk_desk.words import format_day, plural
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit import printing as printing
from ui.kit.dialog_parts import follow_cite, may_not, refit
from ui.kit.operations import App, FieldErrors, attempt, perform
from ui.kit.register_page import (
    MUTED,
    Progress,
    RegisterPage,
    act_button,
    button_grid,
    export_workbook,
    filter_box,
    register_splitter,
    search_row,
    show_acts,
)
from ui.kit.style import BAD, LATE, SECONDARY, marked
from ui.kit.table_models import RowsModel
from ui.special_charge_dialogs import (
    BILL,
    CERTIFY,
    ENTRY_COLUMNS,
    KIND_SHORT,
    LINE_COLUMNS,
    PAYMENT_COLUMNS,
    RUN_COLUMNS,
    RUN_STATUS,
    SECTION_COLUMNS,
    SETTINGS,
    SOURCE_WORKFLOWS,
    AccountDialog,
    ChargeDialog,
    RecordBillDialog,
    cancel_charge,
    charge_columns,
    cite_link,
    discard_run,
)

RUN_RECORD_TYPE = "tax_roll_run"
_EXPORT_ALL = 10**9
SOURCE_SCHEME = "record:"


def stretch_column(view: QTableView, column: int) -> None:
    """Let ``column`` take the width the others leave (a long description), not the last."""
    header = view.horizontalHeader()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)


def _ask(box: QMessageBox) -> bool:
    return operations.ask_message(box) == int(QMessageBox.StandardButton.Yes.value)


def _question(parent: QWidget, title: str, text: str, detail: str, name: str) -> QMessageBox:
    box = QMessageBox(
        QMessageBox.Icon.Question,
        title,
        text,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        parent,
    )
    box.setObjectName(name)
    box.setInformativeText(detail)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box


# ---- the chosen charge in words -------------------------------------------------------------


def charge_html(view: ChargeView, source: str) -> str:
    """The chosen charge: who, what, where, the money, the clock and its days."""
    e = html.escape
    standing = e(view.standing)
    if view.run_number:
        standing += f" (run {e(view.run_number)})"
    parts = [f"<h3>{e(view.number)} — {standing}</h3>"]
    parts.append(f"<p><b>{e(view.title)}</b> — {cite_link(view.cite)}</p>")
    who = [
        f"Billed to <b>{e(view.billed_name)}</b> as {e(view.billed_as)}"
        + (
            "<br>" + marked(view.billed_address.replace(chr(10), ", "), SECONDARY, bold=False)
            if view.billed_address
            else ""
        )
    ]
    if view.parcel_number:
        site = f", {e(view.site_address)}" if view.site_address else ""
        owner = f" — owner {e(view.owner_name)}" if view.owner_name else ""
        who.append(f"Parcel <b>{e(view.parcel_number)}</b>{site}{owner}")
    else:
        who.append("No parcel: the charge is billed to the party, not entered on a tax roll")
    parts.append("<p>" + "<br>".join(who) + "</p>")
    parts.append(f"<p><i>Work:</i> {e(view.work)}, {e(format_day(view.work_done_on))}</p>")
    if view.administration:
        money = (
            f"Cost {view.cost} + 20% for administration {view.administration} (§&nbsp;506-6)"
            f" = <b>total {view.total}</b>"
        )
    else:
        money = f"<b>Total {view.total}</b>"
    money += f"<br>Paid {view.paid} · <b>balance {view.balance}</b>"
    if view.paid == Money.zero():
        money += " · no payment yet"
    if view.supplements:
        money += (
            f"<br>Owed again on <b>{e(view.supplements)}</b>: a payment on it came back after it "
            "was certified to the tax roll"
        )
    if view.supplemented_by:
        money += (
            f"<br>A payment came back after certification: owed on "
            f"<b>{e(', '.join(view.supplemented_by))}</b>"
        )
    parts.append(f"<p>{money}</p>")
    sentence = e(view.clock).replace(e(view.cite), cite_link(view.cite))
    parts.append(f"<p style='color:{SECONDARY}'>{sentence}</p>")
    if view.bill_on is None:
        parts.append(
            f"<p><b style='color:{LATE}'>Bill not recorded yet</b>: record it (its day and how "
            "it went out) to start the clock.</p>"
        )
    else:
        bill = f"Bill of {e(format_day(view.bill_on))}, {e(view.delivered_how)}"
        if view.received_on is not None:
            got = "actual notice" if view.kind in sc.NOTICE_KINDS else "received"
            bill += f"; {got} {e(format_day(view.received_on))}"
        days = [bill]
        if view.first_bill_on is not None or view.bill_note:
            first = (
                f"first recorded as of {e(format_day(view.first_bill_on))}"
                if view.first_bill_on is not None
                else "corrected"
            )
            why = f": {e(view.bill_note)}" if view.bill_note else ""
            days.append(f"<span style='color:{SECONDARY}'>Bill {first}{why}</span>")
        if view.awaiting_notice:
            days.append(
                f"<b style='color:{LATE}'>Actual notice not recorded yet</b>: the 90 days to pay "
                "run from the later of the days the applicant and the owner received it (Record "
                "bill…, Actual notice)"
            )
        if view.due_on is not None:
            days.append(f"<b>Last day to pay: {e(format_day(view.due_on))}</b>")
        if view.tax_roll_on is not None:
            days.append(f"On the tax roll from: {e(format_day(view.tax_roll_on))}")
        elif not view.on_tax_roll:
            days.append("Never on the tax roll (no lien)")
        parts.append("<p>" + "<br>".join(days) + "</p>")
    if view.bill_on is None and view.tax_roll_on is not None:
        parts.append(
            f"<p>On the tax roll from: {e(format_day(view.tax_roll_on))} (the 60 days run from "
            "the work, bill or no bill)</p>"
        )
    if view.parcel_number and not view.owner_name and view.on_tax_roll:
        parts.append(
            f"<p><b style='color:{BAD}'>{e(sc.OWNER_NOT_ON_FILE)}</b>: record the parcel's "
            "owner under People &amp; Parcels before the charge is certified</p>"
        )
    if source:
        link = f"{SOURCE_SCHEME}{e(view.record_type)}/{e(view.record_id)}"
        parts.append(f"<p>From <a href='{link}'>{e(source)}</a></p>")
    if view.cancel_reason:
        on = f" {e(format_day(view.cancelled_on))}" if view.cancelled_on is not None else ""
        parts.append(f"<p><b style='color:{BAD}'>Cancelled{on}:</b> {e(view.cancel_reason)}</p>")
    if view.notes:
        parts.append(f"<p style='color:{SECONDARY}'><i>Notes:</i> {e(view.notes)}</p>")
    return "".join(parts)


# ---- the charges -------------------------------------------------------------------------------


class ChargesPage(RegisterPage[ChargeRow]):
    """The register of special charges, the chosen charge and its acts.

    Signals: ``status(str)``; ``changed()`` after a charge was saved; ``workflow_requested``
    (a :class:`~clerk_desk.today.TodayItem`) to take payment in the Receipts tab or show the
    permit a charge comes from.
    """

    changed = Signal()
    workflow_requested = Signal(object)

    row_type = ChargeRow
    record_type = RECORD_TYPE
    search_limit = SEARCH_LIMIT
    count_noun = "charge"
    empty_text = "No special charges yet"
    export_what = "special charges register"
    export_noun = "special charge"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("charges_page")
        self.details: ChargeDetails | None = None
        self._build()
        self._connect()
        self._show_details()

    def shown_again(self) -> None:
        """A payment may have been taken in the Receipts tab, a run certified, meanwhile."""
        self.refresh()

    def _build(self) -> None:
        self.search_field = forms.SearchField(
            "Search charge number, work, billed party, parcel, address or section (Down arrow "
            "to the list)"
        )
        self.search_field.setObjectName("charges_search")
        self.kind_box = filter_box(
            "kind_filter", "Any kind", ((KIND_SHORT[kind], kind) for kind in ChargeKind)
        )
        for number, kind in enumerate(ChargeKind, start=1):
            self.kind_box.setItemData(
                number,
                f"{sc.label(kind)} — {sc.clock_for(kind).cite}",
                Qt.ItemDataRole.ToolTipRole,
            )
        self.standing_box = filter_box(
            "standing_filter", "Any standing", ((s.label, s) for s in Standing)
        )
        self.year_box = filter_box("year_filter", "All years")
        top = search_row(self.search_field, *self.filter_widgets())

        self.model = RowsModel(charge_columns(), self)
        self.model.set_dimmed(lambda r: r.standing is Standing.CANCELLED)
        self.table = forms.make_table(self.model, name="charges_table")
        forms.size_columns(
            self.table, {0: 11, 1: 13, 2: 12, 3: 22, 4: 9, 5: 9, 6: 9, 7: 9, 8: 9, 9: 16}
        )
        stretch_column(self.table, 3)  # the billed party takes what the others leave

        self.summary = forms.rich_label("charge_details")
        self.summary.linkActivated.connect(self._follow)
        self.bill_button = act_button(
            "&Record bill…",
            "record_bill_button",
            "The day the bill went out, how, and when it was received: the clock starts",
        )
        self.print_bill_button = act_button(
            "&Print bill", "print_bill_button", "Preview and print the bill on the letterhead"
        )
        self.reminder_button = act_button(
            "Print re&minder",
            "reminder_button",
            "A reminder that the balance is unpaid, with the tax-roll day",
        )
        self.pay_button = act_button(
            "&Take payment",
            "take_payment_button",
            "Go to the Receipts tab with the billed party as the payer (part payments allowed)",
        )
        self.cancel_button = act_button(
            "Cance&l charge…", "cancel_charge_button", "Cancel the charge, with the reason"
        )
        self.act_buttons = {
            ChargeAct.RECORD_BILL: self.bill_button,
            ChargeAct.PRINT_BILL: self.print_bill_button,
            ChargeAct.REMINDER: self.reminder_button,
            ChargeAct.TAKE_PAYMENT: self.pay_button,
            ChargeAct.CANCEL: self.cancel_button,
        }
        grid = button_grid(
            (
                ("Bill", (self.bill_button, self.print_bill_button, self.reminder_button)),
                ("Money", (self.pay_button, self.cancel_button)),
            )
        )
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 8, 0)
        side_layout.addWidget(self.summary)
        side_layout.addStretch(1)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(forms.scrolled(side), 1)
        left_layout.addLayout(grid)

        self.line_model = RowsModel(LINE_COLUMNS, self)
        self.line_table = forms.make_table(self.line_model, name="lines_table")
        forms.size_columns(self.line_table, {0: 11, 1: 30})
        self.line_total = QLabel()
        self.line_total.setObjectName("lines_total")
        self.line_total.setAlignment(Qt.AlignmentFlag.AlignRight)
        lines_page = QWidget()
        lines_layout = QVBoxLayout(lines_page)
        lines_layout.setContentsMargins(0, 0, 0, 0)
        lines_layout.addWidget(self.line_table, 1)
        lines_layout.addWidget(self.line_total)
        self.payment_model = RowsModel(PAYMENT_COLUMNS, self)
        self.payment_table = forms.make_table(self.payment_model, name="payments_table")
        forms.size_columns(self.payment_table, {0: 13, 1: 10, 2: 11})
        self.pages = QTabWidget()
        self.pages.setObjectName("charge_pages")
        self.pages.addTab(lines_page, "Cost lines")
        self.pages.addTab(self.payment_table, "Payments")

        splitter = register_splitter(
            self.table,
            left,
            self.pages,
            sizes=(300, 420),
            below_sizes=(700, 600),
        )

        self.new_button = QPushButton("&New charge…")
        self.new_button.setObjectName("new_charge_button")
        self.new_button.setToolTip(
            "Record a charge for work the City did, its costs and its bill (Ctrl+N)"
        )
        why = may_not(self.app, BILL)
        if why:
            self.new_button.setEnabled(False)
            self.new_button.setToolTip(why)
        self.account_button = QPushButton("&GL account…")
        self.account_button.setObjectName("account_button")
        self.account_button.setToolTip("The general ledger account special charges post to")
        why = may_not(self.app, SETTINGS)
        if why:
            self.account_button.setEnabled(False)
            self.account_button.setToolTip(why)
        bottom = self._build_footer(
            self.new_button,
            self.account_button,
            count_name="charge_count",
            export_tip="The charges the search and filters show, to a workbook",
        )
        # The total owed stands before the count: it does not change with the filters.
        self.outstanding_label = QLabel()
        self.outstanding_label.setObjectName("outstanding")
        at_count = bottom.indexOf(self.count_label)
        bottom.insertWidget(at_count, self.outstanding_label)
        bottom.insertSpacing(at_count + 1, 16)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        self._order_tabs()

    def _connect(self) -> None:
        self._connect_register()
        self.new_button.clicked.connect(self.new_charge)
        self.account_button.clicked.connect(self.edit_account)
        self.bill_button.clicked.connect(self.record_bill)
        self.print_bill_button.clicked.connect(self.print_bill)
        self.reminder_button.clicked.connect(self.print_reminder)
        self.pay_button.clicked.connect(self.take_payment)
        self.cancel_button.clicked.connect(self.cancel_selected)
        shortcut = QShortcut(QKeySequence("Ctrl+N"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.new_charge)

    # ---- the register --------------------------------------------------------------------------

    def filters(self) -> tuple[str, ChargeKind | None, Standing | None, int | None]:
        """The search and filters (Qt hands a string enum back as its string)."""
        kind, standing = self.kind_box.currentData(), self.standing_box.currentData()
        return (
            self.search_field.text(),
            ChargeKind(kind) if kind else None,
            Standing(standing) if standing else None,
            self.year_box.currentData(),
        )

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return (self.kind_box, self.standing_box, self.year_box)

    def search_rows(self, action: Action) -> list[ChargeRow]:
        text, kind, standing, year = self.filters()
        return search_charge_rows(action, text, kind=kind, standing=standing, year=year)

    def register_years(self, action: Action) -> list[int]:
        return charge_details_views.register_years(action)

    def read_beside(self, action: Action) -> str | None:
        return str(charge_details_views.outstanding_total(action))

    def show_beside(self, figure: str | None) -> None:
        self.outstanding_label.setText(f"Outstanding, not yet on the tax roll: <b>{figure}</b>")

    select_charge = RegisterPage.select_id

    def _show_details(self) -> None:
        row = self.selected()
        details = None
        if row is not None:
            charge_id = row.id
            details = perform(self, self.app, lambda a: charge_details(a, charge_id), writes=False)
        self.details = details
        if details is None:
            self.summary.setText("<i>No charge selected.</i>")
            self.line_model.set_rows([])
            self.payment_model.set_rows([])
            self.line_total.setText("")
            self.pages.setTabText(1, "Payments")
        else:
            view = details.view
            self.summary.setText(charge_html(view, details.source))
            self.line_model.set_rows(list(view.lines))
            administration = (
                f" + 20% for administration {view.administration}" if view.administration else ""
            )
            self.line_total.setText(
                f"Cost {view.cost}{administration} = <b>total {view.total}</b>"
                if administration
                else f"<b>Total {view.total}</b>"
            )
            self.payment_model.set_rows(list(view.payments))
            count = len(view.payments)
            self.pages.setTabText(1, f"Payments ({count})" if count else "Payments")
        refit(self.summary)
        show_acts(self.act_buttons, details.acts if details else None, "Choose a charge")

    def _allowed(self, act: ChargeAct) -> ChargeRow | None:
        """The charge chosen, when the core allows ``act`` on it now (its button is on)."""
        details = self.details
        return details.row if details is not None and details.acts[act] is None else None

    # ---- acts ----------------------------------------------------------------------------------

    def _announce_change(self) -> None:
        self.changed.emit()

    def new_charge(self) -> None:
        if not self.new_button.isEnabled():
            return
        charge_id = ChargeDialog.ask(self, self.app)
        if charge_id is None:
            return

        told = perform(
            self,
            self.app,
            lambda a: charge_details_views.charge_recorded(a, charge_id),
            writes=False,
        )
        self._after_save(charge_id, told or "Saved.")

    def record_bill(self) -> None:
        row = self._allowed(ChargeAct.RECORD_BILL)
        if row is None or not RecordBillDialog.ask(self, self.app, row):
            return
        self._after_save(row.id, f"Bill of {row.number} recorded.")

    def cancel_selected(self) -> None:
        row = self._allowed(ChargeAct.CANCEL)
        if row is not None and cancel_charge(self, self.app, row):
            self._after_save(row.id, f"Charge {row.number} cancelled.")

    def edit_account(self) -> None:
        account = AccountDialog.ask(self, self.app)
        if account is not None:
            self.status.emit(f"New special charges post to GL account {account}.")

    def paper_bytes(self, charge_id: int, paper: ChargeAct) -> bytes | None:
        """The bill (:attr:`ChargeAct.PRINT_BILL`) or the reminder of a charge, as a PDF."""

        from reports.special_charges import bill_pdf, reminder_pdf

        read = perform(
            self,
            self.app,
            lambda a: charge_details_views.charge_paper(a, charge_id, paper),
            writes=False,
        )
        if read is None:
            return None
        draw = reminder_pdf if paper is ChargeAct.REMINDER else bill_pdf
        return attempt(self, lambda: draw(read.view, read.profile, printed_on=read.printed_on))

    def _print(self, paper: ChargeAct, title: str) -> None:
        row = self._allowed(paper)
        if row is None:
            return
        pdf = self.paper_bytes(row.id, paper)
        title = f"{title} — {row.number}"
        if pdf is not None and printing.print_or_explain(
            self, pdf, title=title, saved=f"{row.number} is saved: print it again here."
        ):
            self.status.emit(f"{title} sent to the printer.")

    def print_bill(self) -> None:
        self._print(ChargeAct.PRINT_BILL, "Bill")

    def print_reminder(self) -> None:
        self._print(ChargeAct.REMINDER, "Reminder")

    def take_payment(self) -> None:
        """The charge is paid in the Receipts tab: ask the window to go there with the billed
        party as the payer (the charge is among the amounts they owe)."""
        row = self._allowed(ChargeAct.TAKE_PAYMENT)
        if row is None:
            return
        self.status.emit(
            f"Take payment in the Receipts tab: {row.billed_name} owes {row.balance} on "
            f"{row.number}."
        )
        self.workflow_requested.emit(
            TodayItem(
                "receipts",
                None,
                f"Special charge {row.number}",
                row.billed_name,
                row.clock.cite,
                record_type="party",
                record_id=str(row.billed_party_id),
            )
        )

    def export_name(self, day: date) -> str:
        return f"special-charges-{day.isoformat()}.xlsx"

    def export_work(self, path: str) -> Callable[[Progress], int]:
        """The charges the search and filters show, all of them, past the screen's limit."""
        app = self.app
        text, kind, standing, year = self.filters()

        def work(progress: Progress) -> int:
            from reports.special_charges import register_xlsx

            with app.desk.lookup(app.operator) as action:
                sheet = charge_details_views.register_sheet(
                    action, text, kind=kind, standing=standing, year=year, limit=_EXPORT_ALL
                )
            return register_xlsx(list(sheet.charges), path, city=sheet.city, progress=progress)

        return work

    def _follow(self, url: str) -> None:
        """A citation opens the ordinance; the permit a charge comes from, its tab."""
        if not url.startswith(SOURCE_SCHEME):
            follow_cite(self, self.app, url)
            return
        record_type, _, record_id = url[len(SOURCE_SCHEME) :].partition("/")
        workflow = SOURCE_WORKFLOWS.get(record_type, "")
        if workflow:
            self.workflow_requested.emit(
                TodayItem(workflow, None, "", "", record_type=record_type, record_id=record_id)
            )


# ---- the tax roll ------------------------------------------------------------------------------


def run_html(run: RunView) -> str:
    """The run shown: its number and status, its day, who prepared and certified it."""
    e = html.escape
    status = RUN_STATUS[run.status]
    parts = [f"<b>Run {e(run.number)}</b> — {e(status)}, as of {e(format_day(run.as_of))}"]
    counted = (
        f"{plural(len(run.entries), 'charge')} on {plural(run.parcels, 'parcel')}, "
        f"<b>{run.total}</b>"
    )
    parts.append(counted)
    prepared = (
        f"prepared by {e(run.prepared_by)} "
        f"{e(words.local_time(run.prepared_at, run.prepared_at.tzinfo))}"
    )
    if run.status is RunStatus.CERTIFIED and run.certified_at is not None:
        prepared += (
            f"; certified by {e(run.certified_by)} "
            f"{e(words.local_time(run.certified_at, run.certified_at.tzinfo))}"
        )
    parts.append(prepared)
    text = " · ".join(parts)
    if run.owners_missing:
        text += (
            f"<br><b style='color:{BAD}'>{e(sc.OWNER_NOT_ON_FILE)}</b> for parcel "
            f"{e(', '.join(run.owners_missing))}: record the owner under People &amp; Parcels, "
            "then prepare the run again"
        )
    if run.note:
        text += f"<br><span style='color:{SECONDARY}'>{e(run.note)}</span>"
    return text


class TaxRollPage(QWidget):
    """The City Treasurer's "certify to tax roll" runs.

    Signals: ``status(str)``; ``changed()`` after a run was prepared, certified or set aside
    (certified charges change in the register).
    """

    status = Signal(str)
    changed = Signal()

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("tax_roll_page")
        self.loaded = False
        self.acts: dict[RunAct, str | None] | None = None  # the chosen run's, from the core
        self.errors = FieldErrors()
        self._build()
        self._connect()
        self._show_run()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.loaded:
            self.refresh()

    def _build(self) -> None:
        self.as_of = forms.date_edit(self.app.desk.clock.today(), name="as_of")
        self.prepare_button = act_button(
            "&Prepare run",
            "prepare_button",
            "List every charge past its tax-roll day and unpaid as of the day chosen, to review "
            "(an earlier draft is set aside); a day still to come gives a preview, never "
            "certified",
        )
        as_of_label = QLabel("Tax roll &as of")
        as_of_label.setBuddy(self.as_of)
        as_of_error = forms.error_label()
        self.errors.add("as_of", as_of_error, self.as_of)
        note = QLabel(
            "A run lists every charge past its tax-roll day and still owed on the day chosen. "
            "Review it, then certify it once: its charges are locked, stamped with the run, and "
            "collected with the property taxes from then on. A day still to come gives a "
            "preview, which is never certified."
        )
        note.setWordWrap(True)
        note.setStyleSheet(MUTED)
        top = QHBoxLayout()
        top.addWidget(as_of_label)
        top.addWidget(self.as_of)
        top.addWidget(self.prepare_button)
        top.addSpacing(12)
        top.addWidget(note, 1)

        self.heading = forms.rich_label("run_heading")
        self.entry_model = RowsModel(ENTRY_COLUMNS, self)
        self.entry_table = forms.make_table(self.entry_model, name="entries_table")
        forms.size_columns(self.entry_table, {0: 16, 1: 26, 2: 60, 3: 30, 4: 12})
        stretch_column(self.entry_table, 2)
        self.section_model = RowsModel(SECTION_COLUMNS, self)
        self.section_table = forms.make_table(self.section_model, name="sections_table")
        forms.size_columns(self.section_table, {0: 60, 1: 8, 2: 12})
        stretch_column(self.section_table, 0)
        rows = self.section_table.verticalHeader().defaultSectionSize()
        self.section_table.setFixedHeight(
            rows * 4 + self.section_table.horizontalHeader().sizeHint().height() + 4
        )
        self.grand_total = QLabel()
        self.grand_total.setObjectName("grand_total")
        self.grand_total.setTextFormat(Qt.TextFormat.RichText)
        self.certify_button = act_button(
            "&Certify…",
            "certify_button",
            "Certify the run to the tax roll: its charges are locked and stamped with it",
        )
        self.discard_button = act_button(
            "&Set aside…", "discard_button", "Set the draft aside, with the reason"
        )
        self.print_button = act_button(
            "P&rint run", "print_run_button", "Preview and print the run with its totals"
        )
        self.export_button = act_button(
            "E&xport for the county…",
            "export_run_button",
            "The run in the layout the county's tax-roll clerk reads: one row per parcel and "
            "charge",
        )
        self.run_buttons = {
            RunAct.CERTIFY: self.certify_button,
            RunAct.DISCARD: self.discard_button,
            RunAct.PRINT: self.print_button,
            RunAct.EXPORT: self.export_button,
        }
        buttons = QGridLayout()
        buttons.setHorizontalSpacing(6)
        buttons.setVerticalSpacing(4)
        buttons.addWidget(self.certify_button, 0, 0)
        buttons.addWidget(self.discard_button, 0, 1)
        buttons.addWidget(self.print_button, 1, 0)
        buttons.addWidget(self.export_button, 1, 1)
        buttons.setRowStretch(2, 1)
        totals = QVBoxLayout()
        totals_label = QLabel("Totals by section")
        totals_label.setStyleSheet(MUTED)
        totals.addWidget(totals_label)
        totals.addWidget(self.section_table)
        totals.addWidget(self.grand_total)
        lower = QHBoxLayout()
        lower.addLayout(totals, 1)
        lower.addSpacing(12)
        lower.addLayout(buttons)
        run_box = QWidget()
        run_layout = QVBoxLayout(run_box)
        run_layout.setContentsMargins(0, 0, 0, 0)
        run_layout.addWidget(self.heading)
        run_layout.addWidget(self.entry_table, 1)
        run_layout.addLayout(lower)

        self.run_model = RowsModel(RUN_COLUMNS, self)
        self.run_model.set_dimmed(lambda r: r.status is RunStatus.DISCARDED)
        self.run_table = forms.make_table(self.run_model, name="runs_table")
        forms.size_columns(self.run_table, {0: 12, 1: 10, 2: 10, 3: 8, 4: 12, 5: 24})
        runs_box = QWidget()
        runs_layout = QVBoxLayout(runs_box)
        runs_layout.setContentsMargins(0, 0, 0, 0)
        runs_label = QLabel("Runs prepared (choose one to show it)")
        runs_label.setStyleSheet(MUTED)
        runs_layout.addWidget(runs_label)
        runs_layout.addWidget(self.run_table, 1)

        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(run_box)
        splitter.addWidget(runs_box)
        splitter.setSizes([600, 180])
        splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(top)
        layout.addWidget(as_of_error)
        layout.addWidget(splitter, 1)
        why = may_not(self.app, CERTIFY)
        if why:
            self.prepare_button.setEnabled(False)
            self.prepare_button.setToolTip(why)

    def _connect(self) -> None:
        self.prepare_button.clicked.connect(self.prepare)
        self.certify_button.clicked.connect(self.certify_selected)
        self.discard_button.clicked.connect(self.discard_selected)
        self.print_button.clicked.connect(self.print_selected)
        self.export_button.clicked.connect(self.export_selected)
        self.run_table.selectionModel().selectionChanged.connect(lambda *_: self._show_run())

    def selected(self) -> RunView | None:
        row = forms.selected_row(self.run_table)
        return row if isinstance(row, RunView) else None

    def refresh(self, select_id: int | None = None) -> None:
        current = self.selected()
        wanted = select_id if select_id is not None else (current.run_id if current else None)
        found = perform(self, self.app, run_list, writes=False)
        if found is None:
            return
        self.loaded = True
        self.run_model.set_rows(found)
        number = self.run_model.row_of(lambda r: r.run_id == wanted) if wanted else -1
        forms.select_row(self.run_table, max(number, 0))
        self._show_run()

    def select_run(self, run_id: int) -> None:
        self.refresh(run_id)

    def _show_run(self) -> None:
        run = self.selected()
        if run is None:
            self.heading.setText(
                "<i>No run prepared yet: choose the day and press Prepare run.</i>"
                if not self.run_model.rowCount()
                else "<i>No run chosen.</i>"
            )
            self.entry_model.set_rows([])
            self.section_model.set_rows([])
            self.grand_total.setText("")
        else:
            self.heading.setText(run_html(run))
            self.entry_model.set_rows(list(run.entries))
            self.section_model.set_rows(run.totals_by_section())
            self.grand_total.setText(
                f"Grand total: {plural(len(run.entries), 'charge')} on "
                f"{plural(run.parcels, 'parcel')}, <b>{run.total}</b>"
            )
        refit(self.heading)  # a note or a warning under the heading takes more lines
        self.acts = None
        if run is not None:
            run_id = run.run_id
            self.acts = perform(
                self, self.app, lambda a: charge_details_views.run_acts(a, run_id), writes=False
            )
        show_acts(self.run_buttons, self.acts, "Choose a run")

    def _allowed(self, act: RunAct) -> RunView | None:
        """The run chosen, when the core allows ``act`` on it now (its button is on)."""
        run = self.selected()
        return run if run is not None and self.acts is not None and self.acts[act] is None else None

    # ---- acts ----------------------------------------------------------------------------------

    def prepare(self, as_of: date | None = None) -> None:
        """Prepare a run as of the day chosen (the Treasurer's act; the core checks)."""
        day = as_of or forms.to_date(self.as_of)

        def work(action: Action) -> tuple[int, str, int]:
            run = sc.prepare_run(action, day)
            return run.id, run.number, len(run.entries)

        done = perform(self, self.app, work, errors=self.errors)
        if done is None:
            return
        run_id, number, count = done
        self.changed.emit()
        self.refresh(run_id)
        if day > self.app.desk.clock.today():
            self.status.emit(
                f"Preview {number} as of {format_day(day)}: {plural(count, 'charge')} as things "
                "stand; a preview is never certified."
            )
        else:
            self.status.emit(
                f"Run {number} prepared as of {format_day(day)}: {plural(count, 'charge')} to "
                "review, then certify."
            )

    def certify_selected(self) -> None:
        """Check the run as it stands (the core's reasons: asked anyway, the clerk is told
        why not), then, asked, certify it."""
        run = self.selected()
        if run is None:
            return
        run_id = run.run_id
        problem = perform(
            self,
            self.app,
            lambda a: charge_details_views.certify_problem(a, run_id),
            writes=False,
        )
        if problem is None:
            return
        if problem:
            self._not_certified(run_id, problem)
            return
        box = _question(
            self,
            "Certify to the tax roll",
            f"Certify run {run.number} to the tax roll: {plural(len(run.entries), 'charge')} on "
            f"{plural(run.parcels, 'parcel')}, totaling {run.total}?",
            "The charges are locked and stamped with the run; from then on they are collected "
            "with the property taxes, not at the counter. A run is certified once.",
            "certify_box",
        )
        if not _ask(box):
            return

        def work(action: Action) -> tuple[str, int, str]:
            certified = sc.certify_run(action, run_id)
            return certified.number, len(certified.entries), str(certified.total)

        done = perform(self, self.app, work)
        self.changed.emit()
        self.refresh(run_id)
        if done is not None:
            number, count, total = done
            self.status.emit(
                f"Run {number} certified to the tax roll: {plural(count, 'charge')}, {total}."
            )

    def _not_certified(self, run_id: int, problem: str) -> None:
        """The core says why the run cannot be certified: say it in its words; if the run is
        still a draft (the list changed since it was prepared), offer to prepare it again."""
        self.refresh(run_id)
        run = self.selected()
        if run is None or run.status is not RunStatus.DRAFT or not self.app.operator.may(CERTIFY):
            operations.show_error(self, Conflict(problem), title="Not certified")
            return
        box = _question(
            self,
            "Not certified",
            problem,
            f"Prepare the run again as of {format_day(run.as_of)} to review the list as it "
            "stands now?",
            "prepare_again_box",
        )
        if _ask(box):
            self.prepare(run.as_of)

    def discard_selected(self) -> None:
        run = self._allowed(RunAct.DISCARD)
        if run is None:
            return
        if discard_run(self, self.app, run):
            self.changed.emit()
            self.refresh(run.run_id)
            self.status.emit(f"Run {run.number} set aside.")

    def print_selected(self) -> None:
        run = self._allowed(RunAct.PRINT)
        if run is None:
            return
        run_id = run.run_id

        from reports.special_charges import run_pdf

        read = perform(
            self, self.app, lambda a: charge_details_views.run_paper(a, run_id), writes=False
        )
        pdf = None if read is None else attempt(self, lambda: run_pdf(read.view, read.profile))
        title = f"Tax roll run {run.number}"
        if pdf is not None and printing.print_or_explain(
            self, pdf, title=title, saved="The run is saved: print it again here."
        ):
            self.status.emit(f"{title} sent to the printer.")

    def export_selected(self) -> None:
        """The run to Excel in the county's layout, on a worker thread."""
        run = self._allowed(RunAct.EXPORT)
        if run is None:
            return
        app, run_id = self.app, run.run_id

        def write(path: str) -> Callable[[Progress], int]:
            def work(_progress: Progress) -> int:
                from reports.special_charges import run_xlsx

                with app.desk.lookup(app.operator) as action:
                    read = charge_details_views.run_paper(action, run_id, RunAct.EXPORT)
                return run_xlsx(read.view, path, city=read.profile.city_name)

            return work

        export_workbook(
            self,
            ask=f"Export tax roll run {run.number} for the county",
            suggested=f"tax-roll-{run.number}.xlsx",
            busy=f"Exporting tax roll run {run.number}…",
            write=write,
            written=lambda count: f"Run {run.number}: {plural(count, 'charge')}",
            tell=self.status.emit,
        )


# ---- the tab -----------------------------------------------------------------------------------


class SpecialChargesTab(QWidget):
    """The Special Charges tab: Charges and Tax roll.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after a charge or a run was saved (the Today tab may refresh);
    ``workflow_requested(object)`` with a :class:`~clerk_desk.today.TodayItem` naming another
    tab's record (the billed party in the Receipts tab, the permit a charge comes from).
    """

    status = Signal(str)
    register_changed = Signal()
    workflow_requested = Signal(object)

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("special_charges_tab")
        self.charges = ChargesPage(app)
        self.tax_roll = TaxRollPage(app)
        self.inner = QTabWidget()
        self.inner.setObjectName("special_charge_pages")
        self.inner.addTab(self.charges, "&Charges")
        self.inner.addTab(self.tax_roll, "Tax ro&ll")
        self.inner.setTabToolTip(0, "Every charge for work the City did, with its clock")
        self.inner.setTabToolTip(
            1, "Certify unpaid charges to the tax roll (the City Treasurer), and past runs"
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.inner)
        for page in (self.charges, self.tax_roll):
            page.status.connect(self.status)
            page.changed.connect(self.register_changed)
        self.charges.workflow_requested.connect(self.workflow_requested)
        self.tax_roll.changed.connect(self._roll_changed)

    def _roll_changed(self) -> None:
        """A certified run locks its charges: read the register again."""
        if self.charges.loaded:
            self.charges.refresh()

    # ---- what the main window calls ------------------------------------------------------------

    def focus_search(self) -> None:
        self.inner.setCurrentWidget(self.charges)
        self.charges.search_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.charges.search_field.selectAll()

    def refresh(self) -> None:
        """Read the page shown again (and the other if it was read)."""
        current = self.inner.currentWidget()
        for page in (self.charges, self.tax_roll):
            if page is current or page.loaded:
                page.refresh()

    def show_record(self, record_type: str, record_id: str) -> None:
        """Show one charge or one tax roll run (the Today tab asks)."""
        if not record_id.isdigit():
            return
        if record_type == RECORD_TYPE:
            self.inner.setCurrentWidget(self.charges)
            self.charges.select_charge(int(record_id))
        elif record_type == RUN_RECORD_TYPE:
            self.inner.setCurrentWidget(self.tax_roll)
            self.tax_roll.select_run(int(record_id))

    def export_register(self) -> None:
        self.charges.export_register()


__all__ = ["ChargesPage", "SpecialChargesTab", "TaxRollPage", "charge_html", "run_html"]
