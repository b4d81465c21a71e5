"""Steps and fixtures the Sidewalk Cafes tab's tests share (tests/test_ui_sidewalk_cafes*.py): the
tab, the printer replaced, a site plan, a business on Broad Street, a Council meeting, its
certificate of insurance and fee filed through the core, the cafe as stored, and the form's fields
read and retyped.

"Today" starts on Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture). Every modal
dialog goes through the ``dialogs`` queue, every message box through ``messages``; the file
dialogs and the printer through replaced hooks, so no real modal is left open. The certificate of
insurance and the fee are filed and paid through the core (their own tabs are tested apart); the
Council meeting is added through :mod:`clerk_desk.petitions.service`.
"""

from __future__ import annotations

import tempfile
from datetime import date, datetime
from pathlib import Path
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget
from registers import searched  # type: ignore[import-not-found]

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import CertificateData
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import SidewalkCafe
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sidewalk_cafes
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.sidewalk_cafes.tab import SidewalkCafesTab

STATION = "Counter 1"
BISTRO = "The Kinnickinnic Bistro"


# ---- the records a test starts from ----------------------------------------------------------


@pytest.fixture
def tab(qtbot, desk: Desk, clerk: SignedIn) -> SidewalkCafesTab:
    widget = SidewalkCafesTab(App(desk, clerk))
    qtbot.add_widget(widget)
    widget.resize(1400, 900)
    widget.show()
    searched(qtbot, widget)
    return widget


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """The printer, replaced: the PDF bytes each paper was printed with are kept."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


def site_plan_png() -> bytes:
    """A small drawing, as a scanned site plan would be."""
    image = QImage(480, 320, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.drawRect(20, 20, 440, 120)
    painter.drawText(40, 80, "Site plan 1/4 in = 1 ft")
    painter.end()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plan.png"
        assert image.save(str(path))
        return path.read_bytes()


def _business_on_broad(desk: Desk, who: SignedIn, name: str) -> int:
    """A business at 233 Broad St N, Prescott."""
    return builders.party(desk, who, name, street="233 Broad St N", **builders.IN_PRESCOTT)


def _meeting(desk: Desk, who: SignedIn, day: date) -> int:
    zone = desk.clock.local_now().tzinfo
    return int(builders.meeting(desk, who, datetime(day.year, day.month, day.day, 18, tzinfo=zone)))


def _certificate(desk: Desk, who: SignedIn, party_id: int) -> None:
    """A certificate meeting § 506-10 for a cafe that serves alcohol, through the term."""
    with desk.action(who) as action:
        bonds.file_certificate(
            action,
            CertificateData(
                party_id,
                "Badger Mutual Insurance",
                effective_on=date(2026, 10, 1),
                expires_on=date(2028, 1, 31),
                received_on=action.today(),
                coverages={
                    CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000"),
                    CoverageKind.PRODUCTS_COMPLETED_OPERATIONS: Money("1000000"),
                    CoverageKind.MEDICAL_PAYMENTS: Money("10000"),
                    CoverageKind.LIQUOR_LIABILITY: Money("1000000"),
                },
                general_liability=True,
                city_additional_insured=True,
                additional_insured_endorsement=True,
                notice_days=30,
            ),
        )


def _pay_fee(desk: Desk, who: SignedIn, cafe_id: int, party_id: int) -> None:
    """The Treasurer's counter: the fee billed at intake, paid in cash."""
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("100"))
        (due,) = ledger.dues_for(action.session, RecordRef(cafe_rules.RECORD_TYPE, str(cafe_id)))
        line = receipts.due_line(action.session, due.id)
        receipts.take_payment(
            action,
            station=STATION,
            payer_id=party_id,
            lines=[line],
            tenders=[TenderEntry(TenderKind.CASH, line.amount)],
        )


def _stored(desk: Desk, cafe_id: int) -> SidewalkCafe:
    with desk.database.reading() as session:
        cafe = sidewalk_cafes.get_cafe(session, cafe_id)
        _ = (cafe.neighbors, cafe.comments, cafe.suspensions)
        session.expunge_all()
        return cafe


def retype(qtbot, edit: QLineEdit, text: str) -> None:
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, text)


def label_text(dialog: QWidget, name: str) -> str:
    label = dialog.findChild(QLabel, name)
    assert label is not None, name
    return label.text()
