"""The pure rules of special event vending (§ 506-24): its citations, its clocks, the
short-notice finding and the checklist's items and what they make of a permit (the matters in
doubt, the conditions), functions of plain values (days, times, a status, the City's calendar),
with no session and no record, so that their boundaries are tested without a database
(tests/test_vending_rules.py). The services call them; :mod:`clerk_desk.vending.service` names
them for its importers."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from clerk_desk.clock import city_zone
from clerk_desk.deadlines import CityCalendar, Deadline
from clerk_desk.errors import Conflict
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


PERMIT_CITE = "§ 506-24 (Street sales prohibited except by permit)"


PROCEDURE_CITE = "§ 506-24 (Procedure)"


INSURANCE_CITE = "§ 506-24 (Conditions of permit: Liability insurance)"


POLICE_CITE = "§ 506-24 (Conditions of permit: Cooperation with law enforcement officials)"


CLEANUP_CITE = "§ 506-24 (Conditions of permit: Cleanup)"


INSURANCE_TITLE = "Proof of insurance, 7 days before the event"


NOT_VALID_UNTIL = "This permit is not valid until"  # how a requirement not met is printed


CERTIFICATE_FILED = "a certificate of insurance meeting § 506-24 is filed with the City Clerk"


POLICE_PAPERS = "street and sidewalk encroachments, booth locations and special parking"


POLICE_TITLE = "Police review, 7 days before the event"


DELIVERY_MANNERS = ("handed to the applicant", "e-mail", "first-class mail", "certified mail")


def by_day(deadline: Deadline) -> str:
    """The last day in words, and the last day City Hall is open when it is closed on the day
    itself: "by Sat Dec 5, 2026 (City Hall is closed that day: at the counter by Fri Dec 4,
    2026)"."""
    text = f"by {format_day(deadline.due)}"
    if deadline.last_open_day != deadline.due:
        text += (
            f" (City Hall is closed that day: at the counter by "
            f"{format_day(deadline.last_open_day)})"
        )
    return text


ROLES = ("sponsor", "participant")


class ItemState(enum.StrEnum):
    MET = "met"
    PENDING = "pending"  # not met yet, but its day has not come
    NOT_MET = "not_met"

    @property
    def label(self) -> str:
        return {"met": "Met", "pending": "Not yet due", "not_met": "Not met"}[self.value]


@dataclass(frozen=True, slots=True)
class ChecklistItem:
    """One requirement of § 506-24 as it stands for an application."""

    key: str
    title: str
    state: ItemState
    findings: tuple[Finding, ...]  # why it is not met, each cited; empty when met
    cite: str
    due: date | None = None  # the last day it may be met, where the ordinance sets one
    condition: str = ""  # printed on a permit issued while it is not met; "" when met

    @property
    def met(self) -> bool:
        return self.state is ItemState.MET


def item_state(found: Sequence[Finding], *, pending: bool = False) -> ItemState:
    if not any(f.blocks for f in found):
        return ItemState.MET
    return ItemState.PENDING if pending else ItemState.NOT_MET


def matters_in_doubt(items: Sequence[ChecklistItem]) -> list[str]:
    """The failing items in the words of a doubt notice (a finding without a section, such as
    the fee's when the fee schedule names none, without one)."""
    return [
        f"{f.text} ({f.cite})" if f.cite else f.text
        for item in items
        if not item.met
        for f in item.findings
        if f.blocks
    ]


def pending_conditions(items: Sequence[ChecklistItem]) -> list[str]:
    """The requirements not yet due, as :func:`approve` prints them on the permit after the
    Clerk's own conditions: "This permit is not valid until ..." with the last day."""
    return [item.condition for item in items if item.state is ItemState.PENDING]


def unmet_conditions(items: Sequence[ChecklistItem]) -> list[str]:
    """Every requirement not met today — not yet due, or not met at all — as a permit issued
    on the Common Council's approval prints it after the Council's own conditions: the
    Council's decision stands, and the paper says what the permit still waits for."""
    return [item.condition for item in items if not item.met]


# -- when a paper may be printed, when a notice is delivered ---------------------------------------
#
# The papers (reports.vending) and the acts (clerk_desk.vending.acts) ask the same functions, so a
# Print button is enabled exactly when its paper prints.


def delivered_refusal(delivered_on: date, manner: str) -> Conflict:
    """A doubt notice already delivered is not delivered again."""
    return Conflict(
        f"This notice is already recorded as delivered {format_day(delivered_on)} ({manner})."
    )


def permit_refusal(
    number: str, status: VendingStatus, permit_number: str | None
) -> Conflict | None:
    """Why no permit may be printed for application ``number`` (none issued, or it no longer
    stands: a permit printed then would let someone sell without one), or None."""
    if not permit_number:
        return Conflict(
            f"Application {number} has no permit: it is {status.label.lower()}.",
            cite=PROCEDURE_CITE,
        )
    if not status.permitted:
        return Conflict(
            f"Permit {permit_number} no longer stands: application {number} is "
            f"{status.label.lower()}.",
            cite=PROCEDURE_CITE,
        )
    return None


def copies_refusal(
    number: str,
    status: VendingStatus,
    permit_number: str | None,
    *,
    sponsor: bool,
    participants: int,
) -> Conflict | None:
    """Why no participant copies may be printed: no permit stands (:func:`permit_refusal`), or
    the holder is not a sponsoring organization with ``participants`` (not sponsors) listed."""
    refused = permit_refusal(number, status, permit_number)
    if refused is not None:
        return refused
    if not sponsor or participants == 0:
        return Conflict(
            f"Permit {permit_number} lists no participants: there are no participant copies to "
            "print.",
            cite=PROCEDURE_CITE,
        )
    return None


def decision_letter_refusal(number: str, status: VendingStatus) -> Conflict | None:
    """Why there is no letter of a decision that stands (nothing decided: received, in doubt,
    on appeal and not yet acted on, withdrawn), or None."""
    if status in (
        VendingStatus.APPROVED,
        VendingStatus.CONDITIONALLY_APPROVED,
        VendingStatus.DENIED,
        VendingStatus.APPROVED_ON_APPEAL,
        VendingStatus.DENIED_ON_APPEAL,
    ):
        return None
    what = {
        VendingStatus.APPEALED: "is on appeal to the Common Council, which has not decided it",
        VendingStatus.WITHDRAWN: "was withdrawn",
    }.get(status, "is not decided yet")
    return Conflict(
        f"Application {number} {what}: there is no decision letter to print.",
        cite=PROCEDURE_CITE,
    )


def letter_refusal(number: str, status: VendingStatus) -> Conflict | None:
    """Why the tab's Print letter has nothing to print, or None: the letter of the decision that
    stands, and on appeal the Clerk's denial, which stands until the Council acts."""
    if status is VendingStatus.APPEALED:
        return None
    return decision_letter_refusal(number, status)
