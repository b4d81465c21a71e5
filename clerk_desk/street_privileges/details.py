"""What the Street Privileges window reads of a permit, built in the core from the records.

The register row, the details pane (review checklist, widths, conditions of occupancy, amounts
due, history) and the facts a form needs (§§ 506-9, 506-11): frozen dataclasses read inside one
action, so the window never holds an ORM object nor queries a session.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from clerk_desk import ledger, parties_views, words
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Action
from clerk_desk.findings import Finding
from clerk_desk.history import HistoryEntry
from clerk_desk.kinds import DueKind, DueStatus, PrivilegePurpose, PrivilegeStatus
from clerk_desk.models import StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.parties_views import ParcelRow
from clerk_desk.street_privileges import acts as street_privileges_acts
from clerk_desk.street_privileges import occupancy as street_privileges_occupancy
from clerk_desk.street_privileges import records as street_privileges_records
from clerk_desk.street_privileges import removal as street_privileges_removal
from clerk_desk.street_privileges import review as street_privileges_review
from clerk_desk.street_privileges import rules as street_privileges_rules
from clerk_desk.street_privileges import service as street_privileges
from clerk_desk.street_privileges.acts import PrivilegeAct
from clerk_desk.street_privileges.occupancy import ConditionCheck
from clerk_desk.street_privileges.review import ChecklistItem, ItemState
from clerk_desk.street_privileges.service import PrivilegeData
from clerk_desk.words import format_day


@dataclass(frozen=True, slots=True)
class PrivilegeRow:
    """A street privilege as the register and the details show it, read inside one action."""

    id: int
    number: str
    applicant_id: int
    applicant: str
    applicant_address: str
    purpose: PrivilegePurpose
    location: str
    street_id: int | None
    street: str
    parcel_id: int | None
    parcel: str  # "01-234-5678 · 118 Orange St N", or nothing
    parcel_owner: str  # the owner charged for a removal by the City, or nothing
    description: str
    route: str
    building_permit_required: bool
    building_permit_number: str
    planned_start: date | None
    planned_end: date | None
    street_width_in: int | None
    street_used_in: int | None
    sidewalk_width_in: int | None
    sidewalk_used_in: int | None
    gutter_clear: bool
    temporary_sidewalk_width_in: int | None
    fence_height_in: int | None
    police_advice: str
    police_advice_on: date | None
    inspector_advice: str
    inspector_advice_on: date | None
    insurance_required: bool
    insurance_minimums: tuple[tuple[CoverageKind, Money], ...]
    bond_amount: Money | None
    conditions: str
    applied_at: datetime  # City Hall's time
    received_by: str
    status: PrivilegeStatus
    status_text: str  # as the register shows it today: "Issued", "Ended Feb 28, 2027" …
    in_force: bool
    issued_on: date | None
    issued_by: str
    earlier_end_on: date | None
    earlier_end_note: str
    ends_on: date | None
    revoked_on: date | None
    revoked_by: str
    revoked_by_title: str
    revoke_reason: str
    closed_on: date | None
    removal_notice_at: datetime | None  # City Hall's time
    removal_notice_to: str
    removed_by_city_on: date | None
    removal_barred: str  # why § 506-9 (Removal by City) cannot reach it (the core's words), or ""
    refused_reason: str
    notes: str

    @classmethod
    def of(cls, privilege: StreetPrivilege, zone: tzinfo, today: date) -> PrivilegeRow:
        applicant = privilege.applicant
        parcel = privilege.parcel
        owner = parcel.owner if parcel is not None else None
        minimums = tuple(
            (CoverageKind(kind), Money.from_cents(int(cents)))
            for kind, cents in (privilege.insurance_minimums or {}).items()
        )
        barred = street_privileges_removal.removal_barred(privilege, zone)
        return cls(
            id=privilege.id,
            number=privilege.number,
            applicant_id=privilege.applicant_id,
            applicant=applicant.name,
            applicant_address=", ".join(p for p in (applicant.street, applicant.city) if p),
            purpose=PrivilegePurpose(privilege.purpose),
            location=privilege.location,
            street_id=privilege.street_id,
            street=privilege.street.full_name if privilege.street is not None else "",
            parcel_id=privilege.parcel_id,
            parcel=(
                " · ".join(p for p in (parcel.parcel_number, parcel.site_address) if p)
                if parcel is not None
                else ""
            ),
            parcel_owner=owner.name if owner is not None else "",
            description=privilege.description,
            route=privilege.route,
            building_permit_required=privilege.building_permit_required,
            building_permit_number=privilege.building_permit_number,
            planned_start=privilege.planned_start,
            planned_end=privilege.planned_end,
            street_width_in=privilege.street_width_in,
            street_used_in=privilege.street_used_in,
            sidewalk_width_in=privilege.sidewalk_width_in,
            sidewalk_used_in=privilege.sidewalk_used_in,
            gutter_clear=privilege.gutter_clear,
            temporary_sidewalk_width_in=privilege.temporary_sidewalk_width_in,
            fence_height_in=privilege.fence_height_in,
            police_advice=privilege.police_advice,
            police_advice_on=privilege.police_advice_on,
            inspector_advice=privilege.inspector_advice,
            inspector_advice_on=privilege.inspector_advice_on,
            insurance_required=privilege.insurance_required,
            insurance_minimums=minimums,
            bond_amount=privilege.bond_amount,
            conditions=privilege.conditions,
            applied_at=privilege.applied_at.astimezone(zone),
            received_by=privilege.received_by_name,
            status=PrivilegeStatus(privilege.status),
            status_text=street_privileges.display_status(privilege, today),
            in_force=street_privileges.is_in_force(privilege, today),
            issued_on=privilege.issued_on,
            issued_by=privilege.issued_by_name,
            earlier_end_on=privilege.earlier_end_on,
            earlier_end_note=privilege.earlier_end_note,
            ends_on=privilege.ends_on,
            revoked_on=privilege.revoked_on,
            revoked_by=privilege.revoked_by_name,
            revoked_by_title=privilege.revoked_by_title,
            revoke_reason=privilege.revoke_reason,
            closed_on=privilege.closed_on,
            removal_notice_at=(
                privilege.removal_notice_at.astimezone(zone)
                if privilege.removal_notice_at is not None
                else None
            ),
            removal_notice_to=privilege.removal_notice_to,
            removed_by_city_on=privilege.removed_by_city_on,
            removal_barred=barred.message if barred is not None else "",
            refused_reason=privilege.refused_reason,
            notes=privilege.notes,
        )

    @property
    def applied_on(self) -> date:
        return self.applied_at.date()

    @property
    def undecided(self) -> bool:
        """An application not yet issued, refused or withdrawn: it may be corrected."""
        return self.status is PrivilegeStatus.APPLIED

    @property
    def issued(self) -> bool:
        """Issued at some time: a permit exists to print."""
        return self.issued_on is not None

    @property
    def standing(self) -> bool:
        """Issued and neither revoked nor closed: its conditions are still checked."""
        return self.status is PrivilegeStatus.ISSUED

    @property
    def finished(self) -> bool:
        return self.status in (
            PrivilegeStatus.CLOSED,
            PrivilegeStatus.REVOKED,
            PrivilegeStatus.REFUSED,
            PrivilegeStatus.WITHDRAWN,
        )

    @property
    def planned_days(self) -> str:
        """ "Mon May 3, 2027 to Fri May 7, 2027", or what is known of it."""
        start, end = self.planned_start, self.planned_end
        if start is None and end is None:
            return ""
        if start is None:
            return f"until {format_day(end)}" if end else ""
        if end is None or end == start:
            return format_day(start)
        return f"{format_day(start)} to {format_day(end)}"

    @property
    def minimums(self) -> dict[CoverageKind, Money]:
        return dict(self.insurance_minimums)

    def data(self) -> PrivilegeData:
        return PrivilegeData(
            applicant_id=self.applicant_id,
            purpose=self.purpose,
            location=self.location,
            street_id=self.street_id,
            parcel_id=self.parcel_id,
            description=self.description,
            route=self.route,
            building_permit_required=self.building_permit_required,
            building_permit_number=self.building_permit_number,
            planned_start=self.planned_start,
            planned_end=self.planned_end,
            street_width_in=self.street_width_in,
            street_used_in=self.street_used_in,
            sidewalk_width_in=self.sidewalk_width_in,
            sidewalk_used_in=self.sidewalk_used_in,
            gutter_clear=self.gutter_clear,
            temporary_sidewalk_width_in=self.temporary_sidewalk_width_in,
            fence_height_in=self.fence_height_in,
            notes=self.notes,
        )


@dataclass(frozen=True, slots=True)
class ConditionRow:
    """One condition of occupancy on the permit, and its last check."""

    key: str
    text: str
    cite: str
    check: ConditionCheck | None

    @property
    def title(self) -> str:
        """The condition in a few words (the ordinance's words are its tooltip)."""
        return street_privileges_rules.CONDITION_TITLES.get(self.key) or self.text

    @property
    def result(self) -> str:
        if self.check is None:
            return "Not checked"
        return "Kept" if self.check.ok else "Violated"

    @property
    def when(self) -> str:
        """ "11/30/2026 by Dana Whitfield, Chief of Police" — the official who checked it."""
        if self.check is None:
            return ""
        official = self.check.official
        return f"{words.us_date(self.check.on)}" + (f" by {official}" if official else "")

    @property
    def recorded(self) -> str:
        """Who recorded the check at the counter (the tooltip of :attr:`when`)."""
        if self.check is None or not self.check.recorded_by:
            return ""
        return f"Recorded by {self.check.recorded_by}"


@dataclass(frozen=True, slots=True)
class DueRow:
    """One amount billed for the permit: the fee, City costs, a removal charge."""

    kind: DueKind
    description: str
    party: str
    amount: Money
    paid: Money
    status: DueStatus
    due_on: date | None
    cite: str

    @property
    def balance(self) -> Money:
        return self.amount - self.paid


@dataclass(frozen=True, slots=True)
class PrivilegeDetails:
    """Everything the tab shows of the permit chosen, read in one action."""

    row: PrivilegeRow
    review: tuple[ChecklistItem, ...]  # empty once the application is decided
    widths: tuple[Finding, ...]
    conditions: tuple[ConditionRow, ...]
    dues: tuple[DueRow, ...]
    history: tuple[HistoryEntry, ...]
    acts: Mapping[PrivilegeAct, str | None]  # each act's refusal now, or None: allowed

    @property
    def blocking(self) -> tuple[ChecklistItem, ...]:
        return tuple(i for i in self.review if i.state is ItemState.NOT_MET)


def search_privilege_rows(
    action: Action,
    text: str = "",
    *,
    status: PrivilegeStatus | None = None,
    year: int | None = None,
    limit: int = street_privileges_rules.SEARCH_LIMIT,
) -> list[PrivilegeRow]:
    zone, today = action.zone, action.today()
    return [
        PrivilegeRow.of(p, zone, today)
        for p in street_privileges.search_privileges(
            action.session, text, status=status, year=year, limit=limit
        )
    ]


def privilege_row(action: Action, privilege_id: int) -> PrivilegeRow:
    return PrivilegeRow.of(
        street_privileges_records.get_privilege(action.session, privilege_id),
        action.zone,
        action.today(),
    )


def width_findings_of(row: PrivilegeRow) -> list[Finding]:
    return street_privileges_rules.width_findings(
        row.street_width_in,
        row.street_used_in,
        row.sidewalk_width_in,
        row.sidewalk_used_in,
        row.purpose,
        row.temporary_sidewalk_width_in,
        row.fence_height_in,
        row.gutter_clear,
    )


def due_rows(action: Action, privilege_id: int) -> list[DueRow]:
    found = ledger.dues_for(
        action.session, ledger.RecordRef(street_privileges_rules.RECORD_TYPE, str(privilege_id))
    )
    return [
        DueRow(
            DueKind(d.kind),
            d.description,
            d.party.name,
            d.amount,
            d.paid,
            DueStatus(d.status),
            d.due_on,
            d.cite,
        )
        for d in found
    ]


def privilege_details(action: Action, privilege_id: int) -> PrivilegeDetails:
    session = action.session
    privilege = street_privileges_records.get_privilege(session, privilege_id)
    row = PrivilegeRow.of(privilege, action.zone, action.today())
    review = street_privileges_review.review(action, privilege_id) if row.undecided else []
    conditions = [
        ConditionRow(key, text, cite, check)
        for key, text, cite, check in street_privileges_occupancy.conditions_checklist(privilege)
    ]
    zone = action.zone
    history = street_privileges.history(session, privilege_id, zone=zone)
    return PrivilegeDetails(
        row,
        tuple(review),
        tuple(width_findings_of(row)),
        tuple(conditions),
        tuple(due_rows(action, privilege_id)),
        tuple(history),
        street_privileges_acts.acts(action, privilege_id),
    )


# ---- what a form or the tab asks of the core, through the Action -----------------------------


def register_years(action: Action) -> list[int]:
    """The years the register holds, latest first (the tab's year filter)."""
    return street_privileges.register_years(action.session)


def parcel(action: Action, parcel_id: int) -> ParcelRow:
    """The abutting parcel chosen on the form, as the parcel chooser shows it."""
    return parties_views.parcel_row(action.session, parcel_id)


def issue_checklist(
    action: Action, privilege_id: int, *, earlier_end_on: date | None = None
) -> list[ChecklistItem]:
    """The requirements for issuing the permit now, with the earlier end the Council set."""
    privilege = street_privileges_records.get_privilege(action.session, privilege_id)
    return street_privileges_review.checklist(action, privilege, earlier_end_on=earlier_end_on)
