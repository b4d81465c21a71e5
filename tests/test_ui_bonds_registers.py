"""Bonds & Insurance and Annual Bonds tabs, revocations and the registers: a revocation recorded,
listed and lifted, the annual-bond register (its year, the December banner, printed and
exported, the permits whose work falls in the bond's year), the registers exported, every model
through the model tester, and the main window building both tabs. What the Bonds tests share is
in ui_bonds_steps.py.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Every modal dialog goes through
the ``dialogs`` queue, every message box through ``messages``, every file dialog, print and
"open with the viewer" through a replaced hook: no real modal is ever left open.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

import builders  # type: ignore[import-not-found]
import papers  # type: ignore[import-not-found]
import pytest
from openpyxl import load_workbook
from PySide6.QtGui import Qt
from PySide6.QtWidgets import QDialog, QLabel
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import select
from ui_bonds_steps import (  # type: ignore[import-not-found]
    _pick,
    _retype,
    _vending_certificate,
    tab,
)

from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import BondData
from clerk_desk.bonds.views import RevocationRow
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import BondKind, Role
from clerk_desk.models import Bond, Revocation
from clerk_desk.money import Money
from reports.excel import DATE_FORMAT, MONEY_FORMAT
from ui.annual_bonds.tab import ANNUAL_COLUMNS, AnnualBondsTab
from ui.bonds.dialogs import BondDialog
from ui.bonds.revocations import WHO_REVOKES, LiftRevocationDialog, RevocationsDialog
from ui.bonds.tab import BondsTab
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.kit.pickers import PartyPicker

__all__ = ["tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


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
