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

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta, tzinfo
from functools import partial
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.interfaces import LoaderOption

from clerk_desk import ledger
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput, NotFound, Refusals
from clerk_desk.fees import fee_on
from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import (
    DueKind,
    DueStatus,
    PrivilegePurpose,
    PrivilegeStatus,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_length
from clerk_desk.models import Parcel, Street, StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.parties import get_party
from clerk_desk.permissions import Permission
from clerk_desk.street_privileges import acts as sp_acts
from clerk_desk.street_privileges.records import (
    get_privilege,
    joined,
    record_of,
    status_of,
)
from clerk_desk.street_privileges.removal import removal_allowed_at
from clerk_desk.street_privileges.review import blocking_items, checklist
from clerk_desk.street_privileges.rules import (
    ADVISER_TITLES,
    ADVISERS,
    BOND_CITE,
    BOND_LIMIT,
    CONDITIONS_CITE,
    EXPIRY_WARNING_DAYS,
    FEE_CITE,
    FEE_CODE,
    MAX_WIDTH_IN,
    NUMBER_SERIES,
    RECORD_TYPE,
    REMOVAL_CITE,
    SEARCH_LIMIT,
    TERMINATION_CITE,
    WHEN_REQUIRED_CITE,
    WORKFLOW,
    ends_on,
    short_day,
    three_months_from,
)
from clerk_desk.text_search import fold, words_match
from clerk_desk.today import TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import format_day

# The building materials exception of § 506-8: cited by the paragraph's own heading, which the
# ordinance viewer opens (the text lost its subsection letters).
# What § 506-8 provides for an obstruction § 506-9 (Removal by City) does not reach: one in a
# street or alley, or one on a sidewalk no longer lawful (the permit revoked or ended).


# -- the term ----------------------------------------------------------------------------------


# -- the widths (§ 506-9 (Conditions of occupancy), § 506-8 (Exceptions)) -------------------------


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


def _purpose(data: PrivilegeData) -> PrivilegePurpose:
    try:
        return PrivilegePurpose(data.purpose)
    except ValueError:
        raise InvalidInput(
            "Choose the purpose: moving a building or structure, or construction or "
            "demolition materials.",
            field="purpose",
            cite=WHEN_REQUIRED_CITE,
        ) from None


def _refuse_widths(data: PrivilegeData) -> None:
    """Every width refused at once (issue 19); a width used is weighed against the street's
    or sidewalk's only when neither was refused."""
    found = Refusals()
    refused = set()
    for field, (label, positive) in _WIDTH_LABELS.items():
        value = getattr(data, field)
        if value is None:
            continue
        if value < 0 or (positive and value == 0):
            found.refuse(InvalidInput(f"{label} must be more than 0.", field=field))
            refused.add(field)
        elif value > MAX_WIDTH_IN:
            found.refuse(
                InvalidInput(f"{label} is more than {format_length(MAX_WIDTH_IN)}.", field=field)
            )
            refused.add(field)
    for used, width, label in (
        ("street_used_in", "street_width_in", "street"),
        ("sidewalk_used_in", "sidewalk_width_in", "sidewalk"),
    ):
        u, w = getattr(data, used), getattr(data, width)
        if refused & {used, width} or u is None or w is None or u <= w:
            continue
        found.refuse(
            InvalidInput(
                f"The {label} used ({format_length(u)}) is more than the {label}'s width "
                f"({format_length(w)}).",
                field=used,
            )
        )
    found.raise_any()


def _clean(session: Session, data: PrivilegeData) -> dict[str, object]:
    get_party(session, data.applicant_id)
    if data.street_id is not None and session.get(Street, data.street_id) is None:
        raise NotFound(f"There is no street number {data.street_id}.")
    if data.parcel_id is not None and session.get(Parcel, data.parcel_id) is None:
        raise NotFound(f"There is no parcel number {data.parcel_id}.")
    found = Refusals()  # every refusal of the application at once (issue 19)
    purpose = found.check(partial(_purpose, data))
    location = " ".join(data.location.split())
    if not location:
        found.refuse(InvalidInput("Enter where the street or sidewalk is used.", field="location"))
    found.check(partial(fits, StreetPrivilege.location, location, "The location", field="location"))
    permit_number = " ".join(data.building_permit_number.split())
    found.check(
        partial(
            fits,
            StreetPrivilege.building_permit_number,
            permit_number,
            "The building permit number",
            field="building_permit_number",
        )
    )
    if data.planned_start and data.planned_end and data.planned_end < data.planned_start:
        found.refuse(InvalidInput("The work cannot end before it starts.", field="planned_end"))
    found.check(partial(_refuse_widths, data))
    found.raise_any()
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


def receive_application(action: Action, data: PrivilegeData) -> int:
    """Take an application at the counter: number it and bill the permit fee of the City's fee
    schedule in force on the day of application (§ 506-9 (Fee)); the new permit's id."""
    sp_acts.allow_new(action, sp_acts.RegisterAct.NEW_APPLICATION)
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
        record=record_of(privilege),
        kind=DueKind.FEE,
        amount=fee.amount,
        fee_item=fee,
        cite=FEE_CITE,
        description=f"Street privilege permit {privilege.number}",
    )
    return privilege.id


def correct_application(action: Action, privilege_id: int, data: PrivilegeData) -> int:
    """Correct the application before the permit is issued (the earlier version stays in the
    audit trail). The applicant, who owes the fee, cannot change: take a new application."""
    session = action.session
    privilege = get_privilege(session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.CORRECT, privilege)
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
    return privilege.id


def record_parcel(action: Action, privilege_id: int, parcel_id: int | None) -> int:
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
    return privilege.id


def record_advice(
    action: Action,
    privilege_id: int,
    *,
    who: Literal["police", "inspector"],
    advice: str,
    on: date,
) -> int:
    """Record the advisory recommendation the Director asked of the Chief of Police
    (``"police"``) or the Building Inspector (``"inspector"``) before issuance (§ 506-9 (When
    required)). A later recommendation from the same official replaces the earlier one (which
    the audit trail keeps)."""
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.ADVICE, privilege)
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
    return privilege.id


def set_terms(
    action: Action,
    privilege_id: int,
    *,
    bond_amount: Money | None,
    insurance_required: bool,
    insurance_minimums: Mapping[CoverageKind, Money],
    conditions: str,
) -> int:
    """The Director of Public Works sets the bond (more than $0, not exceeding $10,000, § 506-9
    (Bond); None while undecided, which holds the permit back), whether proof of liability
    insurance is a condition and in what amounts, and the conditions City officials attach (one
    a line) (§ 506-9 (When required))."""
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.TERMS, privilege)
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
    return privilege.id


def extra_conditions(privilege: StreetPrivilege) -> list[str]:
    """The conditions City officials attached, one a line."""
    return [line.strip() for line in privilege.conditions.splitlines() if line.strip()]


def bill_city_costs(action: Action, privilege_id: int, *, amount: Money, description: str) -> int:
    """Bill the applicant the actual City costs of the permit, on top of the fee (§ 506-9
    (Fee)); posted to the GL account of the permit fee. They do not hold the permit back. A
    refused or withdrawn application is not charged: there is no permit to add costs to."""
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.CITY_COSTS, privilege)
    what = " ".join(description.split())
    if not what:
        raise InvalidInput("Describe the City's costs.", field="description")
    if amount <= Money.zero():
        raise InvalidInput("The amount must be more than $0.00.", field="amount")
    fee = fee_on(action.session, FEE_CODE, action.today())
    due = ledger.bill(
        action,
        party_id=privilege.applicant_id,
        record=record_of(privilege),
        kind=DueKind.CITY_EXPENSES,
        amount=amount,
        gl_account=fee.gl_account,
        cite=FEE_CITE,
        description=f"Street privilege {privilege.number}: actual City costs, {what}",
    )
    return due.id


# -- the review before issuance ----------------------------------------------------------------


# -- decisions ---------------------------------------------------------------------------------


def issue(
    action: Action, privilege_id: int, *, earlier_end_on: date | None = None, note: str = ""
) -> int:
    """Issue the permit today (the Director of Public Works): refused, with every blocking item
    listed, until the checklist is met. It ends three months from today, or on
    ``earlier_end_on`` when the Common Council set an earlier day (``note`` then names the
    Council's action; it is printed on the permit) (§ 506-9 (Termination))."""
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.ISSUE, privilege)
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
    return privilege.id


def refuse(action: Action, privilege_id: int, *, reason: str) -> int:
    """The Director of Public Works refuses the permit, with the reason. The fee stays owed:
    the application was received and reviewed."""
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.REFUSE, privilege)
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
    return privilege.id


def withdraw(action: Action, privilege_id: int, *, reason: str) -> int:
    """The applicant withdraws the application before issuance. The permit fee not yet paid is
    cancelled when the operator may cancel amounts due (the Clerk, the Treasurer); otherwise it
    stays open for the Treasurer to cancel, and the history says so."""
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.WITHDRAW, privilege)
    why = reason.strip()
    if not why:
        raise InvalidInput("Say who withdrew it and how.", field="reason")
    before = snapshot(privilege)
    privilege.status = PrivilegeStatus.WITHDRAWN
    privilege.notes = "\n".join(p for p in (privilege.notes, f"Withdrawn: {why}") if p)
    unpaid = [
        due
        for due in ledger.dues_for(action.session, record_of(privilege))
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
    return privilege.id


# -- the conditions of occupancy -----------------------------------------------------------------


# -- removal by the City -----------------------------------------------------------------------


# -- status ------------------------------------------------------------------------------------


def is_in_force(privilege: StreetPrivilege, day: date) -> bool:
    """Whether the permit allows the obstruction on ``day``: issued, from the day of issuance
    through its last day, and not revoked on or before ``day`` (revocation takes effect at once)
    nor closed before it."""
    if privilege.issued_on is None or privilege.ends_on is None:
        return False
    if status_of(privilege) in (PrivilegeStatus.REFUSED, PrivilegeStatus.WITHDRAWN):
        return False
    if not privilege.issued_on <= day <= privilege.ends_on:
        return False
    if privilege.revoked_on is not None and day >= privilege.revoked_on:
        return False
    return not (privilege.closed_on is not None and day > privilege.closed_on)


def display_status(privilege: StreetPrivilege, today: date) -> str:
    """The status as the register shows it: an issued permit past its last day has ended by
    itself ("Ended Feb 28, 2027"); one whose obstruction the City removed after the Council's
    notice says so ("Removed by the City Mar 9, 2027")."""
    status = status_of(privilege)
    if status is PrivilegeStatus.ISSUED and privilege.removed_by_city_on is not None:
        return f"Removed by the City {short_day(privilege.removed_by_city_on)}"
    if status is PrivilegeStatus.ISSUED and privilege.ends_on and today > privilege.ends_on:
        return f"Ended {short_day(privilege.ends_on)}"
    return status.label


def needs_vacating(privilege: StreetPrivilege, today: date) -> bool:
    """An ended or revoked permit whose way is not yet recorded vacated (or removed)."""
    if privilege.closed_on is not None or privilege.removed_by_city_on is not None:
        return False
    status = status_of(privilege)
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
    query = query.where(*words_match(session, StreetPrivilege.search_text, text))
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


@provider("street_privileges")
def _due(action: Action) -> list[TodayItem]:
    """Permits ending within 14 days; ended or revoked ones whose way is not yet vacated; the
    Council's notices whose 24 hours have run; applications waiting for their fee, bond or
    insurance."""
    rows = action.session.scalars(
        select(StreetPrivilege)
        .where(
            StreetPrivilege.status.in_(
                (PrivilegeStatus.APPLIED, PrivilegeStatus.ISSUED, PrivilegeStatus.REVOKED)
            )
        )
        .options(selectinload(StreetPrivilege.applicant))
        .order_by(StreetPrivilege.applied_at, StreetPrivilege.id)
    ).all()
    items: list[TodayItem] = []
    for privilege in rows:
        if status_of(privilege) is PrivilegeStatus.APPLIED:
            found = [_waiting_item(action, privilege)]
        else:
            found = [_vacate_or_end_item(action, privilege), _removal_item(action, privilege)]
        items.extend(item for item in found if item is not None)
    return items


def _today_item(
    privilege: StreetPrivilege, due: date | None, title: str, cite: str, who: str | None = None
) -> TodayItem:
    """One line of the Today tab about ``privilege`` (by default naming its applicant and way)."""
    return TodayItem(
        WORKFLOW,
        due,
        title,
        f"{privilege.applicant.name}, {privilege.location}" if who is None else who,
        cite,
        record_type=RECORD_TYPE,
        record_id=str(privilege.id),
    )


def _waiting_item(action: Action, privilege: StreetPrivilege) -> TodayItem | None:
    """An application waiting for its fee, bond or insurance."""
    unmet = [
        item for item in checklist(action, privilege) if not item.met and item.key in _WAITING_FOR
    ]
    if not unmet:
        return None
    words = [
        "the Director's bond amount"
        if item.key == "bond" and privilege.bond_amount is None
        else _WAITING_FOR[item.key]
        for item in unmet
    ]
    title = f"Application {privilege.number} waits for {joined(words)}"
    return _today_item(privilege, None, title, unmet[0].cite)


def _cleared(privilege: StreetPrivilege) -> bool:
    """The way is clear: the permit was closed, or the City removed the obstruction."""
    return privilege.closed_on is not None or privilege.removed_by_city_on is not None


def _vacate_or_end_item(action: Action, privilege: StreetPrivilege) -> TodayItem | None:
    """An ended or revoked permit whose way is not vacated, or an issued one ending soon."""
    today, status, last = action.today(), status_of(privilege), privilege.ends_on
    if needs_vacating(privilege, today):
        due = privilege.revoked_on if status is PrivilegeStatus.REVOKED else last
        word = (
            f"revoked {format_day(privilege.revoked_on)}"
            if status is PrivilegeStatus.REVOKED and privilege.revoked_on
            else f"ended {format_day(last)}"
            if last
            else "ended"
        )
        title = f"Permit {privilege.number} {word}: the way must be vacated and cleaned"
        return _today_item(privilege, due, title, CONDITIONS_CITE)
    if (
        status is PrivilegeStatus.ISSUED
        and not _cleared(privilege)
        and last is not None
        and today <= last <= today + timedelta(days=EXPIRY_WARNING_DAYS)
    ):
        title = f"Permit {privilege.number} ends {format_day(last)}"
        return _today_item(privilege, last, title, TERMINATION_CITE)
    return None


def _removal_item(action: Action, privilege: StreetPrivilege) -> TodayItem | None:
    """The Council's notice to remove whose 24 hours have run (the City may remove it)."""
    allowed = removal_allowed_at(privilege, action.calendar)
    if allowed is None or _cleared(privilege) or action.now() < allowed:
        return None
    zone = action.clock.local_now().tzinfo
    title = (
        f"24 hours' notice to remove under {privilege.number} has run: the City may "
        "remove the obstruction"
    )
    return _today_item(
        privilege, allowed.astimezone(zone).date(), title, REMOVAL_CITE, privilege.removal_notice_to
    )
