"""Bonds & Insurance and Annual Bonds tabs: driven through their dialogs, checked in the database.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Every modal dialog goes through
the ``dialogs`` queue, every message box through ``messages``, every file dialog, print and
"open with the viewer" through a replaced hook: no real modal is ever left open.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import builders  # type: ignore[import-not-found]
import papers  # type: ignore[import-not-found]
import pytest
from openpyxl import load_workbook
from PySide6.QtCore import QUrl
from PySide6.QtGui import Qt
from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QMessageBox
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import func, select, update

from clerk_desk import words
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import BondData, CertificateData
from clerk_desk.bonds.views import RevocationRow
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import BondKind, FileStatus, Role
from clerk_desk.models import Bond, Document, InsuranceCertificate, Revocation
from clerk_desk.money import Money
from reports.excel import DATE_FORMAT, MONEY_FORMAT
from ui.annual_bonds.tab import ANNUAL_COLUMNS, AnnualBondsTab
from ui.bonds import dialogs as bond_dialogs
from ui.bonds.check_panel import ASK_APPLICATION, ASK_DAYS, MEETS, SET_ASIDE
from ui.bonds.dialogs import BondDialog, BondStatusDialog, CertificateDialog, ReasonDialog
from ui.bonds.revocations import WHO_REVOKES, LiftRevocationDialog, RevocationsDialog
from ui.bonds.tab import BondsTab
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.kit.pickers import PartyPicker

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
    searched(qtbot, widget.certificates)
    return widget


@pytest.fixture
def annual_tab(qtbot, desk: Desk, clerk: SignedIn) -> AnnualBondsTab:
    widget = AnnualBondsTab(App(desk, clerk))
    qtbot.add_widget(widget)
    widget.resize(1200, 600)
    widget.show()
    searched(qtbot, widget)
    return widget


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


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
        certificate_id = bonds.file_certificate(
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
                general_liability=True,
                contractual_liability=True,
                city_additional_insured=True,
                notice_days=30,
            ),
        )
        return certificate_id


# ---- the issue's own test ----------------------------------------------------------------------


def test_short_certificate_handed_back_then_corrected_meets_vending(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    """Enter a certificate $0.01 short of the vending profile, see the cited shortfall, replace
    it with the corrected one, and see the permit become issuable."""
    builders.party(desk, clerk, "Prescott Daze Kettle Corn")

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, CertificateDialog)
        _pick(qtbot, dialog.insured, "kettle")
        qtbot.keyClicks(dialog.insurer, "Badger Mutual")
        qtbot.keyClicks(dialog.policy_numbers, "CGL-4471")
        qtbot.keyClicks(dialog.limits[CoverageKind.BODILY_INJURY_PER_OCCURRENCE], "99,999.99")
        qtbot.keyClicks(dialog.limits[CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE], "$50,000")
        assert not dialog.general_liability.isChecked(), "ticked only when the certificate shows it"
        dialog.general_liability.click()
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
    panel = tab.certificates.check_panel
    assert tab.certificates.selected() is not None
    assert tab.certificates.selected().id == first_id  # type: ignore[union-attr]
    assert ASK_DAYS in panel.verdict_text()  # no days entered: no verdict yet

    panel.choose("vending", date(2026, 12, 12), date(2026, 12, 13))
    assert "Does not meet the requirement — 1 problem" in panel.verdict_text()
    [finding] = panel.findings.texts()
    assert "$99,999.99" in finding and "$100,000.00" in finding
    assert "($0.01 short)" in finding
    assert "§ 506-24 (Conditions of permit: Liability insurance)" in finding

    def correct(dialog: QDialog) -> None:
        assert isinstance(dialog, CertificateDialog)
        assert dialog.insurer.text() == "Badger Mutual"  # the old one's values to start from
        _retype(qtbot, dialog.limits[CoverageKind.BODILY_INJURY_PER_OCCURRENCE], "100,000.00")
        qtbot.keyClick(dialog.insurer, Qt.Key.Key_Return)

    dialogs.append(correct)
    tab.certificates.replace_button.click()
    assert messages == []
    with desk.database.reading() as session:
        rows = {c.id: c for c in session.scalars(select(InsuranceCertificate))}
        assert rows[first_id].status == FileStatus.SUPERSEDED
        [second] = [c for c in rows.values() if c.id != first_id]
        assert second.status == FileStatus.ON_FILE
        assert second.bi_occurrence == Money("100000.00")
    assert tab.certificates.selected().id == second.id  # type: ignore[union-attr]
    assert MEETS in panel.verdict_text()
    assert panel.findings.texts() == ["No shortfall found."]

    # The superseded one left the register, and comes back (dimmed) with "Show inactive".
    assert tab.certificates.model.rowCount() == 1
    tab.certificates.inactive_box.setChecked(True)
    searched(qtbot, tab.certificates)
    assert tab.certificates.model.rowCount() == 2


def test_check_panel_covers_period_and_street_privilege_amounts(qtbot, tab, desk, clerk) -> None:
    insured = builders.party(desk, clerk, "Borner Street Movers")
    _vending_certificate(desk, clerk, insured, "100000")
    tab.refresh()
    panel = tab.certificates.check_panel
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


def test_check_days_start_empty_and_a_set_aside_certificate_never_meets(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    insured = builders.party(desk, clerk, "Prescott Daze Kettle Corn")
    _vending_certificate(desk, clerk, insured, "100000")
    tab.refresh()
    panel = tab.certificates.check_panel
    panel.requirement_box.setCurrentIndex(panel.requirement_box.findData("vending"))
    # Untouched: both days read "choose…", and the verdict asks for them instead of passing.
    assert panel.since.text() == "choose…" and panel.until.text() == "choose…"
    assert panel.since.value() is None and panel.until.value() is None
    assert ASK_DAYS in panel.verdict_text() and MEETS not in panel.verdict_text()
    assert panel.run() is None
    # The first key starts from today; the last day is still to be entered.
    panel.since.setFocus()
    qtbot.keyClick(panel.since, Qt.Key.Key_Up)
    assert panel.since.value() == date(2026, 11, 30)
    assert ASK_DAYS in panel.verdict_text()
    qtbot.keyClick(panel.until, Qt.Key.Key_Up)  # starts from the first day
    assert panel.until.value() == date(2026, 11, 30)
    assert "Proof of insurance was received" not in " ".join(panel.findings.texts())
    panel.choose("vending", date(2026, 12, 12), date(2026, 12, 13))
    assert MEETS in panel.verdict_text()

    def set_aside(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonDialog)
        qtbot.keyClicks(dialog.reason, "Entered for the wrong vendor")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)

    dialogs.append(set_aside)
    tab.certificates.set_aside_button.click()
    assert messages == []
    tab.certificates.inactive_box.setChecked(True)
    searched(qtbot, tab.certificates)
    forms.select_row(tab.certificates.table, 0)
    assert tab.certificates.selected() is not None
    assert not tab.certificates.selected().active  # type: ignore[union-attr]
    with qtbot.wait_signal(panel.checked) as blocker:
        panel.choose("vending", date(2026, 12, 12), date(2026, 12, 13))
    verdict = panel.verdict_text()
    assert SET_ASIDE in verdict and "#b00020" in verdict and MEETS not in verdict
    [finding] = blocker.args[0]
    assert finding.blocks  # whoever listens is told it does not count
    assert "Entered for the wrong vendor" in panel.findings.texts()[0]
    # Whatever the days, or none at all.
    panel.choose("vending", None, None)
    assert SET_ASIDE in panel.verdict_text() and MEETS not in panel.verdict_text()


def test_sidewalk_cafe_check_asks_for_the_application_date(qtbot, tab, desk, clerk) -> None:
    insured = builders.party(desk, clerk, "Borner Street Bistro")
    with desk.action(clerk) as action:
        bonds.file_certificate(
            action,
            CertificateData(
                insured_id=insured,
                insurer="Acuity",
                effective_on=date(2026, 11, 15),
                expires_on=date(2027, 11, 14),
                received_on=date(2026, 11, 16),
                coverages={
                    CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000"),
                    CoverageKind.PRODUCTS_COMPLETED_OPERATIONS: Money("1000000"),
                    CoverageKind.MEDICAL_PAYMENTS: Money("10000"),
                },
                general_liability=True,
                city_additional_insured=True,
                additional_insured_endorsement=True,
                notice_days=30,
            ),
        )
    tab.refresh()
    panel = tab.certificates.check_panel
    panel.choose("street_opening", date(2026, 12, 1), date(2027, 5, 31))
    assert not panel.application.isVisible()  # only the sidewalk cafe runs from the application
    panel.choose("cafe", date(2026, 12, 1), date(2027, 5, 31))
    assert panel.application.isVisible()
    assert panel.application.text() == "choose…"
    assert ASK_APPLICATION in panel.verdict_text() and MEETS not in panel.verdict_text()

    panel.choose("cafe", date(2026, 12, 1), date(2027, 5, 31), application=date(2026, 11, 10))
    assert "1 problem" in panel.verdict_text()
    [finding] = panel.findings.texts()
    assert "after the application was made" in finding and "§ 506-10" in finding

    panel.application.setDate(date(2026, 11, 20))  # as the clerk picks it
    assert MEETS in panel.verdict_text()

    panel.application.setDate(date(2026, 12, 2))  # after the permit's first day
    assert "before the permit's first day" in panel.errors.message("application")
    assert MEETS not in panel.verdict_text()


# ---- bonds -------------------------------------------------------------------------------------


def test_release_of_restoration_guarantee_before_its_year_shows_the_refusal(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    principal = builders.party(desk, clerk, "Kinni Excavating LLC")
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
    searched(qtbot, tab.bonds)
    assert tab.bonds.model.rowCount() == 1
    assert "one year from completion" in tab.bonds.details.text()
    releasable = tab.bonds.selected().releasable_on  # type: ignore[union-attr]

    def release(dialog: QDialog) -> None:
        assert isinstance(dialog, BondStatusDialog)
        # The core's day (one year from completion on Jul 15, 2026), as it computes it.
        assert releasable is not None and releasable.year == 2027 and releasable.month == 7
        assert words.format_day(releasable) in dialog.releasable.text()
        qtbot.keyClicks(dialog.reason, "Work accepted by DPW")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
        assert dialog.isVisible(), "a refused release keeps the form open"
        refusal = dialog.errors.message("on")
        assert "may be released on or after" in refusal and "§ 506-6 (Bond)" in refusal
        dialog.discard()  # closed unsaved (Esc asks first: test_ui_unsaved)

    dialogs.append(release)
    tab.bonds.release_button.click()
    assert messages == []
    with desk.database.reading() as session:
        assert session.scalars(select(Bond)).one().status == FileStatus.ON_FILE


def test_new_street_opening_bond_under_10000_refused_under_amount(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    builders.party(desk, clerk, "Smith & Sons Plumbing")

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
    assert tab.bonds.selected() is not None
    assert tab.bonds.selected().bond_number == "TR-1"  # type: ignore[union-attr]


def test_release_claim_and_forfeit_date_defaults_to_today_and_refusals_show_under_it(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    principal = builders.party(desk, clerk, "Smith & Sons Plumbing")
    with desk.action(clerk) as action:
        bonds.file_bond(
            action,
            BondData(
                BondKind.STREET_PRIVILEGE,
                principal,
                "Travelers",
                "SP-7",
                Money("2500"),
                date(2026, 11, 10),
            ),
        )
    tab.show_bonds()
    searched(qtbot, tab.bonds)
    seen: list[str] = []

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, BondStatusDialog)
        seen.append(words.us_date(forms.to_date(dialog.on)))

    for button in (tab.bonds.claim_button, tab.bonds.forfeit_button):
        dialogs.append(look)
        button.click()
    assert seen == ["11/30/2026", "11/30/2026"]

    def release(dialog: QDialog) -> None:
        assert isinstance(dialog, BondStatusDialog)
        assert forms.to_date(dialog.on) == date(2026, 11, 30)
        assert "11/10/2026" in dialog.findChild(QLabel, "date_hint").text()
        qtbot.keyClicks(dialog.reason, "Occupancy ended")
        dialog.on.setDate(date(2026, 12, 1))
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
        assert dialog.isVisible()
        assert "later than today" in dialog.errors.message("on")
        dialog.on.setDate(date(2026, 11, 9))
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
        assert dialog.isVisible()
        assert "before the bond took effect" in dialog.errors.message("on")
        assert "Nov 10, 2026" in dialog.errors.message("on") or "11/10/2026" in (
            dialog.errors.message("on")
        )
        dialog.on.setDate(date(2026, 11, 10))  # the day it took effect is allowed
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
        assert not dialog.isVisible()

    dialogs.append(release)
    tab.bonds.release_button.click()
    assert messages == []
    with desk.database.reading() as session:
        bond = session.scalars(select(Bond)).one()
        assert (bond.status, bond.status_on) == (FileStatus.RELEASED, date(2026, 11, 10))


def test_scan_attached_in_the_dialog_is_kept_and_opened(
    qtbot, tab, desk, clerk, dialogs, messages, tmp_path, monkeypatch
) -> None:
    builders.party(desk, clerk, "Borner Street Bistro")
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
    assert tab.certificates.scan_button.isEnabled()
    tab.certificates.scan_button.click()
    [url] = opened
    shown = Path(url.toLocalFile())
    assert shown.read_bytes() == PDF
    assert shown.suffix == ".pdf" and shown.name.startswith("acord-25")
    assert shown != scan and scan.parent not in shown.parents  # a copy, never the original
    assert not shown.stat().st_mode & 0o222  # read-only: the viewer cannot change it
    assert messages == []

    # A scan changed in the database since it was filed is not shown.
    with desk.database.writing() as session:
        session.execute(update(Document).values(content=PDF + b"% altered"))
    tab.certificates.scan_button.click()
    assert len(opened) == 1
    [message] = messages
    assert "acord-25.pdf" in message and "has been changed since it was filed" in message


def test_scan_copy_keeps_the_suffix_of_the_stored_name(
    qtbot, tab, desk, clerk, messages, monkeypatch
) -> None:
    insured = builders.party(desk, clerk, "Borner Street Bistro")
    jpeg = b"\xff\xd8\xff\xe0" + b"\x00" * 32
    with desk.action(clerk) as action:
        bonds.file_bond(
            action,
            BondData(
                BondKind.STREET_PRIVILEGE,
                insured,
                "Travelers",
                "SP-9",
                Money("2500"),
                date(2026, 11, 30),
            ),
            scan=("Bond photo.JPEG", jpeg),
        )
    opened: list[QUrl] = []
    monkeypatch.setattr(bond_dialogs, "open_url", lambda url: opened.append(url) or True)
    tab.show_bonds()
    searched(qtbot, tab.bonds)
    tab.bonds.scan_button.click()
    [url] = opened
    shown = Path(url.toLocalFile())
    assert shown.suffix == ".jpeg" and shown.read_bytes() == jpeg
    assert bond_dialogs.scan_suffix("no-suffix", jpeg) == ".jpg"
    assert messages == []


# ---- revocations -------------------------------------------------------------------------------


def test_revocation_recorded_by_the_inspector_and_refused_to_the_clerk(
    qtbot, desk, clerk, operator_with, dialogs, messages
) -> None:
    party = builders.party(desk, clerk, "Careless Digging Co")
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
        forms.select_row(dialog.register_table, 0)
        assert not dialog.lift_button.isEnabled()
        assert "Building Inspector / Public Works" in dialog.lift_button.toolTip()
        shown = " ".join(label.text() for label in dialog.findChildren(QLabel))
        assert WHO_REVOKES in shown and "Director's decision" not in shown

    dialogs.append(look)
    RevocationsDialog.ask(None, App(desk, clerk))
    assert "Director's decision" not in (RevocationsDialog.__doc__ or "")


def test_revocation_register_lists_all_or_only_those_standing_today(
    qtbot, qtmodeltester, desk, clerk, operator_with, dialogs, messages
) -> None:
    past = builders.party(desk, clerk, "Careless Digging Co")
    standing = builders.party(desk, clerk, "Sloppy Trench LLC")
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


def test_standing_revocation_lifted_with_a_reason_shows_lifted_in_the_register(
    qtbot, desk, clerk, operator_with, dialogs, messages
) -> None:
    party = builders.party(desk, clerk, "Sloppy Trench LLC")
    inspector = operator_with(Role.INSPECTOR)
    with desk.action(inspector) as action:
        revocation_id = bonds.revoke(
            action, party, starts_on=date(2026, 11, 2), reason="Trench not restored"
        )
    seen: dict[str, Any] = {}

    def lift(dialog: QDialog) -> None:
        assert isinstance(dialog, LiftRevocationDialog)
        assert "Sloppy Trench LLC" in dialog.windowTitle()
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)  # no reason: refused, stays open
        assert dialog.isVisible()
        assert "Say why" in dialog.errors.message("reason")
        qtbot.keyClicks(dialog.reason, "Deficiencies corrected; Director overturned it")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
        assert not dialog.isVisible()

    def register(dialog: QDialog) -> None:
        assert isinstance(dialog, RevocationsDialog)
        assert not dialog.lift_button.isEnabled()  # nothing chosen yet
        forms.select_row(dialog.register_table, 0)
        assert dialog.lift_button.isEnabled()
        qtbot.keyClick(dialog.register_table, Qt.Key.Key_Return)  # chooses the contractor
        assert "revoked through" in dialog.standing.texts()[0]
        dialogs.append(lift)
        dialog.lift_button.click()
        assert dialog.isVisible()
        model = dialog.register_model
        assert model.column_texts(0)[4] == "Lifted 11/30/2026"
        assert "Director overturned it" in str(
            model.data(model.index(0, 4), Qt.ItemDataRole.ToolTipRole)
        )
        assert dialog.standing.texts() == ["No revocation stands today."]
        assert "Lifted" in dialog.recorded.text()
        assert not dialog.lift_button.isEnabled()
        assert "Already lifted 11/30/2026" in dialog.lift_button.toolTip()
        dialog.standing_only.setChecked(True)
        assert model.rowCount() == 0  # a lifted revocation no longer stands
        seen["done"] = True

    dialogs.append(register)
    RevocationsDialog.ask(None, App(desk, inspector))
    assert seen == {"done": True} and messages == []
    with desk.database.reading() as session:
        revocation = session.get(Revocation, revocation_id)
        assert revocation is not None
        assert revocation.lifted_on == date(2026, 11, 30)
        assert "overturned" in revocation.lift_reason
        assert bonds.revocation_findings(session, party_id=party, on=date(2026, 12, 1)) == []

    # Lifting it again (a register read before it was lifted): the core's refusal, under Why.
    with desk.database.reading() as session:
        stale = RevocationRow.of(session.get(Revocation, revocation_id), date(2026, 11, 30))
    stale = RevocationRow(**{**{f: getattr(stale, f) for f in stale.__slots__}, "lifted_on": None})

    def again(dialog: QDialog) -> None:
        assert isinstance(dialog, LiftRevocationDialog)
        qtbot.keyClicks(dialog.reason, "Twice")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
        assert dialog.isVisible()
        assert "already lifted" in dialog.errors.message("reason")

    dialogs.append(again)
    assert not LiftRevocationDialog.ask(None, App(desk, inspector), stale)
    assert messages == []


# ---- the annual-bond register ------------------------------------------------------------------


def test_annual_bond_filed_shows_for_its_year_and_not_the_next(
    qtbot, annual_tab, desk, clerk, dialogs, messages
) -> None:
    builders.party(desk, clerk, "Kinni Excavating LLC")
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
        "None yet",  # no street opening permit of the principal's in 2026
    ]
    with desk.database.reading() as session:
        bond = session.scalars(select(Bond)).one()
        assert (bond.effective_on, bond.expires_on) == (date(2026, 1, 1), date(2026, 12, 31))
    annual_tab.year_field.setValue(2027)
    assert annual_tab.model.rowCount() == 0
    assert "No annual bonds for 2027" in annual_tab.count_label.text()


def test_december_banner_names_principals_without_next_years_bond(
    qtbot, desk, clerk, clock: FixedClock
) -> None:
    kinni = builders.party(desk, clerk, "Kinni Excavating LLC")
    smith = builders.party(desk, clerk, "Smith & Sons Plumbing")
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
    november.show()  # the register is read as it is first shown
    searched(qtbot, november)
    assert november.banner.isHidden()
    clock.advance(days=1)  # December 1
    december = AnnualBondsTab(App(desk, clerk))
    qtbot.add_widget(december)
    december.show()
    searched(qtbot, december)
    assert not december.banner.isHidden()
    assert "Kinni Excavating LLC" in december.banner.text()
    assert "Smith" not in december.banner.text()
    assert "2027" in december.banner.text()


def test_annual_register_printed_and_exported(
    qtbot, annual_tab, desk, clerk, printed, tmp_path, monkeypatch, child_jobs
) -> None:
    principal = builders.party(desk, clerk, "Smith & Sons <Plumbing>")
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
    text = papers.raw_text(pdf, between=" ")
    for phrase in ("Annual Excavation Bond Register", "2026", "Smith & Sons <Plumbing>", "TR-88"):
        assert phrase in text
    assert "$15,000.00" in text and "Travelers" in text and "On file" in text

    target = tmp_path / "annual"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(annual_tab.status, timeout=10_000):
        annual_tab.export_register()
    assert child_jobs == ["ui.annual_bonds.jobs.annual_bonds_workbook"]
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


def test_annual_register_lists_the_permits_whose_work_falls_in_the_bonds_year(
    qtbot, annual_tab, desk, clerk
) -> None:
    """§ 506-6 (Bond): an annual bond covers the principal's excavation work "for one year
    beginning January 1". Work ending December 31 is this year's; work from January 1 the
    next year's; work across New Year both; another principal's permit neither."""
    from clerk_desk.street_openings import service as so
    from clerk_desk.street_openings.service import OpeningData, SiteData

    principal = builders.party(desk, clerk, "Kinni Excavating LLC", contractor=True)
    other = builders.party(desk, clerk, "Bluff Country Concrete", contractor=True)

    def opening(applicant: int, start: date, end: date) -> str:
        with desk.action(clerk) as action:
            opening_id = so.apply(
                action,
                OpeningData(
                    applicant_id=applicant,
                    sites=(SiteData("in front of 125 Orange St", None, "asphalt", 12, 4),),
                    nature_of_work="Replace the gas service",
                    method="Open cut",
                    planned_start=start,
                    planned_end=end,
                ),
            )
            return so.get_opening(action.session, opening_id).number

    ends_this_year = opening(principal, date(2026, 12, 28), date(2026, 12, 31))
    across = opening(principal, date(2026, 12, 31), date(2027, 1, 2))
    starts_next_year = opening(principal, date(2027, 1, 1), date(2027, 1, 4))
    opening(other, date(2026, 12, 28), date(2026, 12, 31))
    with desk.action(clerk) as action:
        for year in (2026, 2027):
            bonds.file_bond(
                action,
                BondData(
                    BondKind.ANNUAL_EXCAVATION,
                    principal,
                    "Travelers",
                    f"TR-{year}",
                    Money("15000"),
                    date(year, 1, 1),
                    year=year,
                ),
            )
    annual_tab.refresh()
    column = [c.header for c in ANNUAL_COLUMNS].index("Permits covered")
    assert annual_tab.model.rowCount() == 1
    assert annual_tab.model.column_texts(0)[column] == f"{ends_this_year}, {across}"
    annual_tab.year_field.setValue(2027)
    assert annual_tab.model.rowCount() == 1
    assert annual_tab.model.column_texts(0)[column] == f"{across}, {starts_next_year}"
    assert "will be listed" not in annual_tab.note.text()


def test_certificate_and_bond_registers_exported(
    qtbot, tab, desk, clerk, tmp_path, monkeypatch, child_jobs
) -> None:
    insured = builders.party(desk, clerk, "Prescott Daze Kettle Corn")
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
    assert "1 certificate written to certificates.xlsx" in blocker.args[0]
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

    searched(qtbot, tab.bonds)
    target = tmp_path / "bonds"
    with qtbot.wait_signal(tab.status, timeout=10_000):
        tab.export_register()
    assert child_jobs == ["ui.bonds.jobs.certificates_workbook", "ui.bonds.jobs.bonds_workbook"]
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
    insured = builders.party(desk, clerk, "Kinni Excavating LLC")
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
    searched(qtbot, tab.bonds)
    annual_tab.refresh()
    picker = PartyPicker(App(desk, clerk), role="insured")
    qtbot.add_widget(picker)
    qtbot.waitUntil(lambda: picker.model.rowCount() >= 1)  # its first names, read on a worker
    for model in (tab.certificates.model, tab.bonds.model, annual_tab.model, picker.model):
        assert model.rowCount() >= 1
        qtmodeltester.check(model)


def test_main_window_builds_both_tabs(qtbot, desk, clerk) -> None:
    from ui.main_window import MainWindow

    window = MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    assert isinstance(window.tab("bonds"), BondsTab)
    assert isinstance(window.tab("annual_bonds"), AnnualBondsTab)


def _open_permit_of(desk: Desk, who: SignedIn, name: str) -> tuple[int, str]:
    """A street opening application of a new party ``name``: its holder and number."""
    from street_openings_steps import _apply, _data, _street

    from clerk_desk.street_openings import service as so

    holder = builders.party(desk, who, name, contractor=True)
    opening_id = _apply(desk, who, _data(holder, _street(desk, who, f"{name[:6]} Lane")))
    with desk.lookup(who) as action:
        return holder, so.get_opening(action.session, opening_id).number


def _fill_street_opening_certificate(qtbot, dialog: QDialog, who: str, bi_person: str) -> None:
    assert isinstance(dialog, CertificateDialog)
    _pick(qtbot, dialog.insured, who)
    qtbot.keyClicks(dialog.insurer, "Badger Mutual")
    qtbot.keyClicks(dialog.limits[CoverageKind.BODILY_INJURY_PER_PERSON], bi_person)
    for kind in (
        CoverageKind.BODILY_INJURY_PER_OCCURRENCE,
        CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE,
    ):
        qtbot.keyClicks(dialog.limits[kind], "500,000")
    dialog.general_liability.click()
    dialog.effective_on.setDate(date(2026, 1, 1))
    dialog.expires_on.setDate(date(2028, 12, 31))
    dialog.received_on.setDate(date(2026, 11, 2))


def test_a_short_certificate_is_said_before_it_is_filed_and_stands_short_in_the_register(
    qtbot, tab, desk, clerk, dialogs, monkeypatch
) -> None:
    """$250,000 per person for Hanson, whose street opening needs $500,000: the form says so
    before it saves; No keeps the form open and files nothing; Yes files it, and the register
    shows it Short with the words of the core."""
    _hanson, number = _open_permit_of(desk, clerk, "Hanson Excavating LLC")
    asked: list[str] = []
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]

    def answer(box: QMessageBox) -> int:
        asked.append(box.text())
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
        return int(answers.pop(0).value)

    monkeypatch.setattr(operations, "ask_message", answer)

    def fill(dialog: QDialog) -> None:
        _fill_street_opening_certificate(qtbot, dialog, "hanson", "250,000")
        qtbot.keyClick(dialog.insurer, Qt.Key.Key_Return)
        assert dialog.isVisible(), "No: the form stays open, nothing filed"
        with desk.database.reading() as session:
            assert session.scalar(select(func.count()).select_from(InsuranceCertificate)) == 0
        qtbot.keyClick(dialog.insurer, Qt.Key.Key_Return)  # Yes: filed, knowing

    dialogs.append(fill)
    tab.new_certificate_button.click()
    assert len(asked) == 2
    assert number in asked[0] and "$250,000.00 for bodily injury per person" in asked[0]
    row = tab.certificates.model.row(0)
    assert row.standing == (
        f"Short: $250,000 of $500,000 bodily injury per person for {number}, "
        "§ 506-6 (Insurance required)"
    )
    assert tab.certificates.model.column_texts(0)[-1] == "Short"  # the Status column
    index = tab.certificates.model.index(0, tab.certificates.model.columnCount() - 1)
    assert tab.certificates.model.data(index, Qt.ItemDataRole.ToolTipRole) == row.standing


def test_another_holders_permit_is_refused_under_the_record_field(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    _riverland, number = _open_permit_of(desk, clerk, "Riverland Telephone Co")
    builders.party(desk, clerk, "Hanson Excavating LLC", contractor=True)

    def fill(dialog: QDialog) -> None:
        _fill_street_opening_certificate(qtbot, dialog, "hanson", "500,000")
        dialog.record_type.setCurrentText("Street opening permit")
        qtbot.keyClicks(dialog.record_id, number)
        qtbot.keyClick(dialog.insurer, Qt.Key.Key_Return)
        assert dialog.isVisible()
        assert dialog.errors.message("record_id").startswith(
            f"{number} is a permit of Riverland Telephone Co: a certificate of Hanson "
            "Excavating LLC cannot protect it."
        )

    dialogs.append(fill)
    tab.new_certificate_button.click()
    assert messages == []
    with desk.database.reading() as session:
        assert session.scalar(select(func.count()).select_from(InsuranceCertificate)) == 0


def test_every_refusal_of_the_certificate_form_shows_at_once_and_each_goes_when_fixed(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    """Issue 19: "all the form's errors show at once, beside their fields": first every amount
    the window cannot read, then every value the core refuses; fixing one clears only its own."""
    builders.party(desk, clerk, "Prescott Daze Kettle Corn")
    seen: list[dict[str, str]] = []

    fields = ("insured_id", "insurer", "bi_occurrence", "pd_occurrence", "notice_days")

    def shown(dialog: CertificateDialog) -> dict[str, str]:
        said = {f: dialog.errors.message(f) for f in (*fields, "expires_on")}
        return {field: text for field, text in said.items() if text}

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, CertificateDialog)
        bi = dialog.limits[CoverageKind.BODILY_INJURY_PER_OCCURRENCE]
        pd = dialog.limits[CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE]
        qtbot.keyClicks(bi, "abc")
        qtbot.keyClicks(pd, "12x")
        qtbot.keyClicks(dialog.notice_days, "thirty")
        dialog.save_button.click()
        seen.append(shown(dialog))  # what the window could not read, all of it
        _pick(qtbot, dialog.insured, "kettle")
        _retype(qtbot, bi, "100,000")
        seen.append(shown(dialog))
        _retype(qtbot, pd, "50,000")
        _retype(qtbot, dialog.notice_days, "400")
        dialog.expires_on.setDate(date(2025, 1, 1))
        dialog.save_button.click()
        seen.append(shown(dialog))  # what the core refuses, all of it
        for field in ("insurer", "expires_on", "notice_days"):
            label = dialog.findChild(QLabel, f"error_{field}")
            assert label is not None and label.isVisible() and label.wordWrap()
            assert label.geometry().bottom() <= dialog.height(), f"{field}'s refusal is cut"
        dialog.discard()

    dialogs.append(fill)
    tab.new_certificate_button.click()
    assert messages == []
    unreadable, one_fixed, core = seen
    assert set(unreadable) == {"insured_id", "bi_occurrence", "pd_occurrence", "notice_days"}
    assert "is not an amount" in unreadable["bi_occurrence"]
    assert set(one_fixed) == {"pd_occurrence", "notice_days"}  # picked and retyped: gone
    assert core == {
        "insurer": "Enter the insurance company.",
        "expires_on": "The certificate cannot expire before it takes effect.",
        "notice_days": "Days of notice are a number from 0 to 365.",
    }


def test_every_refusal_of_the_bond_form_shows_at_once(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    """Issue 19: what the window cannot read, then what the core refuses, all of it at once,
    each beside its field."""
    builders.party(desk, clerk, "Smith & Sons Plumbing")
    seen: list[dict[str, str]] = []
    fields = ("principal_id", "surety", "bond_number", "amount")

    def shown(dialog: BondDialog) -> dict[str, str]:
        said = {field: dialog.errors.message(field) for field in fields}
        return {field: text for field, text in said.items() if text}

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, BondDialog)
        _retype(qtbot, dialog.amount, "ten thousand")
        dialog.save_button.click()
        seen.append(shown(dialog))  # no principal, no amount: both
        _pick(qtbot, dialog.principal, "smith")
        _retype(qtbot, dialog.amount, "10,000")
        dialog.save_button.click()
        seen.append(shown(dialog))  # no surety, no number: both
        dialog.discard()

    dialogs.append(fill)
    tab.new_bond_button.click()
    assert messages == []
    unreadable, core = seen
    assert set(unreadable) == {"principal_id", "amount"}
    assert unreadable["principal_id"] == "Choose the principal."
    assert core == {"surety": "Enter the surety company.", "bond_number": "Enter the bond number."}
