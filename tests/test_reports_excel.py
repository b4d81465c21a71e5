"""Excel registers re-opened with openpyxl, and tables read back for imports."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles.numbers import is_date_format
from openpyxl.worksheet._writer import ALL_TEMP_FILES
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401

from clerk_desk.errors import InvalidInput
from reports.excel import (
    DATE_FORMAT,
    MONEY_FORMAT,
    READ_PROGRESS_EVERY,
    Column,
    ExportCancelled,
    ReadCancelled,
    period_sheet_name,
    read_table,
    sheet_title,
    write_register,
)

pytestmark = pytest.mark.usefixtures("papers_checked")


@dataclass(frozen=True)
class FakeMoney:
    """Stands in for clerk_desk.money.Money: anything with a Decimal ``.amount``."""

    amount: Decimal


COLUMNS = [
    Column("Receipt no.", "text"),
    Column("Date", "date"),
    Column("Entered", "datetime"),
    Column("Payer", "text"),
    Column("Amount", "money"),
    Column("Lines", "int"),
    Column("Remarks", "text", width=40),
]


def _rows() -> list[tuple[object, ...]]:
    return [
        (
            "R-0001",
            dt.date(2025, 3, 14),
            dt.datetime(2025, 3, 14, 10, 42),
            "Nguyễn Văn An",
            Decimal("1250.00"),
            2,
            None,
        ),
        (
            "R-0002",
            dt.date(2025, 3, 15),
            dt.datetime(2025, 3, 15, 9, 5),
            "Zoë Šimková",
            FakeMoney(Decimal("0.10")),
            1,
            '=HYPERLINK("http://x")',
        ),
        (
            "R-0003",
            dt.date(2025, 3, 16),
            None,
            "Łukasz & José",
            Decimal("-25.50"),
            1,
            "Voided: wrong\x07 payer",
        ),
    ]


@pytest.fixture
def register(tmp_path: Path) -> Path:
    path = tmp_path / "receipts.xlsx"
    count = write_register(path, title="Receipts 03/2025", columns=COLUMNS, rows=_rows())
    assert count == 3
    return path


def test_header_frozen_filter_widths(register: Path) -> None:
    ws = openpyxl.load_workbook(register).active
    assert ws is not None
    assert ws.title == "Receipts 03-2025"
    assert [c.value for c in ws[1]] == [c.header for c in COLUMNS]
    assert all(c.font.b for c in ws[1])
    assert ws.freeze_panes == "A2"
    assert ws.auto_filter.ref == "A1:G4"
    assert ws.max_row == 4
    widths = {letter: ws.column_dimensions[letter].width for letter in "ABCDEFG"}
    assert widths["G"] == 40  # given
    assert all(w and w >= 6 for w in widths.values())
    assert widths["B"] >= 10  # mm/dd/yyyy fits
    assert widths["D"] >= len("Nguyễn Văn An")
    assert ws.print_title_rows == "$1:$1"  # the header row repeats on printed pages


def test_dates_are_real_dates_with_us_format(register: Path) -> None:
    ws = openpyxl.load_workbook(register).active
    assert ws is not None
    date_cell, entered_cell = ws["B2"], ws["C2"]
    assert date_cell.is_date and date_cell.value == dt.datetime(2025, 3, 14)
    assert date_cell.number_format == DATE_FORMAT == "mm/dd/yyyy"
    assert is_date_format(entered_cell.number_format)
    assert entered_cell.value == dt.datetime(2025, 3, 14, 10, 42)
    assert ws["C4"].value is None  # None is an empty cell


def test_money_is_exact_numbers_with_currency_format(register: Path) -> None:
    ws = openpyxl.load_workbook(register).active
    assert ws is not None
    amounts = [ws[f"E{r}"] for r in (2, 3, 4)]
    for cell in amounts:
        assert cell.data_type == "n"
        assert isinstance(cell.value, int | float)
        assert cell.number_format == MONEY_FORMAT
        assert '"$"#,##0.00' in cell.number_format
        assert "[Red]" in cell.number_format  # negatives stand out
    assert [Decimal(str(c.value)) for c in amounts] == [
        Decimal("1250"),
        Decimal("0.1"),
        Decimal("-25.5"),
    ]
    assert ws["F2"].value == 2 and ws["F2"].data_type == "n"


def test_text_that_looks_like_a_formula_stays_text(register: Path) -> None:
    ws = openpyxl.load_workbook(register).active
    assert ws is not None
    assert ws["G3"].data_type == "s"
    assert ws["G3"].value == '=HYPERLINK("http://x")'
    assert ws["G4"].value == "Voided: wrong payer"  # control character dropped, not a crash
    assert ws["D4"].value == "Łukasz & José"


def test_subtitle_row_moves_the_header_down(tmp_path: Path) -> None:
    path = tmp_path / "r.xlsx"
    write_register(path, title="Bonds", columns=COLUMNS, rows=_rows(), subtitle="As of 03/31/2025")
    ws = openpyxl.load_workbook(path).active
    assert ws is not None
    assert ws["A1"].value == "As of 03/31/2025" and ws["A1"].font.b
    assert ws["A2"].value == "Receipt no."
    assert ws.freeze_panes == "A3"
    assert ws.auto_filter.ref == "A2:G5"


def test_write_to_stream_and_empty_register() -> None:
    buffer = io.BytesIO()
    assert write_register(buffer, title="Empty", columns=COLUMNS[:2], rows=[]) == 0
    ws = openpyxl.load_workbook(io.BytesIO(buffer.getvalue())).active
    assert ws is not None
    assert [c.value for c in ws[1]] == ["Receipt no.", "Date"]
    assert ws.auto_filter.ref == "A1:B1"


def test_float_money_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="money column needs Decimal"):
        write_register(
            tmp_path / "x.xlsx", title="x", columns=[Column("A", "money")], rows=[(12.5,)]
        )
    assert not list(tmp_path.iterdir())  # no half-written file, no temporary left over


def test_progress_and_cancel_keep_the_previous_file(tmp_path: Path) -> None:
    path = tmp_path / "big.xlsx"
    rows = [(f"R-{i}", dt.date(2025, 1, 1), None, "x", Decimal(i), i, None) for i in range(2500)]
    seen: list[int] = []
    assert (
        write_register(
            path,
            title="Big",
            columns=COLUMNS,
            rows=iter(rows),
            progress=seen.append,
            progress_every=1000,
        )
        == 2500
    )
    assert seen == [1000, 2000, 2500]
    before = path.read_bytes()

    def cancel_after_first(done: int) -> bool:
        return done < 1000

    with pytest.raises(ExportCancelled) as info:
        write_register(
            path,
            title="Big",
            columns=COLUMNS,
            rows=rows,
            progress=cancel_after_first,
            progress_every=1000,
        )
    assert info.value.rows_done == 1000
    assert path.read_bytes() == before  # the earlier export is intact
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.xlsx"]
    assert not ALL_TEMP_FILES  # openpyxl's streaming temporary files are gone too


def test_an_exception_from_progress_propagates_and_leaves_nothing(tmp_path: Path) -> None:
    class Stop(Exception):
        pass

    def stop(done: int) -> None:
        raise Stop

    rows = [(f"R-{i}",) for i in range(10)]
    with pytest.raises(Stop):
        write_register(
            tmp_path / "x.xlsx",
            title="x",
            columns=COLUMNS[:1],
            rows=rows,
            progress=stop,
            progress_every=5,
        )
    assert not list(tmp_path.iterdir())
    assert not ALL_TEMP_FILES


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Receipts 01/2025: [voided]", "Receipts 01-2025 (voided)"),
        ("Street openings and privilege permits 2025", "Street openings and privilege"),
        ("'Bonds'", "Bonds"),
        ("History", "History register"),
        ("  ", "Register"),
        ("a\\b*c?d", "a-b c d"),
    ],
)
def test_sheet_names_are_legal(title: str, expected: str) -> None:
    assert sheet_title(title) == expected
    assert len(sheet_title(title)) <= 31


def test_read_table_round_trip_xlsx(register: Path) -> None:
    rows = read_table(register)
    assert [r.row_number for r in rows] == [2, 3, 4]
    first = rows[0]
    assert first["Receipt no."] == "R-0001"
    assert first["Date"] == "03/14/2025"
    assert first["Payer"] == "Nguyễn Văn An"
    assert first["Amount"] == "1250"
    assert first["Remarks"] == ""
    assert rows[1]["Amount"] == "0.1"
    assert rows[2]["Amount"] == "-25.5"


def test_read_table_xlsx_skips_blank_rows_and_strips(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append([" Street ", "Number", None])
    ws.append(["Orange St N", 412])
    ws.append([None, None])
    ws.append(["   ", ""])  # blank too: only spaces
    ws["A7"] = "  Kinnickinnic St  "
    ws["B7"] = 1001.0
    path = tmp_path / "streets.xlsx"
    wb.save(path)
    rows = read_table(path)
    assert [(r.row_number, dict(r)) for r in rows] == [
        (2, {"Street": "Orange St N", "Number": "412"}),
        (7, {"Street": "Kinnickinnic St", "Number": "1001"}),
    ]


def test_read_table_csv_with_bom_as_excel_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "signers.csv"
    path.write_bytes(
        "Name,Address\r\n"
        "Nguyễn Văn An,412 Orange St N\r\n"
        ",\r\n"
        "\r\n"
        '"Zoë Šimková"," 18 Broad St S, Apt 2 "\r\n'.encode("utf-8-sig")
    )
    rows = read_table(path)
    assert list(rows[0]) == ["Name", "Address"]  # no BOM glued to the first header
    assert [(r.row_number, r["Name"], r["Address"]) for r in rows] == [
        (2, "Nguyễn Văn An", "412 Orange St N"),
        (5, "Zoë Šimková", "18 Broad St S, Apt 2"),
    ]


@pytest.mark.parametrize("suffix", [".xlsx", ".csv"])
def test_read_table_reports_its_progress_and_stops_when_asked(tmp_path: Path, suffix: str) -> None:
    lines = [["Number", "Street"]] + [[str(n), "Orange St"] for n in range(1, 1201)]
    path = tmp_path / f"addresses{suffix}"
    if suffix == ".csv":
        path.write_text("\n".join(",".join(line) for line in lines), encoding="utf-8")
    else:
        wb = openpyxl.Workbook()
        ws = wb.active
        assert ws is not None
        for line in lines:
            ws.append(line)
        wb.save(path)
    assert READ_PROGRESS_EVERY == 500
    seen: list[int] = []

    def stop_after(last: int) -> Callable[[int], bool]:
        def progress(read: int) -> bool:
            seen.append(read)
            return read < last

        return progress

    rows = read_table(path, stop_after(1201))
    assert seen == [500, 1000]  # the 1,201 rows, the header among them
    assert len(rows) == 1200 and rows[-1]["Number"] == "1200"
    assert rows == read_table(path)
    seen.clear()
    with pytest.raises(ReadCancelled) as stopped:
        read_table(path, stop_after(500))
    assert seen == [500]
    assert stopped.value.message == f"Reading {path.name} was stopped; nothing was read from it."


def test_read_table_csv_windows_1252(tmp_path: Path) -> None:
    path = tmp_path / "old.csv"
    path.write_bytes("Name\r\nJosé García\r\n".encode("cp1252"))
    assert read_table(path)[0]["Name"] == "José García"


def test_read_table_short_rows_are_padded(tmp_path: Path) -> None:
    path = tmp_path / "a.csv"
    path.write_text("A,B,C\n1\n", encoding="utf-8")
    assert dict(read_table(path)[0]) == {"A": "1", "B": "", "C": ""}


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("list.xls", b"\xd0\xcf\x11\xe0", "save it as .xlsx"),
        ("list.txt", b"a,b", "use an Excel workbook (.xlsx) or a CSV file (.csv)"),
        ("list.xlsx", b"this is not a zip", "cannot be read as an Excel workbook"),
        ("list.csv", b"", "is empty: the first row should name the columns"),
        ("list.csv", b"\r\n,,\r\n", "is empty"),
        ("list.csv", b"Name,,Street\r\nx,y,z\r\n", "column B of the header row is blank"),
        ("list.csv", b"Name,name\r\n", "the header 'name' appears twice"),
        ("list.csv", b"Name\r\nx,y\r\n", "row 2: a value in column B has no header"),
        ("list.csv", b"\x81\x8d\x8f\x90\x9d", "not a text file"),
    ],
)
def test_read_table_refusals(tmp_path: Path, name: str, content: bytes, message: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InvalidInput) as info:
        read_table(path)
    assert message in str(info.value)
    assert info.value.field == "file"


def test_read_table_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="was not found"):
        read_table(tmp_path / "nowhere.csv")


def test_real_money_values_are_written_exactly(tmp_path: Path) -> None:
    money = pytest.importorskip("clerk_desk.money")
    path = tmp_path / "m.xlsx"
    rows = [(money.Money(Decimal("1250.00")),), (money.Money.from_cents(-1),)]
    write_register(path, title="m", columns=[Column("Fee", "money")], rows=rows)
    ws = openpyxl.load_workbook(path).active
    assert ws is not None
    assert [Decimal(str(ws[f"A{r}"].value)) for r in (2, 3)] == [Decimal("1250"), Decimal("-0.01")]


def test_column_kind_is_checked() -> None:
    with pytest.raises(ValueError, match="unknown column kind"):
        Column("X", "currency")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("since", "until", "expected"),
    [
        (dt.date(2026, 11, 1), dt.date(2026, 11, 30), "Receipts Nov 2026"),
        (dt.date(2026, 2, 1), dt.date(2026, 2, 28), "Receipts Feb 2026"),
        (dt.date(2026, 11, 1), dt.date(2026, 11, 29), "Receipts 2026-11-01 to 11-29"),
        (dt.date(2026, 11, 2), dt.date(2026, 11, 30), "Receipts 2026-11-02 to 11-30"),
        (dt.date(2026, 11, 1), dt.date(2026, 12, 31), "Receipts 2026-11-01 to 12-31"),
        (dt.date(2026, 11, 27), dt.date(2026, 11, 27), "Receipts 2026-11-27"),
    ],
)
def test_a_period_names_its_sheet_within_31_characters(
    since: dt.date, until: dt.date, expected: str
) -> None:
    assert period_sheet_name("Receipts", since, until) == expected
    assert len(expected) <= 31


def test_a_sheet_name_too_long_takes_its_short_form_or_its_days_never_a_cut() -> None:
    since, until = dt.date(2025, 12, 1), dt.date(2026, 1, 5)
    assert period_sheet_name("Receipt lines", since, until, short="Lines") == (
        "Lines 2025-12-01 to 2026-01-05"
    )
    assert period_sheet_name("Receipts", since, until) == "2025-12-01 to 2026-01-05"
