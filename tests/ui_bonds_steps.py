"""Steps and fixtures the Bonds & Insurance tab's tests share (tests/test_ui_bonds_*.py): the tab, a
party picked and a field retyped in a dialog, a vending certificate filed through the core."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtGui import Qt
from PySide6.QtWidgets import QLineEdit
from registers import searched  # type: ignore[import-not-found]

from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import CertificateData
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.money import Money
from ui.bonds.tab import BondsTab
from ui.kit.operations import App
from ui.kit.pickers import PartyPicker


@pytest.fixture
def tab(qtbot, desk: Desk, clerk: SignedIn) -> BondsTab:
    widget = BondsTab(App(desk, clerk))
    qtbot.add_widget(widget)
    widget.resize(1300, 800)
    widget.show()
    searched(qtbot, widget.certificates)
    return widget


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
