"""What the Sidewalks tab reads (the sidewalk article before § 506-6; Wis. Stat. § 66.0907): the
registers' rows of permits, repair orders and the master plan's segments, the chosen record's
details with its findings and history, and who pays as the core decided it, all frozen values
built inside one action from the records. The window shows them and never reads a record."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from clerk_desk import ledger
from clerk_desk.desk import Action
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.kinds import (
    CostPayer,
    DueStatus,
    RepairOrderKind,
    RepairOrderStatus,
    SidewalkPermitStatus,
    SidewalkWork,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_length
from clerk_desk.models import MasterPlanSegment, SidewalkPermit, SidewalkRepairOrder
from clerk_desk.money import Money
from clerk_desk.parties_views import ParcelRow
from clerk_desk.petitions.meetings import MeetingRow
from clerk_desk.sidewalks import acts
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks import views as sidewalks_views
from clerk_desk.sidewalks.acts import OrderAct, PermitAct, SegmentAct
from clerk_desk.sidewalks.service import (
    CostDecision,
    PermitData,
    SegmentData,
)
from clerk_desk.street_numbers import streets
from clerk_desk.validation import max_length
from clerk_desk.words import clock_time, format_day

PERMIT_LENGTHS: dict[str, int | None] = {
    "contractor_name": max_length(SidewalkPermit.contractor_name),
    "location": max_length(SidewalkPermit.location),
    "notes": max_length(SidewalkPermit.notes),
}
ORDER_LENGTHS: dict[str, int | None] = {
    "location": max_length(SidewalkRepairOrder.location),
    "notes": max_length(SidewalkRepairOrder.notes),
    "partial_approved_by": max_length(SidewalkRepairOrder.partial_approved_by),
}
SEGMENT_LENGTHS: dict[str, int | None] = {
    "description": max_length(MasterPlanSegment.description),
    "plan_reference": max_length(MasterPlanSegment.plan_reference),
}
"""How many characters each text field of the forms holds, read from the records as the
services check them (:func:`clerk_desk.validation.max_length`)."""


ISSUED_STATES = (
    SidewalkPermitStatus.ISSUED,
    SidewalkPermitStatus.ISSUED_ON_APPEAL,
    SidewalkPermitStatus.COMPLETED,
)


FINISHED_STATES = (
    SidewalkPermitStatus.COMPLETED,
    SidewalkPermitStatus.WITHDRAWN,
    SidewalkPermitStatus.DENIED_ON_APPEAL,
)


@dataclass(frozen=True, slots=True)
class DecisionRow:
    """Who pays, as the core decided it (:class:`sidewalks.CostDecision`), with the segment of
    the plan named; every word of it is the core's."""

    payer: CostPayer
    restoration_payer: CostPayer | None
    cite: str
    reason: str
    segment_id: int | None
    segment: str  # "Broad St N, odd side, 101-299: Sidewalk", or nothing
    findings: tuple[Finding, ...]
    fixed: bool  # fixed when the permit was issued (the plan changing since does not move it)
    follows_plan: bool  # the plan decides it: until it is fixed, it moves with the plan
    repair_order: str  # the repair order the work carries out, or ""
    summary: str  # "Paid 100% by the City of Prescott"
    cost_finding: Finding  # the review's line about it (the forms show it in a box instead)

    @classmethod
    def of(
        cls,
        decision: CostDecision,
        session: object,
        *,
        fixed: bool,
        labels: dict[int, str] | None = None,
    ) -> DecisionRow:
        """``labels`` are the plan's segments named (``sidewalks.segment_labels``), read once
        for a register; without them the one segment is looked up."""
        segment = ""
        if decision.segment_id is not None:
            if labels is not None and decision.segment_id in labels:
                segment = labels[decision.segment_id]
            else:
                segment = sidewalks.segment_label(
                    sidewalks.get_segment(session, decision.segment_id)  # type: ignore[arg-type]
                )
        return cls(
            CostPayer(decision.payer),
            CostPayer(decision.restoration_payer) if decision.restoration_payer else None,
            decision.cite,
            decision.reason,
            decision.segment_id,
            segment,
            tuple(decision.findings),
            fixed,
            decision.follows_plan,
            decision.repair_order,
            decision.summary,
            sidewalks.cost_finding(decision),
        )

    @property
    def payer_text(self) -> str:
        """ "City", "Owner", "Land divider" (the core's short words), with " (plan today)"
        while the plan decides it and it is not fixed yet: the register's column."""
        pending = " (plan today)" if self.follows_plan and not self.fixed else ""
        return sidewalks.payer_short(self.payer) + pending


@dataclass(frozen=True, slots=True)
class PermitRow:
    """A sidewalk permit (or application) as the register shows it, read inside one action."""

    id: int
    number: str
    applicant_id: int
    applicant: str
    applicant_address: str
    parcel: ParcelRow | None
    street_id: int | None
    street: str
    address_number: int | None
    location: str
    work: SidewalkWork
    bike_lane: bool
    commercial: bool
    new_subdivision: bool
    length_ft: int | None
    width_in: int | None
    contractor_name: str
    work_starts_on: date | None
    applied_at: datetime  # City Hall's time
    received_by: str
    status: SidewalkPermitStatus
    decision: DecisionRow
    decided_on: date | None
    decided_by: str
    denial_reasons: str
    conditions: str
    appeal_filed_on: date | None
    appeal_meeting: str
    appeal_decided_on: date | None
    appeal_note: str
    completed_on: date | None
    withdrawn_reason: str
    notes: str
    repair_order_id: int | None
    partial_replacement_approved: bool

    @classmethod
    def of(
        cls,
        permit: SidewalkPermit,
        action: Action,
        labels: dict[int, str] | None = None,
        decided: CostDecision | None = None,
    ) -> PermitRow:
        """``decided`` is the permit's cost decision when a register read them all at once
        (``sidewalks.costs_for``)."""
        session, zone = action.session, action.zone
        applicant = permit.applicant
        address = ", ".join(p for p in (applicant.street, applicant.city) if p)
        decision = DecisionRow.of(
            decided or sidewalks.decide_cost(session, permit),
            session,
            fixed=permit.cost_payer is not None,
            labels=labels,
        )
        meeting = permit.appeal_meeting
        return cls(
            id=permit.id,
            number=permit.number,
            applicant_id=permit.applicant_id,
            applicant=applicant.name,
            applicant_address=address,
            parcel=ParcelRow.of(permit.parcel) if permit.parcel is not None else None,
            street_id=permit.street_id,
            street=permit.street.full_name if permit.street is not None else "",
            address_number=permit.address_number,
            location=permit.location,
            work=SidewalkWork(permit.work),
            bike_lane=permit.bike_lane,
            commercial=permit.commercial,
            new_subdivision=permit.new_subdivision,
            length_ft=permit.length_ft,
            width_in=permit.width_in,
            contractor_name=permit.contractor_name,
            work_starts_on=permit.work_starts_on,
            applied_at=permit.applied_at.astimezone(zone),
            received_by=permit.received_by_name,
            status=SidewalkPermitStatus(permit.status),
            decision=decision,
            decided_on=permit.decided_on,
            decided_by=permit.decided_by_name,
            denial_reasons=permit.denial_reasons,
            conditions=permit.conditions,
            appeal_filed_on=permit.appeal_filed_on,
            appeal_meeting=(
                f"{format_day(meeting.starts_at.astimezone(zone).date())}" if meeting else ""
            ),
            appeal_decided_on=permit.appeal_decided_on,
            appeal_note=permit.appeal_note,
            completed_on=permit.completed_on,
            withdrawn_reason=permit.withdrawn_reason,
            notes=permit.notes,
            repair_order_id=permit.repair_order_id,
            partial_replacement_approved=permit.partial_replacement_approved,
        )

    @property
    def applied_on(self) -> date:
        return self.applied_at.date()

    @property
    def city_contract(self) -> bool:
        return self.status is SidewalkPermitStatus.CITY_CONTRACT

    @property
    def issued(self) -> bool:
        """A permit stands (or stood, for work completed): it prints."""
        return self.status in ISSUED_STATES and self.decided_on is not None

    @property
    def finished(self) -> bool:
        return self.status in FINISHED_STATES

    @property
    def address(self) -> str:
        """ "118 Orange St N", or the street alone, or nothing."""
        number = str(self.address_number) if self.address_number is not None else ""
        return " ".join(p for p in (number, self.street) if p)

    @property
    def where(self) -> str:
        """The address and the location, as one line for the register."""
        if self.address and self.address.lower() not in self.location.lower():
            return f"{self.address} — {self.location}" if self.location else self.address
        return self.location or self.address

    @property
    def size(self) -> str:
        """ "60 ft long, 4 ft 6 in wide", or what is known of it."""
        parts = []
        if self.length_ft:
            parts.append(f"{self.length_ft} ft long")
        if self.width_in:
            parts.append(f"{format_length(self.width_in)} wide")
        return ", ".join(parts)

    @property
    def facility(self) -> str:
        return "Bicycle lane" if self.bike_lane else "Sidewalk"

    def data(self) -> PermitData:
        """What the correction form starts from."""
        return PermitData(
            applicant_id=self.applicant_id,
            location=self.location,
            work=self.work,
            street_id=self.street_id,
            address_number=self.address_number,
            parcel_id=self.parcel.id if self.parcel else None,
            bike_lane=self.bike_lane,
            commercial=self.commercial,
            new_subdivision=self.new_subdivision,
            length_ft=self.length_ft,
            width_in=self.width_in,
            contractor_name=self.contractor_name,
            work_starts_on=self.work_starts_on,
            notes=self.notes,
            repair_order_id=self.repair_order_id,
        )


@dataclass(frozen=True, slots=True)
class PermitDetails:
    """Everything the tab shows of the permit chosen, read in one action."""

    row: PermitRow
    findings: tuple[Finding, ...]
    history: tuple[HistoryEntry, ...]
    earliest_start: date  # for a permit issued today
    acts: dict[PermitAct, str | None]  # each act's refusal now, or None (read in the same action)


def search_permit_rows(
    action: Action,
    text: str = "",
    *,
    status: SidewalkPermitStatus | None = None,
    year: int | None = None,
) -> list[PermitRow]:
    """The register's rows: the permits found, their cost decisions read with the plan once
    (``sidewalks.costs_for``), the segments named from one read of the plan."""
    session = action.session
    found = sidewalks.search_permits(session, text, status=status, year=year)
    decided = sidewalks.costs_for(session, found)
    labels = sidewalks.segment_labels(session) if found else {}
    return [PermitRow.of(p, action, labels, decided[p.id]) for p in found]


def permit_row(action: Action, permit_id: int) -> PermitRow:
    return PermitRow.of(sidewalks.get_permit(action.session, permit_id), action)


def permit_details(action: Action, permit_id: int) -> PermitDetails:
    session, today = action.session, action.today()
    permit = sidewalks.get_permit(session, permit_id)
    decision = sidewalks.decide_cost(session, permit)
    row = PermitRow.of(permit, action, decided=decision)
    findings: list[Finding] = []
    if row.status is SidewalkPermitStatus.APPLIED:
        findings = sidewalks.permit_findings(
            session, permit, today=today, calendar=action.calendar, decision=decision
        )
    return PermitDetails(
        row,
        tuple(findings),
        tuple(sidewalks.history(session, permit_id, zone=action.zone)),
        sidewalks.earliest_start(today, action.calendar),
        acts.said(action, acts.PERMIT_RULES, permit),
    )


@dataclass(frozen=True, slots=True)
class DueRow:
    """The special charge of a City repair, as the order's page shows it."""

    description: str
    amount: Money
    paid: Money
    status: DueStatus
    cite: str


@dataclass(frozen=True, slots=True)
class OrderRow:
    """A repair order as the register shows it, read inside one action."""

    id: int
    number: str
    kind: RepairOrderKind
    parcel_id: int
    parcel_number: str
    site_address: str
    owner_id: int
    owner: str
    owner_address: str
    street_id: int | None
    street: str
    location: str
    defect: str
    work_required: str
    caused_by_owner: bool
    meeting_id: int | None
    meeting: str
    ordered_on: date
    ordered_by: str
    whole_block: bool
    partial_approved_by: str
    estimated_cost: Money | None
    served_on: date | None
    served_how: str
    served_by: str
    repair_due_on: date | None
    city_may_repair_on: date | None
    repaired_by_owner_on: date | None
    city_repaired_on: date | None
    city_cost: Money | None
    status: RepairOrderStatus
    cancel_reason: str
    notes: str
    overdue: bool  # the owner's days have run without a repair: the City may act

    @classmethod
    def of(cls, order: SidewalkRepairOrder, action: Action) -> OrderRow:
        zone, today = action.zone, action.today()
        owner = order.owner
        status = RepairOrderStatus(order.status)
        may_repair = sidewalks.city_may_repair_on(order)
        meeting = order.meeting
        return cls(
            id=order.id,
            number=order.number,
            kind=RepairOrderKind(order.kind),
            parcel_id=order.parcel_id,
            parcel_number=order.parcel.parcel_number,
            site_address=order.parcel.site_address,
            owner_id=order.owner_id,
            owner=owner.name,
            owner_address=", ".join(p for p in (owner.street, owner.city) if p),
            street_id=order.street_id,
            street=order.street.full_name if order.street is not None else "",
            location=order.location,
            defect=order.defect,
            work_required=order.work_required,
            caused_by_owner=order.caused_by_owner,
            meeting_id=order.meeting_id,
            meeting=(
                f"{format_day(meeting.starts_at.astimezone(zone).date())}, "
                f"{clock_time(meeting.starts_at.astimezone(zone))}"
                if meeting is not None
                else ""
            ),
            ordered_on=order.ordered_on,
            ordered_by=order.ordered_by_name,
            whole_block=order.whole_block,
            partial_approved_by=order.partial_approved_by,
            estimated_cost=order.estimated_cost,
            served_on=order.served_on,
            served_how=order.served_how,
            served_by=order.served_by_name,
            repair_due_on=order.repair_due_on,
            city_may_repair_on=may_repair,
            repaired_by_owner_on=order.repaired_by_owner_on,
            city_repaired_on=order.city_repaired_on,
            city_cost=order.city_cost,
            status=status,
            cancel_reason=order.cancel_reason,
            notes=order.notes,
            overdue=sidewalks.owner_days_over(order, today),
        )

    @property
    def open(self) -> bool:
        return self.status in (RepairOrderStatus.ORDERED, RepairOrderStatus.SERVED)

    @property
    def needs_notice(self) -> bool:
        """A minor repair is made without notice; the others are served on the owner."""
        return self.kind is not RepairOrderKind.MINOR

    @property
    def parcel_text(self) -> str:
        return " · ".join(p for p in (self.parcel_number, self.site_address) if p)


@dataclass(frozen=True, slots=True)
class OrderDetails:
    row: OrderRow
    findings: tuple[Finding, ...]
    charges: tuple[DueRow, ...]
    history: tuple[HistoryEntry, ...]
    acts: dict[OrderAct, str | None]


def search_order_rows(
    action: Action,
    text: str = "",
    *,
    status: RepairOrderStatus | None = None,
    year: int | None = None,
) -> list[OrderRow]:
    return [
        OrderRow.of(o, action)
        for o in sidewalks.search_orders(action.session, text, status=status, year=year)
    ]


def order_details(action: Action, order_id: int) -> OrderDetails:
    session = action.session
    order = sidewalks.get_order(session, order_id)
    charges = tuple(
        DueRow(d.description, d.amount, d.paid, DueStatus(d.status), d.cite)
        for d in ledger.dues_for(session, RecordRef(sidewalks.ORDER_RECORD_TYPE, str(order_id)))
    )
    return OrderDetails(
        OrderRow.of(order, action),
        tuple(sidewalks.order_findings(order, today=action.today())),
        charges,
        tuple(sidewalks.order_history(session, order_id, zone=action.zone)),
        acts.said(action, acts.ORDER_RULES, order),
    )


@dataclass(frozen=True, slots=True)
class SegmentRow:
    """A segment of the Sidewalk Master Plan, as its list shows it."""

    id: int
    street_id: int
    street: str
    side: str
    low_number: int | None
    high_number: int | None
    facility: str
    description: str
    plan_reference: str
    active: bool
    label: str

    @classmethod
    def of(cls, segment: MasterPlanSegment) -> SegmentRow:
        return cls(
            segment.id,
            segment.street_id,
            segment.street.full_name,
            segment.side,
            segment.low_number,
            segment.high_number,
            segment.facility,
            segment.description,
            segment.plan_reference,
            segment.active,
            sidewalks.segment_label(segment),
        )

    @property
    def numbers(self) -> str:
        """ "101-299", "from 400", "up to 198", "whole length": the core's words, as the
        segment's label says them."""
        return sidewalks.range_text(self.low_number, self.high_number)

    def data(self) -> SegmentData:
        return SegmentData(
            self.street_id,
            self.side,
            self.low_number,
            self.high_number,
            self.facility,
            self.description,
            self.plan_reference,
        )


def segment_rows(action: Action, *, include_retired: bool = False) -> list[SegmentRow]:
    return [
        SegmentRow.of(s)
        for s in sidewalks.segments(action.session, include_retired=include_retired)
    ]


def street_choices(action: Action) -> list[tuple[int, str]]:
    return [(s.id, s.full_name) for s in streets.streets(action.session)]


# ---- what a form asks the core while the clerk types ------------------------------------------


def repair_order_choices(
    action: Action, parcel_id: int | None, keep: int | None
) -> list[tuple[int, str]]:
    """The parcel's repair orders still to be carried out (``sidewalks.open_orders_for``), and
    the one an application names (``keep``) even if closed since: what the permit form's list
    of orders offers, as (id, "SWR-2026-001 — Council order, front walk")."""
    session = action.session
    orders = sidewalks.open_orders_for(session, parcel_id) if parcel_id is not None else []
    if keep is not None and all(o.id != keep for o in orders):
        orders.append(sidewalks.get_order(session, keep))
    return [(o.id, f"{o.number} — {RepairOrderKind(o.kind).label}, {o.location}") for o in orders]


def cost_preview(
    action: Action,
    *,
    work: SidewalkWork,
    street_id: int | None,
    number: int | None,
    bike_lane: bool,
    new_subdivision: bool,
    repair_order_id: int | None = None,
) -> DecisionRow:
    """Who would pay for ``work`` at a street number as the current plan reads today
    (``sidewalks.cost_for``): the permit form's cost box and the plan's look-up."""
    decision = sidewalks.cost_for(
        action.session,
        work=SidewalkWork(work),
        street_id=street_id,
        number=number,
        bike_lane=bike_lane,
        new_subdivision=new_subdivision,
        repair_order_id=repair_order_id,
    )
    return DecisionRow.of(decision, action.session, fixed=False)


@dataclass(frozen=True, slots=True)
class IssueReview:
    """What the Issue form shows before the Director issues: the review's findings, who pays,
    and the first day work may start under a permit issued today."""

    findings: tuple[Finding, ...]
    decision: DecisionRow
    earliest_start: date


def issue_review(action: Action, permit_id: int) -> IssueReview:
    permit = sidewalks.get_permit(action.session, permit_id)
    decision = DecisionRow.of(
        sidewalks.decide_cost(action.session, permit), action.session, fixed=False
    )
    earliest = sidewalks.earliest_start(action.today(), action.calendar)
    return IssueReview(tuple(sidewalks.review(action, permit_id)), decision, earliest)


def appeal_meeting_choices(action: Action, permit_id: int) -> list[tuple[int, str]]:
    """The meetings at which the Council may have decided the permit's appeal (held, not
    cancelled, not before the appeal was filed: ``sidewalks_views.appeal_meetings``), oldest
    first, as (id, "Regular meeting, Mon Dec 14, 2026, 6:00 p.m.")."""
    zone, now = action.zone, action.now()
    found = sidewalks_views.appeal_meetings(action.session, permit_id, now=now, zone=zone)
    return [(m.id, MeetingRow.of(m, zone, 0, now).label) for m in reversed(found)]


def completion_warnings(action: Action, permit_id: int, on: date) -> list[Finding]:
    """What recording the work completed on ``on`` calls for (``sidewalks.completion_findings``)."""
    permit = sidewalks.get_permit(action.session, permit_id)
    return sidewalks.completion_findings(permit, on, action.calendar)


def publication_note(action: Action, order_id: int) -> str:
    """The service form's note on a copy mailed with service by publication
    (``sidewalks.publication_mailing``), or ""."""
    return sidewalks.publication_mailing(sidewalks.get_order(action.session, order_id))


@dataclass(frozen=True, slots=True)
class OrderTaken:
    """A repair order just recorded, as the tab announces it."""

    number: str
    needs_notice: bool  # a minor repair is made without notice


def order_taken(action: Action, order_id: int) -> OrderTaken:
    order = sidewalks.get_order(action.session, order_id)
    return OrderTaken(order.number, RepairOrderKind(order.kind) is not RepairOrderKind.MINOR)


def permit_taken(action: Action, permit_id: int, what: str) -> str:
    """ "Sidewalk permit SW-2026-001 taken: no fee. Paid 100% by the City of Prescott." """
    permit = sidewalks.get_permit(action.session, permit_id)
    decision = sidewalks.decide_cost(action.session, permit)
    return f"Sidewalk permit {permit.number} {what}: no fee. {decision.summary}."


def permit_years(action: Action) -> list[int]:
    return sidewalks.permit_years(action.session)


def order_years(action: Action) -> list[int]:
    return sidewalks.order_years(action.session)


# ---- the acts the tab offers now ---------------------------------------------------------------


def permit_acts(action: Action, permit_id: int) -> dict[PermitAct, str | None]:
    """For each act on the permit, None when the operator may do it now, else the refusal the
    service would raise (:mod:`clerk_desk.sidewalks.acts`)."""
    return acts.said(action, acts.PERMIT_RULES, sidewalks.get_permit(action.session, permit_id))


def order_acts(action: Action, order_id: int) -> dict[OrderAct, str | None]:
    return acts.said(action, acts.ORDER_RULES, sidewalks.get_order(action.session, order_id))


def segment_acts(action: Action, segment_id: int) -> dict[SegmentAct, str | None]:
    return acts.said(action, acts.SEGMENT_RULES, sidewalks.get_segment(action.session, segment_id))
