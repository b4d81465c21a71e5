"""A standing permit's suspension and revocation (§ 506-10 (Term and renewal of permit; temporary
suspension of operation), (Revocation of permit; appeal)).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.sidewalk_cafes import acts as cafe_acts
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes.acts import CafeAct
from clerk_desk.sidewalk_cafes.rules import (
    REVOCATION_CITE,
    TERM_CITE,
)
from clerk_desk.sidewalk_cafes.views import (
    CafeRow,
    SuspensionRow,
)
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit.dialog_parts import cite_link
from ui.kit.fields import left_aligned
from ui.kit.operations import App, core_refusal, perform
from ui.sidewalk_cafes.act_dialog import ActDialog, MeetingChooser, require_meeting
from ui.sidewalk_cafes.widgets import (
    add_row,
    note,
    plain_text,
    row_of,
)


class SuspendDialog(ActDialog):
    """A temporary suspension of the cafe's operation, on seven days' written notice (or
    without, in an emergency). The tab prints the letter."""

    core_act = CafeAct.SUSPEND

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Suspend the cafe", save_text="Suspend", name="suspend_dialog"
        )
        self.add_top(
            note(
                self,
                app,
                "suspend_note",
                "The City may temporarily suspend the operation of the cafe upon seven days' "
                "written notice because of anticipated or actual conflicts in the use of the "
                "sidewalk (festivals, parades, street or sidewalk repairs), and in an emergency "
                f"without prior notice ({cite_link(TERM_CITE)}).",
            )
        )
        today = app.desk.clock.today()
        self.notice_on = forms.date_edit(today, name="notice_on")
        self.starts_on = forms.date_edit(today, name="starts_on")
        self.ends_on = forms.date_edit(today, name="ends_on")
        self.emergency = QCheckBox("An &emergency: no prior notice")
        self.emergency.setObjectName("emergency")
        self.latest = QLabel()
        self.latest.setObjectName("notice_latest")
        self.latest.setWordWrap(True)
        self.latest.setTextFormat(Qt.TextFormat.RichText)
        self.reason = plain_text("suspend_reason", 3, self, "e.g. Prescott Daze: Broad St N closed")
        self.short_notice = plain_text(
            "short_notice_reason",
            2,
            self,
            "only when seven days' written notice could not be given, e.g. the water main "
            "break was found Monday",
        )
        add_row(
            self,
            "&Written notice on",
            left_aligned(self.notice_on),
            "notice_on",
            focus=self.notice_on,
        )
        self.form.addRow("", self.emergency)
        add_row(
            self,
            "&Suspended from",
            row_of(self.starts_on, "through", self.ends_on),
            "starts_on",
            focus=self.starts_on,
        )
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("ends_on", message, self.ends_on)
        self.form.addRow("", self.latest)
        add_row(self, "&Reason", self.reason, "reason")
        add_row(self, "Why &no seven days' notice", self.short_notice, "short_notice_reason")
        self.emergency.toggled.connect(lambda _on: self.show_latest())
        self.starts_on.dateChanged.connect(lambda _d: self.show_latest())
        self.done_building(720)
        self.show_latest()
        self.starts_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> int | None:
        """The id of the suspension recorded, or None."""
        dialog = cls(parent, app, cafe)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def show_latest(self) -> None:
        emergency = self.emergency.isChecked()
        self.notice_on.setEnabled(not emergency)
        if emergency:
            self.latest.setText("In an emergency the City suspends without prior notice.")
            return
        starts = forms.to_date(self.starts_on)
        found = perform(
            self,
            self.app,
            lambda a: cafe_terms.latest_suspension_notice(starts, a.calendar),
            writes=False,
        )
        if found is not None:
            self.latest.setText(
                f"Written notice is due by <b>{html.escape(format_day(found.due))}</b>, seven "
                "days before the suspension starts. Without it the City may still suspend: "
                "say why it could not be given."
            )

    def commit(self) -> object:
        cafe_id, emergency = self.cafe.id, self.emergency.isChecked()
        notice = None if emergency else forms.to_date(self.notice_on)
        starts, ends = forms.to_date(self.starts_on), forms.to_date(self.ends_on)
        reason, short = self.reason.toPlainText(), self.short_notice.toPlainText()

        def work(action: Action) -> int:
            return cafe_suspensions.suspend(
                action,
                cafe_id,
                notice_on=notice,
                starts_on=starts,
                ends_on=ends,
                reason=reason,
                emergency=emergency,
                short_notice_reason=short,
            )

        return self.act(
            work,
            "notice_on",
            keep=("starts_on", "ends_on", "reason", "short_notice_reason"),
        )


class LiftSuspensionDialog(forms.FormDialog):
    """End a suspension early: the cafe may operate again from the day given."""

    def __init__(
        self, parent: QWidget | None, app: App, cafe: CafeRow, suspension: SuspensionRow
    ) -> None:
        super().__init__(parent, f"Lift the suspension — {cafe.number}", save_text="Lift")
        self.app = app
        self.suspension = suspension
        self.setObjectName("lift_dialog")
        self.add_top(
            forms.banner(
                f"{cafe.establishment}: suspended {words.us_date(suspension.starts_on)} through "
                f"{words.us_date(suspension.ends_on)} — {suspension.reason}",
                tone="info",
            )
        )
        self.on = forms.date_edit(app.desk.clock.today(), name="lift_on")
        self.reason = QLineEdit()
        self.reason.setObjectName("lift_reason")
        self.reason.setPlaceholderText("e.g. the sidewalk repair finished early")
        add_row(self, "&Lifted on", left_aligned(self.on), "on", focus=self.on)
        add_row(self, "&Why", self.reason, "reason")
        self.finish_layout()
        suspension_id = suspension.id
        why = core_refusal(parent, app, lambda a: cafe_acts.lift_refusal_of(a, suspension_id))
        if why:
            self.set_read_only(why)
        self.resize(600, self.sizeHint().height())
        self.reason.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, cafe: CafeRow, suspension: SuspensionRow
    ) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe, suspension)))

    def commit(self) -> object:
        suspension_id, on, reason = self.suspension.id, forms.to_date(self.on), self.reason.text()

        def work(action: Action) -> bool:
            cafe_suspensions.lift_suspension(action, suspension_id, on=on, reason=reason)
            return True

        return perform(
            self, self.app, forms.as_field_error(work, "on", keep=("reason",)), errors=self.errors
        )


class RevocationNoticeDialog(ActDialog):
    """Written notice to the permittee of the public meeting at which the Council will consider
    revoking the permit: at least ten days before it. The tab prints the notice."""

    core_act = CafeAct.REVOCATION_NOTICE

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent,
            app,
            cafe,
            "Notice of revocation meeting",
            save_text="Record notice",
            name="revocation_notice_dialog",
        )
        self.add_top(
            note(
                self,
                app,
                "revocation_note",
                "The Common Council may revoke the permit temporarily or permanently after a "
                "public meeting upon 10 days' written notice to the permittee, on a finding that "
                + "; that ".join(cafe_rules.REVOCATION_GROUNDS[:-1])
                + f"; or for {cafe_rules.REVOCATION_GROUNDS[-1]} "
                f"({cite_link(REVOCATION_CITE)}).",
            )
        )
        self.notice_on = forms.date_edit(app.desk.clock.today(), name="revocation_notice_on")
        self.meeting = MeetingChooser(app, held=False)
        self.latest = QLabel()
        self.latest.setObjectName("revocation_latest")
        self.latest.setWordWrap(True)
        self.latest.setTextFormat(Qt.TextFormat.RichText)
        self.grounds = plain_text("grounds", 4, self, "The grounds, as the notice is to state them")
        add_row(
            self,
            "&Notice given on",
            left_aligned(self.notice_on),
            "notice_on",
            focus=self.notice_on,
        )
        add_row(self, "&Meeting", self.meeting, "meeting_id", focus=self.meeting.box)
        self.form.addRow("", self.latest)
        add_row(self, "&Grounds", self.grounds, "grounds")
        self.meeting.changed.connect(self.show_latest)
        self.meeting.fill(cafe.revocation_meeting_id)
        self.done_building(760)
        self.grounds.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def show_latest(self) -> None:
        meeting = self.meeting.meeting()
        if meeting is None:
            self.latest.setText("")
            return
        found = perform(
            self,
            self.app,
            lambda a: cafe_terms.latest_revocation_notice(meeting.day, a.calendar),
            writes=False,
        )
        if found is not None:
            self.latest.setText(
                f"For the meeting of {html.escape(format_day(meeting.day))}, written notice is "
                f"due by <b>{html.escape(format_day(found.due))}</b>: ten days before it."
            )

    def commit(self) -> object:
        meeting_id = require_meeting(self, self.meeting, "meeting_id")
        if meeting_id is None:
            return None
        cafe_id, notice_on = self.cafe.id, forms.to_date(self.notice_on)
        grounds = self.grounds.toPlainText()
        return self.act(
            lambda a: cafe_suspensions.give_revocation_notice(
                a, cafe_id, notice_on=notice_on, meeting_id=meeting_id, grounds=grounds
            ),
            "notice_on",
            keep=("meeting_id", "grounds"),
        )


class RevokeDialog(ActDialog):
    """The Council's revocation at the meeting noticed: permanent, or temporary until a day."""

    core_act = CafeAct.REVOKE

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent,
            app,
            cafe,
            "Revoke the permit",
            save_text="Record revocation",
            name="revoke_dialog",
        )
        noticed = (
            f"Notice given {html.escape(format_day(cafe.revocation_notice_on))} for the meeting "
            f"of {html.escape(cafe.revocation_meeting)}. "
            if cafe.revocation_notice_on
            else ""
        )
        self.add_top(
            note(
                self,
                app,
                "revoke_note",
                f"{noticed}Grounds: {html.escape(cafe.revocation_grounds or '—')} "
                f"({cite_link(REVOCATION_CITE)}).",
            )
        )
        self.meeting = MeetingChooser(app, held=True)
        self.permanent = QRadioButton("&Permanently")
        self.permanent.setObjectName("revoke_permanently")
        self.temporary = QRadioButton("&Temporarily, through")
        self.temporary.setObjectName("revoke_temporarily")
        choice = QButtonGroup(self)
        choice.addButton(self.permanent)
        choice.addButton(self.temporary)
        self.permanent.setChecked(True)
        self.until = forms.date_edit(app.desk.clock.today(), name="revoked_until")
        self.until.setEnabled(False)
        self.temporary.toggled.connect(self.until.setEnabled)
        add_row(self, "&Meeting held", self.meeting, "meeting_id", focus=self.meeting.box)
        add_row(
            self,
            "Revoked",
            row_of(self.permanent, self.temporary, self.until),
            "until",
            focus=self.until,
        )
        self.meeting.fill(cafe.revocation_meeting_id)
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
        until = forms.to_date(self.until) if self.temporary.isChecked() else None
        return self.act(
            lambda a: cafe_suspensions.revoke(a, cafe_id, meeting_id=meeting_id, until=until),
            "meeting_id",
            keep=("until",),
        )
