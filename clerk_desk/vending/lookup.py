"""Finding an application, and the facts the guards of its acts read
(:mod:`clerk_desk.vending.acts`): below the services, so that the guards import no service."""

from __future__ import annotations

from sqlalchemy.orm import Session

from clerk_desk import ledger
from clerk_desk.errors import NotFound
from clerk_desk.kinds import DueStatus, VendingStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import VendingApplication
from clerk_desk.money import Money

FEE_CODE = "VEND"


RECORD_TYPE = "vending_application"


def get_application(session: Session, application_id: int) -> VendingApplication:
    application = session.get(VendingApplication, application_id)
    if application is None:
        raise NotFound(f"There is no vending application number {application_id}.")
    return application


def fees_cancelled_on_withdrawal(session: Session, application: VendingApplication) -> list[int]:
    """The amounts due that withdrawing the application now would cancel: the permit fee not
    yet paid, while nothing is decided on it (after a decision the fee stays owed)."""
    if not VendingStatus(application.status).undecided:
        return []
    return [
        due.id
        for due in ledger.dues_for(session, RecordRef(RECORD_TYPE, str(application.id)))
        if DueStatus(due.status) is DueStatus.OPEN and due.paid == Money.zero()
    ]
