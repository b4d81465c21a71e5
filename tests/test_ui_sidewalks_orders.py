"""Sidewalks tab (the sidewalk article before § 506-6; Wis. Stat. § 66.0907), its repair orders
and master plan: a segment that moves who pays, a council order served and repaired by the City,
minor repairs, service by publication, and the order and segment forms; driven through its
dialogs, checked in the database and on paper. The permits are in test_ui_sidewalks_permits.py.

"Today" is Monday, November 30, 2026, 10:00 a.m.; the Sidewalk Master Plan shows Orange St N,
both sides, 100-299. The records, the fixtures and the replaced dialogs and printer are those of
ui_sidewalks_steps.py.
"""

from __future__ import annotations

from datetime import date, datetime

import papers  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import QDate
from PySide6.QtWidgets import QDialog
from ui_sidewalks_steps import (  # type: ignore[import-not-found]
    _order,
    apply,
    choose,
    fill_permit,
    held_meeting,
    make_tab,
    plan_read,
    previewed,
    stored_permit,
    tab,
    texts,
    town,
)

from clerk_desk import ledger
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk
from clerk_desk.kinds import (
    CostPayer,
    DueKind,
    DueStatus,
    RepairOrderKind,
    RepairOrderStatus,
    SidewalkWork,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import SidewalkRepairOrder
from clerk_desk.money import Money
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.service import PermitData
from clerk_desk.special_charges import service as special_charges
from ui.kit import forms as forms
from ui.kit.operations import App
from ui.sidewalks.order_dialogs import CityRepairDialog, OrderDialog, ServiceDialog
from ui.sidewalks.parts import ReasonDialog
from ui.sidewalks.permit_dialogs import IssueDialog, PermitDialog
from ui.sidewalks.plan_dialogs import SegmentDialog

__all__ = ["previewed", "tab", "town"]  # fixtures, used by name


pytestmark = pytest.mark.gui


def stored_order(desk: Desk, order_id: int) -> SidewalkRepairOrder:
    with desk.database.reading() as session:
        order = session.get(SidewalkRepairOrder, order_id)
        assert order is not None
        session.expunge(order)
        return order


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


# ---- the second review: what the clerk sees after each fix ------------------------------------


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
