"""The Sidewalk Cafes tab's plain rows (§ 506-10): an application as the register, the details
and every form show it, read in one action and frozen (:class:`CafeRow`, :class:`CafeDetails`
and the rows of its pages), never live records; and the small words the screens share.

Every rule is the core's (:mod:`clerk_desk.sidewalk_cafes.service`); what is owed is
:mod:`clerk_desk.sidewalk_cafes.views`'. Times are written the City's way ("6:00 a.m.").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, tzinfo
from decimal import Decimal

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.kinds import CafeStatus
from clerk_desk.lengths import parse_length
from clerk_desk.models import CafeComment, CafeNeighbor, CafeSuspension, SidewalkCafe
from clerk_desk.money import Money
from clerk_desk.permissions import Permission
from clerk_desk.sidewalk_cafes import checklist as cafe_checklist
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sidewalk_cafes
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes import views as sidewalk_cafes_views
from clerk_desk.sidewalk_cafes.acts import CafeAct, acts
from clerk_desk.sidewalk_cafes.rules import CafeData, ChecklistItem, ItemState, NeighborData
from clerk_desk.words import clock_time, format_day
from ui.dialog_parts import BAD as BAD
from ui.dialog_parts import GOOD as GOOD
from ui.dialog_parts import LATE as LATE
from ui.dialog_parts import WARN_COLOUR as WARN_COLOUR
from ui.dialog_parts import cite_link as cite_link
from ui.dialog_parts import may_not as may_not

TAKE = Permission.TAKE_APPLICATIONS
ISSUE = Permission.ISSUE_PERMITS
DECIDE = Permission.APPROVE_WORK_PERMITS
LIST_FILTER = "Spreadsheets (*.xlsx *.xlsm *.csv);;All files (*)"
PLAN_FILTER = "Site plan (*.pdf *.png *.jpg *.jpeg);;All files (*)"
RECORDS_FILTER = "Business records (*.pdf *.png *.jpg *.jpeg);;All files (*)"
"""What the City keeps as a scan: a spreadsheet of sales is printed or saved as a PDF first."""
LIVE_MS = 120
"""Pause after a keystroke before the rules are asked again about what is typed."""

IN_PROCESS = (
    CafeStatus.APPLIED,
    CafeStatus.NOTICE_MAILED,
    CafeStatus.BEFORE_COUNCIL,
    CafeStatus.APPROVED,
)
"""An application not yet issued, denied or withdrawn: it can still be corrected."""
BEFORE_DECISION = (CafeStatus.APPLIED, CafeStatus.NOTICE_MAILED, CafeStatus.BEFORE_COUNCIL)

SOURCE_LABELS = cafe_rules.COMMENT_SOURCE_LABELS


def time_text(value: time | None) -> str:
    """ "6:00 a.m.": the City's way, as the findings and the papers write it."""
    return "" if value is None else clock_time(value, dotted=True)


def hours_text(opens: time | None, closes: time | None) -> str:
    if opens is None and closes is None:
        return ""
    return f"{time_text(opens) or '?'} to {time_text(closes) or '?'}"


# ---- plain rows ------------------------------------------------------------------------------


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
        )

    @property
    def notice_text(self) -> str:
        if self.emergency:
            return "Emergency: no prior notice"
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


@dataclass(frozen=True, slots=True)
class CafeRow:
    """An application or permit as the register and the details show it, read in one action."""

    id: int
    number: str
    applicant_id: int
    applicant: str
    establishment: str
    address: str
    street_id: int | None
    street: str
    parcel_id: int | None
    parcel: str
    renews: str  # the number of the permit it renews
    zoning_district: str
    commercially_zoned: bool
    sales_from: date | None
    sales_to: date | None
    gross_sales: Money | None
    food_sales: Money | None
    share: Decimal | None
    at_storefront: bool
    at_curbside: bool
    corner_parcel: bool
    sidewalk_width_in: int | None
    clear_passage_in: int | None
    passage_abuts_curb: bool
    curb_setback_in: int | None
    aisle_in: int | None
    frontage_in: int | None
    cafe_length_in: int | None
    side_frontage_in: int | None
    side_cafe_length_in: int | None
    side_clear_passage_in: int | None
    side_passage_abuts_curb: bool
    side_curb_setback_in: int | None
    cafe_depth_in: int | None
    seats: int | None
    tables: int | None
    umbrellas: str
    serves_alcohol: bool
    liquor_license: str
    needs_police: bool
    opens_at: time | None
    closes_at: time | None
    indoor_opens_at: time | None
    indoor_closes_at: time | None
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
    site_plan_scale: str
    sales_records_name: str
    sales_records_sha256: str
    notes: str
    neighbors: tuple[NeighborRow, ...]
    comments: tuple[CommentRow, ...]
    suspensions: tuple[SuspensionRow, ...]

    @classmethod
    def of(cls, cafe: SidewalkCafe, zone: tzinfo, today: date, *, renewed_by: str = "") -> CafeRow:
        return cls(
            id=cafe.id,
            number=cafe.number,
            applicant_id=cafe.applicant_id,
            applicant=cafe.applicant.name,
            establishment=cafe.establishment,
            address=cafe.address,
            street_id=cafe.street_id,
            street=cafe.street.full_name if cafe.street is not None else "",
            parcel_id=cafe.parcel_id,
            parcel=cafe.parcel.parcel_number if cafe.parcel is not None else "",
            renews=cafe.renews.number if cafe.renews is not None else "",
            zoning_district=cafe.zoning_district,
            commercially_zoned=cafe.commercially_zoned,
            sales_from=cafe.sales_from,
            sales_to=cafe.sales_to,
            gross_sales=cafe.gross_sales,
            food_sales=cafe.food_and_soft_drink_sales,
            share=cafe_rules.food_share(cafe),
            at_storefront=cafe.at_storefront,
            at_curbside=cafe.at_curbside,
            corner_parcel=cafe.corner_parcel,
            sidewalk_width_in=cafe.sidewalk_width_in,
            clear_passage_in=cafe.clear_passage_in,
            passage_abuts_curb=cafe.passage_abuts_curb,
            curb_setback_in=cafe.curb_setback_in,
            aisle_in=cafe.aisle_in,
            frontage_in=cafe.frontage_in,
            cafe_length_in=cafe.cafe_length_in,
            side_frontage_in=cafe.side_frontage_in,
            side_cafe_length_in=cafe.side_cafe_length_in,
            side_clear_passage_in=cafe.side_clear_passage_in,
            side_passage_abuts_curb=cafe.side_passage_abuts_curb,
            side_curb_setback_in=cafe.side_curb_setback_in,
            cafe_depth_in=cafe.cafe_depth_in,
            seats=cafe.seats,
            tables=cafe.tables,
            umbrellas=cafe.umbrellas,
            serves_alcohol=cafe.serves_alcohol,
            liquor_license=cafe.liquor_license,
            needs_police=cafe_rules.needs_police_review(cafe),
            opens_at=cafe.opens_at,
            closes_at=cafe.closes_at,
            indoor_opens_at=cafe.indoor_opens_at,
            indoor_closes_at=cafe.indoor_closes_at,
            applied_at=cafe.applied_at.astimezone(zone),
            applied_on=cafe.applied_on,
            received_by=cafe.received_by_name,
            status=CafeStatus(cafe.status),
            standing_status=cafe_terms.standing(cafe, today),
            status_text=cafe_terms.display_status(cafe, today, zone, renewed_by=renewed_by),
            renewed_by=renewed_by,
            notice_mailed_on=cafe.notice_mailed_on,
            notice_mailed_by=cafe.notice_mailed_by,
            comments_due_on=cafe.comments_due_on,
            police_sent_on=cafe.police_sent_on,
            police_reviewed_on=cafe.police_reviewed_on,
            police_approved=cafe.police_approved,
            police_memo=cafe.police_memo,
            dpw_inspected_on=cafe.dpw_inspected_on,
            dpw_inspected_by=cafe.dpw_inspected_by,
            dpw_satisfied=cafe.dpw_satisfied,
            dpw_note=cafe.dpw_note,
            meeting_id=cafe.meeting_id,
            meeting=_meeting_label(cafe.meeting, zone),
            council_decided_on=cafe.council_decided_on,
            council_approved=cafe.council_approved,
            council_conditions=cafe.council_conditions,
            council_closes_at=cafe.council_closes_at,
            issued_on=cafe.issued_on,
            issued_by=cafe.issued_by_name,
            expires_on=cafe.expires_on,
            revocation_notice_on=cafe.revocation_notice_on,
            revocation_meeting_id=cafe.revocation_meeting_id,
            revocation_meeting=_meeting_label(cafe.revocation_meeting, zone),
            revocation_grounds=cafe.revocation_grounds,
            revoked_on=cafe.revoked_on,
            revoked_until=cafe.revoked_until,
            denial_reasons=cafe.denial_reasons,
            withdrawn_reason=cafe.withdrawn_reason,
            site_plan_name=cafe.site_plan_name,
            site_plan_sha256=cafe.site_plan_sha256,
            site_plan_scale=cafe.site_plan_scale,
            sales_records_name=cafe.sales_records_name,
            sales_records_sha256=cafe.sales_records_sha256,
            notes=cafe.notes,
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
        return CafeData(
            applicant_id=self.applicant_id,
            establishment=self.establishment,
            address=self.address,
            parcel_id=self.parcel_id,
            street_id=self.street_id,
            zoning_district=self.zoning_district,
            commercially_zoned=self.commercially_zoned,
            sales_from=self.sales_from,
            sales_to=self.sales_to,
            gross_sales=self.gross_sales,
            food_and_soft_drink_sales=self.food_sales,
            at_storefront=self.at_storefront,
            at_curbside=self.at_curbside,
            corner_parcel=self.corner_parcel,
            sidewalk_width_in=self.sidewalk_width_in,
            clear_passage_in=self.clear_passage_in,
            passage_abuts_curb=self.passage_abuts_curb,
            curb_setback_in=self.curb_setback_in,
            aisle_in=self.aisle_in,
            frontage_in=self.frontage_in,
            cafe_length_in=self.cafe_length_in,
            side_frontage_in=self.side_frontage_in,
            side_cafe_length_in=self.side_cafe_length_in,
            side_clear_passage_in=self.side_clear_passage_in,
            side_passage_abuts_curb=self.side_passage_abuts_curb,
            side_curb_setback_in=self.side_curb_setback_in,
            cafe_depth_in=self.cafe_depth_in,
            seats=self.seats,
            tables=self.tables,
            umbrellas=self.umbrellas,
            serves_alcohol=self.serves_alcohol,
            liquor_license=self.liquor_license,
            opens_at=self.opens_at,
            closes_at=self.closes_at,
            indoor_opens_at=self.indoor_opens_at,
            indoor_closes_at=self.indoor_closes_at,
            site_plan_scale=self.site_plan_scale,
            notes=self.notes,
        )


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
    found = sidewalk_cafes.search_cafes(
        action.session, text, status, year, today=today, limit=limit
    )
    renewed = sidewalk_cafes.renewals_issued(action.session, [c.id for c in found])
    return [CafeRow.of(c, zone, today, renewed_by=renewed.get(c.id, "")) for c in found]


def cafe_row(action: Action, cafe_id: int) -> CafeRow:
    renewed = sidewalk_cafes.renewals_issued(action.session, [cafe_id])
    return CafeRow.of(
        sidewalk_cafes.get_cafe(action.session, cafe_id),
        action.zone,
        action.today(),
        renewed_by=renewed.get(cafe_id, ""),
    )


def cafe_details(action: Action, cafe_id: int) -> CafeDetails:
    session = action.session
    cafe = sidewalk_cafes.get_cafe(session, cafe_id)
    zone = action.zone
    return CafeDetails(
        cafe_row(action, cafe_id),
        tuple(cafe_checklist.review(action, cafe_id)),
        tuple(cafe_rules.eligibility_findings(cafe)),
        tuple(cafe_rules.layout_findings(cafe)),
        tuple(cafe_rules.hours_findings(cafe)),
        tuple(sidewalk_cafes.history(session, cafe_id, zone=zone)),
        sidewalk_cafes_views.fee_owed(session, cafe_id),
        acts(action, cafe_id),
        tuple(cafe_rules.alcohol_findings(cafe)),
    )
