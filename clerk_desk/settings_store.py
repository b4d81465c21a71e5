"""The City's settings kept in the database, so that every counter station shares them."""

from __future__ import annotations

import dataclasses
from typing import Any

from sqlalchemy.orm import Session

from clerk_desk import desk_acts
from clerk_desk.deadlines import CalendarSettings, CityCalendar
from clerk_desk.desk import Action, jsonable
from clerk_desk.desk_acts import DeskAct
from clerk_desk.errors import InvalidInput
from clerk_desk.models import Setting
from clerk_desk.settings import CityProfile

CITY = "city"
CALENDAR = "calendar"
DEMO = "demo"


def get_group(session: Session, key: str) -> dict[str, Any] | None:
    """A named group of settings as stored, or None if never saved."""
    row = session.get(Setting, key)
    return dict(row.value) if row is not None else None


def put_group(
    action: Action,
    key: str,
    value: dict[str, Any],
    summary: str,
    *,
    act: DeskAct = DeskAct.CITY_SETTINGS,
) -> None:
    """Save a group of settings, once the core allows ``act`` (the City's settings, its closed
    days, the receipt format, the special charges' GL account: :mod:`clerk_desk.desk_acts`),
    with the change in the audit trail."""
    desk_acts.allow(action, act)
    row = action.session.get(Setting, key)
    before = dict(row.value) if row is not None else {}
    if row is None:
        row = Setting(key=key, value=value, updated_at=action.now())
        action.session.add(row)
    else:
        row.value = value
        row.updated_at = action.now()
    action.audit("settings.update", ("setting", key), summary, before=before, after=value)
    if key == CALENDAR:
        action.calendar_changed()


def city_profile(session: Session) -> CityProfile:
    stored = get_group(session, CITY)
    if not stored:
        return CityProfile()
    known = {f.name for f in dataclasses.fields(CityProfile)}
    values = {k: v for k, v in stored.items() if k in known}
    if "address_lines" in values:
        values["address_lines"] = tuple(values["address_lines"])
    return CityProfile(**values)


def city_name(action: Action) -> str:
    """The City's name as its settings spell it (the window's title, the sign-in)."""
    return city_profile(action.session).city_name


def save_city_profile(action: Action, profile: CityProfile) -> None:
    if not profile.city_name.strip():
        raise InvalidInput(
            "Enter the City's name as it is printed on letterheads.", field="city_name"
        )
    if not any(line.strip() for line in profile.address_lines):
        raise InvalidInput("Enter City Hall's address.", field="address_lines")
    put_group(action, CITY, jsonable(dataclasses.asdict(profile)), "City name and address changed")


def calendar_settings(session: Session) -> CalendarSettings:
    stored = get_group(session, CALENDAR)
    return CalendarSettings.from_dict(stored) if stored else CalendarSettings()


def calendar(session: Session) -> CityCalendar:
    return CityCalendar.from_settings(calendar_settings(session))


def save_calendar_settings(action: Action, settings: CalendarSettings) -> None:
    put_group(
        action,
        CALENDAR,
        settings.to_dict(),
        "City Hall's closed days changed",
        act=DeskAct.CLOSED_DAYS,
    )


def calendar_version(session: Session) -> object:
    """The stored closed days as they are (small): equal means the same calendar."""
    return get_group(session, CALENDAR)


def mark_demo(action: Action, *, scale: int) -> None:
    """Mark the database as demo data, the only kind ``clerk-desk demo --replace`` deletes."""
    put_group(
        action, DEMO, {"scale": scale, "built_on": action.today().isoformat()}, "Demo data built"
    )


def is_demo(session: Session) -> bool:
    return get_group(session, DEMO) is not None
