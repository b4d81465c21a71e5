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
from clerk_desk.vending.appeals import AppealOutcome
from clerk_desk.vending.papers import application_paper, city_profile
from reports.vending import letters, permit

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


class _Unavailable(Exception):
    """The act's form has nothing to offer (no notice to deliver, no appeal for the Council):
    the service cannot even be asked; the refusal expected is this exception's text."""


def _attempts(application_id: int) -> dict[VendingAct, Attempt]:
    """Each act as the Clerk would do it now, with what its form takes typed right."""

    def row(a: Action) -> vending_views.ApplicationRow:
        return vending_views.application_row(a, application_id)

    def correct(a: Action) -> object:
        return vending.correct_application(a, application_id, row(a).data())

    def deliver(a: Action) -> object:
        # The delivery form offers the notices not delivered, else the delivered ones.
        shown = row(a)
        notices = shown.undelivered or shown.notices
        if not notices:
            raise _Unavailable(
                f"No doubt notice of {shown.number} waits for delivery: state the matters in "
                "doubt first."
            )
        return vending.record_notice_delivery(
            a, notices[-1].id, delivered_at=a.now(), manner="handed to the applicant"
        )

    def council(a: Action) -> object:
        shown = row(a)
        if not shown.appeals:
            raise _Unavailable(f"No appeal of {shown.number} is before the Common Council.")
        appeal = shown.open_appeal or shown.appeals[-1]
        held, _later = vending_views.meetings_for_appeal(a, appeal.id)
        return vending.record_appeal_decision(
            a, appeal.id, meeting_id=held[0] if held else -1, outcome=AppealOutcome.DENIED
        )

    def paper(a: Action, which: str) -> bytes:
        shown, profile = application_paper(a, application_id), city_profile(a)
        if which == "permit":
            return permit.permit_pdf(shown, profile=profile, printed_on=a.today())
        if which == "copies":
            return permit.participant_copies_pdf(shown, profile=profile, printed_on=a.today())
        # The tab's Print letter: on appeal, the Clerk's denial, standing until the Council acts.
        if VendingStatus(shown.status) is VendingStatus.APPEALED:
            return letters.denial_letter_pdf(shown, profile=profile, printed_on=a.today())
        return letters.decision_letter_pdf(shown, profile=profile, printed_on=a.today())

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
        VendingAct.DELIVER: deliver,
        VendingAct.COUNCIL: council,
        VendingAct.PRINT_PERMIT: lambda a: paper(a, "permit"),
        VendingAct.PRINT_COPIES: lambda a: paper(a, "copies"),
        VendingAct.PRINT_LETTER: lambda a: paper(a, "letter"),
    }


PRINTS = {VendingAct.PRINT_PERMIT, VendingAct.PRINT_COPIES, VendingAct.PRINT_LETTER}


def _agree(
    desk: Desk, who: SignedIn, application_id: int, *, papers: bool = True
) -> dict[VendingAct, str | None]:
    """Check acts() against each service for one operator; return what acts() said. The papers
    take no permission: drawn once (``papers``), for the Clerk, they are not drawn again for
    each role."""
    with desk.lookup(who) as action:
        said = acts(action, application_id)
    assert set(said) == set(VendingAct)
    for act, attempt in _attempts(application_id).items():
        if act in PRINTS and not papers:
            continue
        try:
            refused = _outcome(desk, who, attempt)
        except _Unavailable as unavailable:
            if said[act] is None or "you need the role" not in said[act]:
                assert said[act] == str(unavailable), (who.role, act, said[act])
            continue
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
        seen[status] = _agree(desk, clerk, application_id)
        for who in everyone:
            if who is not clerk:
                said = _agree(desk, who, application_id, papers=False)
                assert {a: said[a] for a in PRINTS} == {a: seen[status][a] for a in PRINTS}

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
    permit, letter = {VendingAct.PRINT_PERMIT}, {VendingAct.PRINT_LETTER}
    standing = {VendingAct.POLICE, VendingAct.WITHDRAW, *permit, *letter}
    # With the Clerk: everything but the appeal, the Council and the papers of a decision; the
    # notice stated and not delivered waits for its delivery.
    with_clerk = every - {VendingAct.APPEAL, VendingAct.COUNCIL, *PRINTS}
    assert allowed[VendingStatus.IN_DOUBT] == with_clerk
    assert allowed[VendingStatus.APPROVED] == standing  # an individual vendor: no copies
    assert allowed[VendingStatus.CONDITIONALLY_APPROVED] == standing | {VendingAct.PRINT_COPIES}
    # On appeal the Clerk's denial letter prints; the Council's decision may be recorded.
    assert allowed[VendingStatus.APPEALED] == {
        VendingAct.POLICE,
        VendingAct.WITHDRAW,
        VendingAct.COUNCIL,
        *letter,
    }
    assert allowed[VendingStatus.APPROVED_ON_APPEAL] == standing
    assert allowed[VendingStatus.DENIED_ON_APPEAL] == letter
    assert allowed[VendingStatus.WITHDRAWN] == set()
    # A denial by the Clerk: the one state an appeal may be filed in (one step before, and one
    # after, refuse it); withdrawing stays open, the police have nothing to review.
    assert allowed[VendingStatus.DENIED] == {VendingAct.APPEAL, VendingAct.WITHDRAW, *letter}
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
