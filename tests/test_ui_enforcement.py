"""Enforcement tab: one case of each kind driven through the real widgets from the complaint to
its end — for the kinds the City may charge, the special charge certified by the Treasurer in
the Special Charges tab's tax-roll run; for the others, the letter the section calls for. The
letters are printed through the replaced printer and read back.

"Now" is moved on the ``clock`` fixture (Prescott time) before each act, as the day goes by at
the counter. Every modal dialog goes through the ``dialogs`` queue, every message box through
``messages`` (a question is answered Yes).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date, datetime
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from PySide6.QtCore import QDate, QDateTime, Qt, QTime
from registers import searched  # type: ignore[import-not-found]

from clerk_desk import parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.enforcement import letters
from clerk_desk.enforcement.acts import CaseAct
from clerk_desk.kinds import CaseKind, ChargeStatus, PartyKind
from clerk_desk.models import EnforcementCase, SpecialCharge
from clerk_desk.money import Money
from ui.enforcement.dialogs import NewCaseDialog
from ui.enforcement.tab import EnforcementTab
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.kit.pickers import ParcelPicker, PartyPicker
from ui.special_charges.tab import SpecialChargesTab

pytestmark = pytest.mark.gui


@pytest.fixture
def people(desk: Desk, admin: SignedIn) -> None:
    with desk.action(admin) as action:
        made = {}
        for name, kind in (
            ("Marta Lindqvist", PartyKind.PERSON),
            ("Ole Haugen", PartyKind.PERSON),
            ("Kinnickinnic Excavating LLC", PartyKind.BUSINESS),
            ("Pierce County Herald", PartyKind.BUSINESS),
        ):
            made[name] = parties.add_party(
                action,
                parties.PartyData(
                    kind=kind,
                    name=name,
                    street="412 Orange St N",
                    city="Prescott",
                    state="WI",
                    postal_code="54021",
                ),
            ).id
        parties.add_parcel(
            action,
            parties.ParcelData(
                "281-00412-0000", "412 Orange St N", owner_id=made["Marta Lindqvist"]
            ),
        )


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """The printer, replaced: the PDF bytes each paper was printed with are kept."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


def make_tab(qtbot: Any, desk: Desk, who: SignedIn) -> EnforcementTab:
    widget = EnforcementTab(App(desk, who))
    qtbot.add_widget(widget)
    widget.resize(1400, 900)
    widget.show()
    searched(qtbot, widget)
    return widget


def at(month: int, day: int, hour: int = 12, minute: int = 0, year: int = 2026) -> datetime:
    return datetime(year, month, day, hour, minute)


def choose(qtbot: Any, picker: PartyPicker | ParcelPicker, text: str) -> None:
    picker.search_field.clear()
    qtbot.keyClicks(picker.search_field, text)
    picker.search_field.flush()
    qtbot.keyClick(picker.search_field, Qt.Key.Key_Down)  # into the matches: the first chosen


def open_case(
    qtbot: Any, tab: EnforcementTab, dialogs: list[Any], fill: Callable[[NewCaseDialog], None]
) -> None:
    def handle(dialog: NewCaseDialog) -> None:
        fill(dialog)
        dialog.save_button.click()
        assert not dialog.isVisible(), [v.text() for v in dialog.errors._labels.values()]

    dialogs.append(handle)
    with qtbot.wait_signal(tab.status):
        tab.new_button.click()


def act(tab: EnforcementTab, dialogs: list[Any], which: CaseAct, fill: Callable[[Any], None]):
    def handle(dialog: Any) -> None:
        fill(dialog)
        dialog.save_button.click()
        assert not dialog.isVisible()

    assert tab.buttons[which].isEnabled(), tab.buttons[which].toolTip()
    dialogs.append(handle)
    tab.buttons[which].click()


def certified(
    qtbot: Any, desk: Desk, treasurer: SignedIn, clock: FixedClock, on: date, messages: list[str]
) -> list[str]:
    """The Treasurer's run in the Special Charges tab, as of ``on``: the charges certified."""
    clock.set(on)
    charges = SpecialChargesTab(App(desk, treasurer))
    qtbot.add_widget(charges)
    charges.show()
    charges.inner.setCurrentWidget(charges.tax_roll)
    roll = charges.tax_roll
    roll.as_of.setDate(QDate(on.year, on.month, on.day))
    roll.prepare_button.click()
    assert roll.certify_button.isEnabled(), roll.certify_button.toolTip()
    roll.certify_button.click()
    with desk.database.reading() as session:
        from sqlalchemy import select

        found = session.scalars(
            select(SpecialCharge).where(SpecialCharge.status == ChargeStatus.CERTIFIED)
        ).all()
        return [f"{c.number} {c.total} {c.record_type}" for c in found]


def the_case(desk: Desk) -> EnforcementCase:
    with desk.database.reading() as session:
        from sqlalchemy import select

        return session.scalars(select(EnforcementCase)).one()


def letter(printed: list[tuple[str, bytes]]) -> str:
    _title, pdf = printed[-1]
    assert papers.pdf_problems(pdf) == []
    return papers.text(pdf)


def city_work(cost: str = "", bill: date | None = None) -> Callable[[Any], None]:
    def fill(dialog: Any) -> None:
        if cost:
            dialog.cost.setText(cost)
        if bill is not None:
            dialog.on.setDate(QDate(bill.year, bill.month, bill.day))
            dialog.bill_on.setDate(QDate(bill.year, bill.month, bill.day))

    return fill


# ---- § 506-8 -------------------------------------------------------------------------------------


def test_an_obstruction_from_the_complaint_to_the_tax_roll(
    qtbot, desk, clock, clerk, treasurer, people, dialogs, messages, printed
) -> None:
    clock.set(at(12, 5, 8))  # Saturday
    tab = make_tab(qtbot, desk, clerk)

    def fill(dialog: NewCaseDialog) -> None:
        dialog.choose_kind(CaseKind.OBSTRUCTION)
        qtbot.keyClicks(dialog.location, "Sidewalk in front of 412 Orange St N")
        assert [dialog.official.itemText(i) for i in range(dialog.official.count())] == [
            "City enforcement official",
            "Chief of Police",
            "Director of Public Works",
            "Building Inspector",
        ]
        qtbot.keyClicks(dialog.official_name, "Officer Dana Ruiz")
        qtbot.keyClicks(dialog.description, "A trailer of firewood across the sidewalk")
        choose(qtbot, dialog.parcel, "281-00412")
        choose(qtbot, dialog.party, "Haugen")
        dialog.party_as.setCurrentIndex(dialog.party_as.findData("occupant"))

    open_case(qtbot, tab, dialogs, fill)
    assert tab.model.column_texts(0)[:2] == ["EN-2026-001", "Obstruction or encroachment"]
    assert tab.model.column_texts(0)[5] == "Give the written notice"
    assert not tab.buttons[CaseAct.CITY_WORK].isEnabled()
    assert "Record the written notice first" in tab.buttons[CaseAct.CITY_WORK].toolTip()

    clock.set(at(12, 5, 9))
    act(tab, dialogs, CaseAct.NOTICE, lambda d: d.how.setCurrentText("handed over"))
    tab.buttons[CaseAct.PRINT_LETTER].click()
    page = letter(printed)
    assert "Notice to Remove an Obstruction" in page and "Ole Haugen" in page
    assert "run until Monday, December 7, 2026 at 9:00 a.m." in page
    assert "City enforcement official — Officer Dana Ruiz" in page

    clock.set(at(12, 7, 8, 59))
    tab.refresh()
    assert not tab.buttons[CaseAct.CITY_WORK].isEnabled()
    assert "run until Mon Dec 7, 2026 9:00 AM" in tab.buttons[CaseAct.CITY_WORK].toolTip()
    clock.set(at(12, 7, 9))
    tab.refresh()
    act(tab, dialogs, CaseAct.CITY_WORK, city_work("85.00"))
    assert tab.model.column_texts(0)[4] == "Done by the City, charged"
    assert "Charged on <b>CHG-2026-001</b>" in tab.details_label.text()

    # Billed Mon Dec 7, no receipt recorded: 10 days from the bill, the roll the day after.
    assert certified(qtbot, desk, treasurer, clock, date(2026, 12, 18), messages) == [
        "CHG-2026-001 $85.00 enforcement_case"
    ]


def test_the_letter_is_read_and_drawn_while_the_window_repaints(
    qtbot, desk, clock, clerk, people, dialogs, messages, printed, monkeypatch
) -> None:
    """Issue 20: the letter's read and its ReportLab drawing ran on the window's thread, which
    froze while the clerk waited; both now run on a thread of their own (``draw_paper``)."""
    import reports.enforcement

    threads: list[tuple[str, str]] = []
    read_letter, draw_letter = letters.letter, reports.enforcement.letter_pdf

    def read(*args: Any) -> Any:
        threads.append(("read", threading.current_thread().name))
        return read_letter(*args)

    def draw(*args: Any) -> bytes:
        threads.append(("drawn", threading.current_thread().name))
        return draw_letter(*args)

    monkeypatch.setattr(letters, "letter", read)
    monkeypatch.setattr(reports.enforcement, "letter_pdf", draw)
    clock.set(at(12, 5, 8))
    tab = make_tab(qtbot, desk, clerk)

    def fill(dialog: NewCaseDialog) -> None:
        dialog.choose_kind(CaseKind.OBSTRUCTION)
        qtbot.keyClicks(dialog.location, "Sidewalk in front of 412 Orange St N")
        qtbot.keyClicks(dialog.official_name, "Officer Dana Ruiz")
        qtbot.keyClicks(dialog.description, "A trailer of firewood across the sidewalk")
        choose(qtbot, dialog.parcel, "281-00412")
        choose(qtbot, dialog.party, "Haugen")

    open_case(qtbot, tab, dialogs, fill)
    act(tab, dialogs, CaseAct.NOTICE, lambda d: d.how.setCurrentText("handed over"))
    with qtbot.wait_signal(tab.status) as told:
        tab.buttons[CaseAct.PRINT_LETTER].click()
    assert threads == [("read", "while painting"), ("drawn", "while painting")]
    assert told.args[0] == "Notice to Remove an Obstruction printed, dated Sat Dec 5, 2026."
    assert "Notice to Remove an Obstruction" in letter(printed)
    assert [title for title, _pdf in printed] == ["Notice to Remove an Obstruction — EN-2026-001"]
    assert messages == []


# ---- § 506-11 ------------------------------------------------------------------------------------


def snow_fill(qtbot: Any, kind: CaseKind, when: datetime) -> Callable[[NewCaseDialog], None]:
    def fill(dialog: NewCaseDialog) -> None:
        dialog.choose_kind(kind)
        qtbot.keyClicks(dialog.location, "412 Orange St N")
        dialog.started_at.setDateTime(
            QDateTime(QDate(when.year, when.month, when.day), QTime(when.hour, when.minute))
        )
        choose(qtbot, dialog.parcel, "281-00412")

    return fill


def test_snow_not_removed_is_the_councils_fee_and_goes_on_the_tax_roll(
    qtbot, desk, clock, clerk, treasurer, people, dialogs, messages
) -> None:
    clock.set(at(12, 5, 23))
    tab = make_tab(qtbot, desk, clerk)
    open_case(qtbot, tab, dialogs, snow_fill(qtbot, CaseKind.SNOW_ICE, at(12, 5, 22)))
    assert tab.model.column_texts(0)[5] == (
        "The Director of Public Works may act from Mon Dec 7, 2026 10:00 PM"
    )
    assert not tab.buttons[CaseAct.NOTICE].isEnabled()
    assert "calls for no written notice" in tab.buttons[CaseAct.NOTICE].toolTip()
    clock.set(at(12, 8, 9))
    tab.refresh()
    act(tab, dialogs, CaseAct.CITY_WORK, city_work())
    charge = stored_charge(desk)
    assert (charge.total, charge.due_on) == (Money("60.00"), date(2027, 1, 7))
    assert certified(qtbot, desk, treasurer, clock, date(2027, 1, 8), messages) == [
        "CHG-2026-001 $60.00 enforcement_case"
    ]


def test_snow_deposited_on_a_street_is_charged_after_the_hour(
    qtbot, desk, clock, clerk, treasurer, people, dialogs, messages
) -> None:
    clock.set(at(12, 8, 10, 5))
    tab = make_tab(qtbot, desk, clerk)
    open_case(qtbot, tab, dialogs, snow_fill(qtbot, CaseKind.DEPOSITED_SNOW, at(12, 8, 10)))
    assert not tab.buttons[CaseAct.CITY_WORK].isEnabled()
    clock.set(at(12, 8, 11))
    tab.refresh()
    act(tab, dialogs, CaseAct.CITY_WORK, city_work("40.00"))
    assert certified(qtbot, desk, treasurer, clock, date(2027, 1, 8), messages) == [
        "CHG-2026-001 $40.00 enforcement_case"
    ]


def stored_charge(desk: Desk) -> SpecialCharge:
    with desk.database.reading() as session:
        from sqlalchemy import select

        found = session.scalars(select(SpecialCharge)).one()
        session.expunge_all()
        return found


# ---- § 506-20, § 506-21 --------------------------------------------------------------------------


def worker_fill(
    qtbot: Any, kind: CaseKind, damaged: date | None = None
) -> Callable[[NewCaseDialog], None]:
    def fill(dialog: NewCaseDialog) -> None:
        dialog.choose_kind(kind)
        qtbot.keyClicks(dialog.location, "Orange St N at 412")
        choose(qtbot, dialog.parcel, "281-00412")
        choose(qtbot, dialog.party, "Kinnickinnic")
        dialog.party_as.setCurrentIndex(dialog.party_as.findData("operator"))
        if damaged is not None:
            dialog.started_on.setDate(QDate(damaged.year, damaged.month, damaged.day))

    return fill


def test_debris_removed_by_the_city_is_charged_to_the_operator_and_certified(
    qtbot, desk, clock, clerk, treasurer, people, dialogs, messages
) -> None:
    tab = make_tab(qtbot, desk, clerk)
    open_case(qtbot, tab, dialogs, worker_fill(qtbot, CaseKind.DIRT_DEBRIS))
    assert not tab.buttons[CaseAct.CITY_WORK].isEnabled()
    assert "Record the request to remove" in tab.buttons[CaseAct.CITY_WORK].toolTip()
    act(tab, dialogs, CaseAct.NOTICE, lambda d: d.how.setCurrentText("by phone"))
    act(tab, dialogs, CaseAct.CITY_WORK, city_work("120.00"))
    charge = stored_charge(desk)
    assert (charge.billed_as, charge.due_on) == ("operator", date(2026, 12, 30))
    assert certified(qtbot, desk, treasurer, clock, date(2026, 12, 31), messages) == [
        "CHG-2026-001 $120.00 enforcement_case"
    ]


def test_damage_noticed_then_corrected_by_the_city_and_certified(
    qtbot, desk, clock, clerk, treasurer, people, dialogs, messages, printed
) -> None:
    clock.set(at(12, 2, 9))
    tab = make_tab(qtbot, desk, clerk)
    open_case(qtbot, tab, dialogs, worker_fill(qtbot, CaseKind.STREET_DAMAGE, date(2026, 11, 20)))
    act(tab, dialogs, CaseAct.NOTICE, lambda d: d.how.setCurrentText("mailed"))
    tab.buttons[CaseAct.PRINT_LETTER].click()
    page = letter(printed)
    assert "Notice to Correct Damage" in page
    assert "by Saturday, December 12, 2026" in page
    clock.set(at(12, 12, 15))
    tab.refresh()
    assert "the City may act from Sun Dec 13, 2026" in tab.buttons[CaseAct.CITY_WORK].toolTip()
    clock.set(at(12, 14, 9))
    tab.refresh()
    act(tab, dialogs, CaseAct.CITY_WORK, city_work("310.00"))
    assert certified(qtbot, desk, treasurer, clock, date(2027, 1, 14), messages) == [
        "CHG-2026-001 $310.00 enforcement_case"
    ]


# ---- § 506-23, § 506-12 --------------------------------------------------------------------------


def test_a_receptacle_ends_with_the_clerks_letter_and_no_charge(
    qtbot, desk, clock, clerk, people, dialogs, printed
) -> None:
    clock.set(at(11, 25))
    tab = make_tab(qtbot, desk, clerk)

    def fill(dialog: NewCaseDialog) -> None:
        dialog.choose_kind(CaseKind.RECEPTACLE)
        qtbot.keyClicks(dialog.location, "412 Orange St N, at the curb")
        dialog.parcel.choose(None)
        choose(qtbot, dialog.party, "Herald")
        qtbot.keyClicks(dialog.complaint, "Ole Haugen, occupier")
        dialog.started_on.setDate(QDate(2026, 11, 20))

    open_case(qtbot, tab, dialogs, fill)
    assert not tab.buttons[CaseAct.CLERK_LETTER].isEnabled()
    assert "run through Mon Nov 30, 2026" in tab.buttons[CaseAct.CLERK_LETTER].toolTip()
    assert not tab.buttons[CaseAct.CITY_WORK].isEnabled()
    clock.set(at(12, 1, 9))
    tab.refresh()
    tab.buttons[CaseAct.CLERK_LETTER].click()
    page = letter(printed)
    assert "Pierce County Herald" in page
    assert "Ole Haugen, occupier" in page
    assert "within 10 days of their receipt: by Monday, November 30, 2026" in page
    assert the_case(desk).letter_on == date(2026, 12, 1)


def test_a_stall_authorized_by_both_officials_then_rescinded(
    qtbot, desk, clock, clerk, people, dialogs, printed
) -> None:
    tab = make_tab(qtbot, desk, clerk)

    def fill(dialog: NewCaseDialog) -> None:
        dialog.choose_kind(CaseKind.TERRACE_STALL)
        qtbot.keyClicks(dialog.location, "Terrace at 412 Orange St N")
        choose(qtbot, dialog.parcel, "281-00412")
        choose(qtbot, dialog.party, "Lindqvist")

    open_case(qtbot, tab, dialogs, fill)
    assert not tab.buttons[CaseAct.PRINT_LETTER].isEnabled()

    def by(official: str, name: str) -> Callable[[Any], None]:
        def fill_in(dialog: Any) -> None:
            dialog.official.setCurrentIndex(dialog.official.findData(official))
            qtbot.keyClicks(dialog.name, name)

        return fill_in

    act(tab, dialogs, CaseAct.AUTHORIZE, by("Chief of Police", "Ann Berg"))
    assert tab.model.column_texts(0)[5] == "Awaiting the Director of Public Works"
    act(tab, dialogs, CaseAct.AUTHORIZE, by("Director of Public Works", "Tom Ness"))
    assert tab.model.column_texts(0)[4] == "Authorized"
    tab.buttons[CaseAct.PRINT_LETTER].click()
    assert "authorized by the Chief of Police (Ann Berg)" in letter(printed)

    def rescind(dialog: Any) -> None:
        dialog.official.setCurrentIndex(dialog.official.findData("Common Council"))
        qtbot.keyClicks(dialog.reason, "Street widening")

    act(tab, dialogs, CaseAct.RESCIND, rescind)
    tab.buttons[CaseAct.PRINT_LETTER].click()
    page = letter(printed)
    assert "rescinded by the Common Council as of Monday, November 30, 2026" in page
    assert "The reason: Street widening" in page


def test_what_is_typed_wrong_is_refused_under_its_field_citing_the_section(
    qtbot, desk, clerk, people, dialogs
) -> None:
    from PySide6.QtWidgets import QLabel

    tab = make_tab(qtbot, desk, clerk)
    seen: dict[str, str] = {}

    def error(dialog: NewCaseDialog, field: str) -> str:
        label = dialog.findChild(QLabel, f"error_{field}")
        assert label is not None, field
        return label.text()

    def fill(dialog: NewCaseDialog) -> None:
        dialog.choose_kind(CaseKind.SNOW_ICE)
        qtbot.keyClicks(dialog.location, "412 Orange St N")
        dialog.parcel.choose(None)
        dialog.save_button.click()
        seen["parcel"] = error(dialog, "parcel")
        dialog.choose_kind(CaseKind.OBSTRUCTION)
        dialog.what.setCurrentIndex(dialog.what.findData("awning"))
        choose(qtbot, dialog.parcel, "281-00412")
        qtbot.keyClicks(dialog.measures["clearance_in"], "7 ft")
        dialog.save_button.click()
        seen["clearance_in"] = error(dialog, "clearance_in")
        assert dialog.isVisible()  # nothing saved: the form stays open with what was typed

    dialogs.append(fill)
    tab.new_button.click()
    assert "Name the parcel" in seen["parcel"] and "§ 506-11" in seen["parcel"]
    assert "whole number of inches" in seen["clearance_in"]
    assert "§ 506-8" in seen["clearance_in"]
    assert tab.model.rowCount() == 0


def test_the_register_exported_to_excel_in_a_process_of_its_own(
    qtbot, desk, clock, clerk, people, tmp_path, monkeypatch, child_jobs
) -> None:
    from openpyxl import load_workbook
    from sqlalchemy import select

    from clerk_desk.clock import city_zone
    from clerk_desk.enforcement import rules
    from clerk_desk.enforcement import service as en
    from clerk_desk.models import Parcel
    from ui.kit import forms

    clock.set(at(12, 7, 9))
    with desk.action(clerk) as action:
        parcel = action.session.scalars(select(Parcel.id)).one()
        en.open_case(
            action,
            en.CaseData(
                CaseKind.SNOW_ICE,
                "Sidewalk at 412 Orange St N",
                official=rules.PUBLIC_WORKS,
                parcel_id=parcel,
                started_at=datetime(2026, 12, 7, 6, tzinfo=city_zone()),
            ),
        )
    tab = make_tab(qtbot, desk, clerk)
    searched(qtbot, tab)
    target = tmp_path / "cases"
    monkeypatch.setattr(forms, "ask_save_path", lambda *args: str(target))
    with qtbot.wait_signal(tab.status, timeout=20_000) as told:
        tab.export_button.click()
    assert told.args[0] == "1 enforcement case written to cases.xlsx"
    assert child_jobs == ["ui.enforcement.jobs.register_workbook"]
    rows = list(load_workbook(f"{target}.xlsx").active.iter_rows(values_only=True))
    header_at = next(i for i, row in enumerate(rows) if row and row[0] == "Case")
    case = rows[header_at + 1]
    assert (case[0], case[2]) == ("EN-2026-001", "Sidewalk at 412 Orange St N")
