"""Improvement petitions and the Common Council's meetings (§ 506-14).

"Requests or petitions by City property owners for new streets, street resurfacing, curb and
gutter, storm sewers, utility work and sidewalks shall be presented to the Common Council on or
before September 15 to be considered for installation in the following year."

The Clerk takes petitions at the counter all year. Each is stamped with the moment it was
received, and from that day gets its program year: received on or before September 15 of year
Y, it is considered for Y + 1; after, for Y + 2. A September 15 on which City Hall is closed is
not the last day: the period ends on the next day it is open (Wis. Stat. § 990.001(4)). A
petition is placed on a Council meeting's agenda; the Council refers, approves, denies or
defers it; the petitioner may withdraw. Every step is kept in the petition's history.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.interfaces import LoaderOption

from clerk_desk.deadlines import PERIOD_CITE, CityCalendar, Deadline
from clerk_desk.desk import Action, snapshot
from clerk_desk.documents import store_scan
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.kinds import MeetingKind, PetitionKind, PetitionStatus
from clerk_desk.models import (
    CouncilMeeting,
    Petition,
    PetitionEvent,
    PetitionScan,
    PetitionSigner,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import get_parcel, get_party, on_renamed
from clerk_desk.petitions import acts, schedule
from clerk_desk.text_search import fold, words_match
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import WEEKDAY_NAMES, clock_time, format_day, plural

CITE = "§ 506-14"
DEADLINE_MONTH, DEADLINE_DAY = 9, 15
SEARCH_LIMIT = 500
MEETING_HORIZON_DAYS = 14  # the Today tab lists meetings this close
PETITION_SERIES = "petition"
APPROVED_YEARS_AHEAD = 10  # the Council approves for a year at most this far past the program year
DECISIONS = ("referred", "approved", "denied", "deferred")  # the events of a Council action


# -- the program year --------------------------------------------------------------------------


def filing_deadline(year: int, calendar: CityCalendar) -> Deadline:
    """The last day to file for installation in ``year + 1``: September 15 of ``year``, or the
    next day City Hall is open when it is closed that day (§ 990.001(4))."""
    return calendar.explain_add_days(date(year, DEADLINE_MONTH, DEADLINE_DAY), 0)


def program_year(received_on: date, calendar: CityCalendar) -> int:
    """The year a petition received on ``received_on`` is considered for installation."""
    deadline = filing_deadline(received_on.year, calendar).due
    return received_on.year + (1 if received_on <= deadline else 2)


@dataclass(frozen=True, slots=True)
class ProgramYear:
    """The program year with the reasoning shown on the intake form."""

    year: int
    timely: bool  # received on or before the last day of its year
    deadline: Deadline
    text: str


def explain_program_year(received_on: date, calendar: CityCalendar) -> ProgramYear:
    deadline = filing_deadline(received_on.year, calendar)
    timely = received_on <= deadline.due
    year = received_on.year + (1 if timely else 2)
    last = format_day(deadline.due)
    if deadline.moved:
        moved = (
            f"September 15, {received_on.year} {_why_not_last(deadline, calendar)}, so the last "
            f"day to file is {last} ({PERIOD_CITE}). "
        )
    else:
        moved = ""
    if timely:
        text = (
            f"{moved}Received {format_day(received_on)}, on or before {last}: considered for "
            f"installation in {year} ({CITE})."
        )
    else:
        text = (
            f"{moved}Received {format_day(received_on)}, after {last}: too late for "
            f"{received_on.year + 1}; considered for installation in {year} ({CITE})."
        )
    return ProgramYear(year, timely, deadline, text)


def _why_not_last(deadline: Deadline, calendar: CityCalendar) -> str:
    """Why September 15 itself is not the last day: "is a Saturday, when City Hall is closed"."""
    day = deadline.start
    if day.weekday() == 6:  # a period never ends on a Sunday, even one City Hall opens on
        return "is a Sunday"
    reason = calendar.closed_reason(day)
    if reason is None:
        return "is a legal holiday"
    if reason in WEEKDAY_NAMES:
        return f"is a {reason}, when City Hall is closed"
    if reason.startswith("Closed by the City"):
        return "is a day City Hall is closed (set in Settings)"
    return f"is {reason}, when City Hall is closed"


def is_timely(petition: Petition) -> bool:
    """Whether the petition was filed in time for the year after it was received."""
    return petition.program_year == petition.received_on.year + 1


# -- meetings ----------------------------------------------------------------------------------


def cancel_meeting(action: Action, meeting_id: int, *, reason: str) -> int:
    """Cancel a meeting to come; the petitions on its agenda go back to waiting for one.

    A meeting that has begun, or at which the Council's action on a petition is recorded, took
    place: cancelling it would send petitions the Council already heard back to waiting."""
    meeting = schedule.get_meeting(action.session, meeting_id, lock=True)
    acts.allow_meeting(action, acts.MeetingAct.CANCEL, meeting)
    if not reason.strip():
        raise InvalidInput("Say why the meeting is cancelled.", field="reason")
    before = snapshot(meeting)
    meeting.cancelled_on, meeting.cancel_reason = action.today(), reason.strip()
    for listed in sorted(agenda(action.session, meeting.id), key=lambda p: p.id):
        petition = get_petition(action.session, listed.id, lock=True)
        if petition.meeting_id != meeting.id or petition.status != PetitionStatus.ON_AGENDA:
            continue  # moved or withdrawn at another station a moment ago
        petition.status, petition.meeting_id = PetitionStatus.RECEIVED, None
        _event(action, petition, "unplaced", meeting=meeting, detail="Meeting cancelled")
    action.audit(
        "meeting.cancel",
        meeting,
        f"Meeting of {schedule.meeting_day(action, meeting)} cancelled: {reason.strip()}",
        before=before,
        after=snapshot(meeting),
    )
    return meeting.id


# -- intake ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SignerData:
    party_id: int
    parcel_id: int | None = None
    signed: bool = True


@dataclass(frozen=True, slots=True)
class PetitionData:
    kind: PetitionKind | None  # None: the form's kind not chosen yet (refused)
    street: str
    limits_from: str = ""
    limits_to: str = ""
    description: str = ""
    signers: Sequence[SignerData] = ()
    staff_notes: str = ""
    # § 506-19, for the Council's packet: the project's estimated cost (None: not estimated yet)
    estimated_cost: Money | None = None
    by_contract: bool = True
    materials_donated: bool = False
    volunteer_labour: bool = False


def location(petition: Petition) -> str:
    """ "Orange St from Broad St N to Court St"."""
    text = petition.street
    if petition.limits_from:
        text += f" from {petition.limits_from}"
    if petition.limits_to:
        text += f" to {petition.limits_to}"
    return text


def _clean_petition(session: Session, data: PetitionData) -> dict[str, object]:
    if data.kind is None:
        raise InvalidInput(
            "Choose the kind of improvement the owners ask for.", field="kind", cite=CITE
        )
    street = " ".join(data.street.split())
    if not street:
        raise InvalidInput("Enter the street the petition is for.", field="street")
    if not data.signers:
        raise InvalidInput(
            "Name at least one property owner who petitions.", field="signers", cite=CITE
        )
    seen: set[int] = set()
    for signer in data.signers:
        party = get_party(session, signer.party_id)
        if signer.party_id in seen:
            raise InvalidInput(f"{party.name} is named twice.", field="signers")
        seen.add(signer.party_id)
        if signer.parcel_id is not None:
            get_parcel(session, signer.parcel_id)
    if not any(signer.signed for signer in data.signers):
        # City practice, not § 506-14, which asks for no signature: the Council hears a petition
        # only when an owner put their name to it.
        raise InvalidInput(
            "No owner has signed: the City takes a petition with at least one owner's "
            "signature (City practice).",
            field="signers",
        )
    return {
        "kind": PetitionKind(data.kind),
        "street": fits(Petition.street, street, "The street"),
        "limits_from": fits(Petition.limits_from, " ".join(data.limits_from.split()), "From"),
        "limits_to": fits(Petition.limits_to, " ".join(data.limits_to.split()), "To"),
        "description": data.description.strip(),
        "staff_notes": data.staff_notes.strip(),
        "estimated_cost": _estimate(data.estimated_cost),
        "by_contract": bool(data.by_contract),
        "materials_donated": bool(data.materials_donated),
        "volunteer_labour": bool(data.volunteer_labour),
    }


def _estimate(cost: Money | None) -> Money | None:
    if cost is not None and cost < Money.zero():
        raise InvalidInput("An estimated cost is not negative.", field="estimated_cost")
    return cost


def petitioners(petition: Petition) -> list[PetitionSigner]:
    """The owners named on the petition now, in order: the rows with a position above 0 (a
    petitioner removed by a correction keeps a row with a negative position)."""
    return sorted((s for s in petition.signers if s.position > 0), key=lambda s: s.position)


def _set_signers(
    action: Action, petition: Petition, signers: Sequence[SignerData]
) -> list[PetitionSigner]:
    """Make ``signers`` the petitioners, in that order, deleting no row; the rows removed.

    A petitioner named before keeps their row (found by the party), with the parcel and the
    signature as now given; a new one gets a new row; one no longer named keeps their row with
    its position negated (:class:`~clerk_desk.models.PetitionSigner`). Naming a removed one
    again brings their row back.
    """
    rows = {row.party_id: row for row in petition.signers}
    removed: list[PetitionSigner] = []
    named = {signer.party_id for signer in signers}
    for row in rows.values():
        if row.position > 0 and row.party_id not in named:
            row.position = -row.position
            removed.append(row)
    for index, signer in enumerate(signers, start=1):
        kept = rows.get(signer.party_id)
        if kept is None:
            kept = PetitionSigner(party_id=signer.party_id, position=index)
            petition.signers.append(kept)
        kept.position, kept.parcel_id, kept.signed = index, signer.parcel_id, signer.signed
    action.session.flush()
    return removed


def _search_text(session: Session, petition: Petition) -> str:
    session.flush()
    current = petitioners(petition)
    names = [signer.party.name for signer in current if signer.party is not None]
    parcels = [s.parcel.parcel_number for s in current if s.parcel is not None]
    return fold(
        " ".join(
            (
                petition.number,
                PetitionKind(petition.kind).label,
                location(petition),
                petition.description,
                *names,
                *parcels,
            )
        )
    )


def _signer_text(signer: PetitionSigner) -> str:
    parcel = f" ({signer.parcel.parcel_number})" if signer.parcel is not None else ""
    return f"{signer.party.name}{parcel}{'' if signer.signed else ' — not signed'}"


def signers_text(petition: Petition) -> str:
    """The petitioners as one line: "Ann Lee (276-00012); Bo Ng — not signed"."""
    return "; ".join(_signer_text(s) for s in petitioners(petition))


def _event(
    action: Action,
    petition: Petition,
    what: str,
    *,
    meeting: CouncilMeeting | None = None,
    detail: str = "",
    reason: str = "",
) -> None:
    action.session.add(
        PetitionEvent(
            petition_id=petition.id,
            at=action.now(),
            operator_id=action.operator.id or None,
            operator_name=action.operator.full_name,
            what=what,
            meeting_id=meeting.id if meeting else None,
            detail=detail,
            reason=reason,
        )
    )


def _packet_changed(petition: Petition) -> None:
    """The petition on an agenda changed: that meeting's packet, if built, no longer matches."""
    if petition.status == PetitionStatus.ON_AGENDA and petition.meeting is not None:
        petition.meeting.packet_built_at = None


def receive_petition(
    action: Action, data: PetitionData, *, scans: Sequence[tuple[str, bytes]] = ()
) -> int:
    """Take a petition at the counter: stamp the moment, number it, give it its program year."""
    acts.allow_new(action, acts.RegisterAct.NEW_PETITION)
    values = _clean_petition(action.session, data)
    received_at = action.now()
    received_on = action.today()
    year = received_on.year
    sequence = take_number(action, PETITION_SERIES, year=year)
    petition = Petition(
        **values,
        number=f"P-{year}-{sequence:03d}",
        year=year,
        sequence=sequence,
        received_at=received_at,
        received_on=received_on,
        received_by_id=action.operator.id or None,
        received_by_name=action.operator.full_name,
        program_year=program_year(received_on, action.calendar),
        status=PetitionStatus.RECEIVED,
        created_at=received_at,
    )
    action.session.add(petition)
    _set_signers(action, petition, data.signers)
    petition.search_text = _search_text(action.session, petition)
    explained = explain_program_year(received_on, action.calendar)
    _event(action, petition, "received", detail=explained.text)
    action.audit(
        "petition.receive",
        petition,
        f"Petition {petition.number} received: {PetitionKind(petition.kind).label}, "
        f"{location(petition)}",
        after=snapshot(petition),
    )
    for name, content in scans:  # after the receipt, in the audit trail as in the history
        add_scan(action, petition.id, name, content)
    return petition.id


_STAFF = ("staff_notes", "estimated_cost", "by_contract", "materials_donated", "volunteer_labour")
"""What the City's staff add for the Council, which may change after the Council decided."""
_DETAILS = ("kind", "street", "limits_from", "limits_to", "description", *_STAFF)


def update_petition(action: Action, petition_id: int, data: PetitionData) -> int:
    """Correct a petition's details and petitioners (not the day it was received).

    Only a petition still before the Council (pending) is corrected: once the Council decided
    it, or the petitioner withdrew it, what was decided is what the record says, and only the
    staff notes may still change. No petitioner's row is deleted: one removed keeps their row,
    out of the list (:func:`petitioners`), and the removal is a step of the history.
    """
    petition = get_petition(action.session, petition_id, lock=True)
    acts.allow(action, acts.PetitionAct.EDIT, petition)
    values = _clean_petition(action.session, data)
    before = snapshot(petition)
    old_signers = signers_text(petition)
    if not PetitionStatus(petition.status).pending:
        _refuse_decided_change(petition, values, data.signers)
    for key, value in values.items():
        setattr(petition, key, value)
    removed = _set_signers(action, petition, data.signers)
    action.session.refresh(petition, ["signers"])
    petition.search_text = _search_text(action.session, petition)
    new_signers = signers_text(petition)
    changes = [key for key in _DETAILS if before[key] != snapshot(petition)[key]]
    if new_signers != old_signers:
        changes.append("petitioners")
    if changes:
        _packet_changed(petition)
        detail = "Changed: " + ", ".join(c.replace("_", " ") for c in changes)
        if "petitioners" in changes:
            detail += f". Petitioners were: {old_signers}"
        _event(action, petition, "changed", detail=detail)
    for row in removed:
        _event(
            action,
            petition,
            "signer_removed",
            detail=f"{_signer_text(row)} removed from the petitioners",
        )
    action.audit(
        "petition.update",
        petition,
        f"Petition {petition.number} changed",
        before=before | {"signers": old_signers},
        after=snapshot(petition) | {"signers": new_signers},
    )
    return petition.id


def _refuse_decided_change(
    petition: Petition, values: dict[str, object], signers: Sequence[SignerData]
) -> None:
    """A decided or withdrawn petition keeps what it said: refuse any change but the notes."""
    current = [SignerData(s.party_id, s.parcel_id, s.signed) for s in petitioners(petition)]
    changed = [
        key for key in _DETAILS if key not in _STAFF and values[key] != getattr(petition, key)
    ]
    if changed or list(signers) != current:
        status = PetitionStatus(petition.status)
        raise Conflict(only_notes_change(petition.number, status, status.label.lower()))


def only_notes_change(number: str, status: PetitionStatus, shown: str) -> str:
    """Why a petition no longer pending is not corrected (``shown``: its status in words, e.g.
    "approved for 2028"), for the refusal and the form's banner alike."""
    if status is PetitionStatus.WITHDRAWN:
        kept = "it stays as it was when the petitioner withdrew it"
    else:
        kept = "what the Council decided on stays as it was"
    return (
        f"Petition {number} is {shown}: {kept}. Only the staff notes and the estimate of cost "
        "can still change."
    )


def correct_received(
    action: Action, petition_id: int, *, received_at: datetime, reason: str
) -> int:
    """Correct the moment a petition was received (a stamp made late, or in error). The program
    year follows the corrected day; the old stamp, the new and the reason are kept."""
    petition = get_petition(action.session, petition_id, lock=True)
    acts.allow(action, acts.PetitionAct.CORRECT_RECEIVED, petition)
    why = reason.strip()
    if not why:
        raise InvalidInput("Say why the date received is corrected.", field="reason", cite=CITE)
    if received_at.tzinfo is None:
        raise ValueError("received_at must be timezone-aware")
    if received_at > action.now():
        raise InvalidInput("A petition cannot be received in the future.", field="received_at")
    local = schedule.local_time(action, received_at)
    old = schedule.local_time(action, petition.received_at)
    if received_at == petition.received_at:
        raise InvalidInput(
            f"Petition {petition.number} is already stamped received {_stamp(old)}.",
            field="received_at",
        )
    new_year = program_year(local.date(), action.calendar)
    if petition.approved_year is not None and petition.approved_year < new_year:
        raise InvalidInput(
            f"Received {format_day(local.date())}, the petition would be considered for "
            f"installation in {new_year} at the earliest, but the Council approved it for "
            f"{petition.approved_year}.",
            field="received_at",
            cite=CITE,
        )
    before = snapshot(petition)
    _packet_changed(petition)
    old_year = petition.program_year
    petition.received_at = received_at.astimezone(UTC)
    petition.received_on = local.date()
    petition.program_year = new_year
    detail = f"Received {_stamp(old)} corrected to {_stamp(local)}"
    if petition.program_year != old_year:
        detail += f"; program year {old_year} → {petition.program_year}"
    _event(action, petition, "corrected", detail=detail, reason=why)
    action.audit(
        "petition.correct_received",
        petition,
        f"Petition {petition.number}: {detail}. {why}",
        before=before,
        after=snapshot(petition),
    )
    return petition.id


def _stamp(moment: datetime) -> str:
    """ "09/16/2026 9:00 AM": a moment received, as the register shows it."""
    return f"{moment:%m/%d/%Y} {clock_time(moment)}"


def add_scan(action: Action, petition_id: int, name: str, content: bytes) -> int:
    """Attach a scan of the signed petition (PDF, PNG or JPEG)."""
    petition = get_petition(action.session, petition_id, lock=True)
    acts.allow(action, acts.PetitionAct.ATTACH_SCAN, petition)
    digest = store_scan(action, content, name)
    scan = PetitionScan(
        petition_id=petition.id,
        position=len(petition.scans) + 1,
        sha256=digest,
        name=fits(PetitionScan.name, name.strip() or "scan", "The file name", field="scan"),
        added_at=action.now(),
        added_by_name=action.operator.full_name,
    )
    action.session.add(scan)
    petition.scans.append(scan)
    _packet_changed(petition)
    action.session.flush()
    _event(action, petition, "scan", detail=f"Scan attached: {scan.name}")
    action.audit("petition.scan", petition, f"Scan {scan.name} attached to {petition.number}")
    return scan.id


def set_scan_aside(action: Action, scan_id: int, *, reason: str) -> None:
    """Take a scan attached in error out of the petition (it stays on record)."""
    scan = action.session.get(PetitionScan, scan_id)
    if scan is None:
        raise NotFound(f"There is no scan number {scan_id}.")
    acts.allow_scan_aside(action, scan)
    why = reason.strip()
    if not why:
        raise InvalidInput("Say why the scan is set aside.", field="reason")
    scan.set_aside_reason = why
    _packet_changed(scan.petition)
    _event(action, scan.petition, "scan", detail=f"Scan set aside: {scan.name}", reason=why)
    action.audit("petition.scan_aside", scan.petition, f"Scan {scan.name} set aside: {why}")


def attached_scans(petition: Petition) -> list[PetitionScan]:
    return [scan for scan in petition.scans if not scan.set_aside_reason]


def get_petition(session: Session, petition_id: int, *, lock: bool = False) -> Petition:
    """The petition; with ``lock``, read afresh under a row lock (after its meeting's, when
    both are changed)."""
    petition = session.get(Petition, petition_id, with_for_update=lock, populate_existing=lock)
    if petition is None:
        raise NotFound(f"There is no petition number {petition_id}.")
    return petition


# -- the Council ---------------------------------------------------------------------------------


def place_on_agenda(action: Action, petition_id: int, meeting_id: int) -> int:
    """Put a pending petition on the agenda of a meeting to come (one that has not begun), or
    move it there from another; a packet built for either meeting no longer matches."""
    action.require(acts.PERMISSION)  # before the meeting is locked
    meeting = schedule.get_meeting(action.session, meeting_id, lock=True)
    petition = get_petition(action.session, petition_id, lock=True)
    acts.allow(action, acts.PetitionAct.PLACE, petition)
    if meeting.cancelled_on is not None:
        raise InvalidInput("That meeting is cancelled.", field="meeting")
    if meeting.starts_at <= action.now():
        raise InvalidInput(
            "That meeting has already taken place; choose a meeting to come.", field="meeting"
        )
    if petition.meeting_id == meeting.id and petition.status == PetitionStatus.ON_AGENDA:
        raise Conflict(f"Petition {petition.number} is already on that agenda.")
    before, day = snapshot(petition), schedule.meeting_day(action, meeting)
    _packet_changed(petition)  # a packet built for another meeting still holds the petition
    if petition.status == PetitionStatus.ON_AGENDA and petition.meeting is not None:
        _event(  # the agenda it leaves, named, so a packet being built for it is known stale
            action,
            petition,
            "unplaced",
            meeting=petition.meeting,
            detail=f"Moved to the agenda of {day}",
        )
    petition.status, petition.meeting_id = PetitionStatus.ON_AGENDA, meeting.id
    meeting.packet_built_at = None  # the packet no longer holds every item
    _event(
        action,
        petition,
        "placed",
        meeting=meeting,
        detail=f"Placed on the agenda of {day}",
    )
    action.audit(
        "petition.place",
        petition,
        f"Petition {petition.number} placed on the agenda of {day}",
        before=before,
        after=snapshot(petition),
    )
    return petition.id


class CouncilAction(enum.StrEnum):
    """What the Council did with a petition at a meeting."""

    REFERRED = "referred"
    APPROVED = "approved"
    DENIED = "denied"
    DEFERRED = "deferred"

    @property
    def label(self) -> str:
        return {
            "referred": "Referred",
            "approved": "Approved",
            "denied": "Denied",
            "deferred": "Deferred to a later meeting",
        }[self.value]


def record_council_action(
    action: Action,
    petition_id: int,
    *,
    outcome: CouncilAction,
    meeting_id: int,
    approved_year: int | None = None,
    referred_to: str = "",
    deferred_to: int | None = None,
    note: str = "",
) -> int:
    """Record what the Council did with the petition at a meeting that has begun, and whose
    agenda held it: the Council acts only on what its agenda gave notice of."""
    action.require(acts.PERMISSION)  # before the meeting is locked
    outcome = CouncilAction(outcome)
    meeting = schedule.get_meeting(action.session, meeting_id, lock=True)
    petition = get_petition(action.session, petition_id, lock=True)
    acts.allow(action, acts.PetitionAct.COUNCIL_ACTION, petition)
    meeting_date = _meeting_that_acted(action, petition, meeting)
    before = snapshot(petition)
    if outcome == CouncilAction.APPROVED:
        detail = _approve(petition, meeting, approved_year)
    elif outcome == CouncilAction.DENIED:
        petition.status, petition.meeting_id = PetitionStatus.DENIED, meeting.id
        detail = outcome.label
    elif outcome == CouncilAction.REFERRED:
        detail = _refer(petition, referred_to)
    else:
        detail = _defer(action, petition, meeting, deferred_to)
    _event(action, petition, outcome, meeting=meeting, detail=detail, reason=note.strip())
    action.audit(
        f"petition.{outcome}",
        petition,
        f"Petition {petition.number}: {detail} (meeting of {format_day(meeting_date)})",
        before=before,
        after=snapshot(petition),
    )
    return petition.id


def _meeting_that_acted(action: Action, petition: Petition, meeting: CouncilMeeting) -> date:
    """The day of the meeting, refused unless it has taken place and its agenda held the
    petition."""
    if meeting.cancelled_on is not None:
        raise InvalidInput("That meeting was cancelled.", field="meeting")
    meeting_date = schedule.local_time(action, meeting.starts_at).date()
    if meeting.starts_at > action.now():
        raise InvalidInput(
            f"The meeting of {format_day(meeting_date)} has not taken place yet.", field="meeting"
        )
    if petition.meeting_id != meeting.id:
        # The Council acts only on what its agenda noticed (Wis. Stat. § 19.84(2)); that the
        # petition is on an agenda at all, acts.allow has asked.
        where = (
            f"on the agenda of {schedule.meeting_day(action, petition.meeting)}"
            if petition.meeting is not None
            else "not on an agenda"
        )
        raise InvalidInput(
            f"Petition {petition.number} was not on the agenda of {format_day(meeting_date)} "
            f"(it is {where}).",
            field="meeting",
        )
    return meeting_date


def _approve(petition: Petition, meeting: CouncilMeeting, approved_year: int | None) -> str:
    """Approved for a year from the petition's program year (§ 506-14) to a few years after."""
    year = approved_year if approved_year is not None else petition.program_year
    if year < petition.program_year:
        raise InvalidInput(
            f"Received {format_day(petition.received_on)}, the petition is considered for "
            f"installation in {petition.program_year} at the earliest.",
            field="approved_year",
            cite=CITE,
        )
    latest = petition.program_year + APPROVED_YEARS_AHEAD
    if year > latest:
        raise InvalidInput(
            f"Approve it for {latest} at the latest ({APPROVED_YEARS_AHEAD} years after its "
            f"program year, {petition.program_year}); check the year the Council voted.",
            field="approved_year",
        )
    petition.status, petition.approved_year = PetitionStatus.APPROVED, year
    petition.meeting_id = meeting.id
    return f"Approved for installation in {year}"


def _refer(petition: Petition, referred_to: str) -> str:
    """Referred: off the agenda until it is put on another."""
    to = " ".join(referred_to.split())
    if not to:
        raise InvalidInput(
            "Say to whom it is referred (a committee, the engineer).", field="referred_to"
        )
    petition.referred_to = fits(Petition.referred_to, to, "Referred to")
    petition.status, petition.meeting_id = PetitionStatus.REFERRED, None
    return f"Referred to {to}"


def _defer(
    action: Action, petition: Petition, meeting: CouncilMeeting, deferred_to: int | None
) -> str:
    """Deferred to a later meeting, whose packet must then be built again."""
    if deferred_to is None:
        raise InvalidInput("Choose the meeting it is deferred to.", field="deferred_to")
    later = schedule.get_meeting(action.session, deferred_to)
    if later.starts_at <= meeting.starts_at or later.cancelled_on is not None:
        raise InvalidInput(
            "Defer it to a later meeting that is not cancelled.", field="deferred_to"
        )
    petition.status, petition.meeting_id = PetitionStatus.ON_AGENDA, later.id
    later.packet_built_at = None
    return f"Deferred to the meeting of {schedule.meeting_day(action, later)}"


def withdraw_petition(action: Action, petition_id: int, *, reason: str) -> int:
    """The petitioner withdraws the petition; it stays in the register."""
    petition = get_petition(action.session, petition_id, lock=True)
    acts.allow(action, acts.PetitionAct.WITHDRAW, petition)
    why = reason.strip()
    if not why:
        raise InvalidInput("Say who withdrew it and how (letter, at the counter).", field="reason")
    before = snapshot(petition)
    _packet_changed(petition)
    left = petition.meeting if petition.status == PetitionStatus.ON_AGENDA else None
    petition.status, petition.meeting_id = PetitionStatus.WITHDRAWN, None
    _event(
        action,
        petition,
        "withdrawn",
        meeting=left,  # the agenda it leaves: that meeting's packet no longer matches
        detail="Withdrawn by the petitioner",
        reason=why,
    )
    action.audit(
        "petition.withdraw",
        petition,
        f"Petition {petition.number} withdrawn: {why}",
        before=before,
        after=snapshot(petition),
    )
    return petition.id


def history(session: Session, petition_id: int) -> list[PetitionEvent]:
    return histories(session, [petition_id]).get(petition_id, [])


def histories(session: Session, petition_ids: Sequence[int]) -> dict[int, list[PetitionEvent]]:
    """The histories of many petitions in one query (the agenda packet prints each): by
    petition id, each oldest first; a petition with no step has an empty list."""
    found: dict[int, list[PetitionEvent]] = {petition_id: [] for petition_id in petition_ids}
    if not found:
        return found
    events = session.scalars(
        select(PetitionEvent)
        .where(PetitionEvent.petition_id.in_(list(found)))
        .options(selectinload(PetitionEvent.meeting))
        .order_by(PetitionEvent.at, PetitionEvent.id)
    )
    for event in events:
        found[event.petition_id].append(event)
    return found


# -- registers and the packet ------------------------------------------------------------------


def _loaded() -> tuple[LoaderOption, ...]:
    return (
        selectinload(Petition.signers).selectinload(PetitionSigner.party),
        selectinload(Petition.signers).selectinload(PetitionSigner.parcel),
        selectinload(Petition.scans),
        selectinload(Petition.meeting),
    )


def search_petitions(
    session: Session,
    text: str = "",
    *,
    program_year: int | None = None,
    kind: PetitionKind | None = None,
    status: PetitionStatus | None = None,
    pending_only: bool = False,
    limit: int = SEARCH_LIMIT,
) -> list[Petition]:
    """Petitions whose number, kind, location, description or petitioners hold every word."""
    query = select(Petition)
    query = query.where(*words_match(session, Petition.search_text, text))
    if program_year is not None:
        query = query.where(Petition.program_year == program_year)
    if kind is not None:
        query = query.where(Petition.kind == kind)
    if status is not None:
        query = query.where(Petition.status == status)
    if pending_only:
        query = query.where(Petition.status.in_([s for s in PetitionStatus if s.pending]))
    query = query.options(*_loaded()).order_by(Petition.received_at.desc(), Petition.id.desc())
    return list(session.scalars(query.limit(limit)))


@on_renamed("petitions")
def _petitioners_renamed(
    session: Session, party_ids: frozenset[int], parcel_ids: frozenset[int]
) -> None:
    """An owner renamed or a parcel renumbered: the petitions naming them are found by the new
    name or number, and no longer by the old."""
    naming = select(PetitionSigner.petition_id).where(
        or_(PetitionSigner.party_id.in_(party_ids), PetitionSigner.parcel_id.in_(parcel_ids))
    )
    for petition in session.scalars(
        select(Petition).where(Petition.id.in_(naming)).options(*_loaded())
    ):
        petition.search_text = _search_text(session, petition)


def agenda(session: Session, meeting_id: int) -> list[Petition]:
    """The petitions on a meeting's agenda: timely ones first, then late ones, each by number."""
    rows = session.scalars(
        select(Petition)
        .where(Petition.meeting_id == meeting_id, Petition.status == PetitionStatus.ON_AGENDA)
        .options(*_loaded())
    ).all()
    return sorted(rows, key=lambda p: (not is_timely(p), p.year, p.sequence))


# -- the Today tab -------------------------------------------------------------------------------


@provider("petitions")
def _due(action: Action) -> list[TodayItem]:
    """Days left to file for next year, petitions waiting for an agenda, meetings in the next
    14 days and whether their packet is built."""
    return [
        *_filing_deadline(action),
        *_petitions_off_the_agenda(action),
        *_actions_to_record(action),
        *_meetings_ahead(action),
    ]


def _filing_deadline(action: Action) -> list[TodayItem]:
    """Days left to file for next year's program, through its last day."""
    today = action.today()
    deadline = filing_deadline(today.year, action.calendar).due
    if today > deadline:
        return []
    left = (deadline - today).days
    return [
        TodayItem(
            workflow="Petitions",
            due=deadline,
            title=(
                f"{plural(left, 'day')} left to file improvement petitions for {today.year + 1}"
                if left
                else f"Last day to file improvement petitions for {today.year + 1}"
            ),
            detail=f"Petitions received after {format_day(deadline)} are considered for "
            f"{today.year + 2}.",
            cite=CITE,
        )
    ]


def _petitions_off_the_agenda(action: Action) -> list[TodayItem]:
    """Petitions received or referred, waiting to be put on an agenda."""
    waiting = action.session.scalars(
        select(Petition)
        .where(
            or_(
                Petition.status == PetitionStatus.RECEIVED,
                Petition.status == PetitionStatus.REFERRED,
            )
        )
        .order_by(Petition.received_at)
    ).all()
    return [
        TodayItem(
            workflow="Petitions",
            due=None,
            title=f"Petition {petition.number} is not on an agenda"
            + (
                f" (referred to {petition.referred_to})"
                if PetitionStatus(petition.status) is PetitionStatus.REFERRED
                else ""
            ),
            detail=f"{PetitionKind(petition.kind).label}, {location(petition)}; program year "
            f"{petition.program_year}",
            cite=CITE,
            record_type="petition",
            record_id=str(petition.id),
        )
        for petition in waiting
    ]


def _actions_to_record(action: Action) -> list[TodayItem]:
    """A petition still "on the agenda" of a meeting that has begun waits for its action to be
    recorded; without this item it would be on no list at all."""
    held = action.session.execute(
        select(Petition, CouncilMeeting)
        .join(CouncilMeeting, Petition.meeting_id == CouncilMeeting.id)
        .where(
            Petition.status == PetitionStatus.ON_AGENDA, CouncilMeeting.starts_at <= action.now()
        )
        .order_by(CouncilMeeting.starts_at, Petition.year, Petition.sequence)
    ).all()
    items: list[TodayItem] = []
    for petition, meeting in held:
        met = schedule.local_time(action, meeting.starts_at).date()
        items.append(
            TodayItem(
                workflow="Petitions",
                due=met,
                title=f"Record the Council's action on petition {petition.number}",
                detail=f"On the agenda of the meeting of {format_day(met)}; "
                f"{PetitionKind(petition.kind).label}, {location(petition)}",
                cite=CITE,
                record_type="petition",
                record_id=str(petition.id),
            )
        )
    return items


def _meetings_ahead(action: Action) -> list[TodayItem]:
    """The meetings of the next days, with how many petitions each has and its packet."""
    session = action.session
    start = datetime.combine(action.today(), datetime.min.time(), action.clock.local_now().tzinfo)
    horizon = start + timedelta(days=MEETING_HORIZON_DAYS + 1)
    items: list[TodayItem] = []
    for meeting in schedule.meetings(session, since=start.astimezone(UTC)):
        if meeting.starts_at >= horizon.astimezone(UTC):
            break
        count = len(agenda(session, meeting.id))
        built = (
            "packet built "
            + format_day(schedule.local_time(action, meeting.packet_built_at).date())
            if meeting.packet_built_at
            else "packet not built yet"
        )
        when = schedule.local_time(action, meeting.starts_at)
        items.append(
            TodayItem(
                workflow="Petitions",
                due=when.date(),
                title=f"{MeetingKind(meeting.kind).label} of the Council, {clock_time(when)}",
                detail=f"{plural(count, 'petition')} on the agenda; {built}",
                cite=CITE,
                record_type="council_meeting",
                record_id=str(meeting.id),
            )
        )
    return items
