"""What the Enforcement tab and its letters read: plain, frozen views of the cases, their
clocks and findings, and the Today items of clocks running out.

Each clock is told as a line (what, when, the section) computed from the case as saved; the
acts come from :mod:`clerk_desk.enforcement.acts`, so the window re-derives no rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo

from sqlalchemy.orm import Session

from clerk_desk.desk import Action
from clerk_desk.enforcement import acts, rules
from clerk_desk.enforcement.records import RECORD_TYPE, get_case, loaded
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry, history
from clerk_desk.kinds import CaseKind, CaseStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import EnforcementCase
from clerk_desk.special_charges import service as sc
from clerk_desk.text_search import words_match
from clerk_desk.today import TodayItem, provider
from clerk_desk.words import clock_time, format_day

WORKFLOW = "Enforcement"
SEARCH_LIMIT = 1000
SOON_DAYS = 3


@dataclass(frozen=True, slots=True)
class ClockLine:
    """One clock of a case: what it is, when it runs out (as City Hall's clock says it), the
    day (for sorting and Today), and its section."""

    what: str
    when: str
    day: date | None
    cite: str


@dataclass(frozen=True, slots=True)
class CaseRow:
    id: int
    number: str
    kind: str
    kind_label: str
    location: str
    party: str
    status: str
    status_label: str
    next_step: str
    due: date | None
    charge_number: str


@dataclass(frozen=True, slots=True)
class CaseDetails:
    id: int
    number: str
    kind: str
    kind_label: str
    cite: str
    status_label: str
    location: str
    description: str
    complaint: str
    parcel: str
    owner: str
    party: str
    party_as: str
    official: str
    acting_official: str
    place_label: str
    notice: str
    findings: tuple[Finding, ...]
    clocks: tuple[ClockLine, ...]
    resolution: str
    charge_id: int | None
    charge_number: str
    charge_standing: str
    history: tuple[HistoryEntry, ...]
    acts: dict[acts.CaseAct, str | None]


def _moment(instant: datetime, zone: tzinfo) -> str:
    local = instant.astimezone(zone)
    return f"{format_day(local.date())} {clock_time(local)}"


def clocks_of(case: EnforcementCase, zone: tzinfo) -> list[ClockLine]:
    """The case's clocks, as saved: the time given and when the City may act."""
    rule = rules.case_rule(case.kind)
    kind = CaseKind(case.kind)
    lines: list[ClockLine] = []
    if case.due_at is not None:
        local = case.due_at.astimezone(zone)
        given = {
            CaseKind.OBSTRUCTION: "The 24 hours of the written notice to remove run until",
            CaseKind.SNOW_ICE: "The 24 hours after the snowfall ended run until",
            CaseKind.DEPOSITED_SNOW: "The hour to remove the snow deposited runs until",
            CaseKind.DIRT_DEBRIS: "Asked to remove the materials immediately at",
        }[kind]
        cite = rules.removal_cite(rules.Place(case.place)) if case.place else rule.cite
        lines.append(ClockLine(given, _moment(case.due_at, zone), local.date(), cite))
        lines.append(
            ClockLine(
                f"The {rule.acting_official} may act from",
                _moment(case.due_at, zone),
                local.date(),
                rule.cite,
            )
        )
    if case.due_on is not None:
        given = (
            "The 10 days to correct the damage run through"
            if kind is CaseKind.STREET_DAMAGE
            else "The publisher's 10 days to remove the receptacle run through"
        )
        lines.append(ClockLine(given, format_day(case.due_on), case.due_on, rule.cite))
        after = case.due_on + timedelta(days=1)
        who = "The City may correct it" if kind is CaseKind.STREET_DAMAGE else "The Clerk writes"
        lines.append(ClockLine(f"{who} from", format_day(after), after, rule.cite))
    return lines


def _findings(case: EnforcementCase, today: date) -> list[Finding]:
    found = [Finding(*f) for f in case.measures.get("findings", [])]
    if case.measures.get("missing"):
        found.append(
            Finding(
                "warn",
                rules.EXCEPTIONS_CITE,
                "Not yet measured: " + ", ".join(case.measures["missing"]) + ".",
            )
        )
    if CaseKind(case.kind) is CaseKind.TERRACE_STALL:
        found.append(
            rules.stall_standing(
                chief_on=case.chief_on,
                public_works_on=case.public_works_on,
                rescinded_on=case.rescinded_on,
                day=today,
            )
        )
    return found


def _party(case: EnforcementCase) -> str:
    return case.party.name if case.party is not None else ""


def _next_step(case: EnforcementCase, zone: tzinfo) -> tuple[str, date | None]:
    status = CaseStatus(case.status)
    if status is CaseStatus.CITY_WORK and case.charge is not None:
        return f"Charged on {case.charge.number}", None
    if status.finished or status is CaseStatus.AUTHORIZED:
        return status.label, None
    kind = CaseKind(case.kind)
    if kind is CaseKind.OBSTRUCTION and case.notice_at is None:
        if case.measures.get("excepted"):
            return "Excepted: close the case", None
        if case.measures.get("missing"):
            return "Measure first: " + ", ".join(case.measures["missing"]), None
        return "Give the written notice", case.reported_at.astimezone(zone).date()
    if kind is CaseKind.RECEPTACLE and case.letter_on is not None:
        return f"Clerk's letter sent {format_day(case.letter_on)}", None
    if kind is CaseKind.TERRACE_STALL:
        waiting = [
            who
            for who, on in (
                (rules.CHIEF, case.chief_on),
                (rules.PUBLIC_WORKS, case.public_works_on),
            )
            if on is None
        ]
        return "Awaiting the " + " and the ".join(waiting), None
    clocks = clocks_of(case, zone)
    if clocks:
        last = clocks[-1]
        return f"{last.what} {last.when}", last.day
    return "Ask the person responsible to remove it", case.reported_at.astimezone(zone).date()


def row(case: EnforcementCase, zone: tzinfo) -> CaseRow:
    step, due = _next_step(case, zone)
    return CaseRow(
        id=case.id,
        number=case.number,
        kind=str(case.kind),
        kind_label=CaseKind(case.kind).label,
        location=case.location,
        party=_party(case) or (case.parcel.owner.name if case.parcel and case.parcel.owner else ""),
        status=str(case.status),
        status_label=CaseStatus(case.status).label,
        next_step=step,
        due=due,
        charge_number=case.charge.number if case.charge is not None else "",
    )


def search_cases(
    session: Session,
    text: str = "",
    *,
    kind: CaseKind | None = None,
    open_only: bool = False,
    limit: int = SEARCH_LIMIT,
) -> list[EnforcementCase]:
    """Cases, newest first, holding every word of ``text`` (number, place, people, section)."""
    query = loaded().where(*words_match(session, EnforcementCase.search_text, text))
    if kind is not None:
        query = query.where(EnforcementCase.kind == kind)
    if open_only:
        finished = [s for s in CaseStatus if s.finished]
        query = query.where(EnforcementCase.status.not_in(finished))
    query = query.order_by(EnforcementCase.year.desc(), EnforcementCase.sequence.desc())
    return list(session.scalars(query.limit(limit)))


def register_rows(
    action: Action, text: str = "", *, kind: CaseKind | None = None, open_only: bool = False
) -> list[CaseRow]:
    """The register's rows, as the tab lists them."""
    cases = search_cases(action.session, text, kind=kind, open_only=open_only)
    return [row(case, action.zone) for case in cases]


def _notice_words(case: EnforcementCase, zone: tzinfo) -> str:
    if case.notice_at is None:
        return ""
    return f"{_moment(case.notice_at, zone)} to {case.notice_to} ({case.notice_how})"


def details(action: Action, case_id: int) -> CaseDetails:
    """Everything the tab shows of one case, with the acts allowed now."""
    session, zone = action.session, action.zone
    case = get_case(session, case_id)
    rule = rules.case_rule(case.kind)
    charge = case.charge
    owner = case.parcel.owner.name if case.parcel and case.parcel.owner else ""
    return CaseDetails(
        id=case.id,
        number=case.number,
        kind=str(case.kind),
        kind_label=CaseKind(case.kind).label,
        cite=rule.cite,
        status_label=CaseStatus(case.status).label,
        location=case.location,
        description=case.description,
        complaint=case.complaint,
        parcel=(f"{case.parcel.parcel_number} {case.parcel.site_address}".strip())
        if case.parcel
        else "",
        owner=owner,
        party=_party(case),
        party_as=case.party_as,
        official=case.official + (f" ({case.official_name})" if case.official_name else ""),
        acting_official=rule.acting_official,
        place_label=rules.Place(case.place).label if case.place else "",
        notice=_notice_words(case, zone),
        findings=tuple(_findings(case, action.today())),
        clocks=tuple(clocks_of(case, zone)),
        resolution=case.resolution,
        charge_id=charge.id if charge is not None else None,
        charge_number=charge.number if charge is not None else "",
        charge_standing=sc.standing(charge, action.today()).value if charge is not None else "",
        history=tuple(history(session, RecordRef(RECORD_TYPE, str(case.id)), zone=zone)),
        acts=acts.acts(action, case.id),
    )


# -- Today ---------------------------------------------------------------------------------------


def _item(case: EnforcementCase, due: date | None, title: str, detail: str) -> TodayItem:
    return TodayItem(
        WORKFLOW,
        due,
        title,
        detail,
        rules.case_rule(case.kind).cite,
        record_type=RECORD_TYPE,
        record_id=str(case.id),
    )


def today_items(case: EnforcementCase, now: datetime, zone: tzinfo) -> list[TodayItem]:
    """A case's item on Today: the notice still to give, the time given running out, the day
    the City may act, the Clerk's letter to send; nothing for a finished case."""
    status = CaseStatus(case.status)
    if status.finished or status is CaseStatus.AUTHORIZED:
        return []
    step, due = _next_step(case, zone)
    where = f"{case.location} ({CaseKind(case.kind).label.lower()})"
    rule = rules.case_rule(case.kind)
    start = rules.city_may_act_from(clock=rule.clock, due_at=case.due_at, due_on=case.due_on)
    if isinstance(start, datetime):
        if now < start:
            title = f"{case.number}: the time to remove runs out {_moment(start, zone)}"
        else:
            title = (
                f"{case.number}: the {rule.acting_official} may act since {_moment(start, zone)}"
            )
        return [_item(case, start.astimezone(zone).date(), title, where)]
    if isinstance(start, date):
        today = now.astimezone(zone).date()
        if today < start:
            title = f"{case.number}: the 10 days run through {format_day(start - timedelta(1))}"
        elif CaseKind(case.kind) is CaseKind.RECEPTACLE:
            if case.letter_on is not None:
                return []
            title = f"{case.number}: send the Clerk's letter to the publisher"
        else:
            title = f"{case.number}: the City may correct the damage from {format_day(start)}"
        return [_item(case, start - timedelta(days=1) if today < start else start, title, where)]
    return [_item(case, due, f"{case.number}: {step}", where)]


@provider("enforcement")
def _due(action: Action) -> list[TodayItem]:
    session = action.session
    finished = [s for s in CaseStatus if s.finished] + [CaseStatus.AUTHORIZED]
    cases = session.scalars(
        loaded().where(EnforcementCase.status.not_in(finished)).order_by(EnforcementCase.id)
    ).all()
    now, zone = action.now(), action.zone
    return [item for case in cases for item in today_items(case, now, zone)]
