"""Excel registers out, tables in.

:func:`write_register` writes one register (receipts, permits, bonds, the tax-roll list) as a
workbook a clerk can sort, filter and print without fixing anything (:func:`write_workbook`
writes several, a :class:`Sheet` each, styled alike, in one workbook): bold header row, frozen
panes under it, an autofilter over the data, real dates and real currency amounts (so SUM works and
sorting is by date, not by text), and columns wide enough to read. It streams through openpyxl's
write-only mode (about 9,000 rows a second) and reports progress so the window can show a bar and
a Cancel button; a cancelled or failed export leaves no half-written file behind.

Dates are shown as ``mm/dd/yyyy`` (:data:`DATE_FORMAT`): this is a US city, and that is how the
clerks write dates on every form; the cell still holds a real date, so a reader in another locale
can reformat it. Money is shown as Excel's own currency format with negatives in red parentheses.

:func:`read_table` reads the first sheet of an .xlsx (or a .csv) people prepared for an import
(a street list, a petition's signers) into dicts keyed by the header row, each remembering the row
number it came from, so an import's validation report can say "row 7: street name is missing".
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import io
import math
import os
import re
import tempfile
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import chain, islice
from pathlib import Path
from typing import IO, Any, Literal, TypeVar

from clerk_desk.errors import ClerkDeskError, InvalidInput
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.words import MONTH_NAMES

ColumnKind = Literal[
    "text", "int", "year", "whole", "number", "date", "datetime", "money", "percent"
]

DATE_FORMAT = "mm/dd/yyyy"
"""Displayed date format: US month/day/year, as the City writes dates."""
DATETIME_FORMAT = "mm/dd/yyyy h:mm AM/PM"
MONEY_FORMAT = '"$"#,##0.00_);[Red]\\("$"#,##0.00\\)'
"""Excel's built-in currency format (id 8): $1,250.00 and, for refunds and voids, red ($25.00)."""
INT_FORMAT = "#,##0"
PERCENT_FORMAT = "0.00%"

PROGRESS_EVERY = 500
"""Rows between two progress calls: often enough for a smooth bar, rare enough to cost nothing."""

_WIDTH_SAMPLE = 200  # rows looked at to size the columns
_MIN_WIDTH, _MAX_WIDTH = 6.0, 60.0
_FILTER_ARROW = 3.0  # characters the autofilter drop-down covers in the header cell

_KIND_FORMATS: dict[str, str | None] = {
    "text": None,
    "int": INT_FORMAT,
    "year": "0",  # 2026, never 2,026
    "whole": "0",  # a whole number that is not a count, as a house number: 1200, never 1,200
    "number": None,
    "date": DATE_FORMAT,
    "datetime": DATETIME_FORMAT,
    "money": MONEY_FORMAT,
    "percent": PERCENT_FORMAT,
}
_KIND_WIDTHS = {"date": 11.0, "datetime": 20.0}

_ILLEGAL_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")

Target = str | os.PathLike[str] | IO[bytes]
"""Where a workbook goes: a path, or a stream the caller holds."""
_Written = TypeVar("_Written")


class ExportCancelled(ClerkDeskError):
    """The person cancelled the export: nothing was written (an existing file is untouched)."""

    def __init__(self, rows_done: int) -> None:
        super().__init__(f"Export cancelled after {rows_done:,} rows; no file was written.")
        self.rows_done = rows_done

    def __reduce__(self) -> tuple[type[ExportCancelled], tuple[int]]:
        # Made again from its count when it crosses from a child process (clerk_desk.child_process).
        return type(self), (self.rows_done,)


@dataclass(frozen=True, slots=True)
class Column:
    """One register column: its header, what kind of value it holds, and optionally its width.

    ``width`` is in Excel's units (characters of the default font); ``None`` sizes the column from
    the header and the first rows.
    """

    header: str
    kind: ColumnKind = "text"
    width: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KIND_FORMATS:
            raise ValueError(f"unknown column kind {self.kind!r}")


ProgressCallback = Callable[[int], bool | None]
"""Called with the number of rows written so far; return ``False`` (or raise) to cancel."""

READ_PROGRESS_EVERY = 500
"""Rows read between two calls of :func:`read_table`'s progress callback."""


class ReadCancelled(ClerkDeskError):
    """The person stopped the reading of a file: nothing was read from it."""


@dataclass(frozen=True, slots=True)
class Sheet:
    """One register of a workbook written by :func:`write_workbook`.

    ``title`` names the sheet (made legal by :func:`sheet_title`; a name two sheets share gets
    " (2)"); ``columns`` and ``rows`` are as :func:`write_register` takes them; ``subtitle``
    goes in bold in row 1 above the header and in the printed page header. ``name``, when
    given, names the tab instead of ``title``: a short name that still means something
    ("Receipts Nov 2026") where the title is longer than Excel's 31 characters.
    """

    title: str
    columns: Sequence[Column]
    rows: Iterable[Sequence[object]]
    subtitle: str | None = None
    name: str | None = None


# ---------------------------------------------------------------- values


def _money(value: object) -> Decimal:
    """A money value as Decimal: Decimal, int, or anything with a Decimal ``.amount`` (Money).

    Floats are refused, as everywhere in Clerk Desk: 0.1 + 0.2 is not a sum a treasurer signs.
    """
    amount = getattr(value, "amount", value)
    if isinstance(amount, bool) or not isinstance(amount, Decimal | int):
        raise TypeError(f"money column needs Decimal or Money, got {type(value).__name__}")
    return Decimal(amount)


def _number(value: object, kind: str) -> int | float | Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise TypeError(f"{kind} column needs a number, got {type(value).__name__}")
    whole = kind in ("int", "year", "whole")
    if whole and not (isinstance(value, int) or value == int(value)):
        raise TypeError(f"{kind} column got a fraction: {value!r}")
    return int(value) if whole else value


def _date(value: object) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    raise TypeError(f"date column needs a date, got {type(value).__name__}")


def _datetime(value: object) -> dt.datetime:
    """Naive local time: Excel has no time zones, and the clerk reads City Hall's clock."""
    if isinstance(value, dt.datetime):
        return value.astimezone().replace(tzinfo=None) if value.tzinfo else value
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day)
    raise TypeError(f"datetime column needs a datetime, got {type(value).__name__}")


def _text(value: object) -> str:
    """Text as it will show; control characters (illegal in the file format) are dropped."""
    return _ILLEGAL_XML.sub("", value if isinstance(value, str) else str(value))


def _convert(value: object, kind: str) -> object:
    if value is None:
        return None
    if kind == "text":
        return _text(value)
    if kind == "money":
        return _money(value)
    if kind == "date":
        return _date(value)
    if kind == "datetime":
        return _datetime(value)
    return _number(value, kind)


def _display_len(value: object, kind: str) -> float:
    """Roughly how many characters the cell shows, for column widths."""
    if value is None:
        return 0.0
    if kind in _KIND_WIDTHS:
        return _KIND_WIDTHS[kind]
    if kind == "money":
        return len(f"${abs(_money(value)):,.2f}") + 2.0
    if kind == "int":
        return len(f"{_number(value, kind):,}") + 1.0
    if kind == "percent":
        return 8.0
    text = _text(value)
    return float(max((len(line) for line in text.splitlines()), default=0))


# ---------------------------------------------------------------- sheet names


_SHEET_REPLACE = str.maketrans(
    {"/": "-", "\\": "-", "[": "(", "]": ")", ":": " ", "*": " ", "?": " "}
)


def sheet_title(title: str) -> str:
    """A legal Excel sheet name for ``title``.

    Excel refuses ``[ ] : * ? / \\``, a leading or trailing apostrophe, an empty name, the
    reserved name "History", and more than 31 characters. Slashes become dashes and brackets
    parentheses, so "Receipts 01/2025: [voided]" becomes "Receipts 01-2025 (voided)".
    """
    name = " ".join(_text(title).translate(_SHEET_REPLACE).split())
    if len(name) > 31:  # cut at a word boundary when one is near, "Street openings and privilege"
        cut = name[:31]
        space = cut.rfind(" ")
        name = cut[:space] if name[31] != " " and space >= 20 else cut
    name = name.strip().strip("'").strip()
    if not name:
        return "Register"
    if name.casefold() == "history":
        return "History register"
    return name


def period_sheet_name(what: str, since: dt.date, until: dt.date, *, short: str = "") -> str:
    """A sheet name for ``what`` over the days ``since`` to ``until``, within Excel's 31.

    A whole month is "Receipts Nov 2026", one day "Receipts 2026-11-01", days of one year
    "Receipts 2026-11-02 to 11-30", else "Receipts 2025-12-01 to 2026-01-05". When that is
    longer than 31 characters ``short`` ("GL" for "GL distribution") names the sheet instead,
    and failing that the days alone: the name is never cut mid-word, and the workbook's title
    keeps the long form.
    """
    last_of_month = (until + dt.timedelta(days=1)).day == 1
    if since.day == 1 and last_of_month and (since.year, since.month) == (until.year, until.month):
        days = f"{MONTH_NAMES[since.month][:3]} {since.year}"
    elif since == until:
        days = since.isoformat()
    elif since.year == until.year:
        days = f"{since.isoformat()} to {until.month:02d}-{until.day:02d}"
    else:
        days = f"{since.isoformat()} to {until.isoformat()}"
    for name in (f"{what} {days}", f"{short} {days}" if short else ""):
        if name and len(name) <= 31:
            return name
    return days  # at most 24 characters; the workbook's title says what they are


# ---------------------------------------------------------------- writing


def write_register(
    target: str | os.PathLike[str] | IO[bytes],
    *,
    title: str,
    columns: Sequence[Column],
    rows: Iterable[Sequence[object]],
    progress: ProgressCallback | None = None,
    subtitle: str | None = None,
    author: str | None = None,
    city: str | None = None,
    sheet_name: str | None = None,
    progress_every: int = PROGRESS_EVERY,
) -> int:
    """Write a register workbook to ``target`` (a path or a binary stream); return the row count.

    ``title`` names the workbook, and the sheet unless ``sheet_name`` (at most 31 characters)
    is given; ``city`` is the workbook's author (the City's default name when omitted) and
    ``author``, the operator who exported it, its last editor. ``subtitle``
    (e.g. "Receipts 01/01/2025 - 03/31/2025") goes in bold in row 1 above the header, and in the
    printed page header; the header row then is row 2, frozen panes are below it.
    Each row is a sequence with one value per column; ``None`` is an empty cell. Values by kind:
    text -> any (str()), int/number/percent -> numbers (percent: 0.05 shows 5.00%),
    date -> ``date``, datetime -> ``datetime`` (aware ones are shown in local time),
    money -> ``Decimal`` or a ``Money`` (``.amount``); floats for money raise ``TypeError``.

    ``progress(done)`` is called every ``progress_every`` rows and once at the end; returning
    ``False`` cancels with :class:`ExportCancelled`, and so does raising any exception, which
    propagates. On a path the workbook is written to a temporary file beside it and renamed
    into place only when complete, so a cancelled export, an error or a crash never leaves a
    damaged file, nor destroys the previous export of the same name.
    """
    return write_workbook(
        target,
        [Sheet(title, columns, rows, subtitle, sheet_name)],
        title=title,
        subject=subtitle,
        author=author,
        city=city,
        progress=progress,
        progress_every=progress_every,
    )


def write_workbook(
    target: str | os.PathLike[str] | IO[bytes],
    sheets: Sequence[Sheet],
    *,
    title: str,
    subject: str | None = None,
    author: str | None = None,
    city: str | None = None,
    progress: ProgressCallback | None = None,
    progress_every: int = PROGRESS_EVERY,
) -> int:
    """Write several registers to one workbook, a sheet each in order, each styled as
    :func:`write_register` styles its one; return the rows written over all the sheets.

    ``title`` and ``subject`` are the workbook's properties; ``city`` and ``author`` as for
    :func:`write_register`. ``progress(done)`` counts the rows
    of every sheet written so far (called every ``progress_every`` rows of a sheet and at the end
    of each); returning ``False`` cancels with :class:`ExportCancelled`. Streamed in write-only
    mode, written beside a path and renamed into place only when complete, like one register.
    """
    if not sheets:
        raise ValueError("a workbook needs at least one sheet")
    if any(not sheet.columns for sheet in sheets):
        raise ValueError("a register needs at least one column")
    if progress_every < 1:
        raise ValueError("progress_every must be at least 1")
    about = _About(title, subject, author, city or CityProfile().city_name)
    if isinstance(target, str | os.PathLike):

        def write(tmp: Path) -> int:
            with tmp.open("wb") as stream:
                return _write_book(stream, sheets, about, progress, progress_every)

        return _written_then_renamed(Path(target), write)
    return _write_book(target, sheets, about, progress, progress_every)


def _written_then_renamed(path: Path, write: Callable[[Path], _Written]) -> _Written:
    """``write`` a temporary file beside ``path``, then rename it into place: a failed or
    cancelled export never leaves a damaged file nor destroys the previous one."""
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".xlsx", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        written = write(tmp)
        os.replace(tmp, path)
        return written
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def save_workbook(wb: Any, target: Target) -> None:
    """Save a workbook drawn cell by cell (a deposit slip, a tax-roll run) to a stream, or to a
    path as :func:`write_workbook` writes one."""
    if isinstance(target, str | os.PathLike):
        _written_then_renamed(Path(target), wb.save)
    else:
        wb.save(target)


def cell_value(value: object) -> object:
    """A cell of a workbook drawn cell by cell: money as Decimal, City Hall's time without a
    zone (Excel has none), text without the control codes the file format forbids."""
    if isinstance(value, Money):
        return value.amount
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None)
    if isinstance(value, str):
        return _ILLEGAL_XML.sub("", value)
    return value


def _unique_titles(sheets: Sequence[Sheet]) -> list[str]:
    """Each sheet's legal name, a repeated one numbered: "Permits", "Permits (2)"."""
    names: list[str] = []
    taken: set[str] = set()
    for sheet in sheets:
        name = base = sheet_title(sheet.name or sheet.title)
        count = 1
        while name.casefold() in taken:
            count += 1
            suffix = f" ({count})"
            name = base[: 31 - len(suffix)].rstrip() + suffix
        taken.add(name.casefold())
        names.append(name)
    return names


@dataclass(frozen=True, slots=True)
class _About:
    """A workbook's properties: what it is, and who made it (the City; the operator last)."""

    title: str
    subject: str | None
    operator: str | None
    city: str


def _write_book(
    stream: IO[bytes],
    sheets: Sequence[Sheet],
    about: _About,
    progress: ProgressCallback | None,
    progress_every: int,
) -> int:
    from openpyxl import Workbook

    wb = Workbook(write_only=True)
    wb.properties.title = about.title
    if about.subject:
        wb.properties.subject = about.subject
    # openpyxl names itself the creator unless told: the paper is the City's.
    wb.properties.creator = about.city
    if about.operator:
        wb.properties.lastModifiedBy = about.operator
    made: list[Any] = []
    total = 0
    try:
        for sheet, name in zip(sheets, _unique_titles(sheets), strict=True):
            ws = wb.create_sheet(name)
            made.append(ws)
            total += _write_sheet(ws, sheet, progress, progress_every, total)
    except BaseException:
        for ws in made:
            _abandon(ws)
        raise
    wb.save(stream)
    return total


def _write_sheet(
    ws: Any,
    sheet: Sheet,
    progress: ProgressCallback | None,
    progress_every: int,
    offset: int,
) -> int:
    """One register on its write-only sheet; return its rows. ``offset`` is the rows written on
    the sheets before, so that progress counts the whole workbook."""
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.utils import get_column_letter

    columns, rows, subtitle, title = sheet.columns, sheet.rows, sheet.subtitle, sheet.title
    ncols = len(columns)

    # Look at the first rows to size the columns: widths must be set before any row is written.
    iterator = iter(rows)
    sample = list(islice(iterator, _WIDTH_SAMPLE))
    for index, col in enumerate(columns, start=1):
        width = col.width
        if width is None:
            lengths = (_display_len(_at(r, index - 1, ncols), col.kind) for r in sample)
            longest = max(lengths, default=0.0)
            width = max(len(col.header) * 1.1 + _FILTER_ARROW, longest + 1.5)
            width = min(max(width, _MIN_WIDTH), _MAX_WIDTH)
        ws.column_dimensions[get_column_letter(index)].width = round(width, 1)

    header_row = 2 if subtitle else 1
    ws.freeze_panes = f"A{header_row + 1}"
    ws.print_title_rows = f"{header_row}:{header_row}"
    ws.page_setup.orientation = "landscape" if ncols > 6 else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.oddHeader.center.text = _header_footer_text(subtitle or title)
    ws.oddFooter.center.text = "Page &P of &N"

    if subtitle:
        cell = WriteOnlyCell(ws, value=_text(subtitle))
        cell.font = Font(bold=True, size=12)
        ws.append([cell])

    thin = Side(style="thin", color="1F3A5F")
    header_cells = []
    for col in columns:
        cell = WriteOnlyCell(ws, value=_text(col.header))
        cell.data_type = "s"
        cell.font = Font(bold=True)
        cell.fill = PatternFill("solid", fgColor="E3E8EF")
        cell.border = Border(bottom=thin)
        cell.alignment = Alignment(vertical="bottom", wrap_text=False)
        header_cells.append(cell)
    ws.append(header_cells)

    # One styled template cell per column; data cells copy its style array (cheap) and value.
    templates: list[Any] = []
    for col in columns:
        fmt = _KIND_FORMATS[col.kind]
        template = WriteOnlyCell(ws)
        if fmt is not None:
            template.number_format = fmt
        templates.append(template)

    data = chain(sample, iterator)
    done = _write_rows(ws, columns, templates, data, progress, progress_every, offset)

    last_col = get_column_letter(ncols)
    ws.auto_filter.ref = f"A{header_row}:{last_col}{header_row + done}"
    return done


def _write_rows(
    ws: Any,
    columns: Sequence[Column],
    templates: Sequence[Any],
    rows: Iterable[Sequence[object]],
    progress: ProgressCallback | None,
    progress_every: int,
    offset: int = 0,
) -> int:
    """Stream the data rows; return how many were written. Progress reports ``offset`` more
    (the rows of the sheets written before this one)."""
    from openpyxl.cell import WriteOnlyCell

    ncols = len(columns)
    done = 0
    for done, row in enumerate(rows, start=1):
        if len(row) != ncols:
            raise ValueError(f"row {done} has {len(row)} values for {ncols} columns")
        out: list[Any] = []
        for value, col, template in zip(row, columns, templates, strict=True):
            converted = _convert(value, col.kind)
            if converted is None:
                out.append(None)
                continue
            cell = WriteOnlyCell(ws)
            cell._style = template._style  # same style array: fast, and identical by design
            cell.value = converted
            if col.kind == "text":
                cell.data_type = "s"  # "=SUM(..)" or "#N/A" typed at the counter stays text
            out.append(cell)
        ws.append(out)
        if progress is not None and done % progress_every == 0 and progress(offset + done) is False:
            raise ExportCancelled(offset + done)

    if progress is not None and done % progress_every != 0 and progress(offset + done) is False:
        raise ExportCancelled(offset + done)
    return done


def _abandon(ws: Any) -> None:
    """Close a write-only sheet left half-written and delete its temporary file.

    Left alone, openpyxl's streaming writer would be finalised by the garbage collector with
    errors, and its temporary file would stay until the program exits.
    """
    with contextlib.suppress(Exception):
        ws.close()
    writer = getattr(ws, "_writer", None)
    if writer is not None:
        with contextlib.suppress(Exception):
            writer.cleanup()


def _at(row: Sequence[object], index: int, ncols: int) -> object:
    return row[index] if len(row) == ncols else None


def _header_footer_text(text: str) -> str:
    """Page-header text with Excel's ``&`` codes escaped, kept within its 255-character limit."""
    return text.replace("&", "&&")[:200]


# ---------------------------------------------------------------- reading


class TableRow(dict[str, str]):
    """One imported row: column header -> stripped text, plus the row number it had in the file.

    A dict, so importers can use ``row["Street"]``; ``row.row_number`` is the number the person
    sees in Excel's margin (or the record number in a CSV), for messages such as "row 7: ...".
    Blank cells are ``""``.
    """

    row_number: int

    def __init__(self, values: dict[str, str], row_number: int) -> None:
        super().__init__(values)
        self.row_number = row_number

    def __repr__(self) -> str:
        return f"TableRow(row {self.row_number}: {dict.__repr__(self)})"


READABLE_SUFFIXES = (".xlsx", ".xlsm", ".csv")


def read_table(
    path: str | os.PathLike[str], progress: ProgressCallback | None = None
) -> list[TableRow]:
    """Read the first sheet of an .xlsx/.xlsm, or a .csv, into rows keyed by the header row.

    The first non-blank row is the header; headers and values are stripped strings; rows where
    every cell is blank are skipped but row numbers keep counting, so they match the file.
    Cells Excel holds as dates come back as ``mm/dd/yyyy``, whole numbers without ".0".
    A CSV may be UTF-8 (with or without the BOM Excel writes) or Windows-1252 (Excel's "CSV"
    on a US Windows). Refuses with :class:`InvalidInput` a missing or unreadable file, another
    format (.xls, .ods...), a file without a header row, and duplicate column headers.

    ``progress(rows_read)`` is called every :data:`READ_PROGRESS_EVERY` rows (a 20,000-line
    workbook takes seconds); when it returns False the reading stops with
    :class:`ReadCancelled`.
    """
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in READABLE_SUFFIXES:
        hint = " Open it in Excel and save it as .xlsx." if suffix in (".xls", ".ods") else ""
        raise InvalidInput(
            f"{p.name} is not a file Clerk Desk can import: use an Excel workbook (.xlsx) or a "
            f"CSV file (.csv).{hint}",
            field="file",
        )
    if not p.is_file():
        raise InvalidInput(f"The file {p} was not found.", field="file")
    read = _read_csv(p) if suffix == ".csv" else _read_xlsx(p)
    raw_rows = _counted(read, p.name, progress) if progress is not None else list(read)

    header: list[str] | None = None
    result: list[TableRow] = []
    for number, cells in raw_rows:
        if all(c == "" for c in cells):
            continue
        if header is None:
            header = _header(cells, p.name, number)
            continue
        padded = list(cells) + [""] * (len(header) - len(cells))
        extra = padded[len(header) :]
        for offset, value in enumerate(extra):
            if value:
                column = _column_name(len(header) + offset)
                raise InvalidInput(
                    f"{p.name}, row {number}: a value in column {column} has no header. "
                    "Add a header for that column or clear the cell.",
                    field="file",
                )
        result.append(TableRow(dict(zip(header, padded, strict=False)), number))
    if header is None:
        raise InvalidInput(
            f"{p.name} is empty: the first row should name the columns.", field="file"
        )
    return result


def _header(cells: Sequence[str], name: str, number: int) -> list[str]:
    # A trailing run of blank header cells is just the sheet's used range: drop it.
    last = max(i for i, c in enumerate(cells) if c) + 1
    header = list(cells[:last])
    for i, h in enumerate(header):
        if not h:
            raise InvalidInput(
                f"{name}, row {number}: column {_column_name(i)} of the header row is blank. "
                "The first row should name every column.",
                field="file",
            )
    seen: dict[str, int] = {}
    for i, h in enumerate(header):
        key = h.casefold()
        if key in seen:
            raise InvalidInput(
                f"{name}, row {number}: the header {h!r} appears twice (columns "
                f"{_column_name(seen[key])} and {_column_name(i)}).",
                field="file",
            )
        seen[key] = i
    return header


def _column_name(index: int) -> str:
    """Excel column letter of a zero-based index (0 -> "A")."""
    from openpyxl.utils import get_column_letter

    return str(get_column_letter(index + 1))


_Rows = Generator[tuple[int, list[str]], None, None]
"""A file's rows as they are read: each row's number and its cells' texts."""


def _counted(rows: _Rows, name: str, progress: ProgressCallback) -> list[tuple[int, list[str]]]:
    """``rows`` read whole, telling ``progress`` how many as they come."""
    read: list[tuple[int, list[str]]] = []
    with contextlib.closing(rows):  # a workbook stopped halfway is closed at once
        for row in rows:
            read.append(row)
            if len(read) % READ_PROGRESS_EVERY == 0 and progress(len(read)) is False:
                raise ReadCancelled(f"Reading {name} was stopped; nothing was read from it.")
    return read


def _read_csv(p: Path) -> _Rows:
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise _unreadable(p, exc) from exc
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise InvalidInput(
            f"{p.name} is not a text file Clerk Desk can read; save it from Excel as "
            '"CSV UTF-8 (Comma delimited)".',
            field="file",
        )
    if "\x00" in text:
        raise InvalidInput(f"{p.name} is not a CSV text file.", field="file")
    try:
        reader = csv.reader(io.StringIO(text, newline=""), strict=True)
        # A record is one row as Excel shows it, even when a quoted cell spans several lines.
        rows = [(n, [c.strip() for c in rec]) for n, rec in enumerate(reader, start=1)]
    except csv.Error as exc:
        raise InvalidInput(f"{p.name} is not a well-formed CSV file: {exc}.", field="file") from exc
    yield from rows  # parsed whole first: a malformed file is refused before any row is used


def _read_xlsx(p: Path) -> _Rows:
    import zipfile

    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        wb = load_workbook(p, read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise _unreadable(p, exc) from exc
    try:
        ws = wb.worksheets[0] if wb.worksheets else None
        if ws is None:
            return
        ws.reset_dimensions()  # some programs write a wrong used-range; read what is there
        for row in ws.iter_rows():
            cells = [c for c in row if getattr(c, "row", None) is not None]
            if not cells:
                continue
            number = cells[0].row
            values = [""] * (max(c.column for c in cells))
            for c in cells:
                values[c.column - 1] = _cell_text(c.value, c.is_date)
            yield number, values
    except (zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise _unreadable(p, exc) from exc
    finally:
        wb.close()


def _cell_text(value: object, is_date: bool) -> str:
    """A cell's value as the text a person would type for it."""
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0) and is_date:
            return value.strftime("%m/%d/%Y")
        return value.strftime("%m/%d/%Y %H:%M")
    if isinstance(value, dt.date):
        return value.strftime("%m/%d/%Y")
    if isinstance(value, dt.time):
        return value.strftime("%H:%M")
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return str(int(value))
        return format(Decimal(repr(value)), "f")
    return str(value).strip()


def _unreadable(p: Path, exc: BaseException) -> InvalidInput:
    if isinstance(exc, PermissionError):
        return InvalidInput(
            f"{p.name} cannot be opened: it may be open in Excel. Close it there and try again.",
            field="file",
        )
    return InvalidInput(
        f"{p.name} cannot be read as an Excel workbook (.xlsx): it may be damaged or of "
        "another format. Open it in Excel and save it again as .xlsx or .csv.",
        field="file",
    )
