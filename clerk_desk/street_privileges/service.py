"""Street privilege permits (§ 506-9, with the width limits of § 506-8), application to close.

The Director of Public Works may grant the use of a street, alley, sidewalk or other public way
for moving a building or structure, or for encumbering it with the materials of a construction
or demolition, to an applicant who has the building permit the Code requires (§ 506-9 (When
required)). The Director may ask the Chief of Police and the Building Inspector for advice and
City officials may attach conditions, proof of liability insurance among them. No permit issues
until a bond not exceeding $10,000 is filed with the City Treasurer (§ 506-9 (Bond)) and the fee
of the City's fee schedule is paid, "plus any actual City costs" (§ 506-9 (Fee)).

The five conditions of occupancy are printed on the permit and kept as a checklist; a violation
lets the Building Inspector, the Chief of Police or the Director of Public Works revoke the
permit without notice (§ 506-9 (Conditions of occupancy)). The obstruction may cover no more
than one-third of any street or alley, and § 506-8 (Exceptions) limits building materials to
one-half of the sidewalk and one-third of the traveled street, clear of the gutters:
:func:`width_findings` checks the widths entered, to the inch. The permit ends by itself three
months from issuance, or on the earlier day set on it at the Common Council's discretion (§ 506-9
(Termination)). An obstruction of a sidewalk, lawful under a permit in force, that the owner or
occupant of the adjoining premises does not remove within 24 hours of the Council's notice is
removed by the City and its cost charged against the abutting property for the next annual tax
roll (§ 506-9 (Removal by City)). That paragraph is for a sidewalk only, and for an obstruction
still lawful: one in a street or alley, or one left after the permit was revoked or ended, is
removed under § 506-8 (its own notices, a bill payable in 10 days, the tax roll after 60), which
this module refuses to stand in for.

Readings the ordinance leaves open, as this module applies them (and says on screen):

- "At the end of three months from the date of issuance" is read with the calendar's
  :func:`~clerk_desk.deadlines.months_after`: issued January 15, the permit is in force through
  April 15 and ended on April 16; a day the month lacks becomes its last (November 30 → the last
  day of February). It is not moved off a weekend: nothing is filed at City Hall that day.
- The bond must stand behind this permit: a street privilege bond filed for it (``record_type``
  and ``record_id`` naming it), or a standing street privilege bond of the applicant filed for
  no particular record; a bond filed for another permit does not count. Either must be on file
  (or under a claim, which does not exhaust it), at least the amount the Director set, and in
  force from issuance through the permit's last day.
- Only the permit fee holds the permit back; actual City costs are billed as they arise.
- The acts of the officials after issuance (a check of a condition of occupancy, a revocation,
  the way found vacated) are often phoned or written in: the counter records them, naming the
  official and the title, and the audit trail names the operator who recorded them.
- A standing bond backing several permits at once, or a bond under a claim, still counts in
  full (the ordinance sets no rule), but the review warns of it.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from fractions import Fraction
from typing import Literal

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.interfaces import LoaderOption

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.coverage import CoverageKind, Covers, street_privilege
from clerk_desk.deadlines import months_after
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.fees import fee_on
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import (
    BondKind,
    ChargeKind,
    DueKind,
    DueStatus,
    FileStatus,
    PrivilegePurpose,
    PrivilegeStatus,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_fraction, format_length
from clerk_desk.models import AmountDue, Bond, Parcel, SpecialCharge, Street, StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import fold, get_party
from clerk_desk.permissions import Permission
from clerk_desk.special_charges import service as sc
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import clock_time, format_day

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
REMOVAL_NOTICE = timedelta(hours=24)
EXPIRY_WARNING_DAYS = 14  # Today: permits ending within 14 days
SEARCH_LIMIT = 500
MAX_WIDTH_IN = 200 * 12  # no street or sidewalk in Prescott is wider than 200 ft

WHEN_REQUIRED_CITE = "§ 506-9 (When required)"
BOND_CITE = "§ 506-9 (Bond)"
FEE_CITE = "§ 506-9 (Fee)"
CONDITIONS_CITE = "§ 506-9 (Conditions of occupancy)"
TERMINATION_CITE = "§ 506-9 (Termination)"
REMOVAL_CITE = "§ 506-9 (Removal by City)"
# The building materials exception of § 506-8: cited by the paragraph's own heading, which the
# ordinance viewer opens (the text lost its subsection letters).
MATERIALS_CITE = "§ 506-8 (Exceptions)"
# What § 506-8 provides for an obstruction § 506-9 (Removal by City) does not reach: one in a
# street or alley, or one on a sidewalk no longer lawful (the permit revoked or ended).
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
_STANDING = (FileStatus.ON_FILE, FileStatus.CLAIM_MADE)  # a claim does not exhaust the bond


# -- the term ----------------------------------------------------------------------------------


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


# -- the widths (§ 506-9 (Conditions of occupancy), § 506-8 (Exceptions)) -------------------------


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
    found: list[Finding] = []
    if street_used_in:
        if not street_width_in:
            found.append(
                Finding(
                    "block",
                    CONDITIONS_CITE,
                    "Enter the width of the street (its traveled portion) to check the one-third.",
                )
            )
        elif street_used_in > street_width_in:
            found.append(
                Finding(
                    "block",
                    CONDITIONS_CITE,
                    f"The obstruction ({format_length(street_used_in)}) is wider than the "
                    f"street ({format_length(street_width_in)}).",
                )
            )
        elif street_used_in * 3 > street_width_in:
            found.append(
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
            )
    sidewalk_blocked = False
    if sidewalk_used_in:
        if not sidewalk_width_in:
            sidewalk_blocked = True
            found.append(
                Finding(
                    "block",
                    MATERIALS_CITE if materials else CONDITIONS_CITE,
                    "Enter the width of the sidewalk to check what is left for pedestrians.",
                )
            )
        elif sidewalk_used_in > sidewalk_width_in:
            sidewalk_blocked = True
            found.append(
                Finding(
                    "block",
                    MATERIALS_CITE if materials else CONDITIONS_CITE,
                    f"The obstruction ({format_length(sidewalk_used_in)}) is wider than the "
                    f"sidewalk ({format_length(sidewalk_width_in)}).",
                )
            )
        else:
            if materials and sidewalk_used_in * 2 > sidewalk_width_in:
                over = (
                    f"Building materials use {format_length(sidewalk_used_in)} of a "
                    f"{format_length(sidewalk_width_in)} sidewalk; at most "
                    f"{_limit_text(sidewalk_width_in, SIDEWALK_SHARE)} (one-half)"
                )
                if _temporary_walk_ok(temporary_sidewalk_width_in, fence_height_in):
                    found.append(
                        Finding(
                            "warn",
                            MATERIALS_CITE,
                            f"{over}. Pedestrians are carried on a fenced temporary sidewalk "
                            f"of {format_length(temporary_sidewalk_width_in)} under the "
                            f"permit ({CONDITIONS_CITE}).",
                        )
                    )
                else:
                    sidewalk_blocked = True
                    found.append(
                        Finding(
                            "block",
                            MATERIALS_CITE,
                            f"{over}, unless sidewalk traffic is carried on a temporary "
                            "sidewalk at least 4 ft wide with a closed fence at least 4 ft high "
                            f"on both sides ({CONDITIONS_CITE}).",
                        )
                    )
            if sidewalk_used_in == sidewalk_width_in and temporary_sidewalk_width_in is None:
                sidewalk_blocked = True
                found.append(
                    Finding(
                        "block",
                        CONDITIONS_CITE,
                        f"The whole sidewalk ({format_length(sidewalk_width_in)}) is obstructed: "
                        "sidewalk traffic may not be interrupted unless a temporary sidewalk at "
                        "least 4 ft wide, guarded by a closed fence at least 4 ft high on both "
                        "sides, is maintained. Enter the temporary sidewalk and its fence.",
                    )
                )
            clear = sidewalk_width_in - sidewalk_used_in
            if (
                not sidewalk_blocked
                and 0 < clear < PASSAGE_MIN_IN
                and temporary_sidewalk_width_in is None
            ):
                what = "Building materials use" if materials else "The obstruction uses"
                found.append(
                    Finding(
                        "warn",
                        CONDITIONS_CITE,
                        f"{what} {format_length(sidewalk_used_in)} of a "
                        f"{format_length(sidewalk_width_in)} sidewalk and leave "
                        f"{format_length(clear)} for pedestrians, less than 4 ft: sidewalk "
                        "traffic shall not be interrupted. Keep 4 ft clear, or carry it on a "
                        "temporary sidewalk at least 4 ft wide with a closed fence at least "
                        "4 ft high on both sides.",
                    )
                )
    if temporary_sidewalk_width_in is not None:
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
    if not gutter_clear:
        found.append(
            Finding(
                "block" if materials else "warn",
                MATERIALS_CITE,
                "Building materials may not interfere with the flow in the gutters."
                if materials
                else "The obstruction blocks the gutter: keep the flow in the gutters open.",
            )
        )
    return found


# -- the application ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PrivilegeData:
    applicant_id: int
    purpose: PrivilegePurpose
    location: str
    street_id: int | None = None
    parcel_id: int | None = None
    description: str = ""
    route: str = ""
    building_permit_required: bool = False
    building_permit_number: str = ""
    planned_start: date | None = None
    planned_end: date | None = None
    street_width_in: int | None = None
    street_used_in: int | None = None
    sidewalk_width_in: int | None = None
    sidewalk_used_in: int | None = None
    gutter_clear: bool = True
    temporary_sidewalk_width_in: int | None = None
    fence_height_in: int | None = None
    notes: str = ""


_WIDTH_LABELS = {
    "street_width_in": ("The street's width", True),
    "street_used_in": ("The street used", False),
    "sidewalk_width_in": ("The sidewalk's width", True),
    "sidewalk_used_in": ("The sidewalk used", False),
    "temporary_sidewalk_width_in": ("The temporary sidewalk's width", True),
    "fence_height_in": ("The fence's height", True),
}


def _clean(session: Session, data: PrivilegeData) -> dict[str, object]:
    get_party(session, data.applicant_id)
    try:
        purpose = PrivilegePurpose(data.purpose)
    except ValueError:
        raise InvalidInput(
            "Choose the purpose: moving a building or structure, or construction or "
            "demolition materials.",
            field="purpose",
            cite=WHEN_REQUIRED_CITE,
        ) from None
    location = " ".join(data.location.split())
    if not location:
        raise InvalidInput("Enter where the street or sidewalk is used.", field="location")
    fits(StreetPrivilege.location, location, "The location", field="location")
    if data.street_id is not None and session.get(Street, data.street_id) is None:
        raise NotFound(f"There is no street number {data.street_id}.")
    if data.parcel_id is not None and session.get(Parcel, data.parcel_id) is None:
        raise NotFound(f"There is no parcel number {data.parcel_id}.")
    permit_number = " ".join(data.building_permit_number.split())
    fits(
        StreetPrivilege.building_permit_number,
        permit_number,
        "The building permit number",
        field="building_permit_number",
    )
    if data.planned_start and data.planned_end and data.planned_end < data.planned_start:
        raise InvalidInput("The work cannot end before it starts.", field="planned_end")
    for field, (label, positive) in _WIDTH_LABELS.items():
        value = getattr(data, field)
        if value is None:
            continue
        if value < 0 or (positive and value == 0):
            raise InvalidInput(f"{label} must be more than 0.", field=field)
        if value > MAX_WIDTH_IN:
            raise InvalidInput(f"{label} is more than {format_length(MAX_WIDTH_IN)}.", field=field)
    for used, width, label in (
        ("street_used_in", "street_width_in", "street"),
        ("sidewalk_used_in", "sidewalk_width_in", "sidewalk"),
    ):
        u, w = getattr(data, used), getattr(data, width)
        if u is not None and w is not None and u > w:
            raise InvalidInput(
                f"The {label} used ({format_length(u)}) is more than the {label}'s width "
                f"({format_length(w)}).",
                field=used,
            )
    return {
        "applicant_id": data.applicant_id,
        "purpose": purpose,
        "location": location,
        "street_id": data.street_id,
        "parcel_id": data.parcel_id,
        "description": data.description.strip(),
        "route": data.route.strip(),
        "building_permit_required": bool(data.building_permit_required),
        "building_permit_number": permit_number,
        "planned_start": data.planned_start,
        "planned_end": data.planned_end,
        "street_width_in": data.street_width_in,
        "street_used_in": data.street_used_in,
        "sidewalk_width_in": data.sidewalk_width_in,
        "sidewalk_used_in": data.sidewalk_used_in,
        "gutter_clear": bool(data.gutter_clear),
        "temporary_sidewalk_width_in": data.temporary_sidewalk_width_in,
        "fence_height_in": data.fence_height_in,
        "notes": data.notes.strip(),
    }


def _search_text(session: Session, privilege: StreetPrivilege) -> str:
    applicant = get_party(session, privilege.applicant_id)
    street = session.get(Street, privilege.street_id) if privilege.street_id else None
    parcel = session.get(Parcel, privilege.parcel_id) if privilege.parcel_id else None
    return fold(
        " ".join(
            part
            for part in (
                privilege.number,
                applicant.name,
                privilege.location,
                street.full_name if street else "",
                parcel.parcel_number if parcel else "",
                parcel.site_address if parcel else "",
                privilege.description,
                privilege.building_permit_number,
            )
            if part
        )
    )


def get_privilege(
    session: Session, privilege_id: int, *, for_update: bool = False
) -> StreetPrivilege:
    """The permit (or application) ``privilege_id``. Every service that writes it reads it with
    ``for_update``: its row is locked until the transaction ends and read afresh, so that two
    counters acting on one permit at once take turns (on PostgreSQL the second waits, then sees
    the first's change) instead of the second overwriting the first — two checks recorded at
    once both stay in ``checks``. SQLite writes one transaction at a time anyway."""
    privilege = (
        session.get(StreetPrivilege, privilege_id, with_for_update=True, populate_existing=True)
        if for_update
        else session.get(StreetPrivilege, privilege_id)
    )
    if privilege is None:
        raise NotFound(f"There is no street privilege number {privilege_id}.")
    return privilege


def _record(privilege: StreetPrivilege) -> RecordRef:
    return RecordRef(RECORD_TYPE, str(privilege.id))


def _status(privilege: StreetPrivilege) -> PrivilegeStatus:
    return PrivilegeStatus(privilege.status)


def _require_applied(privilege: StreetPrivilege, what: str) -> None:
    status = _status(privilege)
    if status is not PrivilegeStatus.APPLIED:
        raise Conflict(
            f"Street privilege {privilege.number} is {status.label.lower()}: {what} only "
            "before the permit is issued."
        )


def receive_application(action: Action, data: PrivilegeData) -> StreetPrivilege:
    """Take an application at the counter: number it and bill the permit fee of the City's fee
    schedule in force on the day of application (§ 506-9 (Fee))."""
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    values = _clean(session, data)
    today, now = action.today(), action.now()
    fee = fee_on(session, FEE_CODE, today)
    year = today.year
    sequence = take_number(action, NUMBER_SERIES, year=year)
    privilege = StreetPrivilege(
        **values,
        number=f"SP-{year}-{sequence:03d}",
        year=year,
        sequence=sequence,
        status=PrivilegeStatus.APPLIED,
        applied_at=now,
        applied_on=today,
        received_by_name=action.operator.full_name,
        insurance_required=False,
        insurance_minimums={},
        conditions="",
        checks={},
        created_at=now,
    )
    session.add(privilege)
    session.flush()
    privilege.search_text = _search_text(session, privilege)
    applicant = get_party(session, data.applicant_id)
    action.audit(
        "privilege.receive",
        privilege,
        f"Street privilege {privilege.number} applied for by {applicant.name} "
        f"({PrivilegePurpose(privilege.purpose).label.lower()}, {privilege.location})",
        after=snapshot(privilege),
    )
    ledger.bill(
        action,
        party_id=applicant.id,
        record=_record(privilege),
        kind=DueKind.FEE,
        amount=fee.amount,
        fee_item=fee,
        cite=FEE_CITE,
        description=f"Street privilege permit {privilege.number}",
    )
    return privilege


def correct_application(action: Action, privilege_id: int, data: PrivilegeData) -> StreetPrivilege:
    """Correct the application before the permit is issued (the earlier version stays in the
    audit trail). The applicant, who owes the fee, cannot change: take a new application."""
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    privilege = get_privilege(session, privilege_id, for_update=True)
    _require_applied(privilege, "the application can be corrected")
    if data.applicant_id != privilege.applicant_id:
        raise InvalidInput(
            "The applicant cannot change; take a new application.", field="applicant_id"
        )
    values = _clean(session, data)
    before = snapshot(privilege)
    for key, value in values.items():
        setattr(privilege, key, value)
    session.flush()
    privilege.search_text = _search_text(session, privilege)
    action.audit(
        "privilege.correct",
        privilege,
        f"Street privilege {privilege.number} corrected",
        before=before,
        after=snapshot(privilege),
    )
    return privilege


def record_parcel(action: Action, privilege_id: int, parcel_id: int | None) -> StreetPrivilege:
    """Record (or correct) the property abutting the obstruction at any step: the City's
    removal cost is charged against it (§ 506-9 (Removal by City))."""
    action.require(Permission.TAKE_APPLICATIONS)
    session = action.session
    privilege = get_privilege(session, privilege_id, for_update=True)
    if parcel_id is not None and session.get(Parcel, parcel_id) is None:
        raise NotFound(f"There is no parcel number {parcel_id}.")
    before = snapshot(privilege)
    privilege.parcel_id = parcel_id
    session.flush()
    privilege.search_text = _search_text(session, privilege)
    action.audit(
        "privilege.parcel",
        privilege,
        f"Abutting property of street privilege {privilege.number} recorded",
        before=before,
        after=snapshot(privilege),
    )
    return privilege


def record_advice(
    action: Action,
    privilege_id: int,
    *,
    who: Literal["police", "inspector"],
    advice: str,
    on: date,
) -> StreetPrivilege:
    """Record the advisory recommendation the Director asked of the Chief of Police
    (``"police"``) or the Building Inspector (``"inspector"``) before issuance (§ 506-9 (When
    required)). A later recommendation from the same official replaces the earlier one (which
    the audit trail keeps)."""
    action.require(Permission.TAKE_APPLICATIONS)
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    _require_applied(privilege, "advice is recorded")
    if who not in ADVISERS:
        raise InvalidInput(
            "The advice is from the Chief of Police or the Building Inspector.", field="who"
        )
    text = advice.strip()
    if not text:
        raise InvalidInput("Enter the recommendation.", field="advice", cite=WHEN_REQUIRED_CITE)
    if on > action.today():
        raise InvalidInput("The advice cannot be dated after today.", field="on")
    if on < privilege.applied_on:
        raise InvalidInput(
            f"The advice cannot come before the application ({format_day(privilege.applied_on)}).",
            field="on",
        )
    before = snapshot(privilege)
    if who == "police":
        privilege.police_advice, privilege.police_advice_on = text, on
    else:
        privilege.inspector_advice, privilege.inspector_advice_on = text, on
    action.audit(
        "privilege.advice",
        privilege,
        f"{ADVISER_TITLES[who]}'s advice on {privilege.number} recorded",
        before=before,
        after=snapshot(privilege),
    )
    return privilege


def insurance_minimums(privilege: StreetPrivilege) -> dict[CoverageKind, Money]:
    """The limits the officials set, as the coverage rules read them."""
    return {
        CoverageKind(kind): Money.from_cents(int(cents))
        for kind, cents in (privilege.insurance_minimums or {}).items()
    }


def set_terms(
    action: Action,
    privilege_id: int,
    *,
    bond_amount: Money | None,
    insurance_required: bool,
    insurance_minimums: Mapping[CoverageKind, Money],
    conditions: str,
) -> StreetPrivilege:
    """The Director of Public Works sets the bond (more than $0, not exceeding $10,000, § 506-9
    (Bond); None while undecided, which holds the permit back), whether proof of liability
    insurance is a condition and in what amounts, and the conditions City officials attach (one
    a line) (§ 506-9 (When required))."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    _require_applied(privilege, "its terms are set")
    if bond_amount is not None:
        if bond_amount <= Money.zero():
            raise InvalidInput(
                "The bond must be more than $0.00.", field="bond_amount", cite=BOND_CITE
            )
        if bond_amount > BOND_LIMIT:
            raise InvalidInput(
                f"A street privilege bond may not exceed {BOND_LIMIT}; {bond_amount} was entered.",
                field="bond_amount",
                cite=BOND_CITE,
            )
    minimums: dict[str, int] = {}
    if insurance_required:
        for kind, amount in insurance_minimums.items():
            if amount <= Money.zero():
                raise InvalidInput(
                    f"The {CoverageKind(kind).label} limit must be more than $0.00.",
                    field="insurance_minimums",
                    cite=WHEN_REQUIRED_CITE,
                )
            minimums[CoverageKind(kind).value] = amount.cents
    lines = [" ".join(line.split()) for line in conditions.splitlines()]
    before = snapshot(privilege)
    privilege.bond_amount = bond_amount
    privilege.insurance_required = bool(insurance_required)
    privilege.insurance_minimums = minimums
    privilege.conditions = "\n".join(line for line in lines if line)
    action.audit(
        "privilege.terms",
        privilege,
        f"Terms of street privilege {privilege.number} set: bond "
        + (str(bond_amount) if bond_amount is not None else "not set")
        + ("; insurance required" if insurance_required else ""),
        before=before,
        after=snapshot(privilege),
    )
    return privilege


def extra_conditions(privilege: StreetPrivilege) -> list[str]:
    """The conditions City officials attached, one a line."""
    return [line.strip() for line in privilege.conditions.splitlines() if line.strip()]


def bill_city_costs(
    action: Action, privilege_id: int, *, amount: Money, description: str
) -> AmountDue:
    """Bill the applicant the actual City costs of the permit, on top of the fee (§ 506-9
    (Fee)); posted to the GL account of the permit fee. They do not hold the permit back. A
    refused or withdrawn application is not charged: there is no permit to add costs to."""
    action.require(Permission.BILL)
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    status = _status(privilege)
    if status in (PrivilegeStatus.REFUSED, PrivilegeStatus.WITHDRAWN):
        raise Conflict(
            f"Street privilege {privilege.number} was {status.label.lower()}: a refused or "
            "withdrawn application is not charged City costs.",
            cite=FEE_CITE,
        )
    what = " ".join(description.split())
    if not what:
        raise InvalidInput("Describe the City's costs.", field="description")
    if amount <= Money.zero():
        raise InvalidInput("The amount must be more than $0.00.", field="amount")
    fee = fee_on(action.session, FEE_CODE, action.today())
    return ledger.bill(
        action,
        party_id=privilege.applicant_id,
        record=_record(privilege),
        kind=DueKind.CITY_EXPENSES,
        amount=amount,
        gl_account=fee.gl_account,
        cite=FEE_CITE,
        description=f"Street privilege {privilege.number}: actual City costs, {what}",
    )


# -- the review before issuance ----------------------------------------------------------------


class ItemState(enum.StrEnum):
    MET = "met"
    PENDING = "pending"  # not met yet, but its day has not come
    NOT_MET = "not_met"

    @property
    def label(self) -> str:
        return {"met": "Met", "pending": "Not yet due", "not_met": "Not met"}[self.value]


@dataclass(frozen=True, slots=True)
class ChecklistItem:
    """One requirement of § 506-9 for issuing the permit, as it stands."""

    key: str
    title: str
    state: ItemState
    findings: tuple[Finding, ...]  # why it is not met (blocks), or what was found (info)
    cite: str
    due: date | None = None
    condition: str = ""

    @property
    def met(self) -> bool:
        return self.state is ItemState.MET


def _item(key: str, title: str, cite: str, found: Sequence[Finding]) -> ChecklistItem:
    state = ItemState.NOT_MET if any(f.blocks for f in found) else ItemState.MET
    return ChecklistItem(key, title, state, tuple(found), cite)


def term(
    privilege: StreetPrivilege, today: date, earlier_end_on: date | None = None
) -> tuple[date, date]:
    """The days the permit is (or, issued today, would be) in force."""
    if privilege.issued_on is not None and privilege.ends_on is not None:
        return privilege.issued_on, privilege.ends_on
    return today, ends_on(today, earlier_end_on)


def _complete(privilege: StreetPrivilege) -> list[Finding]:
    found = []
    if not privilege.description.strip():
        found.append(
            Finding(
                "block",
                WHEN_REQUIRED_CITE,
                "The application does not describe the building or structure and the work "
                "(moving, construction or demolition).",
            )
        )
    moving = PrivilegePurpose(privilege.purpose) is PrivilegePurpose.MOVE_BUILDING
    if moving and not privilege.route.strip():
        found.append(
            Finding(
                "block",
                WHEN_REQUIRED_CITE,
                "A building or structure is moved: give the route it takes over the streets.",
            )
        )
    return found


def _building_permit(privilege: StreetPrivilege) -> list[Finding]:
    if not privilege.building_permit_required:
        return []
    if privilege.building_permit_number.strip():
        return [
            Finding(
                "info",
                WHEN_REQUIRED_CITE,
                f"Building permit {privilege.building_permit_number} recorded.",
            )
        ]
    return [
        Finding(
            "block",
            WHEN_REQUIRED_CITE,
            "The Code requires a building permit for this work: record its number before the "
            "street privilege permit issues.",
        )
    ]


def _widths(privilege: StreetPrivilege) -> list[Finding]:
    if not (privilege.street_used_in or privilege.sidewalk_used_in):
        return [
            Finding(
                "block",
                CONDITIONS_CITE,
                "Enter how much of the street or the sidewalk is used, with its width, so the "
                "one-third (and one-half) limits can be checked.",
            )
        ]
    return width_findings(
        privilege.street_width_in,
        privilege.street_used_in,
        privilege.sidewalk_width_in,
        privilege.sidewalk_used_in,
        PrivilegePurpose(privilege.purpose),
        privilege.temporary_sidewalk_width_in,
        privilege.fence_height_in,
        privilege.gutter_clear,
    )


def bonds_for(session: Session, privilege: StreetPrivilege) -> list[Bond]:
    """The street privilege bonds of the applicant that may stand behind this permit: filed for
    it, or standing bonds filed for no particular record; on file or under a claim."""
    return list(
        session.scalars(
            select(Bond)
            .where(
                Bond.kind == BondKind.STREET_PRIVILEGE,
                Bond.principal_id == privilege.applicant_id,
                Bond.status.in_(_STANDING),
                or_(
                    and_(
                        Bond.record_type == RECORD_TYPE,
                        bonds.filed_for(Bond.record_id, privilege.id, privilege.number),
                    ),
                    Bond.record_type == "",
                ),
            )
            .order_by(Bond.id)
        )
    )


def bond_covers(bond: Bond, amount: Money, start: date, end: date) -> bool:
    return (
        bond.amount >= amount
        and bond.effective_on <= start
        and (bond.expires_on is None or bond.expires_on >= end)
    )


def also_backs(session: Session, privilege: StreetPrivilege, bond: Bond) -> list[StreetPrivilege]:
    """The applicant's other permits a standing bond (filed for no particular record) stands
    behind as well: issued (in force, ended or revoked) and the way not yet recorded vacated or
    cleared by the City, with no bond filed for themselves that covers them. A bond filed for
    one permit backs no other (:func:`bonds_for`)."""
    if bond.record_type == RECORD_TYPE:
        return []
    others = session.scalars(
        select(StreetPrivilege)
        .where(
            StreetPrivilege.applicant_id == privilege.applicant_id,
            StreetPrivilege.id != privilege.id,
            StreetPrivilege.status.in_((PrivilegeStatus.ISSUED, PrivilegeStatus.REVOKED)),
            StreetPrivilege.closed_on.is_(None),
            StreetPrivilege.removed_by_city_on.is_(None),
        )
        .order_by(StreetPrivilege.year, StreetPrivilege.sequence)
    ).all()
    backed = []
    for other in others:
        if other.issued_on is None or other.ends_on is None:
            continue
        amount = other.bond_amount
        own = [
            b
            for b in bonds_for(session, other)
            if b.record_type == RECORD_TYPE
            and amount is not None
            and bond_covers(b, amount, other.issued_on, other.ends_on)
        ]
        if not own:
            backed.append(other)
    return backed


def bond_warnings(session: Session, privilege: StreetPrivilege, bond: Bond) -> list[Finding]:
    """What the review warns of a bond that otherwise stands behind the permit: a standing bond
    that also stands behind other open permits (each counts it at its full amount), and a bond
    under a claim (it still stands — a claim does not exhaust it — but what is paid on the claim
    comes out of it)."""
    found = []
    shared = also_backs(session, privilege, bond)
    if shared:
        numbers = _and([p.number for p in shared])
        found.append(
            Finding(
                "warn",
                BOND_CITE,
                f"Bond No. {bond.bond_number} ({bond.amount}) also stands behind {numbers}, "
                "not yet vacated: one standing bond answers for every permit it backs, and "
                "each counts it at its full amount.",
            )
        )
    if FileStatus(bond.status) is FileStatus.CLAIM_MADE:
        found.append(
            Finding(
                "warn",
                BOND_CITE,
                f"A claim has been made on Bond No. {bond.bond_number}: it still stands behind "
                f"the permit, but what is paid on the claim comes out of its {bond.amount}.",
            )
        )
    return found


def _bond(session: Session, privilege: StreetPrivilege, start: date, end: date) -> list[Finding]:
    amount = privilege.bond_amount
    if amount is None:
        return [
            Finding(
                "block",
                BOND_CITE,
                "The Director of Public Works has not set the bond (not exceeding $10,000.00).",
            )
        ]
    held = bonds_for(session, privilege)
    good = [b for b in held if bond_covers(b, amount, start, end)]
    if good:
        # A bond filed for this permit is named before a standing one.
        bond = min(good, key=lambda b: (b.record_type != RECORD_TYPE, b.id))
        whose = "filed for this permit" if bond.record_type == RECORD_TYPE else "a standing bond"
        return [
            Finding(
                "info",
                BOND_CITE,
                f"Bond No. {bond.bond_number} ({bond.surety}, {bond.amount}), {whose}, is on "
                "file with the City Treasurer.",
            ),
            *bond_warnings(session, privilege, bond),
        ]
    if not held:
        return [
            Finding(
                "block",
                BOND_CITE,
                f"No street privilege bond of {amount} is on file with the City Treasurer for "
                "this permit.",
            )
        ]
    found = []
    for bond in held:
        if bond.amount < amount:
            found.append(
                Finding(
                    "block",
                    BOND_CITE,
                    f"Bond No. {bond.bond_number} is {bond.amount}; the Director set {amount}.",
                )
            )
        elif bond.effective_on > start:
            found.append(
                Finding(
                    "block",
                    BOND_CITE,
                    f"Bond No. {bond.bond_number} takes effect {format_day(bond.effective_on)}, "
                    f"after the permit would issue ({format_day(start)}).",
                )
            )
        else:
            assert bond.expires_on is not None
            found.append(
                Finding(
                    "block",
                    BOND_CITE,
                    f"Bond No. {bond.bond_number} expires {format_day(bond.expires_on)}, before "
                    f"the permit's last day ({format_day(end)}).",
                )
            )
    return found


def _insurance(
    session: Session, privilege: StreetPrivilege, start: date, end: date, action: Action
) -> list[Finding]:
    return bonds.insurance_findings(
        session,
        party_id=privilege.applicant_id,
        requirement=street_privilege(insurance_minimums(privilege)),
        covers=Covers(start, end),
        calendar=action.calendar,
    )


def fee_dues(session: Session, privilege_id: int) -> list[AmountDue]:
    """The permit fee billed for the permit (not cancelled)."""
    return [
        due
        for due in ledger.dues_for(session, RecordRef(RECORD_TYPE, str(privilege_id)))
        if due.kind == DueKind.FEE and due.status != DueStatus.CANCELLED
    ]


def fee_paid(session: Session, privilege_id: int) -> bool:
    dues = fee_dues(session, privilege_id)
    return bool(dues) and all(due.status == DueStatus.PAID for due in dues)


def _fee(session: Session, privilege: StreetPrivilege) -> list[Finding]:
    dues = fee_dues(session, privilege.id)
    if not dues:
        return [Finding("block", FEE_CITE, "No permit fee is billed for this application.")]
    owed = sum((due.balance for due in dues if due.status == DueStatus.OPEN), Money.zero())
    if owed:
        return [
            Finding(
                "block",
                FEE_CITE,
                f"The permit fee is not paid ({owed} owed): it is paid to the Treasurer, who "
                "issues a receipt.",
            )
        ]
    return []


def checklist(
    action: Action, privilege: StreetPrivilege, *, earlier_end_on: date | None = None
) -> list[ChecklistItem]:
    """Each requirement for issuing the permit, met or not, with the reasons cited: the
    application complete, the building permit (when the Code requires one), the widths, the
    bond, the insurance (when required) and the fee. The bond and the insurance are judged
    over the permit's term: issued today, for three months or to ``earlier_end_on``."""
    session = action.session
    start, end = term(privilege, action.today(), earlier_end_on)
    items = [
        _item("complete", "Application complete", WHEN_REQUIRED_CITE, _complete(privilege)),
        _item(
            "building_permit",
            "Building permit recorded"
            if privilege.building_permit_required
            else "Building permit (not required)",
            WHEN_REQUIRED_CITE,
            _building_permit(privilege),
        ),
        _item("widths", "Widths within the limits", CONDITIONS_CITE, _widths(privilege)),
        _item(
            "bond",
            "Bond filed with the City Treasurer",
            BOND_CITE,
            _bond(session, privilege, start, end),
        ),
    ]
    if privilege.insurance_required:
        items.append(
            _item(
                "insurance",
                "Proof of liability insurance",
                WHEN_REQUIRED_CITE,
                _insurance(session, privilege, start, end, action),
            )
        )
    else:
        items.append(
            ChecklistItem(
                "insurance",
                "Proof of liability insurance (not required)",
                ItemState.MET,
                (),
                WHEN_REQUIRED_CITE,
            )
        )
    items.append(_item("fee", "Permit fee paid", FEE_CITE, _fee(session, privilege)))
    return items


def review(action: Action, privilege_id: int) -> list[ChecklistItem]:
    """The checklist of an application as it stands today."""
    return checklist(action, get_privilege(action.session, privilege_id))


def blocking_items(items: Sequence[ChecklistItem]) -> list[Finding]:
    """Every blocking finding of the items not met, in order."""
    return [f for item in items if not item.met for f in item.findings if f.blocks]


# -- decisions ---------------------------------------------------------------------------------


def issue(
    action: Action, privilege_id: int, *, earlier_end_on: date | None = None, note: str = ""
) -> StreetPrivilege:
    """Issue the permit today (the Director of Public Works): refused, with every blocking item
    listed, until the checklist is met. It ends three months from today, or on
    ``earlier_end_on`` when the Common Council set an earlier day (``note`` then names the
    Council's action; it is printed on the permit) (§ 506-9 (Termination))."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    _require_applied(privilege, "it can be issued")
    today = action.today()
    last = ends_on(today, earlier_end_on)
    if last == three_months_from(today):
        earlier_end_on = None  # the three months' own last day is no earlier termination
    why = " ".join(note.split())
    if earlier_end_on is not None and not why:
        raise InvalidInput(
            "An earlier termination is set at the discretion of the Common Council: name its "
            "action (e.g. Council motion of Dec 14, 2026).",
            field="note",
            cite=TERMINATION_CITE,
        )
    stop = blocking_items(checklist(action, privilege, earlier_end_on=earlier_end_on))
    if stop:
        listed = "\n".join(f"- {f.text} ({f.cite})" for f in stop)
        raise InvalidInput(
            f"Street privilege {privilege.number} cannot be issued yet:\n{listed}",
            field="decision",
        )
    before = snapshot(privilege)
    privilege.status = PrivilegeStatus.ISSUED
    privilege.issued_on = today
    privilege.issued_by_name = action.operator.full_name
    privilege.earlier_end_on = earlier_end_on
    privilege.earlier_end_note = why if earlier_end_on is not None else ""
    privilege.ends_on = last
    if why and earlier_end_on is None:
        privilege.notes = "\n".join(p for p in (privilege.notes, why) if p)
    action.audit(
        "privilege.issue",
        privilege,
        f"Street privilege {privilege.number} issued; in force through {format_day(last)}"
        + (" (earlier termination)" if earlier_end_on is not None else ""),
        before=before,
        after=snapshot(privilege),
    )
    return privilege


def refuse(action: Action, privilege_id: int, *, reason: str) -> StreetPrivilege:
    """The Director of Public Works refuses the permit, with the reason. The fee stays owed:
    the application was received and reviewed."""
    action.require(Permission.APPROVE_WORK_PERMITS)
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    _require_applied(privilege, "it can be refused")
    why = reason.strip()
    if not why:
        raise InvalidInput("State why the permit is refused.", field="reason")
    before = snapshot(privilege)
    privilege.status, privilege.refused_reason = PrivilegeStatus.REFUSED, why
    action.audit(
        "privilege.refuse",
        privilege,
        f"Street privilege {privilege.number} refused: {why}",
        before=before,
        after=snapshot(privilege),
    )
    return privilege


def withdraw(action: Action, privilege_id: int, *, reason: str) -> StreetPrivilege:
    """The applicant withdraws the application before issuance. The permit fee not yet paid is
    cancelled when the operator may cancel amounts due (the Clerk, the Treasurer); otherwise it
    stays open for the Treasurer to cancel, and the history says so."""
    action.require(Permission.TAKE_APPLICATIONS)
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    _require_applied(privilege, "it can be withdrawn")
    why = reason.strip()
    if not why:
        raise InvalidInput("Say who withdrew it and how.", field="reason")
    before = snapshot(privilege)
    privilege.status = PrivilegeStatus.WITHDRAWN
    privilege.notes = "\n".join(p for p in (privilege.notes, f"Withdrawn: {why}") if p)
    unpaid = [
        due
        for due in ledger.dues_for(action.session, _record(privilege))
        if DueStatus(due.status) is DueStatus.OPEN and due.paid == Money.zero()
    ]
    may_cancel = action.operator.may(Permission.CANCEL_DUE)
    action.audit(
        "privilege.withdraw",
        privilege,
        f"Street privilege {privilege.number} withdrawn: {why}"
        + (
            "; the unpaid fee is left for the Treasurer to cancel"
            if unpaid and not may_cancel
            else ""
        ),
        before=before,
        after=snapshot(privilege),
    )
    if may_cancel:
        for due in unpaid:
            ledger.cancel(
                action,
                due.id,
                reason=f"Street privilege {privilege.number} withdrawn before issuance: {why}",
            )
    return privilege


# -- the conditions of occupancy -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ConditionCheck:
    """The latest check of one condition of occupancy (earlier ones are in the history): the
    official who checked it, with the title, and the operator who recorded it."""

    on: date
    by: str
    ok: bool
    note: str = ""
    title: str = ""
    recorded_by: str = ""

    @property
    def official(self) -> str:
        """ "Dana Whitfield, Chief of Police"."""
        return ", ".join(part for part in (self.by, self.title) if part)


def _issued_once(privilege: StreetPrivilege, what: str) -> date:
    """The day of issuance of a permit that was issued (in force, ended, closed or revoked)."""
    if privilege.issued_on is None:
        raise Conflict(
            f"Street privilege {privilege.number} is "
            f"{_status(privilege).label.lower()}: {what} only once a permit is issued."
        )
    return privilege.issued_on


def _official(by_name: str, by_title: str, what: str, cite: str) -> tuple[str, str]:
    """The official's name and title, both required, each one line: the counter records an act
    an official reports (by phone, in writing), and names who did it."""
    name = " ".join(by_name.split())
    if not name:
        raise InvalidInput(f"Name the official who {what}.", field="by_name", cite=cite)
    title = " ".join(by_title.split())
    if not title:
        raise InvalidInput(
            "Give the official's title (e.g. Director of Public Works).",
            field="by_title",
            cite=cite,
        )
    fits(StreetPrivilege.revoked_by_name, name, "The name", field="by_name")
    fits(StreetPrivilege.revoked_by_title, title, "The title", field="by_title")
    return name, title


def record_check(
    action: Action,
    privilege_id: int,
    key: str,
    *,
    ok: bool,
    on: date,
    by_name: str,
    by_title: str,
    note: str = "",
) -> StreetPrivilege:
    """Record an inspection of one condition of occupancy (``key`` of :data:`CONDITIONS`):
    kept or violated on ``on``, by the official named (``by_name``, ``by_title``), as the
    official reported it — the counter records it, and the audit trail names the operator. A
    violation needs a note of what was found; it is grounds for revocation without notice
    (:func:`revoke`)."""
    action.require(Permission.TAKE_APPLICATIONS)
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    issued_on = _issued_once(privilege, "its conditions are checked")
    if key not in CONDITION_KEYS:
        raise InvalidInput(f"There is no condition of occupancy {key!r}.", field="key")
    name, title = _official(by_name, by_title, "checked the condition", CONDITIONS_CITE)
    if on > action.today():
        raise InvalidInput("The check cannot be dated after today.", field="on")
    if on < issued_on:
        raise InvalidInput(
            f"The check cannot come before the permit was issued ({format_day(issued_on)}).",
            field="on",
        )
    text = note.strip()
    if not ok and not text:
        raise InvalidInput(
            "Say what was found in violation of the condition.", field="note", cite=CONDITIONS_CITE
        )
    recorder = action.operator.full_name
    before = snapshot(privilege)
    checks = dict(privilege.checks or {})
    checks[key] = {
        "on": on.isoformat(),
        "by": name,
        "title": title,
        "recorded_by": recorder,
        "ok": ok,
        "note": text,
    }
    privilege.checks = checks
    action.audit(
        "privilege.check",
        privilege,
        f"{CONDITION_TITLES[key]} on {privilege.number}: "
        + ("kept" if ok else f"violated ({text})")
        + f", {format_day(on)}, checked by {name}, {title}; recorded by {recorder}",
        before=before,
        after=snapshot(privilege),
    )
    return privilege


def condition_check(privilege: StreetPrivilege, key: str) -> ConditionCheck | None:
    raw = (privilege.checks or {}).get(key)
    if not raw:
        return None
    return ConditionCheck(
        on=date.fromisoformat(str(raw["on"])),
        by=str(raw.get("by", "")),
        ok=bool(raw.get("ok")),
        note=str(raw.get("note", "")),
        title=str(raw.get("title", "")),
        recorded_by=str(raw.get("recorded_by", "")),
    )


def conditions_checklist(
    privilege: StreetPrivilege,
) -> list[tuple[str, str, str, ConditionCheck | None]]:
    """The five conditions of occupancy, in order, each with its latest check (or None)."""
    return [(key, text, cite, condition_check(privilege, key)) for key, text, cite in CONDITIONS]


def revoke(
    action: Action,
    privilege_id: int,
    *,
    by_name: str,
    by_title: str,
    reason: str,
    on: date,
) -> StreetPrivilege:
    """Record the revocation, without notice, for a violation of the permit's terms and
    conditions, by the Building Inspector, the Chief of Police or the Director of Public Works
    (§ 506-9 (Conditions of occupancy)): who, with what title, why, and on what day. The
    official revokes; the counter records it (a revocation the Chief phones in), and the audit
    trail names the operator who did. It may be dated through the permit's last day. The way
    must then be vacated; :func:`close` records it."""
    action.require(Permission.TAKE_APPLICATIONS)
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    status = _status(privilege)
    if status is not PrivilegeStatus.ISSUED or privilege.issued_on is None:
        raise Conflict(
            f"Street privilege {privilege.number} is {status.label.lower()}: only an issued "
            "permit can be revoked."
        )
    name, title = _official(by_name, by_title, "revoked the permit", CONDITIONS_CITE)
    if title not in REVOKING_TITLES:
        raise InvalidInput(
            "The permit is revoked by the Building Inspector, the Chief of Police or the "
            "Director of Public Works.",
            field="by_title",
            cite=CONDITIONS_CITE,
        )
    why = reason.strip()
    if not why:
        raise InvalidInput(
            "State the violation the permit is revoked for.", field="reason", cite=CONDITIONS_CITE
        )
    if on > action.today():
        raise InvalidInput("The revocation cannot be dated after today.", field="on")
    if on < privilege.issued_on:
        raise InvalidInput(
            f"The revocation cannot come before the permit was issued "
            f"({format_day(privilege.issued_on)}).",
            field="on",
        )
    if privilege.ends_on is not None and on > privilege.ends_on:
        raise InvalidInput(
            f"The permit had already ended ({format_day(privilege.ends_on)}): there is nothing "
            "to revoke. Record the way vacated, or the obstruction's removal, instead.",
            field="on",
            cite=TERMINATION_CITE,
        )
    recorder = action.operator.full_name
    before = snapshot(privilege)
    privilege.status = PrivilegeStatus.REVOKED
    privilege.revoked_on = on
    privilege.revoked_by_name = name
    privilege.revoked_by_title = title
    privilege.revoke_reason = why
    action.audit(
        "privilege.revoke",
        privilege,
        f"Street privilege {privilege.number} revoked without notice {format_day(on)} by "
        f"{name}, {title}: {why}; recorded by {recorder}",
        before=before,
        after=snapshot(privilege),
    )
    return privilege


def close(
    action: Action, privilege_id: int, *, on: date, by_name: str, by_title: str
) -> StreetPrivilege:
    """Record that the way was vacated, cleaned and placed in a safe condition at the end of
    the work (§ 506-9 (Conditions of occupancy)), as the official named found it; the cleanup
    condition is checked kept on that day by that official. The counter records it and the
    audit trail names the operator. An issued permit is closed; a revoked one keeps its status,
    with the day recorded."""
    action.require(Permission.TAKE_APPLICATIONS)
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    status = _status(privilege)
    if status not in (PrivilegeStatus.ISSUED, PrivilegeStatus.REVOKED):
        raise Conflict(
            f"Street privilege {privilege.number} is {status.label.lower()}: only an issued or "
            "revoked permit is closed."
        )
    if privilege.closed_on is not None:
        raise Conflict(
            f"The way under {privilege.number} was recorded vacated "
            f"{format_day(privilege.closed_on)}."
        )
    issued_on = _issued_once(privilege, "it is closed")
    name, title = _official(by_name, by_title, "found the way vacated", CONDITIONS_CITE)
    if on > action.today():
        raise InvalidInput("The day cannot be after today.", field="on")
    if on < issued_on:
        raise InvalidInput(
            f"The day cannot come before the permit was issued ({format_day(issued_on)}).",
            field="on",
        )
    recorder = action.operator.full_name
    before = snapshot(privilege)
    privilege.closed_on = on
    if status is PrivilegeStatus.ISSUED:
        privilege.status = PrivilegeStatus.CLOSED
    checks = dict(privilege.checks or {})
    checks["cleanup"] = {
        "on": on.isoformat(),
        "by": name,
        "title": title,
        "recorded_by": recorder,
        "ok": True,
        "note": "Vacated, cleaned and safe for public travel.",
    }
    privilege.checks = checks
    action.audit(
        "privilege.close",
        privilege,
        f"The way under street privilege {privilege.number} vacated and cleaned {format_day(on)}"
        f", found so by {name}, {title}; recorded by {recorder}",
        before=before,
        after=snapshot(privilege),
    )
    return privilege


# -- removal by the City -----------------------------------------------------------------------


def removal_allowed_at(privilege: StreetPrivilege) -> datetime | None:
    """When the 24 hours after the Council's notice have run (None: no notice recorded)."""
    if privilege.removal_notice_at is None:
        return None
    return privilege.removal_notice_at + REMOVAL_NOTICE


def removal_refusal(
    *,
    number: str,
    sidewalk_used_in: int | None,
    revoked_on: date | None,
    ends_on: date | None,
    day: date,
) -> Conflict | None:
    """Why § 506-9 (Removal by City) does not reach the obstruction under permit ``number`` on
    ``day`` (None: it does). That paragraph is for "any lawfully obstructed sidewalk", charged
    to "the property abutting such obstructed sidewalk": a permit that obstructs no sidewalk is
    removed under § 506-8 (the street or alley paragraph), and an obstruction left on the
    sidewalk once the permit is revoked (from the day of revocation) or ended (after its last
    day) is no longer lawful, and is removed under § 506-8 too. Each answer cites the
    paragraph of § 506-8 that applies instead, and says how it differs: who gives the notice,
    the bill payable in 10 days, the tax roll only 60 days later."""
    if not sidewalk_used_in:
        return Conflict(
            f"Street privilege {number} obstructs no sidewalk: the Council's notice and the "
            "City's removal charged to the abutting property (§ 506-9 (Removal by City)) are "
            "for a lawfully obstructed sidewalk. An obstruction of a street or alley is "
            "removed under § 506-8, after a written notice from the Chief of Police, the "
            "Director of Public Works or the Building Inspector to the owner of the adjoining "
            "premises; the City Administrator then has it removed and the bill is payable in "
            f"10 days, going on the tax roll only when unpaid 60 days ({FAILURE_TO_REMOVE_CITE}).",
            cite=STREET_REMOVAL_CITE,
        )
    if revoked_on is not None and day >= revoked_on:
        gone = f"was revoked {format_day(revoked_on)}"
    elif ends_on is not None and day > ends_on:
        gone = f"ended {format_day(ends_on)}"
    else:
        return None
    return Conflict(
        f"Street privilege {number} {gone}: what is left on the sidewalk from "
        f"{format_day(day)} is no longer lawfully there, and § 506-9 (Removal by City) reaches "
        "only a lawfully obstructed sidewalk. A City enforcement official's written notice to "
        "the owner or occupant of the adjoining premises directs its removal within 24 hours "
        "under § 506-8; the City Administrator then has it removed and the bill is payable in "
        f"10 days, going on the tax roll only when unpaid 60 days ({FAILURE_TO_REMOVE_CITE}).",
        cite=SIDEWALK_REMOVAL_CITE,
    )


def _removal_refusal(privilege: StreetPrivilege, day: date) -> Conflict | None:
    return removal_refusal(
        number=privilege.number,
        sidewalk_used_in=privilege.sidewalk_used_in,
        revoked_on=privilege.revoked_on,
        ends_on=privilege.ends_on,
        day=day,
    )


def record_removal_notice(
    action: Action, privilege_id: int, *, at: datetime, to: str
) -> StreetPrivilege:
    """Record the Common Council's notice to the owner or occupant of the premises adjoining
    the lawfully obstructed sidewalk to remove the obstruction (§ 506-9 (Removal by City)); the
    City may remove it 24 hours after. Refused, citing § 506-8, for a permit that obstructs no
    sidewalk and for a notice given once the permit was revoked or had ended
    (:func:`removal_refusal`)."""
    action.require(Permission.TAKE_APPLICATIONS)
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    issued_on = _issued_once(privilege, "a notice to remove is recorded")
    if privilege.closed_on is not None or privilege.removed_by_city_on is not None:
        raise Conflict(f"The way under {privilege.number} is already clear.")
    if not privilege.sidewalk_used_in:
        refused = _removal_refusal(privilege, action.today())
        assert refused is not None
        raise refused
    if at.tzinfo is None:
        raise InvalidInput("Give the time with its time zone.", field="at")
    if at > action.now():
        raise InvalidInput("The notice cannot be later than now.", field="at")
    zone = action.clock.local_now().tzinfo
    day = at.astimezone(zone).date()
    if day < issued_on:
        raise InvalidInput(
            f"The notice cannot come before the permit was issued ({format_day(issued_on)}).",
            field="at",
        )
    unlawful = _removal_refusal(privilege, day)
    if unlawful is not None:
        raise unlawful
    whom = " ".join(to.split())
    if not whom:
        raise InvalidInput(
            "Name the owner or occupant the notice went to.", field="to", cite=REMOVAL_CITE
        )
    before = snapshot(privilege)
    privilege.removal_notice_at = at
    privilege.removal_notice_to = fits(
        StreetPrivilege.removal_notice_to, whom, "The name", field="to"
    )
    action.audit(
        "privilege.removal_notice",
        privilege,
        f"Council's 24 hours' notice to remove the obstruction under {privilege.number} "
        f"given to {whom}",
        before=before,
        after=snapshot(privilege),
    )
    return privilege


def removal_barred(privilege: StreetPrivilege, zone: tzinfo) -> Conflict | None:
    """Why the City's removal under § 506-9 (Removal by City) cannot be recorded for this
    permit whatever the day (None: it may, once the notice's 24 hours have run): it obstructs
    no sidewalk, or the notice recorded was given once the obstruction was no longer lawful
    (``zone``: City Hall's, whose calendar day the notice is read on)."""
    if not privilege.sidewalk_used_in:
        return _removal_refusal(privilege, date.max)
    if privilege.removal_notice_at is not None:
        return _removal_refusal(privilege, privilege.removal_notice_at.astimezone(zone).date())
    return None


def record_city_removal(
    action: Action,
    privilege_id: int,
    *,
    on: date,
    cost: Money,
    description: str = "",
    delivered_how: str = "mailed",
) -> SpecialCharge:
    """The City removed the obstruction, the 24 hours after the Council's notice having run:
    its cost is charged against the property abutting the obstructed sidewalk, a special
    charge billed to its owner the day of the removal (``delivered_how``), for the City
    Treasurer to enter on the next annual tax roll (§ 506-9 (Removal by City);
    :data:`clerk_desk.special_charges.service.CLOCKS`). Refused, citing § 506-8, for a permit that
    obstructs no sidewalk or a notice given once the obstruction was no longer lawful
    (:func:`removal_barred`); refused before the 24 hours have run, and when no abutting parcel
    with an owner is recorded (:func:`record_parcel`)."""
    action.require(Permission.BILL)
    session = action.session
    privilege = get_privilege(session, privilege_id, for_update=True)
    _issued_once(privilege, "the City's removal is recorded")
    if privilege.removed_by_city_on is not None:
        raise Conflict(
            f"The City's removal under {privilege.number} was recorded "
            f"{format_day(privilege.removed_by_city_on)}; bill further costs as City costs."
        )
    zone = action.clock.local_now().tzinfo
    assert zone is not None
    barred = removal_barred(privilege, zone)
    if barred is not None:
        raise barred
    allowed = removal_allowed_at(privilege)
    if allowed is None:
        raise Conflict(
            "No notice from the Common Council to remove the obstruction is recorded: the City "
            "removes it 24 hours after that notice.",
            cite=REMOVAL_CITE,
        )
    local = allowed.astimezone(zone)
    if action.now() < allowed:
        raise InvalidInput(
            f"The 24 hours after the Council's notice run until {format_day(local.date())} "
            f"{clock_time(local)}: the "
            "owner or occupant may still remove the obstruction.",
            field="on",
            cite=REMOVAL_CITE,
        )
    if on > action.today():
        raise InvalidInput("The removal cannot be dated after today.", field="on")
    if on < local.date():
        raise InvalidInput(
            f"The City may remove the obstruction only once the 24 hours have run "
            f"({format_day(local.date())}).",
            field="on",
            cite=REMOVAL_CITE,
        )
    if cost <= Money.zero():
        raise InvalidInput("Enter the cost of the removal.", field="cost")
    parcel = session.get(Parcel, privilege.parcel_id) if privilege.parcel_id else None
    if parcel is None:
        raise InvalidInput(
            "No abutting property is recorded on this permit: record the parcel the obstructed "
            "sidewalk abuts, then charge the removal against it.",
            field="parcel",
            cite=REMOVAL_CITE,
        )
    if parcel.owner_id is None:
        raise InvalidInput(
            f"Parcel {parcel.parcel_number} has no owner recorded: record its owner in People "
            "& Parcels, then charge the removal.",
            field="parcel",
            cite=REMOVAL_CITE,
        )
    what = " ".join(description.split())
    before = snapshot(privilege)
    privilege.removed_by_city_on = on
    charge = sc.create_charge(
        action,
        sc.ChargeData(
            kind=ChargeKind.PRIVILEGE_REMOVAL,
            billed_party_id=parcel.owner_id,
            work=f"Obstruction under street privilege {privilege.number} removed by the City "
            f"from {privilege.location}" + (f": {what}" if what else ""),
            work_done_on=on,
            lines=[sc.LineData("other", "Removal of the obstruction by the City", cost)],
            parcel_id=parcel.id,
            billed_as="owner",
            record_type=RECORD_TYPE,
            record_id=str(privilege.id),
        ),
        sc.BillData(bill_on=on, delivered_how=delivered_how),
    )
    action.audit(
        "privilege.city_removal",
        privilege,
        f"Obstruction under {privilege.number} removed by the City {format_day(on)}; {cost} "
        f"charged against parcel {parcel.parcel_number} ({charge.number})",
        before=before,
        after=snapshot(privilege),
    )
    return charge


# -- status ------------------------------------------------------------------------------------


def is_in_force(privilege: StreetPrivilege, day: date) -> bool:
    """Whether the permit allows the obstruction on ``day``: issued, from the day of issuance
    through its last day, and not revoked on or before ``day`` (revocation takes effect at once)
    nor closed before it."""
    if privilege.issued_on is None or privilege.ends_on is None:
        return False
    if _status(privilege) in (PrivilegeStatus.REFUSED, PrivilegeStatus.WITHDRAWN):
        return False
    if not privilege.issued_on <= day <= privilege.ends_on:
        return False
    if privilege.revoked_on is not None and day >= privilege.revoked_on:
        return False
    return not (privilege.closed_on is not None and day > privilege.closed_on)


def short_day(day: date) -> str:
    """ "Feb 28, 2027"."""
    return format_day(day).split(" ", 1)[1]


def display_status(privilege: StreetPrivilege, today: date) -> str:
    """The status as the register shows it: an issued permit past its last day has ended by
    itself ("Ended Feb 28, 2027"); one whose obstruction the City removed after the Council's
    notice says so ("Removed by the City Mar 9, 2027")."""
    status = _status(privilege)
    if status is PrivilegeStatus.ISSUED and privilege.removed_by_city_on is not None:
        return f"Removed by the City {short_day(privilege.removed_by_city_on)}"
    if status is PrivilegeStatus.ISSUED and privilege.ends_on and today > privilege.ends_on:
        return f"Ended {short_day(privilege.ends_on)}"
    return status.label


def needs_vacating(privilege: StreetPrivilege, today: date) -> bool:
    """An ended or revoked permit whose way is not yet recorded vacated (or removed)."""
    if privilege.closed_on is not None or privilege.removed_by_city_on is not None:
        return False
    status = _status(privilege)
    if status is PrivilegeStatus.REVOKED:
        return True
    return (
        status is PrivilegeStatus.ISSUED
        and privilege.ends_on is not None
        and today > privilege.ends_on
    )


# -- registers, history, the Today tab -----------------------------------------------------------


def register_options() -> tuple[LoaderOption, ...]:
    """What the register and its export read of each permit, loaded with it."""
    return (
        selectinload(StreetPrivilege.applicant),
        selectinload(StreetPrivilege.street),
        selectinload(StreetPrivilege.parcel).selectinload(Parcel.owner),
    )


def search_privileges(
    session: Session,
    text: str = "",
    status: PrivilegeStatus | None = None,
    year: int | None = None,
    *,
    limit: int = SEARCH_LIMIT,
) -> list[StreetPrivilege]:
    """Permits whose number, applicant, location, street, parcel, description or building
    permit hold every word typed, newest first."""
    query = select(StreetPrivilege)
    for word in fold(text).split():
        query = query.where(StreetPrivilege.search_text.contains(word, autoescape=True))
    if status is not None:
        query = query.where(StreetPrivilege.status == PrivilegeStatus(status))
    if year is not None:
        query = query.where(StreetPrivilege.year == year)
    query = query.options(*register_options()).order_by(
        StreetPrivilege.applied_at.desc(), StreetPrivilege.id.desc()
    )
    return list(session.scalars(query.limit(limit)))


def history(
    session: Session, privilege_id: int, *, zone: tzinfo | None = None
) -> list[HistoryEntry]:
    """Every step of the permit, oldest first: its audit entries, those of its amounts due
    (billed, paid, cancelled) and those of the special charge for the City's removal (billed,
    certified to the tax roll), whether or not the permit had a fee: the one reader
    (:func:`clerk_desk.history.history`) finds the charges filed against the permit itself."""
    return records_history(session, RecordRef(RECORD_TYPE, str(privilege_id)), zone=zone)


def register_years(session: Session) -> list[int]:
    """The years the register holds, latest first."""
    return list(
        session.scalars(
            select(StreetPrivilege.year).distinct().order_by(StreetPrivilege.year.desc())
        )
    )


_WAITING_FOR = {
    "bond": "the bond",
    "insurance": "proof of insurance",
    "fee": "the permit fee",
}


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@provider("street_privileges")
def _due(action: Action) -> list[TodayItem]:
    """Permits ending within 14 days; ended or revoked ones whose way is not yet vacated; the
    Council's notices whose 24 hours have run; applications waiting for their fee, bond or
    insurance."""
    session, today, now = action.session, action.today(), action.now()
    rows = session.scalars(
        select(StreetPrivilege)
        .where(
            StreetPrivilege.status.in_(
                (PrivilegeStatus.APPLIED, PrivilegeStatus.ISSUED, PrivilegeStatus.REVOKED)
            )
        )
        .options(selectinload(StreetPrivilege.applicant))
        .order_by(StreetPrivilege.applied_at, StreetPrivilege.id)
    ).all()
    zone = action.clock.local_now().tzinfo
    items: list[TodayItem] = []
    for privilege in rows:
        ref = {"record_type": RECORD_TYPE, "record_id": str(privilege.id)}
        who = f"{privilege.applicant.name}, {privilege.location}"
        status = _status(privilege)
        if status is PrivilegeStatus.APPLIED:
            unmet = [
                item
                for item in checklist(action, privilege)
                if not item.met and item.key in _WAITING_FOR
            ]
            if unmet:
                words = [
                    "the Director's bond amount"
                    if item.key == "bond" and privilege.bond_amount is None
                    else _WAITING_FOR[item.key]
                    for item in unmet
                ]
                items.append(
                    TodayItem(
                        WORKFLOW,
                        None,
                        f"Application {privilege.number} waits for {_and(words)}",
                        who,
                        unmet[0].cite,
                        **ref,
                    )
                )
            continue
        last = privilege.ends_on
        clear = privilege.closed_on is not None or privilege.removed_by_city_on is not None
        if needs_vacating(privilege, today):
            due = privilege.revoked_on if status is PrivilegeStatus.REVOKED else last
            word = (
                f"revoked {format_day(privilege.revoked_on)}"
                if status is PrivilegeStatus.REVOKED and privilege.revoked_on
                else f"ended {format_day(last)}"
                if last
                else "ended"
            )
            items.append(
                TodayItem(
                    WORKFLOW,
                    due,
                    f"Permit {privilege.number} {word}: the way must be vacated and cleaned",
                    who,
                    CONDITIONS_CITE,
                    **ref,
                )
            )
        elif (
            status is PrivilegeStatus.ISSUED
            and not clear
            and last is not None
            and today <= last <= today + timedelta(days=EXPIRY_WARNING_DAYS)
        ):
            items.append(
                TodayItem(
                    WORKFLOW,
                    last,
                    f"Permit {privilege.number} ends {format_day(last)}",
                    who,
                    TERMINATION_CITE,
                    **ref,
                )
            )
        allowed = removal_allowed_at(privilege)
        if allowed is not None and not clear and now >= allowed:
            items.append(
                TodayItem(
                    WORKFLOW,
                    allowed.astimezone(zone).date(),
                    f"24 hours' notice to remove under {privilege.number} has run: the City may "
                    "remove the obstruction",
                    privilege.removal_notice_to,
                    REMOVAL_CITE,
                    **ref,
                )
            )
    return items
