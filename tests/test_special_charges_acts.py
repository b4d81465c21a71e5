"""The acts on a special charge and on a tax-roll run say what the services do.

A snow-and-ice charge is walked from its recording to its certification, and a second one to
its cancellation. At each step, for each operator (the Clerk, the Treasurer, the
Administrator), every act is asked of :func:`acts` and then really done through its service
with what a clerk would type, and undone: where the service refuses, :func:`acts` gives exactly
its refusal's words; where it acts, None. Taking a payment is done in the Receipts tab by the
receipt service, whose own words differ: there the act must be allowed exactly when a cent can
be taken on the charge. The Special Charges tab shows these acts on its buttons (their tooltips
carry the refusal). "Today" is Monday, November 30, 2026.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

import pytest
from special_charges_steps import (
    TODAY,
    add_parcel,
    add_party,
    charge,
    open_drawer,
    pay,
    prepare,
    stored,
)

from clerk_desk.clock import FixedClock
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import ClerkDeskError
from clerk_desk.kinds import ChargeKind, Role, TenderKind
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry
from clerk_desk.special_charges import details
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges.acts import ChargeAct, RunAct, acts, run_acts

Attempt = Callable[[Action], object]
STATION = "Front counter"


class _Undo(Exception):
    """Raised inside the action once the service has acted: nothing is kept."""


def _outcome(desk: Desk, who: SignedIn, attempt: Attempt) -> str | None:
    """Do the act through its service, then undo it: None when it acted, else its refusal."""
    try:
        with desk.action(who) as action:
            attempt(action)
            action.session.flush()
            raise _Undo
    except _Undo:
        return None
    except ClerkDeskError as error:
        return str(error)


def _pay_a_cent(charge_id: int) -> Attempt:
    def attempt(a: Action) -> object:
        due_id = sc.get_charge(a.session, charge_id).amount_due_id
        assert due_id is not None
        line = receipts.due_line(a.session, due_id, Money("0.01"))
        return receipts.take_payment(
            a,
            station=STATION,
            payer_id=None,
            payer_name="Marta Lindqvist",
            lines=[line],
            tenders=[TenderEntry(TenderKind.CASH, Money("0.01"))],
        )

    return attempt


def _attempts(charge_id: int) -> dict[ChargeAct, Attempt]:
    return {
        ChargeAct.RECORD_BILL: lambda a: sc.record_bill(
            a, charge_id, sc.BillData(a.today(), "handed over", a.today()), reason="Re-sent"
        ),
        ChargeAct.PRINT_BILL: lambda a: details.charge_paper(a, charge_id, ChargeAct.PRINT_BILL),
        ChargeAct.REMINDER: lambda a: details.charge_paper(a, charge_id, ChargeAct.REMINDER),
        ChargeAct.CANCEL: lambda a: sc.cancel_charge(a, charge_id, reason="Billed in error"),
    }


def _agree(desk: Desk, operators: list[SignedIn], charge_id: int) -> dict[ChargeAct, str | None]:
    """Every act, for every operator: what :func:`acts` says is what the service does. The
    Administrator's answers (refused by the record alone) are returned."""
    said: dict[ChargeAct, str | None] = {}
    for who in operators:
        with desk.lookup(who) as action:
            judged = acts(action, charge_id)
        assert set(judged) == set(ChargeAct)
        for act, attempt in _attempts(charge_id).items():
            done = _outcome(desk, who, attempt)
            assert judged[act] == done, (who.username, act, judged[act], done)
        paid = _outcome(desk, who, _pay_a_cent(charge_id))
        assert (judged[ChargeAct.TAKE_PAYMENT] is None) is (paid is None), (who.username, paid)
        if who.role is Role.ADMINISTRATOR:
            said = judged
    return said


@pytest.fixture
def everyone(admin: SignedIn, operator_with: Callable[[Role], SignedIn]) -> list[SignedIn]:
    operators = [operator_with(r) for r in (Role.CLERK, Role.TREASURER)] + [admin]
    return operators


@pytest.fixture
def snow(desk: Desk, admin: SignedIn) -> Callable[[], int]:
    """A new snow-and-ice charge of $100.00 on the owner's parcel, not yet billed."""
    owner = add_party(desk, admin, "Marta Lindqvist")
    parcel = add_parcel(desk, admin, "281-00412-0000", owner, "412 Orange St N")

    def make() -> int:
        return charge(
            desk, admin, ChargeKind.SNOW_ICE, owner, parcel=parcel, work_done_on=date(2026, 10, 1)
        )

    return make


def test_a_charge_is_billed_printed_paid_and_certified_as_its_service_allows(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    everyone: list[SignedIn],
    snow: Callable[[], int],
) -> None:
    clock.set(date(2026, 10, 2))
    open_drawer(desk, admin)
    first = snow()
    number = stored(desk, first).number
    said = _agree(desk, everyone, first)  # recorded, no bill yet
    assert said[ChargeAct.RECORD_BILL] is None and said[ChargeAct.CANCEL] is None
    assert said[ChargeAct.PRINT_BILL] == (
        "Record the bill first: the last day to pay is counted from it."
    )
    assert said[ChargeAct.REMINDER] == (
        "Record the bill first: the reminder gives the bill's last day to pay."
    )
    assert said[ChargeAct.TAKE_PAYMENT] is None  # owed from the day it is recorded

    with desk.action(admin) as action:
        sc.record_bill(action, first, sc.BillData(action.today(), "mailed", None))
    said = _agree(desk, everyone, first)  # billed
    assert all(why is None for why in said.values())

    pay(desk, admin, first, "99.99")  # one cent under the total: still owed
    said = _agree(desk, everyone, first)
    assert said[ChargeAct.REMINDER] is None and said[ChargeAct.TAKE_PAYMENT] is None
    pay(desk, admin, first, "0.01")  # the total: nothing left to remind of or to take
    said = _agree(desk, everyone, first)
    assert said[ChargeAct.REMINDER] == f"Nothing remains to be paid on {number}."
    assert said[ChargeAct.TAKE_PAYMENT] == f"Nothing remains to be paid on {number}."
    assert said[ChargeAct.PRINT_BILL] is None and said[ChargeAct.RECORD_BILL] is None

    second = snow()
    with desk.action(admin) as action:
        sc.record_bill(action, second, sc.BillData(action.today(), "mailed", None))
    clock.set(TODAY)  # past its tax-roll day
    run = prepare(desk, admin)
    with desk.action(admin) as action:
        tax_roll.certify_run(action, run)
    said = _agree(desk, everyone, second)  # certified: only its bill still prints
    run_number = _run_number(desk, run)
    assert said[ChargeAct.RECORD_BILL] == (
        f"{stored(desk, second).number} was certified to the tax roll (run {run_number}); it can "
        "no longer change."
    )
    assert "paid with the property taxes" in str(said[ChargeAct.TAKE_PAYMENT])
    assert {act for act, why in said.items() if why is None} == {ChargeAct.PRINT_BILL}


def test_a_cancelled_charge_takes_no_act_at_all(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    everyone: list[SignedIn],
    snow: Callable[[], int],
) -> None:
    clock.set(date(2026, 10, 2))
    open_drawer(desk, admin)
    charge_id = snow()
    with desk.action(admin) as action:
        sc.cancel_charge(action, charge_id, reason="Forgiven by the Council")
    said = _agree(desk, everyone, charge_id)
    number = stored(desk, charge_id).number
    assert said[ChargeAct.PRINT_BILL] == f"{number} was cancelled: it has no bill."
    assert said[ChargeAct.CANCEL] == f"{number} was cancelled; it can no longer change."
    assert all(why is not None for why in said.values())


@pytest.mark.parametrize(
    ("role", "refused_acts"),
    [
        (Role.DEPUTY_CLERK, {ChargeAct.CANCEL}),
        (Role.INSPECTOR, {ChargeAct.CANCEL, ChargeAct.TAKE_PAYMENT}),
    ],
)
def test_an_act_the_role_may_not_do_names_the_roles_that_may(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    operator_with: Callable[[Role], SignedIn],
    snow: Callable[[], int],
    role: Role,
    refused_acts: set[ChargeAct],
) -> None:
    """The permission comes first, in the words the service refuses with: a Deputy Clerk does
    not cancel what is owed, the Building Inspector takes no money either."""
    clock.set(date(2026, 10, 2))
    who = operator_with(role)
    charge_id = snow()
    with desk.action(admin) as action:
        sc.record_bill(action, charge_id, sc.BillData(action.today(), "mailed", None))
    with desk.lookup(who) as action:
        judged = acts(action, charge_id)
    for act, attempt in _attempts(charge_id).items():
        assert judged[act] == _outcome(desk, who, attempt), act
    refused = {act: why for act, why in judged.items() if why is not None}
    assert set(refused) == refused_acts
    assert all("you need the role" in why for why in refused.values())


# -- the tax-roll run ----------------------------------------------------------------------------


def _run_attempts(run_id: int) -> dict[RunAct, Attempt]:
    return {
        RunAct.CERTIFY: lambda a: tax_roll.certify_run(a, run_id),
        RunAct.DISCARD: lambda a: tax_roll.discard_run(
            a, run_id, reason="Prepared for the wrong day"
        ),
        RunAct.PRINT: lambda a: details.run_paper(a, run_id),
        RunAct.EXPORT: lambda a: details.run_paper(a, run_id, RunAct.EXPORT),
    }


def _run_agree(desk: Desk, operators: list[SignedIn], run_id: int) -> dict[RunAct, str | None]:
    said: dict[RunAct, str | None] = {}
    for who in operators:
        with desk.lookup(who) as action:
            judged = run_acts(action, run_id)
        assert set(judged) == set(RunAct)
        for act, attempt in _run_attempts(run_id).items():
            done = _outcome(desk, who, attempt)
            assert judged[act] == done, (who.username, act, judged[act], done)
        if who.role is Role.ADMINISTRATOR:
            said = judged
    return said


def test_a_run_is_certified_on_its_day_never_the_day_before(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    everyone: list[SignedIn],
    snow: Callable[[], int],
) -> None:
    clock.set(date(2026, 10, 2))
    charge_id = snow()
    with desk.action(admin) as action:
        sc.record_bill(action, charge_id, sc.BillData(action.today(), "mailed", None))
    clock.set(TODAY)
    tomorrow = prepare(desk, admin, TODAY + timedelta(days=1))  # a preview
    said = _run_agree(desk, everyone, tomorrow)
    assert str(said[RunAct.CERTIFY]).endswith("Prepare the run on or after that day to certify it.")
    assert said[RunAct.DISCARD] is None and said[RunAct.EXPORT] is None

    today = prepare(desk, admin, TODAY)  # on the day: certified once
    said = _run_agree(desk, everyone, today)
    assert all(why is None for why in said.values())
    with desk.action(admin) as action:
        tax_roll.certify_run(action, today)
    said = _run_agree(desk, everyone, today)
    assert "a run is certified once" in str(said[RunAct.CERTIFY])
    assert said[RunAct.DISCARD] == (
        f"Run {_run_number(desk, today)} is certified; only a draft or a preview is set aside."
    )
    assert said[RunAct.PRINT] is None and said[RunAct.EXPORT] is None


def test_a_run_whose_list_changed_is_prepared_again(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    everyone: list[SignedIn],
    snow: Callable[[], int],
) -> None:
    clock.set(date(2026, 10, 2))
    charge_id = snow()
    with desk.action(admin) as action:
        sc.record_bill(action, charge_id, sc.BillData(action.today(), "mailed", None))
    clock.set(TODAY)
    run = prepare(desk, admin)
    pay(desk, admin, charge_id, "10.00")  # paid in part since the run was prepared
    said = _run_agree(desk, everyone, run)
    assert str(said[RunAct.CERTIFY]).startswith(
        f"The list changed since run {_run_number(desk, run)} was prepared:"
    )
    assert said[RunAct.DISCARD] is None


def _run_number(desk: Desk, run_id: int) -> str:
    with desk.database.reading() as session:
        return tax_roll.get_run(session, run_id).number
