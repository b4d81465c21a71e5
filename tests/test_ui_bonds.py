"""Bonds & Insurance and Annual Bonds tabs: driven through their dialogs, checked in the database.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Every modal dialog goes through
the ``dialogs`` queue, every message box through ``messages``, every file dialog, print and
"open with the viewer" through a replaced hook: no real modal is ever left open.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader
from PySide6.QtCore import QUrl
from PySide6.QtGui import Qt
from PySide6.QtWidgets import QDialog, QLineEdit
from sqlalchemy import select

from clerk_desk import bonds, parties
from clerk_desk.bonds import BondData, CertificateData
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.models import Bond, BondKind, FileStatus, InsuranceCertificate, PartyKind, Role
from clerk_desk.money import Money
from clerk_desk.parties import PartyData
from reports.excel import DATE_FORMAT, MONEY_FORMAT
from ui import bond_dialogs, forms, printing
from ui.annual_bonds_tab import AnnualBondsTab
from ui.bond_dialogs import (
    BondDialog,
    BondStatusDialog,
    CertificateDialog,
    PartyPicker,
    RevocationsDialog,
)
from ui.bonds_tab import MEETS, BondsTab
from ui.operations import App

pytestmark = pytest.mark.gui

PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


@pytest.fixture
def tab(qtbot, desk: Desk, clerk: SignedIn) -> BondsTab:
    widget = BondsTab(App(desk, clerk))
    qtbot.add_widget(widget)
    widget.resize(1300, 800)
    widget.show()
    return widget


@pytest.fixture
def annual_tab(qtbot, desk: Desk, clerk: SignedIn) -> AnnualBondsTab:
    widget = AnnualBondsTab(App(desk, clerk))
    qtbot.add_widget(widget)
    widget.resize(1200, 600)
    widget.show()
    return widget


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


def _party(desk: Desk, who: SignedIn, name: str, **values: Any) -> int:
    kind = values.pop("kind", PartyKind.BUSINESS)
    with desk.action(who) as action:
        return parties.add_party(action, PartyData(kind, name, **values)).id


def _pick(qtbot, picker: PartyPicker, text: str) -> None:
    picker.search_field.clear()
    qtbot.keyClicks(picker.search_field, text)
    picker.search_field.flush()
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Down)  # into the matches: the first is chosen
    assert picker.party is not None and text.lower() in picker.party.name.lower()


def _retype(qtbot, edit: QLineEdit, text: str) -> None:
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(edit, text)


def _vending_certificate(desk: Desk, who: SignedIn, insured: int, bi: str) -> int:
    with desk.action(who) as action:
        certificate = bonds.file_certificate(
            action,
            CertificateData(
                insured_id=insured,
                insurer="Badger Mutual",
                effective_on=date(2026, 11, 1),
                expires_on=date(2027, 10, 31),
                received_on=date(2026, 11, 2),
                coverages={
                    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money(bi),
                    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("50000"),
                },
                contractual_liability=True,
                city_additional_insured=True,
                notice_days=30,
            ),
        )
        action.session.flush()
        return certificate.id


# ---- the issue's own test ----------------------------------------------------------------------


def test_short_certificate_handed_back_then_corrected_meets_vending(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    """Enter a certificate $0.01 short of the vending profile, see the cited shortfall, replace
    it with the corrected one, and see the permit become issuable."""
    _party(desk, clerk, "Prescott Daze Kettle Corn")

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, CertificateDialog)
        _pick(qtbot, dialog.insured, "kettle")
        qtbot.keyClicks(dialog.insurer, "Badger Mutual")
        qtbot.keyClicks(dialog.policy_numbers, "CGL-4471")
        qtbot.keyClicks(dialog.limits[CoverageKind.BODILY_INJURY_PER_OCCURRENCE], "99,999.99")
        qtbot.keyClicks(dialog.limits[CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE], "$50,000")
        dialog.contractual_liability.click()
        dialog.city_additional_insured.click()
        qtbot.keyClicks(dialog.notice_days, "30")
        dialog.effective_on.setDate(date(2026, 11, 1))
        dialog.expires_on.setDate(date(2027, 10, 31))
        dialog.received_on.setDate(date(2026, 11, 2))
        qtbot.keyClick(dialog.insurer, Qt.Key.Key_Return)  # Enter saves

    dialogs.append(fill)
    tab.new_certificate_button.click()
    assert messages == []
    with desk.database.reading() as session:
        first = session.scalars(select(InsuranceCertificate)).one()
        assert first.bi_occurrence == Money("99999.99")
        first_id = first.id
    assert tab.selected_certificate() is not None
    assert tab.selected_certificate().id == first_id  # type: ignore[union-attr]

    tab.check_panel.choose("vending", date(2026, 12, 12), date(2026, 12, 13))
    assert "Does not meet the requirement — 1 problem" in tab.check_panel.verdict_text()
    [finding] = tab.check_panel.findings.texts()
    assert "$99,999.99" in finding and "$100,000.00" in finding
    assert "($0.01 short)" in finding
    assert "§ 506-24 (Conditions of permit: Liability insurance)" in finding

    def correct(dialog: QDialog) -> None:
        assert isinstance(dialog, CertificateDialog)
        assert dialog.insurer.text() == "Badger Mutual"  # the old one's values to start from
        _retype(qtbot, dialog.limits[CoverageKind.BODILY_INJURY_PER_OCCURRENCE], "100,000.00")
        qtbot.keyClick(dialog.insurer, Qt.Key.Key_Return)

    dialogs.append(correct)
    tab.replace_button.click()
    assert messages == []
    with desk.database.reading() as session:
        rows = {c.id: c for c in session.scalars(select(InsuranceCertificate))}
        assert rows[first_id].status == FileStatus.SUPERSEDED
        [second] = [c for c in rows.values() if c.id != first_id]
        assert second.status == FileStatus.ON_FILE
        assert second.bi_occurrence == Money("100000.00")
    assert tab.selected_certificate().id == second.id  # type: ignore[union-attr]
    assert MEETS in tab.check_panel.verdict_text()
    assert tab.check_panel.findings.texts() == ["No shortfall found."]

    # The superseded one left the register, and comes back (dimmed) with "Show inactive".
    assert tab.certificate_model.rowCount() == 1
    tab.inactive_box.setChecked(True)
    assert tab.certificate_model.rowCount() == 2


def test_check_panel_covers_period_and_street_privilege_amounts(qtbot, tab, desk, clerk) -> None:
    insured = _party(desk, clerk, "Borner Street Movers")
    _vending_certificate(desk, clerk, insured, "100000")
    tab.refresh()
    panel = tab.check_panel
    panel.choose("street_opening", date(2026, 12, 1), date(2027, 11, 1))
    assert "Does not meet the requirement — 4 problems" in panel.verdict_text()
    assert any("1 day before the permit or event ends" in t for t in panel.findings.texts())

    panel.choose("street_privilege", date(2026, 12, 1), date(2027, 1, 31))
    assert not panel.amounts_box.isHidden()
    assert MEETS in panel.verdict_text()  # no amounts set: nothing required
    edit = panel.amounts[CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE]
    qtbot.keyClicks(edit, "75,000")
    panel.run()
    assert "1 problem" in panel.verdict_text()
    assert "§ 506-9" in panel.findings.texts()[0]
    _retype(qtbot, edit, "12.345")
    assert panel.run() is None
    message = panel.errors.message(CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE.value)
    assert "more than two decimal places" in message
    assert "Correct the form" in panel.verdict_text()


# ---- bonds -------------------------------------------------------------------------------------


def test_release_of_restoration_guarantee_before_its_year_shows_the_refusal(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    principal = _party(desk, clerk, "Kinni Excavating LLC")
    with desk.action(clerk) as action:
        bonds.file_bond(
            action,
            BondData(
                BondKind.RESTORATION_GUARANTEE,
                principal,
                "Western Surety",
                "RG-12",
                Money("4500"),
                date(2026, 7, 15),
                work_completed_on=date(2026, 7, 15),
            ),
        )
    tab.show_bonds()
    assert tab.bond_model.rowCount() == 1
    assert "one year from completion" in tab.bond_details.text()

    def release(dialog: QDialog) -> None:
        assert isinstance(dialog, BondStatusDialog)
        assert "Jul 15, 2027" in dialog.releasable.text()
        qtbot.keyClicks(dialog.reason, "Work accepted by DPW")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
        assert dialog.isVisible(), "a refused release keeps the form open"
        refusal = dialog.errors.message("on")
        assert "may be released on or after" in refusal and "§ 506-6 (Bond)" in refusal
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    dialogs.append(release)
    tab.release_button.click()
    assert messages == []
    with desk.database.reading() as session:
        assert session.scalars(select(Bond)).one().status == FileStatus.ON_FILE


def test_new_street_opening_bond_under_10000_refused_under_amount(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    _party(desk, clerk, "Smith & Sons Plumbing")

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, BondDialog)
        assert dialog.amount.text() == "$10,000.00"  # the ordinance's amount to start from
        _pick(qtbot, dialog.principal, "smith")
        qtbot.keyClicks(dialog.surety, "Travelers")
        qtbot.keyClicks(dialog.bond_number, "TR-1")
        _retype(qtbot, dialog.amount, "9,999.99")
        qtbot.keyClick(dialog.surety, Qt.Key.Key_Return)
        assert dialog.isVisible()
        assert "§ 506-6 (Bond)" in dialog.errors.message("amount")
        _retype(qtbot, dialog.amount, "10,000")
        qtbot.keyClick(dialog.surety, Qt.Key.Key_Return)

    dialogs.append(fill)
    tab.new_bond_button.click()
    assert messages == []
    assert tab.bond_view_active()
    assert tab.selected_bond() is not None
    assert tab.selected_bond().bond_number == "TR-1"  # type: ignore[union-attr]


def test_scan_attached_in_the_dialog_is_kept_and_opened(
    qtbot, tab, desk, clerk, dialogs, messages, tmp_path, monkeypatch
) -> None:
    _party(desk, clerk, "Borner Street Bistro")
    scan = tmp_path / "acord-25.pdf"
    scan.write_bytes(PDF)
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(scan))
    opened: list[QUrl] = []
    monkeypatch.setattr(bond_dialogs, "open_url", lambda url: opened.append(url) or True)

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, CertificateDialog)
        _pick(qtbot, dialog.insured, "bistro")
        qtbot.keyClicks(dialog.insurer, "Acuity")
        dialog.scan.button.click()
        assert "acord-25.pdf" in dialog.scan.label.text()
        qtbot.keyClick(dialog.insurer, Qt.Key.Key_Return)

    dialogs.append(fill)
    tab.new_certificate_button.click()
    assert messages == []
    with desk.database.reading() as session:
        saved = session.scalars(select(InsuranceCertificate)).one()
        assert saved.scan_name == "acord-25.pdf" and len(saved.scan_sha256) == 64
    assert tab.certificate_scan_button.isEnabled()
    tab.certificate_scan_button.click()
    [url] = opened
    assert Path(url.toLocalFile()).read_bytes() == PDF


# ---- revocations -------------------------------------------------------------------------------


def test_revocation_recorded_by_the_inspector_and_refused_to_the_clerk(
    qtbot, desk, clerk, operator_with, dialogs, messages
) -> None:
    party = _party(desk, clerk, "Careless Digging Co")
    inspector = App(desk, operator_with(Role.INSPECTOR))
    seen: list[str] = []

    def revoke(dialog: QDialog) -> None:
        assert isinstance(dialog, RevocationsDialog)
        _pick(qtbot, dialog.picker, "careless")
        assert dialog.standing.texts() == ["No revocation stands today."]
        qtbot.keyClicks(dialog.reason, "Trench on Orange St not restored")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
        assert dialog.isVisible()
        seen.extend(dialog.standing.texts())
        seen.append(dialog.recorded.text())
        assert dialog.register_model.rowCount() == 1  # the register refreshed after Revoke
        assert dialog.register_model.column_texts(0)[0] == "Careless Digging Co"

    dialogs.append(revoke)
    RevocationsDialog.ask(None, inspector)
    assert messages == []
    assert "revoked through" in seen[0] and "§ 506-6 (Bond)" in seen[0]
    assert "11/30/2026 through 11/29/2027" in seen[1]
    with desk.database.reading() as session:
        assert bonds.revocation_findings(session, party_id=party, on=date(2027, 11, 29))

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, RevocationsDialog)
        assert not dialog.save_button.isEnabled()
        assert "Building Inspector / Public Works" in dialog.save_button.toolTip()

    dialogs.append(look)
    RevocationsDialog.ask(None, App(desk, clerk))


def test_revocation_register_lists_all_or_only_those_standing_today(
    qtbot, qtmodeltester, desk, clerk, operator_with, dialogs, messages
) -> None:
    past = _party(desk, clerk, "Careless Digging Co")
    standing = _party(desk, clerk, "Sloppy Trench LLC")
    inspector = operator_with(Role.INSPECTOR)
    with desk.action(inspector) as action:
        bonds.revoke(action, past, starts_on=date(2025, 3, 1), reason="Curb on Elm St left open")
        bonds.revoke(action, standing, starts_on=date(2026, 11, 2), reason="Trench not restored")
    seen: dict[str, Any] = {}

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, RevocationsDialog)
        model = dialog.register_model
        assert [model.column_texts(i) for i in range(model.rowCount())] == [
            ["Sloppy Trench LLC", "11/02/2026", "11/01/2027", "Trench not restored", "Yes"],
            ["Careless Digging Co", "03/01/2025", "02/28/2026", "Curb on Elm St left open", "No"],
        ]
        assert dialog.register_count.text() == "2 revocations recorded"
        qtmodeltester.check(model)

        # Keyboard only: Tab to "Standing only", Space ticks it, Tab into the register.
        dialog.standing_only.setFocus()
        qtbot.keyClick(dialog.standing_only, Qt.Key.Key_Space)
        assert dialog.standing_only.isChecked()
        assert model.rowCount() == 1
        assert model.column_texts(0)[0] == "Sloppy Trench LLC"
        assert dialog.register_count.text() == "1 revocation standing today"
        qtmodeltester.check(model)

        # Enter on a line chooses its contractor above instead of revoking.
        forms.select_row(dialog.register_table, 0)
        qtbot.keyClick(dialog.register_table, Qt.Key.Key_Return)
        assert dialog.isVisible()
        assert dialog.picker.party is not None and dialog.picker.party.id == standing
        seen["standing"] = dialog.standing.texts()

        qtbot.keyClick(dialog.standing_only, Qt.Key.Key_Space)
        assert model.rowCount() == 2

    dialogs.append(look)
    RevocationsDialog.ask(None, App(desk, clerk))
    assert messages == []
    assert "revoked through" in seen["standing"][0]


# ---- the annual-bond register ------------------------------------------------------------------


def test_annual_bond_filed_shows_for_its_year_and_not_the_next(
    qtbot, annual_tab, desk, clerk, dialogs, messages
) -> None:
    _party(desk, clerk, "Kinni Excavating LLC")
    assert annual_tab.year() == 2026  # this year by default

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, BondDialog)
        assert dialog.chosen_kind() is BondKind.ANNUAL_EXCAVATION and not dialog.kind.isEnabled()
        assert dialog.year.value() == 2026
        _pick(qtbot, dialog.principal, "kinni")
        qtbot.keyClicks(dialog.surety, "Western Surety")
        qtbot.keyClicks(dialog.bond_number, "AB-2026-1")
        _retype(qtbot, dialog.amount, "25,000")
        qtbot.keyClick(dialog.surety, Qt.Key.Key_Return)

    dialogs.append(fill)
    annual_tab.new_button.click()
    assert messages == []
    assert annual_tab.model.rowCount() == 1
    assert annual_tab.model.column_texts(0) == [
        "Kinni Excavating LLC",
        "AB-2026-1",
        "Western Surety",
        "$25,000.00",
        "2026",
        "On file",
        "—",
    ]
    with desk.database.reading() as session:
        bond = session.scalars(select(Bond)).one()
        assert (bond.effective_on, bond.expires_on) == (date(2026, 1, 1), date(2026, 12, 31))
    annual_tab.year_box.setValue(2027)
    assert annual_tab.model.rowCount() == 0
    assert "No annual bonds for 2027" in annual_tab.count_label.text()


def test_december_banner_names_principals_without_next_years_bond(
    qtbot, desk, clerk, clock: FixedClock
) -> None:
    kinni = _party(desk, clerk, "Kinni Excavating LLC")
    smith = _party(desk, clerk, "Smith & Sons Plumbing")
    with desk.action(clerk) as action:
        for principal, year, number in (
            (kinni, 2026, "A1"),
            (smith, 2026, "S1"),
            (smith, 2027, "S2"),
        ):
            bonds.file_bond(
                action,
                BondData(
                    BondKind.ANNUAL_EXCAVATION,
                    principal,
                    "Surety Co",
                    number,
                    Money("20000"),
                    date(year, 1, 1),
                    year=year,
                ),
            )
    november = AnnualBondsTab(App(desk, clerk))
    qtbot.add_widget(november)
    assert november.banner.isHidden()
    clock.advance(days=1)  # December 1
    december = AnnualBondsTab(App(desk, clerk))
    qtbot.add_widget(december)
    assert not december.banner.isHidden()
    assert "Kinni Excavating LLC" in december.banner.text()
    assert "Smith" not in december.banner.text()
    assert "2027" in december.banner.text()


def test_annual_register_printed_and_exported(
    qtbot, annual_tab, desk, clerk, printed, tmp_path, monkeypatch
) -> None:
    principal = _party(desk, clerk, "Smith & Sons <Plumbing>")
    with desk.action(clerk) as action:
        bonds.file_bond(
            action,
            BondData(
                BondKind.ANNUAL_EXCAVATION,
                principal,
                "Travelers",
                "TR-88",
                Money("15000"),
                date(2026, 1, 1),
                year=2026,
            ),
        )
    annual_tab.refresh()
    annual_tab.print_button.click()
    [(title, pdf)] = printed
    assert title == "Annual bond register 2026"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    for words in ("Annual Excavation Bond Register", "2026", "Smith & Sons <Plumbing>", "TR-88"):
        assert words in text
    assert "$15,000.00" in text and "Travelers" in text and "On file" in text

    target = tmp_path / "annual"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(annual_tab.status, timeout=10_000):
        annual_tab.export_register()
    rows = list(load_workbook(f"{target}.xlsx").active.iter_rows())
    header_at = next(i for i, row in enumerate(rows) if row[0].value == "Principal")
    assert [c.value for c in rows[header_at]] == [
        "Principal",
        "Bond number",
        "Surety",
        "Amount",
        "Year",
        "Status",
        "Permits covered",
    ]
    amount = rows[header_at + 1][3]
    assert Decimal(str(amount.value)) == Decimal("15000") and amount.number_format == MONEY_FORMAT


def test_certificate_and_bond_registers_exported(
    qtbot, tab, desk, clerk, tmp_path, monkeypatch
) -> None:
    insured = _party(desk, clerk, "Prescott Daze Kettle Corn")
    _vending_certificate(desk, clerk, insured, "99999.99")
    with desk.action(clerk) as action:
        bonds.file_bond(
            action,
            BondData(
                BondKind.STREET_PRIVILEGE,
                insured,
                "Travelers",
                "SP-3",
                Money("2500"),
                date(2026, 11, 30),
                expires_on=date(2027, 2, 28),
            ),
        )
    target = tmp_path / "certificates"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=10_000) as blocker:
        tab.export_register()
    assert "1 rows written to certificates.xlsx" in blocker.args[0]
    rows = list(load_workbook(f"{target}.xlsx").active.iter_rows())
    header_at = next(i for i, row in enumerate(rows) if row[0].value == "Insured")
    header = [c.value for c in rows[header_at]]
    data = rows[header_at + 1]
    bi = data[header.index("Bodily injury per accident or occurrence")]
    assert Decimal(str(bi.value)) == Decimal("99999.99") and bi.number_format == MONEY_FORMAT
    assert data[header.index("Bodily injury per person")].value is None
    expires = data[header.index("Expires")]
    assert isinstance(expires.value, datetime) and expires.number_format == DATE_FORMAT
    assert expires.value.date() == date(2027, 10, 31)

    tab.show_bonds()
    target = tmp_path / "bonds"
    with qtbot.wait_signal(tab.status, timeout=10_000):
        tab.export_register()
    rows = list(load_workbook(f"{target}.xlsx").active.iter_rows())
    header_at = next(i for i, row in enumerate(rows) if row[0].value == "Kind")
    header = [c.value for c in rows[header_at]]
    data = rows[header_at + 1]
    assert data[0].value == "Street privilege bond"
    amount = data[header.index("Amount")]
    assert Decimal(str(amount.value)) == Decimal("2500") and amount.number_format == MONEY_FORMAT
    assert data[header.index("Ends")].value.date() == date(2027, 2, 28)


# ---- models and wiring -------------------------------------------------------------------------


def test_every_model_passes_the_model_tester(
    qtbot, qtmodeltester, tab, annual_tab, desk, clerk
) -> None:
    insured = _party(desk, clerk, "Kinni Excavating LLC")
    _vending_certificate(desk, clerk, insured, "100000")
    with desk.action(clerk) as action:
        bonds.file_bond(
            action,
            BondData(
                BondKind.ANNUAL_EXCAVATION,
                insured,
                "Western Surety",
                "AB-1",
                Money("25000"),
                date(2026, 1, 1),
                year=2026,
            ),
        )
    tab.refresh()
    tab.show_bonds()
    annual_tab.refresh()
    picker = PartyPicker(App(desk, clerk), role="insured")
    qtbot.add_widget(picker)
    for model in (tab.certificate_model, tab.bond_model, annual_tab.model, picker.model):
        assert model.rowCount() >= 1
        qtmodeltester.check(model)


def test_main_window_builds_both_tabs(qtbot, desk, clerk) -> None:
    from ui.main_window import MainWindow

    window = MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    found = {
        window.tabs.widget(i).property("workflow"): window.tabs.widget(i)
        for i in range(window.tabs.count())
    }
    assert isinstance(found["bonds"], BondsTab)
    assert isinstance(found["annual_bonds"], AnnualBondsTab)
