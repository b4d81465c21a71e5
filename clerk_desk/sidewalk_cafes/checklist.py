"""The application's checklist (§ 506-10): each requirement as it stands (met, waiting or
not met) with its findings, as the details pane and the packet show it and issuing requires it.
"""

from __future__ import annotations

from datetime import date, tzinfo

from sqlalchemy.orm import Session

from clerk_desk import coverage, ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action
from clerk_desk.findings import Finding
from clerk_desk.kinds import CafeStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    SidewalkCafe,
)
from clerk_desk.sidewalk_cafes.rules import (
    ALCOHOL_CITE,
    APPLICATION_CITE,
    CLEARANCE_CITE,
    COMMENT_DAYS,
    ELIGIBILITY_CITE,
    HOURS_CITE,
    INSURANCE_CITE,
    ISSUANCE_CITE,
    NOTICE_RADIUS_FT,
    RECORD_TYPE,
    ChecklistItem,
    ItemState,
    alcohol_findings,
    eligibility_findings,
    finding_state,
    hours_findings,
    insurance_requirement,
    layout_findings,
    needs_police_review,
)
from clerk_desk.sidewalk_cafes.service import get_cafe, readable_site_plan
from clerk_desk.sidewalk_cafes.terms import meeting_day, status_of, term_of
from clerk_desk.words import format_day, plural


def checklist(
    session: Session,
    cafe: SidewalkCafe,
    *,
    calendar: CityCalendar,
    today: date,
    expires_on: date | None = None,
    zone: tzinfo | None = None,
) -> list[ChecklistItem]:
    """Each requirement of § 506-10 for the permit, met, waiting or not met, with the reasons
    cited: eligible, layout, hours, the liquor license (only when alcohol is to be served),
    the notice to owners within 100 feet, the comment period ended, the police review (only
    when alcohol or a liquor license), the DPW inspection, the Council's approval, the
    insurance from the application through the term (``expires_on`` when the term is to end
    earlier than a year), and the fee."""
    items = [
        ChecklistItem(
            "eligible",
            "Eligible; records, zoning and site plan",
            finding_state(
                found := eligibility_findings(
                    cafe, site_plan_readable=readable_site_plan(session, cafe)
                )
            ),
            tuple(found),
            ELIGIBILITY_CITE,
        ),
        ChecklistItem(
            "layout",
            "Clearances and configuration",
            finding_state(found := layout_findings(cafe)),
            tuple(found),
            CLEARANCE_CITE,
        ),
        ChecklistItem(
            "hours", "Hours", finding_state(found := hours_findings(cafe)), tuple(found), HOURS_CITE
        ),
    ]
    if cafe.serves_alcohol:
        items.append(
            ChecklistItem(
                "alcohol",
                "Liquor license covering the cafe area",
                finding_state(found := alcohol_findings(cafe)),
                tuple(found),
                ALCOHOL_CITE,
            )
        )
    items += [
        _notice_item(cafe),
        _comments_item(cafe, today),
    ]
    if needs_police_review(cafe):
        items.append(_police_item(cafe))
    items.append(_dpw_item(cafe))
    items.append(_council_item(cafe, zone))
    items.append(_insurance_item(session, cafe, calendar, today, expires_on))
    items.append(_fee_item(session, cafe))
    return items


def _notice_item(cafe: SidewalkCafe) -> ChecklistItem:
    title = f"Notice to owners within {NOTICE_RADIUS_FT} feet"
    if cafe.notice_mailed_on is None:
        listed = len(cafe.neighbors)
        found = [
            Finding(
                "block",
                APPLICATION_CITE,
                "The notice has not been mailed"
                + (f" ({plural(listed, 'name')} listed)." if listed else "; no one is listed yet."),
            )
        ]
        return ChecklistItem("notice", title, ItemState.NOT_MET, tuple(found), APPLICATION_CITE)
    found = [
        Finding(
            "info",
            APPLICATION_CITE,
            f"Mailed {format_day(cafe.notice_mailed_on)} to "
            f"{plural(len(cafe.neighbors), 'owner or occupant', 'owners and occupants')}.",
        )
    ]
    return ChecklistItem("notice", title, ItemState.MET, tuple(found), APPLICATION_CITE)


def _comments_item(cafe: SidewalkCafe, today: date) -> ChecklistItem:
    title = f"{COMMENT_DAYS} days for comments"
    due = cafe.comments_due_on
    if due is None:
        found = [
            Finding(
                "block",
                APPLICATION_CITE,
                "The 15 days for comments start when the notice is mailed.",
            )
        ]
        return ChecklistItem("comments", title, ItemState.NOT_MET, tuple(found), APPLICATION_CITE)
    late = sum(1 for c in cafe.comments if not c.timely)
    counted = (
        f"{plural(len(cafe.comments), 'comment')} received"
        + (f" ({late} after the last day)" if late else "")
        + "."
    )
    if today <= due:
        found = [
            Finding(
                "block",
                APPLICATION_CITE,
                f"Comments may be received until {format_day(due)}; the Council may not act "
                f"before then. {counted}",
            )
        ]
        return ChecklistItem(
            "comments", title, ItemState.PENDING, tuple(found), APPLICATION_CITE, due
        )
    found = [Finding("info", APPLICATION_CITE, f"The period ended {format_day(due)}. {counted}")]
    return ChecklistItem("comments", title, ItemState.MET, tuple(found), APPLICATION_CITE, due)


def _police_item(cafe: SidewalkCafe) -> ChecklistItem:
    title = "Chief of Police review"
    why = (
        "alcohol is to be served"
        if cafe.serves_alcohol
        else f"the business holds a liquor license ({cafe.liquor_license})"
    )
    if cafe.police_sent_on is None:
        found = [
            Finding(
                "block",
                APPLICATION_CITE,
                f"Forward the application to the Chief of Police: {why}.",
            )
        ]
        return ChecklistItem("police", title, ItemState.NOT_MET, tuple(found), APPLICATION_CITE)
    if cafe.police_reviewed_on is None:
        found = [
            Finding(
                "block",
                APPLICATION_CITE,
                f"Sent to the Chief of Police {format_day(cafe.police_sent_on)}; the Chief's "
                "written review is not recorded yet.",
            )
        ]
        return ChecklistItem("police", title, ItemState.PENDING, tuple(found), APPLICATION_CITE)
    if cafe.police_approved:
        found = [
            Finding(
                "info",
                APPLICATION_CITE,
                f"Approved by the Chief of Police {format_day(cafe.police_reviewed_on)}.",
            )
        ]
    else:
        found = [
            Finding(
                "warn",
                APPLICATION_CITE,
                f"The Chief of Police sent a memorandum of concerns "
                f"{format_day(cafe.police_reviewed_on)}: {cafe.police_memo}",
            )
        ]
    return ChecklistItem("police", title, ItemState.MET, tuple(found), APPLICATION_CITE)


def _dpw_item(cafe: SidewalkCafe) -> ChecklistItem:
    title = "Inspection by the Director of Public Works"
    if cafe.dpw_inspected_on is None:
        found = [Finding("block", ISSUANCE_CITE, "The Director of Public Works has not inspected.")]
        return ChecklistItem("dpw", title, ItemState.NOT_MET, tuple(found), ISSUANCE_CITE)
    if not cafe.dpw_satisfied:
        found = [
            Finding(
                "block",
                ISSUANCE_CITE,
                f"Inspected {format_day(cafe.dpw_inspected_on)} by {cafe.dpw_inspected_by}, "
                f"not satisfied: {cafe.dpw_note}",
            )
        ]
        return ChecklistItem("dpw", title, ItemState.NOT_MET, tuple(found), ISSUANCE_CITE)
    found = [
        Finding(
            "info",
            ISSUANCE_CITE,
            f"Inspected {format_day(cafe.dpw_inspected_on)} by {cafe.dpw_inspected_by}.",
        )
    ]
    return ChecklistItem("dpw", title, ItemState.MET, tuple(found), ISSUANCE_CITE)


def _council_item(cafe: SidewalkCafe, zone: tzinfo | None) -> ChecklistItem:
    title = "Approval by the Common Council"
    status = status_of(cafe)
    decided = cafe.council_decided_on
    if cafe.council_approved and decided is not None:
        text = f"Approved {format_day(decided)}."
        if cafe.council_conditions:
            text += f" Conditions: {cafe.council_conditions.replace(chr(10), '; ')}"
        found = [Finding("info", ISSUANCE_CITE, text)]
        return ChecklistItem("council", title, ItemState.MET, tuple(found), ISSUANCE_CITE)
    if cafe.council_approved is False:
        found = [Finding("block", ISSUANCE_CITE, f"Denied: {cafe.denial_reasons}")]
        return ChecklistItem("council", title, ItemState.NOT_MET, tuple(found), ISSUANCE_CITE)
    if status is CafeStatus.BEFORE_COUNCIL and cafe.meeting is not None:
        day = meeting_day(cafe.meeting, zone)
        found = [Finding("block", ISSUANCE_CITE, f"Before the Council on {format_day(day)}.")]
        return ChecklistItem("council", title, ItemState.PENDING, tuple(found), ISSUANCE_CITE, day)
    found = [Finding("block", ISSUANCE_CITE, "The application is not yet before the Council.")]
    return ChecklistItem("council", title, ItemState.NOT_MET, tuple(found), ISSUANCE_CITE)


def _insurance_item(
    session: Session,
    cafe: SidewalkCafe,
    calendar: CityCalendar,
    today: date,
    expires_on: date | None,
) -> ChecklistItem:
    start, end = term_of(cafe, today, expires_on)
    found = bonds.insurance_findings(
        session,
        party_id=cafe.applicant_id,
        requirement=insurance_requirement(cafe),
        covers=coverage.Covers(start, end, application=cafe.applied_on),
        calendar=calendar,
    )
    return ChecklistItem(
        "insurance",
        "Insurance from the application through the term",
        finding_state(found),
        tuple(found),
        INSURANCE_CITE,
    )


def _fee_item(session: Session, cafe: SidewalkCafe) -> ChecklistItem:
    title = "Fee receipted"
    if ledger.is_paid(session, RecordRef(RECORD_TYPE, str(cafe.id))):
        return ChecklistItem("fee", title, ItemState.MET, (), APPLICATION_CITE)
    found = [
        Finding(
            "block",
            APPLICATION_CITE,
            "The fee set in the City's fee schedule is not paid: it accompanies the application.",
        )
    ]
    return ChecklistItem("fee", title, ItemState.NOT_MET, tuple(found), APPLICATION_CITE)


def review(action: Action, cafe_id: int) -> list[ChecklistItem]:
    """The checklist of an application as it stands today."""
    cafe = get_cafe(action.session, cafe_id)
    return checklist(
        action.session, cafe, calendar=action.calendar, today=action.today(), zone=action.zone
    )
