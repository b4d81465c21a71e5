"""Street opening (excavation) permits (§§ 506-6, 506-7), from application to the guarantee.

No one may open a public street, alley, way, ditch, ground, sidewalk or City easement without a
permit from the Building Inspector or the Director of Public Works. The Clerk takes the
application (every opening listed on it) and the fee; the Treasurer holds the bond; the
Inspector or the Director approves. Every rule that can be checked at the counter is checked
here and cited: the fee (doubled for an opening made before the permit, waived for an emergency
applied for within two business days), frozen ground, the five years after a repaving, insurance,
bond and revocation, the six months' validity and its renewals, the notices before work and
before backfilling, the 60 days for permanent pavement, and the one-year guarantee.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import partial

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.coverage import STREET_OPENING, Covers
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput, NotFound, Refusals
from clerk_desk.fees import fee_on
from clerk_desk.findings import Finding, blocking
from clerk_desk.kinds import DueKind, DueStatus, OpeningStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    OpeningRenewal,
    OpeningSite,
    Street,
    StreetOpening,
)
from clerk_desk.numbering import take_number
from clerk_desk.parties import get_party
from clerk_desk.street_openings import acts, rules
from clerk_desk.street_openings.approval import approval_findings
from clerk_desk.street_openings.rules import (
    CITY_WORK_CITE,
    DEFICIENCY_CITE,
    EMERGENCY_CITE,
    EMERGENCY_FEE_CITE,
    EXPIRY_WARNING_DAYS,
    FEE_CITE,
    FEE_CODE,
    FROZEN_CITE,
    GUARANTEE_WARNING_DAYS,
    NEW_STREETS_CITE,
    RECORD_TYPE,
    RENEWAL_CITE,
    RENEWAL_DAYS,
    RESTORATION_CITE,
    RESTORATION_WARNING_DAYS,
    SEARCH_LIMIT,
    SURFACES,
    VALIDITY_CITE,
    emergency_fee_waiver_until,
    patch_replacement_due,
    restoration_due,
    valid_until,
)
from clerk_desk.text_search import fold, words_match
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import format_day

# -- the application ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SiteData:
    location: str
    street_id: int | None = None
    surface: str = ""
    length_ft: int | None = None
    width_ft: int | None = None


@dataclass(frozen=True, slots=True)
class OpeningData:
    applicant_id: int
    sites: Sequence[SiteData]
    nature_of_work: str = ""
    method: str = ""
    existing_patches: str = ""
    planned_start: date | None = None
    planned_end: date | None = None
    emergency: bool = False
    opened_on: date | None = None  # the opening was already made (emergency, or unlawfully)
    city_notified_at: datetime | None = None
    notes: str = ""


def _clean_sites(session: Session, sites: Sequence[SiteData]) -> list[SiteData]:
    if not sites:
        raise InvalidInput(
            "List every opening: each must be on the application when it is submitted.",
            field="sites",
            cite=FEE_CITE,
        )
    cleaned = []
    for index, site in enumerate(sites, start=1):
        where = " ".join(site.location.split())
        if not where:
            raise InvalidInput(f"Opening {index}: enter its location.", field="sites")
        fits(OpeningSite.location, where, f"Opening {index}'s location", field="sites")
        if site.street_id is not None and session.get(Street, site.street_id) is None:
            raise NotFound(f"There is no street number {site.street_id}.")
        surface = site.surface.strip().lower()
        if surface and surface not in SURFACES:
            raise InvalidInput(
                f"Opening {index}: the surface is one of {', '.join(SURFACES)}.", field="sites"
            )
        for size in (site.length_ft, site.width_ft):
            if size is not None and not 0 < size <= 10_000:
                raise InvalidInput(
                    f"Opening {index}: sizes are whole feet from 1 to 10,000.", field="sites"
                )
        cleaned.append(SiteData(where, site.street_id, surface, site.length_ft, site.width_ft))
    return cleaned


def check_moment(moment: datetime, now: datetime, field: str) -> None:
    """A recorded time is an instant (with its zone) and not later than now."""
    if moment.tzinfo is None:
        raise InvalidInput("Give the time with its time zone.", field=field)
    if moment > now:
        raise InvalidInput("That time is later than now.", field=field)


def _refuse_opening(data: OpeningData, today: date, now: datetime) -> None:
    """Every refusal of the application's days and times at once (issue 19)."""
    found = Refusals()
    if data.planned_start and data.planned_end and data.planned_end < data.planned_start:
        found.refuse(InvalidInput("The work cannot end before it starts.", field="planned_end"))
    if data.opened_on is not None and data.opened_on > today:
        found.refuse(
            InvalidInput(
                "The opening cannot have been made after today; leave it empty until it is.",
                field="opened_on",
            )
        )
    if data.emergency and data.opened_on is None:
        found.refuse(
            InvalidInput(
                "Enter the day the emergency excavation was made.",
                field="opened_on",
                cite=EMERGENCY_CITE,
            )
        )
    if data.city_notified_at is not None:
        found.check(partial(check_moment, data.city_notified_at, now, "city_notified_at"))
    found.raise_any()


def _clean(session: Session, data: OpeningData, today: date, now: datetime) -> dict[str, object]:
    get_party(session, data.applicant_id)
    _refuse_opening(data, today, now)
    return {
        "applicant_id": data.applicant_id,
        "nature_of_work": data.nature_of_work.strip(),
        "method": data.method.strip(),
        "existing_patches": data.existing_patches.strip(),
        "planned_start": data.planned_start,
        "planned_end": data.planned_end,
        "emergency": data.emergency,
        "opened_on": data.opened_on,
        "city_notified_at": data.city_notified_at,
        "notes": data.notes.strip(),
    }


def _search_text(opening: StreetOpening, applicant: str) -> str:
    return fold(
        " ".join(
            [opening.number, applicant, opening.nature_of_work]
            + [s.location for s in opening.sites]
            + [s.street.full_name for s in opening.sites if s.street is not None]
        )
    )


def _number(action: Action) -> tuple[str, int, int]:
    year = action.today().year
    sequence = take_number(action, "street_opening", year=year)
    return f"SO-{year}-{sequence:03d}", year, sequence


def _fee(action: Action, opening: StreetOpening, applicant_id: int) -> None:
    """Bill the application and review fee as § 506-6 sets it for this application."""
    session = action.session
    fee = fee_on(session, FEE_CODE, opening.applied_on)
    record = RecordRef(RECORD_TYPE, str(opening.id))
    if opening.emergency and opening.opened_on is not None:
        waiver = emergency_fee_waiver_until(opening.opened_on, action.calendar)
        if opening.applied_on <= waiver:
            return  # no permit fee; actual City expenses are billed as they arise
        ledger.bill(
            action,
            party_id=applicant_id,
            record=record,
            kind=DueKind.FEE,
            amount=fee.amount,
            fee_item=fee,
            cite=EMERGENCY_FEE_CITE,
            description=f"Street opening {opening.number}: application and review fee "
            f"(emergency applied for after {format_day(waiver)})",
        )
        return
    ledger.bill(
        action,
        party_id=applicant_id,
        record=record,
        kind=DueKind.FEE,
        amount=fee.amount,
        fee_item=fee,
        cite=FEE_CITE,
        description=f"Street opening {opening.number}: application and review fee",
    )
    if opening.opened_on is not None:
        _double(action, opening, applicant_id)


def _doubled(session: Session, opening: StreetOpening) -> bool:
    """Whether the doubled fee is already billed (and not cancelled) for this application."""
    return any(
        due.kind == DueKind.DOUBLED_FEE and due.status != DueStatus.CANCELLED
        for due in ledger.dues_for(session, RecordRef(RECORD_TYPE, str(opening.id)))
    )


def _double(action: Action, opening: StreetOpening, applicant_id: int) -> None:
    fee = fee_on(action.session, FEE_CODE, opening.applied_on)
    ledger.bill(
        action,
        party_id=applicant_id,
        record=RecordRef(RECORD_TYPE, str(opening.id)),
        kind=DueKind.DOUBLED_FEE,
        amount=fee.amount,
        fee_item=fee,
        cite=FEE_CITE,
        description=f"Street opening {opening.number}: fee doubled, the opening was "
        "made before an approved permit was received",
    )


def _record(action: Action, data: OpeningData, status: OpeningStatus) -> StreetOpening:
    """Number and save an opening with its sites, as taken at the counter."""
    exempt = status is OpeningStatus.EXEMPT
    acts.allow_new(
        action, acts.RegisterAct.CITY_WORK if exempt else acts.RegisterAct.NEW_APPLICATION
    )
    session = action.session
    found = Refusals()  # the application's refusals and its openings', all at once (issue 19)
    values = found.check(partial(_clean, session, data, action.today(), action.now()))
    sites = found.check(partial(_clean_sites, session, data.sites))
    found.raise_any()
    assert values is not None and sites is not None  # refused above
    number, year, sequence = _number(action)
    opening = StreetOpening(
        **values,
        number=number,
        year=year,
        sequence=sequence,
        status=status,
        applied_at=action.now(),
        applied_on=action.today(),
        received_by_name=action.operator.full_name,
        created_at=action.now(),
    )
    opening.sites = [
        OpeningSite(
            position=i,
            location=s.location,
            street_id=s.street_id,
            surface=s.surface,
            length_ft=s.length_ft,
            width_ft=s.width_ft,
        )
        for i, s in enumerate(sites, start=1)
    ]
    session.add(opening)
    session.flush()
    session.refresh(opening, ["sites"])
    opening.search_text = _search_text(opening, get_party(session, data.applicant_id).name)
    return opening


def apply(action: Action, data: OpeningData) -> int:
    """Take an application for a street opening permit and bill its fee; the permit's id."""
    opening = _record(action, data, OpeningStatus.APPLIED)
    applicant = get_party(action.session, data.applicant_id)
    _fee(action, opening, applicant.id)
    action.audit(
        "opening.apply",
        opening,
        f"Street opening {opening.number} applied for by {applicant.name}"
        + (" (emergency)" if opening.emergency else ""),
        after=snapshot(opening) | {"sites": [s.location for s in opening.sites]},
    )
    return opening.id


def record_city_work(action: Action, data: OpeningData) -> int:
    """Record an opening by City departments or by a contractor under City contract: exempt,
    no permit or fee (§ 506-6 (City work excluded)); kept so the street's history is whole."""
    opening = _record(action, data, OpeningStatus.EXEMPT)
    action.audit(
        "opening.city_work",
        opening,
        f"City work {opening.number} recorded (exempt, {CITY_WORK_CITE})",
        after=snapshot(opening),
    )
    return opening.id


def get_opening(session: Session, opening_id: int) -> StreetOpening:
    opening = session.get(StreetOpening, opening_id)
    if opening is None:
        raise NotFound(f"There is no street opening number {opening_id}.")
    return opening


def record_opened(action: Action, opening_id: int, *, opened_on: date) -> int:
    """Record the day the opening was made. Made before the permit was approved (and not an
    emergency), the application and review fee is doubled."""
    opening = get_opening(action.session, opening_id)
    acts.allow(action, acts.OpeningAct.OPENED, opening)
    status = OpeningStatus(opening.status)
    if opened_on > action.today():
        raise InvalidInput("The opening cannot be made after today.", field="opened_on")
    if opened_on < opening.applied_on - timedelta(days=366):
        raise InvalidInput(
            "That day is more than a year before the application.", field="opened_on"
        )
    before = snapshot(opening)
    doubled = mark_made(action, opening, opened_on)
    if status is OpeningStatus.APPROVED:
        opening.status = OpeningStatus.IN_PROGRESS
    action.audit(
        "opening.opened",
        opening,
        f"Street opening {opening.number} made {format_day(opened_on)}"
        + ("; fee doubled" if doubled else ""),
        before=before,
        after=snapshot(opening),
    )
    return opening.id


def mark_made(action: Action, opening: StreetOpening, opened_on: date) -> bool:
    """Record the day the opening was made; made before the permit was approved (and not an
    emergency), bill the doubled fee unless it is already billed. True when it was billed."""
    opening.opened_on = opened_on
    early = opening.approved_on is None or opened_on < opening.approved_on
    if early and not opening.emergency and not _doubled(action.session, opening):
        _double(action, opening, opening.applicant_id)
        return True
    return False


# -- the checks before approval ----------------------------------------------------------------


def review(action: Action, opening_id: int) -> list[Finding]:
    opening = get_opening(action.session, opening_id)
    return approval_findings(
        action.session, opening, calendar=action.calendar, today=action.today()
    )


# -- decisions ---------------------------------------------------------------------------------


def determine_frozen_emergency(action: Action, opening_id: int, *, determined_by: str) -> None:
    """Record that the Director of Public Works or the Building Inspector determined the work an
    emergency excavation, which the frozen-ground season allows."""
    opening = get_opening(action.session, opening_id)
    acts.allow(action, acts.OpeningAct.FROZEN_EMERGENCY, opening)
    who = " ".join(determined_by.split())
    if not who:
        raise InvalidInput(
            "Name the official who determined the emergency.",
            field="determined_by",
            cite=FROZEN_CITE,
        )
    before = snapshot(opening)
    opening.frozen_emergency_by = fits(
        StreetOpening.frozen_emergency_by, who, "The official", field="determined_by"
    )
    opening.frozen_emergency_on = action.today()
    action.audit(
        "opening.frozen_emergency",
        opening,
        f"{who} determined {opening.number} an emergency excavation",
        before=before,
        after=snapshot(opening),
    )


def record_council_essential(action: Action, opening_id: int, *, on: date, note: str) -> None:
    """Record the Common Council's (or its committee's) finding that the opening of a street
    improved within five years is absolutely essential."""
    opening = get_opening(action.session, opening_id)
    acts.allow(action, acts.OpeningAct.COUNCIL_FINDING, opening)
    if on > action.today():
        raise InvalidInput("The Council's action cannot be later than today.", field="on")
    if not note.strip():
        raise InvalidInput(
            "Name the body and its action (e.g. Council motion, item 7).",
            field="note",
            cite=NEW_STREETS_CITE,
        )
    before = snapshot(opening)
    opening.council_essential_on, opening.council_essential_note = on, note.strip()
    action.audit(
        "opening.council_essential",
        opening,
        f"Council found {opening.number} absolutely essential on {format_day(on)}",
        before=before,
        after=snapshot(opening),
    )


def approve(action: Action, opening_id: int, *, title: str) -> int:
    """Approve the permit (Building Inspector or Director of Public Works): valid six months."""
    opening = get_opening(action.session, opening_id)
    acts.allow(action, acts.OpeningAct.APPROVE, opening)
    stop = blocking(review(action, opening_id))
    if stop:
        raise InvalidInput(stop[0].text, field="decision", cite=stop[0].cite)
    if not title.strip():
        raise InvalidInput("Give the approving official's title.", field="title")
    if title.strip() not in rules.APPROVING_TITLES:
        raise InvalidInput(
            "The permit is approved by the Building Inspector or the Director of Public Works, "
            f"not the {title.strip()}.",
            field="title",
            cite=rules.PERMIT_CITE,
        )
    before = snapshot(opening)
    today = action.today()
    opening.approved_on, opening.valid_until = today, valid_until(today)
    opening.approved_by_name = action.operator.full_name
    opening.approved_by_title = fits(StreetOpening.approved_by_title, title.strip(), "The title")
    opening.status = (
        OpeningStatus.IN_PROGRESS if opening.opened_on is not None else OpeningStatus.APPROVED
    )
    action.audit(
        "opening.approve",
        opening,
        f"Street opening {opening.number} approved, valid through "
        f"{format_day(opening.valid_until)}",
        before=before,
        after=snapshot(opening),
    )
    return opening.id


def refuse(action: Action, opening_id: int, *, reason: str) -> int:
    opening = get_opening(action.session, opening_id)
    acts.allow(action, acts.OpeningAct.REFUSE, opening)
    if not reason.strip():
        raise InvalidInput("State why the permit is refused.", field="reason")
    before = snapshot(opening)
    opening.status, opening.refused_reason = OpeningStatus.REFUSED, reason.strip()
    action.audit(
        "opening.refuse",
        opening,
        f"Street opening {opening.number} refused",
        before=before,
        after=snapshot(opening),
    )
    return opening.id


def renew(action: Action, opening_id: int, *, requested_on: date, granted_by: str) -> int:
    """Grant a thirty-day renewal on the permittee's written request (at the discretion of the
    Building Inspector or the Director of Public Works, who is recorded).

    The ordinance renews a permit whose operations "have begun" and "will continue beyond" its
    period: the opening must have been made, and the request made by the permit's last day (an
    expired permit is not renewed; a new one is applied for). The renewal adds thirty days to
    the last day, and the insurance and the bond must cover them too (§ 506-6 (Insurance
    required), § 506-6 (Bond))."""
    opening = get_opening(action.session, opening_id)
    acts.allow(action, acts.OpeningAct.RENEW, opening)
    assert opening.valid_until is not None  # the guard refuses a permit never approved
    if requested_on > action.today():
        raise InvalidInput("The request cannot be dated after today.", field="requested_on")
    if requested_on > opening.valid_until:
        raise InvalidInput(
            f"The permit expired {format_day(opening.valid_until)}, before the request: an "
            "expired permit is not renewed; apply for a new one.",
            field="requested_on",
            cite=RENEWAL_CITE,
        )
    who = " ".join(granted_by.split())
    if not who:
        raise InvalidInput(
            "Name the official who grants the renewal.", field="granted_by", cite=RENEWAL_CITE
        )
    first = opening.valid_until + timedelta(days=1)
    until = opening.valid_until + timedelta(days=RENEWAL_DAYS)
    stop = blocking(
        bonds.insurance_findings(
            action.session,
            party_id=opening.applicant_id,
            requirement=STREET_OPENING,
            covers=Covers(first, until),
            calendar=action.calendar,
        )
        + bonds.street_opening_bond_findings(
            action.session,
            party_id=opening.applicant_id,
            work_on=first,
            work_until=until,
            record_type=RECORD_TYPE,
            record_id=str(opening.id),
            record_number=opening.number,
        )
    )
    if stop:
        raise InvalidInput(stop[0].text, field="decision", cite=stop[0].cite)
    renewal = OpeningRenewal(
        opening_id=opening.id,
        requested_on=requested_on,
        granted_on=action.today(),
        granted_by=fits(OpeningRenewal.granted_by, who, "The official", field="granted_by"),
        valid_until=until,
        created_at=action.now(),
    )
    action.session.add(renewal)
    before = snapshot(opening)
    opening.valid_until = renewal.valid_until
    action.audit(
        "opening.renew",
        opening,
        f"Street opening {opening.number} renewed by {who} through "
        f"{format_day(renewal.valid_until)}",
        before=before,
        after=snapshot(opening),
    )
    return renewal.id


# -- the work --------------------------------------------------------------------------------


def display_status(opening: StreetOpening, today: date) -> str:
    """The status as the register shows it: an approved permit past its last day unused is
    expired; a restored one is in its guarantee period until the year is out."""
    status = OpeningStatus(opening.status)
    if rules.expired(status, opening.valid_until, today):
        return "Expired"
    if status is OpeningStatus.RESTORED and opening.completed_on is not None:
        ended = today > rules.guarantee_ends(opening.completed_on)
        return "Guarantee ended" if ended else "Guarantee period"
    return status.label


# -- charges -----------------------------------------------------------------------------------


# -- the street improvement register -----------------------------------------------------------


# -- registers and the Today tab ---------------------------------------------------------------


def search_openings(
    session: Session,
    text: str = "",
    *,
    status: OpeningStatus | None = None,
    year: int | None = None,
    limit: int = SEARCH_LIMIT,
) -> list[StreetOpening]:
    query = select(StreetOpening)
    query = query.where(*words_match(session, StreetOpening.search_text, text))
    if status is not None:
        query = query.where(StreetOpening.status == status)
    if year is not None:
        query = query.where(StreetOpening.year == year)
    query = query.options(
        selectinload(StreetOpening.applicant),
        selectinload(StreetOpening.sites).selectinload(OpeningSite.street),
        selectinload(StreetOpening.renewals),
    ).order_by(StreetOpening.applied_at.desc(), StreetOpening.id.desc())
    return list(session.scalars(query.limit(limit)))


@provider("street_openings")
def _due(action: Action) -> list[TodayItem]:
    """Permits expiring within 14 days, restorations overdue, emergency applications missing
    their notification, guarantees ending."""
    rows = action.session.scalars(
        select(StreetOpening)
        .where(
            StreetOpening.status.in_(
                (
                    OpeningStatus.APPLIED,
                    OpeningStatus.APPROVED,
                    OpeningStatus.IN_PROGRESS,
                    OpeningStatus.RESTORED,
                )
            )
        )
        .options(selectinload(StreetOpening.applicant))
    ).all()
    checks = (_expiry_due, _restoration_due, _notification_due, _guarantee_due)
    items: list[TodayItem] = []
    for opening in rows:
        for check in checks:
            found = check(action, opening)
            if found is not None:
                date_on, title, cite = found
                items.append(
                    TodayItem(
                        "Street Openings",
                        date_on,
                        title,
                        opening.applicant.name,
                        cite,
                        record_type=RECORD_TYPE,
                        record_id=str(opening.id),
                    )
                )
    return items


#: What one of the Today tab's checks finds on a permit: its day, its title and its section.
_Found = tuple[date, str, str] | None


def _expiry_due(action: Action, opening: StreetOpening) -> _Found:
    """An approved permit never used drops off once expired (the register says "Expired");
    one whose opening is made and not restored stays until it is."""
    today, status = action.today(), OpeningStatus(opening.status)
    if (
        status in (OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS)
        and opening.valid_until
        and opening.completed_on is None
        and opening.valid_until <= today + timedelta(days=EXPIRY_WARNING_DAYS)
        and (status is OpeningStatus.IN_PROGRESS or opening.valid_until >= today)
    ):
        word = "expired" if opening.valid_until < today else "expires"
        title = f"Permit {opening.number} {word} {format_day(opening.valid_until)}"
        return opening.valid_until, title, VALIDITY_CITE
    return None


def _restoration_due(action: Action, opening: StreetOpening) -> _Found:
    """An opening made and its restoration (or its temporary patch's replacement) near due."""
    status = OpeningStatus(opening.status)
    if status not in (OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS) or not opening.approved_on:
        return None
    due = (
        patch_replacement_due(opening.temporary_patch_on)
        if opening.temporary_patch_on
        else restoration_due(opening.approved_on, action.calendar)
    )
    if opening.opened_on is not None and due <= action.today() + timedelta(
        days=RESTORATION_WARNING_DAYS
    ):
        return due, f"Restoration of {opening.number} due {format_day(due)}", RESTORATION_CITE
    return None


def _notification_due(action: Action, opening: StreetOpening) -> _Found:
    """An emergency opening whose notification of the City's officials is not recorded."""
    if (
        opening.emergency
        and opening.city_notified_at is None
        and OpeningStatus(opening.status) is not OpeningStatus.RESTORED
    ):
        title = f"Emergency {opening.number}: City officials' notification not recorded"
        return opening.applied_on, title, EMERGENCY_CITE
    return None


def _guarantee_due(action: Action, opening: StreetOpening) -> _Found:
    """A restored opening whose year's guarantee ends soon, or has ended (close the permit)."""
    if OpeningStatus(opening.status) is not OpeningStatus.RESTORED or opening.completed_on is None:
        return None
    today, ends = action.today(), rules.guarantee_ends(opening.completed_on)
    if ends > today + timedelta(days=GUARANTEE_WARNING_DAYS):
        return None
    title = (
        f"Restoration guarantee of {opening.number} ends {format_day(ends)}"
        if ends >= today
        else f"Restoration guarantee of {opening.number} ended {format_day(ends)}: close the permit"
    )
    return ends, title, DEFICIENCY_CITE
