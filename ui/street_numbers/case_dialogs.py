"""The noncompliance acts (§ 506-16 (Noncompliance)): numbers missing, notice served, referral,
compliance, withdrawal."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.street_numbers import acts as number_acts
from clerk_desk.street_numbers import cases
from clerk_desk.street_numbers.acts import AddressAct, CaseAct
from clerk_desk.street_numbers.rules import NONCOMPLIANCE_CITE, SERVICE_MANNERS
from clerk_desk.street_numbers.views import (
    AddressRow,
    CaseRow,
    case_summary,
)
from ui.kit import forms as forms
from ui.kit.fields import left_aligned
from ui.kit.operations import App, core_refusal, perform
from ui.street_numbers.papers import print_notice
from ui.street_numbers.parts import (
    Form,
    address_refusal,
)


class ObserveDialog(Form):
    """Record that a building's numbers are missing or improper; the owner has 20 days.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: AddressRow) -> None:
        super().__init__(parent, f"Numbers missing — {row.text}", save_text="Record")
        self.app = app
        self.row = row
        self.setObjectName("observe_dialog")
        self.add_top(
            forms.banner(
                f"{row.text}{' (' + row.owner + ')' if row.owner else ''}. If the owner neglects "
                "for 20 days to attach and keep the proper numbers, the City serves a notice; 10 "
                f"days after service without compliance, a forfeiture under § 1-4 "
                f"({NONCOMPLIANCE_CITE}).",
                tone="info",
            )
        )
        self.observed_on = forms.date_edit(app.desk.clock.today(), name="observed_on")
        self.observation = QLineEdit()
        self.observation.setObjectName("observation")
        self.observation.setPlaceholderText(
            "what was seen: no numbers; numbers too small; on the garage door …"
        )
        self.add_field("&Seen on", left_aligned(self.observed_on), "observed_on")
        self.add_field("&What was seen", self.observation, "observation")
        self.finish_layout()
        if denied := address_refusal(parent, app, row.id, AddressAct.NUMBERS_MISSING):
            self.set_read_only(denied)
        self.resize(600, self.sizeHint().height())
        self.observation.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: AddressRow) -> int | None:
        """Show the form; the id of the case opened, or None if cancelled."""
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        address_id = self.row.id
        observed_on, observation = forms.to_date(self.observed_on), self.observation.text()

        def work(action: Action) -> int:
            return cases.observe_noncompliance(
                action, address_id, observed_on=observed_on, observation=observation
            )

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "observed_on", keep=("observation",)),
            errors=self.errors,
        )


CASE_ACTS: dict[str, tuple[str, str, str]] = {
    # act: (title, save button, the core's name of the date field)
    "serve": ("Serve the notice", "Record service", "served_on"),
    "refer": ("Refer for a forfeiture (§ 1-4)", "Refer", "referred_on"),
    "complied": ("Numbers posted — close the case", "Close the case", "closed_on"),
    "withdraw": ("Withdraw the case", "Withdraw", "closed_on"),
}

CORE_CASE_ACTS: dict[str, CaseAct] = {
    "serve": CaseAct.SERVE,
    "refer": CaseAct.REFER,
    "complied": CaseAct.COMPLIED,
    "withdraw": CaseAct.WITHDRAW,
}
"""Which of the core's acts each form records (its refusal makes the form read-only)."""


class CaseActDialog(Form):
    """One act on a noncompliance case: serve the notice, refer it, close it as complied, or
    withdraw it. The core's refusal (a notice before the 20 days are out, a referral before the
    10 days after service) shows under the date with its section.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: CaseRow, act: str) -> None:
        title, save, date_field = CASE_ACTS[act]
        super().__init__(parent, f"{title} — {row.address}", save_text=save)
        self.app = app
        self.row = row
        self.act = act
        self.date_field = date_field
        self.setObjectName(f"{act}_dialog")
        when = ""
        if act == "serve":
            when = (
                f" A notice may be served from {words.format_day(row.notice_from)}, after 20 days' "
                f"neglect ({NONCOMPLIANCE_CITE})."
            )
        elif act == "refer" and row.referral_from is not None:
            when = (
                f" The case may be referred from {words.format_day(row.referral_from)}, 10 days "
                f"after service ({NONCOMPLIANCE_CITE})."
            )
        summary = forms.banner(case_summary(row) + when, tone="info")
        summary.setObjectName("case_banner")
        self.add_top(summary)
        self.on = forms.date_edit(app.desk.clock.today(), name=date_field)
        date_label = {
            "serve": "&Served on",
            "refer": "&Referred on",
            "complied": "&Numbers posted on",
            "withdraw": "&Withdrawn on",
        }[act]
        self.add_field(date_label, left_aligned(self.on), date_field)
        self.manner: QComboBox | None = None
        self.note: QLineEdit | None = None
        self.print_button: QPushButton | None = None
        if act == "serve":
            self.manner = QComboBox()
            self.manner.setObjectName("manner")
            self.manner.addItems(list(SERVICE_MANNERS))
            self.print_button = QPushButton("&Print notice")
            self.print_button.setObjectName("print_notice_button")
            self.print_button.setToolTip("Print the notice to hand over or mail")
            manner_box = QWidget()
            manner_row = QHBoxLayout(manner_box)
            manner_row.setContentsMargins(0, 0, 0, 0)
            manner_row.addWidget(self.manner)
            manner_row.addStretch(1)
            manner_row.addWidget(self.print_button)
            self.add_field("&How", manner_box, "manner")
            self.print_button.clicked.connect(lambda: print_notice(self, self.app, self.row.id))
            if not row.notice_printable(app.desk.clock.today()):
                self.print_button.setEnabled(False)
                self.print_button.setToolTip(
                    f"The notice may be printed from {words.format_day(row.notice_from)}, after "
                    "20 days' neglect"
                )
        elif act in ("complied", "withdraw"):
            self.note = QLineEdit()
            self.note.setObjectName("close_note")
            self.note.setPlaceholderText(
                "why it was recorded in error"
                if act == "withdraw"
                else "optional, e.g. seen posted"
            )
            self.add_field("&Why" if act == "withdraw" else "&Note", self.note, "close_note")
        self.finish_layout()
        case_act = CORE_CASE_ACTS[act]
        if denied := core_refusal(parent, app, lambda a: number_acts.acts(a, row.id)[case_act]):
            self.set_read_only(denied)
        self.resize(600, self.sizeHint().height())
        (self.note or self.manner or self.on).setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: CaseRow, act: str) -> bool:
        return bool(forms.run_modal(cls(parent, app, row, act)))

    def commit(self) -> object:
        case_id, on, act = self.row.id, forms.to_date(self.on), self.act
        manner = self.manner.currentText() if self.manner is not None else ""
        note = self.note.text() if self.note is not None else ""

        def work(action: Action) -> bool:
            if act == "serve":
                cases.serve_notice(action, case_id, served_on=on, manner=manner)
            elif act == "refer":
                cases.refer_case(action, case_id, referred_on=on)
            else:
                cases.close_case(action, case_id, on=on, note=note, withdrawn=act == "withdraw")
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(work, self.date_field, keep=("manner", "close_note")),
            errors=self.errors,
        )
