"""What the sidewalk papers and registers show, gathered once (sidewalk article; Wis. Stat.
§ 66.0907).

``reports`` never queries: the permit, the standard specifications sheet, the notice to repair
and the Excel register print the plain data these functions return. The specifications are read
from the ordinance text itself (:func:`specification_sections`), so the printed sheet quotes the
code and changes with it. Nothing here writes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from sqlalchemy.orm import Session

from clerk_desk import settings_store
from clerk_desk.deadlines import CityCalendar
from clerk_desk.kinds import (
    CostPayer,
    RepairOrderKind,
    RepairOrderStatus,
    SidewalkPermitStatus,
    SidewalkWork,
)
from clerk_desk.lengths import format_length
from clerk_desk.models import (
    CouncilMeeting,
    MasterPlanSegment,
    Party,
    SidewalkPermit,
    SidewalkRepairOrder,
)
from clerk_desk.money import Money
from clerk_desk.ordinance import load_chapter
from clerk_desk.petitions import schedule
from clerk_desk.sidewalks import service as sw
from clerk_desk.words import format_day

__all__ = [
    "NO_FEE",
    "ORDER_COLUMNS",
    "PERMIT_COLUMNS",
    "SEGMENT_COLUMNS",
    "CostView",
    "OrderRow",
    "PermitRow",
    "RepairNoticeView",
    "SegmentRow",
    "SidewalkPermitView",
    "appeal_meetings",
    "held_meetings",
    "order_rows",
    "permit_rows",
    "permit_view",
    "repair_notice_view",
    "segment_rows",
    "specification_sections",
]


@dataclass(frozen=True, slots=True)
class CostView:
    """The cost responsibility box of the permit."""

    payer: str  # CostPayer value
    payer_label: str  # "City of Prescott", "Adjacent property owner", "Land divider"
    summary: str  # "Paid 100% by the City of Prescott"
    restoration_payer_label: str  # "" unless a removal: who restores the area
    reason: str
    cite: str
    notes: tuple[str, ...] = ()  # warnings that go with it (a case the ordinance is silent on)


@dataclass(frozen=True, slots=True)
class SidewalkPermitView:
    """Everything the sidewalk permit prints."""

    number: str
    status: str  # label
    status_value: str
    city_contract: bool  # work under contract with the City: no permit required
    applied_on: date
    received_by: str
    applicant_name: str
    applicant_address: tuple[str, ...]
    applicant_phone: str
    location: str
    street: str  # full name, "" if not given
    address_number: int | None
    side: str  # "odd" / "even" / ""
    parcel_number: str
    parcel_owner: str
    work: str  # label
    work_value: str
    facility: str  # "Sidewalk" or "Bicycle lane"
    area: str  # "Residential" or "Commercial or industrial"
    new_subdivision: bool
    length: str  # "40 ft" or ""
    width: str  # "4 ft 6 in" or ""
    width_in: int | None
    standard: str  # the width and thickness the specifications require for this walk
    contractor: str
    work_starts_on: date | None
    latest_issue_day: date | None  # the last day to issue for that start
    cost: CostView
    segment: str  # the plan segment that showed it, "" when none
    plan_reference: str
    repair_order: str  # the repair order the work carries out ("SR-2026-002"), or ""
    whole_block_applies: bool  # the work is one the whole-block rule covers (repair, replacement)
    partial_replacement_approved: bool  # the Director approved a partial replacement on issue
    issued_on: date | None
    issued_by: str  # the Director (or "Common Council, on appeal")
    on_appeal: bool
    appeal_filed_on: date | None
    appeal_meeting_day: date | None
    appeal_note: str
    denial_reasons: str
    conditions: tuple[str, ...]
    completed_on: date | None
    no_fee: str  # "No fee is charged for sidewalk permits."
    seven_day_rule: str
    permit_cite: str
    notes: str


@dataclass(frozen=True, slots=True)
class RepairNoticeView:
    """Everything the notice to repair (and the order's record) prints."""

    number: str
    kind: str  # label
    kind_value: str
    status: str
    owner_name: str
    owner_address: tuple[str, ...]
    parcel_number: str
    site_address: str
    location: str
    street: str
    defect: str
    work_required: str
    caused_by_owner: bool
    ordered_on: date
    ordered_by: str  # "Common Council, meeting of 11/23/2026" / the Director
    meeting_day: date | None
    whole_block_applies: bool  # False for a minor repair: nothing in the section applies to it
    whole_block: bool
    partial_approved_by: str
    estimated_cost: Money | None
    served_on: date | None
    served_how: str
    served_by: str
    repair_days: int  # 20 (an emergency: 0, immediately)
    repair_due_on: date | None
    repair_due_explained: str  # how the last day was counted
    city_may_repair_on: date | None
    repaired_by_owner_on: date | None
    city_repaired_on: date | None
    city_cost: Money | None
    emergency: bool
    minor: bool
    cite: str  # article paragraph and statute
    whole_block_cite: str
    statute: str
    notes: str


@dataclass(frozen=True, slots=True)
class PermitRow:
    """One row of the permit register sheet (fields in column order)."""

    number: str
    status: str
    applied_on: date
    applicant: str
    location: str
    street: str
    address_number: int | None
    work: str
    facility: str
    area: str
    length_ft: int | None
    width: str
    contractor: str
    work_starts_on: date | None
    cost_payer: str  # "City", "Owner (plan today)": an application's, as the plan reads today
    on_master_plan: str  # "Yes" / "No"
    repair_order: str  # the repair order the work carries out, or ""
    issued_on: date | None
    issued_by: str
    completed_on: date | None


@dataclass(frozen=True, slots=True)
class OrderRow:
    """One row of the repair-order register sheet (fields in column order)."""

    number: str
    kind: str
    status: str
    owner: str
    parcel_number: str
    location: str
    defect: str
    ordered_on: date
    served_on: date | None
    repair_due_on: date | None
    repaired_by_owner_on: date | None
    city_repaired_on: date | None
    city_cost: Money | None
    whole_block: str  # "Yes" / "Partial (approved by …)" / "Does not apply (minor repair)"


@dataclass(frozen=True, slots=True)
class SegmentRow:
    """One row of the master-plan sheet (fields in column order)."""

    street: str
    side: str
    low_number: int | None
    high_number: int | None
    facility: str
    description: str
    plan_reference: str
    active: str  # "Current" / "Retired"


PERMIT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("Permit", "text"),
    ("Status", "text"),
    ("Applied", "date"),
    ("Applicant", "text"),
    ("Location", "text"),
    ("Street", "text"),
    ("Number", "year"),
    ("Work", "text"),
    ("Facility", "text"),
    ("Area", "text"),
    ("Length (ft)", "int"),
    ("Width", "text"),
    ("Contractor", "text"),
    ("Work starts", "date"),
    ("Paid by", "text"),
    ("On master plan", "text"),
    ("Repair order", "text"),
    ("Issued", "date"),
    ("Issued by", "text"),
    ("Completed", "date"),
)
"""(header, kind) for each field of :class:`PermitRow`, in order; kinds as reports.excel
names them; a street number is a "year" column (printed 1220, never 1,220)."""
ORDER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("Order", "text"),
    ("Kind", "text"),
    ("Status", "text"),
    ("Owner", "text"),
    ("Parcel", "text"),
    ("Location", "text"),
    ("Defect", "text"),
    ("Ordered", "date"),
    ("Served", "date"),
    ("Owner's last day", "date"),
    ("Repaired by owner", "date"),
    ("Repaired by City", "date"),
    ("City cost", "money"),
    ("Whole block", "text"),
)
SEGMENT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("Street", "text"),
    ("Side", "text"),
    ("From number", "year"),
    ("To number", "year"),
    ("Facility", "text"),
    ("Description", "text"),
    ("Plan reference", "text"),
    ("Status", "text"),
)

NO_FEE = "No fee is charged for sidewalk permits."
_FOOTNOTE = re.compile(r"\[\d+\]")


def _address(party: Party) -> tuple[str, ...]:
    town = " ".join(p for p in (f"{party.city}," if party.city else "", party.state) if p)
    last = " ".join(p for p in (town, party.postal_code) if p).strip(", ")
    return tuple(line for line in (party.street, last) if line)


def _cost_view(decision: sw.CostDecision) -> CostView:
    payer = CostPayer(decision.payer)
    return CostView(
        payer=payer.value,
        payer_label=payer.label,
        summary=decision.summary,
        restoration_payer_label=(
            CostPayer(decision.restoration_payer).label
            if decision.restoration_payer is not None
            else ""
        ),
        reason=decision.reason,
        cite=decision.cite,
        notes=tuple(f.text for f in decision.findings),
    )


def _standard(permit: SidewalkPermit) -> str:
    """The width and thickness the specifications require of this walk."""
    work = SidewalkWork(permit.work)
    if work is SidewalkWork.REMOVE:
        return "Removal without replacement: the area is restored by the adjacent property owner."
    if permit.bike_lane:
        return "Bicycle lane: to line and grade as established by the City."
    if permit.commercial:
        return (
            "Commercial or industrial: the width the Common Council determines; "
            f"{sw.COMMERCIAL_THICKNESS_IN} inches thick, {sw.COMMERCIAL_DRIVEWAY_THICKNESS_IN} "
            "inches within driveway approaches."
        )
    text = (
        f"Residential: {format_length(sw.RESIDENTIAL_WIDTH_IN)} wide, not less than "
        f"{sw.RESIDENTIAL_THICKNESS_IN} inches thick, {sw.RESIDENTIAL_DRIVEWAY_THICKNESS_IN} "
        "inches within driveway approaches"
    )
    if work is not SidewalkWork.CONSTRUCT:
        text += "; a repair or replacement may keep an existing width, not less than it"
    return text + "."


def _seven_day_rule(permit: SidewalkPermit, calendar: CityCalendar) -> str:
    rule = (
        "A sidewalk permit is obtained from the Director of Public Works at least seven days "
        "before the work is undertaken."
    )
    issued = permit.appeal_decided_on if permit.appeal_decided_on else permit.decided_on
    if SidewalkPermitStatus(permit.status) in _ISSUED and issued is not None:
        start = sw.earliest_start(issued, calendar)
        return f"{rule} Work under this permit may not start before {format_day(start)}."
    return rule


_ISSUED = (
    SidewalkPermitStatus.ISSUED,
    SidewalkPermitStatus.ISSUED_ON_APPEAL,
    SidewalkPermitStatus.COMPLETED,
)


def _issued_by(permit: SidewalkPermit) -> str:
    status = SidewalkPermitStatus(permit.status)
    if permit.appeal_decided_on is not None and status in (
        SidewalkPermitStatus.ISSUED_ON_APPEAL,
        SidewalkPermitStatus.COMPLETED,
    ):
        return f"{sw.COUNCIL}, on appeal ({format_day(permit.appeal_decided_on)})"
    if status in _ISSUED:
        return permit.decided_by_name
    return ""


def permit_view(session: Session, permit_id: int) -> SidewalkPermitView:
    """Everything the permit prints, read once."""
    permit = sw.get_permit(session, permit_id)
    calendar = settings_store.calendar(session)
    applicant = permit.applicant
    parcel = permit.parcel
    owner = parcel.owner if parcel is not None else None
    decision = sw.decide_cost(session, permit)
    segment = (
        session.get(MasterPlanSegment, decision.segment_id)
        if decision.segment_id is not None
        else None
    )
    status = SidewalkPermitStatus(permit.status)
    issued_on = None
    if status in _ISSUED:
        issued_on = permit.appeal_decided_on or permit.decided_on
    return SidewalkPermitView(
        number=permit.number,
        status=status.label,
        status_value=status.value,
        city_contract=status is SidewalkPermitStatus.CITY_CONTRACT,
        applied_on=permit.applied_on,
        received_by=permit.received_by_name,
        applicant_name=applicant.name,
        applicant_address=_address(applicant),
        applicant_phone=applicant.phone,
        location=permit.location,
        street=permit.street.full_name if permit.street is not None else "",
        address_number=permit.address_number,
        side=permit.side,
        parcel_number=parcel.parcel_number if parcel is not None else "",
        parcel_owner=owner.name if owner is not None else "",
        work=SidewalkWork(permit.work).label,
        work_value=SidewalkWork(permit.work).value,
        facility=sw.facility_label("bike_lane" if permit.bike_lane else "sidewalk"),
        area="Commercial or industrial" if permit.commercial else "Residential",
        new_subdivision=permit.new_subdivision,
        length=f"{permit.length_ft} ft" if permit.length_ft is not None else "",
        width=format_length(permit.width_in) if permit.width_in is not None else "",
        width_in=permit.width_in,
        standard=_standard(permit),
        contractor=permit.contractor_name,
        work_starts_on=permit.work_starts_on,
        latest_issue_day=(
            sw.latest_issue_day(permit.work_starts_on, calendar)
            if permit.work_starts_on is not None
            else None
        ),
        cost=_cost_view(decision),
        segment=sw.segment_label(segment) if segment is not None else "",
        plan_reference=segment.plan_reference if segment is not None else "",
        repair_order=decision.repair_order,
        whole_block_applies=SidewalkWork(permit.work) in sw.WHOLE_BLOCK_WORK,
        partial_replacement_approved=permit.partial_replacement_approved,
        issued_on=issued_on,
        issued_by=_issued_by(permit),
        on_appeal=permit.appeal_filed_on is not None,
        appeal_filed_on=permit.appeal_filed_on,
        appeal_meeting_day=permit.appeal_decided_on,
        appeal_note=permit.appeal_note,
        denial_reasons=permit.denial_reasons,
        conditions=tuple(line for line in permit.conditions.splitlines() if line.strip()),
        completed_on=permit.completed_on,
        no_fee=NO_FEE,
        seven_day_rule=_seven_day_rule(permit, calendar),
        permit_cite=sw.PERMIT_CITE,
        notes=permit.notes,
    )


def specification_sections() -> list[tuple[str, str]]:
    """The standard specifications for sidewalk as the ordinance states them: (heading, text)
    for each paragraph under "Standard specifications for sidewalk", in order.

    The shipped text lost the numbers of the first eight paragraphs and keeps "(9)" to "(12)";
    the specifications are the paragraphs after the heading up to the last numbered one (the
    paragraph that follows, on repair orders, is not a specification)."""
    article = load_chapter().section(None)
    if article is None:  # pragma: no cover - the shipped chapter has the article
        return []
    sections: list[tuple[str, str]] = []
    inside = numbered = False
    for paragraph in article.paragraphs:
        if paragraph.heading == SPECIFICATIONS_HEADING:
            inside = True
            continue
        if not inside:
            continue
        if paragraph.label is None and numbered:
            break
        numbered = numbered or paragraph.label is not None
        parts = [paragraph.body] + [child.body for child in paragraph.children]
        text = " ".join(_FOOTNOTE.sub("", " ".join(parts)).split())
        sections.append((paragraph.heading or "", text))
    return sections


SPECIFICATIONS_HEADING = "Standard specifications for sidewalk"


def repair_notice_view(session: Session, order_id: int) -> RepairNoticeView:
    """Everything the notice to repair prints, read once."""
    order = sw.get_order(session, order_id)
    calendar = settings_store.calendar(session)
    kind = RepairOrderKind(order.kind)
    owner, parcel = order.owner, order.parcel
    meeting_day = None
    if order.meeting is not None:
        meeting_day = order.ordered_on
    if kind is RepairOrderKind.EMERGENCY:
        explained = "Immediately: an emergency exists, and the owner is directed to repair at once."
        days = 0
    elif kind is RepairOrderKind.MINOR:
        explained = "A minor repair is made at the Director's direction, without notice."
        days = 0
    else:
        days = sw.REPAIR_DAYS
        if order.served_on is not None:
            deadline = calendar.explain_add_days(order.served_on, days, at_city_hall=False)
            explained = " ".join(deadline.explanation)
        else:
            explained = "Within 20 days after service of this notice."
    if meeting_day is not None:
        ordered_by = f"{sw.COUNCIL}, meeting of {format_day(meeting_day)}"
    else:
        ordered_by = order.ordered_by_name
    return RepairNoticeView(
        number=order.number,
        kind=kind.label,
        kind_value=kind.value,
        status=RepairOrderStatus(order.status).label,
        owner_name=owner.name,
        owner_address=_address(owner),
        parcel_number=parcel.parcel_number,
        site_address=parcel.site_address,
        location=order.location,
        street=order.street.full_name if order.street is not None else "",
        defect=order.defect,
        work_required=order.work_required,
        caused_by_owner=order.caused_by_owner,
        ordered_on=order.ordered_on,
        ordered_by=ordered_by,
        meeting_day=meeting_day,
        whole_block_applies=kind is not RepairOrderKind.MINOR,
        whole_block=order.whole_block,
        partial_approved_by=order.partial_approved_by,
        estimated_cost=order.estimated_cost,
        served_on=order.served_on,
        served_how=order.served_how,
        served_by=order.served_by_name,
        repair_days=days,
        repair_due_on=order.repair_due_on,
        repair_due_explained=explained,
        city_may_repair_on=sw.city_may_repair_on(order),
        repaired_by_owner_on=order.repaired_by_owner_on,
        city_repaired_on=order.city_repaired_on,
        city_cost=order.city_cost,
        emergency=kind is RepairOrderKind.EMERGENCY,
        minor=kind is RepairOrderKind.MINOR,
        cite=sw.MINOR_REPAIR_CITE if kind is RepairOrderKind.MINOR else sw.REPAIR_CITE,
        whole_block_cite=sw.WHOLE_BLOCK_CITE,
        statute=sw.STATUTE,
        notes=order.notes,
    )


def _yes_no(flag: bool) -> str:
    return "Yes" if flag else "No"


def permit_rows(
    session: Session, permits: Sequence[SidewalkPermit] | None = None
) -> list[PermitRow]:
    """Register rows of ``permits`` (all permits, newest first, when None)."""
    chosen = list(permits) if permits is not None else sw.search_permits(session, limit=1_000_000)
    decisions = sw.costs_for(session, chosen)
    rows = []
    for permit in chosen:
        status = SidewalkPermitStatus(permit.status)
        decision = decisions[permit.id]
        pending = permit.cost_payer is None and decision.follows_plan
        rows.append(
            PermitRow(
                number=permit.number,
                status=status.label,
                applied_on=permit.applied_on,
                applicant=permit.applicant.name,
                location=permit.location,
                street=permit.street.full_name if permit.street is not None else "",
                address_number=permit.address_number,
                work=SidewalkWork(permit.work).label,
                facility=sw.facility_label("bike_lane" if permit.bike_lane else "sidewalk"),
                area="Commercial" if permit.commercial else "Residential",
                length_ft=permit.length_ft,
                width=format_length(permit.width_in) if permit.width_in is not None else "",
                contractor=permit.contractor_name,
                work_starts_on=permit.work_starts_on,
                cost_payer=sw.payer_short(decision.payer) + (" (plan today)" if pending else ""),
                on_master_plan=_yes_no(decision.segment_id is not None),
                repair_order=decision.repair_order,
                issued_on=(permit.appeal_decided_on or permit.decided_on)
                if status in _ISSUED
                else None,
                issued_by=_issued_by(permit),
                completed_on=permit.completed_on,
            )
        )
    return rows


def _whole_block(order: SidewalkRepairOrder) -> str:
    if RepairOrderKind(order.kind) is RepairOrderKind.MINOR:
        return "Does not apply (minor repair)"
    return "Yes" if order.whole_block else f"Partial (approved by {order.partial_approved_by})"


def order_rows(
    session: Session, orders: Sequence[SidewalkRepairOrder] | None = None
) -> list[OrderRow]:
    """Register rows of ``orders`` (all orders, newest first, when None)."""
    chosen = list(orders) if orders is not None else sw.search_orders(session, limit=1_000_000)
    return [
        OrderRow(
            number=order.number,
            kind=RepairOrderKind(order.kind).label,
            status=RepairOrderStatus(order.status).label,
            owner=order.owner.name,
            parcel_number=order.parcel.parcel_number,
            location=order.location,
            defect=order.defect,
            ordered_on=order.ordered_on,
            served_on=order.served_on,
            repair_due_on=order.repair_due_on,
            repaired_by_owner_on=order.repaired_by_owner_on,
            city_repaired_on=order.city_repaired_on,
            city_cost=order.city_cost,
            whole_block=_whole_block(order),
        )
        for order in chosen
    ]


def segment_rows(
    session: Session, segments: Sequence[MasterPlanSegment] | None = None
) -> list[SegmentRow]:
    """Rows of the master plan (every segment, retired ones included, when None)."""
    chosen = list(segments) if segments is not None else sw.segments(session, include_retired=True)
    return [
        SegmentRow(
            street=segment.street.full_name,
            side={"both": "Both", "odd": "Odd", "even": "Even"}.get(segment.side, segment.side),
            low_number=segment.low_number,
            high_number=segment.high_number,
            facility=sw.facility_label(segment.facility),
            description=segment.description,
            plan_reference=segment.plan_reference,
            active="Current" if segment.active else "Retired",
        )
        for segment in chosen
    ]


def held_meetings(session: Session, *, now: datetime) -> list[CouncilMeeting]:
    """The Council meetings held (begun, not cancelled), latest first: the ones a Council
    repair order can be recorded against."""
    return [m for m in reversed(schedule.meetings(session)) if m.starts_at <= now]


def appeal_meetings(
    session: Session, permit_id: int, *, now: datetime, zone: tzinfo | None = None
) -> list[CouncilMeeting]:
    """The meetings at which the Council may have decided the permit's appeal (held, not
    cancelled, not before the appeal was filed: ``sidewalks.appeal_meeting_refusal``), latest
    first."""
    permit = sw.get_permit(session, permit_id)
    return [
        meeting
        for meeting in reversed(schedule.meetings(session))
        if sw.appeal_meeting_refusal(meeting, permit, now=now, zone=zone) is None
    ]
