"""The City's settings shared by every counter station: stored, read back, guarded, and the
desk's calendar refreshed when City Hall's closed days change."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date

import pytest
from sqlalchemy import select

from clerk_desk import settings_store
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CalendarSettings
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput, PermissionDenied
from clerk_desk.kinds import Role
from clerk_desk.models import AuditEvent
from clerk_desk.settings import CityProfile

SNOW_DAY = date(2026, 12, 2)  # a Wednesday City Hall closes for a blizzard


def test_the_city_profile_round_trips(desk: Desk, admin: SignedIn) -> None:
    with desk.database.reading() as session:
        assert settings_store.city_profile(session) == CityProfile()
    profile = CityProfile(
        city_name="City of Prescott",
        address_lines=("800 Borner St N", "Prescott, WI 54021"),
        phone="(715) 262-5544",
        email="clerk@prescottwi.example",
        logo="/srv/seal.png",
    )
    with desk.action(admin) as action:
        settings_store.save_city_profile(action, profile)
    with desk.database.reading() as session:
        assert settings_store.city_profile(session) == profile
    moved = dataclasses.replace(profile, phone="(715) 262-5500")
    with desk.action(admin) as action:
        settings_store.save_city_profile(action, moved)
    with desk.database.reading() as session:
        assert settings_store.city_profile(session) == moved
        first, second = session.scalars(
            select(AuditEvent).where(AuditEvent.action == "settings.update").order_by(AuditEvent.id)
        ).all()
    assert first.after is not None and first.after["address_lines"] == [
        "800 Borner St N",
        "Prescott, WI 54021",
    ]
    assert (second.before, second.after) == (
        {"phone": "(715) 262-5544"},
        {"phone": "(715) 262-5500"},
    )


@pytest.mark.parametrize(
    ("profile", "field"),
    [
        (CityProfile(city_name=" "), "city_name"),
        (CityProfile(address_lines=("", " ")), "address_lines"),
    ],
)
def test_the_city_profile_needs_a_name_and_an_address(
    desk: Desk, admin: SignedIn, profile: CityProfile, field: str
) -> None:
    with pytest.raises(InvalidInput) as caught, desk.action(admin) as action:
        settings_store.save_city_profile(action, profile)
    assert caught.value.field == field


def test_the_calendar_round_trips(desk: Desk, admin: SignedIn) -> None:
    settings = CalendarSettings().close_day(SNOW_DAY).open_day(date(2026, 10, 12))
    with desk.action(admin) as action:
        settings_store.save_calendar_settings(action, settings)
    with desk.database.reading() as session:
        assert settings_store.calendar_settings(session) == settings


def test_saving_settings_needs_the_settings_permission(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    deputy = operator_with(Role.DEPUTY_CLERK)
    with pytest.raises(PermissionDenied) as caught, desk.action(deputy) as action:
        settings_store.save_calendar_settings(action, CalendarSettings().close_day(SNOW_DAY))
    assert caught.value.message == (
        "To change the City's settings you need the role Clerk or Administrator; "
        "you are signed in as Deputy Clerk."
    )
    assert desk.calendar().is_open(SNOW_DAY)
    clerk = operator_with(Role.CLERK)
    with desk.action(clerk) as action:
        settings_store.save_calendar_settings(action, CalendarSettings().close_day(SNOW_DAY))
    assert not desk.calendar().is_open(SNOW_DAY)


def test_the_desks_calendar_is_refreshed_after_closed_days_are_saved(
    desk: Desk, admin: SignedIn
) -> None:
    assert desk.calendar().is_open(SNOW_DAY)  # read once and kept
    with desk.action(admin) as action:
        settings_store.save_calendar_settings(action, CalendarSettings().close_day(SNOW_DAY))
        # the screen shows the new due dates before the dialog closes: still in the action
        action.calendar.is_open(SNOW_DAY)
    assert not desk.calendar().is_open(SNOW_DAY)


def test_a_refused_save_leaves_the_calendar_as_it_was(desk: Desk, admin: SignedIn) -> None:
    with pytest.raises(RuntimeError), desk.action(admin) as action:
        settings_store.save_calendar_settings(action, CalendarSettings().close_day(SNOW_DAY))
        raise RuntimeError("the window was closed mid-save")
    assert desk.calendar().is_open(SNOW_DAY)


def test_closed_days_saved_at_one_station_apply_at_another_at_once(
    desk: Desk, admin: SignedIn, clock: FixedClock
) -> None:
    other_station = Desk(desk.database, clock=clock)
    with other_station.lookup(admin) as action:
        assert action.calendar.is_open(SNOW_DAY)  # read and kept at the other station
    with desk.action(admin) as action:
        settings_store.save_calendar_settings(action, CalendarSettings().close_day(SNOW_DAY))
    with other_station.lookup(admin) as action:
        assert not action.calendar.is_open(SNOW_DAY)


def test_an_action_looks_the_calendar_up_once_and_again_after_saving_it(
    desk: Desk, admin: SignedIn, count_statements: Callable[[Callable[[], object]], int]
) -> None:
    """A register or the Today list asks for the calendar at every due date it works out: the
    City's default calendar (no closed days saved) was looked up each time (issue 20)."""
    with desk.lookup(admin) as action:
        assert count_statements(lambda: action.calendar) >= 1
        assert count_statements(lambda: [action.calendar for _ in range(5)]) == 0
    with desk.action(admin) as action:
        assert action.calendar.is_open(SNOW_DAY)
        settings_store.save_calendar_settings(action, CalendarSettings().close_day(SNOW_DAY))
        assert not action.calendar.is_open(SNOW_DAY)  # the screen shows the new due dates
    with desk.lookup(admin) as action:
        assert not action.calendar.is_open(SNOW_DAY)
