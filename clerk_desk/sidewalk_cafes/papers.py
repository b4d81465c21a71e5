"""What the sidewalk cafe papers print (§ 506-10), gathered in one read each.

Reports never query: the permit (with the site plan that delineates the cafe), the notice to
owners and occupants within 100 feet (with the applicant's diagram and the list attached to the
packet), the application packet for the Common Council, the suspension and revocation letters
and the register each ask one function here for plain data, with every date already counted by
the City calendar. Nothing here writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import ledger, settings_store
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import city_zone
from clerk_desk.coverage import CoverageKind, Covers, check_certificate
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action
from clerk_desk.documents import scan_bytes
from clerk_desk.due_receipts import FeeReceipt, fee_receipts
from clerk_desk.errors import Conflict, NotFound
from clerk_desk.findings import Finding
from clerk_desk.kinds import CafeStatus, DueStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_length
from clerk_desk.models import AmountDue, CafeComment, CafeSuspension, SidewalkCafe
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.sidewalk_cafes import checklist as cafe_checklist
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sc
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.street_openings.views import InsuranceOnFile
from clerk_desk.words import format_day, long_day

__all__ = [
    "CheckLine",
    "CommentLine",
    "FeeReceipt",
    "InsuranceOnFile",
    "LetterView",
    "NeighborLine",
    "NoticeView",
    "PacketView",
    "PermitView",
    "RegisterRow",
    "fee_owed",
    "letter_view",
    "notice_view",
    "packet_view",
    "permit_view",
    "register_rows",
]


@dataclass(frozen=True, slots=True)
class PermitView:
    """Everything the printed "Sidewalk Cafe Permit" shows."""

    cafe_id: int
    number: str
    status: str  # display_status on the day printed
    establishment: str
    address: str
    applicant_name: str
    applicant_address: str  # mailing lines, "\n"-separated
    parcel_number: str
    zoning_district: str
    renews_number: str  # "" unless a renewal
    issued_on: date | None
    issued_by_name: str  # who recorded the issuance (printed small; the Administrator signs)
    expires_on: date | None
    term: str  # "Expires Mon Nov 30, 2027 — at most one year from issuance; not transferable."
    configuration: str  # "Abutting the storefront", "… and along the side of the corner parcel"
    dimensions: tuple[tuple[str, str], ...]  # (what, "6 ft"), in the order printed
    seats: int | None
    tables: int | None
    umbrellas: str  # as described on the permit; "No umbrellas." when none
    serves_alcohol: bool
    liquor_license: str
    alcohol: str  # the sentence printed about alcohol
    opens_at: time | None
    closes_at: time | None  # the Council's restriction applied
    hours: str  # "7:00 a.m. to 10:00 p.m."
    council_meeting_on: date | None
    council_conditions: tuple[str, ...]
    dpw_inspected_on: date | None
    dpw_inspected_by: str
    police_reviewed_on: date | None
    insurance: InsuranceOnFile | None
    fee_amount: Money  # billed (renewals included), cancelled excluded
    fee_owed: Money
    receipts: tuple[FeeReceipt, ...]
    site_plan_name: str
    site_plan_scale: str
    site_plan: bytes | None  # the plan delineating the cafe area, printed with the permit
    site_plan_kind: str  # "pdf", "png", "jpeg" or "" (none, or unreadable)
    display_notice: str  # "This permit must be visibly displayed during business hours."
    cites: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NeighborLine:
    """One addressee of the notice."""

    position: int
    name: str
    mailing_address: str  # lines, "\n"-separated, as on the envelope
    parcel_number: str
    relation: str  # "owner" or "occupant"
    distance_ft: int | None

    @property
    def beyond(self) -> bool:
        """More than 100 feet away: kept on the list, marked "beyond 100 ft — not required"."""
        return cafe_rules.beyond_radius(self.distance_ft)


@dataclass(frozen=True, slots=True)
class NoticeView:
    """The notice mailed to owners and occupants within 100 feet, and its list."""

    cafe_id: int
    number: str
    establishment: str
    address: str
    applicant_name: str
    serves_alcohol: bool  # whether alcohol will be served at the cafe if the permit is granted
    liquor_license: str
    alcohol: str  # the sentence the letter prints about alcohol
    mailed_on: date | None  # None before it is mailed (a draft)
    comments_due_on: date | None
    comments_explanation: str  # how the last day was counted
    site_plan_name: str
    site_plan_scale: str
    site_plan: bytes | None  # the applicant's diagram (PDF, PNG or JPEG)
    site_plan_kind: str  # "pdf", "png", "jpeg" or ""
    neighbors: tuple[NeighborLine, ...]
    cite: str


@dataclass(frozen=True, slots=True)
class CheckLine:
    """One requirement of the checklist as it stands, for the packet."""

    key: str
    title: str
    state: str  # "Met", "Waiting", "Not met"
    findings: tuple[Finding, ...]
    cite: str
    due: date | None


@dataclass(frozen=True, slots=True)
class CommentLine:
    """A comment received by the City Clerk, for the packet: timely or late."""

    received_on: date
    commenter: str
    source: str  # "Public", "Applicant", "City staff", "City committee"
    text: str
    timely: bool
    late: str  # why it is late ("" when timely)


@dataclass(frozen=True, slots=True)
class PacketView:
    """The application packet the City Administrator forwards to the Common Council: the
    application in brief, the checklist as it stands, the comments (timely and late), the
    Chief of Police's review, the Director of Public Works' inspection, the list of the owners
    and occupants notified and the site plan (``notice``)."""

    cafe_id: int
    number: str
    status: str
    prepared_on: date
    establishment: str
    address: str
    applicant_name: str
    applicant_address: str
    parcel_number: str
    zoning_district: str
    commercially_zoned: bool
    renews_number: str
    applied_on: date
    received_by: str
    configuration: str
    dimensions: tuple[tuple[str, str], ...]
    seats: int | None
    tables: int | None
    umbrellas: str
    hours: str  # the cafe's, as applied for
    indoor_hours: str
    serves_alcohol: bool
    liquor_license: str
    sales_period: str  # "May 1, 2026 to Oct 31, 2026" or ""
    gross_sales: Money | None
    food_sales: Money | None
    food_share: str  # "60.0%" or ""
    sales_records_name: str
    meeting_at: datetime | None  # the meeting it is before (City time)
    meeting_place: str
    checklist: tuple[CheckLine, ...]
    comments: tuple[CommentLine, ...]
    comments_due_on: date | None
    police_needed: bool
    police_why: str  # "alcohol is to be served", "the business holds a liquor license (…)"
    police_sent_on: date | None
    police_reviewed_on: date | None
    police_approved: bool | None
    police_memo: str
    dpw_inspected_on: date | None
    dpw_inspected_by: str
    dpw_satisfied: bool | None
    dpw_note: str
    fee_amount: Money
    fee_owed: Money
    notice: NoticeView  # the list of those notified, and the site plan
    site_plan_sha256: str
    cites: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LetterView:
    """A suspension letter or a notice of the revocation meeting, to the permittee."""

    kind: str  # "suspension" or "revocation"
    cafe_id: int
    number: str
    establishment: str
    address: str
    applicant_name: str
    applicant_address: str
    expires_on: date | None
    notice_on: date | None  # the letter's date
    # suspension
    starts_on: date | None = None
    ends_on: date | None = None
    reason: str = ""
    emergency: bool = False
    short_notice_reason: str = ""  # why seven days' written notice was not given
    # revocation
    meeting_at: datetime | None = None  # City time
    meeting_place: str = ""
    grounds: str = ""
    cite: str = ""


@dataclass(frozen=True, slots=True)
class RegisterRow:
    """One line of the register (the tab and its Excel export)."""

    cafe_id: int
    number: str
    year: int
    establishment: str
    address: str
    applicant: str
    status: str
    applied_on: date
    notice_mailed_on: date | None
    comments_due_on: date | None
    council_meeting_on: date | None
    council_approved: bool | None
    issued_on: date | None
    expires_on: date | None
    serves_alcohol: bool
    seats: int | None
    fee_owed: Money
    renews_number: str


SHOWN_LIMITS = (
    CoverageKind.COMBINED_SINGLE_LIMIT,
    CoverageKind.BODILY_INJURY_PER_OCCURRENCE,
    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE,
    CoverageKind.PRODUCTS_COMPLETED_OPERATIONS,
    CoverageKind.MEDICAL_PAYMENTS,
    CoverageKind.LIQUOR_LIABILITY,
)
"""The limits § 506-10 (Liability …) asks about, in the order the permit prints them."""


def _cafe(session: Session, cafe_id: int) -> SidewalkCafe:
    cafe = session.scalar(
        select(SidewalkCafe)
        .where(SidewalkCafe.id == cafe_id)
        .options(
            selectinload(SidewalkCafe.applicant),
            selectinload(SidewalkCafe.parcel),
            selectinload(SidewalkCafe.meeting),
            selectinload(SidewalkCafe.revocation_meeting),
            selectinload(SidewalkCafe.neighbors),
            selectinload(SidewalkCafe.comments),
            selectinload(SidewalkCafe.suspensions),
            selectinload(SidewalkCafe.renews),
        )
    )
    if cafe is None:
        raise NotFound(f"There is no sidewalk cafe application number {cafe_id}.")
    return cafe


def configuration(cafe: SidewalkCafe) -> str:
    """ "Abutting the storefront", "Abutting the curbside (at least 3 ft from the curb face)",
    both, and "; also along the side of the corner parcel"."""
    parts = []
    if cafe.at_storefront:
        parts.append("abutting the storefront")
    if cafe.at_curbside:
        parts.append("abutting the curbside, at least 3 ft from the curb face")
    text = " and ".join(parts) or "not stated"
    if cafe.corner_parcel and cafe.side_cafe_length_in:
        text += "; also along the side of the establishment on the corner parcel"
    return text[:1].upper() + text[1:]


def dimensions(cafe: SidewalkCafe) -> tuple[tuple[str, str], ...]:
    """The cafe's area and clearances, as the permit delineates them: (what, "6 ft")."""
    passage = format_length(cafe.clear_passage_in)
    if passage:
        passage += " (abuts the curb)" if cafe.passage_abuts_curb else " (does not abut the curb)"
    side_passage = format_length(cafe.side_clear_passage_in) if cafe.side_cafe_length_in else ""
    if side_passage:
        side_passage += (
            " (abuts the curb)" if cafe.side_passage_abuts_curb else " (does not abut the curb)"
        )
    side_setback = format_length(cafe.side_curb_setback_in) if cafe.side_cafe_length_in else ""
    rows = (
        ("Length along the frontage", format_length(cafe.cafe_length_in)),
        ("Establishment's frontage", format_length(cafe.frontage_in)),
        ("Depth from the building", format_length(cafe.cafe_depth_in)),
        ("Sidewalk width (curb to property line)", format_length(cafe.sidewalk_width_in)),
        ("Clear pedestrian passage", passage),
        ("Tables and chairs from the curb face", format_length(cafe.curb_setback_in)),
        ("Aisles", format_length(cafe.aisle_in)),
        ("Length along the side street", format_length(cafe.side_cafe_length_in)),
        ("Side street frontage", format_length(cafe.side_frontage_in)),
        ("Side street clear passage", side_passage),
        ("Side street: tables from the curb", side_setback),
    )
    return tuple((what, value) for what, value in rows if value)


def alcohol_sentence(cafe: SidewalkCafe) -> str:
    """What the notice and the permit say about alcohol (§ 506-10 (Application for permit):
    "whether or not the business is licensed to serve alcoholic beverages at the sidewalk cafe
    if the permit is granted")."""
    if cafe.serves_alcohol:
        license_ = f" (liquor license {cafe.liquor_license})" if cafe.liquor_license else ""
        return (
            f"Alcoholic beverages will be served at the sidewalk cafe if the permit is "
            f"granted{license_}."
        )
    return "No alcoholic beverages will be served at the sidewalk cafe."


def _insurance(
    session: Session, cafe: SidewalkCafe, calendar: CityCalendar, today: date
) -> InsuranceOnFile | None:
    start, end = cafe_terms.term_of(cafe, today)
    covers = Covers(start, end, application=cafe.applied_on)
    requirement = cafe_rules.insurance_requirement(cafe)
    judged = [
        (
            check_certificate(
                bonds.as_certificate(c), requirement, covers=covers, calendar=calendar
            ),
            c,
        )
        for c in bonds.certificates_of(session, cafe.applicant_id)
    ]
    if not judged:
        return None
    found, best = min(judged, key=lambda pair: (sum(f.blocks for f in pair[0]), len(pair[0])))
    certificate = bonds.as_certificate(best)
    return InsuranceOnFile(
        insurer=best.insurer,
        policy_numbers=best.policy_numbers,
        limits=tuple(
            (kind.label, certificate.coverages[kind])
            for kind in SHOWN_LIMITS
            if kind in certificate.coverages
        ),
        effective_on=best.effective_on,
        expires_on=best.expires_on,
        received_on=best.received_on,
        shortfalls=tuple(f.text for f in found if f.blocks),
    )


def term_sentence(cafe: SidewalkCafe) -> str:
    """ "Expires Mon Nov 30, 2027 — at most one year from issuance; not transferable." """
    if cafe.expires_on is None:
        return "At most one year from issuance; not transferable."
    return (
        f"Expires {format_day(cafe.expires_on)} — at most one year from issuance; not transferable."
    )


def permit_view(
    session: Session,
    cafe_id: int,
    calendar: CityCalendar,
    *,
    today: date | None = None,
    zone: tzinfo | None = None,
) -> PermitView:
    """What the "Sidewalk Cafe Permit" prints. ``today`` (the day printed) decides the status
    shown and, before issuance, the term the insurance is judged for; it defaults to the day
    issued (or applied for)."""
    cafe = _cafe(session, cafe_id)
    day = today or cafe.issued_on or cafe.applied_on
    zone = zone or city_zone()
    record = RecordRef(cafe_rules.RECORD_TYPE, str(cafe.id))
    billed = [d for d in ledger.dues_for(session, record) if d.status != DueStatus.CANCELLED]
    opens, closes = cafe_rules.effective_hours(cafe)
    applicant = cafe.applicant
    plan = scan_bytes(session, cafe.site_plan_sha256) if cafe.site_plan_sha256 else None
    renewed_by = sc.renewals_issued(session, [cafe.id]).get(cafe.id, "")
    return PermitView(
        cafe_id=cafe.id,
        number=cafe.number,
        status=cafe_terms.display_status(cafe, day, zone, renewed_by=renewed_by),
        establishment=cafe.establishment,
        address=cafe.address,
        applicant_name=applicant.name,
        applicant_address=applicant.mailing_address,
        parcel_number=cafe.parcel.parcel_number if cafe.parcel else "",
        zoning_district=cafe.zoning_district,
        renews_number=cafe.renews.number if cafe.renews else "",
        issued_on=cafe.issued_on,
        issued_by_name=cafe.issued_by_name,
        expires_on=cafe.expires_on,
        term=term_sentence(cafe),
        configuration=configuration(cafe),
        dimensions=dimensions(cafe),
        seats=cafe.seats,
        tables=cafe.tables,
        umbrellas=cafe.umbrellas.strip() or "No umbrellas.",
        serves_alcohol=cafe.serves_alcohol,
        liquor_license=cafe.liquor_license,
        alcohol=(
            f"Alcoholic beverages may be served within the delineated cafe area"
            f"{f' (liquor license {cafe.liquor_license})' if cafe.liquor_license else ''}."
            if cafe.serves_alcohol
            else "No alcoholic beverages may be served or carried in the sidewalk cafe."
        ),
        opens_at=opens,
        closes_at=closes,
        hours=cafe_rules.hours_text(opens, closes),
        council_meeting_on=cafe.council_decided_on,
        council_conditions=tuple(
            line.strip() for line in cafe.council_conditions.splitlines() if line.strip()
        ),
        dpw_inspected_on=cafe.dpw_inspected_on,
        dpw_inspected_by=cafe.dpw_inspected_by,
        police_reviewed_on=cafe.police_reviewed_on,
        insurance=_insurance(session, cafe, calendar, day),
        fee_amount=sum((d.amount for d in billed), Money.zero()),
        fee_owed=sum(
            (d.balance for d in billed if DueStatus(d.status) is DueStatus.OPEN), Money.zero()
        ),
        receipts=tuple(fee_receipts(session, record, tz=zone)),
        site_plan_name=cafe.site_plan_name,
        site_plan_scale=cafe.site_plan_scale,
        site_plan=plan,
        site_plan_kind=cafe_rules.scan_kind(plan),
        display_notice=cafe_rules.DISPLAY_NOTICE,
        cites=(
            cafe_rules.ISSUANCE_CITE,
            cafe_rules.CLEARANCE_CITE,
            cafe_rules.HOURS_CITE,
            cafe_rules.TERM_CITE,
            cafe_rules.INSURANCE_CITE,
        ),
    )


def notice_view(session: Session, cafe_id: int, *, calendar: CityCalendar) -> NoticeView:
    """The notice to owners and occupants within 100 feet: that an application was filed, the
    applicant's diagram, whether alcohol will be served if granted, and the last day comments
    are received by the City Clerk (15 calendar days from mailing). Before the notice is
    recorded as mailed, ``mailed_on`` and ``comments_due_on`` are None (the letters are dated
    when they are mailed)."""
    cafe = _cafe(session, cafe_id)
    explanation = ""
    if cafe.notice_mailed_on is not None:
        explanation = str(cafe_terms.comment_deadline(cafe.notice_mailed_on, calendar))
    plan = scan_bytes(session, cafe.site_plan_sha256) if cafe.site_plan_sha256 else None
    return NoticeView(
        cafe_id=cafe.id,
        number=cafe.number,
        establishment=cafe.establishment,
        address=cafe.address,
        applicant_name=cafe.applicant.name,
        serves_alcohol=cafe.serves_alcohol,
        liquor_license=cafe.liquor_license,
        alcohol=alcohol_sentence(cafe),
        mailed_on=cafe.notice_mailed_on,
        comments_due_on=cafe.comments_due_on,
        comments_explanation=explanation,
        site_plan_name=cafe.site_plan_name,
        site_plan_scale=cafe.site_plan_scale,
        site_plan=plan,
        site_plan_kind=cafe_rules.scan_kind(plan),
        neighbors=tuple(
            NeighborLine(
                position=n.position,
                name=n.name,
                mailing_address=n.mailing_address,
                parcel_number=n.parcel_number,
                relation=n.relation,
                distance_ft=n.distance_ft,
            )
            for n in cafe.neighbors
        ),
        cite=cafe_rules.APPLICATION_CITE,
    )


def letter_view(
    session: Session,
    cafe_id: int,
    *,
    suspension_id: int | None = None,
    zone: tzinfo | None = None,
) -> LetterView:
    """The suspension letter (``suspension_id``), or else the notice of the revocation
    meeting, for the permittee."""
    cafe = _cafe(session, cafe_id)
    applicant = cafe.applicant
    common = {
        "cafe_id": cafe.id,
        "number": cafe.number,
        "establishment": cafe.establishment,
        "address": cafe.address,
        "applicant_name": applicant.name,
        "applicant_address": applicant.mailing_address,
        "expires_on": cafe.expires_on,
    }
    if suspension_id is not None:
        suspension = session.get(CafeSuspension, suspension_id)
        if suspension is None or suspension.cafe_id != cafe.id:
            raise NotFound(f"There is no suspension number {suspension_id} of {cafe.number}.")
        return LetterView(
            kind="suspension",
            notice_on=suspension.notice_on,
            starts_on=suspension.starts_on,
            ends_on=cafe_terms.suspension_last_day(suspension),
            reason=suspension.reason,
            emergency=suspension.emergency,
            short_notice_reason=suspension.short_notice_reason,
            cite=cafe_rules.TERM_CITE,
            **common,  # type: ignore[arg-type]
        )
    meeting = cafe.revocation_meeting
    if cafe.revocation_notice_on is None or meeting is None:
        raise Conflict(f"No notice of a revocation meeting is on record for {cafe.number}.")
    return LetterView(
        kind="revocation",
        notice_on=cafe.revocation_notice_on,
        meeting_at=meeting.starts_at.astimezone(zone or city_zone()),
        meeting_place=meeting.place,
        grounds=cafe.revocation_grounds,
        cite=cafe_rules.REVOCATION_CITE,
        **common,  # type: ignore[arg-type]
    )


def register_rows(
    session: Session,
    year: int | None = None,
    *,
    today: date | None = None,
    zone: tzinfo | None = None,
) -> list[RegisterRow]:
    """The register, oldest first, with the status as it stands on ``today`` (the recorded
    status's label when not given) and what is still owed on the fee."""
    query = select(SidewalkCafe).options(
        selectinload(SidewalkCafe.applicant),
        selectinload(SidewalkCafe.meeting),
        selectinload(SidewalkCafe.suspensions),
        selectinload(SidewalkCafe.renews),
    )
    if year is not None:
        query = query.where(SidewalkCafe.year == year)
    cafes = list(session.scalars(query.order_by(SidewalkCafe.year, SidewalkCafe.sequence)))
    owed = _owed(session, [c.id for c in cafes])
    renewed = sc.renewals_issued(session, [c.id for c in cafes])
    rows = []
    for cafe in cafes:
        rows.append(
            RegisterRow(
                cafe_id=cafe.id,
                number=cafe.number,
                year=cafe.year,
                establishment=cafe.establishment,
                address=cafe.address,
                applicant=cafe.applicant.name,
                status=cafe_terms.display_status(
                    cafe, today, zone, renewed_by=renewed.get(cafe.id, "")
                )
                if today is not None
                else CafeStatus(cafe.status).label,
                applied_on=cafe.applied_on,
                notice_mailed_on=cafe.notice_mailed_on,
                comments_due_on=cafe.comments_due_on,
                council_meeting_on=cafe.council_decided_on
                or (cafe_terms.meeting_day(cafe.meeting, zone) if cafe.meeting else None),
                council_approved=cafe.council_approved,
                issued_on=cafe.issued_on,
                expires_on=cafe.expires_on,
                serves_alcohol=cafe.serves_alcohol,
                seats=cafe.seats,
                fee_owed=owed.get(str(cafe.id), Money.zero()),
                renews_number=cafe.renews.number if cafe.renews else "",
            )
        )
    return rows


def _owed(session: Session, ids: list[int]) -> dict[str, Money]:
    owed: dict[str, Money] = {}
    if not ids:
        return owed
    for due in session.scalars(
        select(AmountDue).where(
            AmountDue.record_type == cafe_rules.RECORD_TYPE,
            AmountDue.record_id.in_([str(i) for i in ids]),
            AmountDue.status == DueStatus.OPEN,
        )
    ):
        owed[due.record_id] = owed.get(due.record_id, Money.zero()) + due.balance
    return owed


def fee_owed(session: Session, cafe_id: int) -> Money:
    """What is still owed on the application's fee (zero once paid, or when cancelled)."""
    return _owed(session, [cafe_id]).get(str(cafe_id), Money.zero())


def _comment_line(comment: CafeComment, cafe: SidewalkCafe) -> CommentLine:
    late = cafe_terms.comment_findings(comment, cafe)
    return CommentLine(
        received_on=comment.received_on,
        commenter=comment.commenter,
        source=cafe_rules.COMMENT_SOURCE_LABELS.get(comment.source, comment.source.capitalize()),
        text=comment.text,
        timely=comment.timely,
        late=" ".join(f.text for f in late),
    )


def _sales_period(cafe: SidewalkCafe) -> str:
    if cafe.sales_from is None or cafe.sales_to is None:
        return ""
    return f"{long_day(cafe.sales_from)} to {long_day(cafe.sales_to)}"


def packet_view(
    session: Session,
    cafe_id: int,
    calendar: CityCalendar,
    *,
    today: date,
    zone: tzinfo | None = None,
) -> PacketView:
    """The application packet for the Common Council as it stands on ``today``: the checklist
    judged that day, every comment received (timely and late), the reviews, and the notice's
    list and site plan (:func:`notice_view`)."""
    cafe = _cafe(session, cafe_id)
    zone = zone or city_zone()
    record = RecordRef(cafe_rules.RECORD_TYPE, str(cafe.id))
    billed = [d for d in ledger.dues_for(session, record) if d.status != DueStatus.CANCELLED]
    share = cafe_rules.food_share(cafe)
    meeting = cafe.meeting
    items = cafe_checklist.checklist(session, cafe, calendar=calendar, today=today, zone=zone)
    police_why = (
        "alcohol is to be served"
        if cafe.serves_alcohol
        else f"the business holds a liquor license ({cafe.liquor_license})"
        if cafe.liquor_license.strip()
        else ""
    )
    return PacketView(
        cafe_id=cafe.id,
        number=cafe.number,
        status=cafe_terms.display_status(cafe, today, zone),
        prepared_on=today,
        establishment=cafe.establishment,
        address=cafe.address,
        applicant_name=cafe.applicant.name,
        applicant_address=cafe.applicant.mailing_address,
        parcel_number=cafe.parcel.parcel_number if cafe.parcel else "",
        zoning_district=cafe.zoning_district,
        commercially_zoned=cafe.commercially_zoned,
        renews_number=cafe.renews.number if cafe.renews else "",
        applied_on=cafe.applied_on,
        received_by=cafe.received_by_name,
        configuration=configuration(cafe),
        dimensions=dimensions(cafe),
        seats=cafe.seats,
        tables=cafe.tables,
        umbrellas=cafe.umbrellas.strip() or "No umbrellas.",
        hours=cafe_rules.hours_text(cafe.opens_at, cafe.closes_at),
        indoor_hours=cafe_rules.hours_text(cafe.indoor_opens_at, cafe.indoor_closes_at),
        serves_alcohol=cafe.serves_alcohol,
        liquor_license=cafe.liquor_license,
        sales_period=_sales_period(cafe),
        gross_sales=cafe.gross_sales,
        food_sales=cafe.food_and_soft_drink_sales,
        food_share=cafe_rules.food_share_text(share) if share is not None else "",
        sales_records_name=cafe.sales_records_name,
        meeting_at=meeting.starts_at.astimezone(zone) if meeting is not None else None,
        meeting_place=meeting.place if meeting is not None else "",
        checklist=tuple(
            CheckLine(i.key, i.title, i.state.label, i.findings, i.cite, i.due) for i in items
        ),
        comments=tuple(_comment_line(c, cafe) for c in cafe.comments),
        comments_due_on=cafe.comments_due_on,
        police_needed=cafe_rules.needs_police_review(cafe),
        police_why=police_why,
        police_sent_on=cafe.police_sent_on,
        police_reviewed_on=cafe.police_reviewed_on,
        police_approved=cafe.police_approved,
        police_memo=cafe.police_memo,
        dpw_inspected_on=cafe.dpw_inspected_on,
        dpw_inspected_by=cafe.dpw_inspected_by,
        dpw_satisfied=cafe.dpw_satisfied,
        dpw_note=cafe.dpw_note,
        fee_amount=sum((d.amount for d in billed), Money.zero()),
        fee_owed=sum(
            (d.balance for d in billed if DueStatus(d.status) is DueStatus.OPEN), Money.zero()
        ),
        notice=notice_view(session, cafe_id, calendar=calendar),
        site_plan_sha256=cafe.site_plan_sha256,
        cites=(cafe_rules.APPLICATION_CITE, cafe_rules.ISSUANCE_CITE),
    )


# -- a paper to print, read in one action -----------------------------------------------------

PAPERS = ("permit", "packet", "letters", "labels", "list", "suspension", "revocation")
"""The papers of an application the tab prints or saves."""


@dataclass(frozen=True, slots=True)
class Paper:
    """One paper of an application as read in the action: what it prints, for the window to
    render after the action has closed (:func:`reports.sidewalk_cafes` draws it)."""

    kind: str  # one of PAPERS
    title: str  # "Sidewalk cafe permit SC-2026-001", as the printer's queue and the file name say
    view: PermitView | PacketView | NoticeView | LetterView
    profile: CityProfile
    printed_on: date


def paper(action: Action, cafe_id: int, kind: str, *, suspension_id: int | None = None) -> Paper:
    """The view of one paper of the application ``cafe_id`` (the suspension letter of
    ``suspension_id``), with the City's letterhead and the day printed."""
    session, today = action.session, action.today()
    number = _cafe(session, cafe_id).number
    view: PermitView | PacketView | NoticeView | LetterView
    if kind == "permit":
        title = f"Sidewalk cafe permit {number}"
        view = permit_view(session, cafe_id, action.calendar, today=today)
    elif kind == "packet":
        title = f"Application packet — {number}"
        view = packet_view(session, cafe_id, action.calendar, today=today, zone=action.zone)
    elif kind in ("letters", "labels", "list"):
        title = {
            "letters": f"Notice letters — {number}",
            "labels": f"Mailing labels — {number}",
            "list": f"Owners within 100 feet — {number}",
        }[kind]
        view = notice_view(session, cafe_id, calendar=action.calendar)
    elif kind == "suspension" and suspension_id is not None:
        title = f"Suspension letter — {number}"
        view = letter_view(session, cafe_id, suspension_id=suspension_id)
    elif kind == "revocation":
        title = f"Notice of revocation meeting — {number}"
        view = letter_view(session, cafe_id)
    else:
        raise ValueError(f"unknown paper {kind!r}")
    return Paper(kind, title, view, settings_store.city_profile(session), today)


@dataclass(frozen=True, slots=True)
class RegisterExport:
    """The register's rows a search and its filters show, all of them, for the spreadsheet."""

    rows: tuple[RegisterRow, ...]
    city: str
    as_of: date


def register_export(
    action: Action, text: str, status: CafeStatus | None, year: int | None
) -> RegisterExport:
    """The applications the tab's search (``text``, ``status``, ``year``) finds, past the
    screen's limit, as the register's rows."""
    session, today = action.session, action.today()
    shown = {c.id for c in sc.search_cafes(session, text, status, year, today=today, limit=10**9)}
    rows = tuple(r for r in register_rows(session, year, today=today) if r.cafe_id in shown)
    return RegisterExport(rows, settings_store.city_profile(session).city_name, today)
