"""The Building Inspector's acts on an official number (§ 506-16): assigning it, altering it
with the reason (never silently overwritten), retiring it, and the letter to the owner mailed.
Each returns the id of the address it wrote.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk.acting import refuse
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding, blocking
from clerk_desk.kinds import AddressStatus, BuildingKind, Compass
from clerk_desk.models import Address, AddressChange, Parcel, Party
from clerk_desk.parties import get_parcel, get_party, parcel_search_text
from clerk_desk.street_numbers import acts
from clerk_desk.street_numbers.addresses import address_search_text, address_text, get_address
from clerk_desk.street_numbers.checking import Proposal, check_number, check_position, check_side
from clerk_desk.street_numbers.rules import (
    ALTER_CITE,
    MAX_NUMBER,
)
from clerk_desk.street_numbers.streets import lock_street
from clerk_desk.text_search import fold
from clerk_desk.validation import fits, max_length

# -- assigning, altering, retiring ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AssignmentData:
    street_id: int
    number: int
    parcel_id: int
    side: Compass
    building_kind: BuildingKind = BuildingKind.PRINCIPAL
    unit: str = ""
    position_ft: int | None = None
    owner_id: int | None = None  # the parcel's owner when not given
    notes: str = ""
    accept_warnings: bool = False  # the Building Inspector has read the warnings
    # The official who assigned the number, when the counter records it for the Inspector
    # ("Pat Kowalski, Building Inspector"); blank: the operator assigns it.
    assigned_by: str = ""


def _judge(session: Session, proposal: Proposal, *, accept_warnings: bool) -> list[Finding]:
    """Refuse a proposal the map blocks, or one with warnings the Inspector has not accepted."""
    if not 1 <= proposal.number <= MAX_NUMBER:
        raise InvalidInput(
            f"A street number is a whole number from 1 to {MAX_NUMBER:,}.", field="number"
        )
    found = check_number(session, proposal)
    stop = blocking(found)
    if stop:
        raise InvalidInput(stop[0].text, field="number", cite=stop[0].cite)
    warnings = [f for f in found if f.level == "warn"]
    if warnings and not accept_warnings:
        raise InvalidInput(
            " ".join(f.text for f in warnings)
            + " The Building Inspector may accept this and assign it anyway.",
            field="number",
            cite=warnings[0].cite,
        )
    return found


def _record_change(
    action: Action, address: Address, what: str, old: str, new: str, reason: str
) -> None:
    """One line of the address's history. A value longer than the history's old and new columns
    hold (notes are unlimited) is never cut: both values go, in full, after the reason."""
    limit = max_length(AddressChange.old_value) or len(old) + len(new)
    if len(old) > limit or len(new) > limit:
        was = f"\u201c{old}\u201d" if old else "blank"
        now = f"\u201c{new}\u201d" if new else "blank"
        full = f"{_title(what)} before: {was}; after: {now}."
        reason = f"{reason.rstrip('.')}. {full}" if reason else full
        old = new = ""
    action.session.add(
        AddressChange(
            address_id=address.id,
            at=action.now(),
            operator_id=action.operator.id or None,
            operator_name=action.operator.full_name,
            what=what,
            old_value=old,
            new_value=new,
            reason=reason,
        )
    )


def _title(text: str) -> str:
    return text[:1].upper() + text[1:]


def assign_number(action: Action, data: AssignmentData) -> int:
    """Record the official number the Building Inspector assigns (§ 506-16): the Inspector's
    own, or one the Clerk records for the Inspector, naming the official (``assigned_by``); the
    history and the audit trail keep both who assigned it and who recorded it."""
    official = " ".join(data.assigned_by.split())
    refuse(acts.assignment_refusal(action, official))
    assigned_by = _assigned_by(action, official)
    session = action.session
    street = lock_street(session, data.street_id)
    parcel = get_parcel(session, data.parcel_id)
    owner_id = data.owner_id if data.owner_id is not None else parcel.owner_id
    if owner_id is not None:
        get_party(session, owner_id)
    unit = fits(Address.unit, " ".join(data.unit.split()), "The unit")
    check_position(data.position_ft)
    proposal = Proposal(
        street.id, data.number, parcel.id, data.side, data.building_kind, unit, data.position_ft
    )
    found = _judge(session, proposal, accept_warnings=data.accept_warnings)
    address = Address(
        street_id=street.id,
        number=data.number,
        unit=unit,
        parcel_id=parcel.id,
        building_kind=BuildingKind(data.building_kind),
        owner_id=owner_id,
        status=AddressStatus.ASSIGNED,
        side=Compass(data.side),
        position_ft=data.position_ft,
        assigned_on=action.today(),
        assigned_by_id=(action.operator.id or None) if assigned_by is None else None,
        assigned_by_name=assigned_by or action.operator.full_name,
        notes=data.notes.strip(),
    )
    address.street, address.parcel = street, parcel
    address.owner = session.get(Party, owner_id) if owner_id is not None else None
    address.search_text = address_search_text(address)
    session.add(address)
    session.flush()
    accepted = [f.text for f in found if f.level == "warn"]
    why = (
        [f"Assigned by {assigned_by}; recorded by {action.operator.full_name}."]
        if assigned_by
        else []
    )
    if accepted:
        why.append("Warnings accepted: " + " ".join(accepted))
    _record_change(action, address, "assigned", "", address_text(address), " ".join(why))
    if not unit and _site_address_free(session, parcel):
        set_site_address(parcel, address_text(address))
    action.audit(
        "address.assign",
        address,
        f"{address_text(address)} assigned to parcel {parcel.parcel_number}"
        + (f" by {assigned_by}, recorded for the Building Inspector" if assigned_by else ""),
        after=snapshot(address),
    )
    return address.id


def _assigned_by(action: Action, official: str) -> str | None:
    """The official named as having assigned the number, or None when the operator did (an
    Inspector naming themself assigns it too)."""
    if not official or official.casefold() == action.operator.full_name.casefold():
        return None
    return fits(Address.assigned_by_name, official, "The official's name", field="assigned_by")


@dataclass(frozen=True, slots=True)
class AddressEdit:
    """What may change on an assigned address; each change is recorded with the reason."""

    number: int
    unit: str
    building_kind: BuildingKind
    side: Compass
    position_ft: int | None
    owner_id: int | None
    notes: str = ""
    accept_warnings: bool = False


def change_address(action: Action, address_id: int, data: AddressEdit, *, reason: str) -> int:
    """Alter an official address. The old value, the new, who and why are kept; a number is
    never silently overwritten (§ 506-16 (Altering numbers))."""
    session = action.session
    address = get_address(session, address_id, lock=True)
    acts.allow_on_address(action, acts.AddressAct.CHANGE, address)
    why = reason.strip()
    if not why:
        raise InvalidInput("Say why the address is changed.", field="reason", cite=ALTER_CITE)
    street = lock_street(session, address.street_id)
    side = check_side(street, data.side)
    unit = fits(Address.unit, " ".join(data.unit.split()), "The unit")
    check_position(data.position_ft)
    if data.owner_id is not None:
        get_party(session, data.owner_id)
    numbering_changes = (data.number, fold(unit), side, data.position_ft) != (
        address.number,
        fold(address.unit),
        Compass(address.side),
        address.position_ft,
    ) or BuildingKind(data.building_kind) != address.building_kind
    if numbering_changes:
        proposal = Proposal(
            address.street_id,
            data.number,
            address.parcel_id,
            side,
            data.building_kind,
            unit,
            data.position_ft,
            address.id,
        )
        _judge(session, proposal, accept_warnings=data.accept_warnings)
    before = snapshot(address)
    old_text, old_site, old_unit = (
        address_text(address),
        address_text(address, unit=False),
        address.unit,
    )
    old_owner = address.owner.name if address.owner else ""
    address.number, address.unit = data.number, unit
    address.building_kind = BuildingKind(data.building_kind)
    address.side, address.position_ft = side, data.position_ft
    address.owner_id = data.owner_id
    address.owner = session.get(Party, data.owner_id) if data.owner_id is not None else None
    address.notes = data.notes.strip()
    address.search_text = address_search_text(address)
    new_text = address_text(address)
    if new_text != old_text:
        _record_change(action, address, "number", old_text, new_text, why)
        address.letter_printed_on = None  # the owner needs a letter with the new number
        if not unit and not old_unit and address.parcel.site_address == old_site:
            set_site_address(address.parcel, address_text(address))
    pairs = {
        "building kind": (BuildingKind(before["building_kind"]).label, address.building_kind.label),
        "side": (Compass(before["side"]).label, address.side.label),
        "position": (_feet(before["position_ft"]), _feet(address.position_ft)),
        "owner": (old_owner, address.owner.name if address.owner else ""),
        "notes": (before["notes"], address.notes),
    }
    for what, (old, new) in pairs.items():
        if old != new:
            _record_change(action, address, what, old, new, why)
    action.audit(
        "address.change",
        address,
        f"{old_text} changed: {why}",
        before=before,
        after=snapshot(address),
    )
    return address.id


def retire_address(action: Action, address_id: int, *, reason: str) -> int:
    """Take a number out of use (a building demolished, lots combined). It stays in the register
    and its history; the number may then be assigned again."""
    address = get_address(action.session, address_id, lock=True)
    acts.allow_on_address(action, acts.AddressAct.RETIRE, address)
    why = reason.strip()
    if not why:
        raise InvalidInput("Say why the number is retired.", field="reason", cite=ALTER_CITE)
    before = snapshot(address)
    address.status = AddressStatus.RETIRED
    address.retired_on = action.today()
    _record_change(action, address, "retired", address_text(address), "", why)
    action.audit(
        "address.retire",
        address,
        f"{address_text(address)} retired: {why}",
        before=before,
        after=snapshot(address),
    )
    return address.id


def _feet(position_ft: object) -> str:
    return "" if position_ft is None else str(position_ft)


def _site_address_free(session: Session, parcel: Parcel) -> bool:
    """Whether the parcel's site address may take its new official address: it is blank, or it
    is a number of the parcel since retired (a house rebuilt under a new number). A site
    address the Clerk typed otherwise is kept."""
    site = parcel.site_address.strip()
    if not site:
        return True
    retired = session.scalars(
        select(Address).where(
            Address.parcel_id == parcel.id,
            Address.status == AddressStatus.RETIRED,
            Address.unit == "",
        )
    )
    return any(address_text(a) == site for a in retired)


def set_site_address(parcel: Parcel, text: str) -> None:
    """Give the parcel its official address as its site address, and keep the parcel findable
    in the register of parcels by its new address."""
    parcel.site_address = text
    parcel.search_text = parcel_search_text(parcel, parcel.owner)


def record_letter_printed(action: Action, address_id: int) -> None:
    """Note that the official street number letter went to the owner. The Inspector assigns the
    number; whoever keeps the register (the Clerk, who mails the letters) records it sent."""
    acts.allow_on_register(action, acts.RegisterAct.RECORD_LETTER)
    address = get_address(action.session, address_id)
    address.letter_printed_on = action.today()
    action.audit("address.letter", address, f"Street number letter for {address_text(address)}")
