"""Street Privileges tab (§ 506-9, with § 506-8): driven through its dialogs, checked in the
database and on paper.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture). A contractor applies to
keep a dumpster and roofing materials in front of 118 Orange St N: 12 ft of a 36 ft street (one
third exactly) and 3 ft of a 6 ft sidewalk (one half exactly). The Director of Public Works sets a
$10,000 bond (the most § 506-9 (Bond) allows) and asks for liability insurance; the bond and the
certificate are filed and the fee receipted where the Bonds and Receipts tabs would do it (through
their core services); the permit issues and, three months from today, ends at the end of
Sunday, February 28, 2027. Every modal dialog goes through the ``dialogs`` queue, every message
box through ``messages``, and printing through the replaced ``printing.print_pdf`` hook, which
keeps the permit's bytes for pypdf to read back.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from openpyxl import load_workbook
from PySide6.QtCore import QDate, QDateTime, Qt
from PySide6.QtWidgets import QDialog, QLabel
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import select

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import BondData, CertificateData
from clerk_desk.clock import FixedClock, city_zone
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import PermissionDenied
from clerk_desk.kinds import (
    BondKind,
    Compass,
    DueKind,
    DueStatus,
    PartyKind,
    PrivilegePurpose,
    PrivilegeStatus,
    Role,
    TenderKind,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.special_charges import service as special_charges
from clerk_desk.street_numbers import streets
from clerk_desk.street_privileges import occupancy as street_privileges_occupancy
from clerk_desk.street_privileges import removal as street_privileges_removal
from clerk_desk.street_privileges import rules as street_privileges_rules
from clerk_desk.street_privileges import service as street_privileges
from clerk_desk.street_privileges.service import PrivilegeData
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.kit.dialog_parts import GOOD, LATE
from ui.kit.operations import App
from ui.street_privileges.application import PrivilegeDialog
from ui.street_privileges.decisions import CityCostsDialog, IssueDialog, ReasonDialog, TermsDialog
from ui.street_privileges.enforcement import (
    CheckDialog,
    CityRemovalDialog,
    RemovalNoticeDialog,
    RevokeDialog,
)
from ui.street_privileges.tab import StreetPrivilegesTab

pytestmark = pytest.mark.gui

STATION = "Front counter"
RECORD = "street_privilege"


# ---- the records a test starts from ----------------------------------------------------------


def local(year: int, month: int, day: int, hour: int, minute: int = 0) -> datetime:
    """An instant on City Hall's clock."""
    return datetime(year, month, day, hour, minute, tzinfo=city_zone())


def add_party(desk: Desk, who: SignedIn, name: str, street: str = "1200 Cudd Ave") -> int:
    with desk.action(who) as action:
        party = parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.BUSINESS,
                name=name,
                street=street,
                city="Prescott",
                state="WI",
                postal_code="54021",
                contractor=True,
            ),
        )
        action.session.flush()
        return party.id


def add_parcel(desk: Desk, who: SignedIn, number: str, address: str, owner_id: int | None) -> int:
    with desk.action(who) as action:
        parcel = parties.add_parcel(
            action, parties.ParcelData(number, site_address=address, owner_id=owner_id)
        )
        action.session.flush()
        return parcel.id


def add_street(desk: Desk, who: SignedIn, name: str, direction: str = "") -> int:
    with desk.action(who) as action:
        street = streets.add_street(
            action,
            streets.StreetData(
                name=name,
                suffix="St",
                direction=direction,
                odd_side=Compass.EAST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=1999,
            ),
        )
        action.session.flush()
        return street


def insure(desk: Desk, who: SignedIn, party_id: int, per_occurrence: str = "1000000") -> None:
    """A certificate of liability insurance, filed through the bonds core (Bonds tab)."""
    with desk.action(who) as action:
        bonds.file_certificate(
            action,
            CertificateData(
                insured_id=party_id,
                insurer="Acuity Mutual",
                policy_numbers="CGL 44-1901",
                effective_on=date(2026, 1, 1),
                expires_on=date(2027, 12, 31),
                received_on=date(2026, 11, 27),
                general_liability=True,
                coverages={
                    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money(per_occurrence),
                    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money(per_occurrence),
                },
            ),
        )


def file_bond(desk: Desk, who: SignedIn, party_id: int, privilege_id: int, amount: str) -> None:
    """The street privilege bond for this permit, filed with the City Treasurer (Bonds tab)."""
    with desk.action(who) as action:
        bonds.file_bond(
            action,
            BondData(
                kind=BondKind.STREET_PRIVILEGE,
                principal_id=party_id,
                surety="Western Surety Company",
                bond_number="SP-7731",
                amount=Money(amount),
                effective_on=date(2026, 11, 2),
                expires_on=date(2027, 12, 31),
                record_type=RECORD,
                record_id=str(privilege_id),
            ),
        )


def pay_fees(desk: Desk, who: SignedIn, party_id: int, privilege_id: int) -> str:
    """The Treasurer receipts every open amount of the permit (Receipts tab)."""
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
        dues = [
            due
            for due in ledger.dues_for(action.session, RecordRef(RECORD, str(privilege_id)))
            if due.status == DueStatus.OPEN
        ]
        lines = [receipts.due_line(action.session, due.id) for due in dues]
        total = sum((line.amount for line in lines), Money.zero())
        receipt = receipts.take_payment(
            action,
            station=STATION,
            payer_id=party_id,
            lines=lines,
            tenders=[receipts.TenderEntry(TenderKind.CHECK, total, check_number="5120")],
        )
        return receipt.number


def receive(desk: Desk, who: SignedIn, data: PrivilegeData) -> int:
    with desk.action(who) as action:
        return street_privileges.receive_application(action, data)


def materials(applicant: int, street: int | None = None, **changes: Any) -> PrivilegeData:
    """The roofing contractor's application: a third of the street, half the sidewalk."""
    values: dict[str, Any] = {
        "applicant_id": applicant,
        "purpose": PrivilegePurpose.CONSTRUCTION,
        "location": "In front of 118 Orange St N",
        "street_id": street,
        "description": "Dumpster and roofing materials for a new roof",
        "street_width_in": 36 * 12,
        "street_used_in": 12 * 12,
        "sidewalk_width_in": 6 * 12,
        "sidewalk_used_in": 3 * 12,
    }
    values.update(changes)
    return PrivilegeData(**values)


def issued(
    desk: Desk, clerk: SignedIn, director: SignedIn, applicant: int, data: PrivilegeData
) -> int:
    """An application taken, its terms set, bonded and paid, and the permit issued."""
    privilege_id = receive(desk, clerk, data)
    with desk.action(director) as action:
        street_privileges.set_terms(
            action,
            privilege_id,
            bond_amount=Money("5000"),
            insurance_required=False,
            insurance_minimums={},
            conditions="",
        )
    file_bond(desk, clerk, applicant, privilege_id, "5000")
    pay_fees(desk, clerk, applicant, privilege_id)
    with desk.action(director) as action:
        street_privileges.issue(action, privilege_id)
    return privilege_id


def stored(desk: Desk, privilege_id: int) -> StreetPrivilege:
    with desk.database.reading() as session:
        privilege = session.get(StreetPrivilege, privilege_id)
        assert privilege is not None
        session.expunge(privilege)
        return privilege


def texts(view: Any) -> str:
    return " ".join(view.texts())


# ---- fixtures ----------------------------------------------------------------------------------


@pytest.fixture
def clerk(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    return operator_with(Role.CLERK)


@pytest.fixture
def director(operator_with: Callable[[Role], SignedIn]) -> SignedIn:
    """The Director of Public Works signs in with the Inspector's role."""
    return operator_with(Role.INSPECTOR)


def make_tab(qtbot: Any, desk: Desk, who: SignedIn) -> StreetPrivilegesTab:
    widget = StreetPrivilegesTab(App(desk, who))
    qtbot.add_widget(widget)
    widget.resize(1400, 900)
    widget.show()
    searched(qtbot, widget)
    return widget


@pytest.fixture
def tab(qtbot: Any, desk: Desk, clerk: SignedIn) -> StreetPrivilegesTab:
    return make_tab(qtbot, desk, clerk)


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """The print hook, replaced: the PDF bytes it was given are kept."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


def choose_applicant(qtbot: Any, dialog: PrivilegeDialog, text: str) -> None:
    picker = dialog.applicant
    picker.search_field.clear()
    qtbot.keyClicks(picker.search_field, text)
    picker.search_field.flush()
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Down)  # into the matches: the first is chosen


def type_length(qtbot: Any, field: Any, text: str) -> None:
    field.edit.clear()
    qtbot.keyClicks(field.edit, text)


# ---- the issue's test: one permit from the counter to the printed permit ----------------------


def test_a_permit_from_the_application_to_the_printed_permit(
    qtbot, tab, desk, clerk, director, dialogs, messages, printed
) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    add_street(desk, clerk, "Orange", "N")

    def application(dialog: QDialog) -> None:
        assert isinstance(dialog, PrivilegeDialog)
        choose_applicant(qtbot, dialog, "kinni")
        dialog.purpose.setCurrentIndex(dialog.purpose.findData("construction"))
        qtbot.keyClicks(dialog.location, "In front of 118 Orange St N")
        dialog.street.setCurrentIndex(dialog.street.findText("Orange St N"))
        qtbot.keyClicks(dialog.description, "Dumpster and roofing materials for a new roof")
        dialog.permit_required.setChecked(True)
        qtbot.keyClicks(dialog.permit_number, "B-2026-114")
        dialog.planned_start.set_value(date(2026, 12, 7))
        dialog.planned_end.set_value(date(2026, 12, 18))
        # One inch over a third of the street stops; exactly a third passes.
        type_length(qtbot, dialog.street_width, "36")
        assert dialog.street_width.reading.text() == "= 36 ft"
        type_length(qtbot, dialog.street_used, "12 ft 1 in")
        shown = texts(dialog.widths_view)
        assert "Stops" in shown
        assert "uses 12 ft 1 in of a 36 ft street; at most 12 ft (one-third)" in shown
        type_length(qtbot, dialog.street_used, "12 ft")
        assert "Stops" not in texts(dialog.widths_view)
        # Building materials: one inch over half the sidewalk stops; exactly half passes.
        type_length(qtbot, dialog.sidewalk_width, "6")
        type_length(qtbot, dialog.sidewalk_used, "37 in")
        assert "Building materials use 37 in of a 6 ft sidewalk" in texts(dialog.widths_view)
        type_length(qtbot, dialog.sidewalk_used, "3 ft")
        assert dialog.sidewalk_used.reading.text() == "= 3 ft"
        assert "Stops" not in texts(dialog.widths_view)
        dialog.save_button.click()

    dialogs.append(application)
    with qtbot.wait_signal(tab.status) as told:
        tab.new_button.click()
    assert messages == []
    assert told.args[0] == "Street privilege SP-2026-001 taken. Fee billed: $25.00."
    with desk.database.reading() as session:
        privilege = session.scalars(select(StreetPrivilege)).one()
        assert (privilege.status, privilege.purpose, privilege.location) == (
            PrivilegeStatus.APPLIED,
            PrivilegePurpose.CONSTRUCTION,
            "In front of 118 Orange St N",
        )
        assert (privilege.street_width_in, privilege.street_used_in) == (432, 144)
        assert (privilege.sidewalk_width_in, privilege.sidewalk_used_in) == (72, 36)
        assert privilege.building_permit_number == "B-2026-114"
        assert privilege.street is not None and privilege.street.full_name == "Orange St N"
        privilege_id = privilege.id
    assert tab.model.column_texts(0) == [
        "SP-2026-001",
        "Kinni Roofing",
        "In front of 118 Orange St N",
        "Construction materials",
        "Applied",
        "",
        "",
    ]
    assert "street: 12 ft used of 36 ft" in tab.summary.text()
    assert tab.pages.tabText(0) == "Review (2 not met)"  # the bond and the fee
    # The fee is taken in the Receipts tab, the bond filed in Bonds & Insurance: one click away.
    assert tab.review.pay_button is not None and tab.review.pay_button.isEnabled()
    with qtbot.wait_signal(tab.workflow_requested) as asked:
        tab.review.pay_button.click()
    assert (asked.args[0].workflow, asked.args[0].record_id) == ("receipts", str(roofer))
    assert list(tab.review.file_buttons) == ["bond"]
    assert [(d.kind, d.amount, d.status) for d in tab.due_model.rows] == [
        (DueKind.FEE, Money("25.00"), DueStatus.OPEN)
    ]
    # The Clerk takes and records; the Director sets the terms and issues.
    assert not tab.terms_button.isEnabled() and not tab.issue_button.isEnabled()
    assert "you need the role" in tab.issue_button.toolTip()

    dpw = make_tab(qtbot, desk, director)
    dpw.select_privilege(privilege_id)

    def terms(dialog: QDialog) -> None:
        assert isinstance(dialog, TermsDialog)
        qtbot.keyClicks(dialog.bond, "10,000.01")  # a cent over the most § 506-9 allows
        dialog.save_button.click()
        shown = dialog.errors.message("bond_amount")
        assert "may not exceed $10,000.00" in shown and "§ 506-9 (Bond)" in shown
        assert dialog.isVisible()
        dialog.bond.clear()
        qtbot.keyClicks(dialog.bond, "10,000.00")
        dialog.insurance.setChecked(True)
        occurrence = dialog.minimums[CoverageKind.BODILY_INJURY_PER_OCCURRENCE]
        qtbot.keyClicks(occurrence, "500,000")
        qtbot.keyClicks(dialog.conditions, "Barricades with flashing lights at both ends")
        dialog.save_button.click()

    dialogs.append(terms)
    dpw.terms_button.click()
    assert messages == []
    saved = stored(desk, privilege_id)
    assert saved.bond_amount == Money("10000.00") and saved.insurance_required
    assert saved.insurance_minimums == {"bi_occurrence": 50_000_000}
    assert "Bond set at <b>$10,000.00</b>" in dpw.summary.text()

    # The bond, the certificate and the fee, where the Bonds and Receipts tabs would file them.
    file_bond(desk, clerk, roofer, privilege_id, "10000")
    insure(desk, clerk, roofer)
    receipt = pay_fees(desk, clerk, roofer, privilege_id)
    dpw.refresh()
    assert dpw.pages.tabText(0) == "Review"
    assert f"receipt {receipt}" in dpw.summary.text()

    def issue(dialog: QDialog) -> None:
        assert isinstance(dialog, IssueDialog)
        assert dialog.blocked == []
        assert dialog.save_button.isEnabled()
        assert "Ready to issue" in dialog.review.summary.text()
        assert "Bond No. SP-7731" in dialog.review.texts()["bond"]
        assert "<b>Sun Feb 28, 2027</b>, three months from today" in dialog.term.text()
        dialog.earlier.set_value(date(2027, 3, 1))  # after the three months: refused
        assert "after it" in dialog.term.text()
        dialog.earlier.set_value(None)
        dialog.save_button.click()

    dialogs.append(issue)
    with qtbot.wait_signal(dpw.status) as told:
        dpw.issue_button.click()
    assert messages == []
    assert told.args[0] == "Permit SP-2026-001 issued."
    saved = stored(desk, privilege_id)
    assert (saved.status, saved.issued_on, saved.ends_on) == (
        PrivilegeStatus.ISSUED,
        date(2026, 11, 30),
        date(2027, 2, 28),
    )
    assert saved.issued_by_name == f"Test {Role.INSPECTOR.label}"
    [(title, pdf)] = printed
    assert title == "Street privilege permit SP-2026-001"
    text = papers.text(pdf)
    assert "Street Privilege Permit" in text and "SP-2026-001" in text
    assert "Kinni Roofing" in text and "In front of 118 Orange St N" in text
    assert "February 28, 2027" in text and "§ 506-9 (Termination)" in text
    assert "Western Surety Company" in text and receipt in text
    assert "Barricades with flashing lights at both ends" in text
    assert "not more than 1/3 of any street or alley" in text
    assert "without notice" in text
    assert "Director of Public Works — § 506-9 (When required)" in text
    assert "designee" not in text  # § 506-9 names the Director alone
    assert f"Recorded by Test {Role.INSPECTOR.label}" in text
    assert dpw.model.column_texts(0)[4:] == ["Issued", "11/30/2026", "02/28/2027"]

    # A condition checked on the site by the Director, who phones it in: the Clerk records it
    # at the counter, naming him; a violation says what was found.
    tab.refresh()
    tab.select_privilege(privilege_id)
    assert tab.check_button.isEnabled()
    tab.pages.setCurrentIndex(1)
    forms.select_row(tab.condition_table, 1)  # lighted at night

    def check(dialog: QDialog) -> None:
        assert isinstance(dialog, CheckDialog)
        assert dialog.condition.currentData() == "lighted"
        assert (dialog.by_name.text(), dialog.by_title.currentText()) == ("", "")
        dialog.violated.setChecked(True)
        assert dialog.warning.isVisible() and "without notice" in dialog.warning.text()
        dialog.save_button.click()
        assert dialog.errors.message("by_name").startswith("Name the official who checked")
        qtbot.keyClicks(dialog.by_name, "Ivan Olsen")
        dialog.save_button.click()
        assert dialog.errors.message("by_title").startswith("Give the official's title")
        dialog.by_title.setCurrentText("Director of Public Works")
        dialog.save_button.click()
        assert dialog.errors.message("note").startswith("Say what was found in violation")
        qtbot.keyClicks(dialog.note, "North barricade light out")
        dialog.save_button.click()

    dialogs.append(check)
    tab.check_button.click()
    assert messages == []
    lighted = tab.condition_model.rows[1]
    assert (lighted.key, lighted.result, lighted.check.note) == (
        "lighted",
        "Violated",
        "North barricade light out",
    )
    assert tab.condition_model.column_texts(1)[1:3] == [
        "Violated",
        "11/30/2026 by Ivan Olsen, Director of Public Works",
    ]
    assert lighted.recorded == "Recorded by Test Clerk"
    assert tab.pages.tabText(1) == "Conditions (1 violated)"
    events = [r.summary for r in tab.history_model.rows]
    assert events[0].startswith("Street privilege SP-2026-001 applied for by Kinni Roofing")
    assert any(
        "violated (North barricade light out)" in e
        and e.endswith("checked by Ivan Olsen, Director of Public Works; recorded by Test Clerk")
        for e in events
    )

    # Printed again from the tab, by the Clerk.
    assert tab.print_button.isEnabled()
    tab.print_button.click()
    assert len(printed) == 2 and "SP-2026-001" in papers.text(printed[-1][1])


def test_a_refused_issue_lists_what_stands_in_the_way(
    qtbot, desk, clerk, director, dialogs, messages, printed
) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    privilege_id = receive(
        desk, clerk, materials(roofer, building_permit_required=True, sidewalk_used_in=37)
    )
    with desk.action(director) as action:
        street_privileges.set_terms(
            action,
            privilege_id,
            bond_amount=Money("5000"),
            insurance_required=True,
            insurance_minimums={CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("500000")},
            conditions="",
        )
    insure(desk, clerk, roofer, per_occurrence="250000")  # half what the Director asked
    dpw = make_tab(qtbot, desk, director)
    dpw.select_privilege(privilege_id)
    assert dpw.pages.tabText(0) == "Review (5 not met)"
    assert "Not ready to issue" in dpw.review.summary.text()
    assert "Building materials use 37 in of a 6 ft sidewalk" in texts(dpw.widths)

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, IssueDialog)
        assert [i.key for i in dialog.blocked] == [
            "building_permit",
            "widths",
            "bond",
            "insurance",
            "fee",
        ]
        assert not dialog.save_button.isEnabled()
        banner = dialog.blocking.text()
        assert banner.startswith("The permit cannot be issued yet. Not met: ")
        assert "Bond filed with the City Treasurer" in banner and "Permit fee paid" in banner
        shown = dialog.review.texts()
        assert (
            "record its number before the street privilege permit issues"
            in (shown["building_permit"])
        )
        assert "No street privilege bond of $5,000.00 is on file" in shown["bond"]
        assert "$250,000.00" in shown["insurance"] and "$500,000.00" in shown["insurance"]
        assert "The permit fee is not paid ($25.00 owed)" in shown["fee"]
        # Saved all the same (a stale form): the core refuses and the form lists why.
        dialog.save()
        refused = dialog.errors.message("decision")
        assert refused.startswith("Street privilege SP-2026-001 cannot be issued yet:")
        assert "The permit fee is not paid" in refused and "No street privilege bond" in refused
        assert dialog.isVisible()

    dialogs.append(look)
    dpw.issue_button.click()
    assert messages == [] and printed == []
    assert stored(desk, privilege_id).status == PrivilegeStatus.APPLIED


def test_a_revocation_phoned_in_is_recorded_at_the_counter_naming_the_official(
    qtbot, desk, clerk, director, clock: FixedClock, dialogs, messages
) -> None:
    """The Chief of Police revokes the permit on the site and phones City Hall: the Clerk
    records it. The form starts with no official named, so the Clerk's own name is never
    recorded by mistake; the history says the Clerk recorded it."""
    roofer = add_party(desk, clerk, "Kinni Roofing")
    privilege_id = issued(desk, clerk, director, roofer, materials(roofer))
    clock.set(datetime(2026, 12, 9, 8, 30))
    counter = make_tab(qtbot, desk, clerk)
    counter.select_privilege(privilege_id)
    assert counter.revoke_button.isEnabled()

    def revoke(dialog: QDialog) -> None:
        assert isinstance(dialog, RevokeDialog)
        note = dialog.findChild(QLabel, "note")
        assert note is not None and "<b>without notice</b>" in note.text()
        assert dialog.by_name.text() == "" and dialog.by_title.currentIndex() == -1
        assert dialog.by_title.currentText() == ""
        dialog.save_button.click()  # nobody named: refused under the name
        assert dialog.errors.message("by_name").startswith("Name the official who revoked")
        qtbot.keyClicks(dialog.by_name, "Dana Whitfield")
        dialog.save_button.click()  # no title: refused under the title
        assert dialog.errors.message("by_title").startswith("Give the official's title")
        dialog.by_title.setCurrentText("Chief of Police")
        dialog.on.setDate(QDate(2026, 12, 10))  # tomorrow: refused under the day
        qtbot.keyClicks(dialog.reason, "Materials left overnight on the Broad St crossing")
        dialog.save_button.click()
        assert dialog.errors.message("on") == "The revocation cannot be dated after today."
        dialog.on.setDate(QDate(2026, 12, 8))
        dialog.save_button.click()

    dialogs.append(revoke)
    counter.revoke_button.click()
    assert messages == []
    saved = stored(desk, privilege_id)
    assert (saved.status, saved.revoked_on, saved.revoked_by_name, saved.revoked_by_title) == (
        PrivilegeStatus.REVOKED,
        date(2026, 12, 8),
        "Dana Whitfield",
        "Chief of Police",
    )
    assert counter.selected().status_text == "Revoked"  # type: ignore[union-attr]
    assert "Revoked</b> Tue Dec 8, 2026 by Dana Whitfield, Chief of Police" in (
        counter.summary.text()
    )
    (event,) = [r for r in counter.history_model.rows if "revoked without notice" in r.summary]
    assert event.summary.endswith("; recorded by Test Clerk")
    assert not counter.revoke_button.isEnabled()
    assert counter.revoke_button.toolTip() == (
        "Street privilege SP-2026-001 is revoked: only an issued permit can be revoked."
    )
    assert counter.close_button.isEnabled()  # the way must still be vacated and cleaned
    assert counter.print_button.isEnabled()


def test_a_permit_is_revoked_on_its_last_day(
    qtbot, desk, clerk, director, clock: FixedClock, dialogs, messages
) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    privilege_id = issued(desk, clerk, director, roofer, materials(roofer))
    other = issued(desk, clerk, director, roofer, materials(roofer, location="Behind 120 Elm"))
    clock.set(datetime(2027, 2, 28, 21, 0))  # Sun Feb 28, 2027: the permits' last day
    counter = make_tab(qtbot, desk, clerk)
    counter.select_privilege(privilege_id)
    assert counter.selected().status_text == "Issued"  # type: ignore[union-attr]
    assert counter.revoke_button.isEnabled()

    def revoke(dialog: QDialog) -> None:
        assert isinstance(dialog, RevokeDialog)
        qtbot.keyClicks(dialog.by_name, "Ivan Olsen")
        dialog.by_title.setCurrentText("Director of Public Works")
        qtbot.keyClicks(dialog.reason, "Dumpster blocking the hydrant")
        dialog.save_button.click()

    dialogs.append(revoke)
    counter.revoke_button.click()
    assert messages == []
    assert stored(desk, privilege_id).revoked_on == date(2027, 2, 28)
    clock.set(datetime(2027, 3, 1, 8, 0))  # the day after: the other has ended by itself
    counter.refresh()
    counter.select_privilege(other)
    assert counter.selected().status_text == "Ended Feb 28, 2027"  # type: ignore[union-attr]
    # The core takes a revocation phoned in the morning after, dated the last day: the button
    # stays on, and the form refuses a later day under its field.
    assert counter.revoke_button.isEnabled()

    def revoke_late(dialog: QDialog) -> None:
        assert isinstance(dialog, RevokeDialog)
        qtbot.keyClicks(dialog.by_name, "Ivan Olsen")
        dialog.by_title.setCurrentText("Director of Public Works")
        qtbot.keyClicks(dialog.reason, "Materials left in the gutter")
        dialog.save_button.click()
        assert "already ended" in dialog.errors.message("on")
        dialog.reject()

    dialogs.append(revoke_late)
    counter.revoke_button.click()
    assert stored(desk, other).revoked_on is None


# ---- forms -------------------------------------------------------------------------------------


def test_lengths_that_are_not_lengths_are_refused_under_their_field(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    add_party(desk, clerk, "Kinni Roofing")

    def application(dialog: QDialog) -> None:
        assert isinstance(dialog, PrivilegeDialog)
        dialog.save_button.click()
        assert dialog.errors.message("applicant_id").startswith("Choose the applicant")
        choose_applicant(qtbot, dialog, "kinni")
        qtbot.keyClicks(dialog.location, "Alley behind 212 Broad St N")
        type_length(qtbot, dialog.street_width, "wide")
        assert "not a length" in dialog.street_width.reading.text()
        type_length(qtbot, dialog.walk_width, "4 1/2")
        assert dialog.walk_width.reading.text() == "= 4 ft 6 in"
        dialog.save_button.click()
        assert dialog.errors.message("street_width_in").startswith(
            'The street\'s width "wide" is not a length'
        )
        assert dialog.isVisible() and dialog.location.text() == "Alley behind 212 Broad St N"
        type_length(qtbot, dialog.street_width, "20")
        type_length(qtbot, dialog.street_used, "21 ft")
        dialog.save_button.click()
        assert dialog.errors.message("street_used_in") == (
            "The street used (21 ft) is more than the street's width (20 ft)."
        )
        # A temporary walk an inch under four feet, its fence at four feet exactly.
        type_length(qtbot, dialog.street_used, "6 ft 8 in")
        type_length(qtbot, dialog.walk_width, "47 in")
        type_length(qtbot, dialog.fence_height, "4 ft")
        shown = texts(dialog.widths_view)
        assert "The temporary sidewalk is 47 in wide; at least 4 ft is required." in shown
        assert "fence" not in shown
        type_length(qtbot, dialog.walk_width, "48 in")
        assert "Stops" not in texts(dialog.widths_view)
        dialog.save_button.click()

    dialogs.append(application)
    tab.new_button.click()
    assert messages == []
    with desk.database.reading() as session:
        privilege = session.scalars(select(StreetPrivilege)).one()
        assert (privilege.street_width_in, privilege.street_used_in) == (240, 80)
        assert (privilege.temporary_sidewalk_width_in, privilege.fence_height_in) == (48, 48)


def test_a_correction_keeps_what_was_typed_and_the_applicant(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    privilege_id = receive(desk, clerk, materials(roofer))
    tab.refresh()
    tab.select_privilege(privilege_id)

    def correct(dialog: QDialog) -> None:
        assert isinstance(dialog, PrivilegeDialog) and dialog.objectName() == "correct_dialog"
        assert dialog.street_width.edit.text() == "36 ft"
        assert dialog.sidewalk_used.edit.text() == "3 ft"
        assert dialog.applicant.party is not None and dialog.applicant.party.id == roofer
        type_length(qtbot, dialog.street_used, "10 ft")
        dialog.save_button.click()

    dialogs.append(correct)
    with qtbot.wait_signal(tab.status) as told:
        tab.correct_button.click()
    assert told.args[0] == "Application SP-2026-001 corrected."
    assert messages == []
    saved = stored(desk, privilege_id)
    assert (saved.street_used_in, saved.sidewalk_used_in) == (120, 36)


def test_the_clerk_cannot_issue_and_the_core_refuses_too(qtbot, tab, desk, clerk, messages) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    privilege_id = receive(desk, clerk, materials(roofer))
    tab.refresh()
    tab.select_privilege(privilege_id)
    for button in (tab.terms_button, tab.issue_button, tab.refuse_button):
        assert not button.isEnabled()
        tip = button.toolTip()
        assert "you need the role" in tip and "Building Inspector" in tip
    assert tab.correct_button.isEnabled() and tab.advice_button.isEnabled()
    assert tab.withdraw_button.isEnabled() and tab.costs_button.isEnabled()
    assert not tab.print_button.isEnabled()
    assert tab.print_button.toolTip().endswith("its permit prints only once a permit is issued.")
    with pytest.raises(PermissionDenied, match="you need the role"), desk.action(clerk) as a:
        street_privileges.issue(a, privilege_id)


def test_removal_after_the_councils_notice_is_charged_to_the_abutting_owner(
    qtbot, desk, clerk, director, clock: FixedClock, dialogs, messages
) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    owner = add_party(desk, clerk, "Anna Berg", street="118 Orange St N")
    add_parcel(desk, clerk, "281-00118-000", "118 Orange St N", owner)
    privilege_id = issued(desk, clerk, director, roofer, materials(roofer))
    clock.set(datetime(2027, 2, 28, 20, 0))  # the last day: the sidewalk is lawfully obstructed
    counter = make_tab(qtbot, desk, clerk)
    counter.select_privilege(privilege_id)
    assert counter.selected().status_text == "Issued"  # type: ignore[union-attr]
    assert counter.notice_button.isEnabled()
    assert not counter.removal_button.isEnabled()
    assert counter.removal_button.toolTip().startswith(
        "No notice from the Common Council to remove the obstruction is recorded"
    )

    def notice(dialog: QDialog) -> None:
        assert isinstance(dialog, RemovalNoticeDialog)
        dialog.at.setDateTime(QDateTime.fromString("2027-02-28 19:30", "yyyy-MM-dd HH:mm"))
        # A Sunday notice: none of Sunday's hours count (Wis. Stat. § 990.001(4)(a)).
        assert "from Tue Mar 2, 2027, 12:00 AM" in dialog.after.text()
        dialog.to.clear()
        dialog.save_button.click()
        assert dialog.errors.message("to").startswith("Name the owner or occupant")
        qtbot.keyClicks(dialog.to, "Anna Berg, owner, 118 Orange St N")
        dialog.save_button.click()

    dialogs.append(notice)
    counter.notice_button.click()
    assert messages == []
    assert stored(desk, privilege_id).removal_notice_at == local(2027, 2, 28, 19, 30)

    clock.set(datetime(2027, 3, 1, 23, 59))  # a minute before the 24 hours run
    counter.refresh()

    def too_soon(dialog: QDialog) -> None:
        assert isinstance(dialog, CityRemovalDialog)
        qtbot.keyClicks(dialog.cost, "385")
        assert "Choose the parcel" in dialog.preview.text()
        qtbot.keyClicks(dialog.parcel.search_field, "118 orange")
        dialog.parcel.search_field.flush()
        qtbot.keyClick(dialog.parcel.search_field, Qt.Key.Key_Down)
        shown = dialog.preview.text()
        assert "<b>$385.00</b> charged to <b>Anna Berg</b>, owner of parcel 281-00118-000" in shown
        dialog.save_button.click()
        assert dialog.errors.message("on").startswith(
            "The 24 hours after the Council's notice run until Tue Mar 2, 2027 12:00 AM"
        )

    dialogs.append(too_soon)
    counter.removal_button.click()
    assert stored(desk, privilege_id).removed_by_city_on is None

    clock.set(datetime(2027, 3, 2, 10, 0))  # ended since; the notice was lawful when given
    counter.refresh()

    def removed(dialog: QDialog) -> None:
        assert isinstance(dialog, CityRemovalDialog)
        qtbot.keyClicks(dialog.cost, "385")
        qtbot.keyClicks(dialog.description, "Public Works crew and truck, 3 hours")
        qtbot.keyClicks(dialog.parcel.search_field, "berg")
        dialog.parcel.search_field.flush()
        qtbot.keyClick(dialog.parcel.search_field, Qt.Key.Key_Down)
        dialog.save_button.click()

    dialogs.append(removed)
    counter.removal_button.click()
    assert messages == []
    saved = stored(desk, privilege_id)
    assert saved.removed_by_city_on == date(2027, 3, 2) and saved.parcel_id is not None
    charge = [r for r in counter.due_model.rows if r.kind is DueKind.SPECIAL_CHARGE]
    assert [(r.party, r.amount, r.status) for r in charge] == [
        ("Anna Berg", Money("385.00"), DueStatus.OPEN)
    ]
    with desk.database.reading() as session:
        [removal] = special_charges.charges_for(
            session, street_privileges_rules.RECORD_TYPE, str(privilege_id)
        )
        assert (
            charge[0].description
            == f"{removal.number}: Street privilege obstruction removed by the City"
        )
        # For the next annual tax roll: it may be certified from the day of the removal.
        assert (removal.parcel_id, removal.tax_roll_on) == (saved.parcel_id, date(2027, 3, 2))
    summary = counter.summary.text()
    assert "Removed by the City Tue Mar 2, 2027" in summary
    # Not shown as a permit in good standing: the heading's status is amber, not green.
    assert f"<span style='color:{LATE}'>Removed by the City Mar 2, 2027</span>" in summary
    assert GOOD not in summary.split("</h3>")[0]


def test_a_street_only_permit_offers_no_removal_under_506_9(
    qtbot, desk, clerk, director, dialogs, messages
) -> None:
    """A dumpster in the street: § 506-9 (Removal by City) is for a sidewalk, so neither the
    Council's notice nor the City's removal is offered, and the buttons say why."""
    roofer = add_party(desk, clerk, "Kinni Roofing")
    privilege_id = issued(
        desk,
        clerk,
        director,
        roofer,
        materials(roofer, sidewalk_width_in=None, sidewalk_used_in=None),
    )
    counter = make_tab(qtbot, desk, clerk)
    counter.select_privilege(privilege_id)
    for button in (counter.notice_button, counter.removal_button):
        assert not button.isEnabled()
        tip = button.toolTip()
        assert tip.startswith("Street privilege SP-2026-001 obstructs no sidewalk")
        assert "§ 506-8" in tip and "payable in 10 days" in tip
    counter.notice_button.click()  # disabled: nothing opens
    assert dialogs == [] and messages == []


def test_a_notice_after_the_permit_ended_is_refused_in_the_form(
    qtbot, desk, clerk, director, clock: FixedClock, dialogs, messages
) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    privilege_id = issued(desk, clerk, director, roofer, materials(roofer))
    clock.set(datetime(2027, 3, 2, 9, 0))  # ended Feb 28, materials still on the sidewalk
    counter = make_tab(qtbot, desk, clerk)
    counter.select_privilege(privilege_id)
    assert counter.selected().status_text == "Ended Feb 28, 2027"  # type: ignore[union-attr]

    def notice(dialog: QDialog) -> None:
        assert isinstance(dialog, RemovalNoticeDialog)
        qtbot.keyClicks(dialog.to, "Anna Berg, owner")
        dialog.at.setDateTime(QDateTime.fromString("2027-03-01 19:30", "yyyy-MM-dd HH:mm"))
        shown = dialog.after.text()
        assert "Street privilege SP-2026-001 ended Sun Feb 28, 2027" in shown
        assert "no longer lawfully there" in shown and "the City may remove" not in shown
        dialog.save_button.click()
        refused = dialog.errors.message("at")
        assert refused.startswith("Street privilege SP-2026-001 ended Sun Feb 28, 2027")
        assert refused.endswith(
            "(§ 506-8 (Removal by City for sidewalk obstructions and encroachments))"
        )
        # Given on the last day and recorded late: lawful when given, so it is recorded.
        dialog.at.setDateTime(QDateTime.fromString("2027-02-28 16:00", "yyyy-MM-dd HH:mm"))
        assert "from Tue Mar 2, 2027, 12:00 AM" in dialog.after.text()  # Sunday not counted
        dialog.save_button.click()

    dialogs.append(notice)
    counter.notice_button.click()
    assert messages == []
    assert stored(desk, privilege_id).removal_notice_at == local(2027, 2, 28, 16, 0)


def test_city_costs_a_refusal_and_a_withdrawal_stay_in_the_register(
    qtbot, tab, desk, clerk, director, dialogs, messages
) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    refused = receive(desk, clerk, materials(roofer))
    withdrawn = receive(desk, clerk, materials(roofer, location="Alley behind 212 Broad St N"))
    tab.refresh()
    tab.select_privilege(refused)

    def costs(dialog: QDialog) -> None:
        assert isinstance(dialog, CityCostsDialog)
        qtbot.keyClicks(dialog.amount, "12.345")
        assert "12.345" in dialog.preview.text()
        dialog.amount.clear()
        qtbot.keyClicks(dialog.amount, "240")
        assert "<b>$240.00</b> billed to <b>Kinni Roofing</b>" in dialog.preview.text()
        dialog.save_button.click()
        assert dialog.errors.message("description") == "Describe the City's costs."
        qtbot.keyClicks(dialog.description, "Barricades and signs, 3 days")
        dialog.save_button.click()

    dialogs.append(costs)
    tab.costs_button.click()
    assert messages == []
    assert [(r.kind, r.amount) for r in tab.due_model.rows] == [
        (DueKind.FEE, Money("25.00")),
        (DueKind.CITY_EXPENSES, Money("240.00")),
    ]
    assert tab.pages.tabText(2) == "Amounts due (2 open)"

    dpw = make_tab(qtbot, desk, director)
    dpw.select_privilege(refused)

    def refuse(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonDialog) and dialog.objectName() == "refuse_dialog"
        dialog.save_button.click()
        assert dialog.errors.message("reason") == "State why the permit is refused."
        qtbot.keyClicks(dialog.reason, "No building permit for the roof")
        dialog.save_button.click()

    dialogs.append(refuse)
    dpw.refuse_button.click()
    assert messages == []
    assert stored(desk, refused).status == PrivilegeStatus.REFUSED
    assert "Refused:</b> No building permit for the roof" in dpw.summary.text()
    assert not dpw.issue_button.isEnabled() and not dpw.print_button.isEnabled()
    assert dpw.review.summary.text() == "<i>Refused: nothing left to review.</i>"

    tab.select_privilege(withdrawn)

    def withdraw(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonDialog) and dialog.objectName() == "withdraw_dialog"
        qtbot.keyClicks(dialog.reason, "Phone call from the contractor, 11/30")
        dialog.save_button.click()

    dialogs.append(withdraw)
    with qtbot.wait_signal(tab.status) as told:
        tab.withdraw_button.click()
    assert told.args[0] == "Application SP-2026-002 withdrawn."
    assert messages == []
    assert tab.selected().status_text == "Withdrawn"
    assert "Withdrawn: Phone call from the contractor, 11/30" in tab.summary.text()
    assert [(r.kind, r.status) for r in tab.due_model.rows] == [
        (DueKind.FEE, DueStatus.CANCELLED)  # the Clerk may cancel the unpaid fee
    ]
    assert tab.count_label.text() == "2 permits"


# ---- the register --------------------------------------------------------------------------------


def test_search_filters_and_the_today_item_shows_the_permit(
    qtbot, tab, desk, clerk, director, clock: FixedClock, messages
) -> None:
    from clerk_desk import today

    roofer = add_party(desk, clerk, "Kinni Roofing")
    movers = add_party(desk, clerk, "River Valley House Movers")
    orange = add_street(desk, clerk, "Orange", "N")
    clock.set(datetime(2026, 11, 20, 9, 0))
    ending = issued(desk, clerk, director, roofer, materials(roofer, orange))
    clock.set(datetime(2026, 11, 30, 10, 0))
    receive(
        desk,
        clerk,
        materials(
            movers,
            purpose=PrivilegePurpose.MOVE_BUILDING,
            location="From 410 Broad St N to 95 Lake St",
            route="Broad St N, Henry St, Lake St",
            description="Move a garage",
            sidewalk_width_in=None,
            sidewalk_used_in=None,
        ),
    )
    tab.refresh()
    assert tab.count_label.text() == "2 permits"
    qtbot.keyClicks(tab.search_field, "movers")
    assert tab.search_field.pending()
    qtbot.waitUntil(lambda: tab.model.rowCount() == 1)
    assert tab.model.column_texts(0)[3] == "Moving a building or structure"
    tab.search_field.clear()
    tab.search_field.flush()
    searched(qtbot, tab)
    tab.status_box.setCurrentIndex(tab.status_box.findData("issued"))
    searched(qtbot, tab)
    assert [tab.model.row(i).id for i in range(tab.model.rowCount())] == [ending]
    tab.status_box.setCurrentIndex(tab.status_box.findData("revoked"))
    searched(qtbot, tab)
    assert tab.count_label.text() == "No permits match"
    assert [tab.year_box.itemText(i) for i in range(tab.year_box.count())] == ["All years", "2026"]

    clock.set(datetime(2027, 2, 16, 9, 0))  # the permit issued Nov 20 ends Feb 20
    with desk.lookup(clerk) as action:
        items = [i for i in today.gather(action) if i.workflow == "Street Privileges"]
    item = next(i for i in items if i.record_id == str(ending))
    tab.show_record(item.record_type or "", item.record_id or "")
    assert tab.status_box.currentIndex() == 0  # the filter that hid it is cleared
    shown = tab.selected()
    assert shown is not None and shown.id == ending
    assert "Ends at the end of Sat Feb 20, 2027" in tab.summary.text()


def test_the_register_exported_to_excel(
    qtbot, desk, clerk, director, clock: FixedClock, tmp_path, monkeypatch, messages, child_jobs
) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    issued(desk, clerk, director, roofer, materials(roofer))  # ends Sun Feb 28, 2027
    receive(desk, clerk, materials(roofer, location="Alley behind 212 Broad St N"))
    clock.set(datetime(2027, 3, 1, 9, 0))
    tab = make_tab(qtbot, desk, clerk)
    shown = [tab.model.column_texts(i)[4] for i in range(tab.model.rowCount())]
    assert shown == ["Applied", "Ended Feb 28, 2027"]
    target = tmp_path / "privileges"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=20_000) as told:
        tab.export_button.click()
    assert told.args[0] == "2 street privilege permits written to privileges.xlsx"
    assert child_jobs == ["ui.street_privileges.jobs.register_workbook"]
    rows = list(load_workbook(f"{target}.xlsx").active.iter_rows(values_only=True))
    header = rows[1]
    by_number = {row[0]: dict(zip(header, row, strict=True)) for row in rows[2:]}
    # The workbook says what the register says on the day it is written.
    assert by_number["SP-2026-001"]["Status"] == "Ended Feb 28, 2027"
    assert by_number["SP-2026-002"]["Status"] == "Applied"
    assert by_number["SP-2026-001"]["Applicant"] == "Kinni Roofing"


def test_every_model_passes_the_model_tester(
    qtbot, qtmodeltester, desk, clerk, director, messages
) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    privilege_id = issued(desk, clerk, director, roofer, materials(roofer))
    with desk.action(clerk) as action:
        street_privileges_occupancy.record_check(
            action,
            privilege_id,
            "lighted",
            ok=True,
            on=date(2026, 11, 30),
            by_name="Ivan Olsen",
            by_title="Director of Public Works",
        )
    tab = make_tab(qtbot, desk, clerk)
    tab.select_privilege(privilege_id)
    for model in (tab.model, tab.condition_model, tab.due_model, tab.history_model):
        assert model.rowCount() >= 1
        qtmodeltester.check(model)


def test_the_main_window_opens_the_permit_a_today_item_names(qtbot, desk, clerk, messages) -> None:
    from clerk_desk import today
    from ui import main_window

    roofer = add_party(desk, clerk, "Kinni Roofing")
    receive(desk, clerk, materials(roofer, location="In front of 120 Orange St N"))
    waiting = receive(desk, clerk, materials(roofer))
    with desk.lookup(clerk) as action:
        items = [i for i in today.gather(action) if i.workflow == "Street Privileges"]
    item = next(i for i in items if i.record_id == str(waiting))
    assert item.title.startswith("Application SP-2026-002 wait")
    window = main_window.MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    window.today_tab.workflow_requested.emit(item)
    shown = window.tabs.currentWidget()
    assert isinstance(shown, StreetPrivilegesTab)
    assert shown is window.tab("street_privileges")
    chosen = shown.selected()
    assert chosen is not None and chosen.id == waiting
    assert messages == []


# ---- layout ------------------------------------------------------------------------------------


def squeezed(widget: Any) -> list[str]:
    """The wrapped labels shown shorter than their text needs at their width (lines drawn over
    one another), by object name and text."""
    return [
        f"{label.objectName() or '?'}: {label.text()[:60]} ({label.height()} < "
        f"{label.heightForWidth(label.width())})"
        for label in widget.findChildren(QLabel)
        if label.isVisible()
        and label.wordWrap()
        and label.height() < label.heightForWidth(label.width())
    ]


def test_the_issue_form_shows_every_line_of_the_review_whole(
    qtbot, desk, clerk, director, dialogs, messages
) -> None:
    """Five requirements not met, each with findings that wrap: at the tab's 1400 by 900 no
    line of the form is drawn over another; the review scrolls rather than squeeze."""
    roofer = add_party(desk, clerk, "Kinni Roofing")
    privilege_id = receive(
        desk, clerk, materials(roofer, building_permit_required=True, sidewalk_used_in=37)
    )
    with desk.action(director) as action:
        street_privileges.set_terms(
            action,
            privilege_id,
            bond_amount=Money("5000"),
            insurance_required=True,
            insurance_minimums={CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("500000")},
            conditions="",
        )
    insure(desk, clerk, roofer, per_occurrence="250000")
    dpw = make_tab(qtbot, desk, director)
    dpw.select_privilege(privilege_id)
    seen: dict[str, Any] = {}

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, IssueDialog)
        qtbot.waitUntil(lambda: not squeezed(dialog), timeout=2000)
        assert squeezed(dialog) == []
        assert len(dialog.blocked) == 5
        # The review is given the height its lines need, within the screen.
        scroller = dialog.review_scroller
        screen = dialog.screen().availableGeometry()
        needed = dialog.review.heightForWidth(scroller.viewport().width())
        assert dialog.review.height() >= needed
        # Shown whole, unless that takes more than half the screen (then it scrolls).
        assert scroller.viewport().height() >= min(needed, (screen.height() - 40) // 2)
        assert dialog.height() <= screen.height()
        # A change of the earlier end reads the review again: still nothing squeezed.
        dialog.earlier.set_value(date(2026, 12, 31))
        qtbot.waitUntil(lambda: not squeezed(dialog), timeout=2000)
        seen["size"] = (dialog.width(), dialog.height())

    dialogs.append(look)
    dpw.issue_button.click()
    assert messages == [] and seen["size"][0] >= 800


def test_the_register_shows_the_longest_status_whole_at_1400_pixels(
    qtbot, desk, clerk, director, clock: FixedClock
) -> None:
    roofer = add_party(desk, clerk, "Kinni Roofing")
    owner = add_party(desk, clerk, "Anna Berg", street="118 Orange St N")
    parcel = add_parcel(desk, clerk, "281-00118-000", "118 Orange St N", owner)
    privilege_id = issued(desk, clerk, director, roofer, materials(roofer, parcel_id=parcel))
    clock.set(datetime(2027, 2, 28, 9, 0))
    with desk.action(clerk) as action:
        street_privileges_removal.record_removal_notice(
            action, privilege_id, at=local(2027, 2, 28, 8, 0), to="Anna Berg, owner"
        )
    clock.set(datetime(2027, 3, 10, 9, 0))
    with desk.action(clerk) as action:
        street_privileges_removal.record_city_removal(
            action, privilege_id, on=date(2027, 3, 10), cost=Money("385")
        )
    counter = make_tab(qtbot, desk, clerk)
    table = counter.table
    (text,) = [
        counter.model.column_texts(i)[4]
        for i in range(counter.model.rowCount())
        if counter.model.column_texts(i)[4].startswith("Removed by the City")
    ]
    assert text == "Removed by the City Mar 10, 2027"  # the longest a status reads
    needed = table.fontMetrics().horizontalAdvance(text) + 8
    assert table.columnWidth(4) >= needed
    # Every column fits in the table's width at 1400 px: nothing is pushed out of sight.
    used = sum(table.columnWidth(c) for c in range(counter.model.columnCount()) if c != 6)
    assert used + table.fontMetrics().horizontalAdvance("00/00/0000") <= table.viewport().width()
