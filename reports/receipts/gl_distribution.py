"""Receipts distributed to GL accounts (PDF and workbook); void receipts are not distributed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from clerk_desk.receipts.views import GlTotal, Period
from clerk_desk.settings import CityProfile
from reports.document import INCH, LETTER, build_pdf, data_table, para, styles
from reports.excel import Column, period_sheet_name, write_register
from reports.receipts.parts import Target, money_sum

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

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
    grand = money_sum(t.total for t in totals)
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
            money_sum(t.total for t in items),
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
