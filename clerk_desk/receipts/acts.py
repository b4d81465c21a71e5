"""The acts on a receipt and on a station's drawer (§ 506-6 (Fee)), and why each is refused now.

Each act the Receipts tab and the receipt's window offer is a :class:`ReceiptAct` or a
:class:`DrawerAct`. Its rule is written here once: the permission it needs and a guard, a small
function of the records as saved that returns the refusal (a
:class:`~clerk_desk.errors.ClerkDeskError`) or None. The service of the act calls the guard right
after it has locked the records and raises what it returns; the window calls
:func:`receipt_acts` or :func:`drawer_acts`, which report the same refusal's words for every act
at once, so that a button is enabled, or explains why not, by the very rule the service
enforces.

What the clerk types into the act's form (the reason of a void, the count of a close-out) is
checked by the service after the guard, and said under the field.
"""

from __future__ import annotations

import enum

from clerk_desk.acting import as_words, permission_refusal, refuse
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict
from clerk_desk.kinds import DrawerStatus, ReceiptKind, ReceiptStatus
from clerk_desk.models import Drawer, Receipt
from clerk_desk.permissions import Permission
from clerk_desk.receipts import views as receipt_views
from clerk_desk.receipts.rules import FEE_CITE
from clerk_desk.receipts.views import (
    DrawerView,
    current_drawer,
    get_drawer,
    get_receipt,
    local_time,
)
from clerk_desk.words import day_and_time, earlier_day, us_date


class ReceiptAct(enum.Enum):
    """An act on one receipt; the value is how its button names it."""

    REPRINT = "Reprint (duplicate)"
    VOID = "Void…"
    CORRECT = "Refund / adjust…"


class DrawerAct(enum.Enum):
    """An act on a counter station's drawer; the value is how its button names it."""

    OPEN = "Open drawer…"
    TAKE_PAYMENT = "Take payment"
    CLOSE_OUT = "Close out…"


# -- a receipt's acts ---------------------------------------------------------------------------


def reprint_refusal(action: Action, receipt: Receipt) -> ClerkDeskError | None:
    """The first print is anyone's; a duplicate is the Treasurer's to print."""
    if receipt.prints == 0:
        return None
    return permission_refusal(action, Permission.REPRINT_RECEIPT)


def void_refusal(receipt: Receipt, drawer: Drawer) -> Conflict | None:
    """A receipt is voided only while its drawer is open, and only once."""
    if receipt.status == ReceiptStatus.VOID:
        return Conflict(f"Receipt {receipt.number} is already void.")
    if drawer.status != DrawerStatus.OPEN:
        return Conflict(
            f"Receipt {receipt.number} is in a drawer that was closed out; it cannot be voided. "
            "Write a refund or adjustment receipt that refers to it instead.",
            cite=FEE_CITE,
        )
    return None


def correction_refusal(receipt: Receipt, drawer: Drawer) -> Conflict | None:
    """A payment, not void, whose drawer is closed out, is corrected by a new receipt."""
    if receipt.status == ReceiptStatus.VOID:
        return Conflict(f"Receipt {receipt.number} is void; there is nothing to correct.")
    if receipt.kind != ReceiptKind.PAYMENT:
        return Conflict(f"Receipt {receipt.number} is itself a correction; correct the payment.")
    if drawer.status == DrawerStatus.OPEN:
        return Conflict(f"Receipt {receipt.number}'s drawer is still open: void it instead.")
    return None


def _receipt_refusals(action: Action, receipt_id: int) -> dict[ReceiptAct, ClerkDeskError | None]:
    receipt = get_receipt(action.session, receipt_id)
    drawer = get_drawer(action.session, receipt.drawer_id)
    may_correct = permission_refusal(action, Permission.VOID_RECEIPT)
    return {
        ReceiptAct.REPRINT: reprint_refusal(action, receipt),
        ReceiptAct.VOID: may_correct or void_refusal(receipt, drawer),
        ReceiptAct.CORRECT: may_correct or correction_refusal(receipt, drawer),
    }


def receipt_acts(action: Action, receipt_id: int) -> dict[ReceiptAct, str | None]:
    """Every act on the receipt with the reason it is refused now (None: allowed): the
    permission first, then the guard its service calls."""
    found = _receipt_refusals(action, receipt_id)
    return {act: None if why is None else str(why) for act, why in found.items()}


def refuse_act(action: Action, receipt_id: int, act: ReceiptAct) -> None:
    """Raise why ``act`` is refused on the receipt now, if it is (before a paper is made for
    an act its service would refuse afterwards)."""
    refuse(_receipt_refusals(action, receipt_id)[act])


# -- a drawer's acts ----------------------------------------------------------------------------


def open_refusal(action: Action, station: str, open_drawer: Drawer | None) -> Conflict | None:
    """One open drawer per station: a new batch starts after the last one is closed out."""
    if open_drawer is None:
        return None
    opened = local_time(open_drawer.opened_at, action.clock.local_now().tzinfo)
    return Conflict(f"The drawer of {station} is already open (since {day_and_time(opened)}).")


def payment_refusal(action: Action, station: str, open_drawer: Drawer | None) -> Conflict | None:
    """Money is taken only into today's open drawer: one left open from an earlier day (City
    Hall's local date) is closed out first, so that each day's deposit holds that day's
    money."""
    if open_drawer is None:
        return Conflict(f"Open the cash drawer of {station} first (its starting cash).")
    opened = local_time(open_drawer.opened_at, action.clock.local_now().tzinfo).date()
    today = action.today()
    if opened < today:
        day = earlier_day(opened, today)
        return Conflict(
            f"The open drawer of {open_drawer.station} is {day}'s ({us_date(opened)}): no "
            f"payment goes into an earlier day's batch. Close out {day}'s drawer, then open "
            "today's."
        )
    return None


def close_out_refusal(station: str, drawer: Drawer | None) -> Conflict | None:
    """A closed drawer is locked: it is closed out once."""
    if drawer is None:
        return Conflict(f"No drawer of {station} is open.")
    if drawer.status != DrawerStatus.OPEN:
        return Conflict(f"The drawer of {drawer.station} is already closed; it is locked.")
    return None


def drawer_acts(action: Action, station: str) -> dict[DrawerAct, str | None]:
    """Every act on ``station``'s drawer with the reason it is refused now (None: allowed)."""
    drawer = current_drawer(action.session, station)
    found: dict[DrawerAct, ClerkDeskError | None] = {
        DrawerAct.OPEN: permission_refusal(action, Permission.TAKE_PAYMENT)
        or open_refusal(action, station, drawer),
        DrawerAct.TAKE_PAYMENT: permission_refusal(action, Permission.TAKE_PAYMENT)
        or payment_refusal(action, station, drawer),
        DrawerAct.CLOSE_OUT: permission_refusal(action, Permission.CLOSE_DRAWER)
        or close_out_refusal(station, drawer),
    }
    return {act: None if why is None else str(why) for act, why in found.items()}


# -- a drawer's papers (the Drawers list) -------------------------------------------------------


class DrawerPaper(enum.Enum):
    """A paper of one drawer in the Drawers list; the value is how its button names it."""

    CLOSE_OUT_REPORT = "Close-out report…"
    DEPOSIT_SLIP = "Deposit slip…"
    GL_DISTRIBUTION = "GL distribution…"


def deposit_slip_refusal(drawer: Drawer) -> Conflict | None:
    """The deposit is what was counted: a drawer still open has no deposit slip yet."""
    if drawer.status == DrawerStatus.OPEN:
        return Conflict(
            f"The drawer of {drawer.station} is still open. Close out the drawer first: the "
            "deposit is what was counted."
        )
    return None


def _paper_refusal(paper: DrawerPaper, drawer: Drawer) -> ClerkDeskError | None:
    """Reading and printing need no permission; the close-out report and the GL distribution of
    an open drawer print as "still open, not final"."""
    return deposit_slip_refusal(drawer) if paper is DrawerPaper.DEPOSIT_SLIP else None


def drawer_paper_acts(action: Action, drawer_id: int) -> dict[DrawerPaper, str | None]:
    """Every paper of the drawer with the reason it is refused now (None: it prints)."""
    drawer = get_drawer(action.session, drawer_id)
    return as_words({paper: _paper_refusal(paper, drawer) for paper in DrawerPaper})


def paper_view(action: Action, drawer_id: int, paper: DrawerPaper) -> DrawerView:
    """The drawer as ``paper`` prints it, once :func:`drawer_paper_acts`'s guard allows it
    (raises its refusal): what the window renders the paper from."""
    refuse(_paper_refusal(paper, get_drawer(action.session, drawer_id)))
    return receipt_views.drawer(action, drawer_id)
