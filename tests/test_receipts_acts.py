"""The acts on a receipt and a drawer: refused exactly when the service refuses, in its words.

Each case asks :func:`clerk_desk.receipts.acts.receipt_acts` or ``drawer_acts`` what the window
would show, then does the act through the service: allowed acts succeed, refused acts raise
the very message the button's tooltip showed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pytest

from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import ClerkDeskError
from clerk_desk.kinds import Role, TenderKind
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.receipts.acts import (
    DrawerAct,
    DrawerPaper,
    ReceiptAct,
    drawer_acts,
    drawer_paper_acts,
    paper_view,
    receipt_acts,
)
from clerk_desk.receipts.rules import LineEntry, TenderEntry
from clerk_desk.receipts.service import DrawerCount

STATION = "Front counter"


def _open(desk: Desk, who: SignedIn) -> int:
    with desk.action(who) as action:
        return receipts.open_drawer(action, station=STATION, opening_cash=Money("20.00")).id


def _sale(desk: Desk, who: SignedIn) -> int:
    with desk.action(who) as action:
        return receipts.take_payment(
            action,
            station=STATION,
            payer_id=None,
            payer_name="Walk-in payer",
            lines=[LineEntry("Street opening permit", Money("5.00"), "100-44300-000")],
            tenders=[TenderEntry(TenderKind.CASH, Money("5.00"))],
        ).id


def _close(desk: Desk, who: SignedIn, drawer_id: int) -> None:
    """Close out, the money counted as a twenty (the note says what is known of a difference)."""
    with desk.action(who) as action:
        receipts.close_drawer(
            action,
            drawer_id,
            DrawerCount({"20": 1}, (), Money.zero(), Money.zero(), note="Counted by two"),
        )


def _acts(desk: Desk, who: SignedIn, receipt_id: int) -> dict[ReceiptAct, str | None]:
    with desk.lookup(who) as action:
        return receipt_acts(action, receipt_id)


def _drawer_acts(desk: Desk, who: SignedIn) -> dict[DrawerAct, str | None]:
    with desk.lookup(who) as action:
        return drawer_acts(action, STATION)


def _refused(do: Callable[[], object]) -> str:
    with pytest.raises(ClerkDeskError) as caught:
        do()
    return str(caught.value)


def _void(desk: Desk, who: SignedIn, receipt_id: int) -> None:
    with desk.action(who) as action:
        receipts.void_receipt(action, receipt_id, reason="Typed the wrong fee")


def _refund(desk: Desk, who: SignedIn, receipt_id: int) -> int:
    with desk.action(who) as action:
        return receipts.refund(
            action,
            receipt_id,
            station=STATION,
            lines=[LineEntry("Street opening permit", Money("5.00"), "100-44300-000")],
            tenders=[TenderEntry(TenderKind.CASH, Money("5.00"))],
            reason="Permit withdrawn",
        ).id


def _print(desk: Desk, who: SignedIn, receipt_id: int) -> None:
    with desk.action(who) as action:
        receipts.mark_printed(action, receipt_id)


def test_void_is_allowed_while_the_drawer_is_open_and_refused_once_closed_out(
    desk: Desk, treasurer: SignedIn
) -> None:
    drawer_id = _open(desk, treasurer)
    receipt_id = _sale(desk, treasurer)
    acts = _acts(desk, treasurer, receipt_id)
    assert acts[ReceiptAct.VOID] is None
    number = _number(desk, treasurer, receipt_id)
    assert acts[ReceiptAct.CORRECT] == f"Receipt {number}'s drawer is still open: void it instead."
    assert _refused(lambda: _refund(desk, treasurer, receipt_id)) == acts[ReceiptAct.CORRECT]

    _close(desk, treasurer, drawer_id)
    _open(desk, treasurer)
    acts = _acts(desk, treasurer, receipt_id)
    assert acts[ReceiptAct.VOID] is not None and "closed out" in acts[ReceiptAct.VOID]
    assert "§ 506-6" in acts[ReceiptAct.VOID]  # the tooltip cites the section
    assert _refused(lambda: _void(desk, treasurer, receipt_id)) == acts[ReceiptAct.VOID]
    assert acts[ReceiptAct.CORRECT] is None
    _refund(desk, treasurer, receipt_id)  # allowed, and done


def _number(desk: Desk, who: SignedIn, receipt_id: int) -> str:
    with desk.lookup(who) as action:
        return receipts.get_receipt(action.session, receipt_id).number


def test_a_void_receipt_cannot_be_voided_again_nor_corrected(
    desk: Desk, treasurer: SignedIn
) -> None:
    _open(desk, treasurer)
    receipt_id = _sale(desk, treasurer)
    _void(desk, treasurer, receipt_id)
    acts = _acts(desk, treasurer, receipt_id)
    number = _number(desk, treasurer, receipt_id)
    assert acts[ReceiptAct.VOID] == f"Receipt {number} is already void."
    assert acts[ReceiptAct.CORRECT] == f"Receipt {number} is void; there is nothing to correct."
    assert _refused(lambda: _void(desk, treasurer, receipt_id)) == acts[ReceiptAct.VOID]


def test_a_refund_receipt_is_not_itself_corrected(desk: Desk, treasurer: SignedIn) -> None:
    drawer_id = _open(desk, treasurer)
    receipt_id = _sale(desk, treasurer)
    _close(desk, treasurer, drawer_id)
    today = _open(desk, treasurer)
    refund_id = _refund(desk, treasurer, receipt_id)
    _close(desk, treasurer, today)
    _open(desk, treasurer)
    acts = _acts(desk, treasurer, refund_id)
    assert acts[ReceiptAct.CORRECT] is not None
    assert "itself a correction" in acts[ReceiptAct.CORRECT]
    assert _refused(lambda: _refund(desk, treasurer, refund_id)) == acts[ReceiptAct.CORRECT]


def test_a_deputy_may_neither_void_nor_correct_and_is_told_who_may(
    desk: Desk, treasurer: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    deputy = operator_with(Role.DEPUTY_CLERK)
    _open(desk, treasurer)
    receipt_id = _sale(desk, deputy)
    acts = _acts(desk, deputy, receipt_id)
    assert acts[ReceiptAct.VOID] is not None and "Treasurer" in acts[ReceiptAct.VOID]
    assert acts[ReceiptAct.CORRECT] == acts[ReceiptAct.VOID]
    assert _refused(lambda: _void(desk, deputy, receipt_id)) == acts[ReceiptAct.VOID]
    assert _acts(desk, treasurer, receipt_id)[ReceiptAct.VOID] is None


def test_the_first_print_is_anyones_a_duplicate_needs_the_permission(
    desk: Desk, treasurer: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    inspector = operator_with(Role.INSPECTOR)
    _open(desk, treasurer)
    receipt_id = _sale(desk, treasurer)
    assert _acts(desk, inspector, receipt_id)[ReceiptAct.REPRINT] is None  # prints: 0
    _print(desk, inspector, receipt_id)
    refused = _acts(desk, inspector, receipt_id)[ReceiptAct.REPRINT]  # prints: 1
    assert refused is not None
    assert _refused(lambda: _print(desk, inspector, receipt_id)) == refused
    assert _acts(desk, treasurer, receipt_id)[ReceiptAct.REPRINT] is None
    _print(desk, treasurer, receipt_id)


def test_payment_goes_into_todays_drawer_only_the_day_after_it_is_refused(
    desk: Desk, clock: FixedClock, treasurer: SignedIn
) -> None:
    acts = _drawer_acts(desk, treasurer)
    assert acts[DrawerAct.TAKE_PAYMENT] == (
        "Open the cash drawer of Front counter first (its starting cash)."
    )
    assert acts[DrawerAct.CLOSE_OUT] == "No drawer of Front counter is open."
    assert acts[DrawerAct.OPEN] is None
    assert _refused(lambda: _sale(desk, treasurer)) == acts[DrawerAct.TAKE_PAYMENT]

    clock.set(datetime(2026, 11, 30, 23, 59))
    _open(desk, treasurer)  # the last minute of Monday
    acts = _drawer_acts(desk, treasurer)
    assert acts[DrawerAct.TAKE_PAYMENT] is None and acts[DrawerAct.CLOSE_OUT] is None
    assert acts[DrawerAct.OPEN] is not None and "already open" in acts[DrawerAct.OPEN]
    assert _refused(lambda: _open(desk, treasurer)) == acts[DrawerAct.OPEN]
    _sale(desk, treasurer)

    clock.set(datetime(2026, 12, 1, 0, 0))  # Tuesday's first minute: Monday's batch
    acts = _drawer_acts(desk, treasurer)
    assert acts[DrawerAct.TAKE_PAYMENT] == (
        "The open drawer of Front counter is yesterday's (11/30/2026): no payment goes into "
        "an earlier day's batch. Close out yesterday's drawer, then open today's."
    )
    assert _refused(lambda: _sale(desk, treasurer)) == acts[DrawerAct.TAKE_PAYMENT]
    assert acts[DrawerAct.CLOSE_OUT] is None


def test_closing_out_is_the_treasurers_and_happens_once(
    desk: Desk, treasurer: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    deputy = operator_with(Role.DEPUTY_CLERK)
    drawer_id = _open(desk, treasurer)
    refused = _drawer_acts(desk, deputy)[DrawerAct.CLOSE_OUT]
    assert refused is not None and "Treasurer" in refused
    assert _refused(lambda: _close(desk, deputy, drawer_id)) == refused
    _close(desk, treasurer, drawer_id)
    assert _drawer_acts(desk, treasurer)[DrawerAct.CLOSE_OUT] == (
        "No drawer of Front counter is open."
    )
    assert _refused(lambda: _close(desk, treasurer, drawer_id)) == (
        "The drawer of Front counter is already closed; it is locked."
    )


def _papers(desk: Desk, who: SignedIn, drawer_id: int) -> dict[DrawerPaper, str | None]:
    with desk.lookup(who) as action:
        return drawer_paper_acts(action, drawer_id)


def _paper_made(desk: Desk, who: SignedIn, drawer_id: int, paper: DrawerPaper) -> str | None:
    """None when the drawer's view for ``paper`` is given, else the refusal's words."""
    try:
        with desk.lookup(who) as action:
            paper_view(action, drawer_id, paper)
    except ClerkDeskError as error:
        return str(error)
    return None


def test_a_drawer_has_its_deposit_slip_once_it_is_closed_out_and_every_paper_for_anyone(
    desk: Desk, treasurer: SignedIn, operator_with: Callable[[Role], SignedIn]
) -> None:
    drawer_id = _open(desk, treasurer)
    _sale(desk, treasurer)
    deputy = operator_with(Role.DEPUTY_CLERK)
    still_open = (
        "The drawer of Front counter is still open. Close out the drawer first: the deposit is "
        "what was counted."
    )
    for who in (treasurer, deputy):
        said = _papers(desk, who, drawer_id)
        assert said == {
            DrawerPaper.CLOSE_OUT_REPORT: None,  # prints "still open, not final"
            DrawerPaper.DEPOSIT_SLIP: still_open,
            DrawerPaper.GL_DISTRIBUTION: None,
        }
        assert {paper: _paper_made(desk, who, drawer_id, paper) for paper in DrawerPaper} == said

    _close(desk, treasurer, drawer_id)
    for who in (treasurer, deputy):
        said = _papers(desk, who, drawer_id)
        assert said == dict.fromkeys(DrawerPaper)
        assert {paper: _paper_made(desk, who, drawer_id, paper) for paper in DrawerPaper} == said
