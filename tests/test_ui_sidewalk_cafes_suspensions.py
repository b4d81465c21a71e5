"""Sidewalk Cafes tab (§ 506-10), a permit after it is issued: suspensions on short and on seven
days' notice and their letters, the revocation meeting and the revocation, renewals and
denials, and the register that shows them (its model, its export, a record for the Today tab).

"Today" starts on Monday, November 30, 2026, 10:00 a.m.; the records, the fixtures and the
replaced dialogs and printer are those of ui_sidewalk_cafes_steps.py.
"""

from __future__ import annotations

import html
from dataclasses import replace
from datetime import date, datetime, time

import papers  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import QDate
from PySide6.QtWidgets import QDialog, QLabel
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import select
from ui_sidewalk_cafes_steps import (  # type: ignore[import-not-found]
    _business_on_broad,
    _certificate,
    _meeting,
    _pay_fee,
    _stored,
    label_text,
    printed,
    site_plan_png,
    tab,
)

from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import CafeStatus, Role
from clerk_desk.models import SidewalkCafe
from clerk_desk.money import Money
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sidewalk_cafes
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes.rules import CafeData
from ui.kit import forms as forms
from ui.kit.meetings import ReasonForm
from ui.sidewalk_cafes.suspension_dialogs import (
    LiftSuspensionDialog,
    RevocationNoticeDialog,
    RevokeDialog,
    SuspendDialog,
)

__all__ = ["printed", "tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


# ---- a suspension on seven days' written notice, and its letter -------------------------------


def _issued(desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn) -> int:
    """A permit issued Mon Nov 30, 2026, through the core (the steps are the test above's):
    applied for Fri Oct 30, the notice mailed Mon Nov 2, the Council's approval Mon Nov 23."""
    party = _business_on_broad(desk, clerk, "Great River Tavern Inc.")
    clock.set(datetime(2026, 10, 30, 10, 0))
    with desk.action(clerk) as action:
        cafe = sidewalk_cafes.receive_application(
            action,
            CafeData(
                party,
                "Great River Tavern",
                "301 Broad St N",
                zoning_district="C-1",
                commercially_zoned=True,
                sales_from=date(2026, 4, 1),
                sales_to=date(2026, 9, 30),
                gross_sales=Money("90000"),
                food_and_soft_drink_sales=Money("60000"),
                sidewalk_width_in=144,
                clear_passage_in=84,
                curb_setback_in=84,
                aisle_in=48,
                frontage_in=300,
                cafe_length_in=240,
                cafe_depth_in=60,
                opens_at=time(11),
                closes_at=time(21),
                indoor_opens_at=time(10),
                indoor_closes_at=time(22),
                site_plan_scale="1/8 in = 1 ft",
            ),
            site_plan=("tavern-plan.png", site_plan_png()),
            sales_records=("tavern-sales.pdf", b"%PDF-1.4\n% sales\n"),
        )
        action.session.flush()
        cafe_id = cafe
        cafe_notice.set_neighbors(
            action,
            cafe_id,
            [cafe_rules.NeighborData("Ruth Halvorsen", "241 Broad St N", distance_ft=60)],
        )
    clock.set(datetime(2026, 11, 2, 10, 0))
    with desk.action(clerk) as action:
        cafe_notice.record_notice_mailed(
            action, cafe_id, mailed_on=date(2026, 11, 2), by_name="Test Clerk"
        )
    clock.set(datetime(2026, 11, 20, 10, 0))
    with desk.action(inspector) as action:
        sidewalk_cafes.record_dpw_inspection(
            action, cafe_id, on=date(2026, 11, 20), by_name="Dale Moen", satisfied=True
        )
    meeting = _meeting(desk, clerk, date(2026, 11, 23))
    clock.set(datetime(2026, 11, 24, 10, 0))
    with desk.action(clerk) as action:
        cafe_council.record_council_decision(action, cafe_id, meeting_id=meeting, approved=True)
    clock.set(datetime(2026, 11, 30, 10, 0))
    _certificate(desk, clerk, party)
    _pay_fee(desk, clerk, cafe_id, party)
    with desk.action(clerk) as action:
        cafe_council.issue(action, cafe_id)
    return cafe_id


def test_a_suspension_on_short_notice_is_recorded_with_why_and_its_letter_says_so(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages, printed
) -> None:
    """Issue 21 (§ 506-10): without seven days' notice the City may still suspend; the form
    asks why next to the field, the error goes once it is said, and the letter tells the
    permittee why no notice could be given."""
    cafe_id = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    tab.refresh()
    tab.select_cafe(cafe_id)
    why = "The sidewalk caved in over the storm sewer on Sunday"

    def suspend(dialog: QDialog) -> None:
        assert isinstance(dialog, SuspendDialog)
        dialog.notice_on.setDate(QDate(2026, 11, 30))
        dialog.starts_on.setDate(QDate(2026, 12, 2))  # two days' notice
        dialog.ends_on.setDate(QDate(2026, 12, 4))
        qtbot.keyClicks(dialog.reason, "Storm sewer repair in front of the cafe")
        dialog.save_button.click()
        assert "2 days before the suspension starts" in dialog.errors.message("short_notice_reason")
        qtbot.keyClicks(dialog.short_notice, why)
        dialog.save_button.click()

    dialogs.append(suspend)
    tab.suspend_button.click()
    assert not messages, messages
    (suspension,) = _stored(desk, cafe_id).suspensions
    assert (suspension.starts_on, suspension.short_notice_reason) == (date(2026, 12, 2), why)
    letter = papers.text(printed[0][1])
    assert "Given Monday, November 30, 2026, 2 days before the suspension begins" in letter
    assert "could not give the 7 days" in letter and why in letter
    assert tab.suspension_model.column_texts(0)[0] == f"11/30/2026, short of seven days: {why}"


def test_a_suspension_on_seven_days_notice_and_its_letter(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages, printed
) -> None:
    cafe_id = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    tab.refresh()
    tab.select_cafe(cafe_id)
    assert tab.suspend_button.isEnabled()
    reason = "Prescott Daze: Broad St N closed to traffic for the parade."

    def suspend(dialog: QDialog) -> None:
        assert isinstance(dialog, SuspendDialog)
        dialog.notice_on.setDate(QDate(2026, 11, 30))
        dialog.starts_on.setDate(QDate(2026, 12, 6))  # six days after the notice: asks why
        dialog.ends_on.setDate(QDate(2026, 12, 7))
        qtbot.keyClicks(dialog.reason, reason)
        assert "Written notice is due by <b>Sun Nov 29, 2026</b>" in dialog.latest.text()
        dialog.save_button.click()
        message = dialog.errors.message("short_notice_reason")
        assert "seven days' written notice was due by Sun Nov 29, 2026" in message
        assert "say why notice could not be given, or record an emergency" in message
        assert "§ 506-10 (Term and renewal of permit; temporary suspension of operation)" in (
            message
        )
        dialog.starts_on.setDate(QDate(2026, 12, 7))  # seven days: accepted
        assert "Written notice is due by <b>Mon Nov 30, 2026</b>" in dialog.latest.text()
        dialog.save_button.click()

    dialogs.append(suspend)
    tab.suspend_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    (suspension,) = stored.suspensions
    assert (suspension.notice_on, suspension.starts_on, suspension.ends_on) == (
        date(2026, 11, 30),
        date(2026, 12, 7),
        date(2026, 12, 7),
    )
    assert [title for title, _ in printed] == ["Suspension letter — SC-2026-001"]
    letter = papers.text(printed[0][1])
    assert "Great River Tavern" in letter and "301 Broad St N" in letter
    assert "Prescott Daze" in letter
    assert "Suspended Monday, December 7, 2026" in letter
    assert "Given Monday, November 30, 2026, 7 days before the suspension begins" in letter
    assert tab.pages.currentIndex() == 4
    assert tab.suspension_model.column_texts(0)[:4] == [
        "11/30/2026",
        "12/07/2026",
        "12/07/2026",
        "To come",
    ]
    tab.letter_button.click()  # printed again from the Suspensions page
    assert printed[-1][0] == "Suspension letter — SC-2026-001"

    def lift(dialog: QDialog) -> None:
        assert isinstance(dialog, LiftSuspensionDialog)
        dialog.save_button.click()  # no reason: refused under the field
        assert dialog.errors.message("reason") == "Say why the suspension is lifted."
        qtbot.keyClicks(dialog.reason, "The parade route was moved to Orange St")
        dialog.save_button.click()

    assert tab.lift_button.isEnabled()
    dialogs.append(lift)
    tab.lift_button.click()
    assert not messages, messages
    (suspension,) = _stored(desk, cafe_id).suspensions
    assert suspension.lifted_on == date(2026, 11, 30)
    assert tab.suspension_model.column_texts(0)[3] == "Called off"
    assert not tab.lift_button.isEnabled()
    assert tab.lift_button.toolTip() == "This suspension was already lifted from Mon Nov 30, 2026."


def test_ten_days_notice_of_the_revocation_meeting_then_the_revocation(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages, printed
) -> None:
    cafe_id = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    seven_days = _meeting(desk, clerk, date(2026, 12, 7))
    ten_days = _meeting(desk, clerk, date(2026, 12, 10))
    tab.refresh()
    tab.select_cafe(cafe_id)
    assert not tab.revoke_button.isEnabled()  # the notice comes first
    grounds = "Tables set in the 6 ft passage on three inspections in November."

    def notice(dialog: QDialog) -> None:
        assert isinstance(dialog, RevocationNoticeDialog)
        qtbot.keyClicks(dialog.grounds, grounds)
        dialog.meeting.choose(seven_days)
        assert "written notice is due by <b>Fri Nov 27, 2026</b>" in dialog.latest.text()
        dialog.save_button.click()
        message = dialog.errors.message("meeting_id")
        assert "10 days' written notice is required" in message
        assert "§ 506-10 (Revocation of permit; appeal)" in message
        dialog.meeting.choose(ten_days)  # ten days after the notice, to the day: enough
        assert "written notice is due by <b>Mon Nov 30, 2026</b>" in dialog.latest.text()
        dialog.save_button.click()

    dialogs.append(notice)
    tab.revocation_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    assert stored.revocation_notice_on == date(2026, 11, 30)
    assert stored.revocation_meeting_id == ten_days
    assert [title for title, _ in printed] == ["Notice of revocation meeting — SC-2026-001"]
    letter = papers.text(printed[0][1])
    assert "Thursday, December 10, 2026" in letter and grounds in letter
    assert tab.revoke_button.isEnabled()

    def revoke(dialog: QDialog) -> None:
        assert isinstance(dialog, RevokeDialog)
        dialog.meeting.choose(ten_days)
        dialog.save_button.click()  # not held yet: said under the field
        assert "has not taken place yet" in dialog.errors.message("meeting_id")
        dialog.reject()

    dialogs.append(revoke)
    tab.revoke_button.click()
    clock.set(datetime(2026, 12, 11, 9, 0))
    tab.refresh()

    def revoke_held(dialog: QDialog) -> None:
        assert isinstance(dialog, RevokeDialog)
        dialog.meeting.choose(ten_days)
        dialog.temporary.setChecked(True)
        dialog.until.setDate(QDate(2027, 1, 31))
        dialog.save_button.click()

    dialogs.append(revoke_held)
    tab.revoke_button.click()
    assert not messages, messages
    stored = _stored(desk, cafe_id)
    assert stored.status == CafeStatus.REVOKED
    assert (stored.revoked_on, stored.revoked_until) == (date(2026, 12, 10), date(2027, 1, 31))
    assert tab.model.column_texts(0)[-1] == "Revoked until Sun Jan 31, 2027"
    assert not tab.print_button.isEnabled()


def test_the_register_model_passes_the_model_tester(
    qtbot, qtmodeltester, tab, desk, clock, clerk, operator_with
) -> None:
    _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    tab.refresh()
    assert tab.model.rowCount() == 1
    qtmodeltester.check(tab.model)
    qtmodeltester.check(tab.neighbor_model)


def test_the_register_exported_to_excel_and_a_record_shown_for_the_today_tab(
    qtbot, tab, desk, clock, clerk, operator_with, tmp_path, monkeypatch, child_jobs
) -> None:
    from openpyxl import load_workbook

    issued = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    bakery = _business_on_broad(desk, clerk, "Point Douglas Bakery")
    with desk.action(clerk) as action:
        sidewalk_cafes.receive_application(
            action, CafeData(bakery, "Point Douglas Bakery", "118 Orange St N")
        )
    tab.refresh()
    assert tab.count_label.text() == "2 applications"
    qtbot.keyClicks(tab.search_field, "douglas")
    tab.search_field.flush()
    searched(qtbot, tab)
    assert tab.count_label.text() == "1 application"
    tab.show_record(cafe_rules.RECORD_TYPE, str(issued))  # the filter gives way
    shown = tab.selected()
    assert shown is not None and shown.id == issued and tab.search_field.text() == ""
    assert shown.status_text == "Issued — expires Tue Nov 30, 2027"
    target = tmp_path / "cafes"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=20_000) as told:
        tab.export_button.click()
    assert told.args[0] == "2 applications written to cafes.xlsx"
    assert child_jobs == ["ui.sidewalk_cafes.jobs.register_workbook"]
    rows = list(load_workbook(f"{target}.xlsx").active.iter_rows(values_only=True))
    header_at = next(i for i, row in enumerate(rows) if row[0] == "Number")
    header = rows[header_at]
    body = {row[0]: row for row in rows[header_at + 1 :] if row[0]}
    assert set(body) == {"SC-2026-001", "SC-2026-002"}
    assert body["SC-2026-001"][header.index("Establishment")] == "Great River Tavern"
    assert body["SC-2026-002"][header.index("Status")] == "Applied"


def test_a_renewal_is_a_new_application_withdrawn_and_a_denial_only_the_council_gives(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages
) -> None:
    issued = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    tab.refresh()
    tab.select_cafe(issued)
    assert tab.renew_button.isEnabled()
    tab.renew_button.click()  # the question is answered Yes
    assert messages and "renewing permit SC-2026-001" in messages[-1]
    renewal = tab.selected()
    assert renewal is not None and renewal.number == "SC-2026-002"
    assert renewal.renews == "SC-2026-001" and renewal.status is CafeStatus.APPLIED
    assert "Renews permit SC-2026-001" in tab.summary.text()
    assert len(renewal.neighbors) == 1  # the list copied; the notice runs again
    assert "Not met" in tab.checklist.texts()["notice"]

    def withdraw(dialog: QDialog) -> None:
        assert isinstance(dialog, ReasonForm)
        assert any(
            "The fee billed stays as it is" in label.text() for label in dialog.findChildren(QLabel)
        )
        qtbot.keyClicks(dialog.reason, "Letter from the owner received 11/30")
        dialog.save_button.click()

    dialogs.append(withdraw)
    tab.withdraw_button.click()
    assert _stored(desk, renewal.id).status == CafeStatus.WITHDRAWN
    assert "Withdrawn: Letter from the owner received 11/30" in tab.summary.text()
    assert not tab.withdraw_button.isEnabled() and not tab.deny_button.isEnabled()

    # An application that meets every standard: the City Administrator may not deny it.
    tab.select_cafe(issued)
    tab.renew_button.click()
    again = tab.selected()
    assert again is not None and again.number == "SC-2026-003"
    with desk.action(clerk) as action:
        sidewalk_cafes.correct_application(
            action,
            again.id,
            replace(
                again.data(),
                sales_from=date(2026, 5, 1),
                sales_to=date(2026, 10, 31),
                gross_sales=Money("90000"),
                food_and_soft_drink_sales=Money("60000"),
            ),
        )
        sidewalk_cafes.attach_sales_records(action, again.id, "sales.pdf", b"%PDF-1.4\n")
    tab.refresh()
    tab.select_cafe(again.id)
    # it meets the standards and its notice has not gone out: no one may deny it yet
    assert not tab.deny_button.isEnabled()
    assert tab.deny_button.toolTip() == (
        "The application meets the standards of § 506-10: only the Common Council denies it. "
        "Record the Council's decision at its meeting. "
        "(§ 506-10 (Sidewalk cafe permit issuance))"
    )
    tab.deny_button.click()
    assert _stored(desk, again.id).status == CafeStatus.APPLIED


# ---- the review's findings, as the clerk meets them -------------------------------------------


def test_a_temporary_revocation_over_and_a_renewal_issued_show_in_the_register(
    qtbot, tab, desk, clock, clerk, operator_with
) -> None:
    cafe_id = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    meeting = _meeting(desk, clerk, date(2026, 12, 14))
    with desk.action(clerk) as action:
        cafe_suspensions.give_revocation_notice(
            action, cafe_id, notice_on=date(2026, 11, 30), meeting_id=meeting, grounds="Noise"
        )
    clock.set(datetime(2026, 12, 14, 20, 0))
    with desk.action(clerk) as action:
        cafe_suspensions.revoke(action, cafe_id, meeting_id=meeting, until=date(2026, 12, 31))
    tab.refresh()
    tab.select_cafe(cafe_id)
    assert tab.selected().status_text == "Revoked until Thu Dec 31, 2026"
    assert not tab.suspend_button.isEnabled() and not tab.renew_button.isEnabled()
    clock.set(datetime(2027, 1, 1, 10, 0))  # the day after its last day
    tab.refresh()
    tab.select_cafe(cafe_id)
    row = tab.selected()
    assert row is not None and row.status_text == "Issued — expires Tue Nov 30, 2027"
    assert row.standing and not row.closed
    for button in (tab.suspend_button, tab.revocation_button, tab.renew_button, tab.print_button):
        assert button.isEnabled(), button.objectName()
    assert tab.model.column_texts(0)[-1] == "Issued — expires Tue Nov 30, 2027"
    with desk.action(clerk) as action:
        cafe_council.renew(action, cafe_id)
    with desk.database.writing() as session:  # the renewal issued (its steps are the core's)
        renewal = session.scalars(
            select(SidewalkCafe).where(SidewalkCafe.renews_id == cafe_id)
        ).one()
        renewal.status, renewal.issued_on = CafeStatus.ISSUED, date(2027, 1, 1)
        renewal.expires_on = date(2028, 1, 1)
    tab.refresh()
    tab.select_cafe(cafe_id)
    old = tab.selected()
    assert old is not None and old.status_text == "Renewed by SC-2027-001"
    assert not old.standing and not tab.renew_button.isEnabled()
    assert tab.renew_button.toolTip() == "SC-2026-001 is already renewed by SC-2027-001."


def test_the_revocation_notice_states_every_ground_the_council_may_revoke_on(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs
) -> None:
    cafe_id = _issued(desk, clock, clerk, operator_with(Role.INSPECTOR))
    tab.refresh()
    tab.select_cafe(cafe_id)
    seen: list[str] = []

    def notice(dialog: QDialog) -> None:
        assert isinstance(dialog, RevocationNoticeDialog)
        seen.append(html.unescape(label_text(dialog, "revocation_note")))
        dialog.reject()

    dialogs.append(notice)
    tab.revocation_button.click()
    for ground in cafe_rules.REVOCATION_GROUNDS[:-1]:
        assert ground in seen[0]
    assert "; or for any other reason in the Council\u2019s discretion" in seen[0]
