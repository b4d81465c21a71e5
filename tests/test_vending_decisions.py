"""Special event vending permits (§ 506-24) decided: approval (conditions printed for what is
not yet due), the doubt notice and its delivery, a correction, denial, the appeal and the
Council's decision, and withdrawal.

"Today" is Mon Nov 30, 2026, 10:00 a.m. in Prescott unless a test moves the clock.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from vending_steps import (  # type: ignore[import-not-found]
    EVENT,
    INSURANCE,
    PARTICIPANTS,
    POLICE,
    PROCEDURE,
    _certificate,
    _data,
    _denied,
    _do,
    _festival,
    _get,
    _items,
    _local,
    _meeting,
    _pay,
    _police,
    _receive,
    _refused,
    _slots,
)
from vending_steps import sponsor as sponsor
from vending_steps import vendor as vendor

from clerk_desk import settings_store
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CalendarSettings
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.kinds import PartyKind, VendingStatus
from clerk_desk.models import DoubtNotice, NumberSequence, VendingAppeal, VendingApplication
from clerk_desk.petitions import service as petitions
from clerk_desk.vending import service as vending
from clerk_desk.vending.appeals import AppealOutcome
from clerk_desk.vending.rules import ItemState

# -- helpers ------------------------------------------------------------------------------------


def _ready(desk: Desk, who: SignedIn, treasurer: SignedIn, applicant: int, app_id: int) -> None:
    """Everything met: insurance on file, police review approved, fee paid."""
    _certificate(desk, who, applicant, received_on=desk.clock.today())
    _police(desk, who, app_id, desk.clock.today())
    _pay(desk, treasurer, app_id)


# -- approval --------------------------------------------------------------------------------------


def test_approval_is_refused_while_something_is_not_met(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, sponsor: int
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    refused = _refused(desk, clerk, vending.approve, application.id)
    assert (refused.field, refused.cite) == ("decision", PROCEDURE)
    assert refused.message.startswith(
        "Sponsors and participants listed: A sponsoring organization must give the complete list"
    )
    assert refused.message.endswith("State the matters in doubt, or deny.")
    _do(desk, clerk, vending.correct_application, application.id, _festival(sponsor))
    unpaid = _refused(desk, clerk, vending.approve, application.id)
    assert (unpaid.field, unpaid.cite) == ("decision", "§ 506-24")  # the fee schedule's section
    assert unpaid.message == (
        "Permit fee paid: The permit fee set in the City's fee schedule is not paid. State the "
        "matters in doubt, or deny."
    )
    with desk.database.reading() as session:  # no permit number was taken by the refusals
        assert session.get(NumberSequence, ("vending_permit", 2026)) is None
    inspector = _refused(desk, treasurer, vending.approve, application.id, error=PermissionDenied)
    assert "issue permits" in inspector.message


def test_conditional_approval_prints_what_is_not_yet_due_as_conditions(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor, slots=_slots(date(2026, 12, 12), days=2)))
    _pay(desk, treasurer, application.id)
    approved = builders.read_back(
        desk,
        clerk,
        VendingApplication,
        vending.approve,
        application.id,
        conditions="No sales from vehicles.",
    )
    assert approved.status == VendingStatus.CONDITIONALLY_APPROVED
    assert approved.permit_number == "SEV-2026-001"
    assert approved.permit_issued_on == approved.decided_on == date(2026, 11, 30)
    assert approved.decided_by_name == "Test Clerk"
    assert approved.conditions.split("\n") == [
        "No sales from vehicles.",
        "This permit is not valid until a certificate of insurance meeting § 506-24 is filed "
        "with the City Clerk; it is due by Sat Dec 5, 2026 (City Hall is closed that day: at the "
        "counter by Fri Dec 4, 2026), seven days before the event starts.",
        "This permit is not valid until the street and sidewalk encroachments, booth locations "
        "and special parking are submitted to the Chief of Police and approved by the Chief; "
        "they are due by Sat Dec 5, 2026 (City Hall is closed that day: at the counter by Fri "
        "Dec 4, 2026), seven days before the event starts (Sat Dec 12, 2026).",
    ]
    again = _refused(desk, clerk, vending.approve, application.id, error=Conflict)
    assert again.message == "Application V-2026-001 is conditionally approved."


def test_an_application_with_everything_met_is_approved_without_conditions(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int
) -> None:
    first = _receive(desk, clerk, _data(vendor))
    _ready(desk, clerk, treasurer, vendor, first.id)
    assert all(item.met for item in _items(desk, clerk, first.id).values())
    approved = builders.read_back(desk, clerk, VendingApplication, vending.approve, first.id)
    assert (approved.status, approved.conditions) == (VendingStatus.APPROVED, "")
    assert approved.permit_number == "SEV-2026-001"
    second = _receive(desk, clerk, _data(vendor))
    _police(desk, clerk, second.id, date(2026, 11, 30))
    _pay(desk, treasurer, second.id)
    assert (
        builders.read_back(
            desk, clerk, VendingApplication, vending.approve, second.id
        ).permit_number
        == "SEV-2026-002"
    )
    with desk.database.reading() as session:
        assert vending.search_applications(session, "sev-2026-002")[0].id == second.id


def test_a_permit_number_is_taken_in_the_saving_transaction(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    _ready(desk, clerk, treasurer, vendor, application.id)
    with pytest.raises(RuntimeError), desk.action(clerk) as action:
        approved = action.session.get_one(
            VendingApplication, vending.approve(action, application.id)
        )
        assert approved.permit_number == "SEV-2026-001"
        raise RuntimeError("the printer caught fire before the save")
    assert _get(desk, application.id).permit_number is None
    assert (
        builders.read_back(
            desk, clerk, VendingApplication, vending.approve, application.id
        ).permit_number
        == "SEV-2026-001"
    )


# -- the doubt notice ----------------------------------------------------------------------------


def test_the_doubt_notice_lists_each_failing_item_and_the_clerks_words(
    desk: Desk, clerk: SignedIn, sponsor: int
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=(), contact_phone=""))
    notice: DoubtNotice = builders.read_back(
        desk,
        clerk,
        DoubtNotice,
        vending.prepare_doubt_notice,
        application.id,
        clerk_text="  Which side of Orange St will the booths face?  ",
    )
    matters = notice.matters["items"]
    assert matters == [
        "The application does not give a contact person with a phone number or e-mail address. "
        f"({PROCEDURE})",
        "A sponsoring organization must give the complete list of sponsors and participants at "
        f"the time of making application. ({PROCEDURE})",
        f"No certificate of insurance is on file for Prescott Daze Committee. ({INSURANCE})",
        "A certificate of insurance meeting § 506-24 is due by Mon Dec 7, 2026, seven days "
        f"before the event starts. ({INSURANCE})",
        "Street and sidewalk encroachments, booth locations and special parking have not been "
        "submitted to the Chief of Police; they are due by Mon Dec 7, 2026, seven days before "
        f"the event starts. ({POLICE})",
        "The permit fee set in the City's fee schedule is not paid. (§ 506-24)",
        "Which side of Orange St will the booths face?",
    ]
    assert notice.due_on == date(2026, 12, 3)
    assert notice.prepared_by_name == "Test Clerk" and notice.delivered_at is None
    assert _get(desk, application.id).status == VendingStatus.IN_DOUBT


def test_a_doubt_notice_is_refused_when_nothing_is_in_doubt(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, vendor: int
) -> None:
    application = _receive(desk, clerk, _data(vendor))
    _ready(desk, clerk, treasurer, vendor, application.id)
    refused = _refused(desk, clerk, vending.prepare_doubt_notice, application.id, clerk_text=" ")
    assert (refused.field, refused.cite) == ("clerk_text", PROCEDURE)
    assert refused.message.startswith("Every requirement is met: there is no matter in doubt.")
    assert _get(desk, application.id).status == VendingStatus.RECEIVED
    # The Clerk's own doubt is a matter in doubt even when the checklist is clear.
    notice = builders.read_back(
        desk,
        clerk,
        DoubtNotice,
        vending.prepare_doubt_notice,
        application.id,
        clerk_text="Is it a vehicle?",
    )
    assert notice.matters == {"items": ["Is it a vehicle?"]}


def test_the_delivery_of_a_doubt_notice_is_recorded_and_a_late_one_noted(
    desk: Desk, clerk: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    clock.advance(hours=1)
    notice = builders.read_back(
        desk, clerk, DoubtNotice, vending.prepare_doubt_notice, application.id
    )
    prepared = notice.prepared_at

    def deliver(at: datetime, manner: str = "certified mail", **kw: Any) -> Any:
        return _refused(
            desk,
            clerk,
            vending.record_notice_delivery,
            notice.id,
            delivered_at=at,
            manner=manner,
            **kw,
        )

    early = deliver(prepared - timedelta(minutes=1))
    assert (early.field, early.message) == (
        "delivered_at",
        "The notice cannot be delivered before it was written.",
    )
    assert deliver(clock.now() + timedelta(minutes=1)).field == "delivered_at"
    assert deliver(prepared, manner="  ").field == "manner"
    with desk.lookup(clerk) as action:
        stored = action.session.get(DoubtNotice, notice.id)
        assert stored is not None
        assert vending.notice_findings(stored, today=date(2026, 12, 3)) == []
        assert vending.notice_findings(stored, today=date(2026, 12, 4)) == [
            Finding(
                "warn",
                PROCEDURE,
                "Not delivered yet; the matters in doubt were due to the applicant by Thu Dec 3, "
                "2026, within three days of the application.",
            )
        ]
    clock.set(datetime(2026, 12, 4, 9, 0))  # a day late
    _do(
        desk,
        clerk,
        vending.record_notice_delivery,
        notice.id,
        delivered_at=_local(2026, 12, 4, 8, 30),
        manner="handed to the applicant",
    )
    again = deliver(_local(2026, 12, 4, 8, 45), error=Conflict)
    assert again.message == (
        "This notice is already recorded as delivered Fri Dec 4, 2026 (handed to the applicant)."
    )
    with desk.lookup(clerk) as action:
        stored = action.session.get(DoubtNotice, notice.id)
        assert stored is not None and stored.delivered_manner == "handed to the applicant"
        assert vending.notice_findings(stored, today=date(2026, 12, 4)) == [
            Finding(
                "warn",
                PROCEDURE,
                "Delivered Fri Dec 4, 2026, after the last day, Thu Dec 3, 2026: the matters in "
                "doubt are stated within three days of the application.",
            )
        ]
        [event] = [
            e
            for e in vending.history(action.session, application.id)
            if e.action == "vending.doubt_delivered"
        ]
        assert event.summary == (
            "Doubt notice for V-2026-001 delivered Fri Dec 4, 2026 (handed to the applicant); "
            "late: it was due by Thu Dec 3, 2026"
        )


def test_a_notice_delivered_on_its_last_day_late_in_the_evening_is_in_time(
    desk: Desk, clerk: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    notice = builders.read_back(
        desk, clerk, DoubtNotice, vending.prepare_doubt_notice, application.id
    )
    clock.set(datetime(2026, 12, 4, 9, 0))
    evening = _local(2026, 12, 3, 23, 30)  # Friday in UTC, Thursday in Prescott
    _do(
        desk,
        clerk,
        vending.record_notice_delivery,
        notice.id,
        delivered_at=evening,
        manner="e-mail",
    )
    with desk.lookup(clerk) as action:
        stored = action.session.get(DoubtNotice, notice.id)
        assert stored is not None
        assert vending.notice_findings(stored, today=date(2026, 12, 4)) == []


# -- correction --------------------------------------------------------------------------------


def test_a_correction_is_reviewed_again_and_leaves_the_clock_alone(
    desk: Desk, clerk: SignedIn, sponsor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _festival(sponsor, participants=()))
    _do(desk, clerk, vending.prepare_doubt_notice, application.id)
    clock.set(datetime(2026, 12, 2, 11, 0))
    corrected = builders.read_back(
        desk,
        clerk,
        VendingApplication,
        vending.correct_application,
        application.id,
        _festival(sponsor, participants=PARTICIPANTS[:2], slots=_slots(days=2)),
    )
    assert corrected.status == VendingStatus.IN_DOUBT  # still with the Clerk, for review
    stored = _get(desk, application.id)
    assert stored.applied_at == datetime(2026, 11, 30, 16, 0, tzinfo=UTC)
    assert stored.doubt_due_on == date(2026, 12, 3)
    assert [p.name for p in stored.participants] == [p.name for p in PARTICIPANTS[:2]]
    assert [s.day for s in stored.slots] == [EVENT, EVENT + timedelta(days=1)]
    assert _items(desk, clerk, application.id)["list"].state is ItemState.MET
    other = _refused(
        desk,
        clerk,
        vending.correct_application,
        application.id,
        _festival(builders.party(desk, clerk, "Lions Club of Prescott", PartyKind.ORGANIZATION)),
    )
    assert other.field == "applicant"
    _do(desk, clerk, vending.deny, application.id, reasons="Withdrawn from the festival.")
    decided = _refused(
        desk,
        clerk,
        vending.correct_application,
        application.id,
        _festival(sponsor),
        error=Conflict,
    )
    assert decided.message == "Application V-2026-001 is denied; it can no longer be corrected."


# -- denial and appeal ------------------------------------------------------------------------


def test_a_denial_needs_reasons_and_sets_the_appeals_last_day(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 11, 19, 14, 0))  # Thursday: seven days is Thanksgiving
    application = _receive(desk, clerk, _data(vendor))
    refused = _refused(desk, clerk, vending.deny, application.id, reasons="  ")
    assert (refused.field, refused.cite) == ("reasons", PROCEDURE)
    denied = builders.read_back(
        desk,
        clerk,
        VendingApplication,
        vending.deny,
        application.id,
        reasons="The street is closed.",
    )
    assert denied.status == VendingStatus.DENIED
    assert (denied.decided_on, denied.appeal_due_on) == (date(2026, 11, 19), date(2026, 11, 30))
    assert denied.decision_reasons == "The street is closed."
    assert denied.permit_number is None
    assert _refused(desk, clerk, vending.approve, application.id, error=Conflict)


def test_a_denial_on_christmas_week_follows_the_settings(
    desk: Desk, admin: SignedIn, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 12, 17, 11, 0))
    first = _denied(desk, clerk, vendor)
    assert first.appeal_due_on == date(2026, 12, 28)  # Christmas Eve, Christmas, the weekend
    with desk.action(admin) as action:
        settings_store.save_calendar_settings(
            action, CalendarSettings().close_day(date(2026, 12, 28))
        )
    assert _denied(desk, clerk, vendor).appeal_due_on == date(2026, 12, 29)


def test_an_appeal_on_the_last_day_is_timely_and_the_day_after_is_flagged(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    timely_app = _denied(desk, clerk, vendor)
    late_app = _denied(desk, clerk, vendor)
    assert timely_app.appeal_due_on == date(2026, 12, 7)
    clock.set(datetime(2026, 12, 8, 9, 0))
    timely = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, timely_app.id, filed_on=date(2026, 12, 7)
    )
    assert (timely.timely, timely.due_on) == (True, date(2026, 12, 7))
    late = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, late_app.id, filed_on=date(2026, 12, 8)
    )
    assert late.timely is False
    with desk.lookup(clerk) as action:
        timely_row = action.session.get(VendingAppeal, timely.id)
        late_row = action.session.get(VendingAppeal, late.id)
        assert timely_row is not None and late_row is not None
        assert vending.appeal_findings(timely_row) == []
        assert vending.appeal_findings(late_row) == [
            Finding(
                "warn",
                PROCEDURE,
                "Filed Tue Dec 8, 2026, after the last day, Mon Dec 7, 2026: appeals are filed "
                "within seven days of the Clerk's decision.",
            )
        ]
    assert _get(desk, late_app.id).status == VendingStatus.APPEALED
    again = _refused(
        desk, clerk, vending.file_appeal, late_app.id, filed_on=date(2026, 12, 8), error=Conflict
    )
    assert again.message == "Only a denial by the Clerk can be appealed to the Council."


def test_an_appeal_is_filed_between_the_denial_and_today(
    desk: Desk, clerk: SignedIn, vendor: int
) -> None:
    denied = _denied(desk, clerk, vendor)
    future = _refused(desk, clerk, vending.file_appeal, denied.id, filed_on=date(2026, 12, 1))
    assert future.field == "filed_on"
    before = _refused(desk, clerk, vending.file_appeal, denied.id, filed_on=date(2026, 11, 29))
    assert before.message == "An appeal cannot come before the decision."
    received = _receive(desk, clerk, _data(vendor))
    assert _refused(
        desk, clerk, vending.file_appeal, received.id, filed_on=date(2026, 11, 30), error=Conflict
    )


def test_the_council_decides_an_appeal_only_at_a_meeting_it_held(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    denied = _denied(desk, clerk, vendor)
    earlier = _meeting(desk, clerk, datetime(2026, 11, 23, 18, 0))
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    cancelled = _meeting(desk, clerk, datetime(2026, 12, 10, 18, 0))
    _do(desk, clerk, petitions.cancel_meeting, cancelled, reason="No quorum")
    clock.set(datetime(2026, 12, 2, 9, 0))
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, denied.id, filed_on=date(2026, 12, 2)
    )

    def decide(meeting: int, outcome: AppealOutcome = AppealOutcome.DENIED, **kw: Any) -> Any:
        return _refused(
            desk, clerk, vending.record_appeal_decision, appeal.id, meeting_id=meeting,
            outcome=outcome, **kw,
        )  # fmt: skip

    future = decide(held)
    assert (future.field, future.message) == (
        "meeting",
        "The meeting of Mon Dec 14, 2026 has not taken place yet.",
    )
    clock.set(datetime(2026, 12, 15, 9, 0))
    assert decide(cancelled).message == "The meeting of Thu Dec 10, 2026 was cancelled."
    assert decide(earlier).message == (
        "The meeting of Mon Nov 23, 2026 was before the appeal was filed (Wed Dec 2, 2026)."
    )
    assert decide(9999).field == "meeting"
    assert decide(held, AppealOutcome.APPROVED_CONDITIONALLY).field == "conditions"
    plain = decide(held, AppealOutcome.APPROVED, conditions="Close by 8 p.m.")
    assert plain.field == "conditions"
    decided = builders.read_back(
        desk,
        clerk,
        VendingAppeal,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=AppealOutcome.DENIED,
        note="Motion to deny carried 5-1",
    )
    assert (decided.outcome, decided.acted_on, decided.meeting_id) == (
        "denied",
        date(2026, 12, 14),
        held,
    )
    stored = _get(desk, denied.id)
    assert stored.status == VendingStatus.DENIED_ON_APPEAL and stored.permit_number is None
    # the decision that stands is the Council's; the Clerk's denial is kept as it was
    assert (stored.decided_on, stored.decided_by_name) == (date(2026, 12, 14), "Common Council")
    assert (stored.denied_on, stored.denied_by_name) == (date(2026, 11, 30), "Test Clerk")
    assert decide(held, error=Conflict).message == (
        "The Council's decision on this appeal is already recorded."
    )


@pytest.mark.parametrize("outcome", [AppealOutcome.APPROVED, AppealOutcome.APPROVED_CONDITIONALLY])
def test_the_councils_approval_on_appeal_issues_the_permit(
    desk: Desk,
    clerk: SignedIn,
    treasurer: SignedIn,
    vendor: int,
    clock: FixedClock,
    outcome: AppealOutcome,
) -> None:
    application = _receive(desk, clerk, _data(vendor, slots=_slots(date(2027, 1, 15))))
    _ready(desk, clerk, treasurer, vendor, application.id)
    _do(desk, clerk, vending.deny, application.id, reasons="Too close to the Fire Station.")
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, application.id, filed_on=date(2026, 11, 30)
    )
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    clock.set(datetime(2026, 12, 15, 9, 0))
    terms = "Booth on the south side only." if outcome.value == "conditional" else ""
    refused = _refused(
        desk,
        treasurer,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=outcome,
        conditions=terms,
        error=PermissionDenied,
    )
    assert "issue permits" in refused.message
    _do(
        desk,
        clerk,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=outcome,
        conditions=terms,
    )
    stored = _get(desk, application.id)
    assert stored.status == VendingStatus.APPROVED_ON_APPEAL
    assert stored.permit_number == "SEV-2026-001"
    assert (stored.decided_on, stored.decided_by_name) == (date(2026, 12, 14), "Common Council")
    assert (stored.denied_on, stored.denied_by_name) == (date(2026, 11, 30), "Test Clerk")
    assert stored.permit_issued_on == date(2026, 12, 15)
    # every requirement met: the Council's own conditions (on its appeal) are all there is
    assert stored.conditions == ""
    assert vending.permit_conditions(stored) == ([terms] if terms else [])
    [appeal_row] = stored.appeals
    assert appeal_row.outcome == outcome.value and appeal_row.conditions == terms


def test_the_councils_approval_prints_what_is_not_yet_due(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    application = _receive(desk, clerk, _data(vendor, slots=_slots(date(2027, 1, 16))))
    _do(desk, clerk, vending.deny, application.id, reasons="No insurance.")
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
        conditions="Sales end at 6 p.m.",
    )
    stored = _get(desk, application.id)
    assert vending.council_conditions(stored) == ["Sales end at 6 p.m."]
    conditions = vending.permit_conditions(stored)
    assert conditions[0] == "Sales end at 6 p.m."
    assert conditions[1].startswith(
        "This permit is not valid until a certificate of insurance meeting § 506-24 is filed "
        "with the City Clerk; it is due by Sat Jan 9, 2027 (City Hall is closed that day: at the "
        "counter by Fri Jan 8, 2027)"
    )
    assert conditions[2].startswith(
        "This permit is not valid until the street and sidewalk encroachments"
    )
    assert conditions[3] == (
        "This permit is not valid until the permit fee set in the City's fee schedule is paid."
    )


def test_the_councils_approval_prints_every_requirement_not_met_as_a_condition(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    """Missed insurance and police papers and an unpaid fee: the Council's approval stands, and
    the permit says it is not valid until each is met."""
    application = _receive(desk, clerk, _data(vendor))  # the event: Mon Dec 14
    _do(desk, clerk, vending.deny, application.id, reasons="Nothing is in.")
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, application.id, filed_on=date(2026, 11, 30)
    )
    held = _meeting(desk, clerk, datetime(2026, 12, 10, 18, 0))  # after the last day, Dec 7
    clock.set(datetime(2026, 12, 11, 9, 0))
    items = _items(desk, clerk, application.id)
    assert [items[k].state for k in ("insurance", "police", "fee")] == [ItemState.NOT_MET] * 3
    _do(
        desk,
        clerk,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=AppealOutcome.APPROVED,
    )
    stored = _get(desk, application.id)
    assert stored.status == VendingStatus.APPROVED_ON_APPEAL and stored.permit_number
    assert vending.permit_conditions(stored) == [
        "This permit is not valid until a certificate of insurance meeting § 506-24 is filed "
        "with the City Clerk; it was due by Mon Dec 7, 2026, seven days before the event starts.",
        "This permit is not valid until the street and sidewalk encroachments, booth locations "
        "and special parking are submitted to the Chief of Police and approved by the Chief; "
        "they were due by Mon Dec 7, 2026, seven days before the event starts (Mon Dec 14, "
        "2026).",
        "This permit is not valid until the permit fee set in the City's fee schedule is paid.",
    ]


# -- withdrawal --------------------------------------------------------------------------------


def test_a_withdrawal_is_recorded_with_a_reason_and_ends_the_appeal(
    desk: Desk, clerk: SignedIn, vendor: int, clock: FixedClock
) -> None:
    denied = _denied(desk, clerk, vendor)
    appeal = builders.read_back(
        desk, clerk, VendingAppeal, vending.file_appeal, denied.id, filed_on=date(2026, 11, 30)
    )
    assert _refused(desk, clerk, vending.withdraw, denied.id, reason=" ").field == "reason"
    withdrawn = builders.read_back(
        desk,
        clerk,
        VendingApplication,
        vending.withdraw,
        denied.id,
        reason="Letter from the vendor",
    )
    assert withdrawn.status == VendingStatus.WITHDRAWN
    assert withdrawn.withdrawn_reason == "Letter from the vendor"
    assert _refused(desk, clerk, vending.withdraw, denied.id, reason="again", error=Conflict)
    held = _meeting(desk, clerk, datetime(2026, 12, 14, 18, 0))
    clock.set(datetime(2026, 12, 15, 9, 0))
    gone = _refused(
        desk,
        clerk,
        vending.record_appeal_decision,
        appeal.id,
        meeting_id=held,
        outcome=AppealOutcome.DENIED,
        error=Conflict,
    )
    assert gone.message == (
        "Application V-2026-001 is withdrawn; the appeal is not before the Council."
    )
