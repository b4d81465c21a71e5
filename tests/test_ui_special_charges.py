"""Special Charges tab: charges typed through the form, their bills printed and read back, paid
in part at the counter, and certified to the tax roll by the Treasurer.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture). Every modal dialog goes
through the ``dialogs`` queue, every message box through ``messages`` (a question is answered
Yes), and printing through the replaced ``printing.print_pdf`` hook or the preview's own Save
PDF… (the ``forms.ask_save_path`` hook), so the papers are read back with pypdf.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from openpyxl import load_workbook
from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QLabel
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import func, select

from clerk_desk import ledger, parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import (
    ChargeKind,
    ChargeStatus,
    OpeningStatus,
    PartyKind,
    Role,
    RunStatus,
    TenderKind,
)
from clerk_desk.models import SpecialCharge, StreetOpening, TaxRollRun
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.special_charges.charge_form import ChargeDialog
from ui.special_charges.dialogs import AccountDialog, ReasonDialog, RecordBillDialog
from ui.special_charges.tab import SpecialChargesTab

pytestmark = pytest.mark.gui

STATION = "Front counter"
OWNER = "Marta Lindqvist"


# ---- the records a test starts from ----------------------------------------------------------


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


def add_party(desk: Desk, who: SignedIn, name: str, street: str = "412 Orange St N") -> int:
    with desk.action(who) as action:
        party = parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.PERSON,
                name=name,
                street=street,
                city="Prescott",
                state="WI",
                postal_code="54021",
            ),
        )
        action.session.flush()
        return party.id


def add_parcel(desk: Desk, who: SignedIn, number: str, owner_id: int, site: str) -> int:
    with desk.action(who) as action:
        parcel = parties.add_parcel(action, parties.ParcelData(number, site, owner_id=owner_id))
        action.session.flush()
        return parcel.id


@pytest.fixture
def owner(desk: Desk, clerk: SignedIn) -> int:
    return add_party(desk, clerk, OWNER)


@pytest.fixture
def parcel(desk: Desk, clerk: SignedIn, owner: int) -> int:
    return add_parcel(desk, clerk, "281-00412-0000", owner, "412 Orange St N")


def charge(
    desk: Desk,
    who: SignedIn,
    kind: ChargeKind,
    party: int,
    *,
    parcel: int | None,
    work_done_on: date,
    amounts: Sequence[str] = ("100.00",),
    bill_on: date | None = None,
    received_on: date | None = None,
    billed_as: str = "owner",
) -> int:
    lines = [sc.LineData("labor", f"Crew, item {i + 1}", Money(a)) for i, a in enumerate(amounts)]
    bill = sc.BillData(bill_on, "mailed", received_on) if bill_on else None
    with desk.action(who) as action:
        return sc.create_charge(
            action,
            sc.ChargeData(
                kind,
                party,
                "Swept up dirt and debris tracked onto Orange St N",
                work_done_on,
                lines,
                parcel_id=parcel,
                billed_as=billed_as,
            ),
            bill,
        )


def pay(desk: Desk, who: SignedIn, charge_id: int, amount: str) -> str:
    """The Treasurer takes ``amount`` on the charge at the counter, as the Receipts tab does."""
    with desk.database.reading() as session:
        due_id = sc.get_charge(session, charge_id).amount_due_id
    assert due_id is not None
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("50.00"))
    with desk.database.reading() as session:
        line = receipts.due_line(session, due_id, Money(amount))
    with desk.action(who) as action:
        return receipts.take_payment(
            action,
            station=STATION,
            payer_id=None,
            payer_name=OWNER,
            lines=[line],
            tenders=[TenderEntry(TenderKind.CASH, Money(amount))],
        ).number


def stored(desk: Desk, number: str) -> SpecialCharge:
    with desk.database.reading() as session:
        found = session.scalars(select(SpecialCharge).where(SpecialCharge.number == number)).one()
        found.run  # noqa: B018 - loaded before the session ends
        session.expunge_all()
        return found


def run_count(desk: Desk) -> int:
    with desk.database.reading() as session:
        return int(session.scalar(select(func.count(TaxRollRun.id))) or 0)


def make_tab(qtbot: Any, desk: Desk, who: SignedIn) -> SpecialChargesTab:
    widget = SpecialChargesTab(App(desk, who))
    qtbot.add_widget(widget)
    widget.resize(1400, 900)
    widget.show()
    searched(qtbot, widget)
    return widget


@pytest.fixture
def tab(qtbot: Any, desk: Desk, clerk: SignedIn) -> SpecialChargesTab:
    return make_tab(qtbot, desk, clerk)


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """The printer, replaced: the PDF bytes each paper was printed with are kept."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


def qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def label_text(widget: Any, name: str) -> str:
    label = widget.findChild(QLabel, name)
    assert label is not None, name
    return " ".join(label.text().replace("&nbsp;", " ").replace("\u00a0", " ").split())


def error_text(dialog: Any, field: str) -> str:
    label = dialog.findChild(QLabel, f"error_{field}")
    assert label is not None, field
    return label.text() if label.isVisible() else ""


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


# ---- the tax roll ------------------------------------------------------------------------------


@pytest.fixture
def three_charges(desk: Desk, clerk: SignedIn, treasurer: SignedIn, owner: int) -> dict[str, int]:
    """One past its roll day and unpaid, one paid, one not yet at its roll day."""
    a = add_parcel(desk, clerk, "281-00001-0000", owner, "101 Orange St N")
    b = add_parcel(desk, clerk, "281-00002-0000", owner, "102 Orange St N")
    c = add_parcel(desk, clerk, "281-00003-0000", owner, "103 Orange St N")
    unpaid = charge(
        desk,
        clerk,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=b,
        work_done_on=date(2026, 9, 30),
        amounts=("240.00",),
        bill_on=date(2026, 10, 5),  # due Nov 4, on the roll from Nov 5
    )
    paid = charge(
        desk,
        clerk,
        ChargeKind.DIRT_DEBRIS,
        owner,
        parcel=a,
        work_done_on=date(2026, 9, 30),
        amounts=("80.00",),
        bill_on=date(2026, 10, 5),
    )
    pay(desk, treasurer, paid, "80.00")
    later = charge(
        desk,
        clerk,
        ChargeKind.STREET_DAMAGE,
        owner,
        parcel=c,
        work_done_on=date(2026, 11, 20),
        bill_on=date(2026, 11, 23),  # payable through December 23
        billed_as="operator",
    )
    return {"unpaid": unpaid, "paid": paid, "later": later}


def test_a_run_lists_only_the_eligible_charges_is_certified_once_and_locks_them(
    qtbot, desk, treasurer, three_charges, messages
) -> None:
    tab = make_tab(qtbot, desk, treasurer)
    tab.charges.refresh()
    assert tab.charges.model.column_texts(2)[-1] == "Ready for tax roll"  # the unpaid one
    tab.inner.setCurrentWidget(tab.tax_roll)
    roll = tab.tax_roll
    assert "No run prepared yet" in roll.heading.text()
    assert roll.as_of.date() == qdate(date(2026, 11, 30))
    with qtbot.wait_signal(tab.status) as told:
        roll.prepare_button.click()
    assert told.args[0] == (
        "Run TR-2026-01 prepared as of Mon Nov 30, 2026: 1 charge to review, then certify."
    )
    assert [roll.entry_model.column_texts(i) for i in range(roll.entry_model.rowCount())] == [
        [
            "281-00002-0000",
            OWNER,
            "CHG-2026-001 Dirt and debris removed by the City: Swept up dirt and debris "
            "tracked onto Orange St N",
            "§ 506-20",
            "$240.00",
        ]
    ]
    assert roll.section_model.column_texts(0) == ["§ 506-20", "1", "$240.00"]
    assert roll.grand_total.text() == "Grand total: 1 charge on 1 parcel, <b>$240.00</b>"
    assert roll.run_model.column_texts(0)[:5] == [
        "TR-2026-01",
        "11/30/2026",
        "Draft",
        "1",
        "$240.00",
    ]
    assert roll.certify_button.isEnabled()

    stale = make_tab(qtbot, desk, treasurer)  # another counter station, showing the draft
    stale.tax_roll.refresh()

    with qtbot.wait_signal(tab.status) as told:
        roll.certify_button.click()
    assert messages[0] == (
        "Certify run TR-2026-01 to the tax roll: 1 charge on 1 parcel, totaling $240.00?"
    )
    assert told.args[0] == "Run TR-2026-01 certified to the tax roll: 1 charge, $240.00."
    saved = stored(desk, "CHG-2026-001")
    assert saved.status == ChargeStatus.CERTIFIED and saved.run is not None
    assert roll.run_model.column_texts(0)[2] == "Certified"
    assert roll.run_model.column_texts(0)[5] == f"Test {Role.TREASURER.label}"
    assert roll.run_model.column_texts(0)[6] == "11/30/2026 10:00 AM"
    assert not roll.certify_button.isEnabled()
    assert "a run is certified once" in roll.certify_button.toolTip()
    assert not roll.discard_button.isEnabled()
    # The register shows the charge locked and stamped with the run.
    charges = tab.charges
    charges.select_charge(three_charges["unpaid"])
    certified = charges.model.row_of(lambda r: r.number == "CHG-2026-001")
    assert charges.model.column_texts(certified)[-1] == "Certified, TR-2026-01"
    for button in (charges.cancel_button, charges.bill_button, charges.pay_button):
        assert not button.isEnabled()
    assert "paid with the property taxes" in charges.pay_button.toolTip()
    assert "Outstanding, not yet on the tax roll: <b>$100.00</b>" in (
        charges.outstanding_label.text()
    )
    # The other station's certify is refused by the core: a run is certified once.
    stale.tax_roll.certify_button.click()
    assert "a run is certified once" in messages[-1]
    with desk.database.reading() as session:
        assert [r.status for r in tax_roll.runs(session)] == [RunStatus.CERTIFIED]


def test_a_list_changed_since_it_was_prepared_is_not_certified_and_is_prepared_again(
    qtbot, desk, treasurer, three_charges, messages
) -> None:
    tab = make_tab(qtbot, desk, treasurer)
    tab.inner.setCurrentWidget(tab.tax_roll)
    roll = tab.tax_roll
    roll.prepare_button.click()
    pay(desk, treasurer, three_charges["unpaid"], "40.00")  # paid in part meanwhile
    roll.certify_button.click()
    # Checked before the Treasurer is asked to certify: she is told why, and asked to prepare
    # the run again.
    assert len(messages) == 1
    assert messages[0].startswith("The list changed since run TR-2026-01 was prepared:")
    assert "CHG-2026-001 now owes $200.00, not the $240.00 listed" in messages[0]
    # Asked to prepare again (answered Yes): the new draft lists what is owed now.
    assert roll.run_model.column_texts(0)[:5] == [
        "TR-2026-02",
        "11/30/2026",
        "Draft",
        "1",
        "$200.00",
    ]
    assert roll.run_model.column_texts(1)[2] == "Set aside"
    assert stored(desk, "CHG-2026-001").status == ChargeStatus.BILLED
    forms.select_row(roll.run_table, 1)  # any run of the list is shown
    assert "Run TR-2026-01</b> — Set aside" in roll.heading.text()
    assert "Set aside by a later run." in roll.heading.text()
    assert roll.entry_model.column_texts(0)[-1] == "$240.00"
    assert not roll.certify_button.isEnabled() and roll.print_button.isEnabled()


def test_a_draft_is_set_aside_with_its_reason(
    qtbot, desk, treasurer, three_charges, dialogs, messages
) -> None:
    tab = make_tab(qtbot, desk, treasurer)
    tab.inner.setCurrentWidget(tab.tax_roll)
    tab.tax_roll.prepare_button.click()

    def discard(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonDialog)
        qtbot.keyClicks(dialog.reason, "Prepared for the wrong date")
        dialog.save_button.click()

    dialogs.append(discard)
    tab.tax_roll.discard_button.click()
    assert messages == []
    assert tab.tax_roll.run_model.column_texts(0)[2] == "Set aside"
    assert "Prepared for the wrong date" in tab.tax_roll.heading.text()
    assert not tab.tax_roll.certify_button.isEnabled()
    # A second run; the first is shown again when asked for by its record.
    tab.tax_roll.prepare_button.click()
    with desk.database.reading() as session:
        first = min(run.id for run in tax_roll.runs(session))
    tab.inner.setCurrentWidget(tab.charges)
    tab.show_record("tax_roll_run", str(first))
    assert tab.inner.currentWidget() is tab.tax_roll
    shown = tab.tax_roll.selected()
    assert shown is not None and shown.number == "TR-2026-01"


def test_the_run_exported_for_the_county_and_printed(
    qtbot, desk, treasurer, three_charges, printed, messages, monkeypatch, tmp_path, child_jobs
) -> None:
    tab = make_tab(qtbot, desk, treasurer)
    tab.inner.setCurrentWidget(tab.tax_roll)
    roll = tab.tax_roll
    roll.prepare_button.click()
    roll.certify_button.click()
    target = tmp_path / "county"
    monkeypatch.setattr(forms, "ask_save_path", lambda *_args: str(target))
    with qtbot.wait_signal(tab.status, timeout=20_000) as told:
        roll.export_button.click()
    assert told.args[0] == "Run TR-2026-01: 1 charge written to county.xlsx"
    assert child_jobs == ["ui.special_charges.jobs.run_workbook"]
    book = load_workbook(f"{target}.xlsx")
    rows = list(book.worksheets[0].iter_rows(values_only=True))
    assert rows[0] == (
        "Parcel number",
        "Owner",
        "Owner address",
        "Site address",
        "Description",
        "Section",
        "Amount",
    )
    assert rows[1][:4] == (
        "281-00002-0000",
        OWNER,
        "412 Orange St N, Prescott, WI 54021",
        "102 Orange St N",
    )
    assert rows[1][4] == (
        "CHG-2026-001 Dirt and debris removed by the City: Swept up dirt and debris tracked "
        "onto Orange St N"
    )
    assert rows[1][5] == "§ 506-20" and float(rows[1][6]) == 240.0
    # The paid and the not-yet-due charges are not on it, and no total row: that is on the
    # Summary sheet.
    assert len(rows) == 2
    assert "$" in book.worksheets[0].cell(2, 7).number_format
    roll.print_button.click()
    assert [title for title, _ in printed] == ["Tax roll run TR-2026-01"]
    text = papers.text(printed[0][1])
    assert "TR-2026-01" in text and "281-00002-0000" in text and "$240.00" in text
    assert messages == [
        "Certify run TR-2026-01 to the tax roll: 1 charge on 1 parcel, totaling $240.00?"
    ]


def test_a_clerk_cannot_prepare_a_run(qtbot, tab, desk, three_charges, messages) -> None:
    tab.inner.setCurrentWidget(tab.tax_roll)
    roll = tab.tax_roll
    assert not roll.prepare_button.isEnabled()
    assert "you need the role" in roll.prepare_button.toolTip()
    assert Role.TREASURER.label in roll.prepare_button.toolTip()
    roll.prepare()  # asked anyway: the core refuses
    assert len(messages) == 1 and "you need the role" in messages[0]
    assert run_count(desk) == 0


def test_the_register_exported_to_excel_in_the_background(
    qtbot, tab, desk, three_charges, monkeypatch, tmp_path, child_jobs
) -> None:
    page = tab.charges
    page.refresh()
    qtbot.keyClicks(page.search_field, "281-00002")
    page.search_field.flush()
    searched(qtbot, page)
    assert [page.model.row(i).number for i in range(page.model.rowCount())] == ["CHG-2026-001"]
    page.search_field.clear()
    page.search_field.flush()
    searched(qtbot, page)
    page.kind_box.setCurrentIndex(page.kind_box.findData(ChargeKind.STREET_DAMAGE))
    searched(qtbot, page)
    assert [page.model.row(i).number for i in range(page.model.rowCount())] == ["CHG-2026-003"]
    page.kind_box.setCurrentIndex(0)
    searched(qtbot, page)
    page.year_box.setCurrentIndex(page.year_box.findData(2026))
    searched(qtbot, page)
    assert page.model.rowCount() == 3 and page.count_label.text() == "3 charges"
    target = tmp_path / "charges"
    monkeypatch.setattr(forms, "ask_save_path", lambda *_args: str(target))
    with qtbot.wait_signal(tab.status, timeout=20_000) as told:
        tab.charges.export_button.click()
    assert told.args[0] == "3 special charges written to charges.xlsx"
    assert child_jobs == ["ui.special_charges.jobs.register_workbook"]
    rows = list(load_workbook(f"{target}.xlsx").active.iter_rows(values_only=True))
    header_at = next(i for i, row in enumerate(rows) if row and row[0] == "Charge")
    numbers = [row[0] for row in rows[header_at + 1 :] if row and row[0]]
    assert numbers == ["CHG-2026-003", "CHG-2026-002", "CHG-2026-001"]


def test_the_gl_account_is_set_by_who_may_change_settings(
    qtbot, tab, desk, dialogs, messages, operator_with
) -> None:
    def account(dialog: QDialog) -> None:
        assert isinstance(dialog, AccountDialog)
        dialog.account.clear()
        dialog.save_button.click()
        assert "Enter the GL account" in error_text(dialog, "gl_account")
        qtbot.keyClicks(dialog.account, "100-48100")
        dialog.save_button.click()

    dialogs.append(account)
    with qtbot.wait_signal(tab.status) as told:
        tab.charges.account_button.click()
    assert told.args[0] == "New special charges post to GL account 100-48100."
    with desk.database.reading() as session:
        assert ledger.special_charge_account(session) == "100-48100"
    inspector = make_tab(qtbot, desk, operator_with(Role.INSPECTOR))
    assert not inspector.charges.account_button.isEnabled()
    assert "you need the role" in inspector.charges.account_button.toolTip()


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


def test_a_day_to_come_gives_a_preview_that_cannot_be_certified(
    qtbot, desk, treasurer, three_charges, messages
) -> None:
    tab = make_tab(qtbot, desk, treasurer)
    tab.inner.setCurrentWidget(tab.tax_roll)
    roll = tab.tax_roll
    roll.as_of.setDate(qdate(date(2026, 12, 31)))
    with qtbot.wait_signal(tab.status) as told:
        roll.prepare_button.click()
    assert told.args[0] == (
        "Preview PV-2026-01 as of Thu Dec 31, 2026: 2 charges as things stand; a preview is "
        "never certified."
    )
    assert roll.run_model.column_texts(0)[:3] == ["PV-2026-01", "12/31/2026", "Preview"]
    assert not roll.certify_button.isEnabled()
    assert "is a preview as of Thu Dec 31, 2026" in roll.certify_button.toolTip()
    assert roll.discard_button.isEnabled() and roll.print_button.isEnabled()
    assert "never certified" in roll.heading.text()
    roll.certify_selected()  # asked anyway: told why, nothing certified
    assert len(messages) == 1 and "a day still to come" in messages[0]
    assert stored(desk, "CHG-2026-003").status == ChargeStatus.BILLED


def test_a_day_with_nothing_to_list_is_refused_under_the_day(
    qtbot, desk, treasurer, messages
) -> None:
    tab = make_tab(qtbot, desk, treasurer)
    tab.inner.setCurrentWidget(tab.tax_roll)
    tab.tax_roll.prepare_button.click()
    assert messages == []
    assert error_text(tab.tax_roll, "as_of").startswith(
        "No charge is past its tax-roll day and unpaid on Mon Nov 30, 2026"
    )
    assert run_count(desk) == 0


def test_a_run_with_a_parcel_whose_owner_is_not_on_file_is_not_certified(
    qtbot, desk, clerk, treasurer, owner, messages
) -> None:
    bare = add_parcel(desk, clerk, "281-00777-0000", owner, "777 Court St N")
    with desk.action(clerk) as action:
        parties.update_parcel(
            action, bare, parties.ParcelData("281-00777-0000", "777 Court St N", owner_id=None)
        )
    charge(
        desk,
        clerk,
        ChargeKind.SNOW_ICE,
        owner,
        parcel=bare,
        work_done_on=date(2026, 10, 1),
        bill_on=date(2026, 10, 2),
        billed_as="occupant",
    )
    tab = make_tab(qtbot, desk, treasurer)
    tab.inner.setCurrentWidget(tab.tax_roll)
    roll = tab.tax_roll
    roll.prepare_button.click()
    assert roll.entry_model.column_texts(0)[:2] == ["281-00777-0000", "Owner not on file"]
    assert "Owner not on file</b> for parcel 281-00777-0000" in roll.heading.text()
    assert not roll.certify_button.isEnabled()
    assert "record the owner under People & Parcels" in roll.certify_button.toolTip()


def test_the_treasurer_keeps_the_gl_account_but_not_the_city_settings(
    qtbot, desk, treasurer, operator_with
) -> None:
    from clerk_desk.permissions import Permission

    assert treasurer.may(Permission.TREASURY_SETTINGS)
    assert not treasurer.may(Permission.EDIT_SETTINGS)
    assert make_tab(qtbot, desk, treasurer).charges.account_button.isEnabled()
    deputy = make_tab(qtbot, desk, operator_with(Role.DEPUTY_CLERK))
    assert not deputy.charges.account_button.isEnabled()


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
