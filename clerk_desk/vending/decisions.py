"""The Clerk's decision on an application (§ 506-24): approval, conditional approval, denial with
the appeal day; withdrawal by the applicant."""

from __future__ import annotations

from clerk_desk import ledger
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import VendingStatus
from clerk_desk.models import VendingApplication
from clerk_desk.numbering import take_number
from clerk_desk.vending import acts
from clerk_desk.vending.application import search_text
from clerk_desk.vending.checklist import review
from clerk_desk.vending.lookup import fees_cancelled_on_withdrawal, get_application
from clerk_desk.vending.rules import PROCEDURE_CITE, ItemState, appeal_due, pending_conditions
from clerk_desk.words import format_day


def issue_permit(action: Action, application: VendingApplication) -> None:
    if application.permit_number is None:
        year = action.today().year
        application.permit_number = (
            f"SEV-{year}-{take_number(action, 'vending_permit', year=year):03d}"
        )
        application.search_text = search_text(application, application.applicant.name)
    application.permit_issued_on = action.today()


def approve(action: Action, application_id: int, *, conditions: str = "") -> int:
    """Approve the permit (conditionally, with ``conditions``), when every requirement is clearly
    met; a requirement whose day has not come yet (insurance, police review) may instead be made
    a condition of the permit (:func:`pending_conditions`)."""
    application = get_application(action.session, application_id)
    acts.allow(action, acts.VendingAct.APPROVE, application)
    items = review(action, application_id)
    not_met = [item for item in items if item.state is ItemState.NOT_MET]
    if not_met:
        first = next(f for f in not_met[0].findings if f.blocks)
        raise InvalidInput(
            f"{not_met[0].title}: {first.text} State the matters in doubt, or deny.",
            field="decision",
            cite=first.cite or PROCEDURE_CITE,
        )
    terms = [conditions.strip()] if conditions.strip() else []
    terms += pending_conditions(items)
    before = snapshot(application)
    application.conditions = "\n".join(terms)
    application.status = VendingStatus.CONDITIONALLY_APPROVED if terms else VendingStatus.APPROVED
    application.decided_on, application.decided_by_name = action.today(), action.operator.full_name
    issue_permit(action, application)
    action.audit(
        "vending.approve",
        application,
        f"Permit {application.permit_number} issued on application {application.number}"
        + (" with conditions" if terms else ""),
        before=before,
        after=snapshot(application),
    )
    return application.id


def council_conditions(application: VendingApplication) -> list[str]:
    """The Common Council's own conditions on a permit it approved on appeal (stored on its
    appeal, as the motion states them), one a line; none otherwise."""
    if VendingStatus(application.status) is not VendingStatus.APPROVED_ON_APPEAL:
        return []
    decided = [a for a in application.appeals if a.outcome]
    if not decided:
        return []
    return [line.strip() for line in decided[-1].conditions.splitlines() if line.strip()]


def permit_conditions(application: VendingApplication) -> list[str]:
    """Every condition printed on the permit, in order: the Common Council's (on appeal), then
    the Clerk's and those of the requirements still unmet when it was decided."""
    own = [line.strip() for line in application.conditions.splitlines() if line.strip()]
    return council_conditions(application) + own


def deny(action: Action, application_id: int, *, reasons: str) -> int:
    """Deny the application, with reasons; the applicant may appeal to the Common Council within
    seven days (:func:`appeal_due`). ``denied_on`` and ``denied_by_name`` keep the Clerk's denial
    for good; the permit fee stays owed (the application was received and reviewed)."""
    application = get_application(action.session, application_id)
    acts.allow(action, acts.VendingAct.DENY, application)
    why = reasons.strip()
    if not why:
        raise InvalidInput(
            "State the reasons for the denial.", field="reasons", cite=PROCEDURE_CITE
        )
    before = snapshot(application)
    today, clerk = action.today(), action.operator.full_name
    application.status = VendingStatus.DENIED
    application.decided_on, application.decided_by_name = today, clerk
    application.denied_on, application.denied_by_name = today, clerk
    application.decision_reasons = why
    application.appeal_due_on = appeal_due(today, action.calendar)
    action.audit(
        "vending.deny",
        application,
        f"Application {application.number} denied; appeal by "
        f"{format_day(application.appeal_due_on)}",
        before=before,
        after=snapshot(application),
    )
    return application.id


def withdraw(action: Action, application_id: int, *, reason: str) -> int:
    """The applicant withdraws the application. Withdrawn before any decision, the permit fee
    not yet paid is cancelled (``ledger.cancel``, with the reason, which takes the right to
    cancel an amount due): nothing was decided on it. After a decision (a permit, or a denial
    reviewed) the fee stays as it is."""
    application = get_application(action.session, application_id)
    acts.allow(action, acts.VendingAct.WITHDRAW, application)
    cancelled = fees_cancelled_on_withdrawal(action.session, application)
    why = reason.strip()
    if not why:
        raise InvalidInput("Say who withdrew it and how.", field="reason")
    before = snapshot(application)
    application.status = VendingStatus.WITHDRAWN
    application.withdrawn_reason = why
    action.audit(
        "vending.withdraw",
        application,
        f"Application {application.number} withdrawn: {why}",
        before=before,
        after=snapshot(application),
    )
    for due_id in cancelled:
        ledger.cancel(
            action,
            due_id,
            reason=f"Application {application.number} withdrawn before a decision: {why}",
        )
    return application.id
