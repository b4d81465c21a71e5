"""Special Charges tab, charges and their bills: charges typed through the form (and refused
under their fields), their bills printed and read back, paid in part at the counter, corrected
or cancelled with a reason, and the tab in the main window. Certification to the tax roll is in
test_ui_special_charges_tax_roll.py; what both use in ui_special_charges_steps.py.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture). Every modal dialog goes
through the ``dialogs`` queue, every message box through ``messages`` (a question is answered
Yes), and printing through the replaced ``printing.print_pdf`` hook or the preview's own Save
PDF… (the ``forms.ask_save_path`` hook), so the papers are read back with pypdf.
"""

from __future__ import annotations

import html
from datetime import date
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QLabel
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import func, select
from ui_special_charges_steps import (  # type: ignore[import-not-found]
    OWNER,
    add_party,
    charge,
    error_text,
    owner,
    parcel,
    pay,
    printed,
    qdate,
    stored,
    tab,
)

from clerk_desk import ledger
from clerk_desk.kinds import ChargeKind, ChargeStatus, OpeningStatus
from clerk_desk.models import SpecialCharge, StreetOpening
from clerk_desk.money import Money
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from ui.kit import forms as forms
from ui.kit.operations import App
from ui.special_charges.charge_form import ChargeDialog
from ui.special_charges.dialogs import ReasonDialog, RecordBillDialog
from ui.special_charges.tab import SpecialChargesTab

__all__ = ["owner", "parcel", "printed", "tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


def label_text(widget: Any, name: str) -> str:
    label = widget.findChild(QLabel, name)
    assert label is not None, name
    return " ".join(label.text().replace("&nbsp;", " ").replace("\u00a0", " ").split())


def choose_parcel(qtbot: Any, dialog: ChargeDialog, text: str) -> None:
    picker = dialog.parcel
    picker.search_field.clear()
    qtbot.keyClicks(picker.search_field, text)
    picker.search_field.flush()
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Down)  # into the matches: the first is chosen


def type_line(qtbot: Any, dialog: ChargeDialog, index: int, kind: str, what: str, amount: str):
    lines = dialog.lines
    lines.categories[index].setCurrentIndex(lines.categories[index].findData(kind))
    qtbot.keyClicks(lines.descriptions[index], what)
    lines.amounts[index].clear()
    qtbot.keyClicks(lines.amounts[index], amount)


# ---- a new charge from the form --------------------------------------------------------------


def test_a_new_charge_with_two_cost_lines_and_its_bill(
    qtbot, tab, desk, clerk, parcel, dialogs, messages
) -> None:
    def new_charge(dialog: QDialog) -> None:
        assert isinstance(dialog, ChargeDialog)
        # Only the kinds the tab records itself: the others come from their permit or order.
        offered = [dialog.kind.itemData(i) for i in range(dialog.kind.count())]
        assert offered == [
            ChargeKind.SNOW_ICE,
            ChargeKind.OBSTRUCTION,
            ChargeKind.DIRT_DEBRIS,
            ChargeKind.STREET_DAMAGE,
        ]
        dialog.choose_kind(ChargeKind.DIRT_DEBRIS)
        note = label_text(dialog, "kind_note")
        assert "Dirt and debris removed by the City" in note
        assert "payable within 30 days of the bill" in note and "§ 506-20" in note
        assert "a deficiency repair are charged in the Street Openings tab" in note
        assert "Billed to the operator or the owner or the occupant" in note
        choose_parcel(qtbot, dialog, "281-00412")
        # The billed party starts as the parcel's owner, billed as the owner.
        assert dialog.party.party is not None and dialog.party.party.name == OWNER
        assert dialog.billed_as.currentData() == "owner"
        assert [dialog.billed_as.itemData(i) for i in range(dialog.billed_as.count())] == [
            "operator",
            "owner",
            "occupant",
            "person in charge",
        ]
        qtbot.keyClicks(dialog.work, "Swept up dirt and debris tracked onto Orange St N")
        dialog.work_done_on.setDate(qdate(date(2026, 11, 20)))
        type_line(qtbot, dialog, 0, "labor", "Crew of two, 3 hours", "150")
        type_line(qtbot, dialog, 1, "equipment", "Street sweeper, 1 hour", "75.50")
        assert label_text(dialog.lines, "lines_total") == "<b>Total $225.50</b>"
        # Snow and ice bills the owner or the occupant; back to dirt and debris, the owner.
        dialog.choose_kind(ChargeKind.SNOW_ICE)
        assert [dialog.billed_as.itemData(i) for i in range(dialog.billed_as.count())] == [
            "owner",
            "occupant",
        ]
        assert "(the City's terms)" in html.unescape(label_text(dialog, "kind_note"))
        dialog.choose_kind(ChargeKind.DIRT_DEBRIS)
        dialog.billed_as.setCurrentIndex(dialog.billed_as.findData("owner"))
        assert label_text(dialog.lines, "lines_total") == "<b>Total $225.50</b>"
        assert "The clock starts when the bill is recorded" in label_text(dialog, "bill_clocks")
        assert not dialog.bill.bill_on.isEnabled()
        dialog.bill_now.setChecked(True)
        dialog.bill.bill_on.setDate(qdate(date(2026, 11, 23)))
        dialog.bill.delivered_how.setCurrentText("mailed")
        clocks = label_text(dialog, "bill_clocks")
        assert "Last day to pay: <b>Wed Dec 23, 2026</b> (30 days from the day the bill" in clocks
        assert "Tax roll from: <b>Thu Dec 24, 2026</b>" in clocks
        dialog.save_button.click()

    dialogs.append(new_charge)
    with qtbot.wait_signal(tab.status) as told:
        tab.charges.new_button.click()
    assert messages == []
    assert told.args[0] == "Charge CHG-2026-001 recorded: $225.50, due Wed Dec 23, 2026."
    saved = stored(desk, "CHG-2026-001")
    assert (saved.kind, saved.billed_as, saved.total) == (
        ChargeKind.DIRT_DEBRIS,
        "owner",
        Money("225.50"),
    )
    assert (saved.bill_on, saved.delivered_how, saved.received_on) == (
        date(2026, 11, 23),
        "mailed",
        None,
    )
    assert (saved.due_on, saved.tax_roll_on) == (date(2026, 12, 23), date(2026, 12, 24))
    page = tab.charges
    assert page.model.column_texts(0) == [
        "CHG-2026-001",
        "Dirt and debris",
        "281-00412-0000",
        OWNER,
        "11/20/2026",
        "$225.50",
        "$225.50",
        "12/23/2026",
        "12/24/2026",
        "Billed",
    ]
    assert [page.line_model.column_texts(i) for i in range(page.line_model.rowCount())] == [
        ["Labor", "Crew of two, 3 hours", "$150.00"],
        ["Equipment", "Street sweeper, 1 hour", "$75.50"],
    ]
    summary = label_text(tab, "charge_details")
    assert "Last day to pay: Wed Dec 23, 2026" in summary
    assert "On the tax roll from: Thu Dec 24, 2026" in summary
    assert "Bill of Mon Nov 23, 2026, mailed" in summary
    assert "Parcel <b>281-00412-0000</b>, 412 Orange St N — owner Marta Lindqvist" in summary
    assert "Outstanding, not yet on the tax roll: <b>$225.50</b>" in page.outstanding_label.text()


def test_a_bad_amount_is_refused_under_its_line_and_nothing_is_saved(
    qtbot, tab, desk, parcel, dialogs, messages
) -> None:
    seen: dict[str, str] = {}

    def new_charge(dialog: QDialog) -> None:
        assert isinstance(dialog, ChargeDialog)
        dialog.choose_kind(ChargeKind.SNOW_ICE)
        choose_parcel(qtbot, dialog, "281-00412")
        qtbot.keyClicks(dialog.work, "Cleared the public sidewalk after 24 hours")
        type_line(qtbot, dialog, 0, "labor", "Crew, 1 hour", "60")
        type_line(qtbot, dialog, 1, "equipment", "Plow truck", "12.345")
        seen["total"] = label_text(dialog.lines, "lines_total")
        dialog.save_button.click()
        seen["line_1"] = error_text(dialog, "line_1")
        seen["line_0"] = error_text(dialog, "line_0")
        seen["open"] = str(dialog.isVisible())
        # Mended, the form saves with both lines.
        dialog.lines.amounts[1].clear()
        qtbot.keyClicks(dialog.lines.amounts[1], "-5")
        dialog.save_button.click()
        seen["negative"] = error_text(dialog, "line_1")
        dialog.lines.amounts[1].clear()
        qtbot.keyClicks(dialog.lines.amounts[1], "12.35")
        dialog.save_button.click()

    dialogs.append(new_charge)
    tab.charges.new_button.click()
    assert messages == []
    assert seen["line_1"] == (
        "“12.345” has more than two decimal places. Enter dollars and cents, for example 12.34."
    )
    assert seen["line_1"] in seen["total"]  # the live total says the same
    assert seen["line_0"] == "" and seen["open"] == "True"
    assert "Negative amounts are not accepted" in seen["negative"]
    saved = stored(desk, "CHG-2026-001")  # only the mended form was saved
    assert saved.total == Money("72.35") and saved.bill_on is None
    assert tab.charges.model.column_texts(0)[-1] == "Awaiting bill"


def test_a_charge_without_a_billed_party_or_work_is_refused_under_the_fields(
    qtbot, tab, desk, dialogs, messages
) -> None:
    seen: dict[str, str] = {}

    def new_charge(dialog: QDialog) -> None:
        assert isinstance(dialog, ChargeDialog)
        dialog.choose_kind(ChargeKind.OBSTRUCTION)
        dialog.party.choose(None)
        dialog.save_button.click()
        seen["party"] = error_text(dialog, "billed_party")
        add_party(desk, tab.app.operator, "Kinni Roofing", "1200 Cudd Ave")
        dialog.party.search("kinni")
        dialog.party.choose(dialog.party.model.row(0))
        dialog.save_button.click()
        seen["parcel"] = error_text(dialog, "parcel")

    dialogs.append(new_charge)
    tab.charges.new_button.click()
    assert messages == []
    assert seen["party"].startswith("Choose who is billed")
    assert seen["parcel"].startswith("Name the parcel") and "§ 506-8" in seen["parcel"]
    with desk.database.reading() as session:
        assert session.scalar(select(func.count(SpecialCharge.id))) == 0


def test_recording_the_bill_of_an_obstruction_counts_from_its_receipt(
    qtbot, tab, desk, clerk, owner, parcel, dialogs, messages
) -> None:
    charge_id = charge(
        desk, clerk, ChargeKind.OBSTRUCTION, owner, parcel=parcel, work_done_on=date(2026, 11, 2)
    )
    tab.charges.refresh()
    tab.charges.select_charge(charge_id)
    assert not tab.charges.print_bill_button.isEnabled()
    assert "Record the bill first" in tab.charges.print_bill_button.toolTip()
    assert "Bill not recorded yet" in label_text(tab, "charge_details")

    def bill(dialog: QDialog) -> None:
        assert isinstance(dialog, RecordBillDialog)
        dialog.bill.bill_on.setDate(qdate(date(2026, 11, 3)))
        dialog.bill.delivered_how.setCurrentText("mailed")
        assert "Last day to pay: <b>Fri Nov 13, 2026</b>" in label_text(dialog, "bill_clocks")
        dialog.bill.received_on.set_value(date(2026, 11, 6))
        clocks = label_text(dialog, "bill_clocks")
        # Ten calendar days from receipt; the roll may take it the day after (issue 21), and
        # must within sixty days from the cost, which end on New Year's Day, a holiday: the
        # Treasurer's last day is Monday January 4 (City Hall is closed on Saturdays).
        assert "Last day to pay: <b>Mon Nov 16, 2026</b> (10 days from receipt" in clocks
        assert "Tax roll from: <b>Tue Nov 17, 2026</b>" in clocks
        assert (
            "To be entered on the tax roll by: <b>Mon Jan 4, 2027</b> (60 days after the cost "
            "was incurred)" in clocks
        )
        dialog.bill.received_on.set_value(date(2026, 11, 2))  # before the bill: refused
        dialog.save_button.click()
        assert "cannot be received before it went out" in error_text(dialog, "received_on")
        dialog.bill.received_on.set_value(date(2026, 11, 6))
        dialog.save_button.click()

    dialogs.append(bill)
    tab.charges.bill_button.click()
    assert messages == []
    saved = stored(desk, "CHG-2026-001")
    assert (saved.received_on, saved.due_on) == (date(2026, 11, 6), date(2026, 11, 16))
    assert tab.charges.model.column_texts(0)[7:] == [
        "11/16/2026",
        "11/17/2026",
        "Ready for tax roll",
    ]
    assert tab.charges.print_bill_button.isEnabled()


def test_the_bill_printed_and_saved_from_the_preview_reads_back(
    qtbot, tab, desk, clerk, owner, parcel, dialogs, messages, monkeypatch, tmp_path
) -> None:
    charge_id = charge(
        desk,
        clerk,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 11, 20),
        amounts=("150.00", "75.50"),
        bill_on=date(2026, 11, 23),
    )
    tab.charges.refresh()
    tab.charges.select_charge(charge_id)
    saved_to = tmp_path / "bill"
    monkeypatch.setattr(forms, "ask_save_path", lambda *_args: str(saved_to))

    def preview(dialog: QDialog) -> None:
        assert isinstance(dialog, QPrintPreviewDialog)
        assert dialog.windowTitle() == "Print — Bill — CHG-2026-001"
        [action] = [a for a in dialog.findChildren(QAction) if a.objectName() == "save_pdf_action"]
        action.trigger()  # Save PDF… from the preview

    dialogs.append(preview)
    tab.charges.print_bill_button.click()
    assert messages == []
    text = papers.text((tmp_path / "bill.pdf").read_bytes())
    assert "CHG-2026-001" in text and OWNER in text
    assert "281-00412-0000" in text and "§ 506-20" in text
    assert "$150.00" in text and "$75.50" in text and "$225.50" in text
    assert "December 23, 2026" in text  # the last day to pay, written out


def test_a_part_payment_shows_partly_paid_and_the_balance_and_a_reminder_prints(
    qtbot, tab, desk, clerk, treasurer, owner, parcel, printed, messages
) -> None:
    charge_id = charge(
        desk,
        clerk,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 11, 20),
        amounts=("150.00", "75.50"),
        bill_on=date(2026, 11, 23),
    )
    receipt = pay(desk, treasurer, charge_id, "50.00")
    tab.charges.refresh()
    tab.charges.select_charge(charge_id)
    page = tab.charges
    assert page.model.column_texts(0)[5:] == [
        "$225.50",
        "$175.50",
        "12/23/2026",
        "12/24/2026",
        "Partly paid",
    ]
    assert page.payment_model.column_texts(0)[:3] == [receipt, "11/30/2026", "$50.00"]
    assert page.pages.tabText(1) == "Payments (1)"
    summary = label_text(tab, "charge_details")
    assert "Paid $50.00 · <b>balance $175.50</b>" in summary
    page.standing_box.setCurrentIndex(page.standing_box.findData(charge_rules.Standing.PARTLY_PAID))
    searched(qtbot, page)
    assert page.model.rowCount() == 1
    page.standing_box.setCurrentIndex(page.standing_box.findData(charge_rules.Standing.PAID))
    searched(qtbot, page)
    assert page.model.rowCount() == 0 and page.count_label.text() == "No charges match"
    page.standing_box.setCurrentIndex(0)
    searched(qtbot, page)
    page.reminder_button.click()
    assert messages == []
    assert [title for title, _ in printed] == ["Reminder — CHG-2026-001"]
    reminder = papers.text(printed[0][1])
    assert "$175.50" in reminder and "CHG-2026-001" in reminder


def test_take_payment_goes_to_the_receipts_tab_with_the_billed_party(
    qtbot, desk, clerk, treasurer, owner, parcel
) -> None:
    from ui.main_window import MainWindow
    from ui.receipts.tab import ReceiptsTab

    charge_id = charge(
        desk,
        clerk,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 10, 30),
        bill_on=date(2026, 11, 2),  # due in two days: the Today tab lists it
    )
    window = MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    with qtbot.waitSignal(window.today_tab.gathered):  # gathered on a worker thread
        window.show()
    item = next(
        row.item
        for row in window.today_tab.model.rows()
        if row.item.record_type == sc.RECORD_TYPE and row.item.record_id == str(charge_id)
    )
    assert item.title == "CHG-2026-001 is due Wed Dec 2, 2026"
    window.go_to_item(item)  # the Today tab's item opens the charge
    tab = window.tabs.currentWidget()
    assert isinstance(tab, SpecialChargesTab)
    selected = tab.charges.selected()
    assert selected is not None and selected.id == charge_id
    tab.charges.pay_button.click()
    receipts_tab = window.tabs.currentWidget()
    assert isinstance(receipts_tab, ReceiptsTab)
    assert receipts_tab.party is not None and receipts_tab.party.id == owner
    assert receipts_tab.due_model.rowCount() == 1
    assert "CHG-2026-001" in " ".join(receipts_tab.due_model.column_texts(0))
    pay(desk, treasurer, charge_id, "40.00")  # the Treasurer takes part of it
    assert window.show_tab("special_charges") is tab  # back: the register is read again
    assert tab.charges.model.column_texts(0)[6] == "$60.00"
    assert tab.charges.model.column_texts(0)[-1] == "Partly paid"


def test_a_charge_is_cancelled_with_its_reason(
    qtbot, tab, desk, clerk, owner, parcel, dialogs, messages
) -> None:
    charge_id = charge(
        desk, clerk, ChargeKind.SNOW_ICE, owner, parcel=parcel, work_done_on=date(2026, 11, 20)
    )
    tab.charges.refresh()
    tab.charges.select_charge(charge_id)

    def cancel(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonDialog)
        dialog.save_button.click()  # no reason: refused under the field
        assert "Give the reason" in error_text(dialog, "reason")
        qtbot.keyClicks(dialog.reason, "Billed in error: the owner cleared it in time")
        dialog.save_button.click()

    dialogs.append(cancel)
    tab.charges.cancel_button.click()
    assert messages == []
    saved = stored(desk, "CHG-2026-001")
    assert saved.status == ChargeStatus.CANCELLED
    assert saved.cancel_reason == "Billed in error: the owner cleared it in time"
    assert tab.charges.model.column_texts(0)[-1] == "Cancelled"
    for button in (tab.charges.cancel_button, tab.charges.bill_button, tab.charges.pay_button):
        assert not button.isEnabled()


# ---- what the review asked for -----------------------------------------------------------------


def test_a_payment_marked_without_a_receipt_is_not_called_no_payment(
    qtbot, tab, desk, clerk, owner, parcel
) -> None:
    charge_id = charge(
        desk,
        clerk,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 11, 20),
        bill_on=date(2026, 11, 23),
    )
    tab.charges.refresh()
    tab.charges.select_charge(charge_id)
    assert "Paid $0.00 · <b>balance $100.00</b> · no payment yet" in label_text(
        tab, "charge_details"
    )
    due_id = stored(desk, "CHG-2026-001").amount_due_id
    assert due_id is not None
    with desk.action(tab.app.operator) as action:  # paid through the ledger, no receipt here
        ledger.apply_payment(action, due_id, Money("40.00"), reference="paid at the county")
    tab.charges.refresh()
    summary = label_text(tab, "charge_details")
    assert "Paid $40.00 · <b>balance $60.00</b>" in summary
    assert "no payment yet" not in summary


def test_a_bill_corrected_from_the_form_needs_its_reason(
    qtbot, tab, desk, clerk, owner, parcel, dialogs, messages
) -> None:
    charge_id = charge(
        desk,
        clerk,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 11, 20),
        bill_on=date(2026, 11, 23),
    )
    tab.charges.refresh()
    tab.charges.select_charge(charge_id)
    seen: dict[str, str] = {}

    def correct(dialog: QDialog) -> None:
        assert isinstance(dialog, RecordBillDialog)
        assert dialog.windowTitle() == "Correct the bill — CHG-2026-001"
        assert "A correction needs its reason" in label_text(dialog, "bill_note")
        dialog.bill.bill_on.setDate(qdate(date(2026, 11, 25)))
        dialog.save_button.click()
        seen["reason"] = error_text(dialog, "reason")
        qtbot.keyClicks(dialog.reason, "Mailed on the 25th")
        dialog.save_button.click()

    dialogs.append(correct)
    tab.charges.bill_button.click()
    assert messages == []
    assert seen["reason"].startswith("The bill of CHG-2026-001 was recorded as of Mon Nov 23")
    saved = stored(desk, "CHG-2026-001")
    assert (saved.bill_on, saved.first_bill_on) == (date(2026, 11, 25), date(2026, 11, 23))
    summary = label_text(tab, "charge_details")
    assert "Bill first recorded as of Mon Nov 23, 2026: Mailed on the 25th" in summary


def test_an_opening_repair_waits_for_its_actual_notice_on_screen(
    qtbot, tab, desk, clerk, owner, parcel, dialogs, messages
) -> None:
    now = desk.clock.now()
    with desk.database.writing() as session:
        opening = StreetOpening(
            number="SO-2026-014",
            year=2026,
            sequence=14,
            applicant_id=owner,
            status=OpeningStatus.CLOSED,
            applied_at=now,
            applied_on=date(2026, 7, 1),
            received_by_name="Test Clerk",
            created_at=now,
        )
        session.add(opening)
        session.flush()
        opening_id = opening.id
    with desk.action(clerk) as action:
        charge_id = sc.create_charge(
            action,
            sc.ChargeData(
                ChargeKind.OPENING_REPAIR,
                owner,
                "Pavement repair over opening SO-2026-014",
                date(2026, 11, 2),
                [sc.LineData("other", "Pavement repair made by the City", Money("1200.00"))],
                parcel_id=parcel,
                billed_as="permittee",
                record_type="street_opening",
                record_id=str(opening_id),
            ),
            sc.BillData(date(2026, 11, 3), "mailed"),
        )
    tab.charges.refresh()
    tab.charges.select_charge(charge_id)
    assert tab.charges.model.column_texts(0)[-3:] == ["", "", "Awaiting notice"]
    summary = label_text(tab, "charge_details")
    assert "Actual notice not recorded yet" in summary
    assert "From <a href='record:street_opening/" in summary
    assert "Street opening permit SO-2026-014" in summary

    def notice(dialog: QDialog) -> None:
        assert isinstance(dialog, RecordBillDialog)
        labels = [dialog.form.labelForField(w) for _c, w, _f in dialog.bill.fields()]
        captions = [label.text() for label in labels if isinstance(label, QLabel)]
        assert captions[-1] == "Actual &notice"
        assert "the later of the days the applicant and the owner" in label_text(
            dialog, "bill_note"
        )
        assert "Last day to pay: <b>none yet</b>" in label_text(dialog, "bill_clocks")
        dialog.bill.received_on.set_value(date(2026, 11, 5))
        clocks = label_text(dialog, "bill_clocks")
        assert "Last day to pay: <b>Wed Feb 3, 2027</b> (90 days from the actual notice)" in clocks
        dialog.save_button.click()  # adding the notice needs no reason

    dialogs.append(notice)
    tab.charges.bill_button.click()
    assert messages == []
    saved = stored(desk, "CHG-2026-001")
    assert (saved.received_on, saved.due_on) == (date(2026, 11, 5), date(2027, 2, 3))
    assert "actual notice Thu Nov 5, 2026" in label_text(tab, "charge_details")


def test_the_tab_in_the_main_window_is_readable(qtbot, desk, clerk, owner, parcel) -> None:
    """A screenshot for a person to look at (``CLERK_DESK_SHOTS`` names the folder)."""
    import os

    from ui.main_window import MainWindow

    charge(
        desk,
        clerk,
        ChargeKind.OBSTRUCTION,
        owner,
        parcel=parcel,
        work_done_on=date(2026, 9, 1),
        bill_on=date(2026, 10, 29),
        received_on=date(2026, 11, 2),
    )
    window = MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    window.resize(1280, 800)  # a small screen: the tab fits inside the window
    window.show()
    tab = window.show_tab("special_charges")
    assert isinstance(tab, SpecialChargesTab)
    tab.charges.refresh()
    tab.charges.select_charge(1)
    assert tab.charges.model.column_texts(0)[7:] == [
        "11/12/2026",
        "11/13/2026",
        "Ready for tax roll",
    ]
    assert tab.width() <= window.width()
    folder = os.environ.get("CLERK_DESK_SHOTS")
    if folder:
        window.grab().save(os.path.join(folder, "special_charges.png"))
        tab.inner.setCurrentWidget(tab.tax_roll)
        window.grab().save(os.path.join(folder, "tax_roll.png"))
