"""Finding an application, and the facts the guards of its acts read
(:mod:`clerk_desk.vending.acts`): below the services, so that the guards import no service."""

from __future__ import annotations

from sqlalchemy.orm import Session

from clerk_desk import ledger
from clerk_desk.desk import Action
from clerk_desk.errors import Conflict, NotFound
from clerk_desk.kinds import DueStatus, VendingStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import DoubtNotice, VendingAppeal, VendingApplication
from clerk_desk.money import Money
from clerk_desk.vending.rules import delivered_refusal

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


def delivery_refusal(action: Action, notice: DoubtNotice) -> Conflict | None:
    """Why ``notice`` cannot be recorded as delivered now (it is already), or None."""
    if notice.delivered_at is None:
        return None
    delivered_on = notice.delivered_at.astimezone(action.clock.local_now().tzinfo).date()
    return delivered_refusal(delivered_on, notice.delivered_manner)


def decided_refusal(appeal: VendingAppeal) -> Conflict | None:
    """An appeal the Common Council decided is not decided again."""
    if not appeal.outcome:
        return None
    return Conflict("The Council's decision on this appeal is already recorded.")


def not_before_council(application: VendingApplication) -> Conflict | None:
    """Why the Common Council cannot decide an appeal of ``application`` now (the application
    is no longer on appeal: withdrawn, or decided), or None."""
    status = VendingStatus(application.status)
    if status is VendingStatus.APPEALED:
        return None
    return Conflict(
        f"Application {application.number} is {status.label.lower()}; the appeal is not before "
        "the Council."
    )
