"""What the Petitions tab reads (§ 506-14): the register's rows, a petition's signers, scans and
history, frozen values built inside one action from the records. The window shows them and
never reads a record."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from clerk_desk import parties, words
from clerk_desk.desk import Action
from clerk_desk.kinds import PetitionKind, PetitionStatus
from clerk_desk.models import Parcel, Party, Petition, PetitionEvent, PetitionScan
from clerk_desk.money import Money
from clerk_desk.parties_views import PartyRow
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions import views as petitions_views
from clerk_desk.petitions.acts import PetitionAct, scan_aside_refusals
from clerk_desk.petitions.acts import acts as petition_acts
from clerk_desk.petitions.service import PetitionData, SignerData
from clerk_desk.validation import max_length
from clerk_desk.words import clock_time, format_day

PETITION_LENGTHS: dict[str, int | None] = {
    "limits_from": max_length(Petition.limits_from),
    "limits_to": max_length(Petition.limits_to),
    "referred_to": max_length(Petition.referred_to),
    "street": max_length(Petition.street),
}
"""How many characters the petition form's text fields hold, as the services check them."""


@dataclass(frozen=True, slots=True)
class SignerRow:
    """A property owner named on a petition (or on the form), the parcel, and whether signed."""

    party_id: int
    name: str
    address: str = ""
    parcel_id: int | None = None
    parcel_number: str = ""
    site_address: str = ""
    signed: bool = True

    @classmethod
    def of(cls, party: Party, parcel: Parcel | None, signed: bool = True) -> SignerRow:
        return cls(
            party.id,
            party.name,
            PartyRow.of(party).address,
            parcel.id if parcel is not None else None,
            parcel.parcel_number if parcel is not None else "",
            parcel.site_address if parcel is not None else "",
            signed,
        )

    @property
    def parcel_text(self) -> str:
        """ "276-00012 (118 Orange St)", or nothing."""
        if not self.parcel_number:
            return ""
        return self.parcel_number + (f" ({self.site_address})" if self.site_address else "")

    def data(self) -> SignerData:
        return SignerData(self.party_id, self.parcel_id, self.signed)


@dataclass(frozen=True, slots=True)
class ScanRow:
    id: int
    name: str
    sha256: str
    added: str  # City Hall's time
    added_by: str
    set_aside_reason: str = ""

    @classmethod
    def of(cls, scan: PetitionScan, zone: tzinfo) -> ScanRow:
        return cls(
            scan.id,
            scan.name,
            scan.sha256,
            words.local_time(scan.added_at, zone),
            scan.added_by_name,
            scan.set_aside_reason,
        )

    @property
    def attached(self) -> bool:
        return not self.set_aside_reason


@dataclass(frozen=True, slots=True)
class PetitionRow:
    """A petition as the register shows it, read inside one action."""

    id: int
    number: str
    kind: PetitionKind
    street: str
    limits_from: str
    limits_to: str
    location: str
    description: str
    petitioners: str
    received_at: datetime  # in the City's time
    received_by: str
    program_year: int
    timely: bool
    status: PetitionStatus
    meeting_id: int | None
    meeting: str  # "Mon Dec 14, 2026", or nothing
    meeting_day: date | None
    approved_year: int | None
    referred_to: str
    staff_notes: str
    signers: tuple[SignerRow, ...]
    scans: tuple[ScanRow, ...]
    estimated_cost: Money | None = None
    by_contract: bool = True
    materials_donated: bool = False
    volunteer_labour: bool = False

    @classmethod
    def of(cls, petition: Petition, zone: tzinfo) -> PetitionRow:
        meeting = petition.meeting
        day = meeting.starts_at.astimezone(zone).date() if meeting is not None else None
        return cls(
            id=petition.id,
            number=petition.number,
            kind=PetitionKind(petition.kind),
            street=petition.street,
            limits_from=petition.limits_from,
            limits_to=petition.limits_to,
            location=petitions.location(petition),
            description=petition.description,
            petitioners=petitions.signers_text(petition),
            received_at=petition.received_at.astimezone(zone),
            received_by=petition.received_by_name,
            program_year=petition.program_year,
            timely=petitions.is_timely(petition),
            status=PetitionStatus(petition.status),
            meeting_id=petition.meeting_id,
            meeting=format_day(day) if day is not None else "",
            meeting_day=day,
            approved_year=petition.approved_year,
            referred_to=petition.referred_to,
            staff_notes=petition.staff_notes,
            signers=tuple(
                SignerRow.of(s.party, s.parcel, s.signed) for s in petitions.petitioners(petition)
            ),
            scans=tuple(ScanRow.of(scan, zone) for scan in petition.scans),
            estimated_cost=petition.estimated_cost,
            by_contract=petition.by_contract,
            materials_donated=petition.materials_donated,
            volunteer_labour=petition.volunteer_labour,
        )

    @property
    def received_on(self) -> date:
        return self.received_at.date()

    @property
    def names(self) -> str:
        """The petitioners' names, and how many did not sign: what the register's column shows."""
        names = "; ".join(s.name for s in self.signers)
        unsigned = sum(1 for s in self.signers if not s.signed)
        return names + (f" ({unsigned} not signed)" if unsigned else "")

    @property
    def received_text(self) -> str:
        return f"{words.us_date(self.received_on)} {clock_time(self.received_at)}"

    @property
    def pending(self) -> bool:
        return self.status.pending

    @property
    def timely_text(self) -> str:
        return "Timely" if self.timely else "Late"

    @property
    def status_text(self) -> str:
        if self.status is PetitionStatus.APPROVED and self.approved_year is not None:
            return f"Approved for {self.approved_year}"
        if self.status is PetitionStatus.REFERRED and self.referred_to:
            return f"Referred to {self.referred_to}"
        return self.status.label

    def data(self) -> PetitionData:
        return PetitionData(
            kind=self.kind,
            street=self.street,
            limits_from=self.limits_from,
            limits_to=self.limits_to,
            description=self.description,
            signers=tuple(s.data() for s in self.signers),
            staff_notes=self.staff_notes,
            estimated_cost=self.estimated_cost,
            by_contract=self.by_contract,
            materials_donated=self.materials_donated,
            volunteer_labour=self.volunteer_labour,
        )


EVENT_WORDS = {
    "received": "Received",
    "corrected": "Date received corrected",
    "changed": "Details changed",
    "scan": "Scan",
    "placed": "Placed on agenda",
    "unplaced": "Taken off agenda",
    "signer_removed": "Petitioner removed",
    "referred": "Referred",
    "approved": "Approved",
    "denied": "Denied",
    "deferred": "Deferred",
    "withdrawn": "Withdrawn",
}


@dataclass(frozen=True, slots=True)
class EventRow:
    """One step of a petition's history."""

    when: str
    who: str
    what: str
    detail: str
    reason: str

    @classmethod
    def of(cls, event: PetitionEvent, zone: tzinfo) -> EventRow:
        what = EVENT_WORDS.get(event.what, event.what.replace("_", " ").capitalize())
        if event.meeting is not None and event.what in ("referred", "approved", "denied"):
            what += f" at {format_day(event.meeting.starts_at.astimezone(zone).date())}"
        return cls(
            words.local_time(event.at, zone),
            event.operator_name,
            what,
            event.detail,
            event.reason,
        )


def search_petition_rows(
    action: Action,
    text: str = "",
    *,
    program_year: int | None = None,
    kind: PetitionKind | None = None,
    status: PetitionStatus | None = None,
    pending_only: bool = False,
    limit: int = petitions.SEARCH_LIMIT,
) -> list[PetitionRow]:
    zone = action.zone
    return [
        PetitionRow.of(p, zone)
        for p in petitions.search_petitions(
            action.session,
            text,
            program_year=program_year,
            kind=kind,
            status=status,
            pending_only=pending_only,
            limit=limit,
        )
    ]


def petition_row(action: Action, petition_id: int) -> PetitionRow:
    return PetitionRow.of(petitions.get_petition(action.session, petition_id), action.zone)


def event_rows(action: Action, petition_id: int) -> list[EventRow]:
    zone = action.zone
    return [EventRow.of(e, zone) for e in petitions.history(action.session, petition_id)]


def signer_choices(action: Action, text: str) -> list[SignerRow]:
    """The owners and parcels that match what the clerk typed, as the petitioners' list offers
    them (``petitions_views.owner_choices``)."""
    return [
        SignerRow.of(party, parcel)
        for party, parcel in petitions_views.owner_choices(action.session, text)
    ]


def signer_of(action: Action, party_id: int) -> SignerRow:
    """The party ``party_id`` as a new petitioner, no parcel chosen yet (one just added to
    People & Parcels from the form)."""
    return SignerRow.of(parties.get_party(action.session, party_id), None)


def program_years(action: Action) -> list[int]:
    return petitions_views.program_years(action.session)


@dataclass(frozen=True, slots=True)
class PetitionPane:
    """What the tab shows beside the chosen petition, read in one action: its history, the acts
    the operator may take on it now (each refused with its reason), and for each of its scans
    (by id) why it may not be set aside (None: it may)."""

    events: tuple[EventRow, ...]
    acts: dict[PetitionAct, str | None]
    scans_aside: dict[int, str | None]


def petition_pane(action: Action, petition_id: int) -> PetitionPane:
    petition = petitions.get_petition(action.session, petition_id)
    return PetitionPane(
        tuple(event_rows(action, petition_id)),
        petition_acts(action, petition_id),
        scan_aside_refusals(action, petition.scans),
    )
