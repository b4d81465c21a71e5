"""The rules of street opening permits (§§ 506-6, 506-7) as functions of plain values: the
sections cited, the six months and the thirty days, the frozen-ground season, the emergency's
business days, the 60 days for pavement and the July 1 for a winter patch, the five years after
a repaving, the one-year guarantee, and what the ordinance says of the days typed on a form.

Nothing here reads a record: :mod:`clerk_desk.street_openings.service` calls these with what it
has read, and the boundary tests of tests/test_street_openings_work.py call them directly.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, tzinfo

from clerk_desk.deadlines import CityCalendar, months_after
from clerk_desk.findings import Finding
from clerk_desk.hour_periods import HOURS_CITE
from clerk_desk.kinds import OpeningStatus
from clerk_desk.words import format_day, plural

PERMIT_CITE = "§ 506-6 (Permit to be obtained)"
APPROVING_TITLES = ("Building Inspector", "Director of Public Works")
"""The officials § 506-6 lets grant, renew and refuse the permit ("a permit therefor from the
Building Inspector or Director of Public Works"), and § 506-7 lets find a frozen-ground
emergency."""
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
# administration are those of :data:`clerk_desk.special_charges.rules.CLOCKS`.
# Periods in hours, counted as Wis. Stat. § 990.001(4)(a) counts them (Sundays and legal
# holidays not counted): CityCalendar.counted_hours.
COMMENCEMENT_HOURS = 24
BACKFILL_HOURS = 4
SERVICE_LOSS_HOURS = 12
SURFACES = ("asphalt", "concrete", "sidewalk", "curb and gutter", "driveway", "gravel", "terrace")
SEARCH_LIMIT = 500
EXPIRY_WARNING_DAYS = 14  # Today: permits expiring within 14 days
RESTORATION_WARNING_DAYS = 7
GUARANTEE_WARNING_DAYS = 30


# -- the calendar rules ------------------------------------------------------------------------


def _short(counted: timedelta, hours: int, what: str) -> str:
    whole = int(counted.total_seconds() // 3600)
    minutes = int(counted.total_seconds() % 3600 // 60)
    given = plural(whole, "hour") + (f" {minutes} minutes" if minutes else "")
    if counted <= timedelta(0):
        given = "no time"
    return (
        f"The notice came {given} before {what}, counted as {HOURS_CITE} counts hours "
        f"(Sundays and legal holidays not counted); § 506-7 requires {plural(hours, 'hour')}."
    )


def commencement_notice_findings(
    notice: datetime, started: datetime, calendar: CityCalendar, zone: tzinfo
) -> list[Finding]:
    """What is wrong with the notice before the work began; nothing when it was in time.

    § 506-7 asks for two notices before the work, and one recorded notice must meet both: the
    Director of Public Works or Building Inspector "24 hours prior to commencement of
    excavation" (Protection of public), counted in the statute's hours; and the Director and all
    affected "at least one business day before such work is to commence" (Notice): given on or
    before the last day City Hall is open before the day the work began. A notice at 9:00 a.m.
    Saturday for work at 8:00 a.m. Monday fails both (23 counted hours; the business day before
    Monday is Friday)."""
    findings: list[Finding] = []
    counted = calendar.counted_hours(notice, started)
    if counted < timedelta(hours=COMMENCEMENT_HOURS):
        findings.append(
            Finding(
                "warn",
                COMMENCEMENT_CITE,
                _short(counted, COMMENCEMENT_HOURS, "the work started"),
            )
        )
    notice_day = notice.astimezone(zone).date()
    start_day = started.astimezone(zone).date()
    latest = calendar.latest_business_day_before(start_day, 1)
    if notice_day > latest:
        findings.append(
            Finding(
                "warn",
                NOTICE_CITE,
                f"The notice was given {format_day(notice_day)}; for work that began "
                f"{format_day(start_day)} it was due by {format_day(latest)}, at least one "
                "business day before.",
            )
        )
    return findings


def backfill_notice_finding(
    notice: datetime, backfilled: datetime, calendar: CityCalendar
) -> Finding | None:
    """The Director's notice "at least four hours prior to backfilling" (§ 506-7 (Notice)),
    counted in the statute's hours; None when it was in time."""
    counted = calendar.counted_hours(notice, backfilled)
    if counted >= timedelta(hours=BACKFILL_HOURS):
        return None
    return Finding("warn", NOTICE_CITE, _short(counted, BACKFILL_HOURS, "backfilling"))


def service_loss_notice_finding(
    notice: datetime, lost: datetime, calendar: CityCalendar
) -> Finding | None:
    """The written or personal notice to private properties "at least 12 hours prior to the
    loss of service" (§ 506-7 (Protection of public)), counted in the statute's hours; None
    when it was in time."""
    counted = calendar.counted_hours(notice, lost)
    if counted >= timedelta(hours=SERVICE_LOSS_HOURS):
        return None
    return Finding(
        "warn",
        COMMENCEMENT_CITE,
        _short(counted, SERVICE_LOSS_HOURS, "the utility service was lost"),
    )


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


def guarantee_ends(completed_on: date) -> date:
    """The last day of the permittee's one-year guarantee of the restoration (§ 506-6 (Bond)):
    the same day a year after it was completed (February 29 becomes February 28)."""
    return months_after(completed_on, 12)


def expired(status: OpeningStatus, valid_until: date | None, day: date) -> bool:
    """An approved permit past its last day, its opening never made: the register reads
    "Expired" and the permit prints so marked (§ 506-6 (Validity of permit))."""
    return status is OpeningStatus.APPROVED and valid_until is not None and day > valid_until


def work_period(
    planned_start: date | None, opened_on: date | None, planned_end: date | None
) -> tuple[date, date] | None:
    """The days of the work as the application gives them: from the earlier of the planned
    start and the day the opening was actually made, to the planned end (or that first day).
    None when the application gives neither."""
    known = [day for day in (planned_start, opened_on) if day is not None]
    if not known:
        return None
    start = min(known)
    return start, max(planned_end or start, start)


def improvement_findings(
    *, determined_on: date, work_begins_on: date | None, utility_notice_on: date | None
) -> list[Finding]:
    """The 30 days the ordinance sets before an improvement's work begins, and its notice to
    utilities and abutting owners (§ 506-7 (Excavation in new streets limited))."""
    found = []
    if work_begins_on is not None:
        if (work_begins_on - determined_on).days < 30:
            found.append(
                Finding(
                    "warn",
                    NEW_STREETS_CITE,
                    "The improvement must be determined at least 30 days before its work begins.",
                )
            )
        if utility_notice_on is None:
            found.append(
                Finding(
                    "warn",
                    NEW_STREETS_CITE,
                    "The written notice to utilities and abutting owners is not recorded.",
                )
            )
    return found


def application_notes(
    calendar: CityCalendar,
    *,
    today: date,
    planned_start: date | None,
    planned_end: date | None,
    emergency: bool,
    opened_on: date | None,
) -> list[Finding]:
    """What the application form says about the days typed, before anything is saved: the
    frozen-ground season (stated in full, both end days included) for the days of the work, and
    for an emergency the day its application is due and the last day the fee is waived,
    measured against an application taken today."""
    found: list[Finding] = []
    known = [day for day in (planned_start, opened_on) if day is not None]
    if known:
        start = min(known)
        end = max(planned_end or start, start)
        frozen = frozen_days(start, end)
        span = f"{format_day(start)} to {format_day(end)}" if end != start else format_day(start)
        if frozen:
            partly = len(frozen) < (end - start).days + 1
            found.append(
                Finding(
                    "warn" if emergency else "block",
                    FROZEN_CITE,
                    f"The work ({span}) falls {'partly ' if partly else ''}in the frozen-ground "
                    f"season. {FROZEN_RULE}"
                    + (
                        " The determination is recorded before the permit is approved."
                        if emergency
                        else ""
                    ),
                )
            )
        else:
            found.append(
                Finding(
                    "info",
                    FROZEN_CITE,
                    f"The work ({span}) is outside the frozen-ground season, November 15 to "
                    "May 1 (both days included).",
                )
            )
    if emergency and opened_on is not None:
        due = emergency_application_due(opened_on, calendar)
        waiver = emergency_fee_waiver_until(opened_on, calendar)
        late = today > due
        found.append(
            Finding(
                "warn" if late else "info",
                EMERGENCY_CITE,
                f"Excavated {format_day(opened_on)}: the application is due no later than the "
                f"next business day, {format_day(due)}, and City officials are notified "
                "immediately." + (" Taken today, it is late." if late else ""),
            )
        )
        found.append(
            Finding(
                "info",
                EMERGENCY_FEE_CITE,
                f"Filed within two regular business days, by {format_day(waiver)}, it owes no "
                "permit fee, only actual City expenses; "
                + (
                    "taken today, no permit fee is billed."
                    if today <= waiver
                    else "taken today, the fee is as the fee schedule sets it."
                ),
            )
        )
    return found
