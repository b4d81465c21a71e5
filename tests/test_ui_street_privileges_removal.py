"""Street Privileges tab (§ 506-9, with § 506-8), the materials removed: removal after the
Council's notice charged to the abutting owner, no removal offered for a street-only permit, a
notice after the permit ended refused in the form, and the City's costs, a refusal and a
withdrawal kept in the register.

"Today" is Monday, November 30, 2026, 10:00 a.m.; the records and fixtures are those of
ui_street_privileges_steps.py.
"""

from __future__ import annotations

from datetime import date, datetime

import pytest
from PySide6.QtCore import QDateTime, Qt
from PySide6.QtWidgets import QDialog
from ui_street_privileges_steps import (  # type: ignore[import-not-found]
    add_parcel,
    add_party,
    issued,
    local,
    make_tab,
    materials,
    receive,
    stored,
    tab,
)

from clerk_desk.clock import FixedClock
from clerk_desk.kinds import DueKind, DueStatus, PrivilegeStatus
from clerk_desk.money import Money
from clerk_desk.special_charges import service as special_charges
from clerk_desk.street_privileges import rules as street_privileges_rules
from ui.kit.dialog_parts import GOOD, LATE
from ui.street_privileges.decisions import CityCostsDialog, ReasonDialog
from ui.street_privileges.enforcement import CityRemovalDialog, RemovalNoticeDialog

__all__ = ["tab"]  # a fixture, used by name


pytestmark = pytest.mark.gui


# ---- removal of the materials --------------------------------------------------------------


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
