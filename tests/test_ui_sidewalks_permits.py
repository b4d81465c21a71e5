"""Sidewalks tab (the sidewalk article before § 506-6; Wis. Stat. § 66.0907), its permits: a
permit from application to the printed permit, the seven days before the work, the appeal, the
permit forms and register, and what the window asks of the tab; driven through its dialogs,
checked in the database and on paper. Repair orders and the master plan are in
test_ui_sidewalks_orders.py.

"Today" is Monday, November 30, 2026, 10:00 a.m.: issued today, work may start Monday,
December 7 at the earliest. The records, the fixtures and the replaced dialogs and printer are
those of ui_sidewalks_steps.py.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

import builders  # type: ignore[import-not-found]
import papers  # type: ignore[import-not-found]
import pytest
from openpyxl import load_workbook
from PySide6.QtCore import QDate
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QDialog
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import select
from ui_sidewalks_steps import (  # type: ignore[import-not-found]
    MAIN_WINDOW_TAB,
    _order,
    apply,
    fill_permit,
    held_meeting,
    make_tab,
    previewed,
    stored_permit,
    tab,
    texts,
    town,
)

from clerk_desk import ledger
from clerk_desk.clock import FixedClock, city_zone
from clerk_desk.kinds import (
    CostPayer,
    MeetingKind,
    RepairOrderKind,
    Role,
    SidewalkPermitStatus,
    SidewalkWork,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import SidewalkPermit
from clerk_desk.money import Money
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.details import permit_row, search_permit_rows
from clerk_desk.sidewalks.service import PermitData
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.sidewalks.parts import ReasonDialog
from ui.sidewalks.permit_dialogs import (
    CompleteDialog,
    CouncilDecisionDialog,
    IssueDialog,
    PermitDialog,
)
from ui.sidewalks.tab import SidewalksTab

__all__ = ["previewed", "tab", "town"]  # fixtures, used by name


pytestmark = pytest.mark.gui


# ---- the issue's test: one permit from application to the printed permit -----------------------


def test_a_permit_from_application_to_the_printed_permit_with_its_specifications(
    qtbot, tab, desk, clerk, inspector, town, dialogs, messages, monkeypatch, tmp_path
) -> None:
    """Kinni Concrete applies to reconstruct the walk in front of 118 Orange St N, on the plan:
    the form says the City pays while the number is typed (and the owner, at 305, off the
    plan); the Director issues it the last day he may for work starting Mon Dec 7; the permit
    prints with the specifications sheet, is saved from the preview and read back."""

    def application(dialog: QDialog) -> None:
        assert isinstance(dialog, PermitDialog)
        assert "No fee is charged" in " ".join(
            label.text() for label in dialog.findChildren(type(dialog.start_note))
        )
        fill_permit(
            qtbot,
            dialog,
            applicant="kinni",
            parcel="281-00123",
            work=SidewalkWork.RECONSTRUCT,
            street="Orange St N",
            number="118",
            location="In front of 118 Orange St N, 60 ft from the corner",
            starts=date(2026, 12, 7),
        )
        shown = dialog.cost.text()
        assert "Paid 100% by the City of Prescott" in shown
        assert "Master plan: Orange St N, both sides, 100-299: Sidewalk" in shown
        assert "article (Sidewalk reconstruction)" in shown
        # Off the plan the owner pays; a repair is the owner's even on the plan.
        dialog.number.setText("305")
        assert "Paid 100% by the adjacent property owner" in dialog.cost.text()
        assert "is not shown on the current Sidewalk Master Plan" in dialog.cost.text()
        dialog.number.setText("299")  # the last number of the segment: still on the plan
        assert "Paid 100% by the City of Prescott" in dialog.cost.text()
        dialog.number.setText("118")
        dialog.work.setCurrentIndex(dialog.work.findData(SidewalkWork.REPAIR))
        assert "Paid 100% by the adjacent property owner" in dialog.cost.text()
        dialog.work.setCurrentIndex(dialog.work.findData(SidewalkWork.RECONSTRUCT))
        assert "Paid 100% by the City of Prescott" in dialog.cost.text()
        assert dialog.width_read.text() == "= 4 ft 6 in"
        note = dialog.start_note.text()
        assert "may start <b>Mon Dec 7, 2026</b> or later" in note
        assert "must be issued by <b>Mon Nov 30, 2026</b>" in note and "too soon" not in note
        dialog.length.setValue(60)
        qtbot.keyClicks(dialog.contractor, "Kinni Concrete LLC")
        dialog.save_button.click()

    dialogs.append(application)
    with qtbot.wait_signal(tab.status) as told:
        tab.permits.new_button.click()
    assert messages == []
    assert told.args[0] == (
        "Sidewalk permit SW-2026-001 taken: no fee. Paid 100% by the City of Prescott."
    )
    with desk.database.reading() as session:
        permit = session.scalars(select(SidewalkPermit)).one()
        assert (permit.status, permit.work, permit.address_number, permit.width_in) == (
            SidewalkPermitStatus.APPLIED,
            SidewalkWork.RECONSTRUCT,
            118,
            54,
        )
        assert (permit.length_ft, permit.work_starts_on) == (60, date(2026, 12, 7))
        assert permit.cost_payer is None  # fixed only when issued
        assert permit.parcel is not None and permit.parcel.parcel_number == "281-00123-0000"
        assert ledger.dues_for(session, RecordRef("sidewalk_permit", str(permit.id))) == []
        permit_id = permit.id
    page = tab.permits
    assert page.model.column_texts(0) == [
        "SW-2026-001",
        "Kinni Concrete LLC",
        "In front of 118 Orange St N, 60 ft from the corner",  # the address is in it
        "Reconstruction",
        "12/07/2026",
        "City (plan today)",
        "Applied",
    ]
    assert "Paid 100% by the City of Prescott" in page.cost.text()
    assert "no fee" in page.summary.text()
    assert "may start Mon Dec 7, 2026" not in texts(page.findings)  # in time: only a note
    assert "if issued by Mon Nov 30, 2026" in texts(page.findings)
    # The Clerk takes it; the Director of Public Works issues it.
    assert not page.issue_button.isEnabled() and "you need the role" in page.issue_button.toolTip()

    dpw = make_tab(qtbot, desk, inspector)
    dpw.permits.select_permit(permit_id)
    saved_to = tmp_path / "permit"
    monkeypatch.setattr(forms, "ask_save_path", lambda *_args: str(saved_to))

    def issue(dialog: QDialog) -> None:
        assert isinstance(dialog, IssueDialog)
        assert dialog.blocked == []
        assert "Paid 100% by the City of Prescott" in dialog.cost.text()
        assert "if issued by Mon Nov 30, 2026" in texts(dialog.start_view)
        qtbot.keyClicks(dialog.conditions, "Whole block at one time.")
        dialog.save_button.click()

    def preview(dialog: QDialog) -> None:
        assert isinstance(dialog, QPrintPreviewDialog)
        assert dialog.windowTitle() == "Print — Sidewalk permit SW-2026-001"
        [action] = [a for a in dialog.findChildren(QAction) if a.objectName() == "save_pdf_action"]
        action.trigger()  # Save PDF… from the preview

    dialogs.extend([issue, preview])
    dpw.permits.issue_button.click()
    assert messages == []
    saved = stored_permit(desk, permit_id)
    assert (saved.status, saved.cost_payer, saved.master_plan_segment_id) == (
        SidewalkPermitStatus.ISSUED,
        CostPayer.CITY,
        town["segment"],
    )
    assert (saved.decided_on, saved.decided_by_name) == (
        date(2026, 11, 30),
        f"Test {Role.INSPECTOR.label}",
    )
    pages = papers.page_texts((tmp_path / "permit.pdf").read_bytes())
    assert len(pages) >= 2  # the permit, then the specifications sheet
    first, rest = pages[0], " ".join(pages[1:])
    assert "SIDEWALK PERMIT" in first and "PERMIT NO. SW-2026-001" in first
    assert "Kinni Concrete LLC" in first and "In front of 118 Orange St N" in first
    assert "Paid 100% by the City of Prescott" in first
    assert "No fee" in first and "Whole block at one time." in first
    assert "may not start before Mon Dec 7, 2026" in first  # the seven days
    assert "Page 1 of 2" in first
    assert "Standard Specifications for Sidewalk" in rest
    assert "three inches of sand fill" in rest  # Subgrade, quoted from the ordinance
    assert "4 1/2 feet in width" in rest  # Width and thickness
    assert dpw.permits.model.column_texts(0)[5:] == ["City", "Issued"]
    events = [r.summary for r in dpw.permits.history_model.rows]
    assert events[0].startswith("Sidewalk permit SW-2026-001 applied for by Kinni Concrete LLC")
    assert "no fee" in events[0]
    assert events[-1].startswith("Sidewalk permit SW-2026-001 issued")

    # Printed again from the tab by anyone; the specifications alone for the counter.
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "preview_pdf", capture)
    page.refresh()
    page.select_permit(permit_id)
    assert page.print_button.isEnabled()
    page.print_button.click()
    page.specs_button.click()
    assert [title for title, _pdf in seen] == [
        "Sidewalk permit SW-2026-001",
        "Standard specifications for sidewalk",
    ]
    alone = papers.page_texts(seen[1][1])
    assert "SW-2026-001" not in " ".join(alone)
    assert "Curing and drying" in " ".join(alone) and "Cold weather" in " ".join(alone)


# ---- the seven days before the work -------------------------------------------------------------


def test_a_start_too_soon_is_refused_next_to_the_start_naming_the_earliest_day(
    qtbot, tab, desk, clerk, inspector, town, clock: FixedClock, dialogs, messages, previewed
) -> None:
    """Work starting Sun Dec 6 is six days away: the form says so as the day is typed and the
    Director cannot issue it; moved to Mon Dec 7 it can be issued today — and a permit left
    open on the screen past midnight is refused next to the start, naming the new earliest."""

    def application(dialog: QDialog) -> None:
        assert isinstance(dialog, PermitDialog)
        fill_permit(
            qtbot,
            dialog,
            applicant="ann",
            parcel="281-00123",
            work=SidewalkWork.REPLACE,
            street="Orange St N",
            number="118",
            location="Front walk, three flags",
            starts=date(2026, 12, 6),
        )
        note = dialog.start_note.text()
        assert "must be issued by <b>Sun Nov 29, 2026</b>: too soon" in note
        assert "may start <b>Mon Dec 7, 2026</b> or later" in note
        dialog.save_button.click()  # taken all the same: the Director decides

    dialogs.append(application)
    tab.permits.new_button.click()
    assert messages == []
    permit_id = tab.permits.selected().id
    assert tab.permits.pages.tabText(0) == "Review (1 stop)"

    dpw = make_tab(qtbot, desk, inspector)
    dpw.permits.select_permit(permit_id)

    def blocked(dialog: QDialog) -> None:
        assert isinstance(dialog, IssueDialog)
        shown = texts(dialog.start_view)
        assert "Stops" in shown
        assert "fewer than seven days from today" in shown
        assert "work may start Mon Dec 7, 2026 at the earliest" in shown
        assert "Sidewalk article (Sidewalk permit required)" in shown
        assert not dialog.save_button.isEnabled()

    dialogs.append(blocked)
    dpw.permits.issue_button.click()
    assert stored_permit(desk, permit_id).status == SidewalkPermitStatus.APPLIED

    def correct(dialog: QDialog) -> None:
        assert isinstance(dialog, PermitDialog)
        assert dialog.number.text() == "118" and dialog.width_edit.text() == "4 ft 6 in"
        dialog.starts.set_value(date(2026, 12, 7))
        assert "too soon" not in dialog.start_note.text()
        dialog.save_button.click()

    dialogs.append(correct)
    tab.permits.refresh()
    tab.permits.select_permit(permit_id)
    tab.permits.correct_button.click()
    assert stored_permit(desk, permit_id).work_starts_on == date(2026, 12, 7)

    def left_open_overnight(dialog: QDialog) -> None:
        assert isinstance(dialog, IssueDialog)
        assert dialog.blocked == [] and dialog.save_button.isEnabled()
        clock.set(datetime(2026, 12, 1, 8, 5))  # Tuesday: six days before the work
        dialog.save_button.click()
        assert dialog.isVisible()
        refused = dialog.errors.message("work_starts_on")
        assert "the permit had to be issued by Mon Nov 30, 2026" in refused
        assert "work may start Tue Dec 8, 2026 at the earliest" in refused
        assert "(Sidewalk article (Sidewalk permit required))" in refused
        assert dialog.errors.message("decision") == ""

    dialogs.append(left_open_overnight)
    dpw.permits.refresh()
    dpw.permits.select_permit(permit_id)
    dpw.permits.issue_button.click()
    assert messages == [] and previewed == []
    assert stored_permit(desk, permit_id).status == SidewalkPermitStatus.APPLIED


# ---- the appeal ---------------------------------------------------------------------------------


def test_a_denial_appealed_and_granted_by_the_council_prints_the_permit(
    qtbot, tab, desk, clerk, inspector, town, dialogs, messages, previewed
) -> None:
    meeting_id = held_meeting(desk, clerk)
    permit_id = apply(
        desk,
        clerk,
        PermitData(
            town["ann"],
            "118 Orange St N",
            SidewalkWork.CONSTRUCT,
            street_id=town["orange"],
            address_number=118,
            parcel_id=town["ann_parcel"],
            width_in=36,
            work_starts_on=date(2026, 12, 10),
        ),
    )
    dpw = make_tab(qtbot, desk, inspector)
    dpw.permits.select_permit(permit_id)
    assert "A new residential walk is 4 ft 6 in wide; this one is 3 ft." in texts(
        dpw.permits.findings
    )

    def deny(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonDialog)
        dialog.save_button.click()
        assert dialog.errors.message("reason").startswith("State why the permit is denied.")
        qtbot.keyClicks(dialog.reason, "A new walk 3 ft wide is below the 4 1/2 ft standard.")
        dialog.save_button.click()

    dialogs.append(deny)
    dpw.permits.deny_button.click()
    assert stored_permit(desk, permit_id).status == SidewalkPermitStatus.DENIED

    tab.permits.refresh()
    tab.permits.select_permit(permit_id)
    dialogs.append(lambda dialog: dialog.save_button.click())  # filed today
    tab.permits.appeal_button.click()
    assert stored_permit(desk, permit_id).appeal_filed_on == date(2026, 11, 30)

    def council(dialog: QDialog) -> None:
        """The meeting of Nov 23 was held before the appeal was filed: not offered."""
        assert isinstance(dialog, CouncilDecisionDialog)
        assert dialog.meeting.box.findData(meeting_id) < 0
        assert [dialog.meeting.box.itemText(i) for i in range(dialog.meeting.box.count())] == [
            "No meeting held since the appeal was filed — add it with New meeting…"
        ]
        dialog.save_button.click()
        assert dialog.errors.message("meeting").startswith("Choose the meeting")

    dialogs.append(council)
    tab.permits.council_button.click()
    assert stored_permit(desk, permit_id).status == SidewalkPermitStatus.APPEALED
    later_id = builders.meeting(
        desk,
        clerk,
        datetime(2026, 11, 30, 8, 0, tzinfo=city_zone()),
        "Council Chambers",
        MeetingKind.SPECIAL,
    )

    def granted(dialog: QDialog) -> None:
        assert isinstance(dialog, CouncilDecisionDialog)
        assert dialog.meeting.meeting_id() == later_id
        assert dialog.meeting.box.count() == 1  # only the meeting held since the appeal
        dialog.granted.setChecked(True)
        qtbot.keyClicks(dialog.note, "Motion carried 5-1: the narrower walk matches the block")
        dialog.save_button.click()

    dialogs.append(granted)
    tab.permits.council_button.click()
    assert messages == []
    saved = stored_permit(desk, permit_id)
    assert (saved.status, saved.cost_payer) == (
        SidewalkPermitStatus.ISSUED_ON_APPEAL,
        CostPayer.CITY,
    )
    [(title, pdf)] = previewed
    assert title == "Sidewalk permit SW-2026-001"
    assert "Common Council" in papers.page_texts(pdf)[0]
    assert "appeal <b>granted</b>" in tab.permits.summary.text()


# ---- the window's calls --------------------------------------------------------------------------


def test_show_record_switches_to_the_page_of_the_record(qtbot, tab, desk, clerk, town) -> None:
    permit_id = apply(
        desk,
        clerk,
        PermitData(town["ann"], "118 Orange St N", SidewalkWork.REPAIR, town["orange"], 118),
    )
    meeting_id = held_meeting(desk, clerk)
    with desk.action(clerk) as action:
        order_id = sidewalks.order_repair(
            action,
            sidewalks.RepairOrderData(
                RepairOrderKind.COUNCIL_ORDER,
                town["bob_parcel"],
                "215 Kinnickinnic St",
                "Cracked flags",
                meeting_id=meeting_id,
            ),
        )
    tab.inner.setCurrentWidget(tab.plan)
    tab.show_record("sidewalk_repair_order", str(order_id))
    assert tab.inner.currentWidget() is tab.orders
    assert tab.orders.selected().id == order_id
    tab.permits.search_field.setText("nothing like it")
    tab.permits.search_field.flush()
    searched(qtbot, tab.permits)
    tab.show_record("sidewalk_permit", str(permit_id))
    assert tab.inner.currentWidget() is tab.permits
    assert tab.permits.selected().id == permit_id
    assert tab.permits.search_field.text() == ""
    tab.focus_search()
    assert tab.permits.search_field.hasFocus() or not tab.isActiveWindow()


def test_search_as_you_type_and_the_status_filter(qtbot, tab, desk, clerk, town) -> None:
    apply(desk, clerk, PermitData(town["ann"], "118 Orange St N", SidewalkWork.REPAIR))
    apply(desk, clerk, PermitData(town["bob"], "215 Kinnickinnic St", SidewalkWork.REMOVE))
    page = tab.permits
    page.refresh()
    assert page.count_label.text() == "2 permits"
    qtbot.keyClicks(page.search_field, "kinnick")
    page.search_field.flush()
    searched(qtbot, page)
    assert [r.applicant for r in page.model.rows] == ["Robert Hanson"]
    page.search_field.clear()
    page.search_field.flush()
    searched(qtbot, page)
    page.status_box.setCurrentIndex(page.status_box.findData(SidewalkPermitStatus.ISSUED))
    searched(qtbot, page)
    assert page.model.rows == [] and page.count_label.text() == "No permits match"


def test_the_registers_exported_to_one_workbook(
    qtbot, tab, desk, clerk, town, monkeypatch, tmp_path: Path, child_jobs
) -> None:
    apply(
        desk,
        clerk,
        PermitData(town["ann"], "118 Orange St N", SidewalkWork.REPAIR, town["orange"], 118),
    )
    target = tmp_path / "sidewalks.xlsx"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    tab.permits.refresh()
    with qtbot.wait_signal(tab.status, timeout=20000) as told:
        tab.export_register()
    assert told.args[0] == "1 permit, 0 repair orders and 1 plan segment written to sidewalks.xlsx"
    assert child_jobs == ["ui.sidewalks.jobs.registers_workbook"]
    book = load_workbook(target)
    assert book.sheetnames == ["Sidewalk permits", "Repair orders", "Master plan"]
    permits = book["Sidewalk permits"]
    assert permits.freeze_panes == "A3"
    assert permits["A3"].value == "SW-2026-001"
    assert book["Master plan"]["A3"].value == "Orange St N"


def test_every_model_passes_the_model_tester(qtbot, qtmodeltester, tab, desk, clerk, town) -> None:
    apply(
        desk,
        clerk,
        PermitData(town["ann"], "118 Orange St N", SidewalkWork.REPAIR, town["orange"], 118),
    )
    tab.permits.refresh()
    tab.plan.refresh()
    for model in (
        tab.permits.model,
        tab.permits.history_model,
        tab.orders.model,
        tab.plan.model,
    ):
        qtmodeltester.check(model)


def test_the_main_window_builds_the_tab_and_the_today_item_opens_the_order(
    qtbot, desk, clerk, town, messages, monkeypatch
) -> None:
    """The window loads ``SidewalksTab`` when the workflow is built (flipped here so the test
    holds before and after the lead flips it), and a Today item about a repair order whose
    notice is not served yet opens that order on the Repair orders page."""
    import dataclasses

    from clerk_desk import today as today_items
    from ui import main_window

    built = tuple(
        dataclasses.replace(w, built=True) if w.name == "sidewalks" else w
        for w in main_window.WORKFLOWS
    )
    monkeypatch.setattr(main_window, "WORKFLOWS", built)
    meeting_id = held_meeting(desk, clerk)
    with desk.action(clerk) as action:
        order_id = sidewalks.order_repair(
            action,
            sidewalks.RepairOrderData(
                RepairOrderKind.COUNCIL_ORDER,
                town["bob_parcel"],
                "215 Kinnickinnic St",
                "Cracked flags",
                meeting_id=meeting_id,
            ),
        )
    window = main_window.MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    tab = window.tab("sidewalks")
    assert isinstance(tab, SidewalksTab)
    with desk.lookup(clerk) as action:
        items = [
            i
            for i in today_items.gather(action)
            if i.workflow == "Sidewalks" and i.record_type == "sidewalk_repair_order"
        ]
    assert [i.record_id for i in items] == [str(order_id)]
    window.go_to_item(items[0])
    assert window.tabs.currentWidget() is tab
    assert tab.inner.currentWidget() is tab.orders
    chosen = tab.orders.selected()
    assert chosen is not None and chosen.id == order_id
    assert messages == []


# ---- the second review: what the clerk sees after each fix ------------------------------------


def test_every_register_fits_the_main_windows_tab_without_scrolling(
    qtbot, desk, clerk, inspector, town, clock: FixedClock
) -> None:
    """Finding 9: at the main window's width every column shows, the status and the payer
    whole, the names and places sharing what is left; nothing scrolls sideways."""
    meeting = held_meeting(desk, clerk)
    denied = apply(
        desk,
        clerk,
        PermitData(
            town["ann"], "118 Orange St N", SidewalkWork.REMOVE, town["orange"], 318,
            parcel_id=town["ann_parcel"], work_starts_on=date(2026, 12, 21),
        ),
    )  # fmt: skip
    with desk.action(inspector) as action:
        sidewalks.deny(action, denied, reasons="The walk leads to the school")
    with desk.action(clerk) as action:
        sidewalks.file_appeal(action, denied, filed_on=date(2026, 11, 30))
        sidewalks.record_city_contract(
            action,
            PermitData(
                town["concrete"], "Orange St N program", SidewalkWork.CONSTRUCT,
                town["orange"], 120, new_subdivision=True,
            ),
        )  # fmt: skip
    apply(
        desk,
        clerk,
        PermitData(
            town["concrete"], "Orange St N", SidewalkWork.RECONSTRUCT, town["orange"], 120,
            work_starts_on=date(2026, 12, 21),
        ),
    )  # fmt: skip
    minor = _order(
        desk, inspector, town["bob_parcel"], None, kind=RepairOrderKind.MINOR,
        estimated_cost=Money("300"),
    )  # fmt: skip
    with desk.action(inspector) as action:
        sidewalks.record_city_repair(action, minor, on=date(2026, 11, 30), cost=Money("300"))
    _order(desk, clerk, town["bob_parcel"], meeting)
    tab = make_tab(qtbot, desk, clerk)
    tab.resize(MAIN_WINDOW_TAB, 860)
    pages = (tab.permits, tab.orders, tab.plan)
    for page in pages:
        tab.inner.setCurrentWidget(page)
        page.refresh()
        qtbot.wait(10)
    texts_of = {
        "permits": [tab.permits.model.column_texts(n) for n in range(len(tab.permits.model.rows))],
        "orders": [tab.orders.model.column_texts(n) for n in range(len(tab.orders.model.rows))],
    }
    assert {row[6] for row in texts_of["permits"]} == {
        "Appealed to Council",
        "City contract (no permit)",
        "Applied",
    }
    assert "Land divider" in {row[5] for row in texts_of["permits"]}
    assert "City (plan today)" in {row[5] for row in texts_of["permits"]}
    assert "Repaired by City (charged)" in {row[8] for row in texts_of["orders"]}
    for page, whole in ((tab.permits, (0, 3, 4, 5, 6)), (tab.orders, (0, 1, 3, 5, 6, 7, 8))):
        tab.inner.setCurrentWidget(page)
        qtbot.wait(10)
        table = page.table
        metrics = table.fontMetrics()
        assert table.horizontalScrollBar().maximum() == 0, page.objectName()
        for n in range(len(page.model.rows)):
            shown = page.model.column_texts(n)
            for column in whole:  # the short values show whole
                assert metrics.horizontalAdvance(shown[column]) < table.columnWidth(column), (
                    page.objectName(),
                    shown[column],
                )
    assert min(tab.permits.table.columnWidth(1), tab.permits.table.columnWidth(2)) > 150
    assert min(tab.orders.table.columnWidth(2), tab.orders.table.columnWidth(4)) > 120
    tab.inner.setCurrentWidget(tab.plan)
    qtbot.wait(10)
    assert tab.plan.table.horizontalScrollBar().maximum() == 0
    assert tab.plan.model.column_texts(0)[:5] == [
        "Orange St N",
        "Both sides",
        "100-299",
        "Sidewalk",
        "Current",
    ]


def test_the_register_says_plan_today_only_where_the_plan_decides(
    qtbot, tab, desk, clerk, town
) -> None:
    """Nit: a repair is the owner's whatever the plan shows: no "(plan today)" after it."""
    for work in (SidewalkWork.REPAIR, SidewalkWork.RECONSTRUCT):
        apply(desk, clerk, PermitData(town["ann"], "118 Orange St N", work, town["orange"], 118))
    tab.permits.refresh()
    assert [r[3:6] for r in map(tab.permits.model.column_texts, (0, 1))] == [
        ["Reconstruction", "", "City (plan today)"],
        ["Repair", "", "Owner"],
    ]
    tab.permits.select_permit(tab.permits.model.rows[1].id)
    assert "As the current Sidewalk Master Plan reads today" not in tab.permits.cost.text()
    shown = texts(tab.permits.findings)
    assert "a reconstruction or replacement here would be the City" in shown


def test_the_issue_form_offers_a_partial_replacement_only_for_a_repair_or_replacement(
    qtbot, desk, clerk, inspector, town
) -> None:
    permit_id = apply(
        desk,
        clerk,
        PermitData(
            town["ann"], "118 Orange St N", SidewalkWork.RECONSTRUCT, town["orange"], 118,
            width_in=54, work_starts_on=date(2026, 12, 9),
        ),
    )  # fmt: skip
    app = App(desk, inspector)
    with desk.lookup(inspector) as action:
        row = permit_row(action, permit_id)
    dialog = IssueDialog(None, app, row)
    qtbot.add_widget(dialog)
    assert dialog.partial is None
    assert "entire block" not in texts(dialog.view)


def test_the_city_contract_form_shows_the_cores_payer_and_a_correction_keeps_it(
    qtbot, tab, desk, clerk, town, dialogs, messages
) -> None:
    """Finding 12: the form says who pays as the core will fix it; a correction of the
    contractor keeps the payer fixed when it was recorded, though the plan changed since."""

    def record(dialog: QDialog) -> None:
        assert isinstance(dialog, PermitDialog)
        fill_permit(
            qtbot, dialog, applicant="kinni", work=SidewalkWork.RECONSTRUCT,
            street="Orange St N", number="118", location="Orange St N program",
            starts=date(2026, 12, 1),
        )  # fmt: skip
        shown = dialog.cost.text()
        assert "Paid 100% by the City of Prescott" in shown
        assert "Fixed when the City contract work is recorded" in shown
        assert "the contract says who pays" not in shown
        dialog.save_button.click()

    dialogs.append(record)
    tab.permits.contract_button.click()
    assert messages == []
    row = tab.permits.selected()
    assert row is not None and row.number == "SWC-2026-001"
    with desk.action(clerk) as action:
        sidewalks.retire_segment(action, town["segment"], reason="Council amendment")

    def correct(dialog: QDialog) -> None:
        assert isinstance(dialog, PermitDialog)
        assert "Paid 100% by the City of Prescott" in dialog.cost.text()
        assert "Fixed when the City contract work was recorded" in dialog.cost.text()
        dialog.number.setText("120")  # the plan is read again…
        assert "Paid 100% by the adjacent property owner" in dialog.cost.text()
        dialog.number.setText("118")  # …and kept when put back
        assert "Paid 100% by the City of Prescott" in dialog.cost.text()
        qtbot.keyClicks(dialog.contractor, " (sub)")
        dialog.save_button.click()

    dialogs.append(correct)
    tab.permits.refresh()
    tab.permits.select_permit(row.id)
    tab.permits.correct_button.click()
    assert messages == []
    assert stored_permit(desk, row.id).cost_payer == CostPayer.CITY


def test_a_completion_before_the_seventh_day_is_warned_and_recorded(
    qtbot, desk, clerk, inspector, town, dialogs, messages, clock: FixedClock
) -> None:
    permit_id = apply(
        desk,
        clerk,
        PermitData(
            town["ann"], "118 Orange St N", SidewalkWork.REPAIR, town["orange"], 118,
            parcel_id=town["ann_parcel"], width_in=54, work_starts_on=date(2026, 12, 7),
        ),
    )  # fmt: skip
    with desk.action(inspector) as action:
        sidewalks.issue(action, permit_id)
    clock.set(datetime(2026, 12, 8, 9, 0))
    dpw = make_tab(qtbot, desk, inspector)
    dpw.permits.select_permit(permit_id)

    def complete(dialog: QDialog) -> None:
        assert isinstance(dialog, CompleteDialog)
        assert not dialog.early.isVisible()  # Dec 8: in time
        dialog.on.setDate(QDate(2026, 12, 4))
        assert dialog.early.isVisible()
        assert "before Mon Dec 7, 2026: the work began fewer than seven days" in texts(dialog.early)
        dialog.save_button.click()

    dialogs.append(complete)
    dpw.permits.complete_button.click()
    assert messages == []
    assert stored_permit(desk, permit_id).completed_on == date(2026, 12, 4)
    assert "fewer than seven days after the permit" in dpw.permits.history_model.rows[-1].summary


def test_the_register_reads_a_fixed_number_of_queries_however_many_permits(
    qtbot, desk, clerk, town
) -> None:
    """Finding 13: one read of the plan for the register, the meetings and owners preloaded."""
    from sqlalchemy import event

    def statements(count: int) -> int:
        for n in range(count):
            apply(
                desk,
                clerk,
                PermitData(
                    town["ann"], "118 Orange St N", SidewalkWork.RECONSTRUCT, town["orange"],
                    100 + n, parcel_id=town["ann_parcel"],
                ),
            )  # fmt: skip
        seen: list[str] = []
        with desk.lookup(clerk) as action:
            connection = action.session.connection()

            def count_it(*_args: Any) -> None:
                seen.append("x")

            event.listen(connection, "before_cursor_execute", count_it)
            rows = search_permit_rows(action)
            event.remove(connection, "before_cursor_execute", count_it)
        assert all(r.decision.segment for r in rows)
        return len(seen)

    assert statements(2) == statements(10)
