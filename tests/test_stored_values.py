"""Bad input refused at the core, on SQLite and PostgreSQL alike, with nothing saved.

A full card number (whatever parts its digits), a control character and a text too long for its
column are refused next to the field, by the service's own check or by the flush check under
every service (clerk_desk.stored_values); so are an amount past any sane size, an unknown tender
kind, a GL account outside the City's chart, and a reprint by a role that may not reprint.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, time
from typing import Any

import pytest
from sqlalchemy import func, select

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import InvalidInput, PermissionDenied
from clerk_desk.kinds import (
    ApplicantKind,
    BondKind,
    ChargeKind,
    DueKind,
    PartyKind,
    PetitionKind,
    ReceiptStatus,
    Role,
    TenderKind,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import (
    AmountDue,
    AuditEvent,
    Bond,
    Party,
    Petition,
    Receipt,
    SpecialCharge,
    VendingApplication,
)
from clerk_desk.money import MAX_ENTRY, Money
from clerk_desk.permissions import Permission, allows
from clerk_desk.petitions import service as petitions
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import LineEntry, TenderEntry
from clerk_desk.special_charges import service as sc
from clerk_desk.stored_values import TEXT_LIMIT
from clerk_desk.vending import service as vending
from clerk_desk.vending.application import ApplicationData, SlotData

STATION = "Counter 1"
CARDS = {
    "dots": "4111.1111.1111.1111",
    "slashes": "5555/5555/5555/4444",
    "underscores": "3782_822463_10005",
    "double spaces": "6011  1111  1111  1117",
}


@dataclass
class World:
    desk: Desk
    admin: SignedIn
    treasurer: SignedIn
    party: int
    parcel: int
    receipt: int


@pytest.fixture
def world(desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn]) -> World:
    treasurer = operator_with(Role.TREASURER)
    with desk.action(admin) as action:
        party = parties.add_party(
            action, parties.PartyData(kind=PartyKind.BUSINESS, name="Hanson Excavating LLC")
        ).id
        parcel = parties.add_parcel(
            action,
            parties.ParcelData(
                parcel_number="281-03001-0000", site_address="412 Orange St", owner_id=party
            ),
        ).id
    with desk.action(treasurer) as action:
        receipts.open_drawer(action, station=STATION, opening_cash=Money("100.00"))
    receipt = _pay(desk, treasurer)
    return World(desk, admin, treasurer, party, parcel, receipt)


def _line(reference: str = "", note: str = "", gl: str = "100-44300-000") -> LineEntry:
    return LineEntry("Street opening permit", Money("50.00"), gl, reference=reference, note=note)


def _pay(
    desk: Desk,
    who: SignedIn,
    *,
    payer_name: str = "Zoë Lindqvist",
    note: str = "",
    line: LineEntry | None = None,
    tender: TenderEntry | None = None,
) -> int:
    with desk.action(who) as action:
        return receipts.take_payment(
            action,
            station=STATION,
            payer_id=None,
            payer_name=payer_name,
            lines=[line or _line()],
            tenders=[tender or TenderEntry(TenderKind.CASH, Money("50.00"))],
            note=note,
        ).id


def _party_data(**changes: Any) -> parties.PartyData:
    return dataclasses.replace(
        parties.PartyData(kind=PartyKind.PERSON, name="Anna Berg"), **changes
    )


def _check_tender(name: str) -> TenderEntry:
    return TenderEntry(TenderKind.CHECK, Money("50.00"), check_number="1042", name_on_check=name)


def _bill(action: Action, party: int, description: str, gl: str = "100-46300-000") -> None:
    ledger.bill(
        action,
        party_id=party,
        record=RecordRef("permit", "1"),
        kind=DueKind.FEE,
        amount=Money("5.00"),
        description=description,
        gl_account=gl,
    )


def _bond(action: Action, party: int, surety: str = "Western Surety", note: str = "") -> None:
    bonds.file_bond(
        action,
        bonds.BondData(
            kind=BondKind.STREET_OPENING,
            principal_id=party,
            surety=surety,
            bond_number="58-112",
            amount=Money("10000"),
            effective_on=date(2026, 11, 1),
            note=note,
        ),
    )


def _petition(action: Action, world: World, description: str = "", staff_notes: str = "") -> None:
    petitions.receive_petition(
        action,
        petitions.PetitionData(
            kind=PetitionKind.RESURFACING,
            street="Orange St",
            limits_from="Broad St N",
            limits_to="Court St",
            description=description,
            staff_notes=staff_notes,
            signers=(petitions.SignerData(party_id=world.party, parcel_id=world.parcel),),
        ),
    )


def _vending(action: Action, party: int, goods: str = "Ice cream", notes: str = "") -> None:
    vending.receive_application(
        action,
        ApplicationData(
            applicant_id=party,
            applicant_kind=ApplicantKind.VENDOR,
            event_name="Holiday Market on Broad Street",
            goods=goods,
            contact_name="Rosa Dahl",
            slots=(SlotData(date(2026, 12, 14), time(10), time(18), "200 block of Broad St N"),),
            notes=notes,
        ),
    )


def _charge(action: Action, world: World, work: str = "Snow removal", notes: str = "") -> None:
    sc.create_charge(
        action,
        sc.ChargeData(
            ChargeKind.SNOW_ICE,
            world.party,
            work,
            date(2026, 11, 2),
            [sc.LineData("labor", "Crew", Money("100.00"))],
            parcel_id=world.parcel,
            notes=notes,
        ),
    )


# Each case: who acts, what the service does with the bad text, the field the clerk sees it
# beside, the limit of that field, and what to count to show nothing was saved.
Do = Callable[[Action, World, str], object]
CASES: dict[str, tuple[str, Do, str, int, Callable[[World], object]]] = {}


def _case(name: str, who: str, field: str, limit: int, saved: Callable[[World], object]):
    def register(do: Do) -> Do:
        CASES[name] = (who, do, field, limit, saved)
        return do

    return register


def _count(model: type[Any]) -> Callable[[World], object]:
    def count(world: World) -> object:
        with world.desk.database.reading() as session:
            rows = session.scalar(select(func.count()).select_from(model))
            events = session.scalar(select(func.count()).select_from(AuditEvent))
            return rows, events

    return count


def _party_row(world: World) -> object:
    with world.desk.database.reading() as session:
        party = session.get(Party, world.party)
        assert party is not None
        events = session.scalar(select(func.count()).select_from(AuditEvent))
        return party.name, party.notes, events


def _receipt_row(world: World) -> object:
    with world.desk.database.reading() as session:
        receipt = session.get(Receipt, world.receipt)
        assert receipt is not None
        return receipt.status, receipt.void_reason


_case("party name", "admin", "name", 200, _count(Party))(
    lambda a, w, text: parties.add_party(a, _party_data(name=text))
)
_case("party notes", "admin", "notes", TEXT_LIMIT, _count(Party))(
    lambda a, w, text: parties.add_party(a, _party_data(notes=text))
)
_case("party name changed", "admin", "name", 200, _party_row)(
    lambda a, w, text: parties.update_party(
        a, w.party, _party_data(kind=PartyKind.BUSINESS, name=text)
    )
)
_case("party notes changed", "admin", "notes", TEXT_LIMIT, _party_row)(
    lambda a, w, text: parties.update_party(
        a, w.party, _party_data(kind=PartyKind.BUSINESS, name="Hanson Excavating LLC", notes=text)
    )
)
_case("payer name", "treasurer", "payer", 200, _count(Receipt))(
    lambda a, w, text: _pay_in(a, payer_name=text)
)
_case("receipt note", "treasurer", "note", TEXT_LIMIT, _count(Receipt))(
    lambda a, w, text: _pay_in(a, note=text)
)
_case("line reference", "treasurer", "lines", 120, _count(Receipt))(
    lambda a, w, text: _pay_in(a, line=_line(reference=text))
)
_case("name on check", "treasurer", "tender_0_name_on_check", 120, _count(Receipt))(
    lambda a, w, text: _pay_in(a, tender=_check_tender(text))
)
_case("void reason", "treasurer", "reason", TEXT_LIMIT, _receipt_row)(
    lambda a, w, text: receipts.void_receipt(a, w.receipt, reason=text)
)
_case("amount due description", "admin", "description", 200, _count(AmountDue))(
    lambda a, w, text: _bill(a, w.party, text)
)
_case("bond surety", "admin", "surety", 120, _count(Bond))(
    lambda a, w, text: _bond(a, w.party, surety=text)
)
_case("bond note", "admin", "note", TEXT_LIMIT, _count(Bond))(
    lambda a, w, text: _bond(a, w.party, note=text)
)
_case("petition description", "admin", "description", TEXT_LIMIT, _count(Petition))(
    lambda a, w, text: _petition(a, w, description=text)
)
_case("petition staff notes", "admin", "staff_notes", TEXT_LIMIT, _count(Petition))(
    lambda a, w, text: _petition(a, w, staff_notes=text)
)
_case("vending goods", "admin", "goods", TEXT_LIMIT, _count(VendingApplication))(
    lambda a, w, text: _vending(a, w.party, goods=text)
)
_case("vending notes", "admin", "notes", TEXT_LIMIT, _count(VendingApplication))(
    lambda a, w, text: _vending(a, w.party, notes=text)
)
_case("special charge work", "admin", "work", TEXT_LIMIT, _count(SpecialCharge))(
    lambda a, w, text: _charge(a, w, work=text)
)
_case("special charge notes", "admin", "notes", TEXT_LIMIT, _count(SpecialCharge))(
    lambda a, w, text: _charge(a, w, notes=text)
)


def _pay_in(action: Action, **changes: Any) -> None:
    receipts.take_payment(
        action,
        station=STATION,
        payer_id=None,
        payer_name=changes.get("payer_name", "Zoë Lindqvist"),
        lines=[changes.get("line") or _line()],
        tenders=[changes.get("tender") or TenderEntry(TenderKind.CASH, Money("50.00"))],
        note=changes.get("note", ""),
    )


def _refused(world: World, case: str, text: str) -> InvalidInput:
    who, do, field, _limit, saved = CASES[case]
    operator = world.admin if who == "admin" else world.treasurer
    before = saved(world)
    with pytest.raises(InvalidInput) as refused, world.desk.action(operator) as action:
        do(action, world, text)
    assert refused.value.field == field, refused.value.message
    assert saved(world) == before, "nothing is saved"
    return refused.value


def _accepted(world: World, case: str, text: str) -> None:
    who, do, _field, _limit, _saved = CASES[case]
    with world.desk.action(world.admin if who == "admin" else world.treasurer) as action:
        do(action, world, text)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("separators", CARDS)
def test_a_card_number_is_refused_beside_its_field(
    world: World, case: str, separators: str
) -> None:
    error = _refused(world, case, f"Paid with {CARDS[separators]} today")
    assert "full card number" in error.message


@pytest.mark.parametrize("case", CASES)
def test_a_nul_is_refused_beside_its_field_and_other_numbers_are_kept(
    world: World, case: str
) -> None:
    error = _refused(world, case, "Anna\x00Berg")
    assert "control character (U+0000)" in error.message
    # The counter's own numbers next to it are not mistaken for a card.
    _accepted(world, case, "Checks 1001, 1002 and 1003; parcel 281-01234-0000; 715-262-5011")


@pytest.mark.parametrize("case", CASES)
def test_a_text_one_over_its_limit_is_refused_and_at_it_kept(world: World, case: str) -> None:
    limit = CASES[case][3]
    error = _refused(world, case, "x" * (limit + 1))
    assert f"at most {limit:,} characters" in error.message
    _accepted(world, case, "x" * limit)


def test_a_multi_line_note_keeps_its_newlines_and_tabs_a_name_does_not(world: World) -> None:
    with world.desk.action(world.admin) as action:
        party = parties.add_party(action, _party_data(notes="Gate code:\n\t4411\n")).id
    with world.desk.database.reading() as session:
        stored = session.get(Party, party)
        assert stored is not None and stored.notes == "Gate code:\n\t4411"
    for bad in ("Anna\x1bBerg", "Anna\x7fBerg", "Anna\ud800Berg"):
        _refused(world, "party name", bad)
    # A one-line column keeps no line break even where no service cleans it.
    with (
        pytest.raises(InvalidInput, match="U\\+000A") as refused,
        world.desk.action(world.admin) as action,
    ):
        row = action.session.get(Party, world.party)
        assert row is not None
        row.contact_name = "Rosa\nDahl"
    assert refused.value.field == "contact_name"


def test_the_flush_check_catches_what_a_service_forgot(world: World) -> None:
    """The net under every service: a record changed directly, with no service's check."""
    with pytest.raises(InvalidInput) as refused, world.desk.action(world.admin) as action:
        party = action.session.get(Party, world.party)
        assert party is not None
        party.contact_name = "Card 4111_1111_1111_1111"
    assert refused.value.field == "contact_name"
    assert _party_row(world)[0] == "Hanson Excavating LLC"
    with (
        pytest.raises(InvalidInput, match="The phone is too long: at most") as refused,
        world.desk.action(world.admin) as action,
    ):
        party = action.session.get(Party, world.party)
        assert party is not None
        party.phone = "7" * 200


def test_a_plural_field_is_named_in_a_sentence_that_agrees(world: World) -> None:
    """The notes are too long (not "is"), at one character past the limit, not at it."""
    with world.desk.action(world.admin) as action:
        party = action.session.get(Party, world.party)
        assert party is not None
        party.notes = "n" * 20_000
    with (
        pytest.raises(InvalidInput, match=r"^The notes are too long: at most 20,000") as refused,
        world.desk.action(world.admin) as action,
    ):
        party = action.session.get(Party, world.party)
        assert party is not None
        party.notes = "n" * 20_001
    assert refused.value.field == "notes"


def test_an_amount_past_any_sane_size_is_refused_at_the_core(world: World) -> None:
    over = MAX_ENTRY + Money("0.01")
    before = _count(AmountDue)(world)
    with (
        pytest.raises(InvalidInput, match="past any amount") as refused,
        world.desk.action(world.admin) as action,
    ):
        ledger.bill(
            action,
            party_id=world.party,
            record=RecordRef("permit", "1"),
            kind=DueKind.FEE,
            amount=over,
            description="Permit fee",
            gl_account="100-46300-000",
        )
    assert refused.value.field == "amount"
    assert _count(AmountDue)(world) == before
    with world.desk.action(world.admin) as action:
        _bill_amount(action, world.party, MAX_ENTRY)
    # Parsing refuses it first, beside the field typed.
    with pytest.raises(InvalidInput, match="not accepted"):
        Money.parse("100,000,000.00", field="amount")


def _bill_amount(action: Action, party: int, amount: Money) -> None:
    ledger.bill(
        action,
        party_id=party,
        record=RecordRef("permit", "1"),
        kind=DueKind.FEE,
        amount=amount,
        description="Permit fee",
        gl_account="100-46300-000",
    )


def test_an_unknown_tender_kind_is_refused_beside_the_tender(world: World) -> None:
    before = _count(Receipt)(world)
    tender = TenderEntry("barter", Money("50.00"))  # type: ignore[arg-type]
    with (
        pytest.raises(InvalidInput, match="'barter' is not one") as refused,
        world.desk.action(world.treasurer) as action,
    ):
        _pay_in(action, tender=tender)
    assert refused.value.field == "tender_0_kind"
    assert _count(Receipt)(world) == before


def test_a_gl_account_outside_the_chart_is_refused(world: World) -> None:
    before = (_count(Receipt)(world), _count(AmountDue)(world))
    with (
        pytest.raises(InvalidInput, match="100-44399-000, which is not an account") as refused,
        world.desk.action(world.treasurer) as action,
    ):
        _pay_in(action, line=_line(gl="100-44399-000"))
    assert refused.value.field == "lines"
    with (
        pytest.raises(InvalidInput, match="100-44399-000, which is not an account") as refused,
        world.desk.action(world.admin) as action,
    ):
        _bill(action, world.party, "Permit fee", gl="100-44399-000")
    assert refused.value.field == "gl_account"
    assert (_count(Receipt)(world), _count(AmountDue)(world)) == before
    # The special charges' account and the City expenses account are in the chart.
    with world.desk.action(world.admin) as action:
        _bill(action, world.party, "Snow removal", gl=ledger.special_charge_account(action.session))
        _bill(action, world.party, "Barricades", gl="100-46300-000")


def test_a_void_reason_with_a_card_keeps_the_receipt_issued(world: World) -> None:
    _refused(world, "void reason", "Refunded to card 4111 1111 1111 1111")
    assert _receipt_row(world) == (ReceiptStatus.ISSUED, "")


@pytest.mark.parametrize("role", list(Role))
def test_a_reprint_needs_the_reprint_permission(
    world: World, operator_with: Callable[[Role], SignedIn], role: Role
) -> None:
    with world.desk.action(world.treasurer) as action:
        assert receipts.mark_printed(action, world.receipt) is False  # the original
    who = operator_with(role)
    may = role in (Role.TREASURER, Role.CLERK, Role.DEPUTY_CLERK, Role.ADMINISTRATOR)
    assert allows(role, Permission.REPRINT_RECEIPT) is may
    if may:
        with world.desk.action(who) as action:
            assert receipts.mark_printed(action, world.receipt) is True
    else:
        with (
            pytest.raises(PermissionDenied, match="To reprint a receipt"),
            world.desk.action(who) as action,
        ):
            receipts.mark_printed(action, world.receipt)
    with world.desk.database.reading() as session:
        receipt = session.get(Receipt, world.receipt)
        assert receipt is not None and receipt.prints == (2 if may else 1)
