"""The appeal of the Clerk's denial to the Common Council (§ 506-24), and the Council's decision."""

from __future__ import annotations

import enum
from datetime import date, datetime, tzinfo

from clerk_desk.acting import as_words, permission_refusal, refuse
from clerk_desk.clock import city_zone
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import ClerkDeskError, InvalidInput, NotFound
from clerk_desk.findings import Finding
from clerk_desk.kinds import VendingStatus
from clerk_desk.models import CouncilMeeting, VendingAppeal
from clerk_desk.permissions import Permission
from clerk_desk.vending import acts
from clerk_desk.vending.checklist import checklist
from clerk_desk.vending.decisions import issue_permit
from clerk_desk.vending.lookup import decided_refusal, get_application
from clerk_desk.vending.rules import PROCEDURE_CITE, unmet_conditions
from clerk_desk.words import format_day

COUNCIL = "Common Council"


class AppealOutcome(enum.StrEnum):
    DENIED = "denied"
    APPROVED = "approved"
    APPROVED_CONDITIONALLY = "conditional"

    @property
    def label(self) -> str:
        return {
            "denied": "Denied",
            "approved": "Approved",
            "conditional": "Approved conditionally",
        }[self.value]


def outcome_refusal(action: Action, outcome: AppealOutcome) -> ClerkDeskError | None:
    """Recording the Council's approval issues the permit, which takes the permission to issue
    permits beside the act's own; recording a denial takes only the act's."""
    if outcome is AppealOutcome.DENIED:
        return None
    return permission_refusal(action, acts.ISSUE)


def outcome_acts(action: Action) -> dict[AppealOutcome, str | None]:
    """For each outcome of an appeal, None when the operator may record it, else why not: the
    outcomes the Council decision's form offers."""
    return as_words({outcome: outcome_refusal(action, outcome) for outcome in AppealOutcome})


def file_appeal(action: Action, application_id: int, *, filed_on: date) -> int:
    """Record an appeal of the Clerk's denial. One filed after the seventh day is accepted for
    the record but marked untimely."""
    application = get_application(action.session, application_id)
    acts.allow(action, acts.VendingAct.APPEAL, application)
    assert application.denied_on is not None and application.appeal_due_on is not None
    if filed_on > action.today():
        raise InvalidInput("The appeal cannot be filed later than today.", field="filed_on")
    if filed_on < application.denied_on:
        raise InvalidInput("An appeal cannot come before the decision.", field="filed_on")
    appeal = VendingAppeal(
        application_id=application.id,
        filed_on=filed_on,
        due_on=application.appeal_due_on,
        timely=filed_on <= application.appeal_due_on,
        created_at=action.now(),
    )
    action.session.add(appeal)
    before = snapshot(application)
    application.status = VendingStatus.APPEALED
    late = (
        ""
        if appeal.timely
        else f"; untimely: the last day was {format_day(application.appeal_due_on)}"
    )
    action.audit(
        "vending.appeal",
        application,
        f"Appeal of the denial of {application.number} filed {format_day(filed_on)}{late}",
        before=before,
        after=snapshot(application),
    )
    return appeal.id


def appeal_findings(appeal: VendingAppeal) -> list[Finding]:
    if appeal.timely:
        return []
    return [
        Finding(
            "warn",
            PROCEDURE_CITE,
            f"Filed {format_day(appeal.filed_on)}, after the last day, "
            f"{format_day(appeal.due_on)}: appeals are filed within seven days of the Clerk's "
            "decision.",
        )
    ]


def meeting_refusal(
    meeting: CouncilMeeting, appeal: VendingAppeal, *, now: datetime, zone: tzinfo | None
) -> str | None:
    """Why the Council cannot have decided ``appeal`` at ``meeting`` (cancelled, not held yet,
    held before the appeal was filed), or None when it can: the one rule the Council decision
    form lists meetings by and :func:`record_appeal_decision` checks."""
    held_on = meeting.starts_at.astimezone(zone or city_zone()).date()
    if meeting.cancelled_on is not None:
        return f"The meeting of {format_day(held_on)} was cancelled."
    if meeting.starts_at > now:
        return f"The meeting of {format_day(held_on)} has not taken place yet."
    if held_on < appeal.filed_on:
        return (
            f"The meeting of {format_day(held_on)} was before the appeal was filed "
            f"({format_day(appeal.filed_on)})."
        )
    return None


def record_appeal_decision(
    action: Action,
    appeal_id: int,
    *,
    meeting_id: int,
    outcome: AppealOutcome,
    conditions: str = "",
    note: str = "",
) -> int:
    """Record what the Common Council decided on the appeal, at a meeting already held (not
    cancelled, not before the appeal was filed: :func:`meeting_refusal`).

    Whatever it decided, ``decided_on`` and ``decided_by_name`` then name the Council's act (the
    decision that stands); the Clerk's denial stays in ``denied_on`` and ``denied_by_name``. The
    Council's conditions stay on the appeal (``conditions``). An approval issues the permit, and
    the Council's decision stands even where a requirement of § 506-24 is not met: each one
    not met (not yet due, or past its day) is printed as a condition saying the permit is not
    valid until it is met (:func:`unmet_conditions`), kept in the application's ``conditions``
    after the Council's own (:func:`permit_conditions`)."""
    appeal = action.session.get(VendingAppeal, appeal_id)
    if appeal is None:
        raise NotFound(f"There is no appeal number {appeal_id}.")
    application = appeal.application
    if decided := decided_refusal(appeal):  # decided already: its decision stands
        action.require(Permission.TAKE_APPLICATIONS)
        raise decided
    acts.allow(action, acts.VendingAct.COUNCIL, application)
    outcome = AppealOutcome(outcome)
    refuse(outcome_refusal(action, outcome))
    meeting = action.session.get(CouncilMeeting, meeting_id)
    if meeting is None:
        raise InvalidInput("Choose a meeting of the Council that was held.", field="meeting")
    zone = action.clock.local_now().tzinfo
    refused = meeting_refusal(meeting, appeal, now=action.now(), zone=zone)
    if refused is not None:
        raise InvalidInput(refused, field="meeting")
    held_on = meeting.starts_at.astimezone(zone).date()
    terms = "\n".join(line.strip() for line in conditions.splitlines() if line.strip())
    if outcome is AppealOutcome.APPROVED_CONDITIONALLY and not terms:
        raise InvalidInput("Enter the Council's conditions.", field="conditions")
    if outcome is not AppealOutcome.APPROVED_CONDITIONALLY and terms:
        raise InvalidInput(
            f"The Council's decision is {outcome.label.lower()}, without conditions: choose "
            "approved conditionally, or clear the conditions.",
            field="conditions",
        )
    before = snapshot(application)
    appeal.meeting_id, appeal.outcome, appeal.acted_on = meeting.id, outcome.value, held_on
    appeal.conditions, appeal.note = terms, note.strip()
    application.decided_on, application.decided_by_name = held_on, COUNCIL
    if outcome is AppealOutcome.DENIED:
        application.status = VendingStatus.DENIED_ON_APPEAL
    else:
        items = checklist(
            action.session, application, calendar=action.calendar, today=action.today()
        )
        application.status = VendingStatus.APPROVED_ON_APPEAL
        application.conditions = "\n".join(unmet_conditions(items))
        issue_permit(action, application)
    action.audit(
        "vending.appeal_decision",
        application,
        f"Council {outcome.label.lower()} the appeal of {application.number} on "
        f"{format_day(held_on)}",
        before=before,
        after=snapshot(application) | {"council_conditions": terms},
    )
    return appeal.id
