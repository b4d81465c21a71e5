"""The appeal of a denial to the Common Council, and the Council's decision (§ 506-24)."""

from __future__ import annotations

import html

from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.vending import service as vending
from clerk_desk.vending import views as vending_views
from clerk_desk.vending.acts import VendingAct
from clerk_desk.vending.appeals import AppealOutcome, outcome_acts
from clerk_desk.vending.rules import PROCEDURE_CITE
from clerk_desk.vending.views import AppealRow, ApplicationRow
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit.dialog_parts import add_row, cite_link, follow_cite, info_label, plain_text
from ui.kit.fields import left_aligned
from ui.kit.findings_view import FindingsView
from ui.kit.meetings import MeetingDialog, MeetingRow, meeting_rows
from ui.kit.operations import App, perform
from ui.vending.common import act_refusal


class AppealDialog(forms.FormDialog):
    """Record an appeal of the Clerk's denial; one filed after the seventh day is recorded and
    flagged untimely, with the citation, before it is saved.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, application: ApplicationRow) -> None:
        super().__init__(parent, f"Appeal filed — {application.number}", save_text="Record appeal")
        self.app = app
        self.application = application
        self.setObjectName("appeal_dialog")
        note = info_label("appeal_due_note")
        denied = format_day(application.denied_on) if application.denied_on else "—"
        due = format_day(application.appeal_due_on) if application.appeal_due_on else "—"
        note.setText(
            f"Denied {html.escape(denied)} by {html.escape(application.denied_by)}. Appeals are "
            "filed with the City Clerk within seven days of the Clerk's decision: by "
            f"<b>{html.escape(due)}</b> ({cite_link(PROCEDURE_CITE)}). One filed later is "
            "recorded all the same, marked untimely, for the Council."
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        self.filed_on = forms.date_edit(app.desk.clock.today(), name="filed_on")
        self.timing = FindingsView(app, self, empty_text="Filed in time.")
        self.timing.setObjectName("appeal_timing")
        add_row(self, "&Filed on", left_aligned(self.filed_on), "filed_on", focus=self.filed_on)
        self.form.addRow("", self.timing)
        self.finish_layout()
        self.filed_on.dateChanged.connect(lambda _d: self.show_timing())
        if why := act_refusal(parent, app, application.id, VendingAct.APPEAL):
            self.set_read_only(why)
        self.show_timing()
        self.resize(660, self.sizeHint().height())
        self.filed_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, application: ApplicationRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, application)))

    def show_timing(self) -> None:
        day, application_id = forms.to_date(self.filed_on), self.application.id
        found = perform(
            self,
            self.app,
            lambda a: vending_views.appeal_preview_of(a, application_id, day),
            writes=False,
        )
        self.timing.set_findings(found or [])

    def commit(self) -> object:
        application_id, day = self.application.id, forms.to_date(self.filed_on)

        def work(action: Action) -> int:
            return vending.file_appeal(action, application_id, filed_on=day)

        return perform(self, self.app, forms.as_field_error(work, "filed_on"), errors=self.errors)


class CouncilDecisionDialog(forms.FormDialog):
    """What the Common Council decided on the appeal, at a meeting held: deny, approve, or
    approve conditionally. An approval issues the permit; the tab prints it and the letter.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, application: ApplicationRow, appeal: AppealRow
    ) -> None:
        super().__init__(
            parent, f"Council decision — {application.number}", save_text="Record decision"
        )
        self.app = app
        self.application = application
        self.appeal = appeal
        self.setObjectName("council_decision_dialog")
        timing = "filed in time" if appeal.timely else "filed late, after the seventh day"
        note = info_label("council_note")
        note.setText(
            f"Appeal of the denial of {html.escape(application.number)} "
            f"({html.escape(application.applicant)}, {html.escape(application.event)}), "
            f"filed {html.escape(format_day(appeal.filed_on))}: {timing}. The Common Council "
            "may deny the permit, approve it, or approve it conditionally "
            f"({cite_link(PROCEDURE_CITE)})."
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        if appeal.findings:
            late = FindingsView(app, self)
            late.setObjectName("untimely_warning")
            late.set_findings(appeal.findings)
            self.form.addRow(late)
        self.meeting = QComboBox()
        self.meeting.setObjectName("meeting")
        self.new_meeting_button = QPushButton("New meeting…")
        self.new_meeting_button.setObjectName("new_meeting_button")
        meeting_box = QWidget()
        meeting_row = QHBoxLayout(meeting_box)
        meeting_row.setContentsMargins(0, 0, 0, 0)
        meeting_row.addWidget(self.meeting, 1)
        meeting_row.addWidget(self.new_meeting_button)
        self.outcomes = QButtonGroup(self)
        self.radio: dict[AppealOutcome, QRadioButton] = {}
        outcome_box = QWidget()
        outcome_lines = QVBoxLayout(outcome_box)
        outcome_lines.setContentsMargins(0, 0, 0, 0)
        outcome_lines.setSpacing(2)
        for outcome, text in (
            (AppealOutcome.APPROVED, "&Approved — the permit is issued"),
            (AppealOutcome.APPROVED_CONDITIONALLY, "Approved &conditionally, with the conditions"),
            (AppealOutcome.DENIED, "&Denied"),
        ):
            button = QRadioButton(text)
            button.setObjectName(f"outcome_{outcome.value}")
            self.outcomes.addButton(button)
            self.radio[outcome] = button
            outcome_lines.addWidget(button)
        self.conditions = plain_text(
            "council_conditions", 3, self, "The Council's conditions, as the motion states them"
        )
        self.note = QLineEdit()
        self.note.setObjectName("council_note_text")
        self.note.setPlaceholderText("e.g. motion by Ald. Smith, carried 5-1")
        add_row(self, "&Meeting held", meeting_box, "meeting", focus=self.meeting)
        add_row(self, "Outcome", outcome_box, "outcome", focus=self.radio[AppealOutcome.APPROVED])
        add_row(self, "C&onditions", self.conditions, "conditions")
        add_row(self, "N&ote", self.note, "note")
        self.finish_layout()
        self.radio[AppealOutcome.APPROVED].setChecked(True)
        self.outcomes.buttonToggled.connect(self._outcome_changed)
        self.new_meeting_button.clicked.connect(self.new_meeting)
        self.fill_meetings()
        # Recording the Council's approval issues the permit: the core says which outcomes the
        # operator may record.
        for outcome, why in (perform(parent, app, outcome_acts, writes=False) or {}).items():
            if why:
                self.radio[outcome].setEnabled(False)
                self.radio[outcome].setToolTip(why)
                if self.radio[outcome].isChecked():
                    self.radio[AppealOutcome.DENIED].setChecked(True)
        self._outcome_changed()
        if why := act_refusal(parent, app, application.id, VendingAct.COUNCIL):
            self.set_read_only(why)
            self.new_meeting_button.setEnabled(False)
        self.resize(700, self.sizeHint().height())
        self.meeting.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, application: ApplicationRow, appeal: AppealRow
    ) -> AppealOutcome | None:
        """The outcome recorded, or None."""
        dialog = cls(parent, app, application, appeal)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, AppealOutcome):
            return dialog.result_value
        return None

    def fill_meetings(self, current: int | None = None) -> None:
        """The meetings at which the Council can have decided the appeal, the latest first,
        and the next ones not held yet (so the core can say so): the core's rule
        (:func:`clerk_desk.vending.views.appeal_meetings`)."""
        appeal_id = self.appeal.id

        def work(action: Action) -> tuple[list[MeetingRow], list[int], list[int]]:
            held, later = vending_views.meetings_for_appeal(action, appeal_id)
            return meeting_rows(action), held, later

        found = perform(self, self.app, work, writes=False)
        rows, held_ids, later_ids = found if found is not None else ([], [], [])
        by_id = {r.id: r for r in rows}
        self.meeting.clear()
        held = [by_id[i] for i in held_ids if i in by_id]
        later = [by_id[i] for i in later_ids if i in by_id]
        for row in held:
            self.meeting.addItem(row.label, row.id)
        for row in later:
            self.meeting.addItem(f"{row.label} (not held yet)", row.id)
        if not held and not later:
            self.meeting.addItem("No meeting since the appeal — add it with New meeting…", None)
        index = self.meeting.findData(current) if current is not None else -1
        self.meeting.setCurrentIndex(max(index, 0))

    def new_meeting(self) -> None:
        meeting_id = MeetingDialog.ask(self, self.app)
        if meeting_id is not None:
            self.fill_meetings(meeting_id)

    def outcome(self) -> AppealOutcome:
        return next(o for o, b in self.radio.items() if b.isChecked())

    def choose(self, outcome: AppealOutcome) -> None:
        self.radio[outcome].setChecked(True)

    def choose_meeting(self, meeting_id: int) -> None:
        self.meeting.setCurrentIndex(max(0, self.meeting.findData(meeting_id)))

    def _outcome_changed(self, *_args: QAbstractButton | bool) -> None:
        self.conditions.setEnabled(self.outcome() is AppealOutcome.APPROVED_CONDITIONALLY)

    def commit(self) -> object:
        meeting_id = self.meeting.currentData()
        if not isinstance(meeting_id, int):
            self.errors.clear()
            self.errors.show(
                InvalidInput("Choose the meeting at which the Council decided.", field="meeting")
            )
            return None
        appeal_id, outcome = self.appeal.id, self.outcome()
        conditions = (
            self.conditions.toPlainText() if outcome is AppealOutcome.APPROVED_CONDITIONALLY else ""
        )
        note = self.note.text()

        def work(action: Action) -> AppealOutcome:
            vending.record_appeal_decision(
                action,
                appeal_id,
                meeting_id=meeting_id,
                outcome=outcome,
                conditions=conditions,
                note=note,
            )
            return outcome

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "outcome", keep=("meeting", "conditions")),
            errors=self.errors,
        )
