"""The work under a street opening permit, as it happens (§ 506-7): the notices 24 hours before
it begins and four hours before backfilling, the backfill, a winter cold-mix patch, the
permanent restoration within 60 days, and the permit's close once its one-year guarantee has run."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from clerk_desk.clock import city_zone
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import OpeningStatus
from clerk_desk.models import (
    StreetOpening,
)
from clerk_desk.street_openings import acts, rules
from clerk_desk.street_openings.rules import (
    COMMENCEMENT_CITE,
    NOTICE_CITE,
    RESTORATION_CITE,
    backfill_notice_finding,
    commencement_notice_findings,
    patch_replacement_due,
    restoration_due,
    service_loss_notice_finding,
)
from clerk_desk.street_openings.service import check_moment, get_opening, mark_made
from clerk_desk.words import clock_time, format_day


@dataclass(frozen=True, slots=True)
class WorkRecord:
    """The notices and steps of the work as they happen (each optional, recorded when known)."""

    commencement_notice_at: datetime | None = None
    started_at: datetime | None = None
    backfill_notice_at: datetime | None = None
    backfilled_at: datetime | None = None
    service_loss_notice_at: datetime | None = None  # private properties told (12 hours)
    service_lost_at: datetime | None = None  # when their utility service was cut
    temporary_patch_on: date | None = None
    completed_on: date | None = None


def record_work(action: Action, opening_id: int, work: WorkRecord) -> int:
    """Record the notices (24 hours before the work, 4 hours before backfilling), the backfill,
    a winter cold-mix patch and the permanent restoration's completion."""
    opening = get_opening(action.session, opening_id)
    acts.allow(action, acts.OpeningAct.WORK, opening)
    now, today = action.now(), action.today()
    for field in (
        "commencement_notice_at",
        "started_at",
        "backfill_notice_at",
        "backfilled_at",
        "service_loss_notice_at",
        "service_lost_at",
    ):
        value = getattr(work, field)
        if value is not None:
            check_moment(value, now, field)
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
        mark_made(action, opening, opening.started_at.astimezone(zone).date())
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
    return opening.id


@dataclass(frozen=True, slots=True)
class ChecklistLine:
    title: str
    done: bool
    when: str  # the recorded time or day, or what is due
    finding: Finding | None = None


def _commencement_line(
    opening: StreetOpening, calendar: CityCalendar, zone: tzinfo
) -> list[ChecklistLine]:
    """The notice 24 hours and one business day before the work (none for an emergency)
    (§ 506-7 (Protection of public), (Notice))."""
    lines: list[ChecklistLine] = []
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
        findings = (
            [] if started is None else commencement_notice_findings(notice, started, calendar, zone)
        )
        by_cite = {finding.cite: finding for finding in findings}
        hours, day = by_cite.get(COMMENCEMENT_CITE), by_cite.get(NOTICE_CITE)
        lines.append(
            ChecklistLine(
                "Notice 24 hours before the work", hours is None, _at(notice, zone), hours
            )
        )
        lines.append(
            ChecklistLine(
                "Notice one business day before the work",
                day is None,
                format_day(notice.astimezone(zone).date()),
                day,
            )
        )
    return lines


def _backfill_line(
    opening: StreetOpening, calendar: CityCalendar, zone: tzinfo
) -> list[ChecklistLine]:
    """The notice four hours before backfilling (§ 506-7 (Notice))."""
    lines: list[ChecklistLine] = []
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
        finding = (
            None
            if backfilled is None
            else backfill_notice_finding(backfill_notice, backfilled, calendar)
        )
        lines.append(
            ChecklistLine(
                "Notice 4 hours before backfilling",
                finding is None,
                _at(backfill_notice, zone),
                finding,
            )
        )
    return lines


def _service_loss_line(
    opening: StreetOpening, calendar: CityCalendar, zone: tzinfo
) -> list[ChecklistLine]:
    """The written or personal notice to private properties 12 hours before a loss of their
    utility service (§ 506-7 (Protection of public)); shown once either is recorded, and not
    required for an emergency excavation."""
    notice, lost = opening.service_loss_notice_at, opening.service_lost_at
    title = "Notice 12 hours before a loss of service"
    if notice is None and lost is None:
        return []
    if opening.emergency:
        return [ChecklistLine(title, True, "Not required for an emergency excavation")]
    if notice is None:
        return [
            ChecklistLine(
                title,
                False,
                "Not recorded",
                Finding(
                    "warn",
                    COMMENCEMENT_CITE,
                    "Utility service was lost with no notice to the private properties "
                    "recorded; § 506-7 requires it in writing or in person 12 hours before.",
                ),
            )
        ]
    finding = None if lost is None else service_loss_notice_finding(notice, lost, calendar)
    return [ChecklistLine(title, finding is None, _at(notice, zone), finding)]


def _restoration_line(
    opening: StreetOpening, calendar: CityCalendar, today: date
) -> list[ChecklistLine]:
    """Permanent pavement within 60 days of the permit, or a winter patch replaced by the
    following July 1 (§ 506-7G)."""
    lines: list[ChecklistLine] = []
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
    return lines


def _guarantee_line(opening: StreetOpening, today: date) -> list[ChecklistLine]:
    """The permittee's one-year guarantee of the restoration, once it is completed."""
    lines: list[ChecklistLine] = []
    if opening.completed_on is not None:
        ends = guarantee_ends(opening)
        lines.append(
            ChecklistLine(
                "One-year restoration guarantee", today > ends, f"Runs through {format_day(ends)}"
            )
        )
    return lines


def work_checklist(
    opening: StreetOpening, *, calendar: CityCalendar, today: date, tz: tzinfo | None = None
) -> list[ChecklistLine]:
    """The notices and restoration deadlines of an approved permit, with their times (shown in
    ``tz``, the City's time zone unless given: the database keeps instants in UTC)."""
    zone = tz or city_zone()
    return [
        *_commencement_line(opening, calendar, zone),
        *_backfill_line(opening, calendar, zone),
        *_service_loss_line(opening, calendar, zone),
        *_restoration_line(opening, calendar, today),
        *_guarantee_line(opening, today),
    ]


def _at(moment: datetime, zone: tzinfo) -> str:
    local = moment.astimezone(zone)
    return f"{format_day(local.date())} {clock_time(local)}"


def guarantee_ends(opening: StreetOpening) -> date:
    """:func:`~clerk_desk.street_openings.rules.guarantee_ends` of a restored permit."""
    assert opening.completed_on is not None
    return rules.guarantee_ends(opening.completed_on)


def close(action: Action, opening_id: int) -> int:
    """Close a restored permit once its one-year guarantee has run."""
    opening = get_opening(action.session, opening_id)
    acts.allow(action, acts.OpeningAct.CLOSE, opening)
    before = snapshot(opening)
    opening.status = OpeningStatus.CLOSED
    action.audit(
        "opening.close",
        opening,
        f"Street opening {opening.number} closed",
        before=before,
        after=snapshot(opening),
    )
    return opening.id
