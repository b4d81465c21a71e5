"""The rules of enforcement under Chapter 506, as functions of plain values (issue 21): who
determines, who is notified, the clocks in the statute's hours and days, and the exceptions
an official checks before calling something an obstruction. No session, no record: the
enforcement workflow's service reads its cases and calls these, and tests/test_enforcement_rules.py
tests each at its boundaries. The charges that end a case are those of
:mod:`clerk_desk.special_charges` (their bills, days to pay and tax roll).

How the sections are read, for the City Attorney:

* § 506-8's and § 506-11's "24 hours" and § 506-11's "one hour" are periods in hours under
  Wis. Stat. § 990.001(4)(a): Sundays and legal holidays are not counted
  (:mod:`clerk_desk.hour_periods`). So is § 506-8's two hours for goods being loaded on a
  sidewalk, read as the time within which they must be taken in; the reading gives the merchant
  the longer time, as the statute gives the person notified.
* A width "not more than 1/2 of the sidewalk" is met at exactly one half (and 1/3 of the
  traveled street at exactly one third); "not below any point seven feet above" is met at
  exactly seven feet, and "not more than three feet" at exactly three.
* § 506-21's 10 days to correct damage and § 506-23's 10 days for a publisher to remove a
  receptacle are acts done on the street, not at City Hall: a last day that is a Sunday or a
  legal holiday moves, a Saturday does not (:meth:`CityCalendar.add_days`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from fractions import Fraction
from typing import Final

from clerk_desk.deadlines import CityCalendar
from clerk_desk.findings import Finding
from clerk_desk.words import format_day

# -- § 506-8 obstructions and encroachments -----------------------------------------------------

PROHIBITED_CITE: Final = "§ 506-8 (Obstructions and encroachments prohibited)"
EXCEPTIONS_CITE: Final = "§ 506-8 (Exceptions)"
SIDEWALK_REMOVAL_CITE: Final = (
    "§ 506-8 (Removal by City for sidewalk obstructions and encroachments)"
)
STREET_REMOVAL_CITE: Final = (
    "§ 506-8 (Removal by City for obstruction and encroachments located in the City streets, "
    "alleys, public grounds or lands dedicated for public use)"
)
FAILURE_TO_REMOVE_CITE: Final = "§ 506-8 (Failure to remove obstruction)"
REMOVE_WITHIN_HOURS: Final = 24

SIDEWALK_SHARE: Final = Fraction(1, 2)  # building materials: at most half the sidewalk
STREET_SHARE: Final = Fraction(1, 3)  # ... and a third of the traveled portion of the street
AWNING_CLEARANCE_IN: Final = 7 * 12
GOODS_REACH_IN: Final = 3 * 12
GOODS_HOURS: Final = 2
SIGN_REACH_IN: Final = 3 * 12
SIGN_CLEARANCE_IN: Final = 10 * 12


class Place(enum.StrEnum):
    """Where the obstruction is: § 506-8 gives each its own official and notice."""

    SIDEWALK = "sidewalk"
    STREET = "street"  # a street, alley, public grounds or land dedicated to public use

    @property
    def label(self) -> str:
        return {
            "sidewalk": "Sidewalk",
            "street": "Street, alley, public grounds or land dedicated to public use",
        }[self.value]


def determining_officials(place: Place) -> tuple[str, ...]:
    """Who may determine the obstruction and issue the written notice: "any City enforcement
    official" for a sidewalk; the Chief of Police, the Director of Public Works or the Building
    Inspector for a street or public ground."""
    if place is Place.SIDEWALK:
        return ("City enforcement official",)
    return ("Chief of Police", "Director of Public Works", "Building Inspector")


def notified(place: Place) -> str:
    """Whom the written notice goes to, in the section's words."""
    if place is Place.SIDEWALK:
        return "the owner or occupant of the premises which adjoins the obstructed sidewalk"
    return "the property owner of the premises which adjoin the obstructed public area"


def removal_cite(place: Place) -> str:
    return SIDEWALK_REMOVAL_CITE if place is Place.SIDEWALK else STREET_REMOVAL_CITE


def removal_allowed_from(notice_at: datetime, calendar: CityCalendar) -> datetime:
    """When the 24 hours of the written notice have run and the City Administrator may have the
    obstruction removed: counted in the statute's hours."""
    return calendar.add_hours(notice_at, REMOVE_WITHIN_HOURS)


class ObstructionKind(enum.StrEnum):
    """What is in the way, as the exceptions of § 506-8 sort it."""

    BUILDING_MATERIALS = "building_materials"
    AWNING = "awning"
    GOODS = "goods"  # goods, wares, merchandise or fixtures being loaded or unloaded
    SIGN_OR_CLOCK = "sign_or_clock"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Obstruction:
    """What the official measured and found; each measure only where its kind needs it."""

    place: Place
    kind: ObstructionKind
    permit: str = ""  # a street privilege, street opening or sidewalk cafe permit in force
    width_used_in: int | None = None  # building materials: the width they take
    width_in: int | None = None  # ... of the sidewalk, or of the street's traveled portion
    council_authorized_until: date | None = None  # building materials: the period authorized
    in_the_gutter: bool = False  # building materials interfering with the flow in the gutters
    clearance_in: int | None = None  # awning, sign or clock: its lowest point above the surface
    reach_in: int | None = None  # goods: how far onto the sidewalk; a sign: out from the wall
    out_since: datetime | None = None  # goods: when they were put on the sidewalk


def exception_findings(
    obstruction: Obstruction, *, at: datetime, calendar: CityCalendar
) -> list[Finding]:
    """Whether an exception of § 506-8 covers what was found at ``at``: one "info" finding when
    it does (nothing to remove), one "warn" naming each condition it fails otherwise."""
    if obstruction.permit.strip():
        return [
            Finding(
                "info",
                EXCEPTIONS_CITE,
                f"Authorized by permit {obstruction.permit.strip()}: a street privilege, an "
                "excavation or a sidewalk cafe under its permit is excepted.",
            )
        ]
    check = _CHECKS.get(obstruction.kind)
    if check is None:
        return [
            Finding(
                "warn",
                PROHIBITED_CITE,
                "No exception of § 506-8 covers it: the written notice to remove it within 24 "
                "hours may be issued.",
            )
        ]
    what, failed = check(obstruction, at, calendar)
    if not failed:
        return [Finding("info", EXCEPTIONS_CITE, f"Excepted: {what}.")]
    return [
        Finding(
            "warn",
            EXCEPTIONS_CITE,
            f"Not excepted as {what}: " + "; ".join(failed) + ".",
        )
    ]


def _materials(o: Obstruction, at: datetime, calendar: CityCalendar) -> tuple[str, list[str]]:
    share = SIDEWALK_SHARE if o.place is Place.SIDEWALK else STREET_SHARE
    of = "the sidewalk" if o.place is Place.SIDEWALK else "the traveled portion of the street"
    failed: list[str] = []
    until = o.council_authorized_until
    if until is None:
        failed.append("no period authorized by the Common Council or its designee is recorded")
    elif at.date() > until:
        failed.append(f"the period authorized ended {format_day(until)}")
    if o.width_used_in is None or not o.width_in:
        failed.append(f"the width they take of {of} is not measured")
    elif Fraction(o.width_used_in, o.width_in) > share:
        failed.append(
            f"they take {o.width_used_in} of {o.width_in} inches of {of}, more than "
            f"{share.numerator}/{share.denominator}"
        )
    if o.in_the_gutter:
        failed.append("they interfere with the flow in the gutters")
    return "building materials", failed


def _awning(o: Obstruction, at: datetime, calendar: CityCalendar) -> tuple[str, list[str]]:
    failed = _clearance(o.clearance_in, AWNING_CLEARANCE_IN)
    return "an awning", failed


def _sign(o: Obstruction, at: datetime, calendar: CityCalendar) -> tuple[str, list[str]]:
    failed = _clearance(o.clearance_in, SIGN_CLEARANCE_IN)
    if o.reach_in is None:
        failed.append("how far it projects from the face of the building is not measured")
    elif o.reach_in > SIGN_REACH_IN:
        failed.append(
            f"it projects {o.reach_in} inches from the face of the building, more than "
            f"{SIGN_REACH_IN // 12} feet"
        )
    return "a sign or clock attached to a building", failed


def _goods(o: Obstruction, at: datetime, calendar: CityCalendar) -> tuple[str, list[str]]:
    failed: list[str] = []
    if o.place is not Place.SIDEWALK:
        failed.append("the exception is for goods on the sidewalk")
    if o.reach_in is None:
        failed.append("how far they extend onto the sidewalk is not measured")
    elif o.reach_in > GOODS_REACH_IN:
        failed.append(
            f"they extend {o.reach_in} inches onto the sidewalk, more than "
            f"{GOODS_REACH_IN // 12} feet"
        )
    if o.out_since is None:
        failed.append("when they were put out is not recorded")
    elif calendar.counted_hours(o.out_since, at) > timedelta(hours=GOODS_HOURS):
        failed.append(
            f"they have been out since {format_day(o.out_since.date())} more than "
            f"{GOODS_HOURS} hours (Sundays and legal holidays not counted)"
        )
    return "goods being loaded or unloaded", failed


def _clearance(clearance_in: int | None, least_in: int) -> list[str]:
    if clearance_in is None:
        return ["its lowest point above the surface is not measured"]
    if clearance_in < least_in:
        return [
            f"its lowest point is {clearance_in} inches above the surface, below "
            f"{least_in // 12} feet"
        ]
    return []


_CHECKS = {
    ObstructionKind.BUILDING_MATERIALS: _materials,
    ObstructionKind.AWNING: _awning,
    ObstructionKind.SIGN_OR_CLOCK: _sign,
    ObstructionKind.GOODS: _goods,
}


# -- § 506-11 snow and ice ----------------------------------------------------------------------

SNOW_REMOVAL_CITE: Final = "§ 506-11 (Removal from sidewalks)"
SNOW_FAILURE_CITE: Final = "§ 506-11 (Failure to remove)"
SNOW_PLACEMENT_CITE: Final = "§ 506-11 (Prohibited placement)"
SNOW_NUISANCE_CITE: Final = "§ 506-11 (Snow and ice as nuisance)"
SNOW_HOURS: Final = 24
DEPOSITED_SNOW_HOURS: Final = 1


def snow_removal_due(snowfall_ended_at: datetime, calendar: CityCalendar) -> datetime:
    """When the owners' and occupants' 24 hours after the snowfall ended run out, and the
    Director of Public Works may remove the snow at the fee the Council sets."""
    return calendar.add_hours(snowfall_ended_at, SNOW_HOURS)


def deposited_snow_due(deposited_at: datetime, calendar: CityCalendar) -> datetime:
    """When snow put on a street must have been taken away ("within one hour thereafter")."""
    return calendar.add_hours(deposited_at, DEPOSITED_SNOW_HOURS)


# -- § 506-21 damages, § 506-23 newspaper receptacles, § 506-12 terraces --------------------

DAMAGE_CITE: Final = "§ 506-21"
DAMAGE_DAYS: Final = 10
RECEPTACLE_CITE: Final = "§ 506-23 (Removal)"
RECEPTACLE_DAYS: Final = 10
TERRACE_CITE: Final = "§ 506-12 (Noxious weeds; paving)"


def damage_correction_due(damaged_on: date, calendar: CityCalendar) -> date:
    """The last day to correct damage to a street or public property at no cost to the City;
    after it the City corrects it and charges the cost (§ 506-21)."""
    return calendar.add_days(damaged_on, DAMAGE_DAYS, at_city_hall=False)


def receptacle_removal_due(instruction_received_on: date, calendar: CityCalendar) -> date:
    """The last day for the publisher to remove a newspaper receptacle the occupier asked to
    have removed (§ 506-23: "within 10 days of the receipt of the instructions")."""
    return calendar.add_days(instruction_received_on, RECEPTACLE_DAYS, at_city_hall=False)


def stall_standing(
    *,
    chief_on: date | None,
    public_works_on: date | None,
    rescinded_on: date | None,
    day: date,
) -> Finding:
    """Whether a gravel parking stall on a terrace is authorized on ``day``: it needs the
    authorization of both the Chief of Police and the Director of Public Works, and none after a
    rescission."""
    if rescinded_on is not None and day >= rescinded_on:
        return Finding(
            "warn", TERRACE_CITE, f"The authorization was rescinded {format_day(rescinded_on)}."
        )
    missing = [
        who
        for who, on in (
            ("the Chief of Police", chief_on),
            ("the Director of Public Works", public_works_on),
        )
        if on is None or on > day
    ]
    if missing:
        return Finding(
            "warn",
            TERRACE_CITE,
            "Not authorized: a gravel parking stall needs the authorization of both the Chief "
            "of Police and the Director of Public Works; not yet given by "
            + " or ".join(missing)
            + ".",
        )
    return Finding(
        "info", TERRACE_CITE, "Authorized by the Chief of Police and the Director of Public Works."
    )
