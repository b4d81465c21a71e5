"""The dialogs of the acts on a charge and on a run: recording a bill, cancelling a charge,
setting a tax roll run aside, and the GL account special charges post to (the new charge's form
is :mod:`ui.special_charges.charge_form`).

Every rule is the core's (:mod:`clerk_desk.special_charges.service`): the form shows what the core
makes of what is typed before anything is saved — the section of the kind chosen and its clock in a
sentence, who the section lets the City bill, the cost with the 20% for administration of a
deficiency repair (§ 506-6), and, for a bill, the last day to pay and the first tax-roll day as
:func:`~clerk_desk.special_charges.rules.clocks` counts them on the City's calendar. A refusal is
shown under the field it is about.

The rows shown in the tables are plain frozen values read inside one action, never live records.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QWidget,
)

from clerk_desk import ledger
from clerk_desk.desk import Action
from clerk_desk.desk_acts import DeskAct, desk_acts
from clerk_desk.money import Money
from clerk_desk.special_charges import acts as charge_acts
from clerk_desk.special_charges import details as charge_details_views
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges.acts import ChargeAct, RunAct
from clerk_desk.special_charges.details import (
    ChargeDetails,
    ChargeRow,
    charge_details,
    search_charge_rows,
)
from clerk_desk.special_charges.rules import PayFrom
from clerk_desk.special_charges.views import RunView
from clerk_desk.words import format_day, plural
from ui.kit import dialog_parts as dialog_parts
from ui.kit import forms as forms
from ui.kit.dialog_parts import (
    ReasonDialog,
    follow_cite,
)
from ui.kit.operations import App, core_refusal, perform
from ui.special_charges.charge_form import BillFields, ChargeDialog, CostLinesEditor
from ui.special_charges.common import (
    charge_columns,
    clock_html,
    info_label,
)

# ---- plain rows --------------------------------------------------------------------------------


# ---- tables of the tab -------------------------------------------------------------------------


# ---- pieces of the forms -----------------------------------------------------------------------


# ---- a new charge ------------------------------------------------------------------------------


# ---- acts on a charge --------------------------------------------------------------------------


def charge_banner(row: ChargeRow) -> QLabel:
    """The charge a form acts on, in one line at its top."""
    where = f", parcel {row.parcel_text}" if row.parcel_text else ""
    return forms.banner(
        f"{row.number} — {charge_rules.label(row.kind)}: {row.billed_name} "
        f"({row.billed_as}){where}. "
        f"Total {row.total}, balance {row.balance}. {row.standing.label}.",
        tone="info",
    )


class RecordBillDialog(forms.FormDialog):
    """Record the bill or notice of a charge, or correct it: a correction needs its reason
    (the bill's first day stays on record), except to add the day it was received, learned
    later (§ 506-7's actual notice to the applicant and the owner). The last day to pay and the
    first tax-roll day follow.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: ChargeRow) -> None:
        correcting = row.billed
        title = f"{'Correct the bill' if correcting else 'Bill'} — {row.number}"
        super().__init__(parent, title, save_text="Save" if correcting else "Record bill")
        self.app = app
        self.row = row
        self.setObjectName("record_bill_dialog")
        self.add_top(charge_banner(row))
        note = info_label("bill_note")
        text = clock_html(row.kind)
        if charge_rules.clock_for(row.kind).pay_from is PayFrom.NOTICE:
            text += (
                "<br>Enter under <i>Actual notice</i> the later of the days the applicant and "
                "the owner of the premises received the notice: the 90 days run from it."
            )
        if correcting:
            text += (
                "<br>A correction needs its reason; the bill's first day stays on record. Adding "
                "the day it was received needs none. Once the last day to pay has passed, the "
                "bill's day is not moved later."
            )
        note.setText(text)
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.form.addRow(note)
        self.bill = BillFields(app, self, lambda: row.kind, lambda: row.work_done_on)
        self.bill.set_bill(row)
        for caption, widget, field in self.bill.fields():
            self.add_field(caption, widget, field)
        self.form.addRow("", self.bill.clocks)
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText("why, e.g. the bill was mailed on the 12th, not the 2nd")
        if correcting:
            self.add_field("&Why corrected", self.reason, "reason")
        else:
            self.reason.hide()
        self.finish_layout()
        charge_id = row.id
        why = core_refusal(
            parent, app, lambda a: charge_acts.acts(a, charge_id)[ChargeAct.RECORD_BILL]
        )
        if why:
            self.set_read_only(why)
        self.bill.show_clocks()
        self.resize(640, self.sizeHint().height())
        self.bill.bill_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: ChargeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, row)))

    def commit(self) -> object:
        bill, charge_id, reason = self.bill.data(), self.row.id, self.reason.text()

        def work(action: Action) -> bool:
            sc.record_bill(action, charge_id, bill, reason=reason)
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "bill_on", keep=("delivered_how", "received_on", "reason")),
            errors=self.errors,
        )


def cancel_charge(parent: QWidget | None, app: App, row: ChargeRow) -> bool:
    paid = (
        f" {row.paid} has been paid on it: void or refund that receipt first in the Receipts "
        "tab (the money is then owed again on the charge), then cancel it."
        if row.paid > Money.zero()
        else ""
    )
    return bool(
        forms.run_modal(
            ReasonDialog(
                parent,
                app,
                title=f"Cancel charge {row.number}",
                note=f"{row.number}: {row.billed_name}, {row.total}. It stays in the register, "
                f"marked cancelled, with the reason.{paid}",
                save_text="Cancel charge",
                placeholder="why, e.g. billed in error; forgiven by the Council on 12/14",
                refused=lambda a: charge_acts.acts(a, row.id)[ChargeAct.CANCEL],
                work=lambda a, why: sc.cancel_charge(a, row.id, reason=why),
                name="cancel_charge_dialog",
            )
        )
    )


def discard_run(parent: QWidget | None, app: App, run: RunView) -> bool:
    return bool(
        forms.run_modal(
            ReasonDialog(
                parent,
                app,
                title=f"Set run {run.number} aside",
                note=f"Run {run.number} as of {format_day(run.as_of)} "
                f"({plural(len(run.entries), 'charge')}, {run.total}) stays in the list, marked "
                "set aside; nothing on it is certified.",
                save_text="Set aside",
                placeholder="why, e.g. prepared for the wrong date",
                refused=lambda a: charge_acts.run_acts(a, run.run_id)[RunAct.DISCARD],
                work=lambda a, why: tax_roll.discard_run(a, run.run_id, reason=why),
                name="discard_run_dialog",
            )
        )
    )


class AccountDialog(forms.FormDialog):
    """The GL account special charges post to (the Treasurer's, the Clerk's or the
    Administrator's setting: TREASURY_SETTINGS).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "GL account of special charges", save_text="Save")
        self.app = app
        self.setObjectName("account_dialog")
        self.add_top(
            forms.banner(
                "Each new special charge posts to this account of the general ledger; charges "
                "already recorded keep the account they were billed to.",
                tone="info",
            )
        )
        current = perform(self, app, charge_details_views.gl_account, writes=False)
        self.account = QLineEdit(current or "")
        self.account.setObjectName("gl_account")
        self.add_field("&GL account", self.account, "gl_account")
        self.finish_layout()
        why = core_refusal(parent, app, lambda a: desk_acts(a)[DeskAct.SPECIAL_CHARGE_ACCOUNT])
        if why:
            self.set_read_only(why)
        self.resize(520, self.sizeHint().height())
        self.account.setFocus()
        self.account.selectAll()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> str | None:
        dialog = cls(parent, app)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, str):
            return dialog.result_value
        return None

    def commit(self) -> object:
        account = self.account.text()

        def work(action: Action) -> str:
            ledger.set_special_charge_account(action, account)
            return charge_details_views.gl_account(action)

        return perform(self, self.app, work, errors=self.errors)


__all__ = [
    "AccountDialog",
    "BillFields",
    "ChargeDetails",
    "ChargeDialog",
    "ChargeRow",
    "CostLinesEditor",
    "ReasonDialog",
    "RecordBillDialog",
    "cancel_charge",
    "charge_columns",
    "charge_details",
    "discard_run",
    "search_charge_rows",
]
