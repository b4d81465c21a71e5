"""Street privilege permits (§ 506-9, with § 506-8 (Exceptions)) at the boundaries of their
limits: three months to the day (Nov 30 → Feb 28, Jan 15 → Apr 15) and when a permit ends,
one-third of the street to the inch, one-half of the sidewalk, a temporary sidewalk and its fence
at 47 and 48 inches, the Council's 24 hours to the minute; the demo's permits, and every cite
the module emits. "Today" is Monday, November 30, 2026 in Prescott unless a test travels.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from fractions import Fraction
from typing import Any

import pytest
from street_privileges_steps import (  # type: ignore[import-not-found]
    FT,
    TODAY,
    _issued,
    _texts,
    _today_items,
    at,
)

from clerk_desk import ledger, today
from clerk_desk.deadlines import CityCalendar
from clerk_desk.demo import street_privileges as demo_street_privileges
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import ChargeKind, DueKind, DueStatus, PrivilegePurpose, PrivilegeStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_length
from clerk_desk.models import StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.ordinance import find_cites, load_chapter
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_privileges import removal as sp_removal
from clerk_desk.street_privileges import review as sp_review
from clerk_desk.street_privileges import rules
from clerk_desk.street_privileges import service as sp
from clerk_desk.street_privileges import views as views


def _blocks(found: list[Finding]) -> list[Finding]:
    return [f for f in found if f.blocks]


# -- three months from issuance (§ 506-9 (Termination)) --------------------------------------------


@pytest.mark.parametrize(
    ("issued", "last"),
    [
        (date(2026, 11, 30), date(2027, 2, 28)),  # February has no 30th: its last day
        (date(2027, 1, 15), date(2027, 4, 15)),
        (date(2027, 11, 30), date(2028, 2, 29)),  # a leap year
        (date(2026, 10, 31), date(2027, 1, 31)),
    ],
)
def test_a_permit_ends_three_months_from_issuance(issued: date, last: date) -> None:
    assert rules.ends_on(issued) == last


def test_an_earlier_day_is_kept_and_a_later_one_refused() -> None:
    assert rules.ends_on(date(2026, 11, 30), date(2026, 12, 31)) == date(2026, 12, 31)
    assert rules.ends_on(date(2026, 11, 30), date(2026, 11, 30)) == date(2026, 11, 30)
    assert rules.ends_on(date(2026, 11, 30), date(2027, 2, 28)) == date(2027, 2, 28)
    with pytest.raises(InvalidInput, match="Mon Mar 1, 2027 is after it") as after:
        rules.ends_on(date(2026, 11, 30), date(2027, 3, 1))
    assert after.value.cite == rules.TERMINATION_CITE and after.value.field == "earlier_end_on"
    with pytest.raises(InvalidInput, match="before it is issued"):
        rules.ends_on(date(2026, 11, 30), date(2026, 11, 29))


@pytest.mark.parametrize(
    ("issued", "in_force", "ended"),
    [
        (date(2026, 11, 30), date(2027, 2, 28), date(2027, 3, 1)),
        (date(2027, 1, 15), date(2027, 4, 15), date(2027, 4, 16)),
    ],
)
def test_a_permit_is_in_force_through_its_last_day_and_ended_the_next(
    issued: date, in_force: date, ended: date
) -> None:
    privilege = _issued(issued, rules.ends_on(issued))
    assert not sp.is_in_force(privilege, issued - timedelta(days=1))
    assert sp.is_in_force(privilege, issued)
    assert sp.is_in_force(privilege, in_force)
    assert sp.display_status(privilege, in_force) == "Issued"
    assert not sp.is_in_force(privilege, ended)
    assert sp.display_status(privilege, ended) == f"Ended {rules.short_day(in_force)}"


def test_the_register_says_when_a_permit_ended_by_itself() -> None:
    privilege = _issued(date(2026, 11, 30), date(2027, 2, 28))
    assert sp.display_status(privilege, date(2027, 3, 1)) == "Ended Feb 28, 2027"


def test_revocation_takes_effect_on_its_day_and_a_closed_permit_ends_with_its_day() -> None:
    revoked = _issued(
        date(2026, 11, 30),
        date(2027, 2, 28),
        status=PrivilegeStatus.REVOKED,
        revoked_on=date(2026, 12, 10),
    )
    assert sp.is_in_force(revoked, date(2026, 12, 9))
    assert not sp.is_in_force(revoked, date(2026, 12, 10))
    assert sp.display_status(revoked, date(2026, 12, 10)) == "Revoked"
    closed = _issued(
        date(2026, 11, 30),
        date(2027, 2, 28),
        status=PrivilegeStatus.CLOSED,
        closed_on=date(2026, 12, 20),
    )
    assert sp.is_in_force(closed, date(2026, 12, 20))
    assert not sp.is_in_force(closed, date(2026, 12, 21))
    applied = StreetPrivilege(number="SP-2026-002", status=PrivilegeStatus.APPLIED)
    assert not sp.is_in_force(applied, TODAY)
    assert sp.display_status(applied, TODAY) == "Applied"


# -- the widths (§ 506-9 (Conditions of occupancy), § 506-8 (Exceptions)) -------------------------


def _widths(**kwargs: Any) -> list[Finding]:
    base: dict[str, Any] = {
        "street_width_in": None,
        "street_used_in": None,
        "sidewalk_width_in": None,
        "sidewalk_used_in": None,
        "purpose": PrivilegePurpose.CONSTRUCTION,
    }
    return rules.width_findings(**(base | kwargs))


def test_exactly_one_third_of_the_street_passes_and_one_inch_more_blocks() -> None:
    assert _widths(street_width_in=36 * FT, street_used_in=12 * FT) == []
    (over,) = _widths(street_width_in=36 * FT, street_used_in=12 * FT + 1)
    assert over.blocks
    assert over.cite == rules.CONDITIONS_CITE  # one paragraph, so the link opens it
    assert over.text == (
        "The obstruction uses 12 ft 1 in of a 36 ft street; at most 12 ft (one-third). "
        "§ 506-8 (Exceptions) also holds building materials to one-third of the traveled "
        "portion."
    )


def test_one_third_of_a_street_not_divisible_by_three_is_checked_exactly() -> None:
    # 37 ft = 444 in: a third is 148 in exactly; 445 in: a third is 148 1/3 in.
    assert _widths(street_width_in=445, street_used_in=148) == []
    (over,) = _widths(street_width_in=445, street_used_in=149)
    assert "at most 12 ft 4 in (148 1/3 in exactly)" in over.text


def test_moving_a_building_is_held_to_one_third_by_section_506_9_alone() -> None:
    (over,) = _widths(
        street_width_in=30 * FT, street_used_in=10 * FT + 1, purpose=PrivilegePurpose.MOVE_BUILDING
    )
    assert over.cite == rules.CONDITIONS_CITE
    assert (
        _widths(
            street_width_in=30 * FT, street_used_in=10 * FT, purpose=PrivilegePurpose.MOVE_BUILDING
        )
        == []
    )


def test_building_materials_take_at_most_one_half_of_the_sidewalk() -> None:
    assert _widths(sidewalk_width_in=10 * FT, sidewalk_used_in=5 * FT) == []
    (over,) = _widths(sidewalk_width_in=10 * FT, sidewalk_used_in=5 * FT + 1)
    assert over.blocks and over.cite == rules.MATERIALS_CITE
    assert "Building materials use 5 ft 1 in of a 10 ft sidewalk; at most 5 ft (one-half)" in (
        over.text
    )
    # Demolition materials too; a building being moved is not "building materials".
    assert _blocks(
        _widths(
            sidewalk_width_in=10 * FT,
            sidewalk_used_in=5 * FT + 1,
            purpose=PrivilegePurpose.DEMOLITION,
        )
    )
    assert (
        _widths(
            sidewalk_width_in=10 * FT,
            sidewalk_used_in=5 * FT + 1,
            purpose=PrivilegePurpose.MOVE_BUILDING,
        )
        == []
    )


@pytest.mark.parametrize(
    ("walk", "fence", "blocked"),
    [
        (48, 48, False),
        (47, 48, True),
        (48, 47, True),
        (48, None, True),
        (None, None, True),
    ],
)
def test_a_sidewalk_closed_over_its_width_needs_a_four_foot_walk_and_fence(
    walk: int | None, fence: int | None, blocked: bool
) -> None:
    found = _widths(
        sidewalk_width_in=6 * FT,
        sidewalk_used_in=6 * FT,
        purpose=PrivilegePurpose.MOVE_BUILDING,
        temporary_sidewalk_width_in=walk,
        fence_height_in=fence,
    )
    assert bool(_blocks(found)) is blocked
    assert all(f.cite == rules.CONDITIONS_CITE for f in found)
    if walk == 47:
        assert "The temporary sidewalk is 47 in wide; at least 4 ft" in _texts(found)
    if fence == 47:
        assert "The fence guarding the temporary sidewalk is 47 in high" in _texts(found)
    if walk is None:
        assert "The whole sidewalk (6 ft) is obstructed" in _texts(found)


@pytest.mark.parametrize(
    ("used", "left"),
    [(24, None), (25, "47 in"), (71, "1 in")],  # 4 ft left passes; an inch less warns
)
def test_a_moved_building_leaving_under_four_feet_of_sidewalk_is_warned(
    used: int, left: str | None
) -> None:
    found = _widths(
        sidewalk_width_in=6 * FT, sidewalk_used_in=used, purpose=PrivilegePurpose.MOVE_BUILDING
    )
    if left is None:
        assert found == []
        return
    (warning,) = found
    assert (warning.level, warning.cite) == ("warn", rules.CONDITIONS_CITE)
    assert warning.text.startswith(
        f"The obstruction uses {format_length(used)} of a 6 ft sidewalk and leave {left} for "
        "pedestrians, less than 4 ft: sidewalk traffic shall not be interrupted."
    )
    # A fenced temporary walk of 4 ft carries the pedestrians: nothing to warn of.
    assert (
        _widths(
            sidewalk_width_in=6 * FT,
            sidewalk_used_in=used,
            purpose=PrivilegePurpose.MOVE_BUILDING,
            temporary_sidewalk_width_in=48,
            fence_height_in=48,
        )
        == []
    )
    # The whole width: blocked, as before (no second finding on top).
    (whole,) = _widths(
        sidewalk_width_in=6 * FT, sidewalk_used_in=6 * FT, purpose=PrivilegePurpose.MOVE_BUILDING
    )
    assert whole.blocks and "The whole sidewalk (6 ft) is obstructed" in whole.text


def test_materials_within_half_of_a_narrow_sidewalk_warn_of_what_is_left() -> None:
    (warning,) = _widths(sidewalk_width_in=6 * FT, sidewalk_used_in=3 * FT)
    assert warning.level == "warn" and "leave 3 ft for pedestrians" in warning.text
    assert _widths(sidewalk_width_in=8 * FT, sidewalk_used_in=4 * FT) == []  # 4 ft left
    # Over one-half blocks under § 506-8 (Exceptions) alone: no warning on top of it.
    (over,) = _widths(sidewalk_width_in=6 * FT, sidewalk_used_in=3 * FT + 1)
    assert over.blocks and over.cite == rules.MATERIALS_CITE


def test_materials_over_half_the_sidewalk_with_a_fenced_temporary_walk_only_warn() -> None:
    found = _widths(
        sidewalk_width_in=8 * FT,
        sidewalk_used_in=8 * FT,
        temporary_sidewalk_width_in=48,
        fence_height_in=48,
    )
    (warning,) = found
    assert warning.level == "warn" and warning.cite == rules.MATERIALS_CITE
    assert "temporary sidewalk of 4 ft" in warning.text
    short = _widths(
        sidewalk_width_in=8 * FT,
        sidewalk_used_in=8 * FT,
        temporary_sidewalk_width_in=47,
        fence_height_in=48,
    )
    assert {f.cite for f in _blocks(short)} == {rules.MATERIALS_CITE, rules.CONDITIONS_CITE}


def test_materials_must_leave_the_gutter_flowing() -> None:
    (gutter,) = _widths(gutter_clear=False)
    assert gutter.blocks and gutter.cite == rules.MATERIALS_CITE
    (moving,) = _widths(gutter_clear=False, purpose=PrivilegePurpose.MOVE_BUILDING)
    assert moving.level == "warn"


def test_a_width_used_without_the_width_of_the_way_cannot_be_checked() -> None:
    assert "Enter the width of the street" in _texts(_widths(street_used_in=10 * FT))
    assert "Enter the width of the sidewalk" in _texts(_widths(sidewalk_used_in=2 * FT))
    assert "wider than the street" in _texts(_widths(street_width_in=20, street_used_in=21))


def test_the_shares_are_the_ordinances_fractions() -> None:
    assert (Fraction(1, 3), Fraction(1, 2)) == (rules.STREET_SHARE, rules.SIDEWALK_SHARE)
    assert (rules.TEMPORARY_WALK_MIN_IN, rules.FENCE_MIN_IN) == (48, 48)
    assert (Money("10000.00"), 24) == (rules.BOND_LIMIT, rules.REMOVAL_NOTICE_HOURS)


@pytest.mark.parametrize(
    ("notice", "allowed"),
    [
        # Issue 21: a Saturday 10:00 notice allows removal Monday 10:00, not Sunday 10:00.
        (at(date(2026, 12, 5), 9), at(date(2026, 12, 7), 9)),
        (at(date(2026, 12, 5), 10), at(date(2026, 12, 7), 10)),
        (at(date(2026, 12, 5), 11), at(date(2026, 12, 7), 11)),
        # The Wednesday before Thanksgiving: Friday, not Thursday.
        (at(date(2026, 11, 25), 10), at(date(2026, 11, 27), 10)),
        # A weekday: the wall clock's 24 hours.
        (at(date(2026, 12, 8), 10), at(date(2026, 12, 9), 10)),
    ],
)
def test_the_city_may_remove_24_hours_after_the_notice_sundays_and_holidays_not_counted(
    notice: datetime, allowed: datetime
) -> None:
    assert rules.removal_allowed_from(notice, CityCalendar()) == allowed


# -- the demo --------------------------------------------------------------------------------------


def test_the_demo_builds_a_permit_at_each_step_on_a_fresh_desk(desk: Desk, admin: SignedIn) -> None:
    counts = demo_street_privileges.generate(desk)
    assert counts == {"street_privilege": 7}
    with desk.database.reading() as session:
        rows = sp.search_privileges(session)
        statuses = sorted(sp.display_status(p, TODAY) for p in rows)
        dues = [
            due
            for privilege in rows
            for due in ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(privilege.id)))
        ]
        charges = sc.search_charges(session)
    assert len(dues) == demo_street_privileges.AMOUNTS_DUE
    assert (
        len([d for d in dues if d.status == DueStatus.OPEN])
        == demo_street_privileges.OPEN_AMOUNTS_DUE
    )
    assert statuses.count("Issued") == 2 and statuses.count("Revoked") == 1
    assert any(s.startswith("Removed by the City ") for s in statuses)
    assert "Applied" in statuses and "Closed" in statuses
    assert any(s.startswith("Ended ") for s in statuses)
    titles = " | ".join(i.title for i in _today_items(desk))
    assert "SP-2026-007 waits for the bond" in titles
    assert "the way must be vacated and cleaned" in titles
    assert " ends " in titles
    assert any(d.kind == DueKind.SPECIAL_CHARGE and d.status == DueStatus.OPEN for d in dues)
    [removal] = charges  # the City's removal, in the Treasurer's register for the tax roll
    assert (removal.kind, removal.total, removal.tax_roll_on) == (
        ChargeKind.PRIVILEGE_REMOVAL,
        Money("485.00"),
        removal.work_done_on,
    )


# -- citations -------------------------------------------------------------------------------------


def _resolves(cite: str | None) -> bool:
    return cite is not None and load_chapter().resolve(cite) is not None


def _cites_in(finding: Finding) -> list[str]:
    """The finding's own cite and every cite its words name (each is shown as a link)."""
    return [finding.cite, *find_cites(finding.text)]


def test_every_cite_the_module_emits_resolves(desk: Desk, admin: SignedIn) -> None:
    """Each cite is a link the ordinance viewer opens: one paragraph, never two joined."""
    constants = {name: getattr(sp, name) for name in dir(sp) if name.endswith("_CITE")}
    assert {n for n, c in constants.items() if not _resolves(c)} == set()
    assert all(_resolves(cite) for _, _, cite in rules.CONDITIONS)
    emitted: list[str] = []
    widths = (None, 0, 24, 47, 48, 71, 72, 120, 144, 145, 432)
    for street, used in ((None, 10), (30, 31), (432, 145), (432, 144)):
        for sidewalk in (None, 72):
            for walk in widths[:5]:
                for purpose in PrivilegePurpose:
                    for side_used in (None, 24, 25, 37, 71, 72):
                        for found in rules.width_findings(
                            street, used, sidewalk, side_used, purpose, walk, 47, False
                        ):
                            emitted += _cites_in(found)
    demo_street_privileges.generate(desk)
    with desk.lookup(admin) as action:
        for privilege in sp.search_privileges(action.session):
            for item in sp_review.checklist(action, privilege):
                emitted.append(item.cite)
                for found in item.findings:
                    emitted += _cites_in(found)
            for day in (privilege.applied_on, date.max):
                refused = sp_removal.removal_refusal(
                    number=privilege.number,
                    sidewalk_used_in=privilege.sidewalk_used_in,
                    revoked_on=privilege.revoked_on,
                    ends_on=privilege.ends_on,
                    day=day,
                )
                if refused is not None:
                    emitted += [refused.cite or "", *find_cites(refused.message)]
        emitted += [i.cite for i in today.gather(action) if i.workflow == rules.WORKFLOW]
    no_sidewalk = sp_removal.removal_refusal(
        number="SP-1", sidewalk_used_in=None, revoked_on=None, ends_on=None, day=TODAY
    )
    assert no_sidewalk is not None
    emitted += [no_sidewalk.cite or "", *find_cites(no_sidewalk.message)]
    assert len(set(emitted)) >= 8
    assert sorted({c for c in emitted if not _resolves(c)}) == []
