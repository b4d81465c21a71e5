"""Street Openings tab (§§ 506-6, 506-7), permits: an emergency opening and a contractor's permit
from application to the printed permit, and the forms (errors under their fields, what the
clerk may not approve, the doubled fee, the charges, the work and its checklist, City work,
refused and closed permits); driven through its dialogs, checked in the database and on paper.
The register is in test_ui_street_openings_register.py; what both use in
ui_street_openings_steps.py.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture): inside the
frozen-ground season, November 15 to May 1. A gas main that broke on Sunday the 29th is an
emergency excavation; its application is due the next business day (today) and, filed within two
regular business days, owes no permit fee. Every modal dialog goes through the ``dialogs`` queue,
every message box through ``messages``, and printing through the replaced ``printing.print_pdf``
hook, which keeps the permit's bytes for pypdf to read back.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from sqlalchemy import select
from ui_street_openings_steps import (  # type: ignore[import-not-found]
    add_party,
    add_street,
    apply,
    approved,
    insure,
    make_tab,
    pay_fees,
    tab,
    texts,
)

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import BondData
from clerk_desk.clock import FixedClock, city_zone
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import PermissionDenied
from clerk_desk.kinds import BondKind, ChargeKind, DueKind, DueStatus, OpeningStatus, Role
from clerk_desk.ledger import RecordRef
from clerk_desk.models import StreetOpening
from clerk_desk.money import Money
from clerk_desk.special_charges import service as special_charges
from clerk_desk.street_openings import rules as street_openings_rules
from clerk_desk.street_openings import service as street_openings
from clerk_desk.street_openings import work as street_openings_work
from clerk_desk.street_openings.rules import FROZEN_RULE
from clerk_desk.street_openings.service import OpeningData, SiteData
from ui.kit import printing as printing
from ui.street_openings.charges import CityRepairDialog, DeficiencyDialog
from ui.street_openings.dialogs import (
    ApproveDialog,
    FrozenEmergencyDialog,
    OpenedDialog,
    OpeningDialog,
    RenewDialog,
    WorkDialog,
)

__all__ = ["tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


# ---- the records a test starts from ----------------------------------------------------------


def local(year: int, month: int, day: int, hour: int, minute: int = 0) -> datetime:
    """An instant on City Hall's clock."""
    return datetime(year, month, day, hour, minute, tzinfo=city_zone())


def permit_bond(desk: Desk, who: SignedIn, party_id: int, opening_id: int) -> None:
    """The $10,000 bond for this permit (§ 506-6 (Bond))."""
    with desk.action(who) as action:
        bonds.file_bond(
            action,
            BondData(
                kind=BondKind.STREET_OPENING,
                principal_id=party_id,
                surety="Western Surety Company",
                bond_number="SO-55120",
                amount=Money("10000"),
                effective_on=date(2026, 11, 30),
                expires_on=date(2027, 12, 31),
                record_type="street_opening",
                record_id=str(opening_id),
            ),
        )


def stored(desk: Desk, opening_id: int) -> StreetOpening:
    with desk.database.reading() as session:
        opening = session.get(StreetOpening, opening_id)
        assert opening is not None
        session.expunge(opening)
        return opening


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """The print hook, replaced: the PDF bytes it was given are kept."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


def choose_applicant(qtbot: Any, dialog: OpeningDialog, text: str) -> None:
    picker = dialog.applicant
    picker.search_field.clear()
    qtbot.keyClicks(picker.search_field, text)
    picker.search_field.flush()
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Down)  # into the matches: the first is chosen


def add_site(
    qtbot: Any,
    dialog: OpeningDialog,
    street: str,
    location: str,
    surface: str = "asphalt",
    size: tuple[int, int] = (0, 0),
) -> None:
    sites = dialog.sites
    sites.street.setCurrentIndex(sites.street.findText(street))
    sites.surface.setCurrentIndex(sites.surface.findData(surface))
    sites.length_box.setValue(size[0])
    sites.width_box.setValue(size[1])
    qtbot.keyClicks(sites.location, location)
    qtbot.keyClick(sites.location, Qt.Key.Key_Return)  # Enter in Location lists the opening


# ---- the test: an emergency, then a contractor's permit --------------------------------


def test_an_emergency_opening_from_application_to_the_printed_permit(
    qtbot, tab, desk, clerk, inspector, dialogs, messages, printed
) -> None:
    """A utility's gas main broke Sunday night: applied for Monday, no bond (a public utility),
    certificate of insurance on file, frozen ground determined an emergency by the Director of
    Public Works, no permit fee (applied within two business days), approved and printed."""
    utility = add_party(desk, clerk, "St. Croix Valley Gas", utility=True)
    add_street(desk, clerk, "Orange", "N")
    insure(desk, clerk, utility)

    def application(dialog: QDialog) -> None:
        assert isinstance(dialog, OpeningDialog)
        choose_applicant(qtbot, dialog, "croix")
        assert "public utility" in dialog.applicant.chosen.text()
        add_site(qtbot, dialog, "Orange St N", "In front of 410 Orange St N", size=(10, 6))
        assert [s.location for s in dialog.sites.sites()] == ["In front of 410 Orange St N"]
        qtbot.keyClicks(dialog.nature, "Repair of a leaking 4-inch gas main")
        qtbot.keyClicks(dialog.method, "Saw cut, excavate by vacuum truck, backfill in lifts")
        dialog.emergency.setChecked(True)
        dialog.opened_on.setDate(date(2026, 11, 29))  # Sunday night
        dialog.notified.set_value(local(2026, 11, 29, 23, 40))
        notes = texts(dialog.days_view)
        assert "Sun Nov 29, 2026" in notes and "frozen-ground season" in notes
        assert FROZEN_RULE in notes
        assert "next business day, Mon Nov 30, 2026" in notes
        assert "two regular business days, by Tue Dec 1, 2026" in notes
        assert "no permit fee is billed" in notes
        dialog.save_button.click()

    dialogs.append(application)
    with qtbot.wait_signal(tab.status) as told:
        tab.new_button.click()
    assert messages == []
    assert told.args[0] == "Street opening SO-2026-001 taken. No permit fee billed."
    with desk.database.reading() as session:
        opening = session.scalars(select(StreetOpening)).one()
        assert (opening.status, opening.emergency, opening.opened_on) == (
            OpeningStatus.APPLIED,
            True,
            date(2026, 11, 29),
        )
        assert opening.city_notified_at == local(2026, 11, 29, 23, 40)
        assert [(s.location, s.length_ft, s.width_ft) for s in opening.sites] == [
            ("In front of 410 Orange St N", 10, 6)
        ]
        assert ledger.dues_for(session, RecordRef("street_opening", str(opening.id))) == []
        opening_id = opening.id
    row = tab.selected()
    assert row is not None and row.id == opening_id
    assert tab.model.column_texts(0) == [
        "SO-2026-001",
        "St. Croix Valley Gas (utility)",
        "In front of 410 Orange St N",
        "Yes",
        "11/30/2026",
        "",
        "Applied",
        "",
    ]
    shown = texts(tab.findings)
    assert "Stops" in shown and FROZEN_RULE in shown  # frozen ground, with the rule in full
    assert "no indemnity bond is required" in shown
    assert "within two regular business days" in shown and "no permit fee" in shown
    assert "public utility" in tab.summary.text()
    # The Clerk records; the Director of Public Works decides.
    assert not tab.approve_button.isEnabled() and not tab.frozen_button.isEnabled()
    assert "you need the role" in tab.approve_button.toolTip()

    desk_of_dpw = make_tab(qtbot, desk, inspector)
    desk_of_dpw.select_opening(opening_id)

    def frozen(dialog: QDialog) -> None:
        assert isinstance(dialog, FrozenEmergencyDialog)
        dialog.official.clear()
        dialog.save_button.click()  # nobody named: refused under the field
        assert dialog.errors.message("determined_by").startswith("Name the official")
        qtbot.keyClicks(dialog.official, "Dana Whitfield")
        dialog.title.setCurrentText("Director of Public Works")
        dialog.save_button.click()

    dialogs.append(frozen)
    desk_of_dpw.frozen_button.click()
    assert messages == []
    assert stored(desk, opening_id).frozen_emergency_by == (
        "Dana Whitfield, Director of Public Works"
    )

    def approve(dialog: QDialog) -> None:
        assert isinstance(dialog, ApproveDialog)
        assert dialog.blocked == []
        assert "determined an emergency excavation by Dana Whitfield" in texts(dialog.view)
        assert dialog.save_button.isEnabled()
        dialog.title.setCurrentText("Director of Public Works")
        dialog.save_button.click()

    dialogs.append(approve)
    desk_of_dpw.approve_button.click()
    assert messages == []
    saved = stored(desk, opening_id)
    assert (saved.status, saved.approved_on, saved.valid_until) == (
        OpeningStatus.IN_PROGRESS,  # the opening was made before the approval
        date(2026, 11, 30),
        date(2027, 5, 30),
    )
    assert saved.approved_by_title == "Director of Public Works"
    [(title, pdf)] = printed
    assert title == "Street opening permit SO-2026-001"
    text = papers.text(pdf)
    assert "SO-2026-001" in text and "In front of 410 Orange St N" in text
    assert "Sun May 30, 2027" in text  # valid through: six months from approval
    assert "St. Croix Valley Gas" in text and "No permit fee" in text
    events = [r.summary for r in desk_of_dpw.history_model.rows]
    assert events[0].startswith("Street opening SO-2026-001 applied for")
    assert any("determined SO-2026-001 an emergency excavation" in e for e in events)
    assert events[-1].startswith("Street opening SO-2026-001 approved, valid through")
    assert desk_of_dpw.history_model.rows[-1].who == f"Test {Role.INSPECTOR.label}"


def test_a_contractors_permit_with_the_fee_receipted_and_approved_by_an_inspector(
    qtbot, tab, desk, clerk, inspector, dialogs, messages, printed
) -> None:
    contractor = add_party(desk, clerk, "Kinni Excavating")
    add_street(desk, clerk, "Broad", "N")
    insure(desk, clerk, contractor)

    def application(dialog: QDialog) -> None:
        assert isinstance(dialog, OpeningDialog)
        choose_applicant(qtbot, dialog, "kinni")
        add_site(qtbot, dialog, "Broad St N", "123 Broad St N, northbound lane", size=(12, 4))
        qtbot.keyClicks(dialog.nature, "Replace water service lateral")
        qtbot.keyClicks(dialog.method, "Saw cut, backhoe, compacted crushed stone")
        dialog.planned_start.set_value(date(2027, 5, 3))
        dialog.planned_end.set_value(date(2027, 5, 7))
        notes = texts(dialog.days_view)
        assert "Mon May 3, 2027 to Fri May 7, 2027" in notes
        assert "outside the frozen-ground season" in notes
        dialog.save_button.click()

    dialogs.append(application)
    with qtbot.wait_signal(tab.status) as told:
        tab.new_button.click()
    assert messages == []
    assert told.args[0] == "Street opening SO-2026-001 taken. Fee billed: $50.00."
    opening_id = tab.selected().id  # type: ignore[union-attr]
    assert [(d.kind, d.amount, d.status) for d in tab.due_model.rows] == [
        (DueKind.FEE, Money("50.00"), DueStatus.OPEN)
    ]
    assert tab.pages.tabText(4) == "Amounts due (1 open)"

    # Not yet: the fee is unpaid and no bond is on file. The official sees why.
    desk_of_inspector = make_tab(qtbot, desk, inspector)
    desk_of_inspector.select_opening(opening_id)

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, ApproveDialog)
        stops = " ".join(f.text for f in dialog.blocked)
        assert "The fee is not paid ($50.00 owed)" in stops
        assert "bond must be deposited" in stops
        assert not dialog.save_button.isEnabled()

    dialogs.append(look)
    desk_of_inspector.approve_button.click()
    assert stored(desk, opening_id).status == OpeningStatus.APPLIED

    permit_bond(desk, clerk, contractor, opening_id)
    receipt = pay_fees(desk, clerk, contractor, opening_id)
    desk_of_inspector.refresh()
    [paid] = desk_of_inspector.due_model.rows
    assert (paid.status, paid.receipts) == (DueStatus.PAID, (receipt,))
    assert desk_of_inspector.due_model.column_texts(0)[5:] == [receipt, "Paid"]

    def approve(dialog: QDialog) -> None:
        assert isinstance(dialog, ApproveDialog)
        assert dialog.blocked == []
        shown = texts(dialog.view)
        assert "Bond No. SO-55120 ($10,000.00) is on file for this permit" in shown
        assert "through <b>Sun May 30, 2027</b>" in dialog.validity.text()
        dialog.title.setCurrentText("Building Inspector")
        dialog.save_button.click()

    dialogs.append(approve)
    with qtbot.wait_signal(desk_of_inspector.status) as told:
        desk_of_inspector.approve_button.click()
    assert messages == []
    saved = stored(desk, opening_id)
    assert (saved.status, saved.approved_by_title, saved.valid_until) == (
        OpeningStatus.APPROVED,
        "Building Inspector",
        date(2027, 5, 30),
    )
    [(_title, pdf)] = printed
    text = papers.text(pdf)
    assert "SO-2026-001" in text
    assert "123 Broad St N, northbound lane" in text
    assert "Sun May 30, 2027" in text
    assert receipt in text
    assert "Building Inspector" in text
    assert desk_of_inspector.model.column_texts(0)[5:7] == ["05/30/2027", "Approved"]

    # Printed again from the tab, by anyone.
    tab.refresh()
    tab.select_opening(opening_id)
    assert tab.print_button.isEnabled()
    tab.print_button.click()
    assert len(printed) == 2 and receipt in papers.text(printed[-1][1])


# ---- forms -------------------------------------------------------------------------------------


def test_errors_show_under_their_fields_and_nothing_typed_is_lost(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    add_party(desk, clerk, "Kinni Excavating")
    add_street(desk, clerk, "Broad", "N")

    def application(dialog: QDialog) -> None:
        assert isinstance(dialog, OpeningDialog)
        dialog.save_button.click()
        assert dialog.errors.message("applicant_id").startswith("Choose the applicant")
        choose_applicant(qtbot, dialog, "kinni")
        dialog.save_button.click()
        assert dialog.isVisible()
        assert dialog.errors.message("sites").startswith(
            "List every opening: each must be on the application when it is submitted."
        )
        assert "§ 506-6 (Fee)" in dialog.errors.message("sites")
        assert dialog.errors.message("applicant_id") == ""
        # Typed but not added: it is saved with the application all the same.
        dialog.sites.street.setCurrentIndex(dialog.sites.street.findText("Broad St N"))
        qtbot.keyClicks(dialog.sites.location, "At 200 Broad St N")
        dialog.planned_start.set_value(date(2027, 6, 7))
        dialog.planned_end.set_value(date(2027, 6, 1))
        dialog.save_button.click()
        assert dialog.errors.message("planned_end") == "The work cannot end before it starts."
        dialog.planned_end.set_value(date(2027, 6, 9))
        dialog.save_button.click()

    dialogs.append(application)
    tab.new_button.click()
    assert messages == []
    with desk.database.reading() as session:
        opening = session.scalars(select(StreetOpening)).one()
        assert [s.location for s in opening.sites] == ["At 200 Broad St N"]
        assert opening.sites[0].street is not None
        assert opening.sites[0].street.full_name == "Broad St N"


def test_the_clerk_cannot_approve_and_the_core_refuses_too(
    qtbot, tab, desk, clerk, messages
) -> None:
    party = add_party(desk, clerk, "Kinni Excavating")
    street = add_street(desk, clerk, "Broad", "N")
    opening_id = apply(
        desk,
        clerk,
        OpeningData(party, [SiteData("At 200 Broad St N", street)], "Water", "Backhoe"),
    )
    tab.refresh()
    tab.select_opening(opening_id)
    for button in (
        tab.approve_button,
        tab.refuse_button,
        tab.frozen_button,
    ):
        assert not button.isEnabled()
        tip = button.toolTip()
        assert "you need the role" in tip and "Building Inspector" in tip
    # What the Clerk may do stays open to the Clerk.
    assert tab.opened_button.isEnabled() and tab.council_button.isEnabled()
    assert not tab.work_button.isEnabled()  # not approved yet
    assert tab.work_button.toolTip() == (
        "Street opening SO-2026-001 is applied. The work is recorded once the permit is approved."
    )
    assert not tab.print_button.isEnabled()
    with pytest.raises(PermissionDenied, match="you need the role"), desk.action(clerk) as a:
        street_openings.approve(a, opening_id, title="Building Inspector")


def test_an_opening_made_before_the_permit_doubles_the_fee_and_says_so_first(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    party = add_party(desk, clerk, "Kinni Excavating")
    street = add_street(desk, clerk, "Broad", "N")
    opening_id = apply(
        desk,
        clerk,
        OpeningData(party, [SiteData("At 200 Broad St N", street)], "Water", "Backhoe"),
    )
    tab.refresh()
    tab.select_opening(opening_id)

    def made(dialog: QDialog) -> None:
        assert isinstance(dialog, OpenedDialog)
        shown = texts(dialog.fee_view)
        assert "Made before an approved permit was received" in shown
        assert "$50.00 more is billed to Kinni Excavating" in shown and "§ 506-6 (Fee)" in shown
        dialog.day.setDate(date(2026, 12, 1))  # tomorrow: refused under the date
        dialog.save_button.click()
        assert dialog.errors.message("opened_on") == "The opening cannot be made after today."
        dialog.day.setDate(date(2026, 11, 27))
        dialog.save_button.click()

    dialogs.append(made)
    tab.opened_button.click()
    assert messages == []
    assert [(r.kind, r.amount) for r in tab.due_model.rows] == [
        (DueKind.FEE, Money("50.00")),
        (DueKind.DOUBLED_FEE, Money("50.00")),
    ]
    assert stored(desk, opening_id).opened_on == date(2026, 11, 27)


def test_charges_show_the_twenty_percent_and_the_total_before_saving(
    qtbot, desk, clerk, inspector, dialogs, messages
) -> None:
    party = add_party(desk, clerk, "St. Croix Valley Gas", utility=True)
    street = add_street(desk, clerk, "Orange", "N")
    insure(desk, clerk, party)
    opening_id = approved(
        desk,
        clerk,
        inspector,
        party,
        OpeningData(
            party,
            [SiteData("At 410 Orange St N", street)],
            "Gas",
            "Vacuum",
            planned_start=date(2027, 5, 3),
        ),
    )
    tab = make_tab(qtbot, desk, clerk)
    tab.select_opening(opening_id)

    def deficiency(dialog: QDialog) -> None:
        assert isinstance(dialog, DeficiencyDialog)
        qtbot.keyClicks(dialog.amounts["labor"], "1,000")
        qtbot.keyClicks(dialog.amounts["materials"], "250.50")
        qtbot.keyClicks(dialog.amounts["equipment"], "12.345")
        assert "cents" in dialog.preview.text() or "12.345" in dialog.preview.text()
        dialog.amounts["equipment"].clear()
        qtbot.keyClicks(dialog.amounts["equipment"], "49.50")
        shown = dialog.preview.text()
        assert "$1,300.00 + 20% for administration $260.00 = <b>$1,560.00</b>" in shown
        assert "Wed Dec 30, 2026" in shown
        dialog.save_button.click()

    def city_repair(dialog: QDialog) -> None:
        assert isinstance(dialog, CityRepairDialog)
        qtbot.keyClicks(dialog.amounts["repair"], "800")
        qtbot.keyClicks(dialog.amounts["maintenance"], "120")
        shown = dialog.preview.text()
        assert "<b>$920.00</b>" in shown and "lien" in shown and "special tax" in shown
        assert "Mon Mar 1, 2027" in shown  # 90 days from Nov 30: Sun Feb 28 moves to Monday
        assert "the tax roll from Tue Mar 2, 2027" in shown
        assert "the premises (choose the parcel)" in shown
        dialog.save_button.click()  # no parcel: refused under the parcel, the form stays open
        assert dialog.isVisible()
        assert dialog.errors.message("parcel").startswith(
            "Choose the premises for which the permit was issued: unpaid, the charge becomes a "
            "lien against them."
        )
        qtbot.keyClicks(dialog.parcel.search_field, "410 orange")
        dialog.parcel.search_field.flush()
        qtbot.keyClick(dialog.parcel.search_field, Qt.Key.Key_Down)
        assert "lien against parcel 281-07410-0000, 410 Orange St N" in dialog.preview.text()
        dialog.save_button.click()

    with desk.action(clerk) as action:
        premises = parties.add_parcel(
            action, parties.ParcelData("281-07410-0000", "410 Orange St N", owner_id=party)
        ).id
    dialogs.append(deficiency)
    tab.deficiency_button.click()
    dialogs.append(city_repair)
    tab.repair_button.click()
    assert messages == []
    rows = [r for r in tab.due_model.rows if r.kind is DueKind.SPECIAL_CHARGE]
    assert [(r.kind, r.amount, r.due_on) for r in rows] == [
        (DueKind.SPECIAL_CHARGE, Money("1560.00"), date(2026, 12, 30)),
        (DueKind.SPECIAL_CHARGE, Money("920.00"), date(2027, 3, 1)),
    ]
    with desk.database.reading() as session:
        deficiency_charge, repair_charge = special_charges.charges_for(
            session, street_openings_rules.RECORD_TYPE, str(opening_id)
        )
        assert (deficiency_charge.kind, deficiency_charge.administration) == (
            ChargeKind.DEFICIENCY_REPAIR,
            Money("260.00"),
        )
        assert (repair_charge.kind, repair_charge.parcel_id, repair_charge.tax_roll_on) == (
            ChargeKind.OPENING_REPAIR,
            premises,
            date(2027, 3, 2),
        )


def test_work_recorded_with_its_times_and_the_checklist(
    qtbot, desk, clerk, inspector, clock: FixedClock, dialogs, messages
) -> None:
    party = add_party(desk, clerk, "St. Croix Valley Gas", utility=True)
    street = add_street(desk, clerk, "Orange", "N")
    insure(desk, clerk, party)
    clock.set(datetime(2027, 5, 3, 8, 0))
    opening_id = approved(
        desk,
        clerk,
        inspector,
        party,
        OpeningData(
            party,
            [SiteData("At 410 Orange St N", street)],
            "Gas",
            "Vacuum",
            planned_start=date(2027, 5, 4),
        ),
    )
    clock.set(datetime(2027, 5, 4, 16, 0))
    tab = make_tab(qtbot, desk, clerk)
    tab.select_opening(opening_id)
    assert [line.title for line in tab.checklist_model.rows][:2] == [
        "Notice 24 hours before the work",
        "Notice 4 hours before backfilling",
    ]

    def work(dialog: QDialog) -> None:
        assert isinstance(dialog, WorkDialog)
        dialog.commencement.set_value(local(2027, 5, 3, 7, 0))
        dialog.started.set_value(local(2027, 5, 4, 7, 30))
        dialog.backfill_notice.set_value(local(2027, 5, 4, 12, 0))
        dialog.backfilled.set_value(local(2027, 5, 4, 14, 0))  # two hours' notice: too little
        dialog.save_button.click()

    dialogs.append(work)
    tab.work_button.click()
    assert messages == []
    lines = {line.title: line for line in tab.checklist_model.rows}
    notice = lines["Notice 24 hours before the work"]
    assert notice.done and notice.when == "Mon May 3, 2027 7:00 AM"
    backfill = lines["Notice 4 hours before backfilling"]
    assert not backfill.done and backfill.finding is not None
    assert backfill.finding.text.startswith(
        "The notice came 2 hours before backfilling, counted as"
    )
    assert "Permanent pavement within 60 days" in lines
    assert tab.model.column_texts(0)[6] == "In progress"

    assert not tab.renew_button.isEnabled()  # the Clerk may not renew
    assert "you need the role" in tab.renew_button.toolTip()
    dpw_tab = make_tab(qtbot, desk, inspector)
    dpw_tab.select_opening(opening_id)

    def renew(dialog: QDialog) -> None:
        assert isinstance(dialog, RenewDialog)
        shown = dialog.after.text()
        assert "Valid through Wed Nov 3, 2027 now; through <b>Fri Dec 3, 2027</b>" in shown
        dialog.official.clear()
        qtbot.keyClicks(dialog.official, "Dana Whitfield")
        dialog.save_button.click()

    dialogs.append(renew)
    dpw_tab.renew_button.click()
    assert messages == []
    assert stored(desk, opening_id).valid_until == date(2027, 12, 3)
    assert dpw_tab.renewal_model.column_texts(0) == [
        "05/04/2027",
        "05/04/2027",
        "Dana Whitfield, Building Inspector",
        "12/03/2027",
    ]


def test_city_work_is_recorded_exempt_without_a_fee(
    qtbot, tab, desk, clerk, dialogs, messages
) -> None:
    add_party(desk, clerk, "Prescott Public Works Department")
    add_street(desk, clerk, "Kinnickinnic")

    def city_work(dialog: QDialog) -> None:
        assert isinstance(dialog, OpeningDialog) and dialog.city_work
        assert dialog.banner is not None
        assert "(§ 506-6 (City work excluded))" in dialog.banner.text()
        choose_applicant(qtbot, dialog, "public works")
        add_site(qtbot, dialog, "Kinnickinnic St", "Storm sewer at Kinnickinnic St and Lake St")
        dialog.save_button.click()

    dialogs.append(city_work)
    with qtbot.wait_signal(tab.status) as told:
        tab.city_work_button.click()
    assert messages == []
    assert told.args[0] == "Street opening SO-2026-001 recorded (exempt)."
    assert tab.model.column_texts(0)[6] == "City work (exempt)"
    assert "City work: no permit or fee" in texts(tab.findings)
    assert tab.due_model.rowCount() == 0
    assert not tab.approve_button.isEnabled() and not tab.print_button.isEnabled()


def test_refused_and_closed_permits_stay_in_the_register(
    qtbot, desk, clerk, inspector, clock: FixedClock, dialogs, messages
) -> None:
    gas = add_party(desk, clerk, "St. Croix Valley Gas", utility=True)
    orange = add_street(desk, clerk, "Orange", "N")
    insure(desk, clerk, gas)
    clock.set(datetime(2026, 5, 4, 9, 0))
    done = approved(
        desk,
        clerk,
        inspector,
        gas,
        OpeningData(
            gas,
            [SiteData("At 118 Orange St N", orange)],
            "Gas",
            "Vacuum",
            planned_start=date(2026, 5, 6),
        ),
    )
    clock.set(datetime(2026, 5, 21, 9, 0))
    with desk.action(clerk) as action:
        street_openings_work.record_work(
            action,
            done,
            street_openings_work.WorkRecord(
                started_at=local(2026, 5, 6, 7, 30), completed_on=date(2026, 5, 20)
            ),
        )
    clock.set(datetime(2026, 11, 30, 10, 0))
    refused = apply(
        desk, clerk, OpeningData(gas, [SiteData("At 410 Orange St N", orange)], "Gas", "Vac")
    )
    dpw = make_tab(qtbot, desk, inspector)
    dpw.select_opening(done)
    assert dpw.model.column_texts(dpw.model.row_of(lambda r: r.id == done))[6] == (
        "Guarantee period"
    )
    assert not dpw.close_button.isEnabled()
    assert "one-year guarantee" in dpw.close_button.toolTip()

    dpw.select_opening(refused)

    def refuse(dialog: QDialog) -> None:
        assert dialog.objectName() == "refuse_dialog"
        dialog.save_button.click()
        assert dialog.errors.message("reason") == "State why the permit is refused."
        qtbot.keyClicks(dialog.reason, "Street repaved 2024; no Council finding")
        dialog.save_button.click()

    dialogs.append(refuse)
    dpw.refuse_button.click()
    assert messages == []
    assert stored(desk, refused).status == OpeningStatus.REFUSED
    assert dpw.model.column_texts(dpw.model.row_of(lambda r: r.id == refused))[6] == "Refused"
    assert "Street repaved 2024" in dpw.summary.text()
    assert not dpw.approve_button.isEnabled() and not dpw.opened_button.isEnabled()

    clock.set(datetime(2027, 5, 21, 9, 0))  # the guarantee ran through May 20, 2027
    dpw.refresh()
    dpw.select_opening(done)
    assert dpw.close_button.isEnabled()
    dpw.close_button.click()
    assert messages[0].startswith("Close permit SO-2026-001?")
    assert stored(desk, done).status == OpeningStatus.CLOSED
    assert dpw.selected().status_text == "Closed"  # type: ignore[union-attr]
