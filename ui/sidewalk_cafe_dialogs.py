"""The forms that act on a sidewalk cafe application (§ 506-10): the owners and occupants within
100 feet, the notice mailed (its letters written in the same act), comments, the police review,
the DPW inspection, the Common Council, issuance, suspension, revocation, denial, withdrawal.
The application form itself is :mod:`ui.sidewalk_cafe_application`; the rows shown are
:mod:`ui.sidewalk_cafe_rows`; the papers :mod:`ui.sidewalk_cafe_papers`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from datetime import time
from pathlib import Path

from PySide6.QtCore import Qt, QTime, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.permissions import refusal
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import papers as cafe_papers
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sidewalk_cafes
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes import views as cafe_views
from clerk_desk.sidewalk_cafes.papers import Paper
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_CITE,
    ELIGIBILITY_CITE,
    HOURS_CITE,
    ISSUANCE_CITE,
    REVOCATION_CITE,
    TERM_CITE,
)
from clerk_desk.sidewalk_cafes.views import (
    SOURCE_LABELS,
    TEXT_LIMITS,
    CafeDetails,
    CafeRow,
    NeighborRow,
    SuspensionRow,
)
from clerk_desk.words import format_day, plural
from ui import forms, operations
from ui.dialog_parts import MeetingPicker, cite_link, may_not
from ui.findings_view import FindingsView
from ui.kit.edit_rows import EditColumn, EditRowsModel, editable_table
from ui.kit.fields import ChooseDateEdit, left_aligned
from ui.kit.meetings import MeetingRow, ReasonForm, meeting_rows
from ui.kit.style import BAD, QUIET, text_sheet
from ui.operations import App, attempt, perform
from ui.sidewalk_cafe_application import FileChooser
from ui.sidewalk_cafe_papers import render_all
from ui.sidewalk_cafe_rows import DECIDE, ISSUE, LIST_FILTER, PLAN_FILTER, RECORDS_FILTER, TAKE
from ui.sidewalk_cafe_widgets import (
    ChecklistView,
    add_row,
    cafe_banner,
    fit_height,
    label_start_box,
    limited,
    note,
    plain_text,
    row_of,
)
from ui.table_models import TableColumn

# ---- the owners and occupants within 100 feet ------------------------------------------------

RELATION_CHOICES = (("owner", "Owner"), ("occupant", "Occupant"))


def neighbor_columns() -> tuple[EditColumn, ...]:
    return (
        EditColumn(
            "Name",
            lambda r: r.name,
            lambda r: r.name,
            lambda r, v: replace(r, name=v),
            limit=TEXT_LIMITS["neighbor_name"],
        ),
        EditColumn(
            "Mailing address (lines separated by ;)",
            lambda r: r.address_line,
            lambda r: r.address_line,
            lambda r, v: replace(
                r, mailing_address="\n".join(p.strip() for p in str(v).split(";") if p.strip())
            ),
        ),
        EditColumn(
            "Parcel",
            lambda r: r.parcel_number,
            lambda r: r.parcel_number,
            lambda r, v: replace(r, parcel_number=v),
            limit=TEXT_LIMITS["neighbor_parcel_number"],
        ),
        EditColumn(
            "Listed as",
            lambda r: dict(RELATION_CHOICES).get(r.relation, r.relation),
            lambda r: r.relation,
            lambda r, v: replace(r, relation=v),
            "choice",
            choices=RELATION_CHOICES,
        ),
        EditColumn(
            "Distance",
            lambda r: r.distance_text,
            lambda r: r.distance,
            lambda r, v: replace(r, distance=str(v)),
            limit=12,
        ),
    )


def neighbor_view_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Name", lambda r: r.name),
        TableColumn("Mailing address", lambda r: r.address_line, tooltip=lambda r: r.address_line),
        TableColumn("Parcel", lambda r: r.parcel_number),
        TableColumn("Listed as", lambda r: dict(RELATION_CHOICES).get(r.relation, "")),
        TableColumn("Distance", lambda r: r.distance_text),
    )


class NeighborsDialog(forms.FormDialog):
    """The owners (and occupants) of property within 100 feet, to whom the notice is mailed:
    typed into the table or imported from a spreadsheet. Kept as mailed once the notice is.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(parent, f"Owners within 100 feet — {cafe.number}", save_text="Save list")
        self.app = app
        self.cafe = cafe
        self.setObjectName("neighbors_dialog")
        self.add_top(
            note(
                self,
                app,
                "neighbors_note",
                f"{html.escape(cafe.establishment)}, {html.escape(cafe.address)}. Before the "
                "application goes to the Common Council, notice is mailed to all owners of "
                "property within 100 feet of the applicant's property and the proposed cafe; the "
                "list of the names and addresses of the owners and occupants it was sent to is "
                f"attached to the packet ({cite_link(APPLICATION_CITE)}). A name more than 100 "
                "feet away is kept, marked <i>beyond 100 ft — not required</i>, and mailed the "
                "notice all the same; take the line off if it was a mistake.",
            )
        )
        self.model = EditRowsModel(neighbor_columns(), self)
        self.table = editable_table(self.model, name="neighbors_table")
        forms.size_columns(self.table, {0: 26, 1: 34, 2: 11, 3: 10})
        self.add_button = QPushButton("Add &name")
        self.add_button.setObjectName("add_neighbor_button")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("remove_neighbor_button")
        self.import_button = QPushButton("Import from E&xcel or CSV…")
        self.import_button.setObjectName("import_neighbors_button")
        self.import_button.setToolTip(
            "A sheet with a header row: Name, Mailing address (or Address, City, State, ZIP), "
            "Parcel, Owner or occupant, Distance"
        )
        self.count = QLabel()
        self.count.setObjectName("neighbors_count")
        self.count.setStyleSheet(text_sheet(QUIET))
        buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.import_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.count)
        self._layout.insertWidget(1, self.table, 1)
        self._layout.insertLayout(2, buttons)
        message = forms.error_label()
        self._layout.insertWidget(3, message)
        self.errors.add("neighbors", message, self.table)
        self.beyond_view = FindingsView(app, self)
        self.beyond_view.setObjectName("beyond_findings")
        self._layout.insertWidget(4, self.beyond_view)
        self.finish_layout()
        self._layout.setStretch(self._layout.count() - 2, 0)
        self.model.set_rows(list(cafe.neighbors))
        self.model.rows_changed.connect(self._count)
        self.model.rows_changed.connect(self._show_beyond)
        self.add_button.clicked.connect(self.add_neighbor)
        self.remove_button.clicked.connect(self.remove_neighbor)
        self.import_button.clicked.connect(self.import_list)
        self._count()
        self._show_beyond()
        if not app.operator.may(TAKE):
            self.set_read_only(refusal(app.operator.role, TAKE))
        elif cafe.notice_mailed_on is not None:
            self.set_read_only(
                f"The notice was mailed {format_day(cafe.notice_mailed_on)}: the list it was "
                "mailed to is kept as it was."
            )
        if not self.save_button.isEnabled():
            for widget in (self.add_button, self.remove_button, self.import_button):
                widget.setEnabled(False)
            self.table.setEditTriggers(self.table.EditTrigger.NoEditTriggers)
        self.resize(1120, 560)
        self.table.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def neighbors(self) -> list[NeighborRow]:
        """The names typed or imported; lines left wholly empty are not part of the list."""
        return [n for n in self.model.rows if not n.blank]

    def _show_beyond(self) -> None:
        """The names more than 100 feet away, as the core warns of them (kept, marked)."""
        rows = []
        for line, person in enumerate(self.neighbors(), start=1):
            try:
                rows.append(person.data(line))
            except InvalidInput:  # a distance not yet readable: said when the list is saved
                rows.append(replace(person, distance="").data(line))
        found = cafe_rules.neighbor_findings(rows)
        self.beyond_view.set_findings(found)
        self.beyond_view.setVisible(bool(found))

    def _count(self) -> None:
        people = self.neighbors()
        owners = sum(1 for p in people if p.relation == "owner")
        self.count.setText(
            f"{plural(len(people), 'name')}: {plural(owners, 'owner')}, "
            f"{plural(len(people) - owners, 'occupant')}"
            if people
            else "No names yet"
        )

    def add_neighbor(self) -> None:
        at = self.model.insert(NeighborRow(""))
        index = self.model.index(at, 0)
        self.table.setCurrentIndex(index)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        self.table.edit(index)

    def remove_neighbor(self) -> None:
        index = self.table.currentIndex()
        if index.isValid():
            self.model.remove(index.row())

    def import_list(self) -> None:
        """Read the list from a spreadsheet; the core names the line of the first problem."""
        path = forms.ask_open_path(self, "Import the owners and occupants", LIST_FILTER)
        if not path:
            return

        def read() -> list[NeighborRow]:
            from reports.excel import read_table

            try:
                table = read_table(path)
            except InvalidInput as error:
                raise InvalidInput(error.message, field="neighbors") from error
            return [NeighborRow.of(n) for n in cafe_notice.neighbors_from_rows(table)]

        people = attempt(self, read, errors=self.errors)
        if people is None:
            return
        typed = self.neighbors()
        if typed:
            box = QMessageBox(
                QMessageBox.Icon.Question,
                "Import the list",
                f"{Path(path).name} names {plural(len(people), 'name')}. Replace the "
                f"{plural(len(typed), 'name')} in the list with them, or add them?",
                QMessageBox.StandardButton.Yes
                | QMessageBox.StandardButton.No
                | QMessageBox.StandardButton.Cancel,
                self,
            )
            box.setObjectName("import_question")
            box.button(QMessageBox.StandardButton.Yes).setText("Replace")
            box.button(QMessageBox.StandardButton.No).setText("Add to them")
            answer = operations.ask_message(box)
            if answer == QMessageBox.StandardButton.Cancel:
                return
            if answer == QMessageBox.StandardButton.No:
                people = typed + people
        self.model.set_rows(people)
        self.count.setText(self.count.text() + f" — read from {Path(path).name}")

    def commit(self) -> object:
        cafe_id, people = self.cafe.id, self.neighbors()

        def work(action: Action) -> bool:
            rows = [person.data(line) for line, person in enumerate(people, start=1)]
            cafe_notice.set_neighbors(action, cafe_id, rows)
            return True

        return perform(self, self.app, forms.as_field_error(work, "neighbors"), errors=self.errors)


# ---- acts on an application ------------------------------------------------------------------


class ActDialog(forms.FormDialog):
    """A form acting on one application: its line at the top, read-only for who may not act."""

    permission = TAKE

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        cafe: CafeRow,
        title: str,
        *,
        save_text: str,
        name: str,
    ) -> None:
        super().__init__(parent, f"{title} — {cafe.number}", save_text=save_text)
        self.app = app
        self.cafe = cafe
        self.setObjectName(name)

    def done_building(self, width: int = 660) -> None:
        self.add_top(cafe_banner(self.cafe))  # the application first, then what the form is about
        self.finish_layout()
        why = may_not(self.app, self.permission)
        if why:
            self.set_read_only(why)
        fit_height(self, width)

    def act(
        self, work: Callable[[Action], object], field: str, keep: tuple[str, ...] = ()
    ) -> object:
        def done(action: Action) -> object:
            result = work(action)
            return result if result is not None else True

        return perform(
            self, self.app, forms.as_field_error(done, field, keep=keep), errors=self.errors
        )


class NoticeMailedDialog(ActDialog):
    """Record the day the notice was mailed to the owners and occupants listed; the last day
    for comments (15 calendar days, received by the Clerk at City Hall) shows as the day is
    chosen. The letters, dated that day with the applicant's diagram, are written in the same
    act as the mailing is recorded: if they cannot be (no readable site plan), nothing is
    recorded and the form says why. The tab then prints the papers chosen here."""

    permission = ISSUE

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Notice mailed", save_text="Record mailing", name="notice_dialog"
        )
        count = len(cafe.neighbors)
        addressees = plural(count, "owner or occupant", "owners and occupants")
        self.add_top(
            note(
                self,
                app,
                "mailing_note",
                f"The notice goes to the {addressees} listed: that an application was filed, "
                "with the applicant's site plan, whether "
                "alcohol will be served if the permit is granted, and that all comments must be "
                "received by the City Clerk within 15 calendar days from the date of mailing "
                f"({cite_link(APPLICATION_CITE)}).",
            )
        )
        self.mailed_on = forms.date_edit(app.desk.clock.today(), name="mailed_on")
        self.by_name = QLineEdit(app.operator.full_name)
        self.by_name.setObjectName("mailed_by")
        self.due = QLabel()
        self.due.setObjectName("comments_due")
        self.due.setWordWrap(True)
        self.due.setTextFormat(Qt.TextFormat.RichText)
        self.plan = QLabel(
            html.escape(
                f"{cafe.site_plan_name}"
                + (f", drawn to a scale of {cafe.site_plan_scale}" if cafe.site_plan_scale else "")
            )
            if cafe.site_plan_name
            else f"<b style='color:{BAD}'>None attached</b> — attach the applicant's site plan "
            "(Correct…) before the notice is mailed"
        )
        self.plan.setObjectName("notice_site_plan")
        self.plan.setWordWrap(True)
        self.letters = QCheckBox(f"The notice &letters ({plural(count, 'letter')})")
        self.letters.setObjectName("print_letters")
        self.labels = QCheckBox("The mailing l&abels (Avery 5160), from label")
        self.labels.setObjectName("print_labels")
        self.first_label = label_start_box(self)
        self.packet_list = QCheckBox("The &list for the application packet")
        self.packet_list.setObjectName("print_list")
        for box in (self.letters, self.labels, self.packet_list):
            box.setChecked(True)
        self.labels.toggled.connect(self.first_label.setEnabled)
        papers = QWidget()
        papers_lines = QVBoxLayout(papers)
        papers_lines.setContentsMargins(0, 0, 0, 0)
        papers_lines.setSpacing(2)
        papers_lines.addWidget(self.letters)
        papers_lines.addWidget(row_of(self.labels, self.first_label, "of the first sheet"))
        papers_lines.addWidget(self.packet_list)
        add_row(self, "&Mailed on", left_aligned(self.mailed_on), "mailed_on", focus=self.mailed_on)
        add_row(self, "Mailed &by", self.by_name, "by_name")
        self.form.addRow("", self.due)
        add_row(self, "Diagram", self.plan, "site_plan")
        self.form.addRow("Print now", papers)
        self.mailed_on.dateChanged.connect(lambda _d: self.show_due())
        self.done_building(720)
        self.show_due()
        self.mailed_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> list[tuple[str, bytes]] | None:
        """The papers written with the mailing, to print now (title, PDF), or None if
        cancelled."""
        dialog = cls(parent, app, cafe)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, list):
            skip = dialog.first_label.value() - 1
            return render_all(parent, dialog.result_value, skip=skip)
        return None

    def papers(self) -> list[str]:
        chosen = (
            ("letters", self.letters),
            ("labels", self.labels),
            ("list", self.packet_list),
        )
        return [paper for paper, box in chosen if box.isChecked()]

    def show_due(self) -> None:
        mailed = forms.to_date(self.mailed_on)
        found = perform(
            self,
            self.app,
            lambda a: cafe_terms.comment_deadline(mailed, a.calendar),
            writes=False,
        )
        if found is None:
            return
        explained = " ".join(found.explanation)
        self.due.setText(
            f"Comments must be received by <b>{html.escape(format_day(found.due))}</b>"
            f"<br><small style='color:{QUIET}'>{html.escape(explained)}</small>"
        )

    def commit(self) -> object:
        cafe_id, mailed, by = self.cafe.id, forms.to_date(self.mailed_on), self.by_name.text()
        chosen = self.papers()

        def work(action: Action) -> list[Paper]:
            cafe_notice.record_notice_mailed(action, cafe_id, mailed_on=mailed, by_name=by)
            # the letters, dated the day mailed, read with the mailing; drawn once it is saved
            return [cafe_papers.paper(action, cafe_id, kind) for kind in chosen]

        return self.act(work, "mailed_on", keep=("by_name", "site_plan"))


class AttachPapersDialog(ActDialog):
    """Supply the site plan or the sales records of an application the Council approved, when
    one is missing or cannot be read (an application approved before the Council's approval
    needed them). The Council decided on the plan it had: a readable plan is not replaced."""

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


class CommentDialog(ActDialog):
    """A comment received by the City Clerk: from whom, when, what it says. One received after
    the fifteenth day is kept all the same, marked untimely, for the Council."""

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Comment received", save_text="Record comment", name="comment_dialog"
        )
        due = (
            f"Comments are to be received by <b>{html.escape(format_day(cafe.comments_due_on))}"
            "</b>, 15 calendar days from the mailing; one received later is recorded all the "
            "same, marked untimely."
            if cafe.comments_due_on
            else "The notice has not been mailed yet."
        )
        self.add_top(
            note(
                self,
                app,
                "comment_note",
                f"{due} The Common Council considers the comments of the applicant, the public "
                f"and City staff and committees ({cite_link(ISSUANCE_CITE)}).",
            )
        )
        self.received_on = forms.date_edit(app.desk.clock.today(), name="received_on")
        self.commenter = limited(QLineEdit(), "commenter")
        self.commenter.setObjectName("commenter")
        self.commenter.setPlaceholderText(
            "who wrote or called, e.g. Ruth Halvorsen, 241 Broad St N"
        )
        self.source = QComboBox()
        self.source.setObjectName("source")
        for value in cafe_rules.COMMENT_SOURCES:
            self.source.addItem(SOURCE_LABELS.get(value, value.capitalize()), value)
        self.text = plain_text("comment_text", 4, self, "What the comment says")
        add_row(
            self,
            "&Received on",
            left_aligned(self.received_on),
            "received_on",
            focus=self.received_on,
        )
        add_row(self, "&From", self.commenter, "commenter")
        add_row(self, "&Source", left_aligned(self.source), "source", focus=self.source)
        add_row(self, "&Comment", self.text, "text")
        self.done_building(700)
        self.commenter.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def commit(self) -> object:
        cafe_id, day = self.cafe.id, forms.to_date(self.received_on)
        who, text, source = (
            self.commenter.text(),
            self.text.toPlainText(),
            self.source.currentData(),
        )
        return self.act(
            lambda a: cafe_notice.record_comment(
                a, cafe_id, received_on=day, commenter=who, text=text, source=str(source)
            ),
            "received_on",
            keep=("commenter", "text", "source"),
        )


class PoliceReviewDialog(ActDialog):
    """The application forwarded to the Chief of Police, and the Chief's written approval or
    memorandum of concerns."""

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

    permission = DECIDE

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


# ---- the Common Council ------------------------------------------------------------------------


class MeetingChooser(MeetingPicker):
    """A Council meeting from the list, or a new one added on the spot.

    ``held``: the meetings that have taken place, the latest first, then the next two not held
    yet (marked, so that the core says so if one is chosen); otherwise the meetings to come.
    With ``cafe_id``, the meetings at which the Council may act on that application come first
    (:func:`clerk_desk.sidewalk_cafes.council.council_meetings`: after the comment period), the
    others marked.

    Signals: ``changed()`` when another meeting is chosen.
    """

    changed = Signal()

    def __init__(
        self, app: App, *, held: bool, cafe_id: int | None = None, name: str = "meeting"
    ) -> None:
        super().__init__(
            app, name=name, new_tip="Add the Council meeting to the list and choose it"
        )
        self.held = held
        self.cafe_id = cafe_id
        self.rows: dict[int, MeetingRow] = {}
        self.box.currentIndexChanged.connect(lambda _i: self.changed.emit())

    def fill(self, current: int | None = None) -> None:
        cafe_id, held = self.cafe_id, self.held

        def work(action: Action) -> tuple[list[MeetingRow], set[int] | None]:
            rows = [r for r in meeting_rows(action) if not r.cancelled]
            if cafe_id is None:
                return rows, None
            return rows, cafe_views.fitting_meetings(action, cafe_id, held=held)

        found = perform(self, self.app, work, writes=False)
        rows, fit = found if found is not None else ([], None)
        self.rows = {r.id: r for r in rows}
        done = sorted((r for r in rows if r.held), key=lambda r: r.starts_at, reverse=True)
        to_come = [r for r in rows if not r.held]
        mark = " — within the comment period"
        with forms.quietly(self.box):
            self.box.clear()
            if held:
                usable = [r for r in done if fit is None or r.id in fit]
                for row in usable:
                    self.box.addItem(row.label, row.id)
                for row in (r for r in done if r not in usable):
                    self.box.addItem(row.label + mark, row.id)
                for row in to_come[:2]:
                    self.box.addItem(f"{row.label} (not held yet)", row.id)
            else:
                for row in (r for r in to_come if fit is None or r.id in fit):
                    self.box.addItem(row.label, row.id)
                for row in (r for r in to_come if fit is not None and r.id not in fit):
                    self.box.addItem(row.label + mark, row.id)
            if not self.box.count():
                missing = "No meeting in the list" if held else "No meeting to come"
                self.box.addItem(f"{missing} — add it with New meeting…", None)
            index = self.box.findData(current) if current is not None else -1
            self.box.setCurrentIndex(max(index, 0))
        self.changed.emit()

    def meeting(self) -> MeetingRow | None:
        chosen = self.meeting_id()
        return self.rows.get(chosen) if chosen is not None else None


def _require_meeting(dialog: forms.FormDialog, chooser: MeetingChooser, field: str) -> int | None:
    meeting_id = chooser.meeting_id()
    if meeting_id is None:
        dialog.errors.clear()
        dialog.errors.show(InvalidInput("Choose the Council meeting.", field=field))
    return meeting_id


class BeforeCouncilDialog(ActDialog):
    """Put the completed application packet on the agenda of a Council meeting to come."""

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
        meeting_id = _require_meeting(self, self.meeting, "meeting_id")
        if meeting_id is None:
            return None
        cafe_id = self.cafe.id
        return self.act(
            lambda a: cafe_council.place_before_council(a, cafe_id, meeting_id), "meeting_id"
        )


class CouncilDecisionDialog(ActDialog):
    """What the Common Council decided, at a meeting that has taken place: approved, with its
    conditions and any further restriction of the hours, or denied with its reasons."""

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
        self.closes_at = QTimeEdit(QTime(21, 0))
        self.closes_at.setObjectName("council_closes_at")
        self.closes_at.setDisplayFormat("h:mm AP")
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
        meeting_id = _require_meeting(self, self.meeting, "meeting_id")
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


# ---- the permit ------------------------------------------------------------------------------


class IssueDialog(ActDialog):
    """Issue the permit, as the City Administrator, after the Council's approval and the DPW
    inspection. The permit runs at most one year from its issuance; the tab prints it."""

    permission = ISSUE

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


class SuspendDialog(ActDialog):
    """A temporary suspension of the cafe's operation, on seven days' written notice (or
    without, in an emergency). The tab prints the letter."""

    permission = ISSUE

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
                f"days before the suspension starts."
            )

    def commit(self) -> object:
        cafe_id, emergency = self.cafe.id, self.emergency.isChecked()
        notice = None if emergency else forms.to_date(self.notice_on)
        starts, ends = forms.to_date(self.starts_on), forms.to_date(self.ends_on)
        reason = self.reason.toPlainText()

        def work(action: Action) -> int:
            return cafe_suspensions.suspend(
                action,
                cafe_id,
                notice_on=notice,
                starts_on=starts,
                ends_on=ends,
                reason=reason,
                emergency=emergency,
            )

        return self.act(work, "notice_on", keep=("starts_on", "ends_on", "reason"))


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
        why = may_not(app, ISSUE)
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

    permission = ISSUE

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
        meeting_id = _require_meeting(self, self.meeting, "meeting_id")
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

    permission = ISSUE

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
        meeting_id = _require_meeting(self, self.meeting, "meeting_id")
        if meeting_id is None:
            return None
        cafe_id = self.cafe.id
        until = forms.to_date(self.until) if self.temporary.isChecked() else None
        return self.act(
            lambda a: cafe_suspensions.revoke(a, cafe_id, meeting_id=meeting_id, until=until),
            "meeting_id",
            keep=("until",),
        )


class DenyDialog(ActDialog):
    """Deny the application, with the reasons; at the Council meeting that denied it, if any."""

    # Who takes applications records the Council's denial; the Administrator's own refusal
    # (no meeting) needs ISSUE, and the core says so if it is tried without.
    permission = TAKE

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
            meeting_id = _require_meeting(self, self.meeting, "meeting_id")
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
        placeholder="who withdrew it and how, e.g. letter from the owner received 12/4",
        work=lambda a, why: sidewalk_cafes.withdraw(a, cafe.id, reason=why),
        name="withdraw_dialog",
    )
