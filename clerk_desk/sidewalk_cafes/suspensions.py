"""A standing permit's temporary suspension and its revocation by the Council (§ 506-10
(Term and renewal of permit; temporary suspension of operation), (Revocation of permit; appeal)).
"""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from clerk_desk import acting
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.kinds import CafeStatus
from clerk_desk.models import (
    CafeSuspension,
    SidewalkCafe,
)
from clerk_desk.sidewalk_cafes import acts as acts
from clerk_desk.sidewalk_cafes.rules import REVOCATION_CITE, TERM_CITE
from clerk_desk.sidewalk_cafes.service import get_cafe, get_meeting
from clerk_desk.sidewalk_cafes.terms import (
    latest_revocation_notice,
    latest_suspension_notice,
    meeting_day,
    suspension_last_day,
)
from clerk_desk.words import format_day, plural


def suspend(
    action: Action,
    cafe_id: int,
    *,
    notice_on: date | None,
    starts_on: date,
    ends_on: date,
    reason: str,
    emergency: bool = False,
    short_notice_reason: str = "",
) -> int:
    """Temporarily suspend the cafe's operation from ``starts_on`` to ``ends_on`` (both
    included) because of a conflict in the use of the sidewalk (a festival, a parade, street or
    sidewalk repairs), on seven days' written notice: the letter dated ``notice_on`` at the
    latest seven days before the first day (counted back, never moved; 7 days passes, 6 is
    refused). In an emergency, determined by the City, no prior notice is needed.

    Without seven days' notice and no emergency, the suspension is still the City's to make:
    "Failure or inability to give prior written notice shall not affect the right and power of
    the City to temporarily prohibit the cafe's operation". It is recorded once
    ``short_notice_reason`` says why notice could not be given, and stands in the register, the
    letter and the audit trail as suspended without seven days' notice."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.SUSPEND, cafe)
    why = reason.strip()
    if not why:
        raise InvalidInput("State why the cafe's operation is suspended.", field="reason")
    _check_period(cafe, starts_on, ends_on)
    if notice_on is not None and notice_on > action.today():
        raise InvalidInput("The notice cannot be dated later than today.", field="notice_on")
    short = "" if emergency else _short_notice(action, notice_on, starts_on)
    why_short = short_notice_reason.strip() if short else ""
    if short and not why_short:
        raise InvalidInput(
            f"{short} The ordinance lets the City suspend all the same (failure or inability "
            "to give prior written notice does not affect its right): say why notice could "
            "not be given, or record an emergency.",
            field="short_notice_reason",
            cite=TERM_CITE,
        )
    _check_no_overlap(cafe, starts_on, ends_on)
    suspension = CafeSuspension(
        cafe_id=cafe.id,
        notice_on=notice_on,
        starts_on=starts_on,
        ends_on=ends_on,
        reason=why,
        emergency=emergency,
        short_notice_reason=why_short,
        created_at=action.now(),
        created_by_name=action.operator.full_name,
    )
    action.session.add(suspension)
    action.session.flush()
    action.audit(
        "sidewalk_cafe.suspend",
        cafe,
        f"Operation of {cafe.number} suspended {format_day(starts_on)} to {format_day(ends_on)}"
        + (
            " (emergency)"
            if emergency
            else f"; notice {format_day(notice_on)}"
            if notice_on
            else ""
        )
        + (f"; without seven days' written notice: {why_short}" if why_short else ""),
        after=snapshot(suspension),
    )
    action.session.flush()  # the new suspension's id
    return suspension.id


def _check_period(cafe: SidewalkCafe, starts_on: date, ends_on: date) -> None:
    """A suspension ends on or after its first day, which falls within the permit's term."""
    if ends_on < starts_on:
        raise InvalidInput("The suspension ends before it starts.", field="ends_on")
    if cafe.expires_on is not None and starts_on > cafe.expires_on:
        raise InvalidInput(
            f"The permit expires {format_day(cafe.expires_on)}, before the suspension starts.",
            field="starts_on",
        )


def _short_notice(action: Action, notice_on: date | None, starts_on: date) -> str:
    """What falls short of seven days' written notice before the first day, counted back and
    never moved (§ 506-10 (Term and renewal of permit; temporary suspension of operation)); ""
    when the notice was in time."""
    latest = latest_suspension_notice(starts_on, action.calendar)
    if notice_on is None:
        return (
            f"No written notice is recorded: seven days' written notice was due by "
            f"{format_day(latest.due)}."
        )
    if notice_on <= latest.due:
        return ""
    days = (starts_on - notice_on).days
    return (
        f"Written notice dated {format_day(notice_on)} is {plural(days, 'day')} before the "
        f"suspension starts ({format_day(starts_on)}): seven days' written notice was due by "
        f"{format_day(latest.due)}."
    )


def _check_no_overlap(cafe: SidewalkCafe, starts_on: date, ends_on: date) -> None:
    """One suspension at a time: none may overlap another not lifted before it started."""
    for other in cafe.suspensions:
        if other.lifted_on is not None and other.lifted_on <= other.starts_on:
            continue  # lifted before it started
        if other.starts_on <= ends_on and starts_on <= suspension_last_day(other):
            raise Conflict(
                f"{cafe.number} is already suspended from {format_day(other.starts_on)} to "
                f"{format_day(suspension_last_day(other))}."
            )


def get_suspension(
    session: Session, suspension_id: int, *, for_update: bool = False
) -> CafeSuspension:
    """The suspension ``suspension_id``; with ``for_update`` its permit's row is locked first
    and both are read afresh (see :func:`get_cafe`)."""
    suspension = session.get(CafeSuspension, suspension_id)
    if suspension is not None and for_update:
        get_cafe(session, suspension.cafe_id, for_update=True)
        suspension = session.get(
            CafeSuspension, suspension_id, with_for_update=True, populate_existing=True
        )
    if suspension is None:
        raise NotFound(f"There is no suspension number {suspension_id}.")
    return suspension


def lift_suspension(action: Action, suspension_id: int, *, on: date, reason: str) -> int:
    """End a suspension early: the cafe may operate again from ``on`` (before it starts, the
    suspension is called off)."""
    suspension = get_suspension(action.session, suspension_id, for_update=True)
    cafe = suspension.cafe
    acting.refuse(acts.lift_refusal(action, suspension))
    if on > suspension.ends_on:
        raise InvalidInput(
            f"The suspension ends {format_day(suspension.ends_on)} anyway; there is nothing to "
            "lift after it.",
            field="on",
        )
    why = reason.strip()
    if not why:
        raise InvalidInput("Say why the suspension is lifted.", field="reason")
    before = snapshot(suspension)
    suspension.lifted_on = on
    suspension.lifted_by_name = action.operator.full_name
    suspension.lift_reason = why
    action.audit(
        "sidewalk_cafe.lift",
        cafe,
        f"Suspension of {cafe.number} ({format_day(suspension.starts_on)} to "
        f"{format_day(suspension.ends_on)}) lifted from {format_day(on)}",
        before=before,
        after=snapshot(suspension),
    )
    return suspension.id


def give_revocation_notice(
    action: Action, cafe_id: int, *, notice_on: date, meeting_id: int, grounds: str
) -> int:
    """Record the written notice to the permittee of the public meeting at which the Council
    will consider revoking the permit, on the grounds stated: the meeting at least 10 days
    after the notice (counted back from the meeting day, never moved; § 506-10 (Revocation of
    permit; appeal))."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.REVOCATION_NOTICE, cafe)
    today = action.today()
    why = grounds.strip()
    if not why:
        raise InvalidInput("State the grounds for revocation.", field="grounds")
    if notice_on > today:
        raise InvalidInput("The notice cannot be dated later than today.", field="notice_on")
    if cafe.issued_on is not None and notice_on < cafe.issued_on:
        raise InvalidInput("The notice cannot be before the permit was issued.", field="notice_on")
    meeting = get_meeting(action.session, meeting_id)
    zone = action.zone
    day = meeting_day(meeting, zone)
    if meeting.cancelled_on is not None:
        raise InvalidInput(f"The meeting of {format_day(day)} was cancelled.", field="meeting_id")
    latest = latest_revocation_notice(day, action.calendar)
    if notice_on > latest.due:
        raise InvalidInput(
            f"The meeting of {format_day(day)} is {plural((day - notice_on).days, 'day')} after "
            f"the notice ({format_day(notice_on)}): 10 days' written notice is required, so the "
            f"notice by {format_day(latest.due)}, or a later meeting.",
            field="meeting_id",
            cite=REVOCATION_CITE,
        )
    before = snapshot(cafe)
    cafe.revocation_notice_on = notice_on
    cafe.revocation_meeting_id = meeting.id
    cafe.revocation_grounds = why
    action.audit(
        "sidewalk_cafe.revocation_notice",
        cafe,
        f"Notice of the revocation meeting of {format_day(day)} on {cafe.number} given "
        f"{format_day(notice_on)}",
        before=before,
        after=snapshot(cafe),
    )
    return cafe.id


def revoke(action: Action, cafe_id: int, *, meeting_id: int, until: date | None = None) -> int:
    """Record the Council's revocation, temporary (through ``until``) or permanent, at the
    meeting noticed (or a later one it was continued to), held."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.REVOKE, cafe)
    noticed = cafe.revocation_meeting
    assert noticed is not None  # the guard refused a permit with no meeting noticed
    meeting = get_meeting(action.session, meeting_id)
    zone = action.zone
    day = meeting_day(meeting, zone)
    if meeting.cancelled_on is not None:
        raise InvalidInput(f"The meeting of {format_day(day)} was cancelled.", field="meeting_id")
    if meeting.starts_at > action.now():
        raise InvalidInput(
            f"The meeting of {format_day(day)} has not taken place yet.", field="meeting_id"
        )
    if day < meeting_day(noticed, zone):
        raise InvalidInput(
            f"The notice named the meeting of {format_day(meeting_day(noticed, zone))}; the "
            f"Council cannot have revoked the permit at the earlier meeting of {format_day(day)}.",
            field="meeting_id",
            cite=REVOCATION_CITE,
        )
    if until is not None and until < day:
        raise InvalidInput("A temporary revocation ends after the meeting.", field="until")
    before = snapshot(cafe)
    cafe.status = CafeStatus.REVOKED
    cafe.revoked_on, cafe.revoked_until = day, until
    action.audit(
        "sidewalk_cafe.revoke",
        cafe,
        f"Council revoked {cafe.number} on {format_day(day)}"
        + (f" until {format_day(until)}" if until else ""),
        before=before,
        after=snapshot(cafe),
    )
    return cafe.id
