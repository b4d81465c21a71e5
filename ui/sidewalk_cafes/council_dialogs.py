"""The Common Council and the permit (§ 506-10 (Sidewalk cafe permit issuance)): the agenda, the
Council's decision, the issuance, a denial, a withdrawal.
"""

from __future__ import annotations

import html
from datetime import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.sidewalk_cafes import acts as cafe_acts
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import service as sidewalk_cafes
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes.acts import CafeAct
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_CITE,
    HOURS_CITE,
    ISSUANCE_CITE,
    TERM_CITE,
)
from clerk_desk.sidewalk_cafes.views import (
    CafeDetails,
    CafeRow,
)
from clerk_desk.words import format_day, plural
from ui.kit import forms as forms
from ui.kit.dates import TimeField
from ui.kit.dialog_parts import cite_link
from ui.kit.fields import left_aligned
from ui.kit.meetings import ReasonForm
from ui.kit.operations import App
from ui.kit.style import BAD
from ui.sidewalk_cafes.act_dialog import ActDialog, MeetingChooser, require_meeting
from ui.sidewalk_cafes.widgets import (
    ChecklistView,
    add_row,
    note,
    plain_text,
    row_of,
)


class BeforeCouncilDialog(ActDialog):
    """Put the completed application packet on the agenda of a Council meeting to come."""

    core_act = CafeAct.AGENDA

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent,
            app,
            cafe,
            "Before the Council",
            save_text="Place on the agenda",
            name="before_council_dialog",
        )
        due = (
            f" The comment period ends {html.escape(format_day(cafe.comments_due_on))}: the "
            "Council may not act before it has ended."
            if cafe.comments_due_on
            else " The notice has not been mailed: it must be, before the application goes to "
            "the Council."
        )
        self.add_top(
            note(
                self,
                app,
                "council_packet_note",
                "The City Administrator forwards each fully completed application packet to the "
                f"Common Council for final review and approval or denial "
                f"({cite_link(APPLICATION_CITE)}).{due}",
            )
        )
        self.meeting = MeetingChooser(app, held=False, cafe_id=cafe.id)
        add_row(self, "&Meeting", self.meeting, "meeting_id", focus=self.meeting.box)
        self.meeting.fill(cafe.meeting_id)
        self.done_building(720)
        self.meeting.box.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def commit(self) -> object:
        meeting_id = require_meeting(self, self.meeting, "meeting_id")
        if meeting_id is None:
            return None
        cafe_id = self.cafe.id
        return self.act(
            lambda a: cafe_council.place_before_council(a, cafe_id, meeting_id), "meeting_id"
        )


class CouncilDecisionDialog(ActDialog):
    """What the Common Council decided, at a meeting that has taken place: approved, with its
    conditions and any further restriction of the hours, or denied with its reasons."""

    core_act = CafeAct.COUNCIL_DECISION

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent,
            app,
            cafe,
            "Council decision",
            save_text="Record decision",
            name="council_decision_dialog",
        )
        late = sum(1 for c in cafe.comments if not c.timely)
        comments = plural(len(cafe.comments), "comment") + (
            f" ({late} received after the last day)" if late else ""
        )
        self.add_top(
            note(
                self,
                app,
                "council_note",
                f"{comments} on file. The Common Council considers the comments of the "
                "applicant, the public and City staff, and may impose the conditions it deems "
                "necessary; it may further restrict the hours, including for proximity to "
                f"residential uses ({cite_link(ISSUANCE_CITE)}; {cite_link(HOURS_CITE)}).",
            )
        )
        self.meeting = MeetingChooser(app, held=True, cafe_id=cafe.id)
        self.approved = QRadioButton("&Approved — the City Administrator then issues the permit")
        self.approved.setObjectName("council_approved")
        self.denied = QRadioButton("&Denied")
        self.denied.setObjectName("council_denied")
        outcome = QButtonGroup(self)
        outcome.addButton(self.approved)
        outcome.addButton(self.denied)
        self.approved.setChecked(True)
        outcome_box = QWidget()
        outcome_lines = QVBoxLayout(outcome_box)
        outcome_lines.setContentsMargins(0, 0, 0, 0)
        outcome_lines.setSpacing(2)
        outcome_lines.addWidget(self.approved)
        outcome_lines.addWidget(self.denied)
        self.conditions = plain_text(
            "council_conditions",
            3,
            self,
            "The Council's conditions, one a line, as the motion states them",
        )
        self.restrict = QCheckBox("Hours &restricted: the cafe closes at")
        self.restrict.setObjectName("restrict_hours")
        self.closes_at = TimeField(time(21, 0), name="council_closes_at")
        self.closes_at.setEnabled(False)
        self.reasons = plain_text("council_reasons", 3, self, "Why the Council denied the permit")
        add_row(self, "&Meeting held", self.meeting, "meeting_id", focus=self.meeting.box)
        add_row(self, "Decision", outcome_box, "approved", focus=self.approved)
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("police", message, self.approved)
        add_row(self, "C&onditions", self.conditions, "conditions")
        add_row(self, "", row_of(self.restrict, self.closes_at), "closes_at", focus=self.closes_at)
        add_row(self, "Rea&sons", self.reasons, "reasons")
        self.meeting.fill(cafe.meeting_id)
        self.restrict.toggled.connect(self.closes_at.setEnabled)
        self.approved.toggled.connect(lambda _on: self._outcome())
        self._outcome()
        self.done_building(760)
        self.meeting.box.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool | None:
        """True when approved, False when denied, None when cancelled."""
        dialog = cls(parent, app, cafe)
        if forms.run_modal(dialog) and dialog.result_value is not None:
            return dialog.approved.isChecked()
        return None

    def _outcome(self) -> None:
        approving = self.approved.isChecked()
        for widget in (self.conditions, self.restrict):
            widget.setEnabled(approving)
        self.closes_at.setEnabled(approving and self.restrict.isChecked())
        self.reasons.setEnabled(not approving)

    def commit(self) -> object:
        meeting_id = require_meeting(self, self.meeting, "meeting_id")
        if meeting_id is None:
            return None
        cafe_id, approved = self.cafe.id, self.approved.isChecked()
        conditions = self.conditions.toPlainText() if approved else ""
        value = self.closes_at.time()
        closes = (
            time(value.hour(), value.minute()) if approved and self.restrict.isChecked() else None
        )
        reasons = "" if approved else self.reasons.toPlainText()
        return self.act(
            lambda a: cafe_council.record_council_decision(
                a,
                cafe_id,
                meeting_id=meeting_id,
                approved=approved,
                conditions=conditions,
                closes_at=closes,
                reasons=reasons,
            ),
            "meeting_id",
            keep=("conditions", "closes_at", "reasons"),
        )


class IssueDialog(ActDialog):
    """Issue the permit, as the City Administrator, after the Council's approval and the DPW
    inspection. The permit runs at most one year from its issuance; the tab prints it."""

    core_act = CafeAct.ISSUE

    def __init__(
        self, parent: QWidget | None, app: App, cafe: CafeRow, details: CafeDetails
    ) -> None:
        super().__init__(
            parent, app, cafe, "Issue the permit", save_text="Issue permit", name="issue_dialog"
        )
        today = app.desk.clock.today()
        longest = cafe_terms.longest_term(today)
        self.add_top(
            note(
                self,
                app,
                "issue_note",
                "The City Administrator issues the permit after inspection by the Director of "
                f"Public Works and approval by the Common Council ({cite_link(ISSUANCE_CITE)}). "
                "It may be approved for at most one year from its original issuance, and it is "
                f"not transferable ({cite_link(TERM_CITE)}): issued today, it ends by "
                f"<b>{html.escape(format_day(longest))}</b>.",
            )
        )
        if details.not_met:
            names = ", ".join(item.title for item in details.not_met)
            self.add_top(
                note(
                    self,
                    app,
                    "not_met_warning",
                    f"<b style='color:{BAD}'>Not met: {html.escape(names)}.</b> The permit cannot "
                    "be issued while a requirement is not met.",
                    tone="warning",
                )
            )
        self.checklist = ChecklistView(app, self, buttons=False)
        self.checklist.set_details(details)
        self.checklist.summary.setVisible(False)
        self.checklist.setObjectName("issue_checklist")
        scroller = QScrollArea()
        scroller.setObjectName("issue_checklist_page")
        scroller.setWidget(self.checklist)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setMinimumHeight(min(self.checklist.sizeHint().height() + 8, 420))
        self.form.addRow(scroller)
        self.expires_on = forms.date_edit(longest, name="expires_on")
        add_row(
            self, "&Expires on", left_aligned(self.expires_on), "expires_on", focus=self.expires_on
        )
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("issue", message, self.expires_on)
        self.done_building(780)
        if details.not_met and self.save_button.isEnabled():
            self.save_button.setEnabled(False)
            self.save_button.setToolTip("A requirement is not met: meet it first")
        self.expires_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow, details: CafeDetails) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe, details)))

    def commit(self) -> object:
        cafe_id, expires = self.cafe.id, forms.to_date(self.expires_on)
        return self.act(
            lambda a: cafe_council.issue(a, cafe_id, expires_on=expires),
            "issue",
            keep=("expires_on",),
        )


class DenyDialog(ActDialog):
    """Deny the application, with the reasons; at the Council meeting that denied it, if any."""

    # Who takes applications records the Council's denial; the Administrator's own refusal
    # (no meeting) needs ISSUE: the core's act says which is open.
    core_act = CafeAct.DENY

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Deny the application", save_text="Deny", name="deny_dialog"
        )
        self.add_top(
            note(
                self,
                app,
                "deny_note",
                "The Common Council approves or denies the application. Without a Council "
                "meeting, the City Administrator refuses to take forward only an application "
                "the standards of § 506-10 forbid: not eligible, not commercially zoned, or a "
                f"layout or hours that stop it ({cite_link(ISSUANCE_CITE)}).",
            )
        )
        self.at_meeting = QCheckBox("Denied by the Council at the &meeting")
        self.at_meeting.setObjectName("deny_at_meeting")
        self.meeting = MeetingChooser(app, held=True)
        self.meeting.setEnabled(False)
        self.at_meeting.toggled.connect(self.meeting.setEnabled)
        self.reasons = plain_text("deny_reasons", 4, self, "Why the permit is denied")
        self.form.addRow("", self.at_meeting)
        add_row(self, "&Meeting", self.meeting, "meeting_id", focus=self.meeting.box)
        add_row(self, "&Reasons", self.reasons, "reasons")
        self.meeting.fill(cafe.meeting_id)
        self.done_building(720)
        self.reasons.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def commit(self) -> object:
        meeting_id = None
        if self.at_meeting.isChecked():
            meeting_id = require_meeting(self, self.meeting, "meeting_id")
            if meeting_id is None:
                return None
        cafe_id, reasons = self.cafe.id, self.reasons.toPlainText()
        return self.act(
            lambda a: cafe_council.deny(a, cafe_id, reasons=reasons, meeting_id=meeting_id),
            "reasons",
            keep=("meeting_id",),
        )


def withdraw(parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
    return ReasonForm.ask(
        parent,
        app,
        title=f"Withdraw application {cafe.number}",
        note=f"{cafe.establishment} ({cafe.applicant}). The applicant withdraws it: it stays in "
        "the register, marked withdrawn. The fee billed stays as it is; the Treasurer may "
        "cancel it.",
        save_text="Withdraw",
        refused=lambda a: cafe_acts.acts(a, cafe.id)[CafeAct.WITHDRAW],
        placeholder="who withdrew it and how, e.g. letter from the owner received 12/4",
        work=lambda a, why: sidewalk_cafes.withdraw(a, cafe.id, reason=why),
        name="withdraw_dialog",
    )
