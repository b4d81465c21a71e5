"""Steps and fixtures the Sidewalks tab's tests share (tests/test_ui_sidewalks*.py): the records a
test starts from (parties, streets, parcels, plan segments, a permit applied for, a council meeting
held, a repair order), the tab, the town and a permit form filled in.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture). A sidewalk permit is
obtained at least seven days before the work: issued today, work may start Monday, December 7
at the earliest; for work starting December 7 today is the last day to issue. The Sidewalk
Master Plan shows Orange St N, both sides, 100-299: a sidewalk reconstructed there is the City's
cost, elsewhere the adjacent owner's. Every modal dialog goes through the ``dialogs`` queue,
every message box through ``messages``, and printing through the replaced print hooks.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import Qt
from registers import searched  # type: ignore[import-not-found]

from clerk_desk import parties
from clerk_desk.clock import city_zone
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Compass, PartyKind, RepairOrderKind, SidewalkWork
from clerk_desk.models import SidewalkPermit
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.service import PermitData, SegmentData
from clerk_desk.street_numbers import streets
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.sidewalks.permit_dialogs import PermitDialog
from ui.sidewalks.tab import SidewalksTab

MAIN_WINDOW_TAB = 1215
"""The width of the tab area inside the main window at 1400 x 900 (the side list takes the rest)."""


# ---- the records a test starts from ----------------------------------------------------------


def add_party(desk: Desk, who: SignedIn, name: str, street: str = "1200 Cudd Ave") -> int:
    with desk.action(who) as action:
        party = parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.PERSON if "LLC" not in name else PartyKind.BUSINESS,
                name=name,
                street=street,
                city="Prescott",
                state="WI",
                postal_code="54021",
            ),
        )
        action.session.flush()
        return party.id


def add_street(desk: Desk, who: SignedIn, name: str, direction: str = "") -> int:
    with desk.action(who) as action:
        street = streets.add_street(
            action,
            streets.StreetData(
                name=name,
                suffix="St",
                direction=direction,
                odd_side=Compass.EAST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=1999,
            ),
        )
        action.session.flush()
        return street


def add_parcel(desk: Desk, who: SignedIn, number: str, site: str, owner_id: int) -> int:
    with desk.action(who) as action:
        parcel = parties.add_parcel(
            action, parties.ParcelData(parcel_number=number, site_address=site, owner_id=owner_id)
        )
        action.session.flush()
        return parcel.id


def add_segment(desk: Desk, who: SignedIn, data: SegmentData) -> int:
    with desk.action(who) as action:
        return sidewalks.add_segment(action, data)


def apply(desk: Desk, who: SignedIn, data: PermitData) -> int:
    with desk.action(who) as action:
        return sidewalks.receive_application(action, data)


def held_meeting(desk: Desk, who: SignedIn) -> int:
    """The regular meeting of Monday, November 23, 2026, 6:00 p.m. (held: today is the 30th)."""
    return int(
        builders.meeting(
            desk, who, datetime(2026, 11, 23, 18, 0, tzinfo=city_zone()), "Council Chambers"
        )
    )


def stored_permit(desk: Desk, permit_id: int) -> SidewalkPermit:
    with desk.database.reading() as session:
        permit = session.get(SidewalkPermit, permit_id)
        assert permit is not None
        session.expunge(permit)
        return permit


def texts(view: Any) -> str:
    return " ".join(view.texts())


# ---- fixtures ----------------------------------------------------------------------------------


def make_tab(qtbot: Any, desk: Desk, who: SignedIn) -> SidewalksTab:
    """The tab at the size it has inside the main window of 1400 x 900 pixels."""
    widget = SidewalksTab(App(desk, who))
    qtbot.add_widget(widget)
    widget.resize(MAIN_WINDOW_TAB, 860)
    widget.show()
    searched(qtbot, widget)
    return widget


def plan_read(qtbot: Any, plan: Any) -> None:
    """Wait until the Master plan page, first shown, has read the plan on its worker."""
    qtbot.waitUntil(lambda: plan.loaded and not plan.reading, timeout=10_000)


@pytest.fixture
def tab(qtbot: Any, desk: Desk, clerk: SignedIn) -> SidewalksTab:
    return make_tab(qtbot, desk, clerk)


@pytest.fixture
def previewed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """The print preview, replaced: the PDF bytes it was given are kept."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "preview_pdf", capture)
    return seen


@pytest.fixture
def town(desk: Desk, clerk: SignedIn) -> dict[str, int]:
    """Orange St N and Kinnickinnic St; Ann Lee owns 118 Orange St N and Robert Hanson 215
    Kinnickinnic St; Kinni Concrete LLC lays sidewalks; the plan shows Orange St N 100-299."""
    orange = add_street(desk, clerk, "Orange", "N")
    kinni = add_street(desk, clerk, "Kinnickinnic")
    ann = add_party(desk, clerk, "Ann Lee", "118 Orange St N")
    bob = add_party(desk, clerk, "Robert Hanson", "215 Kinnickinnic St")
    return {
        "orange": orange,
        "kinni": kinni,
        "ann": ann,
        "bob": bob,
        "concrete": add_party(desk, clerk, "Kinni Concrete LLC"),
        "ann_parcel": add_parcel(desk, clerk, "281-00123-0000", "118 Orange St N", ann),
        "bob_parcel": add_parcel(desk, clerk, "281-00456-0000", "215 Kinnickinnic St", bob),
        "segment": add_segment(
            desk,
            clerk,
            SegmentData(orange, "both", 100, 299, "sidewalk", "Broad St N to Court St", "2024"),
        ),
    }


def choose(qtbot: Any, picker: Any, text: str) -> None:
    """Type part of a name in a picker and go down into its matches: the first is chosen."""
    picker.search_field.clear()
    qtbot.keyClicks(picker.search_field, text)
    picker.search_field.flush()
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Down)


def fill_permit(
    qtbot: Any,
    dialog: PermitDialog,
    *,
    applicant: str,
    work: SidewalkWork,
    street: str,
    number: str,
    location: str,
    starts: date,
    width: str = "4 1/2",
    parcel: str = "",
) -> None:
    choose(qtbot, dialog.applicant, applicant)
    if parcel:
        choose(qtbot, dialog.parcel, parcel)
    dialog.work.setCurrentIndex(dialog.work.findData(work))
    dialog.street.setCurrentIndex(dialog.street.findText(street))
    dialog.number.clear()
    qtbot.keyClicks(dialog.number, number)
    qtbot.keyClicks(dialog.location, location)
    dialog.width_edit.clear()
    qtbot.keyClicks(dialog.width_edit, width)
    dialog.starts.set_value(starts)


# ---- a repair order, recorded in the core ---------------------------------------------------


def _order(desk: Desk, who: SignedIn, parcel: int, meeting: int | None, **changes: Any) -> int:
    with desk.action(who) as action:
        order_id = sidewalks.order_repair(
            action,
            sidewalks.RepairOrderData(
                changes.pop("kind", RepairOrderKind.COUNCIL_ORDER),
                parcel,
                "215 Kinnickinnic St",
                "Cracked flags",
                meeting_id=meeting,
                **changes,
            ),
        )
        return order_id
