"""The City's removal of an obstruction under a street privilege (§ 506-9 (Removal by City)):
the Council's notice, the 24 hours the owner or occupant has, and the removal charged to the
abutting property as a special charge."""

from __future__ import annotations

from datetime import date, datetime, tzinfo

from sqlalchemy.orm import Session

from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput
from clerk_desk.kinds import (
    ChargeKind,
)
from clerk_desk.models import Parcel, StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.special_charges import service as sc
from clerk_desk.street_privileges import acts as sp_acts
from clerk_desk.street_privileges.records import get_privilege, issued_once
from clerk_desk.street_privileges.rules import (
    FAILURE_TO_REMOVE_CITE,
    RECORD_TYPE,
    REMOVAL_CITE,
    SIDEWALK_REMOVAL_CITE,
    STREET_REMOVAL_CITE,
    removal_allowed_from,
)
from clerk_desk.validation import fits
from clerk_desk.words import clock_time, format_day


def removal_allowed_at(privilege: StreetPrivilege, calendar: CityCalendar) -> datetime | None:
    """When the 24 hours after the Council's notice have run, Sundays and legal holidays not
    counted (None: no notice recorded)."""
    if privilege.removal_notice_at is None:
        return None
    return removal_allowed_from(privilege.removal_notice_at, calendar)


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


def record_removal_notice(action: Action, privilege_id: int, *, at: datetime, to: str) -> int:
    """Record the Common Council's notice to the owner or occupant of the premises adjoining
    the lawfully obstructed sidewalk to remove the obstruction (§ 506-9 (Removal by City)); the
    City may remove it 24 hours after. Refused, citing § 506-8, for a permit that obstructs no
    sidewalk and for a notice given once the permit was revoked or had ended
    (:func:`removal_refusal`)."""
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.REMOVAL_NOTICE, privilege)
    issued_on = issued_once(privilege, "a notice to remove is recorded")
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
    return privilege.id


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
) -> int:
    """The City removed the obstruction, the 24 hours after the Council's notice having run:
    its cost is charged against the property abutting the obstructed sidewalk, a special
    charge billed to its owner the day of the removal (``delivered_how``), for the City
    Treasurer to enter on the next annual tax roll (§ 506-9 (Removal by City);
    :data:`clerk_desk.special_charges.rules.CLOCKS`). Refused, citing § 506-8, for a permit that
    obstructs no sidewalk or a notice given once the obstruction was no longer lawful
    (:func:`removal_barred`); refused before the 24 hours have run, and when no abutting parcel
    with an owner is recorded (:func:`record_parcel`)."""
    session = action.session
    privilege = get_privilege(session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.CITY_REMOVAL, privilege)
    _check_removal_day(action, privilege, on)
    if cost <= Money.zero():
        raise InvalidInput("Enter the cost of the removal.", field="cost")
    parcel = _abutting_parcel_with_owner(session, privilege)
    assert parcel.owner_id is not None  # refused above when no owner is recorded
    what = " ".join(description.split())
    before = snapshot(privilege)
    privilege.removed_by_city_on = on
    charge_id = sc.create_charge(
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
        f"charged against parcel {parcel.parcel_number} "
        f"({sc.get_charge(action.session, charge_id).number})",
        before=before,
        after=snapshot(privilege),
    )
    return charge_id


def _check_removal_day(action: Action, privilege: StreetPrivilege, on: date) -> None:
    """§ 506-9 (Removal by City): the City removes only once the notice's 24 hours have run,
    and the removal is dated no later than today."""
    allowed = removal_allowed_at(privilege, action.calendar)
    assert allowed is not None  # the act's guard: a notice is recorded
    local = allowed.astimezone(action.zone)
    if action.now() < allowed:
        raise InvalidInput(
            f"The 24 hours after the Council's notice run until {format_day(local.date())} "
            f"{clock_time(local)} (Sundays and legal holidays are not counted, Wis. Stat. "
            "§ 990.001(4)(a)): the owner or occupant may still remove the obstruction.",
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


def _abutting_parcel_with_owner(session: Session, privilege: StreetPrivilege) -> Parcel:
    """§ 506-9 (Removal by City): the cost is charged against the abutting property, to its
    owner; both must be recorded."""
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
    return parcel
