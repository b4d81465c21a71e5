"""Bonds & Insurance tab, bonds: a bond filed, refused under its amount, released, claimed or
forfeited, its scan attached and opened, and every refusal of the bond form; driven through
their dialogs, checked in the database. What the Bonds tests share is in ui_bonds_steps.py.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture). Every modal dialog goes through
the ``dialogs`` queue, every message box through ``messages``, every file dialog and "open with
the viewer" through a replaced hook: no real modal is ever left open.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import builders  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import Qt
from PySide6.QtWidgets import QDialog, QLabel
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import select, update
from ui_bonds_steps import (  # type: ignore[import-not-found]
    _pick,
    _retype,
    tab,
)

from clerk_desk import words
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import BondData
from clerk_desk.kinds import BondKind, FileStatus
from clerk_desk.models import Bond, Document, InsuranceCertificate
from clerk_desk.money import Money
from ui.bonds import dialogs as bond_dialogs
from ui.bonds.dialogs import BondDialog, BondStatusDialog, CertificateDialog
from ui.kit import forms as forms

__all__ = ["tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


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
