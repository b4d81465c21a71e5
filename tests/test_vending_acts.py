"""The acts on a special event vending application (§ 506-24) say what the services do.

The festival of tests/test_reports_vending.py gives an application in doubt, one approved, one
approved with conditions, one denied with its appeal window open, one approved by the Council on
appeal and one denied by it; the walk then files an appeal of the denial and withdraws the
approved one. At each state, for each operator (the Clerk, the Deputy Clerk, the Treasurer, the
Building Inspector, the Administrator), every act is asked of :func:`acts` and then really done
through its service with what a clerk would type, and undone: where the service refuses on the
application's state or the operator's role, :func:`acts` gives exactly its refusal's words;
where it acts, or refuses only what its form holds (no matter in doubt is left, a requirement is
not met), :func:`acts` allows the act and the form says the rest. The Vending tab shows
:func:`acts` on its buttons, so a button is never enabled for what the service refuses.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import test_reports_vending
from test_reports_vending import Festival

from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import ClerkDeskError, InvalidInput
from clerk_desk.kinds import Role, VendingStatus
from clerk_desk.vending import service as vending
from clerk_desk.vending import views as vending_views
from clerk_desk.vending.acts import VendingAct, acts

Attempt = Callable[[Action], object]
festival = test_reports_vending.festival  # the festival fixture, shared


class _Undo(Exception):
    """Raised inside the action once the service has acted: nothing is kept."""


def _outcome(desk: Desk, who: SignedIn, attempt: Attempt) -> ClerkDeskError | None:
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


def _attempts(application_id: int) -> dict[VendingAct, Attempt]:
    """Each act as the Clerk would do it now, with what its form takes typed right."""

    def correct(a: Action) -> object:
        row = vending_views.application_row(a, application_id)
        return vending.correct_application(a, application_id, row.data())

    return {
        VendingAct.CORRECT: correct,
        VendingAct.POLICE: lambda a: vending.record_police_review(
            a, application_id, submitted_on=a.today()
        ),
        VendingAct.DOUBT: lambda a: vending.prepare_doubt_notice(
            a, application_id, clerk_text="The booth's tent stakes on the sidewalk"
        ),
        VendingAct.APPROVE: lambda a: vending.approve(a, application_id),
        VendingAct.DENY: lambda a: vending.deny(a, application_id, reasons="No space is left."),
        VendingAct.WITHDRAW: lambda a: vending.withdraw(
            a, application_id, reason="Withdrawn by the applicant by phone."
        ),
        VendingAct.APPEAL: lambda a: vending.file_appeal(a, application_id, filed_on=a.today()),
    }


def _agree(desk: Desk, who: SignedIn, application_id: int) -> dict[VendingAct, str | None]:
    """Check acts() against each service for one operator; return what acts() said."""
    with desk.lookup(who) as action:
        said = acts(action, application_id)
    assert set(said) == set(VendingAct)
    for act, attempt in _attempts(application_id).items():
        refused = _outcome(desk, who, attempt)
        expected = None if refused is None or isinstance(refused, InvalidInput) else str(refused)
        assert said[act] == expected, (who.role, act, said[act], refused)
    return said


@pytest.fixture
def everyone(festival: Festival, operator_with: Callable[[Role], SignedIn]) -> list[SignedIn]:
    others = [operator_with(r) for r in Role if r is not Role.ADMINISTRATOR]
    return [*others, festival.who]


def _status(desk: Desk, who: SignedIn, application_id: int) -> VendingStatus:
    with desk.lookup(who) as action:
        return VendingStatus(vending.get_application(action.session, application_id).status)


def test_every_act_is_refused_by_acts_in_the_very_words_of_its_service(
    festival: Festival,
    everyone: list[SignedIn],
) -> None:
    desk, clerk = festival.desk, festival.who
    seen: dict[VendingStatus, dict[VendingAct, str | None]] = {}

    def walk(application_id: int) -> None:
        status = _status(desk, clerk, application_id)
        for who in everyone:
            said = _agree(desk, who, application_id)
            if who is clerk:
                seen[status] = said

    for application_id in (
        festival.doubted,
        festival.kettle,
        festival.chamber,
        festival.tacos,
        festival.crepes,
        festival.truck,
    ):
        walk(application_id)
    with desk.action(clerk) as action:
        vending.file_appeal(action, festival.tacos, filed_on=action.today())
    walk(festival.tacos)
    with desk.action(clerk) as action:
        vending.withdraw(action, festival.kettle, reason="Withdrawn by Sam Ortiz by phone.")
    walk(festival.kettle)

    allowed = {
        status: {a for a, why in said.items() if why is None} for status, said in seen.items()
    }
    every = set(VendingAct)
    with_clerk = every - {VendingAct.APPEAL}
    assert allowed[VendingStatus.IN_DOUBT] == with_clerk
    assert allowed[VendingStatus.APPROVED] == {VendingAct.POLICE, VendingAct.WITHDRAW}
    assert allowed[VendingStatus.CONDITIONALLY_APPROVED] == {VendingAct.POLICE, VendingAct.WITHDRAW}
    assert allowed[VendingStatus.APPEALED] == {VendingAct.POLICE, VendingAct.WITHDRAW}
    assert allowed[VendingStatus.APPROVED_ON_APPEAL] == {VendingAct.POLICE, VendingAct.WITHDRAW}
    assert allowed[VendingStatus.DENIED_ON_APPEAL] == set()
    assert allowed[VendingStatus.WITHDRAWN] == set()
    # A denial by the Clerk: the one state an appeal may be filed in (one step before, and one
    # after, refuse it); withdrawing stays open, the police have nothing to review.
    assert allowed[VendingStatus.DENIED] == {VendingAct.APPEAL, VendingAct.WITHDRAW}
    assert seen[VendingStatus.DENIED][VendingAct.POLICE] is not None
    assert "there is no permit for the Chief of Police" in str(
        seen[VendingStatus.DENIED][VendingAct.POLICE]
    )
    assert seen[VendingStatus.APPROVED][VendingAct.CORRECT] == (
        f"Application {_number(desk, clerk, festival.kettle)} is approved; it can no longer be "
        "corrected."
    )


def _number(desk: Desk, who: SignedIn, application_id: int) -> str:
    with desk.lookup(who) as action:
        return vending.get_application(action.session, application_id).number


@pytest.mark.parametrize("role", [Role.DEPUTY_CLERK, Role.TREASURER, Role.INSPECTOR])
def test_an_act_the_role_may_not_do_names_the_roles_that_may(
    festival: Festival,
    operator_with: Callable[[Role], SignedIn],
    role: Role,
) -> None:
    who = operator_with(role)
    with festival.desk.lookup(who) as action:
        said = acts(action, festival.doubted)
    for act in VendingAct:
        why = said[act]
        if why is not None and "you need the role" in why:
            assert role.label in why
            assert str(_outcome(festival.desk, who, _attempts(festival.doubted)[act])) == why
    # Withdrawing before a decision cancels the unpaid permit fee: the Deputy Clerk, who takes
    # applications but may not cancel an amount due, is refused it, and told why.
    if role is Role.DEPUTY_CLERK:
        assert said[VendingAct.CORRECT] is None
        withdraw = said[VendingAct.WITHDRAW]
        assert withdraw is not None and "To cancel an amount due you need the role" in withdraw
