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
from datetime import date, datetime, timedelta, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import one_year_after
from clerk_desk.clock import city_zone
from clerk_desk.coverage import STREET_OPENING, Covers
from clerk_desk.deadlines import CityCalendar, months_after
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.fees import fee_on
from clerk_desk.findings import Finding, blocking
from clerk_desk.kinds import ChargeKind, DueKind, DueStatus, OpeningStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    OpeningRenewal,
    OpeningSite,
    SpecialCharge,
    Street,
    StreetImprovement,
    StreetOpening,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import fold, get_party
from clerk_desk.permissions import Permission
from clerk_desk.special_charges import service as sc
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import clock_time, format_day

PERMIT_CITE = "§ 506-6 (Permit to be obtained)"
FEE_CITE = "§ 506-6 (Fee)"
EMERGENCY_FEE_CITE = "§ 506-6 (Fee; emergency excavation)"
APPLICATION_CITE = "§ 506-6 (Application for permit)"
CITY_WORK_CITE = "§ 506-6 (City work excluded)"
VALIDITY_CITE = "§ 506-6 (Validity of permit)"
RENEWAL_CITE = "§ 506-6 (Renewal of permit)"
FROZEN_CITE = "§ 506-7 (Frozen ground)"
NEW_STREETS_CITE = "§ 506-7 (Excavation in new streets limited)"
EMERGENCY_CITE = "§ 506-7 (Emergency excavation)"
NOTICE_CITE = "§ 506-7 (Notice)"
COMMENCEMENT_CITE = "§ 506-7 (Protection of public)"
RESTORATION_CITE = (
    "§ 506-7 (Pavement replacement and sidewalk, curb and gutter and driveway restoration)"
)
REPAIR_CITE = "§ 506-7 (Repair by City)"
PATCHES_CITE = "§ 506-7 (Pavement removal)"
DEFICIENCY_CITE = "§ 506-6 (Bond)"
FEE_CODE = "STOPEN"
RECORD_TYPE = "street_opening"
VALID_MONTHS = 6
RENEWAL_DAYS = 30
RESTORATION_DAYS = 60
EMERGENCY_BUSINESS_DAYS = 2  # fee waived when applied for within two regular business days
MORATORIUM_YEARS = 5
# The City's repair and the deficiency repair are special charges: their clocks and the 20% for
# administration are those of :data:`clerk_desk.special_charges.service.CLOCKS`.
COMMENCEMENT_NOTICE = timedelta(hours=24)
BACKFILL_NOTICE = timedelta(hours=4)
SURFACES = ("asphalt", "concrete", "sidewalk", "curb and gutter", "driveway", "gravel", "terrace")
SEARCH_LIMIT = 500
EXPIRY_WARNING_DAYS = 14  # Today: permits expiring within 14 days
RESTORATION_WARNING_DAYS = 7
GUARANTEE_WARNING_DAYS = 30


# -- the calendar rules ------------------------------------------------------------------------


def valid_until(approved_on: date) -> date:
    """The last day of a permit approved on ``approved_on``: six months (§ 506-6)."""
    return months_after(approved_on, VALID_MONTHS)


def in_frozen_ground(day: date) -> bool:
    """Whether ``day`` falls "between November 15 and May 1" (§ 506-7 (Frozen ground)).

    Both named days are read as inside the closed season: the rule protects the streets while
    the ground is frozen, and a permit on either day is one an Inspector would want to see as
    an emergency. (The ordinance does not say; this is the reading the program applies and
    states on screen.)"""
    return (day.month, day.day) >= (11, 15) or (day.month, day.day) <= (5, 1)


FROZEN_RULE = (
    "No openings between November 15 and May 1, both days included, except an emergency "
    "excavation so determined by the Director of Public Works or the Building Inspector."
)


def frozen_days(start: date, end: date) -> list[date]:
    """Every day of ``start``..``end`` (both included) in the closed season, in order."""
    days = []
    day = start
    while day <= end:
        if in_frozen_ground(day):
            days.append(day)
        day += timedelta(days=1)
    return days


def emergency_application_due(opened_on: date, calendar: CityCalendar) -> date:
    """An emergency excavation is applied for "not later than the next business day"."""
    return calendar.add_business_days(opened_on, 1)


def emergency_fee_waiver_until(opened_on: date, calendar: CityCalendar) -> date:
    """The last day an emergency application keeps the fee waived: two regular business days."""
    return calendar.add_business_days(opened_on, EMERGENCY_BUSINESS_DAYS)


def restoration_due(approved_on: date, calendar: CityCalendar) -> date:
    """Permanent pavement within 60 days of the date of the permit (§ 506-7G); the work is the
    permittee's, not an act at City Hall."""
    return calendar.add_days(approved_on, RESTORATION_DAYS, at_city_hall=False)


def patch_replacement_due(patched_on: date) -> date:
    """A winter cold-mix patch is replaced "not later than the following July 1"."""
    july = date(patched_on.year, 7, 1)
    return july if patched_on < july else date(patched_on.year + 1, 7, 1)


def moratorium_ends(completed_on: date) -> date:
    """The last day of the five years after an improvement or repaving."""
    try:
        return completed_on.replace(year=completed_on.year + MORATORIUM_YEARS)
    except ValueError:  # February 29
        return completed_on.replace(year=completed_on.year + MORATORIUM_YEARS, day=28)


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


def _check_moment(moment: datetime, now: datetime, field: str) -> None:
    """A recorded time is an instant (with its zone) and not later than now."""
    if moment.tzinfo is None:
        raise InvalidInput("Give the time with its time zone.", field=field)
    if moment > now:
        raise InvalidInput("That time is later than now.", field=field)


def _clean(session: Session, data: OpeningData, today: date, now: datetime) -> dict[str, object]:
    get_party(session, data.applicant_id)
    if data.planned_start and data.planned_end and data.planned_end < data.planned_start:
        raise InvalidInput("The work cannot end before it starts.", field="planned_end")
    if data.opened_on is not None and data.opened_on > today:
        raise InvalidInput(
            "The opening cannot have been made after today; leave it empty until it is.",
            field="opened_on",
        )
    if data.emergency and data.opened_on is None:
        raise InvalidInput(
            "Enter the day the emergency excavation was made.",
            field="opened_on",
            cite=EMERGENCY_CITE,
        )
    if data.city_notified_at is not None:
        _check_moment(data.city_notified_at, now, "city_notified_at")
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
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    values = _clean(session, data, action.today(), action.now())
    sites = _clean_sites(session, data.sites)
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


def _refuse_if_done(opening: StreetOpening) -> None:
    """Refused, closed and exempt records take no more steps of the permit."""
    status = OpeningStatus(opening.status)
    if status in (OpeningStatus.REFUSED, OpeningStatus.CLOSED, OpeningStatus.EXEMPT):
        raise Conflict(f"Street opening {opening.number} is {status.label.lower()}.")


def record_opened(action: Action, opening_id: int, *, opened_on: date) -> StreetOpening:
    """Record the day the opening was made. Made before the permit was approved (and not an
    emergency), the application and review fee is doubled."""
    action.require(Permission.TAKE_APPLICATIONS)
    opening = get_opening(action.session, opening_id)
    _refuse_if_done(opening)
    status = OpeningStatus(opening.status)
    if opened_on > action.today():
        raise InvalidInput("The opening cannot be made after today.", field="opened_on")
    if opened_on < opening.applied_on - timedelta(days=366):
        raise InvalidInput(
            "That day is more than a year before the application.", field="opened_on"
        )
    before = snapshot(opening)
    doubled = _made(action, opening, opened_on)
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
    return opening


def _made(action: Action, opening: StreetOpening, opened_on: date) -> bool:
    """Record the day the opening was made; made before the permit was approved (and not an
    emergency), bill the doubled fee unless it is already billed. True when it was billed."""
    opening.opened_on = opened_on
    early = opening.approved_on is None or opened_on < opening.approved_on
    if early and not opening.emergency and not _doubled(action.session, opening):
        _double(action, opening, opening.applicant_id)
        return True
    return False


# -- the checks before approval ----------------------------------------------------------------


def improvements_on(session: Session, street_id: int) -> list[StreetImprovement]:
    return list(
        session.scalars(
            select(StreetImprovement)
            .where(StreetImprovement.street_id == street_id)
            .order_by(StreetImprovement.completed_on.desc())
        )
    )


def _permit_period(opening: StreetOpening, today: date) -> tuple[date, date]:
    start = opening.approved_on or today
    return start, valid_until(start)


def work_period(opening: StreetOpening) -> tuple[date, date] | None:
    """The days of the work as the application gives them: from the earlier of the planned
    start and the day the opening was actually made, to the planned end (or that first day).
    None when the application gives neither."""
    known = [day for day in (opening.planned_start, opening.opened_on) if day is not None]
    if not known:
        return None
    start = min(known)
    return start, max(opening.planned_end or start, start)


def approval_findings(
    session: Session, opening: StreetOpening, *, calendar: CityCalendar, today: date
) -> list[Finding]:
    """Everything §§ 506-6 and 506-7 say about issuing this permit today, each cited: a block
    stops the approval, a warning is for the approving official to read."""
    if OpeningStatus(opening.status) is OpeningStatus.EXEMPT:
        return [
            Finding(
                "info",
                CITY_WORK_CITE,
                "City work: exempt from the permit and its fee; recorded for the street's history.",
            )
        ]
    found: list[Finding] = []
    if not opening.sites:
        found.append(Finding("block", FEE_CITE, "No opening is listed on the application."))
    missing = [
        what
        for what, text in (
            ("the nature of the work", opening.nature_of_work),
            ("the method", opening.method),
        )
        if not text.strip()
    ]
    if missing:
        found.append(
            Finding(
                "block", APPLICATION_CITE, f"The application does not give {' or '.join(missing)}."
            )
        )
    found += _frozen(opening)
    found += _new_streets(session, opening, today)
    found += _emergency(opening, calendar)
    start, end = _permit_period(opening, today)
    period = work_period(opening)
    if period is not None and period[1] > end:
        found.append(
            Finding(
                "warn",
                VALIDITY_CITE,
                f"The work is planned to end {format_day(period[1])}, after the permit's last "
                f"day ({format_day(end)}, six months from approval): it will need a renewal.",
            )
        )
    found += bonds.insurance_findings(
        session,
        party_id=opening.applicant_id,
        requirement=STREET_OPENING,
        covers=Covers(start, end),
        calendar=calendar,
    )
    work_on, work_until = work_period(opening) or (today, today)
    found += bonds.street_opening_bond_findings(
        session,
        party_id=opening.applicant_id,
        work_on=work_on,
        work_until=work_until,
        record_type=RECORD_TYPE,
        record_id=str(opening.id),
        record_number=opening.number,
    )
    found += bonds.revocation_findings(session, party_id=opening.applicant_id, on=today)
    found += _fee_findings(session, opening)
    if opening.existing_patches.strip():
        found.append(
            Finding(
                "info",
                PATCHES_CITE,
                f"Existing patches or openings nearby: {opening.existing_patches}. "
                "The approving official sets the pavement replacement area on "
                "site.",
            )
        )
    return found


def _fee_findings(session: Session, opening: StreetOpening) -> list[Finding]:
    """The permit fee (doubled, if so) must be receipted before the permit issues; an emergency
    applied for in time owes none. Actual City expenses are billed as they arise and do not
    hold the permit back."""
    fees = [
        due
        for due in ledger.dues_for(session, RecordRef(RECORD_TYPE, str(opening.id)))
        if due.kind in (DueKind.FEE, DueKind.DOUBLED_FEE) and due.status != DueStatus.CANCELLED
    ]
    unpaid = [due for due in fees if due.status != DueStatus.PAID]
    if not unpaid:
        return []
    owed = sum((due.balance for due in unpaid), Money.zero())
    return [
        Finding(
            "block",
            FEE_CITE,
            f"The fee is not paid ({owed} owed): permit fees are paid to the Treasurer, who "
            "issues a receipt.",
        )
    ]


def _frozen(opening: StreetOpening) -> list[Finding]:
    period = work_period(opening)
    if period is None:
        return [Finding("warn", FROZEN_CITE, "The planned start of the work is not given.")]
    days = frozen_days(*period)
    if not days:
        return []
    if opening.frozen_emergency_by:
        return [
            Finding(
                "info",
                FROZEN_CITE,
                f"Work in the frozen-ground season ({format_day(days[0])}): determined "
                f"an emergency excavation by {opening.frozen_emergency_by}.",
            )
        ]
    return [
        Finding(
            "block",
            FROZEN_CITE,
            f"The work falls on {format_day(days[0])}, in the frozen-ground season. " + FROZEN_RULE,
        )
    ]


def _new_streets(session: Session, opening: StreetOpening, today: date) -> list[Finding]:
    found = []
    streets: dict[int, OpeningSite] = {}
    for site in opening.sites:  # several openings in one street: one finding per improvement
        if site.street_id is not None:
            streets.setdefault(site.street_id, site)
    for street_id, site in streets.items():
        for improvement in improvements_on(session, street_id):
            if improvement.completed_on is None:
                continue
            ends = moratorium_ends(improvement.completed_on)
            if today > ends:
                continue
            name = site.street.full_name if site.street else "the street"
            if opening.council_essential_on is not None:
                found.append(
                    Finding(
                        "info",
                        NEW_STREETS_CITE,
                        f"{name} was improved {format_day(improvement.completed_on)}; the Common "
                        f"Council found the opening absolutely essential on "
                        f"{format_day(opening.council_essential_on)}.",
                    )
                )
            else:
                found.append(
                    Finding(
                        "block",
                        NEW_STREETS_CITE,
                        f"{name} was improved or repaved {format_day(improvement.completed_on)}: "
                        f"no permit to open it through {format_day(ends)} unless the Common "
                        "Council, or its committee, finds it absolutely essential.",
                    )
                )
    return found


def _emergency(opening: StreetOpening, calendar: CityCalendar) -> list[Finding]:
    if not opening.emergency or opening.opened_on is None:
        return []
    found = []
    due = emergency_application_due(opening.opened_on, calendar)
    if opening.applied_on > due:
        found.append(
            Finding(
                "warn",
                EMERGENCY_CITE,
                f"The emergency excavation of {format_day(opening.opened_on)} was applied for "
                f"{format_day(opening.applied_on)}; the application was due the next business day, "
                f"{format_day(due)}.",
            )
        )
    waiver = emergency_fee_waiver_until(opening.opened_on, calendar)
    if opening.applied_on <= waiver:
        found.append(
            Finding(
                "info",
                EMERGENCY_FEE_CITE,
                f"Applied for within two regular business days (by {format_day(waiver)}): no "
                "permit fee; actual City expenses are charged.",
            )
        )
    else:
        found.append(
            Finding(
                "info",
                EMERGENCY_FEE_CITE,
                f"Applied for after {format_day(waiver)}: the fee is as the fee schedule sets it.",
            )
        )
    if opening.city_notified_at is None:
        found.append(
            Finding(
                "warn",
                EMERGENCY_CITE,
                "City officials must be notified immediately of an emergency excavation; no "
                "notification is recorded.",
            )
        )
    return found


def review(action: Action, opening_id: int) -> list[Finding]:
    opening = get_opening(action.session, opening_id)
    return approval_findings(
        action.session, opening, calendar=action.calendar, today=action.today()
    )


# -- decisions ---------------------------------------------------------------------------------


def determine_frozen_emergency(action: Action, opening_id: int, *, determined_by: str) -> None:
    """Record that the Director of Public Works or the Building Inspector determined the work an
    emergency excavation, which the frozen-ground season allows."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    opening = get_opening(action.session, opening_id)
    _refuse_if_done(opening)
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
    action.require(Permission.TAKE_APPLICATIONS)
    opening = get_opening(action.session, opening_id)
    _refuse_if_done(opening)
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


def approve(action: Action, opening_id: int, *, title: str) -> StreetOpening:
    """Approve the permit (Building Inspector or Director of Public Works): valid six months."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    opening = get_opening(action.session, opening_id)
    if OpeningStatus(opening.status) is not OpeningStatus.APPLIED:
        raise Conflict(
            f"Street opening {opening.number} is {OpeningStatus(opening.status).label.lower()}."
        )
    stop = blocking(review(action, opening_id))
    if stop:
        raise InvalidInput(stop[0].text, field="decision", cite=stop[0].cite)
    if not title.strip():
        raise InvalidInput("Give the approving official's title.", field="title")
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
    return opening


def refuse(action: Action, opening_id: int, *, reason: str) -> StreetOpening:
    action.require(Permission.APPROVE_WORK_PERMITS)
    opening = get_opening(action.session, opening_id)
    if OpeningStatus(opening.status) is not OpeningStatus.APPLIED:
        raise Conflict(
            f"Street opening {opening.number} is {OpeningStatus(opening.status).label.lower()}."
        )
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
    return opening


def renew(
    action: Action, opening_id: int, *, requested_on: date, granted_by: str
) -> OpeningRenewal:
    """Grant a thirty-day renewal on the permittee's written request (at the discretion of the
    Building Inspector or the Director of Public Works, who is recorded).

    The ordinance renews a permit whose operations "have begun" and "will continue beyond" its
    period: the opening must have been made, and the request made by the permit's last day (an
    expired permit is not renewed; a new one is applied for). The renewal adds thirty days to
    the last day, and the insurance and the bond must cover them too (§ 506-6 (Insurance
    required), § 506-6 (Bond))."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    opening = get_opening(action.session, opening_id)
    status = OpeningStatus(opening.status)
    if opening.valid_until is None or status not in (
        OpeningStatus.APPROVED,
        OpeningStatus.IN_PROGRESS,
    ):
        raise Conflict("Only an approved permit still open can be renewed.", cite=RENEWAL_CITE)
    if status is OpeningStatus.APPROVED:
        raise Conflict(
            f"Operations have not begun under permit {opening.number}: a renewal is for work "
            "begun that will continue beyond the permit's last day. Record the day the opening "
            "was made first.",
            cite=RENEWAL_CITE,
        )
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
    if until < action.today():
        raise InvalidInput(
            f"Thirty days from the permit's last day ended {format_day(until)}: apply for a "
            "new permit.",
            field="decision",
            cite=RENEWAL_CITE,
        )
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
    return renewal


# -- the work --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WorkRecord:
    """The notices and steps of the work as they happen (each optional, recorded when known)."""

    commencement_notice_at: datetime | None = None
    started_at: datetime | None = None
    backfill_notice_at: datetime | None = None
    backfilled_at: datetime | None = None
    temporary_patch_on: date | None = None
    completed_on: date | None = None


def record_work(action: Action, opening_id: int, work: WorkRecord) -> StreetOpening:
    """Record the notices (24 hours before the work, 4 hours before backfilling), the backfill,
    a winter cold-mix patch and the permanent restoration's completion."""
    action.require(Permission.TAKE_APPLICATIONS)
    opening = get_opening(action.session, opening_id)
    status = OpeningStatus(opening.status)
    if status not in (OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS, OpeningStatus.RESTORED):
        raise Conflict(f"Street opening {opening.number} is {status.label.lower()}.")
    now, today = action.now(), action.today()
    for field in ("commencement_notice_at", "started_at", "backfill_notice_at", "backfilled_at"):
        value = getattr(work, field)
        if value is not None:
            _check_moment(value, now, field)
    for field in ("temporary_patch_on", "completed_on"):
        value = getattr(work, field)
        if value is not None and value > today:
            raise InvalidInput("That day is later than today.", field=field)
    started = work.started_at or opening.started_at
    if work.backfilled_at and started and work.backfilled_at < started:
        raise InvalidInput(
            "Backfilling cannot come before the work started.", field="backfilled_at"
        )
    zone = action.clock.local_now().tzinfo
    made = opening.opened_on or (started.astimezone(zone).date() if started else None)
    for field in ("temporary_patch_on", "completed_on"):
        value = getattr(work, field)
        if value is not None and made is not None and value < made:
            raise InvalidInput(
                f"That day is before the opening was made ({format_day(made)}).", field=field
            )
    before = snapshot(opening)
    for field in WorkRecord.__dataclass_fields__:
        value = getattr(work, field)
        if value is not None:
            setattr(opening, field, value)
    if opening.started_at is not None and opening.opened_on is None:
        # The work began: that is the day the opening was made (before the permit was
        # approved, the fee is doubled).
        _made(action, opening, opening.started_at.astimezone(zone).date())
    if opening.completed_on is not None:
        opening.status = OpeningStatus.RESTORED
    elif opening.opened_on is not None:
        opening.status = OpeningStatus.IN_PROGRESS
    action.audit(
        "opening.work",
        opening,
        f"Work on {opening.number} recorded",
        before=before,
        after=snapshot(opening),
    )
    return opening


@dataclass(frozen=True, slots=True)
class ChecklistLine:
    title: str
    done: bool
    when: str  # the recorded time or day, or what is due
    finding: Finding | None = None


def work_checklist(
    opening: StreetOpening, *, calendar: CityCalendar, today: date, tz: tzinfo | None = None
) -> list[ChecklistLine]:
    """The notices and restoration deadlines of an approved permit, with their times (shown in
    ``tz``, the City's time zone unless given: the database keeps instants in UTC)."""
    zone = tz or city_zone()
    lines = []
    notice, started = opening.commencement_notice_at, opening.started_at
    if opening.emergency:
        lines.append(
            ChecklistLine(
                "Notice 24 hours before the work", True, "Not required for an emergency excavation"
            )
        )
    elif notice is None:
        lines.append(
            ChecklistLine(
                "Notice 24 hours before the work",
                False,
                "Not recorded",
                Finding(
                    "warn",
                    COMMENCEMENT_CITE,
                    "The 24-hour notice before the excavation is not recorded.",
                ),
            )
        )
    else:
        late = started is not None and started - notice < COMMENCEMENT_NOTICE
        lines.append(
            ChecklistLine(
                "Notice 24 hours before the work",
                not late,
                _at(notice, zone),
                Finding(
                    "warn",
                    COMMENCEMENT_CITE,
                    "The notice came less than 24 hours before the work started.",
                )
                if late
                else None,
            )
        )
    backfill_notice, backfilled = opening.backfill_notice_at, opening.backfilled_at
    if backfill_notice is None:
        lines.append(
            ChecklistLine(
                "Notice 4 hours before backfilling",
                False,
                "Not recorded",
                Finding(
                    "warn",
                    NOTICE_CITE,
                    "The Director of Public Works must be notified at "
                    "least four hours before backfilling.",
                )
                if backfilled
                else None,
            )
        )
    else:
        late = backfilled is not None and backfilled - backfill_notice < BACKFILL_NOTICE
        lines.append(
            ChecklistLine(
                "Notice 4 hours before backfilling",
                not late,
                _at(backfill_notice, zone),
                Finding(
                    "warn", NOTICE_CITE, "The notice came less than four hours before backfilling."
                )
                if late
                else None,
            )
        )
    if opening.approved_on is not None:
        due = restoration_due(opening.approved_on, calendar)
        if opening.completed_on is not None:
            title = "Permanent pavement within 60 days"
            if opening.temporary_patch_on is not None:
                # A winter cold-mix patch had until the following July 1 to be replaced.
                title = "Cold-mix patch replaced by July 1"
                due = patch_replacement_due(opening.temporary_patch_on)
            late = opening.completed_on > due
            lines.append(
                ChecklistLine(
                    title,
                    not late,
                    format_day(opening.completed_on),
                    Finding(
                        "warn",
                        RESTORATION_CITE,
                        f"Restored {format_day(opening.completed_on)}; due by {format_day(due)}.",
                    )
                    if late
                    else None,
                )
            )
        elif opening.temporary_patch_on is not None:
            by = patch_replacement_due(opening.temporary_patch_on)
            lines.append(
                ChecklistLine(
                    "Cold-mix patch replaced by July 1",
                    False,
                    f"Patched {format_day(opening.temporary_patch_on)}; "
                    f"replace by {format_day(by)}",
                    Finding(
                        "block",
                        RESTORATION_CITE,
                        f"The winter patch was not replaced by {format_day(by)}.",
                    )
                    if today > by
                    else None,
                )
            )
        else:
            lines.append(
                ChecklistLine(
                    "Permanent pavement within 60 days",
                    False,
                    f"Due by {format_day(due)}",
                    Finding(
                        "block",
                        RESTORATION_CITE,
                        f"Permanent pavement was due by {format_day(due)}.",
                    )
                    if today > due
                    else None,
                )
            )
    if opening.completed_on is not None:
        ends = guarantee_ends(opening)
        lines.append(
            ChecklistLine(
                "One-year restoration guarantee", today > ends, f"Runs through {format_day(ends)}"
            )
        )
    return lines


def _at(moment: datetime, zone: tzinfo) -> str:
    local = moment.astimezone(zone)
    return f"{format_day(local.date())} {clock_time(local)}"


def guarantee_ends(opening: StreetOpening) -> date:
    assert opening.completed_on is not None
    return one_year_after(opening.completed_on)


def close(action: Action, opening_id: int) -> StreetOpening:
    """Close a restored permit once its one-year guarantee has run."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    opening = get_opening(action.session, opening_id)
    if OpeningStatus(opening.status) is not OpeningStatus.RESTORED:
        raise Conflict("Only a restored opening can be closed.")
    if action.today() <= guarantee_ends(opening):
        raise InvalidInput(
            f"The guarantee runs through {format_day(guarantee_ends(opening))}.",
            field="decision",
            cite=DEFICIENCY_CITE,
        )
    before = snapshot(opening)
    opening.status = OpeningStatus.CLOSED
    action.audit(
        "opening.close",
        opening,
        f"Street opening {opening.number} closed",
        before=before,
        after=snapshot(opening),
    )
    return opening


def display_status(opening: StreetOpening, today: date) -> str:
    """The status as the register shows it: an approved permit past its last day unused is
    expired; a restored one is in its guarantee period until the year is out."""
    status = OpeningStatus(opening.status)
    if status is OpeningStatus.APPROVED and opening.valid_until and today > opening.valid_until:
        return "Expired"
    if status is OpeningStatus.RESTORED:
        return "Guarantee period" if today <= guarantee_ends(opening) else "Guarantee ended"
    return status.label


# -- charges -----------------------------------------------------------------------------------


def _costs(named: Sequence[tuple[str, Money]]) -> None:
    for field, amount in named:
        if amount < Money.zero():
            raise InvalidInput("An amount cannot be negative.", field=field)


def _check_notice(action: Action, notice_on: date) -> None:
    if notice_on > action.today():
        raise InvalidInput("The notice cannot be dated after today.", field="notice_on")


def _where(opening: StreetOpening) -> str:
    sites = "; ".join(site.location for site in opening.sites)
    return f" ({sites})" if sites else ""


def charge_city_repair(
    action: Action,
    opening_id: int,
    *,
    repair: Money,
    maintenance: Money,
    notice_on: date,
    parcel_id: int | None,
    delivered_how: str = "mailed",
) -> SpecialCharge:
    """The City made the pavement repair: its cost and a year's maintenance are charged to the
    permittee, as a special charge against the premises for which the permit was issued
    (``parcel_id``); unpaid 90 days after actual notice (``notice_on``, the day the bill went
    out and was received), it becomes a lien collected as a special tax (§ 506-7 (Repair by
    City)). The 90 days are counted on the City's calendar (a last day City Hall is closed
    moves to the next day it is open); from the day after, the charge may go on the tax roll
    (:data:`clerk_desk.special_charges.service.CLOCKS`)."""
    action.require(Permission.BILL)
    opening = get_opening(action.session, opening_id)
    _check_notice(action, notice_on)
    _costs((("repair", repair), ("maintenance", maintenance)))
    if repair + maintenance <= Money.zero():
        raise InvalidInput("Enter the cost of the repair.", field="repair")
    if parcel_id is None:
        raise InvalidInput(
            "Choose the premises for which the permit was issued: unpaid, the charge becomes a "
            "lien against them.",
            field="parcel",
            cite=REPAIR_CITE,
        )
    lines = [
        sc.LineData(category, description, amount)
        for category, description, amount in (
            ("other", "Pavement repair made by the City", repair),
            ("other", "One year's maintenance of the repair", maintenance),
        )
        if amount > Money.zero()
    ]
    return sc.create_charge(
        action,
        sc.ChargeData(
            kind=ChargeKind.OPENING_REPAIR,
            billed_party_id=opening.applicant_id,
            work=f"Pavement repair over street opening {opening.number}{_where(opening)}",
            work_done_on=notice_on,
            lines=lines,
            parcel_id=parcel_id,
            billed_as="permittee",
            record_type=RECORD_TYPE,
            record_id=str(opening.id),
        ),
        sc.BillData(bill_on=notice_on, delivered_how=delivered_how, received_on=notice_on),
    )


def charge_deficiency_repair(
    action: Action,
    opening_id: int,
    *,
    labor: Money,
    materials: Money,
    equipment: Money,
    notice_on: date,
    delivered_how: str = "mailed",
) -> SpecialCharge:
    """Bill the Director of Public Works' repair of deficiencies to the permittee: labor,
    materials and equipment plus 20% for administration (§ 506-6 (Bond)), payable in the City's
    30 days from the bill (``notice_on``). The section puts no lien on a property: the charge is
    billed, never certified to the tax roll."""
    action.require(Permission.BILL)
    opening = get_opening(action.session, opening_id)
    _check_notice(action, notice_on)
    named = (("labor", labor), ("materials", materials), ("equipment", equipment))
    _costs(named)
    if labor + materials + equipment <= Money.zero():
        raise InvalidInput("Enter the labor, materials and equipment.", field="labor")
    lines = [
        sc.LineData(category, f"{category.capitalize()} used in the repair", amount)
        for category, amount in named
        if amount > Money.zero()
    ]
    return sc.create_charge(
        action,
        sc.ChargeData(
            kind=ChargeKind.DEFICIENCY_REPAIR,
            billed_party_id=opening.applicant_id,
            work=f"Deficiencies of street opening {opening.number} repaired by the Director "
            f"of Public Works{_where(opening)}",
            work_done_on=notice_on,
            lines=lines,
            billed_as="permittee",
            record_type=RECORD_TYPE,
            record_id=str(opening.id),
        ),
        sc.BillData(bill_on=notice_on, delivered_how=delivered_how),
    )


# -- the street improvement register -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ImprovementData:
    street_id: int
    determined_on: date
    limits: str = ""
    description: str = ""
    utility_notice_on: date | None = None
    work_begins_on: date | None = None
    completed_on: date | None = None


def record_improvement(action: Action, data: ImprovementData) -> int:
    """Add a permanent improvement or repaving to the register (it starts the five years); its
    id."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    if action.session.get(Street, data.street_id) is None:
        raise NotFound(f"There is no street number {data.street_id}.")
    if data.determined_on > action.today():
        raise InvalidInput("The determination cannot be later than today.", field="determined_on")
    if data.completed_on and data.completed_on < data.determined_on:
        raise InvalidInput(
            "The work cannot be completed before it was determined.", field="completed_on"
        )
    if data.completed_on and data.completed_on > action.today():
        raise InvalidInput(
            "The work cannot be completed after today: record the completion when it is.",
            field="completed_on",
        )
    if data.utility_notice_on and data.utility_notice_on < data.determined_on:
        raise InvalidInput("The notice follows the determination.", field="utility_notice_on")
    if data.utility_notice_on and data.utility_notice_on > action.today():
        raise InvalidInput("The notice cannot be dated after today.", field="utility_notice_on")
    improvement = StreetImprovement(
        street_id=data.street_id,
        determined_on=data.determined_on,
        limits=fits(StreetImprovement.limits, data.limits.strip(), "The limits"),
        description=data.description.strip(),
        utility_notice_on=data.utility_notice_on,
        work_begins_on=data.work_begins_on,
        completed_on=data.completed_on,
        created_at=action.now(),
    )
    action.session.add(improvement)
    action.session.flush()
    action.audit(
        "improvement.create",
        improvement,
        "Street improvement recorded",
        after=snapshot(improvement),
    )
    return improvement.id


def complete_improvement(
    action: Action,
    improvement_id: int,
    *,
    completed_on: date,
    utility_notice_on: date | None = None,
) -> StreetImprovement:
    """Record that an improvement in the register was completed (the five years start), and
    the notice to utilities if it was not recorded before."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    improvement = action.session.get(StreetImprovement, improvement_id)
    if improvement is None:
        raise NotFound(f"There is no street improvement number {improvement_id}.")
    if completed_on > action.today():
        raise InvalidInput("The work cannot be completed after today.", field="completed_on")
    if completed_on < improvement.determined_on:
        raise InvalidInput(
            "The work cannot be completed before it was determined.", field="completed_on"
        )
    if utility_notice_on is not None and not (
        improvement.determined_on <= utility_notice_on <= action.today()
    ):
        raise InvalidInput(
            "The notice follows the determination and is not dated after today.",
            field="utility_notice_on",
        )
    before = snapshot(improvement)
    improvement.completed_on = completed_on
    if utility_notice_on is not None:
        improvement.utility_notice_on = utility_notice_on
    action.audit(
        "improvement.complete",
        improvement,
        f"Street improvement completed {format_day(completed_on)}",
        before=before,
        after=snapshot(improvement),
    )
    return improvement


def improvement_findings(improvement: StreetImprovement) -> list[Finding]:
    """The 30 days the ordinance sets before an improvement's work begins."""
    found = []
    if improvement.work_begins_on is not None:
        if (improvement.work_begins_on - improvement.determined_on).days < 30:
            found.append(
                Finding(
                    "warn",
                    NEW_STREETS_CITE,
                    "The improvement must be determined at least 30 days before its work begins.",
                )
            )
        if improvement.utility_notice_on is None:
            found.append(
                Finding(
                    "warn",
                    NEW_STREETS_CITE,
                    "The written notice to utilities and abutting owners is not recorded.",
                )
            )
    return found


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
    for word in fold(text).split():
        query = query.where(StreetOpening.search_text.contains(word, autoescape=True))
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
    session, today = action.session, action.today()
    items: list[TodayItem] = []
    rows = session.scalars(
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
    for opening in rows:
        ref = {"record_type": RECORD_TYPE, "record_id": str(opening.id)}
        who = opening.applicant.name
        status = OpeningStatus(opening.status)
        # An approved permit never used drops off once expired (the register says "Expired");
        # one whose opening is made and not restored stays until it is.
        if (
            status in (OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS)
            and opening.valid_until
            and opening.completed_on is None
            and opening.valid_until <= today + timedelta(days=EXPIRY_WARNING_DAYS)
            and (status is OpeningStatus.IN_PROGRESS or opening.valid_until >= today)
        ):
            word = "expired" if opening.valid_until < today else "expires"
            items.append(
                TodayItem(
                    "Street Openings",
                    opening.valid_until,
                    f"Permit {opening.number} {word} {format_day(opening.valid_until)}",
                    who,
                    VALIDITY_CITE,
                    **ref,
                )
            )
        if status in (OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS) and opening.approved_on:
            due = (
                patch_replacement_due(opening.temporary_patch_on)
                if opening.temporary_patch_on
                else restoration_due(opening.approved_on, action.calendar)
            )
            if opening.opened_on is not None and due <= today + timedelta(
                days=RESTORATION_WARNING_DAYS
            ):
                items.append(
                    TodayItem(
                        "Street Openings",
                        due,
                        f"Restoration of {opening.number} due {format_day(due)}",
                        who,
                        RESTORATION_CITE,
                        **ref,
                    )
                )
        if (
            opening.emergency
            and opening.city_notified_at is None
            and status is not OpeningStatus.RESTORED
        ):
            items.append(
                TodayItem(
                    "Street Openings",
                    opening.applied_on,
                    f"Emergency {opening.number}: City officials' notification not recorded",
                    who,
                    EMERGENCY_CITE,
                    **ref,
                )
            )
        if status is OpeningStatus.RESTORED:
            ends = guarantee_ends(opening)
            if ends <= today + timedelta(days=GUARANTEE_WARNING_DAYS):
                title = (
                    f"Restoration guarantee of {opening.number} ends {format_day(ends)}"
                    if ends >= today
                    else f"Restoration guarantee of {opening.number} ended {format_day(ends)}: "
                    "close the permit"
                )
                items.append(
                    TodayItem(
                        "Street Openings",
                        ends,
                        title,
                        who,
                        DEFICIENCY_CITE,
                        **ref,
                    )
                )
    return items
