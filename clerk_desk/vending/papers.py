"""What the vending papers print (§ 506-24), read in one action so that :mod:`reports.vending`
draws the permit, the participants' copies, the letters, the doubt notice and the register
after the read transaction has closed, from plain frozen values and never from a record.

The fields keep the names of the record they are read from, so a paper reads as the ordinance's
words do ("the applicant", "the appeal"); what the papers derive from several records (the
permit's conditions, the Council's own, the first and last day) is computed here once, by the
service's own functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from clerk_desk import settings_store
from clerk_desk.desk import Action
from clerk_desk.kinds import ApplicantKind, MeetingKind, VendingStatus
from clerk_desk.models import DoubtNotice, VendingAppeal, VendingApplication
from clerk_desk.settings import CityProfile
from clerk_desk.vending import service as vending
from clerk_desk.vending.views import ParticipantRow, SlotRow, get_notice, insurance_states


@dataclass(frozen=True, slots=True)
class ApplicantPaper:
    """The applicant as a letter addresses it."""

    name: str
    contact_name: str
    email: str
    mailing_address: str


@dataclass(frozen=True, slots=True)
class AppealPaper:
    """An appeal to the Common Council as the letters state it."""

    id: int
    filed_on: date
    due_on: date
    timely: bool
    outcome: str  # "" until the Council acts
    acted_on: date | None
    note: str
    meeting_kind: MeetingKind | None


@dataclass(frozen=True, slots=True)
class ApplicationPaper:
    """An application as its papers print it."""

    id: int
    number: str
    permit_number: str | None
    applicant: ApplicantPaper
    applicant_kind: ApplicantKind
    event_name: str
    goods: str
    contact_name: str
    contact_phone: str
    contact_email: str
    applied_at: datetime  # as stored (aware); the papers show it in City Hall's time
    doubt_due_on: date
    status: VendingStatus
    police_submitted_on: date | None
    police_approved_on: date | None
    police_approved_by: str
    decided_on: date | None
    decision_reasons: str
    denied_on: date | None
    denied_by_name: str
    appeal_due_on: date | None
    permit_issued_on: date | None
    slots: tuple[SlotRow, ...]
    participants: tuple[ParticipantRow, ...]
    appeals: tuple[AppealPaper, ...]
    permit_conditions: tuple[str, ...]  # every condition on the permit, the Council's first
    council_conditions: tuple[str, ...]  # the Council's own, on approval on appeal

    @property
    def first_day(self) -> date | None:
        return min((s.day for s in self.slots), default=None)

    @property
    def last_day(self) -> date | None:
        return max((s.day for s in self.slots), default=None)


@dataclass(frozen=True, slots=True)
class NoticePaper:
    """A written statement of the matters in doubt, with the application it is about."""

    application: ApplicationPaper
    matters: tuple[str, ...]
    prepared_at: datetime  # as stored (aware)
    prepared_by_name: str
    due_on: date
    delivered_at: datetime | None
    delivered_manner: str


def _appeal(appeal: VendingAppeal) -> AppealPaper:
    meeting = appeal.meeting
    return AppealPaper(
        id=appeal.id,
        filed_on=appeal.filed_on,
        due_on=appeal.due_on,
        timely=appeal.timely,
        outcome=appeal.outcome,
        acted_on=appeal.acted_on,
        note=appeal.note,
        meeting_kind=MeetingKind(meeting.kind) if meeting is not None else None,
    )


def paper_of(application: VendingApplication) -> ApplicationPaper:
    """The paper's view of a record read in the caller's action."""
    party = application.applicant
    return ApplicationPaper(
        id=application.id,
        number=application.number,
        permit_number=application.permit_number,
        applicant=ApplicantPaper(
            party.name, party.contact_name, party.email, party.mailing_address
        ),
        applicant_kind=ApplicantKind(application.applicant_kind),
        event_name=application.event_name,
        goods=application.goods,
        contact_name=application.contact_name,
        contact_phone=application.contact_phone,
        contact_email=application.contact_email,
        applied_at=application.applied_at,
        doubt_due_on=application.doubt_due_on,
        status=VendingStatus(application.status),
        police_submitted_on=application.police_submitted_on,
        police_approved_on=application.police_approved_on,
        police_approved_by=application.police_approved_by,
        decided_on=application.decided_on,
        decision_reasons=application.decision_reasons,
        denied_on=application.denied_on,
        denied_by_name=application.denied_by_name,
        appeal_due_on=application.appeal_due_on,
        permit_issued_on=application.permit_issued_on,
        slots=tuple(SlotRow(s.day, s.starts, s.ends, s.location) for s in application.slots),
        participants=tuple(
            ParticipantRow(p.name, p.role, p.goods, p.contact) for p in application.participants
        ),
        appeals=tuple(_appeal(a) for a in application.appeals),
        permit_conditions=tuple(vending.permit_conditions(application)),
        council_conditions=tuple(vending.council_conditions(application)),
    )


def notice_paper_of(notice: DoubtNotice) -> NoticePaper:
    return NoticePaper(
        application=paper_of(notice.application),
        matters=tuple(str(m) for m in (notice.matters or {}).get("items", [])),
        prepared_at=notice.prepared_at,
        prepared_by_name=notice.prepared_by_name,
        due_on=notice.due_on,
        delivered_at=notice.delivered_at,
        delivered_manner=notice.delivered_manner,
    )


def application_paper(action: Action, application_id: int) -> ApplicationPaper:
    """What the papers of one application print, read now."""
    return paper_of(vending.get_application(action.session, application_id))


def notice_paper(action: Action, notice_id: int) -> NoticePaper:
    """What a doubt notice prints, read now."""
    return notice_paper_of(get_notice(action.session, notice_id))


@dataclass(frozen=True, slots=True)
class RegisterExport:
    """The register's export: the applications a search finds, where each one's insurance
    stands today (by application id), and the City's name for the sheet's title."""

    applications: tuple[ApplicationPaper, ...]
    insurance: dict[int, str]
    city: str


def register_export(
    action: Action,
    text: str = "",
    *,
    status: VendingStatus | None = None,
    year: int | None = None,
    limit: int = vending.SEARCH_LIMIT,
) -> RegisterExport:
    """What the register's export writes for a search, read now."""
    found: Sequence[VendingApplication] = vending.search_applications(
        action.session, text, status=status, year=year, limit=limit
    )
    insurance = insurance_states(
        action.session, found, calendar=action.calendar, today=action.today()
    )
    city = settings_store.city_profile(action.session).city_name
    return RegisterExport(tuple(paper_of(a) for a in found), insurance, city)


def city_profile(action: Action) -> CityProfile:
    """The City's name, address and Clerk, as the papers' letterhead prints them."""
    return settings_store.city_profile(action.session)
