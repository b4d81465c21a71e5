"""What every sidewalk cafe paper shares (§ 506-10): the words it writes a day, a citation, a
relation with; the flowables of its pages (headings, numbered lists, boxes, the signature);
the cafe area's table the permit and the packet both print.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.settings import CityProfile
from clerk_desk.sidewalk_cafes.papers import (
    NeighborLine,
    PacketView,
    PermitView,
)
from clerk_desk.sidewalk_cafes.rules import (
    BEYOND_RADIUS,
)
from clerk_desk.words import long_day, plural
from reports import letterhead as lh
from reports.document import (
    INCH,
    letter_closing,
    para,
    signature_line,
    styles,
)
from reports.fonts import FONT_BOLD, FONT_REGULAR
from reports.permit_parts import (
    frame_width,
    ruled_terms,
    side_by_side,
)

if TYPE_CHECKING:
    from reportlab.platypus import Flowable


Target = str | os.PathLike[str] | IO[bytes]

SECTION = "§ 506-10"
ADMINISTRATOR = "City Administrator"
CLERK = "City Clerk"
PERMIT_TITLE = "Sidewalk Cafe Permit"
DISPLAY_TEXT = "This permit must be visibly displayed during business hours."
SIGNS_CITE = "§ 506-10 (Signs)"
CLEANLINESS_CITE = (
    "§ 506-10 (Outdoor preparation of food; rest rooms; cleanliness and removal of litter)"
)
PACKET_TITLE = "Sidewalk Cafe Application Packet"

_INK = "#111418"
_PALE_HEX = "#F5F7FA"


def _cite(text: str) -> str:
    """A citation that never breaks between "§" and its number."""
    return text.replace("§§ ", "§§\u00a0").replace("§ ", "§\u00a0")


def _day(day: dt.date) -> str:
    """A day written out that never breaks across two lines (for the dates set in bold)."""
    return long_day(day).replace(" ", "\u00a0")


def _lines(text: str) -> list[str]:
    """Address or reason lines, without blanks and without the dangling comma a town with no
    state leaves ("Prescott,")."""
    return [line.strip().strip(",").strip() for line in text.splitlines() if line.strip(" ,")]


def _yes_no(flag: bool) -> str:
    return "Yes" if flag else "No"


def _office_line(profile: CityProfile) -> str:
    """ "City Hall, Prescott Municipal Building, 800 Borner St N, Prescott, WI 54021" """
    place = ", ".join(line.strip() for line in profile.address_lines if line.strip())
    return profile.office + (f", {place}" if place else "")


def _questions(profile: CityProfile) -> str:
    """The contact line at the foot of a letter (the office's address is in the letterhead)."""
    how = []
    if profile.phone.strip():
        how.append(f"call the {CLERK} at {profile.phone.strip()}")
    if profile.email.strip():
        how.append(f"write to {profile.email.strip()}")
    if not how:
        return f"Questions? Please come to the office of the {CLERK} at {profile.office}."
    return f"Questions? Please {' or '.join(how)}."


def _relation(line: NeighborLine) -> str:
    return "Occupant" if line.relation.strip().lower() == "occupant" else "Owner"


def _distance(line: NeighborLine) -> str:
    """ "40 ft"; for an owner more than 100 feet away, "120 ft" and the mark under it."""
    if line.distance_ft is None:
        return ""
    shown = f"{line.distance_ft:,} ft"
    return f"{shown}\n{BEYOND_RADIUS}" if line.beyond else shown


def _style(name: str, parent: Any, **kw: Any) -> Any:
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(name=f"clerk-sidewalk-cafes-{name}", parent=parent, **kw)


def _body() -> Any:
    return _style("body", styles().body, fontSize=10, leading=13.3, spaceAfter=5)


def _markup(text: str, style: Any | None = None) -> Flowable:
    from reportlab.platypus import Paragraph

    return Paragraph(text, style if style is not None else _body())


def _grey(text: str, size: float = 8.5) -> str:
    """Markup: ``text`` (already escaped) small and grey, as a citation after a sentence."""
    return f"<font size='{size}' color='{lh.GREY_HEX}'>{text}</font>"


def _heading(text: str, note: str = "") -> list[Flowable]:
    """A section heading with a grey note (its citation) after it, never alone at the foot of
    a page."""
    from reportlab.platypus import CondPageBreak, Paragraph

    style = _style(
        "heading", styles().heading, fontSize=11, leading=14, spaceBefore=8, spaceAfter=3
    )
    tail = (
        f" <font name='{FONT_REGULAR}' size='8.5' color='{lh.GREY_HEX}'>\u2014 "
        f"{escape(_cite(note))}</font>"
        if note
        else ""
    )
    return [CondPageBreak(1.0 * INCH), Paragraph(escape(text) + tail, style)]


def _numbered(items: Sequence[str], *, size: float = 9.5, markup: bool = False) -> list[Flowable]:
    """Numbered paragraphs with a hanging indent; plain text unless ``markup``."""
    from reportlab.platypus import Paragraph

    style = _style(
        f"numbered-{size}",
        styles().body,
        fontSize=size,
        leading=round(size * 1.36, 1),
        leftIndent=20,
        bulletIndent=2,
        spaceAfter=3,
    )
    return [
        Paragraph(
            text if markup else escape(text).replace("\n", "<br/>"), style, bulletText=f"{n}."
        )
        for n, text in enumerate(items, start=1)
    ]


def _boxed(texts: Sequence[str], *, size: float = 10.0, fill: bool = False) -> Flowable:
    """Paragraphs of markup in a ruled box: what the reader must not miss."""
    from reportlab.platypus import Table, TableStyle

    style = _style(f"boxed-{size}", styles().body, fontSize=size, leading=size * 1.36, spaceAfter=3)
    table = Table([[[_markup(t, style) for t in texts]]], colWidths=["100%"], hAlign="LEFT")
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
        ("BOX", (0, 0), (-1, -1), 1.4, lh.color(lh.NAVY_HEX)),
        ("LEFTPADDING", (0, 0), (-1, -1), 10),
        ("RIGHTPADDING", (0, 0), (-1, -1), 10),
        ("TOPPADDING", (0, 0), (-1, -1), 6),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
    ]
    if fill:
        commands.append(("BACKGROUND", (0, 0), (-1, -1), lh.color(_PALE_HEX)))
    table.setStyle(TableStyle(commands))
    return table


@dataclass(frozen=True, slots=True)
class Line:
    """One term of the permit: its title, the words (markup; user text escaped), the cite."""

    title: str
    text: str
    cite: str


def _terms_block(lines: Sequence[Line]) -> Flowable:
    """Terms ruled lightly: the title at the left, the words with their cite small after them."""
    from reportlab.platypus import Paragraph

    st = styles()
    title = _style("line-title", st.cell, fontName=FONT_BOLD, textColor=lh.color(lh.NAVY_HEX))
    text = _style("line-text", st.cell, fontSize=8.8, leading=11.4)
    data = [
        [
            para(line.title, title),
            Paragraph(f"{line.text} {_grey(escape(_cite(line.cite)), 7.5)}", text),
        ]
        for line in lines
    ]
    return ruled_terms(data, 0.95 * INCH)


def _signature(profile: CityProfile, *, width: float = 3.0 * INCH) -> Flowable:
    """The line the City Administrator signs on, captioned "City Administrator, City of …"."""
    return signature_line(f"{ADMINISTRATOR}, {profile.city_name}", width=width)


def _letter_top(
    recipient: Sequence[str], dated: dt.date, title: str, subtitle: str
) -> list[Flowable]:
    """Recipient and date, then the letter's title and the line under it."""
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.platypus import Spacer

    st = styles()
    return [
        side_by_side(
            para("\n".join(recipient), _style("to", st.body, spaceAfter=0)),
            para(long_day(dated), _style("date", st.body, alignment=TA_RIGHT)),
            ["*", 2.4 * INCH],
        ),
        Spacer(1, 12),
        para(title, _style("letter-title", st.title, fontSize=15, leading=19)),
        para(subtitle, _style("letter-subtitle", st.subtitle, spaceAfter=8)),
    ]


def _letter_foot(profile: CityProfile, *, enclosure: str = "") -> list[Flowable]:
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.platypus import Spacer

    st = styles()
    foot: list[Flowable] = [
        para("Sincerely,", _style("closing", st.body, spaceAfter=0)),
        side_by_side(
            _signature(profile, width=2.9 * INCH),
            para(_questions(profile), _style("questions", st.small, alignment=TA_RIGHT)),
            [3.2 * INCH, "*"],
            valign="BOTTOM",
        ),
    ]
    if enclosure:
        foot += [Spacer(1, 8), para(enclosure, _style("enclosure", st.small, spaceAfter=0))]
    return [Spacer(1, 4), letter_closing(foot)]


def _seats_text(view: PermitView | PacketView) -> str:
    parts = []
    if view.seats is not None:
        parts.append(plural(view.seats, "seat"))
    if view.tables is not None:
        parts.append(plural(view.tables, "table"))
    return " at ".join(parts) if len(parts) == 2 else (parts[0] if parts else "Not stated")


def _area_table(view: PermitView | PacketView) -> Flowable:
    """The dimensions two to a line, then the seats and tables."""
    from reportlab.platypus import Table, TableStyle

    st = styles()
    label = _style("area-label", st.label, fontSize=8.5, leading=11)
    value = _style("area-value", st.value, fontSize=9.5, leading=12)
    pairs: list[tuple[str, str]] = list(view.dimensions)
    pairs.append(("Seats and tables", _seats_text(view)))
    rows: list[list[Any]] = []
    for i in range(0, len(pairs), 2):
        row: list[Any] = []
        for what, amount in pairs[i : i + 2]:
            row += [para(what, label), para(amount, value)]
        while len(row) < 4:
            row.append("")
        rows.append(row)
    width = frame_width()
    table = Table(
        rows, colWidths=[width * 0.25, width * 0.22, width * 0.28, width * 0.25], hAlign="LEFT"
    )
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, lh.color("#B8C2CE")),
                ("LINEABOVE", (0, 0), (-1, 0), 0.8, lh.color(lh.NAVY_HEX)),
                ("LINEBEFORE", (2, 0), (2, -1), 0.25, lh.color("#B8C2CE")),
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table
