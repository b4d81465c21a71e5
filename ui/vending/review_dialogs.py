"""The forms of the review: the Chief of Police's review, the written statement of the matters in
doubt (§ 506-24) and its delivery."""

from __future__ import annotations

import html
from datetime import date, datetime, time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from clerk_desk.desk import Action
from clerk_desk.vending import service as vending
from clerk_desk.vending import views as vending_views
from clerk_desk.vending.acts import VendingAct
from clerk_desk.vending.rules import DELIVERY_MANNERS, POLICE_CITE, PROCEDURE_CITE
from clerk_desk.vending.views import ApplicationRow, ReviewView
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit.dates import TimeField
from ui.kit.dialog_parts import add_row, cite_link, follow_cite, info_label, plain_text
from ui.kit.fields import ChooseDateEdit, left_aligned
from ui.kit.operations import App, perform
from ui.kit.style import BAD
from ui.vending.checklist import bullet_list
from ui.vending.common import act_refusal, limited


class PoliceReviewDialog(forms.FormDialog):
    """When the encroachments, booth locations and special parking went to the Chief of Police,
    and the Chief's approval.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, application: ApplicationRow, due: date | None
    ) -> None:
        super().__init__(parent, f"Police review — {application.number}", save_text="Record")
        self.app = app
        self.application = application
        self.setObjectName("police_review_dialog")
        note = info_label("police_note_banner")
        when = (
            f" by <b>{html.escape(format_day(due))}</b>, seven days before the event starts"
            if due
            else " at least seven days before the event starts"
        )
        note.setText(
            f"{html.escape(application.event)}: the street and sidewalk encroachments, booth "
            f"locations and special parking go to the Chief of Police for review and approval"
            f"{when} ({cite_link(POLICE_CITE)})."
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        today = app.desk.clock.today
        self.submitted = ChooseDateEdit(today, name="police_submitted_on")
        self.submitted.set_value(application.police_submitted_on)
        self.approved = ChooseDateEdit(
            lambda: self.submitted.value() or today(), name="police_approved_on"
        )
        self.approved.set_value(application.police_approved_on)
        self.approved_by = limited(QLineEdit(), "police_approved_by")
        self.approved_by.setObjectName("police_approved_by")
        self.approved_by.setPlaceholderText("e.g. Chief of Police, or the officer who signed")
        self.approved_by.setText(application.police_approved_by)
        self.note = QLineEdit(application.police_note)
        self.note.setObjectName("police_note")
        self.note.setPlaceholderText("e.g. booths 3 and 4 moved off the Orange St crosswalk")
        add_row(
            self,
            "&Submitted to the Chief on",
            left_aligned(self.submitted),
            "police_submitted_on",
            focus=self.submitted,
        )
        add_row(
            self,
            "&Approved on",
            left_aligned(self.approved),
            "police_approved_on",
            focus=self.approved,
        )
        add_row(self, "Approved &by", self.approved_by, "police_approved_by")
        add_row(self, "&Note", self.note, "police_note")
        self.finish_layout()
        if why := act_refusal(parent, app, application.id, VendingAct.POLICE):
            self.set_read_only(why)
        self.resize(620, self.sizeHint().height())
        self.submitted.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, application: ApplicationRow, due: date | None
    ) -> bool:
        return bool(forms.run_modal(cls(parent, app, application, due)))

    def commit(self) -> object:
        application_id = self.application.id
        submitted, approved = self.submitted.value(), self.approved.value()
        by, note = self.approved_by.text(), self.note.text()

        def work(action: Action) -> bool:
            vending.record_police_review(
                action,
                application_id,
                submitted_on=submitted,
                approved_on=approved,
                approved_by=by,
                note=note,
            )
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(
                work, "police_submitted_on", keep=("police_approved_on", "police_approved_by")
            ),
            errors=self.errors,
        )


class DoubtNoticeDialog(forms.FormDialog):
    """State the matters in doubt: the requirements not met (listed as the checklist shows
    them), and the Clerk's own words. Saving records the notice; the tab then prints it.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, application: ApplicationRow, review: ReviewView
    ) -> None:
        super().__init__(
            parent, f"State the matters in doubt — {application.number}", save_text="Prepare notice"
        )
        self.app = app
        self.application = application
        self.setObjectName("doubt_notice_dialog")
        today = app.desk.clock.today()
        due = application.next_notice_due_on
        overdue = due < today
        note = info_label("doubt_due_banner", tone="warning" if overdue else "info")
        late = (
            f"<br><b style='color:{BAD}'>That day has passed: state them now, and deliver the "
            "notice today.</b>"
            if overdue
            else ""
        )
        clock = (
            "within three days of the time of making application"
            if due == application.doubt_due_on
            else "within three days of the time of making application — here, of its "
            "correction after the last notice (the program's reading)"
        )
        note.setText(
            f"Application {html.escape(application.number)} of "
            f"{html.escape(application.applicant)} was received "
            f"{html.escape(application.received_text)}. Matters in doubt are stated to the "
            f"applicant in writing {clock}: by <b>{html.escape(format_day(due))}</b> "
            f"({cite_link(PROCEDURE_CITE)}).{late}"
        )
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        self.matters = QLabel()
        self.matters.setObjectName("matters_listed")
        self.matters.setWordWrap(True)
        self.matters.setTextFormat(Qt.TextFormat.RichText)
        self.matters.setText(
            "The notice lists these requirements, not met as the checklist stands today:"
            + bullet_list(review.matters)
            if review.matters
            else "<i>Every requirement is met today: the notice lists only what you write "
            "below.</i>"
        )
        self.clerk_text = plain_text(
            "clerk_text",
            4,
            self,
            "Your own matters in doubt, e.g. The site map does not show where the food trucks "
            "will park.",
        )
        self.form.addRow(self.matters)
        add_row(self, "Your &own matters", self.clerk_text, "clerk_text")
        self.finish_layout()
        if why := act_refusal(parent, app, application.id, VendingAct.DOUBT):
            self.set_read_only(why)
        self.resize(760, self.sizeHint().height())
        self.clerk_text.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, application: ApplicationRow, review: ReviewView
    ) -> int | None:
        """The id of the notice prepared, or None."""
        dialog = cls(parent, app, application, review)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def commit(self) -> object:
        application_id, text = self.application.id, self.clerk_text.toPlainText()

        def work(action: Action) -> int:
            return vending.prepare_doubt_notice(action, application_id, clerk_text=text)

        return perform(self, self.app, forms.as_field_error(work, "clerk_text"), errors=self.errors)


class DeliveryDialog(forms.FormDialog):
    """When and how the doubt notice reached the applicant.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, application: ApplicationRow) -> None:
        super().__init__(
            parent, f"Record delivery of the notice — {application.number}", save_text="Record"
        )
        self.app = app
        self.application = application
        self.setObjectName("delivery_dialog")
        notices = application.undelivered or application.notices
        self.notice = QComboBox()
        self.notice.setObjectName("notice")
        for notice in reversed(notices):
            self.notice.addItem(f"{notice.label}, due by {format_day(notice.due_on)}", notice.id)
        now = app.desk.clock.local_now()
        self.day = forms.date_edit(now.date(), name="delivered_day")
        self.time = TimeField(now.time().replace(second=0, microsecond=0), name="delivered_time")
        when = QWidget()
        when_row = QHBoxLayout(when)
        when_row.setContentsMargins(0, 0, 0, 0)
        when_row.addWidget(self.day)
        when_row.addWidget(QLabel("at"))
        when_row.addWidget(self.time)
        when_row.addStretch(1)
        self.manner = QComboBox()
        self.manner.setObjectName("manner")
        self.manner.setEditable(True)
        self.manner.addItems(list(DELIVERY_MANNERS))
        typed = self.manner.lineEdit()
        if typed is not None:
            typed.setMaxLength(vending_views.text_limits()["delivered_manner"] or 40)
        self.add_top(
            forms.banner(
                f"{application.number}, {application.applicant}: the written statement of the "
                f"matters in doubt was due to the applicant by "
                f"{format_day(notices[-1].due_on if notices else application.doubt_due_on)}.",
                tone="info",
            )
        )
        add_row(self, "&Notice", self.notice, "notice")
        add_row(self, "&Delivered", when, "delivered_at", focus=self.day)
        add_row(self, "&How", self.manner, "manner")
        self.finish_layout()
        if why := act_refusal(parent, app, application.id, VendingAct.DELIVER):
            self.set_read_only(why)
        self.resize(620, self.sizeHint().height())
        self.manner.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, application: ApplicationRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, application)))

    def commit(self) -> object:
        notice_id = self.notice.currentData()
        day, value, manner = forms.to_date(self.day), self.time.time(), self.manner.currentText()
        if not isinstance(notice_id, int):
            return None

        def work(action: Action) -> bool:
            at = datetime.combine(day, time(value.hour(), value.minute()), tzinfo=action.zone)
            vending.record_notice_delivery(action, notice_id, delivered_at=at, manner=manner)
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "delivered_at", keep=("manner",)),
            errors=self.errors,
        )
