"""Each role's refusals come from the core services, in a sentence naming the roles that may."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import builders  # type: ignore[import-not-found]
import pytest
from sqlalchemy import func, select

from clerk_desk import audit, fees, ledger, operators, settings_store
from clerk_desk.deadlines import CalendarSettings
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import PermissionDenied
from clerk_desk.kinds import DueKind, PartyKind, Role, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AuditEvent
from clerk_desk.money import Money
from clerk_desk.permissions import GRANTS, Permission, allows, refusal, roles_allowed
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import ReceiptSettings
from clerk_desk.settings import CityProfile


def test_the_fee_schedule_refusal_reads_as_a_clerk_would_want(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    deputy = operator_with(Role.DEPUTY_CLERK)
    with pytest.raises(PermissionDenied) as caught, desk.action(deputy) as action:
        fees.change_amount(action, "STOPEN", Money("55.00"), starting=date(2027, 1, 1))
    assert caught.value.message == (
        "To change the fee schedule you need the role Administrator; "
        "you are signed in as Deputy Clerk."
    )
    with desk.database.reading() as session:
        assert fees.fee_on(session, "STOPEN", date(2027, 1, 1)).amount == Money("50.00")


def test_a_refusal_lists_every_role_that_may() -> None:
    assert refusal(Role.INSPECTOR, Permission.TAKE_PAYMENT) == (
        "To take payment you need the role Clerk, Deputy Clerk, Treasurer or Administrator; "
        "you are signed in as Building Inspector / Public Works."
    )


def test_the_administrator_may_do_everything_and_each_permission_has_a_role() -> None:
    assert all(allows(Role.ADMINISTRATOR, p) for p in Permission)
    for permission in Permission:
        assert Role.ADMINISTRATOR in roles_allowed(permission)
    assert set(GRANTS) == set(Role)


def _bill(action: Action, party_id: int) -> int:
    return ledger.bill(
        action,
        party_id=party_id,
        record=RecordRef("permit", "1"),
        kind=DueKind.FEE,
        amount=Money("50.00"),
        description="Permit fee",
        gl_account="100-46300-000",
    ).id


SERVICES: dict[Permission, Callable[[Action, dict[str, int]], object]] = {
    Permission.MANAGE_OPERATORS: lambda a, ids: operators.add_operator(
        a, username="newbie", full_name="New Person", role=Role.CLERK, password="x" * 10
    ),
    Permission.EDIT_SETTINGS: lambda a, ids: settings_store.save_calendar_settings(
        a, CalendarSettings().close_day(date(2026, 12, 24))
    ),
    Permission.EDIT_FEE_SCHEDULE: lambda a, ids: fees.add_fee(
        a, fees.FeeData("DOG", "Dog licence", Money("10.00"), "100-1", "", date(2027, 1, 1))
    ),
    Permission.VIEW_AUDIT: lambda a, ids: audit.search(a, "admin"),
    Permission.EDIT_PARTIES: lambda a, ids: builders.party_in(a, "Anna Berg", PartyKind.PERSON),
    Permission.BILL: lambda a, ids: _bill(a, ids["party"]),
    Permission.CANCEL_DUE: lambda a, ids: ledger.cancel(a, ids["to_cancel"], reason="billed twice"),
    Permission.TAKE_PAYMENT: lambda a, ids: ledger.apply_payment(
        a, ids["due"], Money("1.00"), reference="R-1"
    ),
    Permission.VOID_RECEIPT: lambda a, ids: receipts.void_receipt(
        a, ids["receipt"], reason="keyed twice"
    ),
    Permission.TREASURY_SETTINGS: lambda a, ids: receipts.save_receipt_settings(
        a, ReceiptSettings(paper="roll")
    ),
}


@pytest.mark.parametrize("role", [r for r in Role if r is not Role.ADMINISTRATOR])
def test_every_role_is_refused_by_the_core_what_it_may_not_do(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], role: Role
) -> None:
    with desk.action(admin) as action:
        party = builders.party_in(action, "Anna Berg", PartyKind.PERSON)
        due = _bill(action, party)
        paid_due = _bill(action, party)
        to_cancel = _bill(action, party)
        receipts.open_drawer(action, station="Front counter", opening_cash=Money("0.00"))
        receipt = receipts.take_payment(
            action,
            station="Front counter",
            payer_id=party,
            lines=[receipts.due_line(action.session, paid_due, Money("5.00"))],
            tenders=[receipts.TenderEntry(TenderKind.CASH, Money("5.00"))],
        ).id
    ids = {"party": party, "due": due, "to_cancel": to_cancel, "receipt": receipt}
    who = operator_with(role)
    for permission, service in SERVICES.items():
        with desk.database.reading() as session:
            events_before = session.scalar(select(func.count()).select_from(AuditEvent))
        if allows(role, permission):
            with desk.action(who) as action:
                service(action, ids)
            continue
        with pytest.raises(PermissionDenied) as caught, desk.action(who) as action:
            service(action, ids)
        assert caught.value.message == refusal(role, permission)
        assert f"you are signed in as {role.label}." in caught.value.message
        assert permission.value in caught.value.message
        with desk.database.reading() as session:
            assert session.scalar(select(func.count()).select_from(AuditEvent)) == events_before


def test_what_each_counter_role_may_do() -> None:
    """The grants as City Hall agreed them; a change here is a decision, not a refactor."""
    assert not allows(Role.DEPUTY_CLERK, Permission.EDIT_SETTINGS)
    assert allows(Role.CLERK, Permission.EDIT_SETTINGS)
    # The Treasurer keeps the receipt format and the special charges' GL account, not the
    # City's other settings (closed days move every clock).
    assert not allows(Role.TREASURER, Permission.EDIT_SETTINGS)
    assert [r for r in Role if allows(r, Permission.TREASURY_SETTINGS)] == [
        Role.CLERK,
        Role.TREASURER,
        Role.ADMINISTRATOR,
    ]
    assert allows(Role.TREASURER, Permission.CERTIFY_TAX_ROLL)
    assert not allows(Role.CLERK, Permission.CERTIFY_TAX_ROLL)
    assert allows(Role.TREASURER, Permission.VOID_RECEIPT)
    assert not allows(Role.CLERK, Permission.VOID_RECEIPT)
    assert not allows(Role.INSPECTOR, Permission.TAKE_PAYMENT)
    # A duplicate of a receipt is handed out by whoever takes payment at the counter.
    assert [r for r in Role if allows(r, Permission.REPRINT_RECEIPT)] == [
        Role.CLERK,
        Role.DEPUTY_CLERK,
        Role.TREASURER,
        Role.ADMINISTRATOR,
    ]
    assert allows(Role.INSPECTOR, Permission.ASSIGN_STREET_NUMBERS)
    assert not allows(Role.TREASURER, Permission.ISSUE_PERMITS)
    assert all(allows(r, Permission.EDIT_PARTIES) for r in Role)


def test_saving_the_city_profile_needs_the_settings_permission(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    for role in (Role.TREASURER, Role.DEPUTY_CLERK):
        who = operator_with(role)
        with (
            pytest.raises(PermissionDenied, match=f"you are signed in as {role.label}"),
            desk.action(who) as action,
        ):
            settings_store.save_city_profile(action, CityProfile(phone="(715) 262-5544"))


def test_the_treasurer_keeps_the_receipt_settings_and_the_charges_account_not_closed_days(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    treasurer = operator_with(Role.TREASURER)
    with desk.action(treasurer) as action:
        receipts.save_receipt_settings(
            action, ReceiptSettings(number_format="R{year}-{number:05d}")
        )
        ledger.set_special_charge_account(action, "100-48100-001")
    with desk.database.reading() as session:
        assert receipts.receipt_settings(session).number_format == "R{year}-{number:05d}"
        assert ledger.special_charge_account(session) == "100-48100-001"
    with (
        pytest.raises(PermissionDenied, match="change the City's settings"),
        desk.action(treasurer) as action,
    ):
        settings_store.save_calendar_settings(
            action, CalendarSettings().close_day(date(2026, 12, 24))
        )
    deputy = operator_with(Role.DEPUTY_CLERK)
    with (
        pytest.raises(PermissionDenied, match="change the receipt settings or the GL account"),
        desk.action(deputy) as action,
    ):
        ledger.set_special_charge_account(action, "100-48100-002")


@pytest.mark.parametrize(
    ("code", "starting"), [("NOSUCH", date(2027, 1, 1)), ("STOPEN", date(2026, 1, 1))]
)
def test_permission_is_checked_before_the_fee_schedule_is_looked_at(
    desk: Desk, operator_with: Callable[[Role], SignedIn], code: str, starting: date
) -> None:
    """A Deputy Clerk hears "you need the role", not details of a schedule they may not edit."""
    deputy = operator_with(Role.DEPUTY_CLERK)
    with (
        pytest.raises(PermissionDenied, match="change the fee schedule"),
        desk.action(deputy) as action,
    ):
        fees.change_amount(action, code, Money("55.00"), starting=starting)
