"""Read-only views of the special event vending register for the Vending tab (§ 506-24).

They sit beside :mod:`clerk_desk.vending.service` so that the screens ask the core one question each
(which years the register holds, whether the three-day notice is still owed and by when,
whether an appeal filed on a day would be timely, at which meetings the Council can have
decided an appeal, what is still owed on the permit fee, where the insurance stands for the
register) instead of deciding anything themselves. Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk import ledger, words
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action
from clerk_desk.errors import NotFound
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.kinds import ApplicantKind, DueStatus, VendingStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    DoubtNotice,
    VendingAppeal,
    VendingApplication,
    VendingParticipant,
    VendingSlot,
)
from clerk_desk.money import Money
from clerk_desk.parties_views import PartyRow
from clerk_desk.petitions import schedule
from clerk_desk.validation import max_length
from clerk_desk.vending import service as vending
from clerk_desk.vending.appeals import AppealOutcome
from clerk_desk.vending.application import ApplicationData, ParticipantData, SlotData
from clerk_desk.vending.rules import ChecklistItem, ItemState
from clerk_desk.words import clock_time, format_day, plural


def application_years(session: Session) -> list[int]:
    """The years the register holds applications for, latest first (the tab's filter)."""
    return list(
        session.scalars(
            select(VendingApplication.year).distinct().order_by(VendingApplication.year.desc())
        )
    )


def notice_owed(application: VendingApplication, calendar: CityCalendar) -> bool:
    """Whether a written statement of the matters in doubt is still owed (the Today tab's rule,
    for one application): :func:`clerk_desk.vending.service.notice_owed_on`."""
    return vending.notice_owed_on(application, calendar) is not None


def get_notice(session: Session, notice_id: int) -> DoubtNotice:
    notice = session.get(DoubtNotice, notice_id)
    if notice is None:
        raise NotFound(f"There is no doubt notice number {notice_id}.")
    return notice


def appeal_preview(application: VendingApplication, filed_on: date) -> list[Finding]:
    """What :func:`clerk_desk.vending.service.appeal_findings` will say of an appeal filed on
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


def appeal_meetings(
    session: Session, appeal_id: int, *, now: datetime, zone: tzinfo | None
) -> tuple[list[int], list[int]]:
    """The meetings the Council decision form offers for an appeal: those at which the Council
    can have decided it (:func:`clerk_desk.vending.service.meeting_refusal` finds nothing against
    them), latest first; and the next two not held yet, so that choosing one lets the core say
    it has not taken place."""
    appeal = session.get(VendingAppeal, appeal_id)
    if appeal is None:
        raise NotFound(f"There is no appeal number {appeal_id}.")
    found = schedule.meetings(session)
    held = [
        m.id
        for m in reversed(found)
        if m.starts_at <= now and vending.meeting_refusal(m, appeal, now=now, zone=zone) is None
    ]
    later = [m.id for m in found if m.starts_at > now][:2]
    return held, later


def insurance_states(
    session: Session,
    applications: Iterable[VendingApplication],
    *,
    calendar: CityCalendar,
    today: date,
) -> dict[int, str]:
    """Where proof of insurance stands for each application, in the checklist's words ("Met",
    "Not yet due", "Not met"), by application id: the register's Insurance column."""
    states = {}
    for application in applications:
        items = vending.checklist(session, application, calendar=calendar, today=today)
        item = next(i for i in items if i.key == "insurance")
        states[application.id] = item.state.label
    return states


def day_text(day: date | None) -> str:
    """Sat 12/19/2026: a day in a table cell, with its weekday (festivals are weekends)."""
    return "" if day is None else words.weekday_date(day)


@dataclass(frozen=True, slots=True)
class SlotRow:
    """One exact day, its hours and one exact place."""

    day: date
    starts: time
    ends: time
    location: str

    @property
    def hours(self) -> str:
        return f"{clock_time(self.starts)} to {clock_time(self.ends)}"

    def data(self) -> SlotData:
        return SlotData(self.day, self.starts, self.ends, self.location)


@dataclass(frozen=True, slots=True)
class ParticipantRow:
    """A sponsor or participant on a sponsoring organization's list."""

    name: str
    role: str = "participant"
    goods: str = ""
    contact: str = ""

    @property
    def blank(self) -> bool:
        return not (self.name.strip() or self.goods.strip() or self.contact.strip())

    def data(self) -> ParticipantData:
        return ParticipantData(self.name, self.role, self.goods, self.contact)


@dataclass(frozen=True, slots=True)
class NoticeRow:
    """A written statement of the matters in doubt, and how it reached the applicant."""

    id: int
    prepared_at: datetime  # City Hall's time
    prepared_by: str
    matters: tuple[str, ...]
    due_on: date
    delivered_at: datetime | None  # City Hall's time
    manner: str
    findings: tuple[Finding, ...]  # late: delivered after its last day, or still undelivered

    @classmethod
    def of(cls, notice: DoubtNotice, zone: tzinfo, today: date) -> NoticeRow:
        return cls(
            notice.id,
            notice.prepared_at.astimezone(zone),
            notice.prepared_by_name,
            tuple(str(m) for m in (notice.matters or {}).get("items", [])),
            notice.due_on,
            notice.delivered_at.astimezone(zone) if notice.delivered_at else None,
            notice.delivered_manner,
            tuple(vending.notice_findings(notice, today=today, zone=zone)),
        )

    @property
    def late(self) -> bool:
        return bool(self.findings)

    @property
    def prepared_text(self) -> str:
        return f"{words.us_date(self.prepared_at.date())} {clock_time(self.prepared_at)}"

    @property
    def delivered_text(self) -> str:
        if self.delivered_at is None:
            return "not yet delivered"
        return f"{words.us_date(self.delivered_at.date())} {clock_time(self.delivered_at)}"

    @property
    def label(self) -> str:
        return f"Notice of {self.prepared_text} ({plural(len(self.matters), 'matter')})"


@dataclass(frozen=True, slots=True)
class AppealRow:
    """An appeal of the Clerk's denial, and what the Common Council decided."""

    id: int
    filed_on: date
    due_on: date
    timely: bool
    findings: tuple[Finding, ...]
    meeting: str  # "Mon Dec 14, 2026", or nothing until decided
    outcome: AppealOutcome | None
    acted_on: date | None
    conditions: str
    note: str

    @classmethod
    def of(cls, appeal: VendingAppeal, zone: tzinfo) -> AppealRow:
        meeting = appeal.meeting
        return cls(
            appeal.id,
            appeal.filed_on,
            appeal.due_on,
            appeal.timely,
            tuple(vending.appeal_findings(appeal)),
            format_day(meeting.starts_at.astimezone(zone).date()) if meeting else "",
            AppealOutcome(appeal.outcome) if appeal.outcome else None,
            appeal.acted_on,
            appeal.conditions,
            appeal.note,
        )

    @property
    def decided(self) -> bool:
        return self.outcome is not None


@dataclass(frozen=True, slots=True)
class ApplicationRow:
    """An application as the register and the details show it, read inside one action."""

    id: int
    number: str
    permit_number: str
    applicant_id: int
    applicant: str
    applicant_kind: ApplicantKind
    event: str
    goods: str
    integral: bool
    contact_name: str
    contact_phone: str
    contact_email: str
    notes: str
    applied_at: datetime  # City Hall's time
    received_by: str
    doubt_due_on: date
    status: VendingStatus
    police_submitted_on: date | None
    police_approved_on: date | None
    police_approved_by: str
    police_note: str
    conditions: str  # every condition printed on the permit, the Council's first
    decided_on: date | None  # the decision that stands (the Council's, after an appeal)
    decided_by: str
    reasons: str
    denied_on: date | None  # the Clerk's denial, kept after the Council acts
    denied_by: str
    appeal_due_on: date | None
    permit_issued_on: date | None
    withdrawn_reason: str
    slots: tuple[SlotRow, ...]
    participants: tuple[ParticipantRow, ...]
    notices: tuple[NoticeRow, ...]
    appeals: tuple[AppealRow, ...]
    notice_due_on: date | None  # the last day of the statement of matters in doubt still owed
    next_notice_due_on: date  # the last day of a notice written now (a correction's own clock)

    @classmethod
    def of(
        cls, application: VendingApplication, zone: tzinfo, today: date, calendar: CityCalendar
    ) -> ApplicationRow:
        return cls(
            id=application.id,
            number=application.number,
            permit_number=application.permit_number or "",
            applicant_id=application.applicant_id,
            applicant=application.applicant.name,
            applicant_kind=ApplicantKind(application.applicant_kind),
            event=application.event_name,
            goods=application.goods,
            integral=application.integral_to_event,
            contact_name=application.contact_name,
            contact_phone=application.contact_phone,
            contact_email=application.contact_email,
            notes=application.notes,
            applied_at=application.applied_at.astimezone(zone),
            received_by=application.received_by_name,
            doubt_due_on=application.doubt_due_on,
            status=VendingStatus(application.status),
            police_submitted_on=application.police_submitted_on,
            police_approved_on=application.police_approved_on,
            police_approved_by=application.police_approved_by,
            police_note=application.police_note,
            conditions="\n".join(vending.permit_conditions(application)),
            decided_on=application.decided_on,
            decided_by=application.decided_by_name,
            reasons=application.decision_reasons,
            denied_on=application.denied_on,
            denied_by=application.denied_by_name,
            appeal_due_on=application.appeal_due_on,
            permit_issued_on=application.permit_issued_on,
            withdrawn_reason=application.withdrawn_reason,
            slots=tuple(SlotRow(s.day, s.starts, s.ends, s.location) for s in application.slots),
            participants=tuple(
                ParticipantRow(p.name, p.role, p.goods, p.contact) for p in application.participants
            ),
            notices=tuple(NoticeRow.of(n, zone, today) for n in application.notices),
            appeals=tuple(AppealRow.of(a, zone) for a in application.appeals),
            notice_due_on=vending.notice_owed_on(application, calendar),
            next_notice_due_on=vending.notice_due_on(application, calendar),
        )

    @property
    def notice_owed(self) -> bool:
        """Whether a written statement of the matters in doubt is still owed."""
        return self.notice_due_on is not None

    @property
    def first_day(self) -> date | None:
        return min((s.day for s in self.slots), default=None)

    @property
    def last_day(self) -> date | None:
        return max((s.day for s in self.slots), default=None)

    @property
    def undecided(self) -> bool:
        return self.status.undecided

    @property
    def permitted(self) -> bool:
        return self.status.permitted and bool(self.permit_number)

    @property
    def sponsor(self) -> bool:
        return self.applicant_kind is ApplicantKind.SPONSOR

    @property
    def closed(self) -> bool:
        """Nothing more happens to it: withdrawn, or denied by the Council."""
        return self.status in (VendingStatus.WITHDRAWN, VendingStatus.DENIED_ON_APPEAL)

    @property
    def open_appeal(self) -> AppealRow | None:
        """The appeal waiting for the Council: only while the application is on appeal (a
        withdrawn application's appeal is not before the Council)."""
        if self.status is not VendingStatus.APPEALED:
            return None
        return next((a for a in reversed(self.appeals) if not a.decided), None)

    @property
    def decided_appeal(self) -> AppealRow | None:
        return next((a for a in reversed(self.appeals) if a.decided), None)

    @property
    def police_review_open(self) -> bool:
        return vending.police_review_open(self.status)

    @property
    def participant_count(self) -> int:
        """The participants (not the sponsors) on a sponsoring organization's list: one copy
        of the permit each."""
        return sum(1 for p in self.participants if p.role != "sponsor") if self.sponsor else 0

    @property
    def undelivered(self) -> tuple[NoticeRow, ...]:
        return tuple(n for n in self.notices if n.delivered_at is None)

    @property
    def received_text(self) -> str:
        return f"{format_day(self.applied_at.date())}, {clock_time(self.applied_at)}"

    @property
    def places(self) -> str:
        """The distinct places, in the order first named."""
        seen: dict[str, None] = {}
        for slot in self.slots:
            seen.setdefault(slot.location, None)
        return "; ".join(seen)

    def data(self) -> ApplicationData:
        return ApplicationData(
            applicant_id=self.applicant_id,
            applicant_kind=self.applicant_kind,
            event_name=self.event,
            goods=self.goods,
            integral_to_event=self.integral,
            contact_name=self.contact_name,
            contact_phone=self.contact_phone,
            contact_email=self.contact_email,
            slots=tuple(s.data() for s in self.slots),
            participants=tuple(p.data() for p in self.participants),
            notes=self.notes,
        )


@dataclass(frozen=True, slots=True)
class ReviewView:
    """The checklist of an application as it stands today, and what follows from it."""

    items: tuple[ChecklistItem, ...]
    fee_owed: Money
    matters: tuple[str, ...]  # as a doubt notice would list them
    conditions: tuple[str, ...]  # what approval would write on the permit for pending items

    def item(self, key: str) -> ChecklistItem | None:
        return next((i for i in self.items if i.key == key), None)

    @property
    def not_met(self) -> tuple[ChecklistItem, ...]:
        return tuple(i for i in self.items if i.state is ItemState.NOT_MET)

    @property
    def pending(self) -> tuple[ChecklistItem, ...]:
        return tuple(i for i in self.items if i.state is ItemState.PENDING)


def search_application_rows(
    action: Action,
    text: str = "",
    *,
    status: VendingStatus | None = None,
    year: int | None = None,
    limit: int = vending.SEARCH_LIMIT,
) -> list[ApplicationRow]:
    zone, today = action.zone, action.today()
    return [
        ApplicationRow.of(a, zone, today, action.calendar)
        for a in vending.search_applications(
            action.session, text, status=status, year=year, limit=limit
        )
    ]


def application_row(action: Action, application_id: int) -> ApplicationRow:
    return ApplicationRow.of(
        vending.get_application(action.session, application_id),
        action.zone,
        action.today(),
        action.calendar,
    )


def review_view(action: Action, application_id: int) -> ReviewView:
    items = vending.review(action, application_id)
    return ReviewView(
        tuple(items),
        fee_owed(action.session, application_id),
        tuple(vending.matters_in_doubt(items)),
        tuple(vending.pending_conditions(items)),
    )


def history_rows(action: Action, application_id: int) -> list[HistoryEntry]:
    return vending.history(action.session, application_id, zone=action.zone)


def text_limits() -> dict[str, int | None]:
    """How many characters each typed field of an application may hold (what its record
    stores), by the form's field name."""
    fields = {
        "location": VendingSlot.location,
        "participant_name": VendingParticipant.name,
        "goods": VendingParticipant.goods,
        "participant_contact": VendingParticipant.contact,
        "event_name": VendingApplication.event_name,
        "contact_name": VendingApplication.contact_name,
        "contact_phone": VendingApplication.contact_phone,
        "contact_email": VendingApplication.contact_email,
        "police_approved_by": VendingApplication.police_approved_by,
        "delivered_manner": DoubtNotice.delivered_manner,
    }
    return {name: max_length(column) for name, column in fields.items()}


def applicant(action: Action, application_id: int) -> PartyRow:
    """The applicant of the application, as the party picker shows a party."""
    return PartyRow.of(vending.get_application(action.session, application_id).applicant)


def appeal_preview_of(action: Action, application_id: int, filed_on: date) -> list[Finding]:
    """:func:`appeal_preview` of the application ``application_id``."""
    return appeal_preview(vending.get_application(action.session, application_id), filed_on)


def meetings_for_appeal(action: Action, appeal_id: int) -> tuple[list[int], list[int]]:
    """:func:`appeal_meetings` of the appeal, now."""
    return appeal_meetings(action.session, appeal_id, now=action.now(), zone=action.zone)


def years(action: Action) -> list[int]:
    """:func:`application_years`: the years the register holds."""
    return application_years(action.session)
