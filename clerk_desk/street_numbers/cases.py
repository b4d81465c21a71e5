"""Buildings whose numbers are missing or improper (§ 506-16 (Noncompliance)): the case
observed, the notice served after 20 days' neglect, the referral for a forfeiture 10 days after
service, and its close; the steps due, for the Today tab.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput, NotFound
from clerk_desk.kinds import NumberingCaseStatus
from clerk_desk.models import Address, NumberingCase
from clerk_desk.street_numbers import acts, rules
from clerk_desk.street_numbers.addresses import SEARCH_LIMIT, address_text, get_address, words_typed
from clerk_desk.street_numbers.rules import (
    NONCOMPLIANCE_CITE,
    notice_from,
    referral_from,
)
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import format_day

# -- noncompliance (§ 506-16 (Noncompliance)) ---------------------------------------------------

_ACTIVE_CASES = (NumberingCaseStatus.OPEN, NumberingCaseStatus.NOTICED)  # a step is due
_OPEN_CASES = acts.OPEN_CASES


def get_case(session: Session, case_id: int) -> NumberingCase:
    case = session.get(NumberingCase, case_id)
    if case is None:
        raise NotFound(f"There is no noncompliance case number {case_id}.")
    return case


def _not_future(action: Action, day: date, field_name: str, what: str) -> None:
    if day > action.today():
        raise InvalidInput(f"The {what} cannot be later than today.", field=field_name)


def observe_noncompliance(
    action: Action, address_id: int, *, observed_on: date, observation: str
) -> int:
    """Record that a building's numbers are missing or improper; the owner has 20 days."""
    # Locked: two stations recording the same observation at once would open two cases.
    address = get_address(action.session, address_id, lock=True)
    acts.allow_on_address(action, acts.AddressAct.NUMBERS_MISSING, address)
    text = observation.strip()
    if not text:
        raise InvalidInput(
            "Describe what was seen (numbers missing, too small, on the garage door …).",
            field="observation",
        )
    _not_future(action, observed_on, "observed_on", "date of the observation")
    case = NumberingCase(
        address_id=address.id,
        status=NumberingCaseStatus.OPEN,
        observed_on=observed_on,
        observation=text,
        observed_by_name=action.operator.full_name,
        notice_from=notice_from(action.calendar, observed_on),
        created_at=action.now(),
    )
    action.session.add(case)
    action.audit(
        "numbering_case.open",
        case,
        f"Numbers missing or improper at {address_text(address)}",
        after=snapshot(case),
    )
    action.session.flush()  # the id is the answer
    return case.id


def serve_notice(action: Action, case_id: int, *, served_on: date, manner: str) -> int:
    """Record that the notice to number the building was served (after 20 days' neglect)."""
    case = get_case(action.session, case_id)
    acts.allow(action, acts.CaseAct.SERVE, case)
    how = " ".join(manner.split())
    if not how:
        raise InvalidInput("Say how the notice was served.", field="manner")
    fits(NumberingCase.served_manner, how, "The manner of service", field="manner")
    _not_future(action, served_on, "served_on", "date of service")
    if served_on < case.notice_from:
        raise InvalidInput(
            f"The owner has 20 days from {format_day(case.observed_on)}: a notice may be served "
            f"from {format_day(case.notice_from)}.",
            field="served_on",
            cite=NONCOMPLIANCE_CITE,
        )
    before = snapshot(case)
    case.status = NumberingCaseStatus.NOTICED
    case.served_on, case.served_manner = served_on, how
    case.served_by_name = action.operator.full_name
    case.referral_from = referral_from(action.calendar, served_on)
    action.audit(
        "numbering_case.notice",
        case,
        f"Notice served {format_day(served_on)} by {how}",
        before=before,
        after=snapshot(case),
    )
    return case.id


def refer_case(action: Action, case_id: int, *, referred_on: date) -> int:
    """Refer the case for a forfeiture under § 1-4 (10 days after service without compliance)."""
    case = get_case(action.session, case_id)
    acts.allow(action, acts.CaseAct.REFER, case)
    assert case.served_on is not None and case.referral_from is not None  # the guard saw them
    _not_future(action, referred_on, "referred_on", "date of referral")
    if referred_on < case.referral_from:
        raise InvalidInput(
            f"The owner has 10 days after service on {format_day(case.served_on)}: the case may "
            f"be referred from {format_day(case.referral_from)}.",
            field="referred_on",
            cite=NONCOMPLIANCE_CITE,
        )
    before = snapshot(case)
    case.status, case.referred_on = NumberingCaseStatus.REFERRED, referred_on
    action.audit(
        "numbering_case.refer",
        case,
        "Referred for a forfeiture under § 1-4",
        before=before,
        after=snapshot(case),
    )
    return case.id


def close_case(
    action: Action, case_id: int, *, on: date, note: str = "", withdrawn: bool = False
) -> int:
    """Close a case: the numbers are posted (compliance), or it was recorded in error."""
    case = get_case(action.session, case_id)
    acts.allow(action, acts.CaseAct.WITHDRAW if withdrawn else acts.CaseAct.COMPLIED, case)
    _not_future(action, on, "closed_on", "date")
    last_step = max(d for d in (case.observed_on, case.served_on, case.referred_on) if d)
    if on < last_step:
        raise InvalidInput(
            f"The case cannot close before its last step, on {format_day(last_step)}.",
            field="closed_on",
        )
    if withdrawn and not note.strip():
        raise InvalidInput("Say why the case is withdrawn.", field="close_note")
    before = snapshot(case)
    case.status = NumberingCaseStatus.WITHDRAWN if withdrawn else NumberingCaseStatus.COMPLIED
    case.closed_on, case.close_note = on, note.strip()
    action.audit(
        "numbering_case.close",
        case,
        f"Case {NumberingCaseStatus(case.status).label.lower()}",
        before=before,
        after=snapshot(case),
    )
    return case.id


def cases(session: Session, *, active_only: bool = True) -> list[NumberingCase]:
    query = select(NumberingCase).options(
        joinedload(NumberingCase.address).joinedload(Address.street),
        joinedload(NumberingCase.address).joinedload(Address.owner),
    )
    if active_only:
        query = query.where(NumberingCase.status.in_(_ACTIVE_CASES))
    return list(session.scalars(query.order_by(NumberingCase.observed_on, NumberingCase.id)))


def cases_of(session: Session, address_id: int) -> list[NumberingCase]:
    return list(
        session.scalars(
            select(NumberingCase)
            .where(NumberingCase.address_id == address_id)
            .order_by(NumberingCase.observed_on)
        )
    )


def next_step(case: NumberingCase) -> tuple[str, date | None]:
    """What the City does next on the case, and from which day."""
    return rules.next_step(NumberingCaseStatus(case.status), case.notice_from, case.referral_from)


@provider("street_numbers")
def _due(action: Action) -> list[TodayItem]:
    """Notices the City may serve and cases it may refer, from the day each becomes due:
    before that the owner's time is still running and there is nothing to do."""
    today = action.today()
    items = []
    for case in cases(action.session):
        step, due = next_step(case)
        if due is None or due > today:
            continue
        where = address_text(case.address)
        owner = case.address.owner.name if case.address.owner else "owner unknown"
        if NumberingCaseStatus(case.status) is NumberingCaseStatus.OPEN:
            title = f"Notice to number {where} may be served"
            detail = f"Numbers missing or improper since {format_day(case.observed_on)}; {owner}"
        else:
            title = f"Refer {where} for a forfeiture (§ 1-4)"
            detail = (
                f"Notice served {format_day(case.served_on) if case.served_on else ''} by "
                f"{case.served_manner}; {owner}"
            )
        items.append(
            TodayItem(
                workflow="Street Numbers",
                due=due,
                title=title if step else where,
                detail=detail,
                cite=NONCOMPLIANCE_CITE,
                record_type="numbering_case",
                record_id=str(case.id),
            )
        )
    return items


def search_cases(
    session: Session, text: str = "", *, open_only: bool = True, limit: int = SEARCH_LIMIT
) -> list[NumberingCase]:
    """Noncompliance cases whose address holds every word typed (as :func:`search_addresses`
    reads them), oldest observation first; with ``open_only``, those not yet closed (a referred
    case stays open: compliance still closes it)."""
    query = (
        select(NumberingCase)
        .join(Address, Address.id == NumberingCase.address_id)
        .where(*words_typed(session, text))
        .options(
            joinedload(NumberingCase.address).joinedload(Address.street),
            joinedload(NumberingCase.address).joinedload(Address.owner),
        )
    )
    if open_only:
        query = query.where(NumberingCase.status.in_(_OPEN_CASES))
    query = query.order_by(NumberingCase.observed_on, NumberingCase.id).limit(limit)
    return list(session.scalars(query).unique())
