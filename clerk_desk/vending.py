"""Special event vending permits (§ 506-24): application, review, doubt notice, decision, appeal.

No one may sell on a street, sidewalk, alley or other public place without a special event
vending permit from the City Clerk. An individual vendor applies for itself; the organization
sponsoring a City or area-wide promotion or festival applies as agent for its participating
members and gives the complete list of sponsors and participants with the application.

The time of application starts a clock: if the requirements are not clearly and unambiguously
met, the Clerk must state the matters in doubt in writing within three days. A denial may be
appealed to the Common Council within seven days of the Clerk's decision. Proof of insurance,
and the booth locations, encroachments and special parking for the Chief of Police, are due at
least seven days before the event starts. Every change is kept in the audit trail, which is the
application's history.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import bonds, ledger
from clerk_desk.clock import city_zone
from clerk_desk.coverage import SPECIAL_EVENT_VENDING, Covers
from clerk_desk.deadlines import CityCalendar, default_calendar, format_day
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.fees import fee_on
from clerk_desk.findings import Finding
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    ApplicantKind,
    AuditEvent,
    CouncilMeeting,
    DoubtNotice,
    DueKind,
    VendingAppeal,
    VendingApplication,
    VendingParticipant,
    VendingSlot,
    VendingStatus,
)
from clerk_desk.numbering import take_number
from clerk_desk.parties import fold, get_party
from clerk_desk.permissions import Permission
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits

PERMIT_CITE = "§ 506-24 (Street sales prohibited except by permit)"
PROCEDURE_CITE = "§ 506-24 (Procedure)"
INSURANCE_CITE = "§ 506-24 (Conditions of permit: Liability insurance)"
POLICE_CITE = "§ 506-24 (Conditions of permit: Cooperation with law enforcement officials)"
CLEANUP_CITE = "§ 506-24 (Conditions of permit: Cleanup)"
DOUBT_DAYS = 3  # "within three days of the time of making application"
APPEAL_DAYS = 7  # "within seven days of the Clerk's decision"
BEFORE_EVENT_DAYS = 7  # insurance proof and police review, "a minimum of seven days before"
FEE_CODE = "VEND"
RECORD_TYPE = "vending_application"
SEARCH_LIMIT = 500
DELIVERY_MANNERS = ("handed to the applicant", "e-mail", "first-class mail", "certified mail")


# -- the clocks ------------------------------------------------------------------------------


def doubt_notice_due(applied_at: datetime, calendar: CityCalendar | None = None) -> date:
    """The last day to state the matters in doubt: three days from the time of application,
    counted as any period (§ 990.001(4)); a last day City Hall is closed moves to its next open
    day, since the notice is the Clerk's act."""
    if applied_at.tzinfo is None:
        raise ValueError("applied_at must be timezone-aware")
    applied_on = applied_at.astimezone(city_zone()).date()
    return (calendar or default_calendar()).add_days(applied_on, DOUBT_DAYS)


def appeal_due(decided_on: date, calendar: CityCalendar | None = None) -> date:
    """The last day to file an appeal with the City Clerk: seven days from the decision (a
    filing at City Hall, so a last day it is closed moves to its next open day)."""
    return (calendar or default_calendar()).add_days(decided_on, APPEAL_DAYS)


def proof_due(first_day: date, calendar: CityCalendar | None = None) -> date:
    """The last day for proof of insurance and for the Chief of Police's papers: at least seven
    days before the event starts (counted back; never moved later)."""
    return (calendar or default_calendar()).latest_day_before(first_day, BEFORE_EVENT_DAYS)


# -- the application -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SlotData:
    day: date
    starts: time
    ends: time
    location: str


@dataclass(frozen=True, slots=True)
class ParticipantData:
    name: str
    role: str = "participant"  # or "sponsor"
    goods: str = ""
    contact: str = ""


@dataclass(frozen=True, slots=True)
class ApplicationData:
    applicant_id: int
    applicant_kind: ApplicantKind
    event_name: str
    goods: str = ""
    integral_to_event: bool = False
    contact_name: str = ""
    contact_phone: str = ""
    contact_email: str = ""
    slots: Sequence[SlotData] = ()
    participants: Sequence[ParticipantData] = ()
    notes: str = ""


ROLES = ("sponsor", "participant")


def _clean_slots(slots: Sequence[SlotData]) -> list[SlotData]:
    cleaned: list[SlotData] = []
    seen: set[tuple[date, str]] = set()
    for index, slot in enumerate(slots, start=1):
        place = " ".join(slot.location.split())
        if not place:
            raise InvalidInput(f"Day {index}: enter the exact location.", field="slots")
        fits(VendingSlot.location, place, f"Day {index}'s location", field="slots")
        if slot.ends <= slot.starts:
            raise InvalidInput(
                f"{format_day(slot.day)} at {place}: the hours must end after they start.",
                field="slots",
            )
        key = (slot.day, fold(place))
        if key in seen:
            raise InvalidInput(f"{format_day(slot.day)} at {place} is listed twice.", field="slots")
        seen.add(key)
        cleaned.append(SlotData(slot.day, slot.starts, slot.ends, place))
    return cleaned


def _clean_participants(people: Sequence[ParticipantData]) -> list[ParticipantData]:
    cleaned = []
    for index, person in enumerate(people, start=1):
        name = " ".join(person.name.split())
        if not name:
            raise InvalidInput(f"Line {index} of the list has no name.", field="participants")
        role = person.role.strip().lower() or "participant"
        if role not in ROLES:
            raise InvalidInput(
                f"Line {index}: {name} is a sponsor or a participant.", field="participants"
            )
        fits(VendingParticipant.name, name, f"Line {index}'s name", field="participants")
        fits(
            VendingParticipant.goods,
            person.goods.strip(),
            f"Line {index}'s goods",
            field="participants",
        )
        fits(
            VendingParticipant.contact,
            person.contact.strip(),
            f"Line {index}'s contact",
            field="participants",
        )
        cleaned.append(ParticipantData(name, role, person.goods.strip(), person.contact.strip()))
    return cleaned


def _clean(session: Session, data: ApplicationData) -> dict[str, object]:
    get_party(session, data.applicant_id)
    event = " ".join(data.event_name.split())
    if not event:
        raise InvalidInput("Enter the event the vending is for.", field="event_name")
    return {
        "applicant_id": data.applicant_id,
        "applicant_kind": ApplicantKind(data.applicant_kind),
        "event_name": fits(VendingApplication.event_name, event, "The event"),
        "goods": data.goods.strip(),
        "integral_to_event": data.integral_to_event,
        "contact_name": fits(
            VendingApplication.contact_name, data.contact_name.strip(), "The contact's name"
        ),
        "contact_phone": fits(
            VendingApplication.contact_phone, data.contact_phone.strip(), "The contact's phone"
        ),
        "contact_email": fits(
            VendingApplication.contact_email, data.contact_email.strip(), "The contact's e-mail"
        ),
        "notes": data.notes.strip(),
    }


def _set_lists(
    session: Session,
    application: VendingApplication,
    slots: list[SlotData],
    people: list[ParticipantData],
) -> None:
    for old in [*application.slots, *application.participants]:
        session.delete(old)
    session.flush()
    application.slots = [
        VendingSlot(position=i, day=s.day, starts=s.starts, ends=s.ends, location=s.location)
        for i, s in enumerate(slots, start=1)
    ]
    application.participants = [
        VendingParticipant(position=i, name=p.name, role=p.role, goods=p.goods, contact=p.contact)
        for i, p in enumerate(people, start=1)
    ]


def _search_text(application: VendingApplication, applicant: str) -> str:
    return fold(
        " ".join(
            (
                application.number,
                application.permit_number or "",
                applicant,
                application.event_name,
                application.goods,
                application.contact_name,
                *(s.location for s in application.slots),
                *(p.name for p in application.participants),
            )
        )
    )


def _lists_text(application: VendingApplication) -> dict[str, object]:
    return {
        "slots": [
            f"{s.day.isoformat()} {s.starts:%H:%M}-{s.ends:%H:%M} {s.location}"
            for s in application.slots
        ],
        "participants": [f"{p.role}: {p.name}" for p in application.participants],
    }


def receive_application(action: Action, data: ApplicationData) -> VendingApplication:
    """Take an application at the counter: stamp the time (which starts the three-day clock),
    number it, and bill the permit fee from the fee schedule. An application that is not yet
    complete is still taken: what is missing is what the doubt notice states."""
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    values = _clean(session, data)
    slots = _clean_slots(data.slots)
    people = _clean_participants(data.participants)
    applied_at, applied_on = action.now(), action.today()
    fee = fee_on(session, FEE_CODE, applied_on)
    year = applied_on.year
    sequence = take_number(action, "vending", year=year)
    application = VendingApplication(
        **values,
        number=f"V-{year}-{sequence:03d}",
        year=year,
        sequence=sequence,
        applied_at=applied_at,
        applied_on=applied_on,
        received_by_name=action.operator.full_name,
        doubt_due_on=action.calendar.add_days(applied_on, DOUBT_DAYS),
        status=VendingStatus.RECEIVED,
        created_at=applied_at,
    )
    session.add(application)
    _set_lists(session, application, slots, people)
    applicant = get_party(session, data.applicant_id)
    application.search_text = _search_text(application, applicant.name)
    session.flush()
    ledger.bill(
        action,
        party_id=applicant.id,
        record=RecordRef(RECORD_TYPE, str(application.id)),
        kind=DueKind.FEE,
        amount=fee.amount,
        description=f"Special event vending permit {application.number}",
        fee_item=fee,
        cite=PERMIT_CITE,
    )
    action.audit(
        "vending.receive",
        application,
        f"Application {application.number} received from {applicant.name} for "
        f"{application.event_name}; matters in doubt due by {format_day(application.doubt_due_on)}",
        after=snapshot(application) | _lists_text(application),
    )
    return application


def correct_application(
    action: Action, application_id: int, data: ApplicationData
) -> VendingApplication:
    """Correct an application still with the Clerk (often after a doubt notice); it is then
    reviewed again. The time of application, and so the three-day clock, stays as it was."""
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    application = get_application(session, application_id)
    if not VendingStatus(application.status).undecided:
        raise Conflict(
            f"Application {application.number} is "
            f"{VendingStatus(application.status).label.lower()}; it can no longer be corrected."
        )
    if data.applicant_id != application.applicant_id:
        raise InvalidInput(
            "The applicant cannot change; take a new application.", field="applicant"
        )
    values = _clean(session, data)
    slots = _clean_slots(data.slots)
    people = _clean_participants(data.participants)
    before = snapshot(application) | _lists_text(application)
    for key, value in values.items():
        setattr(application, key, value)
    _set_lists(session, application, slots, people)
    session.flush()
    session.refresh(application, ["slots", "participants"])
    application.search_text = _search_text(application, application.applicant.name)
    action.audit(
        "vending.correct",
        application,
        f"Application {application.number} corrected",
        before=before,
        after=snapshot(application) | _lists_text(application),
    )
    return application


def record_police_review(
    action: Action,
    application_id: int,
    *,
    submitted_on: date | None,
    approved_on: date | None = None,
    approved_by: str = "",
    note: str = "",
) -> VendingApplication:
    """Record when the encroachments, booth locations and special parking went to the Chief of
    Police, and the Chief's approval."""
    action.require(Permission.TAKE_APPLICATIONS)
    application = get_application(action.session, application_id)
    today = action.today()
    for day, field in ((submitted_on, "police_submitted_on"), (approved_on, "police_approved_on")):
        if day is not None and day > today:
            raise InvalidInput("The date cannot be later than today.", field=field)
    if approved_on is not None:
        if submitted_on is None:
            raise InvalidInput(
                "Enter when the papers went to the Chief of Police.", field="police_submitted_on"
            )
        if approved_on < submitted_on:
            raise InvalidInput(
                "The Chief cannot approve before the papers were submitted.",
                field="police_approved_on",
            )
        if not approved_by.strip():
            raise InvalidInput("Enter who approved for the police.", field="police_approved_by")
    before = snapshot(application)
    application.police_submitted_on = submitted_on
    application.police_approved_on = approved_on
    application.police_approved_by = fits(
        VendingApplication.police_approved_by, approved_by.strip(), "The approver"
    )
    application.police_note = note.strip()
    action.audit(
        "vending.police",
        application,
        f"Police review of {application.number} recorded",
        before=before,
        after=snapshot(application),
    )
    return application


def get_application(session: Session, application_id: int) -> VendingApplication:
    application = session.get(VendingApplication, application_id)
    if application is None:
        raise NotFound(f"There is no vending application number {application_id}.")
    return application


# -- the review ------------------------------------------------------------------------------


class ItemState(enum.StrEnum):
    MET = "met"
    PENDING = "pending"  # not met yet, but its day has not come
    NOT_MET = "not_met"

    @property
    def label(self) -> str:
        return {"met": "Met", "pending": "Not yet due", "not_met": "Not met"}[self.value]


@dataclass(frozen=True, slots=True)
class ChecklistItem:
    """One requirement of § 506-24 as it stands for an application."""

    key: str
    title: str
    state: ItemState
    findings: tuple[Finding, ...]  # why it is not met, each cited; empty when met
    cite: str
    due: date | None = None  # the last day it may be met, where the ordinance sets one

    @property
    def met(self) -> bool:
        return self.state is ItemState.MET


def first_day(application: VendingApplication) -> date | None:
    return min((s.day for s in application.slots), default=None)


def last_day(application: VendingApplication) -> date | None:
    return max((s.day for s in application.slots), default=None)


def _complete(application: VendingApplication) -> list[Finding]:
    missing = []
    if not application.goods.strip():
        missing.append("the goods or services to be sold")
    if not (application.contact_name and (application.contact_phone or application.contact_email)):
        missing.append("a contact person with a phone number or e-mail address")
    if not application.slots:
        missing.append("the exact days, hours and locations")
    if (
        ApplicantKind(application.applicant_kind) is ApplicantKind.VENDOR
        and not application.integral_to_event
    ):
        missing.append(
            "that the vending is an integral part of the special event (an individual vendor's "
            "permit is for a participant in the event)"
        )
    found = [
        Finding("block", PROCEDURE_CITE, f"The application does not give {what}.")
        for what in missing
    ]
    if application.slots and min(s.day for s in application.slots) < application.applied_on:
        found.append(
            Finding("block", PROCEDURE_CITE, "A day of vending is before the application.")
        )
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
    """Each requirement of § 506-24, met, not yet due, or not met, with the reasons cited."""
    items = []
    found = _complete(application)
    items.append(
        ChecklistItem(
            "complete", "Application complete", _state(found), tuple(found), PROCEDURE_CITE
        )
    )
    if ApplicantKind(application.applicant_kind) is ApplicantKind.SPONSOR:
        found = _list(application)
        items.append(
            ChecklistItem(
                "list",
                "Sponsors and participants listed",
                _state(found),
                tuple(found),
                PROCEDURE_CITE,
            )
        )
    start, end = first_day(application), last_day(application)
    if start is None or end is None:
        items.append(
            ChecklistItem(
                "insurance",
                "Proof of insurance",
                ItemState.NOT_MET,
                (Finding("block", INSURANCE_CITE, "No days of vending are given yet."),),
                INSURANCE_CITE,
            )
        )
        items.append(
            ChecklistItem(
                "police",
                "Police review",
                ItemState.NOT_MET,
                (Finding("block", POLICE_CITE, "No days of vending are given yet."),),
                POLICE_CITE,
            )
        )
    else:
        due = proof_due(start, calendar)
        insurance = [
            f
            for f in bonds.insurance_findings(
                session,
                party_id=application.applicant_id,
                requirement=SPECIAL_EVENT_VENDING,
                covers=Covers(start, end),
                calendar=calendar,
            )
            if f.blocks
        ]
        items.append(
            ChecklistItem(
                "insurance",
                "Proof of insurance, 7 days before the event",
                _state(insurance, pending=today <= due),
                tuple(insurance),
                INSURANCE_CITE,
                due,
            )
        )
        police = _police(application, due)
        items.append(
            ChecklistItem(
                "police",
                "Police review, 7 days before the event",
                _state(police, pending=today <= due),
                tuple(police),
                POLICE_CITE,
                due,
            )
        )
    paid = ledger.is_paid(session, RecordRef(RECORD_TYPE, str(application.id)))
    fee = [] if paid else [Finding("block", PERMIT_CITE, "The permit fee is not paid.")]
    items.append(ChecklistItem("fee", "Permit fee paid", _state(fee), tuple(fee), PERMIT_CITE))
    return items


def _state(found: Sequence[Finding], *, pending: bool = False) -> ItemState:
    if not found:
        return ItemState.MET
    return ItemState.PENDING if pending else ItemState.NOT_MET


def _police(application: VendingApplication, due: date) -> list[Finding]:
    submitted, approved = application.police_submitted_on, application.police_approved_on
    if submitted is None:
        return [
            Finding(
                "block",
                POLICE_CITE,
                "Street and sidewalk encroachments, booth locations and special parking have not "
                f"been submitted to the Chief of Police; they are due by {format_day(due)}.",
            )
        ]
    found = []
    if submitted > due:
        found.append(
            Finding(
                "block",
                POLICE_CITE,
                f"Submitted to the Chief of Police {format_day(submitted)}; due by "
                f"{format_day(due)}, seven days before the event starts.",
            )
        )
    if approved is None:
        found.append(
            Finding("block", POLICE_CITE, "The Chief of Police's approval is not recorded.")
        )
    return found


def review(action: Action, application_id: int) -> list[ChecklistItem]:
    """The checklist of an application as it stands today."""
    application = get_application(action.session, application_id)
    return checklist(action.session, application, calendar=action.calendar, today=action.today())


def matters_in_doubt(items: Sequence[ChecklistItem]) -> list[str]:
    """The failing items in the words of a doubt notice."""
    return [f"{f.text} ({f.cite})" for item in items if not item.met for f in item.findings]


# -- doubt notice, decision --------------------------------------------------------------------


def prepare_doubt_notice(
    action: Action, application_id: int, *, clerk_text: str = ""
) -> DoubtNotice:
    """State the matters in doubt: every requirement not yet met, plus the Clerk's own words.
    The application is then "in doubt" until corrected and decided."""
    action.require(Permission.ISSUE_PERMITS)
    application = get_application(action.session, application_id)
    if not VendingStatus(application.status).undecided:
        raise Conflict(
            f"Application {application.number} is "
            f"{VendingStatus(application.status).label.lower()}."
        )
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
        due_on=application.doubt_due_on,
    )
    action.session.add(notice)
    before = snapshot(application)
    application.status = VendingStatus.IN_DOUBT
    action.audit(
        "vending.doubt",
        application,
        f"Matters in doubt stated for {application.number} ({len(matters)})",
        before=before,
        after=snapshot(application) | {"matters": matters},
    )
    return notice


def record_notice_delivery(
    action: Action, notice_id: int, *, delivered_at: datetime, manner: str
) -> DoubtNotice:
    """Record when and how the doubt notice reached the applicant."""
    action.require(Permission.ISSUE_PERMITS)
    notice = action.session.get(DoubtNotice, notice_id)
    if notice is None:
        raise NotFound(f"There is no doubt notice number {notice_id}.")
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
    delivered_on = delivered_at.astimezone(action.clock.local_now().tzinfo).date()
    late = delivered_on > notice.due_on
    action.audit(
        "vending.doubt_delivered",
        notice.application,
        f"Doubt notice for {notice.application.number} delivered {format_day(delivered_on)} "
        f"({how})" + (f"; it was due by {format_day(notice.due_on)}" if late else ""),
    )
    return notice


def _permit(action: Action, application: VendingApplication) -> None:
    if application.permit_number is None:
        year = action.today().year
        application.permit_number = (
            f"SEV-{year}-{take_number(action, 'vending_permit', year=year):03d}"
        )
        application.search_text = _search_text(application, application.applicant.name)
    application.permit_issued_on = action.today()


def approve(action: Action, application_id: int, *, conditions: str = "") -> VendingApplication:
    """Approve the permit (conditionally, with ``conditions``), when every requirement is clearly
    met; a requirement whose day has not come yet (insurance, police review) may instead be made
    a condition of the permit."""
    action.require(Permission.ISSUE_PERMITS)
    application = get_application(action.session, application_id)
    if not VendingStatus(application.status).undecided:
        raise Conflict(
            f"Application {application.number} is "
            f"{VendingStatus(application.status).label.lower()}."
        )
    items = review(action, application_id)
    not_met = [item for item in items if item.state is ItemState.NOT_MET]
    if not_met:
        first = not_met[0].findings[0]
        raise InvalidInput(
            f"{not_met[0].title}: {first.text} State the matters in doubt, or deny.",
            field="decision",
            cite=first.cite,
        )
    terms = [conditions.strip()] if conditions.strip() else []
    for item in items:
        if item.state is ItemState.PENDING and item.due is not None:
            terms.append(_pending_condition(item))
    before = snapshot(application)
    application.conditions = "\n".join(terms)
    application.status = VendingStatus.CONDITIONALLY_APPROVED if terms else VendingStatus.APPROVED
    application.decided_on, application.decided_by_name = action.today(), action.operator.full_name
    _permit(action, application)
    action.audit(
        "vending.approve",
        application,
        f"Permit {application.permit_number} issued on application {application.number}"
        + (" with conditions" if terms else ""),
        before=before,
        after=snapshot(application),
    )
    return application


def _pending_condition(item: ChecklistItem) -> str:
    assert item.due is not None
    if item.key == "insurance":
        return (
            "Proof of the liability insurance required by § 506-24 must reach the City Clerk by "
            f"{format_day(item.due)}; without it the permit is not valid."
        )
    return (
        "Street and sidewalk encroachments, booth locations and special parking must be "
        f"submitted to the Chief of Police by {format_day(item.due)} and approved."
    )


def deny(action: Action, application_id: int, *, reasons: str) -> VendingApplication:
    """Deny the application, with reasons; the applicant may appeal to the Common Council within
    seven days."""
    action.require(Permission.ISSUE_PERMITS)
    application = get_application(action.session, application_id)
    if not VendingStatus(application.status).undecided:
        raise Conflict(
            f"Application {application.number} is "
            f"{VendingStatus(application.status).label.lower()}."
        )
    why = reasons.strip()
    if not why:
        raise InvalidInput(
            "State the reasons for the denial.", field="reasons", cite=PROCEDURE_CITE
        )
    before = snapshot(application)
    today = action.today()
    application.status = VendingStatus.DENIED
    application.decided_on, application.decided_by_name = today, action.operator.full_name
    application.decision_reasons = why
    application.appeal_due_on = action.calendar.add_days(today, APPEAL_DAYS)
    action.audit(
        "vending.deny",
        application,
        f"Application {application.number} denied; appeal by "
        f"{format_day(application.appeal_due_on)}",
        before=before,
        after=snapshot(application),
    )
    return application


def withdraw(action: Action, application_id: int, *, reason: str) -> VendingApplication:
    action.require(Permission.TAKE_APPLICATIONS)
    application = get_application(action.session, application_id)
    status = VendingStatus(application.status)
    if status in (VendingStatus.WITHDRAWN, VendingStatus.DENIED_ON_APPEAL):
        raise Conflict(f"Application {application.number} is {status.label.lower()}.")
    if not reason.strip():
        raise InvalidInput("Say who withdrew it and how.", field="reason")
    before = snapshot(application)
    application.status = VendingStatus.WITHDRAWN
    application.withdrawn_reason = reason.strip()
    action.audit(
        "vending.withdraw",
        application,
        f"Application {application.number} withdrawn: {reason.strip()}",
        before=before,
        after=snapshot(application),
    )
    return application


# -- appeal --------------------------------------------------------------------------------------


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


def file_appeal(action: Action, application_id: int, *, filed_on: date) -> VendingAppeal:
    """Record an appeal of the Clerk's denial. One filed after the seventh day is accepted for
    the record but marked untimely."""
    action.require(Permission.TAKE_APPLICATIONS)
    application = get_application(action.session, application_id)
    if VendingStatus(application.status) is not VendingStatus.DENIED:
        raise Conflict("Only a denial by the Clerk can be appealed to the Council.")
    assert application.decided_on is not None and application.appeal_due_on is not None
    if filed_on > action.today():
        raise InvalidInput("The appeal cannot be filed later than today.", field="filed_on")
    if filed_on < application.decided_on:
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
    return appeal


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


def record_appeal_decision(
    action: Action,
    appeal_id: int,
    *,
    meeting_id: int,
    outcome: AppealOutcome,
    conditions: str = "",
    note: str = "",
) -> VendingAppeal:
    """Record what the Common Council decided on the appeal, at a meeting already held. An
    approval issues the permit."""
    action.require(Permission.TAKE_APPLICATIONS)
    appeal = action.session.get(VendingAppeal, appeal_id)
    if appeal is None:
        raise NotFound(f"There is no appeal number {appeal_id}.")
    if appeal.outcome:
        raise Conflict("The Council's decision on this appeal is already recorded.")
    outcome = AppealOutcome(outcome)
    meeting = action.session.get(CouncilMeeting, meeting_id)
    if meeting is None or meeting.cancelled_on is not None:
        raise InvalidInput("Choose a meeting of the Council that was held.", field="meeting")
    held_on = meeting.starts_at.astimezone(action.clock.local_now().tzinfo).date()
    if meeting.starts_at > action.now():
        raise InvalidInput(
            f"The meeting of {format_day(held_on)} has not taken place yet.", field="meeting"
        )
    if held_on < appeal.filed_on:
        raise InvalidInput("The meeting was before the appeal was filed.", field="meeting")
    if outcome is AppealOutcome.APPROVED_CONDITIONALLY and not conditions.strip():
        raise InvalidInput("Enter the Council's conditions.", field="conditions")
    application = appeal.application
    before = snapshot(application)
    appeal.meeting_id, appeal.outcome, appeal.acted_on = meeting.id, outcome.value, held_on
    appeal.conditions, appeal.note = conditions.strip(), note.strip()
    if outcome is AppealOutcome.DENIED:
        application.status = VendingStatus.DENIED_ON_APPEAL
    else:
        application.status = VendingStatus.APPROVED_ON_APPEAL
        application.conditions = conditions.strip()
        application.decided_on = held_on
        application.decided_by_name = "Common Council"
        _permit(action, application)
    action.audit(
        "vending.appeal_decision",
        application,
        f"Council {outcome.label.lower()} the appeal of {application.number} on "
        f"{format_day(held_on)}",
        before=before,
        after=snapshot(application),
    )
    return appeal


# -- registers, history, the Today tab -------------------------------------------------------


def _loaded():  # type: ignore[no-untyped-def]
    return (
        selectinload(VendingApplication.applicant),
        selectinload(VendingApplication.slots),
        selectinload(VendingApplication.participants),
        selectinload(VendingApplication.notices),
        selectinload(VendingApplication.appeals),
    )


def search_applications(
    session: Session,
    text: str = "",
    *,
    status: VendingStatus | None = None,
    year: int | None = None,
    limit: int = SEARCH_LIMIT,
) -> list[VendingApplication]:
    """Applications whose number, permit, applicant, event, goods, places or participants hold
    every word typed, newest first."""
    query = select(VendingApplication)
    for word in fold(text).split():
        query = query.where(VendingApplication.search_text.contains(word, autoescape=True))
    if status is not None:
        query = query.where(VendingApplication.status == status)
    if year is not None:
        query = query.where(VendingApplication.year == year)
    query = query.options(*_loaded()).order_by(
        VendingApplication.applied_at.desc(), VendingApplication.id.desc()
    )
    return list(session.scalars(query.limit(limit)))


def history(session: Session, application_id: int) -> list[AuditEvent]:
    """Every step of the application, oldest first (its entries in the audit trail)."""
    return list(
        session.scalars(
            select(AuditEvent)
            .where(
                AuditEvent.record_type == RECORD_TYPE,
                AuditEvent.record_id == str(application_id),
            )
            .order_by(AuditEvent.at, AuditEvent.id)
        )
    )


def participants_from_rows(rows: Sequence[Mapping[str, object]]) -> list[ParticipantData]:
    """A sponsors and participants list read from a spreadsheet (rows keyed by heading: Name,
    Role, Goods, Contact); refused with the line of the first problem."""
    names = {
        "name": ("name", "vendor", "participant", "business"),
        "role": ("role", "type"),
        "goods": ("goods", "goods or services", "products"),
        "contact": ("contact", "phone", "e-mail", "email"),
    }
    people = []
    for index, row in enumerate(rows):
        line = int(getattr(row, "row_number", index + 2))
        fields = {
            fold(str(k)): "" if v is None else " ".join(str(v).split()) for k, v in row.items()
        }

        def pick(key: str, fields: dict[str, str] = fields) -> str:
            return next((fields[k] for k in names[key] if fields.get(k)), "")

        if not any(fields.values()):
            continue
        name = pick("name")
        if not name:
            raise InvalidInput(f"Line {line}: the name is blank.", field="participants")
        role = pick("role").lower() or "participant"
        if role not in ROLES:
            raise InvalidInput(
                f"Line {line}: {role!r} is not sponsor or participant.", field="participants"
            )
        people.append(ParticipantData(name, role, pick("goods"), pick("contact")))
    if not people:
        raise InvalidInput("The list names no one (a Name column is needed).", field="participants")
    return _clean_participants(people)


@provider("vending")
def _due(action: Action) -> list[TodayItem]:
    """Doubt notices due, appeal windows closing, events within 7 days missing insurance proof
    or police review, and permits for events this week."""
    session, today = action.session, action.today()
    items: list[TodayItem] = []
    rows = session.scalars(
        select(VendingApplication)
        .where(
            VendingApplication.status.in_(
                [s for s in VendingStatus if s.undecided or s.permitted] + [VendingStatus.DENIED]
            )
        )
        .options(*_loaded())
    ).all()
    week = today + timedelta(days=7)
    for application in rows:
        status = VendingStatus(application.status)
        ref = {"record_type": RECORD_TYPE, "record_id": str(application.id)}
        who = f"{application.applicant.name}, {application.event_name}"
        delivered = any(n.delivered_at is not None for n in application.notices)
        if status is VendingStatus.RECEIVED or (status is VendingStatus.IN_DOUBT and not delivered):
            items.append(
                TodayItem(
                    "Special Event Vending",
                    application.doubt_due_on,
                    f"Approve {application.number}, or state the matters in doubt by "
                    f"{format_day(application.doubt_due_on)}",
                    who,
                    PROCEDURE_CITE,
                    **ref,
                )
            )
        elif (
            status is VendingStatus.DENIED
            and application.appeal_due_on is not None
            and application.appeal_due_on >= today
        ):
            items.append(
                TodayItem(
                    "Special Event Vending",
                    application.appeal_due_on,
                    f"Appeal window for {application.number} closes "
                    f"{format_day(application.appeal_due_on)}",
                    who,
                    PROCEDURE_CITE,
                    **ref,
                )
            )
        start = first_day(application)
        if start is None or not today <= start <= week:
            continue
        if status.permitted or status.undecided:
            listed = checklist(session, application, calendar=action.calendar, today=today)
            for item in listed:
                if item.key in ("insurance", "police") and not item.met:
                    items.append(
                        TodayItem(
                            "Special Event Vending",
                            start,
                            f"{application.number}: {item.title.split(',')[0].lower()} missing for "
                            f"the event on {format_day(start)}",
                            who,
                            item.cite,
                            **ref,
                        )
                    )
        if status.permitted:
            items.append(
                TodayItem(
                    "Special Event Vending",
                    start,
                    f"Permit {application.permit_number}: {application.event_name} on "
                    f"{format_day(start)}",
                    application.applicant.name,
                    PERMIT_CITE,
                    **ref,
                )
            )
    return items
