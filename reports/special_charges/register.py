"""The register of special charges as a workbook (:func:`register_xlsx`), one charge a row."""

from __future__ import annotations

from collections.abc import Sequence

from clerk_desk.special_charges.views import ChargeView
from clerk_desk.words import capitalized
from reports.special_charges.parts import (
    Target,
)

from ..excel import (
    Column,
    ProgressCallback,
    write_register,
)

REGISTER_COLUMNS: tuple[Column, ...] = (
    Column("Charge", width=14),
    Column("Kind", width=40),
    Column("Section", width=30),
    Column("Parcel", width=17),
    Column("Site address", width=24),
    Column("Owner", width=26),
    Column("Billed party", width=26),
    Column("Billed as", width=11),
    Column("Work", width=44),
    Column("Work date", "date"),
    Column("Bill date", "date"),
    Column("Delivered", width=18),
    Column("Received on", "date", width=12),
    Column("Due", "date"),
    Column("Tax-roll date", "date", width=13),
    Column("Cost", "money", width=13),
    Column("Administration", "money", width=14),
    Column("Total", "money", width=13),
    Column("Paid", "money", width=13),
    Column("Balance", "money", width=13),
    Column("Standing", width=20),
    Column("Run", width=12),
    Column("Cancelled on", "date", width=12),
    Column("Cancel reason", width=36),
)
"""The register's columns: what the Treasurer checks a charge by."""


def register_row(view: ChargeView) -> tuple[object, ...]:
    """One row of the register (:data:`REGISTER_COLUMNS`)."""
    return (
        view.number,
        view.title,
        view.cite,
        view.parcel_number,
        view.site_address,
        view.owner_name,
        view.billed_name,
        capitalized(view.billed_as),
        view.work,
        view.work_done_on,
        view.bill_on,
        view.delivered_how,
        view.received_on,
        view.due_on,
        view.tax_roll_on,
        view.cost,
        view.administration,
        view.total,
        view.paid,
        view.balance,
        view.standing,
        view.run_number,
        view.cancelled_on,
        view.cancel_reason,
    )


def register_xlsx(
    views: Sequence[ChargeView],
    path: Target,
    *,
    city: str = "",
    progress: ProgressCallback | None = None,
) -> int:
    """The register of special charges, one a row, as the views stand; returns the rows
    written. Dates are real dates, amounts real currency amounts."""
    subtitle = "Special charges register"
    return write_register(
        path,
        title="Special charges",
        columns=REGISTER_COLUMNS,
        rows=(register_row(view) for view in views),
        progress=progress,
        subtitle=f"{city} \u2014 {subtitle.lower()}" if city else subtitle,
        city=city or None,
    )
