"""What each Sidewalks paper is drawn from, read inside one action: the permit with the
specifications sheet, the notice to repair, the specifications sheet alone, and the register
workbook. :mod:`reports.sidewalks` draws them after the action has closed, so no printing holds
the database."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from clerk_desk import settings_store
from clerk_desk.desk import Action
from clerk_desk.kinds import RepairOrderStatus, SidewalkPermitStatus
from clerk_desk.settings import CityProfile
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks import views

Sections = tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class PermitPaper:
    view: views.SidewalkPermitView
    profile: CityProfile
    sections: Sections
    printed_on: date


@dataclass(frozen=True, slots=True)
class NoticePaper:
    view: views.RepairNoticeView
    profile: CityProfile
    sections: Sections
    printed_on: date


@dataclass(frozen=True, slots=True)
class SpecificationsPaper:
    sections: Sections
    profile: CityProfile
    printed_on: date


@dataclass(frozen=True, slots=True)
class RegisterSheets:
    """The three sheets of the register workbook, and what its header names."""

    permits: tuple[views.PermitRow, ...]
    orders: tuple[views.OrderRow, ...]
    segments: tuple[views.SegmentRow, ...]
    city: str
    printed_on: date


def permit_paper(action: Action, permit_id: int) -> PermitPaper:
    return PermitPaper(
        views.permit_view(action.session, permit_id),
        settings_store.city_profile(action.session),
        tuple(views.specification_sections()),
        action.today(),
    )


def notice_paper(action: Action, order_id: int) -> NoticePaper:
    return NoticePaper(
        views.repair_notice_view(action.session, order_id),
        settings_store.city_profile(action.session),
        tuple(views.specification_sections()),
        action.today(),
    )


def specifications_paper(action: Action) -> SpecificationsPaper:
    return SpecificationsPaper(
        tuple(views.specification_sections()),
        settings_store.city_profile(action.session),
        action.today(),
    )


@dataclass(frozen=True, slots=True)
class RegisterSearch:
    """What each register of the tab shows now: the workbook holds the same records."""

    permit_text: str = ""
    permit_status: SidewalkPermitStatus | None = None
    permit_year: int | None = None
    order_text: str = ""
    order_status: RepairOrderStatus | None = None
    order_year: int | None = None
    include_retired: bool = False
    limit: int = 1_000_000


def register_sheets(action: Action, search: RegisterSearch) -> RegisterSheets:
    session = action.session
    found = sidewalks.search_permits(
        session, search.permit_text, search.permit_status, search.permit_year, limit=search.limit
    )
    ordered = sidewalks.search_orders(
        session, search.order_text, search.order_status, search.order_year, limit=search.limit
    )
    plan = sidewalks.segments(session, include_retired=search.include_retired)
    return RegisterSheets(
        tuple(views.permit_rows(session, found)),
        tuple(views.order_rows(session, ordered)),
        tuple(views.segment_rows(session, plan)),
        settings_store.city_profile(session).city_name,
        action.today(),
    )
