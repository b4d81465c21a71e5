"""What the special charges papers and screens show, read once as plain data.

The bill and the reminder, the tax roll run (PDF and the county's Excel layout) and the register
take these dataclasses, so ``reports`` prints without a query and the screens show the same
figures the papers print. Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from sqlalchemy.orm import Session

from clerk_desk import officials
from clerk_desk.clock import city_zone
from clerk_desk.due_receipts import FeeReceipt, fee_receipts
from clerk_desk.kinds import ChargeKind, DueKind, RunStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    Base,
    EnforcementCase,
    SidewalkPermit,
    SidewalkRepairOrder,
    SpecialCharge,
    StreetOpening,
    StreetPrivilege,
    TaxRollRun,
)
from clerk_desk.money import Money
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll

SOURCE_NAMES: dict[str, str] = {
    "street_opening": "Street opening permit",
    "street_privilege": "Street privilege permit",
    "sidewalk_permit": "Sidewalk permit",
    "sidewalk_repair_order": "Sidewalk repair order",
    "sidewalk_cafe": "Sidewalk cafe permit",
    "vending_application": "Vending application",
    "enforcement_case": "Enforcement case",
}
"""What the permit or order a charge may come from is called."""

_SOURCE_MODELS: dict[str, type[Base]] = {
    "street_opening": StreetOpening,
    "street_privilege": StreetPrivilege,
    "sidewalk_permit": SidewalkPermit,
    "sidewalk_repair_order": SidewalkRepairOrder,
    "enforcement_case": EnforcementCase,
}


def source_number(session: Session, record_type: str, record_id: str) -> str:
    """The number of the permit or order a charge comes from ("SO-2026-014"), or ""."""
    model = _SOURCE_MODELS.get(record_type)
    if model is None or not record_id.isdigit():
        return ""
    found = session.get(model, int(record_id))
    return str(getattr(found, "number", "") or "")


def source_text(session: Session, record_type: str, record_id: str) -> str:
    """The permit or order a charge comes from, by its number ("Street opening permit
    SO-2026-014"), or "" when it names none."""
    if not record_type:
        return ""
    what = SOURCE_NAMES.get(record_type, record_type.replace("_", " ").capitalize())
    number = ""
    if record_id.isdigit():
        number = source_number(session, record_type, record_id) or f"record {record_id}"
    return f"{what} {number}".strip()


@dataclass(frozen=True, slots=True)
class CostLine:
    category: str
    description: str
    amount: Money


@dataclass(frozen=True, slots=True)
class ChargeView:
    """One charge as its bill, its reminder and the detail pane show it."""

    charge_id: int
    number: str
    kind: ChargeKind
    title: str  # what the City did, e.g. "Obstruction removed by the City"
    cite: str
    ordered_by: str  # the official the section has do the work, with the cite, or ""
    clock: str  # the section's clock in a sentence
    billed_name: str
    billed_address: str
    billed_as: str
    parcel_number: str
    site_address: str
    owner_name: str  # the parcel's owner of record ("" when none is on file)
    owner_address: str
    owner_copy: bool  # the owner is not the party billed: the bill goes to the owner as well
    work: str
    work_done_on: date
    lines: tuple[CostLine, ...]
    cost: Money  # the lines
    administration: Money  # 20% of a deficiency repair's labor, materials, equipment (§ 506-6)
    total: Money
    paid: Money
    balance: Money
    bill_on: date | None
    first_bill_on: date | None  # as first recorded, when the bill was corrected since
    bill_note: str  # why the bill was corrected
    delivered_how: str
    received_on: date | None
    due_on: date | None
    tax_roll_on: date | None
    on_tax_roll: bool  # the section lets the unpaid balance go on the tax roll
    awaiting_notice: bool  # § 506-7: billed, the actual notice not yet recorded
    standing: str  # "Billed", "Partly paid", "Overdue", …
    run_number: str  # the tax roll run that certified it, or ""
    certified_amount: Money | None
    record_type: str
    record_id: str
    source: str  # "Street opening permit SO-2026-014", or ""
    payments: tuple[FeeReceipt, ...]  # refunds with negative amounts
    supplements: str  # the certified charge a supplemental one is owed again on, or ""
    supplemented_by: tuple[str, ...]  # the supplemental charges owed again on this one
    cancelled_on: date | None
    cancel_reason: str
    notes: str


def _view(session: Session, charge: SpecialCharge, today: date, zone: tzinfo) -> ChargeView:
    clock = charge_rules.clock_for(charge.kind)
    billed = charge.billed_party
    parcel = charge.parcel
    owner = parcel.owner if parcel is not None else None
    cost = sum((line.amount for line in charge.lines), Money.zero())
    standing = sc.standing(charge, today)
    return ChargeView(
        charge_id=charge.id,
        number=charge.number,
        kind=ChargeKind(charge.kind),
        title=clock.title,
        cite=clock.cite,
        ordered_by=str(officials.responsible_for("special_charge.created", charge.kind) or ""),
        clock=clock.explain(),
        billed_name=billed.name,
        billed_address=billed.mailing_address,
        billed_as=charge.billed_as,
        parcel_number=parcel.parcel_number if parcel is not None else "",
        site_address=parcel.site_address if parcel is not None else "",
        owner_name=owner.name if owner is not None else "",
        owner_address=owner.mailing_address if owner is not None else "",
        owner_copy=(clock.on_tax_roll and owner is not None and owner.id != charge.billed_party_id),
        work=charge.work,
        work_done_on=charge.work_done_on,
        lines=tuple(
            CostLine(line.category, line.description, line.amount) for line in charge.lines
        ),
        cost=cost,
        administration=charge.administration,
        total=charge.total,
        paid=sc.paid(charge),
        balance=sc.balance(charge),
        bill_on=charge.bill_on,
        first_bill_on=(charge.first_bill_on if charge.first_bill_on != charge.bill_on else None),
        bill_note=charge.bill_note,
        delivered_how=charge.delivered_how,
        received_on=charge.received_on,
        due_on=charge.due_on,
        tax_roll_on=charge.tax_roll_on,
        on_tax_roll=clock.on_tax_roll,
        awaiting_notice=(
            charge.bill_on is not None
            and charge.due_on is None
            and charge.kind in charge_rules.NOTICE_KINDS
        ),
        standing=standing.label,
        run_number=charge.run.number if charge.run is not None else "",
        certified_amount=charge.certified_amount,
        record_type=charge.record_type,
        record_id=charge.record_id,
        source=source_text(session, charge.record_type, charge.record_id),
        payments=tuple(
            fee_receipts(
                session,
                RecordRef(sc.RECORD_TYPE, str(charge.id)),
                kinds=(DueKind.SPECIAL_CHARGE,),
                tz=zone,
                refunds=True,
            )
        ),
        supplements=charge.supplements.number if charge.supplements is not None else "",
        supplemented_by=tuple(c.number for c in sc.supplements_of(session, charge.id)),
        cancelled_on=charge.cancelled_on,
        cancel_reason=charge.cancel_reason or _due_cancel_reason(charge),
        notes=charge.notes,
    )


def _due_cancel_reason(charge: SpecialCharge) -> str:
    due = charge.amount_due
    return due.cancel_reason if due is not None and sc.cancelled(charge) else ""


def charge_view(
    session: Session, charge_id: int, *, today: date, tz: tzinfo | None = None
) -> ChargeView:
    return _view(session, sc.get_charge(session, charge_id), today, tz or city_zone())


def charge_views(
    session: Session, charges: Sequence[SpecialCharge], *, today: date, tz: tzinfo | None = None
) -> list[ChargeView]:
    zone = tz or city_zone()
    return [_view(session, charge, today, zone) for charge in charges]


@dataclass(frozen=True, slots=True)
class RunEntry:
    """One row of the roll as the county's tax-roll clerk reads it."""

    parcel_number: str
    owner_name: str  # "" when the parcel has no owner on file (the run is not certified so)
    owner_address: str
    site_address: str
    description: str
    section: str
    amount: Money
    charge_number: str

    @property
    def owner_on_file(self) -> bool:
        return bool(self.owner_name)

    @property
    def owner_text(self) -> str:
        return self.owner_name or tax_roll.OWNER_NOT_ON_FILE


@dataclass(frozen=True, slots=True)
class RunView:
    run_id: int
    number: str
    as_of: date
    status: RunStatus
    prepared_at: datetime  # in City time
    prepared_by: str
    certified_at: datetime | None  # in City time
    certified_by: str
    entries: tuple[RunEntry, ...]
    total: Money
    note: str

    @property
    def parcels(self) -> int:
        return len({entry.parcel_number for entry in self.entries})

    @property
    def preview(self) -> bool:
        return self.status is RunStatus.PREVIEW

    @property
    def owners_missing(self) -> tuple[str, ...]:
        """The parcels listed with no owner on file (the run is not certified so)."""
        return tuple(dict.fromkeys(e.parcel_number for e in self.entries if not e.owner_on_file))

    def totals_by_section(self) -> list[tuple[str, int, Money]]:
        """(section, number of charges, amount) in the order the sections first appear."""
        totals: dict[str, tuple[int, Money]] = {}
        for entry in self.entries:
            count, amount = totals.get(entry.section, (0, Money.zero()))
            totals[entry.section] = (count + 1, amount + entry.amount)
        return [(section, count, amount) for section, (count, amount) in totals.items()]


def _run_view(run: TaxRollRun, zone: tzinfo) -> RunView:
    return RunView(
        run_id=run.id,
        number=run.number,
        as_of=run.as_of,
        status=RunStatus(run.status),
        prepared_at=run.prepared_at.astimezone(zone),
        prepared_by=run.prepared_by_name,
        certified_at=run.certified_at.astimezone(zone) if run.certified_at else None,
        certified_by=run.certified_by_name,
        entries=tuple(
            RunEntry(
                parcel_number=entry.parcel_number,
                owner_name=entry.owner_name,
                owner_address=entry.owner_address,
                site_address=entry.site_address,
                description=entry.description,
                section=entry.section,
                amount=entry.amount,
                charge_number=entry.charge.number,
            )
            for entry in run.entries
        ),
        total=run.total,
        note=run.note,
    )


def run_view(session: Session, run_id: int, *, tz: tzinfo | None = None) -> RunView:
    return _run_view(tax_roll.get_run(session, run_id), tz or city_zone())


def run_views(session: Session, *, tz: tzinfo | None = None) -> list[RunView]:
    zone = tz or city_zone()
    return [_run_view(run, zone) for run in tax_roll.runs(session)]
