"""Street Openings tab (§§ 506-6, 506-7), the registers: search as you type and the filters, the
Today item opening its permit, the improvement register's thirty days, the export to Excel, the
model tester and the main window building the tab. What the Street Openings tests share is in
ui_street_openings_steps.py.

"Today" is Monday, November 30, 2026, 10:00 a.m. (the ``clock`` fixture). Every modal dialog goes
through the ``dialogs`` queue, every message box through ``messages``.
"""

from __future__ import annotations

from datetime import date, datetime

import pytest
from openpyxl import load_workbook
from PySide6.QtWidgets import QDialog
from registers import searched  # type: ignore[import-not-found]
from ui_street_openings_steps import (  # type: ignore[import-not-found]
    add_party,
    add_street,
    apply,
    approved,
    insure,
    make_tab,
    tab,
    texts,
)

from clerk_desk import parties, today
from clerk_desk.clock import FixedClock
from clerk_desk.money import Money
from clerk_desk.street_openings import charges as street_openings_charges
from clerk_desk.street_openings.service import OpeningData, SiteData
from clerk_desk.street_openings.views import Shown
from ui.kit import forms as forms
from ui.kit.operations import App
from ui.street_openings.improvements import ImprovementDialog, ImprovementsDialog
from ui.street_openings.tab import StreetOpeningsTab

__all__ = ["tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


# ---- the register, the Today tab and the improvement register ----------------------------------


def test_search_as_you_type_and_the_filters(
    qtbot, tab, desk, clerk, inspector, clock: FixedClock, messages
) -> None:
    gas = add_party(desk, clerk, "St. Croix Valley Gas", utility=True)
    digger = add_party(desk, clerk, "Kinni Excavating")
    orange = add_street(desk, clerk, "Orange", "N")
    broad = add_street(desk, clerk, "Broad", "N")
    insure(desk, clerk, gas)
    clock.set(datetime(2026, 5, 4, 9, 0))
    old = approved(
        desk,
        clerk,
        inspector,
        gas,
        OpeningData(
            gas,
            [SiteData("At 410 Orange St N", orange)],
            "Gas",
            "Vac",
            planned_start=date(2026, 5, 5),
        ),
    )
    clock.set(datetime(2026, 11, 30, 10, 0))
    apply(desk, clerk, OpeningData(digger, [SiteData("At 123 Broad St N", broad)], "W", "B"))
    tab.refresh()
    assert tab.count_label.text() == "2 permits"
    qtbot.keyClicks(tab.search_field, "broad")
    assert tab.search_field.pending()
    qtbot.waitUntil(lambda: tab.model.rowCount() == 1)
    assert tab.model.column_texts(0)[1] == "Kinni Excavating"
    tab.search_field.clear()
    tab.search_field.flush()
    searched(qtbot, tab)
    tab.status_box.setCurrentIndex(tab.status_box.findData(Shown.EXPIRED))
    searched(qtbot, tab)
    assert [tab.model.row(i).id for i in range(tab.model.rowCount())] == [old]
    assert tab.model.column_texts(0)[6] == "Expired"  # approved May 4, valid through Nov 4
    tab.status_box.setCurrentIndex(tab.status_box.findData(Shown.APPROVED))
    searched(qtbot, tab)
    assert tab.count_label.text() == "No permits match"
    tab.status_box.setCurrentIndex(0)
    searched(qtbot, tab)
    assert [tab.year_box.itemText(i) for i in range(tab.year_box.count())] == ["All years", "2026"]


def test_the_today_item_opens_the_permit(qtbot, desk, clerk, messages) -> None:
    from ui.main_window import MainWindow

    gas = add_party(desk, clerk, "St. Croix Valley Gas", utility=True)
    orange = add_street(desk, clerk, "Orange", "N")
    apply(desk, clerk, OpeningData(gas, [SiteData("At 100 Orange St N", orange)], "G", "V"))
    opening_id = apply(
        desk,
        clerk,
        OpeningData(
            gas,
            [SiteData("At 410 Orange St N", orange)],
            "Gas",
            "Vacuum",
            emergency=True,
            opened_on=date(2026, 11, 29),
        ),
    )
    with desk.lookup(clerk) as action:
        items = [i for i in today.gather(action) if i.workflow == "Street Openings"]
    [item] = items
    assert item.title == "Emergency SO-2026-002: City officials' notification not recorded"
    window = MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    window.today_tab.workflow_requested.emit(item)
    shown = window.tabs.currentWidget()
    assert isinstance(shown, StreetOpeningsTab)
    assert shown is window.tab("street_openings")
    assert shown.selected() is not None and shown.selected().id == opening_id  # type: ignore[union-attr]
    assert "notification not recorded" in shown.summary.text()
    assert messages == []


def test_the_improvement_register_warns_of_the_thirty_days(
    qtbot, tab, desk, clerk, inspector, dialogs, messages
) -> None:
    add_street(desk, clerk, "Orange", "N")
    dpw_tab = make_tab(qtbot, desk, inspector)

    def register(dialog: QDialog) -> None:
        assert isinstance(dialog, ImprovementsDialog)
        assert dialog.count_label.text() == "None recorded yet"
        dialogs.insert(0, add)
        dialog.add_button.click()
        assert dialog.model.column_texts(0)[:2] == ["Orange St N", "from Broad St N to Court St"]
        assert "30 days" in dialog.model.column_texts(0)[7]
        dialog.reject()

    def add(dialog: QDialog) -> None:
        assert isinstance(dialog, ImprovementDialog)
        qtbot.keyClicks(dialog.limits, "from Broad St N to Court St")
        dialog.determined_on.setDate(date(2026, 11, 2))
        dialog.begins_on.set_value(date(2026, 11, 20))
        shown = texts(dialog.view)
        assert "at least 30 days before its work begins" in shown
        assert "notice to utilities and abutting owners is not recorded" in shown
        dialog.save_button.click()

    dialogs.append(register)
    dpw_tab.improvements_button.click()
    assert messages == []

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, ImprovementsDialog)
        assert not dialog.add_button.isEnabled()  # the Clerk reads; the officials record
        assert "you need the role" in dialog.add_button.toolTip()

    dialogs.append(look)
    tab.improvements_button.click()


def test_the_register_exported_to_excel(
    qtbot, tab, desk, clerk, tmp_path, monkeypatch, messages, child_jobs
) -> None:
    party = add_party(desk, clerk, "Kinni Excavating")
    street = add_street(desk, clerk, "Broad", "N")
    apply(desk, clerk, OpeningData(party, [SiteData("At 123 Broad St N", street)], "W", "B"))
    target = tmp_path / "openings"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=20_000) as told:
        tab.export_button.click()
    assert told.args[0] == "1 street opening permit written to openings.xlsx"
    assert child_jobs == ["ui.street_openings.jobs.register_workbook"]
    rows = list(load_workbook(f"{target}.xlsx").active.iter_rows(values_only=True))
    header_at = next(i for i, row in enumerate(rows) if row[0] == "Permit")
    assert rows[header_at + 1][0] == "SO-2026-001"


def test_every_model_passes_the_model_tester(
    qtbot, qtmodeltester, desk, clerk, inspector, messages
) -> None:
    party = add_party(desk, clerk, "St. Croix Valley Gas", utility=True)
    street = add_street(desk, clerk, "Orange", "N")
    insure(desk, clerk, party)
    opening_id = approved(
        desk,
        clerk,
        inspector,
        party,
        OpeningData(
            party,
            [SiteData("At 410 Orange St N", street)],
            "G",
            "V",
            planned_start=date(2027, 5, 3),
        ),
    )
    with desk.action(inspector) as action:
        street_openings_charges.charge_city_repair(
            action,
            opening_id,
            repair=Money("100"),
            maintenance=Money("10"),
            notice_on=date(2026, 11, 30),
            parcel_id=parties.add_parcel(
                action, parties.ParcelData("281-07410-0000", "410 Orange St N", owner_id=party)
            ).id,
        )
    tab = make_tab(qtbot, desk, clerk)
    tab.select_opening(opening_id)
    for model in (
        tab.model,
        tab.site_model,
        tab.checklist_model,
        tab.due_model,
        tab.history_model,
    ):
        assert model.rowCount() >= 1
        qtmodeltester.check(model)


def test_main_window_builds_the_street_openings_tab(qtbot, desk, clerk, messages) -> None:
    from ui.main_window import MainWindow

    window = MainWindow(App(desk, clerk))
    qtbot.add_widget(window)
    assert isinstance(window.tab("street_openings"), StreetOpeningsTab)
