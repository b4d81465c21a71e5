"""The acts on no record in particular (issue 18) say what the services do.

A new application, a new meeting, a new charge or bond, a tax-roll run, the window's menus and
settings: each act is asked of its workflow's ``register_acts`` (``desk_acts``,
``improvement_acts``, ``order_kind_acts``, ``outcome_acts``) for every role, and must be refused,
in the words of :func:`clerk_desk.permissions.refusal`, exactly for the roles its permission is
not granted to. Where the service can be called with what a clerk would type (or with a record
that is not there, which it reads only after the act is allowed), it is called, and undone: a
refused role gets the acts' very words from the service, an allowed one is not refused for
its role. "Today" is Monday, November 30, 2026.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from enum import Enum

import pytest

from clerk_desk import audit, desk_acts, ledger, operators, settings_store, stations
from clerk_desk.bonds import acts as bond_acts
from clerk_desk.bonds import service as bonds
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.enforcement import acts as enforcement_acts
from clerk_desk.errors import ClerkDeskError, PermissionDenied
from clerk_desk.kinds import RepairOrderKind, Role
from clerk_desk.permissions import GRANTS, Permission, refusal
from clerk_desk.petitions import acts as petition_acts
from clerk_desk.sidewalk_cafes import acts as cafe_acts
from clerk_desk.sidewalks import acts as sidewalk_acts
from clerk_desk.sidewalks.rules import order_permission
from clerk_desk.special_charges import acts as charge_acts
from clerk_desk.special_charges import tax_roll
from clerk_desk.street_numbers import acts as number_acts
from clerk_desk.street_numbers import assignment
from clerk_desk.street_openings import acts as opening_acts
from clerk_desk.street_openings import improvements
from clerk_desk.street_privileges import acts as privilege_acts
from clerk_desk.vending import acts as vending_acts
from clerk_desk.vending.appeals import AppealOutcome, outcome_acts

TODAY = date(2026, 11, 30)
MISSING = 999_999  # no record has this id: a service reads it only once the act is allowed

Asked = Callable[[Action], Mapping[Enum, str | None]]

REGISTERS: list[tuple[str, Asked, Mapping[Enum, Permission]]] = [
    ("desk", desk_acts.desk_acts, desk_acts.RULES),
    ("petitions", petition_acts.register_acts, petition_acts.REGISTER_RULES),
    ("vending", vending_acts.register_acts, vending_acts.REGISTER_RULES),
    ("sidewalk cafes", cafe_acts.register_acts, cafe_acts.REGISTER_RULES),
    ("street openings", opening_acts.register_acts, opening_acts.REGISTER_RULES),
    ("improvements", improvements.improvement_acts, improvements.IMPROVEMENT_RULES),
    ("street privileges", privilege_acts.register_acts, privilege_acts.REGISTER_RULES),
    ("sidewalks", sidewalk_acts.register_acts, sidewalk_acts.REGISTER_RULES),
    ("special charges", charge_acts.register_acts, charge_acts.REGISTER_RULES),
    ("bonds", bond_acts.register_acts, bond_acts.REGISTER_RULES),
    ("enforcement", enforcement_acts.register_acts, enforcement_acts.REGISTER_RULES),
]


class _Undo(Exception):
    """Raised inside the action once the service has acted: nothing is kept."""


def _outcome(
    desk: Desk, who: SignedIn, attempt: Callable[[Action], object]
) -> ClerkDeskError | None:
    """Do the act through its service, then undo it: None when it acted, else its refusal."""
    try:
        with desk.action(who) as action:
            attempt(action)
            action.session.flush()
            raise _Undo
    except _Undo:
        return None
    except ClerkDeskError as error:
        return error


@pytest.mark.parametrize("role", list(Role), ids=lambda r: r.value)
def test_each_register_act_is_refused_exactly_for_the_roles_without_its_permission(
    desk: Desk, operator_with: Callable[[Role], SignedIn], role: Role
) -> None:
    who = operator_with(role)
    for name, asked, needs in REGISTERS:
        with desk.lookup(who) as action:
            said = asked(action)
        assert set(said) == set(needs), name
        for act, permission in needs.items():
            expected = None if permission in GRANTS[role] else refusal(role, permission)
            assert said[act] == expected, (name, role, act)


def test_the_boundaries_by_role() -> None:
    """The roles the table above turns on, spelled out: who may prepare the tax roll, revoke a
    contractor, record an improvement, take the permit fee, name a station."""
    assert Permission.CERTIFY_TAX_ROLL in GRANTS[Role.TREASURER]
    assert Permission.CERTIFY_TAX_ROLL not in GRANTS[Role.CLERK]
    assert Permission.APPROVE_WORK_PERMITS in GRANTS[Role.INSPECTOR]
    assert Permission.APPROVE_WORK_PERMITS not in GRANTS[Role.CLERK]
    assert Permission.TAKE_PAYMENT not in GRANTS[Role.INSPECTOR]
    assert Permission.NAME_STATIONS not in GRANTS[Role.CLERK]


ATTEMPTS: list[tuple[str, Asked, Enum, Callable[[Action], object]]] = [
    ("audit trail", desk_acts.desk_acts, desk_acts.DeskAct.AUDIT_TRAIL, lambda a: audit.search(a)),
    (
        "operators",
        desk_acts.desk_acts,
        desk_acts.DeskAct.OPERATORS,
        lambda a: operators.list_operators(a),
    ),
    (
        "station name",
        desk_acts.desk_acts,
        desk_acts.DeskAct.NAME_STATION,
        lambda a: stations.name_station(a, "station-under-test", "Front counter"),
    ),
    (
        "special charges' GL account",
        desk_acts.desk_acts,
        desk_acts.DeskAct.SPECIAL_CHARGE_ACCOUNT,
        lambda a: ledger.set_special_charge_account(a, "100-48-0000"),
    ),
    (
        "closed days",
        desk_acts.desk_acts,
        desk_acts.DeskAct.CLOSED_DAYS,
        lambda a: settings_store.save_calendar_settings(
            a, settings_store.calendar_settings(a.session)
        ),
    ),
    (
        "tax roll run",
        charge_acts.register_acts,
        charge_acts.RegisterAct.PREPARE_RUN,
        lambda a: tax_roll.prepare_run(a, TODAY),
    ),
    (
        "improvement",
        improvements.improvement_acts,
        improvements.ImprovementAct.RECORD,
        lambda a: improvements.record_improvement(
            a, improvements.ImprovementData(street_id=MISSING, determined_on=TODAY)
        ),
    ),
    (
        "improvement completed",
        improvements.improvement_acts,
        improvements.ImprovementAct.COMPLETE,
        lambda a: improvements.complete_improvement(a, MISSING, completed_on=TODAY),
    ),
    (
        "revocation",
        bond_acts.register_acts,
        bond_acts.RegisterAct.REVOKE,
        lambda a: bonds.revoke(a, MISSING, starts_on=TODAY, reason="Unsafe trench left open"),
    ),
    (
        "revocation lifted",
        bond_acts.register_acts,
        bond_acts.RegisterAct.LIFT_REVOCATION,
        lambda a: bonds.lift_revocation(a, MISSING, reason="Entered in error"),
    ),
    (
        "street number letter",
        number_acts.register_acts,
        number_acts.RegisterAct.RECORD_LETTER,
        lambda a: assignment.record_letter_printed(a, MISSING),
    ),
]


@pytest.mark.parametrize("role", list(Role), ids=lambda r: r.value)
def test_the_service_refuses_in_the_acts_words_and_only_then(
    desk: Desk, operator_with: Callable[[Role], SignedIn], role: Role
) -> None:
    who = operator_with(role)
    for name, asked, act, attempt in ATTEMPTS:
        with desk.lookup(who) as action:
            said = asked(action)[act]
        done = _outcome(desk, who, attempt)
        if said is None:
            assert not isinstance(done, PermissionDenied), (name, role, done)
        else:
            assert isinstance(done, PermissionDenied) and str(done) == said, (name, role, done)


def test_the_order_form_offers_the_kinds_the_role_records(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    """A Council order is the Clerk's record, an emergency or a minor repair the Director's."""
    for role in Role:
        with desk.lookup(operator_with(role)) as action:
            said = sidewalk_acts.order_kind_acts(action)
        for kind in RepairOrderKind:
            needed = order_permission(kind)
            expected = None if needed in GRANTS[role] else refusal(role, needed)
            assert said[kind] == expected, (role, kind)
    with desk.lookup(operator_with(Role.TREASURER)) as action:
        said = sidewalk_acts.order_kind_acts(action)
    assert said[RepairOrderKind.COUNCIL_ORDER] is None
    assert said[RepairOrderKind.EMERGENCY] is not None


def test_only_who_issues_permits_records_the_councils_approval_on_appeal(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    """Recording the Council's approval issues the permit: the Treasurer, who takes
    applications but issues no permit, may record only a denial."""
    with desk.lookup(operator_with(Role.TREASURER)) as action:
        treasurer = outcome_acts(action)
    with desk.lookup(operator_with(Role.CLERK)) as action:
        clerk = outcome_acts(action)
    assert treasurer[AppealOutcome.DENIED] is None
    assert treasurer[AppealOutcome.APPROVED] == refusal(Role.TREASURER, Permission.ISSUE_PERMITS)
    assert treasurer[AppealOutcome.APPROVED_CONDITIONALLY] == treasurer[AppealOutcome.APPROVED]
    assert all(why is None for why in clerk.values())
