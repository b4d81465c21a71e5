"""What the Treasurer's papers share: the export target, sums, the drawer's heading and facts,
blocks side by side and the signature lines."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import IO, TYPE_CHECKING, Any

from clerk_desk.money import Money
from clerk_desk.receipts.views import DrawerView
from clerk_desk.words import day_and_time, format_day
from reports.document import INCH, key_value_block, signature_line
from reports.fonts import FONT_REGULAR

if TYPE_CHECKING:
    from reportlab.platypus import Flowable


Target = str | os.PathLike[str] | IO[bytes]


def money_sum(amounts: Iterable[Money]) -> Money:
    return sum(amounts, Money.zero())


def drawer_day(drawer: DrawerView) -> str:
    moment = drawer.closed_at or drawer.opened_at
    return format_day(moment.date())


def drawer_subtitle(drawer: DrawerView) -> str:
    state = "closed" if drawer.status == "closed" else "still open \u2014 not final"
    return f"Drawer {drawer.id} \u00b7 {drawer.station} \u00b7 {drawer_day(drawer)} \u00b7 {state}"


def drawer_facts(drawer: DrawerView, *, columns: int = 2) -> Flowable:
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
    return side_by_side(
        key_value_block(opened, label_width=1.05 * INCH),
        key_value_block(closed, label_width=0.9 * INCH),
    )


def side_by_side(left: object, right: object, *, split: float = 0.52) -> Flowable:
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


def spaced(style: Any, *, before: float) -> Any:
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(f"{style.name}+{before}", parent=style, spaceBefore=before)


def signatures(*captions: str) -> list[Flowable]:
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
