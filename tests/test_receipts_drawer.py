"""The cash drawer: one open batch per counter station, close-out with expected vs counted by
tender kind, over/short to the cent with a note, a closed batch locked, and the Today item for
a drawer left open overnight."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pytest

from clerk_desk import today
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.kinds import Role, TenderKind
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.service import DrawerCount, LineEntry, TenderEntry
from clerk_desk.receipts.views import CheckEntry, DrawerView

STATION = "Front counter"


def open_(desk: Desk, who: SignedIn, opening: str = "100.00", station: str = STATION) -> int:
    with desk.action(who) as action:
        return receipts.open_drawer(action, station=station, opening_cash=Money(opening)).id


def sale(desk: Desk, who: SignedIn, total: str, *tenders: TenderEntry, station: str = STATION):
    with desk.action(who) as action:
        return receipts.take_payment(
            action,
            station=station,
            payer_id=None,
            payer_name="Walk-in",
            lines=[LineEntry("Vending permit", Money(total), "100-44330-000")],
            tenders=tenders,
        )


def cash(amount: str) -> TenderEntry:
    return TenderEntry(TenderKind.CASH, Money(amount))


def check(amount: str, number: str, name: str = "") -> TenderEntry:
    return TenderEntry(TenderKind.CHECK, Money(amount), check_number=number, name_on_check=name)


def card(amount: str) -> TenderEntry:
    return TenderEntry(TenderKind.CARD, Money(amount), card_last4="4242", card_authorization="A1")


def drawer_view(desk: Desk, drawer_id: int) -> DrawerView:
    with desk.database.reading() as session:
        return receipts.drawer_view(session, drawer_id)


def close(
    desk: Desk,
    who: SignedIn,
    drawer_id: int,
    pieces: dict[str, int],
    *,
    checks: tuple[CheckEntry, ...] = (),
    cards: str = "0",
    note: str = "",
):
    with desk.action(who) as action:
        return receipts.close_drawer(
            action, drawer_id, DrawerCount(pieces, checks, Money(cards), Money("0"), note)
        )


# $100.00 opening cash; sales: $30 cash (paid with a $50 bill: $20 change), $45.50 check,
# $20 card, and a $12.25 cash sale that is voided. Expected cash $130.00.
@pytest.fixture
def busy_drawer(desk: Desk, treasurer: SignedIn) -> int:
    drawer = open_(desk, treasurer)
    sale(desk, treasurer, "30.00", cash("50.00"))
    sale(desk, treasurer, "45.50", check("45.50", "2211", "Ana Ruiz"))
    sale(desk, treasurer, "20.00", card("20.00"))
    voided = sale(desk, treasurer, "12.25", cash("12.25"))
    with desk.action(treasurer) as action:
        receipts.void_receipt(action, voided.id, reason="Rang up twice")
    return drawer


CHECKS = (CheckEntry("2211", "Ana Ruiz", Money("45.50")),)
BALANCED = {"100": 1, "20": 1, "10": 1}  # $130.00


def test_one_open_drawer_per_station(desk: Desk, treasurer: SignedIn) -> None:
    first = open_(desk, treasurer)
    with pytest.raises(Conflict, match="The drawer of Front counter is already open"):
        open_(desk, treasurer, station="  Front   counter ")
    other = open_(desk, treasurer, station="Back office")
    assert other != first
    with pytest.raises(InvalidInput, match="cannot be negative") as caught:
        open_(desk, treasurer, "-0.01", station="Annex")
    assert caught.value.field == "opening_cash"
    with pytest.raises(InvalidInput, match="Name this counter station") as caught:
        open_(desk, treasurer, station="  ")
    close(desk, treasurer, first, {"100": 1})
    assert open_(desk, treasurer) not in (first, other)  # a new batch after close-out


def test_no_payment_without_an_open_drawer(desk: Desk, treasurer: SignedIn) -> None:
    with pytest.raises(Conflict, match="Open the cash drawer of Front counter first"):
        sale(desk, treasurer, "5.00", cash("5.00"))
    drawer = open_(desk, treasurer)
    sale(desk, treasurer, "5.00", cash("5.00"))
    close(desk, treasurer, drawer, {"100": 1, "5": 1})
    with pytest.raises(Conflict, match="Open the cash drawer"):
        sale(desk, treasurer, "5.00", cash("5.00"))


def test_expected_money_by_tender_kind_leaves_voids_out(desk: Desk, busy_drawer: int) -> None:
    shown = drawer_view(desk, busy_drawer)
    assert (shown.status, shown.receipts, shown.voided) == ("open", 3, 1)
    assert shown.opening_cash == Money("100.00")
    assert shown.expected_cash == Money("130.00")
    assert shown.expected_checks == Money("45.50")
    assert shown.expected_cards == Money("20.00")
    assert shown.expected_money_orders == Money("0")
    assert shown.checks == CHECKS
    assert shown.opened_at == datetime(2026, 11, 30, 10, 0)
    assert shown.opened_by == "Test Treasurer"
    assert shown.closed_at is None and shown.over_short is None


def test_a_balanced_close_out(
    desk: Desk, clock: FixedClock, treasurer: SignedIn, busy_drawer: int
) -> None:
    clock.set(datetime(2026, 11, 30, 17, 0))
    closed = close(desk, treasurer, busy_drawer, BALANCED, checks=CHECKS, cards="20.00")
    assert closed.over_short == Money.zero()
    shown = drawer_view(desk, busy_drawer)
    assert shown.status == "closed"
    assert shown.closed_at == datetime(2026, 11, 30, 17, 0)
    assert shown.closed_by == "Test Treasurer"
    assert (shown.counted_cash, shown.counted_checks, shown.counted_cards) == (
        Money("130.00"),
        Money("45.50"),
        Money("20.00"),
    )
    assert shown.expected_cash == Money("130.00")
    assert shown.deposit_cash == Money("30.00")  # the $100.00 starting cash stays
    assert shown.cash_count == (
        ("$100 bills", 1, Money("100.00")),
        ("$20 bills", 1, Money("20.00")),
        ("$10 bills", 1, Money("10.00")),
    )
    assert shown.close_note == ""


@pytest.mark.parametrize(
    ("pieces", "verdict", "over_short"),
    [
        ({**BALANCED, "0.01": 1}, "over", "0.01"),
        ({"100": 1, "20": 1, "5": 1, "1": 4, "0.25": 3, "0.10": 2, "0.01": 4}, "short", "-0.01"),
    ],
)
def test_one_cent_over_or_short_needs_a_note(
    desk: Desk,
    treasurer: SignedIn,
    busy_drawer: int,
    pieces: dict[str, int],
    verdict: str,
    over_short: str,
) -> None:
    with pytest.raises(
        InvalidInput, match=rf"The drawer is \$0\.01 {verdict}: write a note"
    ) as caught:
        close(desk, treasurer, busy_drawer, pieces, checks=CHECKS, cards="20.00")
    assert caught.value.field == "note"
    assert drawer_view(desk, busy_drawer).status == "open"
    with pytest.raises(InvalidInput, match="write a note"):
        close(desk, treasurer, busy_drawer, pieces, checks=CHECKS, cards="20.00", note="   ")
    closed = close(
        desk, treasurer, busy_drawer, pieces, checks=CHECKS, cards="20.00", note="Counted twice"
    )
    assert closed.over_short == Money(over_short)
    assert drawer_view(desk, busy_drawer).close_note == "Counted twice"


def test_a_missing_check_makes_the_drawer_short(
    desk: Desk, treasurer: SignedIn, busy_drawer: int
) -> None:
    with pytest.raises(InvalidInput, match=r"\$45\.50 short"):
        close(desk, treasurer, busy_drawer, BALANCED, cards="20.00")


def test_a_closed_drawer_is_locked(desk: Desk, treasurer: SignedIn, busy_drawer: int) -> None:
    close(desk, treasurer, busy_drawer, BALANCED, checks=CHECKS, cards="20.00")
    with pytest.raises(Conflict, match="already closed; it is locked"):
        close(desk, treasurer, busy_drawer, {"100": 2}, note="recount")
    shown = drawer_view(desk, busy_drawer)
    assert shown.counted_cash == Money("130.00") and shown.over_short == Money.zero()


def test_counts_are_checked(desk: Desk, treasurer: SignedIn, busy_drawer: int) -> None:
    with pytest.raises(InvalidInput, match="cannot be negative") as caught:
        close(desk, treasurer, busy_drawer, {**BALANCED, "0.25": -1}, checks=CHECKS, note="x")
    assert caught.value.field == "cash_0.25"
    with pytest.raises(InvalidInput, match="Unknown denomination"):
        close(desk, treasurer, busy_drawer, {"3": 1}, note="x")
    with pytest.raises(InvalidInput, match="more than"):
        close(desk, treasurer, busy_drawer, BALANCED, checks=(CheckEntry("1", "", Money("0")),))
    with pytest.raises(InvalidInput, match="cannot be negative"):
        close(desk, treasurer, busy_drawer, BALANCED, cards="-1.00", note="x")
    assert drawer_view(desk, busy_drawer).status == "open"


@pytest.mark.parametrize("role", [Role.CLERK, Role.DEPUTY_CLERK])
def test_only_the_treasurer_closes_out(
    desk: Desk,
    busy_drawer: int,
    operator_with: Callable[[Role], SignedIn],
    role: Role,
) -> None:
    with pytest.raises(PermissionDenied, match="close the cash drawer"):
        close(desk, operator_with(role), busy_drawer, BALANCED, checks=CHECKS, cards="20.00")


def _today_items(desk: Desk, who: SignedIn) -> list[today.TodayItem]:
    with desk.lookup(who) as action:
        return [i for i in today.gather(action) if i.record_type == "drawer"]


def test_today_lists_a_drawer_left_open_from_yesterday(
    desk: Desk, clock: FixedClock, treasurer: SignedIn
) -> None:
    clock.set(datetime(2026, 11, 30, 23, 59))
    drawer = open_(desk, treasurer)
    assert _today_items(desk, treasurer) == []  # today's own drawer is not late
    clock.advance(minutes=1)  # midnight in Prescott
    items = _today_items(desk, treasurer)
    assert [(i.title, i.due, i.record_id) for i in items] == [
        ("Close out the drawer of Front counter", datetime(2026, 11, 30).date(), str(drawer))
    ]
    assert items[0].urgency(clock.today()) == "overdue"
    assert items[0].cite == "§ 506-6 (Fee)"
    close(desk, treasurer, drawer, {"100": 1})
    assert _today_items(desk, treasurer) == []


def test_today_after_a_day_passes(desk: Desk, clock: FixedClock, treasurer: SignedIn) -> None:
    open_(desk, treasurer)
    assert _today_items(desk, treasurer) == []
    clock.advance(days=1)
    assert len(_today_items(desk, treasurer)) == 1


# -- the auditor's findings ---------------------------------------------------------------------


def test_a_cash_shortage_is_not_hidden_by_a_card_total_typed_too_high(
    desk: Desk, treasurer: SignedIn, busy_drawer: int
) -> None:
    short_cash = {"100": 1, "20": 1, "5": 1}  # $125.00: $5.00 short in cash
    with pytest.raises(InvalidInput) as caught:
        close(desk, treasurer, busy_drawer, short_cash, checks=CHECKS, cards="25.00")
    assert caught.value.field == "note"
    assert "balances in total but not by tender" in caught.value.message
    assert "cash short $5.00" in caught.value.message
    assert "cards over $5.00" in caught.value.message
    closed = close(
        desk, treasurer, busy_drawer, short_cash, checks=CHECKS, cards="25.00", note="Recounted"
    )
    assert closed.over_short == Money.zero()  # the grand total, as stored
    shown = drawer_view(desk, busy_drawer)
    assert shown.differences == {
        "cash": Money("-5.00"),
        "checks": Money("0"),
        "cards": Money("5.00"),
        "money_orders": Money("0"),
    }
    assert drawer_view(desk, open_(desk, treasurer)).differences["cash"] is None


def test_a_close_out_is_refused_when_the_figures_changed_since_the_count_began(
    desk: Desk, treasurer: SignedIn, busy_drawer: int
) -> None:
    shown = drawer_view(desk, busy_drawer)
    seen = shown.expected_cash + shown.expected_checks + shown.expected_cards
    sale(desk, treasurer, "10.00", cash("10.00"))  # saved at another moment of the count
    count = DrawerCount(BALANCED, CHECKS, Money("20.00"), Money("0"), "", expected_total=seen)
    with pytest.raises(Conflict) as caught, desk.action(treasurer) as action:
        receipts.close_drawer(action, busy_drawer, count)
    assert caught.value.message == (
        "The drawer's figures changed since the count began (a receipt was saved or voided): "
        "check the new expected amounts and close again."
    )
    assert drawer_view(desk, busy_drawer).status == "open"
    fresh = DrawerCount(
        {**BALANCED, "10": 2}, CHECKS, Money("20.00"), Money("0"), "", seen + Money("10.00")
    )
    with desk.action(treasurer) as action:
        assert receipts.close_drawer(action, busy_drawer, fresh).over_short == Money.zero()


def test_a_card_number_in_the_check_list_is_refused(
    desk: Desk, treasurer: SignedIn, busy_drawer: int
) -> None:
    card_number = "4111 1111 1111 1111"
    for entry in (
        CheckEntry(card_number, "Ana Ruiz", Money("45.50")),
        CheckEntry("2211", f"Ana Ruiz {card_number}", Money("45.50")),
    ):
        with pytest.raises(InvalidInput, match="full card number") as caught:
            close(desk, treasurer, busy_drawer, BALANCED, checks=(entry,), cards="20.00")
        assert caught.value.field == "checks"
    assert drawer_view(desk, busy_drawer).status == "open"


def test_the_view_gives_the_checks_counted_and_the_money_orders_received(
    desk: Desk, treasurer: SignedIn, busy_drawer: int
) -> None:
    order = TenderEntry(TenderKind.MONEY_ORDER, Money("15.00"), money_order_number="MO-77")
    sale(desk, treasurer, "15.00", order)
    assert drawer_view(desk, busy_drawer).money_orders == (
        CheckEntry("MO-77", "Walk-in", Money("15.00")),
    )
    assert drawer_view(desk, busy_drawer).checks_counted == ()
    counted = (CheckEntry("2211", "Ana M. Ruiz", Money("45.50")),)  # as the Treasurer wrote it
    with desk.action(treasurer) as action:
        receipts.close_drawer(
            action, busy_drawer, DrawerCount(BALANCED, counted, Money("20.00"), Money("15.00"))
        )
    shown = drawer_view(desk, busy_drawer)
    assert shown.checks_counted == counted and shown.deposit_checks == counted
    assert shown.checks == CHECKS  # as received
    assert shown.money_orders == (CheckEntry("MO-77", "Walk-in", Money("15.00")),)
