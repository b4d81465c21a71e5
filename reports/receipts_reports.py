"""The Treasurer's day in print: receipts register, deposit slip, GL distribution, close-out.

Each report takes the plain views of :mod:`clerk_desk.receipts.views` (the core fills them) and
returns PDF bytes, or writes an Excel register through :func:`reports.excel.write_register`
(the deposit slip, a small sheet of several sections, is written with openpyxl directly).

Void receipts stay in every register, marked VOID with their face amount struck through, and
are left out of every total: the auditor sees the gap in nothing (every number is listed) and
the deposit is not inflated by money that was handed back. Totals are the sum of the issued
receipts: payments and adjustments as recorded, refunds as money paid out (negative) whichever
sign the core gave them.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from clerk_desk.money import Money
from clerk_desk.receipts.views import DrawerView, GlTotal, Period, ReceiptRow
from clerk_desk.settings import CityProfile
from clerk_desk.words import clock_time, day_and_time, format_day

from . import letterhead as lh
from .document import (
    INCH,
    LETTER,
    LETTER_LANDSCAPE,
    build_pdf,
    data_table,
    dense_styles,
    dense_width,
    key_value_block,
    para,
    signature_line,
    styles,
)
from .excel import (
    DATETIME_FORMAT,
    INT_FORMAT,
    MONEY_FORMAT,
    Column,
    ProgressCallback,
    period_sheet_name,
    sheet_title,
    write_register,
)
from .fonts import FONT_REGULAR

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
    Column("Voided amount", "money"),
    Column("Total", "money"),
)
"""Columns of the receipts register workbook (one row per receipt). A void receipt's amount is
in "Voided amount" only, so a Treasurer summing the Total column gets the day's real takings."""


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
        when = (
            clock_time(row.issued_at, dotted=True)
            if one_day
            else day_and_time(row.issued_at, dotted=True)
        )
        kind: object = _kind_word(row.kind)
        amount: object = str(signed_total(row))
        if void:
            kind = Paragraph(f"<b>VOID</b> {_kind_word(row.kind).lower()}", dense_styles().cell)
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
        when_header = "Time" if one_day else "Date and time"
        story.append(
            data_table(
                [
                    "Receipt",
                    when_header,
                    "Payer",
                    "Kind / status",
                    "Tenders",
                    "References",
                    "Operator",
                    "Total",
                ],
                table_rows,
                col_widths=[
                    dense_width([r[0] for r in table_rows], bold=["Receipt"]),
                    dense_width([r[1] for r in table_rows], bold=[when_header]),
                    "*",
                    dense_width(
                        [_kind_word(r.kind) for r in rows],
                        bold=[
                            "Kind / status",  # a void's "VOID payment", measured all in bold
                            *(
                                f"VOID {_kind_word(r.kind).lower()}"
                                for r in rows
                                if r.status == "void"
                            ),
                        ],
                    ),
                    1.0 * INCH,
                    1.15 * INCH,
                    0.95 * INCH,
                    dense_width([str(signed_total(r)) for r in rows], bold=[str(issued_total)]),
                ],
                align=["left", "left", "left", "left", "left", "left", "left", "right"],
                # The number, the date and a live amount never wrap: set as plain lines.
                plain=[True, True, False, False, False, False, False, True],
                dense=True,
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

    st = dense_styles()
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
    void = row.status == "void"
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
        signed_total(row) if void else None,
        None if void else signed_total(row),
    )


def register_excel(
    target: Target,
    rows: Iterable[ReceiptRow],
    *,
    period: Period,
    progress: ProgressCallback | None = None,
) -> int:
    """The receipts register as a workbook, one row per receipt; returns the rows written.

    Void receipts say "Void" in Status and keep their amount in "Voided amount", never in
    Total: the sum of the Total column is what the period took in.
    """
    return write_register(
        target,
        title=f"Receipts {period}",
        sheet_name=period_sheet_name("Receipts", period.since, period.until),
        columns=REGISTER_COLUMNS,
        rows=(_register_row(r) for r in rows),
        progress=progress,
        subtitle=f"Receipts register, {period} (void receipts in Voided amount, not in Total)",
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
    Column("Voided amount", "money", width=13),
)
"""Header and kinds of the receipts-with-lines export: the one place its columns are defined.

The core yields plain tuples in this order, without the last column (it does not import this):
``(receipt number: str, issued at: datetime (local), payer name: str, status: str,
line description: str, reference: str, GL account: str, amount: Money, tenders: str)``.
A void receipt's line amount moves to "Voided amount", so the Amount column sums to the takings.
"""

_LINE_STATUS = 3
_LINE_AMOUNT = 7


def _line_row(row: Sequence[object]) -> Sequence[object]:
    """A line of the export as written: a void receipt's amount in its own last column."""
    if str(row[_LINE_STATUS]).casefold() != "void":
        return (*row, None)
    return (*row[:_LINE_AMOUNT], None, *row[_LINE_AMOUNT + 1 :], row[_LINE_AMOUNT])


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
    They are streamed into openpyxl's write-only mode, each given its Voided amount cell as it
    goes, so a year of receipts costs little more than openpyxl alone.
    """
    return write_register(
        target,
        title=f"Receipt lines {period}",
        sheet_name=period_sheet_name("Receipt lines", period.since, period.until, short="Lines"),
        columns=LINE_COLUMNS,
        rows=(_line_row(row) for row in rows),
        progress=progress,
        subtitle=f"Receipts with their lines, {period}",
    )


# ---------------------------------------------------------------- deposit slip


def deposit_slip_pdf(drawer: DrawerView, *, profile: CityProfile) -> bytes:
    """The bank deposit of one drawer: the total first, then cash by denomination and checks.

    Cash to deposit is the counted cash less the starting cash kept for the next day. The
    checks are those the Treasurer counted at close-out (before the close, those received,
    marked as not counted). Money orders go to the bank with the checks, so they are added and
    listed one by one when the drawer took any; card payments settle through the processor and
    are shown for reference only.
    """
    from reportlab.platypus import Spacer

    st = styles()
    figures = _deposit(drawer)
    summary: list[Sequence[object]] = [
        ("Cash", str(drawer.deposit_cash)),
        (f"Checks ({len(drawer.deposit_checks):,})", str(figures.checks)),
    ]
    if figures.money_orders:
        summary.append(("Money orders", str(figures.money_orders)))
    summary_table = data_table(
        ["Deposit", "Amount"],
        summary,
        col_widths=["*", 1.1 * INCH],
        align=["left", "right"],
        total_row=["Total deposit", str(figures.total)],
        zebra=False,
    )
    right: list[Flowable] = [summary_table]
    if figures.cards:  # so nobody looks for the card money in the bag
        right.append(para(_cards_note(figures.cards), _spaced(st.small, before=4)))
    story: list[Flowable] = [
        para("Bank Deposit Slip", st.title),
        para(_drawer_subtitle(drawer), st.subtitle),
        _side_by_side(_drawer_facts(drawer, columns=1), right),
    ]

    # A usual day fits beside each other, like the bank's own slip; a long list runs down the
    # page instead (a table cell cannot continue on the next page).
    narrow = len(drawer.cash_count) <= _SIDE_CASH and len(drawer.deposit_checks) <= _SIDE_CHECKS
    cash = _cash_section(drawer, narrow=narrow)
    checks = _checks_section(drawer, figures.checks, narrow=narrow)
    if narrow:
        story += [Spacer(1, 4), _side_by_side(cash, checks, split=0.5)]
    else:
        story += [*cash, *checks]
    story += _money_orders_section(drawer, figures.money_orders)
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


def _checks_heading(drawer: DrawerView) -> str:
    return "Checks" if drawer.closed else "Checks (as received, not counted)"


def _checks_section(drawer: DrawerView, total: Money, *, narrow: bool) -> list[Flowable]:
    st = styles()
    checks = drawer.deposit_checks
    out: list[Flowable] = [para(_checks_heading(drawer), st.heading)]
    if not checks:
        out.append(para("No checks in this deposit.", st.body))
        return out
    out.append(
        data_table(
            ["No.", "Name on check", "Amount"],
            [(c.number, c.name, str(c.amount)) for c in checks],
            col_widths=[0.75 * INCH, "*", 0.95 * INCH] if narrow else [1.3 * INCH, "*", 1.3 * INCH],
            align=["left", "left", "right"],
            total_row=["", f"Total of {len(checks):,} checks", str(total)],
        )
    )
    return out


def _money_orders_note(drawer: DrawerView, total: Money) -> str:
    """When the money orders counted differ from those received, say which figure is used."""
    received = _sum(m.amount for m in drawer.money_orders)
    if drawer.closed and received != total:
        return f"Money orders received come to {received}; {total} was counted at close-out."
    return ""


def _money_orders_section(drawer: DrawerView, total: Money) -> list[Flowable]:
    st = styles()
    if not drawer.money_orders and not total:
        return []
    out: list[Flowable] = [para("Money orders", st.heading)]
    if drawer.money_orders:
        out.append(
            data_table(
                ["No.", "Payer", "Amount"],
                [(m.number, m.name, str(m.amount)) for m in drawer.money_orders],
                col_widths=[1.3 * INCH, "*", 1.3 * INCH],
                align=["left", "left", "right"],
                total_row=[
                    "",
                    f"Total of {len(drawer.money_orders):,} money orders",
                    str(_sum(m.amount for m in drawer.money_orders)),
                ],
            )
        )
    note = _money_orders_note(drawer, total)
    if note:
        out.append(para(note, _spaced(st.small, before=3)))
    return out


def _counted_or_expected(counted: Money | None, expected: Money) -> Money:
    return counted if counted is not None else expected


@dataclass(frozen=True, slots=True)
class _Deposit:
    """The figures of one drawer's deposit, the same on the PDF slip and in the workbook."""

    cash_counted: Money  # counted, or expected while the drawer is open
    cash: Money  # to the bank: counted less the starting cash kept
    checks: Money
    money_orders: Money
    cards: Money  # settled by the card processor, not in the bag

    @property
    def total(self) -> Money:
        return self.cash + self.checks + self.money_orders


def _deposit(drawer: DrawerView) -> _Deposit:
    return _Deposit(
        cash_counted=_counted_or_expected(drawer.counted_cash, drawer.expected_cash),
        cash=drawer.deposit_cash,
        checks=_sum(c.amount for c in drawer.deposit_checks),
        money_orders=_counted_or_expected(
            drawer.counted_money_orders, drawer.expected_money_orders
        ),
        cards=_counted_or_expected(drawer.counted_cards, drawer.expected_cards),
    )


def _cards_note(cards: Money) -> str:
    return (
        f"Card payments of {cards} settle through the card processor and are not part of "
        "this deposit."
    )


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
        ("Opened", day_and_time(drawer.opened_at, dotted=True)),
        ("Opened by", drawer.opened_by),
        ("Starting cash", str(drawer.opening_cash)),
    ]
    closed: list[tuple[str, object]] = [
        (
            "Closed",
            day_and_time(drawer.closed_at, dotted=True) if drawer.closed_at else "Not closed yet",
        ),
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


def deposit_slip_excel(target: Target, drawer: DrawerView, *, profile: CityProfile) -> int:
    """The deposit slip of :func:`deposit_slip_pdf` as a one-sheet workbook; returns its rows.

    Top to bottom: the drawer (station, who opened and closed it and when, starting cash,
    receipts), cash by denomination with pieces and amount, less the starting cash kept, cash
    to deposit, each check with the total of the checks, money orders, and the total deposit.
    Amounts are real numbers in currency format and the figures are those of the PDF slip (one
    computation serves both). On a path the workbook is written beside it and renamed into
    place when complete, as every export is.
    """
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    figures = _deposit(drawer)
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    title = f"Deposit slip \u2014 {drawer.station}, {_drawer_day(drawer)}"
    ws.title = sheet_title(f"Deposit {drawer.station}")
    wb.properties.title = title
    wb.properties.subject = f"Bank deposit of drawer {drawer.id}"
    wb.properties.creator = profile.city_name
    for letter, width in (("A", 30.0), ("B", 34.0), ("C", 15.0)):
        ws.column_dimensions[letter].width = width

    bold = Font(bold=True)
    navy = Side(style="thin", color="1F3A5F")
    header_fill = PatternFill("solid", fgColor="E3E8EF")

    def put(*values: object, money: int | None = None, style: str = "") -> int:
        """Append one row; ``money`` is the column (1-based) holding an amount."""
        ws.append([_xl(v) for v in values])
        row = ws.max_row
        if money is not None:
            ws.cell(row, money).number_format = MONEY_FORMAT
        for cell in ws[row]:
            if style == "header":
                cell.font = bold
                cell.fill = header_fill
                cell.border = Border(bottom=navy)
            elif style == "total":
                cell.font = bold
                cell.border = Border(top=navy)
            elif style == "grand":
                cell.font = Font(bold=True, size=12)
                cell.border = Border(top=navy, bottom=Side(style="double", color="1F3A5F"))
        return int(row)

    def section(name: str) -> None:
        ws.append([])
        ws.append([name])
        ws.cell(ws.max_row, 1).font = Font(bold=True, size=12, color="1F3A5F")

    put("Bank Deposit Slip")
    ws["A1"].font = Font(bold=True, size=14)
    put(profile.city_name)
    put(_drawer_subtitle(drawer))
    ws.append([])
    put("Station", f"{drawer.station} (drawer {drawer.id})")
    put("Opened", drawer.opened_at)
    put("Opened by", drawer.opened_by)
    put("Starting cash", drawer.opening_cash, money=2)
    put("Closed", drawer.closed_at if drawer.closed_at else "Not closed yet")
    put("Closed by", drawer.closed_by or "\u2014")
    put("Receipts", f"{drawer.receipts:,} issued, {drawer.voided:,} void")
    for row in range(5, ws.max_row + 1):
        ws.cell(row, 1).font = bold
        value = ws.cell(row, 2)
        value.alignment = Alignment(horizontal="left")
        if isinstance(value.value, dt.datetime):
            value.number_format = DATETIME_FORMAT

    section("Cash")
    if drawer.cash_count:
        put("Denomination", "Pieces", "Amount", style="header")
        for label, pieces, value in drawer.cash_count:
            row = put(label, pieces, value, money=3)
            ws.cell(row, 2).number_format = INT_FORMAT
        put("Cash counted", None, figures.cash_counted, money=3, style="total")
    else:
        how = "counted, not by denomination" if drawer.counted_cash is not None else "expected"
        put(f"Cash in the drawer ({how})", None, figures.cash_counted, money=3)
    put("Less starting cash kept", None, -drawer.opening_cash, money=3)
    put("Cash to deposit", None, figures.cash, money=3, style="total")

    checks = drawer.deposit_checks
    section(_checks_heading(drawer))
    if checks:
        put("No.", "Name on check", "Amount", style="header")
        for check in checks:
            row = put(check.number, check.name, check.amount, money=3)
            ws.cell(row, 1).data_type = "s"  # check numbers stay text ("0042")
        put(None, f"Total of {len(checks):,} checks", figures.checks, money=3, style="total")
    else:
        put("No checks in this deposit.", None, Money.zero(), money=3)

    if drawer.money_orders:
        section("Money orders received")
        put("No.", "Payer", "Amount", style="header")
        for order in drawer.money_orders:
            row = put(order.number, order.name, order.amount, money=3)
            ws.cell(row, 1).data_type = "s"
        count = len(drawer.money_orders)
        received = _sum(m.amount for m in drawer.money_orders)
        put(None, f"Total of {count:,} money orders", received, money=3, style="total")
        note = _money_orders_note(drawer, figures.money_orders)
        if note:
            put(note)

    section("Deposit")
    put("Cash", None, figures.cash, money=3)
    put(f"Checks ({len(checks):,})", None, figures.checks, money=3)
    put("Money orders", None, figures.money_orders, money=3)
    put("Total deposit", None, figures.total, money=3, style="grand")
    if figures.cards:
        ws.append([])
        put(_cards_note(figures.cards))
        ws.cell(ws.max_row, 1).font = Font(italic=True, color="4B5563")
    ws.append([])
    put("Prepared by (signature and date)", None, None)
    put("Verified by (signature and date)", None, None)

    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.oddHeader.center.text = title.replace("&", "&&")
    ws.oddFooter.center.text = "Page &P of &N"
    rows = int(ws.max_row)
    _save_workbook(wb, target)
    return rows


def _xl(value: object) -> object:
    """A cell value: money as Decimal, local times without a zone, text without control codes."""
    if isinstance(value, Money):
        return value.amount
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None)
    if isinstance(value, str):
        return _CONTROL.sub("", value)
    return value


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _save_workbook(wb: Any, target: Target) -> None:
    """Save to a stream, or to a path through a temporary file renamed into place."""
    if not isinstance(target, str | os.PathLike):
        wb.save(target)
        return
    path = Path(target)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".xlsx", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        wb.save(tmp)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


# ---------------------------------------------------------------- GL distribution


GL_COLUMNS: tuple[Column, ...] = (
    Column("GL account", "text", width=16),
    Column("Description", "text", width=40),
    Column("Count", "int", width=9),
    Column("Total", "money", width=15),
)
"""Columns of the GL distribution workbook."""


def gl_distribution_pdf(
    totals: Sequence[GlTotal], *, profile: CityProfile, period: Period, scope: str = ""
) -> bytes:
    """Receipts of ``period`` distributed to GL accounts, with the count of lines and the total.

    The grand total equals the issued receipts' total of the same period (void receipts are not
    distributed), which is how the Treasurer ties this report to the register. ``scope`` says
    what the totals cover when it is less than every receipt of the period, e.g.
    "Drawer 42 · Counter 1"; it heads the subtitle.
    """
    st = styles()
    grand = _sum(t.total for t in totals)
    count = sum(t.count for t in totals)
    lead = f"{scope} \u00b7 " if scope else ""
    story: list[Flowable] = [
        para("GL Distribution", st.title),
        para(f"{lead}{period} \u00b7 issued receipts, void receipts excluded", st.subtitle),
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
        title=f"GL Distribution {lead}{period}",
        subject=f"Receipts by GL account, {lead}{period}",
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
        sheet_name=period_sheet_name("GL distribution", period.since, period.until, short="GL"),
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
    # Each kind is checked on its own (the rows above): when more than one differs, say so
    # beside the result, so that a balanced total does not read as a balanced drawer.
    uneven = [
        f"{label.lower()} {over_short_words(diff).lower()}"
        for label, key in _TENDER_KINDS
        if (diff := drawer.differences[key]) is not None and diff != Money.zero()
    ]
    if len(uneven) > 1:
        result = f"{result} \u2014 by tender: {'; '.join(uneven)}"
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
