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

import enum
import hashlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import and_, exists, or_, select
from sqlalchemy.orm import Session, aliased, selectinload
from sqlalchemy.orm.interfaces import LoaderOption

from clerk_desk import coverage, ledger, words
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import city_zone
from clerk_desk.deadlines import CityCalendar, Deadline, months_after
from clerk_desk.desk import Action, snapshot
from clerk_desk.documents import SCAN_LIMIT, scan_bytes, store_scan
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.fees import fee_on
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import CafeStatus, DueKind
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_length
from clerk_desk.models import (
    AmountDue,
    CafeComment,
    CafeNeighbor,
    CafeSuspension,
    CouncilMeeting,
    Parcel,
    SidewalkCafe,
    Street,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import fold, get_party
from clerk_desk.permissions import Permission
from clerk_desk.sidewalk_cafes import acts as acts
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import clock_time, format_day, plural

WORKFLOW = "Sidewalk Cafes"  # the tab's title, as the Today tab names it
RECORD_TYPE = "sidewalk_cafe"
SERIES = "sidewalk_cafe"
FEE_CODE = "SWCAFE"
COUNCIL = "Common Council"

PERMIT_CITE = "§ 506-10 (Permit required)"
ISSUANCE_CITE = "§ 506-10 (Sidewalk cafe permit issuance)"
ELIGIBILITY_CITE = "§ 506-10 (Definitions)"
LOCATION_CITE = "§ 506-10 (Permissible locations)"
CONFIGURATION_CITE = "§ 506-10 (Allowable configurations)"
CLEARANCE_CITE = "§ 506-10 (Sidewalk clearances and furniture location requirements)"
HOURS_CITE = "§ 506-10 (Rules of operation)"
TERM_CITE = "§ 506-10 (Term and renewal of permit; temporary suspension of operation)"
APPLICATION_CITE = "§ 506-10 (Application for permit)"
REVOCATION_CITE = "§ 506-10 (Revocation of permit; appeal)"
INSURANCE_CITE = "§ 506-10 (Liability; indemnification of the City of Prescott; insurance)"
ALCOHOL_CITE = "§ 506-10 (Service of food and beverages; alcoholic beverages)"
CITES = (
    PERMIT_CITE,
    ISSUANCE_CITE,
    ELIGIBILITY_CITE,
    LOCATION_CITE,
    CONFIGURATION_CITE,
    CLEARANCE_CITE,
    HOURS_CITE,
    TERM_CITE,
    APPLICATION_CITE,
    REVOCATION_CITE,
    INSURANCE_CITE,
    ALCOHOL_CITE,
)

FOOD_SHARE = Decimal("0.5")  # food and soft drinks must be MORE than this share of gross sales
SALES_MONTHS = 6  # "the six months immediately preceding the date of permit application"
NOTICE_RADIUS_FT = 100  # "all owners of property within 100 feet"
COMMENT_DAYS = 15  # "within 15 calendar days from the date of mailing the notice"
CURB_PASSAGE_IN = 72  # six feet clear where the passage abuts the face of curb
OTHER_PASSAGE_IN = 60  # elsewhere a five-foot passageway
CURB_SETBACK_IN = 36  # tables and chairs at least three feet from the curb face
AISLE_IN = 44  # aisle clearances of a minimum of 44 inches
EARLIEST = time(6, 0)  # not open before 6:00 a.m.
LATEST = time(23, 0)  # nor past 11:00 p.m.
TERM_MONTHS = 12  # "a maximum period of one year from the date of its original issuance"
SUSPENSION_NOTICE_DAYS = 7  # "upon seven days' written notice"
REVOCATION_NOTICE_DAYS = 10  # "upon 10 day's written notice to the permittee"
EXPIRY_WARNING_DAYS = 30  # the Today tab lists permits expiring within 30 days
SUSPENSION_SOON_DAYS = 7  # the Today tab lists suspensions starting within a week
COMMENT_SOURCES = ("public", "applicant", "staff", "committee")
COMMENT_SOURCE_LABELS = {
    "public": "Public",
    "applicant": "Applicant",
    "staff": "City staff",
    "committee": "City committee",
}
RELATIONS = ("owner", "occupant")
SEARCH_LIMIT = 500
DISPLAY_NOTICE = "This permit must be visibly displayed during business hours."
BEYOND_RADIUS = f"beyond {NOTICE_RADIUS_FT} ft \u2014 not required"
"""How the list marks an owner more than 100 feet away (kept, and mailed the notice)."""
REVOCATION_GROUNDS = (
    "the permit was issued on inaccurate or incomplete information",
    "the permit was improvidently granted",
    "one or more conditions of the permit or the provisions of § 506-10 have been violated",
    "the sidewalk cafe is being operated in a manner which constitutes a nuisance",
    "the operation of the sidewalk cafe unduly impedes, restricts, or presents a hazard to the "
    "movement of vehicles or pedestrians",
    "any other reason in the Council\u2019s discretion",
)
"""The findings on which § 506-10 (Revocation of permit; appeal) lets the Council revoke, the
last a catch-all: the revocation notice and the form that records it print them."""

UNDECIDED = frozenset({CafeStatus.APPLIED, CafeStatus.NOTICE_MAILED, CafeStatus.BEFORE_COUNCIL})
"""Before the Council's decision: the application may be corrected and commented on."""
PRE_ISSUE = UNDECIDED | {CafeStatus.APPROVED}
"""Not yet a permit: the Director of Public Works may still inspect."""
STANDING = frozenset({CafeStatus.ISSUED, CafeStatus.SUSPENDED})
"""A permit in force as it stands on a day (:func:`standing`), suspended or not."""
STANDARDS = ("eligible", "layout", "hours", "alcohol")
"""The checklist items about the application itself: the Council takes up only one that meets
them (the others — the notice, the reviews, the fee — are steps on the way)."""


@dataclass(frozen=True, slots=True)
class CafeData:
    """What the application form gives. Lengths are whole inches (see :mod:`lengths`), read off
    the site plan; money is :class:`Money`; times are the City's clock times."""

    applicant_id: int
    establishment: str
    address: str
    parcel_id: int | None = None
    street_id: int | None = None
    zoning_district: str = ""
    commercially_zoned: bool = False
    sales_from: date | None = None
    sales_to: date | None = None
    gross_sales: Money | None = None
    food_and_soft_drink_sales: Money | None = None
    at_storefront: bool = True
    at_curbside: bool = False
    corner_parcel: bool = False
    sidewalk_width_in: int | None = None
    clear_passage_in: int | None = None
    passage_abuts_curb: bool = True
    curb_setback_in: int | None = None
    aisle_in: int | None = None
    frontage_in: int | None = None
    cafe_length_in: int | None = None
    side_frontage_in: int | None = None
    side_cafe_length_in: int | None = None
    side_clear_passage_in: int | None = None
    side_passage_abuts_curb: bool = True
    side_curb_setback_in: int | None = None
    cafe_depth_in: int | None = None
    seats: int | None = None
    tables: int | None = None
    umbrellas: str = ""
    serves_alcohol: bool = False
    liquor_license: str = ""
    opens_at: time | None = None
    closes_at: time | None = None
    indoor_opens_at: time | None = None
    indoor_closes_at: time | None = None
    site_plan_scale: str = ""
    notes: str = ""


_LENGTHS = (
    ("sidewalk_width_in", "The sidewalk width"),
    ("clear_passage_in", "The clear passage"),
    ("curb_setback_in", "The distance from the curb face"),
    ("aisle_in", "The aisle width"),
    ("frontage_in", "The establishment's frontage"),
    ("cafe_length_in", "The cafe's length along the frontage"),
    ("side_frontage_in", "The frontage along the side street"),
    ("side_cafe_length_in", "The cafe's length along the side street"),
    ("side_clear_passage_in", "The clear passage along the side street"),
    ("side_curb_setback_in", "The distance from the side street's curb face"),
    ("cafe_depth_in", "The cafe's depth"),
)
_COPIED = tuple(f for f in CafeData.__dataclass_fields__)  # CafeData's fields, in order
NOTICE_FIELDS: tuple[tuple[str, str], ...] = (
    ("establishment", "the establishment"),
    ("address", "the address"),
    ("parcel_id", "the parcel"),
    ("serves_alcohol", "whether alcohol will be served"),
    ("at_storefront", "the configuration"),
    ("at_curbside", "the configuration"),
    ("corner_parcel", "the side street"),
    ("passage_abuts_curb", "the clear passage"),
    ("side_passage_abuts_curb", "the clear passage along the side street"),
    *((name, label[:1].lower() + label[1:]) for name, label in _LENGTHS),
)
"""What the notice told the owners within 100 feet (with the site plan): a change of any of
these after the mailing means the notice is mailed again (:func:`notice_changes`)."""


@dataclass(frozen=True, slots=True)
class NeighborData:
    """An owner or occupant of property within 100 feet, as the notice is addressed."""

    name: str
    mailing_address: str
    parcel_number: str = ""
    relation: str = "owner"  # or "occupant"
    distance_ft: int | None = None


class ItemState(enum.StrEnum):
    MET = "met"
    PENDING = "pending"  # not met yet, but its time has not come (a period still running)
    NOT_MET = "not_met"

    @property
    def label(self) -> str:
        return {"met": "Met", "pending": "Waiting", "not_met": "Not met"}[self.value]


@dataclass(frozen=True, slots=True)
class ChecklistItem:
    """One requirement of § 506-10 as it stands for an application."""

    key: str  # eligible, layout, hours, notice, comments, police, dpw, council, insurance, fee
    title: str
    state: ItemState
    findings: tuple[Finding, ...]  # why it is not met (block), and what to look at (warn/info)
    cite: str
    due: date | None = None  # the day a waiting item's time comes (comments, the meeting)

    @property
    def met(self) -> bool:
        return self.state is ItemState.MET


# -- small words -------------------------------------------------------------------------------


def food_share_text(share: Decimal) -> str:
    """ "62.5%", and never "50.0%" for a share just under or over the line of § 506-10(A)
    (49.96% is not more than 50%)."""
    return words.percent(share, line=FOOD_SHARE)


def _clock(value: time) -> str:
    return clock_time(value, dotted=True)


def _length(inches: int) -> str:
    return format_length(inches)


def _status(cafe: SidewalkCafe) -> CafeStatus:
    return CafeStatus(cafe.status)


def _zone(action: Action) -> tzinfo:
    zone = action.clock.local_now().tzinfo
    assert zone is not None
    return zone


def meeting_day(meeting: CouncilMeeting, zone: tzinfo | None = None) -> date:
    """The City's date of a Council meeting."""
    return meeting.starts_at.astimezone(zone or city_zone()).date()


def scan_kind(content: bytes | None) -> str:
    """ "pdf", "png" or "jpeg" by the file's first bytes, or "" when it is none of them (or
    there is no file): the kinds of scan the City keeps and prints."""
    if content is None:
        return ""
    if content.startswith(b"%PDF"):
        return "pdf"
    if content.startswith(b"\x89PNG"):
        return "png"
    if content.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    return ""


def scan_problem(name: str, content: bytes) -> str | None:
    """Why a file chosen for the site plan or the sales records cannot be kept, in a clerk's
    words, or None when it can: the form says so under the field as soon as it is chosen."""
    shown = name.strip() or "The file"
    if not content:
        return f"{shown} is empty."
    if len(content) > SCAN_LIMIT:
        return f"{shown} is larger than 25 MB; scan it at a lower resolution."
    if not scan_kind(content):
        return (
            f"{shown} is not a PDF, PNG or JPEG file: scan the papers, or save them as a PDF, "
            "and attach that."
        )
    return None


# -- rules (pure) -----------------------------------------------------------------------------


def needs_police_review(cafe: SidewalkCafe | CafeData) -> bool:
    """Whether the City Administrator forwards the application to the Chief of Police: the
    business holds a liquor license or means to serve alcohol at the cafe (§ 506-10
    (Application for permit))."""
    return bool(cafe.serves_alcohol or cafe.liquor_license.strip())


def food_share(cafe: SidewalkCafe | CafeData) -> Decimal | None:
    """Food and non-alcoholic beverage sales as a share of gross sales (exact), or None when
    either is missing or gross sales are nothing."""
    gross, food = cafe.gross_sales, cafe.food_and_soft_drink_sales
    if gross is None or food is None or gross <= Money.zero():
        return None
    return Decimal(food.cents) / Decimal(gross.cents)


def eligibility_findings(
    cafe: SidewalkCafe | CafeData,
    *,
    applied_on: date | None = None,
    has_site_plan: bool | None = None,
    has_sales_records: bool | None = None,
    site_plan_readable: bool = True,
) -> list[Finding]:
    """Whether the establishment may apply, and the application is complete for it.

    * More than 50% of gross sales revenue in the six months immediately preceding the
      application from food and beverages not containing alcohol: exactly half blocks, a cent
      more passes (§ 506-10 (Definitions)). The period entered is checked: a warning when it
      does not end within a month before the application, or is shorter than six months.
    * A copy of the business records attached (§ 506-10 (Definitions)).
    * Commercially zoned property (§ 506-10 (Permissible locations)).
    * The site plan drawn to scale, with the scale noted (§ 506-10 (Application for permit)).

    For a saved application the day and the attachments are its own; for the intake form (a
    :class:`CafeData`) they are given: ``applied_on`` (else the period is not checked),
    ``has_site_plan`` and ``has_sales_records`` (else taken as missing). ``site_plan_readable``
    False (the checklist asks :func:`readable_site_plan`): a plan on file that cannot be read
    is as good as none.
    """
    found: list[Finding] = []
    if isinstance(cafe, SidewalkCafe):
        applied_on = applied_on or cafe.applied_on
        if has_site_plan is None:
            has_site_plan = bool(cafe.site_plan_sha256)
        if has_sales_records is None:
            has_sales_records = bool(cafe.sales_records_sha256)
    gross, food = cafe.gross_sales, cafe.food_and_soft_drink_sales
    share = food_share(cafe)
    if gross is None or food is None:
        found.append(
            Finding(
                "block",
                ELIGIBILITY_CITE,
                "Enter the gross sales and the sales of food and non-alcoholic beverages for "
                "the six months before the application.",
            )
        )
    elif share is None:
        found.append(
            Finding(
                "block",
                ELIGIBILITY_CITE,
                "The gross sales are $0.00: an establishment with no sales in the six months "
                "before the application cannot show more than 50% from food.",
            )
        )
    elif food > gross:
        found.append(
            Finding(
                "block",
                ELIGIBILITY_CITE,
                f"The food and non-alcoholic beverage sales ({food.format()}) are more than the "
                f"gross sales ({gross.format()}): check the figures.",
            )
        )
    elif share <= FOOD_SHARE:
        found.append(
            Finding(
                "block",
                ELIGIBILITY_CITE,
                f"Food and non-alcoholic beverages were {food.format()} of {gross.format()} "
                f"gross sales ({food_share_text(share)}); more than 50% is required to be "
                "eligible to apply.",
            )
        )
    else:
        found.append(
            Finding(
                "info",
                ELIGIBILITY_CITE,
                f"Food and non-alcoholic beverages were {food.format()} of {gross.format()} "
                f"gross sales ({food_share_text(share)}), more than 50%.",
            )
        )
    found += _sales_period(cafe.sales_from, cafe.sales_to, applied_on)
    if not has_sales_records:
        found.append(
            Finding(
                "block",
                ELIGIBILITY_CITE,
                "Attach a copy of the business records showing the sales of the six months "
                "before the application.",
            )
        )
    if not cafe.commercially_zoned:
        district = cafe.zoning_district.strip()
        found.append(
            Finding(
                "block",
                LOCATION_CITE,
                (f"The property is zoned {district}, " if district else "The property is ")
                + "not recorded as commercially zoned: a sidewalk cafe may be permitted only on "
                "commercially zoned property and the public property next to it.",
            )
        )
    if not has_site_plan:
        found.append(
            Finding(
                "block",
                APPLICATION_CITE,
                "Attach the site plan drawn to scale, showing the cafe area with all dimensions "
                "and the furniture.",
            )
        )
    elif not site_plan_readable:
        name = cafe.site_plan_name if isinstance(cafe, SidewalkCafe) else ""
        found.append(
            Finding(
                "block",
                APPLICATION_CITE,
                f"The site plan on file{f' ({name})' if name else ''} cannot be read as a PDF, "
                "PNG or JPEG file: attach a readable copy.",
            )
        )
    elif not cafe.site_plan_scale.strip():
        found.append(
            Finding(
                "block",
                APPLICATION_CITE,
                "The site plan's scale is not noted: it must be drawn to scale with the scale "
                "noted on the drawing.",
            )
        )
    return found


def _sales_period(start: date | None, end: date | None, applied_on: date | None) -> list[Finding]:
    if start is None or end is None:
        return [
            Finding(
                "block",
                ELIGIBILITY_CITE,
                "Enter the period the sales figures cover: the six months immediately "
                "preceding the application.",
            )
        ]
    if end < start:
        return [
            Finding(
                "block",
                ELIGIBILITY_CITE,
                f"The sales period ends ({format_day(end)}) before it starts "
                f"({format_day(start)}).",
            )
        ]
    found = []
    # six whole months: the period's last day is at least the day before six months later
    if end + timedelta(days=1) < months_after(start, SALES_MONTHS):
        found.append(
            Finding(
                "warn",
                ELIGIBILITY_CITE,
                f"The sales figures cover {format_day(start)} to {format_day(end)}, less than "
                "the six months immediately preceding the application.",
            )
        )
    if applied_on is not None:
        if end >= applied_on:
            found.append(
                Finding(
                    "warn",
                    ELIGIBILITY_CITE,
                    f"The sales period runs to {format_day(end)}, not before the application "
                    f"({format_day(applied_on)}).",
                )
            )
        elif end < months_after(applied_on, -1):
            found.append(
                Finding(
                    "warn",
                    ELIGIBILITY_CITE,
                    f"The sales period ends {format_day(end)}, more than a month before the "
                    f"application ({format_day(applied_on)}): the figures must be those of the "
                    "six months immediately preceding it.",
                )
            )
    return found


def layout_findings(cafe: SidewalkCafe | CafeData) -> list[Finding]:
    """The cafe's dimensions against the standards (each figure in feet and inches):

    * clear passage at least 6 ft where the pedestrian passageway abuts the face of curb, else
      at least 5 ft (exactly 72 in / 60 in passes, an inch less blocks);
    * tables and chairs at least 3 ft from the curb face; aisles at least 44 in;
    * along the establishment's frontage only; the side street only on a corner parcel and
      along its side frontage;
    * a configuration chosen: abutting the storefront, abutting the curbside (3 ft from the
      curb face), or both;
    * where the sidewalk width and the cafe's depth are given, a passage wider than what the
      cafe leaves of the sidewalk is a warning (the figures do not agree).
    """
    found: list[Finding] = []
    passage, setback = cafe.clear_passage_in, cafe.curb_setback_in
    if not (cafe.at_storefront or cafe.at_curbside):
        found.append(
            Finding(
                "block",
                CONFIGURATION_CITE,
                "Choose the configuration: abutting the storefront, abutting the curbside, or "
                "both.",
            )
        )
    if passage is None:
        found.append(
            Finding(
                "block", CLEARANCE_CITE, "Enter the clear pedestrian passage from the site plan."
            )
        )
    else:
        needs = CURB_PASSAGE_IN if cafe.passage_abuts_curb else OTHER_PASSAGE_IN
        where = (
            "where the passage abuts the face of curb"
            if cafe.passage_abuts_curb
            else "where the passage does not abut the curb"
        )
        if passage < needs:
            found.append(
                Finding(
                    "block",
                    CLEARANCE_CITE,
                    f"The clear pedestrian passage is {_length(passage)}; at least "
                    f"{_length(needs)} must be kept clear {where}.",
                )
            )
    if setback is None:
        if cafe.at_curbside or not cafe.passage_abuts_curb:
            found.append(
                Finding(
                    "block",
                    CLEARANCE_CITE,
                    "Enter the distance from the curb face to the nearest table or chair.",
                )
            )
    elif setback < CURB_SETBACK_IN:
        found.append(
            Finding(
                "block",
                CONFIGURATION_CITE if cafe.at_curbside else CLEARANCE_CITE,
                f"Tables and chairs are {_length(setback)} from the curb face; they must be set "
                f"back at least {_length(CURB_SETBACK_IN)}.",
            )
        )
    if cafe.aisle_in is None:
        found.append(
            Finding(
                "block",
                CLEARANCE_CITE,
                f"Enter the aisle width from the site plan: aisles of at least {AISLE_IN} inches "
                "are required.",
            )
        )
    elif cafe.aisle_in < AISLE_IN:
        found.append(
            Finding(
                "block",
                CLEARANCE_CITE,
                f"The aisles are {_length(cafe.aisle_in)}; at least {AISLE_IN} in are required.",
            )
        )
    found += _frontage(cafe)
    found += _side_street(cafe)
    found += _geometry(cafe)
    return found


def _side_street(cafe: SidewalkCafe | CafeData) -> list[Finding]:
    """On a corner parcel the cafe may use the side street's sidewalk "in the configurations
    set forth" for the front: the same clear passage (6 ft abutting the curb, else 5 ft) and
    the same 3 ft from the curb face are checked there."""
    if not (cafe.corner_parcel and cafe.side_cafe_length_in):
        return []
    found: list[Finding] = []
    passage, setback = cafe.side_clear_passage_in, cafe.side_curb_setback_in
    if passage is None:
        found.append(
            Finding(
                "block",
                CLEARANCE_CITE,
                "Enter the clear pedestrian passage along the side street from the site plan.",
            )
        )
    else:
        needs = CURB_PASSAGE_IN if cafe.side_passage_abuts_curb else OTHER_PASSAGE_IN
        where = "abutting" if cafe.side_passage_abuts_curb else "not abutting"
        if passage < needs:
            found.append(
                Finding(
                    "block",
                    CLEARANCE_CITE,
                    f"Along the side street the clear pedestrian passage is {_length(passage)}; "
                    f"at least {_length(needs)} must be kept clear there (the passage "
                    f"{where} the face of curb).",
                )
            )
    if setback is None:
        if cafe.at_curbside or not cafe.side_passage_abuts_curb:
            found.append(
                Finding(
                    "block",
                    CLEARANCE_CITE,
                    "Enter the distance from the side street's curb face to the nearest table "
                    "or chair.",
                )
            )
    elif setback < CURB_SETBACK_IN:
        found.append(
            Finding(
                "block",
                CLEARANCE_CITE,
                f"Along the side street tables and chairs are {_length(setback)} from the curb "
                f"face; they must be set back at least {_length(CURB_SETBACK_IN)}.",
            )
        )
    return found


def alcohol_findings(cafe: SidewalkCafe | CafeData) -> list[Finding]:
    """Where alcohol is to be served, the license held: the permit may authorize alcohol only
    when the applicant "has been issued all required alcoholic beverage and restaurant/food
    licenses which include the subject sidewalk cafe area" (§ 506-10 (Service of food and
    beverages; alcoholic beverages)). Nothing to say when no alcohol is served."""
    if not cafe.serves_alcohol:
        return []
    held = cafe.liquor_license.strip()
    if not held:
        return [
            Finding(
                "block",
                ALCOHOL_CITE,
                "Alcohol is to be served, but no liquor license is entered: the permit may "
                "authorize alcohol only where the applicant holds the alcoholic beverage "
                "licenses that include the sidewalk cafe area.",
            )
        ]
    return [
        Finding(
            "info",
            ALCOHOL_CITE,
            f"Liquor license {held}: it must include the sidewalk cafe area.",
        )
    ]


def standards_block(cafe: SidewalkCafe) -> Finding | None:
    """The first thing that keeps the application itself from meeting the standards of
    § 506-10 — not eligible, a layout or hours the section forbids, alcohol with no license —
    or None: the Council takes up and approves only an application that meets them."""
    for found in (
        eligibility_findings(cafe),
        layout_findings(cafe),
        hours_findings(cafe),
        alcohol_findings(cafe),
    ):
        first = next((f for f in found if f.blocks), None)
        if first is not None:
            return first
    return None


def _frontage(cafe: SidewalkCafe | CafeData) -> list[Finding]:
    found: list[Finding] = []
    length, frontage = cafe.cafe_length_in, cafe.frontage_in
    if length is None or frontage is None:
        found.append(
            Finding(
                "block",
                CONFIGURATION_CITE,
                "Enter the establishment's sidewalk frontage and the cafe's length along it.",
            )
        )
    elif length > frontage:
        found.append(
            Finding(
                "block",
                CONFIGURATION_CITE,
                f"The cafe extends {_length(length)} along the sidewalk, farther than the "
                f"establishment's frontage ({_length(frontage)}).",
            )
        )
    side, side_frontage = cafe.side_cafe_length_in, cafe.side_frontage_in
    if side:
        if not cafe.corner_parcel:
            found.append(
                Finding(
                    "block",
                    CONFIGURATION_CITE,
                    "The cafe uses the sidewalk along the side of the building, which is "
                    "allowed only on a corner parcel.",
                )
            )
        elif side_frontage is None:
            found.append(
                Finding(
                    "block",
                    CONFIGURATION_CITE,
                    "Enter the establishment's frontage along the side street.",
                )
            )
        elif side > side_frontage:
            found.append(
                Finding(
                    "block",
                    CONFIGURATION_CITE,
                    f"Along the side street the cafe extends {_length(side)}, farther than the "
                    f"establishment's side frontage ({_length(side_frontage)}).",
                )
            )
    return found


def _geometry(cafe: SidewalkCafe | CafeData) -> list[Finding]:
    width, depth, passage = cafe.sidewalk_width_in, cafe.cafe_depth_in, cafe.clear_passage_in
    if width is None or depth is None:
        return []
    used = depth
    if cafe.at_curbside and not cafe.at_storefront and cafe.curb_setback_in is not None:
        used += cafe.curb_setback_in  # the cafe stands off the curb; the passage is behind it
    left = width - used
    if left < 0:
        return [
            Finding(
                "warn",
                CLEARANCE_CITE,
                f"The cafe ({_length(depth)} deep) does not fit on a sidewalk "
                f"{_length(width)} wide: check the dimensions on the site plan.",
            )
        ]
    if passage is not None and passage > left:
        return [
            Finding(
                "warn",
                CLEARANCE_CITE,
                f"The sidewalk is {_length(width)} wide and the cafe takes {_length(used)} of "
                f"it, which leaves {_length(left) or '0 in'}, not the {_length(passage)} of "
                "clear passage entered: check the dimensions on the site plan.",
            )
        ]
    return []


def council_closing(cafe: SidewalkCafe | CafeData) -> time | None:
    """The Council's further restriction of the closing hour, if any."""
    return cafe.council_closes_at if isinstance(cafe, SidewalkCafe) else None


def effective_hours(cafe: SidewalkCafe | CafeData) -> tuple[time | None, time | None]:
    """The hours the permit allows: the cafe's own, closing no later than the Council set."""
    closes = cafe.closes_at
    restricted = council_closing(cafe)
    if restricted is not None and (closes is None or restricted < closes):
        closes = restricted
    return cafe.opens_at, closes


def hours_text(opens: time | None, closes: time | None) -> str:
    """ "7:00 a.m. to 10:00 p.m."; "" when not given."""
    if opens is None or closes is None:
        return ""
    return f"{_clock(opens)} to {_clock(closes)}"


def hours_findings(cafe: SidewalkCafe | CafeData) -> list[Finding]:
    """Not open before 6:00 a.m. nor past 11:00 p.m., never beyond the approved hours of the
    indoor establishment, and within any further restriction by the Council (§ 506-10 (Rules
    of operation)). Indoor hours that close after midnight (closing at or before they open) run
    past 11:00 p.m. and so never limit the closing hour."""
    found: list[Finding] = []
    opens, closes = cafe.opens_at, cafe.closes_at
    if opens is None or closes is None:
        return [Finding("block", HOURS_CITE, "Enter the hours the sidewalk cafe will be open.")]
    if closes <= opens:
        return [
            Finding(
                "block",
                HOURS_CITE,
                f"The cafe closes ({_clock(closes)}) before it opens ({_clock(opens)}).",
            )
        ]
    if opens < EARLIEST:
        found.append(
            Finding(
                "block",
                HOURS_CITE,
                f"The cafe would open at {_clock(opens)}; sidewalk cafes shall not open before "
                f"{_clock(EARLIEST)}",
            )
        )
    if closes > LATEST:
        found.append(
            Finding(
                "block",
                HOURS_CITE,
                f"The cafe would stay open until {_clock(closes)}; sidewalk cafes shall not "
                f"remain open past {_clock(LATEST)}",
            )
        )
    indoor_opens, indoor_closes = cafe.indoor_opens_at, cafe.indoor_closes_at
    if indoor_opens is None or indoor_closes is None:
        found.append(
            Finding(
                "block",
                HOURS_CITE,
                "Enter the approved hours of the indoor establishment: the cafe's hours may "
                "not extend beyond them.",
            )
        )
    else:
        past_midnight = indoor_closes <= indoor_opens
        if opens < indoor_opens:
            found.append(
                Finding(
                    "block",
                    HOURS_CITE,
                    f"The cafe would open at {_clock(opens)}, before the indoor establishment "
                    f"({_clock(indoor_opens)}).",
                )
            )
        if not past_midnight and closes > indoor_closes:
            found.append(
                Finding(
                    "block",
                    HOURS_CITE,
                    f"The cafe would stay open until {_clock(closes)}, after the indoor "
                    f"establishment closes ({_clock(indoor_closes)}).",
                )
            )
    restricted = council_closing(cafe)
    if restricted is not None and closes > restricted:
        found.append(
            Finding(
                "info",
                HOURS_CITE,
                f"The Council restricted the hours: the cafe closes at {_clock(restricted)}, "
                f"not {_clock(closes)} as applied for.",
            )
        )
    return found


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


# -- the application --------------------------------------------------------------------------


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


def _clean(session: Session, data: CafeData, applied_on: date) -> dict[str, object]:
    get_party(session, data.applicant_id)
    establishment = " ".join(data.establishment.split())
    if not establishment:
        raise InvalidInput(
            "Enter the name of the food-serving establishment.", field="establishment"
        )
    address = " ".join(data.address.split())
    if not address:
        raise InvalidInput("Enter the establishment's address.", field="address")
    if data.parcel_id is not None and session.get(Parcel, data.parcel_id) is None:
        raise NotFound(f"There is no parcel number {data.parcel_id}.")
    if data.street_id is not None and session.get(Street, data.street_id) is None:
        raise NotFound(f"There is no street number {data.street_id}.")
    for name, label in _LENGTHS:
        value = getattr(data, name)
        if value is not None and value < 0:
            raise InvalidInput(f"{label} cannot be negative.", field=name)
    for name, label in (("seats", "The number of seats"), ("tables", "The number of tables")):
        value = getattr(data, name)
        if value is not None and value < 0:
            raise InvalidInput(f"{label} cannot be negative.", field=name)
    gross, food = data.gross_sales, data.food_and_soft_drink_sales
    for amount, name, label in (
        (gross, "gross_sales", "The gross sales"),
        (food, "food_and_soft_drink_sales", "The food and non-alcoholic beverage sales"),
    ):
        if amount is not None and amount < Money.zero():
            raise InvalidInput(f"{label} cannot be negative.", field=name)
    if gross is not None and food is not None and food > gross:
        raise InvalidInput(
            f"The food and non-alcoholic beverage sales ({food.format()}) cannot be more than "
            f"the gross sales ({gross.format()}).",
            field="food_and_soft_drink_sales",
        )
    if data.sales_from and data.sales_to and data.sales_to < data.sales_from:
        raise InvalidInput("The sales period ends before it starts.", field="sales_to")
    if data.sales_to is not None and data.sales_to > applied_on:
        raise InvalidInput(
            "The sales period cannot run past the day of the application.", field="sales_to"
        )
    return {
        "applicant_id": data.applicant_id,
        "establishment": fits(SidewalkCafe.establishment, establishment, "The establishment"),
        "address": fits(SidewalkCafe.address, address, "The address"),
        "parcel_id": data.parcel_id,
        "street_id": data.street_id,
        "zoning_district": _text(
            SidewalkCafe.zoning_district, data.zoning_district, "The zoning district",
            "zoning_district",
        ),
        "commercially_zoned": data.commercially_zoned,
        "sales_from": data.sales_from,
        "sales_to": data.sales_to,
        "gross_sales": gross,
        "food_and_soft_drink_sales": food,
        "at_storefront": data.at_storefront,
        "at_curbside": data.at_curbside,
        "corner_parcel": data.corner_parcel,
        **{name: getattr(data, name) for name, _ in _LENGTHS},
        "passage_abuts_curb": data.passage_abuts_curb,
        "side_passage_abuts_curb": data.side_passage_abuts_curb,
        "seats": data.seats,
        "tables": data.tables,
        "umbrellas": data.umbrellas.strip(),
        "serves_alcohol": data.serves_alcohol,
        "liquor_license": _text(
            SidewalkCafe.liquor_license, data.liquor_license, "The liquor license",
            "liquor_license",
        ),
        "opens_at": data.opens_at,
        "closes_at": data.closes_at,
        "indoor_opens_at": data.indoor_opens_at,
        "indoor_closes_at": data.indoor_closes_at,
        "site_plan_scale": _text(
            SidewalkCafe.site_plan_scale, data.site_plan_scale, "The site plan's scale",
            "site_plan_scale",
        ),
        "notes": data.notes.strip(),
    }  # fmt: skip


def _search_text(cafe: SidewalkCafe, applicant: str) -> str:
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


def _bill(action: Action, cafe: SidewalkCafe) -> AmountDue:
    fee = fee_on(action.session, FEE_CODE, cafe.applied_on)
    what = (
        f"Sidewalk cafe permit renewal {cafe.number} (renews {cafe.renews.number})"
        if cafe.renews is not None
        else f"Sidewalk cafe permit {cafe.number}"
    )
    return ledger.bill(
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
) -> SidewalkCafe:
    """Take an application at the counter, number it ("SC-2026-001") and bill the fee from the
    fee schedule (§ 506-10 (Application for permit)). The site plan and the sales records
    (PDF, PNG or JPEG) are kept with it. An application that is not complete or not eligible
    is still taken: the checklist (:func:`review`) says what stands in the way."""
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    values = _clean(session, data, action.today())
    cafe = _new_cafe(action, values)
    if site_plan is not None:
        _attach(action, cafe, "site_plan", site_plan)
    if sales_records is not None:
        _attach(action, cafe, "sales_records", sales_records)
    applicant = get_party(session, data.applicant_id)
    cafe.search_text = _search_text(cafe, applicant.name)
    session.flush()
    action.audit(
        "sidewalk_cafe.receive",
        cafe,
        f"Sidewalk cafe application {cafe.number} received from {applicant.name} for "
        f"{cafe.establishment}, {cafe.address}",
        after=snapshot(cafe),
    )
    _bill(action, cafe)
    return cafe


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
) -> SidewalkCafe:
    """Attach (or replace) the site plan and note its scale. Before the notice is mailed, as
    often as need be; after it, a different plan changes what the neighbours were told and is
    refused unless ``mail_again`` (the application then goes back to be noticed again). After
    the Council's approval only a plan that is missing or cannot be read is supplied (the
    Council decided on the plan it had)."""
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    cafe = get_cafe(session, cafe_id, for_update=True)
    status = _status(cafe)
    if status is CafeStatus.APPROVED:
        if readable_site_plan(session, cafe):
            raise Conflict(
                f"The Council approved {cafe.number} on the site plan it had "
                f"({cafe.site_plan_name}); a different layout is a new application.",
                cite=ISSUANCE_CITE,
            )
    else:
        acts.refuse(
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
    return cafe


def attach_sales_records(action: Action, cafe_id: int, name: str, content: bytes) -> SidewalkCafe:
    """Attach (or replace) the business records of the six months' sales, until the permit is
    issued (the records do not change what the neighbours were told)."""
    action.require(Permission.TAKE_APPLICATIONS)
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.refuse(
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
    return cafe


def correct_application(
    action: Action, cafe_id: int, data: CafeData, *, mail_again: bool = False
) -> SidewalkCafe:
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
    cafe.search_text = _search_text(cafe, cafe.applicant.name)
    action.audit(
        "sidewalk_cafe.correct",
        cafe,
        f"Application {cafe.number} corrected",
        before=before,
        after=snapshot(cafe),
    )
    if changed:
        _mail_again(action, cafe, changed)
    return cafe


# -- neighbours and the notice ----------------------------------------------------------------


def _neighbor(row: NeighborData, line: int) -> NeighborData:
    name = " ".join(row.name.split())
    if not name:
        raise InvalidInput(f"Line {line} of the list has no name.", field="neighbors")
    address = "\n".join(" ".join(part.split()) for part in row.mailing_address.splitlines())
    address = "\n".join(part for part in address.splitlines() if part)
    if not address:
        raise InvalidInput(
            f"Line {line}: enter {name}'s mailing address (the notice is mailed).",
            field="neighbors",
        )
    relation = row.relation.strip().lower() or "owner"
    if relation not in RELATIONS:
        raise InvalidInput(
            f"Line {line}: {name} is {row.relation.strip()!r}; write owner or occupant.",
            field="neighbors",
        )
    distance = row.distance_ft
    if distance is not None and distance < 0:
        raise InvalidInput(f"Line {line}: a distance cannot be negative.", field="neighbors")
    fits(CafeNeighbor.name, name, f"Line {line}'s name", field="neighbors")
    parcel = " ".join(row.parcel_number.split())
    fits(CafeNeighbor.parcel_number, parcel, f"Line {line}'s parcel number", field="neighbors")
    return NeighborData(name, address, parcel, relation, distance)


def beyond_radius(distance_ft: int | None) -> bool:
    """Whether an addressee is more than 100 feet away (100 feet exactly is within)."""
    return distance_ft is not None and distance_ft > NOTICE_RADIUS_FT


def neighbor_findings(rows: Sequence[NeighborData | CafeNeighbor]) -> list[Finding]:
    """A warning for each name listed more than 100 feet away: kept on the list, marked
    "beyond 100 ft — not required", and mailed the notice all the same."""
    return [
        Finding(
            "warn",
            APPLICATION_CITE,
            f"Line {line}: {row.name} is {row.distance_ft} ft away — {BEYOND_RADIUS}. Kept on "
            "the list and mailed the notice; take the line off if it was a mistake.",
        )
        for line, row in enumerate(rows, start=1)
        if beyond_radius(row.distance_ft)
    ]


def set_neighbors(action: Action, cafe_id: int, rows: Sequence[NeighborData]) -> list[NeighborData]:
    """Replace the list of owners and occupants of property within 100 feet, to whom the
    notice is mailed, until it is mailed (the list mailed is the one attached to the packet).
    A row more than 100 feet away is kept, marked "beyond 100 ft — not required"
    (:func:`neighbor_findings`); 100 feet exactly is within. The same name at the same address
    twice is refused."""
    session = action.session
    cafe = get_cafe(session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.NEIGHBOURS, cafe)
    cleaned = [_neighbor(row, line) for line, row in enumerate(rows, start=1)]
    seen: dict[tuple[str, str], int] = {}
    for line, row in enumerate(cleaned, start=1):
        key = (fold(row.name), fold(row.mailing_address))
        if key in seen:
            raise InvalidInput(
                f"Line {line} repeats line {seen[key]} ({row.name}).", field="neighbors"
            )
        seen[key] = line
    before = _neighbors_text(cafe)
    for old in list(cafe.neighbors):
        session.delete(old)
    session.flush()
    cafe.neighbors = [
        CafeNeighbor(
            position=i,
            name=n.name,
            mailing_address=n.mailing_address,
            parcel_number=n.parcel_number,
            relation=n.relation,
            distance_ft=n.distance_ft,
        )
        for i, n in enumerate(cleaned, start=1)
    ]
    session.flush()
    beyond = sum(1 for n in cleaned if beyond_radius(n.distance_ft))
    action.audit(
        "sidewalk_cafe.neighbors",
        cafe,
        f"Owners and occupants within {NOTICE_RADIUS_FT} feet of {cafe.number}: "
        f"{plural(len(cleaned), 'name')}" + (f" ({beyond} {BEYOND_RADIUS})" if beyond else ""),
        before={"neighbors": before},
        after={"neighbors": _neighbors_text(cafe)},
    )
    return cleaned


def _neighbors_text(cafe: SidewalkCafe) -> list[dict[str, object]]:
    return [
        {
            "name": n.name,
            "mailing_address": n.mailing_address,
            "parcel_number": n.parcel_number,
            "relation": n.relation,
            "distance_ft": n.distance_ft,
        }
        for n in cafe.neighbors
    ]


_HEADINGS = {
    "name": ("name", "owner", "owner name", "full name", "addressee"),
    "address": ("mailing address", "address", "street", "street address", "mailing"),
    "city": ("city", "city state zip", "city, state zip"),
    "state": ("state", "st"),
    "zip": ("zip", "zip code", "postal code"),
    "parcel": ("parcel", "parcel number", "parcel no", "pin", "tax parcel"),
    "relation": ("relation", "owner or occupant", "type", "role"),
    "distance": ("distance", "distance ft", "distance (ft)", "feet", "ft"),
}


def _distance(text: str, line: int) -> int | None:
    cleaned = fold(text).removesuffix("feet").removesuffix("ft").strip().rstrip("'").strip()
    if not cleaned:
        return None
    try:
        value = Decimal(cleaned.replace(",", ""))
    except InvalidOperation:
        raise InvalidInput(
            f"Row {line}: the distance {text!r} is not a number of feet.", field="neighbors"
        ) from None
    return math.ceil(value)  # 100.2 ft is beyond 100 feet


def neighbors_from_rows(rows: Sequence[Mapping[str, object]]) -> list[NeighborData]:
    """The owners and occupants read from a spreadsheet or CSV (rows keyed by heading, as
    ``reports.excel.read_table`` gives them): Name, Mailing address (or Address with City,
    State and ZIP columns), Parcel, Relation (owner or occupant), Distance (feet). Refused with
    the row number of the first problem as the spreadsheet shows it (``row.row_number`` when
    the row has one, else counted from 2, below the heading row). A distance with a fraction
    of a foot is rounded up (100.2 ft is beyond 100 feet, and kept, marked so)."""
    table = [
        (
            int(getattr(row, "row_number", index + 2)),
            {fold(str(k)): "" if v is None else str(v).strip() for k, v in row.items()},
        )
        for index, row in enumerate(rows)
    ]
    if table and not any(k in fields for _, fields in table for k in _HEADINGS["name"]):
        raise InvalidInput(
            "The list has no Name column: the first row should name the columns (Name, Mailing "
            "address, Parcel, Relation, Distance).",
            field="neighbors",
        )
    people = []
    for line, fields in table:
        if not any(fields.values()):
            continue

        def pick(key: str, fields: dict[str, str] = fields) -> str:
            return next((fields[k] for k in _HEADINGS[key] if fields.get(k)), "")

        locality = " ".join(
            part
            for part in (
                f"{pick('city')},"
                if pick("city") and (pick("state") or pick("zip"))
                else pick("city"),
                pick("state"),
                pick("zip"),
            )
            if part
        )
        address = "\n".join(p for p in (*pick("address").splitlines(), locality) if p.strip())
        row = NeighborData(
            name=pick("name"),
            mailing_address=address,
            parcel_number=pick("parcel"),
            relation=pick("relation") or "owner",
            distance_ft=_distance(pick("distance"), line),
        )
        people.append(_neighbor(row, line))
    if not people:
        raise InvalidInput("The list names no one.", field="neighbors")
    return people


def record_notice_mailed(
    action: Action, cafe_id: int, *, mailed_on: date, by_name: str
) -> SidewalkCafe:
    """Record that the City Administrator mailed the notice to everyone on the list. Comments
    are then due to the City Clerk by :func:`comment_deadline` (15 calendar days from mailing;
    a last day City Hall is closed moves to its next open day). Refused without a readable
    site plan: the notice "shall contain a copy of the diagram submitted by the applicant"."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.MAIL_NOTICE, cafe)
    if mailed_on > action.today():
        raise InvalidInput("The notice cannot be mailed later than today.", field="mailed_on")
    if mailed_on < cafe.applied_on:
        raise InvalidInput(
            "The notice cannot be mailed before the application was made.", field="mailed_on"
        )
    who = " ".join(by_name.split())
    if not who:
        raise InvalidInput("Enter who mailed the notice.", field="by_name")
    deadline = comment_deadline(mailed_on, action.calendar)
    before = snapshot(cafe)
    cafe.notice_mailed_on = mailed_on
    cafe.notice_mailed_by = fits(SidewalkCafe.notice_mailed_by, who, "The name", field="by_name")
    cafe.comments_due_on = deadline.due
    cafe.status = CafeStatus.NOTICE_MAILED
    moved = f" ({' '.join(deadline.explanation[1:])})" if deadline.moved else ""
    action.audit(
        "sidewalk_cafe.notice",
        cafe,
        f"Notice of {cafe.number} mailed {format_day(mailed_on)} to "
        f"{plural(len(cafe.neighbors), 'owner or occupant', 'owners and occupants')}; comments "
        f"to the City Clerk by {format_day(deadline.due)}{moved}",
        before=before,
        after=snapshot(cafe),
    )
    return cafe


def comments_running(cafe: SidewalkCafe, today: date) -> bool:
    """Whether the 15 days for comments still run (mailed, and today is not past the last
    day): the Council may not act yet."""
    return cafe.comments_due_on is not None and today <= cafe.comments_due_on


def record_comment(
    action: Action,
    cafe_id: int,
    *,
    received_on: date,
    commenter: str,
    text: str,
    source: str = "public",
) -> CafeComment:
    """Record a comment received by the City Clerk, until the Council decides. A public
    comment received after the last day (day 16 on) is kept for the Council and marked
    untimely; comments of the applicant, City staff and committees have no last day."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.COMMENT, cafe)
    kind = source.strip().lower() or "public"
    if kind not in COMMENT_SOURCES:
        raise InvalidInput(
            f"The comment's source is {source!r}; it must be one of {', '.join(COMMENT_SOURCES)}.",
            field="source",
        )
    if received_on > action.today():
        raise InvalidInput("A comment cannot be received later than today.", field="received_on")
    if received_on < cafe.applied_on:
        raise InvalidInput(
            "A comment cannot be received before the application.", field="received_on"
        )
    who = " ".join(commenter.split())
    if not who:
        raise InvalidInput("Enter who made the comment.", field="commenter")
    words = text.strip()
    if not words:
        raise InvalidInput("Enter the comment (or a summary of it).", field="text")
    timely = kind != "public" or cafe.comments_due_on is None or received_on <= cafe.comments_due_on
    comment = CafeComment(
        cafe_id=cafe.id,
        received_on=received_on,
        commenter=fits(CafeComment.commenter, who, "The commenter's name", field="commenter"),
        source=kind,
        text=words,
        timely=timely,
        created_at=action.now(),
    )
    action.session.add(comment)
    late = (
        ""
        if timely
        else f"; untimely: comments were due by {format_day(cafe.comments_due_on)}"
        if cafe.comments_due_on
        else ""
    )
    action.audit(
        "sidewalk_cafe.comment",
        cafe,
        f"Comment on {cafe.number} from {who} ({kind}) received {format_day(received_on)}{late}",
        after={"commenter": who, "source": kind, "received_on": received_on.isoformat(),
               "text": words, "timely": timely},
    )  # fmt: skip
    return comment


def comment_findings(comment: CafeComment, cafe: SidewalkCafe) -> list[Finding]:
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


# -- the reviews ------------------------------------------------------------------------------


def _day_between(day: date, earliest: date, today: date, field: str, what: str) -> None:
    if day > today:
        raise InvalidInput(f"{what} cannot be later than today.", field=field)
    if day < earliest:
        raise InvalidInput(f"{what} cannot be before {format_day(earliest)}.", field=field)


def send_to_police(action: Action, cafe_id: int, *, on: date) -> SidewalkCafe:
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
    return cafe


def record_police_review(
    action: Action, cafe_id: int, *, on: date, approved: bool, memo: str = ""
) -> SidewalkCafe:
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
    return cafe


def record_dpw_inspection(
    action: Action, cafe_id: int, *, on: date, by_name: str, satisfied: bool, note: str = ""
) -> SidewalkCafe:
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
    return cafe


# -- the checklist ----------------------------------------------------------------------------


def _state(found: Sequence[Finding]) -> ItemState:
    return ItemState.NOT_MET if any(f.blocks for f in found) else ItemState.MET


def term_of(cafe: SidewalkCafe, today: date, expires_on: date | None = None) -> tuple[date, date]:
    """The permit's term as the insurance must cover it: from its issuance (today, until it is
    issued) to its last day (one year on, unless set)."""
    start = cafe.issued_on or today
    return start, expires_on or cafe.expires_on or longest_term(start)


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
            _state(
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
            _state(found := layout_findings(cafe)),
            tuple(found),
            CLEARANCE_CITE,
        ),
        ChecklistItem(
            "hours", "Hours", _state(found := hours_findings(cafe)), tuple(found), HOURS_CITE
        ),
    ]
    if cafe.serves_alcohol:
        items.append(
            ChecklistItem(
                "alcohol",
                "Liquor license covering the cafe area",
                _state(found := alcohol_findings(cafe)),
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
    status = _status(cafe)
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


def insurance_requirement(cafe: SidewalkCafe | CafeData) -> coverage.Requirement:
    """§ 506-10's insurance, with liquor liability where alcohol is served."""
    return coverage.sidewalk_cafe(serves_alcohol=cafe.serves_alcohol)


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
        _state(found),
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
        action.session, cafe, calendar=action.calendar, today=action.today(), zone=_zone(action)
    )


# -- the Council --------------------------------------------------------------------------------


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


def _meeting(action: Action, meeting_id: int) -> CouncilMeeting:
    meeting = action.session.get(CouncilMeeting, meeting_id)
    if meeting is None:
        raise InvalidInput("Choose a meeting of the Council.", field="meeting_id")
    return meeting


def place_before_council(action: Action, cafe_id: int, meeting_id: int) -> SidewalkCafe:
    """Put the application on the agenda of a Council meeting after the comment period (or
    move it to another meeting): the "fully completed application packet" only, so refused
    while it is not eligible, or its layout, hours or liquor license do not meet § 506-10."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.AGENDA, cafe)
    meeting = _meeting(action, meeting_id)
    zone = _zone(action)
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
    return cafe


def record_council_decision(
    action: Action,
    cafe_id: int,
    *,
    meeting_id: int,
    approved: bool,
    conditions: str = "",
    closes_at: time | None = None,
    reasons: str = "",
) -> SidewalkCafe:
    """Record the Council's approval (with its conditions, and a closing hour earlier than
    applied for if it restricted the hours) or denial (with reasons), at a meeting that has
    taken place after the comment period. An approval needs the Chief of Police's review on
    record when one is required (the Council shall consider it), and an application that meets
    the standards of § 506-10 (:func:`standards_block`): one that does not could never be
    issued."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.COUNCIL_DECISION, cafe)
    meeting = _meeting(action, meeting_id)
    zone = _zone(action)
    refused = meeting_refusal(meeting, cafe, now=action.now(), zone=zone, held=True)
    if refused is not None:
        raise InvalidInput(refused, field="meeting_id", cite=APPLICATION_CITE)
    held_on = meeting_day(meeting, zone)
    terms = "\n".join(line.strip() for line in conditions.splitlines() if line.strip())
    why = reasons.strip()
    if approved:
        if why:
            raise InvalidInput("Reasons are for a denial; clear them.", field="reasons")
        acts.refuse(acts.standards_refusal(cafe, "approved"))
        if needs_police_review(cafe) and cafe.police_reviewed_on is None:
            raise InvalidInput(
                "The Chief of Police's review is not on record: the Council considers it "
                "before approving a cafe that serves alcohol or holds a liquor license.",
                field="police",
                cite=APPLICATION_CITE,
            )
        if closes_at is not None and closes_at > LATEST:
            raise InvalidInput(
                f"The Council can restrict the hours, not extend them past {_clock(LATEST)}",
                field="closes_at",
                cite=HOURS_CITE,
            )
        if closes_at is not None and cafe.opens_at is not None and closes_at <= cafe.opens_at:
            raise InvalidInput(
                f"A closing hour of {_clock(closes_at)} is not after the opening "
                f"({_clock(cafe.opens_at)}).",
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
    return cafe


# -- the permit ---------------------------------------------------------------------------------


def issue(action: Action, cafe_id: int, *, expires_on: date | None = None) -> SidewalkCafe:
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
        zone=_zone(action),
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
    return cafe


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


def renew(action: Action, cafe_id: int) -> SidewalkCafe:
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
        for name in _COPIED
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
    cafe.search_text = _search_text(cafe, old.applicant.name)
    session.flush()
    action.audit(
        "sidewalk_cafe.renew",
        cafe,
        f"Renewal {cafe.number} of sidewalk cafe permit {old.number} received",
        after=snapshot(cafe) | {"neighbors": _neighbors_text(cafe)},
    )
    _bill(action, cafe)
    return cafe


# -- suspension, revocation ---------------------------------------------------------------------


def suspension_active(suspension: CafeSuspension, day: date) -> bool:
    """Whether the cafe may not operate on ``day`` because of ``suspension``."""
    if not suspension.starts_on <= day <= suspension.ends_on:
        return False
    return suspension.lifted_on is None or day < suspension.lifted_on


def suspension_last_day(suspension: CafeSuspension) -> date:
    """The last day the suspension keeps the cafe closed (the day before it was lifted)."""
    if suspension.lifted_on is not None and suspension.lifted_on <= suspension.ends_on:
        return suspension.lifted_on - timedelta(days=1)
    return suspension.ends_on


def suspend(
    action: Action,
    cafe_id: int,
    *,
    notice_on: date | None,
    starts_on: date,
    ends_on: date,
    reason: str,
    emergency: bool = False,
) -> CafeSuspension:
    """Temporarily suspend the cafe's operation from ``starts_on`` to ``ends_on`` (both
    included) because of a conflict in the use of the sidewalk (a festival, a parade, street or
    sidewalk repairs), on seven days' written notice: the letter dated ``notice_on`` at the
    latest seven days before the first day (counted back, never moved; 7 days passes, 6 is
    refused). In an emergency, determined by the City, no prior notice is needed."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.SUSPEND, cafe)
    today = action.today()
    why = reason.strip()
    if not why:
        raise InvalidInput("State why the cafe's operation is suspended.", field="reason")
    if ends_on < starts_on:
        raise InvalidInput("The suspension ends before it starts.", field="ends_on")
    if cafe.expires_on is not None and starts_on > cafe.expires_on:
        raise InvalidInput(
            f"The permit expires {format_day(cafe.expires_on)}, before the suspension starts.",
            field="starts_on",
        )
    if notice_on is not None and notice_on > today:
        raise InvalidInput("The notice cannot be dated later than today.", field="notice_on")
    if not emergency:
        if notice_on is None:
            raise InvalidInput(
                "Enter the date of the written notice: seven days' written notice is required "
                "unless the City determines an emergency.",
                field="notice_on",
                cite=TERM_CITE,
            )
        latest = latest_suspension_notice(starts_on, action.calendar)
        if notice_on > latest.due:
            days = (starts_on - notice_on).days
            raise InvalidInput(
                f"Written notice dated {format_day(notice_on)} is "
                f"{plural(days, 'day')} before the suspension starts "
                f"({format_day(starts_on)}): seven days' written notice is required, so by "
                f"{format_day(latest.due)}. Start the suspension later, or record an emergency.",
                field="notice_on",
                cite=TERM_CITE,
            )
    for other in cafe.suspensions:
        if other.lifted_on is not None and other.lifted_on <= other.starts_on:
            continue  # lifted before it started
        if other.starts_on <= ends_on and starts_on <= suspension_last_day(other):
            raise Conflict(
                f"{cafe.number} is already suspended from {format_day(other.starts_on)} to "
                f"{format_day(suspension_last_day(other))}."
            )
    suspension = CafeSuspension(
        cafe_id=cafe.id,
        notice_on=notice_on,
        starts_on=starts_on,
        ends_on=ends_on,
        reason=why,
        emergency=emergency,
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
        ),
        after=snapshot(suspension),
    )
    return suspension


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


def lift_suspension(action: Action, suspension_id: int, *, on: date, reason: str) -> CafeSuspension:
    """End a suspension early: the cafe may operate again from ``on`` (before it starts, the
    suspension is called off)."""
    action.require(Permission.ISSUE_PERMITS)
    suspension = get_suspension(action.session, suspension_id, for_update=True)
    cafe = suspension.cafe
    if suspension.lifted_on is not None:
        raise Conflict(
            f"This suspension was already lifted from {format_day(suspension.lifted_on)}."
        )
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
    return suspension


def give_revocation_notice(
    action: Action, cafe_id: int, *, notice_on: date, meeting_id: int, grounds: str
) -> SidewalkCafe:
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
    meeting = _meeting(action, meeting_id)
    zone = _zone(action)
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
    return cafe


def revoke(
    action: Action, cafe_id: int, *, meeting_id: int, until: date | None = None
) -> SidewalkCafe:
    """Record the Council's revocation, temporary (through ``until``) or permanent, at the
    meeting noticed (or a later one it was continued to), held."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.REVOKE, cafe)
    noticed = cafe.revocation_meeting
    assert noticed is not None  # the guard refused a permit with no meeting noticed
    meeting = _meeting(action, meeting_id)
    zone = _zone(action)
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
    return cafe


def deny(
    action: Action, cafe_id: int, *, reasons: str, meeting_id: int | None = None
) -> SidewalkCafe:
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
    acts.refuse(acts.administrator_denial(action, cafe))
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
    return cafe


def withdraw(action: Action, cafe_id: int, *, reason: str) -> SidewalkCafe:
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
    return cafe


# -- registers, history, the Today tab ------------------------------------------------------------


def active_suspension(cafe: SidewalkCafe, day: date) -> CafeSuspension | None:
    return next((s for s in cafe.suspensions if suspension_active(s, day)), None)


def standing(cafe: SidewalkCafe, today: date) -> CafeStatus:
    """The status as it stands on ``today``: an issued permit is SUSPENDED on the days a
    suspension covers; a temporary revocation whose last day has passed stands as ISSUED."""
    status = _status(cafe)
    if status is CafeStatus.REVOKED and cafe.revoked_until and cafe.revoked_until < today:
        status = CafeStatus.ISSUED
    if status is CafeStatus.ISSUED and active_suspension(cafe, today) is not None:
        return CafeStatus.SUSPENDED
    return status


def display_status(
    cafe: SidewalkCafe, today: date, zone: tzinfo | None = None, *, renewed_by: str = ""
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
    for word in fold(text).split():
        query = query.where(SidewalkCafe.search_text.contains(word, autoescape=True))
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


def council_meetings(
    session: Session, cafe_id: int, *, now: datetime, zone: tzinfo | None, held: bool
) -> list[CouncilMeeting]:
    """The meetings a form offers: with ``held``, those held at which the Council can have
    decided (latest first); without, those not yet held after the comment period (soonest
    first), to place the application on an agenda."""
    cafe = get_cafe(session, cafe_id)
    from clerk_desk.petitions import service as petitions

    found = [
        m
        for m in petitions.meetings(session)
        if (m.starts_at <= now) == held
        and meeting_refusal(m, cafe, now=now, zone=zone, held=held) is None
    ]
    return list(reversed(found)) if held else found


@provider("sidewalk_cafes")
def _due(action: Action) -> list[TodayItem]:
    """Comment periods ending; applications whose comment period ended that are not yet before
    the Council; a Council meeting held (or cancelled) without the decision recorded; approved
    permits to issue; permits in force (as they stand today: a temporary revocation over is in
    force again) expiring within 30 days, suspensions starting within a week, revocation
    meetings to come. A permit whose renewal was issued is done with: nothing of it is due."""
    session, today = action.session, action.today()
    zone = _zone(action)
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
    rows = session.scalars(
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
    now = action.now()
    items: list[TodayItem] = []
    for cafe in rows:
        ref = {"record_type": RECORD_TYPE, "record_id": str(cafe.id)}
        who = f"{cafe.establishment}, {cafe.address}"
        status = _status(cafe)
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
        if standing(cafe, today) not in STANDING or status not in (
            CafeStatus.ISSUED,
            CafeStatus.REVOKED,
        ):
            continue
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
