"""The acts on a sidewalk cafe application (§ 506-10) say what the services do.

One application is walked from the counter to its revocation, and a second one that does not
meet the standards beside it. At each step, for each operator (the Clerk, the Building
Inspector, the Administrator), every act is asked of :func:`acts` and then really done through
its service with what a clerk would type, and undone: where the service refuses, :func:`acts`
gives exactly its refusal's words; where it acts, None. So the buttons of the tab, which show
:func:`acts`, can never again be enabled for what the service refuses (a site plan on file that
cannot be read) nor say something else than the refusal.

"Today" starts on Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date, datetime

import pytest
from sidewalk_cafes_steps import (
    PDF,
    _apply,
    _business_on_broad,
    _certificate,
    _data,
    _do,
    _issued,
    _meeting,
    _neighbors,
    _pay,
    _spoil_site_plan,
)

from clerk_desk.clock import FixedClock
from clerk_desk.demo import sidewalk_cafes as demo_sidewalk_cafes
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import ClerkDeskError
from clerk_desk.kinds import Role
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sc
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes.acts import CafeAct, acts, lift_acts

Attempt = Callable[[Action], object]

# Printing changes no record and has no service to refuse it: asked apart, in the walk.
PAPERS = frozenset(
    {CafeAct.PRINT_PACKET, CafeAct.PRINT_PERMIT, CafeAct.PRINT_LETTERS, CafeAct.PRINT_OWNERS}
)


class _Undo(Exception):
    """Raised inside the action once the service has acted: nothing is kept."""


def _outcome(desk: Desk, who: SignedIn, *attempts: Attempt) -> str | None:
    """Do the act through its service (each way of doing it in turn), then undo it: None when
    one way acted, else the first way's refusal in the words the clerk reads."""
    refusals: list[str] = []
    for attempt in attempts:
        try:
            with desk.action(who) as action:
                attempt(action)
                action.session.flush()
                raise _Undo
        except _Undo:
            return None
        except ClerkDeskError as error:
            refusals.append(str(error))
    return refusals[0]


@dataclasses.dataclass
class Meetings:
    dec28: int  # after the comment period of a notice mailed Nov 30 (comments to Dec 15)
    jan11: int  # the revocation meeting noticed on Dec 28
    jan25: int  # fourteen days after Jan 11


def _attempts(cafe: int, meetings: Meetings) -> dict[CafeAct, tuple[Attempt, ...]]:
    """Each act as a clerk would do it at the counter now, with what the form takes typed
    right: only the record's state, or the operator, can refuse it."""

    def correct(a: Action) -> object:  # the notes only: nothing the neighbours were told
        found = sc.get_cafe(a.session, cafe)
        data = cafe_rules.CafeData(
            **{f: getattr(found, f) for f in cafe_rules.CafeData.__dataclass_fields__}
        )
        return sc.correct_application(a, cafe, dataclasses.replace(data, notes="Corrected"))

    return {
        CafeAct.CORRECT: (correct,),
        CafeAct.NEIGHBOURS: (lambda a: cafe_notice.set_neighbors(a, cafe, _neighbors()),),
        CafeAct.MAIL_NOTICE: (
            lambda a: cafe_notice.record_notice_mailed(
                a, cafe, mailed_on=a.today(), by_name="C. Jensen"
            ),
        ),
        CafeAct.COMMENT: (
            lambda a: cafe_notice.record_comment(
                a, cafe, received_on=a.today(), commenter="Ruth Olson", text="In favour"
            ),
        ),
        CafeAct.POLICE_REVIEW: (lambda a: sc.send_to_police(a, cafe, on=a.today()),),
        CafeAct.DPW_INSPECTION: (
            lambda a: sc.record_dpw_inspection(
                a, cafe, on=a.today(), by_name="Ivan Olsen", satisfied=True
            ),
        ),
        CafeAct.AGENDA: (lambda a: cafe_council.place_before_council(a, cafe, meetings.dec28),),
        CafeAct.COUNCIL_DECISION: (
            lambda a: cafe_council.record_council_decision(
                a, cafe, meeting_id=meetings.dec28, approved=False, reasons="Too narrow"
            ),
        ),
        CafeAct.ISSUE: (lambda a: cafe_council.issue(a, cafe),),
        CafeAct.RENEW: (lambda a: cafe_council.renew(a, cafe),),
        CafeAct.SUSPEND: (
            lambda a: cafe_suspensions.suspend(
                a,
                cafe,
                notice_on=None,
                starts_on=a.today(),
                ends_on=a.today(),
                reason="Ice on the walk",
                emergency=True,
            ),
        ),
        CafeAct.REVOCATION_NOTICE: (
            lambda a: cafe_suspensions.give_revocation_notice(
                a,
                cafe,
                notice_on=a.today(),
                meeting_id=meetings.jan11 if a.today() < date(2027, 1, 1) else meetings.jan25,
                grounds="Noise after 11:00 p.m.",
            ),
        ),
        CafeAct.REVOKE: (lambda a: cafe_suspensions.revoke(a, cafe, meeting_id=meetings.jan11),),
        # The Administrator refuses one the standards forbid; the Council denies the others.
        CafeAct.DENY: (
            lambda a: cafe_council.deny(a, cafe, reasons="Not eligible"),
            lambda a: cafe_council.deny(a, cafe, reasons="Too narrow", meeting_id=meetings.dec28),
        ),
        CafeAct.WITHDRAW: (lambda a: sc.withdraw(a, cafe, reason="By letter of the owner"),),
    }


@dataclasses.dataclass
class Seen:
    allowed: set[CafeAct] = dataclasses.field(default_factory=set)
    refused: set[CafeAct] = dataclasses.field(default_factory=set)  # by the record's state


def _agree(
    desk: Desk, operators: list[SignedIn], cafe: int, meetings: Meetings, seen: Seen
) -> dict[CafeAct, str | None]:
    """Every act, for every operator: what :func:`acts` says is what the service does. The
    Administrator's answers (refused by the record alone, never by a role) are returned."""
    said: dict[CafeAct, str | None] = {}
    for who in operators:
        with desk.lookup(who) as action:
            judged = acts(action, cafe)
        assert set(judged) == set(CafeAct)
        for act, attempts in _attempts(cafe, meetings).items():
            done = _outcome(desk, who, *attempts)
            assert judged[act] == done, (who.username, act, judged[act], done)
        assert judged[CafeAct.PRINT_PACKET] is None
        if who.role is Role.ADMINISTRATOR:
            said = judged
            seen.allowed |= {act for act, why in judged.items() if why is None}
            seen.refused |= {act for act, why in judged.items() if why is not None}
            # the permit prints exactly while it stands, as the suspension asks
            assert (judged[CafeAct.PRINT_PERMIT] is None) == (judged[CafeAct.SUSPEND] is None)
    return said


def test_every_act_is_refused_by_acts_in_the_very_words_of_its_service(
    desk: Desk, clock: FixedClock, admin: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    clerk, inspector = operator_with(Role.CLERK), operator_with(Role.INSPECTOR)
    treasurer = operator_with(Role.TREASURER)
    everyone = [clerk, inspector, admin]
    seen = Seen()
    bistro = _business_on_broad(desk, admin, "Broad Street Bistro LLC")
    meetings = Meetings(
        _meeting(desk, clerk, date(2026, 12, 28)),
        _meeting(desk, clerk, date(2027, 1, 11)),
        _meeting(desk, clerk, date(2027, 1, 25)),
    )
    # A business holding a liquor license (no alcohol in the cafe): the Chief reviews it.
    cafe = _apply(desk, clerk, _data(bistro, liquor_license="Class B 2026-14"), papers=False)

    said = _agree(desk, everyone, cafe, meetings, seen)  # no site plan, no one listed
    assert said[CafeAct.MAIL_NOTICE] == (
        "Attach the applicant's site plan first: the notice must contain a copy of the "
        "diagram submitted by the applicant. (§ 506-10 (Application for permit))"
    )
    assert said[CafeAct.NEIGHBOURS] is None and said[CafeAct.AGENDA] is not None
    assert said[CafeAct.PRINT_OWNERS] == "No owners within 100 feet are listed for SC-2026-001."

    plan = demo_sidewalk_cafes.site_plan_png(
        demo_sidewalk_cafes.Plan("Acts Cafe", "Broad St N", 360, 144, 288, 72)
    )
    _do(desk, clerk, sc.attach_site_plan, cafe, "plan.png", plan, scale="1 in = 8 ft")
    _do(desk, clerk, sc.attach_sales_records, cafe, "sales.pdf", PDF)
    _do(desk, clerk, cafe_notice.set_neighbors, cafe, _neighbors())
    _spoil_site_plan(desk, cafe)
    said = _agree(desk, everyone, cafe, meetings, seen)  # a plan on file that cannot be read
    assert said[CafeAct.MAIL_NOTICE] == (
        "The site plan on file (plan.png) cannot be read as a PDF, PNG or JPEG file: attach a "
        "readable copy of the applicant's diagram before the notice is mailed. "
        "(§ 506-10 (Application for permit))"
    )

    _do(desk, clerk, sc.attach_site_plan, cafe, "plan.pdf", PDF, scale="1 in = 8 ft")
    said = _agree(desk, everyone, cafe, meetings, seen)  # readable: the notice may go
    assert said[CafeAct.MAIL_NOTICE] is None and said[CafeAct.PRINT_OWNERS] is None
    assert said[CafeAct.PRINT_LETTERS] == (
        "The letters are dated the day of mailing: record the mailing first."
    )
    # conforming, before the notice: no one may deny it yet
    assert said[CafeAct.DENY] is not None and "only the Common Council" in said[CafeAct.DENY]

    # beside it, a cafe with a 40-inch aisle (44 are required), mailed the same day
    cramped = _apply(desk, clerk, _data(bistro, establishment="Annex", aisle_in=40))
    _do(desk, clerk, cafe_notice.set_neighbors, cramped, _neighbors())
    for mailed in (cafe, cramped):
        _do(desk, clerk, cafe_notice.record_notice_mailed, mailed, mailed_on=date(2026, 11, 30),
            by_name="C. Jensen")  # fmt: skip

    clock.set(datetime(2026, 12, 28, 19, 0))  # after the meeting of Dec 28
    said = _agree(desk, everyone, cramped, meetings, seen)
    assert (
        said[CafeAct.AGENDA] is not None and "does not meet the standards" in said[CafeAct.AGENDA]
    )
    assert said[CafeAct.DENY] is None and said[CafeAct.POLICE_REVIEW] is not None
    said = _agree(desk, everyone, cafe, meetings, seen)  # comments over: to the Council
    assert said[CafeAct.AGENDA] is None and said[CafeAct.NEIGHBOURS] is not None
    assert said[CafeAct.PRINT_LETTERS] is None

    _do(desk, clerk, sc.send_to_police, cafe, on=date(2026, 12, 1))
    _do(desk, clerk, sc.record_police_review, cafe, on=date(2026, 12, 2), approved=True)
    _do(desk, inspector, sc.record_dpw_inspection, cafe, on=date(2026, 12, 3), by_name="I. Olsen",
        satisfied=True)  # fmt: skip
    _certificate(desk, clerk, bistro)
    _pay(desk, treasurer, cafe)
    _do(desk, clerk, cafe_council.place_before_council, cafe, meetings.dec28)
    _agree(desk, everyone, cafe, meetings, seen)  # before the Council
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        cafe,
        meeting_id=meetings.dec28,
        approved=True,
    )
    said = _agree(desk, everyone, cafe, meetings, seen)  # approved
    assert said[CafeAct.ISSUE] is None and said[CafeAct.CORRECT] is not None

    _do(desk, clerk, cafe_council.issue, cafe)
    said = _agree(desk, everyone, cafe, meetings, seen)  # the permit stands
    assert said[CafeAct.REVOKE] == (
        f"No written notice of a revocation meeting is on record for {_number(desk, cafe)}: "
        "10 days' written notice comes first. (§ 506-10 (Revocation of permit; appeal))"
    )
    _do(desk, clerk, cafe_suspensions.give_revocation_notice, cafe, notice_on=date(2026, 12, 28),
        meeting_id=meetings.jan11, grounds="Noise after 11:00 p.m.")  # fmt: skip
    clock.set(datetime(2027, 1, 11, 20, 0))  # after the revocation meeting
    said = _agree(desk, everyone, cafe, meetings, seen)
    assert said[CafeAct.REVOKE] is None and said[CafeAct.RENEW] is None

    renewal = _do(desk, clerk, cafe_council.renew, cafe)
    said = _agree(desk, everyone, cafe, meetings, seen)  # renewed, the renewal not yet issued
    assert said[CafeAct.RENEW] == (
        f"{_number(desk, cafe)} is already renewed by {_number(desk, renewal)}."
    )
    _do(desk, clerk, cafe_suspensions.revoke, cafe, meeting_id=meetings.jan11)
    said = _agree(desk, everyone, cafe, meetings, seen)  # revoked for good
    assert all(said[act] is not None for act in set(CafeAct) - PAPERS)

    # every act was both allowed and refused by its record somewhere on the way
    assert seen.allowed >= set(CafeAct) and seen.refused >= set(CafeAct) - {CafeAct.PRINT_PACKET}


def _number(desk: Desk, cafe_id: int) -> str:
    with desk.database.reading() as session:
        return sc.get_cafe(session, cafe_id).number


@pytest.mark.parametrize("role", [Role.CLERK, Role.INSPECTOR, Role.TREASURER])
def test_an_act_the_role_may_not_do_names_the_roles_that_may(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], role: Role
) -> None:
    """The permission comes first, in the words the service refuses with."""
    who = operator_with(role)
    bistro = _business_on_broad(desk, admin, "Broad Street Bistro LLC")
    cafe = _apply(desk, admin, _data(bistro))
    with desk.lookup(who) as action:
        judged = acts(action, cafe)
    checks: dict[CafeAct, tuple[Attempt, ...]] = {
        CafeAct.DPW_INSPECTION: (
            lambda a: sc.record_dpw_inspection(
                a, cafe, on=a.today(), by_name="Ivan Olsen", satisfied=True
            ),
        ),
        CafeAct.WITHDRAW: (lambda a: sc.withdraw(a, cafe, reason="By letter"),),
        CafeAct.COMMENT: (
            lambda a: cafe_notice.record_comment(
                a, cafe, received_on=a.today(), commenter="R", text="Ok"
            ),
        ),
    }
    for act, attempts in checks.items():
        assert judged[act] == _outcome(desk, who, *attempts), act
    expected_dpw = role is Role.INSPECTOR
    assert (judged[CafeAct.DPW_INSPECTION] is None) == expected_dpw
    if not expected_dpw:
        assert judged[CafeAct.DPW_INSPECTION] == (
            "To approve permits reserved to the Building Inspector or Public Works you need the "
            "role Building Inspector / Public Works or Administrator; you are signed in as "
            f"{role.label}."
        )


def test_lift_is_refused_by_lift_acts_in_the_words_of_the_service_from_the_day_after_it_ends(
    desk: Desk, clock: FixedClock, admin: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    """A suspension may be lifted until its last day, not from the day after, and not twice;
    the tab's Lift… button (:func:`lift_acts`) says what :func:`lift_suspension` does."""
    clerk, inspector = operator_with(Role.CLERK), operator_with(Role.INSPECTOR)
    treasurer = operator_with(Role.TREASURER)
    bistro = _business_on_broad(desk, admin, "Broad Street Bistro LLC")
    cafe = _issued(desk, clock, clerk, inspector, treasurer, bistro).cafe
    clock.set(datetime(2027, 1, 4, 10, 0))
    suspension = _do(desk, admin, cafe_suspensions.suspend, cafe, notice_on=None,
                     starts_on=date(2027, 1, 4), ends_on=date(2027, 1, 6), reason="Ice",
                     emergency=True)  # fmt: skip

    def said(who: SignedIn) -> str | None:
        with desk.lookup(who) as action:
            return lift_acts(action, sc.get_cafe(action.session, cafe))[suspension]

    def lifting(who: SignedIn) -> str | None:
        return _outcome(
            desk,
            who,
            lambda a: cafe_suspensions.lift_suspension(
                a, suspension, on=min(a.today(), date(2027, 1, 6)), reason="Thawed"
            ),
        )

    for day, refused in ((5, None), (6, None), (7, "This suspension ended Wed Jan 6, 2027")):
        clock.set(datetime(2027, 1, day, 10, 0))
        for who in (clerk, inspector, treasurer, admin):
            assert said(who) == lifting(who), (day, who.username)
        shown = said(admin)
        assert shown is None if refused is None else (shown or "").startswith(refused), shown
    assert said(treasurer) == (
        "To issue permits you need the role Clerk, Deputy Clerk or Administrator; you are "
        "signed in as Treasurer."
    )

    clock.set(datetime(2027, 1, 5, 10, 0))
    _do(desk, admin, cafe_suspensions.lift_suspension, suspension, on=date(2027, 1, 5),
        reason="Thawed")  # fmt: skip
    assert (
        said(admin)
        == lifting(admin)
        == ("This suspension was already lifted from Tue Jan 5, 2027.")
    )
