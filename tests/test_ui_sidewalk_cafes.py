"""Sidewalk Cafes tab (§ 506-10): one permit driven through its dialogs from the application at
the counter to the printed permit, checked in the database and on paper.

"Today" starts on Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture). Every modal
dialog goes through the ``dialogs`` queue, every message box through ``messages``; the file
dialogs and the printer through replaced hooks, so no real modal is left open. The certificate of
insurance and the fee are filed and paid through the core (their own tabs are tested apart); the
Council meeting is added through :mod:`clerk_desk.petitions.service`.
"""

from __future__ import annotations

import html
import io
import tempfile
from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import builders  # type: ignore[import-not-found]
import papers  # type: ignore[import-not-found]
import pytest
from pypdf import PdfReader
from PySide6.QtCore import QDate, Qt, QTime
from PySide6.QtGui import QAction, QColor, QImage, QPainter
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QMessageBox, QTableView, QWidget
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import select

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import CertificateData
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import CafeStatus, Role, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import SidewalkCafe
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sidewalk_cafes
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes.rules import CafeData
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit import printing as printing
from ui.kit.meetings import ReasonForm
from ui.kit.operations import App
from ui.sidewalk_cafes.application import ApplicationDialog
from ui.sidewalk_cafes.council_dialogs import (
    BeforeCouncilDialog,
    CouncilDecisionDialog,
    IssueDialog,
)
from ui.sidewalk_cafes.notice_dialogs import CommentDialog, NeighborsDialog, NoticeMailedDialog
from ui.sidewalk_cafes.review_dialogs import (
    AttachPapersDialog,
    DpwInspectionDialog,
    PoliceReviewDialog,
)
from ui.sidewalk_cafes.suspension_dialogs import (
    LiftSuspensionDialog,
    RevocationNoticeDialog,
    RevokeDialog,
    SuspendDialog,
)
from ui.sidewalk_cafes.tab import SidewalkCafesTab

pytestmark = pytest.mark.gui

STATION = "Counter 1"
BISTRO = "The Kinnickinnic Bistro"
CONDITION = "Stanchion barriers 3 ft high with weighted bases, approved by the DPW."


# ---- the records a test starts from ----------------------------------------------------------


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


@pytest.fixture
def tab(qtbot, desk: Desk, clerk: SignedIn) -> SidewalkCafesTab:
    widget = SidewalkCafesTab(App(desk, clerk))
    qtbot.add_widget(widget)
    widget.resize(1400, 900)
    widget.show()
    searched(qtbot, widget)
    return widget


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """The printer, replaced: the PDF bytes each paper was printed with are kept."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


def site_plan_png() -> bytes:
    """A small drawing, as a scanned site plan would be."""
    image = QImage(480, 320, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.drawRect(20, 20, 440, 120)
    painter.drawText(40, 80, "Site plan 1/4 in = 1 ft")
    painter.end()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plan.png"
        assert image.save(str(path))
        return path.read_bytes()


def _business_on_broad(desk: Desk, who: SignedIn, name: str) -> int:
    """A business at 233 Broad St N, Prescott."""
    return builders.party(desk, who, name, street="233 Broad St N", **builders.IN_PRESCOTT)


def _meeting(desk: Desk, who: SignedIn, day: date) -> int:
    zone = desk.clock.local_now().tzinfo
    return int(builders.meeting(desk, who, datetime(day.year, day.month, day.day, 18, tzinfo=zone)))


def _certificate(desk: Desk, who: SignedIn, party_id: int) -> None:
    """A certificate meeting § 506-10 for a cafe that serves alcohol, through the term."""
    with desk.action(who) as action:
        bonds.file_certificate(
            action,
            CertificateData(
                party_id,
                "Badger Mutual Insurance",
                effective_on=date(2026, 10, 1),
                expires_on=date(2028, 1, 31),
                received_on=action.today(),
                coverages={
                    CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000"),
                    CoverageKind.PRODUCTS_COMPLETED_OPERATIONS: Money("1000000"),
                    CoverageKind.MEDICAL_PAYMENTS: Money("10000"),
                    CoverageKind.LIQUOR_LIABILITY: Money("1000000"),
                },
                general_liability=True,
                city_additional_insured=True,
                additional_insured_endorsement=True,
                notice_days=30,
            ),
        )


def _pay_fee(desk: Desk, who: SignedIn, cafe_id: int, party_id: int) -> None:
    """The Treasurer's counter: the fee billed at intake, paid in cash."""
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("100"))
        (due,) = ledger.dues_for(action.session, RecordRef(cafe_rules.RECORD_TYPE, str(cafe_id)))
        line = receipts.due_line(action.session, due.id)
        receipts.take_payment(
            action,
            station=STATION,
            payer_id=party_id,
            lines=[line],
            tenders=[TenderEntry(TenderKind.CASH, line.amount)],
        )


def _stored(desk: Desk, cafe_id: int) -> SidewalkCafe:
    with desk.database.reading() as session:
        cafe = sidewalk_cafes.get_cafe(session, cafe_id)
        _ = (cafe.neighbors, cafe.comments, cafe.suspensions)
        session.expunge_all()
        return cafe


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


def retype(qtbot, edit: QLineEdit, text: str) -> None:
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, text)


def label_text(dialog: QWidget, name: str) -> str:
    label = dialog.findChild(QLabel, name)
    assert label is not None, name
    return label.text()


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


# ---- a suspension on seven days' written notice, and its letter -------------------------------


def _issued(desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn) -> int:
    """A permit issued Mon Nov 30, 2026, through the core (the steps are the test above's):
    applied for Fri Oct 30, the notice mailed Mon Nov 2, the Council's approval Mon Nov 23."""
    party = _business_on_broad(desk, clerk, "Great River Tavern Inc.")
    clock.set(datetime(2026, 10, 30, 10, 0))
    with desk.action(clerk) as action:
        cafe = sidewalk_cafes.receive_application(
            action,
            CafeData(
                party,
                "Great River Tavern",
                "301 Broad St N",
                zoning_district="C-1",
                commercially_zoned=True,
                sales_from=date(2026, 4, 1),
                sales_to=date(2026, 9, 30),
                gross_sales=Money("90000"),
                food_and_soft_drink_sales=Money("60000"),
                sidewalk_width_in=144,
                clear_passage_in=84,
                curb_setback_in=84,
                aisle_in=48,
                frontage_in=300,
                cafe_length_in=240,
                cafe_depth_in=60,
                opens_at=time(11),
                closes_at=time(21),
                indoor_opens_at=time(10),
                indoor_closes_at=time(22),
                site_plan_scale="1/8 in = 1 ft",
            ),
            site_plan=("tavern-plan.png", site_plan_png()),
            sales_records=("tavern-sales.pdf", b"%PDF-1.4\n% sales\n"),
        )
        action.session.flush()
        cafe_id = cafe
        cafe_notice.set_neighbors(
            action,
            cafe_id,
            [cafe_rules.NeighborData("Ruth Halvorsen", "241 Broad St N", distance_ft=60)],
        )
    clock.set(datetime(2026, 11, 2, 10, 0))
    with desk.action(clerk) as action:
        cafe_notice.record_notice_mailed(
            action, cafe_id, mailed_on=date(2026, 11, 2), by_name="Test Clerk"
        )
    clock.set(datetime(2026, 11, 20, 10, 0))
    with desk.action(inspector) as action:
        sidewalk_cafes.record_dpw_inspection(
            action, cafe_id, on=date(2026, 11, 20), by_name="Dale Moen", satisfied=True
        )
    meeting = _meeting(desk, clerk, date(2026, 11, 23))
    clock.set(datetime(2026, 11, 24, 10, 0))
    with desk.action(clerk) as action:
        cafe_council.record_council_decision(action, cafe_id, meeting_id=meeting, approved=True)
    clock.set(datetime(2026, 11, 30, 10, 0))
    _certificate(desk, clerk, party)
    _pay_fee(desk, clerk, cafe_id, party)
    with desk.action(clerk) as action:
        cafe_council.issue(action, cafe_id)
    return cafe_id


def test_a_suspension_on_short_notice_is_recorded_with_why_and_its_letter_says_so(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages, printed
) -> None:
    """Issue 21 (§ 506-10): without seven days' notice the City may still suspend; the form
    asks why next to the field, the error goes once it is said, and the letter tells the
    permittee why no notice could be given."""
    cafe_id = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    tab.refresh()
    tab.select_cafe(cafe_id)
    why = "The sidewalk caved in over the storm sewer on Sunday"

    def suspend(dialog: QDialog) -> None:
        assert isinstance(dialog, SuspendDialog)
        dialog.notice_on.setDate(QDate(2026, 11, 30))
        dialog.starts_on.setDate(QDate(2026, 12, 2))  # two days' notice
        dialog.ends_on.setDate(QDate(2026, 12, 4))
        qtbot.keyClicks(dialog.reason, "Storm sewer repair in front of the cafe")
        dialog.save_button.click()
        assert "2 days before the suspension starts" in dialog.errors.message("short_notice_reason")
        qtbot.keyClicks(dialog.short_notice, why)
        dialog.save_button.click()

    dialogs.append(suspend)
    tab.suspend_button.click()
    assert not messages, messages
    (suspension,) = _stored(desk, cafe_id).suspensions
    assert (suspension.starts_on, suspension.short_notice_reason) == (date(2026, 12, 2), why)
    letter = papers.text(printed[0][1])
    assert "Given Monday, November 30, 2026, 2 days before the suspension begins" in letter
    assert "could not give the 7 days" in letter and why in letter
    assert tab.suspension_model.column_texts(0)[0] == f"11/30/2026, short of seven days: {why}"


def test_a_suspension_on_seven_days_notice_and_its_letter(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages, printed
) -> None:
    cafe_id = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    tab.refresh()
    tab.select_cafe(cafe_id)
    assert tab.suspend_button.isEnabled()
    reason = "Prescott Daze: Broad St N closed to traffic for the parade."

    def suspend(dialog: QDialog) -> None:
        assert isinstance(dialog, SuspendDialog)
        dialog.notice_on.setDate(QDate(2026, 11, 30))
        dialog.starts_on.setDate(QDate(2026, 12, 6))  # six days after the notice: asks why
        dialog.ends_on.setDate(QDate(2026, 12, 7))
        qtbot.keyClicks(dialog.reason, reason)
        assert "Written notice is due by <b>Sun Nov 29, 2026</b>" in dialog.latest.text()
        dialog.save_button.click()
        message = dialog.errors.message("short_notice_reason")
        assert "seven days' written notice was due by Sun Nov 29, 2026" in message
        assert "say why notice could not be given, or record an emergency" in message
        assert "§ 506-10 (Term and renewal of permit; temporary suspension of operation)" in (
            message
        )
        dialog.starts_on.setDate(QDate(2026, 12, 7))  # seven days: accepted
        assert "Written notice is due by <b>Mon Nov 30, 2026</b>" in dialog.latest.text()
        dialog.save_button.click()

    dialogs.append(suspend)
    tab.suspend_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    (suspension,) = stored.suspensions
    assert (suspension.notice_on, suspension.starts_on, suspension.ends_on) == (
        date(2026, 11, 30),
        date(2026, 12, 7),
        date(2026, 12, 7),
    )
    assert [title for title, _ in printed] == ["Suspension letter — SC-2026-001"]
    letter = papers.text(printed[0][1])
    assert "Great River Tavern" in letter and "301 Broad St N" in letter
    assert "Prescott Daze" in letter
    assert "Suspended Monday, December 7, 2026" in letter
    assert "Given Monday, November 30, 2026, 7 days before the suspension begins" in letter
    assert tab.pages.currentIndex() == 4
    assert tab.suspension_model.column_texts(0)[:4] == [
        "11/30/2026",
        "12/07/2026",
        "12/07/2026",
        "To come",
    ]
    tab.letter_button.click()  # printed again from the Suspensions page
    assert printed[-1][0] == "Suspension letter — SC-2026-001"

    def lift(dialog: QDialog) -> None:
        assert isinstance(dialog, LiftSuspensionDialog)
        dialog.save_button.click()  # no reason: refused under the field
        assert dialog.errors.message("reason") == "Say why the suspension is lifted."
        qtbot.keyClicks(dialog.reason, "The parade route was moved to Orange St")
        dialog.save_button.click()

    assert tab.lift_button.isEnabled()
    dialogs.append(lift)
    tab.lift_button.click()
    assert not messages, messages
    (suspension,) = _stored(desk, cafe_id).suspensions
    assert suspension.lifted_on == date(2026, 11, 30)
    assert tab.suspension_model.column_texts(0)[3] == "Called off"
    assert not tab.lift_button.isEnabled()
    assert tab.lift_button.toolTip() == "This suspension was already lifted from Mon Nov 30, 2026."


def test_ten_days_notice_of_the_revocation_meeting_then_the_revocation(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages, printed
) -> None:
    cafe_id = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    seven_days = _meeting(desk, clerk, date(2026, 12, 7))
    ten_days = _meeting(desk, clerk, date(2026, 12, 10))
    tab.refresh()
    tab.select_cafe(cafe_id)
    assert not tab.revoke_button.isEnabled()  # the notice comes first
    grounds = "Tables set in the 6 ft passage on three inspections in November."

    def notice(dialog: QDialog) -> None:
        assert isinstance(dialog, RevocationNoticeDialog)
        qtbot.keyClicks(dialog.grounds, grounds)
        dialog.meeting.choose(seven_days)
        assert "written notice is due by <b>Fri Nov 27, 2026</b>" in dialog.latest.text()
        dialog.save_button.click()
        message = dialog.errors.message("meeting_id")
        assert "10 days' written notice is required" in message
        assert "§ 506-10 (Revocation of permit; appeal)" in message
        dialog.meeting.choose(ten_days)  # ten days after the notice, to the day: enough
        assert "written notice is due by <b>Mon Nov 30, 2026</b>" in dialog.latest.text()
        dialog.save_button.click()

    dialogs.append(notice)
    tab.revocation_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    assert stored.revocation_notice_on == date(2026, 11, 30)
    assert stored.revocation_meeting_id == ten_days
    assert [title for title, _ in printed] == ["Notice of revocation meeting — SC-2026-001"]
    letter = papers.text(printed[0][1])
    assert "Thursday, December 10, 2026" in letter and grounds in letter
    assert tab.revoke_button.isEnabled()

    def revoke(dialog: QDialog) -> None:
        assert isinstance(dialog, RevokeDialog)
        dialog.meeting.choose(ten_days)
        dialog.save_button.click()  # not held yet: said under the field
        assert "has not taken place yet" in dialog.errors.message("meeting_id")
        dialog.reject()

    dialogs.append(revoke)
    tab.revoke_button.click()
    clock.set(datetime(2026, 12, 11, 9, 0))
    tab.refresh()

    def revoke_held(dialog: QDialog) -> None:
        assert isinstance(dialog, RevokeDialog)
        dialog.meeting.choose(ten_days)
        dialog.temporary.setChecked(True)
        dialog.until.setDate(QDate(2027, 1, 31))
        dialog.save_button.click()

    dialogs.append(revoke_held)
    tab.revoke_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    assert stored.status == CafeStatus.REVOKED
    assert (stored.revoked_on, stored.revoked_until) == (date(2026, 12, 10), date(2027, 1, 31))
    assert tab.model.column_texts(0)[-1] == "Revoked until Sun Jan 31, 2027"
    assert not tab.print_button.isEnabled()


def test_the_register_model_passes_the_model_tester(
    qtbot, qtmodeltester, tab, desk, clock, clerk, operator_with
) -> None:
    _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    tab.refresh()
    assert tab.model.rowCount() == 1
    qtmodeltester.check(tab.model)
    qtmodeltester.check(tab.neighbor_model)


def test_the_register_exported_to_excel_and_a_record_shown_for_the_today_tab(
    qtbot, tab, desk, clock, clerk, operator_with, tmp_path, monkeypatch, child_jobs
) -> None:
    from openpyxl import load_workbook

    issued = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    bakery = _business_on_broad(desk, clerk, "Point Douglas Bakery")
    with desk.action(clerk) as action:
        sidewalk_cafes.receive_application(
            action, CafeData(bakery, "Point Douglas Bakery", "118 Orange St N")
        )
    tab.refresh()
    assert tab.count_label.text() == "2 applications"
    qtbot.keyClicks(tab.search_field, "douglas")
    tab.search_field.flush()
    searched(qtbot, tab)
    assert tab.count_label.text() == "1 application"
    tab.show_record(cafe_rules.RECORD_TYPE, str(issued))  # the filter gives way
    shown = tab.selected()
    assert shown is not None and shown.id == issued and tab.search_field.text() == ""
    assert shown.status_text == "Issued — expires Tue Nov 30, 2027"
    target = tmp_path / "cafes"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=20_000) as told:
        tab.export_button.click()
    assert told.args[0] == "2 applications written to cafes.xlsx"
    assert child_jobs == ["ui.sidewalk_cafes.jobs.register_workbook"]
    rows = list(load_workbook(f"{target}.xlsx").active.iter_rows(values_only=True))
    header_at = next(i for i, row in enumerate(rows) if row[0] == "Number")
    header = rows[header_at]
    body = {row[0]: row for row in rows[header_at + 1 :] if row[0]}
    assert set(body) == {"SC-2026-001", "SC-2026-002"}
    assert body["SC-2026-001"][header.index("Establishment")] == "Great River Tavern"
    assert body["SC-2026-002"][header.index("Status")] == "Applied"


def test_a_renewal_is_a_new_application_withdrawn_and_a_denial_only_the_council_gives(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages
) -> None:
    issued = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    tab.refresh()
    tab.select_cafe(issued)
    assert tab.renew_button.isEnabled()
    tab.renew_button.click()  # the question is answered Yes
    assert messages and "renewing permit SC-2026-001" in messages[-1]
    renewal = tab.selected()
    assert renewal is not None and renewal.number == "SC-2026-002"
    assert renewal.renews == "SC-2026-001" and renewal.status is CafeStatus.APPLIED
    assert "Renews permit SC-2026-001" in tab.summary.text()
    assert len(renewal.neighbors) == 1  # the list copied; the notice runs again
    assert "Not met" in tab.checklist.texts()["notice"]

    def withdraw(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonForm)
        assert any(
            "The fee billed stays as it is" in label.text() for label in dialog.findChildren(QLabel)
        )
        qtbot.keyClicks(dialog.reason, "Letter from the owner received 11/30")
        dialog.save_button.click()

    dialogs.append(withdraw)
    tab.withdraw_button.click()
    assert _stored(desk, renewal.id).status == CafeStatus.WITHDRAWN
    assert "Withdrawn: Letter from the owner received 11/30" in tab.summary.text()
    assert not tab.withdraw_button.isEnabled() and not tab.deny_button.isEnabled()

    # An application that meets every standard: the City Administrator may not deny it.
    tab.select_cafe(issued)
    tab.renew_button.click()
    again = tab.selected()
    assert again is not None and again.number == "SC-2026-003"
    with desk.action(clerk) as action:
        sidewalk_cafes.correct_application(
            action,
            again.id,
            replace(
                again.data(),
                sales_from=date(2026, 5, 1),
                sales_to=date(2026, 10, 31),
                gross_sales=Money("90000"),
                food_and_soft_drink_sales=Money("60000"),
            ),
        )
        sidewalk_cafes.attach_sales_records(action, again.id, "sales.pdf", b"%PDF-1.4\n")
    tab.refresh()
    tab.select_cafe(again.id)
    # it meets the standards and its notice has not gone out: no one may deny it yet
    assert not tab.deny_button.isEnabled()
    assert tab.deny_button.toolTip() == (
        "The application meets the standards of § 506-10: only the Common Council denies it. "
        "Record the Council's decision at its meeting. "
        "(§ 506-10 (Sidewalk cafe permit issuance))"
    )
    tab.deny_button.click()
    assert _stored(desk, again.id).status == CafeStatus.APPLIED


# ---- the review's findings, as the clerk meets them -------------------------------------------


def _mailed(desk: Desk, clock: FixedClock, clerk: SignedIn) -> int:
    """An application taken and noticed Mon Nov 30, 2026 (the clock left there)."""
    party = _business_on_broad(desk, clerk, "Kinni Creek Bistro LLC")
    with desk.action(clerk) as action:
        cafe = sidewalk_cafes.receive_application(
            action,
            CafeData(
                party,
                BISTRO,
                "233 Broad St N",
                zoning_district="C-1",
                commercially_zoned=True,
                sales_from=date(2026, 5, 1),
                sales_to=date(2026, 10, 31),
                gross_sales=Money("90000"),
                food_and_soft_drink_sales=Money("60000"),
                sidewalk_width_in=144,
                clear_passage_in=84,
                curb_setback_in=84,
                aisle_in=48,
                frontage_in=300,
                cafe_length_in=240,
                cafe_depth_in=60,
                opens_at=time(11),
                closes_at=time(21),
                indoor_opens_at=time(10),
                indoor_closes_at=time(22),
                site_plan_scale="1/8 in = 1 ft",
            ),
            site_plan=("bistro-plan.png", site_plan_png()),
            sales_records=("bistro-sales.pdf", b"%PDF-1.4\n% sales\n"),
        )
        action.session.flush()
        cafe_id = cafe
        cafe_notice.set_neighbors(
            action,
            cafe_id,
            [
                cafe_rules.NeighborData(
                    f"Owner {n}", f"24{n} Broad St N\nPrescott, WI 54021", distance_ft=20 * n
                )
                for n in range(1, 6)
            ],
        )
        cafe_notice.record_notice_mailed(
            action, cafe_id, mailed_on=date(2026, 11, 30), by_name="Test Clerk"
        )
    return cafe_id


def _spoil_plan(desk: Desk, cafe_id: int) -> None:
    from clerk_desk.models import Document

    with desk.database.writing() as session:
        cafe = session.get(SidewalkCafe, cafe_id)
        assert cafe is not None
        document = session.get(Document, cafe.site_plan_sha256)
        assert document is not None
        document.content = b"damaged"


def test_the_notice_is_mailed_only_with_a_readable_diagram_and_its_letters_written_at_once(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages, printed
) -> None:
    administrator = operator_with(Role.ADMINISTRATOR)
    office = SidewalkCafesTab(App(desk, administrator))
    qtbot.add_widget(office)
    office.resize(1400, 900)
    office.show()
    party = _business_on_broad(desk, clerk, "Point Douglas Bakery LLC")
    with desk.action(clerk) as action:
        bare = sidewalk_cafes.receive_application(
            action, CafeData(party, "Point Douglas Bakery", "118 Orange St N")
        )
        action.session.flush()
        cafe_notice.set_neighbors(action, bare, [cafe_rules.NeighborData("Ruth", "241 Broad St N")])
        bare_id = bare
    office.refresh()
    office.select_cafe(bare_id)
    assert not office.mailed_button.isEnabled()
    assert office.mailed_button.toolTip() == (
        "Attach the applicant's site plan first: the notice must contain a copy of the diagram "
        "submitted by the applicant. (§ 506-10 (Application for permit))"
    )
    # a plan on file that can no longer be read: the button is off, and says why in the words
    # the service refuses the mailing with
    with desk.action(clerk) as action:
        sidewalk_cafes.attach_site_plan(action, bare_id, "plan.png", site_plan_png(), scale="1:96")
    _spoil_plan(desk, bare_id)
    office.refresh()
    office.select_cafe(bare_id)
    assert not office.mailed_button.isEnabled()
    with pytest.raises(InvalidInput) as refused, desk.action(administrator) as action:
        cafe_notice.record_notice_mailed(
            action, bare_id, mailed_on=date(2026, 11, 30), by_name="Carla Jensen"
        )
    assert (
        office.mailed_button.toolTip()
        == str(refused.value)
        == (
            "The site plan on file (plan.png) cannot be read as a PDF, PNG or JPEG file: attach a "
            "readable copy of the applicant's diagram before the notice is mailed. "
            "(§ 506-10 (Application for permit))"
        )
    )
    office.mailed_button.click()  # off: no dialog opens
    assert not messages, messages
    stored = _stored(desk, bare_id)
    assert (stored.status, stored.notice_mailed_on) == (CafeStatus.APPLIED, None)
    assert printed == []

    # a readable plan: the letters are written with the mailing, dated the day mailed
    with desk.action(clerk) as action:
        sidewalk_cafes.attach_site_plan(action, bare_id, "plan2.png", site_plan_png()[:-1] +
                                        b"\x82", scale="1:96")  # fmt: skip
    office.refresh()
    office.select_cafe(bare_id)

    def mail_again(dialog: QDialog) -> None:
        assert isinstance(dialog, NoticeMailedDialog)
        dialog.labels.setChecked(False)
        dialog.packet_list.setChecked(False)
        dialog.save_button.click()

    dialogs.append(mail_again)
    office.mailed_button.click()
    assert not messages, messages
    assert _stored(desk, bare_id).notice_mailed_on == date(2026, 11, 30)
    [(title, letters)] = printed
    assert title == "Notice letters — SC-2026-001"
    assert "Monday, November 30, 2026" in papers.text(letters)
    assert "received by the City Clerk by Tuesday, December 15, 2026" in papers.text(letters)


def test_a_correction_after_the_mailing_asks_before_the_notice_is_mailed_again(
    qtbot, tab, desk, clock, clerk, dialogs, monkeypatch
) -> None:
    cafe_id = _mailed(desk, clock, clerk)
    tab.refresh()
    tab.select_cafe(cafe_id)
    asked: list[str] = []
    answer = [int(QMessageBox.StandardButton.No.value)]

    def ask(box: QMessageBox) -> int:
        asked.append(box.text())
        return answer[0]

    monkeypatch.setattr(operations, "ask_message", ask)

    def sales_only(dialog: QDialog) -> None:
        assert isinstance(dialog, ApplicationDialog)
        assert "The notice was mailed Mon Nov 30, 2026: a change of the establishment" in (
            label_text(dialog, "intake_note")
        )
        retype(qtbot, dialog.gross, "95,000.00")
        dialog.save_button.click()  # no question: the neighbours were not told the sales

    dialogs.append(sales_only)
    tab.correct_button.click()
    assert asked == []
    assert _stored(desk, cafe_id).gross_sales == Money("95000")
    assert _stored(desk, cafe_id).status == CafeStatus.NOTICE_MAILED

    def alcohol(dialog: QDialog) -> None:
        assert isinstance(dialog, ApplicationDialog)
        dialog.alcohol.setChecked(True)
        qtbot.keyClicks(dialog.license, "Class B 2026-14")
        retype(qtbot, dialog.lengths["cafe_length_in"], "22 ft")
        dialog.save_button.click()  # the question answered "Go back": nothing saved
        assert dialog.isVisible() and dialog.result_value is None
        answer[0] = int(QMessageBox.StandardButton.Yes.value)
        dialog.save_button.click()

    dialogs.append(alcohol)
    tab.correct_button.click()
    assert asked[0] == (
        "This correction changes what the owners within 100 feet were told: whether alcohol "
        "will be served, the cafe's length along the frontage. The notice mailed Mon Nov 30, 2026 "
        "must be mailed again, the 15 days for comments start over. Save the correction?"
    )
    stored = _stored(desk, cafe_id)
    assert (stored.status, stored.notice_mailed_on, stored.serves_alcohol) == (
        CafeStatus.APPLIED,
        None,
        True,
    )
    assert tab.selected() is not None and tab.selected().status_text == "Applied"
    assert tab.mailed_button.isEnabled()  # to be mailed again


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


def test_the_packet_for_the_council_prints_from_the_tab(
    qtbot, tab, desk, clock, clerk, printed
) -> None:
    cafe_id = _mailed(desk, clock, clerk)
    tab.refresh()
    tab.select_cafe(cafe_id)
    assert tab.packet_button.isEnabled()
    tab.packet_button.click()
    [(title, pdf)] = printed
    assert title == "Application packet — SC-2026-001"
    text = papers.text(pdf)
    for shown in (
        "Sidewalk Cafe Application",
        "Not yet placed before the Common Council",
        "Checklist as it stands",
        "No comments were received.",
        "Owners and occupants notified",
        "Site plan submitted by the applicant — SC-2026-001",
    ):
        assert shown in text, shown


def test_labels_start_where_a_partly_used_sheet_left_off(
    qtbot, tab, desk, clock, clerk, printed
) -> None:
    from reports.sidewalk_cafes.notice import AVERY_5160

    cafe_id = _mailed(desk, clock, clerk)
    tab.refresh()
    tab.select_cafe(cafe_id)
    tab.pages.setCurrentIndex(2)
    assert tab.first_label.isEnabled() and tab.first_label.value() == 1
    tab.first_label.setValue(29)  # 28 labels used: the 29th and 30th, then a new sheet
    tab.labels_button.click()
    [(title, pdf)] = printed
    assert title == "Mailing labels — SC-2026-001"
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2
    spots: list[tuple[str, float, float]] = []
    reader.pages[0].extract_text(
        visitor_text=lambda text, _cm, tm, _f, _s: (
            spots.append((text, tm[4], tm[5])) if text.strip().startswith("Owner") else None
        )
    )
    first = min(spots, key=lambda s: (-s[2], s[1]))
    x, y = AVERY_5160.origin(28)
    assert first[0].startswith("Owner 1")
    assert x < first[1] < x + AVERY_5160.width and y < first[2] < y + AVERY_5160.height
    assert "Owner 3" in papers.text(pdf).split("Owner 2")[-1]  # the third on the next sheet


def test_a_temporary_revocation_over_and_a_renewal_issued_show_in_the_register(
    qtbot, tab, desk, clock, clerk, operator_with
) -> None:
    cafe_id = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    meeting = _meeting(desk, clerk, date(2026, 12, 14))
    with desk.action(clerk) as action:
        cafe_suspensions.give_revocation_notice(
            action, cafe_id, notice_on=date(2026, 11, 30), meeting_id=meeting, grounds="Noise"
        )
    clock.set(datetime(2026, 12, 14, 20, 0))
    with desk.action(clerk) as action:
        cafe_suspensions.revoke(action, cafe_id, meeting_id=meeting, until=date(2026, 12, 31))
    tab.refresh()
    tab.select_cafe(cafe_id)
    assert tab.selected().status_text == "Revoked until Thu Dec 31, 2026"
    assert not tab.suspend_button.isEnabled() and not tab.renew_button.isEnabled()
    clock.set(datetime(2027, 1, 1, 10, 0))  # the day after its last day
    tab.refresh()
    tab.select_cafe(cafe_id)
    row = tab.selected()
    assert row is not None and row.status_text == "Issued — expires Tue Nov 30, 2027"
    assert row.standing and not row.closed
    for button in (tab.suspend_button, tab.revocation_button, tab.renew_button, tab.print_button):
        assert button.isEnabled(), button.objectName()
    assert tab.model.column_texts(0)[-1] == "Issued — expires Tue Nov 30, 2027"
    with desk.action(clerk) as action:
        cafe_council.renew(action, cafe_id)
    with desk.database.writing() as session:  # the renewal issued (its steps are the core's)
        renewal = session.scalars(
            select(SidewalkCafe).where(SidewalkCafe.renews_id == cafe_id)
        ).one()
        renewal.status, renewal.issued_on = CafeStatus.ISSUED, date(2027, 1, 1)
        renewal.expires_on = date(2028, 1, 1)
    tab.refresh()
    tab.select_cafe(cafe_id)
    old = tab.selected()
    assert old is not None and old.status_text == "Renewed by SC-2027-001"
    assert not old.standing and not tab.renew_button.isEnabled()
    assert tab.renew_button.toolTip() == "SC-2026-001 is already renewed by SC-2027-001."


def test_the_revocation_notice_states_every_ground_the_council_may_revoke_on(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs
) -> None:
    cafe_id = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    tab.refresh()
    tab.select_cafe(cafe_id)
    seen: list[str] = []

    def notice(dialog: QDialog) -> None:
        assert isinstance(dialog, RevocationNoticeDialog)
        seen.append(html.unescape(label_text(dialog, "revocation_note")))
        dialog.reject()

    dialogs.append(notice)
    tab.revocation_button.click()
    for ground in cafe_rules.REVOCATION_GROUNDS[:-1]:
        assert ground in seen[0]
    assert "; or for any other reason in the Council\u2019s discretion" in seen[0]


def test_an_approved_application_whose_plan_cannot_be_read_gets_a_readable_copy(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages, tmp_path, monkeypatch
) -> None:
    cafe_id = _mailed(desk, clock, clerk)
    with desk.action(operator_with(Role.INSPECTOR)) as action:
        sidewalk_cafes.record_dpw_inspection(
            action, cafe_id, on=date(2026, 11, 30), by_name="Dale Moen", satisfied=True
        )
    meeting = _meeting(desk, clerk, date(2026, 12, 28))
    with desk.action(clerk) as action:
        cafe_council.place_before_council(action, cafe_id, meeting)
    clock.set(datetime(2026, 12, 28, 19, 0))
    with desk.action(clerk) as action:
        cafe_council.record_council_decision(action, cafe_id, meeting_id=meeting, approved=True)
    _spoil_plan(desk, cafe_id)
    tab.refresh()
    tab.select_cafe(cafe_id)
    assert "Not met" in tab.checklist.texts()["eligible"]
    assert "cannot be read as a PDF, PNG or JPEG file" in html.unescape(
        tab.checklist.texts()["eligible"]
    )
    button = tab.checklist.papers_button
    assert button is not None and not button.isHidden() and button.isEnabled()
    plan = tmp_path / "bistro-plan-again.png"
    plan.write_bytes(site_plan_png())
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(plan))

    def attach(dialog: QDialog) -> None:
        assert isinstance(dialog, AttachPapersDialog)
        dialog.save_button.click()  # nothing chosen: said under the site plan
        assert dialog.errors.message("site_plan") == "Choose a file to attach."
        dialog.site_plan.button.click()
        dialog.save_button.click()

    dialogs.append(attach)
    button.click()
    assert not messages, messages
    assert _stored(desk, cafe_id).site_plan_name == "bistro-plan-again.png"
    assert "Met" in tab.checklist.texts()["eligible"] and tab.checklist.papers_button is None
