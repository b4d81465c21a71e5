"""Receipts and the cash drawer: the Treasurer receipts every fee.

§ 506-6 (Fee): "Permit fees shall be paid to the Treasurer who shall issue a receipt therefor";
§§ 506-9, 506-10 and 506-24 send their fees the same way. A receipt is written whole in one
transaction — its number, lines, tenders and the amounts due it pays — or not at all. Once written
it never changes, except that the Treasurer may void it (who, when, why) while its drawer is open;
after close-out a correction is a new refund or adjustment receipt that names the original.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import acting, gl_accounts, ledger
from clerk_desk.card_numbers import refuse_card_number
from clerk_desk.clock import city_zone
from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.kinds import (
    DrawerStatus,
    DueKind,
    DueStatus,
    ReceiptKind,
    ReceiptStatus,
    TenderKind,
)
from clerk_desk.models import (
    AmountDue,
    Drawer,
    FeeItem,
    Party,
    Receipt,
    ReceiptLine,
    Tender,
)
from clerk_desk.money import Money
from clerk_desk.numbering import take_number
from clerk_desk.permissions import Permission

# What a sale is made of, the settings and the readers live in their own modules; the
# workflow's callers (other workflows, their tests, scripts) find them here too.
from clerk_desk.receipts import acts, rules
from clerk_desk.receipts.rules import DENOMINATIONS as DENOMINATIONS
from clerk_desk.receipts.rules import FEE_CITE as FEE_CITE
from clerk_desk.receipts.rules import LineEntry as LineEntry
from clerk_desk.receipts.rules import SaleTotals as SaleTotals
from clerk_desk.receipts.rules import TenderEntry as TenderEntry
from clerk_desk.receipts.rules import TenderProblem as TenderProblem
from clerk_desk.receipts.settings import ReceiptSettings as ReceiptSettings
from clerk_desk.receipts.settings import receipt_settings as receipt_settings
from clerk_desk.receipts.settings import save_receipt_settings as save_receipt_settings
from clerk_desk.receipts.views import CheckEntry, expected_money, local_time, start_of_day
from clerk_desk.receipts.views import DrawerView as DrawerView
from clerk_desk.receipts.views import SavedReceipt as SavedReceipt
from clerk_desk.receipts.views import current_drawer as current_drawer
from clerk_desk.receipts.views import drawer as drawer_of
from clerk_desk.receipts.views import drawer_view as drawer_view
from clerk_desk.receipts.views import drawers as drawers
from clerk_desk.receipts.views import due_line as due_line
from clerk_desk.receipts.views import expense_line as expense_line
from clerk_desk.receipts.views import fee_line as fee_line
from clerk_desk.receipts.views import find_receipt as find_receipt
from clerk_desk.receipts.views import get_drawer as get_drawer
from clerk_desk.receipts.views import get_receipt as get_receipt
from clerk_desk.receipts.views import gl_distribution as gl_distribution
from clerk_desk.receipts.views import receipt_view as receipt_view
from clerk_desk.receipts.views import receipts_for as receipts_for
from clerk_desk.receipts.views import register_line_rows as register_line_rows
from clerk_desk.receipts.views import register_rows as register_rows
from clerk_desk.receipts.views import search_receipts as search_receipts
from clerk_desk.text_search import fold
from clerk_desk.today import TodayItem, provider
from clerk_desk.unique_save import save_unique
from clerk_desk.validation import choice, fits
from clerk_desk.words import format_day

SERIES = "receipt"

# -- what a sale is made of ---------------------------------------------------------------------


def tender_problem(tender: TenderEntry, index: int = 0) -> TenderProblem | None:
    """What is wrong with one tender as typed (None: nothing), ``index`` its place in the sale:
    the check :func:`check_sale` makes of each tender, for a form that adds them one by one."""
    found = rules.typed_problem(tender, index)
    if found is not None:
        return found
    try:
        kind = choice(TenderKind, tender.kind, "The tender kind", field=f"tender_{index}_kind")
    except InvalidInput as error:
        return TenderProblem(error.message, index=index, part="kind")
    found = rules.kind_problem(tender, kind, index)
    if found is not None:
        return found
    for part, label in rules.TENDER_TEXTS:
        text = str(getattr(tender, part)).strip()
        try:
            fits(getattr(Tender, part), text, label, field=f"tender_{index}_{part}")
        except InvalidInput as error:
            return TenderProblem(error.message, index=index, part=part)
    return None


def check_sale(lines: Sequence[LineEntry], tenders: Sequence[TenderEntry]) -> SaleTotals:
    """Totals, change and what is wrong (:func:`clerk_desk.receipts.rules.sale_totals`), for
    the screen and for saving alike."""
    found = (tender_problem(tender, index) for index, tender in enumerate(tenders))
    return rules.sale_totals(lines, tenders, (p for p in found if p is not None))


# -- drawers ------------------------------------------------------------------------------------


def _clean_station(station: str) -> str:
    name = " ".join(station.split())
    if not name:
        raise InvalidInput("Name this counter station in Settings.", field="station")
    fits(Drawer.station, name, "The station name", field="station")
    return name


def _lock_open_drawer(session: Session, station: str) -> Drawer | None:
    """The open drawer of ``station``, row-locked until the action ends, so that a close-out at
    the same moment waits for this save (or this save sees the drawer closed)."""
    return session.scalars(
        select(Drawer)
        .where(Drawer.station == station, Drawer.status == DrawerStatus.OPEN)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).first()


def open_drawer(action: Action, *, station: str, opening_cash: Money) -> DrawerView:
    """Open ``station``'s drawer with its starting cash (a new batch)."""
    action.require(Permission.TAKE_PAYMENT)
    name = _clean_station(station)
    if opening_cash < Money.zero():
        raise InvalidInput("The starting cash cannot be negative.", field="opening_cash")
    acting.refuse(acts.open_refusal(action, name, current_drawer(action.session, name)))
    drawer = Drawer(
        station=name,
        status=DrawerStatus.OPEN,
        opened_at=action.now(),
        opened_by_id=action.operator.id or None,
        opening_cash=opening_cash,
    )
    with save_unique(action.session, f"The drawer of {name} is already open."):
        action.session.add(drawer)  # uq_drawer_open_station: one open drawer per station
    action.audit(
        "drawer.open",
        drawer,
        f"Drawer of {name} opened with {opening_cash}",
        after=snapshot(drawer),
    )
    return drawer_of(action, drawer.id)


@dataclass(frozen=True, slots=True)
class DrawerCount:
    """What the Treasurer counted at close-out."""

    cash_pieces: dict[str, int]  # DENOMINATIONS key -> pieces
    checks: tuple[CheckEntry, ...]
    cards_total: Money
    money_orders_total: Money
    note: str = ""
    # What the close-out screen showed as expected in all: if a receipt was saved or voided
    # since, the close is refused so the Treasurer sees the new figures.
    expected_total: Money | None = None

    def cash_total(self) -> Money:
        values = {key: value for key, _, value in DENOMINATIONS}
        total = Money.zero()
        for key, pieces in self.cash_pieces.items():
            if key not in values:
                raise InvalidInput(f"Unknown denomination {key!r}.", field="cash")
            if pieces < 0:
                raise InvalidInput(
                    "A count of bills or coins cannot be negative.", field=f"cash_{key}"
                )
            total = total + values[key] * pieces
        return total


def close_drawer(action: Action, drawer_id: int, count: DrawerCount) -> DrawerView:
    """Close out: record the count, expected vs counted, and any over/short (with a note)."""
    action.require(Permission.CLOSE_DRAWER)
    drawer = get_drawer(action.session, drawer_id, lock=True)
    acting.refuse(acts.close_out_refusal(drawer.station, drawer))
    _check_count(count)
    expected = expected_money(action.session, drawer)
    expected_total = sum(expected.values(), Money.zero())
    if count.expected_total is not None and count.expected_total != expected_total:
        raise Conflict(
            "The drawer's figures changed since the count began (a receipt was saved or "
            "voided): check the new expected amounts and close again."
        )
    counted_cash = count.cash_total()
    counted_checks = sum((c.amount for c in count.checks), Money.zero())
    counted_by_kind = {
        TenderKind.CASH: counted_cash,
        TenderKind.CHECK: counted_checks,
        TenderKind.CARD: count.cards_total,
        TenderKind.MONEY_ORDER: count.money_orders_total,
    }
    # Each kind on its own: a cash shortage is not hidden by a card total typed too high.
    differences = {kind: counted_by_kind[kind] - expected[kind] for kind in counted_by_kind}
    over_short = sum(counted_by_kind.values(), Money.zero()) - expected_total
    uneven = [(kind, diff) for kind, diff in differences.items() if diff != Money.zero()]
    if uneven and not count.note.strip():
        detail = ", ".join(
            f"{_KIND_WORDS[kind]} {'over' if diff > Money.zero() else 'short'} {abs(diff)}"
            for kind, diff in uneven
        )
        if over_short != Money.zero():
            word = "over" if over_short > Money.zero() else "short"
            lead = f"The drawer is {abs(over_short)} {word}"
        else:
            lead = "The drawer balances in total but not by tender"
        raise InvalidInput(
            f"{lead}: write a note saying what is known of it ({detail}).", field="note"
        )
    before = snapshot(drawer)
    drawer.status = DrawerStatus.CLOSED
    drawer.closed_at = action.now()
    drawer.closed_by_id = action.operator.id or None
    drawer.expected_cash = expected[TenderKind.CASH]
    drawer.expected_checks = expected[TenderKind.CHECK]
    drawer.expected_cards = expected[TenderKind.CARD]
    drawer.expected_money_orders = expected[TenderKind.MONEY_ORDER]
    drawer.counted_cash = counted_cash
    drawer.counted_checks = counted_checks
    drawer.counted_cards = count.cards_total
    drawer.counted_money_orders = count.money_orders_total
    drawer.cash_count = {k: int(v) for k, v in count.cash_pieces.items() if v}
    drawer.check_list = {
        "checks": [
            {"number": c.number, "name": c.name, "amount": str(c.amount.amount)}
            for c in count.checks
        ]
    }
    drawer.over_short = over_short
    drawer.close_note = count.note.strip()
    verdict = (
        "balanced"
        if over_short == Money.zero()
        else (f"over {over_short}" if over_short > Money.zero() else f"short {abs(over_short)}")
    )
    action.audit(
        "drawer.close",
        drawer,
        f"Drawer of {drawer.station} closed, {verdict}",
        before=before,
        after=snapshot(drawer),
    )
    return drawer_of(action, drawer.id)


def _check_count(count: DrawerCount) -> None:
    """What the Treasurer typed of the count, read as typed: each check listed more than
    $0.00 and no card number in it, no negative total, a note that fits."""
    for entry in count.checks:
        if entry.amount <= Money.zero():
            raise InvalidInput("Each check listed must be more than $0.00.", field="checks")
        refuse_card_number(entry.number, "checks")
        refuse_card_number(entry.name, "checks")
    for value, name in (
        (count.cards_total, "cards_total"),
        (count.money_orders_total, "money_orders_total"),
    ):
        if value < Money.zero():
            raise InvalidInput("A total cannot be negative.", field=name)
    fits(Drawer.close_note, count.note, "The note", field="note")


_KIND_WORDS = {
    TenderKind.CASH: "cash",
    TenderKind.CHECK: "checks",
    TenderKind.CARD: "cards",
    TenderKind.MONEY_ORDER: "money orders",
}


# -- taking payment -----------------------------------------------------------------------------


def _clean_lines(action: Action, lines: Sequence[LineEntry]) -> list[LineEntry]:
    if not lines:
        raise InvalidInput(
            "Add at least one line: a fee, an amount owed or City expenses.", field="lines"
        )
    cleaned = []
    accounts = gl_accounts.chart(action.session)
    for line in lines:
        description = " ".join(line.description.split())
        if not description:
            raise InvalidInput("Each line needs a description.", field="lines")
        if not line.gl_account.strip():
            raise InvalidInput(f"The line {description!r} has no GL account.", field="lines")
        fits(ReceiptLine.description, description, "A line's description", field="lines")
        fits(ReceiptLine.reference, line.reference.strip(), "A reference", field="lines")
        fits(ReceiptLine.gl_account, line.gl_account.strip(), "A GL account", field="lines")
        if line.amount_due_id is None or line.gl_account.strip() != _due_account(action, line):
            # A line paying an amount due may post where the amount was billed, even to an
            # account the City has since dropped from its schedule.
            gl_accounts.refuse_unknown(
                accounts, line.gl_account.strip(), f"The line {description!r}", field="lines"
            )
        fits(ReceiptLine.note, line.note.strip(), "A line's note", field="lines")
        cleaned.append(
            LineEntry(
                description,
                line.amount,
                line.gl_account.strip(),
                line.fee_item_id,
                line.amount_due_id,
                line.reference.strip(),
                line.note.strip(),
            )
        )
    return cleaned


def _due_account(action: Action, line: LineEntry) -> str:
    due = ledger.get_due(action.session, line.amount_due_id or 0)
    return due.gl_account or (due.fee_item.gl_account if due.fee_item else "")


def _payer(action: Action, payer_id: int | None, payer_name: str) -> tuple[int | None, str, str]:
    if payer_id is not None:
        party = action.session.get(Party, payer_id)
        if party is None:
            raise NotFound(f"There is no party number {payer_id}.")
        return party.id, party.name, party.mailing_address
    name = " ".join(payer_name.split())
    if not name:
        raise InvalidInput("Choose the payer, or type the name of a walk-in payer.", field="payer")
    fits(Receipt.payer_name, name, "The payer's name", field="payer")
    return None, name, ""


def take_payment(
    action: Action,
    *,
    station: str,
    payer_id: int | None,
    payer_name: str = "",
    lines: Sequence[LineEntry],
    tenders: Sequence[TenderEntry],
    note: str = "",
) -> SavedReceipt:
    """Write one receipt: number, lines, tenders, and the amounts due it pays, all or nothing."""
    action.require(Permission.TAKE_PAYMENT)
    drawer = _lock_open_drawer(action.session, _clean_station(station))
    acting.refuse(acts.payment_refusal(action, station, drawer))
    assert drawer is not None  # payment_refusal refuses a station with no drawer open
    clean = _clean_lines(action, lines)
    payer = _payer(action, payer_id, payer_name)
    fits(Receipt.note, note.strip(), "The note", field="note")
    for index, tender in enumerate(tenders):
        if choice(TenderKind, tender.kind, "The tender kind", field=f"tender_{index}_kind") is (
            TenderKind.CITY_CHECK
        ):
            raise TenderProblem(
                "A City check pays a refund back; it cannot pay the City.", index=index, part="kind"
            )
    _check_fee_lines(action, clean)
    totals = check_sale(clean, tenders)
    if totals.problems:
        raise totals.problems[0]
    # Locked now, in the order of their numbers, and read afresh: another station may be paying,
    # voiding or cancelling the same amounts (ledger.lock_due).
    dues = ledger.lock_dues(action.session, (line.amount_due_id for line in clean))
    for line in clean:
        if line.amount_due_id is not None:
            due = dues[line.amount_due_id]
            if due.status != DueStatus.OPEN:
                raise Conflict(ledger.not_payable(due))
            if line.amount > due.balance:
                raise InvalidInput(
                    f"{line.amount} is more than the {due.balance} still owed for "
                    f"{due.description}.",
                    field="lines",
                )
    return _saved(
        _write(
            action,
            drawer,
            ReceiptKind.PAYMENT,
            payer,
            clean,
            tenders,
            totals.change,
            note=note.strip(),
        )
    )


def _saved(receipt: Receipt) -> SavedReceipt:
    """What a service tells its caller of the receipt it wrote (the record stays in the core)."""
    return SavedReceipt(receipt.id, receipt.number, receipt.total, receipt.change)


def _check_fee_lines(action: Action, lines: Sequence[LineEntry]) -> None:
    """A line of the fee schedule carries the fee in force today (or a whole multiple of it,
    e.g. the doubled fee) and posts to the fee's GL account. A line paying an amount due is
    held to that amount instead."""
    day = action.today()
    for line in lines:
        if line.fee_item_id is None or line.amount_due_id is not None:
            continue
        item = action.session.get(FeeItem, line.fee_item_id)
        if item is None or not (
            item.effective_from <= day and (item.effective_to is None or item.effective_to >= day)
        ):
            raise InvalidInput(
                f"The line {line.description!r} names a fee that is not in the fee schedule "
                f"on {format_day(day)}: add it again from the schedule.",
                field="lines",
                cite=FEE_CITE,
            )
        cents = item.amount.cents
        if cents <= 0 or line.amount.cents % cents != 0:
            raise InvalidInput(
                f"The line {line.description!r} is {line.amount}, but the fee schedule sets "
                f"{item.code} at {item.amount} on {format_day(day)} ({FEE_CITE}: fees as "
                "prescribed in the City's fee schedule).",
                field="lines",
                cite=FEE_CITE,
            )
        if line.gl_account != item.gl_account:
            raise InvalidInput(
                f"The line {line.description!r} posts to {line.gl_account}, but the fee "
                f"schedule posts {item.code} to {item.gl_account} ({FEE_CITE}).",
                field="lines",
                cite=FEE_CITE,
            )


def _write(
    action: Action,
    drawer: Drawer,
    kind: ReceiptKind,
    payer: tuple[int | None, str, str],
    lines: Sequence[LineEntry],
    tenders: Sequence[TenderEntry],
    change: Money,
    *,
    sign: int = 1,
    note: str = "",
    corrects: Receipt | None = None,
) -> Receipt:
    settings = receipt_settings(action.session)
    year = action.clock.local_now().year
    receipt = Receipt(
        number=_pending_number(),
        year=year,
        sequence=-1 - secrets.randbelow(2**31 - 1),
        kind=kind,
        status=ReceiptStatus.ISSUED,
        drawer_id=drawer.id,
        issued_at=action.now(),
        operator_id=action.operator.id or None,
        operator_name=action.operator.full_name,
        payer_id=payer[0],
        payer_name=payer[1],
        total=sum((line.amount for line in lines), Money.zero()) * sign,
        change=change,
        corrects_id=corrects.id if corrects else None,
        note=note,
        prints=0,
    )
    _add_lines(receipt, lines, sign)
    _add_tenders(receipt, tenders, change, sign)
    references = [line.reference for line in lines]
    by_due = _paid_per_due(lines)
    if sign < 0:
        # A refund on a charge certified to the tax roll writes the refund's number into the
        # supplemental charge it opens, so a refund (rare, after close-out) numbers first.
        _number(action, receipt, settings, references)
        action.session.add(receipt)
        for due_id, amount in by_due.items():
            ledger.reverse_payment(
                action, due_id, amount, receipt=receipt, reference=receipt.number
            )
    else:
        action.session.add(receipt)
        action.session.flush()  # the receipt, its lines and tenders, before the number is taken
        # What each amount due has paid is read back from the receipts, these lines included.
        payments = [
            ledger.pay(action, due_id, amount, receipt=receipt) for due_id, amount in by_due.items()
        ]
        _number(action, receipt, settings, references)
        for payment in payments:
            ledger.record(action, payment, reference=receipt.number)
    action.audit(
        f"receipt.{kind.value}",
        receipt,
        f"Receipt {receipt.number}: {receipt.total} from {receipt.payer_name}",
        after={
            "number": receipt.number,
            "total": str(receipt.total.amount),
            "lines": len(lines),
            "tenders": len(tenders),
        },
    )
    return receipt


def _add_lines(receipt: Receipt, lines: Sequence[LineEntry], sign: int) -> None:
    """The receipt's lines, in the order typed, signed (a refund's are negative)."""
    for position, line in enumerate(lines, start=1):
        receipt.lines.append(
            ReceiptLine(
                position=position,
                description=line.description,
                amount=line.amount * sign,
                gl_account=line.gl_account,
                fee_item_id=line.fee_item_id,
                amount_due_id=line.amount_due_id,
                reference=line.reference,
                note=line.note,
            )
        )


def _add_tenders(
    receipt: Receipt, tenders: Sequence[TenderEntry], change: Money, sign: int
) -> None:
    """The receipt's tenders, signed; the change is given from the last cash tender first, so
    each tender's amount is what it pays toward the total."""
    remaining_change = change
    for position, tender in reversed(list(enumerate(tenders, start=1))):
        paid = tender.amount
        if tender.kind == TenderKind.CASH and remaining_change > Money.zero():
            given = min(remaining_change, paid)
            paid, remaining_change = paid - given, remaining_change - given
        receipt.tenders.append(
            Tender(
                position=position,
                kind=TenderKind(tender.kind),
                amount=paid * sign,
                tendered=tender.amount * sign,
                check_number=tender.check_number.strip(),
                name_on_check=" ".join(tender.name_on_check.split()),
                card_last4=tender.card_last4.strip(),
                card_authorization=tender.card_authorization.strip().upper(),
                money_order_number=tender.money_order_number.strip(),
            )
        )
    receipt.tenders.sort(key=lambda t: t.position)


#: How an unnumbered receipt is written until its number is taken, a moment later in the same
#: transaction: no other station ever sees it (it is not committed), and no receipt is ever
#: committed so. A random placeholder, so that two stations' unnumbered receipts never meet in
#: the unique indexes of the number and of the year's sequence (real sequences start at 1).
_PENDING = "unnumbered "
# Letters only: sixteen random hex digits in a row were, now and then, a valid card number,
# which the stored-text check refuses (clerk_desk/card_numbers.py), failing the sale.
_NO_DIGITS = str.maketrans("0123456789", "ghijklmnop")


def _pending_number() -> str:
    """A placeholder no other save can meet, with no digit in it."""
    return _PENDING + secrets.token_hex(8).translate(_NO_DIGITS)


def _paid_per_due(lines: Sequence[LineEntry | ReceiptLine]) -> dict[int, Money]:
    """What the lines pay on each amount due, in the order of their numbers (the lock order):
    two lines on one amount are one payment, checked and recorded once."""
    paid: dict[int, Money] = {}
    for line in lines:
        if line.amount_due_id is not None:
            paid[line.amount_due_id] = paid.get(line.amount_due_id, Money.zero()) + line.amount
    return dict(sorted(paid.items()))


def _number(
    action: Action, receipt: Receipt, settings: ReceiptSettings, references: Sequence[str]
) -> None:
    """Give ``receipt`` its number: the series' next, taken now.

    Taking the number locks the series until the commit, and every other station's receipt
    waits for that lock; so it is the receipt's last write, after the lines, tenders and
    amounts due and just before the audit trail is appended (:mod:`clerk_desk.numbering`)."""
    sequence = take_number(action, SERIES, year=receipt.year)
    receipt.sequence = sequence
    receipt.number = settings.format_number(receipt.year, sequence)
    receipt.search_text = search_text_for(receipt.number, receipt.payer_name, references)


# -- voids and corrections ----------------------------------------------------------------------


def void_receipt(action: Action, receipt_id: int, *, reason: str) -> SavedReceipt:
    """Void a receipt while its drawer is open; what it paid becomes due again."""
    action.require(Permission.VOID_RECEIPT)
    if not reason.strip():
        raise InvalidInput("Say why the receipt is voided.", field="reason")
    fits(Receipt.void_reason, reason.strip(), "The reason", field="reason")
    receipt = get_receipt(action.session, receipt_id, lock=True)
    acting.refuse(
        acts.void_refusal(receipt, get_drawer(action.session, receipt.drawer_id, lock=True))
    )
    receipt.status = ReceiptStatus.VOID
    receipt.voided_at = action.now()
    receipt.voided_by_id = action.operator.id or None
    receipt.void_reason = reason.strip()
    sign = 1 if receipt.total >= Money.zero() else -1
    ledger.lock_dues(action.session, (line.amount_due_id for line in receipt.lines))
    for due_id, amount in _paid_per_due(receipt.lines).items():
        if sign > 0:
            ledger.reverse_payment(
                action, due_id, amount, receipt=receipt, reference=f"void of {receipt.number}"
            )
        else:
            ledger.apply_payment(
                action, due_id, -amount, receipt=receipt, reference=f"void of {receipt.number}"
            )
    action.audit(
        "receipt.void",
        receipt,
        f"Receipt {receipt.number} voided: {reason.strip()}",
        before={"status": "issued"},
        after={"status": "void", "reason": reason.strip()},
    )
    return _saved(receipt)


def refund(
    action: Action,
    original_id: int,
    *,
    station: str,
    lines: Sequence[LineEntry],
    tenders: Sequence[TenderEntry],
    reason: str,
) -> SavedReceipt:
    """Pay money back for a receipt whose drawer is closed: a new receipt that names it.

    ``lines`` and ``tenders`` are entered as positive amounts (what is refunded, how it is paid
    back); the refund receipt stores them as negative amounts, so registers and GL totals net.
    An amount due refunded is cancelled — except a special charge's, which is owed again (on a
    supplemental charge when it was certified to the tax roll), in the same transaction
    (:func:`clerk_desk.special_charges.service.refunded`).
    """
    action.require(Permission.VOID_RECEIPT)
    original, drawer = _correction_target(action, original_id, station, reason)
    clean = _clean_lines(action, lines)
    _check_refund_tenders(tenders)
    _check_refund_total(action.session, original, clean)
    _match_refund_lines(action.session, original, clean)
    totals = check_sale(clean, tenders)
    if totals.problems:
        raise totals.problems[0]
    if totals.change != Money.zero():
        raise InvalidInput("A refund is paid back exactly; there is no change.", field="tenders")
    due_ids = list(dict.fromkeys(ln.amount_due_id for ln in clean if ln.amount_due_id is not None))
    dues = ledger.lock_dues(action.session, due_ids)
    # A special charge's payment refunded is owed again (special_charges.refunded): a refund
    # returns money, cancelling the charge is its own act. Any other amount due refunded is
    # cancelled, not owed again: that takes the right to cancel.
    charges = {due_id for due_id in due_ids if dues[due_id].kind == DueKind.SPECIAL_CHARGE}
    if set(due_ids) - charges:
        action.require(Permission.CANCEL_DUE)
    for due_id in due_ids:
        _check_refunded_due(original, clean, dues[due_id], charge=due_id in charges)
    payer = (original.payer_id, original.payer_name, "")
    receipt = _write(
        action,
        drawer,
        ReceiptKind.REFUND,
        payer,
        clean,
        tenders,
        Money.zero(),
        sign=-1,
        note=reason.strip(),
        corrects=original,
    )
    for due_id in due_ids:
        _close_refunded_due(action, receipt, clean, due_id, charge=due_id in charges, reason=reason)
    return _saved(receipt)


def _check_refund_tenders(tenders: Sequence[TenderEntry]) -> None:
    """A refund is paid back in cash or by a City check, nothing else."""
    for index, tender in enumerate(tenders):
        kind = choice(TenderKind, tender.kind, "The tender kind", field=f"tender_{index}_kind")
        if kind not in (TenderKind.CASH, TenderKind.CITY_CHECK):
            raise TenderProblem(
                "A refund is paid back in cash from the drawer or by a City check.",
                index=index,
                part="kind",
            )


def _check_refund_total(session: Session, original: Receipt, clean: Sequence[LineEntry]) -> None:
    """No more is refunded on a receipt, over all its refunds, than it took."""
    total = sum((line.amount for line in clean), Money.zero())
    refunded_before = -sum(
        (
            r.total
            for r in session.scalars(
                select(Receipt).where(
                    Receipt.corrects_id == original.id,
                    Receipt.kind == ReceiptKind.REFUND,
                    Receipt.status == ReceiptStatus.ISSUED,
                )
            )
        ),
        Money.zero(),
    )
    if total > original.total - refunded_before:
        raise InvalidInput(
            f"Receipt {original.number} was for {original.total}"
            + (f", of which {refunded_before} was refunded already" if refunded_before else "")
            + f"; {total} cannot be refunded.",
            field="lines",
        )


def _check_refunded_due(
    original: Receipt, clean: Sequence[LineEntry], due: AmountDue, *, charge: bool
) -> None:
    """An amount due is refunded whole, as the receipt paid it, and only while nothing else
    has changed it: a special charge still has the payment on it; any other amount due was
    paid by this receipt alone."""
    paid_here = sum(
        (ln.amount for ln in original.lines if ln.amount_due_id == due.id), Money.zero()
    )
    refunding = sum((ln.amount for ln in clean if ln.amount_due_id == due.id), Money.zero())
    if refunding != paid_here:
        then = "puts it back on the charge" if charge else "cancels the amount due"
        raise InvalidInput(
            f"Receipt {original.number} paid {paid_here} on {due.description}: a refund of "
            f"it pays back all of that and {then}, so refund {paid_here}, not {refunding}.",
            field="lines",
        )
    if charge:
        if due.status == DueStatus.CANCELLED or due.paid < paid_here:
            raise Conflict(
                f"{due.description} is {DueStatus(due.status).value} and has "
                f"{due.paid} paid on it: {paid_here} cannot be refunded on it."
            )
    elif due.status != DueStatus.PAID or due.paid != paid_here:
        raise Conflict(
            f"{due.description} was also paid on another receipt, or is "
            f"{DueStatus(due.status).value}: it cannot be cancelled by this refund alone."
        )


def _close_refunded_due(
    action: Action,
    receipt: Receipt,
    clean: Sequence[LineEntry],
    due_id: int,
    *,
    charge: bool,
    reason: str,
) -> None:
    """A special charge refunded is owed again; any other amount due refunded is cancelled."""
    if charge:
        from clerk_desk.special_charges import service as special_charges

        refunded = sum((ln.amount for ln in clean if ln.amount_due_id == due_id), Money.zero())
        special_charges.refunded(
            action, due_id, refunded, receipt_number=receipt.number, reason=reason.strip()
        )
        return
    # Only a void makes an amount due owed again; a refund closes it for good.
    ledger.cancel(action, due_id, reason=f"Refunded on receipt {receipt.number}: {reason.strip()}")


def _corrections_of(session: Session, original: Receipt, kind: ReceiptKind) -> list[Receipt]:
    return list(
        session.scalars(
            select(Receipt)
            .where(
                Receipt.corrects_id == original.id,
                Receipt.kind == kind,
                Receipt.status == ReceiptStatus.ISSUED,
            )
            .options(selectinload(Receipt.lines))
            .order_by(Receipt.id)
        )
    )


def _match_refund_lines(session: Session, original: Receipt, lines: Sequence[LineEntry]) -> None:
    """Each refund line pays back a line of the original: the same amount due (or none), GL
    account and fee item, and no more than that line received less what was refunded of it."""

    def key(line: LineEntry | ReceiptLine) -> tuple[int | None, str, int | None]:
        return (line.amount_due_id, line.gl_account, line.fee_item_id)

    received: dict[tuple[int | None, str, int | None], Money] = {}
    for row in original.lines:
        received[key(row)] = received.get(key(row), Money.zero()) + row.amount
    left = dict(received)
    for earlier in _corrections_of(session, original, ReceiptKind.REFUND):
        for row in earlier.lines:
            if key(row) in left:
                left[key(row)] = left[key(row)] - abs(row.amount)
    asked: dict[tuple[int | None, str, int | None], Money] = {}
    for line in lines:
        k = key(line)
        if k not in received:
            raise InvalidInput(
                f"The refund line {line.description!r} ({line.gl_account}) matches no line of "
                f"receipt {original.number}: refund a line it received, on the same account, "
                "fee and amount due.",
                field="lines",
            )
        asked[k] = asked.get(k, Money.zero()) + line.amount
        if asked[k] > left[k]:
            already = received[k] - left[k]
            raise InvalidInput(
                f"The refund line {line.description!r} ({line.gl_account}) asks {asked[k]}, but "
                f"receipt {original.number} received {received[k]} on that line"
                + (f", of which {already} was refunded already" if already else "")
                + ".",
                field="lines",
            )


def adjust(
    action: Action, original_id: int, *, station: str, lines: Sequence[LineEntry], reason: str
) -> SavedReceipt:
    """Correct how a closed-out receipt was posted (GL account, record) with no money moving.

    The adjustment's lines are signed and must sum to $0.00: take the amount off the wrong
    account with a negative line and put it on the right one with a positive line.
    """
    action.require(Permission.VOID_RECEIPT)
    original, drawer = _correction_target(action, original_id, station, reason)
    if not lines or sum((line.amount for line in lines), Money.zero()) != Money.zero():
        raise InvalidInput(
            "An adjustment's lines must add up to $0.00 (money does not move).", field="lines"
        )
    if any(line.amount_due_id is not None for line in lines):
        raise InvalidInput(
            "An adjustment moves postings only; refund or bill amounts due.", field="lines"
        )
    cleaned = [
        LineEntry(
            " ".join(line.description.split()),
            line.amount,
            line.gl_account.strip(),
            line.fee_item_id,
            None,
            line.reference.strip(),
            line.note.strip(),
        )
        for line in lines
    ]
    for line in cleaned:
        fits(ReceiptLine.note, line.note, "A line's note", field="lines")
        if not line.description or not line.gl_account:
            raise InvalidInput("Each line needs a description and a GL account.", field="lines")
        fits(ReceiptLine.description, line.description, "A line's description", field="lines")
        fits(ReceiptLine.gl_account, line.gl_account, "A GL account", field="lines")
        fits(ReceiptLine.reference, line.reference, "A reference", field="lines")
        if line.amount == Money.zero():
            raise InvalidInput("A line of $0.00 posts nothing.", field="lines")
    _check_adjustment_limits(action.session, original, cleaned)
    payer = (original.payer_id, original.payer_name, "")
    return _saved(
        _write(
            action,
            drawer,
            ReceiptKind.ADJUSTMENT,
            payer,
            cleaned,
            (),
            Money.zero(),
            note=reason.strip(),
            corrects=original,
        )
    )


def _check_adjustment_limits(
    session: Session, original: Receipt, lines: Sequence[LineEntry]
) -> None:
    """An adjustment takes off an account at most what the original left posted there (after
    earlier refunds and adjustments), and puts it only on an account of the fee schedule or the
    City expenses account."""
    posted: dict[str, Money] = {}
    rows = [*original.lines]
    for kind in (ReceiptKind.REFUND, ReceiptKind.ADJUSTMENT):
        for earlier in _corrections_of(session, original, kind):
            rows.extend(earlier.lines)
    for row in rows:
        posted[row.gl_account] = posted.get(row.gl_account, Money.zero()) + row.amount
    accounts = gl_accounts.chart(session)
    taken: dict[str, Money] = {}
    for line in lines:
        if line.amount < Money.zero():
            gl = line.gl_account
            taken[gl] = taken.get(gl, Money.zero()) - line.amount
            there = posted.get(gl, Money.zero())
            if taken[gl] > there:
                raise InvalidInput(
                    f"The line {line.description!r} takes {taken[gl]} off {gl}, but receipt "
                    f"{original.number} has only {max(there, Money.zero())} posted there.",
                    field="lines",
                )
        elif line.gl_account not in accounts:
            raise InvalidInput(
                f"The line {line.description!r} moves money to {line.gl_account}, which is not "
                "an account of the fee schedule, the City expenses account or the special "
                "charges account.",
                field="lines",
            )


def _correction_target(
    action: Action, original_id: int, station: str, reason: str
) -> tuple[Receipt, Drawer]:
    if not reason.strip():
        raise InvalidInput("Say why the receipt is corrected.", field="reason")
    fits(Receipt.note, reason.strip(), "The reason", field="reason")
    original = get_receipt(action.session, original_id)
    acting.refuse(acts.correction_refusal(original, get_drawer(action.session, original.drawer_id)))
    drawer = _lock_open_drawer(action.session, _clean_station(station))
    acting.refuse(acts.payment_refusal(action, station, drawer))
    assert drawer is not None  # payment_refusal refuses a station with no drawer open
    return original, drawer


# -- printing -----------------------------------------------------------------------------------


def mark_printed(action: Action, receipt_id: int) -> bool:
    """Count a print; True when this print is a duplicate (it was printed before)."""
    receipt = get_receipt(action.session, receipt_id)
    duplicate = receipt.prints > 0
    acting.refuse(acts.reprint_refusal(action, receipt))
    receipt.prints += 1
    if duplicate:
        action.audit(
            "receipt.reprint",
            receipt,
            f"Receipt {receipt.number} printed again (DUPLICATE, print {receipt.prints})",
        )
    return duplicate


# -- reading ------------------------------------------------------------------------------------


def search_text_for(number: str, payer_name: str, references: Sequence[str]) -> str:
    """What a receipt is found by, folded once when it is written: its number, the payer and
    the references of its lines (one column to scan keeps search-as-you-type quick)."""
    return fold(" ".join((number, payer_name, *references)))


@provider("drawers")
def _drawers_left_open(action: Action) -> list[TodayItem]:
    """A drawer still open from an earlier day should have been closed out that evening."""
    today = action.today()
    zone = action.clock.local_now().tzinfo
    items = []
    for drawer in action.session.scalars(
        select(Drawer).where(
            Drawer.status == DrawerStatus.OPEN,
            Drawer.opened_at < start_of_day(today, zone or city_zone()),
        )
    ):
        opened = local_time(drawer.opened_at, zone).date()
        items.append(
            TodayItem(
                workflow="Receipts",
                due=opened,
                title=f"Close out the drawer of {drawer.station}",
                detail=f"Opened {format_day(opened)} and not yet closed: count it and deposit.",
                cite=FEE_CITE,
                record_type="drawer",
                record_id=str(drawer.id),
            )
        )
    return items
