"""The Common Council's decision and the permit (§ 506-10 (Sidewalk cafe permit issuance),
(Term and renewal of permit)): the agenda, the decision, a denial, the issuance, the renewal.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, tzinfo

from sqlalchemy.orm import Session

from clerk_desk import acting
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import CafeStatus
from clerk_desk.models import (
    CafeNeighbor,
    CouncilMeeting,
    SidewalkCafe,
)
from clerk_desk.sidewalk_cafes import acts as acts
from clerk_desk.sidewalk_cafes.checklist import checklist
from clerk_desk.sidewalk_cafes.notice import neighbors_text
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_CITE,
    APPLICATION_FIELDS,
    HOURS_CITE,
    LATEST,
    LOCATION_CITE,
    TERM_CITE,
    alcohol_findings,
    clock_text,
    eligibility_findings,
    hours_findings,
    layout_findings,
    needs_police_review,
)
from clerk_desk.sidewalk_cafes.service import (
    _new_cafe,
    bill_fee,
    get_cafe,
    get_meeting,
    readable_site_plan,
    search_text,
)
from clerk_desk.sidewalk_cafes.terms import longest_term, meeting_day
from clerk_desk.words import format_day


def meeting_refusal(
    meeting: CouncilMeeting,
    cafe: SidewalkCafe,
    *,
    now: datetime,
    zone: tzinfo | None,
    held: bool,
) -> str | None:
    """Why the Council cannot act on ``cafe`` at ``meeting`` (cancelled; with ``held``, not
    held yet; held on or before the last day for comments), or None when it can: the rule the
    decision form lists meetings by and the services check."""
    day = meeting_day(meeting, zone)
    if meeting.cancelled_on is not None:
        return f"The meeting of {format_day(day)} was cancelled."
    if held and meeting.starts_at > now:
        return f"The meeting of {format_day(day)} has not taken place yet."
    if cafe.comments_due_on is None:
        return (
            "The notice to owners within 100 feet has not been mailed: the application goes to "
            "the Council after it and the 15 days for comments."
        )
    if day <= cafe.comments_due_on:
        return (
            f"The meeting of {format_day(day)} is within the comment period, which runs until "
            f"{format_day(cafe.comments_due_on)}: the Council may not act before it ends."
        )
    return None


def place_before_council(action: Action, cafe_id: int, meeting_id: int) -> int:
    """Put the application on the agenda of a Council meeting after the comment period (or
    move it to another meeting): the "fully completed application packet" only, so refused
    while it is not eligible, or its layout, hours or liquor license do not meet § 506-10."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.AGENDA, cafe)
    meeting = get_meeting(action.session, meeting_id)
    zone = action.zone
    refused = meeting_refusal(meeting, cafe, now=action.now(), zone=zone, held=False)
    if refused is not None:
        raise InvalidInput(refused, field="meeting_id", cite=APPLICATION_CITE)
    before = snapshot(cafe)
    cafe.meeting_id = meeting.id
    cafe.status = CafeStatus.BEFORE_COUNCIL
    action.audit(
        "sidewalk_cafe.agenda",
        cafe,
        f"Application {cafe.number} placed before the Council on "
        f"{format_day(meeting_day(meeting, zone))}",
        before=before,
        after=snapshot(cafe),
    )
    return cafe.id


def record_council_decision(
    action: Action,
    cafe_id: int,
    *,
    meeting_id: int,
    approved: bool,
    conditions: str = "",
    closes_at: time | None = None,
    reasons: str = "",
) -> int:
    """Record the Council's approval (with its conditions, and a closing hour earlier than
    applied for if it restricted the hours) or denial (with reasons), at a meeting that has
    taken place after the comment period. An approval needs the Chief of Police's review on
    record when one is required (the Council shall consider it), and an application that meets
    the standards of § 506-10 (:func:`standards_block`): one that does not could never be
    issued."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.COUNCIL_DECISION, cafe)
    meeting = get_meeting(action.session, meeting_id)
    zone = action.zone
    refused = meeting_refusal(meeting, cafe, now=action.now(), zone=zone, held=True)
    if refused is not None:
        raise InvalidInput(refused, field="meeting_id", cite=APPLICATION_CITE)
    held_on = meeting_day(meeting, zone)
    terms = "\n".join(line.strip() for line in conditions.splitlines() if line.strip())
    why = reasons.strip()
    if approved:
        if why:
            raise InvalidInput("Reasons are for a denial; clear them.", field="reasons")
        acting.refuse(acts.standards_refusal(cafe, "approved"))
        if needs_police_review(cafe) and cafe.police_reviewed_on is None:
            raise InvalidInput(
                "The Chief of Police's review is not on record: the Council considers it "
                "before approving a cafe that serves alcohol or holds a liquor license.",
                field="police",
                cite=APPLICATION_CITE,
            )
        if closes_at is not None and closes_at > LATEST:
            raise InvalidInput(
                f"The Council can restrict the hours, not extend them past {clock_text(LATEST)}",
                field="closes_at",
                cite=HOURS_CITE,
            )
        if closes_at is not None and cafe.opens_at is not None and closes_at <= cafe.opens_at:
            raise InvalidInput(
                f"A closing hour of {clock_text(closes_at)} is not after the opening "
                f"({clock_text(cafe.opens_at)}).",
                field="closes_at",
            )
    else:
        if not why:
            raise InvalidInput("State the Council's reasons for the denial.", field="reasons")
        if terms or closes_at is not None:
            raise InvalidInput(
                "Conditions and hours are for an approval; clear them.", field="conditions"
            )
    before = snapshot(cafe)
    cafe.meeting_id = meeting.id
    cafe.council_decided_on = held_on
    cafe.council_approved = approved
    if approved:
        cafe.council_conditions, cafe.council_closes_at = terms, closes_at
        cafe.status = CafeStatus.APPROVED
    else:
        cafe.denial_reasons = why
        cafe.status = CafeStatus.DENIED
    action.audit(
        "sidewalk_cafe.council",
        cafe,
        f"Council {'approved' if approved else 'denied'} {cafe.number} on {format_day(held_on)}"
        + (" with conditions" if terms or closes_at else ""),
        before=before,
        after=snapshot(cafe),
    )
    return cafe.id


def issue(action: Action, cafe_id: int, *, expires_on: date | None = None) -> int:
    """The City Administrator issues the permit approved by the Council, once every item of
    the checklist is met (DPW inspection, insurance through the term, fee …). It runs to
    ``expires_on``, at most one year from its issuance (the default)."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.ISSUE, cafe)
    today = action.today()
    longest = longest_term(today)
    last = expires_on or longest
    if last > longest:
        raise InvalidInput(
            f"The permit may run at most one year from its original issuance: until "
            f"{format_day(longest)}, not {format_day(last)}.",
            field="expires_on",
            cite=TERM_CITE,
        )
    if last < today:
        raise InvalidInput("The permit cannot expire before it is issued.", field="expires_on")
    items = checklist(
        action.session,
        cafe,
        calendar=action.calendar,
        today=today,
        expires_on=last,
        zone=action.zone,
    )
    for item in items:
        if not item.met:
            first = next((f for f in item.findings if f.blocks), None)
            text = first.text if first else item.state.label
            raise InvalidInput(
                f"{item.title}: {text}", field=item.key, cite=(first.cite if first else item.cite)
            )
    if not readable_site_plan(action.session, cafe):
        raise InvalidInput(
            f"The site plan on file ({cafe.site_plan_name or 'none'}) cannot be read: the permit "
            "delineates the cafe area by it. Attach a readable copy of the plan the Council "
            "approved.",
            field="site_plan",
            cite=LOCATION_CITE,
        )
    before = snapshot(cafe)
    cafe.issued_on, cafe.issued_by_name, cafe.expires_on = today, action.operator.full_name, last
    cafe.status = CafeStatus.ISSUED
    action.audit(
        "sidewalk_cafe.issue",
        cafe,
        f"Sidewalk cafe permit {cafe.number} issued for {cafe.establishment}; expires "
        f"{format_day(last)}",
        before=before,
        after=snapshot(cafe),
    )
    if cafe.renews_id is not None:
        _end_renewed(action, cafe)
    return cafe.id


def _end_renewed(action: Action, renewal: SidewalkCafe) -> None:
    """The permit a renewal renews ends the day before the renewal is issued (if it runs that
    long): one permit stands for a cafe, and the old one is no longer listed to expire."""
    assert renewal.renews_id is not None and renewal.issued_on is not None
    old = get_cafe(action.session, renewal.renews_id, for_update=True)
    if old.issued_on is None or old.expires_on is None:
        return
    last = max(renewal.issued_on - timedelta(days=1), old.issued_on)
    if old.expires_on <= last:
        return
    before = snapshot(old)
    old.expires_on = last
    action.audit(
        "sidewalk_cafe.renewed",
        old,
        f"Permit {old.number} ends {format_day(last)}: renewed by {renewal.number}, issued "
        f"{format_day(renewal.issued_on)}",
        before=before,
        after=snapshot(old),
    )


def renew(action: Action, cafe_id: int) -> int:
    """A renewal: a new application by the same permittee naming the permit it renews, with
    the establishment, layout, hours, site plan and neighbour list copied. The sales records
    are those of the six months before this application, so they are entered again; the
    notice, the reviews and the Council's approval run again, and the fee is billed again
    (§ 506-10 (Application for permit): "and renewals thereof")."""
    session = action.session
    # Locked first: a second station renewing the same permit waits here, then finds the
    # first station's renewal in the guard and is refused (one renewal, one fee).
    old = get_cafe(session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.RENEW, old)
    values: dict[str, object] = {
        name: getattr(old, name)
        for name in APPLICATION_FIELDS
        if name not in ("sales_from", "sales_to", "gross_sales", "food_and_soft_drink_sales")
    }
    values["notes"] = ""
    cafe = _new_cafe(action, values)
    cafe.renews_id = old.id
    cafe.renews = old
    cafe.site_plan_name, cafe.site_plan_sha256 = old.site_plan_name, old.site_plan_sha256
    session.flush()
    cafe.neighbors = [
        CafeNeighbor(
            position=n.position,
            name=n.name,
            mailing_address=n.mailing_address,
            parcel_number=n.parcel_number,
            relation=n.relation,
            distance_ft=n.distance_ft,
        )
        for n in old.neighbors
    ]
    cafe.search_text = search_text(cafe, old.applicant.name)
    session.flush()
    action.audit(
        "sidewalk_cafe.renew",
        cafe,
        f"Renewal {cafe.number} of sidewalk cafe permit {old.number} received",
        after=snapshot(cafe) | {"neighbors": neighbors_text(cafe)},
    )
    bill_fee(action, cafe)
    return cafe.id


def deny(action: Action, cafe_id: int, *, reasons: str, meeting_id: int | None = None) -> int:
    """Deny the application. With ``meeting_id`` it is the Council's denial
    (:func:`record_council_decision`). Without, the City Administrator refuses to take it
    forward, which is only for one the standards forbid: not eligible to apply, not
    commercially zoned, a layout or hours that block; only the Council denies one that meets
    them (§ 506-10 (Sidewalk cafe permit issuance))."""
    if meeting_id is not None:
        return record_council_decision(
            action, cafe_id, meeting_id=meeting_id, approved=False, reasons=reasons
        )
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acting.refuse(acts.administrator_denial(action, cafe))
    why = reasons.strip()
    if not why:
        raise InvalidInput("State the reasons for the denial.", field="reasons")
    blocking = [
        f
        for f in (
            *eligibility_findings(cafe),
            *layout_findings(cafe),
            *hours_findings(cafe),
            *alcohol_findings(cafe),
        )
        if f.blocks
    ]
    before = snapshot(cafe)
    cafe.status = CafeStatus.DENIED
    cafe.denial_reasons = why
    action.audit(
        "sidewalk_cafe.deny",
        cafe,
        f"Application {cafe.number} refused by the City Administrator: {why}",
        before=before,
        after=snapshot(cafe) | {"findings": [f.text for f in blocking]},
    )
    return cafe.id


def council_meetings(
    session: Session, cafe_id: int, *, now: datetime, zone: tzinfo | None, held: bool
) -> list[CouncilMeeting]:
    """The meetings a form offers: with ``held``, those held at which the Council can have
    decided (latest first); without, those not yet held after the comment period (soonest
    first), to place the application on an agenda."""
    cafe = get_cafe(session, cafe_id)
    from clerk_desk.petitions import schedule

    found = [
        m
        for m in schedule.meetings(session)
        if (m.starts_at <= now) == held
        and meeting_refusal(m, cafe, now=now, zone=zone, held=held) is None
    ]
    return list(reversed(found)) if held else found
