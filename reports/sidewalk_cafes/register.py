"""The register of sidewalk cafe applications and permits as an Excel workbook, one a row."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from clerk_desk.sidewalk_cafes.papers import (
    RegisterRow,
)
from clerk_desk.words import format_day
from reports.excel import Column, ProgressCallback, write_register
from reports.sidewalk_cafes.parts import SECTION, Target, _yes_no

REGISTER_COLUMNS: tuple[Column, ...] = (
    Column("Number", width=13),
    Column("Year", "year", width=7),
    Column("Establishment", width=28),
    Column("Address", width=26),
    Column("Applicant", width=28),
    Column("Status", width=24),
    Column("Applied", "date"),
    Column("Notice mailed", "date", width=13),
    Column("Comments due", "date", width=13),
    Column("Council met", "date", width=12),
    Column("Council decision", width=15),
    Column("Issued", "date"),
    Column("Expires", "date"),
    Column("Alcohol", width=8),
    Column("Seats", "int", width=7),
    Column("Fee owed", "money", width=11),
    Column("Renews", width=13),
)


def _decision(approved: bool | None) -> str:
    if approved is None:
        return ""
    return "Approved" if approved else "Denied"


def register_row(row: RegisterRow) -> tuple[object, ...]:
    """One line of the register as the workbook holds it."""
    return (
        row.number,
        row.year,
        row.establishment,
        row.address,
        row.applicant,
        row.status,
        row.applied_on,
        row.notice_mailed_on,
        row.comments_due_on,
        row.council_meeting_on,
        _decision(row.council_approved),
        row.issued_on,
        row.expires_on,
        _yes_no(row.serves_alcohol),
        row.seats,
        row.fee_owed,
        row.renews_number,
    )


def register_xlsx(
    rows: Iterable[RegisterRow],
    path: Target,
    *,
    progress: ProgressCallback | None = None,
    author: str | None = None,
    city: str = "City of Prescott",
    as_of: dt.date | None = None,
) -> int:
    """The register of sidewalk cafe applications and permits, one a row, with the status the
    register tab shows; returns the rows written."""
    on = f", {format_day(as_of)}" if as_of is not None else ""
    return write_register(
        path,
        title="Sidewalk cafes",
        columns=REGISTER_COLUMNS,
        rows=(register_row(r) for r in rows),
        progress=progress,
        subtitle=f"{city} \u2014 sidewalk cafe permits ({SECTION}){on}",
        author=author,
        city=city,
    )
