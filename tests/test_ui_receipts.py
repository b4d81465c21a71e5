"""Receipts tab: a whole sale by keyboard, its printed receipt, a void, and the close-out.

Real widgets offscreen; dialogs run through the ``dialogs`` queue (no modal loop), message boxes
through ``messages``, and every print through a captured :func:`ui.printing.print_pdf`.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from sqlalchemy import select

from clerk_desk import ledger, parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    AmountDue,
    AuditEvent,
    DueKind,
    DueStatus,
    PartyKind,
    Receipt,
    ReceiptStatus,
    Role,
    Tender,
    TenderKind,
)
from clerk_desk.money import Money
from clerk_desk.parties import PartyData
from ui import printing
from ui.operations import App
from ui.receipt_dialogs import (
    ChecksModel,
    CloseOutDialog,
    OpenDrawerDialog,
    ReceiptSettingsDialog,
    VoidDialog,
    set_station_name,
)
from ui.receipts_tab import ReceiptsTab

pytestmark = pytest.mark.gui

STATION = "Front counter"
CARD_NUMBER = "4111111111111111"


@pytest.fixture
def treasurer(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.TREASURER)


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """Every PDF sent to the printer, with its title; printing always succeeds."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


@pytest.fixture
def payer(desk: Desk, admin: SignedIn) -> tuple[int, int]:
    """Ada Lindqvist, who owes $60.00 for snow removal; (party id, due id)."""
    with desk.action(admin) as action:
        party = parties.add_party(
            action,
            PartyData(PartyKind.PERSON, "Ada Lindqvist", street="212 Orange St", city="Prescott"),
        )
        due = ledger.bill(
            action,
            party_id=party.id,
            record=RecordRef("special_charge", "SC-7"),
            kind=DueKind.SPECIAL_CHARGE,
            amount=Money("60.00"),
            description="Snow and ice removal, 212 Orange St",
            gl_account="100-46330-000",
        )
        return party.id, due.id


@pytest.fixture
def make_tab(qtbot, desk: Desk) -> Callable[[SignedIn], ReceiptsTab]:
    def make(who: SignedIn) -> ReceiptsTab:
        set_station_name(STATION)
        widget = ReceiptsTab(App(desk, who))
        qtbot.add_widget(widget)
        widget.resize(1280, 800)
        widget.show()
        return widget

    return make


@pytest.fixture
def tab(make_tab, treasurer: SignedIn) -> ReceiptsTab:
    return make_tab(treasurer)


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def open_drawer(qtbot, tab: ReceiptsTab, dialogs: list, cash: str = "100") -> None:
    def fill(dialog: OpenDrawerDialog) -> None:
        qtbot.keyClicks(dialog.opening_cash, cash)
        qtbot.keyClick(dialog.opening_cash, Qt.Key.Key_Return)

    dialogs.append(fill)
    tab.open_drawer_button.click()
    assert tab.drawer is not None and tab.drawer.opening_cash == Money(cash)


def add_fee(qtbot, tab: ReceiptsTab, code: str, reference: str = "") -> None:
    if reference:
        qtbot.keyClicks(tab.reference_field, reference)
    qtbot.keyClicks(tab.fee_field, code)
    tab.fee_completer.popup().hide()
    qtbot.keyClick(tab.fee_field, Qt.Key.Key_Return)


def ctrl_enter(qtbot, widget) -> None:
    """Ctrl+Enter as a person presses it: the shortcut needs the dialog to be the active window."""
    widget.window().activateWindow()
    qtbot.waitUntil(widget.window().isActiveWindow)
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def choose_tender(qtbot, tab: ReceiptsTab, kind: TenderKind) -> None:
    tab.tender_kind.setFocus()
    qtbot.keyClick(tab.tender_kind, Qt.Key.Key_Home)
    for _ in range(list(TenderKind).index(kind)):
        qtbot.keyClick(tab.tender_kind, Qt.Key.Key_Down)
    assert TenderKind(tab.tender_kind.currentData()) is kind


def test_whole_sale_by_keyboard_split_tenders_print_then_void(
    qtbot, tab, desk, payer, dialogs, messages, printed
) -> None:
    party_id, due_id = payer
    open_drawer(qtbot, tab, dialogs)
    saved: list[str] = []
    tab.status.connect(saved.append)

    # the payer, found as you type; Enter picks; what they owe shows
    qtbot.keyClicks(tab.payer_search, "lindq")
    qtbot.waitUntil(lambda: tab.payer_model.rowCount() == 1)
    qtbot.keyClick(tab.payer_search, Qt.Key.Key_Return)
    assert tab.party is not None and tab.party.id == party_id
    assert tab.due_model.rowCount() == 1 and "$60.00" in tab.due_label.text()
    qtbot.keyClick(tab.due_table, Qt.Key.Key_Space)  # pay it in full
    assert [line.amount_due_id for line in tab.lines] == [due_id]

    # a fee by its code, with a reference
    add_fee(qtbot, tab, "vend", reference="VP-2026-3")
    assert [line.description for line in tab.lines][-1] == "Special event vending permit fee"
    assert tab.total_value.text() == "$80.00"

    # a check for $50, then $40 cash: $10 change
    choose_tender(qtbot, tab, TenderKind.CHECK)
    qtbot.keyClicks(tab.tender_amount, "50")
    qtbot.keyClicks(tab.check_number, "1042")
    qtbot.keyClicks(tab.name_on_check, "Ada Lindqvist")
    qtbot.keyClick(tab.name_on_check, Qt.Key.Key_Return)
    assert tab.short_value.text() == "$30.00"
    assert TenderKind(tab.tender_kind.currentData()) is TenderKind.CASH
    qtbot.keyClicks(tab.tender_amount, "40")
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    assert tab.change_value.text() == "$10.00"
    assert tab.problems_label.text() == ""

    # Enter with nothing left to add saves and prints
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    assert messages == []
    with desk.database.reading() as session:
        receipt = session.scalars(select(Receipt)).one()
        number = receipt.number
        assert receipt.total == Money("80.00") and receipt.change == Money("10.00")
        assert receipt.payer_id == party_id and receipt.prints == 1
        assert [(line.amount, line.reference) for line in receipt.lines] == [
            (Money("60.00"), "special_charge SC-7"),
            (Money("20.00"), "VP-2026-3"),
        ]
        assert [(t.kind, t.amount, t.tendered, t.check_number) for t in receipt.tenders] == [
            (TenderKind.CHECK, Money("50.00"), Money("50.00"), "1042"),
            (TenderKind.CASH, Money("30.00"), Money("40.00"), ""),
        ]
        assert session.get(AmountDue, due_id).status == DueStatus.PAID
    assert any(number in message for message in saved)
    assert "Change due $10.00" in tab.last_label.text()
    assert tab.lines == [] and tab.tenders == [] and tab.payer_search.text() == ""

    # the printed receipt: the original, with number, total and payer
    assert len(printed) == 1
    text = pdf_text(printed[0][1])
    assert number in text and "$80.00" in text and "Ada Lindqvist" in text
    assert "DUPLICATE" not in text

    # the register finds it by payer; a reprint is a DUPLICATE
    tab.register_view_button.click()
    qtbot.keyClicks(tab.register_search, "lindqvist")
    tab.register_search.flush()
    assert tab.register_model.rowCount() == 1
    assert tab.register_model.row(0).number == number
    tab.reprint_button.click()
    assert "DUPLICATE" in pdf_text(printed[-1][1])

    # void it: a reason is required; what it paid is due again
    def void(dialog: VoidDialog) -> None:
        ctrl_enter(qtbot, dialog.reason)
        assert dialog.isVisible() and "why" in dialog.errors.message("reason")
        qtbot.keyClicks(dialog.reason, "Paid twice; check returned to payer")
        ctrl_enter(qtbot, dialog.reason)

    dialogs.append(void)
    tab.void_button.click()
    with desk.database.reading() as session:
        receipt = session.scalars(select(Receipt)).one()
        assert receipt.status == ReceiptStatus.VOID
        assert receipt.void_reason == "Paid twice; check returned to payer"
        due = session.get(AmountDue, due_id)
        assert due.status == DueStatus.OPEN and due.balance == Money("60.00")
    assert tab.register_model.row(0).status == "void"


def test_close_out_with_over_short_needs_a_note_then_prints_reports(
    qtbot, tab, desk, dialogs, messages, printed
) -> None:
    open_drawer(qtbot, tab, dialogs, "100")
    qtbot.keyClicks(tab.payer_search, "Walk In Vendor")
    tab.payer_search.flush()
    qtbot.keyClick(tab.payer_search, Qt.Key.Key_Return)
    assert tab.fee_field.hasFocus() or tab.payer_model.rowCount() == 0
    add_fee(qtbot, tab, "VEND")
    choose_tender(qtbot, tab, TenderKind.CHECK)
    qtbot.keyClicks(tab.check_number, "77")
    qtbot.keyClick(tab.check_number, Qt.Key.Key_Return)  # empty amount: what is short
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    assert messages == []
    assert tab.drawer is not None and tab.drawer.receipts == 1
    assert tab.drawer.expected_checks == Money("20.00")

    def count(dialog: CloseOutDialog) -> None:
        assert dialog.checks_model.rowCount() == 1  # pre-filled from the checks received
        assert dialog.checks_model.total() == Money("20.00")
        for key in ("100", "1"):
            dialog.pieces[key].selectAll()
            qtbot.keyClicks(dialog.pieces[key], "1")
        assert dialog.cash_total.text() == "$101.00"
        assert dialog.verdict.text() == "Over $1.00"
        qtbot.keyClick(dialog.pieces["1"], Qt.Key.Key_Return)
        assert dialog.isVisible() and "over" in dialog.errors.message("note")
        qtbot.keyClicks(dialog.note, "Extra dollar found under the tray")
        ctrl_enter(qtbot, dialog.note)

    dialogs.append(count)
    tab.close_out_button.click()
    assert messages == []
    from clerk_desk.models import Drawer, DrawerStatus

    with desk.database.reading() as session:
        drawer = session.scalars(select(Drawer)).one()
        assert drawer.status == DrawerStatus.CLOSED
        assert drawer.over_short == Money("1.00")
        assert drawer.close_note == "Extra dollar found under the tray"
        assert drawer.cash_count == {"100": 1, "1": 1}
    titles = [title for title, _ in printed[-2:]]
    assert titles[0].startswith("Close-out") and titles[1].startswith("Deposit slip")
    assert "Over $1.00" in pdf_text(printed[-2][1]) or "1.00" in pdf_text(printed[-2][1])
    assert tab.drawer is None and not tab.close_out_button.isEnabled()


def test_a_full_card_number_is_refused_next_to_the_field_and_never_stored(
    qtbot, tab, desk, dialogs, messages, printed
) -> None:
    open_drawer(qtbot, tab, dialogs)
    qtbot.keyClicks(tab.payer_search, "Card Payer")
    tab.payer_search.flush()
    add_fee(qtbot, tab, "VEND")
    choose_tender(qtbot, tab, TenderKind.CARD)
    qtbot.keyClicks(tab.card_last4, CARD_NUMBER)
    assert tab.card_last4.text() == ""
    assert "full card number" in tab.errors.message("card")
    qtbot.keyClicks(tab.card_authorization, CARD_NUMBER)
    assert tab.card_authorization.text() == ""
    qtbot.keyClicks(tab.card_last4, "1111")
    qtbot.keyClicks(tab.card_authorization, "ab12c")
    qtbot.keyClick(tab.card_authorization, Qt.Key.Key_Return)
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    assert messages == []
    with desk.database.reading() as session:
        tender = session.scalars(select(Tender)).one()
        assert (tender.card_last4, tender.card_authorization) == ("1111", "AB12C")
        stored = [
            str(value) for row in session.scalars(select(Tender)) for value in vars(row).values()
        ] + [f"{e.summary} {e.before} {e.after}" for e in session.scalars(select(AuditEvent))]
    assert not any(CARD_NUMBER in value for value in stored)


def test_esc_clears_the_sale_after_asking(qtbot, tab, dialogs, messages, printed) -> None:
    open_drawer(qtbot, tab, dialogs)
    qtbot.keyClicks(tab.payer_search, "Someone")
    add_fee(qtbot, tab, "STPRIV")
    assert len(tab.lines) == 1
    qtbot.keyClick(tab.fee_field, Qt.Key.Key_Escape)
    assert messages and "Clear this sale" in messages[-1]
    assert tab.lines == [] and tab.line_model.rowCount() == 0


def test_taking_payment_without_an_open_drawer_says_so(qtbot, tab, printed) -> None:
    assert tab.drawer is None
    assert not tab.save_button.isEnabled()
    assert "no drawer open" in tab.drawer_label.text()


def test_a_deputy_may_not_close_out_and_is_told_which_role_may(
    qtbot, make_tab, operator_with
) -> None:
    tab = make_tab(operator_with(Role.DEPUTY_CLERK))
    assert not tab.close_out_button.isEnabled()
    assert "Treasurer" in tab.close_out_button.toolTip()


def test_receipt_settings_station_and_paper(qtbot, make_tab, admin, desk, dialogs) -> None:
    tab = make_tab(admin)

    def change(dialog: ReceiptSettingsDialog) -> None:
        dialog.station.selectAll()
        qtbot.keyClicks(dialog.station, "Treasurer window")
        dialog.paper.setCurrentIndex(dialog.paper.findData("roll"))
        qtbot.keyClick(dialog.station, Qt.Key.Key_Return)

    dialogs.append(change)
    tab.settings_button.click()
    assert tab.station == "Treasurer window"
    from clerk_desk import receipts

    with desk.database.reading() as session:
        assert receipts.receipt_settings(session).paper == "roll"


def test_every_model_passes_qtmodeltester(
    qtbot, qtmodeltester, tab, payer, dialogs, printed
) -> None:
    open_drawer(qtbot, tab, dialogs)
    qtbot.keyClicks(tab.payer_search, "ada")
    tab.payer_search.flush()
    qtmodeltester.check(tab.payer_model)
    qtbot.keyClick(tab.payer_search, Qt.Key.Key_Return)
    qtmodeltester.check(tab.due_model)
    qtbot.keyClick(tab.due_table, Qt.Key.Key_Space)
    add_fee(qtbot, tab, "VEND")
    qtmodeltester.check(tab.line_model)
    qtbot.keyClicks(tab.tender_amount, "100")
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    qtmodeltester.check(tab.tender_model)
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    tab.register_view_button.click()
    qtmodeltester.check(tab.register_model)
    assert tab.register_model.rowCount() == 1
    from clerk_desk.receipt_views import CheckEntry

    checks = ChecksModel([CheckEntry("1042", "Ada", Money("5.00"))])
    qtmodeltester.check(checks)
