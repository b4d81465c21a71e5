"""The register of special charges: search and filters, the chosen charge's details, lines and
payments, and the acts on it (the bill, the reminder, payment, cancelling)."""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date
from functools import partial
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.desk_acts import DeskAct, desk_acts
from clerk_desk.kinds import ChargeKind
from clerk_desk.money import Money
from clerk_desk.special_charges import acts as charge_acts
from clerk_desk.special_charges import details as charge_details_views
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges.acts import ChargeAct
from clerk_desk.special_charges.details import (
    ChargeDetails,
    ChargeRow,
    charge_details,
    search_charge_rows,
)
from clerk_desk.special_charges.rules import Standing
from clerk_desk.special_charges.service import RECORD_TYPE, SEARCH_LIMIT
from clerk_desk.special_charges.views import ChargeView
from clerk_desk.today import TodayItem
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit import printing as printing
from ui.kit.dialog_parts import follow_cite, refit
from ui.kit.operations import App, draw_paper, perform
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
from ui.kit.style import BAD, LATE, SECONDARY, marked
from ui.kit.table_models import RowsModel
from ui.special_charges import jobs
from ui.special_charges.charge_form import ChargeDialog
from ui.special_charges.common import (
    KIND_SHORT,
    LINE_COLUMNS,
    PAYMENT_COLUMNS,
    SOURCE_WORKFLOWS,
    charge_columns,
    cite_link,
)
from ui.special_charges.dialogs import AccountDialog, RecordBillDialog, cancel_charge

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


def charge_html(view: ChargeView, source: str) -> str:
    """The chosen charge: who, what, where, the money, the clock and its days."""
    e = html.escape
    standing = e(view.standing)
    if view.run_number:
        standing += f" (run {e(view.run_number)})"
    parts = [f"<h3>{e(view.number)} — {standing}</h3>"]
    parts.append(f"<p><b>{e(view.title)}</b> — {cite_link(view.cite)}</p>")
    parts.append("<p>" + "<br>".join(_who(view)) + "</p>")
    parts.append(f"<p><i>Work:</i> {e(view.work)}, {e(format_day(view.work_done_on))}</p>")
    parts.append(f"<p>{_money(view)}</p>")
    sentence = e(view.clock).replace(e(view.cite), cite_link(view.cite))
    parts.append(f"<p style='color:{SECONDARY}'>{sentence}</p>")
    parts.extend(_bill(view))
    if view.parcel_number and not view.owner_name and view.on_tax_roll:
        parts.append(
            f"<p><b style='color:{BAD}'>{e(tax_roll.OWNER_NOT_ON_FILE)}</b>: record the parcel's "
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


def _who(view: ChargeView) -> list[str]:
    """Who is billed, as what, and the parcel with its owner (or that there is none)."""
    e = html.escape
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
    return who


def _money(view: ChargeView) -> str:
    """The cost (with the 20% for administration of § 506-6), what is paid and owed, and where
    a payment that came back after certification is owed again."""
    e = html.escape
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
    return money


def _bill(view: ChargeView) -> list[str]:
    """The bill and its two days (the last day to pay, the first tax-roll day), or that it is
    not recorded yet."""
    e = html.escape
    parts = []
    if view.bill_on is None:
        parts.append(
            f"<p><b style='color:{LATE}'>Bill not recorded yet</b>: record it (its day and how "
            "it went out) to start the clock.</p>"
        )
    else:
        bill = f"Bill of {e(format_day(view.bill_on))}, {e(view.delivered_how)}"
        if view.received_on is not None:
            got = "actual notice" if view.kind in charge_rules.NOTICE_KINDS else "received"
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
    return parts


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
        top = self._build_register()
        left = self._build_details()
        self._build_pages()
        splitter = register_splitter(
            self.table,
            left,
            self.pages,
            sizes=(300, 420),
            below_sizes=(700, 600),
        )
        bottom = self._build_bottom()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        self._order_tabs()

    def _build_register(self) -> QHBoxLayout:
        """The search and filters, and the register under them."""
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
                f"{charge_rules.label(kind)} — {charge_rules.clock_for(kind).cite}",
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
        return top

    def _build_details(self) -> QWidget:
        """The chosen charge's details, and the buttons of its acts under them."""
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
        return left

    def _build_pages(self) -> None:
        """The chosen charge's cost lines and payments, one page each."""
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

    def _build_bottom(self) -> QHBoxLayout:
        """The acts on no charge in particular, the total owed and the count."""
        self.new_button = QPushButton("&New charge…")
        self.new_button.setObjectName("new_charge_button")
        self.new_button.setToolTip(
            "Record a charge for work the City did, its costs and its bill (Ctrl+N)"
        )
        why = operations.core_refusal(
            self,
            self.app,
            lambda a: charge_acts.register_acts(a)[charge_acts.RegisterAct.NEW_CHARGE],
        )
        if why:
            self.new_button.setEnabled(False)
            self.new_button.setToolTip(why)
        self.account_button = QPushButton("&GL account…")
        self.account_button.setObjectName("account_button")
        self.account_button.setToolTip("The general ledger account special charges post to")
        why = operations.core_refusal(
            self, self.app, lambda a: desk_acts(a)[DeskAct.SPECIAL_CHARGE_ACCOUNT]
        )
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
        return bottom

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

    def search_query(self) -> Callable[[Action], list[ChargeRow]]:
        text, kind, standing, year = self.filters()
        return partial(search_charge_rows, text=text, kind=kind, standing=standing, year=year)

    def register_years(self, action: Action) -> list[int]:
        return charge_details_views.register_years(action)

    def read_beside(self, action: Action) -> object:
        return str(charge_details_views.outstanding_total(action))

    def show_beside(self, figure: object) -> None:
        self.outstanding_label.setText(f"Outstanding, not yet on the tax roll: <b>{figure}</b>")

    select_charge = RegisterPage.select_id

    def read_chosen(self, action: Action, row: ChargeRow) -> ChargeDetails:
        return charge_details(action, row.id)

    def _show_details(self) -> None:
        row = self.selected()
        details = None
        if row is not None:
            details = cast(ChargeDetails | None, self.chosen_details(row))
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

        def draw(read: charge_details_views.ChargePaper) -> bytes:
            from reports.special_charges.letters import bill_pdf, reminder_pdf  # on the worker

            letter = reminder_pdf if paper is ChargeAct.REMINDER else bill_pdf
            return letter(read.view, read.profile, printed_on=read.printed_on)

        return draw_paper(
            self, self.app, lambda a: charge_details_views.charge_paper(a, charge_id, paper), draw
        )

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
        """The charges the search and filters show, all of them, past the screen's limit, in a
        process of its own (the writer would hold the window)."""
        station = Station.of(self.app.desk, self.app.operator)
        text, kind, standing, year = self.filters()
        return lambda progress: child_process.run(
            jobs.register_workbook,
            station,
            path,
            text=text,
            kind=kind,
            standing=standing,
            year=year,
            progress=progress,
        )

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
