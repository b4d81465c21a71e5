"""The Treasurer's day in print: receipts register, deposit slip, GL distribution, close-out.

Each report takes the plain views of :mod:`clerk_desk.receipt_views` (the core fills them) and
returns PDF bytes, or writes an Excel register through :func:`reports.excel.write_register`.

Void receipts stay in every register, marked VOID with their face amount struck through, and
are left out of every total: the auditor sees the gap in nothing (every number is listed) and
the deposit is not inflated by money that was handed back. Totals are the sum of the issued
receipts: payments and adjustments as recorded, refunds as money paid out (negative) whichever
sign the core gave them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import IO, TYPE_CHECKING, Any

from clerk_desk.deadlines import format_day
from clerk_desk.money import Money
from clerk_desk.receipt_views import DrawerView, GlTotal, Period, ReceiptRow
from clerk_desk.settings import CityProfile

from . import letterhead as lh
from .document import (
    INCH,
    LETTER,
    LETTER_LANDSCAPE,
    build_pdf,
    data_table,
    key_value_block,
    para,
    signature_line,
    styles,
)
from .excel import Column, ProgressCallback, write_register
from .fonts import FONT_REGULAR
from .receipt import clock, day_and_time

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

Target = str | os.PathLike[str] | IO[bytes]

_KIND_WORDS = {"payment": "Payment", "refund": "Refund", "adjustment": "Adjustment"}
_TENDER_KINDS = (
    ("Cash", "cash"),
    ("Checks", "checks"),
    ("Cards", "cards"),
    ("Money orders", "money_orders"),
)


def _kind_word(kind: str) -> str:
    return _KIND_WORDS.get(kind, kind.replace("_", " ").capitalize())


def _status_word(status: str) -> str:
    return "Void" if status == "void" else "Issued" if status == "issued" else status.capitalize()


def _sum(amounts: Iterable[Money]) -> Money:
    return sum(amounts, Money.zero())


def signed_total(row: ReceiptRow) -> Money:
    """What a receipt adds to the day: a refund is money paid back, whichever sign it was
    recorded with; payments and adjustments count as recorded."""
    return -abs(row.total) if row.kind == "refund" else row.total


def over_short_words(amount: Money | None) -> str:
    """``"Over $1.25"``, ``"Short $0.40"`` or ``"Balanced"`` (counted less expected)."""
    if amount is None:
        return "Not counted"
    if amount > Money.zero():
        return f"Over {amount}"
    if amount < Money.zero():
        return f"Short {-amount}"
    return "Balanced"


# ---------------------------------------------------------------- receipts register


REGISTER_COLUMNS: tuple[Column, ...] = (
    Column("Receipt", "text"),
    Column("Date", "datetime"),
    Column("Payer", "text"),
    Column("Kind", "text"),
    Column("Status", "text"),
    Column("Tenders", "text"),
    Column("References", "text", width=28),
    Column("Operator", "text"),
    Column("Station", "text"),
    Column("Total", "money"),
)
"""Columns of the receipts register workbook (one row per receipt)."""


def register_pdf(rows: Sequence[ReceiptRow], *, profile: CityProfile, period: Period) -> bytes:
    """The receipts register of ``period`` (a day or a range), landscape, one row per receipt.

    Void rows stay listed, marked VOID with the amount struck through, and are not totalled.
    The foot gives the issued count, the void count and the sum of the issued receipts, with a
    line per kind when refunds or adjustments are among them.
    """
    from reportlab.platypus import Paragraph, Spacer

    st = styles()
    one_day = period.since == period.until
    struck = _struck_style()
    table_rows: list[Sequence[object]] = []
    for row in rows:
        void = row.status == "void"
        when = clock(row.issued_at) if one_day else day_and_time(row.issued_at)
        kind: object = _kind_word(row.kind)
        amount: object = str(signed_total(row))
        if void:
            kind = Paragraph(f"<b>VOID</b> {_kind_word(row.kind).lower()}", st.cell)
            amount = Paragraph(f"<strike>{signed_total(row)}</strike>", struck)
        table_rows.append(
            (
                row.number,
                when,
                row.payer_name,
                kind,
                row.tender_kinds,
                row.references,
                row.operator_name,
                amount,
            )
        )

    issued = [r for r in rows if r.status != "void"]
    voided = len(rows) - len(issued)
    issued_total = _sum(signed_total(r) for r in issued)

    story: list[Flowable] = [
        para("Receipts Register", st.title),
        para(_period_subtitle(period, rows), st.subtitle),
    ]
    if not rows:
        story.append(para("No receipts were issued in this period.", st.body))
    else:
        story.append(
            data_table(
                [
                    "Receipt",
                    "Time" if one_day else "Date and time",
                    "Payer",
                    "Kind / status",
                    "Tenders",
                    "References",
                    "Operator",
                    "Total",
                ],
                table_rows,
                col_widths=[
                    1.0 * INCH,
                    0.72 * INCH if one_day else 1.55 * INCH,
                    "*",
                    1.15 * INCH,
                    1.0 * INCH,
                    1.35 * INCH,
                    1.05 * INCH,
                    0.95 * INCH,
                ],
                align=["left", "left", "left", "left", "left", "left", "left", "right"],
                total_row=[
                    "",
                    "",
                    f"Total of {len(issued):,} issued",
                    "",
                    "",
                    "",
                    "",
                    str(issued_total),
                ],
            )
        )
    story.append(Spacer(1, 12))
    summary: list[tuple[str, object]] = [
        ("Receipts issued", f"{len(issued):,}"),
        (
            "Receipts void",
            f"{voided:,}, face amount {_sum(abs(r.total) for r in rows if r.status == 'void')} "
            "(listed, not in the totals)"
            if voided
            else "none",
        ),
    ]
    kinds = sorted({r.kind for r in issued}, key=lambda k: (k != "payment", k))
    if len(kinds) > 1:
        for kind in kinds:
            of_kind = [r for r in issued if r.kind == kind]
            summary.append(
                (
                    f"{_kind_word(kind)}s",
                    f"{len(of_kind):,} receipts, {_sum(signed_total(r) for r in of_kind)}",
                )
            )
    summary.append(("Total of issued receipts", str(issued_total)))
    story.append(key_value_block(summary, label_width=1.9 * INCH))
    return build_pdf(
        story,
        profile=profile,
        title=f"Receipts Register {period}",
        subject=f"Receipts issued {period}",
        pagesize=LETTER_LANDSCAPE,
        letterhead=False,
    )


def _struck_style() -> Any:
    from reportlab.lib.styles import ParagraphStyle

    st = styles()
    return ParagraphStyle(
        "clerk-register-void", parent=st.cell_right, textColor=lh.color("#6B7280")
    )


def _period_subtitle(period: Period, rows: Sequence[ReceiptRow]) -> str:
    first = rows[0].number if rows else ""
    last = rows[-1].number if rows else ""
    numbers = f" \u00b7 receipts {first} to {last}" if rows and first != last else ""
    if rows and first == last:
        numbers = f" \u00b7 receipt {first}"
    return f"{period}{numbers}"


def _register_row(row: ReceiptRow) -> tuple[object, ...]:
    return (
        row.number,
        row.issued_at,
        row.payer_name,
        _kind_word(row.kind),
        _status_word(row.status),
        row.tender_kinds,
        row.references,
        row.operator_name,
        row.station,
        signed_total(row),
    )


def register_excel(
    target: Target,
    rows: Iterable[ReceiptRow],
    *,
    period: Period,
    progress: ProgressCallback | None = None,
) -> int:
    """The receipts register as a workbook, one row per receipt; returns the rows written.

    Void receipts keep their amount and say "Void" in Status: filter Status to total.
    """
    return write_register(
        target,
        title=f"Receipts {period}",
        columns=REGISTER_COLUMNS,
        rows=(_register_row(r) for r in rows),
        progress=progress,
        subtitle=f"Receipts register, {period} (void receipts keep their amount; filter Status)",
    )


LINE_COLUMNS: tuple[Column, ...] = (
    Column("Receipt", "text", width=14),
    Column("Date", "datetime"),
    Column("Payer", "text", width=30),
    Column("Status", "text", width=9),
    Column("Line description", "text", width=36),
    Column("Reference", "text", width=18),
    Column("GL account", "text", width=16),
    Column("Amount", "money", width=13),
    Column("Tenders", "text", width=18),
)
"""Header and kinds of the receipts-with-lines export: the one place its columns are defined.

The core yields plain tuples in exactly this order (it does not import this):
``(receipt number: str, issued at: datetime (local), payer name: str, status: str,
line description: str, reference: str, GL account: str, amount: Money, tenders: str)``.
"""


def register_lines_excel(
    target: Target,
    rows: Iterable[Sequence[object]],
    *,
    period: Period,
    progress: ProgressCallback | None = None,
) -> int:
    """Receipts with their lines, one row per receipt line; returns the rows written.

    ``rows`` are plain tuples in :data:`LINE_COLUMNS` order: receipt number, issued at
    (datetime), payer, status, line description, reference, GL account, amount (Money), tenders.
    They are streamed straight into openpyxl's write-only mode without being copied, so a year
    of receipts costs little more than openpyxl alone.
    """
    return write_register(
        target,
        title=f"Receipt lines {period}",
        columns=LINE_COLUMNS,
        rows=rows,
        progress=progress,
        subtitle=f"Receipts with their lines, {period}",
    )


# ---------------------------------------------------------------- deposit slip


def deposit_slip_pdf(drawer: DrawerView, *, profile: CityProfile) -> bytes:
    """The bank deposit of one drawer: the total first, then cash by denomination and checks.

    Cash to deposit is the counted cash less the starting cash kept for the next day. Money
    orders go to the bank with the checks, so they are added when the drawer took any; card
    payments settle through the processor and are shown for reference only.
    """
    from reportlab.platypus import Spacer

    st = styles()
    checks_total = _sum(c.amount for c in drawer.checks)
    money_orders = _counted_or_expected(drawer.counted_money_orders, drawer.expected_money_orders)
    deposit_total = drawer.deposit_cash + checks_total + money_orders
    summary: list[Sequence[object]] = [
        ("Cash", str(drawer.deposit_cash)),
        (f"Checks ({len(drawer.checks):,})", str(checks_total)),
    ]
    if money_orders:
        summary.append(("Money orders", str(money_orders)))
    summary_table = data_table(
        ["Deposit", "Amount"],
        summary,
        col_widths=["*", 1.1 * INCH],
        align=["left", "right"],
        total_row=["Total deposit", str(deposit_total)],
        zebra=False,
    )
    right: list[Flowable] = [summary_table]
    cards = _counted_or_expected(drawer.counted_cards, drawer.expected_cards)
    if cards:  # so nobody looks for the card money in the bag
        right.append(
            para(
                f"Card payments of {cards} settle through the card processor and are not "
                "part of this deposit.",
                _spaced(st.small, before=4),
            )
        )
    story: list[Flowable] = [
        para("Bank Deposit Slip", st.title),
        para(_drawer_subtitle(drawer), st.subtitle),
        _side_by_side(_drawer_facts(drawer, columns=1), right),
    ]

    # A usual day fits beside each other, like the bank's own slip; a long list runs down the
    # page instead (a table cell cannot continue on the next page).
    narrow = len(drawer.cash_count) <= _SIDE_CASH and len(drawer.checks) <= _SIDE_CHECKS
    cash = _cash_section(drawer, narrow=narrow)
    checks = _checks_section(drawer, checks_total, narrow=narrow)
    if narrow:
        story += [Spacer(1, 4), _side_by_side(cash, checks, split=0.5)]
    else:
        story += [*cash, *checks]
    story += _signatures("Prepared by", "Verified by")
    return build_pdf(
        story,
        profile=profile,
        title=f"Deposit Slip \u2014 {drawer.station}, {_drawer_day(drawer)}",
        subject=f"Bank deposit of drawer {drawer.id}",
    )


_SIDE_CASH = 16  # denominations that fit beside the checks
_SIDE_CHECKS = 14  # checks that fit beside the cash on the first page


def _cash_section(drawer: DrawerView, *, narrow: bool) -> list[Flowable]:
    """Cash by denomination, the starting cash kept in the drawer, and the cash to deposit."""
    from reportlab.platypus import Table, TableStyle

    st = styles()
    widths: list[float | str | None] = (
        ["*", 0.6 * INCH, 0.95 * INCH] if narrow else ["*", 1.0 * INCH, 1.3 * INCH]
    )
    counted = drawer.counted_cash if drawer.counted_cash is not None else drawer.expected_cash
    out: list[Flowable] = [para("Cash", st.heading)]
    if drawer.cash_count:
        out.append(
            data_table(
                ["Denomination", "Pieces", "Amount"],
                [(label, f"{pieces:,}", str(value)) for label, pieces, value in drawer.cash_count],
                col_widths=widths,
                align=["left", "right", "right"],
                total_row=["Cash counted", "", str(counted)],
            )
        )
    else:
        how = "counted, not by denomination" if drawer.counted_cash is not None else "expected"
        out.append(para(f"Cash in the drawer ({how}): {counted}", st.body))
    table = Table(
        [
            [
                para("Less starting cash kept", st.cell),
                "",
                para(str(-drawer.opening_cash), st.cell_right),
            ],
            [
                para("Cash to deposit", st.body_bold),
                "",
                para(str(drawer.deposit_cash), st.amount_total),
            ],
        ],
        colWidths=widths,
        hAlign="LEFT",
    )
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("SPAN", (0, 0), (1, 0)),
                ("SPAN", (0, 1), (1, 1)),
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("LINEBELOW", (0, 0), (-1, 0), 0.25, lh.color("#B8C2CE")),
                ("LINEBELOW", (0, 1), (-1, 1), 0.8, lh.color(lh.NAVY_HEX)),
                ("NOSPLIT", (0, 0), (-1, -1)),
            ]
        )
    )
    out.append(table)
    return out


def _checks_section(drawer: DrawerView, total: Money, *, narrow: bool) -> list[Flowable]:
    st = styles()
    out: list[Flowable] = [para("Checks", st.heading)]
    if not drawer.checks:
        out.append(para("No checks in this deposit.", st.body))
        return out
    out.append(
        data_table(
            ["No.", "Name on check", "Amount"],
            [(c.number, c.name, str(c.amount)) for c in drawer.checks],
            col_widths=[0.75 * INCH, "*", 0.95 * INCH] if narrow else [1.3 * INCH, "*", 1.3 * INCH],
            align=["left", "left", "right"],
            total_row=["", f"Total of {len(drawer.checks):,} checks", str(total)],
        )
    )
    return out


def _counted_or_expected(counted: Money | None, expected: Money) -> Money:
    return counted if counted is not None else expected


def _drawer_day(drawer: DrawerView) -> str:
    moment = drawer.closed_at or drawer.opened_at
    return format_day(moment.date())


def _drawer_subtitle(drawer: DrawerView) -> str:
    state = "closed" if drawer.status == "closed" else "still open \u2014 not final"
    return f"Drawer {drawer.id} \u00b7 {drawer.station} \u00b7 {_drawer_day(drawer)} \u00b7 {state}"


def _drawer_facts(drawer: DrawerView, *, columns: int = 2) -> Flowable:
    """Station, who opened and closed the drawer and when, its starting cash and receipts."""
    opened: list[tuple[str, object]] = [
        ("Station", f"{drawer.station} (drawer {drawer.id})"),
        ("Opened", day_and_time(drawer.opened_at)),
        ("Opened by", drawer.opened_by),
        ("Starting cash", str(drawer.opening_cash)),
    ]
    closed: list[tuple[str, object]] = [
        ("Closed", day_and_time(drawer.closed_at) if drawer.closed_at else "Not closed yet"),
        ("Closed by", drawer.closed_by or "\u2014"),
        ("Receipts", f"{drawer.receipts:,} issued, {drawer.voided:,} void"),
    ]
    if columns == 1:
        return key_value_block([*opened, *closed], label_width=1.05 * INCH)
    return _side_by_side(
        key_value_block(opened, label_width=1.05 * INCH),
        key_value_block(closed, label_width=0.9 * INCH),
    )


def _side_by_side(left: object, right: object, *, split: float = 0.52) -> Flowable:
    """Two small blocks next to each other (they never split across pages)."""
    from reportlab.platypus import Table, TableStyle

    table = Table(
        [[left, right]],
        colWidths=[f"{split * 100:.0f}%", f"{(1 - split) * 100:.0f}%"],
        hAlign="LEFT",
    )
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), 12),
                ("RIGHTPADDING", (1, 0), (1, 0), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def _spaced(style: Any, *, before: float) -> Any:
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(f"{style.name}+{before}", parent=style, spaceBefore=before)


def _signatures(*captions: str) -> list[Flowable]:
    from reportlab.platypus import Spacer, Table, TableStyle

    cells = [signature_line(f"{c} (signature and date)", width=3.0 * INCH) for c in captions]
    table = Table([cells], colWidths=[3.5 * INCH] * len(cells), hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    table.keepWithNext = False
    return [Spacer(1, 10), table]


# ---------------------------------------------------------------- GL distribution


GL_COLUMNS: tuple[Column, ...] = (
    Column("GL account", "text", width=16),
    Column("Description", "text", width=40),
    Column("Count", "int", width=9),
    Column("Total", "money", width=15),
)
"""Columns of the GL distribution workbook."""


def gl_distribution_pdf(
    totals: Sequence[GlTotal], *, profile: CityProfile, period: Period
) -> bytes:
    """Receipts of ``period`` distributed to GL accounts, with the count of lines and the total.

    The grand total equals the issued receipts' total of the same period (void receipts are not
    distributed), which is how the Treasurer ties this report to the register.
    """
    st = styles()
    grand = _sum(t.total for t in totals)
    count = sum(t.count for t in totals)
    story: list[Flowable] = [
        para("GL Distribution", st.title),
        para(f"{period} \u00b7 issued receipts, void receipts excluded", st.subtitle),
    ]
    if totals:
        story.append(
            data_table(
                ["GL account", "Description", "Lines", "Total"],
                [
                    (t.gl_account, t.description, f"{t.count:,}", str(t.total))
                    for t in _by_account(totals)
                ],
                col_widths=[1.4 * INCH, "*", 0.8 * INCH, 1.3 * INCH],
                align=["left", "left", "right", "right"],
                total_row=[
                    f"{len(totals):,} accounts",
                    "Grand total",
                    f"{count:,}",
                    str(grand),
                ],
            )
        )
    else:
        story.append(para("Nothing was received in this period.", st.body))
    return build_pdf(
        story,
        profile=profile,
        title=f"GL Distribution {period}",
        subject=f"Receipts by GL account, {period}",
        pagesize=LETTER,
        letterhead=False,
    )


def _by_account(totals: Iterable[GlTotal]) -> list[GlTotal]:
    """In account order, as the chart of accounts and the auditor read them."""
    return sorted(totals, key=lambda t: t.gl_account)


def gl_distribution_excel(target: Target, totals: Iterable[GlTotal], *, period: Period) -> int:
    """The GL distribution as a workbook: one row per account, then a grand-total row."""
    items = _by_account(totals)
    rows: list[tuple[object, ...]] = [
        (t.gl_account, t.description, t.count, t.total) for t in items
    ]
    rows.append(
        (
            "Grand total",
            f"{len(items):,} accounts",
            sum(t.count for t in items),
            _sum(t.total for t in items),
        )
    )
    return write_register(
        target,
        title=f"GL distribution {period}",
        columns=GL_COLUMNS,
        rows=rows,
        subtitle=f"GL distribution, {period} (void receipts excluded)",
    )


# ---------------------------------------------------------------- close-out


def closeout_pdf(drawer: DrawerView, *, profile: CityProfile) -> bytes:
    """The drawer's close-out: expected against counted for each kind of tender, and over/short.

    Expected cash includes the starting cash. Each row's difference reads "Over $x", "Short $x"
    or "Balanced"; the drawer's recorded over/short and the Treasurer's note follow.
    """
    from reportlab.platypus import Spacer

    st = styles()
    story: list[Flowable] = [
        para("Cash Drawer Close-out", st.title),
        para(_drawer_subtitle(drawer), st.subtitle),
        _drawer_facts(drawer),
        para("Expected and counted", st.heading),
    ]
    rows: list[Sequence[object]] = []
    expected_sum = Money.zero()
    counted_sum = Money.zero()
    all_counted = True
    for label, key in _TENDER_KINDS:
        expected: Money = getattr(drawer, f"expected_{key}")
        counted: Money | None = getattr(drawer, f"counted_{key}")
        expected_sum += expected
        if counted is None:
            all_counted = False
            rows.append((label, str(expected), "not counted", ""))
            continue
        counted_sum += counted
        rows.append((label, str(expected), str(counted), over_short_words(counted - expected)))
    story.append(
        data_table(
            ["Tender", "Expected", "Counted", "Over / short"],
            rows,
            col_widths=["*", 1.3 * INCH, 1.3 * INCH, 1.6 * INCH],
            align=["left", "right", "right", "right"],
            total_row=[
                "Total",
                str(expected_sum),
                str(counted_sum) if all_counted else "",
                over_short_words(counted_sum - expected_sum) if all_counted else "",
            ],
        )
    )
    story.append(
        para(
            f"Expected cash is the starting cash of {drawer.opening_cash} plus cash received "
            "less change given.",
            _spaced(st.small, before=3),
        )
    )
    story.append(Spacer(1, 8))

    result = over_short_words(drawer.over_short)
    if drawer.over_short is None and all_counted:
        result = over_short_words(counted_sum - expected_sum)
    result_pairs: list[tuple[str, object]] = [("Drawer result", para(result, st.body_bold))]
    if drawer.close_note.strip():
        result_pairs.append(("Note", drawer.close_note.strip()))
    story.append(key_value_block(result_pairs, label_width=1.2 * INCH))

    if drawer.cash_count:
        story.append(para("Cash count", st.heading))
        story.append(
            data_table(
                ["Denomination", "Pieces", "Amount"],
                [(label, f"{pieces:,}", str(value)) for label, pieces, value in drawer.cash_count],
                col_widths=["*", 1.0 * INCH, 1.3 * INCH],
                align=["left", "right", "right"],
                total_row=["Cash counted", "", str(_sum(v for _, _, v in drawer.cash_count))],
            )
        )
    story += _signatures("Counted by", "Verified by")
    return build_pdf(
        story,
        profile=profile,
        title=f"Close-out \u2014 {drawer.station}, {_drawer_day(drawer)}",
        subject=f"Close-out of drawer {drawer.id}",
    )
