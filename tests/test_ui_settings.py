"""Settings dialogs: fee schedule, closed days, operators, passwords, the City's letterhead."""

from __future__ import annotations

import contextlib
import threading
from datetime import date
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QDialog

from clerk_desk import fees, operators, settings_store
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import SignInFailed
from clerk_desk.kinds import Role
from clerk_desk.models import FeeItem
from clerk_desk.money import Money
from reports import excel
from ui.kit import forms as forms
from ui.kit.operations import App
from ui.settings import dialogs as sd

pytestmark = pytest.mark.gui


def _items(desk: Desk, code: str) -> list[FeeItem]:
    with desk.database.reading() as session:
        return [i for i in fees.schedule(session) if i.code == code]


def _fee_dialog(qtbot, desk: Desk, who: SignedIn) -> sd.FeeScheduleDialog:
    dialog = sd.FeeScheduleDialog(None, App(desk, who))
    qtbot.add_widget(dialog)
    dialog.show()
    return dialog


def _select_code(dialog: sd.FeeScheduleDialog, code: str) -> None:
    forms.select_row(dialog.table, dialog.model.row_of(lambda r: r.code == code))


def test_new_amount_from_a_date_ends_the_old_item_the_day_before(
    qtbot, desk, admin, dialogs
) -> None:
    schedule = _fee_dialog(qtbot, desk, admin)
    _select_code(schedule, "STOPEN")

    def enter(dialog: QDialog) -> None:
        assert isinstance(dialog, sd.ChangeAmountDialog)
        qtbot.keyClicks(dialog.amount, "$1,250.00")
        dialog.starting.setDate(QDate(2027, 1, 1))
        qtbot.keyClick(dialog.amount, Qt.Key.Key_Return)

    dialogs.append(enter)
    schedule.change_button.click()
    old, new = _items(desk, "STOPEN")
    assert old.effective_to == date(2026, 12, 31)
    assert (new.amount, new.effective_from, new.placeholder) == (
        Money("1250.00"),
        date(2027, 1, 1),
        False,
    )
    assert schedule.selected() is not None and schedule.selected().amount == Money("1250")


def test_bad_amount_shown_next_to_the_field(qtbot, desk, admin, dialogs, messages) -> None:
    schedule = _fee_dialog(qtbot, desk, admin)
    _select_code(schedule, "STOPEN")
    before = _items(desk, "STOPEN")

    def enter(dialog: QDialog) -> None:
        assert isinstance(dialog, sd.ChangeAmountDialog)
        qtbot.keyClicks(dialog.amount, "12.345")
        qtbot.keyClick(dialog.amount, Qt.Key.Key_Return)
        assert dialog.isVisible()
        assert "more than two decimal places" in dialog.errors.message("amount")

    dialogs.append(enter)
    schedule.change_button.click()
    assert [(i.amount, i.effective_to) for i in _items(desk, "STOPEN")] == [
        (i.amount, i.effective_to) for i in before
    ]
    assert messages == []


def test_add_fee_item_by_keyboard(qtbot, desk, admin, dialogs) -> None:
    schedule = _fee_dialog(qtbot, desk, admin)

    def enter(dialog: QDialog) -> None:
        assert isinstance(dialog, sd.FeeItemDialog)
        qtbot.keyClicks(dialog.code, "dump")
        qtbot.keyClicks(dialog.description, "Dumpster in the street")
        qtbot.keyClicks(dialog.amount, "abc")
        qtbot.keyClicks(dialog.gl_account, "100-44340-000")
        qtbot.keyClick(dialog.gl_account, Qt.Key.Key_Return)
        assert "is not an amount" in dialog.errors.message("amount")
        dialog.amount.clear()
        qtbot.keyClicks(dialog.amount, "40")
        qtbot.keyClick(dialog.amount, Qt.Key.Key_Return)

    dialogs.append(enter)
    schedule.add_button.click()
    (item,) = _items(desk, "DUMP")
    assert item.amount == Money("40.00")
    assert schedule.selected() is not None and schedule.selected().code == "DUMP"


def _write_xlsx(path, rows) -> None:
    book = Workbook()
    sheet = book.active
    sheet.append(list(fees.COLUMNS))
    for row in rows:
        sheet.append(list(row))
    book.save(path)


def test_import_fee_schedule_from_xlsx(qtbot, desk, admin, tmp_path, monkeypatch, messages):
    path = tmp_path / "resolution-2027-04.xlsx"
    _write_xlsx(path, [
        ("PARK", "Parking permit", 15, "100-44350-000", "", date(2027, 1, 1), None, ""),
        ("BANNER", "Banner over Broad St", "35.50", "100-44360-000", "", "2027-01-01", "", ""),
    ])  # fmt: skip
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(path))
    read_on: list[str] = []
    read_table = excel.read_table

    def read_where(*args: Any) -> Any:
        read_on.append(threading.current_thread().name)
        return read_table(*args)

    monkeypatch.setattr(excel, "read_table", read_where)
    schedule = _fee_dialog(qtbot, desk, admin)
    schedule.import_button.click()
    assert messages == ["2 fee items added from resolution-2027-04.xlsx."]
    assert read_on == ["while painting"]  # the window's thread repainted meanwhile
    assert _items(desk, "PARK")[0].amount == Money(15)
    assert _items(desk, "BANNER")[0].effective_from == date(2027, 1, 1)
    assert schedule.model.row_of(lambda r: r.code == "PARK") >= 0


def test_import_refused_with_the_row_number_and_nothing_added(
    qtbot, desk, admin, tmp_path, monkeypatch, messages
) -> None:
    path = tmp_path / "bad.xlsx"
    _write_xlsx(path, [
        ("PARK", "Parking permit", 15, "100-44350-000", "", date(2027, 1, 1), None, ""),
        ("BANNER", "Banner over Broad St", "12.345", "100-44360-000", "", date(2027, 1, 1)),
    ])  # fmt: skip
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(path))
    _fee_dialog(qtbot, desk, admin).import_button.click()
    assert len(messages) == 1 and messages[0].startswith("Row 3:")
    assert "decimal places" in messages[0]
    assert _items(desk, "PARK") == []


def test_export_fee_schedule_reads_back(
    qtbot, desk, admin, tmp_path, monkeypatch, child_jobs
) -> None:
    target = tmp_path / "fees.xlsx"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    schedule = _fee_dialog(qtbot, desk, admin)
    schedule.export_file()
    qtbot.waitUntil(lambda: hasattr(schedule, "last_export"), timeout=10_000)
    assert child_jobs == ["ui.settings.jobs.fee_schedule_workbook"]
    sheet = load_workbook(target).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == fees.COLUMNS
    stopen = next(r for r in rows if r[0] == "STOPEN")
    assert stopen[2] == 50 and stopen[5].date() == date(2026, 1, 1)
    from reports.excel import read_table

    again = fees.rows_to_fees([{**r, "__row__": r.row_number} for r in read_table(target)])
    assert {f.code for f in again} == {r[0] for r in rows[1:]}


def test_deputy_clerk_sees_the_schedule_read_only_with_the_core_reason(
    qtbot, desk, operator_with, messages
) -> None:
    deputy = operator_with(Role.DEPUTY_CLERK)
    schedule = _fee_dialog(qtbot, desk, deputy)
    text = schedule.refusal_banner.text()
    assert "change the fee schedule" in text and "Deputy Clerk" in text
    assert not schedule.change_button.isEnabled() and not schedule.import_button.isEnabled()
    # And were the form reached anyway, the core refuses and says why.
    _select_code(schedule, "STOPEN")
    form = sd.ChangeAmountDialog(schedule, App(desk, deputy), schedule.selected())
    qtbot.add_widget(form)
    qtbot.keyClicks(form.amount, "60")
    form.save()
    assert len(messages) == 1 and "Deputy Clerk" in messages[0]
    assert len(_items(desk, "STOPEN")) == 1


def test_unticking_day_after_thanksgiving_changes_the_preview(qtbot, desk, admin) -> None:
    dialog = sd.ClosedDaysDialog(None, App(desk, admin))
    qtbot.add_widget(dialog)
    dialog.show()
    dialog.preview_days.setValue(30)
    dialog.preview_start.setDate(QDate(2026, 10, 28))  # + 30 days = Fri Nov 27, 2026
    assert dialog.preview_due == date(2026, 11, 30)
    assert "Day after Thanksgiving" in dialog.preview.text()
    number = dialog.holiday_model.row_of(lambda r: r.rule.key == "day_after_thanksgiving")
    dialog.holiday_table.setFocus()
    dialog.holiday_table.setCurrentIndex(dialog.holiday_model.index(number, 1))
    qtbot.keyClick(dialog.holiday_table, Qt.Key.Key_Return)  # Enter ticks/unticks
    assert dialog.preview_due == date(2026, 11, 27)
    assert "Nov 27" not in " ".join(r.day.strftime("%b %d") for r in dialog.closed_list_model.rows)
    dialog.save_button.click()
    with desk.database.reading() as session:
        saved = settings_store.calendar_settings(session)
    assert "day_after_thanksgiving" not in saved.closed_holidays
    assert desk.calendar().is_open(date(2026, 11, 27))


def test_extra_closed_day_added_and_removed(qtbot, desk, admin) -> None:
    dialog = sd.ClosedDaysDialog(None, App(desk, admin))
    qtbot.add_widget(dialog)
    dialog.day_edit.setDate(QDate(2026, 12, 31))
    dialog.add_closed.click()
    assert [r.day for r in dialog.closed_model.rows] == [date(2026, 12, 31)]
    assert any(r.day == date(2026, 12, 31) for r in dialog.closed_list_model.rows)
    forms.select_row(dialog.closed_table, 0)
    dialog.remove_day.click()
    assert dialog.closed_model.rowCount() == 0


def test_add_operator_then_sign_in_as_them(qtbot, desk, admin, dialogs) -> None:
    manager = sd.OperatorsDialog(None, App(desk, admin))
    qtbot.add_widget(manager)

    def enter(dialog: QDialog) -> None:
        assert isinstance(dialog, sd.OperatorDialog)
        qtbot.keyClicks(dialog.username, "dana")
        qtbot.keyClicks(dialog.full_name, "Dana Krueger")
        dialog.role.setCurrentIndex(dialog.role.findData(Role.DEPUTY_CLERK))
        qtbot.keyClicks(dialog.password, "river-bluff-7")
        qtbot.keyClicks(dialog.password_again, "river-bluff-8")
        qtbot.keyClick(dialog.password_again, Qt.Key.Key_Return)
        assert "not the same" in dialog.errors.message("password_again")
        dialog.password_again.clear()
        qtbot.keyClicks(dialog.password_again, "river-bluff-7")
        qtbot.keyClick(dialog.password_again, Qt.Key.Key_Return)

    dialogs.append(enter)
    manager.add_button.click()
    assert manager.selected() is not None and manager.selected().username == "dana"
    who = operators.sign_in(desk.database, desk.clock, "dana", "river-bluff-7")
    assert (who.full_name, who.role) == ("Dana Krueger", Role.DEPUTY_CLERK)
    manager.refresh()
    row = manager.model.row(manager.model.row_of(lambda r: r.username == "dana"))
    assert row.last_sign_in.startswith("11/30/2026")


def test_change_password_wrong_current_refused(qtbot, desk, admin, dialogs) -> None:
    app = App(desk, admin)

    def wrong(dialog: QDialog) -> None:
        assert isinstance(dialog, sd.PasswordDialog)
        qtbot.keyClicks(dialog.current_password, "not-my-password")
        qtbot.keyClicks(dialog.password, "new-password-1")
        qtbot.keyClicks(dialog.password_again, "new-password-1")
        qtbot.keyClick(dialog.password_again, Qt.Key.Key_Return)
        assert "current password is not right" in dialog.errors.message("current_password")
        dialog.discard()  # closed unsaved (Esc asks first: test_ui_unsaved)

    dialogs.append(wrong)
    assert sd.change_password(None, app) is False

    def right(dialog: QDialog) -> None:
        assert isinstance(dialog, sd.PasswordDialog)
        qtbot.keyClicks(dialog.current_password, "counter-password")
        qtbot.keyClicks(dialog.password, "new-password-1")
        qtbot.keyClicks(dialog.password_again, "new-password-1")
        qtbot.keyClick(dialog.password_again, Qt.Key.Key_Return)

    dialogs.append(right)
    assert sd.change_password(None, app) is True
    assert operators.sign_in(desk.database, desk.clock, "admin", "new-password-1").id == admin.id


def test_edit_city_profile(qtbot, desk, operator_with, dialogs) -> None:
    clerk = operator_with(Role.CLERK)

    def enter(dialog: QDialog) -> None:
        assert isinstance(dialog, sd.CityDialog)
        dialog.address_lines.clear()
        qtbot.keyClick(dialog.phone, Qt.Key.Key_Return)
        assert "address" in dialog.errors.message("address_lines")
        dialog.address_lines.setPlainText("800 Borner St N\nPrescott, WI 54021")
        qtbot.keyClicks(dialog.phone, "(715) 262-5544")
        qtbot.keyClick(dialog.phone, Qt.Key.Key_Return)

    dialogs.append(enter)
    assert sd.edit_city(None, App(desk, clerk)) is True
    with desk.database.reading() as session:
        profile = settings_store.city_profile(session)
    assert profile.address_lines == ("800 Borner St N", "Prescott, WI 54021")
    assert profile.phone == "(715) 262-5544"


def test_models_pass_the_model_tester(qtbot, qtmodeltester, desk, admin) -> None:
    app = App(desk, admin)
    schedule = sd.FeeScheduleDialog(None, app)
    closed = sd.ClosedDaysDialog(None, app)
    people = sd.OperatorsDialog(None, app)
    for widget in (schedule, closed, people):
        qtbot.add_widget(widget)
    qtmodeltester.check(schedule.model)
    qtmodeltester.check(closed.holiday_model)
    qtmodeltester.check(closed.closed_list_model)
    qtmodeltester.check(people.model)


def test_the_fee_file_is_read_before_the_write_action_opens(
    qtbot, desk, admin, tmp_path, monkeypatch, messages
) -> None:
    """On SQLite a write action holds the database for every station: no parsing inside it."""
    import reports.excel

    path = tmp_path / "resolution.xlsx"
    _write_xlsx(path, [("PARK", "Parking permit", 15, "100-44350-000", "", date(2027, 1, 1))])
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(path))
    writing: list[bool] = [False]
    read_while_writing: list[bool] = []
    real_action, real_read = desk.action, reports.excel.read_table

    @contextlib.contextmanager
    def action(operator):
        writing[0] = True
        try:
            with real_action(operator) as opened:
                yield opened
        finally:
            writing[0] = False

    def read_table(target):
        read_while_writing.append(writing[0])
        return real_read(target)

    monkeypatch.setattr(desk, "action", action)
    monkeypatch.setattr(reports.excel, "read_table", read_table)
    _fee_dialog(qtbot, desk, admin).import_button.click()
    assert read_while_writing == [False]
    assert messages == ["1 fee item added from resolution.xlsx."]


def test_an_import_that_corrects_an_item_is_refused_with_its_row(
    qtbot, desk, admin, tmp_path, monkeypatch, messages
) -> None:
    path = tmp_path / "corrected.xlsx"
    _write_xlsx(path, [
        ("PARK", "Parking permit", 15, "100-44350-000", "", date(2027, 1, 1), None, ""),
        ("STOPEN", "Street opening permit - application and review fee", 50, "100-99999-000",
         "§ 506-6 (Fee)", date(2026, 1, 1), None, "yes"),
    ])  # fmt: skip
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(path))
    _fee_dialog(qtbot, desk, admin).import_button.click()
    assert len(messages) == 1 and messages[0].startswith("Row 3: Fee STOPEN from 2026-01-01")
    assert "GL account 100-44300-000 in the schedule, 100-99999-000 in the file" in messages[0]
    assert _items(desk, "PARK") == []
    assert _items(desk, "STOPEN")[0].gl_account == "100-44300-000"


def test_fee_and_operator_fields_take_no_more_than_their_columns(
    qtbot, desk, admin, dialogs
) -> None:
    fee = sd.FeeItemDialog(None, App(desk, admin))
    person = sd.OperatorDialog(None, App(desk, admin))
    for widget in (fee, person):
        qtbot.add_widget(widget)
    assert [w.maxLength() for w in (fee.code, fee.description, fee.gl_account, fee.section)] == [
        20,
        200,
        40,
        120,
    ]
    assert (person.username.maxLength(), person.full_name.maxLength()) == (60, 120)


def test_only_the_administrator_sees_the_operators(qtbot, desk, operator_with, messages) -> None:
    clerk = operator_with(Role.CLERK)
    dialog = sd.OperatorsDialog(None, App(desk, clerk))
    qtbot.add_widget(dialog)
    assert dialog.model.rowCount() == 0
    assert messages == []  # the banner says why; no error box on top of it
    assert "manage operators" in (dialog.refusal or "")
    assert not dialog.add_button.isEnabled()


def test_the_administrator_lifts_a_sign_in_delay_from_the_operators_list(
    qtbot, desk, admin, operator_with, messages
) -> None:
    clerk = operator_with(Role.CLERK)
    for _ in range(5):
        with pytest.raises(SignInFailed):
            operators.sign_in(desk.database, desk.clock, clerk.username, "wrong-password")
    with pytest.raises(SignInFailed, match="Too many wrong passwords"):
        operators.sign_in(desk.database, desk.clock, clerk.username, "counter-password")
    manager = sd.OperatorsDialog(None, App(desk, admin))
    qtbot.add_widget(manager)
    forms.select_row(manager.table, manager.model.row_of(lambda r: r.username == "clerk"))
    manager.lift_button.click()
    assert messages == ["Test Clerk may sign in again now."]
    assert operators.sign_in(desk.database, desk.clock, clerk.username, "counter-password")
