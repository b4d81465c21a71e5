"""The Sidewalks tab builds its Repair orders and Master plan pages when they are first chosen
(issue 20: the three built at once, with four reads on the window's thread, held it 60-110 ms
as the tab opened at twenty years). What the tab does for the window still works with a page
never shown: the Today tab's record opens its page, the export writes every register, and a
page chosen shows its rows, read on a worker, and the acts the operator may take.

The records and fixtures are those of ``ui_sidewalks_steps.py`` ("today" is Mon Nov 30, 2026).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from registers import searched  # type: ignore[import-not-found]
from ui_sidewalks_steps import (  # type: ignore[import-not-found]
    _order,
    apply,
    held_meeting,
    make_tab,
    plan_read,
    town,
)

from clerk_desk.kinds import Role, SidewalkWork
from clerk_desk.sidewalks.service import ORDER_RECORD_TYPE, SEGMENT_RECORD_TYPE, PermitData
from ui.kit import forms as forms
from ui.sidewalks.tab import OrdersPage, PlanPage, SidewalksTab

pytestmark = pytest.mark.gui

__all__ = ["town"]  # fixtures, used by name


def built_pages(tab: SidewalksTab) -> list[str]:
    """The pages the tab holds as built pages, by name."""
    return [
        tab.inner.widget(i).objectName()
        for i in range(tab.inner.count())
        if isinstance(tab.inner.widget(i), OrdersPage | PlanPage)
        or tab.inner.widget(i) is tab.permits
    ]


def test_the_tab_opens_with_the_permits_page_alone(qtbot, desk, clerk) -> None:
    tab = make_tab(qtbot, desk, clerk)
    assert built_pages(tab) == ["permits_page"]
    assert [tab.inner.tabText(i) for i in range(3)] == [
        "&Permits",
        "&Repair orders",
        "&Master plan",
    ]
    assert tab.permits.loaded and tab.permits.new_button.isEnabled()


def test_the_repair_orders_page_shows_its_rows_when_first_chosen(qtbot, desk, clerk, town) -> None:
    order_id = _order(desk, clerk, town["bob_parcel"], held_meeting(desk, clerk))
    tab = make_tab(qtbot, desk, clerk)
    tab.inner.setCurrentIndex(1)
    searched(qtbot, tab)
    orders = tab.inner.currentWidget()
    assert isinstance(orders, OrdersPage) and orders is tab.orders
    assert tab.inner.tabText(1) == "&Repair orders" and tab.inner.count() == 3
    assert [r.id for r in orders.model.rows] == [order_id]
    assert orders.selected().id == order_id  # type: ignore[union-attr]
    assert "SR-2026-001" in orders.summary.text()
    assert orders.count_label.text() == "1 order"
    assert orders.new_button.isEnabled()
    assert built_pages(tab) == ["permits_page", "orders_page"]


def test_the_master_plan_page_shows_its_rows_and_streets_when_first_chosen(
    qtbot, desk, clerk, town
) -> None:
    tab = make_tab(qtbot, desk, clerk)
    tab.inner.setCurrentIndex(2)
    plan = tab.inner.currentWidget()
    assert isinstance(plan, PlanPage) and plan is tab.plan
    plan_read(qtbot, plan)
    assert [r.label for r in plan.model.rows] == ["Orange St N, both sides, 100-299: Sidewalk"]
    assert plan.selected().id == town["segment"]  # type: ignore[union-attr]
    assert plan.edit_button.isEnabled() and plan.retire_button.isEnabled()
    streets = [plan.lookup_street.itemText(i) for i in range(plan.lookup_street.count())]
    assert streets == ["Kinnickinnic St", "Orange St N"]
    assert plan.add_button.isEnabled()
    plan.lookup_street.setCurrentIndex(plan.lookup_street.findText("Orange St N"))
    plan.lookup_number.setText("118")
    assert "Shown on the plan" in plan.lookup_result.text()


def test_a_page_read_on_the_worker_still_refuses_what_the_operator_may_not_do(
    qtbot, desk, operator_with, town
) -> None:
    """The Deputy Clerk does not keep the Master Plan: Add is off, saying why, once the plan
    is read (the refusal is read with the rows, no longer as the page is built)."""
    deputy = operator_with(Role.DEPUTY_CLERK)
    tab = make_tab(qtbot, desk, deputy)
    tab.inner.setCurrentIndex(2)
    plan_read(qtbot, tab.plan)
    assert not tab.plan.add_button.isEnabled()
    assert "Sidewalk Master Plan" in tab.plan.add_button.toolTip()
    assert tab.permits.new_button.isEnabled()  # every counter role takes applications


def test_show_record_builds_the_page_it_needs(qtbot, desk, clerk, town) -> None:
    order_id = _order(desk, clerk, town["bob_parcel"], held_meeting(desk, clerk))
    tab = make_tab(qtbot, desk, clerk)
    tab.show_record(ORDER_RECORD_TYPE, str(order_id))
    orders = tab.inner.currentWidget()
    assert isinstance(orders, OrdersPage)
    assert orders.selected().id == order_id  # type: ignore[union-attr]
    assert "SR-2026-001" in orders.summary.text()

    fresh = make_tab(qtbot, desk, clerk)
    fresh.show_record(SEGMENT_RECORD_TYPE, str(town["segment"]))
    plan = fresh.inner.currentWidget()
    assert isinstance(plan, PlanPage)
    assert plan.selected().id == town["segment"]  # type: ignore[union-attr]
    plan_read(qtbot, plan)  # the first read, started as it showed, changes nothing after
    assert plan.selected().id == town["segment"]  # type: ignore[union-attr]
    assert len(plan.model.rows) == 1


def test_refresh_reads_only_the_pages_built(qtbot, desk, clerk, town) -> None:
    tab = make_tab(qtbot, desk, clerk)
    apply(desk, clerk, PermitData(town["ann"], "118 Orange St N", SidewalkWork.REPAIR))
    tab.refresh()
    assert len(tab.permits.model.rows) == 1
    assert built_pages(tab) == ["permits_page"]


def test_the_registers_are_exported_from_pages_never_shown(
    qtbot, desk, clerk, town, monkeypatch, tmp_path: Path, child_jobs: Any
) -> None:
    """The orders and the plan are written as their pages would first show them: no search,
    any status, all years, retired segments left out; the pages are not built for it."""
    apply(desk, clerk, PermitData(town["ann"], "118 Orange St N", SidewalkWork.REPAIR))
    _order(desk, clerk, town["bob_parcel"], held_meeting(desk, clerk))
    tab = make_tab(qtbot, desk, clerk)
    target = tmp_path / "sidewalks.xlsx"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=20000) as told:
        tab.export_register()
    assert told.args[0] == ("1 permit, 1 repair order and 1 plan segment written to sidewalks.xlsx")
    book = load_workbook(target)
    assert book["Repair orders"]["A3"].value == "SR-2026-001"
    assert book["Master plan"]["A3"].value == "Orange St N"
    assert built_pages(tab) == ["permits_page"]
