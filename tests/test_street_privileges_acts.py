"""The acts on a street privilege permit (§§ 506-9, 506-11) say what the services do.

One permit is walked from the counter through issuance, the Council's notice to remove, the
City's removal, revocation and the way vacated; an application refused and one withdrawn
beside it. At each step, for each operator (the Clerk, the Deputy Clerk, the Building
Inspector, the Treasurer, the Administrator), every act is asked of :func:`acts` and then really
done through its service with what a clerk would type, and undone: where the service refuses,
:func:`acts` gives exactly its refusal's words; where it acts, None. The Street Privileges tab
shows :func:`acts` on its buttons (their tooltips carry the refusal), so a button can never be
enabled for what the service refuses, nor say something else than the refusal.

What the act's form takes (the review's requirements, the day typed, the 24 hours after the
Council's notice) is refused by the service under the field; the walk keeps the application in
order and waits out the 24 hours, so only the record's state and the operator refuse an act
here. "Today" starts on Monday, November 30, 2026.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, time, timedelta

import builders  # type: ignore[import-not-found]
import pytest
from street_privileges_steps import BOND, _data, _get, _issue, _ready, at

from clerk_desk import parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import ClerkDeskError, Conflict
from clerk_desk.kinds import PartyKind, Role
from clerk_desk.money import Money
from clerk_desk.permissions import Permission
from clerk_desk.street_privileges import occupancy as sp_occupancy
from clerk_desk.street_privileges import records as sp_records
from clerk_desk.street_privileges import removal as sp_removal
from clerk_desk.street_privileges import rules
from clerk_desk.street_privileges import service as sp
from clerk_desk.street_privileges.acts import PrivilegeAct, acts

Attempt = Callable[[Action], object]
OFFICIAL = {"by_name": "Ivan Olsen", "by_title": "Director of Public Works"}


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


def _notice_at(action: Action, privilege_id: int) -> datetime:
    """The notice as the clerk types it: the day of issuance at noon, or now if earlier."""
    issued_on = sp_records.get_privilege(action.session, privilege_id).issued_on
    if issued_on is None:
        return action.now()
    return min(datetime.combine(issued_on, time(12), tzinfo=action.zone), action.now())


def _attempts(privilege_id: int, applicant: int, parcel: int) -> dict[PrivilegeAct, Attempt]:
    """Each act as the counter would record it now, with what its form takes typed right."""

    def revoke(a: Action) -> object:
        last = sp_records.get_privilege(a.session, privilege_id).ends_on or a.today()
        return sp_occupancy.revoke(
            a, privilege_id, reason="Materials in the gutter", on=min(a.today(), last), **OFFICIAL
        )

    return {
        PrivilegeAct.CORRECT: lambda a: sp.correct_application(
            a, privilege_id, _data(applicant, parcel_id=parcel, route="By Broad St")
        ),
        PrivilegeAct.ADVICE: lambda a: sp.record_advice(
            a, privilege_id, who="police", advice="Cone the parking lane", on=a.today()
        ),
        PrivilegeAct.TERMS: lambda a: sp.set_terms(
            a,
            privilege_id,
            bond_amount=BOND,
            insurance_required=False,
            insurance_minimums={},
            conditions="",
        ),
        PrivilegeAct.CITY_COSTS: lambda a: sp.bill_city_costs(
            a, privilege_id, amount=Money("40.00"), description="Barricade rental"
        ),
        PrivilegeAct.ISSUE: lambda a: sp.issue(a, privilege_id),
        PrivilegeAct.REFUSE: lambda a: sp.refuse(a, privilege_id, reason="Street repaved"),
        PrivilegeAct.WITHDRAW: lambda a: sp.withdraw(a, privilege_id, reason="Applicant phoned"),
        PrivilegeAct.CHECK: lambda a: sp_occupancy.record_check(
            a, privilege_id, rules.CONDITION_KEYS[0], ok=True, on=a.today(), **OFFICIAL
        ),
        PrivilegeAct.CLOSE: lambda a: sp_occupancy.close(a, privilege_id, on=a.today(), **OFFICIAL),
        PrivilegeAct.REVOKE: revoke,
        PrivilegeAct.REMOVAL_NOTICE: lambda a: sp_removal.record_removal_notice(
            a, privilege_id, at=_notice_at(a, privilege_id), to="Rosa Lindgren"
        ),
        PrivilegeAct.CITY_REMOVAL: lambda a: sp_removal.record_city_removal(
            a, privilege_id, on=a.today(), cost=Money("250.00")
        ),
    }


def _agree(
    desk: Desk, operators: list[SignedIn], privilege_id: int, applicant: int, parcel: int
) -> dict[PrivilegeAct, str | None]:
    """Every act with a service, for every operator: what :func:`acts` says is what the service
    does. The Administrator's answers (refused by the record alone) are returned."""
    said: dict[PrivilegeAct, str | None] = {}
    for who in operators:
        with desk.lookup(who) as action:
            judged = acts(action, privilege_id)
        assert set(judged) == set(PrivilegeAct)
        for act, attempt in _attempts(privilege_id, applicant, parcel).items():
            done = _outcome(desk, who, attempt)
            assert judged[act] == done, (who.username, act, judged[act], done)
        if who.role is Role.ADMINISTRATOR:
            said = judged
    return said


@pytest.fixture
def builder(desk: Desk, admin: SignedIn) -> int:
    """The contractor who applies."""
    return builders.party(desk, admin, "Bluff Country Concrete", contractor=True)


@pytest.fixture
def parcel(desk: Desk, admin: SignedIn) -> int:
    """The property abutting the obstructed sidewalk, with its owner."""
    owner = builders.party(desk, admin, "Rosa Lindgren", kind=PartyKind.PERSON)
    with desk.action(admin) as action:
        return parties.add_parcel(
            action, parties.ParcelData("281-01042-0000", "236 Broad St N", owner_id=owner)
        ).id


@pytest.fixture
def everyone(admin: SignedIn, operator_with: Callable[[Role], SignedIn]) -> list[SignedIn]:
    roles = (Role.CLERK, Role.DEPUTY_CLERK, Role.INSPECTOR, Role.TREASURER)
    return [operator_with(r) for r in roles] + [admin]


def _allowed(said: dict[PrivilegeAct, str | None]) -> set[PrivilegeAct]:
    return {act for act, why in said.items() if why is None}


def test_every_act_is_refused_by_acts_in_the_very_words_of_its_service(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    everyone: list[SignedIn],
    builder: int,
    parcel: int,
) -> None:
    director = everyone[2]
    privilege_id = _ready(desk, admin, director, builder, parcel_id=parcel)
    number = _get(desk, privilege_id).number
    said = _agree(desk, everyone, privilege_id, builder, parcel)  # in order, undecided
    undecided = {
        PrivilegeAct.CORRECT,
        PrivilegeAct.ADVICE,
        PrivilegeAct.TERMS,
        PrivilegeAct.CITY_COSTS,
        PrivilegeAct.ISSUE,
        PrivilegeAct.REFUSE,
        PrivilegeAct.WITHDRAW,
    }
    assert _allowed(said) == undecided
    assert said[PrivilegeAct.PRINT_PERMIT] == (
        f"Street privilege {number} is applied: its permit prints only once a permit is issued."
    )
    assert said[PrivilegeAct.CHECK] == (
        f"Street privilege {number} is applied: its conditions are checked only once a permit "
        "is issued."
    )

    clock.set(at(clock.today(), 9))
    _issue(desk, director, privilege_id)
    said = _agree(desk, everyone, privilege_id, builder, parcel)  # issued, in force
    assert said[PrivilegeAct.ISSUE] == (
        f"Street privilege {number} is issued: it can be issued only before the permit is issued."
    )
    assert said[PrivilegeAct.CITY_REMOVAL] == (
        "No notice from the Common Council to remove the obstruction is recorded: the City "
        f"removes it 24 hours after that notice. ({rules.REMOVAL_CITE})"
    )
    assert _allowed(said) == {
        PrivilegeAct.CITY_COSTS,
        PrivilegeAct.PRINT_PERMIT,
        PrivilegeAct.CHECK,
        PrivilegeAct.CLOSE,
        PrivilegeAct.REVOKE,
        PrivilegeAct.REMOVAL_NOTICE,
    }

    with desk.action(everyone[0]) as action:
        sp_removal.record_removal_notice(
            action, privilege_id, at=at(clock.today(), 8), to="Rosa Lindgren"
        )
    clock.set(at(clock.today(), 8) + timedelta(hours=25))  # the 24 hours have run
    said = _agree(desk, everyone, privilege_id, builder, parcel)
    assert said[PrivilegeAct.CITY_REMOVAL] is None

    with desk.action(director) as action:
        sp_occupancy.revoke(
            action, privilege_id, reason="Hydrant blocked", on=action.today(), **OFFICIAL
        )
    said = _agree(desk, everyone, privilege_id, builder, parcel)  # revoked: vacate the way
    assert said[PrivilegeAct.REVOKE] == (
        f"Street privilege {number} is revoked: only an issued permit can be revoked."
    )
    assert said[PrivilegeAct.CLOSE] is None and said[PrivilegeAct.PRINT_PERMIT] is None

    with desk.action(director) as action:
        sp_occupancy.close(action, privilege_id, on=action.today(), **OFFICIAL)
    said = _agree(desk, everyone, privilege_id, builder, parcel)  # the way vacated
    assert said[PrivilegeAct.CLOSE] is not None and "recorded vacated" in said[PrivilegeAct.CLOSE]
    assert said[PrivilegeAct.REMOVAL_NOTICE] == f"The way under {number} is already clear."


def test_a_permit_may_be_revoked_and_noticed_the_morning_after_its_last_day(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    everyone: list[SignedIn],
    builder: int,
    parcel: int,
) -> None:
    """The day before, on and after the last day the acts stay open: the form takes a
    revocation dated through the last day, and a notice given while the sidewalk was lawfully
    obstructed; a notice given after it is refused by the service, citing § 506-8."""
    director = everyone[2]
    privilege_id = _ready(desk, admin, director, builder, parcel_id=parcel)
    _issue(desk, director, privilege_id)
    last = _get(desk, privilege_id).ends_on
    assert last is not None
    for day in (last - timedelta(days=1), last, last + timedelta(days=1)):
        clock.set(at(day, 9))
        said = _agree(desk, everyone, privilege_id, builder, parcel)
        assert said[PrivilegeAct.REVOKE] is None, day
        assert said[PrivilegeAct.REMOVAL_NOTICE] is None, day  # a notice given while lawful
    # The day after, a notice given now is the form's to refuse: the sidewalk is no longer
    # lawfully obstructed, and § 506-8 applies instead.
    with pytest.raises(Conflict, match="ended") as late, desk.action(everyone[0]) as action:
        sp_removal.record_removal_notice(action, privilege_id, at=action.now(), to="Rosa Lindgren")
    assert late.value.cite == rules.SIDEWALK_REMOVAL_CITE


def test_a_refused_and_a_withdrawn_application_take_no_more_steps(
    desk: Desk, admin: SignedIn, everyone: list[SignedIn], builder: int, parcel: int
) -> None:
    director = everyone[2]
    refused = _ready(desk, admin, director, builder, parcel_id=parcel)
    with desk.action(director) as action:
        sp.refuse(action, refused, reason="Street repaved")
    said = _agree(desk, everyone, refused, builder, parcel)
    number = _get(desk, refused).number
    assert said[PrivilegeAct.CITY_COSTS] == (
        f"Street privilege {number} was refused: a refused or withdrawn application is not "
        f"charged City costs. ({rules.FEE_CITE})"
    )
    assert _allowed(said) == set()

    withdrawn = _ready(desk, admin, director, builder, parcel_id=parcel)
    with desk.action(admin) as action:
        sp.withdraw(action, withdrawn, reason="Applicant phoned")
    assert _allowed(_agree(desk, everyone, withdrawn, builder, parcel)) == set()


@pytest.mark.parametrize("role", [Role.CLERK, Role.DEPUTY_CLERK, Role.INSPECTOR, Role.TREASURER])
def test_an_act_the_role_may_not_do_names_the_roles_that_may(
    desk: Desk,
    admin: SignedIn,
    operator_with: Callable[[Role], SignedIn],
    builder: int,
    parcel: int,
    role: Role,
) -> None:
    """The permission comes first, in the words the service refuses with."""
    who = operator_with(role)
    privilege_id = _ready(desk, admin, operator_with(Role.INSPECTOR), builder, parcel_id=parcel)
    with desk.lookup(who) as action:
        judged = acts(action, privilege_id)
        may_decide = action.operator.may(Permission.APPROVE_WORK_PERMITS)
    for act, attempt in _attempts(privilege_id, builder, parcel).items():
        assert judged[act] == _outcome(desk, who, attempt), act
    issued = judged[PrivilegeAct.ISSUE]
    assert (issued is None) is may_decide
    assert issued is None or "you need the role" in issued
