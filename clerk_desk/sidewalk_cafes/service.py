"""Sidewalk cafe permits (§ 506-10): application, neighbour notice, reviews, Council, permit.

Use of a public sidewalk for a sidewalk cafe needs a permit (§ 506-10 (Permit required)), issued
by the City Administrator after inspection by the Director of Public Works and approval by the
Common Council (§ 506-10 (Sidewalk cafe permit issuance)). The steps, each recorded here:

1. The application, on the City's form with the fee from the fee schedule, the site plan drawn
   to scale with the scale noted, and the business records showing that more than 50% of gross
   sales in the six months before the application came from food and beverages not containing
   alcohol (§ 506-10 (Definitions), (Application for permit)). :func:`receive_application`.
2. Notice to all owners of property within 100 feet, with the applicant's diagram, saying
   whether alcohol will be served if the permit is granted and that comments must be received
   by the City Clerk within 15 calendar days of mailing (§ 506-10 (Application for permit)).
   :func:`set_neighbors`, :func:`record_notice_mailed`, :func:`record_comment`.
3. Review by the Chief of Police when the business holds a liquor license or means to serve
   alcohol (:func:`send_to_police`, :func:`record_police_review`); inspection by the Director
   of Public Works (:func:`record_dpw_inspection`).
4. The Council's decision at a meeting held after the comment period
   (:func:`place_before_council`, :func:`record_council_decision`), then the permit, for at
   most one year from its issuance and not transferable (:func:`issue`, :func:`renew`).
5. While it stands: temporary suspension on seven days' written notice or at once in an
   emergency (:func:`suspend`), revocation by the Council after a public meeting on 10 days'
   written notice (:func:`give_revocation_notice`, :func:`revoke`).

Where § 506-10 is silent, these are the choices made (the Clerk or City Attorney may differ):

* The 15 days for comments are "received by the City Clerk": a filing at City Hall, so a last
  day City Hall is closed moves to its next open day (:func:`comment_deadline` says so). The
  15-day limit is the public's; comments of the applicant, City staff and committees are
  considered whenever they come (the Council "shall consider" them).
* Seven days' notice of a suspension and 10 days' notice of the revocation meeting are counted
  back from the day they precede and never moved (:meth:`CityCalendar.latest_day_before`).
* The Council "may not act" before the comment period has passed: a decision, and placing the
  application on an agenda, need a meeting held after the last day for comments.
* Only the Council denies an application that meets the standards; the Administrator may
  refuse one that does not (not eligible to apply, a layout or hours the standards forbid)
  without taking it to the Council (:func:`deny` without a meeting).
* A temporary suspension does not change the permit's status (it stands, and is "Suspended
  until …" on the days the suspension covers: :func:`standing`, :func:`display_status`); a
  temporary revocation is "Revoked until" its last day, and the permit stands again the day
  after: every service and list asks :func:`standing`, never the status recorded.
* The fee accompanies the application and stays owed when it is withdrawn or denied.
* The notice tells the neighbours of a cafe: its establishment and place, whether alcohol will
  be served, and its layout on the site plan. Once it is mailed, a correction of any of these
  sends the application back to be noticed again (:func:`correct_application` with
  ``mail_again``, :func:`notice_changes`); the sales figures, the records, the hours and the
  notes stay open to correction.
* The Council takes up, and approves, only an application that meets the standards: eligible,
  a layout and hours the section allows, and a liquor license where alcohol is to be served
  (:func:`standards_block`). A single aisle figure is required: "aisle clearances of a minimum
  of 44 inches shall be provided", so an application without one does not go forward.
* An owner listed more than 100 feet away is kept on the list, marked "beyond 100 ft — not
  required", and mailed the notice all the same (more notice harms no one).
* A renewal issued ends the permit it renews the day before (one permit stands for a cafe).
* Every service that writes an application reads it with :func:`get_cafe` ``for_update``: on
  PostgreSQL two counters acting on one application take turns, and two stations renewing one
  permit at once make one renewal, not two.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta, tzinfo
from functools import partial
from typing import Any

from sqlalchemy import and_, exists, or_, select
from sqlalchemy.orm import Session, aliased, selectinload
from sqlalchemy.orm.interfaces import LoaderOption

from clerk_desk import acting, ledger
from clerk_desk.desk import Action, snapshot
from clerk_desk.documents import scan_bytes, store_scan
from clerk_desk.errors import Conflict, InvalidInput, NotFound, Refusals
from clerk_desk.fees import fee_on
from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import CafeStatus, DueKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    CafeSuspension,
    CouncilMeeting,
    Parcel,
    SidewalkCafe,
    Street,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import get_party
from clerk_desk.sidewalk_cafes import acts as acts
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_CITE,
    EXPIRY_WARNING_DAYS,
    FEE_CODE,
    ISSUANCE_CITE,
    LENGTHS,
    NOTICE_FIELDS,
    PRE_ISSUE,
    RECORD_TYPE,
    REVOCATION_CITE,
    SEARCH_LIMIT,
    SERIES,
    STANDING,
    SUSPENSION_SOON_DAYS,
    TERM_CITE,
    UNDECIDED,
    WORKFLOW,
    CafeData,
    scan_kind,
    scan_problem,
)
from clerk_desk.sidewalk_cafes.terms import meeting_day, standing, status_of
from clerk_desk.text_search import fold, words_match
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import format_day


def _zone(action: Action) -> tzinfo:
    zone = action.clock.local_now().tzinfo
    assert zone is not None
    return zone


def get_cafe(session: Session, cafe_id: int, *, for_update: bool = False) -> SidewalkCafe:
    """The application (or permit) ``cafe_id``. Every service that writes one reads it with
    ``for_update``: its row is locked until the transaction ends and read afresh, so that two
    counters acting on one application at once take turns (on PostgreSQL the second waits,
    then sees the first's change and is refused if it no longer fits) instead of both checking
    the same old state. SQLite writes one transaction at a time anyway."""
    cafe = (
        session.get(SidewalkCafe, cafe_id, with_for_update=True, populate_existing=True)
        if for_update
        else session.get(SidewalkCafe, cafe_id)
    )
    if cafe is None:
        raise NotFound(f"There is no sidewalk cafe application number {cafe_id}.")
    return cafe


def _text(column: Any, value: str, label: str, field: str) -> str:
    return fits(column, " ".join(value.split()), label, field=field)


def _cafe_texts(data: CafeData) -> dict[str, str]:
    """The application's names and texts, every refusal of them at once (issue 19)."""
    found = Refusals()
    establishment = " ".join(data.establishment.split())
    if not establishment:
        found.refuse(
            InvalidInput("Enter the name of the food-serving establishment.", field="establishment")
        )
    address = " ".join(data.address.split())
    if not address:
        found.refuse(InvalidInput("Enter the establishment's address.", field="address"))
    texts = {
        "establishment": (SidewalkCafe.establishment, establishment, "The establishment"),
        "address": (SidewalkCafe.address, address, "The address"),
        "zoning_district": (
            SidewalkCafe.zoning_district,
            data.zoning_district,
            "The zoning district",
        ),
        "liquor_license": (SidewalkCafe.liquor_license, data.liquor_license, "The liquor license"),
        "site_plan_scale": (
            SidewalkCafe.site_plan_scale,
            data.site_plan_scale,
            "The site plan's scale",
        ),
    }
    fitted = {
        name: found.check(partial(_text, column, value, label, name))
        for name, (column, value, label) in texts.items()
    }
    found.raise_any()
    return {name: text or "" for name, text in fitted.items()}


def _refuse_amounts(data: CafeData, applied_on: date) -> None:
    """Every refusal of the lengths, counts, sales and sales period at once (issue 19); the
    food sales are weighed against the gross only when neither was refused."""
    found = Refusals()
    counts = (("seats", "The number of seats"), ("tables", "The number of tables"))
    for name, label in (*LENGTHS, *counts):
        value = getattr(data, name)
        if value is not None and value < 0:
            found.refuse(InvalidInput(f"{label} cannot be negative.", field=name))
    gross, food = data.gross_sales, data.food_and_soft_drink_sales
    sales = (
        (gross, "gross_sales", "The gross sales"),
        (food, "food_and_soft_drink_sales", "The food and non-alcoholic beverage sales"),
    )
    negative = [
        (name, label)
        for amount, name, label in sales
        if amount is not None and amount < Money.zero()
    ]
    for name, label in negative:
        found.refuse(InvalidInput(f"{label} cannot be negative.", field=name))
    if not negative and gross is not None and food is not None and food > gross:
        found.refuse(
            InvalidInput(
                f"The food and non-alcoholic beverage sales ({food.format()}) cannot be more "
                f"than the gross sales ({gross.format()}).",
                field="food_and_soft_drink_sales",
            )
        )
    if data.sales_from and data.sales_to and data.sales_to < data.sales_from:
        found.refuse(InvalidInput("The sales period ends before it starts.", field="sales_to"))
    elif data.sales_to is not None and data.sales_to > applied_on:
        found.refuse(
            InvalidInput(
                "The sales period cannot run past the day of the application.", field="sales_to"
            )
        )
    found.raise_any()


def _clean(session: Session, data: CafeData, applied_on: date) -> dict[str, object]:
    get_party(session, data.applicant_id)
    if data.parcel_id is not None and session.get(Parcel, data.parcel_id) is None:
        raise NotFound(f"There is no parcel number {data.parcel_id}.")
    if data.street_id is not None and session.get(Street, data.street_id) is None:
        raise NotFound(f"There is no street number {data.street_id}.")
    found = Refusals()
    texts = found.check(partial(_cafe_texts, data))
    found.check(partial(_refuse_amounts, data, applied_on))
    found.raise_any()
    assert texts is not None  # refused above
    gross, food = data.gross_sales, data.food_and_soft_drink_sales
    return {
        "applicant_id": data.applicant_id,
        "establishment": texts["establishment"],
        "address": texts["address"],
        "parcel_id": data.parcel_id,
        "street_id": data.street_id,
        "zoning_district": texts["zoning_district"],
        "commercially_zoned": data.commercially_zoned,
        "sales_from": data.sales_from,
        "sales_to": data.sales_to,
        "gross_sales": gross,
        "food_and_soft_drink_sales": food,
        "at_storefront": data.at_storefront,
        "at_curbside": data.at_curbside,
        "corner_parcel": data.corner_parcel,
        **{name: getattr(data, name) for name, _ in LENGTHS},
        "passage_abuts_curb": data.passage_abuts_curb,
        "side_passage_abuts_curb": data.side_passage_abuts_curb,
        "seats": data.seats,
        "tables": data.tables,
        "umbrellas": data.umbrellas.strip(),
        "serves_alcohol": data.serves_alcohol,
        "liquor_license": texts["liquor_license"],
        "opens_at": data.opens_at,
        "closes_at": data.closes_at,
        "indoor_opens_at": data.indoor_opens_at,
        "indoor_closes_at": data.indoor_closes_at,
        "site_plan_scale": texts["site_plan_scale"],
        "notes": data.notes.strip(),
    }  # fmt: skip


def search_text(cafe: SidewalkCafe, applicant: str) -> str:
    return fold(
        " ".join(
            (
                cafe.number,
                applicant,
                cafe.establishment,
                cafe.address,
                cafe.liquor_license,
                cafe.zoning_district,
            )
        )
    )


def _attach(action: Action, cafe: SidewalkCafe, which: str, file: tuple[str, bytes]) -> None:
    """Keep the file as the application's site plan or sales records; a file that cannot be
    kept is refused under the field it was chosen for."""
    name, content = file
    name = name.strip() or ("site plan" if which == "site_plan" else "sales records")
    column = (
        SidewalkCafe.site_plan_name if which == "site_plan" else SidewalkCafe.sales_records_name
    )
    problem = scan_problem(name, content)
    if problem is not None:
        raise InvalidInput(problem, field=which)
    setattr(cafe, f"{which}_name", fits(column, name, "The file name", field=which))
    try:
        setattr(cafe, f"{which}_sha256", store_scan(action, content, name))
    except InvalidInput as error:
        raise InvalidInput(error.message, field=which, cite=error.cite) from error


def bill_fee(action: Action, cafe: SidewalkCafe) -> None:
    fee = fee_on(action.session, FEE_CODE, cafe.applied_on)
    what = (
        f"Sidewalk cafe permit renewal {cafe.number} (renews {cafe.renews.number})"
        if cafe.renews is not None
        else f"Sidewalk cafe permit {cafe.number}"
    )
    ledger.bill(
        action,
        party_id=cafe.applicant_id,
        record=RecordRef(RECORD_TYPE, str(cafe.id)),
        kind=DueKind.FEE,
        amount=fee.amount,
        description=f"{what}, {cafe.establishment}",
        fee_item=fee,
        cite=APPLICATION_CITE,
    )


def _new_cafe(action: Action, values: Mapping[str, object]) -> SidewalkCafe:
    """The cafe record, numbered, for the application or renewal that fills it in."""
    applied_at, applied_on = action.now(), action.today()
    year = applied_on.year
    sequence = take_number(action, SERIES, year=year)
    cafe = SidewalkCafe(
        **values,
        number=f"SC-{year}-{sequence:03d}",
        year=year,
        sequence=sequence,
        applied_at=applied_at,
        applied_on=applied_on,
        received_by_name=action.operator.full_name,
        status=CafeStatus.APPLIED,
        created_at=applied_at,
    )
    action.session.add(cafe)
    return cafe


def receive_application(
    action: Action,
    data: CafeData,
    *,
    site_plan: tuple[str, bytes] | None = None,
    sales_records: tuple[str, bytes] | None = None,
) -> int:
    """Take an application at the counter, number it ("SC-2026-001") and bill the fee from the
    fee schedule (§ 506-10 (Application for permit)). The site plan and the sales records
    (PDF, PNG or JPEG) are kept with it. An application that is not complete or not eligible
    is still taken: the checklist (:func:`review`) says what stands in the way.
    Returns its id."""
    acts.allow_new(action, acts.RegisterAct.NEW_APPLICATION)
    session = action.session
    values = _clean(session, data, action.today())
    cafe = _new_cafe(action, values)
    if site_plan is not None:
        _attach(action, cafe, "site_plan", site_plan)
    if sales_records is not None:
        _attach(action, cafe, "sales_records", sales_records)
    applicant = get_party(session, data.applicant_id)
    cafe.search_text = search_text(cafe, applicant.name)
    session.flush()
    action.audit(
        "sidewalk_cafe.receive",
        cafe,
        f"Sidewalk cafe application {cafe.number} received from {applicant.name} for "
        f"{cafe.establishment}, {cafe.address}",
        after=snapshot(cafe),
    )
    bill_fee(action, cafe)
    return cafe.id


def readable_site_plan(session: Session, cafe: SidewalkCafe) -> bool:
    """Whether the site plan on file can be had and is a PDF, PNG or JPEG."""
    if not cafe.site_plan_sha256:
        return False
    return bool(scan_kind(scan_bytes(session, cafe.site_plan_sha256)))


def notice_changes(
    cafe: SidewalkCafe, data: CafeData | None = None, *, plan: bytes | None = None
) -> list[str]:
    """What the owners within 100 feet were told that ``data`` (a correction) or a site plan
    (``plan``, the file's content) other than the one on file would change, once the notice is
    mailed: "whether alcohol will be served", "the cafe's length along the frontage", "the site
    plan". Empty before the mailing, or when nothing they were told changes."""
    if cafe.notice_mailed_on is None:
        return []
    changed: list[str] = []
    if data is not None:
        for name, label in NOTICE_FIELDS:
            new, old = getattr(data, name), getattr(cafe, name)
            if isinstance(new, str):
                new, old = " ".join(new.split()), " ".join(str(old).split())
            if new != old and label not in changed:
                changed.append(label)
    if plan is not None and hashlib.sha256(plan).hexdigest() != cafe.site_plan_sha256:
        changed.append("the site plan")
    return changed


def _first_changed(cafe: SidewalkCafe, data: CafeData) -> str:
    for name, _ in NOTICE_FIELDS:
        new, old = getattr(data, name), getattr(cafe, name)
        if isinstance(new, str):
            new, old = " ".join(new.split()), " ".join(str(old).split())
        if new != old:
            return name
    return "site_plan"


def _mail_again(action: Action, cafe: SidewalkCafe, changed: Sequence[str]) -> None:
    """Send an application whose notice was mailed back to be noticed again: the neighbours
    were told something that is no longer so."""
    mailed = cafe.notice_mailed_on
    assert mailed is not None
    before = snapshot(cafe)
    cafe.notice_mailed_on, cafe.notice_mailed_by, cafe.comments_due_on = None, "", None
    cafe.meeting_id = None
    cafe.status = CafeStatus.APPLIED
    action.audit(
        "sidewalk_cafe.notice_again",
        cafe,
        f"The notice of {cafe.number} mailed {format_day(mailed)} must be mailed again: "
        f"{', '.join(changed)} changed after it was mailed; the 15 days for comments start "
        "over with the new mailing",
        before=before,
        after=snapshot(cafe),
    )


def _refuse_notice_change(cafe: SidewalkCafe, changed: Sequence[str], field: str) -> None:
    assert cafe.notice_mailed_on is not None
    raise InvalidInput(
        f"This changes what the neighbours were told ({', '.join(changed)}): the notice mailed "
        f"{format_day(cafe.notice_mailed_on)} would have to be mailed again, and the 15 days "
        "for comments would start over.",
        field=field,
        cite=APPLICATION_CITE,
    )


def attach_site_plan(
    action: Action,
    cafe_id: int,
    name: str,
    content: bytes,
    *,
    scale: str,
    mail_again: bool = False,
) -> int:
    """Attach (or replace) the site plan and note its scale. Before the notice is mailed, as
    often as need be; after it, a different plan changes what the neighbours were told and is
    refused unless ``mail_again`` (the application then goes back to be noticed again). After
    the Council's approval only a plan that is missing or cannot be read is supplied (the
    Council decided on the plan it had)."""
    acts.allow_new(action, acts.RegisterAct.ATTACH_PAPERS)
    session = action.session
    cafe = get_cafe(session, cafe_id, for_update=True)
    status = status_of(cafe)
    if status is CafeStatus.APPROVED:
        if readable_site_plan(session, cafe):
            raise Conflict(
                f"The Council approved {cafe.number} on the site plan it had "
                f"({cafe.site_plan_name}); a different layout is a new application.",
                cite=ISSUANCE_CITE,
            )
    else:
        acting.refuse(
            acts.status_refusal(cafe, UNDECIDED, "the Council has decided on the site plan it had.")
        )
    changed = notice_changes(cafe, plan=content) if status is not CafeStatus.APPROVED else []
    if changed and not mail_again:
        _refuse_notice_change(cafe, changed, "site_plan")
    before = snapshot(cafe)
    _attach(action, cafe, "site_plan", (name, content))
    cafe.site_plan_scale = _text(
        SidewalkCafe.site_plan_scale, scale, "The site plan's scale", "site_plan_scale"
    )
    action.audit(
        "sidewalk_cafe.site_plan",
        cafe,
        f"Site plan {cafe.site_plan_name} attached to {cafe.number}",
        before=before,
        after=snapshot(cafe),
    )
    if changed:
        _mail_again(action, cafe, changed)
    return cafe.id


def attach_sales_records(action: Action, cafe_id: int, name: str, content: bytes) -> int:
    """Attach (or replace) the business records of the six months' sales, until the permit is
    issued (the records do not change what the neighbours were told)."""
    acts.allow_new(action, acts.RegisterAct.ATTACH_PAPERS)
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acting.refuse(
        acts.status_refusal(cafe, PRE_ISSUE, "the permit was decided on the records it had.")
    )
    before = snapshot(cafe)
    _attach(action, cafe, "sales_records", (name, content))
    action.audit(
        "sidewalk_cafe.sales_records",
        cafe,
        f"Sales records {cafe.sales_records_name} attached to {cafe.number}",
        before=before,
        after=snapshot(cafe),
    )
    return cafe.id


def correct_application(
    action: Action, cafe_id: int, data: CafeData, *, mail_again: bool = False
) -> int:
    """Correct the application before the Council decides on it. The applicant never changes:
    a permit is not transferable, so a new owner needs a new application (§ 506-10 (Term and
    renewal …)). Once the notice is mailed, a correction of what the neighbours were told (the
    establishment, the address, the parcel, whether alcohol is served, the layout) is refused
    unless ``mail_again``: the application then goes back to be noticed again, its 15 days and
    its place on an agenda cleared. Every earlier value stays in the audit trail."""
    session = action.session
    cafe = get_cafe(session, cafe_id, for_update=True)
    if data.applicant_id != cafe.applicant_id:  # said first, whatever the state: the rule
        raise InvalidInput(
            "A sidewalk cafe permit is not transferable: a new owner needs a new application.",
            field="applicant_id",
            cite=TERM_CITE,
        )
    acts.allow(action, acts.CafeAct.CORRECT, cafe)
    values = _clean(session, data, cafe.applied_on)
    changed = notice_changes(cafe, data)
    if changed and not mail_again:
        _refuse_notice_change(cafe, changed, _first_changed(cafe, data))
    before = snapshot(cafe)
    for key, value in values.items():
        setattr(cafe, key, value)
    cafe.search_text = search_text(cafe, cafe.applicant.name)
    action.audit(
        "sidewalk_cafe.correct",
        cafe,
        f"Application {cafe.number} corrected",
        before=before,
        after=snapshot(cafe),
    )
    if changed:
        _mail_again(action, cafe, changed)
    return cafe.id


def _day_between(day: date, earliest: date, today: date, field: str, what: str) -> None:
    if day > today:
        raise InvalidInput(f"{what} cannot be later than today.", field=field)
    if day < earliest:
        raise InvalidInput(f"{what} cannot be before {format_day(earliest)}.", field=field)


def send_to_police(action: Action, cafe_id: int, *, on: date) -> int:
    """Record that the application went to the Chief of Police for review: only for a business
    that holds a liquor license or means to serve alcohol (§ 506-10 (Application for
    permit)); a comment of the Chief on another application is a staff comment."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.POLICE_REVIEW, cafe)
    _day_between(on, cafe.applied_on, action.today(), "on", "The day it was sent")
    before = snapshot(cafe)
    cafe.police_sent_on = on
    action.audit(
        "sidewalk_cafe.police_sent",
        cafe,
        f"Application {cafe.number} sent to the Chief of Police {format_day(on)}",
        before=before,
        after=snapshot(cafe),
    )
    return cafe.id


def record_police_review(
    action: Action, cafe_id: int, *, on: date, approved: bool, memo: str = ""
) -> int:
    """Record the Chief of Police's written approval, or memorandum of concerns (``memo``,
    required when not approved), for the City Administrator and the Council."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.POLICE_REVIEW, cafe)
    if cafe.police_sent_on is None:  # the dialog sends it first, with the day it was sent
        raise Conflict(f"Record when {cafe.number} went to the Chief of Police first.")
    _day_between(on, cafe.police_sent_on, action.today(), "on", "The Chief's review")
    words = memo.strip()
    if not approved and not words:
        raise InvalidInput("Enter the Chief's memorandum of concerns.", field="memo")
    before = snapshot(cafe)
    cafe.police_reviewed_on, cafe.police_approved, cafe.police_memo = on, approved, words
    action.audit(
        "sidewalk_cafe.police_review",
        cafe,
        f"Chief of Police {'approved' if approved else 'sent concerns on'} {cafe.number} "
        f"{format_day(on)}",
        before=before,
        after=snapshot(cafe),
    )
    return cafe.id


def record_dpw_inspection(
    action: Action, cafe_id: int, *, on: date, by_name: str, satisfied: bool, note: str = ""
) -> int:
    """Record the Director of Public Works' inspection (again after a correction: the latest
    counts). Not satisfied needs a note saying why."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.DPW_INSPECTION, cafe)
    _day_between(on, cafe.applied_on, action.today(), "on", "The inspection")
    who = " ".join(by_name.split())
    if not who:
        raise InvalidInput("Enter who inspected.", field="by_name")
    words = note.strip()
    if not satisfied and not words:
        raise InvalidInput("Say what the inspection found wrong.", field="note")
    before = snapshot(cafe)
    cafe.dpw_inspected_on = on
    cafe.dpw_inspected_by = fits(SidewalkCafe.dpw_inspected_by, who, "The name", field="by_name")
    cafe.dpw_satisfied, cafe.dpw_note = satisfied, words
    action.audit(
        "sidewalk_cafe.dpw",
        cafe,
        f"Public Works inspection of {cafe.number} {format_day(on)}: "
        + ("satisfied" if satisfied else "not satisfied"),
        before=before,
        after=snapshot(cafe),
    )
    return cafe.id


def get_meeting(session: Session, meeting_id: int) -> CouncilMeeting:
    meeting = session.get(CouncilMeeting, meeting_id)
    if meeting is None:
        raise InvalidInput("Choose a meeting of the Council.", field="meeting_id")
    return meeting


def withdraw(action: Action, cafe_id: int, *, reason: str) -> int:
    """The applicant withdraws the application (before the permit is issued). The fee
    accompanied the application and stays as it is (the Treasurer may cancel it)."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.WITHDRAW, cafe)
    why = reason.strip()
    if not why:
        raise InvalidInput("Say who withdrew it and how.", field="reason")
    before = snapshot(cafe)
    cafe.status = CafeStatus.WITHDRAWN
    cafe.withdrawn_reason = why
    action.audit(
        "sidewalk_cafe.withdraw",
        cafe,
        f"Application {cafe.number} withdrawn: {why}",
        before=before,
        after=snapshot(cafe),
    )
    return cafe.id


def renewals_issued(session: Session, ids: Sequence[int]) -> dict[int, str]:
    """The number of the issued renewal of each permit of ``ids`` that has one, by the id of
    the permit it renews (one query for a whole register)."""
    if not ids:
        return {}
    rows = session.execute(
        select(SidewalkCafe.renews_id, SidewalkCafe.number)
        .where(SidewalkCafe.renews_id.in_(list(ids)), SidewalkCafe.issued_on.is_not(None))
        .order_by(SidewalkCafe.issued_on)
    )
    return {int(renews_id): number for renews_id, number in rows if renews_id is not None}


def _loaded() -> tuple[LoaderOption, ...]:
    """Everything a register row shows, loaded with the rows (one query per relation, not
    one per row)."""
    return (
        selectinload(SidewalkCafe.applicant),
        selectinload(SidewalkCafe.meeting),
        selectinload(SidewalkCafe.revocation_meeting),
        selectinload(SidewalkCafe.street),
        selectinload(SidewalkCafe.parcel),
        selectinload(SidewalkCafe.suspensions),
        selectinload(SidewalkCafe.neighbors),
        selectinload(SidewalkCafe.comments),
        selectinload(SidewalkCafe.renews),
    )


def _suspended_on(day: date) -> Any:
    return exists().where(
        CafeSuspension.cafe_id == SidewalkCafe.id,
        CafeSuspension.starts_on <= day,
        CafeSuspension.ends_on >= day,
        or_(CafeSuspension.lifted_on.is_(None), CafeSuspension.lifted_on > day),
    )


def search_cafes(
    session: Session,
    text: str = "",
    status: CafeStatus | None = None,
    year: int | None = None,
    *,
    today: date | None = None,
    limit: int = SEARCH_LIMIT,
) -> list[SidewalkCafe]:
    """Applications and permits whose number, applicant, establishment, address or liquor
    license hold every word typed, newest first. ``status`` filters by the status as it stands
    on ``today`` when given (SUSPENDED: issued and suspended that day; ISSUED: not suspended),
    else by the status recorded."""
    query = select(SidewalkCafe)
    query = query.where(*words_match(session, SidewalkCafe.search_text, text))
    if status is not None:
        status = CafeStatus(status)
        if today is not None and status in (CafeStatus.SUSPENDED, CafeStatus.ISSUED):
            issued = or_(
                SidewalkCafe.status == CafeStatus.ISSUED,
                and_(
                    SidewalkCafe.status == CafeStatus.REVOKED,
                    SidewalkCafe.revoked_until < today,
                ),
            )
            suspended = _suspended_on(today)
            query = query.where(issued, suspended if status is CafeStatus.SUSPENDED else ~suspended)
        elif today is not None and status is CafeStatus.REVOKED:
            query = query.where(
                SidewalkCafe.status == CafeStatus.REVOKED,
                or_(SidewalkCafe.revoked_until.is_(None), SidewalkCafe.revoked_until >= today),
            )
        else:
            query = query.where(SidewalkCafe.status == status)
    if year is not None:
        query = query.where(SidewalkCafe.year == year)
    query = query.options(*_loaded()).order_by(
        SidewalkCafe.applied_at.desc(), SidewalkCafe.id.desc()
    )
    return list(session.scalars(query.limit(limit)))


def cafe_years(session: Session) -> list[int]:
    """The years the register holds applications for, latest first."""
    return list(
        session.scalars(select(SidewalkCafe.year).distinct().order_by(SidewalkCafe.year.desc()))
    )


def history(session: Session, cafe_id: int, *, zone: tzinfo | None = None) -> list[HistoryEntry]:
    """Every step of the application, oldest first: its entries in the audit trail, and those
    of its fee (billed, paid, a payment put back by a void)."""
    return records_history(session, RecordRef(RECORD_TYPE, str(cafe_id)), zone=zone)


@provider("sidewalk_cafes")
def _due(action: Action) -> list[TodayItem]:
    """Comment periods ending; applications whose comment period ended that are not yet before
    the Council; a Council meeting held (or cancelled) without the decision recorded; approved
    permits to issue; permits in force (as they stand today: a temporary revocation over is in
    force again) expiring within 30 days, suspensions starting within a week, revocation
    meetings to come. A permit whose renewal was issued is done with: nothing of it is due."""
    today, zone, now = action.today(), action.zone, action.now()
    items: list[TodayItem] = []
    for cafe in _due_rows(action.session, today):
        items += _steps_due(cafe, today, now, zone)
        items += _permit_due(cafe, today, zone)
    return items


def _due_rows(session: Session, today: date) -> list[SidewalkCafe]:
    """The applications and permits that may have something due today, in one query."""
    soon = today + timedelta(days=EXPIRY_WARNING_DAYS)
    week = today + timedelta(days=SUSPENSION_SOON_DAYS)
    starting = exists().where(
        CafeSuspension.cafe_id == SidewalkCafe.id,
        CafeSuspension.starts_on >= today,
        CafeSuspension.starts_on <= week,
        CafeSuspension.lifted_on.is_(None),
    )
    renewal = aliased(SidewalkCafe)
    renewed = exists().where(renewal.renews_id == SidewalkCafe.id, renewal.issued_on.is_not(None))
    in_force = or_(
        SidewalkCafe.status == CafeStatus.ISSUED,
        and_(SidewalkCafe.status == CafeStatus.REVOKED, SidewalkCafe.revoked_until < today),
    )
    return list(
        session.scalars(
            select(SidewalkCafe)
            .where(
                or_(
                    SidewalkCafe.status.in_(
                        [CafeStatus.NOTICE_MAILED, CafeStatus.BEFORE_COUNCIL, CafeStatus.APPROVED]
                    ),
                    and_(
                        in_force,
                        ~renewed,
                        or_(
                            and_(SidewalkCafe.expires_on >= today, SidewalkCafe.expires_on <= soon),
                            SidewalkCafe.revocation_meeting_id.is_not(None),
                            starting,
                        ),
                    ),
                )
            )
            .options(*_loaded())
            .order_by(SidewalkCafe.applied_at, SidewalkCafe.id)
        ).all()
    )


def _steps_due(cafe: SidewalkCafe, today: date, now: datetime, zone: tzinfo) -> list[TodayItem]:
    """The next step of an application on its way: its comments closing, the Council to
    place it before, its decision to record, its permit to issue."""
    items: list[TodayItem] = []
    ref = {"record_type": RECORD_TYPE, "record_id": str(cafe.id)}
    who = f"{cafe.establishment}, {cafe.address}"
    status = status_of(cafe)
    if status is CafeStatus.NOTICE_MAILED and cafe.comments_due_on is not None:
        due = cafe.comments_due_on
        if today <= due:
            title = f"Comments on {cafe.number} close {format_day(due)}"
        else:
            due = due + timedelta(days=1)  # the first day the Council may act
            title = f"Place {cafe.number} before the Council: the comment period has ended"
        items.append(TodayItem(WORKFLOW, due, title, who, APPLICATION_CITE, **ref))
    elif status is CafeStatus.BEFORE_COUNCIL and cafe.meeting is not None:
        agenda = cafe.meeting
        day = meeting_day(agenda, zone)
        if agenda.cancelled_on is not None:
            items.append(
                TodayItem(
                    WORKFLOW,
                    day,
                    f"Place {cafe.number} before another meeting: the meeting of "
                    f"{format_day(day)} was cancelled",
                    who,
                    APPLICATION_CITE,
                    **ref,
                )
            )
        elif agenda.starts_at <= now:
            items.append(
                TodayItem(
                    WORKFLOW,
                    day,
                    f"Record the Council's decision on {cafe.number} (meeting of "
                    f"{format_day(day)})",
                    who,
                    ISSUANCE_CITE,
                    **ref,
                )
            )
    elif status is CafeStatus.APPROVED:
        items.append(
            TodayItem(
                WORKFLOW,
                cafe.council_decided_on,
                f"Issue {cafe.number}: approved by the Council",
                who,
                ISSUANCE_CITE,
                **ref,
            )
        )
    return items


def _permit_due(cafe: SidewalkCafe, today: date, zone: tzinfo) -> list[TodayItem]:
    """What is due of a permit in force: its expiry within 30 days, a suspension starting
    within a week, a revocation meeting to come."""
    ref = {"record_type": RECORD_TYPE, "record_id": str(cafe.id)}
    who = f"{cafe.establishment}, {cafe.address}"
    soon = today + timedelta(days=EXPIRY_WARNING_DAYS)
    week = today + timedelta(days=SUSPENSION_SOON_DAYS)
    status = status_of(cafe)
    if standing(cafe, today) not in STANDING or status not in (
        CafeStatus.ISSUED,
        CafeStatus.REVOKED,
    ):
        return []
    items: list[TodayItem] = []
    if cafe.expires_on is not None and today <= cafe.expires_on <= soon:
        items.append(
            TodayItem(
                WORKFLOW,
                cafe.expires_on,
                f"Sidewalk cafe permit {cafe.number} expires {format_day(cafe.expires_on)}",
                who,
                TERM_CITE,
                **ref,
            )
        )
    for suspension in cafe.suspensions:
        if suspension.lifted_on is None and today <= suspension.starts_on <= week:
            items.append(
                TodayItem(
                    WORKFLOW,
                    suspension.starts_on,
                    f"{cafe.number} suspended from {format_day(suspension.starts_on)} to "
                    f"{format_day(suspension.ends_on)}",
                    f"{who}: {suspension.reason}",
                    TERM_CITE,
                    **ref,
                )
            )
    meeting = cafe.revocation_meeting
    noticed_since = cafe.revoked_on is None or (
        cafe.revocation_notice_on is not None and cafe.revocation_notice_on > cafe.revoked_on
    )
    if meeting is not None and meeting.cancelled_on is None and noticed_since:
        day = meeting_day(meeting, zone)
        if day >= today:
            items.append(
                TodayItem(
                    WORKFLOW,
                    day,
                    f"Council to consider revoking {cafe.number} on {format_day(day)}",
                    who,
                    REVOCATION_CITE,
                    **ref,
                )
            )
    return items
