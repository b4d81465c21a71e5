"""The receipts register (PDF and workbook) and the receipts-with-lines export.

Void receipts stay in the register, marked VOID with their face amount struck through, and are
left out of every total: the auditor sees the gap in nothing (every number is listed) and the
day's takings are not inflated by money that was handed back. Totals are the sum of the issued
receipts: payments and adjustments as recorded, refunds as money paid out (negative) whichever
sign the core gave them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from clerk_desk.money import Money
from clerk_desk.receipts.views import Period, ReceiptRow
from clerk_desk.settings import CityProfile
from clerk_desk.words import clock_time, day_and_time
from reports import letterhead as lh
from reports.document import (
    INCH,
    LETTER_LANDSCAPE,
    build_pdf,
    data_table,
    dense_styles,
    dense_width,
    key_value_block,
    para,
    styles,
)
from reports.excel import Column, ProgressCallback, period_sheet_name, write_register
from reports.receipts.parts import Target, money_sum

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

_KIND_WORDS = {"payment": "Payment", "refund": "Refund", "adjustment": "Adjustment"}


def _kind_word(kind: str) -> str:
    return _KIND_WORDS.get(kind, kind.replace("_", " ").capitalize())


def _status_word(status: str) -> str:
    return "Void" if status == "void" else "Issued" if status == "issued" else status.capitalize()


def signed_total(row: ReceiptRow) -> Money:
    """What a receipt adds to the day: a refund is money paid back, whichever sign it was
    recorded with; payments and adjustments count as recorded."""
    return -abs(row.total) if row.kind == "refund" else row.total


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
    from reportlab.platypus import KeepTogether, Spacer

    st = styles()
    issued = [r for r in rows if r.status != "void"]
    story: list[Flowable] = [
        para("Receipts Register", st.title),
        para(_period_subtitle(period, rows), st.subtitle),
    ]
    if not rows:
        story.append(para("No receipts were issued in this period.", st.body))
    else:
        story.append(_register_table(rows, issued, one_day=period.since == period.until))
    # The summary is read as one: at the foot of a page it goes whole to the next.
    story.append(KeepTogether([Spacer(1, 12), _register_summary(rows, issued)]))
    return build_pdf(
        story,
        profile=profile,
        title=f"Receipts Register {period}",
        subject=f"Receipts issued {period}",
        pagesize=LETTER_LANDSCAPE,
        letterhead=False,
    )


def _register_table_rows(rows: Sequence[ReceiptRow], *, one_day: bool) -> list[Sequence[object]]:
    """One table row per receipt; a void's kind says VOID and its amount is struck through."""
    from reportlab.platypus import Paragraph

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
    return table_rows


def _register_table(
    rows: Sequence[ReceiptRow], issued: Sequence[ReceiptRow], *, one_day: bool
) -> Flowable:
    """The register's table, its total row the sum of the issued receipts."""
    table_rows = _register_table_rows(rows, one_day=one_day)
    issued_total = money_sum(signed_total(r) for r in issued)
    when_header = "Time" if one_day else "Date and time"
    return data_table(
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
                    *(f"VOID {_kind_word(r.kind).lower()}" for r in rows if r.status == "void"),
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
        total_row=["", "", f"Total of {len(issued):,} issued", "", "", "", "", str(issued_total)],
    )


def _register_summary(rows: Sequence[ReceiptRow], issued: Sequence[ReceiptRow]) -> Flowable:
    """The foot: issued and void counts, a line per kind when there are several, the total."""
    voided = len(rows) - len(issued)
    voided_face = money_sum(abs(r.total) for r in rows if r.status == "void")
    summary: list[tuple[str, object]] = [
        ("Receipts issued", f"{len(issued):,}"),
        (
            "Receipts void",
            f"{voided:,}, face amount {voided_face} (listed, not in the totals)"
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
                    f"{len(of_kind):,} receipts, {money_sum(signed_total(r) for r in of_kind)}",
                )
            )
    summary.append(("Total of issued receipts", str(money_sum(signed_total(r) for r in issued))))
    return key_value_block(summary, label_width=1.9 * INCH)


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
