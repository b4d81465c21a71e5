"""Street numbers (§ 506-16) after they are assigned: the building-permit gate, the search, the
20-day and 10-day clocks of a noncompliance case with what the Today tab says about them, and the
register's order."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

import pytest
from sqlalchemy import select
from street_numbers_steps import (  # type: ignore[import-not-found]
    NONCOMPLIANCE_CITE,
    E,
    N,
    _add_street,
    _address_id,
    _assign,
    _observe,
    _parcel,
    _refer,
    _searched,
    _serve,
)
from street_numbers_steps import block as block
from street_numbers_steps import broad as broad
from street_numbers_steps import numbered as numbered
from street_numbers_steps import orange as orange

from clerk_desk import parties, today
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.findings import Finding
from clerk_desk.kinds import BuildingKind, NumberingCaseStatus, Role
from clerk_desk.models import AuditEvent, NumberingCase
from clerk_desk.street_numbers import addresses, assignment, cases, permit_check, rules
from clerk_desk.today import TodayItem
from clerk_desk.words import format_day

DAY = timedelta(days=1)


# -- the building-permit gate ------------------------------------------------------------------


def test_the_official_number_of_a_parcel_by_parcel_id_or_parcel_number(
    desk: Desk, admin: SignedIn, inspector: SignedIn, broad: int
) -> None:
    lot = _parcel(desk, admin, "281-00101-0000")
    with desk.database.reading() as session:
        parcel = parties.get_parcel(session, lot)
    for key in (parcel, lot, "281-00101-0000", " 281-00101-0000 "):
        with desk.database.reading() as session:
            assert addresses.official_number(session, key) is None
    _assign(desk, inspector, broad, 101, lot, position_ft=10)
    for key in (parcel, lot, "281-00101-0000", "281-00101-0000".lower()):
        with desk.database.reading() as session:
            assert addresses.official_number(session, key) == "101 Broad St N"
    with desk.database.reading() as session:
        assert addresses.official_number(session, "999-NONE") is None
        assert addresses.official_number(session, 99_999) is None


def test_the_official_number_is_the_principal_buildings_not_a_units_or_a_sheds(
    desk: Desk, inspector: SignedIn, broad: int
) -> None:
    flats = _parcel(desk, inspector, "281-FLATS")
    kind = BuildingKind.MULTIPLE_DWELLING
    _assign(desk, inspector, broad, 141, flats, unit="Apt 2", building_kind=kind)
    with desk.database.reading() as session:
        assert addresses.official_number(session, flats) == "141 Broad St N"
    farm = _parcel(desk, inspector, "281-FARM")
    _assign(desk, inspector, broad, 103, farm, building_kind=BuildingKind.SECONDARY)
    _assign(desk, inspector, broad, 105, farm)
    with desk.database.reading() as session:
        assert addresses.official_number(session, farm) == "105 Broad St N"
        assert [addresses.address_text(a) for a in addresses.official_addresses(session, farm)] == [
            "105 Broad St N",
            "103 Broad St N",
        ]


def _permit(desk: Desk, text: str) -> permit_check.PermitCheck:
    with desk.database.reading() as session:
        return permit_check.building_permit_check(session, text)


def test_no_building_permit_until_the_owner_has_the_official_number(
    desk: Desk, admin: SignedIn, inspector: SignedIn, broad: int
) -> None:
    lot = _parcel(desk, admin, "281-00101-0000")
    before = _permit(desk, "281-00101-0000")
    assert not before.may_issue
    assert (before.parcel_number, before.official) == ("281-00101-0000", None)
    assert before.finding == Finding(
        "block",
        NONCOMPLIANCE_CITE,
        "Parcel 281-00101-0000 has no official street number. No building permit may issue "
        "until the owner has procured it from the Building Inspector.",
    )
    _assign(desk, inspector, broad, 101, lot)
    after = _permit(desk, " 281-00101-0000 ")
    assert after.may_issue
    assert after.official == "101 Broad St N"
    assert after.finding == Finding(
        "info",
        NONCOMPLIANCE_CITE,
        "Parcel 281-00101-0000 is officially 101 Broad St N. As to its street number, a "
        "building permit may issue.",
    )


def test_the_permit_check_by_a_typed_address(desk: Desk, inspector: SignedIn, broad: int) -> None:
    lot = _parcel(desk, inspector, "281-A")
    _assign(desk, inspector, broad, 111, lot)
    _assign(desk, inspector, broad, 1111, _parcel(desk, inspector, "281-B"), accept_warnings=True)
    for typed in ("111 Broad St N", "111 broad street north", "111 N. Broad Street"):
        found = _permit(desk, typed)
        assert (found.may_issue, found.parcel_number, found.official) == (
            True,
            "281-A",
            "111 Broad St N",
        ), typed
    vague = _permit(desk, "11 broad")
    assert vague.finding.level == "warn"
    assert vague.finding.text == (
        "\u201c11 broad\u201d is not a parcel number or a whole address; it matches "
        "111 Broad St N (parcel 281-A) and 1111 Broad St N (parcel 281-B). Type the parcel "
        "number, or the number and the full street name."
    )
    assert vague.candidates == ("111 Broad St N (parcel 281-A)", "1111 Broad St N (parcel 281-B)")
    assert not vague.may_issue  # a warning, but no official number was named
    unknown = _permit(desk, "115 Broad St N")
    assert not unknown.may_issue
    assert unknown.finding.cite == NONCOMPLIANCE_CITE
    assert unknown.finding.text.startswith("No parcel or official address matches")
    with pytest.raises(InvalidInput) as blank:
        _permit(desk, "   ")
    assert blank.value.field == "query"


def test_the_permit_check_of_a_building_with_units_names_its_one_parcel(
    desk: Desk, inspector: SignedIn, broad: int
) -> None:
    flats = _parcel(desk, inspector, "281-FLATS")
    kind = BuildingKind.MULTIPLE_DWELLING
    for unit in ("Apt 1", "Apt 2", "Apt 3"):
        _assign(desk, inspector, broad, 141, flats, unit=unit, building_kind=kind)
    for typed in ("141 Broad St N", "141 broad street north, apt 2"):
        found = _permit(desk, typed)
        assert (found.may_issue, found.parcel_number, found.official) == (
            True,
            "281-FLATS",
            "141 Broad St N",
        ), typed
    assert not _permit(desk, "141 Broad St N, Apt 4").may_issue
    # Typed in part, the building is named once, not once a unit.
    partial = _permit(desk, "141 broad")
    assert not partial.may_issue
    assert partial.candidates == ("141 Broad St N (parcel 281-FLATS)",)


@pytest.mark.parametrize(
    ("typed", "level", "candidates"),
    [
        ("121 Broad St N", "info", ()),  # the address
        ("281-00121-0000", "info", ()),  # its parcel
        ("12 Broad St N", "block", ()),  # a number and a street: exactly that, or nothing
        ("1 Broad St N", "block", ()),
        ("122 Broad St N", "block", ()),
        ("121 Broad St S", "warn", ("121 Broad St N (parcel 281-00121-0000)",)),  # no such street
        ("121 broad", "warn", ("121 Broad St N (parcel 281-00121-0000)",)),
        ("12", "warn", ("121 Broad St N (parcel 281-00121-0000)",)),
        ("berg", "warn", ("121 Broad St N (parcel 281-00121-0000)",)),  # the owner's name
        ("Orange St", "block", ()),
    ],
)
def test_the_permit_check_answers_yes_only_to_the_address_or_parcel_itself(
    desk: Desk,
    admin: SignedIn,
    inspector: SignedIn,
    broad: int,
    typed: str,
    level: str,
    candidates: tuple[str, ...],
) -> None:
    """With only 121 Broad St N in the register, nothing else typed lets a permit through."""
    _assign(desk, inspector, broad, 121, _parcel(desk, admin, "281-00121-0000", "Anna Berg"))
    check = _permit(desk, typed)
    assert (check.finding.level, check.may_issue, check.candidates) == (
        level,
        level == "info",
        candidates,
    )
    if level == "block":
        assert check.finding.text == (
            f"No parcel or official address matches \u201c{typed}\u201d. No building permit "
            "may issue until the owner has procured the official number."
        )
    if level == "warn":
        assert check.official is None and check.parcel_number is None
        assert check.finding.text.startswith(
            f"\u201c{typed}\u201d is not a parcel number or a whole address; it matches "
            "121 Broad St N (parcel 281-00121-0000). Type the parcel number"
        )


def test_a_vague_permit_check_names_three_properties_and_counts_the_rest(
    desk: Desk, admin: SignedIn, inspector: SignedIn, broad: int
) -> None:
    for number in (101, 103, 105, 107, 109):
        _assign(desk, inspector, broad, number, _parcel(desk, admin, f"281-{number}"))
    check = _permit(desk, "broad")
    assert check.candidates == (
        "101 Broad St N (parcel 281-101)",
        "103 Broad St N (parcel 281-103)",
        "105 Broad St N (parcel 281-105)",
    )
    assert "281-105) and 2 more. Type the parcel number" in check.finding.text


# -- search -------------------------------------------------------------------------------------


def test_search_as_you_type_matches_numbers_from_their_start(
    desk: Desk, admin: SignedIn, inspector: SignedIn
) -> None:
    broad = _add_street(desk, admin, range_low=1, range_high=999, grid_base=None)
    for number in (12, 121, 312):
        _assign(desk, inspector, broad, number, _parcel(desk, admin, f"281-00{number}-0000"))
    assert _searched(desk, "12 broad street") == ["12 Broad St N", "121 Broad St N"]
    assert _searched(desk, "12 Broad St. N.") == ["12 Broad St N", "121 Broad St N"]
    assert _searched(desk, "312") == ["312 Broad St N"]
    assert _searched(desk, "12 orange") == []


def test_search_by_owner_parcel_and_street_and_retired_ones_on_request(
    desk: Desk, admin: SignedIn, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    berg = _parcel(desk, admin, "281-BERG", owner="Anna Bérg")
    _assign(desk, inspector, broad, 115, berg, position_ft=150)
    assert _searched(desk, "berg") == ["115 Broad St N"]
    assert _searched(desk, "ANNA") == ["115 Broad St N"]
    assert _searched(desk, "281-00121") == ["121 Broad St N"]
    assert _searched(desk, "") == [
        "110 Broad St N",
        "111 Broad St N",
        "115 Broad St N",
        "121 Broad St N",
        "130 Broad St N",
        "131 Broad St N",
    ]
    assert len(_searched(desk, "", limit=2)) == 2
    orange = _add_street(desk, admin, name="Orange", direction="", odd_side=N, increases_toward=E)
    _assign(desk, inspector, orange, 115, _parcel(desk, admin, "281-OR"))
    assert _searched(desk, "115") == ["115 Broad St N", "115 Orange St"]
    assert _searched(desk, "115", street_id=orange) == ["115 Orange St"]
    with desk.action(inspector) as action:
        assignment.retire_address(action, _address_id(desk, broad, 115), reason="Demolished")
    assert _searched(desk, "berg") == []
    assert _searched(desk, "berg", include_retired=True) == ["115 Broad St N"]
    assert _searched(desk, "100%_") == []  # wildcards are plain characters


# -- noncompliance: the 20-day and 10-day clocks ----------------------------------------------


def _case(desk: Desk, case_id: int) -> NumberingCase:
    with desk.database.reading() as session:
        return cases.get_case(session, case_id)


@pytest.mark.parametrize(
    ("observed", "first_day"),
    [
        # 20 days from Tue Nov 10 end Mon Nov 30: a notice from Tue Dec 1
        (date(2026, 11, 10), date(2026, 12, 1)),
        # the 20th day, Sun Nov 8, moves to Mon Nov 9
        (date(2026, 10, 19), date(2026, 11, 10)),
        # the 20th day, Thanksgiving (Thu Nov 26), moves to Fri Nov 27
        (date(2026, 11, 6), date(2026, 11, 28)),
        # the 20th day, Christmas (Fri Dec 25), moves to Sat Dec 26: a Saturday stays, as
        # posting numbers is not an act at City Hall
        (date(2026, 12, 5), date(2026, 12, 27)),
        # election day (Tue Nov 3) moves to Wed Nov 4
        (date(2026, 10, 14), date(2026, 11, 5)),
    ],
)
def test_a_notice_may_be_served_from_the_day_after_20_days_of_neglect(
    desk: Desk,
    admin: SignedIn,
    numbered: int,
    clock: FixedClock,
    observed: date,
    first_day: date,
) -> None:
    calendar = desk.calendar()
    assert calendar.add_days(observed, 20, at_city_hall=False) + DAY == first_day
    assert rules.notice_from(calendar, observed) == first_day
    clock.set(first_day)
    case_id = _observe(desk, admin, numbered, observed)
    assert _case(desk, case_id).notice_from == first_day
    with pytest.raises(InvalidInput) as early:
        _serve(desk, admin, case_id, first_day - DAY)
    assert early.value.field == "served_on"
    assert early.value.cite == NONCOMPLIANCE_CITE
    assert early.value.message == (
        f"The owner has 20 days from {format_day(observed)}: a notice may be served from "
        f"{format_day(first_day)}."
    )
    assert _case(desk, case_id).status == NumberingCaseStatus.OPEN
    _serve(desk, admin, case_id, first_day, manner=" personal   service ")
    case = _case(desk, case_id)
    assert (case.status, case.served_on, case.served_manner, case.served_by_name) == (
        NumberingCaseStatus.NOTICED,
        first_day,
        "personal service",
        "Alex Administrator",
    )


@pytest.mark.parametrize(
    ("served", "first_day"),
    [
        # 10 days from Tue Dec 1 end Fri Dec 11: a referral from Sat Dec 12
        (date(2026, 12, 1), date(2026, 12, 12)),
        # the 10th day, Thanksgiving, moves to Fri Nov 27
        (date(2026, 11, 16), date(2026, 11, 28)),
        # the 10th day, Sun Nov 29, moves to Mon Nov 30
        (date(2026, 11, 19), date(2026, 12, 1)),
    ],
)
def test_a_case_may_be_referred_from_the_day_after_10_days_from_service(
    desk: Desk,
    admin: SignedIn,
    numbered: int,
    clock: FixedClock,
    served: date,
    first_day: date,
) -> None:
    calendar = desk.calendar()
    assert calendar.add_days(served, 10, at_city_hall=False) + DAY == first_day
    assert rules.referral_from(calendar, served) == first_day
    clock.set(first_day)
    case_id = _observe(desk, admin, numbered, date(2026, 10, 19))
    _serve(desk, admin, case_id, served)
    assert _case(desk, case_id).referral_from == first_day
    with pytest.raises(InvalidInput) as early:
        _refer(desk, admin, case_id, first_day - DAY)
    assert early.value.field == "referred_on"
    assert early.value.cite == NONCOMPLIANCE_CITE
    assert early.value.message == (
        f"The owner has 10 days after service on {format_day(served)}: the case may be "
        f"referred from {format_day(first_day)}."
    )
    _refer(desk, admin, case_id, first_day)
    case = _case(desk, case_id)
    assert (case.status, case.referred_on) == (NumberingCaseStatus.REFERRED, first_day)
    with desk.database.reading() as session:
        actions = session.scalars(
            select(AuditEvent.action)
            .where(AuditEvent.record_type == "numbering_case")
            .order_by(AuditEvent.id)
        ).all()
    assert actions == ["numbering_case.open", "numbering_case.notice", "numbering_case.refer"]


def test_no_date_of_a_case_is_later_than_today(desk: Desk, admin: SignedIn, numbered: int) -> None:
    tomorrow = date(2026, 12, 1)
    with pytest.raises(InvalidInput) as observed:
        _observe(desk, admin, numbered, tomorrow)
    assert observed.value.field == "observed_on"
    case_id = _observe(desk, admin, numbered, date(2026, 10, 19))
    with pytest.raises(InvalidInput) as served:
        _serve(desk, admin, case_id, tomorrow)
    assert served.value.field == "served_on"
    _serve(desk, admin, case_id, date(2026, 11, 10))
    with pytest.raises(InvalidInput) as referred:
        _refer(desk, admin, case_id, tomorrow)
    assert referred.value.field == "referred_on"
    with pytest.raises(InvalidInput) as closed, desk.action(admin) as action:
        cases.close_case(action, case_id, on=tomorrow)
    assert closed.value.field == "closed_on"
    assert _case(desk, case_id).status == NumberingCaseStatus.NOTICED


def test_a_case_needs_an_observation_a_manner_of_service_and_one_case_at_a_time(
    desk: Desk, operator_with: Callable[[Role], SignedIn], numbered: int
) -> None:
    clerk = operator_with(Role.CLERK)  # the Clerk keeps the cases
    with pytest.raises(InvalidInput) as blank:
        _observe(desk, clerk, numbered, date(2026, 11, 2), observation="  ")
    assert blank.value.field == "observation"
    case_id = _observe(desk, clerk, numbered, date(2026, 11, 2), observation=" Numbers on door ")
    case = _case(desk, case_id)
    assert (case.observation, case.observed_by_name, case.status) == (
        "Numbers on door",
        "Test Clerk",
        NumberingCaseStatus.OPEN,
    )
    with pytest.raises(Conflict) as twice:
        _observe(desk, clerk, numbered, date(2026, 11, 3))
    assert twice.value.message == (
        "A case for 111 Broad St N is already open (observed Mon Nov 2, 2026)."
    )
    with pytest.raises(Conflict) as unserved:
        _refer(desk, clerk, case_id, date(2026, 11, 30))
    assert unserved.value.message == "Only a case whose notice has been served can be referred."
    with pytest.raises(InvalidInput) as no_manner:
        _serve(desk, clerk, case_id, date(2026, 11, 30), manner=" ")
    assert no_manner.value.field == "manner"
    with pytest.raises(NotFound):
        _serve(desk, clerk, 99_999, date(2026, 11, 30))


def test_compliance_closes_the_case_and_a_withdrawal_needs_a_reason(
    desk: Desk, admin: SignedIn, numbered: int
) -> None:
    case_id = _observe(desk, admin, numbered, date(2026, 11, 2))
    with pytest.raises(InvalidInput) as before_observed, desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 11, 1))
    assert before_observed.value.field == "closed_on"
    with pytest.raises(InvalidInput) as no_reason, desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 11, 30), withdrawn=True, note=" ")
    assert no_reason.value.field == "close_note"
    with desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 11, 2), note="Numbers posted the same day")
    case = _case(desk, case_id)
    assert (case.status, case.closed_on, case.close_note) == (
        NumberingCaseStatus.COMPLIED,
        date(2026, 11, 2),
        "Numbers posted the same day",
    )
    with pytest.raises(Conflict), desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 11, 30))
    with pytest.raises(Conflict), desk.action(admin) as action:
        cases.serve_notice(action, case_id, served_on=date(2026, 11, 30), manner="posting")
    # A new case may be opened once the last is closed; this one was recorded in error.
    again = _observe(desk, admin, numbered, date(2026, 11, 20))
    with desk.action(admin) as action:
        cases.close_case(action, again, on=date(2026, 11, 30), withdrawn=True, note="Wrong house")
    assert _case(desk, again).status == NumberingCaseStatus.WITHDRAWN
    with desk.database.reading() as session:
        assert cases.cases(session) == []
        assert [c.id for c in cases.cases(session, active_only=False)] == [case_id, again]
        assert [c.id for c in cases.cases_of(session, numbered)] == [case_id, again]


def test_a_retired_address_gets_no_case(desk: Desk, inspector: SignedIn, numbered: int) -> None:
    with desk.action(inspector) as action:
        assignment.retire_address(action, numbered, reason="Demolished")
    with pytest.raises(Conflict):
        _observe(desk, inspector, numbered, date(2026, 11, 30))


# -- the Today tab ------------------------------------------------------------------------------


def _today(desk: Desk, who: SignedIn) -> list[TodayItem]:
    with desk.lookup(who) as action:
        return [i for i in today.gather(action) if i.workflow == "Street Numbers"]


def test_today_lists_a_notice_then_a_referral_each_from_its_first_day(
    desk: Desk, admin: SignedIn, numbered: int, clock: FixedClock
) -> None:
    case_id = _observe(desk, admin, numbered, date(2026, 11, 10))  # notice from Tue Dec 1
    assert _today(desk, admin) == []  # Mon Nov 30: the owner's 20 days are not over
    clock.set(date(2026, 12, 1))
    [notice] = _today(desk, admin)
    assert notice == TodayItem(
        workflow="Street Numbers",
        due=date(2026, 12, 1),
        title="Notice to number 111 Broad St N may be served",
        detail="Numbers missing or improper since Tue Nov 10, 2026; Anna Berg",
        cite=NONCOMPLIANCE_CITE,
        record_type="numbering_case",
        record_id=str(case_id),
    )
    clock.set(date(2026, 12, 3))
    assert [i.urgency(clock.today()) for i in _today(desk, admin)] == ["overdue"]
    _serve(desk, admin, case_id, date(2026, 12, 2))  # referral from Sun Dec 13 (12th + 1)
    assert _today(desk, admin) == []
    clock.set(date(2026, 12, 12))
    assert _today(desk, admin) == []
    clock.set(date(2026, 12, 13))
    [referral] = _today(desk, admin)
    assert (referral.due, referral.title, referral.detail, referral.cite) == (
        date(2026, 12, 13),
        "Refer 111 Broad St N for a forfeiture (§ 1-4)",
        "Notice served Wed Dec 2, 2026 by certified mail; Anna Berg",
        NONCOMPLIANCE_CITE,
    )
    with desk.action(admin) as action:
        cases.close_case(action, case_id, on=date(2026, 12, 13), note="Numbers posted")
    assert _today(desk, admin) == []


def test_a_referred_case_leaves_the_today_tab(desk: Desk, admin: SignedIn, numbered: int) -> None:
    case_id = _observe(desk, admin, numbered, date(2026, 10, 19))
    _serve(desk, admin, case_id, date(2026, 11, 10))
    assert [i.title for i in _today(desk, admin)] == [
        "Refer 111 Broad St N for a forfeiture (§ 1-4)"
    ]
    _refer(desk, admin, case_id, date(2026, 11, 30))
    assert _today(desk, admin) == []


# -- the register --------------------------------------------------------------------------------


def test_the_register_is_in_street_order_then_number_and_unit(
    desk: Desk, admin: SignedIn, inspector: SignedIn, block: dict[int, int], broad: int
) -> None:
    orange = _add_street(desk, admin, name="Orange", direction="", odd_side=N, increases_toward=E)
    _assign(desk, inspector, orange, 101, _parcel(desk, admin, "281-OR"))
    kind = BuildingKind.MULTIPLE_DWELLING
    flats = _parcel(desk, admin, "281-FLATS")
    for unit in ("B", "A"):
        _assign(desk, inspector, broad, 141, flats, unit=unit, building_kind=kind)
    with desk.database.reading() as session:
        assert [addresses.address_text(a) for a in addresses.register(session)] == [
            "110 Broad St N",
            "111 Broad St N",
            "121 Broad St N",
            "130 Broad St N",
            "131 Broad St N",
            "141 Broad St N, A",
            "141 Broad St N, B",
            "101 Orange St",
        ]
        assert [a.number for a in addresses.register(session, street_id=orange)] == [101]
