"""Read-only views of the special event vending register for the Vending tab (§ 506-24).

They sit beside :mod:`clerk_desk.vending` so that the screens ask the core one question each
(which years the register holds, whether the three-day notice is still owed, what a pending
requirement becomes on the permit, whether an appeal filed on a day would be timely, what is
still owed on the permit fee) instead of deciding anything themselves. Nothing here writes.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk import ledger, vending
from clerk_desk.errors import NotFound
from clerk_desk.findings import Finding
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    DoubtNotice,
    DueStatus,
    VendingAppeal,
    VendingApplication,
    VendingStatus,
)
from clerk_desk.money import Money


def application_years(session: Session) -> list[int]:
    """The years the register holds applications for, latest first (the tab's filter)."""
    return list(
        session.scalars(
            select(VendingApplication.year).distinct().order_by(VendingApplication.year.desc())
        )
    )


def notice_owed(application: VendingApplication) -> bool:
    """Whether the written statement of the matters in doubt is still owed: the Clerk has
    neither decided nor delivered a doubt notice (the Today tab's rule, for one application)."""
    status = VendingStatus(application.status)
    if status is VendingStatus.RECEIVED:
        return True
    return status is VendingStatus.IN_DOUBT and not any(
        n.delivered_at is not None for n in application.notices
    )


def get_notice(session: Session, notice_id: int) -> DoubtNotice:
    notice = session.get(DoubtNotice, notice_id)
    if notice is None:
        raise NotFound(f"There is no doubt notice number {notice_id}.")
    return notice


def appeal_preview(application: VendingApplication, filed_on: date) -> list[Finding]:
    """What :func:`clerk_desk.vending.appeal_findings` will say of an appeal filed on
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
