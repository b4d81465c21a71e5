"""People & Parcels as the window and the papers read them: a party's and a parcel's register rows,
built in the core from the records inside the reading action, so the window holds no ORM object."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from clerk_desk import parties
from clerk_desk.desk import Action
from clerk_desk.kinds import PartyKind
from clerk_desk.models import Parcel, Party
from clerk_desk.parties import PartyData
from clerk_desk.settings_store import city_profile
from clerk_desk.validation import max_length


@dataclass(frozen=True, slots=True)
class PartyRow:
    """A party as the register shows it, read inside one action."""

    id: int
    kind: PartyKind
    name: str
    contact_name: str
    street: str
    city: str
    state: str
    postal_code: str
    phone: str
    email: str
    public_utility: bool
    contractor: bool
    active: bool
    notes: str

    @classmethod
    def of(cls, party: Party) -> PartyRow:
        return cls(
            party.id,
            PartyKind(party.kind),
            party.name,
            party.contact_name,
            party.street,
            party.city,
            party.state,
            party.postal_code,
            party.phone,
            party.email,
            party.public_utility,
            party.contractor,
            party.active,
            party.notes,
        )

    @property
    def number(self) -> str:
        """What the clerk knows the party by (the register's messages name it)."""
        return self.name

    @property
    def address(self) -> str:
        locality = " ".join(p for p in (self.state, self.postal_code) if p)
        town = ", ".join(p for p in (self.city, locality) if p)
        return ", ".join(p for p in (self.street, town) if p)

    def data(self) -> PartyData:
        return PartyData(
            self.kind,
            self.name,
            self.contact_name,
            self.street,
            self.city,
            self.state,
            self.postal_code,
            self.phone,
            self.email,
            self.public_utility,
            self.contractor,
            self.notes,
        )


@dataclass(frozen=True, slots=True)
class ParcelRow:
    """A parcel as the register shows it, with its owner's name."""

    id: int
    parcel_number: str
    site_address: str
    owner_id: int | None
    owner_name: str
    description: str

    @classmethod
    def of(cls, parcel: Parcel) -> ParcelRow:
        owner = parcel.owner
        return cls(
            parcel.id,
            parcel.parcel_number,
            parcel.site_address,
            parcel.owner_id,
            owner.name if owner is not None else "",
            parcel.description,
        )

    @property
    def number(self) -> str:
        return self.parcel_number


def party_row(session: Session, party_id: int) -> PartyRow:
    """The party ``party_id`` as the register shows it."""
    return PartyRow.of(parties.get_party(session, party_id))


def parcel_row(session: Session, parcel_id: int) -> ParcelRow:
    """The parcel ``parcel_id`` as the register shows it, with its owner's name."""
    return ParcelRow.of(parties.get_parcel(session, parcel_id))


def search_party_rows(
    session: Session,
    text: str = "",
    kind: PartyKind | None = None,
    include_inactive: bool = False,
    *,
    limit: int = parties.SEARCH_LIMIT,
) -> list[PartyRow]:
    """The parties whose name, street, phone or e-mail holds ``text`` (accents ignored)."""
    found = parties.search_parties(
        session, text, kind=kind, include_inactive=include_inactive, limit=limit
    )
    return [PartyRow.of(party) for party in found]


def search_parcel_rows(
    session: Session, text: str = "", *, limit: int = parties.SEARCH_LIMIT
) -> list[ParcelRow]:
    """The parcels whose number, site address or owner holds ``text``."""
    return [ParcelRow.of(parcel) for parcel in parties.search_parcels(session, text, limit=limit)]


def parcel_rows_of(session: Session, party_id: int) -> list[ParcelRow]:
    """The parcels the party ``party_id`` owns."""
    return [ParcelRow.of(parcel) for parcel in parties.parcels_of(session, party_id)]


# -- what the People & Parcels window reads, through the Action -----------------------------------

EXPORT_ALL = 10**9  # an export holds the whole register


def party(action: Action, party_id: int) -> PartyRow:
    """The party ``party_id`` as the register shows it."""
    return party_row(action.session, party_id)


def parties_matching(
    action: Action, text: str, kind: PartyKind | None, include_inactive: bool
) -> list[PartyRow]:
    """The People register's rows for what is typed (:func:`search_party_rows`)."""
    return search_party_rows(action.session, text, kind, include_inactive)


def parcels_matching(action: Action, text: str) -> list[ParcelRow]:
    """The Parcels register's rows for what is typed (:func:`search_parcel_rows`)."""
    return search_parcel_rows(action.session, text)


PICKER_LIMIT = 50  # a picker's matches: enough to choose among neighbours


def party_choices(action: Action, text: str) -> list[PartyRow]:
    """The matches a party picker offers for what is typed (:func:`search_party_rows`): its
    list shows four at a time, and 200 of 18,000 names at twenty years were 60-80 ms of a
    dialog's opening to read, lay out and measure."""
    return search_party_rows(action.session, text, limit=PICKER_LIMIT)


def parcel_choices(action: Action, text: str) -> list[ParcelRow]:
    """The matches a parcel picker offers for what is typed (:func:`search_parcel_rows`)."""
    return search_parcel_rows(action.session, text, limit=PICKER_LIMIT)


def parcels_owned(action: Action, party_id: int) -> list[ParcelRow]:
    """The parcels the party owns."""
    return parcel_rows_of(action.session, party_id)


def party_export_rows(action: Action) -> list[tuple[object, ...]]:
    """Every party, active or not, one row each, in the order of the People register's Excel
    columns: name, kind, contact, street, city, state, ZIP, phone, e-mail, public utility,
    contractor, active, notes."""

    def yes(flag: bool) -> str:
        return "Yes" if flag else ""

    return [
        (
            p.name,
            PartyKind(p.kind).label,
            p.contact_name,
            p.street,
            p.city,
            p.state,
            p.postal_code,
            p.phone,
            p.email,
            yes(p.public_utility),
            yes(p.contractor),
            "Yes" if p.active else "No",
            p.notes,
        )
        for p in parties.search_parties(action.session, include_inactive=True, limit=EXPORT_ALL)
    ]


def parcel_export_rows(action: Action) -> list[tuple[object, ...]]:
    """Every active parcel: number, site address, owner, owner's mailing address, description."""
    return [
        (
            p.parcel_number,
            p.site_address,
            p.owner.name if p.owner else "",
            PartyRow.of(p.owner).address if p.owner else "",
            p.description,
        )
        for p in parties.search_parcels(action.session, limit=EXPORT_ALL)
    ]


def city_name(action: Action) -> str:
    """The City's name, as its settings give it (the registers' subtitles)."""
    return city_profile(action.session).city_name


def text_limits() -> dict[str, int | None]:
    """How many characters each typed field of a party or a parcel may hold, by field name."""
    columns = (
        Party.name,
        Party.contact_name,
        Party.street,
        Party.city,
        Party.phone,
        Party.email,
        Parcel.parcel_number,
        Parcel.site_address,
    )
    return {column.key: max_length(column) for column in columns}
