"""What the Special Charges tab reads: the register's rows, the chosen charge's details and the
tax-roll runs, frozen values built inside one action from the records. The window shows them
and never reads a record."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy.orm import Session

from clerk_desk import ledger, settings_store
from clerk_desk.desk import Action
from clerk_desk.kinds import ChargeKind
from clerk_desk.models import ChargeLine, SpecialCharge
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges import views as scv
from clerk_desk.special_charges.acts import ChargeAct, RunAct, allow, allow_run
from clerk_desk.special_charges.acts import acts as charge_acts
from clerk_desk.special_charges.acts import run_acts as run_acts
from clerk_desk.special_charges.rules import Standing
from clerk_desk.special_charges.views import ChargeView, RunView
from clerk_desk.validation import max_length
from clerk_desk.words import format_day


@dataclass(frozen=True, slots=True)
class ChargeRow:
    """A special charge as the register shows it, read inside one action."""

    id: int
    number: str
    kind: ChargeKind
    parcel_number: str
    site_address: str
    owner_name: str
    billed_party_id: int
    billed_name: str
    billed_as: str
    work: str
    work_done_on: date
    total: Money
    paid: Money
    balance: Money
    bill_on: date | None
    delivered_how: str
    received_on: date | None
    due_on: date | None
    tax_roll_on: date | None
    standing: Standing
    run_number: str

    @classmethod
    def of(cls, charge: SpecialCharge, today: date) -> ChargeRow:
        parcel = charge.parcel
        owner = parcel.owner if parcel is not None else None
        return cls(
            id=charge.id,
            number=charge.number,
            kind=ChargeKind(charge.kind),
            parcel_number=parcel.parcel_number if parcel is not None else "",
            site_address=parcel.site_address if parcel is not None else "",
            owner_name=owner.name if owner is not None else "",
            billed_party_id=charge.billed_party_id,
            billed_name=charge.billed_party.name,
            billed_as=charge.billed_as,
            work=charge.work,
            work_done_on=charge.work_done_on,
            total=charge.total,
            paid=sc.paid(charge),
            balance=sc.balance(charge),
            bill_on=charge.bill_on,
            delivered_how=charge.delivered_how,
            received_on=charge.received_on,
            due_on=charge.due_on,
            tax_roll_on=charge.tax_roll_on,
            standing=sc.standing(charge, today),
            run_number=charge.run.number if charge.run is not None else "",
        )

    @property
    def clock(self) -> charge_rules.ChargeClock:
        return charge_rules.clock_for(self.kind)

    @property
    def billed(self) -> bool:
        return self.bill_on is not None

    @property
    def parcel_text(self) -> str:
        return " · ".join(p for p in (self.parcel_number, self.site_address) if p)


def search_charges(
    session: Session,
    text: str = "",
    *,
    kind: ChargeKind | None = None,
    standing: Standing | None = None,
    year: int | None = None,
    today: date,
    limit: int = sc.SEARCH_LIMIT,
) -> list[SpecialCharge]:
    """The charges the register's search and filters show (the core filters, then limits)."""
    return sc.search_charges(
        session, text, kind=kind, year=year, standing=standing, today=today, limit=limit
    )


def search_charge_rows(
    action: Action,
    text: str = "",
    *,
    kind: ChargeKind | None = None,
    standing: Standing | None = None,
    year: int | None = None,
    limit: int = sc.SEARCH_LIMIT,
) -> list[ChargeRow]:
    today = action.today()
    found = search_charges(
        action.session, text, kind=kind, standing=standing, year=year, today=today, limit=limit
    )
    return [ChargeRow.of(charge, today) for charge in found]


@dataclass(frozen=True, slots=True)
class ChargeDetails:
    """Everything the tab shows of the charge chosen, read in one action."""

    row: ChargeRow
    view: ChargeView
    source: str  # "Street opening permit SO-2026-014", or ""
    acts: dict[ChargeAct, str | None]  # what the operator may do with it now, and why not


def charge_details(action: Action, charge_id: int) -> ChargeDetails:
    session = action.session
    charge = sc.get_charge(session, charge_id)
    row = ChargeRow.of(charge, action.today())
    view = scv.charge_view(session, charge_id, today=action.today(), tz=action.zone)
    return ChargeDetails(row, view, view.source, charge_acts(action, charge_id))


def run_details(action: Action, run_id: int) -> RunView:
    """One tax-roll run as the tab shows it (the one just prepared or certified)."""
    return scv.run_view(action.session, run_id, tz=action.zone)


def run_list(action: Action) -> list[RunView]:
    return scv.run_views(action.session, tz=action.zone)


DESCRIPTION_LENGTH = max_length(ChargeLine.description)
DELIVERED_HOW_LENGTH = max_length(SpecialCharge.delivered_how)
"""How many characters a line's description and the way a bill was delivered hold: the forms
take no more (:func:`clerk_desk.validation.max_length`, as the services check)."""


def register_years(action: Action) -> list[int]:
    return sc.register_years(action.session)


def outstanding_total(action: Action) -> Money:
    return sc.outstanding_total(action.session)


def gl_account(action: Action) -> str:
    """The general-ledger account new special charges post to."""
    return ledger.special_charge_account(action.session)


def charge_recorded(action: Action, charge_id: int) -> str:
    """ "Charge SC-2026-004 recorded: $412.50, due Mon Dec 28, 2026." — what the tab says of a
    charge just recorded."""
    charge = sc.get_charge(action.session, charge_id)
    text = f"Charge {charge.number} recorded: {charge.total}"
    if charge.due_on is not None:
        text += f", due {format_day(charge.due_on)}"
    elif charge.bill_on is None:
        text += "; record its bill when it goes out"
    return text + "."


def certify_problem(action: Action, run_id: int) -> str | None:
    """Why the tax-roll run cannot be certified today (the core's reason), or None."""
    return tax_roll.certify_problem(tax_roll.get_run(action.session, run_id), action.today())


# ---- what each paper is drawn from, read inside one action; drawn after it has closed --------


@dataclass(frozen=True, slots=True)
class ChargePaper:
    """A charge's bill or reminder: its view, the City's letterhead, the day printed."""

    view: ChargeView
    profile: CityProfile
    printed_on: date


def charge_paper(
    action: Action, charge_id: int, act: ChargeAct = ChargeAct.PRINT_BILL
) -> ChargePaper:
    """The bill (or, ``act`` :attr:`ChargeAct.REMINDER`, the reminder) of a charge, once the
    charge allows it."""
    allow(action, act, sc.get_charge(action.session, charge_id))
    view = scv.charge_view(action.session, charge_id, today=action.today())
    return ChargePaper(view, settings_store.city_profile(action.session), action.today())


@dataclass(frozen=True, slots=True)
class RunPaper:
    """A tax-roll run, as its list for the county prints and exports."""

    view: RunView
    profile: CityProfile


def run_paper(action: Action, run_id: int, act: RunAct = RunAct.PRINT) -> RunPaper:
    """A run's list, to print (or, ``act`` :attr:`RunAct.EXPORT`, to export), once the run
    allows it."""
    allow_run(action, act, tax_roll.get_run(action.session, run_id))
    view = scv.run_view(action.session, run_id, tz=action.clock.local_now().tzinfo)
    return RunPaper(view, settings_store.city_profile(action.session))


@dataclass(frozen=True, slots=True)
class RegisterSheet:
    """The register workbook's rows (every charge the search and filters find) and its City."""

    charges: tuple[ChargeView, ...]
    city: str


def register_sheet(
    action: Action,
    text: str,
    *,
    kind: ChargeKind | None,
    standing: Standing | None,
    year: int | None,
    limit: int,
) -> RegisterSheet:
    session, today = action.session, action.today()
    found = search_charges(
        session, text, kind=kind, standing=standing, year=year, today=today, limit=limit
    )
    views = scv.charge_views(session, found, today=today, tz=action.clock.local_now().tzinfo)
    return RegisterSheet(tuple(views), settings_store.city_profile(session).city_name)
