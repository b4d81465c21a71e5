"""What the Street Numbers tab and its papers read (§ 506-16): plain rows built in the core."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, tzinfo

from clerk_desk import settings_store, words
from clerk_desk.desk import Action
from clerk_desk.findings import Finding, blocking
from clerk_desk.kinds import AddressStatus, BuildingKind, Compass, NumberingCaseStatus
from clerk_desk.models import Address, AddressChange, NumberingCase, Street
from clerk_desk.settings import CityProfile
from clerk_desk.street_numbers import acts, checking, streets
from clerk_desk.street_numbers import addresses as street_addresses
from clerk_desk.street_numbers import cases as street_cases
from clerk_desk.street_numbers import permit_check as street_permit_check
from clerk_desk.street_numbers import rules as street_rules
from clerk_desk.street_numbers.streets import StreetData


def _title(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True, slots=True)
class StreetRow:
    """A street of the numbering map, with its two sides as the core names them."""

    id: int
    full_name: str
    name: str
    suffix: str
    direction: str
    odd_side: Compass
    increases_toward: Compass
    range_low: int
    range_high: int
    grid_base: int | None
    notes: str
    active: bool
    sides: tuple[tuple[Compass, str], ...]  # (side, "East (odd) side"), odd side first
    assigned: int = 0

    @classmethod
    def of(cls, street: Street, assigned: int = 0) -> StreetRow:
        odd = Compass(street.odd_side)
        return cls(
            street.id,
            street.full_name,
            street.name,
            street.suffix,
            street.direction,
            odd,
            Compass(street.increases_toward),
            street.range_low,
            street.range_high,
            street.grid_base,
            street.notes,
            street.active,
            tuple((side, _title(streets.side_label(street, side))) for side in (odd, odd.opposite)),
            assigned,
        )

    @property
    def range_text(self) -> str:
        return f"{self.range_low} to {self.range_high}"

    def data(self) -> StreetData:
        return StreetData(
            name=self.name,
            odd_side=self.odd_side,
            increases_toward=self.increases_toward,
            range_low=self.range_low,
            range_high=self.range_high,
            suffix=self.suffix,
            direction=self.direction,
            grid_base=self.grid_base,
            notes=self.notes,
        )


def street_rows(action: Action, *, include_inactive: bool = True) -> list[StreetRow]:
    counts = street_addresses.assigned_counts(action.session)
    return [
        StreetRow.of(street, counts.get(street.id, 0))
        for street in streets.streets(action.session, include_inactive=include_inactive)
    ]


@dataclass(frozen=True, slots=True)
class AddressRow:
    """An official address as the register shows it."""

    id: int
    text: str  # "123 Broad St N, Apt 2"
    number: int
    unit: str
    street_id: int
    street: str
    parcel_id: int
    parcel_number: str
    owner_id: int | None
    owner: str
    kind: BuildingKind
    side: Compass
    side_text: str  # "East (odd) side"
    position_ft: int | None
    assigned_on: date
    assigned_by: str
    status: AddressStatus
    letter_printed_on: date | None
    retired_on: date | None
    notes: str
    number_text: str  # "123 Broad St N": the number on its street, without the unit
    odd_side: Compass  # the street's odd side, which says whether the number is on its side
    owner_contact: str
    owner_mailing: str

    @classmethod
    def of(cls, address: Address) -> AddressRow:
        street = address.street
        owner = address.owner
        return cls(
            address.id,
            street_addresses.address_text(address),
            address.number,
            address.unit,
            street.id,
            street.full_name,
            address.parcel_id,
            address.parcel.parcel_number,
            address.owner_id,
            address.owner.name if address.owner is not None else "",
            BuildingKind(address.building_kind),
            Compass(address.side),
            _title(streets.side_label(street, Compass(address.side))),
            address.position_ft,
            address.assigned_on,
            address.assigned_by_name,
            AddressStatus(address.status),
            address.letter_printed_on,
            address.retired_on,
            address.notes,
            street_addresses.address_text(address, unit=False),
            Compass(street.odd_side),
            owner.contact_name if owner is not None else "",
            owner.mailing_address if owner is not None else "",
        )

    @property
    def assigned(self) -> bool:
        return self.status is AddressStatus.ASSIGNED

    @property
    def status_text(self) -> str:
        if self.assigned:
            return "Assigned"
        return f"Retired {words.us_date(self.retired_on)}".strip()

    @property
    def position_text(self) -> str:
        return "" if self.position_ft is None else f"{self.position_ft:,} ft"


def address_rows(
    action: Action, text: str, *, street_id: int | None, include_retired: bool
) -> list[AddressRow]:
    found = street_addresses.search_addresses(
        action.session, text, street_id=street_id, include_retired=include_retired
    )
    return [AddressRow.of(address) for address in found]


@dataclass(frozen=True, slots=True)
class ChangeRow:
    """One line of an address's history."""

    when: str
    who: str
    what: str
    old: str
    new: str
    why: str

    @classmethod
    def of(cls, change: AddressChange, zone: tzinfo | None) -> ChangeRow:
        return cls(
            words.local_time(change.at, zone),
            change.operator_name,
            change.what,
            change.old_value,
            change.new_value,
            change.reason,
        )

    @property
    def change_text(self) -> str:
        if self.old and self.new:
            return f"{self.old} → {self.new}"
        return self.new or self.old


@dataclass(frozen=True, slots=True)
class CaseRow:
    """A noncompliance case (§ 506-16 (Noncompliance)) with what the City does next."""

    id: int
    address_id: int
    address: str
    owner: str
    status: NumberingCaseStatus
    observed_on: date
    observation: str
    observed_by: str
    notice_from: date
    served_on: date | None
    served_manner: str
    served_by: str
    referral_from: date | None
    referred_on: date | None
    closed_on: date | None
    close_note: str
    next_step: str
    next_from: date | None

    @classmethod
    def of(cls, case: NumberingCase) -> CaseRow:
        step, due = street_cases.next_step(case)
        address = case.address
        return cls(
            case.id,
            address.id,
            street_addresses.address_text(address),
            address.owner.name if address.owner is not None else "",
            NumberingCaseStatus(case.status),
            case.observed_on,
            case.observation,
            case.observed_by_name,
            case.notice_from,
            case.served_on,
            case.served_manner,
            case.served_by_name,
            case.referral_from,
            case.referred_on,
            case.closed_on,
            case.close_note,
            step,
            due,
        )

    @property
    def closed(self) -> bool:
        return self.status in (NumberingCaseStatus.COMPLIED, NumberingCaseStatus.WITHDRAWN)

    @property
    def noticeable(self) -> bool:
        """Observed or noticed: a notice is (or was) to be served."""
        return self.status in (NumberingCaseStatus.OPEN, NumberingCaseStatus.NOTICED)

    def notice_printable(self, today: date) -> bool:
        """The notice may be printed (to serve, or to serve again): it says the owner has
        neglected for 20 days, so not before the case's first day of notice."""
        too_early = street_rules.notice_too_early(self.observed_on, self.notice_from, today)
        return self.noticeable and too_early is None

    def due(self, today: date) -> bool:
        return self.next_from is not None and self.next_from <= today


def case_rows(action: Action, text: str, *, open_only: bool) -> list[CaseRow]:
    return [
        CaseRow.of(c) for c in street_cases.search_cases(action.session, text, open_only=open_only)
    ]


def case_row(action: Action, case_id: int) -> CaseRow:
    return CaseRow.of(street_cases.get_case(action.session, case_id))


def case_summary(row: CaseRow) -> str:
    """One sentence on where the case stands, for a dialog's banner."""
    owner = f" ({row.owner})" if row.owner else ""
    parts = [
        f"{row.address}{owner}: {row.observation} — observed {words.us_date(row.observed_on)}."
    ]
    if row.served_on is not None:
        parts.append(f"Notice served {words.us_date(row.served_on)} by {row.served_manner}.")
    return " ".join(parts)


def address_row(action: Action, address_id: int) -> AddressRow:
    return AddressRow.of(street_addresses.get_address(action.session, address_id))


@dataclass(frozen=True, slots=True)
class AddressHistory:
    """What the detail pane shows under an address: its changes, its cases, and whether the
    owner's letter is still to be mailed."""

    changes: tuple[ChangeRow, ...]
    cases: tuple[CaseRow, ...]
    letter_due: bool


def address_history(action: Action, address_id: int) -> AddressHistory:
    session = action.session
    zone = action.clock.local_now().tzinfo
    address = street_addresses.get_address(session, address_id)
    return AddressHistory(
        tuple(ChangeRow.of(c, zone) for c in street_addresses.history(session, address_id)),
        tuple(CaseRow.of(c) for c in street_cases.cases_of(session, address_id)),
        street_addresses.letter_due(session, address),
    )


def permit_check(action: Action, text: str) -> street_permit_check.PermitCheck:
    """May a building permit be issued for the parcel or address typed (§ 506-16)?"""
    return street_permit_check.building_permit_check(action.session, text)


def number_findings(action: Action, proposal: checking.Proposal) -> list[Finding]:
    """The live check of the number typed in the assignment form, and how the number is to be
    displayed (§ 506-16's 3 and 5 inches)."""
    found = checking.check_number(action.session, proposal)
    if not blocking(found):
        found.append(street_rules.heights_finding(proposal.building_kind, proposal.unit))
    return found


def suggestion(
    action: Action,
    street_id: int,
    *,
    side: Compass,
    position_ft: int,
    parcel_id: int | None,
    unit: str,
) -> checking.Suggestion:
    """The number the program proposes for a lot (see :func:`service.suggest_number`)."""
    return checking.suggest_number(
        action.session,
        street_id,
        side=side,
        position_ft=position_ft,
        parcel_id=parcel_id,
        unit=unit,
    )


# -- the papers ----------------------------------------------------------------------------


def notice_view(action: Action, case_id: int) -> tuple[CaseRow, AddressRow]:
    """What the notice to number a building prints: the case and its address."""
    case = street_cases.get_case(action.session, case_id)
    return CaseRow.of(case), AddressRow.of(case.address)


def register_rows(
    action: Action, *, street_id: int | None = None, include_retired: bool = False
) -> list[AddressRow]:
    """The register in street order, then by number and unit, as the papers print it."""
    found = street_addresses.register(
        action.session, street_id=street_id, include_retired=include_retired
    )
    return [AddressRow.of(a) for a in found]


def street_register(
    action: Action, street_id: int, *, include_retired: bool
) -> tuple[StreetRow, list[AddressRow]]:
    """One street and its addresses, for its printed register."""
    street = StreetRow.of(streets.get_street(action.session, street_id))
    return street, register_rows(action, street_id=street_id, include_retired=include_retired)


@dataclass(frozen=True, slots=True)
class LetterPaper:
    """The official number letter, as read: the papers draw it after the read has closed."""

    address: AddressRow
    profile: CityProfile
    printed_on: date


@dataclass(frozen=True, slots=True)
class NoticePaper:
    """The notice to number a building, as read."""

    case: CaseRow
    address: AddressRow
    profile: CityProfile
    printed_on: date


@dataclass(frozen=True, slots=True)
class RegisterPaper:
    """One street's printed register, as read."""

    street: StreetRow
    addresses: tuple[AddressRow, ...]
    profile: CityProfile
    printed_on: date


def letter_paper(action: Action, address_id: int) -> LetterPaper:
    """The official street number letter to the owner: of a number in use, not one retired."""
    address = street_addresses.get_address(action.session, address_id)
    acts.allow_on_address(action, acts.AddressAct.PRINT_LETTER, address)
    return LetterPaper(
        AddressRow.of(address),
        settings_store.city_profile(action.session),
        action.today(),
    )


def notice_paper(action: Action, case_id: int) -> NoticePaper:
    case, address = notice_view(action, case_id)
    return NoticePaper(case, address, settings_store.city_profile(action.session), action.today())


def register_paper(action: Action, street_id: int, *, include_retired: bool) -> RegisterPaper:
    street, addresses = street_register(action, street_id, include_retired=include_retired)
    return RegisterPaper(
        street, tuple(addresses), settings_store.city_profile(action.session), action.today()
    )


def register_export(
    action: Action, *, street_id: int | None, include_retired: bool
) -> tuple[list[AddressRow], str]:
    """The register's rows for the workbook, and the City's name for its title."""
    rows = register_rows(action, street_id=street_id, include_retired=include_retired)
    return rows, settings_store.city_profile(action.session).city_name
