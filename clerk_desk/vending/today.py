"""What the Today tab lists of special event vending (§ 506-24): doubt notices to state or deliver,
appeal windows closing, papers missing for the week's events, and the week's permits."""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy import and_, exists, or_, select
from sqlalchemy.orm import Session, selectinload

from clerk_desk.desk import Action
from clerk_desk.kinds import VendingStatus
from clerk_desk.models import VendingApplication, VendingSlot
from clerk_desk.today import TodayItem, provider
from clerk_desk.vending.checklist import checklist, first_day
from clerk_desk.vending.lookup import RECORD_TYPE
from clerk_desk.vending.notices import corrected_since_notice, notice_due_on
from clerk_desk.vending.rules import PERMIT_CITE, PROCEDURE_CITE
from clerk_desk.words import format_day

WORKFLOW = "Special Event Vending"  # the tab's title, as the Today tab names it


@provider("vending")
def _due(action: Action) -> list[TodayItem]:
    """Doubt notices due (to state, or to deliver), appeal windows closing, events in the next 7
    days missing proof of insurance or police review, and permits for the events of the week
    (an event of several days counts while any of its days is still to come in the week)."""
    today = action.today()
    week = today + timedelta(days=7)
    items: list[TodayItem] = []
    for application in _open_applications(action.session, today, week):
        clerk = _clerk_item(action, application)
        if clerk is not None:
            items.append(clerk)
        items.extend(_week_items(action, application, week))
    return items


def _open_applications(session: Session, today: date, week: date) -> list[VendingApplication]:
    """The applications the Today tab may name: those with the Clerk, a denial whose appeal
    window is open, and the permits with a day of vending from today to ``week``."""
    this_week = exists().where(
        VendingSlot.application_id == VendingApplication.id,
        VendingSlot.day >= today,
        VendingSlot.day <= week,
    )
    return list(
        session.scalars(
            select(VendingApplication)
            .where(
                or_(
                    VendingApplication.status.in_([s for s in VendingStatus if s.undecided]),
                    and_(
                        VendingApplication.status == VendingStatus.DENIED,
                        VendingApplication.appeal_due_on >= today,
                    ),
                    and_(
                        VendingApplication.status.in_([s for s in VendingStatus if s.permitted]),
                        this_week,
                    ),
                )
            )
            .options(
                selectinload(VendingApplication.applicant),
                selectinload(VendingApplication.slots),
                selectinload(VendingApplication.notices),
            )
            .order_by(VendingApplication.applied_at, VendingApplication.id)
        ).all()
    )


def _item(application: VendingApplication, due: date | None, what: str, cite: str) -> TodayItem:
    return TodayItem(
        WORKFLOW,
        due,
        what,
        f"{application.applicant.name}, {application.event_name}",
        cite,
        record_type=RECORD_TYPE,
        record_id=str(application.id),
    )


def _clerk_item(action: Action, application: VendingApplication) -> TodayItem | None:
    """What the Clerk owes on the application now: the decision or the doubt notice, its
    delivery, a corrected application's second review; or the appeal window closing."""
    status = VendingStatus(application.status)
    number = application.number
    undelivered = [n for n in application.notices if n.delivered_at is None]
    if status is VendingStatus.RECEIVED:
        due = notice_due_on(application, action.calendar)
        what = f"Approve {number}, or state the matters in doubt by {format_day(due)}"
        return _item(application, due, what, PROCEDURE_CITE)
    if status is VendingStatus.IN_DOUBT and undelivered:
        # the latest notice not delivered, by its own last day (a second notice's included)
        due = undelivered[-1].due_on
        what = f"Deliver the doubt notice on {number} by {format_day(due)}"
        return _item(application, due, what, PROCEDURE_CITE)
    if status is VendingStatus.IN_DOUBT and corrected_since_notice(application):
        # The corrected application is reviewed again: at once (the day after the correction
        # at the latest); a second notice, if any, by :func:`notice_due_on`.
        assert application.corrected_at is not None
        zone = action.clock.local_now().tzinfo
        corrected_on = application.corrected_at.astimezone(zone).date()
        what = f"Review the corrected application {number} again"
        return _item(application, corrected_on + timedelta(days=1), what, PROCEDURE_CITE)
    if status is VendingStatus.DENIED and application.appeal_due_on is not None:
        due = application.appeal_due_on
        what = f"Appeal window for {number} closes {format_day(due)}"
        return _item(application, due, what, PROCEDURE_CITE)
    return None


def _week_items(action: Action, application: VendingApplication, week: date) -> list[TodayItem]:
    """For an event with a day of vending this week: the proof of insurance or police review
    still missing, and the permit, while the application is undecided or permitted."""
    today, status = action.today(), VendingStatus(application.status)
    coming = [s.day for s in application.slots if today <= s.day <= week]
    start = first_day(application)
    if not coming or start is None or not (status.undecided or status.permitted):
        return []
    items = []
    for item in checklist(action.session, application, calendar=action.calendar, today=today):
        if item.key in ("insurance", "police") and not item.met:
            what = "proof of insurance" if item.key == "insurance" else "police review"
            missing = (
                f"{application.number}: {what} missing for the event starting {format_day(start)}"
            )
            items.append(_item(application, item.due, missing, item.cite))
    if status.permitted:
        items.append(
            TodayItem(
                WORKFLOW,
                min(coming),
                f"Permit {application.permit_number}: {application.event_name} on "
                f"{format_day(min(coming))}",
                application.applicant.name,
                PERMIT_CITE,
                record_type=RECORD_TYPE,
                record_id=str(application.id),
            )
        )
    return items
