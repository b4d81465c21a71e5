"""What special event vending (§ 506-24) keeps and shows: the sponsors' list from a real CSV
or workbook, the register's search, the history, what the Today tab says, and what is kept of
the list as applied for, the Clerk's denial, the fee and the clocks after a correction.

"Today" is Mon Nov 30, 2026, 10:00 a.m. in Prescott unless a test moves the clock.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from openpyxl import Workbook
from vending_steps import (  # type: ignore[import-not-found]
    CHICAGO,
    EVENT,
    INSURANCE,
    PARTICIPANTS,
    PERMIT,
    POLICE,
    PROCEDURE,
    PROOF_DAY,
    _certificate,
    _data,
    _denied,
    _do,
    _festival,
    _get,
    _meeting,
    _pay,
    _police,
    _receive,
    _refused,
    _slots,
)
from vending_steps import sponsor as sponsor
from vending_steps import vendor as vendor

from clerk_desk import ledger, today
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput
from clerk_desk.kinds import Role, VendingStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import DoubtNotice, VendingAppeal, VendingApplication
from clerk_desk.petitions import service as petitions
from clerk_desk.today import TodayItem
from clerk_desk.vending import application as vending_application
from clerk_desk.vending import decisions as vending_decisions
from clerk_desk.vending import service as vending
from clerk_desk.vending import views as vending_views
from clerk_desk.vending.appeals import AppealOutcome
from clerk_desk.vending.application import ParticipantData
from reports.excel import read_table

WORKFLOW = "Special Event Vending"


def _vending_items(desk: Desk, who: SignedIn) -> list[TodayItem]:
    with desk.lookup(who) as action:
        return [i for i in today.gather(action) if i.workflow == WORKFLOW]


# -- the sponsors' list from a spreadsheet ------------------------------------------------------


def _write_csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        csv.writer(handle).writerows(rows)
    return path


def _write_xlsx(path: Path, rows: list[list[str]]) -> Path:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


LIST = [
    ["Name", "Role", "Goods", "Phone"],
    ["Prescott Area Chamber of Commerce", "Sponsor", "", ""],
    ["Kinnickinnic Coffee Co.", "", "Coffee", "(715) 555-0101"],
    ["", "", "", ""],
    ["  Zoë's   Crêpes ", "participant", "Crêpes", ""],
]


@pytest.mark.parametrize("write", [_write_csv, _write_xlsx], ids=["csv", "xlsx"])
def test_the_sponsors_list_is_read_from_a_spreadsheet(
    tmp_path: Path, write: Callable[[Path, list[list[str]]], Path]
) -> None:
    suffix = ".csv" if write is _write_csv else ".xlsx"
    people = vending.participants_from_rows(read_table(write(tmp_path / f"list{suffix}", LIST)))
    assert people == [
        ParticipantData("Prescott Area Chamber of Commerce", "sponsor", "", ""),
        ParticipantData("Kinnickinnic Coffee Co.", "participant", "Coffee", "(715) 555-0101"),
        ParticipantData("Zoë's Crêpes", "participant", "Crêpes", ""),
    ]
    # Problems are named by the row number the spreadsheet shows (the blank row 4 counts).
    bad_role = [*LIST[:4], ["Lions Club", "member", "", ""]]
    with pytest.raises(InvalidInput) as refused:
        vending.participants_from_rows(read_table(write(tmp_path / f"role{suffix}", bad_role)))
    assert refused.value.message == (
        "Line 5: Lions Club's role is 'member'; it must be sponsor or participant."
    )
    long_name = [*LIST[:4], ["x" * 201, "", "", ""]]
    with pytest.raises(InvalidInput) as refused:
        vending.participants_from_rows(read_table(write(tmp_path / f"long{suffix}", long_name)))
    assert refused.value.message == "Line 5's name is too long: at most 200 characters."
    no_name = [*LIST[:3], ["", "sponsor", "Pie", ""]]
    with pytest.raises(InvalidInput) as refused:
        vending.participants_from_rows(read_table(write(tmp_path / f"blank{suffix}", no_name)))
    assert refused.value.message == "Line 4 of the list has no name."
    assert refused.value.field == "participants"


def test_a_list_without_a_name_column_or_anyone_on_it_is_refused(tmp_path: Path) -> None:
    rows = read_table(_write_csv(tmp_path / "x.csv", [["Vendor name", "Goods"], ["Pie Co", "Pie"]]))
    with pytest.raises(InvalidInput) as refused:
        vending.participants_from_rows(rows)
    assert refused.value.message.startswith("The list has no Name column")
    with pytest.raises(InvalidInput, match="names no one"):
        vending.participants_from_rows([])
    # Plain dictionaries (typed rows) are counted from line 2, below the heading.
    with pytest.raises(InvalidInput, match=r"^Line 3 of the list has no name"):
        vending.participants_from_rows([{"Name": "Pie Co"}, {"Name": " ", "Goods": "Pie"}])


# -- the register, the history --------------------------------------------------------------------


def test_the_register_finds_applications_by_any_word(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, sponsor: int, vendor: int
) -> None:
    festival = _receive(desk, clerk, _festival(sponsor))
    stand = _receive(desk, clerk, _data(vendor))
    _police(desk, clerk, stand.id, date(2026, 11, 30))
    _pay(desk, treasurer, stand.id)
    _do(desk, clerk, vending.approve, stand.id)
    with desk.database.reading() as session:

        def found(text: str = "", **kw: Any) -> list[str]:
            return [a.number for a in vending.search_applications(session, text, **kw)]

        assert found() == ["V-2026-002", "V-2026-001"]  # newest first
        assert found("zoe crepes") == found("ORANGE st") == [festival.number]
        assert found("magee sev-2026-001") == [stand.number]
        assert found("daze", status=VendingStatus.APPROVED) == []
        assert found(status=VendingStatus.CONDITIONALLY_APPROVED) == [stand.number]
        assert found(year=2025) == []
        assert found("100%") == []  # a wildcard typed is a character
        assert found("v-2026-00") == ["V-2026-002", "V-2026-001"]


def test_the_history_lists_every_step(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    _pay(desk, treasurer, application.id)
    notice = builders.read_back(
        desk, clerk, DoubtNotice, vending.prepare_doubt_notice, application.id
    )
    clock.advance(hours=2)
    _do(
        desk,
        clerk,
        vending.record_notice_delivery,
        notice.id,
        delivered_at=clock.now(),
        manner="e-mail",
    )
    _do(desk, clerk, vending.correct_application, application.id, _festival(sponsor))
    _police(desk, clerk, application.id, date(2026, 11, 30))
    _do(desk, clerk, vending.deny, application.id, reasons="Orange St is being repaved.")
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, application.id, filed_on=date(2026, 11, 30)
    )
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    clock.set(datetime(2026, 12, 15, 9, 0))
    _do(
        desk,
        clerk,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=AppealOutcome.APPROVED_CONDITIONALLY,
        conditions="Booths on Broad St N only.",
    )
    with desk.database.reading() as session:
        events = vending.history(session, application.id)
    assert [e.action for e in events] == [
        "vending.receive",
        "due.create",
        "due.payment",
        "vending.doubt",
        "vending.doubt_delivered",
        "vending.correct",
        "vending.police",
        "vending.deny",
        "vending.appeal",
        "vending.appeal_decision",
    ]
    assert events[0].summary == (
        "Application V-2026-001 received from Prescott Daze Committee for Prescott Daze; "
        "matters in doubt due by Thu Dec 3, 2026"
    )
    assert events[-1].summary == (
        "Council approved conditionally the appeal of V-2026-001 on Mon Dec 14, 2026"
    )
    assert {e.operator_name for e in events} == {"clerk", "treasurer"}
    correct = events[5]
    assert correct.before is not None and correct.after is not None
    assert correct.before["participants"] == []
    assert correct.after["participants"][0] == {
        "name": "Prescott Area Chamber of Commerce",
        "role": "sponsor",
        "goods": "",
        "contact": "",
    }
    assert {e.record_type for e in events} == {"vending_application", "amount_due"}


# -- the Today tab ------------------------------------------------------------------------------


def test_today_shows_the_doubt_notice_due_until_delivered_or_decided(
    desk: Desk, clerk: SignedIn, vendor: int, sponsor: int, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 12, 1, 9, 0))  # Tuesday: the notice is due Friday, Dec 4
    stand = _receive(desk, clerk, _data(vendor, slots=_slots(date(2027, 2, 6))))
    festival = _receive(desk, clerk, _festival(sponsor, slots=_slots(date(2027, 2, 6))))
    [first, second] = _vending_items(desk, clerk)
    assert second.record_id == str(festival.id)
    assert first.title == "Approve V-2026-001, or state the matters in doubt by Fri Dec 4, 2026"
    assert (first.due, first.cite, first.record_id) == (date(2026, 12, 4), PROCEDURE, str(stand.id))
    assert first.detail == "Magee Park Ice Cream, Holiday Market on Broad Street"
    assert first.urgency(date(2026, 12, 1)) == "soon"
    clock.set(datetime(2026, 12, 4, 9, 0))
    assert {i.urgency(date(2026, 12, 4)) for i in _vending_items(desk, clerk)} == {"today"}
    notice = builders.read_back(desk, clerk, DoubtNotice, vending.prepare_doubt_notice, festival.id)
    clock.set(datetime(2026, 12, 7, 9, 0))
    items = {i.record_id: i for i in _vending_items(desk, clerk)}
    assert items[str(stand.id)].urgency(date(2026, 12, 7)) == "overdue"
    assert (
        items[str(festival.id)].title == "Deliver the doubt notice on V-2026-002 by Fri Dec 4, 2026"
    )
    _do(
        desk,
        clerk,
        vending.record_notice_delivery,
        notice.id,
        delivered_at=clock.now(),
        manner="first-class mail",
    )
    _do(desk, clerk, vending.deny, stand.id, reasons="Not a participant in the event.")
    titles = [i.title for i in _vending_items(desk, clerk)]
    assert titles == ["Appeal window for V-2026-001 closes Mon Dec 14, 2026"]
    clock.set(datetime(2026, 12, 14, 9, 0))
    assert [i.urgency(date(2026, 12, 14)) for i in _vending_items(desk, clerk)] == ["today"]
    clock.set(datetime(2026, 12, 15, 9, 0))
    assert _vending_items(desk, clerk) == []  # the window has closed


def test_today_shows_events_this_week_missing_insurance_or_police_and_the_permits(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int, sponsor: int, clock: FixedClock
) -> None:
    stand = _receive(desk, clerk, _data(vendor))  # Mon Dec 14
    festival = _receive(desk, clerk, _festival(sponsor))  # Mon Dec 14 and Tue Dec 15
    _pay(desk, treasurer, stand.id)
    _do(desk, clerk, vending.approve, stand.id)  # conditionally: insurance and police pending
    _certificate(desk, clerk, sponsor, date(2026, 11, 30))
    _police(desk, clerk, festival.id, date(2026, 11, 30))
    _pay(desk, treasurer, festival.id)
    _do(desk, clerk, vending.approve, festival.id)
    assert [i.title for i in _vending_items(desk, clerk)] == []  # two weeks away
    clock.set(datetime(2026, 12, 6, 9, 0))  # eight days before: not yet within the week
    assert _vending_items(desk, clerk) == []
    clock.set(datetime(2026, 12, 7, 9, 0))  # seven days before: the last day for the papers
    items = _vending_items(desk, clerk)
    assert sorted((i.title, i.due, i.cite) for i in items) == sorted(
        [
            (
                "Permit SEV-2026-001: Holiday Market on Broad Street on Mon Dec 14, 2026",
                EVENT,
                PERMIT,
            ),
            ("Permit SEV-2026-002: Prescott Daze on Mon Dec 14, 2026", EVENT, PERMIT),
            (
                "V-2026-001: proof of insurance missing for the event starting Mon Dec 14, 2026",
                PROOF_DAY,
                INSURANCE,
            ),
            (
                "V-2026-001: police review missing for the event starting Mon Dec 14, 2026",
                PROOF_DAY,
                POLICE,
            ),
        ]
    )
    assert {i.urgency(PROOF_DAY) for i in items if "missing" in i.title} == {"today"}
    clock.set(datetime(2026, 12, 15, 9, 0))  # the festival's second day: its permit still shows
    items = _vending_items(desk, clerk)
    assert [i.title for i in items] == ["Permit SEV-2026-002: Prescott Daze on Tue Dec 15, 2026"]
    clock.set(datetime(2026, 12, 16, 9, 0))
    assert _vending_items(desk, clerk) == []


def test_today_flags_an_undecided_application_for_an_event_days_away_until_withdrawn(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    soon = _receive(desk, clerk, _data(vendor, slots=_slots(date(2026, 12, 4))))  # Friday
    items = sorted(_vending_items(desk, clerk), key=lambda i: i.title)
    assert [(i.title, i.due, i.urgency(date(2026, 11, 30))) for i in items] == [
        (
            "Approve V-2026-001, or state the matters in doubt by Thu Dec 3, 2026",
            date(2026, 12, 3),
            "soon",
        ),
        (
            "V-2026-001: police review missing for the event starting Fri Dec 4, 2026",
            date(2026, 11, 27),  # seven days before: already past
            "overdue",
        ),
        (
            "V-2026-001: proof of insurance missing for the event starting Fri Dec 4, 2026",
            date(2026, 11, 27),
            "overdue",
        ),
    ]
    _do(desk, clerk, vending.withdraw, soon.id, reason="The vendor called: the truck broke down")
    assert _vending_items(desk, clerk) == []


# -- the list as applied for, the Clerk's denial, the fee, the clocks after a correction ---------


def test_the_history_keeps_every_field_of_a_list_a_correction_replaced(
    desk: Desk, clerk: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    """A correction replaces the days and the list; the audit trail holds what was applied for."""
    application = _receive(desk, clerk, _festival(sponsor))
    clock.advance(hours=1)
    kept = (PARTICIPANTS[0], PARTICIPANTS[2])  # the coffee company is dropped
    _do(
        desk,
        clerk,
        vending.correct_application,
        application.id,
        _festival(sponsor, participants=kept, slots=_slots(days=1)),
    )
    assert [p.name for p in _get(desk, application.id).participants] == [
        "Prescott Area Chamber of Commerce",
        "Zoë's Crêpes",
    ]
    with desk.database.reading() as session:
        events = vending.history(session, application.id)
    [received] = [e for e in events if e.action == "vending.receive"]
    [corrected] = [e for e in events if e.action == "vending.correct"]
    assert corrected.before is not None and received.after is not None
    for version in (received.after, corrected.before):
        removed = next(p for p in version["participants"] if p["name"] == "Kinnickinnic Coffee Co.")
        assert removed == {
            "name": "Kinnickinnic Coffee Co.",
            "role": "participant",
            "goods": "Coffee",
            "contact": "(715) 555-0101",
        }
        assert version["slots"][1] == {
            "day": "2026-12-14",
            "starts": "10:00",
            "ends": "18:00",
            "location": "Orange St, 100 block, north side",
        }
    assert corrected.after is not None and len(corrected.after["slots"]) == 1


def test_the_clerks_denial_is_kept_whatever_the_council_decides(
    desk: Desk, clerk: SignedIn, operator_with: Callable[[Role], SignedIn], vendor: int,
    clock: FixedClock,
) -> None:  # fmt: skip
    deputy = operator_with(Role.DEPUTY_CLERK)
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    decided = {}
    for outcome in (AppealOutcome.DENIED, AppealOutcome.APPROVED):
        clock.set(datetime(2026, 11, 30, 10, 0))
        application = _receive(desk, clerk, _data(vendor, slots=_slots(date(2027, 1, 15))))
        denied = builders.read_back(
            desk,
            deputy,
            VendingApplication,
            vending.deny,
            application.id,
            reasons="No booth space.",
        )
        assert (denied.denied_on, denied.denied_by_name) == (date(2026, 11, 30), deputy.full_name)
        appeal = builders.read_back(
            desk,
            clerk,
            VendingAppeal,
            vending.file_appeal,
            application.id,
            filed_on=date(2026, 11, 30),
        )
        clock.set(datetime(2026, 12, 15, 9, 0))
        _do(
            desk,
            clerk,
            vending.record_appeal_decision,
            appeal.id,
            meeting_id=held,
            outcome=outcome,
        )
        decided[outcome] = _get(desk, application.id)
    for stored in decided.values():  # the same on both paths
        assert (stored.denied_on, stored.denied_by_name) == (date(2026, 11, 30), deputy.full_name)
        assert (stored.decided_on, stored.decided_by_name) == (date(2026, 12, 14), "Common Council")
        assert stored.appeals[0].acted_on == date(2026, 12, 14)


def test_the_sponsors_list_keeps_every_contact_column(tmp_path: Path) -> None:
    rows = [
        ["Name", "Goods", "Contact", "Phone", "E-mail"],
        ["Kinnickinnic Coffee Co.", "Coffee", "Ana Lund", "(715) 555-0101", "ana@kinni.example"],
        ["Zoë's Crêpes", "Crêpes", "", "", "zoe@crepes.example"],
        ["Pie Co", "Pie", "(715) 555-0102", "(715) 555-0102", ""],
    ]
    people = vending.participants_from_rows(read_table(_write_csv(tmp_path / "list.csv", rows)))
    assert [p.contact for p in people] == [
        "Ana Lund; (715) 555-0101; ana@kinni.example",
        "zoe@crepes.example",
        "(715) 555-0102",  # the same number twice is written once
    ]


def test_intake_and_denial_store_the_scripting_apis_dates(
    desk: Desk, clerk: SignedIn, vendor: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stored last days are the public functions' (with the action's calendar), so a script
    asking :func:`vending.doubt_notice_due` or :func:`vending.appeal_due` gets the same day."""
    asked: list[object] = []

    def doubt(applied_at: datetime, calendar: CityCalendar | None = None) -> date:
        asked.append(calendar)
        return date(2026, 12, 9)

    def appeal(decided_on: date, calendar: CityCalendar | None = None) -> date:
        asked.append(calendar)
        return date(2026, 12, 23)

    # Where the services look them up: the intake and the decision modules.
    monkeypatch.setattr(vending_application, "doubt_notice_due", doubt)
    monkeypatch.setattr(vending_decisions, "appeal_due", appeal)
    application = _receive(desk, clerk, _data(vendor))
    assert application.doubt_due_on == date(2026, 12, 9)
    denied = builders.read_back(
        desk, clerk, VendingApplication, vending.deny, application.id, reasons="No."
    )
    assert denied.appeal_due_on == date(2026, 12, 23)
    assert len(asked) == 2 and all(isinstance(c, CityCalendar) for c in asked)


def test_the_meetings_the_council_can_have_decided_an_appeal_at(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    denied = _denied(desk, clerk, vendor)
    earlier = _meeting(desk, clerk, datetime(2026, 11, 23, 18, 0))
    first = _meeting(desk, clerk, datetime(2026, 12, 7, 18, 0))
    cancelled = _meeting(desk, clerk, datetime(2026, 12, 10, 18, 0))
    _do(desk, clerk, petitions.cancel_meeting, cancelled, reason="No quorum")
    second = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    coming = [_meeting(desk, clerk, datetime(2027, 1, day, 18, 0)) for day in (11, 25, 28)]
    clock.set(datetime(2026, 12, 2, 9, 0))
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, denied.id, filed_on=date(2026, 12, 2)
    )
    clock.set(datetime(2026, 12, 15, 9, 0))
    with desk.lookup(clerk) as action:
        held, later = vending_views.appeal_meetings(
            action.session, appeal.id, now=action.now(), zone=CHICAGO
        )
    assert held == [second, first]  # not the one before the filing, not the cancelled one
    assert earlier not in held and later == coming[:2]


def test_a_corrected_application_is_reviewed_again_with_a_clock_of_its_own(
    desk: Desk, clerk: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    """After a delivered notice, a correction puts "Review the corrected application" on the
    Today tab (due the day after); a second notice is due three days from the correction, and
    shows on the Today tab until delivered, though the first was."""
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    first = builders.read_back(
        desk, clerk, DoubtNotice, vending.prepare_doubt_notice, application.id
    )
    _do(
        desk,
        clerk,
        vending.record_notice_delivery,
        first.id,
        delivered_at=clock.now(),
        manner="e-mail",
    )
    assert _vending_items(desk, clerk) == []  # stated and delivered: nothing owed
    clock.set(datetime(2026, 12, 3, 15, 0))  # Thursday
    _do(desk, clerk, vending.correct_application, application.id, _festival(sponsor))
    [review] = _vending_items(desk, clerk)
    assert review.title == "Review the corrected application V-2026-001 again"
    assert (review.due, review.cite) == (date(2026, 12, 4), PROCEDURE)
    with desk.lookup(clerk) as action:
        stored = vending.get_application(action.session, application.id)
        assert vending.notice_due_on(stored, action.calendar) == date(2026, 12, 7)  # Sunday: Mon
    second = builders.read_back(
        desk, clerk, DoubtNotice, vending.prepare_doubt_notice, application.id, clerk_text="Booths?"
    )
    assert (first.due_on, second.due_on) == (date(2026, 12, 3), date(2026, 12, 7))
    [deliver] = _vending_items(desk, clerk)
    assert deliver.title == "Deliver the doubt notice on V-2026-001 by Mon Dec 7, 2026"
    assert deliver.due == date(2026, 12, 7)
    clock.set(datetime(2026, 12, 8, 9, 0))
    assert deliver.urgency(date(2026, 12, 8)) == "overdue"
    with desk.lookup(clerk) as action:
        stored_notice = action.session.get(DoubtNotice, second.id)
        assert stored_notice is not None
        assert vending.notice_findings(stored_notice, today=date(2026, 12, 8))[0].text == (
            "Not delivered yet; the matters in doubt were due to the applicant by Mon Dec 7, "
            "2026, within three days of the application."
        )


def _dues(desk: Desk, application_id: int) -> list[tuple[str, str]]:
    with desk.database.reading() as session:
        return [
            (str(d.status), d.cancel_reason)
            for d in ledger.dues_for(session, RecordRef("vending_application", str(application_id)))
        ]


def test_a_withdrawal_before_any_decision_cancels_the_unpaid_fee(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    _do(desk, clerk, vending.withdraw, application.id, reason="Phone call from Rosa Dahl")
    assert _dues(desk, application.id) == [
        (
            "cancelled",
            "Application V-2026-001 withdrawn before a decision: Phone call from Rosa Dahl",
        )
    ]
    with desk.database.reading() as session:
        steps = [e.action for e in vending.history(session, application.id)]
    assert steps == ["vending.receive", "due.create", "vending.withdraw", "due.cancel"]


def test_after_a_denial_the_fee_stays_owed_even_when_withdrawn(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    denied = _denied(desk, clerk, vendor)
    assert _dues(desk, denied.id) == [("open", "")]  # the application was reviewed
    _do(desk, clerk, vending.withdraw, denied.id, reason="Letter from the vendor")
    assert _dues(desk, denied.id) == [("open", "")]


@pytest.mark.parametrize("end", ["withdrawn", "denied", "denied_on_appeal"])
def test_the_police_review_is_refused_once_withdrawn_or_denied(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock, end: str
) -> None:
    application = _denied(desk, clerk, vendor)
    if end == "withdrawn":
        _do(desk, clerk, vending.withdraw, application.id, reason="By phone")
    elif end == "denied_on_appeal":
        appeal = builders.read_back(
            desk,
            clerk,
            VendingAppeal,
            vending.file_appeal,
            application.id,
            filed_on=date(2026, 11, 30),
        )
        _police(desk, clerk, application.id, date(2026, 11, 30))  # on appeal: still recorded
        held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
        clock.set(datetime(2026, 12, 15, 9, 0))
        _do(
            desk,
            clerk,
            vending.record_appeal_decision,
            appeal.id,
            meeting_id=held,
            outcome=AppealOutcome.DENIED,
        )
    status = _get(desk, application.id).status
    refused = _refused(
        desk,
        clerk,
        vending.record_police_review,
        application.id,
        submitted_on=date(2026, 11, 30),
        error=Conflict,
    )
    label = VendingStatus(status).label.lower()
    assert refused.message == (
        f"Application V-2026-001 is {label}: there is no permit for the Chief of Police to review."
    )
