"""The clocks of § 506-10 as pure functions of plain values: the 15 days for comments, the
notices counted back from a suspension or a revocation meeting, the one-year term, and where a
permit stands on a day (issued, suspended, revoked until …).

No session and no ORM here: a permit is anything with :class:`Permit`'s fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta, tzinfo
from typing import Protocol

from clerk_desk.clock import city_zone
from clerk_desk.deadlines import CityCalendar, Deadline, months_after
from clerk_desk.findings import Finding
from clerk_desk.kinds import CafeStatus
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_CITE,
    COMMENT_DAYS,
    REVOCATION_NOTICE_DAYS,
    STANDING,
    SUSPENSION_NOTICE_DAYS,
    TERM_MONTHS,
)
from clerk_desk.words import format_day


class Meeting(Protocol):
    """A Council meeting, as its day is read."""

    @property
    def starts_at(self) -> datetime: ...


class Suspension(Protocol):
    """A temporary suspension, saved: its days, and the day it was lifted."""

    @property
    def starts_on(self) -> date: ...
    @property
    def ends_on(self) -> date: ...
    @property
    def lifted_on(self) -> date | None: ...


class Comment(Protocol):
    """A comment received, as its timeliness is told."""

    @property
    def received_on(self) -> date: ...
    @property
    def timely(self) -> bool: ...


class Permit(Protocol):
    """An application or permit as saved, as its clocks and its standing are read."""

    @property
    def status(self) -> str: ...
    @property
    def comments_due_on(self) -> date | None: ...
    @property
    def issued_on(self) -> date | None: ...
    @property
    def expires_on(self) -> date | None: ...
    @property
    def revoked_until(self) -> date | None: ...
    @property
    def meeting(self) -> Meeting | None: ...
    @property
    def suspensions(self) -> Sequence[Suspension]: ...


def status_of(cafe: Permit) -> CafeStatus:
    return CafeStatus(cafe.status)


def meeting_day(meeting: Meeting, zone: tzinfo | None = None) -> date:
    """The City's date of a Council meeting."""
    return meeting.starts_at.astimezone(zone or city_zone()).date()


def comment_deadline(mailed_on: date, calendar: CityCalendar) -> Deadline:
    """The last day comments are received by the City Clerk: 15 calendar days from mailing the
    notice, the day of mailing not counted; a last day City Hall is closed moves to its next
    open day (the comment is received at City Hall). The Deadline explains the count."""
    return calendar.explain_add_days(mailed_on, COMMENT_DAYS, at_city_hall=True)


def latest_suspension_notice(starts_on: date, calendar: CityCalendar) -> Deadline:
    """The last day written notice of a suspension starting ``starts_on`` may be given: seven
    days before, counted back and never moved."""
    return calendar.explain_latest_day_before(starts_on, SUSPENSION_NOTICE_DAYS)


def latest_revocation_notice(meeting_on: date, calendar: CityCalendar) -> Deadline:
    """The last day of written notice of the revocation meeting held ``meeting_on``: 10 days
    before, counted back and never moved."""
    return calendar.explain_latest_day_before(meeting_on, REVOCATION_NOTICE_DAYS)


def longest_term(issued_on: date) -> date:
    """The last day of a permit issued ``issued_on``: "a maximum period of one year from the
    date of its original issuance" (Nov 30, 2026 → Nov 30, 2027)."""
    return months_after(issued_on, TERM_MONTHS)


def comments_running(cafe: Permit, today: date) -> bool:
    """Whether the 15 days for comments still run (mailed, and today is not past the last
    day): the Council may not act yet."""
    return cafe.comments_due_on is not None and today <= cafe.comments_due_on


def comment_findings(comment: Comment, cafe: Permit) -> list[Finding]:
    """A warning for a public comment received after the last day (kept for the Council)."""
    if comment.timely or cafe.comments_due_on is None:
        return []
    return [
        Finding(
            "warn",
            APPLICATION_CITE,
            f"Received {format_day(comment.received_on)}, after the last day "
            f"({format_day(cafe.comments_due_on)}): comments must be received by the City "
            "Clerk within 15 calendar days from the mailing of the notice.",
        )
    ]


def term_of(cafe: Permit, today: date, expires_on: date | None = None) -> tuple[date, date]:
    """The permit's term as the insurance must cover it: from its issuance (today, until it is
    issued) to its last day (one year on, unless set)."""
    start = cafe.issued_on or today
    return start, expires_on or cafe.expires_on or longest_term(start)


def suspension_active(suspension: Suspension, day: date) -> bool:
    """Whether the cafe may not operate on ``day`` because of ``suspension``."""
    if not suspension.starts_on <= day <= suspension.ends_on:
        return False
    return suspension.lifted_on is None or day < suspension.lifted_on


def suspension_last_day(suspension: Suspension) -> date:
    """The last day the suspension keeps the cafe closed (the day before it was lifted)."""
    if suspension.lifted_on is not None and suspension.lifted_on <= suspension.ends_on:
        return suspension.lifted_on - timedelta(days=1)
    return suspension.ends_on


def active_suspension(cafe: Permit, day: date) -> Suspension | None:
    return next((s for s in cafe.suspensions if suspension_active(s, day)), None)


def standing(cafe: Permit, today: date) -> CafeStatus:
    """The status as it stands on ``today``: an issued permit is SUSPENDED on the days a
    suspension covers; a temporary revocation whose last day has passed stands as ISSUED."""
    status = status_of(cafe)
    if status is CafeStatus.REVOKED and cafe.revoked_until and cafe.revoked_until < today:
        status = CafeStatus.ISSUED
    if status is CafeStatus.ISSUED and active_suspension(cafe, today) is not None:
        return CafeStatus.SUSPENDED
    return status


def display_status(
    cafe: Permit, today: date, zone: tzinfo | None = None, *, renewed_by: str = ""
) -> str:
    """The register's status: "Issued — expires Mon Nov 30, 2027", "Expired", "Suspended
    until …", "Revoked until …", "Comments until …", "Before the Council Mon Dec 14, 2026";
    "Renewed by SC-2027-004" for a permit whose renewal (``renewed_by``, from
    :func:`renewals_issued`) was issued."""
    status = standing(cafe, today)
    if renewed_by and status in STANDING:
        return f"Renewed by {renewed_by}"
    if status is CafeStatus.SUSPENDED:
        suspension = active_suspension(cafe, today)
        assert suspension is not None
        return f"Suspended until {format_day(suspension_last_day(suspension))}"
    if status is CafeStatus.ISSUED:
        if cafe.expires_on is not None and cafe.expires_on < today:
            return "Expired"
        return f"Issued — expires {format_day(cafe.expires_on)}" if cafe.expires_on else "Issued"
    if status is CafeStatus.REVOKED:
        return (
            f"Revoked until {format_day(cafe.revoked_until)}" if cafe.revoked_until else "Revoked"
        )
    if status is CafeStatus.NOTICE_MAILED and cafe.comments_due_on is not None:
        if today <= cafe.comments_due_on:
            return f"Comments until {format_day(cafe.comments_due_on)}"
        return "Comment period ended"
    if status is CafeStatus.BEFORE_COUNCIL and cafe.meeting is not None:
        return f"Before the Council {format_day(meeting_day(cafe.meeting, zone))}"
    return status.label
