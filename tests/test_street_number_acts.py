"""The acts on an address and on a noncompliance case (clerk_desk/street_numbers/acts.py): the
tab's buttons say what the service says. Each act is walked through the record's states and the
roles, the service really run (and rolled back), and ``acts()`` must give exactly the service's
own refusal."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

import pytest
from street_numbers_steps import _add_street, _assign, _observe, _parcel, _refer, _serve

from clerk_desk.clock import FixedClock
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import ClerkDeskError, Conflict
from clerk_desk.kinds import Role
from clerk_desk.settings import CityProfile
from clerk_desk.street_numbers import assignment, cases
from clerk_desk.street_numbers import views as street_views
from clerk_desk.street_numbers.acts import AddressAct, CaseAct, acts, address_acts
from clerk_desk.words import format_day, month_day
from reports.street_numbers import noncompliance_notice_pdf

Attempt = Callable[[Action], object]
PROFILE = CityProfile(phone="(715) 262-5544")
OBSERVED = date(2026, 11, 2)
DAY = timedelta(days=1)


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


def _attempts(case_id: int) -> dict[CaseAct, Attempt]:
    """Each act as the Clerk would do it today, with its form typed right."""
    return {
        CaseAct.SERVE: lambda a: cases.serve_notice(
            a, case_id, served_on=a.today(), manner="certified mail"
        ),
        CaseAct.REFER: lambda a: cases.refer_case(a, case_id, referred_on=a.today()),
        CaseAct.COMPLIED: lambda a: cases.close_case(a, case_id, on=a.today()),
        CaseAct.WITHDRAW: lambda a: cases.close_case(
            a, case_id, on=a.today(), note="Recorded in error", withdrawn=True
        ),
    }


def _acts(desk: Desk, who: SignedIn, case_id: int) -> dict[CaseAct, str | None]:
    with desk.lookup(who) as action:
        return acts(action, case_id)


@pytest.fixture
def case_id(desk: Desk, admin: SignedIn, clock: FixedClock) -> int:
    clock.set(OBSERVED)
    street = _add_street(desk, admin)
    lot = _parcel(desk, admin, "281-00111-0000", owner="Anna Berg")
    address = _assign(desk, admin, street, 111, lot, position_ft=100)
    return _observe(desk, admin, address, OBSERVED)


def _check_every_act(desk: Desk, case: int, roles: dict[Role, SignedIn]) -> None:
    for role, who in roles.items():
        found = _acts(desk, who, case)
        for act, attempt in _attempts(case).items():
            assert found[act] == _outcome(desk, who, attempt), (role, act)
            if role is Role.TREASURER:  # the register is the Clerk's and the Inspector's
                assert "Treasurer" in str(found[act]), act


def test_each_act_is_refused_exactly_when_its_service_refuses(
    desk: Desk,
    admin: SignedIn,
    operator_with: Callable[[Role], SignedIn],
    clock: FixedClock,
    case_id: int,
) -> None:
    roles = {
        Role.ADMINISTRATOR: admin,
        Role.CLERK: operator_with(Role.CLERK),
        Role.TREASURER: operator_with(Role.TREASURER),  # keeps no street register
    }
    with desk.lookup(admin) as action:
        case = cases.get_case(action.session, case_id)
        notice_from = case.notice_from
    clock.set(notice_from)
    _check_every_act(desk, case_id, roles)  # open: served, closed; not referred
    found = _acts(desk, admin, case_id)
    assert found[CaseAct.SERVE] is None and found[CaseAct.COMPLIED] is None
    assert found[CaseAct.REFER] == "Only a case whose notice has been served can be referred."
    assert "Treasurer" in str(_acts(desk, roles[Role.TREASURER], case_id)[CaseAct.SERVE])

    _serve(desk, admin, case_id, notice_from)
    with desk.lookup(admin) as action:
        referral_from = cases.get_case(action.session, case_id).referral_from
    assert referral_from is not None
    clock.set(referral_from)
    _check_every_act(desk, case_id, roles)  # noticed: referred, closed; not served again
    assert _acts(desk, admin, case_id)[CaseAct.SERVE] == "The case is notice served."

    _refer(desk, admin, case_id, referral_from)
    _check_every_act(desk, case_id, roles)  # referred: closed only
    found = _acts(desk, admin, case_id)
    assert found[CaseAct.COMPLIED] is None and found[CaseAct.REFER] is not None

    with desk.action(admin) as action:
        cases.close_case(action, case_id, on=referral_from)
    _check_every_act(desk, case_id, roles)  # complied: nothing more
    found = _acts(desk, admin, case_id)
    assert found[CaseAct.COMPLIED] == "The case is already closed."
    assert found[CaseAct.WITHDRAW] == "The case is already closed."


def _notice(desk: Desk, who: SignedIn, case: int) -> bytes:
    with desk.lookup(who) as action:
        row, address = street_views.notice_view(action, case)
        day = action.today()
    return noncompliance_notice_pdf(row, address, profile=PROFILE, printed_on=day)


def test_the_notice_prints_from_its_first_day_and_the_button_says_so(
    desk: Desk, admin: SignedIn, clock: FixedClock, case_id: int
) -> None:
    with desk.lookup(admin) as action:
        notice_from = cases.get_case(action.session, case_id).notice_from
    clock.set(notice_from - DAY)  # the 20 days' last day
    refused = _acts(desk, admin, case_id)[CaseAct.PRINT_NOTICE]
    with pytest.raises(Conflict) as paper:
        _notice(desk, admin, case_id)
    assert refused == str(paper.value)
    assert refused == (
        f"The owner has 20 days from {month_day(OBSERVED)} to post the numbers: the notice "
        f"may be printed from {month_day(notice_from)}. (§ 506-16 (Noncompliance))"
    )
    for day in (notice_from, notice_from + DAY):  # on the first day, and after it
        clock.set(day)
        assert _acts(desk, admin, case_id)[CaseAct.PRINT_NOTICE] is None
        assert _notice(desk, admin, case_id).startswith(b"%PDF")


def test_a_closed_case_has_no_notice_to_print(
    desk: Desk, admin: SignedIn, clock: FixedClock, case_id: int
) -> None:
    with desk.action(admin) as action:
        cases.close_case(action, case_id, on=OBSERVED, note="Recorded in error", withdrawn=True)
    assert _acts(desk, admin, case_id)[CaseAct.PRINT_NOTICE] == (
        "The case is withdrawn: it has no notice to print."
    )


# ---- the acts on an address -------------------------------------------------------------------


def _address_attempts(address_id: int) -> dict[AddressAct, Attempt]:
    """Each act on the address as it is done today, with its form typed right."""
    return {
        AddressAct.CHANGE: lambda a: assignment.change_address(
            a, address_id, _same_address(a, address_id), reason="Owner's request"
        ),
        AddressAct.RETIRE: lambda a: assignment.retire_address(
            a, address_id, reason="Building demolished"
        ),
        AddressAct.PRINT_LETTER: lambda a: street_views.letter_paper(a, address_id),
        AddressAct.NUMBERS_MISSING: lambda a: cases.observe_noncompliance(
            a, address_id, observed_on=a.today(), observation="No numbers"
        ),
    }


def _same_address(action: Action, address_id: int) -> assignment.AddressEdit:
    """The address as it stands, its notes changed: a change the Inspector may record."""
    row = street_views.address_row(action, address_id)
    return assignment.AddressEdit(
        row.number, row.unit, row.kind, row.side, row.position_ft, row.owner_id, notes="Corner"
    )


def _address_acts(desk: Desk, who: SignedIn, address_id: int) -> dict[AddressAct, str | None]:
    with desk.lookup(who) as action:
        return address_acts(action, address_id)


def _check_every_address_act(desk: Desk, address: int, roles: dict[Role, SignedIn]) -> None:
    for role, who in roles.items():
        found = _address_acts(desk, who, address)
        for act, attempt in _address_attempts(address).items():
            assert found[act] == _outcome(desk, who, attempt), (role, act)


def test_each_address_act_is_refused_exactly_when_its_service_refuses(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], clock: FixedClock
) -> None:
    clock.set(OBSERVED)
    street = _add_street(desk, admin)
    address = _assign(
        desk, admin, street, 111, _parcel(desk, admin, "281-00111-0000"), position_ft=100
    )
    roles = {role: operator_with(role) for role in (Role.INSPECTOR, Role.CLERK, Role.TREASURER)}
    roles[Role.ADMINISTRATOR] = admin

    _check_every_address_act(desk, address, roles)  # assigned: every act, as the role may
    assert set(_address_acts(desk, roles[Role.INSPECTOR], address).values()) == {None}
    clerk = _address_acts(desk, roles[Role.CLERK], address)
    assert clerk[AddressAct.NUMBERS_MISSING] is None and clerk[AddressAct.PRINT_LETTER] is None
    assert "Building Inspector" in str(clerk[AddressAct.CHANGE])  # the Inspector's numbers
    treasurer = _address_acts(desk, roles[Role.TREASURER], address)
    assert "Treasurer" in str(treasurer[AddressAct.NUMBERS_MISSING])
    assert treasurer[AddressAct.PRINT_LETTER] is None  # a copy for anyone who asks

    case = _observe(desk, admin, address, OBSERVED)
    _check_every_address_act(desk, address, roles)  # a case open: not retired, not again
    found = _address_acts(desk, admin, address)
    assert found[AddressAct.RETIRE] == (
        "A noncompliance case is open for 111 Broad St N; close it first. "
        "(§ 506-16 (Noncompliance))"
    )
    assert found[AddressAct.NUMBERS_MISSING] == (
        f"A case for 111 Broad St N is already open (observed {format_day(OBSERVED)})."
    )
    assert found[AddressAct.CHANGE] is None

    with desk.action(admin) as action:
        cases.close_case(action, case, on=OBSERVED, note="Recorded in error", withdrawn=True)
    assert _address_acts(desk, admin, address)[AddressAct.RETIRE] is None  # closed: it may go
    with desk.action(admin) as action:
        assignment.retire_address(action, address, reason="Building demolished")
    _check_every_address_act(desk, address, roles)  # retired: nothing more
    found = _address_acts(desk, admin, address)
    assert found == {
        AddressAct.CHANGE: "111 Broad St N is retired; assign a new number instead.",
        AddressAct.RETIRE: "111 Broad St N is already retired.",
        AddressAct.PRINT_LETTER: "111 Broad St N is retired.",
        AddressAct.NUMBERS_MISSING: "111 Broad St N is retired.",
    }
