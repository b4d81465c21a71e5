"""Sidewalk permits (Sidewalk article (Sidewalk permit required)): the application, work under
contract with the City, the review, issue or denial by the Director of Public Works, the appeal
to the Common Council, completion and withdrawal."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from functools import partial

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk.clock import city_zone
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound, Refusals
from clerk_desk.findings import Finding, blocking
from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import (
    CostPayer,
    RepairOrderKind,
    RepairOrderStatus,
    SidewalkPermitStatus,
    SidewalkWork,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_length
from clerk_desk.models import (
    CouncilMeeting,
    MasterPlanSegment,
    Parcel,
    SidewalkPermit,
    SidewalkRepairOrder,
    Street,
)
from clerk_desk.numbering import take_number
from clerk_desk.parties import get_party
from clerk_desk.sidewalks.acts import PermitAct, RegisterAct, allow, allow_new
from clerk_desk.sidewalks.costs import decide_cost, order_number_of
from clerk_desk.sidewalks.rules import (
    CONTRACT_SERIES,
    COST_CITE,
    MAX_LENGTH_FT,
    MAX_STREET_NUMBER,
    MAX_WIDTH_IN,
    NEW_SUBDIVISION_CITE,
    OPEN_ORDERS,
    ORDER_WORK,
    PERMIT_CITE,
    PERMIT_SERIES,
    RECORD_TYPE,
    REPAIR_CITE,
    REPAIR_ORDER_CITE,
    SEARCH_LIMIT,
    WHOLE_BLOCK_CITE,
    WHOLE_BLOCK_WORK,
    CostDecision,
    cost_finding,
    earliest_start,
    lead_findings,
    side_of,
    width_findings,
)
from clerk_desk.text_search import fold, words_match
from clerk_desk.validation import fits
from clerk_desk.words import format_day


@dataclass(frozen=True, slots=True)
class PermitData:
    """What the sidewalk permit application form holds. Widths in whole inches (lengths.py).

    ``repair_order_id`` names the repair order (Wis. Stat. § 66.0907) the work carries out: the
    owner ordered to repair or remove and replace the sidewalk pays for it, plan or no plan."""

    applicant_id: int
    location: str
    work: SidewalkWork
    street_id: int | None = None
    address_number: int | None = None
    parcel_id: int | None = None
    bike_lane: bool = False
    commercial: bool = False
    new_subdivision: bool = False
    length_ft: int | None = None
    width_in: int | None = None
    contractor_name: str = ""
    work_starts_on: date | None = None
    notes: str = ""
    repair_order_id: int | None = None


def _work(data: PermitData) -> SidewalkWork:
    try:
        return SidewalkWork(data.work)
    except ValueError:
        raise InvalidInput("Choose the kind of work.", field="work") from None


def _order_parcel(session: Session, data: PermitData, work: SidewalkWork | None) -> int | None:
    """The parcel of the permit: the one chosen, else the repair order's; refused when the
    order is for another parcel or is not carried out by the work chosen (when it was read)."""
    if data.repair_order_id is None:
        return data.parcel_id
    order = session.get(SidewalkRepairOrder, data.repair_order_id)
    if order is None:
        raise NotFound(f"There is no sidewalk repair order number {data.repair_order_id}.")
    if data.parcel_id is not None and data.parcel_id != order.parcel_id:
        raise InvalidInput(
            f"Repair order {order.number} is for another parcel: choose its parcel, or "
            "no repair order.",
            field="repair_order_id",
        )
    if work is not None and work not in ORDER_WORK:
        raise InvalidInput(
            f"Repair order {order.number} is carried out by repairing, or removing and "
            f"replacing, the sidewalk: not by a {work.label.lower()}.",
            field="repair_order_id",
            cite=REPAIR_ORDER_CITE,
        )
    return data.parcel_id if data.parcel_id is not None else order.parcel_id


def _refuse_numbers(data: PermitData) -> None:
    """The street number and the sizes, every refusal at once (issue 19)."""
    found = Refusals()
    if data.address_number is not None:
        if data.street_id is None:
            found.refuse(InvalidInput("Choose the street the number is on.", field="street_id"))
        if not 0 < data.address_number <= MAX_STREET_NUMBER:
            found.refuse(
                InvalidInput(
                    f"A street number is a whole number from 1 to {MAX_STREET_NUMBER:,}.",
                    field="address_number",
                )
            )
    if data.length_ft is not None and not 0 < data.length_ft <= MAX_LENGTH_FT:
        found.refuse(
            InvalidInput(
                f"The length is whole feet from 1 to {MAX_LENGTH_FT:,}.", field="length_ft"
            )
        )
    if data.width_in is not None and not 0 < data.width_in <= MAX_WIDTH_IN:
        found.refuse(
            InvalidInput(
                f"The width is from 1 inch to {format_length(MAX_WIDTH_IN)}.", field="width_in"
            )
        )
    found.raise_any()


def _clean_permit(session: Session, data: PermitData) -> dict[str, object]:
    get_party(session, data.applicant_id)
    if data.street_id is not None and session.get(Street, data.street_id) is None:
        raise NotFound(f"There is no street number {data.street_id}.")
    if data.parcel_id is not None and session.get(Parcel, data.parcel_id) is None:
        raise NotFound(f"There is no parcel number {data.parcel_id}.")
    found = Refusals()  # every refusal of the permit's form at once (issue 19)
    location = " ".join(data.location.split())
    if not location:
        found.refuse(
            InvalidInput(
                "Enter where the work is (e.g. in front of 214 Orange St).", field="location"
            )
        )
    found.check(partial(fits, SidewalkPermit.location, location, "The location"))
    work = found.check(partial(_work, data))
    parcel_id = found.check(partial(_order_parcel, session, data, work))
    found.check(partial(_refuse_numbers, data))
    contractor = found.check(
        partial(
            fits,
            SidewalkPermit.contractor_name,
            " ".join(data.contractor_name.split()),
            "The contractor's name",
        )
    )
    found.raise_any()
    return {
        "applicant_id": data.applicant_id,
        "location": location,
        "work": work,
        "street_id": data.street_id,
        "address_number": data.address_number,
        "side": side_of(data.address_number) if data.address_number is not None else "",
        "parcel_id": parcel_id,
        "repair_order_id": data.repair_order_id,
        "bike_lane": bool(data.bike_lane),
        "commercial": bool(data.commercial),
        "new_subdivision": bool(data.new_subdivision),
        "length_ft": data.length_ft,
        "width_in": data.width_in,
        "contractor_name": contractor,
        "work_starts_on": data.work_starts_on,
        "notes": data.notes.strip(),
    }


def _permit_search_text(session: Session, permit: SidewalkPermit) -> str:
    street = session.get(Street, permit.street_id) if permit.street_id else None
    parcel = session.get(Parcel, permit.parcel_id) if permit.parcel_id else None
    words = [
        permit.number,
        get_party(session, permit.applicant_id).name,
        permit.location,
        street.full_name if street else "",
        str(permit.address_number or ""),
        permit.contractor_name,
        parcel.parcel_number if parcel else "",
        parcel.site_address if parcel else "",
        order_number_of(session, permit.repair_order_id),
    ]
    return fold(" ".join(w for w in words if w))


def _refuse_closed_order(session: Session, order_id: int | None) -> None:
    """A permit names a repair order still to be carried out (ordered or served)."""
    order = session.get(SidewalkRepairOrder, order_id) if order_id is not None else None
    if order is not None and RepairOrderStatus(order.status) not in OPEN_ORDERS:
        raise Conflict(
            f"Repair order {order.number} is "
            f"{RepairOrderStatus(order.status).label.lower()}: a permit names an order still to "
            "be carried out."
        )


def _save_permit(action: Action, data: PermitData, status: SidewalkPermitStatus) -> SidewalkPermit:
    contract = status is SidewalkPermitStatus.CITY_CONTRACT
    allow_new(action, RegisterAct.CITY_CONTRACT if contract else RegisterAct.NEW_PERMIT)
    session = action.session
    values = _clean_permit(session, data)
    _refuse_closed_order(session, data.repair_order_id)
    year = action.today().year
    contract = status is SidewalkPermitStatus.CITY_CONTRACT
    sequence = take_number(action, CONTRACT_SERIES if contract else PERMIT_SERIES, year=year)
    permit = SidewalkPermit(
        **values,
        number=f"{'SWC' if contract else 'SW'}-{year}-{sequence:03d}",
        year=year,
        sequence=sequence,
        status=status,
        applied_at=action.now(),
        applied_on=action.today(),
        received_by_name=action.operator.full_name,
        created_at=action.now(),
    )
    session.add(permit)
    session.flush()
    permit.search_text = _permit_search_text(session, permit)
    return permit


def receive_application(action: Action, data: PermitData) -> int:
    """Take an application for a sidewalk permit. No fee is charged for sidewalk permits
    (Sidewalk permit required): nothing is billed."""
    permit = _save_permit(action, data, SidewalkPermitStatus.APPLIED)
    applicant = get_party(action.session, permit.applicant_id)
    ordered = order_number_of(action.session, permit.repair_order_id)
    action.audit(
        "sidewalk.apply",
        permit,
        f"Sidewalk permit {permit.number} applied for by {applicant.name} "
        f"({SidewalkWork(permit.work).label.lower()}, {permit.location}"
        + (f", carrying out repair order {ordered}" if ordered else "")
        + "); no fee is charged",
        after=snapshot(permit),
    )
    return permit.id


def _fix_cost(session: Session, permit: SidewalkPermit) -> CostDecision:
    """Fix who pays as the plan reads now, so a later change of the plan leaves it as it was."""
    permit.cost_payer = None  # read the current plan, not a decision fixed before
    permit.master_plan_segment_id = None
    decision = decide_cost(session, permit)
    permit.cost_payer = decision.payer
    permit.master_plan_segment_id = decision.segment_id
    return decision


def record_city_contract(action: Action, data: PermitData) -> int:
    """Record sidewalk work done under contract with the City: no permit is required (Sidewalk
    permit required), and the Council bids and awards it (Standards). Kept so the sidewalk's
    history is whole, numbered in its own series (SWC-2026-001: it is no permit); who pays is
    fixed now, as the plan reads today (:func:`cost_for`, as the form shows it)."""
    permit = _save_permit(action, data, SidewalkPermitStatus.CITY_CONTRACT)
    decision = _fix_cost(action.session, permit)
    action.audit(
        "sidewalk.city_contract",
        permit,
        f"City contract work {permit.number} recorded (no permit required); "
        f"{decision.summary.lower()}",
        after=snapshot(permit),
    )
    return permit.id


_COST_FIELDS = (
    "work",
    "street_id",
    "address_number",
    "bike_lane",
    "new_subdivision",
    "repair_order_id",
)
"""What a City contract record's payer was fixed from: only a correction of one of these reads
the plan again (a correction of the contractor's name leaves who pays as it was)."""


def correct_application(action: Action, permit_id: int, data: PermitData) -> int:
    """Correct an application not yet decided (or a City contract record not completed). A City
    contract record's payer is read again from today's plan only when the work, the street, the
    number, the facility, the subdivision or the repair order changes."""
    session = action.session
    permit = get_permit(session, permit_id, for_update=True)
    allow(action, PermitAct.CORRECT, permit)
    status = SidewalkPermitStatus(permit.status)
    values = _clean_permit(session, data)
    if values["repair_order_id"] != permit.repair_order_id:
        _refuse_closed_order(session, data.repair_order_id)
    recost = any(values[key] != getattr(permit, key) for key in _COST_FIELDS)
    before = snapshot(permit)
    for key, value in values.items():
        setattr(permit, key, value)
    if status is SidewalkPermitStatus.CITY_CONTRACT and recost:
        _fix_cost(session, permit)
    session.flush()
    permit.search_text = _permit_search_text(session, permit)
    action.audit(
        "sidewalk.correct",
        permit,
        f"Sidewalk permit {permit.number} corrected",
        before=before,
        after=snapshot(permit),
    )
    return permit.id


def open_orders_for(session: Session, parcel_id: int) -> list[SidewalkRepairOrder]:
    """The repair orders against a parcel still to be carried out (ordered or served), oldest
    first: the ones a permit for work on its sidewalk may carry out."""
    return list(
        session.scalars(
            select(SidewalkRepairOrder)
            .where(
                SidewalkRepairOrder.parcel_id == parcel_id,
                SidewalkRepairOrder.status.in_(OPEN_ORDERS),
            )
            .order_by(SidewalkRepairOrder.ordered_on, SidewalkRepairOrder.id)
        )
    )


def _order_findings_of_permit(session: Session, permit: SidewalkPermit) -> list[Finding]:
    """What the parcel's repair orders say about the permit: an open order the application does
    not name (is this the ordered work? then the owner pays), or the order it names closed."""
    found: list[Finding] = []
    if permit.repair_order_id is not None:
        order = session.get(SidewalkRepairOrder, permit.repair_order_id)
        if order is not None and RepairOrderStatus(order.status) not in OPEN_ORDERS:
            found.append(
                Finding(
                    "warn",
                    REPAIR_CITE,
                    f"Repair order {order.number} is "
                    f"{RepairOrderStatus(order.status).label.lower()}: check that this work "
                    "still carries it out.",
                )
            )
        return found
    if permit.parcel_id is None:
        return found
    for order in open_orders_for(session, permit.parcel_id):
        found.append(
            Finding(
                "warn",
                REPAIR_CITE,
                f"Repair order {order.number} against this parcel "
                f"({RepairOrderKind(order.kind).label}, {order.location}) is open: if this "
                "work carries it out, name the order on the application — the owner pays for "
                "work the Council ordered, whatever the plan shows.",
            )
        )
    return found


def permit_findings(
    session: Session,
    permit: SidewalkPermit,
    *,
    today: date,
    calendar: CityCalendar,
    decision: CostDecision | None = None,
) -> list[Finding]:
    """Everything the article says about issuing ``permit`` today, each cited: the seven days,
    the address the plan is read at, the width, who pays (:func:`cost_finding`), the parcel's
    repair orders, whole-block repairs. ``decision`` is :func:`decide_cost`'s, when read
    already."""
    # The review reads the article paragraph by paragraph, in the order the Director reads
    # them: one step per paragraph, in that order.
    status = SidewalkPermitStatus(permit.status)
    work = SidewalkWork(permit.work)
    return [
        *_permit_needed(permit, status, today, calendar),
        *_address_findings(session, permit, status, work),
        *width_findings(
            work, bike_lane=permit.bike_lane, commercial=permit.commercial, width_in=permit.width_in
        ),
        *_who_pays(session, permit, decision or decide_cost(session, permit)),
        *_whole_block_findings(permit, work),
        *_new_subdivision_findings(permit, work),
    ]


def _permit_needed(
    permit: SidewalkPermit, status: SidewalkPermitStatus, today: date, calendar: CityCalendar
) -> list[Finding]:
    """City contract work needs no permit; an application asks seven days ahead."""
    if status is SidewalkPermitStatus.CITY_CONTRACT:
        return [
            Finding(
                "info",
                PERMIT_CITE,
                "Work under contract with the City: no permit is required.",
            )
        ]
    if status is SidewalkPermitStatus.APPLIED:
        return lead_findings(permit.work_starts_on, today, calendar)
    return []


def _address_findings(
    session: Session, permit: SidewalkPermit, status: SidewalkPermitStatus, work: SidewalkWork
) -> list[Finding]:
    """The street and number the Master Plan is read at (Cost of sidewalks)."""
    found: list[Finding] = []
    located = permit.street_id is not None and permit.address_number is not None
    plan_free = (
        permit.new_subdivision and work is SidewalkWork.CONSTRUCT
    ) or permit.repair_order_id is not None
    if not located and not plan_free:
        found.append(
            Finding(
                "block" if status is SidewalkPermitStatus.APPLIED else "warn",
                COST_CITE,
                "Give the street and the street number the sidewalk is in front of: who pays "
                "depends on whether the current Sidewalk Master Plan shows it there.",
            )
        )
    street = session.get(Street, permit.street_id) if permit.street_id is not None else None
    number = permit.address_number
    if (
        street is not None
        and number is not None
        and not street.range_low <= number <= street.range_high
    ):
        found.append(
            Finding(
                "warn",
                COST_CITE,
                f"{number} is outside {street.full_name}'s numbers "
                f"({street.range_low}-{street.range_high}): check the address.",
            )
        )
    return found


def _who_pays(session: Session, permit: SidewalkPermit, decision: CostDecision) -> list[Finding]:
    """Who pays, the parcel's open repair orders, and the parcel an owner's bill needs."""
    found = [cost_finding(decision), *decision.findings]
    found += _order_findings_of_permit(session, permit)
    owner_pays = CostPayer.OWNER in (decision.payer, decision.restoration_payer)
    if owner_pays and permit.parcel_id is None:
        found.append(
            Finding(
                "warn",
                COST_CITE,
                "The adjacent property owner pays, and no parcel is named: choose the parcel.",
            )
        )
    return found


def _whole_block_findings(permit: SidewalkPermit, work: SidewalkWork) -> list[Finding]:
    """A repair is of the entire block unless the Director approves a partial replacement."""
    if work not in WHOLE_BLOCK_WORK:
        return []
    return [
        Finding(
            "info",
            WHOLE_BLOCK_CITE,
            "Partial replacement approved by the Director of Public Works."
            if permit.partial_replacement_approved
            else "When a sidewalk is repaired the entire block is repaired at one time, "
            "unless the Director of Public Works approves a partial replacement (tick it "
            "when issuing the permit).",
        )
    ]


def _new_subdivision_findings(permit: SidewalkPermit, work: SidewalkWork) -> list[Finding]:
    """A new subdivision's sidewalks are set by its approval under Chapter 510."""
    if not (permit.new_subdivision and work is SidewalkWork.CONSTRUCT):
        return []
    return [
        Finding(
            "info",
            NEW_SUBDIVISION_CITE,
            "The land divider's sidewalks are set by the subdivision approval under "
            "Chapter 510; check the development agreement.",
        )
    ]


def review(action: Action, permit_id: int) -> list[Finding]:
    """:func:`permit_findings` for today: a "block" stops :func:`issue`."""
    permit = get_permit(action.session, permit_id)
    return permit_findings(action.session, permit, today=action.today(), calendar=action.calendar)


def _lines(text: str) -> str:
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def issue(
    action: Action,
    permit_id: int,
    *,
    conditions: str = "",
    partial_replacement: bool = False,
) -> int:
    """Issue the permit (the Director of Public Works or his designee): who pays and the plan
    segment are fixed now, so a later change of the plan leaves the permit as it was.
    ``partial_replacement`` is the Director's approval of a partial replacement of the block
    (Whole block repair), for the work that rule covers (:data:`WHOLE_BLOCK_WORK`)."""
    session = action.session
    permit = get_permit(session, permit_id, for_update=True)
    allow(action, PermitAct.ISSUE, permit)
    work = SidewalkWork(permit.work)
    if partial_replacement and work not in WHOLE_BLOCK_WORK:
        raise InvalidInput(
            f"A partial replacement is approved for a repair or a replacement of the block, "
            f"not a {work.label.lower()}.",
            field="partial_replacement",
            cite=WHOLE_BLOCK_CITE,
        )
    stop = blocking(review(action, permit_id))
    if stop:
        raise InvalidInput(stop[0].text, field="decision", cite=stop[0].cite)
    before = snapshot(permit)
    decision = _fix_cost(session, permit)
    permit.status = SidewalkPermitStatus.ISSUED
    permit.decided_on, permit.decided_by_name = action.today(), action.operator.full_name
    permit.conditions = _lines(conditions)
    permit.partial_replacement_approved = bool(partial_replacement)
    partial = "; partial replacement approved" if partial_replacement else ""
    action.audit(
        "sidewalk.issue",
        permit,
        f"Sidewalk permit {permit.number} issued (no fee); {decision.summary.lower()}{partial}",
        before=before,
        after=snapshot(permit),
    )
    return permit.id


def deny(action: Action, permit_id: int, *, reasons: str) -> int:
    """Deny the permit, with reasons; the applicant may appeal to the Common Council."""
    permit = get_permit(action.session, permit_id, for_update=True)
    allow(action, PermitAct.DENY, permit)
    why = _lines(reasons)
    if not why:
        raise InvalidInput("State why the permit is denied.", field="reasons", cite=PERMIT_CITE)
    before = snapshot(permit)
    permit.status = SidewalkPermitStatus.DENIED
    permit.decided_on, permit.decided_by_name = action.today(), action.operator.full_name
    permit.denial_reasons = why
    action.audit(
        "sidewalk.deny",
        permit,
        f"Sidewalk permit {permit.number} denied; it may be appealed to the Common Council",
        before=before,
        after=snapshot(permit),
    )
    return permit.id


def file_appeal(action: Action, permit_id: int, *, filed_on: date) -> int:
    """Record an appeal of a denial to the Common Council. The ordinance sets no time limit for
    it ("Denial of such permits may be appealed to the Common Council"): any day after the
    denial is accepted, and the day is recorded."""
    permit = get_permit(action.session, permit_id, for_update=True)
    allow(action, PermitAct.APPEAL, permit)
    denied_on = permit.decided_on or permit.applied_on
    if filed_on > action.today():
        raise InvalidInput("The appeal cannot be filed later than today.", field="filed_on")
    if filed_on < denied_on:
        raise InvalidInput(
            f"The appeal cannot come before the denial ({format_day(denied_on)}).",
            field="filed_on",
        )
    before = snapshot(permit)
    permit.status = SidewalkPermitStatus.APPEALED
    permit.appeal_filed_on = filed_on
    action.audit(
        "sidewalk.appeal",
        permit,
        f"Appeal of the denial of {permit.number} to the Common Council filed "
        f"{format_day(filed_on)} (the ordinance sets no time limit)",
        before=before,
        after=snapshot(permit),
    )
    return permit.id


def appeal_meeting_refusal(
    meeting: CouncilMeeting, permit: SidewalkPermit, *, now: datetime, zone: tzinfo | None = None
) -> str | None:
    """Why the Council cannot have decided the appeal at ``meeting`` (cancelled, not held yet,
    held before the appeal was filed), or None when it can."""
    held_on = meeting.starts_at.astimezone(zone or city_zone()).date()
    if meeting.cancelled_on is not None:
        return f"The meeting of {format_day(held_on)} was cancelled."
    if meeting.starts_at > now:
        return f"The meeting of {format_day(held_on)} has not taken place yet."
    if permit.appeal_filed_on is not None and held_on < permit.appeal_filed_on:
        return (
            f"The meeting of {format_day(held_on)} was before the appeal was filed "
            f"({format_day(permit.appeal_filed_on)})."
        )
    return None


def record_appeal_decision(
    action: Action, permit_id: int, *, meeting_id: int, granted: bool, note: str = ""
) -> int:
    """Record the Council's decision on the appeal at a meeting it held: granted, the permit
    issues (ISSUED_ON_APPEAL) with who pays fixed as the plan reads that day; refused,
    DENIED_ON_APPEAL. The Council's grant is the permit, obtained the day of the meeting: one
    granted for work that would start fewer than seven days after it carries the condition that
    the work starts no earlier than the seventh day."""
    session = action.session
    permit = get_permit(session, permit_id, for_update=True)
    allow(action, PermitAct.COUNCIL_DECISION, permit)
    meeting = session.get(CouncilMeeting, meeting_id)
    if meeting is None:
        raise InvalidInput("Choose a meeting of the Council that was held.", field="meeting")
    zone = action.clock.local_now().tzinfo
    refused = appeal_meeting_refusal(meeting, permit, now=action.now(), zone=zone)
    if refused is not None:
        raise InvalidInput(refused, field="meeting")
    held_on = meeting.starts_at.astimezone(zone).date()
    before = snapshot(permit)
    permit.appeal_meeting_id, permit.appeal_decided_on = meeting.id, held_on
    permit.appeal_note = note.strip()
    if granted:
        decision = _fix_cost(session, permit)
        permit.status = SidewalkPermitStatus.ISSUED_ON_APPEAL
        earliest = earliest_start(held_on, action.calendar)
        if permit.work_starts_on is None or permit.work_starts_on < earliest:
            permit.conditions = (
                f"Work may start {format_day(earliest)} at the earliest, seven days after this "
                "permit."
            )
        outcome = f"granted; {decision.summary.lower()}"
    else:
        permit.status = SidewalkPermitStatus.DENIED_ON_APPEAL
        outcome = "refused"
    action.audit(
        "sidewalk.appeal_decision",
        permit,
        f"Common Council {outcome} the appeal of {permit.number} on {format_day(held_on)}",
        before=before,
        after=snapshot(permit),
    )
    return permit.id


def issued_on(permit: SidewalkPermit) -> date | None:
    """The day the permit was obtained: the Director's issue, or the Council's grant on appeal."""
    status = SidewalkPermitStatus(permit.status)
    if status is SidewalkPermitStatus.ISSUED_ON_APPEAL or (
        status is SidewalkPermitStatus.COMPLETED and permit.appeal_decided_on is not None
    ):
        return permit.appeal_decided_on
    if status in (SidewalkPermitStatus.ISSUED, SidewalkPermitStatus.COMPLETED):
        return permit.decided_on
    return None


def completion_findings(permit: SidewalkPermit, on: date, calendar: CityCalendar) -> list[Finding]:
    """What recording the work completed on ``on`` calls for: completed before the seventh day
    after the permit, the work was started sooner than the article allows (the permit is
    obtained at least seven days before the work). It is recorded all the same — the work is
    done — with this warning for the Director to follow up."""
    issued = issued_on(permit)
    if issued is None:
        return []
    earliest = earliest_start(issued, calendar)
    if on >= earliest:
        return []
    return [
        Finding(
            "warn",
            PERMIT_CITE,
            f"Completed {format_day(on)}, before {format_day(earliest)}: the work began fewer "
            f"than seven days after the permit ({format_day(issued)}). It is recorded as done; "
            "the Director of Public Works may follow it up.",
        )
    ]


def complete(action: Action, permit_id: int, *, on: date) -> int:
    """Record the work completed (an issued permit, or City contract work, which keeps its
    status and gains the day). Completed before the seventh day after the permit, it is recorded
    with the warning of :func:`completion_findings` in the history."""
    permit = get_permit(action.session, permit_id, for_update=True)
    allow(action, PermitAct.COMPLETE, permit)
    if on > action.today():
        raise InvalidInput("The work cannot be completed after today.", field="on")
    since = permit.appeal_decided_on or permit.decided_on or permit.applied_on
    if on < since:
        raise InvalidInput(
            f"The work cannot be completed before the permit ({format_day(since)}).", field="on"
        )
    early = completion_findings(permit, on, action.calendar)
    before = snapshot(permit)
    permit.completed_on = on
    if SidewalkPermitStatus(permit.status) is not SidewalkPermitStatus.CITY_CONTRACT:
        permit.status = SidewalkPermitStatus.COMPLETED
    action.audit(
        "sidewalk.complete",
        permit,
        f"Sidewalk work {permit.number} completed {format_day(on)}"
        + (f". {early[0].text}" if early else ""),
        before=before,
        after=snapshot(permit),
    )
    return permit.id


def withdraw(action: Action, permit_id: int, *, reason: str) -> int:
    """The applicant withdraws an application not yet decided, a denial, or an appeal."""
    permit = get_permit(action.session, permit_id, for_update=True)
    allow(action, PermitAct.WITHDRAW, permit)
    why = " ".join(reason.split())
    if not why:
        raise InvalidInput("Say why the application is withdrawn.", field="reason")
    before = snapshot(permit)
    permit.status = SidewalkPermitStatus.WITHDRAWN
    permit.withdrawn_reason = why
    action.audit(
        "sidewalk.withdraw",
        permit,
        f"Sidewalk permit {permit.number} withdrawn: {why}",
        before=before,
        after=snapshot(permit),
    )
    return permit.id


def get_permit(session: Session, permit_id: int, *, for_update: bool = False) -> SidewalkPermit:
    """The permit (or application, or City contract record) ``permit_id``. Every service that
    writes it reads it with ``for_update``: its row is locked until the transaction ends and read
    afresh, so two stations acting on one permit take turns (on PostgreSQL the second waits,
    then sees what the first did and is refused) instead of both passing the same check."""
    permit = (
        session.get(SidewalkPermit, permit_id, with_for_update=True, populate_existing=True)
        if for_update
        else session.get(SidewalkPermit, permit_id)
    )
    if permit is None:
        raise NotFound(f"There is no sidewalk permit number {permit_id}.")
    return permit


def search_permits(
    session: Session,
    text: str = "",
    status: SidewalkPermitStatus | None = None,
    year: int | None = None,
    *,
    limit: int = SEARCH_LIMIT,
) -> list[SidewalkPermit]:
    """Permits whose number, applicant, location, street, number, contractor or parcel hold
    every word typed, newest first."""
    query = select(SidewalkPermit)
    query = query.where(*words_match(session, SidewalkPermit.search_text, text))
    if status is not None:
        query = query.where(SidewalkPermit.status == SidewalkPermitStatus(status))
    if year is not None:
        query = query.where(SidewalkPermit.year == year)
    query = query.options(
        selectinload(SidewalkPermit.applicant),
        selectinload(SidewalkPermit.street),
        selectinload(SidewalkPermit.parcel).selectinload(Parcel.owner),
        selectinload(SidewalkPermit.segment).selectinload(MasterPlanSegment.street),
        selectinload(SidewalkPermit.appeal_meeting),
    ).order_by(SidewalkPermit.applied_at.desc(), SidewalkPermit.id.desc())
    return list(session.scalars(query.limit(limit)))


def permit_years(session: Session) -> list[int]:
    """The years the permit register has records for, newest first."""
    return sorted(set(session.scalars(select(SidewalkPermit.year))), reverse=True)


def history(session: Session, permit_id: int, *, zone: tzinfo | None = None) -> list[HistoryEntry]:
    """Every step of the permit, oldest first: its audit entries and those of its fees."""
    return records_history(session, RecordRef(RECORD_TYPE, str(permit_id)), zone=zone)
