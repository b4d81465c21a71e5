"""The counter stations: each computer at the counter, named by the Administrator (issue 19).

A station is identified by a random id kept on the computer itself (the window keeps it in its
local settings; the core takes it as a string). Its name ("Front counter 1") is kept in the
shared settings store, as two rows whose keys the database keeps unique: ``station/<id>`` holds
the station's name, and ``station-name/<digest of the casefolded name>`` holds the id of the
one station with that name, so two stations named alike at the same moment cannot both win.
Renaming a station frees its old name in the same transaction.
"""

from __future__ import annotations

import hashlib
import re
import uuid

from clerk_desk import desk_acts
from clerk_desk.card_numbers import find_card_number
from clerk_desk.desk import Action
from clerk_desk.desk_acts import DeskAct
from clerk_desk.errors import Conflict, InvalidInput
from clerk_desk.models import Setting
from clerk_desk.receipts.views import station_name_limit
from clerk_desk.unique_save import save_unique

STATION_PREFIX = "station/"
NAME_PREFIX = "station-name/"
# A station's id is what new_station_id() makes; checked so that its key fits the store's.
_STATION_ID = re.compile(r"[0-9a-f]{32}")


def new_station_id() -> str:
    """A fresh id for a computer that has none yet (the window keeps it on that computer).

    Drawn again while it holds a run of digits that reads as a full card number: the store
    refuses any value that does (:mod:`clerk_desk.stored_values`), and about one id in a few
    hundred would (``5336985619674005a…`` was drawn in a test run)."""
    while True:
        drawn = uuid.uuid4().hex
        if find_card_number(drawn) is None:
            return drawn


def normalised_name(name: str) -> str:
    """``name`` with its whitespace collapsed, or refused in words: blank, or too long for a
    drawer's record of its station."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InvalidInput("Name this counter station.", field="station")
    limit = station_name_limit()
    if limit is not None and len(cleaned) > limit:
        raise InvalidInput(
            f"A station's name may have at most {limit} characters; this one has {len(cleaned)}.",
            field="station",
        )
    return cleaned


def name_station(action: Action, station_id: str, name: str) -> str:
    """Name (or rename) the station ``station_id``; return the name as saved.

    Administrator only; refused in words when another station already has the name (compared
    without regard to case). The change is in the audit trail."""
    desk_acts.allow(action, DeskAct.NAME_STATION)
    key = _station_key(station_id)
    cleaned = normalised_name(name)
    session = action.session
    refusal = f"{cleaned} is already the name of another station."
    name_row = session.get(Setting, _name_key(cleaned), with_for_update=True)
    if name_row is not None and name_row.value["station_id"] != station_id:
        raise Conflict(refusal)
    station_row = session.get(Setting, key, with_for_update=True)
    before = str(station_row.value["name"]) if station_row is not None else None
    if before == cleaned:
        return cleaned
    if before is not None and _name_key(before) != _name_key(cleaned):
        old = session.get(Setting, _name_key(before))
        if old is not None:
            session.delete(old)
    now = action.now()
    if name_row is None:
        with save_unique(session, refusal):
            session.add(
                Setting(key=_name_key(cleaned), value={"station_id": station_id}, updated_at=now)
            )
    if station_row is None:
        session.add(Setting(key=key, value={"name": cleaned}, updated_at=now))
    else:
        station_row.value = {"name": cleaned}
        station_row.updated_at = now
    action.audit(
        "station.name",
        ("station", station_id),
        f"Station named {cleaned}" if before is None else f"Station {before} renamed {cleaned}",
        before={"name": before},
        after={"name": cleaned},
    )
    return cleaned


def _station_key(station_id: str) -> str:
    if not _STATION_ID.fullmatch(station_id):
        raise InvalidInput("This computer's station id is not one Clerk Desk made.")
    return STATION_PREFIX + station_id


def _name_key(name: str) -> str:
    # A digest, so that any name of up to the limit fits the store's key (60 characters).
    digest = hashlib.sha256(name.casefold().encode("utf-8")).hexdigest()[:40]
    return NAME_PREFIX + digest


UNNAMED = "Unnamed station (ask the Administrator to name it)"
"""What a station without a name is called on screen, and why its drawer may not be opened."""


def this_station(action: Action, station_id: str) -> str | None:
    """The name the Administrator gave the station ``station_id`` (the window passes its own
    computer's), or None while it has none: the one reader of a station's name."""
    row = action.session.get(Setting, _station_key(station_id))
    return str(row.value["name"]) if row is not None else None


def drawer_station(action: Action, station_id: str) -> str:
    """The name a drawer opened at this station is kept under; refused while it has none, so
    that every drawer and receipt names its station as the Administrator named it."""
    label = this_station(action, station_id)
    if label is None:
        raise Conflict(UNNAMED)
    return label
