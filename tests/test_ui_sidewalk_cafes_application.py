"""Sidewalk Cafes tab (§ 506-10), the application: one permit driven through its dialogs from
the application at the counter to the printed permit, checked in the database and on paper, and
the application form's own checks (a layout the core refuses, a file that cannot be kept,
alcohol, the side street, times). The notice to the neighbours is in
test_ui_sidewalk_cafes_notice.py; suspensions, revocations and renewals in
test_ui_sidewalk_cafes_suspensions.py.

"Today" starts on Monday, November 30, 2026, 10:00 a.m.; the records, the fixtures and the
replaced dialogs and printer are those of ui_sidewalk_cafes_steps.py.
"""

from __future__ import annotations

import html
import io
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from pypdf import PdfReader
from PySide6.QtCore import QDate, Qt, QTime
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QLineEdit, QTableView, QWidget
from sqlalchemy import select
from ui_sidewalk_cafes_steps import (  # type: ignore[import-not-found]
    BISTRO,
    _business_on_broad,
    _certificate,
    _meeting,
    _pay_fee,
    _stored,
    label_text,
    retype,
    site_plan_png,
    tab,
)

from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk
from clerk_desk.kinds import CafeStatus, Role
from clerk_desk.models import SidewalkCafe
from clerk_desk.money import Money
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.sidewalk_cafes.application import ApplicationDialog
from ui.sidewalk_cafes.council_dialogs import (
    BeforeCouncilDialog,
    CouncilDecisionDialog,
    IssueDialog,
)
from ui.sidewalk_cafes.notice_dialogs import CommentDialog, NeighborsDialog, NoticeMailedDialog
from ui.sidewalk_cafes.review_dialogs import DpwInspectionDialog, PoliceReviewDialog
from ui.sidewalk_cafes.tab import SidewalkCafesTab

__all__ = ["tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui

CONDITION = "Stanchion barriers 3 ft high with weighted bases, approved by the DPW."


def _only_id(desk: Desk) -> int:
    with desk.database.reading() as session:
        ids = list(session.scalars(select(SidewalkCafe.id)))
    assert len(ids) == 1
    return ids[0]


def _editor(view: QTableView) -> QWidget | None:
    shown = [
        w
        for w in view.viewport().findChildren(
            QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
        )
        if w.isVisible()
    ]
    return shown[0] if shown else None


def type_cell(qtbot, view: QTableView, row: int, column: int, value: str) -> None:
    """Edit one cell as the clerk does: open its editor, type, press Enter."""
    index = view.model().index(row, column)
    view.setCurrentIndex(index)
    if _editor(view) is None:  # "Add day" opens the new row's first cell by itself
        view.edit(index)
    editor = _editor(view)
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, value)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _editor(view) is None)


def findings_of(dialog: ApplicationDialog, view: str) -> str:
    """What a live findings list of the form shows, after the rules were asked again."""
    dialog.show_findings()
    return html.unescape(" ".join(getattr(dialog, view).texts()))


# ---- one permit, from the application to the printed permit -----------------------------------


def test_a_permit_from_the_application_to_the_printed_permit(
    qtbot,
    tab,
    desk,
    clerk,
    operator_with,
    clock: FixedClock,
    dialogs,
    messages,
    tmp_path,
    monkeypatch,
) -> None:
    bistro = _business_on_broad(desk, clerk, "Kinni Creek Bistro LLC")
    plan = tmp_path / "bistro-site-plan.png"
    plan.write_bytes(site_plan_png())
    records = tmp_path / "sales-may-oct-2026.pdf"
    records.write_bytes(b"%PDF-1.4\n% the bistro's sales journal, May to October\n")
    opened = [str(records), str(plan)]
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: opened.pop(0))

    def intake(dialog: QDialog) -> None:
        assert isinstance(dialog, ApplicationDialog)
        assert "Mon Nov 30, 2026" in label_text(dialog, "intake_note")
        qtbot.keyClicks(dialog.applicant.search_field, "kinni")
        dialog.applicant.search_field.flush()
        qtbot.keyClick(dialog.applicant.search_field, Qt.Key.Key_Down)
        assert dialog.applicant.party is not None and dialog.applicant.party.id == bistro
        dialog.save_button.click()  # nothing typed: refused under the field, in a clerk's words
        assert dialog.errors.message("establishment") == (
            "Enter the name of the food-serving establishment."
        )
        assert dialog.isVisible()

        qtbot.keyClicks(dialog.establishment, BISTRO)
        qtbot.keyClicks(dialog.address, "233 Broad St N")
        qtbot.keyClicks(dialog.zoning, "C-1")
        dialog.commercial.setChecked(True)
        dialog.sales_from.set_value(date(2026, 5, 1))
        dialog.sales_to.set_value(date(2026, 10, 31))
        # The share, live: exactly half is not "more than 50%"; a cent more is.
        qtbot.keyClicks(dialog.gross, "100,000.00")
        qtbot.keyClicks(dialog.food, "50,000.00")
        dialog.show_findings()
        assert "50.0%" in dialog.share_label.text()
        assert "not more than 50%" in dialog.share_label.text()
        eligibility = findings_of(dialog, "eligibility_view")
        assert "Stops" in eligibility and "more than 50% is required" in eligibility
        retype(qtbot, dialog.food, "50,000.01")
        dialog.show_findings()
        assert "50.00001%" in dialog.share_label.text()
        assert "— more than 50%" in dialog.share_label.text()
        assert "more than 50% is required" not in findings_of(dialog, "eligibility_view")
        retype(qtbot, dialog.gross, "184,000.00")
        retype(qtbot, dialog.food, "131,500.00")
        dialog.show_findings()
        assert "71.5%" in dialog.share_label.text()
        # The papers: the records, then the site plan, read when chosen.
        dialog.sales_records.button.click()
        dialog.site_plan.button.click()
        assert "sales-may-oct-2026.pdf" in dialog.sales_records.label.text()
        assert "bistro-site-plan.png" in dialog.site_plan.label.text()
        eligibility = findings_of(dialog, "eligibility_view")
        assert "scale is not noted" in eligibility
        qtbot.keyClicks(dialog.scale, "1/4 in = 1 ft")
        assert "Stops" not in findings_of(dialog, "eligibility_view")

        # The layout, as lengths: the clear passage at the curb, an inch under six feet and at it.
        assert dialog.storefront.isChecked() and dialog.abuts_curb.isChecked()
        for field, typed in (
            ("sidewalk_width_in", "12"),
            ("cafe_depth_in", "5 ft"),
            ("curb_setback_in", "7 ft"),
            ("aisle_in", "44 in"),
            ("frontage_in", "30 ft"),
            ("cafe_length_in", "24 ft"),
        ):
            qtbot.keyClicks(dialog.lengths[field], typed)
        qtbot.keyClicks(dialog.lengths["clear_passage_in"], "5 ft 11 in")
        layout = findings_of(dialog, "layout_view")
        assert "Stops" in layout
        assert "The clear pedestrian passage is 5 ft 11 in; at least 6 ft" in layout
        assert "cite:" in layout  # § 506-10 (Sidewalk clearances …) as a link
        assert dialog.readouts["clear_passage_in"].text() == "= 71 in"
        retype(qtbot, dialog.lengths["clear_passage_in"], "6")
        dialog.show_findings()
        assert dialog.readouts["clear_passage_in"].text() == "= 72 in"
        assert dialog.layout_view.texts() == ["The layout meets § 506-10."]
        # A length the form cannot read is said under its field at once.
        retype(qtbot, dialog.lengths["aisle_in"], "wide")
        dialog.show_findings()
        assert dialog.length_errors["aisle_in"].isVisible()
        assert 'The aisle width "wide" is not a length' in dialog.length_errors["aisle_in"].text()
        retype(qtbot, dialog.lengths["aisle_in"], "43 in")
        assert "The aisles are 43 in; at least 44 in are required." in findings_of(
            dialog, "layout_view"
        )
        assert not dialog.length_errors["aisle_in"].isVisible()
        retype(qtbot, dialog.lengths["aisle_in"], "44 in")
        assert findings_of(dialog, "layout_view") == "The layout meets § 506-10."
        dialog.seats.setValue(16)
        dialog.tables.setValue(4)
        # The hours, against 6:00 a.m. to 11:00 p.m. and the indoor establishment's.
        dialog.opens.setTime(QTime(5, 30))
        dialog.closes.setTime(QTime(23, 0))
        dialog.indoor_opens.setTime(QTime(7, 0))
        dialog.indoor_closes.setTime(QTime(22, 0))
        hours = findings_of(dialog, "hours_view")
        assert "sidewalk cafes shall not open before 6:00" in hours
        assert "after the indoor establishment closes" in hours
        dialog.opens.setTime(QTime(11, 0))
        dialog.closes.setTime(QTime(22, 0))
        assert findings_of(dialog, "hours_view") == "The hours meet § 506-10."
        dialog.alcohol.setChecked(True)
        qtbot.keyClicks(dialog.license, "Class B 2026-14")
        dialog.show_findings()
        assert "The Chief of Police reviews this application" in dialog.police_note.text()
        qtbot.keyClick(dialog.establishment, Qt.Key.Key_Return)  # Enter saves

    dialogs.append(intake)
    tab.new_button.click()
    assert not messages, messages
    cafe_id = _only_id(desk)
    stored = _stored(desk, cafe_id)
    assert stored.number == "SC-2026-001"
    assert stored.status == CafeStatus.APPLIED
    assert (stored.clear_passage_in, stored.aisle_in, stored.sidewalk_width_in) == (72, 44, 144)
    assert (stored.frontage_in, stored.cafe_length_in, stored.curb_setback_in) == (360, 288, 84)
    assert (stored.opens_at, stored.closes_at) == (time(11), time(22))
    assert stored.food_and_soft_drink_sales == Money("131500")
    assert stored.site_plan_name == "bistro-site-plan.png" and stored.site_plan_sha256
    assert stored.sales_records_name == "sales-may-oct-2026.pdf"
    assert stored.site_plan_scale == "1/4 in = 1 ft"
    row = tab.selected()
    assert row is not None and row.id == cafe_id
    assert tab.model.column_texts(0)[:2] == ["SC-2026-001", BISTRO]
    texts = tab.checklist.texts()
    assert "Met" in texts["eligible"] and "Met" in texts["layout"] and "Met" in texts["hours"]
    assert "Not met" in texts["notice"] and "Not met" in texts["fee"]
    assert not tab.mailed_button.isEnabled()  # no one listed yet

    # -- the owners within 100 feet: imported, one typed; beyond 100 ft kept, marked
    listing = tmp_path / "owners.csv"
    listing.write_text(
        "Name,Mailing address,Parcel,Relation,Distance\n"
        'Ruth Halvorsen,"241 Broad St N, Prescott, WI 54021",281-00140,owner,40\n'
        'Prescott Hardware Co.,"225 Broad St N, Prescott, WI 54021",281-00120,owner,25\n',
        encoding="utf-8",
    )
    opened.append(str(listing))

    def neighbours(dialog: QDialog) -> None:
        assert isinstance(dialog, NeighborsDialog)
        dialog.import_button.click()
        assert dialog.count.text().startswith("2 names: 2 owners, 0 occupants")
        dialog.add_button.click()
        qtbot.keyClick(_editor(dialog.table), Qt.Key.Key_Escape)
        type_cell(qtbot, dialog.table, 2, 0, "Occupant")
        type_cell(qtbot, dialog.table, 2, 1, "237 Broad St N, Apt 2; Prescott, WI 54021")
        type_cell(qtbot, dialog.table, 2, 4, "101")
        # beyond 100 feet: kept on the list, marked, and said under it (no refusal)
        shown = dialog.model.index(2, 4).data()
        assert shown == "101 ft — beyond 100 ft — not required"
        assert dialog.beyond_view.isVisible()
        beyond = html.unescape(" ".join(dialog.beyond_view.texts()))
        assert "Line 3: Occupant is 101 ft away — beyond 100 ft — not required. Kept on the " in (
            beyond
        )
        type_cell(qtbot, dialog.table, 2, 4, "100")  # 100 feet exactly is within
        assert dialog.model.index(2, 4).data() == "100 ft"
        assert not dialog.beyond_view.isVisible()
        dialog.save_button.click()

    dialogs.append(neighbours)
    tab.neighbors_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    assert [(n.name, n.distance_ft) for n in stored.neighbors] == [
        ("Ruth Halvorsen", 40),
        ("Prescott Hardware Co.", 25),
        ("Occupant", 100),
    ]
    assert stored.neighbors[2].mailing_address == "237 Broad St N, Apt 2\nPrescott, WI 54021"
    assert tab.pages.tabText(2) == "Owners 100 ft (3)"
    assert tab.mailed_button.isEnabled()

    # -- the notice mailed; the letters, labels and list saved from the print preview
    saved_to: list[Path] = []

    def ask_save(_parent: Any, _title: str, suggested: str, _filter: str) -> str:
        target = tmp_path / suggested
        saved_to.append(target)
        return str(target)

    monkeypatch.setattr(forms, "ask_save_path", ask_save)

    def save_from_preview(dialog: Any) -> None:
        assert isinstance(dialog, QPrintPreviewDialog)
        [action] = [a for a in dialog.findChildren(QAction) if a.objectName() == "save_pdf_action"]
        action.trigger()

    def mailed(dialog: QDialog) -> None:
        assert isinstance(dialog, NoticeMailedDialog)
        assert "Comments must be received by <b>Tue Dec 15, 2026</b>" in dialog.due.text()
        dialog.mailed_on.setDate(QDate(2026, 12, 1))  # not yet: a day after today is refused
        dialog.save_button.click()
        assert dialog.errors.message("mailed_on") == "The notice cannot be mailed later than today."
        dialog.mailed_on.setDate(QDate(2026, 11, 30))
        assert dialog.papers() == ["letters", "labels", "list"]
        dialog.save_button.click()

    dialogs.extend([mailed, save_from_preview, save_from_preview, save_from_preview])
    tab.mailed_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    assert stored.notice_mailed_on == date(2026, 11, 30)
    assert stored.comments_due_on == date(2026, 12, 15)
    assert [p.name for p in saved_to] == [
        "Notice letters - SC-2026-001.pdf",
        "Mailing labels - SC-2026-001.pdf",
        "Owners within 100 feet - SC-2026-001.pdf",
    ]
    letters = PdfReader(io.BytesIO(saved_to[0].read_bytes()))
    letters_text = papers.text(saved_to[0].read_bytes())
    for name in ("Ruth Halvorsen", "Prescott Hardware Co.", "Occupant"):
        assert name in letters_text
    assert "December 15, 2026" in letters_text
    assert BISTRO in letters_text and "alcohol" in letters_text.lower()
    assert len(letters.pages) >= 3  # a letter each, with the applicant's diagram
    labels = papers.text(saved_to[1].read_bytes())
    assert "241 Broad St N" in labels and "237 Broad St N, Apt 2" in labels
    packet_list = papers.text(saved_to[2].read_bytes())
    assert "Ruth Halvorsen" in packet_list and "281-00140" in packet_list
    assert "Comments until Tue Dec 15, 2026" in tab.model.column_texts(0)[-1]
    assert tab.model.column_texts(0)[5] == "12/15/2026"

    # -- a comment, in time
    def comment(dialog: QDialog) -> None:
        assert isinstance(dialog, CommentDialog)
        assert "Tue Dec 15, 2026" in label_text(dialog, "comment_note")
        qtbot.keyClicks(dialog.commenter, "Ruth Halvorsen, 241 Broad St N")
        qtbot.keyClicks(dialog.text, "No objection if the tables are in by 10 p.m.")
        dialog.save_button.click()

    dialogs.append(comment)
    tab.comment_button.click()
    assert not messages, messages
    assert tab.comment_model.rowCount() == 1
    assert tab.comment_model.column_texts(0)[:4] == [
        "11/30/2026",
        "Ruth Halvorsen, 241 Broad St N",
        "Public",
        "Yes",
    ]

    # -- the Chief of Police: alcohol is to be served
    def police(dialog: QDialog) -> None:
        assert isinstance(dialog, PoliceReviewDialog)
        assert "alcohol is to be served" in label_text(dialog, "police_note")
        dialog.sent_on.set_value(date(2026, 11, 30))
        dialog.reviewed.setChecked(True)
        dialog.reviewed_on.setDate(QDate(2026, 11, 30))
        dialog.approved_radio.setChecked(True)
        dialog.save_button.click()

    dialogs.append(police)
    tab.police_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    assert stored.police_sent_on == date(2026, 11, 30) and stored.police_approved is True

    # -- the DPW inspection, by the Director of Public Works at a tab of their own
    assert not tab.dpw_button.isEnabled()  # the Clerk may not record it
    assert "Inspector" in tab.dpw_button.toolTip()
    inspector = operator_with(Role.INSPECTOR)
    dpw_tab = SidewalkCafesTab(App(desk, inspector))
    qtbot.add_widget(dpw_tab)
    dpw_tab.show()
    dpw_tab.select_cafe(cafe_id)
    assert dpw_tab.dpw_button.isEnabled()

    def inspection(dialog: QDialog) -> None:
        assert isinstance(dialog, DpwInspectionDialog)
        assert dialog.by_name.text() == inspector.full_name
        dialog.satisfied.setChecked(True)
        dialog.save_button.click()

    dialogs.append(inspection)
    dpw_tab.dpw_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    assert stored.dpw_inspected_on == date(2026, 11, 30) and stored.dpw_satisfied

    # -- insurance and fee, through the core; the meetings through clerk_desk.petitions.service
    _certificate(desk, clerk, bistro)
    _pay_fee(desk, clerk, cafe_id, bistro)
    within = _meeting(desk, clerk, date(2026, 12, 14))  # inside the 15 days: refused
    after = _meeting(desk, clerk, date(2026, 12, 28))
    tab.refresh()

    def agenda(dialog: QDialog) -> None:
        assert isinstance(dialog, BeforeCouncilDialog)
        dialog.meeting.choose(within)
        dialog.save_button.click()
        message = dialog.errors.message("meeting_id")
        assert "within the comment period, which runs until Tue Dec 15, 2026" in message
        assert "§ 506-10 (Application for permit)" in message
        dialog.meeting.choose(after)
        dialog.save_button.click()

    dialogs.append(agenda)
    tab.agenda_button.click()
    assert not messages, messages
    assert _stored(desk, cafe_id).status == CafeStatus.BEFORE_COUNCIL

    clock.set(datetime(2026, 12, 29, 9, 0))
    tab.refresh()
    assert "Waiting" not in tab.checklist.texts()["comments"]

    def council(dialog: QDialog) -> None:
        assert isinstance(dialog, CouncilDecisionDialog)
        dialog.meeting.choose(after)
        dialog.approved.setChecked(True)
        qtbot.keyClicks(dialog.conditions, CONDITION)
        dialog.restrict.setChecked(True)
        dialog.closes_at.setTime(QTime(21, 0))
        dialog.save_button.click()

    dialogs.append(council)
    tab.council_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    assert stored.status == CafeStatus.APPROVED
    assert stored.council_closes_at == time(21, 0) and stored.council_conditions == CONDITION
    assert tab.issue_button.isEnabled()

    # -- issue: at most one year; the permit printed and read back
    captured: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        captured.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)

    def issue(dialog: QDialog) -> None:
        assert isinstance(dialog, IssueDialog)
        assert "<b>Wed Dec 29, 2027</b>" in label_text(dialog, "issue_note")
        assert dialog.save_button.isEnabled()
        dialog.expires_on.setDate(QDate(2027, 12, 30))  # a day past one year: refused
        dialog.save_button.click()
        assert "one year" in dialog.errors.message("expires_on")
        dialog.expires_on.setDate(QDate(2027, 12, 29))
        dialog.save_button.click()

    dialogs.append(issue)
    tab.issue_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    assert stored.status == CafeStatus.ISSUED
    assert (stored.issued_on, stored.expires_on) == (date(2026, 12, 29), date(2027, 12, 29))
    assert [title for title, _ in captured] == ["Sidewalk cafe permit SC-2026-001"]
    permit = papers.text(captured[0][1])
    assert "SIDEWALK CAFE PERMIT" in permit
    assert "SC-2026-001" in permit and BISTRO in permit
    assert "233 Broad St N" in permit
    # the Council's restriction, not the 10:00 applied for
    assert "HOURS OF THE CAFE 11:00 a.m. to 9:00 p.m." in permit
    assert CONDITION in permit
    assert "visibly displayed during business hours" in permit
    assert "not transferable" in permit
    assert "EXPIRES Wed Dec 29, 2027 At most one year; not transferable" in permit
    assert "Fee $75.00 paid on receipt" in permit and "Badger Mutual Insurance" in permit
    assert "Issued — expires Wed Dec 29, 2027" in tab.model.column_texts(0)[-1]
    assert tab.print_button.isEnabled()
    tab.print_button.click()
    assert captured[-1][0] == "Sidewalk cafe permit SC-2026-001"
    history = [tab.history_model.column_texts(i)[2] for i in range(tab.history_model.rowCount())]
    assert any("SC-2026-001" in line for line in history)


# ---- a layout refused next to its field; the live checks in the form -------------------------


def test_a_layout_the_core_refuses_is_said_next_to_its_field(
    qtbot, desk, clerk, dialogs, messages
) -> None:
    """A negative length is refused by the core under the field it is about, in words; the
    form stays open with everything typed."""
    _business_on_broad(desk, clerk, "Point Douglas Bakery")
    dialog = ApplicationDialog(None, App(desk, clerk))
    qtbot.add_widget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.applicant.search_field, "douglas")
    dialog.applicant.search_field.flush()
    qtbot.keyClick(dialog.applicant.search_field, Qt.Key.Key_Down)
    qtbot.keyClicks(dialog.establishment, "Point Douglas Bakery")
    qtbot.keyClicks(dialog.address, "118 Orange St N")
    qtbot.keyClicks(dialog.lengths["clear_passage_in"], "6 ft 2 1/2 in")
    dialog.save_button.click()
    message = dialog.errors.message("clear_passage_in")
    assert message.startswith("The clear passage must be a whole number of inches")
    assert dialog.isVisible() and dialog.result_value is None
    # Where the passage does not abut the curb, five feet: exactly 60 in passes, 59 in stops.
    retype(qtbot, dialog.lengths["clear_passage_in"], "4 ft 11 in")
    dialog.abuts_curb.setChecked(False)
    layout = findings_of(dialog, "layout_view")
    assert "The clear pedestrian passage is 4 ft 11 in; at least 5 ft" in layout
    retype(qtbot, dialog.lengths["clear_passage_in"], "60 in")
    assert "clear pedestrian passage" not in findings_of(dialog, "layout_view")
    # Tables 3 ft from the curb face: 35 in stops, 36 in passes.
    qtbot.keyClicks(dialog.lengths["curb_setback_in"], "35 in")
    assert "Tables and chairs are 35 in from the curb face" in findings_of(dialog, "layout_view")
    retype(qtbot, dialog.lengths["curb_setback_in"], "3")
    assert "Tables and chairs are" not in findings_of(dialog, "layout_view")
    # Along the frontage only.
    qtbot.keyClicks(dialog.lengths["frontage_in"], "20")
    qtbot.keyClicks(dialog.lengths["cafe_length_in"], "20 ft 1 in")
    assert "farther than the establishment's frontage (20 ft)" in findings_of(dialog, "layout_view")
    assert not messages


# ---- the review's findings, as the clerk meets them -------------------------------------------


def test_a_file_that_cannot_be_kept_is_refused_under_its_field_when_chosen(
    qtbot, desk, clerk, dialogs, messages, tmp_path, monkeypatch
) -> None:
    sheet = tmp_path / "sales.xlsx"
    sheet.write_bytes(b"PK\x03\x04 a workbook")
    filters: list[str] = []

    def choose(_parent: Any, _title: str, file_filter: str) -> str:
        filters.append(file_filter)
        return str(sheet)

    monkeypatch.setattr(forms, "ask_open_path", choose)
    dialog = ApplicationDialog(None, App(desk, clerk))
    qtbot.add_widget(dialog)
    dialog.show()
    dialog.sales_records.button.click()
    assert filters == ["Business records (*.pdf *.png *.jpg *.jpeg);;All files (*)"]
    assert dialog.errors.message("sales_records") == (
        "sales.xlsx is not a PDF, PNG or JPEG file: scan the papers, or save them as a PDF, and "
        "attach that."
    )
    assert dialog.sales_records.chosen() is None
    assert "none attached" in dialog.sales_records.label.text()
    good = tmp_path / "sales.pdf"
    good.write_bytes(b"%PDF-1.4\n")
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(good))
    dialog.sales_records.button.click()
    assert dialog.errors.message("sales_records") == ""  # the complaint goes
    assert "sales.pdf" in dialog.sales_records.label.text()
    assert not messages


def test_the_form_checks_alcohol_the_side_street_and_writes_times_the_citys_way(
    qtbot, desk, clerk
) -> None:
    dialog = ApplicationDialog(None, App(desk, clerk))
    qtbot.add_widget(dialog)
    dialog.show()
    assert label_text(dialog, "hours_rule").startswith(
        "Not open before 6:00 a.m. nor past 11:00 p.m., and never beyond"
    )
    assert "No alcohol and no liquor license: no police review" in dialog.police_note.text()
    assert "Application for permit" in dialog.police_note.text()  # where the rule is
    assert "Service of food" not in dialog.police_note.text()
    dialog.alcohol.setChecked(True)
    alcohol = findings_of(dialog, "alcohol_view")
    assert "Alcohol is to be served, but no liquor license is entered" in alcohol
    qtbot.keyClicks(dialog.license, "Class B 2026-14")
    assert "Liquor license Class B 2026-14: it must include the sidewalk cafe area." in (
        findings_of(dialog, "alcohol_view")
    )
    # a corner parcel: the side street's sidewalk is checked too
    dialog.corner.setChecked(True)
    qtbot.keyClicks(dialog.lengths["side_frontage_in"], "20")
    qtbot.keyClicks(dialog.lengths["side_cafe_length_in"], "12")
    qtbot.keyClicks(dialog.lengths["side_clear_passage_in"], "5 ft 11 in")
    layout = findings_of(dialog, "layout_view")
    assert "Along the side street the clear pedestrian passage is 5 ft 11 in; at least 6 ft" in (
        layout
    )
    retype(qtbot, dialog.lengths["side_clear_passage_in"], "6")
    assert "Along the side street" not in findings_of(dialog, "layout_view")
    dialog.side_abuts_curb.setChecked(False)
    assert "Enter the distance from the side street's curb face" in findings_of(
        dialog, "layout_view"
    )
    # no aisle given: it stops
    assert "Enter the aisle width from the site plan" in findings_of(dialog, "layout_view")
