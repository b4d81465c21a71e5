"""Bonds & Insurance tab, certificates of insurance: a short certificate handed back and
corrected, the check panel (periods, street privilege amounts, a sidewalk cafe's application
date), and the certificate form's refusals; driven through their dialogs, checked in the
database. Bonds are in test_ui_bonds_bond_forms.py; revocations and the registers in
test_ui_bonds_registers.py; what they share in ui_bonds_steps.py.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Every modal dialog goes through
the ``dialogs`` queue, every message box through ``messages``, every file dialog, print and
"open with the viewer" through a replaced hook: no real modal is ever left open.
"""

from __future__ import annotations

from datetime import date

import builders  # type: ignore[import-not-found]
import pytest
from PySide6.QtGui import Qt
from PySide6.QtWidgets import QDialog, QLabel, QMessageBox
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import func, select
from ui_bonds_steps import (  # type: ignore[import-not-found]
    _pick,
    _retype,
    _vending_certificate,
    tab,
)

from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import CertificateData
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import FileStatus
from clerk_desk.models import InsuranceCertificate
from clerk_desk.money import Money
from ui.bonds.check_panel import ASK_APPLICATION, ASK_DAYS, MEETS, SET_ASIDE
from ui.bonds.dialogs import CertificateDialog, ReasonDialog
from ui.kit import forms as forms
from ui.kit import operations as operations

__all__ = ["tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


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


# ---- the certificate form ----------------------------------------------------------------------


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
