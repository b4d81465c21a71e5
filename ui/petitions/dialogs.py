"""The small dialogs of the acts on a petition (§ 506-14): correcting the moment it was
received, withdrawing it, setting a scan aside. The petition form is
:mod:`ui.petitions.petition_form`, the Council's meetings and actions :mod:`ui.petitions.council`.

A wrong stamp is corrected with a reason (:class:`CorrectReceivedDialog`), which shows the
program year that follows. Every check is the core's (:mod:`clerk_desk.petitions.service`); its
refusals show under the field.
"""

from __future__ import annotations

from datetime import datetime, time, tzinfo

from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.acts import PetitionAct, acts, scan_aside_refusal
from clerk_desk.petitions.details import PetitionRow, ScanRow
from ui.kit import forms as forms
from ui.kit.dates import TimeField
from ui.kit.meetings import ReasonForm
from ui.kit.operations import App, core_refusal, perform
from ui.petitions.petition_form import _info_label, _open_cite, program_year_html

# ---- plain rows ------------------------------------------------------------------------------


# ---- intake and changes ----------------------------------------------------------------------


class CorrectReceivedDialog(forms.FormDialog):
    """Correct the moment a petition was received, with the reason; shows the program year the
    corrected day gives before anything is saved.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, petition: PetitionRow) -> None:
        super().__init__(
            parent, f"Correct the date received — {petition.number}", save_text="Correct"
        )
        self.app = app
        self.petition = petition
        self.setObjectName("correct_received_dialog")
        self.add_top(
            forms.banner(
                f"Petition {petition.number} was stamped received {petition.received_text} by "
                f"{petition.received_by}: program year {petition.program_year}. Correct the stamp "
                "only when it is wrong (stamped late, or in error); the old stamp, the new one and "
                "your reason are kept in its history.",
                tone="info",
            )
        )
        self.day = forms.date_edit(petition.received_on, name="received_day")
        self.day.setMaximumDate(self.day.date().addYears(1))
        received = petition.received_at
        self.time = TimeField(time(received.hour, received.minute), name="received_time")
        when = QWidget()
        when_row = QHBoxLayout(when)
        when_row.setContentsMargins(0, 0, 0, 0)
        when_row.addWidget(self.day)
        when_row.addWidget(QLabel("at"))
        when_row.addWidget(self.time)
        when_row.addStretch(1)
        self.result_year = _info_label("corrected_year")
        self.result_year.linkActivated.connect(lambda url: _open_cite(self, app, url))
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText(
            "e.g. left in the drop box on 9/15, stamped the next morning"
        )
        self.add_field("&Received", when, "received_at")
        self.add_field("Result", self.result_year)
        self.add_field("&Why", self.reason, "reason")
        self.finish_layout()
        self.day.dateChanged.connect(lambda _d: self.show_result())
        petition_id = petition.id
        why = core_refusal(
            parent, app, lambda a: acts(a, petition_id)[PetitionAct.CORRECT_RECEIVED]
        )
        if why:
            self.set_read_only(why)
        self.show_result()
        self.resize(680, self.sizeHint().height())
        self.day.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, petition: PetitionRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, petition)))

    def received_at(self, zone: tzinfo) -> datetime:
        value = self.time.time()
        return datetime.combine(
            forms.to_date(self.day), time(value.hour(), value.minute()), tzinfo=zone
        )

    def show_result(self) -> None:
        day = forms.to_date(self.day)
        explained = perform(
            self,
            self.app,
            lambda a: petitions.explain_program_year(day, a.calendar),
            writes=False,
        )
        if explained is None:
            return
        change = (
            f"Program year {self.petition.program_year} → {explained.year}."
            if explained.year != self.petition.program_year
            else f"The program year stays {explained.year}."
        )
        self.result_year.setText(program_year_html(explained, stamped=change))
        self._fit()

    def _fit(self) -> None:
        """Grow to show the whole explanation (it is longer when the last day moved)."""
        layout = self.layout()
        if layout is not None:
            layout.activate()
        wanted = self.sizeHint().height()
        if self.height() < wanted:
            self.resize(self.width(), wanted)

    def commit(self) -> object:
        petition_id, reason = self.petition.id, self.reason.text()

        def work(action: Action) -> bool:
            petitions.correct_received(
                action, petition_id, received_at=self.received_at(action.zone), reason=reason
            )
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "received_at", keep=("reason",)),
            errors=self.errors,
        )


def withdraw(parent: QWidget | None, app: App, petition: PetitionRow) -> bool:
    return ReasonForm.ask(
        parent,
        app,
        title=f"Withdraw petition {petition.number}",
        note=f"{petition.kind.label}, {petition.location}. The petitioner withdraws it: it stays "
        "in the register, marked withdrawn, and leaves any agenda it is on.",
        save_text="Withdraw",
        placeholder="who withdrew it and how, e.g. letter from Ann Lee received 12/1",
        work=lambda a, why: petitions.withdraw_petition(a, petition.id, reason=why),
        name="withdraw_dialog",
        refused=lambda a: acts(a, petition.id)[PetitionAct.WITHDRAW],
    )


def set_scan_aside(parent: QWidget | None, app: App, scan: ScanRow) -> bool:
    return ReasonForm.ask(
        parent,
        app,
        title=f"Set the scan aside — {scan.name}",
        note=f"The scan {scan.name} stays on record, marked set aside; it no longer goes into "
        "the agenda packet.",
        save_text="Set aside",
        placeholder="e.g. another petition's pages, attached in error",
        work=lambda a, why: petitions.set_scan_aside(a, scan.id, reason=why),
        name="scan_aside_dialog",
        refused=lambda a: scan_aside_refusal(a, scan.id),
    )


# ---- meetings ------------------------------------------------------------------------------


# ---- the Council's action ------------------------------------------------------------------
