"""The written statement of the matters in doubt (§ 506-24): prepared within three days of the
application, delivered, and judged late or in time."""

from __future__ import annotations

from datetime import date, datetime, tzinfo

from clerk_desk.clock import city_zone
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput, NotFound
from clerk_desk.findings import Finding
from clerk_desk.kinds import VendingStatus
from clerk_desk.models import DoubtNotice, VendingApplication
from clerk_desk.validation import fits
from clerk_desk.vending import acts
from clerk_desk.vending.checklist import review
from clerk_desk.vending.lookup import delivery_refusal, get_application
from clerk_desk.vending.rules import PROCEDURE_CITE, doubt_notice_due, matters_in_doubt
from clerk_desk.words import format_day


def prepare_doubt_notice(action: Action, application_id: int, *, clerk_text: str = "") -> int:
    """State the matters in doubt: every requirement not yet met (those not yet due included:
    they are not "clearly met" today), plus the Clerk's own words. The application is then "in
    doubt" until corrected and decided. The notice's last day (``due_on``) is
    :func:`notice_due_on`: three days from the application, or, for a notice on an application
    corrected after its last notice, three days from the correction."""
    application = get_application(action.session, application_id)
    acts.allow(action, acts.VendingAct.DOUBT, application)
    items = review(action, application_id)
    matters = matters_in_doubt(items)
    if clerk_text.strip():
        matters.append(clerk_text.strip())
    if not matters:
        raise InvalidInput(
            "Every requirement is met: there is no matter in doubt. Approve the permit, or "
            "write the matter in doubt.",
            field="clerk_text",
            cite=PROCEDURE_CITE,
        )
    notice = DoubtNotice(
        application_id=application.id,
        prepared_at=action.now(),
        prepared_by_name=action.operator.full_name,
        matters={"items": matters},
        due_on=notice_due_on(application, action.calendar),
    )
    action.session.add(notice)
    application.notices.append(notice)  # read at once by the act's guards (acts.DELIVER)
    before = snapshot(application)
    application.status = VendingStatus.IN_DOUBT
    action.audit(
        "vending.doubt",
        application,
        f"Matters in doubt stated for {application.number} ({len(matters)})",
        before=before,
        after=snapshot(application) | {"matters": matters},
    )
    return notice.id


def corrected_since_notice(application: VendingApplication) -> bool:
    """Whether the application was corrected after its last doubt notice was written: the
    corrected application is then reviewed again."""
    corrected = application.corrected_at
    notices = application.notices
    return corrected is not None and bool(notices) and corrected > notices[-1].prepared_at


def notice_due_on(application: VendingApplication, calendar: CityCalendar) -> date:
    """The last day to state the matters in doubt in a notice written now.

    The first notice is due three days from the time of making application (``doubt_due_on``),
    and a correction before it does not move that day. § 506-24 is silent on an application
    corrected after a notice: the program's reading is that the corrected application is made
    anew for the three-day clock, so a notice on it is due three days from the correction
    (:func:`doubt_notice_due` of ``corrected_at``). The Clerk or City Attorney may differ."""
    if corrected_since_notice(application):
        assert application.corrected_at is not None
        return doubt_notice_due(application.corrected_at, calendar)
    return application.doubt_due_on


def notice_owed_on(application: VendingApplication, calendar: CityCalendar) -> date | None:
    """The last day of the written statement of the matters in doubt still owed, or None when
    none is: an application received and not decided; a notice written and not delivered (its
    own last day, a second notice's included); an application corrected after its delivered
    notice, reviewed again (:func:`notice_due_on`)."""
    status = VendingStatus(application.status)
    if status is VendingStatus.RECEIVED:
        return notice_due_on(application, calendar)
    if status is not VendingStatus.IN_DOUBT:
        return None
    undelivered = [n for n in application.notices if n.delivered_at is None]
    if undelivered:
        return undelivered[-1].due_on
    if corrected_since_notice(application):
        return notice_due_on(application, calendar)
    return None


def record_notice_delivery(
    action: Action, notice_id: int, *, delivered_at: datetime, manner: str
) -> int:
    """Record when and how the doubt notice reached the applicant."""
    notice = action.session.get(DoubtNotice, notice_id)
    if notice is None:
        raise NotFound(f"There is no doubt notice number {notice_id}.")
    acts.allow(action, acts.VendingAct.DELIVER, notice.application)
    if refused := delivery_refusal(action, notice):  # another notice waits; not this one
        raise refused
    zone = action.clock.local_now().tzinfo
    how = " ".join(manner.split())
    if not how:
        raise InvalidInput("Say how the notice was delivered.", field="manner")
    if delivered_at.tzinfo is None:
        raise ValueError("delivered_at must be timezone-aware")
    if delivered_at > action.now():
        raise InvalidInput("The notice cannot be delivered in the future.", field="delivered_at")
    if delivered_at < notice.prepared_at:
        raise InvalidInput(
            "The notice cannot be delivered before it was written.", field="delivered_at"
        )
    notice.delivered_at = delivered_at
    notice.delivered_manner = fits(DoubtNotice.delivered_manner, how, "The manner", field="manner")
    delivered_on = delivered_at.astimezone(zone).date()
    late = delivered_on > notice.due_on
    action.audit(
        "vending.doubt_delivered",
        notice.application,
        f"Doubt notice for {notice.application.number} delivered {format_day(delivered_on)} "
        f"({how})" + (f"; late: it was due by {format_day(notice.due_on)}" if late else ""),
        after={"notice_id": notice.id, "delivered_at": delivered_at.isoformat(), "manner": how},
    )
    return notice.id


def notice_findings(
    notice: DoubtNotice, *, today: date, zone: tzinfo | None = None
) -> list[Finding]:
    """What to say about a doubt notice's delivery: late (delivered after its last day, or not
    delivered and the day has passed), with the citation; empty when it was in time."""
    due = notice.due_on
    if notice.delivered_at is None:
        if today <= due:
            return []
        return [
            Finding(
                "warn",
                PROCEDURE_CITE,
                f"Not delivered yet; the matters in doubt were due to the applicant by "
                f"{format_day(due)}, within three days of the application.",
            )
        ]
    delivered_on = notice.delivered_at.astimezone(zone or city_zone()).date()
    if delivered_on <= due:
        return []
    return [
        Finding(
            "warn",
            PROCEDURE_CITE,
            f"Delivered {format_day(delivered_on)}, after the last day, {format_day(due)}: the "
            "matters in doubt are stated within three days of the application.",
        )
    ]
