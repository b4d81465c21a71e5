"""The one register of parties (people, businesses, organizations, utilities) and parcels.

Every workflow names its applicants, owners and payers from here, so a contractor typed once at
the counter is the same contractor on the permit, the bond and the receipt.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import parties_acts
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied, Refusals
from clerk_desk.kinds import PartyKind, Role
from clerk_desk.models import Parcel, Party
from clerk_desk.permissions import Permission, roles_allowed
from clerk_desk.text_search import fold, words_match
from clerk_desk.validation import fits

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_ZIP = re.compile(r"^\d{5}(-\d{4})?$")
SEARCH_LIMIT = 200


@dataclass(frozen=True, slots=True)
class PartyData:
    """What the party form holds; the service checks it."""

    kind: PartyKind
    name: str
    contact_name: str = ""
    street: str = ""
    city: str = ""
    state: str = ""
    postal_code: str = ""
    phone: str = ""
    email: str = ""
    public_utility: bool = False
    contractor: bool = False
    notes: str = ""


def _clean_party(data: PartyData) -> dict[str, object]:
    name = " ".join(data.name.split())
    state = data.state.strip().upper()
    postal = data.postal_code.strip()
    email = data.email.strip()
    found = Refusals()  # every refusal of the form at once (issue 19)
    if not name:
        found.refuse(
            InvalidInput("Enter the name of the person, business or organization.", field="name")
        )
    if state and not re.fullmatch(r"[A-Z]{2}", state):
        found.refuse(InvalidInput("Enter the state as two letters, e.g. WI.", field="state"))
    if postal and not _ZIP.match(postal):
        found.refuse(
            InvalidInput(
                "Enter the ZIP code as 5 digits, or 5+4 (54021-1234).", field="postal_code"
            )
        )
    if email and not _EMAIL.match(email):
        found.refuse(
            InvalidInput("That e-mail address is not complete (name@example.com).", field="email")
        )
    found.raise_any()
    kind = PartyKind(data.kind)
    return {
        "kind": kind,
        "name": fits(Party.name, name, "The name"),
        "contact_name": fits(Party.contact_name, data.contact_name.strip(), "The contact name"),
        "street": fits(Party.street, data.street.strip(), "The street address"),
        "city": fits(Party.city, data.city.strip(), "The city"),
        "state": state,
        "postal_code": postal,
        "phone": fits(Party.phone, data.phone.strip(), "The phone number"),
        "email": fits(Party.email, email, "The e-mail address"),
        "public_utility": data.public_utility or kind is PartyKind.UTILITY,
        "contractor": data.contractor,
        "notes": data.notes.strip(),
    }


# -- the workflows' records found by an owner's name or a parcel's number -------------------------

Renamed = Callable[[Session, frozenset[int], frozenset[int]], None]
"""``(session, party_ids, parcel_ids)``: rewrite the search text of a workflow's records that name
any of these parties or parcels, whose name or number just changed."""
_on_renamed: dict[str, Renamed] = {}


def on_renamed(name: str) -> Callable[[Renamed], Renamed]:
    """Register (decorator) a workflow's :data:`Renamed` function.

    A workflow keeps the owners' names and parcel numbers in its records' search text (an
    address is found by "lee", a petition by its parcel number). This register sits below every
    workflow and imports none of them; each tells it what to refresh, as each tells the Today
    tab what is due (:func:`clerk_desk.today.provider`), and :func:`update_party` and
    :func:`update_parcel` call them all in the same transaction.
    """

    def register(function: Renamed) -> Renamed:
        _on_renamed[name] = function
        return function

    return register


def _renamed(
    session: Session, *, party_ids: Iterable[int] = (), parcel_ids: Iterable[int] = ()
) -> None:
    parties, parcels = frozenset(party_ids), frozenset(parcel_ids)
    if not parties and not parcels:
        return
    from clerk_desk import workflows

    workflows.load_all()  # every workflow module, so every one has registered
    session.flush()
    for function in _on_renamed.values():
        function(session, parties, parcels)


def _party_search_text(party: Party) -> str:
    return fold(" ".join((party.name, party.contact_name, party.street, party.phone, party.email)))


def _guard_utility_flag(action: Action, name: str, *, setting: bool) -> None:
    """Marking a party a public utility waives the $10,000 street opening bond (§ 506-6 (Public
    utilities)): only those who file and release bonds may set or clear the flag."""
    if action.operator.may(Permission.MANAGE_BONDS):
        return
    names = [role.label for role in roles_allowed(Permission.MANAGE_BONDS)]
    needed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    verb = "mark" if setting else "stop treating"
    raise PermissionDenied(
        f"To {verb} {name} as a public utility (which waives the street opening bond) you need "
        f"the role {needed}; you are signed in as {Role(action.operator.role).label}.",
        cite="§ 506-6 (Public utilities)",
    )


def add_party(action: Action, data: PartyData) -> Party:
    parties_acts.allow_new(action, parties_acts.RegisterAct.NEW_PARTY)
    values = _clean_party(data)
    if values["public_utility"]:  # a utility kind implies the flag
        _guard_utility_flag(action, str(values["name"]), setting=True)
    party = Party(**values, active=True)
    party.search_text = _party_search_text(party)
    action.session.add(party)
    action.audit("party.create", party, f"{party.name} added", after=snapshot(party))
    return party


def update_party(action: Action, party_id: int, data: PartyData) -> Party:
    party = get_party(action.session, party_id)
    parties_acts.allow_party(action, parties_acts.PartyAct.EDIT, party)
    values = _clean_party(data)
    if bool(values["public_utility"]) != party.public_utility:
        _guard_utility_flag(action, party.name, setting=bool(values["public_utility"]))
    before = snapshot(party)
    for key, value in values.items():
        setattr(party, key, value)
    party.search_text = _party_search_text(party)
    for parcel in parcels_of(action.session, party.id):  # their search text holds the owner's name
        parcel.search_text = parcel_search_text(parcel, _owner(action.session, parcel))
    if party.name != before["name"]:  # the workflows' records found by the owner's name
        _renamed(action.session, party_ids=[party.id])
    action.audit(
        "party.update", party, f"{party.name} changed", before=before, after=snapshot(party)
    )
    return party


def save_party(action: Action, party_id: int | None, data: PartyData) -> int:
    """The party form saved: a new party (``party_id`` None) or a change; its id."""
    if party_id is None:
        return add_party(action, data).id
    return update_party(action, party_id, data).id


def set_party_active(action: Action, party_id: int, active: bool) -> None:
    """Parties are never deleted: one that is gone is made inactive and drops out of searches.
    Making an inactive party inactive (or an active one active) is refused."""
    party = get_party(action.session, party_id)
    act = parties_acts.PartyAct.REACTIVATE if active else parties_acts.PartyAct.MAKE_INACTIVE
    parties_acts.allow_party(action, act, party)
    party.active = active
    action.audit(
        "party.activate" if active else "party.deactivate",
        party,
        f"{party.name} {'reactivated' if active else 'made inactive'}",
        before={"active": not active},
        after={"active": active},
    )


def get_party(session: Session, party_id: int) -> Party:
    party = session.get(Party, party_id)
    if party is None:
        raise NotFound(f"There is no party number {party_id}.")
    return party


def search_parties(
    session: Session,
    text: str = "",
    *,
    kind: PartyKind | None = None,
    include_inactive: bool = False,
    limit: int = SEARCH_LIMIT,
) -> list[Party]:
    """Parties whose name, contact, street, phone or e-mail hold every word typed."""
    query = select(Party)
    for condition in words_match(session, Party.search_text, text):
        query = query.where(condition)
    if kind is not None:
        query = query.where(Party.kind == kind)
    if not include_inactive:
        query = query.where(Party.active.is_(True))
    return list(session.scalars(query.order_by(Party.name, Party.id).limit(limit)))


@dataclass(frozen=True, slots=True)
class ParcelData:
    parcel_number: str
    site_address: str = ""
    owner_id: int | None = None
    description: str = ""


def _clean_parcel(session: Session, data: ParcelData) -> dict[str, object]:
    number = data.parcel_number.strip().upper()
    if not number:
        raise InvalidInput("Enter the tax parcel number.", field="parcel_number")
    if data.owner_id is not None:
        get_party(session, data.owner_id)
    return {
        "parcel_number": fits(Parcel.parcel_number, number, "The parcel number"),
        "site_address": fits(
            Parcel.site_address, " ".join(data.site_address.split()), "The site address"
        ),
        "owner_id": data.owner_id,
        "description": data.description.strip(),
    }


def _owner(session: Session, parcel: Parcel) -> Party | None:
    return session.get(Party, parcel.owner_id) if parcel.owner_id else None


def parcel_search_text(parcel: Parcel, owner: Party | None) -> str:
    """What the register of parcels finds a parcel by: its number, site address and owner."""
    return fold(" ".join((parcel.parcel_number, parcel.site_address, owner.name if owner else "")))


def _refuse_duplicate_parcel(session: Session, number: str, own_id: int | None) -> None:
    clash = session.scalar(select(Parcel.id).where(Parcel.parcel_number == number))
    if clash is not None and clash != own_id:
        raise Conflict(f"Parcel {number} is already in the register.")


def add_parcel(action: Action, data: ParcelData) -> Parcel:
    parties_acts.allow_new(action, parties_acts.RegisterAct.NEW_PARCEL)
    values = _clean_parcel(action.session, data)
    _refuse_duplicate_parcel(action.session, str(values["parcel_number"]), None)
    parcel = Parcel(**values, active=True)
    parcel.search_text = parcel_search_text(parcel, _owner(action.session, parcel))
    action.session.add(parcel)
    action.audit(
        "parcel.create", parcel, f"Parcel {parcel.parcel_number} added", after=snapshot(parcel)
    )
    return parcel


def update_parcel(action: Action, parcel_id: int, data: ParcelData) -> Parcel:
    parcel = get_parcel(action.session, parcel_id)
    parties_acts.allow_parcel(action, parties_acts.ParcelAct.EDIT, parcel)
    before = snapshot(parcel)
    values = _clean_parcel(action.session, data)
    _refuse_duplicate_parcel(action.session, str(values["parcel_number"]), parcel.id)
    for key, value in values.items():
        setattr(parcel, key, value)
    parcel.search_text = parcel_search_text(parcel, _owner(action.session, parcel))
    if parcel.parcel_number != before["parcel_number"]:  # records found by the parcel's number
        _renamed(action.session, parcel_ids=[parcel.id])
    action.audit(
        "parcel.update",
        parcel,
        f"Parcel {parcel.parcel_number} changed",
        before=before,
        after=snapshot(parcel),
    )
    return parcel


def save_parcel(action: Action, parcel_id: int | None, data: ParcelData) -> int:
    """The parcel form saved: a new parcel (``parcel_id`` None) or a change; its id. A parcel
    number already in the register is refused under the number."""
    try:
        if parcel_id is None:
            return add_parcel(action, data).id
        return update_parcel(action, parcel_id, data).id
    except Conflict as error:
        raise InvalidInput(error.message, field="parcel_number") from None


def get_parcel(session: Session, parcel_id: int) -> Parcel:
    parcel = session.get(Parcel, parcel_id)
    if parcel is None:
        raise NotFound(f"There is no parcel number {parcel_id}.")
    return parcel


def search_parcels(session: Session, text: str = "", *, limit: int = SEARCH_LIMIT) -> list[Parcel]:
    """Parcels whose number, site address or owner's name hold every word typed."""
    query = select(Parcel).where(Parcel.active.is_(True))
    for condition in words_match(session, Parcel.search_text, text):
        query = query.where(condition)
    query = query.options(selectinload(Parcel.owner))  # the register shows each owner's name
    return list(session.scalars(query.order_by(Parcel.site_address, Parcel.id).limit(limit)))


def parcels_of(session: Session, party_id: int) -> list[Parcel]:
    return list(
        session.scalars(
            select(Parcel).where(Parcel.owner_id == party_id).order_by(Parcel.parcel_number)
        )
    )
