"""The rules of street privileges (§§ 506-8, 506-9) as functions of plain values: the sections
cited, the three months of a permit, the widths an obstruction may take of a street and a
sidewalk (exact, in whole inches), the conditions of occupancy in the ordinance's words.

Nothing here reads a record: :mod:`clerk_desk.street_privileges.service` calls these with what
it has read, and the boundary tests call them directly."""

from __future__ import annotations

from datetime import date, datetime
from fractions import Fraction

from clerk_desk.deadlines import CityCalendar, months_after
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import (
    PrivilegePurpose,
)
from clerk_desk.lengths import format_fraction, format_length
from clerk_desk.money import Money
from clerk_desk.words import format_day

RECORD_TYPE = "street_privilege"


NUMBER_SERIES = "street_privilege"


WORKFLOW = "Street Privileges"  # the tab's title, as the Today tab names it


FEE_CODE = "STPRIV"


TERM_MONTHS = 3


BOND_LIMIT = Money("10000")


STREET_SHARE = Fraction(1, 3)  # § 506-9 (Conditions of occupancy) and § 506-8 (Exceptions)


SIDEWALK_SHARE = Fraction(1, 2)  # § 506-8 (Exceptions), building materials


TEMPORARY_WALK_MIN_IN = 48  # "temporary sidewalks of not less than four feet in width"


PASSAGE_MIN_IN = 48  # left clear for pedestrians without a temporary sidewalk (our reading)


FENCE_MIN_IN = 48  # "guarded by a closed fence at least four feet high on both sides"


REMOVAL_NOTICE_HOURS = 24
"""§ 506-9 (Removal by City): the owner or occupant removes "within 24 hours" of the Council's
notice; the City may remove once they have run, counted as Wis. Stat. § 990.001(4)(a) counts
hours (Sundays and legal holidays not counted)."""


def removal_allowed_from(notice_at: datetime, calendar: CityCalendar) -> datetime:
    """When the City may remove an obstruction noticed at ``notice_at`` (in the City's zone): a
    notice at 10:00 a.m. Saturday runs to 10:00 a.m. Monday, one at 10:00 a.m. the Wednesday
    before Thanksgiving to 10:00 a.m. Friday."""
    return calendar.add_hours(notice_at, REMOVAL_NOTICE_HOURS)


EXPIRY_WARNING_DAYS = 14  # Today: permits ending within 14 days


SEARCH_LIMIT = 500


MAX_WIDTH_IN = 200 * 12  # no street or sidewalk in Prescott is wider than 200 ft


WHEN_REQUIRED_CITE = "§ 506-9 (When required)"


BOND_CITE = "§ 506-9 (Bond)"


FEE_CITE = "§ 506-9 (Fee)"


CONDITIONS_CITE = "§ 506-9 (Conditions of occupancy)"


TERMINATION_CITE = "§ 506-9 (Termination)"


REMOVAL_CITE = "§ 506-9 (Removal by City)"


MATERIALS_CITE = "§ 506-8 (Exceptions)"


STREET_REMOVAL_CITE = (
    "§ 506-8 (Removal by City for obstruction and encroachments located in the City streets, "
    "alleys, public grounds or lands dedicated for public use)"
)


SIDEWALK_REMOVAL_CITE = "§ 506-8 (Removal by City for sidewalk obstructions and encroachments)"


FAILURE_TO_REMOVE_CITE = "§ 506-8 (Failure to remove obstruction)"


ADVISERS = ("police", "inspector")


ADVISER_TITLES = {"police": "Chief of Police", "inspector": "Building Inspector"}


REVOKING_TITLES = ("Building Inspector", "Chief of Police", "Director of Public Works")


#: Titles offered for the official who checked a condition or found the way vacated (any title
#: may be typed: the ordinance does not say who inspects).
OFFICIAL_TITLES = (*REVOKING_TITLES, "Police officer", "Public Works staff")


#: The conditions of occupancy (§ 506-9), printed on the permit in this order and kept as a
#: checklist: (key, the ordinance's words, cite).
CONDITIONS: tuple[tuple[str, str, str], ...] = (
    (
        "one_third",
        "Such temporary obstruction shall cover not more than 1/3 of any street or alley.",
        CONDITIONS_CITE,
    ),
    (
        "lighted",
        "Obstructions shall be sufficiently lighted at night so as to be in full view of the "
        "public from all directions.",
        CONDITIONS_CITE,
    ),
    (
        "sidewalk_traffic",
        "Sidewalk traffic shall not be interrupted, but temporary sidewalks of not less than "
        "four feet in width guarded by a closed fence at least four feet high on both sides may "
        "be maintained during the period of occupancy.",
        CONDITIONS_CITE,
    ),
    (
        "no_overnight_crossing",
        "No building or structure shall be allowed to remain overnight on any street crossing "
        "or intersection or so near thereto as to prevent easy access to any fire hydrant.",
        CONDITIONS_CITE,
    ),
    (
        "cleanup",
        "Upon termination of the work necessitating such obstruction, all parts of the "
        "streets, alleys, sidewalks or public grounds occupied under the permit shall be "
        "vacated, cleaned of all rubbish and obstructions and placed in a safe condition for "
        "public travel at the expense of the permittee.",
        CONDITIONS_CITE,
    ),
)


CONDITION_KEYS = tuple(key for key, _, _ in CONDITIONS)


CONDITION_TITLES = {
    "one_third": "Not more than 1/3 of the street or alley",
    "lighted": "Lighted at night",
    "sidewalk_traffic": "Sidewalk traffic not interrupted",
    "no_overnight_crossing": "Nothing overnight on a crossing or near a hydrant",
    "cleanup": "Vacated and cleaned at the end of the work",
}


REVOCATION_WARNING = (
    "This permit is subject to revocation without notice by the Building Inspector, the Chief "
    "of Police or the Director of Public Works for violation of its terms and conditions."
)


def three_months_from(issued_on: date) -> date:
    """The last day of the three months from issuance (§ 506-9 (Termination))."""
    return months_after(issued_on, TERM_MONTHS)


def ends_on(issued_on: date, earlier_end_on: date | None = None) -> date:
    """The last day a permit issued on ``issued_on`` is in force: three months from issuance
    (Nov 30 → Feb 28; Jan 15 → Apr 15), or the earlier day set on it. An "earlier" day after the
    three months, or before issuance, is refused."""
    last = three_months_from(issued_on)
    if earlier_end_on is None:
        return last
    if earlier_end_on > last:
        raise InvalidInput(
            f"An earlier termination must be earlier than the end of the three months "
            f"({format_day(last)}); {format_day(earlier_end_on)} is after it.",
            field="earlier_end_on",
            cite=TERMINATION_CITE,
        )
    if earlier_end_on < issued_on:
        raise InvalidInput(
            f"The permit cannot end before it is issued ({format_day(issued_on)}).",
            field="earlier_end_on",
            cite=TERMINATION_CITE,
        )
    return earlier_end_on


def _most(width_in: int, share: Fraction) -> int:
    """The most whole inches that stay within ``share`` of ``width_in`` (exact, no rounding up)."""
    return int(width_in * share)  # int() of a positive Fraction is its floor


def _limit_text(width_in: int, share: Fraction) -> str:
    exact = width_in * share
    if exact.denominator == 1:
        return format_length(int(exact))
    return f"{format_length(_most(width_in, share))} ({format_fraction(exact)} in exactly)"


def _materials(purpose: PrivilegePurpose | str | None) -> bool:
    """Whether the building materials exception of § 506-8 (Exceptions) applies: construction or
    demolition materials."""
    return purpose is not None and PrivilegePurpose(purpose) is not PrivilegePurpose.MOVE_BUILDING


def _temporary_walk_ok(width_in: int | None, fence_in: int | None) -> bool:
    return (
        width_in is not None
        and width_in >= TEMPORARY_WALK_MIN_IN
        and fence_in is not None
        and fence_in >= FENCE_MIN_IN
    )


def width_findings(
    street_width_in: int | None,
    street_used_in: int | None,
    sidewalk_width_in: int | None,
    sidewalk_used_in: int | None,
    purpose: PrivilegePurpose | str | None = None,
    temporary_sidewalk_width_in: int | None = None,
    fence_height_in: int | None = None,
    gutter_clear: bool = True,
) -> list[Finding]:
    """What the widths entered say under § 506-9 (Conditions of occupancy) and § 506-8
    (Exceptions), each cited, with the figures in feet and inches. Every comparison is exact, in
    whole inches: exactly one-third of the street, exactly one-half of the sidewalk and exactly
    four feet pass; one inch more (or less) does not.

    ``purpose`` decides whether the building materials exception of § 506-8 (Exceptions)
    applies: it does to construction and demolition materials, not to a building being moved
    (None: it applies).

    The street: at most one-third (§ 506-9 (Conditions of occupancy), cited; the text says
    when § 506-8 (Exceptions) holds building materials to the same third of the traveled
    street).

    The sidewalk: building materials over one-half of it block, unless sidewalk traffic is
    carried on a temporary sidewalk at least 4 ft wide with a closed fence at least 4 ft high,
    which § 506-9 (Conditions of occupancy) allows "during the period of occupancy" (§ 506-8
    (Exceptions) excepts what a street privilege permit authorizes); it is then a warning that
    still names § 506-8 (Exceptions). A sidewalk obstructed over its whole width needs that
    temporary sidewalk whatever the purpose; a temporary sidewalk entered is checked against
    both minimums. Whatever the purpose, less than 4 ft left clear for pedestrians with no
    temporary sidewalk is a warning: sidewalk traffic is not to be interrupted.
    """
    materials = purpose is None or _materials(purpose)
    return [
        *_street_width_findings(street_width_in, street_used_in, materials),
        *_sidewalk_width_findings(
            sidewalk_width_in,
            sidewalk_used_in,
            materials,
            temporary_sidewalk_width_in,
            fence_height_in,
        ),
        *_temporary_sidewalk_findings(temporary_sidewalk_width_in, fence_height_in),
        *_gutter_findings(gutter_clear, materials),
    ]


def _street_width_findings(
    street_width_in: int | None, street_used_in: int | None, materials: bool
) -> list[Finding]:
    """§ 506-9 (Conditions of occupancy): at most one-third of the street."""
    if not street_used_in:
        return []
    if not street_width_in:
        return [
            Finding(
                "block",
                CONDITIONS_CITE,
                "Enter the width of the street (its traveled portion) to check the one-third.",
            )
        ]
    if street_used_in > street_width_in:
        return [
            Finding(
                "block",
                CONDITIONS_CITE,
                f"The obstruction ({format_length(street_used_in)}) is wider than the "
                f"street ({format_length(street_width_in)}).",
            )
        ]
    if street_used_in * 3 > street_width_in:
        return [
            Finding(
                "block",
                CONDITIONS_CITE,
                f"The obstruction uses {format_length(street_used_in)} of a "
                f"{format_length(street_width_in)} street; at most "
                f"{_limit_text(street_width_in, STREET_SHARE)} (one-third)"
                + (
                    f". {MATERIALS_CITE} also holds building materials to one-third of "
                    "the traveled portion."
                    if materials
                    else "."
                ),
            )
        ]
    return []


def _sidewalk_width_findings(
    sidewalk_width_in: int | None,
    sidewalk_used_in: int | None,
    materials: bool,
    temporary_sidewalk_width_in: int | None,
    fence_height_in: int | None,
) -> list[Finding]:
    """The sidewalk's width against what obstructs it: its half (§ 506-8 (Exceptions)), its
    whole width and the 4 ft left for pedestrians (§ 506-9 (Conditions of occupancy))."""
    if not sidewalk_used_in:
        return []
    cite = MATERIALS_CITE if materials else CONDITIONS_CITE
    if not sidewalk_width_in:
        return [
            Finding(
                "block",
                cite,
                "Enter the width of the sidewalk to check what is left for pedestrians.",
            )
        ]
    if sidewalk_used_in > sidewalk_width_in:
        return [
            Finding(
                "block",
                cite,
                f"The obstruction ({format_length(sidewalk_used_in)}) is wider than the "
                f"sidewalk ({format_length(sidewalk_width_in)}).",
            )
        ]
    found: list[Finding] = []
    if materials and sidewalk_used_in * 2 > sidewalk_width_in:
        found.append(
            _materials_half_finding(
                sidewalk_width_in, sidewalk_used_in, temporary_sidewalk_width_in, fence_height_in
            )
        )
    if sidewalk_used_in == sidewalk_width_in and temporary_sidewalk_width_in is None:
        found.append(_whole_sidewalk_finding(sidewalk_width_in))
    blocked = any(finding.level == "block" for finding in found)
    clear = sidewalk_width_in - sidewalk_used_in
    if not blocked and 0 < clear < PASSAGE_MIN_IN and temporary_sidewalk_width_in is None:
        found.append(_passage_finding(sidewalk_width_in, sidewalk_used_in, clear, materials))
    return found


def _materials_half_finding(
    sidewalk_width_in: int,
    sidewalk_used_in: int,
    temporary_sidewalk_width_in: int | None,
    fence_height_in: int | None,
) -> Finding:
    """§ 506-8 (Exceptions): building materials over one-half of the sidewalk block, unless a
    fenced temporary sidewalk carries its traffic (§ 506-9 (Conditions of occupancy))."""
    over = (
        f"Building materials use {format_length(sidewalk_used_in)} of a "
        f"{format_length(sidewalk_width_in)} sidewalk; at most "
        f"{_limit_text(sidewalk_width_in, SIDEWALK_SHARE)} (one-half)"
    )
    if _temporary_walk_ok(temporary_sidewalk_width_in, fence_height_in):
        return Finding(
            "warn",
            MATERIALS_CITE,
            f"{over}. Pedestrians are carried on a fenced temporary sidewalk "
            f"of {format_length(temporary_sidewalk_width_in)} under the "
            f"permit ({CONDITIONS_CITE}).",
        )
    return Finding(
        "block",
        MATERIALS_CITE,
        f"{over}, unless sidewalk traffic is carried on a temporary "
        "sidewalk at least 4 ft wide with a closed fence at least 4 ft high "
        f"on both sides ({CONDITIONS_CITE}).",
    )


def _whole_sidewalk_finding(sidewalk_width_in: int) -> Finding:
    """§ 506-9 (Conditions of occupancy): the whole sidewalk obstructed needs a temporary one."""
    return Finding(
        "block",
        CONDITIONS_CITE,
        f"The whole sidewalk ({format_length(sidewalk_width_in)}) is obstructed: "
        "sidewalk traffic may not be interrupted unless a temporary sidewalk at "
        "least 4 ft wide, guarded by a closed fence at least 4 ft high on both "
        "sides, is maintained. Enter the temporary sidewalk and its fence.",
    )


def _passage_finding(
    sidewalk_width_in: int, sidewalk_used_in: int, clear: int, materials: bool
) -> Finding:
    """§ 506-9 (Conditions of occupancy): less than 4 ft left clear interrupts sidewalk traffic."""
    what = "Building materials use" if materials else "The obstruction uses"
    return Finding(
        "warn",
        CONDITIONS_CITE,
        f"{what} {format_length(sidewalk_used_in)} of a "
        f"{format_length(sidewalk_width_in)} sidewalk and leave "
        f"{format_length(clear)} for pedestrians, less than 4 ft: sidewalk "
        "traffic shall not be interrupted. Keep 4 ft clear, or carry it on a "
        "temporary sidewalk at least 4 ft wide with a closed fence at least "
        "4 ft high on both sides.",
    )


def _temporary_sidewalk_findings(
    temporary_sidewalk_width_in: int | None, fence_height_in: int | None
) -> list[Finding]:
    """§ 506-9 (Conditions of occupancy): a temporary sidewalk at least 4 ft wide, with a closed
    fence at least 4 ft high."""
    if temporary_sidewalk_width_in is None:
        return []
    found: list[Finding] = []
    if temporary_sidewalk_width_in < TEMPORARY_WALK_MIN_IN:
        found.append(
            Finding(
                "block",
                CONDITIONS_CITE,
                f"The temporary sidewalk is {format_length(temporary_sidewalk_width_in)} "
                "wide; at least 4 ft is required.",
            )
        )
    if fence_height_in is None:
        found.append(
            Finding(
                "block",
                CONDITIONS_CITE,
                "Enter the height of the closed fence guarding the temporary sidewalk on "
                "both sides (at least 4 ft).",
            )
        )
    elif fence_height_in < FENCE_MIN_IN:
        found.append(
            Finding(
                "block",
                CONDITIONS_CITE,
                f"The fence guarding the temporary sidewalk is "
                f"{format_length(fence_height_in)} high; a closed fence at least 4 ft high "
                "on both sides is required.",
            )
        )
    return found


def _gutter_findings(gutter_clear: bool, materials: bool) -> list[Finding]:
    """§ 506-8 (Exceptions): building materials may not interfere with the gutters."""
    if gutter_clear:
        return []
    return [
        Finding(
            "block" if materials else "warn",
            MATERIALS_CITE,
            "Building materials may not interfere with the flow in the gutters."
            if materials
            else "The obstruction blocks the gutter: keep the flow in the gutters open.",
        )
    ]


def short_day(day: date) -> str:
    """ "Feb 28, 2027"."""
    return format_day(day).split(" ", 1)[1]
