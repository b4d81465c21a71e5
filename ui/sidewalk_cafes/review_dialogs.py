"""The reviews of an application (§ 506-10): the papers attached after the Council's approval, the
Chief of Police's review, the Director of Public Works' inspection.
"""

from __future__ import annotations

import html

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.sidewalk_cafes import acts as cafe_acts
from clerk_desk.sidewalk_cafes import service as sidewalk_cafes
from clerk_desk.sidewalk_cafes.acts import CafeAct
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_CITE,
    ELIGIBILITY_CITE,
    ISSUANCE_CITE,
)
from clerk_desk.sidewalk_cafes.views import (
    CafeRow,
)
from ui.kit import forms as forms
from ui.kit.dialog_parts import cite_link
from ui.kit.fields import ChooseDateEdit, left_aligned
from ui.kit.operations import App
from ui.sidewalk_cafes.act_dialog import ActDialog
from ui.sidewalk_cafes.common import PLAN_FILTER, RECORDS_FILTER
from ui.sidewalk_cafes.widgets import (
    FileChooser,
    add_row,
    limited,
    note,
    plain_text,
    row_of,
)


class AttachPapersDialog(ActDialog):
    """Supply the site plan or the sales records of an application the Council approved, when
    one is missing or cannot be read (an application approved before the Council's approval
    needed them). The Council decided on the plan it had: a readable plan is not replaced."""

    def refusal(self, action: Action) -> str | None:
        """Which paper a state allows is the service's, with the file chosen."""
        return cafe_acts.register_acts(action)[cafe_acts.RegisterAct.ATTACH_PAPERS]

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Attach papers", save_text="Attach", name="attach_papers_dialog"
        )
        self.add_top(
            note(
                self,
                app,
                "attach_note",
                "The permit is issued once the application is complete: the business records of "
                f"the six months' sales ({cite_link(ELIGIBILITY_CITE)}) and the site plan drawn "
                f"to scale, with the scale noted ({cite_link(APPLICATION_CITE)}).",
            )
        )
        self.site_plan = FileChooser(
            name="site_plan",
            caption="Attach site p&lan…",
            title="Attach the site plan, drawn to scale",
            file_filter=PLAN_FILTER,
            on_file=cafe.site_plan_name,
        )
        self.scale = limited(QLineEdit(cafe.site_plan_scale), "site_plan_scale")
        self.scale.setObjectName("site_plan_scale")
        self.scale.setPlaceholderText("the scale noted on the drawing, e.g. 1/4 in = 1 ft")
        self.sales_records = FileChooser(
            name="sales_records",
            caption="Attach &records…",
            title="Attach the business records of the six months' sales",
            file_filter=RECORDS_FILTER,
            on_file=cafe.sales_records_name,
        )
        add_row(self, "Site plan", self.site_plan, "site_plan", focus=self.site_plan.button)
        add_row(self, "Sca&le", self.scale, "site_plan_scale")
        add_row(
            self,
            "Sales records",
            self.sales_records,
            "sales_records",
            focus=self.sales_records.button,
        )
        for field, chooser in (
            ("site_plan", self.site_plan),
            ("sales_records", self.sales_records),
        ):
            chooser.refused.connect(
                lambda why, field=field: self.errors.show(InvalidInput(why, field=field))
            )
        self.done_building(700)

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def commit(self) -> object:
        plan, records = self.site_plan.chosen(), self.sales_records.chosen()
        if plan is None and records is None:
            self.errors.clear()
            self.errors.show(InvalidInput("Choose a file to attach.", field="site_plan"))
            return None
        cafe_id, scale = self.cafe.id, self.scale.text()

        def work(action: Action) -> None:
            if plan is not None:
                sidewalk_cafes.attach_site_plan(action, cafe_id, *plan, scale=scale)
            if records is not None:
                sidewalk_cafes.attach_sales_records(action, cafe_id, *records)

        return self.act(work, "site_plan", keep=("sales_records", "site_plan_scale"))


class PoliceReviewDialog(ActDialog):
    """The application forwarded to the Chief of Police, and the Chief's written approval or
    memorandum of concerns."""

    core_act = CafeAct.POLICE_REVIEW

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Police review", save_text="Record", name="police_dialog"
        )
        why = (
            "alcohol is to be served in the cafe"
            if cafe.serves_alcohol
            else f"the business holds a liquor license ({cafe.liquor_license})"
        )
        self.add_top(
            note(
                self,
                app,
                "police_note",
                f"Here {html.escape(why)}: the City Administrator forwards the application to the "
                "Chief of Police, who indicates approval in writing and/or forwards a memorandum "
                f"of concerns ({cite_link(APPLICATION_CITE)}).",
            )
        )
        today = app.desk.clock.today
        self.sent_on = ChooseDateEdit(today, name="police_sent_on")
        self.sent_on.set_value(cafe.police_sent_on or today())
        self.reviewed = QCheckBox("The Chief's answer is &in")
        self.reviewed.setObjectName("police_answered")
        self.reviewed_on = forms.date_edit(cafe.police_reviewed_on or today(), name="police_on")
        self.approved_radio = QRadioButton("&Approved in writing")
        self.approved_radio.setObjectName("police_approved")
        self.concerns_radio = QRadioButton("&Memorandum of concerns")
        self.concerns_radio.setObjectName("police_concerns")
        outcome = QButtonGroup(self)
        outcome.addButton(self.approved_radio)
        outcome.addButton(self.concerns_radio)
        (self.concerns_radio if cafe.police_approved is False else self.approved_radio).setChecked(
            True
        )
        self.memo = plain_text(
            "police_memo", 3, self, "The Chief's concerns, or the approval's words"
        )
        self.memo.setPlainText(cafe.police_memo)
        add_row(
            self,
            "&Sent to the Chief on",
            left_aligned(self.sent_on),
            "police_sent_on",
            focus=self.sent_on,
        )
        self.form.addRow("", self.reviewed)
        add_row(
            self,
            "Ans&wered on",
            row_of(self.reviewed_on, self.approved_radio, self.concerns_radio),
            "on",
            focus=self.reviewed_on,
        )
        add_row(self, "M&emo", self.memo, "memo")
        self.reviewed.toggled.connect(self._answered)
        self.reviewed.setChecked(cafe.police_reviewed_on is not None)
        self._answered(self.reviewed.isChecked())
        self.done_building(720)
        self.sent_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def _answered(self, on: bool) -> None:
        for widget in (self.reviewed_on, self.approved_radio, self.concerns_radio, self.memo):
            widget.setEnabled(on)

    def commit(self) -> object:
        cafe_id, sent, already = self.cafe.id, self.sent_on.value(), self.cafe.police_sent_on
        answered = self.reviewed.isChecked()
        on, approved = forms.to_date(self.reviewed_on), self.approved_radio.isChecked()
        memo = self.memo.toPlainText()
        if sent is None and not answered:
            self.errors.clear()
            self.errors.show(
                InvalidInput(
                    "Enter the day the application went to the Chief of Police.",
                    field="police_sent_on",
                )
            )
            return None

        def work(action: Action) -> None:
            if sent is not None and sent != already:
                try:
                    sidewalk_cafes.send_to_police(action, cafe_id, on=sent)
                except InvalidInput as error:  # about the day it was sent, not the answer
                    raise InvalidInput(
                        error.message, field="police_sent_on", cite=error.cite
                    ) from error
            if answered:
                sidewalk_cafes.record_police_review(
                    action, cafe_id, on=on, approved=approved, memo=memo
                )

        return self.act(work, "on", keep=("memo", "police_sent_on"))


class DpwInspectionDialog(ActDialog):
    """The Director of Public Works' inspection of the proposed cafe, before the permit is
    issued."""

    core_act = CafeAct.DPW_INSPECTION

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "DPW inspection", save_text="Record inspection", name="dpw_dialog"
        )
        self.add_top(
            note(
                self,
                app,
                "dpw_note",
                "A sidewalk cafe is permitted only by a permit issued by the City Administrator "
                "after inspection by the Director of Public Works and approval by the Common "
                f"Council ({cite_link(ISSUANCE_CITE)}). The Director also approves the stanchion "
                "bases and the lighting.",
            )
        )
        self.on = forms.date_edit(cafe.dpw_inspected_on or app.desk.clock.today(), name="dpw_on")
        self.by_name = QLineEdit(cafe.dpw_inspected_by or app.operator.full_name)
        self.by_name.setObjectName("dpw_by")
        self.satisfied = QRadioButton("&Satisfied: the cafe may be set up as planned")
        self.satisfied.setObjectName("dpw_satisfied")
        self.unsatisfied = QRadioButton("&Not satisfied")
        self.unsatisfied.setObjectName("dpw_unsatisfied")
        outcome = QButtonGroup(self)
        outcome.addButton(self.satisfied)
        outcome.addButton(self.unsatisfied)
        (self.unsatisfied if cafe.dpw_satisfied is False else self.satisfied).setChecked(True)
        self.dpw_note = plain_text("dpw_note_text", 3, self, "What was found, e.g. tree well")
        self.dpw_note.setPlainText(cafe.dpw_note)
        add_row(self, "Inspected &on", left_aligned(self.on), "on", focus=self.on)
        add_row(self, "&By", self.by_name, "by_name")
        outcome_box = QWidget()
        outcome_lines = QVBoxLayout(outcome_box)
        outcome_lines.setContentsMargins(0, 0, 0, 0)
        outcome_lines.setSpacing(2)
        outcome_lines.addWidget(self.satisfied)
        outcome_lines.addWidget(self.unsatisfied)
        add_row(self, "Result", outcome_box, "satisfied", focus=self.satisfied)
        add_row(self, "No&te", self.dpw_note, "note")
        self.done_building(680)
        self.on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def commit(self) -> object:
        cafe_id, on, by = self.cafe.id, forms.to_date(self.on), self.by_name.text()
        satisfied, text = self.satisfied.isChecked(), self.dpw_note.toPlainText()
        return self.act(
            lambda a: sidewalk_cafes.record_dpw_inspection(
                a, cafe_id, on=on, by_name=by, satisfied=satisfied, note=text
            ),
            "on",
            keep=("by_name", "note"),
        )
