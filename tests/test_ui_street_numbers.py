"""Street Numbers tab: driven through its dialogs, checked in the database and on paper.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Every modal dialog goes through
the ``dialogs`` queue, every message box through ``messages``, every file dialog and print
through a replaced hook: no real modal is ever left open. The letter and the notice are read
back from the PDF the program printed. Importing an address list is in
``tests/test_ui_street_numbers_import.py``.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from openpyxl import load_workbook
from PySide6.QtGui import Qt
from PySide6.QtWidgets import QDialog, QLabel, QLineEdit
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import select
from ui_street_numbers_steps import (  # type: ignore[import-not-found]
    _assign,
    _broad,
    _count_addresses,
    _neighbours,
    _parcel,
    _tab,
)
from ui_street_numbers_steps import tab as tab

from clerk_desk import words
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import AddressStatus, Compass, NumberingCaseStatus, Role
from clerk_desk.models import Address, NumberingCase, Street
from clerk_desk.street_numbers import addresses, cases
from clerk_desk.street_numbers import importing as street_numbers_import
from clerk_desk.street_numbers import streets as street_streets
from clerk_desk.street_numbers.acts import CaseAct
from clerk_desk.street_numbers.rules import NONCOMPLIANCE_CITE
from clerk_desk.street_numbers.streets import StreetData
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.kit.pickers import ParcelPicker
from ui.street_numbers.case_dialogs import CaseActDialog, ObserveDialog
from ui.street_numbers.number_dialogs import AssignNumberDialog, ChangeAddressDialog, RetireDialog
from ui.street_numbers.permit_check import MAY_ISSUE, MAY_NOT_ISSUE
from ui.street_numbers.street_dialogs import StreetDialog, StreetsDialog
from ui.street_numbers.tab import StreetNumbersTab

pytestmark = pytest.mark.gui


# ---- fixtures and helpers ----------------------------------------------------------------------


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


def _retype(qtbot: Any, edit: QLineEdit, text: str) -> None:
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(edit, text)


def _pick_parcel(qtbot: Any, picker: ParcelPicker, text: str) -> None:
    picker.search_field.clear()
    qtbot.keyClicks(picker.search_field, text)
    picker.search_field.flush()
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Down)  # into the matches: the first is chosen
    assert picker.parcel is not None and text in picker.parcel.parcel_number


def _select_address(tab: StreetNumbersTab, text: str) -> None:
    tab.refresh()
    number = tab.addresses.model.row_of(lambda r: r.text == text)
    assert number >= 0, f"{text} is not in the register shown"
    forms.select_row(tab.addresses.table, number)


# ---- the Building Inspector's day ---------------------------------------------------------------


def test_inspector_adds_a_street_assigns_the_suggested_number_and_the_letter_prints(
    qtbot, tab, desk, inspector, dialogs, messages, printed
) -> None:
    def street(dialog: QDialog) -> None:
        assert isinstance(dialog, StreetDialog)
        qtbot.keyClicks(dialog.name, "Broad")
        qtbot.keyClicks(dialog.suffix, "St")
        dialog.direction.setCurrentIndex(dialog.direction.findData("N"))
        dialog.increases_toward.setCurrentIndex(dialog.increases_toward.findData(Compass.NORTH))
        dialog.odd_side.setCurrentIndex(dialog.odd_side.findData(Compass.EAST))
        qtbot.keyClicks(dialog.range_low, "100")
        qtbot.keyClicks(dialog.range_high, "999")
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)  # Enter saves

    def streets(dialog: QDialog) -> None:
        assert isinstance(dialog, StreetsDialog)
        assert dialog.model.rowCount() == 0
        dialogs.append(street)
        dialog.add_button.click()
        assert dialog.model.column_texts(0)[:4] == ["Broad St N", "East", "North", "100 to 999"]
        dialog.accept()

    dialogs.append(streets)
    tab.addresses.streets_button.click()
    assert messages == []
    assert tab.addresses.street_box.findText("Broad St N") > 0  # the filter knows the new street
    with desk.database.reading() as session:
        street_id = session.scalars(select(Street.id)).one()
    _assign(desk, inspector, street_id, 101, _parcel(desk, inspector, "281-01001-0000"), 10)
    _assign(desk, inspector, street_id, 111, _parcel(desk, inspector, "281-01011-0000"), 150)
    _parcel(desk, inspector, "281-01005-0000", "Maria Lindqvist")
    seen: dict[str, str] = {}

    def assign(dialog: QDialog) -> None:
        assert isinstance(dialog, AssignNumberDialog)
        dialog.street.setCurrentIndex(dialog.street.findData(street_id))
        assert dialog.side.currentText() == "East (odd) side"
        qtbot.keyClicks(dialog.position, "70")
        _pick_parcel(qtbot, dialog.parcel, "281-01005")
        assert dialog.owner.party is not None
        assert dialog.owner.party.name == "Maria Lindqvist"  # the parcel's owner by default
        dialog.suggest_button.click()
        assert dialog.number.text() == "105"
        seen["explanation"] = dialog.explanation.text()
        dialog.check.check_now()
        clear, note = dialog.check.findings.texts()
        assert clear == "No problem with this number."
        # Issue 21: how the number is displayed (§ 506-16's 3 inches), with the check.
        assert "The number is displayed at least 3 inches high." in note
        assert "§ 506-16 (Building numbering required)" in note
        assert not dialog.check.accept_box.isVisible()
        assert dialog.save_button.isEnabled()
        qtbot.keyClick(dialog.number, Qt.Key.Key_Return)

    dialogs.append(assign)
    with qtbot.wait_signal(tab.status) as status:
        tab.addresses.assign_button.click()
    assert messages == []
    assert "between 101 (at 10 ft) and 111 (at 150 ft)" in seen["explanation"]
    assert "east (odd) side of Broad St N" in seen["explanation"]
    assert "105 Broad St N assigned" in status.args[0] and "letter" in status.args[0]

    [(title, pdf)] = printed
    assert title == "Street number letter — 105 Broad St N"
    text = papers.raw_text(pdf, between=" ")
    assert "105" in text and "Broad St N" in text
    assert "Maria Lindqvist" in text
    with desk.database.reading() as session:
        address = session.scalars(select(Address).where(Address.number == 105)).one()
        assert address.letter_printed_on == date(2026, 11, 30)
        assert address.assigned_by_name == inspector.full_name
        assert address.position_ft == 70
    assert tab.addresses.selected() is not None
    assert tab.addresses.selected().text == "105 Broad St N"  # type: ignore[union-attr]
    assert "letter to the owner printed 11/30/2026" in tab.addresses.address_details.text()
    assert "Assigned: 105 Broad St N" in tab.addresses.history.text()


def test_the_inspectors_acceptance_is_asked_again_when_the_warnings_change(
    qtbot, tab, desk, inspector, dialogs, messages, printed
) -> None:
    _neighbours(desk, inspector)
    _parcel(desk, inspector, "281-01006-0000")

    def assign(dialog: QDialog) -> None:
        assert isinstance(dialog, AssignNumberDialog)
        qtbot.keyClicks(dialog.position, "70")
        _pick_parcel(qtbot, dialog.parcel, "281-01006")
        qtbot.keyClicks(dialog.number, "106")
        dialog.check.check_now()
        dialog.check.accept_box.click()
        assert dialog.check.accept_box.isChecked() and dialog.save_button.isEnabled()
        dialog.check.check_now()  # the same warning read again: still accepted
        assert dialog.check.accept_box.isChecked()
        _retype(qtbot, dialog.number, "108")  # another even number: another warning
        dialog.check.check_now()
        warning, _display = dialog.check.findings.texts()
        assert "108 is even" in warning
        assert not dialog.check.accept_box.isChecked()
        assert not dialog.save_button.isEnabled()
        qtbot.keyClick(dialog.number, Qt.Key.Key_Return)
        assert dialog.isVisible(), "108 was never accepted"
        dialog.discard()  # closed unsaved (Esc asks first: test_ui_unsaved)

    dialogs.append(assign)
    tab.addresses.assign_button.click()
    assert messages == [] and printed == []
    assert _count_addresses(desk) == 2


def test_the_assign_dialog_gives_its_pickers_and_fields_room(qtbot, tab, desk, inspector) -> None:
    street_id = _neighbours(desk, inspector)
    for number in range(3, 12):
        _parcel(
            desk, inspector, f"281-0100{number:02d}-0000", f"Owner Number {number} Family Trust"
        )
    dialog = AssignNumberDialog(None, App(desk, inspector), street_id=street_id)
    qtbot.add_widget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    for table in (dialog.parcel.table, dialog.owner.table):
        row = table.verticalHeader().defaultSectionSize()
        assert table.viewport().height() >= 7 * row, table.objectName()
        assert not table.horizontalScrollBar().isVisible(), table.objectName()
        header = table.horizontalHeader()
        assert header.length() <= table.viewport().width(), table.objectName()
    position = dialog.position
    text_room = position.width() - 2 * position.fontMetrics().horizontalAdvance(" ") - 8
    placeholder = position.placeholderText()
    assert position.fontMetrics().horizontalAdvance(placeholder) <= text_room, placeholder


def test_a_duplicate_number_is_refused_next_to_the_number_field(
    qtbot, tab, desk, inspector, dialogs, messages, printed
) -> None:
    street_id = _neighbours(desk, inspector)
    _assign(desk, inspector, street_id, 105, _parcel(desk, inspector, "281-01005-0000"), 70)
    _parcel(desk, inspector, "281-01006-0000", "New Owner")
    other = _parcel(desk, inspector, "281-01007-0000")

    def assign(dialog: QDialog) -> None:
        assert isinstance(dialog, AssignNumberDialog)
        qtbot.keyClicks(dialog.position, "90")
        _pick_parcel(qtbot, dialog.parcel, "281-01006")
        qtbot.keyClicks(dialog.number, "105")
        dialog.check.check_now()
        [stop] = dialog.check.findings.texts()
        assert "Stops" in stop and "already the number of parcel 281-01005-0000" in stop
        assert "§ 506-16 (Buildings to have street numbers)" in stop
        assert not dialog.save_button.isEnabled()
        dialog.save()  # Ctrl+Enter: Save itself is off
        assert dialog.isVisible()
        assert "already the number of parcel 281-01005-0000" in dialog.errors.message("number")
        _retype(qtbot, dialog.number, "107")
        dialog.check.check_now()
        assert dialog.save_button.isEnabled()
        # Meanwhile the other counter station assigns 107 to another lot.
        _assign(desk, inspector, street_id, 107, other, 95)
        qtbot.keyClick(dialog.number, Qt.Key.Key_Return)
        assert dialog.isVisible(), "the refused form stays open with what was typed"
        refusal = dialog.errors.message("number")
        assert "107 Broad St N is already the number of parcel 281-01007-0000" in refusal
        assert "§ 506-16 (Buildings to have street numbers)" in refusal
        dialog.discard()  # closed unsaved (Esc asks first: test_ui_unsaved)

    dialogs.append(assign)
    tab.addresses.assign_button.click()
    assert messages == [] and printed == []
    with desk.database.reading() as session:
        numbers = sorted(session.scalars(select(Address.number)))
    assert numbers == [101, 105, 107, 111]


def test_a_number_of_the_wrong_parity_needs_the_inspectors_acceptance(
    qtbot, tab, desk, inspector, dialogs, messages, printed
) -> None:
    _neighbours(desk, inspector)
    _parcel(desk, inspector, "281-01006-0000")

    def assign(dialog: QDialog) -> None:
        assert isinstance(dialog, AssignNumberDialog)
        qtbot.keyClicks(dialog.position, "70")
        _pick_parcel(qtbot, dialog.parcel, "281-01006")
        qtbot.keyClicks(dialog.number, "106")
        dialog.check.check_now()
        warning, note = dialog.check.findings.texts()
        assert "at least 3 inches high" in note
        assert "Check" in warning and "106 is even" in warning
        assert "§ 506-16 (New houses and buildings)" in warning
        assert dialog.check.accept_box.isVisible()
        assert not dialog.save_button.isEnabled()
        assert "Building Inspector accepts" in dialog.save_button.toolTip()
        dialog.check.accept_box.click()
        assert dialog.save_button.isEnabled()
        qtbot.keyClick(dialog.number, Qt.Key.Key_Return)
        assert not dialog.isVisible()

    dialogs.append(assign)
    tab.addresses.assign_button.click()
    assert messages == []
    assert len(printed) == 1
    with desk.database.reading() as session:
        address = session.scalars(select(Address).where(Address.number == 106)).one()
        [change] = addresses.history(session, address.id)
    assert change.reason.startswith("Warnings accepted: 106 is even")


def test_the_permit_check_says_no_before_the_number_and_yes_after(
    qtbot, tab, desk, inspector, dialogs, messages, printed
) -> None:
    street_id = _neighbours(desk, inspector)
    parcel = _parcel(desk, inspector, "281-01005-0000", "Maria Lindqvist")
    panel = tab.permit
    qtbot.keyClicks(panel.field, "281-01005-0000")
    qtbot.keyClick(panel.field, Qt.Key.Key_Return)
    answer = panel.answer_text()
    assert MAY_NOT_ISSUE in answer and MAY_ISSUE not in answer
    assert NONCOMPLIANCE_CITE in answer and 'href="cite:' in answer

    _assign(desk, inspector, street_id, 105, parcel, 70)
    panel.button.click()
    answer = panel.answer_text()
    assert MAY_ISSUE in answer and "officially 105 Broad St N" in answer
    assert NONCOMPLIANCE_CITE in answer
    _retype(qtbot, panel.field, "105 broad street north")  # an address as typed at the counter
    qtbot.keyClick(panel.field, Qt.Key.Key_Return)
    assert MAY_ISSUE in panel.answer_text()
    _retype(qtbot, panel.field, "Broad")  # three addresses match: which one?
    qtbot.keyClick(panel.field, Qt.Key.Key_Return)
    assert "Which property?</b>" in panel.answer_text()
    assert "101 Broad St N (parcel 281-01001-0000)" in panel.answer_text()
    assert MAY_ISSUE not in panel.answer_text()
    _retype(qtbot, panel.field, "10 Broad St N")  # no such number: not 101 or 105
    qtbot.keyClick(panel.field, Qt.Key.Key_Return)
    assert MAY_NOT_ISSUE in panel.answer_text()
    assert messages == []


def test_changing_a_number_requires_a_reason_and_shows_in_the_history(
    qtbot, tab, desk, inspector, dialogs, messages, printed
) -> None:
    street_id = _neighbours(desk, inspector)
    _assign(desk, inspector, street_id, 105, _parcel(desk, inspector, "281-01005-0000"), 70)
    _select_address(tab, "105 Broad St N")

    def change(dialog: QDialog) -> None:
        assert isinstance(dialog, ChangeAddressDialog)
        assert dialog.check.status.text() != ""  # unchanged: nothing to check yet
        _retype(qtbot, dialog.number, "107")
        dialog.check.check_now()
        assert dialog.check.findings.texts()[0] == "No problem with this number."
        qtbot.keyClick(dialog.number, Qt.Key.Key_Return)
        assert dialog.isVisible()
        message = dialog.errors.message("reason")
        assert "Say why" in message and "§ 506-16 (Altering numbers)" in message
        qtbot.keyClicks(dialog.reason, "Lot split; 105 left for the new south lot")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
        assert not dialog.isVisible()

    dialogs.append(change)
    with qtbot.wait_signal(tab.status) as status:
        tab.addresses.change_button.click()
    assert messages == []
    assert "Change recorded in the history of 107 Broad St N" in status.args[0]
    assert tab.addresses.selected().text == "107 Broad St N"  # type: ignore[union-attr]
    history = tab.addresses.history.text()
    assert "105 Broad St N → 107 Broad St N" in history
    assert "Why: Lot split; 105 left for the new south lot" in history
    assert inspector.full_name in history
    # A new number is a new letter to the owner.
    [(title, pdf)] = printed
    assert "107 Broad St N" in title and "107" in papers.raw_text(pdf, between=" ")


def test_retiring_keeps_the_number_in_the_register(
    qtbot, tab, desk, inspector, dialogs, messages, printed
) -> None:
    street_id = _neighbours(desk, inspector)
    _select_address(tab, "111 Broad St N")

    def retire(dialog: QDialog) -> None:
        assert isinstance(dialog, RetireDialog)
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
        assert "Say why" in dialog.errors.message("reason")
        qtbot.keyClicks(dialog.reason, "Building demolished")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)

    dialogs.append(retire)
    tab.addresses.retire_button.click()
    assert messages == []
    assert tab.addresses.inactive_box.isChecked()  # shown, dimmed, with its history
    row = tab.addresses.selected()
    assert row is not None and row.text == "111 Broad St N" and not row.assigned
    assert row.status_text == "Retired 11/30/2026"
    assert "Why: Building demolished" in tab.addresses.history.text()
    assert (
        not tab.addresses.change_button.isEnabled() and not tab.addresses.retire_button.isEnabled()
    )
    tab.addresses.inactive_box.setChecked(False)
    searched(qtbot, tab.addresses)
    assert tab.addresses.model.row_of(lambda r: r.text == "111 Broad St N") < 0
    with desk.database.reading() as session:
        statuses = {n: s for n, s in session.execute(select(Address.number, Address.status))}
    assert statuses == {101: AddressStatus.ASSIGNED, 111: AddressStatus.RETIRED}
    assert street_id


# ---- noncompliance ------------------------------------------------------------------------------


def test_a_notice_cannot_be_served_before_its_day_and_can_on_the_day(
    qtbot, desk, inspector, clock: FixedClock, dialogs, messages, printed
) -> None:
    street_id = _broad(desk, inspector)
    _assign(
        desk,
        inspector,
        street_id,
        105,
        _parcel(desk, inspector, "281-01005-0000", "Tom Berglund"),
        70,
    )
    tab = _tab(qtbot, desk, inspector)
    _select_address(tab, "105 Broad St N")

    def observe(dialog: QDialog) -> None:
        assert isinstance(dialog, ObserveDialog)
        qtbot.keyClicks(dialog.observation, "No numbers on the house")
        qtbot.keyClick(dialog.observation, Qt.Key.Key_Return)

    dialogs.append(observe)
    with qtbot.wait_signal(tab.status) as status:
        tab.addresses.missing_button.click()
    assert "a notice may be served from" in status.args[0]
    assert (
        "11/30/2026: No numbers on the house — <b>Observed</b>"
        in tab.addresses.address_cases.text()
    )
    qtbot.waitUntil(lambda: tab.cases_view_button.text() == "Open &cases (1)")  # counted apart
    with desk.database.reading() as session:
        notice_from = session.scalars(select(NumberingCase.notice_from)).one()
    assert notice_from > date(2026, 12, 20)  # after 20 days' neglect

    tab.show_cases()

    searched(qtbot, tab)
    assert tab.cases.model.column_texts(0)[:5] == [
        "105 Broad St N",
        "Tom Berglund",
        "Observed",
        "11/30/2026",
        "Serve the notice",
    ]
    assert not tab.cases.refer_button.isEnabled()  # only after service
    # The notice says the owner "has neglected for 20 days": not printed before then.
    assert not tab.cases.notice_button.isEnabled()
    assert (
        f"may be printed from {words.month_day(notice_from)}" in tab.cases.notice_button.toolTip()
    )
    tab.cases.act_on_case(CaseAct.PRINT_NOTICE)
    assert printed == []

    def too_soon(dialog: QDialog) -> None:
        assert isinstance(dialog, CaseActDialog)
        assert words.format_day(notice_from) in dialog.findChild(QLabel, "case_banner").text()
        assert not dialog.print_button.isEnabled()
        qtbot.keyClick(dialog.manner, Qt.Key.Key_Return)
        assert dialog.isVisible()
        refusal = dialog.errors.message("served_on")
        assert "The owner has 20 days" in refusal and NONCOMPLIANCE_CITE in refusal
        dialog.discard()  # closed unsaved (Esc asks first: test_ui_unsaved)

    dialogs.append(too_soon)
    tab.cases.serve_button.click()
    with desk.database.reading() as session:
        assert session.scalars(select(NumberingCase.status)).one() == NumberingCaseStatus.OPEN

    clock.advance(days=(notice_from - clock.today()).days - 1)  # the 20 days' last day
    tab.refresh()
    assert not tab.cases.notice_button.isEnabled()
    clock.advance(days=1)  # the first day a notice may go
    tab.refresh()
    assert tab.cases.notice_button.isEnabled()
    tab.cases.notice_button.click()
    [(title, pdf)] = printed
    assert "105 Broad St N" in title and "105 Broad St N" in papers.raw_text(pdf, between=" ")

    def serve(dialog: QDialog) -> None:
        assert isinstance(dialog, CaseActDialog)
        assert forms.to_date(dialog.on) == notice_from
        dialog.manner.setCurrentText("certified mail")  # type: ignore[union-attr]
        qtbot.keyClick(dialog.manner, Qt.Key.Key_Return)
        assert not dialog.isVisible()

    dialogs.append(serve)
    with qtbot.wait_signal(tab.status) as status:
        tab.cases.serve_button.click()
    assert "notice served" in status.args[0]
    assert messages == []
    row = tab.cases.selected()
    assert row is not None and row.status is NumberingCaseStatus.NOTICED
    assert row.next_step == "Refer for a forfeiture"
    assert row.next_from is not None and row.next_from > notice_from + timedelta(days=10)
    assert tab.cases.refer_button.isEnabled() and not tab.cases.serve_button.isEnabled()
    assert "certified mail" in tab.cases.case_details.text()

    # Ten days after service without compliance: referred for a forfeiture, not a day before.
    referral_from = row.next_from
    assert referral_from is not None

    def refer(dialog: QDialog) -> None:
        assert isinstance(dialog, CaseActDialog)
        qtbot.keyClick(dialog.on, Qt.Key.Key_Return)
        assert dialog.isVisible()
        assert "may be referred from" in dialog.errors.message("referred_on")
        dialog.on.setDate(referral_from)
        qtbot.keyClick(dialog.on, Qt.Key.Key_Return)
        assert "later than today" in dialog.errors.message("referred_on")
        dialog.discard()  # closed unsaved (Esc asks first: test_ui_unsaved)

    dialogs.append(refer)
    tab.cases.refer_button.click()
    clock.advance(days=(referral_from - clock.today()).days)
    dialogs.append(lambda dialog: qtbot.keyClick(dialog.on, Qt.Key.Key_Return))
    tab.cases.refer_button.click()
    row = tab.cases.selected()
    assert row is not None and row.status is NumberingCaseStatus.REFERRED
    assert tab.cases.model.rowCount() == 1  # still open: compliance closes it
    assert tab.cases.complied_button.isEnabled() and not tab.cases.refer_button.isEnabled()
    assert messages == []


def test_a_closed_case_leaves_the_open_list(qtbot, tab, desk, inspector, dialogs, messages) -> None:
    street_id = _neighbours(desk, inspector)
    with desk.action(inspector) as action:
        address_id = addresses.search_addresses(action.session, "101 broad")[0].id
        cases.observe_noncompliance(
            action, address_id, observed_on=date(2026, 11, 2), observation="Numbers too small"
        )
    tab.show_cases()
    searched(qtbot, tab)
    assert tab.cases.model.rowCount() == 1
    for typed, found in (("101 broad street north", 1), ("111", 0), ("ann", 1), ("", 1)):
        tab.cases.search_field.setText(typed)
        tab.cases.search_field.flush()
        searched(qtbot, tab.cases)
        assert tab.cases.model.rowCount() == found, typed
    assert tab.cases.model.data(tab.cases.model.index(0, 5), Qt.ItemDataRole.BackgroundRole), (
        "a step that is due is marked"
    )

    def complied(dialog: QDialog) -> None:
        assert isinstance(dialog, CaseActDialog)
        qtbot.keyClicks(dialog.note, "Seen posted, 4-inch numbers")  # type: ignore[arg-type]
        qtbot.keyClick(dialog.note, Qt.Key.Key_Return)  # type: ignore[arg-type]

    dialogs.append(complied)
    tab.cases.complied_button.click()
    assert messages == []
    assert tab.cases.inactive_box.isChecked()  # the closed case stays in view
    row = tab.cases.selected()
    assert row is not None and row.status is NumberingCaseStatus.COMPLIED
    tab.cases.inactive_box.setChecked(False)
    searched(qtbot, tab.cases)
    assert tab.cases.model.rowCount() == 0
    qtbot.waitUntil(lambda: tab.cases_view_button.text() == "Open &cases")
    assert street_id


# ---- permissions, the window, the Today tab --------------------------------------------------


def test_the_address_buttons_say_the_cores_refusal(qtbot, tab, desk, inspector) -> None:
    """With a case open, Retire and Numbers missing are off, each tooltip the refusal the
    service would raise; once the case is closed Retire is on, its own tip back."""
    _neighbours(desk, inspector)
    with desk.action(inspector) as action:
        address_id = addresses.search_addresses(action.session, "111 broad")[0].id
        case_id = cases.observe_noncompliance(
            action, address_id, observed_on=date(2026, 11, 2), observation="No numbers"
        )
    _select_address(tab, "111 Broad St N")
    page = tab.addresses
    assert not page.retire_button.isEnabled()
    assert page.retire_button.toolTip() == (
        f"A noncompliance case is open for 111 Broad St N; close it first. ({NONCOMPLIANCE_CITE})"
    )
    assert not page.missing_button.isEnabled()
    assert page.missing_button.toolTip().startswith("A case for 111 Broad St N is already open")
    assert page.change_button.isEnabled() and page.letter_button.isEnabled()
    with desk.action(inspector) as action:
        cases.close_case(action, case_id, on=date(2026, 11, 30), note="Seen posted")
    _select_address(tab, "111 Broad St N")
    assert page.retire_button.isEnabled()
    assert page.retire_button.toolTip() == "Take the number out of use"


def test_the_clerk_records_a_number_but_neither_changes_nor_retires_one(
    qtbot, desk, clerk, inspector
) -> None:
    street_id = _neighbours(desk, inspector)
    assert street_id
    tab = _tab(qtbot, desk, clerk)
    assert tab.addresses.assign_button.isEnabled()  # to record the Inspector's number
    forms.select_row(tab.addresses.table, 0)
    assert tab.addresses.selected() is not None
    for button in (tab.addresses.change_button, tab.addresses.retire_button):
        assert not button.isEnabled() and "Building Inspector" in button.toolTip()
    # The Clerk keeps the map and follows the owners who do not post their number.
    assert tab.addresses.missing_button.isEnabled() and tab.addresses.import_button.isEnabled()
    assert tab.addresses.letter_button.isEnabled()
    assert "letter to the owner not printed" in tab.addresses.address_details.text()
    dialog = AssignNumberDialog(None, App(desk, clerk))
    qtbot.add_widget(dialog)
    assert dialog.for_official and dialog.official.isVisibleTo(dialog)


@pytest.fixture
def clerk_tab(qtbot: Any, desk: Desk, clerk: SignedIn) -> StreetNumbersTab:
    return _tab(qtbot, desk, clerk)


def test_the_clerk_records_the_number_the_inspector_assigned_naming_the_official(
    qtbot, desk, clerk, inspector, dialogs, messages, printed, clerk_tab
) -> None:
    street_id = _neighbours(desk, inspector)
    _parcel(desk, inspector, "281-01005-0000", "Maria Lindqvist")
    tab = clerk_tab

    def assign(dialog: QDialog) -> None:
        assert isinstance(dialog, AssignNumberDialog)
        dialog.street.setCurrentIndex(dialog.street.findData(street_id))
        qtbot.keyClicks(dialog.position, "70")
        _pick_parcel(qtbot, dialog.parcel, "281-01005")
        qtbot.keyClicks(dialog.number, "105")
        dialog.check.check_now()
        qtbot.keyClick(dialog.number, Qt.Key.Key_Return)
        assert dialog.isVisible(), "no official named: refused under the field"
        assert "Name the Building Inspector" in dialog.errors.message("assigned_by")
        qtbot.keyClicks(dialog.official, "Pat Kowalski, Building Inspector")
        qtbot.keyClick(dialog.official, Qt.Key.Key_Return)

    dialogs.append(assign)
    with qtbot.wait_signal(tab.status) as status:
        tab.addresses.assign_button.click()
    assert messages == []
    assert "105 Broad St N assigned" in status.args[0]
    with desk.database.reading() as session:
        address = session.scalars(select(Address).where(Address.number == 105)).one()
        assert address.assigned_by_name == "Pat Kowalski, Building Inspector"
    details = tab.addresses.address_details.text()
    assert "by Pat Kowalski, Building Inspector" in details
    assert f"recorded by {clerk.full_name}" in tab.addresses.history.text()
    [(title, _pdf)] = printed
    assert title == "Street number letter — 105 Broad St N"


def test_the_treasurer_is_told_why_no_number_can_be_recorded(
    qtbot, desk, inspector, operator_with
) -> None:
    _neighbours(desk, inspector)
    tab = _tab(qtbot, desk, operator_with(Role.TREASURER))
    assert not tab.addresses.assign_button.isEnabled()
    tip = tab.addresses.assign_button.toolTip()
    assert "To assign street numbers" in tip and "you are signed in as Treasurer" in tip
    assert not tab.addresses.import_button.isEnabled()
    assert "you are signed in as Treasurer" in tab.addresses.import_button.toolTip()


def test_the_clerk_mails_the_letter_and_imported_numbers_owe_none(
    qtbot, desk, clerk, inspector, printed
) -> None:
    """The Inspector assigned 101 and 111; the Clerk prints and mails the letters, and the
    numbers of the old map, imported, are not flagged as owing one."""
    street_id = _neighbours(desk, inspector)
    with desk.action(clerk) as action:
        street_numbers_import.import_addresses(
            action,
            [{"Number": "121", "Street": "Broad St N", "Parcel": "281-03001-0000"}],
            source="old map.xlsx",
        )
    tab = _tab(qtbot, desk, clerk)
    _select_address(tab, "121 Broad St N")
    details = tab.addresses.address_details.text()
    assert "letter" not in details, "an imported number is owed no letter"
    _select_address(tab, "101 Broad St N")
    assert "letter to the owner not printed" in tab.addresses.address_details.text()
    tab.addresses.letter_button.click()
    [(title, _pdf)] = printed
    assert title == "Street number letter — 101 Broad St N"
    assert "letter to the owner printed 11/30/2026" in tab.addresses.address_details.text()
    with desk.database.reading() as session:
        [address] = addresses.find_address(session, "101 Broad St N")
        assert address.letter_printed_on == date(2026, 11, 30)
    assert street_id


def test_the_tab_reads_nothing_until_shown_and_searches_as_the_clerk_types(
    qtbot, desk, inspector
) -> None:
    street_id = _neighbours(desk, inspector)
    with desk.action(inspector) as action:
        orange = street_streets.add_street(
            action, StreetData("Orange", Compass.NORTH, Compass.EAST, 100, 999, suffix="St")
        )
        action.session.flush()
        orange_id = orange
    _assign(desk, inspector, orange_id, 201, _parcel(desk, inspector, "281-02001-0000"), 30)
    widget = StreetNumbersTab(App(desk, inspector))
    qtbot.add_widget(widget)
    assert widget.addresses.model.rowCount() == 0 and widget.addresses.street_box.count() == 1
    widget.show()
    searched(qtbot, widget)
    assert widget.addresses.model.rowCount() == 3
    qtbot.keyClicks(widget.addresses.search_field, "11 broad")
    widget.addresses.search_field.flush()
    searched(qtbot, widget.addresses)
    assert [r.text for r in widget.addresses.model.rows] == ["111 Broad St N"]
    widget.addresses.search_field.clear()
    widget.addresses.search_field.flush()
    searched(qtbot, widget.addresses)
    widget.addresses.street_box.setCurrentIndex(widget.addresses.street_box.findData(orange_id))
    searched(qtbot, widget.addresses)
    assert [r.text for r in widget.addresses.model.rows] == ["201 Orange St"]
    assert widget.addresses.print_register_button.isEnabled()
    assert widget.addresses.count_label.text() == "1 address"
    assert street_id


def test_the_street_register_prints_and_the_register_exports(
    qtbot, tab, desk, inspector, printed, tmp_path, monkeypatch
) -> None:
    street_id = _neighbours(desk, inspector)
    tab.refresh()
    assert not tab.addresses.print_register_button.isEnabled()  # all streets: choose one first
    tab.addresses.street_box.setCurrentIndex(tab.addresses.street_box.findData(street_id))
    searched(qtbot, tab.addresses)
    tab.addresses.print_register_button.click()
    [(title, pdf)] = printed
    assert title == "Street register — Broad St N"
    text = papers.raw_text(pdf, between=" ")
    assert "Broad St N" in text and "101" in text and "111" in text

    target = tmp_path / "register"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=10_000) as status:
        tab.export_register()
    assert "2 addresses written to register.xlsx" in status.args[0]
    cells = [
        str(c.value)
        for row in load_workbook(f"{target}.xlsx").active.iter_rows()
        for c in row
        if c.value is not None
    ]
    assert "281-01001-0000" in cells and "281-01011-0000" in cells


def test_streets_dialog_shows_refusals_next_to_the_field(
    qtbot, desk, inspector, dialogs, messages
) -> None:
    _broad(desk, inspector)
    app = App(desk, inspector)

    def street(dialog: QDialog) -> None:
        assert isinstance(dialog, StreetDialog)
        qtbot.keyClicks(dialog.name, "Broad")
        qtbot.keyClicks(dialog.suffix, "Street")
        dialog.direction.setCurrentIndex(dialog.direction.findData("N"))
        qtbot.keyClicks(dialog.range_low, "500")
        qtbot.keyClicks(dialog.range_high, "100")
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
        assert "cannot be lower than the lowest" in dialog.errors.message("range_high")
        _retype(qtbot, dialog.range_high, "900")
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
        assert "Broad St N is already in the register" in dialog.errors.message("name")
        dialog.increases_toward.setCurrentIndex(dialog.increases_toward.findData(Compass.EAST))
        dialog.odd_side.setCurrentIndex(dialog.odd_side.findData(Compass.WEST))
        _retype(qtbot, dialog.name, "Kinnickinnic")
        dialog.direction.setCurrentIndex(0)
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
        assert "north or south side" in dialog.errors.message("odd_side")
        dialog.odd_side.setCurrentIndex(dialog.odd_side.findData(Compass.SOUTH))
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
        assert not dialog.isVisible()

    dialogs.append(street)
    assert StreetDialog.ask(None, app) is not None
    assert messages == []
    with desk.database.reading() as session:
        names = sorted(session.scalars(select(Street.full_name)))
    assert names == ["Broad St N", "Kinnickinnic Street"]


def test_main_window_shows_the_tab_and_the_today_item_opens_the_case(
    qtbot, desk, clerk, inspector, clock: FixedClock
) -> None:
    from clerk_desk.today import gather
    from ui.main_window import MainWindow

    _neighbours(desk, inspector)
    with desk.action(inspector) as action:
        address_id = addresses.search_addresses(action.session, "111 broad")[0].id
        case_id = cases.observe_noncompliance(
            action, address_id, observed_on=date(2026, 10, 1), observation="No numbers"
        )
    window = MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    widget = window.tab("street_numbers")
    assert isinstance(widget, StreetNumbersTab)
    with desk.lookup(clerk) as action:
        [item] = [i for i in gather(action) if i.record_type == "numbering_case"]
    assert item.record_id == str(case_id)
    window.go_to_item(item)
    assert window.tabs.currentWidget() is widget
    assert widget.cases_view_active()
    row = widget.cases.selected()
    assert row is not None and row.id == case_id and row.address == "111 Broad St N"
    widget.show_record("address", str(address_id))
    assert not widget.cases_view_active()
    assert widget.addresses.selected() is not None
    assert widget.addresses.selected().id == address_id  # type: ignore[union-attr]


def test_every_model_passes_the_model_tester(qtbot, qtmodeltester, tab, desk, inspector) -> None:
    _neighbours(desk, inspector)
    with desk.action(inspector) as action:
        address_id = addresses.search_addresses(action.session, "101 broad")[0].id
        cases.observe_noncompliance(
            action, address_id, observed_on=date(2026, 11, 2), observation="No numbers"
        )
    tab.refresh()
    tab.show_cases()
    searched(qtbot, tab)
    streets = StreetsDialog(tab, tab.app)
    qtbot.add_widget(streets)
    for model in (tab.addresses.model, tab.cases.model, streets.model):
        assert model.rowCount() >= 1
        qtmodeltester.check(model)
