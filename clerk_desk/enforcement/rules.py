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

from clerk_desk import officials
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


# -- the cases: who acts, whom the section holds responsible, what the City may charge ----------

SNOW_FEE_CODE: Final = "SNOW"  # the fee the Common Council sets (§ 506-11), in the fee schedule
DEBRIS_CITE: Final = "§ 506-20"
DEPOSITED_SNOW_CITE: Final = SNOW_NUISANCE_CITE
# The chapter's officials, as clerk_desk.officials names them for every workflow.
CITY_ADMINISTRATOR: Final = officials.CITY_ADMINISTRATOR
PUBLIC_WORKS: Final = officials.DIRECTOR
CHIEF: Final = officials.CHIEF_OF_POLICE
INSPECTOR: Final = officials.BUILDING_INSPECTOR
CLERK: Final = officials.CLERK
COUNCIL: Final = officials.COUNCIL
ENFORCEMENT_OFFICIAL: Final = "City enforcement official"
STALL_OFFICIALS: Final = (CHIEF, PUBLIC_WORKS)
RESCINDING_OFFICIALS: Final = (CHIEF, PUBLIC_WORKS, COUNCIL)

_WORKERS = ("operator", "owner", "occupant", "person in charge")


class Clock(enum.StrEnum):
    """How a case's time runs: in the statute's hours, in days, or not at all."""

    HOURS_FROM_NOTICE = "hours_from_notice"  # § 506-8: from the written notice
    HOURS_FROM_EVENT = "hours_from_event"  # § 506-11: from the snowfall's end, the deposit
    DAYS = "days"  # §§ 506-21, 506-23
    FROM_REQUEST = "from_request"  # § 506-20: "immediately" once asked to remove
    NONE = "none"  # § 506-12


@dataclass(frozen=True, slots=True)
class CaseRule:
    """One kind of case: its section, the official the section makes responsible for the
    City's act, who may be held responsible, its clock, and the charge that ends it.

    ``charge`` is the :class:`~clerk_desk.kinds.ChargeKind` value of the special charge the
    City's work becomes ("" — the section gives the City no charge)."""

    title: str
    cite: str
    acting_official: str  # who does (or has done) the City's work, or writes the letter
    responsible: tuple[str, ...]  # whom the section holds responsible ("owner", "publisher" …)
    clock: Clock
    charge: str = ""
    hours: int = 0
    days: int = 0
    city_work: str = ""  # the City's act, in a phrase ("removed the obstruction")


CASE_RULES: Final[dict[str, CaseRule]] = {
    "obstruction": CaseRule(
        "Obstruction or encroachment",
        FAILURE_TO_REMOVE_CITE,
        CITY_ADMINISTRATOR,
        ("owner", "occupant"),
        Clock.HOURS_FROM_NOTICE,
        charge="obstruction",
        hours=REMOVE_WITHIN_HOURS,
        city_work="caused the removal of the obstruction",
    ),
    "snow_ice": CaseRule(
        "Snow and ice not removed from a sidewalk",
        SNOW_FAILURE_CITE,
        PUBLIC_WORKS,
        ("owner", "occupant"),
        Clock.HOURS_FROM_EVENT,
        charge="snow_ice",
        hours=SNOW_HOURS,
        city_work="removed the snow from the sidewalk",
    ),
    "deposited_snow": CaseRule(
        "Snow or ice deposited on a street",
        SNOW_NUISANCE_CITE,
        PUBLIC_WORKS,
        ("owner", "occupant"),
        Clock.HOURS_FROM_EVENT,
        charge="snow_ice",
        hours=DEPOSITED_SNOW_HOURS,
        city_work="removed the snow or ice deposited",
    ),
    "dirt_debris": CaseRule(
        "Dirt and debris on a street",
        DEBRIS_CITE,
        PUBLIC_WORKS,
        _WORKERS,
        Clock.FROM_REQUEST,
        charge="dirt_debris",
        city_work="removed the materials",
    ),
    "street_damage": CaseRule(
        "Damage to a street or public property",
        DAMAGE_CITE,
        PUBLIC_WORKS,
        _WORKERS,
        Clock.DAYS,
        charge="street_damage",
        days=DAMAGE_DAYS,
        city_work="corrected the damage",
    ),
    "receptacle": CaseRule(
        "Newspaper receptacle to be removed",
        RECEPTACLE_CITE,
        CLERK,
        ("publisher",),
        Clock.DAYS,
        days=RECEPTACLE_DAYS,
    ),
    "terrace_stall": CaseRule(
        "Gravel parking stall on a terrace",
        TERRACE_CITE,
        f"{CHIEF} and {PUBLIC_WORKS}",
        ("owner",),
        Clock.NONE,
    ),
}
"""Each kind of case, once. The readings behind them, for the City Attorney (each chosen, where
the section leaves a doubt, for the person it holds responsible):

* § 506-8 "he shall issue a written notice ... directing that the obstruction be removed within
  24 hours": the 24 hours run from the notice as given (handed over or posted, the moment
  recorded), not from the determination, in the statute's hours. No notice is recorded while
  an exception of the section covers what was found, nor while a measure the exception turns
  on is missing: the official measures first.
* § 506-8 "such expenses shall be charged to and paid by such property owner": the charge is
  billed to the owner of the adjoining parcel, even where the notice of a sidewalk obstruction
  went to the occupant.
* § 506-11 (Failure to remove) sets no written notice: the 24 hours run from the end of the
  snowfall as recorded. "a fee established by the Common Council shall be assessed": the fee in
  the fee schedule (code SNOW) in force on the day of the removal, once for the removal at the
  parcel.
* § 506-11 (Snow and ice as nuisance): "within one hour thereafter" runs from the deposit; the
  City's removal "charged to the owner or occupant of the property from which said snow or ice
  has been removed" is its cost as entered, not the Council's fee, since the paragraph names none.
* § 506-20 "shall immediately remove said materials ... In the event the materials are not
  removed ... the City shall cause the removal": "immediately" sets no period to count, so the
  City's removal is recorded only once the person responsible was asked to remove them (the
  request recorded, by whatever means), from that moment; and the charge needs the parcel the
  unpaid cost goes on the tax roll against ("a special tax against said property").
* § 506-21 "shall correct said damages within 10 days": the 10 days run from the damage, or,
  where the City's notice to correct reached the person later (damage not reported), from the
  notice; the City corrects only once the 10 days have run.
* § 506-23 names no letter of the Clerk: the Clerk's letter reminds the publisher of the
  occupier's instruction, and is sent only once the publisher's 10 days have run. The section
  gives the City no charge.
* § 506-12 "the City reserves the right to rescind such authorization if deemed necessary": a
  rescission is recorded only with the official who decided it (the Chief of Police, the
  Director of Public Works or the Common Council) and the reason, and is written to the owner.
"""


def case_rule(kind: str) -> CaseRule:
    return CASE_RULES[str(kind)]


def officials_for(kind: str, place: Place | None) -> tuple[str, ...]:
    """The officials who may make the determination a case records."""
    if kind == "obstruction":
        if place is Place.SIDEWALK:
            return (ENFORCEMENT_OFFICIAL, CHIEF, PUBLIC_WORKS, INSPECTOR)
        return determining_officials(Place.STREET)
    if kind in ("snow_ice", "deposited_snow", "dirt_debris"):
        return (PUBLIC_WORKS, CHIEF)
    if kind == "street_damage":
        return (CHIEF, PUBLIC_WORKS)  # the report is made to the Police Department
    if kind == "receptacle":
        return (CLERK,)
    return STALL_OFFICIALS


def measures_missing(obstruction: Obstruction) -> list[str]:
    """What the official must measure before the exception of its kind can be judged (a notice
    waits for it): nothing for a kind no exception covers."""
    if obstruction.permit.strip():
        return []
    need: dict[ObstructionKind, tuple[tuple[object, str], ...]] = {
        ObstructionKind.BUILDING_MATERIALS: (
            (obstruction.width_used_in, "the width the materials take"),
            (obstruction.width_in, "the width of the sidewalk or of the traveled street"),
        ),
        ObstructionKind.AWNING: ((obstruction.clearance_in, "the awning's lowest point"),),
        ObstructionKind.SIGN_OR_CLOCK: (
            (obstruction.clearance_in, "the sign's lowest point"),
            (obstruction.reach_in, "how far it projects"),
        ),
        ObstructionKind.GOODS: (
            (obstruction.reach_in, "how far the goods extend"),
            (obstruction.out_since, "when they were put out"),
        ),
    }
    return [what for value, what in need.get(obstruction.kind, ()) if value is None]


def excepted(findings: list[Finding]) -> bool:
    """An exception of § 506-8 covers the obstruction: there is nothing to notice."""
    return any(f.level == "info" and f.cite == EXCEPTIONS_CITE for f in findings)


def correction_from(damaged_on: date, notice_on: date | None) -> date:
    """The day § 506-21's 10 days are counted from: the damage, or a later notice to correct."""
    if notice_on is not None and notice_on > damaged_on:
        return notice_on
    return damaged_on


def city_may_act_from(
    *, clock: Clock, due_at: datetime | None, due_on: date | None
) -> datetime | date | None:
    """When the City may do the work itself: the moment an hours clock runs out, the day after a
    days clock's last day; None where no clock has started (a notice still to give)."""
    if clock in (Clock.HOURS_FROM_NOTICE, Clock.HOURS_FROM_EVENT, Clock.FROM_REQUEST):
        return due_at
    if clock is Clock.DAYS:
        return None if due_on is None else due_on + timedelta(days=1)
    return None
