"""Special event vending applications (§ 506-24): taken at the counter, corrected, and the Chief of
Police's review recorded; the sponsors' and participants' list read from a spreadsheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, time
from functools import partial

from sqlalchemy.orm import Session

from clerk_desk import ledger
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput, Refusals
from clerk_desk.fees import fee_on
from clerk_desk.kinds import ApplicantKind, DueKind, VendingStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import VendingApplication, VendingParticipant, VendingSlot
from clerk_desk.numbering import take_number
from clerk_desk.parties import get_party
from clerk_desk.text_search import fold
from clerk_desk.validation import fits
from clerk_desk.vending import acts
from clerk_desk.vending.lookup import FEE_CODE, RECORD_TYPE, get_application
from clerk_desk.vending.rules import PERMIT_CITE, ROLES, doubt_notice_due
from clerk_desk.words import format_day


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


def checked_participant(person: ParticipantData, line: int) -> ParticipantData:
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
    return [checked_participant(person, index) for index, person in enumerate(people, start=1)]


def _clean_values(data: ApplicationData) -> dict[str, object]:
    """The form's typed values, every refusal of them at once (issue 19)."""
    found = Refusals()
    event = " ".join(data.event_name.split())
    if not event:
        found.refuse(InvalidInput("Enter the event the vending is for.", field="event_name"))
    texts = {
        "event_name": (VendingApplication.event_name, event, "The event"),
        "contact_name": (
            VendingApplication.contact_name,
            data.contact_name.strip(),
            "The contact's name",
        ),
        "contact_phone": (
            VendingApplication.contact_phone,
            data.contact_phone.strip(),
            "The contact's phone",
        ),
        "contact_email": (
            VendingApplication.contact_email,
            data.contact_email.strip(),
            "The contact's e-mail",
        ),
    }
    fitted = {key: found.check(partial(fits, *text)) for key, text in texts.items()}
    found.raise_any()
    return {
        "applicant_id": data.applicant_id,
        "applicant_kind": ApplicantKind(data.applicant_kind),
        **fitted,
        "goods": data.goods.strip(),
        "integral_to_event": data.integral_to_event,
        "notes": data.notes.strip(),
    }


def _clean(
    session: Session, data: ApplicationData
) -> tuple[dict[str, object], list[SlotData], list[ParticipantData]]:
    """The values, the days and places and the list, checked: every refusal of the form at
    once (issue 19), the days' first and the list's first among them (each is one field)."""
    get_party(session, data.applicant_id)
    found = Refusals()
    values = found.check(partial(_clean_values, data))
    slots = found.check(partial(_clean_slots, data.slots))
    people = found.check(partial(_clean_participants, data.participants))
    found.raise_any()
    assert values is not None and slots is not None and people is not None  # refused above
    return values, slots, people


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


def search_text(application: VendingApplication, applicant: str) -> str:
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


def receive_application(action: Action, data: ApplicationData) -> int:
    """Take an application at the counter: stamp the time (which starts the three-day clock),
    number it, and bill the permit fee from the fee schedule. An application that is not yet
    complete is still taken: what is missing is what the doubt notice states."""
    acts.allow_new(action, acts.RegisterAct.NEW_APPLICATION)
    session = action.session
    values, slots, people = _clean(session, data)
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
    application.search_text = search_text(application, applicant.name)
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
    return application.id


def correct_application(action: Action, application_id: int, data: ApplicationData) -> int:
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
    values, slots, people = _clean(session, data)
    before = snapshot(application) | _lists_text(application)
    for key, value in values.items():
        setattr(application, key, value)
    application.corrected_at = action.now()
    _set_lists(session, application, slots, people)
    session.flush()
    session.refresh(application, ["slots", "participants"])
    application.search_text = search_text(application, application.applicant.name)
    action.audit(
        "vending.correct",
        application,
        f"Application {application.number} corrected",
        before=before,
        after=snapshot(application) | _lists_text(application),
    )
    return application.id


def record_police_review(
    action: Action,
    application_id: int,
    *,
    submitted_on: date | None,
    approved_on: date | None = None,
    approved_by: str = "",
    note: str = "",
) -> int:
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
    return application.id


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
        people.append(checked_participant(person, line))
    if not people:
        raise InvalidInput("The list names no one.", field="participants")
    return people
