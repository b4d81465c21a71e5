"""Special Charges tab, the tax roll: a run prepared, certified once by the Treasurer and locking
its charges, a list changed since it was prepared, a draft set aside, the run exported for the
County and printed, the register exported, who may set the GL account, and the days a run is
refused or only previewed. What the Special Charges tests share is in
ui_special_charges_steps.py.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture). Every modal dialog goes
through the ``dialogs`` queue, every message box through ``messages`` (a question is answered
Yes), and printing through the replaced ``printing.print_pdf`` hook, so the papers are read back
with pypdf.
"""

from __future__ import annotations

from datetime import date

import papers  # type: ignore[import-not-found]
import pytest
from openpyxl import load_workbook
from PySide6.QtWidgets import QDialog
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import func, select
from ui_special_charges_steps import (  # type: ignore[import-not-found]
    OWNER,
    add_parcel,
    charge,
    error_text,
    make_tab,
    owner,
    pay,
    printed,
    qdate,
    stored,
    tab,
)

from clerk_desk import ledger, parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import ChargeKind, ChargeStatus, Role, RunStatus
from clerk_desk.models import TaxRollRun
from clerk_desk.special_charges import tax_roll as tax_roll
from ui.kit import forms as forms
from ui.special_charges.dialogs import AccountDialog, ReasonDialog

__all__ = ["owner", "printed", "tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


def run_count(desk: Desk) -> int:
    with desk.database.reading() as session:
        return int(session.scalar(select(func.count(TaxRollRun.id))) or 0)


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
