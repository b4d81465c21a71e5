"""Pieces the permits and letters of the street and sidewalk workflows share — street openings,
street privileges, sidewalks, sidewalk cafes, vending and street numbers: the frame's width, two
blocks side by side, the title with the permit number boxed beside it, and the official's
signature rule with the date on its own rule beside it.

Each module names its own paragraph styles (``style``: its ``_style``), so that a style's name
says which paper it belongs to; the layout is the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import letterhead as lh
from .document import INCH, LETTER, para, styles
from .fonts import FONT_REGULAR, text_width

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

StyleMaker = Callable[..., Any]
"""A module's ``_style(name, parent, **kw)``: a ParagraphStyle named for that module."""

INK = "#111418"
"""The rules a signature and a date are written on."""


def frame_width() -> float:
    """The width the letterhead leaves for the text on a letter page."""
    g = lh.GEOMETRY
    return LETTER[0] - g.left - g.right


def side_by_side(
    left: Any, right: Any, widths: Sequence[float | str], *, valign: str = "TOP"
) -> Flowable:
    """Two blocks on one line (the address and the date; the signature and the phone), with no
    padding of their own."""
    from reportlab.platypus import Table, TableStyle

    table = Table([[left, right]], colWidths=list(widths), hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), valign),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def title_styles(style: StyleMaker) -> tuple[Any, Any]:
    """The permit's title (large, navy) and the line under it."""
    st = styles()
    return (
        style("title", st.title, fontSize=21, leading=25, spaceAfter=2),
        style("subtitle", st.subtitle, fontSize=9.5, leading=12.5, spaceAfter=0),
    )


def titled_with_number(
    left: Sequence[Flowable],
    number: str,
    *,
    style: StyleMaker,
    label: str = "PERMIT NO.",
    gap: float = 0,
) -> Flowable:
    """``left`` (the title and the line under it) on the left, ``number`` boxed on the right
    under ``label``, in the largest size from 18 points down that fits the box; ``gap`` keeps
    the title that far from the box."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.platypus import Table, TableStyle

    st = styles()
    navy = lh.color(lh.NAVY_HEX)
    label_style = style("number-label", st.label, fontSize=8, leading=10, alignment=TA_CENTER)
    width = 1.85 * INCH
    size = 18.0
    while size > 10 and text_width(number, size=size, bold=True) > width - 14:
        size -= 0.5
    number_style = style(
        f"number-{size}", st.title, fontSize=size, leading=size * 1.2, alignment=TA_CENTER,
        spaceAfter=0,
    )  # fmt: skip
    box = Table([[para(label, label_style)], [para(number, number_style)]], colWidths=[width])
    box.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BOX", (0, 0), (-1, -1), 1.6, navy),
                ("TOPPADDING", (0, 0), (-1, 0), 5),
                ("TOPPADDING", (0, 1), (-1, 1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, 0), 0),
                ("BOTTOMPADDING", (0, 1), (-1, 1), 6),
            ]
        )
    )
    table = Table([[list(left), box]], colWidths=["*", 2.0 * INCH], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("ALIGN", (1, 0), (1, 0), "RIGHT"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), gap),
                ("RIGHTPADDING", (1, 0), (1, 0), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def ruled_terms(rows: list[list[Any]], title_width: float) -> Flowable:
    """The terms of a permit, one a row: the title in a column ``title_width`` wide, the words
    beside it; a navy rule over the first, a light one under each."""
    from reportlab.platypus import Table, TableStyle

    table = Table(rows, colWidths=[title_width, "*"], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEABOVE", (0, 0), (-1, 0), 0.8, lh.color(lh.NAVY_HEX)),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, lh.color("#B8C2CE")),
                ("LEFTPADDING", (0, 0), (-1, -1), 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table


def signed_and_dated(
    day: Flowable,
    under_rule: Flowable,
    date_caption: Flowable,
    last: Flowable,
    *,
    room: float = 30,
) -> Flowable:
    """The official signs on the left rule, over ``under_rule`` and ``last``; ``day`` is printed
    on its own rule beside it, over ``date_caption``. ``room``: the space above the rules left
    for the signature."""
    from reportlab.platypus import Table, TableStyle

    ink = lh.color(INK)
    data = [["", "", day], [under_rule, "", date_caption], [last, "", ""]]
    table = Table(data, colWidths=[3.6 * INCH, 0.5 * INCH, "*"], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
                ("LINEBELOW", (0, 0), (0, 0), 0.8, ink),
                ("LINEBELOW", (2, 0), (2, 0), 0.8, ink),
                ("TOPPADDING", (0, 0), (-1, 0), room),
                ("BOTTOMPADDING", (0, 0), (-1, 0), 2),
                ("TOPPADDING", (0, 1), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 1), (-1, -1), 0),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table
