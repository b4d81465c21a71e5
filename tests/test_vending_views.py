"""The read-only views the Special Event Vending tab asks (clerk_desk/vending/views.py).

"Today" is Monday, November 30, 2026 (the ``clock`` fixture); the event is Saturday, December
19, so proof of insurance and the papers for the Chief of Police are due Saturday, December 12.
"""

from __future__ import annotations

from datetime import date, datetime, time

from clerk_desk import parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import ApplicantKind, PartyKind, VendingStatus
from clerk_desk.money import Money
from clerk_desk.parties import PartyData
from clerk_desk.vending import service as vending
from clerk_desk.vending import views as vending_views
from clerk_desk.vending.application import ApplicationData, SlotData


def _application(desk: Desk, who: SignedIn) -> int:
    with desk.action(who) as action:
        party = parties.add_party(action, PartyData(PartyKind.BUSINESS, "Twin Rivers Tacos"))
        action.session.flush()
        application_id = vending.receive_application(
            action,
            ApplicationData(
                party.id,
                ApplicantKind.VENDOR,
                "Holiday Lights on Broad",
                goods="Tacos",
                integral_to_event=True,
                contact_name="Raul Vega",
                contact_phone="715-555-0177",
                slots=[SlotData(date(2026, 12, 19), time(16), time(21), "Broad St N, booth 7")],
            ),
        )
        return application_id


def test_the_notice_is_owed_until_decided_or_delivered(
    desk: Desk, admin: SignedIn, clock: FixedClock
) -> None:
    application_id = _application(desk, admin)
    with desk.lookup(admin) as action:
        application = vending.get_application(action.session, application_id)
        assert vending_views.notice_owed(application, action.calendar)
        assert vending_views.application_years(action.session) == [2026]
        assert vending_views.fee_owed(action.session, application_id) == Money.parse("20.00")
    with desk.action(admin) as action:
        notice_id = vending.prepare_doubt_notice(action, application_id)
    with desk.lookup(admin) as action:
        application = vending.get_application(action.session, application_id)
        assert application.status == VendingStatus.IN_DOUBT
        assert vending_views.notice_owed(application, action.calendar)  # not yet delivered
        assert vending_views.get_notice(action.session, notice_id).id == notice_id
    with desk.action(admin) as action:
        vending.record_notice_delivery(
            action, notice_id, delivered_at=action.now(), manner="e-mail"
        )
    with desk.lookup(admin) as action:
        application = vending.get_application(action.session, application_id)
        assert not vending_views.notice_owed(application, action.calendar)


def test_pending_requirements_become_the_permits_conditions(desk: Desk, admin: SignedIn) -> None:
    application_id = _application(desk, admin)
    with desk.lookup(admin) as action:
        items = vending.review(action, application_id)
        conditions = vending.pending_conditions(items)
        application = vending.get_application(action.session, application_id)
        insurance = vending_views.insurance_states(
            action.session, [application], calendar=action.calendar, today=action.today()
        )
    assert len(conditions) == 2  # the insurance and the police review, not yet due
    assert conditions[0].startswith("This permit is not valid until a certificate of insurance")
    assert "Sat Dec 12, 2026" in conditions[0]
    assert "Chief of Police" in conditions[1]
    assert insurance == {application_id: "Not yet due"}


def test_an_appeal_a_day_late_is_said_before_it_is_recorded(
    desk: Desk, admin: SignedIn, clock: FixedClock
) -> None:
    application_id = _application(desk, admin)
    with desk.action(admin) as action:
        vending.deny(action, application_id, reasons="The fee is not paid.")
    with desk.lookup(admin) as action:
        application = vending.get_application(action.session, application_id)
        assert application.appeal_due_on == date(2026, 12, 7)
        assert vending_views.appeal_preview(application, date(2026, 12, 7)) == []
        (late,) = vending_views.appeal_preview(application, date(2026, 12, 8))
    assert late.level == "warn" and late.cite == vending.PROCEDURE_CITE
    assert "after the last day, Mon Dec 7, 2026" in late.text
    clock.set(datetime(2026, 12, 8, 9, 0))
    with desk.lookup(admin) as action:  # nothing was recorded by the preview
        assert not vending.get_application(action.session, application_id).appeals
