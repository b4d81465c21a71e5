"""Read-only views of the special event vending register for the Vending tab (§ 506-24).

They sit beside :mod:`clerk_desk.vending.service` so that the screens ask the core one question each
(which years the register holds, whether the three-day notice is still owed and by when,
whether an appeal filed on a day would be timely, at which meetings the Council can have
decided an appeal, what is still owed on the permit fee, where the insurance stands for the
register) instead of deciding anything themselves. Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk import ledger
from clerk_desk.deadlines import CityCalendar
from clerk_desk.errors import NotFound
from clerk_desk.findings import Finding
from clerk_desk.kinds import DueStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import DoubtNotice, VendingAppeal, VendingApplication
from clerk_desk.money import Money
from clerk_desk.petitions import service as petitions
from clerk_desk.vending import service as vending


def application_years(session: Session) -> list[int]:
    """The years the register holds applications for, latest first (the tab's filter)."""
    return list(
        session.scalars(
            select(VendingApplication.year).distinct().order_by(VendingApplication.year.desc())
        )
    )


def notice_owed(application: VendingApplication, calendar: CityCalendar) -> bool:
    """Whether a written statement of the matters in doubt is still owed (the Today tab's rule,
    for one application): :func:`clerk_desk.vending.service.notice_owed_on`."""
    return vending.notice_owed_on(application, calendar) is not None


def get_notice(session: Session, notice_id: int) -> DoubtNotice:
    notice = session.get(DoubtNotice, notice_id)
    if notice is None:
        raise NotFound(f"There is no doubt notice number {notice_id}.")
    return notice


def appeal_preview(application: VendingApplication, filed_on: date) -> list[Finding]:
    """What :func:`clerk_desk.vending.service.appeal_findings` will say of an appeal filed on
    ``filed_on`` (nothing when timely), before it is recorded."""
    due = application.appeal_due_on
    if due is None:
        return []
    trial = VendingAppeal(filed_on=filed_on, due_on=due, timely=filed_on <= due)
    return vending.appeal_findings(trial)


def fee_owed(session: Session, application_id: int) -> Money:
    """What is still owed on the application's permit fee (zero once paid)."""
    dues = ledger.dues_for(session, RecordRef(vending.RECORD_TYPE, str(application_id)))
    return sum(
        (d.balance for d in dues if DueStatus(d.status) is DueStatus.OPEN),
        Money.zero(),
    )


def appeal_meetings(
    session: Session, appeal_id: int, *, now: datetime, zone: tzinfo | None
) -> tuple[list[int], list[int]]:
    """The meetings the Council decision form offers for an appeal: those at which the Council
    can have decided it (:func:`clerk_desk.vending.service.meeting_refusal` finds nothing against
    them), latest first; and the next two not held yet, so that choosing one lets the core say
    it has not taken place."""
    appeal = session.get(VendingAppeal, appeal_id)
    if appeal is None:
        raise NotFound(f"There is no appeal number {appeal_id}.")
    found = petitions.meetings(session)
    held = [
        m.id
        for m in reversed(found)
        if m.starts_at <= now and vending.meeting_refusal(m, appeal, now=now, zone=zone) is None
    ]
    later = [m.id for m in found if m.starts_at > now][:2]
    return held, later


def insurance_states(
    session: Session,
    applications: Iterable[VendingApplication],
    *,
    calendar: CityCalendar,
    today: date,
) -> dict[int, str]:
    """Where proof of insurance stands for each application, in the checklist's words ("Met",
    "Not yet due", "Not met"), by application id: the register's Insurance column."""
    states = {}
    for application in applications:
        items = vending.checklist(session, application, calendar=calendar, today=today)
        item = next(i for i in items if i.key == "insurance")
        states[application.id] = item.state.label
    return states
