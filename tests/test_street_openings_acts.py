"""The acts on a street opening permit (§§ 506-6, 506-7) say what the services do.

One permit is walked from the counter to its close, and an application refused and a City
work record beside it. At each step, for each operator (the Clerk, the Building Inspector, the
Treasurer, the Administrator), every act is asked of :func:`acts` and then really done through
its service with what a clerk would type, and undone: where the service refuses,
:func:`acts` gives exactly its refusal's words; where it acts, None. The Street Openings tab
shows :func:`acts` on its buttons (their tooltips carry the refusal), so a button can never be
enabled for what the service refuses, nor say something else than the refusal.

The approval's findings (the fee, the insurance, frozen ground) are what its form shows and the
service refuses under the decision; the walk pays the fee at the counter, so only the record's
state and the operator refuse an act here. "Today" starts on Monday, November 30, 2026.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import builders  # type: ignore[import-not-found]
import pytest
from street_openings_steps import SPRING, _apply, _data, _insure, _pay, _street

from clerk_desk import parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import ClerkDeskError
from clerk_desk.kinds import PartyKind, Role
from clerk_desk.money import Money
from clerk_desk.street_openings import charges, rules
from clerk_desk.street_openings import service as so
from clerk_desk.street_openings import work as opening_work
from clerk_desk.street_openings.acts import OpeningAct, acts
from clerk_desk.street_openings.work import WorkRecord
from clerk_desk.words import format_day

Attempt = Callable[[Action], object]
DPW = "Pat Kowalski, Director of Public Works"


class _Undo(Exception):
    """Raised inside the action once the service has acted: nothing is kept."""


def _outcome(desk: Desk, who: SignedIn, attempt: Attempt) -> str | None:
    """Do the act through its service, then undo it: None when it acted, else its refusal in
    the words the clerk reads."""
    try:
        with desk.action(who) as action:
            attempt(action)
            action.session.flush()
            raise _Undo
    except _Undo:
        return None
    except ClerkDeskError as error:
        return str(error)


def _attempts(opening_id: int, parcel_id: int) -> dict[OpeningAct, Attempt]:
    """Each act as the officials would do it now, with what its form takes typed right."""

    def renew(a: Action) -> object:
        last = so.get_opening(a.session, opening_id).valid_until or a.today()
        return so.renew(a, opening_id, requested_on=min(a.today(), last), granted_by=DPW)

    return {
        OpeningAct.OPENED: lambda a: so.record_opened(a, opening_id, opened_on=a.today()),
        OpeningAct.COUNCIL_FINDING: lambda a: so.record_council_essential(
            a, opening_id, on=a.today(), note="Council motion, item 7"
        ),
        OpeningAct.WORK: lambda a: opening_work.record_work(a, opening_id, WorkRecord()),
        OpeningAct.FROZEN_EMERGENCY: lambda a: so.determine_frozen_emergency(
            a, opening_id, determined_by=DPW
        ),
        OpeningAct.APPROVE: lambda a: so.approve(a, opening_id, title="Director of Public Works"),
        OpeningAct.REFUSE: lambda a: so.refuse(a, opening_id, reason="Street repaved 2024"),
        OpeningAct.RENEW: renew,
        OpeningAct.CLOSE: lambda a: opening_work.close(a, opening_id),
        OpeningAct.CITY_REPAIR: lambda a: charges.charge_city_repair(
            a,
            opening_id,
            repair=Money("400.00"),
            maintenance=Money("50.00"),
            notice_on=a.today(),
            parcel_id=parcel_id,
        ),
        OpeningAct.DEFICIENCY_REPAIR: lambda a: charges.charge_deficiency_repair(
            a,
            opening_id,
            labor=Money("300.00"),
            materials=Money("80.00"),
            equipment=Money.zero(),
            notice_on=a.today(),
        ),
    }


def _agree(
    desk: Desk, operators: list[SignedIn], opening_id: int, parcel_id: int
) -> dict[OpeningAct, str | None]:
    """Every act, for every operator: what :func:`acts` says is what the service does. The
    Administrator's answers (refused by the record alone, never by a role) are returned."""
    said: dict[OpeningAct, str | None] = {}
    for who in operators:
        with desk.lookup(who) as action:
            judged = acts(action, opening_id)
        assert set(judged) == set(OpeningAct)
        for act, attempt in _attempts(opening_id, parcel_id).items():
            done = _outcome(desk, who, attempt)
            assert judged[act] == done, (who.username, act, judged[act], done)
        if who.role is Role.ADMINISTRATOR:
            said = judged
    return said


@pytest.fixture
def everyone(admin: SignedIn, operator_with: Callable[[Role], SignedIn]) -> list[SignedIn]:
    return [operator_with(r) for r in (Role.CLERK, Role.INSPECTOR, Role.TREASURER)] + [admin]


@pytest.fixture
def premises(desk: Desk, admin: SignedIn) -> int:
    owner = builders.party(desk, admin, "Rosa Lindgren", kind=PartyKind.PERSON)
    with desk.action(admin) as action:
        return parties.add_parcel(
            action, parties.ParcelData("281-03007-0000", "125 Orange St", owner_id=owner)
        ).id


def _paid_application(desk: Desk, admin: SignedIn, clerk: SignedIn, name: str) -> int:
    """An application by an insured public utility (no bond is asked of it), its fee paid at
    the counter: nothing in the approval's findings stops it."""
    orange = _street(desk, admin, "Orange")
    utility = builders.party(desk, admin, name, kind=PartyKind.UTILITY, public_utility=True)
    _insure(desk, admin, utility)
    opening = _apply(desk, clerk, _data(utility, orange))
    _pay(desk, clerk, opening)
    return opening


def _number(desk: Desk, opening_id: int) -> str:
    with desk.database.reading() as session:
        return so.get_opening(session, opening_id).number


def test_every_act_is_refused_by_acts_in_the_very_words_of_its_service(
    desk: Desk, clock: FixedClock, admin: SignedIn, everyone: list[SignedIn], premises: int
) -> None:
    clerk = everyone[0]
    opening = _paid_application(desk, admin, clerk, "Valley Natural Gas Company")
    number = _number(desk, opening)
    said = _agree(desk, everyone, opening, premises)  # applied, the fee paid
    assert said[OpeningAct.APPROVE] is None and said[OpeningAct.REFUSE] is None
    assert said[OpeningAct.WORK] == (
        f"Street opening {number} is applied. The work is recorded once the permit is approved."
    )
    assert said[OpeningAct.CITY_REPAIR] == f"Street opening {number} has no approved permit."
    assert said[OpeningAct.RENEW] == (
        f"Only an approved permit still open can be renewed. ({rules.RENEWAL_CITE})"
    )

    with desk.action(admin) as action:
        so.approve(action, opening, title="Director of Public Works")
    said = _agree(desk, everyone, opening, premises)  # approved, not yet opened
    assert said[OpeningAct.APPROVE] == f"Street opening {number} is approved."
    assert said[OpeningAct.RENEW] is not None and "have not begun" in said[OpeningAct.RENEW]
    assert said[OpeningAct.CITY_REPAIR] is None and said[OpeningAct.WORK] is None

    clock.set(SPRING)
    with desk.action(clerk) as action:
        so.record_opened(action, opening, opened_on=SPRING)
    said = _agree(desk, everyone, opening, premises)  # in progress: renewed on request
    assert said[OpeningAct.RENEW] is None and said[OpeningAct.CLOSE] is not None

    with desk.action(clerk) as action:
        opening_work.record_work(action, opening, WorkRecord(completed_on=SPRING))
    said = _agree(desk, everyone, opening, premises)  # restored: its guarantee runs
    ends = rules.guarantee_ends(SPRING)
    assert said[OpeningAct.OPENED] == (
        f"Street opening {number} is restored. Its work is done and restored."
    )
    assert said[OpeningAct.CLOSE] == (
        f"The one-year guarantee runs through {format_day(ends)}: the permit is closed after "
        f"it. ({rules.DEFICIENCY_CITE})"
    )
    assert said[OpeningAct.WORK] is None and said[OpeningAct.COUNCIL_FINDING] is None

    clock.set(ends)  # the guarantee's last day: not yet
    assert _agree(desk, everyone, opening, premises)[OpeningAct.CLOSE] is not None
    clock.set(ends + timedelta(days=1))  # the day after: closed
    assert _agree(desk, everyone, opening, premises)[OpeningAct.CLOSE] is None
    with desk.action(admin) as action:
        opening_work.close(action, opening)
    said = _agree(desk, everyone, opening, premises)  # closed: no more steps
    assert said[OpeningAct.COUNCIL_FINDING] == f"Street opening {number} is closed."
    done = {act for act, why in said.items() if why is None}
    assert done == {OpeningAct.CITY_REPAIR, OpeningAct.DEFICIENCY_REPAIR, OpeningAct.PRINT_PERMIT}


def test_a_renewal_is_open_through_thirty_days_after_the_last_day(
    desk: Desk, clock: FixedClock, admin: SignedIn, everyone: list[SignedIn], premises: int
) -> None:
    clock.set(SPRING)
    opening = _paid_application(desk, admin, everyone[0], "Valley Natural Gas Company")
    with desk.action(admin) as action:
        so.approve(action, opening, title="Director of Public Works")
        so.record_opened(action, opening, opened_on=SPRING)
    last = rules.valid_until(SPRING)
    through = last + timedelta(days=rules.RENEWAL_DAYS)
    for day, open_ in ((through - timedelta(days=1), True), (through, True)):
        clock.set(day)
        said = _agree(desk, everyone, opening, premises)
        assert (said[OpeningAct.RENEW] is None) is open_, day
    clock.set(through + timedelta(days=1))  # a day too late: a new permit is applied for
    said = _agree(desk, everyone, opening, premises)
    assert said[OpeningAct.RENEW] == (
        f"Thirty days from the permit's last day ended {format_day(through)}: apply for a new "
        f"permit. ({rules.RENEWAL_CITE})"
    )


def test_city_work_and_a_refused_application_take_no_permit_steps(
    desk: Desk, admin: SignedIn, everyone: list[SignedIn], premises: int
) -> None:
    clerk = everyone[0]
    orange = _street(desk, admin, "Orange")
    works = builders.party(desk, admin, "City of Prescott Public Works", kind=PartyKind.GOVERNMENT)
    with desk.action(clerk) as action:
        exempt = so.record_city_work(action, _data(works, orange))
    said = _agree(desk, everyone, exempt, premises)
    number = _number(desk, exempt)
    assert said[OpeningAct.PRINT_PERMIT] == (
        f"{number} is City work: no permit is issued ({rules.CITY_WORK_CITE})."
    )
    assert all(why is not None for why in said.values())

    utility = builders.party(desk, admin, "Valley Power", kind=PartyKind.UTILITY)
    refused = _apply(desk, clerk, _data(utility, orange))
    with desk.action(admin) as action:
        so.refuse(action, refused, reason="Street repaved 2024")
    said = _agree(desk, everyone, refused, premises)
    assert said[OpeningAct.OPENED] == f"Street opening {_number(desk, refused)} is refused."
    assert all(why is not None for why in said.values())


@pytest.mark.parametrize("role", [Role.CLERK, Role.INSPECTOR, Role.TREASURER])
def test_an_act_the_role_may_not_do_names_the_roles_that_may(
    desk: Desk,
    admin: SignedIn,
    operator_with: Callable[[Role], SignedIn],
    premises: int,
    role: Role,
) -> None:
    """The permission comes first, in the words the service refuses with."""
    who = operator_with(role)
    opening = _paid_application(desk, admin, admin, "Valley Power")
    with desk.lookup(who) as action:
        judged = acts(action, opening)
    for act, attempt in _attempts(opening, premises).items():
        assert judged[act] == _outcome(desk, who, attempt), act
    refused = judged[OpeningAct.REFUSE]
    assert (refused is None) is (role is Role.INSPECTOR)
    assert refused is None or "you need the role" in refused
    assert judged[OpeningAct.PRINT_PERMIT] is not None  # not approved: no role is asked
