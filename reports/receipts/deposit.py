"""The bank deposit slip of one drawer, as a PDF and as a one-sheet workbook.

The deposit slip, a small sheet of several sections, is written with openpyxl directly; both
forms take their figures from one computation (:class:`_Deposit`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from clerk_desk.money import Money
from clerk_desk.receipts.views import DrawerView
from clerk_desk.settings import CityProfile
from reports import letterhead as lh
from reports.document import INCH, build_pdf, data_table, para, styles
from reports.excel import (
    DATETIME_FORMAT,
    INT_FORMAT,
    MONEY_FORMAT,
    cell_value,
    save_workbook,
    sheet_title,
)
from reports.fonts import FONT_REGULAR
from reports.receipts.parts import (
    Target,
    drawer_day,
    drawer_facts,
    drawer_subtitle,
    money_sum,
    side_by_side,
    signatures,
    spaced,
)

if TYPE_CHECKING:
    from reportlab.platypus import Flowable


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
        right.append(para(_cards_note(figures.cards), spaced(st.small, before=4)))
    story: list[Flowable] = [
        para("Bank Deposit Slip", st.title),
        para(drawer_subtitle(drawer), st.subtitle),
        side_by_side(drawer_facts(drawer, columns=1), right),
    ]

    # A usual day fits beside each other, like the bank's own slip; a long list runs down the
    # page instead (a table cell cannot continue on the next page).
    narrow = len(drawer.cash_count) <= _SIDE_CASH and len(drawer.deposit_checks) <= _SIDE_CHECKS
    cash = _cash_section(drawer, narrow=narrow)
    checks = _checks_section(drawer, figures.checks, narrow=narrow)
    if narrow:
        story += [Spacer(1, 4), side_by_side(cash, checks, split=0.5)]
    else:
        story += [*cash, *checks]
    story += _money_orders_section(drawer, figures.money_orders)
    story += signatures("Prepared by", "Verified by")
    return build_pdf(
        story,
        profile=profile,
        title=f"Deposit Slip \u2014 {drawer.station}, {drawer_day(drawer)}",
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
    received = money_sum(m.amount for m in drawer.money_orders)
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
                    str(money_sum(m.amount for m in drawer.money_orders)),
                ],
            )
        )
    note = _money_orders_note(drawer, total)
    if note:
        out.append(para(note, spaced(st.small, before=3)))
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
        checks=money_sum(c.amount for c in drawer.deposit_checks),
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

    figures = _deposit(drawer)
    wb = Workbook()
    title = f"Deposit slip \u2014 {drawer.station}, {drawer_day(drawer)}"
    wb.properties.title = title
    wb.properties.subject = f"Bank deposit of drawer {drawer.id}"
    wb.properties.creator = profile.city_name
    sheet = _SlipSheet(wb.active)
    sheet.ws.title = sheet_title(f"Deposit {drawer.station}")
    for letter, width in (("A", 30.0), ("B", 34.0), ("C", 15.0)):
        sheet.ws.column_dimensions[letter].width = width
    _slip_drawer_rows(sheet, drawer, profile)
    _slip_cash_rows(sheet, drawer, figures)
    _slip_check_rows(sheet, drawer, figures)
    _slip_money_order_rows(sheet, drawer, figures)
    _slip_deposit_rows(sheet, drawer, figures)
    _slip_page_setup(sheet.ws, title)
    rows = int(sheet.ws.max_row)
    save_workbook(wb, target)
    return rows


class _SlipSheet:
    """The deposit slip's sheet, with its two ways of adding rows (a row, a section heading)."""

    def __init__(self, ws: Any) -> None:
        from openpyxl.styles import Border, Font, PatternFill, Side

        assert ws is not None
        self.ws = ws
        navy = Side(style="thin", color="1F3A5F")
        self.bold = Font(bold=True)
        self._header = (self.bold, PatternFill("solid", fgColor="E3E8EF"), Border(bottom=navy))
        self._total = (self.bold, Border(top=navy))
        self._grand = (
            Font(bold=True, size=12),
            Border(top=navy, bottom=Side(style="double", color="1F3A5F")),
        )
        self._section_font = Font(bold=True, size=12, color="1F3A5F")

    def put(self, *values: object, money: int | None = None, style: str = "") -> int:
        """Append one row; ``money`` is the column (1-based) holding an amount."""
        ws = self.ws
        ws.append([cell_value(v) for v in values])
        row = ws.max_row
        if money is not None:
            ws.cell(row, money).number_format = MONEY_FORMAT
        for cell in ws[row]:
            if style == "header":
                cell.font, cell.fill, cell.border = self._header
            elif style == "total":
                cell.font, cell.border = self._total
            elif style == "grand":
                cell.font, cell.border = self._grand
        return int(row)

    def section(self, name: str) -> None:
        self.ws.append([])
        self.ws.append([name])
        self.ws.cell(self.ws.max_row, 1).font = self._section_font


def _slip_drawer_rows(sheet: _SlipSheet, drawer: DrawerView, profile: CityProfile) -> None:
    """The heading and the drawer: station, who opened and closed it and when, receipts."""
    from openpyxl.styles import Alignment, Font

    put, ws = sheet.put, sheet.ws
    put("Bank Deposit Slip")
    ws["A1"].font = Font(bold=True, size=14)
    put(profile.city_name)
    put(drawer_subtitle(drawer))
    ws.append([])
    put("Station", f"{drawer.station} (drawer {drawer.id})")
    put("Opened", drawer.opened_at)
    put("Opened by", drawer.opened_by)
    put("Starting cash", drawer.opening_cash, money=2)
    put("Closed", drawer.closed_at if drawer.closed_at else "Not closed yet")
    put("Closed by", drawer.closed_by or "\u2014")
    put("Receipts", f"{drawer.receipts:,} issued, {drawer.voided:,} void")
    for row in range(5, ws.max_row + 1):
        ws.cell(row, 1).font = sheet.bold
        value = ws.cell(row, 2)
        value.alignment = Alignment(horizontal="left")
        if isinstance(value.value, dt.datetime):
            value.number_format = DATETIME_FORMAT


def _slip_cash_rows(sheet: _SlipSheet, drawer: DrawerView, figures: _Deposit) -> None:
    """Cash by denomination (or as counted), less the starting cash kept."""
    put = sheet.put
    sheet.section("Cash")
    if drawer.cash_count:
        put("Denomination", "Pieces", "Amount", style="header")
        for label, pieces, value in drawer.cash_count:
            row = put(label, pieces, value, money=3)
            sheet.ws.cell(row, 2).number_format = INT_FORMAT
        put("Cash counted", None, figures.cash_counted, money=3, style="total")
    else:
        how = "counted, not by denomination" if drawer.counted_cash is not None else "expected"
        put(f"Cash in the drawer ({how})", None, figures.cash_counted, money=3)
    put("Less starting cash kept", None, -drawer.opening_cash, money=3)
    put("Cash to deposit", None, figures.cash, money=3, style="total")


def _slip_check_rows(sheet: _SlipSheet, drawer: DrawerView, figures: _Deposit) -> None:
    """Each check deposited, with their total."""
    put, checks = sheet.put, drawer.deposit_checks
    sheet.section(_checks_heading(drawer))
    if checks:
        put("No.", "Name on check", "Amount", style="header")
        for check in checks:
            row = put(check.number, check.name, check.amount, money=3)
            sheet.ws.cell(row, 1).data_type = "s"  # check numbers stay text ("0042")
        put(None, f"Total of {len(checks):,} checks", figures.checks, money=3, style="total")
    else:
        put("No checks in this deposit.", None, Money.zero(), money=3)


def _slip_money_order_rows(sheet: _SlipSheet, drawer: DrawerView, figures: _Deposit) -> None:
    """Each money order received, with their total; nothing when there were none."""
    if not drawer.money_orders:
        return
    put = sheet.put
    sheet.section("Money orders received")
    put("No.", "Payer", "Amount", style="header")
    for order in drawer.money_orders:
        row = put(order.number, order.name, order.amount, money=3)
        sheet.ws.cell(row, 1).data_type = "s"
    count = len(drawer.money_orders)
    received = money_sum(m.amount for m in drawer.money_orders)
    put(None, f"Total of {count:,} money orders", received, money=3, style="total")
    note = _money_orders_note(drawer, figures.money_orders)
    if note:
        put(note)


def _slip_deposit_rows(sheet: _SlipSheet, drawer: DrawerView, figures: _Deposit) -> None:
    """The total deposit, the card note, and the two signature lines."""
    from openpyxl.styles import Font

    put, ws = sheet.put, sheet.ws
    sheet.section("Deposit")
    put("Cash", None, figures.cash, money=3)
    put(f"Checks ({len(drawer.deposit_checks):,})", None, figures.checks, money=3)
    put("Money orders", None, figures.money_orders, money=3)
    put("Total deposit", None, figures.total, money=3, style="grand")
    if figures.cards:
        ws.append([])
        put(_cards_note(figures.cards))
        ws.cell(ws.max_row, 1).font = Font(italic=True, color="4B5563")
    ws.append([])
    put("Prepared by (signature and date)", None, None)
    put("Verified by (signature and date)", None, None)


def _slip_page_setup(ws: Any, title: str) -> None:
    """One page wide, portrait, the title above and the page count below."""
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.oddHeader.center.text = title.replace("&", "&&")
    ws.oddFooter.center.text = "Page &P of &N"
