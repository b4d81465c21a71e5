"""The sidewalk article's rules as plain values (the article before § 506-6; Wis. Stat.
§ 66.0907): its citations and figures, who pays under the Cost of sidewalks, the seven days
before the work, the width, the owner's 20 days. No session, no record: functions of what they
are given, tested without a database (``tests/test_sidewalk_rules.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from clerk_desk.deadlines import CityCalendar
from clerk_desk.findings import Finding
from clerk_desk.kinds import (
    CostPayer,
    RepairOrderKind,
    RepairOrderStatus,
    SidewalkWork,
)
from clerk_desk.lengths import format_length
from clerk_desk.money import Money
from clerk_desk.permissions import Permission
from clerk_desk.words import format_day

# -- citations ---------------------------------------------------------------------------------
# The article has no section number and its paragraphs no letters: each is cited by its own
# heading, as clerk_desk.ordinance resolves it (tests/test_ordinance.py checks every one).

REGULATED_CITE = "Sidewalk article (Construction and repair regulated)"
STANDARDS_CITE = "Sidewalk article (Standards)"
COST_CITE = "Sidewalk article (Cost of sidewalks)"
NEW_SUBDIVISION_CITE = "Sidewalk article (New sidewalks and/or bicycle lanes)"
RECONSTRUCTION_CITE = "Sidewalk article (Sidewalk reconstruction)"
CONSTRUCTION_CITE = "Sidewalk article (Sidewalk and/or bicycle lane construction)"
REMOVAL_CITE = "Sidewalk article (Sidewalk removal)"
PERMIT_CITE = "Sidewalk article (Sidewalk permit required)"
SPECIFICATIONS_CITE = "Sidewalk article (Standard specifications for sidewalk)"
WIDTH_CITE = "Sidewalk article (Width and thickness)"
MINOR_REPAIR_CITE = "Sidewalk article (Minor repairs)"
WHOLE_BLOCK_CITE = "Sidewalk article (Whole block repair)"
REPAIR_ORDER_CITE = "Sidewalk article (Repair or replacement of defective or damaged sidewalks)"
STATUTE = "Wis. Stat. § 66.0907"
REPAIR_CITE = f"{REPAIR_ORDER_CITE}; {STATUTE}"
"""Repair orders cite the article's paragraph and the statute it acts under."""

# -- record types, numbers, the ordinance's figures --------------------------------------------

RECORD_TYPE = "sidewalk_permit"
ORDER_RECORD_TYPE = "sidewalk_repair_order"
SEGMENT_RECORD_TYPE = "master_plan_segment"
PERMIT_SERIES = "sidewalk_permit"
CONTRACT_SERIES = "sidewalk_city_contract"  # City contract records: SWC-2026-001, their own series
ORDER_SERIES = "sidewalk_repair_order"

PERMIT_LEAD_DAYS = 7  # the permit obtained at least seven days before the work
REPAIR_DAYS = 20  # the owner's days after service of the notice (Wis. Stat. § 66.0907)
MINOR_REPAIR_LIMIT = Money("500")  # "minor repairs, the cost of which does not exceed $500"
RESIDENTIAL_WIDTH_IN = 54  # residential walks 4 1/2 feet wide
RESIDENTIAL_THICKNESS_IN = 4  # not less than four inches thick
RESIDENTIAL_DRIVEWAY_THICKNESS_IN = 6  # within driveway approaches
COMMERCIAL_THICKNESS_IN = 5  # commercial or industrial: width set by the Council
COMMERCIAL_DRIVEWAY_THICKNESS_IN = 7
COUNCIL = "Common Council"
SEARCH_LIMIT = 500
TODAY_WINDOW_DAYS = 7  # the Today tab looks a week ahead
TODAY_ISSUE_BUSINESS_DAYS = 3  # an application shows once its last day to issue is this near

SIDES = ("both", "odd", "even")
FACILITIES = ("sidewalk", "bike_lane", "both")
FACILITY_LABELS = {
    "sidewalk": "Sidewalk",
    "bike_lane": "Bicycle lane",
    "both": "Sidewalk and bicycle lane",
}
SERVICE_METHODS = ("personal", "certified mail", "registered mail", "publication")
"""The ways the Clerk records the notice to repair as served; which is proper for an owner is
the statute's question (Wis. Stat. § 66.0907(3)(c)), answered by the City Attorney, not here."""
PUBLICATION = "publication"
PUBLISHED_AND_MAILED = "publication and first-class mail"
"""How a notice served by publication is recorded when a copy was also mailed first class to the
owner's known address (Wis. Stat. § 66.0907(3)(c))."""
NOTICE_CITE = f"{STATUTE}(3)(c)"


def facility_label(facility: str) -> str:
    """ "Sidewalk", "Bicycle lane" or "Sidewalk and bicycle lane"."""
    return FACILITY_LABELS.get(facility, facility)


def side_of(number: int) -> str:
    """ "odd" or "even": the side of the street a number is on, by its parity."""
    return "odd" if number % 2 else "even"


MAX_STREET_NUMBER = 99_999


def sides_meet(a: str, b: str) -> bool:
    return a == b or "both" in (a, b)


def facilities_meet(a: str, b: str) -> bool:
    return a == b or "both" in (a, b)


def ranges_meet(
    low_a: int | None, high_a: int | None, low_b: int | None, high_b: int | None
) -> bool:
    lo_a, hi_a = low_a or 0, MAX_STREET_NUMBER + 1 if high_a is None else high_a
    lo_b, hi_b = low_b or 0, MAX_STREET_NUMBER + 1 if high_b is None else high_b
    return lo_a <= hi_b and lo_b <= hi_a


def range_text(low: int | None, high: int | None) -> str:
    """ "101-299", "from 400", "up to 198", or "whole length"."""
    if low is None and high is None:
        return "whole length"
    if low is None:
        return f"up to {high}"
    if high is None:
        return f"from {low}"
    return f"{low}-{high}"


_PAYER_PHRASES = {
    CostPayer.CITY: "the City of Prescott",
    CostPayer.OWNER: "the adjacent property owner",
    CostPayer.LAND_DIVIDER: "the land divider",
}


_PAYER_SHORT = {
    CostPayer.CITY: "City",
    CostPayer.OWNER: "Owner",
    CostPayer.LAND_DIVIDER: "Land divider",
}


def payer_phrase(payer: CostPayer) -> str:
    """ "the City of Prescott", "the adjacent property owner", "the land divider": who pays, as
    a sentence says it (the permit's "Paid 100% by …", the forms' cost box)."""
    return _PAYER_PHRASES[CostPayer(payer)]


def payer_short(payer: CostPayer) -> str:
    """ "City", "Owner", "Land divider": who pays, as a register column says it."""
    return _PAYER_SHORT[CostPayer(payer)]


@dataclass(frozen=True, slots=True)
class CostDecision:
    """Who pays for the work under the article's Cost of sidewalks, and why.

    ``payer`` pays the work; ``restoration_payer`` (a removal only) restores the area after it;
    ``segment_id`` is the master-plan segment that shows the sidewalk, if one does.
    ``follows_plan`` says whether the Sidewalk Master Plan decides the payer (a construction,
    reconstruction, replacement or removal not in a new subdivision nor under a repair order):
    until the permit is issued, such a decision moves with the plan. ``repair_order`` is the
    number of the repair order the work carries out, if any. ``findings`` are what the official
    should read with it (the reading of a silent case)."""

    payer: CostPayer
    restoration_payer: CostPayer | None
    cite: str
    reason: str
    segment_id: int | None
    findings: tuple[Finding, ...] = field(default=())
    follows_plan: bool = False
    repair_order: str = ""

    @property
    def summary(self) -> str:
        """ "Paid 100% by the City of Prescott" — the line the permit prints."""
        return f"Paid 100% by {payer_phrase(self.payer)}"

    @property
    def restoration(self) -> str:
        """ "Restoration of the area by the adjacent property owner", or ""."""
        if self.restoration_payer is None:
            return ""
        return f"Restoration of the area by {payer_phrase(self.restoration_payer)}"


_BUILT = (SidewalkWork.CONSTRUCT, SidewalkWork.RECONSTRUCT, SidewalkWork.REPLACE)


WHOLE_BLOCK_WORK = (SidewalkWork.REPAIR, SidewalkWork.REPLACE)
"""The work the whole-block rule is read to cover ("When repairing a sidewalk the entire block
will be repaired at one time unless approved … for partial replacement"): a repair, and the
replacement of squares it names. The review, the Issue form and the permit use this one list."""


ORDER_WORK = (SidewalkWork.REPAIR, SidewalkWork.REPLACE, SidewalkWork.RECONSTRUCT)
"""The work that carries out a repair order: to "repair or remove and replace" the sidewalk."""


def cost_responsibility(
    work: SidewalkWork,
    *,
    on_master_plan: bool,
    new_subdivision: bool,
    segment_id: int | None = None,
    repair_order: str = "",
) -> CostDecision:
    """Who pays, as the article's Cost of sidewalks reads.

    * Work that carries out a repair order (``repair_order``, its number): the owner's. The
      Common Council ordered the owner to repair or remove and replace the sidewalk (Repair or
      replacement of defective or damaged sidewalks; Wis. Stat. § 66.0907), so the plan does not
      make it the City's.
    * A sidewalk or bicycle lane constructed in a new subdivision or development: the land
      divider, under Chapter 510 (New sidewalks and/or bicycle lanes: "required in new
      subdivisions" is about building them). A reconstruction or replacement there follows the
      plan as anywhere else, with a warning to check the development agreement.
    * Construction: 100% the City's if the current Sidewalk Master Plan shows the sidewalk or
      bicycle lane, 100% the adjacent owner's if not (Sidewalk and/or bicycle lane
      construction).
    * Reconstruction, and replacement, read as a reconstruction of an existing sidewalk: the
      same split (Sidewalk reconstruction).
    * Removal without replacement of a sidewalk the plan does not show: the City pays the
      removal, the adjacent owner restores the area (Sidewalk removal). Of a sidewalk the plan
      DOES show, the ordinance is silent; the program reads it as the owner's cost (the City
      pays only to remove what its plan does not keep) and warns that the Council should be
      asked, since taking out a planned sidewalk goes against the plan.
    * Repair: the owner's. The Cost of sidewalks paragraph does not name repairs; the article
      charges them to the abutting owner everywhere it does (Minor repairs: "charged to the
      abutting property owner in the same manner as ... for major repairs"; Repair or
      replacement of defective or damaged sidewalks: the cost is a special tax on the parcel),
      so the program reads every repair as the owner's, on the plan or not — and warns when the
      plan shows the sidewalk, since a reconstruction there would be the City's.
    """
    work = SidewalkWork(work)
    segment = segment_id if on_master_plan else None
    if repair_order:
        return _ordered_repair(repair_order)
    if new_subdivision and work is SidewalkWork.CONSTRUCT:
        return CostDecision(
            CostPayer.LAND_DIVIDER,
            None,
            NEW_SUBDIVISION_CITE,
            "Sidewalks and bicycle lanes required in new subdivisions and developments are "
            "paid for by the land divider, under Chapter 510 of the Code.",
            segment,
        )
    if work is SidewalkWork.CONSTRUCT:
        return _construction(on_master_plan, segment)
    if work in (SidewalkWork.RECONSTRUCT, SidewalkWork.REPLACE):
        return _reconstruction(work, on_master_plan, segment, new_subdivision=new_subdivision)
    if work is SidewalkWork.REMOVE:
        return _removal(on_master_plan, segment)
    return _repair(on_master_plan, segment)


def _shown(on_master_plan: bool) -> str:
    return "is shown" if on_master_plan else "is not shown"


def _ordered_repair(repair_order: str) -> CostDecision:
    """Work that carries out a repair order (:func:`cost_responsibility`)."""
    return CostDecision(
        CostPayer.OWNER,
        None,
        REPAIR_CITE,
        f"The work carries out repair order {repair_order}: the Common Council ordered the "
        "owner to repair or remove and replace the sidewalk at the owner's cost, whether or "
        "not the Sidewalk Master Plan shows it.",
        None,
        repair_order=repair_order,
    )


def _construction(on_master_plan: bool, segment: int | None) -> CostDecision:
    """A sidewalk or bicycle lane constructed (:func:`cost_responsibility`)."""
    payer = CostPayer.CITY if on_master_plan else CostPayer.OWNER
    return CostDecision(
        payer,
        None,
        CONSTRUCTION_CITE,
        f"A sidewalk or bicycle lane constructed is paid for 100% by "
        f"{payer_phrase(payer)}: it {_shown(on_master_plan)} on the current Sidewalk Master Plan.",
        segment,
        follows_plan=True,
    )


def _reconstruction(
    work: SidewalkWork, on_master_plan: bool, segment: int | None, *, new_subdivision: bool
) -> CostDecision:
    """An existing sidewalk reconstructed or replaced (:func:`cost_responsibility`); in a new
    subdivision, with a warning to check the development agreement."""
    subdivision_note: tuple[Finding, ...] = ()
    if new_subdivision:
        subdivision_note = (
            Finding(
                "warn",
                NEW_SUBDIVISION_CITE,
                "The land divider pays for the sidewalks a new subdivision requires when they "
                "are constructed (Chapter 510). A reconstruction or replacement follows the "
                "Sidewalk Master Plan: check the development agreement before the permit issues.",
            ),
        )
    payer = CostPayer.CITY if on_master_plan else CostPayer.OWNER
    what = (
        "reconstructed" if work is SidewalkWork.RECONSTRUCT else "replaced (read as reconstructed)"
    )
    return CostDecision(
        payer,
        None,
        RECONSTRUCTION_CITE,
        f"An existing sidewalk {what} is paid for 100% by {payer_phrase(payer)}: it "
        f"{_shown(on_master_plan)} on the current Sidewalk Master Plan.",
        segment,
        subdivision_note,
        follows_plan=True,
    )


def _removal(on_master_plan: bool, segment: int | None) -> CostDecision:
    """A sidewalk removed without replacement (:func:`cost_responsibility`)."""
    if not on_master_plan:
        return CostDecision(
            CostPayer.CITY,
            CostPayer.OWNER,
            REMOVAL_CITE,
            "A sidewalk removed without replacement that is not shown on the current "
            "Sidewalk Master Plan is removed at the City's cost; restoration of the area is "
            "the sole responsibility of the adjacent property owner.",
            None,
            follows_plan=True,
        )
    return CostDecision(
        CostPayer.OWNER,
        CostPayer.OWNER,
        REMOVAL_CITE,
        "The sidewalk is shown on the current Sidewalk Master Plan. The ordinance has the "
        "City pay only to remove a sidewalk the plan does not show; this removal is read as "
        "the adjacent property owner's cost, and restoring the area is the owner's too.",
        segment,
        (
            Finding(
                "warn",
                REMOVAL_CITE,
                "The ordinance does not say who pays to remove a sidewalk that IS on the "
                "Sidewalk Master Plan: the program reads it as the owner's cost. Removing a "
                "planned sidewalk goes against the plan: ask the Common Council before the "
                "permit issues.",
            ),
        ),
        follows_plan=True,
    )


def _repair(on_master_plan: bool, segment: int | None) -> CostDecision:
    """A repair: the owner's, on the plan or not (:func:`cost_responsibility`)."""
    planned: tuple[Finding, ...] = ()
    if on_master_plan:
        planned = (
            Finding(
                "warn",
                COST_CITE,
                "The current Sidewalk Master Plan shows this sidewalk: a repair is the owner's, "
                "but a reconstruction or replacement here would be the City's. Confirm the kind "
                "of work with the Director of Public Works.",
            ),
        )
    return CostDecision(  # SidewalkWork.REPAIR
        CostPayer.OWNER,
        None,
        COST_CITE,
        "Repairs are the abutting property owner's: the Cost of sidewalks paragraph does not "
        "name them, and the article charges every repair to the owner (minor repairs as major "
        "ones; a Council order's cost as a special tax on the parcel), whether or not the "
        "Sidewalk Master Plan shows the sidewalk.",
        segment,
        planned,
    )


def cost_finding(decision: CostDecision) -> Finding:
    """The review's line on who pays ("Paid 100% by …", the reason, who restores), cited to the
    paragraph that decides it. The forms that show the decision in a box of their own leave
    this one out of their list of findings."""
    text = f"{decision.summary}. {decision.reason}"
    if decision.restoration:
        text += f" {decision.restoration}."
    return Finding("info", decision.cite, text)


MAX_LENGTH_FT = 10_000


MAX_WIDTH_IN = 600  # 50 feet: anything wider is a typing slip


def earliest_start(issue_day: date, calendar: CityCalendar) -> date:
    """The first day work may start under a permit issued on ``issue_day``: seven days later.

    It is the inverse of :func:`latest_issue_day`: the seven days are counted back from the
    start and never moved (``CityCalendar.latest_day_before`` is the start less seven days on
    every calendar), so the first start whose latest issue day is not before ``issue_day`` is
    seven days after it. ``calendar`` is accepted so callers pass the City's, as they do to
    :func:`latest_issue_day`."""
    del calendar  # the count back is never moved: no calendar changes it
    return date.fromordinal(issue_day.toordinal() + PERMIT_LEAD_DAYS)


def latest_issue_day(work_starts_on: date, calendar: CityCalendar) -> date:
    """The last day a permit may be issued for work starting ``work_starts_on``: "at least seven
    days before work is proposed to be undertaken", counted back (the start day not counted)
    and never moved (``CityCalendar.latest_day_before``): moving it later would leave fewer than
    seven days."""
    return calendar.latest_day_before(work_starts_on, PERMIT_LEAD_DAYS)


def lead_findings(start: date | None, today: date, calendar: CityCalendar) -> list[Finding]:
    """The seven days, for an application whose work is to start ``start`` and is issued
    ``today``: refused when the start is missing or too near, else the last day to issue."""
    earliest = earliest_start(today, calendar)
    if start is None:
        return [
            Finding(
                "block",
                PERMIT_CITE,
                "Enter the day the work is proposed to start: the permit must be obtained at "
                f"least seven days before it (issued today, work may start {format_day(earliest)} "
                "at the earliest).",
            )
        ]
    last = latest_issue_day(start, calendar)
    if today > last:
        return [
            Finding(
                "block",
                PERMIT_CITE,
                f"The work is proposed to start {format_day(start)}, fewer than seven days from "
                f"today: the permit had to be issued by {format_day(last)}. Issued today, work "
                f"may start {format_day(earliest)} at the earliest: move the start to that day "
                "or later.",
            )
        ]
    return [
        Finding(
            "info",
            PERMIT_CITE,
            f"Work proposed to start {format_day(start)}: the permit is issued at least seven "
            f"days before it if issued by {format_day(last)}.",
        )
    ]


def width_findings(
    work: SidewalkWork, *, bike_lane: bool, commercial: bool, width_in: int | None
) -> list[Finding]:
    """The Width and thickness paragraph, for the walk described: a new residential walk
    narrower than 4 1/2 feet is refused; a repair may keep a narrower existing width."""
    work = SidewalkWork(work)
    if work is SidewalkWork.REMOVE or bike_lane:
        return []
    if commercial:
        return [
            Finding(
                "info",
                WIDTH_CITE,
                "In front of a commercial or industrial establishment the walk has the width "
                "the Common Council determines and is five inches thick (seven within driveway "
                "approaches).",
            )
        ]
    standard = format_length(RESIDENTIAL_WIDTH_IN)
    if width_in is None:
        return [
            Finding(
                "warn",
                WIDTH_CITE,
                f"The width is not given: residential walks are {standard} wide.",
            )
        ]
    width = format_length(width_in)
    if width_in < RESIDENTIAL_WIDTH_IN:
        if work is SidewalkWork.CONSTRUCT:
            return [
                Finding(
                    "block",
                    WIDTH_CITE,
                    f"A new residential walk is {standard} wide; this one is {width}.",
                )
            ]
        return [
            Finding(
                "warn",
                WIDTH_CITE,
                f"{width} is narrower than the standard {standard}: a residential walk may be "
                "repaired or replaced to a width not less than the existing width. Confirm the "
                f"existing walk is no wider than {width}.",
            )
        ]
    if width_in > RESIDENTIAL_WIDTH_IN and work is SidewalkWork.CONSTRUCT:
        # a repair or replacement may keep the existing width ("not less than the existing")
        return [
            Finding(
                "warn",
                REGULATED_CITE,
                f"Residential walks are {standard} wide; this one is {width}. A change in the "
                "specifications needs the Common Council's permission unless it is in the "
                "City's best interests.",
            )
        ]
    return []


def minor_refusal(amount: Money) -> str:
    return (
        f"{amount} is more than $500.00: that is not a minor repair. It needs a Council order "
        f"and notice to the owner ({STATUTE})."
    )


def order_permission(kind: RepairOrderKind) -> Permission:
    """Who records an order of ``kind``: a Council order is the Clerk's record of the Council's
    act (TAKE_APPLICATIONS); an emergency direction or a minor repair is the Director of Public
    Works' (APPROVE_WORK_PERMITS)."""
    if RepairOrderKind(kind) is RepairOrderKind.COUNCIL_ORDER:
        return Permission.TAKE_APPLICATIONS
    return Permission.APPROVE_WORK_PERMITS


def order_kinds_for(may: Callable[[Permission], bool]) -> list[RepairOrderKind]:
    """The kinds of order someone may record, given ``may(permission)`` (the operator's
    ``may``): the order form offers only these."""
    return [kind for kind in RepairOrderKind if may(order_permission(kind))]


def repair_due(served_on: date, calendar: CityCalendar) -> date:
    """The owner's last day: 20 days after service (§ 990.001(4): the day of service not
    counted). The repair is not an act at City Hall, so only a Sunday or a legal holiday moves
    the last day (to the next day that is neither) — the same reading as the 20 days of the
    street numbers' notices (§ 506-16)."""
    return calendar.add_days(served_on, REPAIR_DAYS, at_city_hall=False)


OPEN_ORDERS = (RepairOrderStatus.ORDERED, RepairOrderStatus.SERVED)


def city_may_repair_from(
    kind: RepairOrderKind, ordered_on: date, repair_due_on: date | None
) -> date | None:
    """The first day the City may do the work itself: a Council order, the day after the
    owner's 20 days (``repair_due_on``, their last day); an emergency, the day of service (the
    owner was to repair immediately: its last day is the day of service); a minor repair, the
    day it was directed (no notice). None while a notice is not served."""
    kind = RepairOrderKind(kind)
    if kind is RepairOrderKind.MINOR:
        return ordered_on
    if repair_due_on is None:
        return None
    if kind is RepairOrderKind.EMERGENCY:
        return repair_due_on
    return date.fromordinal(repair_due_on.toordinal() + 1)
