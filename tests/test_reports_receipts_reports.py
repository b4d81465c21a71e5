"""The Treasurer's reports read back: register, deposit slip, GL distribution, close-out, Excel."""

from __future__ import annotations

import datetime as dt
import io
import math
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader

from clerk_desk.money import Money
from clerk_desk.receipts.views import CheckEntry, DrawerView, GlTotal, Period, ReceiptRow
from clerk_desk.settings import CityProfile
from clerk_desk.words import day_and_time
from reports.document import LETTER, LETTER_LANDSCAPE
from reports.excel import DATETIME_FORMAT, MONEY_FORMAT, ExportCancelled
from reports.receipts.closeout import closeout_pdf, over_short_words
from reports.receipts.deposit import deposit_slip_excel, deposit_slip_pdf
from reports.receipts.gl_distribution import gl_distribution_excel, gl_distribution_pdf
from reports.receipts.register import (
    LINE_COLUMNS,
    register_excel,
    register_lines_excel,
    register_pdf,
    signed_total,
)

pytestmark = pytest.mark.usefixtures("papers_checked")

PROFILE = CityProfile(phone="(715) 262-5544", email="clerk@prescott.example")
DAY = Period(dt.date(2026, 3, 13), dt.date(2026, 3, 13))
WEEK = Period(dt.date(2026, 3, 9), dt.date(2026, 3, 13))
NAMES = ("Nguyễn Văn An", "Zoë Šimková", "Smith & Sons <Excavating> LLC", "José García")


def _row(n: int, total: str, *, status: str = "issued", kind: str = "payment") -> ReceiptRow:
    return ReceiptRow(
        id=n,
        number=f"2026-{n:06d}",
        issued_at=dt.datetime(2026, 3, 13, 8, 0) + dt.timedelta(minutes=37 * n),
        payer_name=NAMES[n % len(NAMES)],
        total=Money(total),
        kind=kind,
        status=status,
        tender_kinds="Cash, Check",
        references=f"SO-2026-{n:04d}",
        operator_name="Dana Kowalski",
        station="Counter 1",
    )


ROWS = [
    _row(1, "125.00"),
    _row(2, "40.00", status="void"),
    _row(3, "85.50"),
    _row(4, "1000.00", status="void"),
    _row(5, "19.25"),
]


def _drawer(**changes: object) -> DrawerView:
    drawer = DrawerView(
        id=42,
        station="Counter 1",
        status="closed",
        opened_at=dt.datetime(2026, 3, 13, 7, 55),
        opened_by="Dana Kowalski",
        opening_cash=Money("150.00"),
        receipts=37,
        voided=2,
        expected_cash=Money("1012.50"),
        expected_checks=Money("865.00"),
        expected_cards=Money("410.25"),
        expected_money_orders=Money("0"),
        checks=(
            CheckEntry("1042", "Nguyễn Văn An", Money("150.00")),
            CheckEntry("5531", "Zoë Šimková", Money("615.00")),
            CheckEntry("220", "Smith & Sons <Excavating> LLC", Money("100.00")),
        ),
        closed_at=dt.datetime(2026, 3, 13, 17, 2),
        closed_by="Pat Treasurer",
        counted_cash=Money("1011.25"),
        counted_checks=Money("865.00"),
        counted_cards=Money("410.25"),
        counted_money_orders=Money("0"),
        cash_count=(
            ("$100 bills", 4, Money("400.00")),
            ("$50 bills", 6, Money("300.00")),
            ("$20 bills", 12, Money("240.00")),
            ("$10 bills", 4, Money("40.00")),
            ("$5 bills", 5, Money("25.00")),
            ("$1 bills", 5, Money("5.00")),
            ("Quarters", 5, Money("1.25")),
        ),
        over_short=Money("-1.25"),
        close_note="Short $1.25: change error on receipt 2026-000131.",
    )
    # A closed drawer deposits the checks counted at close-out: here, those received.
    counted = changes.get("checks", drawer.checks)
    changes = {"checks_counted": counted, **changes}
    return replace(drawer, **changes)  # type: ignore[arg-type]


GL = [
    GlTotal("100-46440", "Snow and ice removal", 9, Money("765.00")),
    GlTotal("100-44310", "Street opening permit fee", 12, Money("1500.00")),
    GlTotal("100-46110", "Actual City expenses", 4, Money("212.40")),
]


# ---------------------------------------------------------------- register


def test_register_lists_every_receipt_and_totals_only_the_issued() -> None:
    pdf = register_pdf(ROWS, profile=PROFILE, period=DAY)
    reader = PdfReader(io.BytesIO(pdf))
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == LETTER_LANDSCAPE
    text = papers.flat(papers.raw_text(pdf))
    for row in ROWS:
        assert row.number in text
    for name in NAMES:
        assert name in text
    assert "Receipts Register" in text
    assert "Fri Mar 13, 2026" in text
    assert "8:37 a.m." in text  # one day: times only
    assert text.count("VOID") == 2
    # 125.00 + 85.50 + 19.25; the voids ($40, $1,000) are listed but not totalled
    assert "Total of 3 issued $229.75" in text
    assert "Receipts issued 3" in text
    assert "Receipts void 2, face amount $1,040.00 (listed, not in the totals)" in text
    assert "Total of issued receipts $229.75" in text
    assert "$1,269.75" not in text and "$1,040.00 (" in text
    assert "Page 1 of 1" in text


def test_register_of_a_range_shows_days_and_refunds_as_money_out() -> None:
    rows = [*ROWS, _row(6, "25.00", kind="refund")]
    text = papers.flat(papers.raw_text(register_pdf(rows, profile=PROFILE, period=WEEK)))
    assert "Mon Mar 9, 2026 to Fri Mar 13, 2026" in text
    assert "Fri Mar 13, 2026, 8:37 a.m." in text
    assert "-$25.00" in text
    assert "Refunds 1 receipts, -$25.00" in text
    assert "Total of issued receipts $204.75" in text


NOVEMBER = Period(dt.date(2026, 11, 1), dt.date(2026, 11, 30))


def _month_of_receipts(count: int = 120) -> list[ReceiptRow]:
    """``count`` receipts issued over November, $194,935.14 in all, and then a void."""
    rows = [
        replace(
            _row(n, "1624.46" if n < count else "1624.40"),
            issued_at=dt.datetime(2026, 11, 1, 8, 5) + dt.timedelta(hours=5 * n + 1),
            payer_name="Prescott Excavating & Utility LLC",
            references=f"SO-2026-{n:04d}",
        )
        for n in range(1, count + 1)
    ]
    void = replace(_row(count + 1, "999.99", status="void"), issued_at=rows[-1].issued_at)
    return [*rows, void]


def test_a_month_over_100000_keeps_its_amounts_and_dates_whole_at_40_rows_a_page() -> None:
    rows = _month_of_receipts()
    pdf = register_pdf(rows, profile=PROFILE, period=NOVEMBER)
    # pypdf gives each line of a cell as a line: a wrapped amount reads "$194,935.1" then "4".
    lines = [line.strip() for line in papers.raw_text(pdf).splitlines()]
    assert lines.count("$194,935.14") == 2  # the total row, and the summary under the table
    assert "Total of 120 issued" in lines
    for row in rows:  # every date and time on one line, and every amount whole
        assert day_and_time(row.issued_at, dotted=True) in lines
        assert str(signed_total(row)) in lines
    assert papers.page_count(pdf) <= math.ceil(len(rows) / 40) + 1


def test_the_registers_summary_is_never_split_over_two_pages() -> None:
    """However many receipts end the table near the foot of a page, the summary under it is on
    one page: its first line and its total are read together."""
    for count in range(30, 75):
        pdf = register_pdf(_month_of_receipts(count), profile=PROFILE, period=NOVEMBER)
        pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
        first = [n for n, text in enumerate(pages) if "Receipts issued" in text]
        total = [n for n, text in enumerate(pages) if "Total of issued receipts" in text]
        assert first == total and len(first) == 1, (count, first, total)


def test_empty_register_says_so() -> None:
    text = papers.flat(papers.raw_text(register_pdf([], profile=PROFILE, period=DAY)))
    assert "No receipts were issued in this period." in text
    assert "Total of issued receipts $0.00" in text


def test_register_excel_has_real_dates_and_amounts(tmp_path: Path) -> None:
    target = tmp_path / "register.xlsx"
    assert register_excel(target, iter(ROWS), period=DAY) == len(ROWS)
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    header = [c.value for c in ws[2]]
    assert header[:3] == ["Receipt", "Date", "Payer"] and header[-2:] == ["Voided amount", "Total"]
    assert ws.freeze_panes == "A3"
    first = [c for c in ws[3]]
    assert first[0].value == "2026-000001"
    assert isinstance(first[1].value, dt.datetime)
    assert first[1].value == dt.datetime(2026, 3, 13, 8, 37)
    assert first[1].number_format == DATETIME_FORMAT
    assert first[2].value == NAMES[1]
    total = header.index("Total")
    assert first[total].value == 125 and first[total].number_format == MONEY_FORMAT
    statuses = [ws.cell(row=r, column=header.index("Status") + 1).value for r in range(3, 8)]
    assert statuses == ["Issued", "Void", "Issued", "Void", "Issued"]
    payers = {ws.cell(row=r, column=3).value for r in range(3, 8)}
    assert "Smith & Sons <Excavating> LLC" in payers and "Nguyễn Văn An" in payers


def _line_rows(n: int) -> list[tuple[object, ...]]:
    return [
        (
            f"2026-{i // 2 + 1:06d}",  # two lines per receipt
            dt.datetime(2026, 3, 13, 9, 0) + dt.timedelta(minutes=i),
            NAMES[i % len(NAMES)],
            "Void" if i % 7 == 0 else "Issued",
            "Street opening permit fee",
            f"SO-2026-{i:04d}",
            "100-44310",
            Money.from_cents(12_500 + i),
            "Cash, Check",
        )
        for i in range(n)
    ]


def test_register_excel_total_column_sums_to_the_days_takings(tmp_path: Path) -> None:
    """A Treasurer summing the Total column gets the valid receipts only; each void's amount
    is in its own Voided amount column, beside its Void status."""
    target = tmp_path / "register.xlsx"
    register_excel(target, iter(ROWS), period=DAY)
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    header = [c.value for c in ws[2]]
    rows = [[c.value for c in row] for row in ws.iter_rows(min_row=3)]
    by_column = {name: [row[i] for row in rows] for i, name in enumerate(header)}
    totals = [Decimal(str(v)) for v in by_column["Total"] if v is not None]
    assert sum(totals) == Decimal("229.75")  # 125.00 + 85.50 + 19.25; the voids not counted
    assert ws.title == "Receipts 2026-03-13"  # within Excel's 31, not "Receipts Fri Mar 13, 20"
    voided = {
        number: amount
        for number, amount in zip(by_column["Receipt"], by_column["Voided amount"], strict=True)
        if amount is not None
    }
    assert voided == {"2026-000002": 40, "2026-000004": 1000}
    for status, total, void_amount in zip(
        by_column["Status"], by_column["Total"], by_column["Voided amount"], strict=True
    ):
        assert (total is None) == (status == "Void") == (void_amount is not None)


def test_lines_export_keeps_void_amounts_out_of_the_amount_column(tmp_path: Path) -> None:
    target = tmp_path / "lines.xlsx"
    rows = _line_rows(14)  # lines 0 and 7 are of void receipts
    register_lines_excel(target, iter(rows), period=DAY)
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    header = [c.value for c in ws[2]]
    written = [[c.value for c in row] for row in ws.iter_rows(min_row=3)]
    amount, voided = header.index("Amount"), header.index("Voided amount")
    expected = sum(
        (r[7].amount for r in rows if r[3] != "Void"),
        Decimal(0),  # type: ignore[attr-defined]
    )
    assert sum(Decimal(str(r[amount])) for r in written if r[amount] is not None) == expected
    assert [r[voided] for r in written if r[voided] is not None] == [125, 125.07]


def test_lines_export_has_the_documented_columns(tmp_path: Path) -> None:
    target = tmp_path / "lines.xlsx"
    rows = _line_rows(30)
    assert register_lines_excel(target, iter(rows), period=DAY) == 30
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    assert [c.value for c in ws[2]] == [
        "Receipt",
        "Date",
        "Payer",
        "Status",
        "Line description",
        "Reference",
        "GL account",
        "Amount",
        "Tenders",
        "Voided amount",
    ]
    assert [c.header for c in LINE_COLUMNS] == [c.value for c in ws[2]]
    cells = list(ws[4])
    assert cells[0].value == "2026-000001"
    assert cells[1].value == dt.datetime(2026, 3, 13, 9, 1)
    assert cells[1].is_date
    assert cells[2].value == NAMES[1]
    assert cells[6].value == "100-44310"
    assert isinstance(cells[7].value, float)  # a number Excel can sum, not text
    assert Decimal(str(cells[7].value)) == Decimal("125.01")
    assert cells[7].number_format == MONEY_FORMAT
    assert ws.max_row == 2 + 30


def test_lines_export_reports_progress_and_can_be_cancelled(tmp_path: Path) -> None:
    seen: list[int] = []
    buffer = io.BytesIO()
    assert register_lines_excel(buffer, _line_rows(1200), period=DAY, progress=seen.append) == 1200
    assert seen[-1] == 1200 and len(seen) >= 2

    target = tmp_path / "cancelled.xlsx"
    with pytest.raises(ExportCancelled):
        register_lines_excel(target, _line_rows(1200), period=DAY, progress=lambda done: False)
    assert not target.exists()


# ---------------------------------------------------------------- deposit slip


def test_deposit_slip_sums_cash_and_checks() -> None:
    drawer = _drawer()
    pdf = deposit_slip_pdf(drawer, profile=PROFILE)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    text = papers.flat(papers.raw_text(pdf))
    assert "Bank Deposit Slip" in text
    for label, pieces, value in drawer.cash_count:
        assert f"{label} {pieces} {value}" in text
    assert "Cash counted $1,011.25" in text
    assert "Less starting cash kept -$150.00" in text
    assert "Cash to deposit $861.25" in text
    for check in drawer.checks:
        assert check.number in text and check.name in text and str(check.amount) in text
    assert "Total of 3 checks $865.00" in text
    assert "Total deposit $1,726.25" in text  # 861.25 + 865.00
    assert "Counter 1" in text and "Pat Treasurer" in text
    assert "Fri Mar 13, 2026, 5:02 p.m." in text
    assert "Prepared by" in text and "Verified by" in text
    assert "$410.25" in text and "not part of this deposit" in text
    assert "Money orders" not in text


def test_deposit_slip_adds_money_orders_and_runs_long_lists_down_the_page() -> None:
    checks = tuple(CheckEntry(f"{1000 + i}", NAMES[i % 4], Money("10.00")) for i in range(60))
    drawer = _drawer(
        checks=checks, counted_money_orders=Money("50.00"), expected_money_orders=Money("50.00")
    )
    pdf = deposit_slip_pdf(drawer, profile=PROFILE)
    assert len(PdfReader(io.BytesIO(pdf)).pages) >= 2
    text = papers.flat(papers.raw_text(pdf))
    assert "Money orders $50.00" in text
    assert "Total of 60 checks $600.00" in text
    assert "Total deposit $1,511.25" in text  # 861.25 + 600.00 + 50.00


def test_deposit_slip_of_an_uncounted_drawer_uses_expected_cash() -> None:
    drawer = _drawer(status="open", closed_at=None, closed_by="", counted_cash=None, cash_count=())
    text = papers.flat(papers.raw_text(deposit_slip_pdf(drawer, profile=PROFILE)))
    assert "not final" in text
    assert "Cash to deposit $862.50" in text  # 1,012.50 expected - 150.00 starting cash


# ---------------------------------------------------------------- GL distribution


def test_gl_distribution_totals_in_account_order() -> None:
    pdf = gl_distribution_pdf(GL, profile=PROFILE, period=DAY)
    reader = PdfReader(io.BytesIO(pdf))
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == LETTER
    text = papers.flat(papers.raw_text(pdf))
    assert "GL Distribution" in text
    assert (
        text.index("100-44310") < text.index("100-46110") < text.index("100-46440")
    )  # account order, whatever order they came in
    assert "100-44310 Street opening permit fee 12 $1,500.00" in text
    assert "3 accounts Grand total 25 $2,477.40" in text


def test_gl_distribution_excel(tmp_path: Path) -> None:
    target = tmp_path / "gl.xlsx"
    assert gl_distribution_excel(target, GL, period=DAY) == 4
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    assert [c.value for c in ws[2]] == ["GL account", "Description", "Count", "Total"]
    assert [c.value for c in ws[3]] == [
        "100-44310",
        "Street opening permit fee",
        12,
        1500,
    ]
    total = list(ws[6])
    assert total[0].value == "Grand total"
    assert total[2].value == 25
    assert total[3].value == pytest.approx(2477.40)
    assert total[3].number_format == MONEY_FORMAT


# ---------------------------------------------------------------- close-out


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        (Money("1.25"), "Over $1.25"),
        (Money("-0.40"), "Short $0.40"),
        (Money("0"), "Balanced"),
        (None, "Not counted"),
    ],
)
def test_over_short_words(amount: Money | None, words: str) -> None:
    assert over_short_words(amount) == words


def test_closeout_shows_expected_counted_and_short() -> None:
    pdf = closeout_pdf(_drawer(), profile=PROFILE)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    text = papers.flat(papers.raw_text(pdf))
    assert "Cash Drawer Close-out" in text
    assert "Cash $1,012.50 $1,011.25 Short $1.25" in text
    assert "Checks $865.00 $865.00 Balanced" in text
    assert "Cards $410.25 $410.25 Balanced" in text
    assert "Drawer result Short $1.25" in text
    assert "change error on receipt 2026-000131" in text
    assert "Counted by" in text and "Verified by" in text


def test_closeout_over_and_balanced() -> None:
    over = papers.flat(
        papers.raw_text(
            closeout_pdf(
                _drawer(counted_cash=Money("1013.00"), over_short=Money("0.50"), close_note=""),
                profile=PROFILE,
            )
        )
    )
    assert "Over $0.50" in over and "Note" not in over
    balanced = papers.flat(
        papers.raw_text(
            closeout_pdf(
                _drawer(counted_cash=Money("1012.50"), over_short=Money("0")), profile=PROFILE
            )
        )
    )
    assert "Drawer result Balanced" in balanced


# ---------------------------------------------------------------- deposit slip in Excel


def _cells(ws: Any) -> dict[str, list[Any]]:
    """Each row's cells keyed by the text in column A (later rows keep their own key)."""
    out: dict[str, list[Any]] = {}
    for row in ws.iter_rows():
        label = row[0].value
        if isinstance(label, str) and label not in out:
            out[label] = list(row)
    return out


def _amount(cell: Any) -> Decimal:
    assert isinstance(cell.value, int | float), cell.value  # a number Excel sums, not text
    assert cell.number_format == MONEY_FORMAT
    return Decimal(str(cell.value))


def test_deposit_slip_excel_has_the_figures_of_the_pdf(tmp_path: Path) -> None:
    drawer = _drawer()
    target = tmp_path / "deposit.xlsx"
    rows = deposit_slip_excel(target, drawer, profile=PROFILE)
    ws = openpyxl.load_workbook(target).active
    assert ws is not None and rows == ws.max_row
    rows_by_label = _cells(ws)
    assert ws["A1"].value == "Bank Deposit Slip"
    assert ws["A3"].value == "Drawer 42 \u00b7 Counter 1 \u00b7 Fri Mar 13, 2026 \u00b7 closed"
    assert rows_by_label["Station"][1].value == "Counter 1 (drawer 42)"
    opened = rows_by_label["Opened"][1]
    assert opened.value == dt.datetime(2026, 3, 13, 7, 55) and opened.is_date
    assert rows_by_label["Closed by"][1].value == "Pat Treasurer"
    assert _amount(rows_by_label["Starting cash"][1]) == Decimal("150.00")

    for label, pieces, value in drawer.cash_count:
        cells = rows_by_label[label]
        assert cells[1].value == pieces
        assert _amount(cells[2]) == value.amount
    # The PDF's own figures (see test_deposit_slip_sums_cash_and_checks).
    assert _amount(rows_by_label["Cash counted"][2]) == Decimal("1011.25")
    assert _amount(rows_by_label["Less starting cash kept"][2]) == Decimal("-150.00")
    assert _amount(rows_by_label["Cash to deposit"][2]) == Decimal("861.25")
    for check in drawer.checks:
        cells = rows_by_label[check.number]
        assert cells[0].data_type == "s" and cells[1].value == check.name
        assert _amount(cells[2]) == check.amount.amount
    (checks_total,) = [r for r in ws.iter_rows() if r[1].value == "Total of 3 checks"]
    assert _amount(checks_total[2]) == Decimal("865.00")
    assert _amount(rows_by_label["Money orders"][2]) == Decimal("0")
    assert _amount(rows_by_label["Total deposit"][2]) == Decimal("1726.25")
    assert any(
        "$410.25" in label and "not part of this deposit" in label for label in rows_by_label
    )

    pdf = papers.flat(papers.raw_text(deposit_slip_pdf(drawer, profile=PROFILE)))
    assert "Total deposit $1,726.25" in pdf and "Cash to deposit $861.25" in pdf


def test_deposit_slip_excel_with_money_orders_and_no_denominations() -> None:
    drawer = _drawer(
        checks=(),
        cash_count=(),
        counted_money_orders=Money("50.00"),
        expected_money_orders=Money("50.00"),
        counted_cards=Money("0"),
    )
    buffer = io.BytesIO()
    deposit_slip_excel(buffer, drawer, profile=PROFILE)
    buffer.seek(0)
    ws = openpyxl.load_workbook(buffer).active
    assert ws is not None
    rows_by_label = _cells(ws)
    counted = rows_by_label["Cash in the drawer (counted, not by denomination)"]
    assert _amount(counted[2]) == Decimal("1011.25")
    assert "No checks in this deposit." in rows_by_label
    assert _amount(rows_by_label["Money orders"][2]) == Decimal("50.00")
    assert _amount(rows_by_label["Total deposit"][2]) == Decimal("911.25")  # 861.25 + 50.00
    assert not any("card processor" in label for label in rows_by_label)
    pdf = papers.flat(papers.raw_text(deposit_slip_pdf(drawer, profile=PROFILE)))
    assert "Total deposit $911.25" in pdf


def test_gl_distribution_of_one_drawer_says_so() -> None:
    text = papers.flat(
        papers.raw_text(gl_distribution_pdf(GL, profile=PROFILE, period=DAY, scope="Drawer 42"))
    )
    assert "Drawer 42 \u00b7 Fri Mar 13, 2026" in text


# ---------------------------------------------------------------- the auditor's findings


def test_deposit_slip_lists_the_checks_counted_not_those_received(tmp_path: Path) -> None:
    counted = (
        CheckEntry("1042", "Nguyễn Văn An", Money("150.00")),
        CheckEntry("5531", "Zoë Šimková", Money("615.00")),
    )  # check 220 was not in the drawer at close-out
    drawer = _drawer(checks_counted=counted, counted_checks=Money("765.00"))
    text = papers.flat(papers.raw_text(deposit_slip_pdf(drawer, profile=PROFILE)))
    assert "Total of 2 checks $765.00" in text
    assert "Smith & Sons" not in text
    assert "Total deposit $1,626.25" in text  # 861.25 + 765.00
    target = tmp_path / "deposit.xlsx"
    deposit_slip_excel(target, drawer, profile=PROFILE)
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    rows_by_label = _cells(ws)
    assert "220" not in rows_by_label
    assert _amount(rows_by_label["Total deposit"][2]) == Decimal("1626.25")


def test_deposit_slip_of_an_open_drawer_says_its_checks_are_not_counted() -> None:
    drawer = _drawer(status="open", closed_at=None, checks_counted=(), counted_cash=None)
    text = papers.flat(papers.raw_text(deposit_slip_pdf(drawer, profile=PROFILE)))
    assert "Checks (as received, not counted)" in text
    assert "Total of 3 checks $865.00" in text


def test_deposit_slip_lists_each_money_order(tmp_path: Path) -> None:
    orders = (
        CheckEntry("70011", "José García", Money("20.00")),
        CheckEntry("70012", "Zoë Šimková", Money("30.00")),
    )
    drawer = _drawer(
        money_orders=orders,
        expected_money_orders=Money("50.00"),
        counted_money_orders=Money("50.00"),
    )
    text = papers.flat(papers.raw_text(deposit_slip_pdf(drawer, profile=PROFILE)))
    assert "70011 José García $20.00" in text and "70012 Zoë Šimková $30.00" in text
    assert "Total of 2 money orders $50.00" in text
    assert "Total deposit $1,776.25" in text  # 861.25 + 865.00 + 50.00
    target = tmp_path / "deposit.xlsx"
    deposit_slip_excel(target, drawer, profile=PROFILE)
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    rows_by_label = _cells(ws)
    assert rows_by_label["70012"][0].data_type == "s"
    assert _amount(rows_by_label["70012"][2]) == Decimal("30.00")
    assert _amount(rows_by_label["Money orders"][2]) == Decimal("50.00")


def test_closeout_shows_each_kinds_difference_when_the_total_balances() -> None:
    drawer = _drawer(
        counted_cash=Money("1007.50"), counted_cards=Money("415.25"), over_short=Money("0")
    )
    assert drawer.differences == {
        "cash": Money("-5.00"),
        "checks": Money("0"),
        "cards": Money("5.00"),
        "money_orders": Money("0"),
    }
    text = papers.flat(papers.raw_text(closeout_pdf(drawer, profile=PROFILE)))
    assert "Cash $1,012.50 $1,007.50 Short $5.00" in text
    assert "Cards $410.25 $415.25 Over $5.00" in text
    assert "Balanced \u2014 by tender: cash short $5.00; cards over $5.00" in text
