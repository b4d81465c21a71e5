"""Street Privileges tab (§ 506-9, with § 506-8), a permit: from the counter to the printed
permit, a refused issue, a revocation phoned in and one on the permit's last day, and the forms'
own checks; driven through its dialogs, checked in the database and on paper. Removal of the
materials is in test_ui_street_privileges_removal.py; the register and the layout in
test_ui_street_privileges_register.py; the records and fixtures all use in
ui_street_privileges_steps.py.

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

from datetime import date, datetime
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QDialog, QLabel
from sqlalchemy import select
from ui_street_privileges_steps import (  # type: ignore[import-not-found]
    add_party,
    add_street,
    file_bond,
    insure,
    issued,
    make_tab,
    materials,
    pay_fees,
    receive,
    stored,
    tab,
)

from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.errors import PermissionDenied
from clerk_desk.kinds import DueKind, DueStatus, PrivilegePurpose, PrivilegeStatus, Role
from clerk_desk.models import StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.street_privileges import service as street_privileges
from ui.kit import forms as forms
from ui.kit import printing as printing
from ui.street_privileges.application import PrivilegeDialog
from ui.street_privileges.decisions import IssueDialog, TermsDialog
from ui.street_privileges.enforcement import CheckDialog, RevokeDialog

__all__ = ["tab"]  # a fixture, used by name


pytestmark = pytest.mark.gui


def texts(view: Any) -> str:
    return " ".join(view.texts())


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
