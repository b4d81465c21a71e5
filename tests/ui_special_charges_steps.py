"""Steps and fixtures the Special Charges tab's tests share (tests/test_ui_special_charges_*.py): an
owner and a parcel, a charge recorded and paid through the core, the charge as stored, the tab, the
printer replaced, a date and a field's error as the form shows them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

import pytest
from PySide6.QtCore import QDate
from PySide6.QtWidgets import QLabel
from registers import searched  # type: ignore[import-not-found]
from sqlalchemy import select

from clerk_desk import parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import ChargeKind, PartyKind, TenderKind
from clerk_desk.models import SpecialCharge
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import TenderEntry
from clerk_desk.special_charges import service as sc
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.special_charges.tab import SpecialChargesTab

STATION = "Front counter"
OWNER = "Marta Lindqvist"


# ---- the records a test starts from ----------------------------------------------------------


def add_party(desk: Desk, who: SignedIn, name: str, street: str = "412 Orange St N") -> int:
    with desk.action(who) as action:
        party = parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.PERSON,
                name=name,
                street=street,
                city="Prescott",
                state="WI",
                postal_code="54021",
            ),
        )
        action.session.flush()
        return party.id


def add_parcel(desk: Desk, who: SignedIn, number: str, owner_id: int, site: str) -> int:
    with desk.action(who) as action:
        parcel = parties.add_parcel(action, parties.ParcelData(number, site, owner_id=owner_id))
        action.session.flush()
        return parcel.id


@pytest.fixture
def owner(desk: Desk, clerk: SignedIn) -> int:
    return add_party(desk, clerk, OWNER)


@pytest.fixture
def parcel(desk: Desk, clerk: SignedIn, owner: int) -> int:
    return add_parcel(desk, clerk, "281-00412-0000", owner, "412 Orange St N")


def charge(
    desk: Desk,
    who: SignedIn,
    kind: ChargeKind,
    party: int,
    *,
    parcel: int | None,
    work_done_on: date,
    amounts: Sequence[str] = ("100.00",),
    bill_on: date | None = None,
    received_on: date | None = None,
    billed_as: str = "owner",
) -> int:
    lines = [sc.LineData("labor", f"Crew, item {i + 1}", Money(a)) for i, a in enumerate(amounts)]
    bill = sc.BillData(bill_on, "mailed", received_on) if bill_on else None
    with desk.action(who) as action:
        return sc.create_charge(
            action,
            sc.ChargeData(
                kind,
                party,
                "Swept up dirt and debris tracked onto Orange St N",
                work_done_on,
                lines,
                parcel_id=parcel,
                billed_as=billed_as,
            ),
            bill,
        )


def pay(desk: Desk, who: SignedIn, charge_id: int, amount: str) -> str:
    """The Treasurer takes ``amount`` on the charge at the counter, as the Receipts tab does."""
    with desk.database.reading() as session:
        due_id = sc.get_charge(session, charge_id).amount_due_id
    assert due_id is not None
    with desk.action(who) as action:
        if receipts.current_drawer(action.session, STATION) is None:
            receipts.open_drawer(action, station=STATION, opening_cash=Money("50.00"))
    with desk.database.reading() as session:
        line = receipts.due_line(session, due_id, Money(amount))
    with desk.action(who) as action:
        return receipts.take_payment(
            action,
            station=STATION,
            payer_id=None,
            payer_name=OWNER,
            lines=[line],
            tenders=[TenderEntry(TenderKind.CASH, Money(amount))],
        ).number


def stored(desk: Desk, number: str) -> SpecialCharge:
    with desk.database.reading() as session:
        found = session.scalars(select(SpecialCharge).where(SpecialCharge.number == number)).one()
        found.run  # noqa: B018 - loaded before the session ends
        session.expunge_all()
        return found


def make_tab(qtbot: Any, desk: Desk, who: SignedIn) -> SpecialChargesTab:
    widget = SpecialChargesTab(App(desk, who))
    qtbot.add_widget(widget)
    widget.resize(1400, 900)
    widget.show()
    searched(qtbot, widget)
    return widget


@pytest.fixture
def tab(qtbot: Any, desk: Desk, clerk: SignedIn) -> SpecialChargesTab:
    return make_tab(qtbot, desk, clerk)


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """The printer, replaced: the PDF bytes each paper was printed with are kept."""
    seen: list[tuple[str, bytes]] = []

    def capture(_parent: Any, pdf: bytes, *, title: str, direct: bool = False) -> bool:
        seen.append((title, pdf))
        return True

    monkeypatch.setattr(printing, "print_pdf", capture)
    return seen


def qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def error_text(dialog: Any, field: str) -> str:
    label = dialog.findChild(QLabel, f"error_{field}")
    assert label is not None, field
    return label.text() if label.isVisible() else ""
