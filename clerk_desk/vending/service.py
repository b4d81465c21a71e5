"""Special event vending permits (§ 506-24): application, review, doubt notice, decision, appeal.

No one may sell on a street, sidewalk, alley or other public place without a special event
vending permit from the City Clerk. An individual vendor applies for itself; the organization
sponsoring a City or area-wide promotion or festival applies as agent for its participating
members and gives the complete list of sponsors and participants with the application.

The time of application starts a clock: if the requirements are not clearly and unambiguously
met, the Clerk must state the matters in doubt in writing within three days. A denial may be
appealed to the Common Council within seven days of the Clerk's decision. Proof of insurance,
and the booth locations, encroachments and special parking for the Chief of Police, are due at
least seven days before the event starts. The Council's approval stands even where a requirement
is not met: the permit then says it is not valid until each one is. Every change is kept in the
audit trail, which is the application's history (the lists as first applied for included).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo

from sqlalchemy import and_, exists, or_, select
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.interfaces import LoaderOption

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import city_zone
from clerk_desk.coverage import SPECIAL_EVENT_VENDING, Covers, check_certificate
from clerk_desk.deadlines import CityCalendar, Deadline
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.fees import fee_on
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import ApplicantKind, DueKind, DueStatus, VendingStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    CouncilMeeting,
    DoubtNotice,
    VendingAppeal,
    VendingApplication,
    VendingParticipant,
    VendingSlot,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import fold, get_party
from clerk_desk.permissions import Permission
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.vending import acts
from clerk_desk.vending.rules import (
    APPEAL_DAYS as APPEAL_DAYS,
)
from clerk_desk.vending.rules import (
    BEFORE_EVENT_DAYS as BEFORE_EVENT_DAYS,
)
from clerk_desk.vending.rules import (
    CONDITIONS_CITE as CONDITIONS_CITE,
)
from clerk_desk.vending.rules import (
    DOUBT_DAYS as DOUBT_DAYS,
)
from clerk_desk.vending.rules import (
    appeal_due as appeal_due,
)
from clerk_desk.vending.rules import (
    doubt_notice_due as doubt_notice_due,
)
from clerk_desk.vending.rules import (
    police_review_open as police_review_open,
)
from clerk_desk.vending.rules import (
    proof_deadline as proof_deadline,
)
from clerk_desk.vending.rules import (
    proof_due as proof_due,
)
from clerk_desk.vending.rules import (
    short_notice as short_notice,
)
from clerk_desk.words import format_day

PERMIT_CITE = "§ 506-24 (Street sales prohibited except by permit)"
PROCEDURE_CITE = "§ 506-24 (Procedure)"
INSURANCE_CITE = "§ 506-24 (Conditions of permit: Liability insurance)"
POLICE_CITE = "§ 506-24 (Conditions of permit: Cooperation with law enforcement officials)"
CLEANUP_CITE = "§ 506-24 (Conditions of permit: Cleanup)"
INSURANCE_TITLE = "Proof of insurance, 7 days before the event"
NOT_VALID_UNTIL = "This permit is not valid until"  # how a requirement not met is printed
_CERTIFICATE_FILED = "a certificate of insurance meeting § 506-24 is filed with the City Clerk"
_POLICE_PAPERS = "street and sidewalk encroachments, booth locations and special parking"
POLICE_TITLE = "Police review, 7 days before the event"
FEE_CODE = "VEND"
COUNCIL = "Common Council"
WORKFLOW = "Special Event Vending"  # the tab's title, as the Today tab names it
RECORD_TYPE = "vending_application"
SEARCH_LIMIT = 500
DELIVERY_MANNERS = ("handed to the applicant", "e-mail", "first-class mail", "certified mail")


# -- the clocks: clerk_desk.vending.rules ----------------------------------------------


def _by(deadline: Deadline) -> str:
    """The last day in words, and the last day City Hall is open when it is closed on the day
    itself: "by Sat Dec 5, 2026 (City Hall is closed that day: at the counter by Fri Dec 4,
    2026)"."""
    text = f"by {format_day(deadline.due)}"
    if deadline.last_open_day != deadline.due:
        text += (
            f" (City Hall is closed that day: at the counter by "
            f"{format_day(deadline.last_open_day)})"
        )
    return text


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


def _clock(value: time) -> str:
    """ "9:00 a.m.", "12:00 p.m." """
    return f"{value.hour % 12 or 12}:{value.minute:02d} {'a.m.' if value.hour < 12 else 'p.m.'}"


def _hours(slot: SlotData) -> str:
    return f"{_clock(slot.starts)} to {_clock(slot.ends)}"


def _clean_slots(slots: Sequence[SlotData]) -> list[SlotData]:
    """The days, hours and places, checked. Two slots at one place on one day are two stretches
    of hours (a lunch and an evening): refused only when the hours are the same or overlap."""
    cleaned: list[SlotData] = []
    for index, slot in enumerate(slots, start=1):
        place = " ".join(slot.location.split())
        if not place:
            raise InvalidInput(f"Day {index}: enter the exact location.", field="slots")
        fits(VendingSlot.location, place, f"Day {index}'s location", field="slots")
        if slot.ends <= slot.starts:
            raise InvalidInput(
                f"{format_day(slot.day)} at {place}: the hours must end after they start "
                f"({_hours(slot)}). For hours past midnight, enter two days: this day until "
                "11:59 p.m., and the next day from 12:00 a.m.",
                field="slots",
            )
        new = SlotData(slot.day, slot.starts, slot.ends, place)
        for other in cleaned:
            if other.day != new.day or fold(other.location) != fold(place):
                continue
            if (other.starts, other.ends) == (new.starts, new.ends):
                raise InvalidInput(
                    f"{format_day(new.day)} at {place}, {_hours(new)}, is listed twice.",
                    field="slots",
                )
            if other.starts < new.ends and new.starts < other.ends:
                raise InvalidInput(
                    f"{format_day(new.day)} at {place}: the hours {_hours(other)} and "
                    f"{_hours(new)} overlap; enter one stretch of hours, or two that do not "
                    "overlap.",
                    field="slots",
                )
        cleaned.append(new)
    return cleaned


def _participant(person: ParticipantData, line: int) -> ParticipantData:
    """One entry of the list, checked; ``line`` is how the clerk finds it (the list's line, or
    the row number in the spreadsheet it came from)."""
    name = " ".join(person.name.split())
    if not name:
        raise InvalidInput(f"Line {line} of the list has no name.", field="participants")
    role = person.role.strip().lower() or "participant"
    if role not in ROLES:
        raise InvalidInput(
            f"Line {line}: {name}'s role is {person.role.strip()!r}; it must be sponsor or "
            "participant.",
            field="participants",
        )
    goods, contact = " ".join(person.goods.split()), " ".join(person.contact.split())
    fits(VendingParticipant.name, name, f"Line {line}'s name", field="participants")
    fits(VendingParticipant.goods, goods, f"Line {line}'s goods", field="participants")
    fits(VendingParticipant.contact, contact, f"Line {line}'s contact", field="participants")
    return ParticipantData(name, role, goods, contact)


def _clean_participants(people: Sequence[ParticipantData]) -> list[ParticipantData]:
    return [_participant(person, index) for index, person in enumerate(people, start=1)]


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
    """Every field of every day and place and of every name on the list, for the audit trail:
    a correction replaces the lists, so the trail is where each earlier version is kept."""
    return {
        "slots": [
            {
                "day": s.day.isoformat(),
                "starts": s.starts.isoformat(timespec="minutes"),
                "ends": s.ends.isoformat(timespec="minutes"),
                "location": s.location,
            }
            for s in application.slots
        ],
        "participants": [
            {"name": p.name, "role": p.role, "goods": p.goods, "contact": p.contact}
            for p in application.participants
        ],
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
        doubt_due_on=doubt_notice_due(applied_at, action.calendar),
        status=VendingStatus.RECEIVED,
        created_at=applied_at,
    )
    session.add(application)
    _set_lists(session, application, slots, people)
    applicant = get_party(session, data.applicant_id)
    application.search_text = _search_text(application, applicant.name)
    session.flush()
    action.audit(
        "vending.receive",
        application,
        f"Application {application.number} received from {applicant.name} for "
        f"{application.event_name}; matters in doubt due by {format_day(application.doubt_due_on)}",
        after=snapshot(application) | _lists_text(application),
    )
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
    return application


def correct_application(
    action: Action, application_id: int, data: ApplicationData
) -> VendingApplication:
    """Correct an application still with the Clerk (often after a doubt notice); it is then
    reviewed again. The time of application, and so the three-day clock of the first notice,
    stays as it was; ``corrected_at`` starts the clock of a second notice (see
    :func:`notice_due_on`).

    The days and places and the list are replaced, but nothing applied for is lost: the audit
    trail (:func:`history`) holds each earlier version, every field of every day, place and
    name, in the entry of the correction that replaced it (``before``) and of the intake."""
    session = action.session
    application = get_application(session, application_id)
    acts.allow(action, acts.VendingAct.CORRECT, application)
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
    application.corrected_at = action.now()
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
    Police, and the Chief's approval: while the application is with the Clerk or on appeal, or
    its permit stands (:func:`police_review_open`); refused once withdrawn or denied."""
    application = get_application(action.session, application_id)
    acts.allow(action, acts.VendingAct.POLICE, application)
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
    condition: str = ""  # printed on a permit issued while it is not met; "" when met

    @property
    def met(self) -> bool:
        return self.state is ItemState.MET


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
            _state(found),
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
                _state(found),
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
                condition=f"{NOT_VALID_UNTIL} {_CERTIFICATE_FILED}.",
            )
        )
        items.append(
            ChecklistItem(
                "police",
                POLICE_TITLE,
                ItemState.NOT_MET,
                (Finding("block", POLICE_CITE, no_days),),
                POLICE_CITE,
                condition=f"{NOT_VALID_UNTIL} the {_POLICE_PAPERS} are submitted to the Chief of "
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

    certificates = bonds.certificates_of(session, application.applicant_id)
    found: list[Finding]
    if certificates:
        judged = [
            (
                certificate,
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
            for certificate in certificates
        ]
        certificate, found = min(
            judged, key=lambda pair: (len(pair[1]), pair[0].received_on > deadline.due)
        )
        received, due = format_day(certificate.received_on), format_day(deadline.due)
        if not found and certificate.received_on <= deadline.due:
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
        when = f"is due {_by(deadline)}, seven days before the event starts"
        found.append(
            Finding("block", INSURANCE_CITE, f"A certificate of insurance meeting § 506-24 {when}.")
        )
        return item(ItemState.PENDING, found, f"{NOT_VALID_UNTIL} {_CERTIFICATE_FILED}; it {when}.")
    when = f"was due by {format_day(deadline.due)}, seven days before the event starts"
    found.append(
        Finding("block", INSURANCE_CITE, f"A certificate of insurance meeting § 506-24 {when}.")
    )
    return item(ItemState.NOT_MET, found, f"{NOT_VALID_UNTIL} {_CERTIFICATE_FILED}; it {when}.")


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


def _state(found: Sequence[Finding], *, pending: bool = False) -> ItemState:
    if not any(f.blocks for f in found):
        return ItemState.MET
    return ItemState.PENDING if pending else ItemState.NOT_MET


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
            f"they are due {_by(deadline)}"
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
            _state(found, pending=pending),
            found,
            f"{NOT_VALID_UNTIL} the {_POLICE_PAPERS} are submitted to the Chief of Police and "
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
            f"The {_POLICE_PAPERS} were {late}; the Chief approved them {format_day(approved)}."
            if approved is not None
            else f"{NOT_VALID_UNTIL} the Chief of Police approves the {_POLICE_PAPERS}, {late}.",
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
            _state(found, pending=today < start),
            found,
            f"{NOT_VALID_UNTIL} the Chief of Police approves the {_POLICE_PAPERS} submitted "
            f"{format_day(submitted)}.",
        )
    return item(ItemState.MET, [])


def review(action: Action, application_id: int) -> list[ChecklistItem]:
    """The checklist of an application as it stands today."""
    application = get_application(action.session, application_id)
    return checklist(action.session, application, calendar=action.calendar, today=action.today())


def matters_in_doubt(items: Sequence[ChecklistItem]) -> list[str]:
    """The failing items in the words of a doubt notice (a finding without a section, such as
    the fee's when the fee schedule names none, without one)."""
    return [
        f"{f.text} ({f.cite})" if f.cite else f.text
        for item in items
        if not item.met
        for f in item.findings
        if f.blocks
    ]


# -- doubt notice, decision --------------------------------------------------------------------


def prepare_doubt_notice(
    action: Action, application_id: int, *, clerk_text: str = ""
) -> DoubtNotice:
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
) -> DoubtNotice:
    """Record when and how the doubt notice reached the applicant."""
    action.require(Permission.ISSUE_PERMITS)
    notice = action.session.get(DoubtNotice, notice_id)
    if notice is None:
        raise NotFound(f"There is no doubt notice number {notice_id}.")
    zone = action.clock.local_now().tzinfo
    if notice.delivered_at is not None:
        raise Conflict(
            f"This notice is already recorded as delivered "
            f"{format_day(notice.delivered_at.astimezone(zone).date())} "
            f"({notice.delivered_manner})."
        )
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
    return notice


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


def pending_conditions(items: Sequence[ChecklistItem]) -> list[str]:
    """The requirements not yet due, as :func:`approve` prints them on the permit after the
    Clerk's own conditions: "This permit is not valid until ..." with the last day."""
    return [item.condition for item in items if item.state is ItemState.PENDING]


def unmet_conditions(items: Sequence[ChecklistItem]) -> list[str]:
    """Every requirement not met today — not yet due, or not met at all — as a permit issued
    on the Common Council's approval prints it after the Council's own conditions: the
    Council's decision stands, and the paper says what the permit still waits for."""
    return [item.condition for item in items if not item.met]


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


def deny(action: Action, application_id: int, *, reasons: str) -> VendingApplication:
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
    return application


def withdraw(action: Action, application_id: int, *, reason: str) -> VendingApplication:
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
) -> VendingAppeal:
    """Record what the Common Council decided on the appeal, at a meeting already held (not
    cancelled, not before the appeal was filed: :func:`meeting_refusal`).

    Whatever it decided, ``decided_on`` and ``decided_by_name`` then name the Council's act (the
    decision that stands); the Clerk's denial stays in ``denied_on`` and ``denied_by_name``. The
    Council's conditions stay on the appeal (``conditions``). An approval issues the permit, and
    the Council's decision stands even where a requirement of § 506-24 is not met: each one
    not met (not yet due, or past its day) is printed as a condition saying the permit is not
    valid until it is met (:func:`unmet_conditions`), kept in the application's ``conditions``
    after the Council's own (:func:`permit_conditions`)."""
    action.require(Permission.TAKE_APPLICATIONS)
    outcome = AppealOutcome(outcome)
    if outcome is not AppealOutcome.DENIED:
        action.require(Permission.ISSUE_PERMITS)
    appeal = action.session.get(VendingAppeal, appeal_id)
    if appeal is None:
        raise NotFound(f"There is no appeal number {appeal_id}.")
    if appeal.outcome:
        raise Conflict("The Council's decision on this appeal is already recorded.")
    application = appeal.application
    if VendingStatus(application.status) is not VendingStatus.APPEALED:
        raise Conflict(
            f"Application {application.number} is "
            f"{VendingStatus(application.status).label.lower()}; the appeal is not before the "
            "Council."
        )
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
        _permit(action, application)
    action.audit(
        "vending.appeal_decision",
        application,
        f"Council {outcome.label.lower()} the appeal of {application.number} on "
        f"{format_day(held_on)}",
        before=before,
        after=snapshot(application) | {"council_conditions": terms},
    )
    return appeal


# -- registers, history, the Today tab -------------------------------------------------------


def _loaded() -> tuple[LoaderOption, ...]:
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


def history(
    session: Session, application_id: int, *, zone: tzinfo | None = None
) -> list[HistoryEntry]:
    """Every step of the application, oldest first: its entries in the audit trail, and those of
    its fee (billed, paid, a payment put back by a void)."""
    return records_history(session, RecordRef(RECORD_TYPE, str(application_id)), zone=zone)


_HEADINGS = {
    "name": ("name", "vendor", "participant", "business"),
    "role": ("role", "type"),
    "goods": ("goods", "goods or services", "products"),
    "contact": ("contact", "phone", "e-mail", "email"),
}


def participants_from_rows(rows: Sequence[Mapping[str, object]]) -> list[ParticipantData]:
    """A sponsors and participants list read from a spreadsheet (rows keyed by heading: Name,
    Role, Goods, Contact, as ``reports.excel.read_table`` gives them); refused with the row
    number of the first problem as the spreadsheet shows it (``row.row_number`` when the row
    has one, else counted from 2, below the heading row). Every contact column that is filled
    in (Contact, Phone, E-mail) is kept, joined with "; ", in that order."""
    table = [
        (
            int(getattr(row, "row_number", index + 2)),
            {fold(str(k)): "" if v is None else " ".join(str(v).split()) for k, v in row.items()},
        )
        for index, row in enumerate(rows)
    ]
    if table and not any(k in fields for _, fields in table for k in _HEADINGS["name"]):
        raise InvalidInput(
            "The list has no Name column: the first row should name the columns (Name, Role, "
            "Goods, Contact).",
            field="participants",
        )
    people = []
    for line, fields in table:
        if not any(fields.values()):
            continue

        def pick(key: str, fields: dict[str, str] = fields) -> str:
            return next((fields[k] for k in _HEADINGS[key] if fields.get(k)), "")

        contacts = dict.fromkeys(fields[k] for k in _HEADINGS["contact"] if fields.get(k))
        person = ParticipantData(pick("name"), pick("role"), pick("goods"), "; ".join(contacts))
        people.append(_participant(person, line))
    if not people:
        raise InvalidInput("The list names no one.", field="participants")
    return people


@provider("vending")
def _due(action: Action) -> list[TodayItem]:
    """Doubt notices due (to state, or to deliver), appeal windows closing, events in the next 7
    days missing proof of insurance or police review, and permits for the events of the week
    (an event of several days counts while any of its days is still to come in the week)."""
    session, today = action.session, action.today()
    week = today + timedelta(days=7)
    this_week = exists().where(
        VendingSlot.application_id == VendingApplication.id,
        VendingSlot.day >= today,
        VendingSlot.day <= week,
    )
    rows = session.scalars(
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
    items: list[TodayItem] = []
    zone = action.clock.local_now().tzinfo
    for application in rows:
        status = VendingStatus(application.status)
        ref = {"record_type": RECORD_TYPE, "record_id": str(application.id)}
        who = f"{application.applicant.name}, {application.event_name}"
        undelivered = [n for n in application.notices if n.delivered_at is None]
        if status is VendingStatus.RECEIVED:
            due = notice_due_on(application, action.calendar)
            items.append(
                TodayItem(
                    WORKFLOW,
                    due,
                    f"Approve {application.number}, or state the matters in doubt by "
                    f"{format_day(due)}",
                    who,
                    PROCEDURE_CITE,
                    **ref,
                )
            )
        elif status is VendingStatus.IN_DOUBT and undelivered:
            # the latest notice not delivered, by its own last day (a second notice's included)
            due = undelivered[-1].due_on
            items.append(
                TodayItem(
                    WORKFLOW,
                    due,
                    f"Deliver the doubt notice on {application.number} by {format_day(due)}",
                    who,
                    PROCEDURE_CITE,
                    **ref,
                )
            )
        elif status is VendingStatus.IN_DOUBT and corrected_since_notice(application):
            # The corrected application is reviewed again: at once (the day after the correction
            # at the latest); a second notice, if any, by :func:`notice_due_on`.
            assert application.corrected_at is not None
            corrected_on = application.corrected_at.astimezone(zone).date()
            items.append(
                TodayItem(
                    WORKFLOW,
                    corrected_on + timedelta(days=1),
                    f"Review the corrected application {application.number} again",
                    who,
                    PROCEDURE_CITE,
                    **ref,
                )
            )
        elif status is VendingStatus.DENIED and application.appeal_due_on is not None:
            items.append(
                TodayItem(
                    WORKFLOW,
                    application.appeal_due_on,
                    f"Appeal window for {application.number} closes "
                    f"{format_day(application.appeal_due_on)}",
                    who,
                    PROCEDURE_CITE,
                    **ref,
                )
            )
        coming = [s.day for s in application.slots if today <= s.day <= week]
        start = first_day(application)
        if not coming or start is None or not (status.undecided or status.permitted):
            continue
        for item in checklist(session, application, calendar=action.calendar, today=today):
            if item.key in ("insurance", "police") and not item.met:
                what = "proof of insurance" if item.key == "insurance" else "police review"
                items.append(
                    TodayItem(
                        WORKFLOW,
                        item.due,
                        f"{application.number}: {what} missing for the event starting "
                        f"{format_day(start)}",
                        who,
                        item.cite,
                        **ref,
                    )
                )
        if status.permitted:
            items.append(
                TodayItem(
                    WORKFLOW,
                    min(coming),
                    f"Permit {application.permit_number}: {application.event_name} on "
                    f"{format_day(min(coming))}",
                    application.applicant.name,
                    PERMIT_CITE,
                    **ref,
                )
            )
    return items
