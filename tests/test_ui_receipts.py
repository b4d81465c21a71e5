"""Receipts tab: a whole sale by keyboard, its printed receipt, a void, and the close-out.

Real widgets offscreen; dialogs run through the ``dialogs`` queue (no modal loop), message boxes
through ``messages``, and every print through a captured :func:`ui.kit.printing.print_pdf`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import builders  # type: ignore[import-not-found]
import papers  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from shown_text import markup_shown  # type: ignore[import-not-found]
from sqlalchemy import select

from clerk_desk import ledger, parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import DueKind, DueStatus, PartyKind, ReceiptStatus, Role, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AmountDue, AuditEvent, Receipt, Tender
from clerk_desk.money import Money
from clerk_desk.parties import PartyData
from clerk_desk.receipts.views import SEARCH_TIP
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.receipts.close_out import ChecksModel, CloseOutDialog
from ui.receipts.dialogs import ReceiptSettingsDialog, VoidDialog
from ui.receipts.drawers import OpenDrawerDialog
from ui.receipts.tab import ReceiptsTab

pytestmark = pytest.mark.gui

STATION = "Front counter"
CARD_NUMBER = "4111111111111111"


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
        builders.name_this_station(desk, STATION)
        widget = ReceiptsTab(App(desk, who))
        qtbot.add_widget(widget)
        widget.resize(1280, 800)
        widget.show()
        return widget

    return make


@pytest.fixture
def tab(make_tab, treasurer: SignedIn) -> ReceiptsTab:
    return make_tab(treasurer)


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
            (Money("60.00"), "Special charge SC-7"),
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
    text = papers.raw_text(printed[0][1])
    assert number in text and "$80.00" in text and "Ada Lindqvist" in text
    assert "DUPLICATE" not in text

    # the register finds it by payer; a reprint is a DUPLICATE
    tab.register_view_button.click()
    # what a word of one or two letters searches, said where it is typed
    assert tab.register.search_field.toolTip() == SEARCH_TIP
    qtbot.keyClicks(tab.register.search_field, "lindqvist")
    tab.register.search_field.flush()
    assert tab.register.model.rowCount() == 1
    assert tab.register.model.row(0).number == number
    tab.register.reprint_button.click()
    assert "DUPLICATE" in papers.raw_text(printed[-1][1])

    # void it: a reason is required; what it paid is due again
    def void(dialog: VoidDialog) -> None:
        ctrl_enter(qtbot, dialog.reason)
        assert dialog.isVisible() and "why" in dialog.errors.message("reason")
        qtbot.keyClicks(dialog.reason, "Paid twice; check returned to payer")
        ctrl_enter(qtbot, dialog.reason)

    dialogs.append(void)
    tab.register.void_button.click()
    with desk.database.reading() as session:
        receipt = session.scalars(select(Receipt)).one()
        assert receipt.status == ReceiptStatus.VOID
        assert receipt.void_reason == "Paid twice; check returned to payer"
        due = session.get(AmountDue, due_id)
        assert due.status == DueStatus.OPEN and due.balance == Money("60.00")
    assert tab.register.model.row(0).status == "void"
    # the register's acts are the core's: a void receipt is not voided again, and says so
    assert not tab.register.void_button.isEnabled()
    assert tab.register.void_button.toolTip() == f"Receipt {number} is already void."
    assert tab.register.reprint_button.isEnabled()


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
        qtbot.keyClick(dialog.pieces["1"], Qt.Key.Key_Return)  # Enter moves on, never closes
        assert dialog.isVisible() and messages == []
        dialog.save_button.click()
        assert dialog.isVisible() and "over" in dialog.errors.message("note")
        qtbot.keyClicks(dialog.note, "Extra dollar found under the tray")
        dialog.save_button.click()  # asks first (answered Yes), then closes and locks

    dialogs.append(count)
    tab.close_out_button.click()
    assert messages == ["Close out and lock the drawer? It cannot be changed afterwards."]
    from clerk_desk.kinds import DrawerStatus
    from clerk_desk.models import Drawer

    with desk.database.reading() as session:
        drawer = session.scalars(select(Drawer)).one()
        assert drawer.status == DrawerStatus.CLOSED
        assert drawer.over_short == Money("1.00")
        assert drawer.close_note == "Extra dollar found under the tray"
        assert drawer.cash_count == {"100": 1, "1": 1}
    titles = [title for title, _ in printed[-2:]]
    assert titles[0].startswith("Close-out") and titles[1].startswith("Deposit slip")
    assert "Over $1.00" in papers.raw_text(printed[-2][1]) or "1.00" in papers.raw_text(
        printed[-2][1]
    )
    assert tab.drawer is None and not tab.close_out_button.isEnabled()


def test_a_card_number_set_without_typing_is_refused_on_adding_the_tender_and_wiped(
    qtbot, tab, dialogs, printed
) -> None:
    """A number that reached a field without a keystroke (a scanner, a script) is found when
    the tender is added: the core names the part, the field is wiped, the tender not added."""
    open_drawer(qtbot, tab, dialogs)
    qtbot.keyClicks(tab.payer_search, "Check Payer")
    tab.payer_search.flush()
    add_fee(qtbot, tab, "VEND")
    choose_tender(qtbot, tab, TenderKind.CHECK)
    tab.check_number.setText("1042")
    tab.name_on_check.setText(CARD_NUMBER)  # no textEdited: the key-by-key check did not run
    tab.add_tender()
    assert tab.tenders == [] and tab.name_on_check.text() == ""
    assert "full card number" in tab.errors.message("card")
    assert tab.check_number.text() == "1042"  # only the field that held it is wiped


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


def test_the_sale_is_written_and_its_receipt_drawn_off_the_windows_thread(
    qtbot, tab, dialogs, messages, printed, monkeypatch
) -> None:
    """Issue 20: Save wrote the sale, then drew its receipt, on the window's thread (74 ms
    at twenty years, 242 for the day's first receipt). Both now run on a thread of their own
    while the window repaints, and the sale is saved and printed as before when Save returns."""
    import threading

    import reports.receipt
    from clerk_desk.receipts import service

    threads: dict[str, str] = {}

    def watched(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            threads[name] = threading.current_thread().name
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(service, "take_payment", watched("sale", service.take_payment))
    monkeypatch.setattr(
        reports.receipt, "receipt_pdf", watched("receipt", reports.receipt.receipt_pdf)
    )
    open_drawer(qtbot, tab, dialogs)
    qtbot.keyClicks(tab.payer_search, "Walk-in Payer")
    add_fee(qtbot, tab, "VEND")
    qtbot.keyClicks(tab.tender_amount, tab.totals().total.format().lstrip("$"))
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)  # cash, exact
    number = tab.save_sale()
    assert number is not None and messages == []
    assert [title for title, _pdf in printed] == [f"Receipt {number}"]
    main = threading.main_thread().name
    assert set(threads) == {"sale", "receipt"} and main not in threads.values()


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
    from clerk_desk.receipts import service as receipts

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
    qtmodeltester.check(tab.register.model)
    assert tab.register.model.rowCount() == 1
    from clerk_desk.receipts.views import CheckEntry

    checks = ChecksModel([CheckEntry("1042", "Ada", Money("5.00"))])
    qtmodeltester.check(checks)


# ---- the auditor's findings ---------------------------------------------------------------------


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], list[int]]:
    """Message boxes are read, not shown; each is answered with the next queued answer (Yes
    once the queue is empty). (boxes seen, answers to give)."""
    from PySide6.QtWidgets import QMessageBox

    from ui.kit import operations as operations

    boxes: list[Any] = []
    queue: list[int] = []

    def answer(box: QMessageBox) -> int:
        assert markup_shown(box) == [], "a message box shows markup as text"
        boxes.append(box)
        return queue.pop(0) if queue else int(QMessageBox.StandardButton.Yes.value)

    monkeypatch.setattr(operations, "ask_message", answer)
    return boxes, queue


YES, NO = 0x00004000, 0x00010000  # QMessageBox.StandardButton.Yes / No


def activate(qtbot, widget) -> None:
    widget.window().activateWindow()
    qtbot.waitUntil(widget.window().isActiveWindow)
    widget.setFocus()


def sale_by_check(qtbot, tab: ReceiptsTab, payer_name: str = "Walk In Vendor") -> None:
    """A $20.00 vending fee paid by check no. 77, saved."""
    qtbot.keyClicks(tab.payer_search, payer_name)
    tab.payer_search.flush()
    add_fee(qtbot, tab, "VEND")
    choose_tender(qtbot, tab, TenderKind.CHECK)
    qtbot.keyClicks(tab.check_number, "77")
    qtbot.keyClick(tab.check_number, Qt.Key.Key_Return)
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)


def test_close_out_enter_moves_on_and_only_the_button_locks_after_asking(
    qtbot, tab, desk, dialogs, answers, printed
) -> None:
    """Finding 1: Enter in a count never closes; the explicit button asks with the figures
    per tender kind; Esc after counting asks before discarding."""
    from clerk_desk.kinds import DrawerStatus
    from clerk_desk.models import Drawer

    boxes, queue = answers
    open_drawer(qtbot, tab, dialogs, "100")

    def count(dialog: CloseOutDialog) -> None:
        assert not dialog.save_button.isDefault() and not dialog.save_button.autoDefault()
        assert dialog.save_button.text() == "Close out and &lock"  # Alt+L
        first = dialog.pieces["100"]
        activate(qtbot, first)
        first.selectAll()
        qtbot.keyClicks(first, "1")
        qtbot.keyClick(first, Qt.Key.Key_Return)
        assert dialog.isVisible() and first.value() == 1
        assert dialog.focusWidget() in (dialog.pieces["50"], dialog.pieces["50"].lineEdit())
        qtbot.keyClick(dialog.pieces["50"], Qt.Key.Key_Enter)  # keypad Enter too
        assert dialog.focusWidget() in (dialog.pieces["20"], dialog.pieces["20"].lineEdit())
        dialog.cards_total.setFocus()
        qtbot.keyClick(dialog.cards_total, Qt.Key.Key_Return)
        assert dialog.isVisible() and dialog.focusWidget() is dialog.money_orders_total
        assert boxes == []

        # Esc after counting asks; "Keep counting" keeps the count
        queue.append(NO)
        qtbot.keyClick(dialog.pieces["20"], Qt.Key.Key_Escape)
        assert dialog.isVisible() and "Discard this count" in boxes[-1].text()
        assert first.value() == 1

        # the button asks, with expected, counted and over/short per kind
        queue.append(NO)
        dialog.save_button.click()
        assert dialog.isVisible()
        assert boxes[-1].text() == (
            "Close out and lock the drawer? It cannot be changed afterwards."
        )
        figures = boxes[-1].informativeText()
        for caption in ("Expected", "Counted", "Over / short", "Cash", "Checks", "Cards"):
            assert caption in figures
        assert "Money orders" in figures and "$100.00" in figures and "Balanced" in figures
        with desk.database.reading() as session:
            assert session.scalars(select(Drawer)).one().status == DrawerStatus.OPEN

        dialog.save_button.click()  # Yes this time
        assert not dialog.isVisible()

    dialogs.append(count)
    tab.close_out_button.click()
    with desk.database.reading() as session:
        drawer = session.scalars(select(Drawer)).one()
        assert drawer.status == DrawerStatus.CLOSED and drawer.counted_cash == Money("100.00")
    assert tab.drawer is None


def test_close_out_esc_with_nothing_counted_closes_without_asking(
    qtbot, tab, dialogs, answers, printed
) -> None:
    boxes, _queue = answers
    open_drawer(qtbot, tab, dialogs, "100")

    def leave(dialog: CloseOutDialog) -> None:
        activate(qtbot, dialog.pieces["100"])
        qtbot.keyClick(dialog.pieces["100"], Qt.Key.Key_Escape)
        assert not dialog.isVisible()

    dialogs.append(leave)
    tab.close_out_button.click()
    assert boxes == [] and tab.drawer is not None


def test_close_out_refused_when_the_figures_changed_reloads_and_keeps_the_counts(
    qtbot, tab, desk, treasurer, dialogs, messages, printed
) -> None:
    """Finding 2: the expected total shown goes to the core; its Conflict reloads the figures
    and the counts typed stay."""
    from clerk_desk.kinds import DrawerStatus
    from clerk_desk.models import Drawer
    from clerk_desk.receipts import service as receipts
    from clerk_desk.receipts.service import TenderEntry

    open_drawer(qtbot, tab, dialogs, "100")

    def count(dialog: CloseOutDialog) -> None:
        assert dialog.summary_cells["cash"][0].text() == "$100.00"
        dialog.pieces["100"].setValue(1)
        dialog.pieces["20"].setValue(1)
        # another station's clerk (or a second window) saves a sale into this drawer meanwhile
        with desk.action(treasurer) as action:
            line = receipts.fee_line(action.session, "VEND", on=action.today())
            receipts.take_payment(
                action,
                station=STATION,
                payer_id=None,
                payer_name="Late Payer",
                lines=[line],
                tenders=[TenderEntry(TenderKind.CASH, Money("20.00"))],
            )
        dialog.note.setPlainText("Counted before the last sale")
        dialog.save_button.click()
        assert dialog.isVisible()
        assert messages[-2] == "Close out and lock the drawer? It cannot be changed afterwards."
        assert "changed" in messages[-1]  # the core's Conflict, shown
        assert dialog.summary_cells["cash"][0].text() == "$120.00"  # read again
        assert dialog.pieces["100"].value() == 1 and dialog.pieces["20"].value() == 1
        assert dialog.note.toPlainText() == "Counted before the last sale"
        assert dialog.changed_banner.isVisible() and "$120.00" in dialog.changed_banner.text()
        assert dialog.verdict.text() == "Balanced"
        dialog.save_button.click()
        assert not dialog.isVisible()

    dialogs.append(count)
    tab.close_out_button.click()
    with desk.database.reading() as session:
        drawer = session.scalars(select(Drawer)).one()
        assert drawer.status == DrawerStatus.CLOSED
        assert drawer.expected_cash == Money("120.00") and drawer.over_short == Money.zero()


def test_close_out_shows_each_kind_off_and_card_numbers_next_to_the_checks(
    qtbot, tab, desk, dialogs, messages, printed
) -> None:
    """Finding 3: per-kind over/short live, the note required when any kind is off even if
    the total balances, and a card number in the check list refused under the checks."""
    from clerk_desk.kinds import DrawerStatus
    from clerk_desk.models import Drawer

    open_drawer(qtbot, tab, dialogs, "100")
    sale_by_check(qtbot, tab)
    assert messages == []

    def count(dialog: CloseOutDialog) -> None:
        dialog.pieces["100"].setValue(1)
        assert dialog.verdict.text() == "Balanced"
        assert not dialog.note_needed.isVisible() and not dialog.kinds_label.isVisible()
        model = dialog.checks_model
        model.setData(model.index(0, 2), "15.00")
        qtbot.keyClicks(dialog.cards_total, "5")
        # balanced in total, but checks short and cards over: both shown, a note required
        assert dialog.summary_cells["total"][2].text() == "balanced"
        assert dialog.summary_cells["checks"][2].text() == "short $5.00"
        assert dialog.summary_cells["cards"][2].text() == "over $5.00"
        assert dialog.summary_cells["cash"][2].text() == "balanced"
        assert dialog.verdict.text() == "Balanced in total only"
        assert "checks short $5.00" in dialog.kinds_label.text()
        assert "cards over $5.00" in dialog.kinds_label.text()
        assert dialog.note_needed.isVisible() and "note is required" in dialog.note_needed.text()
        dialog.save_button.click()
        assert dialog.isVisible() and messages == []  # refused before asking
        assert "checks short $5.00" in dialog.errors.message("note")

        qtbot.keyClicks(dialog.note, "Check 77 was written for $15; card slip found")
        model.setData(model.index(0, 0), CARD_NUMBER)
        dialog.save_button.click()
        assert dialog.isVisible()
        assert "full card number" in dialog.errors.message("checks")
        error = dialog.findChild(QLabel, "error_checks")
        table = dialog.checks_table
        assert error.isVisible() and error.parentWidget() is table.parentWidget()
        assert 0 <= error.y() - (table.y() + table.height()) < 30  # right under the table
        model.setData(model.index(0, 0), "77")
        dialog.save_button.click()
        assert not dialog.isVisible()

    dialogs.append(count)
    tab.close_out_button.click()
    with desk.database.reading() as session:
        drawer = session.scalars(select(Drawer)).one()
        assert drawer.status == DrawerStatus.CLOSED and drawer.over_short == Money.zero()
        assert CARD_NUMBER not in str(drawer.check_list)


def test_a_printer_failure_after_saving_says_the_receipt_is_saved(
    qtbot, tab, desk, admin, dialogs, messages, monkeypatch
) -> None:
    """Finding 5: "print directly" to a printer that fails: the sale is saved and cleared and
    the clerk is told its number and where to reprint it."""
    from clerk_desk.errors import EnvironmentProblem
    from clerk_desk.receipts import service as receipts
    from clerk_desk.receipts.service import ReceiptSettings

    with desk.action(admin) as action:
        receipts.save_receipt_settings(action, ReceiptSettings(print_directly=True))

    def broken(_printer: Any, _pdf: bytes) -> int:
        raise EnvironmentProblem("The printer could not be started. Check that it is on.")

    monkeypatch.setattr(printing, "default_printer_name", lambda: "Counter receipt printer")
    monkeypatch.setattr(printing, "paint_pdf", broken)
    statuses: list[str] = []
    tab.status.connect(statuses.append)
    open_drawer(qtbot, tab, dialogs)
    qtbot.keyClicks(tab.payer_search, "Printer Trouble")
    tab.payer_search.flush()
    add_fee(qtbot, tab, "VEND")
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)  # exact cash
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)  # save
    with desk.database.reading() as session:
        receipt = session.scalars(select(Receipt)).one()
        number = receipt.number
        assert receipt.prints == 0
    assert len(messages) == 1
    assert f"IS saved, under number {number}" in messages[0] and "Register" in messages[0]
    assert tab.lines == [] and tab.tenders == [] and tab.payer_search.text() == ""
    assert number in tab.last_label.text()
    assert "not printed" in statuses[-1] and number in statuses[-1]

    # a report that fails to print is explained the same way, nothing escapes
    def no_printer(*_args: Any, **_kwargs: Any) -> bool:
        raise EnvironmentProblem("No printer is installed.")

    monkeypatch.setattr(printing, "print_pdf", no_printer)
    tab.register_view_button.click()
    tab.register.register_pdf_button.click()  # laid out in a process of its own, then printed
    qtbot.waitUntil(lambda: len(messages) == 2, timeout=60_000)
    assert "was not printed" in messages[1]


def test_esc_asks_whenever_anything_was_entered(qtbot, tab, dialogs, answers, printed) -> None:
    """Finding 7: a payer alone, or a tender typed, is not cleared without asking."""
    boxes, queue = answers
    open_drawer(qtbot, tab, dialogs)
    activate(qtbot, tab.payer_search)
    qtbot.keyClick(tab.payer_search, Qt.Key.Key_Escape)  # nothing entered: nothing to ask
    assert boxes == []

    qtbot.keyClicks(tab.payer_search, "Walk In Vendor")
    tab.payer_search.flush()
    queue.append(NO)
    qtbot.keyClick(tab.payer_search, Qt.Key.Key_Escape)
    assert "Clear this sale" in boxes[-1].text() and "Walk In Vendor" in boxes[-1].text()
    assert tab.payer_search.text() == "Walk In Vendor"

    tab.tender_amount.setFocus()
    qtbot.keyClicks(tab.tender_amount, "20")
    queue.append(NO)
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Escape)
    assert len(boxes) == 2 and tab.tender_amount.text() == "20"

    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Escape)  # Yes: cleared
    assert len(boxes) == 3
    assert tab.payer_search.text() == "" and tab.tender_amount.text() == ""


def test_a_money_order_needs_its_number_shown_next_to_the_field(
    qtbot, tab, desk, dialogs, messages, printed
) -> None:
    """Finding 8."""
    open_drawer(qtbot, tab, dialogs)
    assert tab.tender_kind.findData(TenderKind.CITY_CHECK) == -1  # refunds only
    qtbot.keyClicks(tab.payer_search, "Money Order Payer")
    tab.payer_search.flush()
    add_fee(qtbot, tab, "VEND")
    choose_tender(qtbot, tab, TenderKind.MONEY_ORDER)
    tab.tender_amount.setFocus()
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)  # empty: the number first
    assert tab.focusWidget() is tab.money_order_number and tab.tenders == []
    qtbot.keyClicks(tab.tender_amount, "20")
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    assert tab.tenders == []
    assert "money order's number" in tab.errors.message("money_order_number")
    assert tab.findChild(QLabel, "error_money_order_number").isVisible()
    assert tab.focusWidget() is tab.money_order_number
    qtbot.keyClicks(tab.money_order_number, "MO-55512")
    qtbot.keyClick(tab.money_order_number, Qt.Key.Key_Return)
    assert len(tab.tenders) == 1 and tab.tender_model.column_texts(0)[1] == "No. MO-55512"
    assert tab.errors.message("money_order_number") == ""
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    assert messages == []
    with desk.database.reading() as session:
        tender = session.scalars(select(Tender)).one()
        assert (tender.kind, tender.money_order_number) == (TenderKind.MONEY_ORDER, "MO-55512")


def test_a_drawer_from_an_earlier_day_blocks_saving_and_offers_its_close_out(
    qtbot, tab, desk, clock, dialogs, messages, printed
) -> None:
    """Finding 9."""
    open_drawer(qtbot, tab, dialogs, "100")
    assert tab.save_button.isEnabled() and not tab.stale_close_button.isVisible()
    clock.advance(days=1)
    tab.refresh_drawer()
    assert not tab.save_button.isEnabled()
    assert "close it out" in tab.save_button.toolTip().lower() or "Close out" in (
        tab.save_button.toolTip()
    )
    assert tab.stale_close_button.isVisible() and tab.stale_close_button.isEnabled()
    assert tab.stale_close_button.text() == "Close out yesterday's drawer…"
    clock.advance(days=2)
    tab.refresh_drawer()
    assert tab.stale_close_button.text() == "Close out Monday's drawer…"  # Nov 30, 2026

    # Enter with a sale typed says why instead of saving
    statuses: list[str] = []
    tab.status.connect(statuses.append)
    qtbot.keyClicks(tab.payer_search, "Someone")
    tab.payer_search.flush()
    add_fee(qtbot, tab, "VEND")
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    qtbot.keyClick(tab.tender_amount, Qt.Key.Key_Return)
    assert statuses and "Close out Monday's drawer" in statuses[-1]
    assert messages == []

    def count(dialog: CloseOutDialog) -> None:
        dialog.pieces["100"].setValue(1)
        dialog.save_button.click()
        assert not dialog.isVisible()

    dialogs.append(count)
    tab.stale_close_button.click()
    assert tab.drawer is None and not tab.stale_close_button.isVisible()
    assert messages == ["Close out and lock the drawer? It cannot be changed afterwards."]
