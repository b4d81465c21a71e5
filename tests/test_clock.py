"""The injectable clock: UTC instants, the City's date, and time travel for tests."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from clerk_desk.clock import CITY_TIMEZONE, Clock, FixedClock, SystemClock

CHICAGO = ZoneInfo("America/Chicago")


def test_late_evening_in_prescott_is_already_tomorrow_in_utc() -> None:
    clock = FixedClock(datetime(2026, 11, 30, 23, 30))  # 11:30 p.m. in Prescott

    assert clock.now() == datetime(2026, 12, 1, 5, 30, tzinfo=UTC)
    assert clock.now().date() == date(2026, 12, 1)
    assert clock.today() == date(2026, 11, 30)
    assert clock.local_now() == datetime(2026, 11, 30, 23, 30, tzinfo=CHICAGO)


def test_now_is_aware_utc_and_local_now_is_in_the_city_zone() -> None:
    clock = FixedClock(datetime(2026, 7, 1, 9, 0))  # summer: Central Daylight Time, UTC-5
    assert clock.now().tzinfo is UTC
    assert clock.now() == datetime(2026, 7, 1, 14, 0, tzinfo=UTC)
    assert clock.local_now().utcoffset() == timedelta(hours=-5)
    assert clock.local_now().tzinfo == CHICAGO


def test_a_date_alone_means_noon_in_the_city() -> None:
    clock = FixedClock(date(2026, 3, 8))  # the day daylight saving begins
    assert clock.local_now() == datetime(2026, 3, 8, 12, 0, tzinfo=CHICAGO)
    assert clock.today() == date(2026, 3, 8)


def test_an_aware_datetime_is_that_instant() -> None:
    clock = FixedClock(datetime(2026, 1, 2, 3, 0, tzinfo=UTC))
    assert clock.now() == datetime(2026, 1, 2, 3, 0, tzinfo=UTC)
    assert clock.today() == date(2026, 1, 1)  # 9 p.m. on New Year's Day in Prescott


def test_advance_by_days_keeps_the_time_of_day_across_daylight_saving() -> None:
    clock = FixedClock(datetime(2026, 3, 7, 23, 30))  # the night before clocks spring forward
    clock.advance(days=1)
    assert clock.local_now().replace(tzinfo=None) == datetime(2026, 3, 8, 23, 30)
    assert clock.today() == date(2026, 3, 8)

    clock = FixedClock(datetime(2026, 10, 31, 0, 30))  # the night before clocks fall back
    clock.advance(days=1)
    assert clock.local_now().replace(tzinfo=None) == datetime(2026, 11, 1, 0, 30)


def test_advance_by_hours_and_minutes_is_elapsed_time() -> None:
    clock = FixedClock(datetime(2026, 11, 30, 23, 30))
    clock.advance(minutes=45)
    assert clock.today() == date(2026, 12, 1)
    assert clock.local_now().replace(tzinfo=None) == datetime(2026, 12, 1, 0, 15)

    clock.advance(hours=-1)
    assert clock.today() == date(2026, 11, 30)

    clock.advance(days=30, hours=1)
    assert clock.local_now().replace(tzinfo=None) == datetime(2026, 12, 31, 0, 15)


def test_set_moves_the_clock_anywhere() -> None:
    clock = FixedClock(date(2026, 1, 1))
    clock.set(date(2027, 11, 25))
    assert clock.today() == date(2027, 11, 25)
    clock.set(datetime(2025, 6, 1, 8, 0))
    assert clock.local_now() == datetime(2025, 6, 1, 8, 0, tzinfo=CHICAGO)


def test_another_zone_can_be_given() -> None:
    clock = FixedClock(datetime(2026, 11, 30, 23, 30), tz="America/New_York")
    assert clock.now() == datetime(2026, 12, 1, 4, 30, tzinfo=UTC)
    assert clock.today() == date(2026, 11, 30)
    assert FixedClock(date(2026, 1, 1), tz=UTC).now() == datetime(2026, 1, 1, 12, tzinfo=UTC)


def test_fixed_clock_refuses_what_is_not_a_time() -> None:
    with pytest.raises(TypeError):
        FixedClock("2026-01-01")  # type: ignore[arg-type]


def test_system_clock_reads_the_wall_clock_in_utc() -> None:
    clock = SystemClock()
    before = datetime.now(UTC)
    now = clock.now()
    after = datetime.now(UTC)
    assert before <= now <= after
    assert now.tzinfo is UTC
    assert clock.local_now().tzinfo == ZoneInfo(CITY_TIMEZONE)
    assert clock.today() in {
        before.astimezone(CHICAGO).date(),
        after.astimezone(CHICAGO).date(),
    }


def test_both_clocks_satisfy_the_protocol() -> None:
    assert isinstance(SystemClock(), Clock)
    assert isinstance(FixedClock(date(2026, 1, 1)), Clock)
    assert "2026-01-01T12:00:00-06:00" in repr(FixedClock(date(2026, 1, 1)))
