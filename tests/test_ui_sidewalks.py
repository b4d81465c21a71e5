"""Sidewalks tab (the sidewalk article before § 506-6; Wis. Stat. § 66.0907): driven through its
dialogs, checked in the database and on paper.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture). A sidewalk permit is
obtained at least seven days before the work: issued today, work may start Monday, December 7
at the earliest; for work starting December 7 today is the last day to issue. The Sidewalk
Master Plan shows Orange St N, both sides, 100-299: a sidewalk reconstructed there is the City's
cost, elsewhere the adjacent owner's. Every modal dialog goes through the ``dialogs`` queue,
every message box through ``messages``, and printing through the replaced print hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

import builders  # type: ignore[import-not-found]
import papers  # type: ignore[import-not-found]
import pytest
from openpyxl import load_workbook
from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QDialog
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import select

from clerk_desk import ledger, parties
from clerk_desk.clock import FixedClock, city_zone
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import (
    Compass,
    CostPayer,
    DueKind,
    DueStatus,
    MeetingKind,
    PartyKind,
    RepairOrderKind,
    RepairOrderStatus,
    Role,
    SidewalkPermitStatus,
    SidewalkWork,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import SidewalkPermit, SidewalkRepairOrder
from clerk_desk.money import Money
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.details import permit_row, search_permit_rows
from clerk_desk.sidewalks.service import PermitData, SegmentData
from clerk_desk.special_charges import service as special_charges
from clerk_desk.street_numbers import streets
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.sidewalks.order_dialogs import CityRepairDialog, OrderDialog, ServiceDialog
from ui.sidewalks.parts import ReasonDialog
from ui.sidewalks.permit_dialogs import (
    CompleteDialog,
    CouncilDecisionDialog,
    IssueDialog,
    PermitDialog,
)
from ui.sidewalks.plan_dialogs import SegmentDialog
from ui.sidewalks.tab import SidewalksTab

pytestmark = pytest.mark.gui

MAIN_WINDOW_TAB = 1215
"""The width of the tab area inside the main window at 1400 x 900 (the side list takes the rest)."""


# ---- the records a test starts from ----------------------------------------------------------


def add_party(desk: Desk, who: SignedIn, name: str, street: str = "1200 Cudd Ave") -> int:
    with desk.action(who) as action:
        party = parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.PERSON if "LLC" not in name else PartyKind.BUSINESS,
                name=name,
                street=street,
                city="Prescott",
                state="WI",
                postal_code="54021",
            ),
        )
        action.session.flush()
        return party.id


def add_street(desk: Desk, who: SignedIn, name: str, direction: str = "") -> int:
    with desk.action(who) as action:
        street = streets.add_street(
            action,
            streets.StreetData(
                name=name,
                suffix="St",
                direction=direction,
                odd_side=Compass.EAST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=1999,
            ),
        )
        action.session.flush()
        return street


def add_parcel(desk: Desk, who: SignedIn, number: str, site: str, owner_id: int) -> int:
    with desk.action(who) as action:
        parcel = parties.add_parcel(
            action, parties.ParcelData(parcel_number=number, site_address=site, owner_id=owner_id)
        )
        action.session.flush()
        return parcel.id


def add_segment(desk: Desk, who: SignedIn, data: SegmentData) -> int:
    with desk.action(who) as action:
        return sidewalks.add_segment(action, data)


def apply(desk: Desk, who: SignedIn, data: PermitData) -> int:
    with desk.action(who) as action:
        return sidewalks.receive_application(action, data)


def held_meeting(desk: Desk, who: SignedIn) -> int:
    """The regular meeting of Monday, November 23, 2026, 6:00 p.m. (held: today is the 30th)."""
    return int(
        builders.meeting(
            desk, who, datetime(2026, 11, 23, 18, 0, tzinfo=city_zone()), "Council Chambers"
        )
    )


def stored_permit(desk: Desk, permit_id: int) -> SidewalkPermit:
    with desk.database.reading() as session:
        permit = session.get(SidewalkPermit, permit_id)
        assert permit is not None
        session.expunge(permit)
        return permit


def stored_order(desk: Desk, order_id: int) -> SidewalkRepairOrder:
    with desk.database.reading() as session:
        order = session.get(SidewalkRepairOrder, order_id)
        assert order is not None
        session.expunge(order)
        return order


def texts(view: Any) -> str:
    return " ".join(view.texts())


# ---- fixtures ----------------------------------------------------------------------------------


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


@pytest.fixture
def inspector(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    """The Director of Public Works (the Building Inspector's role): issues sidewalk permits."""
    return operator_with(Role.INSPECTOR)


def make_tab(qtbot: Any, desk: Desk, who: SignedIn) -> SidewalksTab:
    """The tab at the size it has inside the main window of 1400 x 900 pixels."""
    widget = SidewalksTab(App(desk, who))
    qtbot.add_widget(widget)
    widget.resize(MAIN_WINDOW_TAB, 860)
    widget.show()
    searched(qtbot, widget)
    return widget


def plan_read(qtbot: Any, plan: Any) -> None:
    """Wait until the Master plan page, first shown, has read the plan on its worker."""
    qtbot.waitUntil(lambda: plan.loaded and not plan.reading, timeout=10_000)


@pytest.fixture
def tab(qtbot: Any, desk: Desk, clerk: SignedIn) -> SidewalksTab:
    return make_tab(qtbot, desk, clerk)


@pytest.fixture
def previewed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """The print preview, replaced: the PDF bytes it was given are kept."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "preview_pdf", capture)
    return seen


@pytest.fixture
def town(desk: Desk, clerk: SignedIn) -> dict[str, int]:
    """Orange St N and Kinnickinnic St; Ann Lee owns 118 Orange St N and Robert Hanson 215
    Kinnickinnic St; Kinni Concrete LLC lays sidewalks; the plan shows Orange St N 100-299."""
    orange = add_street(desk, clerk, "Orange", "N")
    kinni = add_street(desk, clerk, "Kinnickinnic")
    ann = add_party(desk, clerk, "Ann Lee", "118 Orange St N")
    bob = add_party(desk, clerk, "Robert Hanson", "215 Kinnickinnic St")
    return {
        "orange": orange,
        "kinni": kinni,
        "ann": ann,
        "bob": bob,
        "concrete": add_party(desk, clerk, "Kinni Concrete LLC"),
        "ann_parcel": add_parcel(desk, clerk, "281-00123-0000", "118 Orange St N", ann),
        "bob_parcel": add_parcel(desk, clerk, "281-00456-0000", "215 Kinnickinnic St", bob),
        "segment": add_segment(
            desk,
            clerk,
            SegmentData(orange, "both", 100, 299, "sidewalk", "Broad St N to Court St", "2024"),
        ),
    }


def choose(qtbot: Any, picker: Any, text: str) -> None:
    """Type part of a name in a picker and go down into its matches: the first is chosen."""
    picker.search_field.clear()
    qtbot.keyClicks(picker.search_field, text)
    picker.search_field.flush()
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Down)


def fill_permit(
    qtbot: Any,
    dialog: PermitDialog,
    *,
    applicant: str,
    work: SidewalkWork,
    street: str,
    number: str,
    location: str,
    starts: date,
    width: str = "4 1/2",
    parcel: str = "",
) -> None:
    choose(qtbot, dialog.applicant, applicant)
    if parcel:
        choose(qtbot, dialog.parcel, parcel)
    dialog.work.setCurrentIndex(dialog.work.findData(work))
    dialog.street.setCurrentIndex(dialog.street.findText(street))
    dialog.number.clear()
    qtbot.keyClicks(dialog.number, number)
    qtbot.keyClicks(dialog.location, location)
    dialog.width_edit.clear()
    qtbot.keyClicks(dialog.width_edit, width)
    dialog.starts.set_value(starts)


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


# ---- the master plan decides who pays ------------------------------------------------------------


def test_a_segment_added_in_the_master_plan_tab_moves_the_payer_of_a_permit(
    qtbot, tab, desk, clerk, inspector, town, dialogs, messages, previewed
) -> None:
    permit_id = apply(
        desk,
        clerk,
        PermitData(
            town["concrete"],
            "305 Orange St N",
            SidewalkWork.CONSTRUCT,
            street_id=town["orange"],
            address_number=305,
            width_in=54,
            work_starts_on=date(2027, 5, 3),
        ),
    )
    permits, plan = tab.permits, tab.plan
    permits.refresh()
    permits.select_permit(permit_id)
    assert permits.model.column_texts(0)[5] == "Owner (plan today)"
    assert "Paid 100% by the adjacent property owner" in permits.cost.text()

    tab.inner.setCurrentWidget(plan)
    plan_read(qtbot, plan)
    assert [r.label for r in plan.model.rows] == ["Orange St N, both sides, 100-299: Sidewalk"]
    plan.lookup_street.setCurrentIndex(plan.lookup_street.findText("Orange St N"))
    plan.lookup_number.setText("305")
    assert "Not shown on the current plan" in plan.lookup_result.text()

    def segment(dialog: QDialog) -> None:
        assert isinstance(dialog, SegmentDialog)
        dialog.street.setCurrentIndex(dialog.street.findText("Orange St N"))
        dialog.side.setCurrentIndex(dialog.side.findData("odd"))
        qtbot.keyClicks(dialog.low, "399")
        qtbot.keyClicks(dialog.high, "301")
        dialog.save_button.click()
        assert dialog.isVisible()
        assert dialog.errors.message("high_number") != ""
        dialog.low.setText("301")
        dialog.high.setText("399")
        qtbot.keyClicks(dialog.description, "Court St to Elm St")
        dialog.save_button.click()

    dialogs.append(segment)
    with qtbot.wait_signal(tab.register_changed):
        plan.add_button.click()
    assert messages == []
    assert [r.label for r in plan.model.rows] == [
        "Orange St N, both sides, 100-299: Sidewalk",
        "Orange St N, odd side, 301-399: Sidewalk",
    ]
    assert "<b>Shown on the plan</b>: Orange St N, odd side, 301-399" in plan.lookup_result.text()
    assert "<b>Paid 100% by the City of Prescott</b>" in plan.lookup_result.text()
    plan.lookup_number.setText("399")  # the last number: on the plan
    assert "Shown on the plan" in plan.lookup_result.text()
    plan.lookup_number.setText("401")
    assert "Not shown on the current plan" in plan.lookup_result.text()
    plan.lookup_number.setText("306")  # the even side
    assert "Not shown on the current plan" in plan.lookup_result.text()

    # The permit, not yet issued, follows the plan.
    tab.inner.setCurrentWidget(permits)
    permits.select_permit(permit_id)
    assert permits.model.column_texts(0)[5] == "City (plan today)"
    assert "Paid 100% by the City of Prescott" in permits.cost.text()
    assert "Orange St N, odd side, 301-399" in permits.cost.text()

    # Issued, it keeps the City as payer; retiring the segment changes nothing for it.
    with desk.action(inspector) as action:
        sidewalks.issue(action, permit_id)
    tab.inner.setCurrentWidget(plan)
    plan.refresh()
    forms.select_row(plan.table, plan.model.row_of(lambda r: r.low_number == 301))

    def retire(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonDialog)
        qtbot.keyClicks(dialog.reason, "Council resolution 2027-04 amending the plan")
        dialog.save_button.click()

    dialogs.append(retire)
    plan.retire_button.click()
    assert [r.label for r in plan.model.rows] == ["Orange St N, both sides, 100-299: Sidewalk"]
    plan.retired_box.setChecked(True)
    assert len(plan.model.rows) == 2
    tab.inner.setCurrentWidget(permits)
    permits.select_permit(permit_id)
    assert permits.model.column_texts(0)[5:] == ["City", "Issued"]
    assert stored_permit(desk, permit_id).cost_payer == CostPayer.CITY
    later = apply(
        desk,
        clerk,
        PermitData(
            town["concrete"],
            "307 Orange St N",
            SidewalkWork.CONSTRUCT,
            street_id=town["orange"],
            address_number=307,
            work_starts_on=date(2027, 5, 3),
        ),
    )
    permits.select_permit(later)
    assert permits.model.column_texts(permits.model.row_of(lambda r: r.id == later))[5] == (
        "Owner (plan today)"
    )


# ---- a repair order ------------------------------------------------------------------------------


def test_a_council_repair_order_served_then_repaired_by_the_city_after_twenty_days(
    qtbot, tab, desk, clerk, inspector, town, clock: FixedClock, dialogs, messages, previewed
) -> None:
    """Ordered by the Council on Nov 23; served on the owner Tue Nov 24: his last day is Mon Dec
    14. The City's repair is refused on the 20th day and charged on the 21st, Tue Dec 15."""
    meeting_id = held_meeting(desk, clerk)
    orders = tab.orders
    tab.inner.setCurrentWidget(orders)

    def order(dialog: QDialog) -> None:
        assert isinstance(dialog, OrderDialog)
        assert dialog.meeting.meeting_id() == meeting_id  # the latest meeting held
        choose(qtbot, dialog.parcel, "215 kinni")
        dialog.street.setCurrentIndex(dialog.street.findText("Kinnickinnic St"))
        qtbot.keyClicks(dialog.location, "In front of 215 Kinnickinnic St, three flags")
        qtbot.keyClicks(dialog.work_required, "Remove and replace three 5-ft flags")
        dialog.save_button.click()
        assert dialog.errors.message("defect").startswith("Describe what is wrong")
        qtbot.keyClicks(dialog.defect, "Heaved 2 inches at a joint; cracked flags")
        dialog.whole_block.setChecked(False)
        dialog.save_button.click()
        assert "unless the Director of Public Works approves" in dialog.errors.message(
            "partial_approved_by"
        )
        qtbot.keyClicks(dialog.partial_by, "Dana Whitfield, Director of Public Works")
        dialog.save_button.click()

    dialogs.append(order)
    with qtbot.wait_signal(tab.status) as told:
        orders.new_button.click()
    assert messages == []
    assert told.args[0] == "Repair order SR-2026-001 recorded: print the notice and serve it."
    [(title, notice)] = previewed
    assert title == "Notice to repair sidewalk SR-2026-001"
    text = " ".join(papers.page_texts(notice))
    assert "Robert Hanson" in text and "281-00456-0000" in text
    assert "20 days" in text and "special tax" in text
    order_id = orders.selected().id
    saved = stored_order(desk, order_id)
    assert (saved.kind, saved.status, saved.ordered_on, saved.owner_id) == (
        RepairOrderKind.COUNCIL_ORDER,
        RepairOrderStatus.ORDERED,
        date(2026, 11, 23),
        town["bob"],
    )
    assert saved.partial_approved_by == "Dana Whitfield, Director of Public Works"
    assert "The notice is not served yet" in texts(orders.findings)
    assert not orders.city_button.isEnabled()  # the Clerk does not direct the City's work

    def service(dialog: QDialog) -> None:
        assert isinstance(dialog, ServiceDialog)
        dialog.served_on.setDate(QDate(2026, 11, 24))
        assert "The owner's last day: <b>Mon Dec 14, 2026</b>" in dialog.due.text()
        dialog.how.setCurrentText("personal")
        dialog.by_name.setText("Officer Dale Berg")
        dialog.save_button.click()

    dialogs.append(service)
    with qtbot.wait_signal(tab.status) as told:
        orders.service_button.click()
    assert told.args[0] == "Notice of SR-2026-001 served: the owner's last day is Mon Dec 14, 2026."
    assert stored_order(desk, order_id).repair_due_on == date(2026, 12, 14)
    assert orders.model.column_texts(0)[6:] == ["11/24/2026", "12/14/2026", "Notice served"]
    assert "the City may repair from Tue Dec 15, 2026" in texts(orders.findings)

    # The 20th day: the owner's time has not run. The button says so, in the service's words.
    clock.set(datetime(2026, 12, 14, 15, 0))
    dpw = make_tab(qtbot, desk, inspector)
    dpw.inner.setCurrentWidget(dpw.orders)
    dpw.orders.select_order(order_id)
    assert not dpw.orders.city_button.isEnabled()
    refused = dpw.orders.city_button.toolTip()
    assert refused.startswith("The owner has through Mon Dec 14, 2026 (20 days after service")
    assert "the City may repair from Tue Dec 15, 2026" in refused

    # The 21st day: a repair recorded as made on the 20th (the crew went early) is refused
    # next to the day; recorded on the 21st, it is charged to the owner as a special charge.
    clock.set(datetime(2026, 12, 15, 9, 0))
    dpw.orders.refresh()
    assert dpw.orders.model.column_texts(0)[8] == "Notice served"
    assert dpw.orders.selected().overdue  # type: ignore[union-attr]
    assert dpw.orders.city_button.isEnabled()

    def too_early(dialog: QDialog) -> None:
        assert isinstance(dialog, CityRepairDialog)
        dialog.on.setDate(QDate(2026, 12, 14))
        qtbot.keyClicks(dialog.cost, "1,240.50")
        assert "<b>$1,240.50</b>" in dialog.preview.text()
        dialog.save_button.click()
        assert dialog.isVisible()
        refused = dialog.errors.message("on")
        assert refused.startswith("The owner has through Mon Dec 14, 2026 (20 days after service")
        assert "the City may repair from Tue Dec 15, 2026" in refused
        dialog.discard()

    dialogs.append(too_early)
    dpw.orders.city_button.click()
    assert stored_order(desk, order_id).status == RepairOrderStatus.SERVED
    with desk.database.reading() as session:
        assert ledger.dues_for(session, RecordRef("sidewalk_repair_order", str(order_id))) == []

    def charged(dialog: QDialog) -> None:
        assert isinstance(dialog, CityRepairDialog)
        assert "may do the work from <b>Tue Dec 15, 2026</b>" in " ".join(
            label.text() for label in dialog.findChildren(type(dialog.preview))
        )
        qtbot.keyClicks(dialog.cost, "1,240.50")
        dialog.save_button.click()

    dialogs.append(charged)
    dpw.orders.city_button.click()
    assert messages == []
    saved = stored_order(desk, order_id)
    assert (saved.status, saved.city_repaired_on, saved.city_cost) == (
        RepairOrderStatus.CITY_REPAIRED,
        date(2026, 12, 15),
        Money("1240.50"),
    )
    with desk.database.reading() as session:
        [due] = ledger.dues_for(session, RecordRef("sidewalk_repair_order", str(order_id)))
        assert (due.kind, due.party_id, due.amount, due.due_on, due.status) == (
            DueKind.SPECIAL_CHARGE,
            town["bob"],
            Money("1240.50"),
            None,
            DueStatus.OPEN,
        )
        assert due.cite == sidewalks.REPAIR_ORDER_CITE
        [charge] = special_charges.charges_for(session, sidewalks.ORDER_RECORD_TYPE, str(order_id))
        assert (charge.amount_due_id, charge.tax_roll_on) == (due.id, date(2026, 12, 15))
    assert dpw.orders.pages.currentIndex() == 1
    assert dpw.orders.charge_model.column_texts(0)[1:] == ["$1,240.50", "$0.00", "Open"]
    events = [r.summary for r in dpw.orders.history_model.rows]
    assert events[0].startswith("Sidewalk repair order SR-2026-001")
    assert any("City repaired the sidewalk of SR-2026-001" in e for e in events)


def test_a_minor_repair_is_five_hundred_dollars_at_most(
    qtbot, desk, inspector, town, dialogs, messages, previewed
) -> None:
    dpw = make_tab(qtbot, desk, inspector)
    dpw.inner.setCurrentWidget(dpw.orders)

    def minor(dialog: QDialog) -> None:
        assert isinstance(dialog, OrderDialog)
        dialog.kind.setCurrentIndex(dialog.kind.findData(RepairOrderKind.MINOR))
        assert not dialog.meeting.isEnabled() and dialog.estimate.isEnabled()
        assert "does not exceed $500" in dialog.kind_note.text()
        choose(qtbot, dialog.parcel, "118 orange")
        qtbot.keyClicks(dialog.location, "118 Orange St N")
        qtbot.keyClicks(dialog.defect, "One settled flag")
        qtbot.keyClicks(dialog.estimate, "500.01")
        dialog.save_button.click()
        refused = dialog.errors.message("estimated_cost")
        assert refused.startswith("$500.01 is more than $500.00: that is not a minor repair.")
        assert "needs a Council order and notice" in refused
        dialog.estimate.setText("500.00")
        dialog.save_button.click()

    dialogs.append(minor)
    dpw.orders.new_button.click()
    assert messages == []
    assert previewed == []  # a minor repair is made without notice: nothing to print
    row = dpw.orders.selected()
    assert row is not None and row.kind is RepairOrderKind.MINOR
    assert row.estimated_cost == Money("500.00")
    assert dpw.orders.model.column_texts(0)[7] == "no notice"
    assert not dpw.orders.service_button.isEnabled()
    assert not dpw.orders.notice_button.isEnabled()


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


def _order(desk: Desk, who: SignedIn, parcel: int, meeting: int | None, **changes: Any) -> int:
    with desk.action(who) as action:
        order_id = sidewalks.order_repair(
            action,
            sidewalks.RepairOrderData(
                changes.pop("kind", RepairOrderKind.COUNCIL_ORDER),
                parcel,
                "215 Kinnickinnic St",
                "Cracked flags",
                meeting_id=meeting,
                **changes,
            ),
        )
        return order_id


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


def test_an_owner_ordered_to_replace_the_walk_applies_under_the_order(
    qtbot, tab, desk, clerk, inspector, town, dialogs, messages, previewed
) -> None:
    """Finding 2 at the counter: Ann Lee, ordered by the Council to replace her walk on the
    plan, applies for a Replacement; naming the order, the form says she pays (the plan would
    have the City pay); the Director approves a partial replacement when issuing it (finding 5)
    and the permit prints it."""
    meeting = held_meeting(desk, clerk)
    order_id = _order(desk, clerk, town["ann_parcel"], meeting)

    def application(dialog: QDialog) -> None:
        assert isinstance(dialog, PermitDialog)
        assert not dialog.repair_order.isEnabled()  # no parcel yet
        fill_permit(
            qtbot, dialog, applicant="ann lee", parcel="281-00123", work=SidewalkWork.REPLACE,
            street="Orange St N", number="118", location="Front walk", starts=date(2026, 12, 9),
        )  # fmt: skip
        assert "Paid 100% by the City of Prescott" in dialog.cost.text()
        box = dialog.repair_order
        assert box.isEnabled() and box.itemText(1).startswith("SR-2026-001 — Council order")
        box.setCurrentIndex(box.findData(order_id))
        shown = dialog.cost.text()
        assert "Paid 100% by the adjacent property owner" in shown
        assert "The work carries out repair order SR-2026-001" in shown
        assert "Wis. Stat. § 66.0907" in shown and "fixed when the permit is issued" not in shown
        dialog.save_button.click()

    dialogs.append(application)
    tab.permits.new_button.click()
    assert messages == []
    permit_id = tab.permits.selected().id
    assert stored_permit(desk, permit_id).repair_order_id == order_id
    assert tab.permits.model.column_texts(0)[5] == "Owner"
    assert "Carries out repair order</i> SR-2026-001" in tab.permits.summary.text()

    dpw = make_tab(qtbot, desk, inspector)
    dpw.permits.select_permit(permit_id)

    def issue(dialog: QDialog) -> None:
        assert isinstance(dialog, IssueDialog)
        assert dialog.partial is not None and not dialog.partial.isChecked()
        shown = texts(dialog.view)
        assert "Paid 100%" not in shown  # said once, in the cost box
        assert "entire block is repaired at one time" in shown
        dialog.partial.setChecked(True)
        dialog.save_button.click()

    dialogs.append(issue)
    dpw.permits.issue_button.click()
    assert messages == []
    saved = stored_permit(desk, permit_id)
    assert (saved.cost_payer, saved.partial_replacement_approved) == (CostPayer.OWNER, True)
    [(_title, pdf)] = previewed
    first = papers.page_texts(pdf)[0]
    assert "Paid 100% by the adjacent property owner" in first
    assert "Partial replacement approved by the Director of Public Works" in first


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


def test_the_order_form_offers_only_the_kinds_the_operator_may_order(
    qtbot, desk, clerk, inspector, town
) -> None:
    """Finding 10: the Clerk records the Council's orders only; the Director may direct all
    three. A minor repair hides the whole-block fields (nothing in the section applies to it);
    any order may carry an estimate."""
    clerks = OrderDialog(None, App(desk, clerk))
    qtbot.add_widget(clerks)
    kinds = [clerks.kind.itemData(i) for i in range(clerks.kind.count())]
    assert kinds == [RepairOrderKind.COUNCIL_ORDER]
    assert clerks.save_button.isEnabled() and clerks.estimate.isEnabled()
    directors = OrderDialog(None, App(desk, inspector))
    qtbot.add_widget(directors, before_close_func=OrderDialog.discard)
    directors.show()
    kinds = [directors.kind.itemData(i) for i in range(directors.kind.count())]
    assert kinds == [
        RepairOrderKind.COUNCIL_ORDER,
        RepairOrderKind.EMERGENCY,
        RepairOrderKind.MINOR,
    ]
    assert directors.block.isVisible()
    directors.kind.setCurrentIndex(directors.kind.findData(RepairOrderKind.MINOR))
    assert not directors.block.isVisible() and directors.estimate.isEnabled()
    directors.kind.setCurrentIndex(directors.kind.findData(RepairOrderKind.EMERGENCY))
    assert directors.block.isVisible()


def test_a_minor_repair_is_recorded_without_the_whole_block_rule(
    qtbot, desk, inspector, town, dialogs, messages
) -> None:
    dpw = make_tab(qtbot, desk, inspector)
    dpw.inner.setCurrentWidget(dpw.orders)

    def minor(dialog: QDialog) -> None:
        assert isinstance(dialog, OrderDialog)
        dialog.kind.setCurrentIndex(dialog.kind.findData(RepairOrderKind.MINOR))
        dialog.whole_block.setChecked(False)  # hidden: whatever it says, the rule is off
        choose(qtbot, dialog.parcel, "118 orange")
        qtbot.keyClicks(dialog.location, "118 Orange St N")
        qtbot.keyClicks(dialog.defect, "One settled flag")
        qtbot.keyClicks(dialog.estimate, "365")
        dialog.save_button.click()

    dialogs.append(minor)
    dpw.orders.new_button.click()
    assert messages == []
    assert "Whole block: does not apply" in dpw.orders.summary.text()
    assert "Whole block at one time" not in dpw.orders.summary.text()


def test_an_overlapping_segment_is_refused_under_the_numbers(
    qtbot, tab, desk, clerk, town, dialogs, messages
) -> None:
    """Finding 11: the core's refusal of a segment that overlaps the plan is shown next to the
    numbers, not in a message box."""
    tab.inner.setCurrentWidget(tab.plan)

    def segment(dialog: QDialog) -> None:
        assert isinstance(dialog, SegmentDialog)
        dialog.street.setCurrentIndex(dialog.street.findText("Orange St N"))
        qtbot.keyClicks(dialog.low, "250")
        qtbot.keyClicks(dialog.high, "350")
        dialog.save_button.click()
        assert dialog.isVisible()
        assert dialog.errors.message("low_number").startswith(
            "That stretch overlaps the plan's segment Orange St N, both sides, 100-299: Sidewalk"
        )

    dialogs.append(segment)
    tab.plan.add_button.click()
    assert messages == []


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


def test_service_by_publication_asks_for_the_copy_mailed_first_class(
    qtbot, desk, clerk, town, dialogs, messages
) -> None:
    meeting = held_meeting(desk, clerk)
    order_id = _order(desk, clerk, town["bob_parcel"], meeting)
    tab = make_tab(qtbot, desk, clerk)
    tab.inner.setCurrentWidget(tab.orders)
    tab.orders.select_order(order_id)

    def service(dialog: QDialog) -> None:
        assert isinstance(dialog, ServiceDialog)
        assert not dialog.mailing_box.isVisible()
        dialog.how.setCurrentText("publication")
        assert dialog.mailing_box.isVisible()
        note = dialog.mailing_note.text()
        assert (
            "address is known (215 Kinnickinnic St, Prescott, WI 54021): with service by " in note
        )
        assert "publication, a copy of the notice is also mailed to it by first-class mail" in note
        dialog.mailed.setChecked(True)
        dialog.save_button.click()

    dialogs.append(service)
    tab.orders.service_button.click()
    assert messages == []
    assert stored_order(desk, order_id).served_how == "publication and first-class mail"


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
