"""The pure rules of special event vending (§ 506-24): its clocks and the short-notice finding,
functions of plain values (days, times, a status, the City's calendar), with no session and no
record, so that their boundaries are tested without a database (tests/test_vending_rules.py).
:mod:`clerk_desk.vending.service` calls them and names them for its importers."""

from __future__ import annotations

from datetime import date, datetime

from clerk_desk.clock import city_zone
from clerk_desk.deadlines import CityCalendar, Deadline
from clerk_desk.findings import Finding
from clerk_desk.kinds import VendingStatus
from clerk_desk.words import format_day

CONDITIONS_CITE = "§ 506-24 (Conditions of permit)"
DOUBT_DAYS = 3  # "within three days of the time of making application"
APPEAL_DAYS = 7  # "within seven days of the Clerk's decision"
BEFORE_EVENT_DAYS = 7  # insurance proof and police review, "a minimum of seven days before"


# -- the clocks ------------------------------------------------------------------------------
#
# Where § 506-24 is silent, these are the choices made (the Clerk or City Attorney may differ):
#
# * "Within three days of the time of making application" is a period of calendar days counted
#   by Wis. Stat. § 990.001(4) from the City's date of the application (an application at 11:30
#   p.m. in Prescott was made that day, though UTC has moved on), not 72 hours. Its last day moves
#   off a day City Hall is closed (``at_city_hall=True``): the notice is the Clerk's own act,
#   done from City Hall, and the Clerk cannot act on a day the office is shut.
# * "Within seven days of the Clerk's decision" is a filing with the City Clerk, so it moves off
#   every day City Hall is closed as well.
# * "A minimum of seven days before the start of the event" is counted back from the first day
#   of vending and is never moved (:meth:`CityCalendar.latest_day_before`): moving it later
#   would leave fewer than seven days, and moving it earlier would shorten the applicant's time.
#   So a certificate received on that day is in time even when it is a Saturday or a holiday (a
#   certificate may come by e-mail or mail). When City Hall is closed on it, every message
#   also names the last day City Hall is open before it (``Deadline.last_open_day``), so the
#   clerk tells the applicant a day they can actually hand the papers in at the counter.


def doubt_notice_due(applied_at: datetime, calendar: CityCalendar) -> date:
    """The last day to state the matters in doubt: three days from the time of application,
    counted as any period (§ 990.001(4)) from the City's date of ``applied_at``; a last day City
    Hall is closed moves to its next open day, since the notice is the Clerk's act."""
    if applied_at.tzinfo is None:
        raise ValueError("applied_at must be timezone-aware")
    applied_on = applied_at.astimezone(city_zone()).date()
    return calendar.add_days(applied_on, DOUBT_DAYS)


def appeal_due(decided_on: date, calendar: CityCalendar) -> date:
    """The last day to file an appeal with the City Clerk: seven days from the decision (a
    filing at City Hall, so a last day it is closed moves to its next open day)."""
    return calendar.add_days(decided_on, APPEAL_DAYS)


def proof_due(first_day: date, calendar: CityCalendar) -> date:
    """The last day for proof of insurance and for the Chief of Police's papers: at least seven
    days before the event starts (counted back; never moved, even to a day City Hall is open:
    see :func:`proof_deadline` for that day)."""
    return proof_deadline(first_day, calendar).due


def proof_deadline(first_day: date, calendar: CityCalendar) -> Deadline:
    """:func:`proof_due` with its working, and ``last_open_day``: the last day City Hall is open
    on or before it, for an applicant who hands the papers in at the counter."""
    return calendar.explain_latest_day_before(first_day, BEFORE_EVENT_DAYS)


def police_review_open(status: VendingStatus) -> bool:
    """Whether the police review may still be recorded: the application is with the Clerk, on
    appeal to the Council (which may approve it), or its permit stands."""
    return status.undecided or status.permitted or status is VendingStatus.APPEALED


def short_notice(applied_on: date, start: date | None, calendar: CityCalendar) -> Finding | None:
    """A warning (not a refusal) when the event starts fewer than seven days after the day of
    application: proof of insurance and the papers for the Chief of Police, due seven days
    before the event starts, were due before the application was made. The intake form shows
    it before saving (``applied_on`` is then today); the checklist keeps it, from intake on."""
    if start is None or start < applied_on or (start - applied_on).days >= BEFORE_EVENT_DAYS:
        return None
    deadline = proof_deadline(start, calendar)
    days = (start - applied_on).days
    after = (
        "the day of the application"
        if days == 0
        else (f"{days} day{'s' if days != 1 else ''} after the application")
    )
    return Finding(
        "warn",
        CONDITIONS_CITE,
        f"The event starts {format_day(start)}, {after} ({format_day(applied_on)}): proof of "
        "insurance and the papers for the Chief of Police are due seven days before the event "
        f"starts, so they were due by {format_day(deadline.due)}, before the application was "
        "made.",
    )
