"""What the Sidewalk Cafes tab reads (§ 506-10): an application as the register, the details
and every form show it (:class:`CafeRow`, :class:`CafeDetails` and the rows of its pages), read
in one action and frozen, never live records; and the small facts the forms ask of the core
(the applicant, the streets and parcels to choose from, what a correction changes in the notice).

A row is the application as the form gives it (:class:`~clerk_desk.sidewalk_cafes.rules.CafeData`)
with the facts only the record has; what the papers print is in
:mod:`clerk_desk.sidewalk_cafes.papers`, the acts allowed now in
:mod:`clerk_desk.sidewalk_cafes.acts`. Times are written the City's way ("6:00 a.m.").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, tzinfo
from decimal import Decimal

from clerk_desk import parties, parties_views, words
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.kinds import CafeStatus
from clerk_desk.lengths import parse_length
from clerk_desk.models import CafeComment, CafeNeighbor, CafeSuspension, SidewalkCafe
from clerk_desk.money import Money
from clerk_desk.parties_views import PartyRow
from clerk_desk.sidewalk_cafes import checklist as cafe_checklist
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import papers as cafe_papers
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes.acts import CafeAct, acts, lift_acts
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_FIELDS,
    CafeData,
    ChecklistItem,
    ItemState,
    NeighborData,
)
from clerk_desk.street_numbers import streets
from clerk_desk.validation import max_length
from clerk_desk.words import clock_time, format_day

IN_PROCESS = (
    CafeStatus.APPLIED,
    CafeStatus.NOTICE_MAILED,
    CafeStatus.BEFORE_COUNCIL,
    CafeStatus.APPROVED,
)
"""An application not yet issued, denied or withdrawn: it can still be corrected."""
BEFORE_DECISION = (CafeStatus.APPLIED, CafeStatus.NOTICE_MAILED, CafeStatus.BEFORE_COUNCIL)

SOURCE_LABELS = cafe_rules.COMMENT_SOURCE_LABELS

TEXT_LIMITS: Mapping[str, int | None] = {
    "establishment": max_length(SidewalkCafe.establishment),
    "address": max_length(SidewalkCafe.address),
    "zoning_district": max_length(SidewalkCafe.zoning_district),
    "site_plan_scale": max_length(SidewalkCafe.site_plan_scale),
    "liquor_license": max_length(SidewalkCafe.liquor_license),
    "umbrellas": max_length(SidewalkCafe.umbrellas),
    "commenter": max_length(CafeComment.commenter),
    "neighbor_name": max_length(CafeNeighbor.name),
    "neighbor_parcel_number": max_length(CafeNeighbor.parcel_number),
}
"""The most characters each text field of the forms holds (None: unlimited), read from the
records that store them, the same limits the services check."""


def time_text(value: time | None) -> str:
    """ "6:00 a.m.": the City's way, as the findings and the papers write it."""
    return "" if value is None else clock_time(value, dotted=True)


def hours_text(opens: time | None, closes: time | None) -> str:
    """ "7:00 a.m. to 10:00 p.m."; "?" for a time not given yet, "" for neither."""
    if opens is None and closes is None:
        return ""
    return f"{time_text(opens) or '?'} to {time_text(closes) or '?'}"


@dataclass(frozen=True, slots=True)
class NeighborRow:
    """An owner or occupant within 100 feet, as the list shows it and the form edits it.

    The mailing address is kept as its lines; the table shows (and takes) them joined by "; ".
    The distance is kept as typed until saved (whole feet: "85", "85 ft").
    """

    name: str
    mailing_address: str = ""
    parcel_number: str = ""
    relation: str = "owner"
    distance: str = ""

    @classmethod
    def of(cls, neighbor: CafeNeighbor | NeighborData) -> NeighborRow:
        return cls(
            neighbor.name,
            neighbor.mailing_address,
            neighbor.parcel_number,
            neighbor.relation,
            "" if neighbor.distance_ft is None else str(neighbor.distance_ft),
        )

    @property
    def blank(self) -> bool:
        return not any(
            part.strip() for part in (self.name, self.mailing_address, self.parcel_number)
        )

    @property
    def address_line(self) -> str:
        return "; ".join(line.strip() for line in self.mailing_address.splitlines() if line)

    @property
    def beyond(self) -> bool:
        """More than 100 feet away (as typed): kept, marked "beyond 100 ft — not required"."""
        text = self.distance.strip().removesuffix("ft").strip()
        return text.isdigit() and cafe_rules.beyond_radius(int(text))

    @property
    def distance_text(self) -> str:
        shown = f"{self.distance} ft" if self.distance.isdigit() else self.distance
        return f"{shown} \u2014 {cafe_rules.BEYOND_RADIUS}" if self.beyond else shown

    def data(self, line: int) -> NeighborData:
        """The row as the core takes it; a distance that is not whole feet is refused with
        the line of the list it is on."""
        feet: int | None = None
        if self.distance.strip():
            inches = parse_length(
                self.distance, label=f"Line {line}: the distance", field="neighbors"
            )
            if inches is None or inches % 12:
                raise InvalidInput(
                    f'Line {line}: the distance "{self.distance}" is not a whole number of feet.',
                    field="neighbors",
                )
            feet = inches // 12
        return NeighborData(
            self.name.strip(),
            self.mailing_address.strip(),
            self.parcel_number.strip(),
            self.relation,
            feet,
        )


@dataclass(frozen=True, slots=True)
class CommentRow:
    """A comment received by the City Clerk on the application."""

    id: int
    received_on: date
    commenter: str
    source: str
    text: str
    timely: bool
    findings: tuple[Finding, ...]  # why it is late, when it is

    @classmethod
    def of(cls, comment: CafeComment, cafe: SidewalkCafe) -> CommentRow:
        return cls(
            comment.id,
            comment.received_on,
            comment.commenter,
            comment.source,
            comment.text,
            comment.timely,
            tuple(cafe_terms.comment_findings(comment, cafe)),
        )

    @property
    def source_label(self) -> str:
        return SOURCE_LABELS.get(self.source, self.source.capitalize())


@dataclass(frozen=True, slots=True)
class SuspensionRow:
    """A temporary suspension of the cafe's operation, as it stands today."""

    id: int
    notice_on: date | None
    starts_on: date
    ends_on: date
    last_day: date  # the day before it was lifted, if lifted early
    reason: str
    emergency: bool
    by: str
    lifted_on: date | None
    lift_reason: str
    state: str  # "In effect", "To come", "Ended", "Lifted …", "Called off"
    short_notice_reason: str = ""  # why seven days' notice was not given (§ 506-10)

    @classmethod
    def of(cls, suspension: CafeSuspension, today: date) -> SuspensionRow:
        last = cafe_terms.suspension_last_day(suspension)
        lifted = suspension.lifted_on
        if cafe_terms.suspension_active(suspension, today):
            state = "In effect"
        elif lifted is not None and lifted <= suspension.starts_on:
            state = "Called off"
        elif today < suspension.starts_on:
            state = "To come"
        elif lifted is not None:
            state = f"Lifted {words.us_date(lifted)}"
        else:
            state = "Ended"
        return cls(
            suspension.id,
            suspension.notice_on,
            suspension.starts_on,
            suspension.ends_on,
            last,
            suspension.reason,
            suspension.emergency,
            suspension.created_by_name,
            lifted,
            suspension.lift_reason,
            state,
            suspension.short_notice_reason,
        )

    @property
    def notice_text(self) -> str:
        if self.emergency:
            return "Emergency: no prior notice"
        if self.short_notice_reason:
            given = words.us_date(self.notice_on) if self.notice_on else "none"
            return f"{given}, short of seven days: {self.short_notice_reason}"
        return words.us_date(self.notice_on)

    @property
    def open(self) -> bool:
        """Not lifted, and not over: it can still be lifted."""
        return self.lifted_on is None and self.state in ("In effect", "To come")


def _meeting_label(meeting: object, zone: tzinfo) -> str:
    starts = getattr(meeting, "starts_at", None)
    if not isinstance(starts, datetime):
        return ""
    local = starts.astimezone(zone)
    return f"{format_day(local.date())}, {clock_time(local, dotted=True)}"


_AS_RECORDED = (
    "id",
    "number",
    "applied_on",
    "notice_mailed_on",
    "notice_mailed_by",
    "comments_due_on",
    "police_sent_on",
    "police_reviewed_on",
    "police_approved",
    "police_memo",
    "dpw_inspected_on",
    "dpw_inspected_by",
    "dpw_satisfied",
    "dpw_note",
    "meeting_id",
    "council_decided_on",
    "council_approved",
    "council_conditions",
    "council_closes_at",
    "issued_on",
    "expires_on",
    "revocation_notice_on",
    "revocation_meeting_id",
    "revocation_grounds",
    "revoked_on",
    "revoked_until",
    "denial_reasons",
    "withdrawn_reason",
    "site_plan_name",
    "site_plan_sha256",
    "sales_records_name",
    "sales_records_sha256",
)
"""The record's own facts a row shows as recorded, copied by name with the application's."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CafeRow(CafeData):
    """An application or permit as the register, the details and every form show it, read in
    one action: the application as the form gives it (:class:`CafeData`, whose fields are
    copied from the record by name) and the facts only the record has."""

    id: int
    number: str
    applicant: str
    street: str
    parcel: str
    renews: str  # the number of the permit it renews
    share: Decimal | None
    needs_police: bool
    applied_at: datetime  # City Hall's time
    applied_on: date
    received_by: str
    status: CafeStatus  # as recorded
    standing_status: CafeStatus  # as it stands today (a temporary revocation over: ISSUED)
    status_text: str  # as the register says it today: "Issued — expires …", "Expired"
    renewed_by: str  # the number of its renewal, once that is issued
    notice_mailed_on: date | None
    notice_mailed_by: str
    comments_due_on: date | None
    police_sent_on: date | None
    police_reviewed_on: date | None
    police_approved: bool | None
    police_memo: str
    dpw_inspected_on: date | None
    dpw_inspected_by: str
    dpw_satisfied: bool | None
    dpw_note: str
    meeting_id: int | None
    meeting: str
    council_decided_on: date | None
    council_approved: bool | None
    council_conditions: str
    council_closes_at: time | None
    issued_on: date | None
    issued_by: str
    expires_on: date | None
    revocation_notice_on: date | None
    revocation_meeting_id: int | None
    revocation_meeting: str
    revocation_grounds: str
    revoked_on: date | None
    revoked_until: date | None
    denial_reasons: str
    withdrawn_reason: str
    site_plan_name: str
    site_plan_sha256: str
    sales_records_name: str
    sales_records_sha256: str
    neighbors: tuple[NeighborRow, ...]
    comments: tuple[CommentRow, ...]
    suspensions: tuple[SuspensionRow, ...]

    @classmethod
    def of(cls, cafe: SidewalkCafe, zone: tzinfo, today: date, *, renewed_by: str = "") -> CafeRow:
        return cls(
            **{name: getattr(cafe, name) for name in APPLICATION_FIELDS + _AS_RECORDED},
            applicant=cafe.applicant.name,
            street=cafe.street.full_name if cafe.street is not None else "",
            parcel=cafe.parcel.parcel_number if cafe.parcel is not None else "",
            renews=cafe.renews.number if cafe.renews is not None else "",
            share=cafe_rules.food_share(cafe),
            needs_police=cafe_rules.needs_police_review(cafe),
            applied_at=cafe.applied_at.astimezone(zone),
            received_by=cafe.received_by_name,
            status=CafeStatus(cafe.status),
            standing_status=cafe_terms.standing(cafe, today),
            status_text=cafe_terms.display_status(cafe, today, zone, renewed_by=renewed_by),
            renewed_by=renewed_by,
            meeting=_meeting_label(cafe.meeting, zone),
            issued_by=cafe.issued_by_name,
            revocation_meeting=_meeting_label(cafe.revocation_meeting, zone),
            neighbors=tuple(NeighborRow.of(n) for n in cafe.neighbors),
            comments=tuple(CommentRow.of(c, cafe) for c in cafe.comments),
            suspensions=tuple(SuspensionRow.of(s, today) for s in cafe.suspensions),
        )

    # -- where it stands -----------------------------------------------------------------

    @property
    def in_process(self) -> bool:
        """Not yet issued, denied or withdrawn: it can still be corrected."""
        return self.status in IN_PROCESS

    @property
    def before_decision(self) -> bool:
        return self.status in BEFORE_DECISION

    @property
    def standing(self) -> bool:
        """A permit in force today (suspended or not; again after a temporary revocation's last
        day), and not yet replaced by its renewal."""
        return (
            self.standing_status in cafe_rules.STANDING
            and bool(self.issued_on)
            and not self.renewed_by
        )

    @property
    def closed(self) -> bool:
        """Denied, withdrawn, or revoked as it stands today."""
        return self.standing_status in (
            CafeStatus.DENIED,
            CafeStatus.REVOKED,
            CafeStatus.WITHDRAWN,
        )

    @property
    def notice_mailed(self) -> bool:
        return self.notice_mailed_on is not None

    @property
    def received_text(self) -> str:
        return f"{format_day(self.applied_at.date())}, {clock_time(self.applied_at, dotted=True)}"

    @property
    def configuration(self) -> str:
        parts = []
        if self.at_storefront:
            parts.append("abutting the storefront")
        if self.at_curbside:
            parts.append("abutting the curbside")
        if self.corner_parcel:
            parts.append("corner parcel: the side street too")
        return "; ".join(parts)

    @property
    def hours(self) -> str:
        return hours_text(self.opens_at, self.closes_at)

    @property
    def indoor_hours(self) -> str:
        return hours_text(self.indoor_opens_at, self.indoor_closes_at)

    @property
    def council_closes_text(self) -> str:
        return f"closing by {time_text(self.council_closes_at)}" if self.council_closes_at else ""

    @property
    def location(self) -> str:
        return self.address + (f" ({self.street})" if self.street else "")

    def data(self) -> CafeData:
        """The application alone, as the form gives it (for the rules' "as typed" reading)."""
        return CafeData(**{name: getattr(self, name) for name in APPLICATION_FIELDS})


@dataclass(frozen=True, slots=True)
class CafeDetails:
    """Everything the tab shows of the application chosen, read in one action."""

    row: CafeRow
    checklist: tuple[ChecklistItem, ...]
    eligibility: tuple[Finding, ...]
    layout: tuple[Finding, ...]
    hours: tuple[Finding, ...]
    history: tuple[HistoryEntry, ...]
    fee_owed: Money
    acts: Mapping[CafeAct, str | None]
    """For each act, None when the operator may do it now, else why not (the core's words)."""
    lifts: Mapping[int, str | None]
    """For each suspension, by id, None when it may be lifted now, else why not."""
    alcohol: tuple[Finding, ...] = ()

    def item(self, key: str) -> ChecklistItem | None:
        return next((i for i in self.checklist if i.key == key), None)

    @property
    def not_met(self) -> tuple[ChecklistItem, ...]:
        return tuple(i for i in self.checklist if i.state is ItemState.NOT_MET)

    @property
    def waiting(self) -> tuple[ChecklistItem, ...]:
        return tuple(i for i in self.checklist if i.state is ItemState.PENDING)


def search_cafe_rows(
    action: Action,
    text: str = "",
    *,
    status: CafeStatus | None = None,
    year: int | None = None,
    limit: int = cafe_rules.SEARCH_LIMIT,
) -> list[CafeRow]:
    """The register's rows, each with everything it shows loaded with the search (its street,
    parcel, meetings, neighbours …) and the renewals issued read in one more query."""
    zone, today = action.zone, action.today()
    found = service.search_cafes(action.session, text, status, year, today=today, limit=limit)
    renewed = service.renewals_issued(action.session, [c.id for c in found])
    return [CafeRow.of(c, zone, today, renewed_by=renewed.get(c.id, "")) for c in found]


def cafe_row(action: Action, cafe_id: int) -> CafeRow:
    renewed = service.renewals_issued(action.session, [cafe_id])
    return CafeRow.of(
        service.get_cafe(action.session, cafe_id),
        action.zone,
        action.today(),
        renewed_by=renewed.get(cafe_id, ""),
    )


def cafe_details(action: Action, cafe_id: int) -> CafeDetails:
    session = action.session
    cafe = service.get_cafe(session, cafe_id)
    zone = action.zone
    return CafeDetails(
        cafe_row(action, cafe_id),
        tuple(cafe_checklist.review(action, cafe_id)),
        tuple(cafe_rules.eligibility_findings(cafe)),
        tuple(cafe_rules.layout_findings(cafe)),
        tuple(cafe_rules.hours_findings(cafe)),
        tuple(service.history(session, cafe_id, zone=zone)),
        cafe_papers.fee_owed(session, cafe_id),
        acts(action, cafe_id),
        lift_acts(action, cafe),
        tuple(cafe_rules.alcohol_findings(cafe)),
    )


# -- what the forms ask -------------------------------------------------------------------------


def applicant_row(action: Action, party_id: int) -> PartyRow:
    """The applicant as the party picker shows it."""
    return parties_views.party_row(action.session, party_id)


def street_choices(action: Action) -> list[tuple[int, str]]:
    """The streets of the City's register, (id, full name), for the application's street."""
    return [(s.id, s.full_name) for s in streets.streets(action.session)]


def parcel_choices(action: Action, text: str, current: int | None) -> list[tuple[int, str]]:
    """The parcels whose number, address or owner match ``text`` (at most 20), the parcel
    chosen already first when it is not among them: (id, "number — address")."""
    found = parties.search_parcels(action.session, text, limit=20) if text else []
    if current is not None and all(p.id != current for p in found):
        found.insert(0, parties.get_parcel(action.session, current))
    return [
        (p.id, f"{p.parcel_number} — {p.site_address}" if p.site_address else p.parcel_number)
        for p in found
    ]


def notice_changes(
    action: Action, cafe_id: int, data: CafeData, *, plan: bytes | None = None
) -> list[str]:
    """What a correction (and a new site plan) changes of what the notice told the owners
    within 100 feet (:func:`~clerk_desk.sidewalk_cafes.service.notice_changes`)."""
    return service.notice_changes(service.get_cafe(action.session, cafe_id), data, plan=plan)


def comments_due_on(action: Action, cafe_id: int) -> date | None:
    """The last day for comments, as saved now."""
    return service.get_cafe(action.session, cafe_id).comments_due_on


def cafe_years(action: Action) -> list[int]:
    """The years the register's year filter offers."""
    return service.cafe_years(action.session)


def fitting_meetings(action: Action, cafe_id: int, *, held: bool) -> set[int]:
    """The ids of the Council meetings a form may choose for the application: with ``held``,
    those held at which the Council can have decided; without, those to come after the
    comment period (:func:`~clerk_desk.sidewalk_cafes.council.council_meetings`)."""
    found = cafe_council.council_meetings(
        action.session, cafe_id, now=action.now(), zone=action.zone, held=held
    )
    return {m.id for m in found}
