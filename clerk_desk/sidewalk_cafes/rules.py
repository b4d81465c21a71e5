"""The rules of § 506-10 as pure functions of plain values: the application's standards
(eligibility, layout, hours, alcohol) with the sections cited, the amounts and limits of the
section, and the small words the findings print.

No session and no ORM here: a cafe is an application as the form holds it (:class:`CafeData`)
or as saved (anything with :class:`SavedCafe`'s fields, such as the model's record), so the
boundary tests of the standards need no database.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, time, timedelta
from decimal import Decimal
from typing import Protocol

from clerk_desk import coverage, words
from clerk_desk.deadlines import months_after
from clerk_desk.documents import SCAN_LIMIT
from clerk_desk.findings import Finding
from clerk_desk.kinds import CafeStatus
from clerk_desk.lengths import format_length
from clerk_desk.money import Money
from clerk_desk.words import clock_time, format_day

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


class SavedCafe(Protocol):
    """An application as saved (the model's record), as the rules read it: what the form
    gives (:class:`CafeData`'s fields) and what only the saved record knows."""

    @property
    def applicant_id(self) -> int: ...
    @property
    def establishment(self) -> str: ...
    @property
    def address(self) -> str: ...
    @property
    def parcel_id(self) -> int | None: ...
    @property
    def street_id(self) -> int | None: ...
    @property
    def zoning_district(self) -> str: ...
    @property
    def commercially_zoned(self) -> bool: ...
    @property
    def sales_from(self) -> date | None: ...
    @property
    def sales_to(self) -> date | None: ...
    @property
    def gross_sales(self) -> Money | None: ...
    @property
    def food_and_soft_drink_sales(self) -> Money | None: ...
    @property
    def at_storefront(self) -> bool: ...
    @property
    def at_curbside(self) -> bool: ...
    @property
    def corner_parcel(self) -> bool: ...
    @property
    def sidewalk_width_in(self) -> int | None: ...
    @property
    def clear_passage_in(self) -> int | None: ...
    @property
    def passage_abuts_curb(self) -> bool: ...
    @property
    def curb_setback_in(self) -> int | None: ...
    @property
    def aisle_in(self) -> int | None: ...
    @property
    def frontage_in(self) -> int | None: ...
    @property
    def cafe_length_in(self) -> int | None: ...
    @property
    def side_frontage_in(self) -> int | None: ...
    @property
    def side_cafe_length_in(self) -> int | None: ...
    @property
    def side_clear_passage_in(self) -> int | None: ...
    @property
    def side_passage_abuts_curb(self) -> bool: ...
    @property
    def side_curb_setback_in(self) -> int | None: ...
    @property
    def cafe_depth_in(self) -> int | None: ...
    @property
    def seats(self) -> int | None: ...
    @property
    def tables(self) -> int | None: ...
    @property
    def umbrellas(self) -> str: ...
    @property
    def serves_alcohol(self) -> bool: ...
    @property
    def liquor_license(self) -> str: ...
    @property
    def opens_at(self) -> time | None: ...
    @property
    def closes_at(self) -> time | None: ...
    @property
    def indoor_opens_at(self) -> time | None: ...
    @property
    def indoor_closes_at(self) -> time | None: ...
    @property
    def site_plan_scale(self) -> str: ...
    @property
    def notes(self) -> str: ...
    @property
    def applied_on(self) -> date: ...
    @property
    def site_plan_name(self) -> str: ...
    @property
    def site_plan_sha256(self) -> str: ...
    @property
    def sales_records_sha256(self) -> str: ...
    @property
    def council_closes_at(self) -> time | None: ...


Cafe = SavedCafe | CafeData
"""A cafe as the rules judge it: saved, or as the form holds it."""


LENGTHS = (
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


APPLICATION_FIELDS = tuple(f for f in CafeData.__dataclass_fields__)  # CafeData's fields, in order


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
    *((name, label[:1].lower() + label[1:]) for name, label in LENGTHS),
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


class NeighborLike(Protocol):
    """An addressee of the notice, saved or as the list holds it."""

    @property
    def name(self) -> str: ...
    @property
    def distance_ft(self) -> int | None: ...


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


def food_share_text(share: Decimal) -> str:
    """ "62.5%", and never "50.0%" for a share just under or over the line of § 506-10(A)
    (49.96% is not more than 50%)."""
    return words.percent(share, line=FOOD_SHARE)


def clock_text(value: time) -> str:
    return clock_time(value, dotted=True)


def _length(inches: int) -> str:
    return format_length(inches)


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


def needs_police_review(cafe: Cafe) -> bool:
    """Whether the City Administrator forwards the application to the Chief of Police: the
    business holds a liquor license or means to serve alcohol at the cafe (§ 506-10
    (Application for permit))."""
    return bool(cafe.serves_alcohol or cafe.liquor_license.strip())


def food_share(cafe: Cafe) -> Decimal | None:
    """Food and non-alcoholic beverage sales as a share of gross sales (exact), or None when
    either is missing or gross sales are nothing."""
    gross, food = cafe.gross_sales, cafe.food_and_soft_drink_sales
    if gross is None or food is None or gross <= Money.zero():
        return None
    return Decimal(food.cents) / Decimal(gross.cents)


def eligibility_findings(
    cafe: Cafe,
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
    if not isinstance(cafe, CafeData):
        applied_on = applied_on or cafe.applied_on
        if has_site_plan is None:
            has_site_plan = bool(cafe.site_plan_sha256)
        if has_sales_records is None:
            has_sales_records = bool(cafe.sales_records_sha256)
    found = _sales_share(cafe)
    found += _sales_period(cafe.sales_from, cafe.sales_to, applied_on)
    found += _papers_and_zoning(
        cafe,
        has_sales_records=has_sales_records,
        has_site_plan=has_site_plan,
        site_plan_readable=site_plan_readable,
    )
    return found


def _sales_share(cafe: Cafe) -> list[Finding]:
    """More than 50% of gross sales from food and non-alcoholic beverages: the one finding of
    the figures entered (§ 506-10 (Definitions))."""
    found: list[Finding] = []
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
    return found


def _papers_and_zoning(
    cafe: Cafe,
    *,
    has_sales_records: bool | None,
    has_site_plan: bool | None,
    site_plan_readable: bool,
) -> list[Finding]:
    """The business records, the commercial zoning and the site plan to scale."""
    found: list[Finding] = []
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
        name = cafe.site_plan_name if not isinstance(cafe, CafeData) else ""
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


def layout_findings(cafe: Cafe) -> list[Finding]:
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
    return [
        *_configuration(cafe),
        *_clear_passage(cafe),
        *_curb_setback(cafe),
        *_aisles(cafe),
        *_frontage(cafe),
        *_side_street(cafe),
        *_geometry(cafe),
    ]


def _configuration(cafe: Cafe) -> list[Finding]:
    if cafe.at_storefront or cafe.at_curbside:
        return []
    text = "Choose the configuration: abutting the storefront, abutting the curbside, or both."
    return [Finding("block", CONFIGURATION_CITE, text)]


def _clear_passage(cafe: Cafe) -> list[Finding]:
    passage = cafe.clear_passage_in
    if passage is None:
        text = "Enter the clear pedestrian passage from the site plan."
        return [Finding("block", CLEARANCE_CITE, text)]
    needs = CURB_PASSAGE_IN if cafe.passage_abuts_curb else OTHER_PASSAGE_IN
    if passage >= needs:
        return []
    where = (
        "where the passage abuts the face of curb"
        if cafe.passage_abuts_curb
        else "where the passage does not abut the curb"
    )
    text = (
        f"The clear pedestrian passage is {_length(passage)}; at least "
        f"{_length(needs)} must be kept clear {where}."
    )
    return [Finding("block", CLEARANCE_CITE, text)]


def _curb_setback(cafe: Cafe) -> list[Finding]:
    setback = cafe.curb_setback_in
    if setback is None and (cafe.at_curbside or not cafe.passage_abuts_curb):
        text = "Enter the distance from the curb face to the nearest table or chair."
        return [Finding("block", CLEARANCE_CITE, text)]
    if setback is None or setback >= CURB_SETBACK_IN:
        return []
    text = (
        f"Tables and chairs are {_length(setback)} from the curb face; they must be set "
        f"back at least {_length(CURB_SETBACK_IN)}."
    )
    return [Finding("block", CONFIGURATION_CITE if cafe.at_curbside else CLEARANCE_CITE, text)]


def _aisles(cafe: Cafe) -> list[Finding]:
    if cafe.aisle_in is None:
        text = (
            f"Enter the aisle width from the site plan: aisles of at least {AISLE_IN} inches "
            "are required."
        )
        return [Finding("block", CLEARANCE_CITE, text)]
    if cafe.aisle_in >= AISLE_IN:
        return []
    text = f"The aisles are {_length(cafe.aisle_in)}; at least {AISLE_IN} in are required."
    return [Finding("block", CLEARANCE_CITE, text)]


def _side_street(cafe: Cafe) -> list[Finding]:
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


def alcohol_findings(cafe: Cafe) -> list[Finding]:
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


def standards_block(cafe: SavedCafe) -> Finding | None:
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


def _frontage(cafe: Cafe) -> list[Finding]:
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


def _geometry(cafe: Cafe) -> list[Finding]:
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


def council_closing(cafe: Cafe) -> time | None:
    """The Council's further restriction of the closing hour, if any."""
    return cafe.council_closes_at if not isinstance(cafe, CafeData) else None


def effective_hours(cafe: Cafe) -> tuple[time | None, time | None]:
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
    return f"{clock_text(opens)} to {clock_text(closes)}"


def hours_findings(cafe: Cafe) -> list[Finding]:
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
                f"The cafe closes ({clock_text(closes)}) before it opens ({clock_text(opens)}).",
            )
        ]
    if opens < EARLIEST:
        found.append(
            Finding(
                "block",
                HOURS_CITE,
                f"The cafe would open at {clock_text(opens)}; sidewalk cafes shall not open before "
                f"{clock_text(EARLIEST)}",
            )
        )
    if closes > LATEST:
        found.append(
            Finding(
                "block",
                HOURS_CITE,
                f"The cafe would stay open until {clock_text(closes)}; sidewalk cafes shall not "
                f"remain open past {clock_text(LATEST)}",
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
                    f"The cafe would open at {clock_text(opens)}, before the indoor establishment "
                    f"({clock_text(indoor_opens)}).",
                )
            )
        if not past_midnight and closes > indoor_closes:
            found.append(
                Finding(
                    "block",
                    HOURS_CITE,
                    f"The cafe would stay open until {clock_text(closes)}, after the indoor "
                    f"establishment closes ({clock_text(indoor_closes)}).",
                )
            )
    restricted = council_closing(cafe)
    if restricted is not None and closes > restricted:
        found.append(
            Finding(
                "info",
                HOURS_CITE,
                f"The Council restricted the hours: the cafe closes at {clock_text(restricted)}, "
                f"not {clock_text(closes)} as applied for.",
            )
        )
    return found


def beyond_radius(distance_ft: int | None) -> bool:
    """Whether an addressee is more than 100 feet away (100 feet exactly is within)."""
    return distance_ft is not None and distance_ft > NOTICE_RADIUS_FT


def neighbor_findings(rows: Sequence[NeighborLike]) -> list[Finding]:
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


def finding_state(found: Sequence[Finding]) -> ItemState:
    return ItemState.NOT_MET if any(f.blocks for f in found) else ItemState.MET


def insurance_requirement(cafe: Cafe) -> coverage.Requirement:
    """§ 506-10's insurance, with liquor liability where alcohol is served."""
    return coverage.sidewalk_cafe(serves_alcohol=cafe.serves_alcohol)
