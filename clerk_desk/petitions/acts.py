"""The acts on an improvement petition (§ 506-14), on a Council meeting and on a scan, and
why each is refused now.

Each act the Petitions tab offers on a petition is a :class:`PetitionAct`; each the meetings
list offers on a meeting a :class:`MeetingAct`; setting a scan aside is :data:`SCAN_ASIDE`. Its
rule is written here once: the permission it needs and a guard, a small function of the record
as saved (and the moment) that returns the refusal or None. The service of the act calls
:func:`allow` (:func:`allow_meeting`, :func:`allow_scan_aside`) before it changes anything, which
raises the refusal; the window calls :func:`acts` (:func:`meeting_acts`,
:func:`scan_aside_refusals`), which reports the same refusal's words, so that a button is
enabled, or explains why not, by the very rule the service enforces.

The guards judge the record as saved. What the clerk types into the act's form (the meeting
chosen, an empty reason, a change to a decided petition other than its notes) is checked by the
service after :func:`allow`, and said under the field.

This module and :mod:`clerk_desk.petitions.service` import each other as modules: the services
call :func:`allow`, and :func:`acts` reads the petition with the service's ``get_petition``;
neither reaches into the other while it is being imported.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from clerk_desk.acting import allow_by_permission, as_words, permission_acts, permission_refusal
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict, NotFound
from clerk_desk.kinds import PetitionStatus
from clerk_desk.models import CouncilMeeting, Petition, PetitionEvent, PetitionScan
from clerk_desk.permissions import Permission
from clerk_desk.petitions import schedule
from clerk_desk.petitions import service as petitions


class PetitionAct(enum.Enum):
    """An act on one petition; the value is how the tab's button names it."""

    EDIT = "Edit"
    CORRECT_RECEIVED = "Correct date received"
    WITHDRAW = "Withdraw"
    PLACE = "Place on agenda"
    COUNCIL_ACTION = "Council action"
    ATTACH_SCAN = "Attach scan"


class MeetingAct(enum.Enum):
    """An act on one Council meeting; the value is how the meetings list's button names it."""

    EDIT = "Edit"
    CANCEL = "Cancel meeting"
    BUILD_PACKET = "Build agenda packet"


class RegisterAct(enum.Enum):
    """An act on the petitions register or the meetings list, no record chosen; the value is
    how its button names it."""

    NEW_PETITION = "New petition…"
    NEW_MEETING = "New meeting…"
    BUILD_PACKET = "Build agenda packet…"


PERMISSION = Permission.TAKE_APPLICATIONS
"""Every act here is the Clerk's office's: receiving, placing, recording the Council."""

REGISTER_RULES: dict[RegisterAct, Permission] = {act: PERMISSION for act in RegisterAct}
"""Each act on the register needs only its permission: :func:`allow_new` enforces it,
:func:`register_acts` reports it."""

Guard = Callable[[Petition, datetime], ClerkDeskError | None]
MeetingGuard = Callable[[CouncilMeeting, Action], ClerkDeskError | None]


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may do an act and when the petition allows it."""

    permission: Permission
    guard: Guard


# -- one guard per act on a petition ------------------------------------------------------------


def _any(petition: Petition, now: datetime) -> ClerkDeskError | None:
    """Always, whatever the petition's state: what may change is said in the form."""
    return None


def _pending(petition: Petition, now: datetime) -> ClerkDeskError | None:
    """Still before the Council: not approved, denied or withdrawn."""
    status = PetitionStatus(petition.status)
    if status.pending:
        return None
    return Conflict(f"Petition {petition.number} is {status.label.lower()}.")


def _on_agenda(petition: Petition, now: datetime) -> ClerkDeskError | None:
    """The Council acts only on what its agenda gave notice of (Wis. Stat. § 19.84(2))."""
    refused = _pending(petition, now)
    if refused is not None:
        return refused
    if petition.status == PetitionStatus.ON_AGENDA:
        return None
    return Conflict(
        f"Petition {petition.number} is not on an agenda: the Council acts on a petition on "
        "the agenda of its meeting; place it first."
    )


RULES: dict[PetitionAct, Rule] = {
    PetitionAct.EDIT: Rule(PERMISSION, _any),
    PetitionAct.CORRECT_RECEIVED: Rule(PERMISSION, _any),
    PetitionAct.WITHDRAW: Rule(PERMISSION, _pending),
    PetitionAct.PLACE: Rule(PERMISSION, _pending),
    PetitionAct.COUNCIL_ACTION: Rule(PERMISSION, _on_agenda),
    PetitionAct.ATTACH_SCAN: Rule(PERMISSION, _any),
}
"""Every act's rule on a petition, once: :func:`allow` enforces it, :func:`acts` reports it."""


# -- one guard per act on a meeting -------------------------------------------------------------


def _not_cancelled(meeting: CouncilMeeting, action: Action) -> ClerkDeskError | None:
    if meeting.cancelled_on is None:
        return None
    return Conflict("That meeting is cancelled.")


def _cancellable(meeting: CouncilMeeting, action: Action) -> ClerkDeskError | None:
    """A meeting to come: one that has begun, or at which the Council's action on a petition
    is recorded, took place (cancelling it would send petitions the Council already heard back
    to waiting)."""
    if meeting.cancelled_on is not None:
        return Conflict("That meeting is already cancelled.")
    acted = action.session.scalar(
        select(PetitionEvent.id)
        .where(
            PetitionEvent.meeting_id == meeting.id,
            PetitionEvent.what.in_(petitions.DECISIONS),
        )
        .limit(1)
    )
    day = schedule.meeting_day(action, meeting)
    if acted is not None:
        return Conflict(
            f"The Council's action on a petition is recorded at the meeting of {day}: it took "
            "place and cannot be cancelled."
        )
    if meeting.starts_at <= action.now():
        return Conflict(f"The meeting of {day} has already begun: it cannot be cancelled.")
    return None


MEETING_RULES: dict[MeetingAct, MeetingGuard] = {
    MeetingAct.EDIT: _not_cancelled,
    MeetingAct.CANCEL: _cancellable,
    MeetingAct.BUILD_PACKET: _not_cancelled,
}
"""Every act's guard on a meeting (each needs :data:`PERMISSION`), once."""


def _scan_aside(scan: PetitionScan) -> ClerkDeskError | None:
    return Conflict("That scan is already set aside.") if scan.set_aside_reason else None


# -- asking and enforcing ----------------------------------------------------------------------


def refusal_of(action: Action, act: PetitionAct, petition: Petition) -> ClerkDeskError | None:
    """Why ``act`` on ``petition`` is refused now (the permission first), or None."""
    rule = RULES[act]
    return permission_refusal(action, rule.permission) or rule.guard(petition, action.now())


def meeting_refusal_of(
    action: Action, act: MeetingAct, meeting: CouncilMeeting
) -> ClerkDeskError | None:
    """Why ``act`` on ``meeting`` is refused now (the permission first), or None."""
    return permission_refusal(action, PERMISSION) or MEETING_RULES[act](meeting, action)


def allow_new(action: Action, act: RegisterAct) -> None:
    """What receiving a petition, adding a meeting or building a packet does first."""
    allow_by_permission(action, act, REGISTER_RULES)


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    """For each act on the register, None when the operator may do it now, else the refusal
    in the clerk's words."""
    return permission_acts(action, REGISTER_RULES)


def allow(action: Action, act: PetitionAct, petition: Petition) -> None:
    """What a service does before it acts on ``petition``: raise the refusal, if any."""
    found = refusal_of(action, act, petition)
    if found is not None:
        raise found


def allow_meeting(action: Action, act: MeetingAct, meeting: CouncilMeeting) -> None:
    """What a service does before it acts on ``meeting``: raise the refusal, if any."""
    found = meeting_refusal_of(action, act, meeting)
    if found is not None:
        raise found


def allow_scan_aside(action: Action, scan: PetitionScan) -> None:
    """What :func:`~clerk_desk.petitions.service.set_scan_aside` does first."""
    found = permission_refusal(action, PERMISSION) or _scan_aside(scan)
    if found is not None:
        raise found


def acts(action: Action, petition_id: int) -> dict[PetitionAct, str | None]:
    """For each act on the petition, None when the operator may do it now, else the refusal in
    the clerk's words: what the tab enables its buttons by."""
    petition = petitions.get_petition(action.session, petition_id)
    return as_words({act: refusal_of(action, act, petition) for act in PetitionAct})


def meeting_acts(action: Action, meeting_id: int) -> dict[MeetingAct, str | None]:
    """For each act on the meeting, None when the operator may do it now, else the refusal in
    the clerk's words: what the meetings list enables its buttons by."""
    meeting = schedule.get_meeting(action.session, meeting_id)
    return as_words({act: meeting_refusal_of(action, act, meeting) for act in MeetingAct})


def scan_aside_refusals(action: Action, scans: Iterable[PetitionScan]) -> dict[int, str | None]:
    """For each scan (by id), None when it may be set aside now, else why not."""
    may = permission_refusal(action, PERMISSION)
    return as_words({scan.id: may or _scan_aside(scan) for scan in scans})


def scan_aside_refusal(action: Action, scan_id: int) -> str | None:
    """Why the scan may not be set aside now (None: it may): what its form says."""
    scan = action.session.get(PetitionScan, scan_id)
    if scan is None:
        raise NotFound(f"There is no scan number {scan_id}.")
    return scan_aside_refusals(action, [scan])[scan_id]
