"""The checklist of § 506-24 for one application: each requirement met, not yet due or not met,
with the cited findings."""

from __future__ import annotations

import dataclasses
from datetime import date

from sqlalchemy.orm import Session

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.coverage import SPECIAL_EVENT_VENDING, Covers, check_certificate
from clerk_desk.deadlines import CityCalendar, Deadline
from clerk_desk.desk import Action
from clerk_desk.findings import Finding
from clerk_desk.kinds import ApplicantKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import VendingApplication
from clerk_desk.vending.lookup import RECORD_TYPE, get_application
from clerk_desk.vending.rules import (
    CERTIFICATE_FILED,
    INSURANCE_CITE,
    INSURANCE_TITLE,
    NOT_VALID_UNTIL,
    PERMIT_CITE,
    POLICE_CITE,
    POLICE_PAPERS,
    POLICE_TITLE,
    PROCEDURE_CITE,
    ChecklistItem,
    ItemState,
    by_day,
    item_state,
    proof_deadline,
    short_notice,
)
from clerk_desk.words import format_day


def first_day(application: VendingApplication) -> date | None:
    return min((s.day for s in application.slots), default=None)


def last_day(application: VendingApplication) -> date | None:
    return max((s.day for s in application.slots), default=None)


def _complete(
    application: VendingApplication, today: date, calendar: CityCalendar
) -> list[Finding]:
    missing = []
    if not application.goods.strip():
        missing.append("the goods or services to be sold")
    if not (application.contact_name and (application.contact_phone or application.contact_email)):
        missing.append("a contact person with a phone number or e-mail address")
    if not application.slots:
        missing.append("the exact days, hours and locations")
    found = [
        Finding("block", PROCEDURE_CITE, f"The application does not give {what}.")
        for what in missing
    ]
    if (
        ApplicantKind(application.applicant_kind) is ApplicantKind.VENDOR
        and not application.integral_to_event
    ):
        # The rule is in the first paragraph: the permit is for a participant in a special event
        # "where such vending is an integral part of the event".
        found.append(
            Finding(
                "block",
                PERMIT_CITE,
                "The application does not say whether the vending is an integral part of the "
                "event (an individual vendor's permit is for a participant in a special event "
                "whose vending is an integral part of it).",
            )
        )
    if application.slots and min(s.day for s in application.slots) < application.applied_on:
        found.append(
            Finding("block", PROCEDURE_CITE, "A day of vending is before the application.")
        )
    if application.slots and max(s.day for s in application.slots) < today:
        found.append(
            Finding("block", PERMIT_CITE, "Every day of vending on the application has passed.")
        )
    late = short_notice(application.applied_on, first_day(application), calendar)
    if late is not None:
        found.append(late)
    return found


def _list(application: VendingApplication) -> list[Finding]:
    if ApplicantKind(application.applicant_kind) is not ApplicantKind.SPONSOR:
        return []
    if application.participants:
        return []
    return [
        Finding(
            "block",
            PROCEDURE_CITE,
            "A sponsoring organization must give the complete list of sponsors and "
            "participants at the time of making application.",
        )
    ]


def checklist(
    session: Session, application: VendingApplication, *, calendar: CityCalendar, today: date
) -> list[ChecklistItem]:
    """Each requirement of § 506-24, met, not yet due, or not met, with the reasons cited.

    Proof of insurance and the papers for the Chief of Police are "not yet due" (pending) up to
    and including their last day, seven days before the event starts, and "not met" from the
    day after — a certificate on file that falls short too: it may still be replaced in time.
    Papers submitted to the Chief in time wait for the Chief's approval: that is pending until
    the event starts (the ordinance sets no day for the Chief), not met from its first day
    without it. The fee has no day: unpaid, it is not met. A warning (an event fewer than seven
    days after the application) does not make an item unmet.
    """
    items = []
    found = _complete(application, today, calendar)
    blocks = " ".join(f.text for f in found if f.blocks)
    items.append(
        ChecklistItem(
            "complete",
            "Application complete",
            item_state(found),
            tuple(found),
            PROCEDURE_CITE,
            condition=f"{NOT_VALID_UNTIL} the application is complete with the City Clerk: {blocks}"
            if blocks
            else "",
        )
    )
    if ApplicantKind(application.applicant_kind) is ApplicantKind.SPONSOR:
        found = _list(application)
        items.append(
            ChecklistItem(
                "list",
                "Sponsors and participants listed",
                item_state(found),
                tuple(found),
                PROCEDURE_CITE,
                condition=f"{NOT_VALID_UNTIL} the complete list of sponsors and participants is "
                "given to the City Clerk."
                if found
                else "",
            )
        )
    start, end = first_day(application), last_day(application)
    if start is None or end is None:
        no_days = "No days of vending are given yet."
        items.append(
            ChecklistItem(
                "insurance",
                INSURANCE_TITLE,
                ItemState.NOT_MET,
                (Finding("block", INSURANCE_CITE, no_days),),
                INSURANCE_CITE,
                condition=f"{NOT_VALID_UNTIL} {CERTIFICATE_FILED}.",
            )
        )
        items.append(
            ChecklistItem(
                "police",
                POLICE_TITLE,
                ItemState.NOT_MET,
                (Finding("block", POLICE_CITE, no_days),),
                POLICE_CITE,
                condition=f"{NOT_VALID_UNTIL} the {POLICE_PAPERS} are submitted to the Chief of "
                "Police and approved by the Chief.",
            )
        )
    else:
        deadline = proof_deadline(start, calendar)
        items.append(
            _insurance(session, application, Covers(start, end), deadline, today, calendar)
        )
        items.append(_police(application, deadline, start, today))
    items.append(_fee(session, application))
    return items


# The certificate judged on its own terms (limits, clauses, the days it is in force); when it
# came is judged by :func:`_insurance`, against the day of this permit's deadline.
_CERTIFICATE = dataclasses.replace(SPECIAL_EVENT_VENDING, proof_days_before_start=None)


def _insurance(
    session: Session,
    application: VendingApplication,
    covers: Covers,
    deadline: Deadline,
    today: date,
    calendar: CityCalendar,
) -> ChecklistItem:
    """Proof of insurance: a certificate meeting § 506-24 received by the last day.

    Each finding is written here, once: what the certificate on file lacks (or that none is on
    file), then when a certificate meeting § 506-24 "is due" (up to the last day: pending) or
    "was due" (from the day after: not met); or, for a certificate that meets it but came after
    the last day, the day it came."""

    def item(state: ItemState, found: list[Finding], condition: str = "") -> ChecklistItem:
        return ChecklistItem(
            "insurance",
            INSURANCE_TITLE,
            state,
            tuple(found),
            INSURANCE_CITE,
            deadline.due,
            condition,
        )

    found: list[Finding]
    best = _best_certificate(session, application.applicant_id, covers, deadline, calendar)
    if best is not None:
        received_on, found = best
        received, due = format_day(received_on), format_day(deadline.due)
        if not found and received_on <= deadline.due:
            return item(ItemState.MET, [])
        if not found:
            late = Finding(
                "block",
                INSURANCE_CITE,
                f"Proof of insurance was received {received}; it was due by {due}, seven days "
                f"before the event starts ({format_day(covers.start)}).",
            )
            return item(
                ItemState.NOT_MET,
                [late],
                f"The certificate of insurance on file was received {received}, after its last "
                f"day ({due}, seven days before the event starts); this permit is valid only "
                "while that insurance stays in force.",
            )
    else:
        found = [
            Finding(
                "block",
                INSURANCE_CITE,
                f"No certificate of insurance is on file for {application.applicant.name}.",
            )
        ]
    if today <= deadline.due:
        when = f"is due {by_day(deadline)}, seven days before the event starts"
        found.append(
            Finding("block", INSURANCE_CITE, f"A certificate of insurance meeting § 506-24 {when}.")
        )
        return item(ItemState.PENDING, found, f"{NOT_VALID_UNTIL} {CERTIFICATE_FILED}; it {when}.")
    when = f"was due by {format_day(deadline.due)}, seven days before the event starts"
    found.append(
        Finding("block", INSURANCE_CITE, f"A certificate of insurance meeting § 506-24 {when}.")
    )
    return item(ItemState.NOT_MET, found, f"{NOT_VALID_UNTIL} {CERTIFICATE_FILED}; it {when}.")


def _best_certificate(
    session: Session, party_id: int, covers: Covers, deadline: Deadline, calendar: CityCalendar
) -> tuple[date, list[Finding]] | None:
    """The applicant's certificate on file that comes nearest to meeting § 506-24 — the fewest
    findings that stop it, then one received by the last day — as the day it was received and
    those findings; None when none is on file."""
    judged = [
        (
            certificate.received_on,
            [
                f
                for f in check_certificate(
                    bonds.as_certificate(certificate),
                    _CERTIFICATE,
                    covers=covers,
                    calendar=calendar,
                )
                if f.blocks
            ],
        )
        for certificate in bonds.certificates_of(session, party_id)
    ]
    if not judged:
        return None
    return min(judged, key=lambda pair: (len(pair[1]), pair[0] > deadline.due))


def fee_cite(session: Session, application_id: int) -> str:
    """The section the fee schedule gives for the application's fee ("" when it gives none):
    § 506-24 names no fee; the amount is the City's fee schedule's."""
    dues = ledger.dues_for(session, RecordRef(RECORD_TYPE, str(application_id)))
    return next(
        (d.fee_item.section.strip() for d in dues if d.fee_item and d.fee_item.section.strip()),
        "",
    )


def _fee(session: Session, application: VendingApplication) -> ChecklistItem:
    # The ordinance is silent on when it is paid: the choice here is before the permit issues
    # (no "pending" state), as at the counter for every other permit.
    cite = fee_cite(session, application.id)
    if ledger.is_paid(session, RecordRef(RECORD_TYPE, str(application.id))):
        return ChecklistItem("fee", "Permit fee paid", ItemState.MET, (), cite)
    return ChecklistItem(
        "fee",
        "Permit fee paid",
        ItemState.NOT_MET,
        (Finding("block", cite, "The permit fee set in the City's fee schedule is not paid."),),
        cite,
        condition=f"{NOT_VALID_UNTIL} the permit fee set in the City's fee schedule is paid.",
    )


def _police(
    application: VendingApplication, deadline: Deadline, start: date, today: date
) -> ChecklistItem:
    submitted, approved = application.police_submitted_on, application.police_approved_on

    def item(state: ItemState, found: list[Finding], condition: str = "") -> ChecklistItem:
        return ChecklistItem(
            "police", POLICE_TITLE, state, tuple(found), POLICE_CITE, deadline.due, condition
        )

    if submitted is None:
        pending = today <= deadline.due
        when = (
            f"they are due {by_day(deadline)}"
            if pending
            else f"they were due by {format_day(deadline.due)}"
        )
        found = [
            Finding(
                "block",
                POLICE_CITE,
                "Street and sidewalk encroachments, booth locations and special parking have not "
                f"been submitted to the Chief of Police; {when}, seven days before the event "
                "starts.",
            )
        ]
        return item(
            item_state(found, pending=pending),
            found,
            f"{NOT_VALID_UNTIL} the {POLICE_PAPERS} are submitted to the Chief of Police and "
            f"approved by the Chief; {when}, seven days before the event starts "
            f"({format_day(start)}).",
        )
    if submitted > deadline.due:
        late = (
            f"submitted to the Chief of Police {format_day(submitted)}, after their last day "
            f"({format_day(deadline.due)}, seven days before the event starts)"
        )
        return item(
            ItemState.NOT_MET,
            [
                Finding(
                    "block",
                    POLICE_CITE,
                    f"Submitted to the Chief of Police {format_day(submitted)}; due by "
                    f"{format_day(deadline.due)}, seven days before the event starts.",
                )
            ],
            f"The {POLICE_PAPERS} were {late}; the Chief approved them {format_day(approved)}."
            if approved is not None
            else f"{NOT_VALID_UNTIL} the Chief of Police approves the {POLICE_PAPERS}, {late}.",
        )
    if approved is None:
        found = [
            Finding(
                "block",
                POLICE_CITE,
                f"Submitted to the Chief of Police {format_day(submitted)}; the Chief's approval "
                "is not recorded yet.",
            )
        ]
        return item(
            item_state(found, pending=today < start),
            found,
            f"{NOT_VALID_UNTIL} the Chief of Police approves the {POLICE_PAPERS} submitted "
            f"{format_day(submitted)}.",
        )
    return item(ItemState.MET, [])


def review(action: Action, application_id: int) -> list[ChecklistItem]:
    """The checklist of an application as it stands today."""
    application = get_application(action.session, application_id)
    return checklist(action.session, application, calendar=action.calendar, today=action.today())
