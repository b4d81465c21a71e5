"""The Today tab: what every workflow says is due, overdue first, with urgency at its edges."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from clerk_desk import ledger, parties, today
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.kinds import DueKind, PartyKind
from clerk_desk.ledger import RecordRef
from clerk_desk.money import Money
from clerk_desk.today import TodayItem

DAY = date(2026, 11, 30)


@pytest.mark.parametrize(
    ("due", "urgency"),
    [
        (DAY - timedelta(days=1), "overdue"),
        (DAY, "today"),
        (DAY + timedelta(days=1), "soon"),
        (DAY + timedelta(days=7), "soon"),
        (DAY + timedelta(days=8), "later"),
        (None, "later"),
    ],
)
def test_urgency_at_its_boundaries(due: date | None, urgency: str) -> None:
    assert TodayItem("Receipts", due, "x").urgency(DAY) == urgency


def test_soon_can_be_widened() -> None:
    assert TodayItem("Bonds", DAY + timedelta(days=30), "x").urgency(DAY, soon_days=30) == "soon"


def test_every_provider_is_gathered_most_urgent_first(
    desk: Desk, admin: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    def street_numbers(action: Action) -> list[TodayItem]:
        return [
            TodayItem("Street Numbers", None, "Number 412 Orange St not posted"),
            TodayItem("Street Numbers", action.today() + timedelta(days=20), "B: 20-day notice"),
            TodayItem("Street Numbers", action.today() + timedelta(days=3), "A: 10-day notice"),
        ]

    monkeypatch.setitem(today._providers, "street_numbers_test", street_numbers)
    with desk.action(admin) as action:
        payer = parties.add_party(
            action, parties.PartyData(kind=PartyKind.PERSON, name="Anna Berg")
        ).id
        for days, label in ((-1, "yesterday"), (0, "today"), (7, "in 7 days"), (8, "in 8 days")):
            ledger.bill(
                action,
                party_id=payer,
                record=RecordRef("demo", label),
                kind=DueKind.CITY_EXPENSES,  # a special charge is its own tab's Today item
                amount=Money("60.00"),
                description=f"Barricades due {label}",
                gl_account="100-46300-000",
                due_on=DAY + timedelta(days),
            )
    with desk.lookup(admin) as action:
        items = today.gather(action)
    listed = [(i.urgency(DAY), i.workflow, i.detail or i.title) for i in items]
    assert listed == [
        ("overdue", "Receipts", "Barricades due yesterday"),
        ("today", "Settings", items[1].detail),  # "5 fee amounts..." sorts before "Anna..."
        ("today", "Receipts", "Barricades due today"),
        ("soon", "Street Numbers", "A: 10-day notice"),
        ("soon", "Receipts", "Barricades due in 7 days"),
        ("later", "Street Numbers", "B: 20-day notice"),
        ("later", "Street Numbers", "Number 412 Orange St not posted"),
    ]
    assert items[0].title == "Anna Berg owes $60.00"
    assert "in 8 days" not in str(listed)  # amounts more than a week out wait for their week


def test_a_paid_amount_leaves_the_today_tab(desk: Desk, admin: SignedIn) -> None:
    with desk.action(admin) as action:
        payer = parties.add_party(
            action, parties.PartyData(kind=PartyKind.PERSON, name="Anna Berg")
        ).id
        due = ledger.bill(
            action,
            party_id=payer,
            record=RecordRef("demo", "1"),
            kind=DueKind.FEE,
            amount=Money("5.00"),
            description="Fee",
            gl_account="100-46300-000",
            due_on=DAY - timedelta(days=3),
        )
        ledger.apply_payment(action, due.id, Money("5.00"), reference="R-1")
    with desk.lookup(admin) as action:
        assert [i.workflow for i in today.gather(action)] == ["Settings"]


def _statements_to_list_amounts_owed(desk: Desk, admin: SignedIn) -> tuple[int, int]:
    """How many amounts owed the Today tab lists, and the SQL statements it took to list them."""
    from sqlalchemy import event

    statements = []

    def count(*_args: object) -> None:
        statements.append(1)

    with desk.lookup(admin) as action:
        event.listen(desk.database.engine, "before_cursor_execute", count)
        try:
            items = today._providers["amounts_due"](action)
        finally:
            event.remove(desk.database.engine, "before_cursor_execute", count)
    return len(items), len(statements)


def test_amounts_owed_are_listed_in_the_same_few_statements_however_many(
    desk: Desk, admin: SignedIn
) -> None:
    """Issue 20: each amount read its payer on its own, one statement per item (455 of the
    Today tab's 588 at twenty years of demo data)."""
    counts = []
    for payers in (2, 12):
        with desk.action(admin) as action:
            for n in range(payers - (counts[-1][0] if counts else 0)):
                payer = parties.add_party(
                    action, parties.PartyData(kind=PartyKind.PERSON, name=f"Payer {payers} {n}")
                ).id
                ledger.bill(
                    action,
                    party_id=payer,
                    record=RecordRef("demo", f"{payers}-{n}"),
                    kind=DueKind.FEE,
                    amount=Money("5.00"),
                    description="Fee",
                    gl_account="100-46300-000",
                    due_on=DAY,
                )
        counts.append(_statements_to_list_amounts_owed(desk, admin))
    (few, few_statements), (many, many_statements) = counts
    assert (few, many) == (2, 12)
    assert many_statements == few_statements <= 3


def test_items_are_grouped_by_kind_settings_first_then_the_most_urgent() -> None:
    items = [
        TodayItem("Receipts", DAY - timedelta(days=3), "A owes $1.00", group="Amounts owed"),
        TodayItem("Petitions", DAY + timedelta(days=30), "Council meets"),
        TodayItem("Receipts", DAY + timedelta(days=2), "B owes $2.00", group="Amounts owed"),
        TodayItem("Settings", DAY, "5 fee amounts are placeholders", group="Fix"),
        TodayItem("Sidewalks", DAY, "Serve SR-2026-001"),
        TodayItem("Receipts", DAY - timedelta(days=1), "C owes $3.00", group="Amounts owed"),
    ]
    groups = today.grouped(items, DAY)
    assert [g.title for g in groups] == ["Fix", "Amounts owed", "Sidewalks", "Petitions"]
    owed = groups[1]
    assert [i.title for i in owed.items] == ["A owes $1.00", "B owes $2.00", "C owes $3.00"]
    assert owed.counts == {"overdue": 2, "soon": 1}
    assert owed.most_urgent == "overdue"
    assert groups[3].items[0].kind == "Petitions"  # no group named: its workflow's


def test_a_group_on_the_same_urgency_comes_by_its_earliest_day() -> None:
    items = [
        TodayItem("Bonds & Insurance", DAY - timedelta(days=1), "late"),
        TodayItem("Annual Bonds", DAY - timedelta(days=2), "later still"),
    ]
    assert [g.title for g in today.grouped(items, DAY)] == ["Annual Bonds", "Bonds & Insurance"]
