"""People & Parcels tab: driven by the keyboard, checked against the database."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import func, select

from clerk_desk import parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import PartyKind, Role
from clerk_desk.models import AuditEvent, Parcel, Party
from clerk_desk.parties import ParcelData, PartyData
from ui.kit import forms as forms
from ui.kit.operations import App
from ui.parties.dialogs import ParcelDialog, PartyDialog
from ui.parties.tab import PartiesTab

pytestmark = pytest.mark.gui


@pytest.fixture
def tab(qtbot, desk: Desk, clerk: SignedIn) -> PartiesTab:
    widget = PartiesTab(App(desk, clerk))
    qtbot.add_widget(widget)
    widget.resize(1200, 700)
    widget.show()
    searched(qtbot, widget)
    return widget


def type_text(qtbot, widget: QWidget, text: str) -> None:
    """Type like a person: QTest types only ASCII, so "ë" is sent as the key event a keyboard
    layout with it would send."""
    for char in text:
        if char.isascii():
            qtbot.keyClicks(widget, char)
        else:
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QApplication.sendEvent(
                    widget,
                    QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char),
                )


def _add(desk: Desk, who: SignedIn, name: str, **values: object) -> int:
    with desk.action(who) as action:
        return parties.add_party(action, PartyData(PartyKind.PERSON, name, **values)).id  # type: ignore[arg-type]


def _count(desk: Desk, model: type) -> int:
    with desk.database.reading() as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


def test_add_party_by_keyboard_then_find_it_typing_zoe(qtbot, tab, desk, dialogs) -> None:
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, PartyDialog)
        type_text(qtbot, dialog.name, "Zoë Quist-Hanson")
        qtbot.keyClicks(dialog.street, "212 Orange St")
        qtbot.keyClicks(dialog.city, "Prescott")
        qtbot.keyClicks(dialog.state, "wi")
        qtbot.keyClicks(dialog.postal_code, "54021")
        qtbot.keyClicks(dialog.email, "zoe@example.com")
        qtbot.keyClick(dialog.email, Qt.Key.Key_Return)  # Enter saves

    dialogs.append(fill)
    tab.new_party_button.click()
    with desk.database.reading() as session:
        saved = session.scalars(select(Party)).one()
        assert (saved.name, saved.state, saved.postal_code) == ("Zoë Quist-Hanson", "WI", "54021")

    tab.search_field.clear()
    qtbot.keyClicks(tab.search_field, "zoe")
    assert tab.search_field.pending()  # debounced: no query per keystroke
    qtbot.waitUntil(lambda: tab.party_model.rowCount() == 1 and not tab.search_field.pending())
    assert tab.party_model.row(0).name == "Zoë Quist-Hanson"
    assert "Zoë Quist-Hanson" in tab.details.text()


def test_ctrl_n_opens_the_new_party_form(qtbot, tab, dialogs) -> None:
    opened: list[QDialog] = []
    dialogs.append(opened.append)
    tab.activateWindow()
    tab.search_field.setFocus()
    qtbot.waitUntil(tab.search_field.hasFocus)
    qtbot.keyClick(tab.search_field, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert len(opened) == 1 and isinstance(opened[0], PartyDialog)


@pytest.mark.parametrize(
    ("field", "typed", "words"),
    [("postal_code", "5402", "ZIP code"), ("email", "zoe@example", "e-mail address")],
)
def test_bad_zip_or_email_shown_under_the_field_and_nothing_saved(
    qtbot, tab, desk, dialogs, messages, field, typed, words
) -> None:
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, PartyDialog)
        qtbot.keyClicks(dialog.name, "Ben Berg")
        qtbot.keyClicks(getattr(dialog, field), typed)
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
        assert dialog.isVisible(), "a refused form stays open with what was typed"
        assert words in dialog.errors.message(field)
        assert dialog.findChild(type(dialog.name), field).text() == typed
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # Esc cancels, once the clerk says discard
        assert not dialog.isVisible()

    dialogs.append(fill)
    tab.new_party_button.click()
    assert _count(desk, Party) == 0
    assert messages == ["Discard what was typed in this form? Nothing in it has been saved."]


def test_duplicate_parcel_number_refused_next_to_the_field(
    qtbot, tab, desk, clerk, dialogs
) -> None:
    owner = _add(desk, clerk, "Lars Olson")
    with desk.action(clerk) as action:
        parties.add_parcel(action, ParcelData("281-01001-0000", "105 Broad St N", owner))

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, ParcelDialog)
        qtbot.keyClicks(dialog.parcel_number, "281-01001-0000 ")
        qtbot.keyClicks(dialog.site_address, "107 Broad St N")
        qtbot.keyClicks(dialog.owner_picker.search_field, "olson")
        qtbot.keyClick(dialog.owner_picker.search_field, Qt.Key.Key_Down)  # into the matches
        assert dialog.owner_picker.party is not None
        assert dialog.owner_picker.party.name == "Lars Olson"
        qtbot.keyClick(dialog.site_address, Qt.Key.Key_Return)
        assert dialog.isVisible()
        assert "already in the register" in dialog.errors.message("parcel_number")

    dialogs.append(fill)
    tab.new_parcel_button.click()
    assert _count(desk, Parcel) == 1


def test_new_parcel_with_owner_chosen_by_typing(qtbot, tab, desk, clerk, dialogs) -> None:
    _add(desk, clerk, "Siobhán Dahl")

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, ParcelDialog)
        qtbot.keyClicks(dialog.parcel_number, "281-02002-0000")
        qtbot.keyClicks(dialog.owner_picker.search_field, "siobhan")
        qtbot.keyClick(dialog.owner_picker.search_field, Qt.Key.Key_Return)  # into the list
        qtbot.keyClick(dialog.owner_picker.table, Qt.Key.Key_Return)  # Enter saves

    dialogs.append(fill)
    tab.new_parcel_button.click()
    with desk.database.reading() as session:
        parcel = session.scalars(select(Parcel)).one()
        assert parcel.owner is not None and parcel.owner.name == "Siobhán Dahl"
    tab.show_parcels()
    searched(qtbot, tab)
    assert tab.parcel_view_active()
    assert tab.parcel_model.column_texts(0)[:3] == ["281-02002-0000", "", "Siobhán Dahl"]


def test_edit_party_with_enter_writes_audit_before_and_after(
    qtbot, tab, desk, clerk, dialogs
) -> None:
    party_id = _add(desk, clerk, "Karin Meyer", phone="(715) 555-0100")
    tab.refresh()

    def change(dialog: QDialog) -> None:
        assert isinstance(dialog, PartyDialog)
        assert dialog.name.text() == "Karin Meyer"
        dialog.phone.selectAll()
        qtbot.keyClicks(dialog.phone, "(715) 555-0199")
        qtbot.keyClick(dialog.phone, Qt.Key.Key_Return)

    dialogs.append(change)
    tab.activateWindow()
    tab.party_table.setFocus()
    qtbot.waitUntil(tab.party_table.hasFocus)
    qtbot.keyClick(tab.party_table, Qt.Key.Key_Return)
    with desk.database.reading() as session:
        event = session.scalars(select(AuditEvent).where(AuditEvent.action == "party.update")).one()
        assert event.record_id == str(party_id)
        assert event.operator_name == clerk.username
        assert event.before == {"phone": "(715) 555-0100"}
        assert event.after == {"phone": "(715) 555-0199"}


def test_make_inactive_and_reactivate(qtbot, tab, desk, clerk, messages) -> None:
    _add(desk, clerk, "Nils Weber")
    tab.refresh()
    tab.active_button.click()
    assert "inactive" in messages[0]
    assert tab.party_model.rowCount() == 0
    tab.inactive_box.setChecked(True)
    searched(qtbot, tab)
    assert tab.party_model.row(0).active is False
    assert tab.active_button.text().replace("&", "") == "Reactivate"
    tab.active_button.click()
    with desk.database.reading() as session:
        assert session.scalars(select(Party)).one().active is True


def test_party_register_export_reopened(qtbot, tab, desk, clerk, tmp_path, monkeypatch) -> None:
    for n in range(30):
        _add(desk, clerk, f"Person {n:02d} Anderson", street=f"{100 + n} Lake St")
    inactive = _add(desk, clerk, "Gone Away")
    with desk.action(clerk) as action:
        parties.set_party_active(action, inactive, False)
    target = tmp_path / "parties"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=10_000) as blocker:
        tab.export_register()
    path = Path(f"{target}.xlsx")
    assert "31 rows written" in blocker.args[0]
    workbook = load_workbook(path)
    sheet = workbook.active
    rows = [tuple(row) for row in sheet.iter_rows(values_only=True)]
    header_at = next(i for i, row in enumerate(rows) if row[0] == "Name")
    header = rows[header_at]
    assert header[:5] == ("Name", "Kind", "Contact", "Street", "City")
    data = rows[header_at + 1 :]
    assert len(data) == 31
    assert any(r[0] == "Gone Away" and r[header.index("Active")] == "No" for r in data)
    assert any(r[0] == "Person 07 Anderson" and r[3] == "107 Lake St" for r in data)
    assert sheet.column_dimensions["A"].width >= len("Person 07 Anderson")
    assert sheet.freeze_panes is not None


def test_parcel_register_export(qtbot, tab, desk, clerk, tmp_path, monkeypatch) -> None:
    owner = _add(desk, clerk, "Olga Fischer", street="9 Lake St", city="Prescott")
    with desk.action(clerk) as action:
        parties.add_parcel(action, ParcelData("281-1", "9 Lake St", owner))
    tab.show_parcels()
    searched(qtbot, tab)
    target = tmp_path / "parcels.xlsx"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=10_000):
        tab.export_register()
    rows = list(load_workbook(target).active.iter_rows(values_only=True))
    assert rows[-1][:4] == ("281-1", "9 Lake St", "Olga Fischer", "9 Lake St, Prescott")


def test_deputy_may_edit_parties_but_inspector_form_is_read_only(
    qtbot, desk, operator_with
) -> None:
    dialog = PartyDialog(None, App(desk, operator_with(Role.INSPECTOR)))
    qtbot.add_widget(dialog)
    assert dialog.save_button.isEnabled()  # every counter role may add parties


def test_models_pass_the_model_tester(qtbot, qtmodeltester, tab, desk, clerk) -> None:
    owner = _add(desk, clerk, "Maria García", email="maria@example.com")
    _add(desk, clerk, "Quinn Lee")
    with desk.action(clerk) as action:
        parties.add_parcel(action, ParcelData("281-9", "1 Pearl St", owner))
    tab.refresh()
    qtmodeltester.check(tab.party_model)
    forms.select_row(tab.party_table, tab.party_model.row_of(lambda r: r.id == owner))
    assert tab.owned_model.rowCount() == 1
    qtmodeltester.check(tab.owned_model)
    tab.show_parcels()
    searched(qtbot, tab)
    qtmodeltester.check(tab.parcel_model)


def test_a_pasted_phone_longer_than_the_column_is_cut_by_the_form(
    qtbot, tab, desk, dialogs, messages
) -> None:
    """The form takes no more than the column holds (read from the model, like the core)."""

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, PartyDialog)
        assert (dialog.phone.maxLength(), dialog.name.maxLength(), dialog.city.maxLength()) == (
            40,
            200,
            80,
        )
        qtbot.keyClicks(dialog.name, "Ben Berg")
        dialog.phone.insert("715-262-5544 " * 5)  # 65 characters pasted
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)

    dialogs.append(fill)
    tab.new_party_button.click()
    assert messages == []
    with desk.database.reading() as session:
        assert len(session.scalars(select(Party)).one().phone) == 40


def test_parcel_form_fields_take_no_more_than_their_columns(qtbot, desk, clerk) -> None:
    dialog = ParcelDialog(None, App(desk, clerk))
    qtbot.add_widget(dialog)
    assert (dialog.parcel_number.maxLength(), dialog.site_address.maxLength()) == (40, 200)
