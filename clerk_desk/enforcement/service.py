"""Enforcement cases: the complaint, the official's determination, the notice and its clock,
and how the case ends — removed or corrected by the person responsible, or done by the City and
charged as a special charge that the tax-roll run certifies (issue 21).

Each kind's section, official, clock and charge is :data:`~clerk_desk.enforcement.rules.
CASE_RULES`, with the readings chosen for the City Attorney beside it. The services here take
the :class:`~clerk_desk.desk.Action`, check the act's rule first
(:func:`clerk_desk.enforcement.acts.allow`), then what the clerk typed (refused next to the
field, citing the section), and write the audit trail: each entry names the official the
section makes responsible and who recorded it at the counter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from sqlalchemy.orm import Session

from clerk_desk import fees
from clerk_desk.desk import Action, snapshot
from clerk_desk.enforcement import acts, rules
from clerk_desk.enforcement.permits import permit_in_force
from clerk_desk.enforcement.records import RECORD_TYPE, get_case
from clerk_desk.enforcement.rules import Obstruction, ObstructionKind, Place
from clerk_desk.errors import InvalidInput, NotFound
from clerk_desk.findings import Finding
from clerk_desk.kinds import CaseKind, CaseStatus, ChargeKind
from clerk_desk.models import EnforcementCase, Parcel, Party
from clerk_desk.numbering import take_number
from clerk_desk.special_charges import service as sc
from clerk_desk.text_search import fold
from clerk_desk.validation import fits
from clerk_desk.words import clock_time, format_day

SERIES = "enforcement_case"


@dataclass(frozen=True, slots=True)
class CaseData:
    """A case as the clerk opens it: what was found where, by whom, and whom it concerns.

    ``obstruction`` is § 506-8's determination (the place, the kind, the measures);
    ``started_at`` the end of the snowfall or the deposit of snow (§ 506-11); ``started_on`` the
    day of the damage (§ 506-21) or the day the publisher received the occupier's instruction
    (§ 506-23)."""

    kind: CaseKind
    location: str
    official: str
    official_name: str = ""
    parcel_id: int | None = None
    party_id: int | None = None
    party_as: str = ""
    description: str = ""
    complaint: str = ""
    obstruction: Obstruction | None = None
    started_at: datetime | None = None
    started_on: date | None = None


def _measures(obstruction: Obstruction, findings: list[Finding]) -> dict[str, Any]:
    def iso(value: date | datetime | None) -> str | None:
        return None if value is None else value.isoformat()

    return {
        "permit": obstruction.permit.strip(),
        "width_used_in": obstruction.width_used_in,
        "width_in": obstruction.width_in,
        "council_authorized_until": iso(obstruction.council_authorized_until),
        "in_the_gutter": obstruction.in_the_gutter,
        "clearance_in": obstruction.clearance_in,
        "reach_in": obstruction.reach_in,
        "out_since": iso(obstruction.out_since),
        "missing": rules.measures_missing(obstruction),
        "excepted": rules.excepted(findings),
        "findings": [[f.level, f.cite, f.text] for f in findings],
    }


def obstruction_of(case: EnforcementCase) -> Obstruction:
    """The determination of a § 506-8 case as the rules read it."""
    m = case.measures
    until, since = m.get("council_authorized_until"), m.get("out_since")
    return Obstruction(
        Place(case.place),
        ObstructionKind(case.obstruction_kind),
        permit=m.get("permit") or "",
        width_used_in=m.get("width_used_in"),
        width_in=m.get("width_in"),
        council_authorized_until=date.fromisoformat(until) if until else None,
        in_the_gutter=bool(m.get("in_the_gutter")),
        clearance_in=m.get("clearance_in"),
        reach_in=m.get("reach_in"),
        out_since=datetime.fromisoformat(since) if since else None,
    )


def _check_party(session: Session, data: CaseData, rule: rules.CaseRule) -> str:
    kind = CaseKind(data.kind)
    needs_party = kind in (
        CaseKind.DIRT_DEBRIS,
        CaseKind.STREET_DAMAGE,
        CaseKind.RECEPTACLE,
        CaseKind.TERRACE_STALL,
    )
    if data.party_id is None:
        if needs_party:
            who = " or the ".join(rule.responsible)
            raise InvalidInput(f"Name the {who} ({rule.cite}).", field="party", cite=rule.cite)
        return ""
    if session.get(Party, data.party_id) is None:
        raise NotFound(f"There is no party number {data.party_id}.")
    party_as = " ".join(data.party_as.split()).lower() or rule.responsible[0]
    if party_as not in rule.responsible:
        raise InvalidInput(
            f"{rule.cite} holds responsible the {' or the '.join(rule.responsible)}, not the "
            f"{party_as}.",
            field="party_as",
            cite=rule.cite,
        )
    return party_as


def _check_parcel(session: Session, data: CaseData, rule: rules.CaseRule) -> None:
    if data.parcel_id is None:
        if rule.charge or data.kind == CaseKind.TERRACE_STALL:
            raise InvalidInput(
                "Name the parcel: "
                + (
                    "the City's cost, unpaid, is entered on the tax roll against it"
                    if rule.charge
                    else "the stall is on the terrace abutting it"
                )
                + f" ({rule.cite}).",
                field="parcel",
                cite=rule.cite,
            )
        return
    if session.get(Parcel, data.parcel_id) is None:
        raise NotFound(f"There is no parcel number {data.parcel_id}.")


def _check_official(data: CaseData, place: Place | None) -> str:
    official = " ".join(data.official.split())
    allowed = rules.officials_for(str(data.kind), place)
    if official not in allowed:
        rule = rules.case_rule(data.kind)
        cite = rules.removal_cite(place) if place is not None else rule.cite
        raise InvalidInput(
            f"{cite} makes the determination that of the {' or the '.join(allowed)}.",
            field="official",
            cite=cite,
        )
    return official


def _check_start(action: Action, data: CaseData, rule: rules.CaseRule) -> None:
    kind = CaseKind(data.kind)
    if kind in (CaseKind.SNOW_ICE, CaseKind.DEPOSITED_SNOW):
        what = "the snowfall ended" if kind is CaseKind.SNOW_ICE else "the snow was deposited"
        if data.started_at is None:
            raise InvalidInput(
                f"Give the day and time {what}: the clock runs from it.",
                field="started_at",
                cite=rule.cite,
            )
        if data.started_at.tzinfo is None:
            raise InvalidInput("Give the time with its time zone.", field="started_at")
        if data.started_at > action.now():
            raise InvalidInput(f"The time {what} cannot be later than now.", field="started_at")
    if kind in (CaseKind.STREET_DAMAGE, CaseKind.RECEPTACLE):
        what = (
            "the damage was done"
            if kind is CaseKind.STREET_DAMAGE
            else "the publisher received the occupier's instruction"
        )
        if data.started_on is None:
            raise InvalidInput(
                f"Give the day {what}: the 10 days run from it.",
                field="started_on",
                cite=rule.cite,
            )
        if data.started_on > action.today():
            raise InvalidInput(f"The day {what} cannot be after today.", field="started_on")


def _check_obstruction(data: CaseData) -> Obstruction | None:
    if data.kind != CaseKind.OBSTRUCTION:
        return None
    if data.obstruction is None:
        raise InvalidInput(
            "Say where the obstruction is (the sidewalk, or a street, alley or public ground) "
            "and what it is.",
            field="place",
            cite=rules.PROHIBITED_CITE,
        )
    for name in ("width_used_in", "width_in", "clearance_in", "reach_in"):
        value = getattr(data.obstruction, name)
        if value is not None and value < 0:
            raise InvalidInput("A measure is a whole number of inches, 0 or more.", field=name)
    return data.obstruction


def open_case(action: Action, data: CaseData) -> int:
    """Open a case on the official's determination or the report, numbered EN-year-sequence
    in this transaction. A § 506-8 case is judged against the section's exceptions at once
    (the findings are kept with it); a § 506-11 case's hours and a § 506-21 or § 506-23 case's
    days start from the event recorded."""
    acts.allow_new(action, acts.RegisterAct.NEW_CASE)
    session = action.session
    kind = CaseKind(data.kind)
    rule = rules.case_rule(kind)
    location = " ".join(data.location.split())
    if not location:
        raise InvalidInput("Say where it is (the address or the place).", field="location")
    obstruction = _check_obstruction(data)
    official = _check_official(data, obstruction.place if obstruction else None)
    party_as = _check_party(session, data, rule)
    _check_parcel(session, data, rule)
    _check_start(action, data, rule)
    lapsed: list[Finding] = []
    if obstruction is not None and obstruction.permit.strip():
        number, why_not = permit_in_force(session, obstruction.permit, action.today())
        obstruction = replace(obstruction, permit=number)
        lapsed = [why_not] if why_not is not None else []
    case = _new_case(action, data, location=location, official=official, party_as=party_as)
    if obstruction is not None:
        findings = lapsed + rules.exception_findings(
            obstruction, at=action.now(), calendar=action.calendar
        )
        case.place, case.obstruction_kind = obstruction.place.value, obstruction.kind.value
        case.measures = _measures(obstruction, findings)
    _start_clock(action, case)
    case.search_text = _search_text(session, case)
    action.audit(
        "enforcement.opened",
        case,
        f"{case.number}: {kind.label} at {case.location}, determined by the {official}"
        + (f" ({case.official_name})" if case.official_name else "")
        + f"; recorded by {action.operator.full_name}",
        after=snapshot(case),
    )
    return case.id


def _new_case(
    action: Action, data: CaseData, *, location: str, official: str, party_as: str
) -> EnforcementCase:
    year = action.today().year
    sequence = take_number(action, SERIES, year=year)
    kind = CaseKind(data.kind)
    case = EnforcementCase(
        number=f"EN-{year}-{sequence:03d}",
        year=year,
        sequence=sequence,
        kind=kind,
        status=CaseStatus.REQUESTED if kind is CaseKind.TERRACE_STALL else CaseStatus.OPEN,
        parcel_id=data.parcel_id,
        party_id=data.party_id,
        party_as=party_as,
        location=fits(EnforcementCase.location, location, "The place", field="location"),
        description=data.description.strip(),
        complaint=data.complaint.strip(),
        reported_at=action.now(),
        official=official,
        official_name=fits(
            EnforcementCase.official_name,
            " ".join(data.official_name.split()),
            "The official's name",
            field="official_name",
        ),
        started_at=data.started_at,
        started_on=data.started_on,
        measures={},
        created_at=action.now(),
        created_by_name=action.operator.full_name,
    )
    action.session.add(case)
    action.session.flush()
    return case


def _start_clock(action: Action, case: EnforcementCase) -> None:
    """Fix the clock that starts when the case is opened (§§ 506-11, 506-21, 506-23)."""
    calendar = action.calendar
    kind = CaseKind(case.kind)
    if kind is CaseKind.SNOW_ICE and case.started_at is not None:
        case.due_at = rules.snow_removal_due(case.started_at, calendar)
    elif kind is CaseKind.DEPOSITED_SNOW and case.started_at is not None:
        case.due_at = rules.deposited_snow_due(case.started_at, calendar)
    elif kind is CaseKind.STREET_DAMAGE and case.started_on is not None:
        notice_on = case.notice_at.astimezone(action.zone).date() if case.notice_at else None
        start = rules.correction_from(case.started_on, notice_on)
        case.due_on = rules.damage_correction_due(start, calendar)
    elif kind is CaseKind.RECEPTACLE and case.started_on is not None:
        case.due_on = rules.receptacle_removal_due(case.started_on, calendar)
        case.status = CaseStatus.NOTICED


def _search_text(session: Session, case: EnforcementCase) -> str:
    parts = [
        case.number,
        CaseKind(case.kind).label,
        rules.case_rule(case.kind).cite,
        case.location,
        case.description,
        case.complaint,
        case.official,
        case.official_name,
        case.notice_to,
    ]
    party = session.get(Party, case.party_id) if case.party_id else None
    if party is not None:
        parts.append(party.name)
    parcel = session.get(Parcel, case.parcel_id) if case.parcel_id else None
    if parcel is not None:
        parts += [parcel.parcel_number, parcel.site_address]
        if parcel.owner is not None:
            parts.append(parcel.owner.name)
    return fold(" ".join(p for p in parts if p))


def _check_moment(action: Action, case: EnforcementCase, at: datetime, field: str) -> None:
    """An instant typed at the counter: aware, not later than now, not before the event the
    case records (the official may give the notice before the clerk records the case)."""
    if at.tzinfo is None:
        raise InvalidInput("Give the time with its time zone.", field=field)
    if at > action.now():
        raise InvalidInput("It cannot be later than now.", field=field)
    if case.started_on is not None and at.astimezone(action.zone).date() < case.started_on:
        raise InvalidInput(
            f"It cannot be before {format_day(case.started_on)}, the day the case starts from.",
            field=field,
        )


def record_notice(action: Action, case_id: int, *, at: datetime, to: str, how: str) -> int:
    """The written notice: § 506-8's notice to remove within 24 hours (the City may remove the
    obstruction once they have run, in the statute's hours), § 506-21's notice to correct a
    damage not reported (the 10 days then run from it, if later than the damage), or § 506-20's
    request to remove the materials at once (the City may remove them from then on)."""
    case = get_case(action.session, case_id, lock=True)
    acts.allow(action, acts.CaseAct.NOTICE, case)
    _check_moment(action, case, at, "at")
    whom, delivered = " ".join(to.split()), " ".join(how.split())
    rule = rules.case_rule(case.kind)
    if not whom:
        notified = rules.notified(Place(case.place)) if case.place else "the person responsible"
        raise InvalidInput(f"Name {notified}: the notice goes to them.", field="to", cite=rule.cite)
    if not delivered:
        raise InvalidInput(
            "Say how the notice was given (handed over, posted, mailed).", field="how"
        )
    before = snapshot(case)
    case.notice_at = at
    case.notice_to = fits(EnforcementCase.notice_to, whom, "The name", field="to")
    case.notice_how = fits(EnforcementCase.notice_how, delivered, "How it went", field="how")
    if CaseKind(case.kind) is CaseKind.OBSTRUCTION:
        case.due_at = rules.removal_allowed_from(at, action.calendar)
        case.status = CaseStatus.NOTICED
        what = f"written notice to remove within {rules.REMOVE_WITHIN_HOURS} hours"
        cite = rules.removal_cite(Place(case.place))
    elif CaseKind(case.kind) is CaseKind.DIRT_DEBRIS:
        case.due_at = at
        case.status = CaseStatus.NOTICED
        what, cite = "request to remove the materials immediately", rule.cite
    else:
        _start_clock(action, case)
        case.status = CaseStatus.NOTICED
        what = f"notice to correct the damage within {rules.DAMAGE_DAYS} days"
        cite = rule.cite
    case.search_text = _search_text(action.session, case)
    local = at.astimezone(action.zone)
    action.audit(
        "enforcement.notice",
        case,
        f"{case.number}: {what} given {format_day(local.date())} {clock_time(local)} to "
        f"{case.notice_to} ({case.notice_how}) by the {case.official}"
        + (f" ({case.official_name})" if case.official_name else "")
        + f", {cite}; recorded by {action.operator.full_name}",
        before=before,
        after=snapshot(case),
    )
    return case.id


def record_resolved(action: Action, case_id: int, *, on: date, how: str) -> int:
    """The person responsible removed the obstruction, the snow or the materials, corrected
    the damage, or the publisher removed the receptacle: the case ends with no charge."""
    case = get_case(action.session, case_id, lock=True)
    acts.allow(action, acts.CaseAct.RESOLVED, case)
    _check_day(action, case, on)
    note = " ".join(how.split())
    if not note:
        raise InvalidInput("Say what was done and who saw it.", field="how")
    before = snapshot(case)
    case.status, case.resolved_on, case.resolution = CaseStatus.RESOLVED, on, note
    action.audit(
        "enforcement.resolved",
        case,
        f"{case.number}: removed or corrected by the person responsible {format_day(on)} "
        f"({note}); recorded by {action.operator.full_name}",
        before=before,
        after=snapshot(case),
    )
    return case.id


def close_case(action: Action, case_id: int, *, reason: str) -> int:
    """Close a case the City will not act on (an exception covers it, the complaint was
    unfounded, a stall's request withdrawn), with the reason."""
    case = get_case(action.session, case_id, lock=True)
    acts.allow(action, acts.CaseAct.CLOSE, case)
    why = " ".join(reason.split())
    if not why:
        raise InvalidInput("Give the reason for closing the case.", field="reason")
    before = snapshot(case)
    case.status, case.resolved_on, case.resolution = CaseStatus.CLOSED, action.today(), why
    action.audit(
        "enforcement.closed",
        case,
        f"{case.number} closed: {why}; recorded by {action.operator.full_name}",
        before=before,
        after=snapshot(case),
    )
    return case.id


def _check_day(action: Action, case: EnforcementCase, on: date) -> None:
    if on > action.today():
        raise InvalidInput("It cannot be dated after today.", field="on")
    if case.started_on is not None and on < case.started_on:
        raise InvalidInput(
            f"It cannot be dated before {format_day(case.started_on)}, the day the case starts "
            "from.",
            field="on",
        )


@dataclass(frozen=True, slots=True)
class CityWork:
    """The City's work on a case and its bill: the costs kept (§ 506-8's "account of the
    expense"), or the Council's fee (§ 506-11), and the bill as it went out."""

    on: date
    lines: Sequence[sc.LineData] = ()
    bill: sc.BillData | None = None
    description: str = ""


def record_city_work(action: Action, case_id: int, work: CityWork) -> int:
    """The City did the work the person responsible left undone, its clock having run: the cost
    becomes a special charge against the parcel (``record_type`` "enforcement_case"), billed
    to whom the section names, which the tax-roll run certifies once unpaid. Returns the
    charge's id."""
    session = action.session
    case = get_case(session, case_id, lock=True)
    acts.allow(action, acts.CaseAct.CITY_WORK, case)
    rule = rules.case_rule(case.kind)
    _check_work_day(action, case, work.on)
    lines = _work_lines(action, case, work)
    billed_id, billed_as = _billed(session, case, rule)
    what = " ".join(work.description.split())
    before = snapshot(case)
    charge_id = sc.create_charge(
        action,
        sc.ChargeData(
            kind=ChargeKind(rule.charge),
            billed_party_id=billed_id,
            work=f"{case.number}: the {rule.acting_official} {rule.city_work} at {case.location}"
            + (f": {what}" if what else ""),
            work_done_on=work.on,
            lines=lines,
            parcel_id=case.parcel_id,
            billed_as=billed_as,
            record_type=RECORD_TYPE,
            record_id=str(case.id),
        ),
        work.bill,
    )
    charge = sc.get_charge(session, charge_id)
    case.status, case.city_work_on, case.charge_id = CaseStatus.CITY_WORK, work.on, charge_id
    action.audit(
        "enforcement.city_work",
        case,
        f"{case.number}: the {rule.acting_official} {rule.city_work} {format_day(work.on)} "
        f"({rule.cite}); {charge.total} charged on {charge.number} to "
        f"{charge.billed_party.name} as {billed_as}; recorded by {action.operator.full_name}",
        before=before,
        after=snapshot(case),
    )
    return charge_id


def _check_work_day(action: Action, case: EnforcementCase, on: date) -> None:
    _check_day(action, case, on)
    rule = rules.case_rule(case.kind)
    start = rules.city_may_act_from(clock=rule.clock, due_at=case.due_at, due_on=case.due_on)
    first = start.astimezone(action.zone).date() if isinstance(start, datetime) else start
    if first is not None and on < first:
        raise InvalidInput(
            f"The City may act only once the time given has run ({format_day(first)}).",
            field="on",
            cite=rule.cite,
        )


def _work_lines(action: Action, case: EnforcementCase, work: CityWork) -> list[sc.LineData]:
    """The costs of the work; for § 506-11's removal from a sidewalk, the Council's fee in the
    fee schedule on the day of the work (whatever was typed)."""
    if CaseKind(case.kind) is CaseKind.SNOW_ICE:
        try:
            fee = fees.fee_on(action.session, rules.SNOW_FEE_CODE, work.on)
        except NotFound as missing:
            raise InvalidInput(
                f"The fee schedule has no fee for snow removal ({rules.SNOW_FEE_CODE}) on "
                f"{format_day(work.on)}: § 506-11 charges the fee the Common Council sets. Add "
                "it under Settings, Fee schedule.",
                field="lines",
                cite=rules.SNOW_FAILURE_CITE,
            ) from missing
        return [sc.LineData("fee", fee.description, fee.amount)]
    return list(work.lines)


def _billed(session: Session, case: EnforcementCase, rule: rules.CaseRule) -> tuple[int, str]:
    """Whom the charge is billed to: § 506-8's property owner (the parcel's); otherwise the
    person the case names as the section's responsible, or the parcel's owner."""
    parcel = session.get(Parcel, case.parcel_id) if case.parcel_id else None
    if CaseKind(case.kind) is not CaseKind.OBSTRUCTION and case.party_id is not None:
        return case.party_id, case.party_as or rule.responsible[0]
    if parcel is None or parcel.owner_id is None:
        number = parcel.parcel_number if parcel is not None else "the parcel"
        raise InvalidInput(
            f"Parcel {number} has no owner recorded: record its owner in People & Parcels, "
            "then charge the work.",
            field="parcel",
            cite=rule.cite,
        )
    return parcel.owner_id, "owner"


def record_clerk_letter(action: Action, case_id: int) -> int:
    """§ 506-23: the Clerk's letter to the publisher whose 10 days to remove a receptacle have
    run since the occupier's instruction reached it."""
    case = get_case(action.session, case_id, lock=True)
    acts.allow(action, acts.CaseAct.CLERK_LETTER, case)
    before = snapshot(case)
    case.letter_on = action.today()
    party = case.party.name if case.party is not None else "the publisher"
    action.audit(
        "enforcement.clerk_letter",
        case,
        f"{case.number}: the City Clerk's letter to {party} {format_day(case.letter_on)} "
        f"({rules.RECEPTACLE_CITE}); recorded by {action.operator.full_name}",
        before=before,
        after=snapshot(case),
    )
    return case.id


def record_authorization(
    action: Action, case_id: int, *, official: str, name: str, on: date
) -> int:
    """§ 506-12: the Chief of Police's or the Director of Public Works' authorization of a
    gravel parking stall; with both, the stall is authorized."""
    case = get_case(action.session, case_id, lock=True)
    acts.allow(action, acts.CaseAct.AUTHORIZE, case)
    who = " ".join(official.split())
    if who not in rules.STALL_OFFICIALS:
        raise InvalidInput(
            "A gravel parking stall is authorized by both the Chief of Police and the Director "
            "of Public Works.",
            field="official",
            cite=rules.TERRACE_CITE,
        )
    _check_day(action, case, on)
    signer = fits(EnforcementCase.chief_name, " ".join(name.split()), "The name", field="name")
    before = snapshot(case)
    if who == rules.CHIEF:
        case.chief_on, case.chief_name = on, signer
    else:
        case.public_works_on, case.public_works_name = on, signer
    if case.chief_on is not None and case.public_works_on is not None:
        case.status = CaseStatus.AUTHORIZED
    action.audit(
        "enforcement.authorized",
        case,
        f"{case.number}: gravel parking stall authorized by the {who}"
        + (f" ({signer})" if signer else "")
        + f" {format_day(on)} ({rules.TERRACE_CITE}); recorded by {action.operator.full_name}",
        before=before,
        after=snapshot(case),
    )
    return case.id


def rescind(action: Action, case_id: int, *, official: str, on: date, reason: str) -> int:
    """§ 506-12: the City rescinds a stall's authorization, by the official who decided it and
    with the reason (both are written to the owner)."""
    case = get_case(action.session, case_id, lock=True)
    acts.allow(action, acts.CaseAct.RESCIND, case)
    who = " ".join(official.split())
    if who not in rules.RESCINDING_OFFICIALS:
        raise InvalidInput(
            "Name who rescinds it: the Chief of Police, the Director of Public Works or the "
            "Common Council.",
            field="official",
            cite=rules.TERRACE_CITE,
        )
    why = " ".join(reason.split())
    if not why:
        raise InvalidInput(
            "Give the reason: the owner is told why.", field="reason", cite=rules.TERRACE_CITE
        )
    _check_day(action, case, on)
    before = snapshot(case)
    case.status, case.rescinded_on, case.rescinded_by = CaseStatus.RESCINDED, on, who
    case.resolved_on, case.resolution = on, why
    action.audit(
        "enforcement.rescinded",
        case,
        f"{case.number}: authorization rescinded by the {who} {format_day(on)}: {why} "
        f"({rules.TERRACE_CITE}); recorded by {action.operator.full_name}",
        before=before,
        after=snapshot(case),
    )
    return case.id
