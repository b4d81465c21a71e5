"""The notice to owners within 100 feet and the comments (§ 506-10 (Application for permit)): the
list of owners and occupants, the day the notice is mailed with its letters, a comment received.
"""

from __future__ import annotations

import html
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.sidewalk_cafes import acts as cafe_acts
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import papers as cafe_papers
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes.acts import CafeAct
from clerk_desk.sidewalk_cafes.papers import Paper
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_CITE,
    ISSUANCE_CITE,
)
from clerk_desk.sidewalk_cafes.views import (
    SOURCE_LABELS,
    TEXT_LIMITS,
    CafeRow,
    NeighborRow,
)
from clerk_desk.words import format_day, plural
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.dialog_parts import cite_link
from ui.kit.edit_rows import EditColumn
from ui.kit.fields import left_aligned
from ui.kit.findings_view import FindingsView
from ui.kit.list_editor import ListEditor, ListNames
from ui.kit.operations import App, core_refusal, perform
from ui.kit.style import BAD, QUIET
from ui.kit.table_models import TableColumn
from ui.sidewalk_cafes.act_dialog import ActDialog
from ui.sidewalk_cafes.papers import render_all
from ui.sidewalk_cafes.widgets import (
    add_row,
    label_start_box,
    limited,
    note,
    plain_text,
    row_of,
)

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
        self.neighbors_list = ListEditor(
            self,
            neighbor_columns(),
            blank=lambda: NeighborRow(""),
            names=ListNames(
                "neighbors_table",
                "add_neighbor_button",
                "remove_neighbor_button",
                "import_neighbors_button",
                "neighbors_count",
            ),
            import_tip="A sheet with a header row: Name, Mailing address (or Address, City, "
            "State, ZIP), Parcel, Owner or occupant, Distance",
            count_colour=QUIET,
        )
        self.model, self.table = self.neighbors_list.model, self.neighbors_list.table
        forms.size_columns(self.table, {0: 26, 1: 34, 2: 11, 3: 10})
        self.add_button = self.neighbors_list.add_button
        self.remove_button = self.neighbors_list.remove_button
        self.import_button = self.neighbors_list.import_button
        self.count = self.neighbors_list.count
        buttons = self.neighbors_list.buttons
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
        self.import_button.clicked.connect(self.import_list)
        self._count()
        self._show_beyond()
        cafe_id = cafe.id
        why = core_refusal(parent, app, lambda a: cafe_acts.acts(a, cafe_id)[CafeAct.NEIGHBOURS])
        if why:  # the permission, or a notice mailed: the list it was mailed to is kept
            self.set_read_only(why)
        if not self.save_button.isEnabled():
            self.neighbors_list.lock()
        self.resize(1120, 560)
        self.table.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def neighbors(self) -> list[NeighborRow]:
        """The names typed or imported; lines left wholly empty are not part of the list."""
        return self.neighbors_list.rows()

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

    def import_list(self) -> None:
        """Read the list from a spreadsheet; the core names the line of the first problem."""

        def read(path: str) -> list[NeighborRow]:
            from reports.excel import read_table

            try:
                table = read_table(path)
            except InvalidInput as error:
                raise InvalidInput(error.message, field="neighbors") from error
            return [NeighborRow.of(n) for n in cafe_notice.neighbors_from_rows(table)]

        self.neighbors_list.import_list(
            self,
            title="Import the owners and occupants",
            read=read,
            errors=self.errors,
            held_in="the list",
        )

    def commit(self) -> object:
        cafe_id, people = self.cafe.id, self.neighbors()

        def work(action: Action) -> bool:
            rows = [person.data(line) for line, person in enumerate(people, start=1)]
            cafe_notice.set_neighbors(action, cafe_id, rows)
            return True

        return perform(self, self.app, forms.as_field_error(work, "neighbors"), errors=self.errors)


class NoticeMailedDialog(ActDialog):
    """Record the day the notice was mailed to the owners and occupants listed; the last day
    for comments (15 calendar days, received by the Clerk at City Hall) shows as the day is
    chosen. The letters, dated that day with the applicant's diagram, are written in the same
    act as the mailing is recorded: if they cannot be (no readable site plan), nothing is
    recorded and the form says why. The tab then prints the papers chosen here."""

    core_act = CafeAct.MAIL_NOTICE

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


class CommentDialog(ActDialog):
    """A comment received by the City Clerk: from whom, when, what it says. One received after
    the fifteenth day is kept all the same, marked untimely, for the Council."""

    core_act = CafeAct.COMMENT

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
